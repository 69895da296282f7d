#!/usr/bin/env bash
# Builds Tests/Fixtures/PluginSample, which lints itself with mvilint's build-tool plugin, and runs the command plugin.
#
# Checks that the sample's finding appears in the build output as a warning, that the build
# still succeeds (warnings never fail it), and that `swift package mvilint` prints the same
# finding and fails with --strict. The sample builds mvilint again (debug) in its own scratch
# directory (MVILINT_PLUGIN_SCRATCH, default: a temporary directory).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
sample="$repo/Tests/Fixtures/PluginSample"
scratch="${MVILINT_PLUGIN_SCRATCH:-$(mktemp -d)/build}"
logs="$(mktemp -d)"
expected='PluginSampleCounterModel.swift:9:16: warning: `count` is observable state of `PluginSampleCounterModel` but can be set from outside it'

fail() { echo "plugin_sample: $*" >&2; exit 1; }

start=$(date +%s)
if ! swift build --package-path "$sample" --scratch-path "$scratch" > "$logs/build.txt" 2>&1; then
  cat "$logs/build.txt"; fail "swift build of the sample failed"
fi
built=$(date +%s)
grep -F -- "$expected" "$logs/build.txt" | grep -q -F "(state_private_set)" \
  || { cat "$logs/build.txt"; fail "the build output does not show the finding"; }
grep -q "Linting PluginSample with mvilint" "$logs/build.txt" || fail "the build did not run the plugin's command"
echo "plugin_sample: build-tool plugin reported the finding; build succeeded in $((built - start))s"

if ! swift package --package-path "$sample" --scratch-path "$scratch" mvilint > "$logs/command.txt" 2>&1; then
  cat "$logs/command.txt"; fail "swift package mvilint failed on warnings only"
fi
grep -q -F -- "$expected" "$logs/command.txt" || { cat "$logs/command.txt"; fail "the command plugin did not print the finding"; }
if swift package --package-path "$sample" --scratch-path "$scratch" mvilint --strict > "$logs/strict.txt" 2>&1; then
  cat "$logs/strict.txt"; fail "swift package mvilint --strict passed despite a warning"
fi
echo "plugin_sample: command plugin ok ($(( $(date +%s) - built ))s)"
