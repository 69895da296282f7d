/// `loading_state_reset` with configured flag names.
import XCTest
import MVILintCore
@testable import MVILintRules

final class LoadingStateResetTests: XCTestCase {
    let source = """
    @MainActor
    final class SearchViewModel: ObservableObject {
        @Published private(set) var isSearching = false
        @Published private(set) var isLoading = false
        @Published private(set) var results: [String] = []

        func search(_ text: String) async {
            isSearching = true
            do {
                results = try await api.search(text)
                isSearching = false
            } catch {
                results = []
            }
        }

        func load() async {
            isLoading = true
            results = (try? await api.all()) ?? []
            guard !results.isEmpty else { return }
            isLoading = false
        }
    }
    """

    func lines(flags: [String]?) -> [Int] {
        var selection = RuleSelection(onlyRules: ["loading_state_reset"])
        if let flags = flags { selection.options["loading_state_reset"] = ["flags": .strings(flags)] }
        let linter = Linter(rules: [LoadingStateReset.self], selection: selection)
        return linter.lint(sources: [(path: "SearchViewModel.swift", text: source)]).map(\.line)
    }

    func testDefaultFlagsDoNotIncludeIsSearching() {
        XCTAssertEqual(lines(flags: nil), [18])
    }

    func testConfiguredFlagsReplaceTheDefaults() {
        XCTAssertEqual(lines(flags: ["isSearching"]), [8])
        XCTAssertEqual(lines(flags: ["isSearching", "isLoading"]), [8, 18])
    }
}
