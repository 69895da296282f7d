#!/usr/bin/env bash
# Loads real mvilint output into Vim's quickfix list through Editors/vim and checks every entry.
#
# Usage: vim_errorformat.sh [path/to/mvilint]  (default: .build/release/mvilint, then debug).
# Installs Debian's vim when no vim is found. Checks `:cgetfile` and `:make` with the compiler
# file (file, line, column and type of each entry, and `:clist`), `:MvilintBuffer` on an unsaved
# buffer (stdin), and that docs/editors.md documents the same errorformat.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${1:-}"
for candidate in "$binary" "$repo/.build/release/mvilint" "$repo/.build/debug/mvilint"; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then binary="$candidate"; break; fi
done
fail() { echo "vim_errorformat: $*" >&2; exit 1; }
[ -x "$binary" ] || fail "no mvilint binary; build it first (swift build -c release)"
if ! command -v vim > /dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq vim > /dev/null
fi
bindir="$(mktemp -d)"
ln -s "$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")" "$bindir/mvilint"
export PATH="$bindir:$PATH"

work="$(mktemp -d)"
project="$work/My App"
mkdir -p "$project/Sources"
printf '// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "App")\n' > "$project/Package.swift"
cat > "$project/Sources/CounterStore.swift" <<'SWIFT'
import Combine

final class CounterStore: ObservableObject {
    @Published var count = 0

    func refresh() async {
        count = 1
    }
}
SWIFT
set +e
(cd "$project" && mvilint lint --quiet Sources > "$work/out.txt")
set -e
[ -s "$work/out.txt" ] || fail "mvilint printed no findings"

run_vim() {  # vim commands...; the quickfix list ends up in $work/qf.txt and :clist in $work/clist.txt
  local args=()
  for c in "$@"; do args+=(-c "$c"); done
  (cd "$project" && vim -N -u NONE -i NONE -es --cmd "set rtp^=$repo/Editors/vim" --cmd 'filetype off' \
    -c 'runtime plugin/mvilint.vim' "${args[@]}" \
    -c 'call writefile(map(getqflist(), {_, e -> printf("%s|%d|%d|%s|%d|%s", fnamemodify(bufname(e.bufnr), ":p"), e.lnum, e.col, e.type, e.valid, e.text)}), "'"$work"'/qf.txt")' \
    -c 'redir! > '"$work"'/clist.txt | silent clist | redir END' -c 'qa!') || true
}

expected_qf() {  # the quickfix entries the findings must become
  while IFS= read -r line; do
    # path:line:column: type: message
    path="${line%%:*}"; rest="${line#*:}"; lnum="${rest%%:*}"; rest="${rest#*:}"; col="${rest%%:*}"; rest="${rest#*: }"
    kind="${rest%%:*}"; text="${rest#*: }"
    printf '%s|%s|%s|%s|1|%s\n' "$path" "$lnum" "$col" "${kind:0:1}" "$text"
  done < "$work/out.txt"
}

check() {  # label
  expected_qf > "$work/expected.txt"
  if ! diff -u "$work/expected.txt" "$work/qf.txt"; then fail "$1: the quickfix list does not match the findings"; fi
  grep -q "CounterStore.swift:4 col 20" "$work/clist.txt" || { cat "$work/clist.txt"; fail "$1: :clist does not list the warning"; }
  echo "vim_errorformat: $1: $(wc -l < "$work/qf.txt") quickfix entries match"
}

run_vim 'compiler mvilint' "cgetfile $work/out.txt"
check ":cgetfile"
cat "$work/clist.txt"

run_vim 'compiler mvilint' 'silent make! Sources'
check ":make"

# Unsaved edits: `count` made private(set) (its finding must go) and a new line 2 with a
# finding of its own (which must appear): the buffer is linted, not the file on disk.
run_vim 'edit Sources/CounterStore.swift' '4s/@Published var/@Published private(set) var/' \
  '1put =\"final class OtherStore: ObservableObject { @Published var x = 0 }\"' 'MvilintBuffer'
grep -q '|2|[0-9]*|w|1|`x` .*(state_private_set)$' "$work/qf.txt" || { cat "$work/qf.txt"; fail ":MvilintBuffer did not report the unsaved line"; }
if grep '(state_private_set)$' "$work/qf.txt" | grep -q '`count`'; then cat "$work/qf.txt"; fail ":MvilintBuffer linted the file on disk, not the buffer"; fi
echo "vim_errorformat: :MvilintBuffer lints the unsaved buffer ($(wc -l < "$work/qf.txt") entries)"

efm_file="$(grep -o 'errorformat=.*' "$repo/Editors/vim/compiler/mvilint.vim")"
grep -q -F -- "$efm_file" "$repo/docs/editors.md" || fail "docs/editors.md does not show the compiler file's $efm_file"
echo "vim_errorformat: ok"
