/// `reducer_side_effect`: a reducer folds an action into state and does nothing else.
import MVILintCore

struct ReducerSideEffect: Rule {
    static let info = RuleInfo(
        id: "reducer_side_effect",
        title: "Side Effect in Reducer",
        summary: "A reducer must not print, start tasks, await, touch shared system services or read the clock or randomness outside its effects",
        rationale: """
        A reducer is a pure function of the current state and an action: given the same inputs it \
        produces the same state, which is what makes it trivial to test, replay and reason about. \
        Printing, starting a `Task`, awaiting, dispatching to a queue, using `URLSession`, \
        `UserDefaults`, `NotificationCenter` or `FileManager`, or reading `Date()`, `UUID()` or a \
        random number inside it hides work and non-determinism in code that should have none. Return \
        the work as an effect (`.run { send in … }`) or pass the value in with the action. Reducers \
        are functions with an `inout …State` parameter and an `…Action` or `…Intent` parameter, \
        functions that return a new `…State` from one passed in and an action (ReSwift's \
        `func appReducer(action: Action, state: AppState?) -> AppState`; not one declared `async`, \
        which awaits by design, unless its name calls it a reducer: `func reduce(_:action:) async`), and \
        the closure of a `Reduce { state, action in }` or of an older \
        `Reducer<State, Action, Environment> { state, action, environment in }` (also `AnyReducer`); \
        closures passed to `.run`, `.task`, \
        `.fireAndForget` and `.publisher` (also written `Effect.run`) are effects and are not checked, \
        and so are the closures of a returned call of another implicit member (`return .exec { … }`, \
        a project's factory in `extension Effect`) or of the same member named with its type \
        (`return Effect.future { … }`) or of the effect type's initializer (`return Effect { … }`), \
        also as elements of a returned array of effects (`return [Effect { … }, .send(.done)]`), \
        of a returned call of a function of the file \
        that returns an `Effect`, and async closures of a returned call \
        (`return operation(state: &state) { try await … }`), and the closures of the operators of a \
        publisher the reducer returns as its effect (`return env.save(name).delay(…).eraseToEffect().map { … }`, \
        `.flatMapLatest { … }`), which run when the store subscribes to it. \
        `Date()` and `UUID()` count only without arguments: `Date(timeIntervalSince1970:)` and \
        `UUID(uuidString:)` are pure. A queue counts when work is dispatched to it \
        (`DispatchQueue.main.async { }`), not when it is handed to the returned effect as its \
        scheduler (`.receive(on: DispatchQueue.main)`, `.delay(for: 1, scheduler: DispatchQueue.main)`).
        """,
        category: .architecture,
        defaults: [.mvvm: .error, .mvi: .error],
        needsIndex: false,
        examples: ReducerSideEffect.examplesList)

    static let scopeWords = ["Reduce", "Action", "Intent"]
    /// A reducer function has a parameter whose type name ends with `Action` or `Intent`; a
    /// `Reduce` closure names `Reduce`.
    static func mayReport(in scope: FileScope) -> Bool { scope.contains("Reduce") || scope.contains("Action") || scope.contains("Intent") }

    func check(_ context: inout RuleContext) {
        let file = context.file
        var reported = Set<Int>()
        var functions = file.tree.topLevelFunctions
        for t in file.tree.allTypes { functions += t.functions }
        for f in functions where isReducer(f, in: file) {
            guard let body = f.bodyTokens else { continue }
            scan(body, reducer: "`\(f.name)`", file: file, reported: &reported, into: &context)
        }
        // Only a file that names `Reduce` (or the older `Reducer`/`AnyReducer`) can hold a reducer
        // closure: the others need no closure analysis.
        var names: [String] = []
        if file.containsIdentifier("Reduce") { names.append("Reduce") }
        if file.containsIdentifier("Reducer") { names.append("Reducer") }
        if file.containsIdentifier("AnyReducer") { names.append("AnyReducer") }
        guard !names.isEmpty else { return }
        for c in file.bodyAnalysis.closures where c.isTrailing && c.callee.count <= 2 {
            guard let callee = c.calleeName, names.contains(callee) else { continue }
            // Before `Reduce`, a reducer was built as `Reducer<State, Action, Environment> { state, action, environment in }`
            // (later `AnyReducer`): its closure takes the environment as a third parameter.
            if callee != "Reduce", !takesThreeParameters(c, file: file) { continue }
            let start = c.inToken.map { $0 + 1 } ?? c.open + 1
            guard start < c.close else { continue }
            scan(start..<c.close, reducer: closureOwner(c, callee: callee, file: file), file: file, reported: &reported, into: &context)
        }
    }

    /// How a message names a reducer closure: by its type (`the Reduce closure of Counter`), else by
    /// the variable it initialises (`let appReducer = Reducer<…> { … }`).
    private func closureOwner(_ c: ClosureInfo, callee: String, file: SourceFile) -> String {
        if let type = enclosingTypeName(of: c.open, in: file) { return "the `\(callee)` closure of `\(type)`" }
        if let start = c.calleeStart, file.kind(start - 1) == .equal, file.kind(start - 2) == .identifier {
            return "the `\(callee)` closure of `\(file.name(start - 2))`"
        }
        return "a `\(callee)` closure"
    }

    /// Whether the closure's signature names three parameters (`state, action, environment in`).
    private func takesThreeParameters(_ c: ClosureInfo, file: SourceFile) -> Bool {
        guard let inToken = c.inToken, c.open + 1 < inToken else { return false }
        var commas = 0
        for k in (c.open + 1)..<inToken {
            if file.kind(k) == .comma { commas += 1 } else if file.kind(k) != .identifier && !file.isWord(k, "_") { return false }
        }
        return commas == 2
    }

    /// An `inout` parameter whose type name ends with `State`, and one whose type name ends with
    /// `Action` or `Intent`; or, returning a type whose name ends with `State`, a parameter of such
    /// a type (optional or not) and one of an action type.
    private func isReducer(_ f: FunctionDecl, in file: SourceFile) -> Bool {
        guard f.kind == .function, let open = f.parameterOpen, let close = f.parameterClose, open < close else { return false }
        // Cheap first: no `inout` between the parentheses and no `…State` result, no reducer
        // (parameters are parsed lazily).
        let takesInout = (open..<close).contains(where: { file.isWord($0, "inout") })
        // (A name token ending in `State` first: most results name none, and need no text.)
        let returnsState = f.returnTypeTokens.map { r in
            r.contains { file.nameEnds($0, with: "State") } && TypeRef.baseName(of: file.text(of: r, compact: true)).hasSuffix("State")
        } ?? false
        // A function declared `async` that returns the new state awaits by design: it is a step
        // of business logic, not a pure reducer, unless it is named one (`reduce`, `appReducer`);
        // an `inout` one is checked too.
        guard takesInout || (returnsState && (!f.isAsync || f.name.lowercased().contains("reduc"))) else { return false }
        let parameters = file.parameters(of: f)
        let hasState = parameters.contains { p in (p.isInout || returnsState) && (p.type?.baseName.hasSuffix("State") ?? false) }
        let hasAction = parameters.contains { p in
            guard !p.isInout, let name = p.type?.baseName else { return false }
            return name.hasSuffix("Action") || name.hasSuffix("Intent")
        }
        return hasState && hasAction
    }

    /// Reports every side effect in `range`, skipping effect closures and the inside of a
    /// reported expression (so that `Task { await … }` is one finding).
    private func scan(_ range: TokenRange, reducer: String, file: SourceFile, reported: inout Set<Int>, into context: inout RuleContext) {
        // A reducer is synchronous: an `await` inside a closure nested in it belongs to an async
        // closure that runs later (one a helper returns as the effect), not to the reducer.
        let innermost = file.bodyAnalysis.innermost
        let base = innermost.indices.contains(range.lowerBound) ? innermost[range.lowerBound] : -1
        var i = range.lowerBound
        while i < range.upperBound {
            if file.isWord(i, "await"), innermost[i] != base {
                i += 1
                continue
            }
            if file.kind(i) == .leftBrace, isEffectClosure(at: i, file: file), var close = file.partner(i), close > i {
                // Extra trailing closures of the effect (`} catch: { error, send in … }`); `catch`
                // is a statement keyword, so its brace is not classified as a closure.
                while file.kind(close + 1) == .identifier || file.kind(close + 1) == .keyword, file.kind(close + 2) == .colon,
                      file.kind(close + 3) == .leftBrace, let next = file.partner(close + 3), next > close { close = next }
                i = close + 1
                continue
            }
            // `.run(operation: { … }, catch: { … })`: the closures written inside the parentheses
            // are the effect's too (a labelled `catch:` brace is not classified as a closure).
            if file.kind(i) == .leftParen, isEffectCall(open: i, file: file), let close = file.partner(i), close > i {
                i = close + 1
                continue
            }
            if let effect = sideEffect(at: i, file: file) {
                if reported.insert(effect.start).inserted {
                    context.report(at: effect.start, .sideEffect(effect.text, reducer: reducer))
                }
                i = max(i + 1, effect.end)
                continue
            }
            i += 1
        }
    }

    /// Closures that describe an effect rather than run inside the reducer: `.run { }`,
    /// `Effect.run { }`, `.task { }`, `.fireAndForget { }`, `.publisher { }` (and their extra
    /// trailing closures such as `catch:`).
    private func isEffectClosure(at open: Int, file: SourceFile) -> Bool {
        guard file.isClosureOpen(open) else { return false }
        let index = Int(file.bodyAnalysis.innermost[open])
        let c = file.bodyAnalysis.closures[index]
        guard let last = c.callee.last else { return false }
        // `return .exec { … }` (a factory of the project in `extension Effect`), `return
        // operation(state: &state) { try await … }`: the closure is part of the effect the
        // reducer returns, an implicit member's or async work, which runs later.
        if let start = c.calleeStart, isReturned(file.kind(start - 1) == .period ? start - 1 : start, file: file) {
            if c.callee.count == 1 && file.kind(last.token - 1) == .period { return true }
            // The same factory named with its type (`return Effect.future { … }`), or the effect
            // type's own initializer (`return [Effect { emitter in … }]`).
            if c.callee.count == 2 && c.callee[0].name.hasPrefix("Effect") { return true }
            if c.callee.count == 1 && last.name.hasPrefix("Effect") && file.kind(last.token - 1) != .period { return true }
            if awaitingClosures(in: file).contains(index) { return true }
            // A function of this file of that name that returns an effect takes the closure into it.
            if returnsEffect(named: last.name, in: file) { return true }
            // An operator of the publisher that the reducer returns as its effect
            // (`return env.save(name).delay(…).map { … }`, `.flatMapLatest { … }`): its closure
            // runs when the store subscribes to the effect.
            if c.callee.count >= 2, ReducerSideEffect.publisherOperators.contains(last.name),
               c.callee.dropLast().contains(where: { $0.callParen != nil }) { return true }
        }
        guard ReducerSideEffect.effectNames.contains(last.name) else { return false }
        return isEffectCallee(c.callee, file: file)
    }

    /// Whether the expression that starts at `start` is what the reducer returns: `return x`, or
    /// an element of a returned array literal (`return [Effect { … }, .send(.done)]`, a reducer
    /// that returns its effects as a list).
    private func isReturned(_ start: Int, file: SourceFile) -> Bool {
        if file.isWord(start - 1, "return") { return true }
        guard file.kind(start - 1) == .leftBracket || file.kind(start - 1) == .comma else { return false }
        var j = start - 1, steps = 0
        while j >= 0, steps < 4_096 {
            steps += 1
            switch file.kind(j) {
            case .leftBracket: return file.isWord(j - 1, "return")
            case .leftParen, .leftBrace: return false
            case .rightParen, .rightBracket, .rightBrace: j = (file.partner(j) ?? j) - 1
            default: j -= 1
            }
        }
        return false
    }

    /// Whether a callee chain ending in an effect's name is the effect's: an implicit member
    /// (`.run`) or a member of `Effect`/`EffectTask`/… (`Effect.run`).
    private func isEffectCallee(_ components: [ChainComponent], file: SourceFile) -> Bool {
        guard let last = components.last else { return false }
        if components.count == 1 { return file.kind(last.token - 1) == .period }
        return components.first.map { $0.name.hasPrefix("Effect") } ?? false
    }

    /// Whether the `(` at `open` starts the arguments of an effect (`.run(`, `Effect.run(`) that
    /// takes a closure (its operation, or `catch:`).
    private func isEffectCall(open: Int, file: SourceFile) -> Bool {
        let name = open - 1
        guard file.kind(name) == .identifier, !file.tokens[open].isAtLineStart, file.isName(name, in: ReducerSideEffect.effectNameWords),
              let close = file.partner(open), (open + 1..<close).contains(where: { file.kind($0) == .leftBrace }) else { return false }
        return isEffectCallee(file.chain(endingAt: name).components, file: file)
    }

    /// The closures of `file` (indices in `bodyAnalysis.closures`) with an `await` of their own,
    /// found in one pass over the file: asking each closure's body would read nested bodies again
    /// for every level around them.
    private func awaitingClosures(in file: SourceFile) -> Set<Int> {
        file.memo("awaitingClosures", 0) { () -> Set<Int> in
            let innermost = file.bodyAnalysis.innermost
            var out = Set<Int>()
            for i in innermost.indices where innermost[i] >= 0 && file.isWord(i, "await") { out.insert(Int(innermost[i])) }
            return out
        }
    }

    /// Whether every function of `file` named `name` (at least one) returns an effect
    /// (`Effect<Action>`, `EffectOf<Feature>`, `EffectTask<Action>`).
    private func returnsEffect(named name: String, in file: SourceFile) -> Bool {
        let functions = file.memo("effectFunctions", 0) { () -> [String: Bool] in
            var out: [String: Bool] = [:]
            let all = file.tree.topLevelFunctions + file.tree.allTypes.flatMap(\.functions)
            for f in all where f.kind == .function {
                let effect = file.returnType(of: f).map { ["Effect", "EffectOf", "EffectTask"].contains($0.baseName) } ?? false
                out[f.name] = (out[f.name] ?? true) && effect
            }
            return out
        }
        return functions[name] == true
    }

    static let effectNames: Set<String> = ["run", "task", "fireAndForget", "publisher"]
    /// Combine operators (and the older Composable Architecture's `flatMapLatest`) that take a
    /// closure run on the values of the publisher they are chained to.
    static let publisherOperators: Set<String> = [
        "map", "tryMap", "compactMap", "tryCompactMap", "flatMap", "flatMapLatest", "switchToLatest", "filter", "tryFilter",
        "catch", "tryCatch", "mapError", "handleEvents", "scan", "tryScan", "removeDuplicates", "replaceNil",
    ]
    static let effectNameWords = WordSet(Array(effectNames))
    static let serviceTypes: Set<String> = ["DispatchQueue", "URLSession", "UserDefaults", "NotificationCenter", "FileManager"]

    /// The side effect that starts at token `i`: its first token, the end of its expression, and
    /// how the message names it.
    private func sideEffect(at i: Int, file: SourceFile) -> (start: Int, end: Int, text: String)? {
        let k = file.kind(i)
        if k == .period, file.isWord(i + 1, "random"), file.kind(i + 2) == .leftParen, !file.tokens[i + 2].hasSpaceBefore {
            // `Int.random(in:)` starts at its type; `.random()` at the dot.
            let start = file.kind(i - 1) == .identifier && !file.tokens[i].hasSpaceBefore ? file.chain(endingAt: i - 1).start : i
            return (start, chainEnd(from: i + 1, file: file), "\(start == i ? "" : file.text(start)).random(…)")
        }
        guard k == .identifier else { return nil }
        // Members (`logger.print(…)`, `state.Task`) are not the global names; `Swift.print` and
        // `Foundation.UserDefaults` are.
        if file.kind(i - 1) == .period {
            guard file.isWord(i - 2, "Swift") || file.isWord(i - 2, "Foundation") || file.isWord(i - 2, "Dispatch"), file.kind(i - 3) != .period else { return nil }
        }
        let start = file.kind(i - 1) == .period ? i - 2 : i
        let name = file.name(i)
        let callsDirectly = file.kind(i + 1) == .leftParen && !file.tokens[i + 1].hasSpaceBefore
        switch name {
        case "print" where callsDirectly:
            return (start, chainEnd(from: i, file: file), "print(…)")
        case "await":
            // The awaited expression is part of this finding.
            return (i, chainEnd(from: i + 1, file: file), "await")
        case "Task" where file.isTaskCreation(at: i):
            return (start, chainEnd(from: i, file: file), "Task")
        case "Date", "UUID":
            // Only the argument-less initialisers read the clock or generate an identifier.
            guard callsDirectly, file.kind(i + 2) == .rightParen else { return nil }
            return (start, i + 3, "\(name)()")
        default:
            guard ReducerSideEffect.serviceTypes.contains(name) else { return nil }
            // `DispatchQueue.main…`, `UserDefaults(suiteName:)`; not `X.self` or a type annotation.
            if file.kind(i + 1) == .period, file.isWord(i + 2, "self") || file.isWord(i + 2, "Type") { return nil }
            guard file.kind(i + 1) == .period || callsDirectly else { return nil }
            // A queue handed over as a scheduler (`.receive(on: DispatchQueue.main)`,
            // `.delay(for: 1, scheduler: DispatchQueue.main)`) dispatches nothing: only a chain
            // that schedules work on it (`DispatchQueue.main.async { }`) does.
            if name == "DispatchQueue", !schedulesWork(from: i, file: file) { return nil }
            return (start, chainEnd(from: i, file: file), name)
        }
    }

    /// Whether the chain from `DispatchQueue` at `i` calls a method that hands a closure to the
    /// queue (`DispatchQueue.main.async { }`, `DispatchQueue.global().asyncAfter(…)`).
    private func schedulesWork(from i: Int, file: SourceFile) -> Bool {
        var j = i + 1
        var steps = 0
        while steps < 16, file.kind(j) == .period, file.kind(j + 1) == .identifier {
            steps += 1
            if file.isName(j + 1, in: ReducerSideEffect.queueMethodWords) { return true }
            j += 2
            if file.kind(j) == .leftParen, !file.tokens[j].hasSpaceBefore, let close = file.partner(j) { j = close + 1 }
        }
        return false
    }

    static let queueMethodWords = WordSet(Array(queueSchedulingMethodNames))

    /// End (exclusive) of the postfix chain that starts at `start`: `.member`, calls, subscripts,
    /// trailing closures, generic arguments and `?`/`!`.
    private func chainEnd(from start: Int, file: SourceFile) -> Int {
        var j = start
        if file.kind(j) == .identifier || file.kind(j) == .keyword { j += 1 }
        var steps = 0
        while steps < 256 {
            steps += 1
            let k = file.kind(j)
            if k == .period, file.kind(j + 1) == .identifier || file.kind(j + 1) == .keyword { j += 2; continue }
            if (k == .leftParen || k == .leftBracket) && !file.tokens[j].hasSpaceBefore, let p = file.partner(j), p > j { j = p + 1; continue }
            if k == .leftBrace, file.isClosureOpen(j), let p = file.partner(j), p > j { j = p + 1; continue }
            if k == .operator, file.isText(j, "?") || file.isText(j, "!"), !file.tokens[j].hasSpaceBefore { j += 1; continue }
            if k == .operator, file.isText(j, "<"), !file.tokens[j].hasSpaceBefore,
               let close = (j..<min(file.tokens.count, j + 32)).first(where: { file.isText($0, ">") }) { j = close + 1; continue }
            // `} catch: { … }`, `} label: { … }`: an extra trailing closure.
            if k == .identifier, file.kind(j - 1) == .rightBrace, file.kind(j + 1) == .colon, file.isClosureOpen(j + 2), let p = file.partner(j + 2) { j = p + 1; continue }
            break
        }
        return j
    }

    private func enclosingTypeName(of token: Int, in file: SourceFile) -> String? {
        var best: TypeDecl? = nil
        for t in file.tree.allTypes {
            guard let o = t.bodyOpen, let c = t.bodyClose, o < token, token < c else { continue }
            if best == nil || o > best!.bodyOpen! { best = t }
        }
        return best?.indexName
    }
}

private extension String {
    static func sideEffect(_ effect: String, reducer: String) -> String {
        "`\(effect)` in \(reducer) is a side effect; keep the reducer pure and return the work as an effect or pass the value in with the action"
    }
}
