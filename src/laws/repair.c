/* repair.c — --repair: the nearest legal move at an unreadable or illegal
 * one; and where the record can be followed again after junk.  Reads the
 * view only.
 *
 * The walker (walk.c) calls this file, never the other way: a repair
 * only chooses the move (and notes it in the finding and the outcome);
 * the walker plays it and judges what it gave, as it does a written move.
 */
#include "laws/state.h"

/* --repair: at an unreadable or illegal move of the main line, the legal
 * moves nearest to what was written (reconstruct's token cost), tried with
 * the rest of the main line.  The note under finding f names the nearest
 * one from which the rest replays, and the repair is added to the
 * outcome: returns true with that move in *m, for the caller (the walker)
 * to play in the written one's place, unless another fits as well (false:
 * nothing is played). */
bool arb_repair_move(const struct arb_rs_view *v, int idx, int used, struct arb_finding *f, arb_move *m)
{
    if (!v->opts->repair || v->depth || !f)
        return false;
    const struct arb_node *n = &v->g->nodes[idx];
    char *tok = arb_arena_strndup(v->g->arena, arb_node_text(v->g, n), n->len);
    struct arb_movelist ml;
    arb_gen_legal(&v->cur.pos, &ml);
    struct cand { arb_move m; double cost; } cand[ARB_MAX_MOVES];
    int nc = 0;
    for (int j = 0; j < ml.n; j++) {
        double c = arb_slip_token_cost(v->lang, tok, &v->cur.pos, ml.moves[j], NULL, 0);
        if (c < ARB_SLIP_GARBAGE)
            cand[nc++] = (struct cand){ml.moves[j], c};
    }
    for (int a = 1; a < nc; a++)   /* cheapest first (few: insertion sort) */
        for (int b = a; b > 0 && cand[b].cost < cand[b - 1].cost; b--) {
            struct cand t = cand[b];
            cand[b] = cand[b - 1];
            cand[b - 1] = t;
        }
    int best = -1, second = -1, most = -1, most_plies = -1;
    for (int a = 0; a < nc && a < 8; a++) {
        struct arb_pos p = v->cur.pos;
        struct arb_undo u;
        arb_pos_make(&p, cand[a].m, &u);
        uint64_t key;
        bool complete;
        int plies = arb_detect_trial_replay(v->g, v->lang, &p, idx + used, &key, &complete, NULL, false);
        if (complete) {
            if (best < 0)
                best = a;
            else if (second < 0)
                second = a;
        }
        if (plies > most_plies) {
            most_plies = plies;
            most = a;
        }
    }
    char san[3][ARB_MOVE_TEXT_MAX], why[96];
    struct arb_movedesc d;
    const struct arb_lang *en = arb_lang_find("en");
    int show[3] = {best, second, most};
    for (int k = 0; k < 3; k++)
        if (show[k] >= 0) {
            arb_san_describe(&v->cur.pos, cand[show[k]].m, &d);
            arb_notation_write(v->lang ? v->lang : en, &d, true, san[k], sizeof san[k]);
        }
    if (best >= 0 && second >= 0 && cand[second].cost <= cand[best].cost + 1e-9) {
        f->note = arb_arena_printf(v->g->arena,
                                   "--repair: '%s' may be %s or %s: the rest of the game replays from either, and "
                                   "the record does not say which",
                                   tok, san[0], san[1]);
        return false;
    }
    if (best >= 0) {
        arb_slip_token_cost(v->lang, tok, &v->cur.pos, cand[best].m, why, sizeof why);
        f->note = arb_arena_printf(v->g->arena,
                                   "--repair: '%s' is most likely %s (%s): the rest of the game replays from it, "
                                   "and the replay goes on from there",
                                   tok, san[0], why[0] ? why : "as written");
        if (v->out->repaired % 8 == 0)
            v->out->repairs = arb_arena_grow(v->g->arena, v->out->repairs, sizeof *v->out->repairs,
                                             (size_t)v->out->repaired, (size_t)v->out->repaired + 8);
        v->out->repairs[v->out->repaired] = (struct arb_repair){
            .node = idx, .used = used, .ply = v->cur.ply + 1,
            .move = arb_arena_strndup(v->g->arena, san[0], strlen(san[0])),
            .why = why[0] ? arb_arena_strndup(v->g->arena, why, strlen(why)) : "as written"};
        v->out->repaired++;
        *m = cand[best].m;
        return true;
    }
    if (most >= 0) {
        arb_slip_token_cost(v->lang, tok, &v->cur.pos, cand[most].m, why, sizeof why);
        f->note = arb_arena_printf(v->g->arena,
                                   "--repair: the nearest legal move is %s (%s), but the game does not replay to its "
                                   "end from it either",
                                   san[2], why[0] ? why : "as written");
    }
    return false;
}

/* After a token of the main line that is no move (pasted "<br>", a
 * stray word): where the replay can go on.  The next move number, with
 * only comments, NAGs and more such tokens before it, resynchronises when
 * it agrees with the position (the junk took no move's place: "e5 <br>
 * 2. Nf3"); its node index, or -1 when the replay cannot go on safely. */
int arb_repair_resync(const struct arb_rs_view *v, int from)
{
    if (v->depth)
        return -1;
    const struct arb_game *g = v->g;
    for (int i = from; i < g->n_nodes; i++) {
        const struct arb_node *n = &g->nodes[i];
        switch (n->kind) {
        case ARB_N_COMMENT:
        case ARB_N_NAG:
            continue;
        case ARB_N_MOVE: {
            struct arb_movedesc d;
            struct arb_parse_info info;
            int used;
            if (read_move(g, v->lang, v->letters, i, &d, &info, &used) != ARB_NP_ERROR)
                return -1;   /* a move: it may stand in the junk's place */
            continue;
        }
        case ARB_N_MOVENUM: {
            const struct arb_pos *pos = &v->cur.pos;
            bool black = n->dots >= 2;
            return n->num == (int32_t)pos->fullmove && black == (pos->side == ARB_BLACK) ? i : -1;
        }
        default:
            return -1;
        }
    }
    return -1;
}
