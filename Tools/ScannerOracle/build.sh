#!/usr/bin/env bash
# Builds the scanner oracle against the SwiftSyntax libraries shipped with the `swift` on PATH.
# Prints the path of the executable. Build directory: $ORACLE_SCRATCH_PATH, default Tools/ScannerOracle/.build.
set -euo pipefail
caller_dir="$PWD"
cd "$(dirname "$0")"

swift_bin="$(command -v swift)"
# On macOS `/usr/bin/swift` is a shim; the toolchain's own binary is where `xcrun` finds it.
if command -v xcrun > /dev/null 2>&1; then swift_bin="$(xcrun --find swift 2>/dev/null || echo "$swift_bin")"; fi
# Follow symbolic links by hand: `readlink -f` is not available everywhere (older macOS).
while [ -L "$swift_bin" ]; do
  target="$(readlink "$swift_bin")"
  case "$target" in /*) swift_bin="$target" ;; *) swift_bin="$(dirname "$swift_bin")/$target" ;; esac
done
HOST="$(cd "$(dirname "$swift_bin")/../lib/swift/host" 2>/dev/null && pwd)" || {
  echo "error: no lib/swift/host next to $swift_bin; the toolchain does not ship SwiftSyntax" >&2
  exit 2
}
if [ ! -e "$HOST/SwiftParser.swiftmodule" ]; then
  echo "error: $HOST has no SwiftParser.swiftmodule" >&2
  exit 2
fi

case "${ORACLE_SCRATCH_PATH:-}" in
  "") scratch="$PWD/.build" ;;
  /*) scratch="$ORACLE_SCRATCH_PATH" ;;
  *) scratch="$caller_dir/$ORACLE_SCRATCH_PATH" ;;
esac
configuration="${ORACLE_CONFIGURATION:-debug}"
mkdir -p "$scratch"
log="$scratch/oracle-build.log"
# The build log is shown only when the build fails.
if ! swift build -c "$configuration" --scratch-path "$scratch" \
  -Xswiftc -I"$HOST" -Xlinker -L"$HOST" -Xlinker -rpath -Xlinker "$HOST" > "$log" 2>&1; then
  cat "$log" >&2
  echo "error: the scanner oracle did not build" >&2
  exit 2
fi
echo "$(swift build -c "$configuration" --scratch-path "$scratch" --show-bin-path)/ScannerOracle"
