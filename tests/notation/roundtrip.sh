#!/bin/sh
# roundtrip.sh — convert real games to every language and back (TAP).
#
# The first GAMES games of the corpus (default 2,000; ROUNDTRIP_GAMES=28058
# for all) are converted to each language with `arbiter convert --to=L`;
# the result must be detected as L, replay to the same final positions, and
# convert back to English move for move (the PGN of --to=en of the
# original).  A second check reads the converted file with --lang=auto
# among all the others: detection must find L (or a language with the very
# same letters, which reads every move alike).
set -u
# The optimised build: this is about answers, not memory errors (the
# sanitizer build reads the same code paths in tests/cli and tests/notation).
ARBITER=${ARBITER_REL:-${ARBITER:-./arbiter}}
GAMES=${ROUNDTRIP_GAMES:-2000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
corpus=build/data/corpus/pgnmentor-14-players.pgn    # make data
[ -r "$corpus" ] || { echo "Bail out! corpus not found ($corpus; make data, from the top of the tree)"; exit 1; }
# The first GAMES games: cut before the (GAMES+1)-th [Event tag.
awk -v max="$GAMES" '/^\[Event / { if (++n > max) exit } { print }' "$corpus" > "$tmp/in.pgn"
"$ARBITER" convert --to=en "$tmp/in.pgn" > "$tmp/en.pgn" 2>"$tmp/err" || { echo "Bail out! convert --to=en failed: $(head -3 "$tmp/err")"; exit 1; }
"$ARBITER" check --format=jsonl "$tmp/in.pgn" 2>/dev/null > "$tmp/in.jsonl"
jq -r '.fen' "$tmp/in.jsonl" > "$tmp/fens"
jq -r '[.game, ([.findings[].code | select(. != "notation-form" and . != "wrong-mark" and . != "lang-ambiguous" and . != "encoding-guess")] | join(","))] | @tsv' \
    "$tmp/in.jsonl" > "$tmp/codes"
n=0 failed=0
langs=$("$ARBITER" check --lang=list | cut -d' ' -f1)
for l in $langs; do
    n=$((n + 1))
    "$ARBITER" convert --to="$l" "$tmp/en.pgn" > "$tmp/out-$l.pgn" 2>"$tmp/err"
    rc=$?
    "$ARBITER" check --format=jsonl --lang="$l" "$tmp/out-$l.pgn" 2>/dev/null > "$tmp/out-$l.jsonl"
    why=""
    [ "$rc" = 0 ] || why="convert --to=$l exit $rc: $(head -c 200 "$tmp/err")"
    jq -r '.fen' "$tmp/out-$l.jsonl" | cmp -s - "$tmp/fens" || why="${why:+$why; }final positions differ"
    # The Laws' findings are those of the original; notation findings none.
    jq -r '[.game, ([.findings[].code | select(. != "notation-form" and . != "wrong-mark" and . != "lang-ambiguous")] | join(","))] | @tsv' \
        "$tmp/out-$l.jsonl" > "$tmp/codes-$l"
    cmp -s "$tmp/codes-$l" "$tmp/codes" || why="${why:+$why; }findings differ: $(diff "$tmp/codes" "$tmp/codes-$l" | head -3 | tr '\n' ' ')"
    notes=$(jq -r 'select([.findings[] | select(.code == "notation-form" or .code == "wrong-mark")] | length > 0) | .game' "$tmp/out-$l.jsonl" | head -3 | tr '\n' ' ')
    [ -z "$notes" ] || why="${why:+$why; }notation findings in games $notes"
    "$ARBITER" convert --to=en --lang="$l" "$tmp/out-$l.pgn" > "$tmp/back.pgn" 2>/dev/null
    cmp -s "$tmp/back.pgn" "$tmp/en.pgn" || why="${why:+$why; }back to English differs: $(diff "$tmp/en.pgn" "$tmp/back.pgn" | head -4 | tr '\n' ' ')"
    if [ -z "$why" ]; then
        echo "ok $n - $GAMES games to $l and back: same positions, same moves"
    else
        failed=$((failed + 1))
        echo "not ok $n - $l: $why"
    fi
    # Detection among all languages.
    n=$((n + 1))
    got=$("$ARBITER" check --format=jsonl "$tmp/out-$l.pgn" 2>/dev/null | jq -r '.lang // "none"' | sort | uniq -c | sort -rn | head -1 | awk '{ print $2 }')
    case "$l:$got" in
        # Languages whose piece letters are the very same read alike: the
        # first in table order is chosen (de for sv/no/da, es for it).
        sv:de|no:de|da:de|it:es) good=true ;;
        *) [ "$got" = "$l" ] && good=true || good=false ;;
    esac
    if $good; then
        echo "ok $n - games written in $l are detected as $got"
    else
        failed=$((failed + 1))
        echo "not ok $n - games written in $l are detected as $got"
    fi
done
echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
