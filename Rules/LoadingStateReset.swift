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

/// One body to follow: a method's, or a `Task { }` closure's.
private struct Flow {
    var range: TokenRange
    /// Index of the closure the body's own tokens belong to (-1 outside every closure).
    var base: Int
    /// Whether an uncaught `try` leaves the body (a throwing method, a task closure).
    var throwing: Bool
    /// Parameter names, which may shadow the flag.
    var locals: Set<String>
}

/// A path's state: the site that set the flag when it is still `true` (nil once reset), and the
/// token through which the path last turned towards an exit (a `return`, a `throw`, a `try` that
/// passes the error on, a `catch`), which the finding names as the way out that leaks.
private struct PathState: Hashable {
    var site: Int?
    var exit: Int? = nil
    func leaving(through token: Int) -> PathState { PathState(site: site, exit: token) }
}

private extension Set where Element == PathState {
    func leaving(through token: Int) -> Set<PathState> { Set(map { $0.leaving(through: token) }) }
}

/// Where the paths through a statement list go.
private struct Outcome {
    var normal: Set<PathState> = []
    var returns: Set<PathState> = []
    var throwing: Set<PathState> = []

    mutating func merge(exits other: Outcome) {
        returns.formUnion(other.returns)
        throwing.formUnion(other.throwing)
    }
}

/// What a statement's own tokens do to the flag; `handOver` starts the task (closure index) that
/// takes the flag over.
private enum FlagWrite {
    case setTrue(Int), setFalse, handOver(Int), other

    var isHandOver: Bool { if case .handOver = self { return true }; return false }
}

/// Follows one flag through one body.
private struct FlagFlow {
    let file: SourceFile
    let flow: Flow
    let path: [String]
    /// Methods of the model that write the flag: `true` when they only reset it.
    var helpers: [String: Bool] = [:]
    /// Set sites after which some `try`/`await` ran while the flag was `true`.
    var worked: Set<Int> = []
    var gaveUp = false
    /// The flag's states where the body starts: unknown, or set by the method that started this task.
    var entry: Set<PathState> = [PathState(site: nil)]
    /// The `Task { }` flows that the body's own code starts, by closure index.
    var tasks: [Int: Flow] = [:]
    /// Those of `tasks` that write the flag (or call a method that does): the flag set before one
    /// of them is the task's to reset, and the body's own exits no longer answer for it.
    var handingOver: Set<Int> = []
    /// For each task of `handingOver` reached, the flag's states where it starts.
    var handoffs: [Int: Set<PathState>] = [:]
    /// A task of a cancel-and-restart: when it finds itself cancelled, the method that cancelled
    /// it has set the flag again for the run that replaces it, so an exit on cancellation
    /// (`guard !Task.isCancelled else { return }`, `catch is CancellationError`) hands the flag on.
    var cancellationExitsHandOn = false

    init(file: SourceFile, flow: Flow, path: [String]) {
        self.file = file; self.flow = flow; self.path = path
    }

    /// Set sites that some exit leaves `true` after `try`/`await` work, each with the first such exit.
    mutating func leakingSites() -> [(site: Int, exit: LeakingExit)] {
        let writes = file.mutations(in: flow.range).filter { touchesFlag($0) }
        // Only bodies that set the flag to a literal `true` themselves, or tasks started after it
        // was set, are followed.
        let handedOver = entry.contains { $0.site != nil }
        guard handedOver || writes.contains(where: { if case .setTrue = classify($0) { return isOwn($0.operatorToken) } else { return false } }) else { return [] }
        if let root = path.first, flow.locals.contains(root) || file.localNames(in: flow.range).contains(root) { return [] }
        let calls = helperCalls(in: flow.range)
        for (index, task) in tasks where writes.contains(where: { task.range.contains($0.operatorToken) }) || calls.contains(where: { task.range.contains($0.token) }) {
            handingOver.insert(index)
        }
        // A write inside another closure (a completion handler, `sink`, a nested task) happens at a
        // time this flow cannot tell; synchronous wrappers such as `MainActor.run` are inline, and a
        // task that takes the flag over is followed on its own.
        for m in writes where !isOwn(m.operatorToken) && !isInline(m.operatorToken) && !isHandedOver(m.operatorToken) { return [] }
        for c in calls where !isOwn(c.token) && !isInline(c.token) && !isHandedOver(c.token) { return [] }
        let out = run(file.statements(in: flow.range), entry)
        guard !gaveUp else { return [] }
        var exits = out.normal.union(out.returns)
        if flow.throwing { exits.formUnion(out.throwing) }
        let leaking = Set(exits.compactMap(\.site)).intersection(worked)
        // The way out named for each site: the earliest exit token, else the end of the body.
        return leaking.sorted().map { site in
            let tokens = exits.filter { $0.site == site }.compactMap(\.exit)
            return (site, tokens.min().map(LeakingExit.through) ?? .end(flow.range.upperBound))
        }
    }

    // MARK: Statements

    mutating func run(_ statements: [Statement], _ entry: Set<PathState>) -> Outcome {
        var out = Outcome()
        var current = entry
        for (index, s) in statements.enumerated() {
            if gaveUp || current.isEmpty { break }
            if case .deferStatement(let block) = s.kind {
                switch deferEffect(block) {
                case .none: continue
                case .abort: gaveUp = true; return out
                case .reset:
                    // The reset runs whenever the rest of this scope is left, whichever way.
                    let rest = run(Array(statements[(index + 1)...]), current)
                    let cleared = Set([PathState(site: nil)])
                    if !rest.normal.isEmpty { out.normal = cleared }
                    if !rest.returns.isEmpty { out.returns.formUnion(cleared) }
                    if !rest.throwing.isEmpty { out.throwing.formUnion(cleared) }
                    return out
                }
            }
            let r = step(s, current)
            out.merge(exits: r)
            current = r.normal
        }
        out.normal = current
        return out
    }

    mutating func step(_ s: Statement, _ states: Set<PathState>) -> Outcome {
        switch s.kind {
        case .expression, .declaration:
            return effects(of: s.range, states)
        case .returnStatement:
            var r = effects(of: s.range, states)
            r.returns.formUnion(r.normal.leaving(through: s.range.lowerBound))
            r.normal = []
            return r
        case .throwStatement:
            var r = effects(of: s.range, states)
            r.throwing.formUnion(r.normal.leaving(through: s.range.lowerBound))
            r.normal = []
            return r
        case .ifStatement(let condition, let then, let otherwise):
            let c = effects(of: condition, states)
            var out = Outcome(normal: [], returns: c.returns, throwing: c.throwing)
            let t = run(then.statements, c.normal)
            if !(cancellationExitsHandOn && checksCancellation(condition, negated: false)) && !checksSupersededRun(condition, equal: false) { out.merge(exits: t) }
            out.normal.formUnion(t.normal)
            if let e = otherwise {
                let o = run(e.statements, c.normal)
                out.merge(exits: o)
                out.normal.formUnion(o.normal)
            } else if !(cancellationExitsHandOn && checksCancellation(condition, negated: true)) {
                // (`if !Task.isCancelled { isLoading = false }`: the cancelled run skips the block
                // and hands the flag on.)
                out.normal.formUnion(c.normal)
            }
            return out
        case .guardStatement(let condition, let otherwise):
            let c = effects(of: condition, states)
            var out = Outcome(normal: c.normal, returns: c.returns, throwing: c.throwing)
            // The `else` block must leave the scope; a path that seems to fall out of it ends in a
            // call that does not return (`fatalError()`). A `guard let self` leaves only once the
            // model is gone, and no one is left to see the flag.
            let elseExits = run(otherwise.statements, c.normal)
            if !bindsSelf(condition) && !(cancellationExitsHandOn && checksCancellation(condition, negated: true))
                && !checksSupersededRun(condition, equal: true) { out.merge(exits: elseExits) }
            return out
        case .doStatement(let body, let catches):
            let b = run(body.statements, states)
            var out = Outcome(normal: b.normal, returns: b.returns, throwing: [])
            for clause in catches {
                let catchToken = file.isWord(clause.pattern.lowerBound - 1, "catch") ? clause.pattern.lowerBound - 1 : clause.body.range.lowerBound - 1
                let c = run(clause.body.statements, b.throwing.leaving(through: catchToken))
                // `catch is CancellationError { }`: the cancelled run ends there, with or without a
                // `return`, and hands the flag on.
                let onCancellation = cancellationExitsHandOn && clause.pattern.contains { file.isWord($0, "CancellationError") }
                if !onCancellation {
                    out.merge(exits: c)
                    out.normal.formUnion(c.normal)
                }
            }
            if !catches.contains(where: \.catchesAll) { out.throwing.formUnion(b.throwing) }
            return out
        case .deferStatement:
            return Outcome(normal: states)
        case .loop, .switchStatement:
            // Kept whole: fine only when it neither writes the flag nor can leave while it is set.
            if containsFlagWrite(s.range) { gaveUp = true; return Outcome() }
            if states.contains(where: { $0.site != nil }) && containsExit(s.range) { gaveUp = true; return Outcome() }
            markWork(in: s.range, states)
            return Outcome(normal: states)
        case .breakStatement, .continueStatement, .fallthroughStatement, .directive, .opaque:
            gaveUp = true
            return Outcome()
        }
    }

    // MARK: Tokens

    /// Work, a possible throw and flag writes of a statement's own tokens, in that order.
    mutating func effects(of range: TokenRange, _ states: Set<PathState>) -> Outcome {
        var out = Outcome()
        markWork(in: range, states)
        if let t = range.first(where: { isOwn($0) && file.isWord($0, "try") && !isOptionalTry($0) }) { out.throwing = states.leaving(through: t) }
        var current = states
        var writes: [(token: Int, write: FlagWrite)] = []
        for m in file.mutations(in: range) where touchesFlag(m) && (isOwn(m.operatorToken) || isInline(m.operatorToken)) {
            writes.append((m.operatorToken, classify(m)))
        }
        for c in helperCalls(in: range) where isOwn(c.token) || isInline(c.token) {
            writes.append((c.token, c.onlyResets ? .setFalse : .other))
        }
        // The flag's own writes and the starts of the tasks that take it over, in source order.
        for index in handingOver where range.contains(file.bodyAnalysis.closures[index].open) {
            writes.append((file.bodyAnalysis.closures[index].open, .handOver(index)))
        }
        for (_, w) in writes.sorted(by: { $0.token < $1.token }) {
            // Once a task has the flag, a later write here races with it.
            if !handoffs.isEmpty, !w.isHandOver { gaveUp = true; return Outcome() }
            switch w {
            case .setTrue(let site): current = [PathState(site: site)]
            case .setFalse: current = [PathState(site: nil)]
            case .handOver(let index):
                // The task's own exits are named from its start.
                handoffs[index, default: []].formUnion(current.map { PathState(site: $0.site) })
                current = [PathState(site: nil)]
            case .other: gaveUp = true; return Outcome()
            }
        }
        out.normal = current
        return out
    }

    /// Whether token `i` lies in a task that takes the flag over (`handingOver`).
    private func isHandedOver(_ i: Int) -> Bool {
        handingOver.contains { tasks[$0]?.range.contains(i) == true }
    }

    mutating func markWork(in range: TokenRange, _ states: Set<PathState>) {
        let works = range.contains { i in isOwn(i) && (file.isWord(i, "try") || (file.isWord(i, "await") && file.kind(i - 1) != .period)) }
        guard works else { return }
        for s in states { if let site = s.site { worked.insert(site) } }
    }

    private enum DeferEffect { case none, reset, abort }

    private func deferEffect(_ block: StatementBlock) -> DeferEffect {
        let writes = file.mutations(in: block.range).filter { touchesFlag($0) }
        let calls = helperCalls(in: block.range)
        if calls.contains(where: { !$0.onlyResets }) { return .abort }
        if writes.isEmpty { return calls.isEmpty ? .none : .reset }
        // Any write of `false` in the defer, even a conditional one, is taken as a reset.
        for m in writes { if case .setFalse = classify(m) { continue }; return .abort }
        return .reset
    }

    /// A condition that is `Task.isCancelled` or, in a `catch`, `error is CancellationError`
    /// (`negated`: `!Task.isCancelled`, `!(error is CancellationError)`), and nothing else.
    private func checksCancellation(_ range: TokenRange, negated: Bool) -> Bool {
        var i = range.lowerBound, end = range.upperBound
        if negated { guard file.isText(i, "!") else { return false }; i += 1 }
        if file.kind(i) == .leftParen, file.partner(i) == end - 1 { i += 1; end -= 1 }
        if file.isWord(i, "Task") && file.kind(i + 1) == .period && file.isWord(i + 2, "isCancelled") && i + 3 == end { return true }
        return file.kind(i) == .identifier && file.isWord(i + 1, "is") && file.isWord(i + 2, "CancellationError") && i + 3 == end
    }

    /// `mine == generation` (`equal`) or `mine != generation`: a local of the body compared with
    /// a property of the model that the body itself writes (`generation += 1; let mine =
    /// generation`, or `let id = UUID(); loadID = id`). The comparison tells whether a newer run
    /// of the method has started meanwhile: that run set the flag itself and answers for it, so an
    /// exit of a superseded run hands the flag on, as a cancelled run's exit does.
    private func checksSupersededRun(_ range: TokenRange, equal: Bool) -> Bool {
        guard let mid = range.first(where: { file.kind($0) == .operator && (equal ? file.isText($0, "==") : file.isText($0, "!=")) }) else { return false }
        func operand(_ r: Range<Int>) -> (name: String, viaSelf: Bool)? {
            if r.count == 1, file.kind(r.lowerBound) == .identifier { return (file.name(r.lowerBound), false) }
            if r.count == 3, file.isWord(r.lowerBound, "self"), file.kind(r.lowerBound + 1) == .period, file.kind(r.lowerBound + 2) == .identifier {
                return (file.name(r.lowerBound + 2), true)
            }
            return nil
        }
        guard let a = operand(range.lowerBound..<mid), let b = operand((mid + 1)..<range.upperBound), a.name != b.name else { return false }
        let locals = file.localNames(in: flow.range).union(flow.locals)
        func isLocal(_ o: (name: String, viaSelf: Bool)) -> Bool { !o.viaSelf && locals.contains(o.name) }
        func isWrittenProperty(_ o: (name: String, viaSelf: Bool)) -> Bool {
            (o.viaSelf || !locals.contains(o.name)) && file.mutations(in: flow.range).contains { $0.path == [o.name] && $0.rootToken < mid }
        }
        return (isLocal(a) && isWrittenProperty(b)) || (isLocal(b) && isWrittenProperty(a))
    }

    /// `let self`, `let self = self`, `let strongSelf = self` in a condition.
    private func bindsSelf(_ range: TokenRange) -> Bool {
        range.contains { i in
            guard file.isWord(i, "let") || file.isWord(i, "var") else { return false }
            if file.isWord(i + 1, "self") { return true }
            return file.kind(i + 1) == .identifier && file.kind(i + 2) == .equal && file.isWord(i + 3, "self")
                && (file.kind(i + 4) == .comma || file.kind(i + 4) == .leftBrace || file.isWord(i + 4, "else"))
        }
    }

    private func containsFlagWrite(_ range: TokenRange) -> Bool {
        !file.mutations(in: range).filter { touchesFlag($0) }.isEmpty || !helperCalls(in: range).isEmpty
    }

    /// Calls of the model's flag-writing methods (`stopLoading()`, `self.stopLoading()`).
    private func helperCalls(in range: TokenRange) -> [(token: Int, onlyResets: Bool)] {
        guard !helpers.isEmpty else { return [] }
        var out: [(Int, Bool)] = []
        for i in range where file.callsOwnMethod(at: i, weakSelf: false) {
            if let onlyResets = helpers[file.name(i)] { out.append((i, onlyResets)) }
        }
        return out
    }

    /// `return`, `throw`, `break`, `continue` or a propagating `try` among the statement's own tokens.
    private func containsExit(_ range: TokenRange) -> Bool {
        range.contains { i in
            guard isOwn(i) else { return false }
            return file.isWord(i, "return") || file.isWord(i, "throw") || file.isWord(i, "break") || file.isWord(i, "continue")
                || (file.isWord(i, "try") && !isOptionalTry(i))
        }
    }

    private func isOptionalTry(_ i: Int) -> Bool {
        file.kind(i + 1) == .operator && (file.isText(i + 1, "?") || file.isText(i + 1, "!")) && !file.tokens[i + 1].hasSpaceBefore
    }

    /// Whether token `i` belongs to this flow itself rather than to a closure inside it.
    private func isOwn(_ i: Int) -> Bool {
        let inner = file.bodyAnalysis.innermost
        guard i >= 0, i < inner.count else { return false }
        return Int(inner[i]) == flow.base
    }

    /// A token inside closures that run synchronously, right where they stand, within this flow
    /// (`MainActor.run { }`, `withAnimation { }`).
    private func isInline(_ i: Int) -> Bool {
        let analysis = file.bodyAnalysis
        guard i >= 0, i < analysis.innermost.count else { return false }
        var c = Int(analysis.innermost[i])
        var steps = 0
        while c >= 0, c != flow.base, steps < 64 {
            let closure = analysis.closures[c]
            let names = closure.callee.map(\.name)
            let inline = (names.contains("MainActor") && (names.last == "run" || names.last == "assumeIsolated"))
                || names.last.map(ClosureCallingFunctions.swiftUI.names.contains) == true
            if !inline { return false }
            c = closure.parent ?? -1
            steps += 1
        }
        return c == flow.base
    }

    private func touchesFlag(_ m: Mutation) -> Bool {
        // A write to the flag, or to the state that holds it (`state = HomeState()`).
        m.path == path || (path.count > 1 && Array(path.prefix(m.path.count)) == m.path)
    }

    private func classify(_ m: Mutation) -> FlagWrite {
        guard m.path == path, m.kind == .assignment else { return .other }
        let value = m.operatorToken + 1
        let next = value + 1
        guard file.endsStatement(at: next) else { return .other }
        if file.isWord(value, "true") { return .setTrue(m.rootToken) }
        if file.isWord(value, "false") { return .setFalse }
        return .other
    }
}


/// The way out of a body that leaves the flag set.
private enum LeakingExit {
    /// A `return`, `throw`, propagating `try` or `catch` token on the way out.
    case through(Int)
    /// The end of the body (its closing brace, or the end of the tokens).
    case end(Int)

    var token: Int { switch self { case .through(let t), .end(let t): return t } }

    /// How the message names it: "the `catch` on line 42".
    func phrase(in file: SourceFile) -> String {
        let line = file.location(ofToken: token).line
        switch self {
        case .end: return "the end of its body on line \(line)"
        case .through(let t):
            if file.isWord(t, "try") { return "the `try` on line \(line), which passes its error on" }
            return "the `\(file.text(t))` on line \(line)"
        }
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
