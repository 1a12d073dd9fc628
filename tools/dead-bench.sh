#!/bin/sh
# dead-bench.sh — speed and completeness of `arbiter position`, quick
# (--quick) and full (the default budget), on each labelled set of
# tests/data/unwinnability: the first N positions of each set
# (DEAD_BENCH_N, default 300; the timeout lists 4 times as many, their
# positions being easy).  A row per set and mode: positions, positions per
# second, sides winnable / unwinnable / undetermined, and for the sets with
# labels the unwinnable sides proved of those labelled so.
#
# With CHA=/path/to/cha (the Chess Unwinnability Analyzer, built apart: GPL,
# no part of this repository) the same positions go through CHA, quick
# (-quick) and full, on lines "FEN white" and "FEN black" (the timeouts: the
# side that did not flag), and its figures stand beside ours (CHA answers a
# side a line; its positions per second count FENs as ours do).  Without
# CHA it says so.
set -u
ARBITER=${ARBITER:-./arbiter}
N=${DEAD_BENCH_N:-300}
# Each set as stored (tests/data) or, stored compressed, by make data.
U=tests/data/unwinnability
X=build/data/unwinnability
CHA=${CHA:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }

printf '%-40s %-6s %6s %9s %8s %8s %8s %s\n' set mode FENs FENs/s winnable unwinn undet "proved/labelled-unwinnable"
for set in chasolver-positions d3chess-test-vector chasolver-lichess-4096 d3chess-lichess-30K-timeouts \
           d3chess-unfair-lichess-timeouts-2022-05; do
    f=$U/$set.txt
    [ -f "$f" ] || f=$X/$set.txt
    [ -f "$f" ] || { echo "$set: not found under $U or $X (make data)"; continue; }
    n=$N
    case $set in *timeouts*) n=$((N * 4)) ;; esac
    # FENs, labels ("WB", ...; "?-" style for timeouts: the side not to
    # move is asked) and CHA's queries.
    grep -v '^#' "$f" | grep . | head -n "$n" | awk -v fens="$tmp/fens" -v labs="$tmp/labs" -v q="$tmp/q" '
        /^[W-][B-] / { fen = substr($0, 4); print fen > fens; print substr($0, 1, 2) > labs;
                       print fen " white" > q; print fen " black" > q; next }
        { fen = $1 " " $2 " " $3 " " $4 " " $5 " " $6; print fen > fens;
          w = ($2 == "w") ? "black" : "white"; print (w == "white" ? "W?" : "?B") > labs;
          print fen " " w > q }'
    fens=$(wc -l < "$tmp/fens")
    for mode in quick full; do
        opt=; [ $mode = quick ] && opt=--quick
        t0=$(now)
        "$ARBITER" position --format=jsonl $opt < "$tmp/fens" > "$tmp/out"
        t1=$(now)
        # Per side: the verdict; against the label: unwinnable sides proved.
        stats=$(paste -d'\t' "$tmp/labs" "$tmp/out" | awk -F'\t' '
            { lab = $1; j = $2
              for (s = 0; s < 2; s++) {
                  key = s ? "\"black\": {\"verdict\": \"" : "\"white\": {\"verdict\": \""
                  i = index(j, key); if (!i) continue
                  v = substr(j, i + length(key)); v = substr(v, 1, index(v, "\"") - 1)
                  c = substr(lab, s + 1, 1)
                  if (c == "?") continue
                  cnt[v]++
                  if (c == "-") { lu++; if (v == "unwinnable") pu++ }
              } }
            END { printf "%d %d %d %d %d", cnt["winnable"], cnt["unwinnable"], cnt["undetermined"], pu, lu }')
        set -- $stats
        proved="-"
        case $set in *timeouts*) proved="$2/$fens (timeouts: the side that did not flag)" ;; *) proved="$4/$5" ;; esac
        case $set in d3chess-lichess-30K-timeouts) proved="- (no labels)" ;; esac
        awk -v s="$set" -v m="arb-$mode" -v n="$fens" -v t="$(echo "$t1 - $t0" | bc)" -v w="$1" -v u="$2" -v d="$3" -v p="$proved" \
            'BEGIN { printf "%-40s %-6s %6d %9.0f %8d %8d %8d %s\n", s, m, n, n / (t > 0 ? t : 1e-9), w, u, d, p }'
        if [ -n "$CHA" ]; then
            copt=; [ $mode = quick ] && copt=-quick
            t0=$(now)
            "$CHA" $copt < "$tmp/q" > "$tmp/cha" 2>&1
            t1=$(now)
            w=$(grep -c '^winnable' "$tmp/cha"); u=$(grep -c '^unwinnable' "$tmp/cha"); d=$(grep -c '^undetermined' "$tmp/cha")
            [ $mode = quick ] && { w=-; d=-; }   # quick CHA prints only what it proves unwinnable
            awk -v s="$set" -v m="cha-$mode" -v n="$fens" -v t="$(echo "$t1 - $t0" | bc)" -v w="$w" -v u="$u" -v d="$d" \
                'BEGIN { printf "%-40s %-6s %6d %9.0f %8s %8s %8s\n", s, m, n, n / (t > 0 ? t : 1e-9), w, u, d }'
        fi
    done
done
[ -n "$CHA" ] || echo "(CHA was not given: make bench CHA=/path/to/cha puts its figures beside these)"
