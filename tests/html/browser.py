#!/usr/bin/python3
"""browser.py — an `arbiter check --format=html` page in headless Chromium,
driven over the DevTools protocol on a pipe (tests/html.sh).

    browser.py CHROMIUM PAGE...
    browser.py --time CHROMIUM PAGE

loads each PAGE (a file) in a tab of one Chromium, in a 1200x900
viewport, and prints a line of JSON for each:

    ready, error     the script's marker on <body> (the number of findings
                     it found), or the exception it caught
    problems         what the browser said: uncaught exceptions, console
                     messages, log entries (a blocked resource, a
                     Content-Security-Policy violation), failed requests
    requests         requests other than the page itself
    boards, boards_drawn  svg.arb-board elements, and those with a size
    first_in_main    the ids of the report's first two children (the
                     summary and the contents, moved to the front by the
                     script)
    findings         the ids of the first two findings in the document
    toc              for the contents' first link to a finding: its
                     target's id once followed, whether the target is
                     then in view at the top, and the links of the
                     contents that name no element
    frames           the diagrams' frames (rect.cand) drawn with a size
    scripts          the number of script elements (one: a tag value that
                     holds a <script> stays text)
    tab              the text of what the first Tab focuses
    keys             the id focused after each of j j k (and the finding's
                     outline style while focused: the focus is visible)
    print            with print media: the keys' help's display, and the
                     colours of the marks and severities
    page.png, page.pdf  of the first PAGE only: a screenshot (at the
                     first finding) and the page printed, written beside it

With --time, it loads PAGE alone and prints {"ready": MARKER, "ms": N}:
the milliseconds from asking for the page until the script's marker is on
<body> and a frame has been drawn after it (two animation frames).

Chromium runs with a throwaway profile and no sandbox (as root); nothing
is installed.  Messages on the pipe are JSON, each ended by a NUL byte.
"""
import base64
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# The whole run ends here at the latest: a hang fails, a busy machine
# (Chromium's start and a page of 2,000 findings take seconds) does not.
TIMEOUT = 300


class Browser:
    def __init__(self, chromium, profile):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def fds():
            # The protocol pipe: Chromium reads fd 3 and writes fd 4.
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--user-data-dir=" + profile, "--window-size=1200,900", "--hide-scrollbars",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=fds, pass_fds=(3, 4))
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buf = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.to_chrome, json.dumps(msg).encode() + b"\0")
        return self.wait(lambda m: m.get("id") == self.next_id)

    def read(self):
        while b"\0" not in self.buf:
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def wait(self, pred):
        while True:
            m = self.read()
            if pred(m):
                if "error" in m:
                    raise RuntimeError(json.dumps(m["error"]))
                return m.get("result", m.get("params"))
            if "method" in m:
                self.events.append(m)

    def close(self):
        # SIGTERM ends Chromium and its helpers at once (Browser.close takes
        # two seconds more).
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def check(b, page, pictures):
    """Load page in a new tab of b and look at it; return what was seen."""
    url = "file://" + os.path.abspath(page)
    outdir = os.path.dirname(os.path.abspath(page))
    out = {}
    b.events = []
    target = b.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    s = b.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Runtime", "Log", "Page", "Network"):
        b.send(domain + ".enable", session=s)
    b.send("Emulation.setDeviceMetricsOverride",
           {"width": 1200, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session=s)
    b.send("Page.navigate", {"url": url}, session=s)
    b.wait(lambda m: m.get("method") == "Page.loadEventFired" and m.get("sessionId") == s)

    def js(expr):
        r = b.send("Runtime.evaluate", {"expression": expr, "returnByValue": True}, session=s)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expr}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def key(name, code, vk, text=None):
        for kind in ("keyDown", "keyUp"):
            p = {"type": kind, "key": name, "code": code, "windowsVirtualKeyCode": vk}
            if text and kind == "keyDown":
                p["text"] = text
            b.send("Input.dispatchKeyEvent", p, session=s)

    out.update(js("""({
        ready: document.body.getAttribute('data-arb-ready'),
        error: document.body.getAttribute('data-arb-error'),
        boards: document.querySelectorAll('svg.arb-board').length,
        boards_drawn: Array.prototype.filter.call(document.querySelectorAll('svg.arb-board'),
            function (e) { var r = e.getBoundingClientRect(); return r.width > 100 && r.height > 100; }).length,
        first_in_main: Array.prototype.slice.call(document.getElementById('report').children, 0, 2)
            .map(function (e) { return e.id; }),
        findings: Array.prototype.slice.call(document.querySelectorAll('.finding'), 0, 2)
            .map(function (e) { return e.id; }),
        frames: Array.prototype.filter.call(document.querySelectorAll('svg.arb-board rect.cand'),
            function (e) { var r = e.getBoundingClientRect(); return r.width > 20 && r.height > 20; }).length,
        scripts: document.scripts.length
    })"""))
    key("Tab", "Tab", 9)
    out["tab"] = js("document.activeElement.textContent")
    out["keys"] = []
    for k, code, vk in (("j", "KeyJ", 74), ("j", "KeyJ", 74), ("k", "KeyK", 75)):
        key(k, code, vk, k)
        out["keys"].append(js("document.activeElement.id + ' ' + getComputedStyle(document.activeElement).outlineStyle"))
    if pictures:
        # The screenshot: the first finding in view, where k left it.
        time.sleep(0.1)
        png = b.send("Page.captureScreenshot", {"format": "png"}, session=s)["data"]
        with open(os.path.join(outdir, "page.png"), "wb") as f:
            f.write(base64.b64decode(png))
        pdf = b.send("Page.printToPDF", {}, session=s)["data"]
        with open(os.path.join(outdir, "page.pdf"), "wb") as f:
            f.write(base64.b64decode(pdf))
    # The contents: every link names an element; the first link to a
    # finding, followed, brings it to the top of the window.
    out["toc"] = js("""(function () {
        var links = Array.prototype.slice.call(document.querySelectorAll('#toc a'));
        var broken = links.filter(function (a) { return !document.getElementById(a.hash.slice(1)); })
            .map(function (a) { return a.hash; });
        var first = document.querySelector('#toc ul ul a[href^="#e"], #toc ul ul a[href^="#w"], #toc ul ul a[href^="#i"]');
        if (!first) return {target: null, top: null, broken: broken};
        first.click();
        var t = document.querySelector(':target');
        var r = t ? t.getBoundingClientRect() : null;
        return {target: t ? t.id : null, top: r ? r.top >= 0 && r.top < 50 : null, want: first.hash.slice(1),
                broken: broken};
    })()""")
    # The print style: no keys' help, black marks.
    b.send("Emulation.setEmulatedMedia", {"media": "print"}, session=s)
    out["print"] = js("""({
        keys: getComputedStyle(document.querySelector('.keys')).display,
        colours: Array.prototype.map.call(document.querySelectorAll('.mv, .sev'),
            function (e) { return getComputedStyle(e).color; })
            .filter(function (c, i, all) { return all.indexOf(c) === i; })
    })""")
    b.send("Target.closeTarget", {"targetId": target})
    out["problems"] = []
    out["requests"] = []
    for m in b.events:
        if m.get("sessionId") != s:
            continue
        p, method = m.get("params", {}), m.get("method")
        if method == "Runtime.exceptionThrown":
            out["problems"].append("exception: " + json.dumps(p["exceptionDetails"])[:300])
        elif method == "Runtime.consoleAPICalled":
            out["problems"].append("console." + p["type"] + ": " + json.dumps(p["args"])[:300])
        elif method == "Log.entryAdded":
            e = p["entry"]
            out["problems"].append(f"log ({e['source']}, {e['level']}): {e['text']}"[:300])
        elif method == "Network.loadingFailed":
            out["problems"].append("request failed: " + p.get("errorText", ""))
        elif method == "Network.requestWillBeSent" and p["request"]["url"] != url:
            out["requests"].append(p["request"]["url"][:200])
    return out


def timed(b, page):
    """Load page; the time until the script's marker and a frame after it."""
    url = "file://" + os.path.abspath(page)
    target = b.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    s = b.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    b.send("Page.enable", session=s)
    b.send("Emulation.setDeviceMetricsOverride",
           {"width": 1200, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session=s)
    t0 = time.monotonic()
    b.send("Page.navigate", {"url": url}, session=s)
    b.wait(lambda m: m.get("method") == "Page.loadEventFired" and m.get("sessionId") == s)
    r = b.send("Runtime.evaluate", {"expression": """new Promise(function (done) {
        (function wait() {
            if (document.body && (document.body.hasAttribute('data-arb-ready') ||
                                  document.body.hasAttribute('data-arb-error')))
                requestAnimationFrame(function () { requestAnimationFrame(function () {
                    done(document.body.getAttribute('data-arb-ready')); }); });
            else
                setTimeout(wait, 5);
        })();
    })""", "awaitPromise": True, "returnByValue": True}, session=s)
    ms = round((time.monotonic() - t0) * 1000)
    b.send("Target.closeTarget", {"targetId": target})
    return {"ready": r["result"].get("value"), "ms": ms}


def main():
    args = sys.argv[1:]
    timing = args[:1] == ["--time"]
    if timing:
        args = args[1:]
    chromium, pages = args[0], args[1:]
    signal.alarm(TIMEOUT)
    profile = tempfile.mkdtemp(prefix="arbiter-chromium-")
    b = Browser(chromium, profile)
    try:
        for i, page in enumerate(pages):
            print(json.dumps(timed(b, page) if timing else check(b, page, i == 0)), flush=True)
    finally:
        b.close()
        shutil.rmtree(profile, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
