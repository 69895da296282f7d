/// `loading_state_reset`: a loading flag set before async work is reset on every way out.
import MVILintCore

struct LoadingStateReset: Rule {
    static let info = RuleInfo(
        id: "loading_state_reset",
        title: "Loading Flag Reset on Every Exit",
        summary: "A model method that sets a loading flag to `true` before `try`/`await` work must reset it on every exit",
        rationale: """
        A spinner driven by `isLoading = true` stays on screen forever when one way out of the method \
        forgets `isLoading = false`: typically the `catch` clause, an early `return` in a `guard`, or a \
        `try` that propagates the error out of a throwing method. The finding names the first such way \
        out, and a note points at it. Reset the flag in a `defer` right after setting it, or on every \
        path. The rule follows each method of an observable model (and \
        each `Task { }` closure inside one, as a flow of its own) through its statements, `if`/`else`, \
        `guard`, `do`/`catch`, `defer`, `return`, `throw` and propagating `try`. It reports only when \
        the flag is set with a literal `true`, some `try` or `await` follows, and a path it can follow \
        leaves the flag `true`. Precision comes first: a loop or `switch` that touches the flag or can \
        leave the method while it is set, a flag written inside another closure, a conditional \
        compilation block, or any other write to the flag makes the rule stay silent for that method. \
        A `Task { }` that the method starts after setting the flag, and that resets it itself, takes \
        the flag over: the task is followed from there, and the method's own exits no longer answer \
        for it; a write to the flag in the method after the task starts makes the rule stay silent. \
        The `else` of a `guard let self` leaves only once the model is gone and is not a leak. \
        A `defer` that writes the flag counts as a reset. Flags are matched as `flag` or `state.flag`. \
        In a cancel-and-restart (the method cancels the task it stored in a private property, \
        `task?.cancel()`, before it sets the flag, in the method or as the task's first work, or \
        another method cancels it and calls the method at once, `retry() { task?.cancel(); start() }`, \
        and the method stores the next one, and no other method cancels that task without starting \
        the next), the \
        cancelled run's exits on cancellation (`guard !Task.isCancelled else { return }`, \
        `if Task.isCancelled { return }`, `catch is CancellationError`, with or without a \
        `return`, `if error is CancellationError { return }` in a `catch`, and the path that skips `if !Task.isCancelled { isLoading = false }`) leave the \
        flag to the run that replaced it and are not leaks. So are the exits of a run that a newer \
        one has superseded, told by a token the method writes before its work and compares after \
        it (`generation += 1; let mine = generation`, then `guard mine == generation else { return }`; \
        `let id = UUID(); loadID = id`, then `if id != loadID { return }`): the newer run set the \
        flag itself and answers for it.
        """,
        category: .state,
        defaults: [.mvvm: .warning, .mvi: .warning],
        options: [
            RuleOption("flags", default: .strings(LoadingStateReset.defaultFlags), "Names of loading flags (also matched under `state.`)"),
        ],
        examples: LoadingStateReset.examplesList)

    static let defaultFlags = ["isLoading", "loading", "isFetching", "isRefreshing"]
    static let defaultFlagWords = WordSet(defaultFlags)

    /// Only a file's model classes (and their extensions) are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresModel }

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        let flags = context.strings("flags", in: Self.info)
        // The default flags (nearly every run) are looked up in a table built once.
        let flagWords = flags == LoadingStateReset.defaultFlags ? LoadingStateReset.defaultFlagWords : WordSet(flags)
        var reported = Set<Int>()
        // Grouped once: a file with thousands of models must not scan all its types per model.
        var typesByName: [String: [TypeDecl]]? = nil
        for type in file.tree.allTypes where project.isModel(type) {
            // Methods of the model in this file (declaration and extensions) that write a flag.
            // Built only when a method names a flag (most models have no loading flag at all).
            var methods: [FunctionDecl]? = nil
            // The helper methods' effects depend only on the path: computed once per model.
            var helpersByPath: [[String]: [String: Bool]] = [:]
            // Each method's mutations, found once and shared by every flag and path.
            var methodMutations: [[Mutation]]? = nil
            for f in type.functions where f.kind == .function {
                guard let body = f.bodyTokens else { continue }
                // Only a body that names a flag can set one: skip the flow analysis otherwise.
                // Only the flags the body names can be set in it, and `state.flag` needs `state`.
                var named: Set<String> = [], namesState = false
                for i in body where file.kind(i) == .identifier {
                    if file.isText(i, in: flagWords) { named.insert(file.text(i)) } else if file.isWord(i, "state") { namesState = true }
                }
                guard !named.isEmpty else { continue }
                let base = file.bodyAnalysis.innermost.indices.contains(body.lowerBound - 1) ? Int(file.bodyAnalysis.innermost[body.lowerBound - 1]) : -1
                var flows = [Flow(range: body, base: base, throwing: f.isThrowing, locals: Set(file.parameters(of: f).map(\.name)))]
                // Every `Task { }` inside the method is a flow of its own: its body runs later.
                var tasks: [Int: Flow] = [:]
                // For each flow, the index of its task's closure (nil for the method's own body).
                var flowTasks: [Int?] = [nil]
                // Tasks whose handle the method cancels before starting them again.
                var restarted = Set<Int>()
                let closures = file.closures(in: body)
                if typesByName == nil, !closures.isEmpty { typesByName = Dictionary(grouping: file.tree.allTypes, by: \.indexName) }
                for c in closures where isTask(c, among: closures, file: file) {
                    let index = Int(file.bodyAnalysis.innermost[c.open])
                    let start = c.inToken.map { $0 + 1 } ?? c.open + 1
                    guard start < c.close else { continue }
                    let flow = Flow(range: start..<c.close, base: index, throwing: true, locals: [])
                    flows.append(flow)
                    flowTasks.append(index)
                    // A task started by the method's own code may take over a flag the method set.
                    if (c.parent ?? -1) == base {
                        tasks[index] = flow
                        if cancelsPreviousRun(of: c, in: body, function: f, of: typesByName?[type.indexName] ?? [type], file: file) { restarted.insert(index) }
                    }
                }
                for (n, flow) in flows.enumerated() {
                    for flag in flags where named.contains(flag) {
                        for path in namesState ? [[flag], ["state", flag]] : [[flag]] {
                            var analysis = FlagFlow(file: file, flow: flow, path: path)
                            if n == 0 { analysis.tasks = tasks }
                            // A task of a cancel-and-restart that sets the flag itself: its exits on
                            // cancellation leave the flag to the run that replaced it.
                            if let task = flowTasks[n], restarted.contains(task) { analysis.cancellationExitsHandOn = true }
                            if helpersByPath[path] == nil {
                                if methods == nil {
                                    if typesByName == nil { typesByName = Dictionary(grouping: file.tree.allTypes, by: \.indexName) }
                                    methods = (typesByName?[type.indexName] ?? []).flatMap(\.functions)
                                }
                                if methodMutations == nil { methodMutations = (methods ?? []).map { m in m.bodyTokens.map { file.mutations(in: $0) } ?? [] } }
                                helpersByPath[path] = helperEffects(of: methods ?? [], mutations: methodMutations ?? [], path: path, file: file)
                            }
                            analysis.helpers = helpersByPath[path] ?? [:]
                            for leak in analysis.leakingSites() where reported.insert(leak.site).inserted {
                                let flag = path.joined(separator: ".")
                                context.report(at: leak.site, .notReset(flag, method: f.name, exit: leak.exit.phrase(in: file)),
                                               notes: [FindingNote(path: file.path, location: file.location(ofToken: leak.exit.token), message: .stillSet(flag, leaving: "`\(f.name)`"))])
                            }
                            // The flag set before `Task { … }` that resets it is the task's to reset:
                            // followed through the task's body from the states where it starts.
                            for (task, entry) in analysis.handoffs.sorted(by: { $0.key < $1.key }) {
                                guard let taskFlow = tasks[task], entry.contains(where: { $0.site != nil }) else { continue }
                                var handed = FlagFlow(file: file, flow: taskFlow, path: path)
                                handed.helpers = analysis.helpers
                                handed.entry = entry
                                handed.cancellationExitsHandOn = restarted.contains(task)
                                for leak in handed.leakingSites() where reported.insert(leak.site).inserted {
                                    let flag = path.joined(separator: ".")
                                    context.report(at: leak.site, .notResetInTask(flag, method: f.name, exit: leak.exit.phrase(in: file)),
                                                   notes: [FindingNote(path: file.path, location: file.location(ofToken: leak.exit.token), message: .stillSet(flag, leaving: "the `Task` that `\(f.name)` starts"))])
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// `stopLoading()` that writes `isLoading = false` resets the flag where it is called; a
    /// method that writes the flag any other way makes the flow unknowable.
    private func helperEffects(of methods: [FunctionDecl], mutations: [[Mutation]], path: [String], file: SourceFile) -> [String: Bool] {
        var out: [String: Bool] = [:]
        for (m, found) in zip(methods, mutations) {
            guard m.bodyTokens != nil else { continue }
            let writes = found.filter { $0.path == path || (path.count > 1 && Array(path.prefix($0.path.count)) == $0.path) }
            guard !writes.isEmpty else { continue }
            let onlyResets = writes.allSatisfy { w in
                w.path == path && w.kind == .assignment && file.isWord(w.operatorToken + 1, "false")
            }
            out[m.name] = (out[m.name] ?? true) && onlyResets
        }
        // A method that does not write the flag itself but calls one that only resets it (and no
        // other flag writer) resets it too: `finishLoading()` that calls `clearLoading()`, at once
        // or from a task it starts. Followed through chains of such methods.
        var changed = !out.isEmpty
        var rounds = 0
        while changed, rounds < 8 {
            changed = false
            rounds += 1
            for m in methods where out[m.name] == nil {
                guard let body = m.bodyTokens else { continue }
                var resets = false, other = false
                // Also `self?.clear()` in a task that holds `self` weakly.
                for i in body where file.callsOwnMethod(at: i, weakSelf: true) {
                    guard let onlyResets = out[file.name(i)] else { continue }
                    if onlyResets { resets = true } else { other = true }
                }
                if resets && !other {
                    out[m.name] = true
                    changed = true
                }
            }
        }
        return out
    }

    /// Whether the task `c` is stored in a private property (`refreshTask = Task { … }`) that the
    /// method cancels before it starts the task (`refreshTask?.cancel()`), and that no other
    /// method of the model (in `declarations`, its declaration and extensions in this file)
    /// cancels without starting it again, `deinit` aside: a cancel-and-restart, whose cancellers
    /// start the next run.
    private func cancelsPreviousRun(of c: ClosureInfo, in body: TokenRange, function: FunctionDecl, of declarations: [TypeDecl], file: SourceFile) -> Bool {
        guard let start = c.calleeStart, file.kind(start - 1) == .equal, file.kind(start - 2) == .identifier else { return false }
        let handle = file.name(start - 2)
        guard let property = declarations.lazy.flatMap(\.variables).first(where: { $0.name == handle && !$0.isStatic }),
              property.header.access <= .fileprivate else { return false }
        func cancels(in range: Range<Int>) -> Bool {
            range.contains { i in
                guard file.isWord(i, "cancel"), file.kind(i - 1) == .period, file.kind(i + 1) == .leftParen else { return false }
                var j = i - 2
                if file.isText(j, "?") || file.isText(j, "!") { j -= 1 }
                return file.kind(j) == .identifier && file.name(j) == handle
            }
        }
        let cancelsHere = cancels(in: body.lowerBound..<(start - 2))
        // Another method may cancel it only to restart it in turn (`handle = Task { … }`), or to
        // call this method again (`retry() { handle?.cancel(); start() }`).
        var restartingCancellers = 0
        for other in declarations.lazy.flatMap(\.functions) where other.nameToken != function.nameToken && other.kind != .deinitializer {
            guard let b = other.bodyTokens, cancels(in: b) else { continue }
            let restarts = b.contains { i in
                guard file.kind(i) == .identifier else { return false }
                if file.name(i) == handle && file.kind(i + 1) == .equal && file.isWord(i + 2, "Task") { return true }
                return function.kind == .function && file.kind(i + 1) == .leftParen && file.name(i) == function.name
                    && (file.kind(i - 1) != .period || (file.isWord(i - 2, "self") && file.kind(i - 3) != .period))
            }
            if !restarts { return false }
            restartingCancellers += 1
        }
        return cancelsHere || restartingCancellers > 0
    }

    /// The body of `Task { }`, `Task(priority: …) { }`, `Task.detached { }` or `Task(operation: { })`:
    /// the trailing closure or the one labelled `operation`. Another closure passed to `Task(…)`
    /// belongs to a project's own initialiser (`Task({ … }, catch: { … })`), whose errors go elsewhere.
    private func isTask(_ c: ClosureInfo, among closures: [ClosureInfo], file: SourceFile) -> Bool {
        let names = c.callee.map(\.name)
        guard let last = names.last, c.isTrailing || c.label == "operation" else { return false }
        guard (last == "Task" && names.count == 1) || (names == ["Task", "detached"]) else { return false }
        // A second trailing closure (`} catch: { … }`) or closure argument.
        if file.kind(c.close + 1) == .identifier || file.kind(c.close + 1) == .keyword, file.kind(c.close + 2) == .colon,
           file.kind(c.close + 3) == .leftBrace { return false }
        return !closures.contains { $0.open != c.open && $0.calleeStart != nil && $0.calleeStart == c.calleeStart }
    }
}

private extension String {
    static func notReset(_ flag: String, method: String, exit: String) -> String {
        "`\(flag)` is set to `true` in `\(method)`, which does `try`/`await` work, but stays `true` when the method leaves through \(exit); reset it in a `defer` right after setting it"
    }

    static func notResetInTask(_ flag: String, method: String, exit: String) -> String {
        "`\(flag)` is set to `true` in `\(method)` and handed to the `Task` it starts, which does `try`/`await` work, but stays `true` when the task leaves through \(exit); reset it in a `defer` at the top of the task"
    }

    static func stillSet(_ flag: String, leaving who: String) -> String {
        "`\(flag)` is still `true` when \(who) leaves here"
    }
}
