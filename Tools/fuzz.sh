#!/usr/bin/env bash
# Builds the libFuzzer target for the scanner and structure pass and runs it for SECONDS seconds.
# Usage: Tools/fuzz.sh SECONDS [libFuzzer options...]
# Environment: FUZZ_DIR (build, corpus and crash directory, default .build/fuzz), FUZZ_OPT
# (optimization flag, default -O). Exit status 1 when libFuzzer finds a crash, a hang, a sanitizer
# report or a broken invariant; the input is then in $FUZZ_DIR/artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:?usage: Tools/fuzz.sh SECONDS [libFuzzer options...]}"
shift
dir="${FUZZ_DIR:-$PWD/.build/fuzz}"
mkdir -p "$dir/corpus" "$dir/seeds" "$dir/artifacts"
binary="$dir/scanner-fuzz"

# The target is compiled into the MVILintCore module with every source of that module.
sources=()
while IFS= read -r f; do sources+=("$f"); done < <(find Sources/MVILintCore -name '*.swift' | sort)
sources+=(Tools/Fuzz/FuzzTarget.swift)
# Rebuild only when a source (or this script) is newer than the binary.
if [ ! -x "$binary" ] || [ -n "$(find "${sources[@]}" Tools/fuzz.sh -newer "$binary" 2>/dev/null | head -n 1)" ]; then
  echo "== building fuzz target" >&2
  build_start=$SECONDS
  rm -f "$binary.tmp"
  set +e
  swiftc -sanitize=fuzzer,address -parse-as-library "${FUZZ_OPT:--O}" -g -num-threads 2 -module-name MVILintCore \
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

# Seeds: every Swift file of the sample project and of the test fixtures.
find Examples Tests/Fixtures -name '*.swift' 2>/dev/null |
  while IFS= read -r f; do cp "$f" "$dir/seeds/$(echo "$f" | tr '/' '_')"; done

log="$dir/fuzz.log"
set +e
# libFuzzer's own handler reports a crash (with the sanitizer's stack) and writes the input; the
# Swift runtime's backtracer would take the signal first and trip the sanitizer while reading memory.
SWIFT_BACKTRACE=enable=no "$binary" "$dir/corpus" "$dir/seeds" \
  -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=65536 -dict=Tools/Fuzz/swift.dict \
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
