#!/bin/sh
# malformed.sh — `arbiter check` on broken input (TAP).
#
# What every case asserts: the program ends by itself with a status of
# INTERFACE.md (a sanitizer report or a crash gives status 86 or a signal,
# never 0-2), the number of jsonl records equals the number of games the
# file holds, and the damage is reported where it is (the finding's code,
# and its line and column).  Cases: the sample cut at every 100th byte;
# random bytes changed in its movetext; variations nested 100,000 deep
# (closed and not); a 3 MB token; a comment and a tag value that run away
# past --max-game-bytes; NUL bytes; invalid UTF-8 after valid UTF-8; a
# UTF-8 game and a Latin-1 game in one file (both orders); what lies
# between games (BOMs of joined files, comments before and after, CR-only
# line ends, stray results, a tag after a result on its line, a game of tags
# only, a repeated tag, UTF-16 with an odd byte or a lone surrogate, UTF-16
# after UTF-8); CRLF, a UTF-8 BOM, UTF-16LE
# and UTF-16BE with BOMs (the same findings as the plain file); empty,
# blank and tag-only files; binary data and a text that is not PGN (one
# message, status 2, no record), also among good files; compressed files
# and archives told by their first bytes and read, documents and images
# refused.
set -u
ARBITER=${ARBITER:-./arbiter}
SAMPLE=${SAMPLE:-samples/tilburg-1992-round1.pgn}
. "${TESTS:-tests}/tap.sh"
tap_tmp

# run FILE [OPTION...]: jsonl records in $tmp/out, stderr in $tmp/err, status in $st.
run() {
    f=$1
    shift
    "$ARBITER" check --format=jsonl --no-progress "$@" "$f" > "$tmp/out" 2> "$tmp/err"
    st=$?
    recs=$(grep -c '^{' "$tmp/out")
}
# How many findings of the records have one of the codes given.
count_codes() {
    jq -s --arg c " $* " '[.[].findings[] | select(.code as $x | $c | contains(" " + $x + " "))] | length' "$tmp/out"
}
# The codes of game N's findings with their line:col, one per line.
codes() { jq -r --argjson g "$1" 'select(.game == $g) | .findings[] | "\(.code) \(.line):\(.col)"' "$tmp/out"; }
# expect NAME WANT_RECORDS STATUS_LIST: the status is one of STATUS_LIST ("0 1").
expect() {
    name=$1 want=$2 sts=$3
    case " $sts " in *" $st "*) good=1 ;; *) good=0 ;; esac
    if [ "$good" = 1 ] && [ "$recs" -eq "$want" ]; then
        ok "$name: status $st, $recs records"
    else
        notok "$name: status $st (want $sts), $recs records (want $want)"
        sed 's/^/# /' "$tmp/err" | head -5
    fi
}
# has NAME GAME CODE LINE:COL — game GAME has a finding CODE at LINE:COL.
has() {
    if codes "$2" | grep -qx "$3 $4"; then
        ok "$1: game $2 has $3 at $4"
    else
        notok "$1: game $2 has no $3 at $4 (it has: $(codes "$2" | tr '\n' ' '))"
    fi
}

[ -r "$SAMPLE" ] || { echo "1..0 # Skipped: $SAMPLE not found"; exit 0; }
command -v jq >/dev/null || { echo "1..0 # Skipped: jq not installed"; exit 0; }
size=$(wc -c < "$SAMPLE")
games=$(grep -c '^\[Event ' "$SAMPLE")

# ---- the sample cut at every 100th byte ----------------------------------
# The games a prefix holds: the lines that start a tag section (a '[' at the
# start of the file or after a blank line), the last one perhaps cut short.
# A game cut short (its last line ends in no result) must say so: a
# pgn-syntax or missing-result finding with a place, in its last record.
bad=0
cuts=0
k=100
while [ "$k" -lt "$size" ]; do
    head -c "$k" "$SAMPLE" > "$tmp/cut.pgn"
    want=$(awk 'BEGIN { blank = 1 } /^\[/ && blank { n++ } { blank = ($0 ~ /^[ \t\r]*$/) } END { print n + 0 }' "$tmp/cut.pgn")
    run "$tmp/cut.pgn"
    cuts=$((cuts + 1))
    last=$(tail -c 200 "$tmp/cut.pgn" | tr -d '\r' | awk 'NF { l = $0 } END { print l }')
    complete=0
    case $last in *1-0|*0-1|*1/2-1/2|*'*') complete=1 ;; esac
    told=1
    if [ "$complete" = 0 ]; then
        told=$(tail -1 "$tmp/out" | jq '[.findings[] | select((.code == "pgn-syntax" or .code == "missing-result"
                                           or .code == "unknown-move") and .line != null and .col != null)] | length')
    fi
    case $st in 0|1) ;; *) bad=$((bad + 1)); echo "# cut at $k: status $st" ;; esac
    if [ "$recs" -ne "$want" ]; then
        bad=$((bad + 1))
        echo "# cut at $k: $recs records, want $want"
    elif [ "$told" = 0 ]; then
        bad=$((bad + 1))
        echo "# cut at $k: the last game is cut short and no finding says so"
    fi
    k=$((k + 100))
done
if [ "$bad" -eq 0 ]; then ok "$cuts cuts of $SAMPLE: records = games, status 0/1, the cut game told"; else notok "cuts: $bad wrong of $cuts"; fi

# ---- random bytes changed in the movetext ----------------------------------
# 40 runs, each with 30 bytes of movetext lines (not '[' lines) replaced by
# random bytes other than the ones that open or close a game's parts
# ('[', '{', '}', newline): the games stay apart, so every run still has
# $games records; a byte 0 or one that is not UTF-8 is reported.
bad=0
r=1
while [ "$r" -le 40 ]; do
    cp "$SAMPLE" "$tmp/flip.pgn"
    awk -v seed="$r" -v size="$size" 'BEGIN { srand(seed) }
        { line[NR] = $0 }
        END {
            off = 0
            for (i = 1; i <= NR; i++) { start[i] = off; off += length(line[i]) + 1 }
            got = 0
            while (got < 30) {
                i = 1 + int(rand() * NR)
                if (line[i] ~ /^\[/ || length(line[i]) == 0) continue
                p = start[i] + int(rand() * length(line[i]))
                do { b = int(rand() * 256) } while (b == 91 || b == 123 || b == 125 || b == 10 || b == 13)
                print p, b
                got++
            }
        }' "$SAMPLE" > "$tmp/flips"
    while read -r p b; do
        printf "\\$(printf '%03o' "$b")" | dd of="$tmp/flip.pgn" bs=1 seek="$p" conv=notrunc 2>/dev/null
    done < "$tmp/flips"
    run "$tmp/flip.pgn"
    case $st in 0|1) ;; *) bad=$((bad + 1)); echo "# flip run $r: status $st"; sed 's/^/#   /' "$tmp/err" | head -3 ;; esac
    [ "$recs" -eq "$games" ] || { bad=$((bad + 1)); echo "# flip run $r: $recs records, want $games"; }
    # A byte 0 is a decode-error; a byte of 128 or more a decode-error or an encoding-guess.
    if awk '$2 == 0 { z = 1 } END { exit !z }' "$tmp/flips" &&
        [ "$(count_codes decode-error)" -eq 0 ]; then
        bad=$((bad + 1)); echo "# flip run $r: a NUL byte not reported"
    fi
    if awk '$2 >= 128 { h = 1 } END { exit !h }' "$tmp/flips" &&
        [ "$(count_codes decode-error encoding-guess)" -eq 0 ]; then
        bad=$((bad + 1)); echo "# flip run $r: a byte that is not UTF-8 not reported"
    fi
    r=$((r + 1))
done
if [ "$bad" -eq 0 ]; then ok "40 runs of 30 changed bytes: $games records each, status 0/1, bad bytes reported"; else notok "byte changes: $bad wrong"; fi

# ---- nesting, tokens and runaway text ---------------------------------------
G='[Event "next"]
[Result "*"]

1. e4 e5 *
'
deep=$(awk 'BEGIN { for (i = 0; i < 100000; i++) printf "("; printf "e5"; for (i = 0; i < 100000; i++) printf ")" }')
printf '[Event "deep"]\n[Result "*"]\n\n1. e4 %s e5 *\n\n%s' "$deep" "$G" > "$tmp/deep.pgn"
run "$tmp/deep.pgn"
expect "100,000 nested variations" 2 "0 1"
has "100,000 nested variations" 1 variation-too-deep "4:1007"
printf '[Event "open"]\n[Result "*"]\n\n1. e4 %s e5 *\n\n%s' "$(awk 'BEGIN { for (i = 0; i < 100000; i++) printf "(" }')" "$G" \
    > "$tmp/open.pgn"
run "$tmp/open.pgn"
expect "100,000 variations never closed" 2 "0 1"
has "100,000 variations never closed" 1 pgn-syntax "4:100006"
[ -z "$(codes 2)" ] && ok "the game after them is read whole, no finding" || notok "game 2 after open variations: $(codes 2)"

printf '[Event "token"]\n[Result "*"]\n\n1. e4 %s *\n\n%s' "$(head -c 3000000 /dev/zero | tr '\0' 'N')" "$G" > "$tmp/token.pgn"
run "$tmp/token.pgn"
expect "a 3 MB token" 2 "1"
has "a 3 MB token" 1 unknown-move "4:7"
if [ "$(jq -s '.[0].findings[0].move | length' "$tmp/out")" -lt 100 ]; then
    ok "the 3 MB token is shown shortened in the record"
else
    notok "the 3 MB token is shown whole in the record"
fi

printf '[Event "comment"]\n[Result "*"]\n\n1. e4 {%s\n\n%s' "$(head -c 1000000 /dev/zero | tr '\0' 'x')" "$G" > "$tmp/comment.pgn"
run "$tmp/comment.pgn" --max-game-bytes=65536
expect "a comment running past --max-game-bytes" 2 "1"
has "a comment running past --max-game-bytes" 1 game-too-large "4:7"
[ -z "$(codes 2)" ] && ok "the game after the runaway comment is read whole" || notok "game 2 after the comment: $(codes 2)"

printf '[Event "%s\n\n%s' "$(head -c 1000000 /dev/zero | tr '\0' 'x')" "$G" > "$tmp/tag.pgn"
run "$tmp/tag.pgn" --max-game-bytes=65536
expect "a tag value running past --max-game-bytes" 2 "1"
# (The tag itself crosses the limit: the lexer reads no further, and the
# game is cut at it.)
has "a tag value running past --max-game-bytes" 1 game-too-large "1:1"
[ -z "$(codes 2)" ] && ok "the game after the runaway tag is read whole" || notok "game 2 after the tag: $(codes 2)"

# ---- bytes that are not text ------------------------------------------------
printf '[Event "nul"]\n[Result "*"]\n\n1. e4 e5 2. Nf3\000 Nc6 *\n\n%s' "$G" > "$tmp/nul.pgn"
run "$tmp/nul.pgn"
expect "a NUL byte" 2 "0 1"
has "a NUL byte" 1 decode-error "4:16"
printf '[Event "Jyväskylä"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 \201 Nc6 *\n\n%s' "$G" > "$tmp/badutf.pgn"
run "$tmp/badutf.pgn"
expect "a byte of no encoding after valid UTF-8" 2 "0 1"
has "a byte of no encoding after valid UTF-8" 1 decode-error "4:17"
printf '[Event "Jyväskylä"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 \377 Nc6 *\n\n%s' "$G" > "$tmp/badutf.pgn"
run "$tmp/badutf.pgn"
expect "a Latin-1 byte after valid UTF-8" 2 "0 1"
has "a Latin-1 byte after valid UTF-8" 1 encoding-guess "4:17"
{ printf '[Event "Jyväskylä"]\n[Result "*"]\n\n1. e4 e5 *\n\n'
  printf '[Event "J\344ms\344"]\n[Result "*"]\n\n1. e4 e5 *\n'; } > "$tmp/mixed.pgn"
run "$tmp/mixed.pgn"
expect "a UTF-8 game and a Latin-1 game" 2 "0 1"
has "a UTF-8 game and a Latin-1 game" 2 encoding-guess "6:10"
[ -z "$(codes 1)" ] && ok "the UTF-8 game before it has no finding" || notok "UTF-8 game: $(codes 1)"
[ "$(jq -r 'select(.game == 2) | .tags.Event' "$tmp/out")" = "Jämsä" ] && ok "the Latin-1 game's tag is read right" ||
    notok "Latin-1 tag: $(jq -r 'select(.game == 2) | .tags.Event' "$tmp/out")"
{ printf '[Event "J\344ms\344"]\n[Result "*"]\n\n1. e4 e5 *\n\n'
  printf '[Event "Jyväskylä"]\n[Result "*"]\n\n1. e4 e5 *\n'; } > "$tmp/mixed2.pgn"
run "$tmp/mixed2.pgn"
expect "a Latin-1 game, then a UTF-8 game" 2 "0 1"
[ "$(jq -r 'select(.game == 2) | .tags.Event' "$tmp/out")" = "Jyväskylä" ] && [ -z "$(codes 2)" ] &&
    ok "the UTF-8 game after a Latin-1 one is read as UTF-8, with no finding" ||
    notok "UTF-8 after Latin-1: $(jq -r 'select(.game == 2) | .tags.Event' "$tmp/out") $(codes 2)"
has "a Latin-1 game, then a UTF-8 game" 1 encoding-guess "1:10"

# ---- what lies between games (issue 19): one record per game, no more -----
# name FILE RECORDS: the file read whole, its records counted, the sample's
# findings unchanged when the sample is in it.
between() {
    run "$2"
    expect "$1" "$3" "0 1"
}
{ printf '\357\273\277'; cat "$SAMPLE"; printf '\n\357\273\277'; cat "$SAMPLE"; } > "$tmp/bom2.pgn"
between "two files with a BOM each, joined" "$tmp/bom2.pgn" $((2 * games))
joined=$(jq -s '[.[].findings[]] | length' "$tmp/out")
run "$SAMPLE"
once=$(jq -s '[.[].findings[]] | length' "$tmp/out")
[ "$joined" -eq $((2 * once)) ] && ok "... with the sample's findings twice, no more ($joined)" ||
    notok "two BOM files joined: $joined findings, want $((2 * once))"
{ printf '; exported by some program\n{ a comment before the first game }\n\n'; cat "$SAMPLE"; printf '\n{ a comment after the last game }\n; the end\n'; } > "$tmp/comments.pgn"
between "comments before the first and after the last game" "$tmp/comments.pgn" "$games"
[ "$(count_codes stray-text)" -eq 0 ] && ok "... and they are no stray text" || notok "comments: $(count_codes stray-text) stray-text"
tr '\n' '\r' < "$SAMPLE" > "$tmp/cr.pgn"
between "CR-only line ends" "$tmp/cr.pgn" "$games"
printf '1. e4 e5 1-0 0-1 *\n' > "$tmp/results.pgn"
between "1. e4 e5 1-0 0-1 *" "$tmp/results.pgn" 1
has "1. e4 e5 1-0 0-1 *" 1 stray-text "1:14"
printf '[Event "A"]\n\n1. e4 e5 1-0 [Event "B"]\n[White "w"]\n\n1. d4 d5 0-1\n' > "$tmp/sameline.pgn"
between "a result followed by [Event on the same line" "$tmp/sameline.pgn" 2
[ "$(jq -r 'select(.game == 2) | "\(.tags.Event) \(.tags.White) \(.plies)"' "$tmp/out")" = "B w 2" ] &&
    ok "... the second game is whole" || notok "second game: $(jq -c 'select(.game == 2) | .tags' "$tmp/out")"
printf '[Event "A"]\n[White "x"]\n[Event "B"]\n[White "y"]\n\n1. e4 e5 1-0\n' > "$tmp/tagsonly.pgn"
between "a game of tags only, the next game's tags right after it" "$tmp/tagsonly.pgn" 2
has "a game of tags only, the next game's tags right after it" 1 missing-result "2:1"
[ "$(jq -r 'select(.game == 2) | "\(.tags.Event) \(.tags.White) \(.plies)"' "$tmp/out")" = "B y 2" ] &&
    ok "... the second game keeps its tags and moves" || notok "second game: $(jq -c 'select(.game == 2)' "$tmp/out")"
printf '[Event "A"]\n[White "x"]\n[White "y"]\n\n1. e4 *\n' > "$tmp/duptag.pgn"
between "a repeated tag" "$tmp/duptag.pgn" 1
has "a repeated tag" 1 duplicate-tag "3:1"
printf '<br>\n' > "$tmp/br.pgn"
cat "$SAMPLE" >> "$tmp/br.pgn"
between "stray text before the first game" "$tmp/br.pgn" "$games"
has "stray text before the first game" 1 stray-text "1:1"
if command -v iconv >/dev/null; then
    { printf '\377\376'; iconv -f UTF-8 -t UTF-16LE "$SAMPLE"; printf 'x'; } > "$tmp/odd16.pgn"
    between "UTF-16 with an odd last byte" "$tmp/odd16.pgn" "$games"
    [ "$(jq -s '[.[-1].findings[] | select(.code == "decode-error")] | length' "$tmp/out")" -eq 1 ] &&
        ok "... the odd byte is a decode-error of the last game" || notok "odd byte: $(jq -c '.findings' "$tmp/out" | tail -1)"
    { printf '\377\376'; printf '[Event "A"]\n[White "a' | iconv -t UTF-16LE; printf '\000\330';
      printf 'b"]\n[Black "c"]\n\n1. e4 *\n' | iconv -t UTF-16LE; } > "$tmp/surrogate.pgn"
    between "UTF-16 with a lone surrogate" "$tmp/surrogate.pgn" 1
    has "UTF-16 with a lone surrogate" 1 decode-error "2:10"
    [ "$(jq -r '.tags.Black' "$tmp/out")" = c ] && ok "... and the tags after it are read" || notok "surrogate: $(jq -c .tags "$tmp/out")"
    jq -r '.findings[] | select(.code == "decode-error") | .message' "$tmp/out" | grep -q '00 D8' &&
        ok "... the message names both bytes of the unit" || notok "surrogate message: $(jq -r '.findings[].message' "$tmp/out")"
    { cat "$SAMPLE"; printf '\n\377\376'; iconv -f UTF-8 -t UTF-16LE "$SAMPLE"; } > "$tmp/utf8then16.pgn"
    between "a UTF-16 file appended to a UTF-8 one" "$tmp/utf8then16.pgn" $((2 * games))
    [ "$(count_codes pgn-syntax decode-error)" -eq 0 ] && ok "... with no syntax or decode error" ||
        notok "UTF-8 then UTF-16: $(count_codes pgn-syntax decode-error) errors"
fi

# ---- line ends, BOM, UTF-16: the findings of the plain file ----------------
run "$SAMPLE"
jq -c '[.game, .line, [.findings[] | [.code, .line, .col]]]' "$tmp/out" > "$tmp/plain"
same_as_plain() {
    jq -c '[.game, .line, [.findings[] | [.code, .line, .col]]]' "$tmp/out" > "$tmp/this"
    if [ "$recs" -eq "$games" ] && cmp -s "$tmp/plain" "$tmp/this"; then
        ok "$1: the same $games records and findings as the plain file"
    else
        notok "$1: $recs records; differs from the plain file"
        diff "$tmp/plain" "$tmp/this" | head -5 | sed 's/^/# /'
    fi
}
sed 's/$/\r/' "$SAMPLE" > "$tmp/crlf.pgn"
run "$tmp/crlf.pgn"
same_as_plain "CRLF line ends"
{ printf '\357\273\277'; cat "$SAMPLE"; } > "$tmp/bom.pgn"
run "$tmp/bom.pgn"
same_as_plain "a UTF-8 BOM"
if command -v iconv >/dev/null; then
    { printf '\377\376'; iconv -f UTF-8 -t UTF-16LE "$SAMPLE"; } > "$tmp/le.pgn"
    run "$tmp/le.pgn"
    same_as_plain "UTF-16LE with a BOM"
    { printf '\376\377'; iconv -f UTF-8 -t UTF-16BE "$SAMPLE"; } > "$tmp/be.pgn"
    run "$tmp/be.pgn"
    same_as_plain "UTF-16BE with a BOM"
fi

# ---- empty, blank, tag-only -------------------------------------------------
: > "$tmp/empty.pgn"
run "$tmp/empty.pgn"
expect "an empty file" 0 "0"
printf '\n  \n\t\r\n' > "$tmp/blank.pgn"
run "$tmp/blank.pgn"
expect "a file of white space" 0 "0"
printf '[Event "x"]\n[Site "y"]\n' > "$tmp/tags.pgn"
run "$tmp/tags.pgn"
expect "a file of tags only" 1 "0"
has "a file of tags only" 1 missing-result "2:1"
printf '[Event "x"]\n[Result "*"]\n\n1.' > "$tmp/num.pgn"
run "$tmp/num.pgn"
expect "a file that ends after a move number" 1 "0"
has "a file that ends after a move number" 1 missing-result "4:1"

# ---- not PGN at all ---------------------------------------------------------
# (The program's bytes after its ELF header: binary data no signature names.)
head -c 20000 "$ARBITER" | tail -c 16000 > "$tmp/binary.pgn"
run "$tmp/binary.pgn"
expect "binary data" 0 "2"
if grep -q "binary.pgn: not a PGN file: binary data" "$tmp/err" && [ "$(wc -l < "$tmp/err")" -le 2 ]; then
    ok "binary data: one message"
else
    notok "binary data: $(head -3 "$tmp/err")"
fi
cp "${SOURCE:-src/chess/board.c}" "$tmp/code.c"
run "$tmp/code.c"
expect "a C source file" 0 "2"
grep -q "code.c: not a PGN file: no tag pair and no move" "$tmp/err" && ok "a C source file: one message" ||
    notok "a C source file: $(head -3 "$tmp/err")"
# Compressed files and archives: told by their first bytes and read through
# libarchive (read as text a gzipped corpus was 108 "games" and 28,564
# errors: compressed data read in a code page is mostly letters).
# Real files of each kind where Python's standard library writes them;
# the others are their signatures before the sample's text.
if /usr/bin/python3 -c 'import gzip, bz2, lzma, zipfile, tarfile' 2>/dev/null; then
    /usr/bin/python3 - "$SAMPLE" "$tmp" <<'PY'
import bz2, gzip, io, lzma, sys, tarfile, zipfile
data = open(sys.argv[1], 'rb').read()
d = sys.argv[2]
open(d + '/s.pgn.gz', 'wb').write(gzip.compress(data))
open(d + '/s.pgn.bz2', 'wb').write(bz2.compress(data))
open(d + '/s.pgn.xz', 'wb').write(lzma.compress(data))
with zipfile.ZipFile(d + '/s.zip', 'w', zipfile.ZIP_DEFLATED) as z:
    z.writestr('round1.pgn', data)
with zipfile.ZipFile(d + '/stored.zip', 'w', zipfile.ZIP_STORED) as z:
    z.writestr('round1.pgn', data)   # the PGN text stands in it as it is
with tarfile.open(d + '/s.tar', 'w') as t:
    info = tarfile.TarInfo('round1.pgn'); info.size = len(data)
    t.addfile(info, io.BytesIO(data))
PY
    # Read as the plain file is (tests/compressed.sh has the rest).
    run "$SAMPLE"
    sed 's/^{"file":"[^"]*",/{/' "$tmp/out" > "$tmp/plain"
    plain_st=$st
    for f in s.pgn.gz s.pgn.bz2 s.pgn.xz s.zip stored.zip s.tar; do
        run "$tmp/$f"
        if [ "$st" = "$plain_st" ] && [ "$recs" = "$games" ] && sed 's/^{"file":"[^"]*",/{/' "$tmp/out" | cmp -s - "$tmp/plain"; then
            ok "$f: told by its first bytes and read: the plain file's $recs records"
        else
            notok "$f: status $st, $recs records: $(head -2 "$tmp/err")"
        fi
    done
else
    notok "Debian's python3 with gzip, bz2, lzma, zipfile and tarfile is needed to write the compressed files"
fi
# A compressed file's or an archive's signature before plain text: read
# as what it says it is, it is broken: said, no record, status 2.
for sig in 'zst:\050\265\057\375:the zstd data' 'lz4:\004\042\115\030:an lz4 file' \
           '7z:7z\274\257\047\034:the 7-Zip archive' 'rar:Rar!\032\007\000:the RAR archive'; do
    ext=${sig%%:*} rest=${sig#*:}
    bytes=${rest%%:*} want=${rest#*:}
    { printf "$bytes"; cat "$SAMPLE"; } > "$tmp/sig.$ext"
    run "$tmp/sig.$ext"
    [ "$st" = 2 ] && [ "$recs" = 0 ] && grep -q "sig.$ext: .*$want" "$tmp/err" &&
        ok "$want: its signature before PGN text: broken, said, status 2" ||
        notok "sig.$ext: status $st, $recs records: $(head -2 "$tmp/err")"
done
# Documents, images, programs: refused for what they are.
for sig in 'pdf:%%PDF-1.4\n:a PDF document, not text' \
           'png:\211PNG\r\n\032\n:a PNG image' 'jpg:\377\330\377\340:a JPEG image' 'gif:GIF89a:a GIF image' \
           'elf:\177ELF\002\001\001:an ELF executable' 'db:SQLite format 3\000:an SQLite database'; do
    ext=${sig%%:*} rest=${sig#*:}
    bytes=${rest%%:*} want=${rest#*:}
    { printf "$bytes"; cat "$SAMPLE"; } > "$tmp/sig.$ext"
    run "$tmp/sig.$ext"
    [ "$st" = 2 ] && [ "$recs" = 0 ] && grep -qF "sig.$ext: not a PGN file: $want" "$tmp/err" &&
        ok "$want: its signature before PGN text is refused" || notok "sig.$ext: status $st, $recs records: $(head -2 "$tmp/err")"
done
# Another notation (spoken: any text may be moves, nothing is sniffed) and
# another command: the signature still decides.
run "$tmp/sig.zst" --lang=de-spoken
[ "$st" = 2 ] && [ "$recs" = 0 ] && grep -q "the zstd data" "$tmp/err" &&
    ok "--lang=de-spoken: a broken zstd file is said" || notok "spoken, zstd: status $st, $recs records"
"$ARBITER" convert --to=fi "$tmp/sig.zst" > "$tmp/out" 2> "$tmp/err"
[ "$?" = 2 ] && [ ! -s "$tmp/out" ] && grep -q "the zstd data" "$tmp/err" &&
    ok "convert: a broken zstd file is said" || notok "convert, zstd: $(head -2 "$tmp/err")"
# Text that merely begins with a signature's letters is read.
{ printf 'BZh9 '; cat "$SAMPLE"; } > "$tmp/bzh.pgn"
run "$tmp/bzh.pgn"
[ "$st" != 2 ] && [ "$recs" -gt 0 ] && ok "text that starts with BZh9 is no bzip2 file" || notok "BZh9 text: status $st"
"$ARBITER" check --format=jsonl --no-progress "$SAMPLE" "$tmp/binary.pgn" "$SAMPLE" > "$tmp/out" 2> "$tmp/err"
st=$?
recs=$(grep -c '^{' "$tmp/out")
expect "good, binary, good" $((2 * games)) "2"

tap_end
