/* dead.c — see dead.h. */
#include "dead.h"

#include <stdlib.h>
#include <string.h>

#include "movegen.h"

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

/* ---- Helpmate search ------------------------------------------------------
 *
 * Iterative deepening over cooperative play: the winner and the loser both
 * choose moves that bring the winner's mate closer.  A mate found is a
 * proof; running out of nodes proves nothing.  Move ordering does the work:
 * the winner tries checks, promotions and moves towards the loser's king;
 * the loser moves his king towards a corner and his other pieces next to
 * his king (to hem it in), and takes nothing the winner needs.  A small
 * transposition table remembers positions already searched to a depth
 * without a mate.
 */

struct hm {
    int winner;
    long nodes, budget;
    uint64_t *tt;          /* key ^ depth, 0 = empty */
    unsigned tt_mask;
};

static int dist(int a, int b)
{
    int df = abs(ARB_FILE(a) - ARB_FILE(b)), dr = abs(ARB_RANK(a) - ARB_RANK(b));
    return df > dr ? df : dr;
}

static int corner_dist(int sq)
{
    int f = ARB_FILE(sq), r = ARB_RANK(sq);
    int df = f < 4 ? f : 7 - f, dr = r < 4 ? r : 7 - r;
    return df + dr;
}

/* Order score of move m (higher first). */
static int score(const struct arb_pos *pos, arb_move m, int winner)
{
    int from = arb_move_from(m), to = arb_move_to(m);
    int us = pos->side, type = arb_pos_type_at(pos, from);
    int their_king = pos->king_sq[us ^ 1], own_king = pos->king_sq[us];
    int sc = 0;
    if (us == winner) {
        if (arb_move_kind(m) == ARB_MK_PROMOTION)
            sc += arb_move_promo(m) == ARB_QUEEN ? 60 : 10;
        if (type == ARB_PAWN)
            sc += 8;
        sc += 2 * (dist(from, their_king) - dist(to, their_king));
        if (pos->occ & ARB_BB(to))
            sc -= 6;        /* the winner keeps the loser's blockers */
    } else {
        if (type == ARB_KING)
            sc += 3 * (corner_dist(from) - corner_dist(to));
        else
            sc += 2 * (dist(from, own_king) - dist(to, own_king));
        if (pos->occ & ARB_BB(to))
            sc -= 20;       /* the loser leaves the winner's material alone */
    }
    return sc;
}

/* Does the side to move's opponent (the winner, when depth is counted for
 * him) mate within depth plies? */
static bool hm_search(struct hm *h, struct arb_pos *pos, int depth)
{
    if (++h->nodes > h->budget)
        return false;
    struct arb_movelist list;
    arb_gen_legal(pos, &list);
    if (list.n == 0)
        return pos->checkers && pos->side != h->winner;
    if (depth == 0)
        return false;
    /* The winner needs material to mate with. */
    int w = h->winner;
    if (!(pos->by_color[w] & ~pos->by_type[ARB_KING]))
        return false;
    uint64_t slot = (pos->key ^ (uint64_t)depth * 0x9E3779B97F4A7C15ULL);
    uint64_t *e = &h->tt[(unsigned)(pos->key >> 20) & h->tt_mask];
    if (*e == slot)
        return false;   /* searched to this depth before, no mate */
    /* The last ply: only a mating move helps, and only the winner's. */
    if (depth == 1 && pos->side != w)
        return false;
    int sc[ARB_MAX_MOVES];
    for (int i = 0; i < list.n; i++)
        sc[i] = score(pos, list.moves[i], w);
    for (int i = 0; i < list.n; i++) {
        int best = i;
        for (int j = i + 1; j < list.n; j++)
            if (sc[j] > sc[best])
                best = j;
        arb_move m = list.moves[best];
        list.moves[best] = list.moves[i];
        sc[best] = sc[i];
        struct arb_undo u;
        arb_pos_make(pos, m, &u);
        bool found = (depth > 1 || pos->checkers) && hm_search(h, pos, depth - 1);
        arb_pos_unmake(pos, m, &u);
        if (found)
            return true;
        if (h->nodes > h->budget)
            return false;
    }
    *e = slot;
    return false;
}

/* A greedy game towards the mate: each side plays its best-scored move
 * (the attempt number stirs the ties), for up to max plies.  Finds the long
 * helpmates of ordinary positions cheaply; a mate it finds is real. */
static bool probe(struct hm *h, const struct arb_pos *start, int attempt, int max, int *plies)
{
    struct arb_pos pos = *start;
    uint64_t rng = 0x9E3779B97F4A7C15ULL * (uint64_t)(attempt + 1);
    for (int ply = 0; ply < max; ply++) {
        struct arb_movelist list;
        arb_gen_legal(&pos, &list);
        h->nodes += list.n;
        if (list.n == 0) {
            if (pos.checkers && pos.side != h->winner) {
                *plies = ply;
                return true;
            }
            return false;
        }
        if (h->nodes > h->budget)
            return false;
        /* A mate in one for the winner, if there is one. */
        if (pos.side == h->winner)
            for (int i = 0; i < list.n; i++) {
                struct arb_pos a = pos;
                struct arb_undo u;
                arb_pos_make(&a, list.moves[i], &u);
                if (a.checkers && !arb_has_legal_move(&a)) {
                    *plies = ply + 1;
                    return true;
                }
            }
        int best = 0, best_sc = -1000000;
        for (int i = 0; i < list.n; i++) {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            int sc = score(&pos, list.moves[i], h->winner) * 8 + (int)(rng % (uint64_t)(4 + 4 * (attempt % 4)));
            if (sc > best_sc) {
                best_sc = sc;
                best = i;
            }
        }
        struct arb_undo u;
        arb_pos_make(&pos, list.moves[best], &u);
        if (!(pos.by_color[h->winner] & ~pos.by_type[ARB_KING]))
            return false;   /* the winner has nothing left to mate with */
    }
    return false;
}

enum arb_dead arb_can_mate(const struct arb_pos *pos, int side, long node_budget, int *plies)
{
    /* A lone king never mates. */
    const arb_bb *t = pos->by_type;
    arb_bb mine = pos->by_color[side] & ~t[ARB_KING], theirs = pos->by_color[side ^ 1] & ~t[ARB_KING];
    if (!mine)
        return ARB_DEAD_NO;
    /* Against a bare king (nothing of his own to block his escape): one
     * knight, or bishops all on squares of one colour, never mate. */
    if (!theirs && !(mine & (t[ARB_PAWN] | t[ARB_ROOK] | t[ARB_QUEEN]))) {
        arb_bb kn = mine & t[ARB_KNIGHT], bi = mine & t[ARB_BISHOP];
        if (!bi && !arb_more_than_one(kn))
            return ARB_DEAD_NO;
        if (!kn && (!(bi & ARB_DARK_SQUARES) || !(bi & ~ARB_DARK_SQUARES)))
            return ARB_DEAD_NO;
    }
    struct hm h = {.winner = side, .budget = node_budget, .tt_mask = (1u << 16) - 1};
    h.tt = calloc((size_t)h.tt_mask + 1, sizeof *h.tt);
    if (!h.tt)
        return ARB_DEAD_UNKNOWN;
    struct arb_pos p = *pos;
    enum arb_dead answer = ARB_DEAD_UNKNOWN;
    /* Short mates by the exhaustive search first, then greedy games, then
     * deeper exhaustive search with what is left of the budget. */
    int found_plies = 0;
    long full = h.budget;
    h.budget = full / 4;
    for (int depth = 1; depth <= 6 && h.nodes <= h.budget; depth++)
        if (hm_search(&h, &p, depth)) {
            free(h.tt);
            if (plies)
                *plies = depth;
            return ARB_DEAD_YES;
        }
    h.budget = h.nodes + full / 2;
    for (int attempt = 0; attempt < 64 && h.nodes <= h.budget; attempt++)
        if (probe(&h, pos, attempt, 120, &found_plies)) {
            free(h.tt);
            if (plies)
                *plies = found_plies;
            return ARB_DEAD_YES;
        }
    h.budget = full;
    for (int depth = 7; depth <= 64 && h.nodes <= h.budget; depth++) {
        if (hm_search(&h, &p, depth)) {
            answer = ARB_DEAD_YES;
            if (plies)
                *plies = depth;
            break;
        }
    }
    free(h.tt);
    return answer;
}
