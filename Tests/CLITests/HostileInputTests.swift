/// Hostile inputs end to end: the run never crashes or hangs, names each file it cannot lint, and lints the rest.
import Foundation
@testable import MVILintCore
import MVILintRules
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

final class HostileInputTests: XCTestCase {
    typealias Output = CLIOutput

    private var directories: [String] = []

    override func tearDown() {
        for d in directories {
            // Restore permissions so that the directory can be removed.
            _ = chmod(d, 0o755)
            try? FileManager.default.removeItem(atPath: d)
        }
        directories = []
        super.tearDown()
    }

    /// A file that must always be linted: its two findings prove the rest of the project was checked.
    static let witness = "final class CounterModel: ObservableObject {\n    @Published var count = 0\n}\n"

    /// A temporary project (`.git`, `Package.swift`, the witness in `Sources/App/CounterModel.swift`)
    /// plus `files`; returns its absolute path.
    func makeProject(_ files: [String: [UInt8]] = [:], name: String = "mvilint-hostile") throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        let root = FileDiscovery.absolutePath(url.path)
        directories.append(root)
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try write(Array("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Hostile\")\n".utf8), to: root + "/Package.swift")
        try write(Array(HostileInputTests.witness.utf8), to: root + "/Sources/App/CounterModel.swift")
        for (path, bytes) in files { try write(bytes, to: root + "/" + path) }
        return root
    }

    func write(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    func run(_ arguments: [String]) -> Output {
        runCLI(arguments, rules: allRules, version: "0.0.0")
    }

    /// Asserts that the witness file's findings are in the report.
    func assertWitnessLinted(_ r: Output, _ root: String, file: StaticString = #filePath, line: UInt = #line) {
        let path = root + "/Sources/App/CounterModel.swift"
        XCTAssertTrue(r.stdout.contains("\(path):2:20: warning: ") && r.stdout.contains("(state_private_set)"), r.stdout, file: file, line: line)
        XCTAssertTrue(r.stdout.contains("\(path):1:13: warning: ") && r.stdout.contains("(main_actor_model)"), r.stdout, file: file, line: line)
    }

    /// Lints `paths` with the engine directly (no discovery), as a run does after discovery.
    func lintWithEngine(_ paths: [String]) -> LintResult {
        Linter(rules: allRules).lint(files: paths, projectFiles: paths)
    }

    // MARK: Files that are not Swift text

    func testNotTextFilesAreReportedAndTheRestIsLinted() throws {
        let root = try makeProject([
            "Sources/App/Broken.swift": Array("class A {}\nlet s = \"".utf8) + [0xFF, 0xFE, 0xC0, 0x80] + Array("\"\n".utf8),
            "Sources/App/Nul.swift": Array("class B {}\n".utf8) + [0] + Array("\n".utf8),
            "Sources/App/Image.swift": (0..<64).flatMap { _ in (0...255).map { UInt8($0) } },
            "Sources/App/Empty.swift": [],
        ])
        let r = run([root])
        XCTAssertEqual(r.status, 2, r.stderr)
        assertWitnessLinted(r, root)
        XCTAssertTrue(r.stderr.contains("Error: \(root)/Sources/App/Broken.swift: file is not valid UTF-8\n"), r.stderr)
        XCTAssertTrue(r.stderr.contains("Error: \(root)/Sources/App/Nul.swift: file contains NUL bytes; it looks binary, not Swift source\n"), r.stderr)
        XCTAssertTrue(r.stderr.contains("Error: \(root)/Sources/App/Image.swift: file contains NUL bytes; it looks binary, not Swift source\n"), r.stderr)
        XCTAssertFalse(r.stderr.contains("Empty.swift"), "an empty file is valid and silent: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("Linted 2 files: 0 errors, 2 warnings, 3 input errors\n"), r.stderr)
    }

    // MARK: Size

    /// Realistic source repeated up to `megabytes` MB, one model with a finding per chunk. Returns the
    /// bytes and the line of the last chunk's finding.
    func largeSource(megabytes: Int) -> (bytes: [UInt8], lastFindingLine: Int) {
        var out: [UInt8] = []
        out.reserveCapacity(megabytes << 20 + 4096)
        var line = 1
        var last = 0
        var k = 0
        while out.count < megabytes << 20 {
            let chunk = """
            @MainActor
            final class Model\(k): ObservableObject {
                @Published var items: [String] = []
                @Published private(set) var isLoading = false
                func load() async {
                    isLoading = true
                    defer { isLoading = false }
                    items = (0..<10).map { "item \\($0) of \(k)" }
                }
            }
            struct Screen\(k): View {
                @StateObject private var model = Model\(k)()
                var body: some View {
                    List(model.items, id: \\.self) { Text($0) }
                        .task { await model.load() }
                }
            }

            """
            last = line + 2
            line += 17
            out.append(contentsOf: chunk.utf8)
            k += 1
        }
        return (out, last)
    }

    func testLargeFileIsLintedToTheEnd() throws {
        // 50 MB takes minutes in a debug build; 2 MB exercises the same code paths here (a
        // quadratic pass over the file's thousands of types would still show), and
        // `Benchmarks/run.sh` lints a 50 MB file with a release build and reports its memory.
        let megabytes = 2
        let (bytes, lastLine) = largeSource(megabytes: megabytes)
        let root = try makeProject(["Sources/App/Huge.swift": bytes])
        let r = run([root])
        XCTAssertEqual(r.status, 0, r.stderr)
        assertWitnessLinted(r, root)
        XCTAssertTrue(r.stdout.contains("\(root)/Sources/App/Huge.swift:\(lastLine):20: warning: "), "the last model of the large file is checked")
        XCTAssertTrue(r.stdout.contains("\(root)/Sources/App/Huge.swift:3:20: warning: "), "the first model of the large file is checked")
    }

    func testSingleVeryLongLine() throws {
        // The scanner test lints a 20 MB line; end to end, with every rule, a debug build needs
        // minutes for that, so this line is 4 MB (`Benchmarks/run.sh` runs 20 MB in release).
        var bytes = Array("final class Wide: ObservableObject { let values = [".utf8)
        let count = 4_000_000 / 3
        bytes.reserveCapacity(count * 3 + 128)
        for _ in 0..<count { bytes.append(contentsOf: [0x31, 0x2C, 0x20]) }
        bytes.append(contentsOf: Array("]; @Published var tail = 0 }".utf8))
        let column = bytes.count - "tail = 0 }".utf8.count + 1
        let root = try makeProject(["Sources/App/Wide.swift": bytes])
        let r = run([root])
        XCTAssertEqual(r.status, 0, r.stderr)
        assertWitnessLinted(r, root)
        XCTAssertTrue(r.stdout.contains("\(root)/Sources/App/Wide.swift:1:\(column): warning: `tail`"), "a finding after 4 MB on one line has the right column")
    }

    // MARK: Nesting and unterminated constructs

    static let nestingCases: [String: String] = {
        let n = 100_000
        func r(_ s: String) -> String { String(repeating: s, count: n) }
        return [
            "Parens.swift": "let x = " + r("(") + r(")") + "\n",
            "Brackets.swift": "let x = " + r("[") + r("]") + "\n",
            "Braces.swift": "func f() " + r("{") + r("}") + "\n",
            "OpenParens.swift": "let x = " + r("(") + "\n",
            "Interpolations.swift": "let s = " + r("\"\\(") + "\n",
            "Types.swift": r("struct A { ") + "\n",
            "Closures.swift": "struct V: View {\n    var body: some View { " + r("VStack { ") + "Text(\"\")" + r(" }") + " }\n}\n",
            "ModelBlocks.swift": "final class M: ObservableObject {\n    @Published var x = 0\n    func f() async { " + r("if a { ") + "x = 1" + r(" }") + " }\n}\n",
            "TypeRefs.swift": "struct V: View {\n    let a: " + r("[") + "FetchUseCase" + r("]") + "\n    let b: " + r("Optional<") + "M" + r(">") + "\n}\n",
            "Labels.swift": "let v = f {}" + r(" a: {}") + "\n",
            "Chain.swift": "func f() { a" + r(".b") + " = 1 }\n",
            "LoadingIfs.swift": "final class L: ObservableObject {\n    @Published private(set) var isLoading = false\n    func f() async {\n        isLoading = true\n        "
                + r("if a { ") + "try? await g()" + r(" }") + "\n    }\n}\n",
            "LoadingDo.swift": "final class D: ObservableObject {\n    @Published private(set) var isLoading = false\n    func f() async {\n        isLoading = true\n        "
                + r("do { ") + "try await g()" + r(" } catch { return }") + "\n    }\n}\n",
            // Functions declared inside functions, 100 000 deep.
            "LocalFunctions.swift": "final class F: ObservableObject {\n    @Published var x = 0\n    func f() { " + r("func g() { ") + "x = 1" + r(" }") + " }\n}\n",
            // One function with 5 000 subscriptions on locals and 5 000 on a parameter: each
            // local's declaration is looked for, within a bounded window.
            "Subscriptions.swift": "final class S: ObservableObject {\n    @Published private(set) var y = 0\n    var bag = Set<AnyCancellable>()\n"
                + "    func wire(source: AnyPublisher<Int, Never>) {\n"
                + (0..<5_000).map { "        let p\($0) = source.map { $0 }\n        p\($0).sink { self.y = $0 }.store(in: &bag)\n        source.sink { self.y = $0 }.store(in: &bag)\n" }.joined()
                + "    }\n}\n",
            // A kept handler called from a chain of private methods, each calling the next.
            "Handlers.swift": "final class H {\n    private var h: (() -> Void)?\n    func start(_ h: @escaping () -> Void) { self.h = h; f0() }\n"
                + (0..<n).map { "    private func f\($0)() { h?(); DispatchQueue.main.async { self.f\($0 + 1)() } }\n" }.joined() + "}\n",
        ]
    }()

    static let unterminatedCases: [String: String] = [
        "String.swift": "final class S: ObservableObject {\n    let s = \"abc\n    @Published var x = 0\n}\n",
        "MultilineString.swift": "let s = \"\"\"\nabc\n",
        "RawString.swift": "let s = ##\"abc\"#\n",
        "BlockComment.swift": "let a = 1 /* /* nested */\nclass Z {}\n",
        "RawRegex.swift": "let r = #/abc\nclass R {}\n",
        "BareRegex.swift": "let r = /abc\nclass Q {}\n",
        "Interpolation.swift": "let s = \"\\(f(\"\n",
        "Backtick.swift": "let `a = 1\n",
    ]

    func testNestingAndUnterminatedConstructsInAProject() throws {
        var files: [String: [UInt8]] = [:]
        for (name, text) in HostileInputTests.nestingCases.merging(HostileInputTests.unterminatedCases, uniquingKeysWith: { a, _ in a }) {
            files["Sources/App/" + name] = Array(text.utf8)
        }
        let root = try makeProject(files)
        let r = run([root])
        XCTAssertNotEqual(r.status, 2, r.stderr)
        assertWitnessLinted(r, root)
        XCTAssertTrue(r.stderr.contains("Linted \(files.count + 1) files: "), r.stderr)
    }

    /// Every rule on every hostile case, on a 512 KB stack (secondary threads on macOS, Dispatch
    /// workers included, get no more).
    func testRulesSurviveHostileInputOnASmallStack() {
        let cases = HostileInputTests.nestingCases.merging(HostileInputTests.unterminatedCases, uniquingKeysWith: { a, _ in a })
        for (name, text) in cases.sorted(by: { $0.key < $1.key }) {
            let done = DispatchSemaphore(value: 0)
            let findings = FindingsBox()
            let thread = Thread {
                findings.value = Linter(rules: allRules).lint(sources: [(path: name, text: text), (path: "CounterModel.swift", text: HostileInputTests.witness)])
                done.signal()
            }
            thread.stackSize = 512 * 1024
            thread.start()
            // A hang guard, not a time limit: the slowest case needs a few seconds.
            XCTAssertEqual(done.wait(timeout: .now() + 900), .success, "\(name) did not finish")
            XCTAssertEqual(Set(findings.value.filter { $0.path == "CounterModel.swift" }.map(\.ruleID)), ["state_private_set", "main_actor_model"], name)
        }
    }

    // MARK: Files that change or cannot be opened

    /// The reader asks for one byte more than `fstat` gives and stops at a short read of exactly
    /// that size: every size, around the page and buffer sizes too, must come back whole.
    func testReaderReturnsEveryByteWhateverTheSize() throws {
        let root = try makeProject()
        for size in [0, 1, 7, 8, 4095, 4096, 4097, 65_535, 65_536, 65_537, 1_000_003] {
            let bytes = (0..<size).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            let path = root + "/Sources/App/Size\(size).swift"
            try write(bytes, to: path)
            guard case .success(let read) = SourceReader.read(path) else { return XCTFail("\(size) bytes not read") }
            XCTAssertEqual(read.count, size)
            XCTAssertTrue(read == bytes, "\(size) bytes")
        }
    }

    func testFileRemovedAfterDiscovery() throws {
        let root = try makeProject(["Sources/App/Gone.swift": Array("class Gone {}\n".utf8)])
        let gone = root + "/Sources/App/Gone.swift", witness = root + "/Sources/App/CounterModel.swift"
        try FileManager.default.removeItem(atPath: gone)
        let result = lintWithEngine([witness, gone])
        XCTAssertEqual(result.diagnostics, [InputDiagnostic(path: gone, message: "file does not exist (it may have been removed while linting)")])
        XCTAssertEqual(Set(result.findings.map(\.ruleID)), ["state_private_set", "main_actor_model"])
        XCTAssertEqual(result.lintedFileCount, 1)
    }

    func testDanglingSymlinkAndSymlinkLoop() throws {
        let root = try makeProject()
        let dangling = root + "/Sources/App/Dangling.swift", loopA = root + "/Sources/App/LoopA.swift", loopB = root + "/Sources/App/LoopB.swift"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: root + "/Sources/App/Missing.swift")
        try FileManager.default.createSymbolicLink(atPath: loopA, withDestinationPath: loopB)
        try FileManager.default.createSymbolicLink(atPath: loopB, withDestinationPath: loopA)
        // A directory symlink back to an ancestor: discovery must not walk it forever.
        try FileManager.default.createSymbolicLink(atPath: root + "/Sources/App/Up", withDestinationPath: root + "/Sources")

        // Discovery ignores broken links and loops while recursing.
        let r = run([root])
        XCTAssertEqual(r.status, 0, r.stderr)
        assertWitnessLinted(r, root)
        XCTAssertTrue(r.stderr.contains("Linted 1 file: "), r.stderr)

        // Handed to the engine directly (as after a race with discovery), each gets its own message.
        let witness = root + "/Sources/App/CounterModel.swift"
        let result = lintWithEngine([witness, dangling, loopA])
        XCTAssertEqual(Set(result.diagnostics), [
            InputDiagnostic(path: dangling, message: "is a symbolic link whose target does not exist"),
            InputDiagnostic(path: loopA, message: "is a symbolic link that loops"),
        ])
        XCTAssertEqual(result.lintedFileCount, 1)
    }

    func testUnreadableFile() throws {
        let root = try makeProject(["Sources/App/Secret.swift": Array("class Secret {}\n".utf8)])
        let secret = root + "/Sources/App/Secret.swift"
        XCTAssertEqual(chmod(secret, 0), 0)
        if getuid() == 0 {
            // Permission bits do not stop root from reading; the symlink test covers paths that cannot be opened.
            throw XCTSkip("running as root, which can read a file with mode 000")
        }
        let r = run([root])
        XCTAssertEqual(r.status, 2)
        assertWitnessLinted(r, root)
        XCTAssertTrue(r.stderr.contains("Error: \(secret): file cannot be read (permission denied)\n"), r.stderr)
    }

    func testDirectoryNamedLikeASwiftFile() throws {
        let root = try makeProject(["Sources/Foo.swift/Inner.swift": Array(HostileInputTests.witness.utf8)])
        let r = run([root])
        XCTAssertEqual(r.status, 0, r.stderr)
        assertWitnessLinted(r, root)
        XCTAssertTrue(r.stdout.contains("\(root)/Sources/Foo.swift/Inner.swift:2:20: warning: "), "a directory named *.swift is walked: \(r.stdout)")
        let result = lintWithEngine([root + "/Sources/Foo.swift"])
        XCTAssertEqual(result.diagnostics, [InputDiagnostic(path: root + "/Sources/Foo.swift", message: "is a directory, not a Swift file")])
    }

    func testPipesAndDevicesAreNotRead() throws {
        let root = try makeProject()
        let fifo = root + "/Sources/App/Pipe.swift"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // Nothing ever writes to the pipe: reading it would block forever.
        let r = run([root])
        XCTAssertEqual(r.status, 2)
        assertWitnessLinted(r, root)
        XCTAssertTrue(r.stderr.contains("Error: \(fifo): is not a regular file (a pipe, socket or device), so it is not read\n"), r.stderr)
        let device = run([root + "/Sources/App/CounterModel.swift", "/dev/zero"])
        XCTAssertEqual(device.status, 2)
        XCTAssertTrue(device.stderr.contains("Error: /dev/zero: is not a regular file"), device.stderr)
    }

    func testPathsWithSpacesAndUnicode() throws {
        let root = try makeProject(["Sources/Café Module ☕️/Modèle d’été 模型.swift": Array(HostileInputTests.witness.utf8)], name: "mvilint hostile ü")
        let path = root + "/Sources/Café Module ☕️/Modèle d’été 模型.swift"
        let r = run([root])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("\(path):2:20: warning: "), r.stdout)
        let single = run([path])
        XCTAssertTrue(single.stdout.contains("\(path):1:13: warning: "), single.stdout)
        XCTAssertTrue(single.stderr.hasPrefix("Linted 1 file"), single.stderr)
    }
}

/// Findings handed from a worker thread to the waiting test (the semaphore orders the accesses).
private final class FindingsBox: @unchecked Sendable {
    var value: [Finding] = []
}
