/// The queues, schedulers, timers and library objects that a model's properties and a method's locals hold.
import MVILintCore

/// What the properties of a model (and the locals of one of its methods) hold that tells where a
/// closure given to them runs.
struct QueueProperties {
    /// The main queue, run loop or scheduler (`let ui = DispatchQueue.main`, an injected main
    /// scheduler, swift-dependencies' `\.mainQueue`), or a main-queue context (`….viewContext`).
    var main: Set<String> = []
    /// Other dispatch and operation queues.
    var background: Set<String> = []
    /// Properties and locals holding an instance of a receiver class of `MainQueueCallbacks`:
    /// name → class.
    var framework: [String: String] = [:]
    /// Stored properties that hold only timers of the main run loop
    /// (`ticks = Timer.publish(every: 1, on: .main, in: .common)`).
    var mainTimers: Set<String> = []
}

extension MainActorMutation {
    /// Stored `DispatchQueue`/`OperationQueue` properties of the model (`types`: its declaration and
    /// extensions in this file), main or not. With `framework`, also its properties holding an
    /// instance of a receiver class of `knowledge`'s callbacks.
    static func queueProperties(of types: [TypeDecl], in file: SourceFile, framework: Bool, knowledge: Knowledge) -> QueueProperties {
        var q = QueueProperties()
        for t in types {
            for v in t.variables {
                // swift-dependencies' main schedulers (`@Dependency(\.mainQueue) var mainQueue`,
                // `\.mainRunLoop`), whose live values are the main queue and run loop.
                if let d = v.header.attribute("Dependency"), let args = d.arguments,
                   args.contains(where: { file.isWord($0, "mainQueue") || file.isWord($0, "mainRunLoop") }) {
                    q.main.insert(v.name)
                    continue
                }
                let typeName = v.type?.baseName
                if framework,
                   let made = typeName ?? v.initializer.flatMap({ knowledge.callbackReceiverMade(at: $0.lowerBound, end: $0.upperBound, file: file) }),
                   knowledge.callbackReceiverTypes.contains(made) {
                    q.framework[v.name] = made
                    continue
                }
                if let r = v.initializer, isMainScheduler(r, file: file) { q.main.insert(v.name); continue }
                let initText = v.initializer.map { file.text(of: $0, compact: true) } ?? ""
                // `let context = PersistenceController.shared.container.viewContext`: a main-queue
                // context (`MainQueueCallbacks.viewContext`), whatever is called on it.
                if MainQueueCallbacks.viewContext.receiverNames.contains(where: { initText.hasSuffix("." + $0) }) { q.main.insert(v.name); continue }
                let isQueue = typeName == "DispatchQueue" || typeName == "OperationQueue" || initText.hasPrefix("DispatchQueue") || initText.hasPrefix("OperationQueue")
                guard isQueue else { continue }
                if initText.hasSuffix(".main") || initText == "DispatchQueue.main" { q.main.insert(v.name) } else { q.background.insert(v.name) }
            }
        }
        q.main.formUnion(injectedMainSchedulers(of: types, in: file).filter { name in types.contains { $0.variables.contains { $0.name == name && !$0.isStatic } } })
        q.mainTimers = mainTimerProperties(of: types, in: file)
        return q
    }

    /// `queues` with the locals of `body` that hold an instance of a receiver class (`let search =
    /// MKLocalSearch(request: r)`); parameters and other locals of those names shadow the properties.
    static func withFrameworkLocals(_ queues: QueueProperties, in body: TokenRange, function: FunctionDecl, file: SourceFile,
                                    knowledge: Knowledge) -> QueueProperties {
        var q = queues
        for p in file.parameters(of: function) { q.framework[p.name] = nil }
        for i in body where (file.isWord(i, "let") || file.isWord(i, "var")) && file.kind(i + 1) == .identifier {
            q.framework[file.name(i + 1)] = file.kind(i + 2) == .equal ? knowledge.callbackReceiverMade(at: i + 3, end: body.upperBound, file: file) : nil
        }
        return q
    }

    /// Locals of `body` bound to the main queue or run loop (`let q = DispatchQueue.main`), and
    /// parameters whose default is the main scheduler (`scheduler: AnySchedulerOf<DispatchQueue> = .main`).
    static func mainQueueLocals(in body: TokenRange, function: FunctionDecl, file: SourceFile) -> Set<String> {
        var out = Set(file.parameters(of: function).compactMap { p in p.defaultValue.map { isMainScheduler($0, file: file) } == true ? p.name : nil })
        for i in body where file.matches(letBinding, at: i) {
            let v = i + 3
            if file.matches(mainQueueValue, at: v), file.endsStatement(at: v + 3) { out.insert(file.name(i + 1)) }
        }
        return out
    }

    /// `let name =`
    static let letBinding = TokenPattern(.word("let"), .identifier, .equal)
    /// `DispatchQueue.main`, `RunLoop.main`, `OperationQueue.main`
    static let mainQueueValue = TokenPattern(.anyOf(WordSet(["DispatchQueue", "RunLoop", "OperationQueue"])), .period, .word("main"))

    /// Whether the expression in `range` is the main queue or run loop as a scheduler:
    /// `.main`, `DispatchQueue.main`, `RunLoop.main`, also type-erased
    /// (`DispatchQueue.main.eraseToAnyScheduler()`, `AnySchedulerOf<DispatchQueue>.main`).
    static func isMainScheduler(_ range: TokenRange, file: SourceFile) -> Bool {
        var text = file.text(of: range, compact: true)
        if text.hasSuffix(".eraseToAnyScheduler()") { text.removeLast(".eraseToAnyScheduler()".count) }
        return mainSchedulerTexts.contains(text)
    }

    static let mainSchedulerTexts: Set<String> = [
        ".main", "DispatchQueue.main", "RunLoop.main", "OperationQueue.main",
        "AnySchedulerOf<DispatchQueue>.main", "AnySchedulerOf<RunLoop>.main", "AnySchedulerOf<OperationQueue>.main",
    ]

    /// Stored properties of `types` that every initializer sets from a parameter whose default is
    /// the main scheduler (`init(mainScheduler: AnySchedulerOf<DispatchQueue> = .main)`), or to the
    /// main scheduler itself: what the model's code is given unless a caller swaps it (a test).
    static func injectedMainSchedulers(of types: [TypeDecl], in file: SourceFile) -> Set<String> {
        var main = Set<String>(), other = Set<String>()
        for t in types {
            for f in t.functions where f.kind == .initializer {
                guard let body = f.bodyTokens else { continue }
                let params = file.parameters(of: f)
                let mainParams = Set(params.compactMap { p in p.defaultValue.map { isMainScheduler($0, file: file) } == true ? p.name : nil })
                for (name, i) in propertyAssignments(in: body, file: file) {
                    var end = i + 1
                    while end < body.upperBound, !file.endsStatement(at: end), end - i < 16 { end += 1 }
                    let value = (i + 1)..<end
                    if (value.count == 1 && file.kind(i + 1) == .identifier && mainParams.contains(file.name(i + 1)))
                        || (!value.isEmpty && isMainScheduler(value, file: file)) {
                        main.insert(name)
                    } else {
                        other.insert(name)
                    }
                }
            }
        }
        return main.subtracting(other)
    }

    /// The assignments in `body` of a plain or `self.` name (`ticks = …`, `self.ticks = …`), each
    /// with its `=` token; a member of another object (`other.ticks = …`) is not one.
    static func propertyAssignments(in body: TokenRange, file: SourceFile) -> [(name: String, equal: Int)] {
        var out: [(name: String, equal: Int)] = []
        for i in body where file.kind(i) == .equal && file.kind(i - 1) == .identifier {
            let viaSelf = file.kind(i - 2) == .period && file.isWord(i - 3, "self")
            guard viaSelf || file.kind(i - 2) != .period else { continue }
            out.append((file.name(i - 1), i))
        }
        return out
    }

    /// Stored properties of `types` whose initial value and every value the types' members assign
    /// (`ticks = …`, `self.ticks = …`) is a timer of the main run loop. Only files that call a
    /// `publish` are read.
    static func mainTimerProperties(of types: [TypeDecl], in file: SourceFile) -> Set<String> {
        // Asked once per model: the answer for the file is kept.
        guard file.memo("callsPublish", 0, { file.containsIdentifier("publish") }) else { return [] }
        var main = Set<String>(), other = Set<String>()
        var stored = Set<String>()
        for t in types {
            for v in t.variables where v.isStored && !v.isStatic {
                stored.insert(v.name)
                if let r = v.initializer {
                    if file.timerPublishRunsOnMain(at: r.lowerBound) == true { main.insert(v.name) } else { other.insert(v.name) }
                }
            }
        }
        guard !stored.isEmpty else { return [] }
        for t in types {
            for f in t.functions {
                guard let body = f.bodyTokens else { continue }
                for (name, i) in propertyAssignments(in: body, file: file) where stored.contains(name) {
                    if file.timerPublishRunsOnMain(at: i + 1) == true { main.insert(name) } else { other.insert(name) }
                }
            }
        }
        return main.subtracting(other)
    }

    /// Parameters and local `let`/`var` names that shadow properties inside `body`.
    static func localNames(in body: TokenRange, function: FunctionDecl, file: SourceFile) -> Set<String> {
        var names = Set(file.parameters(of: function).map(\.name))
        for i in body where (file.isWord(i, "let") || file.isWord(i, "var")) && file.kind(i + 1) == .identifier { names.insert(file.name(i + 1)) }
        return names
    }
}
