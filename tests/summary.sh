#!/bin/sh
# summary.sh — --summary=jsonl: the counters of shards add up to those of
# the whole run; --format=json reads as one document; --format=junit is
# well-formed XML (TAP).  The sample round and the first 2,000 corpus games
# are cut in two at a game boundary and checked in parts.
set -u
ARBITER=${ARBITER:-./arbiter}
CORPUS=build/data/corpus/pgnmentor-14-players.pgn    # make data
[ -r "$CORPUS" ] || { echo "Bail out! $CORPUS not found (make data, from the top of the tree)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Sum two JSON values key by key (numbers add; objects recurse).
ADD='def addup($a; $b): if ($a|type) == "object" or ($b|type) == "object"
       then reduce ((($a // {}) + ($b // {})) | keys[]) as $k ({}; .[$k] = addup($a[$k]; $b[$k]))
       elif $a == null then $b elif $b == null then $a else $a + $b end;
     addup(.[0]; .[1])'
n=0 failed=0
check() {   # name file
    n=$((n + 1))
    cp "$2" "$tmp/all"
    games=$(grep -c '^\[Event ' "$2")
    half=$((games / 2))
    awk -v dir="$tmp" -v half="$half" 'BEGIN { g = 0 } /^\[Event / { g++ } { print > (dir (g <= half ? "/a" : "/b")) }' "$2"
    "$ARBITER" check --format=jsonl --summary=jsonl "$tmp/all" 2>/dev/null | tail -1 | jq -S -c '.summary | del(.files)' >"$tmp/whole"
    { "$ARBITER" check --format=jsonl --summary=jsonl "$tmp/a" 2>/dev/null | tail -1
      "$ARBITER" check --format=jsonl --summary=jsonl "$tmp/b" 2>/dev/null | tail -1; } |
        jq -S -s -c "[.[0].summary, .[1].summary] | $ADD | del(.files)" >"$tmp/parts"
    if [ -s "$tmp/whole" ] && cmp -s "$tmp/whole" "$tmp/parts" && grep -q "\"games\":$games" "$tmp/whole"; then
        echo "ok $n - $1: the two halves' summaries add up to the whole ($games games)"
    else
        failed=$((failed + 1))
        echo "not ok $n - $1: the halves do not add up"
        diff "$tmp/whole" "$tmp/parts" | head -5 | sed 's/^/# /'
    fi
}
check "sample round" samples/tilburg-1992-round1.pgn
awk '/^\[Event / { g++ } g <= 2000 { print }' "$CORPUS" >"$tmp/corpus2000.pgn"
check "2,000 corpus games" "$tmp/corpus2000.pgn"
# --format=json is one document a JSON reader takes whole, its games and
# summary agreeing.
n=$((n + 1))
if "$ARBITER" check --format=json samples/tilburg-1992-round1.pgn 2>/dev/null |
    jq -e '(.games | length) == .summary.games and .summary.games == 21' >/dev/null; then
    echo "ok $n - --format=json: one document, 21 games, as its summary says"
else
    failed=$((failed + 1))
    echo "not ok $n - --format=json is no valid document or disagrees with its summary"
fi
# Python's own JSON reader (Debian's python3) takes the json document and
# every jsonl line of the samples and of the test data (tests/data/pgn) whole.
n=$((n + 1))
"$ARBITER" check --format=json samples/*.pgn tests/data/pgn/*/*.pgn >"$tmp/doc.json" 2>/dev/null
"$ARBITER" check --format=jsonl --summary=jsonl samples/*.pgn tests/data/pgn/*/*.pgn >"$tmp/lines.jsonl" 2>/dev/null
if /usr/bin/python3 -c '
import json, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
lines = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")]
games = [l for l in lines if "summary" not in l]
assert len(doc["games"]) == len(games) == doc["summary"]["games"] == lines[-1]["summary"]["games"] > 50
assert doc["games"] == games
' "$tmp/doc.json" "$tmp/lines.jsonl"; then
    echo "ok $n - python3 json reads --format=json and every --format=jsonl line; they hold the same games"
else
    failed=$((failed + 1))
    echo "not ok $n - python3 json cannot read the json/jsonl output, or they disagree"
fi
# --format=junit is well-formed XML (xmllint reads it) with one testcase per
# game and the failures the errors make.
n=$((n + 1))
"$ARBITER" check --format=junit samples/tilburg-1992-round1.pgn 2>/dev/null >"$tmp/junit.xml"
if xmllint --noout "$tmp/junit.xml" && [ "$(grep -c '<testcase ' "$tmp/junit.xml")" -eq 21 ] &&
    grep -q '<testsuites name="arbiter" tests="21" failures="2" errors="0">' "$tmp/junit.xml"; then
    echo "ok $n - --format=junit: well-formed, 21 test cases, 2 failures"
else
    failed=$((failed + 1))
    echo "not ok $n - --format=junit is not what it should be"
fi
echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
