#!/bin/sh
# signals.sh — SIGINT and SIGTERM end every command, wherever it is (TAP):
# check, replay, convert, reconstruct and position blocked reading a FIFO
# that a writer keeps open and empty, busy on an endless stream, or (position)
# deep in a search; watch idle, with a FIFO named *.pgn in its directory
# (it used to block in open(2): only SIGKILL ended it), and writing into a
# pipe nobody reads (it blocked in write(2) with the signals held back).
# (The interactive replay: tests/replay.sh, in a terminal.)
#
# Each case waits until the command is where it should be, sends the signal
# and gives it 20 s to end (a safety net for a loaded machine: it takes
# milliseconds); the status says it ended by the signal (128 + N), or, for
# watch, which ends cleanly, 0 to 2.
#
#   ARBITER   the program (default ./arbiter)
set -u
. "${TESTS:-tests}/tap.sh"
ARBITER=${ARBITER:-./arbiter}
SAMPLE=${SAMPLE:-samples/tilburg-1992-round1.pgn}
tap_tmp
# Processes started here, killed at the end whatever happened (by their ids).
pids=""
trap 'for p in $pids; do kill -KILL "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT INT TERM

# A background command of a script that has no job control starts with
# SIGINT ignored (POSIX); a command started from a terminal does not.  So
# it is started as the terminal would: SIGINT and SIGQUIT at their default.
default_signals() { exec perl -e '$SIG{INT} = $SIG{QUIT} = "DEFAULT"; exec @ARGV or exit 127' "$@"; }

# gone PID: wait (20 s at most) until the process has ended; its status in $rc.
gone() {
    i=0
    while kill -0 "$1" 2>/dev/null && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
    if kill -0 "$1" 2>/dev/null; then
        kill -KILL "$1" 2>/dev/null
        wait "$1" 2>/dev/null
        rc=hung
        return 1
    fi
    wait "$1" 2>/dev/null
    rc=$?
    return 0
}

# started PID FILE: wait (20 s at most) until the command has opened FILE (a
# FIFO's reader, or its output: /proc/PID/fd), or has used 0.3 s of CPU.
opened() {
    i=0
    while [ $i -lt 200 ]; do
        for fd in /proc/"$1"/fd/*; do
            [ "$(readlink "$fd" 2>/dev/null)" = "$2" ] && return 0
        done
        sleep 0.1; i=$((i + 1))
    done
    return 1
}
busy() {   # PID: until it has used some CPU time (in /proc/PID/stat: utime)
    i=0
    while [ $i -lt 200 ]; do
        t=$(awk '{ print $14 + $15 }' /proc/"$1"/stat 2>/dev/null || echo 0)
        [ "${t:-0}" -ge 30 ] && return 0
        sleep 0.1; i=$((i + 1))
    done
    return 1
}

# fifo_case NAME SIG COMMAND...: the command reads a FIFO ($tmp/in.fifo, as
# its last argument or standard input) that a writer holds open and empty.
fifo_case() {
    name=$1 sig=$2
    shift 2
    rm -f "$tmp/in.fifo"
    mkfifo "$tmp/in.fifo"
    sleep 600 > "$tmp/in.fifo" &
    writer=$!
    pids="$pids $writer"
    default_signals "$@" > /dev/null 2> "$tmp/err" &
    p=$!
    pids="$pids $p"
    if opened "$p" "$tmp/in.fifo"; then
        kill -"$sig" "$p"
        gone "$p"
        want=$((128 + $(sig_no "$sig")))
        [ "$rc" = "$want" ] && ok "$name: SIG$sig while it waits on a FIFO ends it (status $rc)" ||
            notok "$name: SIG$sig while it waits on a FIFO: status $rc (want $want) $(head -2 "$tmp/err")"
    else
        notok "$name: it never opened the FIFO"
        kill -KILL "$p" 2>/dev/null
    fi
    kill "$writer" 2>/dev/null
    wait "$writer" 2>/dev/null
}
sig_no() { case $1 in INT) echo 2 ;; TERM) echo 15 ;; esac; }

# busy_case NAME SIG COMMAND...: the command works through an endless stream
# of games on its standard input.
endless() { while :; do cat "$SAMPLE" || return; done; }
busy_case() {
    name=$1 sig=$2
    shift 2
    rm -f "$tmp/stream.fifo"
    mkfifo "$tmp/stream.fifo"
    endless > "$tmp/stream.fifo" 2>/dev/null &
    writer=$!
    pids="$pids $writer"
    default_signals "$@" < "$tmp/stream.fifo" > /dev/null 2> "$tmp/err" &
    p=$!
    pids="$pids $p"
    if busy "$p"; then
        kill -"$sig" "$p"
        gone "$p"
        want=$((128 + $(sig_no "$sig")))
        [ "$rc" = "$want" ] && ok "$name: SIG$sig while it works through an endless stream ends it (status $rc)" ||
            notok "$name: SIG$sig while it works: status $rc (want $want)"
    else
        notok "$name: it never started working"
        kill -KILL "$p" 2>/dev/null
    fi
    kill "$writer" 2>/dev/null
    wait "$writer" 2>/dev/null
}

[ -r "$SAMPLE" ] || { echo "1..0 # Skipped: $SAMPLE not found"; exit 0; }
command -v perl >/dev/null || { notok "perl is needed to start commands as a terminal would"; tap_end; exit; }

# ---- the five commands that read, on a FIFO and busy ----
for sig in INT TERM; do
    fifo_case check "$sig" "$ARBITER" check --no-progress "$tmp/in.fifo"
    fifo_case "check -" "$sig" sh -c 'exec "$1" check --no-progress - < "$2"' sh "$ARBITER" "$tmp/in.fifo"
    fifo_case "replay" "$sig" "$ARBITER" replay --no-interactive "$tmp/in.fifo"
    fifo_case "convert" "$sig" "$ARBITER" convert --to=fi "$tmp/in.fifo"
    fifo_case "reconstruct" "$sig" "$ARBITER" reconstruct "$tmp/in.fifo"
    fifo_case "position" "$sig" "$ARBITER" position "$tmp/in.fifo"
    busy_case "check --jobs=2" "$sig" "$ARBITER" check --no-progress --jobs=2 -
    busy_case "check -f jsonl --jobs=1" "$sig" "$ARBITER" check --no-progress -f jsonl --jobs=1 -
    busy_case "convert" "$sig" "$ARBITER" convert --to=de -
    busy_case "replay --game=N" "$sig" "$ARBITER" replay --no-interactive --ascii --game=100000000 -
done

# position and reconstruct deep in a search: a walled-in position
# (tests/dead/groups.txt) with a budget it takes many seconds to spend; a
# scoresheet of 80 rows of garbage (seconds of search).
cpu_case() {
    name=$1 sig=$2
    shift 2
    default_signals "$@" > /dev/null 2>&1 &
    p=$!
    pids="$pids $p"
    if busy "$p"; then
        kill -"$sig" "$p"
        gone "$p"
        [ "$rc" = $((128 + $(sig_no "$sig"))) ] && ok "$name: SIG$sig during a search ends it (status $rc)" ||
            notok "$name: SIG$sig during a search: status $rc"
    else
        notok "$name: no search under way"
        kill -KILL "$p" 2>/dev/null
    fi
}
awk 'BEGIN { split("c4 c6 c3 d6 Bd6 4d Bd5 6c B4a Pc3x Pxc3 Kf6 d3 Bc5 P4c ? ? Q6f xx Bc6 f3 Kg5 44 Kd4 Kg3 Kxc3 Q2f Qd3 Rf2 Nf3", t, " ")
             for (i = 1; i <= 80; i++) printf "%d. %s %s\n", i, t[(i * 2) % 30 + 1], t[(i * 2 + 1) % 30 + 1] }' > "$tmp/garbage.txt"
for sig in INT TERM; do
    cpu_case position "$sig" "$ARBITER" position --budget=1000000000 --fen='5kBN/1p1p1PRQ/1P1P2PP/3p1p1p/3P1P1P/8/8/2Bb2BK w - - 0 1'
    cpu_case reconstruct "$sig" "$ARBITER" reconstruct "$tmp/garbage.txt"
done

# ---- a FIFO whose writer is done: nothing waits on it ----
# check with a write-out opens its input again to copy the games from: a
# FIFO's open(2) waited for a writer that had gone (it hung).
rm -f "$tmp/done.fifo"
mkfifo "$tmp/done.fifo"
cat "$SAMPLE" > "$tmp/done.fifo" &
writer=$!
pids="$pids $writer"
"$ARBITER" check --no-progress --write-clean="$tmp/clean.pgn" --write-flagged="$tmp/flagged.pgn" "$tmp/done.fifo" \
    > /dev/null 2> "$tmp/err" &
p=$!
pids="$pids $p"
gone "$p"
[ "$rc" = 1 ] && [ "$(grep -c '^\[Event ' "$tmp/clean.pgn" "$tmp/flagged.pgn" | awk -F: '{ s += $2 } END { print s }')" = 21 ] &&
    ok "check --write-clean --write-flagged FIFO: ends by itself (status 1), every game written" ||
    notok "check with write-outs on a FIFO: status $rc: $(head -2 "$tmp/err")"
wait "$writer" 2>/dev/null

# ---- watch: it ends cleanly (status 0 to 2), wherever it is ----
mkdir -p "$tmp/d"
cp "$SAMPLE" "$tmp/d/round.pgn"
: > "$tmp/w.out"
# What watch says of the round at its start: as many lines as --once says.
lines=$("$ARBITER" watch --once "$tmp/d" 2>/dev/null | grep -c '')
for sig in INT TERM; do
    : > "$tmp/w.out"
    : > "$tmp/w.err"
    "$ARBITER" watch "$tmp/d" > "$tmp/w.out" 2> "$tmp/w.err" &
    p=$!
    pids="$pids $p"
    i=0; while [ "$(grep -c '' "$tmp/w.out")" != "$lines" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
    kill -"$sig" "$p"
    gone "$p"
    [ "$rc" = 1 ] && [ "$lines" -gt 1 ] && [ "$(grep -c '' "$tmp/w.out")" = "$lines" ] && ok "watch: SIG$sig while it waits ends it cleanly (status 1: an error was said)" ||
        notok "watch, idle: SIG$sig: status $rc, $(grep -c '' "$tmp/w.out") lines"
done
# A FIFO named *.pgn among the files: said once, never opened (open(2) on a
# FIFO waits for a writer).
mkfifo "$tmp/d/board.pgn"
for sig in INT TERM; do
    : > "$tmp/w.out"
    : > "$tmp/w.err"
    "$ARBITER" watch "$tmp/d" > "$tmp/w.out" 2> "$tmp/w.err" &
    p=$!
    pids="$pids $p"
    i=0
    while { [ ! -s "$tmp/w.err" ] || [ "$(grep -c '' "$tmp/w.out")" != "$lines" ]; } && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
    kill -"$sig" "$p"
    if gone "$p" && [ "$rc" = 1 ] && grep -q "d/board.pgn: a FIFO, not a regular file: not read" "$tmp/w.err" &&
        [ "$(grep -c '' "$tmp/w.out")" = "$lines" ]; then
        ok "watch DIR with a FIFO named *.pgn: said, not opened; the other file read; SIG$sig ends it"
    else
        notok "watch with a FIFO: SIG$sig: status $rc: $(cat "$tmp/w.err")"
    fi
done
"$ARBITER" watch --once "$tmp/d" > "$tmp/w.out" 2> "$tmp/w.err" &
p=$!
pids="$pids $p"
gone "$p"
[ "$rc" = 2 ] && grep -q "board.pgn: a FIFO" "$tmp/w.err" && [ "$(grep -c '' "$tmp/w.out")" = "$lines" ] &&
    ok "watch --once DIR with a FIFO: ends by itself, status 2 (a file not read), the other file said" ||
    notok "watch --once with a FIFO: status $rc"
"$ARBITER" watch --once "$tmp/d/board.pgn" > /dev/null 2> "$tmp/w.err"
[ "$?" = 2 ] && grep -q "board.pgn: not a regular file or a directory" "$tmp/w.err" &&
    ok "watch FIFO (named on the command line): refused, status 2" || notok "watch FIFO argument: $(cat "$tmp/w.err")"
rm -f "$tmp/d/board.pgn"
# Writing into a pipe nobody reads: 3,000 findings fill it, and the write
# blocks; the signal still ends it.
awk 'BEGIN { for (i = 1; i <= 3000; i++) printf "[White \"A%d\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Bb6 *\n\n", i }' \
    > "$tmp/d/many.pgn"
for sig in INT TERM; do
    rm -f "$tmp/out.fifo"
    mkfifo "$tmp/out.fifo"
    sleep 600 < "$tmp/out.fifo" &
    reader=$!
    pids="$pids $reader"
    "$ARBITER" watch "$tmp/d" > "$tmp/out.fifo" 2> "$tmp/w.err" &
    p=$!
    pids="$pids $p"
    # Until it is blocked in a write (its state: S, in pipe_write).
    i=0
    while [ $i -lt 200 ]; do
        [ "$(cat /proc/"$p"/wchan 2>/dev/null)" = pipe_write ] && break
        sleep 0.1; i=$((i + 1))
    done
    kill -"$sig" "$p"
    gone "$p"
    case $rc in 0|1|2) ok "watch writing into a full pipe: SIG$sig ends it (status $rc)" ;;
        *) notok "watch writing into a full pipe: SIG$sig: status $rc" ;; esac
    kill "$reader" 2>/dev/null
    wait "$reader" 2>/dev/null
done

tap_end
