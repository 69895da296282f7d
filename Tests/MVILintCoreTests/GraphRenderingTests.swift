/// The graph renderers and the html and markdown reporters on hand-made graphs and hostile text: escaping, narrowing, collapsing, layout.

@testable import MVILintCore
import XCTest

final class GraphRenderingTests: XCTestCase {
    static func finding(_ rule: String, _ message: String, path: String = "/proj/Sources/A.swift", line: Int = 3) -> Finding {
        Finding(ruleID: rule, severity: .warning, path: path, location: SourceLocation(line: line, column: 5), message: message)
    }

    /// A small graph: a view owning a model that depends on a repository, a finding on the
    /// ownership and one on the model, names and messages that need escaping.
    static func sample() -> ArchitectureGraph {
        typealias G = ArchitectureGraph
        var view = G.Node(id: "Feed<View>", name: "Feed<View>", role: .view, layer: "view", kind: "struct", traits: [],
                          path: "/proj/Sources/Feed/FeedView.swift", line: 1)
        view.findings = []
        var model = G.Node(id: "FeedModel", name: "FeedModel", role: .model, layer: "presentation", kind: "class",
                           traits: ["ObservableObject", "@MainActor"], path: "/proj/Sources/Feed/FeedModel.swift", line: 2)
        model.findings = [G.FindingRef(finding("state_private_set", "`items` & \"more\" </script>"))]
        let repository = G.Node(id: "FeedRepository", name: "FeedRepository", role: .repository, layer: "data", kind: "protocol", traits: [],
                                path: "/proj/Sources/Data/FeedRepository.swift", line: 1)
        var owns = G.Edge(from: "Feed<View>", to: "FeedModel", kind: .owns, label: "model")
        owns.findings = [G.FindingRef(finding("state_object_injected", "`model` is injected"))]
        let depends = G.Edge(from: "FeedModel", to: "FeedRepository", kind: .depends, label: "repository")
        return G(nodes: [view, model, repository], edges: [owns, depends], layers: ["view", "presentation", "data"], unplaced: [])
    }

    static let context = ReportContext(toolVersion: "1.2.3", rules: ReporterFixture.rules, baseDirectory: "/proj", currentDirectory: "/proj")

    func testMermaidEscapesLabelsAndMarksViolations() {
        let text = MermaidGraph.render(GraphRenderingTests.sample())
        XCTAssertTrue(text.contains("n0(\"<b>Feed#lt;View#gt;</b><br/>struct\")"), text)
        XCTAssertTrue(text.contains("n1[\"<b>FeedModel</b><br/>class · ObservableObject · @MainActor<br/>⚠ state_private_set\"]"), text)
        XCTAssertTrue(text.contains("  n0 ==>|\"owns · state_object_injected\"| n1\n"), text)
        XCTAssertTrue(text.contains("  n1 -->|\"depends\"| n2\n"), text)
        XCTAssertTrue(text.contains("  linkStyle 0 stroke:#cf222e"), text)
        XCTAssertTrue(text.contains("  style n1 stroke:#cf222e"), text)
        XCTAssertEqual(MermaidGraph.text("a\"b<c>&#|d\ne"), "a#quot;b#lt;c#gt;#amp;#35;#124;d e")
    }

    func testDOTQuotesLabels() {
        let text = DOTGraph.render(GraphRenderingTests.sample())
        XCTAssertTrue(text.contains("n0 [label=\"Feed<View>\\nstruct\", shape=box"), text)
        XCTAssertTrue(text.contains("n0 -> n1 [label=\"owns · state_object_injected\", color=\"#cf222e\""), text)
        XCTAssertEqual(DOTGraph.quote("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"")
    }

    func testJSONFormHasTheDocumentedKeys() throws {
        let text = GraphFormat.json.render(GraphRenderingTests.sample(), context: GraphRenderingTests.context)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["version", "tool", "scope", "layers", "nodes", "edges", "summary", "unplaced"])
        let node = try XCTUnwrap((object["nodes"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(node.keys), ["id", "name", "role", "layer", "kind", "traits", "file", "line", "findings"])
        XCTAssertEqual(node["file"] as? String, "Sources/Feed/FeedView.swift")
        let edge = try XCTUnwrap((object["edges"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(edge.keys), ["from", "to", "kind", "label", "count", "findings"])
        let f = try XCTUnwrap((edge["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(f["file"] as? String, "Sources/A.swift")
        XCTAssertEqual((object["summary"] as? [String: Int])?["placed"], 2)
    }

    func testNeighbourhoodAndCollapse() {
        let g = GraphRenderingTests.sample()
        let focused = GraphView(focus: "FeedRepository", depth: 1).apply(to: g) { _ in "" }
        XCTAssertEqual(focused.nodes.map(\.id), ["FeedModel", "FeedRepository"])
        // The finding of the node left out is kept, as unplaced.
        XCTAssertEqual(focused.unplaced.map(\.ruleID), ["state_object_injected"])
        let violations = GraphView(depth: 0, onlyViolations: true).apply(to: g) { _ in "" }
        XCTAssertEqual(violations.nodes.map(\.id), ["Feed<View>", "FeedModel"])
        let modules = GraphView(collapse: .module).apply(to: g) { path in
            GraphView.moduleName(ofRelativePath: String(path!.dropFirst("/proj/".count)))
        }
        XCTAssertEqual(modules.nodes.map(\.id), ["module:Data", "module:Feed"])
        XCTAssertEqual(modules.nodes[1].members, [.view: 1, .model: 1])
        // The ownership inside Feed goes to Feed's node, with the model's own finding.
        XCTAssertEqual(modules.nodes[1].findings.count, 2)
        XCTAssertEqual(modules.edges.map { "\($0.from)>\($0.to):\($0.count)" }, ["module:Feed>module:Data:1"])
    }

    func testModuleAndFolderNames() {
        XCTAssertEqual(GraphView.moduleName(ofRelativePath: "Packages/Account/Sources/Account/Views/A.swift"), "Account")
        XCTAssertEqual(GraphView.moduleName(ofRelativePath: "App/Features/A.swift"), "App")
        XCTAssertEqual(GraphView.moduleName(ofRelativePath: "A.swift"), ".")
        XCTAssertEqual(GraphView.moduleName(ofRelativePath: "Tests/CoreTests/A.swift"), "CoreTests")
        XCTAssertEqual(GraphView.folderName(ofRelativePath: "App/Features/A.swift"), "App/Features")
        XCTAssertEqual(GraphView.folderName(ofRelativePath: "A.swift"), ".")
    }

    func testLayerOrderFollowsTheAllowedEdges() {
        XCTAssertEqual(LayerGraph(settings: ProjectSettings()).orderedLayers, ["view", "presentation", "domain", "data"])
        var settings = ProjectSettings()
        settings.layers = ["ui": ["View"], "logic": ["Store"], "io": ["Client"]]
        settings.allowedLayerDependencies = ["ui": ["logic"], "logic": ["io"]]
        XCTAssertEqual(LayerGraph(settings: settings).orderedLayers, ["ui", "logic", "io"])
        // A cycle does not stop the ordering.
        settings.allowedLayerDependencies = ["ui": ["logic"], "logic": ["ui"]]
        XCTAssertEqual(Set(LayerGraph(settings: settings).orderedLayers), ["ui", "logic", "io"])
    }

    func testLayoutDrawsOneColumnPerLayerAndEscapes() {
        let svg = LayeredLayout().svg(GraphRenderingTests.sample(), escape: Escaping.html)
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(svg.contains(">Feed&lt;View&gt;</text>"), svg)
        XCTAssertFalse(svg.contains("</script>"))
        XCTAssertTrue(svg.contains("&lt;/script&gt;"))
        XCTAssertEqual(svg.components(separatedBy: "class=\"layer\"").count - 1, 3)
        XCTAssertEqual(svg.components(separatedBy: "<g class=\"node").count - 1, 3)
        XCTAssertEqual(svg.components(separatedBy: "<g class=\"edge violation\"").count - 1, 1)
        // Columns left to right in layer order: the view's box lies left of the model's.
        func x(_ id: String) -> Double? {
            guard let r = svg.range(of: "data-node=\"\(id)\"") else { return nil }
            let after = svg[r.upperBound...]
            guard let xr = after.range(of: "<rect x=\""), let end = after[xr.upperBound...].firstIndex(of: "\"") else { return nil }
            return Double(after[xr.upperBound..<end])
        }
        XCTAssertLessThan(try XCTUnwrap(x("Feed&lt;View&gt;")), try XCTUnwrap(x("FeedModel")))
        XCTAssertLessThan(try XCTUnwrap(x("FeedModel")), try XCTUnwrap(x("FeedRepository")))
        // A long layer wraps into several columns.
        var big = GraphRenderingTests.sample()
        for k in 0..<70 {
            big.nodes.append(ArchitectureGraph.Node(id: "V\(k)", name: "V\(k)", role: .view, layer: "view", kind: "struct", traits: [], path: nil, line: nil))
        }
        var layout = LayeredLayout()
        layout.maxColumnHeight = 25
        let wide = layout.svg(big, escape: Escaping.html)
        XCTAssertEqual(wide.components(separatedBy: "class=\"layer\"").count - 1, 3)
        XCTAssertEqual(wide.components(separatedBy: "<g class=\"node").count - 1, 73)
    }

    // MARK: html and markdown

    func report(_ reporter: any Reporter.Type, code: [Int: String] = [:]) -> String {
        var context = GraphRenderingTests.context
        context.graph = GraphRenderingTests.sample()
        let findings = [
            GraphRenderingTests.finding("state_private_set", "`items` & \"more\" </script><img src=x onerror=alert(1)>"),
            GraphRenderingTests.finding("main_actor_mutation", "`count` is *mutated* off the main actor | [x](y)", path: "/proj/Sources/B.swift", line: 1),
        ]
        context.lineTexts = ["/proj/Sources/A.swift": code]
        return reporter.report(LintResult(findings: findings, diagnostics: [], lintedFileCount: 2, timings: LintTimings()), context: context)
    }

    func testHTMLReportIsSelfContainedAndEscaped() {
        let html = report(HTMLReporter.self, code: [1: "struct A {", 2: "  // </script> & <b>", 3: "  var items = [1]", 4: "}", 5: ""])
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("default-src 'none'"))
        // No element loads anything: the only URLs are links to rule pages and the SVG namespace.
        for markup in [" src=\"", "<img", "<link", "<iframe", "@import", "url(http", "url(//", "http-equiv=\"refresh"] { XCTAssertFalse(html.contains(markup), markup) }
        XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, 1, "only the page's own script closes a script element")
        XCTAssertTrue(html.contains("<p class=\"message\"><code>items</code> &amp; &quot;more&quot; &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</p>"), html)
        XCTAssertTrue(html.contains("<span class=\"line hit\"><span class=\"ln\">3</span>  var items = [1]</span>"), html)
        XCTAssertEqual(HTMLReporter.message("a `<b>` c`d"), "a `&lt;b&gt;` c`d")
        XCTAssertTrue(html.contains("<span class=\"ln\">2</span>  // &lt;/script&gt; &amp; &lt;b&gt;</span>"))
        XCTAssertTrue(html.contains("<form id=\"filters\" hidden>"))
        XCTAssertTrue(html.contains("data-rule=\"main_actor_mutation\" data-severity=\"warning\""))
        XCTAssertTrue(html.contains("href=\"https://github.com/mvilint/mvilint/blob/main/docs/rules/state_private_set.md\""))
        XCTAssertTrue(html.contains("<h3>Sources/A.swift <span class=\"count\">1</span></h3>"))
        XCTAssertTrue(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"architecture\""))
        XCTAssertTrue(html.contains("<svg class=\"chart\""))
    }

    func testMarkdownReport() {
        let md = report(MarkdownReporter.self)
        XCTAssertTrue(md.hasPrefix("## mvilint: 2 findings (0 errors, 2 warnings) in 2 files\n"), md)
        XCTAssertTrue(md.contains("| [`main_actor_mutation`](https://github.com/mvilint/mvilint/blob/main/docs/rules/main_actor_mutation.md) | 0 | 1 | 1 |\n"), md)
        XCTAssertTrue(md.contains("<details><summary><code>state_private_set</code>: 1 warning</summary>\n\n"), md)
        XCTAssertTrue(md.contains("- ⚠️ [Sources/A.swift:3](Sources/A.swift#L3): `items` &amp; \"more\" &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;\n"), md)
        XCTAssertTrue(md.contains("`count` is \\*mutated\\* off the main actor \\| \\[x\\](y)"), md)
        XCTAssertTrue(md.contains("```mermaid\n%% mvilint architecture graph"), md)
        XCTAssertTrue(md.contains("==>|\"owns · state_object_injected\"|"), md)
        var context = GraphRenderingTests.context
        context.sourceLinkBase = "https://github.com/o/r/blob/abc/"
        XCTAssertEqual(MarkdownReporter.link("/proj/Sources/A B.swift", 7, context), "[Sources/A B.swift:7](https://github.com/o/r/blob/abc/Sources/A%20B.swift#L7)")
        // Run from a subdirectory: the text is the path from there, the link the path in the repository.
        context.currentDirectory = "/proj/Sources"
        XCTAssertEqual(MarkdownReporter.link("/proj/Sources/A B.swift", 7, context), "[A B.swift:7](https://github.com/o/r/blob/abc/Sources/A%20B.swift#L7)")
        context.sourceLinkBase = nil
        XCTAssertEqual(MarkdownReporter.link("/proj/Sources/A B.swift", 7, context), "[A B.swift:7](A%20B.swift#L7)")
        let unread = LintResult(findings: [], diagnostics: [InputDiagnostic(path: "/proj/Sources/Bin.swift", message: "file is not valid UTF-8")],
                                lintedFileCount: 1, timings: LintTimings())
        XCTAssertTrue(MarkdownReporter.report(unread, context: GraphRenderingTests.context)
            .hasSuffix("\n### Files that could not be linted\n\n- 🛑 `Sources/Bin.swift`: file is not valid UTF-8\n"))
        XCTAssertEqual(MarkdownReporter.inline("a `<b>` c`d"), "a \\`&lt;b&gt;\\` c\\`d")
        XCTAssertEqual(MarkdownReporter.inline("`x<y>` and <z>"), "`x<y>` and &lt;z&gt;")
    }

    func testMarkdownWithoutFindings() {
        let r = LintResult(findings: [], diagnostics: [], lintedFileCount: 3, timings: LintTimings())
        XCTAssertEqual(MarkdownReporter.report(r, context: GraphRenderingTests.context), "## mvilint: no findings\n\n3 files linted.\n")
    }
}

extension GraphRenderingTests {
    func testMarkdownListsAtMostThirtyFindingsPerRule() {
        let findings = (1...45).map { GraphRenderingTests.finding("state_private_set", "`p\($0)` can be set", line: $0) }
        let md = MarkdownReporter.report(LintResult(findings: findings, diagnostics: [], lintedFileCount: 1, timings: LintTimings()),
                                         context: GraphRenderingTests.context)
        XCTAssertEqual(md.components(separatedBy: "\n- ⚠️ ").count - 1, 30)
        XCTAssertTrue(md.contains("- … and 15 more (`mvilint lint --only-rule state_private_set` lists them all)\n"), md)
    }

    /// A graph of one layer (a collapsed one) is split into columns by dependency depth, and a
    /// cycle does not stop it.
    func testSingleLayerGraphsAreRankedByDependencies() {
        typealias G = ArchitectureGraph
        let names = ["App", "Feature", "Core", "Net"]
        let nodes = names.map { G.Node(id: $0, name: $0, role: .group, layer: "module", kind: "group", traits: [], path: nil, line: nil) }
        let edges = [("App", "Feature"), ("Feature", "Core"), ("Core", "Net"), ("Net", "Core"), ("App", "Net")].map {
            G.Edge(from: $0.0, to: $0.1, kind: .aggregated, label: nil)
        }
        let g = G(nodes: nodes, edges: edges, layers: ["module"], unplaced: [])
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        XCTAssertEqual(LayeredLayout.ranks(g, index), [0, 1, 2, 3])
    }
}
