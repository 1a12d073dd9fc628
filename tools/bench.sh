#!/bin/sh
# bench.sh — throughput and memory of `arbiter check` on the corpus,
# beside pgn-extract on the same file, on one core (--jobs=1), then with
# a thread per core (--jobs=N, unpinned).  Run by `make bench`.
#
# Prints, for each run: wall seconds (best of RUNS), games/s, MB/s, peak RSS,
# and the ratio to pgn-extract's games/s.  Memory is also measured on a file
# ten times the corpus (built once under build/bench/), and on fifty times
# it (0.9 GB, generated into a pipe), where it must stay flat: arbiter
# streams, a few batches of games at a time.
set -eu

CORPUS=${CORPUS:-build/data/corpus/pgnmentor-14-players.pgn}   # make data
RUNS=${RUNS:-5}
ARBITER=${ARBITER:-./arbiter}
RSSMAX=${RSSMAX:-build/rssmax}
PGN_EXTRACT=${PGN_EXTRACT:-/usr/games/pgn-extract}
BIG=build/bench/corpus-x10.pgn

[ -r "$CORPUS" ] || { echo "bench: corpus not found: $CORPUS" >&2; exit 2; }
bytes=$(wc -c < "$CORPUS")
games=$("$ARBITER" check --format=jsonl "$CORPUS" 2>/dev/null | wc -l)

# best RUNS... -> "seconds rss_kib"
best() {
    b=""
    n=0
    while [ $n -lt "$RUNS" ]; do
        if [ -n "${NOPIN:-}" ]; then
            r=$("$RSSMAX" "$@" 2>/dev/null)
        else
            r=$(taskset -c "${BENCH_CPU:-0}" "$RSSMAX" "$@" 2>/dev/null || "$RSSMAX" "$@" 2>/dev/null)
        fi
        set -- "$@"
        b=$(printf '%s\n%s\n' "$b" "$r" | awk 'NF { if (best == "" || $1 < best) { best = $1; rss = $2 } } END { print best, rss }')
        n=$((n + 1))
    done
    echo "$b"
}

row() { # label seconds rss games bytes ref_games_per_s
    awk -v l="$1" -v s="$2" -v r="$3" -v g="$4" -v b="$5" -v ref="$6" 'BEGIN {
        gps = g / s; mbs = b / s / 1e6
        printf "%-34s %7.3f s %10.0f games/s %7.1f MB/s %7.1f MB peak", l, s, gps, mbs, r / 1024
        if (ref > 0) printf "   %5.1fx pgn-extract", gps / ref
        printf "\n"
    }'
}

echo "corpus: $CORPUS ($games games, $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB); best of $RUNS runs each, in turns, pinned to one core"

# pgn-extract and arbiter run in turns, so that the machine's drifts (a
# virtual machine's neighbours) fall on both; the best run of each counts.
ref=0
have_pe=false
[ -x "$PGN_EXTRACT" ] && have_pe=true
pe="" at="" aj="" ap=""
CORES=$(nproc 2>/dev/null || echo 1)
i=0
while [ $i -lt "$RUNS" ]; do
    if $have_pe; then
        pe=$(printf '%s\n%s\n' "$pe" "$(RUNS=1 best "$PGN_EXTRACT" -s -o /dev/null "$CORPUS")")
    fi
    at=$(printf '%s\n%s\n' "$at" "$(RUNS=1 best "$ARBITER" check --jobs=1 "$CORPUS")")
    aj=$(printf '%s\n%s\n' "$aj" "$(RUNS=1 best "$ARBITER" check --jobs=1 --format=jsonl "$CORPUS")")
    ap=$(printf '%s\n%s\n' "$ap" "$(NOPIN=1 RUNS=1 best "$ARBITER" check --jobs="$CORES" "$CORPUS")")
    i=$((i + 1))
done
min() { printf '%s\n' "$1" | awk 'NF { if (best == "" || $1 < best) { best = $1; rss = $2 } } END { print best, rss }'; }
if $have_pe; then
    set -- $(min "$pe")
    ref=$(awk -v g="$games" -v s="$1" 'BEGIN { print g / s }')
    row "pgn-extract -s" "$1" "$2" "$games" "$bytes" 0
else
    echo "pgn-extract not installed ($PGN_EXTRACT): no ratio"
fi
set -- $(min "$at")
row "arbiter check (text)" "$1" "$2" "$games" "$bytes" "$ref"
set -- $(min "$aj")
row "arbiter check --format=jsonl" "$1" "$2" "$games" "$bytes" "$ref"
set -- $(min "$ap")
row "arbiter check --jobs=$CORES ($CORES cores)" "$1" "$2" "$games" "$bytes" "$ref"
# The floor (tools/floor.c): one pass from the bytes through this chess
# core, no Laws and no report; no checker, the least a check of every move
# can cost with this core.
FLOOR=${FLOOR:-build/floor}
if [ -x "$FLOOR" ]; then
    set -- $(best "$FLOOR" "$CORPUS")
    row "floor: read, match, play; no Laws" "$1" "$2" "$games" "$bytes" "$ref"
fi

# Compressed input (issue 39): the corpus as .gz and .zst, decompressed on
# a thread of its own, against the plain file, in turns (best of RUNS).
# Targets: --jobs=2 at >= 90% of the plain file's games/s, --jobs=1 >= 75%.
mkdir -p build/bench
[ -s build/bench/corpus.pgn.gz ] && [ build/bench/corpus.pgn.gz -nt "$CORPUS" ] ||
    gzip -c "$CORPUS" > build/bench/corpus.pgn.gz
if command -v zstd > /dev/null 2>&1; then
    [ -s build/bench/corpus.pgn.zst ] && [ build/bench/corpus.pgn.zst -nt "$CORPUS" ] ||
        zstd -q -c "$CORPUS" > build/bench/corpus.pgn.zst
fi
for j in 1 2; do
    plain="" gz="" zst=""
    i=0
    while [ $i -lt "$RUNS" ]; do
        plain=$(printf '%s\n%s\n' "$plain" "$(NOPIN=1 RUNS=1 best "$ARBITER" check --jobs=$j "$CORPUS")")
        gz=$(printf '%s\n%s\n' "$gz" "$(NOPIN=1 RUNS=1 best "$ARBITER" check --jobs=$j build/bench/corpus.pgn.gz)")
        [ -s build/bench/corpus.pgn.zst ] &&
            zst=$(printf '%s\n%s\n' "$zst" "$(NOPIN=1 RUNS=1 best "$ARBITER" check --jobs=$j build/bench/corpus.pgn.zst)")
        i=$((i + 1))
    done
    set -- $(min "$plain")
    p_s=$1
    row "arbiter check --jobs=$j, plain" "$1" "$2" "$games" "$bytes" "$ref"
    target=75; [ $j = 2 ] && target=90
    for k in gz zst; do
        eval "v=\$$k"
        [ -n "$v" ] || continue
        set -- $(min "$v")
        row "arbiter check --jobs=$j, .$k" "$1" "$2" "$games" "$bytes" "$ref"
        awk -v p="$p_s" -v s="$1" -v t="$target" -v k="$k" -v j="$j" 'BEGIN {
            x = 100 * p / s; printf "  .%s at %.0f%% of the plain speed, --jobs=%d (target: >= %d%%) %s\n", k, x, j, t, (x >= t ? "ok" : "UNDER") }'
    done
done

# Selection (issue 39): --position compares every position of the main
# line (target: >= 50% of plain check's speed); --player leaves games out
# before their replay.
plain="" pos="" ply=""
i=0
while [ $i -lt "$RUNS" ]; do
    plain=$(printf '%s\n%s\n' "$plain" "$(RUNS=1 best "$ARBITER" check --jobs=1 --format=jsonl "$CORPUS")")
    pos=$(printf '%s\n%s\n' "$pos" "$(RUNS=1 best "$ARBITER" check --jobs=1 --format=jsonl \
        --position=rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R "$CORPUS")")
    ply=$(printf '%s\n%s\n' "$ply" "$(RUNS=1 best "$ARBITER" check --jobs=1 --format=jsonl --player=Adams "$CORPUS")")
    i=$((i + 1))
done
set -- $(min "$plain")
p_s=$1
set -- $(min "$pos")
row "check --position=(a Najdorf)" "$1" "$2" "$games" "$bytes" "$ref"
awk -v p="$p_s" -v s="$1" 'BEGIN { x = 100 * p / s; printf "  --position at %.0f%% of plain check (target: >= 50%%) %s\n", x, (x >= 50 ? "ok" : "UNDER") }'
set -- $(min "$ply")
row "check --player=Adams" "$1" "$2" "$games" "$bytes" "$ref"

# Instructions per ply (callgrind): a figure the machine's speed and load
# cannot change, on the whole corpus (callgrind runs some fifty times
# slower: about three minutes, pgn-extract -s the most of them).
if command -v valgrind >/dev/null 2>&1; then
    ir_plies=$("$ARBITER" check --jobs=1 --format=jsonl "$CORPUS" 2>/dev/null |
        grep -o '"plies":[0-9]*' | awk -F: '{ s += $2 } END { print s + 0 }')
    ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
    echo "instructions per ply (callgrind, the corpus: $ir_plies plies):"
    pe_ir=""
    if $have_pe; then
        pe_ir=$(ir "$PGN_EXTRACT" -s -o /dev/null "$CORPUS")
        awk -v n="$pe_ir" -v p="$ir_plies" 'BEGIN { printf "  %-34s %6.0f\n", "pgn-extract -s", n / p }'
    fi
    for f in text jsonl; do
        n=$(ir "$ARBITER" check --jobs=1 --format=$f "$CORPUS")
        target=500; [ $f = jsonl ] && target=600
        awk -v n="$n" -v p="$ir_plies" -v pe="$pe_ir" -v f="$f" -v t="$target" 'BEGIN {
            x = n / p; printf "  %-34s %6.0f", "arbiter check --jobs=1 " f, x
            if (pe != "") printf "   %5.1fx fewer than pgn-extract", pe / n
            printf "   (target: <= %d) %s\n", t, x <= t ? "ok" : "OVER" }'
    done
else
    echo "valgrind not installed: no instruction counts (tools/deps.sh bench installs it)"
fi

mkdir -p build/bench
if [ ! -s "$BIG" ] || [ "$(wc -c < "$BIG")" -ne $((bytes * 10)) ]; then
    i=0
    : > "$BIG.tmp"
    while [ $i -lt 10 ]; do cat "$CORPUS" >> "$BIG.tmp"; i=$((i + 1)); done
    mv "$BIG.tmp" "$BIG"
fi
set -- $(RUNS=1 best "$ARBITER" check --jobs=1 --format=jsonl "$BIG")
row "arbiter check --format=jsonl x10" "$1" "$2" $((games * 10)) $((bytes * 10)) "$ref"
awk -v r="$2" 'BEGIN { printf "peak memory on 10x the corpus: %.1f MB (target: under 20 MB) %s\n", r / 1024, r < 20 * 1024 ? "ok" : "OVER" }'
# The HTML page keeps a summary row per game with findings until the end.
set -- $(RUNS=1 best "$ARBITER" check --jobs=1 --format=html "$BIG")
row "arbiter check --format=html x10" "$1" "$2" $((games * 10)) $((bytes * 10)) "$ref"

# A file in a code page: 60,000 games with Cyrillic names and comments in
# Windows-1251 (every letter a decode event, taken game by game): as fast
# as UTF-8, within a small factor.
awk 'BEGIN {
    for (i = 0; i < 60000; i++) {
        printf "[Event \"\322\363\360\355\350\360 %d\"]\n[White \"\317\345\362\360\356\342, \317\270\362\360\"]\n", i
        printf "[Black \"\312\340\360\357\356\342\"]\n[Result \"*\"]\n\n1. e4 e5 {\312\356\354\354\345\355\362\340\360\350\351} *\n\n"
    } }' > build/bench/cp1251.pgn
cp_bytes=$(wc -c < build/bench/cp1251.pgn)
set -- $(RUNS=3 best "$ARBITER" check --jobs=1 --format=jsonl build/bench/cp1251.pgn)
row "arbiter check Windows-1251 (60k games)" "$1" "$2" 60000 "$cp_bytes" "$ref"

# check --trf: a tournament report of 9,998 players (TRF-16's start ranks
# go to 9999) against 1,000 games that name them "First Last" and "Last,
# F." (it folded every player's name for every game: 6.2 s here, 20 s on a
# loaded machine): the names are folded once and indexed by word.
awk -v n=9998 'BEGIN {
    print "012 Bench open"
    for (i = 1; i <= n; i++)
        printf "001 %4d      %-33s %4d %3s %11d %10s %4.1f %4d  %4d %s %s\n", i, sprintf("Surname%05d, Given%05d", i, i),
               2000, "FIN", 0, "", i % 2 ? 1.0 : 0.0, i, i % 2 ? i + 1 : i - 1, i % 2 ? "w" : "b", i % 2 ? "1" : "0"
    print "XXR 1" }' > build/bench/trf-9998.trf
awk 'BEGIN { for (i = 1; i <= 1000; i++)
    printf "[Event \"Bench open\"]\n[Round \"1\"]\n[White \"Given%05d Surname%05d\"]\n[Black \"Surname%05d, G.\"]\n" \
           "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n", 2 * i - 1, 2 * i - 1, 2 * i }' > build/bench/trf-1000.pgn
trf_bytes=$(wc -c < build/bench/trf-1000.pgn)
set -- $(RUNS=3 best "$ARBITER" check --jobs=1 --trf=build/bench/trf-9998.trf build/bench/trf-1000.pgn)
row "check --trf (9,998 players, 1,000 games)" "$1" "$2" 1000 "$trf_bytes" 0

# An HTML page of 2,000 findings (tests/html/findings2000.sh) gets
# ready in Chromium, its script run and a frame drawn: target under 3 s.
CHROMIUM=${CHROMIUM:-chromium}
if command -v "$CHROMIUM" >/dev/null 2>&1; then
    sh tests/html/findings2000.sh > build/bench/2000.pgn
    "$ARBITER" check --format=html build/bench/2000.pgn > build/bench/2000.html 2>/dev/null || :  # (status 1: findings)
    ms=$(python3 tests/html/browser.py --time "$CHROMIUM" build/bench/2000.html 2>/dev/null | jq -r .ms) || ms=
    echo "HTML page of 2,000 findings ready in Chromium: ${ms:-?} ms (target: under 3000) $([ "${ms:-99999}" -lt 3000 ] 2>/dev/null && echo ok || echo OVER)"
fi

# arbiter watch: from the write of a file to its finding, every way of
# writing tests/watch/live.py knows (renamed in, rewritten in place, a cut
# write, a new file), with inotify and --poll (every 0.5 s): target under
# 1 s for each.  make check runs the same scenarios without the target.
if command -v python3 >/dev/null 2>&1; then
    live=$(mktemp -d)
    lat=$(python3 tests/watch/live.py "$ARBITER" "$live" 2>/dev/null | sed -n 's/^# latencies from write to finding: //p')
    rm -rf "$live"
    max=$(echo "$lat" | sed -n 's/.*max \([0-9]*\) ms.*/\1/p')
    echo "watch, from a write to its finding: ${lat:-?} (target: under 1000 ms) $([ "${max:-99999}" -lt 1000 ] 2>/dev/null && echo ok || echo OVER)"
fi

# watch --serve (issue 40): 30 boards in headless Chromium, a round played
# on move by move (tests/serve/live.py --bench): from each write to the
# page's update (median, max; target: under 1 s), and the page's
# JavaScript heap after some 1,200 writes (about an hour of a classical
# round; it must not grow with the writes).
if command -v "$CHROMIUM" >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
    sv=$(mktemp -d)
    r=$(python3 tests/serve/live.py --bench "$ARBITER" "$CHROMIUM" tests/data/pgn/pgn-extract/fischer.pgn "$sv" 2>/dev/null)
    rm -rf "$sv"
    echo "$r" | jq -r '"watch --serve, 30 boards, \(.writes) writes: from a write to the page \(.median_ms) ms median, \(.max_ms) ms max (target: under 1000 ms) \(if (.max_ms // 99999) < 1000 then "ok" else "OVER" end)",
        "  the page'"'"'s JavaScript heap: \(.heap_start_kb) KB at the start, \(.heap_end_kb) KB after the writes (\(.boards_end) boards)"' 2>/dev/null ||
        echo "watch --serve: no figures ($r)"
fi

# Fifty times the corpus (0.9 GB), generated into a pipe (nothing on disk):
# the peak memory must be that of one corpus.
set -- $(RUNS=1 best "$ARBITER" check --jobs=1 --format=jsonl "$CORPUS")
rss1=$2
fifty() {
    i=0
    while [ $i -lt 50 ]; do cat "$CORPUS"; i=$((i + 1)); done | "$RSSMAX" "$@" 2>/dev/null
}
set -- $(fifty "$ARBITER" check --jobs=1 --format=jsonl -)
row "arbiter check --format=jsonl x50 (pipe)" "$1" "$2" $((games * 50)) $((bytes * 50)) "$ref"
rss50=$2
set -- $(fifty "$ARBITER" check --format=jsonl -)
row "arbiter check --jobs=$CORES --format=jsonl x50 (pipe)" "$1" "$2" $((games * 50)) $((bytes * 50)) "$ref"
awk -v a="$rss1" -v b="$rss50" -v c="$2" -v n="$CORES" 'BEGIN {
    printf "peak memory, one thread: 1x the corpus %.1f MB, 50x (%.2f GB) %.1f MB: %s; %d threads on 50x: %.1f MB\n",
           a / 1024, 50 * '"$bytes"' / 1e9, b / 1024, b <= a * 1.25 + 1024 ? "flat" : "GROWS", n, c / 1024 }'

# Linear in every input: each hostile shape at N and 2N (tools/genlong.c),
# best of three; the ratio of the times should be about 2 (quadratic: 4).
# The peak memory of the larger one is the memory of one game.
GENLONG=${GENLONG:-build/genlong}
if [ -x "$GENLONG" ]; then
    echo "linearity: seconds at N and 2N (best of 3), their ratio (linear: about 2), peak memory at 2N"
    lin() { # label shape N command...
        label=$1 shape=$2 n=$3
        shift 3
        "$GENLONG" "$shape" "$n" > build/bench/long-1.pgn
        "$GENLONG" "$shape" $((n * 2)) > build/bench/long-2.pgn
        set -- $(RUNS=3 best "$@" build/bench/long-1.pgn) $(RUNS=3 best "$@" build/bench/long-2.pgn)
        awk -v l="$label" -v a="$1" -v b="$3" -v r="$4" 'BEGIN {
            printf "  %-54s %7.3f s %7.3f s   x%-4.1f %7.1f MB%s\n", l, a, b, (a > 0.0005 ? b / a : 0), r / 1024, (r < 20 * 1024 ? "" : " (over 20 MB)") }'
    }
    lin "knight shuffle, 500k/1M plies, check" shuffle 500000 "$ARBITER" check --jobs=1
    lin "random walk, 93k/186k plies, check --rules=fide-2009" walk 93000 "$ARBITER" check --jobs=1 --rules=fide-2009
    lin "random walk, 93k/186k plies, check (2023)" walk 93000 "$ARBITER" check --jobs=1
    lin "tags, 100k/200k in one game, check --format=jsonl" tags 100000 "$ARBITER" check --jobs=1 --format=jsonl
    lin "tags, 100k/200k in one game, convert" tags 100000 "$ARBITER" convert --to=fi
    lin "nested variations, 200k/400k, check" nest 200000 "$ARBITER" check --jobs=1
    lin "nested variations, 200k/400k, convert" nest 200000 "$ARBITER" convert --to=fi
    lin "knight shuffle, 200k/400k plies, replay" shuffle 200000 "$ARBITER" replay --no-interactive
    rm -f build/bench/long-1.pgn build/bench/long-2.pgn
fi
