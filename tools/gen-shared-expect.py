#!/usr/bin/env python3
"""gen-shared-expect.py — write the python-chess expectations that
tests/shared/run.sh checks arbiter against.  python-chess is an independent
implementation of the rules; it is run once, by hand, never by the tests
(python-chess is not a dependency of the build or of `make check`):

    git clone https://github.com/niklasf/python-chess DIR   # tested: 1.11.2
    make data    # in the arbiter tree: the corpus into build/data
    PYTHONPATH=DIR python3 tools/gen-shared-expect.py [TREE]

(PYTHONPATH=DIR so that `import chess` finds the checkout; TREE is the
arbiter tree, by default the one this script is in).  Takes a few minutes.
Reads the test data, TREE/tests/data/pgn and the corpus,
TREE/build/data/corpus (make data), and writes into TREE/tests/shared:

  corpus-fens.txt.gz   one line per game of corpus/pgnmentor-14-players.pgn,
                       "N<TAB>FEN": the position after the last move of the main
                       line, en passant written only when a capture is legal (as
                       FIDE 9.2.2 counts positions and arbiter writes FENs).
  corpus-events.txt    the corpus games where the Laws have something to say,
                       in the columns below (games with nothing are left out).
  testdata-pc.txt      every game of every PGN under tests/data/pgn as
                       python-chess reads it, in the columns below plus the
                       final FEN.  Where python-chess splits a file into games
                       differently from a careful reader (see the notes in
                       testdata-expect.txt, made by hand from these counts) the
                       test does not use these lines.

Columns (TAB-separated, "-" for none; plies counted from 1 as arbiter does):
  GAME PLIES END END_PLY THREE FIVE FIFTY S75 INSUF
  END       checkmate or stalemate, of the final position
  THREE     first ply after which a position stood for the third time
            (python-chess's is_repetition: same side to move, castling
            rights, en passant only where legal — 9.2.2)
  FIVE      the same for the fifth time (9.6.1)
  FIFTY     first ply after which 50 moves by each side had no pawn move
            and no capture (9.3)
  S75       the same for 75 moves, unless that move mated (9.6.2)
  INSUF     first ply after which neither side had mating material
            (python-chess's is_insufficient_material: a subset of the
            dead positions of 5.2.2, so arbiter's dead-position must come
            no later than this)
"""
import gzip
import io
import os
import sys

sys.path.insert(0, os.getcwd())
import chess  # noqa: E402
import chess.pgn  # noqa: E402


def games(path):
    with open(path, encoding="utf-8-sig", errors="replace") as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                return
            yield g


def facts(game):
    """(columns, final board) for the game's main line."""
    board = game.board()
    three = five = fifty = s75 = insuf = None
    ply = 0
    for move in game.mainline_moves():
        board.push(move)
        ply += 1
        if three is None and board.is_repetition(3):
            three = ply
        if five is None and board.is_repetition(5):
            five = ply
        if fifty is None and board.halfmove_clock >= 100:
            fifty = ply
        if s75 is None and board.halfmove_clock >= 150 and not board.is_checkmate():
            s75 = ply
        if insuf is None and board.is_insufficient_material():
            insuf = ply
    end = None
    if board.is_checkmate():
        end = "checkmate"
    elif board.is_stalemate():
        end = "stalemate"
    cols = [ply, end, ply if end else None, three, five, fifty, s75, insuf]
    return ["-" if c is None else str(c) for c in cols], board


def corpus(tree, out):
    path = os.path.join(tree, "build", "data", "corpus", "pgnmentor-14-players.pgn")
    # 44 corpus games have two blank lines between tags and moves;
    # python-chess splits each into a header-only game and a header-less
    # one.  Join them back: a header-only game followed by a game without
    # headers is one game (as pgn-extract, Scid and arbiter read them).
    n = 0
    # mtime=0 and no file name in the gzip header: the same input gives
    # the same bytes, so a re-run shows no change in git.
    with open(os.path.join(out, "corpus-fens.txt.gz"), "wb") as raw, \
            gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw, mtime=0) as gz, \
            io.TextIOWrapper(gz, encoding="ascii", newline="\n") as z, \
            open(os.path.join(out, "corpus-events.txt"), "w") as ev:
        ev.write("# GAME\tPLIES\tEND\tEND_PLY\tTHREE\tFIVE\tFIFTY\tS75\tINSUF"
                 "  (python-chess; see tools/gen-shared-expect.py)\n")

        def emit(g):
            nonlocal n
            n += 1
            cols, board = facts(g)
            z.write("%d\t%s\n" % (n, board.fen(en_passant="legal")))
            if any(c != "-" for c in cols[1:]):
                ev.write("%d\t%s\n" % (n, "\t".join(cols)))

        pending = None
        for g in games(path):
            has_moves = g.next() is not None
            has_tags = "Event" in g.headers and g.headers.get("Event") != "?"
            if pending is not None:
                if not has_tags:
                    emit(g)
                    pending = None
                    continue
                emit(pending)
                pending = None
            if has_tags and not has_moves:
                pending = g
                continue
            emit(g)
        if pending is not None:
            emit(pending)
    print("corpus games:", n)


def testdata(tree, out):
    base = os.path.join(tree, "tests", "data", "pgn")
    with open(os.path.join(out, "testdata-pc.txt"), "w") as f:
        f.write("# FILE\tGAME\tPLIES\tEND\tEND_PLY\tTHREE\tFIVE\tFIFTY\tS75\tINSUF\tFEN"
                "  (python-chess; see tools/gen-shared-expect.py)\n")
        for d in sorted(os.listdir(base)):
            for name in sorted(os.listdir(os.path.join(base, d))):
                if not name.endswith(".pgn"):
                    continue
                rel = d + "/" + name
                count = 0
                for i, g in enumerate(games(os.path.join(base, rel)), 1):
                    cols, board = facts(g)
                    f.write("%s\t%d\t%s\t%s\n" % (rel, i, "\t".join(cols),
                                                  board.fen(en_passant="legal")))
                    count = i
                print("%s\t%d" % (rel, count))


def main():
    if len(sys.argv) > 2:
        sys.exit("usage: gen-shared-expect.py [TREE]")
    tree = sys.argv[1] if len(sys.argv) == 2 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.path.join(tree, "tests", "shared")
    testdata(tree, out)
    corpus(tree, out)


if __name__ == "__main__":
    main()
