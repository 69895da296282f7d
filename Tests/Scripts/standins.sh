#!/bin/sh
# Builds the stand-in modules of Tests/StandIns (Combine, UIKit, then SwiftUI, which re-exports
# Combine, UIKit and the toolchain's own Observation, then ComposableArchitecture) and the macro
# plugin that expands their macros into DIR, for type-checking SwiftUI code without Apple's SDKs:
#
#   Tests/Scripts/standins.sh /tmp/standins
#   xargs swiftc -typecheck MyView.swift MyModel.swift < /tmp/standins/flags
#
# DIR/flags holds the compiler arguments that use them, one a line: the search path, the macro
# plugin and, on Linux, an implicit import of FoundationOverlay (what Apple's Foundation has and
# Linux's lacks: URLSession and its types, Combine's ObservableObject and Published). SWIFTC names the compiler (default: swiftc). Exit status 2
# on bad usage, 1 when a module does not compile (the compiler's messages are printed).
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

# The macros of the modules (#Preview, @Reducer, @ObservableState) are expanded by one plugin
# executable, which serves the modules the real macros live in.
plugin="$out/StandInMacros#PreviewsMacros,ComposableArchitectureMacros"
# shellcheck disable=SC2086
"$swiftc" $extra -o "$out/StandInMacros" "$here/Macros"/*.swift

build() {
    module=$1
    # shellcheck disable=SC2086
    "$swiftc" -parse-as-library -emit-module -module-name "$module" -I "$out" $extra \
        -load-plugin-executable "$plugin" \
        -emit-module-path "$out/$module.swiftmodule" "$here/$module"/*.swift
}

build Combine
# What Apple's Foundation has and Linux's lacks (imported into every file by the flags).
if [ "$(uname)" != "Darwin" ]; then
    build FoundationOverlay
fi
build UIKit
build SwiftUI
build ComposableArchitecture

{
    echo "-I"
    echo "$out"
    echo "-load-plugin-executable"
    echo "$plugin"
    if [ "$(uname)" != "Darwin" ]; then
        printf '%s\n' -Xfrontend -import-module -Xfrontend FoundationOverlay
    fi
} > "$out/flags"
echo "$out"
