/// Fixed code compiles: the example app and the sample projects type-check as committed, after
/// `--fix` and after `--fix --unsafe-fixes`, and relint without the findings that were fixed.
/// Tests/Scripts/typecheck_fixed.py runs the same checks on any project with a built mvilint.
import Foundation
import XCTest
import MVILintCore
import MVILintRules

final class FixedCodeTypeChecksTests: XCTestCase {
    private var directories: [String] = []

    override func tearDown() {
        for d in directories { try? FileManager.default.removeItem(atPath: d) }
        directories = []
        super.tearDown()
    }

    /// A finding as compared across a fix: rule, path inside the project, message (lines move).
    private struct Key: Hashable, CustomStringConvertible {
        var rule: String, path: String, message: String
        var description: String { "\(path): \(message) (\(rule))" }
    }

    /// The findings of a lint run in `dir`, with the safety of each one's fix (nil without a fix)
    /// and the line.
    private func findings(in dir: String) throws -> [(key: Key, fix: String?, line: Int)] {
        let r = runCLI(["lint", "--reporter", "json", "--quiet", dir], rules: allRules, version: "test")
        XCTAssertTrue(r.status == 0 || r.status == 1, r.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let list = try XCTUnwrap(object["findings"] as? [[String: Any]])
        return list.map { f in
            let path = (f["file"] as? String ?? "").replacingOccurrences(of: dir + "/", with: "")
            return (Key(rule: f["rule"] as? String ?? "", path: path, message: f["message"] as? String ?? ""),
                    (f["fix"] as? [String: Any])?["safety"] as? String, f["line"] as? Int ?? 0)
        }
    }

    private func swiftFiles(in dir: String) -> [String] {
        let found = FileManager.default.enumerator(atPath: dir)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".swift") && !$0.hasSuffix("Package.swift") }.sorted().map { dir + "/" + $0 }
    }

    /// The text of line `line` of `path`, without surrounding whitespace.
    private func lineText(_ path: String, _ line: Int) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let lines = text.components(separatedBy: "\n")
        return line > 0 && line <= lines.count ? lines[line - 1].trimmingCharacters(in: .whitespaces) : nil
    }

    /// Type-checks the project in `dir` as Tests/Scripts/typecheck_fixed.py does: previews
    /// included (`-D DEBUG`), in the Swift 5 language mode. An error is accepted only on a line
    /// whose text is among `accepted` (path in `dir`, text); the accepted errors are returned.
    @discardableResult
    private func assertTypeChecks(_ dir: String, _ what: String, accepting accepted: Set<[String]> = [],
                                  file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let r = try TypeCheck.check(swiftFiles(in: dir), swiftVersion: "5", extra: ["-D", "DEBUG"])
        var acceptedErrors: [String] = [], otherErrors: [String] = []
        for message in r.output.split(separator: "\n").map(String.init) where message.contains(": error: ") && !message.hasPrefix(" ") {
            let parts = message.split(separator: ":", maxSplits: 3).map(String.init)
            if parts.count == 4, let n = Int(parts[1]), parts[0].hasPrefix(dir + "/"),
               accepted.contains([String(parts[0].dropFirst(dir.count + 1)), lineText(parts[0], n) ?? ""]) {
                acceptedErrors.append(message)
            } else {
                otherErrors.append(message)
            }
        }
        XCTAssertEqual(otherErrors, [], "\(what) does not type-check", file: file, line: line)
        if otherErrors.isEmpty, acceptedErrors.isEmpty { XCTAssertEqual(r.status, 0, "\(what): \(r.output)", file: file, line: line) }
        return acceptedErrors
    }

    /// Copies the project to a temporary directory, applies the fixes of one mode there, and
    /// checks that the result type-checks and no longer reports the fixed findings. With the
    /// unsafe fixes, `@MainActor` on a class makes a compile error of each mutation of its state
    /// from a `@Sendable` closure, which `main_actor_mutation` reported: errors on those lines are
    /// what the unsafe fix claims, and are returned.
    @discardableResult
    private func assertFixedCodeTypeChecks(_ project: String, unsafe: Bool, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let source = TypeCheck.repositoryRoot + "/" + project
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-fixed-\(UUID().uuidString)").path
        directories.append(dir)
        try FileManager.default.copyItem(atPath: source, toPath: dir)
        let mode = unsafe ? "--fix --unsafe-fixes" : "--fix"

        let before = try findings(in: dir)
        let fixed = before.filter { $0.fix == "safe" || (unsafe && $0.fix == "unsafe") }.map { $0.key }
        let races = unsafe ? Set(before.filter { $0.key.rule == "main_actor_mutation" }.map { [$0.key.path, lineText(dir + "/" + $0.key.path, $0.line) ?? ""] }) : []
        let r = runCLI(["lint", "--quiet", "--fix"] + (unsafe ? ["--unsafe-fixes"] : []) + [dir], rules: allRules, version: "test")
        XCTAssertTrue(r.status == 0 || r.status == 1, "\(project) \(mode): \(r.stderr)", file: file, line: line)
        let accepted = try assertTypeChecks(dir, "\(project) after \(mode) (\(fixed.count) fixes)", accepting: races, file: file, line: line)

        let after = try findings(in: dir).map { $0.key }
        for key in Set(fixed) {
            let wasReported = before.filter { $0.key == key }.count, fixes = fixed.filter { $0 == key }.count
            XCTAssertEqual(after.filter { $0 == key }.count, wasReported - fixes, "\(project) \(mode): still reported: \(key)", file: file, line: line)
        }
        return accepted
    }

    /// `races`: how many mutations off the main actor the unsafe fixes turn into compile errors.
    private func assertProject(_ project: String, fixes: Int, unsafeFixes: Int, races: Int = 0, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertTypeChecks(TypeCheck.repositoryRoot + "/" + project, "\(project) as committed", file: file, line: line)
        // Not vacuous: the project offers the fixes it is there to show.
        let offered = try findings(in: TypeCheck.repositoryRoot + "/" + project)
        XCTAssertEqual(offered.filter { $0.fix == "safe" }.count, fixes, "\(project): safe fixes offered", file: file, line: line)
        XCTAssertEqual(offered.filter { $0.fix == "unsafe" }.count, unsafeFixes, "\(project): unsafe fixes offered", file: file, line: line)
        try assertFixedCodeTypeChecks(project, unsafe: false, file: file, line: line)
        let accepted = try assertFixedCodeTypeChecks(project, unsafe: true, file: file, line: line)
        XCTAssertEqual(accepted.count, races, "\(project): errors where main_actor_mutation reported:\n" + accepted.joined(separator: "\n"), file: file, line: line)
    }

    /// The projects the tests below check, one test each.
    private static let checkedProjects = ["Examples/ShopApp", "Tests/Fixtures/Projects/MVI", "Tests/Fixtures/Projects/MVVM",
                                          "Tests/Fixtures/Projects/Reducer"]

    /// Every directory under Examples/ and Tests/Fixtures/Projects/ is checked (as
    /// Tests/Scripts/typecheck_fixed.py does by default): a new sample project needs a test here.
    func testEveryProjectIsChecked() throws {
        let fm = FileManager.default
        var found: [String] = []
        for parent in ["Examples", "Tests/Fixtures/Projects"] {
            let base = TypeCheck.repositoryRoot + "/" + parent
            for name in try fm.contentsOfDirectory(atPath: base).sorted() where !name.hasPrefix(".") {
                var isDirectory: ObjCBool = false
                if fm.fileExists(atPath: base + "/" + name, isDirectory: &isDirectory), isDirectory.boolValue {
                    found.append(parent + "/" + name)
                }
            }
        }
        XCTAssertEqual(found, FixedCodeTypeChecksTests.checkedProjects)
    }

    /// `@MainActor` on `OrdersViewModel` makes `self.unseenCount = 0` in
    /// `DispatchQueue.global().async { }` an error, as `main_actor_mutation` reports it.
    func testExampleAppTypeChecksBeforeAndAfterFixing() throws {
        try assertProject("Examples/ShopApp", fixes: 2, unsafeFixes: 1, races: 1)
    }

    /// `private(set)` on `savedCount`, which only the model writes, and none on `draft`, which the
    /// view writes.
    func testMVVMSampleTypeChecksBeforeAndAfterFixing() throws {
        try assertProject("Tests/Fixtures/Projects/MVVM", fixes: 3, unsafeFixes: 1)
    }

    func testMVISampleTypeChecksBeforeAndAfterFixing() throws {
        try assertProject("Tests/Fixtures/Projects/MVI", fixes: 0, unsafeFixes: 0)
    }

    func testReducerSampleTypeChecksBeforeAndAfterFixing() throws {
        #if canImport(Darwin)
        throw XCTSkip("the Reducer sample imports ComposableArchitecture, which only the stand-ins of Tests/StandIns provide")
        #else
        try assertProject("Tests/Fixtures/Projects/Reducer", fixes: 0, unsafeFixes: 0)
        #endif
    }
}
