#!/usr/bin/env bash
# Renders the architecture graph and the html and markdown reports of the example app with the
# real renderers: Graphviz for DOT, the Mermaid library in headless Chromium for Mermaid, and
# headless Chromium for the HTML page (no console error, no request). Needs `dot`, Chromium and
# a Mermaid bundle: the mermaid.min.js that the PyPI package mmdc vendors (no npm), fetched
# once with pip into .build/render-tools. Usage: graph_render.sh MVILINT [OUTDIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
mvilint="$1"
out="${2:-$(mktemp -d)}"

for tool in dot python3; do
    command -v "$tool" >/dev/null || { echo "graph_render.sh: $tool is missing (apt-get install graphviz python3)"; exit 1; }
done
command -v chromium >/dev/null || command -v chromium-browser >/dev/null \
    || { echo "graph_render.sh: Chromium is missing (apt-get install chromium)"; exit 1; }

tools=.build/render-tools
mermaid="$tools/mermaid.min.js"
if [ ! -s "$mermaid" ]; then
    mkdir -p "$tools"
    pip download --quiet --no-deps --disable-pip-version-check --only-binary=:all: -d "$tools" "mmdc==0.7.0"
    python3 - "$tools" "$mermaid" <<'PY'
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/mmdc-0.7.0-*.whl")[0]
with zipfile.ZipFile(wheel) as z, open(sys.argv[2], "wb") as f:
    f.write(z.read("mmdc/assets/mermaid.js"))
PY
fi
grep -q 'globalThis\["mermaid"\]' "$mermaid" || { echo "graph_render.sh: $mermaid is not the Mermaid bundle"; exit 1; }

python3 Tests/Scripts/graph_render_check.py "$mvilint" "$mermaid" Examples "$out"
