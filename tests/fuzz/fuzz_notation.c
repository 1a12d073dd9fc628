/* fuzz_notation.c — the notation layer on any token, in every language.
 *
 * The first byte picks a position, the rest is the token.  Asserts: the
 * fast and the full parser agree (status and description); a move that
 * resolves to a legal move, written back in the language, reads as the
 * same move; the slip measure gives a finite cost, whatever the token. */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>
#include <math.h>

#include "chess/board.h"
#include "chess/movegen.h"
#include "notation/notation.h"
#include "chess/san.h"
#include "notation/slips.h"

static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3pPk/8/4P3/8 b - g3 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "1N1N4/8/8/7k/8/1N1N4/8/4K3 w - - 0 1",
};
#define N_FENS (sizeof fens / sizeof fens[0])

/* The words of s[0..n) (split at spaces), at most 16. */
static int split_words(const char *s, size_t n, const char *w[16], size_t wl[16])
{
    int nw = 0;
    const char *p = s, *end = s + n;
    while (p < end && nw < 16) {
        while (p < end && *p == ' ')
            p++;
        const char *q = p;
        while (q < end && *q != ' ')
            q++;
        if (q > p) {
            w[nw] = p;
            wl[nw++] = (size_t)(q - p);
        }
        p = q;
    }
    return nw;
}

static void one_language(const struct arb_lang *lang, const struct arb_pos *pos, const char *tok, size_t n)
{
    struct arb_movedesc d1, d2;
    struct arb_parse_info i1, i2;
    memset(&d1, 0, sizeof d1);
    memset(&d2, 0, sizeof d2);
    enum arb_np_status s1 = arb_notation_parse(lang, tok, n, &d1, &i1);
    enum arb_np_status s2 = arb_notation_parse_full(lang, tok, n, &d2, &i2);
    assert(s1 == s2);
    if (s1 == ARB_NP_ERROR) {
        assert(i1.error != NULL);
        assert(i1.error_at <= n);
        return;
    }
    if (s1 != ARB_NP_MOVE)
        return;
    assert(memcmp(&d1, &d2, sizeof d1) == 0);
    struct arb_resolve r;
    if (arb_san_resolve(pos, &d1, &r) != ARB_RS_OK)
        return;
    /* Written back in the language, the move reads as itself. */
    struct arb_movedesc canon, back;
    arb_san_describe(pos, r.move, &canon);
    char out[ARB_MOVE_TEXT_MAX];
    size_t len = arb_notation_write(lang, &canon, true, out, sizeof out);
    assert(len < sizeof out && strlen(out) == len);
    struct arb_parse_info ib;
    memset(&back, 0, sizeof back);
    if (lang->spoken) {
        /* A spoken language writes a phrase: read back as words. */
        const char *w[16];
        size_t wl[16];
        int nw = split_words(out, len, w, wl);
        assert(arb_notation_parse_spoken(lang, w, wl, nw, &back, &ib) == nw);
    }
    else {
        assert(arb_notation_parse(lang, out, len, &back, &ib) == ARB_NP_MOVE);
    }
    struct arb_resolve rb;
    assert(arb_san_resolve(pos, &back, &rb) == ARB_RS_OK);
    assert(rb.move == r.move);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 256)
        return 0;
    struct arb_pos pos;
    char err[128];
    if (arb_pos_from_fen(&pos, fens[data[0] % N_FENS], false, err, sizeof err) != 0)
        abort();
    char *tok = fuzz_cstr(data + 1, size - 1);
    size_t n = size - 1;
    for (int i = 0; arb_langs[i]; i++) {
        one_language(arb_langs[i], &pos, tok, n);
        /* The spoken languages read phrases of words. */
        if (arb_langs[i]->spoken) {
            const char *w[16];
            size_t wl[16];
            int nw = split_words(tok, n, w, wl);
            struct arb_movedesc d;
            struct arb_parse_info info;
            int took = arb_notation_parse_spoken(arb_langs[i], w, wl, nw, &d, &info);
            assert(took >= 0 && took <= nw);
        }
    }
    /* The slip measure: finite for every legal move (a few, to stay fast). */
    if (strlen(tok) == n) {
        struct arb_movelist ml;
        arb_gen_legal(&pos, &ml);
        for (int k = 0; k < ml.n && k < 4; k++) {
            double c = arb_slip_token_cost(arb_langs[k % 3], tok, &pos, ml.moves[k], NULL, 0);
            assert(isfinite(c) && c >= 0);
        }
    }
    free(tok);
    return 0;
}
