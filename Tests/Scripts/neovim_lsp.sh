#!/usr/bin/env bash
# End to end with a real editor: Neovim's built-in LSP client runs `mvilint lsp` on a copy of the
# example app, headless, and checks diagnostics, positions, hover, a quick fix and a suppression
# (see neovim_lsp.lua).
#
# Usage: neovim_lsp.sh [path/to/mvilint]  (default: .build/release/mvilint, then debug).
# Installs Debian's neovim (0.7 or newer, which has the built-in client) when nvim is missing.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${1:-}"
for candidate in "$binary" "$repo/.build/release/mvilint" "$repo/.build/debug/mvilint"; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then binary="$candidate"; break; fi
done
fail() { echo "neovim_lsp: $*" >&2; exit 1; }
[ -x "$binary" ] || fail "no mvilint binary; build it first (swift build -c release)"
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
if ! command -v nvim > /dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq neovim > /dev/null
fi
nvim --version | head -n 1

# A copy with a space and a non-ASCII letter in its path (percent-encoded in the URIs).
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
project="$work/Shop App é"
cp -R "$repo/Examples/ShopApp" "$project"
echo '{}' > "$project/.mvilint.json"
file="$project/Features/Legacy/OrdersView.swift"

# What the command line reports for the file: `line:column rule_id`.
set +e
"$binary" lint --quiet "$file" > "$work/cli.txt"
set -e
expected="$(sed -n 's/^.*:\([0-9][0-9]*\):\([0-9][0-9]*\): [a-z]*: .*(\([a-z_]*\))$/\1:\2 \3/p' "$work/cli.txt")"
[ -n "$expected" ] || fail "the command line reported nothing for $file"

status=0
MVILINT_BIN="$binary" PROJECT_ROOT="$project" FILE="$file" EXPECTED="$expected" \
  timeout 300 nvim --headless -u NONE -i NONE -n -c "luafile $repo/Tests/Scripts/neovim_lsp.lua" > "$work/out.txt" 2>&1 || status=$?
cat "$work/out.txt"
[ "$status" -eq 0 ] || fail "Neovim exited with status $status"
grep -q "neovim_lsp: ok" "$work/out.txt" || fail "the Lua checks did not finish"
