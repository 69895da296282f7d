#!/usr/bin/env bash
# A file with mode 000 beside a linted one: mvilint names it (on standard error and in the
# report), exits 2, and still lints the rest.
#
# Usage: unreadable_file.sh [path/to/mvilint]  (default: .build/release/mvilint)
# Permission bits do not stop root, so as root the run drops to the `nobody` user (setpriv);
# the test suite's own case (HostileInputTests.testUnreadableFile) skips as root.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
binary="$(cd "$(dirname "${1:-$repo/.build/release/mvilint}")" && pwd)/$(basename "${1:-mvilint}")"
fail() { echo "unreadable_file: $*" >&2; exit 1; }
[ -x "$binary" ] || fail "no mvilint binary at $binary"
work="$(mktemp -d)"
chmod 755 "$work"
mkdir -p "$work/Sources"
printf '// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "A")\n' > "$work/Package.swift"
printf 'import Combine\n\n@MainActor\nfinal class CounterModel: ObservableObject {\n    @Published var count = 0\n}\n' > "$work/Sources/CounterModel.swift"
printf 'final class Secret {}\n' > "$work/Sources/Secret.swift"
chmod -R a+rX "$work/Sources" "$work/Package.swift"
chmod 000 "$work/Sources/Secret.swift"

run=("$binary" lint --quiet "$work")
if [ "$(id -u)" -eq 0 ]; then
  command -v setpriv > /dev/null || fail "running as root without setpriv"
  # The binary must be reachable by nobody: copy it next to the project.
  cp "$binary" "$work/mvilint" && chmod 755 "$work/mvilint"
  run=(setpriv --reuid=nobody --regid=nogroup --clear-groups "$work/mvilint" lint --quiet "$work")
fi
set +e
"${run[@]}" > "$work/out.txt" 2> "$work/err.txt"
status=$?
set -e
[ "$status" -eq 2 ] || { cat "$work/out.txt" "$work/err.txt"; fail "exit status $status, expected 2"; }
grep -q -F "Error: $work/Sources/Secret.swift: file cannot be read (permission denied)" "$work/err.txt" \
  || { cat "$work/err.txt"; fail "the unreadable file is not named"; }
grep -q -F "$work/Sources/CounterModel.swift:5:20: warning: " "$work/out.txt" \
  || { cat "$work/out.txt"; fail "the readable file was not linted"; }
# The report names it too, in its own form, for tools that read only the report.
grep -q -F "$work/Sources/Secret.swift:1:1: error: file cannot be read (permission denied)" "$work/out.txt" \
  || { cat "$work/out.txt"; fail "the report does not show the unreadable file"; }
chmod 644 "$work/Sources/Secret.swift"
rm -rf "$work"
echo "unreadable_file: the unreadable file is named, the rest is linted, exit status 2"
