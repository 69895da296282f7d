/// The HTML reporter: one self-contained page with counts, a bar chart, every finding with its code, filters and the architecture graph.

import Foundation

/// Prints one HTML page that needs nothing else: no network request, no external asset (a
/// content security policy forbids loading anything). It holds
/// - counts by severity and a bar chart of the findings by rule (inline SVG);
/// - the architecture graph as inline SVG, laid out by mvilint (`LayeredLayout`): one column
///   per layer, what findings are about in the warning colour. A graph of more than
///   `maxGraphNodes` types is narrowed to the findings' neighbourhood, then collapsed into
///   modules, and the page says so;
/// - every finding grouped by file: the message, the code around it (`lineTextRadius` lines on
///   each side, the finding's line marked), its notes and a link to the rule's page;
/// - filters by rule and severity: a small inline script shows them and hides what is filtered
///   out; without it the page shows everything.
/// Every text is HTML-escaped (code may hold `<`, `&` or `</script>`), and no data is put
/// inside the script. Paths are relative to the base directory.
public enum HTMLReporter: Reporter {
    public static let id = "html"
    public static let summary = "A self-contained HTML page: counts, chart, findings with code, filters and the architecture graph"

    public static let usesLineTexts = true
    public static let lineTextRadius = 2
    public static let usesGraph = true
    /// Above this many types the page draws the findings' neighbourhood, then modules.
    public static let maxGraphNodes = 120

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let findings = result.findings.sorted(by: Finding.reportOrder)
        let h = Escaping.html
        let errors = findings.filter { $0.severity == .error }.count
        var out = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(h(context.toolName)) report</title>
        <style>\(style)</style>
        </head>
        <body>
        <header><h1>\(h(context.toolName)) report</h1>
        <p class="meta">\(h(context.toolName)) \(h(context.toolVersion)) · \(plural(findings.count, "finding")) (\(plural(errors, "error")), \(plural(findings.count - errors, "warning"))) in \(plural(Set(findings.map(\.path)).count, "file")) · \(plural(result.lintedFileCount, "file")) linted</p>
        <nav><a href="#summary">Summary</a> · <a href="#architecture">Architecture</a> · <a href="#findings">Findings</a></nav>
        </header>

        """
        out += summarySection(findings, context)
        out += graphSection(context)
        out += findingsSection(findings, result.diagnostics, context)
        out += "<script>\(script)</script>\n</body>\n</html>\n"
        return out
    }

    // MARK: Summary

    static func summarySection(_ findings: [Finding], _ context: ReportContext) -> String {
        let h = Escaping.html
        var counts: [String: (errors: Int, warnings: Int)] = [:]
        for f in findings {
            var c = counts[f.ruleID] ?? (0, 0)
            if f.severity == .error { c.errors += 1 } else { c.warnings += 1 }
            counts[f.ruleID] = c
        }
        let rows = counts.sorted { a, b in
            let ta = a.value.errors + a.value.warnings, tb = b.value.errors + b.value.warnings
            return ta != tb ? ta > tb : a.key < b.key
        }
        let errors = findings.filter { $0.severity == .error }.count
        var out = "<section id=\"summary\"><h2>Summary</h2>\n"
        out += "<table class=\"counts\"><thead><tr><th>severity</th><th>findings</th></tr></thead><tbody>"
        out += "<tr><td><span class=\"sev error\">error</span></td><td class=\"num\">\(errors)</td></tr>"
        out += "<tr><td><span class=\"sev warning\">warning</span></td><td class=\"num\">\(findings.count - errors)</td></tr>"
        out += "<tr><td><b>total</b></td><td class=\"num\"><b>\(findings.count)</b></td></tr></tbody></table>\n"
        guard !rows.isEmpty else { return out + "<p class=\"clean\">No findings.</p></section>\n" }
        // The bar chart: one row per rule, errors then warnings.
        let labelWidth = 250.0, barWidth = 420.0, rowHeight = 24.0
        let most = Double(rows.map { $0.value.errors + $0.value.warnings }.max() ?? 1)
        let height = Double(rows.count) * rowHeight + 10
        out += "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(labelWidth + barWidth + 60))\" height=\"\(Int(height))\" role=\"img\" aria-label=\"Findings by rule\">\n"
        for (k, row) in rows.enumerated() {
            let y = 5 + Double(k) * rowHeight
            let e = Double(row.value.errors) / most * barWidth, w = Double(row.value.warnings) / most * barWidth
            out += "<g><title>\(h(row.key)): \(row.value.errors) errors, \(row.value.warnings) warnings</title>"
            out += "<text x=\"\(Int(labelWidth - 8))\" y=\"\(Int(y + 15))\" text-anchor=\"end\" class=\"rule\">\(h(row.key))</text>"
            if e > 0 { out += "<rect x=\"\(Int(labelWidth))\" y=\"\(Int(y + 3))\" width=\"\(String(format: "%.1f", max(e, 2)))\" height=\"16\" fill=\"#cf222e\"/>" }
            if w > 0 { out += "<rect x=\"\(String(format: "%.1f", labelWidth + e))\" y=\"\(Int(y + 3))\" width=\"\(String(format: "%.1f", max(w, 2)))\" height=\"16\" fill=\"#bf8700\"/>" }
            out += "<text x=\"\(String(format: "%.1f", labelWidth + e + w + 6))\" y=\"\(Int(y + 15))\" class=\"count\">\(row.value.errors + row.value.warnings)</text></g>\n"
        }
        out += "</svg>\n"
        out += "<table class=\"counts\"><thead><tr><th>rule</th><th>errors</th><th>warnings</th><th>total</th></tr></thead><tbody>"
        for row in rows {
            out += "<tr><td><a href=\"\(h(context.ruleDocURL(row.key)))\"><code>\(h(row.key))</code></a></td><td class=\"num\">\(row.value.errors)</td><td class=\"num\">\(row.value.warnings)</td><td class=\"num\">\(row.value.errors + row.value.warnings)</td></tr>"
        }
        out += "</tbody></table></section>\n"
        return out
    }

    // MARK: Graph

    /// The graph the page draws: the whole graph when small, else the findings'
    /// neighbourhood, else that collapsed into modules.
    static func drawnGraph(_ graph: ArchitectureGraph, _ context: ReportContext) -> ArchitectureGraph {
        if graph.nodes.count <= maxGraphNodes { return graph }
        let narrowed = GraphView(onlyViolations: true).apply(to: graph) { _ in "" }
        if narrowed.nodes.count <= maxGraphNodes { return narrowed }
        return GraphView(onlyViolations: true, collapse: .module).apply(to: graph) { path in
            path.map { GraphView.moduleName(ofRelativePath: context.repositoryPath($0)) } ?? "."
        }
    }

    static func graphSection(_ context: ReportContext) -> String {
        var out = "<section id=\"architecture\"><h2>Architecture</h2>\n"
        guard let whole = context.graph else {
            return out + "<p>The architecture graph was not built for this report.</p></section>\n"
        }
        let graph = drawnGraph(whole, context)
        out += "<p class=\"meta\">\(plural(graph.nodes.count, "type")) and \(plural(graph.edges.count, "relation"))"
        if !graph.scope.isEmpty { out += " (" + Escaping.html(graph.scope.joined(separator: "; ")) + ", of \(whole.nodes.count) types)" }
        out += ". What findings are about is drawn in red with the rule ids; hover over a node or an edge for details. <code>mvilint graph --focus TYPE</code> draws any part of it.</p>\n"
        guard !graph.nodes.isEmpty else { return out + "<p>No architectural types found.</p></section>\n" }
        out += "<div class=\"graph\">" + LayeredLayout().svg(graph, escape: Escaping.html) + "</div>\n"
        out += "<p class=\"legend\">"
        let roles = Set(graph.nodes.map(\.role))
        for r in ArchitectureGraph.Role.allCases where roles.contains(r) {
            out += "<span class=\"swatch\" style=\"background:\(GraphStyle.role(r).fill)\"></span>\(Escaping.html(GraphStyle.role(r).title)) "
        }
        out += "· solid: owns, observes, depends · dashed: env, provides, conforms, intent · <span class=\"bad\">red: a finding</span></p></section>\n"
        return out
    }

    // MARK: Findings

    static func findingsSection(_ findings: [Finding], _ diagnostics: [InputDiagnostic], _ context: ReportContext) -> String {
        let h = Escaping.html
        var out = "<section id=\"findings\"><h2>Findings</h2>\n"
        let rules = Array(Set(findings.map(\.ruleID))).sorted()
        if !findings.isEmpty {
            // Shown by the script; without it every finding stays visible.
            out += "<form id=\"filters\" hidden><fieldset><legend>Severity</legend>"
            for s in ["error", "warning"] {
                out += "<label><input type=\"checkbox\" name=\"severity\" value=\"\(s)\" checked> \(s)</label>"
            }
            out += "</fieldset><fieldset><legend>Rule</legend>"
            for r in rules { out += "<label><input type=\"checkbox\" name=\"rule\" value=\"\(h(r))\" checked> <code>\(h(r))</code></label>" }
            out += "</fieldset><p id=\"shown\"></p></form>\n"
        }
        var byFile: [(String, [Finding])] = []
        for f in findings {
            if byFile.last?.0 == f.path { byFile[byFile.count - 1].1.append(f) } else { byFile.append((f.path, [f])) }
        }
        for (path, list) in byFile {
            out += "<section class=\"file\"><h3>\(h(context.displayPath(path))) <span class=\"count\">\(list.count)</span></h3>\n"
            for f in list {
                let severity = f.severity.reportedName
                out += "<article class=\"finding \(severity)\" data-rule=\"\(h(f.ruleID))\" data-severity=\"\(severity)\">"
                out += "<p class=\"head\"><span class=\"sev \(severity)\">\(severity)</span> <a class=\"rule\" href=\"\(h(context.ruleDocURL(f.ruleID)))\"><code>\(h(f.ruleID))</code></a> "
                out += "<span class=\"loc\">\(h(context.displayPath(f.path))):\(f.line):\(f.column)</span></p>"
                out += "<p class=\"message\">\(message(f.message))</p>"
                out += code(around: f, context)
                if !f.notes.isEmpty {
                    out += "<ul class=\"notes\">"
                    for n in f.notes {
                        out += "<li><span class=\"loc\">\(h(context.displayPath(n.path))):\(n.location.line):\(n.location.column)</span> \(message(n.message))</li>"
                    }
                    out += "</ul>"
                }
                out += "</article>\n"
            }
            out += "</section>\n"
        }
        if findings.isEmpty { out += "<p class=\"clean\">No findings.</p>\n" }
        if !diagnostics.isEmpty {
            out += "<h3>Files that could not be linted</h3><ul>"
            for d in diagnostics { out += "<li><span class=\"loc\">\(h(context.displayPath(d.path)))</span>: \(h(d.message))</li>" }
            out += "</ul>\n"
        }
        return out + "</section>\n"
    }

    /// The finding's line and those around it that `lineTexts` holds, numbered, the finding's marked.
    static func code(around f: Finding, _ context: ReportContext) -> String {
        guard let lines = context.lineTexts[f.path], lines[f.line] != nil else { return "" }
        var out = "<pre class=\"code\">"
        for n in max(1, f.line - lineTextRadius)...(f.line + lineTextRadius) {
            guard let text = lines[n] else { continue }
            let mark = n == f.line
            // Block spans, one per line: no line break between them inside the `<pre>`.
            out += "<span class=\"line\(mark ? " hit" : "")\"><span class=\"ln\">\(n)</span>\(Escaping.html(text))</span>"
        }
        return out + "</pre>"
    }

    /// A message escaped, its balanced `code spans` set as `<code>`.
    static func message(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count % 2 == 1 else { return Escaping.html(text) }
        return parts.enumerated().map { k, part in k % 2 == 1 ? "<code>" + Escaping.html(String(part)) + "</code>" : Escaping.html(String(part)) }.joined()
    }

    static func plural(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    static let style = """
    body{font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#1f2328;margin:0 auto;padding:0 24px 48px;max-width:1280px}
    h1{font-size:24px;margin:24px 0 4px}h2{border-bottom:1px solid #d0d7de;padding-bottom:4px;margin-top:32px}
    h3{font-size:15px;margin:20px 0 8px;font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
    .meta{color:#57606a}nav a{color:#0969da}a{color:#0969da}
    table.counts{border-collapse:collapse;margin:12px 0}table.counts td,table.counts th{border:1px solid #d0d7de;padding:4px 10px;text-align:left}
    td.num{text-align:right;font-variant-numeric:tabular-nums}
    .sev{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;font-weight:600;color:#fff}
    .sev.error{background:#cf222e}.sev.warning{background:#9a6700}
    svg.chart text{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;fill:#1f2328}svg.chart text.count{fill:#57606a}
    .graph{overflow:auto;border:1px solid #d0d7de;border-radius:6px;max-height:85vh;background:#fff}
    svg.architecture text{font:11px -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;text-anchor:middle;fill:#1f2328}
    svg.architecture text.name{font-weight:600;font-size:12px}svg.architecture text.detail{fill:#57606a;font-size:10.5px}
    svg.architecture text.warning,svg.architecture .violation text.name{fill:#cf222e}
    svg.architecture text.layer{text-anchor:start;font-weight:600;fill:#57606a;font-size:13px}
    svg.architecture text.edge-label{fill:#cf222e;font-size:10px;text-anchor:start}
    .legend{color:#57606a;font-size:12px}.swatch{display:inline-block;width:12px;height:12px;border:1px solid #57606a;border-radius:2px;margin:0 4px -2px 8px}
    .bad{color:#cf222e}
    .finding{border:1px solid #d0d7de;border-left:4px solid #9a6700;border-radius:6px;padding:8px 12px;margin:8px 0}
    .finding.error{border-left-color:#cf222e}.finding p{margin:2px 0}.message{font-weight:500}
    .loc{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;color:#57606a;font-size:12px}
    pre.code{background:#f6f8fa;border-radius:6px;padding:6px 0;overflow:auto;font-size:12px;margin:6px 0}
    pre.code .line{display:block;padding:0 10px}pre.code .hit{background:#fff8c5}
    pre.code .ln{display:inline-block;width:3.5em;color:#8c959f;user-select:none}
    ul.notes{margin:4px 0;padding-left:20px;font-size:13px}
    .message code,ul.notes code{background:#eff1f3;padding:0 3px;border-radius:4px;font-size:12px}
    #filters fieldset{display:inline-block;border:1px solid #d0d7de;border-radius:6px;margin:0 8px 8px 0;vertical-align:top}
    #filters label{margin-right:10px;white-space:nowrap}.count{color:#57606a;font-weight:400}.clean{color:#1a7f37}
    """

    static let script = """
    (function () {
      var form = document.getElementById('filters');
      if (!form) { return; }
      form.hidden = false;
      function apply() {
        var on = {};
        Array.prototype.forEach.call(form.querySelectorAll('input'), function (i) { on[i.name + ':' + i.value] = i.checked; });
        var shown = 0, all = 0;
        Array.prototype.forEach.call(document.querySelectorAll('article.finding'), function (a) {
          var visible = on['rule:' + a.getAttribute('data-rule')] && on['severity:' + a.getAttribute('data-severity')];
          a.hidden = !visible; all += 1; if (visible) { shown += 1; }
        });
        Array.prototype.forEach.call(document.querySelectorAll('section.file'), function (s) {
          s.hidden = s.querySelector('article.finding:not([hidden])') === null;
        });
        document.getElementById('shown').textContent = shown + ' of ' + all + ' findings shown';
      }
      form.addEventListener('change', apply);
      apply();
    })();
    """
}
