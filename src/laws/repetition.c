/* repetition.c — positions that come back (9.2, 9.6) and the move counts
 * (9.3, 9.6.2), and the draw claims the record shows (9.2, 9.3 unplayed).
 * Owns struct arb_rs_rep (the window of the main line); reads the view.
 */
#include "laws/state.h"

#include <stdlib.h>

/* Positions of the current window (since the last capture or pawn move)
 * and how often each stood.  A short window (most are: a pawn moves or a
 * piece is taken every few moves) is counted by scanning hist[], a few
 * compares; from REP_HASH_FROM plies on, a hash table takes over (struct
 * rep_table in state.h: made the first time a window is that long,
 * emptied for the next window by a generation number, and doubled when
 * three quarters full), so that a window of any length (possible under
 * 2009, without the 75-move rule) costs linear time. */
_Static_assert(HIST_RING > REP_HASH_FROM + 20, "hist[] keeps the plies looked back at");
#define REP_FIRST_CAP 1024

static void rep_reset(struct arb_rs_rep *w, struct arb_arena *arena)
{
    struct rep_table *t = w->table;
    if (!t) {
        t = w->table = arb_arena_alloc(arena, sizeof *t);
        memset(t, 0, sizeof *t);
        t->cap = REP_FIRST_CAP;
        t->slot = arb_xcalloc(t->cap, sizeof *t->slot);
    }
    if (++t->gen == 0) {
        memset(t->slot, 0, sizeof *t->slot * t->cap);
        t->gen = 1;
    }
    t->used = 0;
}

/* The slot of key, or the empty one where it would go. */
static struct rep_slot *rep_find(const struct rep_table *t, uint64_t key)
{
    for (uint32_t i = (uint32_t)(key >> 40) & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
        struct rep_slot *e = &t->slot[i];
        if (e->gen != t->gen || e->key == key)
            return e;
    }
}

/* Twice the slots, the window's positions moved over. */
static void rep_grow(struct rep_table *t)
{
    struct rep_slot *old = t->slot;
    uint32_t old_cap = t->cap;
    t->cap *= 2;
    t->slot = arb_xcalloc(t->cap, sizeof *t->slot);
    for (uint32_t i = 0; i < old_cap; i++)
        if (old[i].gen == t->gen)
            *rep_find(t, old[i].key) = old[i];
    free(old);
}

void arb_rep_free(struct arb_rs_rep *w)
{
    if (w->table)
        free(w->table->slot);
    w->table = NULL;
}

/* The slot of key (made, with count 0, when new). */
static struct rep_slot *rep_slot(struct arb_rs_rep *w, uint64_t key)
{
    struct rep_table *t = w->table;
    struct rep_slot *e = rep_find(t, key);
    if (e->gen == t->gen)
        return e;
    if ((uint64_t)(t->used + 1) * 4 > (uint64_t)t->cap * 3) {
        rep_grow(t);
        e = rep_find(t, key);
    }
    e->gen = t->gen;
    e->key = key;
    e->count = 0;
    t->used++;
    return e;
}

/* How often key stood in the window (a hashed one), without adding it. */
static int rep_count(const struct rep_table *t, uint64_t key)
{
    const struct rep_slot *e = rep_find(t, key);
    return e->gen == t->gen ? (int)e->count : 0;
}

void arb_rep_start(struct arb_rs_rep *w, const struct arb_pos *start)
{
    w->hist[0] = arb_pos_repetition_key(start);
}

void arb_rep_pass(struct arb_rs_rep *w, const struct arb_rs_view *v, const struct arb_node *n)
{
    w->floor = v->cur.ply;
    w->n_twice[0] = w->n_twice[1] = 0;
    w->twice_over[0] = w->twice_over[1] = false;
    w->hashed = false;
    arb_rep_count(w, v, n, false);
}

/* The main line after each ply: repetitions and the move counts (9.2, 9.3,
 * 9.6).  HIST(w, p) is the repetition key (9.2.2: side to move, castling
 * rights, en passant only where a capture is legal) after ply p. */
void arb_rep_count(struct arb_rs_rep *w, const struct arb_rs_view *v, const struct arb_node *n, bool mate)
{
    const struct arb_pos *pos = &v->cur.pos;
    int p = v->cur.ply;
    uint64_t key = arb_pos_rep_key(pos);
    HIST(w, p) = key;
    if (pos->halfmove == 0) {
        /* Nothing before a capture or pawn move can come back. */
        w->n_twice[0] = w->n_twice[1] = 0;
        w->twice_over[0] = w->twice_over[1] = false;
        w->hashed = false;
    }
    int lowest = p - (int)pos->halfmove;
    if (lowest < w->floor)
        lowest = w->floor;
    if (p - lowest >= REP_HASH_FROM && !w->hashed) {
        rep_reset(w, v->g->arena);
        for (int q = lowest; q < p; q++)
            rep_slot(w, HIST(w, q))->count++;
        w->hashed = true;
    }
    int occ;
    if (w->hashed) {
        occ = (int)++rep_slot(w, key)->count;
    } else {
        occ = 1;
        for (int q = p - 2; q >= lowest; q -= 2)
            occ += HIST(w, q) == key;
    }
    if (occ < 2 && pos->halfmove < 100)
        return;   /* the usual case: nothing has come back, no count is due */
    /* 2014 counts only five occurrences in consecutive alternate moves:
     * asked only then, and no further back than five (a shuffle repeats
     * every four plies: walking the whole window back would be quadratic). */
    int consecutive = 1;
    if (occ >= 5 && (v->prof->rules & ARB_PR_FIVEFOLD_CONSECUTIVE))
        while (consecutive < 5 && p - 4 * consecutive >= lowest && HIST(w, p - 4 * consecutive) == key)
            consecutive++;
    if (occ == 2) {
        if (w->n_twice[pos->side] < TWICE_MAX)
            w->twice_key[pos->side][w->n_twice[pos->side]++] = key;
        else
            w->twice_over[pos->side] = true;
    }
    const struct arb_profile *prof = v->prof;
    struct arb_finding *f;
    bool claims = !(prof->rules & ARB_PR_NO_CLAIMS);
    if (occ >= 3 && !w->threefold_told && claims) {
        w->threefold_told = true;
        f = arb_cite_finding(v, ARB_F_THREEFOLD_CLAIMABLE, n, ARB_ART_THREEFOLD,
                    "this move makes the position occur the third time: a draw claim is correct from here "
                    "(by %s, to move; or by %s, writing this move first)",
                    side_names[pos->side], side_names[pos->side ^ 1]);
        f->ply = p;
    }
    if (pos->halfmove >= 100 && !w->fifty_told && claims) {
        w->fifty_told = true;
        f = arb_cite_finding(v, ARB_F_FIFTY_CLAIMABLE, n, ARB_ART_FIFTY,
                    "this move completes 50 moves by each side without a pawn move or a capture: a draw claim "
                    "is correct from here");
        f->ply = p;
    } else if (pos->halfmove >= 100 && !w->fifty_told && (prof->rules & ARB_PR_ARBITER_FIFTY)) {
        w->fifty_told = true;
        f = arb_cite_finding(v, ARB_F_ARBITER_FIFTY, n, ARB_ART_ARBITER_FIFTY,
                    "50 moves by each side without a pawn move or a capture: the players cannot claim, but from "
                    "here the arbiter may declare the game drawn");
        f->ply = p;
    }
    if (!(prof->rules & ARB_PR_AUTO_DRAWS) || game_ended(v) || mate)
        return;   /* 2009: no automatic draws; a mate on the move takes precedence */
    if (occ >= 5) {
        bool strict = (prof->rules & ARB_PR_FIVEFOLD_CONSECUTIVE) != 0;
        if (!strict || consecutive >= 5) {
            f = arb_cite_finding(v, ARB_F_FIVEFOLD, n, ARB_ART_FIVEFOLD,
                        "this move makes the position occur the fifth time%s: the game is drawn",
                        strict ? " in consecutive alternate moves" : "");
            f->ply = p;
            v->out->end_ply = p;
            v->out->end_reason = ARB_END_FIVEFOLD;
            return;
        }
        if (occ == 5 && !w->fivefold_2014_told) {
            w->fivefold_2014_told = true;
            f = arb_cite_finding(v, ARB_F_NOTATION_FORM, n, ARB_ART_FIVEFOLD,
                        "the position occurs the fifth time, but not in five consecutive alternate moves: "
                        "under the %s Laws that is no automatic draw (from 2017 it would be)", prof->name);
            f->code = ARB_F_FIVEFOLD;
            f->severity = ARB_SEV_INFO;
            f->ply = p;
        }
    }
    if (pos->halfmove >= 150) {
        f = arb_cite_finding(v, ARB_F_SEVENTYFIVE, n, ARB_ART_SEVENTYFIVE,
                    "this move completes 75 moves by each side without a pawn move or a capture: the game is drawn");
        f->ply = p;
        v->out->end_ply = p;
        v->out->end_reason = ARB_END_SEVENTYFIVE;
    }
}

/* Before the main-line move `played`: could the player to move have
 * claimed a draw by writing another move first (9.2.1.1 / 9.3.1), one the
 * record shows he did not play?  Said once per game, and only before a
 * claim was open anyway. */
void arb_rep_check_unplayed_claims(struct arb_rs_rep *w, const struct arb_rs_view *v, const struct arb_node *n,
                                   arb_move played)
{
    const struct arb_pos *pos = &v->cur.pos;
    if (w->unplayed_told || w->threefold_told || w->fifty_told || (v->prof->rules & ARB_PR_NO_CLAIMS))
        return;
    bool fifty = pos->halfmove == 99;
    int them = pos->side ^ 1;   /* positions after this move have the other side to move */
    bool twice = w->n_twice[them] > 0, over = w->twice_over[them];
    if (!twice && !fifty)
        return;
    int p = v->cur.ply + 1, lowest = p - (int)pos->halfmove - 1;
    if (lowest < w->floor)
        lowest = w->floor;
    bool played_resets = arb_pos_type_at(pos, arb_move_from(played)) == ARB_PAWN
                         || (pos->occ & ARB_BB(arb_move_to(played))) || arb_move_kind(played) == ARB_MK_EP;
    /* Only a quiet piece move keeps the window open (a capture or a pawn
     * move makes a position that never stood before): try those, by
     * movement, and test legality only for a move that would do. */
    struct arb_legal_info li;
    arb_legal_info(pos, &li);
    arb_bb pieces = pos->by_color[pos->side] & ~pos->by_type[ARB_PAWN];
    arb_move m = 0;
    const char *why = NULL;
    while (pieces && !why) {
        int from = arb_pop_lsb(&pieces);
        arb_bb to_set = arb_piece_attacks(arb_pos_type_at(pos, from), from, pos->occ) & ~pos->occ;
        while (to_set && !why) {
            m = arb_move_make(from, arb_pop_lsb(&to_set), ARB_MK_NORMAL, 0);
            if (m == played)
                continue;
            bool repeats = false;
            if (twice) {
                uint64_t key = arb_pos_key_after_quiet(pos, m);
                int occ = 1;
                if (!over) {
                    for (int i = 0; i < w->n_twice[them]; i++)
                        occ += 2 * (w->twice_key[them][i] == key);
                } else if (w->hashed) {
                    occ += rep_count(w->table, key);   /* (a key holds its side to move) */
                } else {
                    for (int q = p - 2; q >= lowest && q >= 0; q -= 2)
                        occ += HIST(w, q) == key;
                }
                repeats = occ >= 3;
            }
            if (!repeats && !(fifty && played_resets))
                continue;
            if (!arb_move_legal(pos, &li, m))
                continue;
            why = repeats ? "it would have made the position occur the third time"
                          : "it would have completed 50 moves by each side without a pawn move or a capture";
        }
    }
    if (why) {
        char mv[ARB_MOVE_TEXT_MAX], num[16];
        arb_cite_write_move(v, m, mv, sizeof mv);
        arb_cite_move_number(pos, num, sizeof num);
        struct arb_finding *f = arb_cite_finding(v, ARB_F_CLAIM_UNPLAYED, n, fifty && !twice ? ARB_ART_FIFTY_WRITTEN : ARB_ART_THREEFOLD,
                                        "%s could have claimed a draw by writing %s %s first (%s); the record shows "
                                        "another move", side_names[pos->side], num, mv, why);
        (void)f;
        w->unplayed_told = true;
    }
}
