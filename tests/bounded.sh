#!/bin/sh
# bounded.sh — no reader keeps an endless line or token (TAP): 64 MiB
# shapes that never end what they begin (a word, white space, a comment, a
# tag value, carriage returns, NUL bytes, an escape line, bytes that are
# not UTF-8, stray text after a game) read by check, convert and replay
# with --max-game-bytes=1 MiB, and position on an endless line and on NUL
# bytes: each ends by itself, says the game was cut (game-too-large), and
# its peak memory stays under 48 MB (it was the whole stream: /dev/zero
# grew 7 GB a minute in position).  Memory is measured on the release
# build (ARBITER_REL: a sanitizer's quarantine keeps what was freed), with
# build/rssmax; the findings under ARBITER.
#
#   ARBITER ARBITER_REL RSSMAX
set -u
. "${TESTS:-tests}/tap.sh"
ARBITER=${ARBITER:-./arbiter}
REL=${ARBITER_REL:-$ARBITER}
RSSMAX=${RSSMAX:-build/rssmax}
tap_tmp
[ -x "$RSSMAX" ] || { notok "no $RSSMAX (make build/rssmax)"; tap_end; exit; }
MB=64
LIMIT_KB=$((48 * 1024))

# The shapes: what comes first, then a byte repeated to 64 MiB.
endless() {   # HEAD BYTE: HEAD, then BYTE (octal escape) for 64 MiB
    printf "$1"
    head -c $((MB * 1024 * 1024)) /dev/zero | tr '\0' "$2"
}
shape() {     # NAME: the shape into $tmp/in
    case $1 in
    word) endless '[Event "x"]\n\n1. e4 ' 'a' ;;
    spaces) endless '[Event "x"]\n\n1. e4 ' ' ' ;;
    comment) endless '[Event "x"]\n\n1. e4 {' 'a' ;;
    tag-value) endless '[Event "' 'a' ;;
    crs) endless '[Event "x"]\n\n1. e4 ' '\r' ;;
    nul) endless '[Event "x"]\n\n1. e4 ' '\0' ;;
    escape) endless '[Event "x"]\n%% ' 'a' ;;
    not-utf8) { printf '[Event "x"]\n\n1. e4 '; awk 'BEGIN { s = "a\201"; while (length(s) < 65536) s = s s;
                for (i = 0; i < 1024; i++) printf "%s", s }'; } ;;
    stray) { printf '[Event "x"]\n\n1. e4 e5 *\n'; endless '' 'b'; } ;;
    esac > "$tmp/in"
}

for s in word spaces comment tag-value crs nul escape not-utf8 stray; do
    shape $s
    for cmd in "check -f jsonl" "convert --to=fi" "replay --no-interactive --ascii --game=3"; do
        r=$("$RSSMAX" -o "$tmp/out" $REL $cmd --max-game-bytes=1048576 - < "$tmp/in" 2>"$tmp/err")
        set -- $r
        kb=${2:-999999999} st=${3:-?}
        case "$cmd:$st" in check*:[01]|convert*:[012]|replay*:[012]) good=1 ;; *) good=0 ;; esac
        if [ "$good" = 1 ] && [ "$kb" -lt "$LIMIT_KB" ]; then
            ok "$s ($MB MiB): ${cmd%% *} ends by itself (status $st), peak $((kb / 1024)) MB"
        else
            notok "$s ($MB MiB): ${cmd%% *}: status $st, peak $((kb / 1024)) MB (want under $((LIMIT_KB / 1024)))"
            head -3 "$tmp/err" | sed 's/^/# /'
        fi
    done
    # What check says (under the sanitizers): the game was cut, the rest read.
    "$ARBITER" check -f jsonl --max-game-bytes=1048576 - < "$tmp/in" > "$tmp/out" 2>/dev/null
    cut=$(jq -s '[.[].findings[] | select(.code == "game-too-large")] | length' "$tmp/out" 2>/dev/null)
    recs=$(grep -c '^{' "$tmp/out")
    [ "${cut:-0}" -ge 1 ] && [ "$recs" -ge 1 ] && ok "$s: check says game-too-large ($recs records)" ||
        notok "$s: no game-too-large ($recs records: $(head -c 300 "$tmp/out"))"
done

# position: an endless line, NUL bytes.
endless '' 'a' > "$tmp/in"
r=$("$RSSMAX" -o "$tmp/out" "$REL" position "$tmp/in" 2>"$tmp/err"); set -- $r
[ "${3:-}" = 1 ] && [ "${2:-999999999}" -lt "$LIMIT_KB" ] && grep -q "a line of more than 4096 bytes is no FEN" "$tmp/out" &&
    ok "position: a $MB MiB line is no FEN (status 1), peak $(($2 / 1024)) MB" ||
    notok "position, an endless line: $r: $(head -c 200 "$tmp/out")"
head -c $((MB * 1024 * 1024)) /dev/zero > "$tmp/in"
r=$("$RSSMAX" -o "$tmp/out" "$REL" position "$tmp/in" 2>"$tmp/err"); set -- $r
[ "${3:-}" = 2 ] && [ "${2:-999999999}" -lt "$LIMIT_KB" ] && grep -q "in:1: not a file of FEN lines: a NUL byte" "$tmp/err" &&
    ok "position on NUL bytes: binary data, refused at once (status 2)" ||
    notok "position on NUL bytes: $r: $(cat "$tmp/err")"
"$ARBITER" position /dev/zero > /dev/null 2> "$tmp/err"
[ "$?" = 2 ] && grep -q "/dev/zero:1: not a file of FEN lines" "$tmp/err" && ok "position /dev/zero ends: status 2" ||
    notok "position /dev/zero: $(cat "$tmp/err")"
printf '8/8/8/8/8/8/8/K6\033[31mk w - - 0 1\n8/8/8/\303\2267/8/8/8/K6k w - - 0 1\nrnbqkbnr/8/8/8/8/8/8/RNBQKBNR w K\351Q - 0 1\n' |
    "$ARBITER" position > "$tmp/out" 2>&1
grep -q "error: <stdin>:1: '\\\\x1b' in the FEN placement is not a piece letter" "$tmp/out" &&
    grep -q "error: <stdin>:2: 'Ö' in the FEN placement" "$tmp/out" &&
    grep -q "error: <stdin>:3: '\\\\xe9' is not a castling right" "$tmp/out" &&
    ! grep -q "$(printf '\033')" "$tmp/out" &&
    ok "position's errors quote a bad byte escaped (\\x1b, \\xe9), a character whole (Ö)" ||
    notok "position's errors: $(cat -v "$tmp/out")"
gzip -c "${SAMPLE:-samples/tilburg-1992-round1.pgn}" > "$tmp/fens.gz"
"$ARBITER" position "$tmp/fens.gz" > "$tmp/out" 2> "$tmp/err"
[ "$?" = 2 ] && grep -q "fens.gz: not a file of FEN lines: a gzip file" "$tmp/err" && [ ! -s "$tmp/out" ] &&
    ok "position on a gzip file: said, status 2" || notok "position, gzip: $(cat "$tmp/err")"

tap_end
