#!/usr/bin/env bash
# Differential check of the scanner and structure pass against SwiftParser over directories.
# Usage: Tools/oracle.sh [--quiet] [--limit N] DIR...   (exit status 1 on any disagreement)
# Builds Tools/ScannerOracle once (incrementally) in $ORACLE_SCRATCH_PATH, default Tools/ScannerOracle/.build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ "$#" -eq 0 ]; then
  echo "usage: Tools/oracle.sh [--quiet] [--limit N] DIR..." >&2
  exit 2
fi
oracle="$("$here/ScannerOracle/build.sh")"
exec "$oracle" "$@"
