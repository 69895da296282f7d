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

    /// How the instance written is worked out: each write below reaches the model from another
    /// type or file, through a different kind of name.
    func testWritesThroughEveryKindOfNameWithholdTheFix() {
        let model = ("Player.swift", """
        @MainActor @Observable
        class Player {
            static let shared = Player()
            var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0, j = 0, kept = 0
            var tracks: [Track] = []
            struct Chapter {
                func rewind(_ player: Player) { player.kept = 0 }
            }
        }
        struct Track { var title = "" }
        typealias Deck = Player
        """)
        XCTAssertEqual(fixes([model]).values.filter { $0 }.count, 12)
        let writers = ("Writers.swift", """
        import XCTest
        final class PlayerTests: XCTestCase {
            var sut: Player!
            func testA() { sut.a = 1 }
        }
        struct Panel {
            weak var player: Player?
            func b() { guard let player = self.player else { return }; player.b = 1 }
            func c() { if let player { player.c = 1 } }
            func d(_ deck: Deck) { deck.d = 1 }
        }
        func e() { Player.shared.e = 1 }
        func f() { let p = Player(); p.f = 1 }
        #Preview {
            let player = Player()
            player.g = 1
            return Text("")
        }
        final class Radio: Player {
            func h() { super.h = 1 }
        }
        func i(_ player: Player) { player.tracks[0].title = "" }
        struct Knob: View {
            let player: Player
            var body: some View { Slider(value: Bindable(player).j) }
        }
        """)
        let result = fixes([model, writers])
        for name in ["a", "b", "c", "d", "e", "f", "g", "h", "j"] { XCTAssertEqual(result[name], false, name) }
        // Through a subscript into `tracks`: the element's `title` is written, and `tracks` with it.
        XCTAssertEqual(result["tracks"], false)
        // A type nested in the model sees its private setters; other members are left alone.
        XCTAssertEqual(result["kept"], true)
        XCTAssertEqual(result["i"], true)
    }

    /// Writes that do not reach the model leave the fix: a type the project does not declare, a
    /// struct of the same member names, an object the model holds.
    func testWritesElsewhereKeepTheFix() {
        let model = ("Screen.swift", """
        @MainActor @Observable
        final class Screen {
            var text = ""
            var isHidden = false
            var engine = Engine()
        }
        final class Engine { var rate = 1.0 }
        """)
        let others = ("Others.swift", """
        struct Form { var text = "" }
        final class Cell {
            let label = UILabel()
            var form = Form()
            func update(_ screen: Screen) {
                label.text = "x"
                label.isHidden = true
                form.text = "y"
                screen.engine.rate = 2
            }
            func locals(_ other: Form) {
                var copy = other
                copy.text = "z"
                let made = Form()
                guard var kept = Optional(made) else { return }
                var fromSelf = self.form
                fromSelf.text = ""
            }
        }
        #Preview {
            var form = Form()
            form.text = "preview"
            return EmptyView()
        }
        """)
        XCTAssertEqual(fixes([model, others]), ["text": true, "isHidden": true, "engine": true])
    }
}
