#!/bin/sh
# compressed.sh — compressed input and archives (TAP).
#
# gzip, bzip2, xz, zstd, lz4-less: the formats a database keeper is handed
# (lichess's .pgn.zst, TWIC's .zip, archives' .gz) read as the plain file
# is: the same records but for the file's name, from files and from
# standard input, with one thread and two.  An archive's members are files
# of their own ("s.zip(round1.pgn)"), a read-me beside them left out; a
# member named on the command line is read alone, a member that is not
# there is said.  A truncated or corrupt file: every game before the fault
# has its record, the message says how far it was read, status 2.  The
# write-outs copy the games decompressed.
set -u
ARBITER=${ARBITER:-./arbiter}
ARBITER_REL=${ARBITER_REL:-$ARBITER}
SAMPLE=${SAMPLE:-samples/tilburg-1992-round1.pgn}
CORPUS=build/data/corpus/pgnmentor-14-players.pgn    # make data
. "${TESTS:-tests}/tap.sh"
tap_tmp

# The records without the file's name (the one thing that may differ).
strip() { sed 's/^{"file":"[^"]*",/{/' "$1"; }
# jsonl BIN FILE... : records in $tmp/out, stderr in $tmp/err, status in $st.
jsonl() {
    bin=$1
    shift
    "$bin" check --format=jsonl --no-progress "$@" > "$tmp/out" 2> "$tmp/err"
    st=$?
}

/usr/bin/python3 - "$SAMPLE" "$tmp" <<'PY'
import bz2, gzip, io, lzma, sys, tarfile, zipfile
data = open(sys.argv[1], 'rb').read()
d = sys.argv[2]
open(d + '/s.pgn', 'wb').write(data)
open(d + '/s.pgn.gz', 'wb').write(gzip.compress(data))
open(d + '/s.pgn.bz2', 'wb').write(bz2.compress(data))
open(d + '/s.pgn.xz', 'wb').write(lzma.compress(data))
with zipfile.ZipFile(d + '/s.zip', 'w', zipfile.ZIP_DEFLATED) as z:
    z.writestr('round1.pgn', data)
with zipfile.ZipFile(d + '/stored.zip', 'w', zipfile.ZIP_STORED) as z:
    z.writestr('round1.pgn', data)
# Two rounds and a read-me, as TWIC and tournament sites pack them.
half = data.index(b'[Event', len(data) // 2)
open(d + '/r1.pgn', 'wb').write(data[:half])
open(d + '/r2.pgn', 'wb').write(data[half:])
with zipfile.ZipFile(d + '/rounds.zip', 'w', zipfile.ZIP_DEFLATED) as z:
    z.writestr('readme.txt', 'Rounds 1 and 2\n')
    z.writestr('r1.pgn', data[:half])
    z.writestr('r2.pgn', data[half:])
with tarfile.open(d + '/s.tar.gz', 'w:gz') as t:
    info = tarfile.TarInfo('round1.pgn'); info.size = len(data)
    t.addfile(info, io.BytesIO(data))
PY
zstd -q -c "$tmp/s.pgn" > "$tmp/s.pgn.zst" || notok "zstd (Debian's zstd) is needed to write a .zst file"
jsonl "$ARBITER" "$tmp/s.pgn"
plain_st=$st
strip "$tmp/out" > "$tmp/plain"
cp "$tmp/err" "$tmp/plain.err"
games=$(grep -c '^{' "$tmp/plain")
[ "$games" -gt 10 ] && ok "the plain sample: $games records, status $st" || notok "the plain sample: $games records"

# Each format, from a file, and from standard input.
for f in s.pgn.gz s.pgn.bz2 s.pgn.xz s.pgn.zst s.zip stored.zip s.tar.gz; do
    jsonl "$ARBITER" "$tmp/$f"
    if [ "$st" = "$plain_st" ] && strip "$tmp/out" | cmp -s - "$tmp/plain" && cmp -s "$tmp/err" "$tmp/plain.err"; then
        ok "$f: the plain file's $games records, status $st"
    else
        notok "$f: status $st (want $plain_st), $(grep -c '^{' "$tmp/out") records: $(head -2 "$tmp/err")"
    fi
done
for f in s.pgn.gz s.pgn.zst s.pgn.xz; do
    jsonl "$ARBITER" - < "$tmp/$f"
    a=$st
    cat "$tmp/$f" | "$ARBITER" check --format=jsonl --no-progress - > "$tmp/out2" 2>> "$tmp/err"
    b=$?
    if [ "$a" = "$plain_st" ] && [ "$b" = "$plain_st" ] && strip "$tmp/out" | cmp -s - "$tmp/plain" \
        && strip "$tmp/out2" | cmp -s - "$tmp/plain"; then
        ok "$f on standard input, a file and a pipe: the plain file's records"
    else
        notok "$f on standard input: status $a and $b: $(head -2 "$tmp/err")"
    fi
done
# The file's name in the records and in the text report, as given.
jsonl "$ARBITER" "$tmp/s.pgn.zst"
[ "$(jq -r .file "$tmp/out" | sort -u)" = "$tmp/s.pgn.zst" ] && ok "records name the compressed file" ||
    notok "records name: $(jq -r .file "$tmp/out" | sort -u | head -2)"

# An archive of several files: each member a file of its own.
jsonl "$ARBITER" "$tmp/rounds.zip"
names=$(jq -r .file "$tmp/out" | uniq | tr '\n' ' ')
if [ "$names" = "$tmp/rounds.zip(r1.pgn) $tmp/rounds.zip(r2.pgn) " ] && [ "$(grep -c '^{' "$tmp/out")" = "$games" ]; then
    ok "rounds.zip: its two PGN members as two files, the read-me left out, $games records"
else
    notok "rounds.zip: files $names, $(grep -c '^{' "$tmp/out") records: $(head -2 "$tmp/err")"
fi
jsonl "$ARBITER" "$tmp/r1.pgn"
strip "$tmp/out" > "$tmp/r1"
jsonl "$ARBITER" "$tmp/rounds.zip(r1.pgn)"
strip "$tmp/out" | cmp -s - "$tmp/r1" && ok "a member named as ARCHIVE(MEMBER): that member alone" ||
    notok "rounds.zip(r1.pgn): $(head -2 "$tmp/err")"
"$ARBITER" check --no-progress "$tmp/rounds.zip(r2.pgn)" > "$tmp/text" 2>&1
grep -q "^$tmp/rounds.zip(r2.pgn):[0-9]*:[0-9]*: " "$tmp/text" && ok "the text report names the member, line and column" ||
    notok "text report: $(head -2 "$tmp/text")"
jsonl "$ARBITER" "$tmp/rounds.zip(r3.pgn)"
[ "$st" = 2 ] && grep -q "has no file named 'r3.pgn'" "$tmp/err" && ok "a member that is not there: said, status 2" ||
    notok "rounds.zip(r3.pgn): status $st: $(head -2 "$tmp/err")"
"$ARBITER" replay --fen "$tmp/rounds.zip" > "$tmp/out" 2> "$tmp/err"
[ "$?" = 2 ] && grep -q "of 2 files: name one as $tmp/rounds.zip(r1.pgn)" "$tmp/err" &&
    ok "replay of an archive of two files: which to name, status 2" || notok "replay rounds.zip: $(head -2 "$tmp/err")"
"$ARBITER" replay --fen "$tmp/s.zip" > "$tmp/out" 2> "$tmp/err"
"$ARBITER" replay --fen "$tmp/s.pgn" > "$tmp/out2" 2>> "$tmp/err"
cmp -s "$tmp/out" "$tmp/out2" && [ -s "$tmp/out" ] && ok "replay of an archive of one file reads it" ||
    notok "replay s.zip: $(head -2 "$tmp/err")"
"$ARBITER" convert --to=fi "$tmp/s.pgn.gz" > "$tmp/out" 2> "$tmp/err"
"$ARBITER" convert --to=fi "$tmp/s.pgn" > "$tmp/out2" 2>> "$tmp/err"
sed 's/s\.pgn\.gz:/s.pgn:/' "$tmp/out" | cmp -s - "$tmp/out2" && [ -s "$tmp/out" ] && ok "convert reads gzip" ||
    notok "convert s.pgn.gz: $(head -2 "$tmp/err")"

# The write-outs copy the games as text.
"$ARBITER" check --no-progress --write-flagged="$tmp/w1.pgn" "$tmp/s.pgn" > /dev/null 2>&1
for f in s.pgn.gz s.zip; do
    rm -f "$tmp/w2.pgn"
    "$ARBITER" check --no-progress --write-flagged="$tmp/w2.pgn" "$tmp/$f" > /dev/null 2> "$tmp/err"
    cmp -s "$tmp/w1.pgn" "$tmp/w2.pgn" && [ -s "$tmp/w1.pgn" ] && ok "--write-flagged from $f: the games as text" ||
        notok "--write-flagged from $f: $(head -2 "$tmp/err")"
done
rm -f "$tmp/w2.pgn"
"$ARBITER" check --no-progress --write-flagged="$tmp/w2.pgn" - < "$tmp/s.pgn.gz" > /dev/null 2> "$tmp/err"
cmp -s "$tmp/w1.pgn" "$tmp/w2.pgn" && ok "--write-flagged from a gzip file on standard input" ||
    notok "--write-flagged, gzip on standard input: $(head -2 "$tmp/err")"

# Write-outs named .gz, .zst, .xz, .bz2 are written compressed (the same
# text); -o, whose descriptor becomes standard output, refuses such a name.
for z in gz zst xz bz2; do
    rm -f "$tmp/w.pgn.$z"
    "$ARBITER" check --no-progress --write-flagged="$tmp/w.pgn.$z" "$tmp/s.pgn" > /dev/null 2> "$tmp/err"
    case $z in gz) un="gzip -dc" ;; zst) un="zstd -qdc" ;; xz) un="xz -dc" ;; bz2) un="bzip2 -dc" ;; esac
    if $un "$tmp/w.pgn.$z" 2> /dev/null | cmp -s - "$tmp/w1.pgn"; then
        ok "--write-flagged=w.pgn.$z: compressed, the same games ($un gives them back)"
    else
        notok "--write-flagged=w.pgn.$z: $($un "$tmp/w.pgn.$z" 2>&1 | head -c 200) $(head -2 "$tmp/err")"
    fi
done
"$ARBITER" check --no-progress --format=jsonl -o "$tmp/r.jsonl.gz" "$tmp/s.pgn" > /dev/null 2> "$tmp/err"
[ "$?" = 2 ] && [ ! -e "$tmp/r.jsonl.gz" ] && grep -q "standard output is written as text" "$tmp/err" &&
    ok "-o r.jsonl.gz: refused (standard output is text), nothing written" || notok "-o .gz: $(head -2 "$tmp/err")"

# Broken data.  Not an archive though it says so: refused, status 2.
{ printf '\050\265\057\375'; cat "$SAMPLE"; } > "$tmp/bad.zst"
jsonl "$ARBITER" "$tmp/bad.zst"
[ "$st" = 2 ] && [ ! -s "$tmp/out" ] && grep -q "bad.zst: .*zstd data" "$tmp/err" &&
    ok "zstd magic before text: said, no record, status 2" || notok "bad.zst: status $st: $(head -2 "$tmp/err")"
if [ -r "$CORPUS" ]; then
    awk '/^\[Event / { g++ } g <= 2000 { print }' "$CORPUS" > "$tmp/c.pgn"
    gzip -c "$tmp/c.pgn" > "$tmp/c.pgn.gz"
    zstd -q -c "$tmp/c.pgn" > "$tmp/c.pgn.zst"
    for f in c.pgn.gz c.pgn.zst; do
        size=$(wc -c < "$tmp/$f")
        head -c $((size / 2)) "$tmp/$f" > "$tmp/cut.$f"
        jsonl "$ARBITER" "$tmp/cut.$f"
        recs=$(grep -c '^{' "$tmp/out")
        # Every game the text begins has its record: the ones before the
        # cut as the plain file's, the one it cuts with the line it starts
        # at and missing-result.
        started=$(case $f in *.gz) gzip -dc ;; *) zstd -qdc ;; esac < "$tmp/cut.$f" 2> /dev/null | grep -c '^\[Event ')
        jsonl "$ARBITER" "$tmp/c.pgn"
        strip "$tmp/out" | head -n $((recs - 1)) > "$tmp/want"
        want_line=$(sed -n "${recs}p" "$tmp/out" | jq .line)
        jsonl "$ARBITER" "$tmp/cut.$f"
        if [ "$st" = 2 ] && [ "$recs" -gt 500 ] && [ "$recs" = "$started" ] \
            && strip "$tmp/out" | head -n $((recs - 1)) | cmp -s - "$tmp/want" \
            && [ "$(tail -1 "$tmp/out" | jq -r '[.game, .line, (.findings | map(.code) | index("missing-result") != null)] | @tsv')" = "$(printf '%s\t%s\ttrue' "$recs" "$want_line")" ] \
            && grep -q "read error: the .* data is truncated or corrupt after [0-9]* of its bytes ([0-9]* bytes of text)" "$tmp/err"; then
            ok "$f cut in half: the $recs games it begins have their records (the cut one: missing-result), how far it read is said, status 2"
        else
            notok "$f cut in half: status $st, $recs records: $(head -2 "$tmp/err")"
        fi
    done
    # Bytes changed in the middle of the gzip data.
    size=$(wc -c < "$tmp/c.pgn.gz")
    cp "$tmp/c.pgn.gz" "$tmp/corrupt.gz"
    printf 'XXXXXXXXXXXXXXXXXXXXXXXX' | dd of="$tmp/corrupt.gz" bs=1 seek=$((size / 3)) conv=notrunc 2> /dev/null
    jsonl "$ARBITER" "$tmp/corrupt.gz"
    recs=$(grep -c '^{' "$tmp/out")
    [ "$st" = 2 ] && [ "$recs" -gt 0 ] && grep -q "corrupt.gz: read error: the gzip data is truncated or corrupt after .*incorrect data check (gzip checks its data only at its end" "$tmp/err" &&
        ok "gzip data changed in the middle: $recs records before, said, status 2" ||
        notok "corrupt.gz: status $st, $recs records: $(head -2 "$tmp/err")"
    # Two threads: the same bytes as one.
    "$ARBITER_REL" check --format=jsonl --no-progress --jobs=1 "$CORPUS" > "$tmp/j0" 2>&1
    zstd -q -c "$CORPUS" > "$tmp/corpus.pgn.zst"
    "$ARBITER_REL" check --format=jsonl --no-progress --jobs=2 "$tmp/corpus.pgn.zst" > "$tmp/j2" 2>&1
    strip "$tmp/j0" > "$tmp/j0.s"
    if strip "$tmp/j2" | cmp -s - "$tmp/j0.s" && [ "$(grep -c '^{' "$tmp/j0.s")" -gt 20000 ]; then
        ok "the corpus as .zst with two threads: the plain file's records with one"
    else
        notok "the corpus as .zst, --jobs=2: differs"
    fi
else
    notok "$CORPUS not found (make data)"
fi

tap_end
