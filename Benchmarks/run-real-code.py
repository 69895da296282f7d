#!/usr/bin/env python3
"""Benchmarks mvilint on the real-code set (Benchmarks/real-code.tsv) and prints Markdown tables.

Usage: Benchmarks/run-real-code.py [--bin PATH] [--runs N] [--format-runs N] [--no-format] [--dynamic]

Run Benchmarks/extract-real-code.sh first. Without --bin, builds mvilint in release mode
(scratch path $BUILDDIR, default /tmp/mvilint-bench/build, as Benchmarks/run.sh), on Linux with
the Swift runtime linked statically as a release is (--dynamic: against the shared libraries).

For each repository of the manifest, and for all of them: files, MB (10^6 bytes), the median
wall time of RUNS runs of `mvilint lint --quiet --timings` with all default rules (each run on a
warm page cache), MB/s, the `cat` floor (median of RUNS runs of `find … | xargs cat`) and the
ratio to it, the highest peak RSS of the runs (MB of 2^20 bytes), and the `--timings` phases of
the median run. "Sum of the five" adds the per-repository figures (five processes); "One
project" lints the folder holding all five in a single run. Then the toolchain's
`swift-format lint --parallel` on the same files (median of --format-runs runs), as a reference.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MANIFEST = os.path.join(HERE, "real-code.tsv")
PHASES = ["find", "read", "scan", "index", "check"]


def repositories():
    with open(MANIFEST) as f:
        rows = [line.rstrip("\n").split("\t") for line in f][1:]
    return [(row[0], row[1]) for row in rows if row and row[0]]


def swift_files(directory):
    out = []
    for dirpath, dirnames, filenames in os.walk(directory):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        out.extend(os.path.join(dirpath, n) for n in filenames if n.endswith(".swift"))
    return out


def run_timed(argv, cwd=None, shell=False):
    """Wall seconds, peak RSS (KiB) of the child, its exit status and standard error."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, shell=shell, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss, proc.returncode, err.decode("utf-8", "replace")


def cat_floor(directory, runs):
    command = f"find '{directory}' -name '*.swift' -print0 | xargs -0 cat > /dev/null"
    subprocess.run(command, shell=True, check=True)  # warm the page cache
    return statistics.median(run_timed(command, shell=True)[0] for _ in range(runs))


def warm(directory):
    subprocess.run(f"find '{directory}' -name '*.swift' -print0 | xargs -0 cat > /dev/null",
                   shell=True, check=True)


def lint(binary, directory, runs):
    """Median wall, highest peak RSS (KiB), and the phases of the median run."""
    results = []
    for _ in range(runs):
        warm(directory)
        wall, rss, code, err = run_timed([binary, "lint", "--quiet", "--timings", directory])
        if code not in (0, 1):
            sys.exit(f"mvilint failed on {directory} (exit status {code}):\n{err}")
        phases = {}
        line = next((l for l in err.splitlines() if l.startswith("Timings:")), "")
        for name in PHASES:
            m = re.search(rf"\b{name} ([0-9.]+)s", line)
            phases[name] = float(m.group(1)) if m else float("nan")
        results.append((wall, rss, phases))
    results.sort(key=lambda r: r[0])
    median = results[len(results) // 2]
    return statistics.median(r[0] for r in results), max(r[1] for r in results), median[2]


def swift_format(directory, runs):
    tool = shutil.which("swift-format")
    argv = [tool, "lint", "--parallel", "--recursive", directory] if tool else \
        ["swift", "format", "lint", "--parallel", "--recursive", directory]
    walls = []
    for _ in range(runs):
        warm(directory)
        wall, _, _, _ = run_timed(argv)
        walls.append(wall)
    return statistics.median(walls)


def build(static):
    """A release build; on Linux with the Swift runtime linked statically, as a release is."""
    scratch = os.environ.get("BUILDDIR", "/tmp/mvilint-bench/build")
    args = ["swift", "build", "-c", "release", "--package-path", ROOT, "--scratch-path", scratch]
    if static and sys.platform.startswith("linux"):
        args.append("--static-swift-stdlib")
    print("Building mvilint (release)...", file=sys.stderr)
    subprocess.run(args + ["--product", "mvilint"], check=True, stdout=sys.stderr)
    path = subprocess.run(args + ["--show-bin-path"], check=True, capture_output=True,
                          text=True).stdout.strip()
    return os.path.join(path, "mvilint")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", help="an mvilint binary (default: build one)")
    parser.add_argument("--dir", default=os.path.join(HERE, ".real-code"),
                        help="where extract-real-code.sh put the files")
    parser.add_argument("--runs", type=int, default=7, help="runs per measurement (median)")
    parser.add_argument("--format-runs", type=int, default=1,
                        help="runs of swift-format per repository (median)")
    parser.add_argument("--no-format", action="store_true", help="leave swift-format out")
    parser.add_argument("--dynamic", action="store_true",
                        help="build against the toolchain's shared Swift libraries (Linux)")
    args = parser.parse_args()

    binary = os.path.abspath(args.bin) if args.bin else build(not args.dynamic)
    rows = []
    for repo, commit in repositories():
        directory = os.path.join(args.dir, repo.replace("/", "+"))
        marker = os.path.join(directory, ".corpus-commit")
        if not os.path.isfile(marker) or open(marker).read().strip() != commit:
            sys.exit(f"{repo} is not extracted at {commit}: run Benchmarks/extract-real-code.sh")
        rows.append((repo, directory))

    version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()
    load = os.getloadavg()
    print(f"mvilint {version}, {os.cpu_count()} cores, median of {args.runs} runs, "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the start")
    print()
    print("| Repository | Files | MB | Wall (s) | MB/s | `cat` (s) | × `cat` | Peak RSS (MB) | "
          "Find | Read | Scan | Index | Check |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")

    def line(name, files, size, wall, floor, rss, phases):
        mb = size / 1e6
        cells = " | ".join(f"{phases[p]:.3f}" for p in PHASES)
        print(f"| {name} | {files} | {mb:.2f} | {wall:.3f} | {mb / wall:.1f} | {floor:.3f} | "
              f"{wall / floor:.2f} | {rss / 1024:.0f} | {cells} |", flush=True)

    totals = {"files": 0, "size": 0, "wall": 0.0, "floor": 0.0, "rss": 0,
              "phases": {p: 0.0 for p in PHASES}}
    walls = {}
    for repo, directory in rows:
        files = swift_files(directory)
        size = sum(os.path.getsize(f) for f in files)
        floor = cat_floor(directory, args.runs)
        wall, rss, phases = lint(binary, directory, args.runs)
        line(repo, len(files), size, wall, floor, rss, phases)
        walls[repo] = wall
        totals["files"] += len(files)
        totals["size"] += size
        totals["wall"] += wall
        totals["floor"] += floor
        totals["rss"] = max(totals["rss"], rss)
        for p in PHASES:
            totals["phases"][p] += phases[p]
    line("Sum of the five", totals["files"], totals["size"], totals["wall"], totals["floor"],
         totals["rss"], totals["phases"])
    floor = cat_floor(args.dir, args.runs)
    wall, rss, phases = lint(binary, args.dir, args.runs)
    line("One project of all five", totals["files"], totals["size"], wall, floor, rss, phases)

    if not args.no_format:
        print()
        print(f"`swift-format lint --parallel` (toolchain's, median of {args.format_runs} runs)")
        print()
        print("| Repository | Wall (s) | MB/s | × mvilint |")
        print("|---|---:|---:|---:|")
        sum_format = 0.0
        for repo, directory in rows:
            size = sum(os.path.getsize(f) for f in swift_files(directory))
            wall = swift_format(directory, args.format_runs)
            sum_format += wall
            print(f"| {repo} | {wall:.2f} | {size / 1e6 / wall:.2f} | {wall / walls[repo]:.0f} |", flush=True)
        print(f"| Sum of the five | {sum_format:.2f} | {totals['size'] / 1e6 / sum_format:.2f} | "
              f"{sum_format / totals['wall']:.0f} |")
    load = os.getloadavg()
    print()
    print(f"Load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end")


if __name__ == "__main__":
    main()
