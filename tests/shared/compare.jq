# compare.jq — arbiter's check records against python-chess's facts
# (tools/gen-shared-expect.py), for tests/shared/run.sh.  Prints one line
# per disagreement, nothing when all agree.
#
#   jq -n -r -f compare.jq --slurpfile facts FACTS.json --arg part PART \
#      --arg reserved "CODES" --arg prefix P --arg all 0|1  < RECORDS
#
# FACTS.json: {"FILE\tGAME": {plies, end, end_ply, three, five, fifty, s75,
#   insuf, fen}} (null for "-"); FILE is the record's .file without $prefix.
# $all "1": a record missing from FACTS has nothing to say (the corpus list
#   keeps only games with something); "0": it is not compared.
# $reserved: the codes arbiter's --help says it does not check yet; what
#   depends on them is not asked for.
# PART:
#   positions  plies replayed and the final FEN
#   ends       end_reason and end_ply: checkmate and stalemate (and
#              fivefold, 75 moves, dead position once checked)
#   rules      threefold-claimable, fifty-move-claimable, fivefold-repetition,
#              seventyfive-moves, dead-position, and move-after-end right after
#              an end the Laws give
# Games whose replay stopped early (a move arbiter could not play, a variant)
# are compared by the golden list of findings instead.

($reserved | split(" ") | map(select(length > 0))) as $R
| def checked($c): ($R | index($c)) == null;
  def stopped: any(.findings[];
      .code == "unsupported-variant" or .code == "illegal-move" or .code == "unknown-move"
      or .code == "pgn-syntax" or .code == "ambiguous-move" or .code == "promotion-missing"
      or .code == "invalid-fen" or .code == "game-too-large");
  def ply_of($c): [.findings[] | select(.code == $c) | .ply] | first;
  def nul: {plies: null, end: null, end_ply: null, three: null, five: null,
            fifty: null, s75: null, insuf: null, fen: null};
  # The end the Laws give, from python-chess's facts: the earliest of mate or
  # stalemate, fivefold and 75 moves (when checked); dead positions apart.
  def law_end($f):
    [ (if $f.end then {ply: $f.end_ply, why: $f.end} else empty end),
      (if $f.five and checked("fivefold-repetition") then {ply: $f.five, why: "fivefold-repetition"} else empty end),
      (if $f.s75 and checked("seventyfive-moves") then {ply: $f.s75, why: "seventyfive-moves"} else empty end) ]
    | min_by(.ply);
  def where: "\(.file | ltrimstr($prefix)) game \(.game)";

inputs
| . as $r
| ((.file | ltrimstr($prefix)) + "\t" + (.game | tostring)) as $key
| ($facts[0][$key] // (if $all == "1" then nul else null end)) as $f
| select($f != null and (stopped | not))
| law_end($f) as $fin
| if $part == "positions" then
    (if .plies != $f.plies then "\(where): \(.plies) plies replayed, python-chess \($f.plies)" else empty end),
    (if $f.fen != null and .fen != $f.fen then "\(where): ends in \(.fen), python-chess \($f.fen)" else empty end)
  elif $part == "ends" then
    if .end_reason == "dead-position" and checked("dead-position") then
      # python-chess sees only insufficient material, a part of 5.2.2:
      # arbiter may find a dead position it does not, never one later.
      (if ($f.insuf != null and .end_ply > $f.insuf) or ($fin != null and .end_ply >= $fin.ply)
       then "\(where): dead position at ply \(.end_ply), python-chess: insufficient material at \($f.insuf), \($fin.why // "no end") at \($fin.ply)"
       else empty end)
    elif $f.insuf != null and checked("dead-position") and ($fin == null or $f.insuf < $fin.ply) then
      "\(where): end \(.end_reason) at \(.end_ply), but no mate is possible from ply \($f.insuf) (insufficient material)"
    elif [.end_reason, .end_ply] != [$fin.why, $fin.ply] then
      "\(where): end \(.end_reason) at \(.end_ply), python-chess: \($fin.why) at \($fin.ply)"
    else empty end
  else
    # the first ply at which the Laws ended the game, if they did
    ([$fin.ply, (if checked("dead-position") then ($r | ply_of("dead-position")) // $f.insuf else null end)]
      | map(select(. != null)) | min) as $stop
    | (
      # claims and warnings count up to the end; after it the record has a
      # move-after-end instead
      ( ["threefold-claimable", $f.three], ["fifty-move-claimable", $f.fifty],
        ["fivefold-repetition", $f.five], ["seventyfive-moves", $f.s75] )
      | . as [$code, $ply]
      | select(checked($code))
      | ($r | ply_of($code)) as $got
      | (if $stop != null and $ply != null and $ply > $stop then null else $ply end) as $want
      | if $got != $want then "\($r | where): \($code) at ply \($got), python-chess: \($want)" else empty end
    ), (
      # the first move after the end is a move-after-end (error)
      (if $stop != null and $stop < $f.plies then $stop + 1 else null end) as $want
      | ($r | ply_of("move-after-end")) as $got
      | if $got != $want then "\($r | where): move-after-end at ply \($got), the Laws: \($want)" else empty end
    ), (
      ($r | ply_of("dead-position")) as $got
      | if checked("dead-position") and $f.insuf != null and ($got == null or $got > $f.insuf) then
          "\($r | where): dead-position at ply \($got), but insufficient material from ply \($f.insuf)"
        else empty end
    )
  end
