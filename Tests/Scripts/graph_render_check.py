#!/usr/bin/env python3
"""Renders what `mvilint graph` and the html and markdown reporters print with the real renderers.

- DOT through Graphviz (`dot -Tsvg`): every node of the JSON form is drawn, violations in red.
- Mermaid through the Mermaid library in headless Chromium: the graph parses and renders with
  as many nodes and edges as the JSON form has, its violating edges in red; also the focused,
  collapsed and only-violations views, and the Mermaid block of the markdown report.
- The HTML report in headless Chromium: no console error, no exception, no request, every
  finding shown, the architecture graph drawn, and the filters hiding what they should.

Usage: graph_render_check.py MVILINT MERMAID_JS PROJECT [OUTDIR]
Prints one line per check and `N passed, N failed` at the end; exits non-zero on a failure.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
results = {"passed": 0, "failed": 0}


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("ok     " if ok else "FAILED ") + name + ("" if ok or not detail else ": " + str(detail)[:2000]), flush=True)


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


def page(args, path, **extra):
    cmd = [sys.executable, os.path.join(HERE, "headless_page.py"), path]
    for k, v in extra.items():
        cmd += ["--" + k.replace("_", "-"), str(v)]
    r = run(cmd + args)
    if r.returncode != 0:
        return {"error": r.stderr}
    return json.loads(r.stdout)


def mermaid_page(mermaid_js, text, path):
    """A page that renders `text` with Mermaid, the library inlined (no request)."""
    body = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{margin:0;background:#fff}</style></head>
<body><div id="out"></div><script>%s</script><script>
window.renderDone = false; window.renderError = null;
mermaid.initialize({startOnLoad: false, securityLevel: 'strict', flowchart: {useMaxWidth: false}});
var started = performance.now();
mermaid.render('graph', %s).then(function (r) {
  document.getElementById('out').innerHTML = r.svg; window.renderMs = performance.now() - started; window.renderDone = true; })
  .catch(function (e) { window.renderError = String(e && e.message || e); window.renderDone = true; });
</script></body></html>""" % (mermaid_js.replace("</script", "<\\/script"), json.dumps(text).replace("</", "<\\/"))
    with open(path, "w") as f:
        f.write(body)


MERMAID_EVAL = """(function () {
  var red = 0;
  document.querySelectorAll('#out path.flowchart-link').forEach(function (p) {
    if ((p.getAttribute('style') || '').indexOf('#cf222e') >= 0) { red += 1; }
  });
  return {error: window.renderError, nodes: document.querySelectorAll('#out g.node').length,
          edges: document.querySelectorAll('#out path.flowchart-link').length, red: red,
          clusters: document.querySelectorAll('#out g.cluster').length, ms: Math.round(window.renderMs || 0)};
})()"""


def render_mermaid(name, mermaid_js, text, graph, out, screenshot=None):
    path = os.path.join(out, name + ".html")
    mermaid_page(mermaid_js, text, path)
    extra = {"wait_for": "window.renderDone", "eval": MERMAID_EVAL}
    if screenshot:
        extra["screenshot"] = screenshot
    r = page([], path, **extra)
    v = r.get("value") or {}
    violating = sum(1 for e in graph["edges"] if e["findings"])
    check(f"mermaid {name}: renders without error", r.get("ready") and v.get("error") is None and not r.get("exceptions"), r)
    check(f"mermaid {name}: {len(graph['nodes'])} nodes and {len(graph['edges'])} edges drawn",
          v.get("nodes") == len(graph["nodes"]) and v.get("edges") == len(graph["edges"]), v)
    check(f"mermaid {name}: {violating} violating edges in red", v.get("red") == violating, v)
    return v


def main():
    mvilint, mermaid_path, project = sys.argv[1:4]
    out = sys.argv[4] if len(sys.argv) > 4 else tempfile.mkdtemp(prefix="mvilint-render-")
    os.makedirs(out, exist_ok=True)
    mermaid_js = open(mermaid_path, encoding="utf-8").read()

    def graph(*args, fmt="json"):
        r = run([mvilint, "graph", "--quiet", "--format", fmt, *args, project])
        if r.returncode != 0:
            sys.exit(f"mvilint graph {' '.join(args)} failed ({r.returncode}): {r.stderr}")
        return r.stdout

    whole = json.loads(graph())
    check("graph json: nodes and findings", len(whole["nodes"]) > 0 and whole["summary"]["placed"] > 0, whole["summary"])

    # DOT through Graphviz.
    dot_text = graph(fmt="dot")
    with open(os.path.join(out, "graph.dot"), "w") as f:
        f.write(dot_text)
    r = run(["dot", "-Tsvg", os.path.join(out, "graph.dot"), "-o", os.path.join(out, "graph.svg")])
    check("dot -Tsvg accepts the DOT output", r.returncode == 0 and not r.stderr.strip(), r.stderr)
    svg = open(os.path.join(out, "graph.svg"), encoding="utf-8").read() if r.returncode == 0 else ""
    drawn = len(re.findall(r'<g id="node\d+" class="node">', svg))
    check(f"dot: {len(whole['nodes'])} nodes drawn", drawn == len(whole["nodes"]), drawn)
    titles = set(re.findall(r"<text[^>]*>([^<]+)</text>", svg))
    missing = [n["name"] for n in whole["nodes"] if n["name"] not in titles]
    check("dot: every node's name is written", not missing, missing)
    violating = sum(1 for e in whole["edges"] if e["findings"])
    red_edges = len(re.findall(r'<g id="edge\d+" class="edge">\s*<title>[^<]*</title>\s*<path fill="none" stroke="#cf222e"', svg))
    check(f"dot: {violating} violating edges in red", red_edges == violating, red_edges)

    # Mermaid in headless Chromium: the whole graph and the narrowed views.
    render_mermaid("whole", mermaid_js, graph(fmt="mermaid"), whole, out, screenshot=os.path.join(out, "mermaid-whole.png"))
    for name, args in [("collapsed", ["--collapse", "folder"]), ("focus", ["--focus", whole["nodes"][len(whole["nodes"]) // 2]["id"], "--depth", "2"]),
                       ("violations", ["--only-violations"])]:
        render_mermaid(name, mermaid_js, graph(*args, fmt="mermaid"), json.loads(graph(*args)), out)

    # The markdown report's Mermaid block.
    r = run([mvilint, "lint", "--quiet", "--reporter", "markdown", project])
    blocks = re.findall(r"```mermaid\n(.*?)```", r.stdout, re.S)
    check("markdown report holds one Mermaid block", len(blocks) == 1, r.stdout[-500:])
    if blocks:
        render_mermaid("markdown", mermaid_js, blocks[0], json.loads(graph("--only-violations")), out)

    # The HTML report in headless Chromium.
    findings = json.loads(run([mvilint, "lint", "--quiet", "--reporter", "json", project]).stdout)["findings"]
    r = run([mvilint, "lint", "--quiet", "--reporter", "html", project])
    report = os.path.join(out, "report.html")
    with open(report, "w", encoding="utf-8") as f:
        f.write(r.stdout)
    rules = sorted({f["rule"] for f in findings})
    probe = """(function () {
      var shown = function () { return document.querySelectorAll('article.finding:not([hidden])').length; };
      var all = shown();
      var box = document.querySelector('#filters input[name=rule][value=%s]');
      box.checked = false; box.dispatchEvent(new Event('change', {bubbles: true}));
      var withoutRule = shown();
      box.checked = true; box.dispatchEvent(new Event('change', {bubbles: true}));
      return {all: all, withoutRule: withoutRule, filtersShown: !document.getElementById('filters').hidden,
              graphNodes: document.querySelectorAll('svg.architecture g.node').length,
              graphRed: document.querySelectorAll('svg.architecture g.edge.violation').length,
              bars: document.querySelectorAll('svg.chart rect').length,
              text: document.body.innerText.length};
    })()""" % json.dumps(rules[0])
    v = page([], report, eval=probe, screenshot=os.path.join(out, "report.png"), max_height=2400)
    value = v.get("value") or {}
    check("html: no console error, no exception", not v.get("console") and not v.get("exceptions"), v)
    check("html: no network request", v.get("requests") == [], v.get("requests"))
    check(f"html: all {len(findings)} findings shown", value.get("all") == len(findings), value)
    per_rule = sum(1 for f in findings if f["rule"] == rules[0])
    check("html: the rule filter hides that rule's findings", value.get("withoutRule") == len(findings) - per_rule and value.get("filtersShown"), value)
    # A small graph is drawn whole; a large one as the findings' neighbourhood or its modules.
    nodes = value.get("graphNodes") or 0
    check("html: the architecture graph is drawn with its violations",
          (nodes == len(whole["nodes"]) if len(whole["nodes"]) <= 120 else 0 < nodes <= 120) and (value.get("graphRed") or 0) > 0, value)
    check("html: the chart has a bar per rule and severity", (value.get("bars") or 0) >= len(rules), value)

    print(f"{results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
