#!/usr/bin/env python3
"""Loads a local HTML page in headless Chromium and reports what a person would see.

Talks to Chromium over its DevTools protocol on a pipe (--remote-debugging-pipe: NUL-separated
JSON on file descriptors 3 and 4), so only the standard library is needed. Prints one JSON
object on standard output:

  {"console": [...], "exceptions": [...], "requests": [...], "value": <the --eval result>}

`requests` lists every URL the page asked for other than the page itself and `data:` URLs;
`console` holds console messages of level warning or error and log entries of level error.
With --screenshot FILE, a full-page PNG is written after the page has loaded and --wait-for
(a JavaScript expression) has become true.

Usage: headless_page.py PAGE.html [--eval JS] [--wait-for JS] [--screenshot OUT.png]
                        [--width N] [--timeout SECONDS]
"""
import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("headless_page.py: no Chromium on PATH (apt-get install chromium)")


class Browser:
    def __init__(self, width, height):
        self.profile = tempfile.mkdtemp(prefix="mvilint-chromium-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        # Moved above 3 and 4 first, so that placing one cannot overwrite the other.
        to_browser_r = self._high(to_browser_r)
        from_browser_w = self._high(from_browser_w)
        # Chromium reads commands on fd 3 and writes answers on fd 4.
        def child_fds():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)
        args = [chromium(), "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--metrics-recording-only", "--mute-audio",
                "--hide-scrollbars", f"--window-size={width},{height}", f"--user-data-dir={self.profile}", "about:blank"]
        self.process = subprocess.Popen(args, preexec_fn=child_fds,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        close_fds=False)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    @staticmethod
    def _high(fd):
        moved = os.dup2(fd, 64 + fd) if hasattr(os, "dup2") else fd
        os.close(fd)
        return moved

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        return self.next_id

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise TimeoutError("no answer from Chromium")
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise EOFError("Chromium closed the pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, params=None, session=None, timeout=30):
        wanted = self.send(method, params, session)
        deadline = time.time() + timeout
        while True:
            message = self.read_message(deadline)
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_for_event(self, method, timeout):
        deadline = time.time() + timeout
        for i, e in enumerate(self.events):
            if e.get("method") == method:
                del self.events[i]
                return e
        while True:
            message = self.read_message(deadline)
            if message.get("method") == method:
                return message
            self.events.append(message)

    def close(self):
        try:
            self.send("Browser.close")
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--eval", default="null")
    parser.add_argument("--wait-for", default="true")
    parser.add_argument("--screenshot")
    parser.add_argument("--selector", help="screenshot only this element (CSS selector)")
    parser.add_argument("--max-height", type=int, default=6000, help="screenshot at most this many pixels from the top")
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--height", type=int, default=1000)
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    url = "file://" + os.path.abspath(args.page)

    browser = Browser(args.width, args.height)
    try:
        target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            browser.call(domain + ".enable", session=session)
        browser.call("Page.navigate", {"url": url}, session=session)
        browser.wait_for_event("Page.loadEventFired", args.timeout)
        deadline = time.time() + args.timeout
        ready = False
        while time.time() < deadline:
            r = browser.call("Runtime.evaluate", {"expression": args.wait_for, "returnByValue": True}, session=session)
            if r.get("result", {}).get("value") is True:
                ready = True
                break
            time.sleep(0.1)
        value = browser.call("Runtime.evaluate", {"expression": args.eval, "returnByValue": True, "awaitPromise": True},
                             session=session).get("result", {}).get("value")
        if args.screenshot:
            metrics = browser.call("Page.getLayoutMetrics", session=session)
            size = metrics.get("cssContentSize") or metrics["contentSize"]
            clip = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
            if args.selector:
                box = browser.call("Runtime.evaluate", {"expression": "(function(){var r=document.querySelector(%s).getBoundingClientRect();"
                                   "return {x:r.left+scrollX,y:r.top+scrollY,width:r.width,height:r.height};})()" % json.dumps(args.selector),
                                   "returnByValue": True}, session=session)["result"]["value"]
                clip.update(box)
            clip["height"] = min(clip["height"], args.max_height)
            shot = browser.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip}, session=session)
            with open(args.screenshot, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
        # Drain what arrived meanwhile.
        browser.call("Runtime.evaluate", {"expression": "1"}, session=session)
    finally:
        browser.close()

    console, exceptions, requests = [], [], []
    for e in browser.events:
        method, params = e.get("method"), e.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
            console.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            console.append(params["entry"].get("text", ""))
        elif method == "Runtime.exceptionThrown":
            d = params.get("exceptionDetails", {})
            exceptions.append(d.get("exception", {}).get("description") or d.get("text", ""))
        elif method == "Network.requestWillBeSent":
            u = params.get("request", {}).get("url", "")
            if u != url and not u.startswith("data:"):
                requests.append(u)
    print(json.dumps({"ready": ready, "console": console, "exceptions": exceptions, "requests": requests, "value": value}, indent=2))


if __name__ == "__main__":
    main()
