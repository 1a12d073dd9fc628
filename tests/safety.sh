#!/bin/sh
# safety.sh — a PGN file, or a file's name, must not reach the user's
# terminal or forge report lines (TAP).
#
# A game whose tags, moves and comments hold ESC sequences, BEL, CR, C1
# controls and a bidi override, in a file whose name holds a newline,
# "::error" and a byte that is not UTF-8: the text report, replay's boards
# and every message on standard error show them escaped (no raw control
# character on the output); --format=github writes one annotation per
# finding, none forged by the name; JUnit stays well-formed XML, HTML and
# SARIF valid UTF-8, and JSON Lines one record per game.
set -u
ARBITER=${ARBITER:-./arbiter}
case $ARBITER in /*) ;; *) ARBITER=$(pwd)/$ARBITER ;; esac
. "${TESTS:-tests}/tap.sh"
tap_tmp

# raw FILE: lines of FILE holding a control character other than tab and
# newline (C0, DEL, C1 as UTF-8, a bidi control); the colour escapes of an
# uncoloured run are none.
raw() { LC_ALL=C grep -n "$(printf '[\001-\010\013-\037\177]')" "$1"; grep -n "$(printf '\302[\200-\237]\|\342\200[\252-\256]\|\342\201[\246-\251]')" "$1"; }

cd "$tmp" || exit 2
# (A lone CR in the text is a line end, as python-chess reads it; a name can hold one.)
printf '[Event "x\033[31mRED\033[0m"]\n[White "a\007b\033c"]\n[Black "\342\200\256reversed"]\n[Result "*"]\n\n1. e4 e\0335 {\033[2J\302\233clear} 2. Nf3 *\n\n[Event "Clean"]\n[Result "*"]\n\n1. d4 d5 *\n' > game.pgn
name=$(printf 'evil\n::error file=x,line=1::forged\377\r.pgn')
cp game.pgn "$name"

"$ARBITER" check --no-progress -- "$name" > out.txt 2> err.txt
[ $? -eq 1 ] && ok "text: status 1 (the game has an error)" || notok "text: status"
[ -z "$(raw out.txt)" ] && ok "text report: no raw control character" || notok "text report: $(raw out.txt | head -3)"
[ -z "$(raw err.txt)" ] && ok "text report: standard error neither" || notok "text stderr: $(raw err.txt | head -3)"
grep -q 'e\\x1b5' out.txt && ok "text report: the token shown escaped (e\\x1b5)" || notok "text: no escaped token"
grep -q '^evil\\n::error file=x,line=1::forged\\xff\\r.pgn:' out.txt && ok "text report: the file name escaped on one line" ||
    notok "text: file name $(head -1 out.txt)"
lines=$(grep '^evil' out.txt | grep -vc ': In game 1[,:]')
[ "$lines" -eq "$(grep -c ' \[[a-z-]*\]$' out.txt)" ] && ok "text report: one line per finding starts with the name ($lines)" ||
    notok "text: $lines lines start with the name"
# The caret stands under the escaped token: its column is the token's in the escaped line.
awk '/^ *[0-9]+ \| / { src = $0 } /^ *\| *\^/ { print index($0, "^") - index(src, "e\\x1b5") }' out.txt | grep -qx 0 &&
    ok "text report: the caret stands under the escaped token" || notok "text: caret misplaced"

"$ARBITER" replay --no-interactive -- "$name" > rep.txt 2> rep-err.txt
[ -z "$(raw rep.txt)" ] && ok "replay: no raw control character on the boards and lists" || notok "replay: $(raw rep.txt | head -3)"
[ -z "$(raw rep-err.txt)" ] && ok "replay: nor on standard error" || notok "replay stderr: $(raw rep-err.txt | head -3)"
grep -q 'x\\x1b\[31mRED' rep.txt && grep -q 'a\\x07b\\x1bc' rep.txt && grep -q '\\u202ereversed' rep.txt &&
    ok "replay: the tags shown escaped in the heading" || notok "replay heading: $(grep '^Game' rep.txt)"

"$ARBITER" check --no-progress nosuch"$(printf '\033')"file.pgn > /dev/null 2> err2.txt
[ -z "$(raw err2.txt)" ] && grep -q 'nosuch\\x1bfile' err2.txt && ok "an unreadable file's name is escaped in the message" ||
    notok "unreadable: $(cat err2.txt)"

"$ARBITER" check --no-progress --format=github -- "$name" > gh.txt 2>/dev/null
findings=$("$ARBITER" check --no-progress --format=jsonl -- "$name" 2>/dev/null | jq -s '[.[].findings[]] | length')
[ "$(wc -l < gh.txt)" -eq "$findings" ] && [ "$(grep -c '^::' gh.txt)" -eq "$findings" ] &&
    ok "github: one annotation line per finding ($findings), none forged by the name" || notok "github: $(cat gh.txt | head -3)"
[ -z "$(raw gh.txt)" ] && ok "github: no raw control character in the log" || notok "github: $(raw gh.txt | head -2)"

# A name with ESC and BEL (the Actions toolkit escapes only % CR LF , :):
# in file= of every annotation, an unreadable file's too, escaped.
name2=$(printf 'bell\007esc\033[31m.pgn')
cp game.pgn "$name2"
"$ARBITER" check --no-progress --format=github -- "$name2" "nosuch$(printf '\033[2J').pgn" > gh2.txt 2>/dev/null
[ -z "$(raw gh2.txt)" ] && grep -q '^::error file=bell\\x07esc\\x1b\[31m.pgn,line=' gh2.txt &&
    grep -q '^::error file=nosuch\\x1b\[2J.pgn,title=unreadable::' gh2.txt &&
    ok "github: control characters in file= escaped (\\x07, \\x1b), an unreadable file's too" ||
    notok "github file=: $(raw gh2.txt | head -2)"

"$ARBITER" check --no-progress --format=jsonl -- "$name" > out.jsonl 2>/dev/null
[ "$(wc -l < out.jsonl)" -eq 2 ] && jq -e . out.jsonl > /dev/null 2>&1 && ok "jsonl: two records, valid JSON" ||
    notok "jsonl: $(wc -l < out.jsonl) lines"
"$ARBITER" check --no-progress --format=junit -- "$name" > out.xml 2>/dev/null
xmllint --noout out.xml 2> xml-err.txt && ok "junit: well-formed XML with a file name that is not UTF-8" ||
    notok "junit: $(head -2 xml-err.txt)"
"$ARBITER" check --no-progress --format=html -- "$name" > out.html 2>/dev/null
python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' out.html 2>/dev/null &&
    ok "html: valid UTF-8" || notok "html: not UTF-8"
"$ARBITER" check --no-progress --format=sarif -- "$name" > out.sarif 2>/dev/null
python3 -c 'import sys, json; json.load(open(sys.argv[1], encoding="utf-8"))' out.sarif 2>/dev/null &&
    ok "sarif: valid JSON in UTF-8" || notok "sarif: invalid"

tap_end
