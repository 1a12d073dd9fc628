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
echo "1..$n"
[ "$failed" -eq 0 ]
