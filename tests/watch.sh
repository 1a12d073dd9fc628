#!/bin/sh
# watch.sh — arbiter watch (TAP): the files of live boards followed as
# they are rewritten (tests/watch/live.py: renamed into place, rewritten in
# place, a write cut in the middle, a directory with new files, SIGINT and
# SIGTERM, with inotify and --poll; each finding once, after its write, the
# latencies printed: their target is make bench's), --once in both formats,
# the kings put in the centre (check and watch), and the options.  No
# verdict depends on the machine's speed: a wait ends when what it waits
# for comes, and only a watcher stuck for WAIT seconds fails it.
#
#   ARBITER   the program (default ./arbiter)
set -u
. "${TESTS:-tests}/tap.sh"
ARBITER=${ARBITER:-./arbiter}
WAIT=${LIVE_WAIT:-120}
tap_tmp

# until_file FILE: until FILE is not empty (WAIT seconds at most).
until_file() {
    w=0
    while [ ! -s "$1" ] && [ $w -lt $((WAIT * 10)) ]; do sleep 0.1; w=$((w + 1)); done
}

# ---- kings in the centre: check says it, in place of an illegal move ----
kings() {   # white's moves to get there, result tag, marker
    printf '[Event "Live"]\n[White "A"]\n[Black "B"]\n[Round "%s"]\n[Result "%s"]\n\n%s %s\n\n' "$1" "$3" "$2" "$4"
}
{
    kings 1 '1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Kd5 Ke4' 1-0 1-0       # light d5, e4: 1-0
    kings 2 '1. d4 d5 2. Kd2 Kd7 3. Kd3 Ke6 4. Ke5 Kd4' 0-1 0-1       # dark e5, d4: 0-1 (the first a jump)
    kings 3 '1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Kd4 Kd5' '*' '*'       # d4 and d5: one of each, 1/2-1/2
    kings 4 '1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Kd5 Ke4' 0-1 0-1       # 1-0 signalled, 0-1 recorded
    kings 5 '1. e4 e5 2. Ke2 Ke7 3. Ke3 Kd6 4. Kd4' '*' '*'          # d4, but the other king on d6: illegal
    kings 6 '1. f3 e5 2. g4 Qh4# 3. Kd4 Ke5' 0-1 0-1                  # after the mate: d4, e5: 0-1
    kings 7 '1. f3 e5 2. g4 Qh4# 3. Kd2' 0-1 0-1                      # after the mate, no signal
    kings 8 '1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Kd5 (4. Kd3 {or}) 4... Ke4' 1-0 1-0  # a variation between
} >"$tmp/kings.pgn"
"$ARBITER" check -f jsonl "$tmp/kings.pgn" >"$tmp/kings.jsonl" 2>/dev/null
got=$(jq -r '[.findings[] | select(.code == "board-result-signal" or .code == "illegal-move") | .code + ":" + .severity + ":" + .move] | join(",")' "$tmp/kings.jsonl" | tr '\n' '|')
want='board-result-signal:info:Kd5|board-result-signal:info:Ke5|board-result-signal:info:Kd4|board-result-signal:warning:Kd5|illegal-move:error:Kd4|board-result-signal:info:Kd4||board-result-signal:info:Kd5|'
[ "$got" = "$want" ] && ok "check: the kings on two centre squares are the board's signal, not an illegal move (a variation between the two king moves too)" ||
    notok "kings: got '$got', want '$want'"
msgs=$(jq -r '.findings[] | select(.code == "board-result-signal") | .message' "$tmp/kings.jsonl")
echo "$msgs" | sed -n 1p | grep -q 'placed on d5 and e4 (both on light squares).*signal for 1-0, not a move' &&
    echo "$msgs" | sed -n 2p | grep -q 'e5 and d4 (both on dark squares).*signal for 0-1' &&
    echo "$msgs" | sed -n 3p | grep -q 'd4 and d5 (one on each colour).*signal for 1/2-1/2' &&
    echo "$msgs" | sed -n 4p | grep -q 'signal for 1-0, not a move; but the result is recorded as 0-1' &&
    ok "light squares 1-0, dark 0-1, one of each a draw; a warning when the Result differs" ||
    notok "kings messages: $msgs"
after=$(jq -r 'select(.tags.Round == "6" or .tags.Round == "7") | [.findings[].code] | join(",")' "$tmp/kings.jsonl" | tr '\n' '|')
[ "$after" = "board-result-signal|move-after-end|" ] &&
    ok "after a checkmate the kings in the centre are the signal too; another king move is a move after the end" ||
    notok "after the mate: $after"
plies=$(jq -r 'select(.tags.Round == "1") | .plies' "$tmp/kings.jsonl")
[ "$plies" = 6 ] && ok "the replay ends at the signal (6 plies)" || notok "plies after the signal: $plies"

# ---- watch --once: the same findings as check, as events ----
"$ARBITER" watch --once "$tmp/kings.pgn" >"$tmp/once.txt" 2>"$tmp/once.err"
rc=$?
[ "$rc" = 1 ] && [ "$(grep -c '' "$tmp/once.txt")" = 8 ] &&
    grep -q "^$tmp/kings.pgn:7:35: info: game 1, A - B, round 1: 4. Kd5: the kings were placed on d5 and e4 .*\[board-result-signal\]$" "$tmp/once.txt" &&
    ok "watch --once: one line per finding, status 1 (an illegal move)" ||
    notok "watch --once: status $rc: $(cat "$tmp/once.txt" "$tmp/once.err")"
"$ARBITER" watch --once -f jsonl "$tmp/kings.pgn" >"$tmp/once.jsonl" 2>/dev/null
a=$(jq -c '.finding' "$tmp/once.jsonl" | sort)
b=$(jq -c '.findings[]' "$tmp/kings.jsonl" | sort)
[ -n "$a" ] && [ "$a" = "$b" ] && ok "watch --once -f jsonl: each finding as check's jsonl writes it" ||
    notok "watch jsonl findings differ from check's"
keys=$(jq -r 'keys_unsorted | join(",")' "$tmp/once.jsonl" | sort -u)
[ "$keys" = "event,file,game,line,tags,finding" ] && ok "jsonl event keys: $keys" || notok "jsonl keys: $keys"
"$ARBITER" watch --once -q --ignore=illegal-move,move-after-end "$tmp/kings.pgn" >"$tmp/q.txt" 2>&1
rc=$?
[ "$rc" = 0 ] && [ ! -s "$tmp/q.txt" ] && ok "-q and --ignore filter the events as they filter check" ||
    notok "watch -q --ignore: status $rc: $(cat "$tmp/q.txt")"

# ---- an in-progress game: no result noise; an unterminated last game ----
printf '[Event "Live"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n' >"$tmp/live.pgn"
"$ARBITER" watch --once "$tmp/live.pgn" >"$tmp/live.txt" 2>&1
[ "$?" = 0 ] && [ ! -s "$tmp/live.txt" ] && ok "a game in progress (*) says nothing" || notok "in progress: $(cat "$tmp/live.txt")"
printf '[Event "Live"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. B' >"$tmp/cut.pgn"
"$ARBITER" watch --once "$tmp/cut.pgn" >"$tmp/cut.txt" 2>&1
"$ARBITER" check "$tmp/cut.pgn" >"$tmp/cutc.txt" 2>&1
[ ! -s "$tmp/cut.txt" ] && grep -q unknown-move "$tmp/cutc.txt" &&
    ok "a file cut inside its last move: watch holds the cut move back (check reports it)" ||
    notok "cut file: $(cat "$tmp/cut.txt")"

i=0
while [ $i -lt 200 ]; do printf '\001\002\003\000\377\376\020\021' ; i=$((i + 1)); done >"$tmp/noise.pgn"
"$ARBITER" watch --once "$tmp/noise.pgn" >"$tmp/noise.out" 2>"$tmp/noise.err"
[ "$?" = 2 ] && grep -q "noise.pgn: not a PGN file" "$tmp/noise.err" && [ ! -s "$tmp/noise.out" ] &&
    ok "watch --once: a file that is no PGN is said on stderr, status 2" || notok "noise: $(cat "$tmp/noise.err")"

# ---- options ----
"$ARBITER" watch >/dev/null 2>"$tmp/e1"; r1=$?
"$ARBITER" watch -f sarif "$tmp/live.pgn" >/dev/null 2>"$tmp/e2"; r2=$?
"$ARBITER" watch --poll=0 "$tmp/live.pgn" >/dev/null 2>"$tmp/e3"; r3=$?
"$ARBITER" check --poll "$tmp/live.pgn" >/dev/null 2>"$tmp/e4"; r4=$?
"$ARBITER" wacth "$tmp/live.pgn" >/dev/null 2>"$tmp/e5"; r5=$?
[ "$r1$r2$r3$r4$r5" = 22222 ] && grep -q "needs a FILE or a DIR" "$tmp/e1" && grep -q "text (the default) or --format=jsonl" "$tmp/e2" &&
    grep -q "does not apply" "$tmp/e4" && grep -q "did you mean 'watch'" "$tmp/e5" &&
    ok "usage errors: no file, a format watch does not write, --poll=0, check --poll, a misspelt command" ||
    notok "usage errors: $r1$r2$r3$r4$r5 $(cat "$tmp/e1" "$tmp/e2" "$tmp/e3" "$tmp/e4" "$tmp/e5")"
"$ARBITER" watch --once "$tmp/not-there.pgn" >"$tmp/nt.out" 2>"$tmp/nt.err"
[ "$?" = 2 ] && grep -q "not-there.pgn: No such file" "$tmp/nt.err" &&
    ok "watch --once: a file that is not there is said, status 2" || notok "--once, no file: $(cat "$tmp/nt.err")"
# (timeout: a watcher that SIGINT does not end is killed after a while,
# and fails here, instead of holding make check for ever.  --foreground:
# else timeout passes SIGINT on twice, to the watcher and to its process
# group, and on a busy machine the second came after the watcher had
# stopped and given the signal its default action back: status 130.)
timeout --foreground -s KILL $((WAIT * 2)) "$ARBITER" watch "$tmp/later.pgn" >"$tmp/later.out" 2>"$tmp/later.err" &
pid=$!
until_file "$tmp/later.err"
printf '[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Bb6 *\n' >"$tmp/later.pgn"
until_file "$tmp/later.out"
kill -INT $pid; wait $pid
st=$?
[ "$st" = 1 ] && grep -q "later.pgn: No such file or directory; waiting for it to appear" "$tmp/later.err" &&
    grep -q "no white bishop can reach b6" "$tmp/later.out" &&
    ok "watch: a file not there yet is said on stderr and followed once it appears" ||
    notok "file not there yet: status $st, $(cat "$tmp/later.err" "$tmp/later.out")"
# ---- a game that leaves the file: its findings withdrawn; back: said again ----
game() {   # round, a bishop move no bishop can make
    printf '[White "W%s"]\n[Black "B%s"]\n[Round "%s"]\n[Result "*"]\n\n1. e4 e5 2. %s *\n\n' "$1" "$1" "$1" "$2"
}
lines() { awk 'END { print NR }' "$1" 2>/dev/null || echo 0; }
# until FILE LINES: wait (10 s at most) until FILE has that many lines.
until_lines() { w=0; while [ "$(lines "$1")" -lt "$2" ] && [ $w -lt 100 ]; do sleep 0.1; w=$((w + 1)); done; }
{ game 1 Bb6; game 2 Bc6; game 3 Bd6; } >"$tmp/round.tmp" && mv "$tmp/round.tmp" "$tmp/round.pgn"
"$ARBITER" watch -f jsonl "$tmp/round.pgn" >"$tmp/round.out" 2>"$tmp/round.err" &
pid=$!
until_lines "$tmp/round.out" 3
{ game 1 Bb6; game 3 Bd6; } >"$tmp/round.tmp" && mv "$tmp/round.tmp" "$tmp/round.pgn"   # game 2 taken out
until_lines "$tmp/round.out" 6
{ game 1 Bb6; game 2 Bc6; game 3 Bd6; } >"$tmp/round.tmp" && mv "$tmp/round.tmp" "$tmp/round.pgn"   # and back
until_lines "$tmp/round.out" 9
kill -TERM $pid; wait $pid
events=$(jq -r '[.event, .game, .tags.White, (.gone // false)] | map(tostring) | join(" ")' "$tmp/round.out" | tr '\n' '|')
want='finding 1 W1 false|finding 2 W2 false|finding 3 W3 false|finding 2 W3 false|withdrawn 2 W2 true|withdrawn 3 W3 true|finding 2 W2 false|finding 3 W3 false|withdrawn 2 W3 true|'
[ "$events" = "$want" ] &&
    ok "watch: a game taken out of the file has its findings withdrawn (\"gone\": true); put back, they are said again" ||
    notok "game out and back: $events"
{ game 1 Bb6; game 2 Bc6; } >"$tmp/two.pgn"
"$ARBITER" watch "$tmp/two.pgn" >"$tmp/two.out" 2>&1 &
pid=$!
until_lines "$tmp/two.out" 2
{ game 1 Bb6; } >"$tmp/two.tmp" && mv "$tmp/two.tmp" "$tmp/two.pgn"
until_lines "$tmp/two.out" 3
: >"$tmp/two.pgn"   # emptied (a writer truncates before it writes): nothing said
sleep 0.5
kill -INT $pid; wait $pid
[ "$(lines "$tmp/two.out")" = 3 ] &&
    grep -q "^$tmp/two.pgn:[0-9:]*: withdrawn: the game is no longer in the file: game 2, W2 - B2, round 2: 2. Bc6: " "$tmp/two.out" &&
    ok "text: 'withdrawn: the game is no longer in the file'; a file emptied withdraws nothing" ||
    notok "text of a game gone: $(cat "$tmp/two.out")"

"$ARBITER" watch --help >"$tmp/help" 2>&1
[ "$?" = 0 ] && grep -q -- '--poll\[=SECONDS\]' "$tmp/help" && grep -q -- '--once' "$tmp/help" &&
    [ "$(awk 'length > 80' "$tmp/help" | wc -l)" = 0 ] && ok "watch --help: its options, within 80 columns" ||
    notok "watch --help"

# ---- live: timing, styles of writing, signals ----
if command -v python3 >/dev/null 2>&1; then
    python3 "${TESTS:-tests}/watch/live.py" "$ARBITER" "$tmp" >"$tmp/live.tap" 2>&1
    sed -n 's/^1\.\.[0-9]*$//; /^$/d; p' "$tmp/live.tap" | while IFS= read -r line; do printf '# live: %s\n' "$line"; done
    good=$(grep -c '^ok ' "$tmp/live.tap")
    bad=$(grep -c '^not ok ' "$tmp/live.tap")
    [ "$bad" = 0 ] && [ "$good" -ge 42 ] && ok "live.py: $good checks passed (see the lines above)" ||
        notok "live.py: $bad of $((good + bad)) checks failed"
else
    notok "python3 is needed for the live tests"
fi
tap_end
