/// The sample projects under `Tests/Fixtures/Projects/`, linted end to end and compared with their `EXPECTED.txt`.
import Foundation
import MVILintCore
import MVILintRules
import XCTest

/// Each sample is a small multi-file package in one architecture style, with its own
/// configuration where the style needs one:
///
/// - `MVVM`: view models, use cases and a repository; `.mvilint.json` adds a loading flag.
/// - `MVI`: stores with intents and a reducer method; `.mvilint.json` selects `profile: mvi`.
/// - `Reducer`: a generic Redux-style store, a free reducer function and a TCA-style feature.
///
/// `EXPECTED.txt` holds exactly what `mvilint lint --quiet` prints in the sample's directory,
/// with paths relative to it: every finding and note, message included. Near misses sit next to
/// the violations in the same files and must stay silent.
final class SampleProjectsTests: XCTestCase {
    static let projects = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Projects").path

    func lint(_ directory: String, _ extra: [String] = []) -> CLIOutput {
        runCLI(["lint", "--quiet"] + extra + [directory], rules: allRules, version: "0.0.0")
    }

    func assertSample(_ name: String, status expectedStatus: Int32, rules expectedRules: Set<String>, file: StaticString = #filePath, line: UInt = #line) throws {
        let root = FileDiscovery.absolutePath(SampleProjectsTests.projects + "/" + name)
        let expected = try String(contentsOfFile: root + "/EXPECTED.txt", encoding: .utf8)
        let r = lint(root)
        XCTAssertEqual(r.status, expectedStatus, r.stderr, file: file, line: line)
        XCTAssertEqual(r.stderr, "", file: file, line: line)
        let actual = r.stdout.replacingOccurrences(of: root + "/", with: "")
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for missing in e where !missing.isEmpty && !a.contains(missing) {
            XCTFail("\(name): missing \(missing)", file: file, line: line)
        }
        for unexpected in a where !unexpected.isEmpty && !e.contains(unexpected) {
            XCTFail("\(name): unexpected \(unexpected)", file: file, line: line)
        }
        XCTAssertEqual(actual, expected, "\(name): order or duplicates differ", file: file, line: line)
        // The expected file itself names the rules the sample is there to show.
        let ids = Set(e.compactMap { l -> String? in
            guard !l.contains(": note: "), l.hasSuffix(")"), let open = l.lastIndex(of: "(") else { return nil }
            return String(l[l.index(after: open)..<l.index(before: l.endIndex)])
        })
        XCTAssertEqual(ids, expectedRules, "\(name): rules shown by the sample", file: file, line: line)
    }

    func testMVVMSample() throws {
        try assertSample("MVVM", status: 1, rules: [
            "owned_model_state_object", "private_view_state", "view_mutates_state", "prefer_task_modifier",
            "main_actor_model", "state_private_set", "loading_state_reset", "main_actor_mutation", "no_usecase_in_view",
        ])
    }

    func testMVISample() throws {
        try assertSample("MVI", status: 1, rules: [
            "reducer_side_effect", "view_binds_model_state", "view_mutates_state", "task_id_dependency",
            "state_value_type", "unobserved_model", "state_private_set",
        ])
    }

    func testReducerSample() throws {
        try assertSample("Reducer", status: 1, rules: [
            "reducer_side_effect", "missing_environment_object", "side_effect_in_body", "state_object_injected",
        ])
    }

    /// The configuration of a sample is what makes some of its findings: without it (an empty
    /// configuration given with `--config`), the MVI sample falls back to the `mvvm` profile, where
    /// `view_binds_model_state` is off and `view_mutates_state` is a warning, and the MVVM sample's
    /// `isSaving` is no loading flag.
    func testSampleConfigurationsMatter() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-empty-\(UUID().uuidString).json").path
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: empty))
        defer { try? FileManager.default.removeItem(atPath: empty) }

        let mvi = lint(FileDiscovery.absolutePath(SampleProjectsTests.projects + "/MVI"), ["--config", empty])
        XCTAssertFalse(mvi.stdout.contains("(view_binds_model_state)"), mvi.stdout)
        XCTAssertTrue(mvi.stdout.contains(": warning: `FeedView` mutates `store.state.posts`"), mvi.stdout)

        let mvvm = lint(FileDiscovery.absolutePath(SampleProjectsTests.projects + "/MVVM"), ["--config", empty])
        XCTAssertFalse(mvvm.stdout.contains("(loading_state_reset)"), mvvm.stdout)
        XCTAssertTrue(mvvm.stdout.contains("(main_actor_mutation)"), mvvm.stdout)
    }
}
