#!/bin/sh
# hcs2pgn.sh — the HCS scoresheet transcriptions as bare move lists.
#
#   tools/hcs2pgn.sh TAGS OUTDIR [PREFIX]
#
# TAGS is training_tags.txt or testing_tags.txt of the Handwritten Chess
# Scoresheet dataset (tests/data/scoresheets/hcs): lines
#   <game>_<page>_<move>_<white|black>.png <token>     (training)
#   <game>_<move>_<white|black>.png <token>            (testing: no page)
# where the token is what the player wrote.  Each sheet becomes one file
# OUTDIR/PREFIX<game>-<a|b|c...>.txt holding "1. d4 Nf6" rows, one a line,
# the tokens as written; a token that is empty or missing (a move number
# skipped, White's move of a row absent) is "?".  Nothing is written after
# the last token of a sheet.
#
# Pages: a page whose move numbers go on from the previous page's last row
# continues that sheet (concatenated in order); a page that starts again
# at a row the previous page already has is another sheet of the same game
# (in the dataset every page does: they are the two players' sheets), and
# gets the next letter.  PREFIX defaults to "hcs-".  Prints the files
# written, one a line.
set -eu
[ $# -ge 2 ] || { echo "usage: hcs2pgn.sh TAGS OUTDIR [PREFIX]" >&2; exit 2; }
tags=$1
out=$2
prefix=${3-hcs-}
[ -r "$tags" ] || { echo "hcs2pgn: cannot read $tags" >&2; exit 2; }
mkdir -p "$out"

LC_ALL=C awk -v out="$out" -v prefix="$prefix" '
function flush_game(   p, pg, s, m, k, n, q, plist, file, line, w, b, letters, last) {
    if (game == "")
        return
    letters = "abcdefghijklmnopqrstuvwxyz"
    s = 0
    last = 0
    # Group the pages into sheets.
    for (p = 1; p <= npages; p++) {
        pg = pages[p]
        if (s == 0 || lo_of[pg] <= last) {
            s++
            sheet_pages[s] = ""
        }
        sheet_pages[s] = sheet_pages[s] " " pg
        last = hi_of[pg]
        sheet_hi[s] = last
    }
    for (k = 1; k <= s; k++) {
        file = out "/" prefix game "-" substr(letters, k, 1) ".txt"
        printf "" > file
        n = split(sheet_pages[k], plist, " ")
        for (m = 1; m <= sheet_hi[k]; m++) {
            w = ""; b = ""
            for (q = 1; q <= n; q++) {
                if ((plist[q], m, "white") in tok) w = tok[plist[q], m, "white"]
                if ((plist[q], m, "black") in tok) b = tok[plist[q], m, "black"]
            }
            if (w == "") w = "?"
            line = m ". " w
            # Black: "?" unless this is the last row and Black wrote nothing.
            if (b != "")
                line = line " " b
            else if (m < sheet_hi[k])
                line = line " ?"
            print line > file
        }
        close(file)
        print file
    }
}
{
    name = $1
    sub(/\.png$/, "", name)
    nf = split(name, a, "_")
    if (nf == 4) { g = a[1]; pg = a[2]; mv = a[3] + 0; side = a[4] }
    else if (nf == 3) { g = a[1]; pg = "0"; mv = a[2] + 0; side = a[3] }
    else { print "hcs2pgn: line " NR " not understood: " $0 > "/dev/stderr"; next }
    t = NF >= 2 ? $2 : ""
    if (t == "") t = "?"
    if (g != game) {
        flush_game()
        game = g
        npages = 0
        split("", tok); split("", lo_of); split("", hi_of)
    }
    if (!(pg in lo_of)) {
        pages[++npages] = pg
        lo_of[pg] = mv
        hi_of[pg] = mv
    }
    if (mv < lo_of[pg]) lo_of[pg] = mv
    if (mv > hi_of[pg]) hi_of[pg] = mv
    tok[pg, mv, side] = t
}
END { flush_game() }
' "$tags"
