/// Pass 2 runs on each file only the rules that may report there (`Rule.mayReport(in:)`).
import XCTest
@testable import MVILintCore

/// Counts the files it checks; may report only in files that declare a class.
private struct ClassRule: Rule {
    static let info = RuleInfo(id: "test_classes", title: "T", summary: "S", rationale: "R", category: .state,
                               defaults: [.mvvm: .warning, .mvi: .warning], examples: [])
    static let checked = CheckedPaths()
    static func mayReport(in scope: FileScope) -> Bool { scope.types.contains { $0.kind == .class } }
    func check(_ context: inout RuleContext) {
        ClassRule.checked.add(context.file.path)
        for t in context.file.tree.allTypes where t.kind == .class { context.report(at: t.nameToken, "`\(t.name)` is a class") }
    }
}

/// Counts the files it checks; may report only in files that declare a struct.
private struct StructRule: Rule {
    static let info = RuleInfo(id: "test_structs", title: "T", summary: "S", rationale: "R", category: .state,
                               defaults: [.mvvm: .warning, .mvi: .warning], examples: [])
    static let checked = CheckedPaths()
    static func mayReport(in scope: FileScope) -> Bool { scope.types.contains { $0.kind == .struct } }
    func check(_ context: inout RuleContext) {
        StructRule.checked.add(context.file.path)
        for t in context.file.tree.allTypes where t.kind == .struct { context.report(at: t.nameToken, "`\(t.name)` is a struct") }
    }
}

private final class CheckedPaths: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []
    func add(_ p: String) { lock.lock(); paths.append(p); lock.unlock() }
    func take() -> [String] { lock.lock(); defer { paths = []; lock.unlock() }; return paths.sorted() }
}

final class RuleSchedulingTests: XCTestCase {
    func testEachFileRunsOnlyTheRulesThatMayReportThere() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-scheduling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = [
            "A.swift": "final class Store {}\n",
            "B.swift": "struct Row {}\n",
            "C.swift": "final class Cache {}\nstruct Key {}\n",
            "D.swift": "enum Mode { case a }\n",
            // A suppression comment is checked against every rule, to find the unused ones.
            "E.swift": "// mvilint:disable:next test_classes - reason\nenum Kind { case b }\n",
        ]
        var paths: [String] = []
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        paths.sort()
        let linter = Linter(rules: [ClassRule.self, StructRule.self])
        let result = linter.lint(files: paths, projectFiles: paths)
        let name = { (p: String) in (p as NSString).lastPathComponent }
        XCTAssertEqual(ClassRule.checked.take().map(name), ["A.swift", "C.swift", "E.swift"])
        XCTAssertEqual(StructRule.checked.take().map(name), ["B.swift", "C.swift", "E.swift"])
        XCTAssertEqual(result.findings.map { "\(name($0.path)) \($0.ruleID)" }.sorted(),
                       ["A.swift test_classes", "B.swift test_structs", "C.swift test_classes", "C.swift test_structs"])
        XCTAssertEqual(result.lintedFileCount, 5)
    }
}
