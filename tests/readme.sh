#!/bin/sh
# readme.sh — README.md stays true: each block marked
#   <!-- sample-output: COMMAND -->  ``` ... ```  <!-- end sample-output -->
# must be exactly what COMMAND prints (standard output and error) when run
# from the repository root with the optimised build.  TAP.
set -u
ARBITER_REL=${ARBITER_REL:-./arbiter}
n=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk -v dir="$tmp" '
    /^<!-- sample-output: .* -->$/ { n++; cmd = $0; sub(/^<!-- sample-output: /, "", cmd); sub(/ -->$/, "", cmd);
                                    print cmd > (dir "/cmd" n); inblock = 0; want = 1; next }
    want && /^```/ && !inblock { inblock = 1; printf "" > (dir "/want" n); next }
    inblock && /^```/ { inblock = 0; want = 0; next }
    inblock { print > (dir "/want" n) }
' README.md
for c in "$tmp"/cmd*; do
    [ -e "$c" ] || continue
    i=${c##*/cmd}
    n=$((n + 1))
    cmd=$(cat "$c")
    # The command names ./arbiter; run the build under test in its place.
    sh -c "$(echo "$cmd" | sed "s#^\./arbiter#$ARBITER_REL#")" >"$tmp/got" 2>&1
    if cmp -s "$tmp/got" "$tmp/want$i"; then
        echo "ok $n - README output of: $cmd"
    else
        failed=$((failed + 1))
        echo "not ok $n - README output of: $cmd"
        diff "$tmp/want$i" "$tmp/got" | sed 's/^/#   /'
    fi
done
echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
[ "$n" -gt 0 ] && [ "$failed" -eq 0 ]
