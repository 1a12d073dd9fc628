#!/bin/sh
# bench.sh — what `make bench` measures of reconstruct: every set of
# tests/data/scoresheets with its truth (timetrouble-dev, the outside
# sample; gen-tt and gen-classic, tests/recon/GENERATOR.md), one sheet
# each and the cases with two, with the final position; then one sheet
# each of timetrouble-dev without it.  Each line of figures is
# tests/recon/eval.sh's: recovered, printed first, CPU seconds (median,
# 90th percentile, maximum: the budget is in steps, so these vary with the
# machine, the answers do not), peak memory, runs stopped by a limit.
set -u
S=tests/data/scoresheets
for set in timetrouble-dev gen-tt gen-classic; do
    for k in 1 2; do
        sh tests/recon/eval.sh "$S/$set" --sheets=$k || exit 1
        echo
    done
done
sh tests/recon/eval.sh "$S/timetrouble-dev" --sheets=1 --no-final || exit 1
