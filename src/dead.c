/* dead.c — see dead.h. */
#include "dead.h"

enum arb_dead arb_dead_position_slow(const struct arb_pos *pos)
{
    const arb_bb *t = pos->by_type;
    if (t[ARB_PAWN] | t[ARB_ROOK] | t[ARB_QUEEN])
        return ARB_DEAD_UNKNOWN;
    arb_bb knights = t[ARB_KNIGHT], bishops = t[ARB_BISHOP];
    /* Bare kings, or a single knight besides: no mate can be built. */
    if (!bishops && (!knights || !arb_more_than_one(knights)))
        return ARB_DEAD_YES;
    /* Bishops only, all on squares of one colour (either side's): a king
     * can always step off that colour, so none of them can ever give mate. */
    if (!knights && (!(bishops & ARB_DARK_SQUARES) || !(bishops & ~ARB_DARK_SQUARES)))
        return ARB_DEAD_YES;
    return ARB_DEAD_UNKNOWN;
}
