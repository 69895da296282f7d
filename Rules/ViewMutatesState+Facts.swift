/// What `view_mutates_state` collects about the whole project: the computed properties of classes that have a setter.
import MVILintCore

/// The computed instance properties with a setter (`var enabled: Bool { get { … } set { … } }`)
/// of the project's classes, from their declarations and extensions: writing one runs the
/// model's own code rather than changing its state directly.
struct SettableComputedProperties: ProjectFact {
    /// Type name → its settable computed properties, in the order of the project's files.
    var byType: [String: [String]] = [:]

    static func collect(from file: SourceFile, isTestCode: Bool) -> [(type: String, names: [String])]? {
        var out: [(type: String, names: [String])] = []
        for t in file.tree.allTypes where t.kind == .class || t.kind == .extension {
            let names = settableComputedNames(of: t, in: file)
            if !names.isEmpty { out.append((t.indexName, names)) }
        }
        return out.isEmpty ? nil : out
    }

    static func merge(_ files: [FactContribution<[(type: String, names: [String])]>], in project: ProjectIndex) -> SettableComputedProperties {
        var out = SettableComputedProperties()
        for f in files { for (type, names) in f.fact { out.byType[type, default: []] += names } }
        return out
    }

    /// The computed instance properties of `t` that have a setter: a `set` accessor (`set { … }`,
    /// `set(value) { … }`) in the accessor block.
    static func settableComputedNames(of t: TypeDecl, in file: SourceFile) -> [String] {
        var out: [String] = []
        for v in t.variables where v.isComputed && !v.isStatic {
            guard let o = v.accessorOpen, let c = v.accessorClose, o < c else { continue }
            if (o + 1..<c).contains(where: { file.isWord($0, "set") && (file.kind($0 + 1) == .leftBrace || file.kind($0 + 1) == .leftParen) }) {
                out.append(v.name)
            }
        }
        return out
    }
}
