/// Baselines: recorded findings that later runs do not report again.

import Foundation

/// A recorded set of accepted findings (`--write-baseline FILE`, then `--baseline FILE`).
///
/// A finding is identified by its rule, its file's path relative to the project root (the
/// absolute path for a file outside it), the text of its line with whitespace collapsed, and its
/// occurrence among findings with those same three values in the file (1 for the first, in line
/// order). Line numbers are not part of the key, so inserting or deleting unrelated lines keeps
/// recorded findings hidden; editing the offending line itself, or adding another identical
/// finding, reports it again (the extra one, counting from the top).
///
/// File format (JSON, UTF-8, keys and entries in a stable order, one entry per line):
///
///     {
///       "version": 1,
///       "findings": [
///         {"rule": "state_private_set", "path": "Sources/App/CounterModel.swift", "text": "@Published var count = 0", "occurrence": 1, "message": "…"}
///       ]
///     }
///
/// `message` is for people reading the file and is ignored when matching.
public struct Baseline: Sendable, Equatable {
    /// The format version this build reads and writes.
    public static let formatVersion = 1

    /// One recorded finding.
    public struct Entry: Hashable, Sendable, Codable {
        public var rule: String
        public var path: String
        public var text: String
        public var occurrence: Int
        public var message: String?

        public init(rule: String, path: String, text: String, occurrence: Int, message: String? = nil) {
            self.rule = rule; self.path = path; self.text = text; self.occurrence = occurrence; self.message = message
        }

        /// The identity used for matching (the message is left out).
        var key: Key { Key(rule: rule, path: path, text: text, occurrence: occurrence) }
    }

    struct Key: Hashable {
        var rule: String, path: String, text: String, occurrence: Int
    }

    /// Why a baseline file cannot be used.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// The entries in the stable order they are written in.
    public private(set) var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries.sorted { ($0.path, $0.rule, $0.text, $0.occurrence) < ($1.path, $1.rule, $1.text, $1.occurrence) }
    }

    /// A baseline of `findings`; `lines` supplies the text of a finding's line.
    public init(findings: [Finding], projectRoot: String, lines: SourceLines) {
        self.init(entries: Baseline.entries(for: findings, projectRoot: projectRoot, lines: lines).map(\.entry))
    }

    /// Each finding with its entry, in report order.
    static func entries(for findings: [Finding], projectRoot: String, lines: SourceLines) -> [(finding: Finding, entry: Entry)] {
        var counts: [Key: Int] = [:]
        var out: [(Finding, Entry)] = []
        for f in findings.sorted(by: Finding.reportOrder) {
            let path = relativePath(f.path, to: projectRoot)
            let text = normalized(lines.text(of: f.path, line: f.line))
            let base = Key(rule: f.ruleID, path: path, text: text, occurrence: 0)
            counts[base, default: 0] += 1
            out.append((f, Entry(rule: f.ruleID, path: path, text: text, occurrence: counts[base]!, message: f.message)))
        }
        return out
    }

    /// The findings that are not recorded here, and how many were.
    public func filter(_ findings: [Finding], projectRoot: String, lines: SourceLines) -> (new: [Finding], known: Int) {
        let known = Set(entries.map(\.key))
        var fresh: [Finding] = []
        var hidden = 0
        for (finding, entry) in Baseline.entries(for: findings, projectRoot: projectRoot, lines: lines) {
            if known.contains(entry.key) { hidden += 1 } else { fresh.append(finding) }
        }
        return (fresh.sorted(by: Finding.reportOrder), hidden)
    }

    // MARK: Reading and writing

    /// The file contents.
    public func encoded() -> String {
        var out = "{\n  \"version\": \(Baseline.formatVersion),\n  \"findings\": ["
        for (i, e) in entries.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "    {\"rule\": \(JSONString.quoted(e.rule)), \"path\": \(JSONString.quoted(e.path)), \"text\": \(JSONString.quoted(e.text)), \"occurrence\": \(e.occurrence)"
            if let m = e.message { out += ", \"message\": \(JSONString.quoted(m))" }
            out += "}"
        }
        out += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    private struct File: Decodable {
        var version: Int
        var findings: [Entry]
    }

    /// Parses baseline file contents read from `path`.
    public static func decode(_ data: Data, path: String) throws -> Baseline {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw LoadError(path: path, message: "not a valid baseline: '\(pathText(context.codingPath + [key]))' is missing; write a new one with --write-baseline")
        } catch let DecodingError.typeMismatch(_, context) {
            throw LoadError(path: path, message: "not a valid baseline: '\(pathText(context.codingPath))' has the wrong type; write a new one with --write-baseline")
        } catch {
            throw LoadError(path: path, message: "not a valid baseline (not JSON in the baseline format); write a new one with --write-baseline")
        }
        guard file.version == formatVersion else {
            throw LoadError(path: path, message: "baseline format version \(file.version) is not supported (expected \(formatVersion)); write a new one with --write-baseline")
        }
        return Baseline(entries: file.findings)
    }

    /// Reads the baseline at `path`.
    public static func load(path: String) throws -> Baseline {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LoadError(path: path, message: "the baseline file does not exist; create it with --write-baseline")
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(path: path, message: isDirectory.boolValue ? "is a directory, not a baseline file" : "the baseline file cannot be read (check its permissions)")
        }
        return try decode(data, path: path)
    }

    /// Writes the baseline to `path` atomically.
    public func write(to path: String) throws {
        do {
            try AtomicFile.write(Array(encoded().utf8), to: path)
        } catch let e as AtomicFile.WriteError {
            throw LoadError(path: path, message: "cannot write the baseline: \(e.message)")
        }
    }

    // MARK: Keys

    /// `path` relative to `root` when it is inside it.
    static func relativePath(_ path: String, to root: String) -> String {
        let base = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    /// The line's text with leading and trailing whitespace removed and inner runs collapsed.
    static func normalized(_ line: String) -> String {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{0B}" || $0 == "\u{0C}" }).joined(separator: " ")
    }

    private static func pathText(_ path: [CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }
}

/// Line texts of files, read once per file: from sources kept by the linter, else from disk.
public final class SourceLines: @unchecked Sendable {
    private var sources: [String: [UInt8]]
    private var lineStarts: [String: [Int]] = [:]

    /// `sources` are file contents already in memory (path → bytes); other files are read on demand.
    public init(sources: [String: [UInt8]] = [:]) { self.sources = sources }

    /// The text of 1-based `line` of `path` without its line break; empty when unavailable.
    public func text(of path: String, line: Int) -> String {
        if sources[path] == nil { sources[path] = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? [] }
        let bytes = sources[path]!
        if lineStarts[path] == nil {
            var starts = [0]
            for (i, b) in bytes.enumerated() where b == 10 { starts.append(i + 1) }
            lineStarts[path] = starts
        }
        let starts = lineStarts[path]!
        guard line >= 1, line <= starts.count else { return "" }
        let start = starts[line - 1]
        var end = line < starts.count ? starts[line] - 1 : bytes.count
        while end > start, bytes[end - 1] == 10 || bytes[end - 1] == 13 { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }
}
