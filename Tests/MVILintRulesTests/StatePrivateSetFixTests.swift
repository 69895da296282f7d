/// `state_private_set` offers no fix for a property that code outside the class's own declaration
/// writes: an extension in another file, a function or type elsewhere.
import XCTest
import MVILintCore
@testable import MVILintRules

final class StatePrivateSetFixTests: XCTestCase {
    func fixes(_ sources: [(path: String, text: String)]) -> [String: Bool] {
        let linter = Linter(rules: [StatePrivateSet.self], selection: RuleSelection(onlyRules: ["state_private_set"]))
        var out: [String: Bool] = [:]
        for f in linter.lint(sources: sources) { out[f.message.split(separator: "`")[0].description] = f.fix != nil }
        return out
    }

    let model = ("Settings.swift", """
    @MainActor @Observable
    final class Settings {
        var _tint: String?
        var _size: Int?
        var count = 0
    }
    """)

    func testNoFixWhenAnExtensionInAnotherFileAssignsTheProperty() {
        XCTAssertEqual(fixes([model]), ["_tint": true, "_size": true, "count": true])
        let appearance = ("Settings+Appearance.swift", """
        extension Settings {
            var tint: String {
                get { _tint ?? "blue" }
                set { _tint = newValue }
            }
            func grow() { self._size = (_size ?? 0) + 1; count += 1 }
            func read(other: Settings) -> Int { other.count }
        }
        """)
        XCTAssertEqual(fixes([model, appearance]), ["_tint": false, "_size": false, "count": false])
        // An extension in the class's own file sees a `private(set)` setter.
        XCTAssertEqual(fixes([(model.0, model.1 + "\n" + appearance.1)]), ["_tint": true, "_size": true, "count": true])
        // Another type's property of the same name is not the model's; a write through a
        // parameter of the model's type, from another file, is.
        let other = ("Other.swift", "extension Theme { func reset() { _tint = nil } }\nfunc f(s: Settings) { s.count = 1 }")
        XCTAssertEqual(fixes([model, other]), ["_tint": true, "_size": true, "count": false])
    }

    func testNoFixWhenAnExtensionInAnotherFileCallsAMutatingMethodOrWritesInsideTheProperty() {
        let store = ("Store.swift", """
        @MainActor @Observable
        final class Store {
            var items: [Int] = []
            var flags = Flags()
            var scores: [Int] = []
            var total = 0
        }
        struct Flags { var isLoading = false }
        """)
        XCTAssertEqual(fixes([store]), ["items": true, "flags": true, "scores": true, "total": true])
        let more = ("Store+Editing.swift", """
        extension Store {
            func add(_ x: Int) { items.append(x) }
            func start() { self.flags.isLoading = true }
            func bump(_ i: Int) { self.scores[i] += 1 }
            func sum() -> Int {
                var total = 0
                for x in items { total += x }
                return total
            }
        }
        """)
        // `total` above is a local of the extension's method, not the model's property.
        XCTAssertEqual(fixes([store, more]), ["items": false, "flags": false, "scores": false, "total": true])
    }
}
