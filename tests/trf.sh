#!/bin/sh
# trf.sh — check --trf (TAP): the games of a round against a tournament
# report (FIDE TRF-16).  The fixture has each trf-* finding; real reports
# (bbpPairings' test files and its random tournament generator's, see
# tests/trf/README.md) read without a false error, their points add up,
# and games made from their pairings match them all; a game taken away,
# a result or the colours changed, is found.  --jobs=2 writes what
# --jobs=1 does in every format; broken reports (cut lines, junk, a huge
# line, empty) never crash and say where.
#
#   ARBITER   the program (default ./arbiter)
set -u
. "${TESTS:-tests}/tap.sh"
ARBITER=${ARBITER:-./arbiter}
D=${TESTS:-tests}/trf
tap_tmp

# ---- the fixture: each finding, in the game's record or the report's ----
"$ARBITER" check --trf="$D/fixture.trf" -f jsonl "$D/fixture.pgn" >"$tmp/fx.jsonl" 2>"$tmp/fx.err"
st=$?
[ $st -eq 1 ] && ok "findings of severity error: exit 1" || notok "fixture exit $st"
codes=$(jq -r '.findings[].code' "$tmp/fx.jsonl" | sort | uniq -c | awk '{printf "%s:%s ", $2, $1}')
[ "$codes" = "trf-colour-mismatch:1 trf-missing-game:1 trf-points-mismatch:1 trf-result-mismatch:2 trf-round-mismatch:1 trf-syntax:1 trf-unpaired-game:1 " ] &&
    ok "each trf-* code where the fixture has it" || notok "codes: $codes"
clean=$(jq -r 'select(.file | endswith(".pgn")) | select(.findings == []) | .tags.White + " / " + .tags.Black' "$tmp/fx.jsonl" | tr '\n' ';')
[ "$clean" = "Carlsen, Magnus / Caruana, Fabiano;Nakamura, H. / Robert Hubner;Kowalski, L / Caruana, Fabiano;" ] &&
    ok "FIDE ids, an initial with a dot, First Last without the accent, a Polish letter as ASCII: matched, nothing to say" ||
    notok "clean games: $clean"
r=$(jq -c 'select(.findings[0].code == "trf-result-mismatch") | [.game, .findings[0].line, .findings[0].col]' "$tmp/fx.jsonl" | tr '\n' ' ')
[ "$r" = "[3,26,1] [5,44,1] " ] && ok "trf-result-mismatch at the games' Result tags (a result, a forfeit)" || notok "result mismatches: $r"
jq -r 'select(.game == 5) | .findings[0].message' "$tmp/fx.jsonl" | grep -q 'forfeit' &&
    ok "a forfeit in the report where a game was played says so" || notok "forfeit message"
jq -r 'select(.game == 6) | .findings[0].message' "$tmp/fx.jsonl" | grep -q "in round 3, not round 2 (the Round tag); the game's Date is round 3's date" &&
    ok "trf-round-mismatch names both rounds, and the 132 date the game's Date matches" || notok "round mismatch message"
rec=$(jq -c 'select(.file | endswith(".trf")) | [.game, .line, .tags, .rules, .mode, .lang, .plies, .fen, .result_tag, .findings[0].code, .findings[0].ply, .findings[0].line, .findings[0].col]' "$tmp/fx.jsonl")
want='[1,8,{"Player":"Hübner, Robert"},null,null,null,0,null,null,"trf-points-mismatch",0,8,82]
[2,9,{"White":"Kowalski, Łukasz","Black":"Ding, Liren","Round":"1"},null,null,null,0,null,null,"trf-missing-game",0,9,92]
[3,11,{"Player":"Broken, Player"},null,null,null,0,null,null,"trf-syntax",0,11,99]'
[ "$rec" = "$want" ] && ok "the report's records after the games: file, game, line, tags, null rules, ply 0, line and column" ||
    notok "report records: $rec"
keys=$(jq -c 'keys' "$tmp/fx.jsonl" | sort -u | wc -l)
[ "$keys" -eq 1 ] && ok "the report's records have the keys every game record has" || notok "$keys key sets"
grep -q "^arbiter: $D/fixture.trf:11:99: error: round 1: unknown result code 'Q'" "$tmp/fx.err" &&
    ok "a line that cannot be read: FILE:LINE:COL: error: on standard error" || notok "diagnostic: $(head -1 "$tmp/fx.err")"
grep -q '1 file, 8 games' "$tmp/fx.err" && ok "the report's records are no games in the summary" || notok "summary: $(tail -1 "$tmp/fx.err")"

# --select, and --round.
cnt=$("$ARBITER" check --trf="$D/fixture.trf" --select=trf-missing-game -f jsonl "$D/fixture.pgn" 2>/dev/null | jq -s '[.[].findings[]] | length')
[ "$cnt" = 1 ] && ok "--select applies to the report's records" || notok "--select: $cnt"
sed -n 1,20p "$D/fixture.pgn" >"$tmp/round1.pgn"   # its two games of round 1
"$ARBITER" check --trf="$D/fixture.trf" --round=1 -f jsonl "$tmp/round1.pgn" >"$tmp/r1.jsonl" 2>/dev/null
r=$(jq -r '[.tags.Round // "-", (.findings[].code)] | join(",")' "$tmp/r1.jsonl" | tr '\n' ' ')
[ "$r" = "1 1 -,trf-points-mismatch 1,trf-missing-game -,trf-syntax " ] &&
    ok "--round=1 on round 1's games: they match, its missing game is found" || notok "--round=1: '$r'"
r=$("$ARBITER" check --trf="$D/fixture.trf" --round=1 -f jsonl "$D/fixture.pgn" 2>/dev/null | jq -r 'select(.game == 4 and .file == "'"$D/fixture.pgn"'") | [.findings[].code] | join(",")')
[ "$r" = "trf-round-mismatch,trf-colour-mismatch" ] && ok "--round=1: a game paired in round 2 alone is a round mismatch" ||
    notok "--round=1, game 4: '$r'"

# ---- --jobs=2 writes what --jobs=1 does, in every format ----
for f in text jsonl json sarif junit github html; do
    "$ARBITER" check --trf="$D/fixture.trf" --jobs=1 -f $f "$D/fixture.pgn" >"$tmp/j1" 2>/dev/null
    "$ARBITER" check --trf="$D/fixture.trf" --jobs=2 -f $f "$D/fixture.pgn" >"$tmp/j2" 2>/dev/null
    if cmp -s "$tmp/j1" "$tmp/j2" && grep -q 'fixture.trf' "$tmp/j1" && grep -q 'trf-missing-game' "$tmp/j1"; then
        ok "--format=$f: the same with --jobs=2, the report's records in it"
    else
        notok "--format=$f: --jobs=2 differs, or no report record"
    fi
done
"$ARBITER" check --trf="$D/fixture.trf" "$D/fixture.pgn" 2>/dev/null | grep -A1 "fixture.trf:11:99: error" | grep -q '11 | .*0000 - Q' &&
    ok "text: the report's line is shown under its finding" || notok "text: no source line for the report"

# ---- real reports ----
# Games made from a report's pairings: one per game played, White the
# player with w, the result from his side; one paragraph each.
games_of() {
    tr '\r' '\n' <"$1" | awk '
        /^001/ { line[++n] = $0; name[substr($0, 5, 4) + 0] = substr($0, 15, 33) }
        END {
            for (i = 1; i <= n; i++) {
                l = line[i]
                for (r = 1; 90 + 10 * (r - 1) <= length(l); r++) {
                    s = 90 + 10 * (r - 1)
                    opp = substr(l, s + 2, 4) + 0; col = substr(l, s + 7, 1); res = substr(l, s + 9, 1)
                    if (col != "w" || opp == 0 || index("10=", res) == 0) continue
                    w = name[substr(l, 5, 4) + 0]; b = name[opp]
                    sub(/ +$/, "", w); sub(/ +$/, "", b)
                    pr = res == "1" ? "1-0" : res == "0" ? "0-1" : "1/2-1/2"
                    printf "[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n1. d4 d5 %s\n\n", r, w, b, pr, pr
                }
            }
        }'
}
for t in "$D"/bbp-*.trf; do
    b=$(basename "$t" .trf)
    "$ARBITER" check --trf="$t" -f jsonl /dev/null >"$tmp/$b.empty" 2>"$tmp/$b.err"
    st=$?
    if [ $st -eq 0 ] && [ ! -s "$tmp/$b.empty" ]; then
        ok "$b: read without an error, every player's points add up"
    else
        notok "$b: exit $st, $(head -c 300 "$tmp/$b.empty") $(head -2 "$tmp/$b.err")"
    fi
    games_of "$t" >"$tmp/$b.pgn"
    g=$(grep -c '^\[Round' "$tmp/$b.pgn")
    out=$("$ARBITER" check --trf="$t" -f jsonl "$tmp/$b.pgn" 2>/dev/null | jq -r '.findings[].code' | sort | uniq -c | tr -s ' ' | tr '\n' ';')
    [ "$g" -gt 0 ] && [ -z "$out" ] && ok "$b: its $g games, made from its pairings, all match" || notok "$b: $g games: $out"
done
t=$D/bbp-generated-forfeits.trf
games_of "$t" >"$tmp/all.pgn"
# A game taken away, a result changed, the colours swapped (the result
# turned with them): one finding each.
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR != 7' "$tmp/all.pgn" >"$tmp/less.pgn"
out=$("$ARBITER" check --trf="$t" -f jsonl "$tmp/less.pgn" 2>/dev/null | jq -r '.findings[].code' | tr '\n' ' ')
[ "$out" = "trf-missing-game " ] && ok "a game taken away: trf-missing-game" || notok "game taken away: $out"
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR == 5 { gsub(/1-0/, "0-1") || gsub(/1\/2-1\/2/, "1-0") } { print }' "$tmp/all.pgn" >"$tmp/res.pgn"
out=$("$ARBITER" check --trf="$t" -f jsonl "$tmp/res.pgn" 2>/dev/null | jq -r '.findings[].code' | tr '\n' ' ')
[ "$out" = "trf-result-mismatch " ] && ok "a result changed: trf-result-mismatch" || notok "result changed: $out"
awk 'BEGIN { RS = ""; ORS = "\n\n" }
     NR == 9 { match($0, /White "[^"]*"/); w = substr($0, RSTART + 7, RLENGTH - 8)
               match($0, /Black "[^"]*"/); b = substr($0, RSTART + 7, RLENGTH - 8)
               gsub(/White "[^"]*"/, "White \"@B@\""); gsub(/Black "[^"]*"/, "Black \"@W@\"")
               sub(/@B@/, b); sub(/@W@/, w)
               if (gsub(/1-0/, "X-X")) gsub(/X-X/, "0-1"); else gsub(/0-1/, "1-0") }
     { print }' "$tmp/all.pgn" >"$tmp/col.pgn"
out=$("$ARBITER" check --trf="$t" -f jsonl "$tmp/col.pgn" 2>/dev/null | jq -r '.findings[].code' | tr '\n' ' ')
[ "$out" = "trf-colour-mismatch " ] && ok "colours swapped: trf-colour-mismatch" || notok "colours swapped: $out"

# ---- broken reports: no crash, an error with its place, nothing else lost ----
printf '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 1-0\n' >"$tmp/one.pgn"
tr '\r' '\n' <"$D/bbp-issue7.trf" | awk '{ srand(NR); print substr($0, 1, int(rand() * length($0))) }' >"$tmp/cut.trf"
"$ARBITER" check --trf="$tmp/cut.trf" -f jsonl "$tmp/one.pgn" >"$tmp/cut.jsonl" 2>"$tmp/cut.err"
st=$?
if [ $st -le 2 ] && ! grep -q 'Sanitizer\|runtime error' "$tmp/cut.err"; then ok "lines cut short at random: exit $st, no crash"; else notok "cut lines: exit $st"; fi
bad=$(grep -v '^arbiter: [^:]*cut.trf:[0-9]*:[0-9]*: error: \|^arbiter: 1 file' "$tmp/cut.err" | head -2)
[ -z "$bad" ] && ok "every message about it is FILE:LINE:COL: error:" || notok "messages: $bad"
n1=$(grep -c 'cut.trf:[0-9]*:[0-9]*: error' "$tmp/cut.err"); n2=$(jq -r '.findings[].code' "$tmp/cut.jsonl" | grep -c trf-syntax)
[ "$n1" -eq "$n2" ] && ok "one trf-syntax record per message ($n1)" || notok "$n1 messages, $n2 trf-syntax findings"
head -c 20000 /dev/urandom >"$tmp/junk.trf"
"$ARBITER" check --trf="$tmp/junk.trf" "$tmp/one.pgn" >/dev/null 2>"$tmp/junk.err"
st=$?
[ $st -eq 2 ] && grep -q 'not a TRF file' "$tmp/junk.err" && ok "binary junk: not a TRF file, exit 2" || notok "junk: exit $st $(head -1 "$tmp/junk.err")"
{ printf '001    1 m    Long, Line%*s' 30 ''; head -c 3000000 /dev/zero | tr '\0' '1'; printf '\n'; sed -n 2,3p "$D/bbp-dutch-c5.trf"; } >"$tmp/huge.trf"
"$ARBITER" check --trf="$tmp/huge.trf" -f jsonl "$tmp/one.pgn" >"$tmp/huge.jsonl" 2>"$tmp/huge.err"
st=$?
[ $st -eq 1 ] && grep -q 'huge.trf:1:' "$tmp/huge.err" && ok "a 3 MB line: an error at line 1, the rest read (exit $st)" || notok "huge line: exit $st"
: >"$tmp/empty.trf"
"$ARBITER" check --trf="$tmp/empty.trf" "$tmp/one.pgn" >/dev/null 2>"$tmp/empty.err"
st=$?
[ $st -eq 2 ] && grep -q "empty.trf: not a TRF file: no player (001) line" "$tmp/empty.err" && ok "an empty report: exit 2, says why" || notok "empty: exit $st"
"$ARBITER" check --trf="$tmp/none.trf" "$tmp/one.pgn" >/dev/null 2>"$tmp/none.err"
st=$?
[ $st -eq 2 ] && grep -q 'none.trf: No such file' "$tmp/none.err" && ok "a missing report: exit 2" || notok "missing: exit $st"
"$ARBITER" check --round=3 "$tmp/one.pgn" >/dev/null 2>"$tmp/round.err"
st=$?
[ $st -eq 2 ] && ok "--round without --trf: a usage error" || notok "--round alone: exit $st"
"$ARBITER" check --trf="$D/fixture.trf" --round=x "$tmp/one.pgn" >/dev/null 2>&1
[ $? -eq 2 ] && ok "--round=x: a usage error" || notok "--round=x accepted"
tap_end
