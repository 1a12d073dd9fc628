#!/bin/sh
# openings.sh — the ECO and Opening tags against the moves (TAP).
#
# The shipped table is lichess's chess-openings as copied (the generated C
# file agrees with the .tsv files).  lichess's own tags on five games it
# exported agree with the moves; the corpus' ECO tags, set by another
# classifier (deeper, through transpositions), are not judged.  A tag
# copied from another game is found (opening-mismatch, info, at the tag),
# and --repair writes the moves' code and name, said in a comment.
set -u
ARBITER=${ARBITER:-./arbiter}
CORPUS=build/data/corpus/pgnmentor-14-players.pgn    # make data
LI=tests/data/openings/lichess-games.pgn
. "${TESTS:-tests}/tap.sh"
tap_tmp

sh tools/gen-openings.sh > "$tmp/table.c"
cmp -s "$tmp/table.c" src/laws/openings_table.c && ok "openings_table.c is tools/gen-openings.sh's output of the .tsv files" ||
    notok "openings_table.c differs from the .tsv files: run sh tools/gen-openings.sh > src/laws/openings_table.c"
[ "$(cat src/laws/openings/?.tsv | grep -vc '^eco	')" = 3807 ] && ok "the five .tsv files: 3,807 lines" ||
    notok "the .tsv files: $(cat src/laws/openings/?.tsv | grep -vc '^eco	') lines"

mismatches() { "$ARBITER" check --format=jsonl --no-progress "$@" 2> /dev/null |
    jq -r '.game as $g | .findings[] | select(.code == "opening-mismatch") | "\($g) \(.line):\(.col) \(.message)"'; }
count=$(mismatches "$LI" | grep -c .)
[ "$count" = 0 ] && ok "lichess's ECO and Opening tags on 5 games it exported agree with the moves" ||
    notok "lichess's tags: $count opening-mismatch: $(mismatches "$LI" | head -2)"
if [ -r "$CORPUS" ]; then
    awk '/^\[Event / { g++ } g <= 3000 { print }' "$CORPUS" > "$tmp/c.pgn"
    count=$(mismatches "$tmp/c.pgn" | grep -c .)
    [ "$count" = 0 ] && ok "3,000 corpus games with ECO tags of another classifier: none judged wrong" ||
        notok "corpus: $count opening-mismatch: $(mismatches "$tmp/c.pgn" | head -2)"
else
    notok "$CORPUS not found (make data)"
fi

# Game 2 (a Najdorf, B90) given game 1's tags (a French, C01).
sed '0,/^\[ECO "B90"\]$/s//[ECO "C01"]/; s/^\[Opening "Sicilian Defense: Najdorf Variation, Adams Attack"\]$/[Opening "French Defense: Exchange Variation"]/' \
    "$LI" > "$tmp/swapped.pgn"
mismatches "$tmp/swapped.pgn" > "$tmp/m"
if grep -q '^2 27:1 the ECO tag says C01, but no named opening on the way has that code: the moves are B90, Sicilian Defense: Najdorf Variation, Adams Attack' "$tmp/m" \
    && grep -q '^2 28:1 the Opening tag says "French Defense: Exchange Variation", but the moves are B90, Sicilian Defense: Najdorf Variation, Adams Attack' "$tmp/m" \
    && [ "$(grep -c . "$tmp/m")" = 2 ]; then
    ok "tags copied from another game: opening-mismatch at each tag, naming the moves' opening"
else
    notok "swapped tags: $(cat "$tmp/m")"
fi
# Another spelling of the family is no contradiction.
sed 's/^\[Opening "French Defense: Exchange Variation"\]$/[Opening "French defence (exchange)"]/' "$LI" > "$tmp/spelt.pgn"
[ "$(mismatches "$tmp/spelt.pgn" | grep -c .)" = 0 ] && ok "\"French defence (exchange)\": the same family" ||
    notok "spelling: $(mismatches "$tmp/spelt.pgn")"
"$ARBITER" check --no-progress --repair --write-repaired="$tmp/rep.pgn" "$tmp/swapped.pgn" > "$tmp/out" 2>&1
if grep -q '^\[ECO "B90"\]$' "$tmp/rep.pgn" && grep -q '^\[Opening "Sicilian Defense: Najdorf Variation, Adams Attack"\]$' "$tmp/rep.pgn" \
    && grep -q '{arbiter --repair: ECO was C01; the moves are B90, Sicilian Defense: Najdorf Variation, Adams Attack} {arbiter --repair: Opening was "French Defense: Exchange Variation"; the moves are B90, Sicilian Defense: Najdorf Variation, Adams Attack} 1-0$' "$tmp/rep.pgn" \
    && grep -q 'note: --repair: the ECO and Opening tags become the moves. (B90)' "$tmp/out"; then
    ok "--repair: the ECO and Opening tags written back, each change said"
else
    notok "--repair: $(grep -n 'ECO\|Opening\|arbiter --repair' "$tmp/rep.pgn" | head -4) $(grep 'note: --repair' "$tmp/out")"
fi
[ "$(mismatches "$tmp/rep.pgn" | grep -c .)" = 0 ] && ok "the repaired file: no opening-mismatch" ||
    notok "repaired: $(mismatches "$tmp/rep.pgn")"

tap_end
