/// The SonarQube reporter: a report in SonarQube's generic issue import format.

/// Prints the generic issue format of SonarQube 10.3 and later (`sonar.externalIssuesReportPaths`):
///
///     {
///       "rules": [
///         { "id": "owned_model_state_object", "name": "…", "description": "…", "engineId": "mvilint",
///           "cleanCodeAttribute": "MODULAR", "type": "CODE_SMELL", "severity": "CRITICAL",
///           "impacts": [ { "softwareQuality": "MAINTAINABILITY", "severity": "HIGH" } ] }
///       ],
///       "issues": [
///         { "ruleId": "owned_model_state_object",
///           "primaryLocation": { "message": "…", "filePath": "Features/OrdersView.swift",
///                                "textRange": { "startLine": 5, "startColumn": 24 } },
///           "secondaryLocations": [ … ] }
///       ]
///     }
///
/// `rules` lists the rules that have findings, in catalogue order: the name is the rule's
/// title, the description its summary and a link to its page. An error is of `HIGH` impact
/// (`CRITICAL` in the older severity field), a warning `MEDIUM` (`MAJOR`); the clean code
/// attribute and software quality follow the rule's category (docs/reporters.md). Paths follow
/// `ReportPaths` (relative to the current directory: run mvilint from `sonar.projectBaseDir`).
/// `startColumn` is 0-based, as SonarQube counts; notes become secondary locations. A file that
/// could not be linted is an issue of the rule `input_error` (listed in `rules` then) on its
/// first line.
public enum SonarQubeReporter: Reporter {
    public static let id = "sonarqube"
    public static let summary = "SonarQube generic issue import JSON (sonar.externalIssuesReportPaths)"

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let findings = result.findings.sorted(by: Finding.reportOrder)
        var severities: [String: Severity] = [:]
        for f in findings { severities[f.ruleID] = max(severities[f.ruleID] ?? .warning, f.severity) }
        let known = context.rules.map(\.id)
        let ids = known.filter { severities[$0] != nil } + severities.keys.filter { !known.contains($0) }.sorted()
        var rules = ids.map { id -> ReportJSON in
            let info = context.rule(id)?.info
            let (attribute, quality) = CategoryMapping.sonar(context.category(of: id))
            let error = severities[id] == .error
            return .object([
                ("id", .string(id)),
                ("name", .string(info?.title ?? id)),
                ("description", .string((info.map { $0.summary + ". " } ?? "") + "See " + context.ruleDocURL(id))),
                ("engineId", .string(context.toolName)),
                ("cleanCodeAttribute", .string(attribute)),
                ("type", .string("CODE_SMELL")),
                ("severity", .string(error ? "CRITICAL" : "MAJOR")),
                ("impacts", .array([.object([("softwareQuality", .string(quality)), ("severity", .string(error ? "HIGH" : "MEDIUM"))])])),
            ])
        }
        func location(_ path: String, _ at: SourceLocation, _ message: String) -> ReportJSON {
            .object([
                ("message", .string(message)),
                ("filePath", .string(context.displayPath(path))),
                ("textRange", .object([("startLine", .int(at.line)), ("startColumn", .int(max(0, at.column - 1)))])),
            ])
        }
        let issues = ReportEntry.merged(findings, result.diagnostics).map { entry -> ReportJSON in
            switch entry {
            case .finding(let f):
                var members: [(String, ReportJSON)] = [
                    ("ruleId", .string(f.ruleID)),
                    ("primaryLocation", location(f.path, f.location, f.message)),
                ]
                if !f.notes.isEmpty { members.append(("secondaryLocations", .array(f.notes.map { location($0.path, $0.location, $0.message) }))) }
                return .object(members)
            case .inputError(let d):
                return .object([
                    ("ruleId", .string(ReportEntry.inputErrorName)),
                    ("primaryLocation", location(d.path, SourceLocation(line: 1, column: 1), d.message)),
                ])
            }
        }
        if !result.diagnostics.isEmpty {
            // Every issue's rule must be listed.
            rules.append(.object([
                ("id", .string(ReportEntry.inputErrorName)),
                ("name", .string("Input error")),
                ("description", .string("\(context.toolName) could not lint the file (it cannot be read, is binary or is not UTF-8), so its findings are missing.")),
                ("engineId", .string(context.toolName)),
                ("cleanCodeAttribute", .string("COMPLETE")),
                ("type", .string("CODE_SMELL")),
                ("severity", .string("CRITICAL")),
                ("impacts", .array([.object([("softwareQuality", .string("RELIABILITY")), ("severity", .string("HIGH"))])])),
            ]))
        }
        return ReportJSON.object([("rules", .array(rules)), ("issues", .array(issues))]).rendered() + "\n"
    }
}
