/// How each role and relation of the architecture graph is drawn, for every output format.

/// Colours, shapes and line styles of the graph: one table per role and per edge kind, shared
/// by the Mermaid, DOT and HTML renderings so that they read alike.
public enum GraphStyle {
    /// The colour of everything a finding is about.
    public static let violation = "#cf222e"
    /// The colour of ordinary edges and borders.
    public static let ink = "#57606a"

    public struct RoleStyle: Sendable {
        /// Fill colour.
        public var fill: String
        /// Mermaid node delimiters (`(`/`)` rounded, `[[`/`]]` subroutine, …).
        public var mermaidOpen: String
        public var mermaidClose: String
        /// Graphviz shape.
        public var dotShape: String
        /// What the legend calls it.
        public var title: String
    }

    public static func role(_ r: ArchitectureGraph.Role) -> RoleStyle {
        switch r {
        case .app: return RoleStyle(fill: "#ddf4ff", mermaidOpen: "[[", mermaidClose: "]]", dotShape: "box3d", title: "app / scene")
        case .view: return RoleStyle(fill: "#dafbe1", mermaidOpen: "(", mermaidClose: ")", dotShape: "box", title: "view")
        case .model: return RoleStyle(fill: "#fff8c5", mermaidOpen: "[", mermaidClose: "]", dotShape: "box", title: "model")
        case .intent: return RoleStyle(fill: "#fbefff", mermaidOpen: ">", mermaidClose: "]", dotShape: "cds", title: "intent")
        case .state: return RoleStyle(fill: "#fff1e5", mermaidOpen: "{{", mermaidClose: "}}", dotShape: "hexagon", title: "state")
        case .useCase: return RoleStyle(fill: "#f5f0ff", mermaidOpen: "([", mermaidClose: "])", dotShape: "box", title: "use case")
        case .repository: return RoleStyle(fill: "#eaeef2", mermaidOpen: "[(", mermaidClose: ")]", dotShape: "cylinder", title: "repository")
        case .service: return RoleStyle(fill: "#f6f8fa", mermaidOpen: "[(", mermaidClose: ")]", dotShape: "cylinder", title: "data / service")
        case .group: return RoleStyle(fill: "#f6f8fa", mermaidOpen: "[", mermaidClose: "]", dotShape: "folder", title: "group")
        }
    }

    /// Whether edges of the kind are drawn dashed (relations that are not ownership or use).
    public static func isDashed(_ k: ArchitectureGraph.EdgeKind) -> Bool {
        switch k {
        case .provides, .conforms, .environment, .intent: return true
        default: return false
        }
    }

    /// The word drawn on an edge of the kind; nil for none (composition and collapsed edges
    /// are many and speak for themselves).
    public static func word(_ k: ArchitectureGraph.EdgeKind) -> String? {
        switch k {
        case .composes, .aggregated: return nil
        case .environment: return "env"
        case .conforms: return "conforms"
        default: return k.rawValue
        }
    }

    /// The second line of a node's label: its kind and traits, or a group's counts.
    public static func detail(_ n: ArchitectureGraph.Node) -> String {
        if n.role == .group {
            let total = n.members.values.reduce(0, +)
            let parts = ArchitectureGraph.Role.allCases.compactMap { r -> String? in
                guard let c = n.members[r], c > 0 else { return nil }
                return "\(c) \(role(r).title)"
            }
            return "\(total) type\(total == 1 ? "" : "s"): " + parts.joined(separator: ", ")
        }
        return ([n.kind] + n.traits).joined(separator: " · ")
    }

    /// What an edge says: its word and the rule ids of its findings; for a collapsed edge, the
    /// number of relations and of findings.
    public static func edgeText(_ e: ArchitectureGraph.Edge) -> String {
        if e.kind == .aggregated { return String(e.count) + (e.findings.isEmpty ? "" : " · ⚠ \(e.findings.count)") }
        var parts: [String] = []
        if let w = word(e.kind) { parts.append(w) }
        parts += ArchitectureGraph.ruleIDs(e.findings)
        return parts.joined(separator: " · ")
    }

    /// The findings line of a node's label (empty without findings): the rule ids, at most three,
    /// each with its count when the node stands for several types.
    public static func findingsText(_ n: ArchitectureGraph.Node) -> String {
        guard !n.findings.isEmpty else { return "" }
        var counts: [String: Int] = [:]
        for f in n.findings { counts[f.ruleID, default: 0] += 1 }
        let rules = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let grouped = n.role == .group
        var parts = rules.prefix(3).map { grouped ? "\($0.key) \($0.value)" : $0.key }
        if rules.count > 3 { parts.append("+\(rules.count - 3) more") }
        return "⚠ " + (grouped ? "\(n.findings.count): " : "") + parts.joined(separator: ", ")
    }
}
