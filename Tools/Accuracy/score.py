#!/usr/bin/env python3
"""Scores an mvilint build against the labelled accuracy set: precision and recall per rule.

Usage: Tools/Accuracy/score.py BINARY [--mirror DIR] [--work DIR] [--only owner/name,...]
                               [--show misses,false,unlabelled] [--json FILE]

Each repository of manifest.tsv is extracted at its pinned commit (the files mvilint reads) from a
local bare copy (MIRROR/<owner>+<name>/..., as the fetch tool leaves it; default /work/.mirror) into WORK
(default /tmp/mvilint-accuracy), linted with every rule enabled (`--only-rule` with every id but
`layer_dependency`, which needs a configured layer graph, and `unused_suppression`), and its
findings are matched with the labels by path, line and rule:

- a labelled violation with a finding there is a true positive, without one a miss;
- a labelled near miss with a finding there is a false positive, without one a true negative;
- a finding on no labelled line is counted as unlabelled (read them: each is either a violation
  the labels lack or a false positive).

Precision is TP / (TP + FP) and recall TP / (TP + misses), per rule and over all rules.
Exit status 0; 2 when a repository cannot be found or linted.
"""
import argparse
import csv
import glob
import json
import os
import subprocess
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
SKIPPED_RULES = {"layer_dependency", "unused_suppression"}


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        rows = [r for r in csv.reader((line for line in f if line.strip() and not line.startswith("#")), delimiter="\t")]
    return rows[1:] if rows else []


def manifest():
    return [(r[0], r[1]) for r in read_tsv(os.path.join(HERE, "manifest.tsv")) if len(r) >= 2]


def labels(repo):
    path = os.path.join(HERE, "labels", repo.replace("/", "+") + ".tsv")
    if not os.path.exists(path):
        return []
    out = []
    for r in read_tsv(path):
        if len(r) < 4:
            continue
        out.append({"path": r[0], "line": int(r[1]), "rule": r[2], "verdict": r[3], "reason": r[4] if len(r) > 4 else ""})
    return out


def git_dir(mirror, repo):
    root = os.path.join(mirror, repo.replace("/", "+"))
    for candidate in [root, os.path.join(root, "repo"), os.path.join(root, "repo", ".git")] + glob.glob(os.path.join(root, "**"), recursive=True):
        if os.path.isfile(os.path.join(candidate, "HEAD")) and os.path.isdir(os.path.join(candidate, "objects")):
            return candidate
    return None


# What mvilint reads besides Swift sources: configuration, package manifests, Xcode projects and
# build settings (default isolation), Core Data models (entity classes).
def wanted(path):
    name = os.path.basename(path)
    return (path.endswith(".swift") or name == ".mvilint.json" or path.endswith(".pbxproj")
            or path.endswith(".xcconfig") or ".xcdatamodel/" in path)


def extract(repo, commit, mirror, work):
    """The files mvilint reads, at `commit`, written under WORK (blobs the copy lacks, such as
    large binaries, are never among them)."""
    dest = os.path.join(work, repo.replace("/", "+"))
    marker = os.path.join(dest, ".mvilint-accuracy-commit")
    if os.path.exists(marker) and open(marker).read().strip() == commit:
        return dest
    gd = git_dir(mirror, repo)
    if gd is None:
        sys.exit(f"score: no local copy of {repo} under {mirror} (fetch it first)")
    subprocess.run(["rm", "-rf", dest], check=True)
    os.makedirs(dest)
    listing = subprocess.run(["git", "--git-dir", gd, "ls-tree", "-r", "-z", commit], capture_output=True, check=True).stdout
    entries = []
    for item in listing.split(b"\0"):
        if not item:
            continue
        meta, path = item.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob" and mode != b"120000" and wanted(path.decode("utf-8", "replace")):
            entries.append((sha.decode(), path.decode("utf-8", "replace")))
    batch = subprocess.run(["git", "--git-dir", gd, "cat-file", "--batch"], input="".join(s + "\n" for s, _ in entries).encode(),
                           capture_output=True, check=True).stdout
    at = 0
    for sha, path in entries:
        header_end = batch.index(b"\n", at)
        header = batch[at:header_end].split()
        at = header_end + 1
        if len(header) < 3 or header[1] == b"missing":
            continue
        size = int(header[2])
        target = os.path.join(dest, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(batch[at:at + size])
        at += size + 1
    with open(marker, "w") as f:
        f.write(commit + "\n")
    return dest


def rule_ids(binary):
    out = subprocess.run([binary, "rules"], capture_output=True, text=True, check=True).stdout
    ids = [line.split()[0] for line in out.splitlines()[1:] if line.strip()]
    return [i for i in ids if i not in SKIPPED_RULES]


def lint(binary, directory, ids):
    run = subprocess.run([binary, "lint", ".", "--reporter", "json", "--quiet", "--only-rule", ",".join(ids)],
                         cwd=directory, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f"score: mvilint exited {run.returncode} on {directory}\n{run.stderr}")
    data = json.loads(run.stdout) if run.stdout.strip() else []
    findings = data["findings"] if isinstance(data, dict) else data
    real = os.path.realpath(directory)
    out = []
    for f in findings:
        path = f["file"]
        if os.path.isabs(path):
            path = os.path.relpath(os.path.realpath(path), real)
        elif path.startswith("./"):
            path = path[2:]
        out.append({"path": path, "line": f["line"], "rule": f["rule"], "message": f["message"]})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("--mirror", default=os.environ.get("MIRROR", "/work/.mirror"))
    ap.add_argument("--work", default="/tmp/mvilint-accuracy")
    ap.add_argument("--only", default="", help="comma-separated owner/name list")
    ap.add_argument("--show", default="", help="comma-separated: misses, false, unlabelled")
    ap.add_argument("--json", help="write every match to this file")
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    show = set(filter(None, args.show.split(",")))
    only = set(filter(None, args.only.split(",")))
    ids = rule_ids(binary)
    stats = defaultdict(lambda: defaultdict(int))
    details = []
    repos = [(r, c) for r, c in manifest() if not only or r in only]
    for repo, commit in repos:
        directory = extract(repo, commit, args.mirror, args.work)
        found = lint(binary, directory, ids)
        at = defaultdict(list)
        for f in found:
            at[(f["path"], f["line"], f["rule"])].append(f)
        labelled = set()
        for l in labels(repo):
            key = (l["path"], l["line"], l["rule"])
            labelled.add(key)
            hit = bool(at.get(key))
            s = stats[l["rule"]]
            if l["verdict"] == "violation":
                s["violations"] += 1
                s["tp" if hit else "miss"] += 1
                outcome = "tp" if hit else "miss"
            else:
                s["near_misses"] += 1
                s["fp" if hit else "tn"] += 1
                outcome = "fp" if hit else "tn"
            details.append({"repo": repo, **l, "outcome": outcome, "message": at[key][0]["message"] if hit else ""})
            if (outcome == "miss" and "misses" in show) or (outcome == "fp" and "false" in show):
                print(f"{outcome.upper():5} {repo} {l['path']}:{l['line']} {l['rule']}: {l['reason']}" + (f"\n      → {at[key][0]['message']}" if hit else ""))
        for key, fs in at.items():
            if key not in labelled:
                stats[key[2]]["unlabelled"] += len(fs)
                if "unlabelled" in show:
                    for f in fs:
                        print(f"NEW   {repo} {f['path']}:{f['line']} {f['rule']}: {f['message']}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(details, f, indent=1)

    def ratio(a, b):
        return f"{a / b:.2f}" if b else "–"

    print(f"\n{len(repos)} repositories, {sum(s['violations'] + s['near_misses'] for s in stats.values())} labels\n")
    print("| rule | violations | near misses | found | missed | false positives | precision | recall | unlabelled findings |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    total = defaultdict(int)
    for rule in sorted(stats):
        s = stats[rule]
        for k, v in s.items():
            total[k] += v
        print(f"| `{rule}` | {s['violations']} | {s['near_misses']} | {s['tp']} | {s['miss']} | {s['fp']} | "
              f"{ratio(s['tp'], s['tp'] + s['fp'])} | {ratio(s['tp'], s['tp'] + s['miss'])} | {s['unlabelled']} |")
    print(f"| **all** | {total['violations']} | {total['near_misses']} | {total['tp']} | {total['miss']} | {total['fp']} | "
          f"{ratio(total['tp'], total['tp'] + total['fp'])} | {ratio(total['tp'], total['tp'] + total['miss'])} | {total['unlabelled']} |")


if __name__ == "__main__":
    main()
