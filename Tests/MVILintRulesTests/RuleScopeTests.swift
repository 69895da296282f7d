/// Holds every rule to its `mayReport(in:)`: the engine does not check a file that no enabled
/// rule says it can report in, so a rule that reports where it said it could not would lose
/// findings silently.
import XCTest
import Foundation
@testable import MVILintCore
@testable import MVILintRules

final class RuleScopeTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What running each rule on each file of a project showed.
    struct Outcome {
        /// "rule in file" for every finding in a file the rule's scope excluded (must stay empty).
        var violations: [String] = []
        /// (rule, file) pairs the scope excluded, and those of them that the full check confirmed.
        var excluded = 0
        /// (rule, file) pairs with findings: each must have been in scope.
        var reported = 0
    }

    /// Runs every rule (engine rules aside) on every file of the project, each rule enabled, and
    /// compares the findings with the rule's scope for the file.
    func check(_ sources: [(path: String, text: String)], settings: ProjectSettings = ProjectSettings()) -> Outcome {
        let linter = Linter(rules: allRules, selection: RuleSelection(onlyRules: Set(allRules.map { $0.info.id })), settings: settings)
        let (files, index, summaries) = linter.makeIndex(sources: sources)
        let words = FileScope.words(of: allRules)
        let needles = words.map(FileScope.Needle.init)
        var outcome = Outcome()
        for (k, file) in files.enumerated() {
            let scope = FileScope(types: summaries[k].types, project: index, settings: settings, words: words,
                                  wordMask: FileScope.mask(of: needles, in: file.bytes), path: summaries[k].path)
            for rule in allRules where !(rule is any EngineRule.Type) {
                var context = RuleContext(file: file, project: index, ruleID: rule.info.id, severity: .warning, settings: settings)
                rule.init().check(&context)
                let inScope = rule.mayReport(in: scope)
                if !inScope { outcome.excluded += 1 }
                guard !context.findings.isEmpty else { continue }
                outcome.reported += 1
                if !inScope { outcome.violations.append("\(rule.info.id) in \(file.path): \(context.findings[0].message)") }
            }
        }
        return outcome
    }

    func testEveryRuleExampleIsInItsRulesScope() {
        var total = Outcome()
        for rule in allRules {
            for example in rule.info.allExamples {
                let sources = example.files.map { (path: $0.name, text: $0.source.replacingOccurrences(of: "↓", with: "")) }
                let o = check(sources)
                total.violations += o.violations.map { "\(rule.info.id) example at line \(example.line): \($0)" }
                total.excluded += o.excluded
                total.reported += o.reported
            }
        }
        XCTAssertEqual(total.violations, [])
        // Not vacuous: rules reported in many files, and scopes excluded many others.
        XCTAssertGreaterThan(total.reported, 100)
        XCTAssertGreaterThan(total.excluded, 1_000)
    }

    func testSampleProjectsAndFixturesAreInScopeWhereRulesReport() throws {
        let directories = ["Examples/ShopApp", "Tests/Fixtures/Projects/MVI", "Tests/Fixtures/Projects/MVVM",
                           "Tests/Fixtures/Projects/Reducer", "Tests/Fixtures/Scanner"]
        var total = Outcome()
        for d in directories {
            let path = RuleScopeTests.repository.appendingPathComponent(d).path
            let found = FileDiscovery.swiftFiles(in: [path]).files
            XCTAssertFalse(found.isEmpty, d)
            let sources = try found.map { (path: $0, text: try String(contentsOfFile: $0, encoding: .utf8)) }
            let o = check(sources)
            total.violations += o.violations
            total.excluded += o.excluded
            total.reported += o.reported
        }
        XCTAssertEqual(total.violations, [])
        XCTAssertGreaterThan(total.reported, 20)
        XCTAssertGreaterThan(total.excluded, 100)
    }

    /// Views, models and reducers spread over files the way projects spread them: extensions in
    /// other files, views through the project's own protocols and typealiases, models known by
    /// their name only, the words in comments and strings.
    static let spreadProject: [(path: String, text: String)] = [
        ("Screen.swift", """
        import SwiftUI
        protocol Screen: View {}
        typealias Page = Screen
        """),
        ("Home.swift", """
        import SwiftUI
        struct Home: Screen {
            @ObservedObject var model = HomeViewModel()
            @State var count = 0
            var body: some View { Text("\\(model.title)").onAppear { Task { await model.load() } } }
        }
        """),
        ("Home+Rows.swift", """
        import SwiftUI
        extension Home {
            var rows: some View { Button("Add") { model.title = "changed"; model.load() } }
        }
        """),
        ("Detail.swift", """
        import SwiftUI
        struct Detail: Page {
            let useCase = LoadItemsUseCase()
            var body: some View { Text("detail").task { _ = try? await useCase.run() } }
        }
        """),
        ("HomeViewModel.swift", """
        import Foundation
        class HomeViewModel: ObservableObject {
            @Published var title = ""
            @Published var isLoading = false
            func load() async {
                isLoading = true
                do { try await Task.sleep(nanoseconds: 1) } catch { return }
                isLoading = false
            }
        }
        """),
        ("HomeViewModel+Network.swift", """
        import Foundation
        extension HomeViewModel {
            func refresh() {
                DispatchQueue.global().async { self.title = "late" }
            }
        }
        """),
        ("CartModel.swift", """
        import Observation
        @Observable final class CartModel {
            var items: [String] = []
            var state = CartState()
        }
        final class CartState {}
        final class ProfileStore { var state = ProfileState() }
        final class ProfileState {}
        """),
        ("Remote.swift", """
        // A model named only by its suffix: not declared in this project.
        import SwiftUI
        struct RemoteView: View {
            @ObservedObject var store = RemoteStore()
            var body: some View { Text(store.name) }
        }
        """),
        ("Reducer.swift", """
        enum CounterAction { case increment }
        struct CounterState { var count = 0 }
        func counterReducer(state: inout CounterState, action: CounterAction) {
            print("side effect")
            state.count += 1
        }
        """),
        ("Feature.swift", """
        struct Feature {
            var body: some ReducerOf<Self> {
                Reduce { state, action in
                    UserDefaults.standard.set(1, forKey: "k")
                    return .none
                }
            }
        }
        """),
        ("LoadItemsUseCase.swift", """
        // Mentions onAppear, inout and Reduce in a comment, HomeView in a string.
        struct LoadItemsUseCase {
            let label = "HomeView"
            func run() async throws -> [String] { [] }
        }
        """),
        ("Repository.swift", """
        final class ItemRepository {
            var cache: [String] = []
            func save(_ items: [String]) { cache = items }
        }
        """),
        ("Suppressed.swift", """
        // mvilint:disable:next state_private_set - nothing here to silence
        struct Plain { var x = 0 }
        """),
    ]

    /// The words a file's bytes contain, wherever they are: in code, comments, strings and
    /// longer names alike, at the start, in the middle and at the end of the file.
    func testFilesContainWordsAnywhere() {
        let words = ["onAppear", "inout", "Reduce", "mvilint"]
        let needles = words.map(FileScope.Needle.init)
        // The anchors: a capital letter where there is one, else the rarest letter.
        XCTAssertEqual(needles.map { Character(UnicodeScalar($0.bytes[$0.anchor])) }, ["A", "u", "R", "v"])
        func contained(_ source: String) -> [String] {
            let mask = FileScope.mask(of: needles, in: Array(source.utf8))
            return words.indices.filter { mask & (1 << UInt64($0)) != 0 }.map { words[$0] }
        }
        XCTAssertEqual(contained("view.onAppear { }"), ["onAppear"])
        XCTAssertEqual(contained("func f(x: inout Int) {}\nlet r = Reduce { _, _ in }"), ["inout", "Reduce"])
        XCTAssertEqual(contained("// mvilint:disable:next all\nlet x = 1 /* onAppear */"), ["onAppear", "mvilint"])
        XCTAssertEqual(contained("let s = \"onAppear inout Reduce mvilint\""), words)
        XCTAssertEqual(contained("inout"), ["inout"])
        XCTAssertEqual(contained("onAppea inou Reduc mvilin onappear INOUT"), [])
        XCTAssertEqual(contained("Reduceinoutmvilint"), ["inout", "Reduce", "mvilint"])
        XCTAssertEqual(contained(""), [])
    }

    func testRulesStayInScopeAcrossFiles() {
        let o = check(RuleScopeTests.spreadProject)
        XCTAssertEqual(o.violations, [])
        XCTAssertGreaterThan(o.reported, 8)
        XCTAssertGreaterThan(o.excluded, 30)
    }

    /// The engine path: linting a project on disk gives the same findings whether pass 2 leaves
    /// out the files that no rule can report in or checks them all, and it does leave some out.
    /// An unused suppression in a file that no rule looks at is still reported.
    func testSkippingFilesOutOfScopeChangesNoFinding() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-scope-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var paths: [String] = []
        for f in RuleScopeTests.spreadProject {
            let p = root.appendingPathComponent(f.path).path
            try f.text.write(toFile: p, atomically: true, encoding: .utf8)
            paths.append(p)
        }
        func lint(skipping: Bool, _ selection: RuleSelection) -> LintResult {
            let linter = Linter(rules: allRules, selection: selection)
            linter.skipsFilesOutOfScope = skipping
            // Nothing kept from pass 1: every file checked is read and parsed again.
            linter.retainedSourceBudget = 0
            return linter.lint(files: paths, projectFiles: paths)
        }
        func render(_ r: LintResult) -> [String] { r.findings.map { "\($0.path):\($0.line):\($0.column) \($0.ruleID) \($0.message)" } }
        // The default rules, and every rule (`layer_dependency` then looks at every type).
        let everyRule = RuleSelection(onlyRules: Set(allRules.map { $0.info.id }))
        for (selection, skippedFiles) in [(RuleSelection(), 2), (everyRule, 1)] {
            let skipping = lint(skipping: true, selection), full = lint(skipping: false, selection)
            XCTAssertEqual(render(skipping), render(full))
            XCTAssertEqual(skipping.lintedFileCount, full.lintedFileCount)
            XCTAssertEqual(skipping.lintedFileCount, paths.count)
            XCTAssertEqual(full.timings.skippedFiles, 0)
            // The screen protocol's file declares nothing a rule looks at, nor, but for
            // `layer_dependency`, does the repository; the use case does not either, but its comment
            // holds words that two rules look for.
            XCTAssertEqual(skipping.timings.skippedFiles, skippedFiles)
            XCTAssertTrue(render(skipping).contains { $0.contains("Suppressed.swift") && $0.contains(Suppressions.unusedRuleID) })
            XCTAssertGreaterThan(skipping.findings.count, 8)
        }
    }
}
