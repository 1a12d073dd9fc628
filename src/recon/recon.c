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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* States kept at most, by the best-first search and the beam together:
 * 80 bytes each, the queue and the table (under 100 MB in all). */
#define MAX_NODES 600000
/* Steps of the best-first search before a beam search looks for a game
 * (most sheets are done by then), and the beam's width. */
#define FIRST_STEPS 2000000L
#define BEAM_WIDTH 200             /* ... divided by the number of sheets (a state of two
                                     costs about twice the steps) */
#define SYNC_MARGIN 3.0           /* states dearer by this than one the sheets follow are dropped */
#define LITERAL_WINDOW 16         /* only moves as written farther than this from a loud cell */

static void search_free(struct rc_search *s)
{
    free(s->node);
    free(s->key);
    free(s->table);
    free(s->heap);
    free(s->tie);
    free(s->col);
    free(s->cand);
    s->col = NULL;
    s->cand = NULL;
    s->n_col = s->cap_col = s->n_cand = s->cap_cand = 0;
    s->node = NULL;
    s->key = NULL;
    s->table = NULL;
    s->heap = NULL;
    s->tie = NULL;
    s->n_node = s->cap_node = s->n_tie = s->cap_tie = s->n_heap = s->cap_heap = 0;
    s->table_mask = 0;
    s->n_goal = 0;
    s->steps = s->expanded = 0;
    s->limit = ARB_RL_NONE;
    s->ties_cut = s->ties_full = s->proved = s->sync_pruned = false;
    if (s->sync_g)
        for (int q = 0; q < s->max_ply; q++)
            s->sync_g[q] = 1e30f;
}

/* The best-first search; where it has no game after FIRST_STEPS, a beam
 * search (a search of its own, *b) finds one, which bounds the rest. */
static void run(struct rc_search *s, struct rc_search *b, bool *have_beam)
{
    rc_search_start(s);
    bool ended = rc_search_go(s, FIRST_STEPS);
    if (!ended && s->n_goal)
        ended = rc_search_go(s, s->budget);   /* a game found: on through the games that tie with it */
    if (ended || s->n_goal)
        return;
    *b = *s;
    b->node = NULL;
    b->key = NULL;
    b->table = NULL;
    b->heap = NULL;
    b->tie = NULL;
    b->col = NULL;
    b->cand = NULL;
    b->n_cand = b->cap_cand = 0;
    b->n_node = b->cap_node = b->n_tie = b->cap_tie = b->n_heap = b->cap_heap = b->n_col = b->cap_col = 0;
    b->table_mask = 0;
    b->n_goal = 0;
    b->steps = 0;
    b->limit = ARB_RL_NONE;
    b->budget = s->budget - s->steps;
    b->max_nodes = (s->max_nodes - s->n_node) / 4;   /* (the rest for the best-first search) */
    *have_beam = true;
    rc_beam_run(b, BEAM_WIDTH / s->ns);
    if (b->n_goal)
        s->incumbent = b->node[b->goal[0]].g;
    s->budget -= b->steps;
    s->max_nodes -= b->n_node;    /* (the beam's states stay: its game may be the answer) */
    rc_search_go(s, s->budget);
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
    s.k = o->costs ? o->costs : &rc_costs_default;
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
    int cells = 0;
    for (int k = 0; k < n_sheets; k++) {
        rc_sheet_build(&s.sh[k], &sheets[k], s.k);
        if (s.sh[k].n > s.longest)
            s.longest = s.sh[k].n;
        cells += s.sh[k].n;
    }
    s.cache = rc_cache_new(cells);
    s.budget = o->budget > 0 ? o->budget : ARB_RECON_BUDGET_DEFAULT;
    s.max_nodes = MAX_NODES;
    s.wall_end = o->wall_limit > 0 ? arb_now_ms() / 1e3 + o->wall_limit : 0;
    struct rc_search beam;
    bool have_beam = false;
    /* First with slips looked for only near where the sheets as written
     * fail; then anywhere; then without the move counter. */
    s.max_ply = 1024;
    float sync_g[1024];
    for (int q = 0; q < 1024; q++)
        sync_g[q] = 1e30f;
    s.sync_g = sync_g;
    s.sync_after = FIRST_STEPS;
    s.sync_margin = SYNC_MARGIN;
    s.literal_far = true;
    s.window = LITERAL_WINDOW;
    long prior = 0;               /* steps of the rounds before */
    for (int round = 0; round < 3; round++) {
        run(&s, &beam, &have_beam);
        if (s.n_goal || (have_beam && beam.n_goal) || s.limit != ARB_RL_NONE)
            break;
        if (round == 1 && s.target < 0)
            break;
        long spent = s.steps + (have_beam ? beam.steps : 0);
        prior += spent;
        search_free(&s);
        if (have_beam) {
            search_free(&beam);
            have_beam = false;
        }
        if (round == 0) {
            s.literal_far = false;
        } else {
            /* No game of the length the counter gives: any length. */
            s.target = s.target_lo = -1;
            s.final_halfmove = -1;
            r->counter_ignored = true;
        }
        s.budget = s.budget > spent ? s.budget - spent : 1;
    }
    bool counter_ignored = r->counter_ignored;
    if (s.n_goal || !have_beam || !beam.n_goal) {
        rc_result_build(&s, r);
        r->steps += have_beam ? beam.steps : 0;
    } else {
        /* The best-first search ran out before a game: the beam's, not proved. */
        rc_result_build(&beam, r);
        r->proved = false;
        r->limit = s.limit;
        r->steps += s.steps;
    }
    r->counter_ignored = counter_ignored;
    r->steps += prior;
    if (!r->found) {
        /* No game: the best found so far, as far as the sheets go. */
        const struct rc_search *far = &s;
        if (have_beam && beam.n_node > 0 && s.n_node > 0 &&
            beam.node[beam.deepest].ply > s.node[s.deepest].ply)
            far = &beam;
        rc_result_partial(far, r);
    }
    for (int k = 0; k < n_sheets; k++)
        rc_sheet_free(&s.sh[k]);
    if (have_beam)
        search_free(&beam);
    search_free(&s);
    rc_cache_free(s.cache);
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
    free(r->alt);
    memset(r, 0, sizeof *r);
}
