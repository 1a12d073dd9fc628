/* bound.c — the lower bound of reconstruct's best-first search (see
 * recon_int.h and search.c): what the rest of a state costs at least.
 *
 * Per sheet, each cell's least cost (read as a move, or passed over), the
 * half-moves with no cell or the cells with no half-move that the counts
 * force (left out, or after the last cell), and the literal replay: the
 * cells the sheet as written takes from the state, up to the first it
 * cannot (a "loud" cell, where something is paid).  Then whether the final
 * position can still be reached.  A bound above what a game still pays
 * would prune it: tests/recon/bound.c checks it on the true games' paths.
 * Sits under the search (search.c, beam.c) and over the cells and the
 * cost model (cells.c, model.c).
 */
#include "recon/recon_int.h"

#include <string.h>

#include "chess/san.h"

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
    /* A pending swap has read cell i+span and the cells between up to i+read-1. */
    struct rc_swap sw = rc_swap_of(st);
    int used[4], n_used = 0;
    if (sw.span) {
        used[n_used++] = i + sw.span;
        for (int q = 1; q < sw.read; q++)
            used[n_used++] = i + q;
    }
    for (int q = 0; q < n_used; q++) {
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
    for (int q = 0; q < RC_SWAP_SPANS; q++)
        if (rc_swap_cost(s->k, rc_swap_spans[q]) < dev)
            dev = rc_swap_cost(s->k, rc_swap_spans[q]);
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
double rc_bound_cells(const struct rc_search *s, int ply, const uint16_t *ii, const uint8_t *st,
                      const uint16_t *loud, const uint8_t *read)
{
    double h = 0;
    int rest, rest_lo;
    rests(s, ply, &rest, &rest_lo);
    for (int k = 0; k < s->ns; k++)
        h += sheet_bound(s, k, ii[k], st[k], rest_lo, rest,
                         loud && loud[k] != RC_LOUD_UNKNOWN ? loud[k] : s->sh[k].n, read ? read[k] : 255,
                         rc_offset(ply, ii[k], st[k]));
    return h;
}

/* The move cell j of sheet k is as written in pos (cost under 0.1), or 0. */
arb_move rc_literal_move(const struct rc_search *s, int k, int j, const struct arb_pos *pos)
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
uint16_t rc_literal_end(struct rc_search *s, int k, int i, const struct arb_pos *pos, uint8_t *read)
{
    const struct rc_sheet *sh = &s->sh[k];
    struct arb_pos p = *pos;
    int j = i;
    *read = 255;
    while (j < sh->n) {
        if (j - i >= LOUD_MAX)
            return RC_LOUD_FAR;
        arb_move m = rc_literal_move(s, k, j, &p);
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
    double h = rc_bound_cells(s, n->ply, n->i, n->st, n->loud, n->loud_read);
    if (s->final) {
        int rest = s->target >= 0 ? s->target - n->ply : -1, needed;
        int at_most = s->target >= 0 ? -1 : s->longest + RC_MAX_TAIL - n->ply;
        if (!rc_can_reach(pos, s->final, rest, at_most < 0 ? 0 : at_most, &needed))
            return RC_INF;
        if (rest < 0)
            for (int k = 0; k < s->ns; k++)
                if (n->i[k] >= s->sh[k].n && needed > 0)
                    h += unmatched_cost(s, needed, n->st[k], rc_offset(n->ply, n->i[k], n->st[k]));
    }
    return h;
}

/* The bound of the states an expansion makes, remembered per (cell,
 * pending) pair of each sheet (struct rc_memo: recon_int.h). */
double rc_bound_memo(const struct rc_search *s, struct rc_memo *m, int ply, const uint16_t *ii, const uint8_t *st)
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
            double v = sheet_bound(s, k, ii[k], st[k], rest_lo, rest, s->sh[k].n, 255, rc_offset(ply, ii[k], st[k]));
            if (m->n[k] == 16)
                return rc_bound_cells(s, ply, ii, st, NULL, NULL);
            m->key[k][q] = key;
            m->val[k][q] = v;
            m->n[k]++;
        }
        h += m->val[k][q];
    }
    return h;
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
            uint16_t loud = rc_literal_end(s, k, x->i[k], &pos, &read);
            x = &s->node[n];
            x->loud[k] = loud;
            x->loud_read[k] = read;
        }
    x->flags |= RC_NF_SHARP;
}
