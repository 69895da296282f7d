/// The JSON reporter: one stable, versioned object with findings, a summary and diagnostics.

import Foundation

/// Prints one pretty-printed JSON object with sorted keys and unescaped `/`:
///
///     {
///       "diagnostics" : [ { "file" : "/abs/Broken.swift", "message" : "file is not valid UTF-8" } ],
///       "findings" : [
///         {
///           "column" : 5, "file" : "/abs/Model.swift", "line" : 12,
///           "fix" : { "safety" : "safe", "title" : "Make the setter of `count` `private(set)`" },
///           "message" : "…", "notes" : [ { "column" : 7, "file" : "…", "line" : 3, "message" : "…" } ],
///           "rule" : "state_private_set", "severity" : "warning"
///         }
///       ],
///       "summary" : { "by_rule" : { "state_private_set" : 1 }, "errors" : 0, "files" : 12, "findings" : 1, "warnings" : 1 },
///       "tool" : { "name" : "mvilint", "version" : "0.1.0" },
///       "version" : 1
///     }
///
/// `version` is the schema version: keys are only ever added within one version. Lines and
/// columns are 1-based; columns count characters. `severity` is `warning` or `error`.
/// `summary.files` counts the files that were linted; `diagnostics` lists inputs that could not
/// be linted. Findings are in report order (path, line, column, rule). `fix` is there only for a
/// finding that `--fix` can correct: its title and its safety (`safe`, applied by `--fix`, or
/// `unsafe`, applied with `--unsafe-fixes` too).
public enum JSONReporter: Reporter {
    public static let id = "json"
    public static let summary = "A versioned JSON object with findings, a summary and diagnostics"
    /// The schema version written in `version`.
    public static let schemaVersion = 1

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let findings = result.findings.sorted(by: Finding.reportOrder)
        var byRule: [String: Int] = [:]
        for f in findings { byRule[f.ruleID, default: 0] += 1 }
        let document = Document(
            version: schemaVersion,
            tool: Tool(name: context.toolName, version: context.toolVersion),
            findings: findings.map { f in
                FindingObject(file: f.path, line: f.line, column: f.column, severity: f.severity.reportedName,
                              rule: f.ruleID, message: f.message,
                              notes: f.notes.map { NoteObject(file: $0.path, line: $0.location.line, column: $0.location.column, message: $0.message) },
                              fix: f.fix.map { FixObject(title: $0.title, safety: $0.safety.rawValue) })
            },
            summary: Summary(files: result.lintedFileCount, findings: findings.count,
                             errors: findings.filter { $0.severity == .error }.count,
                             warnings: findings.filter { $0.severity != .error }.count,
                             by_rule: byRule),
            diagnostics: result.diagnostics.map { DiagnosticObject(file: $0.path, message: $0.message) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        if #available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *) {
            encoder.outputFormatting.insert(.withoutEscapingSlashes)
        }
        // Encoding strings, integers and dictionaries of them cannot fail.
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // The schema, as Codable values; property names are the JSON keys.
    private struct Document: Encodable {
        var version: Int
        var tool: Tool
        var findings: [FindingObject]
        var summary: Summary
        var diagnostics: [DiagnosticObject]
    }
    private struct Tool: Encodable { var name: String; var version: String }
    private struct FindingObject: Encodable {
        var file: String
        var line: Int
        var column: Int
        var severity: String
        var rule: String
        var message: String
        var notes: [NoteObject]
        /// Left out (not `null`) when the finding has no fix.
        var fix: FixObject?
    }
    private struct FixObject: Encodable { var title: String; var safety: String }
    private struct NoteObject: Encodable { var file: String; var line: Int; var column: Int; var message: String }
    private struct Summary: Encodable {
        var files: Int
        var findings: Int
        var errors: Int
        var warnings: Int
        var by_rule: [String: Int]
    }
    private struct DiagnosticObject: Encodable { var file: String; var message: String }
}
