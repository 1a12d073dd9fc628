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

#define EPS 1e-4
#define TIES_TRIED 48             /* equal-cost games built at most */
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

/* The game of steps p[0..len) (its cost: cost). */
static void build(struct rc_search *s, const struct step *p, int len, double cost, struct arb_recon_game *g)
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
            case RC_OP_SWAP1A:
            case RC_OP_SWAP1B:
            case RC_OP_SWAP2A:
            case RC_OP_SWAP2B:
            case RC_OP_SWAP2C: {
                cell = op == RC_OP_SWAP1A ? i + 1 : op == RC_OP_SWAP2A ? i + 2 : op == RC_OP_SWAP2B ? i + 1 : i;
                char slip[96];
                slip_reason(sh, cell, &pos, m, slip, sizeof slip);
                bool first = op == RC_OP_SWAP1A || op == RC_OP_SWAP2A;
                snprintf(why, sizeof why, "%s%s%s",
                         op == RC_OP_SWAP1A || op == RC_OP_SWAP1B
                             ? (first ? "written in the next cell: the two moves swapped"
                                      : "written in the cell before: the two moves swapped")
                             : (first ? "written two cells on: one side's moves swapped"
                                      : op == RC_OP_SWAP2B ? "one side's moves swapped around it"
                                                           : "written two cells before: one side's moves swapped"),
                         slip[0] ? "; " : "", slip);
                corr_add(g, &cap, ply + 1, k, sh->cell[cell].tok, m, ARB_RC_SWAPPED, c, why);
                break;
            }
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
    int at = r->n_alt;
    while (at > 0 && r->alt[at - 1].cost > g->cost + EPS)
        at--;
    memmove(&r->alt[at + 1], &r->alt[at], (size_t)(r->n_alt - at) * sizeof *r->alt);
    r->alt[at] = *g;
    r->n_alt++;
}

/* The games of the same cost as the best through the ties of its steps:
 * another way into one of its states, then the best game's way on. */
static void ties_of(struct rc_search *s, int32_t goal, struct arb_recon_result *r, int *tried)
{
    int len;
    struct step *best = path_to(s, goal, &len, 0);
    /* The states of the best game, in order (best[q] leads into states[q]). */
    int32_t *states = arb_xmalloc((size_t)(len + 1) * sizeof *states);
    int32_t x = goal;
    for (int q = len - 1; q >= 0; q--) {
        states[q] = x;
        x = s->node[x].parent;
    }
    for (int q = 0; q < len && !r->ties_more; q++)
        for (int32_t t = s->node[states[q]].tie; t >= 0; t = s->tie[t].next) {
            if ((*tried)++ >= TIES_TRIED) {
                r->ties_more = true;
                break;
            }
            int head;
            struct step *p = path_to(s, s->tie[t].parent, &head, len - q);
            p[head] = (struct step){s->tie[t].parent, s->tie[t].move, {s->tie[t].op[0], s->tie[t].op[1]}};
            memcpy(p + head + 1, best + q + 1, (size_t)(len - q - 1) * sizeof *p);
            /* Its own way there had ties too: more games than are built. */
            for (int32_t y = s->tie[t].parent; y >= 0 && !r->ties_more; y = s->node[y].parent)
                r->ties_more = s->node[y].tie >= 0 && y != states[q];
            struct arb_recon_game g;
            build(s, p, head + len - q, r->best.cost, &g);
            free(p);
            if (known(r, &g)) {
                game_free(&g);
                continue;
            }
            r->ties = true;
            r->n_ties++;
            alt_add(r, &g);
        }
    free(states);
    free(best);
}

void rc_result_build(const struct rc_search *cs, struct arb_recon_result *r)
{
    struct rc_search *s = (struct rc_search *)cs;   /* (rc_op_cost uses the slip cache) */
    r->steps = s->steps;
    r->states = s->n_node;
    r->limit = s->limit;
    if (!s->n_goal)
        return;
    int len;
    struct step *p = path_to(s, s->goal[0], &len, 0);
    if (getenv("RCPATH"))
        for (int32_t x = s->goal[0]; x >= 0; x = s->node[x].parent)
            fprintf(stderr, "node %d ply %d i %d st %d op %d g %.2f move %d\n", x, s->node[x].ply, s->node[x].i[0],
                    s->node[x].st[0], s->node[x].op[0], s->node[x].g, s->node[x].move);
    build(s, p, len, s->node[s->goal[0]].g, &r->best);
    free(p);
    r->found = true;
    r->proved = s->proved;
    int tried = 0;
    ties_of(s, s->goal[0], r, &tried);
    int near = 0;
    for (int q = 1; q < s->n_goal; q++) {
        const struct rc_node *gn = &s->node[s->goal[q]];
        bool equal = gn->g <= r->best.cost + EPS;
        if (!equal && near >= NEAR_ALT)
            continue;
        p = path_to(s, s->goal[q], &len, 0);
        struct arb_recon_game g;
        build(s, p, len, gn->g, &g);
        free(p);
        if (known(r, &g)) {
            game_free(&g);
            continue;
        }
        if (equal) {
            r->ties = true;
            r->n_ties++;
            ties_of(s, s->goal[q], r, &tried);
        } else {
            near++;
        }
        alt_add(r, &g);
    }
    if (s->ties_cut && r->ties)
        r->ties_more = true;
    if (s->ties_cut && !r->ties) {
        /* States of the best's cost were left: others may tie. */
        r->ties_more = true;
    }
}
