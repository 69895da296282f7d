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

/// Static members of the project's types that build a new instance of the type at each use, as
/// `Type.member`: a computed static property (`static var placeholder: Model { Model() }`) or a
/// static function (`static func make() -> Model`) whose every `return` constructs the type
/// (`FreshInstanceCalls.buildsNewInstance`). A stored `static let shared = Model()` is one
/// instance, kept. A name that some declaration (of the type or one of its namesakes) may
/// answer otherwise does not count.
struct FreshStaticMembers: ProjectFact {
    var members: Set<String> = []

    static func collect(from file: SourceFile, isTestCode: Bool) -> [(name: String, fresh: Bool)]? {
        // A test double's factory does not tell how the app makes its models.
        guard !isTestCode else { return nil }
        var out: [(name: String, fresh: Bool)] = []
        for t in file.tree.allTypes where t.kind != .protocol {
            let owner = t.indexName
            // The type a member returns: written as the type's name or `Self`.
            func ownType(_ r: TokenRange?) -> Bool {
                guard let r, r.count == 1 else { return false }
                return file.isWord(r.lowerBound, "Self") || file.name(r.lowerBound) == owner
            }
            for v in t.variables where v.isStatic && v.isComputed {
                guard let type = v.type, type.baseName == owner || type.baseName == "Self", !type.text.hasSuffix("?"),
                      let o = v.accessorOpen, let c = v.accessorClose, c > o + 1 else { continue }
                var body = (o + 1)..<c
                // `get { … }`
                if file.isWord(o + 1, "get"), file.kind(o + 2) == .leftBrace, let close = file.partner(o + 2) { body = (o + 3)..<close }
                out.append((owner + "." + v.name, FreshInstanceCalls.buildsNewInstance(of: owner, body: body, in: file)
                            || FreshInstanceCalls.buildsNewInstance(of: "Self", body: body, in: file)))
            }
            for f in t.functions where f.kind == .function && f.header.isStatic && ownType(f.returnTypeTokens) {
                guard let body = f.bodyTokens else { continue }
                out.append((owner + "." + f.name, FreshInstanceCalls.buildsNewInstance(of: owner, body: body, in: file)
                            || FreshInstanceCalls.buildsNewInstance(of: "Self", body: body, in: file)))
            }
        }
        return out.isEmpty ? nil : out
    }

    static func merge(_ files: [FactContribution<[(name: String, fresh: Bool)]>], in project: ProjectIndex) -> FreshStaticMembers {
        FreshStaticMembers(members: namesWhereAllQualify(files.flatMap(\.fact), name: \.name) { m, _, _, _ in m.fresh })
    }
}
