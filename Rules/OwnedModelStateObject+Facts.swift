/// What `owned_model_state_object` collects about the whole project: value types nested in other types.
import MVILintCore

/// Structs and enums nested in another type, as `Outer.Name` (`MigrateView.Model`): a view's
/// `Model(…)` may name a value type that an extension of the view declares, in any file, rather
/// than a model of the same simple name.
struct NestedValueTypes: ProjectFact {
    var names: Set<String> = []

    static func collect(from file: SourceFile, isTestCode: Bool) -> [String]? {
        var out: [String] = []
        for t in file.tree.allTypes where (t.kind == .struct || t.kind == .enum) && !t.outerNames.isEmpty {
            out.append(t.outerNames[t.outerNames.count - 1] + "." + t.name)
        }
        return out.isEmpty ? nil : out
    }

    static func merge(_ files: [FactContribution<[String]>], in project: ProjectIndex) -> NestedValueTypes {
        var names = Set<String>()
        for f in files { names.formUnion(f.fact) }
        return NestedValueTypes(names: names)
    }
}
