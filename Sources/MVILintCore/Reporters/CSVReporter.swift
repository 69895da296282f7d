/// The CSV reporter: one row per finding, for spreadsheets and scripts.

/// Prints a header and one RFC 4180 row per finding, in report order, lines ending with CRLF:
///
///     file,line,column,severity,rule,message,notes
///     Features/OrdersView.swift,5,25,error,owned_model_state_object,`viewModel` creates …,
///
/// Paths follow `ReportPaths` (relative to the current directory). Columns count characters
/// from 1. `notes` joins each note as `path:line:column: message` with ` | `. A field holding a
/// comma, a quote or a line break is quoted, its quotes doubled; nothing else is changed (a
/// spreadsheet may take a field that starts with `=` for a formula). A file that could not be
/// linted is a row at line 1, column 1 with severity `error` and rule `input_error`.
public enum CSVReporter: Reporter {
    public static let id = "csv"
    public static let summary = "Comma-separated values, one row per finding, with a header"

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        var out = "file,line,column,severity,rule,message,notes\r\n"
        for entry in result.reportEntries {
            let fields: [String]
            switch entry {
            case .finding(let f):
                let notes = f.notes.map { "\(context.displayPath($0.path)):\($0.location.line):\($0.location.column): \($0.message)" }.joined(separator: " | ")
                fields = [context.displayPath(f.path), String(f.line), String(f.column), f.severity.reportedName, f.ruleID, f.message, notes]
            case .inputError(let d):
                fields = [context.displayPath(d.path), "1", "1", "error", ReportEntry.inputErrorName, d.message, ""]
            }
            out += fields.map(Escaping.csv).joined(separator: ",") + "\r\n"
        }
        return out
    }
}
