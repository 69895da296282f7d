/// `main_actor_mutation`: observable state is mutated only on the main actor.
import MVILintCore

struct MainActorMutation: Rule {
    static let info = RuleInfo(
        id: "main_actor_mutation",
        title: "Main-Actor Mutation of Observable State",
        summary: "Observable state of a model that is not main-actor isolated must not be mutated off the main actor",
        rationale: """
        SwiftUI observes models on the main thread. Writing `@Published` or `@Observable` state from a \
        background queue, a detached task, an unisolated `async` method, a Combine `sink` without \
        `receive(on:)` or a network completion handler is a data race: views may render torn state and \
        the runtime warns "Publishing changes from background threads is not allowed". Isolate the \
        model with `@MainActor`, or hop to the main actor before the write. A method that \
        witnesses a `@MainActor` requirement of a protocol that its own declaration (the class or \
        the extension) conforms to is isolated to the main actor by Swift, as if it were marked so. \
        A `Task { }` created \
        right inside a closure that runs on the main actor (`DispatchQueue.main.async { }`, whose \
        closure Swift isolates to the main actor, `MainActor.run { }`, `{ @MainActor in }`) inherits \
        that isolation and runs on the main actor; `Task.detached` does not. A closure given to a \
        static method of `MainActor` (`MainActor.run`, or a project helper such as \
        `MainActor.withAnimation { }`) runs on the main actor. A closure kept in a value of a \
        project enum's case (`phase = .failed(dismiss: { … })`, `CouponAction.load(onCompletion: \
        { … })`) runs wherever that value is taken apart, which the rule cannot follow, and is not \
        judged. A closure passed to one of \
        the project's own Combine operators (a method of `extension Publisher`) that receives on the \
        main queue (`receive(on: DispatchQueue.main)`), directly or through another such operator, \
        and names no other scheduler, runs on the main queue (one given to a project operator that \
        only subscribes with `sink` and forwards to it, `sinkResult { result in … }`, runs where a \
        `sink` there would); so does a subscriber of a chain that \
        starts at a project function returning such a publisher \
        (`static func names() -> AnyPublisher<…> { … .receive(on: DispatchQueue.main) … }`; work on \
        another queue before that last hop does not matter, or returns a timer of the main run loop), when \
        every function of that name in the app's code does so (test code does not count), or every \
        one with the argument labels the call writes; a function that returns a `Future` does so \
        when the future fulfils its promise only in a subscriber after such a `receive(on:)` (or \
        at once, where the caller runs), not in a completion handler. So does a `sink` after a time operator \
        on the main scheduler (`.debounce(for: 0.3, scheduler: RunLoop.main)`) or on a timer of the \
        main run loop (`Timer.publish(every: 1, on: .main, in: .common)`, also held in a stored property \
        that is only ever given such timers), with no other scheduler after it; the main queue may be named through a local, a stored constant \
        (`let q = DispatchQueue.main`), one of swift-dependencies' main schedulers \
        (`@Dependency(\\.mainQueue)`, `\\.mainRunLoop`), or a scheduler injected for tests whose \
        default is the main one (a parameter `scheduler: AnySchedulerOf<DispatchQueue> = .main`, or a \
        property that every initializer sets from one, or a member named for it that a provider \
        hands out: `schedulers.mainScheduler`, `env.mainQueue`), and `collect(.byTime(DispatchQueue.main, …))` emits on it \
        too; a chain held in a local before its subscriber (`let shared = $text.share()`, \
        `let onMain = source.receive(on: DispatchQueue.main)`) starts where the local's value does. RxSwift's `subscribe`/`bind` after `observeOn(MainScheduler.instance)` (or \
        `observe(on:)`, or a time operator on it: `delay`, `debounce`, `throttle`, `interval`, `timer` \
        with `scheduler: MainScheduler.instance`), and a `Driver`'s `drive` (`asDriver(…)`), run on the main thread. \
        The block of a `DispatchWorkItem` runs where the file executes the item \
        (`DispatchQueue.main.asyncAfter(deadline: t, execute: work)` is on the main queue, another \
        queue is off it, and an item the file executes nowhere is not judged); `queue.sync { }` \
        runs its closure on the caller's thread before it returns, so the closure counts as the \
        caller's own code, and so does the block of `Timer.scheduledTimer(…)`, which the run loop of \
        the scheduling thread runs, or of a `Timer(…)` the function adds to `RunLoop.current` (one it \
        adds to `RunLoop.main` runs on the main queue). A project function that keeps its closure in a property \
        (`self.handler = handler`) runs it on the main queue when the type calls that property only \
        inside `DispatchQueue.main.async { }` or `MainActor.run { }`, or in a closure given to a \
        project function that does; it runs it where it is itself called when the type also calls \
        it at once, from a scheduled timer, or from private methods called so (a poller that \
        reports when started and then from main-queue answers). Such a method is looked up on the \
        type of the property that holds it (`poller.start { … }`), apart from other types' methods \
        of the same name. The closure of another Combine \
        operator (`handleEvents`, `tryMap`) after a `receive(on:)` to the main queue runs on it too; \
        `handleEvents`'s `receiveSubscription:` runs when the chain is subscribed, where the \
        subscribing code runs (unless a `subscribe(on:)` moves it), and a `Future`'s closure at \
        once, where the future is made, as does the build closure of `AsyncStream { continuation in … }`; \
        so does the `sink` of a project `Publisher` type whose `receive(subscriber:)` hands values over \
        at once (no closure, no task), through operators that pass them on, and the `sink` of a \
        subject of a project type (`library.favoritesChanged`) that only that type's own code sends \
        through, always on the main queue or actor (`DispatchQueue.main.async { self.favoritesChanged.send(ids) }`) \
        runs on the main queue. \
        Some libraries call back on the main queue by default: GRDB's `ValueObservation.start(in:…)` \
        (and its Combine `publisher(in:)`, in a file that imports GRDB) \
        unless `scheduling:` names another queue (`.immediate` is the main queue too), PromiseKit's \
        `done`, `then`, `catch` and the other handlers unless `on:` names another queue (in a file \
        that imports PromiseKit, or in a project that re-exports it with `@_exported import`; also \
        Google's Promises, `import Promises`: `then`, `catch`, `always`, `recover`, `validate`), \
        Firestore's completion and snapshot handlers (`getDocuments`, `setData`, \
        `addSnapshotListener`, …, on `Firestore.firestore()`, a property holding it or one of its \
        references, a top-level or static constant of a file that imports Firestore holding one \
        (`let USERS = Firestore.firestore().collection("users")`) or a local made from one \
        (`let ref = db.collection("notes").document(id)`), or any receiver for the names \
        only Firestore has), Firebase Storage's reference methods (`getData`, `putData`, `putFile`, \
        `getMetadata`, `downloadURL`, …, on any receiver in a file that imports Storage: they call \
        back on Storage's `callbackQueue`, the main queue unless changed; the names \
        only Firestore has; also a `sink` on its Combine \
        `snapshotPublisher()`) and Firebase \
        Auth's completion blocks and listeners, also those of its users' `updatePassword`, `reauthenticate` and \
        change requests' `commitChanges` (in a file that imports Firebase; also through a project \
        function that calls its closure inside one of these Firestore or Auth handlers), Alamofire's \
        response and progress handlers (`responseData { }`, `responseDecodable(of:) { }`, …) unless \
        `queue:` names another queue (in a file that imports Alamofire; also through a project \
        function that hands its closure to one), Socket.IO's event and acknowledgement handlers \
        (`socket.on("event") { }`, `once`, `onAny`, `emitWithAck(…).timingOut(after:) { }`, on its \
        manager's `handleQueue`, the main queue unless the file sets another; in a file that \
        imports SocketIO), GoogleSignIn's completion blocks (`GIDSignIn.sharedInstance.signIn(withPresenting:) { }`, \
        `restorePreviousSignIn`, `disconnect`, a user's `addScopes` and `refreshTokensIfNeeded`; in a \
        file that imports GoogleSignIn), and AppKit's \
        `NSEvent.addLocalMonitorForEvents`. Realm delivers the changes of `observe { }` with no \
        `on:` queue on the run loop of the thread that registered them (in a file that imports \
        RealmSwift): the block runs where the registering code runs, as a scheduled timer's does. \
        A notification reaches its observers on the thread that \
        posts it, and UIKit, AppKit and WatchKit post those of the application, its scenes and \
        windows, the device, the screen and the keyboard on the main thread: a `sink` on \
        `NotificationCenter.default.publisher(for: UIApplication.willResignActiveNotification)`, or \
        `addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil) { }`, \
        runs on the main queue (a notification of another class, such as `ProcessInfo`'s, may come \
        on any thread). A helper from a package that is not linted, named \
        for running its closure on the main queue (`updateOnMain { }`, `performOnMainThread { }`), \
        is taken at its name, and so is such a package's Combine operator (`.receiveOnMain()` before a \
        `sink` or `assign`); the project's own helpers are judged by their code (one that works \
        on another queue and calls its closure only inside `DispatchQueue.main.async { }`, or only \
        in a `sink` after `receive(on: DispatchQueue.main)`, runs it on the main queue). A closure \
        passed to a project function's parameter (or an initializer's, called by its type's name: \
        `AdjusterModel(amount: 1) { … }`) \
        that does not escape (not `@escaping`, not optional) runs during the call, and so does one \
        that escapes when the function only calls it, outside every closure of its own \
        (`completion(.success(dish))` after a synchronous write), or hands it to a function that \
        does; one passed to a `@MainActor` function-typed parameter runs on the main actor. SwiftUI \
        calls a view's event handlers and a button's action on the main thread, also in a view \
        that a presenter or coordinator builds (`DetailView(item).onDisappear { … }`, \
        `Button("Done") { … }`), and a persistent container's view context is a main-queue \
        context (`container.viewContext.perform { … }`, or a property holding it). A database \
        transaction's block (`write`, `read`, `inDatabase`, `inTransaction`) runs before the call \
        returns, like a `sync` block. A `sink` or `assign` on a chain that starts at the model's own \
        observable state (`$query`) and passes only through synchronous operators (`map`, `filter`, \
        `removeDuplicates`, `receive(on: ImmediateScheduler.shared)`, …, or a project operator of \
        `extension Publisher` that is only a chain of them: `map { … }.eraseToAnyPublisher()`) runs \
        where that state is written, since a `@Published` property \
        publishes on the writing thread: the write of `query` is what is reported when it is made \
        off the main actor, not each value derived from it; so does one that joins several of them \
        (`Publishers.CombineLatest3($a, $b, $c)`, `$a.combineLatest($b.dropFirst())`, `.merge(with: $b)`, also \
        locals made from them: `let a = $a.map(valid); Publishers.CombineLatest(a, b)`). The \
        same chain from the state of \
        another model of the project (`prefs.$host`, held by a property, a parameter or a local \
        (typed by a protocol of the project: then the state of every type that adopts it, when \
        each hands out the same state's publisher for the requirement, `store.countPublisher`) \
        whose type is written or cast to, `if let timer = source as? Stopwatch`, or reached \
        from a shared instance: `Settings.shared.alerts.$value`, or through stored properties of such a \
        holder: `session.state.$signedIn`) runs where \
        that state is written too: on the main actor for a model isolated to it, and where this rule \
        checks the writes for one that is not, so the write that feeds the chain is the one reported. \
        A computed property that only hands out such a publisher (`var phasePublisher: \
        Published<Int>.Publisher { $phase }`, also through `eraseToAnyPublisher()`) starts the chain \
        where `$phase` would. \
        A chain through an asynchronous \
        operator (`flatMap`, `debounce` off the main scheduler) is judged as any other.
        """,
        category: .concurrency,
        defaults: [.mvvm: .error, .mvi: .error],
        examples: MainActorMutation.examplesList)

    /// Only a file's model classes (and their extensions) are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresModel }

    /// What it collects about the project: where the project's functions, publishers, subjects,
    /// Firestore references and closure-carrying enum cases run the closures they are given.
    static let facts: [any ProjectFact.Type] = [MainHopFacts.self, PublisherFacts.self, MainOnlySubjects.self, FirestoreReferences.self,
                                                ClosureCases.self, PublisherAliases.self]

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        // The file's declarations and extensions of each type, grouped once (a file with many
        // models would otherwise scan all its types once per model).
        var typesByName: [String: [TypeDecl]]? = nil
        // Locals holding a framework instance are looked for only in files that name one.
        let namesFramework = file.containsIdentifier("MKLocalSearch") || file.containsIdentifier("MKDirections") || file.containsIdentifier("CLGeocoder")
            || file.containsIdentifier("Firestore") || file.containsIdentifier("NSOpenPanel") || file.containsIdentifier("NSSavePanel")
            || file.containsIdentifier("NSAlert")
        // A Combine `assign` writes without an assignment in the code; most files name none.
        let namesAssign = file.containsIdentifier("assign")
        for type in file.tree.allTypes where project.isModel(type) {
            let model = type.indexName
            let state = project.observableState(of: model)
            guard !state.isEmpty else { continue }
            let declaredIn = project.symbol(model)?.declarationPath ?? file.path
            let typeIsolated = (type.kind == .class || !type.header.hasModifier("nonisolated")) && project.isMainActorIsolated(model, declaredIn: declaredIn)
                || (type.kind == .extension && type.header.isMainActor)
            if typesByName == nil { typesByName = Dictionary(grouping: file.tree.allTypes, by: \.indexName) }
            let queues = queueProperties(of: typesByName?[model] ?? [], in: file, framework: namesFramework)
            var reported = Set<Int>()
            let mainActorWitnessed = project.mainActorRequirements(conformedToBy: type)
            for f in type.functions {
                guard let body = f.bodyTokens, !f.header.isMainActor else { continue }
                if typeIsolated && !f.header.isNonisolated { continue }
                // A witness of a `@MainActor` requirement of a conformance stated here is isolated.
                if f.kind == .function, !f.header.isNonisolated, mainActorWitnessed.contains(f.name) { continue }
                let locals = localNames(in: body, function: f, file: file)
                // With the function's framework locals, found once a mutation needs them.
                var bodyQueues: QueueProperties? = nil
                for m in file.mutations(in: body) {
                    guard let root = m.path.first, state.contains(root) else { continue }
                    if !m.viaSelf && locals.contains(root) { continue }
                    // A method called on a class or actor that the property holds changes that
                    // object, not the property (`await queue.remove(id)` on an actor), and a method
                    // of an actor further along (`await api.queue.remove(id)`) runs on the actor.
                    if case .mutatingCall = m.kind, let kind = receiverKind(m.path, of: model, project: project),
                       kind == .actor || (kind == .class && m.path.count == 1) { continue }
                    // A write into a class or actor that the property holds (`api.token = t`,
                    // `self.api.cache?.limit = 1`) changes that object; the property still holds
                    // the same reference, and its model publishes nothing.
                    if m.path.count > 1, let kind = receiverKind([root], of: model, project: project), kind == .class || kind == .actor { continue }
                    if bodyQueues == nil {
                        bodyQueues = namesFramework ? withFrameworkLocals(queues, in: body, function: f, file: file) : queues
                        bodyQueues!.main.formUnion(mainQueueLocals(in: body, function: f, file: file))
                    }
                    guard let reason = offMainReason(of: m.operatorToken, body: body, function: f, model: model, state: state, file: file, project: project, queues: bodyQueues!) else { continue }
                    guard reported.insert(m.rootToken).inserted else { continue }
                    context.report(at: m.rootToken, .offMain(root, model: model, reason: reason))
                }
                if namesAssign {
                    let otherState = stateSources(function: f, model: model, file: file, project: project)
                    // The queues a `receive(on:)` may name: stored ones and the function's locals.
                    let mainQueues = queues.main.union(mainQueueLocals(in: body, function: f, file: file))
                    for a in offMainAssignments(in: body, state: state, file: file, project: project, mainQueues: mainQueues, otherState: otherState)
                    where reported.insert(a.token).inserted {
                        context.report(at: a.token, .offMain(a.name, model: model, reason: "by a Combine `assign` with no `receive(on:)` to the main queue upstream"))
                    }
                }
            }
        }
    }

    /// The kind of the project type that `path` reaches from the model through declared stored
    /// properties (`["api", "queue"]`: the type of `queue` in the type of `api`); nil when a step
    /// is not declared with a project type.
    private func receiverKind(_ path: [String], of model: String, project: ProjectIndex) -> TypeKind? {
        var owner = model
        for name in path.prefix(8) {
            guard let typeName = project.storedPropertyType(name, of: owner) else { return nil }
            owner = typeName
        }
        return project.kind(of: owner)
    }

    /// Where a closure runs, as far as the call it is passed to tells.
    private enum Placement { case main, offMain(String), unknown }

    private func offMainReason(of token: Int, body: TokenRange, function: FunctionDecl, model: String, state: Set<String>, file: SourceFile, project: ProjectIndex, queues: QueueProperties) -> String? {
        for closure in file.bodyAnalysis.enclosingClosures(of: token) where closure.open >= body.lowerBound - 1 {
            switch placement(of: closure, in: function, model: model, state: state, file: file, project: project, queues: queues) {
            case .main: return nil
            case .offMain(let reason): return reason
            case .unknown: continue
            }
        }
        return function.isAsync ? "in the `async` method `\(function.name)`" : nil
    }

    /// Whether `Task { }` closure `c` inherits the main actor from the closure right around it:
    /// one that runs on the main actor (`DispatchQueue.main.async { }`, whose closure Swift
    /// isolates to the main actor, `MainActor.run { }`, `{ @MainActor in }`), or another
    /// `Task { }` that does. A closure of any other call in between isolates nothing.
    private func inheritsMainActor(_ c: ClosureInfo, in function: FunctionDecl, file: SourceFile) -> Bool {
        let analysis = file.bodyAnalysis
        var current = c
        for _ in 0..<BodyAnalysis.maxEnclosingClosures {
            guard let p = current.parent, p >= 0, p < analysis.closures.count, let body = function.bodyTokens,
                  analysis.closures[p].open >= body.lowerBound - 1 else { return false }
            let outer = analysis.closures[p]
            let names = outer.callee.map(\.name)
            let dispatchMain = names.count == 3 && names[0] == "DispatchQueue" && names[1] == "main" && ["async", "asyncAfter", "sync"].contains(names[2])
            if outer.attributes.contains("MainActor") || dispatchMain
                || (names.count == 2 && names[0] == "MainActor" && (names[1] == "run" || names[1] == "assumeIsolated")) { return true }
            guard names.last == "Task", outer.calleeStart != nil else { return false }
            current = outer
        }
        return false
    }

    /// `state`: the model's observable state, whose own publishers (`$query`) deliver where it is written.
    private func placement(of c: ClosureInfo, in function: FunctionDecl, model: String, state: Set<String>, file: SourceFile, project: ProjectIndex,
                           queues: QueueProperties) -> Placement {
        let isolatedState = stateSources(function: function, model: model, file: file, project: project)
        if c.attributes.contains("MainActor") { return .main }
        let names = c.callee.map(\.name)
        guard let last = names.last else { return .unknown }
        let receiver = names.first ?? ""
        // A static method of `MainActor` (`MainActor.run`, `MainActor.assumeIsolated`, or a
        // project helper such as `MainActor.withAnimation { }`) runs its closure on the main actor.
        if c.hopsToMainQueue || (names.contains("MainActor") && last == "assumeIsolated") || (names.count == 2 && names[0] == "MainActor") { return .main }
        if queues.main.contains(receiver) { return .main }
        // SwiftUI calls a view's event handlers and a button's action on the main thread, also
        // in a view that a presenter or coordinator builds (`DetailView().onDisappear { … }`).
        if isSwiftUIEventHandler(c, names: names, file: file, project: project) { return .main }
        // `container.viewContext.perform { … }`: a persistent container's view context is a
        // main-queue context, whose `perform` runs its block on the main queue.
        if last == "perform", names.count >= 2, names[names.count - 2] == "viewContext" { return .main }
        if last == "Task" { return inheritsMainActor(c, in: function, file: file) ? .main : .offMain("inside `Task { }`") }
        if last == "detached" && names.contains("Task") { return .offMain("inside `Task.detached { }`") }
        if last == "addTask" || last == "addTaskUnlessCancelled" { return .offMain("inside a child task") }
        // `sync` returns after its closure has run on the caller's thread: the closure is in the
        // caller's context, like the body of a plain synchronous method (a serial queue as a lock).
        if last == "sync" && (names.contains("DispatchQueue") || queues.background.contains(receiver)) { return .unknown }
        // A scheduled timer's block runs on the run loop of the thread that scheduled it: the
        // caller's context again.
        if last == "scheduledTimer" && names.contains("Timer") { return .unknown }
        // `let t = Timer(timeInterval: 1, repeats: true) { … }` added to a run loop by the same
        // function (`RunLoop.main.add(t, forMode: .common)`): the run loop's thread runs it.
        if last == "Timer", names.count == 1, let body = function.bodyTokens, let loop = timerRunLoop(in: body, after: c.close, file: file) {
            return loop == "main" ? .main : .unknown
        }
        // Realm delivers the notifications of `observe { }` (with no `on:` queue) on the run loop
        // of the thread that registered them: the caller's context too.
        if last == "observe", names.count >= 2, project.sees(anyOf: MainActorMutation.realmModules, in: file),
           !(c.callee.last?.callParen.map { file.argumentLabels(ofCallAt: $0).contains("on") } ?? false) { return .unknown }
        // A work item's block runs where the item is executed.
        if last == "DispatchWorkItem" { return workItemPlacement(of: c, file: file, queues: queues) }
        if MainActorMutation.queueMethods.contains(last) {
            if names.contains("DispatchQueue") || names.contains("OperationQueue") || queues.background.contains(receiver) {
                return .offMain("inside a closure run by a background queue")
            }
        }
        // Also a project operator that only subscribes with `sink` and forwards (`sinkResult { }`).
        if last == "sink" || (project.fact(PublisherFacts.self).subscribingMethods.contains(last) && !project.fact(PublisherFacts.self).mainDeliveringMethods.contains(last)) {
            // A project publisher that delivers at once (`SumPublisher(values: v).sink { … }`):
            // the closure runs during the subscribing call, where the code around runs.
            if let start = c.calleeStart, let sink = c.callee.last?.token,
               startsAtSynchronousPublisher(in: start, before: sink, file: file, project: project, isolatedState: isolatedState) { return .unknown }
            if derivesFromOwnState(before: c, state: state, file: file, isolatedState: isolatedState, body: function.bodyTokens) { return .main }
            if subscribesToMainOnlySubject(c, function: function, model: model, file: file, project: project, isolatedState: isolatedState) { return .main }
            return hasMainReceive(before: c, file: file, project: project, mainQueues: queues.main, mainTimers: queues.mainTimers, body: function.bodyTokens)
                ? .main : .offMain("inside a Combine `\(last)` with no `receive(on:)` to the main queue upstream")
        }
        // RxSwift: `subscribe(onNext:)`/`bind` after `observeOn(MainScheduler.instance)`, and a
        // `Driver`'s `drive`, which delivers on the main thread.
        if last == "drive" && names.contains("asDriver") { return .main }
        if MainActorMutation.rxSubscribers.contains(last), hasMainReceive(before: c, file: file, project: project, mainQueues: queues.main, mainTimers: queues.mainTimers, body: function.bodyTokens) { return .main }
        // `Future { promise in … }` runs its closure at once, where it is created.
        if last == "Future" && names.count == 1 { return .unknown }
        // So does the build closure of `AsyncStream { continuation in … }` (and of
        // `AsyncThrowingStream`), before the initializer returns; not `AsyncStream(unfolding:)`'s.
        if last == "AsyncStream" || last == "AsyncThrowingStream", names.count == 1, c.label == nil || c.label == "build" { return .unknown }
        // `handleEvents(receiveSubscription:)` (and `receiveRequest:`) runs when the chain is
        // subscribed: during the subscribing call, where the code around runs, unless a
        // `subscribe(on:)` moves the subscription to another scheduler.
        if last == "handleEvents", c.label == "receiveSubscription" || c.label == "receiveRequest", let start = c.calleeStart,
           !subscribesOnScheduler(from: start, file: file) { return .unknown }
        // Another operator's closure (`handleEvents`, `tryMap`) runs where values arrive: on the
        // main queue after a `receive(on:)` to it upstream.
        if MainActorMutation.combineOperators.contains(last),
           hasMainReceive(before: c, file: file, project: project, mainQueues: queues.main, mainTimers: queues.mainTimers, body: function.bodyTokens)
            || derivesFromOwnState(before: c, state: state, file: file, isolatedState: isolatedState, body: function.bodyTokens) { return .main }
        // GRDB's `ValueObservation.start(in:onError:onChange:)` notifies on the main queue unless
        // `scheduling:` names another (`.immediate` notifies on the main queue too).
        if last == "start", c.label == "onChange" || c.label == "onError", let paren = c.callee.last?.callParen {
            let labels = file.argumentLabels(ofCallAt: paren)
            if labels.contains("in") && !labels.contains("scheduling") { return .main }
            if let close = file.partner(paren), (paren..<close).contains(where: { file.isWord($0, "immediate") && file.kind($0 - 1) == .period }) { return .main }
        }
        // PromiseKit runs `done`, `then`, `ensure`, `catch` and the others on the main queue unless
        // `on:` names another one, and so do Google's Promises (`then`, `catch`, `always`, …).
        if MainActorMutation.promiseHandlers.contains(last),
           project.sees(anyOf: MainActorMutation.promiseModules, in: file) {
            let namesQueue = c.callee.last?.callParen.map { file.argumentLabels(ofCallAt: $0).contains("on") } ?? false
            if !namesQueue { return .main }
        }
        // Alamofire runs its response handlers (`responseData`, `responseDecodable`, …) on the main
        // queue unless `queue:` names another one.
        if MainActorMutation.alamofireHandlers.contains(last), project.sees("Alamofire", in: file) {
            let namesQueue = c.callee.last?.callParen.map { file.argumentLabels(ofCallAt: $0).contains("queue") } ?? false
            if !namesQueue { return .main }
        }
        // Socket.IO calls its event and acknowledgement handlers on its manager's `handleQueue`,
        // the main queue unless configured otherwise (looked for in this file).
        if MainActorMutation.socketIOHandlers.contains(last), project.sees("SocketIO", in: file), !file.containsIdentifier("handleQueue") {
            return .main
        }
        // Also a project function whose closure parameters are all non-escaping (`measure { }`).
        if MainActorMutation.synchronousCalls.contains(last) || project.fact(MainHopFacts.self).synchronousClosureFunctions.contains(last) { return .unknown }
        // The parameter of a project function that the closure is passed to: `@MainActor`
        // (`update: @escaping @MainActor ([T]) -> Void`), or not escaping (run during the call).
        if let parameter = closureParameter(receiving: c, named: last, file: file, project: project) {
            if parameter.isMainActor { return .main }
            if !parameter.escapes { return .unknown }
        }
        if callPassesMainQueue(c, file: file) { return .main }
        if last == "addObserver", observesMainPostedNotificationWhereItIsPosted(c, file: file) { return .main }
        // `.failed(dismiss: { … })`, `CouponAction.load(onCompletion: { … })`: a closure kept in a
        // value of a project enum's case, run by whoever takes the value apart, not by a framework.
        if project.fact(ClosureCases.self).names.contains(last), let token = c.callee.last?.token,
           names.count == 1 ? file.kind(token - 1) == .period : project.kind(of: names[names.count - 2]) == .enum { return .unknown }
        // A framework method that calls its handler on the main thread (`MKLocalSearch.start`).
        var rootName = names.first { $0 != "self" }
        // A local made from such an object (`let ref = db.collection("notes").document(id)`, then
        // `ref.updateData(…) { … }`) answers as the object it was made from.
        if let first = rootName, names.count >= 2, names[0] == first, queues.framework[first] == nil,
           let token = c.callee.first?.token, let body = function.bodyTokens,
           let value = localInitializer(of: token, in: body, file: file) {
            var k = value.lowerBound
            if file.isWord(k, "self"), file.kind(k + 1) == .period { k += 2 }
            if file.kind(k) == .identifier, file.kind(k + 1) == .period { rootName = file.name(k) }
        }
        let root = rootName.flatMap { queues.framework[$0] ?? $0 } ?? ""
        if let methods = MainActorMutation.mainThreadCallbacks[root], methods.contains(last) { return .main }
        // A library's (Firebase's) where the file imports it.
        if let library = MainActorMutation.libraryMainThreadCallbacks[root], library.methods.contains(last),
           project.sees(anyOf: library.modules, in: file) { return .main }
        // A reference held in a top-level or static constant of a file that imports Firestore
        // (`let USERS = Firestore.firestore().collection("users")`, `Refs.likes`).
        if !project.fact(FirestoreReferences.self).names.isEmpty, let first = names.first,
           project.fact(FirestoreReferences.self).names.contains(first) || (names.count > 2 && project.fact(FirestoreReferences.self).names.contains(first + "." + names[1])),
           MainActorMutation.firestoreReferenceMethods.contains(last) { return .main }
        // Firestore's own method names, whatever returned the reference (`Refs.rooms().addSnapshotListener { }`).
        // Firebase Storage's reference methods (`ref.getData(maxSize:) { }`, `putData`, `downloadURL`),
        // whatever holds the reference: Storage calls back on its `callbackQueue`, the main queue.
        if names.count >= 2, FirebaseCallbacks.storageMethods.contains(last), project.sees(anyOf: FirebaseCallbacks.storageModules, in: file) { return .main }
        if MainActorMutation.firestoreOnlyMethods.contains(last), let firestore = MainActorMutation.libraryMainThreadCallbacks["Firestore"],
           project.sees(anyOf: firestore.modules, in: file) { return .main }
        // Firebase Auth's user methods, on whatever returned the user or its change request
        // (`Auth.auth().currentUser?.updatePassword(to:) { }`, `request.commitChanges { }`).
        if MainActorMutation.authUserOnlyMethods.contains(last), let auth = MainActorMutation.libraryMainThreadCallbacks["Auth"],
           project.sees(anyOf: auth.modules, in: file) { return .main }
        // A project operator such as `sinkOnMain { … }` that receives on the main queue itself.
        if project.fact(PublisherFacts.self).mainDeliveringMethods.contains(last) { return .main }
        if !project.fact(PublisherFacts.self).mainDeliveringSignatures.isEmpty,
           project.fact(PublisherFacts.self).mainDeliveringSignatures.contains(PublisherMethodSummary.signature(
               name: last, labels: c.callee.last?.callParen.map { file.argumentLabels(ofCallAt: $0) } ?? [])) { return .main }
        // The method of the project type that a property of the model holds (`poller.start { … }`),
        // whatever other types' methods of that name do.
        let held = names.dropLast().drop(while: { $0 == "self" })
        if held.count == 1, let property = held.first, let owner = project.storedPropertyType(property, of: model) {
            let method = TypeRef.baseName(of: owner) + "." + last
            if project.fact(MainHopFacts.self).mainHoppingMethods.contains(method) { return .main }
            if project.fact(MainHopFacts.self).mainOrCallerContextMethods.contains(method) { return .unknown }
        }
        // A project helper such as `Utils.onMain { … }` that runs its closure on the main queue.
        if project.fact(MainHopFacts.self).mainHoppingFunctions.contains(last) { return .main }
        // A project function that keeps the closure and calls it on the main queue or where it is
        // itself called (a poller that reports at once, then from main-queue answers).
        if project.fact(MainHopFacts.self).mainOrCallerContextFunctions.contains(last) { return .unknown }
        // A helper from a package that is not linted, named for where it runs the closure
        // (`updateOnMain { }`, `performOnMainThread { }`); the project's own are judged above.
        if project.fact(MainHopFacts.self).closureParameterLists[last] == nil, MainActorMutation.namesMainQueue(last) { return .main }
        return .offMain("inside a completion handler passed to `\(last)`")
    }

    /// The closure parameter of the project functions named `name` that closure `c` is passed to,
    /// when every such function that has one there agrees on how it runs: the parameter of
    /// `c`'s label; for a trailing closure without one, the first closure parameter whose label
    /// the call does not write; for an unlabelled argument, the first one without a label.
    private func closureParameter(receiving c: ClosureInfo, named name: String, file: SourceFile, project: ProjectIndex) -> ClosureParameterFact? {
        guard let lists = project.fact(MainHopFacts.self).closureParameterLists[name] else { return nil }
        let written = c.callee.last?.callParen.map { file.argumentLabels(ofCallAt: $0) } ?? []
        var found: ClosureParameterFact? = nil
        for parameters in lists {
            let match: ClosureParameterFact?
            if let label = c.label {
                match = parameters.first { $0.label == label }
            } else if c.isTrailing {
                match = parameters.first { !written.contains($0.label) }
            } else {
                match = parameters.first { $0.label == "_" }
            }
            guard let m = match else { continue }
            if let f = found, f.escapes != m.escapes || f.isMainActor != m.isMainActor { return nil }
            found = m
        }
        return found
    }

    /// `onMain…` or `…OnMain…` (`updateOnMain`, `runOnMainThread`, `asyncOnMainIfNecessary`),
    /// capitalised so that `nonMain` is not one.
    static func namesMainQueue(_ name: String) -> Bool {
        name.hasPrefix("onMain") || name.contains("OnMain")
    }

    /// Where the block of a `DispatchWorkItem` runs, from where the file executes the item: the
    /// closure's call is assigned to a name (`let work = DispatchWorkItem { … }`, `pending =
    /// DispatchWorkItem { … }`) that the file passes as `execute:` to a queue
    /// (`DispatchQueue.main.asyncAfter(deadline: t, execute: work)`). Off the main actor when one
    /// such queue is not the main one, on it when all are; unknown when the file executes the item
    /// nowhere it can see (`work.perform()` runs it in the caller's context).
    private func workItemPlacement(of c: ClosureInfo, file: SourceFile, queues: QueueProperties) -> Placement {
        guard let start = c.calleeStart, file.kind(start - 1) == .equal, file.kind(start - 2) == .identifier else { return .unknown }
        let item = file.name(start - 2)
        var onMain = false
        for j in file.tokens.indices where file.kind(j - 1) == .colon && file.isText(j - 2, "execute") {
            // `execute: work`, `execute: self.work`, `execute: work!`
            let named = file.isWord(j, "self") && file.kind(j + 1) == .period ? j + 2 : j
            guard file.kind(named) == .identifier, file.name(named) == item, let open = file.enclosingArgumentListOpen(of: j - 2) else { continue }
            let names = file.chain(endingAt: open - 1).components.map(\.name)
            guard let method = names.last, MainActorMutation.queueMethods.contains(method) else { continue }
            if names.contains("main") || queues.main.contains(names.first ?? "") {
                onMain = true
            } else if names.contains("DispatchQueue") || names.contains("OperationQueue") || queues.background.contains(names.first ?? "") {
                return .offMain("inside a work item run by a background queue")
            }
        }
        return onMain ? .main : .unknown
    }

    /// `publisher.receive(on: DispatchQueue.main).sink { … }` (or `RunLoop.main`, `.main`), a
    /// time operator on the main scheduler (`.debounce(for: 0.3, scheduler: RunLoop.main)`), or a
    /// project operator that receives on the main queue (`publisher.onMain().sink { … }`). The last
    /// scheduling operator before the `sink` decides.
    private func hasMainReceive(before c: ClosureInfo, file: SourceFile, project: ProjectIndex, mainQueues: Set<String> = [],
                                mainTimers: Set<String> = [], body: TokenRange? = nil) -> Bool {
        guard let start = c.calleeStart, let sink = c.callee.last?.token, start < sink else { return false }
        return hasMainReceive(in: start, before: sink, file: file, project: project, mainQueues: mainQueues, mainTimers: mainTimers, body: body)
    }

    /// The same for the chain from `start` up to the subscriber's name token `sink`. `mainQueues`
    /// are names that hold the main queue (`receive(on: uiQueue)`). A chain that starts at a local
    /// of `body` (`let onMain = source.receive(on: DispatchQueue.main)`) begins with its initial value.
    private func hasMainReceive(in start: Int, before sink: Int, file: SourceFile, project: ProjectIndex, mainQueues: Set<String> = [],
                                mainTimers: Set<String> = [], body: TokenRange? = nil, depth: Int = 0) -> Bool {
        let operators = project.fact(PublisherFacts.self).mainDeliveringMethods, signatures = project.fact(PublisherFacts.self).mainDeliveringSignatures
        var onMain = false
        // A stored timer of the main run loop (`ticks.autoconnect()`, `self.ticks`).
        if !mainTimers.isEmpty {
            let first = file.isWord(start, "self") && file.kind(start + 1) == .period ? start + 2 : start
            onMain = file.kind(first) == .identifier && file.kind(first + 1) == .period && mainTimers.contains(file.name(first))
        }
        if depth < 4, let b = body, let value = localInitializer(of: start, in: b, file: file) {
            onMain = hasMainReceive(in: value.lowerBound, before: value.upperBound, file: file, project: project, mainQueues: mainQueues, body: b, depth: depth + 1)
        }
        var i = start
        /// `main` in the argument, one name holding the main queue (`q`, `self.uiQueue`), or a
        /// member named for the main scheduler (`schedulers.mainScheduler`).
        func namesMain(_ range: Range<Int>) -> Bool {
            // `main`, or RxSwift's `MainScheduler.instance` / `.asyncInstance`.
            if range.contains(where: { file.isWord($0, "main") || file.isWord($0, "MainScheduler") }) { return true }
            if let last = range.last, file.kind(last) == .identifier, file.kind(last - 1) == .period,
               file.isName(last, in: PublisherMethodSummary.mainSchedulerMemberWords) { return true }
            var k = range.lowerBound
            if file.isWord(k, "self"), file.kind(k + 1) == .period { k += 2 }
            return k + 1 == range.upperBound && file.kind(k) == .identifier && mainQueues.contains(file.name(k))
        }
        while i < sink {
            if file.isWord(i, "receive"), file.kind(i + 1) == .leftParen, file.isWord(i + 2, "on"), let close = file.partner(i + 1) {
                onMain = namesMain((i + 4)..<argumentEnd(from: i + 4, close: close, file: file))
            } else if file.kind(i - 1) == .period, file.isWord(i, "observeOn") || (file.isWord(i, "observe") && file.isWord(i + 2, "on")),
                      file.kind(i + 1) == .leftParen, let close = file.partner(i + 1) {
                // RxSwift's `observeOn(MainScheduler.instance)`, `observe(on: MainScheduler.asyncInstance)`.
                onMain = (i + 2..<close).contains(where: { file.isWord($0, "MainScheduler") })
            } else if file.kind(i - 1) == .period, file.isWord(i, "collect"), file.kind(i + 1) == .leftParen, file.kind(i + 2) == .period,
                      file.isWord(i + 3, "byTime") || file.isWord(i + 3, "byTimeOrCount"), file.kind(i + 4) == .leftParen, let close = file.partner(i + 4) {
                // `collect(.byTime(DispatchQueue.main, .seconds(1)))`: emits on the scheduler it is given.
                onMain = namesMain((i + 5)..<argumentEnd(from: i + 5, close: close, file: file))
            } else if file.kind(i - 1) == .period, file.isWord(i, "publisher"), file.kind(i + 1) == .leftParen, file.isWord(i + 2, "for"),
                      file.kind(i + 3) == .colon, let close = file.partner(i + 1),
                      MainActorMutation.namesMainPostedNotification((i + 4)..<argumentEnd(from: i + 4, close: close, file: file), file: file) {
                // `NotificationCenter.default.publisher(for: UIApplication.willResignActiveNotification)`:
                // a notification is delivered on the thread that posts it, and UIKit and AppKit post
                // these on the main thread.
                onMain = true
            } else if let timer = file.timerPublishRunsOnMain(at: i) {
                // `Timer.publish(every: 1, on: .main, in: .common)`: a timer of the main run loop fires on it.
                onMain = timer
            } else if file.kind(i - 1) == .period, MainActorMutation.schedulingOperators.contains(file.name(i)),
                      file.kind(i + 1) == .leftParen, let close = file.partner(i + 1),
                      let label = (i + 2..<close).first(where: { file.isWord($0, "scheduler") && file.kind($0 + 1) == .colon }) {
                onMain = namesMain(label + 2..<argumentEnd(from: label + 2, close: close, file: file))
            } else if file.kind(i - 1) == .period, file.isWord(i, "publisher"), file.kind(i + 1) == .leftParen, file.isWord(i + 2, "in"),
                      file.kind(i + 3) == .colon, let close = file.partner(i + 1),
                      (start..<i).contains(where: { file.isWord($0, "ValueObservation") || (file.isWord($0, "tracking") && file.kind($0 - 1) == .period) }),
                      project.sees("GRDB", in: file) {
                // GRDB's `ValueObservation.tracking { … }.publisher(in: reader)` publishes on the
                // main queue unless `scheduling:` names another (`.immediate` is the main queue too).
                if let label = (i + 4..<close).first(where: { file.isWord($0, "scheduling") && file.kind($0 + 1) == .colon }) {
                    let argument = (label + 2)..<argumentEnd(from: label + 2, close: close, file: file)
                    onMain = argument.contains(where: { file.isWord($0, "immediate") }) || namesMain(argument)
                } else {
                    onMain = true
                }
            } else if file.kind(i - 1) == .period, file.isWord(i, "snapshotPublisher"), file.kind(i + 1) == .leftParen,
                      project.sees(anyOf: MainActorMutation.firestoreCombineModules, in: file) {
                // Firestore's Combine `snapshotPublisher()` wraps a snapshot listener, which
                // Firestore calls on the main queue.
                onMain = true
            } else if file.kind(i) == .identifier, file.kind(i - 1) == .period, file.kind(i + 1) == .leftParen,
                      MainActorMutation.namesMainQueue(file.name(i)), !project.fact(PublisherFacts.self).methodNames.contains(file.name(i)) {
                // An operator of a package that is not linted, named for the main queue
                // (`receiveOnMain()`), taken at its name as such a helper is.
                onMain = true
            } else if !operators.isEmpty || !signatures.isEmpty, file.kind(i) == .identifier, file.kind(i - 1) == .period, file.kind(i + 1) == .leftParen,
                      operators.contains(file.name(i))
                        || !signatures.isEmpty && signatures.contains(PublisherMethodSummary.signature(name: file.name(i), labels: file.argumentLabels(ofCallAt: i + 1))) {
                // A project function that delivers on the main queue, by name or, when the name
                // is shared with functions of other labels, by the labels the call writes.
                onMain = true
            }
            i += 1
        }
        return onMain
    }

    /// Whether the publisher chain before the subscriber of `c` starts at the model's own
    /// observable state (`$query`, `self.$query`) and passes only through operators that deliver
    /// synchronously (`map`, `filter`, `removeDuplicates`, …): a `@Published` property publishes
    /// on the thread that writes it, so the subscriber runs where the model writes that state,
    /// and a write of it off the main actor is reported where it is made.
    ///
    /// Also from the state of another model that is isolated to the main actor (`prefs.$host`,
    /// when `isolatedState.otherModelState("prefs", "host")`): only the main actor writes it. Or
    /// from a computed property that hands out one of those publishers (`phasePublisher { $phase }`).
    private func derivesFromOwnState(before c: ClosureInfo, state: Set<String>, file: SourceFile, isolatedState: StateSources,
                                     body: TokenRange?) -> Bool {
        guard let start = c.calleeStart, let sink = c.callee.last?.token, start < sink else { return false }
        return derivesFromOwnState(in: start, before: sink, state: state, file: file, isolatedState: isolatedState, body: body)
    }

    /// The same for the chain from `start` up to the subscriber's name token `sink`. A chain that
    /// starts at a local of `body` (`let shared = $text.share()`) starts where its initial value
    /// does. With `endsAt`, the chain must end there instead of before a subscriber.
    private func derivesFromOwnState(in start: Int, before sink: Int, state: Set<String>, file: SourceFile,
                                     isolatedState: StateSources = StateSources(), body: TokenRange? = nil,
                                     endsAt: Int? = nil, depth: Int = 0) -> Bool {
        // `$query`, `self.$query`, `prefs.$host` (isolated): the token after it, or nil.
        func statePublisherEnd(at k: Int) -> Int? {
            var i = k
            if file.isWord(i, "self"), file.kind(i + 1) == .period { i += 2 }
            if file.kind(i) == .identifier, file.kind(i + 1) == .period, file.kind(i + 2) == .dollarIdentifier,
               isolatedState.otherModelState(file.name(i), String(file.name(i + 2).dropFirst())) { return i + 3 }
            if file.kind(i) == .dollarIdentifier, state.contains(String(file.name(i).dropFirst())) { return i + 1 }
            // `Settings.shared.alerts.$value`: state of a project model reached from a shared instance.
            if i == k, file.kind(i) == .identifier, file.beginsWithCapital(i), file.kind(i + 1) == .period {
                var names = [file.name(i)]
                var j = i + 1
                while names.count < 8, file.kind(j) == .period, file.kind(j + 1) == .identifier { names.append(file.name(j + 1)); j += 2 }
                if names.count >= 2, file.kind(j) == .period, file.kind(j + 1) == .dollarIdentifier,
                   isolatedState.sharedChainState(names, String(file.name(j + 1).dropFirst())) { return j + 2 }
            }
            // `session.state.$signedIn`: state of a project model reached through stored properties
            // of a holder whose type is known (a parameter, a stored property, a typed local).
            if file.kind(i) == .identifier, !file.beginsWithCapital(i), file.kind(i + 1) == .period, file.kind(i + 2) == .identifier {
                var names = [file.name(i)]
                var j = i + 1
                while names.count < 8, file.kind(j) == .period, file.kind(j + 1) == .identifier { names.append(file.name(j + 1)); j += 2 }
                if names.count >= 2, file.kind(j) == .period, file.kind(j + 1) == .dollarIdentifier,
                   isolatedState.holderChainState(names, String(file.name(j + 1).dropFirst())) { return j + 2 }
            }
            // `itemsPublisher`, `checkout.phasePublisher`: a computed property that hands out such a
            // publisher (`var itemsPublisher: Published<[Item]>.Publisher { $items }`).
            guard file.kind(i) == .identifier, file.kind(i + 1) != .leftParen else { return nil }
            // Also through an optional holder (`store?.countPublisher`).
            let dot = file.isText(i + 1, "?") && file.kind(i + 2) == .period ? i + 2 : i + 1
            if file.kind(dot) == .period, file.kind(dot + 1) == .identifier, file.kind(dot + 2) != .leftParen,
               let property = isolatedState.publisherAlias(file.name(i), file.name(dot + 1)),
               isolatedState.otherModelState(file.name(i), property) { return dot + 2 }
            if let property = isolatedState.publisherAlias(nil, file.name(i)), state.contains(property) { return i + 1 }
            return nil
        }
        // A local of `body` whose initial value is such a chain (`let mail = $mail.map(valid)`,
        // joined later: `Publishers.CombineLatest(mail, pass)`): the token after it, or nil.
        func localStateEnd(at k: Int) -> Int? {
            guard depth < 4, let b = body, file.kind(k) == .identifier, let value = localInitializer(of: k, in: b, file: file),
                  derivesFromOwnState(in: value.lowerBound, before: value.upperBound, state: state, file: file, isolatedState: isolatedState,
                                      body: b, endsAt: value.upperBound, depth: depth + 1) else { return nil }
            return k + 1
        }
        // Such a publisher, then synchronous operators up to `limit` (`$b.dropFirst()`): the token
        // after the last, or nil.
        func stateChainEnd(at k: Int, limit: Int) -> Int? {
            guard let end = statePublisherEnd(at: k) ?? localStateEnd(at: k) else { return nil }
            return synchronousOperatorsEnd(from: end, limit: limit, file: file, isolatedState: isolatedState)
        }
        // The arguments of `open`'s call are all such publishers, each maybe through synchronous
        // operators (a trailing transform closure after them is allowed): `combineLatest($b)`,
        // `combineLatest($b.removeDuplicates())`, `Publishers.Merge($a, $b)`.
        func combinesStatePublishers(_ open: Int) -> Bool {
            guard file.kind(open) == .leftParen, let close = file.partner(open), close > open + 1 else { return false }
            var k = open + 1
            while k < close {
                guard let end = stateChainEnd(at: k, limit: close) else { return false }
                if end == close { return true }
                guard file.kind(end) == .comma else { return false }
                k = end + 1
            }
            return false
        }
        var i = start
        if file.isWord(i, "Publishers"), file.kind(i + 1) == .period, file.kind(i + 2) == .identifier,
           MainActorMutation.combiningPublishers.contains(file.name(i + 2)), combinesStatePublishers(i + 3), let close = file.partner(i + 3) {
            // `Publishers.CombineLatest3($a, $b, $c)`: each value arrives where one of them is written.
            i = close + 1
        } else if let end = statePublisherEnd(at: i) ?? localStateEnd(at: i) {
            i = end
        } else {
            return false
        }
        let limit = endsAt ?? sink - 1
        // `.operator`, its arguments and trailing closure, then the next, up to `.sink`.
        while i < limit {
            guard file.kind(i) == .period, file.kind(i + 1) == .identifier else { return false }
            let name = file.name(i + 1)
            // `receive(on: ImmediateScheduler.shared)` delivers at once, on the same thread.
            let immediate = name == "receive" && file.kind(i + 2) == .leftParen
                && file.partner(i + 2).map { close in (i + 3..<close).contains { file.isWord($0, "ImmediateScheduler") } } == true
            // `.combineLatest($b)`, `.merge(with: $b)`: joined with more of the model's own state.
            let joinsState = MainActorMutation.combiningOperators.contains(name) && combinesStatePublishers(i + 2)
                || (name == "merge" && file.isText(i + 3, "with") && file.kind(i + 4) == .colon && statePublisherEnd(at: i + 5).map { file.kind($0) == .rightParen } == true)
            guard immediate || joinsState || isolatedState.passesOnAtOnce(name) else { return false }
            i += 2
            while i < (endsAt ?? sink), file.kind(i) == .leftParen || file.kind(i) == .leftBrace, let close = file.partner(i), close > i { i = close + 1 }
        }
        if let end = endsAt { return i == end }
        return i == sink - 1 && file.kind(i) == .period
    }

    /// `library.changed.sink { … }`, `changed.sink { … }`: a subject of a project type that only the
    /// type's own code sends through, and only on the main queue or actor
    /// (`ProjectIndex.mainOnlySubjects`), maybe through operators that pass values on at once. The
    /// holder is a parameter or a stored property of the model whose declaration names its type.
    private func subscribesToMainOnlySubject(_ c: ClosureInfo, function: FunctionDecl, model: String, file: SourceFile, project: ProjectIndex,
                                             isolatedState: StateSources) -> Bool {
        guard !project.fact(MainOnlySubjects.self).members.isEmpty else { return false }
        let comps = c.callee
        var k = comps.first?.name == "self" ? 1 : 0
        guard comps.count - k >= 2 else { return false }
        var owner = model
        if comps.count - k >= 3, comps[k].callParen == nil {
            let holder = comps[k].name
            let declared = file.parameters(of: function).first { $0.name == holder }.map { $0.type?.baseName } ?? project.storedPropertyType(holder, of: model)
            if let t = declared.map({ TypeRef.baseName(of: $0) }), project.fact(MainOnlySubjects.self).members.contains(t + "." + comps[k + 1].name) {
                owner = t
                k += 1
            }
        }
        guard comps[k].callParen == nil, project.fact(MainOnlySubjects.self).members.contains(owner + "." + comps[k].name) else { return false }
        return comps[(k + 1)..<(comps.count - 1)].allSatisfy { isolatedState.passesOnAtOnce($0.name) }
    }

    /// Whether the chain from `start` up to the subscriber's name token `sink` starts with the
    /// construction of a project publisher that delivers at once (`SumPublisher(values: v)`,
    /// `ProjectIndex.synchronousPublisherTypes`), followed only by operators that pass values on at once.
    private func startsAtSynchronousPublisher(in start: Int, before sink: Int, file: SourceFile, project: ProjectIndex,
                                              isolatedState: StateSources) -> Bool {
        guard !project.fact(PublisherFacts.self).synchronousTypes.isEmpty, file.kind(start) == .identifier, file.kind(start + 1) == .leftParen,
              project.fact(PublisherFacts.self).synchronousTypes.contains(file.name(start)), let close = file.partner(start + 1), close > start else { return false }
        let end = synchronousOperatorsEnd(from: close + 1, limit: sink - 1, file: file, isolatedState: isolatedState)
        return end == sink - 1 && file.kind(end) == .period
    }

    /// The token after the operators that pass values on at once from `start` on (`.map { … }
    /// .removeDuplicates()`, their arguments and trailing closures), at most 64 of them and not
    /// past `limit`.
    private func synchronousOperatorsEnd(from start: Int, limit: Int, file: SourceFile, isolatedState: StateSources) -> Int {
        var end = start, steps = 0
        while end < limit, steps < 64, file.kind(end) == .period, file.kind(end + 1) == .identifier,
              isolatedState.passesOnAtOnce(file.name(end + 1)) {
            end += 2
            while end < limit, file.kind(end) == .leftParen || file.kind(end) == .leftBrace, let close = file.partner(end), close > end { end = close + 1 }
            steps += 1
        }
        return end
    }

    /// The initial value of the local that token `i` names (`validation` in `validation.sink { }`),
    /// declared by a `let` earlier in `body`: from after `=` to the end of its statement (lines
    /// that begin with `.` continue it).
    private func localInitializer(of i: Int, in body: TokenRange, file: SourceFile) -> Range<Int>? {
        guard file.kind(i) == .identifier, file.kind(i - 1) != .period else { return nil }
        let length = Int(file.tokens[i].length)
        var j = i - 1
        // Declared within a few thousand tokens, as locals are: a bounded walk keeps a function
        // with thousands of subscriptions linear.
        let lowest = max(body.lowerBound, i - MainActorMutation.localSearchWindow)
        while j >= lowest {
            defer { j -= 1 }
            guard file.isWord(j, "let"), file.kind(j + 1) == .identifier, Int(file.tokens[j + 1].length) == length,
                  file.name(j + 1) == file.name(i), file.kind(j + 2) == .equal else { continue }
            let e = file.valueExpressionEnd(from: j + 3, before: i)
            return e > j + 3 ? (j + 3)..<e : nil
        }
        return nil
    }

    /// Publishers that join others and pass each value on where it arrives.
    static let combiningPublishers: Set<String> = [
        "CombineLatest", "CombineLatest3", "CombineLatest4", "Merge", "Merge3", "Merge4", "Merge5", "Merge6", "Merge7", "Merge8",
        "MergeMany", "Zip", "Zip3", "Zip4",
    ]
    /// Operators that join the upstream with other publishers, passing values on where they arrive.
    static let combiningOperators: Set<String> = ["combineLatest", "merge", "zip"]

    /// Whether `holder.$property` (`prefs.$host`) is observable state of a project model that a
    /// property of `model` or a parameter of `function` holds: a main-actor isolated model, which
    /// only the main actor writes, or another model, whose writes off the main actor this rule
    /// reports where they are made. A chain from it through synchronous operators delivers where
    /// it is written, like one from the model's own state.
    ///
    /// Also the state of another project model reached from a shared instance through stored
    /// properties (`Settings.shared.alerts.$value`, `sharedChainState`).
    ///
    /// Also the property whose publisher a computed property hands out (`phasePublisher` for
    /// `$phase`, `FileSummary.publisherAliases`): the model's own (`holder` nil) or that of the
    /// type of `holder`, a parameter of `function` or a stored property of `model`.
    private func stateSources(function: FunctionDecl, model: String, file: SourceFile, project: ProjectIndex) -> StateSources {
        // A local of the function whose type is written (`let timer: Stopwatch = …`) or cast to
        // (`if let timer = source as? Stopwatch {`, `guard let timer = source as? Stopwatch else`).
        // Only the start of the body is read (a bounded walk keeps a function with thousands of
        // chains linear), and only for another model's `$state`.
        func localType(_ holder: String) -> String? {
            guard let body = function.bodyTokens else { return nil }
            for i in body.prefix(MainActorMutation.localSearchWindow) where file.isWord(i, "let") || file.isWord(i, "var") {
                guard file.kind(i + 1) == .identifier, file.name(i + 1) == holder else { continue }
                if file.kind(i + 2) == .colon, file.kind(i + 3) == .identifier, file.beginsWithCapital(i + 3) { return file.name(i + 3) }
                guard file.kind(i + 2) == .equal else { continue }
                // The value ends at `{`, `,`, `else` or the end of the line; its last tokens are the cast.
                var j = i + 3
                while j < body.upperBound, j < i + 40, !file.tokens[j].isAtLineStart || j == i + 3,
                      file.kind(j) != .leftBrace, file.kind(j) != .comma, !file.isWord(j, "else") {
                    if file.kind(j) == .leftParen || file.kind(j) == .leftBracket, let close = file.partner(j), close > j { j = close + 1 } else { j += 1 }
                }
                let last = j - 1
                if last > i + 4, file.kind(last) == .identifier, file.beginsWithCapital(last),
                   (file.isWord(last - 2, "as") && (file.isText(last - 1, "?") || file.isText(last - 1, "!"))) || file.isWord(last - 1, "as") {
                    return file.name(last)
                }
            }
            return nil
        }
        func holderType(_ holder: String, locals: Bool = false) -> String? {
            // A parameter, a local with its type written or cast to (with `locals`), a stored
            // property, or a computed property of the model declared in this file with its type
            // written (`var archive: ArchiveSource { stored }`).
            let declared = file.parameters(of: function).first { $0.name == holder }.map { $0.type?.baseName } ?? (locals ? localType(holder) : nil)
                ?? project.storedPropertyType(holder, of: model)
                ?? file.tree.allTypes.lazy.filter { ($0.kind == .extension ? $0.extendedBaseName : $0.name) == model }
                    .compactMap { t in t.variables.first { $0.name == holder && !$0.isStatic }?.type?.baseName }.first
            guard let t = declared.map({ TypeRef.baseName(of: $0) }), project.symbol(t)?.declarationPath != nil else { return nil }
            return t
        }
        // The type reached from `start` through stored properties with declared types, when it is
        // an observable model of the project whose observable state includes `property`.
        func reachesState(from start: String, through names: ArraySlice<String>, _ property: String) -> Bool {
            var t = start
            for name in names {
                guard let next = project.storedPropertyType(name, of: t) else { return false }
                t = TypeRef.baseName(of: next)
            }
            guard project.symbol(t)?.declarationPath != nil else { return false }
            return project.isObservableModel(t) && project.observableState(of: t).contains(property)
        }
        return StateSources(synchronousOperators: project.fact(PublisherFacts.self).synchronousMethods, otherModelState: { holder, property in
            guard let t = holderType(holder, locals: true) else { return false }
            // A protocol (`any CounterStoring`): the state of every type of the project that adopts it.
            if let adopters = project.fact(PublisherAliases.self).protocolAdopters[t] {
                return adopters.allSatisfy { project.isObservableModel($0) && project.observableState(of: $0).contains(property) }
            }
            return project.isObservableModel(t) && project.observableState(of: t).contains(property)
        }, publisherAlias: { holder, name in
            guard let t = holder.map({ holderType($0) }) ?? model else { return nil }
            // A requirement of a protocol that every adopter implements with the same state's publisher.
            if let adopters = project.fact(PublisherAliases.self).protocolAdopters[t] {
                let properties = adopters.map { a in project.fact(PublisherAliases.self).aliases(of: a, in: project).first { $0.name == name }?.property }
                guard let first = properties.first ?? nil, properties.allSatisfy({ $0 == first }) else { return nil }
                return first
            }
            return project.fact(PublisherAliases.self).aliases(of: t, in: project).first { $0.name == name }?.property
        }, sharedChainState: { names, property in
            // `names[0]` a project type and `names[1]` its shared instance (its declared type, else
            // the type itself), then stored properties.
            guard names.count >= 2, let symbol = project.symbol(names[0]), symbol.declarationPath != nil,
                  PropertySummary.mayNameSharedInstance(names[1]) else { return false }
            let t = symbol.staticPropertyTypes.first { $0.name == names[1] }?.type ?? names[0]
            return reachesState(from: t, through: names.dropFirst(2), property)
        }, holderChainState: { names, property in
            // `names[0]` a holder whose type is known, then stored properties.
            guard names.count >= 2, let t = holderType(names[0], locals: true) else { return false }
            return reachesState(from: t, through: names.dropFirst(), property)
        })
    }

    /// What a publisher chain may start from besides the model's own `$state`: see `stateSources`.
    struct StateSources {
        /// Project operators that pass values on at once (`ProjectIndex.synchronousPublisherMethods`).
        var synchronousOperators: Set<String> = []
        /// Whether the operator `name` passes values on at once: Combine's (`map`, …) or the project's.
        func passesOnAtOnce(_ name: String) -> Bool {
            PublisherMethodSummary.synchronousOperators.contains(name) || synchronousOperators.contains(name)
        }
        var otherModelState: (String, String) -> Bool = { _, _ in false }
        var publisherAlias: (String?, String) -> String? = { _, _ in nil }
        var sharedChainState: ([String], String) -> Bool = { _, _ in false }
        var holderChainState: ([String], String) -> Bool = { _, _ in false }
    }

    /// Combine's `assign` subscribers in `body` that write the model's observable state with no
    /// `receive(on:)` to the main queue upstream: `.assign(to: &$items)` and
    /// `.assign(to: \.items, on: self)`. Each with the token of the property's name.
    private func offMainAssignments(in body: TokenRange, state: Set<String>, file: SourceFile, project: ProjectIndex,
                                    mainQueues: Set<String>, otherState: StateSources) -> [(name: String, token: Int)] {
        var found: [(name: String, token: Int)] = []
        for i in body where file.isWord(i, "assign") && file.kind(i - 1) == .period && file.kind(i + 1) == .leftParen
            && file.isWord(i + 2, "to") && file.kind(i + 3) == .colon {
            guard let close = file.partner(i + 1) else { continue }
            var target: Int? = nil
            // `&$items`
            if file.isText(i + 4, "&"), file.kind(i + 5) == .dollarIdentifier, i + 6 == close || file.kind(i + 6) == .comma {
                target = i + 5
            }
            // `\.items, on: self` (also `\Self.items`, `\Model.items`)
            if target == nil, let on = (i + 4..<close).first(where: { file.isWord($0, "on") && file.kind($0 + 1) == .colon }),
               file.isWord(on + 2, "self"), on + 3 == close, file.kind(on - 1) == .comma, file.kind(on - 2) == .identifier,
               file.kind(on - 3) == .period {
                target = on - 2
            }
            guard let t = target else { continue }
            let name = file.kind(t) == .dollarIdentifier ? String(file.name(t).dropFirst()) : file.name(t)
            guard state.contains(name) else { continue }
            let start = file.chain(endingAt: i).start
            if start < i, hasMainReceive(in: start, before: i, file: file, project: project, mainQueues: mainQueues, body: body)
                || derivesFromOwnState(in: start, before: i, state: state, file: file, isolatedState: otherState, body: body) { continue }
            found.append((name, t))
        }
        return found
    }

    /// Combine operators that deliver on the scheduler given as their `scheduler:` argument.
    static let schedulingOperators: Set<String> = ["debounce", "throttle", "delay", "timeout", "interval", "timer", "sample"]

    /// How far back (in tokens) the declaration of a local that starts a publisher chain is looked for.
    static let localSearchWindow = 2_048

    /// RxSwift's subscribers, whose closures run where `observeOn` sends the values.
    static let rxSubscribers: Set<String> = ["subscribe", "bind"]

    /// Locals of `body` bound to the main queue or run loop (`let q = DispatchQueue.main`).
    private func mainQueueLocals(in body: TokenRange, function: FunctionDecl, file: SourceFile) -> Set<String> {
        // Parameters whose default is the main scheduler (`scheduler: AnySchedulerOf<DispatchQueue> = .main`).
        var out = Set(file.parameters(of: function).compactMap { p in p.defaultValue.map { MainActorMutation.isMainScheduler($0, file: file) } == true ? p.name : nil })
        for i in body where file.isWord(i, "let") && file.kind(i + 1) == .identifier && file.kind(i + 2) == .equal {
            let v = i + 3
            if file.isWord(v, "DispatchQueue") || file.isWord(v, "RunLoop") || file.isWord(v, "OperationQueue"),
               file.kind(v + 1) == .period, file.isWord(v + 2, "main"), file.endsStatement(at: v + 3) {
                out.insert(file.name(i + 1))
            }
        }
        return out
    }

    /// Whether the chain that starts at `start` has a `subscribe(on:)` before its statement ends.
    private func subscribesOnScheduler(from start: Int, file: SourceFile) -> Bool {
        var i = start, steps = 0
        while i < file.tokens.count, steps < 4_096 {
            steps += 1
            if file.isWord(i, "subscribe"), file.kind(i - 1) == .period, file.kind(i + 1) == .leftParen, file.isWord(i + 2, "on") { return true }
            if file.kind(i) == .leftParen || file.kind(i) == .leftBrace || file.kind(i) == .leftBracket, let close = file.partner(i), close > i {
                i = close + 1
            } else {
                i += 1
            }
            if file.endsStatement(at: i), file.kind(i) != .period { return false }
        }
        return true
    }

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
    private func injectedMainSchedulers(of types: [TypeDecl], in file: SourceFile) -> Set<String> {
        var main = Set<String>(), other = Set<String>()
        for t in types {
            for f in t.functions where f.kind == .initializer {
                guard let body = f.bodyTokens else { continue }
                let params = file.parameters(of: f)
                let mainParams = Set(params.compactMap { p in p.defaultValue.map { MainActorMutation.isMainScheduler($0, file: file) } == true ? p.name : nil })
                for (name, i) in propertyAssignments(in: body, file: file) {
                    var end = i + 1
                    while end < body.upperBound, !file.endsStatement(at: end), end - i < 16 { end += 1 }
                    let value = (i + 1)..<end
                    if (value.count == 1 && file.kind(i + 1) == .identifier && mainParams.contains(file.name(i + 1)))
                        || (!value.isEmpty && MainActorMutation.isMainScheduler(value, file: file)) {
                        main.insert(name)
                    } else {
                        other.insert(name)
                    }
                }
            }
        }
        return main.subtracting(other)
    }

    /// End of the call argument that starts at `start`: the next `,` at its depth, or `close`.
    private func argumentEnd(from start: Int, close: Int, file: SourceFile) -> Int {
        var i = start
        while i < close {
            switch file.kind(i) {
            case .leftParen, .leftBracket, .leftBrace: i = min(close, (file.partner(i) ?? i) + 1)
            case .comma: return i
            default: i += 1
            }
        }
        return close
    }

    /// `center.addObserver(forName: n, object: nil, queue: .main) { … }`.
    private func callPassesMainQueue(_ c: ClosureInfo, file: SourceFile) -> Bool {
        guard let open = c.callee.last?.callParen, let close = file.partner(open) else { return false }
        return (open..<close).contains { file.isWord($0, "main") && file.kind($0 - 1) == .period }
    }

    /// `Text("Edit").onTapGesture { … }`, `DetailView(item).onDisappear { … }`, `Button("Done") { … }`,
    /// `Button(action: { … })`: an event handler of a view that the chain constructs (a SwiftUI
    /// view or a view-like type of the project), which SwiftUI calls on the main thread.
    private func isSwiftUIEventHandler(_ c: ClosureInfo, names: [String], file: SourceFile, project: ProjectIndex) -> Bool {
        guard let first = c.callee.first, let last = names.last else { return false }
        if names.count == 1, last == "Button" { return c.label == nil || c.label == "action" }
        guard names.count >= 2, MainActorMutation.viewEventHandlers.contains(last), first.name.first?.isUppercase == true else { return false }
        return MainActorMutation.swiftUIViews.contains(first.name) || project.isViewLike(first.name)
    }

    static let realmModules: Set<String> = ["RealmSwift", "Realm"]

    /// `main` or `current` for the run loop that `RunLoop.main.add(…)` / `RunLoop.current.add(…)`
    /// names after `start` in `body`, when every such call names the same one; nil when none does.
    private func timerRunLoop(in body: TokenRange, after start: Int, file: SourceFile) -> String? {
        var found: String? = nil
        for i in start..<body.upperBound where file.isWord(i, "RunLoop") && file.kind(i + 1) == .period && file.kind(i + 3) == .period
            && file.isWord(i + 4, "add") && file.kind(i + 5) == .leftParen {
            let loop = file.isWord(i + 2, "main") ? "main" : file.isWord(i + 2, "current") ? "current" : ""
            if loop.isEmpty || (found != nil && found != loop) { return nil }
            found = loop
        }
        return found
    }

    /// View modifiers and gesture callbacks whose closures SwiftUI calls on the main thread.
    static let viewEventHandlers: Set<String> = [
        "onAppear", "onDisappear", "onTapGesture", "onLongPressGesture", "onChange", "onSubmit", "onDelete", "onMove",
        "onHover", "onEnded", "onChanged", "onCommit",
    ]
    /// SwiftUI views and gestures that start such a chain.
    static let swiftUIViews: Set<String> = [
        "Text", "Image", "Label", "Button", "VStack", "HStack", "ZStack", "List", "ScrollView", "Form", "Group", "Section",
        "NavigationStack", "NavigationView", "TextField", "SecureField", "Toggle", "Picker", "Color", "Rectangle", "EmptyView",
        "ForEach", "LazyVStack", "LazyHStack", "TapGesture", "LongPressGesture", "DragGesture", "MagnificationGesture",
    ]

    /// `center.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil, queue: nil) { … }`:
    /// with no queue, the block runs where the notification is posted, the main thread for those
    /// of `namesMainPostedNotification`.
    private func observesMainPostedNotificationWhereItIsPosted(_ c: ClosureInfo, file: SourceFile) -> Bool {
        guard let open = c.callee.last?.callParen, let close = file.partner(open), close > open else { return false }
        var name: Range<Int>? = nil, queueIsNil = false
        var k = open + 1
        while k < close {
            let end = argumentEnd(from: k, close: close, file: file)
            if file.kind(k) == .identifier, file.kind(k + 1) == .colon {
                if file.isWord(k, "forName") { name = (k + 2)..<end }
                if file.isWord(k, "queue") { queueIsNil = end == k + 3 && file.isWord(k + 2, "nil") }
            }
            k = end + 1
        }
        guard queueIsNil, let n = name else { return false }
        return MainActorMutation.namesMainPostedNotification(n, file: file)
    }

    /// Whether `range` is exactly a notification name of a UIKit, AppKit or WatchKit class that
    /// posts it on the main thread (`UIApplication.didBecomeActiveNotification`,
    /// `UIResponder.keyboardWillShowNotification`, `NSWindow.didResizeNotification`); also with
    /// `Notification.Name` qualification left out of it, as written.
    static func namesMainPostedNotification(_ range: Range<Int>, file: SourceFile) -> Bool {
        guard range.count == 3, file.kind(range.lowerBound) == .identifier, file.kind(range.lowerBound + 1) == .period,
              file.kind(range.lowerBound + 2) == .identifier, mainPostingNotificationTypes.contains(file.name(range.lowerBound)) else { return false }
        return file.name(range.lowerBound + 2).hasSuffix("Notification")
    }

    /// Classes whose notifications UIKit, AppKit and WatchKit post on the main thread: the
    /// application and its scenes and windows, the device's orientation and battery, the screen,
    /// the keyboard (`UIResponder`), text input and accessibility settings.
    static let mainPostingNotificationTypes: Set<String> = [
        "UIApplication", "UIScene", "UIWindowScene", "UIWindow", "UIDevice", "UIResponder", "UIScreen",
        "UIContentSizeCategory", "UIAccessibility", "UITextField", "UITextView", "UIMenuController",
        "NSApplication", "NSWindow", "NSView", "NSControl", "NSTextView", "NSMenu", "NSPopover",
        "WKExtension", "WKApplication",
    ]

    private struct QueueProperties {
        var main: Set<String> = []
        var background: Set<String> = []
        /// Properties and locals holding an instance of a class of `mainThreadCallbacks`: name → class.
        var framework: [String: String] = [:]
        /// Stored properties that hold only timers of the main run loop
        /// (`ticks = Timer.publish(every: 1, on: .main, in: .common)`).
        var mainTimers: Set<String> = []
    }

    /// Framework classes documented to call the completion handlers of these methods on the main
    /// thread: MapKit's searches and directions, CoreLocation's geocoder.
    static let mainThreadCallbacks: [String: Set<String>] = [
        "MKLocalSearch": ["start"],
        // Local event monitors run inside the application's event dispatch, on the main thread.
        "NSEvent": ["addLocalMonitorForEvents"],
        "MKDirections": ["calculate", "calculateETA"],
        "CLGeocoder": ["reverseGeocodeLocation", "geocodeAddressString", "geocodePostalAddress"],
        // AppKit's panels and alerts run on the main thread and call their completion handlers there.
        "NSOpenPanel": ["begin", "beginSheetModal"],
        "NSSavePanel": ["begin", "beginSheetModal"],
        "NSAlert": ["beginSheetModal"],
    ]

    /// Library classes that call the completion handlers of these methods on the main queue, with
    /// the modules that a file imports for the name to be that library's class: Firestore runs its
    /// completion and snapshot handlers on its settings' dispatch queue, the main queue unless set
    /// otherwise (not a transaction's update block, which runs elsewhere); Firebase Auth calls its
    /// completion blocks and listeners on the main thread; GoogleSignIn its completion blocks.
    static let libraryMainThreadCallbacks: [String: (modules: Set<String>, methods: Set<String>)] = [
        "Firestore": (["FirebaseFirestore", "Firebase"],
                      ["getDocument", "getDocuments", "addDocument", "setData", "updateData", "delete", "addSnapshotListener", "commit"]),
        // What `Firestore.firestore().collection(…)` and `.document(…)` return, held in a property.
        "CollectionReference": (["FirebaseFirestore", "Firebase"],
                                ["getDocuments", "addDocument", "addSnapshotListener"]),
        "DocumentReference": (["FirebaseFirestore", "Firebase"],
                              ["getDocument", "setData", "updateData", "delete", "addSnapshotListener"]),
        "Auth": (["FirebaseAuth", "Firebase"],
                 ["signIn", "createUser", "signInAnonymously", "sendPasswordReset", "sendEmailVerification", "addStateDidChangeListener",
                  "addIDTokenDidChangeListener", "reload", "getIDToken", "getIDTokenResult"]),
        // GoogleSignIn calls its completion blocks asynchronously on the main queue.
        "GIDSignIn": (["GoogleSignIn"], ["signIn", "restorePreviousSignIn", "disconnect", "addScopes", "refreshTokensIfNeeded"]),
        "GIDGoogleUser": (["GoogleSignIn"], ["addScopes", "refreshTokensIfNeeded"]),
    ]

    /// The class of `libraryMainThreadCallbacks` or `mainThreadCallbacks` that an initial value makes:
    /// its constructor, or a shared instance (`Firestore.firestore()`).
    private func frameworkMade(at start: Int, end: Int, file: SourceFile) -> String? {
        if file.isFirestoreInstance(at: start) { return "Firestore" }
        guard let made = file.constructedType(at: start, end: end, annotated: nil)?.name else { return nil }
        return MainActorMutation.mainThreadCallbacks[made] != nil ? made : nil
    }

    /// `queues` with the locals of `body` that hold a framework instance (`let search =
    /// MKLocalSearch(request: r)`); parameters and other locals of those names shadow the properties.
    private func withFrameworkLocals(_ queues: QueueProperties, in body: TokenRange, function: FunctionDecl, file: SourceFile) -> QueueProperties {
        var q = queues
        for p in file.parameters(of: function) { q.framework[p.name] = nil }
        for i in body where (file.isWord(i, "let") || file.isWord(i, "var")) && file.kind(i + 1) == .identifier {
            q.framework[file.name(i + 1)] = file.kind(i + 2) == .equal ? frameworkMade(at: i + 3, end: body.upperBound, file: file) : nil
        }
        return q
    }

    /// Stored `DispatchQueue`/`OperationQueue` properties of the model (`types`: its declaration and
    /// extensions in this file), main or not.
    /// With `framework`, also its properties holding a class of `mainThreadCallbacks`.
    private func queueProperties(of types: [TypeDecl], in file: SourceFile, framework: Bool) -> QueueProperties {
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
                if framework, let framework = typeName ?? v.initializer.flatMap({ frameworkMade(at: $0.lowerBound, end: $0.upperBound, file: file) }),
                   MainActorMutation.mainThreadCallbacks[framework] != nil || MainActorMutation.libraryMainThreadCallbacks[framework] != nil {
                    q.framework[v.name] = framework
                    continue
                }
                if let r = v.initializer, MainActorMutation.isMainScheduler(r, file: file) { q.main.insert(v.name); continue }
                let initText = v.initializer.map { file.text(of: $0, compact: true) } ?? ""
                // `let context = PersistenceController.shared.container.viewContext`: a main-queue context.
                if initText.hasSuffix(".viewContext") { q.main.insert(v.name); continue }
                let isQueue = typeName == "DispatchQueue" || typeName == "OperationQueue" || initText.hasPrefix("DispatchQueue") || initText.hasPrefix("OperationQueue")
                guard isQueue else { continue }
                if initText.hasSuffix(".main") || initText == "DispatchQueue.main" { q.main.insert(v.name) } else { q.background.insert(v.name) }
            }
        }
        q.main.formUnion(injectedMainSchedulers(of: types, in: file).filter { name in types.contains { $0.variables.contains { $0.name == name && !$0.isStatic } } })
        q.mainTimers = mainTimerProperties(of: types, in: file)
        return q
    }

    /// Stored properties of `types` whose initial value and every value the types' members assign
    /// (`ticks = …`, `self.ticks = …`) is a timer of the main run loop. Only files that call a
    /// `publish` are read.
    /// The assignments in `body` of a plain or `self.` name (`ticks = …`, `self.ticks = …`), each
    /// with its `=` token; a member of another object (`other.ticks = …`) is not one.
    private func propertyAssignments(in body: TokenRange, file: SourceFile) -> [(name: String, equal: Int)] {
        var out: [(name: String, equal: Int)] = []
        for i in body where file.kind(i) == .equal && file.kind(i - 1) == .identifier {
            let viaSelf = file.kind(i - 2) == .period && file.isWord(i - 3, "self")
            guard viaSelf || file.kind(i - 2) != .period else { continue }
            out.append((file.name(i - 1), i))
        }
        return out
    }

    private func mainTimerProperties(of types: [TypeDecl], in file: SourceFile) -> Set<String> {
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
    private func localNames(in body: TokenRange, function: FunctionDecl, file: SourceFile) -> Set<String> {
        var names = Set(file.parameters(of: function).map(\.name))
        for i in body where (file.isWord(i, "let") || file.isWord(i, "var")) && file.kind(i + 1) == .identifier {
            names.insert(file.name(i + 1))
        }
        return names
    }

    /// Combine operators that take a closure, run where the upstream delivers its values.
    static let combineOperators: Set<String> = [
        "handleEvents", "tryMap", "tryCompactMap", "tryFilter", "scan", "tryScan", "tryReduce", "tryRemoveDuplicates",
        "catch", "tryCatch", "tryAllSatisfy", "tryContains", "tryFirst", "tryLast", "tryDrop", "tryPrefix",
    ]

    /// Methods that only Firestore's references and queries have, which call back on the main queue.
    static let firestoreOnlyMethods: Set<String> = ["addSnapshotListener", "getDocuments", "getDocument"]

    /// The methods of Firestore and its references that call back on the main queue.
    static let firestoreReferenceMethods: Set<String> = ["Firestore", "CollectionReference", "DocumentReference"].reduce(into: []) {
        $0.formUnion(libraryMainThreadCallbacks[$1]?.methods ?? [])
    }

    /// Modules that give Firestore's Combine publishers (`snapshotPublisher()`).
    static let firestoreCombineModules: Set<String> = ["FirebaseFirestore", "Firebase", "FirebaseFirestoreCombineSwift"]

    /// Methods that only Firebase Auth's `User` and `UserProfileChangeRequest` have, whose
    /// completion blocks Firebase calls on the main thread.
    static let authUserOnlyMethods: Set<String> = ["commitChanges", "updatePassword", "reauthenticate", "sendEmailVerification"]

    static let alamofireHandlers = alamofireMainQueueHandlers

    /// Socket.IO's methods that register or await a handler (`on`, `once`, `onAny`, and
    /// `timingOut` after `emitWithAck`).
    static let socketIOHandlers: Set<String> = ["on", "once", "onAny", "timingOut"]

    /// PromiseKit's and Google Promises' handlers, which run on the main queue by default.
    static let promiseHandlers: Set<String> = ["done", "then", "get", "ensure", "ensureThen", "catch", "recover", "finally", "always", "validate"]
    /// The modules of those promise libraries: PromiseKit, and Google's Promises.
    static let promiseModules = ["PromiseKit", "Promises"]

    static let queueMethods = queueSchedulingMethodNames
    /// Calls whose closure runs synchronously, in the caller's context.
    static let synchronousCalls = synchronousClosureCallNames
}

private extension String {
    static func offMain(_ name: String, model: String, reason: String) -> String {
        "`\(name)` is observable state of `\(model)` and is mutated off the main actor (\(reason)); isolate `\(model)` with `@MainActor` or hop to the main actor first"
    }
}
