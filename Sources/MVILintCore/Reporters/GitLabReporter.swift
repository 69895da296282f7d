/// The GitLab reporter: a Code Quality report (a Code Climate issue array) for merge requests.

/// Prints a JSON array with one object per finding, in report order:
///
///     [
///       {
///         "description": "`viewModel` is …",
///         "check_name": "owned_model_state_object",
///         "fingerprint": "3f2a…",
///         "severity": "major",
///         "location": {
///           "path": "Features/OrdersView.swift",
///           "lines": {
///             "begin": 5
///           }
///         }
///       }
///     ]
///
/// `severity`: a warning is `minor`, an error `major` (GitLab's scale is info, minor, major,
/// critical, blocker; mvilint findings are design problems, not outages). `fingerprint` is the
/// stable SHA-256 of `ReportContext.fingerprints`, so GitLab can tell new findings from old
/// ones. Paths follow `ReportPaths` (relative to the current directory: run from the repository
/// root, as GitLab CI jobs do). A file that could not be linted is a `major` issue on its first
/// line with `check_name` `input_error`, fingerprinted by its path and message.
public enum GitLabReporter: Reporter {
    public static let id = "gitlab"
    public static let summary = "GitLab Code Quality JSON (merge request widget)"

    public static let usesLineTexts = true

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let findings = result.findings.sorted(by: Finding.reportOrder)
        var fingerprints = context.fingerprints(findings).makeIterator()
        let issues = ReportEntry.merged(findings, result.diagnostics).map { entry -> ReportJSON in
            switch entry {
            case .finding(let f):
                return issue(f.message, check: f.ruleID, fingerprint: fingerprints.next() ?? "",
                             severity: f.severity == .error ? "major" : "minor", path: context.displayPath(f.path), line: f.line)
            case .inputError(let d):
                return issue(d.message, check: ReportEntry.inputErrorName, fingerprint: context.inputErrorFingerprint(d),
                             severity: "major", path: context.displayPath(d.path), line: 1)
            }
        }
        return ReportJSON.array(issues).rendered() + "\n"
    }

    private static func issue(_ description: String, check: String, fingerprint: String, severity: String, path: String, line: Int) -> ReportJSON {
        .object([
            ("description", .string(description)),
            ("check_name", .string(check)),
            ("fingerprint", .string(fingerprint)),
            ("severity", .string(severity)),
            ("location", .object([
                ("path", .string(path)),
                ("lines", .object([("begin", .int(line))])),
            ])),
        ])
    }
}
