#!/bin/sh
# Builds the stand-in modules of Tests/StandIns (Combine, then SwiftUI, which re-exports Combine
# and the toolchain's own Observation) into DIR, for type-checking SwiftUI code without Apple's
# SDKs:
#
#   Tests/Scripts/standins.sh /tmp/standins
#   swiftc -typecheck -I /tmp/standins MyView.swift MyModel.swift
#
# SWIFTC names the compiler (default: swiftc). Exit status 2 on bad usage, 1 when a module does
# not compile (the compiler's messages are printed).
set -eu

if [ $# -ne 1 ]; then
    echo "Usage: $0 <output-directory>" >&2
    exit 2
fi
out=$1
here=$(cd "$(dirname "$0")/../StandIns" && pwd)
swiftc=${SWIFTC:-swiftc}
mkdir -p "$out"

# The toolchain's Observation module (with its @Observable macro) is used as it is.
probe="$out/.observation-probe.swift"
printf 'import Observation\n@Observable final class Probe { var value = 0 }\n' > "$probe"
if ! "$swiftc" -typecheck "$probe" >/dev/null 2>&1; then
    rm -f "$probe"
    echo "error: $swiftc cannot import Observation with its @Observable macro (Swift 5.9 or later is needed)" >&2
    exit 1
fi
rm -f "$probe"

# Apple platforms have the real modules: the stand-ins are built for macOS 14 only when asked to.
extra=""
if [ "$(uname)" = "Darwin" ]; then
    extra="-target $(uname -m)-apple-macos14.0"
fi

build() {
    module=$1
    # shellcheck disable=SC2086
    "$swiftc" -parse-as-library -emit-module -module-name "$module" -I "$out" $extra \
        -emit-module-path "$out/$module.swiftmodule" "$here/$module"/*.swift
}

build Combine
build SwiftUI
echo "$out"
