/// The lifecycle: initialize, initialized, shutdown, exit; and what happens outside it.
import XCTest
@testable import MVILintLSP
import MVILintCore

final class LifecycleTests: XCTestCase {
    func testInitializeAnswersCapabilitiesAndTheVersion() {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model])
        let client = TestClient()
        let response = client.start(folders: [project.root])
        let result = response["result"]
        XCTAssertEqual(result["serverInfo"]["name"], "mvilint")
        XCTAssertEqual(result["serverInfo"]["version"].string, mvilintVersion)
        let capabilities = result["capabilities"]
        XCTAssertEqual(capabilities["textDocumentSync"]["change"], 2, "incremental sync")
        XCTAssertEqual(capabilities["textDocumentSync"]["openClose"], true)
        XCTAssertEqual(capabilities["positionEncoding"], "utf-16")
        XCTAssertEqual(capabilities["hoverProvider"], true)
        XCTAssertEqual(capabilities["codeActionProvider"]["codeActionKinds"], ["quickfix", "source.fixAll.mvilint"])
        XCTAssertEqual(capabilities["workspace"]["workspaceFolders"]["supported"], true)
        // Without the client's pull capability, diagnostics are pushed only.
        XCTAssertTrue(capabilities["diagnosticProvider"].isNull)
        client.shutDown()
    }

    func testRequestsBeforeInitializeAreRefused() {
        let client = TestClient()
        let r = client.request("textDocument/hover", ["textDocument": ["uri": "file:///x.swift"], "position": ["line": 0, "character": 0]])
        XCTAssertEqual(r["error"]["code"].int, ErrorCode.serverNotInitialized)
        // The server still initializes afterwards.
        let initialized = client.request("initialize", ["processId": .null, "rootUri": .null, "capabilities": [:]])
        XCTAssertEqual(initialized["result"]["serverInfo"]["name"], "mvilint")
        let again = client.request("initialize", ["processId": .null, "rootUri": .null, "capabilities": [:]])
        XCTAssertEqual(again["error"]["code"].int, ErrorCode.invalidRequest, "a second initialize is an error")
        client.shutDown()
    }

    func testRequestsAfterShutdownAreRefusedAndExitEndsWithZero() {
        let client = TestClient()
        client.start(folders: [])
        XCTAssertEqual(client.request("shutdown", .null)["result"], .null)
        let late = client.request("textDocument/codeAction", ["textDocument": ["uri": "file:///x.swift"],
                                                                "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
                                                                "context": ["diagnostics": []]])
        XCTAssertEqual(late["error"]["code"].int, ErrorCode.invalidRequest)
        client.notify("exit", .null)
        XCTAssertEqual(client.exitStatus(), 0)
    }

    func testExitWithoutShutdownEndsWithOne() {
        let client = TestClient()
        client.start(folders: [])
        client.notify("exit", .null)
        XCTAssertEqual(client.exitStatus(), 1)
    }

    func testTheEndOfTheInputEndsTheServer() {
        // The client disappears while a project is being indexed.
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model, "CounterView.swift": Fixtures.view])
        let client = TestClient()
        client.start(folders: [project.root])
        client.open(project.path("CounterView.swift"), text: Fixtures.view)
        client.closeInput()
        XCTAssertEqual(client.exitStatus(), 1, "the run ends (without shutdown: status 1)")
    }

    func testProgressIsReportedWhileIndexing() {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model, "CounterView.swift": Fixtures.view])
        let client = TestClient()
        client.start(folders: [project.root], capabilities: ["window": ["workDoneProgress": true]])
        let create = client.waitFor("a progress token") { $0["method"] == "window/workDoneProgress/create" }
        let token = create?["params"]["token"] ?? .null
        let begin = client.waitFor("progress begin") { $0["method"] == "$/progress" && $0["params"]["value"]["kind"] == "begin" }
        XCTAssertEqual(begin?["params"]["token"], token)
        XCTAssertEqual(begin?["params"]["value"]["title"], "mvilint")
        let end = client.waitFor("progress end") { $0["method"] == "$/progress" && $0["params"]["value"]["kind"] == "end" }
        XCTAssertEqual(end?["params"]["token"], token)
        // The workspace was linted meanwhile.
        client.diagnostics(project.uri("CounterView.swift")) { codes($0) == ["owned_model_state_object"] }
        client.shutDown()
    }

    func testTheCommandLineRunsTheServer() {
        // `mvilint lsp` takes no operand.
        var err = ""
        var tool = CommandLineTool(rules: [], version: mvilintVersion)
        tool.languageServer = { 42 }
        XCTAssertEqual(tool.run(["lsp"], stdout: { _ in }, stderr: { err += $0 }), 42)
        XCTAssertEqual(tool.run(["lsp", "extra"], stdout: { _ in }, stderr: { err += $0 }), 2)
        XCTAssertTrue(err.contains("unexpected argument 'extra'"), err)
    }
}
