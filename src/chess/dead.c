/* dead.c — see dead.h. */
#include "chess/dead.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/locked.h"
#include "chess/movegen.h"

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
    struct plan *plan;     /* the guided search's table and targets */
    int mate_ply;          /* the length of the mate the guided search found */
    arb_move *line;        /* the moves of the mate found, by ply */
};

/* The guided search's picture of a mate (after the heuristics CHA
 * describes): the loser's king in a corner on the winner's side of the
 * board, of the colour the winner's bishops need; the winner's king two
 * squares in front of it; a piece of the loser's next to it, blocking. */
struct plan {
    int corner, winner_king, blocker;
    bool loser_promotes;   /* the winner's material needs a loser's piece
                              promoted to block: loser's pawn moves help */
    bool in_order;         /* moves in the order generated, not by score */
    bool promotes_anew;    /* loser_promotes asked in every position */
    struct { uint64_t key; int left; } *tt;
    unsigned mask;
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

/* Knight moves from a to b on an empty board. */
static int knight_dist(int a, int b)
{
    int dx = abs(ARB_FILE(a) - ARB_FILE(b)), dy = abs(ARB_RANK(a) - ARB_RANK(b));
    if (dx < dy) {
        int t = dx;
        dx = dy;
        dy = t;
    }
    if (dx == 1 && dy == 0)
        return 3;
    if (dx == 2 && dy == 2)
        return 4;
    if (dx == 1 && dy == 1) {
        /* A corner and the square diagonally next to it: four moves. */
        int c = corner_dist(a) == 0 || corner_dist(b) == 0;
        return c ? 4 : 2;
    }
    int m = (dx + 1) / 2 > (dx + dy + 2) / 3 ? (dx + 1) / 2 : (dx + dy + 2) / 3;
    return m + ((m + dx + dy) & 1);
}


/* Order score of move m (higher first). */
static int score(const struct arb_pos *pos, arb_move m, int winner)
{
    int from = arb_move_from(m), to = arb_move_to(m);
    int us = pos->side, type = arb_pos_type_at(pos, from);
    int their_king = pos->king_sq[us ^ 1], own_king = pos->king_sq[us];
    const arb_bb *t = pos->by_type;
    /* With only minor pieces the winner needs the loser's men as blockers
     * (and maybe a promotion of his); otherwise he clears the way. */
    bool minor_only = !(pos->by_color[winner] & (t[ARB_PAWN] | t[ARB_ROOK] | t[ARB_QUEEN]));
    bool capture = (pos->occ & ARB_BB(to)) != 0;
    int sc = 0;
    if (us == winner) {
        if (arb_move_kind(m) == ARB_MK_PROMOTION)
            sc += arb_move_promo(m) == ARB_QUEEN ? 60 : 10;
        if (type == ARB_PAWN)
            sc += 8 + (us == ARB_WHITE ? ARB_RANK(to) : 7 - ARB_RANK(to));
        sc += 2 * (dist(from, their_king) - dist(to, their_king));
        if (capture)
            sc += minor_only ? -6 : 6;
    } else {
        if (type == ARB_KING)
            sc += 3 * (corner_dist(from) - corner_dist(to));
        else if (type == ARB_PAWN && minor_only) {
            sc += 10;
            if (arb_move_kind(m) == ARB_MK_PROMOTION)
                sc += arb_move_promo(m) == ARB_QUEEN || arb_move_promo(m) == ARB_ROOK ? -10 : 20;
        }
        else
            sc += 2 * (dist(from, own_king) - dist(to, own_king));
        if (capture)
            sc -= 20;       /* the loser leaves the winner's material alone */
    }
    return sc;
}

/* Does the side to move's opponent (the winner, when depth is counted for
 * him) mate within depth plies? */
static bool hm_search(struct hm *h, struct arb_pos *pos, int depth, int ply)
{
    if (++h->nodes > h->budget)
        return false;
    struct arb_movelist list;
    arb_gen_legal(pos, &list);
    if (list.n == 0) {
        h->mate_ply = ply;
        return pos->checkers && pos->side != h->winner;
    }
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
        bool found = (depth > 1 || pos->checkers) && hm_search(h, pos, depth - 1, ply + 1);
        arb_pos_unmake(pos, m, &u);
        if (found) {
            h->line[ply] = m;
            return true;
        }
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
                h->nodes += a.checkers != 0;   /* the dear part: a check's replies */
                if (a.checkers && !arb_has_legal_move(&a)) {
                    h->line[ply] = list.moves[i];
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
        h->line[ply] = list.moves[best];
        arb_pos_make(&pos, list.moves[best], &u);
        if (!(pos.by_color[h->winner] & ~pos.by_type[ARB_KING]))
            return false;   /* the winner has nothing left to mate with */
    }
    return false;
}

/* ---- Guided search ---------------------------------------------------------
 *
 * Depth-first, deepened step by step, where a move's cost in depth depends
 * on whether it brings the mate of struct plan closer: a move that does
 * (for the winner a capture, an advanced pawn's push, the king or a knight
 * heading for its square; for the loser the king heading for the corner,
 * another piece for the blocking square, a pawn towards promotion when the
 * winner needs it) costs nothing, and so does the opponent's answer to it;
 * a loser's capture (or a pawn move the plan does not want) costs three; any
 * other move one.  So lines of progress are followed far beyond the nominal
 * depth.  A knight's way is counted in knight moves.  A line is given up
 * where the winner has only a knight or bishops of one colour and the loser
 * no pawn left to promote into a blocker.  A mate found is a proof; nothing
 * else is concluded from it. */

/* The winner's men are one knight, or bishops all of one colour (no bishop
 * of the other colour on the board), and the loser has nothing that could
 * stand in his own king's way for them without being able to parry the
 * check: for a knight no minor piece or rook, for the bishops no knight
 * (CHA's rule that the loser would have to promote; see cannot_mate_now). */
static bool needs_loser_promotion(const struct arb_pos *pos, int winner)
{
    const arb_bb *t = pos->by_type;
    arb_bb mine = pos->by_color[winner] & ~t[ARB_KING], theirs = pos->by_color[winner ^ 1] & ~t[ARB_KING];
    if (!mine || (mine & (t[ARB_PAWN] | t[ARB_ROOK] | t[ARB_QUEEN])))
        return false;
    arb_bb kn = mine & t[ARB_KNIGHT], bi = mine & t[ARB_BISHOP];
    if (!bi)
        return !arb_more_than_one(kn) && !(theirs & (t[ARB_KNIGHT] | t[ARB_BISHOP] | t[ARB_ROOK]));
    arb_bb colour = bi & ARB_DARK_SQUARES ? ARB_DARK_SQUARES : ~ARB_DARK_SQUARES;
    return !kn && !(t[ARB_BISHOP] & ~colour) && !(theirs & t[ARB_KNIGHT]);
}

static void plan_targets(const struct arb_pos *pos, int winner, struct plan *pl)
{
    const arb_bb *t = pos->by_type;
    arb_bb wb = t[ARB_BISHOP] & pos->by_color[winner], lb = t[ARB_BISHOP] & pos->by_color[winner ^ 1];
    bool dark = (wb & ARB_DARK_SQUARES) || (!wb && (lb & ~ARB_DARK_SQUARES));
    /* For White: h8 (dark) or a8 (light); for Black the same turned round. */
    int corner = dark ? ARB_SQ(7, 7) : ARB_SQ(0, 7), king = dark ? ARB_SQ(7, 5) : ARB_SQ(0, 5),
        block = dark ? ARB_SQ(6, 7) : ARB_SQ(1, 7);
    if (winner == ARB_BLACK) {
        corner = 63 - corner;
        king = 63 - king;
        block = 63 - block;
    }
    pl->corner = corner;
    pl->winner_king = king;
    pl->blocker = block;
    pl->loser_promotes = needs_loser_promotion(pos, winner);
}

enum { NORMAL, REWARD, PUNISH };

static int variation(const struct arb_pos *pos, arb_move m, int winner, const struct plan *pl, bool loser_promotes)
{
    int from = arb_move_from(m), to = arb_move_to(m), type = arb_pos_type_at(pos, from);
    bool capture = (pos->occ & ARB_BB(to)) != 0;
    if (pos->side == winner) {
        int rel = winner == ARB_WHITE ? ARB_RANK(from) : 7 - ARB_RANK(from);
        /* A pawn's step: progress when it is advanced, or when the winner's
         * pieces cannot mate alone (a promotion is his way to mate). */
        const arb_bb *t = pos->by_type;
        arb_bb pieces = pos->by_color[winner] & ~t[ARB_PAWN] & ~t[ARB_KING];
        arb_bb bishops = pieces & t[ARB_BISHOP];
        /* Nothing, one knight, or bishops of one colour: not enough alone. */
        bool weak = !(pieces & (t[ARB_ROOK] | t[ARB_QUEEN]))
                    && ((!bishops && !arb_more_than_one(pieces))
                        || (!(pieces & t[ARB_KNIGHT])
                            && (!(bishops & ARB_DARK_SQUARES) || !(bishops & ~ARB_DARK_SQUARES))));
        if (capture || (type == ARB_PAWN && (rel >= 4 || weak)))
            return REWARD;
        if (type == ARB_KING && dist(to, pl->winner_king) < dist(from, pl->winner_king))
            return REWARD;
        if (type == ARB_KNIGHT && knight_dist(to, pl->corner) < knight_dist(from, pl->corner))
            return REWARD;
        return NORMAL;
    }
    if (type == ARB_KING && dist(to, pl->corner) < dist(from, pl->corner))
        return REWARD;
    if (type == ARB_KNIGHT && knight_dist(to, pl->blocker) < knight_dist(from, pl->blocker))
        return REWARD;
    if (loser_promotes) {
        int promo = arb_move_kind(m) == ARB_MK_PROMOTION ? arb_move_promo(m) : ARB_NO_PIECE;
        return type == ARB_PAWN && promo != ARB_QUEEN && promo != ARB_ROOK ? REWARD : PUNISH;
    }
    return capture ? PUNISH : NORMAL;
}

/* Does the winner mate within `left` (in the costs above)?  ply: from the
 * start of the search; past: the move before was one of progress. */
static bool guided(struct hm *h, struct arb_pos *pos, int left, int ply, bool past)
{
    if (++h->nodes > h->budget)
        return false;
    bool over = left <= 0 || ply > 400 || !(pos->by_color[h->winner] & ~pos->by_type[ARB_KING]);
    /* Where the search stops only a mate counts, and a mate needs a check
     * (no moves generated for the rest: most nodes are such leaves). */
    if (over && !pos->checkers)
        return false;
    struct arb_movelist list;
    arb_gen_legal(pos, &list);
    if (list.n == 0) {
        h->mate_ply = ply;
        return pos->checkers && pos->side != h->winner;
    }
    if (over)
        return false;
    /* A lone minor piece with no loser's pawn left to promote into a blocker
     * (ARB_PROOF_HELPLESS below): no mate down this line. */
    if (!(pos->by_color[h->winner ^ 1] & pos->by_type[ARB_PAWN]) && needs_loser_promotion(pos, h->winner)
        && !arb_more_than_one(pos->checkers))
        return false;
    struct plan *pl = h->plan;
    unsigned i0 = (unsigned)(pos->key ^ (pos->key >> 32)) & pl->mask;
    if (pl->tt[i0].key == pos->key && pl->tt[i0].left >= left)
        return false;   /* searched at least this deep before, no mate */
    pl->tt[i0].key = pos->key;
    pl->tt[i0].left = left;
    bool lp = pl->promotes_anew ? needs_loser_promotion(pos, h->winner) : pl->loser_promotes;
    /* In the order generated, by piece (pl->in_order); else moves of
     * progress first, then the rest by the greedy games' order. */
    int vs[ARB_MAX_MOVES], sc[ARB_MAX_MOVES];
    for (int i = 0; i < list.n; i++) {
        vs[i] = variation(pos, list.moves[i], h->winner, pl, lp);
        if (pl->in_order) {
            /* Pawns, knights, bishops, rooks, queens, the king last (first
             * out of check), each in the order generated. */
            int type = arb_pos_type_at(pos, arb_move_from(list.moves[i]));
            int r = pos->checkers && type == ARB_KING ? -1 : type;
            sc[i] = -r * 256 - i;
        }
        else
            sc[i] = (vs[i] == REWARD ? 1000 : vs[i] == PUNISH ? -1000 : 0) + score(pos, list.moves[i], h->winner);
    }
    for (int i = 0; i < list.n; i++) {
        int best = i;
        for (int j = i + 1; j < list.n; j++)
            if (sc[j] > sc[best])
                best = j;
        arb_move m = list.moves[best];
        int v = vs[best];
        list.moves[best] = list.moves[i];
        vs[best] = vs[i];
        sc[best] = sc[i];
        if (ply > 300 && v == REWARD)
            v = NORMAL;
        int cost = v == REWARD ? 0 : v == PUNISH ? 3 : past ? 0 : 1;
        struct arb_undo u;
        arb_pos_make(pos, m, &u);
        bool found = guided(h, pos, left - cost, ply + 1, v == REWARD);
        arb_pos_unmake(pos, m, &u);
        if (found) {
            h->line[ply] = m;
            return true;
        }
        if (h->nodes > h->budget)
            return false;
    }
    return false;
}

/* Proofs without search that `winner` can never mate: a lone king; a lone
 * minor piece against men that cannot help it (a bare king among them); a
 * dead position by material; the locked-pawn proof. */
static enum arb_mate_proof cannot_mate_why(const struct arb_pos *pos, int winner)
{
    const arb_bb *t = pos->by_type;
    arb_bb mine = pos->by_color[winner] & ~t[ARB_KING], theirs = pos->by_color[winner ^ 1] & ~t[ARB_KING];
    if (!mine)
        return ARB_PROOF_LONE_KING;
    /* The loser has no pawns (so his material never grows) and only pieces
     * that cannot help a lone minor piece mate him (after CHA's rule that
     * the loser would have to promote; a bare king is the plainest case):
     * - a knight alone: its check from s+(1,2) leaves (0,1), (1,1) and
     *   (1,0) next to the king; only the winner's king on (0,2) covers the
     *   first two, nothing covers (1,0), and a queen there takes the knight
     *   through the empty (1,1).  So a queen-only loser is never mated.
     * - bishops of one colour (no bishop of the other colour on the board):
     *   a check along the diagonal towards (1,1) leaves (1,0) and (0,1),
     *   squares of the other colour no bishop covers and the winner's king
     *   covers at most one of; a rook or queen on the other steps onto
     *   (1,1) between (no pin is possible with bishops only, and no move
     *   gives a double check with them: a bishop cannot step from one
     *   diagonal through the king's square to another).  So a loser with
     *   only rooks, queens and bishops of that colour is never mated —
     *   unless a double check stands on the board already (a set-up
     *   position), which the search decides. */
    if (!(theirs & t[ARB_PAWN]) && needs_loser_promotion(pos, winner) && !arb_more_than_one(pos->checkers))
        return ARB_PROOF_HELPLESS;
    if (arb_dead_position_slow(pos) == ARB_DEAD_YES)
        return ARB_PROOF_MATERIAL;
    /* A pawn of the winner's with no pawn, king or man of his own ahead on
     * its file can promote (an enemy piece ahead moves away): the
     * locked-pawn proof would fail (skipped, it is the dearest).  (An own
     * piece ahead may be frozen: a rook walled in by its own bishops.) */
    arb_bb own = t[ARB_PAWN] & pos->by_color[winner];
    while (own) {
        int sq = arb_pop_lsb(&own);
        arb_bb ahead = ARB_FILE_BB(ARB_FILE(sq)) & (winner == ARB_WHITE ? ~((ARB_BB(sq) << 1) - 1) : (ARB_BB(sq) - 1));
        if (!(ahead & (t[ARB_PAWN] | t[ARB_KING] | pos->by_color[winner])))
            return ARB_PROOF_NONE;
    }
    bool caged;
    if (!arb_locked_unwinnable(pos, winner, &caged))
        return ARB_PROOF_NONE;
    return caged ? ARB_PROOF_CAGED : ARB_PROOF_LOCKED;
}

static bool cannot_mate_now(const struct arb_pos *pos, int winner)
{
    return cannot_mate_why(pos, winner) != ARB_PROOF_NONE;
}

bool arb_material_forces_mate(const struct arb_pos *pos, int side)
{
    const arb_bb *t = pos->by_type;
    arb_bb mine = pos->by_color[side];
    if (mine & (t[ARB_QUEEN] | t[ARB_ROOK] | t[ARB_PAWN]))
        return true;
    arb_bb b = mine & t[ARB_BISHOP], n = mine & t[ARB_KNIGHT];
    return ((b & ARB_DARK_SQUARES) && (b & ~ARB_DARK_SQUARES)) || (b && n);
}

bool arb_cannot_mate_quick(const struct arb_pos *pos, int side)
{
    /* Not worth the locked-pawn proof (it almost never holds there, and
     * this is asked of most games): a pawn of the winner free to step
     * forward, or a rook or queen of his on a board without pawns. */
    const arb_bb *t = pos->by_type;
    arb_bb mine = pos->by_color[side];
    arb_bb pawns = t[ARB_PAWN], own = pawns & mine;
    arb_bb free_pawns = side == ARB_WHITE ? (own << 8) & ~pawns : (own >> 8) & ~pawns;
    if (mine & ~t[ARB_KING] && (free_pawns || (!pawns && (mine & (t[ARB_ROOK] | t[ARB_QUEEN])))))
        return false;
    return cannot_mate_now(pos, side);
}

/* ---- Exhaustive exploration ----------------------------------------------
 *
 * Every position reachable from the start by legal moves of both sides,
 * breadth first, each once (positions compared exactly, not by key).  A
 * position where the winner has mated is a proof that he can; one where
 * the game has ended otherwise, the winner has nothing left to mate with,
 * or the locked-pawn proof holds (asked after captures and pawn moves: in
 * between, pieces only move within their regions, so its answer cannot
 * change) is not expanded.  When nothing is left to expand, no sequence of
 * moves leads to the winner's mate: a proof that he cannot.  Finds what the
 * locked-pawn proof alone misses where pieces only block each other (a rook
 * shut in by its own king and pawn), a king forced to take, stalemates.
 */

struct seen {
    unsigned *slot;            /* index + 1 into the queue, 0 = empty */
    unsigned mask;
};

static unsigned compact_hash(const struct arb_compact *c)
{
    uint64_t m0, m1;
    memcpy(&m0, c->men, 8);
    memcpy(&m1, c->men + 8, 8);
    uint64_t h = c->occ * 0x9E3779B97F4A7C15ULL ^ m0 * 0xC2B2AE3D27D4EB4FULL ^ m1 * 0x165667B19E3779F9ULL
                 ^ (uint64_t)(c->side | c->castle << 1 | c->ep << 8) * 0xD6E8FEB86659FD93ULL;
    return (unsigned)(h ^ (h >> 31) ^ (h >> 47));
}

/* Looks p up among queue[]; adds it (as index n) when absent.  Returns
 * whether it was new. */
static bool seen_add(struct seen *t, const struct arb_compact *queue, const struct arb_compact *p, unsigned n)
{
    unsigned i = compact_hash(p) & t->mask;
    while (t->slot[i]) {
        if (memcmp(&queue[t->slot[i] - 1], p, ARB_COMPACT_SAME) == 0)
            return false;
        i = (i + 1) & t->mask;
    }
    t->slot[i] = n + 1;
    return true;
}

static enum arb_dead explore(const struct arb_pos *start, int winner, long budget, long *nodes, int *plies,
                             arb_move *line)
{
    if (budget > ARB_EXPLORE_MAX)
        budget = ARB_EXPLORE_MAX;
    unsigned cap = 1;
    while (cap < (unsigned)budget + 1)
        cap <<= 1;
    /* Positions compact (32 bytes each, 42 with their links and 8 more of
     * the table): 1,000,000 of them take some 50 MB, touched as used. */
    struct arb_compact *queue = malloc(((size_t)budget + 1) * sizeof *queue);
    unsigned short *depth = malloc(((size_t)budget + 1) * sizeof *depth);
    unsigned *parent = malloc(((size_t)budget + 1) * sizeof *parent);
    arb_move *via = malloc(((size_t)budget + 1) * sizeof *via);
    struct seen t = {.slot = calloc((size_t)cap * 2, sizeof *t.slot), .mask = cap * 2 - 1};
    enum arb_dead answer = ARB_DEAD_UNKNOWN;
    if (!queue || !depth || !t.slot || !parent || !via || !arb_pos_compact(start, &queue[0]))
        goto out;
    unsigned head = 0, tail = 0;
    depth[tail] = 0;
    seen_add(&t, queue, &queue[tail], tail);
    tail++;
    answer = ARB_DEAD_NO;
    while (head < tail) {
        struct arb_pos pos;
        arb_pos_expand(&queue[head], start, &pos);
        bool root = head == 0;
        head++;
        ++*nodes;
        struct arb_movelist list;
        arb_gen_legal(&pos, &list);
        if (list.full) {
            answer = ARB_DEAD_UNKNOWN;     /* moves left out: no proof */
            break;
        }
        if (list.n == 0) {
            if (pos.checkers && pos.side != winner) {
                *plies = depth[head - 1];
                answer = *plies <= ARB_MATE_LINE_MAX ? ARB_DEAD_YES : ARB_DEAD_UNKNOWN;
                for (unsigned i = head - 1, d = (unsigned)*plies; answer == ARB_DEAD_YES && d > 0; i = parent[i])
                    line[--d] = via[i];
                break;
            }
            continue;       /* stalemate, or the winner mated */
        }
        if (!(pos.by_color[winner] & ~pos.by_type[ARB_KING]))
            continue;       /* the winner has nothing left to mate with */
        if ((root || pos.halfmove == 0) && cannot_mate_now(&pos, winner))
            continue;
        for (int i = 0; i < list.n; i++) {
            if ((long)tail >= budget) {
                answer = ARB_DEAD_UNKNOWN;
                goto out;
            }
            struct arb_pos child = pos;
            struct arb_undo u;
            arb_pos_make(&child, list.moves[i], &u);
            arb_pos_compact(&child, &queue[tail]);
            if (seen_add(&t, queue, &queue[tail], tail)) {
                depth[tail] = (unsigned short)(depth[head - 1] + 1);
                parent[tail] = head - 1;
                via[tail] = list.moves[i];
                tail++;
            }
        }
    }
out:
    free(queue);
    free(depth);
    free(parent);
    free(via);
    free(t.slot);
    return answer;
}

/* A proof by the locked pawns (the cage included). */
static bool locked_proof(enum arb_mate_proof p)
{
    return p == ARB_PROOF_LOCKED || p == ARB_PROOF_CAGED;
}

/* Does line[0..n-1] lead from pos to `side`'s checkmate by legal moves? */
static bool replays_to_mate(const struct arb_pos *start, int side, const arb_move *line, int n)
{
    struct arb_pos pos = *start;
    for (int i = 0; i < n; i++) {
        struct arb_movelist list;
        arb_gen_legal(&pos, &list);
        bool legal = false;
        for (int j = 0; j < list.n && !legal; j++)
            legal = list.moves[j] == line[i];
        if (!legal)
            return false;
        struct arb_undo u;
        arb_pos_make(&pos, line[i], &u);
    }
    return pos.checkers && pos.side != side && !arb_has_legal_move(&pos);
}

static void say_proof(struct arb_mate_verdict *out, enum arb_mate_proof why, int side, long explored)
{
    const char *w = side == ARB_WHITE ? "White" : "Black", *l = side == ARB_WHITE ? "Black" : "White";
    const char *lk = side == ARB_WHITE ? "black" : "white";
    out->proof = why;
    switch (why) {
    case ARB_PROOF_LONE_KING:
        snprintf(out->reason, sizeof out->reason, "%s has only its king", w);
        break;
    case ARB_PROOF_HELPLESS:
        snprintf(out->reason, sizeof out->reason,
                 "%s has only a knight or bishops of one colour, and %s has nothing that could hem in its own king "
                 "without parrying the check",
                 w, l);
        break;
    case ARB_PROOF_MATERIAL:
        snprintf(out->reason, sizeof out->reason,
                 "insufficient material: kings and at most one knight, or bishops all on squares of one colour");
        break;
    case ARB_PROOF_LOCKED:
        snprintf(out->reason, sizeof out->reason,
                 "the pawns are locked: no piece of %s can ever reach the squares needed to mate the %s king", w,
                 lk);
        break;
    case ARB_PROOF_CAGED:
        snprintf(out->reason, sizeof out->reason,
                 "the pawns are locked and the %s king is caged: no piece of %s can ever reach the squares needed "
                 "to mate it, its own king cannot come near it without stalemating it",
                 lk, w);
        break;
    case ARB_PROOF_EXPLORED:
        snprintf(out->reason, sizeof out->reason,
                 "every one of the %ld positions that can arise was examined (each ending in a position locked or "
                 "without mating material): none is a mate by %s",
                 explored, w);
        break;
    case ARB_PROOF_NONE:
        out->reason[0] = 0;
        break;
    }
}

void arb_mate_verdict(const struct arb_pos *pos, int side, long node_budget, long explore_budget,
                      struct arb_mate_verdict *out)
{
    out->verdict = ARB_DEAD_UNKNOWN;
    out->proof = ARB_PROOF_NONE;
    out->plies = 0;
    out->nodes = 0;
    out->reason[0] = 0;
    enum arb_mate_proof why = cannot_mate_why(pos, side);
    if (why != ARB_PROOF_NONE) {
        out->verdict = ARB_DEAD_NO;
        say_proof(out, why, side, 0);
        return;
    }
    /* Tables sized to the budget (a small search must not pay for
     * clearing a large one). */
    unsigned size = 1024;
    while (size < (1u << 16) && (long)size < node_budget)
        size <<= 1;
    struct hm h = {.winner = side, .tt_mask = size - 1, .line = out->line};
    h.tt = calloc((size_t)h.tt_mask + 1, sizeof *h.tt);
    if (!h.tt) {
        snprintf(out->reason, sizeof out->reason, "out of memory");
        return;
    }
    struct arb_pos p = *pos;
    enum arb_dead answer = ARB_DEAD_UNKNOWN;
    int found = 0;
    /* Short mates by the exhaustive search first (a thirty-second of the
     * budget, at most 4,000 positions: in open positions the mates are
     * long); greedy games (to a tenth); the guided search in CHA's order
     * (to seven tenths), then in the greedy games' order (to 95%); then
     * the exhaustive exploration (proofs either way where few positions
     * are reachable), with explore_budget of its own; then greedy games
     * towards a mate with what is left.  At most node_budget +
     * explore_budget positions. */
    h.budget = node_budget / 32 < 4000 ? node_budget / 32 : 4000;
    for (int depth = 1; depth <= 6 && h.nodes <= h.budget && !answer; depth++)
        if (hm_search(&h, &p, depth, 0)) {
            answer = ARB_DEAD_YES;
            found = h.mate_ply;
        }
    /* Greedy games towards the mate: cheap, and they find the long mates
     * of ordinary positions. */
    h.budget = node_budget / 10;
    for (int attempt = 0; attempt < 32 && h.nodes <= h.budget && !answer; attempt++)
        if (probe(&h, pos, attempt, 200, &found))
            answer = ARB_DEAD_YES;
    /* The guided search, deepened while its share of the budget lasts: first
     * with the moves in the order they are generated (pawns first, the king
     * last: the loser's pawns promote into blockers, the winner's pawn
     * becomes his mating piece), whether the loser must promote asked anew
     * in every position, each depth given at most 1,000 positions a ply of
     * depth (then the next, deeper, is tried: lines of progress run far);
     * then moves of progress first and the greedy games' order, to the end
     * of its share. */
    long guided_end = node_budget * 95 / 100;
    for (int pass = 0; pass < 2 && !answer; pass++) {
        long end = pass == 0 ? node_budget * 7 / 10 : guided_end;
        struct plan pl = {.mask = (size >> 1) - 1, .in_order = pass == 0, .promotes_anew = pass == 0};
        pl.tt = calloc((size_t)pl.mask + 1, sizeof *pl.tt);
        plan_targets(pos, side, &pl);
        h.plan = &pl;
        for (int depth = 2; pl.tt && depth <= 64 && h.nodes <= end && !answer; depth++) {
            h.budget = end;
            if (pass == 0 && h.nodes + 1000L * depth < end)
                h.budget = h.nodes + 1000L * depth;
            if (guided(&h, &p, depth, 0, false)) {
                answer = ARB_DEAD_YES;
                found = h.mate_ply;
            }
        }
        free(pl.tt);
    }
    long before = h.nodes;
    if (!answer) {
        answer = explore(pos, side, explore_budget, &h.nodes, &found, out->line);
        if (answer == ARB_DEAD_NO)
            say_proof(out, ARB_PROOF_EXPLORED, side, h.nodes - before);
    }
    h.budget = node_budget;
    for (int attempt = 32; attempt < 256 && h.nodes <= h.budget && !answer; attempt++)
        if (probe(&h, pos, attempt, 200, &found))
            answer = ARB_DEAD_YES;
    free(h.tt);
    out->nodes = h.nodes;
    if (answer == ARB_DEAD_YES) {
        /* Never a claim without its evidence. */
        if (found > ARB_MATE_LINE_MAX || !replays_to_mate(pos, side, out->line, found)) {
            answer = ARB_DEAD_UNKNOWN;
            snprintf(out->reason, sizeof out->reason, "internal error: a mating line did not replay");
        }
        else
            out->plies = found;
    }
    if (answer == ARB_DEAD_UNKNOWN && !out->reason[0])
        snprintf(out->reason, sizeof out->reason,
                 "no mate by %s found and no proof that none exists within %ld positions searched",
                 side == ARB_WHITE ? "White" : "Black", h.nodes);
    out->verdict = answer;
}

enum arb_dead arb_dead_position_why(const struct arb_pos *pos, char *why, size_t cap)
{
    const arb_bb *t = pos->by_type;
    if (why && cap)
        why[0] = 0;
    if (arb_dead_position_slow(pos) == ARB_DEAD_YES) {
        if (why && cap)
            snprintf(why, cap, "%s",
                     !t[ARB_KNIGHT] && !t[ARB_BISHOP] ? "only the kings are left"
                     : t[ARB_KNIGHT]                  ? "a king and a knight against a king"
                                                      : "besides the kings only bishops, all on squares of one colour");
        return ARB_DEAD_YES;
    }
    /* Mate and stalemate end the game first (5.1.1, 5.2.1). */
    if (!arb_has_legal_move(pos))
        return ARB_DEAD_UNKNOWN;
    struct arb_mate_verdict *v = malloc(sizeof *v);
    if (!v)
        return ARB_DEAD_UNKNOWN;
    char reasons[2][200];
    enum arb_mate_proof proofs[2] = {ARB_PROOF_NONE, ARB_PROOF_NONE};
    enum arb_dead r = ARB_DEAD_YES;
    /* The search only where it is cheap and may matter: three men, no
     * pawn, the piece next to the king to move (a forced capture of it), or every pawn blocked by a pawn
     * and no rook or queen (locked, pieces that may be trapped);
     * elsewhere the static proofs alone. */
    arb_bb pawns = t[ARB_PAWN], w = pawns & pos->by_color[ARB_WHITE], b = pawns & pos->by_color[ARB_BLACK];
    bool search = (arb_popcount(pos->occ) <= 3 && !pawns
                   && (arb_att.king[pos->king_sq[pos->side]] & pos->by_color[pos->side ^ 1]))
                  || (pawns && !(((w << 8) | (b >> 8)) & ~pawns) && !(t[ARB_ROOK] | t[ARB_QUEEN]));
    for (int side = ARB_WHITE; side <= ARB_BLACK && r == ARB_DEAD_YES; side++) {
        enum arb_mate_proof why_not = cannot_mate_why(pos, side);
        if (why_not == ARB_PROOF_NONE && !search) {
            r = ARB_DEAD_UNKNOWN;
            break;
        }
        arb_mate_verdict(pos, side, ARB_DEAD_BUDGET, ARB_DEAD_BUDGET / 2, v);
        if (v->verdict != ARB_DEAD_NO)
            r = v->verdict == ARB_DEAD_YES ? ARB_DEAD_NO : ARB_DEAD_UNKNOWN;
        snprintf(reasons[side], sizeof reasons[side], "%s", v->reason);
        proofs[side] = v->proof;
    }
    free(v);
    if (r == ARB_DEAD_YES && why && cap) {
        if (locked_proof(proofs[ARB_WHITE]) && locked_proof(proofs[ARB_BLACK]))
            snprintf(why, cap, "the pawns are locked, and no piece of either side can ever get through to mate");
        else
            snprintf(why, cap, "White cannot mate: %s; Black cannot mate: %s", reasons[ARB_WHITE],
                     reasons[ARB_BLACK]);
    }
    return r;
}

enum arb_dead arb_can_mate(const struct arb_pos *pos, int side, long node_budget, long explore_budget, int *plies)
{
    struct arb_mate_verdict *v = malloc(sizeof *v);
    if (!v)
        return ARB_DEAD_UNKNOWN;
    arb_mate_verdict(pos, side, node_budget, explore_budget, v);
    enum arb_dead r = v->verdict;
    if (r == ARB_DEAD_YES && plies)
        *plies = v->plies;
    free(v);
    return r;
}
