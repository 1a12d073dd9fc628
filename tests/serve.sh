#!/bin/sh
# serve.sh — arbiter watch --serve and watch URL (TAP): the boards of a
# round on one page,
# in headless Chromium (tests/serve/live.py), as a chief arbiter keeps it
# open while a writer rewrites the round's PGN the way DGT LiveChess does
# (a temporary name renamed over the file): 30 boards on a 1920x1080
# screen, an illegal move marked on its board and sorted first, withdrawn
# when the record is corrected, a tag holding a script shown as text and
# never run, silent boards marked, the server stopped (SIGINT) and started
# again with the page reconnecting by itself, a port in use said, a
# browser that goes leaving the server running; 4 of the 30 boards come
# from a URL that a local server (tests/serve/httpd.py, on the loopback,
# started and stopped here) serves with ETags, beside a URL that answers a
# web page and one nobody answers; watch --once URL; --trf --round's board
# order and missing games; and the options.  The page's screenshot is
# left at build/serve/page.png to be looked at.  Times are printed, not
# judged (make bench judges them): a wait ends when what it waits for
# comes, and only one of a minute fails.
#
#   ARBITER   the program (default ./arbiter)
#   CHROMIUM  the browser (default chromium)
set -u
. "${TESTS:-tests}/tap.sh"
ARBITER=${ARBITER:-./arbiter}
CHROMIUM=${CHROMIUM:-chromium}
GAMES=tests/data/pgn/pgn-extract/fischer.pgn
tap_tmp

if ! command -v "$CHROMIUM" > /dev/null 2>&1 || ! command -v jq > /dev/null 2>&1; then
    notok "Chromium ($CHROMIUM) and jq are needed (tools/deps.sh test installs them)"
    tap_end
    exit
fi
mkdir -p build/serve
python3 tests/serve/live.py "$ARBITER" "$CHROMIUM" "$GAMES" "$tmp" > "$tmp/out" 2> "$tmp/err"
j() { jq -r "$1" "$tmp/out" 2> /dev/null; }
if [ ! -s "$tmp/out" ]; then
    notok "live.py said nothing: $(tail -5 "$tmp/err")"
    tap_end
    exit
fi
echo "# $(jq -c '{illegal_ms, withdrawn_ms, silent_after_s, sigint_ms}' "$tmp/out")"
[ -f "$tmp/page.png" ] && cp "$tmp/page.png" build/serve/page.png

case $(j .url) in
    http://127.0.0.1:[0-9]*/) ok "the URL is said at start, on the loopback: $(j .url)" ;;
    *) notok "URL: $(j .url) $(j .start_error)" ;;
esac
[ "$(j .boards)" = 30 ] && [ "$(j .fit)" = true ] && [ "$(j .live)" = 1 ] &&
    ok "30 boards on the page, all inside 1920x1080, the page live" ||
    notok "boards $(j .boards), fit $(j .fit), live $(j .live)"
[ "$(j '.illegal_board | length')" = 1 ] && case $(j '.illegal_board[0]') in */round.pgn#7) true ;; *) false ;; esac &&
    case $(j .illegal_first) in */round.pgn#7) true ;; *) false ;; esac &&
    j .illegal_text | grep -q 'illegal-move: the white king on e1 cannot reach h8' &&
    ok "an illegal move written on board 7: that board alone marked, first on the page, the finding on it ($(j .illegal_ms) ms)" ||
    notok "illegal: boards $(jq -c .illegal_board "$tmp/out"), first $(j .illegal_first), text $(j .illegal_text | tail -c 120)"
[ "$(j .withdrawn_ms)" != null ] && ok "the record corrected: the mark withdrawn ($(j .withdrawn_ms) ms)" ||
    notok "withdrawn: $(j .withdrawn_ms)"
[ "$(j .url_boards)" = 4 ] && [ "$(j .url_illegal_ms)" != null ] &&
    ok "a round behind a URL (a local server): its 4 boards on the page, an illegal move written there marked ($(j .url_illegal_ms) ms)" ||
    notok "URL round: boards $(j .url_boards), illegal $(j .url_illegal_ms)"
j .sources_line | grep -q '/html: not a PGN file' && j .sources_line | grep -q "127.0.0.1:1/round3.pgn: Couldn't connect to server; asked again less and less often" &&
    ok "a URL that answers a web page and one nobody answers: said on the page's top line, the other boards unharmed" ||
    notok "sources: $(j .sources_line)"
[ "$(j .url_requests)" -ge 3 ] 2> /dev/null && [ "$(j .url_304)" -ge 1 ] && [ "$(j .url_conditional)" -ge "$(j .url_304)" ] &&
    [ "$(awk -v g="$(j .url_min_gap_s)" 'BEGIN { print (g >= 0.95) }')" = 1 ] &&
    ok "the URL asked politely: $(j .url_requests) requests, $(j .url_conditional) conditional, $(j .url_304) answered 304, at least $(j .url_min_gap_s) s apart (--url-poll=1)" ||
    notok "politeness: $(jq -c '{url_requests, url_304, url_conditional, url_min_gap_s}' "$tmp/out")"
[ "$(jq -r .cut_write.boards "$tmp/out")" = 30 ] && [ "$(jq -r '.cut_write.marked | length' "$tmp/out")" = 1 ] &&
    jq -r '.cut_write.marked[0]' "$tmp/out" | grep -q '/round2.pgn#2$' &&
    ok "the round's file caught cut in the middle of a move: every board stays, the cut move is not called illegal" ||
    notok "cut write: $(jq -c .cut_write "$tmp/out")"
[ "$(jq -c .script_tag "$tmp/out")" = '{"scripts":1,"imgs":0,"evil":0,"as_text":true}' ] && [ "$(j .dialogs)" = 0 ] &&
    ok "a White tag holding <script> and <img onerror>: shown as text, nothing run, no element made" ||
    notok "script tag: $(jq -c .script_tag "$tmp/out"), dialogs $(j .dialogs)"
[ "$(j .silent_after_s)" != null ] && ok "--silent=0.05: the boards unchanged for 3 s marked silent ($(j .silent_after_s) s)" ||
    notok "silent: $(j .silent_after_s)"
case $(j .sigint_status) in
    0|1) ok "SIGINT with a browser connected: ends, status $(j .sigint_status) ($(j .sigint_ms) ms)" ;;
    *) notok "SIGINT: status $(j .sigint_status)" ;;
esac
[ "$(j .down_seen)" = "connection lost: reconnecting" ] && [ "$(j .reconnected)" = true ] &&
    [ "$(j .boards_after)" = 30 ] && [ "$(j .restart_url)" = "$(j .url)" ] &&
    ok "the server stopped: the page says so; started again on its port: the page reconnects by itself, 30 boards" ||
    notok "restart: down '$(j .down_seen)', reconnected $(j .reconnected), boards $(j .boards_after)"
[ "$(j .port_in_use.status)" = 2 ] && j .port_in_use.message | grep -q 'Address already in use (another program listens there' &&
    ok "a second server on the port: said, status 2" || notok "port in use: $(jq -c .port_in_use "$tmp/out")"
[ "$(j .alive_after_disconnect)" = true ] && [ "$(j .second_page_boards)" = true ] &&
    ok "a browser that goes: the server goes on, the next page gets every board" ||
    notok "disconnect: alive $(j .alive_after_disconnect), next page $(j .second_page_boards)"
case $(j .final_status) in
    0|1) ok "SIGINT at the end: status $(j .final_status)" ;;
    *) notok "final: $(j .final_status)" ;;
esac
[ "$(j '.problems | length')" = 0 ] && ok "no script error or console error on the page" ||
    notok "problems: $(jq -c .problems "$tmp/out" | head -c 400)"
if python3 -c 'import struct, sys
d = open(sys.argv[1], "rb").read(24)
sys.exit(0 if d[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", d[16:24]) == (1920, 1080) else 1)' "$tmp/page.png" 2> /dev/null; then
    ok "the page's screenshot: a 1920x1080 PNG (build/serve/page.png)"
else
    notok "screenshot missing or not 1920x1080"
fi

# What needs the arbiter now, board by board (boards.json: what the page
# is given): fivefold repetition (9.6.1: intervene), a flag fallen with play
# going on, a threefold repetition (a claimable draw), an illegal move;
# a clean game needs nothing, and the order of the needs is the page's.
mkdir -p "$tmp/needs"
{
    printf '[Event "N"]\n[Round "1"]\n[White "Five"]\n[Black "Fold"]\n[Result "*"]\n\n'
    printf '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *\n\n'
    printf '[Event "N"]\n[Round "2"]\n[White "Flag"]\n[Black "Fell"]\n[Result "*"]\n[TimeControl "300+0"]\n\n'
    printf '1. e4 {[%%clk 0:04:50]} e5 {[%%clk 0:04:50]} 2. Nf3 {[%%clk 0:00:00]} Nc6 {[%%clk 0:04:40]} 3. Bb5 {[%%clk 0:00:00]} a6 *\n\n'
    printf '[Event "N"]\n[Round "3"]\n[White "Three"]\n[Black "Fold"]\n[Result "*"]\n\n'
    printf '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n\n'
    printf '[Event "N"]\n[Round "4"]\n[White "Il"]\n[Black "Legal"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n\n'
    printf '[Event "N"]\n[Round "5"]\n[White "Calm"]\n[Black "Game"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n'
} > "$tmp/needs/round.pgn"
"$ARBITER" watch --serve=127.0.0.1:0 "$tmp/needs" > /dev/null 2> "$tmp/n.err" &
pid=$!
w=0
while ! grep -q 'http://' "$tmp/n.err" && [ $w -lt 600 ]; do sleep 0.1; w=$((w + 1)); done
url=$(grep -o 'http://[^ ]*' "$tmp/n.err")
w=0
while [ $w -lt 600 ]; do
    python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1] + "boards.json").read().decode())' \
        "$url" > "$tmp/n.json" 2> /dev/null
    [ "$(jq '.boards | length' "$tmp/n.json" 2> /dev/null)" = 5 ] && break
    sleep 0.1
    w=$((w + 1))
done
kill -INT $pid
wait $pid
[ "$(jq -c '[.boards | sort_by(.game)[] | .needs]' "$tmp/n.json")" = '[["intervene","claim"],["flag"],["claim"],["illegal"],[]]' ] &&
    ok "what needs the arbiter: fivefold (intervene), a flag fallen, a threefold (claim), an illegal move; a clean game nothing" ||
    notok "needs: $(jq -c '[.boards | sort_by(.game)[] | .needs]' "$tmp/n.json")"

# --trf --round: the boards in the round's order.  The order against an
# awk reading of the report's columns (points before the round, then the
# better start rank) on bbpPairings' generated tournament, rounds 2, 5, 9;
# on the page, the sample round with one game taken out: its card says
# the game is missing.
mkdir -p "$tmp/empty"
T=tests/trf/bbp-generated-forfeits.trf
for R in 2 5 9; do
    tr '\r' '\n' < "$T" | awk -v R=$R '/^001/ {
        rank = substr($0, 5, 4) + 0; name[rank] = substr($0, 15, 33); sub(/ +$/, "", name[rank]); pts = 0
        for (r = 1; r < R; r++) { res = substr($0, 92 + (r - 1) * 10 + 7, 1); if (res ~ /[1+WFU]/) pts += 10; else if (res ~ /[=DH]/) pts += 5 }
        p[rank] = pts; b = 92 + (R - 1) * 10; opp[rank] = substr($0, b, 4) + 0; col[rank] = substr($0, b + 5, 1) }
        END { for (k in opp) if (col[k] == "w" && opp[k] > 0) { k2 = k + 0; o = opp[k]; m = p[k2] > p[o] ? p[k2] : p[o]; lo = k2 < o ? k2 : o
              printf "%05d %04d %s|%s\n", 1000 - m, lo, name[k2], name[o] } }' | sort | cut -d' ' -f3- > "$tmp/want$R"
    "$ARBITER" watch --serve=127.0.0.1:0 --trf="$T" --round=$R "$tmp/empty" > /dev/null 2> "$tmp/t.err" &
    pid=$!
    w=0
    while ! grep -q 'http://' "$tmp/t.err" && [ $w -lt 600 ]; do sleep 0.1; w=$((w + 1)); done
    url=$(grep -o 'http://[^ ]*' "$tmp/t.err")
    python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1] + "boards.json").read().decode())' "$url" \
        2> /dev/null | jq -r '.pairings[] | select(.brank > 0) | "\(.white)|\(.black)"' > "$tmp/got$R"
    kill -INT $pid
    wait $pid
    [ -s "$tmp/want$R" ] && cmp -s "$tmp/want$R" "$tmp/got$R" &&
        ok "--trf round $R of an 81-player report: the $(wc -l < "$tmp/want$R") boards in the order an awk reading of it gives" ||
        notok "--trf round $R: $(diff "$tmp/want$R" "$tmp/got$R" | head -4 | tr '\n' ' ')"
done
python3 - samples/trf/open2024.pgn "$tmp/less.pgn" << 'PY'
import re, sys
games = re.split(r"\n\s*\n(?=\[)", open(sys.argv[1]).read())
open(sys.argv[2], "w").write("\n\n".join(g for g in games if not ('[Round "2"]' in g and "Caruana" in g)) + "\n")
PY
python3 tests/serve/live.py --trf "$ARBITER" "$CHROMIUM" samples/trf/open2024.trf "$tmp/less.pgn" 2 "$tmp" > "$tmp/trf.out" 2> "$tmp/err"
[ "$(jq -c '[.cards[:3][] | [.[0], .[2]]]' "$tmp/trf.out")" = '[["Bd 1",false],["Bd 2",false],["Bd 3",true]]' ] &&
    jq -r '.cards[2][1]' "$tmp/trf.out" | grep -q '^Caruana, Fabiano . Nakamura, Hikaru$' &&
    [ "$(jq -r .count "$tmp/trf.out")" = "7 boards, 1 missing" ] && [ "$(jq -r .status "$tmp/trf.out")" -le 1 ] &&
    ok "--trf on the page: boards 1, 2, then board 3's game missing (the report's names), '7 boards, 1 missing'" ||
    notok "--trf page: $(head -c 600 "$tmp/trf.out") $(tail -3 "$tmp/err")"
"$ARBITER" watch --trf=samples/trf/open2024.trf "$GAMES" > /dev/null 2> "$tmp/e0"
st=$?
[ "$st" = 2 ] && grep -q 'go together, with --serve' "$tmp/e0" && ok "--trf without --round and --serve: refused" || notok "--trf alone: $st"

# watch --once with URLs: the games' findings, a failure's status 2.
python3 tests/serve/httpd.py tests/data/pgn/pgn-extract "$tmp/h.log" > "$tmp/h.port" &
hpid=$!
w=0
while [ ! -s "$tmp/h.port" ] && [ $w -lt 300 ]; do sleep 0.1; w=$((w + 1)); done
hport=$(head -1 "$tmp/h.port")
"$ARBITER" watch --once -f jsonl "http://127.0.0.1:$hport/fischer.pgn" > "$tmp/o1" 2> "$tmp/e0"
st=$?
"$ARBITER" check --format=jsonl "$GAMES" > "$tmp/c1" 2> /dev/null
[ "$st" -le 1 ] && [ -s "$tmp/o1" ] &&
    [ "$(jq -c .finding.code "$tmp/o1" | sort | uniq -c)" = "$(jq -c '.findings[].code' "$tmp/c1" | sort | uniq -c)" ] &&
    ok "watch --once URL: the findings check gives of the same file" || notok "--once URL: $st $(head -2 "$tmp/e0")"
"$ARBITER" watch --once "http://127.0.0.1:$hport/fail" "http://127.0.0.1:$hport/garbage" > /dev/null 2> "$tmp/e0"
st=$?
[ "$st" = 2 ] && grep -q 'fail: the server answers HTTP 500' "$tmp/e0" && grep -q 'garbage: not a PGN file: binary data' "$tmp/e0" &&
    ok "watch --once: a URL answering 500 and one answering bytes that are no text: said, status 2" ||
    notok "--once failures: $st $(cat "$tmp/e0")"
kill $hpid 2> /dev/null
wait $hpid 2> /dev/null
"$ARBITER" watch --url-poll=0.2 "$GAMES" > /dev/null 2> "$tmp/e0"
st=$?
[ "$st" = 2 ] && grep -q 'asked politely' "$tmp/e0" && ok "--url-poll under 1 s: refused" || notok "--url-poll=0.2: $st"

# Options.
"$ARBITER" watch --serve --once "$GAMES" > /dev/null 2> "$tmp/e1"
st=$?
[ "$st" = 2 ] && grep -q 'not with --once' "$tmp/e1" && ok "--serve with --once: refused, status 2" || notok "--once: $st $(cat "$tmp/e1")"
"$ARBITER" watch --silent=5 "$GAMES" > /dev/null 2> "$tmp/e2"
st=$?
[ "$st" = 2 ] && grep -q 'give --serve too' "$tmp/e2" && ok "--silent without --serve: refused" || notok "--silent: $st $(cat "$tmp/e2")"
for bad in 127.0.0.1:99999 localhost:http 127.0.0.1:; do
    "$ARBITER" watch --serve="$bad" "$GAMES" > /dev/null 2> "$tmp/e3" &
    pid=$!
    w=0
    while kill -0 $pid 2> /dev/null && [ $w -lt 300 ]; do sleep 0.1; w=$((w + 1)); done
    if kill -0 $pid 2> /dev/null; then
        kill $pid
        notok "--serve=$bad: still running"
    else
        wait $pid
        st=$?
        [ "$st" = 2 ] && grep -q "serve" "$tmp/e3" && ok "--serve=$bad: refused, status 2" || notok "--serve=$bad: $st $(cat "$tmp/e3")"
    fi
done
"$ARBITER" watch --serve=192.0.2.1:0 "$GAMES" > /dev/null 2> "$tmp/e4"
st=$?
[ "$st" = 2 ] && grep -q 'not an address of this machine' "$tmp/e4" && ok "--serve on an address not this machine's: said, status 2" ||
    notok "foreign address: $st $(cat "$tmp/e4")"

tap_end
