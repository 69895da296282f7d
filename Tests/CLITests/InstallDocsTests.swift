/// The install instructions name only what exists: versions that are tagged, and the version the source carries.

import Foundation
@testable import MVILintCore
import XCTest

final class InstallDocsTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// A `rev: v1.2.3` for pre-commit or a `from: "1.2.3"` / `exact: "1.2.3"` for SwiftPM, in
    /// README.md or a page of docs/, must name a tag of this repository: until a version is
    /// tagged, the snippets pin a commit.
    func testSnippetsPinOnlyTaggedVersions() throws {
        let tags: Set<String>
        let git = try? Git.run(["tag", "--list"], in: Self.repository.path)
        guard let listed = git, listed.status == 0 else { throw XCTSkip("git cannot list the tags of \(Self.repository.path)") }
        tags = Set(String(decoding: listed.stdout, as: UTF8.self).split(separator: "\n").map(String.init))
        let pattern = try NSRegularExpression(pattern: #"rev:\s*["']?(v?[0-9]+\.[0-9]+\.[0-9]+)|(?:from|exact|upToNextMajor\(from|upToNextMinor\(from):\s*"([0-9]+\.[0-9]+\.[0-9]+)""#)
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        XCTAssertTrue(docs.contains("docs/install.md"))
        for file in ["README.md"] + docs.sorted() {
            let content = try text(file)
            for match in pattern.matches(in: content, range: NSRange(content.startIndex..., in: content)) {
                let version = [1, 2].compactMap { Range(match.range(at: $0), in: content).map { String(content[$0]) } }.first ?? ""
                let tag = version.hasPrefix("v") ? version : "v" + version
                XCTAssertTrue(tags.contains(tag) || tags.contains(version), "\(file) pins \(version), which is not a tag of this repository")
            }
        }
    }

    /// The archive names in docs/install.md are those `Tools/release.sh` writes for this version.
    func testInstallDocsNameTheSourcesVersion() throws {
        let install = try text("docs/install.md")
        XCTAssertTrue(install.contains("mvilint-\(mvilintVersion)-linux-x86_64.tar.gz"), "docs/install.md does not name the archive of \(mvilintVersion)")
        let names = try NSRegularExpression(pattern: #"mvilint-([0-9]+\.[0-9]+\.[0-9]+(?:-(?!linux|macos)[0-9A-Za-z.]+)?)(?=-linux|-macos|\.artifactbundle)"#)
        for match in names.matches(in: install, range: NSRange(install.startIndex..., in: install)) {
            let version = Range(match.range(at: 1), in: install).map { String(install[$0]) }
            XCTAssertEqual(version, mvilintVersion, "docs/install.md names another version")
        }
        let script = try text("Tools/release.sh")
        XCTAssertTrue(script.contains("mvilint-$version-$platform"), "the release script's archive name changed; update docs/install.md")
    }
}
