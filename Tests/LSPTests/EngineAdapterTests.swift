/// The engine adapter: summaries compared, and what a change reaches.
import XCTest
@testable import MVILintLSP
import MVILintCore
import MVILintRules

final class EngineAdapterTests: XCTestCase {
    /// Pass 1 as a lint run with every rule enabled does it (the rules' project facts included).
    let summariser = EngineAdapter.Summariser(facts: Linter(rules: allRules).enabledFacts, knowledge: .builtIn)

    /// Every Swift file of the example app and the fixtures, summarised twice (so with sets of
    /// different iteration orders), compares equal: an edit elsewhere is never taken for a
    /// visible change of these files.
    func testSummariesOfTheSameTextCompareEqual() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        var paths: [String] = []
        for directory in ["Examples", "Tests/Fixtures"] {
            let base = root + "/" + directory
            guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
            for case let name as String in walker where name.hasSuffix(".swift") { paths.append(base + "/" + name) }
        }
        XCTAssertGreaterThan(paths.count, 30)
        for path in paths {
            guard case .success(let bytes) = EngineAdapter.read(path) else { continue }
            let a = summariser.summarise(path: path, bytes: bytes)
            let b = summariser.summarise(path: path, bytes: bytes)
            let change = EngineAdapter.compare(a, b)
            XCTAssertFalse(change.visible || change.moved, "\(path): \(change)")
        }
    }

    func testWhatAChangeShows() {
        func summary(_ text: String) -> EngineAdapter.Summarised { summariser.summarise(path: "/p/M.swift", bytes: Array(text.utf8)) }
        let model = summary(Fixtures.model)
        // A method body: nothing other files see.
        let body = EngineAdapter.compare(model, summary(Fixtures.model.replacingOccurrences(of: "count += 1", with: "count += 2")))
        XCTAssertFalse(body.visible || body.moved)
        // A line above the class: only positions.
        let moved = EngineAdapter.compare(model, summary("// header\n" + Fixtures.model))
        XCTAssertFalse(moved.visible)
        XCTAssertTrue(moved.moved)
        // The conformance: the model's name.
        let conformance = EngineAdapter.compare(model, summary(Fixtures.plainModel))
        XCTAssertTrue(conformance.visible)
        XCTAssertEqual(conformance.names, ["CounterViewModel"])
        // A new file, and a deleted one.
        XCTAssertEqual(EngineAdapter.compare(nil, model).names, ["CounterViewModel"])
        XCTAssertEqual(EngineAdapter.compare(model, nil).names, ["CounterViewModel"])
    }

    /// What a rule collects for itself is compared too: a view that starts binding a model's
    /// member through its projected value (`$model.query`, which `state_private_set` reads in
    /// the model's file) changes what the model's file sees, under the member's name.
    func testAChangeToARulesProjectFactIsVisible() {
        func summary(_ binding: String) -> EngineAdapter.Summarised {
            summariser.summarise(path: "/p/SearchView.swift", bytes: Array("""
            import SwiftUI
            struct SearchView: View {
                @ObservedObject var model: SearchModel
                var body: some View { TextField("Search", text: \(binding)) }
            }

            """.utf8))
        }
        let change = EngineAdapter.compare(summary(".constant(\"\")"), summary("$model.query"))
        XCTAssertTrue(change.visible)
        XCTAssertTrue(change.names.contains("query"), "\(change.names)")
        XCTAssertFalse(EngineAdapter.compare(summary("$model.query"), summary("$model.query")).visible)
    }

    func testAChangeReachesSubtypesAndHolders() {
        let engine = EngineAdapter(root: "/p", rules: [], infos: [])
        let files = [
            "/p/Base.swift": "class BaseModel: ObservableObject {}\n",
            "/p/Model.swift": "final class CounterModel: BaseModel { @Published private(set) var state = CounterState() }\n",
            "/p/State.swift": "struct CounterState { var count = 0 }\n",
            "/p/View.swift": "struct CounterView: View { @StateObject private var model = CounterModel()\n var body: some View { Text(\"\") } }\n",
            "/p/Other.swift": "struct Other {}\n",
        ]
        for (path, text) in files { engine.load(path, summariser.summarise(path: path, bytes: Array(text.utf8))) }
        var change = EngineAdapter.Change()
        change.visible = true
        change.names = ["BaseModel"]
        let reach = engine.reach(of: change)
        XCTAssertTrue(reach.names.isSuperset(of: ["BaseModel", "CounterModel", "CounterView"]), "\(reach.names)")
        XCTAssertFalse(reach.names.contains("Other"))
        change.names = ["CounterState"]
        XCTAssertTrue(engine.reach(of: change).names.isSuperset(of: ["CounterState", "CounterModel", "CounterView"]))
    }

    /// The index after changes to files (updated in place from the last one where the changes
    /// allow it) gives the findings that an index built in full from the same files gives, in
    /// every file, through a series of edits: conformances, properties, positions, a rename, a
    /// new file, edits while an index is being built.
    func testTheIndexAfterChangesEqualsOneBuiltInFull() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let app = root + "/Examples/ShopApp"
        var texts: [String: String] = [:]
        for path in EngineAdapter.discoverFiles(root: app) { texts[path] = try? String(contentsOfFile: path, encoding: .utf8) }
        XCTAssertGreaterThan(texts.count, 20)
        let engine = EngineAdapter(root: app, rules: allRules, infos: allRules.map { $0.info })
        let summariser = engine.summariser
        func summarise(_ path: String) -> EngineAdapter.Summarised { summariser.summarise(path: path, bytes: Array(texts[path]!.utf8)) }
        for path in texts.keys.sorted() { engine.load(path, summarise(path)) }
        func findings(_ engine: EngineAdapter) -> [String] {
            texts.keys.sorted().flatMap { path in engine.check(path, bytes: Array(texts[path]!.utf8)).findings.map { "\($0.finding)" } }
        }
        func assertAsBuiltInFull(_ step: String) {
            let fresh = EngineAdapter(root: app, rules: allRules, infos: allRules.map { $0.info })
            for path in texts.keys.sorted() { fresh.load(path, fresh.summariser.summarise(path: path, bytes: Array(texts[path]!.utf8))) }
            XCTAssertEqual(findings(engine), findings(fresh), step)
        }
        let initial = findings(engine)
        XCTAssertFalse(initial.isEmpty)
        func edit(_ name: String, _ from: String, _ to: String, prepare: Bool = false) {
            guard let path = texts.keys.sorted().first(where: { texts[$0]!.contains(from) }) else { return XCTFail("no file has \(from)") }
            texts[path] = texts[path]!.replacingOccurrences(of: from, with: to)
            _ = engine.update(path, to: summarise(path))
            if prepare { engine.prepareIndex() }
        }
        edit("conformance", "final class ProfileViewModel: ObservableObject {", "final class ProfileViewModel {")
        assertAsBuiltInFull("conformance removed")
        edit("conformance back", "final class ProfileViewModel {", "final class ProfileViewModel: ObservableObject {", prepare: true)
        assertAsBuiltInFull("conformance restored while the index was being built")
        edit("property", "final class SessionStore: ObservableObject {", "final class SessionStore: ObservableObject {\n    @Published var addedByEdit = 0")
        edit("positions", "final class ProfileViewModel: ObservableObject {", "\n\nfinal class ProfileViewModel: ObservableObject {", prepare: true)
        edit("main actor", "final class SessionStore: ObservableObject {", "@MainActor final class SessionStore: ObservableObject {")
        assertAsBuiltInFull("two files edited, one of them twice")
        let updatedSoFar = engine.indexBuilds.updated
        XCTAssertGreaterThan(updatedSoFar, 0, "\(engine.indexBuilds)")
        edit("rename", "final class SessionStore: ObservableObject {", "final class SessionStoreRenamed: ObservableObject {")
        assertAsBuiltInFull("a type renamed")
        let added = app + "/Features/AddedByEdit.swift"
        texts[added] = "import SwiftUI\nstruct AddedByEditView: View {\n    @ObservedObject var model = ProfileViewModel()\n    var body: some View { Text(\"\") }\n}\n"
        _ = engine.update(added, to: summarise(added))
        assertAsBuiltInFull("a file added")
        edit("after the new file", "final class ProfileViewModel: ObservableObject {", "final class ProfileViewModel: ObservableObject, Identifiable {")
        assertAsBuiltInFull("a conformance added after a file was added")
        XCTAssertGreaterThan(engine.indexBuilds.updated, updatedSoFar, "\(engine.indexBuilds)")
    }
}
