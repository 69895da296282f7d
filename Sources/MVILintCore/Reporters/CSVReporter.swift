/// The CSV reporter: one row per finding, for spreadsheets and scripts.

/// Prints a header and one RFC 4180 row per finding, in report order, lines ending with CRLF:
///
///     file,line,column,severity,rule,message,notes
///     Features/OrdersView.swift,5,25,error,owned_model_state_object,`viewModel` creates …,
///
/// Paths are relative to the base directory. Columns count characters from 1. `notes` joins
/// each note as `path:line:column: message` with ` | `. A field holding a comma, a quote or a
/// line break is quoted, its quotes doubled; nothing else is changed (a spreadsheet may take a
/// field that starts with `=` for a formula). Input diagnostics are not rows.
public enum CSVReporter: Reporter {
    public static let id = "csv"
    public static let summary = "Comma-separated values, one row per finding, with a header"

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        var out = "file,line,column,severity,rule,message,notes\r\n"
        for f in result.findings.sorted(by: Finding.reportOrder) {
            let notes = f.notes.map { "\(context.relativePath($0.path)):\($0.location.line):\($0.location.column): \($0.message)" }.joined(separator: " | ")
            let fields = [context.relativePath(f.path), String(f.line), String(f.column), f.severity.reportedName, f.ruleID, f.message, notes]
            out += fields.map(Escaping.csv).joined(separator: ",") + "\r\n"
        }
        return out
    }
}
