/// The lint engine: read and parse every project file in parallel, build the index, check.

import Dispatch
import Foundation

/// A problem with an input (not a finding): a file that cannot be read or decoded.
public struct InputDiagnostic: Sendable, Hashable {
    public var path: String
    public var message: String
    public init(path: String, message: String) { self.path = path; self.message = message }
}

/// Which rules run, and how severe their findings are.
public struct RuleSelection: Sendable {
    public var profile: Profile = .mvvm
    /// When set, exactly these rules run (also those that are off by default).
    public var onlyRules: Set<String>?
    /// Per-rule severity set by the user (configuration); wins over profile defaults.
    public var overrides: [String: Severity] = [:]
    /// Per-rule options set by the user (configuration), by rule id then key.
    public var options: [String: [String: OptionValue]] = [:]

    public init(profile: Profile = .mvvm, onlyRules: Set<String>? = nil, overrides: [String: Severity] = [:]) {
        self.profile = profile; self.onlyRules = onlyRules; self.overrides = overrides
    }

    /// The effective severity of a rule: rule default, then profile, then the user's setting;
    /// `onlyRules` turns a rule that would be off into a warning.
    public func severity(of info: RuleInfo) -> Severity {
        if let only = onlyRules {
            guard only.contains(info.id) else { return .off }
            let s = overrides[info.id] ?? info.defaultSeverity(for: profile)
            return s == .off ? .warning : s
        }
        return overrides[info.id] ?? info.defaultSeverity(for: profile)
    }
}

/// Time spent in each phase, in seconds.
///
/// `finding` (the command line's search for the files, 0 for `Linter` alone), `reading`,
/// `scanning`, `indexing` and `checking` are wall-clock times that add up to about `total`.
/// Reading and scanning share the first parallel pass, and checking shares the second with
/// reading and scanning again the lint files that were not kept in memory, so each pass's wall
/// time is split between its activities in proportion to the time the threads spent on each;
/// those per-activity times, summed over threads, are the `…Work` fields.
public struct LintTimings: Sendable {
    public var finding = 0.0
    public var reading = 0.0
    public var scanning = 0.0
    public var indexing = 0.0
    public var checking = 0.0
    public var total = 0.0
    public var readingWork = 0.0
    public var scanningWork = 0.0
    public var checkingWork = 0.0
    /// Lint files that were read and scanned a second time for checking.
    public var rescannedFiles = 0
    /// Lint files not checked: no enabled rule can report in them (`FileScope`).
    public var skippedFiles = 0
    public var bytes = 0
    public var files = 0
    /// Peak resident memory of the process, in bytes, when pass 1 ended, when the index was
    /// built and when checking ended (0 where the platform does not tell).
    public var peakMemoryAfterScan = 0
    public var peakMemoryAfterIndex = 0
    public var peakMemoryAfterCheck = 0
    public init() {}
}

/// The process's peak resident set size so far, in bytes (0 when unknown).
func peakResidentBytes() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
    guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
    return Int(usage.ru_maxrss)
    #else
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
    return Int(usage.ru_maxrss) * 1024
    #endif
}

/// The outcome of one lint run.
public struct LintResult: Sendable {
    public var findings: [Finding]
    public var diagnostics: [InputDiagnostic]
    public var lintedFileCount: Int
    public var timings: LintTimings
    /// The bytes of each linted file as it was linted, when `Linter.retainsSources` is set
    /// (`--fix` checks that a file is unchanged before writing it).
    public var sources: [String: [UInt8]] = [:]
    /// The project index the run built, when `Linter.keepsIndex` is set (the architecture graph
    /// is drawn from it); nil otherwise, so that runs that do not draw it free it early.
    public var index: ProjectIndex? = nil
}

/// Shared settings that affect type resolution.
public struct ProjectSettings: Sendable {
    public var modelSuffixes: [String] = ["ViewModel", "Store"]
    /// Extra type names (or suffixes) of the domain and data layers, beyond the built-in suffixes.
    public var useCaseSuffixes: [String] = []
    /// Layer definitions for `layer_dependency`: layer name → type-name suffixes.
    public var layers: [String: [String]] = [:]
    /// Allowed layer edges for `layer_dependency`: layer name → layers it may reference.
    public var allowedLayerDependencies: [String: [String]] = [:]
    /// Absolute paths whose files default to MainActor isolation: directories (ending with `/`),
    /// files, and files left out of a directory (starting with `!`); see `FileDiscovery.defaultMainActorDirectories`.
    public var defaultMainActorDirectories: [String] = []
    public var defaultMainActorEverywhere = false
    /// Class names of the Core Data entities that the project's models declare
    /// (`FileDiscovery.coreDataEntityClasses`): Xcode generates them, the sources do not.
    public var coreDataEntityClasses: Set<String> = []
    /// What mvilint knows about frameworks and libraries: the built-in tables, extended by the
    /// configuration (`main_queue_callbacks`, `data_layer_types`, `view_like_protocols`).
    public var knowledge = Knowledge.builtIn
    public init() {}
}

public final class Linter {
    public let rules: [any Rule.Type]
    public var selection: RuleSelection
    public var settings: ProjectSettings
    /// Whether `lint(files:projectFiles:)` returns the linted files' bytes in `LintResult.sources`.
    public var retainsSources = false
    /// Source bytes of parsed lint files that pass 1 may keep for pass 2; the rest are read and
    /// scanned again in pass 2. Parsed files take about ten times their size in memory, and
    /// keeping more does not make projects faster (measured: keeping all 82 MB of a 10 000-file
    /// project took 670 to 760 MB in different runs and no less time; keeping all 8 MB of a
    /// 1 000-file project took 82 MB instead of 31 MB and no less time either: a file scanned
    /// again just before its check is still in the processor's cache). So this covers a handful
    /// of staged files, not a project.
    public var retainedSourceBudget = 1 << 20
    /// Whether pass 2 leaves out the lint files in which no enabled rule can report (see
    /// `FileScope`), and runs on the others only the rules that can; the files left out are
    /// counted as linted, with no findings. Off when `retainsSources` is set.
    public var skipsFilesOutOfScope = true
    /// Whether the project's summaries are left to the end of the process rather than freed once
    /// the index is built. A command-line run that lints once and exits sets it: freeing the
    /// summaries of 100 000 files (millions of small objects) took 0.15 to 0.3 s of the two cores
    /// while pass 2 ran, and the process gives all of its memory back when it exits anyway. Peak
    /// memory grows by what pass 2 allocates meanwhile (275 to 286 MB on that project, in MB of
    /// 2^20 bytes). Off for a library caller, and for a run that lints again (`--fix`).
    public var leavesMemoryToExit = false
    /// Whether `lint(files:projectFiles:)` returns the index in `LintResult.index` instead of
    /// freeing it (`mvilint graph` and the reporters that draw the architecture graph).
    public var keepsIndex = false

    public init(rules: [any Rule.Type], selection: RuleSelection = RuleSelection(), settings: ProjectSettings = ProjectSettings()) {
        self.rules = rules; self.selection = selection; self.settings = settings
    }

    /// Lints `lintFiles`, resolving types from `projectFiles` (lint files are added when missing).
    /// Paths are used as given in findings. `contents` replaces the on-disk source of the paths
    /// it names (standard input, git's staged version); they need not exist on disk.
    ///
    /// Pass 1 reads, scans and summarises every file; pass 2 checks the lint files against the
    /// index. Memory stays bounded on large projects: pass 1 keeps the parsed lint files only
    /// while `retainedSourceBudget` lasts, and pass 2 reads and scans the others again, one at a
    /// time per thread. A file that cannot be read in either pass gets a diagnostic. Pass 2
    /// leaves out the lint files in which no enabled rule can report (`skipsFilesOutOfScope`).
    public func lint(files lintFiles: [String], projectFiles: [String], contents: [String: [UInt8]] = [:]) -> LintResult {
        let start = DispatchTime.now()
        // Usually the whole project is linted: every file is then a lint file, and no set of
        // paths is needed (two sets of 100 000 paths take a twentieth of a second to build).
        let lintsAll = lintFiles == projectFiles
        let lintSet = lintsAll ? [] : Set(lintFiles)
        var all = projectFiles
        if !lintsAll {
            var seen = Set(projectFiles)
            for f in lintFiles where !seen.contains(f) { all.append(f); seen.insert(f) }
        }
        var timings = LintTimings()
        let budget = ByteBudget(retainedSourceBudget)
        // The summaries of the whole project stay in memory until the index is built: names
        // that many files mention are kept once.
        let interner = StringInterner()
        let plan = activeRules()
        let facts = Linter.factTypes(of: plan)
        let knowledge = settings.knowledge
        let scoping = skipsFilesOutOfScope && !retainsSources
        let scopeWords = FileScope.words(of: plan.map(\.rule))
        let needles = scopeWords.map(FileScope.Needle.init)

        // Pass 1: read, scan, parse and summarise every file in parallel.
        var loaded = parallelMap(all) { path -> LoadedFile in
            let isLintFile = lintsAll || lintSet.contains(path)
            let (outcome, readTime) = self.read(path, contents)
            let bytes: [UInt8]
            switch outcome {
            case .failure(let message):
                return LoadedFile(path: path, isLintFile: isLintFile, summary: nil, file: nil, diagnostic: InputDiagnostic(path: path, message: message),
                                  readTime: readTime, scanTime: 0, size: 0, wordMask: 0)
            case .success(let b):
                bytes = b
            }
            let t1 = DispatchTime.now()
            let file = SourceFile(path: path, bytes: bytes)
            let summary = Linter.summary(of: file, facts: facts, interner: interner, knowledge: knowledge)
            let wordMask = scoping && isLintFile ? FileScope.mask(of: needles, in: bytes) : 0
            let scanTime = seconds(t1, DispatchTime.now())
            let keep = isLintFile && budget.take(bytes.count)
            return LoadedFile(path: path, isLintFile: isLintFile, summary: summary, file: keep ? file : nil, diagnostic: nil,
                              readTime: readTime, scanTime: scanTime, size: bytes.count, wordMask: wordMask)
        }
        let pass1End = DispatchTime.now()
        var diagnostics: [InputDiagnostic] = []
        // Read in place: binding each entry to a local would copy its summary, retaining all of
        // its arrays and strings (a tenth of a second on a project of 100 000 files).
        for k in loaded.indices {
            timings.readingWork += loaded[k].readTime
            timings.scanningWork += loaded[k].scanTime
            timings.bytes += loaded[k].size
            if loaded[k].isLintFile, let d = loaded[k].diagnostic { diagnostics.append(d) }
        }
        timings.files = loaded.count
        timings.peakMemoryAfterScan = peakResidentBytes()
        let pass1 = seconds(start, pass1End)
        let work1 = timings.readingWork + timings.scanningWork
        timings.reading = work1 > 0 ? pass1 * timings.readingWork / work1 : 0
        timings.scanning = pass1 - timings.reading

        // Only the summaries and the kept files outlive pass 1: the rest is dropped before the
        // index is built, and the summaries once it is.
        // `rules`: bit `k` set when `plan[k]` may report in the file (all bits without scoping).
        var targets: [(path: String, file: SourceFile?, rules: UInt64)] = []
        // For each target, its summary and the scope words its bytes contain.
        var targetFacts: [(summary: Int, wordMask: UInt64)] = []
        var summaries: [FileSummary] = []
        summaries.reserveCapacity(loaded.count)
        for i in loaded.indices {
            // Moved out, not copied: a copy retains every array and string of every summary.
            var moved: FileSummary? = nil
            swap(&moved, &loaded[i].summary)
            guard let s = consume moved else { continue }
            summaries.append(consume s)
            if loaded[i].isLintFile {
                targets.append((loaded[i].path, loaded[i].file, Linter.allRules(plan.count)))
                targetFacts.append((summaries.count - 1, loaded[i].wordMask))
            }
        }
        loaded = []
        var ownedIndex: ProjectIndex? = Linter.makeIndex(summaries, settings: settings, facts: facts)
        if scoping {
            // On all cores: on a large project, asking every rule about every file is a second
            // of one thread's time (index lookups of names, summaries spread over memory).
            let suppressionBit = scopeWords.firstIndex(of: FileScope.suppressionWord).map { UInt64(1) << UInt64($0) } ?? 0
            let allRules = Linter.allRules(plan.count)
            let inScope = parallelMap(targetFacts) { facts -> UInt64 in
                // A suppression comment is checked against every rule (an unused one is reported).
                if facts.wordMask & suppressionBit != 0 { return allRules }
                // `ownedIndex` is read, never written, while the threads run; it is the index's only
                // owner, so that handing it over at the end leaves no other reference.
                let scope = FileScope(types: summaries[facts.summary].types, project: ownedIndex!, settings: self.settings, words: scopeWords, wordMask: facts.wordMask,
                                      path: summaries[facts.summary].path)
                // Each rule is asked: pass 2 runs only those that may report in the file.
                var rules: UInt64 = 0
                for k in plan.indices where plan[k].rule.mayReport(in: scope) { rules |= Linter.ruleBit(k) }
                return rules
            }
            for k in targets.indices { targets[k].rules = inScope[k] }
        }
        targetFacts = []
        // Freed on another thread, while pass 2 starts, rather than before it (or not at all).
        if leavesMemoryToExit { keepUntilExit(&summaries) } else { releaseInBackground(&summaries) }
        let t3 = DispatchTime.now()
        timings.indexing = seconds(pass1End, t3)
        timings.peakMemoryAfterIndex = peakResidentBytes()

        // Pass 2: run the enabled rules on each lint file against the read-only index.
        var checked = parallelMap(targets) { target -> CheckedFile in
            if target.rules == 0 {
                return CheckedFile(findings: [], diagnostic: nil, path: target.path, bytes: nil, readTime: 0, scanTime: 0, checkTime: 0,
                                   rescanned: false, skipped: true)
            }
            var readTime = 0.0, scanTime = 0.0
            let file: SourceFile
            if let kept = target.file {
                file = kept
            } else {
                let (outcome, r) = self.read(target.path, contents)
                readTime = r
                let bytes: [UInt8]
                switch outcome {
                case .failure(let message):
                    // The file changed or vanished since pass 1.
                    return CheckedFile(findings: [], diagnostic: InputDiagnostic(path: target.path, message: message), path: target.path, bytes: nil,
                                       readTime: readTime, scanTime: 0, checkTime: 0, rescanned: true, skipped: false)
                case .success(let b):
                    bytes = b
                }
                let t = DispatchTime.now()
                file = SourceFile(path: target.path, bytes: bytes)
                scanTime = seconds(t, DispatchTime.now())
            }
            let t = DispatchTime.now()
            let findings = self.check(file, index: ownedIndex!, plan: plan, rules: target.rules)
            return CheckedFile(findings: findings, diagnostic: nil, path: file.path, bytes: self.retainsSources ? file.bytes : nil,
                               readTime: readTime, scanTime: scanTime, checkTime: seconds(t, DispatchTime.now()), rescanned: target.file == nil, skipped: false)
        }
        let pass2 = seconds(t3, DispatchTime.now())
        var rereading = 0.0, rescanning = 0.0
        var findings: [Finding] = []
        var sources: [String: [UInt8]] = [:]
        var linted = 0
        for c in checked {
            rereading += c.readTime
            rescanning += c.scanTime
            timings.checkingWork += c.checkTime
            if c.rescanned { timings.rescannedFiles += 1 }
            if c.skipped { timings.skippedFiles += 1 }
            if let d = c.diagnostic { diagnostics.append(d); continue }
            linted += 1
            findings.append(contentsOf: c.findings)
            if let b = c.bytes, sources[c.path] == nil { sources[c.path] = b }
        }
        let work2 = rereading + rescanning + timings.checkingWork
        if work2 > 0 {
            timings.reading += pass2 * rereading / work2
            timings.scanning += pass2 * rescanning / work2
            timings.checking = pass2 * timings.checkingWork / work2
        }
        timings.readingWork += rereading
        timings.scanningWork += rescanning

        findings.sort(by: Finding.reportOrder)
        timings.peakMemoryAfterCheck = peakResidentBytes()
        timings.total = seconds(start, DispatchTime.now())
        var result = LintResult(findings: findings, diagnostics: diagnostics, lintedFileCount: linted, timings: timings)
        if retainsSources { result.sources = sources }
        if keepsIndex { result.index = ownedIndex }
        // The index, and what pass 2 left, go while the caller reports (a command-line run may
        // exit before they are gone).
        // (Freeing them costs little then: the caller's report takes one core, and the memory
        // freed makes room for it.)
        releaseInBackground(&ownedIndex)
        releaseInBackground(&checked)
        return result
    }

    /// The bytes of `path` (from `contents` when it names the path) and the time reading took.
    private func read(_ path: String, _ contents: [String: [UInt8]]) -> (SourceReader.Outcome, Double) {
        let t0 = DispatchTime.now()
        let outcome = contents[path].map(SourceReader.validate) ?? SourceReader.read(path)
        return (outcome, seconds(t0, DispatchTime.now()))
    }

    /// Lints in-memory sources (examples, tests, stdin). Every source is both project and lint
    /// file, except the `contents` of Core Data models (`FileDiscovery.isCoreDataModelContents`),
    /// whose entity classes join the settings' as the command line reads them from disk.
    public func lint(sources: [(path: String, text: String)]) -> [Finding] {
        let made = makeIndex(sources: sources)
        let plan = activeRules()
        return made.files.flatMap { check($0, index: made.index, plan: plan) }.sorted(by: Finding.reportOrder)
    }

    /// The index of in-memory sources, built as `lint(sources:)` builds it (the way the command
    /// line builds it from the files on disk), with the parsed Swift files.
    public func makeIndex(sources: [(path: String, text: String)]) -> (files: [SourceFile], index: ProjectIndex, summaries: [FileSummary]) {
        let plan = activeRules()
        var settings = self.settings
        settings.coreDataEntityClasses.formUnion(Linter.coreDataEntityClasses(in: sources))
        let facts = Linter.factTypes(of: plan)
        let interner = StringInterner()
        let files = sources.filter { !FileDiscovery.isCoreDataModelContents($0.path) }.map { SourceFile(path: $0.path, text: $0.text) }
        let summaries = files.map { Linter.summary(of: $0, facts: facts, interner: interner, knowledge: settings.knowledge) }
        return (files, Linter.makeIndex(summaries, settings: settings, facts: facts), summaries)
    }

    /// The facts that the enabled rules collect (`Rule.facts`), each once, in the rules' order:
    /// what `summary(of:facts:)` collects for a file and `makeIndex(summaries:)` merges. For a
    /// caller that keeps the summaries of a project between runs and builds its index again
    /// from them (`mvilint lsp`).
    public var enabledFacts: [any ProjectFact.Type] { Linter.factTypes(of: activeRules()) }

    /// Pass 1 for one parsed file, as a lint run makes it: its summary, with its contributions to
    /// `facts` (`enabledFacts`), read with `knowledge` (`settings.knowledge`). Thread-safe.
    public static func summary(of file: SourceFile, facts: [any ProjectFact.Type], knowledge: Knowledge, interner: StringInterner = StringInterner()) -> FileSummary {
        summary(of: file, facts: facts, interner: interner, knowledge: knowledge)
    }

    /// The project index over summaries made by `summary(of:facts:knowledge:)` with the enabled
    /// rules' facts, built as a lint run builds it (the project settings included).
    public func makeIndex(summaries: [FileSummary]) -> ProjectIndex {
        Linter.makeIndex(summaries, settings: settings, facts: enabledFacts)
    }

    /// The entity classes that the Core Data models among `sources` declare.
    static func coreDataEntityClasses(in sources: [(path: String, text: String)]) -> Set<String> {
        var out = Set<String>()
        for s in sources where FileDiscovery.isCoreDataModelContents(s.path) { out.formUnion(FileDiscovery.representedClassNames(in: Array(s.text.utf8))) }
        return out
    }

    /// Pass 1 for one parsed file: its summary, with its contributions to `facts`, its long names
    /// shared through `interner`.
    static func summary(of file: SourceFile, facts: [any ProjectFact.Type], interner: StringInterner, knowledge: Knowledge) -> FileSummary {
        var summary = FileSummary.summary(of: file)
        summary.facts = FileFacts(of: file, facts: facts, interner: interner, knowledge: knowledge)
        summary.intern(interner)
        return summary
    }

    /// The project index: the one place where the engine builds it, for `lint(files:…)` and
    /// `lint(sources:)` alike, from the project's settings and the facts of the enabled rules.
    static func makeIndex(_ summaries: [FileSummary], settings: ProjectSettings, facts: [any ProjectFact.Type]) -> ProjectIndex {
        ProjectIndex(summaries: summaries, modelSuffixes: settings.modelSuffixes,
                     defaultMainActorDirectories: settings.defaultMainActorDirectories,
                     defaultMainActorEverywhere: settings.defaultMainActorEverywhere,
                     coreDataEntityClasses: settings.coreDataEntityClasses, viewLikeProtocols: settings.knowledge.viewLikeProtocols, facts: facts)
    }

    /// The facts of the rules of `plan`, each once, in the rules' order.
    static func factTypes(of plan: [ActiveRule]) -> [any ProjectFact.Type] {
        var out: [any ProjectFact.Type] = []
        for active in plan {
            for f in active.rule.facts where !out.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(f) }) { out.append(f) }
        }
        return out
    }

    /// Runs every enabled rule over one parsed file, then applies its suppression comments.
    public func check(_ file: SourceFile, index: ProjectIndex) -> [Finding] {
        check(file, index: index, plan: activeRules())
    }

    /// A rule that runs, with what its context needs: worked out once per lint run rather than
    /// once per file (each `rule.info` read copies the whole metadata, examples included).
    struct ActiveRule {
        var rule: any Rule.Type
        var id: String
        var severity: Severity
        var options: [String: OptionValue]
    }

    /// The bit of `plan[k]` in a set of rules; rules past the 63rd share the last bit, so that
    /// they are always run together when any of them may report.
    static func ruleBit(_ k: Int) -> UInt64 { 1 << UInt64(min(k, 63)) }

    /// The set of the first `count` rules of a plan.
    static func allRules(_ count: Int) -> UInt64 {
        count >= 64 ? .max : (1 << UInt64(count)) - 1
    }

    func activeRules() -> [ActiveRule] {
        rules.compactMap { rule in
            let info = rule.info
            let severity = selection.severity(of: info)
            guard severity != .off, !(rule is any EngineRule.Type) else { return nil }
            return ActiveRule(rule: rule, id: info.id, severity: severity, options: selection.options[info.id] ?? [:])
        }
    }

    /// Runs the rules of `plan` whose bits `rules` has set (`ruleBit`), all of them by default.
    func check(_ file: SourceFile, index: ProjectIndex, plan: [ActiveRule], rules: UInt64 = .max) -> [Finding] {
        var out: [Finding] = []
        for (k, active) in plan.enumerated() where rules & Linter.ruleBit(k) != 0 {
            var context = RuleContext(file: file, project: index, ruleID: active.id, severity: active.severity,
                                      options: active.options, settings: settings)
            active.rule.init().check(&context)
            out.append(contentsOf: context.findings)
        }
        return applySuppressions(out, in: file)
    }
}

/// What pass 1 learnt about one file.
private struct LoadedFile {
    var path: String
    var isLintFile: Bool
    var summary: FileSummary?
    /// The parsed file, kept for pass 2 while the retention budget lasts.
    var file: SourceFile?
    var diagnostic: InputDiagnostic?
    var readTime: Double
    var scanTime: Double
    var size: Int
    /// For a lint file: which of the scope words its bytes contain (`FileScope`).
    var wordMask: UInt64
}

/// What pass 2 found in one lint file.
private struct CheckedFile {
    var findings: [Finding]
    var diagnostic: InputDiagnostic?
    var path: String
    var bytes: [UInt8]?
    var readTime: Double
    var scanTime: Double
    var checkTime: Double
    var rescanned: Bool
    /// Not checked: out of every enabled rule's scope.
    var skipped: Bool
}

/// A number of bytes that worker threads draw from.
private final class ByteBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int
    init(_ bytes: Int) { remaining = bytes }
    /// Takes `count` bytes if that many remain.
    func take(_ count: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard count <= remaining else { return false }
        remaining -= count
        return true
    }
}

/// Frees `value` on another thread: freeing a large structure of many small objects takes a
/// single thread milliseconds that the caller need not wait for. The value is moved into a box
/// that the other thread empties, and the caller's variable is reset first, so that the other
/// thread holds the last reference (handing over a copy while the caller's own reference lives
/// on can leave the caller the last owner, which then frees it after all).
func releaseInBackground<T>(_ value: inout T?) {
    let box = ReleaseBox(value)
    value = nil
    DispatchQueue.global(qos: .utility).async { box.clear() }
}

/// Hands the array over to the end of the process: it is never freed (see
/// `Linter.leavesMemoryToExit`). The caller's array is left empty.
func keepUntilExit<E>(_ value: inout [E]) {
    _ = Unmanaged.passRetained(ReleaseBox(value))
    value = []
}

/// As `releaseInBackground(_:)` for an array, which is left empty.
func releaseInBackground<E>(_ value: inout [E]) {
    var moved: [E]? = []
    swap(&moved!, &value)
    releaseInBackground(&moved)
}

private final class ReleaseBox<T>: @unchecked Sendable {
    private var value: T?
    init(_ value: T) { self.value = value }
    func clear() { value = nil }
}

private func seconds(_ a: DispatchTime, _ b: DispatchTime) -> Double {
    Double(b.uptimeNanoseconds &- a.uptimeNanoseconds) / 1e9
}

/// Maps over `items` on all cores, preserving order. Threads take small batches from a shared
/// cursor, so that one large file does not leave the other cores idle.
func parallelMap<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
    if items.count <= 1 { return items.map(transform) }
    let workers = min(items.count, ProcessInfo.processInfo.activeProcessorCount)
    let batch = max(1, min(32, items.count / (workers * 32)))
    let cursor = BatchCursor()
    return [R](unsafeUninitializedCapacity: items.count) { buffer, initialized in
        let base = buffer.baseAddress!
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let lo = cursor.next(batch)
                if lo >= items.count { break }
                for i in lo..<min(items.count, lo + batch) { (base + i).initialize(to: transform(items[i])) }
            }
        }
        initialized = items.count
    }
}

/// Hands out consecutive batches of indices to threads.
private final class BatchCursor: @unchecked Sendable {
    private let lock = NSLock()
    private var position = 0
    func next(_ count: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let p = position
        position += count
        return p
    }
}
