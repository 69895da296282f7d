/// `layer_dependency`: off by default, the default layer graph, and configured layers.
import XCTest
import MVILintCore
@testable import MVILintRules

final class LayerDependencyTests: XCTestCase {
    let source = """
    final class OrdersRepository { static let shared = OrdersRepository() }
    final class LoadOrdersUseCase { let repository = OrdersRepository() }
    final class OrdersStore: ObservableObject {
        let repository: OrdersRepository
        init(repository: OrdersRepository) { self.repository = repository }
    }
    struct OrdersScreen: View {
        var body: some View { Text("").task { _ = OrdersRepository.shared } }
    }
    """

    func findings(_ selection: RuleSelection, settings: ProjectSettings = ProjectSettings()) -> [Finding] {
        let linter = Linter(rules: allRules, selection: selection, settings: settings)
        return linter.lint(sources: [(path: "Orders.swift", text: source)]).filter { $0.ruleID == "layer_dependency" }
    }

    func testOffByDefaultInBothProfiles() {
        XCTAssertEqual(findings(RuleSelection(profile: .mvvm)).count, 0)
        XCTAssertEqual(findings(RuleSelection(profile: .mvi)).count, 0)
    }

    func testDefaultGraphWhenEnabled() {
        let selection = RuleSelection(overrides: ["layer_dependency": .warning])
        // The store skips the domain layer; `OrdersScreen` has no suffix of a layer and is a view
        // only once the index knows `View` conformance, which it does from its declaration.
        XCTAssertEqual(findings(selection).map(\.line), [4, 8])
        XCTAssertTrue(findings(selection).allSatisfy { $0.severity == .warning })
    }

    func testConfiguredLayersAndEdges() {
        var settings = ProjectSettings()
        settings.layers = ["ui": ["Screen"], "state": ["Store"], "data": ["Repository"]]
        settings.allowedLayerDependencies = ["ui": ["state"], "state": ["data"]]
        let selection = RuleSelection(overrides: ["layer_dependency": .error])
        // `LoadOrdersUseCase` belongs to no configured layer; `data` has no entry and may use only itself.
        XCTAssertEqual(findings(selection, settings: settings).map(\.line), [8])
        settings.allowedLayerDependencies = ["ui": ["state", "data"], "state": []]
        XCTAssertEqual(findings(selection, settings: settings).map(\.line), [4])
    }

    func testLayersWithoutEdgesCheckNothing() {
        var settings = ProjectSettings()
        settings.layers = ["ui": ["Screen"], "data": ["Repository"]]
        XCTAssertEqual(findings(RuleSelection(overrides: ["layer_dependency": .warning]), settings: settings).count, 0)
    }
}
