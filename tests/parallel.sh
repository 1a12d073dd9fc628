#!/bin/sh
# parallel.sh — the GNU parallel recipe of README.md (TAP): a large file cut
# by `parallel --pipe-part` at game boundaries, each piece checked by its own
# arbiter reading standard input, the outputs kept in order and merged by
# tools/merge-shards.jq, equals one run over the whole file, byte for byte.
set -u
ARBITER=${ARBITER:-./arbiter}
CORPUS=build/data/corpus/pgnmentor-14-players.pgn    # make data
[ -r "$CORPUS" ] || { echo "Bail out! $CORPUS not found (make data, from the top of the tree)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }

if ! command -v parallel >/dev/null 2>&1 || ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
    not_ok "GNU parallel is not installed (Debian package parallel; tools/deps.sh test)"
    echo "1..$n"
    exit 1
fi
# The corpus's first 19,000 games (all UTF-8: see README on other
# encodings), twice: 38,000 games, some 24 MB.
awk '/^\[Event / { g++ } g <= 19000 { print }' "$CORPUS" >"$tmp/part.pgn"
cat "$tmp/part.pgn" "$tmp/part.pgn" >"$tmp/big.pgn"
games=$(grep -c '^\[Event ' "$tmp/big.pgn")

"$ARBITER" check --format=jsonl --summary=jsonl "$tmp/big.pgn" >"$tmp/single" 2>/dev/null
parallel --pipe-part -a "$tmp/big.pgn" --block 1M --recend '\n\n' --recstart '[Event "' -k \
    "$ARBITER" check --format=jsonl --summary=jsonl --origin="$tmp/big.pgn" - >"$tmp/shards" 2>/dev/null
jq -c -n -f tools/merge-shards.jq <"$tmp/shards" >"$tmp/merged"

shards=$(grep -c '^{"summary":' "$tmp/shards")
if [ "$shards" -ge 10 ]; then
    ok "parallel cut $games games into $shards shards"
else
    not_ok "parallel made $shards shards"
fi
records=$(grep -vc '^{"summary":' "$tmp/shards")
if [ "$records" -eq "$games" ] && [ "$(grep -vc '^{"summary":' "$tmp/single")" -eq "$games" ]; then
    ok "one record per game across the shards ($records)"
else
    not_ok "$records records from the shards for $games games"
fi
if [ -s "$tmp/single" ] && cmp -s "$tmp/single" "$tmp/merged"; then
    ok "the merged shards equal one run over the file ($(wc -c <"$tmp/merged") bytes, summary included)"
else
    not_ok "the merged shards differ from one run"
    diff "$tmp/single" "$tmp/merged" | head -4 | cut -c1-200 | sed 's/^/# /'
fi
# Without the merge, the shards' records are true about file name and
# content; only the numbering restarts per shard.
if jq -e -s '[.[] | select(.file) | .file] | unique == ["'"$tmp/big.pgn"'"]' "$tmp/shards" >/dev/null; then
    ok "every shard's records name the file (--origin)"
else
    not_ok "a shard's records name another file"
fi
# A file that is not all UTF-8 (every third game Latin-1), without
# --encoding: each shard guesses game by game as one run does, and the
# merge continues the file offsets the encoding-guess messages give.
LC_ALL=C awk '/^\[Event / { g++; if (g % 3 == 0 && g <= 3000) { printf "[Event \"M%ckinen open %d\"]\n", 228, g; next } }
              g <= 3000 { print }' "$CORPUS" >"$tmp/mixed.pgn"
cat "$tmp/mixed.pgn" "$tmp/mixed.pgn" >"$tmp/mixed2.pgn"
"$ARBITER" check --format=jsonl --summary=jsonl "$tmp/mixed2.pgn" >"$tmp/msingle" 2>/dev/null
parallel --pipe-part -a "$tmp/mixed2.pgn" --block 256k --recend '\n\n' --recstart '[Event "' -k \
    "$ARBITER" check --format=jsonl --summary=jsonl --origin="$tmp/mixed2.pgn" - >"$tmp/mshards" 2>/dev/null
jq -c -n -f tools/merge-shards.jq <"$tmp/mshards" >"$tmp/mmerged"
guesses=$(grep -c '"encoding-guess"' "$tmp/msingle")
if [ "$guesses" -gt 10 ] && [ "$(grep -c '^{"summary":' "$tmp/mshards")" -ge 4 ] && cmp -s "$tmp/msingle" "$tmp/mmerged"; then
    ok "a file with Latin-1 games, without --encoding: the merged shards equal one run ($guesses encoding-guess findings, their file offsets)"
else
    not_ok "Latin-1 games without --encoding: the merged shards differ from one run ($guesses guesses)"
    diff "$tmp/msingle" "$tmp/mmerged" | head -4 | cut -c1-300 | sed 's/^/# /'
fi
echo "1..$n"
[ "$failed" -eq 0 ]
