/// `mvilint graph` on the example app: the nodes, edges and placed findings of its JSON form, the views of the graph, and the other formats.
import Foundation
import MVILintCore
import MVILintRules
import XCTest

final class GraphCommandTests: XCTestCase {
    static let examples = FileDiscovery.absolutePath(URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples").path)

    struct Graph {
        var json: [String: Any]
        var nodes: [[String: Any]] { json["nodes"] as? [[String: Any]] ?? [] }
        var edges: [[String: Any]] { json["edges"] as? [[String: Any]] ?? [] }
        func node(_ id: String) -> [String: Any]? { nodes.first { $0["id"] as? String == id } }
        func edges(_ from: String, _ to: String) -> [[String: Any]] {
            edges.filter { $0["from"] as? String == from && $0["to"] as? String == to }
        }
        func kinds(_ from: String, _ to: String) -> Set<String> { Set(edges(from, to).compactMap { $0["kind"] as? String }) }
        /// The rule ids of the findings on the edges from `from` to `to`.
        func rules(_ from: String, _ to: String) -> Set<String> {
            Set(edges(from, to).flatMap { ($0["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String } })
        }
        func nodeRules(_ id: String) -> Set<String> {
            Set((node(id)?["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String })
        }
    }

    func graph(_ extra: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> Graph {
        let r = runCLI(["graph", "--format", "json", "--quiet"] + extra + [GraphCommandTests.examples], rules: allRules, version: "0.0.0")
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return Graph(json: try XCTUnwrap(object, file: file, line: line))
    }

    func testNodesByLayerWithTheirKinds() throws {
        let g = try graph()
        XCTAssertEqual(g.json["version"] as? Int, 1)
        XCTAssertEqual(g.json["layers"] as? [String], ["app", "view", "presentation", "domain", "data"])
        XCTAssertEqual(g.node("ShopApp")?["role"] as? String, "app")
        XCTAssertEqual(g.node("HomeView")?["layer"] as? String, "view")
        XCTAssertEqual(g.node("HomeStore")?["role"] as? String, "model")
        XCTAssertEqual(g.node("HomeStore")?["traits"] as? [String], ["ObservableObject", "@MainActor"])
        XCTAssertEqual(g.node("SettingsModel")?["traits"] as? [String], ["@Observable", "@MainActor"])
        XCTAssertEqual(g.node("OrdersViewModel")?["traits"] as? [String], ["ObservableObject"])
        XCTAssertEqual(g.node("HomeIntent")?["role"] as? String, "intent")
        XCTAssertEqual(g.node("HomeState")?["role"] as? String, "state")
        XCTAssertEqual(g.node("LoadFeedUseCase")?["layer"] as? String, "domain")
        XCTAssertEqual(g.node("ProductRepository")?["role"] as? String, "repository")
        XCTAssertEqual(g.node("APIClient")?["layer"] as? String, "data")
        XCTAssertEqual(g.node("HomeView")?["file"] as? String, "Examples/ShopApp/Features/Home/HomeView.swift")
        // The project's entities and the mvilint sources around the example are not drawn.
        XCTAssertNil(g.node("Product"))
        XCTAssertNil(g.node("GraphView"))
        // The alias of the generic store is a node of its own.
        XCTAssertEqual(g.node("CartStore")?["traits"] as? [String], ["ObservableObject", "@MainActor", "= Store"])
    }

    func testEdgesFromOwnershipToTheDataLayer() throws {
        let g = try graph()
        XCTAssertEqual(g.kinds("ShopApp", "HomeStore"), ["owns"])
        XCTAssertEqual(g.kinds("ShopApp", "RootTabView"), ["composes"])
        XCTAssertEqual(g.kinds("ShopApp", "SessionStore"), ["owns", "provides"])
        XCTAssertEqual(g.kinds("ProfileView", "SessionStore"), ["environment"])
        XCTAssertEqual(g.kinds("HomeView", "HomeStore"), ["observes"])
        XCTAssertEqual(g.kinds("SettingsView", "SettingsModel"), ["owns"])
        XCTAssertEqual(g.kinds("HomeStore", "LoadFeedUseCase"), ["depends"])
        XCTAssertEqual(g.kinds("HomeStore", "HomeState"), ["state"])
        XCTAssertEqual(g.kinds("HomeIntent", "HomeStore"), ["intent"])
        XCTAssertEqual(g.kinds("CartAction", "CartStore"), ["intent"])
        XCTAssertEqual(g.kinds("DefaultLoadFeedUseCase", "LoadFeedUseCase"), ["conforms"])
        XCTAssertEqual(g.kinds("DefaultLoadFeedUseCase", "ProductRepository"), ["depends"])
        XCTAssertEqual(g.kinds("RemoteUserRepository", "APIClient"), ["depends"])
        XCTAssertEqual(g.edges("HomeStore", "LoadFeedUseCase").first?["label"] as? String, "loadFeed")
    }

    /// Each finding of the example app lands where it belongs (Examples/EXPECTED.md).
    func testFindingsArePlacedOnTheirNodesAndEdges() throws {
        let g = try graph()
        XCTAssertEqual(g.rules("AvatarView", "AvatarViewModel"), ["state_object_injected"])
        XCTAssertEqual(g.rules("OrdersView", "OrdersViewModel"), ["owned_model_state_object", "side_effect_in_body", "view_mutates_state"])
        XCTAssertEqual(g.rules("MiniCartView", "CartStore"), ["missing_environment_object"])
        XCTAssertEqual(g.rules("ProfileHeaderView", "ProfileViewModel"), ["unobserved_model"])
        XCTAssertEqual(g.rules("OrdersViewModel", "OrdersState"), ["state_value_type"])
        // A reference that no stored property makes becomes an edge of its own.
        XCTAssertEqual(g.kinds("OrderDetailView", "OrdersRepository"), ["uses"])
        XCTAssertEqual(g.rules("OrderDetailView", "OrdersRepository"), ["no_usecase_in_view"])
        XCTAssertEqual(g.nodeRules("OrdersViewModel"), ["main_actor_model", "main_actor_mutation", "state_private_set"])
        XCTAssertEqual(g.nodeRules("OrdersView"), ["prefer_task_modifier", "private_view_state"])
        XCTAssertEqual(g.nodeRules("ProductDetailViewModel"), ["loading_state_reset"])
        XCTAssertTrue(g.rules("HomeView", "HomeStore").isEmpty)
        let summary = try XCTUnwrap(g.json["summary"] as? [String: Int])
        XCTAssertEqual(summary["findings"], 19)
        // The free reducer function belongs to no type.
        XCTAssertEqual(summary["unplaced"], 1)
        XCTAssertEqual((g.json["unplaced"] as? [[String: Any]])?.first?["rule"] as? String, "reducer_side_effect")
    }

    func testFocusKeepsTheNeighbourhood() throws {
        let g = try graph(["--focus", "homestore"])
        let ids = Set(g.nodes.compactMap { $0["id"] as? String })
        XCTAssertEqual(ids, ["HomeStore", "ShopApp", "HomeView", "RootTabView", "HomeIntent", "HomeState", "LoadFeedUseCase"])
        XCTAssertEqual(g.json["scope"] as? [String], ["focus on HomeStore, depth 1"])
        let deeper = try graph(["--focus", "HomeStore", "--depth", "2"])
        XCTAssertTrue(deeper.nodes.count > g.nodes.count)
        XCTAssertNotNil(deeper.node("DefaultLoadFeedUseCase"))
    }

    func testOnlyViolationsKeepsTheFindingsNeighbourhood() throws {
        let g = try graph(["--only-violations", "--depth", "0"])
        let ids = Set(g.nodes.compactMap { $0["id"] as? String })
        XCTAssertTrue(ids.isSuperset(of: ["AvatarView", "AvatarViewModel", "OrdersViewModel", "OrdersState", "OrderDetailView", "OrdersRepository"]))
        XCTAssertFalse(ids.contains("HomeStore"))
        XCTAssertFalse(ids.contains("LoadFeedUseCase"))
        XCTAssertEqual((g.json["summary"] as? [String: Int])?["placed"], 18)
    }

    func testCollapseDrawsOneNodePerFolderWithCounts() throws {
        let g = try graph(["--collapse", "folder"])
        let legacy = try XCTUnwrap(g.node("folder:Examples/ShopApp/Features/Legacy"))
        XCTAssertEqual(legacy["role"] as? String, "group")
        XCTAssertEqual(legacy["members"] as? [String: Int], ["view": 4, "model": 1, "state": 1])
        let toData = g.edges("folder:Examples/ShopApp/Features/Legacy", "folder:Examples/ShopApp/Data")
        XCTAssertEqual(toData.count, 1)
        XCTAssertEqual(toData.first?["kinds"] as? [String: Int], ["depends": 1, "uses": 1])
        XCTAssertEqual(toData.first?["count"] as? Int, 2)
        // Every finding is still counted: on a group, an edge between groups, or unplaced.
        XCTAssertEqual((g.json["summary"] as? [String: Int])?["findings"], 19)
        let modules = try graph(["--collapse", "module"])
        XCTAssertEqual(modules.nodes.compactMap { $0["name"] as? String }, ["Examples"])
    }

    func testUnknownFocusAndBadValuesAreUsageErrors() {
        let r = runCLI(["graph", "--focus", "HomeStor", GraphCommandTests.examples], rules: allRules, version: "0.0.0")
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("no type 'HomeStor' in the graph"), r.stderr)
        XCTAssertTrue(r.stderr.contains("HomeStore"), r.stderr)
        for bad in [["--format", "svg"], ["--depth", "-1"], ["--depth", "x"], ["--collapse", "package"]] {
            let out = runCLI(["graph"] + bad + [GraphCommandTests.examples], rules: allRules, version: "0.0.0")
            XCTAssertEqual(out.status, 2, bad.joined(separator: " "))
            XCTAssertTrue(out.stderr.hasPrefix("Error: "), out.stderr)
        }
    }

    func testMermaidAndDOTDrawEveryNodeAndMarkViolations() {
        let mermaid = runCLI(["graph", "--quiet", GraphCommandTests.examples], rules: allRules, version: "0.0.0")
        XCTAssertEqual(mermaid.status, 0)
        XCTAssertTrue(mermaid.stdout.contains("flowchart LR\n"))
        XCTAssertTrue(mermaid.stdout.contains("subgraph layer_presentation[\"presentation\"]"))
        XCTAssertTrue(mermaid.stdout.contains("==>|\"owns · state_object_injected\"|"), mermaid.stdout)
        XCTAssertTrue(mermaid.stdout.contains("linkStyle "))
        let dot = runCLI(["graph", "--quiet", "--format", "dot", GraphCommandTests.examples], rules: allRules, version: "0.0.0")
        XCTAssertTrue(dot.stdout.contains("digraph architecture {"))
        XCTAssertTrue(dot.stdout.contains("label=\"owns · state_object_injected\", color=\"#cf222e\""), dot.stdout)
        XCTAssertEqual(dot.stdout.components(separatedBy: "rank=same;").count - 1, 5)
    }

    func testHelpDescribesTheCommand() {
        let r = runCLI(["help", "graph"], rules: allRules, version: "0.0.0")
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("--only-violations"))
        XCTAssertTrue(r.stdout.contains("docs/graph.md"))
    }
}

extension GraphCommandTests {
    /// docs/images/example-architecture.dot is what the command prints today (the SVG beside it
    /// is made from it; docs/graph.md gives both commands).
    func testCommittedPictureIsCurrent() throws {
        let docs = URL(fileURLWithPath: GraphCommandTests.examples).deletingLastPathComponent().appendingPathComponent("docs/images/example-architecture.dot").path
        let committed = try String(contentsOfFile: docs, encoding: .utf8)
        let r = runCLI(["graph", "--quiet", "--format", "dot", GraphCommandTests.examples], rules: allRules, version: "0.0.0")
        XCTAssertEqual(r.stdout, committed, "regenerate docs/images/example-architecture.* with the commands in docs/graph.md")
    }
}
