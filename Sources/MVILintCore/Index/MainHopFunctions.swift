/// Project functions that run the closure they are given on the main queue (`Utils.onMain { }`,
/// `DispatchQueue.executeOnMain { }`), so that rules can tell where such a closure runs.

/// One function of the project that takes a closure parameter, as the index needs it.
public struct MainHopSummary: Sendable {
    public var name: String
    /// Its body schedules work on the main queue or actor (`DispatchQueue.main`,
    /// `OperationQueue.main`, `RunLoop.main`, `MainActor.run`), or runs it where the main actor is
    /// asserted (`MainActor.assumeIsolated`, which stops the program anywhere else).
    public var hopsToMain: Bool
    /// Its body names another queue or starts a task (`global`, `DispatchQueue(…)`, `Task`,
    /// `detached`): where the closure runs cannot be trusted.
    public var mayLeaveMain: Bool
    /// Names of the functions it may hand the closure to (`name(block)`, `.name { … }`,
    /// `name(…) { … }`), to follow one helper forwarding to another.
    public var calls: [String]
    /// Every closure parameter is non-escaping (no `@escaping`, not optional): the closure runs
    /// during the call, where the caller runs, unless the body hands it to another queue.
    public var takesOnlyNonEscapingClosures = false

    /// The functions of `file` (top-level and members) with a parameter of function type whose
    /// body uses that parameter.
    static func functions(in file: SourceFile) -> [MainHopSummary] {
        var result: [MainHopSummary] = []
        var handlerMemo: [ObjectIdentifier: [String: Bool]] = [:]
        func take(_ f: FunctionDecl, in type: TypeDecl? = nil) {
            guard f.kind == .function, let body = f.bodyTokens, let open = f.parameterOpen, let close = f.parameterClose, open < close,
                  (open..<close).contains(where: { file.kind($0) == .arrow }) else { return }
            let closureParameters = file.parameters(of: f).filter { $0.type?.isFunctionType == true }
            let closures = closureParameters.map { Array($0.name.utf8) }
            guard !closures.isEmpty else { return }
            // Compared as bytes: most of a body's names are not the parameter.
            func isClosure(_ i: Int) -> Bool {
                guard file.kind(i) == .identifier else { return false }
                let (a, b) = file.nameRange(i)
                return closures.contains { $0.count == b - a && file.bytes[a..<b].elementsEqual($0) }
            }
            var m = MainHopSummary(name: f.name, hopsToMain: false, mayLeaveMain: false, calls: [])
            m.takesOnlyNonEscapingClosures = closureParameters.allSatisfy { p in
                guard let text = p.type?.text else { return false }
                return !text.contains("@escaping") && !text.hasSuffix("?") && !text.hasSuffix("!")
            }
            var usesClosure = false
            for i in body where file.kind(i) == .identifier || file.kind(i) == .keyword {
                if file.isWord(i, "main"), file.kind(i - 1) == .period,
                   file.isWord(i - 2, "DispatchQueue") || file.isWord(i - 2, "OperationQueue") || file.isWord(i - 2, "RunLoop") {
                    m.hopsToMain = true
                } else if file.isWord(i, "run") || file.isWord(i, "assumeIsolated"), file.kind(i - 1) == .period, file.isWord(i - 2, "MainActor") {
                    m.hopsToMain = true
                } else if file.startsWorkElsewhere(at: i)
                            || ((file.isWord(i, "DispatchQueue") || file.isWord(i, "OperationQueue")) && file.kind(i + 1) == .leftParen) {
                    m.mayLeaveMain = true
                }
                if file.kind(i - 1) != .period, isClosure(i) { usesClosure = true }
                // A call the closure may be handed to: `helper(block)`, `Type.helper { block() }`.
                guard file.kind(i) == .identifier else { continue }
                if file.kind(i + 1) == .leftBrace && file.kind(i - 1) == .period {
                    m.calls.append(file.name(i))
                } else if file.kind(i + 1) == .leftParen, let close = file.partner(i + 1), close > i + 1,
                          (i + 2..<close).contains(where: isClosure) || file.kind(close + 1) == .leftBrace {
                    m.calls.append(file.name(i))
                }
            }
            // `self.handler = handler`: the closure is kept and called later, by the type's own code.
            if !m.hopsToMain, !m.mayLeaveMain, let type = type, storedHandlersRunOnMain(in: body, closure: isClosure, type: type, file: file, memo: &handlerMemo) {
                m.hopsToMain = true
            }
            if usesClosure { result.append(m) }
        }
        for f in file.tree.topLevelFunctions { take(f) }
        for t in file.tree.allTypes { for f in t.functions { take(f, in: t) } }
        return result
    }

    /// Whether `body` stores a closure parameter in a property of `type` (`self.handler = handler`)
    /// that the type's code calls (`handler?(value)`) only inside closures run on the main queue
    /// or actor (`DispatchQueue.main.async { … }`, `MainActor.run { … }`), at least once.
    static func storedHandlersRunOnMain(in body: TokenRange, closure isClosure: (Int) -> Bool, type: TypeDecl, file: SourceFile,
                                        memo: inout [ObjectIdentifier: [String: Bool]]) -> Bool {
        var stored: [String] = []
        for i in body where file.kind(i) == .equal && isClosure(i + 1) && file.kind(i - 1) == .identifier {
            let viaSelf = file.kind(i - 2) == .period && file.isWord(i - 3, "self")
            if viaSelf || file.kind(i - 2) != .period { stored.append(file.name(i - 1)) }
        }
        guard !stored.isEmpty else { return false }
        let key = ObjectIdentifier(type)
        if memo[key] == nil { memo[key] = handlerCalls(of: type, file: file) }
        let handlers = memo[key]!
        return stored.allSatisfy { handlers[$0] == true }
    }

    /// For each instance property of `type` that the type's code calls (`handler?(value)`):
    /// whether every such call is inside a closure run on the main queue or actor. One pass over
    /// the type's methods, whatever the number of properties.
    static func handlerCalls(of type: TypeDecl, file: SourceFile) -> [String: Bool] {
        let names = Set(type.variables.lazy.filter { !$0.isStatic }.map(\.name))
        guard !names.isEmpty else { return [:] }
        var out: [String: Bool] = [:]
        for f in type.functions {
            guard let b = f.bodyTokens else { continue }
            for i in b where file.kind(i) == .identifier {
                if file.kind(i - 1) == .period && !file.isWord(i - 2, "self") { continue }
                var next = i + 1
                if file.isText(next, "?") || file.isText(next, "!") { next += 1 }
                guard file.kind(next) == .leftParen, !file.tokens[next].hasSpaceBefore else { continue }
                let name = file.name(i)
                guard names.contains(name), out[name] != false else { continue }
                out[name] = file.bodyAnalysis.enclosingClosures(of: i).contains(where: \.hopsToMainQueue)
            }
        }
        return out
    }

    /// Names of the functions that run their closures during the call, where the caller runs:
    /// every function so named takes only non-escaping closures and names no other queue or task.
    static func synchronous(_ functions: [MainHopSummary]) -> Set<String> {
        namesWhereAllQualify(functions, name: \.name) { m, _, _, _ in m.takesOnlyNonEscapingClosures && !m.mayLeaveMain }
    }

    /// Names of the functions that run their closure on the main queue: they hop there themselves,
    /// or call one that does (an overload of the same name included), and never name another
    /// queue or start a task. A name counts only when every function so named qualifies.
    static func mainHopping(_ functions: [MainHopSummary]) -> Set<String> {
        namesWhereAllQualify(functions, name: \.name) { m, name, group, found in
            !m.mayLeaveMain && (m.hopsToMain || m.calls.contains { found.contains($0) || ($0 == name && group.contains(where: \.hopsToMain)) })
        }
    }
}
