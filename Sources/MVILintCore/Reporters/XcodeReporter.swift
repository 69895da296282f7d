/// The Xcode reporter: one `path:line:column: severity: message (rule_id)` line per finding.

/// Prints findings in the format Xcode, compilers and most editors understand:
///
///     /abs/path/File.swift:12:5: warning: `count` can be set from outside its model (state_private_set)
///     /abs/path/Model.swift:3:7: note: model declared here
///
/// Lines and columns are 1-based; columns count characters. Notes follow their finding. Line
/// breaks inside messages become spaces so that every entry stays on one line. Input
/// diagnostics are not part of this report (the command line prints them on standard error).
public enum XcodeReporter: Reporter {
    public static let id = "xcode"
    public static let summary = "One line per finding, as Xcode and compilers print them (default)"

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        var out = ""
        for finding in result.findings.sorted(by: Finding.reportOrder) {
            out += "\(finding.path):\(finding.line):\(finding.column): \(finding.severity.reportedName): \(singleLine(finding.message)) (\(finding.ruleID))\n"
            for note in finding.notes {
                out += "\(note.path):\(note.location.line):\(note.location.column): note: \(singleLine(note.message))\n"
            }
        }
        return out
    }

    private static func singleLine(_ text: String) -> String {
        // Every newline character (LF, VT, FF, CR, NEL, LS, PS) starts with one of these bytes;
        // scanning the UTF-8 skips the per-character work for the usual message without one.
        guard text.utf8.contains(where: { (0x0A...0x0D).contains($0) || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }
}
