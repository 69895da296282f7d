/// Where a closure of a model's method runs: the question each resolver answers, and their order.
import MVILintCore

/// Where a closure runs, as far as the call it is passed to tells.
enum Placement {
    /// On the main queue or actor.
    case main
    /// Off the main actor, for the reason given (how the message says it).
    case offMain(String)
    /// Where the code around it runs: the enclosing closure, or the method, decides.
    case unknown
}

/// One question about where a closure runs (`DispatchQueue.main.async { }`? a Combine `sink`?
/// a library's callback?), answered by `placement(of:)`: `nil` when the closure is none of its
/// business, so that the next resolver is asked.
protocol PlacementResolver {
    static func placement(of q: ClosureQuery) -> Placement?
}

/// The resolvers, in the order they are asked: the first that answers decides. Each is one file
/// of `Resolvers/`.
enum PlacementResolvers {
    static let ordered: [any PlacementResolver.Type] = [
        MainActorHops.self,         // `@MainActor in`, `MainActor.run`, `DispatchQueue.main`, a main queue held
        SwiftUIHandlers.self,       // a view's event handlers and a button's action
        Tasks.self,                 // `Task { }`, `Task.detached`, child tasks
        DispatchQueues.self,        // `sync`, work items, other queues
        Timers.self,                // scheduled timers, timers added to a run loop
        CombineSubscribers.self,    // `sink`, operators, `Future`, `AsyncStream`
        RxSwiftSubscribers.self,    // `drive`, `subscribe` after `observeOn(MainScheduler.instance)`
        LibraryCallbacks.self,      // `MainQueueCallbacks` (and the configuration's)
        ClosureCallingCalls.self,   // `ClosureCallingFunctions`, the project's own
        Notifications.self,         // a `.main` queue argument, main-posted notifications
        ProjectFunctions.self,      // the project's functions, operators and enum cases
    ]

    /// Where closure `q.closure` runs; a closure given to a call nothing knows runs wherever
    /// that call's owner likes: a completion handler.
    static func placement(of q: ClosureQuery) -> Placement {
        if q.closure.attributes.contains("MainActor") { return .main }
        guard !q.names.isEmpty else { return .unknown }
        for r in ordered { if let p = r.placement(of: q) { return p } }
        return .offMain("inside a completion handler passed to `\(q.last)`")
    }

    /// Where closure `q.closure` runs in code isolated to the main actor: only a closure that a
    /// non-main queue runs, or a detached or child task, leaves it. `Task { }` takes the isolation
    /// of the code around it, and a callback is not judged (it runs where the code around runs).
    static func placementInIsolatedCode(of q: ClosureQuery) -> Placement {
        if q.closure.attributes.contains("MainActor") { return .main }
        guard !q.names.isEmpty, q.last != "Task" else { return .unknown }
        for r in ordered {
            guard let p = r.placement(of: q) else { continue }
            if case .offMain = p, ObjectIdentifier(r) != ObjectIdentifier(Tasks.self), ObjectIdentifier(r) != ObjectIdentifier(DispatchQueues.self) { return .unknown }
            return p
        }
        return .unknown
    }
}

/// A closure of a model's method, with what the resolvers ask about it.
final class ClosureQuery {
    let closure: ClosureInfo
    /// The names of the call the closure is passed to (`["DispatchQueue", "main", "async"]`).
    let names: [String]
    let function: FunctionDecl
    let model: String
    /// The model's observable state.
    let state: Set<String>
    let file: SourceFile
    let project: ProjectIndex
    let queues: QueueProperties
    let knowledge: Knowledge

    init(closure: ClosureInfo, function: FunctionDecl, model: String, state: Set<String>, file: SourceFile, project: ProjectIndex,
         queues: QueueProperties, knowledge: Knowledge) {
        self.closure = closure; self.names = closure.callee.map(\.name); self.function = function; self.model = model
        self.state = state; self.file = file; self.project = project; self.queues = queues; self.knowledge = knowledge
    }

    /// The called method or function (`async` in `queue.async { }`).
    var last: String { names.last ?? "" }
    /// The first name of the call (`queue` in `queue.async { }`).
    var receiver: String { names.first ?? "" }
    /// The argument labels that the call writes.
    lazy var labels: [String] = closure.callee.last?.callParen.map { file.argumentLabels(ofCallAt: $0) } ?? []
    /// What a publisher chain may start from besides the model's own `$state` (`stateSources`).
    lazy var stateSources: MainActorMutation.StateSources = MainActorMutation.stateSources(function: function, model: model, file: file, project: project)

    /// A `receive(on:)` to the main queue (or the like) upstream of this subscriber.
    func hasMainReceive() -> Bool {
        guard let start = closure.calleeStart, let sink = closure.callee.last?.token, start < sink else { return false }
        return MainActorMutation.hasMainReceive(in: start, before: sink, file: file, project: project, knowledge: knowledge,
                                                mainQueues: queues.main, mainTimers: queues.mainTimers, body: function.bodyTokens)
    }

    /// This subscriber's chain starts at observable state that is written on the main actor or
    /// reported where it is written (`MainActorMutation.derivesFromOwnState`).
    func derivesFromOwnState() -> Bool {
        guard let start = closure.calleeStart, let sink = closure.callee.last?.token, start < sink else { return false }
        return MainActorMutation.derivesFromOwnState(in: start, before: sink, state: state, file: file, isolatedState: stateSources,
                                                     body: function.bodyTokens)
    }
}
