/* dead.h — dead positions: can either side still checkmate?
 *
 * Part of the chess core.  FIDE 5.2.2 ends the game at once when "no
 * sequence of legal moves can lead to checkmate"; 6.9 and 7.5.5 ask
 * whether one side can checkmate "by any series of legal moves".  This
 * module answers only what it can prove: a position is dead, or a side can
 * win, or the question stays open (never a guess).
 *
 * Proofs that a side cannot mate: material (a lone king; one knight or
 * bishops of one colour against a bare king; a lone minor piece against
 * men that cannot help it mate), locked pawns (locked.h), and an
 * exhaustive exploration of every reachable position where there are few.
 * Proofs that it can: a mating sequence found by a cooperative (helpmate)
 * search: exhaustive at short depths, guided towards a mating picture
 * beyond them, greedy games last.  Between them, within a node budget,
 * the answer is unknown.
 */
#ifndef ARB_DEAD_H
#define ARB_DEAD_H

#include "chess/board.h"

enum arb_dead { ARB_DEAD_UNKNOWN = 0, ARB_DEAD_YES, ARB_DEAD_NO };

/* Is pos dead (no sequence of legal moves leads to checkmate, for either
 * side)?  Meant to be asked after every move: the same proofs as
 * arb_mate_verdict (material, locked and bound pawns, a search of the
 * positions that can arise, and a helpmate found proving it alive), with a
 * small budget (ARB_DEAD_BUDGET positions a side), behind a pre-filter
 * that answers ARB_DEAD_UNKNOWN at once where a search would be wasted: a
 * pawn of each side free to step forward, or a rook or queen on the board
 * with a pawn free to step or more than three men.  The search runs only
 * with three men, no pawn and the piece next to the king to move (it may
 * have to take it), or with every pawn blocked by a pawn and no rook or
 * queen;
 * elsewhere the static proofs alone.  why[cap] (may be NULL) gets the proof in words. */
enum { ARB_DEAD_BUDGET = 800 };
enum arb_dead arb_dead_position_why(const struct arb_pos *pos, char *why, size_t cap);
static inline bool arb_dead_prefilter_alive(const struct arb_pos *pos)
{
    arb_bb pawns = pos->by_type[ARB_PAWN], heavy = pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN];
    if (pawns) {
        arb_bb w = pawns & pos->by_color[ARB_WHITE], b = pawns & pos->by_color[ARB_BLACK];
        arb_bb ws = (w << 8) & ~pos->occ, bs = (b >> 8) & ~pos->occ;
        return (ws && bs) || (heavy && ((ws | bs) || arb_popcount(pos->occ) > 3));
    }
    return heavy && arb_popcount(pos->occ) > 3;
}
/* The question after a move: the pre-filter, then the proofs (why as in
 * arb_dead_position_why). */
static inline enum arb_dead arb_dead_position(const struct arb_pos *pos, char *why, size_t cap)
{
    if (why && cap)
        why[0] = 0;
    return arb_dead_prefilter_alive(pos) ? ARB_DEAD_UNKNOWN : arb_dead_position_why(pos, why, cap);
}
/* Material only (bare kings, one knight, bishops all on squares of one
 * colour): no search, no pawns. */
enum arb_dead arb_dead_position_slow(const struct arb_pos *pos);

/* Proved without search that `side` can never checkmate (material, the
 * two lone-minor-piece rules, the locked-pawn proof)?  False proves
 * nothing.  For checks made on every game: skips the proofs where they
 * almost never hold (a pawn of the side free to step forward; a rook or
 * queen of its with no pawns on the board). */
bool arb_cannot_mate_quick(const struct arb_pos *pos, int side);

/* Does `side` have material that can force mate against a lone king: a
 * queen, a rook or a pawn (it may promote), two bishops on squares of both
 * colours, or a bishop and a knight?  (The Finnish team blitz rule 12 asks
 * it of a win on time.) */
bool arb_material_forces_mate(const struct arb_pos *pos, int side);

/* Can `side` checkmate by some sequence of legal moves (both sides
 * cooperating: a helpmate)?  ARB_DEAD_NO proves it cannot (a lone king
 * never mates); ARB_DEAD_YES that it can (a mating sequence was found, and
 * *plies holds its length if plies is not NULL); ARB_DEAD_UNKNOWN when the
 * search ran out of its node budget (it may spend up to 1.5 times
 * node_budget positions), or when the exhaustive exploration of the
 * positions that can arise spent explore_budget of its own (at most
 * ARB_EXPLORE_MAX; a caller with a time limit, as 6.9, gives the helpmate
 * search more and the exploration less; a full decision the exploration
 * more: some locked positions have a million positions to examine).
 * Never a guess. */
enum arb_dead arb_can_mate(const struct arb_pos *pos, int side, long node_budget, long explore_budget, int *plies);

/* The node budgets of a quick and of a full decision (arbiter position
 * --quick, and the default). */
enum { ARB_MATE_QUICK_BUDGET = 4000, ARB_MATE_FULL_BUDGET = 400000 };

/* The most positions an exploration keeps (some 50 bytes each: 2 GB). */
enum { ARB_EXPLORE_MAX = 40000000 };

/* The longest mating line arb_mate_verdict hands back. */
enum { ARB_MATE_LINE_MAX = 1024 };

/* What proved that a side cannot mate. */
enum arb_mate_proof {
    ARB_PROOF_NONE,               /* no proof (a mate found, or the question open) */
    ARB_PROOF_LONE_KING,          /* the side has only its king */
    ARB_PROOF_HELPLESS,           /* a lone minor piece against men that cannot hem in their king */
    ARB_PROOF_MATERIAL,           /* insufficient material on the board */
    ARB_PROOF_LOCKED,             /* the locked-pawn proof (locked.h) */
    ARB_PROOF_CAGED,              /* ... with the winner's king kept off squares by the loser's cage */
    ARB_PROOF_EXPLORED            /* every position that can arise examined */
};

/* arb_can_mate with its evidence: for ARB_DEAD_YES the mating line (line[0..
 * plies-1], legal moves from pos ending in `side`'s checkmate, replayed
 * and checked before it is returned); for ARB_DEAD_NO the proof in words
 * (reason, one sentence without a full stop); for ARB_DEAD_UNKNOWN what was
 * tried.  nodes: positions the search visited. */
struct arb_mate_verdict {
    enum arb_dead verdict;
    enum arb_mate_proof proof;    /* for ARB_DEAD_NO: which proof (reason says it in words) */
    int plies;
    long nodes;
    char reason[200];
    arb_move line[ARB_MATE_LINE_MAX];
};
void arb_mate_verdict(const struct arb_pos *pos, int side, long node_budget, long explore_budget,
                      struct arb_mate_verdict *out);

#endif
