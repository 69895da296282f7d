/// What the worker hands the message loop about one linted file, already in protocol terms.

import MVILintCore

/// A change the message loop passes to a project's worker.
enum FileChange: Sendable {
    /// An open buffer's text (on open and on every edit).
    case buffer(path: String, uri: String, version: Int, bytes: [UInt8])
    /// The buffer was closed: the file on disk counts again.
    case closed(path: String)
    /// The file changed on disk: created, changed or deleted.
    case disk(path: String)
    /// The configuration or the project settings may have changed: load them again.
    case reload
    /// Files may have appeared or vanished anywhere (a directory event, a poll): walk again.
    case rescan
}

/// A correction, with its edits in protocol positions.
struct FixRecord: Sendable {
    var title: String
    var isSafe: Bool
    var edits: [(range: TextRange, newText: String)]
}

/// One finding, ready to publish and to offer actions for.
struct DiagnosticRecord: Sendable {
    var range: TextRange
    var ruleID: String
    var message: String
    var severity: Severity
    var related: [(uri: String, range: TextRange, message: String)]
    var fix: FixRecord?
    /// The leading whitespace of the finding's line, and the line's break (`\n` or `\r\n`).
    var indent: String
    var lineBreak: String
    /// The line above the finding when it is already a `mvilint:disable:next` comment: its
    /// range and text, so that suppressing another rule there extends it.
    var suppressionAbove: (range: TextRange, text: String)?

    /// The protocol's `Diagnostic` (without `relatedInformation` for a client that does not take it).
    func json(homepage: String, related withRelated: Bool = true) -> JSON {
        var d: [String: JSON] = [
            "range": range.json,
            "severity": .int(severity == .error ? 1 : 2),
            "code": .string(ruleID),
            "codeDescription": ["href": .string(DiagnosticRecord.documentationURL(ruleID, homepage: homepage))],
            "source": "mvilint",
            "message": .string(message),
        ]
        if withRelated, !related.isEmpty {
            d["relatedInformation"] = .array(related.map { r in
                ["location": ["uri": .string(r.uri), "range": r.range.json], "message": .string(r.message)]
            })
        }
        return .object(d)
    }

    /// The rule's documentation page (`docs/rules/<id>.md` under the project's home page).
    static func documentationURL(_ ruleID: String, homepage: String) -> String {
        let home = homepage.hasSuffix("/") ? String(homepage.dropLast()) : homepage
        return home + "/blob/main/docs/rules/" + ruleID + ".md"
    }
}

/// The findings of one file as linted.
struct FileAnalysis: Sendable {
    var uri: String
    var path: String
    /// The buffer version linted; nil when the file was read from disk.
    var version: Int?
    var records: [DiagnosticRecord]
    /// Why the file could not be linted (binary, not UTF-8), if it could not.
    var problem: String?
    /// The first line when it is already a file-wide `mvilint:disable` comment.
    var fileSuppression: (range: TextRange, text: String)?
    var lineBreak: String

    /// The diagnostics to publish.
    func diagnostics(homepage: String, related: Bool = true) -> [JSON] {
        var out = records.map { $0.json(homepage: homepage, related: related) }
        if let problem {
            out.append(["range": TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)).json,
                        "severity": 2, "source": "mvilint", "message": .string("mvilint cannot lint this file: \(problem)")])
        }
        return out
    }
}

/// Builds `FileAnalysis` values from the engine's findings.
struct AnalysisBuilder {
    /// The texts of other files that notes point into, read once per file.
    var texts: (String) -> TextDocument?
    var uriForPath: (String) -> String

    func analysis(path: String, uri: String, version: Int?, bytes: [UInt8], findings: [EngineAdapter.CheckedFinding], problem: String?) -> FileAnalysis {
        let doc = TextDocument(bytes: bytes)
        let lineBreak = AnalysisBuilder.lineBreak(of: doc, line: 0)
        var records: [DiagnosticRecord] = []
        records.reserveCapacity(findings.count)
        for checked in findings {
            let f = checked.finding
            let range = TextRange(start: doc.position(ofOffset: checked.range.lowerBound), end: doc.position(ofOffset: checked.range.upperBound))
            var related: [(uri: String, range: TextRange, message: String)] = []
            for note in f.notes {
                let target = note.path == path ? doc : texts(note.path)
                guard let t = target else { continue }
                let r = AnalysisBuilder.range(of: note.location, in: t)
                related.append((note.path == path ? uri : uriForPath(note.path), r, note.message))
            }
            let fix = f.fix.map { fix in
                FixRecord(title: fix.title, isSafe: fix.safety == .safe, edits: fix.edits.map { e in
                    (TextRange(start: doc.position(ofOffset: e.range.lowerBound), end: doc.position(ofOffset: e.range.upperBound)), e.replacement)
                })
            }
            let line = range.start.line
            let text = doc.lineBytes(line)
            let indent = String(decoding: text.prefix { $0 == 32 || $0 == 9 }, as: UTF8.self)
            var above: (range: TextRange, text: String)?
            if line > 0 {
                let previous = String(decoding: doc.lineBytes(line - 1), as: UTF8.self)
                if Suppression.isNextLineComment(previous) {
                    above = (TextRange(start: Position(line: line - 1, character: 0),
                                       end: Position(line: line - 1, character: previous.utf16.count)), previous)
                }
            }
            records.append(DiagnosticRecord(range: range, ruleID: f.ruleID, message: f.message, severity: f.severity, related: related,
                                            fix: fix, indent: indent, lineBreak: AnalysisBuilder.lineBreak(of: doc, line: line),
                                            suppressionAbove: above))
        }
        var fileSuppression: (range: TextRange, text: String)?
        let first = String(decoding: doc.lineBytes(0), as: UTF8.self)
        if Suppression.isFileComment(first) {
            fileSuppression = (TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: first.utf16.count)), first)
        }
        return FileAnalysis(uri: uri, path: path, version: version, records: records, problem: problem,
                            fileSuppression: fileSuppression, lineBreak: lineBreak)
    }

    /// The protocol range of the token at a 1-based line and character column of `doc`.
    static func range(of location: SourceLocation, in doc: TextDocument) -> TextRange {
        let line = max(0, min(location.line - 1, doc.lineCount - 1))
        let start = UTF16Columns.offset(ofCharacterColumn: location.column, in: doc.bytes, lineStart: doc.lineStarts[line], lineEnd: doc.contentEnd(ofLine: line))
        var end = start
        let limit = doc.contentEnd(ofLine: line)
        while end < limit, WordSet.isWordByte(doc.bytes[end]) { end += 1 }
        if end == start, start < limit { end = min(limit, start + UTF16Columns.sequenceLength(doc.bytes[start])) }
        return TextRange(start: doc.position(ofOffset: start), end: doc.position(ofOffset: end))
    }

    /// The line break that ends `line` (`\n` when it has none).
    static func lineBreak(of doc: TextDocument, line: Int) -> String {
        let end = doc.contentEnd(ofLine: line)
        if end + 1 < doc.bytes.count, doc.bytes[end] == 13, doc.bytes[end + 1] == 10 { return "\r\n" }
        if end < doc.bytes.count, doc.bytes[end] == 13 { return "\r" }
        return "\n"
    }
}

/// The suppression comments that code actions write and extend.
enum Suppression {
    static let nextLinePrefix = "// mvilint:disable:next "
    static let filePrefix = "// mvilint:disable "

    /// `// mvilint:disable:next a, b` (with any indentation and an optional ` - reason`).
    static func isNextLineComment(_ line: String) -> Bool {
        line.drop { $0 == " " || $0 == "\t" }.hasPrefix(nextLinePrefix)
    }

    /// `// mvilint:disable a` at the start of the file.
    static func isFileComment(_ line: String) -> Bool {
        line.hasPrefix(filePrefix)
    }

    /// The comment with `ruleID` added to its list (before a ` - reason`); nil when it already names it.
    static func adding(_ ruleID: String, to comment: String) -> String? {
        let reasonStart = comment.range(of: " - ")
        let head = reasonStart.map { String(comment[..<$0.lowerBound]) } ?? comment
        let reason = reasonStart.map { String(comment[$0.lowerBound...]) } ?? ""
        let ids = head.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        if ids.contains(ruleID) || ids.contains("all") { return nil }
        var trimmed = head
        while trimmed.last == " " || trimmed.last == "\t" { trimmed.removeLast() }
        return trimmed + ", " + ruleID + reason
    }
}
