/* search.c — reconstruct's best-first search (see recon.h).
 *
 * A state is a position, the half-moves played, and per sheet the next
 * cell and what is pending (a swap half done, a row's White move left out,
 * recording stopped).  From a state every legal move is taken with, per
 * sheet, one of the alignment's operations (recon_int.h: enum rc_op); a
 * cell may also be passed over with no move.  States reached again are
 * merged, the cheaper way kept; a way of the same cost is remembered (a
 * tie: another game that fits as well).
 *
 * The order is A*: f = g + h, h a lower bound of what the rest costs
 * (rc_bound: each cell's least cost, the half-moves without a cell or the
 * cells without a half-move that the counts force, and whether the final
 * position can still be reached), so the first whole game taken from the
 * queue is the cheapest.  A state's children are made a slice of f at a
 * time (partial expansion): those within DELTA of the state's own f at
 * once, the state put back into the queue for the rest.  The search then
 * goes on through every state of the best game's cost (the ties) and a
 * little beyond (dearer alternatives).
 *
 * The budget counts steps (expansions), so the answer never depends on
 * the machine; memory is bounded by a cap on the states kept.
 */
#include "recon/recon_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "chess/san.h"

#define RC_INF 1e30
#define DELTA 0.5f                /* children made at once: f within this of the state's */
#define EPS 1e-4f                 /* costs this close are equal */
#define SWAP_FIT 4.0              /* a swap is tried only where the token fits the move this well */
#define MAX_TAIL 24               /* moves after every sheet's last cell, without a move counter */
#define MAX_TIES 200000           /* equal-cost ways remembered at most */
#define STATE_STEPS 8             /* steps a state made counts (its memory, its make-move) */
#define AFTER_BEST 2000000L       /* steps the search goes on at least for games that tie */

/* ---- states ------------------------------------------------------------ */

void rc_node_pos(const struct rc_search *s, const struct rc_node *n, struct arb_pos *pos)
{
    arb_pos_expand(&n->pos, &s->start, pos);
    int plies = n->ply + (s->start.side == ARB_BLACK);
    pos->fullmove = s->start.fullmove + (uint32_t)(plies / 2);
}

static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

static uint64_t state_key(const struct rc_search *s, const struct arb_pos *pos, int ply, const uint16_t *i,
                          const uint8_t *st)
{
    uint64_t h = pos->key ^ mix((uint64_t)ply << 8 | (pos->halfmove > 100 ? 100 : pos->halfmove));
    for (int k = 0; k < s->ns; k++)
        h ^= mix(((uint64_t)i[k] << 8 | st[k]) + ((uint64_t)(k + 1) << 40));
    return mix(h);
}

static void collect(struct rc_search *s, int32_t n, float f);

/* The sheet's offset against the game: half-moves played minus cells
 * taken (a move left out makes it 1, a cell passed over -1). */
static int offset(int ply, int i, uint8_t st)
{
    int ahead = st == RC_ST_SWAP1 || st == RC_ST_SWAP2A ? 1 : st == RC_ST_SWAP2B ? 2 : 0;
    return ply - i - ahead;
}


/* ---- the lower bound ------------------------------------------------ */

#define LOUD_MAX 16               /* cells the literal replay looks ahead at most */

/* What u half-moves with no cell cost a sheet at least, st its state: left
 * out (the first dearer, then a row's second cheap) or after the last cell
 * (recording stopped: once, then little each). */
static double unmatched_cost(const struct rc_search *s, int u, uint8_t st, int offset)
{
    if (u <= 0)
        return 0;
    const struct rc_costs *k = s->k;
    /* Cells passed over before (offset below 0): as many moves left out set
     * the columns right, for little. */
    if (offset < 0) {
        int cheap = -offset < u ? -offset : u;
        double r = k->realign < k->omit ? k->realign : k->omit;
        double a = cheap * r + unmatched_cost(s, u - cheap, RC_ST_NONE, 0);
        double b = unmatched_cost(s, u, st, 0);
        return a < b ? a : b;
    }
    double pair = k->omit_pair < k->tail ? k->omit_pair : k->tail;
    if (s->o->no_duty_from > 0) {
        double m = k->no_duty < pair ? k->no_duty : pair;
        return u * m;
    }
    if (st == RC_ST_TAIL)
        return u * k->tail;
    double first = st == RC_ST_OMIT_W ? k->omit_pair : k->omit;
    double omits = first + (u - 1) * pair, tail = k->stop + u * k->tail;
    return omits < tail ? omits : tail;
}

/* The least a left-out move in the middle costs (not after the last cell). */
static double omit_min(const struct rc_search *s, uint8_t st, int offset)
{
    double c = st == RC_ST_OMIT_W ? s->k->omit_pair : s->k->omit;
    if (offset < 0 && s->k->realign < c)
        c = s->k->realign;
    if (s->o->no_duty_from > 0 && s->k->no_duty < c)
        c = s->k->no_duty;
    return c;
}

/* The cells of sheet k from i on, in state st: the sum of their lbm and
 * their classes' counts (cells a pending swap has read left out). */
struct rest {
    double lbm;
    int n;
    int cnt[RC_CLASSES];
    int neg;                      /* cells that cost less passed over than read (blanks) */
};

static void rest_of(const struct rc_sheet *sh, int i, uint8_t st, struct rest *r)
{
    r->lbm = sh->suf_lbm[i];
    r->n = sh->n - i;
    for (int c = 0; c < RC_CLASSES; c++)
        r->cnt[c] = sh->cls_count[(size_t)i * RC_CLASSES + c];
    int used[2] = {-1, -1};
    if (st == RC_ST_SWAP1)
        used[0] = i + 1;
    else if (st == RC_ST_SWAP2A)
        used[0] = i + 2;
    else if (st == RC_ST_SWAP2B) {
        used[0] = i + 1;
        used[1] = i + 2;
    }
    for (int q = 0; q < 2; q++)
        if (used[q] >= 0) {
            r->lbm -= sh->cell[used[q]].lbm;
            r->n--;
            r->cnt[sh->cls[used[q]]]--;
        }
    r->neg = 0;
    for (int c = 0; c < sh->n_class && sh->class_delta[c] < 0; c++)
        r->neg += r->cnt[c];
}

/* The sum of the x smallest class deltas of r (x <= r->n). */
static double smallest(const struct rc_sheet *sh, const struct rest *r, int x)
{
    double sum = 0;
    for (int c = 0; c < sh->n_class && x > 0; c++) {
        int take = r->cnt[c] < x ? r->cnt[c] : x;
        sum += take * sh->class_delta[c];
        x -= take;
    }
    return sum;
}

/* The least the rest of sheet k costs: each cell read (lbm) or passed over
 * (extra), the half-moves left (rest_lo..rest_hi, -1 unknown) that no cell
 * takes left out or after the end; with `force`: 0 none, 1 one more slip
 * or swap (d), 2 one more cell passed over at d above its class's least,
 * 3 one move left out in the middle. */
static double rest_cost(const struct rc_search *s, const struct rc_sheet *sh, const struct rest *r, uint8_t st,
                        int rest_lo, int rest_hi, int force, double d, int offset)
{
    double best = 1e30;
    if (rest_hi < 0) {
        /* Any number of half-moves: every blank passed over is free of counts. */
        best = r->lbm + smallest(sh, r, r->neg);
        if (force == 1 || force == 2)
            best += d;
        else if (force == 3)
            best += omit_min(s, st, offset);
        return best;
    }
    int x_lo = r->n - rest_hi > 0 ? r->n - rest_hi : 0;
    if (force == 2 && x_lo < 1)
        x_lo = 1;
    if (force == 3 && x_lo < r->n - rest_lo + 1)
        x_lo = r->n - rest_lo + 1;
    int x_hi = x_lo + r->neg + 1;
    if (x_hi > r->n)
        x_hi = r->n;
    for (int x = x_lo; x <= x_hi; x++) {
        int u = rest_lo - (r->n - x);
        if (u < 0)
            u = 0;
        double c = r->lbm + smallest(sh, r, force == 2 ? x - 1 : x);
        if (force == 3) {
            double pair = s->k->omit_pair < s->k->tail ? s->k->omit_pair : s->k->tail;
            c += omit_min(s, st, offset) + (u - 1) * pair;
        } else {
            c += unmatched_cost(s, u, st, offset);
        }
        if (force == 1 || force == 2)
            c += d;
        if (c < best)
            best = c;
    }
    return best;
}

/* The least sheet k's rest costs from cell i (state st) with rest_lo..hi
 * half-moves to play; loud: the first cell its literal replay cannot take
 * (n: none seen). */
static double sheet_bound(const struct rc_search *s, int k, int i, uint8_t st, int rest_lo, int rest_hi, int loud,
                          int read, int offset)
{
    const struct rc_sheet *sh = &s->sh[k];
    struct rest r;
    rest_of(sh, i, st, &r);
    double plain = rest_cost(s, sh, &r, st, rest_lo, rest_hi, 0, 0, offset);
    if (!(st == RC_ST_NONE || st == RC_ST_OMIT_W) || loud >= sh->n || loud < i)
        return plain;
    const struct rc_cell *lc = &sh->cell[loud];
    if (lc->kind != RC_TOKEN || lc->lbm > 0)
        return plain;   /* (its own least cost is counted already) */
    /* Cells i..loud are read as written up to loud, which no move takes as
     * written: something is paid there. */
    /* Paid there: the cell read as the best move there (read, when known),
     * or a cell before it read as another move than written (a slip), or
     * a swap. */
    double dev = rc_slip_scale(s->k, 0.1);
    if (s->k->swap < dev)
        dev = s->k->swap;
    double at = read < 255 ? read / 10.0 : 0;
    if (read >= 255) {
        if (s->k->mark_wrong < at || at == 0)
            at = s->k->mark_wrong;
        if (sh->capture_missing > 0 && sh->capture_missing < at)
            at = sh->capture_missing;
    }
    if (at < dev)
        dev = at;
    double ex = 1e30;
    for (int j = i; j <= loud; j++)
        if (sh->cell[j].extra < ex)
            ex = sh->cell[j].extra;   /* (their lbm is 0: the delta is the extra) */
    /* The class delta a passed-over cell of the region has at least is
     * counted by smallest(); the region's own is ex: the rest above it. */
    double ex_above = ex - sh->class_delta[sh->n_class - 1] > 0 ? ex - sh->class_delta[sh->n_class - 1] : 0;
    (void)ex_above;
    double a = rest_cost(s, sh, &r, st, rest_lo, rest_hi, 1, dev, offset);
    double b = rest_cost(s, sh, &r, st, rest_lo, rest_hi, 2, ex, offset);
    double c = rest_cost(s, sh, &r, st, rest_lo, rest_hi, 3, 0, offset);
    double m = a < b ? a : b;
    m = m < c ? m : c;
    return m > plain ? m : plain;
}

/* The half-moves still to play after ply: at most (*rest) and at least
 * (*rest_lo), -1 unknown. */
static void rests(const struct rc_search *s, int ply, int *rest, int *rest_lo)
{
    *rest = s->target >= 0 ? s->target - ply : -1;
    *rest_lo = s->target_lo >= 0 ? s->target_lo - ply : -1;
}

/* The bound without the position but for the literal replays (loud NULL
 * or RC_LOUD_UNKNOWN: not counted). */
static double bound_cells(const struct rc_search *s, int ply, const uint16_t *ii, const uint8_t *st,
                          const uint16_t *loud, const uint8_t *read)
{
    double h = 0;
    int rest, rest_lo;
    rests(s, ply, &rest, &rest_lo);
    for (int k = 0; k < s->ns; k++)
        h += sheet_bound(s, k, ii[k], st[k], rest_lo, rest,
                         loud && loud[k] != RC_LOUD_UNKNOWN ? loud[k] : s->sh[k].n, read ? read[k] : 255,
                         offset(ply, ii[k], st[k]));
    return h;
}

/* The move cell j of sheet k is as written in pos (cost under 0.1), or 0. */
static arb_move literal_move(const struct rc_search *s, int k, int j, const struct arb_pos *pos)
{
    const struct rc_sheet *sh = &s->sh[k];
    const struct rc_cell *c = &sh->cell[j];
    if (c->kind != RC_TOKEN || c->lbm > 0)
        return 0;
    const char *t = sh->sh->tok[c->tok];
    struct arb_movedesc d;
    struct arb_parse_info info;
    struct arb_resolve r;
    if (arb_notation_parse(sh->sh->lang, t, strlen(t), &d, &info) != ARB_NP_MOVE
        || arb_san_resolve(pos, &d, &r) != ARB_RS_OK)
        return 0;
    struct arb_movelist ml;
    arb_gen_legal(pos, &ml);
    int at = 0;
    while (at < ml.n && ml.moves[at] != r.move)
        at++;
    if (at == ml.n || rc_match_cost(s->k, sh, c, pos, &ml, at, -1, NULL, 0) >= 0.1)
        return 0;
    return r.move;
}

/* The first cell from i that sheet k's literal replay from pos cannot
 * take as written: n when the sheet ends first, RC_LOUD_FAR when the next
 * LOUD_MAX cells can all be. */
static uint16_t literal_end(struct rc_search *s, int k, int i, const struct arb_pos *pos, uint8_t *read)
{
    const struct rc_sheet *sh = &s->sh[k];
    struct arb_pos p = *pos;
    int j = i;
    *read = 255;
    while (j < sh->n) {
        if (j - i >= LOUD_MAX)
            return RC_LOUD_FAR;
        arb_move m = literal_move(s, k, j, &p);
        if (!m)
            break;
        struct arb_undo u;
        arb_pos_make(&p, m, &u);
        j++;
    }
    if (j < sh->n && sh->cell[j].kind == RC_TOKEN) {
        /* What the cell costs read as the best move there. */
        struct arb_movelist ml;
        arb_gen_legal(&p, &ml);
        uint8_t need[ARB_MAX_MOVES];
        arb_slip_disambiguation(&p, &ml, need);
        double least = 25.5;
        for (int q = 0; q < ml.n; q++) {
            double c = rc_match_cost(s->k, sh, &sh->cell[j], &p, &ml, q, need[q], s->cache, (uint32_t)(k << 20 | j));
            if (c < least)
                least = c;
        }
        *read = (uint8_t)(least * 10);   /* (rounded down: a bound) */
    }
    return (uint16_t)j;
}

double rc_bound(const struct rc_search *s, const struct rc_node *n, const struct arb_pos *pos)
{
    double h = bound_cells(s, n->ply, n->i, n->st, n->loud, n->loud_read);
    if (s->final) {
        int rest = s->target >= 0 ? s->target - n->ply : -1, needed;
        int at_most = s->target >= 0 ? -1 : s->longest + MAX_TAIL - n->ply;
        if (!rc_can_reach(pos, s->final, rest, at_most < 0 ? 0 : at_most, &needed))
            return RC_INF;
        if (rest < 0)
            for (int k = 0; k < s->ns; k++)
                if (n->i[k] >= s->sh[k].n && needed > 0)
                    h += unmatched_cost(s, needed, n->st[k], offset(n->ply, n->i[k], n->st[k]));
    }
    return h;
}

/* ---- the queue (a binary heap: least f first; then the deeper; then the
 * older state, so that the order is the same on every machine) ---------- */

static bool before(const struct rc_open *a, const struct rc_open *b)
{
    if (a->f != b->f)
        return a->f < b->f;
    if (a->g != b->g)
        return a->g > b->g;
    return a->node < b->node;
}

static void heap_push(struct rc_search *s, float f, float g, int32_t node)
{
    if (s->n_heap == s->cap_heap) {
        s->cap_heap = s->cap_heap ? 2 * s->cap_heap : 4096;
        s->heap = arb_xrealloc(s->heap, (size_t)s->cap_heap * sizeof *s->heap);
    }
    int32_t i = s->n_heap++;
    struct rc_open e = {f, g, node};
    while (i > 0) {
        int32_t p = (i - 1) / 2;
        if (!before(&e, &s->heap[p]))
            break;
        s->heap[i] = s->heap[p];
        i = p;
    }
    s->heap[i] = e;
}

static struct rc_open heap_pop(struct rc_search *s)
{
    struct rc_open top = s->heap[0], last = s->heap[--s->n_heap];
    int32_t i = 0;
    for (;;) {
        int32_t c = 2 * i + 1;
        if (c >= s->n_heap)
            break;
        if (c + 1 < s->n_heap && before(&s->heap[c + 1], &s->heap[c]))
            c++;
        if (!before(&s->heap[c], &last))
            break;
        s->heap[i] = s->heap[c];
        i = c;
    }
    if (s->n_heap)
        s->heap[i] = last;
    return top;
}

/* ---- the states kept ------------------------------------------------ */

static void table_grow(struct rc_search *s)
{
    uint32_t cap = s->table_mask ? 2 * (s->table_mask + 1) : 1u << 16;
    free(s->table);
    s->table = arb_xmalloc(cap * sizeof *s->table);
    memset(s->table, 0xff, cap * sizeof *s->table);
    s->table_mask = cap - 1;
    for (int32_t n = 0; n < s->n_node; n++) {
        uint32_t slot = (uint32_t)s->key[n] & s->table_mask;
        while (s->table[slot] >= 0)
            slot = (slot + 1) & s->table_mask;
        s->table[slot] = n;
    }
}

static int32_t node_new(struct rc_search *s, uint64_t key)
{
    if (s->n_node == s->cap_node) {
        /* (never past the cap: doubling there would hold twice the memory) */
        s->cap_node = s->cap_node ? 2 * s->cap_node : 4096;
        if (s->cap_node > s->max_nodes && s->max_nodes >= s->n_node + 1)
            s->cap_node = s->max_nodes;
        s->node = arb_xrealloc(s->node, (size_t)s->cap_node * sizeof *s->node);
        s->key = arb_xrealloc(s->key, (size_t)s->cap_node * sizeof *s->key);
    }
    int32_t n = s->n_node++;
    s->key[n] = key;
    if ((uint32_t)s->n_node * 2 > s->table_mask)
        table_grow(s);
    else {
        uint32_t slot = (uint32_t)key & s->table_mask;
        while (s->table[slot] >= 0)
            slot = (slot + 1) & s->table_mask;
        s->table[slot] = n;
    }
    return n;
}

static int32_t node_find(const struct rc_search *s, uint64_t key)
{
    if (!s->table_mask)
        return -1;
    for (uint32_t slot = (uint32_t)key & s->table_mask; s->table[slot] >= 0; slot = (slot + 1) & s->table_mask)
        if (s->key[s->table[slot]] == key)
            return s->table[slot];
    return -1;
}

static bool same_placement(const struct arb_pos *a, const struct arb_pos *b)
{
    return a->side == b->side && memcmp(a->board, b->board, sizeof a->board) == 0;
}

/* A child: the state after `move` (0: a cell passed over) with the sheets'
 * operations op[], at cost g, bound h; pos its position.  Merged with the
 * state if it is known. */
static void child(struct rc_search *s, int32_t parent, arb_move move, const uint8_t *op, const uint16_t *ii,
                  const uint8_t *st, const uint16_t *loud, const uint8_t *read, int ply, const struct arb_pos *pos,
                  double g, double h)
{
    bool goal = true;
    for (int k = 0; k < s->ns; k++)
        goal &= ii[k] >= s->sh[k].n && (st[k] == RC_ST_NONE || st[k] == RC_ST_TAIL || st[k] == RC_ST_OMIT_W);
    if (goal && s->target >= 0)
        goal = ply >= s->target_lo && ply <= s->target;
    if (goal && s->final)
        goal = same_placement(pos, s->final);
    if (goal)
        h = 0;
    uint64_t key = state_key(s, pos, ply, ii, st);
    if (s->beam && !goal && ply > s->beam_ply) {
        /* (The beam makes only the best of these into states.) */
        if (s->n_cand == s->cap_cand) {
            s->cap_cand = s->cap_cand ? 2 * s->cap_cand : 4096;
            s->cand = arb_xrealloc(s->cand, (size_t)s->cap_cand * sizeof *s->cand);
        }
        struct rc_cand *c = &s->cand[s->n_cand++];
        s->steps += STATE_STEPS;
        c->key = key;
        arb_pos_compact(pos, &c->pos);
        c->parent = parent;
        c->g = (float)g;
        c->f = (float)(g + h);
        c->ply = (uint16_t)ply;
        memcpy(c->i, ii, sizeof c->i);
        memcpy(c->st, st, sizeof c->st);
        memcpy(c->op, op, sizeof c->op);
        memcpy(c->loud, loud, sizeof c->loud);
        memcpy(c->loud_read, read, sizeof c->loud_read);
        c->move = move;
        return;
    }
    int32_t n = node_find(s, key);
    if (n >= 0) {
        struct rc_node *x = &s->node[n];
        if (g < x->g - EPS) {
            x->parent = parent;
            x->move = move;
            x->g = (float)g;
            x->tie = -1;
            x->done = -1;
            x->flags &= (uint8_t)~RC_NF_CLOSED;
            memcpy(x->op, op, sizeof x->op);
            if (s->beam)
                collect(s, n, (float)(g + h));
            else
                heap_push(s, (float)(g + h), (float)g, n);
        } else if (g <= x->g + EPS && s->n_tie < MAX_TIES && parent != x->parent) {
            if (s->n_tie == s->cap_tie) {
                s->cap_tie = s->cap_tie ? 2 * s->cap_tie : 1024;
                s->tie = arb_xrealloc(s->tie, (size_t)s->cap_tie * sizeof *s->tie);
            }
            struct rc_tie *t = &s->tie[s->n_tie];
            t->parent = parent;
            t->move = move;
            memcpy(t->op, op, sizeof t->op);
            t->next = x->tie;
            x->tie = s->n_tie++;
        }
        return;
    }
    if (s->incumbent < RC_INF && g + h > s->incumbent + 2.0 + EPS)
        return;                   /* dearer than a game known, beyond any alternative listed */
    if (s->n_node >= s->max_nodes) {
        s->limit = ARB_RL_MEMORY;
        return;
    }
    n = node_new(s, key);
    s->steps += STATE_STEPS;
    struct rc_node *x = &s->node[n];
    memset(x, 0, sizeof *x);
    arb_pos_compact(pos, &x->pos);
    x->parent = parent;
    x->tie = -1;
    x->g = (float)g;
    x->done = -1;
    x->ply = (uint16_t)ply;
    memcpy(x->i, ii, sizeof x->i);
    memcpy(x->st, st, sizeof x->st);
    memcpy(x->op, op, sizeof x->op);
    memcpy(x->loud, loud, sizeof x->loud);
    memcpy(x->loud_read, read, sizeof x->loud_read);
    x->move = move;
    x->flags = goal ? RC_NF_GOAL : 0;
    bool sharp = true;
    for (int k = 0; k < s->ns; k++)
        sharp &= loud[k] != RC_LOUD_UNKNOWN;
    if (sharp)
        x->flags |= RC_NF_SHARP;
    if (s->beam)
        collect(s, n, (float)(g + h));
    else
        heap_push(s, (float)(g + h), (float)g, n);
    /* The furthest into the sheets, for a partial game. */
    int here = 0, there = 0;
    const struct rc_node *d = &s->node[s->deepest];
    for (int k = 0; k < s->ns; k++) {
        here += ii[k];
        there += d->i[k];
    }
    if (here > there || (here == there && g < d->g))
        s->deepest = n;
}

/* ---- a sheet's ways to take a move ---------------------------------- */

struct way {
    uint8_t op, st;
    uint16_t i;
    float c;
};

/* Is the 8.4 window (no duty to record) open for the move after ply? */
static bool no_duty(const struct rc_search *s, const struct arb_pos *pos)
{
    return s->o->no_duty_from > 0 && (int)pos->fullmove >= s->o->no_duty_from;
}


/* What a move not recorded costs sheet k in state (i, st) before pos's move
 * (ply: the half-moves played). */
static double omit_cost(const struct rc_search *s, const struct arb_pos *pos, uint8_t st, int ply, int i)
{
    double c = st == RC_ST_OMIT_W && pos->side == ARB_BLACK ? s->k->omit_pair : s->k->omit;
    if (offset(ply, i, st) < 0 && s->k->realign < c)
        c = s->k->realign;   /* a cell passed over before: the columns set right */
    if (no_duty(s, pos) && s->k->no_duty < c)
        c = s->k->no_duty;
    return c;
}

static double tail_cost(const struct rc_search *s, const struct arb_pos *pos, uint8_t st)
{
    double c = s->k->tail;
    if (no_duty(s, pos) && s->k->no_duty < c)
        c = s->k->no_duty;
    return c + (st == RC_ST_TAIL ? 0 : s->k->stop);
}

/* The cost of reading cell c of sheet k as move j (cached per sheet cell). */
static double cell_cost(struct rc_search *s, int k, int c, const struct arb_pos *pos, const struct arb_movelist *ml,
                        int j, const uint8_t *need)
{
    return rc_match_cost(s->k, &s->sh[k], &s->sh[k].cell[c], pos, ml, j, need[j], s->cache,
                         (uint32_t)(k << 20 | c));
}

/* The ways sheet k, in state (i, st), takes move j of pos: up to 4 into w[].
 * other_goes_on: another sheet still has cells (so moves after this one's
 * last are possible). */
static int ways(struct rc_search *s, int k, int i, uint8_t st, int ply, const struct arb_pos *pos,
                const struct arb_movelist *ml, int j, const uint8_t *need, bool other_goes_on, struct way *w)
{
    const struct rc_sheet *sh = &s->sh[k];
    int n = 0;
    switch (st) {
    case RC_ST_SWAP1:
        w[n++] = (struct way){RC_OP_SWAP1B, RC_ST_NONE, (uint16_t)(i + 2), (float)cell_cost(s, k, i, pos, ml, j, need)};
        return n;
    case RC_ST_SWAP2A:
        w[n++] = (struct way){RC_OP_SWAP2B, RC_ST_SWAP2B, (uint16_t)i, (float)cell_cost(s, k, i + 1, pos, ml, j, need)};
        return n;
    case RC_ST_SWAP2B:
        w[n++] = (struct way){RC_OP_SWAP2C, RC_ST_NONE, (uint16_t)(i + 3), (float)cell_cost(s, k, i, pos, ml, j, need)};
        return n;
    default:
        break;
    }
    if (i >= sh->n) {
        /* After the last cell: moves the final position, the counter or the
         * other sheet ask for (without a counter, at most MAX_TAIL more). */
        if (s->target >= 0 || ((s->final || other_goes_on) && ply < s->longest + MAX_TAIL))
            w[n++] = (struct way){RC_OP_TAIL, RC_ST_TAIL, (uint16_t)i, (float)tail_cost(s, pos, st)};
        return n;
    }
    const struct rc_cell *c = &sh->cell[i];
    uint8_t op = c->kind == RC_TOKEN ? RC_OP_MATCH : c->kind == RC_UNREADABLE ? RC_OP_UNREADABLE : RC_OP_BLANK;
    double here = cell_cost(s, k, i, pos, ml, j, need);
    if (op == RC_OP_BLANK && no_duty(s, pos) && s->k->no_duty < here)
        here = s->k->no_duty;
    w[n++] = (struct way){op, RC_ST_NONE, (uint16_t)(i + 1), (float)here};
    double oc = omit_cost(s, pos, st, ply, i);
    /* (Black's move of the row may follow for less: not after a move left
     * out that set the columns right.) */
    bool row = pos->side == ARB_WHITE && oc >= s->k->omit;
    w[n++] = (struct way){RC_OP_OMIT, row ? RC_ST_OMIT_W : RC_ST_NONE, (uint16_t)i, (float)oc};
    /* Swaps: only where the other cell fits the move well. */
    if (c->kind == RC_TOKEN && i + 1 < sh->n && sh->cell[i + 1].kind == RC_TOKEN) {
        double x = cell_cost(s, k, i + 1, pos, ml, j, need);
        if (x <= SWAP_FIT)
            w[n++] = (struct way){RC_OP_SWAP1A, RC_ST_SWAP1, (uint16_t)i, (float)(s->k->swap + x)};
    }
    if (c->kind == RC_TOKEN && i + 2 < sh->n && sh->cell[i + 2].kind == RC_TOKEN) {
        double x = cell_cost(s, k, i + 2, pos, ml, j, need);
        if (x <= SWAP_FIT)
            w[n++] = (struct way){RC_OP_SWAP2A, RC_ST_SWAP2A, (uint16_t)i, (float)(s->k->swap2 + x)};
    }
    return n;
}

/* What passing over cell i of sheet k costs (ply half-moves played). */
static double pass_cost(const struct rc_search *s, int k, int i, uint8_t st, int ply)
{
    const struct rc_cell *c = &s->sh[k].cell[i];
    if (c->kind == RC_BLANK || c->kind == RC_GAP)
        return offset(ply, i, st) > 0 ? s->k->realign : s->k->extra_blank;
    return c->extra;
}

double rc_op_cost(struct rc_search *s, int k, int i, uint8_t st, int ply, const struct arb_pos *pos, arb_move move,
                  uint8_t op)
{
    if (op == RC_OP_EXTRA)
        return pass_cost(s, k, i, st, ply);
    if (op == RC_OP_NONE)
        return 0;
    struct arb_movelist ml;
    arb_gen_legal(pos, &ml);
    uint8_t need[ARB_MAX_MOVES];
    arb_slip_disambiguation(pos, &ml, need);
    for (int j = 0; j < ml.n; j++) {
        if (ml.moves[j] != move)
            continue;
        struct way w[4];
        int nw = ways(s, k, i, st, ply, pos, &ml, j, need, true, w);
        for (int x = 0; x < nw; x++)
            if (w[x].op == op)
                return w[x].c;
    }
    return 0;
}

/* May sheet k pass over its cell i (no move)? */
static bool can_pass(const struct rc_search *s, int k, int i, uint8_t st)
{
    return i < s->sh[k].n && (st == RC_ST_NONE || st == RC_ST_OMIT_W);
}

/* ---- expansion ------------------------------------------------------- */

/* The bound without the literal replays of the states an expansion makes:
 * they share a ply, and per sheet a few (cell, pending) pairs. */
struct memo {
    int n[ARB_RECON_MAX_SHEETS];
    uint32_t key[ARB_RECON_MAX_SHEETS][16];
    double val[ARB_RECON_MAX_SHEETS][16];
};

static double bound_memo(const struct rc_search *s, struct memo *m, int ply, const uint16_t *ii, const uint8_t *st)
{
    double h = 0;
    int rest, rest_lo;
    rests(s, ply, &rest, &rest_lo);
    for (int k = 0; k < s->ns; k++) {
        uint32_t key = (uint32_t)ii[k] << 8 | st[k];
        int q = 0;
        while (q < m->n[k] && m->key[k][q] != key)
            q++;
        if (q == m->n[k]) {
            double v = sheet_bound(s, k, ii[k], st[k], rest_lo, rest, s->sh[k].n, 255, offset(ply, ii[k], st[k]));
            if (m->n[k] == 16)
                return bound_cells(s, ply, ii, st, NULL, NULL);
            m->key[k][q] = key;
            m->val[k][q] = v;
            m->n[k]++;
        }
        h += m->val[k][q];
    }
    return h;
}

/* Make node ni's children with f in (its done, limit]; the least f of
 * those beyond the limit is returned (RC_INF: none). */
static double expand(struct rc_search *s, int32_t ni, double limit)
{
    struct rc_node n = s->node[ni];   /* (a copy: the array may move) */
    struct arb_pos pos;
    rc_node_pos(s, &n, &pos);
    double next = RC_INF;
    double done = n.done;
    /* Moves. */
    bool moves = s->target < 0 || n.ply < s->target;
    if (s->o->force && n.ply >= s->o->n_force)
        moves = false;
    struct arb_movelist ml;
    ml.n = 0;
    if (moves)
        arb_gen_legal(&pos, &ml);
    uint8_t need[ARB_MAX_MOVES];
    if (ml.n)
        arb_slip_disambiguation(&pos, &ml, need);
    /* Far from any cell the sheets as written cannot take, the game goes
     * as they are written (a slip is looked for near where it shows). */
    bool literal_only = s->literal_far && ml.n;
    arb_move lit = 0;
    for (int k = 0; k < s->ns && literal_only; k++) {
        literal_only = n.st[k] == RC_ST_NONE && n.loud[k] != RC_LOUD_UNKNOWN
                       && (n.loud[k] == RC_LOUD_FAR || (n.loud[k] < s->sh[k].n && n.loud[k] - n.i[k] > s->window));
        arb_move m = literal_only ? literal_move(s, k, n.i[k], &pos) : 0;
        literal_only = m && (!lit || m == lit);
        lit = m;
    }
    if (literal_only) {
        int keep = 0;
        for (int j = 0; j < ml.n; j++)
            if (ml.moves[j] == lit) {
                need[keep] = need[j];
                ml.moves[keep++] = lit;
            }
        ml.n = keep;
    }
    if (s->final_halfmove >= 0 && s->target >= 0 && ml.n) {
        /* The final halfmove clock: the last capture or pawn move was the
         * half-move `last`, none after it. */
        int last = s->target - s->final_halfmove, q = n.ply + 1, keep = 0;
        for (int j = 0; j < ml.n; j++) {
            arb_move m = ml.moves[j];
            int kind = arb_move_kind(m);
            bool irreversible = kind == ARB_MK_EP || kind == ARB_MK_PROMOTION
                                || arb_piece_type(pos.board[arb_move_from(m)]) == ARB_PAWN
                                || (kind != ARB_MK_CASTLE && pos.board[arb_move_to(m)] != ARB_EMPTY);
            if (q > last ? irreversible : q == last ? !irreversible : false)
                continue;
            need[keep] = need[j];
            ml.moves[keep++] = m;
        }
        ml.n = keep;
    }
    if (s->o->force && ml.n) {
        /* (C.10's disambiguation is the whole position's, worked out above.) */
        arb_move want = s->o->force[n.ply];
        int keep = 0;
        for (int j = 0; j < ml.n; j++)
            if (ml.moves[j] == want) {
                need[keep] = need[j];
                ml.moves[keep++] = want;
            }
        ml.n = keep;
    }
    struct memo memo = {{0, 0}, {{0}}, {{0}}};
    for (int j = 0; j < ml.n; j++) {
        struct way w[ARB_RECON_MAX_SHEETS][4];
        int nw[ARB_RECON_MAX_SHEETS] = {0, 0};
        bool any = true;
        for (int k = 0; k < s->ns; k++) {
            bool other = false;
            for (int q = 0; q < s->ns; q++)
                other |= q != k && n.i[q] < s->sh[q].n;
            nw[k] = ways(s, k, n.i[k], n.st[k], n.ply, &pos, &ml, j, need, other, w[k]);
            any &= nw[k] > 0;
        }
        if (!any)
            continue;
        struct arb_pos after;
        bool made = false;
        int combos = s->ns == 1 ? nw[0] : nw[0] * nw[1];
        s->steps += combos;       /* (a step: a move looked at with one reading of each sheet) */
        for (int c = 0; c < combos; c++) {
            uint8_t op[ARB_RECON_MAX_SHEETS] = {0, 0}, st[ARB_RECON_MAX_SHEETS] = {0, 0};
            uint16_t ii[ARB_RECON_MAX_SHEETS] = {0, 0};
            double cost = 0;
            for (int k = 0; k < s->ns; k++) {
                const struct way *x = &w[k][k == 0 ? c % nw[0] : c / nw[0]];
                op[k] = x->op;
                st[k] = x->st;
                ii[k] = x->i;
                cost += x->c;
            }
            if (literal_only) {
                bool all_match = true;
                for (int k = 0; k < s->ns; k++)
                    all_match &= op[k] == RC_OP_MATCH;
                if (!all_match)
                    continue;
            }
            double g = n.g + cost;
            double f = g + bound_memo(s, &memo, n.ply + 1, ii, st);
            if (f <= done + EPS)
                continue;          /* made before */
            if (f > limit + EPS) {
                if (f < next)
                    next = f;
                continue;
            }
            if (!made) {
                after = pos;
                struct arb_undo u;
                arb_pos_make(&after, ml.moves[j], &u);
                made = true;
            }
            struct rc_node probe = {.ply = (uint16_t)(n.ply + 1)};
            memcpy(probe.i, ii, sizeof ii);
            memcpy(probe.st, st, sizeof st);
            for (int k = 0; k < s->ns; k++) {
                /* The sheet read as written goes on as from the parent;
                 * else its replay is looked at when the state is taken. */
                bool literal = op[k] == RC_OP_MATCH && w[k][k == 0 ? c % nw[0] : c / nw[0]].c < 0.1f
                               && n.loud[k] > n.i[k] && n.loud[k] < s->sh[k].n && n.st[k] == RC_ST_NONE;
                probe.loud[k] = literal ? n.loud[k] : RC_LOUD_UNKNOWN;
                probe.loud_read[k] = literal ? n.loud_read[k] : 255;
            }
            double h = rc_bound(s, &probe, &after);
            if (h >= RC_INF)
                continue;
            child(s, ni, ml.moves[j], op, ii, st, probe.loud, probe.loud_read, n.ply + 1, &after, g, h);
        }
    }
    /* A cell passed over: no move. */
    for (int k = 0; k < s->ns && !literal_only; k++) {
        if (!can_pass(s, k, n.i[k], n.st[k]))
            continue;
        uint8_t op[ARB_RECON_MAX_SHEETS] = {RC_OP_NONE, RC_OP_NONE}, st[ARB_RECON_MAX_SHEETS];
        uint16_t ii[ARB_RECON_MAX_SHEETS];
        memcpy(st, n.st, sizeof st);
        memcpy(ii, n.i, sizeof ii);
        op[k] = RC_OP_EXTRA;
        st[k] = RC_ST_NONE;
        ii[k]++;
        double g = n.g + pass_cost(s, k, n.i[k], n.st[k], n.ply);
        double f = g + bound_cells(s, n.ply, ii, st, NULL, NULL);
        if (f <= done + EPS)
            continue;
        if (f > limit + EPS) {
            if (f < next)
                next = f;
            continue;
        }
        struct rc_node probe = {.ply = n.ply};
        memcpy(probe.i, ii, sizeof ii);
        memcpy(probe.st, st, sizeof st);
        for (int q = 0; q < s->ns; q++) {
            probe.loud[q] = q == k ? RC_LOUD_UNKNOWN : n.loud[q];
            probe.loud_read[q] = q == k ? 255 : n.loud_read[q];
        }
        double h = rc_bound(s, &probe, &pos);
        if (h < RC_INF)
            child(s, ni, 0, op, ii, st, probe.loud, probe.loud_read, n.ply, &pos, g, h);
    }
    return next;
}

/* ---- the search ------------------------------------------------------ */

/* Make the root state (and queue it); false when no game can start. */
static bool begin(struct rc_search *s)
{
    uint16_t ii[ARB_RECON_MAX_SHEETS] = {0, 0};
    uint8_t st[ARB_RECON_MAX_SHEETS] = {0, 0}, op[ARB_RECON_MAX_SHEETS] = {0, 0};
    struct rc_node probe = {.ply = 0};
    for (int k = 0; k < s->ns; k++)
        probe.loud[k] = literal_end(s, k, 0, &s->start, &probe.loud_read[k]);
    double h = rc_bound(s, &probe, &s->start);
    s->best = RC_INF;
    s->incumbent = RC_INF;
    s->deepest = 0;
    s->n_node = 0;
    if (h >= RC_INF)
        return false;
    uint64_t key = state_key(s, &s->start, 0, ii, st);
    int32_t n = node_new(s, key);
    struct rc_node *x = &s->node[n];
    memset(x, 0, sizeof *x);
    arb_pos_compact(&s->start, &x->pos);
    x->parent = -1;
    x->tie = -1;
    x->done = -1;
    memcpy(x->op, op, sizeof op);
    memcpy(x->loud, probe.loud, sizeof x->loud);
    memcpy(x->loud_read, probe.loud_read, sizeof x->loud_read);
    bool goal = true;
    for (int k = 0; k < s->ns; k++)
        goal &= s->sh[k].n == 0;
    if (goal && s->target_lo > 0)
        goal = false;
    if (goal && s->final)
        goal = same_placement(&s->start, s->final);
    x->flags = (uint8_t)((goal ? RC_NF_GOAL : 0) | RC_NF_SHARP);
    if (s->beam) {
        collect(s, n, (float)h);
        return true;
    }
    heap_push(s, (float)h, 0, n);
    return true;
}

/* Work out node n's literal replays (its loud cells). */
void rc_sharpen(struct rc_search *s, int32_t n)
{
    struct rc_node *x = &s->node[n];
    if (x->flags & RC_NF_SHARP)
        return;
    struct arb_pos pos;
    rc_node_pos(s, x, &pos);
    for (int k = 0; k < s->ns; k++)
        if (x->loud[k] == RC_LOUD_UNKNOWN) {
            uint8_t read;
            uint16_t loud = literal_end(s, k, x->i[k], &pos, &read);
            x = &s->node[n];
            x->loud[k] = loud;
            x->loud_read[k] = read;
        }
    x->flags |= RC_NF_SHARP;
}

void rc_search_start(struct rc_search *s)
{
    s->started = begin(s);
    s->after_best = 0;
}

bool rc_search_go(struct rc_search *s, long until)
{
    double margin = s->o->margin > 0 ? s->o->margin : 2.0;
    if (!s->started)
        return true;
    while (s->n_heap) {
        struct rc_open e = s->heap[0];
        struct rc_node *x = &s->node[e.node];
        if (e.g != x->g) {
            heap_pop(s);
            continue;              /* a cheaper way reached it since */
        }
        if (s->best < RC_INF && (e.f > s->best + margin + EPS || s->steps > s->after_best)) {
            s->ties_cut = e.f <= s->best + EPS;
            return true;
        }
        if (s->incumbent < RC_INF && e.f > s->incumbent + EPS && s->best >= RC_INF) {
            /* Nothing cheaper than the game already known is left. */
            return true;
        }
        if (x->flags & RC_NF_GOAL) {
            heap_pop(s);
            if (x->flags & RC_NF_CLOSED)
                continue;
            x->flags |= RC_NF_CLOSED;
            if (s->n_goal < (int)(sizeof s->goal / sizeof s->goal[0]))
                s->goal[s->n_goal++] = e.node;
            if (s->best >= RC_INF) {
                s->best = x->g;
                s->proved = s->limit == ARB_RL_NONE && !s->sync_pruned;
                /* The ties: half as much again, at least AFTER_BEST steps. */
                long extra = s->steps / 2 > AFTER_BEST ? s->steps / 2 : AFTER_BEST;
                s->after_best = s->steps + extra;
            }
            continue;
        }
        if (s->limit != ARB_RL_NONE)
            return true;
        if (s->steps >= s->budget) {
            s->limit = ARB_RL_BUDGET;
            return true;
        }
        if (s->steps >= until)
            return false;          /* paused */
        if (s->wall_end > 0 && (s->expanded & 255) == 0 && arb_now_ms() / 1e3 > s->wall_end) {
            s->limit = ARB_RL_WALL;
            return true;
        }
        heap_pop(s);
        if (!(x->flags & RC_NF_SHARP)) {
            /* The literal replays now: a bound that may be higher. */
            struct arb_pos pos;
            rc_node_pos(s, x, &pos);
            rc_sharpen(s, e.node);
            double h = rc_bound(s, x, &pos);
            if (h >= RC_INF)
                continue;
            if (x->g + h > e.f + EPS) {
                heap_push(s, (float)(x->g + h), x->g, e.node);
                continue;
            }
        }
        /* A state far behind a cheaper one that the sheets as written
         * follow again (synced): the region between was explained for less
         * (pruned only once the search has gone on a while; then the game
         * found is not proved the cheapest). */
        if (s->sync_g) {
            bool synced = true;
            for (int k = 0; k < s->ns; k++)
                synced &= x->st[k] == RC_ST_NONE && x->loud[k] == RC_LOUD_FAR;
            int ply = x->ply < s->max_ply ? x->ply : s->max_ply - 1;
            if (synced)
                for (int q = ply; q >= 0 && s->sync_g[q] > x->g; q--)
                    s->sync_g[q] = x->g;
            if (s->steps >= s->sync_after && x->g > s->sync_g[ply] + s->sync_margin) {
                s->sync_pruned = true;
                continue;
            }
        }
        s->steps++;
        s->expanded++;
        double limit = e.f + DELTA;
        x->flags |= RC_NF_CLOSED;
        double next = expand(s, e.node, limit);
        x = &s->node[e.node];
        if (next < RC_INF) {
            x->done = (float)limit;
            heap_push(s, (float)next, x->g, e.node);
        }
    }
    return true;
}

void rc_search_run(struct rc_search *s)
{
    rc_search_start(s);
    rc_search_go(s, s->budget);
}

/* ---- the beam ---------------------------------------------------------
 *
 * Before the best-first search has proved anything on a long, noisy
 * sheet, a game: the states of each half-move ranked by f, the best
 * `beam` of them taken on.  Its game bounds the best-first search and is
 * the answer when that one runs out of budget (said: not proved). */

static void collect(struct rc_search *s, int32_t n, float f)
{
    if (s->n_col == s->cap_col) {
        s->cap_col = s->cap_col ? 2 * s->cap_col : 4096;
        s->col = arb_xrealloc(s->col, (size_t)s->cap_col * sizeof *s->col);
    }
    s->col[s->n_col++] = (struct rc_open){f, s->node[n].g, n};
}


static int cmp_cand(const void *a, const void *b)
{
    const struct rc_cand *x = a, *y = b;
    if (x->f != y->f)
        return x->f < y->f ? -1 : 1;
    if (x->g != y->g)
        return x->g > y->g ? -1 : 1;
    return (x->key > y->key) - (x->key < y->key);
}

/* A state from a beam candidate (merged with a known one). */
static void cand_state(struct rc_search *s, const struct rc_cand *c)
{
    struct arb_pos pos;
    struct rc_node tmp = {.pos = c->pos, .ply = c->ply};
    rc_node_pos(s, &tmp, &pos);
    child(s, c->parent, c->move, c->op, c->i, c->st, c->loud, c->loud_read, c->ply, &pos, c->g, c->f - c->g);
}

void rc_beam_run(struct rc_search *s, int width)
{
    s->beam = true;
    s->beam_ply = -1;
    s->n_col = 0;
    if (!begin(s))
        return;
    for (int ply = 0;; ply++) {
        /* This ply's states, best first; a cell passed over stays at this
         * ply and joins them. */
        s->beam_ply = ply;
        s->n_heap = 0;
        for (int c = 0; c < s->n_col; c++)
            heap_push(s, s->col[c].f, s->col[c].g, s->col[c].node);
        s->n_col = 0;
        s->n_cand = 0;
        int taken = 0;
        while (s->n_heap && taken < width) {
            struct rc_open e = heap_pop(s);
            struct rc_node *x = &s->node[e.node];
            if (e.g != x->g || (x->flags & RC_NF_CLOSED))
                continue;
            x->flags |= RC_NF_CLOSED;
            if (x->flags & RC_NF_GOAL) {
                if (s->n_goal < (int)(sizeof s->goal / sizeof s->goal[0]))
                    s->goal[s->n_goal++] = e.node;
                if (x->g < s->best)
                    s->best = x->g;
                continue;
            }
            if (s->steps >= s->budget) {
                s->limit = ARB_RL_BUDGET;
                break;
            }
            s->steps++;
            s->expanded++;
            taken++;
            rc_sharpen(s, e.node);
            expand(s, e.node, RC_INF);
            /* States at this ply (cells passed over, goals) join it. */
            for (int c = 0; c < s->n_col; c++)
                heap_push(s, s->col[c].f, s->col[c].g, s->col[c].node);
            s->n_col = 0;
            if (s->limit != ARB_RL_NONE)
                break;
        }
        /* Goals left in the queue. */
        while (s->n_heap) {
            struct rc_open e = heap_pop(s);
            struct rc_node *x = &s->node[e.node];
            if (e.g == x->g && (x->flags & RC_NF_GOAL) && !(x->flags & RC_NF_CLOSED)) {
                x->flags |= RC_NF_CLOSED;
                if (s->n_goal < (int)(sizeof s->goal / sizeof s->goal[0]))
                    s->goal[s->n_goal++] = e.node;
                if (x->g < s->best)
                    s->best = x->g;
            }
        }
        if (s->limit != ARB_RL_NONE || !s->n_cand)
            break;
        /* The next ply: the best candidates, each state once. */
        qsort(s->cand, (size_t)s->n_cand, sizeof *s->cand, cmp_cand);
        s->beam_ply = ply + 1;    /* (so that child() makes them states) */
        int made = 0;
        for (int c = 0; c < s->n_cand && made < width; c++) {
            /* (A state reached again at the same cost keeps the way as a tie.) */
            int before = s->n_node;
            cand_state(s, &s->cand[c]);
            made += s->n_node > before;
            if (s->limit != ARB_RL_NONE)
                break;
        }
        if (s->limit != ARB_RL_NONE)
            break;
    }
    /* The goals, cheapest first. */
    for (int a = 1; a < s->n_goal; a++)
        for (int b = a; b > 0 && s->node[s->goal[b]].g < s->node[s->goal[b - 1]].g; b--) {
            int32_t t = s->goal[b];
            s->goal[b] = s->goal[b - 1];
            s->goal[b - 1] = t;
        }
}
