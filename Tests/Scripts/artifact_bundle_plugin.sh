#!/usr/bin/env bash
# mvilint's plugins served by a prebuilt binary: Tests/Fixtures/BinaryPluginSample, whose
# `mvilint` is a binary target pointing at the artifact bundle that Tools/release.sh writes.
#
# Usage: artifact_bundle_plugin.sh [path/to/mvilint-VERSION.artifactbundle]
#        (default: the one bundle in .build/dist)
#
# Copies the sample, mvilint's Plugins/ and the bundle into a temporary directory, then checks
# that `swift build` runs the build-tool plugin with the bundle's executable (not one built from
# source: the sample depends on no mvilint source, and the verbose build log shows the command
# it ran), that its finding appears as a warning while the build succeeds, and that
# `swift package mvilint` prints the finding and fails with --strict.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
bundle="${1:-}"
if [ -z "$bundle" ]; then
  shopt -s nullglob
  found=("$repo"/.build/dist/mvilint-*.artifactbundle)
  shopt -u nullglob
  [ "${#found[@]}" -eq 1 ] || { echo "artifact_bundle_plugin: expected one bundle in .build/dist (run Tools/release.sh), found ${#found[@]}" >&2; exit 1; }
  bundle="${found[0]}"
fi
fail() { echo "artifact_bundle_plugin: $*" >&2; exit 1; }
[ -f "$bundle/info.json" ] || fail "no info.json in $bundle"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sample="$work/BinaryPluginSample"
cp -R "$repo/Tests/Fixtures/BinaryPluginSample" "$sample"
cp -R "$repo/Plugins" "$sample/Plugins"
cp -R "$bundle" "$sample/mvilint.artifactbundle"
logs="$work/logs"
mkdir -p "$logs"
expected='BinaryPluginSampleModel.swift:9:16: warning: `theme` is observable state of `BinaryPluginSampleModel` but can be set from outside it'

start=$(date +%s)
if ! swift build --package-path "$sample" -v > "$logs/build.txt" 2>&1; then
  cat "$logs/build.txt"; fail "swift build of the sample failed"
fi
built=$(date +%s)
grep -F -- "$expected" "$logs/build.txt" | grep -q -F "(state_private_set)" \
  || { cat "$logs/build.txt"; fail "the build output does not show the finding"; }
# The plugin's command runs the bundle's executable (SwiftPM may name the bundle by its copy
# under .build/artifacts or by its path in the package).
grep -E -q "mvilint\.artifactbundle/[^ ]*/bin/mvilint lint " "$logs/build.txt" \
  || { grep -n "mvilint" "$logs/build.txt" | head -20; fail "the plugin did not run the artifact bundle's mvilint"; }
if grep -E -q "Compiling (mvilint|MVILintCore|MVILintRules) " "$logs/build.txt"; then fail "mvilint was compiled from source"; fi
echo "artifact_bundle_plugin: the build-tool plugin ran the bundle's mvilint and reported the finding; build succeeded in $((built - start))s"

if ! swift package --package-path "$sample" mvilint > "$logs/command.txt" 2>&1; then
  cat "$logs/command.txt"; fail "swift package mvilint failed on warnings only"
fi
grep -q -F -- "$expected" "$logs/command.txt" || { cat "$logs/command.txt"; fail "the command plugin did not print the finding"; }
if swift package --package-path "$sample" mvilint --strict > "$logs/strict.txt" 2>&1; then
  cat "$logs/strict.txt"; fail "swift package mvilint --strict passed despite a warning"
fi
echo "artifact_bundle_plugin: command plugin ok ($(( $(date +%s) - built ))s)"
