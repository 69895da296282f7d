/// What `main_actor_mutation` collects about the computed properties that hand out a model's own publishers.
import MVILintCore

/// Computed properties that hand out the publisher of a property of their class
/// (`var itemsPublisher: Published<[Item]>.Publisher { $items }`): a subscriber to one is a
/// subscriber to the model's own state, which delivers where it is written.
struct PublisherAliases: ProjectFact {
    /// Type name → its aliases, from its declaration and every extension, in the order of the project's files.
    var byType: [String: [PublisherAlias]] = [:]
    /// For each protocol of the project adopted by a class that hands out publishers of its own
    /// state: the types that adopt it, when none of them is a protocol (a refinement would hide
    /// further adopters).
    var protocolAdopters: [String: [String]] = [:]

    static func collect(from file: SourceFile, isTestCode: Bool) -> [(type: String, alias: PublisherAlias)]? {
        var out: [(type: String, alias: PublisherAlias)] = []
        for t in file.tree.allTypes where t.kind == .class || t.kind == .extension {
            for a in publisherAliases(of: t, in: file) { out.append((t.indexName, a)) }
        }
        return out.isEmpty ? nil : out
    }

    static func merge(_ files: [FactContribution<[(type: String, alias: PublisherAlias)]>], in project: ProjectIndex) -> PublisherAliases {
        var out = PublisherAliases()
        for f in files { for (type, alias) in f.fact { out.byType[type, default: []].append(alias) } }
        // The protocols that the classes with aliases adopt, by the name of their symbol.
        var protocols: [String: String] = [:]
        for type in out.byType.keys {
            for p in project.symbol(exactly: type)?.inherited ?? [] where protocols[p] == nil {
                guard let s = project.symbol(p), s.kind == .protocol else { continue }
                protocols[p] = s.name
            }
        }
        guard !protocols.isEmpty else { return out }
        let subtypes = project.directSubtypes(of: Set(protocols.values))
        for (p, name) in protocols {
            let adopters = subtypes[name] ?? []
            // An alias that is not a type's name, or a protocol, among them: not every adopter is known.
            guard adopters.allSatisfy({ project.symbol(exactly: $0).map { $0.kind != .protocol } ?? false }) else { continue }
            if !adopters.isEmpty { out.protocolAdopters[p] = adopters }
        }
        return out
    }

    /// The aliases of `type` (a project type; its typealiases followed), in the order of the project's files.
    func aliases(of type: String, in project: ProjectIndex) -> [PublisherAlias] {
        byType[project.resolve(type)] ?? []
    }

    /// The computed instance properties of `t` that only hand out the publisher of one of its
    /// properties: `var itemsPublisher: Published<[Item]>.Publisher { $items }` (also `self.$items`,
    /// `return $items`, `$items.eraseToAnyPublisher()`).
    static func publisherAliases(of t: TypeDecl, in file: SourceFile) -> [PublisherAlias] {
        var out: [PublisherAlias] = []
        for v in t.variables where v.isComputed && !v.isStatic {
            guard let o = v.accessorOpen, let c = v.accessorClose, o + 1 < c, c - o <= 10 else { continue }
            var i = o + 1
            if file.isWord(i, "return") { i += 1 }
            if file.isWord(i, "self"), file.kind(i + 1) == .period { i += 2 }
            guard file.kind(i) == .dollarIdentifier else { continue }
            let end = i + 1 == c ? c : (file.kind(i + 1) == .period && file.isWord(i + 2, "eraseToAnyPublisher") && file.kind(i + 3) == .leftParen
                                        && file.kind(i + 4) == .rightParen ? i + 5 : -1)
            if end == c { out.append(PublisherAlias(name: v.name, property: String(file.name(i).dropFirst()))) }
        }
        return out
    }
}

/// A computed property that hands out the publisher of a property of its type (`itemsPublisher`
/// for `$items`).
struct PublisherAlias: Sendable {
    var name: String
    var property: String
}
