#!/usr/bin/env python3
"""interleave.py INPUT CLEAN FLAGGED CLASSES: is INPUT, byte for byte, the
write-outs CLEAN and FLAGGED taken back in input order?
interleave.py --list FILE: the same for each line of FILE (INPUT, CLEAN,
FLAGGED, CLASSES and a label, separated by tabs; one Python for them all).

CLASSES is one letter a game, in input order: C (the game went to
--write-clean) or F (--write-flagged), as the run's JSON Lines records say.
Consecutive games of one class are one run of bytes of the input; the runs
alternate between the two files.  A write-out may hold, between two of its
runs that do not follow each other in the input, one or two line ends the
program put there (an empty line between games), and one line end at its
very end; nothing else.  Exit 0 when the files are the input split so, 1
(with the place they part) when not.
"""
import sys

SEPS = (b"", b"\n", b"\r\n", b"\n\n", b"\r\n\r\n")
PROBE = 24


def lcp(a, i, b, j):
    """Length of the common prefix of a[i:] and b[j:]."""
    n = min(len(a) - i, len(b) - j)
    lo, hi = 0, n
    # Binary search on slices (fast in C).
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[i:i + mid] == b[j:j + mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def check(src, clean, flagged, classes):
    """None when the write-outs are the input split so, else why not."""
    runs = []
    for c in classes:
        if not runs or runs[-1] != c:
            runs.append(c)
    files = {"C": clean, "F": flagged}
    if not runs:
        # No game: the whole input in --write-clean.
        if clean in (src, src + b"\n") and flagged == b"":
            return None
        return "no game, and the write-outs are not the input in --write-clean"
    sys.setrecursionlimit(10000 + 4 * len(runs))
    memo = set()
    best = [0]

    def ends(x, p):
        return p == len(x) or x[p:] in (b"\n", b"\r\n")

    def go(i, pos, r):
        key = (i, pos, r)
        if key in memo:
            return False
        memo.add(key)
        best[0] = max(best[0], i)
        k = 0 if runs[r] == "C" else 1
        x = files[runs[r]]
        p = pos[k]
        last = r == len(runs) - 1
        for sep in SEPS if p > 0 else (b"",):
            if not x.startswith(sep, p):
                continue
            q = p + len(sep)
            n = lcp(src, i, x, q)
            if n == 0:
                continue
            if last:
                other = files["F" if runs[r] == "C" else "C"]
                if i + n == len(src) and ends(x, q + n) and ends(other, pos[1 - k]):
                    return True
                continue
            # The next run starts in the other file (after its separator):
            # the cuts where the input goes on with its bytes.
            y = files[runs[r + 1]]
            yp = pos[1 - k]
            for ysep in SEPS if yp > 0 else (b"",):
                if not y.startswith(ysep, yp):
                    continue
                probe = y[yp + len(ysep):yp + len(ysep) + PROBE]
                if not probe:
                    continue
                cut = src.rfind(probe, i + 1, i + n + len(probe))
                while cut > i:
                    np = list(pos)
                    np[k] = q + (cut - i)
                    if go(cut, tuple(np), r + 1):
                        return True
                    cut = src.rfind(probe, i + 1, cut - 1 + len(probe))
        return False

    if go(0, (0, 0), 0):
        return None
    return "the write-outs part from the input at byte %d (%d runs: %s)" % (best[0], len(runs), "".join(runs)[:60])


def main():
    if sys.argv[1] == "--list":
        bad = n = 0
        for line in open(sys.argv[2], encoding="utf-8"):
            src, clean, flagged, classes, label = line.rstrip("\n").split("\t")
            why = check(*(open(p, "rb").read() for p in (src, clean, flagged)), classes)
            n += 1
            if why:
                bad += 1
                print("%s: %s" % (label, why))
        print("checked %d, %d differ" % (n, bad))
        return 1 if bad else 0
    why = check(*(open(p, "rb").read() for p in sys.argv[1:4]), sys.argv[4])
    print(why or "ok")
    return 1 if why else 0


sys.exit(main())
