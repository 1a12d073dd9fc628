/* dupes.c — see dupes.h. */
#include "run/dupes.h"

#include <stdlib.h>
#include <string.h>

#include "base/name.h"
#include "base/util.h"

struct entry {
    uint64_t key;                 /* 0: empty (a key of 0 is stored as 1) */
    const char *file;             /* the first copy: its file (the run's own string), */
    uint32_t game, line;          /* number in that file and line */
};

struct arb_dupes {
    struct entry *t;
    size_t cap, n;                /* cap a power of two; n < cap * 3 / 4 */
};

struct arb_dupes *arb_dupes_new(void)
{
    struct arb_dupes *d = arb_xcalloc(1, sizeof *d);
    d->cap = 1024;
    d->t = arb_xcalloc(d->cap, sizeof *d->t);
    return d;
}

void arb_dupes_free(struct arb_dupes *d)
{
    if (!d)
        return;
    free(d->t);
    free(d);
}

/* A player by surname, the way databases disagree least: the text before
 * a comma ("Anand, Viswanathan", "Anand,V"), else the last word unless it
 * is an initial ("Magnus Carlsen"; "Carlsen M." keeps the first), folded
 * as base/name folds names (case and accents: "Hübner" = "Hubner";
 * blanks, dots and hyphens left out). */
static uint64_t fold_name(uint64_t h, const char *s)
{
    const char *from = s ? s : "", *to = from + strlen(from);
    const char *comma = strchr(from, ',');
    if (comma) {
        to = comma;
    } else {
        const char *e = to;
        while (e > from && (e[-1] == ' ' || e[-1] == '.'))
            e--;
        const char *b = e;
        while (b > from && b[-1] != ' ')
            b--;
        if (e - b > 2 || b == from) {
            from = b;
            to = e;
        } else {
            to = strchr(from, ' ') ? strchr(from, ' ') : to;
        }
    }
    char raw[256], folded[256];
    size_t n = (size_t)(to - from) < sizeof raw ? (size_t)(to - from) : sizeof raw - 1;
    memcpy(raw, from, n);
    raw[n] = 0;
    arb_name_fold(raw, folded, sizeof folded);
    for (const char *p = folded; *p; p++)
        if (*p != ' ')
            h = (h ^ (unsigned char)*p) * UINT64_C(0x100000001B3);
    return (h ^ 0xFF) * UINT64_C(0x100000001B3);   /* the end of a name */
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= UINT64_C(0xFF51AFD7ED558CCD);
    x ^= x >> 33;
    x *= UINT64_C(0xC4CEB9FE1A85EC53);
    return x ^ (x >> 33);
}

static struct entry *slot(struct entry *t, size_t cap, uint64_t key)
{
    size_t i = (size_t)key & (cap - 1);
    while (t[i].key && t[i].key != key)
        i = (i + 1) & (cap - 1);
    return &t[i];
}

static void grow(struct arb_dupes *d)
{
    size_t cap = d->cap * 2;
    struct entry *t = arb_xcalloc(cap, sizeof *t);
    for (size_t i = 0; i < d->cap; i++)
        if (d->t[i].key)
            *slot(t, cap, d->t[i].key) = d->t[i];
    free(d->t);
    d->t = t;
    d->cap = cap;
}

/* The main line's moves as written (a game whose replay stopped): each
 * move's text without its check, mate or annotation marks, in order; the
 * number of them in *n.  Variations, numbers and comments left out. */
static uint64_t written_moves(const struct arb_game *g, int *n)
{
    uint64_t h = UINT64_C(0x84222325CBF29CE4);
    int depth = 0;
    *n = 0;
    for (int i = 0; i < g->n_nodes; i++) {
        const struct arb_node *nd = &g->nodes[i];
        if (nd->kind == ARB_N_VAR_OPEN)
            depth++;
        else if (nd->kind == ARB_N_VAR_CLOSE && depth)
            depth--;
        else if (nd->kind == ARB_N_RESULT && !depth)
            break;
        else if (nd->kind == ARB_N_MOVE && !depth) {
            const char *t = arb_node_text(g, nd);
            size_t len = nd->len;
            while (len > 1 && strchr("+#!?", t[len - 1]))
                len--;
            for (size_t k = 0; k < len; k++)
                h = (h ^ (unsigned char)t[k]) * UINT64_C(0x100000001B3);
            h = (h ^ 0x1F) * UINT64_C(0x100000001B3);   /* the end of a move */
            ++*n;
        }
    }
    return h;
}

bool arb_dupes_check(struct arb_dupes *d, struct arb_game *g, const struct arb_outcome *oc)
{
    /* Moves as played; a game whose main line breaks (its replay stopped)
     * by its moves as written, which a copy writes alike. */
    uint64_t moves = oc->moves_hash;
    int plies = oc->followed_plies;
    if (oc->replay_stopped)
        moves = written_moves(g, &plies) ^ UINT64_C(0x5DEECE66D);
    if (plies == 0)
        return false;
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    h = fold_name(h, arb_game_tag(g, "White"));
    h = fold_name(h, arb_game_tag(g, "Black"));
    uint64_t key = mix(moves ^ mix(h) ^ (uint64_t)plies);
    if (!key)
        key = 1;
    struct entry *e = slot(d->t, d->cap, key);
    if (!e->key) {
        *e = (struct entry){.key = key, .file = g->file, .game = (uint32_t)g->index, .line = g->line};
        if (++d->n * 4 >= d->cap * 3)
            grow(d);
        return false;
    }
    struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_DUPLICATE_GAME);
    f->ply = 0;
    f->line = g->line;
    f->col = g->col;
    if (e->file == g->file || (e->file && g->file && strcmp(e->file, g->file) == 0))
        f->message = arb_arena_printf(g->arena, "the same moves and players as game %u (line %u): a copy of it",
                                      e->game, e->line);
    else
        f->message = arb_arena_printf(g->arena, "the same moves and players as game %u of %s (line %u): a copy of it",
                                      e->game, e->file ? e->file : "-", e->line);
    arb_findings_sort(&g->findings);
    return true;
}
