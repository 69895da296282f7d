/// The GitHub reporter: workflow commands that GitHub Actions turns into annotations.

/// Prints one workflow command per finding, in report order:
///
///     ::error file=Features/OrdersView.swift,line=5,col=5,title=owned_model_state_object::`viewModel` is …
///     ::warning file=Features/OrdersView.swift,line=7,col=16,title=private_view_state::`isShowingFilters` …
///
/// Paths are relative to the base directory (the repository root when the project is in a git
/// work tree, which is what Actions expects). Values are escaped as the Actions runner
/// unescapes them: `%`, carriage return and line feed in the message; additionally `:` and `,`
/// in properties. Notes are not annotated (an annotation has a single location); input
/// diagnostics go to standard error as usual.
public enum GitHubReporter: Reporter {
    public static let id = "github"
    public static let summary = "GitHub Actions workflow commands (::warning/::error annotations)"

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        var out = ""
        for f in result.findings.sorted(by: Finding.reportOrder) {
            let command = f.severity == .error ? "error" : "warning"
            let properties = [
                "file=" + escapeProperty(context.relativePath(f.path)),
                "line=\(f.line)",
                "col=\(f.column)",
                "title=" + escapeProperty(f.ruleID),
            ]
            out += "::\(command) \(properties.joined(separator: ","))::\(escapeData(f.message))\n"
        }
        return out
    }

    /// The message part: `%`, carriage return and line feed (scalar by scalar, so that a
    /// `\r\n` pair, one `Character` in Swift, becomes `%0D%0A`).
    static func escapeData(_ text: String) -> String { escape(text, property: false) }

    /// A property value: as data, plus `:` and `,`, which separate the command's parts.
    static func escapeProperty(_ text: String) -> String { escape(text, property: true) }

    private static func escape(_ text: String, property: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
