/* fuzz_pgn.c — the PGN reader (input decoding, lexer, game splitting) on
 * any bytes.  Asserts what the reader promises: it ends, every game it
 * returns lies inside the input and in order, its tags and nodes have
 * their text; first the test whether the input holds games at all. */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>

#include "base/arena.h"
#include "chess/board.h"
#include "read/input.h"
#include "notation/notation.h"
#include "read/pgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int fd = fuzz_memfd(data, size);
    struct arb_input in;
    char err[256];
    if (arb_input_open_fd(&in, fd, "fuzz.pgn", NULL, err, sizeof err) == 0) {
        /* What check asks first (the reader then reads the same text). */
        char why[160];
        (void)arb_pgn_sniff(&in, arb_notation_is_move_any, why, sizeof why);
        struct arb_pgn_reader r;
        /* A small limit, so the cut-at-the-limit path is fuzzed too. */
        arb_pgn_init(&r, &in, "fuzz.pgn", size > 64 ? size / 2 : 0);
        struct arb_arena a;
        arb_arena_init(&a);
        struct arb_game g;
        uint64_t last_end = 0;
        int rc;
        while ((rc = arb_pgn_next(&r, &g, &a)) > 0) {
            assert(g.start_off >= last_end);
            assert(g.end_off >= g.start_off);
            last_end = g.end_off;
            for (int i = 0; i < g.n_tags; i++)
                assert(g.tags[i].name != NULL && g.tags[i].value != NULL);
            for (int i = 0; i < g.n_nodes; i++) {
                const char *t = arb_node_text(&g, &g.nodes[i]);
                assert(t != NULL);
                (void)t;
            }
            arb_pgn_release(&r, &g);
            arb_arena_reset(&a);
        }
        arb_arena_fini(&a);
        arb_input_close(&in);
    }
    close(fd);
    return 0;
}
