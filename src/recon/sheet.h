/* sheet.h — a scoresheet file read for reconstruct: the move tokens of its
 * one game, in order, with the row number and side each was written at,
 * its FEN start, and where a clock reading says the 8.4 window began; and
 * the search's options completed from the files and the final position.
 *
 * A file that is no scoresheet is refused at once: several games (a PGN
 * database), a file mostly of words that are no moves in any language (a
 * dataset's label file, a log), a binary file (the reader's own refusal).
 */
#ifndef ARB_SHEET_H
#define ARB_SHEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "chess/board.h"
#include "read/input.h"
#include "read/pgn.h"
#include "read/timectl.h"
#include "recon/recon.h"

struct arb_sheet_read_opts {
    const char *encoding;          /* NULL: detect */
    uint64_t max_game_bytes;       /* 0: the reader's default */
    bool any_word;                 /* a spoken language: every word may be a move (no sniffing) */
    const struct arb_timecontrol *time_control;  /* NULL: the sheet's TimeControl tag */
};

struct arb_sheet_file {
    const char *path;
    struct arb_input in;
    struct arb_pgn_reader rd;
    struct arb_arena arena;
    struct arb_game g;             /* the game the sheet holds: its tags */
    bool open;                     /* in and arena are set up (arb_sheet_file_free undoes them) */
    const char **tok;              /* the move tokens ("?" for one that cannot be read) */
    int *num;                      /* the row number written before each (0: none) */
    signed char *black;            /* 1 Black's cell, 0 White's, -1 unknown */
    int n;
    struct arb_pos start;          /* the FEN tag's position, if have_start */
    bool have_start;
    bool half_written;             /* the sheet ends in a bare "1/2" or "½" (a draw as players
                                      write it, no PGN result): it is no move */
    int no_duty_from;              /* 8.4 by the sheet's clock readings: the move from which a clock
                                      showed under five minutes (0: none; none with an increment of
                                      30 s or more) */
};

/* Read the scoresheet at path ("-": standard input) into f.  Returns 0,
 * or -1 with a message in err (f is freed by arb_sheet_file_free either
 * way). */
int arb_sheet_file_read(struct arb_sheet_file *f, const char *path, const struct arb_sheet_read_opts *o, char *err,
                        size_t cap);
void arb_sheet_file_free(struct arb_sheet_file *f);

/* The sheet as the search takes it (its language: lang). */
struct arb_sheet arb_sheet_of(const struct arb_sheet_file *f, const struct arb_lang *lang);

/* Complete the search's options o from the sheet files files[0..n-1] and
 * the final position's FEN (NULL: none given).  *start gets the first
 * file's FEN tag, else the standard starting position, and o->start points
 * to it.  Without an 8.4 window of its own (o->no_duty_from 0), o gets the
 * earliest the files' clock readings show.  With a FEN, *final gets its
 * position, o->final points to it, and o->final_counters says whether its
 * move number and halfmove clock are to be believed (six fields, and not
 * the "0 1" of a position typed without them).  Returns 0, or -1 with the
 * FEN's fault in err (cap bytes) and o->final unset. */
int arb_sheet_complete_opts(struct arb_recon_opts *o, const struct arb_sheet_file *files, int n,
                            const char *final_fen, struct arb_pos *start, struct arb_pos *final, char *err,
                            size_t cap);

#endif
