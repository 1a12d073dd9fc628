/* fuzz_live.c — what `arbiter watch` says and withdraws (cli/live.c): the
 * difference between one reading of a file and the next, on any sequence
 * of readings.
 *
 * The input is a sequence of readings, each a list of games (a number and
 * a few tag values, identities drawn from a small set so that games come,
 * go and come back) with their findings (identities from a small set) and
 * whether each is complete; the last game of a reading may be still being
 * written.  A model of what has been said is kept beside live.c's and
 * every event checked against it.  Asserts: a finding is said once while
 * it stands; said again only after it was withdrawn; withdrawn only when
 * it was said and the complete record of its game (or the file) no
 * longer shows it; a game no reading shows (before the last game still
 * being written) is forgotten, its findings withdrawn with .gone set;
 * nothing is left allocated. */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>

#include "run/live.h"

#define GAMES 6                   /* identities: number 1-3, White "A" or "B" */
#define FINDINGS 5

struct said {
    bool on[GAMES][FINDINGS];     /* the model: said and not withdrawn */
};

struct check {
    struct said *m;
    int game;                     /* the identity being updated (-1: any, at the end) */
    int events;
};

static int identity(const struct arb_live_game *lg)
{
    return (int)(lg->index - 1) * 2 + (lg->white[0] == 'B');
}

static uint64_t fid(int k)
{
    return 0x9E3779B97F4A7C15ULL * (uint64_t)(k + 1);
}

static void on_event(void *ctx, const struct arb_live_game *lg, const struct arb_live_finding *f, bool withdrawn)
{
    struct check *c = ctx;
    int g = identity(lg), k = -1;
    for (int i = 0; i < FINDINGS; i++)
        if (fid(i) == f->id)
            k = i;
    assert(k >= 0 && g >= 0 && g < GAMES);
    assert(c->game < 0 ? withdrawn && lg->gone : g == c->game && !lg->gone);
    if (withdrawn) {
        assert(c->m->on[g][k]);   /* only what was said */
        c->m->on[g][k] = false;
    } else {
        assert(!c->m->on[g][k]);  /* said once */
        c->m->on[g][k] = true;
    }
    c->events++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    struct arb_live_file file = {0};
    struct said m = {0};
    static const char *const names[] = {"A", "B"};
    size_t i = 0;
    while (i < size) {
        /* A reading: a byte with its number of games (0-7) and whether
         * the last one is still written; then per game a byte (identity,
         * complete) and a byte of findings (a bit each). */
        unsigned head = data[i++];
        int n = head & 7;
        bool last_open = head & 8;
        bool seen[GAMES] = {false};
        uint64_t last_index = 0;
        arb_live_begin(&file);
        for (int gi = 0; gi < n && i + 1 < size; gi++) {
            unsigned gb = data[i++], fb = data[i++];
            int id = (int)(gb % GAMES);
            uint64_t index = (uint64_t)(id / 2 + 1);
            bool complete = (gb & 0x80) && !(last_open && gi == n - 1);
            struct arb_live_finding cur[FINDINGS + 1];
            int nc = 0;
            for (int k = 0; k < FINDINGS; k++)
                if (fb & (1u << k))
                    cur[nc++] = (struct arb_live_finding){.id = fid(k), .text = (char *)"t", .loc = (char *)"f:1:1",
                                                           .json = (char *)"{}"};
            if (fb & 0x80 && nc)
                cur[nc++] = cur[0];   /* a finding twice in one reading */
            struct arb_live_game *lg = nc ? arb_live_game_get(&file, index, names[id & 1], "", "")
                                          : arb_live_game_find(&file, index, names[id & 1], "", "");
            seen[id] = true;
            last_index = index;
            if (!lg)
                continue;
            struct check c = {&m, id, 0};
            bool before[FINDINGS];
            memcpy(before, m.on[id], sizeof before);
            arb_live_update(lg, cur, nc, complete, on_event, &c);
            /* Now said: everything of this reading; and of before, what a
             * record cut short may not show yet. */
            for (int k = 0; k < FINDINGS; k++) {
                bool now = fb & (1u << k);
                assert(m.on[id][k] == (now || (!complete && before[k])));
            }
        }
        struct check c = {&m, -1, 0};
        uint64_t upto = last_open && n ? last_index : UINT64_MAX;
        arb_live_end(&file, upto, on_event, &c);
        for (int id = 0; id < GAMES; id++)
            if (!seen[id] && (uint64_t)(id / 2 + 1) < upto)
                for (int k = 0; k < FINDINGS; k++)
                    assert(!m.on[id][k]);   /* a game not in the file: nothing of it stands */
        for (int g = 0; g < file.n; g++)
            assert(file.games[g].seen || file.games[g].index >= upto);
    }
    arb_live_file_fini(&file);
    return 0;
}
