#!/bin/sh
# repair.sh — `check --repair --write-repaired` mends the result (TAP).
#
# Where the Laws decide the result (checkmate, stalemate, a dead position,
# 6.9 after a loss on time), a Result tag and a termination marker that say
# otherwise are rewritten, each change said in a comment before the marker;
# a missing marker is written; a PlyCount tag that miscounts the moves is
# corrected (and reported without --repair: plycount-mismatch).  On
# pgn-extract's own test file for --fixresulttags the results agree with
# pgn-extract's.  A game with nothing to mend is copied byte for byte, and
# the repaired file checks clean of what was mended.  --add-tags adds the
# PlyCount, ECO and Opening tags a game lacks.
set -u
ARBITER=${ARBITER:-./arbiter}
PGN_EXTRACT=${PGN_EXTRACT:-/usr/games/pgn-extract}
FIX=tests/data/pgn/pgn-extract/test-fixresulttags-in.pgn
. "${TESTS:-tests}/tap.sh"
tap_tmp

results() { grep -o '^\[Result "[^"]*"\]' "$1" | tr '\n' ' '; }
markers() { grep -o '\(1-0\|0-1\|1/2-1/2\|\*\)[[:space:]]*$' "$1" | tr -d ' ' | tr '\n' ' '; }

"$ARBITER" check --no-progress --repair --write-repaired="$tmp/fix.pgn" "$FIX" > "$tmp/out" 2>&1
st=$?
[ "$st" = 1 ] && [ "$(grep -c 'note: --repair: the Result tag and the termination marker become' "$tmp/out")" = 5 ] &&
    ok "pgn-extract's fixresulttags file: 5 result-mismatch findings, each with its --repair note" ||
    notok "fixresulttags: status $st: $(grep -c 'note: --repair' "$tmp/out") notes"
got=$(results "$tmp/fix.pgn")
want='[Result "0-1"] [Result "1/2-1/2"] [Result "1-0"] [Result "1-0"] [Result "1-0"] '
[ "$got" = "$want" ] && ok "the 5 Result tags rewritten: $got" || notok "Result tags: $got (want $want)"
[ "$(markers "$tmp/fix.pgn")" = "0-1 1/2-1/2 1-0 1-0 1-0 " ] && ok "the 5 termination markers rewritten" ||
    notok "markers: $(markers "$tmp/fix.pgn")"
if [ -x "$PGN_EXTRACT" ]; then
    "$PGN_EXTRACT" -s --fixresulttags -o "$tmp/pe.pgn" "$FIX" 2> /dev/null
    [ "$(results "$tmp/pe.pgn")" = "$got" ] && ok "pgn-extract --fixresulttags writes the same results" ||
        notok "pgn-extract: $(results "$tmp/pe.pgn")"
else
    notok "pgn-extract is needed ($PGN_EXTRACT)"
fi
grep -q '30. Qxc2 Qh5# {arbiter --repair: the Result tag and the termination marker said 1-0; the game ended in checkmate at ply 60: 0-1} 0-1$' \
    "$tmp/fix.pgn" && ok "the comment says what was written and why, before the marker" ||
    notok "comment: $(grep -n 'arbiter --repair' "$tmp/fix.pgn" | head -1)"
"$ARBITER" check --no-progress --format=jsonl "$tmp/fix.pgn" > "$tmp/out" 2>&1
[ "$?" = 0 ] && [ "$(grep -c '"code"' "$tmp/out")" = 0 ] && ok "the repaired file checks clean" ||
    notok "repaired file: $(grep -o '"code":"[^"]*"' "$tmp/out" | sort | uniq -c | tr '\n' ' ')"

# The other ways the Laws decide, a missing marker, a PlyCount, a game
# with nothing to mend, and a move and the result mended in one game.
cat > "$tmp/in.pgn" <<'EOF'
[Event "dead at the start"]
[FEN "7k/8/8/8/8/8/8/K6N w - - 0 1"]
[SetUp "1"]
[Result "1-0"]

1. Kb1 Kg8 1-0

[Event "lost on time, but the winner has a lone king"]
[FEN "7r/8/8/8/8/k7/8/4K3 w - - 0 1"]
[SetUp "1"]
[Termination "time forfeit"]
[Result "1-0"]

1. Kd2 Rh2+ 1-0

[Event "no marker"]
[Result "0-1"]
[PlyCount "3"]

1. e4 e5

[Event "nothing to mend"]
[Result "1/2-1/2"]
[PlyCount "2"]

1. e4 e5 1/2-1/2

[Event "a move and the result"]
[Result "1/2-1/2"]

1. e4 e5 2. Bc5 Nc6 3. Qh5 Nf6 4. Qxf7# 1/2-1/2
EOF
"$ARBITER" check --no-progress --format=jsonl "$tmp/in.pgn" > "$tmp/plain" 2> /dev/null
[ "$(jq -r 'select(.game == 3) | .findings[] | select(.code == "plycount-mismatch") | .message' "$tmp/plain")" = \
  "the PlyCount tag says 3, but the record has 2 half-moves" ] &&
    ok "plycount-mismatch without --repair" || notok "plycount-mismatch: $(grep -o 'PlyCount[^"]*' "$tmp/plain" | head -2)"
"$ARBITER" check --no-progress --repair --write-repaired="$tmp/rep.pgn" "$tmp/in.pgn" > "$tmp/out" 2>&1
awk '/^\[Event "dead/,/^$/' "$tmp/rep.pgn" > "$tmp/g1"
grep -q '^\[Result "1/2-1/2"\]' "$tmp/g1" && grep -q '^1. Kb1 Kg8 {arbiter --repair: the Result tag and the termination marker said 1-0; the starting position is a dead position: 1/2-1/2} 1/2-1/2$' "$tmp/rep.pgn" &&
    ok "a dead position: 1/2-1/2, said" || notok "dead: $(grep -n 'dead position' "$tmp/rep.pgn")"
grep -q 'a loss on time where the opponent cannot win is a draw: 1/2-1/2} 1/2-1/2' "$tmp/rep.pgn" &&
    ok "6.9, a loss on time with a lone king: 1/2-1/2, said" || notok "6.9: $(grep -n 'time' "$tmp/rep.pgn" | head -3)"
grep -q '^\[PlyCount "2"\]' "$tmp/rep.pgn" && grep -q '^1. e4 e5 {arbiter --repair: the termination marker was missing; the Result tag.s} {arbiter --repair: PlyCount was 3; the record has 2 half-moves} 0-1$' "$tmp/rep.pgn" &&
    ok "a missing marker written (the Result tag's), PlyCount corrected, both said" ||
    notok "marker, PlyCount: $(grep -n '^1. e4 e5 {' "$tmp/rep.pgn")"
awk '/^\[Event "nothing to mend"\]/,/^1\. e4 e5 1\/2-1\/2$/' "$tmp/in.pgn" > "$tmp/a"
awk '/^\[Event "nothing to mend"\]/,/^1\. e4 e5 1\/2-1\/2$/' "$tmp/rep.pgn" > "$tmp/b"
[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b" && ok "a game with nothing to mend: byte for byte" || notok "nothing to mend: differs"
grep -q "^1. e4 e5 2. Bc4 {arbiter --repair: written 'Bc5', '5' for '4'} Nc6 3. Qh5 Nf6 4. Qxf7# {arbiter --repair: the Result tag and the termination marker said 1/2-1/2; the game ended in checkmate at ply 7: 1-0} 1-0$" \
    "$tmp/rep.pgn" && ok "a move and the result mended in one game, in order" ||
    notok "move and result: $(grep -n '^1. e4 e5 2' "$tmp/rep.pgn")"
"$ARBITER" check --no-progress --format=jsonl "$tmp/rep.pgn" > "$tmp/out" 2>&1
[ "$(grep -o '"code":"\(result-mismatch\|missing-result\|plycount-mismatch\|illegal-move\|timeout-vs-insufficient\)"' "$tmp/out" | wc -l)" = 0 ] &&
    ok "the repaired file: no result-mismatch, missing-result, plycount-mismatch, illegal-move or 6.9 finding left" ||
    notok "left: $(grep -o '"code":"[^"]*"' "$tmp/out" | sort | uniq -c | tr '\n' ' ')"

# --add-tags (pgn-extract's --plycount and -e): the tags a game lacks,
# added after its tag lines, each said in a comment.  PlyCount agrees with
# pgn-extract's on its own test files (69 games); ECO and Opening with
# lichess's tags on the games lichess exported, the tags taken out.
for f in fischer petrosian; do
    "$ARBITER" check --no-progress -qq --repair --add-tags=PlyCount --write-repaired="$tmp/ar-$f.pgn" \
        "tests/data/pgn/pgn-extract/$f.pgn" 2> /dev/null
    got=$(grep -o '^\[PlyCount "[0-9]*"\]' "$tmp/ar-$f.pgn" | tr -d '[]' | tr '\n' ' ')
    if [ -x "$PGN_EXTRACT" ]; then
        "$PGN_EXTRACT" -s --plycount -o "$tmp/pe-$f.pgn" "tests/data/pgn/pgn-extract/$f.pgn" 2> /dev/null
        want=$(grep -o 'PlyCount "[0-9]*"' "$tmp/pe-$f.pgn" | tr '\n' ' ')
        [ -n "$got" ] && [ "$got" = "$want" ] &&
            ok "--add-tags=PlyCount on $f.pgn: $(grep -c "^\[PlyCount" "$tmp/ar-$f.pgn") tags, pgn-extract --plycount's counts" ||
            notok "$f.pgn PlyCount: $got (pgn-extract: $want)"
    else
        notok "pgn-extract is needed ($PGN_EXTRACT)"
    fi
done
L=tests/data/openings/lichess-games.pgn
grep -v '^\[ECO \|^\[Opening ' "$L" > "$tmp/lg.pgn"
"$ARBITER" check --no-progress -qq --repair --add-tags=eco,opening --write-repaired="$tmp/lg-add.pgn" "$tmp/lg.pgn" 2> /dev/null
grep '^\[ECO \|^\[Opening ' "$L" > "$tmp/want"
grep '^\[ECO \|^\[Opening ' "$tmp/lg-add.pgn" > "$tmp/got"
# Game 4 (2022) plays 6. f3 e5 7. Nb3 Be6 8. Be3: by its position the
# table's 6. Be3 e5 7. Nb3 Be6 8. f3, "Najdorf Variation, English Attack";
# its tags, set in 2022, name the Najdorf only.
[ "$(diff "$tmp/want" "$tmp/got" | grep -c '^[<>]')" = 2 ] &&
    diff "$tmp/want" "$tmp/got" | grep -q '^> \[Opening "Sicilian Defense: Najdorf Variation, English Attack"\]$' &&
    ok "--add-tags=ECO,Opening on lichess's games, tags taken out: 9 of their 10 tags, the 10th the transposition's" ||
    notok "ECO/Opening added: $(diff "$tmp/want" "$tmp/got" | tr '\n' ' ')"
cat > "$tmp/add.pgn" <<'PGN'
[Event "has them"]
[Result "*"]
[ECO "B90"]
[Opening "Sicilian Defense: Najdorf Variation"]
[PlyCount "10"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *

[Event "lacks them"]
[Result "*"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *
PGN
"$ARBITER" check --no-progress --repair --add-tags=PlyCount,ECO,Opening --write-repaired="$tmp/add-out.pgn" "$tmp/add.pgn" > /dev/null 2>&1
head -8 "$tmp/add.pgn" > "$tmp/a"; head -8 "$tmp/add-out.pgn" > "$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && ok "--add-tags: a game that has the tags is copied byte for byte" || notok "has them: $(diff "$tmp/a" "$tmp/b")"
printf '%s\n' '[Event "lacks them"]' '[Result "*"]' '[ECO "B90"]' '[Opening "Sicilian Defense: Najdorf Variation"]' \
    '[PlyCount "10"]' '' > "$tmp/want"
awk '/^\[Event "lacks them"\]/,/^$/' "$tmp/add-out.pgn" > "$tmp/got"
cmp -s "$tmp/want" "$tmp/got" && grep -q '5. Nc3 a6 {arbiter --repair: PlyCount added: the record has 10 half-moves} {arbiter --repair: ECO added: the moves are B90, Sicilian Defense: Najdorf Variation} {arbiter --repair: Opening added: the moves are B90, Sicilian Defense: Najdorf Variation} \*$' "$tmp/add-out.pgn" &&
    ok "--add-tags: the three tags after the tag lines, each said in a comment" || notok "lacks them: $(cat "$tmp/got") $(tail -1 "$tmp/add-out.pgn")"
"$ARBITER" check --add-tags=PlyCount "$tmp/add.pgn" > /dev/null 2> "$tmp/err"
st=$?
[ "$st" = 2 ] && grep -q 'give --repair too' "$tmp/err" && ok "--add-tags without --repair: refused, status 2" || notok "no --repair: $st $(cat "$tmp/err")"
"$ARBITER" check --repair --add-tags=PlyCount,Round "$tmp/add.pgn" > /dev/null 2> "$tmp/err"
st=$?
[ "$st" = 2 ] && grep -q "not 'Round'" "$tmp/err" && ok "--add-tags=...,Round: refused, the word named" || notok "Round: $st $(cat "$tmp/err")"

tap_end
