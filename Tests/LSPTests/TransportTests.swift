/// The framing reader, JSON-RPC classification, text positions and URIs, as tables of small cases.
import XCTest
@testable import MVILintLSP

final class TransportTests: XCTestCase {
    private func bodies(_ events: [MessageFramer.Event]) -> [String] {
        events.compactMap { if case .body(let b) = $0 { return String(decoding: b, as: UTF8.self) } else { return nil } }
    }
    private func errors(_ events: [MessageFramer.Event]) -> Int {
        events.filter { if case .error = $0 { return true } else { return false } }.count
    }

    func testFraming() {
        let cases: [(input: String, bodies: [String], errors: Int)] = [
            ("Content-Length: 2\r\n\r\n{}", ["{}"], 0),
            ("content-length:2\r\n\r\n{}Content-Length: 3\r\n\r\n[1]", ["{}", "[1]"], 0),
            ("Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}", ["{}"], 0),
            ("Content-Length: 2\n\n{}", ["{}"], 0),
            ("\r\n\r\nContent-Length: 2\r\n\r\n{}", ["{}"], 0),
            ("Content-Type: x\r\n\r\n{}Content-Length: 2\r\n\r\n[]", ["[]"], 1),
            ("Content-Length: -4\r\n\r\nContent-Length: 2\r\n\r\n{}", ["{}"], 1),
            ("Content-Length: 1x\r\n\r\nxContent-Length: 2\r\n\r\n{}", ["{}"], 1),
            ("not a header at all\r\n\r\nContent-Length: 2\r\n\r\n{}", ["{}"], 1),
            ("Content-Length: 0\r\n\r\n", [""], 0),
        ]
        for c in cases {
            var framer = MessageFramer()
            let events = framer.append(Array(c.input.utf8))
            XCTAssertEqual(bodies(events), c.bodies, c.input.debugDescription)
            XCTAssertEqual(errors(events), c.errors, c.input.debugDescription)
        }
    }

    func testFramingAcrossChunksOfEverySize() {
        let first = "{\"a\": \"é😀\"}"
        let stream = "Content-Length: \(first.utf8.count)\r\n\r\n\(first)Content-Length: 2\r\n\r\n{}"
        let bytes = Array(stream.utf8)
        for size in 1...bytes.count {
            var framer = MessageFramer()
            var events: [MessageFramer.Event] = []
            var i = 0
            while i < bytes.count {
                events += framer.append(bytes[i..<min(bytes.count, i + size)])
                i += size
            }
            XCTAssertEqual(bodies(events), ["{\"a\": \"é😀\"}", "{}"], "chunks of \(size)")
            XCTAssertEqual(framer.pendingByteCount, 0)
        }
    }

    func testOversizedBodiesAreSkippedNotStored() {
        var framer = MessageFramer(maximumBodyBytes: 10)
        var events = framer.append(Array("Content-Length: 20\r\n\r\n0123456789".utf8))
        events += framer.append(Array("0123456789Content-Length: 2\r\n\r\n{}".utf8))
        XCTAssertEqual(errors(events), 1)
        XCTAssertEqual(bodies(events), ["{}"])
        // A header block that never ends is dropped once it passes the limit.
        var endless = MessageFramer()
        let e = endless.append([UInt8](repeating: 65, count: MessageFramer.maximumHeaderBytes + 100))
        XCTAssertEqual(errors(e), 1)
        XCTAssertLessThan(endless.pendingByteCount, 100)
    }

    func testClassification() {
        func kind(_ text: String) -> String {
            guard let json = try? JSON.parse(Array(text.utf8)) else { return "parse error" }
            switch IncomingMessage.classify(json) {
            case .request(let id, let m, _): return "request \(id) \(m)"
            case .notification(let m, _): return "notification \(m)"
            case .response(let id, _, let e): return "response \(id)" + (e == nil ? "" : " error")
            case .invalid(let id, let e): return "invalid \(id.map(String.init(describing:)) ?? "null") \(e.code)"
            }
        }
        XCTAssertEqual(kind(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#), "request 1 initialize")
        XCTAssertEqual(kind(#"{"jsonrpc":"2.0","id":"a","method":"shutdown"}"#), "request \"a\" shutdown")
        XCTAssertEqual(kind(#"{"jsonrpc":"2.0","method":"exit"}"#), "notification exit")
        XCTAssertEqual(kind(#"{"jsonrpc":"2.0","id":3,"result":null}"#), "response 3")
        XCTAssertEqual(kind(#"{"jsonrpc":"2.0","id":3,"error":{"code":1,"message":"x"}}"#), "response 3 error")
        XCTAssertEqual(kind(#"{"jsonrpc":"2.0","id":true,"method":"x"}"#), "invalid null -32600")
        XCTAssertEqual(kind(#"{"jsonrpc":"2.0","id":2,"method":"x","params":3}"#), "invalid 2 -32600")
        XCTAssertEqual(kind(#"[]"#), "invalid null -32600")
        XCTAssertEqual(kind(#"{"id":1,"method":"#), "parse error")
        // Numbers and booleans keep their types through Foundation's parser.
        XCTAssertEqual(try JSON.parse(Array(#"[true, 1, 1.5, null, "x"]"#.utf8)), [.bool(true), .int(1), .double(1.5), .null, "x"])
        XCTAssertEqual(JSON.object(["b": true, "n": 2, "s": "é/😀"]).text, #"{"b":true,"n":2,"s":"é/😀"}"#)
    }

    func testPositionsInUTF16() {
        let doc = TextDocument(text: "a😀b\r\ne\u{301}x\rlast")
        XCTAssertEqual(doc.lineCount, 3)
        XCTAssertEqual(doc.offset(of: Position(line: 0, character: 1)), 1)
        XCTAssertEqual(doc.offset(of: Position(line: 0, character: 2)), 1, "inside the surrogate pair: the character's start")
        XCTAssertEqual(doc.offset(of: Position(line: 0, character: 3)), 5)
        XCTAssertEqual(doc.offset(of: Position(line: 0, character: 99)), 6, "past the end of the line: its end, before CR LF")
        XCTAssertEqual(doc.offset(of: Position(line: 1, character: 2)), 11, "a combining accent is its own code unit")
        XCTAssertEqual(doc.offset(of: Position(line: 9, character: 0)), doc.bytes.count)
        XCTAssertEqual(doc.position(ofOffset: 5), Position(line: 0, character: 3))
        XCTAssertEqual(doc.position(ofOffset: 13), Position(line: 2, character: 0))
    }

    func testCharacterColumnsAsMvilintCountsThem() {
        let line = Array("👨‍👩‍👧 e\u{301}x".utf8)
        XCTAssertEqual(UTF16Columns.offset(ofCharacterColumn: 1, in: line, lineStart: 0, lineEnd: line.count), 0)
        XCTAssertEqual(UTF16Columns.offset(ofCharacterColumn: 2, in: line, lineStart: 0, lineEnd: line.count), 18, "one character, 18 bytes")
        XCTAssertEqual(UTF16Columns.offset(ofCharacterColumn: 4, in: line, lineStart: 0, lineEnd: line.count), 22)
        XCTAssertEqual(UTF16Columns.offset(ofCharacterColumn: 40, in: line, lineStart: 0, lineEnd: line.count), line.count)
    }

    /// Random edits applied incrementally keep the line table equal to one computed afresh.
    func testIncrementalEditsKeepTheLineTable() {
        var generator = SplitMix(seed: 7)
        let pieces = ["\n", "\r", "\r\n", "a", "é", "😀", "x\ny", "\r\r\n", "", "  "]
        var doc = TextDocument(text: "start\r\nmiddle\rend\n")
        var reference = doc.text
        for step in 0..<3000 {
            let lines = doc.lineCount
            let a = Position(line: Int(generator.next() % UInt64(lines + 1)), character: Int(generator.next() % 8))
            let b = Position(line: a.line + Int(generator.next() % 2), character: Int(generator.next() % 8))
            let text = (0..<Int(generator.next() % 3)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let range = TextRange(start: min(a, b), end: max(a, b))
            let lower = doc.offset(of: range.start), upper = max(lower, doc.offset(of: range.end))
            var bytes = Array(reference.utf8)
            bytes.replaceSubrange(lower..<upper, with: Array(text.utf8))
            reference = String(decoding: bytes, as: UTF8.self)
            doc.replace(range, with: text)
            XCTAssertEqual(doc.text, reference, "step \(step)")
            XCTAssertEqual(doc.lineStarts, TextDocument(text: reference).lineStarts, "step \(step)")
            if doc.lineStarts != TextDocument(text: reference).lineStarts { return }
            if doc.bytes.count > 400 { doc = TextDocument(text: "fresh\n"); reference = doc.text }
        }
    }

    func testURIs() {
        XCTAssertEqual(URIs.path(fromURI: "file:///a/b%20c/d.swift"), "/a/b c/d.swift")
        XCTAssertEqual(URIs.path(fromURI: "file://localhost/a/./x/../d.swift"), "/a/d.swift")
        XCTAssertEqual(URIs.path(fromURI: "FILE:///a/%C3%A9.swift"), "/a/é.swift")
        XCTAssertNil(URIs.path(fromURI: "untitled:Untitled-1"))
        XCTAssertNil(URIs.path(fromURI: "file://server/share/a.swift"))
        XCTAssertNil(URIs.path(fromURI: "file:///a/%zz"))
        XCTAssertNil(URIs.path(fromURI: "file:///a/%00"))
        XCTAssertEqual(URIs.uri(fromPath: "/a/b c/é#.swift"), "file:///a/b%20c/%C3%A9%23.swift")
        for path in ["/tmp/x y/Ünïcode 😀/[a]+b.swift", "/plain/File.swift"] {
            XCTAssertEqual(URIs.path(fromURI: URIs.uri(fromPath: path)), path)
        }
    }

    func testSuppressionCommentsAreExtended() {
        XCTAssertEqual(Suppression.adding("b", to: "  // mvilint:disable:next a"), "  // mvilint:disable:next a, b")
        XCTAssertEqual(Suppression.adding("b", to: "// mvilint:disable:next a - why "), "// mvilint:disable:next a, b - why ")
        XCTAssertNil(Suppression.adding("a", to: "// mvilint:disable:next a"))
        XCTAssertNil(Suppression.adding("a", to: "// mvilint:disable:next all"))
    }
}

/// A small deterministic generator for the randomized cases.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
