#!/bin/sh
# daily.sh — what an arbiter and a database keeper reach for first (TAP):
# the edition by the game's date (--rules=auto, the default), how much is
# shown (--min-severity, -q, -qq), short options and -o, "did you mean",
# convert's default language, the game named in text and github lines,
# the severity of moves after a draw the Laws made, --duplicates, and the
# games written out (--write-clean, --write-flagged, --write-repaired).
#
#   ARBITER   the program (default ./arbiter)
set -u
. "${TESTS:-tests}/tap.sh"
ARBITER=${ARBITER:-./arbiter}
tap_tmp

# A knight dance: the start position the fifth time at ply 16, then a move.
dance='1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4'
printf '[Event "old"]\n[Date "1998.05.01"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n%s *\n\n' "$dance" >"$tmp/old.pgn"
printf '[Event "new"]\n[Date "2019.05.01"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n%s *\n\n' "$dance" >"$tmp/new.pgn"
printf '[Event "undated"]\n[Date "????.??.??"]\n[Result "*"]\n\n1. e4 e5 *\n\n' >"$tmp/undated.pgn"
cat "$tmp/old.pgn" "$tmp/new.pgn" "$tmp/undated.pgn" >"$tmp/eds.pgn"

# ---- --rules=auto is the default ----
"$ARBITER" check -f jsonl "$tmp/eds.pgn" >"$tmp/eds.jsonl" 2>"$tmp/eds.err"
rules=$(jq -r .rules "$tmp/eds.jsonl" | tr '\n' ' ')
[ "$rules" = "fide-2009 fide-2018 fide-2023 " ] &&
    ok "the edition follows the game's date by default: 1998 fide-2009, 2019 fide-2018, undated fide-2023" ||
    notok "default editions: '$rules'"
codes_old=$(jq -r 'select(.tags.Event == "old") | [.findings[].code] | join(",")' "$tmp/eds.jsonl")
codes_new=$(jq -r 'select(.tags.Event == "new") | [.findings[] | .code + ":" + .severity] | join(",")' "$tmp/eds.jsonl")
[ "$codes_old" = "rules-edition,threefold-claimable" ] &&
    ok "a 1998 game gets no fivefold rule (only the threefold claim), and is told which Laws applied" ||
    notok "1998 game: '$codes_old'"
why=$(jq -r 'select(.tags.Event == "old") | .findings[] | select(.code == "rules-edition") | .message' "$tmp/eds.jsonl")
case $why in
*"1998.05.01"*"FIDE Laws of 1 July 1997"*"fide-2009"*) ok "rules-edition: in force the 1997 Laws, applied fide-2009" ;;
*) notok "rules-edition: '$why'" ;;
esac
case $codes_new in
    *fivefold-repetition:warning*move-after-end:warning*) ok "a 2019 game is drawn by fivefold; the move after it is a warning" ;;
    *) notok "2019 game: '$codes_new'" ;;
esac
grep -q '(fide-2023 1, fide-2018 1, fide-2009 1)\|fide-2018 1, fide-2009 1' "$tmp/eds.err" &&
    ok "the summary says which editions applied" || notok "summary: $(cat "$tmp/eds.err")"
r=$("$ARBITER" check --rules=fide-2023 -f jsonl "$tmp/old.pgn" 2>/dev/null | jq -r '.rules + " " + ([.findings[].code] | join(","))')
case $r in "fide-2023 "*fivefold-repetition*) ok "--rules=fide-2023 still applies the newest edition to an old game" ;;
    *) notok "--rules=fide-2023 on the 1998 game: '$r'" ;; esac

# ---- move-after-end: after mate an error, after a draw the Laws made a warning ----
printf '[Event "m"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Ke7 1-0\n' >"$tmp/mate.pgn"
sev=$("$ARBITER" check -f jsonl "$tmp/mate.pgn" 2>/dev/null | jq -r '.findings[] | select(.code == "move-after-end") | .severity')
[ "$sev" = error ] && ok "a move after checkmate stays an error" || notok "move after mate: '$sev'"

# ---- how much is shown ----
printf '[Event "s"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf5 Nc6 1-0\n\n[Event "t"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 (=) *\n' >"$tmp/sev.pgn"
all=$("$ARBITER" check -f jsonl "$tmp/sev.pgn" 2>/dev/null | jq -r '[.findings[].severity] | join(",")' | tr '\n' ';')
warn=$("$ARBITER" check --min-severity=warning -f jsonl "$tmp/sev.pgn" 2>"$tmp/w.err" | jq -r '[.findings[].severity] | join(",")' | tr '\n' ';')
q=$("$ARBITER" check -q -f jsonl "$tmp/sev.pgn" 2>/dev/null | jq -r '[.findings[].severity] | join(",")' | tr '\n' ';')
case $all in *info*) ok "without --min-severity the infos are reported ($all)" ;; *) notok "no info to hide: '$all'" ;; esac
case $warn in *info*) notok "--min-severity=warning still shows infos: '$warn'" ;;
    *error*) ok "--min-severity=warning: no info, the error kept" ;; *) notok "--min-severity=warning lost the error: '$warn'" ;; esac
[ "$q" = "error;;" ] && ok "-q: errors only" || notok "-q: '$q'"
grep -q 'more not shown (--min-severity' "$tmp/w.err" && ok "the summary counts what was not shown" ||
    notok "summary with --min-severity: $(cat "$tmp/w.err")"
qq=$("$ARBITER" check -qq "$tmp/sev.pgn" 2>"$tmp/qq.err"); st=$?
[ -z "$qq" ] && [ $st -eq 1 ] && grep -q '1 error' "$tmp/qq.err" && ok "-qq: only the summary line (status 1 for the error)" ||
    notok "-qq: status $st, output '$qq'"
"$ARBITER" check --min-severity=severe x 2>"$tmp/e" >/dev/null; st=$?
[ $st -eq 2 ] && grep -q "unknown severity 'severe'" "$tmp/e" && ok "--min-severity rejects an unknown severity" ||
    notok "--min-severity=severe: status $st"

# ---- short options and -o ----
"$ARBITER" check --format=jsonl --jobs=1 "$tmp/sev.pgn" >"$tmp/long.out" 2>/dev/null
"$ARBITER" check -f jsonl -j 1 -o "$tmp/short.out" "$tmp/sev.pgn" >"$tmp/short.stdout" 2>/dev/null; st=$?
[ $st -eq 1 ] && cmp -s "$tmp/long.out" "$tmp/short.out" && [ ! -s "$tmp/short.stdout" ] &&
    ok "-f jsonl -j 1 -o FILE writes what --format=jsonl --jobs=1 prints, to FILE" || notok "short options: status $st"
cp "$tmp/sev.pgn" "$tmp/keep.pgn"
"$ARBITER" convert -o "$tmp/keep.pgn" "$tmp/keep.pgn" 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && cmp -s "$tmp/sev.pgn" "$tmp/keep.pgn" && grep -q 'input file' "$tmp/e" &&
    ok "-o refuses to write over an input file (status 2, the file untouched)" || notok "-o over the input: status $st"

# ---- did you mean ----
dym() {
    want=$1; shift
    "$ARBITER" "$@" "$tmp/sev.pgn" >/dev/null 2>"$tmp/e"; st=$?
    [ $st -eq 2 ] && grep -q "did you mean '$want'" "$tmp/e" && ok "did you mean '$want' for: $*" ||
        notok "$*: status $st, $(head -1 "$tmp/e")"
}
dym check chekc
dym --format check --fromat=jsonl
dym fide-2018 check --rules=fide2018
dym fi check --lang=fj
dym jsonl check -f jsnl
dym illegal-move check --select=ilegal-move
dym --min-severity check --min-severity=warning --min-sevrity=error
"$ARBITER" check --write "$tmp/sev.pgn" >/dev/null 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && grep -q -- "--write-clean" "$tmp/e" && grep -q -- "--write-flagged" "$tmp/e" &&
    ok "an ambiguous prefix lists the options it may mean" || notok "--write: status $st, $(head -1 "$tmp/e")"

# ---- -V, and a terminal on standard input ----
v=$("$ARBITER" --version 2>&1)
[ -n "$v" ] && [ "$("$ARBITER" -V 2>&1)" = "$v" ] && [ "$("$ARBITER" check -V 2>&1)" = "$v" ] &&
    ok "-V is --version (before or after the command)" || notok "-V: '$("$ARBITER" -V 2>&1)'"
if command -v script >/dev/null 2>&1; then
    printf '1. e4 e5 *\n\004' | script -qfec "$ARBITER check --no-progress" /dev/null >"$tmp/tty.out" 2>&1
    grep -q 'arbiter: reading standard input (Ctrl-D ends)' "$tmp/tty.out" && grep -q 'arbiter: 1 file, 1 game' "$tmp/tty.out" &&
        ok "a terminal on standard input: 'reading standard input (Ctrl-D ends)' on standard error" ||
        notok "a terminal on standard input: $(tr '\r\n' '  ' <"$tmp/tty.out")"
else
    notok "script(1) is missing (util-linux): the terminal on standard input is not tested"
fi
printf '1. e4 e5 *\n' | "$ARBITER" check 2>"$tmp/pipe.err" >/dev/null
grep -q 'reading standard input' "$tmp/pipe.err" && notok "a pipe on standard input is told to press Ctrl-D" ||
    ok "a pipe on standard input: no such note"

# ---- convert defaults to English ----
printf '[Event "fi"]\n[Result "*"]\n\n1. e4 e5 2. Rf3 Rc6 3. Lb5 *\n' >"$tmp/fi.pgn"
out=$("$ARBITER" convert "$tmp/fi.pgn" 2>/dev/null | grep '^1\.')
[ "$out" = "1. e4 e5 2. Nf3 Nc6 3. Bb5 *" ] && ok "convert without --to writes English SAN" || notok "convert: '$out'"

# ---- the game named ----
printf '[Event "n"]\n[Round "5.3"]\n[White "Kamsky, Gata"]\n[Black "Karpov, Anatoly"]\n[Result "*"]\n\n1. e4 e5 2. Nf5 *\n' >"$tmp/name.pgn"
"$ARBITER" check "$tmp/name.pgn" >"$tmp/name.txt" 2>/dev/null
head -1 "$tmp/name.txt" | grep -q ':1: In game 1, Kamsky, Gata - Karpov, Anatoly, round 5, board 3:$' &&
    ok "text: the game is named before its findings (round 5.3 as round 5, board 3)" ||
    notok "text: '$(head -1 "$tmp/name.txt")'"
"$ARBITER" check -f github "$tmp/name.pgn" 2>/dev/null | grep -q 'title=illegal-move in game 1%2C Kamsky%2C Gata - Karpov%2C Anatoly%2C round 5%2C board 3::' &&
    ok "github: the annotation's title names the game" || notok "github: $("$ARBITER" check -f github "$tmp/name.pgn" 2>/dev/null)"

# ---- --duplicates ----
g1='1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6'
g1fi='1. e4 c5 2. Rf3 d6 3. d4 cxd4 4. Rxd4 Rf6 5. Rc3 a6'
{
    printf '[Event "1"]\n[White "Anand, Viswanathan"]\n[Black "Carlsen, Magnus"]\n[Result "*"]\n\n%s *\n\n' "$g1"
    printf '[Event "2"]\n[White "Anand,V"]\n[Black "Magnus Carlsen"]\n[Result "*"]\n\n%s {a comment} *\n\n' "$g1fi"
    printf '[Event "3"]\n[White "Kramnik, V"]\n[Black "Carlsen, M"]\n[Result "*"]\n\n%s *\n\n' "$g1"
    printf '[Event "4"]\n[White "Anand, V"]\n[Black "Carlsen, M"]\n[Result "*"]\n\n%s 6. Be3 *\n\n' "$g1"
} >"$tmp/dup.pgn"
d=$("$ARBITER" check --duplicates -f jsonl "$tmp/dup.pgn" 2>/dev/null |
    jq -r '[.findings[] | select(.code == "duplicate-game") | .severity + " " + .message] | join(";")' | tr '\n' '|')
[ "$d" = "|info the same moves and players as game 1 (line 1): a copy of it|||" ] &&
    ok "--duplicates: the same game in Finnish with the players written otherwise is a copy of game 1; other players or one more move are not" ||
    notok "--duplicates: '$d'"
{
    printf '[White "H\303\274bner, Robert"]\n[Black "Ljubojevi\304\207, L"]\n[Result "*"]\n\n%s *\n\n' "$g1"
    printf '[White "Hubner, R."]\n[Black "Ljubojevic,Ljubomir"]\n[Result "*"]\n\n%s *\n\n' "$g1"
} >"$tmp/dup-accents.pgn"
d=$("$ARBITER" check --duplicates -f jsonl "$tmp/dup-accents.pgn" 2>/dev/null |
    jq -r '[.findings[] | select(.code == "duplicate-game") | .message] | join(";")' | tr '\n' '|')
[ "$d" = "|the same moves and players as game 1 (line 1): a copy of it|" ] &&
    ok "--duplicates: surnames compared with their accents folded (H\303\274bner = Hubner, Ljubojevi\304\207 = Ljubojevic)" ||
    notok "--duplicates with accents: '$d'"
cnt=$("$ARBITER" check -f jsonl "$tmp/dup.pgn" 2>/dev/null | jq -s '[.[].findings[] | select(.code == "duplicate-game")] | length')
[ "$cnt" = 0 ] && ok "without --duplicates no game is compared" || notok "duplicate-game without --duplicates: $cnt"
cat "$tmp/dup.pgn" "$tmp/dup.pgn" >"$tmp/dup2.pgn"
cnt=$("$ARBITER" check --duplicates -f jsonl --jobs=2 "$tmp/dup2.pgn" 2>/dev/null | jq -s '[.[].findings[] | select(.code == "duplicate-game")] | length')
[ "$cnt" = 5 ] && ok "--duplicates --jobs=2: the file twice over gives 5 copies (the second file's four, and game 2)" ||
    notok "--duplicates on the file twice: $cnt"

# A game whose main line breaks (8. Nd7 cannot be played) and its copy
# (other comments, marks, move numbers): compared by the moves as written.
br='1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 8. Nd7 Nbd7'
{
    printf '[Event "1"]\n[White "Anand, V"]\n[Black "Carlsen, M"]\n[Result "*"]\n\n%s *\n\n' "$br"
    printf '[Event "2"]\n[White "Anand, Viswanathan"]\n[Black "Carlsen, Magnus"]\n[Result "*"]\n\n%s {copied} *\n\n' "$(echo "$br" | sed 's/Nb3/Nb3!?/; s/ 5\. / 5... /')"
    printf '[Event "3"]\n[White "Kramnik, V"]\n[Black "Carlsen, M"]\n[Result "*"]\n\n%s *\n\n' "$br"
    printf '[Event "4"]\n[White "Anand, V"]\n[Black "Carlsen, M"]\n[Result "*"]\n\n%s 9. Nxd7 *\n\n' "$br"
} >"$tmp/dup-broken.pgn"
d=$("$ARBITER" check --duplicates -f jsonl "$tmp/dup-broken.pgn" 2>/dev/null |
    jq -r '[.findings[] | select(.code == "duplicate-game") | .message] | join(";")' | tr '\n' '|')
[ "$d" = "|the same moves and players as game 1 (line 1): a copy of it|||" ] &&
    ok "--duplicates: a game whose main line breaks is compared by its moves as written (other players, one more move: no copy)" ||
    notok "--duplicates on broken games: '$d'"
# A copy never reaches --write-clean, whatever -q or -qq hides.
for q in "" -q -qq; do
    rm -f "$tmp/dc.pgn" "$tmp/df.pgn"
    "$ARBITER" check $q --duplicates --write-clean="$tmp/dc.pgn" --write-flagged="$tmp/df.pgn" "$tmp/dup.pgn" >/dev/null 2>&1
    ev=$(grep -h '^\[Event' "$tmp/dc.pgn" | tr -d '\n')
    fl=$(grep -h '^\[Event' "$tmp/df.pgn" | tr -d '\n')
    [ "$ev" = '[Event "1"][Event "3"][Event "4"]' ] && [ "$fl" = '[Event "2"]' ] &&
        ok "--duplicates ${q:-(all shown)}: the copy goes to --write-flagged, never --write-clean" ||
        notok "--duplicates ${q:-(all shown)}: clean '$ev', flagged '$fl'"
done

# ---- --write-clean, --write-flagged: byte for byte, encoding kept ----
printf '[Event "A"]\r\n[White "Ren\351"]\r\n[Result "1-0"]\r\n\r\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\r\n\r\n' >"$tmp/mix.pgn"
printf '[Event "B"]\r\n[White "M\374ller"]\r\n[Result "*"]\r\n\r\n1. e4 e5 2. Nf5 *\r\n\r\n' >>"$tmp/mix.pgn"
printf '[Event "C \303\251"]\r\n[Result "1/2-1/2"]\r\n\r\n1. d4 d5 1/2-1/2\r\n' >>"$tmp/mix.pgn"
"$ARBITER" check -q --write-clean="$tmp/clean.pgn" --write-flagged="$tmp/flagged.pgn" "$tmp/mix.pgn" >/dev/null 2>&1; st=$?
# The input split in two: games A and C clean, B flagged (the error).
a=$(grep -b '^\[Event "B' "$tmp/mix.pgn" | cut -d: -f1); c=$(grep -ab '^\[Event "C' "$tmp/mix.pgn" | cut -d: -f1)
head -c "$a" "$tmp/mix.pgn" >"$tmp/A"; tail -c +$((a + 1)) "$tmp/mix.pgn" | head -c $((c - a)) >"$tmp/B"
tail -c +$((c + 1)) "$tmp/mix.pgn" >"$tmp/C"
cat "$tmp/A" "$tmp/C" >"$tmp/want.clean"
[ $st -eq 1 ] && cmp -s "$tmp/want.clean" "$tmp/clean.pgn" &&
    ok "--write-clean: games A and C byte for byte (Windows-1252 and UTF-8 in one file, CR LF kept)" ||
    { notok "--write-clean: status $st"; od -c "$tmp/clean.pgn" | head -5 | sed 's/^/#   /'; }
cmp -s "$tmp/B" "$tmp/flagged.pgn" && ok "--write-flagged: game B byte for byte, with the empty line after it" ||
    { notok "--write-flagged differs"; od -c "$tmp/flagged.pgn" | head -5 | sed 's/^/#   /'; }
"$ARBITER" check --write-clean="$tmp/c2.pgn" --write-flagged="$tmp/f2.pgn" "$tmp/mix.pgn" >/dev/null 2>&1
c=$(grep -c '^\[Event ' "$tmp/c2.pgn"); f=$(grep -c '^\[Event ' "$tmp/f2.pgn")
[ "$c" = 1 ] && [ "$f" = 2 ] && ok "without -q the infos (the guessed encoding of A) flag A too: every game in one file" ||
    notok "clean $c, flagged $f games"
"$ARBITER" check -q --write-clean="$tmp/clean3.pgn" - <"$tmp/mix.pgn" >/dev/null 2>&1
cmp -s "$tmp/want.clean" "$tmp/clean3.pgn" && ok "standard input from a file: byte for byte too" || notok "stdin from a file differs"
cat "$tmp/mix.pgn" | "$ARBITER" check -q --write-clean="$tmp/clean4.pgn" >/dev/null 2>&1
cmp -s "$tmp/want.clean" "$tmp/clean4.pgn" &&
    ok "from a pipe: the same bytes (game A encoded again in its guessed code page)" ||
    notok "from a pipe: $(od -c "$tmp/clean4.pgn" | head -3)"
printf '[Event "l"]\n[White "M\374ller \251"]\n[Result "*"]\n\n1. e4 e5 *\n' >"$tmp/l1.pgn"
"$ARBITER" check --encoding=ISO-8859-1 --write-clean="$tmp/l1.out" "$tmp/l1.pgn" >/dev/null 2>&1
cmp -s "$tmp/l1.pgn" "$tmp/l1.out" && ok "--encoding=ISO-8859-1: the game's Latin-1 bytes back" ||
    notok "--encoding=ISO-8859-1: $(od -c "$tmp/l1.out" | head -3)"
# UTF-16 (decoded through iconv): the games come out in UTF-8.
printf '[Event "u"]\n[White "\303\226"]\n[Result "*"]\n\n1. e4 e5 *\n' | iconv -f UTF-8 -t UTF-16 >"$tmp/u16.pgn"
"$ARBITER" check --write-clean="$tmp/u16.out" "$tmp/u16.pgn" >/dev/null 2>&1
grep -q "White \"$(printf '\303\226')\"" "$tmp/u16.out" && ok "a UTF-16 file's games are written in UTF-8" || notok "UTF-16: $(od -c "$tmp/u16.out" | head -2)"
"$ARBITER" check --write-clean="$tmp/mix.pgn" "$tmp/mix.pgn" >/dev/null 2>&1; st=$?
[ $st -eq 2 ] && [ "$(wc -c <"$tmp/mix.pgn")" -gt 200 ] && ok "--write-clean refuses an input file" || notok "--write-clean over the input: $st"

# ---- --repair --write-repaired ----
printf '[Event "r"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf5 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6 8. Nc3 Nb4 1-0\n\n[Event "ok"]\n[Result "*"]\n\n1. d4 d5 *\n' >"$tmp/rep.pgn"
"$ARBITER" check --repair --write-repaired="$tmp/rep.out" "$tmp/rep.pgn" >/dev/null 2>&1
grep -q "2. Nf3 {arbiter --repair: written 'Nf5', '5' for '3'} Nc6" "$tmp/rep.out" &&
    ok "--write-repaired: the repaired move written over, the change in a comment" || notok "repaired: $(cat "$tmp/rep.out")"
"$ARBITER" check -q -f jsonl "$tmp/rep.out" >"$tmp/rep.jsonl" 2>/dev/null; st=$?
[ $st -eq 0 ] && [ "$(jq -s 'length' "$tmp/rep.jsonl")" = 2 ] &&
    ok "the repaired file checks without an error, both games in it" || notok "repaired file: status $st"
# The HTML report goes past the repaired move: the findings after it are there, with their diagrams.
printf '[Event "h"]\n[Result "*"]\n\n1. e4 e5 2. Nf5 Nc6 3. Bc4 (=) Nf6 4. d3+ *\n' >"$tmp/rh.pgn"
"$ARBITER" check --repair -f html "$tmp/rh.pgn" >"$tmp/rh.html" 2>/dev/null
"$ARBITER" check -f html "$tmp/rh.pgn" >"$tmp/rh0.html" 2>/dev/null
grep -q 'wrong-mark' "$tmp/rh.html" && grep -q 'draw-offer' "$tmp/rh.html" && ! grep -q 'wrong-mark' "$tmp/rh0.html" &&
    ok "--repair --format=html: the findings after the repaired move are on the page (without --repair they are not)" ||
    notok "html past the repaired move"
"$ARBITER" check --write-repaired="$tmp/x" "$tmp/rep.pgn" >/dev/null 2>"$tmp/e"; st=$?
[ $st -eq 2 ] && grep -q -- '--repair' "$tmp/e" && ok "--write-repaired without --repair is a usage error" || notok "no --repair: $st"

tap_end
