#!/bin/sh
# fuzz-coverage.sh — how much of the program the fuzz corpora reach (make fuzz-coverage).
#
#   sh tools/fuzz-coverage.sh TARGET...
#
# Each target, built with clang's source-based coverage (build/cov/), runs
# every input of its corpus build/fuzz/corpus/TARGET (as make fuzz left it)
# once; llvm-cov then reports the lines, functions and regions of src/ and
# notation/ reached, per target and for all together.
set -eu
B=build/cov
PROFDATA=${LLVM_PROFDATA:-llvm-profdata}
COV=${LLVM_COV:-llvm-cov}
profiles=""
objects=""
for t in "$@"; do
    [ -d "build/fuzz/corpus/$t" ] || { echo "fuzz-coverage: no corpus for $t (run make fuzz)" >&2; exit 2; }
    LLVM_PROFILE_FILE="$B/$t.profraw" "$B/fuzz-cov-$t" "build/fuzz/corpus/$t" > /dev/null 2>&1 || true
    "$PROFDATA" merge -sparse "$B/$t.profraw" -o "$B/$t.profdata"
    printf '%-9s %6s inputs  ' "$t" "$(ls "build/fuzz/corpus/$t" | wc -l)"
    "$COV" report "$B/fuzz-cov-$t" -instr-profile="$B/$t.profdata" src notation 2>/dev/null | awk '
        /^TOTAL/ { printf "regions %s  functions %s  lines %s\n", $4, $7, $10 }'
    profiles="$profiles $B/$t.profraw"
    objects="$objects -object $B/fuzz-cov-$t"
done
"$PROFDATA" merge -sparse $profiles -o "$B/all.profdata"
first=$(echo "$objects" | awk '{ print $2 }')
rest=$(echo "$objects" | cut -d' ' -f4-)
printf '%-9s %6s         ' "together" ""
# shellcheck disable=SC2086
"$COV" report "$first" $rest -instr-profile="$B/all.profdata" src notation 2>/dev/null | awk '
    /^TOTAL/ { printf "regions %s  functions %s  lines %s\n", $4, $7, $10 }'
echo "per file: $COV report $first $rest -instr-profile=$B/all.profdata src notation"
