#!/bin/sh
# layers.sh — the layer order of the source tree, as a test.
#
#   tests/layers.sh [ROOT]
#
# The folders, bottom up (DESIGN.md, "Layout"):
#   src/base  src/chess  src/read  notation  src/laws  src/recon  src/report  src/run  src/cli
# A file may include a header of its own folder or of a folder below it,
# never one above it (up) and never a folder that is not in the order.  Every
# include of the project names its folder ("chess/board.h"), so that a reader
# sees the layer at a glance.  One TAP line per source file; then the same
# check run on a made-up tree with one include pointing up, which must fail
# (the check itself is tested).
set -u
root=${1:-.}
order="base chess read notation laws recon report run cli"

rank() {
    i=0
    for l in $order; do
        [ "$l" = "$1" ] && { echo $i; return; }
        i=$((i + 1))
    done
    echo -1
}

# check_tree ROOT: print one TAP line per file (without the plan) and the
# number of failures on the last line, prefixed "#fail ".
check_tree() {
    r=$1
    fails=0
    for f in $(cd "$r" && find src notation -name '*.[ch]' 2>/dev/null | sort); do
        case $f in
            notation/*) own=notation ;;
            src/*) own=$(echo "$f" | cut -d/ -f2) ;;
        esac
        own_rank=$(rank "$own")
        bad=""
        if [ "$own_rank" -lt 0 ]; then
            bad="folder $own is not in the layer order"
        fi
        for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$r/$f"); do
            case $inc in
                */*) dir=${inc%%/*} ;;
                *) bad="$bad${bad:+; }#include \"$inc\" names no folder"; continue ;;
            esac
            to_rank=$(rank "$dir")
            if [ "$to_rank" -lt 0 ]; then
                bad="$bad${bad:+; }#include \"$inc\": $dir is not a layer"
            elif [ "$to_rank" -gt "$own_rank" ]; then
                bad="$bad${bad:+; }#include \"$inc\" points up ($own is below $dir)"
            fi
        done
        if [ -z "$bad" ]; then
            echo "ok - $f"
        else
            echo "not ok - $f: $bad"
            fails=$((fails + 1))
        fi
    done
    echo "#fail $fails"
}

out=$(check_tree "$root")
n=$(printf '%s\n' "$out" | grep -c '^\(not \)\{0,1\}ok ')

# The check must catch an include pointing up, one naming no folder and a
# folder outside the order.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/chess" "$tmp/src/report" "$tmp/src/extra" "$tmp/notation"
printf '#include "chess/board.h"\n#include "report/report.h"\n' >"$tmp/src/chess/up.c"
printf '#include "base/util.h"\n#include "board.h"\n' >"$tmp/src/report/bare.c"
printf '#include "base/util.h"\n' >"$tmp/src/extra/x.c"
printf '#include "chess/board.h"\n#include "read/lex.h"\n' >"$tmp/notation/fine.c"
self=$(check_tree "$tmp")

echo "1..$((n + 4))"
printf '%s\n' "$out" | grep -v '^#fail'
case $self in
    *"not ok - src/chess/up.c: #include \"report/report.h\" points up"*) echo "ok - the check catches an include pointing up" ;;
    *) echo "not ok - the check missed an include pointing up"; printf '%s\n' "$self" | sed 's/^/# /' ;;
esac
case $self in
    *"not ok - src/report/bare.c: #include \"board.h\" names no folder"*) echo "ok - the check catches an include naming no folder" ;;
    *) echo "not ok - the check missed an include naming no folder" ;;
esac
case $self in
    *"not ok - src/extra/x.c: folder extra is not in the layer order"*) echo "ok - the check catches a folder outside the order" ;;
    *) echo "not ok - the check missed a folder outside the order" ;;
esac
if printf '%s\n' "$self" | grep -qx 'ok - notation/fine.c'; then
    echo "ok - the check lets notation include chess and read (below it)"
else
    echo "not ok - the check refused notation including chess and read"
fi
