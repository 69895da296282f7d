/// What a real editor's traffic can throw at the server: it answers or logs, and keeps serving.
import XCTest
@testable import MVILintLSP
import MVILintCore

final class RobustnessTests: XCTestCase {
    /// The server still answers a request after whatever came before.
    private func assertServing(_ client: TestClient, file: StaticString = #filePath, line: UInt = #line) {
        let r = client.request("textDocument/hover", ["textDocument": ["uri": "file:///nowhere/x.swift"], "position": ["line": 0, "character": 0]],
                               file: file, line: line)
        XCTAssertEqual(r["result"], .null, file: file, line: line)
        XCTAssertTrue(r["error"].isNull, "\(r.text)", file: file, line: line)
    }

    func testMalformedMessagesAreAnsweredWithErrors() {
        let client = TestClient()
        client.start(folders: [])
        // Not JSON: a parse error with a null id.
        client.writeBytes(framed(Array("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ".utf8)))
        let parse = client.waitFor("a parse error") { $0["error"]["code"].int == ErrorCode.parseError }
        XCTAssertEqual(parse?["id"], .null)
        // JSON, but not a message.
        for body in ["[1, 2]", "42", "{\"jsonrpc\": \"2.0\", \"id\": 5}", "{\"jsonrpc\": \"2.0\", \"id\": 6, \"method\": 7}",
                     "{\"jsonrpc\": \"2.0\", \"id\": {\"a\": 1}, \"method\": \"textDocument/hover\"}",
                     "{\"jsonrpc\": \"2.0\", \"id\": 8, \"method\": \"textDocument/hover\", \"params\": \"x\"}"] {
            client.writeBytes(framed(Array(body.utf8)))
            client.waitFor("an invalid-request error for \(body)") { $0["error"]["code"].int == ErrorCode.invalidRequest }
        }
        // Deeply nested JSON is refused by the parser, not by the stack.
        client.writeBytes(framed(Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)))
        client.waitFor("an error for deep nesting") { !$0["error"].isNull && $0["id"].isNull }
        assertServing(client)
        client.shutDown()
    }

    func testUnknownMethodsAndNotifications() {
        let client = TestClient()
        client.start(folders: [])
        let r = client.request("textDocument/semanticTokens/full", ["textDocument": ["uri": "file:///x.swift"]])
        XCTAssertEqual(r["error"]["code"].int, ErrorCode.methodNotFound)
        client.notify("$/setTrace", ["value": "verbose"])
        client.notify("workspace/somethingNew", ["x": 1])
        assertServing(client)
        client.shutDown()
    }

    func testBadFramingIsLoggedAndTheNextMessageIsRead() {
        let client = TestClient()
        client.start(folders: [])
        // A Content-Length shorter than the body: the body fails to parse, the rest is skipped.
        let body = Array(Outgoing.request(id: .int(900), "textDocument/hover", ["textDocument": ["uri": "file:///x.swift"],
                                                                                "position": ["line": 0, "character": 0]]).serialized())
        client.writeBytes(Array("Content-Length: \(body.count - 10)\r\n\r\n".utf8) + body)
        // A header block without Content-Length, garbage, and a header that is not a number.
        client.writeBytes(Array("Content-Type: application/json\r\n\r\n{}".utf8))
        client.writeBytes(Array("garbage without any header\r\n\r\n".utf8))
        client.writeBytes(Array("Content-Length: 12abc\r\n\r\n".utf8))
        client.waitFor("a parse error") { $0["error"]["code"].int == ErrorCode.parseError }
        client.waitFor("a framing error in the log") { $0["method"] == "window/logMessage" && ($0["params"]["message"].string ?? "").contains("framing") }
        assertServing(client)
        client.shutDown()

        // A declared length over the limit is skipped without being stored, then the client goes.
        let other = TestClient()
        other.start(folders: [])
        other.writeBytes(Array("Content-Length: 999999999999\r\n\r\n".utf8) + [UInt8](repeating: 65, count: 1 << 20))
        other.waitFor("the limit in the log") { ($0["params"]["message"].string ?? "").contains("limit") }
        other.closeInput()
        XCTAssertEqual(other.exitStatus(), 1)
    }

    func testRequestsAboutDocumentsThatWereNeverOpened() {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.modelWithWritableState])
        let client = TestClient()
        client.start(folders: [project.root])
        let uri = project.uri("Nowhere.swift")
        let range: JSON = ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]
        XCTAssertEqual(client.request("textDocument/codeAction", ["textDocument": ["uri": .string(uri)], "range": range, "context": ["diagnostics": []]])["result"], [])
        XCTAssertEqual(client.request("textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 3, "character": 1]])["result"], .null)
        let missing = client.request("textDocument/codeAction", ["range": range])
        XCTAssertEqual(missing["error"]["code"].int, ErrorCode.invalidParams)
        // Edits and closes for documents that are not open are logged.
        client.change(project.path("Nowhere.swift"), version: 2, [["text": "x"]])
        client.waitFor("a log message") { $0["method"] == "window/logMessage" && ($0["params"]["message"].string ?? "").contains("not open") }
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        // Positions past the end of an open document are clamped.
        let path = project.path("CounterViewModel.swift")
        client.open(path, text: Fixtures.modelWithWritableState)
        client.change(path, version: 2, [["range": ["start": ["line": 400, "character": 9], "end": ["line": 900, "character": 0]], "text": "// tail\n"]])
        client.change(path, version: 3, [["range": ["start": ["line": 4, "character": 900], "end": ["line": 4, "character": 1000]], "text": " // x"]])
        XCTAssertEqual(codes(client.diagnostics(project.uri("CounterViewModel.swift"))), ["state_private_set"])
        assertServing(client)
        client.shutDown()
    }

    func testATwentyMegabyteBuffer() {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.model])
        let client = TestClient()
        client.start(folders: [project.root])
        // 20 MB: a model with a writable property, then many lines of comments and code.
        var text = Fixtures.modelWithWritableState
        let filler = "// \(String(repeating: "filler ", count: 14))\nlet value\(0) = [1, 2, 3].map { $0 * 2 }\n"
        let count = 20_000_000 / filler.utf8.count
        text.reserveCapacity(20_100_000)
        for i in 0..<count { text += filler.replacingOccurrences(of: "value0", with: "value\(i)") }
        XCTAssertGreaterThan(text.utf8.count, 19_000_000)
        let path = project.path("Big.swift"), uri = project.uri("Big.swift")
        client.open(path, text: text)
        let found = client.diagnostics(uri, timeout: 240) { !$0.isEmpty }
        XCTAssertTrue(codes(found).contains("state_private_set"))
        // Typing at the end is applied incrementally and linted again.
        client.change(path, version: 2, [["range": ["start": ["line": 4, "character": 15], "end": ["line": 4, "character": 15]], "text": "private(set) "]])
        client.diagnostics(uri, timeout: 240) { !codes($0).contains("state_private_set") }
        assertServing(client)
        client.shutDown()
    }

    func testABinaryFileInTheProjectIsReportedNotFatal() throws {
        let project = TemporaryProject(["CounterViewModel.swift": Fixtures.modelWithWritableState])
        try Data([0xCF, 0xFA, 0xED, 0xFE, 0, 0, 0, 1]).write(to: URL(fileURLWithPath: project.path("Binary.swift")))
        let client = TestClient()
        client.start(folders: [project.root])
        let found = client.diagnostics(project.uri("Binary.swift"))
        XCTAssertTrue(found.first?["message"].string?.contains("cannot lint") ?? false, "\(found.map(\.text))")
        XCTAssertEqual(codes(client.diagnostics(project.uri("CounterViewModel.swift"))), ["state_private_set"])
        client.shutDown()
    }
}
