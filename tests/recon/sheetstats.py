#!/usr/bin/env python3
"""sheetstats.py — measure how harsh a set of noisy scoresheets is.

    PYTHONPATH=/path/to/python-chess python3 tests/recon/sheetstats.py DIR [DIR ...]

Each DIR holds sheets and an expected.jsonl in the layout of
tests/data/scoresheets/timetrouble-dev (case, sheets, langs, slips, uci).
For every sheet it reads the rows as a player wrote them, compares them
with the true game (python-chess writes the true SAN) and prints one
Markdown table with a column per DIR: what differs from the truth, blank
cells, rows with one move, stops and their length, shifts (where the
sheet's cells fall out of step with the game), and the slips the set's own
labels name, per sheet.  The measures are computed from the text alone
(the labels only in the last rows), in the same way for every set, so that
a generated set can be compared with the outside-like sample
(tests/recon/GENERATOR.md shows the table).  A tool run by hand; no test
needs it.
"""
import json
import os
import re
import sys

import chess

RESULTS = {"1-0", "0-1", "1/2-1/2", "\u00bd-\u00bd", "*"}
BLANK = None
# The sheet languages' piece letters in English.
LETTERS = {
    "en": {"N": "N", "B": "B", "R": "R", "Q": "Q", "K": "K"},
    "fi": {"R": "N", "L": "B", "T": "R", "D": "Q", "K": "K"},
    "et": {"R": "N", "O": "B", "V": "R", "L": "Q", "K": "K"},
}
CASTLE = re.compile(r"^[0O]-?[0O](-?[0O])?")


def parse_sheet(path):
    """The sheet's rows: a list of (number, cells, explicit) where cells are
    tokens or BLANK and explicit counts the '...' cells."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line in RESULTS:
                continue
            m = re.match(r"^(\d+)\s*\.?\s*(.*)$", line)
            if not m:
                continue
            toks = [t for t in m.group(2).split() if t not in RESULTS]
            rows.append((int(m.group(1)), toks))
    return rows


def cells_of(rows):
    """The cells in reading order (BLANK for an empty one) and counts of
    explicit blanks ('...'), implicit ones (a row without Black's move that
    is not the last) and rows holding one move."""
    cells, explicit, implicit, one = [], 0, 0, 0
    for i, (_, toks) in enumerate(rows):
        last = i == len(rows) - 1
        if toks and toks[0] == "...":
            explicit += 1
            cells += [BLANK] + toks[1:2]
            if not last:
                one += 1
            continue
        if len(toks) == 1 and not last:
            one += 1
        w = toks[0] if toks else BLANK
        b = toks[1] if len(toks) > 1 else BLANK
        if not toks and not last:
            implicit += 2
        elif len(toks) == 1 and not last:
            implicit += 1
        cells += [w] if last and len(toks) <= 1 else [w, b]
    while cells and cells[-1] is BLANK:
        cells.pop()
    return cells, explicit, implicit, one


def to_english(tok, lang):
    """The token in English SAN letters (castling with O, ':' as 'x')."""
    if tok is BLANK:
        return BLANK
    m = CASTLE.match(tok)
    if m:
        return ("O-O-O" if m.group(1) else "O-O") + tok[m.end():].replace("++", "#")
    t = tok.replace(":", "x").replace("++", "#")
    table = LETTERS.get(lang, LETTERS["en"])
    if t and t[0] in table:
        t = table[t[0]] + t[1:]
    m = re.match(r"^(.*[a-h][18])=?([A-Z])(.*)$", t)
    if m and m.group(2) in table:
        t = m.group(1) + "=" + table[m.group(2)] + m.group(3)
    return t


def loose(tok):
    """The token without capture, check and promotion marks."""
    return BLANK if tok is BLANK else re.sub(r"[x+#=:]", "", tok)


def edit(a, b):
    """Levenshtein distance."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def align(cells, sans):
    """Align the sheet's cells (English) to the true SAN: returns the path
    as a list of ('sub', i, j), ('ins', i, None), ('del', None, j).  A
    trailing run of true moves without cells (a stop) costs almost nothing;
    a cell standing for another move costs 1 (0.7 when alike, 0.5 blank),
    a cell too many or a move left out 1.1."""
    n, m = len(cells), len(sans)
    inf = float("inf")
    cost = [[inf] * (m + 1) for _ in range(n + 1)]
    back = [[None] * (m + 1) for _ in range(n + 1)]
    cost[0][0] = 0.0
    gap = 1.1

    def sub(c, s):
        if c is BLANK:
            return 0.5
        lc, ls = loose(c), loose(s)
        if lc == ls:
            return 0.0
        return 0.7 if edit(lc, ls) <= 2 else 1.0

    for i in range(n + 1):
        for j in range(m + 1):
            if i == 0 and j == 0:
                continue
            best, arg = inf, None
            if i and j and cost[i - 1][j - 1] + sub(cells[i - 1], sans[j - 1]) < best:
                best, arg = cost[i - 1][j - 1] + sub(cells[i - 1], sans[j - 1]), "sub"
            if i and cost[i - 1][j] + (0.4 if cells[i - 1] is BLANK else gap) < best:
                best, arg = cost[i - 1][j] + (0.4 if cells[i - 1] is BLANK else gap), "ins"
            if j:
                step = 0.01 if i == n else gap
                if cost[i][j - 1] + step < best:
                    best, arg = cost[i][j - 1] + step, "del"
            cost[i][j], back[i][j] = best, arg
    path, i, j = [], n, m
    while i or j:
        op = back[i][j]
        if op == "sub":
            path.append(("sub", i - 1, j - 1))
            i, j = i - 1, j - 1
        elif op == "ins":
            path.append(("ins", i - 1, None))
            i -= 1
        else:
            path.append(("del", None, j - 1))
            j -= 1
    path.reverse()
    return path


def sheet_stats(path, lang, sans):
    rows = parse_sheet(path)
    cells_raw, explicit, implicit, one = cells_of(rows)
    cells = [to_english(c, lang) for c in cells_raw]
    st = {}
    st["cells"] = len(cells)
    st["differ"] = sum(1 for i, c in enumerate(cells) if c is BLANK or i >= len(sans) or c != sans[i])
    st["differ_loose"] = sum(1 for i, c in enumerate(cells)
                             if c is BLANK or i >= len(sans) or loose(c) != loose(sans[i]))
    st["blank"] = explicit + implicit
    st["one_token_rows"] = one
    st["unreadable"] = sum(1 for c in cells_raw if c is not BLANK and "?" in c)
    nums = [r[0] for r in rows]
    st["bad_numbers"] = sum(1 for k, n in enumerate(nums) if n != (nums[k - 1] + 1 if k else 1))
    p = align(cells, sans)
    stop = 0
    while p and p[-1][0] == "del" and stop < len(p):
        stop += 1
        p = p[:-1]
    st["stop"] = stop
    shifts, prev_gap = 0, False
    for op in p:
        g = op[0] != "sub"
        if g and not prev_gap:
            shifts += 1
        prev_gap = g
    st["shifts"] = shifts
    st["misread"] = sum(1 for op in p if op[0] == "sub" and cells[op[1]] is not BLANK
                        and loose(cells[op[1]]) != loose(sans[op[2]]))
    st["marks"] = sum(1 for op in p if op[0] == "sub" and cells[op[1]] is not BLANK
                      and loose(cells[op[1]]) == loose(sans[op[2]]) and cells[op[1]] != sans[op[2]])
    return st


def set_stats(d):
    sheets, labels = [], []
    with open(os.path.join(d, "expected.jsonl"), encoding="utf-8") as f:
        for line in f:
            case = json.loads(line)
            b = chess.Board()
            sans = []
            for u in case["uci"]:
                mv = chess.Move.from_uci(u)
                sans.append(b.san(mv))
                b.push(mv)
            for k, name in enumerate(case["sheets"]):
                sheets.append(sheet_stats(os.path.join(d, name), case["langs"][k], sans))
                labels.append(case["slips"][k])
    return sheets, labels


def mean(xs):
    return sum(xs) / len(xs) if xs else 0.0


def main(dirs):
    cols = []
    kinds = set()
    for d in dirs:
        sheets, labels = set_stats(d)
        for ls in labels:
            kinds.update(ls)
        cols.append((d, sheets, labels))
    rows = [
        ("sheets", lambda s, l: "%d" % len(s)),
        ("cells per sheet", lambda s, l: "%.1f" % mean([x["cells"] for x in s])),
        ("cells differing from the true SAN, per sheet", lambda s, l: "%.1f" % mean([x["differ"] for x in s])),
        ("... ignoring x + # = marks", lambda s, l: "%.1f" % mean([x["differ_loose"] for x in s])),
        ("... share of cells (marks ignored)",
         lambda s, l: "%.0f%%" % (100 * sum(x["differ_loose"] for x in s) / max(1, sum(x["cells"] for x in s)))),
        ("misread cells (aligned, not blank), per sheet", lambda s, l: "%.2f" % mean([x["misread"] for x in s])),
        ("cells differing only in x + # marks, per sheet", lambda s, l: "%.2f" % mean([x["marks"] for x in s])),
        ("blank cells per sheet", lambda s, l: "%.2f" % mean([x["blank"] for x in s])),
        ("rows with one move (not the last), per sheet", lambda s, l: "%.2f" % mean([x["one_token_rows"] for x in s])),
        ("unreadable cells ('?') per sheet", lambda s, l: "%.2f" % mean([x["unreadable"] for x in s])),
        ("row numbers out of sequence, per sheet", lambda s, l: "%.2f" % mean([x["bad_numbers"] for x in s])),
        ("sheets with a stop (2+ moves missing at the end)",
         lambda s, l: "%.0f%%" % (100 * mean([x["stop"] >= 2 for x in s]))),
        ("... its mean length (half-moves)",
         lambda s, l: "%.1f" % mean([x["stop"] for x in s if x["stop"] >= 2])),
        ("shifts (cells out of step) per sheet", lambda s, l: "%.2f" % mean([x["shifts"] for x in s])),
        ("sheets with a shift", lambda s, l: "%.0f%%" % (100 * mean([x["shifts"] >= 1 for x in s]))),
        ("sheets with 2+ shifts", lambda s, l: "%.0f%%" % (100 * mean([x["shifts"] >= 2 for x in s]))),
        ("labelled slips per sheet", lambda s, l: "%.2f" % mean([len(x) for x in l])),
        ("sheets with 4+ labelled slips", lambda s, l: "%.0f%%" % (100 * mean([len(x) >= 4 for x in l]))),
        ("sheets with 6+ labelled slips", lambda s, l: "%.0f%%" % (100 * mean([len(x) >= 6 for x in l]))),
    ]
    names = [os.path.basename(os.path.normpath(d)) for d, _, _ in cols]
    print("| measure | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(cols))
    for title, fn in rows:
        print("| %s | %s |" % (title, " | ".join(fn(s, l) for _, s, l in cols)))
    print()
    print("| labelled slip, per sheet | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(cols))
    for k in sorted(kinds):
        print("| %s | %s |" % (k, " | ".join("%.2f" % mean([x.count(k) for x in l]) for _, _, l in cols)))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: sheetstats.py DIR [DIR ...]")
    main(sys.argv[1:])
