/// Runs every example of every rule, plus the comment, string and emoji variants.
import XCTest
import MVILintCore
@testable import MVILintRules

/// A marker position: file, 1-based line, 1-based character column.
struct Marker: Hashable, Comparable, CustomStringConvertible {
    var file: String
    var line: Int
    var column: Int
    static func < (a: Marker, b: Marker) -> Bool { (a.file, a.line, a.column) < (b.file, b.line, b.column) }
    var description: String { "\(file):\(line):\(column)" }
}

/// Removes `↓` markers from `source`, returning the clean text and where each marker stood.
func stripMarkers(_ source: String, file: String) -> (String, [Marker]) {
    var clean = ""
    var markers: [Marker] = []
    var line = 1, column = 1
    for ch in source {
        if ch == "↓" { markers.append(Marker(file: file, line: line, column: column)); continue }
        clean.append(ch)
        if ch == "\n" || ch == "\r\n" { line += 1; column = 1 } else { column += 1 }
    }
    return (clean, markers)
}

final class RuleExamplesTests: XCTestCase {
    func lint(_ rule: any Rule.Type, _ files: [(name: String, source: String)]) -> [Finding] {
        let linter = Linter(rules: [rule], selection: RuleSelection(onlyRules: [rule.info.id]))
        return linter.lint(sources: files.map { (path: $0.name, text: $0.source) })
    }

    func positions(_ findings: [Finding]) -> [Marker] {
        findings.map { Marker(file: $0.path, line: $0.line, column: $0.column) }.sorted()
    }

    func examples(of rule: any Rule.Type) -> [RuleExample] {
        let all = rule.info.examples
        return all.contains(where: \.isFocused) ? all.filter(\.isFocused) : all
    }

    func testExamplesReportExactlyAtMarkers() {
        for rule in allRules {
            for example in examples(of: rule) {
                var files: [(name: String, source: String)] = []
                var expected: [Marker] = []
                for f in example.files {
                    let (clean, markers) = stripMarkers(f.source, file: f.name)
                    files.append((f.name, clean))
                    expected += markers
                }
                if example.kind == .triggering {
                    XCTAssertFalse(expected.isEmpty, "\(rule.info.id): a triggering example needs a ↓ marker", file: example.file, line: example.line)
                } else {
                    XCTAssertTrue(expected.isEmpty, "\(rule.info.id): a non-triggering example has a ↓ marker", file: example.file, line: example.line)
                }
                let findings = lint(rule, files)
                XCTAssertEqual(positions(findings), expected.sorted(),
                               "\(rule.info.id): findings differ from markers:\n" + findings.map { "\($0.path):\($0.line):\($0.column) \($0.message)" }.joined(separator: "\n"),
                               file: example.file, line: example.line)
                for f in findings {
                    XCTAssertEqual(f.ruleID, rule.info.id)
                    XCTAssertFalse(f.message.hasSuffix("."), "messages have no trailing period", file: example.file, line: example.line)
                    XCTAssertTrue(f.message.contains("`"), "messages name the symbol: \(f.message)", file: example.file, line: example.line)
                }
            }
        }
    }

    func testCodeInsideCommentsAndStringsNeverTriggers() {
        for rule in allRules {
            for example in examples(of: rule) {
                let clean = example.files.map { ($0.name, stripMarkers($0.source, file: $0.name).0) }
                let commented = clean.map { (name: $0.0, source: "/*\n\($0.1)\n*/\n") }
                let lineCommented = clean.map { (name: $0.0, source: $0.1.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n")) }
                let quoted = clean.map { (name: $0.0, source: "let source = #\"\"\"\n\($0.1)\n\"\"\"#\n") }
                for (variant, files) in [("block comment", commented), ("line comments", lineCommented), ("string literal", quoted)] {
                    let findings = lint(rule, files)
                    XCTAssertEqual(findings.count, 0, "\(rule.info.id): example inside a \(variant) triggered:\n" + findings.map(\.message).joined(separator: "\n"),
                                   file: example.file, line: example.line)
                }
            }
        }
    }

    func testPositionsCountCharactersAfterMultiByteText() {
        let prefix = "/*😀é*/"
        for rule in allRules {
            for example in examples(of: rule) where example.kind == .triggering {
                var files: [(name: String, source: String)] = []
                var expected: [Marker] = []
                for f in example.files {
                    let (clean, markers) = stripMarkers(f.source, file: f.name)
                    files.append((f.name, clean.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")))
                    expected += markers.map { Marker(file: $0.file, line: $0.line, column: $0.column + prefix.count) }
                }
                XCTAssertEqual(positions(lint(rule, files)), expected.sorted(), "\(rule.info.id): positions shift after a multi-byte comment",
                               file: example.file, line: example.line)
            }
        }
    }
}
