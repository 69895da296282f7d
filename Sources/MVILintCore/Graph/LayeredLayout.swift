/// mvilint's own drawing of the architecture graph as SVG: one column per layer, for the HTML report.

/// Lays the graph out in columns, one per layer from left to right (a layer with many nodes
/// wraps into several columns), orders each column to keep edges short (barycentres, a few
/// sweeps), and draws edges as curves: between columns from side to side, within a column as
/// arcs beside it. Edges with findings are drawn last, thick and in the warning colour, with
/// their rule ids. Every text is escaped; nodes and edges carry `<title>` tooltips.
public struct LayeredLayout {
    /// Nodes per column before a layer wraps into another column.
    public var maxColumnHeight = 28
    let nodeHeight = 38.0, warningLine = 14.0, rowGap = 12.0, columnGap = 150.0, margin = 24.0, header = 34.0
    let charWidth = 6.6

    public init() {}

    struct Box { var x: Double; var y: Double; var w: Double; var h: Double; var column: Int }

    /// The SVG element (no XML prolog), `width`/`height` in pixels.
    public func svg(_ graph: ArchitectureGraph, escape: (String) -> String) -> String {
        let index = Dictionary(graph.nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        // Columns: each layer's nodes, wrapped; a graph of one layer (a collapsed one) is split
        // into columns by how far each node is from the nodes that nothing uses.
        var columns: [[Int]] = []
        var columnLayer: [String] = []
        let ranks = graph.layers.count == 1 ? LayeredLayout.ranks(graph, index) : nil
        for layer in graph.layers {
            let inLayer = graph.nodes.indices.filter { graph.nodes[$0].layer == layer }
            var groups = [inLayer]
            if let r = ranks {
                var byRank = [[Int]](repeating: [], count: (r.max() ?? 0) + 1)
                for n in inLayer { byRank[r[n]].append(n) }
                groups = byRank.filter { !$0.isEmpty }
            }
            for members in groups where !members.isEmpty {
                let count = (members.count + maxColumnHeight - 1) / maxColumnHeight
                let perColumn = (members.count + count - 1) / count
                for k in 0..<count {
                    columns.append(Array(members[(k * perColumn)..<min(members.count, (k + 1) * perColumn)]))
                    columnLayer.append(layer)
                }
            }
        }
        var columnOf = [Int](repeating: 0, count: graph.nodes.count)
        for (c, list) in columns.enumerated() { for n in list { columnOf[n] = c } }
        var neighbours = [[Int]](repeating: [], count: graph.nodes.count)
        for e in graph.edges {
            guard let a = index[e.from], let b = index[e.to], columnOf[a] != columnOf[b] else { continue }
            neighbours[a].append(b)
            neighbours[b].append(a)
        }
        // Barycentre sweeps: each column sorted by the mean position of its neighbours elsewhere.
        var position = [Double](repeating: 0, count: graph.nodes.count)
        func number() { for list in columns { for (k, n) in list.enumerated() { position[n] = Double(k) / Double(max(1, list.count - 1)) } } }
        number()
        for sweep in 0..<6 {
            let order = sweep % 2 == 0 ? Array(columns.indices) : Array(columns.indices.reversed())
            for c in order {
                let keyed = columns[c].map { n -> (Int, Double) in
                    let ns = neighbours[n]
                    return (n, ns.isEmpty ? position[n] : ns.map { position[$0] }.reduce(0, +) / Double(ns.count))
                }
                columns[c] = keyed.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : position[$0.0] < position[$1.0] }.map(\.0)
                for (k, n) in columns[c].enumerated() { position[n] = Double(k) / Double(max(1, columns[c].count - 1)) }
            }
        }

        // Geometry.
        func lines(_ n: ArchitectureGraph.Node) -> [String] {
            let warning = GraphStyle.findingsText(n)
            return [n.name, GraphStyle.detail(n)] + (warning.isEmpty ? [] : [warning])
        }
        var boxes = [Box](repeating: Box(x: 0, y: 0, w: 0, h: 0, column: 0), count: graph.nodes.count)
        var x = margin
        var height = 0.0
        var columnX: [(x: Double, w: Double)] = []
        for (c, list) in columns.enumerated() {
            let width = max(150, min(280, (list.flatMap { lines(graph.nodes[$0]) }.map { Double($0.count) }.max() ?? 10) * charWidth + 20))
            var y = margin + header
            for n in list {
                let h = nodeHeight + (graph.nodes[n].findings.isEmpty ? 0 : warningLine)
                boxes[n] = Box(x: x, y: y, w: width, h: h, column: c)
                y += h + rowGap
            }
            height = max(height, y)
            columnX.append((x, width))
            x += width + columnGap
        }
        let width = x - columnGap + margin
        height += margin

        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"architecture\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"Architecture graph\">\n"
        out += "<defs>"
        for (name, colour) in [("arrow", GraphStyle.ink), ("arrow-bad", GraphStyle.violation)] {
            out += "<marker id=\"\(name)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\" fill=\"\(colour)\"/></marker>"
        }
        out += "</defs>\n"
        // Layer bands and titles.
        var c = 0
        while c < columns.count {
            var last = c
            while last + 1 < columns.count && columnLayer[last + 1] == columnLayer[c] { last += 1 }
            let left = columnX[c].x - 12, right = columnX[last].x + columnX[last].w + 12
            out += "<rect x=\"\(f(left))\" y=\"\(f(margin - 8))\" width=\"\(f(right - left))\" height=\"\(f(height - margin))\" rx=\"10\" fill=\"#f6f8fa\" stroke=\"#d0d7de\"/>"
            out += "<text x=\"\(f(left + 10))\" y=\"\(f(margin + 12))\" class=\"layer\">\(escape(columnLayer[c]))</text>\n"
            c = last + 1
        }
        // Edges, the violating ones last.
        var labels = ""
        let order = graph.edges.indices.sorted { (graph.edges[$0].findings.isEmpty ? 0 : 1) < (graph.edges[$1].findings.isEmpty ? 0 : 1) }
        for k in order {
            let e = graph.edges[k]
            guard let a = index[e.from], let b = index[e.to] else { continue }
            let s = boxes[a], t = boxes[b]
            let bad = !e.findings.isEmpty
            let path: String
            var labelAt: (x: Double, y: Double, leftOfIt: Bool)
            if s.column == t.column {
                // An arc beside the column, out to the left (edges between columns leave to the right).
                let x1 = s.x, y1 = s.y + s.h / 2, x2 = t.x, y2 = t.y + t.h / 2
                let bulge = min(columnGap * 0.4, 14 + abs(y2 - y1) * 0.12)
                path = "M\(f(x1)),\(f(y1)) C\(f(x1 - bulge)),\(f(y1)) \(f(x2 - bulge)),\(f(y2)) \(f(x2 - 2)),\(f(y2))"
                labelAt = (x1 - bulge * 0.75, (y1 + y2) / 2, true)
            } else {
                let forward = s.column < t.column
                let x1 = forward ? s.x + s.w : s.x, x2 = forward ? t.x - 2 : t.x + t.w + 2
                let y1 = s.y + s.h / 2, y2 = t.y + t.h / 2
                let dx = (x2 - x1) * 0.5
                path = "M\(f(x1)),\(f(y1)) C\(f(x1 + dx)),\(f(y1)) \(f(x2 - dx)),\(f(y2)) \(f(x2)),\(f(y2))"
                // Beside the source, in the gap it leaves by.
                labelAt = (forward ? x1 + 6 : x1 - 6, y1 - 9, !forward)
            }
            let dash = GraphStyle.isDashed(e.kind) ? " stroke-dasharray=\"5 4\"" : ""
            let colour = bad ? GraphStyle.violation : GraphStyle.ink
            let stroke = bad ? 2.6 : e.kind == .aggregated ? min(6, 1 + Double(e.count) / 4) : 1.1
            var tip = "\(graph.nodes[a].name) \(GraphStyle.word(e.kind) ?? e.kind.rawValue) \(graph.nodes[b].name)"
            if let l = e.label { tip += " (\(l))" }
            if e.kind == .aggregated { tip += ": \(e.count) relation\(e.count == 1 ? "" : "s")" }
            for fr in e.findings { tip += "\n⚠ \(fr.ruleID): \(fr.message)" }
            out += "<g class=\"edge\(bad ? " violation" : "")\"><title>\(escape(tip))</title><path d=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(f(stroke))\"\(dash) opacity=\"\(bad ? "1" : "0.55")\" marker-end=\"url(#\(bad ? "arrow-bad" : "arrow"))\"/>"
            out += "</g>\n"
            if bad {
                // Drawn after the nodes, so that no node hides it.
                let text = GraphStyle.edgeText(e)
                let w = Double(text.count) * 5.4 + 8
                let left = labelAt.leftOfIt ? labelAt.x - w : labelAt.x
                labels += "<g class=\"edge-label\"><title>\(escape(tip))</title><rect x=\"\(f(left))\" y=\"\(f(labelAt.y - 8))\" width=\"\(f(w))\" height=\"14\" rx=\"3\" fill=\"#ffffff\" opacity=\"0.92\"/>"
                labels += "<text x=\"\(f(left + 4))\" y=\"\(f(labelAt.y + 3))\" class=\"edge-label\">\(escape(text))</text></g>\n"
            }
        }
        // Nodes.
        for (n, node) in graph.nodes.enumerated() {
            let b = boxes[n]
            let style = GraphStyle.role(node.role)
            let bad = !node.findings.isEmpty
            var tip = node.name + " (" + GraphStyle.detail(node) + ")"
            for fr in node.findings.prefix(20) { tip += "\n⚠ \(fr.ruleID): \(fr.message)" }
            if node.findings.count > 20 { tip += "\n… and \(node.findings.count - 20) more" }
            out += "<g class=\"node\(bad ? " violation" : "")\" data-node=\"\(escape(node.id))\"><title>\(escape(tip))</title>"
            out += "<rect x=\"\(f(b.x))\" y=\"\(f(b.y))\" width=\"\(f(b.w))\" height=\"\(f(b.h))\" rx=\"\(node.role == .view || node.role == .app ? 9 : 3)\" fill=\"\(style.fill)\" stroke=\"\(bad ? GraphStyle.violation : GraphStyle.ink)\" stroke-width=\"\(bad ? "2.4" : "1")\"/>"
            let texts = lines(node)
            for (k, t) in texts.enumerated() {
                let cls = k == 0 ? "name" : k == 1 ? "detail" : "warning"
                out += "<text x=\"\(f(b.x + b.w / 2))\" y=\"\(f(b.y + 15 + Double(k) * 13.5))\" class=\"\(cls)\">\(escape(clipped(t, to: b.w)))</text>"
            }
            out += "</g>\n"
        }
        out += labels + "</svg>"
        return out
    }

    /// Longest-path layering: each node's rank is one more than the highest rank of the nodes
    /// that use it, over the edges left once the edges that close a cycle are dropped (found by
    /// a depth-first search in node order).
    static func ranks(_ graph: ArchitectureGraph, _ index: [String: Int]) -> [Int] {
        let n = graph.nodes.count
        var out = [[Int]](repeating: [], count: n)
        for e in graph.edges { if let a = index[e.from], let b = index[e.to], a != b { out[a].append(b) } }
        // 0 unvisited, 1 on the stack, 2 done; iterative, so that a long chain cannot overflow the stack.
        var state = [UInt8](repeating: 0, count: n)
        var kept = [[Int]](repeating: [], count: n)
        var order: [Int] = []
        for start in 0..<n where state[start] == 0 {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                if top.next < out[top.node].count {
                    stack[stack.count - 1].next += 1
                    let m = out[top.node][top.next]
                    if state[m] == 1 { continue }  // closes a cycle: dropped
                    kept[top.node].append(m)
                    if state[m] == 0 { state[m] = 1; stack.append((m, 0)) }
                } else {
                    state[top.node] = 2
                    order.append(top.node)
                    stack.removeLast()
                }
            }
        }
        // `order` is a post-order: reversed, every node comes before the nodes it uses.
        var rank = [Int](repeating: 0, count: n)
        for a in order.reversed() { for b in kept[a] { rank[b] = max(rank[b], rank[a] + 1) } }
        return rank
    }

    /// `text` cut with `…` to fit `width` pixels.
    private func clipped(_ text: String, to width: Double) -> String {
        let fits = Int((width - 12) / charWidth)
        return text.count <= fits ? text : String(text.prefix(max(1, fits - 1))) + "…"
    }

    private func f(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
