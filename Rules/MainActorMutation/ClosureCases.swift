/// What `main_actor_mutation` collects about the enum cases that carry closures.
import MVILintCore

/// Names of the project's enum cases with an associated value of function type (`case
/// failed(dismiss: () -> Void)`): a closure passed to one is kept in the value and run by whoever
/// takes it apart, not by a framework.
struct ClosureCases: ProjectFact {
    var names: Set<String> = []

    static func collect(from file: SourceFile, isTestCode: Bool) -> [String]? {
        var found: [String] = []
        for t in file.tree.allTypes where t.kind == .enum { found += closureCases(of: t, in: file) }
        return found.isEmpty ? nil : found
    }

    static func merge(_ files: [FactContribution<[String]>], in project: ProjectIndex) -> ClosureCases {
        var out = ClosureCases()
        for f in files { out.names.formUnion(f.fact) }
        return out
    }

    /// The cases of enum `t` one of whose associated values has a function type (`case
    /// failed(dismiss: () -> Void, message: String)`, `case load(onCompletion: (Result<Int, Error>) -> Void)`).
    static func closureCases(of t: TypeDecl, in file: SourceFile) -> [String] {
        var out: [String] = []
        for m in t.members {
            guard case .other(let r) = m, r.lowerBound < r.upperBound else { continue }
            var k = r.lowerBound
            if file.isText(k, "indirect") { k += 1 }
            guard file.isWord(k, "case") else { continue }
            k += 1
            while k < r.upperBound {
                if file.kind(k) == .identifier, file.kind(k + 1) == .leftParen, let close = file.partner(k + 1), close > k + 1 {
                    if (k + 2..<close).contains(where: { file.kind($0) == .arrow }) { out.append(file.name(k)) }
                    k = close + 1
                } else {
                    k += 1
                }
            }
        }
        return out
    }
}
