/// The architecture's layers and the edges allowed between them: `layer_dependency` checks them, `mvilint graph` draws them.

/// The layers and allowed edges in effect: configured (`layers`, `layer_dependencies`), or the
/// documented default graph view → presentation → domain → data.
public struct LayerGraph: Sendable {
    /// Layer name → type-name suffixes.
    public var layers: [String: [String]]
    /// Layer name → the layers it may use (itself always may).
    public var allowed: [String: [String]]
    /// The layer of view-like types whatever their name (`view`, when the graph has that layer).
    public var viewLikeLayer: String?
    /// Type names that the configuration puts in the data layer (`data_layer_types`): the `data`
    /// layer's whatever their name, when the graph has that layer.
    public var dataLayerTypes: Set<String> = []

    public static let defaultLayers: [String: [String]] = [
        "view": ["View"],
        "presentation": ["ViewModel", "Store", "Reducer"],
        "domain": ["UseCase", "Interactor"],
        "data": ["Repository", "Client", "Service", "DataSource", "API"],
    ]
    public static let defaultAllowed: [String: [String]] = [
        "view": ["presentation"], "presentation": ["domain"], "domain": ["data"], "data": [],
    ]

    public init(settings: ProjectSettings) {
        if settings.layers.isEmpty && settings.allowedLayerDependencies.isEmpty {
            layers = LayerGraph.defaultLayers
            allowed = LayerGraph.defaultAllowed
        } else {
            layers = settings.layers.isEmpty ? LayerGraph.defaultLayers : settings.layers
            allowed = settings.allowedLayerDependencies
            // A declared layer without an entry may use only itself.
            if !allowed.isEmpty { for l in layers.keys where allowed[l] == nil { allowed[l] = [] } }
        }
        viewLikeLayer = layers["view"] != nil ? "view" : nil
        if layers["data"] != nil { dataLayerTypes = Set(settings.knowledge.configuredDataLayerTypes) }
    }

    /// The layer of a type: `view` for a view-like type (when the graph has that layer), `data`
    /// for a type the configuration names (`data_layer_types`), else the longest matching suffix,
    /// then a conforming protocol's layer. `declaration` is the type's own
    /// declaration when it is the one checked: a name that several types share (a `Coordinator`
    /// nested in each of several views) then conforms only to what that declaration says, and a
    /// referenced name that several types share gets no layer from conformances.
    public func layer(of name: String, project: ProjectIndex, isViewLike: Bool, declaration: TypeDecl? = nil) -> String? {
        if isViewLike, let view = viewLikeLayer { return view }
        if dataLayerTypes.contains(name) { return "data" }
        if let l = suffixLayer(of: name) { return l }
        if let s = project.symbol(name) {
            let inherited = s.isDeclaredMoreThanOnce ? declaration?.inheritedBaseNames ?? [] : s.inherited
            for p in inherited where project.kind(of: p) == .protocol {
                if dataLayerTypes.contains(p) { return "data" }
                if let l = suffixLayer(of: p) { return l }
            }
        }
        return nil
    }

    /// The layer whose suffixes match the end of `name` longest (a trailing `Protocol`, `Type` or
    /// `Impl` ignored); nil when none does.
    public func suffixLayer(of name: String) -> String? {
        var candidates = [name]
        for tail in ["Protocol", "Type", "Impl"] where name.hasSuffix(tail) && name.count > tail.count { candidates.append(String(name.dropLast(tail.count))) }
        var best: (layer: String, length: Int)? = nil
        for candidate in candidates {
            for (layer, suffixes) in layers.sorted(by: { $0.key < $1.key }) {
                for s in suffixes where !s.isEmpty && candidate.hasSuffix(s) && s.count > (best?.length ?? 0) { best = (layer, s.count) }
            }
        }
        return best?.layer
    }

    /// The layers from those that use others to those used, for drawing them left to right: a
    /// layer comes after every layer allowed to use it (cycles broken by name), and layers
    /// that no edge orders keep alphabetical order.
    public var orderedLayers: [String] {
        let names = Set(layers.keys).union(allowed.keys).union(allowed.values.flatMap { $0 }).sorted()
        var users: [String: Set<String>] = [:]
        for (from, tos) in allowed { for to in tos where to != from { users[to, default: []].insert(from) } }
        var placed: [String] = [], done = Set<String>()
        while placed.count < names.count {
            // The first layer (by name) all of whose users are placed; in a cycle, the first left.
            let next = names.first { !done.contains($0) && (users[$0] ?? []).allSatisfy(done.contains) }
                ?? names.first { !done.contains($0) }!
            placed.append(next)
            done.insert(next)
        }
        return placed
    }
}
