/* recon.c — arb_reconstruct(): the sheets as cells, the game's length and
 * end from the final position, the search, the result (see recon.h).
 *
 * The final position's move counter fixes how many half-moves the game
 * has (when the caller believes it: a FEN that gives counters); where no
 * game of that length fits, the search runs again without it and says so.
 * When a limit stops the search before a whole game is found, the best
 * states are completed greedily (a depth-first descent, cheapest child
 * first, in a few thousand steps more), and the result says that the game
 * is the best found, not proved the cheapest.
 */
#include "recon/recon_int.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* States kept at most: about 64 bytes each, and the queue and the table. */
#define MAX_NODES 1000000
/* Steps of the greedy completion after a limit, at most. */
#define COMPLETE_STEPS 30000L

static void search_free(struct rc_search *s)
{
    free(s->node);
    free(s->key);
    free(s->table);
    free(s->heap);
    free(s->tie);
    s->node = NULL;
    s->key = NULL;
    s->table = NULL;
    s->heap = NULL;
    s->tie = NULL;
    s->n_node = s->cap_node = s->n_tie = s->cap_tie = s->n_heap = s->cap_heap = 0;
    s->table_mask = 0;
    s->n_goal = 0;
    s->steps = 0;
    s->limit = ARB_RL_NONE;
    s->ties_cut = s->proved = false;
}

int arb_reconstruct(const struct arb_sheet *sheets, int n_sheets, const struct arb_recon_opts *o,
                    struct arb_recon_result *r)
{
    memset(r, 0, sizeof *r);
    if (n_sheets < 1 || n_sheets > ARB_RECON_MAX_SHEETS)
        return -1;
    struct rc_search s;
    memset(&s, 0, sizeof s);
    s.o = o;
    s.k = &rc_costs_default;
    s.ns = n_sheets;
    if (o->start)
        s.start = *o->start;
    else
        arb_pos_startpos(&s.start);
    s.final = o->final;
    s.target = s.target_lo = -1;
    s.final_halfmove = -1;
    /* Half-moves from the start of the game (1. e4 is 1). */
    int start_ply = 2 * ((int)s.start.fullmove - 1) + (s.start.side == ARB_BLACK);
    if (s.final && o->final_counters) {
        int t = 2 * ((int)s.final->fullmove - 1) + (s.final->side == ARB_BLACK) - start_ply;
        if (t >= 0) {
            s.target = s.target_lo = t;
            s.final_halfmove = (int)s.final->halfmove;
        }
    }
    if (s.target < 0 && o->moves > 0) {
        /* N moves made: White's N-th, and Black's too when White is to move
         * (without the final position, either). */
        int hi = 2 * o->moves - start_ply, lo = hi - 1;
        if (s.final)
            lo = hi = s.final->side == ARB_BLACK ? hi - 1 : hi;
        if (lo >= 0) {
            s.target = hi;
            s.target_lo = lo;
        }
    }
    for (int k = 0; k < n_sheets; k++)
        rc_sheet_build(&s.sh[k], &sheets[k], s.k);
    s.cache = arb_xcalloc(1, sizeof *s.cache);
    s.budget = o->budget > 0 ? o->budget : ARB_RECON_BUDGET_DEFAULT;
    s.max_nodes = MAX_NODES;
    s.wall_end = o->wall_limit > 0 ? arb_now_ms() / 1e3 + o->wall_limit : 0;
    rc_search_run(&s);
    if (!s.n_goal && s.limit == ARB_RL_NONE && s.target >= 0) {
        /* No game of the length the counter gives: any length. */
        long spent = s.steps;
        search_free(&s);
        s.target = s.target_lo = -1;
        s.final_halfmove = -1;
        s.budget = s.budget > spent ? s.budget - spent : 1;
        r->counter_ignored = true;
        rc_search_run(&s);
    }
    rc_result_build(&s, r);
    if (!r->found && s.n_node > 0 && !s.final) {
        /* (Without a final position a sheet always ends: cells pass over.) */
    }
    for (int k = 0; k < n_sheets; k++)
        rc_sheet_free(&s.sh[k]);
    search_free(&s);
    free(s.cache);
    return 0;
}

void arb_recon_free(struct arb_recon_result *r)
{
    free(r->best.moves);
    free(r->best.corr);
    for (int a = 0; a < r->n_alt; a++) {
        free(r->alt[a].moves);
        free(r->alt[a].corr);
    }
    memset(r, 0, sizeof *r);
}
