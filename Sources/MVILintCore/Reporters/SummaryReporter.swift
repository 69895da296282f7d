/// The summary reporter: counts of findings per rule and per file, as plain-text tables.

/// Prints two aligned tables, most findings first (ties by name), and a total line:
///
///     RULE                      ERRORS  WARNINGS  TOTAL
///     main_actor_mutation            3         0      3
///     state_private_set              0         2      2
///
///     FILE                                   ERRORS  WARNINGS  TOTAL
///     Features/Legacy/OrdersViewModel.swift       3         2      5
///
///     Total: 5 findings (3 errors, 2 warnings) in 1 file; 12 files linted
///
/// Paths follow `ReportPaths` (relative to the current directory). Without findings it prints
/// only `No findings; N files linted`. Files that could not be linted are listed before the
/// total line, which counts them:
///
///     INPUT ERRORS
///     Features/Broken.swift: file is not valid UTF-8
///
///     No findings; 12 files linted; 1 input error
public enum SummaryReporter: Reporter {
    public static let id = "summary"
    public static let summary = "Counts per rule and per file as plain-text tables"

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let findings = result.findings
        let linted = plural(result.lintedFileCount, "file") + " linted"
        let inputs = result.diagnostics.isEmpty ? "" : "; " + plural(result.diagnostics.count, "input error")
        var inputErrors = ""
        if !result.diagnostics.isEmpty {
            inputErrors = "INPUT ERRORS\n"
            for d in ReportEntry.sortedInputErrors(result.diagnostics) { inputErrors += "\(context.displayPath(d.path)): \(d.message)\n" }
            inputErrors += "\n"
        }
        guard !findings.isEmpty else { return inputErrors + "No findings; \(linted)\(inputs)\n" }
        let errors = findings.filter { $0.severity == .error }.count
        let files = Set(findings.map(\.path)).count
        var out = table("RULE", findings, key: \.ruleID)
        out += "\n" + table("FILE", findings, key: { context.displayPath($0.path) })
        out += "\n" + inputErrors
        out += "Total: \(plural(findings.count, "finding")) (\(plural(errors, "error")), \(plural(findings.count - errors, "warning")))"
        out += " in \(plural(files, "file")); \(linted)\(inputs)\n"
        return out
    }

    private static func table(_ heading: String, _ findings: [Finding], key: (Finding) -> String) -> String {
        var counts: [String: (errors: Int, warnings: Int)] = [:]
        for f in findings {
            let k = key(f)
            var c = counts[k] ?? (0, 0)
            if f.severity == .error { c.errors += 1 } else { c.warnings += 1 }
            counts[k] = c
        }
        let rows = counts.sorted { a, b in
            let ta = a.value.errors + a.value.warnings, tb = b.value.errors + b.value.warnings
            return ta != tb ? ta > tb : a.key < b.key
        }
        let width = max(heading.count, rows.map { $0.key.count }.max() ?? 0)
        var out = heading.padded(to: width) + "  ERRORS  WARNINGS  TOTAL\n"
        for (name, c) in rows {
            out += name.padded(to: width) + "  " + right(c.errors, 6) + "  " + right(c.warnings, 8) + "  " + right(c.errors + c.warnings, 5) + "\n"
        }
        return out
    }

    private static func right(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }

    private static func plural(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}
