#!/bin/sh
# output.sh — when standard output fails (TAP).
#
# Every command, writing into a full disk (/dev/full) or a closed standard
# output, ends with status 2 and one message "arbiter: error writing the
# output: REASON" on stderr.  Into a pipe whose reader stops (| head -1) it
# ends quietly: killed by SIGPIPE (status 141 in the shell), or, when
# SIGPIPE is ignored, with status 2 and no message.
set -u
ARBITER=${ARBITER:-./arbiter}
SAMPLE=${SAMPLE:-samples/tilburg-1992-round1.pgn}
. "${TESTS:-tests}/tap.sh"
tap_tmp

[ -r "$SAMPLE" ] || { echo "1..0 # Skipped: $SAMPLE not found"; exit 0; }
# Enough games to fill a pipe many times over.
i=0
while [ $i -lt 40 ]; do cat "$SAMPLE"; i=$((i + 1)); done > "$tmp/big.pgn"
printf '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n' > "$tmp/sheet.txt"

# One line per command: its arguments.
cat > "$tmp/commands" <<EOF
check $tmp/big.pgn
check --format=jsonl $tmp/big.pgn
check --format=jsonl --jobs=2 $tmp/big.pgn
check --format=sarif $tmp/big.pgn
check --format=junit $tmp/big.pgn
check --format=html $tmp/big.pgn
replay $tmp/big.pgn
replay --fen $tmp/big.pgn
convert --to=fi $tmp/big.pgn
reconstruct $tmp/sheet.txt
reconstruct --format=jsonl $tmp/sheet.txt
check --help
--version
check --rules=list
EOF

while read -r args; do
    # shellcheck disable=SC2086
    if [ -w /dev/full ]; then
        "$ARBITER" $args > /dev/full 2> "$tmp/err"
        st=$?
        msgs=$(grep -c "^arbiter: error writing the output: No space left on device$" "$tmp/err")
        if [ "$st" -eq 2 ] && [ "$msgs" -eq 1 ]; then
            ok "$args > /dev/full: status 2, one message"
        else
            notok "$args > /dev/full: status $st, $msgs messages: $(head -3 "$tmp/err")"
        fi
    fi
    # shellcheck disable=SC2086
    "$ARBITER" $args >&- 2> "$tmp/err"
    st=$?
    if [ "$st" -eq 2 ] && grep -q "^arbiter: error writing the output: Bad file descriptor$" "$tmp/err"; then
        ok "$args >&-: status 2, a message"
    else
        notok "$args >&-: status $st: $(head -3 "$tmp/err")"
    fi
done < "$tmp/commands"

# A reader that stops.  The status of the writer: the shell's $? of a
# pipeline is the last command's, so it is written to a file.
for args in "check --format=jsonl $tmp/big.pgn" "check $tmp/big.pgn" "check --format=sarif $tmp/big.pgn" \
            "convert --to=et $tmp/big.pgn"; do
    # shellcheck disable=SC2086
    { "$ARBITER" $args 2> "$tmp/err"; echo $? > "$tmp/st"; } | head -1 > /dev/null
    st=$(cat "$tmp/st")
    if [ "$st" -eq 141 ] && [ ! -s "$tmp/err" ]; then
        ok "$args | head -1: SIGPIPE, quiet"
    else
        notok "$args | head -1: status $st: $(head -3 "$tmp/err")"
    fi
    # SIGPIPE ignored (as some supervisors leave it): EPIPE, status 2, quiet.
    # shellcheck disable=SC2086
    { (trap '' PIPE; exec "$ARBITER" $args 2> "$tmp/err"); echo $? > "$tmp/st"; } | head -1 > /dev/null
    st=$(cat "$tmp/st")
    if [ "$st" -eq 2 ] && [ ! -s "$tmp/err" ]; then
        ok "$args | head -1 with SIGPIPE ignored: status 2, quiet"
    else
        notok "$args | head -1 with SIGPIPE ignored: status $st: $(head -3 "$tmp/err")"
    fi
done

tap_end
