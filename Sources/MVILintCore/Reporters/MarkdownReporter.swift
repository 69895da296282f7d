/// The Markdown reporter: a summary for GitHub job summaries and pull-request comments.

/// Prints GitHub-flavoured Markdown:
/// - a heading with the totals and a table of counts by rule (errors, warnings, total), each
///   rule linked to its page;
/// - one collapsible `<details>` section per rule, most findings first, listing its findings
///   (the first `maxFindingsPerRule`) with links to the file and line, and their notes;
/// - a Mermaid block of the part of the architecture graph that holds the findings (their
///   neighbourhood; collapsed into modules when it is large; left out when even that is too
///   large for GitHub to render).
/// Links to files are `sourceLinkBase` + the path from the repository root + `#Lline` (the
/// command line sets the base in GitHub Actions from `GITHUB_SERVER_URL`, `GITHUB_REPOSITORY`
/// and `GITHUB_SHA`), else the displayed path. Displayed paths follow `ReportPaths` (relative to
/// the current directory). Files that could not be linted are listed under their own heading.
/// Message text is escaped for Markdown except inside its code spans.
public enum MarkdownReporter: Reporter {
    public static let id = "markdown"
    public static let summary = "GitHub-flavoured Markdown for job summaries and pull-request comments, with a Mermaid graph"

    public static let usesGraph = true
    /// Above this many types the Mermaid block shows modules instead of types.
    public static let maxGraphNodes = 60
    /// Findings listed per rule; the rest are counted (a pull-request comment holds 65 536 characters).
    public static let maxFindingsPerRule = 30

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let findings = result.findings.sorted(by: Finding.reportOrder)
        let errors = findings.filter { $0.severity == .error }.count
        var out = "## \(context.toolName): "
        guard !findings.isEmpty else {
            out += "no findings\n\n\(plural(result.lintedFileCount, "file")) linted"
            out += result.diagnostics.isEmpty ? ".\n" : "; \(plural(result.diagnostics.count, "file")) could not be read.\n"
            return out + inputErrors(result.diagnostics, context)
        }
        out += "\(plural(findings.count, "finding")) (\(plural(errors, "error")), \(plural(findings.count - errors, "warning")))"
        out += " in \(plural(Set(findings.map(\.path)).count, "file"))\n\n"
        out += "\(plural(result.lintedFileCount, "file")) linted"
        if !result.diagnostics.isEmpty { out += "; \(plural(result.diagnostics.count, "file")) could not be read" }
        out += ".\n\n"

        var byRule: [String: [Finding]] = [:]
        for f in findings { byRule[f.ruleID, default: []].append(f) }
        let rules = byRule.keys.sorted { byRule[$0]!.count != byRule[$1]!.count ? byRule[$0]!.count > byRule[$1]!.count : $0 < $1 }
        out += "| rule | errors | warnings | total |\n|---|---:|---:|---:|\n"
        for r in rules {
            let e = byRule[r]!.filter { $0.severity == .error }.count
            out += "| [`\(r)`](\(context.ruleDocURL(r))) | \(e) | \(byRule[r]!.count - e) | \(byRule[r]!.count) |\n"
        }
        out += "| **total** | **\(errors)** | **\(findings.count - errors)** | **\(findings.count)** |\n\n"
        let unread = inputErrors(result.diagnostics, context)
        if !unread.isEmpty { out += unread + "\n" }

        for r in rules {
            let list = byRule[r]!
            let e = list.filter { $0.severity == .error }.count
            var counts: [String] = []
            if e > 0 { counts.append(plural(e, "error")) }
            if list.count > e { counts.append(plural(list.count - e, "warning")) }
            out += "<details><summary><code>\(Escaping.html(r))</code>: \(counts.joined(separator: ", "))</summary>\n\n"
            if let info = context.rule(r)?.info { out += inline(info.summary) + " ([rule](\(context.ruleDocURL(r))))\n\n" }
            for f in list.prefix(maxFindingsPerRule) {
                let mark = f.severity == .error ? "🛑" : "⚠️"
                out += "- \(mark) \(link(f.path, f.line, context)): \(inline(f.message))\n"
                for n in f.notes { out += "  - \(link(n.path, n.location.line, context)): \(inline(n.message))\n" }
            }
            if list.count > maxFindingsPerRule {
                out += "- … and \(list.count - maxFindingsPerRule) more (`mvilint lint --only-rule \(r)` lists them all)\n"
            }
            out += "\n</details>\n\n"
        }
        out += graphBlock(context)
        return out
    }

    /// The Mermaid block of the findings' part of the graph, or a line saying why there is none.
    static func graphBlock(_ context: ReportContext) -> String {
        guard let whole = context.graph else { return "" }
        var graph = GraphView(onlyViolations: true).apply(to: whole) { _ in "" }
        guard !graph.nodes.isEmpty else { return "" }
        if graph.nodes.count > maxGraphNodes {
            graph = GraphView(onlyViolations: true, collapse: .module).apply(to: whole) { path in
                path.map { GraphView.moduleName(ofRelativePath: context.repositoryPath($0)) } ?? "."
            }
        }
        let text = MermaidGraph.render(graph)
        var out = "### Architecture around the findings\n\n"
        guard text.utf8.count < MermaidGraph.maxTextSize, graph.edges.count < MermaidGraph.maxEdges else {
            return out + "The graph is too large to draw here (\(graph.nodes.count) nodes, \(graph.edges.count) edges); `mvilint graph --only-violations --collapse module` prints it.\n"
        }
        out += "\(graph.nodes.count) types, \(graph.edges.count) relations"
        if !graph.scope.isEmpty { out += " (" + inline(graph.scope.joined(separator: "; ")) + ")" }
        out += "; what findings are about is red, with the rule ids.\n\n```mermaid\n" + text + "```\n"
        return out
    }

    /// `[path:line](base/path#Lline)`: the displayed path, linked into the repository when
    /// `sourceLinkBase` is set.
    static func link(_ path: String, _ line: Int, _ context: ReportContext) -> String {
        let shown = context.displayPath(path)
        let target = context.sourceLinkBase.map { $0 + Escaping.uriPath(context.repositoryPath(path)) } ?? Escaping.uriPath(shown)
        return "[\(inline(shown + ":" + String(line)))](\(target)#L\(line))"
    }

    /// `### Files that could not be linted` and one item per input error; empty without any.
    static func inputErrors(_ diagnostics: [InputDiagnostic], _ context: ReportContext) -> String {
        guard !diagnostics.isEmpty else { return "" }
        var out = "\n### Files that could not be linted\n\n"
        for d in ReportEntry.sortedInputErrors(diagnostics) { out += "- 🛑 \(inline("`" + context.displayPath(d.path) + "`")): \(inline(d.message))\n" }
        return out
    }

    /// Text for a Markdown paragraph or list item: what could be read as markup (`<`, `&`, `*`,
    /// `_`, `[`, `]`, `|`, `\`, `#`…) is escaped, except inside balanced code spans, which are kept.
    static func inline(_ text: String) -> String {
        let single = text.map { $0.isNewline ? " " : $0 }
        let parts = String(single).split(separator: "`", omittingEmptySubsequences: false)
        let balanced = parts.count % 2 == 1
        var out = ""
        for (k, part) in parts.enumerated() {
            if k > 0 { out += balanced ? "`" : "\\`" }
            if balanced && k % 2 == 1 {
                out += part
            } else {
                for c in part.unicodeScalars {
                    switch c {
                    case "<": out += "&lt;"
                    case ">": out += "&gt;"
                    case "&": out += "&amp;"
                    case "\\", "*", "_", "[", "]", "|", "#", "~", "!": out += "\\" + String(c)
                    default: out.unicodeScalars.append(c)
                    }
                }
            }
        }
        return out
    }

    static func plural(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}
