/* result.c — the games a search found (see recon.h): the best, every one
 * that ties with it (another way to one of its states at the same cost,
 * or another whole game of that cost), the dearer ones within the margin;
 * each game with its corrections in words, rebuilt step by step from the
 * operations the search took and costed as the search costed them
 * (rc_op_cost).
 */
#include "recon/recon_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "laws/replay.h"

#define EPS 1e-4
#define TIES_TRIED ARB_RECON_MAX_ALT   /* equal-cost games built at most */
#define CORR_KEPT 100000L         /* ... and corrections kept in them (13 MB) */
#define NEAR_ALT 3                /* dearer games listed at most */

/* A step of a game: from state `from` by `move` with each sheet's op. */
struct step {
    int32_t from;
    arb_move move;
    uint8_t op[ARB_RECON_MAX_SHEETS];
};

/* The steps from the root to node n (malloc'd, *len of them), room for
 * `more` after them. */
static struct step *path_to(const struct rc_search *s, int32_t n, int *len, int more)
{
    int k = 0;
    for (int32_t x = n; s->node[x].parent >= 0; x = s->node[x].parent)
        k++;
    struct step *p = arb_xmalloc((size_t)(k + more + 1) * sizeof *p);
    *len = k;
    for (int32_t x = n; s->node[x].parent >= 0; x = s->node[x].parent) {
        const struct rc_node *d = &s->node[x];
        p[--k] = (struct step){d->parent, d->move, {d->op[0], d->op[1]}};
    }
    return p;
}

static void corr_add(struct arb_recon_game *g, int *cap, int ply, int sheet, int tok, arb_move m,
                     enum arb_recon_kind kind, double cost, const char *reason)
{
    if (g->n_corr == *cap) {
        *cap = *cap ? 2 * *cap : 16;
        g->corr = arb_xrealloc(g->corr, (size_t)*cap * sizeof *g->corr);
    }
    struct arb_recon_corr *c = &g->corr[g->n_corr++];
    memset(c, 0, sizeof *c);
    c->ply = ply;
    c->sheet = sheet;
    c->tok = tok;
    c->move = m;
    c->kind = kind;
    c->cost = cost;
    snprintf(c->reason, sizeof c->reason, "%s", reason);
}

/* The reason a token read as move m of pos is a slip ("" when it is the
 * move as written). */
static void slip_reason(const struct rc_sheet *sh, int cell, const struct arb_pos *pos, arb_move m, char *buf,
                        size_t cap)
{
    buf[0] = 0;
    int t = sh->cell[cell].tok;
    if (t >= 0 && sh->cell[cell].kind == RC_TOKEN)
        arb_slip_token_cost(sh->sh->lang, sh->sh->tok[t], pos, m, buf, cap);
}

/* A step of a swap (sw: its span and step) at cell i, read as move m:
 * the two swapped cells are corrections; a cell between, read in its
 * place, only when it is a slip. */
static void swap_corr(const struct rc_sheet *sh, struct rc_swap sw, int i, const struct arb_pos *pos, arb_move m,
                      int ply, int k, double c, struct arb_recon_game *g, int *cap)
{
    if (!sw.span)
        return;
    char why[96], slip[96];
    bool first = sw.read == 0, last = sw.read == sw.span;
    int cell = first ? i + sw.span : last ? i : i + sw.read;
    if (!first && !last) {
        if (c < 0.1)
            return;
        slip_reason(sh, cell, pos, m, why, sizeof why);
        corr_add(g, cap, ply + 1, k, sh->cell[cell].tok, m, ARB_RC_READ, c, why);
        return;
    }
    slip_reason(sh, cell, pos, m, slip, sizeof slip);
    static const char *const where[5][2] = {
        [1] = {"written in the next cell: the two moves swapped", "written in the cell before: the two moves swapped"},
        [2] = {"written a row later: one side's two moves swapped", "written a row before: one side's two moves swapped"},
        [4] = {"written two rows later: one side's two moves swapped",
               "written two rows before: one side's two moves swapped"},
    };
    snprintf(why, sizeof why, "%s%s%s", where[sw.span][last], slip[0] ? "; " : "", slip);
    corr_add(g, cap, ply + 1, k, sh->cell[cell].tok, m, ARB_RC_SWAPPED, c, why);
}

/* The results written that contradict how the game ends in pos (after
 * ply half-moves): a correction each, at the last ply (what the goal's
 * cost counted: rc_end_cost).  g->result: the Laws' result, else the
 * first written. */
static void result_corr(const struct rc_search *s, const struct arb_pos *pos, int ply, bool whole,
                        struct arb_recon_game *g, int *cap)
{
    const char *how = NULL;
    enum arb_result verdict = whole ? rc_end_verdict(pos, &how) : ARB_RESULT_NONE;
    g->result = verdict;
    for (int k = 0; k < s->ns; k++) {
        enum arb_result written = s->sh[k].sh->result;
        if (written == ARB_RESULT_NONE)
            continue;
        if (g->result == ARB_RESULT_NONE)
            g->result = written;
        double c = rc_result_cost(s, k, verdict);
        if (c <= 0)
            continue;
        char why[96];
        snprintf(why, sizeof why, "the result written, %s, is wrong: the game ends %s (%s)",
                 arb_result_name(written), how, arb_result_name(verdict));
        corr_add(g, cap, ply, k, -1, 0, ARB_RC_RESULT, c, why);
    }
}

/* The game of steps p[0..len) (its cost: cost); whole: a game that ends
 * there (not a partial one: no result is judged). */
static void build(struct rc_search *s, const struct step *p, int len, double cost, struct arb_recon_game *g,
                  bool whole)
{
    memset(g, 0, sizeof *g);
    g->moves = arb_xmalloc((size_t)(len + 1) * sizeof *g->moves);
    g->cost = cost;
    int cap = 0;
    struct arb_pos pos = s->start;
    int ply = 0;
    for (int q = 0; q < len; q++) {
        const struct rc_node *from = &s->node[p[q].from];
        arb_move m = p[q].move;
        for (int k = 0; k < s->ns; k++) {
            const struct rc_sheet *sh = &s->sh[k];
            int i = from->i[k];
            uint8_t op = p[q].op[k];
            double c = rc_op_cost(s, k, i, from->st[k], from->ply, &pos, m, op);
            char why[96];
            int cell = i;
            switch (op) {
            case RC_OP_MATCH:
                if (c < 0.1)
                    break;
                slip_reason(sh, cell, &pos, m, why, sizeof why);
                corr_add(g, &cap, ply + 1, k, sh->cell[cell].tok, m, ARB_RC_READ, c, why);
                break;
            case RC_OP_BLANK:
                corr_add(g, &cap, ply + 1, k, -1, m, ARB_RC_BLANK, c,
                         sh->cell[cell].kind == RC_GAP ? "not recorded: a row the numbers skip"
                                                        : "not recorded: its cell is blank");
                break;
            case RC_OP_UNREADABLE:
                corr_add(g, &cap, ply + 1, k, sh->cell[cell].tok, m, ARB_RC_UNREADABLE, c, "unreadable");
                break;
            case RC_OP_OMIT:
                corr_add(g, &cap, ply + 1, k, -1, m, ARB_RC_NOT_RECORDED, c,
                         s->o->no_duty_from > 0 && (int)pos.fullmove >= s->o->no_duty_from
                             ? "not recorded (no duty to record, Art. 8.4)"
                             : "not recorded: the moves after it sit one cell off");
                break;
            case RC_OP_TAIL:
                corr_add(g, &cap, ply + 1, k, -1, m, ARB_RC_AFTER_END, c,
                         "after the sheet's last move: recording stopped");
                break;
            case RC_OP_EXTRA: {
                const struct rc_cell *ce = &sh->cell[cell];
                const char *r = ce->kind == RC_BLANK || ce->kind == RC_GAP ? "a blank cell that stands for no move"
                                : ce->again == 1                              ? "written twice"
                                : ce->again == 2                              ? "written again a row on"
                                                                              : "recorded, but no move of the game";
                corr_add(g, &cap, ply, k, ce->tok, 0, ARB_RC_EXTRA, c, r);
                break;
            }
            default:
                swap_corr(sh, rc_swap_of_op(op), i, &pos, m, ply, k, c, g, &cap);
                break;
            }
        }
        if (m) {
            g->moves[g->n_moves++] = m;
            struct arb_undo u;
            arb_pos_make(&pos, m, &u);
            ply++;
        }
    }
    g->final = pos;
    result_corr(s, &pos, ply, whole, g, &cap);
}

static bool same_moves(const struct arb_recon_game *a, const struct arb_recon_game *b)
{
    return a->n_moves == b->n_moves && memcmp(a->moves, b->moves, (size_t)a->n_moves * sizeof *a->moves) == 0;
}

static bool known(const struct arb_recon_result *r, const struct arb_recon_game *g)
{
    if (same_moves(g, &r->best))
        return true;
    for (int a = 0; a < r->n_alt; a++)
        if (same_moves(g, &r->alt[a]))
            return true;
    return false;
}

static void game_free(struct arb_recon_game *g)
{
    free(g->moves);
    free(g->corr);
    memset(g, 0, sizeof *g);
}

/* g into r->alt[], cheapest first; when full, in place of the dearest if g
 * costs less, else freed. */
static void alt_add(struct arb_recon_result *r, struct arb_recon_game *g)
{
    if (r->n_alt == ARB_RECON_MAX_ALT) {
        if (r->alt[r->n_alt - 1].cost <= g->cost + EPS) {
            game_free(g);
            return;
        }
        game_free(&r->alt[--r->n_alt]);
    }
    if (r->n_alt == r->cap_alt) {
        r->cap_alt = r->cap_alt ? 2 * r->cap_alt : 16;
        r->alt = arb_xrealloc(r->alt, (size_t)r->cap_alt * sizeof *r->alt);
    }
    int at = r->n_alt;
    while (at > 0 && r->alt[at - 1].cost > g->cost + EPS)
        at--;
    memmove(&r->alt[at + 1], &r->alt[at], (size_t)(r->n_alt - at) * sizeof *r->alt);
    r->alt[at] = *g;
    r->n_alt++;
}

/* ---- every game of the best's cost ------------------------------------
 *
 * The ways the search found to each state at the best cost (its kept step
 * and the ties it remembered) form a graph of states.  Different ways may
 * be one game aligned differently, so the games are counted on the graph
 * of positions: a position after k half-moves, and the moves between them.
 * Each distinct way through that graph is a game; its corrections come from
 * one way through the states that plays its moves. */

struct pnode {                    /* a position after `ply` half-moves, on some best way */
    uint64_t key;
    int ply;
    int32_t first_in;             /* its first edge in (index in edges), -1 none */
};

struct pedge {
    int32_t from, to;             /* pnodes */
    arb_move move;
    int32_t next_in;              /* the next edge into `to` */
};

struct pgraph {
    struct pnode *v;
    int32_t n_v, cap_v;
    struct pedge *e;
    int32_t n_e, cap_e;
    int32_t *of_state;            /* each state's pnode (-1: on no best way) */
    int32_t *table;               /* pnode by key (open addressing) */
    uint32_t mask;
};

static uint64_t pkey(uint64_t key, int ply)
{
    uint64_t h = key ^ ((uint64_t)ply * 0x9E3779B97F4A7C15ull);
    h ^= h >> 31;
    return h * 0xbf58476d1ce4e5b9ull;
}

static int32_t pnode_of(struct pgraph *g, const struct rc_search *s, int32_t x)
{
    if (g->of_state[x] >= 0)
        return g->of_state[x];
    struct arb_pos pos;
    rc_node_pos(s, &s->node[x], &pos);
    uint64_t k = pkey(pos.key, s->node[x].ply);
    uint32_t slot = (uint32_t)k & g->mask;
    while (g->table[slot] >= 0 && g->v[g->table[slot]].key != k)
        slot = (slot + 1) & g->mask;
    if (g->table[slot] < 0) {
        if (g->n_v == g->cap_v) {
            g->cap_v = g->cap_v ? 2 * g->cap_v : 256;
            g->v = arb_xrealloc(g->v, (size_t)g->cap_v * sizeof *g->v);
        }
        g->v[g->n_v] = (struct pnode){k, s->node[x].ply, -1};
        g->table[slot] = g->n_v++;
    }
    return g->of_state[x] = g->table[slot];
}

static void pedge_add(struct pgraph *g, int32_t from, int32_t to, arb_move m)
{
    for (int32_t e = g->v[to].first_in; e >= 0; e = g->e[e].next_in)
        if (g->e[e].from == from && g->e[e].move == m)
            return;
    if (g->n_e == g->cap_e) {
        g->cap_e = g->cap_e ? 2 * g->cap_e : 256;
        g->e = arb_xrealloc(g->e, (size_t)g->cap_e * sizeof *g->e);
    }
    g->e[g->n_e] = (struct pedge){from, to, m, g->v[to].first_in};
    g->v[to].first_in = g->n_e++;
}

#define GRAPH_STATES 200000       /* states of the best ways looked at, at most */
#define WALK_VISITS 200000L       /* steps of the walks through them, at most */

/* The graph of the best ways into the goals of cost best; false when it
 * grew past GRAPH_STATES (then it is partial). */
static bool graph_build(struct pgraph *g, const struct rc_search *s, double best)
{
    memset(g, 0, sizeof *g);
    g->of_state = arb_xmalloc((size_t)s->n_node * sizeof *g->of_state);
    memset(g->of_state, 0xff, (size_t)s->n_node * sizeof *g->of_state);
    uint32_t cap = 1024;
    while (cap < 2u * (uint32_t)(s->n_node < GRAPH_STATES ? s->n_node : GRAPH_STATES) + 2)
        cap *= 2;
    g->table = arb_xmalloc(cap * sizeof *g->table);
    memset(g->table, 0xff, cap * sizeof *g->table);
    g->mask = cap - 1;
    uint8_t *seen = arb_xcalloc((size_t)s->n_node, 1);
    int32_t *stack = arb_xmalloc((size_t)s->n_node * sizeof *stack);
    int32_t n = 0;
    bool whole = true;
    for (int q = 0; q < s->n_goal; q++)
        if (s->node[s->goal[q]].g <= best + EPS && !seen[s->goal[q]]) {
            seen[s->goal[q]] = 1;
            stack[n++] = s->goal[q];
        }
    long states = 0;
    while (n) {
        int32_t x = stack[--n];
        if (++states > GRAPH_STATES) {
            whole = false;
            break;
        }
        const struct rc_node *d = &s->node[x];
        if (d->parent < 0)
            continue;
        int32_t to = pnode_of(g, s, x);
        int32_t from = pnode_of(g, s, d->parent);
        if (d->move)
            pedge_add(g, from, to, d->move);
        if (!seen[d->parent]) {
            seen[d->parent] = 1;
            stack[n++] = d->parent;
        }
        for (int32_t t = d->tie; t >= 0; t = s->tie[t].next) {
            int32_t p = s->tie[t].parent;
            if (s->tie[t].move)
                pedge_add(g, pnode_of(g, s, p), to, s->tie[t].move);
            if (!seen[p]) {
                seen[p] = 1;
                stack[n++] = p;
            }
        }
    }
    free(seen);
    free(stack);
    return whole;
}

static void graph_free(struct pgraph *g)
{
    free(g->v);
    free(g->e);
    free(g->of_state);
    free(g->table);
}

/* One way through the states that plays moves m[0..len) into state x
 * (backtracking over its ways in); its steps into p[0..ply).  False when
 * none does.  Depth-first with a stack of its own: a path has as many
 * states as the sheets have cells (20,000 `?`), too deep to recurse. */
static bool states_for(const struct rc_search *s, int32_t x, const arb_move *m, struct step *p, int *n_p, int cap,
                       long *visits)
{
    struct frame {
        int32_t x;
        int32_t way;              /* -3 not started, -2 the kept way in, else a tie */
    } *st = arb_xmalloc((size_t)(cap + 2) * sizeof *st);
    int sp = 0;
    bool found = false;
    st[sp++] = (struct frame){x, -3};
    while (sp) {
        struct frame *f = &st[sp - 1];
        const struct rc_node *d = &s->node[f->x];
        int32_t way;
        if (f->way == -3) {
            if (d->parent < 0) {
                if (d->ply == 0) {
                    found = true;
                    break;
                }
                goto fail;
            }
            if (++*visits > WALK_VISITS || *n_p >= cap)
                goto fail;
            way = -2;
        } else {
            way = f->way == -2 ? d->tie : s->tie[f->way].next;
        }
        /* This step's move must be the last of the moves still to play (or
         * no move: a cell passed over): the kept way in, then each tie. */
        for (; way != -1; way = way == -2 ? d->tie : s->tie[way].next) {
            arb_move mv = way == -2 ? d->move : s->tie[way].move;
            if (!mv || (d->ply >= 1 && mv == m[d->ply - 1]))
                break;
        }
        if (way == -1)
            goto fail;
        f->way = way;
        int32_t from = way == -2 ? d->parent : s->tie[way].parent;
        arb_move mv = way == -2 ? d->move : s->tie[way].move;
        const uint8_t *op = way == -2 ? d->op : s->tie[way].op;
        p[(*n_p)++] = (struct step){from, mv, {op[0], op[1]}};
        st[sp++] = (struct frame){from, -3};
        continue;
    fail:
        /* Back to the state before, which tries its next way in. */
        if (--sp)
            (*n_p)--;
    }
    free(st);
    return found;
}

/* Walk the graph of positions back from pnode v; moves[0..v's ply) are
 * being filled from the end.  Each whole way is a game: built, through the
 * states of goal `goal`. */
struct games {
    struct rc_search *s;
    struct arb_recon_result *r;
    struct pgraph *g;
    arb_move *moves;
    int32_t goal;
    int built;
    long visits;
    long kept;                    /* corrections in the games built */
    double cost;
};

/* A whole game in w->moves: one way through the states that plays it. */
static void game_found(struct games *w)
{
    struct rc_search *s = w->s;
    int cap = 4 * (s->node[w->goal].ply + 8) + 64;
    for (int k = 0; k < s->ns; k++)
        cap += s->sh[k].n;
    struct step *rev = arb_xmalloc((size_t)cap * sizeof *rev);
    int n = 0;
    long visits = 0;
    if (states_for(s, w->goal, w->moves, rev, &n, cap, &visits)) {
        struct step *p = arb_xmalloc((size_t)(n + 1) * sizeof *p);
        for (int q = 0; q < n; q++)
            p[q] = rev[n - 1 - q];
        struct arb_recon_game gm;
        build(s, p, n, w->cost, &gm, true);
        free(p);
        w->built++;
        w->kept += gm.n_corr;
        if (!w->r->found) {
            w->r->best = gm;
            w->r->found = true;
        } else if (known(w->r, &gm)) {
            game_free(&gm);
        } else {
            w->r->ties = true;
            w->r->n_ties++;
            alt_add(w->r, &gm);
        }
    } else {
        w->r->ties_more = true;   /* (a game whose states were not all kept) */
    }
    free(rev);
}

/* Enough equal games built (or corrections kept in them). */
static bool enough(const struct games *w)
{
    return w->built >= TIES_TRIED || w->kept > CORR_KEPT;
}

/* Every way back from pnode v0 to the start is a game (depth first, with
 * a stack of its own: one frame a half-move). */
static void games_back(struct games *w, int32_t v0)
{
    struct frame {
        int32_t v;
        int32_t e;                /* -2 not started, else the edge in being followed */
    } *st;
    int cap = w->g->v[v0].ply + 2;  /* (each edge goes one half-move back) */
    st = arb_xmalloc((size_t)cap * sizeof *st);
    int sp = 0;
    st[sp++] = (struct frame){v0, -2};
    while (sp) {
        struct frame *f = &st[sp - 1];
        const struct pnode *pv = &w->g->v[f->v];
        if (f->e == -2) {
            if (enough(w) || ++w->visits > WALK_VISITS) {
                w->r->ties_more = true;
                break;
            }
            if (pv->ply == 0) {
                game_found(w);
                sp--;
                continue;
            }
            f->e = pv->first_in;
        } else {
            f->e = w->g->e[f->e].next_in;
        }
        if (f->e < 0) {
            sp--;
            continue;
        }
        if (enough(w) || sp == cap) {
            w->r->ties_more = true;
            break;
        }
        w->moves[pv->ply - 1] = w->g->e[f->e].move;
        st[sp++] = (struct frame){w->g->e[f->e].from, -2};
    }
    free(st);
}

void rc_result_partial(const struct rc_search *cs, struct arb_recon_result *r)
{
    struct rc_search *s = (struct rc_search *)cs;
    if (s->n_node <= 0 || s->deepest <= 0 || s->deepest >= s->n_node)
        return;
    int len;
    struct step *p = path_to(s, s->deepest, &len, 0);
    build(s, p, len, s->node[s->deepest].g, &r->best, false);
    free(p);
    r->found = true;
    r->partial = true;
    r->proved = false;
}

void rc_result_build(const struct rc_search *cs, struct arb_recon_result *r)
{
    struct rc_search *s = (struct rc_search *)cs;   /* (rc_op_cost uses the slip cache) */
    r->steps = s->steps;
    r->states = s->n_node;
    r->limit = s->limit;
    if (!s->n_goal)
        return;
    r->proved = s->proved;
    /* The goals, cheapest first (the beam finds them in any order). */
    for (int a = 1; a < s->n_goal; a++)
        for (int b = a; b > 0 && s->node[s->goal[b]].g < s->node[s->goal[b - 1]].g - EPS; b--) {
            int32_t t = s->goal[b];
            s->goal[b] = s->goal[b - 1];
            s->goal[b - 1] = t;
        }
    double best = s->node[s->goal[0]].g;
    /* The first goal's own way first: it is the game printed. */
    int len;
    struct step *p = path_to(s, s->goal[0], &len, 0);
    build(s, p, len, best, &r->best, true);
    free(p);
    r->found = true;
    struct pgraph g;
    if (!graph_build(&g, s, best))
        r->ties_more = true;
    long kept = r->best.n_corr;
    for (int q = 0; q < s->n_goal; q++) {
        if (s->node[s->goal[q]].g > best + EPS)
            continue;
        struct games w = {.s = s, .r = r, .g = &g, .goal = s->goal[q], .cost = best, .kept = kept};
        w.moves = arb_xmalloc((size_t)(s->node[s->goal[q]].ply + 1) * sizeof *w.moves);
        games_back(&w, pnode_of(&g, s, s->goal[q]));
        free(w.moves);
        kept = w.kept;
    }
    graph_free(&g);
    int near = 0;
    for (int q = 0; q < s->n_goal; q++) {
        const struct rc_node *gn = &s->node[s->goal[q]];
        if (gn->g <= best + EPS || near >= NEAR_ALT)
            continue;
        p = path_to(s, s->goal[q], &len, 0);
        struct arb_recon_game gm;
        build(s, p, len, gn->g, &gm, true);
        free(p);
        if (known(r, &gm)) {
            game_free(&gm);
            continue;
        }
        near++;
        alt_add(r, &gm);
    }
    if (s->ties_cut || s->ties_full)
        r->ties_more = true;
}
