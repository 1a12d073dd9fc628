#!/bin/sh
# run.sh — arbiter against the test data of tests/data (TAP).
#
#   make data && ARBITER=./arbiter-asan ARBITER_REL=./arbiter sh tests/shared/run.sh
#
# ARBITER (may be a sanitizer build) reads every PGN of tests/data/pgn;
# ARBITER_REL (the fast build) reads the 28,058-game corpus (stored
# compressed: build/data/corpus, by make data).  Needs jq only:
# They compare under --rules=fide-2023: python-chess knows one set of Laws,
# the newest (fivefold and 75 moves), where the default, --rules=auto, would
# judge a 1909 game by the oldest edition arbiter knows.
# the python-chess expectations were written once by
# tools/gen-shared-expect.py and are kept here.
#
# 1. Each PGN: exit status 0 or 1, no sanitizer report, one well-formed JSON
#    object per line with the keys of INTERFACE.md, games numbered 1..N, and
#    as many records as the file holds games (testdata-expect.txt: counts
#    with the reason wherever python-chess counts otherwise).
# 2. What a person expects of particular files (findings-expect.txt).
# 3. Every error and warning on the test data (and every finding of a code
#    the list names), against a list read by hand (findings-golden.txt).
# 4. Where python-chess reads a file's games as a careful reader does: the
#    final position, the end of the game, repetitions and move counts
#    (testdata-pc.txt; compare.jq).
# 5. The corpus: final positions (corpus-fens.txt.gz), the Laws' events
#    (corpus-events.txt), and no error but what the Laws themselves give.
#
# What depends on a finding code that `arbiter check --help` lists as
# "not yet checked" is not run until arbiter checks it (a TAP comment says so).
set -u
ARBITER=${ARBITER:-./arbiter}
ARBITER_REL=${ARBITER_REL:-$ARBITER}
PGN=tests/data/pgn
CORPUS=build/data/corpus/pgnmentor-14-players.pgn
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' INT TERM
tab=$(printf '\t')
n=0 failed=0

# pass DESC; fail DESC [DETAILS]; skip DESC WHY; check DESC DETAILS (empty: pass)
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() {
    n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"
    if [ -n "${2:-}" ]; then printf '%s\n' "$2" | head -12 | sed 's/^/#   /'; fi
    return 0
}
skip() { echo "# not run yet: $1 ($2)"; }   # a comment, not a test: nothing is counted as passed
check() { if [ -z "$2" ]; then pass "$1"; else fail "$1" "$2"; fi; }

if [ ! -d "$PGN" ] || [ ! -r "$CORPUS" ]; then
    echo "Bail out! test data not found: $PGN, $CORPUS (make data, from the top of the tree)"
    exit 1
fi
command -v jq >/dev/null 2>&1 || { echo "Bail out! jq is needed"; exit 1; }

# Finding codes arbiter does not check yet (the --help section after
# "Reserved"); `implemented CODE` is true when arbiter checks CODE.
help=$("$ARBITER" check --help 2>/dev/null)
reserved=$(printf '%s\n' "$help" | sed -n '/^Reserved/,/^$/p' | sed 1d | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')
implemented() { case " $reserved " in *" $1 "*) return 1 ;; esac; return 0; }
[ -n "$reserved" ] && echo "# not yet checked by $ARBITER: $reserved"

# --- 1. every PGN file: runs cleanly, one record per game ---------------

grep -v '^#' "$here/testdata-expect.txt" | cut -f1,2 > "$tmp/expect"
(cd "$PGN" && find . -name '*.pgn' | sed 's|^\./||' | LC_ALL=C sort) > "$tmp/files"
cut -f1 "$tmp/expect" | LC_ALL=C sort > "$tmp/listed"
# and its python-chess column is what testdata-pc.txt (generated) holds
grep -v '^#' "$here/testdata-pc.txt" | awk -F"$tab" '{ n[$1] = $2 } END { for (f in n) print f "\t" n[f] }' \
    | LC_ALL=C sort > "$tmp/pc-counts"
grep -v '^#' "$here/testdata-expect.txt" | cut -f1,3 | LC_ALL=C sort > "$tmp/pc-listed"
check "every PGN of tests/data/pgn has an expected game count" \
    "$(diff "$tmp/listed" "$tmp/files" | grep '^[<>]' | sed 's/^>/not listed:/; s/^</no such file:/'
       diff "$tmp/pc-listed" "$tmp/pc-counts" | grep '^[<>]' | sed 's/^</testdata-expect.txt:/; s/^>/testdata-pc.txt:    /')"

# One problem per line: not JSON, a key missing, a value of the wrong kind,
# a finding code with another severity than INTERFACE.md gives it (codes it
# does not name may change severity with the edition: notation-form).
cat > "$tmp/valid.jq" <<'EOF'
{"pgn-syntax": "error", "unknown-move": "error", "illegal-move": "error",
 "ambiguous-move": "error", "promotion-missing": "error", "move-after-end": "error",
 "result-mismatch": "error", "fivefold-repetition": "warning",
 "seventyfive-moves": "warning", "dead-position": "warning",
 "threefold-claimable": "info", "fifty-move-claimable": "info",
 "timeout-vs-insufficient": "error", "flag-fall": "warning",
 "clock-inconsistent": "warning", "draw-offer": "info"} as $interface
| $interface as $sev
| (try fromjson catch null) as $r
| if ($r | type) != "object" then "not a JSON object: \(.[0:60])"
  else $r
  | (["file", "game", "line", "tags", "lang", "rules", "mode", "plies", "end_ply",
      "end_reason", "fen", "result_tag", "result_rules", "findings"] - keys) as $miss
  | if ($miss | length) > 0 then "game \(.game): no key \($miss | join(", "))"
    else
      (if .file != $file then "game \(.game): file is \(.file | tojson)" else empty end),
      (if (.game | type) != "number" or (.plies | type) != "number" or (.tags | type) != "object"
          or (.findings | type) != "array"
       then "game \(.game): a value of the wrong type" else empty end),
      # a variant's position is no chess position: its FEN may be null
      (if (.fen | type) != "string" and ((.fen == null and any(.findings[]; .code == "unsupported-variant")) | not)
       then "game \(.game): fen is \(.fen | tojson)" else empty end),
      (if (.end_reason | IN(null, "checkmate", "stalemate", "dead-position",
                            "fivefold-repetition", "seventyfive-moves") | not)
          or (.mode | IN("standard", "rapid", "blitz") | not)
          or ((.end_reason == null) != (.end_ply == null))
       then "game \(.game): end_reason \(.end_reason), end_ply \(.end_ply), mode \(.mode)" else empty end),
      (.game as $g | .findings[]
       | (["code", "severity", "ply", "move", "line", "col", "article", "message"] - keys) as $fm
       | if ($fm | length) > 0 then "game \($g): a finding without \($fm | join(", "))"
         elif (.severity | IN("error", "warning", "info") | not) or ($sev[.code] // .severity) != .severity
         then "game \($g): \(.code) has severity \(.severity), not \($sev[.code] // "error, warning or info")"
         else empty end)
    end
  end
EOF

while IFS="$tab" read -r file games; do
    path=$PGN/$file
    rec=$tmp/rec-$(echo "$file" | tr '/' '_')
    "$ARBITER" check --rules=fide-2023 --format=jsonl "$path" >"$rec" 2>"$tmp/err" </dev/null
    rc=$?
    why=""
    [ "$rc" -le 1 ] || why="exit status $rc"
    if grep -q -e 'AddressSanitizer' -e 'LeakSanitizer' -e 'runtime error' "$tmp/err"; then
        why="${why:+$why; }sanitizer report"
    fi
    bad=$(jq -R -r --arg file "$path" -f "$tmp/valid.jq" "$rec" 2>&1 \
        | awk '!seen[$0]++' | head -3 | awk '{ printf "%s%s", (NR > 1 ? "; " : ""), $0 }')
    [ -z "$bad" ] || why="${why:+$why; }$bad"
    if [ -z "$bad" ] && ! jq -s -e '[.[].game] == [range(1; length + 1)]' "$rec" >/dev/null; then
        why="${why:+$why; }games not numbered 1..N in order"
    fi
    got=$(wc -l < "$rec" | tr -d ' ')
    [ "$got" = "$games" ] || why="${why:+$why; }$got records, want $games"
    if [ -z "$why" ]; then
        pass "$file: $games games, exit $rc, well-formed records"
    else
        fail "$file: $why" "$(head -5 "$tmp/err")"
    fi
done < "$tmp/expect"
cat "$tmp"/rec-* > "$tmp/all"

# --- 2. what a person expects of particular files --------------------------

grep -v '^#' "$here/findings-expect.txt" > "$tmp/fexp"
while IFS="$tab" read -r file filter what; do
    rec=$tmp/rec-$(echo "$file" | tr '/' '_')
    if [ -s "$rec" ] && [ "$(jq -s "$filter" "$rec" 2>&1)" = true ]; then
        pass "$file: $what"
    else
        fail "$file: $what" "$(jq -c -s '[.[] | {game, end_ply, end_reason, result_rules, findings: [.findings[] | {code, ply, move}]}]' "$rec" 2>&1 | cut -c1-600)"
    fi
done < "$tmp/fexp"

# --- 3. every error and warning, against the list read by hand ------------

not_reserved() {    # stdin: lines with the code in field $1; drops reserved codes
    awk -F"$tab" -v f="$1" -v r=" $reserved " 'index(r, " " $f " ") == 0'
}
rules_codes='"threefold-claimable","fifty-move-claimable","fivefold-repetition","seventyfive-moves","dead-position","move-after-end"'
grep -v '^#' "$here/findings-golden.txt" | cut -f1-4 | not_reserved 4 | LC_ALL=C sort -u > "$tmp/golden"
# Compared: every error and warning, and the findings of any severity of a
# code the list names; PLY "*" in the list stands for one or more plies.
jq -R -s '[split("\n")[] | select(length > 0) | split("\t")]
    | {codes: (map(.[3]) | unique), any: (map(select(.[2] == "*") | .[0:2] + [.[3]] | join("\t")))}' \
    "$tmp/golden" > "$tmp/golden.json"
jq -r --arg prefix "$PGN/" --slurpfile g "$tmp/golden.json" '
    . as $r | .findings[]
    | select((.severity != "info" or (.code | IN($g[0].codes[]))) and (.code | IN('"$rules_codes"') | not))
    | [($r.file | ltrimstr($prefix)), ($r.game | tostring), .code] as $k
    | (if ($k | join("\t") | IN($g[0].any[])) then "*" else (.ply | tostring) end) as $ply
    | [$k[0], $k[1], $ply, $k[2]] | join("\t")' \
    "$tmp/all" | LC_ALL=C sort -u > "$tmp/found"
check "test data: every finding is one a person agrees with, none missed ($(wc -l < "$tmp/golden" | tr -d ' ') lines of findings-golden.txt)" \
    "$(diff "$tmp/golden" "$tmp/found" | grep '^[<>]' | sed 's/^</missed:/; s/^>/unexpected:/')"

# --- 4. test data against python-chess --------------------------------------

# facts.json from "FILE GAME PLIES END END_PLY THREE FIVE FIFTY S75 INSUF [FEN]"
to_facts() {
    jq -R -s 'def num: if . == null then null else tonumber end;
        [split("\n")[] | select(length > 0 and (startswith("#") | not))
        | split("\t") | map(if . == "-" then null else . end)
        | {key: (.[0] + "\t" + .[1]),
           value: {plies: (.[2] | num), end: .[3], end_ply: (.[4] | num),
                   three: (.[5] | num), five: (.[6] | num), fifty: (.[7] | num),
                   s75: (.[8] | num), insuf: (.[9] | num), fen: .[10]}}]
        | from_entries'
}
# only the files python-chess splits into games as a careful reader does
grep -v '^#' "$here/testdata-expect.txt" | awk -F"$tab" '$2 == $3 { print $1 }' > "$tmp/same"
grep -v '^#' "$here/testdata-pc.txt" | awk -F"$tab" 'NR == FNR { ok[$1] = 1; next } ok[$1]' "$tmp/same" - \
    | to_facts > "$tmp/facts.json"
compare() {   # PART FACTS PREFIX ALL < RECORDS
    jq -n -r -f "$here/compare.jq" --slurpfile facts "$2" --arg part "$1" \
        --arg reserved "$reserved" --arg prefix "$3" --arg all "$4"
}
ngames=$(jq 'length' "$tmp/facts.json")
check "test data: $ngames games end in the position python-chess gives (final FEN, plies)" \
    "$(compare positions "$tmp/facts.json" "$PGN/" 0 < "$tmp/all")"
check "test data: checkmate, stalemate and the other ends of the game as python-chess finds them" \
    "$(compare ends "$tmp/facts.json" "$PGN/" 0 < "$tmp/all")"
rules_desc="threefold and fifty-move claims, fivefold, 75 moves, dead positions"
if implemented threefold-claimable || implemented fifty-move-claimable || implemented fivefold-repetition \
   || implemented seventyfive-moves || implemented dead-position; then
    check "test data: $rules_desc where python-chess finds them" \
        "$(compare rules "$tmp/facts.json" "$PGN/" 0 < "$tmp/all")"
else
    skip "test data: $rules_desc where python-chess finds them" "arbiter does not check them yet"
fi

# --- 5. the corpus -----------------------------------------------------------

corpus=$CORPUS
"$ARBITER_REL" check --rules=fide-2023 --format=jsonl "$corpus" >"$tmp/corpus" 2>"$tmp/corpus.err" </dev/null
rc=$?
jq -r '[.game, .fen] | @tsv' "$tmp/corpus" > "$tmp/fens"
gzip -dc "$here/corpus-fens.txt.gz" > "$tmp/fens.want"
check "corpus: every game ends in the position python-chess gives ($(wc -l < "$tmp/fens.want" | tr -d ' ') final FENs)" \
    "$(diff "$tmp/fens.want" "$tmp/fens" | grep '^[<>]' | sed 's/^</python-chess:/; s/^>/arbiter:     /')"

grep -v '^#' "$here/corpus-events.txt" | sed "s/^/corpus$tab/" | to_facts > "$tmp/cfacts.json"
jq -c '.file = "corpus"' "$tmp/corpus" > "$tmp/corpus.named"
# Errors the Laws themselves give: in a few games a move was recorded after
# the game had ended (say after the last capture left a bare king and a
# knight, or after a fivefold repetition): move-after-end there is right.
errors=$(jq -r --slurpfile facts "$tmp/cfacts.json" '
    select(.findings | any(.severity == "error"))
    | ($facts[0]["corpus\t\(.game)"] // {}) as $f
    | ([$f.end_ply, $f.five, $f.s75, $f.insuf] | map(select(. != null)) | min) as $stop
    | [.findings[] | select(.severity == "error")
       | select(.code != "move-after-end" or $stop == null or .ply > $stop + 1)] as $e
    | select($e | length > 0)
    | "game \(.game) (line \(.line)): " + ($e | map("\(.code) at ply \(.ply) \(.move // ""): \(.message)") | join("; "))' "$tmp/corpus")
records=$(wc -l < "$tmp/corpus" | tr -d ' ')
why=""
[ "$records" = 28058 ] || why="$records records, want 28058"
[ "$rc" -le 1 ] || why="${why:+$why; }exit status $rc: $(head -3 "$tmp/corpus.err")"
[ -z "$errors" ] || why="${why:+$why; }$(printf '%s\n' "$errors" | wc -l | tr -d ' ') games with an error finding"
check "corpus: 28058 records, no error finding (but a move-after-end where the Laws ended the game)" \
    "${why:+$why
}$errors"
check "corpus: checkmates, stalemates and the other ends as python-chess finds them" \
    "$(compare ends "$tmp/cfacts.json" "" 1 < "$tmp/corpus.named")"
if implemented threefold-claimable || implemented fifty-move-claimable || implemented fivefold-repetition \
   || implemented seventyfive-moves || implemented dead-position; then
    check "corpus: $rules_desc where python-chess finds them" \
        "$(compare rules "$tmp/cfacts.json" "" 1 < "$tmp/corpus.named")"
else
    skip "corpus: $rules_desc where python-chess finds them" "arbiter does not check them yet"
fi

echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
