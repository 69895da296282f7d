/// `view_mutates_state` names the model's type when the property tells it (an annotation, a
/// construction, a shared instance such as `= SessionModel.shared`), and the property otherwise
/// (`= SessionModel.live` tells no type).
import XCTest
import MVILintCore
@testable import MVILintRules

final class ViewMutatesStateMessageTests: XCTestCase {
    let model = """
    @MainActor
    final class SessionModel: ObservableObject {
        static let shared = SessionModel()
        static let live = SessionModel()
        @Published var banner: String?
    }

    """

    /// The messages for a view whose property `session` is declared as `declaration`.
    func messages(declaring declaration: String) -> [String] {
        let view = """
        struct BannerView: View {
            \(declaration)
            var body: some View { Button("Hide") { session.banner = nil } }
        }
        """
        let linter = Linter(rules: [ViewMutatesState.self], selection: RuleSelection(onlyRules: ["view_mutates_state"]))
        return linter.lint(sources: [(path: "BannerView.swift", text: model + view)]).map(\.message)
    }

    func expected(_ owner: String) -> [String] {
        ["`BannerView` mutates `session.banner` of \(owner) directly; send an intent or call a model method instead"]
    }

    func testNamesTheTypeWhenTheAnnotationWritesIt() {
        XCTAssertEqual(messages(declaring: "@ObservedObject var session: SessionModel"), expected("the model `SessionModel`"))
    }

    func testNamesTheTypeOfASharedInstance() {
        XCTAssertEqual(messages(declaring: "@ObservedObject private var session = SessionModel.shared"), expected("the model `SessionModel`"))
    }

    func testNamesThePropertyWhenNoTypeIsWritten() {
        XCTAssertEqual(messages(declaring: "@ObservedObject private var session = SessionModel.live"), expected("the model held in `session`"))
    }
}
