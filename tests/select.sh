#!/bin/sh
# select.sh — which games: --player, --date, --elo, --plies, --eco,
# --position, with --where (TAP).
#
# On 3,000 games of the corpus each option keeps the games an independent
# count keeps: pgn-extract for the ply bounds (-pl/-pu) and the position
# (-Tf), jq over the tags of the records of a plain run for the others
# (written out here, so that the two readings can disagree).  Then
# combined; the same in convert, replay and watch; the write-outs hold the
# kept games only; two threads write what one writes; a value that cannot
# be read is a usage error.
set -u
ARBITER=${ARBITER:-./arbiter}
ARBITER_REL=${ARBITER_REL:-$ARBITER}
PGN_EXTRACT=${PGN_EXTRACT:-/usr/games/pgn-extract}
CORPUS=build/data/corpus/pgnmentor-14-players.pgn    # make data
. "${TESTS:-tests}/tap.sh"
tap_tmp
[ -r "$CORPUS" ] || { echo "Bail out! $CORPUS not found (make data)"; exit 1; }
awk '/^\[Event / { g++ } g <= 3000 { print }' "$CORPUS" > "$tmp/c.pgn"
"$ARBITER_REL" check --format=jsonl --no-progress "$tmp/c.pgn" > "$tmp/all" 2> /dev/null

# count OPTION...: records arbiter check writes with the options.
count() { "$ARBITER" check --format=jsonl --no-progress "$@" "$tmp/c.pgn" 2> "$tmp/err" | grep -c '^{'; }
# same NAME WANT OPTION...
same() {
    name=$1 want=$2
    shift 2
    got=$(count "$@")
    if [ "$got" = "$want" ] && [ "$want" -gt 0 ] && [ "$want" -lt 3000 ]; then
        ok "$name: $got games"
    else
        notok "$name: $got games, want $want: $(head -2 "$tmp/err")"
    fi
}
jqn() { jq -r "select($1) | .game" "$tmp/all" | wc -l | tr -d ' '; }

same "--player=Adams (either side)" "$(jqn '(.tags.White|startswith("Adams,")) or (.tags.Black|startswith("Adams,"))')" \
    --player=Adams
same "--player='michael adams' (first name first, lower case)" \
    "$(jqn '(.tags.White|startswith("Adams, Michael")) or (.tags.Black|startswith("Adams, Michael"))')" \
    "--player=michael adams"
same "--player=Adams --player=Short: the games between them" \
    "$(jqn '((.tags.White + "|" + .tags.Black) | test("Adams,") and test("Short,"))')" --player=Adams --player=Short
same "--date=1995..1996" "$(jqn '.tags.Date | test("^199[56]\\.")')" --date=1995..1996
same "--date=1996.06.. (a date with unknown month left out)" \
    "$(jqn '.tags.Date | test("^(1996\\.(0[6-9]|1[0-2])|199[7-9]|20[0-9][0-9])\\.")')" --date=1996.06..
same "--elo=2700.. (both players)" \
    "$(jqn '((.tags.WhiteElo // "") | test("^[0-9]+$")) and ((.tags.BlackElo // "") | test("^[0-9]+$")) and (.tags.WhiteElo|tonumber) >= 2700 and (.tags.BlackElo|tonumber) >= 2700')" \
    --elo=2700..
same "--eco=B20..B99" "$(jqn '(.tags.ECO // "") | test("^B[2-9][0-9]")')" --eco=B20..B99
same "--eco=C (a volume)" "$(jqn '(.tags.ECO // "") | test("^C[0-9][0-9]")')" --eco=C
if [ -x "$PGN_EXTRACT" ]; then
    "$PGN_EXTRACT" -s -pl20 -pu60 -o "$tmp/pe.pgn" "$tmp/c.pgn" 2> /dev/null
    same "--plies=20..60 (pgn-extract -pl20 -pu60)" "$(grep -c '^\[Event ' "$tmp/pe.pgn")" --plies=20..60
    fen='rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R'
    "$PGN_EXTRACT" -s "-Tf$fen" -o "$tmp/pe2.pgn" "$tmp/c.pgn" 2> /dev/null
    same "--position=PLACEMENT (pgn-extract -Tf)" "$(grep -c '^\[Event ' "$tmp/pe2.pgn")" "--position=$fen"
    same "--position=a whole FEN (its placement compared)" "$(grep -c '^\[Event ' "$tmp/pe2.pgn")" \
        "--position=$fen b KQkq - 0 1"
else
    notok "pgn-extract is needed ($PGN_EXTRACT)"
fi
same "--player=Adams --eco=C --where=Event~Olympiad (all must hold)" \
    "$(jqn '((.tags.White|startswith("Adams,")) or (.tags.Black|startswith("Adams,"))) and ((.tags.ECO // "") | test("^C")) and (.tags.Event | test("Olympiad"))')" \
    --player=Adams --eco=C --where=Event~Olympiad
"$ARBITER" check --no-progress --plies=..20 "$tmp/c.pgn" > /dev/null 2> "$tmp/err"
kept=$(count --plies=..20)
grep -q "$kept games ($((3000 - kept)) more left out by the selection)" "$tmp/err" &&
    ok "the summary counts the games left out" || notok "summary: $(tail -1 "$tmp/err")"

# Two threads write what one writes (--plies decides after the replay, in
# the workers).
for opt in --plies=..30 "--position=$fen" --player=Short; do
    "$ARBITER_REL" check --jobs=1 --no-progress --format=jsonl "$opt" "$tmp/c.pgn" > "$tmp/j1" 2>&1
    "$ARBITER_REL" check --jobs=2 --no-progress --format=jsonl "$opt" "$tmp/c.pgn" > "$tmp/j2" 2>&1
    cmp -s "$tmp/j1" "$tmp/j2" && ok "$opt: --jobs=2 writes what --jobs=1 writes" || notok "$opt: --jobs differ"
done
# The write-outs hold the kept games, and nothing else.
"$ARBITER" check --no-progress --plies=..30 --write-clean="$tmp/wc.pgn" --write-flagged="$tmp/wf.pgn" "$tmp/c.pgn" \
    > /dev/null 2>&1
cat "$tmp/wc.pgn" "$tmp/wf.pgn" > "$tmp/w.pgn"
"$ARBITER" check --format=jsonl --no-progress "$tmp/w.pgn" 2> /dev/null > "$tmp/wj"
[ "$(grep -c '^{' "$tmp/wj")" = "$(count --plies=..30)" ] && [ "$(jq -s 'map(.plies) | max' "$tmp/wj")" -le 30 ] &&
    ok "--write-clean and --write-flagged hold the $(grep -c '^{' "$tmp/wj") games --plies=..30 keeps" ||
    notok "write-outs: $(grep -c '^{' "$tmp/wj") games"

# convert, replay, watch.
cnt=$("$ARBITER" convert --player=Short "$tmp/c.pgn" 2> /dev/null | grep -c '^\[Event ')
[ "$cnt" = "$(count --player=Short)" ] && ok "convert --player=Short: $cnt games" || notok "convert --player: $cnt"
cnt=$("$ARBITER" convert --plies=..20 "$tmp/c.pgn" 2> /dev/null | grep -c '^\[Event ')
[ "$cnt" = "$(count --plies=..20)" ] && ok "convert --plies=..20: $cnt games" || notok "convert --plies: $cnt"
second=$(jq -r 'select((.tags.White|startswith("Short,")) or (.tags.Black|startswith("Short,"))) | .fen' "$tmp/all" | sed -n 2p)
got=$("$ARBITER" replay --fen --player=Short --game=2 "$tmp/c.pgn" | tail -1)
[ -n "$second" ] && [ "$got" = "$second" ] && ok "replay --player=Short --game=2: the second of his games" ||
    notok "replay: $got (want $second)"
"$ARBITER" replay --fen --player=Short --game=9999 "$tmp/c.pgn" > /dev/null 2> "$tmp/err"
[ "$?" = 2 ] && grep -q "there is no game 9999 (the file holds [0-9]* that the selection keeps)" "$tmp/err" &&
    ok "replay: past the kept games, said" || notok "replay 9999: $(cat "$tmp/err")"
"$ARBITER" watch --once --format=jsonl --player=Short "$tmp/c.pgn" > "$tmp/w" 2> "$tmp/err"
cnt=$(jq -r 'select(.event == "finding") | .game' "$tmp/w" 2> /dev/null | sort -un | wc -l)
want=$(jq -r 'select(((.tags.White|startswith("Short,")) or (.tags.Black|startswith("Short,"))) and (.findings | length) > 0) | .game' "$tmp/all" | wc -l)
[ "$cnt" = "$want" ] && [ "$cnt" -gt 0 ] && ok "watch --player=Short: findings of his $cnt games with findings" ||
    notok "watch: $cnt games with findings, want $want: $(head -2 "$tmp/err")"

# Values that cannot be read.
for bad in --date=2023.13 --date=.. --elo=abc --elo=2700..2000 --plies=x --eco=F00 --eco=B2 --position=nonsense \
           --player=...; do
    "$ARBITER" check "$bad" "$tmp/c.pgn" > /dev/null 2> "$tmp/err"
    [ "$?" = 2 ] && grep -q "^arbiter: ${bad%%=*}: " "$tmp/err" && ok "$bad: a usage error that names it" ||
        notok "$bad: $(head -1 "$tmp/err")"
done

tap_end
