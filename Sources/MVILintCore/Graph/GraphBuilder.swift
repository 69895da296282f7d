/// Builds the architecture graph from the project index's public queries: symbols, kinds, conformance, observable state, stored properties and the view graph.

/// Which types become nodes, and by which names a role is recognised: data, not logic.
public enum GraphRoles {
    /// Name suffixes of a type's role, the longest match first; other types of a layer are `service`.
    public static let suffixRoles: [(suffix: String, role: ArchitectureGraph.Role)] = [
        ("UseCase", .useCase), ("Interactor", .useCase), ("Repository", .repository),
    ]
    /// An enum so named is the intent type of the model with the same stem (`HomeIntent` → `HomeStore`).
    public static let intentSuffixes = ["Intent", "Action", "Event"]
    /// What follows the stem in the name of the model an intent is sent to, beyond the
    /// presentation layer's suffixes.
    public static let modelStemSuffixes = ["Store", "ViewModel", "Model", "Reducer", "Feature"]
    /// A type so named, held by a model, is that model's state (`HomeState`).
    public static let stateSuffixes = ["State"]
    /// Property wrappers that make a view own what they hold.
    public static let owningWrappers: Set<String> = ["StateObject", "State"]
    /// Property wrappers through which a view observes a model passed in.
    public static let observingWrappers: Set<String> = ["ObservedObject", "Bindable"]
    /// Property wrappers that read the environment.
    public static let environmentWrappers: Set<String> = ["EnvironmentObject", "Environment"]
    /// Protocols whose conforming types are test or preview scaffolding, not architecture.
    public static let scaffoldingProtocols: Set<String> = ["XCTestCase", "PreviewProvider"]
}

/// Makes an `ArchitectureGraph` from a built index.
public struct GraphBuilder {
    public let index: ProjectIndex
    public let layerGraph: LayerGraph

    public init(index: ProjectIndex, settings: ProjectSettings) {
        self.index = index
        self.layerGraph = LayerGraph(settings: settings)
    }

    /// The layer observable models without a layer suffix are drawn in: the layer whose suffixes
    /// name view models or stores.
    var modelLayer: String? {
        layerGraph.layers.sorted { $0.key < $1.key }.first { $0.value.contains("ViewModel") || $0.value.contains("Store") }?.key
    }

    /// The graph of the project, with `findings` placed on its nodes and edges. `files`: only
    /// the types declared in these files are drawn (the paths given on the command line; the
    /// rest of the project only resolves names); nil for every file. `contents` replaces the
    /// disk for the files it names (standard input, staged files).
    public func build(findings: [Finding], files: Set<String>? = nil, contents: [String: [UInt8]] = [:]) -> ArchitectureGraph {
        var nodes: [String: ArchitectureGraph.Node] = [:]
        let symbols = index.symbols
        let included = { (s: TypeSymbol) -> Bool in files.map { f in s.declarationPath.map(f.contains) ?? false } ?? true }
        for name in symbols.keys.sorted() {
            guard let s = symbols[name], included(s) else { continue }
            if let node = makeNode(name, s) { nodes[name] = node }
        }
        var edges: [ArchitectureGraph.Edge] = []
        addModelParts(&nodes, &edges, symbols, included: included)
        addPropertyEdges(&nodes, &edges, symbols)
        addViewGraphEdges(nodes, &edges)
        addConformances(nodes, &edges, symbols)

        // One edge per (from, to, kind, label).
        var seen = Set<String>()
        edges = edges.filter { seen.insert("\($0.from)\u{1F}\($0.to)\u{1F}\($0.kind.rawValue)\u{1F}\($0.label ?? "")").inserted }

        let layerOrder = ["app"] + layerGraph.orderedLayers + ["other"]
        let rank = Dictionary(layerOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let roleRank = Dictionary(ArchitectureGraph.Role.allCases.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let ordered = nodes.values.sorted { a, b in
            let ra = rank[a.layer] ?? Int.max, rb = rank[b.layer] ?? Int.max
            if ra != rb { return ra < rb }
            if a.role != b.role { return roleRank[a.role]! < roleRank[b.role]! }
            return a.name < b.name
        }
        edges.sort { ($0.from, $0.to, $0.kind.rawValue, $0.label ?? "") < ($1.from, $1.to, $1.kind.rawValue, $1.label ?? "") }
        let used = Set(ordered.map(\.layer))
        var graph = ArchitectureGraph(nodes: ordered, edges: edges, layers: layerOrder.filter(used.contains), unplaced: [])
        FindingPlacement(index: index, contents: contents).place(findings, in: &graph)
        return graph
    }

    // MARK: Nodes

    private func makeNode(_ name: String, _ s: TypeSymbol) -> ArchitectureGraph.Node? {
        guard let kind = s.kind, kind != .extension, !isScaffolding(name, s) else { return nil }
        let isProtocol = kind == .protocol
        let isApp = !isProtocol && index.isAppOrScene(name)
        let isView = !isProtocol && !isApp && index.isViewLike(name)
        let isModel = !isProtocol && index.isModel(kind: kind, name: name, hasObservableAttribute: s.isObservableMacro, inherited: s.inherited)
        let layer = isApp ? "app" : layerGraph.layer(of: name, project: index, isViewLike: isView) ?? (isModel ? modelLayer : nil)
        let role: ArchitectureGraph.Role
        if isApp {
            role = .app
        } else if isView {
            role = .view
        } else if isModel || (layer != nil && layer == modelLayer) {
            role = .model
        } else if let r = GraphRoles.suffixRoles.first(where: { name.hasNameSuffix($0.suffix) || stripped(name).hasNameSuffix($0.suffix) })?.role {
            role = r
        } else if let l = layer, l != layerGraph.viewLikeLayer {
            role = .service
        } else if layer != nil {
            role = .view
        } else {
            return nil
        }
        return ArchitectureGraph.Node(id: name, name: name, role: role, layer: layer ?? "other", kind: kind.rawValue,
                                      traits: traits(name, kind: kind, s), path: s.declarationPath, line: s.declarationLocation?.line)
    }

    /// Test cases, preview providers and the types of test files are scaffolding.
    private func isScaffolding(_ name: String, _ s: TypeSymbol) -> Bool {
        if let path = s.declarationPath {
            let components = path.split(separator: "/")
            if components.dropLast().contains(where: { $0 == "Tests" || $0.hasSuffix("Tests") || $0 == "Previews" }) { return true }
            if let file = components.last, file.hasSuffix("Tests.swift") { return true }
        }
        return index.conforms(name) { GraphRoles.scaffoldingProtocols.contains($0) }
    }

    /// `FooRepositoryProtocol` → `FooRepository`.
    private func stripped(_ name: String) -> String {
        for tail in ["Protocol", "Type", "Impl"] where name.hasSuffix(tail) && name.count > tail.count { return String(name.dropLast(tail.count)) }
        return name
    }

    private func traits(_ name: String, kind: TypeKind, _ s: TypeSymbol) -> [String] {
        var out: [String] = []
        if kind == .class && index.isObservableMacroClass(name) { out.append("@Observable") }
        if kind == .class && index.isObservableObject(name) { out.append("ObservableObject") }
        if (kind == .class || kind == .actor) && !index.isViewLike(name), let path = s.declarationPath, index.isMainActorIsolated(name, declaredIn: path) {
            out.append("@MainActor")
        }
        return out
    }

    // MARK: Models' state and intents

    private func addModelParts(_ nodes: inout [String: ArchitectureGraph.Node], _ edges: inout [ArchitectureGraph.Edge], _ symbols: [String: TypeSymbol],
                               included: (TypeSymbol) -> Bool) {
        let models = nodes.values.filter { $0.role == .model && $0.kind != "protocol" }.sorted { $0.id < $1.id }
        for m in models {
            for p in symbols[m.id]?.storedProperties ?? [] where !p.isFunctionTyped {
                guard let written = p.typeName else { continue }
                let t = index.resolve(written)
                guard t != m.id, nodes[t] == nil || nodes[t]?.role == .state, let s = symbols[t], included(s), let kind = s.kind, kind != .extension, kind != .protocol,
                      p.name == "state" || GraphRoles.stateSuffixes.contains(where: { t.hasNameSuffix($0) }) else { continue }
                if nodes[t] == nil {
                    nodes[t] = ArchitectureGraph.Node(id: t, name: t, role: .state, layer: m.layer, kind: kind.rawValue, traits: traits(t, kind: kind, s),
                                                      path: s.declarationPath, line: s.declarationLocation?.line)
                }
                edges.append(ArchitectureGraph.Edge(from: m.id, to: t, kind: .state, label: p.name))
            }
        }
        // Intents by stem: `HomeIntent` goes to `HomeStore`; an alias (`CartStore`) counts as a model name.
        var modelNames = models.map(\.id)
        for (alias, target) in index.aliases where nodes[target]?.role == .model && nodes[alias] == nil { modelNames.append(alias) }
        modelNames.sort()
        let stemSuffixes = Set(GraphRoles.modelStemSuffixes + (modelLayer.flatMap { layerGraph.layers[$0] } ?? []))
        for name in symbols.keys.sorted() where nodes[name] == nil && symbols[name]?.kind == .enum {
            guard let suffix = GraphRoles.intentSuffixes.first(where: { name.hasNameSuffix($0) && name.count > $0.count }) else { continue }
            let stem = String(name.dropLast(suffix.count))
            let targets = modelNames.filter { m in m.hasPrefix(stem) && stemSuffixes.contains(String(m.dropFirst(stem.count))) }
            guard !targets.isEmpty, let s = symbols[name], included(s) else { continue }
            for t in targets {
                if nodes[t] == nil, let target = nodes[index.resolve(t)] { nodes[t] = aliasNode(t, of: target) }
                guard let model = nodes[t] else { continue }
                if nodes[name] == nil {
                    nodes[name] = ArchitectureGraph.Node(id: name, name: name, role: .intent, layer: model.layer, kind: "enum", traits: [],
                                                         path: s.declarationPath, line: s.declarationLocation?.line)
                }
                edges.append(ArchitectureGraph.Edge(from: name, to: t, kind: .intent, label: nil))
            }
        }
    }

    /// A node for a typealias of the project (`typealias CartStore = Store<CartState, CartAction>`),
    /// drawn like its target.
    private func aliasNode(_ alias: String, of target: ArchitectureGraph.Node) -> ArchitectureGraph.Node {
        var n = target
        n.id = alias
        n.name = alias
        n.traits.append("= " + target.name)
        n.findings = []
        return n
    }

    // MARK: Edges

    /// The node a stored property's written type stands for: a project alias of a node's type
    /// (drawn as a node of its own), else the resolved type.
    private func target(_ written: String, _ nodes: inout [String: ArchitectureGraph.Node]) -> String? {
        if nodes[written] != nil { return written }
        let resolved = index.resolve(written)
        guard let node = nodes[resolved] else { return nil }
        if resolved != written, index.aliases[written] != nil {
            nodes[written] = aliasNode(written, of: node)
            return written
        }
        return resolved
    }

    private func addPropertyEdges(_ nodes: inout [String: ArchitectureGraph.Node], _ edges: inout [ArchitectureGraph.Edge], _ symbols: [String: TypeSymbol]) {
        // The properties already drawn as a model's state.
        let stateEdges = Set(edges.filter { $0.kind == .state }.map { $0.from + "\u{1F}" + ($0.label ?? "") })
        for from in nodes.keys.sorted() {
            guard let node = nodes[from], node.kind != "protocol", node.traits.allSatisfy({ !$0.hasPrefix("= ") }) else { continue }
            let isView = node.role == .view || node.role == .app
            for p in symbols[from]?.storedProperties ?? [] where !p.isFunctionTyped {
                guard let written = p.environmentType ?? p.typeName ?? keyPathType(p), let to = target(written, &nodes), to != from else { continue }
                if stateEdges.contains(from + "\u{1F}" + p.name) { continue }
                let toNode = nodes[to]!
                let kind: ArchitectureGraph.EdgeKind
                let wrapper = p.wrapper ?? ""
                if isView {
                    if GraphRoles.owningWrappers.contains(wrapper) {
                        kind = .owns
                    } else if GraphRoles.observingWrappers.contains(wrapper) {
                        kind = .observes
                    } else if GraphRoles.environmentWrappers.contains(wrapper) {
                        kind = .environment
                    } else if wrapper.isEmpty && toNode.role == .model {
                        kind = .observes
                    } else {
                        kind = .depends
                    }
                } else {
                    kind = .depends
                }
                edges.append(ArchitectureGraph.Edge(from: from, to: to, kind: kind, label: p.name))
            }
        }
    }

    /// The registered type of a key-path injected property (`@Environment(\.loginUseCase)`).
    private func keyPathType(_ p: PropertySummary) -> String? {
        guard let args = p.wrapperArguments, args.hasPrefix("\\.") else { return nil }
        let key = args.dropFirst(2).split(separator: ".").last.map(String.init) ?? ""
        return index.keyPathDependencyTypes[key]
    }

    private func addViewGraphEdges(_ nodes: [String: ArchitectureGraph.Node], _ edges: inout [ArchitectureGraph.Edge]) {
        let graph = index.viewGraph
        func add(_ from: String, _ constructions: [ViewGraph.Construction]) {
            for c in constructions {
                let to = index.resolve(c.target)
                if to != from, nodes[to] != nil { edges.append(ArchitectureGraph.Edge(from: from, to: to, kind: .composes, label: nil)) }
                for p in c.provided {
                    let provided = nodes[p] != nil ? p : index.resolve(p)
                    if nodes[provided] != nil { edges.append(ArchitectureGraph.Edge(from: from, to: provided, kind: .provides, label: nil)) }
                }
            }
        }
        for view in graph.constructingViews where nodes[view] != nil { add(view, graph.constructions(from: view)) }
        for root in graph.rootConstructions where !root.isPreview && nodes[root.root.name] != nil { add(root.root.name, root.constructions) }
    }

    private func addConformances(_ nodes: [String: ArchitectureGraph.Node], _ edges: inout [ArchitectureGraph.Edge], _ symbols: [String: TypeSymbol]) {
        for from in nodes.keys.sorted() {
            guard let node = nodes[from], node.traits.allSatisfy({ !$0.hasPrefix("= ") }) else { continue }
            for p in symbols[from]?.inherited ?? [] {
                let to = index.resolve(p)
                if to != from, nodes[to]?.kind == "protocol" { edges.append(ArchitectureGraph.Edge(from: from, to: to, kind: .conforms, label: nil)) }
            }
        }
    }
}
