/// One project as the worker keeps it: open buffers, file words, the engine, and the files to lint again.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A project root with its own configuration and index. Owned by the worker: every method runs
/// on the worker queue (`lint` spreads its files over the cores itself).
final class ProjectState {
    let adapter: EngineAdapter
    var root: String { adapter.root }
    /// The workspace folders this project publishes diagnostics for (absolute, with a trailing
    /// `/`); empty for a project opened for a file outside every folder (open files only).
    var scopes: [String]
    /// Whether files that are not open get diagnostics too (inside `scopes`).
    var lintsWorkspace: Bool
    /// Open buffers by path: the client's URI, version and text.
    private(set) var open: [String: (uri: String, version: Int, bytes: [UInt8])] = [:]
    /// The project's Swift files on disk, and when each was last seen changed.
    private(set) var files: [String: FileStamp] = [:]
    private var words: [String: WordSet] = [:]
    /// Files to lint again; the open ones first, the most recently edited first of all.
    private(set) var dirty = Set<String>()
    private var urgent: [String] = []
    /// Files whose last published diagnostics were not empty (so that they can be cleared).
    private var published = Set<String>()
    /// For each file, the other files its findings' notes point into, and the reverse.
    private var notesOf: [String: Set<String>] = [:]
    private var notesInto: [String: Set<String>] = [:]
    private(set) var indexed = false
    /// The configuration file's issues as last published (to clear them once fixed).
    private var publishedConfigurationIssues: String?
    private var publishedConfigurationIssuePath: String?

    init(root: String, scopes: [String], lintsWorkspace: Bool, engine: EngineAdapter) {
        self.adapter = engine
        self.scopes = scopes
        self.lintsWorkspace = lintsWorkspace
    }

    /// Size and modification time: enough to notice a file changed outside the editor.
    struct FileStamp: Equatable {
        var size: Int
        var modified: Int
        static func of(_ path: String) -> FileStamp? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            #if canImport(Darwin)
            let m = Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
            #else
            let m = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
            #endif
            return FileStamp(size: Int(info.st_size), modified: m)
        }
    }

    /// What the worker reports while it works.
    struct Callbacks {
        var emit: (FileAnalysis) -> Void
        var progress: (_ message: String, _ percentage: Int) -> Void = { _, _ in }
        var configuration: (_ path: String, _ issues: [(line: Int, message: String)]) -> Void = { _, _ in }
        var log: (String) -> Void = { _ in }
        var uriForPath: (String) -> String
        /// Called (on a worker thread) for each file checked, for tests.
        var checked: (String) -> Void = { _ in }
        /// Timings of each step, when tracing.
        var trace: ((String) -> Void)?
    }

    // MARK: Indexing

    /// Indexes the whole project as a lint run does: finds the files, loads the configuration,
    /// summarises every file on all cores, builds the index. Every file to lint becomes dirty.
    func indexAll(_ callbacks: Callbacks, isStopped: @escaping () -> Bool) {
        let started = DispatchTime.now()
        adapter.removeAll()
        words = [:]
        files = [:]
        let paths = adapter.discoverFiles()
        adapter.configure()
        reportConfiguration(callbacks)
        recordSettingsStamps()
        let openPaths = open.keys.filter { !paths.contains($0) }
        let all = paths + openPaths.sorted()
        // The server is stopping: the project stays unindexed.
        guard summariseAll(all, onDisk: paths.count, callbacks, isStopped: isStopped) else { return }
        indexed = true
        for path in all where isTarget(path) { dirty.insert(path) }
        for path in published where !isTarget(path) { dirty.insert(path) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        callbacks.log("Indexed \(all.count) files under \(root) in \(String(format: "%.2f", seconds)) s")
    }

    /// Summarises `all` on all cores (open buffers as they are, the other files from disk) in
    /// place of the summaries in memory and builds the index; the first `onDisk` paths are the
    /// project's files on disk. False when stopped before the end.
    private func summariseAll(_ all: [String], onDisk: Int, _ callbacks: Callbacks, isStopped: @escaping () -> Bool) -> Bool {
        callbacks.progress("Indexing \(all.count) files", 0)
        let summariser = adapter.summariser.sharingNames()
        let results = ProjectState.parallelMap(all, cancelled: isStopped, progress: { done in
            callbacks.progress("Indexing: \(done)/\(all.count) files", all.isEmpty ? 100 : done * 100 / all.count)
        }) { path -> (EngineAdapter.Summarised, WordSet?, FileStamp?) in
            if let buffer = self.open[path] {
                return (summariser.summarise(path: path, bytes: buffer.bytes), WordSet(bytes: buffer.bytes), FileStamp.of(path))
            }
            let stamp = FileStamp.of(path)
            let (summarised, bytes) = summariser.summariseFile(path)
            return (summarised, bytes.map(WordSet.init), stamp)
        }
        if isStopped() { return false }
        for (k, path) in all.enumerated() {
            guard let (summarised, wordSet, stamp) = results[k] else { continue }
            adapter.load(path, summarised)
            if let w = wordSet { words[path] = w }
            if k < onDisk { files[path] = stamp ?? FileStamp(size: -1, modified: 0) }
        }
        adapter.currentIndex()
        return true
    }

    /// The configuration file and the root manifest as last loaded (to notice changes by polling).
    private var settingsStamps: [String: FileStamp?] = [:]

    private func recordSettingsStamps() {
        let candidates = [adapter.configurationPath ?? (root + "/" + EngineAdapter.configurationFileName), root + "/Package.swift"]
        settingsStamps = Dictionary(uniqueKeysWithValues: candidates.map { ($0, FileStamp.of($0)) })
    }

    /// Whether the configuration file or the root manifest changed since they were loaded.
    func settingsChanged() -> Bool {
        ProjectState.settingsChanged(root: root, stamps: settingsStamps, configuration: adapter.configurationPath)
    }

    /// Publishes the configuration file's problems (or clears them).
    private func reportConfiguration(_ callbacks: Callbacks) {
        let issues = adapter.configurationIssues.map { (line: $0.line, message: ($0.keyPath.isEmpty ? "" : $0.keyPath + ": ") + $0.message) }
        let path = adapter.configurationPath
        let key = issues.map { "\($0.line):\($0.message)" }.joined(separator: "\n")
        if let old = publishedConfigurationIssuePath, old != path { callbacks.configuration(old, []) }
        if let path, key != publishedConfigurationIssues || path != publishedConfigurationIssuePath {
            callbacks.configuration(path, issues)
        }
        publishedConfigurationIssues = key
        publishedConfigurationIssuePath = path
    }

    /// Whether `path` gets diagnostics: an open buffer, or a project file inside a workspace
    /// folder; either way only when the configuration lints it.
    func isTarget(_ path: String) -> Bool {
        guard adapter.isLinted(path) else { return false }
        if open[path] != nil { return true }
        guard lintsWorkspace, files[path] != nil else { return false }
        return scopes.contains { path.hasPrefix($0) }
    }

    // MARK: Changes

    /// Applies a batch of changes: summarises the changed files again, updates the index when a
    /// summary changed in what other files see, and marks dirty the changed files and the files
    /// their changes reach.
    func apply(_ changes: [FileChange], _ callbacks: Callbacks) {
        let started = DispatchTime.now()
        defer { callbacks.trace?("apply \(changes.count) change(s): \(ProjectState.milliseconds(since: started)) ms, \(dirty.count) dirty") }
        var changed: [String] = []
        var seen = Set<String>()
        var reload = false, rescan = false
        func note(_ path: String) { if seen.insert(path).inserted { changed.append(path) } }
        for change in changes {
            switch change {
            case .buffer(let path, let uri, let version, let bytes):
                open[path] = (uri, version, bytes)
                note(path)
                urgent.removeAll { $0 == path }
                urgent.append(path)
            case .closed(let path):
                open[path] = nil
                note(path)
            case .disk(let path):
                if open[path] == nil { note(path) }
            case .reload:
                reload = true
            case .rescan:
                rescan = true
            }
        }
        guard indexed else { return }
        if reload {
            // Settings and configuration change the index and which files are linted.
            _ = adapter.discoverFiles()
            adapter.configure()
            reportConfiguration(callbacks)
            recordSettingsStamps()
            if adapter.summariserChanged {
                // Other rules' facts, or other knowledge: every summary is made again.
                let onDisk = files.keys.sorted()
                let buffers = open.keys.filter { files[$0] == nil }.sorted()
                _ = summariseAll(onDisk + buffers, onDisk: onDisk.count, callbacks, isStopped: { false })
            }
            for path in files.keys where isTarget(path) { dirty.insert(path) }
            for path in open.keys { dirty.insert(path) }
            for path in published { dirty.insert(path) }
        }
        if rescan || reload {
            for path in diskChanges() where open[path] == nil { note(path) }
        }
        guard !changed.isEmpty else { return }

        // The changed files' new contents, summarised on all cores. A file that is neither open
        // nor on disk (deleted, or a new buffer closed unsaved) leaves the index.
        let summariser = adapter.summariser
        let fresh = ProjectState.parallelMap(changed, progress: nil) { path -> (EngineAdapter.Summarised?, WordSet?, FileStamp?) in
            let stamp = FileStamp.of(path)
            if let buffer = self.open[path] {
                return (summariser.summarise(path: path, bytes: buffer.bytes), WordSet(bytes: buffer.bytes), stamp)
            }
            guard stamp != nil, self.adapter.isSourceFile(path) else { return (nil, nil, nil) }
            switch EngineAdapter.read(path) {
            case .success(let bytes): return (summariser.summarise(path: path, bytes: bytes), WordSet(bytes: bytes), stamp)
            case .failure: return (nil, nil, stamp)
            }
        }
        var merged = EngineAdapter.Change()
        var moved: [String] = []
        for (k, path) in changed.enumerated() {
            let (summarised, wordSet, stamp) = fresh[k]
            if let stamp, adapter.isSourceFile(path) { files[path] = stamp } else { files[path] = nil }
            let change = adapter.update(path, to: summarised)
            words[path] = wordSet
            merge(change, into: &merged)
            if change.moved || change.visible { moved.append(path) }
            dirty.insert(path)
        }
        callbacks.trace?("summarised and compared \(changed.count) file(s): \(ProjectState.milliseconds(since: started)) ms; visible \(merged.visible), moved \(merged.moved), names \(merged.names.sorted().prefix(8))")
        // Files whose notes point into a file whose declarations moved or changed.
        for path in moved { dirty.formUnion(notesInto[path] ?? []) }
        guard merged.visible else { return }
        adapter.prepareIndex()
        callbacks.trace?("notes followed: \(ProjectState.milliseconds(since: started)) ms")
        if merged.everywhere {
            for path in files.keys where isTarget(path) { dirty.insert(path) }
            return
        }
        let reach = adapter.reach(of: merged)
        callbacks.trace?("reach of the change: \(ProjectState.milliseconds(since: started)) ms, \(reach.names.count) names, \(reach.views.count) views")
        let names = reach.names.map(WordSet.hash).sorted()
        let views = reach.views.map(WordSet.hash).sorted()
        let readers = EngineAdapter.viewGraphReaderWords.map(WordSet.hash)
        for (path, w) in words where !dirty.contains(path) {
            if w.containsAny(of: names) || (!views.isEmpty && readers.contains(where: w.contains) && w.containsAny(of: views)) {
                if isTarget(path) { dirty.insert(path) }
            }
        }
    }

    private func merge(_ change: EngineAdapter.Change, into merged: inout EngineAdapter.Change) {
        merged.visible = merged.visible || change.visible
        merged.moved = merged.moved || change.moved
        merged.viewGraph = merged.viewGraph || change.viewGraph
        merged.everywhere = merged.everywhere || change.everywhere
        merged.names.formUnion(change.names)
    }

    /// The Swift files created, changed or deleted on disk since they were last seen (a walk
    /// of the project and a `stat` of each file).
    func diskChanges() -> [String] {
        ProjectState.diskChanges(root: root, known: files)
    }

    /// What a poll needs, taken on the worker: the files as last seen, and the settings' stamps.
    func pollSnapshot() -> (root: String, files: [String: FileStamp], settings: [String: FileStamp?], configuration: String?) {
        (root, files, settingsStamps, adapter.configurationPath)
    }

    /// `diskChanges` from a snapshot of the known files: safe off the worker.
    static func diskChanges(root: String, known: [String: FileStamp]) -> [String] {
        var out: [String] = []
        var present = Set<String>()
        for path in EngineAdapter.discoverFiles(root: root) {
            present.insert(path)
            let stamp = FileStamp.of(path)
            if known[path] == nil || stamp != known[path] { out.append(path) }
        }
        for path in known.keys where !present.contains(path) { out.append(path) }
        return out
    }

    /// `settingsChanged` from a snapshot: safe off the worker.
    static func settingsChanged(root: String, stamps: [String: FileStamp?], configuration: String?) -> Bool {
        for (path, stamp) in stamps where FileStamp.of(path) != stamp { return true }
        return EngineAdapter.configurationPath(for: root) != configuration
    }

    // MARK: Linting

    /// Lints the dirty files, the open ones first, and reports each as it is done. Stops between
    /// files when `isCancelled` says so; the files not reached stay dirty for the next run.
    /// Returns whether every dirty file was linted.
    @discardableResult
    func lint(_ callbacks: Callbacks, isCancelled: @escaping () -> Bool, progressTitle: String? = nil) -> Bool {
        guard indexed, !dirty.isEmpty else { return true }
        let started = DispatchTime.now()
        defer { callbacks.trace?("lint: \(ProjectState.milliseconds(since: started)) ms, \(dirty.count) left dirty") }
        var order: [String] = []
        var placed = Set<String>()
        for path in urgent.reversed() where dirty.contains(path) && placed.insert(path).inserted { order.append(path) }
        let first = order.count
        for path in open.keys.sorted() where dirty.contains(path) && placed.insert(path).inserted { order.append(path) }
        for path in dirty.sorted() where placed.insert(path).inserted { order.append(path) }
        // The files just edited are checked first, against the index as it is; if only positions
        // of declarations moved, the index is built again after them (for the notes of other
        // files), and an edited file whose findings have notes is checked once more.
        urgent = []
        adapter.currentIndex()
        callbacks.trace?("index ready: \(ProjectState.milliseconds(since: started)) ms (\(adapter.indexBuilds.updated) updated in place, \(adapter.indexBuilds.full) built in full)")

        let total = order.count
        // Texts of files that notes point into, read at most once per run.
        let noteTexts = TextCache(open: open)
        let builder = AnalysisBuilder(texts: noteTexts.text(of:), uriForPath: callbacks.uriForPath)
        let check = { (path: String) -> FileAnalysis in
            let buffer = self.open[path]
            let uri = buffer?.uri ?? callbacks.uriForPath(path)
            guard self.isTarget(path) else {
                // Not linted (any more): publish nothing.
                return FileAnalysis(uri: uri, path: path, version: buffer?.version, records: [], problem: nil, fileSuppression: nil, lineBreak: "\n")
            }
            let bytes: [UInt8]
            if let buffer {
                bytes = buffer.bytes
            } else {
                switch EngineAdapter.read(path) {
                case .success(let b): bytes = b
                case .failure(let e):
                    // Unreadable (vanished, binary, too large): said once, as the command line would.
                    let analysis = FileAnalysis(uri: uri, path: path, version: nil, records: [], problem: e.message, fileSuppression: nil, lineBreak: "\n")
                    callbacks.emit(analysis)
                    return analysis
                }
            }
            callbacks.checked(path)
            let (findings, problem) = self.adapter.check(path, bytes: bytes)
            let analysis = builder.analysis(path: path, uri: uri, version: buffer?.version, bytes: bytes, findings: findings, problem: problem)
            callbacks.emit(analysis)
            return analysis
        }
        var outcomes: [FileAnalysis?] = []
        outcomes.reserveCapacity(order.count)
        for path in order.prefix(first) {
            if isCancelled() { break }
            outcomes.append(check(path))
        }
        if first > 0 { callbacks.trace?("edited file(s) checked: \(ProjectState.milliseconds(since: started)) ms") }
        if adapter.positionsStale, outcomes.count == first {
            adapter.refreshPositions()
            callbacks.trace?("index built again for moved positions: \(ProjectState.milliseconds(since: started)) ms")
            for k in outcomes.indices where outcomes[k]?.records.contains(where: { !$0.related.isEmpty }) ?? false {
                outcomes[k] = check(order[k])
            }
        }
        if outcomes.count == first {
            let progress: ((Int) -> Void)? = progressTitle.map { title in
                { done in callbacks.progress("\(title): \(first + done)/\(total) files", total == 0 ? 100 : (first + done) * 100 / total) }
            }
            outcomes += ProjectState.parallelMap(Array(order.dropFirst(first)), cancelled: isCancelled, progress: progress, check)
        }
        outcomes += [FileAnalysis?](repeating: nil, count: order.count - outcomes.count)
        var complete = true
        for (k, path) in order.enumerated() {
            guard let outcome = outcomes[k] else { complete = false; continue }
            dirty.remove(path)
            if !isTarget(path) {
                // The empty result is published only where something was published before, or
                // for an open buffer (so that requests waiting for it are answered).
                if published.remove(path) != nil || open[path] != nil { callbacks.emit(outcome) }
            } else if outcome.records.isEmpty && outcome.problem == nil {
                published.remove(path)
            } else {
                published.insert(path)
            }
            let targets = Set(outcome.records.flatMap { r in r.related.map(\.uri) }).subtracting([outcome.uri])
            updateNotes(of: path, targets: Set(targets.compactMap(ProjectState.path(fromURI:))))
        }
        return complete
    }

    private func updateNotes(of path: String, targets: Set<String>) {
        let old = notesOf[path] ?? []
        guard old != targets else { return }
        for t in old.subtracting(targets) { notesInto[t]?.remove(path) }
        for t in targets.subtracting(old) { notesInto[t, default: []].insert(path) }
        notesOf[path] = targets.isEmpty ? nil : targets
    }

    // MARK: Helpers

    static func milliseconds(since start: DispatchTime) -> String {
        String(format: "%.1f", Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
    }

    static func path(fromURI uri: String) -> String? { URIs.path(fromURI: uri) }

    /// Maps `items` on all cores, in order. With `cancelled`, workers stop taking items once it
    /// returns true and the items not reached map to nil.
    static func parallelMap<T, R>(_ items: [T], cancelled: @escaping () -> Bool, progress: ((Int) -> Void)?, _ transform: @escaping (T) -> R) -> [R?] {
        var results = [R?](repeating: nil, count: items.count)
        let lock = NSLock()
        var cursor = 0, done = 0, lastReport = DispatchTime.now().uptimeNanoseconds
        let workers = min(items.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        results.withUnsafeMutableBufferPointer { out in
            let base = out.baseAddress
            DispatchQueue.concurrentPerform(iterations: max(workers, 1)) { _ in
                while true {
                    if cancelled() { return }
                    lock.lock()
                    let i = cursor
                    cursor += 1
                    lock.unlock()
                    guard i < items.count else { return }
                    let r = transform(items[i])
                    lock.lock()
                    base![i] = r
                    done += 1
                    let now = DispatchTime.now().uptimeNanoseconds
                    let report = progress != nil && (now - lastReport > 200_000_000 || done == items.count)
                    if report { lastReport = now }
                    let count = done
                    lock.unlock()
                    if report { progress?(count) }
                }
            }
        }
        return results
    }

    static func parallelMap<T, R>(_ items: [T], progress: ((Int) -> Void)?, _ transform: @escaping (T) -> R) -> [R] {
        parallelMap(items, cancelled: { false }, progress: progress, transform).map { $0! }
    }
}

/// The texts of files that notes point into: the open buffer, else the file on disk, read once.
private final class TextCache: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: [String: TextDocument?] = [:]
    private let open: [String: (uri: String, version: Int, bytes: [UInt8])]
    init(open: [String: (uri: String, version: Int, bytes: [UInt8])]) { self.open = open }

    func text(of path: String) -> TextDocument? {
        lock.lock()
        if let hit = cache[path] { lock.unlock(); return hit }
        lock.unlock()
        var doc: TextDocument?
        if let b = open[path]?.bytes {
            doc = TextDocument(bytes: b)
        } else if case .success(let b) = EngineAdapter.read(path) {
            doc = TextDocument(bytes: b)
        }
        lock.lock()
        cache[path] = doc
        lock.unlock()
        return doc
    }
}
