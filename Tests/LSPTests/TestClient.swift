/// A language-server client for the protocol tests: runs the server in process over two pipes.
import Foundation
import XCTest
@testable import MVILintLSP
import MVILintCore
import MVILintRules

/// Drives a `LanguageServer` through JSON-RPC as an editor does. Messages from the server are
/// collected by a reader thread; requests from the server (progress tokens, registrations,
/// refreshes) are answered with `null` at once.
final class TestClient: @unchecked Sendable {
    let server: LanguageServer
    private let toServer = Pipe()
    private let fromServer = Pipe()
    private let condition = NSCondition()
    private var received: [JSON] = []
    private var exitStatus: Int32?
    private var nextID = 1
    /// Files the server's engine checked, in order (see `LanguageServer.onCheck`).
    private var checkedFiles: [String] = []

    init(options: ServerOptions = ServerOptions()) {
        server = LanguageServer(rules: allRules, version: mvilintVersion, options: options)
        server.onCheck = { [weak self] path in
            guard let self else { return }
            self.condition.lock()
            self.checkedFiles.append(path)
            self.condition.unlock()
        }
        let input = toServer.fileHandleForReading.fileDescriptor
        let output = fromServer.fileHandleForWriting.fileDescriptor
        let server = self.server
        Thread { [weak self] in
            let status = server.run(input: input, output: output)
            guard let self else { return }
            self.condition.lock()
            self.exitStatus = status
            self.condition.broadcast()
            self.condition.unlock()
        }.start()
        let reading = fromServer.fileHandleForReading.fileDescriptor
        Thread { [weak self] in
            var framer = MessageFramer()
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
                if n <= 0 { return }
                guard let self else { return }
                for event in framer.append(buffer[0..<n]) {
                    guard case .body(let body) = event, let message = try? JSON.parse(body) else { continue }
                    if message["method"].string != nil, let id = RequestID(message["id"]) {
                        // A request from the server: answered with success.
                        self.sendRaw(Outgoing.response(id: id, result: .null))
                    }
                    self.condition.lock()
                    self.received.append(message)
                    self.condition.broadcast()
                    self.condition.unlock()
                }
            }
        }.start()
    }

    deinit {
        try? toServer.fileHandleForWriting.close()
    }

    // MARK: Sending

    func sendRaw(_ message: JSON) { writeBytes(framed(message.serialized())) }

    func writeBytes(_ bytes: [UInt8]) {
        toServer.fileHandleForWriting.write(Data(bytes))
    }

    func notify(_ method: String, _ params: JSON) { sendRaw(Outgoing.notification(method, params)) }

    /// Sends a request and returns its id.
    @discardableResult
    func send(_ method: String, _ params: JSON) -> RequestID {
        condition.lock()
        let id = RequestID.int(nextID)
        nextID += 1
        condition.unlock()
        sendRaw(Outgoing.request(id: id, method, params))
        return id
    }

    /// Sends a request and waits for its response (the whole message: `result` or `error`).
    func request(_ method: String, _ params: JSON, timeout: Double = 30, file: StaticString = #filePath, line: UInt = #line) -> JSON {
        let id = send(method, params)
        return response(to: id, timeout: timeout, file: file, line: line)
    }

    func response(to id: RequestID, timeout: Double = 30, file: StaticString = #filePath, line: UInt = #line) -> JSON {
        waitFor("the response to \(method(of: id))", timeout: timeout, file: file, line: line) { m in
            m["method"].isNull && m["id"] == id.json
        } ?? .null
    }

    private func method(of id: RequestID) -> String { "request \(id)" }

    /// Closes the server's input (the client disappears).
    func closeInput() { try? toServer.fileHandleForWriting.close() }

    // MARK: Waiting

    /// The first message received (and not yet consumed) that `matches`, waiting up to `timeout`
    /// seconds; it is consumed. Fails the test on timeout.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 30, file: StaticString = #filePath, line: UInt = #line, _ matches: (JSON) -> Bool) -> JSON? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let k = received.firstIndex(where: matches) { return received.remove(at: k) }
            if !condition.wait(until: deadline) {
                XCTFail("timed out waiting for \(what)", file: file, line: line)
                return nil
            }
        }
    }

    /// Messages received so far that `matches`, consumed.
    func drain(_ matches: (JSON) -> Bool) -> [JSON] {
        condition.lock()
        defer { condition.unlock() }
        let out = received.filter(matches)
        received.removeAll(where: matches)
        return out
    }

    /// The next `publishDiagnostics` for `uri` whose diagnostics satisfy `condition`; earlier
    /// ones for the URI are consumed.
    @discardableResult
    func diagnostics(_ uri: String, timeout: Double = 30, file: StaticString = #filePath, line: UInt = #line,
                     where condition: ([JSON]) -> Bool = { _ in true }) -> [JSON] {
        waitFor("diagnostics of \(uri)", timeout: timeout, file: file, line: line) { m in
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"].string == uri
                && condition(m["params"]["diagnostics"].array ?? [])
        }?["params"]["diagnostics"].array ?? []
    }

    /// The exit status of `run`, waiting up to `timeout` seconds.
    func exitStatus(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while exitStatus == nil { if !condition.wait(until: deadline) { break } }
        return exitStatus
    }

    /// The files checked since the last call.
    func takeCheckedFiles() -> [String] {
        condition.lock()
        defer { condition.unlock() }
        let out = checkedFiles
        checkedFiles = []
        return out
    }

    // MARK: Conveniences

    /// `initialize` then `initialized`, with the folders as workspace folders.
    @discardableResult
    func start(folders: [String], capabilities: JSON = [:], initializationOptions: JSON = [:]) -> JSON {
        let result = request("initialize", [
            "processId": .null,
            "rootUri": folders.first.map { .string(URIs.uri(fromPath: $0)) } ?? .null,
            "workspaceFolders": .array(folders.map { ["uri": .string(URIs.uri(fromPath: $0)), "name": .string(($0 as NSString).lastPathComponent)] }),
            "capabilities": capabilities,
            "initializationOptions": initializationOptions,
        ])
        notify("initialized", [:])
        return result
    }

    func open(_ path: String, text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(URIs.uri(fromPath: path)), "languageId": "swift",
                                                          "version": .int(version), "text": .string(text)]])
    }

    func change(_ path: String, version: Int, _ changes: [JSON]) {
        notify("textDocument/didChange", ["textDocument": ["uri": .string(URIs.uri(fromPath: path)), "version": .int(version)],
                                          "contentChanges": .array(changes)])
    }

    /// Shuts the server down and checks that it exits with 0.
    func shutDown(file: StaticString = #filePath, line: UInt = #line) {
        let r = request("shutdown", .null, file: file, line: line)
        XCTAssertEqual(r["result"], .null, file: file, line: line)
        XCTAssertTrue(r["error"].isNull, "shutdown failed: \(r.text)", file: file, line: line)
        notify("exit", .null)
        XCTAssertEqual(exitStatus(), 0, file: file, line: line)
    }
}

/// A temporary project directory, removed at the end of the test.
final class TemporaryProject {
    let root: String

    init(_ files: [String: String], file: StaticString = #filePath, line: UInt = #line) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-lsp-\(UUID().uuidString)").path
        root = URIs.standardized(base)
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            var all = files
            if all[".mvilint.json"] == nil { all[".mvilint.json"] = "{}\n" }
            for (name, text) in all { try write(name, text) }
        } catch {
            XCTFail("cannot create the project: \(error)", file: file, line: line)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ name: String) -> String { root + "/" + name }
    func uri(_ name: String) -> String { URIs.uri(fromPath: path(name)) }

    func write(_ name: String, _ text: String) throws {
        let p = path(name)
        try FileManager.default.createDirectory(atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: p))
    }

    func remove(_ name: String) { try? FileManager.default.removeItem(atPath: path(name)) }
}

/// The rule ids of a list of diagnostics, in order.
func codes(_ diagnostics: [JSON]) -> [String] { diagnostics.compactMap { $0["code"].string } }

/// Applies protocol text edits to a text (edits in one list do not overlap; applied from the end).
func applying(_ edits: [JSON], to text: String) -> String {
    var doc = TextDocument(text: text)
    let sorted = edits.compactMap { e -> (TextRange, String)? in
        guard let r = TextRange(e["range"]), let t = e["newText"].string else { return nil }
        return (r, t)
    }.sorted { $0.0.start > $1.0.start }
    for (range, text) in sorted { doc.replace(range, with: text) }
    return doc.text
}

/// The edits of a code action's workspace edit for `uri` (either form).
func edits(of action: JSON, uri: String) -> [JSON] {
    if let changes = action["edit"]["changes"][uri].array { return changes }
    for change in action["edit"]["documentChanges"].array ?? [] where change["textDocument"]["uri"].string == uri {
        return change["edits"].array ?? []
    }
    return []
}
