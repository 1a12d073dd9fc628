/* dead.h — dead positions: can either side still checkmate?
 *
 * Part of the chess core.  FIDE 5.2.2 ends the game at once when "no
 * sequence of legal moves can lead to checkmate"; 6.9 and 7.5.5 ask
 * whether one side can checkmate "by any series of legal moves".  This
 * module answers only what it can prove: a position is dead, or a side can
 * win, or the question stays open (never a guess).
 *
 * This version proves deadness from material alone where that is certain
 * (bare kings; one knight; bishops all on squares of one colour).  The
 * cooperative-mate search and the proof for locked pawn structures are
 * still to come; until then every other position is ARB_DEAD_UNKNOWN.
 */
#ifndef ARB_DEAD_H
#define ARB_DEAD_H

#include "board.h"

enum arb_dead { ARB_DEAD_UNKNOWN = 0, ARB_DEAD_YES, ARB_DEAD_NO };

/* Is pos dead (no sequence of legal moves leads to checkmate, for either
 * side)?  Cheap: meant to be asked after every move. */
enum arb_dead arb_dead_position_slow(const struct arb_pos *pos);
static inline enum arb_dead arb_dead_position(const struct arb_pos *pos)
{
    /* Pawns, rooks or queens on the board: nothing here can prove it dead. */
    if (pos->by_type[ARB_PAWN] | pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN])
        return ARB_DEAD_UNKNOWN;
    return arb_dead_position_slow(pos);
}

/* Can `side` checkmate by some sequence of legal moves (both sides
 * cooperating: a helpmate)?  ARB_DEAD_NO proves it cannot (a lone king
 * never mates); ARB_DEAD_YES that it can (a mating sequence was found, and
 * *plies holds its length if plies is not NULL); ARB_DEAD_UNKNOWN when the
 * search ran out of its node budget.  Never a guess. */
enum arb_dead arb_can_mate(const struct arb_pos *pos, int side, long node_budget, int *plies);

#endif
