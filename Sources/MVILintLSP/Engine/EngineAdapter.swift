/// The language server's one point of contact with mvilint's engine: configuration, file
/// summaries, the project index and checking.

import Foundation
import MVILintCore

/// One project's engine state: its configuration, every file's summary, and the project index
/// built from them, as the command line builds them (the same file discovery, configuration
/// lookup, project settings and index constructor).
///
/// The server keeps the summaries between changes. When a file changes, only that file is
/// summarised again; `update` compares the new summary with the old one and says what other
/// files can see of the difference. The index is then built again from the summaries in memory
/// (no file is read or parsed again), and only when something visible changed: updated from
/// the last index where the changed files allow it (`ProjectIndex.updated`), else in full.
///
/// Not thread-safe: the server's worker owns it. `summarise` is the exception: it touches no
/// state, so pass 1 calls it on several threads.
final class EngineAdapter {
    let rules: [any Rule.Type]
    let infos: [RuleInfo]
    /// The project root, absolute.
    let root: String
    /// The configuration file in use, if any.
    private(set) var configurationPath: String?
    private(set) var configuration: Configuration?
    /// Problems of the configuration file; the last valid configuration (or none) stays in use.
    private(set) var configurationIssues: [ConfigurationIssue] = []
    private var linter: Linter
    /// What pass 1 collects with the current configuration: the enabled rules' project facts.
    private(set) var summariser = Summariser(facts: [], knowledge: .builtIn)
    /// The last `configure` changed what pass 1 collects (another set of enabled rules' facts,
    /// other knowledge tables): the summaries in memory are out of date.
    private(set) var summariserChanged = false
    /// The summaries in path order (the order of the command line's discovery, in which the
    /// index takes them), and each path's place in that order.
    private var paths: [String] = []
    private var summaries: [FileSummary] = []
    private var slots: [String: Int] = [:]
    private var index: ProjectIndex?
    /// The last index built, while the summaries differ from those it was built from only at
    /// the positions of `replaced` (each with the summary it had then); the next index is
    /// updated from it. Nil after files were added or removed, or the configuration changed.
    private var base: ProjectIndex?
    private var replaced: [Int: FileSummary] = [:]
    /// Edges for finding what a change reaches, each counted once per file that makes it, kept
    /// up to date file by file: a type or alias name → the types that inherit from it or alias
    /// it (`inheritance`), the types that hold it in a stored property (`holders`), and a view →
    /// the views its members construct (`views`).
    private var inheritance: [String: [String: Int]] = [:]
    private var holders: [String: [String: Int]] = [:]
    private var views: [String: [String: Int]] = [:]
    /// The manifests, Xcode projects and Core Data models of the last discovery.
    private var manifests: [String] = []

    init(root: String, rules: [any Rule.Type], infos: [RuleInfo]) {
        self.root = root
        self.rules = rules
        self.infos = infos
        self.linter = Linter(rules: rules)
    }

    /// The project root that the command line picks for a lint of `path`.
    static func projectRoot(for path: String) -> String {
        FileDiscovery.projectRoot(for: [path])
    }

    /// Every Swift file of the project, as `mvilint lint ROOT` finds them (sorted, absolute).
    func discoverFiles() -> [String] {
        let walked = FileDiscovery.swiftFiles(in: [root])
        manifests = walked.manifests
        return walked.files
    }

    /// The project's Swift files, found as `discoverFiles` finds them, without keeping anything. Thread-safe.
    static func discoverFiles(root: String) -> [String] {
        FileDiscovery.swiftFiles(in: [root]).files
    }

    /// Whether a path names a file that changes the project settings (a manifest or an Xcode project).
    static func isSettingsFile(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name == "Package.swift" || name.hasPrefix("Package@swift") || path.contains(".xcodeproj/") || path.hasSuffix(".pbxproj")
            || path.contains(".xcdatamodel")
    }

    static let configurationFileName = ConfigurationLoader.fileName

    /// The configuration file that applies to a project root, if any.
    static func configurationPath(for root: String) -> String? { ConfigurationLoader.find(from: root) }

    /// Loads the configuration that applies to the root (`text` in place of the file's content,
    /// for an unsaved buffer) and the project settings, as a lint run does. On an invalid
    /// configuration the previous one stays in use and `configurationIssues` says why.
    func configure(text: String? = nil) {
        settlePending()
        let path = ConfigurationLoader.find(from: root)
        configurationPath = path
        configurationIssues = []
        if let path {
            do {
                if let text {
                    configuration = try ConfigurationLoader.parse(text, path: path, rules: infos)
                } else {
                    configuration = try ConfigurationLoader.load(path: path, rules: infos)
                }
            } catch let error as ConfigurationError {
                configurationIssues = error.issues
            } catch {
                configurationIssues = [ConfigurationIssue(path: path, line: 0, keyPath: "", message: "\(error)")]
            }
        } else {
            configuration = nil
        }
        var settings = ProjectSettings()
        settings.defaultMainActorDirectories = FileDiscovery.defaultMainActorDirectories(projectRoot: root, manifests: manifests)
        settings.coreDataEntityClasses = FileDiscovery.coreDataEntityClasses(manifests: manifests)
        var selection = RuleSelection()
        configuration?.apply(to: &selection)
        configuration?.apply(to: &settings)
        linter = Linter(rules: rules, selection: selection, settings: settings)
        let next = Summariser(facts: linter.enabledFacts, knowledge: settings.knowledge)
        summariserChanged = next.key != summariser.key
        summariser = next
        dropIndex()
    }

    /// Whether the configuration lints `path` (`included`/`excluded`); every file is indexed.
    func isLinted(_ path: String) -> Bool {
        configuration?.isLinted(path) ?? true
    }

    // MARK: Summaries

    /// What pass 1 learns from one file's bytes.
    struct Summarised {
        fileprivate var summary: FileSummary?
        /// Why the file cannot be linted (not UTF-8, binary), when it cannot.
        var problem: String?
    }

    /// Pass 1 as a lint run with one configuration does it: a file's summary with its
    /// contributions to the project facts of the enabled rules. A value, so that the threads of
    /// pass 1 use it without touching the adapter. The summaries of one indexing share their
    /// long names (`interner`); a summary made for a change has a table of its own, which goes
    /// with it.
    struct Summariser: @unchecked Sendable {
        // `@unchecked`: fact types and the knowledge tables are immutable.
        let facts: [any ProjectFact.Type]
        let knowledge: Knowledge
        var interner: StringInterner?

        init(facts: [any ProjectFact.Type], knowledge: Knowledge, interner: StringInterner? = nil) {
            self.facts = facts
            self.knowledge = knowledge
            self.interner = interner
        }

        /// What tells two summarisers apart: their facts and their knowledge.
        var key: String {
            var positions: [String] = [], first: String?
            return facts.map { String(reflecting: $0) }.joined(separator: ",") + "|"
                + Reflection.fingerprint(knowledge, position: { _ in nil }, positions: &positions, first: &first)
        }

        /// The same, sharing long names among the summaries it makes.
        func sharingNames() -> Summariser { Summariser(facts: facts, knowledge: knowledge, interner: StringInterner()) }

        /// Summarises a file. Thread-safe.
        func summarise(path: String, bytes: [UInt8]) -> Summarised {
            switch SourceReader.validate(bytes) {
            case .failure(let message):
                return Summarised(summary: nil, problem: message)
            case .success(let valid):
                let file = SourceFile(path: path, bytes: valid)
                let summary = Linter.summary(of: file, facts: facts, knowledge: knowledge, interner: interner ?? StringInterner())
                return Summarised(summary: summary, problem: nil)
            }
        }

        /// Reads and summarises a file on disk. Thread-safe.
        func summariseFile(_ path: String) -> (Summarised, bytes: [UInt8]?) {
            switch SourceReader.read(path) {
            case .failure(let message): return (Summarised(summary: nil, problem: message), nil)
            case .success(let b): return (summarise(path: path, bytes: b), b)
            }
        }
    }

    /// What other files can see of a change to one file.
    struct Change {
        /// Something besides positions changed: the index must be built again.
        var visible = false
        /// Positions of declarations moved (notes that point into the file are stale).
        var moved = false
        /// Names whose facts changed (declared types, and the names that the file's other
        /// contributions mention); files that mention them may get other findings.
        var names = Set<String>()
        /// The file's part of the view graph changed.
        var viewGraph = false
        /// A change that may reach any file (a re-exported module).
        var everywhere = false
    }

    /// Replaces (or, with nil, removes) the summary of `path` and says what changed.
    func update(_ path: String, to new: Summarised?) -> Change {
        settlePending()
        let old = slots[path].map { summaries[$0] }
        let change = EngineAdapter.compare(old, new?.summary)
        if let k = slots[path], let old, new?.summary != nil {
            // Replaced in place: the next index may be updated from the last one.
            if replaced[k] == nil { replaced[k] = old }
        } else {
            forgetBase()
        }
        if change.visible {
            if let old { count(edges(of: old), by: -1) }
            if let n = new?.summary { count(edges(of: n), by: 1) }
            store(path, new?.summary)
            dropIndex(keepingBase: true)
        } else {
            // Equal but for positions: the new summary replaces the old all the same.
            store(path, new?.summary)
            if change.moved { positionsStale = true }
        }
        return change
    }

    /// Forgets the index, and unless `keepingBase`, the index that the next one would be
    /// updated from. It is freed on another thread: freeing an index of 10 000 files takes a few
    /// milliseconds that the next check need not wait for.
    private func dropIndex(keepingBase: Bool = false) {
        if !keepingBase { forgetBase() }
        guard let old = index else { return }
        index = nil
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(old) {} }
    }

    /// The next index is built in full.
    private func forgetBase() {
        base = nil
        replaced = [:]
    }

    /// Waits for an index being built (its summaries are about to change); it becomes the
    /// current index, built from the summaries as they are until then.
    private func settlePending() {
        if let pending = pendingIndex {
            pendingIndex = nil
            pending.done.wait()
            count(pending.updated)
            index = pending.index
            base = pending.index
        }
    }

    /// Whether the index holds declaration positions that moved since it was built (nothing
    /// else changed). Only notes read those positions, so the file being typed in is checked
    /// first with the index as it is, and the index is built again before other files
    /// (`refreshPositions`).
    private(set) var positionsStale = false

    /// Builds the index again if declaration positions moved since it was built.
    func refreshPositions() {
        guard positionsStale else { return }
        positionsStale = false
        dropIndex(keepingBase: true)
        currentIndex()
    }

    /// Sets the summary of `path` without comparing (while indexing the whole project).
    func load(_ path: String, _ summarised: Summarised) {
        settlePending()
        if let old = slots[path].map({ summaries[$0] }) { count(edges(of: old), by: -1) }
        if let s = summarised.summary { count(edges(of: s), by: 1) }
        store(path, summarised.summary)
        dropIndex()
    }

    /// Puts a summary in its place in path order (appending when paths come in order, as a
    /// project's discovery lists them), or removes it.
    private func store(_ path: String, _ summary: FileSummary?) {
        if let k = slots[path] {
            if let summary {
                summaries[k] = summary
                return
            }
            paths.remove(at: k)
            summaries.remove(at: k)
            slots[path] = nil
            for j in k..<paths.count { slots[paths[j]] = j }
            return
        }
        guard let summary else { return }
        if paths.last.map({ $0 < path }) ?? true {
            slots[path] = paths.count
            paths.append(path)
            summaries.append(summary)
            return
        }
        var lo = 0, hi = paths.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if paths[mid] < path { lo = mid + 1 } else { hi = mid }
        }
        paths.insert(path, at: lo)
        summaries.insert(summary, at: lo)
        for j in lo..<paths.count { slots[paths[j]] = j }
    }

    /// The edges a summary contributes (see `inheritance`, `holders`, `views`).
    private func edges(of s: FileSummary) -> [(kind: Int, from: String, to: String)] {
        var out: [(kind: Int, from: String, to: String)] = []
        for t in s.types.indices {
            let name = s.types[t].name
            for parent in s.types[t].inherited where parent != name { out.append((0, parent, name)) }
            for p in s.types[t].storedProperties {
                if let held = p.typeName, held != name { out.append((1, held, name)) }
            }
        }
        for (alias, target) in s.aliases where alias != target { out.append((0, target, alias)) }
        if let graph = s.viewGraph {
            for site in graph.sites {
                if case .type(let owner, _) = site.owner, owner != site.target { out.append((2, owner, site.target)) }
            }
        }
        return out
    }

    private func count(_ list: [(kind: Int, from: String, to: String)], by delta: Int) {
        for e in list {
            func adjust(_ map: inout [String: [String: Int]]) {
                let n = (map[e.from]?[e.to] ?? 0) + delta
                if n > 0 {
                    map[e.from, default: [:]][e.to] = n
                } else {
                    map[e.from]?[e.to] = nil
                    if map[e.from]?.isEmpty == true { map[e.from] = nil }
                }
            }
            switch e.kind {
            case 0: adjust(&inheritance)
            case 1: adjust(&holders)
            default: adjust(&views)
            }
        }
    }

    /// Reads a source file as a lint run does (regular files only, size limit, UTF-8). Thread-safe.
    static func read(_ path: String) -> Result<[UInt8], ReadError> {
        switch SourceReader.read(path) {
        case .success(let b): return .success(b)
        case .failure(let message): return .failure(ReadError(message: message))
        }
    }

    struct ReadError: Error { var message: String }

    /// Whether the project's file discovery would list `path` (a `.swift` file under the root,
    /// not a manifest, not inside a hidden or skipped directory such as `.build`).
    func isSourceFile(_ path: String) -> Bool {
        let base = root.hasSuffix("/") ? root : root + "/"
        guard path.hasPrefix(base), path.hasSuffix(".swift") else { return false }
        let components = path.dropFirst(base.count).split(separator: "/")
        guard let name = components.last, !(name == "Package.swift" || name.hasPrefix("Package@swift")) else { return false }
        return !components.contains { $0.hasPrefix(".") || FileDiscovery.skippedDirectoryNames.contains(String($0)) }
    }

    /// `path` made absolute and standardized as the command line does.
    static func absolutePath(_ path: String) -> String { FileDiscovery.absolutePath(path) }

    /// Forgets every summary (before indexing the project again).
    func removeAll() {
        settlePending()
        paths = []
        summaries = []
        slots = [:]
        inheritance = [:]
        holders = [:]
        views = [:]
        dropIndex()
    }

    var summaryCount: Int { summaries.count }

    /// The project index over the current summaries, built when something visible changed.
    @discardableResult
    func currentIndex() -> ProjectIndex {
        if let index { return index }
        if let pending = pendingIndex {
            pendingIndex = nil
            pending.done.wait()
            count(pending.updated)
            index = pending.index
            base = pending.index
            return pending.index!
        }
        positionsStale = false
        let (built, updated) = EngineAdapter.makeIndex(summaries, linter: linter, from: base, replacing: replaced)
        count(updated)
        index = built
        base = built
        replaced = [:]
        return built
    }

    /// Starts building the index on another thread when it is out of date, so that it is ready
    /// sooner for `currentIndex`, while the caller works out what the change reaches. Nothing
    /// may change the summaries until then.
    func prepareIndex() {
        guard index == nil, pendingIndex == nil else { return }
        positionsStale = false
        let pending = PendingIndex()
        let snapshot = summaries
        pendingIndex = pending
        let linter = self.linter
        let (from, replacing) = (base, replaced)
        base = nil
        replaced = [:]
        DispatchQueue.global(qos: .userInitiated).async {
            (pending.index, pending.updated) = EngineAdapter.makeIndex(snapshot, linter: linter, from: from, replacing: replacing)
            pending.done.signal()
        }
    }

    private var pendingIndex: PendingIndex?

    private final class PendingIndex: @unchecked Sendable {
        var index: ProjectIndex?
        var updated = false
        let done = DispatchSemaphore(value: 0)
    }

    /// The index as a lint run builds it (the project settings, the enabled rules' facts),
    /// updated from `base` when the summaries at the positions of `replacing` are all that
    /// changed since `base` was built and `ProjectIndex.updated` can take the changes.
    private static func makeIndex(_ summaries: [FileSummary], linter: Linter, from base: ProjectIndex?, replacing: [Int: FileSummary]) -> (ProjectIndex, updated: Bool) {
        if let base, let updated = base.updated(summaries: summaries, replacing: replacing) { return (updated, true) }
        return (linter.makeIndex(summaries: summaries), false)
    }

    /// How many indexes were updated from the last one, and how many built in full.
    private(set) var indexBuilds = (updated: 0, full: 0)

    private func count(_ updated: Bool) {
        if updated { indexBuilds.updated += 1 } else { indexBuilds.full += 1 }
    }

    // MARK: Checking

    /// A finding with the bytes it covers in the checked text.
    struct CheckedFinding {
        var finding: Finding
        /// The byte range of the token the finding is reported at (empty at the end of the text).
        var range: Range<Int>
    }

    /// Runs the enabled rules over `bytes` as the file at `path`, against the current index.
    /// Returns nil with a message when the bytes cannot be linted.
    func check(_ path: String, bytes: [UInt8]) -> (findings: [CheckedFinding], problem: String?) {
        let valid: [UInt8]
        switch SourceReader.validate(bytes) {
        case .failure(let message): return ([], message)
        case .success(let b): valid = b
        }
        let file = SourceFile(path: path, bytes: valid)
        let findings = linter.check(file, index: currentIndex())
        return (findings.sorted(by: Finding.reportOrder).map { f in
            CheckedFinding(finding: f, range: EngineAdapter.tokenRange(of: f.location, in: file))
        }, nil)
    }

    /// The bytes of the token at a finding's line and character column (one character when no
    /// token starts there).
    static func tokenRange(of location: SourceLocation, in file: SourceFile) -> Range<Int> {
        let line = max(1, min(location.line, file.lineStarts.count))
        let lineStart = Int(file.lineStarts[line - 1])
        let lineEnd = line < file.lineStarts.count ? Int(file.lineStarts[line]) : file.bytes.count
        var contentEnd = lineEnd
        while contentEnd > lineStart, file.bytes[contentEnd - 1] == 10 || file.bytes[contentEnd - 1] == 13 { contentEnd -= 1 }
        let start = UTF16Columns.offset(ofCharacterColumn: location.column, in: file.bytes, lineStart: lineStart, lineEnd: contentEnd)
        // The token starting there, by binary search on the tokens' starts.
        let tokens = file.tokens
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(tokens[mid].start) < start { lo = mid + 1 } else { hi = mid }
        }
        if lo < tokens.count, Int(tokens[lo].start) == start, tokens[lo].end > tokens[lo].start {
            return start..<min(Int(tokens[lo].end), max(start, contentEnd))
        }
        guard start < contentEnd else { return start..<start }
        return start..<min(contentEnd, start + UTF16Columns.sequenceLength(file.bytes[start]))
    }

    // MARK: What a change reaches

    /// The names a change reaches besides its own: the types that inherit from a changed name
    /// or alias it (transitively), the types that hold one in a stored property (two levels:
    /// a view's model, the model's state), and, when the view graph changed, the views
    /// constructed below the changed views (transitively, as far as environment objects flow),
    /// which are returned apart: only files that read an environment object need them.
    func reach(of change: Change) -> (names: Set<String>, views: Set<String>) {
        var reached = change.names
        // Inheritance and aliases, to a fixed point.
        var frontier = Array(reached)
        while let name = frontier.popLast() {
            for sub in (inheritance[name] ?? [:]).keys where reached.insert(sub).inserted { frontier.append(sub) }
        }
        // Holders, two levels.
        var level = reached
        for _ in 0..<2 {
            var next = Set<String>()
            for name in level { for holder in (holders[name] ?? [:]).keys where !reached.contains(holder) { next.insert(holder) } }
            reached.formUnion(next)
            level = next
        }
        var below = Set<String>()
        if change.viewGraph {
            var stack = Array(change.names)
            var seen = Set(stack)
            while let v = stack.popLast() {
                for child in (views[v] ?? [:]).keys where seen.insert(child).inserted { stack.append(child) }
            }
            below = seen.subtracting(reached)
        }
        return (reached, below)
    }

    /// Words a file must contain for a view-graph change to reach its findings: the view graph
    /// only serves `missing_environment_object`, which reports on views that read an
    /// environment object.
    static let viewGraphReaderWords = ["EnvironmentObject", "Environment"]

    // MARK: Comparing summaries

    /// Compares two summaries of one file field by field (by reflection, so that a field added
    /// to `FileSummary` is compared without a change here). Positions are compared apart: a
    /// declaration that moved is not a visible change, but notes that point at it are stale.
    static func compare(_ old: Summarised?, _ new: Summarised?) -> Change { compare(old?.summary, new?.summary) }

    static func compare(_ old: FileSummary?, _ new: FileSummary?) -> Change {
        var change = Change()
        let oldFields = fields(old), newFields = fields(new)
        for label in Set(oldFields.keys).union(newFields.keys) where label != "path" {
            let a = oldFields[label], b = newFields[label]
            var positionsA: [String] = [], positionsB: [String] = []
            let unitsA = a.map { units(of: $0, label: label, positions: &positionsA) } ?? []
            let unitsB = b.map { units(of: $0, label: label, positions: &positionsB) } ?? []
            if positionsA != positionsB { change.moved = true }
            let differing = Reflection.symmetricDifference(unitsA, unitsB)
            guard !differing.isEmpty else { continue }
            change.visible = true
            for unit in differing { change.names.formUnion(unit.names) }
            if label == "viewGraph" { change.viewGraph = true }
            if label == "exportedImports" { change.everywhere = true }
        }
        return change
    }

    private typealias Unit = Reflection.Unit

    /// A declaration position, which fingerprints leave out.
    private static func position(_ value: Any) -> String? {
        (value as? SourceLocation).map { "\($0.line):\($0.column)" }
    }

    private static func fields(_ summary: FileSummary?) -> [String: Any] {
        guard let summary else { return [:] }
        var out: [String: Any] = [:]
        for child in Mirror(reflecting: summary).children {
            if let label = child.label { out[label] = child.value }
        }
        return out
    }

    /// The units of one field. A unit stands for the name it starts with (the first string in
    /// it: a type entry's name, a function's, an alias's, a dictionary entry's key): other
    /// files that depend on the fact mention that name. A construction site of the view graph
    /// also stands for the view that constructs.
    private static func units(of value: Any, label: String, positions: inout [String]) -> [Unit] {
        if label == "facts" {
            // One unit for each fact the file contributes to, which stands for every name in it:
            // what a rule collects is read by other files under any of those names (a member
            // written from outside its type, a function that hops to the main queue).
            let entries = Mirror(reflecting: value).children.first { $0.label == "entries" }.map { Reflection.elements(of: $0.value) } ?? []
            return entries.map { entry in
                var first: String?
                let print = Reflection.fingerprint(entry, position: position, positions: &positions, first: &first)
                var names: [String] = []
                for s in Reflection.strings(in: entry) { Reflection.identifierWords(s, into: &names) }
                return Unit(fingerprint: print, names: names)
            }
        }
        if label == "viewGraph" {
            guard let graph = value as? ViewGraphSummary else { return [] }
            var out: [Unit] = []
            for child in Mirror(reflecting: graph).children where child.label != "path" {
                out += Reflection.elements(of: child.value).map { element in
                    var first: String?
                    let print = (child.label ?? "") + ":" + Reflection.fingerprint(element, position: position, positions: &positions, first: &first)
                    var names: [String] = []
                    Reflection.identifierWords(first ?? "", into: &names)
                    if let site = element as? ViewConstructionSite, case .type(let owner, _) = site.owner { names.append(owner) }
                    return Unit(fingerprint: print, names: names)
                }
            }
            return out
        }
        return Reflection.elements(of: value).map { element in
            var first: String?
            let print = Reflection.fingerprint(element, position: position, positions: &positions, first: &first)
            var names: [String] = []
            Reflection.identifierWords(first ?? "", into: &names)
            return Unit(fingerprint: print, names: names)
        }
    }
}
