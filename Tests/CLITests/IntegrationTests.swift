/// End-to-end tests of the workflow integrations: reporters, `--stdin-path` and `--staged`.

import Foundation
@testable import MVILintCore
import XCTest

final class IntegrationTests: XCTestCase {
    typealias Output = CLIOutput

    private var directories: [String] = []

    override func tearDown() {
        for d in directories { try? FileManager.default.removeItem(atPath: d) }
        directories = []
        super.tearDown()
    }

    /// Runs the command line in process with the test-only rules; `stdin` feeds `--stdin-path`.
    func run(_ arguments: [String], stdin: String? = nil) -> Output {
        runCLI(arguments, rules: testRules, version: "9.8.7", stdin: {
            XCTAssertNotNil(stdin, "standard input was read without --stdin-path")
            return Data((stdin ?? "").utf8)
        })
    }

    /// A temporary directory with `files` (relative path → contents); returns its absolute path.
    func makeDirectory(_ files: [String: String]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-integration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // Resolved, so that paths match what git reports (macOS's /var is a symlink to /private/var).
        let root = FileDiscovery.absolutePath(url.resolvingSymlinksInPath().path)
        directories.append(root)
        for (path, text) in files { try write(text, to: root + "/" + path) }
        return root
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static let manifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Sample\")\n"

    /// Runs `body` with the process's working directory set to `directory`.
    func inDirectory<T>(_ directory: String, _ body: () throws -> T) rethrows -> T {
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(directory))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        return try body()
    }

    // MARK: Reporters

    func testReportersCommandListsEveryReporter() {
        let r = run(["reporters"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, """
            ID           DESCRIPTION
            xcode        \(XcodeReporter.summary)
            json         \(JSONReporter.summary)
            sarif        \(SARIFReporter.summary)
            github       \(GitHubReporter.summary)
            checkstyle   \(CheckstyleReporter.summary)
            junit        \(JUnitReporter.summary)
            gitlab       \(GitLabReporter.summary)
            summary      \(SummaryReporter.summary)
            csv          \(CSVReporter.summary)
            sonarqube    \(SonarQubeReporter.summary)
            codeclimate  \(CodeClimateReporter.summary)
            html         \(HTMLReporter.summary)
            markdown     \(MarkdownReporter.summary)

            """)
        XCTAssertEqual(run(["reporters", "extra"]).status, 2)
        XCTAssertTrue(run(["help", "reporters"]).stdout.hasPrefix("OVERVIEW: List the output formats that --reporter accepts."))
        XCTAssertTrue(run(["--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .contains("Values: xcode, json, sarif, github, checkstyle, junit, gitlab, summary, csv, sonarqube, codeclimate, html, markdown."))
    }

    func testEveryReporterThroughTheCommandLine() throws {
        let root = try makeDirectory([".git/HEAD": "", "Package.swift": Self.manifest, "Sources/A.swift": "class Bad {}\nclass Meh {}\n"])
        for id in Reporters.ids {
            let r = run(["--reporter", id, "--quiet", root])
            XCTAssertEqual(r.status, 1, id)
            XCTAssertEqual(r.stderr, "", id)
            XCTAssertTrue(r.stdout.contains("test_bad_class"), "\(id): \(r.stdout)")
        }
    }

    func testPathsAreRelativeToTheCurrentDirectoryAndFingerprintsToTheRepositoryRoot() throws {
        // A package in a subdirectory of the repository, as in a monorepo.
        let repo = try makeDirectory([".git/HEAD": "", "ios/Package.swift": Self.manifest,
                                      "ios/Sources/A.swift": "// header\n  class   Bad {}\n", "ios/Sources/B.swift": "class Meh {}\n"])
        let github = inDirectory(repo) { run(["--reporter", "github", "--quiet", "ios"]) }
        XCTAssertEqual(github.stdout, """
            ::error file=ios/Sources/A.swift,line=2,col=11,title=test_bad_class::class `Bad` is bad
            ::warning file=ios/Sources/B.swift,line=1,col=7,title=test_meh_class::class `Meh` is meh

            """)
        // From the package's directory, paths start there; from elsewhere, they are absolute.
        XCTAssertEqual(inDirectory(repo + "/ios/Sources") { run(["--reporter", "github", "--quiet", repo + "/ios/Sources/A.swift"]) }.stdout,
                       "::error file=A.swift,line=2,col=11,title=test_bad_class::class `Bad` is bad\n")
        XCTAssertEqual(inDirectory("/") { run(["--reporter", "github", "--quiet", repo + "/ios/Sources/A.swift"]) }.stdout,
                       "::error file=\(GitHubReporter.escapeProperty(String(repo.dropFirst())))/ios/Sources/A.swift,line=2,col=11,title=test_bad_class::class `Bad` is bad\n")
        let elsewhere = try makeDirectory([:])
        XCTAssertEqual(inDirectory(elsewhere) { run(["--reporter", "github", "--quiet", repo + "/ios/Sources/A.swift"]) }.stdout,
                       "::error file=\(GitHubReporter.escapeProperty(repo))/ios/Sources/A.swift,line=2,col=11,title=test_bad_class::class `Bad` is bad\n")
        // The same convention in every reporter but xcode (absolute).
        let fromIOS = { (reporter: String) in self.inDirectory(repo + "/ios") { self.run(["--reporter", reporter, "--quiet", "."]) }.stdout }
        XCTAssertTrue(fromIOS("xcode").hasPrefix("\(repo)/ios/Sources/A.swift:2:11: error: "), fromIOS("xcode"))
        XCTAssertTrue(fromIOS("json").contains("\"file\": \"Sources/A.swift\""), fromIOS("json"))
        XCTAssertTrue(fromIOS("checkstyle").contains("<file name=\"Sources/A.swift\">"), fromIOS("checkstyle"))
        XCTAssertTrue(fromIOS("junit").contains("<testsuite name=\"Sources/A.swift\""), fromIOS("junit"))
        XCTAssertTrue(fromIOS("gitlab").contains("\"path\": \"Sources/A.swift\""), fromIOS("gitlab"))
        // The summary never names the directories above the project it was run in.
        XCTAssertEqual(fromIOS("summary").split(separator: "\n").filter { $0.hasSuffix(".swift") || $0.contains(".swift ") }.map { String($0.prefix(while: { $0 != " " })) },
                       ["Sources/A.swift", "Sources/B.swift"], fromIOS("summary"))

        func sarif(from directory: String) throws -> (base: String?, result: [String: Any]) {
            let output = inDirectory(directory) { run(["--reporter=sarif", repo + "/ios/Sources/A.swift"]) }
            let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            let run0 = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
            let rules = ((run0["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
            XCTAssertEqual(rules?.compactMap { $0["id"] as? String }, testRules.map { $0.info.id })
            return ((run0["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"],
                    try XCTUnwrap((run0["results"] as? [[String: Any]])?.first))
        }
        func location(_ result: [String: Any]) -> [String: String]? {
            ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String]
        }
        let atRoot = try sarif(from: repo), inPackage = try sarif(from: repo + "/ios")
        XCTAssertEqual(atRoot.base, "file://" + Escaping.uriPath(repo) + "/")
        XCTAssertEqual(location(atRoot.result), ["uri": "ios/Sources/A.swift", "uriBaseId": "%SRCROOT%"])
        XCTAssertEqual(inPackage.base, "file://" + Escaping.uriPath(repo) + "/ios/")
        XCTAssertEqual(location(inPackage.result), ["uri": "Sources/A.swift", "uriBaseId": "%SRCROOT%"])
        XCTAssertEqual(atRoot.result["ruleIndex"] as? Int, 0)
        // The fingerprint hashes the path from the repository root, wherever the command ran,
        // and the finding's line as read from disk, whitespace normalized.
        let expected = SHA256.hex(["mvilint-fingerprint-1", "test_bad_class", "ios/Sources/A.swift", "class Bad {}", "0"].joined(separator: "\u{1F}"))
        XCTAssertEqual((atRoot.result["partialFingerprints"] as? [String: String])?["mvilint/v1"], expected)
        XCTAssertEqual((inPackage.result["partialFingerprints"] as? [String: String])?["mvilint/v1"], expected)
    }

    /// A project nested in another repository (a vendored package, a sample inside a library):
    /// the summary names files from where the command ran, never from the outer repository.
    func testSummaryOfANestedProjectStartsInsideIt() throws {
        let outer = try makeDirectory([".git/HEAD": "", "vendor/inner/Package.swift": Self.manifest,
                                       "vendor/inner/Sources/A.swift": "class Bad {}\n"])
        let r = inDirectory(outer + "/vendor/inner") { run(["--reporter", "summary", "--quiet"]) }
        XCTAssertEqual(r.stdout, """
            RULE            ERRORS  WARNINGS  TOTAL
            test_bad_class       1         0      1

            FILE             ERRORS  WARNINGS  TOTAL
            Sources/A.swift       1         0      1

            Total: 1 finding (1 error, 0 warnings) in 1 file; 1 file linted

            """)
    }

    // MARK: --stdin-path

    func testStdinIsLintedAsThePathWithTheProjectIndexedFromDisk() throws {
        let root = try makeDirectory([".git/HEAD": "", "Package.swift": Self.manifest,
                                      "Sources/Core/Parent.swift": "class Parent {}\n",
                                      "Sources/App/Child.swift": "class Bad {}\n"])
        let path = root + "/Sources/App/Child.swift"
        // The buffer replaces the file on disk: its `Bad` is not reported, the unsaved code is.
        let r = run(["lint", "--only-rule", "test_foreign_superclass,test_bad_class", "--stdin-path", path], stdin: "\nclass Child: Parent {}\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "\(path):2:7: warning: `Child` inherits from `Parent` declared elsewhere (test_foreign_superclass)\n")
        XCTAssertEqual(r.stderr, "Linted 1 file (indexed 2 for types): 0 errors, 1 warning\n")

        // A file that does not exist yet (a new, unsaved buffer), named relative to the directory.
        let fresh = inDirectory(root) { run(["--stdin-path", "Sources/App/New.swift"], stdin: "class Bad {}\n") }
        XCTAssertEqual(fresh.status, 1)
        XCTAssertEqual(fresh.stdout, "\(root)/Sources/App/New.swift:1:7: error: class `Bad` is bad (test_bad_class)\n")
    }

    func testStdinErrors() throws {
        let root = try makeDirectory(["Package.swift": Self.manifest])
        let both = run(["--stdin-path", root + "/A.swift", "--staged"], stdin: "")
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.hasPrefix("Error: options '--stdin-path' and '--staged' cannot be combined\n"), both.stderr)
        let withPath = run(["--stdin-path", root + "/A.swift", root], stdin: "")
        XCTAssertEqual(withPath.status, 2)
        XCTAssertTrue(withPath.stderr.hasPrefix("Error: unexpected argument '\(root)': '--stdin-path' chooses the files to lint\n"), withPath.stderr)
        XCTAssertTrue(run(["--stdin-path"]).stderr.hasPrefix("Error: option '--stdin-path' requires a value\n"))
    }

    func testStdinInvalidUTF8IsAnInputErrorNamingThePath() throws {
        let root = try makeDirectory(["Package.swift": Self.manifest])
        let r = runCLI(["--stdin-path", root + "/A.swift"], rules: testRules, version: "1", stdin: { Data([0x63, 0xFF, 0x0A]) })
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("Error: \(root)/A.swift: file is not valid UTF-8\n"), r.stderr)
    }

    // MARK: --staged

    /// Runs git in `directory`; fails the test when it fails.
    @discardableResult
    func git(_ arguments: [String], in directory: String) throws -> String {
        let r = try Git.run(["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments, in: directory)
        guard r.status == 0 else { throw XCTSkip("git \(arguments.joined(separator: " ")) failed: \(r.stderr)") }
        return String(decoding: r.stdout, as: UTF8.self)
    }

    /// A repository with a committed `Parent` class and a working tree that differs from the index.
    func makeStagedRepository() throws -> String {
        guard (try? Git.run(["--version"], in: "/"))?.status == 0 else { throw XCTSkip("git is not installed") }
        let repo = try makeDirectory(["Package.swift": Self.manifest, "Sources/Core/Parent.swift": "class Parent {}\n",
                                      "Sources/App/Old.swift": "class Bad {}\n", "Sources/App/Gone.swift": "class Bad {}\n"])
        try git(["init", "-q"], in: repo)
        try git(["add", "."], in: repo)
        try git(["commit", "-q", "-m", "Initial"], in: repo)
        // Staged: a new file (then edited again in the working tree), a name with spaces and a
        // line break, and files that searching would skip. Not staged: Old.swift's edit.
        try write("class Child: Parent {}\nclass Meh {}\n", to: repo + "/Sources/App/Child.swift")
        try write("class Bad {}\n", to: repo + "/Sources/App/Odd name\nhere.swift")
        try write("class Bad {}\n", to: repo + "/Pods/Lib/Bad.swift")
        try write("class Bad {}\n", to: repo + "/Notes.txt")
        try git(["add", "Sources/App/Child.swift", "Sources/App/Odd name\nhere.swift", "Pods/Lib/Bad.swift", "Notes.txt"], in: repo)
        try git(["rm", "-q", "Sources/App/Gone.swift"], in: repo)
        try write("class Bad {}\nclass Bad {}\n", to: repo + "/Sources/App/Child.swift")
        try write("class Good {}\nclass Bad {}\n", to: repo + "/Sources/App/Old.swift")
        return repo
    }

    func testStagedLintsTheStagedContentOfStagedSwiftFiles() throws {
        let repo = try makeStagedRepository()
        let r = inDirectory(repo + "/Sources") { run(["lint", "--staged", "--only-rule", "test_foreign_superclass,test_meh_class,test_bad_class"]) }
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout, """
            \(repo)/Sources/App/Child.swift:1:7: warning: `Child` inherits from `Parent` declared elsewhere (test_foreign_superclass)
            \(repo)/Sources/App/Child.swift:2:7: warning: class `Meh` is meh (test_meh_class)
            \(repo)/Sources/App/Odd name
            here.swift:1:7: error: class `Bad` is bad (test_bad_class)

            """)
        XCTAssertEqual(r.stderr, "Linted 2 files (indexed 4 for types): 1 error, 2 warnings\n")

        try git(["reset", "-q"], in: repo)
        let none = inDirectory(repo) { run(["--staged"]) }
        XCTAssertEqual(none.status, 0)
        XCTAssertEqual(none.stdout, "")
        XCTAssertEqual(none.stderr, "Linted 0 files: 0 errors, 0 warnings\n")
    }

    func testStagedOutsideARepositoryIsAnError() throws {
        guard (try? Git.run(["--version"], in: "/"))?.status == 0 else { throw XCTSkip("git is not installed") }
        let plain = try makeDirectory(["A.swift": "class Bad {}\n"])
        // GIT_CEILING_DIRECTORIES is not settable per call here; a temporary directory is not in
        // a repository on any sane machine, which is what this test needs.
        let r = inDirectory(plain) { run(["--staged"]) }
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("Error: --staged needs a git repository: "), r.stderr)
        XCTAssertTrue(run(["--staged", plain]).stderr.hasPrefix("Error: unexpected argument '\(plain)': '--staged' chooses the files to lint\n"))
    }

    // MARK: The built executable

    /// Runs the built executable. `environment` changes the inherited environment: a nil value
    /// removes the variable.
    func execute(_ arguments: [String], in directory: String? = nil, stdin: String = "", environment: [String: String?] = [:]) throws -> Output {
        guard let binary = CLIBinaryTests.binary() else {
            throw XCTSkip("The mvilint executable was not found next to the test bundle; build it first (swift build) or set MVILINT_BINARY.")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if !environment.isEmpty {
            var variables = ProcessInfo.processInfo.environment
            for (name, value) in environment { variables[name] = value }
            process.environment = variables
        }
        if let d = directory { process.currentDirectoryURL = URL(fileURLWithPath: d) }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// The lines of `--timings` that name the allocator settings (see `AllocatorTuning`).
    func allocatorLines(_ environment: [String: String?]) throws -> [Substring] {
        let root = try makeDirectory(["Sources/CounterStore.swift": Self.leakyModel])
        let r = try execute(["lint", "--quiet", "--timings", root], environment: environment)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("(state_private_set)"), r.stdout)
        return r.stderr.split(separator: "\n").filter { $0.hasPrefix("Allocator: ") }
    }

    func testAllocatorSettingIsAddedOnceAndKeepsOtherTunables() {
        XCTAssertEqual(AllocatorTuning.tunedValue(current: nil), "glibc.malloc.tcache_count=127")
        XCTAssertEqual(AllocatorTuning.tunedValue(current: ""), "glibc.malloc.tcache_count=127")
        XCTAssertEqual(AllocatorTuning.tunedValue(current: "glibc.malloc.mxfast=64"), "glibc.malloc.mxfast=64:glibc.malloc.tcache_count=127")
        // Already set, by the user or by the first start: no restart, so never a second one.
        XCTAssertNil(AllocatorTuning.tunedValue(current: "glibc.malloc.tcache_count=127"))
        XCTAssertNil(AllocatorTuning.tunedValue(current: "glibc.malloc.mxfast=64:glibc.malloc.tcache_count=0"))
    }

    func testExecutableRestartsOnceWithTheAllocatorCacheEnlarged() throws {
        #if os(Linux)
        let tuned = "Allocator: GLIBC_TUNABLES=" + AllocatorTuning.setting
        XCTAssertEqual(try allocatorLines([AllocatorTuning.variable: nil, AllocatorTuning.optOut: nil]), [Substring(tuned)])
        // Other tunables the user set are kept.
        XCTAssertEqual(try allocatorLines([AllocatorTuning.variable: "glibc.malloc.mxfast=64", AllocatorTuning.optOut: nil]),
                       [Substring("Allocator: GLIBC_TUNABLES=glibc.malloc.mxfast=64:" + AllocatorTuning.setting)])
        // The user's own cache size stands, and the opt-out leaves the environment as it is.
        XCTAssertEqual(try allocatorLines([AllocatorTuning.variable: "glibc.malloc.tcache_count=7", AllocatorTuning.optOut: nil]),
                       ["Allocator: GLIBC_TUNABLES=glibc.malloc.tcache_count=7"])
        XCTAssertEqual(try allocatorLines([AllocatorTuning.variable: nil, AllocatorTuning.optOut: "1"]), [])
        // Started under another name (a link), the process does not know it is mvilint: no restart.
        let binary = try XCTUnwrap(CLIBinaryTests.binary())
        let links = try makeDirectory([:])
        try FileManager.default.createSymbolicLink(atPath: links + "/lint-tool", withDestinationPath: binary.path)
        let root = try makeDirectory(["Sources/CounterStore.swift": Self.leakyModel])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: links + "/lint-tool")
        process.arguments = ["lint", "--quiet", "--timings", root]
        var variables = ProcessInfo.processInfo.environment
        variables[AllocatorTuning.variable] = nil
        variables[AllocatorTuning.optOut] = nil
        process.environment = variables
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertTrue(text.contains("Peak memory: "), text)
        XCTAssertFalse(text.contains("Allocator: "), text)
        #else
        XCTAssertEqual(try allocatorLines([AllocatorTuning.variable: nil, AllocatorTuning.optOut: nil]), [])
        #endif
    }

    static let leakyModel = "import Combine\n@MainActor\nfinal class CounterStore: ObservableObject {\n    @Published var count = 0\n}\n"

    func testExecutableReadsStandardInput() throws {
        let root = try makeDirectory(["Package.swift": Self.manifest, "Sources/CounterStore.swift": "// clean on disk\n"])
        let r = try execute(["lint", "--quiet", "--stdin-path", root + "/Sources/CounterStore.swift"], stdin: Self.leakyModel)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("\(root)/Sources/CounterStore.swift:4:20: warning: "), r.stdout)
        XCTAssertTrue(r.stdout.contains("(state_private_set)"), r.stdout)
    }

    func testExecutableLintsStagedFiles() throws {
        let repo = try makeStagedRepository()
        try write(Self.leakyModel, to: repo + "/Sources/App/CounterStore.swift")
        try git(["add", "Sources/App/CounterStore.swift"], in: repo)
        let r = try execute(["lint", "--staged", "--reporter", "github"], in: repo + "/Sources/App")
        XCTAssertEqual(r.status, 0, r.stderr)
        // Paths relative to the directory the hook ran in.
        XCTAssertTrue(r.stdout.contains("::warning file=CounterStore.swift,line=4,col=20,title=state_private_set::"), r.stdout)
        XCTAssertTrue(r.stderr.hasPrefix("Linted 3 files (indexed 5 for types): "), r.stderr)
    }
}
