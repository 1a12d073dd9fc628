#!/bin/sh
# run.sh — reconstruct recovers noisy copies of corpus games (TAP, from
# build/reconbench): the first 30 games that resolve, each cut to 120 plies,
# written as scoresheets with the harsh slip model (1-4 seeded slips, a row
# left out with the later rows renumbered or not, written twice, or
# unreadable), reconstructed with the final position known from one sheet
# (case B) and from two (case D).  A floor on the games recovered (a guard
# against regressions at today's level; the targets, 95% and 99%,
# are measured by `make bench` and not met for one sheet), and no call over
# 5 s; then the same on 3 games under AddressSanitizer (leaks
# and memory errors fail the run).  The full measure is `make bench`.
set -u
RECONBENCH=${RECONBENCH:-build/reconbench}
RECONBENCH_ASAN=${RECONBENCH_ASAN:-build/reconbench-asan}
SHARED=${SHARED:-../shared}
C=$SHARED/corpus/pgnmentor-14-players.pgn
[ -r "$C" ] || { echo "1..0 # Skipped: $C not found"; exit 0; }
out=$("$RECONBENCH" --tap --games=30 --cases=BD --floor1=60 --floor2=95 "$C")
rc=$?
echo "$out" | grep -v '^1\.\.'
n=$(echo "$out" | grep -c '^\(not \)\{0,1\}ok ')
[ "$rc" -eq 0 ] || { n=$((n + 1)); echo "not ok $n - reconbench exited with status $rc"; }
if [ -x "$RECONBENCH_ASAN" ]; then
    n=$((n + 1))
    if asan=$(ASAN_OPTIONS=detect_leaks=1 "$RECONBENCH_ASAN" --tap --games=3 --plies=60 --cases=ABCD "$C" 2>&1); then
        echo "ok $n - reconstruct under ASan+UBSan: 3 games, 4 cases, no memory error or leak"
    else
        echo "not ok $n - reconstruct under ASan+UBSan"
        echo "$asan" | sed 's/^/# /' | head -40
    fi
fi
echo "1..$n"
