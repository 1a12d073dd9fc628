#!/usr/bin/env python3
"""gen-shared-expect.py — write the expectations tests/shared/run.sh checks,
computed with python-chess (an independent implementation).  Run by hand,
never by the tests (python-chess is not a dependency):

    git clone python-chess to DIR; cd DIR
    python3 /path/to/arbiter/tools/gen-shared-expect.py SHARED OUTDIR

Writes OUTDIR/corpus-fens.txt.gz: one line per game of the corpus,
"N<TAB>FEN" with the FEN after the last move of the main line, en passant
written only when a capture is legal (as FIDE 9.2.2 counts positions and
arbiter writes FENs); and OUTDIR/testdata-games.txt: "FILE<TAB>GAMES" for
each PGN of SHARED/testdata/pgn as python-chess counts them, from which
tests/shared/testdata-expect.txt was made by hand (its notes say where the
count a careful reader gets differs from python-chess's, and why).
"""
import gzip
import os
import sys

import chess
import chess.pgn


def games(path):
    with open(path, encoding="utf-8-sig", errors="replace") as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                return
            yield g


def main():
    shared, out = sys.argv[1], sys.argv[2]
    corpus = os.path.join(shared, "corpus", "pgnmentor-14-players.pgn")
    # The corpus has 44 games with two blank lines between tags and moves;
    # python-chess splits each into a header-only game and a header-less
    # one.  Join them back: a header-only game followed by a game without
    # headers is one game (as pgn-extract, Scid and arbiter read them).
    n = 0
    pending = None
    with gzip.open(os.path.join(out, "corpus-fens.txt.gz"), "wt", compresslevel=9) as z:
        def emit(board):
            nonlocal n
            n += 1
            z.write("%d\t%s\n" % (n, board.fen(en_passant="legal")))

        for g in games(corpus):
            has_moves = g.next() is not None
            has_tags = "Event" in g.headers and g.headers.get("Event") != "?"
            if pending is not None:
                if not has_tags:
                    emit(g.end().board())
                    pending = None
                    continue
                emit(pending.end().board())
                pending = None
            if has_tags and not has_moves:
                pending = g
                continue
            emit(g.end().board())
        if pending is not None:
            emit(pending.end().board())
    print("corpus games:", n)
    with open(os.path.join(out, "testdata-games.txt"), "w") as f:
        base = os.path.join(shared, "testdata", "pgn")
        for d in sorted(os.listdir(base)):
            for name in sorted(os.listdir(os.path.join(base, d))):
                if not name.endswith(".pgn"):
                    continue
                rel = d + "/" + name
                f.write("%s\t%d\n" % (rel, sum(1 for _ in games(os.path.join(base, rel)))))


if __name__ == "__main__":
    main()
