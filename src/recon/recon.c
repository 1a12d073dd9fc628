/* recon.c — reconstruct a game from flawed scoresheets (see recon.h).
 *
 * Token cost: notation/slips.h.
 *
 * Search.  A beam over the plies: every state holds a position and the
 * place reached in each sheet.  From a state, each legal move is taken
 * with, per sheet, the next token read as it (its token cost), or as not
 * recorded (a row of the sheet, White's and Black's move, left out:
 * NOT_RECORDED twice, or the moves after the sheet ends); a token that was
 * no move is skipped at a cost.  States with the same position and places
 * are merged (the cheapest two kept, so that equal-cost games stay
 * visible); the cheapest `beam` states go on.  A state with every sheet
 * read to its end (and the final position, when given) ends a candidate
 * game.
 */
#include "recon/recon.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/movegen.h"
#include "chess/san.h"
#include "notation/slips.h"
#include "base/util.h"

/* Costs of the search's steps (token costs are 0 .. ARB_SLIP_GARBAGE). */
#define COST_NOT_RECORDED 1.0 /* per move of a row left out (a row: 2.0) */
#define COST_TRAILING 1.0     /* per move after the sheet's last (final position, move count or the
                                 other sheet says the game went on), outside the 8.4 window */
#define COST_NO_DUTY 0.5      /* per move not recorded where no one had to record (8.4) */
#define COST_EXTRA 2.0        /* a token that was no move */
#define COST_REPEAT 1.0       /* ... written again (the same as the token before) */
#define COST_ROW_AGAIN 0.4    /* ... the same as the token two before: a row written twice */
#define COST_GAP 0.4          /* per move of a row the move numbers show empty */
#define COST_NUMBER 1.0       /* a token read at another side than written, or a number far off */
#define COST_SHIFT 0.5        /* the sheet's row numbers shift against the game's (once: a row left
                                 out or written twice, the later rows numbered as the player went on) */
#define SHIFT_MAX 2           /* ... by at most this many rows at once */
#define COST_READ_MAX 2.0     /* a token is read only as moves this close (unless it fits none) */
#define CLOSE 1.0             /* states this close to the best are kept past the beam ... */
#define WIDEN 4               /* ... up to this many beams */
#define SLACK 4.0             /* states this much worse than the ply's best are dropped */

const struct arb_lang *arb_recon_guess_lang(const char *const *tok, int n, const struct arb_lang *hint)
{
    int best = -1, best_score = -1;
    int hint_i = hint ? arb_lang_index(hint) : -1;
    for (int l = 0; arb_langs[l]; l++) {
        if (arb_langs[l]->spoken)
            continue;
        int score = 0;
        for (int i = 0; i < n; i++) {
            struct arb_movedesc d;
            struct arb_parse_info info;
            const char *t = tok[i];
            if (!((t[0] >= 'A' && t[0] <= 'Z') || (unsigned char)t[0] >= 0x80))
                continue;   /* pawn moves and castling tell nothing */
            if (arb_notation_parse(arb_langs[l], t, strlen(t), &d, &info) == ARB_NP_MOVE && !d.castle)
                score++;
        }
        if (score > best_score || (score == best_score && l == hint_i)) {
            best = l;
            best_score = score;
        }
    }
    return best >= 0 ? arb_langs[best] : arb_langs[0];
}

/* ---- search ----------------------------------------------------------- */

/* A step of some game: kept for every state that survives a ply. */
struct rnode {
    int parent;                   /* -1 at the start */
    arb_move move;                /* 0: the step skipped tokens (extra) */
    int32_t tok[ARB_RECON_MAX_SHEETS];   /* token read (or skipped) per sheet, -1 none */
    uint8_t kind[ARB_RECON_MAX_SHEETS];  /* enum arb_recon_kind per sheet; 0xff: sheet not involved */
    float tcost[ARB_RECON_MAX_SHEETS];
    uint32_t skip[ARB_RECON_MAX_SHEETS]; /* tokens before tok that were no move (a move 0 node:
                                            the tokens from tok on, after the game) */
    int tie;                      /* the first step merged into this one at the same cost (the same
                                     position and places reached another way), 0: none */
    int tie_next;                 /* ... and the next such step of the same merge, 0: none */
};

struct state {
    struct arb_pos pos;
    int i[ARB_RECON_MAX_SHEETS];  /* next token per sheet */
    int8_t shift[ARB_RECON_MAX_SHEETS];  /* the sheet's row number minus the game's move number,
                                            as its later rows are expected (0 at the start) */
    uint8_t owe;                  /* bit k: sheet k left out White's move of a row: Black's goes too */
    double cost;
    int node;
    int away;                     /* squares that differ from the final position */
    uint16_t lineage;             /* a row left out, looked at ahead (0: none) ... */
    uint8_t protect;              /* ... and the plies its best descendant is still kept past the beam */
};

/* A child before it is made: parent state, move and what each sheet did. */
struct cand {
    uint64_t key;
    double cost;
    int away;                     /* squares that differ from the final position (0 if none given) */
    int parent;                   /* index in the current ply's states */
    uint16_t lineage;
    uint8_t protect, winner;
    arb_move move;
    int i[ARB_RECON_MAX_SHEETS];
    int8_t shift[ARB_RECON_MAX_SHEETS];
    uint8_t owe;
    uint8_t kind[ARB_RECON_MAX_SHEETS];
    int32_t tok[ARB_RECON_MAX_SHEETS];
    float tcost[ARB_RECON_MAX_SHEETS];
    uint8_t skip[ARB_RECON_MAX_SHEETS];
    int tie;                      /* steps merged into this one at the same cost (rnode.tie) */
    uint8_t n_tie;
};

struct search {
    const struct arb_sheet *sh;
    int ns;
    struct arb_slip_token *tn[ARB_RECON_MAX_SHEETS];   /* the sheets' tokens, normalized */
    struct arb_slip_cache *cache;
    arb_move only;                /* nonzero: expand this move only (opts.force) */
    double *skipc[ARB_RECON_MAX_SHEETS];     /* skip_cost of each token */
    const struct arb_recon_opts *o;
    struct rnode *nodes;
    int n_nodes, cap_nodes;
    struct cand *cand;
    size_t n_cand, cap_cand;
    int *hash;                    /* candidate index per slot, -1 empty */
    size_t cap_hash;
    /* Games found: node of the last step and cost. */
    struct goal { int node; double cost; struct arb_pos pos; } *goals;
    int n_goals, cap_goals;
    double best_goal;
    long expanded;
    bool pruned;
    uint16_t lineages;            /* lines of rows left out made so far (state.lineage) */
    bool ties_dropped;            /* compact_nodes let equal-cost steps go (see there) */
    bool classic;                 /* the search as before row shifts: a number off costs at every
                                     move, a row is left out only where the numbers show it (or the
                                     token fits nothing, on a sheet without numbers), no look-ahead */
};

static int add_node(struct search *s, const struct rnode *n)
{
    if (s->n_nodes == s->cap_nodes) {
        s->cap_nodes = s->cap_nodes ? 2 * s->cap_nodes : 4096;
        s->nodes = arb_xrealloc(s->nodes, (size_t)s->cap_nodes * sizeof *s->nodes);
    }
    s->nodes[s->n_nodes] = *n;
    return s->n_nodes++;
}

static void add_cand(struct search *s, const struct cand *c)
{
    if (s->n_cand == s->cap_cand) {
        s->cap_cand = s->cap_cand ? 2 * s->cap_cand : 4096;
        s->cand = arb_xrealloc(s->cand, s->cap_cand * sizeof *s->cand);
    }
    s->cand[s->n_cand++] = *c;
}

/* The step a candidate makes from the step parent_node. */
static int cand_node(struct search *s, const struct cand *cd, int parent_node, int tie, int tie_next)
{
    struct rnode nd = {.parent = parent_node, .move = cd->move, .tie = tie, .tie_next = tie_next};
    for (int k = 0; k < ARB_RECON_MAX_SHEETS; k++) {
        nd.tok[k] = k < s->ns ? cd->tok[k] : -1;
        nd.kind[k] = k < s->ns ? cd->kind[k] : 0xff;
        nd.tcost[k] = k < s->ns ? cd->tcost[k] : 0;
        nd.skip[k] = k < s->ns ? cd->skip[k] : 0;
    }
    return add_node(s, &nd);
}

/* Equal-cost games (issue 22): a candidate merged away at the cost of the
 * one kept for the same position and places is kept as a step of its own,
 * chained to the kept one; the game through it is its own way to the
 * merge, then the kept one's moves on.  At most TIES_PER_STEP per step. */
#define TIES_PER_STEP 6
static void add_tie(struct search *s, struct cand *kept, int parent_node, const struct cand *cd)
{
    kept->tie = cand_node(s, cd, parent_node, 0, kept->tie);
    kept->n_tie++;
}

static uint64_t place_key(uint64_t key, const int *i, const int8_t *shift, int ns, uint8_t owe)
{
    uint64_t h = key;
    for (int k = 0; k < ns; k++)
        h ^= (uint64_t)(i[k] + 1 + ((shift[k] + 128) << 20)) * (k ? 0x9E3779B97F4A7C15ull : 0xC2B2AE3D27D4EB4Full);
    h ^= (uint64_t)owe * 0x165667B19E3779F9ull;
    return h * 0xff51afd7ed558ccdull;
}

static bool same_position(const struct arb_pos *a, const struct arb_pos *b)
{
    return a->side == b->side && memcmp(a->board, b->board, sizeof a->board) == 0;
}

/* The final position is still reachable: no side has fewer pieces, or
 * fewer pawns, than it will have at the end. */
static bool can_reach(const struct arb_pos *p, const struct arb_pos *f)
{
    for (int c = 0; c < 2; c++) {
        if (__builtin_popcountll(p->by_color[c]) < __builtin_popcountll(f->by_color[c]))
            return false;
        if (__builtin_popcountll(p->by_color[c] & p->by_type[ARB_PAWN])
            < __builtin_popcountll(f->by_color[c] & f->by_type[ARB_PAWN]))
            return false;
    }
    return true;
}

/* Cheapest first; among equals, the nearer to the final position. */
static int cmp_cost(const void *a, const void *b)
{
    const struct cand *x = a, *y = b;
    if (x->cost != y->cost)
        return x->cost < y->cost ? -1 : 1;
    return (x->away > y->away) - (x->away < y->away);
}

static int squares_away(const struct arb_pos *p, const struct arb_pos *f)
{
    int n = 0;
    for (int sq = 0; sq < 64; sq++)
        n += p->board[sq] != f->board[sq];
    return n;
}

/* The end of a game at state st: the tokens the sheets still hold were no
 * move (a step without a move passes over them; *after is their cost).
 * Returns the game's last node. */
static int end_node(struct search *s, const struct state *st, double *after)
{
    struct rnode nd = {.parent = st->node, .move = 0, .tok = {-1, -1}, .kind = {0xff, 0xff}};
    bool any = false;
    *after = 0;
    for (int k = 0; k < s->ns; k++)
        if (st->i[k] < s->sh[k].n) {
            nd.tok[k] = st->i[k];
            nd.skip[k] = (uint32_t)(s->sh[k].n - st->i[k]);
            nd.kind[k] = ARB_RC_EXTRA;
            for (int x = st->i[k]; x < s->sh[k].n; x++)
                *after += s->skipc[k][x];
            any = true;
        }
    return any ? add_node(s, &nd) : st->node;
}

/* Move the k cheapest of c[0..n) to the front (quickselect with Hoare's
 * partition), in no particular order but a deterministic one. */
static void select_cheapest(struct cand *c, size_t n, size_t k)
{
    long lo = 0, hi = (long)n - 1, want = (long)k - 1;   /* c[want] is the k-th cheapest */
    while (lo < hi) {
        struct cand pivot = c[lo + (hi - lo) / 2];
        long i = lo - 1, j = hi + 1;
        for (;;) {
            do
                i++;
            while (cmp_cost(&c[i], &pivot) < 0);
            do
                j--;
            while (cmp_cost(&c[j], &pivot) > 0);
            if (i >= j)
                break;
            struct cand t = c[i];
            c[i] = c[j];
            c[j] = t;
        }
        /* c[lo..j] <= pivot <= c[j+1..hi] */
        if (want <= j)
            hi = j;
        else
            lo = j + 1;
    }
}

static void add_goal(struct search *s, int node, double cost, const struct arb_pos *pos)
{
    if (s->n_goals == s->cap_goals) {
        s->cap_goals = s->cap_goals ? 2 * s->cap_goals : 64;
        s->goals = arb_xrealloc(s->goals, (size_t)s->cap_goals * sizeof *s->goals);
    }
    s->goals[s->n_goals].node = node;
    s->goals[s->n_goals].cost = cost;
    s->goals[s->n_goals].pos = *pos;
    s->n_goals++;
    if (cost < s->best_goal)
        s->best_goal = cost;
}

/* The move number (or side) written for token t of sheet sh is not that
 * of the move pos is about to make. */
static bool number_disagrees(const struct arb_sheet *sh, int t, const struct arb_pos *pos)
{
    int num = sh->num ? sh->num[t] : 0;
    int side = sh->black ? sh->black[t] : -1;
    return (num > 0 && num != (int)pos->fullmove) || (side >= 0 && side != pos->side);
}

/* What the row number and side written for token t of sheet sh cost when
 * t is read as the move pos is about to make, the sheet's rows numbered
 * `shift` off the game's so far; *now: the shift from here.  Row numbers
 * are weak evidence: a player who left a row out (or wrote one twice) and
 * went on writing on the rows he was at numbers every later row one off,
 * which costs once (COST_SHIFT), not at every move. */
static double number_cost(const struct arb_sheet *sh, int t, const struct arb_pos *pos, int shift, int8_t *now,
                          bool classic)
{
    int num = sh->num ? sh->num[t] : 0;
    int side = sh->black ? sh->black[t] : -1;
    double c = side >= 0 && side != pos->side ? COST_NUMBER : 0;
    *now = (int8_t)shift;
    if (num > 0) {
        int d = num - (int)pos->fullmove;
        if (d != shift) {
            if (!classic && d - shift <= SHIFT_MAX && shift - d <= SHIFT_MAX && d >= -100 && d <= 100) {
                c += COST_SHIFT;
                *now = (int8_t)d;
            } else {
                c += COST_NUMBER;
            }
        }
    }
    return c;
}

/* What passing over token x of sheet sh as no move costs: less when it
 * repeats the token one or two before (a move or a row written twice). */
static double skip_cost(const struct arb_sheet *sh, int x)
{
    if (x >= 2 && !strcmp(sh->tok[x], sh->tok[x - 2]) && strcmp(sh->tok[x], "?"))
        return COST_ROW_AGAIN;
    if (x >= 1 && !strcmp(sh->tok[x], sh->tok[x - 1]))
        return COST_REPEAT;
    return COST_EXTRA;
}

/* The moves of state st (index idx), each with every sheet's choice,
 * combined over the sheets into candidates.  Per sheet: the next token read
 * as the move (only moves it resembles, unless it resembles none: a garbled
 * token), or the move not recorded (a row of the sheet left out; only where
 * the token fits no move well or its move number says a row is missing),
 * or, after the sheet's end, moves made but not recorded. */
static void expand_state(struct search *s, const struct state *st, int idx, const struct arb_movelist *ml)
{
    const struct arb_pos *pos = &st->pos;
    bool white = pos->side == ARB_WHITE;
    /* 8.4: in the window with no duty to record, a move left out is no slip. */
    double omit = s->o->no_duty_from > 0 && (int)pos->fullmove >= s->o->no_duty_from ? COST_NO_DUTY
                                                                                    : COST_NOT_RECORDED;
    static _Thread_local double cost[ARB_RECON_MAX_SHEETS][3][ARB_MAX_MOVES];
    uint8_t need[ARB_MAX_MOVES];
    arb_slip_disambiguation(pos, ml, need);
    int n_skip[ARB_RECON_MAX_SHEETS];   /* tokens that may be passed over as no move: 0..2 */
    bool read_any[ARB_RECON_MAX_SHEETS], omit_ok[ARB_RECON_MAX_SHEETS], trailing[ARB_RECON_MAX_SHEETS];
    double numcost[ARB_RECON_MAX_SHEETS], omit_cost[ARB_RECON_MAX_SHEETS];
    int8_t newshift[ARB_RECON_MAX_SHEETS];
    for (int k = 0; k < s->ns; k++) {
        const struct arb_sheet *sh = &s->sh[k];
        int i = st->i[k];
        read_any[k] = omit_ok[k] = trailing[k] = false;
        n_skip[k] = 0;
        numcost[k] = 0;
        newshift[k] = st->shift[k];
        omit_cost[k] = omit;
        if (i < sh->n && sh->num && sh->num[i] > 0 && sh->num[i] - st->shift[k] > (int)pos->fullmove
            && omit_cost[k] > COST_GAP)
            omit_cost[k] = COST_GAP;   /* the numbers say a row is empty */
        if (st->owe & (1u << k))
            continue;   /* Black's move of a row left out: the only choice */
        if (i >= sh->n) {
            /* After the sheet's last token: moves made but not recorded, when
             * the final position, the move count or the other sheet says the
             * game went on. */
            bool other_goes_on = false;
            for (int q = 0; q < s->ns; q++)
                other_goes_on |= q != k && st->i[q] < s->sh[q].n;
            trailing[k] = s->o->final || s->o->moves || other_goes_on;
            if (!trailing[k])
                return;
            continue;
        }
        double min = 1e9;
        for (int j = 0; j < ml->n; j++) {
            cost[k][0][j] = arb_slip_cost(sh->lang, &s->tn[k][i], pos, ml, ml->moves[j], NULL, 0, s->cache,
                                              (uint32_t)(k << 16 | i), need[j]);
            if (cost[k][0][j] < min)
                min = cost[k][0][j];
        }
        /* The move number written before the token, and its side: where
         * the sheet numbers its rows, they say whether a row is empty (a
         * gap) or a token belongs to a row already played (written twice). */
        int num = sh->num ? sh->num[i] - st->shift[k] : 0;   /* the row number, as the sheet goes */
        int side = sh->black ? sh->black[i] : -1;
        bool numbered = sh->num && sh->num[i] > 0;
        bool gap = numbered && num > (int)pos->fullmove;
        bool behind = numbered && (num < (int)pos->fullmove || (num == (int)pos->fullmove && side == 1 && white));
        /* A token that fits no move well may have been no move: the next
         * one or two are read in its place. */
        bool repeats = s->skipc[k][i] < COST_EXTRA;   /* the token repeats one just before it */
        if ((min >= 0.5 && (!numbered || behind || min >= 1.0)) || repeats)
            for (int sk = 1; sk <= 2 && i + sk < sh->n; sk++) {
                n_skip[k] = sk;
                for (int j = 0; j < ml->n; j++)
                    cost[k][sk][j] = arb_slip_cost(sh->lang, &s->tn[k][i + sk], pos, ml, ml->moves[j], NULL, 0,
                                                       s->cache, (uint32_t)(k << 16 | (i + sk)), need[j]);
            }
        read_any[k] = min >= 2.0;
        numcost[k] = number_cost(sh, i, pos, st->shift[k], &newshift[k], s->classic);
        /* A row left out: where the numbers show it, or (no numbers) where
         * the token fits no move well; with two sheets anywhere (the other
         * sheet's tokens tell which moves the row held).  With one sheet a
         * row left out where the numbers do not show it (the player went on
         * writing on the row he was at) is looked at two plies ahead
         * instead (omit_row_ahead): a ply at a time, every pair of moves
         * would fit it equally well. */
        omit_ok[k] = s->classic ? white && (gap || (!numbered && min >= 0.5))
                                : white && (gap || (!numbered && min >= 0.5) || s->only
                                            || (s->ns > 1 && !s->tn[k][i].unreadable));
    }
    for (int j = 0; j < ml->n; j++) {
        if (s->only && ml->moves[j] != s->only)
            continue;
        struct opt { int kind; int32_t tok; double cost; int next; uint8_t owe, skip; int8_t shift; } opts[ARB_RECON_MAX_SHEETS][4];
        int nopt[ARB_RECON_MAX_SHEETS];
        bool none = false;
        for (int k = 0; k < s->ns && !none; k++) {
            int i = st->i[k];
            nopt[k] = 0;
            if (st->owe & (1u << k)) {
                opts[k][nopt[k]++] = (struct opt){ARB_RC_NOT_RECORDED, -1, omit_cost[k], i, 0, 0, st->shift[k]};
                continue;
            }
            if (trailing[k]) {
                opts[k][nopt[k]++] = (struct opt){ARB_RC_NOT_RECORDED, -1, omit_cost[k] < COST_TRAILING ? omit_cost[k]
                                                  : COST_TRAILING, i, 0, 0, st->shift[k]};
                continue;
            }
            if (cost[k][0][j] <= COST_READ_MAX || read_any[k])
                opts[k][nopt[k]++] = (struct opt){s->tn[k][i].unreadable ? ARB_RC_UNREADABLE : ARB_RC_READ,
                                                  (int32_t)i, cost[k][0][j] + numcost[k], i + 1, 0, 0, newshift[k]};
            for (int sk = 1; sk <= n_skip[k]; sk++) {
                const struct arb_sheet *sh = &s->sh[k];
                int t = i + sk;
                if (cost[k][sk][j] > COST_READ_MAX)
                    continue;
                int8_t sh_after;
                double nc = number_cost(sh, t, pos, st->shift[k], &sh_after, s->classic);
                double skipped = 0;
                for (int x = i; x < t; x++)
                    skipped += s->skipc[k][x];
                opts[k][nopt[k]++] = (struct opt){s->tn[k][t].unreadable ? ARB_RC_UNREADABLE : ARB_RC_READ, (int32_t)t,
                                                  cost[k][sk][j] + nc + skipped, t + 1, 0, (uint8_t)sk, sh_after};
            }
            if (omit_ok[k])
                opts[k][nopt[k]++] = (struct opt){ARB_RC_NOT_RECORDED, -1, omit_cost[k], i, (uint8_t)(1u << k), 0,
                                                  st->shift[k]};
            none = nopt[k] == 0;
        }
        if (none)
            continue;
        int combos = 1;
        for (int k = 0; k < s->ns; k++)
            combos *= nopt[k];
        for (int c = 0; c < combos; c++) {
            struct cand cd;
            memset(&cd, 0, sizeof cd);
            cd.parent = idx;
            cd.lineage = st->lineage;
            cd.protect = st->protect ? (uint8_t)(st->protect - 1) : 0;
            cd.move = ml->moves[j];
            cd.cost = st->cost;
            int rest = c;
            for (int k = 0; k < s->ns; k++) {
                const struct opt *op = &opts[k][rest % nopt[k]];
                rest /= nopt[k];
                cd.i[k] = op->next;
                cd.shift[k] = op->shift;
                cd.owe |= op->owe;
                cd.kind[k] = (uint8_t)op->kind;
                cd.tok[k] = op->tok;
                cd.tcost[k] = (float)op->cost;
                cd.skip[k] = op->skip;
                cd.cost += op->cost;
            }
            add_cand(s, &cd);
        }
    }
}

/* Sorted lists kept to their best `cap`: make room at `at` in v[0..*n)
 * (elements of `size` bytes), the last one falling off when the list is
 * full.  False, nothing moved, when `at` is past the kept ones. */
static bool open_slot(void *v, size_t size, int *n, int cap, int at)
{
    if (at >= cap)
        return false;
    if (*n < cap)
        (*n)++;
    memmove((char *)v + (size_t)(at + 1) * size, (char *)v + (size_t)at * size, (size_t)(*n - 1 - at) * size);
    return true;
}

/* A row left out, looked at two plies ahead (one sheet).  Taken a ply at a
 * time, a row left out makes every pair of moves equally good, and only the
 * token after it tells them apart: the beam keeps an arbitrary few of
 * them and loses the true pair.  Here, from a state whose next token is no
 * legal move as written (or whose row number shows a gap), every pair of
 * moves is tried and the pairs after which that token, and the one after
 * it, are legal as written are kept: at most OMIT_PAIRS states two plies on,
 * written into out[].  Returns how many. */
#define OMIT_PAIRS 24
#define OMIT_LOOK 4               /* tokens after the row replayed as written to score a pair */
#define OMIT_STATES 16            /* states per ply looked at this way */
#define PROTECT_PLIES 12          /* plies the cheapest state's rows left out are kept past the beam */
#define PROTECTED 256             /* lines kept so at most */
struct pair_try {
    arb_move w, b;
    int replayed;                 /* tokens after the row that replay as written */
    int away;                     /* squares then unlike the final position (0: none given) */
};

/* Is pair a better than b: more tokens replayed, then nearer the end. */
static bool pair_better(const struct pair_try *a, const struct pair_try *b)
{
    return a->replayed != b->replayed ? a->replayed > b->replayed : a->away < b->away;
}

static int omit_row_ahead(struct search *s, const struct state *st, struct state *out, bool always)
{
    const struct arb_sheet *sh = &s->sh[0];
    int i = st->i[0];
    if (s->ns != 1 || st->owe || st->pos.side != ARB_WHITE || i >= sh->n || s->tn[0][i].unreadable)
        return 0;
    struct arb_movedesc d[OMIT_LOOK];
    struct arb_parse_info info;
    int nd = 0;
    for (int t = i; t < i + OMIT_LOOK && t < sh->n; t++) {
        if (s->tn[0][t].unreadable || arb_notation_parse(sh->lang, sh->tok[t], strlen(sh->tok[t]), &d[nd], &info)
                                           != ARB_NP_MOVE)
            break;
        nd++;
    }
    if (!nd)
        return 0;
    struct arb_resolve r;
    bool gap = sh->num && sh->num[i] > 0 && sh->num[i] - st->shift[0] > (int)st->pos.fullmove;
    if (!gap && !always && arb_san_resolve(&st->pos, &d[0], &r) == ARB_RS_OK) {
        /* The token is a move here as written: and the one after it? */
        if (nd < 2)
            return 0;
        struct arb_pos p = st->pos;
        struct arb_undo u;
        struct arb_resolve r2;
        arb_pos_make(&p, r.move, &u);
        if (arb_san_resolve(&p, &d[1], &r2) == ARB_RS_OK)
            return 0;   /* both are: no row is missing here */
    }
    struct pair_try best[OMIT_PAIRS];
    int nb = 0;
    struct arb_movelist ml, ml2;
    arb_gen_legal(&st->pos, &ml);
    struct arb_pos p1 = st->pos;
    for (int a = 0; a < ml.n; a++) {
        struct arb_undo u1, u2;
        arb_pos_make(&p1, ml.moves[a], &u1);
        arb_gen_legal(&p1, &ml2);
        for (int b = 0; b < ml2.n; b++) {
            arb_pos_make(&p1, ml2.moves[b], &u2);
            /* The tokens after the row, replayed as written as far as they
             * go; with the final position, among pairs the tokens bear out
             * equally, those that put pieces where they end go first (a
             * piece moved in the row left out often stays). */
            struct pair_try pt = {ml.moves[a], ml2.moves[b], 0, 0};
            struct arb_pos p3 = p1;
            while (pt.replayed < nd) {
                struct arb_undo u3;
                if (arb_san_resolve(&p3, &d[pt.replayed], &r) != ARB_RS_OK)
                    break;
                arb_pos_make(&p3, r.move, &u3);
                pt.replayed++;
            }
            if (pt.replayed && s->o->final)
                pt.away = squares_away(&p1, s->o->final);
            arb_pos_unmake(&p1, ml2.moves[b], &u2);
            if (!pt.replayed)
                continue;
            /* Keep the best OMIT_PAIRS (the first found among equals). */
            int at = nb;
            while (at > 0 && pair_better(&pt, &best[at - 1]))
                at--;
            if (open_slot(best, sizeof *best, &nb, OMIT_PAIRS, at))
                best[at] = pt;
        }
        arb_pos_unmake(&p1, ml.moves[a], &u1);
    }
    double omit = s->o->no_duty_from > 0 && (int)st->pos.fullmove >= s->o->no_duty_from ? COST_NO_DUTY
                  : gap ? COST_GAP : COST_NOT_RECORDED;
    int n = 0;
    for (int q = 0; q < nb; q++) {
        if (best[q].replayed < best[0].replayed - 1 || (best[q].replayed < best[0].replayed && q >= OMIT_PAIRS / 4))
            break;   /* the pairs the sheet bears out best (and a few nearly as well) */
        struct state *o = &out[n++];
        *o = *st;
        struct arb_undo u;
        struct rnode w = {.parent = st->node, .move = best[q].w, .tok = {-1, -1}, .kind = {ARB_RC_NOT_RECORDED, 0xff},
                          .tcost = {(float)omit, 0}};
        struct rnode b = w;
        b.move = best[q].b;
        arb_pos_make(&o->pos, best[q].w, &u);
        b.parent = add_node(s, &w);
        arb_pos_make(&o->pos, best[q].b, &u);
        o->node = add_node(s, &b);
        o->cost = st->cost + 2 * omit;
        o->owe = 0;
        o->lineage = 0;
        o->protect = 0;
        if (always) {
            o->lineage = ++s->lineages ? s->lineages : ++s->lineages;
            o->protect = PROTECT_PLIES;
        }
        o->away = s->o->final ? squares_away(&o->pos, s->o->final) : 0;
    }
    return n;
}

/* The steps still reachable from the states alive (refs[] point at their
 * node indexes, rewritten in place), kept in order and renumbered, the
 * rest dropped: a long sheet keeps a beam of steps per ply, most of them on
 * paths the beam has left.  Parents come before their children, so one
 * pass marks and one renumbers. */
static void compact_nodes(struct search *s, int *const *refs, size_t n_refs)
{
    int n = s->n_nodes;
    int *map = arb_xcalloc((size_t)n, sizeof *map);
    for (size_t r = 0; r < n_refs; r++)
        for (int x = *refs[r]; x >= 0 && !map[x]; x = s->nodes[x].parent)
            map[x] = 1;
    /* The steps merged into a kept one at its cost are let go with the
     * rest (only a search of a million steps gets here: keeping their
     * lines would keep memory growing with the sheet). */
    int kept = 0;
    for (int i = 0; i < n; i++) {
        if (!map[i]) {
            map[i] = -1;
            continue;
        }
        struct rnode nd = s->nodes[i];
        if (nd.parent >= 0)
            nd.parent = map[nd.parent];
        if (nd.tie > 0)
            s->ties_dropped = true;
        nd.tie = nd.tie_next = 0;
        s->nodes[kept] = nd;
        map[i] = kept++;
    }
    for (size_t r = 0; r < n_refs; r++)
        if (*refs[r] >= 0)
            *refs[r] = map[*refs[r]];
    s->n_nodes = kept;
    free(map);
}

/* The steps from the start to node, in order (malloc'd; *len of them). */
static int *path_to(const struct search *s, int node, int *len)
{
    int n_path = 0;
    for (int n = node; n >= 0; n = s->nodes[n].parent)
        n_path++;
    int *path = arb_xmalloc((size_t)(n_path ? n_path : 1) * sizeof *path);
    int k = n_path;
    for (int n = node; n >= 0; n = s->nodes[n].parent)
        path[--k] = n;
    *len = n_path;
    return path;
}

/* The game of the steps path[0..len) (freed here). */
static void collect_path(const struct search *s, int *path, int len, struct arb_recon_game *g, double cost,
                         const struct arb_pos *final, const struct arb_pos *start)
{
    memset(g, 0, sizeof *g);
    g->moves = arb_xmalloc((size_t)(len + 1) * sizeof *g->moves);
    size_t need = 1;
    for (int q = 0; q < len; q++)
        for (int sh = 0; sh < s->ns; sh++)
            need += 1 + s->nodes[path[q]].skip[sh];
    g->corr = arb_xmalloc(need * sizeof *g->corr);
    g->cost = cost;
    g->final = *final;
    struct arb_pos pos = *start;
    int ply = 0;
    for (int q = 0; q < len; q++) {
        const struct rnode *n = &s->nodes[path[q]];
        if (n->parent < 0 && !n->move && n->tok[0] < 0 && (s->ns < 2 || n->tok[1] < 0))
            continue;   /* the root */
        /* Tokens that were no move: before this step's token, or (a step
         * without a move) after the game. */
        double skipped[ARB_RECON_MAX_SHEETS] = {0};
        for (int sh = 0; sh < s->ns; sh++)
            for (int x = 0; x < (int)n->skip[sh]; x++) {
                struct arb_recon_corr *c = &g->corr[g->n_corr++];
                memset(c, 0, sizeof *c);
                c->ply = ply;
                c->sheet = sh;
                c->tok = n->move ? n->tok[sh] - (int)n->skip[sh] + x : n->tok[sh] + x;
                c->kind = ARB_RC_EXTRA;
                c->cost = skip_cost(&s->sh[sh], c->tok);
                skipped[sh] += c->cost;
                snprintf(c->reason, sizeof c->reason, "recorded, but no move of the game");
            }
        if (!n->move)
            continue;
        ply++;
        for (int sh = 0; sh < s->ns; sh++) {
            /* An over-specified or long form (0.05) is no correction. */
            if (n->kind[sh] == ARB_RC_READ && n->tcost[sh] - skipped[sh] < 0.06f)
                continue;
            struct arb_recon_corr *c = &g->corr[g->n_corr++];
            memset(c, 0, sizeof *c);
            c->ply = ply;
            c->sheet = sh;
            c->tok = n->tok[sh];
            c->move = n->move;
            c->kind = (enum arb_recon_kind)n->kind[sh];
            c->cost = n->tcost[sh] - skipped[sh];
            if (c->kind == ARB_RC_READ) {
                arb_slip_token_cost(s->sh[sh].lang, s->sh[sh].tok[n->tok[sh]], &pos, n->move, c->reason,
                                     sizeof c->reason);
                const struct arb_sheet *sht = &s->sh[sh];
                if (number_disagrees(sht, n->tok[sh], &pos)) {
                    int num = sht->num ? sht->num[n->tok[sh]] : 0;
                    int side = sht->black ? sht->black[n->tok[sh]] : -1;
                    size_t l = strlen(c->reason);
                    snprintf(c->reason + l, sizeof c->reason - l, "%swritten as %s's move %d", l ? "; " : "",
                             side == 1 ? "Black" : "White", num);
                }
            }
            else if (c->kind == ARB_RC_UNREADABLE)
                snprintf(c->reason, sizeof c->reason, "unreadable");
            else
                snprintf(c->reason, sizeof c->reason, "%s",
                         s->o->no_duty_from > 0 && (int)pos.fullmove >= s->o->no_duty_from
                             ? "not recorded (no duty to record, Art. 8.4)" : "not recorded");
        }
        g->moves[g->n_moves++] = n->move;
        struct arb_undo u;
        arb_pos_make(&pos, n->move, &u);
    }
    free(path);
}

static void collect(const struct search *s, int node, struct arb_recon_game *g, double cost, const struct arb_pos *final,
                    const struct arb_pos *start)
{
    int len;
    int *path = path_to(s, node, &len);
    collect_path(s, path, len, g, cost, final, start);
}

static bool same_moves(const struct arb_recon_game *a, const struct arb_recon_game *b)
{
    return a->n_moves == b->n_moves && memcmp(a->moves, b->moves, (size_t)a->n_moves * sizeof *a->moves) == 0;
}

/* Is g's move list already the best game's or an alternative's? */
static bool already_found(const struct arb_recon_result *r, const struct arb_recon_game *g)
{
    bool dup = same_moves(g, &r->best);
    for (int b = 0; b < r->n_alt && !dup; b++)
        dup = same_moves(g, &r->alt[b]);
    return dup;
}

static void game_free(struct arb_recon_game *g)
{
    free(g->moves);
    free(g->corr);
    memset(g, 0, sizeof *g);
}

/* The equal games merged away that are rebuilt and listed, at most. */
#define TIES_TRIED 32

/* Other games within the margin that cost more than the best: at most
 * this many are listed (every equal one is, up to ARB_RECON_MAX_ALT). */
#define NEAR_ALT 3

/* g into r->alt[], cheapest first (after the equal ones there); when full,
 * in place of the dearest if g costs less, else freed. */
static void alt_add(struct arb_recon_result *r, struct arb_recon_game *g)
{
    if (r->n_alt == ARB_RECON_MAX_ALT) {
        if (r->alt[r->n_alt - 1].cost <= g->cost + 1e-9) {
            game_free(g);
            return;
        }
        game_free(&r->alt[--r->n_alt]);
    }
    int at = r->n_alt;
    while (at > 0 && r->alt[at - 1].cost > g->cost + 1e-9)
        at--;
    open_slot(r->alt, sizeof *r->alt, &r->n_alt, ARB_RECON_MAX_ALT, at);
    r->alt[at] = *g;
}

/* The games that cost what the best does, merged into it on the way (a
 * step kept with rnode.tie): each is the other way to a step of the best
 * game, then the best game's moves on.  Listed after the best game's
 * alternatives, up to ARB_RECON_MAX_ALT in all; r->n_ties counts every one
 * found. */
static void tie_alternatives(const struct search *s, int goal, struct arb_recon_result *r, const struct arb_pos *start)
{
    int len, tried = 0;
    if (s->ties_dropped)
        r->ties_more = true;   /* (whether any of them led to the best game is not known) */
    int *best = path_to(s, goal, &len);
    for (int q = 0; q < len; q++)
        for (int t = s->nodes[best[q]].tie; t > 0; t = s->nodes[t].tie_next) {
            if (tried++ == TIES_TRIED) {
                /* (Each is a whole game: a long sheet may hold thousands.) */
                r->ties_more = true;
                goto done;
            }
            int head;
            int *path = path_to(s, t, &head);
            /* Its own way there merged equal games too: they combine into
             * more games than are counted here. */
            for (int x = 0; x < head && !r->ties_more; x++)
                r->ties_more = s->nodes[path[x]].tie > 0;
            path = arb_xrealloc(path, (size_t)(head + len - q) * sizeof *path);
            memcpy(path + head, best + q + 1, (size_t)(len - q - 1) * sizeof *path);
            struct arb_recon_game g;
            collect_path(s, path, head + len - q - 1, &g, r->best.cost, &r->best.final, start);
            if (already_found(r, &g)) {
                game_free(&g);
                continue;
            }
            r->ties = true;
            r->n_ties++;
            alt_add(r, &g);
        }
done:
    free(best);
    /* Of the games that cost more, the cheapest NEAR_ALT stay. */
    int near = 0, n = 0;
    for (int a = 0; a < r->n_alt; a++) {
        if (r->alt[a].cost > r->best.cost + 1e-6 && ++near > NEAR_ALT) {
            game_free(&r->alt[a]);
            continue;
        }
        r->alt[n++] = r->alt[a];
    }
    r->n_alt = n;
}

/* Steps kept before the unreachable ones are dropped (compact_nodes). */
#define NODES_COMPACT (1 << 19)

static void search_once(const struct arb_sheet *sheets, int n_sheets, const struct arb_recon_opts *o, int beam,
                        bool classic, double deadline, struct arb_recon_result *r)
{
    memset(r, 0, sizeof *r);
    struct search s;
    memset(&s, 0, sizeof s);
    s.sh = sheets;
    s.ns = n_sheets;
    s.o = o;
    s.best_goal = INFINITY;
    s.classic = classic;
    s.cache = arb_xcalloc(1, sizeof *s.cache);
    for (int k = 0; k < n_sheets; k++) {
        s.tn[k] = arb_xmalloc((size_t)(sheets[k].n + 1) * sizeof *s.tn[k]);
        for (int i = 0; i < sheets[k].n; i++)
            arb_slip_read(sheets[k].tok[i], &s.tn[k][i]);
        s.skipc[k] = arb_xmalloc((size_t)(sheets[k].n + 1) * sizeof *s.skipc[k]);
        for (int i = 0; i < sheets[k].n; i++)
            s.skipc[k][i] = skip_cost(&sheets[k], i);
    }
    double margin = o->margin > 0 ? o->margin : 3.0;
    struct arb_pos start;
    if (o->start)
        start = *o->start;
    else
        arb_pos_startpos(&start);

    int max_tok = 0;
    for (int k = 0; k < n_sheets; k++)
        if (sheets[k].n > max_tok)
            max_tok = sheets[k].n;
    /* Plies to search: every token a move, and some rows left out. */
    int max_plies = o->moves > 0 ? 2 * o->moves : max_tok + 16;
    if (o->final && !o->moves)
        max_plies = max_tok + 60;

    struct state *cur = arb_xmalloc((size_t)(WIDEN * beam + OMIT_STATES * OMIT_PAIRS + PROTECTED) * sizeof *cur),
                 *next = arb_xmalloc((size_t)(WIDEN * beam + OMIT_STATES * OMIT_PAIRS + PROTECTED) * sizeof *next);
    int n_cur = 1;
    struct rnode root = {.parent = -1, .move = 0, .tok = {-1, -1}, .kind = {0xff, 0xff}};
    cur[0].pos = start;
    memset(cur[0].i, 0, sizeof cur[0].i);
    memset(cur[0].shift, 0, sizeof cur[0].shift);
    cur[0].lineage = 0;
    cur[0].protect = 0;
    cur[0].owe = 0;
    cur[0].cost = 0;
    cur[0].node = add_node(&s, &root);
    cur[0].away = o->final ? squares_away(&start, o->final) : 0;

    /* States two plies on (a row left out, omit_row_ahead), waiting for
     * their ply: [0] for the next ply's successors, [1] for the one after. */
    struct state *ahead[2] = {arb_xmalloc((size_t)OMIT_STATES * OMIT_PAIRS * sizeof(struct state)),
                              arb_xmalloc((size_t)OMIT_STATES * OMIT_PAIRS * sizeof(struct state))};
    int n_ahead[2] = {0, 0};
    int prot[PROTECTED];          /* per protected line, its cheapest candidate (this ply) */
    struct state part;            /* see below: the game as far as it can be followed */
    int part_read = -1;
    memset(&part, 0, sizeof part);
    size_t compact_at = NODES_COMPACT;
    for (int ply = 0; ply <= max_plies && n_cur > 0; ply++) {
        if (arb_now_ms() > deadline) {
            r->timed_out = true;
            break;
        }
        if ((size_t)s.n_nodes > compact_at) {
            /* Memory: drop the steps no live state leads through. */
            size_t nr = (size_t)n_cur + (size_t)n_ahead[0] + (size_t)s.n_goals + 1, k = 0;
            int **refs = arb_xmalloc(nr * sizeof *refs);
            for (int q = 0; q < n_cur; q++)
                refs[k++] = &cur[q].node;
            for (int q = 0; q < n_ahead[0]; q++)
                refs[k++] = &ahead[0][q].node;
            for (int q = 0; q < s.n_goals; q++)
                refs[k++] = &s.goals[q].node;
            if (part_read >= 0)
                refs[k++] = &part.node;
            compact_nodes(&s, refs, k);
            free(refs);
            if ((size_t)s.n_nodes > compact_at / 2)
                compact_at *= 2;
        }
        /* Games that end here (a token or two after the end were no move). */
        for (int q = 0; q < n_cur; q++) {
            const struct state *st = &cur[q];
            if (o->moves && ply != 2 * o->moves - 1 && ply != 2 * o->moves)
                continue;
            if (st->owe || (o->final && !same_position(&st->pos, o->final)))
                continue;
            bool few = true;
            for (int k = 0; k < n_sheets; k++)
                few &= sheets[k].n - st->i[k] <= 2;
            if (!few)
                continue;
            double after;
            int node = end_node(&s, st, &after);
            add_goal(&s, node, st->cost + after, &st->pos);
        }
        if (ply == max_plies)
            break;
        /* Rows left out, two plies ahead, from the cheapest states whose
         * token is no move here (one sheet; with two, the other sheet's
         * tokens tell the pair). */
        {
            struct state *later = ahead[1];
            int nl = 0;
            if (n_sheets == 1 && !o->force && !classic) {
                int order[OMIT_STATES], no = 0;
                for (int q = 0; q < n_cur; q++) {
                    if (cur[q].owe || cur[q].pos.side != ARB_WHITE || cur[q].cost > s.best_goal + margin)
                        continue;
                    int at = no;
                    while (at > 0 && cur[order[at - 1]].cost > cur[q].cost)
                        at--;
                    if (open_slot(order, sizeof *order, &no, OMIT_STATES, at))
                        order[at] = q;
                }
                /* (With the final position, the cheapest state tries it even
                 * where its tokens replay: a row left out whose moves the
                 * next tokens do not depend on shows only at the end.) */
                for (int q = 0; q < no && nl + OMIT_PAIRS <= OMIT_STATES * OMIT_PAIRS; q++)
                    nl += omit_row_ahead(&s, &cur[order[q]], later + nl, q == 0 && o->final);
            }
            n_ahead[1] = nl;
        }
        /* Every legal move of every state, with each sheet's choices. */
        s.n_cand = 0;
        for (int q = 0; q < n_cur; q++) {
            struct state *st = &cur[q];
            if (st->cost > s.best_goal + margin)
                continue;
            bool done = true;
            for (int k = 0; k < n_sheets; k++)
                done &= st->i[k] >= sheets[k].n;
            if (done && !o->final && !o->moves)
                continue;   /* nothing left to read, nothing to reach */
            struct arb_movelist ml;
            arb_gen_legal(&st->pos, &ml);
            /* Scoring a given game: its move only. */
            s.only = o->force ? (ply < o->n_force ? o->force[ply] : (arb_move)-1) : 0;
            s.expanded++;
            expand_state(&s, st, q, &ml);
        }
        if (!s.n_cand)
            break;
        /* Each candidate's position key (the move made and taken back). */
        double best = INFINITY;
        for (size_t c = 0; c < s.n_cand; c++)
            if (s.cand[c].cost < best)
                best = s.cand[c].cost;
        size_t kept = 0;
        for (size_t c = 0; c < s.n_cand; c++) {
            struct cand *cd = &s.cand[c];
            if ((cd->cost > best + SLACK && !cd->protect) || cd->cost > s.best_goal + margin)
                continue;
            struct state *par = &cur[cd->parent];
            struct arb_pos *p = &par->pos;
            int from = arb_move_from(cd->move), to = arb_move_to(cd->move), mk = arb_move_kind(cd->move);
            bool taking = mk == ARB_MK_EP || mk == ARB_MK_PROMOTION || (mk != ARB_MK_CASTLE && p->board[to] != ARB_EMPTY);
            int before = 0;
            if (o->final && mk != ARB_MK_CASTLE && mk != ARB_MK_EP)
                before = (p->board[from] != o->final->board[from]) + (p->board[to] != o->final->board[to]);
            struct arb_undo u;
            arb_pos_make(p, cd->move, &u);
            cd->key = place_key(p->key, cd->i, cd->shift, n_sheets, cd->owe);
            /* Only a capture or a promotion changes what can still be reached. */
            bool ok = !o->final || !taking || can_reach(p, o->final);
            if (!o->final)
                cd->away = 0;
            else if (mk == ARB_MK_CASTLE || mk == ARB_MK_EP)
                cd->away = squares_away(p, o->final);
            else   /* a move changes its two squares only */
                cd->away = par->away - before + (p->board[from] != o->final->board[from])
                           + (p->board[to] != o->final->board[to]);
            arb_pos_unmake(p, cd->move, &u);
            if (ok)
                s.cand[kept++] = *cd;
        }
        s.n_cand = kept;
        /* Merge states with the same position and places: the cheapest two
         * (a hash table of the keys), then the cheapest `beam` go on. */
        size_t hcap = 1;
        while (hcap < 2 * s.n_cand + 2)
            hcap <<= 1;
        if (hcap > s.cap_hash) {
            free(s.hash);
            s.hash = arb_xmalloc(hcap * sizeof *s.hash);
            s.cap_hash = hcap;
        }
        for (size_t h = 0; h < hcap; h++)
            s.hash[h] = -1;
        kept = 0;
        for (size_t c = 0; c < s.n_cand; c++) {
            struct cand *cd = &s.cand[c];
            size_t h = (size_t)(cd->key >> 7) & (hcap - 1);
            int *slot = NULL, *first = NULL;
            while (s.hash[h] >= 0) {
                const struct cand *other = &s.cand[s.hash[h]];
                if (other->key == cd->key) {
                    if (!first)
                        first = &s.hash[h];
                    else {
                        slot = &s.hash[h];
                        break;
                    }
                }
                h = (h + 1) & (hcap - 1);
            }
            if (!first || !slot) {
                /* Fewer than two with this key: keep it. */
                s.hash[h] = (int)kept;
                s.cand[kept++] = *cd;
                continue;
            }
            /* Two kept already: replace the dearer if this is cheaper. */
            int *worse = s.cand[*first].cost >= s.cand[*slot].cost ? first : slot;
            struct cand *better = &s.cand[worse == first ? *slot : *first];
            if (cmp_cost(cd, &s.cand[*worse]) < 0)
                s.cand[*worse] = *cd;
            else if (fabs(cd->cost - better->cost) < 1e-6 && better->n_tie < TIES_PER_STEP)
                add_tie(&s, better, cur[cd->parent].node, cd);
        }
        s.n_cand = kept;
        /* The beam, widened (up to four times) to keep every state close
         * to the best: after a row left out, the moves of the row are any
         * pair at one cost, and only the tokens after it tell them apart. */
        int width = beam;
        if ((int)s.n_cand > beam) {
            double lo = INFINITY;
            for (size_t c = 0; c < s.n_cand; c++)
                if (s.cand[c].cost < lo)
                    lo = s.cand[c].cost;
            int close = 0;
            for (size_t c = 0; c < s.n_cand; c++)
                close += s.cand[c].cost <= lo + CLOSE;
            if (close > width)
                width = close < WIDEN * beam ? close : WIDEN * beam;
        }
        /* A row left out looked at ahead costs its two moves at once, and
         * the misreadings that avoid it cost more only later: the cheapest
         * state of each such line is kept past the beam for a while. */
        int n_prot = 0;
        if ((int)s.n_cand > width) {
            for (size_t c = 0; c < s.n_cand; c++) {
                struct cand *cd = &s.cand[c];
                cd->winner = 0;
                if (!cd->protect)
                    continue;
                int w = -1;
                for (int q = 0; q < n_prot; q++)
                    if (s.cand[prot[q]].lineage == cd->lineage)
                        w = q;
                if (w < 0 && n_prot < PROTECTED)
                    prot[n_prot++] = (int)c;
                else if (w >= 0 && cmp_cost(cd, &s.cand[prot[w]]) < 0)
                    prot[w] = (int)c;
            }
            for (int q = 0; q < n_prot; q++)
                s.cand[prot[q]].winner = 1;
            s.pruned = true;
            size_t all = s.n_cand;
            select_cheapest(s.cand, s.n_cand, (size_t)width);
            s.n_cand = (size_t)width;
            /* The winners the beam left out (past `width`: select_cheapest
             * only reorders) come back. */
            for (size_t c = (size_t)width; c < all; c++)
                if (s.cand[c].winner)
                    s.cand[s.n_cand++] = s.cand[c];
        }
        /* Make the survivors. */
        int n_next = 0;
        for (size_t c = 0; c < s.n_cand; c++) {
            const struct cand *cd = &s.cand[c];
            struct state *nx = &next[n_next++];
            nx->pos = cur[cd->parent].pos;
            struct arb_undo u;
            arb_pos_make(&nx->pos, cd->move, &u);
            memcpy(nx->i, cd->i, sizeof nx->i);
            memcpy(nx->shift, cd->shift, sizeof nx->shift);
            nx->owe = cd->owe;
            nx->cost = cd->cost;
            nx->away = cd->away;
            nx->lineage = cd->lineage;
            nx->protect = cd->protect;
            nx->node = cand_node(&s, cd, cur[cd->parent].node, cd->tie, 0);
        }
        /* The rows left out two plies ago arrive here. */
        for (int q = 0; q < n_ahead[0] && n_next < WIDEN * beam + OMIT_STATES * OMIT_PAIRS + PROTECTED; q++)
            next[n_next++] = ahead[0][q];
        {
            struct state *t = ahead[0];
            ahead[0] = ahead[1];
            ahead[1] = t;
            n_ahead[0] = n_ahead[1];
            n_ahead[1] = 0;
        }
        /* The state that has read the most tokens (the cheapest such): the
         * game as far as the sheets can be followed, if none can be to the
         * end. */
        for (int q = 0; q < n_next; q++) {
            int read = 0;
            for (int k = 0; k < n_sheets; k++)
                read += next[q].i[k];
            if (read > part_read || (read == part_read && next[q].cost < part.cost)) {
                part_read = read;
                part = next[q];
            }
        }
        struct state *t = cur;
        cur = next;
        next = t;
        n_cur = n_next;
    }
    if (!s.n_goals && part_read >= 0 && !o->force && ((!o->final && !o->moves) || r->timed_out)) {
        /* No game fits to the end: the game as far as it can be followed;
         * the tokens after it are not fitted. */
        double after;
        int node = end_node(&s, &part, &after);
        add_goal(&s, node, part.cost + after, &part.pos);
        r->partial = true;
    }
    r->states = s.expanded;
    r->pruned = s.pruned;

    /* The best game, and the others within the margin with other moves. */
    for (int a = 0; a < s.n_goals; a++)
        for (int b = a + 1; b < s.n_goals; b++)
            if (s.goals[b].cost < s.goals[a].cost) {
                struct goal t = s.goals[a];
                s.goals[a] = s.goals[b];
                s.goals[b] = t;
            }
    if (s.n_goals) {
        r->found = true;
        collect(&s, s.goals[0].node, &r->best, s.goals[0].cost, &s.goals[0].pos, &start);
        for (int a = 1; a < s.n_goals && r->n_alt < ARB_RECON_MAX_ALT; a++) {
            if (s.goals[a].cost > s.goals[0].cost + margin)
                break;
            struct arb_recon_game g;
            collect(&s, s.goals[a].node, &g, s.goals[a].cost, &s.goals[a].pos, &start);
            if (already_found(r, &g)) {
                game_free(&g);
                continue;
            }
            if (g.cost <= r->best.cost + 1e-6) {
                r->ties = true;
                r->n_ties++;
            }
            alt_add(r, &g);
        }
        tie_alternatives(&s, s.goals[0].node, r, &start);
    }
    free(cur);
    free(next);
    free(ahead[0]);
    free(ahead[1]);
    free(s.nodes);
    free(s.cand);
    free(s.hash);
    free(s.goals);
    for (int k = 0; k < n_sheets; k++) {
        free(s.tn[k]);
        free(s.skipc[k]);
    }
    free(s.cache);
}

int arb_reconstruct(const struct arb_sheet *sheets, int n_sheets, const struct arb_recon_opts *o,
                    struct arb_recon_result *r)
{
    memset(r, 0, sizeof *r);
    if (n_sheets < 1 || n_sheets > ARB_RECON_MAX_SHEETS)
        return -1;
    double deadline = arb_now_ms() + (o->time_limit_ms > 0 ? o->time_limit_ms : 5000);
    int beam = o->beam > 0 ? o->beam : 400;
    search_once(sheets, n_sheets, o, beam, false, deadline, r);
    r->widened = 1;
    if ((!r->found || r->partial) && !r->timed_out && !o->force) {
        /* A sheet the row-shift model cannot follow to its end (a messy
         * one: many tokens fit nothing): the search without it, which
         * leaves rows out only where the numbers show it, may. */
        struct arb_recon_result other;
        search_once(sheets, n_sheets, o, beam, true, deadline, &other);
        if (other.found && (!other.partial || !r->found)) {
            arb_recon_free(r);
            *r = other;
            r->widened = 1;
        } else {
            arb_recon_free(&other);
        }
    }
    /* No game reaches the final position (or the move count) within the
     * beam: a wider beam, while time is left.  A game that fits exists far
     * more often than the first beam finds it (a few rows left out or
     * written twice, the moves of the rows equally good). */
    static const int widen[] = {4, 12};
    for (int w = 0; w < 2 && !r->found && !r->timed_out && !o->force && (o->final || o->moves); w++) {
        struct arb_recon_result wider;
        search_once(sheets, n_sheets, o, beam * widen[w], false, deadline, &wider);
        wider.widened = widen[w];
        if (wider.found || wider.timed_out) {
            arb_recon_free(r);
            *r = wider;
        } else {
            arb_recon_free(&wider);
            r->widened = widen[w];   /* (tried: none found) */
        }
    }
    return 0;
}

void arb_recon_free(struct arb_recon_result *r)
{
    game_free(&r->best);
    for (int a = 0; a < r->n_alt; a++)
        game_free(&r->alt[a]);
    r->n_alt = 0;
}
