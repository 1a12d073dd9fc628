/* locked.c — see locked.h.
 *
 * Why a proof holds (the invariant): let F be the fixed pawns found below.
 * As long as F stands, every move of a piece lands on a square its flood
 * fill reaches (other pieces only ever take squares away from a slider, the
 * fill ignores them), and a king never lands on a square an enemy fixed pawn
 * attacks (3.9).  So no move can be the first to disturb F: a fixed pawn
 * cannot push (the square ahead holds a fixed pawn), cannot capture (no
 * enemy piece, fixed pawn or en-passant passer can stand on its capture
 * squares — every pawn's cone includes the squares it passes), and cannot
 * be captured (no enemy piece attacks its square; an enemy king only next
 * to it when an own fixed pawn defends it).  An en-passant capture possible
 * in pos itself is taken out first.  Everything below is a consequence.
 */
#include "chess/locked.h"

#include "chess/attacks.h"

#define MAX_PIECES 16

struct side {
    arb_bb land;               /* squares its other pieces can ever stand on */
    arb_bb att;                /* squares they can ever attack */
    arb_bb king, king_att;     /* the king's region and what it attacks from there */
    int n;                     /* its mobile pieces other than the king */
    arb_bb piece_land[MAX_PIECES];
};

static arb_bb north(arb_bb b) { return b << 8; }
static arb_bb south(arb_bb b) { return b >> 8; }
static arb_bb forward(arb_bb b, int color) { return color == ARB_WHITE ? north(b) : south(b); }

/* Squares pawns of `color` standing on b attack. */
static arb_bb pawn_attacks_bb(arb_bb b, int color)
{
    arb_bb f = forward(b, color);
    return ((f & ~ARB_FILE_BB(7)) << 1) | ((f & ~ARB_FILE_A) >> 1);
}

/* Squares a piece of `type` can reach from `start` (each step a move of its
 * kind through the fixed pawns, never landing on `forbid`); *att collects
 * what it attacks from every square of the region. */
static arb_bb flood(int type, arb_bb start, arb_bb fixed, arb_bb forbid, arb_bb *att)
{
    arb_bb reach = start, frontier = start, a = 0;
    while (frontier) {
        arb_bb next = 0;
        while (frontier)
            next |= arb_piece_attacks(type, arb_pop_lsb(&frontier), fixed);
        a |= next;
        frontier = next & ~forbid & ~reach;
        reach |= frontier;
    }
    *att |= a;
    return reach;
}

/* The cone of a pawn that is not fixed: pushes onto squares no fixed pawn
 * holds, captures onto any such square, and at the last rank whatever a
 * queen or a knight promoted there can reach. */
static arb_bb cone(int color, arb_bb start, arb_bb fixed, arb_bb stop, arb_bb targets, arb_bb *att)
{
    arb_bb last = color == ARB_WHITE ? ARB_RANK_BB(7) : ARB_RANK_BB(0);
    arb_bb reach = start, frontier = start, a = 0;
    while (frontier) {
        arb_bb from = frontier & ~last;
        arb_bb caps = pawn_attacks_bb(from, color);
        a |= caps;
        frontier = (((forward(from, color) & ~stop) | (caps & targets)) & ~fixed) & ~reach;
        reach |= frontier;
    }
    arb_bb promo = reach & last;
    if (promo)
        reach |= flood(ARB_QUEEN, promo, fixed, fixed, &a) | flood(ARB_KNIGHT, promo, fixed, fixed, &a);
    *att |= a;
    return reach;
}

/* Regions of every piece of `color` given the fixed pawns (fixed_att[c]:
 * what the fixed pawns of colour c attack). */
static void regions(const struct arb_pos *pos, int color, arb_bb fixed, arb_bb bound, const arb_bb fixed_att[2],
                    arb_bb targets, arb_bb frozen, struct side *s)
{
    /* Kings that can never leave their square stand in the way like the
     * fixed pawns. */
    arb_bb wall = fixed | frozen;
    /* A pawn never passes an enemy pawn on its file that never leaves it
     * (bound: it never captures and is never captured). */
    arb_bb stop = bound & pos->by_color[color ^ 1];
    s->land = s->att = s->king_att = 0;
    s->n = 0;
    arb_bb mobile = pos->by_color[color] & ~fixed & ~pos->by_type[ARB_KING];
    while (mobile) {
        int sq = arb_pop_lsb(&mobile);
        int type = arb_pos_type_at(pos, sq);
        arb_bb r = type == ARB_PAWN ? cone(color, ARB_BB(sq), wall, stop, bound & ARB_BB(sq) ? 0 : targets, &s->att)
                                    : flood(type, ARB_BB(sq), wall, wall, &s->att);
        s->piece_land[s->n++] = r;
        s->land |= r;
    }
    arb_bb frozen_enemy = frozen & pos->by_color[color ^ 1];
    arb_bb enemy_king_att = frozen_enemy ? arb_att.king[arb_lsb(frozen_enemy)] : 0;
    s->king = flood(ARB_KING, ARB_BB(pos->king_sq[color]), wall, wall | fixed_att[color ^ 1] | enemy_king_att,
                    &s->king_att);
}

/* The pawns of B (bound: they never capture and are never captured, so
 * they never leave their file) that can never move: the square ahead holds
 * an enemy pawn of B, or an own pawn that can never move. */
static arb_bb fixed_of(const struct arb_pos *pos, arb_bb bound, arb_bb frozen)
{
    arb_bb w = bound & pos->by_color[ARB_WHITE], b = bound & pos->by_color[ARB_BLACK];
    arb_bb fw = w & south(b | frozen), fb = b & north(w | frozen);
    for (;;) {
        arb_bb nw = fw | (w & south(fw)), nb = fb | (b & north(fb));
        if (nw == fw && nb == fb)
            return fw | fb;
        fw = nw;
        fb = nb;
    }
}

/* The fixed point: start from every pawn bound, drop those that break a
 * condition, recompute the regions, until nothing changes.  A bound pawn
 * may still step forward along its file (within its cone); the fixed ones
 * cannot move at all, and only they shape the pieces' regions. */
static arb_bb fixed_point(const struct arb_pos *pos, struct side sides[2], arb_bb fixed_att[2])
{
    arb_bb bound = pos->by_type[ARB_PAWN];
    if (pos->ep != ARB_NO_SQ) {
        /* The pawn that just stepped two squares can be taken en passant,
         * and the pawns that can take it can move. */
        int us = pos->side;
        arb_bb ep = ARB_BB(pos->ep);
        bound &= ~forward(ep, us ^ 1);
        bound &= ~(pos->by_color[us] & pawn_attacks_bb(ep, us ^ 1));
    }
    /* Kings that can never move (their region is their square; assumed of
     * both at first, dropped as the regions show otherwise): a pawn
     * facing one is blocked for good. */
    arb_bb frozen = pos->by_type[ARB_KING];
    for (;;) {
        arb_bb fixed = fixed_of(pos, bound, frozen);
        for (int c = 0; c < 2; c++)
            fixed_att[c] = pawn_attacks_bb(fixed & pos->by_color[c], c);
        /* A pawn captures only where an enemy man (not the king) can ever
         * stand: the least fixed point, from the men where they stand. */
        arb_bb targets[2];
        for (int c = 0; c < 2; c++)
            targets[c] = pos->by_color[c] & ~pos->by_type[ARB_KING];
        for (bool grew = true; grew;) {
            grew = false;
            for (int c = 0; c < 2; c++)
                regions(pos, c, fixed, bound, fixed_att, targets[c ^ 1], frozen, &sides[c]);
            for (int c = 0; c < 2; c++) {
                arb_bb t = targets[c] | sides[c].land;
                grew |= t != targets[c];
                targets[c] = t;
            }
        }
        arb_bb bad = 0;
        /* What a pawn's side always defends: its fixed pawns, its king
         * when it can never move. */
        arb_bb defended[2];
        for (int c = 0; c < 2; c++) {
            arb_bb fk = frozen & pos->by_color[c];
            defended[c] = fixed_att[c] | (fk ? arb_att.king[arb_lsb(fk)] : 0);
        }
        for (int c = 0; c < 2; c++) {
            arb_bb own = bound & pos->by_color[c];
            const struct side *e = &sides[c ^ 1];
            for (arb_bb o = own & ~fixed; o;) {
                /* A bound pawn that moves: everywhere its cone (the push
                 * squares) goes, the conditions below must hold. */
                int sq = arb_pop_lsb(&o);
                arb_bb att = 0;
                arb_bb r = cone(c, ARB_BB(sq), fixed | frozen, bound & pos->by_color[c ^ 1], 0, &att);
                if ((pawn_attacks_bb(r, c) & (e->land | (pos->by_color[c ^ 1] & ~pos->by_type[ARB_KING])))
                    || (r & (e->att | (e->king_att & ~defended[c]))))
                    bad |= ARB_BB(sq);
            }
            arb_bb own_fixed = own & fixed;
            /* Nothing of the enemy's (but the king) may ever stand on a
             * capture square. */
            bad |= own_fixed & pawn_attacks_bb(e->land | (pos->by_color[c ^ 1] & ~pos->by_type[ARB_KING]), c ^ 1);
            /* No enemy piece may ever attack it; the enemy king only when a
             * fixed pawn defends it. */
            bad |= own_fixed & (e->att | (e->king_att & ~defended[c]));
        }
        arb_bb still = 0;
        for (int c = 0; c < 2; c++)
            if (sides[c].king == ARB_BB(pos->king_sq[c]))
                still |= sides[c].king;
        if (!(bound & bad) && still == frozen)
            return fixed;
        bound &= ~bad;
        frozen &= still;
    }
}

arb_bb arb_locked_pawns(const struct arb_pos *pos)
{
    struct side sides[2];
    arb_bb fixed_att[2];
    return fixed_point(pos, sides, fixed_att);
}

/* Can the squares of `need` each get a distinct piece of s (a piece may
 * stand on a square of its region)?  Bipartite matching, augmenting paths. */
static bool try_assign(const struct side *s, const int *sqs, int i, int *owner, unsigned *seen)
{
    for (int p = 0; p < s->n; p++) {
        if (!(s->piece_land[p] & ARB_BB(sqs[i])) || (*seen & (1u << p)))
            continue;
        *seen |= 1u << p;
        int prev = -1;
        for (int j = 0; j < 8; j++)
            if (owner[j] == p)
                prev = j;
        if (prev < 0 || try_assign(s, sqs, prev, owner, seen)) {
            if (prev >= 0)
                owner[prev] = -1;
            owner[i] = p;
            return true;
        }
    }
    return false;
}

static bool can_block(const struct side *s, arb_bb need)
{
    if (arb_popcount(need) > s->n)
        return false;
    int sqs[8], owner[8], k = 0;
    while (need) {
        sqs[k] = arb_pop_lsb(&need);
        owner[k] = -1;
        k++;
    }
    for (int j = k; j < 8; j++)
        owner[j] = -1;
    for (int i = 0; i < k; i++) {
        unsigned seen = 0;
        if (!try_assign(s, sqs, i, owner, &seen))
            return false;
    }
    return true;
}

bool arb_locked_unwinnable(const struct arb_pos *pos, int winner)
{
    struct side sides[2];
    arb_bb fixed_att[2];
    arb_bb fixed = fixed_point(pos, sides, fixed_att);
    const struct side *w = &sides[winner], *l = &sides[winner ^ 1];
    /* Squares the loser's king could ever be checked on. */
    arb_bb checks = l->king & (w->att | fixed_att[winner]);
    /* Flight squares taken care of without a piece of the loser's: attacked
     * by the winner's other pieces, or held by a fixed pawn (the loser's
     * own, or the winner's, which then has a fixed defender). */
    arb_bb covered = w->att | fixed_att[winner] | fixed;
    while (checks) {
        int s = arb_pop_lsb(&checks);
        arb_bb need = arb_att.king[s] & ~covered;
        if (can_block(l, need))
            return false;   /* a mate on s is not excluded */
        /* The winner's king helps from one square of its region two steps
         * from s (never next to the other king). */
        arb_bb ring = w->king & ~arb_att.king[s] & ~ARB_BB(s);
        arb_bb near = 0;
        for (arb_bb n = arb_att.king[s]; n;)
            near |= arb_att.king[arb_pop_lsb(&n)];
        for (ring &= near; ring;) {
            int k = arb_pop_lsb(&ring);
            if (can_block(l, need & ~arb_att.king[k]))
                return false;
        }
    }
    return true;
}
