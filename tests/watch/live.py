#!/usr/bin/env python3
"""live.py — drive `arbiter watch` the way electronic boards' software
writes its files, and check what it says and when (TAP on stdout).

  python3 tests/watch/live.py ARBITER

Scenarios (each with inotify and with --poll):
  - one file of two games rewritten move by move, renamed into place
    (LiveChess's way) or truncated and rewritten in place in two pieces;
    the last step written half, a pause, then the rest (a cut write);
  - a directory where a new file appears;
  - SIGINT: the end, its status, nothing lost.
Every finding must appear exactly once, after the write that made it and
less than LATENCY seconds after it; the latencies measured are printed.
"""
import json
import os
import signal
import subprocess
import sys
import threading
import time

LATENCY = 1.0      # the bound on the time from a write to its finding
STEP_GAP = 1.1     # between two writes (more than the bound)
START_WAIT = 20.0  # for the watcher to say what the files held at its start

n = 0
fails = 0
latencies = []


def ok(cond, what):
    global n, fails
    n += 1
    if not cond:
        fails += 1
    print(("ok" if cond else "not ok") + " %d - %s" % (n, what), flush=True)
    return cond


def game(white, black, rnd, moves, result="*", extra=""):
    return ('[Event "Live"]\n[Site "Hall"]\n[White "%s"]\n[Black "%s"]\n[Round "%s"]\n%s[Result "%s"]\n\n%s %s\n\n'
            % (white, black, rnd, extra, result, moves, result))


DANCE = ["Nf3", "Nf6", "Ng1", "Ng8"] * 4


def dance(plies):
    out = []
    for i, mv in enumerate(DANCE[:plies]):
        if i % 2 == 0:
            out.append("%d." % (i // 2 + 1))
        out.append(mv)
    return " ".join(out)


# Game 1 (board 1): the knights dance; the start position the third time at
# ply 8, the fifth at ply 16.  A check mark on a move that gives none at
# the start (1. Nf3+), what the watch says first: it is ready.
def g1(plies):
    return game("Anand", "Boe", "1.1", dance(plies).replace("1. Nf3", "1. Nf3+", 1))


# Game 2 (board 2): clocks; White's flag falls at ply 3 and play goes on;
# an illegal move (3. Bc6) corrected on the board (3. Bb5); the kings put
# on d5 and e4 at the end: the board's signal for 1-0.
TC = '[TimeControl "300+0"]\n'
G2 = [
    "1. e4 {[%clk 0:04:50]} e5 {[%clk 0:04:50]}",
    "1. e4 {[%clk 0:04:50]} e5 {[%clk 0:04:50]} 2. Nf3 {[%clk 0:00:00]} Nc6 {[%clk 0:04:40]}",
    "1. e4 {[%clk 0:04:50]} e5 {[%clk 0:04:50]} 2. Nf3 {[%clk 0:00:00]} Nc6 {[%clk 0:04:40]} 3. Bc6 {[%clk 0:00:00]}",
    "1. e4 {[%clk 0:04:50]} e5 {[%clk 0:04:50]} 2. Nf3 {[%clk 0:00:00]} Nc6 {[%clk 0:04:40]} 3. Bb5 {[%clk 0:00:00]}",
    "1. e4 {[%clk 0:04:50]} e5 {[%clk 0:04:50]} 2. Nf3 {[%clk 0:00:00]} Nc6 {[%clk 0:04:40]} 3. Bb5 {[%clk 0:00:00]} "
    "a6 {[%clk 0:04:30]} 4. Kd5 Ke4",
]


def g2(k, result="*"):
    return game("Carlsen", "Dubov", "1.2", G2[k], result, TC)


# (file content, what it must make: (code, game, withdrawn) ..., cut)
STEPS = [
    (g1(4) + g2(0), [], False),
    (g1(8) + g2(0), [("threefold-claimable", 1, False)], False),
    (g1(8) + g2(1), [("flag-fall", 2, False)], False),
    (g1(8) + g2(2), [("illegal-move", 2, False)], False),
    (g1(8) + g2(3), [("illegal-move", 2, True)], False),
    (g1(16) + g2(3), [("fivefold-repetition", 1, False)], False),
    (g1(16) + g2(4, "1-0"), [("board-result-signal", 2, False)], True),
]
START = [("wrong-mark", 1, False)]


class Watcher:
    """arbiter watch running, its events stamped as they arrive."""

    def __init__(self, argv):
        self.events = []
        self.lock = threading.Lock()
        self.p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.t = threading.Thread(target=self.read, daemon=True)
        self.t.start()

    def read(self):
        for line in self.p.stdout:
            now = time.time()
            with self.lock:
                self.events.append((now, line.decode("utf-8", "replace")))

    def wait_for(self, count, limit):
        end = time.time() + limit
        while time.time() < end:
            with self.lock:
                if len(self.events) >= count:
                    return True
            time.sleep(0.01)
        return False

    def stop(self, sig=signal.SIGINT):
        self.p.send_signal(sig)
        try:
            rc = self.p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.p.kill()
            rc = self.p.wait()
        self.t.join(timeout=5)
        err = self.p.stderr.read().decode("utf-8", "replace")
        self.p.stderr.close()
        self.p.stdout.close()
        return rc, err


def key(line):
    e = json.loads(line)
    return (e["finding"]["code"], e["game"], e["event"] == "withdrawn"), e


def write_rename(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.rename(tmp, path)


def write_inplace(path, text, pause=0.02):
    """Truncate and rewrite in place, in two pieces."""
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC | os.O_CREAT, 0o644)
    half = len(text) // 2
    os.write(fd, text[:half].encode())
    time.sleep(pause)
    os.write(fd, text[half:].encode())
    os.close(fd)


def write_cut(path, text, style):
    """Half the file (cut inside the last move), a pause longer than the
    watcher waits, then the whole file.  The time of the last write."""
    cut = text.rindex("Ke4") + 1
    if style == "rename":
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
    else:
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
    os.write(fd, text[:cut].encode())
    time.sleep(0.6)
    os.write(fd, text[cut:].encode())
    os.close(fd)


def scenario(arbiter, tmp, style, poll):
    mode = ("--poll" if poll else "inotify") + ", " + style
    path = os.path.join(tmp, "live-%s-%s.pgn" % (style, "poll" if poll else "inotify"))
    with open(path, "w") as f:
        f.write(STEPS[0][0])
    argv = [arbiter, "watch", "-f", "jsonl", path] + (["--poll"] if poll else [])
    w = Watcher(argv)
    ready = w.wait_for(1, START_WAIT)
    ok(ready, "%s: the watcher says what the file holds at its start" % mode)
    expected = list(START)
    write_times = {}
    for i, (text, makes, cut) in enumerate(STEPS[1:], 1):
        if cut:
            write_cut(path, text, style)
        elif style == "rename":
            write_rename(path, text)
        else:
            write_inplace(path, text)
        t = time.time()
        for m in makes:
            write_times[m] = t
        expected += makes
        w.wait_for(len(expected), STEP_GAP)
        time.sleep(max(0.0, STEP_GAP - (time.time() - t)))
    rc, err = w.stop()
    got = []
    for when, line in w.events:
        try:
            k, e = key(line)
        except (ValueError, KeyError):
            ok(False, "%s: an event that is no JSON object: %r" % (mode, line))
            continue
        got.append((k, when, e))
    keys = [k for k, _, _ in got]
    ok(sorted(keys) == sorted(expected),
       "%s: each finding said exactly once, nothing else (got %s)" % (mode, keys))
    ok(keys == expected, "%s: in the order the writes made them" % mode)
    lat = []
    for k, when, e in got:
        if k in write_times:
            lat.append((k[0] + (" withdrawn" if k[2] else ""), when - write_times[k]))
    slow = [(c, round(d, 3)) for c, d in lat if not (0 <= d < LATENCY)]
    ok(len(lat) == len(expected) - len(START) and not slow,
       "%s: every finding less than %.1f s after its write (%s)" % (
           mode, LATENCY, ", ".join("%s %.0f ms" % (c, d * 1000) for c, d in lat)))
    latencies.extend(d for _, d in lat)
    fivefold = [e for k, _, e in got if k[0] == "fivefold-repetition"]
    ok(fivefold and fivefold[0].get("intervene") is True and fivefold[0]["finding"]["article"] == "9.6.1",
       "%s: fivefold repetition says the arbiter must intervene (9.6.1)" % mode)
    sig = [e for k, _, e in got if k[0] == "board-result-signal"]
    ok(sig and "d5 and e4" in sig[0]["finding"]["message"] and "1-0" in sig[0]["finding"]["message"]
       and sig[0]["finding"]["severity"] == "info",
       "%s: the kings on d5 and e4: the board's signal for 1-0, not an illegal move" % mode)
    ok(rc == 1 and "ERROR: AddressSanitizer" not in err and "runtime error" not in err,
       "%s: SIGINT ends it; status 1 (an error was said: the illegal move); stderr: %r" % (mode, err[-300:]))


def directory(arbiter, tmp, poll):
    mode = "directory, " + ("--poll" if poll else "inotify")
    d = os.path.join(tmp, "dir-" + ("poll" if poll else "inotify"))
    os.mkdir(d)
    with open(os.path.join(d, "board1.pgn"), "w") as f:
        f.write(g1(4))
    with open(os.path.join(d, "notes.txt"), "w") as f:
        f.write("not a game\n")
    w = Watcher([arbiter, "watch", "-f", "jsonl", "--fail-on=never", d] + (["--poll"] if poll else []))
    ok(w.wait_for(1, START_WAIT), "%s: the files at the start are read" % mode)
    # A new board's file appears: written under another name, renamed.
    tmpf = os.path.join(d, "board2.pgn.part")
    with open(tmpf, "w") as f:
        f.write(g2(2))
    os.rename(tmpf, os.path.join(d, "board2.pgn"))
    t = time.time()
    got2 = w.wait_for(3, 5)
    # And one written in place.
    time.sleep(0.3)
    with open(os.path.join(d, "board3.pgn"), "w") as f:
        f.write(game("E", "F", "1.3", "1. e4 e5 2. Ke3", "*"))
    t3 = time.time()
    got3 = w.wait_for(4, 5)
    time.sleep(0.5)
    rc, err = w.stop()
    ev = [(when, json.loads(line)) for when, line in w.events]
    files = [(os.path.basename(e["file"]), e["finding"]["code"]) for _, e in ev]
    ok(files == [("board1.pgn", "wrong-mark"), ("board2.pgn", "flag-fall"), ("board2.pgn", "illegal-move"),
                 ("board3.pgn", "illegal-move")],
       "%s: a new *.pgn file is followed, renamed in or written in place; no other file (%s)" % (mode, files))
    if got2 and got3 and len(ev) == 4:
        d2, d3 = ev[1][0] - t, ev[3][0] - t3
        latencies.extend([d2, d3])
        ok(d2 < LATENCY and d3 < LATENCY,
           "%s: the new files' findings in %.0f ms and %.0f ms" % (mode, d2 * 1000, d3 * 1000))
    else:
        ok(False, "%s: the new files' findings did not come" % mode)
    ok(rc == 0 and "AddressSanitizer" not in err, "%s: --fail-on=never: SIGINT ends it with status 0 (%r)" % (mode, err[-300:]))


def interrupt(arbiter, tmp):
    path = os.path.join(tmp, "int.pgn")
    with open(path, "w") as f:
        f.write(g1(4))
    w = Watcher([arbiter, "watch", path])
    ok(w.wait_for(1, START_WAIT), "SIGINT: the watcher started (text format)")
    write_rename(path, g1(8))
    w.wait_for(2, 5)
    # The check mark taken off the first move: the warning is withdrawn.
    write_rename(path, g1(8).replace("1. Nf3+", "1. Nf3", 1))
    w.wait_for(3, 5)
    rc, err = w.stop(signal.SIGINT)
    lines = [line for _, line in w.events]
    ok(len(lines) == 3 and "[wrong-mark]" in lines[0] and "info: game 1, Anand - Boe, round 1, board 1: 4... Ng8:"
       in lines[1] and lines[1].rstrip().endswith("[threefold-claimable]")
       and lines[2] == lines[0].replace(": warning: ", ": withdrawn: no longer in the record: ", 1),
       "text events, one line each; the corrected record withdraws the check mark's warning: %r" % lines)
    ok(rc == 0 and err == "", "SIGINT: status 0 (no error said), nothing on stderr (%r)" % err[-300:])
    w = Watcher([arbiter, "watch", path])
    w.wait_for(1, START_WAIT)
    rc, err = w.stop(signal.SIGTERM)
    ok(rc == 0 and len(w.events) == 1 and err == "", "SIGTERM ends it the same way (%d events, status %d)" % (
        len(w.events), rc))


def busy_neighbour(arbiter, tmp):
    """A file written without pause beside the one followed (a log in the
    same directory): the watch still reads its file in time and ends at
    SIGINT."""
    d = os.path.join(tmp, "busy")
    os.mkdir(d)
    path = os.path.join(d, "board.pgn")
    with open(path, "w") as f:
        f.write(g1(4))
    stop = threading.Event()

    def scribble():
        with open(os.path.join(d, "log.txt"), "w") as log:
            while not stop.is_set():
                log.write("x")
                log.flush()

    w = Watcher([arbiter, "watch", "-f", "jsonl", path])
    ready = w.wait_for(1, START_WAIT)
    t = threading.Thread(target=scribble, daemon=True)
    t.start()
    time.sleep(0.5)
    write_rename(path, g1(8))
    t0 = time.time()
    came = w.wait_for(2, 5)
    lat = w.events[1][0] - t0 if came else None
    t1 = time.time()
    w.p.send_signal(signal.SIGINT)
    try:
        rc = w.p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        rc = None
    took = time.time() - t1
    stop.set()
    t.join()
    if rc is None:
        w.stop(signal.SIGKILL)
    else:
        w.stop(signal.SIGINT)
    if lat is not None:
        latencies.append(lat)
    ok(ready and came and lat < LATENCY,
       "a log written without pause beside the file: its finding still in %s ms" % (
           "%.0f" % (lat * 1000) if lat is not None else "(never)"))
    ok(rc == 0 and took < 2, "... and SIGINT still ends it (status %s, in %.0f ms)" % (rc, took * 1000))


def main():
    arbiter = sys.argv[1]
    tmp = sys.argv[2]
    for poll in (False, True):
        for style in ("rename", "inplace"):
            scenario(arbiter, tmp, style, poll)
        directory(arbiter, tmp, poll)
    interrupt(arbiter, tmp)
    busy_neighbour(arbiter, tmp)
    if latencies:
        s = sorted(latencies)
        print("# latencies from write to finding: %d measured, median %.0f ms, max %.0f ms"
              % (len(s), s[len(s) // 2] * 1000, s[-1] * 1000))
    print("1..%d" % n)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
