/// Baseline keys (rule, relative path, normalized line, occurrence), filtering and the file format.
import Foundation
import XCTest
@testable import MVILintCore

final class BaselineTests: XCTestCase {
    func finding(_ rule: String, _ path: String, line: Int, column: Int = 1) -> Finding {
        Finding(ruleID: rule, severity: .warning, path: path, location: SourceLocation(line: line, column: column), message: "`x` is wrong")
    }

    func testKeysIgnoreLineNumbersAndWhitespace() {
        let before = SourceLines(sources: ["/p/A.swift": Array("struct A {}\n    @Published var  count = 0\n".utf8)])
        let baseline = Baseline(findings: [finding("rule_a", "/p/A.swift", line: 2)], projectRoot: "/p", lines: before)
        XCTAssertEqual(baseline.entries, [Baseline.Entry(rule: "rule_a", path: "A.swift", text: "@Published var count = 0", occurrence: 1, message: "`x` is wrong")])

        // Lines inserted above, re-indented: still recorded.
        let after = SourceLines(sources: ["/p/A.swift": Array("import X\n\nstruct A {}\n\t@Published var count = 0\n".utf8)])
        let moved = baseline.filter([finding("rule_a", "/p/A.swift", line: 4)], projectRoot: "/p", lines: after)
        XCTAssertEqual(moved.new, [])
        XCTAssertEqual(moved.known, 1)

        // Another rule, another file, or an edited line are new.
        let other = baseline.filter([finding("rule_b", "/p/A.swift", line: 4), finding("rule_a", "/p/B.swift", line: 4)], projectRoot: "/p",
                                    lines: SourceLines(sources: ["/p/A.swift": Array("import X\n\nstruct A {}\n\t@Published var count = 0\n".utf8),
                                                                 "/p/B.swift": Array("import X\n\nstruct A {}\n\t@Published var count = 0\n".utf8)]))
        XCTAssertEqual(other.new.count, 2)
        let edited = SourceLines(sources: ["/p/A.swift": Array("struct A {}\n    @Published var count = 1\n".utf8)])
        XCTAssertEqual(baseline.filter([finding("rule_a", "/p/A.swift", line: 2)], projectRoot: "/p", lines: edited).new.count, 1)
    }

    func testOccurrencesCountIdenticalLinesFromTheTop() {
        let text = Array("x = 1\nx = 1\n".utf8)
        let lines = SourceLines(sources: ["/p/A.swift": text])
        let two = [finding("r", "/p/A.swift", line: 2), finding("r", "/p/A.swift", line: 1)]
        let baseline = Baseline(findings: two, projectRoot: "/p", lines: lines)
        XCTAssertEqual(baseline.entries.map(\.occurrence), [1, 2])
        // A third identical line: the extra occurrence is new.
        let three = SourceLines(sources: ["/p/A.swift": Array("x = 1\nx = 1\nx = 1\n".utf8)])
        let result = baseline.filter(two + [finding("r", "/p/A.swift", line: 3)], projectRoot: "/p", lines: three)
        XCTAssertEqual(result.new.map(\.line), [3])
        XCTAssertEqual(result.known, 2)
    }

    func testEncodingIsStableAndRoundTrips() throws {
        let lines = SourceLines(sources: ["/p/B.swift": Array("let \"quoted\" = \\u{1}\n".utf8), "/p/A.swift": Array("a\nb\n".utf8)])
        let findings = [finding("z_rule", "/p/B.swift", line: 1), finding("a_rule", "/p/A.swift", line: 2), finding("a_rule", "/outside/C.swift", line: 9)]
        let baseline = Baseline(findings: findings, projectRoot: "/p", lines: lines)
        let text = baseline.encoded()
        XCTAssertEqual(text, """
        {
          "version": 1,
          "findings": [
            {"rule": "a_rule", "path": "/outside/C.swift", "text": "", "occurrence": 1, "message": "`x` is wrong"},
            {"rule": "a_rule", "path": "A.swift", "text": "b", "occurrence": 1, "message": "`x` is wrong"},
            {"rule": "z_rule", "path": "B.swift", "text": "let \\"quoted\\" = \\\\u{1}", "occurrence": 1, "message": "`x` is wrong"}
          ]
        }

        """)
        XCTAssertEqual(Baseline(findings: findings.reversed(), projectRoot: "/p", lines: lines).encoded(), text, "order does not depend on input order")
        XCTAssertEqual(try Baseline.decode(Data(text.utf8), path: "b.json"), baseline)
        XCTAssertEqual(Baseline(entries: []).encoded(), "{\n  \"version\": 1,\n  \"findings\": []\n}\n")
        XCTAssertEqual(try Baseline.decode(Data(Baseline(entries: []).encoded().utf8), path: "b.json").entries, [])
    }

    func testInvalidBaselinesAreRejectedWithAReason() {
        let table: [(String, String)] = [
            ("not json", "not a valid baseline (not JSON"),
            ("{\"version\": 1}", "'findings' is missing"),
            ("{\"version\": 2, \"findings\": []}", "format version 2 is not supported"),
            ("{\"version\": 1, \"findings\": [{\"rule\": \"r\", \"path\": \"p\", \"text\": \"t\"}]}", "'findings[0].occurrence' is missing"),
            ("{\"version\": 1, \"findings\": [{\"rule\": 1, \"path\": \"p\", \"text\": \"t\", \"occurrence\": 1}]}", "'findings[0].rule' has the wrong type"),
        ]
        for (text, reason) in table {
            XCTAssertThrowsError(try Baseline.decode(Data(text.utf8), path: "b.json"), text) { error in
                let message = (error as? Baseline.LoadError)?.message ?? ""
                XCTAssertTrue(message.contains(reason), "\(text): \(message)")
            }
        }
        XCTAssertThrowsError(try Baseline.load(path: "/nonexistent/mvilint-baseline.json")) { error in
            XCTAssertEqual((error as? Baseline.LoadError)?.message, "the baseline file does not exist; create it with --write-baseline")
        }
    }

    func testSourceLinesReadsFromDiskWhenNotGiven() throws {
        let path = FileDiscovery.absolutePath(NSTemporaryDirectory()) + "/mvilint-lines-\(UUID().uuidString).swift"
        try "one\r\ntwo\nthree".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines = SourceLines()
        XCTAssertEqual((1...4).map { lines.text(of: path, line: $0) }, ["one", "two", "three", ""])
        XCTAssertEqual(lines.text(of: "/nonexistent/file.swift", line: 1), "")
    }
}
