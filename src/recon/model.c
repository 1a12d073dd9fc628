/* model.c — what reconstruct's alignment operations cost, and what the
 * final position allows.
 *
 * The costs are about bits (-log2 of how often a player does it in time
 * trouble): a token as written costs nothing; a slip costs a base plus its
 * distance (notation/slips.h: look-alike characters and another language's
 * letter cost least, a whole other square or piece most); a blank cell
 * read as the move it stands for is common, a move left out with no cell
 * (so that every later cell sits one off) rarer, and paid once; a cell
 * that repeats the one before is a move written twice; two neighbouring
 * cells in each other's places are one slip, not two.  After the last cell
 * (recording stopped) each move costs little: the final position decides
 * them.
 */
#include "recon/recon_int.h"

#include <pthread.h>
#include <string.h>

#include "chess/dead.h"

const struct rc_costs rc_costs_default = {
    .slip_base = 2.0,
    .slip_mul = 2.0,
    .garbage = 8.0,
    .unreadable = 3.0,
    .blank = 2.0,
    .gap = 2.0,
    .omit = 5.0,
    .omit_pair = 1.5,
    .extra = 5.0,
    .twice = 2.5,
    .extra_blank = 4.0,
    .realign = 1.0,
    .extra_unreadable = 3.0,
    .swap = 3.0,
    .swap2 = 4.0,
    .swap4 = 5.0,
    .stop = 1.0,
    .tail = 0.7,
    .no_duty = 0.5,
    .mark_wrong = 1.0,
    .capture_missing = 1.0,
    .result_wrong = 2.5,
};

enum arb_result rc_end_verdict(const struct arb_pos *pos, const char **how)
{
    const char *words = NULL;
    enum arb_result r = ARB_RESULT_NONE;
    if (!arb_has_legal_move(pos)) {
        bool mate = arb_pos_checkers(pos) != 0;
        r = !mate ? ARB_RESULT_DRAW : pos->side == ARB_WHITE ? ARB_RESULT_BLACK : ARB_RESULT_WHITE;
        words = !mate ? "in stalemate" : r == ARB_RESULT_WHITE ? "in checkmate by White" : "in checkmate by Black";
    } else if (arb_dead_position(pos, NULL, 0) == ARB_DEAD_YES) {
        r = ARB_RESULT_DRAW;
        words = "in a dead position";
    }
    if (how)
        *how = words;
    return r;
}

double rc_result_cost(const struct rc_search *s, int k, enum arb_result verdict)
{
    enum arb_result written = s->sh[k].sh->result;
    return verdict != ARB_RESULT_NONE && written != ARB_RESULT_NONE && written != verdict ? s->k->result_wrong : 0;
}

double rc_end_cost(const struct rc_search *s, const struct arb_pos *pos)
{
    double c = 0;
    enum arb_result verdict = ARB_RESULT_NONE;
    bool asked = false;
    for (int k = 0; k < s->ns; k++)
        if (s->sh[k].sh->result != ARB_RESULT_NONE) {
            if (!asked)
                verdict = rc_end_verdict(pos, NULL);
            asked = true;
            c += rc_result_cost(s, k, verdict);
        }
    return c;
}

double rc_swap_cost(const struct rc_costs *k, int span)
{
    return span == 1 ? k->swap : span == 2 ? k->swap2 : k->swap4;
}

double rc_slip_scale(const struct rc_costs *k, double raw)
{
    if (raw < 0.1)
        return raw;   /* an over-specified or long form: no slip */
    double v = k->slip_base + k->slip_mul * raw;
    return v < k->garbage ? v : k->garbage;
}

double rc_match_cost(const struct rc_costs *k, const struct rc_sheet *sh, const struct rc_cell *c,
                     const struct arb_pos *pos, const struct arb_movelist *ml, int j, int need,
                     struct arb_slip_cache *cache, uint32_t id)
{
    struct arb_slip_parts parts;
    switch (c->kind) {
    case RC_BLANK:
        return k->blank;
    case RC_GAP:
        return k->gap;
    case RC_UNREADABLE:
        return k->unreadable;
    default:
        arb_slip_cost_parts(sh->sh->lang, &c->tn, pos, ml, ml->moves[j], cache, id, need, &parts);
        return rc_slip_scale(k, parts.edit) + (parts.capture_missing ? sh->capture_missing : 0)
               + (parts.capture_extra || parts.check_extra ? k->mark_wrong : 0);
    }
}

/* Half-moves needed to make w White and b Black moves, the first by side. */
static int plies_for(int w, int b, int side)
{
    int first = side == ARB_WHITE ? w : b, second = side == ARB_WHITE ? b : w;
    if (first == 0 && second == 0)
        return 0;
    /* first, second, first, ...: first moves at plies 1, 3, ...; second at 2, 4, ... */
    int p1 = first ? 2 * first - 1 : 0, p2 = 2 * second;
    return p1 > p2 ? p1 : p2;
}

/* Knight moves between two squares, on an empty board. */
static uint8_t knight_dist[64][64];
static pthread_once_t knight_once = PTHREAD_ONCE_INIT;

static void fill_knight(void)
{
    for (int from = 0; from < 64; from++) {
        uint8_t *d = knight_dist[from];
        memset(d, 0xff, 64);
        int queue[64], head = 0, tail = 0;
        d[from] = 0;
        queue[tail++] = from;
        while (head < tail) {
            int sq = queue[head++];
            for (int df = -2; df <= 2; df++)
                for (int dr = -2; dr <= 2; dr++) {
                    if (df * df + dr * dr != 5)
                        continue;
                    int f = ARB_FILE(sq) + df, r = ARB_RANK(sq) + dr;
                    if (f < 0 || f > 7 || r < 0 || r > 7 || d[ARB_SQ(f, r)] != 0xff)
                        continue;
                    d[ARB_SQ(f, r)] = (uint8_t)(d[sq] + 1);
                    queue[tail++] = ARB_SQ(f, r);
                }
        }
    }
}

#define FAR 99

/* Moves a piece of `type` and color c on `from` needs at least to stand on
 * `to` (blockers ignored; a pawn as a pawn, pieces of other types by
 * promoting). */
static int dist(int type, int c, int from, int to)
{
    int ff = ARB_FILE(from), fr = ARB_RANK(from), tf = ARB_FILE(to), tr = ARB_RANK(to);
    int adf = ff > tf ? ff - tf : tf - ff, adr = fr > tr ? fr - tr : tr - fr;
    if (from == to)
        return 0;
    switch (type) {
    case ARB_KING:
        return adf > adr ? adf : adr;
    case ARB_KNIGHT:
        return knight_dist[from][to];
    case ARB_BISHOP:
        if (((ff + fr) & 1) != ((tf + tr) & 1))
            return FAR;
        return adf == adr ? 1 : 2;
    case ARB_ROOK:
        return adf == 0 || adr == 0 ? 1 : 2;
    case ARB_QUEEN:
        return adf == 0 || adr == 0 || adf == adr ? 1 : 2;
    default: {
        int steps = c == ARB_WHITE ? tr - fr : fr - tr;
        if (steps <= 0 || adf > steps)
            return FAR;
        int start = c == ARB_WHITE ? 1 : 6;
        return fr == start && steps >= 2 && adf <= steps - 2 ? steps - 1 : steps;
    }
    }
}

/* The moves side c needs at least to put its final pieces in place. */
static int moves_needed(const struct arb_pos *pos, const struct arb_pos *final, int c)
{
    int total = 0, targets = 0;
    int castle = pos->castle & (c == ARB_WHITE ? ARB_CASTLE_WH | ARB_CASTLE_WA : ARB_CASTLE_BH | ARB_CASTLE_BA);
    arb_bb theirs = final->by_color[c], mine = pos->by_color[c];
    arb_bb pawns = mine & pos->by_type[ARB_PAWN];
    int last = c == ARB_WHITE ? 7 : 0;
    for (arb_bb t = theirs; t;) {
        int sq = arb_pop_lsb(&t);
        if (pos->board[sq] == final->board[sq])
            continue;
        targets++;
        int type = arb_piece_type(final->board[sq]);
        int best = FAR;
        for (arb_bb p = mine & pos->by_type[type]; p && best > 1;) {
            int d = dist(type, c, arb_pop_lsb(&p), sq);
            if (d < best)
                best = d;
        }
        /* Castling takes the king two squares and the rook along (the one
         * move counted for the king). */
        int rank = c == ARB_WHITE ? 0 : 7;
        if (castle && ARB_RANK(sq) == rank) {
            if (type == ARB_KING && (ARB_FILE(sq) == 6 || ARB_FILE(sq) == 2) && best > 1)
                best = 1;
            if (type == ARB_ROOK && (ARB_FILE(sq) == 5 || ARB_FILE(sq) == 3))
                best = 0;
        }
        if (type != ARB_PAWN && type != ARB_KING)
            for (arb_bb p = pawns; p && best > 1;) {
                /* A pawn that promotes: its moves to the last rank, one more
                 * to the square unless it is there. */
                int q = arb_pop_lsb(&p);
                int ranks = c == ARB_WHITE ? 7 - ARB_RANK(q) : ARB_RANK(q);
                int d = ranks + (ARB_RANK(sq) != last);
                if (d < best)
                    best = d;
            }
        total += best;
    }
    return total < targets - (castle ? 1 : 0) ? targets - (castle ? 1 : 0) : total;
}

bool rc_can_reach(const struct arb_pos *pos, const struct arb_pos *final, int plies, int at_most, int *needed)
{
    *needed = 0;
    int moves[2] = {0, 0};
    for (int c = 0; c < 2; c++) {
        arb_bb mine = pos->by_color[c], theirs = final->by_color[c];
        arb_bb pawns = mine & pos->by_type[ARB_PAWN], fpawns = theirs & final->by_type[ARB_PAWN];
        int n = arb_popcount(mine), fn = arb_popcount(theirs);
        int np = arb_popcount(pawns), fnp = arb_popcount(fpawns);
        if (n < fn || np < fnp)
            return false;   /* pieces and pawns are never added */
        /* Pieces beyond the ones there: each a promotion, which takes a pawn. */
        if ((fn - fnp) - (n - np) > np - fnp)
            return false;
        /* A pawn never goes back, nor sideways but by taking. */
        arb_bb left = fpawns & ~pawns;
        while (left) {
            int sq = arb_pop_lsb(&left);
            int f = ARB_FILE(sq), r = ARB_RANK(sq);
            bool from = false;
            arb_bb p = pawns;
            while (p && !from) {
                int q = arb_pop_lsb(&p);
                int qf = ARB_FILE(q), qr = ARB_RANK(q);
                int steps = c == ARB_WHITE ? r - qr : qr - r;
                int df = qf > f ? qf - f : f - qf;
                from = steps > 0 && df <= steps;
            }
            if (!from)
                return false;
        }
        /* Squares where the final position has one of c's pieces that pos
         * has not: each takes a move of c (castling puts two). */
        int targets = 0;
        for (arb_bb t = theirs; t;) {
            int sq = arb_pop_lsb(&t);
            targets += pos->board[sq] != final->board[sq];
        }
        int castle = pos->castle & (c == ARB_WHITE ? ARB_CASTLE_WH | ARB_CASTLE_WA : ARB_CASTLE_BH | ARB_CASTLE_BA);
        moves[c] = castle && targets >= 2 ? targets - 1 : targets;
    }
    /* Near the end, how far the pieces must go. */
    if (plies >= 0 && plies < 2 * (moves[0] + moves[1]) + 12) {
        pthread_once(&knight_once, fill_knight);
        for (int c = 0; c < 2; c++) {
            int m = moves_needed(pos, final, c);
            if (m > moves[c])
                moves[c] = m;
        }
    }
    /* Each piece of c's beyond the final position's is taken by a move of
     * the other side. */
    for (int c = 0; c < 2; c++) {
        int over = arb_popcount(pos->by_color[c]) - arb_popcount(final->by_color[c]);
        if (over > moves[c ^ 1])
            moves[c ^ 1] = over;
    }
    int need = plies_for(moves[ARB_WHITE], moves[ARB_BLACK], pos->side);
    /* The side to move at the end: an even number of plies keeps it. */
    bool same_side = pos->side == final->side;
    if ((need % 2 == 0) != same_side)
        need++;
    *needed = need;
    if (plies < 0)
        return at_most < 0 || need <= at_most;
    if (plies < need)
        return false;
    return (plies % 2 == 0) == same_side;
}
