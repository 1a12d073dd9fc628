/* writeout.h — check --write-clean, --write-flagged, --write-repaired:
 * games copied into a file as they were read.
 *
 * A game is copied byte for byte from its file (pread of the bytes the
 * reader says it spans: its encoding, line ends and all kept) wherever the
 * file can be read again at an offset and its bytes map to the decoded text
 * (UTF-8, and the single bytes of a guessed code page).  Otherwise (a pipe,
 * or a file decoded through iconv) the decoded text is encoded again: into
 * the game's single-byte code page (guessed, or --encoding's), which gives
 * its bytes back; UTF-16 and other multi-byte encodings are written in
 * UTF-8.  Games are kept apart by an empty line: one is
 * added where a game's own bytes do not end with one, with the line ends
 * the game has (CR LF or LF).  A write that fails
 * is reported once, and the run ends with status 2.
 */
#ifndef ARB_WRITEOUT_H
#define ARB_WRITEOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/opts.h"
#include "read/pgn.h"

struct arb_writeout {
    const char *option, *path;
    int h, fd;                    /* the output (base/outfile.h); -1: not asked for */
    unsigned char tail[4];        /* the last four bytes written */
    bool crlf;                    /* the last game's lines end in CR LF */
    uint64_t bytes, games;
    bool failed;
};

/* Create the file (base/outfile.h: checked before against the inputs and
 * the other outputs, arb_opts_check_outputs).  path NULL: w stays closed
 * and every call does nothing.  -1 after a message. */
int arb_writeout_open(struct arb_writeout *w, const struct arb_opts *o, const char *path, const char *option);

/* The game as read: bytes [g->raw_start, g->raw_end) of src_fd (-1: none
 * that can be read at an offset), else its decoded text, put back into
 * g->raw_encoding where that is a single-byte code page (the one guessed
 * for the game, or --encoding's). */
void arb_writeout_game(struct arb_writeout *w, const struct arb_game *g, int src_fd);

/* A game as new text (len bytes at text). */
void arb_writeout_text(struct arb_writeout *w, const char *text, size_t len);

/* Close; false if anything failed (the message was given). */
bool arb_writeout_close(struct arb_writeout *w);

#endif
