/// `mvilint lsp`: the language server's message loop, lifecycle and dispatch.

import Foundation
import MVILintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A language server (LSP 3.17) over a pair of file descriptors.
///
/// Three kinds of thread:
/// - the reader thread frames and parses messages and hands them to the message loop;
/// - the message loop (a serial queue) keeps the open documents, answers requests from the
///   latest results and schedules work; it never lints;
/// - the worker (a serial queue, spreading work over the cores) indexes and lints, and reports
///   each file's findings back to the message loop as soon as they are known.
///
/// `serverInfo` names mvilint and its version (`mvilintVersion` unless told otherwise).
///
/// A change to a document is linted after `ServerOptions.debounce` without a further change; a
/// change that arrives while a run is linting stops that run at the next file, and the next run
/// takes over the files not yet linted.
public final class LanguageServer: @unchecked Sendable {
    let rules: [any Rule.Type]
    let infos: [RuleInfo]
    let version: String
    var options: ServerOptions
    let main = DispatchQueue(label: "mvilint.lsp.messages")
    let worker = DispatchQueue(label: "mvilint.lsp.worker")
    var connection: Connection!

    enum Phase { case created, initialized, shuttingDown }
    var phase = Phase.created
    var client = ClientCapabilities()
    /// Workspace folders, absolute paths with a trailing `/`.
    var folders: [String] = []
    var documents: [String: OpenDocument] = [:]
    /// Projects by root.
    var projects: [String: ProjectHandle] = [:]
    /// The latest analysis of each open document.
    var analyses: [String: FileAnalysis] = [:]
    /// The diagnostics last pushed for each URI (to send only changes).
    var pushed: [String: JSON] = [:]
    /// For pulled diagnostics: a result id per URI, advanced when its diagnostics change.
    var resultIDs: [String: Int] = [:]
    var nextResultID = 1
    /// The items behind each result id.
    var pulledItems: [String: JSON] = [:]
    var refreshQueued = false
    /// Requests that wait for a document's current version to be linted.
    var parked: [ParkedRequest] = []
    var nextOutgoingID = 1
    var outgoing: [RequestID: (JSON, JSON?) -> Void] = [:]
    var progress: [String: ProgressState] = [:]
    var pollTimer: DispatchSourceTimer?
    let stopped = Flag()
    /// Called on a worker thread with each file the engine checks (tests observe what a change re-lints).
    var onCheck: ((String) -> Void)?
    private let finished = DispatchSemaphore(value: 0)
    private var exitCode: Int32 = 1
    private var hasExited = false

    public init(rules: [any Rule.Type], version: String = mvilintVersion, options: ServerOptions = ServerOptions()) {
        self.rules = rules
        self.infos = rules.map { $0.info }
        self.version = version
        self.options = options
    }

    /// Serves one client until `exit` or the end of the input; returns the exit status (0 after
    /// `shutdown` then `exit`, 1 otherwise, as the protocol asks).
    public func run(input: Int32, output: Int32) -> Int32 {
        // A client that closes its end must not kill the process with SIGPIPE: writes then fail.
        signal(SIGPIPE, SIG_IGN)
        connection = Connection(input: input, output: output)
        connection.startReading { [self] event in
            main.async { self.receive(event) }
        }
        finished.wait()
        return exitCode
    }

    /// Ends `run` with `code`.
    func stop(_ code: Int32) {
        guard !hasExited else { return }
        hasExited = true
        exitCode = code
        stopped.set()
        pollTimer?.cancel()
        for p in projects.values { p.debounce?.cancel() }
        finished.signal()
    }

    // MARK: Receiving

    func receive(_ event: TransportEvent) {
        guard !hasExited else { return }
        switch event {
        case .closed:
            // The client is gone: nothing is left to answer.
            stop(phase == .shuttingDown ? 0 : 1)
        case .framingError(let message):
            log("mvilint: bad message framing: \(message)", type: 1)
        case .message(let message):
            switch message {
            case .request(let id, let method, let params):
                handleRequest(id, method, params)
            case .notification(let method, let params):
                handleNotification(method, params)
            case .response(let id, let result, let error):
                if let handler = outgoing.removeValue(forKey: id) { handler(result, error) }
            case .invalid(let id, let error):
                connection.send(Outgoing.error(id: id, error))
            }
        }
    }

    func handleRequest(_ id: RequestID, _ method: String, _ params: JSON) {
        if phase == .created && method != "initialize" {
            respond(id, error: ResponseError(ErrorCode.serverNotInitialized, "the server has not been initialized"))
            return
        }
        if phase == .shuttingDown {
            respond(id, error: ResponseError(ErrorCode.invalidRequest, "the server is shutting down"))
            return
        }
        do {
            switch method {
            case "initialize":
                guard phase == .created else { throw ResponseError(ErrorCode.invalidRequest, "initialize was already received") }
                respond(id, initialize(params))
            case "shutdown":
                phase = .shuttingDown
                stopped.set()
                answerParked(all: true)
                respond(id, .null)
            case "textDocument/codeAction":
                try whenFresh(id, params) { self.codeActions(params) }
            case "textDocument/hover":
                try whenFresh(id, params) { self.hover(params) }
            case "textDocument/diagnostic":
                try whenFresh(id, params) { self.pullDiagnostics(params) }
            default:
                respond(id, error: ResponseError(ErrorCode.methodNotFound, "unknown method \(method)"))
            }
        } catch let error as ResponseError {
            respond(id, error: error)
        } catch {
            respond(id, error: ResponseError(ErrorCode.internalError, "\(error)"))
        }
    }

    func handleNotification(_ method: String, _ params: JSON) {
        if method == "exit" {
            stop(phase == .shuttingDown ? 0 : 1)
            return
        }
        // Before `initialize` notifications are dropped; after `shutdown` only `exit` counts.
        guard phase == .initialized else { return }
        switch method {
        case "initialized": started()
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didClose": didClose(params)
        case "textDocument/didSave": didSave(params)
        case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
        case "workspace/didChangeWorkspaceFolders": didChangeWorkspaceFolders(params)
        case "workspace/didChangeConfiguration": didChangeConfiguration(params)
        case "$/cancelRequest": cancelRequest(params)
        default:
            // `$/setTrace` and other optional notifications are ignored, as the protocol allows.
            break
        }
    }

    // MARK: Sending

    func respond(_ id: RequestID, _ result: JSON) { connection.send(Outgoing.response(id: id, result: result)) }
    func respond(_ id: RequestID, error: ResponseError) { connection.send(Outgoing.error(id: id, error)) }
    func notify(_ method: String, _ params: JSON) { connection.send(Outgoing.notification(method, params)) }

    /// Sends a request to the client; `handler` gets the result, or the error.
    func request(_ method: String, _ params: JSON, _ handler: @escaping (JSON, JSON?) -> Void = { _, _ in }) {
        let id = RequestID.string("mvilint-\(nextOutgoingID)")
        nextOutgoingID += 1
        outgoing[id] = handler
        connection.send(Outgoing.request(id: id, method, params))
    }

    /// `window/logMessage` (type 1 error, 2 warning, 3 info, 4 log).
    func log(_ message: String, type: Int = 3) {
        notify("window/logMessage", ["type": .int(type), "message": .string(message)])
    }

    // MARK: Lifecycle

    func initialize(_ params: JSON) -> JSON {
        client = ClientCapabilities(params["capabilities"])
        options.read(params["initializationOptions"])
        var roots: [String] = []
        if let list = params["workspaceFolders"].array {
            roots = list.compactMap { $0["uri"].string.flatMap(URIs.path(fromURI:)) }
        }
        if roots.isEmpty, let uri = params["rootUri"].string, let path = URIs.path(fromURI: uri) { roots = [path] }
        if roots.isEmpty, let path = params["rootPath"].string, path.hasPrefix("/") { roots = [URIs.standardized(path)] }
        folders = roots.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        phase = .initialized
        var capabilities: [String: JSON] = [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "codeActionProvider": ["codeActionKinds": ["quickfix", .string(CodeActionKinds.fixAll)], "resolveProvider": false],
            "hoverProvider": true,
            "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
        ]
        if usesPull {
            capabilities["diagnosticProvider"] = ["identifier": "mvilint", "interFileDependencies": true, "workspaceDiagnostics": false]
        }
        return ["capabilities": .object(capabilities), "serverInfo": ["name": .string(mvilintName), "version": .string(version)]]
    }

    /// Whether open documents' diagnostics are pulled rather than pushed.
    var usesPull: Bool { client.pullDiagnostics && options.pullDiagnostics }

    /// `initialized`: file watching is registered and the workspace folders are indexed.
    func started() {
        if client.watchesFiles {
            let globs = ["**/*.swift", "**/" + EngineAdapter.configurationFileName, "**/Package.swift", "**/project.pbxproj", "**/*.xcdatamodel/contents"]
            request("client/registerCapability", ["registrations": [[
                "id": "mvilint-watched-files", "method": "workspace/didChangeWatchedFiles",
                "registerOptions": ["watchers": .array(globs.map { ["globPattern": .string($0)] })],
            ]]])
        } else if options.pollInterval > 0 {
            startPolling()
        }
        for folder in folders { _ = workspaceProject(for: folder) }
    }

    func cancelRequest(_ params: JSON) {
        guard let id = RequestID(params["id"]) else { return }
        if let k = parked.firstIndex(where: { $0.id == id }) {
            let p = parked.remove(at: k)
            respond(p.id, error: ResponseError(ErrorCode.requestCancelled, "cancelled"))
        }
    }

    func didChangeConfiguration(_ params: JSON) {
        // Settings live in `.mvilint.json`; `initializationOptions` hold the server's own.
        let settings = params["settings"]["mvilint"]
        if settings.object != nil { options.read(settings) }
    }
}

/// A flag set once, read from any thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}

/// A counter bumped on the message loop and read by the worker.
final class Generation: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func bump() { lock.lock(); value += 1; lock.unlock() }
    var current: Int { lock.lock(); defer { lock.unlock() }; return value }
}

/// An open document.
struct OpenDocument {
    var uri: String
    /// The file's path, for a `file:` URI.
    var path: String?
    var languageID: String
    var text: TextDocument
    /// The project that lints it; nil when nothing does (not Swift, not a file).
    var project: String?
}
