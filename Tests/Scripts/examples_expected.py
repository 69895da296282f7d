#!/usr/bin/env python3
"""Checks that mvilint reports exactly the findings Examples/EXPECTED.md lists, under both profiles.

Usage: examples_expected.py path/to/mvilint

Rows whose "Reported at" says "only when enabled" are expected under `--profile mvi` only;
rows that say "only with `--only-rule layer_dependency`" are checked with exactly that option.
Exit status 1 with the missing and unexpected findings listed when the two differ.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APP = os.path.join(ROOT, "Examples", "ShopApp")


def expected_rows():
    rows = []
    row = re.compile(r"^\| `([^`]+)` \| (\d+) \| `([a-z_]+)` \| (.*) \|$")
    with open(os.path.join(ROOT, "Examples", "EXPECTED.md"), encoding="utf-8") as f:
        for line in f:
            m = row.match(line.strip())
            if m:
                note = m.group(4)
                kind = "layers" if "only with `--only-rule" in note else "optional" if "only when enabled" in note else "default"
                rows.append((m.group(1), int(m.group(2)), m.group(3), kind))
    return rows


def reported(binary, profile, extra=()):
    run = subprocess.run([binary, "lint", "Examples", "--quiet", "--reporter", "json", "--profile", profile, *extra],
                         cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 1:
        if not (extra and run.returncode == 0):
            sys.exit(f"examples_expected: expected exit status 1 with --profile {profile}, got {run.returncode}\n{run.stderr}")
    data = json.loads(run.stdout)
    findings = data["findings"] if isinstance(data, dict) else data
    # Paths are relative to the directory the binary ran in (ROOT), or absolute outside it.
    return sorted((os.path.relpath(os.path.join(ROOT, f["file"]), APP), f["line"], f["rule"]) for f in findings)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    rows = expected_rows()
    if len(rows) < 10:
        sys.exit(f"examples_expected: only {len(rows)} rows read from Examples/EXPECTED.md")
    failed = False
    runs = (("mvvm", {"default"}, ()), ("mvi", {"default", "optional"}, ()),
            ("mvvm", {"layers"}, ("--only-rule", "layer_dependency")))
    for profile, kinds, extra in runs:
        want = sorted((p, l, r) for p, l, r, kind in rows if kind in kinds)
        got = reported(sys.argv[1], profile, extra)
        label = " ".join(("--profile", profile) + extra)
        missing = [w for w in want if w not in got]
        unexpected = [g for g in got if g not in want]
        for m in missing:
            print(f"examples_expected: {label}: missing {m[0]}:{m[1]} ({m[2]})")
        for u in unexpected:
            print(f"examples_expected: {label}: unexpected {u[0]}:{u[1]} ({u[2]})")
        failed = failed or bool(missing or unexpected)
        if not missing and not unexpected:
            print(f"examples_expected: {label}: exactly the {len(want)} findings of EXPECTED.md")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
