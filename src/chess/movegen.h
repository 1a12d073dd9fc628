/* movegen.h — legal moves of a position, legality tests, perft.
 *
 * Part of the chess core.  Move lists live in caller storage; nothing here
 * allocates.  "Legal" follows Article 3: a move that leaves or places the
 * mover's own king in check is not legal (3.9), and castling follows 3.8
 * with the king and rook start squares of the position (Chess960 included).
 */
#ifndef ARB_MOVEGEN_H
#define ARB_MOVEGEN_H

#include <stdint.h>

#include "chess/board.h"

#define ARB_MAX_MOVES 256

struct arb_movelist {
    int n;
    bool full;                 /* more legal moves than the list holds (the first
                                  ARB_MAX_MOVES kept): only a composed position
                                  with many pieces has them */
    arb_move moves[ARB_MAX_MOVES];
};

/* Facts about the side to move that legality tests need; computed once per
 * position with arb_legal_info(). */
struct arb_legal_info {
    arb_bb checkers;
    arb_bb pinned;
};

/* All legal moves of the side to move, appended to an emptied list. */
void arb_gen_legal(const struct arb_pos *pos, struct arb_movelist *list);

/* Whether the side to move has at least one legal move (stops at the first). */
bool arb_has_legal_move(const struct arb_pos *pos);

void arb_legal_info(const struct arb_pos *pos, struct arb_legal_info *info);

/* Whether a pseudo-legal move of the side to move (the piece on `from` can
 * go to `to` by the rules of its movement, the target is not an own piece)
 * is legal, i.e. leaves the own king out of check.  Castling moves are
 * tested with arb_castle_legal() instead. */
bool arb_move_legal(const struct arb_pos *pos, const struct arb_legal_info *info, arb_move m);

/* Why a castling move is or is not possible now. */
enum arb_castle_status {
    ARB_CASTLE_OK = 0,
    ARB_CASTLE_NO_RIGHT,        /* king or that rook has moved (or never had the right) */
    ARB_CASTLE_IN_CHECK,        /* the king is in check (3.8.2.2) */
    ARB_CASTLE_BLOCKED,         /* a piece stands between king and rook or on a final square */
    ARB_CASTLE_ATTACKED         /* the king would cross or land on an attacked square */
};

/* Castling of the side to move on the a-side (aside = 1, 0-0-0) or h-side
 * (0-0).  On ARB_CASTLE_OK *m is the move; on BLOCKED and ATTACKED *square is
 * the first offending square. */
enum arb_castle_status arb_castle_check(const struct arb_pos *pos, int aside, arb_move *m, int *square);

/* Leaf count of the legal-move tree to the given depth. */
uint64_t arb_perft(struct arb_pos *pos, int depth);

#endif
