/// Narrowing and collapsing the architecture graph for large projects: `--focus`, `--only-violations`, `--collapse`.

/// How a graph is narrowed or collapsed before it is printed.
public struct GraphView: Sendable {
    public enum Collapse: String, Sendable, CaseIterable {
        /// One node per module: the target directory under `Sources/` (or `Tests/`), else the
        /// first directory under the base directory.
        case module
        /// One node per directory.
        case folder
    }

    /// Keep only this type and the types within `depth` relations of it.
    public var focus: String?
    /// How many relations away from the focus (or from a finding) nodes are kept.
    public var depth: Int = 1
    /// Keep only the nodes and edges with findings and their neighbours within `depth`.
    public var onlyViolations = false
    public var collapse: Collapse?

    public init(focus: String? = nil, depth: Int = 1, onlyViolations: Bool = false, collapse: Collapse? = nil) {
        self.focus = focus; self.depth = depth; self.onlyViolations = onlyViolations; self.collapse = collapse
    }

    /// The focus type's node id in `graph`: exactly, else ignoring case; nil when no node has that name.
    public static func resolveFocus(_ name: String, in graph: ArchitectureGraph) -> String? {
        if let n = graph.nodes.first(where: { $0.name == name }) { return n.id }
        return graph.nodes.first { $0.name.lowercased() == name.lowercased() }?.id
    }

    /// `graph` narrowed, then collapsed. `groupName` gives a node's group for `collapse` from its path.
    public func apply(to graph: ArchitectureGraph, groupName: (String?) -> String) -> ArchitectureGraph {
        var g = graph
        if let f = focus, let id = GraphView.resolveFocus(f, in: g) {
            g = GraphView.neighbourhood(of: [id], edgesToo: [], depth: depth, in: g)
            g.scope.append("focus on \(id), depth \(depth)")
        }
        if onlyViolations {
            let seeds = g.nodes.filter { !$0.findings.isEmpty }.map(\.id)
            let edgeSeeds = g.edges.indices.filter { !g.edges[$0].findings.isEmpty }
            g = GraphView.neighbourhood(of: seeds, edgesToo: edgeSeeds, depth: depth, in: g)
            g.scope.append("only the findings' neighbourhood, depth \(depth)")
        }
        if let c = collapse {
            g = GraphView.collapsed(g, by: c, groupName: groupName)
            g.scope.append("one node per \(c.rawValue)")
        }
        return g
    }

    /// The nodes within `depth` relations (either direction) of `seeds`, the ends of the edges
    /// `edgesToo`, and the edges between them. Findings of nodes left out become unplaced.
    static func neighbourhood(of seeds: [String], edgesToo: [Int], depth: Int, in graph: ArchitectureGraph) -> ArchitectureGraph {
        var adjacent: [String: [String]] = [:]
        for e in graph.edges {
            adjacent[e.from, default: []].append(e.to)
            adjacent[e.to, default: []].append(e.from)
        }
        var kept = Set(seeds)
        var frontier = Array(kept)
        for _ in 0..<max(0, depth) {
            var next: [String] = []
            for n in frontier { for m in adjacent[n] ?? [] where kept.insert(m).inserted { next.append(m) } }
            frontier = next
        }
        // An edge's finding is about its two ends: they are kept, not their neighbours.
        for e in edgesToo { kept.insert(graph.edges[e].from); kept.insert(graph.edges[e].to) }
        var g = graph
        g.nodes = graph.nodes.filter { kept.contains($0.id) }
        g.edges = graph.edges.filter { kept.contains($0.from) && kept.contains($0.to) }
        g.unplaced += graph.nodes.filter { !kept.contains($0.id) }.flatMap(\.findings)
        g.unplaced += graph.edges.filter { !(kept.contains($0.from) && kept.contains($0.to)) }.flatMap(\.findings)
        let used = Set(g.nodes.map(\.layer))
        g.layers = graph.layers.filter(used.contains)
        return g
    }

    /// One node per group; edges between groups merged with their counts; the findings of
    /// edges inside a group go to the group's node.
    static func collapsed(_ graph: ArchitectureGraph, by collapse: Collapse, groupName: (String?) -> String) -> ArchitectureGraph {
        var groupOf: [String: String] = [:]
        var groups: [String: ArchitectureGraph.Node] = [:]
        var order: [String] = []
        for n in graph.nodes {
            let name = groupName(n.path)
            let id = collapse.rawValue + ":" + name
            groupOf[n.id] = id
            if groups[id] == nil {
                order.append(id)
                groups[id] = ArchitectureGraph.Node(id: id, name: name, role: .group, layer: collapse.rawValue, kind: "group", traits: [], path: nil, line: nil)
            }
            groups[id]!.members[n.role, default: 0] += 1
            groups[id]!.findings += n.findings
        }
        var edges: [String: ArchitectureGraph.Edge] = [:]
        var edgeOrder: [String] = []
        for e in graph.edges {
            guard let a = groupOf[e.from], let b = groupOf[e.to] else { continue }
            if a == b {
                groups[a]!.findings += e.findings
                continue
            }
            let key = a + "\u{1F}" + b
            if edges[key] == nil {
                edgeOrder.append(key)
                edges[key] = ArchitectureGraph.Edge(from: a, to: b, kind: .aggregated, label: nil, count: 0)
            }
            edges[key]!.count += 1
            edges[key]!.kinds[e.kind, default: 0] += 1
            edges[key]!.findings += e.findings
        }
        var g = graph
        g.nodes = order.sorted { groups[$0]!.name < groups[$1]!.name }.map { groups[$0]! }
        g.edges = edgeOrder.sorted().map { edges[$0]! }
        g.layers = g.nodes.isEmpty ? [] : [collapse.rawValue]
        return g
    }

    /// The module of a path relative to the base directory: the directory after the last
    /// `Sources` or `Tests` component, else the first directory; `.` for a file at the top.
    public static func moduleName(ofRelativePath path: String) -> String {
        let parts = path.split(separator: "/").map(String.init)
        let directories = parts.dropLast()
        if let k = directories.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }), k + 1 < directories.count { return directories[k + 1] }
        return directories.first ?? "."
    }

    /// The directory of a path relative to the base directory; `.` for a file at the top.
    public static func folderName(ofRelativePath path: String) -> String {
        let parts = path.split(separator: "/")
        return parts.count > 1 ? parts.dropLast().joined(separator: "/") : "."
    }
}
