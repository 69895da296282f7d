#!/usr/bin/env python3
"""Looks for writes that a state_private_set fix would break: for each repository, copies it to a
temporary directory, applies `mvilint lint --fix --only-rule state_private_set` there, and searches
the other files of the fixed copy for writes of each property the fix made `private(set)` (found
by its finding's line in the fixed copy, so any mvilint binary will do).

  fixed_writes.py BINARY REPO_DIR... [--show N]

A write is found by text, so it over-approximates: `.name = …`, `.name += …`, `.name[…] = …`,
a mutating call (`.name.append(…)`, `.name.toggle()`, …), `&….name` and `$x.name` in any file
other than the model's (not on `self`, nor `$0`), and a plain or `self.` `name = …` in a file
that extends or subclasses the model.
A match may be a member of another type that has the same name: read the lines it prints
(`--show`, 3 per property by default) to tell. Prints, per repository and in total, the fixes
applied and the fixed properties with a match elsewhere.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

MUTATING = r"(?:append|insert|remove\w*|sort|shuffle|reverse|toggle|popLast|popFirst|merge|formUnion|subtract|updateValue|swapAt|replaceSubrange)"
MESSAGE = re.compile(r"^`([^`]+)` is observable state of `([^`]+)`")


def swift_files(root):
    for base, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in (".build", ".git")]
        for f in files:
            if f.endswith(".swift"):
                yield os.path.join(base, f)


def write_patterns(name, model):
    n = re.escape(name)
    # `self.name` is another type's own member unless the file extends or subclasses the model
    # (then `bare` finds it); `$0.name` is a closure's parameter, not a binding.
    member = [
        rf"(?<!\bself)\.{n}\s*(?:[-+*/]|\|\||&&)?=(?!=)",
        rf"(?<!\bself)\.{n}\??(?:\[[^\]\n]*\])+\??(?:\.\w+)*\s*(?:[-+*/])?=(?!=)",
        rf"(?<!\bself)\.{n}\??(?:\[[^\]\n]*\])*\??\.{MUTATING}\s*[({{]",
        rf"(?<!&)&(?!&)[\w.\[\]?!]*\.{n}\b",
        rf"\$[A-Za-z_][\w.]*\.{n}\b",
    ]
    own = rf"(?:extension\s+{re.escape(model)}\b|:\s*{re.escape(model)}\b)"
    bare = rf"(?:(?<![.\w])|(?<=\bself\.)){n}\s*(?:[-+*/])?=(?!=)"
    return [re.compile(p) for p in member], re.compile(own), re.compile(bare)


def findings(binary, directory):
    """(name, model, file, line) of each state_private_set finding in the directory."""
    r = subprocess.run([binary, "lint", "--reporter", "json", "--quiet", "--only-rule", "state_private_set", "."], cwd=directory,
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, timeout=300)
    out = []
    for f in json.loads(r.stdout)["findings"]:
        m = MESSAGE.match(f["message"])
        if f["rule"] == "state_private_set" and m:
            out.append((m.group(1), m.group(2), os.path.realpath(os.path.join(directory, f["file"])), f["line"]))
    return out


def read_lines(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read().split("\n")
    except OSError:
        return []


def fixed_properties(before, copy):
    """(name, model, file) of each finding whose declaration line the fix made `private(set)`.

    Only state_private_set's fixes are applied (`--only-rule`), and they insert on the line, so
    lines do not move. Works with binaries whose JSON report does not name the fixes."""
    out = []
    lines = {}
    for name, model, path, line in before:
        if path not in lines:
            lines[path] = read_lines(path)
        text = lines[path][line - 1] if 0 < line <= len(lines[path]) else ""
        if "private(set)" in text or "fileprivate(set)" in text:
            out.append((name, model, path))
    return out


def check(binary, repo, show):
    work = tempfile.mkdtemp(prefix="mvilint-fixed-writes-")
    try:
        copy = os.path.join(work, os.path.basename(repo.rstrip("/")))
        shutil.copytree(repo, copy, symlinks=True)
        before = [f for f in findings(binary, copy)
                  if not re.search(r"\b(?:file)?private\(set\)", (read_lines(f[2])[f[3] - 1:f[3]] or [""])[0])]
        subprocess.run([binary, "lint", "--fix", "--quiet", "--only-rule", "state_private_set", "."], cwd=copy,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
        props = fixed_properties(before, copy)
        texts = {}
        for path in swift_files(copy):
            try:
                with open(path, encoding="utf-8", errors="replace") as fh:
                    texts[os.path.realpath(path)] = fh.read()
            except OSError:
                pass
        written = []
        for name, model, decl in props:
            members, own, bare = write_patterns(name, model)
            hits = []
            for path, text in texts.items():
                if path == decl:
                    continue
                lines = text.split("\n")
                extends = own.search(text) is not None
                for i, line in enumerate(lines):
                    code = line.split("//", 1)[0]
                    if any(p.search(code) for p in members) or (extends and bare.search(code)):
                        hits.append(f"{os.path.relpath(path, copy)}:{i + 1}: {line.strip()[:140]}")
            if hits:
                written.append((name, model, hits))
        return len(props), written
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("repos", nargs="+")
    parser.add_argument("--show", type=int, default=3, help="matching lines shown per property")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    total_fixes = total_written = 0
    for repo in args.repos:
        fixes, written = check(binary, os.path.abspath(repo), args.show)
        total_fixes += fixes
        total_written += len(written)
        print(f"== {os.path.basename(repo.rstrip('/'))}: {fixes} private(set) fixes, {len(written)} of the properties have a write elsewhere")
        for name, model, hits in written:
            print(f"  {model}.{name}:")
            for h in hits[:args.show]:
                print(f"    {h}")
    print(f"total: {total_fixes} private(set) fixes, {total_written} of the properties have a write elsewhere")
    return 0


if __name__ == "__main__":
    sys.exit(main())
