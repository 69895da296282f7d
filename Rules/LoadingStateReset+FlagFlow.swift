/// How `loading_state_reset` follows a loading flag through a method: the paths out of it, and whether each resets the flag.
import MVILintCore

/// One body to follow: a method's, or a `Task { }` closure's.
struct Flow {
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
struct PathState: Hashable {
    var site: Int?
    var exit: Int? = nil
    func leaving(through token: Int) -> PathState { PathState(site: site, exit: token) }
}

extension Set where Element == PathState {
    func leaving(through token: Int) -> Set<PathState> { Set(map { $0.leaving(through: token) }) }
}

/// Where the paths through a statement list go.
struct Outcome {
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
enum FlagWrite {
    case setTrue(Int), setFalse, handOver(Int), other

    var isHandOver: Bool { if case .handOver = self { return true }; return false }
}

/// Follows one flag through one body.
struct FlagFlow {
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
enum LeakingExit {
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
