/// Tables of glob patterns against relative paths.
import XCTest
@testable import MVILintCore

final class GlobTests: XCTestCase {
    /// (pattern, path, whole-path match, path-or-ancestor match)
    let cases: [(String, String, Bool, Bool)] = [
        ("Sources", "Sources", true, true),
        ("Sources", "Sources/App/A.swift", false, true),
        ("Sources", "Tests/Sources/A.swift", false, false),
        ("Sources/", "Sources/A.swift", false, true),
        ("./Sources", "Sources/A.swift", false, true),
        ("/Sources", "Sources/A.swift", false, true),
        ("*.swift", "A.swift", true, true),
        ("*.swift", "Dir/A.swift", false, false),
        ("*", "Dir/A.swift", false, true),
        ("**/*.swift", "A.swift", true, true),
        ("**/*.swift", "Dir/Sub/A.swift", true, true),
        ("**/Generated", "Sources/App/Generated/Model.swift", false, true),
        ("**/Generated", "Sources/App/NotGenerated/Model.swift", false, false),
        ("Sources/**/Mocks/*.swift", "Sources/Mocks/M.swift", true, true),
        ("Sources/**/Mocks/*.swift", "Sources/A/B/Mocks/M.swift", true, true),
        ("Sources/**/Mocks/*.swift", "Sources/A/B/Mocks/Deep/M.swift", false, false),
        ("Sources/**", "Sources/A/B.swift", true, true),
        ("Sources/**", "Other/A.swift", false, false),
        ("**", "anything/at/all.swift", true, true),
        ("Sources/**/**/X", "Sources/X", true, true),
        ("*.generated.swift", "User.generated.swift", true, true),
        ("*.generated.swift", "User.swift", false, false),
        ("a**b", "axxb", true, true),
        ("a**b", "ax/xb", false, false),
        ("Model?.swift", "Model1.swift", true, true),
        ("Model?.swift", "Model.swift", false, false),
        ("Model?.swift", "Model12.swift", false, false),
        ("[AB]*.swift", "Beta.swift", true, true),
        ("[AB]*.swift", "Cat.swift", false, false),
        ("[!AB]*.swift", "Cat.swift", true, true),
        ("[^AB]*.swift", "Alpha.swift", false, false),
        ("v[0-9].swift", "v7.swift", true, true),
        ("v[0-9].swift", "vx.swift", false, false),
        ("[]]x", "]x", true, true),
        ("\\*.swift", "*.swift", true, true),
        ("\\*.swift", "A.swift", false, false),
        ("*", ".hidden", true, true),
        ("Ünïcödé/*", "Ünïcödé/😀.swift", true, true),
        ("?.swift", "😀.swift", true, true),
        ("sources", "Sources/A.swift", false, false),
        ("*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false, false),
    ]

    func testPatternTable() throws {
        for (pattern, path, whole, ancestor) in cases {
            let glob = try Glob(pattern)
            XCTAssertEqual(glob.matches(path), whole, "\(pattern) ~ \(path) (whole path)")
            XCTAssertEqual(glob.matchesPathOrAncestor(path), ancestor, "\(pattern) ~ \(path) (path or ancestor)")
        }
    }

    func testInvalidPatternsAreRejectedWithAReason() {
        for (pattern, reason) in [("", "empty"), ("[abc", "not closed"), ("a\\", "escape"), ("[z-a]", "reversed"), ("./", "empty"), ("/", "empty")] {
            XCTAssertThrowsError(try Glob(pattern), pattern) { error in
                let message = (error as? Glob.SyntaxError)?.message ?? ""
                XCTAssertTrue(message.contains(reason), "\(pattern): \(message)")
            }
        }
    }

    func testManyGlobstarsDoNotBacktrackExponentially() throws {
        // Memoisation keeps `**` backtracking polynomial; this would not finish without it.
        let glob = try Glob(Array(repeating: "**", count: 20).joined(separator: "/a/") + "/b")
        let path = Array(repeating: "a", count: 40).joined(separator: "/") + "/c"
        XCTAssertFalse(glob.matches(path))
    }
}
