/// The JSON reporter: one stable, versioned object with findings, a summary and diagnostics.

/// Prints one pretty-printed JSON object, keys in alphabetical order, two-space indentation,
/// `[]` and `{}` for empty arrays and objects, `/` unescaped:
///
///     {
///       "diagnostics": [ { "file": "Sources/Broken.swift", "message": "file is not valid UTF-8" } ],
///       "findings": [
///         {
///           "column": 5, "file": "Sources/Model.swift",
///           "fix": { "safety": "safe", "title": "Make the setter of `count` `private(set)`" }, "line": 12,
///           "message": "…", "notes": [ { "column": 7, "file": "…", "line": 3, "message": "…" } ],
///           "rule": "state_private_set", "severity": "warning"
///         }
///       ],
///       "summary": { "by_rule": { "state_private_set": 1 }, "errors": 0, "files": 12, "findings": 1, "warnings": 1 },
///       "tool": { "name": "mvilint", "version": "0.1.0" },
///       "version": 1
///     }
///
/// `version` is the schema version: keys are only ever added within one version. Lines and
/// columns are 1-based; columns count characters. `severity` is `warning` or `error`. Paths
/// follow `ReportPaths` (relative to the current directory, absolute outside it).
/// `summary.files` counts the files that were linted; `diagnostics` lists inputs that could not
/// be linted. Findings are in report order (path, line, column, rule); diagnostics by path.
/// `fix` is there only for a finding that `--fix` can correct: its title and its safety (`safe`,
/// applied by `--fix`, or `unsafe`, applied with `--unsafe-fixes` too).
/// The text is the same on every platform (`ReportJSON`, not `JSONEncoder`, whose spacing
/// and escaping differ between Foundation versions).
public enum JSONReporter: Reporter {
    public static let id = "json"
    public static let summary = "A versioned JSON object with findings, a summary and diagnostics"
    /// The schema version written in `version`.
    public static let schemaVersion = 1

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let findings = result.findings.sorted(by: Finding.reportOrder)
        var byRule: [String: Int] = [:]
        for f in findings { byRule[f.ruleID, default: 0] += 1 }
        let errors = findings.filter { $0.severity == .error }.count
        func location(_ path: String, _ line: Int, _ column: Int, _ message: String) -> [(String, ReportJSON)] {
            [("column", .int(column)), ("file", .string(context.displayPath(path))), ("line", .int(line)), ("message", .string(message))]
        }
        let findingObjects: [ReportJSON] = findings.map { f in
            var members = location(f.path, f.line, f.column, f.message)
            if let fix = f.fix {
                // After `column` and `file`, in alphabetical order.
                members.insert(("fix", .object([("safety", .string(fix.safety.rawValue)), ("title", .string(fix.title))])), at: 2)
            }
            return .object(members + [
                ("notes", .array(f.notes.map { .object(location($0.path, $0.location.line, $0.location.column, $0.message)) })),
                ("rule", .string(f.ruleID)),
                ("severity", .string(f.severity.reportedName)),
            ])
        }
        let diagnostics: [ReportJSON] = ReportEntry.sortedInputErrors(result.diagnostics).map { d in
            .object([("file", .string(context.displayPath(d.path))), ("message", .string(d.message))])
        }
        let document = ReportJSON.object([
            ("diagnostics", .array(diagnostics)),
            ("findings", .array(findingObjects)),
            ("summary", .object([
                ("by_rule", .object(byRule.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
                ("errors", .int(errors)),
                ("files", .int(result.lintedFileCount)),
                ("findings", .int(findings.count)),
                ("warnings", .int(findings.count - errors)),
            ])),
            ("tool", .object([("name", .string(context.toolName)), ("version", .string(context.toolVersion))])),
            ("version", .int(schemaVersion)),
        ])
        return document.rendered() + "\n"
    }
}
