#!/bin/sh
# jobs.sh — `check --jobs=N` writes the same bytes for any N (TAP).
#
# The corpus in every format; many small files with an unreadable one among
# them; a file whose games need the language tally of the games before them
# (the one thing a game's check takes from its predecessors); --where.  Also
# the options' errors and the progress line, which appears on a terminal
# only (driven through script(1)).
set -u
ARBITER=${ARBITER:-./arbiter}
ARBITER_REL=${ARBITER_REL:-$ARBITER}
CORPUS=build/data/corpus/pgnmentor-14-players.pgn    # make data
[ -r "$CORPUS" ] || { echo "Bail out! $CORPUS not found (make data, from the top of the tree)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }

# same NAME BINARY ARGS...: the output and the status of --jobs=1, 2 and 3 agree.
same() {
    name=$1 bin=$2
    shift 2
    "$bin" check --jobs=1 "$@" >"$tmp/j1" 2>"$tmp/e1"
    s1=$?
    for j in 2 3; do
        "$bin" check --jobs=$j "$@" >"$tmp/j$j" 2>"$tmp/e$j"
        sj=$?
        if [ "$sj" -ne "$s1" ] || ! cmp -s "$tmp/j1" "$tmp/j$j" || ! cmp -s "$tmp/e1" "$tmp/e$j"; then
            not_ok "$name: --jobs=$j differs from --jobs=1 (status $sj, $s1)"
            cmp "$tmp/j1" "$tmp/j$j" | sed 's/^/# /'
            return 1
        fi
    done
    if [ ! -s "$tmp/j1" ] && [ ! -s "$tmp/e1" ]; then
        not_ok "$name: no output at all"
        return 1
    fi
    ok "$name: --jobs=1, 2 and 3 write the same $(wc -c <"$tmp/j1") bytes (status $s1)"
}

if [ -f "$CORPUS" ]; then
    for f in text jsonl; do
        same "corpus, $f" "$ARBITER_REL" --format=$f "$CORPUS"
    done
    awk '/^\[Event / { g++ } g <= 3000 { print }' "$CORPUS" >"$tmp/c3000.pgn"
    for f in json github junit sarif html text; do
        same "3,000 corpus games and the samples under the sanitizers, $f" "$ARBITER" --format=$f \
            "$tmp/c3000.pgn" samples/*.pgn
    done
    same "--where" "$ARBITER" --format=jsonl --where='White~^(Adams|Short)' "$tmp/c3000.pgn"

    # 300 games, one file each, with an unreadable file in the middle (JSON
    # Lines has no record for it; standard error says why, status 2).
    mkdir "$tmp/many"
    awk -v d="$tmp/many" '/^\[Event / { g++ } g <= 300 { print > (d "/" sprintf("%04d", g) ".pgn") }' "$CORPUS"
    files=$(ls "$tmp"/many/0*.pgn | sed '150a\
'"$tmp"'/many/missing.pgn')
    # shellcheck disable=SC2086
    same "300 files and a missing one" "$ARBITER" --format=jsonl $files
    if [ "$(wc -l <"$tmp/j1")" -eq 300 ] && sed -n 151p "$tmp/j1" | grep -q '^{"file":"[^"]*/0151.pgn"' \
        && grep -q 'missing.pgn' "$tmp/e1" && [ "$s1" -eq 2 ]; then
        ok "300 files and a missing one: 300 records in file order, the missing file on standard error, status 2"
    else
        not_ok "300 files and a missing one: $(wc -l <"$tmp/j1") records, status $s1"
        sed -n 151p "$tmp/j1" | cut -c1-200 | sed 's/^/# /'
    fi

    # Several arbiters writing into one pipe (xargs -P): each writes whole
    # records of at most PIPE_BUF bytes a write, so no record is torn.
    ls "$tmp"/many/0*.pgn | xargs -P 4 -n 30 "$ARBITER_REL" check --format=jsonl --jobs=2 2>/dev/null | cat >"$tmp/xargs"
    if [ "$(jq -c . "$tmp/xargs" 2>/dev/null | wc -l)" -eq 300 ] &&
        [ "$(sort "$tmp/xargs" | md5sum)" = "$(sort "$tmp/j1" | md5sum)" ]; then
        ok "xargs -P 4 into one pipe: 300 whole records, the same as one run's"
    else
        not_ok "xargs -P 4 into one pipe: torn or missing records"
    fi

    # Games in Finnish, then in English, then in Finnish, with a pawn
    # promotion to "D" after every seventh: the promotion game's own moves do
    # not tell its language, so the file's majority decides (Finnish D is a
    # queen; in English it is an unknown move).
    awk '/^\[Event / { g++ } g <= 200 { print }' "$CORPUS" >"$tmp/en.pgn"
    "$ARBITER_REL" convert --to=fi "$tmp/en.pgn" >"$tmp/fi.pgn" 2>/dev/null
    awk -v fi="$tmp/fi.pgn" -v en="$tmp/en.pgn" '
        function load(file, arr,   k, line) {
            k = 0
            while ((getline line < file) > 0) {
                if (line ~ /^\[Event /) k++
                arr[k] = arr[k] line "\n"
            }
            return k
        }
        BEGIN {
            nf = load(fi, F); ne = load(en, E)
            for (i = 0; i < 330; i++) {
                if (i >= 30 && i < 130) printf "%s\n", E[i % ne + 1]; else printf "%s\n", F[i % nf + 1]
                if (i % 7 == 3)
                    printf "[Event \"promotion %d\"]\n[SetUp \"1\"]\n[FEN \"k7/4P3/8/8/8/8/8/4K3 w - - 0 1\"]\n[Result \"*\"]\n\n1. e8=D *\n\n", i
            }
        }' >"$tmp/votes.pgn"
    if same "games that take their language from the file's majority" "$ARBITER_REL" --format=jsonl "$tmp/votes.pgn"; then
        fin=$(grep '"promotion' "$tmp/j1" | grep -c '"lang":"fi"')
        eng=$(grep '"promotion' "$tmp/j1" | grep -c '"unknown-move"')
        if [ "$fin" -gt 0 ] && [ "$eng" -gt 0 ] && [ $((fin + eng)) -eq 47 ]; then
            ok "the majority decides: $fin promotions read in Finnish, $eng as unknown moves in English"
        else
            not_ok "the majority did not decide as expected ($fin Finnish, $eng English of 47)"
        fi
    fi
fi

for bad in 0 257 two -1; do
    "$ARBITER" check --jobs=$bad samples/*.pgn >/dev/null 2>"$tmp/err"
    s=$?
    if [ "$s" -eq 2 ] && grep -q -- '--jobs' "$tmp/err"; then
        ok "--jobs=$bad: usage error (status 2)"
    else
        not_ok "--jobs=$bad: status $s"
    fi
done

# The progress line: on a terminal (script(1) gives one), not in a pipe, not
# with --no-progress or TERM=dumb.  The input comes slowly so that the run
# lasts longer than the half second between updates.
if command -v script >/dev/null 2>&1 && [ -f "$CORPUS" ]; then
    prog() {   # ENV OPTION -> stderr as the terminal saw it in $tmp/tty
        script -qfec "{ cat '$tmp/c3000.pgn'; sleep 1; cat samples/tilburg-1992-round1.pgn; } |
            env $1 $ARBITER_REL check --format=jsonl $2 - > '$tmp/tty.out'" /dev/null >"$tmp/tty" 2>&1
    }
    prog "TERM=xterm" ""
    if grep -q 'arbiter: 1 file, [0-9]* games, [0-9.]* MB/s, [0-9]* findings' "$tmp/tty" \
        && grep -q "$(printf '\r')" "$tmp/tty"; then
        ok "a progress line on a terminal (files, games, MB/s, findings)"
    else
        not_ok "no progress line on a terminal"
        od -c "$tmp/tty" | head -5 | sed 's/^/# /'
    fi
    cat "$tmp/c3000.pgn" samples/tilburg-1992-round1.pgn | "$ARBITER_REL" check --format=jsonl - >"$tmp/pipe.out" 2>/dev/null
    if [ -s "$tmp/pipe.out" ] && cmp -s "$tmp/tty.out" "$tmp/pipe.out"; then
        ok "the records are the same with the progress line on"
    else
        not_ok "the records differ with the progress line on"
    fi
    prog "TERM=xterm" "--no-progress"
    if ! grep -q 'MB/s' "$tmp/tty"; then ok "--no-progress: no progress line"; else not_ok "--no-progress shows progress"; fi
    prog "TERM=dumb" ""
    if ! grep -q 'MB/s' "$tmp/tty"; then ok "TERM=dumb: no progress line"; else not_ok "TERM=dumb shows progress"; fi
    "$ARBITER_REL" check --format=jsonl "$tmp/c3000.pgn" 2>"$tmp/piped" >/dev/null
    if ! grep -q 'MB/s' "$tmp/piped"; then ok "standard error in a pipe: no progress line"; else not_ok "progress in a pipe"; fi
    # Files (the sanitizers' build, one thread: slow enough for a few
    # updates): the share read and the time left, of the compressed bytes
    # for a compressed file; from a pipe (no size) neither.
    awk '/^\[Event / { g++ } g <= 12000 { print }' "$CORPUS" > "$tmp/c12000.pgn"
    gzip -c "$tmp/c12000.pgn" > "$tmp/c12000.pgn.gz"
    for f in "$tmp/c12000.pgn" "$tmp/c12000.pgn.gz"; do
        script -qfec "env TERM=xterm $ARBITER check --jobs=1 --format=jsonl '$f' > /dev/null" /dev/null >"$tmp/tty" 2>&1
        shares=$(tr '\r' '\n' < "$tmp/tty" | sed -n 's/.* findings, \([0-9]*\)%, [0-9]*:[0-9][0-9] left.*/\1/p')
        # (How many updates a run gets depends on the machine's speed: at
        # least one, the shares rising, none past 99%.)
        if [ "$(echo "$shares" | grep -c .)" -ge 1 ] && [ "$(echo "$shares" | sort -n | tr '\n' ' ')" = "$(echo "$shares" | tr '\n' ' ')" ] \
            && [ "$(echo "$shares" | tail -1)" -le 99 ]; then
            ok "$(basename "$f"): the progress line says the share read and the time left ($(echo "$shares" | tr '\n' ' ')%)"
        else
            not_ok "$(basename "$f"): no share in the progress line: $(tr '\r' '\n' < "$tmp/tty" | tail -3)"
        fi
    done
    script -qfec "cat '$tmp/c12000.pgn' | env TERM=xterm $ARBITER check --jobs=1 --format=jsonl - > /dev/null" /dev/null >"$tmp/tty" 2>&1
    if grep -q 'MB/s' "$tmp/tty" && ! grep -q 'left' "$tmp/tty"; then
        ok "from a pipe: a progress line, without a share or a time left"
    else
        not_ok "a pipe's progress: $(tr '\r' '\n' < "$tmp/tty" | tail -2)"
    fi
fi

echo "1..$n"
[ "$failed" -eq 0 ]
