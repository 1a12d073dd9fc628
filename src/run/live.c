/* live.c — the findings `arbiter watch` has said, game by game, and the
 * difference a new reading of a file makes (see live.h). */
#include "run/live.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* FNV-1a over the bytes, then a NUL (so that fields do not run into one
 * another). */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return (h ^ 0xff) * 0x100000001b3ULL;
}

static uint64_t fnv_str(uint64_t h, const char *s)
{
    return s ? fnv(h, s, strlen(s)) : fnv(h, "\x01", 1);
}

uint64_t arb_live_finding_id(const struct arb_finding *f)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    int32_t k[3] = {(int32_t)f->code, f->ply, f->variation};
    h = fnv(h, k, sizeof k);
    h = fnv_str(h, f->move);
    return fnv_str(h, f->article);
}

static bool same(const char *a, const char *b)
{
    return strcmp(a ? a : "", b ? b : "") == 0;
}

void arb_live_begin(struct arb_live_file *lf)
{
    for (int i = 0; i < lf->n; i++)
        lf->games[i].seen = false;
}

struct arb_live_game *arb_live_game_find(struct arb_live_file *lf, uint64_t index, const char *white,
                                         const char *black, const char *round)
{
    for (int i = 0; i < lf->n; i++) {
        struct arb_live_game *g = &lf->games[i];
        if (g->index == index && same(g->white, white) && same(g->black, black) && same(g->round, round)) {
            g->seen = true;
            return g;
        }
    }
    return NULL;
}

struct arb_live_game *arb_live_game_get(struct arb_live_file *lf, uint64_t index, const char *white,
                                        const char *black, const char *round)
{
    struct arb_live_game *found = arb_live_game_find(lf, index, white, black, round);
    if (found)
        return found;
    if (lf->n == lf->cap) {
        lf->cap = lf->cap ? 2 * lf->cap : 8;
        lf->games = arb_xrealloc(lf->games, (size_t)lf->cap * sizeof *lf->games);
    }
    struct arb_live_game *g = &lf->games[lf->n++];
    memset(g, 0, sizeof *g);
    g->index = index;
    g->white = arb_xstrdup(white ? white : "");
    g->black = arb_xstrdup(black ? black : "");
    g->round = arb_xstrdup(round ? round : "");
    g->seen = true;
    return g;
}

static int find(const struct arb_live_finding *v, int n, uint64_t id)
{
    for (int i = 0; i < n; i++)
        if (v[i].id == id)
            return i;
    return -1;
}

static char *dup_or_null(const char *s)
{
    return s ? arb_xstrdup(s) : NULL;
}

int arb_live_update(struct arb_live_game *lg, const struct arb_live_finding *cur, int n, bool complete,
                    arb_live_emit emit, void *ctx)
{
    int events = 0;
    if (complete) {
        for (int i = 0; i < lg->n;) {
            if (find(cur, n, lg->v[i].id) >= 0) {
                i++;
                continue;
            }
            emit(ctx, lg, &lg->v[i], true);
            events++;
            arb_live_finding_fini(&lg->v[i]);
            memmove(&lg->v[i], &lg->v[i + 1], (size_t)(lg->n - i - 1) * sizeof *lg->v);
            lg->n--;
        }
    }
    for (int i = 0; i < n; i++) {
        if (find(lg->v, lg->n, cur[i].id) >= 0 || find(cur, i, cur[i].id) >= 0)
            continue;   /* said before (or twice in this reading: once) */
        if (lg->n == lg->cap) {
            lg->cap = lg->cap ? 2 * lg->cap : 8;
            lg->v = arb_xrealloc(lg->v, (size_t)lg->cap * sizeof *lg->v);
        }
        struct arb_live_finding *f = &lg->v[lg->n++];
        *f = cur[i];
        f->text = dup_or_null(cur[i].text);
        f->loc = dup_or_null(cur[i].loc);
        f->json = dup_or_null(cur[i].json);
        emit(ctx, lg, f, false);
        events++;
    }
    return events;
}

static void game_fini(struct arb_live_game *g)
{
    for (int k = 0; k < g->n; k++)
        arb_live_finding_fini(&g->v[k]);
    free(g->v);
    free(g->white);
    free(g->black);
    free(g->round);
}

int arb_live_end(struct arb_live_file *lf, uint64_t upto, arb_live_emit emit, void *ctx)
{
    int events = 0, k = 0;
    for (int i = 0; i < lf->n; i++) {
        struct arb_live_game *g = &lf->games[i];
        if (g->seen || g->index >= upto) {
            lf->games[k++] = *g;
            continue;
        }
        g->gone = true;
        for (int j = 0; j < g->n; j++) {
            emit(ctx, g, &g->v[j], true);
            events++;
        }
        game_fini(g);
    }
    lf->n = k;
    return events;
}

void arb_live_finding_fini(struct arb_live_finding *f)
{
    free(f->text);
    free(f->loc);
    free(f->json);
    f->text = f->loc = f->json = NULL;
}

void arb_live_file_fini(struct arb_live_file *lf)
{
    for (int i = 0; i < lf->n; i++)
        game_fini(&lf->games[i]);
    free(lf->games);
    memset(lf, 0, sizeof *lf);
}

unsigned arb_live_need(const struct arb_finding *f, bool intervene)
{
    if (intervene)
        return ARB_NEED_INTERVENE;
    switch (f->code) {
    case ARB_F_MOVE_AFTER_END:
        return f->severity >= ARB_SEV_WARNING ? ARB_NEED_INTERVENE : 0;
    case ARB_F_ILLEGAL_MOVE:
    case ARB_F_ILLEGAL_MOVE_STOOD:
    case ARB_F_UNKNOWN_MOVE:
    case ARB_F_AMBIGUOUS_MOVE:
        return f->severity >= ARB_SEV_ERROR ? ARB_NEED_ILLEGAL : 0;
    case ARB_F_FLAG_FALL:
        return ARB_NEED_FLAG;
    case ARB_F_THREEFOLD_CLAIMABLE:
    case ARB_F_FIFTY_CLAIMABLE:
        return ARB_NEED_CLAIM;
    default:
        return 0;
    }
}
