/// The formats of `mvilint graph`: Mermaid and DOT (from the graph layer) and the JSON form.

/// The text forms of `mvilint graph --format`.
public enum GraphFormat: String, Sendable, CaseIterable {
    case mermaid, dot, json

    /// The graph in this format, ending with a newline. Paths go through `context.relativePath`.
    public func render(_ graph: ArchitectureGraph, context: ReportContext) -> String {
        switch self {
        case .mermaid: return MermaidGraph.render(graph)
        case .dot: return DOTGraph.render(graph)
        case .json: return GraphJSON.document(graph, context: context).rendered() + "\n"
        }
    }
}

/// The JSON form (`docs/graph.md`): versioned, with keys only ever added within a version.
public enum GraphJSON {
    public static func document(_ graph: ArchitectureGraph, context: ReportContext) -> ReportJSON {
        func finding(_ f: ArchitectureGraph.FindingRef) -> ReportJSON {
            .object([
                ("rule", .string(f.ruleID)), ("severity", .string(f.severity.reportedName)), ("message", .string(f.message)),
                ("file", .string(context.relativePath(f.path))), ("line", .int(f.line)), ("column", .int(f.column)),
            ])
        }
        let nodes = graph.nodes.map { n -> ReportJSON in
            var members: [(String, ReportJSON)] = [
                ("id", .string(n.id)), ("name", .string(n.name)), ("role", .string(n.role.rawValue)), ("layer", .string(n.layer)),
                ("kind", .string(n.kind)), ("traits", .array(n.traits.map(ReportJSON.string))),
                ("file", n.path.map { .string(context.relativePath($0)) } ?? .null), ("line", n.line.map(ReportJSON.int) ?? .null),
            ]
            if n.role == .group {
                members.append(("members", .object(ArchitectureGraph.Role.allCases.compactMap { r in n.members[r].map { (r.rawValue, .int($0)) } })))
            }
            members.append(("findings", .array(n.findings.map(finding))))
            return .object(members)
        }
        let edges = graph.edges.map { e -> ReportJSON in
            var members: [(String, ReportJSON)] = [
                ("from", .string(e.from)), ("to", .string(e.to)), ("kind", .string(e.kind.rawValue)),
                ("label", e.label.map(ReportJSON.string) ?? .null), ("count", .int(e.count)),
            ]
            if e.kind == .aggregated {
                members.append(("kinds", .object(ArchitectureGraph.EdgeKind.allCases.compactMap { k in e.kinds[k].map { (k.rawValue, .int($0)) } })))
            }
            members.append(("findings", .array(e.findings.map(finding))))
            return .object(members)
        }
        let placed = graph.placedFindings.count
        return .object([
            ("version", .int(ArchitectureGraph.schemaVersion)),
            ("tool", .object([("name", .string(context.toolName)), ("version", .string(context.toolVersion))])),
            ("scope", .array(graph.scope.map(ReportJSON.string))),
            ("layers", .array(graph.layers.map(ReportJSON.string))),
            ("nodes", .array(nodes)),
            ("edges", .array(edges)),
            ("summary", .object([
                ("nodes", .int(graph.nodes.count)), ("edges", .int(graph.edges.count)),
                ("findings", .int(placed + graph.unplaced.count)), ("placed", .int(placed)), ("unplaced", .int(graph.unplaced.count)),
            ])),
            ("unplaced", .array(graph.unplaced.map(finding))),
        ])
    }
}
