/// Documents, projects, watched files and the scheduling of work.

import Foundation

/// A project as the message loop sees it; its `state` belongs to the worker.
final class ProjectHandle {
    let root: String
    let state: ProjectState
    /// Changes not yet handed to the worker.
    var pending: [FileChange] = []
    var debounce: DispatchWorkItem?
    /// Bumped on every change: a run started before it stops at the next file.
    let generation = Generation()
    /// The progress token of the first indexing, until the first complete lint.
    var progressToken: String?
    var pollQueued = false
    /// Whether the worker holds a run of this project (queued or running): changes wait for it
    /// to end, so that a burst of changes during a run becomes one batch.
    var busy = false
    /// When the last change came (the first change after a quiet spell is linted at once).
    var lastChange: UInt64 = 0
    /// The workspace folders it publishes for (the message loop's copy of `state.scopes`).
    var scopes: [String]

    init(root: String, state: ProjectState, scopes: [String]) {
        self.root = root
        self.state = state
        self.scopes = scopes
    }
}

extension LanguageServer {
    // MARK: Projects

    /// The project of a workspace folder (shared by folders with the same project root).
    func workspaceProject(for folder: String) -> ProjectHandle {
        let root = EngineAdapter.projectRoot(for: String(folder.dropLast()))
        if let existing = projects[root] {
            guard !existing.scopes.contains(folder) else { return existing }
            let scopes = existing.scopes + [folder]
            existing.scopes = scopes
            let workspace = options.workspaceDiagnostics
            worker.async {
                existing.state.scopes = scopes
                existing.state.lintsWorkspace = workspace
            }
            enqueue(.reload, for: existing)
            return existing
        }
        let engine = EngineAdapter(root: root, rules: rules, infos: infos)
        let state = ProjectState(root: root, scopes: [folder], lintsWorkspace: options.workspaceDiagnostics, engine: engine)
        let project = ProjectHandle(root: root, state: state, scopes: [folder])
        projects[root] = project
        start(project)
        return project
    }

    /// The project that lints the file at `path`: its workspace folder's, else one already
    /// open around it, else a new one at the root the command line would pick (which lints
    /// open files only).
    func project(forFile path: String) -> ProjectHandle {
        if let folder = folders.filter({ path.hasPrefix($0) }).max(by: { $0.count < $1.count }) {
            return workspaceProject(for: folder)
        }
        if let existing = projects.values.filter({ path.hasPrefix($0.root.hasSuffix("/") ? $0.root : $0.root + "/") })
            .max(by: { $0.root.count < $1.root.count }) {
            return existing
        }
        let root = EngineAdapter.projectRoot(for: path)
        let engine = EngineAdapter(root: root, rules: rules, infos: infos)
        let state = ProjectState(root: root, scopes: [], lintsWorkspace: false, engine: engine)
        let project = ProjectHandle(root: root, state: state, scopes: [])
        projects[root] = project
        start(project)
        return project
    }

    /// Indexes a new project on the worker, with progress, then lints it.
    func start(_ project: ProjectHandle) {
        let token = beginProgress(title: "mvilint", message: "Indexing \(project.root)")
        project.progressToken = token
        let callbacks = self.callbacks(for: project)
        let generation = project.generation.current
        worker.async { [self] in
            guard !stopped.isSet else { return }
            project.state.indexAll(callbacks, isStopped: { self.stopped.isSet })
            let complete = project.state.lint(callbacks, isCancelled: { self.stopped.isSet || project.generation.current != generation },
                                              progressTitle: "Checking")
            if complete { main.async { self.finishProgress(of: project) } }
        }
    }

    func callbacks(for project: ProjectHandle) -> ProjectState.Callbacks {
        ProjectState.Callbacks(
            emit: { [self] analysis in main.async { self.received(analysis) } },
            progress: { [self] message, percentage in
                main.async { if let token = project.progressToken { self.reportProgress(token, message: message, percentage: percentage) } }
            },
            configuration: { [self] path, issues in main.async { self.publishConfigurationIssues(path, issues) } },
            log: { [self] message in main.async { self.log(message) } },
            uriForPath: URIs.uri(fromPath:),
            checked: { [self] path in onCheck?(path) },
            trace: options.trace ? { [self] message in main.async { self.log("mvilint: " + message, type: 4) } } : nil)
    }

    func finishProgress(of project: ProjectHandle) {
        guard let token = project.progressToken else { return }
        project.progressToken = nil
        endProgress(token, message: "Indexed and checked")
    }

    // MARK: Scheduling

    /// Queues a change: the running lint of the project stops at its next file. The first change
    /// after a quiet spell (no change for `options.debounce`) goes to the worker at once; a
    /// change that follows another closely waits until none has come for `options.debounce`,
    /// so that a burst of keystrokes is linted as one batch (and changes that arrive while a
    /// run is on the worker wait for its end, see `flush`).
    func enqueue(_ change: FileChange, for project: ProjectHandle) {
        project.pending.append(change)
        project.generation.bump()
        let now = DispatchTime.now().uptimeNanoseconds
        let quiet = now &- project.lastChange > UInt64(options.debounce * 1e9)
        project.lastChange = now
        project.debounce?.cancel()
        let item = DispatchWorkItem { [weak self, weak project] in
            guard let self, let project else { return }
            self.flush(project)
        }
        project.debounce = item
        if quiet && !project.busy {
            // After the messages already read: a batch that arrived together goes together.
            main.async(execute: item)
        } else {
            main.asyncAfter(deadline: .now() + options.debounce, execute: item)
        }
    }

    /// Hands the pending changes to the worker: they are applied, then the dirty files linted.
    /// While a run of the project is on the worker, the changes wait for its end (a change stops
    /// a run at its next file, so that is soon).
    func flush(_ project: ProjectHandle) {
        project.debounce = nil
        guard !project.pending.isEmpty, !stopped.isSet, !project.busy else { return }
        let batch = project.pending
        project.pending = []
        project.busy = true
        let generation = project.generation.current
        let callbacks = self.callbacks(for: project)
        let title: String? = project.progressToken == nil ? nil : "Checking"
        worker.async { [self] in
            guard !stopped.isSet else { return }
            project.state.apply(batch, callbacks)
            let complete = project.state.lint(callbacks, isCancelled: { self.stopped.isSet || project.generation.current != generation },
                                              progressTitle: title)
            main.async {
                project.busy = false
                if complete { self.finishProgress(of: project) }
                if !project.pending.isEmpty, project.debounce == nil { self.flush(project) }
            }
        }
    }

    /// Projects whose root holds `path`.
    func projects(containing path: String) -> [ProjectHandle] {
        projects.values.filter { path.hasPrefix($0.root.hasSuffix("/") ? $0.root : $0.root + "/") }
    }

    // MARK: Documents

    static func isSwift(_ languageID: String, _ path: String?) -> Bool {
        languageID == "swift" || (path?.hasSuffix(".swift") ?? false)
    }

    func didOpen(_ params: JSON) {
        let item = params["textDocument"]
        guard let uri = item["uri"].string, let text = item["text"].string else {
            log("mvilint: didOpen without a textDocument uri and text; ignored", type: 2)
            return
        }
        let version = item["version"].int ?? 0
        let path = URIs.path(fromURI: uri)
        let language = item["languageId"].string ?? ""
        var doc = OpenDocument(uri: uri, path: path, languageID: language, text: TextDocument(text: text, version: version), project: nil)
        if let path, LanguageServer.isSwift(language, path) {
            let project = project(forFile: path)
            doc.project = project.root
            enqueue(.buffer(path: path, uri: uri, version: version, bytes: doc.text.bytes), for: project)
        }
        documents[uri] = doc
        analyses[uri] = nil
        // Pulled from now on: what was pushed for the file (as a closed file) is withdrawn.
        if usesPull, doc.project != nil, let old = pushed[uri], old != .array([]) { push(uri, [], version: nil) }
        answerParked(uri: uri)
    }

    func didChange(_ params: JSON) {
        guard let uri = params["textDocument"]["uri"].string else {
            log("mvilint: didChange without a textDocument uri; ignored", type: 2)
            return
        }
        guard var doc = documents[uri] else {
            log("mvilint: didChange for \(uri), which is not open; ignored", type: 2)
            return
        }
        guard let changes = params["contentChanges"].array else {
            log("mvilint: didChange for \(uri) without contentChanges; ignored", type: 2)
            return
        }
        for change in changes {
            guard let text = change["text"].string else {
                log("mvilint: a change to \(uri) has no text; the document is kept as it was before this notification", type: 1)
                return
            }
            if change["range"].isNull {
                doc.text = TextDocument(text: text, version: doc.text.version)
            } else if let range = TextRange(change["range"]) {
                doc.text.replace(range, with: text)
            } else {
                log("mvilint: a change to \(uri) has an invalid range; the document is kept as it was before this notification", type: 1)
                return
            }
        }
        doc.text.version = params["textDocument"]["version"].int ?? doc.text.version + 1
        documents[uri] = doc
        if let root = doc.project, let project = projects[root], let path = doc.path {
            enqueue(.buffer(path: path, uri: uri, version: doc.text.version, bytes: doc.text.bytes), for: project)
        } else {
            answerParked(uri: uri)
        }
    }

    func didClose(_ params: JSON) {
        guard let uri = params["textDocument"]["uri"].string, let doc = documents.removeValue(forKey: uri) else { return }
        analyses[uri] = nil
        answerParked(uri: uri)
        if let root = doc.project, let project = projects[root], let path = doc.path {
            enqueue(.closed(path: path), for: project)
        }
    }

    func didSave(_ params: JSON) {
        guard let uri = params["textDocument"]["uri"].string, let path = URIs.path(fromURI: uri) else { return }
        fileChangedOnDisk(path, kind: 2)
    }

    func didChangeWatchedFiles(_ params: JSON) {
        for change in params["changes"].array ?? [] {
            guard let uri = change["uri"].string, let path = URIs.path(fromURI: uri) else { continue }
            fileChangedOnDisk(path, kind: change["type"].int ?? 2)
        }
    }

    /// A file created (1), changed (2) or deleted (3) outside the buffers, or saved.
    func fileChangedOnDisk(_ path: String, kind: Int) {
        let name = (path as NSString).lastPathComponent
        if name == EngineAdapter.configurationFileName {
            // A configuration applies to the projects at or below its directory.
            let directory = (path as NSString).deletingLastPathComponent
            for project in projects.values where project.root == directory || project.root.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/") {
                enqueue(.reload, for: project)
            }
            return
        }
        let containing = projects(containing: path)
        if EngineAdapter.isSettingsFile(path) {
            for project in containing { enqueue(.reload, for: project) }
        } else if path.hasSuffix(".swift") {
            // An open buffer wins over the disk; the worker keeps it.
            for project in containing { enqueue(.disk(path: path), for: project) }
        } else if kind != 2 {
            // A directory created or deleted (a checkout, a move): walk the project again.
            for project in containing { enqueue(.rescan, for: project) }
        }
    }

    func didChangeWorkspaceFolders(_ params: JSON) {
        let event = params["event"]
        let removed = (event["removed"].array ?? []).compactMap { $0["uri"].string.flatMap(URIs.path(fromURI:)) }.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        let added = (event["added"].array ?? []).compactMap { $0["uri"].string.flatMap(URIs.path(fromURI:)) }.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        folders.removeAll { removed.contains($0) }
        for folder in added where !folders.contains(folder) { folders.append(folder) }
        for folder in removed {
            let root = EngineAdapter.projectRoot(for: String(folder.dropLast()))
            guard let project = projects[root] else { continue }
            let scopes = project.scopes.filter { $0 != folder }
            project.scopes = scopes
            worker.async {
                project.state.scopes = scopes
                if scopes.isEmpty { project.state.lintsWorkspace = false }
            }
            enqueue(.reload, for: project)
        }
        for folder in added { _ = workspaceProject(for: folder) }
    }

    // MARK: Polling

    /// Without file watching by the client, the projects are checked for changed files every
    /// `options.pollInterval` seconds (a walk and a `stat` per file, on the worker).
    func startPolling() {
        let timer = DispatchSource.makeTimerSource(queue: main)
        timer.schedule(deadline: .now() + options.pollInterval, repeating: options.pollInterval)
        timer.setEventHandler { [weak self] in self?.poll() }
        timer.resume()
        pollTimer = timer
    }

    /// The worker only hands over what it knows; the walk and the `stat` calls run on another
    /// queue, so that edits are not held up behind a poll.
    func poll() {
        for project in projects.values where !project.pollQueued {
            project.pollQueued = true
            worker.async { [self] in
                guard project.state.indexed, !stopped.isSet else {
                    main.async { project.pollQueued = false }
                    return
                }
                let snapshot = project.state.pollSnapshot()
                DispatchQueue.global(qos: .utility).async { [self] in
                    let changed = ProjectState.diskChanges(root: snapshot.root, known: snapshot.files)
                    let settings = ProjectState.settingsChanged(root: snapshot.root, stamps: snapshot.settings, configuration: snapshot.configuration)
                    main.async {
                        project.pollQueued = false
                        if settings { self.enqueue(.reload, for: project) }
                        for path in changed { self.enqueue(.disk(path: path), for: project) }
                    }
                }
            }
        }
    }
}
