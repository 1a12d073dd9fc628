/* beam.c — reconstruct's beam search (see recon_int.h, recon.c).
 *
 * Before the best-first search (search.c) has proved anything on a long,
 * noisy sheet, a game: the states of each half-move ranked by f, the best
 * `width` of them taken on.  Its game bounds the best-first search and is
 * the answer when that one runs out of budget (said: not proved).  It
 * shares the states (states.c), the bound and the expansion with the
 * best-first search; the states it makes are collected (s->col) and the
 * next ply's candidates (s->cand) ranked, not queued.
 */
#include "recon/recon_int.h"

#include <stdlib.h>

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
    rc_make_child(s, c->parent, c->move, c->op, c->i, c->st, c->loud, c->loud_read, c->ply, &pos, c->g, c->f - c->g);
}

void rc_beam_run(struct rc_search *s, int width)
{
    s->beam = true;
    s->beam_ply = -1;
    s->n_col = 0;
    if (!rc_make_root(s))
        return;
    for (int ply = 0;; ply++) {
        /* This ply's states, best first; a cell passed over stays at this
         * ply and joins them. */
        s->beam_ply = ply;
        s->n_heap = 0;
        for (int c = 0; c < s->n_col; c++)
            rc_heap_push(s, s->col[c].f, s->col[c].g, s->col[c].node);
        s->n_col = 0;
        s->n_cand = 0;
        int taken = 0;
        while (s->n_heap && taken < width) {
            struct rc_open e = rc_heap_pop(s);
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
            rc_expand(s, e.node, RC_INF);
            /* States at this ply (cells passed over, goals) join it. */
            for (int c = 0; c < s->n_col; c++)
                rc_heap_push(s, s->col[c].f, s->col[c].g, s->col[c].node);
            s->n_col = 0;
            if (s->limit != ARB_RL_NONE)
                break;
        }
        /* Goals left in the queue. */
        while (s->n_heap) {
            struct rc_open e = rc_heap_pop(s);
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
        s->beam_ply = ply + 1;    /* (so that rc_make_child() makes them states) */
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
