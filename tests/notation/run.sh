#!/bin/sh
# run.sh — the notation cases of NOTATION-CASES.md (the rules folder given
# with the project), as tools/gen-notation-cases.py wrote them (TAP).
#
# Each row of cases.tsv is one case: arbiter reads the movetext from the
# given position (a FEN tag) in the given language under the given rules;
# the position it reaches must be the one python-chess computed for the
# expected moves (or, where nothing may be played, the start position),
# and its findings must be exactly the listed codes ("code" or
# "code:severity"; "none").
set -u
ARBITER=${ARBITER:-./arbiter}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')
n=0 failed=0
grep -v '^#' "$here/cases.tsv" > "$tmp/cases"
while IFS="$tab" read -r id lang rules fen text after want; do
    n=$((n + 1))
    variant=""
    case $fen in *" w HAha "*|*" w GAga "*) variant='[Variant "Chess960"]' ;; esac
    printf '[Event "case %s"]\n[SetUp "1"]\n[FEN "%s"]\n%s\n\n%s *\n' "$id" "$fen" "$variant" "$text" > "$tmp/game.pgn"
    "$ARBITER" check --format=jsonl --lang="$lang" --rules="$rules" "$tmp/game.pgn" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    got_fen=$(jq -r '.followed_fen' "$tmp/out" 2>/dev/null)   # (the position reached: a promotion without a piece is followed)
    got=$(jq -r '[.findings[] | "\(.code):\(.severity)"] | sort | join(" ")' "$tmp/out" 2>/dev/null)
    # Compare findings: each wanted item must match one got item (severity optional).
    ok=true why=""
    if [ "$after" = "-" ]; then
        # (placement and side to move: castling rights may be written the X-FEN way)
        [ "$(echo "$got_fen" | cut -d' ' -f1-2)" = "$(echo "$fen" | cut -d' ' -f1-2)" ] \
            || { ok=false; why="a move was played: $got_fen"; }
    else
        [ "$got_fen" = "$after" ] || { ok=false; why="position $got_fen, want $after"; }
    fi
    rest=" $got "
    if [ "$want" != none ]; then
        for w in $want; do
            case $w in
                *:*) pat=" $w " ;;
                *) pat=" $w:" ;;
            esac
            case $rest in
                *"$pat"*)
                    # remove one occurrence
                    item=$(printf '%s' "$rest" | tr ' ' '\n' | grep -m1 -x -e "${w}" -e "${w}:[a-z]*" )
                    rest=$(printf '%s' "$rest" | awk -v it="$item" '{ done = 0; out = ""; for (i = 1; i <= NF; i++) { if (!done && $i == it) { done = 1; continue } out = out " " $i } print out " " }')
                    ;;
                *) ok=false; why="${why:+$why; }missing finding $w (got:$got)" ;;
            esac
        done
    fi
    leftover=$(echo "$rest" | tr -s ' ')
    [ "$leftover" = " " ] || [ -z "$leftover" ] || { ok=false; why="${why:+$why; }unexpected findings:$leftover"; }
    [ "$rc" -le 1 ] || { ok=false; why="${why:+$why; }exit status $rc: $(head -c 200 "$tmp/err")"; }
    if $ok; then
        echo "ok $n - case $id ($lang, $rules): $text"
    else
        failed=$((failed + 1))
        echo "not ok $n - case $id ($lang, $rules): $text: $why"
        jq -c '[.findings[] | {code, severity, message}]' "$tmp/out" 2>/dev/null | cut -c1-300 | sed 's/^/#   /'
    fi
done < "$tmp/cases"
echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
