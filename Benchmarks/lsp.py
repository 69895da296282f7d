#!/usr/bin/env python3
"""Benchmarks `mvilint lsp` as an editor uses it, on a generated project.

Usage: Benchmarks/lsp.py BINARY PROJECT [--view-edits N] [--model-edits N] [--pause SECONDS]

PROJECT is a directory written by `Benchmarks/generate.py` (for example
`python3 Benchmarks/generate.py 10000 /tmp/p10k`). The script starts the server as an editor
would (the project as the workspace folder, progress reporting on) and measures, with the wall
clock of this process:

- indexing: from `initialize` to the end of the server's progress (every file found, read,
  summarised and indexed, and every file linted once), and the server's resident memory then
  (VmRSS and its peak VmHWM from /proc);
- a view edit: a one-line `didChange` in an open view file (a string literal in its body), to
  the `publishDiagnostics` of that version of the file; N edits, one at a time;
- a model edit: a one-line `didChange` in an open model file that adds or removes its
  `ObservableObject` conformance, which changes the diagnostics of a view in another file that
  is not open (it creates the model but holds it with `@ObservedObject`); the time to the
  model's own `publishDiagnostics` and to the first and last of those views'.

Edits are spaced by --pause seconds (default 0.1, a fast typist), so that each is measured from
an idle server, as keystrokes arrive. Prints p50, p95 and the maximum of each, the server's
processor time per edit (user and system, which does not depend on what else the machine runs
as much as wall time does), and the load average.
"""

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time


class Client:
    """A minimal LSP client: a reader thread timestamps every message on arrival."""

    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.messages = queue.Queue()
        self.pending = []
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.decode().strip()
                if not line:
                    break
                key, value = line.split(":", 1)
                headers[key.lower()] = value.strip()
            body = stream.read(int(headers["content-length"]))
            self.messages.put((time.monotonic(), json.loads(body)))

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        ident = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        return ident

    def wait(self, matches, timeout=600):
        """The first message (arrival time, message) that matches; requests from the server are answered."""
        deadline = time.monotonic() + timeout
        for item in self.pending:
            if matches(item[1]):
                self.pending.remove(item)
                return item
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no matching message")
            try:
                item = self.messages.get(timeout=remaining)
            except queue.Empty:
                raise TimeoutError("no matching message")
            if item is None:
                raise EOFError("the server exited")
            message = item[1]
            if "method" in message and "id" in message:
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            if matches(message):
                return item
            self.pending.append(item)
            if len(self.pending) > 100000:
                self.pending = self.pending[-50000:]

    def drain(self):
        try:
            while True:
                item = self.messages.get_nowait()
                if item is None:
                    return
                message = item[1]
                if "method" in message and "id" in message:
                    self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
                self.pending.append(item)
        except queue.Empty:
            pass


RULE = "owned_model_state_object"


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                fields[key] = int(value.split()[0]) / 1024
    return fields


def cpu_seconds(pid):
    """User and system time of the process so far (from /proc, in clock ticks)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def uri(path):
    return "file://" + path


def percentile(values, p):
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1)))))
    return ordered[k]


def summary(name, values):
    ms = [v * 1000 for v in values]
    print(f"{name}: n={len(ms)} p50={percentile(ms, 50):.1f} ms p95={percentile(ms, 95):.1f} ms max={max(ms):.1f} ms mean={statistics.mean(ms):.1f} ms")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("project")
    parser.add_argument("--view-edits", type=int, default=200)
    parser.add_argument("--model-edits", type=int, default=40)
    parser.add_argument("--pause", type=float, default=0.1)
    args = parser.parse_args()
    root = os.path.abspath(args.project)
    load = os.getloadavg()

    client = Client([args.binary, "lsp"])
    start = time.monotonic()
    ident = client.request("initialize", {
        "processId": os.getpid(), "rootUri": uri(root),
        "workspaceFolders": [{"uri": uri(root), "name": os.path.basename(root)}],
        "capabilities": {"window": {"workDoneProgress": True}, "textDocument": {"publishDiagnostics": {"versionSupport": True}},
                         "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}},
    })
    client.wait(lambda m: m.get("id") == ident and "method" not in m)
    client.notify("initialized", {})
    end, _ = client.wait(lambda m: m.get("method") == "$/progress" and m["params"]["value"].get("kind") == "end")
    mem = memory(client.process.pid)
    print(f"indexing and first lint of the workspace: {end - start:.2f} s; resident memory {mem['VmRSS']:.0f} MB (peak {mem['VmHWM']:.0f} MB)")

    # Published diagnostics of the workspace, by URI (the last of each).
    time.sleep(0.5)
    client.drain()
    published = {}
    for _, m in client.pending:
        if m.get("method") == "textDocument/publishDiagnostics":
            published[m["params"]["uri"]] = m["params"]["diagnostics"]
    client.pending = []

    # A view edit: a string literal in the body of a view.
    views = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if "/Presentation/Views/" in os.path.join(d, f))
    view = views[len(views) // 2]
    text = open(view).read()
    lines = text.split("\n")
    target = next(i for i, l in enumerate(lines) if 'Text("' in l)
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(view), "languageId": "swift", "version": 1, "text": text}})
    client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri(view) and m["params"].get("version") == 1)
    column = lines[target].index('Text("') + len('Text("')
    times = []
    cpu_before = cpu_seconds(client.process.pid)
    for k in range(args.view_edits):
        version = k + 2
        # Type a character into the literal, then delete it: one-line edits, alternately.
        change = ({"range": {"start": {"line": target, "character": column}, "end": {"line": target, "character": column}}, "text": "x"}
                  if k % 2 == 0 else
                  {"range": {"start": {"line": target, "character": column}, "end": {"line": target, "character": column + 1}}, "text": ""})
        sent = time.monotonic()
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri(view), "version": version}, "contentChanges": [change]})
        arrived, _ = client.wait(lambda m, v=version: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri(view)
                                 and m["params"].get("version") == v)
        times.append(arrived - sent)
        time.sleep(args.pause)
    cpu = (cpu_seconds(client.process.pid) - cpu_before) / args.view_edits
    print(f"view edit ({os.path.relpath(view, root)}, line {target + 1}):")
    summary("  didChange to publishDiagnostics of the view", times)
    print(f"  server processor time per edit: {cpu * 1000:.1f} ms")

    # A model edit that changes the diagnostics of views that are not open: a model that a view
    # creates but holds with `@ObservedObject` (`owned_model_state_object`); without its
    # `ObservableObject` conformance the view is no longer reported.
    candidates = {}
    for u, diagnostics in published.items():
        for d in diagnostics:
            if d.get("code") == RULE and "creates its own `" in d["message"]:
                name = d["message"].split("creates its own `")[1].split("`")[0]
                candidates.setdefault(name, set()).add(u)
    files = {f: os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs}
    def declaration(name):
        path = files.get(name + ".swift")
        if not path:
            return None
        lines = open(path).read().split("\n")
        found = [i for i, l in enumerate(lines) if l.startswith("final class " + name + ": ObservableObject")]
        return (path, found[0]) if found else None
    name = next(n for n in sorted(candidates, key=lambda n: (-len(candidates[n]), n)) if declaration(n))
    affected = candidates[name]
    model, line = declaration(name)
    text = open(model).read()
    lines = text.split("\n")
    conformance = lines[line].index(": ObservableObject")
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri(model), "languageId": "swift", "version": 1, "text": text}})
    client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri(model) and m["params"].get("version") == 1)
    time.sleep(1)
    client.drain()
    client.pending = []
    first, last, own = [], [], []
    cpu_before = cpu_seconds(client.process.pid)
    for k in range(args.model_edits):
        version = k + 2
        remove = k % 2 == 0
        change = ({"range": {"start": {"line": line, "character": conformance}, "end": {"line": line, "character": conformance + len(": ObservableObject")}}, "text": ""}
                  if remove else
                  {"range": {"start": {"line": line, "character": conformance}, "end": {"line": line, "character": conformance}}, "text": ": ObservableObject"})
        sent = time.monotonic()
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri(model), "version": version}, "contentChanges": [change]})
        arrived, _ = client.wait(lambda m, v=version: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri(model)
                                 and m["params"].get("version") == v)
        own.append(arrived - sent)
        seen = []
        for _ in affected:
            t, m = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] in affected
                               and m["params"]["uri"] not in [s for s, _ in seen]
                               and any(d.get("code") == RULE for d in m["params"]["diagnostics"]) != remove)
            seen.append((m["params"]["uri"], t))
        times = [t - sent for _, t in seen]
        first.append(min(times))
        last.append(max(times))
        time.sleep(max(args.pause, 0.3))
    cpu = (cpu_seconds(client.process.pid) - cpu_before) / args.model_edits
    print(f"model edit ({os.path.relpath(model, root)}: `: ObservableObject` removed and added back; {len(affected)} view(s) not open change):")
    summary("  didChange to publishDiagnostics of the model", own)
    summary("  didChange to the first view's publishDiagnostics", first)
    summary("  didChange to the last view's publishDiagnostics", last)
    print(f"  server processor time per edit: {cpu * 1000:.1f} ms (every file the edit reaches linted again)")

    mem = memory(client.process.pid)
    print(f"resident memory at the end: {mem['VmRSS']:.0f} MB (peak {mem['VmHWM']:.0f} MB)")
    ident = client.request("shutdown", None)
    client.wait(lambda m: m.get("id") == ident and "method" not in m)
    client.notify("exit", None)
    client.process.wait(timeout=30)
    print(f"load average at the start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"load average at the end: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main()
