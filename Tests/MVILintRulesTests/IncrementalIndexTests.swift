/// Holds `ProjectIndex.updated` (the language server's index after a change to a few files) to
/// a full build from the same summaries: the same symbols, typealiases, inheritance closures,
/// view graph stage and findings in every file, for edits that change conformances, properties,
/// attributes and positions; and no update (a full build instead) for edits that add, remove
/// or rename types.
import XCTest
import Foundation
@testable import MVILintCore
@testable import MVILintRules

final class IncrementalIndexTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// An edit of one file's text: nil when it does not apply to the file.
    struct Edit {
        var name: String
        /// Whether the index can be updated in place after it (else it must be built again).
        var updatesInPlace: Bool
        var apply: (String) -> String?
    }

    /// Replaces the first match of `pattern` (with `$1`-style templates) in `text`.
    static func replacingFirst(_ pattern: String, with template: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        let replacement = regex.replacementString(for: match, in: text, offset: 0, template: template)
        return (text as NSString).replacingCharacters(in: match.range, with: replacement)
    }

    static let edits: [Edit] = [
        Edit(name: "remove the ObservableObject conformance", updatesInPlace: true) {
            replacingFirst(#"^(\s*(?:final |public |@MainActor )*class \w+): ObservableObject \{"#, with: "$1 {", in: $0)
        },
        Edit(name: "add a conformance", updatesInPlace: true) {
            replacingFirst(#"^(\s*(?:final |public |private |@MainActor )*(?:class|struct) \w+: [\w.]+) \{"#, with: "$1, CustomStringConvertible {", in: $0)
        },
        Edit(name: "add a conformance to an extension", updatesInPlace: true) {
            replacingFirst(#"^(\s*extension \w+) \{"#, with: "$1: Hashable {", in: $0)
        },
        Edit(name: "give a type a main-actor protocol in an extension", updatesInPlace: true) {
            replacingFirst(#"^(\s*extension \w+) \{"#, with: "$1: UIApplicationDelegate {", in: $0)
        },
        Edit(name: "make a class ObservableObject", updatesInPlace: true) {
            replacingFirst(#"^(\s*(?:final |public )*class \w+) \{"#, with: "$1: ObservableObject {", in: $0)
        },
        Edit(name: "add a published property", updatesInPlace: true) {
            replacingFirst(#"^(\s*(?:final |public |@MainActor )*class \w+[^{\n]*\{)$"#, with: "$1\n    @Published var addedByEdit: [String] = []", in: $0)
        },
        Edit(name: "add a stored property holding a model", updatesInPlace: true) {
            replacingFirst(#"^(\s*(?:public |private )*struct \w+: View \{)$"#, with: "$1\n    @ObservedObject var addedModel: SessionStore", in: $0)
        },
        Edit(name: "remove a stored property", updatesInPlace: true) {
            replacingFirst(#"^\s*(?:@\w+(?:\([^)]*\))? )*(?:private |public )?(?:let|var) \w+: [\w.<>\[\]?]+\n"#, with: "", in: $0)
        },
        Edit(name: "isolate a type to the main actor", updatesInPlace: true) {
            replacingFirst(#"^((?:final |public )*class \w+)"#, with: "@MainActor $1", in: $0)
        },
        Edit(name: "give a struct a some View body and a protocol of a package", updatesInPlace: true) {
            replacingFirst(#"^(\s*(?:public |private )*struct \w+) \{$"#, with: "$1: ThemedByEdit {\n    var body: some View { EmptyView() }", in: $0)
                ?? replacingFirst(#"^(\s*(?:public |private )*struct \w+: (?:Equatable|Hashable|Identifiable|Sendable)[^{\n]*) \{$"#,
                                  with: "$1, ThemedByEdit {\n    var body: some View { EmptyView() }", in: $0)
        },
        Edit(name: "move every declaration down a line", updatesInPlace: true) { "\n" + $0 },
        Edit(name: "rename a type", updatesInPlace: false) {
            replacingFirst(#"^(\s*(?:final |public |private )*(?:class|struct|enum|protocol) )(\w+)"#, with: "$1$2Renamed", in: $0)
        },
        Edit(name: "add a type", updatesInPlace: false) { $0 + "\nstruct AddedByEdit: Equatable { var value = 0 }\n" },
        Edit(name: "add an extension", updatesInPlace: false) { $0 + "\nextension SessionStore: Identifiable {}\n" },
        Edit(name: "remove a type", updatesInPlace: false) {
            // A top-level struct or enum, to its closing brace at the start of a line.
            replacingFirst(#"^(?:final |public |private )*(?:struct|enum) \w+[^{\n]*\{\n(?:.*\n)*?\}\n"#, with: "", in: $0)
        },
    ]

    /// A linter with every rule enabled, so that every project fact is collected.
    static let linter = Linter(rules: allRules, selection: RuleSelection(onlyRules: Set(allRules.map { $0.info.id })))

    static func summary(_ path: String, _ text: String) -> FileSummary {
        Linter.summary(of: SourceFile(path: path, text: text), facts: linter.enabledFacts, knowledge: linter.settings.knowledge)
    }

    /// Applies each edit to up to `filesPerEdit` files of the project it applies to, one file at
    /// a time and then all of them together, and compares the updated index with a full build.
    /// Returns how many updates were compared.
    @discardableResult
    func check(_ sources: [(path: String, text: String)], filesPerEdit: Int, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let linter = IncrementalIndexTests.linter
        let summaries = sources.map { IncrementalIndexTests.summary($0.path, $0.text) }
        let base = linter.makeIndex(summaries: summaries)
        var compared = 0
        for edit in IncrementalIndexTests.edits {
            var edited: [(k: Int, text: String)] = []
            for k in sources.indices where edited.count < filesPerEdit {
                if let text = edit.apply(sources[k].text), text != sources[k].text { edited.append((k, text)) }
            }
            XCTAssertFalse(edited.isEmpty, "no file for the edit: \(edit.name)", file: file, line: line)
            var groups = edited.map { [$0] }
            if edited.count > 1 { groups.append(edited) }
            for group in groups {
                var next = summaries, nextSources = sources
                var replaced: [Int: FileSummary] = [:]
                for (k, text) in group {
                    next[k] = IncrementalIndexTests.summary(sources[k].path, text)
                    nextSources[k].text = text
                    replaced[k] = summaries[k]
                }
                let what = "\(edit.name) in \(group.map { (sources[$0.k].path as NSString).lastPathComponent })"
                let updated = base.updated(summaries: next, replacing: replaced)
                guard edit.updatesInPlace else {
                    XCTAssertNil(updated, "updated in place: \(what)", file: file, line: line)
                    continue
                }
                guard let updated else {
                    XCTFail("not updated in place: \(what)", file: file, line: line)
                    continue
                }
                let full = linter.makeIndex(summaries: next)
                assertEqual(updated, full, sources: nextSources, what, file: file, line: line)
                // An update of an update: the edit undone gives the first index again.
                var back: [Int: FileSummary] = [:]
                for (k, _) in group { back[k] = next[k] }
                let undone = updated.updated(summaries: summaries, replacing: back)
                XCTAssertNotNil(undone, "undo not updated in place: \(what)", file: file, line: line)
                if let undone { assertEqual(undone, base, sources: sources, "undoing " + what, file: file, line: line) }
                compared += 1
            }
        }
        return compared
    }

    /// Asserts that two indexes hold the same facts and give the same findings in every file.
    func assertEqual(_ a: ProjectIndex, _ b: ProjectIndex, sources: [(path: String, text: String)], _ what: String, file: StaticString, line: UInt) {
        XCTAssertEqual(a.symbolTable.count, b.symbolTable.count, what, file: file, line: line)
        for k in a.symbolTable.indices where k < b.symbolTable.count {
            let x = String(reflecting: a.symbolTable[k]), y = String(reflecting: b.symbolTable[k])
            if x != y { XCTFail("symbol \(k) differs after \(what):\n\(x)\n\(y)", file: file, line: line); break }
        }
        XCTAssertEqual(a.names.entries.map { "\($0)" }, b.names.entries.map { "\($0)" }, what, file: file, line: line)
        for e in a.names.entries {
            XCTAssertEqual(a.names.symbol(e.name), b.names.symbol(e.name), what, file: file, line: line)
            XCTAssertEqual(a.names.aliasTarget(e.name), b.names.aliasTarget(e.name), what, file: file, line: line)
        }
        XCTAssertEqual(a.aliases, b.aliases, what, file: file, line: line)
        XCTAssertEqual(a.ambiguousAliases, b.ambiguousAliases, what, file: file, line: line)
        XCTAssertEqual(a.functionTypeAliases, b.functionTypeAliases, what, file: file, line: line)
        XCTAssertEqual(a.exportedModules, b.exportedModules, what, file: file, line: line)
        XCTAssertEqual(a.keyPathDependencyTypes, b.keyPathDependencyTypes, what, file: file, line: line)
        XCTAssertEqual(a.hasMainActorRequirements, b.hasMainActorRequirements, what, file: file, line: line)
        XCTAssertEqual(a.summaryCount, b.summaryCount, what, file: file, line: line)
        let flags: [(String, KeyPath<ProjectIndex, SymbolFlags>)] = [("observable", \.observableObjects), ("view", \.viewLike), ("app", \.appOrScene),
                                                                     ("core data", \.coreDataEntities), ("main actor", \.mainActorTypes)]
        for (name, path) in flags {
            let x = a.symbolTable.indices.filter { a[keyPath: path].contains($0) }
            let y = b.symbolTable.indices.filter { b[keyPath: path].contains($0) }
            XCTAssertEqual(x, y, "\(name) closure after \(what)", file: file, line: line)
        }
        let c = a.collected, d = b.collected
        XCTAssertEqual(c.providingTypes, d.providingTypes, what, file: file, line: line)
        XCTAssertEqual(c.typeWide, d.typeWide, what, file: file, line: line)
        XCTAssertEqual(c.targets, d.targets, what, file: file, line: line)
        XCTAssertEqual(c.ambiguousNames, d.ambiguousNames, what, file: file, line: line)
        XCTAssertEqual(c.providerFunctions, d.providerFunctions, what, file: file, line: line)
        XCTAssertEqual(c.extensionHosts, d.extensionHosts, what, file: file, line: line)
        // The view graph and the project facts are made by the same code from the same inputs;
        // the findings of every file show that they agree.
        let plan = IncrementalIndexTests.linter.activeRules()
        for s in sources {
            let parsed = SourceFile(path: s.path, text: s.text)
            let x = IncrementalIndexTests.linter.check(parsed, index: a, plan: plan).sorted(by: Finding.reportOrder).map { "\($0)" }
            let y = IncrementalIndexTests.linter.check(parsed, index: b, plan: plan).sorted(by: Finding.reportOrder).map { "\($0)" }
            if x != y { XCTFail("findings in \(s.path) differ after \(what):\n\(x)\n\(y)", file: file, line: line) }
        }
    }

    static func sources(under directory: String) -> [(path: String, text: String)] {
        FileDiscovery.swiftFiles(in: [directory]).files.map { path in
            (path: path, text: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
        }
    }

    func testUpdatesOfTheExampleAppEqualFullBuilds() {
        let sources = IncrementalIndexTests.sources(under: IncrementalIndexTests.repository.appendingPathComponent("Examples/ShopApp").path)
        XCTAssertGreaterThan(sources.count, 20)
        let compared = check(sources, filesPerEdit: 2)
        XCTAssertGreaterThan(compared, 12)
    }

    func testUpdatesOfAGeneratedProjectEqualFullBuilds() throws {
        let script = IncrementalIndexTests.repository.appendingPathComponent("Benchmarks/generate.py").path
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-incremental-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "40", directory]
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { throw XCTSkip("python3 is not available: \(error)") }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("python3 could not run the generator") }
        var sources = IncrementalIndexTests.sources(under: directory)
        XCTAssertGreaterThan(sources.count, 30)
        // The generated project's own model name, for the edit that adds a held model.
        sources.append((path: directory + "/Sources/SessionStore.swift", text: "final class SessionStore: ObservableObject {}\n"))
        sources.sort { $0.path < $1.path }
        let compared = check(sources, filesPerEdit: 2)
        XCTAssertGreaterThan(compared, 12)
    }
}
