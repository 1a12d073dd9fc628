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
Every finding must appear exactly once, after the write that made it.
Nothing here depends on the machine's speed: each write waits for the
findings of the one before (up to WAIT seconds: only a watcher that never
says them fails), and a last write whose finding is known closes each
scenario, so that anything said late is still counted.  The latencies
from a write to its finding are printed, not judged: `make bench` runs
this with the optimised build and compares them with the target (under
1 s).
"""
import json
import os
import signal
import subprocess
import sys
import threading
import time

# How long a finding may take before the watcher counts as stuck: a bound
# no load reaches (the findings come in milliseconds on a quiet machine);
# the speed itself is measured by `make bench`.
WAIT = float(os.environ.get("LIVE_WAIT", "120"))
stuck = False      # a wait ran out: the later ones give a second, not WAIT

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
# The last write of a scenario: a third game with an illegal move.  The
# watcher reads a file's states in order, so once this is said everything
# the earlier writes made has been said too.
LAST = (g1(16) + g2(4, "1-0") + game("Eve", "Fay", "1.3", "1. e4 e5 2. Ke3", "*"), [("illegal-move", 3, False)])


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
        global stuck
        end = time.time() + (min(limit, 1.0) if stuck else limit)
        while time.time() < end:
            with self.lock:
                if len(self.events) >= count:
                    return True
            time.sleep(0.01)
        stuck = True
        return False

    def stop(self, sig=signal.SIGINT):
        self.p.send_signal(sig)
        try:
            rc = self.p.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.p.kill()
            rc = self.p.wait()
        self.t.join(timeout=WAIT)
        err = self.p.stderr.read().decode("utf-8", "replace")
        self.p.stderr.close()
        self.p.stdout.close()
        return rc, err


def key(line):
    e = json.loads(line)
    return (e["finding"]["code"], e["game"], e["event"] == "withdrawn"), e


# Each writer returns the time just before the write that completes the
# text: no finding of it can come earlier.
def write_rename(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    t = time.time()
    os.rename(tmp, path)
    return t


def write_inplace(path, text, pause=0.02):
    """Truncate and rewrite in place, in two pieces."""
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC | os.O_CREAT, 0o644)
    half = len(text) // 2
    os.write(fd, text[:half].encode())
    time.sleep(pause)
    t = time.time()
    os.write(fd, text[half:].encode())
    os.close(fd)
    return t


def write_cut(path, text):
    """Half the file (cut inside the last move), a pause longer than the
    watcher waits (whether it reads the cut or not, it must say the same),
    then the rest."""
    cut = text.rindex("Ke4") + 1
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
    os.write(fd, text[:cut].encode())
    time.sleep(0.6)
    t = time.time()
    os.write(fd, text[cut:].encode())
    os.close(fd)
    return t


def scenario(arbiter, tmp, style, poll):
    mode = ("--poll" if poll else "inotify") + ", " + style
    path = os.path.join(tmp, "live-%s-%s.pgn" % (style, "poll" if poll else "inotify"))
    with open(path, "w") as f:
        f.write(STEPS[0][0])
    argv = [arbiter, "watch", "-f", "jsonl", path] + (["--poll"] if poll else [])
    w = Watcher(argv)
    ready = w.wait_for(1, WAIT)
    ok(ready, "%s: the watcher says what the file holds at its start" % mode)
    expected = list(START)
    write_times = {}
    for i, (text, makes, cut) in enumerate(STEPS[1:] + [LAST + (False,)], 1):
        if cut:
            t = write_cut(path, text)
        elif style == "rename":
            t = write_rename(path, text)
        else:
            t = write_inplace(path, text)
        for m in makes:
            write_times[m] = t
        expected += makes
        if not w.wait_for(len(expected), WAIT):
            break       # stuck: what came is compared below
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
    early = [(c, round(d, 3)) for c, d in lat if d < 0]
    ok(len(lat) == len(expected) - len(START) and not early,
       "%s: every finding after its write (%s)" % (
           mode, ", ".join("%s %.0f ms" % (c, d * 1000) for c, d in lat)))
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
    ok(w.wait_for(1, WAIT), "%s: the files at the start are read" % mode)
    # A new board's file appears: written under another name, renamed.
    tmpf = os.path.join(d, "board2.pgn.part")
    with open(tmpf, "w") as f:
        f.write(g2(2))
    t = time.time()
    os.rename(tmpf, os.path.join(d, "board2.pgn"))
    got2 = w.wait_for(3, WAIT)
    # And one written in place.
    t3 = time.time()
    with open(os.path.join(d, "board3.pgn"), "w") as f:
        f.write(game("E", "F", "1.3", "1. e4 e5 2. Ke3", "*"))
    got3 = w.wait_for(4, WAIT)
    # The last: board1 rewritten with a finding of its own (said after
    # anything the earlier files made).
    write_rename(os.path.join(d, "board1.pgn"), g1(8))
    w.wait_for(5, WAIT)
    rc, err = w.stop()
    ev = [(when, json.loads(line)) for when, line in w.events]
    files = [(os.path.basename(e["file"]), e["finding"]["code"]) for _, e in ev]
    ok(files == [("board1.pgn", "wrong-mark"), ("board2.pgn", "flag-fall"), ("board2.pgn", "illegal-move"),
                 ("board3.pgn", "illegal-move"), ("board1.pgn", "threefold-claimable")],
       "%s: a new *.pgn file is followed, renamed in or written in place; no other file (%s)" % (mode, files))
    if got2 and got3 and len(ev) >= 4:
        d2, d3 = ev[1][0] - t, ev[3][0] - t3
        latencies.extend([d2, d3])
        ok(d2 >= 0 and d3 >= 0,
           "%s: the new files' findings after their writes, in %.0f ms and %.0f ms" % (mode, d2 * 1000, d3 * 1000))
    else:
        ok(False, "%s: the new files' findings did not come in %.0f s" % (mode, WAIT))
    ok(rc == 0 and "AddressSanitizer" not in err, "%s: --fail-on=never: SIGINT ends it with status 0 (%r)" % (mode, err[-300:]))


def interrupt(arbiter, tmp):
    path = os.path.join(tmp, "int.pgn")
    with open(path, "w") as f:
        f.write(g1(4))
    w = Watcher([arbiter, "watch", path])
    ok(w.wait_for(1, WAIT), "SIGINT: the watcher started (text format)")
    write_rename(path, g1(8))
    w.wait_for(2, WAIT)
    # The check mark taken off the first move: the warning is withdrawn.
    write_rename(path, g1(8).replace("1. Nf3+", "1. Nf3", 1))
    w.wait_for(3, WAIT)
    rc, err = w.stop(signal.SIGINT)
    lines = [line for _, line in w.events]
    ok(len(lines) == 3 and "[wrong-mark]" in lines[0] and "info: game 1, Anand - Boe, round 1, board 1: 4... Ng8:"
       in lines[1] and lines[1].rstrip().endswith("[threefold-claimable]")
       and lines[2] == lines[0].replace(": warning: ", ": withdrawn: no longer in the record: ", 1),
       "text events, one line each; the corrected record withdraws the check mark's warning: %r" % lines)
    ok(rc == 0 and err == "", "SIGINT: status 0 (no error said), nothing on stderr (%r)" % err[-300:])
    w = Watcher([arbiter, "watch", path])
    w.wait_for(1, WAIT)
    rc, err = w.stop(signal.SIGTERM)
    ok(rc == 0 and len(w.events) == 1 and err == "", "SIGTERM ends it the same way (%d events, status %d)" % (
        len(w.events), rc))


def busy_neighbour(arbiter, tmp):
    """A file written without pause beside the one followed (a log in the
    same directory): the watch still reads its file and ends at SIGINT."""
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
    ready = w.wait_for(1, WAIT)
    t = threading.Thread(target=scribble, daemon=True)
    t.start()
    time.sleep(0.5)
    t0 = write_rename(path, g1(8))
    came = w.wait_for(2, WAIT)
    lat = w.events[1][0] - t0 if came else None
    t1 = time.time()
    w.p.send_signal(signal.SIGINT)
    try:
        rc = w.p.wait(timeout=WAIT)
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
    ok(ready and came and lat >= 0,
       "a log written without pause beside the file: its finding still comes (in %s ms)" % (
           "%.0f" % (lat * 1000) if lat is not None else "never: %.0f s" % WAIT))
    ok(rc == 0, "... and SIGINT still ends it (status %s, in %.0f ms)" % (rc, took * 1000))


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
