/// The index's inheritance graph: the closures built over it, conformance walks and direct subtypes.

extension ProjectIndex {
    /// Every type name (declared or extended) that reaches one of `targets` through its
    /// inheritance graph (superclasses, protocol refinement, extension conformances, aliases).
    func closure(of targets: Set<String>, in graph: InheritanceGraph) -> SymbolFlags {
        // A node is a goal when its name, or what its alias resolves to, is a target. Only alias
        // names resolve to something else, so the goals are found by looking up the targets and
        // the aliases, not by testing every node.
        var goals: [Int32] = []
        for t in targets { if let n = graph.node(t, names) { goals.append(n) } }
        for a in aliases.keys where !targets.contains(a) && targets.contains(resolve(a)) {
            if let n = graph.node(a, names) { goals.append(n) }
        }
        return reachingNames(in: graph, from: goals)
    }

    /// Flags as view-like the structs that declare `var body: some View` and adopt a protocol
    /// that the project does not declare and that is not one of the SDK's protocols for other
    /// things (`nonViewProtocols`): one of a package that is not linted (`struct Card: ThemedView`),
    /// which refines `View` as far as anything here can tell.
    func markViewsByBody(_ flags: inout SymbolFlags) {
        for n in symbolTable.indices where symbolTable[n].declaresViewBody && symbolTable[n].kind == .struct && !flags.contains(n) {
            if symbolTable[n].inherited.contains(where: isUnresolvedViewCandidate) { flags.insert(n) }
        }
    }

    /// A supertype name that the index cannot resolve to a declaration of the project and that
    /// is not a protocol of the standard library or the SDK that says nothing of views.
    private func isUnresolvedViewCandidate(_ name: String) -> Bool {
        let r = resolve(name)
        return kind(of: r) == nil && !ProjectIndex.nonViewProtocols.contains(r) && !ambiguousAliases.contains(r)
    }

    /// Protocols of the standard library, Foundation and SwiftUI that a view may adopt besides
    /// `View` and that do not make it one: a struct with a `some View` body that adopts only these
    /// is not taken for a view.
    static let nonViewProtocols: Set<String> = [
        "Equatable", "Hashable", "Identifiable", "Sendable", "Codable", "Decodable", "Encodable", "Comparable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "CaseIterable", "RawRepresentable", "Error",
        "AnyObject", "ObservableObject", "DynamicProperty", "PreviewProvider", "Transferable", "Animatable",
        "NSObjectProtocol",
    ]

    func mainActorClosure(in graph: InheritanceGraph, declaredSupertypes: [Int32: [String]] = [:]) -> SymbolFlags {
        let reached = mainActorReach(in: graph)
        guard !declaredSupertypes.isEmpty else { return reached }
        // As the compiler infers isolation, a conformance that an extension adds does not isolate
        // the type: each reached symbol is decided again through its declarations' own supertypes
        // (those of a symbol that no extension gives one are all its declarations').
        var memo: [Int: Bool] = [:]
        func isolated(_ n: Int, depth: Int) -> Bool {
            if let m = memo[n] { return m }
            let s = symbolTable[n]
            if s.isMainActorAttribute { return true }
            guard depth < 64, aliases.isEmpty || names.aliasTarget(s.name) == nil else { return reached.contains(n) }
            memo[n] = false
            var r = false
            for name in declaredSupertypes[Int32(n)] ?? s.inherited {
                let target = resolve(name)
                if MainActorSDKTypes.names.contains(target) { r = true; break }
                if let id = names.symbol(target), reached.contains(Int(id)), isolated(Int(id), depth: depth + 1) { r = true; break }
                if names.symbol(target) == nil, let node = graph.node(name, names), reached.contains(Int(node)) { r = true; break }
            }
            memo[n] = r
            return r
        }
        var out = SymbolFlags(count: graph.nodeCount)
        for n in 0..<graph.nodeCount where reached.contains(n) {
            if n >= symbolTable.count || isolated(n, depth: 0) { out.insert(n) }
        }
        return out
    }

    func mainActorReach(in graph: InheritanceGraph) -> SymbolFlags {
        // Goals: a node whose name resolves to an `@MainActor` symbol or to an SDK type that is
        // `@MainActor`. A symbol's own name resolves to itself unless it is also an alias.
        var goals: [Int32] = []
        for n in symbolTable.indices where symbolTable[n].isMainActorAttribute && (aliases.isEmpty || names.aliasTarget(symbolTable[n].name) == nil) {
            goals.append(Int32(n))
        }
        for a in aliases.keys {
            let target = resolve(a)
            let isolated = names.symbol(target).map { symbolTable[Int($0)].isMainActorAttribute } == true || MainActorSDKTypes.names.contains(target)
            if isolated, let n = graph.node(a, names) { goals.append(n) }
        }
        for name in MainActorSDKTypes.names { if let n = graph.node(name, names) { goals.append(n) } }
        return reachingNames(in: graph, from: goals)
    }

    /// The declared or extended type names from which one of the `goals` nodes can be reached
    /// over inheritance edges (a name's edges are those of the symbol its aliases resolve to).
    /// One depth-first walk of the reversed graph, so deep chains and cycles stay linear.
    func reachingNames(in graph: InheritanceGraph, from goals: [Int32]) -> SymbolFlags {
        // Flags over every node; only the symbols' (numbered first) are ever asked about.
        var reached = SymbolFlags(count: graph.nodeCount)
        var queue: [Int32] = []
        for n in goals where !reached.contains(Int(n)) {
            reached.insert(Int(n))
            queue.append(n)
        }
        while let n = queue.popLast() {
            for e in Int(graph.reverseStart[Int(n)])..<Int(graph.reverseStart[Int(n) + 1]) {
                let m = Int(graph.reverseEdges[e])
                if !reached.contains(m) { reached.insert(m); queue.append(Int32(m)) }
            }
        }
        return reached
    }

    /// Whether the symbol named `name` (already resolved) is flagged in `flags`.
    func flagged(_ name: String, in flags: SymbolFlags) -> Bool {
        guard let id = names.symbol(name) else { return false }
        return flags.contains(Int(id))
    }

    /// The inheritance graph over node numbers, reversed: the names that list node `n` among
    /// their supertypes are `reverseEdges[reverseStart[n]..<reverseStart[n + 1]]`. Nodes are the
    /// symbols (numbered as in `symbolTable`), then alias names that are not symbols (with the
    /// symbols, the names the closures start from), then supertypes the project does not declare.
    /// Numbers rather than names keep it small on a large project.
    struct InheritanceGraph {
        var extraNames: [String] = []
        /// Node numbers of the names that are not symbols.
        var extraIDs: [String: Int32] = [:]
        var reverseStart: [Int32] = []
        var reverseEdges: [Int32] = []
        var nodeCount: Int { reverseStart.count - 1 }
        func name(_ n: Int, _ symbols: [TypeSymbol]) -> String { n < symbols.count ? symbols[n].name : extraNames[n - symbols.count] }
        /// The node of `name`, when it is one.
        func node(_ name: String, _ names: NameTable) -> Int32? { names.symbol(name) ?? extraIDs[name] }
    }

    /// For each of `names`, the names that list it among their direct supertypes, as the
    /// inheritance closures see them: each declared or extended type (in the order of the symbol
    /// table) by what its declarations and extensions list, or what its alias's target lists when
    /// its name is also a typealias's; then each typealias that is not a type's name, by what its
    /// target lists. Names that nothing lists are left out. One pass over every symbol: for merging
    /// a project fact, not for a check.
    public func directSubtypes(of names: Set<String>) -> [String: [String]] {
        var out: [String: [String]] = [:]
        guard !names.isEmpty else { return out }
        for n in symbolTable.indices {
            let name = symbolTable[n].name
            let list = aliases.isEmpty || self.names.aliasTarget(name) == nil ? symbolTable[n].inherited : inheritedNames(resolve(name)) ?? []
            for i in list where names.contains(i) { out[i, default: []].append(name) }
        }
        for a in aliases.keys where self.names.symbol(a) == nil {
            for i in inheritedNames(resolve(a)) ?? [] where names.contains(i) { out[i, default: []].append(a) }
        }
        return out
    }

    /// Builds the reversed inheritance graph of the symbols and aliases.
    func inheritanceGraph() -> InheritanceGraph {
        var graph = InheritanceGraph()
        let symbolCount = symbolTable.count
        func node(_ name: String) -> Int32 {
            if let id = names.symbol(name) { return id }
            if let id = graph.extraIDs[name] { return id }
            let id = Int32(symbolCount + graph.extraNames.count)
            graph.extraIDs[name] = id
            graph.extraNames.append(name)
            return id
        }
        for a in aliases.keys where names.symbol(a) == nil { _ = node(a) }
        // The names whose supertypes are looked up: the symbols and the aliases.
        let universeCount = symbolCount + graph.extraNames.count
        // Edges as (supertype, subtype) pairs, then grouped by supertype.
        var from: [Int32] = [], to: [Int32] = []
        for u in 0..<universeCount {
            // A symbol that is not also an alias has its own list: no lookup by name.
            let list = u < symbolCount && (aliases.isEmpty || names.aliasTarget(symbolTable[u].name) == nil)
                ? symbolTable[u].inherited : inheritedNames(resolve(graph.name(u, symbolTable))) ?? []
            for i in list {
                from.append(node(i))
                to.append(Int32(u))
            }
        }
        let nodes = symbolCount + graph.extraNames.count
        var start = [Int32](repeating: 0, count: nodes + 1)
        for f in from { start[Int(f) + 1] += 1 }
        for n in 0..<nodes { start[n + 1] += start[n] }
        var fill = start
        var edges = [Int32](repeating: 0, count: from.count)
        for k in from.indices {
            let f = Int(from[k])
            edges[Int(fill[f])] = to[k]
            fill[f] += 1
        }
        graph.reverseStart = start
        graph.reverseEdges = edges
        return graph
    }

    /// Whether `name` reaches a type or protocol whose name satisfies `predicate` (the names
    /// themselves included).
    /// The walk gives up after `conformanceSearchLimit` names (no real hierarchy comes close), so
    /// that a hostile 50 000-deep chain cannot make every query slow.
    public func conforms(_ name: String, where predicate: (String) -> Bool) -> Bool {
        // Most names asked about have no supertypes in the project: answer without allocating.
        if predicate(name) { return true }
        let r = resolve(name)
        if r != name && predicate(r) { return true }
        guard let direct = inheritedNames(r), !direct.isEmpty else { return false }
        // Nor do most direct supertypes (`ObservableObject`, a protocol without parents): one level
        // is then the whole walk.
        var deeper = false
        for i in direct {
            let ri = resolve(i)
            if predicate(i) || (ri != i && predicate(ri)) { return true }
            if let next = inheritedNames(ri), !next.isEmpty { deeper = true }
        }
        guard deeper else { return false }
        var seen: Set<String> = [name]
        var stack = [name]
        while let n = stack.popLast(), seen.count <= ProjectIndex.conformanceSearchLimit {
            let r = resolve(n)
            if predicate(n) || predicate(r) { return true }
            for i in inheritedNames(r) ?? [] where !seen.contains(i) { seen.insert(i); stack.append(i) }
        }
        return false
    }

    static let conformanceSearchLimit = 4_096
}

/// A set of symbols of the index, by their number in its symbol table: one bit each.
struct SymbolFlags {
    private var words: [UInt64] = []

    init() {}
    init(count: Int) { words = [UInt64](repeating: 0, count: (count + 63) / 64) }

    mutating func insert(_ n: Int) { words[n >> 6] |= 1 << UInt64(n & 63) }

    func contains(_ n: Int) -> Bool {
        let w = n >> 6
        return n >= 0 && w < words.count && words[w] & (1 << UInt64(n & 63)) != 0
    }
}
