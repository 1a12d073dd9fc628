#!/bin/sh
# outputs.sh — outputs never destroy data (TAP).
#
# Every file arbiter writes (-o, --write-clean, --write-flagged,
# --write-repaired, replay --svg's diagrams) is refused before anything is
# opened when it is an input (standard input, --trf, the files watch reads;
# through symbolic and hard links) or another output (standard output
# too); it is written to a temporary file beside it and put in place only
# when the run succeeds, so after a failure, SIGINT, SIGTERM or SIGPIPE the
# old file stands as it was and no temporary is left; a symbolic link
# planted where a file goes is not followed; watch does not read its own
# report.  And every input byte is in exactly one write-out, byte for
# byte: the text before the first game, the rest of a game cut at
# --max-game-bytes, the bytes of a Windows-1252 game read from a pipe; the
# property over hostile files (made by tests/outputs/hostile.py) and the
# outside test files: the write-outs taken back in input order are the
# input (tests/outputs/interleave.py), and one write-out that takes every
# game is the input itself.
#
#   ARBITER      the program (default ./arbiter)
#   ARBITER_REL  a faster build of it for the property's many runs (default ARBITER)
set -u
here=$(pwd)
abs() { case $1 in /*) echo "$1" ;; *) echo "$here/$1" ;; esac; }
ARBITER=$(abs "${ARBITER:-./arbiter}")
ARBITER_REL=$(abs "${ARBITER_REL:-$ARBITER}")
SAMPLE=$(abs "${SAMPLE:-samples/tilburg-1992-round1.pgn}")
TESTS=$(abs "${TESTS:-tests}")
. "$TESTS/tap.sh"
tap_tmp
cd "$tmp" || exit 1

# No temporary file of arbiter's in DIR (default .)?
no_temps() { [ -z "$(find "${1:-.}" -name '.*.arbiter-*' 2>/dev/null)" ]; }
# The sample as in.pgn, and old.pgn an old output file.
fresh() {
    rm -rf ./* ./.[!.]* 2>/dev/null
    cp "$SAMPLE" in.pgn
    cp "$SAMPLE" keep.pgn
    printf 'the old file\n' >old
}
same() { cmp -s "$1" "$2"; }

# ---- an output that is an input, or another output: refused before anything is opened ----
# refused DESCRIPTION FILE-THAT-MUST-STAY WANT-IN-MESSAGE: after a command run
# with its status in $st and its messages in err.
refused() {
    if [ "$st" -eq 2 ] && same "$2" "$4" && grep -q -- "$3" err && no_temps; then
        ok "$1: refused (status 2, the file untouched)"
    else
        notok "$1: status $st, $(head -c 300 err)"
    fi
}
fresh
"$ARBITER" check --write-clean=in.pgn <in.pgn >/dev/null 2>err; st=$?
refused "check --write-clean=in.pgn < in.pgn" in.pgn 'that is the input file on standard input' keep.pgn
"$ARBITER" check -o in.pgn <in.pgn 2>err; st=$?
refused "check -o in.pgn < in.pgn" in.pgn 'input file on standard input' keep.pgn
"$ARBITER" convert -o in.pgn <in.pgn 2>err; st=$?
refused "convert -o in.pgn < in.pgn" in.pgn 'input file on standard input' keep.pgn
"$ARBITER" replay --fen -o in.pgn <in.pgn 2>err; st=$?
refused "replay --fen -o in.pgn < in.pgn" in.pgn 'input file on standard input' keep.pgn
printf '8/8/8/4k3/8/8/8/4K3 w - - 0 1\n' >fens.txt
cp fens.txt fens.keep
"$ARBITER" position -o fens.txt <fens.txt 2>err; st=$?
refused "position -o fens.txt < fens.txt" fens.txt 'input file on standard input' fens.keep
printf '012 Round robin\n' >t.trf
cp t.trf t.keep
"$ARBITER" check --trf=t.trf -o t.trf in.pgn 2>err; st=$?
refused "check --trf=t.trf -o t.trf" t.trf 'that is the --trf file t.trf' t.keep
"$ARBITER" check --trf=t.trf --write-flagged=t.trf in.pgn >/dev/null 2>err; st=$?
refused "check --trf=t.trf --write-flagged=t.trf" t.trf 'the --trf file' t.keep
mkdir dir && cp in.pgn dir/in.pgn
"$ARBITER" check -o dir/in.pgn dir 2>err; st=$?
refused "check DIR -o DIR/in.pgn (a file the directory gives)" dir/in.pgn 'that is the input file dir/in.pgn' keep.pgn
ln -s in.pgn link.pgn
"$ARBITER" check -o link.pgn in.pgn 2>err; st=$?
refused "-o a symbolic link to the input" in.pgn 'that is the input file in.pgn' keep.pgn
ln in.pgn hard.pgn
"$ARBITER" check --write-clean=hard.pgn in.pgn >/dev/null 2>err; st=$?
refused "--write-clean a hard link of the input" in.pgn 'that is the input file in.pgn' keep.pgn
"$ARBITER" check in.pgn >>in.pgn 2>err; st=$?
refused "check in.pgn >> in.pgn (standard output is the input)" in.pgn 'standard output is the input file in.pgn' keep.pgn

cp old old.keep
"$ARBITER" check --write-clean=old --write-flagged=old in.pgn >/dev/null 2>err; st=$?
refused "--write-clean and --write-flagged the same file" old '--write-flagged old: --write-clean writes that file already' old.keep
ln -s old old.link
"$ARBITER" check --write-clean=old --write-flagged=old.link in.pgn >/dev/null 2>err; st=$?
refused "--write-flagged a symbolic link to --write-clean's file" old 'write-clean writes that file already' old.keep
ln old old.hard
"$ARBITER" check --write-clean=old.hard -o old in.pgn 2>err; st=$?
refused "--write-clean a hard link of -o's file" old '--output writes that file already' old.keep
"$ARBITER" check -o old --write-repaired=./old --repair in.pgn 2>err; st=$?
refused "-o and --write-repaired the same file (./old)" old 'writes that file already' old.keep
"$ARBITER" check --write-clean=new.pgn --write-flagged=./new.pgn in.pgn >/dev/null 2>err; st=$?
[ $st -eq 2 ] && [ ! -e new.pgn ] && grep -q 'write-clean writes that file already' err && no_temps &&
    ok "two outputs the same new file (new.pgn, ./new.pgn): refused, nothing made" || notok "new.pgn twice: status $st, $(cat err)"
"$ARBITER" check --write-clean=old in.pgn >old 2>err; st=$?
[ $st -eq 2 ] && grep -q -- '--write-clean old: standard output goes to that file already' err &&
    ok "--write-clean the file standard output goes to: refused" || notok "--write-clean = standard output: status $st, $(cat err)"

mkdir d
cp in.pgn d/g.pgn
"$ARBITER" watch --once -o d/g.pgn d 2>err; st=$?
refused "watch -o d/g.pgn d (a file it reads)" d/g.pgn 'that is the watched file d/g.pgn' keep.pgn
"$ARBITER" watch --once -o d/g.pgn d/g.pgn 2>err; st=$?
refused "watch -o FILE FILE" d/g.pgn 'the watched file d/g.pgn' keep.pgn

# ---- written to a temporary file, put in place only when the run succeeds ----
fresh
printf 'old clean\n' >c.pgn
printf 'old flagged\n' >f.pgn
printf 'old report\n' >r.txt
chmod 600 r.txt
cp c.pgn c.keep; cp f.pgn f.keep; cp r.txt r.keep
"$ARBITER" check --rules=fide-2009 -o r.txt --write-clean=c.pgn --write-flagged=f.pgn in.pgn 2>err; st=$?
"$ARBITER" check --rules=fide-2009 in.pgn >r.want 2>/dev/null
[ $st -eq 1 ] && same r.txt r.want && [ -s c.pgn ] && ! same c.pgn c.keep && no_temps &&
    ok "a run that succeeds: the files replaced, no temporary left" || notok "success: status $st, $(cat err)"
[ "$(stat -c %a r.txt)" = 600 ] && ok "the file replaced keeps its permissions (600)" || notok "mode $(stat -c %a r.txt)"
cp c.pgn c.keep; cp f.pgn f.keep; cp r.txt r.keep
"$ARBITER" check -o r.txt --write-clean=c.pgn --write-flagged=f.pgn in.pgn missing.pgn 2>err; st=$?
[ $st -eq 2 ] && same r.txt r.keep && same c.pgn c.keep && same f.pgn f.keep && no_temps &&
    grep -q -- '--output r.txt: left as it was (the run failed)' err && grep -q -- '--write-clean c.pgn: left as it was' err &&
    ok "a run that fails (an unreadable file): every output left as it was, said" || notok "failed run: status $st, $(cat err)"
"$ARBITER" check --write-clean=brand-new.pgn in.pgn missing.pgn >/dev/null 2>err; st=$?
[ $st -eq 2 ] && [ ! -e brand-new.pgn ] && grep -q 'brand-new.pgn: not written (the run failed)' err && no_temps &&
    ok "a run that fails: a new output is not made" || notok "failed run, new file: status $st, $(cat err)"
i=0
while [ $i -lt 30 ]; do cat "$SAMPLE"; i=$((i + 1)); done >big.pgn
{ "$ARBITER" check --write-clean=c.pgn --write-flagged=f.pgn -f jsonl big.pgn 2>err; echo $? >st; } | head -1 >/dev/null
st=$(cat st)
[ "$st" -eq 141 ] && same c.pgn c.keep && same f.pgn f.keep && no_temps &&
    ok "SIGPIPE (| head -1): the write-outs left as they were, no temporary" || notok "SIGPIPE: status $st, $(cat err)"
cat in.pgn | TMPDIR=/nonexistent/arbiter "$ARBITER" check --write-clean=c.pgn >/dev/null 2>err; st=$?
[ $st -eq 2 ] && same c.pgn c.keep && grep -q "cannot keep a copy of its bytes for the write-outs (in \$TMPDIR)" err &&
    no_temps && ok "from a pipe, no copy of its bytes can be kept (\$TMPDIR missing): the run fails, --write-clean left as it was" ||
    notok "no \$TMPDIR: status $st, $(cat err)"
# A signal while the input is still coming: the run is cut, nothing replaced.
for sig in INT TERM; do
    rm -f fifo
    mkfifo fifo
    env --default-signal=INT,TERM "$ARBITER" check -o r.txt --write-clean=c.pgn <fifo 2>err &
    pid=$!
    exec 3>fifo
    cat "$SAMPLE" >&3
    # Wait (at most 20 s) until the outputs are open: the temporaries are
    # there (or, as arbiter did before, the old file emptied).
    k=0
    while [ $k -lt 200 ] && no_temps && [ -s r.txt ]; do sleep 0.1; k=$((k + 1)); done
    kill -s "$sig" $pid
    wait $pid; st=$?
    exec 3>&-
    [ "$st" -gt 128 ] && same r.txt r.keep && same c.pgn c.keep && no_temps &&
        ok "SIG$sig while reading: -o and --write-clean left as they were, no temporary (status $st)" ||
        notok "SIG$sig: status $st, r.txt $(wc -c <r.txt) bytes, $(ls -a | tr '\n' ' ')"
done
"$ARBITER" check -o /dev/null in.pgn 2>err; st=$?
[ $st -eq 1 ] && [ -c /dev/null ] && ok "-o /dev/null: written to as it is (still a device)" || notok "-o /dev/null: status $st"
got=$("$ARBITER" check -o /dev/stdout in.pgn 2>/dev/null | wc -c)
[ "$got" -gt 1000 ] && ok "-o /dev/stdout into a pipe: written to as it is" || notok "-o /dev/stdout: $got bytes"

# replay --svg=DIR: nothing planted in DIR is followed.
printf 'victim\n' >victim.txt
cp victim.txt victim.keep
printf '1. e4 e5 2. Nf3 *\n' >g.pgn
cp g.pgn g.keep
mkdir svg
ln -s ../victim.txt svg/ply0000.svg
"$ARBITER" replay --svg=svg g.pgn >list 2>err; st=$?
[ $st -eq 0 ] && same victim.txt victim.keep && [ -f svg/ply0000.svg ] && [ ! -L svg/ply0000.svg ] &&
    grep -q '<svg' svg/ply0000.svg && [ "$(ls svg | wc -l)" -eq 4 ] && no_temps svg &&
    ok "replay --svg: a symbolic link planted as ply0000.svg is replaced, the file it pointed to untouched" ||
    notok "replay --svg over a planted link: status $st, victim: $(head -c 40 victim.txt)"
rm -rf svg
mkdir svg
ln -s ../g.pgn svg/ply0001.svg
"$ARBITER" replay --svg=svg g.pgn >list 2>err; st=$?
[ $st -eq 2 ] && same g.pgn g.keep && grep -q 'svg/ply0001.svg: that is the input file g.pgn' err && [ ! -s list ] &&
    [ "$(ls svg)" = ply0001.svg ] && no_temps svg &&
    ok "replay --svg: a link planted to the input: refused before any diagram is made" ||
    notok "replay --svg over a link to the input: status $st, $(cat err)"

# watch -o d/out.pgn d: its report is not one of the files it reads.
rm -rf d
mkdir d
cp "$SAMPLE" d/g.pgn
env --default-signal=INT,TERM "$ARBITER" watch -o d/out.pgn d 2>err &
pid=$!
# Until the report of g.pgn is written (the temporary, or before, d/out.pgn itself) ...
k=0
while [ $k -lt 200 ] && [ -z "$(find d -name '.out.pgn.arbiter-*' -size +0 2>/dev/null)" ] && [ ! -s d/out.pgn ]; do
    sleep 0.1; k=$((k + 1))
done
# ... then a change, read and reported ...
printf '[Event "new"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n' >>d/g.pgn
k=0
while [ $k -lt 100 ] && ! grep -q 'Ke3' d/.out.pgn.arbiter-* d/out.pgn 2>/dev/null; do sleep 0.1; k=$((k + 1)); done
sleep 0.3
kill -s TERM $pid
wait $pid; st=$?
[ $st -le 1 ] && grep -q 'Ke3' d/out.pgn && ! grep -q 'out\.pgn' d/out.pgn && ! grep -q 'out\.pgn' err && no_temps d &&
    ok "watch -o d/out.pgn d: the report is written when watch ends, and never read as a game file" ||
    notok "watch -o into its directory: status $st, $(grep -c 'out.pgn' d/out.pgn 2>/dev/null) mentions of out.pgn, $(head -c 200 err)"

# ---- every input byte in exactly one write-out ----
printf '%% exported by a program\n{The round, as played}\n\n[Event "A"]\n[Result "*"]\n\n1. e4 e5 *\n\n' >pre.pgn
printf '[Event "B"]\n[Result "*"]\n\n1. e4 e5 2. Nf5 *\n\n%% next\n[Event "C"]\n[Result "*"]\n\n1. d4 d5 *\n' >>pre.pgn
"$ARBITER" check --write-clean=c.pgn --write-flagged=f.pgn pre.pgn >/dev/null 2>&1
head -c 105 pre.pgn >want.c
tail -c +"$(($(grep -b '^% next' pre.pgn | cut -d: -f1) + 1))" pre.pgn >>want.c
grep -q '^% exported' c.pgn && grep -q '^{The round' c.pgn && grep -q '^% next' c.pgn &&
    [ "$(($(wc -c <c.pgn) + $(wc -c <f.pgn)))" -eq "$(wc -c <pre.pgn)" ] &&
    ok "the text before the first game (a % line, a comment) goes with the first game; a % line between with the next" ||
    { notok "text before the first game"; sed 's/^/#   /' c.pgn; }
{
    printf '[Event "A"]\n[Result "*"]\n\n1. e4 e5 *\n\n[Event "Long"]\n[Result "*"]\n\n'
    i=0
    while [ $i -lt 60 ]; do printf '%d. Nf3 Nf6 %d. Ng1 Ng8 ' $((2 * i + 1)) $((2 * i + 2)); i=$((i + 1)); done
    printf '*\n\n[Event "C"]\n[Result "*"]\n\n1. d4 d5 *\n'
} >cut.pgn
"$ARBITER" check --max-game-bytes=300 --write-clean=c.pgn --write-flagged=f.pgn cut.pgn >/dev/null 2>&1
a=$(grep -b '^\[Event "Long' cut.pgn | cut -d: -f1)
c=$(grep -b '^\[Event "C' cut.pgn | cut -d: -f1)
tail -c +$((a + 1)) cut.pgn | head -c $((c - a)) >want.f
same f.pgn want.f && ok "a game cut at --max-game-bytes reaches --write-flagged whole (its rest too)" ||
    notok "the cut game: $(wc -c <f.pgn) bytes written, $(wc -c <want.f) in the input"
printf '[Event "W"]\r\n[White "Ren\351 M\374ller a\201b\215c\217d\220e\235"]\r\n[Result "*"]\r\n\r\n1. e4 e5 *\r\n' >w1252.pgn
cat w1252.pgn | "$ARBITER" check --write-clean=c.pgn --write-flagged=f.pgn >/dev/null 2>&1
cat c.pgn f.pgn | cmp -s - w1252.pgn &&
    ok "a Windows-1252 game from a pipe: the bytes it has no character for (0x81, 0x8D, 0x8F, 0x90, 0x9D) kept" ||
    notok "Windows-1252 from a pipe: $(cat c.pgn f.pgn | od -c | head -3)"
printf '%% Latin-1\n[Event "l"]\n[White "M\374ller \251"]\n[Result "*"]\n\n1. e4 e5 *\n\n\n' >l1.pgn
"$ARBITER" check --encoding=ISO-8859-1 --write-flagged=f.pgn --write-clean=c.pgn l1.pgn >/dev/null 2>&1
cat c.pgn f.pgn | cmp -s - l1.pgn && ok "--encoding=ISO-8859-1: the file back, the % line and the blank lines after the game too" ||
    notok "--encoding=ISO-8859-1: $(od -c c.pgn | head -3)"

# The property: the write-outs taken back in input order are the input;
# one write-out that takes every game (their findings --ignore'd) is the
# input itself.  prop FILE FROM OPTION: FROM file or pipe; the write-outs go
# to checks/N.c and N.f, listed in checks/list for interleave.py.  Prints
# what is wrong; status 0, 1 (wrong) or 2 (not a PGN file: refused).
mkdir checks
: >checks/list
runs=0
prop() {
    f=$1 from=$2 opt=$3
    runs=$((runs + 1))
    out=checks/$runs
    run() { if [ "$from" = file ]; then "$ARBITER_REL" check --no-progress "$opt" "$@" "$f"; else "$ARBITER_REL" check --no-progress "$opt" "$@" <"$f"; fi; }
    run -f jsonl >p.jsonl 2>/dev/null
    [ $? -le 1 ] || return 2
    jq -r -s '(map(if (.findings | length) > 0 then "F" else "C" end) | join("")), ([.[].findings[].code] | unique | join(","))' \
        p.jsonl >p.cls
    cls=$(sed -n 1p p.cls) codes=$(sed -n 2p p.cls)
    run --write-clean="$out.c" --write-flagged="$out.f" >/dev/null 2>&1
    touch "$out.c" "$out.f"
    printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$out.c" "$out.f" "$cls" "$f ($from, $opt)" >>checks/list
    run ${codes:+--ignore=$codes} --write-clean=p.all >/dev/null 2>&1
    cmp -s "$f" p.all || { echo "$f ($from, $opt): every game in --write-clean is not the input: $(cmp "$f" p.all 2>&1)"; return 1; }
    no_temps || { echo "$f: a temporary left"; return 1; }
    return 0
}
# props NAME FILE...: the property on each file: from the file (2 threads;
# games cut at --max-game-bytes=700) and from a pipe (cut likewise).
props() {
    name=$1
    shift
    good=0 bad=0 unread=0
    : >why
    : >checks/list
    for f in "$@"; do
        for how in "file --jobs=2" "file --max-game-bytes=700" "pipe --max-game-bytes=700"; do
            # shellcheck disable=SC2086
            prop "$f" $how >>why
            case $? in 0) good=$((good + 1)) ;; 2) unread=$((unread + 1)) ;; *) bad=$((bad + 1)) ;; esac
        done
    done
    python3 "$TESTS/outputs/interleave.py" --list checks/list >>why || bad=$((bad + 1))
    if [ $bad -eq 0 ] && [ $good -gt 0 ]; then
        ok "$name: $# files, $good runs: every byte in one write-out, byte for byte ($unread runs of files refused as no PGN)"
    else
        notok "$name: $bad of $((good + bad)) runs differ"
        grep -v '^checked' why | head -20 | sed 's/^/#   /'
    fi
}
mkdir hostile
python3 "$TESTS/outputs/hostile.py" "$SAMPLE" hostile 40
props "hostile files (tests/outputs/hostile.py)" hostile/*.pgn
# shellcheck disable=SC2046
props "outside test files (tests/data/pgn)" $(find "$TESTS/data/pgn" -type f -name '*.pgn' | sort)
# shellcheck disable=SC2046
props "the fuzzers' saved inputs" $(find "$TESTS/fuzz/regress/check" "$TESTS/fuzz/regress/pgn" -type f | sort)

tap_end
