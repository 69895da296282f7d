/// Checks the profile-dependent defaults of the view rules through the engine.
import XCTest
import MVILintCore
@testable import MVILintRules

final class ProfileDefaultsTests: XCTestCase {
    /// A view that both mutates and binds its model's state, once each.
    let source = """
    final class SearchViewModel: ObservableObject {
        @Published var query = ""
        @Published var page = 1
    }
    struct SearchView: View {
        @ObservedObject var viewModel: SearchViewModel
        var body: some View {
            TextField("Search", text: $viewModel.query)
            Button("Next") { viewModel.page += 1 }
        }
    }
    """

    func findings(_ profile: Profile, rule: String) -> [Finding] {
        let linter = Linter(rules: allRules, selection: RuleSelection(profile: profile))
        return linter.lint(sources: [(path: "SearchView.swift", text: source)]).filter { $0.ruleID == rule }
    }

    func testViewMutatesStateIsAWarningUnderMVVMAndAnErrorUnderMVI() {
        let mvvm = findings(.mvvm, rule: "view_mutates_state")
        XCTAssertEqual(mvvm.map(\.severity), [.warning])
        XCTAssertEqual(mvvm.map(\.line), [9])
        let mvi = findings(.mvi, rule: "view_mutates_state")
        XCTAssertEqual(mvi.map(\.severity), [.error])
        XCTAssertEqual(mvi.map(\.line), [9])
    }

    func testViewBindsModelStateIsOffUnderMVVMAndAnErrorUnderMVI() {
        XCTAssertEqual(findings(.mvvm, rule: "view_binds_model_state").count, 0)
        let mvi = findings(.mvi, rule: "view_binds_model_state")
        XCTAssertEqual(mvi.map(\.severity), [.error])
        XCTAssertEqual(mvi.map(\.line), [8])
    }

    func testAUserOverrideStillWinsOverTheProfile() {
        var selection = RuleSelection(profile: .mvvm)
        selection.overrides["view_binds_model_state"] = .warning
        let linter = Linter(rules: allRules, selection: selection)
        let found = linter.lint(sources: [(path: "SearchView.swift", text: source)]).filter { $0.ruleID == "view_binds_model_state" }
        XCTAssertEqual(found.map(\.severity), [.warning])
    }

    /// The task rules report warnings under both profiles.
    func testTaskRulesAreWarningsUnderBothProfiles() {
        let view = """
        struct LookupView: View {
            @State private var code = ""
            @State private var city = ""
            var body: some View {
                TextField("Code", text: $code)
                    .onChange(of: code) { Task { city = await PostalAPI.city(for: code) } }
                    .refreshable { Task { city = await PostalAPI.city(for: code) } }
            }
        }
        """
        for profile in Profile.allCases {
            let linter = Linter(rules: allRules, selection: RuleSelection(profile: profile))
            let found = linter.lint(sources: [(path: "LookupView.swift", text: view)])
            let byRule = Dictionary(grouping: found.filter { $0.ruleID == "prefer_task_id" || $0.ruleID == "unstructured_task_in_modifier" }, by: \.ruleID)
            XCTAssertEqual(byRule["prefer_task_id"]?.map(\.severity), [.warning], "\(profile)")
            XCTAssertEqual(byRule["prefer_task_id"]?.map(\.line), [6], "\(profile)")
            XCTAssertEqual(byRule["unstructured_task_in_modifier"]?.map(\.severity), [.warning], "\(profile)")
            XCTAssertEqual(byRule["unstructured_task_in_modifier"]?.map(\.line), [7], "\(profile)")
        }
    }
}
