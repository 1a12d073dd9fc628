#!/usr/bin/python3
"""live.py — `arbiter watch --serve` as a chief arbiter uses it, in headless
Chromium (tests/serve.sh; tools/bench.sh with --bench).

    live.py ARBITER CHROMIUM GAMES.pgn OUTDIR
    live.py --bench ARBITER CHROMIUM GAMES.pgn OUTDIR
    live.py --trf ARBITER CHROMIUM REPORT.trf GAMES.pgn ROUND OUTDIR

A writer plays 30 games of GAMES.pgn into OUTDIR/round/round.pgn the way
DGT LiveChess writes: the whole round to a temporary name, renamed over
the file.  arbiter watches the directory and serves the page on a free
port of 127.0.0.1; Chromium shows it in a 1920x1080 window.  What is seen
is printed as one JSON object (tests/serve.sh judges it):

    url, boards              the URL said at start; the boards on the page
    fit                      every board inside 1920x1080
    illegal_ms, illegal_board, illegal_first
                             after a write with an illegal move on board 7:
                             how long until the page marked it, on which
                             board, and whether that board came first
    withdrawn_ms             the record corrected: until the mark went
    cut_write                the file cut in the middle of a move: the boards,
                             and those marked illegal (the URL's board only)
    script_tag               a White tag holding <script>: the page's script
                             elements (1) and whether the tag shows as text
    dialogs                  JavaScript dialogs opened (none)
    reconnected, boards_after  the server stopped (SIGINT, its status) and
                             started again on the same port: the page live
                             again with its boards
    sigint_status, sigint_ms  SIGINT with a browser connected: status, time
    silent_after_s           --silent=0.05: until 29 boards are marked silent
    port_in_use              a second server on the same port: status, message
    problems                 the browser's console errors and exceptions
    screenshot               OUTDIR/page.png (1920x1080), to be looked at

With --trf: watch --trf=REPORT.trf --round=ROUND on GAMES.pgn, and the
page's cards in their order (board, players, whether a missing game's).

With --bench: the same round played on move by move (30 boards, a write
20 ms after the page showed the last), the time from each write to the
page's update (median, max), and the page's JavaScript heap at the start
and after every board has played 40 more plies, about an hour of a
classical round (some 1,200 writes).
"""
import base64
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "html"))
from browser import Browser  # noqa: E402

TIMEOUT = 300
BOARDS = 30


def games_of(path):
    """The first BOARDS games: their tags and SAN moves."""
    text = open(path, encoding="utf-8", errors="replace").read()
    games = []
    for block in re.split(r"\n\s*\n(?=\[)", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        body = re.sub(r"^\[.*\]\s*$", "", block, flags=re.M)
        body = re.sub(r"\{[^}]*\}", " ", body)
        body = re.sub(r"\([^()]*\)", " ", body)
        toks = [t for t in body.split() if not re.match(r"^(\d+\.+|\d+\.\.\.|1-0|0-1|1/2-1/2|\*|\$\d+)$", t)]
        toks = [re.sub(r"^\d+\.+", "", t) for t in toks]
        toks = [t for t in toks if t]
        if tags and toks:
            games.append((tags, toks))
        if len(games) == BOARDS:
            break
    return games


def movetext(toks):
    out = []
    for i, t in enumerate(toks):
        if i % 2 == 0:
            out.append(f"{i // 2 + 1}.")
        out.append(t)
    return " ".join(out)


def round_pgn(games, plies, extra=None, white=None, rnd=1):
    """The round with each game at plies[i] half-moves, in progress (*);
    extra[i]: tokens after them; white[i]: another White tag."""
    parts = []
    for i, (tags, toks) in enumerate(games):
        w = (white or {}).get(i, tags.get("White", "?"))
        head = [f'[Event "Live test"]', f'[Site "?"]', f'[Round "{rnd}.{i + 1}"]',
                f'[White "{w}"]', f'[Black "{tags.get("Black", "?")}"]', '[Result "*"]']
        mv = toks[:plies[i]] + (extra or {}).get(i, [])
        parts.append("\n".join(head) + "\n\n" + movetext(mv) + " *\n")
    return "\n".join(parts)


def write_round(path, text):
    tmp = os.path.join(os.path.dirname(path), ".round.pgn.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.rename(tmp, path)


def start(arbiter, watched, port, silent="10", urls=()):
    p = subprocess.Popen([arbiter, "watch", "--serve=127.0.0.1:%d" % port, "--silent=" + silent, "--url-poll=1",
                          watched] + list(urls),
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    m = re.search(r"(http://[^ ]+)", line)
    return p, (m.group(1) if m else None), line


class Page:
    def __init__(self, b, url):
        self.b = b
        self.target = b.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.s = b.send("Target.attachToTarget", {"targetId": self.target, "flatten": True})["sessionId"]
        for domain in ("Runtime", "Page", "Log"):
            b.send(domain + ".enable", session=self.s)
        b.send("Emulation.setDeviceMetricsOverride",
               {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False}, session=self.s)
        b.send("Page.navigate", {"url": url}, session=self.s)

    def js(self, expr):
        r = self.b.send("Runtime.evaluate", {"expression": expr, "returnByValue": True}, session=self.s)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expr}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def until(self, expr, limit_s=60.0, step=0.01):
        """Seconds until expr is true (None: not within limit_s)."""
        t0 = time.monotonic()
        while time.monotonic() - t0 < limit_s:
            try:
                if self.js(expr):
                    return time.monotonic() - t0
            except RuntimeError:
                pass              # (the page is not there yet)
            time.sleep(step)
        return None


def board_needs(i):
    return ("(() => { const e = document.querySelector('.board[data-id$=\"round.pgn#%d\"]');"
            " return e ? e.dataset.needs : null; })()" % (i + 1))


def run(arbiter, chromium, games_path, outdir, bench):
    games = games_of(games_path)
    # 26 boards in a file, 4 behind a URL (httpd.py), unless benched.
    web = [] if bench else games[26:]
    games = games if bench else games[:26]
    watched = os.path.join(outdir, "round")
    www = os.path.join(outdir, "www")
    shutil.rmtree(watched, ignore_errors=True)
    shutil.rmtree(www, ignore_errors=True)
    os.makedirs(watched)
    os.makedirs(www)
    rpath = os.path.join(watched, "round.pgn")
    plies = [10] * len(games)
    write_round(rpath, round_pgn(games, plies))
    out = {"games": len(games) + len(web)}
    urls = []
    httpd = None
    log = os.path.join(outdir, "httpd.log")
    if web:
        write_round(os.path.join(www, "round2.pgn"), round_pgn(web, [10] * len(web), rnd=2))
        httpd = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "httpd.py"),
                                  www, log], stdout=subprocess.PIPE, text=True)
        hport = int(httpd.stdout.readline())
        # The round, a page that is no PGN, and a server that is not there
        # (a port of this machine nobody listens on: the server's own, just
        # closed, would do; port 1 is privileged and free).
        urls = ["http://127.0.0.1:%d/round2.pgn" % hport, "http://127.0.0.1:%d/html" % hport,
                "http://127.0.0.1:1/round3.pgn"]
    try:
        return run_page(arbiter, chromium, games, web, plies, rpath, www, urls, log, outdir, bench, out)
    finally:
        if httpd:
            httpd.terminate()
            httpd.wait()


def run_page(arbiter, chromium, games, web, plies, rpath, www, urls, log, outdir, bench, out):
    watched = os.path.dirname(rpath)
    p, url, line = start(arbiter, watched, 0, "10" if bench else "0.05", urls)
    out["url"] = url
    if not url:
        out["start_error"] = line
        p.kill()
        return out
    port = int(url.rstrip("/").rsplit(":", 1)[1])
    profile = tempfile.mkdtemp(prefix="arbiter-chromium-")
    b = Browser(chromium, profile)
    try:
        pg = Page(b, url)
        pg.until("document.querySelectorAll('.board').length == %d" % (len(games) + len(web)), 60)
        out["boards"] = pg.js("document.querySelectorAll('.board').length")
        out["fit"] = pg.js("[...document.querySelectorAll('.board')].every(e => { const r = e.getBoundingClientRect();"
                           " return r.right <= 1920 && r.bottom <= 1080 && r.width > 200 && r.height > 100; })")
        out["live"] = pg.js("document.body.dataset.live")
        if bench:
            out.update(bench_round(pg, games, rpath))
            return out
        # An illegal move on board 7 (its White king is home: Kh8 cannot be).
        t0 = time.monotonic()
        write_round(rpath, round_pgn(games, plies, extra={6: ["Kh8"]}))
        dt = pg.until("(%s || '').includes('illegal')" % board_needs(6), 60)
        out["illegal_ms"] = None if dt is None else round((time.monotonic() - t0) * 1000)
        out["illegal_board"] = pg.js("[...document.querySelectorAll('.board')].filter(e =>"
                                     " e.dataset.needs.includes('illegal')).map(e => e.dataset.id)")
        out["illegal_first"] = pg.js("document.querySelector('.board').dataset.id")
        out["illegal_text"] = pg.js("(() => { const e = document.querySelector('.board[data-id$=\"round.pgn#7\"]');"
                                    " return e ? e.textContent : null; })()")
        shot = b.send("Page.captureScreenshot", {"format": "png"}, session=pg.s)
        with open(os.path.join(outdir, "page.png"), "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        out["screenshot"] = os.path.join(outdir, "page.png")
        # The record corrected: the mark goes.
        t0 = time.monotonic()
        write_round(rpath, round_pgn(games, plies))
        dt = pg.until("!(%s || 'x').includes('illegal')" % board_needs(6), 60)
        out["withdrawn_ms"] = None if dt is None else round((time.monotonic() - t0) * 1000)
        # The URL's round: its boards there; a change there on the page.
        out["url_boards"] = pg.js("[...document.querySelectorAll('.board')].filter(e =>"
                                  " e.dataset.id.endsWith('round2.pgn#1') || e.dataset.id.includes('/round2.pgn#')).length")
        t0 = time.monotonic()
        write_round(os.path.join(www, "round2.pgn"), round_pgn(web, [10] * len(web), extra={1: ["Kh8"]}, rnd=2))
        dt = pg.until("[...document.querySelectorAll('.board')].some(e => e.dataset.id.endsWith('/round2.pgn#2')"
                      " && e.dataset.needs.includes('illegal'))", 60)
        out["url_illegal_ms"] = None if dt is None else round((time.monotonic() - t0) * 1000)
        pg.until("document.getElementById('sources').textContent.includes('127.0.0.1:1/')", 60)
        out["sources_line"] = pg.js("document.getElementById('sources').textContent")
        # The file caught cut in the middle of a move of its last game (no
        # marker yet): nothing said of the cut move, every board still there.
        text = round_pgn(games, plies)
        cut = text.rstrip().rsplit(" *", 1)[0] + " " + games[-1][1][plies[-1]][:1]
        write_round(rpath, cut)
        time.sleep(1.0)
        out["cut_write"] = {"boards": pg.js("document.querySelectorAll('.board').length"),
                            "marked": pg.js("[...document.querySelectorAll('.board')].filter(e =>"
                                            " /illegal|intervene/.test(e.dataset.needs)).map(e => e.dataset.id)")}
        write_round(rpath, text)
        # A tag with a script in it: text on the page, never run.
        evil = "<script>window.__evil = 1</script><img src=x onerror='window.__evil = 2'>"
        write_round(rpath, round_pgn(games, plies, white={2: evil}))
        pg.until("(document.querySelector('.board[data-id$=\"round.pgn#3\"] .players') || {}).textContent"
                 " && document.querySelector('.board[data-id$=\"round.pgn#3\"] .players').textContent"
                 ".includes('<script>')", 60)
        out["script_tag"] = {
            "scripts": pg.js("document.scripts.length"),
            "imgs": pg.js("document.querySelectorAll('img').length"),
            "evil": pg.js("window.__evil || 0"),
            "as_text": pg.js("(document.querySelector('.board[data-id$=\"round.pgn#3\"] .players') || {})"
                             ".textContent || ''").startswith("<script>")}
        # Boards unchanged for --silent=0.05 (3 s) while their games go on.
        dt = pg.until("[...document.querySelectorAll('.board')].filter(e =>"
                      " e.dataset.needs.split(' ').includes('silent')).length >= %d" % (len(games) - 1), 60, 0.1)
        out["silent_after_s"] = None if dt is None else round(dt, 1)
        # The server stops and starts again on the same port: the page
        # reconnects by itself.
        p.send_signal(signal.SIGINT)
        t_stop = time.time()
        t0 = time.monotonic()
        try:
            out["sigint_status"] = p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            out["sigint_status"] = "hung"
        out["sigint_ms"] = round((time.monotonic() - t0) * 1000)
        pg.until("document.body.dataset.live === '0'", 60)
        out["down_seen"] = pg.js("document.getElementById('status').textContent")
        p, url2, line = start(arbiter, watched, port, "10", urls)
        out["restart_url"] = url2
        before = pg.js("+document.body.dataset.updates")
        dt = pg.until("document.body.dataset.live === '1' && +document.body.dataset.updates > %d" % before, 60, 0.05)
        out["reconnected"] = dt is not None
        out["boards_after"] = pg.js("document.querySelectorAll('.board').length")
        # The server's log: how the URL was asked.
        reqs = [ln.split() for ln in open(log)] if os.path.exists(log) else []
        r2 = [float(t) for t, path, st, c in reqs if path == "/round2.pgn" and float(t) < t_stop]
        out["url_requests"] = len(r2)
        out["url_304"] = sum(1 for t, path, st, c in reqs if path == "/round2.pgn" and st == "304")
        out["url_conditional"] = sum(1 for t, path, st, c in reqs if path == "/round2.pgn" and c == "cond")
        gaps = sorted(b - a for a, b in zip(r2, r2[1:]))
        out["url_min_gap_s"] = round(gaps[0], 2) if gaps else None
        # A second server on that port: said, status 2.
        q = subprocess.run([arbiter, "watch", "--serve=127.0.0.1:%d" % port, watched], capture_output=True,
                           text=True, timeout=30)
        out["port_in_use"] = {"status": q.returncode, "message": q.stderr.strip()}
        # The browser goes: the server goes on.
        b.send("Target.closeTarget", {"targetId": pg.target})
        time.sleep(0.3)
        out["alive_after_disconnect"] = p.poll() is None
        pg2 = Page(b, url2)
        out["second_page_boards"] = pg2.until("document.querySelectorAll('.board').length == %d"
                                              % (len(games) + len(web))) is not None
        p.send_signal(signal.SIGINT)
        out["final_status"] = p.wait(timeout=10)
        out["dialogs"] = sum(1 for e in b.events if e.get("method") == "Page.javascriptDialogOpening")
        out["problems"] = [e["params"] for e in b.events
                           if e.get("method") in ("Runtime.exceptionThrown",)
                           or (e.get("method") == "Log.entryAdded"
                               and e["params"]["entry"].get("level") == "error"
                               and "events" not in e["params"]["entry"].get("url", "")
                               and "ERR_CONNECTION_REFUSED" not in e["params"]["entry"].get("text", ""))]
    finally:
        if p.poll() is None:
            p.kill()
        b.close()
        shutil.rmtree(profile, ignore_errors=True)
    return out


def bench_round(pg, games, rpath):
    """The round move by move: each write's time to the page."""
    heap0 = pg.b.send("Runtime.getHeapUsage", session=pg.s)["usedSize"]
    plies = [10] * len(games)
    lat = []
    writes = 0
    for step in range(40):
        for i in range(len(games)):
            if plies[i] >= len(games[i][1]):
                continue
            plies[i] += 1
            before = pg.js("+document.body.dataset.updates")
            t0 = time.monotonic()
            write_round(rpath, round_pgn(games, plies))
            writes += 1
            if pg.until("+document.body.dataset.updates > %d" % before, 5, 0.002) is not None:
                lat.append((time.monotonic() - t0) * 1000)
            time.sleep(0.02)
    pg.b.send("HeapProfiler.collectGarbage", session=pg.s)
    heap1 = pg.b.send("Runtime.getHeapUsage", session=pg.s)["usedSize"]
    return {"writes": writes, "seen": len(lat), "median_ms": round(statistics.median(lat), 1) if lat else None,
            "max_ms": round(max(lat), 1) if lat else None, "heap_start_kb": heap0 // 1024,
            "heap_end_kb": heap1 // 1024, "boards_end": pg.js("document.querySelectorAll('.board').length")}


def run_trf(arbiter, chromium, trf, pgn, rnd, outdir):
    """--trf: the page's cards in the round's board order, the games missing."""
    watched = os.path.join(outdir, "trf")
    shutil.rmtree(watched, ignore_errors=True)
    os.makedirs(watched)
    shutil.copy(pgn, watched)
    p = subprocess.Popen([arbiter, "watch", "--serve=127.0.0.1:0", "--trf=" + trf, "--round=" + rnd, watched],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    m = re.search(r"(http://[^ ]+)", line)
    out = {"url": m.group(1) if m else None}
    if not m:
        out["start_error"] = line
        p.kill()
        return out
    profile = tempfile.mkdtemp(prefix="arbiter-chromium-")
    b = Browser(chromium, profile)
    try:
        pg = Page(b, m.group(1))
        pg.until("+document.body.dataset.updates > 0 && document.querySelectorAll('.board').length > 0")
        out["cards"] = pg.js("[...document.querySelectorAll('.board')].map(e => [e.querySelector('.no').textContent,"
                             " e.querySelector('.players').textContent, e.classList.contains('missing')])")
        out["count"] = pg.js("document.getElementById('count').textContent")
    finally:
        p.send_signal(signal.SIGINT)
        try:
            out["status"] = p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            out["status"] = "hung"
        b.close()
        shutil.rmtree(profile, ignore_errors=True)
    return out


def main():
    args = sys.argv[1:]
    if args[:1] == ["--trf"]:
        signal.alarm(TIMEOUT)
        print(json.dumps(run_trf(*args[1:])), flush=True)
        return 0
    bench = args[:1] == ["--bench"]
    if bench:
        args = args[1:]
    arbiter, chromium, games_path, outdir = args
    signal.alarm(TIMEOUT * (3 if bench else 1))
    print(json.dumps(run(arbiter, chromium, games_path, outdir, bench)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
