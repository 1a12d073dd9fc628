#!/bin/sh
# A stand-in UCI engine for the test: every position scores 0 for the side
# to move, and a move searched alone scores 0 if it is b8d7 (the knight from
# b8 to d7), else -80.  So the games that tie are ordered with ...Nbd7 first.
while read -r cmd rest; do
    case $cmd in
        uci) echo "id name fake"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go)
            case $rest in
                *searchmoves*b8d7*) echo "info depth 1 score cp 0 pv b8d7" ;;
                *searchmoves*) echo "info depth 1 score cp -80" ;;
                *) echo "info depth 1 score cp 0" ;;
            esac
            echo "bestmove 0000" ;;
        quit) exit 0 ;;
    esac
done
