/// The GitHub reporter: workflow commands that GitHub Actions turns into annotations.

/// Prints one workflow command per finding, in report order:
///
///     ::error file=Features/OrdersView.swift,line=5,col=5,title=owned_model_state_object::`viewModel` is …
///     ::warning file=Features/OrdersView.swift,line=7,col=16,title=private_view_state::`isShowingFilters` …
///
/// Paths follow `ReportPaths` (relative to the current directory, which in a workflow is the
/// repository root, as Actions expects; the runner also accepts absolute paths inside the
/// workspace). Values are escaped as the Actions runner unescapes them: `%`, carriage return
/// and line feed in the message; additionally `:` and `,` in properties. Notes are not annotated
/// (an annotation has a single location). A file that could not be linted is an error
/// annotation on its first line, titled `input_error`:
///
///     ::error file=Features/Broken.swift,line=1,col=1,title=input_error::file is not valid UTF-8
public enum GitHubReporter: Reporter {
    public static let id = "github"
    public static let summary = "GitHub Actions workflow commands (::warning/::error annotations)"

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        var out = ""
        for entry in result.reportEntries {
            switch entry {
            case .finding(let f):
                out += command(f.severity == .error ? "error" : "warning", file: context.displayPath(f.path),
                               line: f.line, column: f.column, title: f.ruleID, message: f.message)
            case .inputError(let d):
                out += command("error", file: context.displayPath(d.path), line: 1, column: 1,
                               title: ReportEntry.inputErrorName, message: d.message)
            }
        }
        return out
    }

    /// One `::error …::message` line.
    private static func command(_ name: String, file: String, line: Int, column: Int, title: String, message: String) -> String {
        let properties = ["file=" + escapeProperty(file), "line=\(line)", "col=\(column)", "title=" + escapeProperty(title)]
        return "::\(name) \(properties.joined(separator: ","))::\(escapeData(message))\n"
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
