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
 *
 * Pieces are fixed the same way ("frozen"): a piece whose every move lands
 * on a fixed pawn or frozen piece (a knight walled in by its own chain, a
 * bishop behind its own pawns, a king with nowhere to go), that no enemy
 * piece attacks and the enemy king only where it is defended, never moves
 * and is never taken.  A frozen piece stands in the way like a fixed pawn,
 * blocks a pawn for good, and what it attacks next to it (a knight's or a
 * king's squares, a slider's first square on each line: nothing can come
 * between) is attacked for good: no enemy king goes there, and an own man
 * there is defended.
 *
 * The cage (cage() below) makes it "as long as F stands and the game goes
 * on": a king may step onto a square of its cage, taking a fixed pawn even,
 * but that move leaves the caged king no move and gives no check (no
 * discovered check can), so the game ends there in stalemate.
 */
#include "chess/locked.h"

#include "chess/attacks.h"

#include <stdlib.h>
#include <string.h>

#define MAX_PIECES 64               /* men of a side but its king, at most (a composed FEN may have 62) */
#define CAGE_MAX 8                 /* squares of a king's region, at most, for a cage */

struct side {
    arb_bb land;               /* squares its other pieces can ever stand on */
    arb_bb att;                /* squares they can ever attack */
    arb_bb king, king_att;     /* the king's region and what it attacks from there */
    arb_bb king_reach;         /* where it could go if it were not assumed frozen */
    arb_bb king_never;         /* squares the king never stands on while the game goes on (caged) */
    arb_bb guard;              /* squares the enemy's groups attack for good (the king never goes there) */
    arb_bb perm;               /* squares its own groups attack for good */
    int n;                     /* its mobile pieces other than the king */
    arb_bb piece_land[MAX_PIECES];
    int piece_type[MAX_PIECES];
    int piece_sq[MAX_PIECES];
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
        if (type == ARB_KNIGHT)
            next = arb_knight_step(frontier);
        else if (type == ARB_KING || (fixed == forbid && type != ARB_PAWN)) {
            /* A slider's region through the walls: the squares its single
             * steps reach without landing on one (each square of a slide
             * is such a step), and what it attacks from there the squares
             * next to them along its lines; so the whole frontier steps at
             * once, as a king's does. */
            if (type != ARB_ROOK)
                next |= arb_diagonal_step(frontier);
            if (type != ARB_BISHOP)
                next |= arb_straight_step(frontier);
        }
        else
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

/* What the frozen pieces on b attack for good: every square of a knight
 * or a king, the first square of each line of a slider. */
static arb_bb perm_attacks(const struct arb_pos *pos, arb_bb b)
{
    arb_bb a = 0;
    while (b) {
        int sq = arb_pop_lsb(&b);
        /* (Every square occupied: a slider's first square on each line.) */
        a |= arb_piece_attacks(arb_pos_type_at(pos, sq), sq, ~(arb_bb)0);
    }
    return a;
}

/* The king's region: never on a square an enemy fixed pawn or frozen piece
 * attacks for good, nor on one of s->king_never. */
static void king_region(const struct arb_pos *pos, int color, arb_bb wall, const arb_bb fixed_att[2], arb_bb frozen,
                        struct side *s)
{
    arb_bb enemy_perm = perm_attacks(pos, frozen & pos->by_color[color ^ 1]);
    int sq = pos->king_sq[color];
    s->king_att = 0;
    s->king_reach = flood(ARB_KING, ARB_BB(sq), wall,
                          wall | fixed_att[color ^ 1] | enemy_perm | s->king_never | s->guard, &s->king_att);
    s->king = s->king_reach;
    if (frozen & ARB_BB(sq)) {
        /* Assumed frozen (kept while its reach shows it cannot move): it
         * stands, and attacks its neighbours (a man there it may take). */
        s->king = ARB_BB(sq);
        s->king_att = arb_att.king[sq];
    }
}

/* Could a piece of w's other than the king give check on a square of cs
 * the moment w's king steps from a square next to q onto q (a discovered
 * check: the piece stands behind the king's old square on a line to it,
 * with no fixed pawn or frozen piece between)?  Over-approximated: any
 * piece that could ever stand there and moves along that line. */
static bool discovers(const struct arb_pos *pos, const struct side *w, int color, arb_bb wall, arb_bb frozen, int q,
                      arb_bb cs)
{
    for (arb_bb xs = w->king & arb_att.king[q]; xs;) {
        int x = arb_pop_lsb(&xs);
        for (arb_bb c = cs; c;) {
            int t = arb_pop_lsb(&c);
            if (!arb_att.line[x][t])
                continue;
            bool straight = x / 8 == t / 8 || x % 8 == t % 8;
            arb_bb behind = 0;
            for (arb_bb b = arb_att.line[x][t]; b;) {
                int sq = arb_pop_lsb(&b);
                if ((arb_att.between[sq][t] & ARB_BB(x)) && !(arb_att.between[sq][t] & wall))
                    behind |= ARB_BB(sq);
            }
            int slider = straight ? ARB_ROOK : ARB_BISHOP;
            for (int p = 0; p < w->n; p++) {
                int ty = w->piece_type[p];
                if ((ty == ARB_QUEEN || ty == ARB_PAWN || ty == slider) && (w->piece_land[p] & behind))
                    return true;
            }
            for (arb_bb f = frozen & pos->by_color[color] & behind; f;) {
                int ty = arb_pos_type_at(pos, arb_pop_lsb(&f));
                if (ty == ARB_QUEEN || ty == slider)
                    return true;
            }
        }
    }
    return false;
}

/* The cage: when the other side has nothing to move but its king (every
 * other man of its fixed or frozen) and its king's region is small, some
 * squares are ones w's king never stands on while the game goes on.  With
 * w's king on q, the other king stands on a square of its region not next
 * to q; if from none of those it has a square to go to, that is stalemate
 * (the game is over) or mate.  Mate needs a check the moment the king
 * steps onto q (and stays there no longer: the game ends), so a
 * discovered one; where none can be, q is never w's king's square after a
 * move.  The square it stands on now is left in; castling rights (the rook
 * moves too) leave it all out. */
static arb_bb cage(const struct arb_pos *pos, int color, const struct side *w, const struct side *l, arb_bb wall,
                   const arb_bb fixed_att[2], arb_bb frozen)
{
    arb_bb rights = color == ARB_WHITE ? ARB_CASTLE_WH | ARB_CASTLE_WA : ARB_CASTLE_BH | ARB_CASTLE_BA;
    /* A frozen king (a fixed point's assumption) is no king that steps:
     * the cage holds for one that can move. */
    if (l->n || (pos->castle & rights) || (frozen & ARB_BB(pos->king_sq[color])))
        return 0;
    /* Where the other king can go, its own cage left out: a step into it
     * ends the game, but it is a move, and a king that has one is not
     * stalemated. */
    struct side other = *l;
    other.king_never = 0;
    king_region(pos, color ^ 1, wall, fixed_att, frozen, &other);
    arb_bb region = other.king;
    if (arb_popcount(region) > CAGE_MAX)
        return 0;
    arb_bb never = 0;
    /* (q: where it can go, or take a man of the other side's) */
    for (arb_bb qs = (w->king | w->king_att) & ~ARB_BB(pos->king_sq[color]); qs;) {
        int q = arb_pop_lsb(&qs);
        arb_bb near = arb_att.king[q] | ARB_BB(q);
        arb_bb cs = region & ~near;
        bool stuck = true;
        for (arb_bb c = cs; c && stuck;)
            stuck = !(region & arb_att.king[arb_pop_lsb(&c)] & ~near);
        if (stuck && !discovers(pos, w, color, wall, frozen, q, cs))
            never |= ARB_BB(q);
    }
    return never;
}

/* Regions of every piece of `color` given the fixed pawns (fixed_att[c]:
 * what the fixed pawns of colour c attack) and the frozen pieces. */
static void regions(const struct arb_pos *pos, int color, arb_bb fixed, arb_bb bound, const arb_bb fixed_att[2],
                    arb_bb targets, arb_bb frozen, struct side *s)
{
    /* Frozen pieces stand in the way like the fixed pawns. */
    arb_bb wall = fixed | frozen;
    /* A pawn never passes an enemy pawn on its file that never leaves it
     * (bound: it never captures and is never captured). */
    arb_bb stop = bound & pos->by_color[color ^ 1];
    s->land = s->att = s->king_att = 0;
    s->n = 0;
    for (arb_bb f = frozen & pos->by_color[color] & ~pos->by_type[ARB_KING]; f;) {
        int sq = arb_pop_lsb(&f);
        s->land |= ARB_BB(sq);
        s->att |= arb_piece_attacks(arb_pos_type_at(pos, sq), sq, wall);
    }
    arb_bb mobile = pos->by_color[color] & ~fixed & ~frozen & ~pos->by_type[ARB_KING];
    while (mobile) {
        int sq = arb_pop_lsb(&mobile);
        int type = arb_pos_type_at(pos, sq);
        arb_bb r = type == ARB_PAWN ? cone(color, ARB_BB(sq), wall, stop, bound & ARB_BB(sq) ? 0 : targets, &s->att)
                                    : flood(type, ARB_BB(sq), wall, wall, &s->att);
        s->piece_type[s->n] = type;
        s->piece_sq[s->n] = sq;
        s->piece_land[s->n++] = r;
        s->land |= r;
    }
    s->king_never = s->guard = s->perm = 0;
    king_region(pos, color, wall, fixed_att, frozen, s);
}

/* ---- Groups ----------------------------------------------------------------
 *
 * Mobile pieces of one colour (not the king, not pawns) whose regions
 * overlap form a group; its region R is the union of theirs.  When nothing
 * else can ever stand on a square of R (no other piece's region, no pawn's
 * cone, neither king's region meets it), the group's men only ever move
 * among themselves within R, nothing takes them, and its placements are
 * among those reached from the present one by moves of its men within R
 * (legality ignored: more placements, never fewer).  A square that some man
 * of the group attacks in every such placement, along a line through
 * squares of R only (nothing else stands there), is attacked for good: no
 * enemy king ever stands on it, an own man there is defended for good.
 * Seven bishops shuffling round a hole behind their pawns still defend
 * every pawn.  Placements are counted; a group with too many proves
 * nothing. */

#define GROUP_SQUARES 24           /* squares of R, at most */
#define GROUP_STATES 2048          /* placements, at most */

struct placement {
    arb_bb by[4];              /* knights, bishops, rooks, queens */
};

static arb_bb placement_attacks(const struct placement *p, arb_bb region)
{
    arb_bb occ = p->by[0] | p->by[1] | p->by[2] | p->by[3], a = 0;
    for (int t = 0; t < 4; t++)
        for (arb_bb b = p->by[t]; b;)
            a |= arb_piece_attacks(ARB_KNIGHT + t, arb_pop_lsb(&b), ~region | occ);
    return a;
}

static unsigned placement_hash(const struct placement *p, unsigned mask)
{
    arb_bb h = p->by[0] * 0x9E3779B97F4A7C15ULL ^ p->by[1] * 0xC2B2AE3D27D4EB4FULL ^ p->by[2] * 0x165667B19E3779F9ULL
               ^ p->by[3] * 0xD6E8FEB86659FD93ULL;
    return (unsigned)(h >> 40) & mask;
}

/* What the group (pieces of s in `members`, a bit each) attacks in every
 * placement it can reach within `region`; 0 when there are too many. */
static arb_bb group_attacks(const struct side *s, uint64_t members, arb_bb region, arb_bb wall)
{
    arb_bb land[4] = {0};
    struct placement start = {{0}};
    for (int p = 0; p < s->n; p++)
        if (members & (1ULL << p)) {
            land[s->piece_type[p] - ARB_KNIGHT] |= s->piece_land[p];
            start.by[s->piece_type[p] - ARB_KNIGHT] |= ARB_BB(s->piece_sq[p]);
        }
    if (!(members & (members - 1))) {
        /* One man: every square of its region, each a placement. */
        int t = s->piece_type[__builtin_ctzll(members)] - ARB_KNIGHT;
        arb_bb a = ~(arb_bb)0;
        for (arb_bb b = region; b && a;)
            a &= arb_piece_attacks(ARB_KNIGHT + t, arb_pop_lsb(&b), ~region);
        return a;
    }
    enum { SLOTS = GROUP_STATES * 2 };
    struct placement *queue = malloc(GROUP_STATES * sizeof *queue);
    unsigned short *slot = calloc(SLOTS, sizeof *slot);
    arb_bb a = 0;
    if (!queue || !slot)
        goto out;
    unsigned head = 0, tail = 0;
    queue[tail++] = start;
    slot[placement_hash(&start, SLOTS - 1)] = 1;
    a = ~(arb_bb)0;
    while (head < tail && a) {
        struct placement p = queue[head++];
        a &= placement_attacks(&p, region);
        arb_bb occ = p.by[0] | p.by[1] | p.by[2] | p.by[3];
        for (int t = 0; t < 4; t++)
            for (arb_bb b = p.by[t]; b;) {
                int from = arb_pop_lsb(&b);
                for (arb_bb to = arb_piece_attacks(ARB_KNIGHT + t, from, wall | occ) & land[t] & ~occ; to;) {
                    struct placement q = p;
                    q.by[t] ^= ARB_BB(from) | ARB_BB(arb_pop_lsb(&to));
                    unsigned i = placement_hash(&q, SLOTS - 1);
                    bool known = false;
                    while (slot[i] && !known) {
                        known = memcmp(&queue[slot[i] - 1], &q, sizeof q) == 0;
                        i = (i + 1) & (SLOTS - 1);
                    }
                    if (known)
                        continue;
                    if (tail == GROUP_STATES) {
                        a = 0;
                        goto out;
                    }
                    queue[tail] = q;
                    slot[i] = (unsigned short)++tail;
                }
            }
    }
out:
    free(queue);
    free(slot);
    return a;
}

/* The squares s's groups attack for good (e: the other side). */
static arb_bb group_perm(const struct side *s, const struct side *e, arb_bb wall)
{
    uint64_t members[MAX_PIECES];
    arb_bb region[MAX_PIECES];
    int ng = 0;
    for (int p = 0; p < s->n; p++) {
        if (s->piece_type[p] == ARB_PAWN)
            continue;
        /* Merged with every group its region meets (the groups' regions
         * are disjoint: only p's can join two). */
        uint64_t m = 1ULL << p;
        arb_bb r = s->piece_land[p];
        int k = 0;
        for (int g = 0; g < ng; g++) {
            if (region[g] & s->piece_land[p]) {
                m |= members[g];
                r |= region[g];
            } else {
                members[k] = members[g];
                region[k++] = region[g];
            }
        }
        members[k] = m;
        region[k++] = r;
        ng = k;
    }
    /* Where anything else can ever stand. */
    arb_bb enemy = e->king;
    for (int q = 0; q < e->n; q++)
        enemy |= e->piece_land[q];
    arb_bb perm = 0;
    for (int g = 0; g < ng; g++) {
        arb_bb others = enemy | s->king;
        for (int q = 0; q < s->n; q++)
            if (!(members[g] & (1ULL << q)))
                others |= s->piece_land[q];
        if (arb_popcount(region[g]) <= GROUP_SQUARES && !(region[g] & others))
            perm |= group_attacks(s, members[g], region[g], wall);
    }
    return perm;
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

/* The pieces (not kings, not pawns) of `color` hemmed in by their own men:
 * no square to go to, no man to take, now. */
static arb_bb hemmed(const struct arb_pos *pos, int color)
{
    arb_bb own = pos->by_color[color], occ = own | pos->by_color[color ^ 1], h = 0;
    for (arb_bb p = own & ~pos->by_type[ARB_PAWN] & ~pos->by_type[ARB_KING]; p;) {
        int sq = arb_pop_lsb(&p);
        if (!(arb_piece_attacks(arb_pos_type_at(pos, sq), sq, occ) & ~own))
            h |= ARB_BB(sq);
    }
    return h;
}

/* Where the fixed point starts: every pawn bound, every piece hemmed in by
 * its own men frozen (and the kings, if `kings`). */
static void start(const struct arb_pos *pos, bool kings, arb_bb *bound_out, arb_bb *frozen_out)
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
    /* Pieces that can never move (their region is their square; assumed of
     * every piece hemmed in by its own men at first, dropped as the regions
     * show otherwise; one with a square to go to or a man to take now is
     * not): a pawn facing one is blocked for good.  Kings are assumed frozen
     * too or not (kings false): a king assumed frozen has no cage, and one
     * that is not may have one from the start. */
    arb_bb frozen = (kings ? pos->by_type[ARB_KING] : 0) | hemmed(pos, ARB_WHITE) | hemmed(pos, ARB_BLACK);
    /* (Not a rook that may still castle: castling moves it past walls, and
     * in Chess960 swaps it with its king.) */
    if (pos->castle & (ARB_CASTLE_WH | ARB_CASTLE_WA))
        frozen &= ~(pos->by_type[ARB_ROOK] & pos->by_color[ARB_WHITE]);
    if (pos->castle & (ARB_CASTLE_BH | ARB_CASTLE_BA))
        frozen &= ~(pos->by_type[ARB_ROOK] & pos->by_color[ARB_BLACK]);
    *bound_out = bound;
    *frozen_out = frozen;
}

/* The fixed point: start from every pawn bound, drop those that break a
 * condition, recompute the regions, until nothing changes.  A bound pawn
 * may still step forward along its file (within its cone); the fixed ones
 * cannot move at all, and only they and the frozen pieces shape the
 * regions.  *gave_up: without frozen kings (kings false) no cage can come
 * of it, so it would prove nothing the other one does not. */
static arb_bb fixed_point(const struct arb_pos *pos, bool kings, struct side sides[2], arb_bb fixed_att[2],
                          arb_bb *frozen_out, bool *gave_up)
{
    bool first = true;
    *gave_up = false;
    arb_bb bound, frozen;
    start(pos, kings, &bound, &frozen);
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
        /* The groups, and the squares the other king so never goes to. */
        for (int c = 0; c < 2; c++)
            sides[c].perm = group_perm(&sides[c], &sides[c ^ 1], fixed | frozen);
        for (int c = 0; c < 2; c++)
            if (sides[c ^ 1].perm) {
                sides[c].guard = sides[c ^ 1].perm;
                king_region(pos, c, fixed | frozen, fixed_att, frozen, &sides[c]);
            }
        if (!kings && first) {
            /* Without frozen kings this fixed point proves more only by a
             * cage, which needs a side with nothing but its king to move
             * and a small region; both only grow from here. */
            bool hope = false;
            for (int c = 0; c < 2; c++)
                hope |= !sides[c].n && arb_popcount(sides[c].king_reach) <= CAGE_MAX;
            if (!hope) {
                *gave_up = true;
                return 0;
            }
        }
        first = false;
        /* The cages, until the kings' regions stop shrinking (a smaller
         * region of one king can only make the other's cage larger). */
        for (bool shrank = true; shrank;) {
            shrank = false;
            for (int c = 0; c < 2; c++) {
                arb_bb never = cage(pos, c, &sides[c], &sides[c ^ 1], fixed | frozen, fixed_att, frozen) | sides[c].king_never;
                if (never != sides[c].king_never) {
                    sides[c].king_never = never;
                    king_region(pos, c, fixed | frozen, fixed_att, frozen, &sides[c]);
                    shrank = true;
                }
            }
        }
        arb_bb bad = 0;
        /* What a side always defends: what its fixed pawns and its frozen
         * pieces attack for good. */
        arb_bb defended[2];
        for (int c = 0; c < 2; c++)
            defended[c] = fixed_att[c] | perm_attacks(pos, frozen & pos->by_color[c]) | sides[c].perm;
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
                    || (r & (e->att | (e->king_att & ~defended[c] & ~e->king_never))))
                    bad |= ARB_BB(sq);
            }
            arb_bb own_fixed = own & fixed;
            /* Nothing of the enemy's (but the king) may ever stand on a
             * capture square. */
            bad |= own_fixed & pawn_attacks_bb(e->land | (pos->by_color[c ^ 1] & ~pos->by_type[ARB_KING]), c ^ 1);
            /* No enemy piece may ever attack it; the enemy king only when a
             * fixed pawn defends it, or where it never stands (its cage). */
            bad |= own_fixed & (e->att | (e->king_att & ~defended[c] & ~e->king_never));
        }
        /* A frozen piece stays frozen while its moves all land on the wall
         * and nothing can take it. */
        arb_bb still = 0;
        for (int c = 0; c < 2; c++) {
            if (sides[c].king_reach == ARB_BB(pos->king_sq[c]))
                still |= sides[c].king_reach;
            const struct side *e = &sides[c ^ 1];
            for (arb_bb f = frozen & pos->by_color[c] & ~pos->by_type[ARB_KING]; f;) {
                int sq = arb_pop_lsb(&f);
                arb_bb att = 0;
                if (flood(arb_pos_type_at(pos, sq), ARB_BB(sq), fixed | frozen, fixed | frozen, &att) == ARB_BB(sq)
                    && !(ARB_BB(sq) & (e->att | fixed_att[c ^ 1] | (e->king_att & ~defended[c] & ~e->king_never))))
                    still |= ARB_BB(sq);
            }
        }
        if (!(bound & bad) && !(frozen & ~still)) {
            if (frozen_out)
                *frozen_out = frozen;
            return fixed;
        }
        bound &= ~bad;
        frozen &= still;
    }
}

arb_bb arb_locked_pawns(const struct arb_pos *pos, arb_bb *frozen)
{
    /* Both fixed points hold: what either finds never moves. */
    struct side sides[2];
    arb_bb fixed_att[2], f1, f2 = 0;
    bool gave_up;
    arb_bb fixed = fixed_point(pos, true, sides, fixed_att, &f1, &gave_up);
    fixed |= fixed_point(pos, false, sides, fixed_att, &f2, &gave_up);
    if (frozen)
        *frozen = f1 | f2;
    return fixed;
}

/* Can the squares of `need` each get a distinct piece of s (a piece may
 * stand on a square of its region)?  Bipartite matching, augmenting paths. */
static bool try_assign(const struct side *s, const int *sqs, int i, int *owner, uint64_t *seen)
{
    for (int p = 0; p < s->n; p++) {
        if (!(s->piece_land[p] & ARB_BB(sqs[i])) || (*seen & (1ULL << p)))
            continue;
        *seen |= 1ULL << p;
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
        uint64_t seen = 0;
        if (!try_assign(s, sqs, i, owner, &seen))
            return false;
    }
    return true;
}

static bool unwinnable(const struct arb_pos *pos, bool kings, int winner, bool *caged)
{
    struct side sides[2];
    arb_bb fixed_att[2];
    arb_bb frozen;
    bool gave_up;
    arb_bb fixed = fixed_point(pos, kings, sides, fixed_att, &frozen, &gave_up);
    if (gave_up)
        return false;
    const struct side *w = &sides[winner], *l = &sides[winner ^ 1];
    if (caged)
        *caged = w->king_never != 0;
    /* Squares the loser's king could ever be checked on. */
    arb_bb checks = l->king & (w->att | fixed_att[winner]);
    /* Flight squares taken care of without a piece of the loser's: attacked
     * by the winner's other pieces, or held by a fixed pawn or a frozen
     * piece (the loser's own, or the winner's, which the loser's king never
     * takes). */
    arb_bb covered = w->att | fixed_att[winner] | fixed | (frozen & ~pos->by_type[ARB_KING]);
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

/* Has `color` nothing but its king that could move now (pawns blocked
 * head-on with nothing to take, pieces hemmed in by their own men)?  A cage
 * needs such a side: a man that can move now is never fixed or frozen. */
static bool king_only(const struct arb_pos *pos, int color)
{
    arb_bb own = pos->by_color[color], occ = own | pos->by_color[color ^ 1];
    arb_bb prey = pos->by_color[color ^ 1] & ~pos->by_type[ARB_KING];
    arb_bb pawns = own & pos->by_type[ARB_PAWN];
    if ((forward(pawns, color) & ~occ) || (pawn_attacks_bb(pawns, color) & prey) || pos->ep != ARB_NO_SQ)
        return false;
    return hemmed(pos, color) == (own & ~pawns & ~pos->by_type[ARB_KING]);
}

/* Could a cage come of the fixed point without frozen kings?  It needs a
 * side with nothing but its king to move now, whose king's region is small
 * already where the fixed point starts (it only grows from there). */
static bool cage_possible(const struct arb_pos *pos)
{
    arb_bb bound, frozen;
    start(pos, false, &bound, &frozen);
    arb_bb fixed = fixed_of(pos, bound, frozen), fixed_att[2];
    for (int c = 0; c < 2; c++)
        fixed_att[c] = pawn_attacks_bb(fixed & pos->by_color[c], c);
    for (int c = 0; c < 2; c++) {
        struct side s = {0};
        if (king_only(pos, c)) {
            king_region(pos, c, fixed | frozen, fixed_att, frozen, &s);
            if (arb_popcount(s.king_reach) <= CAGE_MAX)
                return true;
        }
    }
    return false;
}

bool arb_locked_unwinnable(const struct arb_pos *pos, int winner, bool *caged)
{
    /* Kings assumed frozen first; then not, for a cage from the start. */
    if (unwinnable(pos, true, winner, caged))
        return true;
    return cage_possible(pos) && unwinnable(pos, false, winner, caged);
}
