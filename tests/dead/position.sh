#!/bin/sh
# position.sh — `arbiter position` (TAP): the verdicts in text and jsonl
# (the keys of INTERFACE's object, exactly), an invalid FEN (its error
# object, the line number in text, exit status 1), the input order kept,
# usage errors, and every winnable line replayed to mate: by python-chess
# (when it imports: PYCHESS=DIR, a checkout of it, or installed) and by
# arbiter's own check of a PGN of the moves (always).
#
#   ARBITER   the program (default ./arbiter)
set -u
. "$(dirname "$0")/../tap.sh"
ARBITER=${ARBITER:-./arbiter}
PYCHESS=${PYCHESS:-}
tap_tmp

locked='2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -'
queen='8/8/4k3/8/8/4K3/8/6Q1 w - - 0 1'
forced='6rK/8/7k/8/8/8/8/8 w - - 1 61'
knights='8/8/8/4k3/8/8/8/K1NN4 w - - 0 1'

# ---- text ----
out=$("$ARBITER" position --fen="$locked"); st=$?
[ $st -eq 0 ] && printf '%s\n' "$out" | grep -q '^  white: unwinnable: the pawns are locked' &&
    printf '%s\n' "$out" | grep -q '^  black: unwinnable: the pawns are locked' &&
    ok "text: a locked position is unwinnable for both, with the reason" ||
    notok "text: locked position: status $st, output '$out'"
out=$("$ARBITER" position --fen="$queen"); st=$?
[ $st -eq 0 ] && printf '%s\n' "$out" | grep -q '^  white: winnable (a helpmate in [0-9]* plies): [a-h][1-8]' &&
    printf '%s\n' "$out" | grep -q '^  black: unwinnable: Black has only its king' &&
    ok "text: K+Q v K: White winnable with its line, Black unwinnable (a lone king)" ||
    notok "text: K+Q v K: status $st, output '$out'"
out=$("$ARBITER" position --budget=1 --fen="$knights")
printf '%s\n' "$out" | grep -q '^  white: undetermined: .*--budget=N raises the limit, now 1' &&
    ok "text: an open question says undetermined, the budget spent and how to raise it" ||
    notok "text: undetermined: '$out'"

# ---- jsonl: the keys exactly, in input order; an invalid FEN ----
printf '%s\n' "$queen" "not a fen" "# a comment" "" "$locked" "$forced" "$knights" > "$tmp/in"
"$ARBITER" position --format=jsonl < "$tmp/in" > "$tmp/out" 2> "$tmp/err"; st=$?
[ $st -eq 1 ] && ok "an invalid FEN among the lines: exit status 1" || notok "invalid FEN: exit status $st"
if python3 - "$tmp/in" "$tmp/out" <<'EOF'
import json, sys
fens = [l.rstrip('\n') for l in open(sys.argv[1]) if l.strip() and not l.startswith('#')]
rows = [json.loads(l) for l in open(sys.argv[2])]
assert [r['fen'] for r in rows] == fens, 'order or count differs'
bad = rows[1]
assert list(bad) == ['fen', 'error'] and bad['error'], bad
for r in rows[:1] + rows[2:]:
    assert list(r) == ['fen', 'white', 'black'], list(r)
    for side in ('white', 'black'):
        v = r[side]
        assert list(v) == ['verdict', 'line', 'reason'], list(v)
        assert v['verdict'] in ('winnable', 'unwinnable', 'undetermined')
        assert (v['line'] is None) == (v['verdict'] != 'winnable'), v
        assert isinstance(v['reason'], str) and v['reason'], v
assert rows[0]['white']['verdict'] == 'winnable' and rows[0]['black']['verdict'] == 'unwinnable'
assert rows[2]['white']['verdict'] == rows[2]['black']['verdict'] == 'unwinnable'
assert rows[3]['white']['verdict'] == rows[3]['black']['verdict'] == 'unwinnable', rows[3]
assert rows[4]['white']['verdict'] == 'winnable' and rows[4]['black']['verdict'] == 'unwinnable', rows[4]
EOF
then ok "jsonl: one object a FEN in input order, keys fen/white/black and verdict/line/reason, {fen, error}"
else notok "jsonl objects: $(head -c 600 "$tmp/out")"; fi
out=$("$ARBITER" position < "$tmp/in" 2>&1)
printf '%s\n' "$out" | grep -q '  error: <stdin>:2: ' &&
    ok "text: the invalid FEN's error names its line of standard input" || notok "text error: '$out'"
printf '%s\n' "$queen" > "$tmp/f1"
out=$("$ARBITER" position "$tmp/f1" "$tmp/in" 2>&1)
printf '%s\n' "$out" | grep -q "  error: $tmp/in:2: " && [ "$(printf '%s\n' "$out" | grep -c '^FEN ')" -eq 6 ] &&
    ok "files: read in order, the error names the file and line" || notok "files: '$out'"

# ---- proofs from pieces that never move, and from a caged king ----
# Knights walled in by their own pawns, which they defend (c4 is safe from
# the white king because the a5 knight never leaves): frozen pieces.  A
# king shut in two squares (a5/a6; h4/h3) whose opponent's king may not
# come next to them without stalemating it: the cage.  And the other way:
# a king on g8 that has no move now, where White still mates (a cage
# assumed of a king that can move would call it unwinnable), and a king on
# b8 walled in by pawns it may take once the a6 bishop leaves (a king
# assumed frozen must still be able to take what it touches).
frozen_knights='k7/1p6/1Pp5/n1P5/N1p5/1pP1B3/1P1B4/K7 w - -'
cage_a5='8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 w - -'
cage_h4='8/8/3b3p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - -'
not_caged='6k1/6P1/6K1/8/8/8/8/8 w - -'
takes='1k3b2/1P2p3/BP1pPp2/2pP1Pp1/1pP3P1/1P6/6K1/8 w - -'
printf '%s\n' "$frozen_knights" "$cage_a5" "$cage_h4" "$not_caged" "$takes" |
    "$ARBITER" position --format=jsonl > "$tmp/frozen" 2>/dev/null
verdicts=$(jq -r '.white.verdict + " " + .black.verdict' "$tmp/frozen" | tr '\n' '/')
[ "$verdicts" = "unwinnable unwinnable/unwinnable unwinnable/unwinnable unwinnable/winnable unwinnable/winnable winnable/" ] &&
    ok "frozen knights, kings caged on a5/a6 and h4/h3: unwinnable for both; a king with no move now is no cage; a walled-in king takes" ||
    notok "frozen pieces and cages: $verdicts"

# ---- groups: pieces that only shuffle among themselves ----
# Seven light bishops round one hole behind their own pawns (a8..h7): in
# every placement some bishop defends each pawn, so neither king ever takes
# one and nothing mates; with two holes (e8 empty) the a6 pawn falls (b7
# and c8 both empty) and both sides mate, found.  A rook walled in by its
# own bishops stands in front of the g6 pawn: that pawn never promotes, the
# proof is still asked.
one_hole='B1B1B1B1/pBpBpBp1/P1P1P1P1/4b3/5b2/8/8/k1K5 w - -'
two_holes='B1B3B1/pBpBpBp1/P1P1P1P1/8/8/8/8/k1K5 w - -'
walled_rook='5kBB/3p1PRB/p1pP2P1/P1Pp1p1p/3P1P1P/8/1B5B/3b2BK w - -'
printf '%s\n' "$one_hole" "$two_holes" "$walled_rook" | "$ARBITER" position --format=jsonl > "$tmp/groups" 2>/dev/null
verdicts=$(jq -r '.white.verdict + " " + .black.verdict' "$tmp/groups" | tr '\n' '/')
[ "$verdicts" = "unwinnable unwinnable/winnable winnable/unwinnable winnable/" ] &&
    ok "a group of bishops with one hole defends its pawns for good (unwinnable), with two it does not (mates found); a walled-in rook in front of a pawn" ||
    notok "groups: $verdicts"

# ---- usage ----
"$ARBITER" position --quick --budget=5 --fen="$queen" > /dev/null 2>&1; st1=$?
"$ARBITER" position --fen="$queen" "$tmp/in" > /dev/null 2>&1; st2=$?
"$ARBITER" position --format=sarif --fen="$queen" > /dev/null 2>&1; st3=$?
"$ARBITER" positon --fen="$queen" 2> "$tmp/err" > /dev/null; st4=$?
[ $st1 -eq 2 ] && [ $st2 -eq 2 ] && [ $st3 -eq 2 ] && [ $st4 -eq 2 ] && grep -q "did you mean 'position'" "$tmp/err" &&
    ok "usage errors exit 2: --quick with --budget, --fen with files, another format, a misspelt command" ||
    notok "usage: statuses $st1 $st2 $st3 $st4, $(cat "$tmp/err")"

# ---- every winnable line replays to mate ----
U=tests/data/unwinnability/chasolver-positions.txt
{ cat "$tmp/in"; grep -v '^#' "$U" | head -60 | cut -c4-; } | grep -v '^not a fen' |
    "$ARBITER" position --format=jsonl --budget=20000 > "$tmp/lines" 2>/dev/null
python3 - "$tmp/lines" "$tmp/pgn" > "$tmp/n" <<'EOF'
import json, sys
n = 0
with open(sys.argv[2], 'w') as pgn:
    for l in open(sys.argv[1]):
        r = json.loads(l)
        if 'error' in r:
            continue
        for side in ('white', 'black'):
            if r[side]['verdict'] == 'winnable':
                n += 1
                pgn.write('[Event "%s %s"]\n[SetUp "1"]\n[FEN "%s"]\n\n%s *\n\n' % (side, n, r['fen'], ' '.join(r[side]['line'])))
print(n)
EOF
wins=$(cat "$tmp/n")
if PYTHONPATH=$PYCHESS python3 -c 'import chess' 2>/dev/null; then
    if PYTHONPATH=$PYCHESS python3 - "$tmp/lines" <<'EOF'
import json, sys, chess
for l in open(sys.argv[1]):
    r = json.loads(l)
    if 'error' in r:
        continue
    for side in ('white', 'black'):
        if r[side]['verdict'] != 'winnable':
            continue
        f = r['fen'].split()
        b = chess.Board(' '.join(f + ['-', '-', '0', '1'][len(f) - 2:]) if len(f) < 6 else r['fen'])
        for u in r[side]['line']:
            m = chess.Move.from_uci(u)
            assert m in b.legal_moves, (r['fen'], side, u)
            b.push(m)
        assert b.is_checkmate() and b.turn == (chess.BLACK if side == 'white' else chess.WHITE), (r['fen'], side)
EOF
    then ok "python-chess: all $wins winnable lines are legal and end in that side's checkmate"
    else notok "python-chess rejects a winnable line"; fi
else
    echo "# python-chess not importable${PYCHESS:+ from $PYCHESS} (PYCHESS=DIR names a checkout): the lines are checked by arbiter alone (next test)"
fi
mates=$("$ARBITER" check --format=jsonl "$tmp/pgn" 2>/dev/null | grep -c '"end_reason":"checkmate"')
[ "$wins" -gt 20 ] && [ "$mates" -eq "$wins" ] &&
    ok "arbiter check: all $wins winnable lines replay to checkmate" ||
    notok "arbiter check: $mates of $wins winnable lines end in checkmate"
tap_end
