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

# README's examples (every ```sh block but those marked "<!-- example: not
# run ... -->": building, installing, Hadoop) run as written from the
# repository's directory after the first command: each command in the
# shell of its block (variables carry on), standard input empty, exit
# status 0 or 1 (findings), not 2; `watch`, which runs until stopped, for
# three seconds.  In a scratch directory beside the repository's samples/
# and tools/, so that the files they write go there.
ex=$tmp/ex
mkdir -p "$ex"
case $ARBITER_REL in /*) rel=$ARBITER_REL ;; *) rel=$(pwd)/$ARBITER_REL ;; esac
ln -s "$rel" "$ex/arbiter"
ln -s "$(pwd)/samples" "$ex/samples"
ln -s "$(pwd)/tools" "$ex/tools"
awk -v dir="$tmp" '
    function flush() {
        if (cmd == "") return
        k++
        run = cmd
        sub(/^\.\/arbiter watch/, "timeout 3 ./arbiter watch", run)
        print "{ " run "\n} </dev/null >>\"$2/ex.out\" 2>\"$2/ex.err." k "\"" > script
        print "echo \"st " k " $?\"" > script
        print cmd > (dir "/ex.cmd." k)
        close(dir "/ex.cmd." k)
        cmd = ""
    }
    BEGIN { script = dir "/ex.sh"; print "cd \"$1\" || exit 3" > script }
    /^<!-- example: not run/ { skip = 1; next }
    /^```sh$/ { inb = !skip; skip = 0; next }
    /^```/ { if (inb) flush(); inb = 0; next }
    !inb { if ($0 != "") skip = skip && /^<!--/; next }
    /^[ \t]*#/ && cmd == "" { next }                 # a comment line of its own
    { cmd = cmd == "" ? $0 : cmd "\n" $0 }
    /(\\|\|)[ \t]*$/ { next }                        # goes on on the next line
    { flush() }
' README.md
sh "$tmp/ex.sh" "$ex" "$tmp" >"$tmp/ex.res" 2>"$tmp/ex.shell"
k=1
while [ -e "$tmp/ex.cmd.$k" ]; do
    n=$((n + 1))
    shown=$(head -1 "$tmp/ex.cmd.$k" | cut -c1-100)
    st=$(sed -n "s/^st $k //p" "$tmp/ex.res")
    case $st in
    0 | 1 | 124) printf 'ok %d - README example runs (status %s): %s\n' "$n" "$st" "$shown" ;;
    *)
        failed=$((failed + 1))
        printf 'not ok %d - README example: %s: exit status %s\n' "$n" "$shown" "${st:-none}"
        tail -3 "$tmp/ex.err.$k" 2>/dev/null | sed 's/^/#   /'
        ;;
    esac
    k=$((k + 1))
done
echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
[ "$n" -gt 0 ] && [ "$failed" -eq 0 ]
