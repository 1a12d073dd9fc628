#!/bin/sh
# eval.sh — how well `arbiter reconstruct` recovers the games of a set of
# noisy scoresheets (tests/data/scoresheets/*, or one tests/recon/sheetgen
# writes).
#
#   tests/recon/eval.sh DIR [--no-final] [--sheets=1|2] [--tap FLOOR]
#                       [--results=FILE] [-- EXTRA ARBITER ARGS...]
#
# For each case of DIR/expected.jsonl it runs
#   ${ARBITER:-./arbiter} reconstruct --format=jsonl [--final-fen=FEN] EXTRA... SHEET [SHEET2]
# under ${RSSMAX:-build/rssmax} -c (CPU seconds and peak memory) and
# compares the printed game with the case's `uci`.  A case is recovered
# when the printed game is the true one, or when the output says that
# games tie (`ties` true or `tied_games` > 0) and the true game is among
# `alternatives` at the printed game's cost.  A run hit a limit when the
# output has a `limit` key (or `timed_out` true, as arbiter prints today)
# or the exit status is not 0.
#
#   --no-final     leave the final position out (the stops then cannot be told)
#   --sheets=1     only each case's first sheet; --sheets=2: only the cases
#                  that have two sheets (both given)
#   --tap FLOOR    print one TAP line, failing when recovered% < FLOOR, then
#                  1..1 (the figures as TAP comments)
#   --results=FILE one JSON object a case (what was compared) into FILE
#
# Prints the cases, recovered, printed first, median / 90th percentile /
# maximum CPU seconds, the largest peak RSS, the runs that hit a limit, the
# runs that printed no game, and the missed cases with the half-move
# (0-based ply) of the first difference ("no game": the output has none;
# "no output": the program printed no JSON).  Needs sh, jq and rssmax
# (make build/rssmax).
set -u

usage() {
    echo "usage: tests/recon/eval.sh DIR [--no-final] [--sheets=1|2] [--tap FLOOR] [--results=FILE] [-- ARBITER ARGS...]" >&2
    exit 2
}

[ $# -ge 1 ] || usage
DIR=$1
shift
FINAL=1
SHEETS=all
TAP=
RESULTS=
while [ $# -gt 0 ]; do
    case $1 in
    --no-final) FINAL=0 ;;
    --sheets=1) SHEETS=1 ;;
    --sheets=2) SHEETS=2 ;;
    --tap) [ $# -ge 2 ] || usage; TAP=$2; shift ;;
    --tap=*) TAP=${1#--tap=} ;;
    --results=*) RESULTS=${1#--results=} ;;
    --) shift; break ;;
    *) usage ;;
    esac
    shift
done
ARBITER=${ARBITER:-./arbiter}
RSSMAX=${RSSMAX:-build/rssmax}
[ -f "$DIR/expected.jsonl" ] || { echo "eval.sh: no $DIR/expected.jsonl" >&2; exit 2; }
[ -x "$RSSMAX" ] || { echo "eval.sh: no $RSSMAX (make build/rssmax)" >&2; exit 2; }
command -v jq >/dev/null 2>&1 || { echo "eval.sh: jq is needed" >&2; exit 2; }
case $TAP in
'' | *[!0-9.]* | *.*.*) [ -z "$TAP" ] || usage ;;
esac

TMP=$(mktemp -d) || exit 2
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM

# The cases to run, one compact line each: case, sheet files, FEN, truth.
jq -c --arg s "$SHEETS" '
    select($s != "2" or (.sheets | length) >= 2)
    | {case, sheets: (if $s == "1" then .sheets[0:1] else .sheets end), final_fen, uci}' \
    "$DIR/expected.jsonl" > "$TMP/cases" || exit 2
: > "$TMP/results"

# run_case CASE SHEET_A SHEET_B FEN [EXTRA...]: one run of reconstruct,
# its measures in $TMP/rss and its output in $TMP/out.
run_case() {
    a=$2 b=$3 fen=$4
    shift 4
    if [ "$FINAL" = 1 ] && [ -n "$fen" ]; then
        set -- --final-fen="$fen" "$@"
    fi
    "$RSSMAX" -c -o "$TMP/out" "$ARBITER" reconstruct --format=jsonl "$@" \
        "$DIR/$a" ${b:+"$DIR/$b"} > "$TMP/rss" 2> "$TMP/err"
}

while IFS= read -r line; do
    c=$(printf '%s\n' "$line" | jq -r '.case')
    a=$(printf '%s\n' "$line" | jq -r '.sheets[0]')
    b=$(printf '%s\n' "$line" | jq -r '.sheets[1] // ""')
    fen=$(printf '%s\n' "$line" | jq -r '.final_fen // ""')
    run_case "$c" "$a" "$b" "$fen" "$@"
    read -r wall rss code cpu < "$TMP/rss" || { wall=0 rss=0 code=127 cpu=0; }
    # The output's first JSON object, or null when there is none.
    jq -c -s '.[0] // null' "$TMP/out" > "$TMP/obj" 2>/dev/null || echo null > "$TMP/obj"
    printf '%s\n' "$line" | jq -c --slurpfile o "$TMP/obj" \
        --argjson wall "$wall" --argjson rss "$rss" --argjson code "$code" --argjson cpu "$cpu" '
        .uci as $t
        | ($o[0]) as $r
        | ($r // {}) as $x
        | (($x.uci // []) == $t) as $first
        | (($x.ties // false) == true or ($x.tied_games // 0) > 0) as $tie
        | ($x.cost // null) as $cost
        | ($first or ($tie and $cost != null
              and any(($x.alternatives // [])[]; .uci == $t and ((.cost - $cost) | if . < 0 then -. else . end) < 1e-6))) as $rec
        | ($x.uci // []) as $u
        | {case, sheets: (.sheets | length), recovered: $rec, first: $first,
           limit: ($code != 0 or (($x.limit // false) != false and $x.limit != null) or $x.timed_out == true),
           output: ($r != null), game: ($x.uci != null), exit: $code, cpu: $cpu, wall: $wall, rss_kib: $rss,
           first_diff: (if $first or $x.uci == null then null
                        else ([range(0; ([($t | length), ($u | length)] | max))]
                              | map(select($t[.] != $u[.])) | first // null) end)}' >> "$TMP/results"
done < "$TMP/cases"

[ -z "$RESULTS" ] || cp "$TMP/results" "$RESULTS"

jq -r -s --arg dir "$DIR" --arg tap "$TAP" --arg final "$FINAL" --arg sheets "$SHEETS" '
    def pct(a; b): if b == 0 then 0 else (a * 1000 / b | round) / 10 end;
    def nearest(s; q): if (s | length) == 0 then 0 else s[((q * (s | length)) | ceil) - 1 | if . < 0 then 0 else . end] end;
    def median(s): if (s | length) == 0 then 0
                   elif (s | length) % 2 == 1 then s[(s | length - 1) / 2]
                   else (s[(s | length) / 2 - 1] + s[(s | length) / 2]) / 2 end;
    def secs: (. * 100 | round) / 100;
    length as $n
    | (map(select(.recovered)) | length) as $rec
    | (map(select(.first)) | length) as $first
    | (map(.cpu) | sort) as $cpu
    | (map(.rss_kib) | max // 0) as $rss
    | (map(select(.limit)) | length) as $lim
    | (map(select(.output and (.game | not))) | length) as $nogame
    | (map(select(.recovered | not))
       | map(.case + (if (.output | not) then " (no output, exit \(.exit))"
                      elif (.game | not) then " (no game)"
                      else " (ply \(.first_diff))" end))) as $missed
    | [ "\($dir): \($n) cases\(if $sheets != "all" then ", --sheets=\($sheets)" else "" end)\(if $final == "0" then ", no final position" else "" end)",
        "recovered      \($rec) (\(pct($rec; $n))%)",
        "printed first  \($first) (\(pct($first; $n))%)",
        "CPU seconds    median \(median($cpu) | secs), p90 \(nearest($cpu; 0.9) | secs), max \(($cpu | max // 0) | secs)",
        "max RSS        \(($rss / 1024 * 10 | round) / 10) MiB",
        "hit a limit    \($lim)",
        "no game found  \($nogame)",
        "missed         \(if ($missed | length) == 0 then "none" else ($missed | join(", ")) end)" ] as $lines
    | if $tap == "" then $lines[]
      else (($lines[] | "# " + .),
            (if pct($rec; $n) >= ($tap | tonumber) then "ok" else "not ok" end)
              + " 1 - \($dir): recovered \(pct($rec; $n))% (floor \($tap)%)",
            "1..1")
      end' "$TMP/results"
