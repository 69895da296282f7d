#!/usr/bin/env bash
# Benchmarks mvilint (release build) on generated SwiftUI projects and prints Markdown tables.
#
# Usage: Benchmarks/run.sh [SIZE ...]        (default sizes: 1000 10000 100000)
# Environment:
#   WORKDIR  where projects and the build go (default /tmp/mvilint-bench; never the repository)
#   BUILDDIR the release build's scratch path (default $WORKDIR/build)
#   SEED     generator seed (default 1)
#   RUNS     runs per measurement, the fastest is reported (default 3)
#   STATIC   1 (default): link the Swift runtime statically on Linux, as a release does; 0: not
#   BIN      an mvilint binary to measure instead of the one built here
#   BIG_MB   size of the large single-file case (default 50; 0 skips it and the 20 MB line)
#
# For each size: wall time, files/s, MB/s, peak RSS (`/usr/bin/time -v`), the wall-clock split
# between finding the files, reading, scanning, indexing and checking (`--timings`), the `cat` floor over the same
# files (warm cache), and mvilint's cost relative to it. Then the time to lint 5 files of the
# 10 000-file project with the project-wide index, and one very large file.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORKDIR:-/tmp/mvilint-bench}
SEED=${SEED:-1}
RUNS=${RUNS:-3}
BIG_MB=${BIG_MB:-50}
BUILD=${BUILDDIR:-$WORK/build}
SIZES=("$@")
[ ${#SIZES[@]} -eq 0 ] && SIZES=(1000 10000 100000)
mkdir -p "$WORK"

# On Linux the Swift runtime is linked statically, as in a release (`--static-swift-stdlib`):
# a process then starts in about a third of the time (STATIC=0 builds against the toolchain's
# shared libraries instead).
STATIC_FLAG=()
if [ "$(uname -s)" = Linux ] && [ "${STATIC:-1}" = 1 ]; then STATIC_FLAG=(--static-swift-stdlib); fi
if [ -z "${BIN:-}" ]; then
    echo "Building mvilint (release)..." >&2
    swift build -c release --package-path "$ROOT" --scratch-path "$BUILD" ${STATIC_FLAG[@]+"${STATIC_FLAG[@]}"} --product mvilint >&2
    BIN=$(swift build -c release --package-path "$ROOT" --scratch-path "$BUILD" ${STATIC_FLAG[@]+"${STATIC_FLAG[@]}"} --show-bin-path)/mvilint
fi

now() { date +%s.%N; }

# project DIR SIZE: generates the project once (a marker file records a complete run).
project() {
    local dir=$1 size=$2
    if [ ! -f "$dir/.generated-$SEED" ]; then
        rm -rf "$dir"
        python3 "$ROOT/Benchmarks/generate.py" "$size" "$dir" --seed "$SEED" >&2
        touch "$dir/.generated-$SEED"
    fi
}

# best_cat DIR: fastest wall time of reading every Swift file with cat (the I/O floor).
best_cat() {
    local dir=$1 best="" t0 t1 t
    find "$dir" -name '*.swift' -print0 | xargs -0 cat > /dev/null   # warm the page cache
    for _ in $(seq "$RUNS"); do
        t0=$(now)
        find "$dir" -name '*.swift' -print0 | xargs -0 cat > /dev/null
        t1=$(now)
        t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
        best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
    done
    echo "$best"
}

# warm DIR: reads every Swift file under DIR once, so that runs are timed on a warm page cache
# like the `cat` floor (this machine's cache does not always keep a large project between runs).
warm() { find "$1" -name '*.swift' -print0 | xargs -0 cat > /dev/null; }

# best_lint DIR ARGS...: runs `mvilint lint --timings ARGS` RUNS times, each on a warm cache of
# DIR; prints "wall rss_kb timings-line" of the fastest run.
best_lint() {
    local best="" best_line="" t0 t1 t err warmdir=$1
    shift
    err=$(mktemp)
    for _ in $(seq "$RUNS"); do
        warm "$warmdir"
        t0=$(now)
        /usr/bin/time -v "$BIN" lint --quiet --timings "$@" > /dev/null 2> "$err" || true
        t1=$(now)
        t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
        local rss timings
        rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$err")
        timings=$(grep '^Timings:' "$err" || echo "Timings: n/a")
        if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best=$t
            best_line="$t $rss $timings"
        fi
    done
    rm -f "$err"
    echo "$best_line"
}

# phase NAME TIMINGS: the seconds of one phase from a `Timings:` line.
phase() { echo "$2" | sed -E "s/.* $1 ([0-9.]+)s.*/\1/"; }

echo
echo "mvilint $("$BIN" --version), $(nproc) cores, best of $RUNS runs, seed $SEED"
echo
echo "| Files | MB | Wall (s) | Files/s | MB/s | Peak RSS (MB) | Find | Read | Scan | Index | Check | cat floor (s) | × cat | ms per MB |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for size in "${SIZES[@]}"; do
    dir="$WORK/p$size"
    project "$dir" "$size"
    bytes=$(find "$dir" -name '*.swift' -print0 | xargs -0 cat | wc -c)
    files=$(find "$dir" -name '*.swift' | wc -l)
    floor=$(best_cat "$dir")
    read -r wall rss timings <<< "$(best_lint "$dir" "$dir")"
    awk -v n="$files" -v b="$bytes" -v w="$wall" -v r="$rss" -v f="$floor" \
        -v fd="$(phase find "$timings")" -v rd="$(phase read "$timings")" -v sc="$(phase scan "$timings")" \
        -v ix="$(phase index "$timings")" -v ck="$(phase check "$timings")" 'BEGIN {
        mb = b / 1e6
        printf "| %d | %.1f | %.2f | %.0f | %.1f | %.0f | %.2f | %.2f | %.2f | %.2f | %.2f | %.3f | %.1f | %.1f |\n",
            n, mb, w, n / w, mb / w, r / 1024, fd, rd, sc, ix, ck, f, w / f, 1000 * w / mb }'
done

if [ -d "$WORK/p10000" ]; then
    # Five files of one feature of the 10 000-file project: the whole project is still indexed.
    mapfile -t five < <(find "$WORK/p10000/Sources/Module10" -name '*.swift' | sort | head -5)
    read -r wall rss timings <<< "$(best_lint "$WORK/p10000" "${five[@]}")"
    echo
    echo "| Lint 5 files of the 10 000-file project | Wall (s) | Peak RSS (MB) |"
    echo "|---|---:|---:|"
    awk -v w="$wall" -v r="$rss" 'BEGIN { printf "| `mvilint lint f1 … f5` (index over all files) | %.2f | %.0f |\n", w, r / 1024 }'
fi

if [ "$BIG_MB" -gt 0 ]; then
    # Hostile sizes: one large file of realistic models and views (generated code can be this
    # big), and one 20 MB line.
    big="$WORK/big$BIG_MB" line="$WORK/line20"
    if [ ! -f "$big/Huge.swift" ] || [ ! -f "$line/Wide.swift" ]; then
        mkdir -p "$big" "$line"
        python3 - "$big/Huge.swift" "$BIG_MB" "$line/Wide.swift" <<'EOF'
import sys
path, mb, wide = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(path, "w") as out:
    size, k = 0, 0
    while size < mb << 20:
        chunk = (f"@MainActor\nfinal class Model{k}: ObservableObject {{\n    @Published var items: [String] = []\n"
                 f"    @Published private(set) var isLoading = false\n    func load() async {{\n        isLoading = true\n"
                 f"        defer {{ isLoading = false }}\n        items = (0..<10).map {{ \"item \\($0) of {k}\" }}\n    }}\n}}\n"
                 f"struct Screen{k}: View {{\n    @StateObject private var model = Model{k}()\n    var body: some View {{\n"
                 f"        List(model.items, id: \\.self) {{ Text($0) }}\n            .task {{ await model.load() }}\n    }}\n}}\n\n")
        out.write(chunk)
        size += len(chunk)
        k += 1
with open(wide, "w") as out:
    out.write("final class Wide: ObservableObject { let values = [" + "1, " * (20_000_000 // 3) + "]; @Published var tail = 0 }\n")
EOF
    fi
    echo
    echo "| Single file | MB | Wall (s) | MB/s | Peak RSS (MB) |"
    echo "|---|---:|---:|---:|---:|"
    for f in "$big/Huge.swift" "$line/Wide.swift"; do
        read -r wall rss timings <<< "$(best_lint "$(dirname "$f")" "$(dirname "$f")")"
        awk -v name="$(basename "$f")" -v b="$(wc -c < "$f")" -v w="$wall" -v r="$rss" 'BEGIN {
            printf "| `%s` | %.1f | %.2f | %.1f | %.0f |\n", name, b / 1e6, w, b / 1e6 / w, r / 1024 }'
    done
fi
