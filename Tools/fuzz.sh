#!/usr/bin/env bash
# Builds a libFuzzer target and runs it for SECONDS seconds.
# Usage: Tools/fuzz.sh [--target scanner|lsp] SECONDS [libFuzzer options...]
# Targets: `scanner` (the default): the scanner, structure pass, body analysis and index on one
# file (Tools/Fuzz/FuzzTarget.swift); `lsp`: the language server's message reader (framing,
# JSON-RPC), its buffers and URIs (Tools/Fuzz/LSPFuzzTarget.swift).
# Environment: FUZZ_DIR (build, corpus and crash directory, default .build/fuzz, or
# .build/fuzz-lsp), FUZZ_OPT (optimization flag, default -O). Exit status 1 when libFuzzer finds
# a crash, a hang, a sanitizer report or a broken invariant; the input is then in $FUZZ_DIR/artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."

target=scanner
if [ "${1:-}" = "--target" ]; then
  target="${2:?usage: Tools/fuzz.sh [--target scanner|lsp] SECONDS [libFuzzer options...]}"
  shift 2
fi
seconds="${1:?usage: Tools/fuzz.sh [--target scanner|lsp] SECONDS [libFuzzer options...]}"
shift
case "$target" in
  scanner) default_dir="$PWD/.build/fuzz" ;;
  lsp) default_dir="$PWD/.build/fuzz-lsp" ;;
  *) echo "error: unknown target '$target' (scanner or lsp)" >&2; exit 2 ;;
esac
dir="${FUZZ_DIR:-$default_dir}"
mkdir -p "$dir/corpus" "$dir/seeds" "$dir/artifacts"
binary="$dir/$target-fuzz"

sources=()
if [ "$target" = scanner ]; then
  # Compiled into the MVILintCore module with every source of that module.
  module=MVILintCore
  dict=Tools/Fuzz/swift.dict
  while IFS= read -r f; do sources+=("$f"); done < <(find Sources/MVILintCore -name '*.swift' | sort)
  sources+=(Tools/Fuzz/FuzzTarget.swift)
else
  # Compiled into the MVILintLSP module with the reader's sources, which need nothing else.
  module=MVILintLSP
  dict=Tools/Fuzz/lsp.dict
  while IFS= read -r f; do sources+=("$f"); done < <(find Sources/MVILintLSP/JSONRPC Sources/MVILintLSP/Text -name '*.swift' | sort)
  sources+=(Tools/Fuzz/LSPFuzzTarget.swift)
fi
# Rebuild only when a source (or this script) is newer than the binary.
if [ ! -x "$binary" ] || [ -n "$(find "${sources[@]}" Tools/fuzz.sh -newer "$binary" 2>/dev/null | head -n 1)" ]; then
  echo "== building fuzz target" >&2
  build_start=$SECONDS
  rm -f "$binary.tmp"
  set +e
  swiftc -sanitize=fuzzer,address -parse-as-library "${FUZZ_OPT:--O}" -g -num-threads 2 -module-name "$module" \
    "${sources[@]}" -o "$binary.tmp" > "$dir/build.log" 2>&1
  build_status=$?
  set -e
  # ld.gold warns about every ASan helper symbol; those lines are dropped.
  grep -v "Cannot export local symbol" "$dir/build.log" >&2 || true
  if [ "$build_status" -ne 0 ] || [ ! -x "$binary.tmp" ]; then
    echo "error: the fuzz target did not build" >&2
    exit 2
  fi
  mv "$binary.tmp" "$binary"
  echo "(fuzz target built in $((SECONDS - build_start))s)" >&2
fi

if [ "$target" = scanner ]; then
  # Seeds: every Swift file of the sample project and of the test fixtures.
  find Examples Tests/Fixtures -name '*.swift' 2>/dev/null |
    while IFS= read -r f; do cp "$f" "$dir/seeds/$(echo "$f" | tr '/' '_')"; done
else
  # Seeds: a session as an editor sends it (each message framed), and a few damaged streams.
  frame() { printf 'Content-Length: %d\r\n\r\n%s' "$(printf '%s' "$1" | wc -c)" "$1"; }
  text="$(sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' Examples/ShopApp/Features/Legacy/OrdersView.swift | awk '{printf "%s\\n", $0}')"
  uri='file:///tmp/Shop%20App/OrdersView.swift'
  {
    frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"file:///tmp/Shop%20App","capabilities":{}}}'
    frame '{"jsonrpc":"2.0","method":"initialized","params":{}}'
    frame "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"$uri\",\"languageId\":\"swift\",\"version\":1,\"text\":\"$text\"}}}"
    frame "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":{\"uri\":\"$uri\",\"version\":2},\"contentChanges\":[{\"range\":{\"start\":{\"line\":4,\"character\":5},\"end\":{\"line\":4,\"character\":19}},\"text\":\"StateObject 😀\"}]}}"
    frame "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/codeAction\",\"params\":{\"textDocument\":{\"uri\":\"$uri\"},\"range\":{\"start\":{\"line\":4,\"character\":0},\"end\":{\"line\":4,\"character\":0}},\"context\":{\"diagnostics\":[]}}}"
    frame '{"jsonrpc":"2.0","id":3,"method":"shutdown"}'
    frame '{"jsonrpc":"2.0","method":"exit"}'
  } > "$dir/seeds/session"
  printf 'Content-Length: 10\r\n\r\n{"id":1,"method":"x"}Content-Length: 2\r\n\r\n{}' > "$dir/seeds/short-length"
  printf 'Content-Type: x\r\n\r\ngarbage\r\ncontent-length:7\n\n[1,2,3]' > "$dir/seeds/resync"
  printf 'line one\r\nline two\rline three\n😀 e\xcc\x81' > "$dir/seeds/text"
  printf 'file://localhost/a/b%%20c/../d.swift' > "$dir/seeds/uri"
fi

log="$dir/fuzz.log"
set +e
# libFuzzer's own handler reports a crash (with the sanitizer's stack) and writes the input; the
# Swift runtime's backtracer would take the signal first and trip the sanitizer while reading memory.
SWIFT_BACKTRACE=enable=no "$binary" "$dir/corpus" "$dir/seeds" \
  -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=65536 -dict="$dict" \
  -artifact_prefix="$dir/artifacts/" -print_final_stats=1 "$@" > "$log" 2>&1
status=$?
set -e
# The progress lines and final statistics; the whole log when something was found.
grep -E "INITED|DONE|pulse|stat::" "$log" | tail -n 12
if [ "$status" -ne 0 ]; then
  # The report without libFuzzer's progress lines, then each input found, so that a run
  # elsewhere (CI) can be reproduced from its log: `base64 -d > input; $binary input`.
  grep -vE "^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|INITED|RELOAD)" "$log" | tail -n 150
  for a in "$dir"/artifacts/*; do
    [ -f "$a" ] || continue
    echo "== input $(basename "$a") ($(wc -c < "$a") bytes), base64:"
    head -c 65536 "$a" | base64
  done
  echo "fuzzing found a problem (exit status $status); see $log and $dir/artifacts" >&2
  exit 1
fi
