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

/// Wall time spent in each phase, in seconds (phases overlap across cores).
public struct LintTimings: Sendable {
    public var reading = 0.0
    public var scanning = 0.0
    public var indexing = 0.0
    public var checking = 0.0
    public var total = 0.0
    public var bytes = 0
    public var files = 0
}

/// The outcome of one lint run.
public struct LintResult: Sendable {
    public var findings: [Finding]
    public var diagnostics: [InputDiagnostic]
    public var lintedFileCount: Int
    public var timings: LintTimings
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
    public var defaultMainActorDirectories: [String] = []
    public var defaultMainActorEverywhere = false
    public init() {}
}

public final class Linter {
    public let rules: [any Rule.Type]
    public var selection: RuleSelection
    public var settings: ProjectSettings

    public init(rules: [any Rule.Type], selection: RuleSelection = RuleSelection(), settings: ProjectSettings = ProjectSettings()) {
        self.rules = rules; self.selection = selection; self.settings = settings
    }

    /// Lints `lintFiles`, resolving types from `projectFiles` (lint files are added when missing).
    /// Paths are used as given in findings.
    public func lint(files lintFiles: [String], projectFiles: [String]) -> LintResult {
        let start = DispatchTime.now()
        let lintSet = Set(lintFiles)
        var all = projectFiles
        var seen = Set(projectFiles)
        for f in lintFiles where !seen.contains(f) { all.append(f); seen.insert(f) }
        var timings = LintTimings()

        // Pass 1: read, scan, parse and summarise every file in parallel.
        let loaded = parallelMap(all) { path -> LoadedFile in
            let t0 = DispatchTime.now()
            let bytes: [UInt8]
            switch SourceReader.read(path) {
            case .failure(let message):
                return LoadedFile(path: path, summary: nil, file: nil, diagnostic: InputDiagnostic(path: path, message: message), readTime: 0, scanTime: 0, size: 0)
            case .success(let b):
                bytes = b
            }
            let t1 = DispatchTime.now()
            let file = SourceFile(path: path, bytes: bytes)
            let summary = FileSummary(file: file)
            let t2 = DispatchTime.now()
            return LoadedFile(path: path, summary: summary, file: lintSet.contains(path) ? file : nil, diagnostic: nil,
                              readTime: seconds(t0, t1), scanTime: seconds(t1, t2), size: bytes.count)
        }
        for l in loaded { timings.reading += l.readTime; timings.scanning += l.scanTime; timings.bytes += l.size }
        timings.files = loaded.count

        let t3 = DispatchTime.now()
        let index = ProjectIndex(summaries: loaded.compactMap(\.summary), modelSuffixes: settings.modelSuffixes,
                                 defaultMainActorDirectories: settings.defaultMainActorDirectories,
                                 defaultMainActorEverywhere: settings.defaultMainActorEverywhere)
        timings.indexing = seconds(t3, DispatchTime.now())

        // Pass 2: run the enabled rules on each lint file against the read-only index.
        let t4 = DispatchTime.now()
        let files = loaded.compactMap(\.file)
        let perFile = parallelMap(files) { self.check($0, index: index) }
        timings.checking = seconds(t4, DispatchTime.now())
        timings.total = seconds(start, DispatchTime.now())

        let findings = perFile.flatMap { $0 }.sorted(by: Finding.reportOrder)
        let diagnostics = loaded.compactMap(\.diagnostic).filter { lintSet.contains($0.path) }
        return LintResult(findings: findings, diagnostics: diagnostics, lintedFileCount: files.count, timings: timings)
    }

    /// Lints in-memory sources (examples, tests, stdin). Every source is both project and lint file.
    public func lint(sources: [(path: String, text: String)]) -> [Finding] {
        let files = sources.map { SourceFile(path: $0.path, text: $0.text) }
        let index = makeIndex(files.map { FileSummary(file: $0) })
        return files.flatMap { check($0, index: index) }.sorted(by: Finding.reportOrder)
    }

    public func makeIndex(_ summaries: [FileSummary]) -> ProjectIndex {
        ProjectIndex(summaries: summaries, modelSuffixes: settings.modelSuffixes,
                     defaultMainActorDirectories: settings.defaultMainActorDirectories,
                     defaultMainActorEverywhere: settings.defaultMainActorEverywhere)
    }

    /// Runs every enabled rule over one parsed file.
    public func check(_ file: SourceFile, index: ProjectIndex) -> [Finding] {
        var out: [Finding] = []
        for rule in rules {
            let severity = selection.severity(of: rule.info)
            guard severity != .off else { continue }
            var context = RuleContext(file: file, project: index, ruleID: rule.info.id, severity: severity,
                                      options: selection.options[rule.info.id] ?? [:], settings: settings)
            rule.init().check(&context)
            out.append(contentsOf: context.findings)
        }
        return out
    }
}

private struct LoadedFile {
    var path: String
    var summary: FileSummary?
    var file: SourceFile?
    var diagnostic: InputDiagnostic?
    var readTime: Double
    var scanTime: Double
    var size: Int
}

private func seconds(_ a: DispatchTime, _ b: DispatchTime) -> Double {
    Double(b.uptimeNanoseconds &- a.uptimeNanoseconds) / 1e9
}

/// Maps over `items` on all cores, preserving order.
func parallelMap<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
    if items.count <= 1 { return items.map(transform) }
    var results = [R?](repeating: nil, count: items.count)
    results.withUnsafeMutableBufferPointer { buffer in
        let base = buffer.baseAddress!
        // Chunk so that scheduling overhead stays small on large projects.
        let chunk = max(1, items.count / (ProcessInfo.processInfo.activeProcessorCount * 8))
        let chunks = (items.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let lo = c * chunk, hi = min(items.count, lo + chunk)
            for i in lo..<hi { (base + i).initialize(to: transform(items[i])) }
        }
    }
    return results.map { $0! }
}

/// Reads source files, rejecting what cannot be linted with a clear message.
public enum SourceReader {
    public enum Outcome { case success([UInt8]), failure(String) }

    public static func read(_ path: String) -> Outcome {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure("file does not exist (it may have been removed while linting)")
        }
        if isDirectory.boolValue { return .failure("is a directory, not a Swift file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure("file cannot be read (check its permissions)")
        }
        let bytes = [UInt8](data)
        if bytes.contains(0) { return .failure("file contains NUL bytes; it looks binary, not Swift source") }
        if !isValidUTF8(bytes) { return .failure("file is not valid UTF-8") }
        return .success(bytes)
    }
}

/// Whether `bytes` is well-formed UTF-8.
func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    var it = bytes.makeIterator()
    var decoder = UTF8()
    while true {
        switch decoder.decode(&it) {
        case .scalarValue: continue
        case .emptyInput: return true
        case .error: return false
        }
    }
}
