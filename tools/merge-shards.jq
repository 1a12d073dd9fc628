# merge-shards.jq — merge the outputs of `arbiter check --format=jsonl
# --summary=jsonl --origin=NAME -` run on consecutive pieces (shards) of one
# file, given in order, into what one run over the whole file writes: game
# and line numbers, and the file offsets messages give, go on from shard to
# shard (each shard's summary says how many games, lines and bytes it
# read), and the summaries add up into one.
#
#   parallel --pipe-part -a big.pgn --block 64M --recend '\n\n' --recstart '[Event "' -k \
#       arbiter check --format=jsonl --summary=jsonl --origin=big.pgn - |
#     jq -c -n -f merge-shards.jq
#
# A shard's summary is its last record.  The merged summary counts the file
# once.  (Each shard of a file that is not all UTF-8 guesses its encoding
# for itself, game by game as one run does; --encoding decides for all.)

# Add two summaries key by key, keeping the first one's key order.
def addup($a; $b):
  if ($a | type) == "object" or ($b | type) == "object" then
    reduce ((($a // {}) + ($b // {})) | keys_unsorted[]) as $k ({}; .[$k] = addup($a[$k]; $b[$k]))
  elif $a == null then $b
  elif $b == null then $a
  else $a + $b end;

foreach ((inputs | {r: .}), {end: true}) as $x
  ({games: 0, lines: 0, bytes: 0, sum: null, out: null};
   if $x.end then
     .out = (if .sum then {summary: .sum} else null end)
   elif ($x.r | has("summary")) then
     $x.r.summary as $s
     | .sum = (if .sum then .sum as $t | addup($t; $s) | .files = ([$t.files, $s.files] | max) else $s end)
     | .games += $s.games + $s.skipped
     | .lines += $s.lines
     | .bytes += ($s.bytes // 0)
     | .out = null
   else
     . as $st
     | .out = ($x.r
               | .game += $st.games
               | .line += $st.lines
               | .findings |= map((if .line then .line += $st.lines else . end)
                                  | .message |= gsub("file offset (?<n>[0-9]+)";
                                                     "file offset \((.n | tonumber) + $st.bytes)")))
   end;
   .out | select(. != null))
