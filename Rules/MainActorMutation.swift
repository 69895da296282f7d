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
        model with `@MainActor`, or hop to the main actor before the write.

        A write is reported when the closure around it is known to run off the main actor, or when it \
        is in an `async` method. Where a closure runs is told by the call it is given to: Dispatch, \
        Combine, RxSwift, tasks and timers by their rules, the SDKs and libraries by tables of what \
        mvilint knows (the rule's page and `mvilint explain --full` list them), the project's own \
        functions by their code. Teach mvilint your own SDK's main-queue callbacks with \
        `main_queue_callbacks` in `.mvilint.json`.
        """,
        details: MainActorMutation.details,
        category: .concurrency,
        defaults: [.mvvm: .error, .mvi: .error],
        knowledge: [MainQueueCallbacks.table, MainPostedNotifications.table, ClosureCallingFunctions.table, SwiftUIEvents.table,
                    SwiftUIViews.table, MainActorSDKTypes.table],
        examples: MainActorMutation.examplesList)

    /// A file's model classes (and their extensions) are checked, and the calls of the models'
    /// state-writing methods in the files that may make one.
    static func mayReport(in scope: FileScope) -> Bool {
        scope.declaresModel || scope.project.fact(StateWritingMethods.self).callerFiles.contains(scope.path)
    }

    /// What it collects about the project: where the project's functions, publishers, subjects,
    /// library constants and closure-carrying enum cases run the closures they are given.
    static let facts: [any ProjectFact.Type] = [MainHopFacts.self, PublisherFacts.self, MainOnlySubjects.self, LibraryConstants.self,
                                                ClosureCases.self, PublisherAliases.self, StateWritingMethods.self]

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project, knowledge = context.settings.knowledge
        // The file's declarations and extensions of each type, grouped once (a file with many
        // models would otherwise scan all its types once per model).
        var typesByName: [String: [TypeDecl]]? = nil
        // Properties and locals holding a library's object are looked for only in files that name
        // one of the classes of `MainQueueCallbacks`.
        let namesFramework = file.containsIdentifier(in: knowledge.callbackReceiverSearch)
        // A Combine `assign` writes without an assignment in the code; most files name none.
        let namesAssign = file.containsIdentifier("assign")
        for type in file.tree.allTypes where project.isModel(type) {
            let model = type.indexName
            var state = project.observableState(of: model)
            guard !state.isEmpty else { continue }
            if typesByName == nil { typesByName = Dictionary(grouping: file.tree.allTypes, by: \.indexName) }
            // A property marked `@MainActor` itself has its writes checked by the compiler.
            for t in typesByName?[model] ?? [] { for v in t.variables where v.header.isMainActor { state.remove(v.name) } }
            guard !state.isEmpty else { continue }
            let declaredIn = project.symbol(model)?.declarationPath ?? file.path
            let typeIsolated = (type.kind == .class || !type.header.hasModifier("nonisolated")) && project.isMainActorIsolated(model, declaredIn: declaredIn)
                || (type.kind == .extension && type.header.isMainActor)
            let queues = Self.queueProperties(of: typesByName?[model] ?? [], in: file, framework: namesFramework, knowledge: knowledge)
            var reported = Set<Int>()
            let mainActorWitnessed = project.mainActorRequirements(conformedToBy: type)
            for f in type.functions {
                guard let body = f.bodyTokens else { continue }
                if typeIsolated && !f.header.isNonisolated { continue }
                // A `@MainActor` method, or a witness of a `@MainActor` requirement of a conformance
                // stated here, is isolated: only closures that leave the main actor are checked.
                let isolated = f.header.isMainActor || (f.kind == .function && !f.header.isNonisolated && mainActorWitnessed.contains(f.name))
                let locals = Self.localNames(in: body, function: f, file: file)
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
                        bodyQueues = namesFramework ? Self.withFrameworkLocals(queues, in: body, function: f, file: file, knowledge: knowledge) : queues
                        bodyQueues!.main.formUnion(Self.mainQueueLocals(in: body, function: f, file: file))
                    }
                    let around = Surroundings(function: f, body: body, model: model, state: state, file: file, project: project, queues: bodyQueues!, knowledge: knowledge)
                    guard let reason = offMainReason(of: m.operatorToken, in: around, isolated: isolated) else { continue }
                    guard reported.insert(m.rootToken).inserted else { continue }
                    context.report(at: m.rootToken, .offMain(root, model: model, reason: reason))
                }
                if namesAssign && !isolated {
                    let otherState = Self.stateSources(function: f, model: model, file: file, project: project)
                    // The queues a `receive(on:)` may name: stored ones and the function's locals.
                    let mainQueues = queues.main.union(Self.mainQueueLocals(in: body, function: f, file: file))
                    for a in Self.offMainAssignments(in: body, state: state, file: file, project: project, knowledge: knowledge, mainQueues: mainQueues, otherState: otherState)
                    where reported.insert(a.token).inserted {
                        context.report(at: a.token, .offMain(a.name, model: model, reason: "by a Combine `assign` with no `receive(on:)` to the main queue upstream"))
                    }
                }
            }
        }
        let writers = project.fact(StateWritingMethods.self)
        if !writers.writers.isEmpty, !file.isTestCode, writers.callerFiles.contains(file.path) {
            reportStateWritingCalls(&context, writers: writers, namesFramework: namesFramework, typesByName: &typesByName)
        }
    }

    /// A method of a model, with what is known around it.
    struct Surroundings {
        let function: FunctionDecl
        let body: TokenRange
        let model: String
        let state: Set<String>
        let file: SourceFile
        let project: ProjectIndex
        let queues: QueueProperties
        let knowledge: Knowledge
    }

    /// Why the write at `token` runs off the main actor: the innermost closure around it whose
    /// placement is known decides (`PlacementResolvers`); with none, an `async` method is off it.
    /// Nil when it runs on the main actor, or where is not known.
    /// `isolated`: the code around runs on the main actor (a `@MainActor` method, a view's):
    /// only a closure that a non-main queue runs, or a detached or child task, leaves it.
    func offMainReason(of token: Int, in s: Surroundings, isolated: Bool = false) -> String? {
        for closure in s.file.bodyAnalysis.enclosingClosures(of: token) where closure.open >= s.body.lowerBound - 1 {
            let query = ClosureQuery(closure: closure, function: s.function, model: s.model, state: s.state, file: s.file, project: s.project,
                                     queues: s.queues, knowledge: s.knowledge)
            switch isolated ? PlacementResolvers.placementInIsolatedCode(of: query) : PlacementResolvers.placement(of: query) {
            case .main: return nil
            case .offMain(let reason): return reason
            case .unknown: continue
            }
        }
        return !isolated && s.function.isAsync ? "in the `async` method `\(s.function.name)`" : nil
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
}

private extension String {
    static func offMain(_ name: String, model: String, reason: String) -> String {
        "`\(name)` is observable state of `\(model)` and is mutated off the main actor (\(reason)); isolate `\(model)` with `@MainActor` or hop to the main actor first"
    }
}
