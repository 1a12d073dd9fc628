/* states.c — the states of reconstruct's search (see recon_int.h): their
 * keys, the table that merges a state reached again, the queue (a binary
 * heap, the same order on every machine), and making a state: the root,
 * and a child from its parent (the cheaper way kept, a way of the same
 * cost remembered as a tie).  Used by the best-first search (search.c) and
 * the beam (beam.c); the bound of a new state comes from bound.c.
 */
#include "recon/recon_int.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

#define MAX_TIES 200000           /* equal-cost ways remembered at most */
#define STATE_STEPS 8             /* steps a state made counts (its memory, its make-move) */

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

static void collect(struct rc_search *s, int32_t n, float f)
{
    if (s->n_col == s->cap_col) {
        s->cap_col = s->cap_col ? 2 * s->cap_col : 4096;
        s->col = arb_xrealloc(s->col, (size_t)s->cap_col * sizeof *s->col);
    }
    s->col[s->n_col++] = (struct rc_open){f, s->node[n].g, n};
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

void rc_heap_push(struct rc_search *s, float f, float g, int32_t node)
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

struct rc_open rc_heap_pop(struct rc_search *s)
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
void rc_make_child(struct rc_search *s, int32_t parent, arb_move move, const uint8_t *op, const uint16_t *ii,
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
    if (goal) {
        h = 0;
        g += rc_end_cost(s, pos);   /* how it ends, against the results written */
    }
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
        if (g < x->g - RC_EPS) {
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
                rc_heap_push(s, (float)(g + h), (float)g, n);
        } else if (g <= x->g + RC_EPS && parent != x->parent && s->n_tie >= MAX_TIES) {
            s->ties_full = true;   /* (not remembered: the games listed may not be all) */
        } else if (g <= x->g + RC_EPS && parent != x->parent) {
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
    if (s->incumbent < RC_INF && g + h > s->incumbent + 2.0 + RC_EPS)
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
        rc_heap_push(s, (float)(g + h), (float)g, n);
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

/* Make the root state (and queue it); false when no game can start. */
bool rc_make_root(struct rc_search *s)
{
    uint16_t ii[ARB_RECON_MAX_SHEETS] = {0, 0};
    uint8_t st[ARB_RECON_MAX_SHEETS] = {0, 0}, op[ARB_RECON_MAX_SHEETS] = {0, 0};
    struct rc_node probe = {.ply = 0};
    for (int k = 0; k < s->ns; k++)
        probe.loud[k] = rc_literal_end(s, k, 0, &s->start, &probe.loud_read[k]);
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
    rc_heap_push(s, (float)h, 0, n);
    return true;
}
