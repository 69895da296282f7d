#!/usr/bin/env bash
# Tries .pre-commit-hooks.yaml for real: pre-commit try-repo on repositories with and without findings.
#
# Needs pre-commit (pip install pre-commit), git and a Swift toolchain. The hooks repository is
# a snapshot of this checkout's tracked and untracked (not ignored) files, committed once, so
# that pre-commit builds mvilint (`swift build -c release`, in PRE_COMMIT_HOME, default: a
# temporary directory) a single time for every run below.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
export PRE_COMMIT_HOME="${PRE_COMMIT_HOME:-$work/cache}"

fail() { echo "precommit_try_repo: $*" >&2; exit 1; }
command -v pre-commit > /dev/null || fail "pre-commit is not installed (pip install pre-commit)"

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

try_hook() {  # hook-id, output file; returns pre-commit's status
  set +e
  pre-commit try-repo "$hooks" "$1" --ref HEAD --all-files > "$2" 2>&1
  local status=$?
  set -e
  return $status
}

start=$(date +%s)
if try_hook mvilint "$work/error.txt"; then cat "$work/error.txt"; fail "the hook passed on an error-severity finding"; fi
grep -q -F 'Sources/App/CounterView.swift:4:25: error: `store` creates its own `CounterStore`' "$work/error.txt" \
  || { cat "$work/error.txt"; fail "the hook output does not show the finding"; }
echo "precommit_try_repo: mvilint failed on the violation, as it should ($(( $(date +%s) - start ))s, including the release build)"

sed -i.bak 's/@ObservedObject var store/@StateObject private var store/' Sources/App/CounterView.swift && rm -f Sources/App/CounterView.swift.bak
git add -A
try_hook mvilint "$work/clean.txt" || { cat "$work/clean.txt"; fail "the hook failed on clean files"; }
grep -q "Passed" "$work/clean.txt" || { cat "$work/clean.txt"; fail "pre-commit did not report the hook as passed"; }
echo "precommit_try_repo: mvilint passed on clean files"

sed -i.bak 's/@Published private(set) var count/@Published var count/' Sources/App/CounterStore.swift && rm -f Sources/App/CounterStore.swift.bak
git add -A
try_hook mvilint "$work/warning.txt" || { cat "$work/warning.txt"; fail "mvilint failed on a warning"; }
grep -q -F '(state_private_set)' "$work/warning.txt" || { cat "$work/warning.txt"; fail "mvilint did not show the warning"; }
if try_hook mvilint-strict "$work/strict.txt"; then cat "$work/strict.txt"; fail "mvilint-strict passed on a warning"; fi
echo "precommit_try_repo: warnings are shown by mvilint and fail mvilint-strict"
