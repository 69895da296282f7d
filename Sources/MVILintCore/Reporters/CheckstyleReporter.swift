/// The Checkstyle reporter: the Checkstyle XML format that Jenkins, reviewdog and Danger read.

/// Prints a Checkstyle 4.3 document with one `<file>` per file that has findings or could not be
/// linted (paths as `ReportPaths` says, in report order) and one `<error>` per finding:
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <checkstyle version="4.3">
///       <file name="Features/Broken.swift">
///         <error line="1" column="1" severity="error" message="file is not valid UTF-8" source="mvilint.input_error"/>
///       </file>
///       <file name="Features/OrdersView.swift">
///         <error line="5" column="5" severity="error" message="…" source="mvilint.owned_model_state_object"/>
///       </file>
///     </checkstyle>
///
/// `severity` is `error` or `warning`; `source` is `mvilint.` followed by the rule id, or by
/// `input_error` for a file that could not be linted. Notes are not part of this report. Text is
/// XML-escaped (line breaks as `&#10;`).
public enum CheckstyleReporter: Reporter {
    public static let id = "checkstyle"
    public static let summary = "Checkstyle XML (Jenkins, reviewdog, Danger)"

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var currentPath: String?
        for entry in result.reportEntries {
            if entry.path != currentPath {
                if currentPath != nil { out += "  </file>\n" }
                out += "  <file name=\"\(Escaping.xml(context.displayPath(entry.path)))\">\n"
                currentPath = entry.path
            }
            let (line, column, severity, message, source): (Int, Int, String, String, String)
            switch entry {
            case .finding(let f): (line, column, severity, message, source) = (f.line, f.column, f.severity.reportedName, f.message, f.ruleID)
            case .inputError(let d): (line, column, severity, message, source) = (1, 1, "error", d.message, ReportEntry.inputErrorName)
            }
            out += "    <error line=\"\(line)\" column=\"\(column)\" severity=\"\(severity)\" "
            out += "message=\"\(Escaping.xml(message))\" source=\"\(Escaping.xml(context.toolName + "." + source))\"/>\n"
        }
        if currentPath != nil { out += "  </file>\n" }
        return out + "</checkstyle>\n"
    }
}
