/* engine.h — order equally good reconstructions by a UCI chess engine
 * (`arbiter reconstruct --engine=PATH`, off by default).
 *
 * When several games fit the sheets at the same cost (the evidence does
 * not decide), an engine may say which is the more natural chess: for each
 * game, the moves where the tied games differ are scored by what they lose
 * against the engine's best move at a fixed depth, and the games are
 * ordered by that loss, least first.  Only the order changes: the same
 * games tie, the output still says so, and no game is added or dropped.
 * Part of recon/ (it works on arb_reconstruct's result); the reconstruct
 * command calls it.
 */
#ifndef ARB_RECON_ENGINE_H
#define ARB_RECON_ENGINE_H

#include <stddef.h>

#include "chess/board.h"
#include "recon/recon.h"

/* Depth of each engine search (plies). */
#define ARB_ENGINE_DEPTH 10

/* Reorder r's best game and its equal-cost alternatives by the engine at
 * path (started once, spoken to over pipes, ended).  *n_scored: how many
 * games the engine scored (0 when there was no tie).  Returns 0, or -1 with
 * a one-line reason in err when the engine could not be run or answered
 * nonsense (r is then as it was). */
int arb_engine_order_ties(const char *path, const struct arb_pos *start, struct arb_recon_result *r, int *n_scored,
                          char *err, size_t errlen);

#endif
