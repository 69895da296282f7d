#!/usr/bin/env python3
"""Checks that mvilint's fixes leave code that compiles: the example app and the sample projects
are type-checked as committed, after `--fix` and after `--fix --unsafe-fixes`.

Usage: typecheck_fixed.py path/to/mvilint [PROJECT_DIR...]
       (default: each directory under Examples/ and Tests/Fixtures/Projects/)

For each project and each of the two fix modes:

1. The project, as committed, must type-check (`swiftc -typecheck`) against the stand-in modules
   of Tests/StandIns (built with Tests/Scripts/standins.sh), with `-D DEBUG` (previews and preview
   data are checked too) in the Swift 5 language mode.
2. A copy in a temporary directory is linted (`--reporter json`); the findings whose `fix` the
   mode applies (`safe` ones for `--fix`, every one for `--fix --unsafe-fixes`) are the fixed
   findings. Then `mvilint lint --fix` (with `--unsafe-fixes`) runs in the copy.
3. The fixed copy must type-check the same way, and relint without the fixed findings (each
   fixed finding's rule, file and message no longer reported, counted as a multiset).

What is claimed, and why the Swift 5 language mode: a safe fix must not make the project stop
compiling. The unsafe fix of `main_actor_model` (`@MainActor` on a class) changes the isolation of
the class. In the Swift 5 mode most isolation mismatches it causes are warnings, but one is an
error: the class's state mutated from a `@Sendable` closure (`DispatchQueue.global().async { }`,
a URLSession completion handler), which is the data race `main_actor_mutation` reports. So the
claim for `--unsafe-fixes` is: the result type-checks in the Swift 5 mode, apart from errors on
lines where `main_actor_mutation` reported a mutation before the fix (matched by the line's
text, as the fix moves lines). In the Swift 6 mode more callers of the class may need `await`.
The example app does not type-check in the Swift 6 mode as committed (its legacy screen has the
data races that the concurrency rules report), so Swift 5 is the mode both checks use.
`SWIFT_VERSION` picks another mode, `SWIFTC` another compiler.

Exit status 0 when every check passes, 1 when one fails (the compiler's errors and the findings
that are still reported are printed), 2 on bad usage or when the stand-ins do not build.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def default_projects():
    """The example app and every sample project: each directory under Examples/ and
    Tests/Fixtures/Projects/, so that a new one is checked too."""
    found = []
    for parent in ("Examples", "Tests/Fixtures/Projects"):
        base = os.path.join(ROOT, parent)
        found += sorted(os.path.join(parent, d) for d in os.listdir(base)
                        if os.path.isdir(os.path.join(base, d)) and not d.startswith("."))
    return found


MODES = [("--fix", ["--fix"], {"safe"}), ("--fix --unsafe-fixes", ["--fix", "--unsafe-fixes"], {"safe", "unsafe"})]
SWIFTC = os.environ.get("SWIFTC", "swiftc")
SWIFT_VERSION = os.environ.get("SWIFT_VERSION", "5")


def swift_files(directory):
    """The Swift sources of a project: every .swift file but the package manifest and build output."""
    found = []
    for base, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if d not in (".build", ".git"))
        found += [os.path.join(base, f) for f in sorted(files) if f.endswith(".swift") and f != "Package.swift"]
    return found


def typecheck(directory, flags):
    """(passed, compiler output) of type-checking every source of the project together."""
    r = subprocess.run([SWIFTC, "-typecheck"] + flags + ["-D", "DEBUG", "-swift-version", SWIFT_VERSION] + swift_files(directory),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return r.returncode == 0, r.stdout


def error_lines(output, root):
    """(path relative to root, line) of each error the compiler reported in a file under root."""
    found = []
    prefix = os.path.realpath(root) + "/"
    for line in output.splitlines():
        parts = line.split(":", 4)
        if len(parts) == 5 and parts[3].strip() == "error" and parts[1].isdigit():
            path = os.path.realpath(parts[0])
            if path.startswith(prefix):
                found.append((path[len(prefix):], int(parts[1])))
    return found


def line_text(root, path, line):
    """The text of a line of a file, without surrounding whitespace."""
    try:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            lines = f.read().split("\n")
        return lines[line - 1].strip() if 0 < line <= len(lines) else None
    except OSError:
        return None


def errors_only(output, limit=40):
    """The compiler's error lines and the source lines under them, without the warnings."""
    lines, keep, out = output.splitlines(), False, []
    for line in lines:
        if ": error: " in line and not line.startswith(" "):
            keep = True
        elif ": warning: " in line and not line.startswith(" "):
            keep = False
        if keep:
            out.append(line)
    return "\n".join(out[:limit])


def lint(mvilint, directory, extra=()):
    """The findings of `mvilint lint` run inside the directory, as (rule, relative path, message, fix safety, line).
    Reported paths are relative to the directory the linter runs in (absolute outside it)."""
    r = subprocess.run([mvilint, "lint", "--reporter", "json", "--quiet", *extra, "."], cwd=directory,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode not in (0, 1):
        raise RuntimeError(f"mvilint lint {' '.join(extra)} exited {r.returncode} in {directory}:\n{r.stderr}")
    report = json.loads(r.stdout)
    prefix = os.path.realpath(directory) + "/"
    return [(f["rule"], os.path.realpath(os.path.join(directory, f["file"])).replace(prefix, "", 1), f["message"], (f.get("fix") or {}).get("safety"), f["line"])
            for f in report["findings"]]


def check(mvilint, project, flags, work):
    """Runs the checks on one project; returns the list of failures (empty when it passes)."""
    name = os.path.basename(project.rstrip("/"))
    failures = []
    ok, output = typecheck(project, flags)
    if not ok:
        return [f"{name}: does not type-check as committed:\n{errors_only(output)}"]
    print(f"{name}: type-checks as committed")
    for label, options, safeties in MODES:
        copy = os.path.join(work, label.replace(" ", "").replace("-", "_"), name)
        shutil.copytree(project, copy)
        before = lint(mvilint, copy)
        fixed = [f[:3] for f in before if f[3] in safeties]
        # The mutations off the main actor that `@MainActor` turns into compile errors.
        races = {(f[1], line_text(copy, f[1], f[4])) for f in before if f[0] == "main_actor_mutation"}
        r = subprocess.run([mvilint, "lint", "--quiet", *options, "."], cwd=copy,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode not in (0, 1):
            failures.append(f"{name} {label}: mvilint exited {r.returncode}:\n{r.stderr}")
            continue
        ok, output = typecheck(copy, flags)
        claim = "type-checks"
        if not ok and "unsafe" in safeties:
            errors = error_lines(output, copy)
            if errors and all((path, line_text(copy, path, line)) in races for path, line in errors):
                claim = ("type-checks but for errors where main_actor_mutation reported a mutation off the main actor ("
                         + ", ".join(f"{p}:{l}" for p, l in errors) + ")")
                ok = True
        if not ok:
            failures.append(f"{name} {label}: the fixed project does not type-check ({len(fixed)} fixes applied):\n{errors_only(output)}")
        after = [f[:3] for f in lint(mvilint, copy)]
        left = {}
        for f in after:
            left[f] = left.get(f, 0) + 1
        remaining = []
        for f in fixed:
            # A finding reported as often after the fix as before it was not fixed.
            if left.get(f, 0) >= sum(1 for b in before if b[:3] == f):
                remaining.append(f)
        for rule, path, message in sorted(set(remaining)):
            failures.append(f"{name} {label}: still reported after the fix: {path}: {message} ({rule})")
        if ok and not remaining:
            rules = sorted({f[0] for f in fixed})
            print(f"{name}: {label}: {len(fixed)} fixes applied ({', '.join(rules) or 'none'}); {claim}; the fixed findings are gone")
    return failures


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    mvilint = os.path.abspath(sys.argv[1])
    if not os.access(mvilint, os.X_OK):
        print(f"typecheck_fixed: not an executable: {mvilint}", file=sys.stderr)
        return 2
    projects = [os.path.abspath(p) for p in sys.argv[2:]] or [os.path.join(ROOT, p) for p in default_projects()]
    work = tempfile.mkdtemp(prefix="mvilint-typecheck-fixed-")
    try:
        standins = os.path.join(work, "standins")
        r = subprocess.run(["/bin/sh", os.path.join(ROOT, "Tests/Scripts/standins.sh"), standins],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "SWIFTC": SWIFTC})
        if r.returncode != 0:
            print(f"typecheck_fixed: the stand-in modules do not build:\n{r.stdout}", file=sys.stderr)
            return 2
        with open(os.path.join(standins, "flags"), encoding="utf-8") as f:
            flags = [line for line in f.read().split("\n") if line]
        failures = []
        for project in projects:
            failures += check(mvilint, project, flags, work)
        for failure in failures:
            print(f"FAIL {failure}", file=sys.stderr)
        return 1 if failures else 0
    finally:
        if os.environ.get("KEEP"):
            print(f"(kept {work})")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
