/// What `unobserved_model` collects about the whole project: the computed properties of classes that read no observable state.
import MVILintCore

/// The computed instance properties of the project's classes whose getter reads only stored
/// properties of the class that are not observable state (`var database: Database {
/// settings.database }`): a view that reads one shows nothing a change of the model's state updates.
struct PlainComputedProperties: ProjectFact {
    /// Class name → those properties, from every declaration of that name, in the order of the project's files.
    var byType: [String: [String]] = [:]

    static func collect(from file: SourceFile, isTestCode: Bool) -> [(type: String, names: [String])]? {
        var out: [(type: String, names: [String])] = []
        for t in file.tree.allTypes where t.kind == .class {
            let names = plainComputedNames(of: t, in: file)
            if !names.isEmpty { out.append((t.name, names)) }
        }
        return out.isEmpty ? nil : out
    }

    static func merge(_ files: [FactContribution<[(type: String, names: [String])]>], in project: ProjectIndex) -> PlainComputedProperties {
        var out = PlainComputedProperties()
        for f in files { for (type, names) in f.fact { out.byType[type, default: []] += names } }
        return out
    }

    /// The computed instance properties of class `t` whose getter reads nothing but stored
    /// properties of `t` that are not observable state (`var database: Database {
    /// settings.database }`), types and members of those: a view that reads one shows nothing
    /// that a change of the model's state would update. Any other name in the getter (a method,
    /// another computed property, `self` itself, an inherited member) makes it count as state.
    static func plainComputedNames(of t: TypeDecl, in file: SourceFile) -> [String] {
        let computed = t.variables.filter { $0.isComputed && !$0.isStatic && $0.accessorOpen != nil }
        guard !computed.isEmpty else { return [] }
        let observableMacro = t.header.hasAttribute("Observable")
        let stored = t.variables.filter { $0.isStored && !$0.isStatic }
        let plainStored = Set(stored.filter { observableMacro ? !$0.isObservationTracked : !$0.isPublished }.map(\.name))
        guard !plainStored.isEmpty else { return [] }
        var out: [String] = []
        for v in computed {
            guard let o = v.accessorOpen, let c = v.accessorClose, c > o + 1 else { continue }
            var plain = true
            for i in (o + 1)..<c where file.kind(i) == .identifier || file.isWord(i, "self") {
                if file.isWord(i, "self") {
                    if file.kind(i + 1) == .period, file.kind(i + 2) == .identifier, plainStored.contains(file.name(i + 2)) { continue }
                    plain = false
                    break
                }
                if file.kind(i - 1) == .period && !file.isWord(i - 2, "self") { continue }
                if file.beginsWithCapital(i) || plainStored.contains(file.name(i)) { continue }
                plain = false
                break
            }
            if plain { out.append(v.name) }
        }
        return out
    }
}
