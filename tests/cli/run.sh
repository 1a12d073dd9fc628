#!/bin/sh
# run.sh — golden CLI cases (TAP).
#
# Each directory under tests/cli/cases/ is one case:
#   args      the arguments, one line (split on spaces), or
#   argv      the arguments one per line (for arguments with spaces)
#   stdin     optional: fed to standard input (else /dev/null)
#   expected  the exact standard output
#   stderr    the exact standard error
#   status    the exit status
# plus the input files the arguments name.  The program runs inside the
# case directory, so file names in the output are as written in args.
#   tests/cli/run.sh --update   rewrites expected/stderr/status from the
#                               current program (review the diff!)
set -u
ARBITER=${ARBITER:-./arbiter}
case $ARBITER in /*) ;; *) ARBITER=$(pwd)/$ARBITER ;; esac
here=$(cd "$(dirname "$0")" && pwd)
update=false
[ "${1:-}" = --update ] && update=true
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

n=0 failed=0
for dir in "$here"/cases/*/; do
    name=$(basename "$dir")
    n=$((n + 1))
    in=/dev/null
    [ -f "$dir/stdin" ] && in=$dir/stdin
    if [ -f "$dir/argv" ]; then
        set --
        while IFS= read -r a; do set -- "$@" "$a"; done <"$dir/argv"
    else
        # shellcheck disable=SC2046
        set -- $(cat "$dir/args")
    fi
    (cd "$dir" && ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} "$ARBITER" "$@" <"$in" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/status")
    if $update; then
        cp "$tmp/out" "$dir/expected"
        cp "$tmp/err" "$dir/stderr"
        cp "$tmp/status" "$dir/status"
    fi
    why=""
    cmp -s "$tmp/status" "$dir/status" || why="exit status $(cat "$tmp/status"), want $(cat "$dir/status")"
    cmp -s "$tmp/out" "$dir/expected" || why="${why:+$why; }standard output differs"
    cmp -s "$tmp/err" "$dir/stderr" || why="${why:+$why; }standard error differs"
    if [ -z "$why" ]; then
        echo "ok $n - $name"
    else
        failed=$((failed + 1))
        echo "not ok $n - $name: $why"
        diff "$dir/expected" "$tmp/out" | head -20 | sed 's/^/#   out /'
        diff "$dir/stderr" "$tmp/err" | head -20 | sed 's/^/#   err /'
    fi
done
echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
