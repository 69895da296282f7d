/// The Code Climate reporter: issues in the Code Climate engine specification's format.

/// Prints a JSON array of Code Climate issues, in report order (the array form that Code
/// Climate's tools and most importers read; GitLab reads the subset that `--reporter gitlab` prints):
///
///     [
///       {
///         "type": "issue",
///         "check_name": "owned_model_state_object",
///         "description": "`viewModel` creates its own …",
///         "content": { "body": "A view that creates … See https://…/owned_model_state_object.md" },
///         "categories": [ "Complexity" ],
///         "location": { "path": "Features/OrdersView.swift", "positions": { "begin": { "line": 5, "column": 25 } } },
///         "other_locations": [ … ],
///         "severity": "critical",
///         "fingerprint": "3f2a…"
///       }
///     ]
///
/// An error is `critical`, a warning `minor`; the category follows the rule's category
/// (docs/reporters.md). `content.body` is the rule's summary and a link to its page. Columns
/// count characters from 1; notes become `other_locations`. `fingerprint` is the stable hash
/// of `ReportContext.fingerprints` (the same as in the gitlab and sarif reports). Paths follow
/// `ReportPaths` (relative to the current directory). A file that could not be linted is a
/// `critical` issue on its first line with `check_name` `input_error` and category `Bug Risk`.
public enum CodeClimateReporter: Reporter {
    public static let id = "codeclimate"
    public static let summary = "Code Climate issues as a JSON array (engine specification fields)"

    public static let usesLineTexts = true

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let findings = result.findings.sorted(by: Finding.reportOrder)
        func location(_ path: String, _ at: SourceLocation) -> ReportJSON {
            .object([
                ("path", .string(context.displayPath(path))),
                ("positions", .object([("begin", .object([("line", .int(at.line)), ("column", .int(at.column))]))])),
            ])
        }
        var fingerprints = context.fingerprints(findings).makeIterator()
        let issues = ReportEntry.merged(findings, result.diagnostics).map { entry -> ReportJSON in
            let f: Finding
            switch entry {
            case .finding(let finding):
                f = finding
            case .inputError(let d):
                return .object([
                    ("type", .string("issue")),
                    ("check_name", .string(ReportEntry.inputErrorName)),
                    ("description", .string(d.message)),
                    ("content", .object([("body", .string("\(context.toolName) could not lint this file, so its findings are missing: \(d.message)."))])),
                    ("categories", .array([.string("Bug Risk")])),
                    ("location", location(d.path, SourceLocation(line: 1, column: 1))),
                    ("severity", .string("critical")),
                    ("fingerprint", .string(context.inputErrorFingerprint(d))),
                ])
            }
            let fingerprint = fingerprints.next() ?? ""
            let summary = context.rule(f.ruleID).map { $0.info.summary + ". " } ?? ""
            var members: [(String, ReportJSON)] = [
                ("type", .string("issue")),
                ("check_name", .string(f.ruleID)),
                ("description", .string(f.message)),
                ("content", .object([("body", .string(summary + "See " + context.ruleDocURL(f.ruleID)))])),
                ("categories", .array([.string(CategoryMapping.codeClimate(context.category(of: f.ruleID)))])),
                ("location", location(f.path, f.location)),
            ]
            if !f.notes.isEmpty { members.append(("other_locations", .array(f.notes.map { location($0.path, $0.location) }))) }
            members += [
                ("severity", .string(f.severity == .error ? "critical" : "minor")),
                ("fingerprint", .string(fingerprint)),
            ]
            return .object(members)
        }
        return ReportJSON.array(issues).rendered() + "\n"
    }
}
