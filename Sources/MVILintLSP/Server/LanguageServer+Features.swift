/// Diagnostics (pushed and pulled), code actions, hover, requests waiting for fresh results, progress.

import Foundation
import MVILintCore

/// A request that waits until its document's current version is linted.
struct ParkedRequest {
    var id: RequestID
    var uri: String
    var answer: () -> JSON
}

/// Code action kinds the server offers.
enum CodeActionKinds {
    static let quickFix = "quickfix"
    /// Every safe fix of the file at once (for "fix all" and "fix on save").
    static let fixAll = "source.fixAll.mvilint"
}

/// A progress token's state: created by the client yet, begun, ended.
final class ProgressState {
    var title: String
    var created = false
    var begun = false
    var latest: (message: String, percentage: Int)?
    var endMessage: String?
    init(title: String) { self.title = title }
}

extension LanguageServer {
    // MARK: Results

    /// A file's analysis from the worker: kept for open documents, published.
    func received(_ analysis: FileAnalysis) {
        guard !stopped.isSet else { return }
        let items = analysis.diagnostics(homepage: options.homepage, related: client.relatedInformation)
        if let doc = documents[analysis.uri] {
            // Only the document's current version counts; a newer run is on its way otherwise.
            guard analysis.version == doc.text.version else { return }
            analyses[analysis.uri] = analysis
            if usesPull {
                if advanceResultID(analysis.uri, items) { requestRefresh() }
            } else {
                // Published for every version, changed or not, so that the client knows they are current.
                push(analysis.uri, items, version: analysis.version, always: true)
            }
            answerParked(uri: analysis.uri)
        } else {
            // A file read from disk; a result for a buffer that has been closed since is dropped.
            guard analysis.version == nil else { return }
            push(analysis.uri, items, version: nil)
        }
    }

    /// `textDocument/publishDiagnostics`, when the diagnostics differ from those last pushed
    /// (or `always`).
    func push(_ uri: String, _ items: [JSON], version: Int?, always: Bool = false) {
        let value = JSON.array(items)
        if !always, (pushed[uri] ?? .array([])) == value { return }
        pushed[uri] = items.isEmpty ? nil : value
        var params: [String: JSON] = ["uri": .string(uri), "diagnostics": value]
        if let version, client.publishVersion { params["version"] = .int(version) }
        notify("textDocument/publishDiagnostics", .object(params))
    }

    /// Gives `uri` a new result id when its items changed; returns whether they did.
    private func advanceResultID(_ uri: String, _ items: [JSON]) -> Bool {
        let value = JSON.array(items)
        if pulledItems[uri] == value, resultIDs[uri] != nil { return false }
        pulledItems[uri] = value
        resultIDs[uri] = nextResultID
        nextResultID += 1
        return true
    }

    /// Asks a pulling client to pull again (once per burst of results).
    private func requestRefresh() {
        guard client.diagnosticRefresh, !refreshQueued else { return }
        refreshQueued = true
        main.asyncAfter(deadline: .now() + 0.05) { [self] in
            refreshQueued = false
            if !stopped.isSet { request("workspace/diagnostic/refresh", .null) }
        }
    }

    /// The problems of a configuration file, as diagnostics on it.
    func publishConfigurationIssues(_ path: String, _ issues: [(line: Int, message: String)]) {
        let uri = documents.values.first { $0.path == path }?.uri ?? URIs.uri(fromPath: path)
        let text: TextDocument?
        if let open = documents[uri] { text = open.text } else if case .success(let b) = EngineAdapter.read(path) { text = TextDocument(bytes: b) } else { text = nil }
        let items: [JSON] = issues.map { issue in
            let line = max(0, issue.line - 1)
            var end = Position(line: line, character: 0)
            if let t = text, line < t.lineCount { end = t.position(ofOffset: t.contentEnd(ofLine: line)) }
            return ["range": TextRange(start: Position(line: line, character: 0), end: end).json, "severity": 1,
                    "source": "mvilint", "code": "configuration",
                    "message": .string(issue.message + "; the previous configuration stays in use")]
        }
        if !issues.isEmpty { log("mvilint: \(path) has \(issues.count) problem(s); the previous configuration stays in use", type: 2) }
        push(uri, items, version: nil)
    }

    // MARK: Waiting for fresh results

    /// The analysis of an open document's current version, if it has been linted.
    func freshAnalysis(_ uri: String) -> FileAnalysis? {
        guard let doc = documents[uri], let a = analyses[uri], a.version == doc.text.version else { return nil }
        return a
    }

    /// Whether a request about `uri` can be answered now: the document is not open, not linted
    /// by any project, or its current version has been linted.
    func isFresh(_ uri: String) -> Bool {
        guard let doc = documents[uri], doc.project != nil else { return true }
        return analyses[uri]?.version == doc.text.version
    }

    /// Answers now, or once the document's current version is linted. A request still waiting
    /// after `parkTimeout` is answered with what is known then.
    func whenFresh(_ id: RequestID, _ params: JSON, _ answer: @escaping () -> JSON) throws {
        guard let uri = params["textDocument"]["uri"].string else { throw ResponseError.invalidParams("textDocument.uri is missing") }
        if isFresh(uri) {
            respond(id, answer())
            return
        }
        parked.append(ParkedRequest(id: id, uri: uri, answer: answer))
        main.asyncAfter(deadline: .now() + LanguageServer.parkTimeout) { [self] in
            guard let k = parked.firstIndex(where: { $0.id == id && $0.uri == uri }) else { return }
            let p = parked.remove(at: k)
            respond(p.id, p.answer())
        }
    }

    static let parkTimeout = 10.0

    /// Answers the waiting requests about `uri` that can be answered (all of them with `all`).
    func answerParked(uri: String? = nil, all: Bool = false) {
        var waiting: [ParkedRequest] = []
        for p in parked {
            if all || (p.uri == uri && isFresh(p.uri)) { respond(p.id, p.answer()) } else { waiting.append(p) }
        }
        parked = waiting
    }

    // MARK: Pull diagnostics

    /// `textDocument/diagnostic`: an open file's current diagnostics; for another file, what
    /// the workspace lint last found.
    func pullDiagnostics(_ params: JSON) -> JSON {
        let uri = params["textDocument"]["uri"].string ?? ""
        let items: [JSON]
        if let a = freshAnalysis(uri) {
            items = a.diagnostics(homepage: options.homepage, related: client.relatedInformation)
        } else if documents[uri] != nil {
            items = analyses[uri].map { $0.diagnostics(homepage: options.homepage, related: client.relatedInformation) } ?? []
        } else {
            items = pushed[uri]?.array ?? []
        }
        _ = advanceResultID(uri, items)
        let id = String(resultIDs[uri] ?? 0)
        if params["previousResultId"].string == id { return ["kind": "unchanged", "resultId": .string(id)] }
        return ["kind": "full", "resultId": .string(id), "items": .array(items)]
    }

    // MARK: Code actions

    /// `textDocument/codeAction`: for each finding on the requested lines, its fix (preferred
    /// when safe), "suppress on this line" and "suppress in this file"; and every safe fix at
    /// once as `source.fixAll.mvilint`.
    func codeActions(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]["uri"].string, let range = TextRange(params["range"]), let a = freshAnalysis(uri) else { return [] }
        let only = params["context"]["only"].array?.compactMap(\.string)
        func wanted(_ kind: String) -> Bool {
            guard let only else { return kind == CodeActionKinds.quickFix || kind == CodeActionKinds.fixAll }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        let version = documents[uri]?.text.version
        var actions: [JSON] = []
        if wanted(CodeActionKinds.quickFix) {
            var fileWide = Set<String>()
            var suppressions: [JSON] = []
            for r in a.records where r.range.start.line <= range.end.line && range.start.line <= r.range.end.line {
                let diagnostic = r.json(homepage: options.homepage, related: client.relatedInformation)
                if let fix = r.fix {
                    actions.append(action(fix.isSafe ? fix.title : fix.title + " (may change behaviour)", kind: CodeActionKinds.quickFix,
                                          diagnostic: diagnostic, preferred: fix.isSafe, edit: workspaceEdit(uri, version, fix.edits)))
                }
                if let edit = suppressLineEdit(r) {
                    suppressions.append(action("Suppress `\(r.ruleID)` on this line", kind: CodeActionKinds.quickFix, diagnostic: diagnostic,
                                               preferred: false, edit: workspaceEdit(uri, version, [edit])))
                }
                if fileWide.insert(r.ruleID).inserted, let edit = suppressFileEdit(r.ruleID, a) {
                    suppressions.append(action("Suppress `\(r.ruleID)` in this file", kind: CodeActionKinds.quickFix, diagnostic: diagnostic,
                                               preferred: false, edit: workspaceEdit(uri, version, [edit])))
                }
            }
            actions += suppressions
        }
        if wanted(CodeActionKinds.fixAll) {
            var taken: [TextRange] = []
            var edits: [(range: TextRange, newText: String)] = []
            for r in a.records {
                guard let fix = r.fix, fix.isSafe else { continue }
                // Edits of one action must not overlap: a fix that touches an earlier one waits.
                if fix.edits.contains(where: { e in taken.contains { $0.start < e.range.end && e.range.start < $0.end || $0 == e.range } }) { continue }
                taken += fix.edits.map(\.range)
                edits += fix.edits
            }
            if !edits.isEmpty {
                actions.append(["title": "Apply every safe mvilint fix in this file", "kind": .string(CodeActionKinds.fixAll),
                                "edit": workspaceEdit(uri, version, edits)])
            }
        }
        return .array(actions)
    }

    private func action(_ title: String, kind: String, diagnostic: JSON, preferred: Bool, edit: JSON) -> JSON {
        var a: [String: JSON] = ["title": .string(title), "kind": .string(kind), "diagnostics": [diagnostic], "edit": edit]
        if preferred { a["isPreferred"] = true }
        return .object(a)
    }

    private func workspaceEdit(_ uri: String, _ version: Int?, _ edits: [(range: TextRange, newText: String)]) -> JSON {
        let list = JSON.array(edits.map { ["range": $0.range.json, "newText": .string($0.newText)] })
        if client.documentChanges {
            return ["documentChanges": [["textDocument": ["uri": .string(uri), "version": version.map(JSON.int) ?? .null], "edits": list]]]
        }
        return ["changes": .object([uri: list])]
    }

    /// `// mvilint:disable:next ID` above the finding's line, indented as that line; or the id
    /// added to such a comment already there. Nil when that comment names the rule already.
    private func suppressLineEdit(_ r: DiagnosticRecord) -> (range: TextRange, newText: String)? {
        if let above = r.suppressionAbove {
            guard let extended = Suppression.adding(r.ruleID, to: above.text) else { return nil }
            return (above.range, extended)
        }
        let at = Position(line: r.range.start.line, character: 0)
        return (TextRange(start: at, end: at), r.indent + Suppression.nextLinePrefix + r.ruleID + r.lineBreak)
    }

    /// `// mvilint:disable ID` on the first line (silencing the rule in the whole file), or the id
    /// added to such a comment already there.
    private func suppressFileEdit(_ ruleID: String, _ a: FileAnalysis) -> (range: TextRange, newText: String)? {
        if let first = a.fileSuppression {
            guard let extended = Suppression.adding(ruleID, to: first.text) else { return nil }
            return (first.range, extended)
        }
        let at = Position(line: 0, character: 0)
        return (TextRange(start: at, end: at), Suppression.filePrefix + ruleID + a.lineBreak)
    }

    // MARK: Hover

    /// `textDocument/hover` on a finding: the message, the rule's summary and why it exists.
    func hover(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]["uri"].string, let p = Position(params["position"]), let a = freshAnalysis(uri) else { return .null }
        let hits = a.records.filter { r in
            r.range.start <= p && (p < r.range.end || p == r.range.end || (r.range.start == r.range.end && p.line == r.range.start.line))
        }
        guard let first = hits.first else { return .null }
        var sections: [String] = []
        for r in hits {
            guard let info = infos.first(where: { $0.id == r.ruleID }) else { continue }
            let link = DiagnosticRecord.documentationURL(info.id, homepage: options.homepage)
            if client.markdownHover {
                sections.append("**\(info.title)** (`\(info.id)`, \(r.severity.rawValue))\n\n\(r.message)\n\n\(info.summary).\n\n\(info.rationale)\n\n[Documentation](\(link))")
            } else {
                sections.append("\(info.title) (\(info.id), \(r.severity.rawValue))\n\n\(r.message)\n\n\(info.summary).\n\n\(info.rationale)\n\n\(link)")
            }
        }
        guard !sections.isEmpty else { return .null }
        return ["contents": ["kind": .string(client.markdownHover ? "markdown" : "plaintext"), "value": .string(sections.joined(separator: "\n\n---\n\n"))],
                "range": first.range.json]
    }

    // MARK: Progress

    /// Creates a progress token (when the client shows progress); nil otherwise.
    func beginProgress(title: String, message: String) -> String? {
        guard client.workDoneProgress else { return nil }
        let token = "mvilint-progress-\(nextOutgoingID)"
        let state = ProgressState(title: title)
        state.latest = (message, 0)
        progress[token] = state
        request("window/workDoneProgress/create", ["token": .string(token)]) { [self] _, error in
            guard let state = progress[token] else { return }
            if error != nil { progress[token] = nil; return }
            state.created = true
            flushProgress(token)
        }
        return token
    }

    func reportProgress(_ token: String, message: String, percentage: Int) {
        guard let state = progress[token] else { return }
        state.latest = (message, min(100, max(0, percentage)))
        if state.created { flushProgress(token) }
    }

    func endProgress(_ token: String, message: String) {
        guard let state = progress[token] else { return }
        state.endMessage = message
        if state.created { flushProgress(token) }
    }

    private func flushProgress(_ token: String) {
        guard let state = progress[token], state.created else { return }
        if !state.begun {
            state.begun = true
            var value: [String: JSON] = ["kind": "begin", "title": .string(state.title), "cancellable": false]
            if let l = state.latest { value["message"] = .string(l.message); value["percentage"] = .int(l.percentage) }
            notify("$/progress", ["token": .string(token), "value": .object(value)])
        } else if let l = state.latest, state.endMessage == nil {
            notify("$/progress", ["token": .string(token), "value": ["kind": "report", "message": .string(l.message), "percentage": .int(l.percentage)]])
        }
        if let end = state.endMessage {
            notify("$/progress", ["token": .string(token), "value": ["kind": "end", "message": .string(end)]])
            progress[token] = nil
        }
    }
}
