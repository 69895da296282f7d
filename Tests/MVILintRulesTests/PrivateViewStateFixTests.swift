/// `private_view_state` offers no fix for a view that is extended in another file.
import XCTest
import MVILintCore
@testable import MVILintRules

final class PrivateViewStateFixTests: XCTestCase {
    func fixes(_ sources: [(path: String, text: String)]) -> [Bool] {
        let linter = Linter(rules: [PrivateViewState.self], selection: RuleSelection(onlyRules: ["private_view_state"]))
        return linter.lint(sources: sources).map { $0.fix != nil }
    }

    func testNoFixWhenAnExtensionInAnotherFileMayUseTheProperty() {
        let view = ("PlaylistView.swift", """
        struct PlaylistView: View {
            @State var isShuffling = false
            var body: some View { Text("") }
        }
        """)
        XCTAssertEqual(fixes([view]), [true])
        XCTAssertEqual(fixes([view, ("PlaylistView+Actions.swift", "extension PlaylistView { func toggle() { isShuffling.toggle() } }")]), [false])
        XCTAssertEqual(fixes([(view.0, view.1 + "\nextension PlaylistView { func toggle() { isShuffling.toggle() } }")]), [true])
    }
}
