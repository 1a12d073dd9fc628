#!/bin/sh
# run.sh — perft on every reference position, to the depth whose node count
# stays under about 2 million (TAP, from build/perft).  The positions and
# their counts are tests/data/perft's (sources in tests/data/README.md).
set -eu
PERFT=${PERFT:-build/perft}
dir=tests/data/perft
exec "$PERFT" "$dir/standard.epd" "$dir/chess960.epd"
