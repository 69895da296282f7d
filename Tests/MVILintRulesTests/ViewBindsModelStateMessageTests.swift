/// `view_binds_model_state` names the model's type when the property tells it, and the property
/// holding the model otherwise (`= PingModel.live`, like `= Dependencies.shared.ping`, tells no
/// type).
import XCTest
import MVILintCore
@testable import MVILintRules

final class ViewBindsModelStateMessageTests: XCTestCase {
    let model = """
    final class PingModel: ObservableObject {
        static let live = PingModel()
        @Published var size = 0.0
    }

    """

    /// The messages for a view whose property `ping` is declared as `declaration`.
    func messages(declaring declaration: String) -> [String] {
        let view = """
        struct PingView: View {
            \(declaration)
            var body: some View { Slider(value: $ping.size) }
        }
        """
        let linter = Linter(rules: [ViewBindsModelState.self], selection: RuleSelection(onlyRules: ["view_binds_model_state"]))
        return linter.lint(sources: [(path: "PingView.swift", text: model + view)]).map(\.message)
    }

    func expected(_ owner: String) -> [String] {
        ["`$ping.size` binds a control directly to state of \(owner); keep the input in the view's `@State` and send an intent when it changes"]
    }

    func testNamesTheTypeWhenTheAnnotationWritesIt() {
        XCTAssertEqual(messages(declaring: "@ObservedObject var ping: PingModel"), expected("the model `PingModel`"))
    }

    func testNamesThePropertyWhenNoTypeIsWritten() {
        XCTAssertEqual(messages(declaring: "@StateObject private var ping = PingModel.live"), expected("the model held in `ping`"))
    }
}
