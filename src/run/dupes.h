/* dupes.h — check --duplicates: games whose moves and players repeat an
 * earlier game's.
 *
 * A game is known by 64 bits: the replay's hash of its start position and
 * main-line moves as played (outcome.moves_hash: the same game written in
 * another notation, with other marks or comments, is the same), folded
 * with its White and Black tags (case, spaces and punctuation left out).
 * One entry per distinct game (24 bytes: the key and where the first copy
 * stands), in an open-addressed table that doubles: memory grows with the
 * distinct games only, never with their text.  A game whose main line
 * could not be followed to its end is known by its main line's moves as
 * written instead (without check, mate and annotation marks): a copy of a
 * broken game is written alike.  Games without a move are not compared.
 * The main thread only, in input order: the first copy is the one earlier
 * in the input.
 */
#ifndef ARB_DUPES_H
#define ARB_DUPES_H

#include <stdbool.h>
#include <stdint.h>

#include "laws/replay.h"
#include "read/pgn.h"

struct arb_dupes;

struct arb_dupes *arb_dupes_new(void);
void arb_dupes_free(struct arb_dupes *d);

/* If the game repeats an earlier one, add a duplicate-game finding (info,
 * ply 0) naming the first copy and return true; else remember it. */
bool arb_dupes_check(struct arb_dupes *d, struct arb_game *g, const struct arb_outcome *oc);

#endif
