#!/bin/sh
# fuzz.sh — run the libFuzzer targets (make fuzz).
#
#   FUZZ_TIME=SECONDS FUZZ_PARALLEL=N sh tools/fuzz.sh TARGET...
#
# Each target (build/fuzz/fuzz_TARGET) runs FUZZ_TIME seconds (default 60)
# on its corpus build/fuzz/corpus/TARGET, which starts from the seeds in
# tests/fuzz/seeds/TARGET and from the test data, tests/data (games of the
# corpus cut one per file, the edge-case PGN files, notation cases, FENs of the perft
# and dead-position sets, TimeControl tags and clock comments, the HCS
# scoresheets; make data first) and keeps
# what the fuzzer adds, run after run.  FUZZ_PARALLEL targets run at once
# (default 1).  FUZZ_RESTART=1 goes on after a crash with the time left
# (for long runs).  Inputs that crash land in build/fuzz/crashes/TARGET/; copy
# each into tests/fuzz/regress/TARGET/ once fixed (make check replays
# them).  Prints per target the executions, coverage (edges) and features
# libFuzzer reports, and the crashes found; exit status 1 if any.
set -u
D=tests/data          # the test data, as stored
DX=build/data         # the files stored compressed, by make data
FUZZ_TIME=${FUZZ_TIME:-60}
FUZZ_PARALLEL=${FUZZ_PARALLEL:-1}
FUZZ_RESTART=${FUZZ_RESTART:-0}
B=build/fuzz

seed_dir() {
    t=$1
    d=$B/corpus/$t
    [ -d "$d" ] && [ -n "$(ls -A "$d" 2>/dev/null)" ] && return 0
    mkdir -p "$d"
    [ -d tests/fuzz/seeds/$t ] && cp tests/fuzz/seeds/$t/* "$d"/ 2>/dev/null
    [ -d tests/fuzz/regress/$t ] && cp tests/fuzz/regress/$t/* "$d"/ 2>/dev/null
    case $t in
    pgn|check|replay|convert|writeout)
        # One game per file: the first 400 games of the corpus, and the
        # edge-case files whole (check and replay seeds with an option byte first).
        awk -v d="$d" -v t="$t" '
            /^\[Event / { n++; if (n > 400) exit; f = sprintf("%s/corpus-%04d", d, n);
                          if (t != "pgn") printf "%c", 32 + n % 95 > f }
            n > 0 { print > f }
            /^$/ && n > 0 { close(f) }' "$DX/corpus/pgnmentor-14-players.pgn"
        i=0
        for f in "$D"/pgn/*/* samples/*.pgn; do
            [ -f "$f" ] || continue
            [ "$(wc -c < "$f")" -le 65536 ] || continue
            i=$((i + 1))
            if [ "$t" != pgn ]; then
                { printf "\\$(printf '%03o' $((i % 256)))"; cat "$f"; } > "$d/file-$i"
            else
                cp "$f" "$d/file-$i"
            fi
        done ;;
    notation)
        # The movetext tokens of the notation cases, each with a position byte.
        cut -f5 tests/notation/cases.tsv | tr ' ' '\n' | grep -v '^[0-9]*\.*$' | sort -u | head -3000 |
            awk -v d="$d" '{ f = sprintf("%s/tok-%05d", d, NR); printf "%c%s", NR % 6, $0 > f; close(f) }' ;;
    fen)
        { cut -d';' -f1 "$D"/perft/standard.epd "$D"/perft/chess960.epd
          cut -f1 "$D"/unwinnability/chasolver-positions.txt | head -500
          sed -n 's/^\[FEN "\(.*\)"\]/\1/p' "$D"/pgn/*/* | head -500; } |
            awk -v d="$d" 'NF { f = sprintf("%s/fen-%05d", d, NR); printf "%c%s", 0, $0 > f; close(f) }' ;;
    reconstruct)
        # The HCS sheets (what players wrote), each with an option byte.
        mkdir -p "$B/hcs"
        sh tools/hcs2pgn.sh "$D/scoresheets/hcs/training_tags.txt" "$B/hcs" train- > "$B/hcs/list" 2>/dev/null || true
        i=0
        while read -r f; do
            i=$((i + 1))
            { printf "\\$(printf '%03o' $((i % 16)))"; head -c 4000 "$f"; } > "$d/sheet-$i"
        done < "$B/hcs/list" ;;
    timectl)
        { sed -n 's/^\[TimeControl "\(.*\)"\]/\1/p' "$DX"/corpus/*.pgn "$D"/pgn/*/* samples/*.pgn
          sed -n 's/^\[Event "\(.*\)"\]/\1/p' "$DX"/corpus/*.pgn samples/*.pgn | head -300
          grep -o '{[^}]*%[ce][lm][kt][^}]*}' "$D"/pgn/*/* samples/*.pgn | cut -d: -f2- | head -300
          printf '%s\n' "40/5400+30:1800+30" "G/90;inc30" "90 min/40 moves + 30 min + 30 s/move" "90'+30''" \
              "G/90;d5" "90 b5" "*60" "-" "?" "[%clk 1:23:45.6]" "[%emt 0:00:12]" "1:02:03"; } | sort -u |
            awk -v d="$d" 'NF { f = sprintf("%s/tc-%05d", d, NR); printf "%s", $0 > f; close(f) }' ;;
    trf)
        # The tournament reports of tests/trf (real ones and the fixture).
        for f in tests/trf/*.trf; do cp "$f" "$d/$(basename "$f")"; done ;;
    esac
}

run_one() {
    t=$1
    mkdir -p "$B/crashes/$t" "$B/run"
    # A copy runs, so that make may rebuild the target meanwhile.
    bin=$B/run/fuzz_$t.$$
    cp "$B/fuzz_$t" "$bin"
    : > "$B/log-$t.txt"
    # A unit that runs longer is a hang: 10 s, and 60 s for reconstruct,
    # whose search on a garbage sheet takes seconds under the sanitizers.
    timeout=10
    [ "$t" = reconstruct ] && timeout=60
    start=$(date +%s)
    left=$FUZZ_TIME
    execs=0
    runs=0
    while [ "$left" -gt 0 ]; do
        # One run: until the time is up or the first crash (libFuzzer stops
        # there); with FUZZ_RESTART=1 a crash is saved and the fuzzing goes
        # on with the time left (libFuzzer's fork mode does the same, but
        # re-runs the corpus for every job: twenty times slower here).
        "$bin" -max_total_time="$left" -timeout="$timeout" -rss_limit_mb=2048 -max_len=65536 \
            -print_final_stats=1 -artifact_prefix="$B/crashes/$t/" "$B/corpus/$t" > "$B/run/$t.log" 2>&1
        runs=$((runs + 1))
        cat "$B/run/$t.log" >> "$B/log-$t.txt"
        n=$(grep -o '^#[0-9][0-9]*' "$B/run/$t.log" | tail -1 | tr -d '#')
        execs=$((execs + ${n:-0}))
        [ "$FUZZ_RESTART" = 1 ] || break
        left=$((FUZZ_TIME - ($(date +%s) - start)))
    done
    rm -f "$bin" "$B/run/$t.log"
    cov=$(grep -o 'cov: [0-9]*' "$B/log-$t.txt" | tail -1 | cut -d' ' -f2)
    ft=$(grep -o 'ft: [0-9]*' "$B/log-$t.txt" | tail -1 | cut -d' ' -f2)
    # (libFuzzer also leaves slow-unit-* there: slow, not failing)
    crashes=$(ls "$B/crashes/$t" | grep -c -v '^slow-unit-')
    printf '%-11s %6ss %12s executions %7s edges %8s features %6s inputs %3s crashes %3s runs\n' "$t" \
        "$(( $(date +%s) - start ))" "$execs" "${cov:-?}" "${ft:-?}" "$(ls "$B/corpus/$t" | wc -l)" "$crashes" "$runs"
}

for t in "$@"; do
    seed_dir "$t"
done
running=0
for t in "$@"; do
    run_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$FUZZ_PARALLEL" ]; then
        wait
        running=0
    fi
done
wait
total=0
for t in "$@"; do
    total=$((total + $(ls "$B/crashes/$t" | grep -c -v '^slow-unit-')))
done
echo "fuzz: $total crashing inputs (logs: $B/log-TARGET.txt)"
[ "$total" -eq 0 ]
