/// The SARIF reporter: a SARIF 2.1.0 log for code-scanning services (GitHub, Azure DevOps, IDEs).

/// Prints one SARIF 2.1.0 log with a single run:
///
/// - `tool.driver`: name, version (`mvilintVersion` from the command line), `informationUri`,
///   and `rules` built from the metadata of every available rule: `id`, `name` (the title),
///   `shortDescription` (the summary), `fullDescription` (the rationale), `helpUri`
///   (`docs/rules/<id>.md` in the repository), `defaultConfiguration` (the default profile's
///   severity; a rule that is off by default has `enabled: false`) and the category in
///   `properties`.
/// - `results`, in report order: `ruleId`, `ruleIndex` (into `rules`), `level` (`error` or
///   `warning`), `message.text`, one location whose `artifactLocation.uri` is the path as
///   `ReportPaths` says (relative to the current directory) with `uriBaseId` `%SRCROOT%` (an
///   absolute `file://` URI for a file outside it), `region.startLine`/`startColumn`, `partialFingerprints["mvilint/v1"]` (see
///   `ReportContext.fingerprints`), and the finding's notes as `relatedLocations`.
/// - `originalUriBaseIds["%SRCROOT%"]`: the current directory as a `file://` URI.
/// - `columnKind` `unicodeCodePoints`: columns count characters, which matches code points for
///   everything but multi-scalar characters (some emoji, combining marks).
/// - `invocations[0]`: `executionSuccessful` is false when an input could not be linted; each
///   input diagnostic is a `toolExecutionNotifications` entry with its file.
public enum SARIFReporter: Reporter {
    public static let id = "sarif"
    public static let summary = "SARIF 2.1.0 log for code scanning (GitHub, GitLab, Azure DevOps, IDEs)"
    /// The schema the log declares in `$schema` (the OASIS 2.1.0 errata 01 schema).
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The name of the uriBaseId that relative artifact URIs start from.
    public static let sourceRootID = "%SRCROOT%"
    /// The key of mvilint's own fingerprint in `partialFingerprints`.
    public static let fingerprintKey = "mvilint/v1"

    public static let usesLineTexts = true

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let findings = result.findings.sorted(by: Finding.reportOrder)
        let fingerprints = context.fingerprints(findings)
        var results: [ReportJSON] = []
        for (finding, fingerprint) in zip(findings, fingerprints) {
            var members: [(String, ReportJSON)] = [("ruleId", .string(finding.ruleID))]
            if let rule = context.rule(finding.ruleID) { members.append(("ruleIndex", .int(rule.index))) }
            members += [
                ("level", .string(finding.severity.reportedName)),
                ("message", .object([("text", .string(finding.message))])),
                ("locations", .array([.object([("physicalLocation", physicalLocation(finding.path, finding.location, context))])])),
                ("partialFingerprints", .object([(fingerprintKey, .string(fingerprint))])),
            ]
            if !finding.notes.isEmpty {
                members.append(("relatedLocations", .array(finding.notes.enumerated().map { i, note in
                    .object([
                        ("id", .int(i + 1)),
                        ("physicalLocation", physicalLocation(note.path, note.location, context)),
                        ("message", .object([("text", .string(note.message))])),
                    ])
                })))
            }
            results.append(.object(members))
        }

        var invocation: [(String, ReportJSON)] = [("executionSuccessful", .bool(result.diagnostics.isEmpty))]
        if !result.diagnostics.isEmpty {
            invocation.append(("toolExecutionNotifications", .array(result.diagnostics.map { d in
                .object([
                    ("level", .string("error")),
                    ("message", .object([("text", .string(d.message))])),
                    ("locations", .array([.object([("physicalLocation", .object([("artifactLocation", artifactLocation(d.path, context))]))])])),
                ])
            })))
        }

        var run: [(String, ReportJSON)] = [
            ("tool", .object([("driver", driver(context))])),
            ("invocations", .array([.object(invocation)])),
        ]
        if let base = context.currentDirectory {
            run.append(("originalUriBaseIds", .object([(sourceRootID, .object([("uri", .string(Escaping.fileURI(base, directory: true)))]))])))
        }
        run += [("columnKind", .string("unicodeCodePoints")), ("results", .array(results))]

        let log = ReportJSON.object([
            ("$schema", .string(schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ])
        return log.rendered() + "\n"
    }

    private static func driver(_ context: ReportContext) -> ReportJSON {
        let home = context.homepage.hasSuffix("/") ? String(context.homepage.dropLast()) : context.homepage
        let rules: [ReportJSON] = context.rules.map { info in
            let severity = info.defaultSeverity(for: .mvvm)
            let configuration: ReportJSON = severity == .off
                ? .object([("enabled", .bool(false))])
                : .object([("level", .string(severity.reportedName))])
            return .object([
                ("id", .string(info.id)),
                ("name", .string(info.title)),
                ("shortDescription", .object([("text", .string(info.summary))])),
                ("fullDescription", .object([("text", .string(info.rationale))])),
                ("helpUri", .string(home + "/blob/main/docs/rules/" + Escaping.uriPath(info.id) + ".md")),
                ("defaultConfiguration", configuration),
                ("properties", .object([("category", .string(info.category.rawValue))])),
            ])
        }
        return .object([
            ("name", .string(context.toolName)),
            ("version", .string(context.toolVersion)),
            ("informationUri", .string(home)),
            ("rules", .array(rules)),
        ])
    }

    private static func physicalLocation(_ path: String, _ location: SourceLocation, _ context: ReportContext) -> ReportJSON {
        .object([
            ("artifactLocation", artifactLocation(path, context)),
            ("region", .object([("startLine", .int(max(1, location.line))), ("startColumn", .int(max(1, location.column)))])),
        ])
    }

    private static func artifactLocation(_ path: String, _ context: ReportContext) -> ReportJSON {
        let relative = context.displayPath(path)
        if relative != path || (context.currentDirectory != nil && !path.hasPrefix("/")) {
            return .object([("uri", .string(Escaping.uriPath(relative))), ("uriBaseId", .string(sourceRootID))])
        }
        return .object([("uri", .string(path.hasPrefix("/") ? Escaping.fileURI(path) : Escaping.uriPath(path)))])
    }
}
