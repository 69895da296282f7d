/// The project view graph: roots, edges, provisions, and what the engine builds it from.
import XCTest
import Foundation
@testable import MVILintCore

final class ViewGraphTests: XCTestCase {
    func index(_ sources: [String: String]) -> ProjectIndex {
        let summaries = sources.sorted { $0.key < $1.key }.map { FileSummary(file: SourceFile(path: $0.key, text: $0.value)) }
        return ProjectIndex(summaries: summaries)
    }

    func route(_ p: ViewGraph.Path?) -> String? {
        p.map { ([$0.root.name] + $0.views).joined(separator: " > ") }
    }

    let app = """
    @main
    struct ShopApp: App {
        @StateObject private var session = SessionStore()
        var body: some Scene {
            WindowGroup {
                RootView().environmentObject(session)
            }
        }
    }
    struct RootView: View {
        @State private var showsCart = false
        var body: some View {
            NavigationStack { HomeView() }
                .sheet(isPresented: $showsCart) { CartView() }
        }
    }
    struct HomeView: View { var body: some View { Text("") } }
    struct CartView: View { var body: some View { Text("") } }
    final class SessionStore: ObservableObject {}
    final class CartStore: ObservableObject {}
    """

    /// Custom calls that may provide environment objects: `name(…)` and `.name { … }` when the
    /// brace opens a trailing closure, not when it opens a block after a condition; framework
    /// modifiers and capitalised names are not custom calls.
    func testCustomCallsAreCallsAndTrailingClosuresNotBlocks() {
        let file = SourceFile(path: "A.swift", text: """
        import SwiftUI
        struct A: View {
            var mode = Mode.plain
            var body: some View {
                if mode == .fancy { Text("a") }
                Text("b").withSession { $0 }.styled().padding().overlay { Badge() }
            }
        }
        """)
        let calls = Set(ViewGraphSummary(file: file).typeWideProvisions["A"] ?? [])
        XCTAssertEqual(calls, [.modifierFunction("withSession"), .modifierFunction("styled")])
    }

    /// `endsCondition(member:)` says a `.name {` brace opens a statement's block without the
    /// closure analysis; wherever it says so, the analysis must agree. Checked on the sample
    /// projects, the fixtures and the cases below (and on the directories listed in the
    /// environment variable `MVILINT_EXTRA_CORPUS`, separated by `:`, for manual runs).
    func testConditionEndsAgreeWithTheClosureAnalysis() throws {
        let tricky = SourceFile(path: "Tricky.swift", text: """
        func f(items: [Item], model: Model, state: State) {
            if model.isLoading { print(1) }
            if !model.items.isEmpty { print(2) }
            while queue?.isEmpty { drain() }
            switch state.phase { case .idle: break }
            if model.items[0].flags.isOn { print(3) }
            if model.load().isDone { print(4) }
            if a, b.isOn { print(5) }
            guard let x = items.first { $0.isOn } else { return }
            let y = items.sorted { $0 < $1 }
            let z = Text("").withSession { $0 }
            if let w = items.first(where: { $0.isOn }).map { $0 } { print(w) }
            call { if self.ready { go() } }
        }
        """)
        var files = [tricky]
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var directories = ["Examples", "Tests/Fixtures"].map { root.appendingPathComponent($0).path }
        if let extra = ProcessInfo.processInfo.environment["MVILINT_EXTRA_CORPUS"] { directories += extra.split(separator: ":").map(String.init) }
        for path in FileDiscovery.swiftFiles(in: directories).files {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            files.append(SourceFile(path: path, bytes: [UInt8](data)))
        }
        var blocks = 0, others = 0
        for file in files {
            let builder = ViewGraphBuilder(file: file)
            for i in file.tokens.indices where file.kind(i) == .identifier && file.kind(i - 1) == .period && file.kind(i + 1) == .leftBrace {
                if builder.endsCondition(member: i) {
                    blocks += 1
                    XCTAssertFalse(builder.isClosureOpen(i + 1), "\(file.path):\(file.tokens[i].line): a condition's end opens a closure")
                } else {
                    others += 1
                }
            }
        }
        // Not vacuous: both answers occur.
        XCTAssertGreaterThan(blocks, 8)
        XCTAssertGreaterThan(others, 5)
    }

    /// A dense graph where walking back from the view passes `ancestryBudget` edges: the query
    /// falls back to the whole-graph search and gives the same answers as the local one.
    func testDenseGraphsPastTheAncestryBudgetGiveTheSameAnswers() {
        func project(views n: Int, provides: Bool) -> [String: String] {
            var files: [String: String] = [
                "App.swift": """
                @main
                struct DenseApp: App {
                    @StateObject private var session = SessionStore()
                    var body: some Scene { WindowGroup { V0()\(provides ? ".environmentObject(session)" : "") } }
                }
                final class SessionStore: ObservableObject {}
                """,
            ]
            // Every view constructs every later one: n * (n - 1) / 2 edges.
            for i in 0..<n {
                let children = ((i + 1)..<n).map { "V\($0)()" }.joined(separator: "\n")
                files["V\(i).swift"] = "struct V\(i): View {\n    var body: some View {\n        VStack {\n\(children)\n        }\n    }\n}\n"
            }
            return files
        }
        let dense = 210, small = 20
        XCTAssertGreaterThan(dense * (dense - 1) / 2, ViewGraph.ancestryBudget, "the dense graph must exceed the budget")
        XCTAssertLessThan(small * (small - 1) / 2, ViewGraph.ancestryBudget)
        for n in [small, dense] {
            let open = index(project(views: n, provides: false)).viewGraph
            XCTAssertEqual(route(open.pathWithout({ $0 == "SessionStore" }, to: "V\(n - 1)")), "DenseApp > V0 > V\(n - 1)", "\(n) views")
            XCTAssertEqual(route(open.pathWithout({ $0 == "SessionStore" }, to: "V1")), "DenseApp > V0 > V1", "\(n) views")
            // With a key, the whole-graph search is kept and reused by the next query.
            for target in ["V\(n - 1)", "V\(n / 2)", "V\(n - 1)"] {
                XCTAssertEqual(route(open.pathWithout({ $0 == "SessionStore" }, to: target, key: "SessionStore")), "DenseApp > V0 > \(target)", "\(n) views, keyed")
            }
            let provided = index(project(views: n, provides: true)).viewGraph
            XCTAssertNil(provided.pathWithout({ $0 == "SessionStore" }, to: "V\(n - 1)"), "\(n) views, provided at the root")
            XCTAssertEqual(route(provided.pathWithout({ $0 == "CartStore" }, to: "V\(n - 1)")), "DenseApp > V0 > V\(n - 1)", "\(n) views")
        }
    }

    func testPathsFollowConstructionsAndStopAtProvisions() {
        let graph = index(["App.swift": app]).viewGraph
        XCTAssertEqual(graph.rootCount, 1)
        XCTAssertEqual(route(graph.pathWithout({ $0 == "CartStore" }, to: "CartView")), "ShopApp > RootView > CartView")
        XCTAssertEqual(route(graph.pathWithout({ $0 == "CartStore" }, to: "HomeView")), "ShopApp > RootView > HomeView")
        XCTAssertNil(graph.pathWithout({ $0 == "SessionStore" }, to: "CartView"))
        XCTAssertNil(graph.pathWithout({ _ in false }, to: "SessionStore"), "not a view")
    }

    /// The byte prefilter of `isRelevant` must let through every file that names a relevant type.
    func testEveryRelevantNameContainsAFragmentOfThePrefilter() {
        for name in ViewGraphBuilder.relevantNames {
            XCTAssertTrue(ViewGraphBuilder.relevantFragments.contains { name.contains(String(decoding: $0.bytes, as: UTF8.self)) }, name)
        }
    }

    func testPreviewsAreRootsButAppPathsComeFirst() {
        let preview = "#Preview { HomeView() }\n#Preview(\"Cart\") { CartView().environmentObject(CartStore()) }"
        let graph = index(["App.swift": app, "Previews.swift": preview]).viewGraph
        XCTAssertEqual(graph.rootCount, 3)
        XCTAssertEqual(route(graph.pathWithout({ $0 == "CartStore" }, to: "HomeView")), "ShopApp > RootView > HomeView")
        // The preview root provides a SessionStore to nobody: HomeView is reached without one.
        XCTAssertEqual(route(graph.pathWithout({ $0 == "SessionStore" }, to: "HomeView")), "#Preview > HomeView")
        // The cart preview provides a CartStore, not a SessionStore.
        XCTAssertEqual(route(graph.pathWithout({ $0 == "SessionStore" }, to: "CartView")), "#Preview > CartView")
        XCTAssertEqual(route(graph.pathWithout({ $0 == "CartStore" }, to: "CartView")), "ShopApp > RootView > CartView")
    }

    func testHostingControllerContentIsARootAndUnresolvedProvisionsProvideEverything() {
        let graph = index(["App.swift": app, "Host.swift": """
        final class Coordinator {
            let store = CartStore()
            func start() -> UIViewController {
                _ = UIHostingController(rootView: HomeView().environmentObject(store))
                return UIHostingController(rootView: CartView().environmentObject(makeStore()))
            }
        }
        """]).viewGraph
        XCTAssertEqual(graph.rootCount, 3)
        XCTAssertEqual(route(graph.pathWithout({ $0 == "CartStore" }, to: "HomeView")), "ShopApp > RootView > HomeView")
        XCTAssertEqual(route(graph.pathWithout({ $0 == "SessionStore" }, to: "HomeView")), "UIHostingController > HomeView")
        XCTAssertNil(graph.pathWithout({ $0 == "SessionStore" }, to: "CartView"), "makeStore() may return anything")
    }

    func testStaticMembersAndAmbiguousNamesAreNotFollowed() {
        let graph = index([
            "A.swift": """
            struct ListView: View {
                var body: some View { Row() }
                static var sample: some View { DetailView() }
            }
            private struct Row: View { var body: some View { DetailView() } }
            struct DetailView: View { var body: some View { Text("") } }
            #Preview { ListView() }
            """,
            "B.swift": "private struct Row: View { var body: some View { Text(\"\") } }",
        ]).viewGraph
        XCTAssertEqual(graph.ambiguousNames, ["Row"])
        XCTAssertEqual(route(graph.pathWithout({ _ in false }, to: "ListView")), "#Preview > ListView")
        XCTAssertNil(graph.pathWithout({ _ in false }, to: "DetailView"), "reached only through the ambiguous Row and a static member")
    }

    func testContainersThatProvideToTheirContentCoverWhatIsPassedIn() {
        let graph = index(["Card.swift": """
        struct Card<Content: View>: View {
            @StateObject private var theme = ThemeStore()
            let content: Content
            var body: some View { content.environmentObject(theme) }
        }
        struct Label2: View { var body: some View { Text("") } }
        struct Plain: View { var body: some View { Text("") } }
        #Preview {
            VStack {
                Card(content: Label2())
                Plain()
            }
        }
        final class ThemeStore: ObservableObject {}
        """]).viewGraph
        XCTAssertNil(graph.pathWithout({ $0 == "ThemeStore" }, to: "Label2"))
        XCTAssertEqual(route(graph.pathWithout({ $0 == "ThemeStore" }, to: "Plain")), "#Preview > Plain")
    }

    func testTheEngineBuildsTheGraphFromProjectFilesThatAreNotLinted() {
        struct Probe: Rule {
            static let info = RuleInfo(id: "probe", title: "Probe", summary: "Reports views the graph reaches", rationale: String(repeating: "x", count: 90),
                                       category: .lifecycle, defaults: [.mvvm: .warning, .mvi: .warning], examples: [])
            init() {}
            func check(_ context: inout RuleContext) {
                for t in context.file.tree.allTypes where context.project.viewGraph.pathWithout({ _ in false }, to: t.name) != nil {
                    context.report(at: t.nameToken, "`\(t.name)` is reachable")
                }
            }
        }
        let contents: [String: [UInt8]] = [
            "/p/App.swift": Array("@main struct A: App { var body: some Scene { WindowGroup { Shown() } } }".utf8),
            "/p/Shown.swift": Array("struct Shown: View { var body: some View { Text(\"\") } }".utf8),
        ]
        let linter = Linter(rules: [Probe.self], selection: RuleSelection(onlyRules: ["probe"]))
        let withRoot = linter.lint(files: ["/p/Shown.swift"], projectFiles: ["/p/App.swift", "/p/Shown.swift"], contents: contents)
        XCTAssertEqual(withRoot.findings.map(\.message), ["`Shown` is reachable"])
        let withoutRoot = linter.lint(files: ["/p/Shown.swift"], projectFiles: ["/p/Shown.swift"], contents: contents)
        XCTAssertEqual(withoutRoot.findings.count, 0)
    }
}
