#!/bin/sh
# replay.sh — `arbiter replay` for people (TAP): SVG diagrams against their
# golden files, the chess symbols by locale, colour and its contrast (the
# escapes the program writes, parsed and measured), the replay past an
# error (tests/replay/errors.pgn), and the interactive board driven in a
# real terminal (tmux: send-keys, capture-pane): between games (n, p),
# memory over 60,000 games, and a screen that fits 80 x 24.  No verdict
# depends on the machine's speed: a look at the screen waits until it
# shows what is expected (a frame may be caught half drawn), and only a
# screen that never does, for WAIT seconds, fails.
#
#   ARBITER   the program (default ./arbiter)
set -u
WAIT=${REPLAY_WAIT:-120}
. "$(dirname "$0")/tap.sh"
ARBITER=${ARBITER:-./arbiter}
case $ARBITER in /*) ;; *) ARBITER=$(pwd)/$ARBITER ;; esac
here=$(cd "$(dirname "$0")" && pwd)
game=$here/replay/game.pgn
tap_tmp
cleanup() { tmux -S "$tmp/tmux" kill-server 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT INT TERM

# ---- SVG ----
out=$("$ARBITER" replay --svg="$tmp/f" --at=findings "$game" 2>"$tmp/err"); st=$?
[ $st -eq 1 ] && [ "$out" = "$(printf '%s\n' "$tmp/f/ply0008.svg" "$tmp/f/ply0016.svg")" ] &&
    grep -q 'cannot reach h6 \[illegal-move\]' "$tmp/err" &&
    ok "--svg --at=findings writes the two positions with findings, names them, status 1 for the error" ||
    notok "--svg --at=findings: status $st, output '$out'"
for f in ply0008.svg ply0016.svg; do
    if cmp -s "$tmp/f/$f" "$here/replay/svg/$f"; then ok "$f is the golden diagram"
    else notok "$f differs from tests/replay/svg/$f"; diff "$here/replay/svg/$f" "$tmp/f/$f" | head -10 | sed 's/^/#   /'; fi
done
grep -q '<line class="bad" x1="173" y1="337"' "$tmp/f/ply0016.svg" &&
    grep -q '<title>Game 1, ply 16: 8... Nxe4; White to move.*illegal-move: the white queen on d1 cannot reach h6</title>' \
        "$tmp/f/ply0016.svg" &&
    ok "the illegal 9. Qh6 is a red arrow from d1, named in the title" || notok "ply0016.svg: no arrow from d1 or no title"
"$ARBITER" replay --svg="$tmp/all" "$game" >"$tmp/list" 2>/dev/null
files=$(ls "$tmp/all" | wc -l)
[ "$files" -eq 17 ] && [ "$(wc -l <"$tmp/list")" -eq 17 ] && [ -f "$tmp/all/ply0000.svg" ] && [ -f "$tmp/all/ply0016.svg" ] &&
    ok "--svg writes one diagram per position: the start and 16 plies" || notok "--svg wrote $files files"
bad=0
for f in "$tmp"/all/*.svg; do xmllint --noout "$f" 2>/dev/null || bad=$((bad + 1)); done
[ $bad -eq 0 ] && ok "every diagram is well-formed XML (xmllint)" || notok "$bad diagrams are not well-formed"
grep -q 'http://www.w3.org/2000/svg' "$tmp/all/ply0000.svg" && ! grep -v 'xmlns' "$tmp/all/ply0000.svg" | grep -q 'http' &&
    ok "a diagram refers to nothing outside itself (no URL but the namespaces)" || notok "a diagram refers to a URL"
grep -c '<use ' "$tmp/all/ply0000.svg" | grep -qx 32 && ok "the start position has 32 pieces" || notok "start: not 32 pieces"
"$ARBITER" replay --svg="$tmp/one" --ply=15 --flip "$game" >/dev/null 2>&1
[ "$(ls "$tmp/one")" = ply0015.svg ] && grep -q 'href="#arb-wK" xlink:href="#arb-wK" x="61" y="0"' "$tmp/one/ply0015.svg" &&
    ok "--svg --ply=15 --flip: one diagram, the white king on g1 at the top left" || notok "--svg --ply --flip"
: >"$tmp/file"
"$ARBITER" replay --svg="$tmp/file" "$game" >/dev/null 2>"$tmp/err"; st=$?
[ $st -eq 2 ] && grep -q "^arbiter: cannot make the directory $tmp/file" "$tmp/err" &&
    ok "--svg into a file that is no directory: a message, status 2" || notok "--svg=FILE: status $st, $(cat "$tmp/err")"

# ---- symbols, letters, colour ----
LC_ALL= LC_CTYPE= LANG=C.UTF-8 "$ARBITER" replay --ply=0 "$game" 2>/dev/null | grep -q "^ 1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖ $" &&
    ok "a UTF-8 locale gets chess symbols" || notok "LANG=C.UTF-8: no symbols"
LC_ALL=C "$ARBITER" replay --ply=0 "$game" 2>/dev/null | grep -q "^ 1  R  N  B  Q  K  B  N  R $" &&
    ok "LC_ALL=C gets letters" || notok "LC_ALL=C: no letters"
LANG=C.UTF-8 "$ARBITER" replay --ascii --ply=0 "$game" 2>/dev/null | grep -q "^ 8  r  n  b  q  k  b  n  r $" &&
    ok "--ascii wins over a UTF-8 locale" || notok "--ascii"
"$ARBITER" replay --color=always --ply=1 "$game" 2>/dev/null | grep -q "$(printf '\033')\[48;5;" &&
    ok "--color=always colours the squares" || notok "--color=always"
NO_COLOR=1 "$ARBITER" replay --ply=1 "$game" 2>/dev/null | grep -q "$(printf '\033')" &&
    notok "NO_COLOR: escapes in a pipe" || ok "no colour in a pipe, nor with NO_COLOR"

# ---- contrast (WCAG 2 relative luminance) ----
# cells: for every square drawn with a piece in coloured boards, "SIDE FG BG"
# (each colour as R,G,B from the 256-colour or 24-bit escape that set it),
# and "square - BG" for every square: what the program emits, parsed.
cells() {
    awk -v esc="$(printf '\033')" '
    function c256(i,   l, v) {
        if (i < 16) return std[i]
        if (i >= 232) { v = 8 + 10 * (i - 232); return v "," v "," v }
        i -= 16
        return lv[int(i / 36)] "," lv[int(i / 6) % 6] "," lv[i % 6]
    }
    BEGIN {
        split("0 95 135 175 215 255", t, " "); for (k = 0; k < 6; k++) lv[k] = t[k + 1]
        split("0,0,0 205,0,0 0,205,0 205,205,0 0,0,238 205,0,205 0,205,205 229,229,229 " \
              "127,127,127 255,0,0 0,255,0 255,255,0 92,92,255 255,0,255 0,255,255 255,255,255", t, " ")
        for (k = 0; k < 16; k++) std[k] = t[k + 1]
        sgr = esc "\\[[0-9;]*m"
    }
    {
        n = split($0, cell, esc "\\[0m")
        for (c = 1; c <= n; c++) {
            rest = cell[c]; text = ""; fg = ""; bg = ""
            while (match(rest, sgr)) {
                text = text substr(rest, 1, RSTART - 1)
                m = split(substr(rest, RSTART + 2, RLENGTH - 3), a, ";")
                rest = substr(rest, RSTART + RLENGTH)
                for (j = 1; j <= m; j++) {
                    if (a[j] != 38 && a[j] != 48) continue
                    col = ""
                    if (a[j + 1] == 5) { col = c256(a[j + 2] + 0); k = j + 2 }
                    else if (a[j + 1] == 2) { col = a[j + 2] "," a[j + 3] "," a[j + 4]; k = j + 4 }
                    if (a[j] == 38) fg = col; else bg = col
                    j = k
                }
            }
            text = text rest
            gsub(/ /, "", text)
            if (bg == "") continue
            print "square - " bg
            if (text ~ /^[PNBRQK]$/) print "white " fg " " bg
            else if (text ~ /^[pnbrqk]$/) print "black " fg " " bg
        }
    }'
}
# ratios: "SIDE FG BG" lines in, one line per side and square colour out:
# "SIDE FG on BG RATIO", every piece colour of a side against every square
# colour the board uses (any piece may stand on any square).
ratios() {
    awk '
    function lin(c) { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ^ 2.4 }
    function lum(s,   p) { split(s, p, ","); return 0.2126 * lin(p[1]) + 0.7152 * lin(p[2]) + 0.0722 * lin(p[3]) }
    $1 == "square" { sq[$3] = 1; next }
    { fg[$1 " " $2] = 1 }
    END {
        for (f in fg) for (b in sq) {
            split(f, s, " ")
            l1 = lum(s[2]); l2 = lum(b)
            r = l1 > l2 ? (l1 + 0.05) / (l2 + 0.05) : (l2 + 0.05) / (l1 + 0.05)
            printf "%s %s on %s %.2f\n", s[1], s[2], b, r
        }
    }' | sort
}
# Every position of the game in colour: the last move's squares, the
# offending move's (9. Qh6 from d1) and plain ones, light and dark.
for k in $(seq 0 16); do
    "$ARBITER" replay --ascii --color=always --no-interactive --ply="$k" "$game" 2>/dev/null
done | cells >"$tmp/cells"
ratios <"$tmp/cells" >"$tmp/ratios"
sed 's/^/# /' "$tmp/ratios"
sides=$(awk '{ print $1 }' "$tmp/ratios" | sort -u | tr '\n' ' ')
squares=$(grep -c '^white ' "$tmp/ratios")
[ "$sides" = "black white " ] && [ "$squares" -ge 6 ] &&
    ok "the colours parsed: pieces of both sides, $squares square colours" ||
    notok "parsing the colours: sides '$sides', $squares square colours"
low=$(awk '$NF < 4.5' "$tmp/ratios")
[ -s "$tmp/ratios" ] && [ -z "$low" ] &&
    ok "every piece on every square colour has a contrast of at least 4.5:1 (WCAG)" ||
    notok "contrast below 4.5:1: $(echo "$low" | tr '\n' ';')"
# The SVG pieces: the outline (stroke) is the edge a piece is seen by,
# against every square colour of the diagram (plain, last move).
svg_hex() { sed 's/#\([0-9a-f][0-9a-f]\)\([0-9a-f][0-9a-f]\)\([0-9a-f][0-9a-f]\)/\1 \2 \3/' |
            while read -r r g b; do echo "$((0x$r)),$((0x$g)),$((0x$b))"; done; }
expand_hex() { sed 's/^#\([0-9a-f]\)\([0-9a-f]\)\([0-9a-f]\)$/#\1\1\2\2\3\3/'; }
{
    grep -ohE '<rect [^>]*height="(45|90)" fill="#[0-9a-f]{6}"' "$tmp"/all/*.svg |
        sed 's/.*fill="//; s/"$//' | sort -u | svg_hex | sed 's/^/square - /'
    for side in w b; do
        grep -o "<symbol id=\"arb-${side}K\"[^>]*><g fill=\"#[0-9a-f]*\" stroke=\"#[0-9a-f]*\"" "$tmp/all/ply0000.svg" |
            sed 's/.*stroke="//; s/"$//' | expand_hex | svg_hex |
            sed "s/^/$( [ $side = w ] && echo white || echo black) /; s/\$/ -/"
    done
} | ratios >"$tmp/svgratios"
sed 's/^/# svg outline: /' "$tmp/svgratios"
low=$(awk '$NF < 4.5' "$tmp/svgratios")
[ "$(wc -l <"$tmp/svgratios")" -ge 8 ] && [ -z "$low" ] &&
    ok "SVG: the pieces' outlines against every square colour at least 4.5:1" ||
    notok "SVG outline contrast: $(tr '\n' ';' <"$tmp/svgratios")"

# ---- past an error: the repaired move, the move as written ----
errs=$here/replay/errors.pgn
board_of() { "$ARBITER" replay --ascii --color=never --no-interactive "$@" "$errs" 2>/dev/null; }
board_of --game=1 --ply=7 >"$tmp/rep"
grep -qx '4\. Ba4 (repaired; written Ba5)' "$tmp/rep" &&
    grep -q "^! Not the move written: 4\\. Ba5 cannot be played; the replay plays Ba4 ('5' for '4'), the nearest legal move" "$tmp/rep" &&
    grep -q '^error: 4\. Ba5: no white bishop can reach a5 (Art\. 3\.2) \[illegal-move\]$' "$tmp/rep" &&
    grep -q "^  --repair: 'Ba5' is most likely Ba4" "$tmp/rep" &&
    ok "a move check --repair replaces: the replay plays the repaired move, says so and shows the error" ||
    { notok "4. Ba5: no repaired move at ply 7"; sed 's/^/#   /' "$tmp/rep"; }
grep -qx ' 5  \. (\.) \.  \.  p  \.  \.  \. ' "$tmp/rep" && grep -qx ' 4 (B) \.  \.  \.  P  \.  \.  \. ' "$tmp/rep" &&
    ok "... the board marks it as not the move written (b5-a4)" || notok "the repaired move is not marked"
cnt=$("$ARBITER" replay --fen --game=1 "$errs" 2>/dev/null | wc -l)
[ "$cnt" -eq 15 ] && ok "... and the replay goes on to the end: 15 positions (it stopped at the 7th)" ||
    notok "game 1: $cnt positions"
"$ARBITER" replay --game=1 "$errs" >/dev/null 2>"$tmp/err"; st=$?
[ $st -eq 1 ] && grep -q '^.*errors\.pgn:8:34: error: 4\. Ba5: no white bishop can reach a5 \[illegal-move\]$' "$tmp/err" &&
    ok "... the error still goes to standard error, status 1" || notok "game 1: status $st, $(cat "$tmp/err")"
"$ARBITER" replay --svg="$tmp/rsvg" --game=1 --ply=7 "$errs" >/dev/null 2>&1
grep -q '<title>Game 1, ply 7: 4\. Ba4 (repaired; written Ba5); Black to move</title>' "$tmp/rsvg/ply0007.svg" &&
    grep -q '<line class="bad" x1="83" y1="157"' "$tmp/rsvg/ply0007.svg" &&
    ok "... the SVG diagram: a red arrow b5-a4, the title says it was repaired" || notok "SVG of the repaired move"
board_of --game=2 --ply=4 >"$tmp/asw"
grep -qx '2\.\.\. Kf7 (illegal; played as written)' "$tmp/asw" &&
    grep -q '^! Illegal, played as written: 2\.\.\. Kf7 can be made on the board but is no legal move' "$tmp/asw" &&
    grep -q '^error: 2\.\.\. Kf7: the black king on e8 cannot move to f7: the white queen on h5 attacks that square' "$tmp/asw" &&
    grep -qx ' 7  p  p  p  p  p (k) p  p ' "$tmp/asw" &&
    ok "an illegal move that can be made on the board and nothing replaces: played as written, marked, the error shown" ||
    { notok "2... Kf7 not played as written"; sed 's/^/#   /' "$tmp/asw"; }
board_of --game=2 --ply=10 >"$tmp/asw"
grep -qx '5\.\.\. hxg6' "$tmp/asw" &&
    grep -q "^The replay ends here: the next move cannot be played, and no move can stand in its place" "$tmp/asw" &&
    grep -q "^error: 6\. Xx9: 'Xx9' is not a move in English notation" "$tmp/asw" &&
    grep -q "^  --repair: 'Xx9' may be a4 or b4" "$tmp/asw" &&
    ok "... the replay goes on from it, until a move nothing can stand for: it ends there and says why" ||
    { notok "game 2 does not go on to ply 10"; sed 's/^/#   /' "$tmp/asw"; }
"$ARBITER" replay --game=2 "$errs" >/dev/null 2>"$tmp/err"
[ "$(grep -c ': error: ' "$tmp/err")" -eq 2 ] && ok "... both errors on standard error" || notok "game 2: $(cat "$tmp/err")"
board_of --game=3 --ply=4 >"$tmp/std"
grep -qx '2\.\.\. Nf6 (illegal; the record goes on from it)' "$tmp/std" && grep -q '^! Illegal, followed: 2\.\.\. Nf6' "$tmp/std" &&
    grep -q '^warning: 2\.\.\. Nf6: the record goes on from the position this move left' "$tmp/std" &&
    ok "an illegal move that stood (illegal-move-stood) is marked too" || { notok "game 3 ply 4"; sed 's/^/#   /' "$tmp/std"; }
"$ARBITER" replay --ascii --ply=16 "$game" 2>/dev/null >"$tmp/end"
grep -q "^The replay ends here: the next move cannot be played" "$tmp/end" &&
    grep -q "^  --repair: 'Qh6' may be Kh1 or Nh4: the rest of the game replays from either" "$tmp/end" &&
    ok "nothing can be played for 9. Qh6 (two moves fit): the replay ends there, saying why" ||
    notok "game.pgn ply 16: no end line"

# ---- the interactive board in a terminal ----
T() { tmux -S "$tmp/tmux" "$@"; }
screen() { T capture-pane -p -t replay; }
# wait_for PATTERN [CAPTURE-OPTION]: until the pane shows it (WAIT seconds
# at most); shows PATTERN: the same, as a check of what is on screen.
wait_for() {
    i=0
    while [ $i -lt $((WAIT * 10)) ]; do
        T capture-pane -p ${2:-} -t replay | grep -q -- "$1" && return 0
        sleep 0.1; i=$((i + 1))
    done
    return 1
}
shows() { wait_for "$1"; }
# step TEST KEYS... PATTERN: send the keys, expect the pattern on screen.
step() {
    what=$1; shift
    eval "pat=\${$#}"
    while [ $# -gt 1 ]; do T send-keys -t replay "$1"; shift; done
    if wait_for "$pat"; then ok "$what"; else notok "$what: no '$pat' on screen"; screen | sed 's/^/#   /' | head -30; fi
}
# keep: a session that keeps the tmux server up (killing the last session
# ends the server, and a new one started at that moment may find it dying).
keep() {
    T has-session -t keep 2>/dev/null ||
        tmux -S "$tmp/tmux" -f /dev/null new-session -d -s keep "sleep 3600"
}
# start COMMAND [COLUMNS LINES]: a new window (100 x 50 unless told) running it.
start() {
    keep
    T kill-session -t replay 2>/dev/null
    LANG=C.UTF-8 tmux -u -S "$tmp/tmux" -f /dev/null new-session -d -s replay -x "${2:-100}" -y "${3:-50}" \
        "cd '$here/replay' && $1; echo EXIT=\$?; sleep 600"
}
start "'$ARBITER' replay --color=never game.pgn"
if wait_for "Ply 0 of 16: Start position"; then ok "on a terminal the replay is interactive: the start position"
else notok "no interactive screen"; screen | sed 's/^/#   /'; fi
shows 'q: quit' && shows 'f F: next/previous finding' &&
    ok "the keys are shown on screen" || notok "no keys on screen"
shows '^ 1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖$' && ok "the board in chess symbols" || notok "no board"
step "→ goes to the next position" Right "Ply 1 of 16: 1. Nf3"
shows '^ 1  ♖  ♘  ♗  ♕  ♔  ♗ \[·\] ♖$' && shows '^ 3  ·  ·  ·  ·  · \[♘\] ·  ·$' &&
    ok "the last move's squares are marked" || notok "1. Nf3 not marked"
step "space, l and j go on too" Space l j "Ply 4 of 16: 2... Ng8"
step "← goes back" Left "Ply 3 of 16: 2. Ng1"
step "End goes to the last position, with its finding" End "Ply 16 of 16: 8... Nxe4"
shows 'error: 9. Qh6: the white queen on d1 cannot reach h6 (Art. 3.4) \[illegal-move\]' &&
    ok "the finding is shown at the position before the illegal move" || notok "no finding at ply 16"
shows 'White 1:30:40 (after 2.), Black 1:30:50 (after 2...)' && ok "the clocks, with the move of an old reading" ||
    notok "no clocks"
shows '^Moves: \.\.\. 5\.\.\. e5 6\. Bc4 Bc5 7\. Nf3 Nf6 8\. O-O \[Nxe4\]$' &&
    ok "the moves around the position, the current one in brackets" || notok "no moves line at ply 16"
T resize-window -t replay -x 90 -y 45 2>/dev/null || T kill-session -t nothing 2>/dev/null
step "a change of the window's size does not end it: Home still goes to the start" Home "Ply 0 of 16"
shows '^Moves: 1\. Nf3 Nf6 2\. Ng1 Ng8 3\. Nf3 Nf6 4\. Ng1 Ng8 5\. e4 e5 6\. Bc4 Bc5 7\. Nf3 \.\.\.$' &&
    ok "at the start the moves to come" || notok "no moves line at ply 0"
step "f goes to the next finding (the threefold claim)" f "Ply 8 of 16: 4... Ng8"
shows 'threefold-claimable' && ok "... and shows it" || notok "no threefold finding"
step "f again: the illegal move" f "Ply 16 of 16"
step "f at the last finding says so" f "No finding after this position."
step "F goes back to the previous finding" F "Ply 8 of 16"
step ": asks for a move" : "Go to move:"
step "... 5b Enter goes to Black's 5th move" 5 b Enter "Ply 10 of 16: 5... e5"
step ": 99 Enter is no move of the game" : 9 9 Enter "No such move in this game"
step "... and the board stays" "Ply 10 of 16"
step "x flips the board: rank 1 at the top, read from h to a" x "^ 1  ♖  ♘  ♗  ♔  ♕  ♗  ♘  ♖$"
step "x again: White's side" x "^ 8  ♜  ♞  ♝  ♛  ♚  ♝"
step "q quits: the terminal comes back and the errors follow on standard error" q "EXIT=1"
shows 'game.pgn:11:69: error: 9\. Qh6: the white queen on d1 cannot reach h6' && ! screen | grep -q 'Ply 10 of 16' &&
    ok "the alternate screen is left (the board is gone, the error line shown)" || notok "the screen was not restored"

start "'$ARBITER' replay game.pgn"
if wait_for "Ply 0 of 16"; then
    T send-keys -t replay End
    wait_for "Ply 16 of 16" >/dev/null
    wait_for "$(printf '\033')\[48;5;" -e && ok "colour on a terminal by default" ||
        notok "no colour on the terminal"
else notok "no colour run"; fi
step "Ctrl-C quits too" C-c "EXIT=1"

# SIGINT and SIGTERM from outside (kill) end it at once, and give the
# terminal back first: its modes (icanon: a line at a time, as before) and
# the main screen.
for sig in INT:2 TERM:15; do
    code=$((128 + ${sig#*:})) sig=${sig%:*}
    rm -f "$tmp/replay.pid"
    start "sh -c 'echo \$\$ > $tmp/replay.pid; exec $ARBITER replay --color=never game.pgn'; echo EXIT=\$?; stty -a | tr ' ;' '\\n\\n' | grep -x -- '-*icanon' | sed 's/^/MODE=/'"
    if wait_for "Ply 0 of 16" && [ -s "$tmp/replay.pid" ]; then
        kill -$sig "$(cat "$tmp/replay.pid")"
        if wait_for "MODE=" && screen | grep -q "^EXIT=$code$" && screen | grep -q '^MODE=icanon$' && ! screen | grep -q 'Ply 0 of 16'; then
            ok "SIG$sig from outside ends the interactive replay (status $code), the terminal given back"
        else
            notok "SIG$sig: the terminal was not given back"; screen | sed 's/^/#   /' | tail -5
        fi
    else
        notok "SIG$sig: no interactive screen"
    fi
done

start "cat game.pgn | '$ARBITER' replay --color=never"
step "a game on standard input: the keys come from the terminal" "Ply 0 of 16"
step "... and work" Right "Ply 1 of 16"
T send-keys -t replay q

start "'$ARBITER' replay --no-interactive --ascii --color=never --ply=2 game.pgn"
step "--no-interactive prints the board on a terminal" "^1... Nf6"
screen | grep -q 'q: quit' && notok "--no-interactive showed the keys" || ok "... without keys"

start "'$ARBITER' replay --ascii game.pgn | tail -5"
step "into a pipe the boards are printed one after another" "^White to move .*clocks"

# ---- past an error, on the terminal ----
start "'$ARBITER' replay --color=never errors.pgn"
wait_for "Ply 0 of 14" >/dev/null
step "a game with an illegal move: the replay goes on to its end" End "Ply 14 of 14: 7\.\.\. d6"
step "F goes back to the repaired move" F "Ply 7 of 14: 4\. Ba4 (repaired; written Ba5)"
shows '^! Not the move written: 4\. Ba5 cannot be played; the replay plays Ba4' &&
    shows '^ 4 (♗) ·  ·  ·  ♙  ·  ·  ·$' &&
    ok "... which the screen says and marks" || notok "no repaired move on screen"
step "F again: the position before it, with the error" F "Ply 6 of 14: 3\.\.\. a6"

# ---- between games: n and p ----
step "the screen names the game: which of how many, the players, round and board" \
    "^Game 1 of 3 in errors\.pgn: Cee, C - Dee, D, round 5, board 3, Spring open"
shows 'n p: next/previous game' && ok "the keys help names n and p" || notok "no n p in the keys help"
step "n goes to the next game" n "^Game 2 of 3 in errors\.pgn: Eff, E - Gee, G, round 5, board 4"
shows '^Ply 0 of 10: Start position' && ok "... at its start position" || notok "game 2 not at its start"
step "n again: the third" n "^Game 3 of 3 in errors\.pgn: Haa, H - Ii, I, round 5, board 5"
step "n at the last game says there is no next game" n "No next game: game 3 is the last of the file\."
shows '^Game 3 of 3' && shows '^Ply 0 of 12' && ok "... and the game stays" || notok "n past the last game"
step "p goes back to the previous game" p "^Game 2 of 3 in errors\.pgn: Eff, E"
step "p again: the first" p "^Game 1 of 3 in errors\.pgn: Cee, C"
step "p at the first game says there is none before it" p "No previous game: this is the first game of the file\."
step "x, then n: the next game keeps the board flipped" x n "^ 1  ♖  ♘  ♗  ♔  ♕  ♗  ♘  ♖$"
step "q: the errors of the game on the screen follow on standard error" q "EXIT=1"
shows 'errors\.pgn:17:18: error: 2\.\.\. Kf7: the black king on e8 cannot move to f7' && ! screen | grep -q 'errors\.pgn:8:34' &&
    ok "... game 2's, not game 1's" || notok "not game 2's errors after quitting"

start "cat errors.pgn | '$ARBITER' replay --color=never"
wait_for "Ply 0 of 14" >/dev/null
step "from standard input too: n reads on" n "^Game 2 of standard input: Eff, E - Gee, G"
step "... p cannot read it again, and says so" p "No previous game here: standard input cannot be read again"
step "... n to the third game" n "^Game 3 of standard input"
step "... n past it: then the count is known" n "No next game: game 3 is the last of the file\."
shows '^Game 3 of 3 in standard input' && ok "... Game 3 of 3" || notok "no count after the end of standard input"
T send-keys -t replay q

# A FIFO named (as <(zcat f.gz) gives one): read once, by one reader.  A
# second reader (counting the games, or going back) used to open it again
# and take games from the stream.
rm -f "$here/replay/games.fifo"
mkfifo "$here/replay/games.fifo"
start "true; cat errors.pgn > games.fifo & '$ARBITER' replay --color=never games.fifo"
wait_for "Ply 0 of 14" >/dev/null
step "a FIFO: n reads on, game by game" n "^Game 2 of games\.fifo: Eff, E - Gee, G"
step "... n again: the third (no second reader took it)" n "^Game 3 of games\.fifo: Haa, H"
step "... p cannot read it again, and says so" p "No previous game here: the input is a pipe and cannot be read again"
T send-keys -t replay q
wait_for "EXIT=" >/dev/null
rm -f "$here/replay/games.fifo"

start "'$ARBITER' replay --color=never errors.pgn < errors.pgn"
wait_for "Ply 0 of 14" >/dev/null
step "p from a file on standard input: it is read again" n p "^Game 1 of 3 in errors\.pgn"
T send-keys -t replay q

# Memory: one game at a time, however many the file holds (the release
# build when there is one: a sanitizer's quarantine keeps what was freed).
rel=${ARBITER_REL:-$ARBITER}
case $rel in /*) ;; *) rel=$(pwd)/$rel ;; esac
mkgames() {
    awk -v n="$1" 'BEGIN { for (i = 1; i <= n; i++)
        printf "[Round \"%d\"]\n[White \"W%d\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n\n", i, i }'
}
mkgames 10000 >"$tmp/g10k.pgn"
mkgames 60000 >"$tmp/g60k.pgn"
# hwm GAMES: the peak memory (kB) of a replay of the file of GAMES games,
# its last but one game shown, n to the last and past it, p twice (the
# file read again from its start), the games counted.
hwm() {
    keep
    T kill-session -t mem 2>/dev/null
    LANG=C.UTF-8 tmux -u -S "$tmp/tmux" -f /dev/null new-session -d -s mem -x 100 -y 50 \
        "exec '$rel' replay --color=never --game=$(($1 - 1)) '$tmp/g$2.pgn'"
    pid=$(T display -p -t mem '#{pane_pid}')
    i=0
    until T capture-pane -p -t mem | grep -q "^Game $(($1 - 1)) of $1 in"; do
        sleep 0.1; i=$((i + 1)); [ $i -lt $((WAIT * 10)) ] || break
    done
    for k in n n p p; do T send-keys -t mem $k; sleep 0.2; done
    i=0
    until T capture-pane -p -t mem | grep -q "^Game $(($1 - 2)) of $1 in"; do
        sleep 0.1; i=$((i + 1)); [ $i -lt $((WAIT * 10)) ] || break
    done
    T capture-pane -p -t mem | grep -q "^Game $(($1 - 2)) of $1 in" && sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status"
    T send-keys -t mem q
}
small=$(hwm 10000 10k)
big=$(hwm 60000 60k)
echo "# peak memory: 10,000 games ($(($(wc -c <"$tmp/g10k.pgn") / 1024)) kB) ${small:-?} kB," \
     "60,000 games ($(($(wc -c <"$tmp/g60k.pgn") / 1024)) kB) ${big:-?} kB"
[ -n "$small" ] && [ -n "$big" ] && [ "$big" -lt $((small + 1024)) ] &&
    ok "memory does not grow with the games of the file (60,000 games: within 1 MB of 10,000 games')" ||
    notok "memory: 10,000 games ${small:-?} kB, 60,000 games ${big:-?} kB"

# ---- an 80 x 24 terminal ----
# until_pane TEST: the pane (lines joined where the terminal wrapped one)
# into $tmp/pane until the function TEST finds it right, WAIT seconds at
# most (a frame may be caught half drawn).
until_pane() {
    i=0
    while :; do
        T capture-pane -p -J -t replay >"$tmp/pane"
        "$1" && return 0
        [ $i -ge $((WAIT * 10)) ] && return 1
        sleep 0.1; i=$((i + 1))
    done
}
# fits WHAT: the window's lines are within its columns, the game's line is
# on top (nothing scrolled away), the whole board and the keys are there.
fits_pane() {
    cols=$(T display -p -t replay '#{window_width}')
    wide=0
    while IFS= read -r l; do
        [ "$(printf '%s' "$l" | LC_ALL=C.UTF-8 wc -m)" -gt "$cols" ] && wide=$((wide + 1))
    done <"$tmp/pane"
    [ $wide -eq 0 ] && head -1 "$tmp/pane" | grep -q '^Game ' &&
        [ "$(grep -c '^ [1-8]  ' "$tmp/pane")" -eq 8 ] && grep -q '^    a  b  c  d  e  f  g  h' "$tmp/pane" &&
        grep -q 'f F: next/previous finding' "$tmp/pane" && grep -q 'q: quit' "$tmp/pane"
}
fits() {
    if until_pane fits_pane; then
        ok "$1"
    else
        notok "$1: $wide lines wider than $cols, or the top, the board or the keys missing"
        sed 's/^/#   /' "$tmp/pane"
    fi
}
repaired_pane() {
    fits_pane &&
        grep -q "^! Not the move written: 4\\. Ba5 cannot be played; the replay plays Ba4 ('5' for\$" "$tmp/pane" &&
        grep -q "^  '4'), the nearest legal move from which the rest of the game replays" "$tmp/pane" &&
        grep -q '^Moves: 1\. e4 e5 2\. Nf3' "$tmp/pane"
}
two_findings_pane() {
    fits_pane && grep -q '^error: 2\.\.\. Nf6' "$tmp/pane" && grep -q 'the second loses (Art\. 7\.5\.5) \[illegal-move-stood\]' "$tmp/pane"
}
full_pane() {
    sed -n 3p "$tmp/pane" | grep -q '^$' && sed -n 4p "$tmp/pane" | grep -q '^ 8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜ *$' &&
        sed -n 13p "$tmp/pane" | grep -q '^$' &&
        grep -q '^Game 3 of 3 in errors\.pgn: Haa, H - Ii, I, round 5, board 5, Spring open, 2026\.04\.11, \*$' "$tmp/pane" &&
        ! grep -q 'a taller window' "$tmp/pane"
}
start "'$ARBITER' replay errors.pgn" 80 24
wait_for "Ply 0 of 14" >/dev/null
step "80 x 24: the repaired move" End F "Ply 7 of 14"
fits "80 x 24: every line within 80 columns, the game on top, the whole board, the keys"
until_pane repaired_pane &&
    ok "... the move list and the finding text, wrapped at a space" || notok "80 x 24: no moves or finding text"
step "80 x 24: a position with two long findings" n n Right Right Right "Ply 3 of 12"
fits "80 x 24: ... fits too"
until_pane two_findings_pane && ok "... with both findings whole" || notok "80 x 24: findings of 2... Nf6 cut"
T resize-window -t replay -x 80 -y 17
step "80 x 17: the findings that do not fit are counted" Right Left "more lines: a taller window shows them"
fits "80 x 17: the board and the keys stay"
T resize-window -t replay -x 100 -y 50
step "a larger window: the findings come back" Right Left "\[illegal-move-stood\]"
until_pane full_pane &&
    ok "... the full screen: the game on one line, blank lines around the board" ||
    { notok "100 x 50: not the full screen"; sed 's/^/#   /' "$tmp/pane"; }
start "'$ARBITER' replay --color=never game.pgn" 80 24
wait_for "Ply 0 of 16" >/dev/null
step "80 x 24, game.pgn at its end" End "Ply 16 of 16"
fits "80 x 24: the illegal 9. Qh6 (a finding line of 84 columns) fits"
T send-keys -t replay q

tap_end
