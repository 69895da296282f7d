/// The JUnit reporter: JUnit XML, so that CI test-report views list each finding as a failure.

/// Prints a JUnit XML document with one `<testsuite>` per file that has findings (named by its
/// path as `ReportPaths` says, in report order) and one failing `<testcase>` per finding:
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <testsuites name="mvilint" tests="2" failures="2" errors="0">
///       <testsuite name="Features/OrdersView.swift" tests="2" failures="2" errors="0">
///         <testcase classname="Features/OrdersView.swift" name="owned_model_state_object at 5:5">
///           <failure type="error" message="…">Features/OrdersView.swift:5:5: error: … (owned_model_state_object)</failure>
///         </testcase>
///       </testsuite>
///     </testsuites>
///
/// Decisions: one test case per finding, not per file, because the report only knows the files
/// that have findings, and a per-finding case names the rule and position in the CI view. Both
/// severities are `<failure>`s (JUnit has no warnings; `type` tells them apart). A file that
/// cannot be linted is a test case with an `<error>` in a suite named after the tool, so that
/// the CI view does not show a clean run when an input was skipped. A run without findings
/// or diagnostics prints an empty `<testsuites>` with `tests="0"`.
public enum JUnitReporter: Reporter {
    public static let id = "junit"
    public static let summary = "JUnit XML, one failing test case per finding (CI test reports)"

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let findings = result.findings.sorted(by: Finding.reportOrder)
        let diagnostics = ReportEntry.sortedInputErrors(result.diagnostics)
        let total = findings.count + diagnostics.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(Escaping.xml(context.toolName))\" tests=\"\(total)\" failures=\"\(findings.count)\" errors=\"\(diagnostics.count)\">\n"
        var groups: [(path: String, findings: [Finding])] = []
        for f in findings {
            if groups.last?.path == f.path { groups[groups.count - 1].findings.append(f) } else { groups.append((f.path, [f])) }
        }
        for group in groups {
            let name = Escaping.xml(context.displayPath(group.path))
            out += "  <testsuite name=\"\(name)\" tests=\"\(group.findings.count)\" failures=\"\(group.findings.count)\" errors=\"0\">\n"
            for f in group.findings {
                let severity = f.severity.reportedName
                let detail = "\(context.displayPath(f.path)):\(f.line):\(f.column): \(severity): \(f.message) (\(f.ruleID))"
                out += "    <testcase classname=\"\(name)\" name=\"\(Escaping.xml("\(f.ruleID) at \(f.line):\(f.column)"))\">\n"
                out += "      <failure type=\"\(severity)\" message=\"\(Escaping.xml(f.message))\">\(Escaping.xml(detail))</failure>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        if !diagnostics.isEmpty {
            let suite = Escaping.xml(context.toolName)
            out += "  <testsuite name=\"\(suite)\" tests=\"\(diagnostics.count)\" failures=\"0\" errors=\"\(diagnostics.count)\">\n"
            for d in diagnostics {
                out += "    <testcase classname=\"\(suite)\" name=\"\(Escaping.xml(context.displayPath(d.path)))\">\n"
                out += "      <error type=\"input\" message=\"\(Escaping.xml(d.message))\"/>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}
