#!/bin/sh
# findings2000.sh — the PGN of the HTML page's size test, on standard
# output: 1,200 games, 2,000 findings.  400 games with an ambiguous move, a
# draw offer and a Result tag at odds with the end (an error, an info, a
# warning), 400 with an illegal move, 400 without a result; 1,200 diagrams.
# Used by tests/html.sh (the page gets ready) and tools/bench.sh (how fast).
awk 'BEGIN {
    for (i = 1; i <= 1200; i++) {
        printf "[Event \"Rapid %d\"]\n[White \"White %d\"]\n[Black \"Black %d\"]\n[Round \"%d.%d\"]\n", i, i, i,
            int((i - 1) / 10) + 1, (i - 1) % 10 + 1
        if (i % 3 == 1) printf "[Result \"1-0\"]\n\n1. Nf3 d5 2. d3 (=) e6 3. Nd2 *\n\n"
        else if (i % 3 == 2) printf "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ke3 *\n\n"
        else printf "[Result \"*\"]\n\n1. e4 e5 2. Nf3\n\n"
    } }'
