import Foundation

/// What the client said it supports in `initialize`, and the server's options.

/// The client capabilities the server acts on.
struct ClientCapabilities {
    /// `window.workDoneProgress`: the server may create progress tokens.
    var workDoneProgress = false
    /// `workspace.didChangeWatchedFiles.dynamicRegistration`: the client watches files for us.
    var watchesFiles = false
    /// `workspace.workspaceEdit.documentChanges`: versioned edits.
    var documentChanges = false
    /// `textDocument.diagnostic`: the client pulls diagnostics.
    var pullDiagnostics = false
    /// `workspace.diagnostics.refreshSupport`: the client re-pulls when asked to.
    var diagnosticRefresh = false
    /// `textDocument.publishDiagnostics.versionSupport`.
    var publishVersion = false
    /// `textDocument.publishDiagnostics.relatedInformation`.
    var relatedInformation = true
    /// `textDocument.hover.contentFormat` includes markdown.
    var markdownHover = true
    /// `workspace.configuration` is not used: settings come in `initializationOptions`.

    init() {}

    init(_ c: JSON) {
        workDoneProgress = c["window"]["workDoneProgress"].bool ?? false
        watchesFiles = c["workspace"]["didChangeWatchedFiles"]["dynamicRegistration"].bool ?? false
        documentChanges = c["workspace"]["workspaceEdit"]["documentChanges"].bool ?? false
        pullDiagnostics = c["textDocument"]["diagnostic"].object != nil
        diagnosticRefresh = c["workspace"]["diagnostics"]["refreshSupport"].bool ?? false
        publishVersion = c["textDocument"]["publishDiagnostics"]["versionSupport"].bool ?? false
        relatedInformation = c["textDocument"]["publishDiagnostics"]["relatedInformation"].bool ?? true
        if let formats = c["textDocument"]["hover"]["contentFormat"].array {
            markdownHover = formats.contains(.string("markdown"))
        }
    }
}

/// Settings of the server, from the client's `initializationOptions` (all optional):
///
/// ```json
/// { "debounceMilliseconds": 10, "workspaceDiagnostics": true, "pullDiagnostics": true, "pollSeconds": 3 }
/// ```
public struct ServerOptions: Sendable {
    /// How long the server waits after a change for the next one before linting (a burst of
    /// keystrokes is linted once).
    public var debounce: Double = 0.010
    /// Whether files that are not open get diagnostics (the whole workspace, as the command
    /// line lints it); otherwise open files only.
    public var workspaceDiagnostics = true
    /// Whether open files' diagnostics are pulled when the client can pull (`textDocument/diagnostic`).
    public var pullDiagnostics = true
    /// How often the project is checked for files changed on disk when the client does not
    /// watch files for the server (0: never).
    public var pollInterval: Double = 3
    /// Where rule documentation lives (`codeDescription.href`).
    public var homepage = "https://github.com/mvilint/mvilint"
    /// Whether each run's timings are written to the client's log (`"trace": true`, or the
    /// environment variable `MVILINT_LSP_TRACE=1`).
    public var trace = ProcessInfo.processInfo.environment["MVILINT_LSP_TRACE"] == "1"

    public init() {}

    mutating func read(_ o: JSON) {
        if let ms = o["debounceMilliseconds"].int, ms >= 0, ms <= 10_000 { debounce = Double(ms) / 1000 }
        if let b = o["workspaceDiagnostics"].bool { workspaceDiagnostics = b }
        if let b = o["pullDiagnostics"].bool { pullDiagnostics = b }
        if let s = o["pollSeconds"].int, s >= 0, s <= 3600 { pollInterval = Double(s) }
        if let b = o["trace"].bool { trace = b }
    }
}
