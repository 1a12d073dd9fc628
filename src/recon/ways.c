/* ways.c — a sheet's ways to take a move in reconstruct's search (see
 * recon_int.h): the alignment's operations (enum rc_op) that a sheet in a
 * state may take a legal move with (its cell read as the move, a blank or
 * "?" standing for it, the move left out, a swap, a move after the last
 * cell) and what each costs under the cost model (model.c); passing a cell
 * over.  The search (search.c) expands states with them; the games
 * (result.c) are costed again with rc_op_cost.
 */
#include "recon/recon_int.h"

#define SWAP_FIT 4.0              /* a swap is tried only where the token fits the move this well */

/* ---- swaps (recon_int.h: struct rc_swap) ----------------------------- */

const uint8_t rc_swap_spans[RC_SWAP_SPANS] = {1, 2, 4};

/* Per span, the pending state after each number of cells read (0: none),
 * and the operation of each step. */
static const uint8_t swap_state[5][5] = {
    [1] = {0, RC_ST_SWAP1},
    [2] = {0, RC_ST_SWAP2A, RC_ST_SWAP2B},
    [4] = {0, RC_ST_SWAP4A, RC_ST_SWAP4B, RC_ST_SWAP4C, RC_ST_SWAP4D},
};
static const uint8_t swap_op[5][5] = {
    [1] = {RC_OP_SWAP1A, RC_OP_SWAP1B},
    [2] = {RC_OP_SWAP2A, RC_OP_SWAP2B, RC_OP_SWAP2C},
    [4] = {RC_OP_SWAP4A, RC_OP_SWAP4B, RC_OP_SWAP4C, RC_OP_SWAP4D, RC_OP_SWAP4E},
};

/* The span and step where table t holds v (steps from `first` on; v 0:
 * none). */
static struct rc_swap swap_find(const uint8_t t[5][5], uint8_t v, int first)
{
    for (int span = 1; span <= 4 && v; span++)
        for (int r = first; r <= span; r++)
            if (t[span][r] == v)
                return (struct rc_swap){(uint8_t)span, (uint8_t)r};
    return (struct rc_swap){0, 0};
}

struct rc_swap rc_swap_of(uint8_t st)
{
    return swap_find(swap_state, st, 1);
}

uint8_t rc_swap_state(int span, int read)
{
    return swap_state[span][read];
}

uint8_t rc_swap_op(int span, int read)
{
    return swap_op[span][read];
}

struct rc_swap rc_swap_of_op(uint8_t op)
{
    return swap_find(swap_op, op, 0);
}

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
    if (rc_offset(ply, i, st) < 0 && s->k->realign < c)
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

/* The ways sheet k, in state (i, st), takes move j of pos: up to RC_MAX_WAYS into w[].
 * other_goes_on: another sheet still has cells (so moves after this one's
 * last are possible). */
int rc_ways(struct rc_search *s, int k, int i, uint8_t st, int ply, const struct arb_pos *pos,
            const struct arb_movelist *ml, int j, const uint8_t *need, bool other_goes_on, struct rc_way *w)
{
    const struct rc_sheet *sh = &s->sh[k];
    int n = 0;
    struct rc_swap sw = rc_swap_of(st);
    if (sw.span) {
        /* A swap's next cell: one between (read in its place), or cell i last. */
        bool last = sw.read == sw.span;
        w[n++] = (struct rc_way){rc_swap_op(sw.span, sw.read),
                                 last ? (uint8_t)RC_ST_NONE : rc_swap_state(sw.span, sw.read + 1),
                                 (uint16_t)(last ? i + sw.span + 1 : i),
                                 (float)cell_cost(s, k, last ? i : i + sw.read, pos, ml, j, need)};
        return n;
    }
    if (i >= sh->n) {
        /* After the last cell: moves the final position, the counter or the
         * other sheet ask for (without a counter, at most RC_MAX_TAIL more). */
        if (s->target >= 0 || ((s->final || other_goes_on) && ply < s->longest + RC_MAX_TAIL))
            w[n++] = (struct rc_way){RC_OP_TAIL, RC_ST_TAIL, (uint16_t)i, (float)tail_cost(s, pos, st)};
        return n;
    }
    const struct rc_cell *c = &sh->cell[i];
    uint8_t op = c->kind == RC_TOKEN ? RC_OP_MATCH : c->kind == RC_UNREADABLE ? RC_OP_UNREADABLE : RC_OP_BLANK;
    double here = cell_cost(s, k, i, pos, ml, j, need);
    if (op == RC_OP_BLANK && no_duty(s, pos) && s->k->no_duty < here)
        here = s->k->no_duty;
    w[n++] = (struct rc_way){op, RC_ST_NONE, (uint16_t)(i + 1), (float)here};
    double oc = omit_cost(s, pos, st, ply, i);
    /* (Black's move of the row may follow for less: not after a move left
     * out that set the columns right.) */
    bool row = pos->side == ARB_WHITE && oc >= s->k->omit;
    w[n++] = (struct rc_way){RC_OP_OMIT, row ? RC_ST_OMIT_W : RC_ST_NONE, (uint16_t)i, (float)oc};
    /* Swaps: only where the other cell fits the move well (across two
     * rows, only where the row between is written in full). */
    for (int q = 0; q < RC_SWAP_SPANS && c->kind == RC_TOKEN; q++) {
        int span = rc_swap_spans[q];
        bool cells = i + span < sh->n && sh->cell[i + span].kind == RC_TOKEN;
        for (int d = 1; d < span && cells && span > 2; d++)
            cells = sh->cell[i + d].kind == RC_TOKEN;
        if (!cells)
            continue;
        double x = cell_cost(s, k, i + span, pos, ml, j, need);
        if (x <= SWAP_FIT)
            w[n++] = (struct rc_way){rc_swap_op(span, 0), rc_swap_state(span, 1), (uint16_t)i,
                                     (float)(rc_swap_cost(s->k, span) + x)};
    }
    return n;
}

/* What passing over cell i of sheet k costs (ply half-moves played). */
double rc_pass_cost(const struct rc_search *s, int k, int i, uint8_t st, int ply)
{
    const struct rc_cell *c = &s->sh[k].cell[i];
    if (c->kind == RC_BLANK || c->kind == RC_GAP)
        return rc_offset(ply, i, st) > 0 ? s->k->realign : s->k->extra_blank;
    return c->extra;
}

double rc_op_cost(struct rc_search *s, int k, int i, uint8_t st, int ply, const struct arb_pos *pos, arb_move move,
                  uint8_t op)
{
    if (op == RC_OP_EXTRA)
        return rc_pass_cost(s, k, i, st, ply);
    if (op == RC_OP_NONE)
        return 0;
    struct arb_movelist ml;
    arb_gen_legal(pos, &ml);
    uint8_t need[ARB_MAX_MOVES];
    arb_slip_disambiguation(pos, &ml, need);
    for (int j = 0; j < ml.n; j++) {
        if (ml.moves[j] != move)
            continue;
        struct rc_way w[RC_MAX_WAYS];
        int nw = rc_ways(s, k, i, st, ply, pos, &ml, j, need, true, w);
        for (int x = 0; x < nw; x++)
            if (w[x].op == op)
                return w[x].c;
    }
    return 0;
}

/* May sheet k pass over its cell i (no move)? */
bool rc_can_pass(const struct rc_search *s, int k, int i, uint8_t st)
{
    return i < s->sh[k].n && (st == RC_ST_NONE || st == RC_ST_OMIT_W);
}
