/// Tests of the command line, in process with test-only rules and end to end with the built binary.

import Foundation
@testable import MVILintCore
import XCTest

// MARK: Test-only rules

/// Reports every class named `Bad` (error under mvvm, warning under mvi).
struct BadClassRule: Rule {
    static let info = RuleInfo(
        id: "test_bad_class", title: "Bad Class", summary: "Classes must not be named Bad",
        rationale: "A test rule.\nIt reports classes named Bad.", details: "Only classes: a struct named Bad is fine.", category: .architecture,
        defaults: [.mvvm: .error, .mvi: .warning], needsIndex: false,
        examples: [
            .triggering("class ↓Bad {}"),
            .nonTriggering("class Good {}"),
            .triggering(files: ["A.swift": "class ↓Bad {}", "B.swift": "class Other {}"]),
            .nonTriggering("class Secret {}").hiddenFromDocs(),
        ])
    func check(_ context: inout RuleContext) {
        for t in context.file.tree.allTypes where t.kind == .class && t.name == "Bad" {
            context.report(at: t.nameToken, "class `Bad` is bad")
        }
    }
}

/// Reports every class named `Meh` as a warning.
struct MehClassRule: Rule {
    static let info = RuleInfo(
        id: "test_meh_class", title: "Meh Class", summary: "Classes should not be named Meh",
        rationale: "A test rule.", category: .state, defaults: [.mvvm: .warning, .mvi: .warning],
        needsIndex: false, examples: [])
    func check(_ context: inout RuleContext) {
        for t in context.file.tree.allTypes where t.kind == .class && t.name == "Meh" {
            context.report(at: t.nameToken, "class `Meh` is meh")
        }
    }
}

/// Off by default: reports every class named `Hidden`.
struct HiddenClassRule: Rule {
    static let info = RuleInfo(
        id: "test_hidden_class", title: "Hidden Class", summary: "Off by default",
        rationale: "A test rule.", category: .state, defaults: [:], needsIndex: false, examples: [])
    func check(_ context: inout RuleContext) {
        for t in context.file.tree.allTypes where t.kind == .class && t.name == "Hidden" {
            context.report(at: t.nameToken, "class `Hidden` found")
        }
    }
}

/// Off by default: reports a class whose superclass the project declares in another file.
struct ForeignSuperclassRule: Rule {
    static let info = RuleInfo(
        id: "test_foreign_superclass", title: "Foreign Superclass", summary: "Superclass from another file",
        rationale: "A test rule for the project index.", category: .architecture, defaults: [:], examples: [])
    func check(_ context: inout RuleContext) {
        for t in context.file.tree.allTypes where t.kind == .class {
            guard let parent = t.inherited.first?.baseName, context.project.isDeclared(parent),
                  let symbol = context.project.symbol(parent), symbol.declarationPath != context.file.path else { continue }
            context.report(at: t.nameToken, "`\(t.name)` inherits from `\(parent)` declared elsewhere")
        }
    }
}

let testRules: [any Rule.Type] = [BadClassRule.self, MehClassRule.self, HiddenClassRule.self, ForeignSuperclassRule.self]

// MARK: In-process tests

final class CLITests: XCTestCase {
    typealias Output = CLIOutput

    private var directories: [URL] = []

    override func tearDown() {
        for d in directories { try? FileManager.default.removeItem(at: d) }
        directories = []
        super.tearDown()
    }

    func run(_ arguments: [String], rules: [any Rule.Type] = testRules) -> Output {
        runCLI(arguments, rules: rules, version: "9.8.7")
    }

    /// A temporary project with a `Package.swift` and `files` (relative path → contents); returns
    /// its absolute, standardized path.
    func makeProject(_ files: [String: String], manifest: Bool = true) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        directories.append(url)
        let root = FileDiscovery.absolutePath(url.path)
        // `.git` bounds the project-root search to this directory.
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        if manifest {
            try write("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Sample\")\n", to: root + "/Package.swift")
        }
        for (path, text) in files { try write(text, to: root + "/" + path) }
        return root
    }

    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    func write(_ data: Data, to path: String) throws {
        let dir = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }

    func testCleanProjectExitsZero() throws {
        let root = try makeProject(["Sources/App/Good.swift": "class Good {}\n"])
        let r = run([root])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "Linted 1 file: 0 errors, 0 warnings\n")
    }

    func testErrorFindingExitsOneWithExactXcodeLine() throws {
        let root = try makeProject(["Sources/App/Bad.swift": "import Foundation\n\nfinal class Bad {}\n", "Sources/App/Good.swift": "class Good {}\n"])
        let r = run(["lint", root])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "\(root)/Sources/App/Bad.swift:3:13: error: class `Bad` is bad (test_bad_class)\n")
        XCTAssertEqual(r.stderr, "Linted 2 files: 1 error, 0 warnings\n")
    }

    func testWarningsPassUnlessStrict() throws {
        let root = try makeProject(["Meh.swift": "class Meh {}\n"])
        let lenient = run([root])
        XCTAssertEqual(lenient.status, 0)
        XCTAssertTrue(lenient.stdout.hasSuffix(": warning: class `Meh` is meh (test_meh_class)\n"), lenient.stdout)
        XCTAssertEqual(lenient.stderr, "Linted 1 file: 0 errors, 1 warning\n")
        XCTAssertEqual(run(["--strict", root]).status, 1)
    }

    func testProfileChangesDefaults() throws {
        let root = try makeProject(["Bad.swift": "class Bad {}\n"])
        XCTAssertEqual(run([root]).status, 1)
        let mvi = run(["--profile", "mvi", root])
        XCTAssertEqual(mvi.status, 0)
        XCTAssertTrue(mvi.stdout.contains(": warning: class `Bad` is bad"), mvi.stdout)
        XCTAssertEqual(run(["--profile=mvi", root]).status, 0)
        let bad = run(["--profile", "mvc", root])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("Error: invalid value 'mvc' for '--profile'; expected one of: mvvm, mvi."), bad.stderr)
    }

    func testQuietSuppressesSummary() throws {
        let root = try makeProject(["Bad.swift": "class Bad {}\n"])
        let r = run(["--quiet", root])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "")
        XCTAssertFalse(r.stdout.isEmpty)
    }

    func testOnlyRuleEnablesExactlyThoseRules() throws {
        let root = try makeProject(["A.swift": "class Hidden {}\nclass Bad {}\nclass Meh {}\n"])
        let all = run([root])
        XCTAssertFalse(all.stdout.contains("test_hidden_class"))
        let only = run(["--only-rule", "test_hidden_class", root])
        XCTAssertEqual(only.status, 0)
        XCTAssertEqual(only.stdout, "\(root)/A.swift:1:7: warning: class `Hidden` found (test_hidden_class)\n")
        let two = run(["--only-rule=test_hidden_class,test_meh_class", root])
        XCTAssertEqual(two.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.count, 2)
        let repeated = run(["--only-rule", "test_hidden_class", "--only-rule", "test-bad-class", root])
        XCTAssertEqual(repeated.status, 1)
        XCTAssertTrue(repeated.stdout.contains("test_bad_class"))
        XCTAssertFalse(repeated.stdout.contains("test_meh_class"))
    }

    func testUnknownRuleIdSuggestsClosest() throws {
        let root = try makeProject(["A.swift": "class Bad {}\n"])
        let r = run(["--only-rule", "test_bad_clas", root])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, """
            Error: unknown rule id 'test_bad_clas'. Did you mean 'test_bad_class'?
            Usage: mvilint [lint] [<options>] [<path> ...]
            See 'mvilint --help' for more information.

            """)
        let far = run(["explain", "zzz"])
        XCTAssertEqual(far.status, 2)
        XCTAssertTrue(far.stderr.hasPrefix("Error: unknown rule id 'zzz'. Run 'mvilint rules' to list the rules.\n"), far.stderr)
    }

    func testUnknownOptionSuggestsClosest() {
        let r = run(["--strcit"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("Error: unknown option '--strcit'. Did you mean '--strict'?\nUsage: "), r.stderr)
        XCTAssertTrue(r.stderr.hasSuffix("See 'mvilint --help' for more information.\n"))
        XCTAssertTrue(run(["--only-rules", "x"]).stderr.contains("Did you mean '--only-rule'?"))
        XCTAssertEqual(run(["--frobnicate-everything"]).stderr.components(separatedBy: "\n").first, "Error: unknown option '--frobnicate-everything'")
        XCTAssertEqual(run(["-x"]).status, 2)
    }

    func testOptionValueErrors() throws {
        let missing = run(["--reporter"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("Error: option '--reporter' requires a value (xcode, json, sarif, github, checkstyle, junit, gitlab, summary, csv, sonarqube, codeclimate, html, markdown)\n"), missing.stderr)
        XCTAssertEqual(run(["--reporter", "--strict"]).status, 2)
        let unknown = run(["--reporter", "jsn"])
        XCTAssertTrue(unknown.stderr.contains("Did you mean 'json'?"), unknown.stderr)
        XCTAssertTrue(run(["--strict=yes"]).stderr.hasPrefix("Error: option '--strict' does not take a value\n"))
        XCTAssertEqual(run(["--only-rule", ","]).status, 2)
        XCTAssertEqual(run(["rules", "extra"]).status, 2)
        XCTAssertEqual(run(["explain"]).status, 2)
    }

    func testMissingPathIsAnInputError() throws {
        let root = try makeProject(["Bad.swift": "class Bad {}\n"])
        let r = run([root + "/nope", root + "/Bad.swift"])
        XCTAssertEqual(r.status, 2)
        // The input error is part of the report too, in the reporter's own form.
        XCTAssertEqual(r.stdout, "\(root)/Bad.swift:1:7: error: class `Bad` is bad (test_bad_class)\n\(root)/nope:1:1: error: no such file or directory\n")
        XCTAssertTrue(r.stderr.contains("Error: \(root)/nope: no such file or directory\n"), r.stderr)
        XCTAssertTrue(r.stderr.contains("Linted 1 file: 1 error, 0 warnings, 1 input error\n"), r.stderr)
        XCTAssertEqual(run(["/definitely/not/here"]).status, 2)
    }

    func testNonUTF8FileIsReportedAndOthersAreStillLinted() throws {
        let root = try makeProject(["Bad.swift": "class Bad {}\n"])
        try write(Data([0x63, 0x6C, 0x61, 0x73, 0x73, 0x20, 0xFF, 0xFE, 0x0A]), to: root + "/Broken.swift")
        let r = run([root])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "\(root)/Bad.swift:1:7: error: class `Bad` is bad (test_bad_class)\n\(root)/Broken.swift:1:1: error: file is not valid UTF-8\n")
        XCTAssertTrue(r.stderr.contains("Error: \(root)/Broken.swift: file is not valid UTF-8\n"), r.stderr)
        // A broken file elsewhere in the project does not fail a run that does not lint it.
        XCTAssertEqual(run([root + "/Bad.swift"]).status, 1)
    }

    func testEmptyDirectoryWarnsAndPasses() throws {
        let root = try makeProject(["Empty/readme.txt": "no swift here\n"])
        let r = run([root + "/Empty"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.hasPrefix("Warning: no Swift files found in \(root)/Empty\n"), r.stderr)
        let json = run(["--reporter", "json", root + "/Empty"])
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)))
    }

    func testDirectoryNamedLikeASwiftFileIsRecursed() throws {
        let root = try makeProject(["Foo.swift/Bad.swift": "class Bad {}\n"])
        let r = run([root])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "\(root)/Foo.swift/Bad.swift:1:7: error: class `Bad` is bad (test_bad_class)\n")
        XCTAssertEqual(run([root + "/Foo.swift"]).status, 1)
    }

    func testSkippedDirectoriesAndExplicitHiddenPath() throws {
        var files = ["Sources/Good.swift": "class Good {}\n", "Sources/.Bad.swift": "class Bad {}\n"]
        for dir in [".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage", ".hidden", "Sources/.cache"] {
            files[dir + "/Bad.swift"] = "class Bad {}\n"
        }
        let root = try makeProject(files)
        let r = run([root])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertEqual(r.stderr, "Linted 1 file: 0 errors, 0 warnings\n")
        let hidden = run([root + "/.hidden"])
        XCTAssertEqual(hidden.status, 1)
        XCTAssertEqual(run([root + "/Pods"]).status, 1)
        XCTAssertEqual(run([root + "/Sources/.Bad.swift"]).status, 1)
    }

    func testExplicitNonSwiftFileIsLinted() throws {
        let root = try makeProject(["script.txt": "class Bad {}\n"])
        XCTAssertEqual(run([root + "/script.txt"]).status, 1)
        XCTAssertEqual(run([root]).status, 0)
    }

    func testSymlinkLoopTerminates() throws {
        let root = try makeProject(["Sources/Bad.swift": "class Bad {}\n"])
        try FileManager.default.createSymbolicLink(atPath: root + "/Sources/loop", withDestinationPath: root + "/Sources")
        try FileManager.default.createSymbolicLink(atPath: root + "/Sources/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: root + "/Sources/dangling.swift", withDestinationPath: root + "/missing.swift")
        let r = run([root])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }, ["\(root)/Sources/Bad.swift:1:7: error: class `Bad` is bad (test_bad_class)"])
    }

    func testPathsWithSpacesAndUnicode() throws {
        let root = try makeProject(["Mon Projet/Vues é 日本/Bad Ünïcode 🙂.swift": "// 🙂🙂\nclass Bad {}\n"])
        let r = run([root + "/Mon Projet"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "\(root)/Mon Projet/Vues é 日本/Bad Ünïcode 🙂.swift:2:7: error: class `Bad` is bad (test_bad_class)\n")
    }

    func testProjectRootIndexesSiblingFiles() throws {
        let root = try makeProject([
            "Sources/Core/Parent.swift": "class Parent {}\n",
            "Sources/App/Child.swift": "class Child: Parent {}\nclass Orphan: Unknown {}\n",
        ])
        let r = run(["--only-rule", "test_foreign_superclass", root + "/Sources/App/Child.swift"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "\(root)/Sources/App/Child.swift:1:7: warning: `Child` inherits from `Parent` declared elsewhere (test_foreign_superclass)\n")
        // Only the named file is linted (and counted); the rest of the project is only indexed,
        // and the summary line says so.
        XCTAssertEqual(r.stderr, "Linted 1 file (indexed 2 for types): 0 errors, 1 warning\n")
        let timed = run(["--only-rule", "test_foreign_superclass", "--timings", "--quiet", root + "/Sources/App"])
        XCTAssertTrue(timed.stderr.contains("Index: 2 files indexed for types, 1 of them to lint\n"), timed.stderr)
        XCTAssertFalse(timed.stderr.contains("Linted"), timed.stderr)
        // Linting the whole project indexes nothing more: no note.
        XCTAssertEqual(run(["--only-rule", "test_foreign_superclass", root]).stderr, "Linted 2 files: 0 errors, 1 warning\n")
        XCTAssertFalse(run(["--timings", "--quiet", root]).stderr.contains("Index:"))
        // Without a manifest, the root is the linted directory itself.
        let bare = try makeProject(["Core/Parent.swift": "class Parent {}\n", "App/Child.swift": "class Child: Parent {}\n"], manifest: false)
        XCTAssertEqual(run(["--only-rule", "test_foreign_superclass", bare + "/App"]).stdout, "")
        XCTAssertFalse(run(["--only-rule", "test_foreign_superclass", bare]).stdout.isEmpty)
    }

    func testJSONReporter() throws {
        let root = try makeProject(["Bad.swift": "class Bad {}\nclass Meh {}\n"])
        try write(Data([0xC3, 0x28]), to: root + "/Broken.swift")
        let r = run(["--reporter=json", root])
        XCTAssertEqual(r.status, 2)
        XCTAssertFalse(r.stdout.contains("\\/"), "slashes must not be escaped")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["version", "tool", "findings", "summary", "diagnostics"])
        XCTAssertEqual(object["version"] as? Int, 1)
        let tool = try XCTUnwrap(object["tool"] as? [String: Any])
        XCTAssertEqual(tool["name"] as? String, "mvilint")
        XCTAssertEqual(tool["version"] as? String, "9.8.7")
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 2)
        XCTAssertEqual(Set(findings[0].keys), ["file", "line", "column", "severity", "rule", "message", "notes"])
        XCTAssertEqual(findings[0]["file"] as? String, root + "/Bad.swift")
        XCTAssertEqual(findings[0]["line"] as? Int, 1)
        XCTAssertEqual(findings[0]["column"] as? Int, 7)
        XCTAssertEqual(findings[0]["severity"] as? String, "error")
        XCTAssertEqual(findings[0]["rule"] as? String, "test_bad_class")
        XCTAssertEqual(findings[1]["severity"] as? String, "warning")
        let summary = try XCTUnwrap(object["summary"] as? [String: Any])
        XCTAssertEqual(summary["files"] as? Int, 1)
        XCTAssertEqual(summary["findings"] as? Int, 2)
        XCTAssertEqual(summary["errors"] as? Int, 1)
        XCTAssertEqual(summary["warnings"] as? Int, 1)
        XCTAssertEqual(summary["by_rule"] as? [String: Int], ["test_bad_class": 1, "test_meh_class": 1])
        let diagnostics = try XCTUnwrap(object["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics[0]["file"] as? String, root + "/Broken.swift")
        XCTAssertEqual(diagnostics[0]["message"] as? String, "file is not valid UTF-8")
    }

    func testReportersAreSortedPureFunctions() {
        let a = Finding(ruleID: "r", severity: .warning, path: "/b.swift", location: SourceLocation(line: 1, column: 1), message: "second",
                        notes: [FindingNote(path: "/c.swift", location: SourceLocation(line: 4, column: 2), message: "declared\nhere")])
        let b = Finding(ruleID: "r", severity: .error, path: "/a.swift", location: SourceLocation(line: 9, column: 3), message: "first")
        let result = LintResult(findings: [a, b], diagnostics: [], lintedFileCount: 2, timings: LintTimings())
        XCTAssertEqual(XcodeReporter.report(result, context: ReportContext(toolVersion: "1")), """
            /a.swift:9:3: error: first (r)
            /b.swift:1:1: warning: second (r)
            /c.swift:4:2: note: declared here

            """)
        XCTAssertEqual(Reporters.named("json")?.id, "json")
        XCTAssertNil(Reporters.named("sarf"))
        XCTAssertEqual(Reporters.all.first?.id, "xcode")
    }

    func testTimings() throws {
        let root = try makeProject(["Good.swift": "class Good {}\n"])
        let r = run(["--timings", "--quiet", root])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stderr.hasPrefix("Timings: find "), r.stderr)
        XCTAssertTrue(r.stderr.contains(", read "), r.stderr)
        XCTAssertTrue(r.stderr.contains("MB/s\n"), r.stderr)
        // Peak memory after each phase, in whole megabytes, never decreasing.
        let line = try XCTUnwrap(r.stderr.split(separator: "\n").first { $0.hasPrefix("Peak memory: ") }, r.stderr)
        let figures = line.split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(figures.count, 3, String(line))
        XCTAssertTrue(figures[0] > 0 && figures[0] <= figures[1] && figures[1] <= figures[2], String(line))
    }

    func testDefaultPathIsTheCurrentDirectory() throws {
        let root = try makeProject(["Bad.swift": "class Bad {}\n"])
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(root))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let r = run([])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasSuffix("/Bad.swift:1:7: error: class `Bad` is bad (test_bad_class)\n"), r.stdout)
    }

    func testVersionRulesExplainAndHelp() {
        for args in [["--version"], ["version"], ["lint", "--version"]] {
            XCTAssertEqual(run(args).stdout, "9.8.7\n")
        }
        let rules = run(["rules"])
        XCTAssertEqual(rules.status, 0)
        XCTAssertEqual(rules.stdout, """
            ID                       MVVM     MVI      SUMMARY
            test_bad_class           error    warning  Classes must not be named Bad
            test_meh_class           warning  warning  Classes should not be named Meh
            test_hidden_class        off      off      Off by default
            test_foreign_superclass  off      off      Superclass from another file

            """)
        let explain = run(["explain", "test_bad_class"])
        XCTAssertEqual(explain.status, 0)
        XCTAssertEqual(explain.stdout, """
            Bad Class (test_bad_class)

            Default severity: error (mvvm), warning (mvi)
            Category: architecture
            Fix: never

            Classes must not be named Bad

            A test rule.
            It reports classes named Bad.

            Triggering example:

                class Bad {}

            Non-triggering example:

                class Good {}

            'mvilint explain --full test_bad_class' prints the details and all 3 examples.

            """)
        let full = run(["explain", "--full", "test_bad_class"])
        XCTAssertEqual(full.status, 0)
        XCTAssertEqual(full.stdout, """
            Bad Class (test_bad_class)

            Default severity: error (mvvm), warning (mvi)
            Category: architecture
            Fix: never

            Classes must not be named Bad

            A test rule.
            It reports classes named Bad.

            Details:

            Only classes: a struct named Bad is fine.

            Triggering examples:

                class Bad {}

                // A.swift
                class Bad {}
                // B.swift
                class Other {}

            Non-triggering example:

                class Good {}

            """)
        XCTAssertEqual(run(["explain", "test-bad-clas"]).status, 2)
        for args in [["--help"], ["-h"], ["help"]] {
            let help = run(args)
            XCTAssertEqual(help.status, 0)
            XCTAssertTrue(help.stdout.contains("--reporter <reporter>"), help.stdout)
            let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertTrue(words.contains("Values: xcode, json, sarif, github, checkstyle, junit, gitlab, summary, csv, sonarqube, codeclimate, html, markdown."), words)
            XCTAssertTrue(words.contains("Values: mvvm, mvi."))
        }
        // Every help text fits 80 columns.
        for args in [["--help"]] + Command.allCases.map({ ["help", $0.rawValue] }) {
            for line in run(args).stdout.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, HelpText.width, "\(args): \(line)")
            }
        }
        XCTAssertTrue(run(["help", "explain"]).stdout.hasPrefix("OVERVIEW: Describe a rule"))
        XCTAssertTrue(run(["lint", "--help"]).stdout.contains("EXIT STATUS:"))
        XCTAssertTrue(run(["explain", "--bogus", "--help"]).stdout.contains("USAGE: mvilint explain [--full] <rule-id>"))
        let unknown = run(["help", "lnt"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: unknown command 'lnt'. Did you mean 'lint'?\n"), unknown.stderr)
    }

    func testMistypedCommandIsAUsageErrorUnlessSuchAPathExists() throws {
        let root = try makeProject(["Examples/Bad.swift": "class Bad {}\n"])
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(root))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }

        let typo = run(["lnt", "Examples"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stdout, "", "nothing is linted")
        XCTAssertEqual(typo.stderr, """
            Error: unknown command 'lnt'. Did you mean 'lint'?
            Usage: mvilint [lint] [<options>] [<path> ...]
                   mvilint <command> [<arguments>]
            See 'mvilint --help' for more information.

            """)
        XCTAssertTrue(run(["rulse"]).stderr.hasPrefix("Error: unknown command 'rulse'. Did you mean 'rules'?\n"))
        XCTAssertTrue(run(["Lint", "--strict"]).stderr.hasPrefix("Error: unknown command 'Lint'. Did you mean 'lint'?\n"))
        // Words unlike any command, and paths, are still paths.
        XCTAssertEqual(run(["ios"]).stderr, "Error: ios: no such file or directory\nLinted 0 files: 0 errors, 0 warnings, 1 input error\n")
        XCTAssertTrue(run(["./lnt"]).stderr.hasPrefix("Error: ./lnt: no such file or directory\n"))
        XCTAssertTrue(run(["lint", "lnt"]).stderr.hasPrefix("Error: lnt: no such file or directory\n"))

        // A path that exists is linted, with a hint (unless --quiet).
        try write("class Bad {}\n", to: root + "/lnt/Bad.swift")
        let path = run(["lnt"])
        XCTAssertEqual(path.status, 1)
        XCTAssertEqual(path.stdout, "\(root)/lnt/Bad.swift:1:7: error: class `Bad` is bad (test_bad_class)\n")
        XCTAssertTrue(path.stderr.hasPrefix("Hint: 'lnt' is linted as a path, not run as the command 'lint'; write './lnt' or 'mvilint lint lnt' to say so\n"),
                      path.stderr)
        XCTAssertFalse(run(["lnt", "--quiet"]).stderr.contains("Hint"))
        XCTAssertFalse(run(["./lnt"]).stderr.contains("Hint"))
    }

    func testDoubleDashEndsOptions() throws {
        let root = try makeProject(["--odd.swift": "class Bad {}\n"])
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(root))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        XCTAssertEqual(run(["--", "--odd.swift"]).status, 1)
    }
}

// MARK: End-to-end tests with the built executable

final class CLIBinaryTests: XCTestCase {
    /// The `mvilint` executable next to the test bundle (`MVILINT_BINARY` overrides).
    static func binary() -> URL? {
        let fm = FileManager.default
        if let path = ProcessInfo.processInfo.environment["MVILINT_BINARY"] { return URL(fileURLWithPath: path) }
        var directories: [URL] = []
        // macOS: the products directory holds `…PackageTests.xctest`.
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        // Linux: the test executable itself lives in the products directory.
        directories.append(Bundle.main.bundleURL)
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for directory in directories {
            let candidate = directory.appendingPathComponent("mvilint")
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               fm.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    func execute(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        guard let binary = CLIBinaryTests.binary() else {
            throw XCTSkip("The mvilint executable was not found next to the test bundle; build it first (swift build) or set MVILINT_BINARY.")
        }
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temp) }
        let outURL = temp.appendingPathComponent("out"), errURL = temp.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        let out = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        let err = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        return (process.terminationStatus, out, err)
    }

    func testVersion() throws {
        let r = try execute(["--version"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, mvilintVersion + "\n")
    }

    /// One version: `--version`, `version`, SARIF's `tool.driver.version` and JSON's
    /// `tool.version` all print `mvilintVersion`.
    func testOneVersionEverywhere() throws {
        XCTAssertEqual(try execute(["version"]).stdout, mvilintVersion + "\n")
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-version-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temp) }
        try Data("class A {}\n".utf8).write(to: temp.appendingPathComponent("A.swift"))
        let sarif = try execute(["lint", "--reporter", "sarif", temp.path])
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let driver = ((log["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any]
        XCTAssertEqual(driver?["version"] as? String, mvilintVersion)
        let json = try execute(["lint", "--reporter", "json", temp.path])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((object["tool"] as? [String: Any])?["version"] as? String, mvilintVersion)
        XCTAssertTrue(try execute(["--help"]).stdout.hasPrefix("OVERVIEW: mvilint \(mvilintVersion) "))
        // Semantic versioning: MAJOR.MINOR.PATCH, optionally with a pre-release part.
        XCTAssertNotNil(mvilintVersion.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$"#, options: .regularExpression), mvilintVersion)
    }

    func testMistypedCommand() throws {
        let r = try execute(["lnt", "/definitely/not/a/path-\(UUID().uuidString)"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.hasPrefix("Error: unknown command 'lnt'. Did you mean 'lint'?\nUsage: "), r.stderr)
    }

    func testRules() throws {
        let r = try execute(["rules"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.hasPrefix("ID "), r.stdout)
        XCTAssertTrue(r.stdout.contains("MVVM"))
    }

    func testMissingPathExitsTwo() throws {
        let r = try execute(["/definitely/not/a/path-\(UUID().uuidString)"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("no such file or directory"), r.stderr)
    }

    func testUsageErrorExitsTwo() throws {
        let r = try execute(["--no-such-option"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("See 'mvilint --help' for more information."), r.stderr)
    }
}
