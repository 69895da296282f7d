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
/// ones. Paths are relative to the base directory (the repository root in a git work tree).
public enum GitLabReporter: Reporter {
    public static let id = "gitlab"
    public static let summary = "GitLab Code Quality JSON (merge request widget)"

    public static let usesLineTexts = true

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let findings = result.findings.sorted(by: Finding.reportOrder)
        let issues = zip(findings, context.fingerprints(findings)).map { f, fingerprint -> ReportJSON in
            .object([
                ("description", .string(f.message)),
                ("check_name", .string(f.ruleID)),
                ("fingerprint", .string(fingerprint)),
                ("severity", .string(f.severity == .error ? "major" : "minor")),
                ("location", .object([
                    ("path", .string(context.relativePath(f.path))),
                    ("lines", .object([("begin", .int(f.line))])),
                ])),
            ])
        }
        return ReportJSON.array(issues).rendered() + "\n"
    }
}
