#!/usr/bin/env bash
# Builds a relocatable mvilint and packs it for release.
#
# Usage: Tools/release.sh [--output DIR] [--scratch-path DIR]
#
#   --output DIR        where the archives go (default: .build/dist)
#   --scratch-path DIR  SwiftPM's build directory (default: .build, so that .build/release/mvilint
#                       is then the relocatable binary and later steps can use it)
#
# On Linux: a release build with the Swift standard library, Foundation and Dispatch linked
# statically (--static-swift-stdlib). `ldd` must show no library of the toolchain (only the C
# and C++ runtime of the system), and the binary, copied into a fresh directory, must run with
# an empty environment (`env -i`: no PATH, no LD_LIBRARY_PATH), load nothing from the toolchain
# (LD_DEBUG), and report on a copy of Examples/ exactly what it reports with the usual environment.
# On macOS: a universal binary (arm64 and x86_64) that links only the system's libraries (the
# Swift runtime ships with macOS), checked with `otool -L` and run with `env -i` the same way.
#
# Writes into the output directory:
#   mvilint-VERSION-linux-x86_64.tar.gz     (or -linux-aarch64, or -macos-universal)
#       mvilint-VERSION-linux-x86_64/mvilint and README.md
#   mvilint-VERSION.artifactbundle/         a SwiftPM artifact bundle (schema 1.0) whose
#       info.json names the executable `mvilint` with one variant for this platform
#       (x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu, or both macOS triples)
#   mvilint-VERSION.artifactbundle.zip      the same, zipped, for `.binaryTarget(url:checksum:)`
#   SHA256SUMS                              sha256 of the archive and the zip (the zip's is
#                                           the checksum SwiftPM wants)
# VERSION is what the binary's --version prints (mvilintVersion, Sources/MVILintCore/Engine/Version.swift).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
output="$repo/.build/dist"
scratch="$repo/.build"
while [ "$#" -gt 0 ]; do
  case "$1" in
    --output) output="$2"; shift 2 ;;
    --output=*) output="${1#*=}"; shift ;;
    --scratch-path) scratch="$2"; shift 2 ;;
    --scratch-path=*) scratch="${1#*=}"; shift ;;
    -h|--help) sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "release: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
mkdir -p "$output"
output="$(cd "$output" && pwd)"
fail() { echo "release: $*" >&2; exit 1; }
step() { echo "release: $*"; }

# The toolchain's directory (…/usr), from the `swift` on PATH: nothing under it may be linked.
swift_bin="$(command -v swift)" || fail "no swift on PATH"
toolchain="$(cd "$(dirname "$(readlink -f "$swift_bin" 2>/dev/null || echo "$swift_bin")")/.." && pwd)"

os="$(uname -s)"
case "$os" in
  Linux)
    arch="$(uname -m)"
    case "$arch" in
      x86_64) triples='["x86_64-unknown-linux-gnu"]' ;;
      aarch64|arm64) arch=aarch64; triples='["aarch64-unknown-linux-gnu"]' ;;
      *) fail "unsupported architecture $arch" ;;
    esac
    platform="linux-$arch"
    step "building mvilint in release with the Swift runtime linked statically ($scratch)"
    swift build --package-path "$repo" --scratch-path "$scratch" -c release --product mvilint --static-swift-stdlib
    built="$scratch/release/mvilint"
    ;;
  Darwin)
    platform="macos-universal"
    triples='["arm64-apple-macosx", "x86_64-apple-macosx"]'
    step "building mvilint in release for arm64 and x86_64 ($scratch)"
    swift build --package-path "$repo" --scratch-path "$scratch" -c release --product mvilint --arch arm64 --arch x86_64
    built="$scratch/apple/Products/Release/mvilint"
    ;;
  *) fail "unsupported system $os" ;;
esac
[ -x "$built" ] || fail "no binary at $built"

version="$("$built" --version)"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]] || fail "unexpected version '$version'"
step "mvilint $version for $platform"

# What the binary links: nothing of the toolchain, only the system's own libraries.
if [ "$os" = Linux ]; then
  libraries="$(ldd "$built")"
  echo "$libraries" | sed 's/^/    /'
  if echo "$libraries" | grep -q "not found"; then fail "a library is missing"; fi
  if echo "$libraries" | grep -F -q "$toolchain/"; then fail "links libraries of the toolchain at $toolchain"; fi
  if echo "$libraries" | grep -E -q 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libicu'; then
    fail "links the Swift runtime, Foundation, Dispatch or ICU dynamically"
  fi
  if readelf -d "$built" | grep -E '(RUNPATH|RPATH)' | grep -F -q "$toolchain"; then fail "its run path names the toolchain"; fi
else
  libraries="$(otool -L "$built" | tail -n +2)"
  echo "$libraries" | sed 's/^/    /'
  archs="$(lipo -archs "$built")"
  [[ " $archs " == *" arm64 "* && " $archs " == *" x86_64 "* ]] || fail "not universal: $archs"
  # The Swift runtime is part of macOS (/usr/lib/swift); @rpath/libswift… resolves there.
  while read -r library _; do
    case "$library" in
      /usr/lib/*|/System/Library/*|@rpath/libswift*) ;;
      *) fail "links $library, which is not part of the system" ;;
    esac
  done <<< "$libraries"
fi

# A fresh directory, an empty environment: the binary and a copy of the example app only.
fresh="$(mktemp -d)"
trap 'rm -rf "$fresh"' EXIT
cp "$built" "$fresh/mvilint"
cp -R "$repo/Examples" "$fresh/Examples"
[ "$(cd "$fresh" && env -i ./mvilint --version)" = "$version" ] || fail "--version in a clean environment"
set +e
(cd "$fresh" && env -i ./mvilint lint --quiet Examples > "$fresh/clean.txt" 2> "$fresh/clean-err.txt")
status=$?
# The same files linted by the built binary in this script's own environment.
(cd "$fresh" && "$built" lint --quiet Examples > "$fresh/usual.txt" 2>&1)
set -e
[ "$status" -eq 1 ] || { cat "$fresh/clean-err.txt"; fail "lint Examples in a clean environment exited $status, expected 1"; }
[ -s "$fresh/clean.txt" ] || fail "lint Examples in a clean environment printed nothing"
cmp -s "$fresh/clean.txt" "$fresh/usual.txt" \
  || { diff "$fresh/usual.txt" "$fresh/clean.txt" | head -20; fail "the findings in a clean environment differ from those in this one"; }
if [ "$os" = Linux ]; then
  # What the dynamic loader actually opens at run time.
  loaded="$(cd "$fresh" && env -i LD_DEBUG=libs ./mvilint --version 2>&1 >/dev/null | grep -E 'calling init: ' | sed 's/.*calling init: //' | sort -u)"
  echo "$loaded" | sed 's/^/    loaded: /'
  if echo "$loaded" | grep -F -q "$toolchain/"; then fail "loads libraries of the toolchain at run time"; fi
fi
step "runs from a fresh directory with an empty environment: $(grep -c -E ': (error|warning): ' "$fresh/clean.txt") findings on a copy of Examples/, as in a full environment"

# The archive: one directory holding the binary (stripped of symbols on Linux) and the README.
name="mvilint-$version-$platform"
stage="$fresh/stage"
mkdir -p "$stage/$name"
cp "$built" "$stage/$name/mvilint"
[ "$os" = Linux ] && strip "$stage/$name/mvilint"
cp "$repo/README.md" "$stage/$name/README.md"
chmod 755 "$stage/$name/mvilint"
archive="$output/$name.tar.gz"
epoch="$(git -C "$repo" log -1 --format=%ct 2>/dev/null || date +%s)"
if tar --version 2>/dev/null | grep -q "GNU tar"; then
  # Reproducible: sorted names, no owner, the last commit's time.
  tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -cf - "$name" | gzip -n > "$archive"
else
  tar -C "$stage" -cf - "$name" | gzip -n > "$archive"
fi

# The artifact bundle: SwiftPM picks the variant whose triple matches the host.
bundle="$output/mvilint-$version.artifactbundle"
rm -rf "$bundle" "$bundle.zip"
variant="mvilint-$version-$platform/bin"
mkdir -p "$bundle/$variant"
cp "$stage/$name/mvilint" "$bundle/$variant/mvilint"
cat > "$bundle/info.json" <<EOF
{
  "schemaVersion": "1.0",
  "artifacts": {
    "mvilint": {
      "version": "$version",
      "type": "executable",
      "variants": [
        {
          "path": "$variant/mvilint",
          "supportedTriples": $triples
        }
      ]
    }
  }
}
EOF
(cd "$output" && rm -f "$(basename "$bundle").zip" && zip -q -r -X "$(basename "$bundle").zip" "$(basename "$bundle")")

if command -v sha256sum > /dev/null; then hash=(sha256sum); else hash=(shasum -a 256); fi
(cd "$output" && "${hash[@]}" "$(basename "$archive")" "$(basename "$bundle").zip" > SHA256SUMS)
step "wrote $archive ($(du -h "$archive" | cut -f1))"
step "wrote $bundle and $bundle.zip"
sed 's/^/    /' "$output/SHA256SUMS"
