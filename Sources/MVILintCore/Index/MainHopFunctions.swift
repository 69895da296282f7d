/// Project functions that run the closure they are given on the main queue (`Utils.onMain { }`,
/// `DispatchQueue.executeOnMain { }`), so that rules can tell where such a closure runs.

/// One function of the project that takes a closure parameter, as the index needs it.
public struct MainHopSummary: Sendable {
    public var name: String
    /// Its body schedules work on the main queue or actor (`DispatchQueue.main`,
    /// `OperationQueue.main`, `RunLoop.main`, `MainActor.run`).
    public var hopsToMain: Bool
    /// Its body names another queue or starts a task (`global`, `DispatchQueue(…)`, `Task`,
    /// `detached`): where the closure runs cannot be trusted.
    public var mayLeaveMain: Bool
    /// Names of the functions it calls (`name(…)`, `.name { … }`), to follow one helper
    /// forwarding to another.
    public var calls: [String]

    /// The functions of `file` (top-level and members) with a parameter of function type whose
    /// body uses that parameter.
    static func functions(in file: SourceFile) -> [MainHopSummary] {
        var result: [MainHopSummary] = []
        for f in file.tree.topLevelFunctions + file.tree.allTypes.flatMap(\.functions) where f.kind == .function {
            guard let body = f.bodyTokens, let open = f.parameterOpen, let close = f.parameterClose, open < close,
                  (open..<close).contains(where: { file.kind($0) == .arrow }) else { continue }
            let closures = Set(file.parameters(of: f).filter { $0.type?.isFunctionType == true }.map(\.name))
            guard !closures.isEmpty else { continue }
            var m = MainHopSummary(name: f.name, hopsToMain: false, mayLeaveMain: false, calls: [])
            var usesClosure = false
            for i in body where file.kind(i) == .identifier || file.kind(i) == .keyword {
                if file.isWord(i, "main"), file.kind(i - 1) == .period,
                   file.isWord(i - 2, "DispatchQueue") || file.isWord(i - 2, "OperationQueue") || file.isWord(i - 2, "RunLoop") {
                    m.hopsToMain = true
                } else if file.isWord(i, "run"), file.kind(i - 1) == .period, file.isWord(i - 2, "MainActor") {
                    m.hopsToMain = true
                } else if file.isWord(i, "global") || file.isWord(i, "Task") || file.isWord(i, "detached")
                            || ((file.isWord(i, "DispatchQueue") || file.isWord(i, "OperationQueue")) && file.kind(i + 1) == .leftParen) {
                    m.mayLeaveMain = true
                }
                if file.kind(i) == .identifier, file.kind(i - 1) != .period, closures.contains(file.name(i)) { usesClosure = true }
                // `helper(…)`, and `Type.helper { … }` with a trailing closure.
                if file.kind(i) == .identifier, file.kind(i + 1) == .leftParen || (file.kind(i + 1) == .leftBrace && file.kind(i - 1) == .period) {
                    m.calls.append(file.name(i))
                }
            }
            if usesClosure { result.append(m) }
        }
        return result
    }

    /// Names of the functions that run their closure on the main queue: they hop there themselves,
    /// or call one that does (an overload of the same name included), and never name another
    /// queue or start a task. A name counts only when every function so named qualifies.
    static func mainHopping(_ functions: [MainHopSummary]) -> Set<String> {
        guard !functions.isEmpty else { return [] }
        let byName = Dictionary(grouping: functions, by: \.name)
        var result = Set<String>()
        // Helpers built on helpers are shallow; a few rounds settle every real chain.
        var changed = true
        for _ in 0..<8 where changed {
            changed = false
            for (name, group) in byName where !result.contains(name) {
                let anyHops = group.contains(where: \.hopsToMain)
                let all = group.allSatisfy { m in
                    !m.mayLeaveMain && (m.hopsToMain || m.calls.contains { result.contains($0) || ($0 == name && anyHops) })
                }
                if all { result.insert(name); changed = true }
            }
        }
        return result
    }
}
