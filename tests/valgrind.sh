#!/bin/sh
# valgrind.sh — every command under valgrind's memcheck (TAP; make check-valgrind).
#
# The release build (./arbiter) runs each command below under valgrind with
# --error-exitcode: a read of uninitialised memory, an invalid access or a
# leak (definite or indirect) fails the case.  The commands: check in every
# report format, on several threads, with --repair, from standard input;
# replay; convert; reconstruct from one and two sheets; and broken input
# (variations nested deep, a huge token, a NUL byte, UTF-16, binary data,
# a cut file).  tests/valgrind.supp: what is not counted (PCRE2's JIT).
set -u
# The build without sanitizers (make check sets ARBITER to the ASan build,
# which valgrind cannot run, and ARBITER_REL to this one).
ARBITER=${ARBITER_REL:-${ARBITER:-./arbiter}}
SAMPLE=${SAMPLE:-samples/tilburg-1992-round1.pgn}
SUPP=${SUPP:-tests/valgrind.supp}
command -v valgrind >/dev/null || { echo "1..0 # Skipped: valgrind not installed"; exit 0; }
[ -r "$SAMPLE" ] || { echo "1..0 # Skipped: $SAMPLE not found"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0
fails=0

# Broken inputs.
printf '[Event "deep"]\n[Result "*"]\n\n1. e4 %s e5 *\n' "$(awk 'BEGIN { for (i = 0; i < 3000; i++) printf "(" }')" \
    > "$tmp/deep.pgn"
printf '[Event "token"]\n[Result "*"]\n\n1. e4 %s *\n' "$(head -c 100000 /dev/zero | tr '\0' 'N')" > "$tmp/token.pgn"
printf '[Event "nul"]\n[Result "*"]\n\n1. e4 e5 2. Nf3\000 Nc6 *\n' > "$tmp/nul.pgn"
{ printf '\377\376'; iconv -f UTF-8 -t UTF-16LE "$SAMPLE"; } > "$tmp/utf16.pgn"
head -c 4000 "$ARBITER" > "$tmp/binary.pgn"
head -c 5000 "$SAMPLE" > "$tmp/cut.pgn"
printf '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7\n' > "$tmp/sheet-a.txt"
printf '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. 0-0 Le7\n' > "$tmp/sheet-b.txt"

cat > "$tmp/commands" <<EOF
check $SAMPLE
check --format=jsonl --summary=jsonl $SAMPLE
check --format=json $SAMPLE
check --format=sarif $SAMPLE
check --format=github $SAMPLE
check --format=junit $SAMPLE
check --format=html $SAMPLE $tmp/missing.pgn
check --format=jsonl --jobs=3 $SAMPLE $SAMPLE
check --repair --format=jsonl $SAMPLE
check --where=White~Kasparov --format=jsonl $SAMPLE
replay $SAMPLE
replay --fen --game=3 $SAMPLE
replay --svg=$tmp/svg --game=2 --flip $SAMPLE
replay --at=findings --color=always --game=4 $SAMPLE
convert --to=fi $SAMPLE
reconstruct $tmp/sheet-a.txt
reconstruct --format=jsonl $tmp/sheet-a.txt $tmp/sheet-b.txt
check --format=jsonl $tmp/deep.pgn $tmp/token.pgn $tmp/nul.pgn $tmp/utf16.pgn $tmp/cut.pgn
check $tmp/binary.pgn
EOF

while read -r args; do
    # shellcheck disable=SC2086
    valgrind --quiet --suppressions="$SUPP" --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --show-leak-kinds=definite,indirect "$ARBITER" $args > /dev/null 2> "$tmp/err"
    st=$?
    n=$((n + 1))
    if [ "$st" -ne 99 ] && [ "$st" -le 2 ]; then
        echo "ok $n - valgrind arbiter $args (status $st)"
    else
        fails=$((fails + 1))
        echo "not ok $n - valgrind arbiter $args (status $st)"
        grep -m 20 '^==' "$tmp/err" | sed 's/^/# /'
    fi
done < "$tmp/commands"
# Standard input.
n=$((n + 1))
if valgrind --quiet --suppressions="$SUPP" --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
    "$ARBITER" check --format=jsonl - < "$SAMPLE" > /dev/null 2> "$tmp/err" || [ $? -le 2 ]; then
    echo "ok $n - valgrind arbiter check - < $SAMPLE"
else
    fails=$((fails + 1))
    echo "not ok $n - valgrind arbiter check - < $SAMPLE"
    grep -m 20 '^==' "$tmp/err" | sed 's/^/# /'
fi
echo "1..$n"
[ "$fails" -eq 0 ]
