#!/usr/bin/env bash
# Lints Examples/ with --reporter sarif, validates the log against the SARIF 2.1.0 schema, and reads it back with sarif-tools.
#
# Usage: sarif_examples.sh [path/to/mvilint]  (default: .build/release/mvilint).
# Needs python3 with jsonschema and sarif-tools (pip install jsonschema sarif-tools).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${1:-$repo/.build/release/mvilint}"
work="$(mktemp -d)"
fail() { echo "sarif_examples: $*" >&2; exit 1; }

cd "$repo"
set +e
"$binary" lint Examples --quiet --reporter sarif > "$work/examples.sarif"
status=$?
set -e
[ "$status" -eq 1 ] || fail "expected exit status 1 on Examples (error-level findings), got $status"
# As many results as the default format prints findings (notes are not findings).
"$binary" lint Examples --quiet > "$work/examples.txt" || true
expected=$(grep -c -E ': (error|warning): ' "$work/examples.txt" || true)
[ "$expected" -gt 0 ] || fail "no findings on Examples"
python3 Tests/Scripts/validate_sarif.py --expect-results "$expected" "$work/examples.sarif"

# sarif-tools must see every result: its summary counts them per level.
sarif summary "$work/examples.sarif" | tee "$work/summary.txt"
listed=$(awk '/^(error|warning|note): [0-9]+$/ { n += $2 } END { print n + 0 }' "$work/summary.txt")
[ "$listed" -eq "$expected" ] || fail "sarif summary lists $listed results, expected $expected"
sarif csv --output "$work/examples.csv" "$work/examples.sarif" > /dev/null
grep -q "Examples/ShopApp/Features/Legacy/OrdersView.swift" "$work/examples.csv" \
  || fail "sarif csv does not show the paths relative to the current directory (the repository root)"
echo "sarif_examples: ok ($listed results read back by sarif-tools)"
