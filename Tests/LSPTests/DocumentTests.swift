/// Open buffers: what is linted, positions in UTF-16, incremental edits, code actions, hover, pulled diagnostics.
import XCTest
@testable import MVILintLSP
import MVILintCore
import MVILintRules

final class DocumentTests: XCTestCase {
    func testTheOpenBufferIsLintedNotTheFileOnDisk() throws {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model])
        let client = TestClient()
        client.start(folders: [project.root])
        let uri = project.uri("CounterViewModel.swift")
        client.open(project.path("CounterViewModel.swift"), text: Fixtures.modelWithWritableState)
        let found = client.diagnostics(uri) { !$0.isEmpty }
        XCTAssertEqual(codes(found), ["state_private_set"])
        let d = found[0]
        XCTAssertEqual(d["source"], "mvilint")
        XCTAssertEqual(d["severity"], 2, "a warning")
        XCTAssertEqual(d["codeDescription"]["href"], "https://github.com/mvilint/mvilint/blob/main/docs/rules/state_private_set.md")
        XCTAssertEqual(TextRange(d["range"]), TextRange(start: Position(line: 4, character: 19), end: Position(line: 4, character: 24)),
                       "the range covers `count`")
        // The disk still holds the clean model.
        XCTAssertEqual(try String(contentsOfFile: project.path("CounterViewModel.swift"), encoding: .utf8), Fixtures.model)
        // Closing the buffer makes the disk count again: the finding goes.
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        client.diagnostics(uri) { $0.isEmpty }
        client.shutDown()
    }

    func testPositionsAreUTF16CodeUnitsWithEmojiAndCombiningCharacters() {
        // Before the finding, on its line: a family emoji (1 character, 8 UTF-16 units), an `é`
        // written as `e` and a combining accent (1 character, 2 units), and a face (1 character, 2 units).
        let line = "    @Published /* 👨‍👩‍👧 e\u{301} 😀 */ var count = 0"
        let text = Fixtures.modelWithWritableState.replacingOccurrences(of: "    @Published var count = 0", with: line)
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model])
        let client = TestClient()
        client.start(folders: [project.root])
        client.open(project.path("CounterViewModel.swift"), text: text)
        let found = client.diagnostics(project.uri("CounterViewModel.swift")) { !$0.isEmpty }
        XCTAssertEqual(codes(found), ["state_private_set"])
        // Where mvilint reports it, in characters, converted here through Swift's own UTF-16 view.
        let reference = Linter(rules: allRules).lint(sources: [("CounterViewModel.swift", text)]).filter { $0.ruleID == "state_private_set" }
        XCTAssertEqual(reference.count, 1)
        let column = reference[0].column
        let prefix = String(line.prefix(column - 1))
        let start = prefix.utf16.count
        XCTAssertTrue(line.dropFirst(column - 1).hasPrefix("count"), "mvilint reports the property's name")
        XCTAssertNotEqual(start, column - 1, "the line has characters of several UTF-16 units")
        XCTAssertEqual(TextRange(found[0]["range"]), TextRange(start: Position(line: 4, character: start), end: Position(line: 4, character: start + 5)))
        client.shutDown()
    }

    func testIncrementalAndFullEditsAreLinted() {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model])
        let client = TestClient()
        client.start(folders: [project.root])
        let path = project.path("CounterViewModel.swift"), uri = project.uri("CounterViewModel.swift")
        client.open(path, text: Fixtures.model)
        // Line 4 is `    @Published private(set) var count = 0`: deleting `private(set) ` (13 UTF-16
        // units at character 15) makes the state writable.
        client.change(path, version: 2, [["range": ["start": ["line": 4, "character": 15], "end": ["line": 4, "character": 28]], "text": ""]])
        XCTAssertEqual(codes(client.diagnostics(uri) { !$0.isEmpty }), ["state_private_set"])
        // Two changes in one notification, applied in order: retype it, then add a line above.
        client.change(path, version: 3, [
            ["range": ["start": ["line": 4, "character": 15], "end": ["line": 4, "character": 15]], "text": "private(set) "],
            ["range": ["start": ["line": 4, "character": 0], "end": ["line": 4, "character": 0]], "text": "    // the count\n"],
        ])
        client.diagnostics(uri) { $0.isEmpty }
        // A change without a range replaces the whole text (full sync).
        client.change(path, version: 4, [["text": .string(Fixtures.modelWithWritableState)]])
        let again = client.diagnostics(uri) { !$0.isEmpty }
        XCTAssertEqual(codes(again), ["state_private_set"])
        XCTAssertEqual(TextRange(again[0]["range"])?.start, Position(line: 4, character: 19))
        client.shutDown()
    }

    func testAQuickFixAppliedToTheTextIsRelintedClean() throws {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model, "CounterView.swift": Fixtures.view])
        let client = TestClient()
        client.start(folders: [project.root], capabilities: ["workspace": ["workspaceEdit": ["documentChanges": true]]])
        let path = project.path("CounterView.swift"), uri = project.uri("CounterView.swift")
        client.open(path, text: Fixtures.view, version: 7)
        let found = client.diagnostics(uri) { !$0.isEmpty }
        XCTAssertEqual(codes(found), ["owned_model_state_object"])
        let response = client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)],
            "range": ["start": ["line": 3, "character": 0], "end": ["line": 3, "character": 0]],
            "context": ["diagnostics": .array(found)],
        ])
        let actions = try XCTUnwrap(response["result"].array)
        let fix = try XCTUnwrap(actions.first { $0["isPreferred"] == true })
        XCTAssertEqual(fix["kind"], "quickfix")
        XCTAssertEqual(fix["title"], "Own `viewModel` with `@StateObject`")
        XCTAssertEqual(fix["diagnostics"][0]["code"], "owned_model_state_object")
        // Versioned edits, since the client takes them.
        XCTAssertEqual(fix["edit"]["documentChanges"][0]["textDocument"]["version"], 7)
        let fixed = applying(edits(of: fix, uri: uri), to: Fixtures.view)
        XCTAssertTrue(fixed.contains("@StateObject private var viewModel = CounterViewModel()"), fixed)
        client.change(path, version: 8, [["text": .string(fixed)]])
        client.diagnostics(uri) { $0.isEmpty }
        client.shutDown()
    }

    func testSuppressionActionsSilenceTheFindingWithoutAnUnusedSuppression() throws {
        let indented = """
        import SwiftUI

        @MainActor
        final class CounterViewModel: ObservableObject {
        \t@Published var count = 0
        }

        """
        for (title, expected) in [
            ("Suppress `state_private_set` on this line", "\t// mvilint:disable:next state_private_set\n\t@Published var count = 0"),
            ("Suppress `state_private_set` in this file", "// mvilint:disable state_private_set\nimport SwiftUI"),
        ] {
            let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model])
            let client = TestClient()
            client.start(folders: [project.root])
            let path = project.path("CounterViewModel.swift"), uri = project.uri("CounterViewModel.swift")
            client.open(path, text: indented)
            XCTAssertEqual(codes(client.diagnostics(uri) { !$0.isEmpty }), ["state_private_set"])
            let actions = client.request("textDocument/codeAction", [
                "textDocument": ["uri": .string(uri)],
                "range": ["start": ["line": 4, "character": 3], "end": ["line": 4, "character": 3]], "context": ["diagnostics": []],
            ])["result"].array ?? []
            let action = try XCTUnwrap(actions.first { $0["title"].string == title }, "\(actions.map(\.text))")
            XCTAssertNotEqual(action["isPreferred"], true)
            let text = applying(edits(of: action, uri: uri), to: indented)
            XCTAssertTrue(text.contains(expected), text)
            client.change(path, version: 2, [["text": .string(text)]])
            // Silenced, and the comment counts as used (no `unused_suppression`).
            client.diagnostics(uri) { $0.isEmpty }
            client.shutDown()
        }
    }

    func testSuppressingASecondRuleExtendsTheCommentAbove() throws {
        let text = """
        import SwiftUI

        struct CounterView: View {
            // mvilint:disable:next private_view_state - kept internal for previews
            @ObservedObject var viewModel = CounterViewModel()
            var body: some View { Text("\\(viewModel.count)") }
        }

        """
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model])
        let client = TestClient()
        client.start(folders: [project.root])
        let path = project.path("CounterView.swift"), uri = project.uri("CounterView.swift")
        client.open(path, text: text)
        let found = client.diagnostics(uri) { codes($0).contains("owned_model_state_object") }
        XCTAssertTrue(codes(found).contains("unused_suppression") || codes(found) == ["owned_model_state_object"], "\(codes(found))")
        let actions = client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)],
            "range": ["start": ["line": 4, "character": 0], "end": ["line": 4, "character": 0]], "context": ["diagnostics": []],
        ])["result"].array ?? []
        let action = try XCTUnwrap(actions.first { $0["title"] == "Suppress `owned_model_state_object` on this line" })
        let fixed = applying(edits(of: action, uri: uri), to: text)
        XCTAssertTrue(fixed.contains("    // mvilint:disable:next private_view_state, owned_model_state_object - kept internal for previews\n"), fixed)
        client.shutDown()
    }

    func testFixAllAppliesEverySafeFix() throws {
        let text = """
        import SwiftUI

        @MainActor
        final class CounterViewModel: ObservableObject {
            @Published var count = 0
            @Published var title = ""
        }

        """
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model])
        let client = TestClient()
        client.start(folders: [project.root])
        let path = project.path("CounterViewModel.swift"), uri = project.uri("CounterViewModel.swift")
        client.open(path, text: text)
        XCTAssertEqual(codes(client.diagnostics(uri) { $0.count == 2 }), ["state_private_set", "state_private_set"])
        let actions = client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)],
            "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
            "context": ["diagnostics": [], "only": ["source.fixAll"]],
        ])["result"].array ?? []
        XCTAssertEqual(actions.count, 1, "only the kind asked for")
        let fixAll = try XCTUnwrap(actions.first)
        XCTAssertEqual(fixAll["kind"], "source.fixAll.mvilint")
        let fixed = applying(edits(of: fixAll, uri: uri), to: text)
        client.change(path, version: 2, [["text": .string(fixed)]])
        client.diagnostics(uri) { $0.isEmpty }
        client.shutDown()
    }

    func testHoverOnAFindingShowsTheRule() throws {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model])
        let client = TestClient()
        client.start(folders: [project.root])
        let path = project.path("CounterViewModel.swift"), uri = project.uri("CounterViewModel.swift")
        client.open(path, text: Fixtures.modelWithWritableState)
        client.diagnostics(uri) { !$0.isEmpty }
        let hover = client.request("textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 4, "character": 21]])["result"]
        let value = try XCTUnwrap(hover["contents"]["value"].string)
        let info = try XCTUnwrap(allRules.map { $0.info }.first { $0.id == "state_private_set" })
        XCTAssertEqual(hover["contents"]["kind"], "markdown")
        XCTAssertTrue(value.contains("`state_private_set`"), value)
        XCTAssertTrue(value.contains(info.summary), value)
        XCTAssertTrue(value.contains(info.rationale), value)
        XCTAssertEqual(TextRange(hover["range"])?.start, Position(line: 4, character: 19))
        // Off the finding: nothing.
        let none = client.request("textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 2]])
        XCTAssertEqual(none["result"], .null)
        client.shutDown()
    }

    func testPulledDiagnosticsWhenTheClientPulls() {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model])
        let client = TestClient()
        let initialized = client.start(folders: [project.root], capabilities: ["textDocument": ["diagnostic": ["dynamicRegistration": false]]])
        XCTAssertEqual(initialized["result"]["capabilities"]["diagnosticProvider"]["interFileDependencies"], true)
        let path = project.path("CounterViewModel.swift"), uri = project.uri("CounterViewModel.swift")
        client.open(path, text: Fixtures.modelWithWritableState)
        // Answered once the buffer is linted.
        let first = client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])["result"]
        XCTAssertEqual(first["kind"], "full")
        XCTAssertEqual(codes(first["items"].array ?? []), ["state_private_set"])
        let id = first["resultId"]
        let same = client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)], "previousResultId": id])["result"]
        XCTAssertEqual(same["kind"], "unchanged")
        client.change(path, version: 2, [["text": .string(Fixtures.model)]])
        let after = client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)], "previousResultId": id])["result"]
        XCTAssertEqual(after["kind"], "full")
        XCTAssertEqual(after["items"], [])
        // Nothing was pushed for the open file.
        XCTAssertTrue(client.drain { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]["uri"].string == uri && $0["params"]["diagnostics"] != [] }.isEmpty)
        client.shutDown()
    }

    func testARequestWaitsForTheLatestEditAndCanBeCancelled() {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model])
        // A long debounce keeps the second of two quick edits pending while the requests arrive
        // (the first edit after a quiet spell is linted at once).
        var options = ServerOptions()
        options.debounce = 0.5
        let client = TestClient(options: options)
        client.start(folders: [project.root])
        let path = project.path("CounterViewModel.swift"), uri = project.uri("CounterViewModel.swift")
        client.open(path, text: Fixtures.model)
        client.diagnostics(uri)
        Thread.sleep(forTimeInterval: 0.6)
        client.change(path, version: 2, [["text": .string(Fixtures.model + "\n")]])
        client.change(path, version: 3, [["text": .string(Fixtures.modelWithWritableState)]])
        let range: JSON = ["start": ["line": 4, "character": 0], "end": ["line": 4, "character": 0]]
        let cancelled = client.send("textDocument/codeAction", ["textDocument": ["uri": .string(uri)], "range": range, "context": ["diagnostics": []]])
        let waiting = client.send("textDocument/codeAction", ["textDocument": ["uri": .string(uri)], "range": range, "context": ["diagnostics": []]])
        client.notify("$/cancelRequest", ["id": cancelled.json])
        XCTAssertEqual(client.response(to: cancelled)["error"]["code"].int, ErrorCode.requestCancelled)
        // The other is answered once the latest version is linted, with its fix.
        let actions = client.response(to: waiting)["result"].array ?? []
        XCTAssertTrue(actions.contains { $0["isPreferred"] == true && ($0["title"].string ?? "").contains("private(set)") }, "\(actions.map(\.text))")
        client.shutDown()
    }
}
