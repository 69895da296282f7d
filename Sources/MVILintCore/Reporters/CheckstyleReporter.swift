/// The Checkstyle reporter: the Checkstyle XML format that Jenkins, reviewdog and Danger read.

/// Prints a Checkstyle 4.3 document with one `<file>` per file that has findings (absolute
/// paths, sorted) and one `<error>` per finding, in report order:
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <checkstyle version="4.3">
///       <file name="/abs/Features/OrdersView.swift">
///         <error line="5" column="5" severity="error" message="…" source="mvilint.owned_model_state_object"/>
///       </file>
///     </checkstyle>
///
/// `severity` is `error` or `warning`; `source` is `mvilint.` followed by the rule id. Notes and
/// input diagnostics are not part of this report. Text is XML-escaped (line breaks as `&#10;`).
public enum CheckstyleReporter: Reporter {
    public static let id = "checkstyle"
    public static let summary = "Checkstyle XML (Jenkins, reviewdog, Danger)"

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var currentPath: String?
        for f in result.findings.sorted(by: Finding.reportOrder) {
            if f.path != currentPath {
                if currentPath != nil { out += "  </file>\n" }
                out += "  <file name=\"\(Escaping.xml(f.path))\">\n"
                currentPath = f.path
            }
            out += "    <error line=\"\(f.line)\" column=\"\(f.column)\" severity=\"\(f.severity.reportedName)\" "
            out += "message=\"\(Escaping.xml(f.message))\" source=\"\(Escaping.xml(context.toolName + "." + f.ruleID))\"/>\n"
        }
        if currentPath != nil { out += "  </file>\n" }
        return out + "</checkstyle>\n"
    }
}
