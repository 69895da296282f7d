/// Puts each finding on the node or edge of the architecture graph that it is about.

/// Places findings by where they are reported: the type whose declaration holds the finding is
/// its node; when the finding is on one of that type's stored properties (its name, or a use of
/// it such as `viewModel.orders.append(…)`) it goes to the edge of that property, and when it is
/// on a type name the graph draws (`OrdersRepository.shared`, a property's annotated type) to the
/// edge towards that type, which is added (`uses`) when the graph has none. Only the files that
/// hold findings are read and parsed again.
struct FindingPlacement {
    let index: ProjectIndex
    let contents: [String: [UInt8]]

    func place(_ findings: [Finding], in graph: inout ArchitectureGraph) {
        var nodeIndex: [String: Int] = [:]
        for (i, n) in graph.nodes.enumerated() { nodeIndex[n.id] = i }
        var edgeIndex: [String: [Int]] = [:]
        var labelled = Set<String>()
        for (i, e) in graph.edges.enumerated() {
            edgeIndex[e.from, default: []].append(i)
            if let l = e.label { labelled.insert(e.from + "\u{1F}" + l) }
        }

        var byPath: [String: [Finding]] = [:]
        for f in findings { byPath[f.path, default: []].append(f) }
        for path in byPath.keys.sorted() {
            let list = byPath[path]!
            let bytes: [UInt8]
            if let b = contents[path] {
                bytes = b
            } else if case .success(let b) = SourceReader.read(path) {
                bytes = b
            } else {
                graph.unplaced += list.map(ArchitectureGraph.FindingRef.init)
                continue
            }
            let file = SourceFile(path: path, bytes: bytes)
            for f in list {
                let ref = ArchitectureGraph.FindingRef(f)
                switch target(of: f, in: file, nodes: nodeIndex, labelled: labelled) {
                case .none:
                    graph.unplaced.append(ref)
                case .node(let id):
                    graph.nodes[nodeIndex[id]!].findings.append(ref)
                case .property(let from, let name):
                    if let e = edgeIndex[from]?.first(where: { graph.edges[$0].label == name }) {
                        graph.edges[e].findings.append(ref)
                    } else {
                        graph.nodes[nodeIndex[from]!].findings.append(ref)
                    }
                case .reference(let from, let to):
                    let candidates = edgeIndex[from]?.filter { graph.edges[$0].to == to } ?? []
                    // The stored-property edges first: a conformance is rarely what a finding is about.
                    if let e = candidates.first(where: { graph.edges[$0].kind != .conforms }) ?? candidates.first {
                        graph.edges[e].findings.append(ref)
                    } else {
                        var edge = ArchitectureGraph.Edge(from: from, to: to, kind: .uses, label: nil)
                        edge.findings = [ref]
                        graph.edges.append(edge)
                        edgeIndex[from, default: []].append(graph.edges.count - 1)
                    }
                }
            }
        }
    }

    enum Target {
        case none
        case node(String)
        /// A stored property `name` of node `from`.
        case property(from: String, name: String)
        /// A reference from node `from` to node `to`.
        case reference(from: String, to: String)
    }

    /// `labelled`: `from` + U+001F + label of every edge that has a label (a stored property).
    func target(of f: Finding, in file: SourceFile, nodes: [String: Int], labelled: Set<String>) -> Target {
        let token = tokenIndex(at: f.location, in: file)
        // The innermost type of the graph whose declaration holds the finding.
        var owner: TypeDecl? = nil
        for t in file.tree.allTypes {
            let name = index.resolve(t.kind == .extension ? t.extendedBaseName : t.name)
            guard nodes[name] != nil else { continue }
            let holds: Bool
            if let i = token {
                holds = i == t.nameToken || (t.bodyOpen.map { $0 < i } ?? false) && (t.bodyClose.map { i < $0 } ?? false)
            } else {
                holds = file.line(ofToken: t.nameToken) <= f.line && (t.bodyClose.map { file.line(ofToken: $0) >= f.line } ?? false)
            }
            // `allTypes` lists outer types before the types nested in them: the last one holding it is the innermost.
            if holds { owner = t }
        }
        guard let t = owner else { return .none }
        let from = index.resolve(t.kind == .extension ? t.extendedBaseName : t.name)
        guard let i = token else { return .node(from) }
        if let v = t.variables.first(where: { $0.nameToken == i }) { return .property(from: from, name: v.name) }
        guard file.kind(i) == .identifier || file.kind(i) == .keyword || file.kind(i) == .dollarIdentifier else { return .node(from) }
        var name = file.name(i)
        // `self.viewModel…`, `$viewModel.query`, `_viewModel`.
        if name == "self", file.kind(i + 1) == .period, file.kind(i + 2) == .identifier { name = file.name(i + 2) }
        if name.hasPrefix("$") || name.hasPrefix("_") { name = String(name.dropFirst()) }
        if labelled.contains(from + "\u{1F}" + name), let symbol = index.symbol(from), symbol.storedProperties.contains(where: { $0.name == name }) {
            return .property(from: from, name: name)
        }
        if file.beginsWithCapital(i) {
            let to = nodes[name] != nil ? name : index.resolve(name)
            if to != from, nodes[to] != nil { return .reference(from: from, to: to) }
        }
        return .node(from)
    }

    /// The token that starts at `location` (1-based line, column in characters), if any.
    func tokenIndex(at location: SourceLocation, in file: SourceFile) -> Int? {
        let tokens = file.tokens
        // The first token on the line, by bisection (tokens are in source order).
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(tokens[mid].line) < location.line { lo = mid + 1 } else { hi = mid }
        }
        var i = lo
        while i < tokens.count, Int(tokens[i].line) == location.line, tokens[i].kind != .eof {
            let at = file.location(ofToken: i)
            if at.column == location.column { return i }
            if at.column > location.column { return nil }
            i += 1
        }
        return nil
    }
}
