/// Runs every example of every rule, plus the comment, string, emoji, suppression and fix variants.
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
        // An engine rule reports about other rules' findings: run every rule, each enabled.
        let rules: [any Rule.Type] = rule is any EngineRule.Type ? allRules : [rule]
        let linter = Linter(rules: rules, selection: RuleSelection(onlyRules: Set(rules.map { $0.info.id })))
        return linter.lint(sources: files.map { (path: $0.name, text: $0.source) })
    }

    /// Like `lint`, with `unused_suppression` enabled too.
    func lintWithSuppressions(_ rule: any Rule.Type, _ files: [(name: String, source: String)]) -> [Finding] {
        if rule is any EngineRule.Type { return lint(rule, files) }
        let linter = Linter(rules: [rule, UnusedSuppression.self], selection: RuleSelection(onlyRules: [rule.info.id, UnusedSuppression.info.id]))
        return linter.lint(sources: files.map { (path: $0.name, text: $0.source) })
    }

    func positions(_ findings: [Finding]) -> [Marker] {
        findings.map { Marker(file: $0.path, line: $0.line, column: $0.column) }.sorted()
    }

    /// The rule's own examples, and those of the rows of the knowledge tables it reads that run against it.
    func examples(of rule: any Rule.Type) -> [RuleExample] {
        let all = rule.info.allExamples
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
                if let messages = example.messages {
                    // The markers in the order written (file by file, then by position), each with its finding's message.
                    XCTAssertEqual(messages.count, expected.count, "\(rule.info.id): one expected message per marker", file: example.file, line: example.line)
                    let order = example.files.map(\.name)
                    let byMarker = findings.sorted { a, b in
                        let fa = order.firstIndex(of: a.path) ?? 0, fb = order.firstIndex(of: b.path) ?? 0
                        return fa != fb ? fa < fb : (a.line, a.column, a.message) < (b.line, b.column, b.message)
                    }.map(\.message)
                    XCTAssertEqual(byMarker, messages, "\(rule.info.id): messages differ from those expected at the markers", file: example.file, line: example.line)
                }
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

    // MARK: Suppression variants

    /// Each triggering example with a suppression of the rule before each marker's line, at the
    /// end of it, or at the top of the file must be silent, and every suppression must count as used.
    func testDisableCommentsSilenceEveryTriggeringExample() {
        for rule in allRules {
            let id = rule.info.id
            for example in examples(of: rule) where example.kind == .triggering {
                var next: [(name: String, source: String)] = []
                var this: [(name: String, source: String)] = []
                var region: [(name: String, source: String)] = []
                var thisApplies = true
                for f in example.files {
                    let (clean, markers) = stripMarkers(f.source, file: f.name)
                    let markedLines = Set(markers.map(\.line))
                    var lines = clean.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    region.append((f.name, markedLines.isEmpty ? clean : "// mvilint:disable \(id)\n" + clean))
                    var thisLines = lines
                    for l in markedLines {
                        // A trailing comment cannot follow a line that already holds one or a string.
                        if ["//", "/*", "*/", "\""].contains(where: { thisLines[l - 1].contains($0) }) { thisApplies = false }
                        thisLines[l - 1] += " // mvilint:disable:this \(id)"
                    }
                    this.append((f.name, thisLines.joined(separator: "\n")))
                    for l in markedLines.sorted(by: >) { lines.insert("// mvilint:disable:next \(id) - variant", at: l - 1) }
                    next.append((f.name, lines.joined(separator: "\n")))
                }
                var variants = [("disable:next", next), ("file-level disable", region)]
                if thisApplies { variants.append(("disable:this", this)) }
                for (variant, files) in variants {
                    let findings = lintWithSuppressions(rule, files)
                    XCTAssertEqual(findings.count, 0, "\(id): \(variant) left findings:\n" + findings.map { "\($0.path):\($0.line): \($0.ruleID): \($0.message)" }.joined(separator: "\n"),
                                   file: example.file, line: example.line)
                }
            }
        }
    }

    // MARK: Fixes

    /// Applies every fix of `findings` (unsafe ones included) to `files`.
    func applyFixes(_ findings: [Finding], to files: [(name: String, source: String)]) -> [(name: String, source: String)] {
        files.map { f in
            let outcome = FixApplier.apply(findings.filter { $0.path == f.name }, to: Array(f.source.utf8), includeUnsafe: true)
            return (f.name, String(decoding: outcome.bytes, as: UTF8.self))
        }
    }

    func testFixExamplesGiveTheExpectedCodeRelintAsMarkedAndAreIdempotent() {
        for rule in allRules {
            for example in examples(of: rule) {
                guard let fixed = example.fixedFiles else { continue }
                let before = example.files.map { ($0.name, stripMarkers($0.source, file: $0.name).0) }
                var expected: [(name: String, source: String)] = []
                var remaining: [Marker] = []
                for f in fixed {
                    let (clean, markers) = stripMarkers(f.source, file: f.name)
                    expected.append((f.name, clean))
                    remaining += markers
                }
                let after = applyFixes(lint(rule, before), to: before)
                XCTAssertEqual(after.map(\.source), expected.map(\.source), "\(rule.info.id): the fixed code differs", file: example.file, line: example.line)
                let relinted = lint(rule, after)
                XCTAssertEqual(positions(relinted), remaining.sorted(), "\(rule.info.id): the fixed code relints differently", file: example.file, line: example.line)
                XCTAssertEqual(applyFixes(relinted, to: after).map(\.source), after.map(\.source), "\(rule.info.id): a second round of fixes changed the code",
                               file: example.file, line: example.line)
            }
        }
    }

    /// `fix:` metadata matches what the rule emits: `.never` emits no fix, `.always` one on every
    /// finding, `.sometimes` both kinds across the examples. Fixing every triggering example
    /// removes exactly the fixed findings, and a second round changes nothing.
    func testFixMetadataMatchesEmittedFixesAndEveryFixRelintsClean() {
        for rule in allRules {
            let info = rule.info
            var withFix = 0, withoutFix = 0
            for example in examples(of: rule) where example.kind == .triggering {
                let files = example.files.map { ($0.name, stripMarkers($0.source, file: $0.name).0) }
                let findings = lint(rule, files)
                for f in findings {
                    if let fix = f.fix {
                        withFix += 1
                        XCTAssertFalse(fix.title.isEmpty || fix.title.hasSuffix("."), "\(info.id): fix titles say what they do, without trailing period",
                                       file: example.file, line: example.line)
                    } else {
                        withoutFix += 1
                    }
                }
                switch info.fix {
                case .never: XCTAssertTrue(findings.allSatisfy { $0.fix == nil }, "\(info.id) declares fix: .never but emits one", file: example.file, line: example.line)
                case .always: XCTAssertTrue(findings.allSatisfy { $0.fix != nil }, "\(info.id) declares fix: .always but a finding has none", file: example.file, line: example.line)
                case .sometimes: break
                }
                guard findings.contains(where: { $0.fix != nil }) else { continue }
                let fixedFiles = applyFixes(findings, to: files)
                let relinted = lint(rule, fixedFiles)
                XCTAssertEqual(relinted.count, findings.filter { $0.fix == nil }.count, "\(info.id): fixed findings are reported again:\n"
                               + relinted.map { "\($0.path):\($0.line): \($0.message)" }.joined(separator: "\n"), file: example.file, line: example.line)
                XCTAssertEqual(applyFixes(relinted, to: fixedFiles).map(\.source), fixedFiles.map(\.source), "\(info.id): a second round of fixes changed the code",
                               file: example.file, line: example.line)
            }
            if info.fix == .sometimes {
                XCTAssertTrue(withFix > 0 && withoutFix > 0, "\(info.id) declares fix: .sometimes; its examples should show findings with and without a fix")
            }
        }
    }
}
