#!/bin/sh
# run.sh — arbiter on the shared test data (TAP).
#
# 1. Every PGN of $SHARED/testdata/pgn: no crash and no sanitizer report,
#    exit status 0 or 1, valid JSON Lines, one record per game (counts in
#    testdata-expect.txt), and what a person expects of it
#    (findings-expect.txt).
# 2. Every game of the corpus replays to the position python-chess gives
#    (corpus-fens.txt.gz, from tools/gen-shared-expect.py), and the corpus
#    (real games) has no error finding.
set -u
ARBITER=${ARBITER:-./arbiter}
ARBITER_REL=${ARBITER_REL:-$ARBITER}
SHARED=${SHARED:-../shared}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | head -10 | sed 's/^/#   /'; return 0; }

if [ ! -d "$SHARED/testdata/pgn" ] || [ ! -r "$SHARED/corpus/pgnmentor-14-players.pgn" ]; then
    echo "Bail out! shared data not found at $SHARED (set SHARED=)"
    exit 1
fi

tab=$(printf '\t')
grep -v '^#' "$here/testdata-expect.txt" | while IFS="$tab" read -r file games _; do
    echo "$file$tab$games"
done > "$tmp/expect"
# Every PGN file there must be listed (a new file needs a verdict).
(cd "$SHARED/testdata/pgn" && find . -name '*.pgn' | sed 's|^\./||' | sort) > "$tmp/files"
cut -f1 "$tmp/expect" | sort > "$tmp/listed"
if cmp -s "$tmp/files" "$tmp/listed"; then
    pass "every PGN of testdata/pgn has an expected game count"
else
    fail "every PGN of testdata/pgn has an expected game count" "$(diff "$tmp/listed" "$tmp/files")"
fi

while IFS="$tab" read -r file games; do
    path=$SHARED/testdata/pgn/$file
    "$ARBITER" check --format=jsonl "$path" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    why=""
    [ "$rc" -le 1 ] || why="exit status $rc"
    if grep -q -e 'AddressSanitizer' -e 'runtime error' -e 'LeakSanitizer' "$tmp/err"; then
        why="${why:+$why; }sanitizer report"
    fi
    if ! jq -e -s 'all(.[]; type == "object" and has("findings"))' "$tmp/out" >/dev/null 2>&1; then
        why="${why:+$why; }output is not JSON Lines"
    fi
    got=$(wc -l < "$tmp/out" | tr -d ' ')
    [ "$got" = "$games" ] || why="${why:+$why; }$got records, want $games"
    if [ -z "$why" ]; then
        pass "$file: $games games, exit $rc, clean"
    else
        fail "$file: $why" "$(head -5 "$tmp/err")"
    fi
    cp "$tmp/out" "$tmp/rec-$(echo "$file" | tr '/' '_')"
done < "$tmp/expect" > "$tmp/tap1"   # (no pipeline: n and failed count on)
cat "$tmp/tap1"



grep -v '^#' "$here/findings-expect.txt" | while IFS="$tab" read -r file filter what; do
    rec=$tmp/rec-$(echo "$file" | tr '/' '_')
    if [ -s "$rec" ] && [ "$(jq -s "$filter" "$rec" 2>&1)" = true ]; then
        echo "ok - $file: $what"
    else
        echo "not ok - $file: $what"
        jq -c -s '[.[] | {game, end_ply, end_reason, findings: [.findings[] | {code, ply, move}]}]' "$rec" 2>&1 | cut -c1-400 | sed 's/^/#   /'
    fi
done > "$tmp/tap2"
cat "$tmp/tap2"
n=$((n + $(grep -c '^ok\|^not ok' "$tmp/tap2")))
failed=$((failed + $(grep -c '^not ok' "$tmp/tap2")))

# The corpus: final positions against python-chess, no errors.
"$ARBITER_REL" check --format=jsonl "$SHARED/corpus/pgnmentor-14-players.pgn" >"$tmp/corpus" 2>"$tmp/corpus.err"
rc=$?
jq -r '[.game, .fen] | @tsv' "$tmp/corpus" > "$tmp/fens"
if gzip -dc "$here/corpus-fens.txt.gz" | cmp -s - "$tmp/fens"; then
    pass "all $(wc -l < "$tmp/fens" | tr -d ' ') corpus games end in the position python-chess gives"
else
    fail "corpus games end in the position python-chess gives" "$(gzip -dc "$here/corpus-fens.txt.gz" | diff - "$tmp/fens" | head -8)"
fi
games=$(wc -l < "$tmp/corpus" | tr -d ' ')
errors=$(jq -r '.findings[] | select(.severity == "error") | "\(.code) game \(input_line_number)"' "$tmp/corpus" | head -5)
if [ "$rc" -eq 0 ] && [ "$games" = 28058 ] && [ -z "$errors" ]; then
    pass "corpus: 28058 records, no error finding, exit 0"
else
    fail "corpus: $games records (want 28058), exit $rc, errors: ${errors:-none}"
fi
echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
