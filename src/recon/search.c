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
 *
 * Here: a state's expansion and the search's loop.  The states, their
 * table and the queue are states.c's; the bound is bound.c's; a sheet's
 * ways to take a move are ways.c's; the beam that may find a game first
 * is beam.c's.  recon.c runs them.
 */
#include "recon/recon_int.h"

#include <string.h>

#include "base/util.h"

#define DELTA 0.5f                /* children made at once: f within this of the state's */
#define AFTER_BEST 2000000L       /* steps the search goes on at least for games that tie */

/* ---- expansion ------------------------------------------------------- */

/* Make node ni's children with f in (its done, limit]; the least f of
 * those beyond the limit is returned (RC_INF: none). */
double rc_expand(struct rc_search *s, int32_t ni, double limit)
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
        arb_move m = literal_only ? rc_literal_move(s, k, n.i[k], &pos) : 0;
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
    struct rc_memo memo = {{0, 0}, {{0}}, {{0}}};
    for (int j = 0; j < ml.n; j++) {
        struct rc_way w[ARB_RECON_MAX_SHEETS][RC_MAX_WAYS];
        int nw[ARB_RECON_MAX_SHEETS] = {0, 0};
        bool any = true;
        for (int k = 0; k < s->ns; k++) {
            bool other = false;
            for (int q = 0; q < s->ns; q++)
                other |= q != k && n.i[q] < s->sh[q].n;
            nw[k] = rc_ways(s, k, n.i[k], n.st[k], n.ply, &pos, &ml, j, need, other, w[k]);
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
                const struct rc_way *x = &w[k][k == 0 ? c % nw[0] : c / nw[0]];
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
            double f = g + rc_bound_memo(s, &memo, n.ply + 1, ii, st);
            if (f <= done + RC_EPS)
                continue;          /* made before */
            if (f > limit + RC_EPS) {
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
            rc_make_child(s, ni, ml.moves[j], op, ii, st, probe.loud, probe.loud_read, n.ply + 1, &after, g, h);
        }
    }
    /* A cell passed over: no move. */
    for (int k = 0; k < s->ns && !literal_only; k++) {
        if (!rc_can_pass(s, k, n.i[k], n.st[k]))
            continue;
        uint8_t op[ARB_RECON_MAX_SHEETS] = {RC_OP_NONE, RC_OP_NONE}, st[ARB_RECON_MAX_SHEETS];
        uint16_t ii[ARB_RECON_MAX_SHEETS];
        memcpy(st, n.st, sizeof st);
        memcpy(ii, n.i, sizeof ii);
        op[k] = RC_OP_EXTRA;
        st[k] = RC_ST_NONE;
        ii[k]++;
        double g = n.g + rc_pass_cost(s, k, n.i[k], n.st[k], n.ply);
        double f = g + rc_bound_cells(s, n.ply, ii, st, NULL, NULL);
        if (f <= done + RC_EPS)
            continue;
        if (f > limit + RC_EPS) {
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
            rc_make_child(s, ni, 0, op, ii, st, probe.loud, probe.loud_read, n.ply, &pos, g, h);
    }
    return next;
}

/* ---- the search ------------------------------------------------------ */

void rc_search_start(struct rc_search *s)
{
    s->started = rc_make_root(s);
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
            rc_heap_pop(s);
            continue;              /* a cheaper way reached it since */
        }
        if (s->best < RC_INF && (e.f > s->best + margin + RC_EPS || s->steps > s->after_best)) {
            s->ties_cut = e.f <= s->best + RC_EPS;
            return true;
        }
        if (s->incumbent < RC_INF && e.f > s->incumbent + RC_EPS && s->best >= RC_INF) {
            /* Nothing cheaper than the game already known is left. */
            return true;
        }
        if (x->flags & RC_NF_GOAL) {
            rc_heap_pop(s);
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
        rc_heap_pop(s);
        if (!(x->flags & RC_NF_SHARP)) {
            /* The literal replays now: a bound that may be higher. */
            struct arb_pos pos;
            rc_node_pos(s, x, &pos);
            rc_sharpen(s, e.node);
            double h = rc_bound(s, x, &pos);
            if (h >= RC_INF)
                continue;
            if (x->g + h > e.f + RC_EPS) {
                rc_heap_push(s, (float)(x->g + h), x->g, e.node);
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
        double next = rc_expand(s, e.node, limit);
        x = &s->node[e.node];
        if (next < RC_INF) {
            x->done = (float)limit;
            rc_heap_push(s, (float)next, x->g, e.node);
        }
    }
    return true;
}

void rc_search_run(struct rc_search *s)
{
    rc_search_start(s);
    rc_search_go(s, s->budget);
}
