/// End-to-end tests of configuration, suppressions, baselines, fixes and `init`, on real files.

import Foundation
@testable import MVILintCore
@testable import MVILintRules
import XCTest

final class WorkflowTests: XCTestCase {
    typealias Output = CLIOutput

    /// A fixed set of real rules, so that rules added later do not change these results.
    let rules: [any Rule.Type] = [StatePrivateSet.self, MainActorModel.self, OwnedModelStateObject.self, PrivateViewState.self,
                                  SideEffectInBody.self, ViewBindsModelState.self, UnusedSuppression.self]

    private var directories: [String] = []

    override func tearDown() {
        for d in directories {
            // Restore permissions that a test removed, so that the directory can be deleted.
            if let walker = FileManager.default.enumerator(atPath: d) {
                for case let name as String in walker { chmod(d + "/" + name, 0o755) }
            }
            chmod(d, 0o755)
            try? FileManager.default.removeItem(atPath: d)
        }
        directories = []
        super.tearDown()
    }

    func run(_ arguments: [String]) -> Output {
        runCLI(arguments, rules: rules, version: "1.0.0", stdin: { Data() })
    }

    /// A temporary repository (`.git` bounds the root search) with `Package.swift` and `files`.
    func makeProject(_ files: [String: String]) throws -> String {
        let root = FileDiscovery.absolutePath(NSTemporaryDirectory()) + "/mvilint-workflow-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        directories.append(root)
        try write("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\")\n", to: root + "/Package.swift")
        for (path, text) in files { try write(text, to: root + "/" + path) }
        return root
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// `file:line rule` for each reported finding.
    func findings(_ output: Output, root: String) -> [String] {
        output.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(root + "/"), let open = line.lastIndex(of: "("), line.hasSuffix(")") else { return nil }
            let location = line.dropFirst(root.count + 1).split(separator: ":").prefix(2).joined(separator: ":")
            return "\(location) \(line[line.index(after: open)..<line.index(before: line.endIndex)])"
        }
    }

    static let model = """
    final class CounterModel: ObservableObject {
        @Published var count = 0
    }

    """

    // MARK: Default isolation

    /// An Xcode target built with `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor` makes the models of
    /// its folder main-actor isolated; a folder no such target compiles keeps the finding.
    func testXcodeTargetWithMainActorDefaultIsolation() throws {
        let pbxproj = """
            // !$*UTF8*$!
            {
                objects = {
                    APPDIR /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
                    MAIN = {isa = PBXGroup; children = (APPDIR /* App */, ); sourceTree = "<group>"; };
                    APP /* App */ = {isa = PBXNativeTarget; buildConfigurationList = LIST; fileSystemSynchronizedGroups = (APPDIR, ); name = App; };
                    DEBUG = {isa = XCBuildConfiguration; buildSettings = { SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; SWIFT_VERSION = 6.0; }; name = Debug; };
                    LIST = {isa = XCConfigurationList; buildConfigurations = (DEBUG, ); };
                    ROOT /* Project object */ = {isa = PBXProject; mainGroup = MAIN; targets = (APP /* App */, ); };
                };
                rootObject = ROOT /* Project object */;
            }
            """
        let widget = Self.model.replacingOccurrences(of: "CounterModel", with: "WidgetModel")
        let root = try makeProject(["App/CounterModel.swift": Self.model, "Widget/WidgetModel.swift": widget, "App.xcodeproj/project.pbxproj": pbxproj])
        let expected = ["App/CounterModel.swift:2 state_private_set", "Widget/WidgetModel.swift:1 main_actor_model", "Widget/WidgetModel.swift:2 state_private_set"]
        XCTAssertEqual(findings(run([root]), root: root), expected)
        XCTAssertEqual(findings(run([root + "/App/CounterModel.swift"]), root: root), ["App/CounterModel.swift:2 state_private_set"])
        // The configuration's `default_isolation: "nonisolated"` overrides the project file.
        try write("{ default_isolation: \"nonisolated\" }", to: root + "/.mvilint.json")
        XCTAssertEqual(findings(run([root]), root: root), ["App/CounterModel.swift:1 main_actor_model"] + expected)
    }

    // MARK: Core Data

    /// A Core Data entity that Xcode generates from the project's model is a record a view
    /// edits, not a model: writing it, held by the view or by a model, is not
    /// `view_mutates_state`, while the same write to an ObservableObject of the project still is.
    func testCoreDataEntityOfTheModelIsNotAModel() throws {
        let contents = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="TimedNote" representedClassName="TimedNote" syncable="YES" codeGenerationType="class">
                    <attribute name="note" optional="YES" attributeType="String"/>
                </entity>
                <entity name="Place" representedClassName=".Place" syncable="YES" codeGenerationType="class"/>
            </model>
            """
        let view = """
            import SwiftUI
            import CoreData

            struct EditNoteScreen: View {
                @ObservedObject var timedNote: TimedNote
                @ObservedObject var place: Place
                @ObservedObject var draft: DraftModel
                @Environment(\\.managedObjectContext) private var context

                var body: some View {
                    Button("Save") {
                        timedNote.note = "done"
                        place.name = "Home"
                        draft.text = "done"
                        draft.current.note = "done"
                        try? context.save()
                    }
                }
            }

            """
        let draft = """
            @MainActor final class DraftModel: ObservableObject {
                @Published private(set) var text = ""
                @Published var current: TimedNote
                init(current: TimedNote) { self.current = current }
            }

            """
        let root = try makeProject(["App/EditNoteScreen.swift": view, "App/DraftModel.swift": draft,
                                    "App/Journal.xcdatamodeld/Journal.xcdatamodel/contents": contents])
        func run(_ arguments: [String]) -> Output {
            runCLI(arguments, rules: [ViewMutatesState.self], version: "1.0.0", stdin: { Data() })
        }
        XCTAssertEqual(findings(run([root]), root: root), ["App/EditNoteScreen.swift:14 view_mutates_state"])
        XCTAssertEqual(FileDiscovery.coreDataEntityClasses(manifests: [root + "/App/Journal.xcdatamodeld"]), ["TimedNote", "Place"])
        // Without the model, the entities are unknown types held by `@ObservedObject`: models.
        try FileManager.default.removeItem(atPath: root + "/App/Journal.xcdatamodeld")
        XCTAssertEqual(findings(run([root]), root: root),
                       ["App/EditNoteScreen.swift:12 view_mutates_state", "App/EditNoteScreen.swift:13 view_mutates_state",
                        "App/EditNoteScreen.swift:14 view_mutates_state", "App/EditNoteScreen.swift:15 view_mutates_state"])
    }

    // MARK: Configuration

    func testUnknownKeyIsAnErrorWithFileLineKeyPathAndSuggestion() throws {
        let root = try makeProject(["Sources/App/CounterModel.swift": Self.model, ".mvilint.json": """
            // Team settings
            {
              profile: "mvi",
              rules: {
                state_private_set: { severty: "error" },
              },
            }
            """])
        let r = run([root])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "Error: \(root)/.mvilint.json:5: rules.state_private_set.severty: unknown option 'severty' of state_private_set. Did you mean 'severity'?\n")
    }

    func testWrongTypesAndUnknownRuleIdsAreAllReported() throws {
        let root = try makeProject(["A.swift": Self.model, ".mvilint.json": """
            {
              excluded: "Generated",
              rules: {
                state_private_sett: "off",
                side_effect_in_body: { method_prefixes: "kick" },
              },
            }
            """])
        let r = run([root])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, """
            Error: \(root)/.mvilint.json:2: excluded: expected a list of strings, found a string
            Error: \(root)/.mvilint.json:4: rules.state_private_sett: unknown rule id 'state_private_sett'. Did you mean 'state_private_set'?
            Error: \(root)/.mvilint.json:5: rules.side_effect_in_body.method_prefixes: expected a list of strings (like the default, \(SideEffectInBody.info.options[0].defaultValue)), found a string

            """)
        let syntax = try makeProject(["A.swift": Self.model, ".mvilint.json": "{\n  profile: 'mvi'\n  rules: {}\n}\n"])
        let s = run([syntax])
        XCTAssertEqual(s.status, 2)
        XCTAssertEqual(s.stderr, "Error: \(syntax)/.mvilint.json:3: invalid JSON5 at column 3: expected ',' or '}' after the value of 'profile'\n")
    }

    func testProfileSeveritiesAndOptionsApply() throws {
        let files = [
            "Sources/CounterModel.swift": "@MainActor\n" + Self.model,
            "Sources/FeedView.swift": """
            struct FeedView: View {
                @ObservedObject var model: FeedViewModel
                var body: some View {
                    let _ = model.kickOff()
                    TextField("Search", text: $model.query)
                }
            }

            """,
        ]
        let plain = try makeProject(files)
        XCTAssertEqual(findings(run([plain]), root: plain), ["Sources/CounterModel.swift:3 state_private_set"])

        let root = try makeProject(files.merging([".mvilint.json": """
            {
              profile: "mvi",
              rules: {
                state_private_set: "error",
                side_effect_in_body: { method_prefixes: ["kick"] },
              },
            }
            """]) { a, _ in a })
        let r = run([root])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(findings(r, root: root), ["Sources/CounterModel.swift:3 state_private_set", "Sources/FeedView.swift:4 side_effect_in_body",
                                                 "Sources/FeedView.swift:5 view_binds_model_state"])
        XCTAssertTrue(r.stdout.contains("CounterModel.swift:3:20: error:"), r.stdout)
        // The command line's profile wins over the configuration's.
        XCTAssertFalse(run(["--profile", "mvvm", root]).stdout.contains("view_binds_model_state"))
        // --config replaces the file found from the project root.
        try write("{ rules: { state_private_set: 'off' } }", to: root + "/other.json")
        let other = run(["--config", root + "/other.json", root])
        XCTAssertEqual(findings(other, root: root), [])
        let missing = run(["--config", root + "/missing.json", root])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "Error: \(root)/missing.json: the configuration file does not exist\n")
    }

    func testExcludedGlobsApplyToNamedFilesAndExcludedTypesStillResolve() throws {
        let root = try makeProject([
            ".mvilint.json": "{ excluded: ['**/Generated'], included: ['Sources'] }",
            "Sources/Generated/SessionModel.swift": "final class SessionModel: ObservableObject { @Published var user = \"\" }\n",
            "Sources/Views/SessionView.swift": "struct SessionView: View {\n    @ObservedObject var session = SessionModel()\n    var body: some View { Text(session.user) }\n}\n",
            "Tools/Script.swift": Self.model,
        ])
        let r = run([root])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(findings(r, root: root), ["Sources/Views/SessionView.swift:2 owned_model_state_object"])
        let named = run([root + "/Sources/Generated/SessionModel.swift", root + "/Tools/Script.swift"])
        XCTAssertEqual(named.status, 0)
        XCTAssertEqual(named.stdout, "")
        XCTAssertEqual(named.stderr, "Linted 0 files: 0 errors, 0 warnings\n")
    }

    // MARK: Suppressions

    func testSuppressionFormsAndUnusedSuppressions() throws {
        let root = try makeProject(["Sources/Models.swift": """
            @MainActor
            final class A: ObservableObject {
                // mvilint:disable:next state_private_set - the view writes it on purpose
                @Published var one = 0
                @Published var two = 0 // mvilint:disable:this state_private_set
                @Published var three = 0
                // mvilint:disable:previous state_private_set
                @Published var four = 0
                // mvilint:disable:next state_private_set, main_actor_model
                @Published private(set) var five = 0
            }
            // mvilint:disable all - generated below
            final class B: ObservableObject {
                @Published var six = 0
            }
            // mvilint:enable all
            // mvilint:disable:next state_privat_set
            final class C {}

            """])
        let r = run([root])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(findings(r, root: root), ["Sources/Models.swift:8 state_private_set", "Sources/Models.swift:9 unused_suppression",
                                                 "Sources/Models.swift:9 unused_suppression", "Sources/Models.swift:17 unused_suppression"])
        XCTAssertTrue(r.stdout.contains("Models.swift:9:29: warning: `mvilint:disable:next state_private_set` silences nothing"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Models.swift:17:25: warning: `state_privat_set` in this suppression is not a rule id; did you mean `state_private_set`? (unused_suppression)"), r.stdout)
        // Mentions of rules that do not run are not unused.
        let only = run(["--only-rule", "main_actor_model,unused_suppression", root])
        XCTAssertEqual(findings(only, root: root), ["Sources/Models.swift:9 unused_suppression", "Sources/Models.swift:17 unused_suppression"])
    }

    // MARK: Baseline

    func testBaselineRoundTripSurvivesLinesInsertedAbove() throws {
        let root = try makeProject(["Sources/CounterModel.swift": "@MainActor\n" + Self.model])
        let baseline = root + "/mvilint-baseline.json"
        let written = run(["--write-baseline", baseline, root])
        XCTAssertEqual(written.status, 0)
        XCTAssertEqual(written.stdout, "")
        XCTAssertTrue(written.stderr.hasPrefix("Wrote 1 finding to the baseline \(baseline)\n"), written.stderr)
        XCTAssertEqual(try read(baseline), """
            {
              "version": 1,
              "findings": [
                {"rule": "state_private_set", "path": "Sources/CounterModel.swift", "text": "@Published var count = 0", "occurrence": 1, "message": "`count` is observable state of `CounterModel` but can be set from outside it; declare it `private(set)`"}
              ]
            }

            """)

        try write("import Combine\n\n// A counter.\n@MainActor\n" + Self.model.replacingOccurrences(of: "    @Published var count = 0", with: "\t@Published   var count = 0")
                  + "extension CounterModel {\n    func reset() { count = 0 }\n}\n", to: root + "/Sources/CounterModel.swift")
        let known = run(["--baseline", baseline, root])
        XCTAssertEqual(known.status, 0)
        XCTAssertEqual(known.stdout, "")
        XCTAssertTrue(known.stderr.contains("Baseline: 1 recorded finding not reported\n"), known.stderr)

        XCTAssertEqual(run(["--quiet", "--baseline", baseline, root]).stderr, "", "--quiet drops the baseline line too")

        try write("@MainActor\nfinal class Other: ObservableObject {\n    @Published var count = 0\n}\n", to: root + "/Sources/Other.swift")
        let fresh = run(["--baseline", baseline, root])
        XCTAssertEqual(findings(fresh, root: root), ["Sources/Other.swift:3 state_private_set"])

        try FileManager.default.createDirectory(atPath: root + "/Empty", withIntermediateDirectories: true)
        XCTAssertEqual(run(["--write-baseline", root + "/empty.json", root + "/Empty"]).status, 0)
        XCTAssertEqual(try read(root + "/empty.json"), "{\n  \"version\": 1,\n  \"findings\": []\n}\n", "no Swift files: an empty baseline")

        let missing = run(["--baseline", root + "/nope.json", root])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "Error: \(root)/nope.json: the baseline file does not exist; create it with --write-baseline\n")
        try write("{ \"version\": 1 }", to: root + "/bad.json")
        let invalid = run(["--baseline", root + "/bad.json", root])
        XCTAssertEqual(invalid.status, 2)
        XCTAssertTrue(invalid.stderr.hasPrefix("Error: \(root)/bad.json: not a valid baseline: 'findings' is missing"), invalid.stderr)
    }

    // MARK: Fixing

    static let fixable = """
    final class CounterModel: ObservableObject {
        @Published var count = 0
    }

    struct CounterView: View {
        @ObservedObject var model = CounterModel()
        @State var isOn = false
        var body: some View { Text("\\(model.count)") }
    }

    """

    func testFixAppliesSafeFixesRelintsAndIsIdempotent() throws {
        let root = try makeProject(["Sources/Counter.swift": Self.fixable])
        let path = root + "/Sources/Counter.swift"
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let first = run(["--fix", root])
        XCTAssertEqual(first.status, 0)
        XCTAssertEqual(try read(path), """
            final class CounterModel: ObservableObject {
                @Published private(set) var count = 0
            }

            struct CounterView: View {
                @StateObject private var model = CounterModel()
                @State private var isOn = false
                var body: some View { Text("\\(model.count)") }
            }

            """)
        XCTAssertEqual(findings(first, root: root), ["Sources/Counter.swift:1 main_actor_model"], "only the unsafe fix is left")
        XCTAssertTrue(first.stderr.contains("Fixed 3 findings in 1 file\n"), first.stderr)
        XCTAssertTrue(first.stderr.contains("Note: 1 unsafe fix not applied; rerun with --unsafe-fixes to apply after review\n"), first.stderr)
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue, 0o640)

        let unsafe = run(["--fix", "--unsafe-fixes", root])
        XCTAssertEqual(unsafe.stdout, "")
        XCTAssertTrue(try read(path).hasPrefix("@MainActor\nfinal class CounterModel: ObservableObject {\n"))
        let fixed = try read(path)
        let again = run(["--fix", "--unsafe-fixes", root])
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(try read(path), fixed, "a second --fix changes nothing")
        XCTAssertTrue(again.stderr.contains("Fixed 0 findings in 0 files\n"), again.stderr)
        XCTAssertEqual(run([root]).stdout, "", "the fixed project lints clean")
    }

    /// Runs `body` with the process's working directory set to `directory`.
    func inDirectory<T>(_ directory: String, _ body: () throws -> T) rethrows -> T {
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(directory))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        return try body()
    }

    func testDryRunPrintsAUnifiedDiffAndWritesNothing() throws {
        let root = try makeProject(["Sources/Counter.swift": Self.fixable])
        let r = inDirectory(root) { run(["--fix", "--dry-run", root]) }
        XCTAssertEqual(r.status, 1, "the findings are still there")
        XCTAssertEqual(r.stdout, """
            --- a/Sources/Counter.swift
            +++ b/Sources/Counter.swift
            @@ -1,9 +1,9 @@
             final class CounterModel: ObservableObject {
            -    @Published var count = 0
            +    @Published private(set) var count = 0
             }
             
             struct CounterView: View {
            -    @ObservedObject var model = CounterModel()
            -    @State var isOn = false
            +    @StateObject private var model = CounterModel()
            +    @State private var isOn = false
                 var body: some View { Text("\\(model.count)") }
             }

            """)
        XCTAssertTrue(r.stderr.contains("Would fix 3 findings in 1 file (dry run: nothing was written)\n"), r.stderr)
        XCTAssertEqual(try read(root + "/Sources/Counter.swift"), Self.fixable)
    }

    /// The diff names files relative to the directory the command ran in, so that `git apply`
    /// there applies it, in a subdirectory of a repository too.
    func testDryRunDiffAppliesWhereTheCommandRan() throws {
        let root = try makeProject(["App/Sources/Counter.swift": Self.fixable, "App/Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\")\n"])
        try FileManager.default.removeItem(atPath: root + "/.git")
        func git(_ arguments: [String], in directory: String) throws {
            let r = try Git.run(["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments, in: directory)
            guard r.status == 0 else { throw XCTSkip("git \(arguments.joined(separator: " ")) failed: \(r.stderr)") }
        }
        try git(["init", "-q"], in: root)
        try git(["add", "."], in: root)
        try git(["commit", "-q", "-m", "Initial"], in: root)
        let sources = root + "/App/Sources"
        let r = inDirectory(sources) { run(["--fix", "--unsafe-fixes", "--dry-run", "--quiet", "."]) }
        XCTAssertTrue(r.stdout.hasPrefix("--- a/Counter.swift\n+++ b/Counter.swift\n"), r.stdout)
        try write(r.stdout, to: root + "/fix.diff")
        try git(["apply", root + "/fix.diff"], in: sources)
        XCTAssertEqual(run(["--quiet", root + "/App"]).stdout, "", "the applied diff fixed every finding")
        XCTAssertTrue(try read(sources + "/Counter.swift").contains("@Published private(set) var count = 0"))
    }

    func testUnwritableFilesExitTwoAndStayUnchanged() throws {
        let root = try makeProject(["Sources/Locked.swift": Self.fixable, "ReadOnly/Counter.swift": Self.fixable])
        chmod(root + "/Sources/Locked.swift", 0o444)
        chmod(root + "/ReadOnly", 0o555)
        let r = run(["--fix", root])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("Error: \(root)/Sources/Locked.swift: cannot be fixed: the file is read-only (no write permission); the file is unchanged\n"), r.stderr)
        XCTAssertTrue(r.stderr.contains("Error: \(root)/ReadOnly/Counter.swift: cannot be fixed: its directory \(root)/ReadOnly is read-only"), r.stderr)
        XCTAssertEqual(try read(root + "/Sources/Locked.swift"), Self.fixable)
        XCTAssertEqual(try read(root + "/ReadOnly/Counter.swift"), Self.fixable)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/ReadOnly"), ["Counter.swift"])
        XCTAssertFalse(r.stdout.isEmpty, "the unfixed findings are still reported")
    }

    func testWorkflowUsageErrors() throws {
        for (args, message) in [(["--dry-run"], "option '--dry-run' requires '--fix'"),
                                (["--unsafe-fixes"], "option '--unsafe-fixes' requires '--fix'"),
                                (["--fix", "--write-baseline", "b.json"], "options '--fix' and '--write-baseline' cannot be combined"),
                                (["--fix", "--staged"], "option '--fix' rewrites files on disk and cannot be combined with '--staged'"),
                                (["--baseline"], "option '--baseline' requires a value")] {
            let r = run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.hasPrefix("Error: \(message)"), r.stderr)
        }
        let help = run(["lint", "--help"]).stdout
        for option in ["--config <file>", "--baseline <file>", "--write-baseline <file>", "--fix", "--dry-run", "--unsafe-fixes"] {
            XCTAssertTrue(help.contains(option), option)
        }
        XCTAssertTrue(run(["--help"]).stdout.contains("init [<directory>]"))
    }

    // MARK: init

    func testInitWritesAValidStarterAndNeverOverwrites() throws {
        let root = try makeProject(["Sources/CounterModel.swift": Self.model])
        let r = run(["init", root])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stderr, "Created \(root)/.mvilint.json listing \(rules.count) rules with their defaults\n")
        let text = try read(root + "/.mvilint.json")
        for rule in rules { XCTAssertTrue(text.contains("// \(rule.info.id):"), rule.info.id) }
        XCTAssertEqual(run([root]).stdout.isEmpty, false, "the starter changes no default")
        XCTAssertEqual(findings(run([root]), root: root), ["Sources/CounterModel.swift:1 main_actor_model", "Sources/CounterModel.swift:2 state_private_set"])

        let again = run(["init", root])
        XCTAssertEqual(again.status, 2)
        XCTAssertEqual(again.stderr, "Error: \(root)/.mvilint.json already exists; edit it, or remove it to start over\n")
        XCTAssertEqual(try read(root + "/.mvilint.json"), text)
        XCTAssertEqual(run(["init", root + "/missing"]).status, 2)
    }
}
