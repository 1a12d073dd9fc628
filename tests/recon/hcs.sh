#!/bin/sh
# hcs.sh — `arbiter reconstruct` on what players really wrote (TAP).
#
# The HCS dataset's transcriptions (tests/data/scoresheets/hcs, training
# and testing) become one move list per sheet (tools/hcs2pgn.sh;
# most games have two sheets, the two players').  For every sheet: does
# `arbiter check` find it legal as written (no error finding), does
# reconstruct turn it into a legal game, in how long (the whole process,
# wall clock), with how many corrections, and does that game replay: its
# SAN fed back through `arbiter check` has no error and ends in the
# position reconstruct reports.  Then every game with two sheets is
# reconstructed from both.  Asserts: 90% of the sheets (and of the games
# with two) give a legal game, every game given replays, no call fails.
# Run by `make bench` (it takes a minute or two).
set -u
ARBITER=${ARBITER:-./arbiter}
H=${HCS:-tests/data/scoresheets/hcs}
HCS2PGN=${HCS2PGN:-tools/hcs2pgn.sh}
[ -r "$H/training_tags.txt" ] || { echo "not ok 1 - $H not found"; echo "1..1"; exit 1; }
command -v jq >/dev/null || { echo "not ok 1 - jq not installed (tools/deps.sh test)"; echo "1..1"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/sheets" "$tmp/out"

n=0
fails=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
notok() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $*"; }
ms_now() { date +%s%N | cut -c1-13; }

sh "$HCS2PGN" "$H/training_tags.txt" "$tmp/sheets" train- > "$tmp/list" &&
    sh "$HCS2PGN" "$H/testing_tags.txt" "$tmp/sheets" test- >> "$tmp/list"
sheets=$(wc -l < "$tmp/list")
games=$(sed 's/-[a-z]\.txt$//' "$tmp/list" | sort -u | wc -l)
if [ "$sheets" -gt 200 ]; then ok "hcs2pgn: $sheets sheets of $games games"; else notok "hcs2pgn: only $sheets sheets"; fi

# Legal as written: one check over every sheet (file -> error findings).
"$ARBITER" check --format=jsonl $(cat "$tmp/list") 2>/dev/null |
    jq -r '"\(.file) \([.findings[] | select(.severity == "error")] | length)"' > "$tmp/legal"
# Reconstruct each sheet: name found ms corrections lang.
: > "$tmp/rec"
failed_calls=0
while read -r f; do
    name=$(basename "$f" .txt)
    t0=$(ms_now)
    "$ARBITER" reconstruct --format=jsonl "$f" > "$tmp/out/$name.json" 2> "$tmp/out/$name.err"
    rc=$?
    t1=$(ms_now)
    [ "$rc" -le 1 ] || failed_calls=$((failed_calls + 1))
    jq -r --arg n "$name" --arg ms $((t1 - t0)) \
        'if .uci == null or .partial then "\($n) 0 \($ms) 0 -" else "\($n) 1 \($ms) \(.corrections | length) \(.sheets[0].lang)" end' \
        "$tmp/out/$name.json" >> "$tmp/rec" 2>/dev/null || echo "$name 0 $((t1 - t0)) 0 -" >> "$tmp/rec"
    # The game found, as SAN, to replay; and what it should end in.
    jq -r 'select(.uci != null and (.partial | not)) | .san | join(" ")' "$tmp/out/$name.json" > "$tmp/out/$name.san" 2>/dev/null
    [ -s "$tmp/out/$name.san" ] || rm -f "$tmp/out/$name.san"
done < "$tmp/list"
# Replay every game found through check: name ok (no error, same plies and position).
: > "$tmp/replay"
if ls "$tmp/out/"*.san >/dev/null 2>&1; then
    "$ARBITER" check --format=jsonl "$tmp/out/"*.san 2>/dev/null |
        jq -r '"\(.file) \([.findings[] | select(.severity == "error")] | length) \(.plies) \(.fen)"' |
        while read -r file errs plies fen; do
            name=$(basename "$file" .san)
            want=$(jq -r '"\(.uci | length) \(.fen)"' "$tmp/out/$name.json")
            if [ "$errs" = 0 ] && [ "$plies $fen" = "$want" ]; then echo "$name 1"; else echo "$name 0"; fi
        done > "$tmp/replay"
fi
# One line per sheet: name legal found ms corrections lang replays
awk 'FILENAME ~ /legal$/ { n = $1; sub(/.*\//, "", n); sub(/\.txt$/, "", n); legal[n] = ($2 == 0) ; next }
     FILENAME ~ /replay$/ { rp[$1] = $2; next }
     { print $1, ($1 in legal) ? legal[$1] : 0, $2, $3, $4, $5, ($1 in rp) ? rp[$1] : "-" }' \
    "$tmp/legal" "$tmp/replay" "$tmp/rec" > "$tmp/table"

stats() {   # table -> "n legal found median max meancorr replayed notreplayed otherlang"
    sort -k4,4n "$1" | awk '
        { t[NR] = $4; legal += $2; found += $3; if ($3) { corr += $5; } if ($7 == "1") rp++; if ($7 == "0") nrp++;
          if ($6 != "en" && $6 != "-") other++ }
        END { med = NR ? t[int((NR + 1) / 2)] : 0; printf "%d %d %d %d %d %.1f %d %d %d\n", NR, legal, found, med, t[NR],
              found ? corr / found : 0, rp, nrp, other }'
}
set -- $(stats "$tmp/table")
echo "# HCS, one sheet at a time: $1 sheets of $games games; legal as written (arbiter check, no error): $2;"
echo "#   reconstruct found a legal game for $3; time per call (process, wall) median $4 ms, max $5 ms;"
echo "#   $6 corrections per game found on average; $9 sheets read in another language than English"
if [ "$3" -ge $(( $1 * 9 / 10 )) ]; then ok "reconstruct finds a legal game for $3 of $1 sheets (>= 90%)"
else notok "reconstruct finds a legal game for only $3 of $1 sheets (< 90%)"; fi
if [ "$8" -eq 0 ] && [ "$7" -eq "$3" ]; then ok "all $7 games found replay through arbiter check to the reported position"
else notok "$8 of the games found do not replay through arbiter check to the reported position"
    awk '$7 == "0" { print "#   " $1 }' "$tmp/table" | head -10; fi

# Two sheets of one game together.
: > "$tmp/table2"
for g in $(sed 's/-[a-z]\.txt$//' "$tmp/list" | sort | uniq -d); do
    name=$(basename "$g")
    t0=$(ms_now)
    "$ARBITER" reconstruct --format=jsonl "$g-a.txt" "$g-b.txt" > "$tmp/out/$name-ab.json" 2>/dev/null
    rc=$?
    t1=$(ms_now)
    [ "$rc" -le 1 ] || failed_calls=$((failed_calls + 1))
    jq -r --arg n "$name-ab" --arg ms $((t1 - t0)) \
        'if .uci == null or .partial then "\($n) 0 0 \($ms) 0 - -" else "\($n) 0 1 \($ms) \(.corrections | length) en -" end' \
        "$tmp/out/$name-ab.json" >> "$tmp/table2" 2>/dev/null || echo "$name-ab 0 0 $((t1 - t0)) 0 - -" >> "$tmp/table2"
done
set -- $(stats "$tmp/table2")
echo "# HCS, both sheets of a game together: $1 games; found $3; time median $4 ms, max $5 ms; $6 corrections on average"
if [ "$1" -gt 0 ] && [ "$3" -ge $(( $1 * 9 / 10 )) ]; then ok "two sheets: a legal game for $3 of $1 games (>= 90%)"
else notok "two sheets: a legal game for only $3 of $1 games"; fi
if [ "$failed_calls" -eq 0 ]; then ok "every reconstruct call exits with status 0 or 1"
else notok "$failed_calls reconstruct calls failed (status > 1)"; fi
if [ -n "${HCS_KEEP:-}" ]; then
    rm -rf "$HCS_KEEP" && cp -r "$tmp" "$HCS_KEEP" && echo "# kept in $HCS_KEEP"
fi
echo "1..$n"
[ "$fails" -eq 0 ]
