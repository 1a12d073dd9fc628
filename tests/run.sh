#!/bin/sh
# run.sh — run every test program (each prints TAP) and total the results.
#
#   tests/run.sh PROGRAM...
#
# Each program's TAP output is shown as it comes; the last line is
#   N passed, N failed
# over all programs (a program that dies, or whose plan does not match,
# counts as one failure).  Exit status 0 only when nothing failed.
set -u
total_pass=0
total_fail=0
summary=""
for prog in "$@"; do
    echo "# --- $prog"
    out=$(mktemp)
    case $prog in
        *.sh) sh "$prog" >"$out" 2>&1 ;;
        *) "$prog" >"$out" 2>&1 ;;
    esac
    rc=$?
    cat "$out"
    pass=$(grep -c '^ok ' "$out")
    fail=$(grep -c '^not ok ' "$out")
    plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$out" | tail -1)
    if [ "$rc" -ne 0 ] && [ "$fail" -eq 0 ]; then
        fail=1
        echo "# $prog exited with status $rc"
    elif [ -n "$plan" ] && [ "$plan" -ne $((pass + fail)) ]; then
        fail=$((fail + 1))
        echo "# $prog planned $plan tests but ran $((pass + fail - 1))"
    elif [ -z "$plan" ]; then
        fail=$((fail + 1))
        echo "# $prog printed no plan"
    fi
    rm -f "$out"
    total_pass=$((total_pass + pass))
    total_fail=$((total_fail + fail))
    summary="$summary$(printf '%-40s %6d passed, %d failed' "$prog" "$pass" "$fail")
"
done
echo "# --- summary"
printf '%s' "$summary" | sed 's/^/# /'
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
