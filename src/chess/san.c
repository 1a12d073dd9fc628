/* san.c — resolve move descriptions to legal moves and describe moves.
 *
 * Resolution works backwards from the target square: the pieces of the
 * written kind that attack it (attack sets are symmetric for every piece but
 * the pawn), filtered by the written file and rank, then by legality.  It is
 * exact and costs a few bitboard operations, so no move list is generated on
 * the common path.
 */
#include "chess/san.h"

#include <string.h>

static void add_cand(struct arb_resolve *r, arb_move m)
{
    if (r->n_cand < ARB_RESOLVE_MAX_CAND)
        r->cand[r->n_cand++] = m;
}

static enum arb_resolve_status pick_slow(const struct arb_pos *pos, struct arb_resolve *r, const arb_move *moves,
                                         int n);

/* The legal one among the candidates.  Inline: the usual case is decided
 * in a few instructions; the rest (legality tests) is out of line. */
static inline __attribute__((always_inline)) enum arb_resolve_status pick(const struct arb_pos *pos,
                                                                          struct arb_resolve *r,
                                                                          const arb_move *moves, int n)
{
    /* The usual case: one candidate, no check, not the king, and not on a
     * line with its king (so it cannot be pinned): legal as it stands. */
    if (n == 1 && !arb_pos_checkers(pos)) {
        int from = arb_move_from(moves[0]), to = arb_move_to(moves[0]), k = pos->king_sq[pos->side];
        if (from != k && arb_move_kind(moves[0]) != ARB_MK_EP) {
            /* On a line with its king?  By coordinates first (the line
             * table is large for the cache; most pieces are on none). */
            int df = ARB_FILE(from) - ARB_FILE(k), dr = ARB_RANK(from) - ARB_RANK(k);
            bool aligned = !df || !dr || df == dr || df == -dr;
            arb_bb line = aligned ? arb_att.line[k][from] : 0;
            bool pinned = false;
            if (line && !(line & ARB_BB(to))) {
                /* On a line with its king and leaving it: pinned if an enemy
                 * line piece of that direction stands behind it with nothing
                 * else between (small tables only, no slider lookup). */
                const arb_bb *t = pos->by_type;
                bool straight = ARB_FILE(k) == ARB_FILE(from) || ARB_RANK(k) == ARB_RANK(from);
                arb_bb snipers = line & pos->by_color[pos->side ^ 1]
                                 & (straight ? t[ARB_ROOK] | t[ARB_QUEEN] : t[ARB_BISHOP] | t[ARB_QUEEN]);
                while (snipers && !pinned) {
                    int sq = arb_pop_lsb(&snipers);
                    arb_bb btw = arb_att.between[k][sq];
                    pinned = (btw & ARB_BB(from)) && (btw & pos->occ) == ARB_BB(from);
                }
            }
            if (!pinned) {
                r->n_cand = 0;
                r->move = moves[0];
                return r->status = ARB_RS_OK;
            }
        }
    }
    return pick_slow(pos, r, moves, n);
}

/* Choose among candidate moves: keep the legal ones. */
static __attribute__((noinline)) enum arb_resolve_status pick_slow(const struct arb_pos *pos, struct arb_resolve *r,
                                                                   const arb_move *moves, int n)
{
    struct arb_legal_info info;
    arb_legal_info(pos, &info);
    arb_move legal[ARB_RESOLVE_MAX_CAND];
    int nl = 0;
    for (int i = 0; i < n; i++)
        if (arb_move_legal(pos, &info, moves[i]) && nl < ARB_RESOLVE_MAX_CAND)
            legal[nl++] = moves[i];
    r->n_cand = 0;
    if (nl == 1) {
        r->move = legal[0];
        return r->status = ARB_RS_OK;
    }
    if (nl == 0) {
        for (int i = 0; i < n; i++)
            add_cand(r, moves[i]);
        return r->status = ARB_RS_KING_EXPOSED;
    }
    for (int i = 0; i < nl; i++)
        add_cand(r, legal[i]);
    return r->status = ARB_RS_AMBIGUOUS;
}

static enum arb_resolve_status resolve_castle(const struct arb_pos *pos, int aside, struct arb_resolve *r)
{
    arb_move m;
    int sq = -1;
    switch (arb_castle_check(pos, aside, &m, &sq)) {
    case ARB_CASTLE_OK:
        r->move = m;
        return r->status = ARB_RS_OK;
    case ARB_CASTLE_NO_RIGHT:
        return r->status = ARB_RS_CASTLE_NO_RIGHT;
    case ARB_CASTLE_IN_CHECK:
        return r->status = ARB_RS_CASTLE_IN_CHECK;
    case ARB_CASTLE_BLOCKED:
        r->square = sq;
        return r->status = ARB_RS_CASTLE_BLOCKED;
    case ARB_CASTLE_ATTACKED:
        r->square = sq;
        return r->status = ARB_RS_CASTLE_ATTACKED;
    }
    return r->status = ARB_RS_CASTLE_NO_RIGHT;
}

/* Apply the promotion part of a pawn move that reaches `to`.  Returns false
 * (status set) when the promotion part does not fit. */
static bool promotion_kind(const struct arb_movedesc *d, int us, int to, int *kind, int *promo,
                           struct arb_resolve *r)
{
    bool last = ARB_RANK(to) == (us == ARB_WHITE ? 7 : 0);
    *promo = 0;
    if (!last) {
        if (d->promo != ARB_NO_PIECE) {
            r->status = ARB_RS_PROMO_NOT_LAST;
            return false;
        }
        return true;
    }
    if (d->promo == ARB_PAWN || d->promo == ARB_KING) {
        r->status = ARB_RS_PROMO_BAD_PIECE;
        return false;
    }
    *kind = ARB_MK_PROMOTION;
    *promo = d->promo == ARB_NO_PIECE ? ARB_QUEEN : d->promo;
    return true;
}

static enum arb_resolve_status resolve_pawn(const struct arb_pos *pos, const struct arb_movedesc *d,
                                            struct arb_resolve *r)
{
    int us = pos->side, them = us ^ 1;
    int dir = us == ARB_WHITE ? 8 : -8;
    arb_bb pawns = arb_pos_pieces(pos, us, ARB_PAWN);
    arb_bb opp = pos->by_color[them];
    arb_move moves[ARB_RESOLVE_MAX_CAND];
    int n = 0;

    if (d->to_file < 0)
        return r->status = ARB_RS_INCOMPLETE;
    if (!pawns)
        return r->status = ARB_RS_NO_SUCH_PIECE;

    bool capture = d->from_file >= 0 && d->from_file != d->to_file;
    if (d->from_file < 0 && d->capture && d->to_rank >= 0) {
        /* "xd5": a capture whose departure file was not written. */
        r->notes |= ARB_RN_PAWN_CAPTURE_NOFILE;
        capture = true;
    }

    if (d->to_rank < 0) {
        /* "ed": the e-pawn takes on the d-file, rank from the position. */
        if (!capture)
            return r->status = ARB_RS_INCOMPLETE;
        if (d->from_file - d->to_file != 1 && d->to_file - d->from_file != 1)
            return r->status = ARB_RS_CANNOT_REACH;
        arb_bb b = pawns & ARB_FILE_BB(d->from_file);
        if (!b)
            return r->status = ARB_RS_NO_SUCH_PIECE;
        while (b) {
            int from = arb_pop_lsb(&b);
            int to = from + dir + (d->to_file - d->from_file);
            if (to < 0 || to > 63)
                continue;
            int kind = ARB_MK_NORMAL;
            if (!(opp & ARB_BB(to))) {
                if (to != pos->ep)
                    continue;
                kind = ARB_MK_EP;
            }
            int promo;
            if (!promotion_kind(d, us, to, &kind, &promo, r))
                continue;
            if (n < ARB_RESOLVE_MAX_CAND)
                moves[n++] = arb_move_make(from, to, kind, promo);
        }
        if (!n)
            return r->status = ARB_RS_CANNOT_REACH;
    } else {
        int to = ARB_SQ(d->to_file, d->to_rank);
        r->square = to;
        if (pos->by_color[us] & ARB_BB(to))
            return r->status = ARB_RS_OWN_PIECE;
        if (capture) {
            arb_bb from_set = arb_att.pawn[them][to] & pawns;
            if (d->from_file >= 0 && d->from_file != d->to_file)
                from_set &= ARB_FILE_BB(d->from_file);
            if (d->from_rank >= 0)
                from_set &= ARB_RANK_BB(d->from_rank);
            if (!from_set)
                return r->status = (d->from_file >= 0 && !(pawns & ARB_FILE_BB(d->from_file)))
                                       ? ARB_RS_NO_SUCH_PIECE : ARB_RS_CANNOT_REACH;
            int kind = ARB_MK_NORMAL;
            if (!(opp & ARB_BB(to))) {
                if (to != pos->ep)
                    return r->status = ARB_RS_CANNOT_REACH;
                kind = ARB_MK_EP;
            } else if (d->ep) {
                r->notes |= ARB_RN_EP_MARK_NOT_EP;
            }
            int promo;
            if (!promotion_kind(d, us, to, &kind, &promo, r))
                return r->status;
            while (from_set && n < ARB_RESOLVE_MAX_CAND)
                moves[n++] = arb_move_make(arb_pop_lsb(&from_set), to, kind, promo);
        } else {
            if (pos->occ & ARB_BB(to))
                return r->status = ARB_RS_CANNOT_REACH;
            int from = -1;
            int one = to - dir, two = to - 2 * dir;
            bool double_rank = ARB_RANK(to) == (us == ARB_WHITE ? 3 : 4);
            if (d->from_rank >= 0) {
                int f = ARB_SQ(d->to_file, d->from_rank);
                if (f == one && (pawns & ARB_BB(f)))
                    from = f;
                else if (f == two && double_rank && (pawns & ARB_BB(f)) && !(pos->occ & ARB_BB(one)))
                    from = f;
                else
                    return r->status = (pawns & ARB_BB(f)) ? ARB_RS_CANNOT_REACH : ARB_RS_NO_SUCH_PIECE;
            } else if (one >= 0 && one < 64 && (pawns & ARB_BB(one))) {
                from = one;
            } else if (double_rank && (pawns & ARB_BB(two)) && !(pos->occ & ARB_BB(one))) {
                from = two;
            } else {
                return r->status = (pawns & ARB_FILE_BB(d->to_file)) ? ARB_RS_CANNOT_REACH : ARB_RS_NO_SUCH_PIECE;
            }
            if (d->ep)
                r->notes |= ARB_RN_EP_MARK_NOT_EP;
            if (d->capture)
                r->notes |= ARB_RN_CAPTURE_MARK_EMPTY;
            int kind = ARB_MK_NORMAL, promo;
            if (!promotion_kind(d, us, to, &kind, &promo, r))
                return r->status;
            moves[n++] = arb_move_make(from, to, kind, promo);
        }
    }
    enum arb_resolve_status st = pick(pos, r, moves, n);
    if (st == ARB_RS_OK && arb_move_kind(r->move) == ARB_MK_PROMOTION && d->promo == ARB_NO_PIECE)
        return r->status = ARB_RS_PROMO_MISSING;
    return st;
}

/* The king's two-square step of classical chess written as a king move
 * (Kg1, e1g1): castling, when that is what the position allows. */
static bool king_step_castle(const struct arb_pos *pos, int from, int to, int *aside)
{
    if (pos->chess960 || ARB_RANK(from) != ARB_RANK(to) || ARB_FILE(from) != 4)
        return false;
    if (ARB_FILE(to) == 6)
        *aside = 0;
    else if (ARB_FILE(to) == 2)
        *aside = 1;
    else
        return false;
    return (pos->castle & (1 << ARB_CASTLE_IDX(pos->side, *aside))) != 0;
}

enum arb_resolve_status arb_san_resolve(const struct arb_pos *pos, const struct arb_movedesc *d,
                                        struct arb_resolve *r)
{
    /* Every field but the candidate list (filled only with n_cand). */
    r->status = ARB_RS_OK;
    r->move = 0;
    r->notes = 0;
    r->n_cand = 0;
    r->square = -1;
    int us = pos->side;

    if (d->null_move)
        return r->status = ARB_RS_NULL_MOVE;
    if (d->castle)
        return resolve_castle(pos, d->castle == ARB_DESC_CASTLE_A, r);
    if (d->to_file >= 0 && d->to_rank >= 0 && ARB_SQ(d->to_file, d->to_rank) == pos->king_sq[us ^ 1]) {
        r->square = ARB_SQ(d->to_file, d->to_rank);
        return r->status = ARB_RS_CAPTURES_KING;
    }

    int type = d->piece;
    if (d->coords) {
        /* Coordinates only: the piece is whatever stands on the from-square. */
        if (d->from_file < 0 || d->from_rank < 0 || d->to_file < 0 || d->to_rank < 0)
            return r->status = ARB_RS_INCOMPLETE;
        int from = ARB_SQ(d->from_file, d->from_rank), to = ARB_SQ(d->to_file, d->to_rank);
        int p = pos->board[from];
        if (!p || arb_piece_color(p) != us)
            return r->status = ARB_RS_NO_SUCH_PIECE;
        if (type != ARB_NO_PIECE && type != arb_piece_type(p))
            return r->status = ARB_RS_NO_SUCH_PIECE;
        type = arb_piece_type(p);
        if (type == ARB_KING) {
            int aside;
            /* King takes own castling rook (UCI for Chess960) or the classical
             * two-square step (UCI e1g1). */
            for (aside = 0; aside < 2; aside++) {
                int i = ARB_CASTLE_IDX(us, aside);
                if ((pos->castle & (1 << i)) && pos->castle_rook[i] == to)
                    return resolve_castle(pos, aside, r);
            }
            if (king_step_castle(pos, from, to, &aside))
                return resolve_castle(pos, aside, r);
        }
    }
    if (type == ARB_PAWN)
        return resolve_pawn(pos, d, r);
    if (type < ARB_KNIGHT || type > ARB_KING || d->to_file < 0 || d->to_rank < 0)
        return r->status = ARB_RS_INCOMPLETE;

    int to = ARB_SQ(d->to_file, d->to_rank);
    r->square = to;
    arb_bb mine = arb_pos_pieces(pos, us, type);
    if (d->from_file >= 0)
        mine &= ARB_FILE_BB(d->from_file);
    if (d->from_rank >= 0)
        mine &= ARB_RANK_BB(d->from_rank);
    if (!mine)
        return r->status = ARB_RS_NO_SUCH_PIECE;
    if (d->promo != ARB_NO_PIECE)
        return r->status = ARB_RS_PROMO_NOT_LAST;
    if (pos->by_color[us] & ARB_BB(to))
        return r->status = ARB_RS_OWN_PIECE;

    /* A line piece reaches the target if it stands on a line through it
     * with the squares between empty: tested per piece with the small
     * between-table (the large slider tables miss the cache). */
    arb_bb cand = 0;
    if (type == ARB_KNIGHT || type == ARB_KING) {
        cand = mine & arb_piece_attacks(type, to, pos->occ);
    } else {
        arb_bb lines = (type == ARB_BISHOP ? arb_att.bishop_empty[to]
                        : type == ARB_ROOK ? arb_att.rook_empty[to]
                                           : arb_att.rook_empty[to] | arb_att.bishop_empty[to]);
        arb_bb on = mine & lines;
        while (on) {
            int f = arb_pop_lsb(&on);
            if (!(arb_att.between[f][to] & pos->occ))
                cand |= ARB_BB(f);
        }
    }
    if (!cand) {
        int aside;
        if (type == ARB_KING && arb_popcount(mine) == 1
            && king_step_castle(pos, arb_lsb(mine), to, &aside)) {
            r->notes |= ARB_RN_KING_STEP_CASTLE;
            return resolve_castle(pos, aside, r);
        }
        return r->status = ARB_RS_CANNOT_REACH;
    }
    arb_move moves[ARB_RESOLVE_MAX_CAND];
    int n = 0;
    while (cand && n < ARB_RESOLVE_MAX_CAND)
        moves[n++] = arb_move_make(arb_pop_lsb(&cand), to, ARB_MK_NORMAL, 0);
    if (pick(pos, r, moves, n) != ARB_RS_OK)
        return r->status;
    if (d->capture && !(pos->occ & ARB_BB(to)))
        r->notes |= ARB_RN_CAPTURE_MARK_EMPTY;
    if (d->ep)
        r->notes |= ARB_RN_EP_MARK_NOT_EP;
    if ((d->from_file >= 0 || d->from_rank >= 0) && !d->coords) {
        /* Was the disambiguation needed?  (Redundant is accepted, C.10.) */
        arb_bb all = arb_pos_pieces(pos, us, type) & arb_piece_attacks(type, to, pos->occ);
        struct arb_legal_info info;
        arb_legal_info(pos, &info);
        int legal = 0;
        while (all) {
            int f = arb_pop_lsb(&all);
            legal += arb_move_legal(pos, &info, arb_move_make(f, to, ARB_MK_NORMAL, 0));
        }
        if (legal == 1)
            r->notes |= ARB_RN_OVERSPECIFIED;
    }
    return r->status;
}

void arb_san_describe(const struct arb_pos *pos, arb_move m, struct arb_movedesc *d)
{
    memset(d, 0, sizeof *d);
    d->from_file = d->from_rank = d->to_file = d->to_rank = -1;
    d->promo = ARB_NO_PIECE;
    d->piece = ARB_NO_PIECE;
    int from = arb_move_from(m), to = arb_move_to(m), kind = arb_move_kind(m);
    int us = pos->side;

    if (kind == ARB_MK_CASTLE) {
        d->castle = to < from ? ARB_DESC_CASTLE_A : ARB_DESC_CASTLE_H;
    } else {
        int type = arb_pos_type_at(pos, from);
        d->piece = (int8_t)type;
        d->to_file = (int8_t)ARB_FILE(to);
        d->to_rank = (int8_t)ARB_RANK(to);
        d->capture = (pos->occ & ARB_BB(to)) || kind == ARB_MK_EP;
        d->ep = kind == ARB_MK_EP;
        if (kind == ARB_MK_PROMOTION)
            d->promo = (int8_t)arb_move_promo(m);
        if (type == ARB_PAWN) {
            if (d->capture)
                d->from_file = (int8_t)ARB_FILE(from);
        } else if (type != ARB_KING) {
            /* Other pieces of the kind that could legally go there too. */
            struct arb_legal_info info;
            arb_legal_info(pos, &info);
            arb_bb others = arb_pos_pieces(pos, us, type) & arb_piece_attacks(type, to, pos->occ) & ~ARB_BB(from);
            arb_bb rivals = 0;
            while (others) {
                int f = arb_pop_lsb(&others);
                if (arb_move_legal(pos, &info, arb_move_make(f, to, ARB_MK_NORMAL, 0)))
                    rivals |= ARB_BB(f);
            }
            if (rivals) {
                if (!(rivals & ARB_FILE_BB(ARB_FILE(from))))
                    d->from_file = (int8_t)ARB_FILE(from);
                else if (!(rivals & ARB_RANK_BB(ARB_RANK(from))))
                    d->from_rank = (int8_t)ARB_RANK(from);
                else {
                    d->from_file = (int8_t)ARB_FILE(from);
                    d->from_rank = (int8_t)ARB_RANK(from);
                }
            }
        }
    }
    struct arb_pos after = *pos;
    struct arb_undo u;
    arb_pos_make(&after, m, &u);
    if (arb_pos_checkers(&after))
        d->check = arb_has_legal_move(&after) ? ARB_DESC_CHECK : ARB_DESC_MATE;
}
