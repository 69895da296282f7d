/// `view_mutates_state` names the model's type when the property tells it (an annotation, a
/// construction, a shared instance such as `= SessionModel.shared`), and the property otherwise
/// (`= SessionModel.live` tells no type); and the target as it is spelt.
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

    /// The written target as it is spelt, calls and subscripts included.
    func testTargetKeepsCallsAndSubscripts() {
        let source = """
        final class EventsModel: ObservableObject {
            @Published var events = EventCache()
            @Published var items: [Item] = []
            @Published var title = ""
            func cache(for key: String) -> EventCache { events }
        }

        struct EventsView: View {
            @ObservedObject var model: EventsModel
            var body: some View {
                Button("Go") {
                    model.cache(for: "today").relativeTime.value = 1
                    model.items[0].title = "first"
                    self.model.title = "plain"
                    model.items.append(Item())
                }
            }
        }
        """
        let linter = Linter(rules: [ViewMutatesState.self], selection: RuleSelection(onlyRules: ["view_mutates_state"]))
        let targets = linter.lint(sources: [(path: "EventsView.swift", text: source)]).map { f in
            f.message.components(separatedBy: "mutates `")[1].components(separatedBy: "`")[0]
        }
        XCTAssertEqual(targets, ["model.cache(…).relativeTime.value", "model.items[…].title", "model.title", "model.items"])
    }
}
