#!/bin/sh
# run.sh — perft on every reference position, to the depth whose node count
# stays under about 2 million (TAP, from build/perft).  The positions are
# ../shared/perft's files; the copies here are used when that is absent
# and must equal it when present.
set -eu
PERFT=${PERFT:-build/perft}
SHARED=${SHARED:-../shared}
dir=tests/perft
if [ -d "$SHARED/perft" ]; then
    for f in standard.epd chess960.epd; do
        if ! cmp -s "$SHARED/perft/$f" "$dir/$f"; then
            echo "Bail out! tests/perft/$f differs from $SHARED/perft/$f"
            exit 1
        fi
    done
fi
exec "$PERFT" "$dir/standard.epd" "$dir/chess960.epd"
