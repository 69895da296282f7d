#!/usr/bin/env python3
"""Checks that mvilint reports exactly the findings Examples/EXPECTED.md lists, under both profiles.

Usage: examples_expected.py path/to/mvilint

Rows whose "Reported at" says "only when enabled" are expected under `--profile mvi` only.
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
                rows.append((m.group(1), int(m.group(2)), m.group(3), "only when enabled" in m.group(4)))
    return rows


def reported(binary, profile):
    run = subprocess.run([binary, "lint", "Examples", "--quiet", "--reporter", "json", "--profile", profile],
                         cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 1:
        sys.exit(f"examples_expected: expected exit status 1 with --profile {profile}, got {run.returncode}\n{run.stderr}")
    data = json.loads(run.stdout)
    findings = data["findings"] if isinstance(data, dict) else data
    return sorted((os.path.relpath(f["file"], APP), f["line"], f["rule"]) for f in findings)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    rows = expected_rows()
    if len(rows) < 10:
        sys.exit(f"examples_expected: only {len(rows)} rows read from Examples/EXPECTED.md")
    failed = False
    for profile, with_optional in (("mvvm", False), ("mvi", True)):
        want = sorted((p, l, r) for p, l, r, optional in rows if with_optional or not optional)
        got = reported(sys.argv[1], profile)
        missing = [w for w in want if w not in got]
        unexpected = [g for g in got if g not in want]
        for m in missing:
            print(f"examples_expected: --profile {profile}: missing {m[0]}:{m[1]} ({m[2]})")
        for u in unexpected:
            print(f"examples_expected: --profile {profile}: unexpected {u[0]}:{u[1]} ({u[2]})")
        failed = failed or bool(missing or unexpected)
        if not missing and not unexpected:
            print(f"examples_expected: --profile {profile}: exactly the {len(want)} findings of EXPECTED.md")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
