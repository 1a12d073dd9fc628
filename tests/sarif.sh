#!/bin/sh
# sarif.sh — --format=sarif read by a real consumer: every log validates
# against the SARIF 2.1.0 schema (tests/sarif/, python3-jsonschema) and
# says what the JSON Lines records of the same input say, result for
# result (tests/sarif/check.py); the bytes are the same from run to run;
# the fingerprints stay when a game is added above; no input and an
# unreadable file still give one valid log (TAP).
set -u
ARBITER=${ARBITER:-./arbiter}
case $ARBITER in /*) ;; *) ARBITER=$(pwd)/$ARBITER ;; esac
CORPUS=build/data/corpus/pgnmentor-14-players.pgn    # make data
[ -r "$CORPUS" ] || { echo "Bail out! $CORPUS not found (make data, from the top of the tree)"; exit 1; }
SCHEMA=tests/sarif/sarif-2.1.0-rtm.5.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Debian's python3 has python3-jsonschema (tools/deps.sh); another python3
# on the PATH may not.
PY=python3
[ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import jsonschema' 2>/dev/null && PY=/usr/bin/python3
n=0 failed=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }

# check NAME FILE...: the log of FILE... against the schema and the records.
check() {
    name=$1
    shift
    "$ARBITER" check --format=sarif "$@" >"$tmp/log.sarif" 2>/dev/null
    "$ARBITER" check --format=jsonl "$@" >"$tmp/records.jsonl" 2>/dev/null
    if out=$("$PY" tests/sarif/check.py "$SCHEMA" "$tmp/log.sarif" "$tmp/records.jsonl" 2>&1); then
        pass "$name: valid SARIF 2.1.0, one result per finding ($out)"
    else
        fail "$name: the SARIF log is wrong"
        echo "$out" | head -12 | sed 's/^/#   /'
    fi
    if "$ARBITER" check --format=sarif "$@" 2>/dev/null | cmp -s - "$tmp/log.sarif"; then
        pass "$name: a second run writes the same bytes"
    else
        fail "$name: two runs differ"
    fi
}

check "the sample round" samples/*.pgn
# shellcheck disable=SC2046
check "the test PGN of tests/data/pgn" $(find tests/data/pgn -name '*.pgn' | sort)
awk '/^\[Event / { g++ } g <= 5000 { print }' "$CORPUS" >"$tmp/corpus5000.pgn"
check "5,000 corpus games" "$tmp/corpus5000.pgn"

# A game added at the top moves every line below it: the old results keep
# their fingerprints, and the new game's finding has one more.
cp samples/tilburg-1992-round1.pgn "$tmp/round.pgn"
{ printf '[Event "Added above"]\n[White "New"]\n[Black "Player"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n\n'
  cat samples/tilburg-1992-round1.pgn; } >"$tmp/round-added.pgn"
fp='[.runs[0].results[].partialFingerprints["arbiterFinding/v1"]] | sort | .[]'
(cd "$tmp" && "$ARBITER" check --format=sarif round.pgn 2>/dev/null) | jq -r "$fp" >"$tmp/before"
cp "$tmp/round-added.pgn" "$tmp/round.pgn"
(cd "$tmp" && "$ARBITER" check --format=sarif round.pgn 2>/dev/null) | jq -r "$fp" >"$tmp/after"
if [ -s "$tmp/before" ] && [ "$(comm -23 "$tmp/before" "$tmp/after" | wc -l)" -eq 0 ] &&
    [ "$(wc -l <"$tmp/after")" -eq $(($(wc -l <"$tmp/before") + 1)) ]; then
    pass "fingerprints stay when a game is added above ($(wc -l <"$tmp/before") results)"
else
    fail "fingerprints changed when a game was added above"
    diff "$tmp/before" "$tmp/after" | head -5 | sed 's/^/#   /'
fi

# No input: still one valid log, with no results.
"$ARBITER" check --format=sarif </dev/null >"$tmp/empty.sarif" 2>/dev/null
: >"$tmp/empty.jsonl"
if "$PY" tests/sarif/check.py "$SCHEMA" "$tmp/empty.sarif" "$tmp/empty.jsonl" >/dev/null &&
    jq -e '.runs[0].results == [] and .runs[0].invocations[0].executionSuccessful == true' "$tmp/empty.sarif" >/dev/null; then
    pass "no games: a valid log with no results"
else
    fail "no games: no valid log"
fi

# An unreadable file is a notification of an unsuccessful run, not a result.
"$ARBITER" check --format=sarif "$tmp/no such.pgn" samples/tilburg-1992-round1.pgn >"$tmp/unread.sarif" 2>/dev/null
status=$?
"$ARBITER" check --format=jsonl "$tmp/no such.pgn" samples/tilburg-1992-round1.pgn >"$tmp/unread.jsonl" 2>/dev/null
if [ "$status" -eq 2 ] && "$PY" tests/sarif/check.py "$SCHEMA" "$tmp/unread.sarif" "$tmp/unread.jsonl" >/dev/null &&
    jq -e '.runs[0].invocations[0] | .executionSuccessful == false and (.toolExecutionNotifications | length) == 1
           and (.toolExecutionNotifications[0].locations[0].physicalLocation.artifactLocation.uri | endswith("/no%20such.pgn"))' \
        "$tmp/unread.sarif" >/dev/null; then
    pass "an unreadable file: exit status 2, one notification, the results of the other file"
else
    fail "an unreadable file is not reported as it should be (status $status)"
fi

echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
