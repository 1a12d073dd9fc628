/* movegen.c — legal move generation with pins and checks (see movegen.h).
 *
 * Moves are generated legal directly: king moves avoid attacked squares
 * (computed with the king lifted off the board), pinned pieces stay on the
 * line of their pin, in check only captures of the checker and blocks count,
 * and en-passant captures are tested by playing them out (3.7.4: the
 * capture can uncover the king along the rank).
 */
#include "chess/movegen.h"

/* Is sq attacked by `by` with the occupancy occ? */
static inline bool attacked(const struct arb_pos *pos, int sq, int by, arb_bb occ)
{
    return arb_pos_attackers(pos, sq, by, occ) != 0;
}

void arb_legal_info(const struct arb_pos *pos, struct arb_legal_info *info)
{
    info->checkers = arb_pos_checkers(pos);
    info->pinned = arb_pos_pinned(pos, pos->side);
}

static bool ep_legal(const struct arb_pos *pos, int from, int to)
{
    int us = pos->side;
    int cap = us == ARB_WHITE ? to - 8 : to + 8;
    int k = pos->king_sq[us];
    arb_bb occ = (pos->occ ^ ARB_BB(from) ^ ARB_BB(cap)) | ARB_BB(to);
    arb_bb them = pos->by_color[us ^ 1] & ~ARB_BB(cap);
    arb_bb att = (arb_rook_attacks(k, occ) & (pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN]))
                 | (arb_bishop_attacks(k, occ) & (pos->by_type[ARB_BISHOP] | pos->by_type[ARB_QUEEN]))
                 | (arb_att.knight[k] & pos->by_type[ARB_KNIGHT])
                 | (arb_att.pawn[us][k] & pos->by_type[ARB_PAWN] & ~ARB_BB(cap))
                 | (arb_att.king[k] & pos->by_type[ARB_KING]);
    return !(att & them);
}

bool arb_move_legal(const struct arb_pos *pos, const struct arb_legal_info *info, arb_move m)
{
    int us = pos->side;
    int from = arb_move_from(m), to = arb_move_to(m);
    int k = pos->king_sq[us];
    if (arb_move_kind(m) == ARB_MK_EP)
        return ep_legal(pos, from, to);
    if (from == k)
        return !attacked(pos, to, us ^ 1, pos->occ ^ ARB_BB(from));
    if (info->checkers) {
        if (arb_more_than_one(info->checkers))
            return false;
        int c = arb_lsb(info->checkers);
        if (!((arb_att.between[k][c] | ARB_BB(c)) & ARB_BB(to)))
            return false;
    }
    if ((info->pinned & ARB_BB(from)) && !(arb_att.line[k][from] & ARB_BB(to)))
        return false;
    return true;
}

enum arb_castle_status arb_castle_check(const struct arb_pos *pos, int aside, arb_move *m, int *square)
{
    int us = pos->side;
    int idx = ARB_CASTLE_IDX(us, aside);
    if (!(pos->castle & (1 << idx)))
        return ARB_CASTLE_NO_RIGHT;
    int k = pos->king_sq[us], r = pos->castle_rook[idx];
    int rank = ARB_RANK(k);
    int kto = ARB_SQ(aside ? 2 : 6, rank), rto = ARB_SQ(aside ? 3 : 5, rank);
    /* Everything between king and its final square and between rook and its
     * final square (finals included) must be empty but for king and rook. */
    arb_bb path = arb_att.between[k][kto] | ARB_BB(kto) | arb_att.between[r][rto] | ARB_BB(rto);
    arb_bb blockers = path & pos->occ & ~(ARB_BB(k) | ARB_BB(r));
    if (blockers) {
        if (square)
            *square = arb_lsb(blockers);
        return ARB_CASTLE_BLOCKED;
    }
    if (attacked(pos, k, us ^ 1, pos->occ))
        return ARB_CASTLE_IN_CHECK;
    /* The squares the king crosses and lands on, seen with the castling rook
     * lifted (a rook that shields its final square does not after castling). */
    arb_bb occ = pos->occ ^ ARB_BB(r);
    /* Walk from the king to its final square so that the first attacked
     * square is the one named; when the king stays, its own square counts. */
    int step = kto > k ? 1 : -1;
    for (int s = k == kto ? k : k + step;; s += step) {
        if (attacked(pos, s, us ^ 1, occ)) {
            if (square)
                *square = s;
            return ARB_CASTLE_ATTACKED;
        }
        if (s == kto)
            break;
    }
    if (m)
        *m = arb_move_make(k, r, ARB_MK_CASTLE, 0);
    return ARB_CASTLE_OK;
}

/* Generation.  With stop_first the function returns as soon as one legal
 * move is found (list may then be NULL).  Returns the number of moves. */
static int gen(const struct arb_pos *pos, struct arb_movelist *list, bool stop_first)
{
    int n = 0;
    bool full = false;
    int us = pos->side, them = us ^ 1;
    int k = pos->king_sq[us];
    /* The other king is never a target: in a legal position it cannot be
     * attacked; after an illegal move that stood (a record that went on)
     * it can, and taking it is no move of chess. */
    arb_bb their_king = ARB_BB(pos->king_sq[them]);
    arb_bb own = pos->by_color[us], opp = pos->by_color[them] & ~their_king, occ = pos->occ;
    arb_bb no_target = own | their_king;

#define ADD(mv)                                                   \
    do {                                                          \
        if (stop_first)                                           \
            return 1;                                             \
        if (n == ARB_MAX_MOVES) {                                 \
            full = true;                                          \
            goto done;                                            \
        }                                                         \
        list->moves[n++] = (mv);                                  \
    } while (0)

    /* King steps. */
    arb_bb kt = arb_att.king[k] & ~no_target;
    arb_bb occ_nok = occ ^ ARB_BB(k);
    while (kt) {
        int to = arb_pop_lsb(&kt);
        if (!attacked(pos, to, them, occ_nok))
            ADD(arb_move_make(k, to, ARB_MK_NORMAL, 0));
    }

    arb_bb checkers = arb_pos_checkers(pos);
    if (arb_more_than_one(checkers))
        goto done;
    arb_bb target = ~no_target;
    if (checkers) {
        int c = arb_lsb(checkers);
        target = arb_att.between[k][c] | checkers;
    }
    arb_bb pinned = arb_pos_pinned(pos, us);

    /* Knights: a pinned knight can never move. */
    arb_bb b = arb_pos_pieces(pos, us, ARB_KNIGHT) & ~pinned;
    while (b) {
        int from = arb_pop_lsb(&b);
        arb_bb t = arb_att.knight[from] & target;
        while (t)
            ADD(arb_move_make(from, arb_pop_lsb(&t), ARB_MK_NORMAL, 0));
    }
    /* Sliders. */
    for (int type = ARB_BISHOP; type <= ARB_QUEEN; type++) {
        b = arb_pos_pieces(pos, us, type);
        while (b) {
            int from = arb_pop_lsb(&b);
            arb_bb t = arb_piece_attacks(type, from, occ) & target;
            if (pinned & ARB_BB(from))
                t &= arb_att.line[k][from];
            while (t)
                ADD(arb_move_make(from, arb_pop_lsb(&t), ARB_MK_NORMAL, 0));
        }
    }
    /* Pawns. */
    int fwd = us == ARB_WHITE ? 8 : -8;
    arb_bb last = us == ARB_WHITE ? ARB_RANK_BB(7) : ARB_RANK_BB(0);
    arb_bb third = us == ARB_WHITE ? ARB_RANK_BB(2) : ARB_RANK_BB(5);
    b = arb_pos_pieces(pos, us, ARB_PAWN);
    while (b) {
        int from = arb_pop_lsb(&b);
        arb_bb allowed = (pinned & ARB_BB(from)) ? arb_att.line[k][from] : ~(arb_bb)0;
        arb_bb t = arb_att.pawn[us][from] & opp;
        int one = from + fwd;
        if (!(occ & ARB_BB(one))) {
            t |= ARB_BB(one);
            if ((ARB_BB(one) & third) && !(occ & ARB_BB(one + fwd)))
                t |= ARB_BB(one + fwd);
        }
        t &= target & allowed;
        while (t) {
            int to = arb_pop_lsb(&t);
            if (ARB_BB(to) & last) {
                for (int p = ARB_QUEEN; p >= ARB_KNIGHT; p--)
                    ADD(arb_move_make(from, to, ARB_MK_PROMOTION, p));
            } else {
                ADD(arb_move_make(from, to, ARB_MK_NORMAL, 0));
            }
        }
    }
    if (pos->ep != ARB_NO_SQ) {
        b = arb_att.pawn[them][pos->ep] & arb_pos_pieces(pos, us, ARB_PAWN);
        while (b) {
            int from = arb_pop_lsb(&b);
            if (ep_legal(pos, from, pos->ep))
                ADD(arb_move_make(from, pos->ep, ARB_MK_EP, 0));
        }
    }
    /* Castling. */
    if (!checkers && (pos->castle & (us == ARB_WHITE ? 3 : 12))) {
        for (int aside = 0; aside < 2; aside++) {
            arb_move m;
            if (arb_castle_check(pos, aside, &m, NULL) == ARB_CASTLE_OK)
                ADD(m);
        }
    }
done:
    if (list) {
        list->n = n;
        list->full = full;
    }
    return n;
#undef ADD
}

void arb_gen_legal(const struct arb_pos *pos, struct arb_movelist *list)
{
    gen(pos, list, false);
}

bool arb_has_legal_move(const struct arb_pos *pos)
{
    return gen(pos, NULL, true) > 0;
}

uint64_t arb_perft(struct arb_pos *pos, int depth)
{
    struct arb_movelist list;
    arb_gen_legal(pos, &list);
    if (depth <= 1)
        return depth == 1 ? (uint64_t)list.n : 1;
    uint64_t total = 0;
    for (int i = 0; i < list.n; i++) {
        struct arb_undo u;
        arb_pos_make(pos, list.moves[i], &u);
        total += arb_perft(pos, depth - 1);
        arb_pos_unmake(pos, list.moves[i], &u);
    }
    return total;
}
