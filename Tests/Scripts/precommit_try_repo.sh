#!/usr/bin/env bash
# Tries .pre-commit-hooks.yaml for real: pre-commit try-repo and pre-commit run on a project with and without findings.
#
# Usage: precommit_try_repo.sh [path/to/mvilint]  (default: .build/release/mvilint)
# Needs pre-commit (pip install pre-commit), git and a Swift toolchain. The hooks repository is
# a snapshot of this checkout's tracked and untracked (not ignored) files, committed once.
# `try-repo` runs the `mvilint` hook, for which pre-commit builds mvilint (`swift build -c
# release`, in a store of its own each time). The other runs use a `.pre-commit-config.yaml` as
# users write it, with the `mvilint-system` hook and the given binary on PATH, so that
# mvilint is not built a third time.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${1:-$repo/.build/release/mvilint}"
work="$(mktemp -d)"
export PRE_COMMIT_HOME="${PRE_COMMIT_HOME:-$work/cache}"

fail() { echo "precommit_try_repo: $*" >&2; exit 1; }
command -v pre-commit > /dev/null || fail "pre-commit is not installed (pip install pre-commit)"
[ -x "$binary" ] || fail "no mvilint binary at $binary; build it first (swift build -c release)"
mkdir -p "$work/bin"
ln -s "$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")" "$work/bin/mvilint"

commit_all() {
  git add -A
  git -c user.email=test@example.com -c user.name=Test -c commit.gpgsign=false commit -q -m "$1"
}

hooks="$work/hooks"
mkdir -p "$hooks"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$hooks"
(cd "$hooks" && git init -q && commit_all "Hooks snapshot")

project="$work/project"
mkdir -p "$project/Sources/App"
cd "$project"
git init -q
printf '// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "App")\n' > Package.swift
cat > Sources/App/CounterStore.swift <<'SWIFT'
import Combine

@MainActor
final class CounterStore: ObservableObject {
    @Published private(set) var count = 0
}
SWIFT
cat > Sources/App/CounterView.swift <<'SWIFT'
import SwiftUI

struct CounterView: View {
    @ObservedObject var store = CounterStore()

    var body: some View {
        Text("\(store.count)")
    }
}
SWIFT
git add -A

try_hook() {  # hook-id, output file: pre-commit try-repo; returns its status
  set +e
  pre-commit try-repo "$hooks" "$1" --ref HEAD --all-files > "$2" 2>&1
  local status=$?
  set -e
  return $status
}

run_hook() {  # hook-id, output file: pre-commit run with the project's configuration
  set +e
  pre-commit run "$1" --all-files > "$2" 2>&1
  local status=$?
  set -e
  return $status
}

start=$(date +%s)
if try_hook mvilint "$work/error.txt"; then cat "$work/error.txt"; fail "the hook passed on an error-severity finding"; fi
grep -q -F 'Sources/App/CounterView.swift:4:25: error: `store` creates its own `CounterStore`' "$work/error.txt" \
  || { cat "$work/error.txt"; fail "the hook output does not show the finding"; }
echo "precommit_try_repo: try-repo: mvilint failed on the violation, as it should ($(( $(date +%s) - start ))s, release build included)"

sed -i.bak 's/@ObservedObject var store/@StateObject private var store/' Sources/App/CounterView.swift && rm -f Sources/App/CounterView.swift.bak
configure() {  # extra hook lines
  printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: mvilint-system\n%b' \
    "$hooks" "$(git -C "$hooks" rev-parse HEAD)" "${1:-}" > .pre-commit-config.yaml
  git add -A
}
configure
export PATH="$work/bin:$PATH"
run_hook mvilint-system "$work/clean.txt" || { cat "$work/clean.txt"; fail "the hook failed on clean files"; }
grep -q "Passed" "$work/clean.txt" || { cat "$work/clean.txt"; fail "pre-commit did not report the hook as passed"; }
echo "precommit_try_repo: run: mvilint-system passed on clean files"

sed -i.bak 's/@Published private(set) var count/@Published var count/' Sources/App/CounterStore.swift && rm -f Sources/App/CounterStore.swift.bak
git add -A
run_hook mvilint-system "$work/warning.txt" || { cat "$work/warning.txt"; fail "the hook failed on a warning"; }
grep -q -F 'Sources/App/CounterStore.swift:5:20: warning: ' "$work/warning.txt" || { cat "$work/warning.txt"; fail "the hook did not show the warning"; }
configure '        args: [--strict]\n'
if run_hook mvilint-system "$work/strict.txt"; then cat "$work/strict.txt"; fail "the hook passed on a warning with --strict"; fi
grep -q -F '(state_private_set)' "$work/strict.txt" || { cat "$work/strict.txt"; fail "the strict hook did not show the warning"; }
echo "precommit_try_repo: run: warnings are shown, and fail with args: [--strict]"
