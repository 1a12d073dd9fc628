#!/bin/sh
# asan.sh — the dead-position analysis under AddressSanitizer and
# UndefinedBehaviorSanitizer (TAP, from build/unwin-asan): a few hundred
# labelled positions through every stage (proofs, exploration, searches,
# random games), so a memory error in them fails make check.
set -u
UNWIN_ASAN=${UNWIN_ASAN:-build/unwin-asan}
U=tests/data/unwinnability
X=build/data/unwinnability      # the files stored compressed (make data)
[ -r "$X/d3chess-unfair-lichess-timeouts-2022-05.txt" ] || { echo "Bail out! $X not found (make data)"; exit 1; }
exec "$UNWIN_ASAN" --tap --budget=3000 --walks=3 "$(dirname "$0")/groups.txt" "$(dirname "$0")/many-men.txt" --max=150 "$U/chasolver-positions.txt" \
    "$U/chasolver-lichess-4096.txt" --flagged "$X/d3chess-unfair-lichess-timeouts-2022-05.txt"
