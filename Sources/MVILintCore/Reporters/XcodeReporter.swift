/// The Xcode reporter: one `path:line:column: severity: message (rule_id)` line per finding.

/// Prints findings in the format Xcode, compilers and most editors understand:
///
///     /abs/path/File.swift:12:5: warning: `count` can be set from outside its model (state_private_set)
///     /abs/path/Model.swift:3:7: note: model declared here
///
/// Lines and columns are 1-based; columns count characters. Notes follow their finding. Line
/// breaks inside messages become spaces so that every entry stays on one line. Paths are
/// absolute (Xcode and editors open them from anywhere), unlike the other reporters'
/// (`ReportPaths`). A file that could not be linted is an error at its first line, in path
/// order among the findings: `/abs/path/Broken.swift:1:1: error: file is not valid UTF-8`.
public enum XcodeReporter: Reporter {
    public static let id = "xcode"
    public static let summary = "One line per finding, as Xcode and compilers print them (default)"

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        // The linter returns findings in report order; sorting is only needed for other callers.
        let findings = result.findings
        let ordered = zip(findings, findings.dropFirst()).allSatisfy { !Finding.reportOrder($1, $0) }
        var out = ""
        // About a hundred and fifty bytes a line: one allocation for most reports.
        out.reserveCapacity(findings.count * 160)
        let sorted = ordered ? findings : findings.sorted(by: Finding.reportOrder)
        guard !result.diagnostics.isEmpty else {
            for finding in sorted { append(finding, to: &out) }
            return out
        }
        for entry in ReportEntry.merged(sorted, result.diagnostics) {
            switch entry {
            case .finding(let finding):
                append(finding, to: &out)
            case .inputError(let d):
                append(d.path, 1, 1, "error", d.message, to: &out)
                out += "\n"
            }
        }
        return out
    }

    /// A finding's line, then its notes' lines.
    private static func append(_ finding: Finding, to out: inout String) {
        append(finding.path, finding.line, finding.column, finding.severity.reportedName, finding.message, to: &out)
        out += " ("
        out += finding.ruleID
        out += ")\n"
        for note in finding.notes {
            append(note.path, note.location.line, note.location.column, "note", note.message, to: &out)
            out += "\n"
        }
    }

    /// `path:line:column: label: message`, the message on one line.
    private static func append(_ path: String, _ line: Int, _ column: Int, _ label: String, _ message: String, to out: inout String) {
        out += path
        out += ":"
        out += String(line)
        out += ":"
        out += String(column)
        out += ": "
        out += label
        out += ": "
        out += singleLine(message)
    }

    private static func singleLine(_ text: String) -> String {
        guard hasNewline(text) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }

    /// Whether the UTF-8 holds a newline character (LF, VT, FF, CR, NEL, LS, PS), found byte by
    /// byte: most messages hold none, and many hold other characters that start with the same
    /// bytes (`…` and `—` start like LS and PS), which per-character work would make slow.
    static func hasNewline(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { b in
            var i = 0
            while i < b.count {
                let c = b[i]
                if c &- 0x0A < 4 { return true }
                if c == 0xC2, i + 1 < b.count, b[i + 1] == 0x85 { return true }
                if c == 0xE2, i + 2 < b.count, b[i + 1] == 0x80, b[i + 2] == 0xA8 || b[i + 2] == 0xA9 { return true }
                i += 1
            }
            return false
        }
    }
}
