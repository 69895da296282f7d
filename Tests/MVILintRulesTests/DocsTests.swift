/// Fails when the committed rule docs drift from the rules' metadata.
import XCTest
import Foundation
import MVILintCore
@testable import MVILintRules

final class DocsTests: XCTestCase {
    static let docsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/rules")

    func testCommittedRuleDocsMatchMetadata() throws {
        let pages = RuleDocs.pages(for: allRules.map { $0.info })
        let hint = "regenerate with `swift run mvilint docs docs/rules`"
        for page in pages {
            let url = Self.docsDirectory.appendingPathComponent(page.fileName)
            let committed = try? String(contentsOf: url, encoding: .utf8)
            XCTAssertNotNil(committed, "docs/rules/\(page.fileName) is missing; \(hint)")
            if let c = committed { XCTAssertEqual(c, page.contents, "docs/rules/\(page.fileName) is out of date; \(hint)") }
        }
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.docsDirectory.path).filter { $0.hasSuffix(".md") }
        XCTAssertEqual(Set(onDisk), Set(pages.map(\.fileName)), "docs/rules holds pages of rules that no longer exist; \(hint)")
    }

    /// README's rules table is the generated table with links into `docs/rules/`.
    func testReadmeRulesTableMatchesMetadata() throws {
        let readme = try String(contentsOf: Self.docsDirectory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let table = RuleDocs.table(allRules.map { $0.info }, linkPrefix: "docs/rules/")
        XCTAssertTrue(table.hasPrefix("| rule |"), table)
        XCTAssertTrue(readme.contains(table), "README.md's rules table differs from the rules' metadata; paste this table into its Rules section:\n\(table)")
    }

    func testPagesCarryEveryExampleWithoutMarkers() {
        for info in allRules.map({ $0.info }) {
            let page = RuleDocs.pages(for: [info])[1].contents
            XCTAssertFalse(page.contains("↓"), info.id)
            XCTAssertTrue(page.contains(info.rationale), info.id)
            for o in info.options { XCTAssertTrue(page.contains("`\(o.key)`"), "\(info.id) documents option \(o.key)") }
        }
    }
}
