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

    /// The message names the way out that leaves the flag set, and a note points at it.
    func testTheLeakingExitIsNamed() {
        let source = """
        @MainActor
        final class FeedModel: ObservableObject {
            @Published private(set) var isLoading = false
            @Published private(set) var items: [String] = []

            func viaCatch() async {
                isLoading = true
                do {
                    items = try await api.items()
                    isLoading = false
                } catch {
                    items = []
                }
            }

            func viaPropagatingTry() async throws {
                isLoading = true
                items = try await api.items()
                isLoading = false
            }

            func viaGuard() async {
                isLoading = true
                items = (try? await api.items()) ?? []
                guard !items.isEmpty else {
                    return
                }
                isLoading = false
            }

            func viaEnd() async {
                isLoading = true
                items = await api.cached()
            }

            func viaTask() {
                isLoading = true
                Task {
                    items = try await api.items()
                    isLoading = false
                }
            }
        }
        """
        let linter = Linter(rules: [LoadingStateReset.self], selection: RuleSelection(onlyRules: ["loading_state_reset"]))
        let findings = linter.lint(sources: [(path: "FeedModel.swift", text: source)])
        let summary = findings.map { f in "\(f.line) \(f.message.components(separatedBy: "leaves through ").last!.components(separatedBy: ";").first!) | " + f.notes.map { "\($0.location.line): \($0.message)" }.joined() }
        XCTAssertEqual(summary, [
            "7 the `catch` on line 11 | 11: `isLoading` is still `true` when `viaCatch` leaves here",
            "17 the `try` on line 18, which passes its error on | 18: `isLoading` is still `true` when `viaPropagatingTry` leaves here",
            "23 the `return` on line 26 | 26: `isLoading` is still `true` when `viaGuard` leaves here",
            "32 the end of its body on line 34 | 34: `isLoading` is still `true` when `viaEnd` leaves here",
            "37 the `try` on line 39, which passes its error on | 39: `isLoading` is still `true` when the `Task` that `viaTask` starts leaves here",
        ])
    }
}
