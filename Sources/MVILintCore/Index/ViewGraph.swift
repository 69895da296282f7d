/// The project's view graph: which views construct which, with the environment objects provided on the way.

import Foundation

/// What an `.environmentObject(…)` or `.environment(…)` (or a custom modifier) may provide.
public enum EnvironmentProvision: Sendable, Hashable {
    /// An object of this type (simple name as written).
    case type(String)
    /// `T.member`: an object of `T` when `T` is an observable model, else anything.
    case staticMember(String, member: String)
    /// A property of a type declared in another file: its stored type, else anything.
    case property(owner: String, name: String)
    /// A stored property of what another provision holds (`.environmentObject(app.session)`): the
    /// property's declared type, else anything.
    indirect case member(of: EnvironmentProvision, name: String)
    /// A call `.name(…)` in a chain: anything when `name` is a project view extension that applies
    /// environment objects, else nothing.
    case modifierFunction(String)
    /// `.modifier(M(…))`: anything when `M` applies environment objects, else nothing.
    case modifierType(String)
    /// A container of this type holds the view: a view extension puts `self` into it
    /// (`func inRootView() -> some View { RootView { self } }`), or a type shows its own member
    /// content in it (`PlayerHost { mainArea() }`). What the container applies to its content
    /// (its type-wide provisions) reaches the view.
    case host(String)
    /// Anything (the provided expression could not be resolved).
    case unknown
    /// A value (`.type` or `.property`) passed as an argument to the container that wraps the
    /// construction (`StoreProvider(store: store) { Root() }`): a container that the project does
    /// not declare may put it into its content's environment, so it counts as provided then; a
    /// project container is judged by its own code instead.
    indirect case argument(of: String, EnvironmentProvision)
}

/// Who performs a construction.
public enum ViewSiteOwner: Sendable, Hashable {
    /// The members of a type or of its extensions (`isStatic` for static members).
    case type(String, isStatic: Bool)
    /// The body of the file's `#Preview` number `n`.
    case preview(Int)
    /// The `rootView:` of the file's hosting controller number `n`.
    case hosting(Int)
}

/// One place where a view-like type may be constructed.
public struct ViewConstructionSite: Sendable {
    /// Simple name of the constructed type.
    public var target: String
    public var owner: ViewSiteOwner
    public var location: SourceLocation
    /// Provisions that reach the constructed view here.
    public var provisions: [EnvironmentProvision]
    /// Constructed types whose arguments or closures hold this site (`Card { Child() }` → `Card`).
    public var wrappers: [String]
}

/// What one file contributes to the view graph.
public struct ViewGraphSummary: Sendable {
    public var path: String
    public var sites: [ViewConstructionSite] = []
    /// Provisions a type applies to chains built from its own members (`content.environmentObject(x)`,
    /// `NavigationStack { list }.environmentObject(x)`): they may reach any view it shows, and the
    /// content passed into it.
    public var typeWideProvisions: [String: [EnvironmentProvision]] = [:]
    /// Types whose members apply environment objects anywhere.
    public var providingTypes: Set<String> = []
    /// Methods and properties of `extension View`/`Scene`/`ViewModifier` with what their code
    /// applies (environment objects, modifiers, other view extensions), to find those that provide.
    public var viewExtensionProvisions: [String: [EnvironmentProvision]] = [:]
    /// Where each `#Preview` stands.
    public var previews: [SourceLocation] = []
    /// Each hosting controller that holds a construction: its type name and location.
    public var hostingSites: [(name: String, location: SourceLocation)] = []

    public init(path: String) { self.path = path }

    /// Extracts the view-graph part of a parsed file.
    public init(file: SourceFile) {
        self = ViewGraphBuilder(file: file).build()
    }
}

/// The project-wide view graph. Read-only and thread-safe once built.
///
/// Every file contributes construction sites (`B(…)` inside the members of `A`, a `#Preview` body,
/// a hosting controller's `rootView:`), each with the `.environmentObject(…)`/`.environment(…)`
/// modifiers that reach the constructed view: those applied to the construction itself and to
/// every enclosing chain (a container whose closure holds it, a `.sheet { }` presenter, …). When a
/// file cannot tell which type a modifier provides, the provision counts as providing everything:
/// the graph errs towards "provided".
public final class ViewGraph: @unchecked Sendable {
    /// Where paths start: an `App`, a `Scene` nothing constructs, a preview or a hosting controller.
    public struct Root: Sendable {
        public var name: String
        public var path: String?
        public var location: SourceLocation?
    }

    /// A path from a root through constructed views (the last one is the queried view).
    public struct Path: Sendable {
        public var root: Root
        public var views: [String]
    }

    /// A construction of `target` with what reaches it there (resolved against the index).
    struct Edge {
        var target: String
        var provided: Set<String>
        var providesEverything: Bool
    }

    private var edges: [String: [Edge]] = [:]
    private var roots: [(root: Root, edges: [Edge])] = []
    /// For each view, the edges into it: the constructing view and the edge's index in its list.
    private var edgesInto: [String: [(from: String, edge: Int)]] = [:]
    /// For each view, the root constructions of it: root index and edge index, in that order.
    private var rootEdgesInto: [String: [(root: Int, edge: Int)]] = [:]
    /// For each root: 0 app, 1 scene or preview provider, 2 hosting controller, 3 preview.
    private var rootTiers: [Int] = []
    /// For each root: whether it is a preview (`#Preview` or a `PreviewProvider`).
    private var rootIsPreview: [Bool] = []
    /// Type names declared more than once in the project (private types in two files, nested
    /// types of two parents). The graph cannot tell such views apart, so paths do not go through them.
    public private(set) var ambiguousNames: Set<String> = []

    /// An empty graph.
    public init() {}

    /// Number of roots and of edges between views (for statistics and tests).
    public var rootCount: Int { roots.count }
    public var edgeCount: Int { edges.values.reduce(0) { $0 + $1.count } }

    /// The constructions of one view by another (or by a root) as the graph resolved them, all
    /// sites of the same target merged: what `mvilint graph` draws.
    public struct Construction: Sendable {
        /// Simple name of the constructed view.
        public var target: String
        /// Types of the environment objects that some construction site of `target` provides, sorted.
        public var provided: [String]
        /// Whether some site provides what could not be resolved (counts as providing anything).
        public var providesEverything: Bool
    }

    /// The views that construct others, sorted.
    public var constructingViews: [String] { edges.keys.sorted() }

    /// What `view` constructs, one entry per target in order of first construction.
    public func constructions(from view: String) -> [Construction] { ViewGraph.merged(edges[view] ?? []) }

    /// The roots (apps, scenes nothing constructs, previews, hosting controllers) with what each
    /// constructs, in the graph's order.
    public var rootConstructions: [(root: Root, isPreview: Bool, constructions: [Construction])] {
        roots.indices.map { (roots[$0].root, rootIsPreview[$0], ViewGraph.merged(roots[$0].edges)) }
    }

    private static func merged(_ list: [Edge]) -> [Construction] {
        var order: [String] = [], byTarget: [String: (provided: Set<String>, everything: Bool)] = [:]
        for e in list {
            if byTarget[e.target] == nil { order.append(e.target) }
            var entry = byTarget[e.target] ?? ([], false)
            entry.provided.formUnion(e.provided)
            entry.everything = entry.everything || e.providesEverything
            byTarget[e.target] = entry
        }
        return order.map { Construction(target: $0, provided: byTarget[$0]!.provided.sorted(), providesEverything: byTarget[$0]!.everything) }
    }

    /// What the graph takes from all files before it needs the index: `ProjectIndex` works it out
    /// on another thread while it builds its symbol table.
    struct Collected {
        var providingTypes = Set<String>()
        var typeWide: [String: [EnvironmentProvision]] = [:]
        /// Views that a view of another type constructs.
        var targets = Set<String>()
        var ambiguousNames = Set<String>()
        /// View extensions that provide: directly, through a providing modifier, or through
        /// another providing extension.
        var providerFunctions = Set<String>()
        /// View extensions that wrap `self` in a project type: the types (`.host`).
        var extensionHosts: [String: [String]] = [:]
    }

    static func collect(_ summaries: [FileSummary]) -> Collected {
        var c = Collected()
        var extensionProvisions: [String: [EnvironmentProvision]] = [:]
        var declared = Set<String>()
        for i in summaries.indices {
            // Names declared (not extended) twice: the file's types, nested ones included, as the
            // summary lists them.
            for k in summaries[i].types.indices where summaries[i].types[k].kind != .extension && summaries[i].types[k].kind != .protocol {
                if !declared.insert(summaries[i].types[k].name).inserted { c.ambiguousNames.insert(summaries[i].types[k].name) }
            }
            guard let s = summaries[i].viewGraph else { continue }
            for (name, p) in s.viewExtensionProvisions { extensionProvisions[name, default: []] += p }
            c.providingTypes.formUnion(s.providingTypes)
            for (t, p) in s.typeWideProvisions { c.typeWide[t, default: []] += p }
            // Sites are read in place: binding each to a local would retain all of its fields.
            for k in s.sites.indices {
                if case .type(let owner, false) = s.sites[k].owner, owner != s.sites[k].target { c.targets.insert(s.sites[k].target) }
            }
        }
        for (name, list) in extensionProvisions {
            let hosts = list.compactMap { p -> String? in if case .host(let h) = p { return h } else { return nil } }
            if !hosts.isEmpty { c.extensionHosts[name] = hosts }
        }
        // Provider functions to a fixed point (bounded).
        var changed = true, rounds = 0
        while changed, rounds < 32 {
            changed = false
            rounds += 1
            for (name, list) in extensionProvisions where !c.providerFunctions.contains(name) {
                let provides = list.contains { p in
                    switch p {
                    case .modifierFunction(let f): return c.providerFunctions.contains(f)
                    case .modifierType(let m): return c.providingTypes.contains(m)
                    // What a host provides depends on its provisions: resolved at each call.
                    case .host: return false
                    default: return true
                    }
                }
                if provides { c.providerFunctions.insert(name); changed = true }
            }
        }
        return c
    }

    /// `summaries` is read here and in `collect`. Each file's part is taken from its summary one
    /// at a time: collecting them into an array first would hold a second copy of every part
    /// (10 MB on a project of 100 000 files), and a lazy map over the summaries would copy each
    /// whole summary.
    init(summaries: [FileSummary], collected: Collected, index: ProjectIndex) {
        let providingTypes = collected.providingTypes, typeWide = collected.typeWide, targets = collected.targets
        let providerFunctions = collected.providerFunctions, extensionHosts = collected.extensionHosts
        ambiguousNames = collected.ambiguousNames
        /// What `T.member` holds: the declared type of a static property of `T`, or `T` for the
        /// shared instance (`AppModel.shared`) of an observable model; nil when unknown.
        func staticHeldType(_ type: String, _ member: String) -> String? {
            if let t = index.staticPropertyType(member, of: type) { return t }
            return PropertySummary.sharedInstanceNames.contains(member) && index.isObservableModel(type) ? type : nil
        }
        /// The declared type of what a value provision holds, when the index knows it.
        func heldType(_ p: EnvironmentProvision) -> String? {
            switch p {
            case .type(let n): return n
            case .staticMember(let n, let member): return staticHeldType(n, member)
            case .property(let owner, let name): return index.storedPropertyType(name, of: owner)
            case .member(let base, let name): return heldType(base).flatMap { index.storedPropertyType(name, of: $0) }
            default: return nil
            }
        }
        // The names a modifier function must have to provide or to host: most modifiers of a
        // chain (`padding`, `font`) are neither, which one lookup here tells (a set and a
        // dictionary of strings each hashed the name again, for every modifier of every site).
        var names = NameTable(minimumCapacity: providerFunctions.count + extensionHosts.count)
        for n in providerFunctions { _ = names.entry(for: n) }
        for n in extensionHosts.keys { _ = names.entry(for: n) }
        let functionsThatMatter = names
        /// `followsHosts` is false inside a host's own provisions, so that hosts that call each
        /// other's extensions are looked into once.
        func resolve(_ list: [EnvironmentProvision], into edge: inout Edge, followsHosts: Bool = true) {
            for p in list where !edge.providesEverything {
                switch p {
                case .type(let n):
                    // A protocol-typed value is some conforming object, and one typed by an alias
                    // declared once per `#if` branch is one of several types: anything.
                    if index.kind(of: n) == .protocol || index.ambiguousAliases.contains(n) { edge.providesEverything = true } else { edge.provided.insert(n) }
                case .staticMember, .property, .member:
                    // A protocol-typed property holds some conforming object: anything.
                    if let t = heldType(p), index.kind(of: t) != .protocol, !index.ambiguousAliases.contains(t) { edge.provided.insert(t) } else { edge.providesEverything = true }
                case .modifierFunction(let n):
                    guard functionsThatMatter.find(n) != nil else { break }
                    if providerFunctions.contains(n) { edge.providesEverything = true; break }
                    // `ContentView().inRootView()`: what the host wrapped around the view applies to its content.
                    guard followsHosts, let hosts = extensionHosts[n] else { break }
                    resolve(hosts.map(EnvironmentProvision.host), into: &edge)
                case .host(let h):
                    // A container of the type's member content (`PlayerHost { mainArea() }`).
                    if followsHosts, index.isViewLike(h) { resolve(typeWide[h] ?? [], into: &edge, followsHosts: false) }
                case .modifierType(let n): if providingTypes.contains(n) { edge.providesEverything = true }
                case .unknown: edge.providesEverything = true
                case .argument(let wrapper, let value): if index.symbol(wrapper) == nil { resolve([value], into: &edge, followsHosts: followsHosts) }
                }
            }
        }
        var appMemo: [String: Bool] = [:], previewMemo: [String: Bool] = [:]
        func isApp(_ n: String) -> Bool {
            if let m = appMemo[n] { return m }
            let r = index.conforms(n) { $0 == "App" }
            appMemo[n] = r
            return r
        }
        func isPreviewProvider(_ n: String) -> Bool {
            if let m = previewMemo[n] { return m }
            let r = index.conforms(n) { $0 == "PreviewProvider" }
            previewMemo[n] = r
            return r
        }
        var typeRoots: [String: [Edge]] = [:]
        var otherRoots: [(root: Root, edges: [Edge])] = []
        // What the construction sites need to know of their owner type, worked out once for a run
        // of sites with the same owner (a file lists a type's sites together), and that owner's
        // edges not yet added to `edges`; a later run of the same owner appends after them.
        struct OwnerFacts {
            var name: String
            var typeWide: [EnvironmentProvision]
            var isPreviewProvider: Bool
            var isApp: Bool
            var isView: Bool
            var isUnconstructedScene: Bool
        }
        var owner: OwnerFacts? = nil
        var ownerEdges: [Edge] = []
        for i in summaries.indices {
            guard let s = summaries[i].viewGraph else { continue }
            var previewEdges: [Int: [Edge]] = [:], hostingEdges: [Int: [Edge]] = [:]
            for k in s.sites.indices where index.isViewLike(s.sites[k].target) {
                var edge = Edge(target: s.sites[k].target, provided: [], providesEverything: false)
                resolve(s.sites[k].provisions, into: &edge)
                for w in s.sites[k].wrappers where index.isViewLike(w) { resolve(typeWide[w] ?? [], into: &edge) }
                switch s.sites[k].owner {
                case .type(let name, let isStatic):
                    if owner?.name != name {
                        if let o = owner, !ownerEdges.isEmpty { edges[o.name, default: []].append(contentsOf: ownerEdges) }
                        ownerEdges.removeAll(keepingCapacity: true)
                        let isView = index.isViewLike(name)
                        owner = OwnerFacts(name: name, typeWide: typeWide[name] ?? [], isPreviewProvider: isPreviewProvider(name), isApp: isApp(name),
                                           isView: isView, isUnconstructedScene: isView && index.isAppOrScene(name) && !targets.contains(name))
                    }
                    guard let o = owner else { continue }
                    resolve(o.typeWide, into: &edge)
                    if o.isPreviewProvider { typeRoots[name, default: []].append(edge); continue }
                    // Static members (factories, fixtures) are not part of the view's hierarchy.
                    guard !isStatic else { continue }
                    if o.isApp { typeRoots[name, default: []].append(edge); continue }
                    guard o.isView else { continue }
                    ownerEdges.append(edge)
                    // A Scene that nothing constructs is where its windows start.
                    if o.isUnconstructedScene { typeRoots[name, default: []].append(edge) }
                case .preview(let n): previewEdges[n, default: []].append(edge)
                case .hosting(let n): hostingEdges[n, default: []].append(edge)
                }
            }
            for (n, e) in hostingEdges.sorted(by: { $0.key < $1.key }) where n < s.hostingSites.count {
                otherRoots.append((Root(name: s.hostingSites[n].name, path: s.path, location: s.hostingSites[n].location), e))
            }
            for (n, e) in previewEdges.sorted(by: { $0.key < $1.key }) where n < s.previews.count {
                otherRoots.append((Root(name: "#Preview", path: s.path, location: s.previews[n]), e))
            }
        }
        if let o = owner, !ownerEdges.isEmpty { edges[o.name, default: []].append(contentsOf: ownerEdges) }
        for name in typeRoots.keys.sorted() {
            let sym = index.symbol(name)
            roots.append((Root(name: name, path: sym?.declarationPath, location: sym?.declarationLocation), typeRoots[name] ?? []))
            rootTiers.append(isApp(name) ? 0 : 1)
            rootIsPreview.append(!isApp(name) && isPreviewProvider(name))
        }
        for r in otherRoots {
            roots.append(r)
            rootTiers.append(r.root.name == "#Preview" ? 3 : 2)
            rootIsPreview.append(r.root.name == "#Preview")
        }
        for (from, list) in edges {
            for (k, e) in list.enumerated() { edgesInto[e.target, default: []].append((from, k)) }
        }
        for (r, root) in roots.enumerated() {
            for (k, e) in root.edges.enumerated() { rootEdgesInto[e.target, default: []].append((r, k)) }
        }
    }

    /// A path from some root to `view` on which no construction provides the environment object
    /// that `matches(provided)` accepts, or nil when every path provides one (or no root reaches
    /// `view`). Queries with the same `key` must pass the same `matches`: the reachability of all
    /// views is then computed once per key and shared (thread-safe).
    ///
    /// The views that reach `view` over edges that do not provide the object are found first,
    /// walking the edges backwards from `view`; the search from the roots then stays within them.
    /// That costs the size of `view`'s ancestry, not of the whole graph, and gives the same path
    /// (a view outside the ancestry is never the parent of one inside it). Only when the ancestry
    /// is very large is the whole graph's reachability computed once per key and shared.
    /// Without `previews`, paths from `#Preview` bodies and `PreviewProvider`s are not looked at.
    /// Views that `barrier` accepts are not passed through on the way to `view` (a view that reads
    /// the same object crashes first where it is missing); when the ancestry is too large to walk,
    /// barriers are not applied.
    public func pathWithout(_ matches: (String) -> Bool, to view: String, key: String? = nil, previews: Bool = true,
                            barrier: ((String) -> Bool)? = nil) -> Path? {
        if let local = ancestry(of: view, matches, barrier: barrier) {
            guard !local.entries.isEmpty else { return nil }
            for tier in 0..<4 {
                let r = reach(tier: tier, matches: matches, stopAt: view, within: local, previews: previews)
                if r[view] != nil { return path(to: view, in: r) }
            }
            return nil
        }
        let tiers: [[String: Reach]]
        if let given = key {
            let key = previews ? given : given + "\u{0}without previews"
            lock.lock()
            let cached = reachability[key]
            lock.unlock()
            if let c = cached {
                tiers = c
            } else {
                tiers = (0..<4).map { reach(tier: $0, matches: matches, stopAt: nil, previews: previews) }
                lock.lock()
                reachability[key] = tiers
                lock.unlock()
            }
        } else {
            // Roots in tiers (apps, then scenes and preview providers, hosting controllers,
            // previews), so that the reported path is the most telling one.
            for tier in 0..<4 {
                let r = reach(tier: tier, matches: matches, stopAt: view, previews: previews)
                if r[view] != nil { return path(to: view, in: r) }
            }
            return nil
        }
        for r in tiers where r[view] != nil { return path(to: view, in: r) }
        return nil
    }

    /// How a view was first reached: from which view (nil for a root's own construction) and root.
    struct Reach { var from: String?; var root: Int }

    private let lock = NSLock()
    private var reachability: [String: [[String: Reach]]] = [:]

    /// The views from which `view` is reached over edges that do not provide the object (`view`
    /// included), and the root constructions of them that do not provide it, sorted by root and
    /// edge; nil when the search would visit more than `ancestryBudget` edges.
    struct Ancestry { var views: Set<String>; var entries: [(root: Int, edge: Int)] }
    static let ancestryBudget = 20_000

    private func ancestry(of view: String, _ matches: (String) -> Bool, barrier: ((String) -> Bool)?) -> Ancestry? {
        var views: Set<String> = [view]
        var stack = [view]
        var entries: [(root: Int, edge: Int)] = []
        var visited = 0
        while let node = stack.popLast() {
            let into = edgesInto[node] ?? [], fromRoots = rootEdgesInto[node] ?? []
            visited += into.count + fromRoots.count
            if visited > ViewGraph.ancestryBudget { return nil }
            for r in fromRoots where !blocked(roots[r.root].edges[r.edge], matches) { entries.append(r) }
            for p in into where !views.contains(p.from) && !blocked(edges[p.from]![p.edge], matches) && !(barrier?(p.from) ?? false) {
                views.insert(p.from)
                stack.append(p.from)
            }
        }
        entries.sort { $0.root != $1.root ? $0.root < $1.root : $0.edge < $1.edge }
        return Ancestry(views: views, entries: entries)
    }

    private func blocked(_ e: Edge, _ matches: (String) -> Bool) -> Bool {
        e.providesEverything || e.provided.contains(where: matches) || ambiguousNames.contains(e.target)
    }

    /// Breadth-first from the roots of `tier` over the edges that do not provide the object
    /// (only through `within`'s views, from its root constructions, when given).
    private func reach(tier: Int, matches: (String) -> Bool, stopAt view: String?, within local: Ancestry? = nil, previews: Bool) -> [String: Reach] {
        func blocked(_ e: Edge) -> Bool { self.blocked(e, matches) }
        var parent: [String: Reach] = [:]
        var queue: [String] = []
        if let local = local {
            for entry in local.entries where rootTiers[entry.root] == tier && (previews || !rootIsPreview[entry.root]) {
                let e = roots[entry.root].edges[entry.edge]
                if parent[e.target] == nil {
                    parent[e.target] = Reach(from: nil, root: entry.root)
                    queue.append(e.target)
                }
            }
        } else {
            for r in roots.indices where rootTiers[r] == tier && (previews || !rootIsPreview[r]) {
                for e in roots[r].edges where parent[e.target] == nil && !blocked(e) {
                    parent[e.target] = Reach(from: nil, root: r)
                    queue.append(e.target)
                }
            }
        }
        var head = 0
        while head < queue.count {
            if let v = view, parent[v] != nil { break }
            let node = queue[head]
            head += 1
            for e in edges[node] ?? [] where parent[e.target] == nil && (local?.views.contains(e.target) ?? true) && !blocked(e) {
                parent[e.target] = Reach(from: node, root: parent[node]!.root)
                queue.append(e.target)
            }
        }
        return parent
    }

    private func path(to view: String, in parent: [String: Reach]) -> Path? {
        guard let end = parent[view] else { return nil }
        var views = [view]
        var cursor = end.from
        var steps = 0
        while let c = cursor, steps < 10_000 {
            views.append(c)
            cursor = parent[c]?.from
            steps += 1
        }
        return Path(root: roots[end.root].root, views: views.reversed())
    }
}
