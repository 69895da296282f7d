/// `view_mutates_state` names the model's type when the property tells it (an annotation, a
/// construction, a shared instance such as `= SessionModel.shared`), and the property otherwise
/// (`= SessionModel.live` tells no type).
import XCTest
import MVILintCore
@testable import MVILintRules

final class ViewMutatesStateMessageTests: XCTestCase {
    func messages(_ text: String) -> [String] {
        let linter = Linter(rules: [ViewMutatesState.self], selection: RuleSelection(onlyRules: ["view_mutates_state"]))
        return linter.lint(sources: [(path: "BannerView.swift", text: text)]).map(\.message)
    }

    let model = """
    @MainActor
    final class SessionModel: ObservableObject {
        static let shared = SessionModel()
        static let live = SessionModel()
        @Published var banner: String?
    }

    """

    func testNamesTheTypeWhenTheAnnotationWritesIt() {
        let found = messages(model + """
        struct BannerView: View {
            @ObservedObject var session: SessionModel
            var body: some View { Button("Hide") { session.banner = nil } }
        }
        """)
        XCTAssertEqual(found, ["`BannerView` mutates `session.banner` of the model `SessionModel` directly; send an intent or call a model method instead"])
    }

    func testNamesTheTypeOfASharedInstance() {
        let found = messages(model + """
        struct BannerView: View {
            @ObservedObject private var session = SessionModel.shared
            var body: some View { Button("Hide") { session.banner = nil } }
        }
        """)
        XCTAssertEqual(found, ["`BannerView` mutates `session.banner` of the model `SessionModel` directly; send an intent or call a model method instead"])
    }

    func testNamesThePropertyWhenNoTypeIsWritten() {
        let found = messages(model + """
        struct BannerView: View {
            @ObservedObject private var session = SessionModel.live
            var body: some View { Button("Hide") { session.banner = nil } }
        }
        """)
        XCTAssertEqual(found, ["`BannerView` mutates `session.banner` of the model held in `session` directly; send an intent or call a model method instead"])
    }
}
