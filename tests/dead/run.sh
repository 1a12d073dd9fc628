#!/bin/sh
# run.sh — the dead-position analysis never contradicts the labels of
# tests/data/unwinnability (TAP, from build/unwin; make data first).  A found
# helpmate or a proof against one must agree with the label; positions the
# node budget leaves open are no error.  The first 400 positions of each
# labelled file (2,000 of the timeouts scored wrongly, where the side not to
# move cannot mate), at a budget small enough for make check; random games
# from every locked-pawn proof must keep its fixed pawns and never mate
# (300 of them a proof for groups.txt: bishops that shuffle round one hole
# must defend their pawns in every placement, or a king takes one).
set -u
UNWIN=${UNWIN:-build/unwin}
U=tests/data/unwinnability
X=build/data/unwinnability      # the files stored compressed (make data)
[ -r "$X/d3chess-unfair-lichess-timeouts-2022-05.txt" ] || { echo "Bail out! $X not found (make data)"; exit 1; }
exec "$UNWIN" --tap --budget=5000 --walks=300 "$(dirname "$0")/groups.txt" --max=400 --walks=10 "$U/chasolver-positions.txt" "$U/d3chess-test-vector.txt" \
    "$U/chasolver-lichess-4096.txt" --max=2000 --flagged "$X/d3chess-unfair-lichess-timeouts-2022-05.txt"
