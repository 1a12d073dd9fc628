/* locked.h — proofs of unwinnability from pawns that can never move again.
 *
 * Part of the chess core.  A pawn blocked head-on by a pawn that itself can
 * never move, which no enemy piece can ever capture and which can never
 * capture anything, stays where it is for the rest of the game.  With such
 * a set of fixed pawns the board falls apart into regions: each piece can
 * only ever reach certain squares, and a king never the squares the enemy's
 * fixed pawns attack.  From the regions follow necessary conditions of any
 * checkmate (the loser's king on a square of its region, a checking piece
 * able to attack it, every flight square attacked or occupied by a distinct
 * piece of the loser's that can get there); when no square of the loser's
 * region meets them, the winner can never checkmate, whatever both play.
 *
 * Pieces can be fixed too ("frozen": a knight or bishop walled in by its
 * own chain, a king with nowhere to go), and a king can be caged: when the
 * other side has nothing to move but a king shut in a few squares, the
 * squares where this king would leave it no move are squares it never
 * stands on (that would be stalemate, or mate only by a discovered check,
 * looked for), so it cannot take a pawn from there, nor cover a flight
 * square.  Pieces that shuffle among themselves in a small region nothing
 * else can enter (bishops round a hole behind their own pawns) form a
 * group: what the group attacks in every placement it can reach is
 * attacked for good, as by a frozen piece.
 *
 * The idea is that of M. Ambrona, "A Practical Algorithm for Chess
 * Unwinnability", FUN 2022 (CHA); this is an independent implementation.
 * Every reachability set over-approximates (pieces other than fixed pawns
 * and frozen pieces are never treated as obstacles), so a proof is sound:
 * it never calls a position unwinnable that is not.  It is not complete: pieces that only
 * block each other (a rook shut in by its own king) need the search of
 * dead.c, which calls this at the positions it visits.
 */
#ifndef ARB_LOCKED_H
#define ARB_LOCKED_H

#include "chess/board.h"

/* The pawns of pos that can never move or be captured again (fixed point of
 * the conditions above); *frozen (if not NULL): the pieces, kings included,
 * that can never move or be captured again either. */
arb_bb arb_locked_pawns(const struct arb_pos *pos, arb_bb *frozen);

/* True when it is proved that `winner` can never checkmate from pos (by any
 * sequence of legal moves of both sides); false when the proof fails, which
 * proves nothing.  *caged (if not NULL): the winner's king is kept off
 * squares by the cage (the proof may rest on it). */
bool arb_locked_unwinnable(const struct arb_pos *pos, int winner, bool *caged);

#endif
