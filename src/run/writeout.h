/* writeout.h — check --write-clean, --write-flagged, --write-repaired:
 * the input copied into files as it was read, game by game.
 *
 * Every byte of an input file goes to exactly one of --write-clean and
 * --write-flagged, byte for byte: a game takes its own bytes and what
 * stands around it (the reader's raw_from: the text before the first game
 * goes with the first game, a `%` line or a comment before a later game
 * with that game, the blank lines after a game with it, and the rest of a
 * game cut at --max-game-bytes with the cut game).  So a file whose games
 * all go to one write-out is copied whole; split in two, each write-out
 * holds its games' bytes in input order.  --write-repaired takes every
 * game (a repaired one written again, with its repairs).  A file that
 * holds no game at all goes to --write-clean and --write-repaired; the
 * games --where leaves out, and what stands around them, to none.
 *
 * The bytes are read again from the input (pread), or, where it cannot be
 * read at an offset (a pipe), from the copy the reader kept of them
 * (arb_input's tee).  Where the file's bytes do not map to its decoded text
 * (a file decoded through iconv: UTF-16, a multi-byte --encoding) the game's
 * decoded text is written instead, in UTF-8, without what stands between
 * games.  Where a write-out takes a game that did not follow the one before
 * in the input (another file, or games between went to the other
 * write-out), an empty line is put between them if the game before did not
 * end with one.  A write that fails is reported once, and the run ends with
 * status 2; the files are put in place only when the run succeeds
 * (base/outfile.h).
 */
#ifndef ARB_WRITEOUT_H
#define ARB_WRITEOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/util.h"
#include "read/pgn.h"

struct arb_writeout {
    const char *option, *path;
    int h, fd;                    /* the output (base/outfile.h); -1: not asked for */
    unsigned char tail[4];        /* the last four bytes written */
    bool crlf;                    /* the last game's lines end in CR LF */
    uint64_t bytes, games;
    bool failed;
    uint64_t file;                /* the input its last bytes came from (arb_writeouts.file), 0 none */
    uint64_t src_end;             /* ... the offset after them */
    bool src_eof;                 /* ... which is that file's end */
};

struct arb_writeouts {
    struct arb_writeout clean, flagged, repaired;
    bool any;                     /* one of them is asked for */
    /* The input file whose games come now. */
    uint64_t file;                /* its number (1, 2, ...) */
    int src;                      /* its bytes, read at offsets; -1 none */
    uint64_t done;                /* its bytes [0, done) are dealt with */
    bool raw;                     /* its bytes are copied (else its games are written as text) */
    struct arb_writeout *last[2]; /* where the last game went (its tail follows it) */
};

/* Create the files --write-clean, --write-flagged, --write-repaired name
 * (each NULL: not asked for; checked against the inputs before, by the
 * command line).  -1 after a message (then close what was opened with
 * arb_writeouts_close). */
int arb_writeouts_open(struct arb_writeouts *ws, const char *clean, const char *flagged, const char *repaired);

/* An input file begins: src reads its bytes at offsets (-1: none; the
 * caller keeps it open while its games are written). */
void arb_writeouts_file(struct arb_writeouts *ws, int src);

/* Game g of the current file, flagged or clean; repaired: its repaired text
 * for --write-repaired (NULL: the game as read).  cut: where the game
 * before's bytes end at the latest (the raw_from of the first game read
 * after it, which --where left out; UINT64_MAX: this game's raw_from). */
void arb_writeouts_game(struct arb_writeouts *ws, const struct arb_game *g, bool flagged, const struct arb_buf *repaired,
                        uint64_t cut);

/* The current file ends: the last game's bytes run to its end (size: the
 * bytes read), or to cut (as above).  games: any game was read from it. */
void arb_writeouts_file_end(struct arb_writeouts *ws, uint64_t size, uint64_t cut, bool games);

/* Finish the files (each ends with a line end); false if anything failed
 * (the message was given). */
bool arb_writeouts_close(struct arb_writeouts *ws);

#endif
