#!/usr/bin/env bash
# Lints a 50 MB Swift file, a file that is a single 20 MB line, and a view with 40 000 model
# properties that its initializer assigns (each rule must look at them in time linear in the
# file) with the release build.
#
# Usage: large_inputs.sh [path/to/mvilint]  (default: .build/release/mvilint)
# Checks, for each: the run ends within 120 s, reports the warning at the very end of the file
# with the right line and column, the expected numbers of warnings and errors (and exits 0, or 1
# when errors are expected), and stays under 2 GiB of peak resident memory (GNU time; Debian's
# `time` package is installed when it is missing).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${1:-$repo/.build/release/mvilint}"
work="$(mktemp -d)"
fail() { echo "large_inputs: $*" >&2; exit 1; }
[ -x "$binary" ] || fail "no mvilint binary at $binary; build it first (swift build -c release)"
if [ ! -x /usr/bin/time ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time > /dev/null
fi

# Prints "line column" of the last `@Published var` property name in the generated file.
python3 - "$work/big/Sources/Huge.swift" "$work/line/Sources/Wide.swift" > "$work/expected.txt" <<'PY'
import os, sys
big, wide = sys.argv[1], sys.argv[2]
for p in (big, wide):
    os.makedirs(os.path.dirname(p), exist_ok=True)
chunk = (
    "@MainActor\n"
    "final class Model{n}: ObservableObject {{\n"
    "    @Published var value = 0\n"
    "    // A comment with \"quotes\" and {{ braces }} that must not count.\n"
    "    let label = \"text with \\(value) interpolation and /* not a comment */\"\n"
    "    func load() async {{\n"
    "        value += 1\n"
    "    }}\n"
    "}}\n\n"
)
size, n, line, out = 50 * 1024 * 1024, 0, 1, []
written = 0
while written < size:
    text = chunk.format(n=n)
    last_line = line + 2
    out.append(text)
    written += len(text)
    line += text.count("\n")
    n += 1
with open(big, "w") as f:
    f.write("".join(out))
print(last_line, 20, n)
# One line of 20 MB: an array literal, then a public observable property at its very end.
head = "@MainActor final class Wide: ObservableObject { let values = ["
tail = "0]; @Published var tail = 0 }"
body = "1, " * ((20 * 1024 * 1024) // 3)
with open(wide, "w") as f:
    f.write(head + body + tail + "\n")
print(1, len(head) + len(body) + len("0]; @Published var ") + 1, 1)
# A view whose initializer assigns 40 000 model properties, each from a local holding a new
# instance: each is a model the view makes and does not keep (owned_model_state_object, an
# error, once per property), none is injected (no unobserved_model); then one model with a
# public observable property (the warning).
many = os.path.join(os.path.dirname(os.path.dirname(big)), "..", "many", "Sources", "Many.swift")
many = os.path.normpath(many)
os.makedirs(os.path.dirname(many), exist_ok=True)
count = 40000
lines = ["struct ManyView: View {"]
lines += ["    let m%d: Model" % i for i in range(count)]
lines.append("    init() {")
for i in range(count):
    lines.append("        let l%d = Model()" % i)
    lines.append("        self.m%d = l%d" % (i, i))
lines += ["    }", "    var body: some View { EmptyView() }", "}", "@MainActor", "final class Model: ObservableObject {",
          "    @Published var value = 0", "}"]
with open(many, "w") as f:
    f.write("\n".join(lines) + "\n")
print(len(lines) - 1, 20, 1, count)
PY

check() {  # directory, file name, expected line, expected column, expected warnings, expected errors
  local dir="$1" name="$2" line="$3" column="$4" count="$5" errors="${6:-0}" status expected_status=0
  [ "$errors" -eq 0 ] || expected_status=1
  set +e
  /usr/bin/time -f "%e %M" -o "$work/time.txt" timeout 120 "$binary" lint --quiet "$dir" > "$work/out.txt" 2> "$work/err.txt"
  status=$?
  set -e
  [ "$status" -eq "$expected_status" ] || { head -c 2000 "$work/err.txt"; fail "$name: exit status $status, expected $expected_status"; }
  local error_count; error_count=$(grep -c ': error: ' "$work/out.txt" || true)
  [ "$error_count" -eq "$errors" ] || fail "$name: $error_count errors, expected $errors"
  grep -q -F "$dir/Sources/$name:$line:$column: warning: \`" "$work/out.txt" \
    || { tail -n 3 "$work/out.txt"; fail "$name: no finding at $line:$column"; }
  local found; found=$(grep -c ': warning: ' "$work/out.txt" || true)
  [ "$found" -eq "$count" ] || fail "$name: $found findings, expected $count (one per public @Published property)"
  # GNU time writes "Command exited with non-zero status N" first when the status is not 0.
  read -r seconds kilobytes < <(tail -n 1 "$work/time.txt")
  [ "$kilobytes" -lt $((2 * 1024 * 1024)) ] || fail "$name: peak RSS $((kilobytes / 1024)) MB"
  echo "large_inputs: $name ($(( $(wc -c < "$dir/Sources/$name") / 1048576 )) MB): ${seconds}s, peak RSS $((kilobytes / 1024)) MB, $found warnings and $error_count errors, the last warning at $line:$column"
}

read -r big_line big_column big_count < <(sed -n 1p "$work/expected.txt")
read -r wide_line wide_column wide_count < <(sed -n 2p "$work/expected.txt")
read -r many_line many_column many_count many_errors < <(sed -n 3p "$work/expected.txt")
check "$work/big" Huge.swift "$big_line" "$big_column" "$big_count"
check "$work/line" Wide.swift "$wide_line" "$wide_column" "$wide_count"
check "$work/many" Many.swift "$many_line" "$many_column" "$many_count" "$many_errors"
rm -rf "$work"
