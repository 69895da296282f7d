#!/usr/bin/env python3
"""Compare two corpus runs of mvilint (see run.sh), or count the findings of one run.

  compare.py OLD_OUTDIR NEW_OUTDIR [--limit N]   findings added and removed, per rule
  compare.py --counts OUTDIR                     findings per rule (and severity) of one run

--exclude FILE leaves out the repositories that FILE lists (first word of a line, owner/name),
for instance repositories labelled by hand whose mvilint output labellers must not see.

A repository is identical when its JSON output is byte for byte the same in both runs. For the
others the findings are diffed as multisets of (path, line, column, rule, severity, message,
notes), with paths relative to the repository; then the fixes (the `fix` object of a finding,
its safety) of the findings that both runs report: per rule, how many findings had a fix in each
run, and the findings that gained or lost one. Exit status 1 if any repository differs.
"""
import argparse
import collections
import json
import os
import sys


EXCLUDED = set()


def read_excluded(path):
    """The keys (owner+name) of the repositories listed in path."""
    with open(path, encoding="utf-8") as f:
        return {line.split()[0].replace("/", "+") for line in f
                if line.strip() and not line.startswith("#") and "/" in line.split()[0]}


def outputs(outdir):
    """The repository keys (owner+name) that have a JSON output in outdir, less the excluded."""
    return sorted(name[:-5] for name in os.listdir(outdir)
                  if name.endswith(".json") and not name.startswith("_")
                  and name[:-5] not in EXCLUDED)


def relative(path, key):
    """The path inside the repository: what follows /<owner>+<name>/ in an absolute path."""
    marker = "/" + key + "/"
    return path.split(marker, 1)[1] if marker in path else path


def load(outdir, key):
    """(findings, diagnostics, fixes) of one repository, or None when its output is not JSON.
    fixes maps each finding that has a fix to the fix's safety (a list, for findings reported twice)."""
    try:
        with open(os.path.join(outdir, key + ".json"), encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError):
        return None
    findings = []
    fixes = collections.defaultdict(list)
    for d in report.get("findings", []):
        notes = tuple(f"{relative(n['file'], key)}:{n['line']}:{n['column']}: {n['message']}"
                      for n in d.get("notes", []))
        finding = (relative(d["file"], key), d["line"], d["column"], d["rule"],
                   d["severity"], d["message"], notes)
        findings.append(finding)
        if d.get("fix"):
            fixes[finding].append(d["fix"].get("safety", "safe"))
    # Paths are absolute, or relative to the repository's directory (where run.sh runs mvilint).
    diagnostics = [json.dumps(dict(x, file=relative(x.get("file", ""), key)), sort_keys=True)
                   for x in report.get("diagnostics", [])]
    return findings, diagnostics, fixes


def read_bytes(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def compare(old_dir, new_dir, limit):
    keys = sorted(set(outputs(old_dir)) | set(outputs(new_dir)))
    added = collections.defaultdict(list)    # rule -> [(key, finding)]
    removed = collections.defaultdict(list)
    other = []                                # repositories that differ in something else
    fixes_old = collections.Counter()         # rule -> findings with a fix, among those both runs report
    fixes_new = collections.Counter()
    fix_lost = collections.defaultdict(list)  # rule -> [(key, finding)] that had a fix and have none
    fix_gained = collections.defaultdict(list)
    identical = 0
    for key in keys:
        old_bytes = read_bytes(os.path.join(old_dir, key + ".json"))
        new_bytes = read_bytes(os.path.join(new_dir, key + ".json"))
        if old_bytes is not None and old_bytes == new_bytes:
            identical += 1
            loaded = load(old_dir, key)
            for finding, safeties in (loaded[2].items() if loaded else []):
                fixes_old[finding[3]] += len(safeties)
                fixes_new[finding[3]] += len(safeties)
            continue
        if old_bytes is None or new_bytes is None:
            other.append(f"{key}: only in {'new' if old_bytes is None else 'old'} run")
            continue
        old, new = load(old_dir, key), load(new_dir, key)
        if old is None or new is None:
            other.append(f"{key}: output is not JSON in the {'old' if old is None else 'new'} run")
            continue
        old_count, new_count = collections.Counter(old[0]), collections.Counter(new[0])
        for finding in sorted((new_count - old_count).elements()):
            added[finding[3]].append((key, finding))
        for finding in sorted((old_count - new_count).elements()):
            removed[finding[3]].append((key, finding))
        fixes_differ = False
        for finding in old_count & new_count:
            before, after = len(old[2].get(finding, [])), len(new[2].get(finding, []))
            fixes_old[finding[3]] += before
            fixes_new[finding[3]] += after
            if before > after:
                fix_lost[finding[3]].append((key, finding))
            elif after > before:
                fix_gained[finding[3]].append((key, finding))
            fixes_differ = fixes_differ or sorted(old[2].get(finding, [])) != sorted(new[2].get(finding, []))
        reasons = []
        if old[1] != new[1]:
            reasons.append(f"diagnostics {len(old[1])} -> {len(new[1])}")
        if old_count == new_count and not reasons:
            reasons.append("same findings, fixes differ" if fixes_differ else "same findings, other bytes (order, summary or format)")
        if reasons:
            other.append(f"{key}: " + "; ".join(reasons))

    for rule in sorted(set(added) | set(removed)):
        print(f"== {rule}: +{len(added[rule])} -{len(removed[rule])}")
        for sign, items in (("+", added[rule]), ("-", removed[rule])):
            for key, (path, line, col, _, severity, message, notes) in items[:limit]:
                print(f"  {sign} {key}/{path}:{line}:{col}: {severity}: {message}")
                for note in notes:
                    print(f"      note: {note}")
            if len(items) > limit:
                print(f"  {sign} … {len(items) - limit} more")
    for rule in sorted(set(fixes_old) | set(fixes_new)):
        if fixes_old[rule] == fixes_new[rule] and not fix_lost[rule] and not fix_gained[rule]:
            continue
        print(f"== fixes of {rule} (findings both runs report): {fixes_old[rule]} -> {fixes_new[rule]}, "
              f"{len(fix_lost[rule])} lost a fix, {len(fix_gained[rule])} gained one")
        for sign, items in (("-fix", fix_lost[rule]), ("+fix", fix_gained[rule])):
            for key, (path, line, col, _, severity, message, notes) in items[:limit]:
                print(f"  {sign} {key}/{path}:{line}:{col}: {message}")
            if len(items) > limit:
                print(f"  {sign} … {len(items) - limit} more")
    for line in other:
        print(f"!! {line}")
    total_added = sum(map(len, added.values()))
    total_removed = sum(map(len, removed.values()))
    print(f"findings: +{total_added} -{total_removed}")
    print(f"identical: {identical} of {len(keys)} repositories")
    return identical == len(keys)


def counts(outdir):
    by_rule = collections.Counter()
    by_severity = collections.Counter()
    repos = collections.Counter()
    fixable = collections.Counter()
    unreadable = []
    keys = outputs(outdir)
    left_out = sum(1 for name in os.listdir(outdir) if name[:-5] in EXCLUDED and name.endswith(".json"))
    for key in keys:
        loaded = load(outdir, key)
        if loaded is None:
            unreadable.append(key)
            continue
        for finding in loaded[0]:
            by_rule[finding[3]] += 1
            by_severity[(finding[3], finding[4])] += 1
        for finding, safeties in loaded[2].items():
            fixable[finding[3]] += len(safeties)
        for rule in {finding[3] for finding in loaded[0]}:
            repos[rule] += 1
    print(f"{'rule':34} {'findings':>8} {'errors':>7} {'warnings':>8} {'repos':>6} {'fixes':>6}")
    for rule, n in sorted(by_rule.items(), key=lambda item: (-item[1], item[0])):
        print(f"{rule:34} {n:8} {by_severity[(rule, 'error')]:7} "
              f"{by_severity[(rule, 'warning')]:8} {repos[rule]:6} {fixable[rule]:6}")
    print(f"{'total':34} {sum(by_rule.values()):8} in {len(keys)} repositories, {sum(fixable.values())} with a fix"
          + (f", {left_out} left out by --exclude" if left_out else ""))
    for key in unreadable:
        print(f"!! {key}: output is not JSON")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="*", metavar="OUTDIR")
    parser.add_argument("--counts", metavar="OUTDIR", help="print findings per rule of one run")
    parser.add_argument("--exclude", metavar="FILE",
                        help="leave out the repositories listed in FILE (owner/name a line)")
    parser.add_argument("--limit", type=int, default=20,
                        help="findings listed per rule and direction (default 20)")
    args = parser.parse_args()
    if args.exclude:
        EXCLUDED.update(read_excluded(args.exclude))
    if args.counts:
        counts(args.counts)
        return 0
    if len(args.dirs) != 2:
        parser.error("give OLD_OUTDIR and NEW_OUTDIR, or --counts OUTDIR")
    return 0 if compare(args.dirs[0], args.dirs[1], args.limit) else 1


if __name__ == "__main__":
    sys.exit(main())
