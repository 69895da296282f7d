/// Tests of the reporters' building blocks: hashing, fingerprints, escaping, JSON, schema validation.

import Foundation
@testable import MVILintCore
import XCTest

final class ReportSupportTests: XCTestCase {
    func testSHA256KnownVectors() {
        // FIPS 180-4 examples, and lengths around the 55/56/64-byte padding boundaries.
        XCTAssertEqual(SHA256.hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hex(String(repeating: "a", count: 55)), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        XCTAssertEqual(SHA256.hex(String(repeating: "a", count: 56)), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        XCTAssertEqual(SHA256.hex(String(repeating: "a", count: 64)), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
        XCTAssertEqual(SHA256.hex(String(repeating: "a", count: 119)), "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb")
        XCTAssertEqual(SHA256.hex(String(repeating: "ü", count: 100)), "83af2e24c464bea3ce77f43643ef76b5726234733b89415dc66f1aa37bfeb283")
    }

    private func finding(_ rule: String = "r", _ path: String = "/p/A.swift", line: Int) -> Finding {
        Finding(ruleID: rule, severity: .warning, path: path, location: SourceLocation(line: line, column: 1), message: "m")
    }

    func testFingerprintsSurviveMovedLinesAndDistinguishRepeats() {
        let before = ReportContext(toolVersion: "1", baseDirectory: "/p", lineTexts: ["/p/A.swift": [3: "  var x = 1", 8: "var x = 1"]])
        // The same code two lines lower, re-indented, in a checkout at another place.
        let after = ReportContext(toolVersion: "1", baseDirectory: "/q", lineTexts: ["/q/A.swift": [5: "var   x = 1 ", 10: "\tvar x = 1"]])
        let a = before.fingerprints([finding(line: 3), finding(line: 8)])
        let b = after.fingerprints([finding("r", "/q/A.swift", line: 5), finding("r", "/q/A.swift", line: 10)])
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a[0], a[1], "two findings on identical lines are told apart by their occurrence")
        XCTAssertTrue(a.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })

        let edited = ReportContext(toolVersion: "1", baseDirectory: "/p", lineTexts: ["/p/A.swift": [3: "var y = 1"]])
        XCTAssertNotEqual(edited.fingerprints([finding(line: 3)])[0], a[0], "changing the offending line changes the fingerprint")
        XCTAssertNotEqual(before.fingerprints([finding("other", line: 3)])[0], a[0], "the rule is part of the identity")
        XCTAssertNotEqual(before.fingerprints([finding("r", "/p/B.swift", line: 3)])[0],
                          ReportContext(toolVersion: "1", baseDirectory: "/p").fingerprints([finding(line: 3)])[0],
                          "the path is part of the identity")
    }

    func testDisplayPathsAreRelativeToTheCurrentDirectory() {
        let context = ReportContext(toolVersion: "1", baseDirectory: "/work", currentDirectory: "/work/app")
        XCTAssertEqual(context.displayPath("/work/app/Sources/A.swift"), "Sources/A.swift")
        XCTAssertEqual(context.displayPath("/work/application/A.swift"), "/work/application/A.swift")
        XCTAssertEqual(context.displayPath("/work/other/A.swift"), "/work/other/A.swift", "outside the current directory: absolute")
        XCTAssertEqual(context.displayPath("/work/app"), "/work/app")
        XCTAssertEqual(context.displayPath("/work/app/\u{301}x.swift"), "\u{301}x.swift", "a combining mark after the slash")
        XCTAssertEqual(context.displayPath("missing"), "missing", "a path given as typed stays as typed")
        XCTAssertEqual(ReportContext(toolVersion: "1", currentDirectory: "/").displayPath("/A.swift"), "A.swift")
        XCTAssertEqual(ReportContext(toolVersion: "1").displayPath("/x/A.swift"), "/x/A.swift")
        // Fingerprints hash the path relative to the repository root, wherever the command ran.
        let finding = Finding(ruleID: "r", severity: .warning, path: "/work/app/A.swift", location: SourceLocation(line: 1, column: 1), message: "m")
        XCTAssertEqual(context.fingerprints([finding]),
                       ReportContext(toolVersion: "1", baseDirectory: "/work", currentDirectory: "/").fingerprints([finding]))
        XCTAssertEqual(context.repositoryPath("/work/app/A.swift"), "app/A.swift")
    }

    func testEscaping() {
        XCTAssertEqual(Escaping.uriPath("a b/ü:c%.swift"), "a%20b/%C3%BC%3Ac%25.swift")
        XCTAssertEqual(Escaping.fileURI("/tmp/My App", directory: true), "file:///tmp/My%20App/")
        XCTAssertEqual(Escaping.xml("a\u{1}b\u{FFFE}\t<>"), "a\u{FFFD}b\u{FFFD}&#9;&lt;&gt;")
        XCTAssertEqual(GitHubReporter.escapeData("50%\r\nnext: a,b"), "50%25%0D%0Anext: a,b")
        XCTAssertEqual(GitHubReporter.escapeProperty("C:\\a,b%\n"), "C%3A\\a%2Cb%25%0A")
    }

    func testReportJSONRendering() {
        let value = ReportJSON.object([
            ("empty", .array([])), ("nothing", .object([])), ("flag", .bool(true)), ("none", .null),
            ("text", .string("tab\tquote\" slash/ \u{1}ünï")), ("list", .array([.int(-1), .int(2)])),
        ])
        XCTAssertEqual(value.rendered(), #"""
            {
              "empty": [],
              "nothing": {},
              "flag": true,
              "none": null,
              "text": "tab\tquote\" slash/ \u0001ünï",
              "list": [
                -1,
                2
              ]
            }
            """#)
        let parsed = try? JSONSerialization.jsonObject(with: Data(value.rendered().utf8)) as? [String: Any]
        XCTAssertEqual(parsed?["text"] as? String, "tab\tquote\" slash/ \u{1}ünï")
    }

    func testJSONReportsParseAndXMLReportsAreWellFormed() throws {
        let result = ReporterFixture.result, context = ReporterFixture.context
        for reporter in [SARIFReporter.self, GitLabReporter.self, JSONReporter.self] as [any Reporter.Type] {
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(reporter.report(result, context: context).utf8)), reporter.id)
        }
        let issues = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(GitLabReporter.report(result, context: context).utf8)) as? [[String: Any]])
        XCTAssertEqual(issues.map { $0["severity"] as? String }, ["major", "major", "minor", "major", "minor"])
        XCTAssertEqual(issues.map { $0["check_name"] as? String }[1], "input_error")
        XCTAssertEqual(Set(issues.compactMap { $0["fingerprint"] as? String }).count, 5)
        try runPython(["-c", "import sys, xml.dom.minidom as m; [m.parse(p) for p in sys.argv[1:]]"], needs: "xml.dom.minidom",
                      files: [CheckstyleReporter.report(result, context: context), JUnitReporter.report(result, context: context)])
    }

    /// A file that could not be linted shows in every report, not only on standard error, so
    /// that a CI reading only the report sees it: with its path and message.
    func testEveryReporterShowsInputErrors() {
        let result = LintResult(findings: [], diagnostics: [InputDiagnostic(path: "/proj/Sources/Bin ary.swift", message: "file is not valid UTF-8")],
                                lintedFileCount: 2, timings: LintTimings())
        let context = ReportContext(toolVersion: "1", baseDirectory: "/proj", currentDirectory: "/proj")
        for reporter in Reporters.all {
            let report = reporter.report(result, context: context)
            XCTAssertTrue(report.contains("file is not valid UTF-8"), "\(reporter.id): \(report)")
            let path = reporter == XcodeReporter.self ? "/proj/Sources/Bin ary.swift" : reporter == SARIFReporter.self ? "Sources/Bin%20ary.swift" : "Sources/Bin ary.swift"
            XCTAssertTrue(report.contains(path), "\(reporter.id): \(report)")
        }
        XCTAssertEqual(XcodeReporter.report(result, context: context), "/proj/Sources/Bin ary.swift:1:1: error: file is not valid UTF-8\n")
        XCTAssertEqual(GitHubReporter.report(result, context: context),
                       "::error file=Sources/Bin ary.swift,line=1,col=1,title=input_error::file is not valid UTF-8\n")
        XCTAssertEqual(SummaryReporter.report(result, context: context),
                       "INPUT ERRORS\nSources/Bin ary.swift: file is not valid UTF-8\n\nNo findings; 2 files linted; 1 input error\n")
    }

    func testEmptyResults() {
        let empty = LintResult(findings: [], diagnostics: [], lintedFileCount: 3, timings: LintTimings())
        let context = ReportContext(toolVersion: "1")
        XCTAssertEqual(XcodeReporter.report(empty, context: context), "")
        XCTAssertEqual(GitHubReporter.report(empty, context: context), "")
        XCTAssertEqual(GitLabReporter.report(empty, context: context), "[]\n")
        XCTAssertEqual(SummaryReporter.report(empty, context: context), "No findings; 3 files linted\n")
        XCTAssertEqual(CheckstyleReporter.report(empty, context: context), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n</checkstyle>\n")
        XCTAssertEqual(JUnitReporter.report(empty, context: context),
                       "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"mvilint\" tests=\"0\" failures=\"0\" errors=\"0\">\n</testsuites>\n")
        XCTAssertTrue(SARIFReporter.report(empty, context: context).contains("\"results\": []"))
        // Empty arrays and objects on one line, as on every platform (not `[`, a blank line, `]`).
        XCTAssertEqual(JSONReporter.report(empty, context: context), """
            {
              "diagnostics": [],
              "findings": [],
              "summary": {
                "by_rule": {},
                "errors": 0,
                "files": 3,
                "findings": 0,
                "warnings": 0
              },
              "tool": {
                "name": "mvilint",
                "version": "1"
              },
              "version": 1
            }

            """)
    }

    // MARK: SARIF schema

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testSARIFValidatesAgainstTheOfficialSchema() throws {
        let script = Self.repository.appendingPathComponent("Tests/Scripts/validate_sarif.py").path
        let sarif = SARIFReporter.report(ReporterFixture.result, context: ReporterFixture.context)
        let ok = try runPython([script, "--expect-results", "4"], files: [sarif])
        XCTAssertTrue(ok.contains("valid SARIF 2.1.0: 4 results, 3 rules"), ok)
        // The validator is not a rubber stamp: a level outside the enumeration is rejected.
        let broken = sarif.replacingOccurrences(of: "\"level\": \"warning\"", with: "\"level\": \"severe\"")
        XCTAssertThrowsError(try runPython([script], files: [broken]))
    }

    /// Runs `python3 ARGS FILES...` with each of `files` written to a temporary file; returns its
    /// output, throws when it fails, skips when python3 or the module `needs` is not installed.
    @discardableResult
    func runPython(_ arguments: [String], needs module: String = "jsonschema", files: [String]) throws -> String {
        let probe = try execute(["python3", "-c", "import \(module)"])
        guard probe.status == 0 else { throw XCTSkip("python3 with \(module) is needed (pip install jsonschema)") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (i, text) in files.enumerated() {
            let url = directory.appendingPathComponent("report-\(i)")
            try Data(text.utf8).write(to: url)
            paths.append(url.path)
        }
        let r = try execute(["python3"] + arguments + paths)
        guard r.status == 0 else { throw PythonFailure(output: r.output) }
        return r.output
    }

    struct PythonFailure: Error { var output: String }

    private func execute(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
