/// Applying fixes (conflicts, order, safety), the unified diff generator, and atomic file writes.
import Foundation
import XCTest
@testable import MVILintCore

final class FixApplierTests: XCTestCase {
    func finding(_ edits: [TextEdit], safety: FixSafety = .safe, line: Int = 1) -> Finding {
        Finding(ruleID: "r", severity: .warning, path: "/p/A.swift", location: SourceLocation(line: line, column: 1), message: "m",
                fix: Fix(title: "t", safety: safety, edits: edits))
    }

    func apply(_ text: String, _ findings: [Finding], unsafe: Bool = false) -> (String, applied: Int, skipped: Int) {
        let o = FixApplier.apply(findings, to: Array(text.utf8), includeUnsafe: unsafe)
        return (String(decoding: o.bytes, as: UTF8.self), o.applied.count, o.skipped.count)
    }

    func testEditsApplyFromTheEndSoOffsetsStayValid() {
        let text = "var a = 1\nvar b = 2\n"
        let r = apply(text, [finding([.insert("private(set) ", at: 0)]), finding([.insert("private(set) ", at: 10)], line: 2),
                             finding([TextEdit(range: 18..<19, replacement: "22")], line: 2)])
        XCTAssertEqual(r.0, "private(set) var a = 1\nprivate(set) var b = 22\n")
        XCTAssertEqual(r.applied, 3)
    }

    func testConflictingFixesAreSkippedAndIdenticalOnesAppliedOnce() {
        let text = "abcdef"
        let r = apply(text, [finding([TextEdit(range: 1..<3, replacement: "X")]), finding([TextEdit(range: 2..<4, replacement: "Y")]),
                             finding([.insert("I", at: 3)]), finding([.insert("J", at: 5)]), finding([.insert("J", at: 5)])])
        XCTAssertEqual(r.0, "aXdeJf")
        XCTAssertEqual(r.applied, 3, "the duplicate counts as applied")
        XCTAssertEqual(r.skipped, 2)
        // A second round applies what was skipped, against the new text.
        XCTAssertEqual(apply("aXdeJf", [finding([TextEdit(range: 2..<3, replacement: "Y")])]).0, "aXYeJf")
    }

    func testMalformedFixesAndUnsafeFixesAreNotApplied() {
        XCTAssertEqual(apply("abc", [finding([TextEdit(range: 2..<9, replacement: "x")])]).0, "abc", "past the end")
        XCTAssertEqual(apply("abc", [finding([TextEdit(range: 0..<2, replacement: "x"), TextEdit(range: 1..<3, replacement: "y")])]).0, "abc", "self-overlapping")
        XCTAssertEqual(apply("abc", [finding([.insert("@", at: 0)], safety: .unsafe)]).0, "abc")
        XCTAssertEqual(apply("abc", [finding([.insert("@", at: 0)], safety: .unsafe)], unsafe: true).0, "@abc")
        XCTAssertTrue(FixApplier.conflict(.insert("a", at: 2), TextEdit(range: 2..<4, replacement: "")))
        XCTAssertTrue(FixApplier.conflict(.insert("a", at: 4), TextEdit(range: 2..<4, replacement: "")))
        XCTAssertFalse(FixApplier.conflict(TextEdit(range: 0..<2, replacement: ""), TextEdit(range: 2..<4, replacement: "")))
        XCTAssertTrue(FixApplier.conflict(.insert("a", at: 2), .insert("b", at: 2)))
    }

    func testSourceFileEditHelpers() {
        let file = SourceFile(path: "A.swift", text: "struct S {\n\t  final class C {}\n}\n/* x */ class D {}\r\nclass E {}\r\n")
        let c = file.tokens.firstIndex { file.text($0.start, $0.end) == "final" }!
        XCTAssertEqual(file.indentation(beforeToken: c), "\t  ")
        let d = file.tokens.firstIndex { file.text($0.start, $0.end) == "D" }! - 1
        XCTAssertNil(file.indentation(beforeToken: d), "a comment precedes it on its line")
        XCTAssertEqual(file.indentation(beforeToken: 0), "")
        XCTAssertEqual(file.insertion("x", beforeToken: c), .insert("x", at: 14))
        XCTAssertEqual(file.replacement(ofTokens: c, through: c + 1, with: "y"), TextEdit(range: 14..<25, replacement: "y"))
    }

    // MARK: Diff

    func testUnifiedDiffFormat() {
        let old = (1...12).map { "line \($0)\n" }.joined()
        var lines = (1...12).map { "line \($0)\n" }
        lines[1] = "line two\n"
        lines.insert("inserted\n", at: 11)
        let diff = UnifiedDiff.make(old: old, new: lines.joined(), oldName: "a/F.swift", newName: "b/F.swift")
        XCTAssertEqual(diff, """
        --- a/F.swift
        +++ b/F.swift
        @@ -1,5 +1,5 @@
         line 1
        -line 2
        +line two
         line 3
         line 4
         line 5
        @@ -9,4 +9,5 @@
         line 9
         line 10
         line 11
        +inserted
         line 12

        """)
        XCTAssertEqual(UnifiedDiff.make(old: "same\n", new: "same\n", oldName: "a", newName: "b"), "")
        XCTAssertEqual(UnifiedDiff.make(old: "a\nb", new: "a\nc", oldName: "a", newName: "b"),
                       "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
        XCTAssertEqual(UnifiedDiff.make(old: "", new: "x\n", oldName: "a", newName: "b"), "--- a\n+++ b\n@@ -0,0 +1,1 @@\n+x\n")
        XCTAssertEqual(UnifiedDiff.make(old: "x\n", new: "", oldName: "a", newName: "b"), "--- a\n+++ b\n@@ -1,1 +0,0 @@\n-x\n")
    }

    /// Applies a diff's edit script to `a` and checks it yields `b`, for many pseudo-random pairs.
    func testEditScriptsAlwaysReproduceTheNewText() {
        var seed: UInt64 = 0x9E3779B97F4A7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<300 {
            let a = (0..<next(30)).map { _ in Substring("l\(next(5))\n") }
            var b = a
            for _ in 0..<next(6) {
                switch next(3) {
                case 0 where !b.isEmpty: b.remove(at: next(b.count))
                case 1: b.insert(Substring("n\(next(5))\n"), at: next(b.count + 1))
                default: if !b.isEmpty { b[next(b.count)] = Substring("c\(next(5))\n") }
                }
            }
            let ops = UnifiedDiff.operations(a, b)
            var rebuilt: [Substring] = []
            var oldSeen = 0
            for op in ops {
                switch op {
                case .equal(let o, let n):
                    XCTAssertEqual(a[o], b[n]); XCTAssertEqual(o, oldSeen); oldSeen += 1
                    rebuilt.append(a[o])
                case .delete(let o): XCTAssertEqual(o, oldSeen); oldSeen += 1
                case .insert(let n): rebuilt.append(b[n])
                }
            }
            XCTAssertEqual(rebuilt, b)
            XCTAssertEqual(oldSeen, a.count)
        }
    }

    // MARK: Atomic writes

    func temporaryDirectory() throws -> String {
        let path = FileDiscovery.absolutePath(NSTemporaryDirectory()) + "/mvilint-atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock {
            _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            try? FileManager.default.removeItem(atPath: path)
        }
        return path
    }

    func testAtomicWritePreservesPermissionsAndFollowsSymlinks() throws {
        let dir = try temporaryDirectory()
        let file = dir + "/A.swift"
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o751], ofItemAtPath: file)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Link.swift", withDestinationPath: file)
        try AtomicFile.write(Array("new".utf8), to: dir + "/Link.swift")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "new")
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber)?.intValue, 0o751)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/Link.swift"), file)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["A.swift", "Link.swift"], "no temporary file is left")
    }

    func testReadOnlyFilesAndDirectoriesAreNeverReplaced() throws {
        let dir = try temporaryDirectory()
        let file = dir + "/A.swift"
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
        XCTAssertThrowsError(try AtomicFile.write(Array("new".utf8), to: file)) { error in
            XCTAssertTrue("\(error)".contains("read-only"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "old")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: dir)
        XCTAssertThrowsError(try AtomicFile.write(Array("new".utf8), to: file)) { error in
            XCTAssertTrue("\(error)".contains("directory"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "old")
    }

    func testFixFilesLeavesAFileThatChangedSinceLintUntouched() throws {
        let dir = try temporaryDirectory()
        let file = dir + "/A.swift"
        try "var a = 1\n".write(toFile: file, atomically: false, encoding: .utf8)
        let linted = Array("var a = 0\n".utf8)
        var f = finding([.insert("private(set) ", at: 0)])
        f.path = file
        let results = FixApplier.fixFiles([f], lintedSources: [file: linted], includeUnsafe: false, dryRun: false, displayPath: { $0 })
        XCTAssertEqual(results.map(\.status), [.changedSinceLint])
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "var a = 1\n")

        let dry = FixApplier.fixFiles([f], lintedSources: [file: Array("var a = 1\n".utf8)], includeUnsafe: false, dryRun: true, displayPath: { _ in "A.swift" })
        XCTAssertEqual(dry.map(\.status), [.fixed(1)])
        XCTAssertEqual(dry.first?.diff, "--- a/A.swift\n+++ b/A.swift\n@@ -1,1 +1,1 @@\n-var a = 1\n+private(set) var a = 1\n")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "var a = 1\n", "a dry run writes nothing")
    }
}

private extension SourceFile {
    func text(_ start: Int32, _ end: Int32) -> String { String(decoding: bytes[Int(start)..<Int(end)], as: UTF8.self) }
}
