#!/usr/bin/env bash
# Lints every extracted corpus repository with one mvilint binary.
#   Tools/Corpus/run.sh BINARY OUTDIR     (CORPUS, MANIFEST, JOBS=2, TIMEOUT=60 override)
# Writes OUTDIR/<owner>+<name>.json (standard output of `BINARY lint --reporter json --quiet`,
# run from inside the repository's directory), OUTDIR/<owner>+<name>.stderr, and
# OUTDIR/_status.tsv (repo, exit status, wall seconds, outcome). Lists crashes, timeouts and
# exit statuses other than 0 and 1 at the end, and exits 1 if there were any.
set -uo pipefail

if (($# != 2)); then echo "usage: $0 BINARY OUTDIR" >&2; exit 2; fi
here=$(cd "$(dirname "$0")" && pwd)
export BIN=$(realpath "$1")
mkdir -p "$2" && export OUT=$(cd "$2" && pwd)
export CORPUS=${CORPUS:-/work/corpus} TIMEOUT=${TIMEOUT:-60}
manifest=${MANIFEST:-$here/manifest.tsv}
[[ -x $BIN ]] || { echo "not an executable: $BIN" >&2; exit 2; }

lint_one() {
    local key=$1 start rc secs outcome
    if [[ ! -f $CORPUS/$key/.corpus-commit ]]; then
        printf '%s\t-\t-\tnot extracted\n' "$key" >>"$OUT/_status.tsv"; return
    fi
    start=$(date +%s%N)
    (cd "$CORPUS/$key" && exec timeout -k 5 "$TIMEOUT" "$BIN" lint --reporter json --quiet) \
        >"$OUT/$key.json" 2>"$OUT/$key.stderr"
    rc=$?
    secs=$(( ($(date +%s%N) - start) / 1000000 ))
    case $rc in
        0|1) outcome=ok ;;
        124) outcome="timeout after ${TIMEOUT}s" ;;
        2) outcome="exit 2 (usage, input or internal error)" ;;
        *) if ((rc == 137 && secs >= TIMEOUT * 1000)); then outcome="timeout after ${TIMEOUT}s (killed)"
           elif ((rc > 128)); then outcome="CRASH: signal $((rc - 128))"; else outcome="exit $rc"; fi ;;
    esac
    # One short line per append, so lines from parallel jobs do not interleave.
    printf '%s\t%s\t%d.%03d\t%s\n' "$key" "$rc" $((secs / 1000)) $((secs % 1000)) "$outcome" >>"$OUT/_status.tsv"
}
export -f lint_one

rm -f "$OUT/_status.tsv"
start=$(date +%s)
tail -n +2 "$manifest" | cut -f1 | tr / + | xargs -P "${JOBS:-2}" -I{} bash -c 'lint_one "$1"' _ {}
elapsed=$(( $(date +%s) - start ))

{ printf 'repo\texit\tseconds\toutcome\n'; LC_ALL=C sort "$OUT/_status.tsv"; } >"$OUT/_status.tmp"
mv "$OUT/_status.tmp" "$OUT/_status.tsv"
echo "linted $(grep -c $'\tok$' "$OUT/_status.tsv") repositories ok in ${elapsed}s with $BIN into $OUT"
bad=$(tail -n +2 "$OUT/_status.tsv" | awk -F'\t' '$4 != "ok"')
if [[ -n $bad ]]; then
    echo "NOT OK (crash, timeout, exit status other than 0/1, or not extracted):"
    while IFS=$'\t' read -r key rc secs outcome; do
        echo "  $key: $outcome ($secs s) $(head -c 300 "$OUT/$key.stderr" 2>/dev/null | head -1)"
    done <<<"$bad"
    exit 1
fi
