/// `missing_environment_object` with previews left out of the roots (`previews: false`).
import XCTest
import MVILintCore
@testable import MVILintRules

final class MissingEnvironmentObjectPreviewsTests: XCTestCase {
    /// The app provides the session to its root but not the cart; a `#Preview` and a
    /// `PreviewProvider` show views without providing anything.
    let sources: [(path: String, text: String)] = [
        ("ShopApp.swift", """
        @main
        struct ShopApp: App {
            @StateObject private var session = SessionStore()
            var body: some Scene { WindowGroup { RootView().environmentObject(session) } }
        }
        final class SessionStore: ObservableObject {}
        final class CartStore: ObservableObject {}
        """),
        ("RootView.swift", """
        struct RootView: View {
            @EnvironmentObject var session: SessionStore
            var body: some View { CartBadge() }
        }
        #Preview { RootView() }
        """),
        ("CartBadge.swift", """
        struct CartBadge: View {
            @EnvironmentObject var cart: CartStore
            var body: some View { Text("") }
        }
        """),
        ("ProfileView.swift", """
        struct ProfileView: View {
            @EnvironmentObject var session: SessionStore
            var body: some View { Text("") }
        }
        struct ProfileView_Previews: PreviewProvider {
            static var previews: some View { ProfileView() }
        }
        """),
    ]

    func findings(previews: Bool?) -> [String] {
        var selection = RuleSelection(onlyRules: ["missing_environment_object"])
        if let p = previews { selection.options["missing_environment_object"] = ["previews": .bool(p)] }
        let linter = Linter(rules: [MissingEnvironmentObject.self], selection: selection)
        return linter.lint(sources: sources).map { "\($0.path):\($0.line)" }
    }

    func testPreviewsAreRootsByDefault() {
        // The session is missing only in the two previews; the cart on every path.
        XCTAssertEqual(findings(previews: nil), ["CartBadge.swift:2", "ProfileView.swift:2", "RootView.swift:2"])
        XCTAssertEqual(findings(previews: true), findings(previews: nil))
    }

    func testWithoutPreviewsOnlyPathsFromTheAppCount() {
        XCTAssertEqual(findings(previews: false), ["CartBadge.swift:2"])
    }
}
