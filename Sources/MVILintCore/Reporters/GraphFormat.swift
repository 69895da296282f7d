/// Prints the architecture graph as Mermaid, Graphviz DOT or JSON.

/// The text forms of `mvilint graph --format`.
public enum GraphFormat: String, Sendable, CaseIterable {
    case mermaid, dot, json

    /// The graph in this format, ending with a newline. Paths go through `context.displayPath`.
    public func render(_ graph: ArchitectureGraph, context: ReportContext) -> String {
        switch self {
        case .mermaid: return MermaidGraph.render(graph)
        case .dot: return DOTGraph.render(graph)
        case .json: return GraphJSON.document(graph, context: context).rendered() + "\n"
        }
    }
}

/// Short node ids (`n0`, `n1`, …) in node order, which every format uses.
private func shortIDs(_ graph: ArchitectureGraph) -> [String: String] {
    var ids: [String: String] = [:]
    for (i, n) in graph.nodes.enumerated() { ids[n.id] = "n\(i)" }
    return ids
}

/// Mermaid `flowchart`: one subgraph per layer, violations in the warning colour with their rule ids.
public enum MermaidGraph {
    /// Mermaid's default limits: larger diagrams are refused by the renderer unless configured.
    public static let maxTextSize = 50_000
    public static let maxEdges = 500

    public static func render(_ graph: ArchitectureGraph) -> String {
        let ids = shortIDs(graph)
        var out = "%% mvilint architecture graph: \(graph.nodes.count) nodes, \(graph.edges.count) edges"
        if !graph.scope.isEmpty { out += " (" + graph.scope.joined(separator: "; ") + ")" }
        out += "\nflowchart LR\n"
        for layer in graph.layers {
            let members = graph.nodes.filter { $0.layer == layer }
            guard !members.isEmpty else { continue }
            let single = graph.layers.count == 1
            if !single {
                out += "  subgraph layer_\(identifier(layer))[\"\(text(layer))\"]\n    direction TB\n"
            }
            for n in members {
                let style = GraphStyle.role(n.role)
                var label = "<b>" + text(n.name) + "</b><br/>" + text(GraphStyle.detail(n))
                let warning = GraphStyle.findingsText(n)
                if !warning.isEmpty { label += "<br/>" + text(warning) }
                out += (single ? "  " : "    ") + ids[n.id]! + style.mermaidOpen + "\"" + label + "\"" + style.mermaidClose + "\n"
            }
            if !single { out += "  end\n" }
        }
        var violating: [Int] = []
        for (k, e) in graph.edges.enumerated() {
            guard let a = ids[e.from], let b = ids[e.to] else { continue }
            let bad = !e.findings.isEmpty
            let arrow = bad ? "==>" : GraphStyle.isDashed(e.kind) ? "-.->" : "-->"
            let words = GraphStyle.edgeText(e)
            out += "  " + a + " " + arrow + (words.isEmpty ? "" : "|\"" + text(words) + "\"|") + " " + b + "\n"
            if bad { violating.append(k) }
        }
        for role in ArchitectureGraph.Role.allCases {
            let members = graph.nodes.filter { $0.role == role }.compactMap { ids[$0.id] }
            guard !members.isEmpty else { continue }
            out += "  classDef \(role.rawValue) fill:\(GraphStyle.role(role).fill),stroke:\(GraphStyle.ink),color:#1f2328\n"
            out += "  class \(members.joined(separator: ",")) \(role.rawValue)\n"
        }
        for n in graph.nodes where !n.findings.isEmpty {
            out += "  style \(ids[n.id]!) stroke:\(GraphStyle.violation),stroke-width:3px,color:\(GraphStyle.violation)\n"
        }
        if !violating.isEmpty {
            out += "  linkStyle \(violating.map(String.init).joined(separator: ",")) stroke:\(GraphStyle.violation),stroke-width:3px,color:\(GraphStyle.violation)\n"
        }
        return out
    }

    /// Text inside a quoted Mermaid label, entity-coded: quotes, markup and `#` cannot break out.
    static func text(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "&": out += "#amp;"
            case "#": out += "#35;"
            case "|": out += "#124;"
            case "\n", "\r": out += " "
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A subgraph id: letters, digits and `_` only.
    static func identifier(_ s: String) -> String {
        String(s.unicodeScalars.map { $0.properties.isAlphabetic && $0.isASCII || ("0"..."9").contains($0) ? Character($0) : "_" })
    }
}

/// Graphviz DOT: one cluster per layer, violations in the warning colour with their rule ids.
public enum DOTGraph {
    public static func render(_ graph: ArchitectureGraph) -> String {
        let ids = shortIDs(graph)
        var out = "// mvilint architecture graph: \(graph.nodes.count) nodes, \(graph.edges.count) edges"
        if !graph.scope.isEmpty { out += " (" + graph.scope.joined(separator: "; ") + ")" }
        let layered = graph.layers.count > 1
        out += "\ndigraph architecture {\n"
        // Layers read left to right; a collapsed graph (one kind of node) top to bottom.
        out += "  graph [rankdir=\(layered ? "LR" : "TB"), fontname=\"Helvetica\", fontsize=13, nodesep=0.2, ranksep=0.8, labeljust=l, newrank=true];\n"
        out += "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11, color=\"\(GraphStyle.ink)\", penwidth=1];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9, color=\"\(GraphStyle.ink)\", fontcolor=\"\(GraphStyle.ink)\", arrowsize=0.7];\n"
        for (k, layer) in graph.layers.enumerated() {
            let members = graph.nodes.filter { $0.layer == layer }
            guard !members.isEmpty else { continue }
            if layered {
                // One column per layer.
                out += "  subgraph cluster_\(k) {\n"
                out += "    label=\(quote(layer)); style=\"rounded,filled\"; fillcolor=\"#f6f8fa\"; color=\"#d0d7de\"; fontcolor=\"#57606a\";\n"
                out += "    rank=same;\n"
            }
            for n in members {
                let style = GraphStyle.role(n.role)
                let warning = GraphStyle.findingsText(n)
                let label = n.name + "\n" + GraphStyle.detail(n) + (warning.isEmpty ? "" : "\n" + warning)
                var attributes = ["label=" + quote(label), "shape=" + style.dotShape, "fillcolor=\"\(style.fill)\""]
                if !warning.isEmpty {
                    attributes += ["color=\"\(GraphStyle.violation)\"", "fontcolor=\"\(GraphStyle.violation)\"", "penwidth=2.5"]
                }
                out += (layered ? "    " : "  ") + "\(ids[n.id]!) [\(attributes.joined(separator: ", "))];\n"
            }
            if layered { out += "  }\n" }
        }
        for e in graph.edges {
            guard let a = ids[e.from], let b = ids[e.to] else { continue }
            var attributes: [String] = []
            let words = GraphStyle.edgeText(e)
            if !words.isEmpty { attributes.append("label=" + quote(words)) }
            if GraphStyle.isDashed(e.kind) { attributes.append("style=dashed") }
            if e.kind == .aggregated { attributes.append("penwidth=\(min(6, 1 + e.count / 4))") }
            if !e.findings.isEmpty {
                attributes += ["color=\"\(GraphStyle.violation)\"", "fontcolor=\"\(GraphStyle.violation)\"", "penwidth=2.5"]
            }
            out += "  \(a) -> \(b)" + (attributes.isEmpty ? "" : " [" + attributes.joined(separator: ", ") + "]") + ";\n"
        }
        out += "}\n"
        return out
    }

    /// A DOT string: `"` and `\` escaped, line breaks as `\n` (centred lines).
    static func quote(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": break
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}

/// The JSON form (`docs/graph.md`): versioned, with keys only ever added within a version.
public enum GraphJSON {
    public static func document(_ graph: ArchitectureGraph, context: ReportContext) -> ReportJSON {
        func finding(_ f: ArchitectureGraph.FindingRef) -> ReportJSON {
            .object([
                ("rule", .string(f.ruleID)), ("severity", .string(f.severity.reportedName)), ("message", .string(f.message)),
                ("file", .string(context.displayPath(f.path))), ("line", .int(f.line)), ("column", .int(f.column)),
            ])
        }
        let nodes = graph.nodes.map { n -> ReportJSON in
            var members: [(String, ReportJSON)] = [
                ("id", .string(n.id)), ("name", .string(n.name)), ("role", .string(n.role.rawValue)), ("layer", .string(n.layer)),
                ("kind", .string(n.kind)), ("traits", .array(n.traits.map(ReportJSON.string))),
                ("file", n.path.map { .string(context.displayPath($0)) } ?? .null), ("line", n.line.map(ReportJSON.int) ?? .null),
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
