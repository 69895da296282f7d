/// `view_mutates_state` names the written target as it is spelt, calls and subscripts included.
import XCTest
import MVILintCore
@testable import MVILintRules

final class ViewMutatesStateMessageTests: XCTestCase {
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
