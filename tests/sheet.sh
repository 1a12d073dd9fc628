#!/bin/sh
# sheet.sh — check --trf=FILE --round=N --sheet (TAP): the round's sheet.
#
# The report is bbpPairings' generated 81-player tournament
# (tests/trf/bbp-generated-forfeits.trf); the games of a round are written
# here from its pairings by awk (names and results as the report has them),
# then one taken out and one result changed.  Every figure the sheet gives
# is compared with an awk reading of the report's columns: the boards of
# the round, each one's result, the players' points after it.  Also the
# sample round (samples/trf/open2024.*) in the three formats, a tag with
# markup in the HTML sheet, and the options.
#
#   ARBITER   the program (default ./arbiter)
set -u
. "${TESTS:-tests}/tap.sh"
ARBITER=${ARBITER:-./arbiter}
T=tests/trf/bbp-generated-forfeits.trf
R=5
tap_tmp

tr '\r' '\n' < "$T" > "$tmp/t.trf"
# The round's pairings as the report has them: white|black|result code.
awk -v R=$R '/^001/ {
    rank = substr($0, 5, 4) + 0; name[rank] = substr($0, 15, 33); sub(/ +$/, "", name[rank])
    b = 92 + (R - 1) * 10; opp[rank] = substr($0, b, 4) + 0; col[rank] = substr($0, b + 5, 1); res[rank] = substr($0, b + 7, 1) }
    END { for (k in opp) if (col[k] == "w" && opp[k] > 0) print name[k + 0] "|" name[opp[k]] "|" res[k] }' "$tmp/t.trf" |
    sort > "$tmp/pairs"
# Games for the pairings played over the board (1 0 =).
awk -F'|' -v R=$R '$3 ~ /^[10=]$/ {
    r = $3 == "1" ? "1-0" : $3 == "0" ? "0-1" : "1/2-1/2"
    printf "[Event \"AutoTest\"]\n[Round \"%d.%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n\n1. e4 e5 2. Nf3 Nc6 %s\n\n", R, NR, $1, $2, r, r
}' "$tmp/pairs" > "$tmp/all.pgn"
played=$(grep -c '^\[Event' "$tmp/all.pgn")
# Points after the round, by the report's result codes (1 + W F U: 1,
# = D H: 1/2), in tenths: rank points.
awk -v R=$R '/^001/ { rank = substr($0, 5, 4) + 0; p = 0
    for (r = 1; r <= R; r++) { c = substr($0, 92 + (r - 1) * 10 + 7, 1); if (c ~ /[1+WFU]/) p += 10; else if (c ~ /[=DH]/) p += 5 }
    print rank, p }' "$tmp/t.trf" | sort -n > "$tmp/points"

sheet() { "$ARBITER" check --no-progress --trf="$T" --round=$R --sheet "$@" 2> "$tmp/err"; }

sheet -f jsonl "$tmp/all.pgn" > "$tmp/s1"
st=$?
jq -e . "$tmp/s1" > /dev/null 2>&1 && ok "the sheet in jsonl: every line a JSON object" || notok "jsonl: $(head -c 300 "$tmp/s1")"
[ "$(jq -r 'select(.sheet == "board" and .black != null) | "\(.white.name)|\(.black.name)"' "$tmp/s1" | sort)" = \
  "$(cut -d'|' -f1,2 "$tmp/pairs")" ] &&
    ok "round $R: the sheet's $(wc -l < "$tmp/pairs") boards are the report's pairings of the round" ||
    notok "boards: $(jq -r 'select(.sheet == "board") | .white.name' "$tmp/s1" | wc -l) against $(wc -l < "$tmp/pairs")"
[ "$(jq -r 'select(.sheet == "board" and .black != null) | .board' "$tmp/s1" | tr '\n' ' ')" = \
  "$(seq 1 "$(wc -l < "$tmp/pairs")" | tr '\n' ' ')" ] && ok "the boards numbered 1.. in order" || notok "board numbers"
[ "$(jq -r 'select(.sheet == "board" and .black != null) | "\(.white.name)|\(.black.name)|\(.report)"' "$tmp/s1" | sort)" = \
  "$(awk -F'|' '{ w = $3 == "1" ? "1-0" : $3 == "0" ? "0-1" : $3 == "=" ? "1/2-1/2" : $3 == "+" ? "1-0 by forfeit" : $3 == "-" ? "0-1 by forfeit" : "?"; print $1 "|" $2 "|" w }' "$tmp/pairs")" ] &&
    ok "each board's report result is the report's code in words" || notok "report results"
[ "$(jq -r 'select(.sheet == "summary") | "\(.missing) \(.results_disagreeing) \(.standings_disagreeing) \(.unpaired)"' "$tmp/s1")" = "0 0 0 0" ] &&
    [ "$(jq -r 'select(.sheet == "board" and .result != null) | .agree' "$tmp/s1" | sort -u)" = true ] &&
    [ "$(jq -r 'select(.sheet == "board" and .result != null)' "$tmp/s1" | jq -s length)" = "$played" ] &&
    ok "all $played games of the round as the report has them: none missing, every result agrees" ||
    notok "all games: $(jq -c 'select(.sheet == "summary")' "$tmp/s1")"
[ "$(jq -r 'select(.sheet == "standing") | "\(.rank) \(.report)"' "$tmp/s1" | sort -n |
     awk '{ split($2, a, "."); print $1, a[1] * 10 + (a[2] ? a[2] : 0) }')" = "$(cat "$tmp/points")" ] &&
    ok "the standings: every player's points after round $R as an awk sum of the report's codes" ||
    notok "standings: $(jq -r 'select(.sheet == "standing") | "\(.rank) \(.report)"' "$tmp/s1" | sort -n | head -3 | tr '\n' ' ')"
[ "$st" -le 1 ] && ok "status $st (as check's)" || notok "status $st: $(cat "$tmp/err")"

# One game taken out, one result changed (board of the first decisive game).
first=$(awk -F'|' '$3 ~ /^[10]$/ { print $1; exit }' "$tmp/pairs")
gone=$(awk -F'|' '$3 == "=" { print $1; exit }' "$tmp/pairs")
python3 - "$tmp/all.pgn" "$tmp/some.pgn" "$first" "$gone" << 'PY'
import re, sys
games = re.split(r"\n\s*\n(?=\[)", open(sys.argv[1]).read().strip())
out = []
for g in games:
    if '[White "%s"]' % sys.argv[4] in g:
        continue
    if '[White "%s"]' % sys.argv[3] in g:
        g = g.replace('[Result "1-0"]', '[Result "0-1"]').replace(" 1-0", " 0-1") if '[Result "1-0"]' in g \
            else g.replace('[Result "0-1"]', '[Result "1-0"]').replace(" 0-1", " 1-0")
    out.append(g)
open(sys.argv[2], "w").write("\n\n".join(out) + "\n")
PY
sheet -f jsonl "$tmp/some.pgn" > "$tmp/s2"
[ "$(jq -r 'select(.sheet == "board" and .missing) | .white.name' "$tmp/s2")" = "$gone" ] &&
    ok "a game taken out: its board says missing ($gone)" || notok "missing: $(jq -c 'select(.sheet == "board" and .missing)' "$tmp/s2")"
[ "$(jq -r 'select(.sheet == "board" and .agree == false) | .white.name' "$tmp/s2")" = "$first" ] &&
    [ "$(jq -r 'select(.sheet == "standing" and .agree == false) | .name' "$tmp/s2" | wc -l)" = 2 ] &&
    [ "$(jq -r 'select(.sheet == "summary") | "\(.missing) \(.results_disagreeing) \(.standings_disagreeing)"' "$tmp/s2")" = "1 1 2" ] &&
    ok "a result changed: that board disagrees, and its two players' points with the games differ from the report's" ||
    notok "changed: $(jq -c 'select(.sheet == "summary")' "$tmp/s2")"
sheet "$tmp/some.pgn" > "$tmp/t2"
rows=$(wc -l < "$tmp/pairs")
grep -qF "Round $R of AutoTest Tournament 11 ($T): ${rows# } boards, 1 game missing, 1 result disagreeing, 2 standings disagreeing" "$tmp/t2" &&
    grep -q "MISSING  no game of this pairing in the input" "$tmp/t2" && grep -q "RESULT DIFFERS" "$tmp/t2" &&
    [ "$(grep -c ' DIFFERS$' "$tmp/t2")" = 2 ] && ok "the text sheet says the same" || notok "text: $(head -3 "$tmp/t2")"

# The sample round: a game of round 2 the report pairs in round 3, a bye.
"$ARBITER" check --no-progress --trf=samples/trf/open2024.trf --round=2 --sheet samples/trf/open2024.pgn > "$tmp/o.txt" 2> /dev/null
grep -q 'samples/trf/open2024.pgn:48: game 6, Carlsen - Nakamura, 1/2-1/2 (the report pairs them in round 3)' "$tmp/o.txt" &&
    grep -q 'Broken, Player (7) .* zero-point bye  (no game)' "$tmp/o.txt" && grep -q 'colours reversed' "$tmp/o.txt" &&
    ok "the sample round: a game the report pairs in round 3 listed apart, a bye, colours reversed said" ||
    notok "sample: $(cat "$tmp/o.txt" | head -12)"
sed 's/^\[White "Carlsen, Magnus"\]$/[White "<script>alert(1)<\/script>"]/' samples/trf/open2024.pgn > "$tmp/x.pgn"
"$ARBITER" check --no-progress --trf=samples/trf/open2024.trf --round=2 --sheet -f html "$tmp/x.pgn" > "$tmp/x.html" 2> /dev/null
! grep -qi '<script' "$tmp/x.html" && grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$tmp/x.html" &&
    grep -q '<table id="boards">' "$tmp/x.html" && grep -q '<table id="standings">' "$tmp/x.html" &&
    ok "the HTML sheet: boards and standings tables, a tag holding <script> escaped, no script" ||
    notok "html: $(grep -io '.\{30\}script.\{30\}' "$tmp/x.html" | head -3)"
if command -v xmllint > /dev/null 2>&1; then
    xmllint --html --noout "$tmp/x.html" 2> "$tmp/lint" && [ ! -s "$tmp/lint" ] && ok "the HTML sheet parses cleanly (xmllint --html)" ||
        notok "xmllint: $(head -3 "$tmp/lint")"
else
    notok "xmllint is needed (libxml2-utils)"
fi

# Options.
"$ARBITER" check --sheet samples/trf/open2024.pgn > /dev/null 2> "$tmp/e"
st=$?
[ "$st" = 2 ] && grep -q 'give --trf=FILE and --round=N too' "$tmp/e" && ok "--sheet alone: refused, status 2" || notok "alone: $st"
"$ARBITER" check --trf=samples/trf/open2024.trf --round=2 --sheet -f sarif samples/trf/open2024.pgn > /dev/null 2> "$tmp/e"
st=$?
[ "$st" = 2 ] && grep -q 'text, jsonl or html' "$tmp/e" && ok "--sheet -f sarif: refused" || notok "sarif: $st"

tap_end
