/* convert.h — `arbiter convert`'s work on one file (see convert.c). */
#ifndef ARB_CONVERT_H
#define ARB_CONVERT_H

#include "base/arena.h"
#include "base/util.h"
#include "notation/notation.h"
#include "run/games.h"

/* The games of path as PGN in language `to`, appended to out (written out
 * through base/out.h whenever it passes 64 KiB); arena is reset after each
 * game.  *games counts the games, *copied those copied as written.  An
 * exit status: 1 when a game was copied, 2 when the file cannot be read or
 * the output fails. */
int arb_convert_file(const struct arb_games_opts *o, const struct arb_lang *to, const char *path,
                     struct arb_buf *out, struct arb_arena *arena, int *games, int *copied);

#endif
