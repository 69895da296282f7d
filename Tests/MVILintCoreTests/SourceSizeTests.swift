/// File sizes that keep the sources readable (docs/architecture.md, "Where things go").
import XCTest

final class SourceSizeTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file may pass 800 lines only when its first line says why.
    static let reasonMarker = "// One file past 800 lines on purpose:"
    func lineCounts(under directory: String) throws -> [(path: String, lines: Int, firstLine: String)] {
        let root = SourceSizeTests.repository.appendingPathComponent(directory)
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted() ?? []
        return try files.map { relative in
            let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return (directory + "/" + relative, lines.count - (text.hasSuffix("\n") ? 1 : 0), lines.first.map(String.init) ?? "")
        }
    }

    func testNoSourceFilePassesEightHundredLines() throws {
        let files = try lineCounts(under: "Sources") + lineCounts(under: "Rules")
        XCTAssertGreaterThan(files.count, 100)
        let oversized = files.filter { $0.lines > 800 && !$0.firstLine.hasPrefix(SourceSizeTests.reasonMarker) }
        XCTAssertEqual(oversized.map { "\($0.path): \($0.lines) lines" }, [])
    }

    /// A rule's own file holds its metadata, options, check and messages; examples and helpers
    /// go beside it (`<Rule>+Examples.swift`, `<Rule>+<Topic>.swift`).
    func testRuleFilesStayUnderFourHundredLines() throws {
        let rules = try lineCounts(under: "Rules").filter { f in
            let parts = f.path.split(separator: "/")
            return parts.count == 2 && !parts[1].contains("+") && parts[1] != "AllRules.swift"
        }
        XCTAssertGreaterThan(rules.count, 15)
        let long = rules.filter { $0.lines > 400 }
        XCTAssertEqual(long.map { "\($0.path): \($0.lines) lines" }, [])
    }
}
