/// Facts that rules collect for themselves: per file in pass 1, merged into the index, read at check time.
import XCTest
@testable import MVILintCore

/// The classes of the project, with the file each was declared in and whether that file is test code.
private struct ProjectClasses: ProjectFact {
    struct FileClasses: Sendable {
        var names: [String]
        var isTestCode: Bool
    }
    /// Class name → "path" or "path (test)", in the order of the project's files.
    var declaredIn: [(name: String, file: String)] = []

    static func collect(from file: SourceFile, isTestCode: Bool) -> FileClasses? {
        let names = file.tree.allTypes.filter { $0.kind == .class }.map(\.name)
        return names.isEmpty ? nil : FileClasses(names: names, isTestCode: isTestCode)
    }

    static func merge(_ files: [FactContribution<FileClasses>], in project: ProjectIndex) -> ProjectClasses {
        var out = ProjectClasses()
        for f in files {
            for n in f.fact.names { out.declaredIn.append((n, f.fact.isTestCode ? f.path + " (test)" : f.path)) }
        }
        return out
    }
}

/// Reports each class whose name another file of the project declares too, naming that file:
/// it can only know through the project fact.
private struct DuplicateClassRule: Rule {
    static let info = RuleInfo(id: "test_duplicate_class", title: "T", summary: "S", rationale: "R", category: .state,
                               defaults: [.mvvm: .warning, .mvi: .warning], examples: [])
    static let facts: [any ProjectFact.Type] = [ProjectClasses.self]
    func check(_ context: inout RuleContext) {
        let classes = context.project.fact(ProjectClasses.self)
        for t in context.file.tree.allTypes where t.kind == .class {
            for other in classes.declaredIn where other.name == t.name && !other.file.hasPrefix(context.file.path) {
                context.report(at: t.nameToken, "`\(t.name)` is also declared in \(other.file)")
            }
        }
    }
}

/// A rule that declares the same fact: it is collected and merged once.
private struct SameFactRule: Rule {
    static let info = RuleInfo(id: "test_same_fact", title: "T", summary: "S", rationale: "R", category: .state,
                               defaults: [.mvvm: .warning, .mvi: .warning], examples: [])
    static let facts: [any ProjectFact.Type] = [ProjectClasses.self]
    func check(_ context: inout RuleContext) {}
}

/// A rule without facts.
private struct PlainRule: Rule {
    static let info = RuleInfo(id: "test_plain", title: "T", summary: "S", rationale: "R", category: .state,
                               defaults: [.mvvm: .warning, .mvi: .warning], examples: [])
    func check(_ context: inout RuleContext) {}
}

final class ProjectFactTests: XCTestCase {
    let sources: [(path: String, text: String)] = [
        ("A.swift", "final class Shared {}\nstruct Value {}"),
        ("B.swift", "import XCTest\nfinal class Shared {}\nfinal class OnlyB {}"),
        ("C.swift", "struct NoClasses {}"),
    ]

    func testARuleReadsTheFactItsFilesContributed() {
        let linter = Linter(rules: [DuplicateClassRule.self, PlainRule.self])
        let found = linter.lint(sources: sources).map { "\($0.path):\($0.line) \($0.message)" }
        XCTAssertEqual(found, ["A.swift:1 `Shared` is also declared in B.swift (test)", "B.swift:2 `Shared` is also declared in A.swift"])
    }

    func testContributionsAreCollectedPerFileAndMergedInProjectOrder() {
        let linter = Linter(rules: [DuplicateClassRule.self, SameFactRule.self])
        let (_, index, summaries) = linter.makeIndex(sources: sources)
        // A file with nothing to contribute holds no entry.
        XCTAssertEqual(summaries.map { $0.facts.isEmpty }, [false, false, true])
        XCTAssertEqual(summaries[1].facts.contribution(to: ProjectClasses.self)?.names, ["Shared", "OnlyB"])
        XCTAssertEqual(summaries[1].facts.contribution(to: ProjectClasses.self)?.isTestCode, true)
        // Declared by two rules, collected once.
        XCTAssertEqual(summaries[1].facts.entries.count, 1)
        let merged = index.fact(ProjectClasses.self).declaredIn
        XCTAssertEqual(merged.map(\.name), ["Shared", "Shared", "OnlyB"])
        XCTAssertEqual(merged.map(\.file), ["A.swift", "B.swift (test)", "B.swift (test)"])
    }

    func testOnlyTheFactsOfEnabledRulesAreCollected() {
        let disabled = Linter(rules: [DuplicateClassRule.self, PlainRule.self], selection: RuleSelection(onlyRules: ["test_plain"]))
        XCTAssertTrue(disabled.makeIndex(sources: sources).summaries.allSatisfy { $0.facts.isEmpty })
        var off = RuleSelection()
        off.overrides["test_duplicate_class"] = .off
        XCTAssertTrue(Linter(rules: [DuplicateClassRule.self], selection: off).makeIndex(sources: sources).summaries.allSatisfy { $0.facts.isEmpty })
        XCTAssertTrue(Linter.factTypes(of: disabled.activeRules()).isEmpty)
    }

    /// The command line's path (files read in pass 1, then checked in pass 2) and the in-memory
    /// one build the same index and so report the same findings.
    func testFilesOnDiskGiveTheSameFindingsAsInMemorySources() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ProjectFactTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var onDisk: [(path: String, text: String)] = []
        for s in sources {
            let path = directory.appendingPathComponent(s.path).path
            try s.text.write(toFile: path, atomically: true, encoding: .utf8)
            onDisk.append((path, s.text))
        }
        let linter = Linter(rules: [DuplicateClassRule.self])
        let paths = onDisk.map(\.path)
        let fromDisk = linter.lint(files: paths, projectFiles: paths).findings
        XCTAssertEqual(fromDisk.count, 2)
        XCTAssertEqual(fromDisk, linter.lint(sources: onDisk))
    }

    /// `lint(sources:)` reads a Core Data model's entity classes from its `contents`, as the
    /// command line reads them from the model bundles on disk.
    func testCoreDataModelContentsAmongSourcesDeclareEntities() {
        let model = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel">
            <entity name="Entry" representedClassName="App.Entry" syncable="YES"/>
        </model>
        """
        let linter = Linter(rules: [PlainRule.self])
        let made = linter.makeIndex(sources: [("Model.xcdatamodeld/Model.xcdatamodel/contents", model), ("A.swift", "final class Other {}")])
        XCTAssertEqual(made.files.map(\.path), ["A.swift"], "a model is not a Swift file")
        XCTAssertTrue(made.index.isCoreDataEntity("Entry"))
        XCTAssertFalse(made.index.isCoreDataEntity("Other"))
        XCTAssertFalse(linter.makeIndex(sources: [("contents", model)]).index.isCoreDataEntity("Entry"), "only a model's contents")
    }
}
