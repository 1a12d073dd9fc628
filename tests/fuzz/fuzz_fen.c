/* fuzz_fen.c — FEN on any text: reading, validation, writing, and the
 * chess core on whatever position is accepted.
 *
 * Asserts: an accepted FEN, written back and read again, gives the same
 * FEN; every generated move but castling is legal by arb_move_legal, its
 * description resolves to it, and make/unmake restores the position; the dead-position test and the mate search (with
 * a small budget) end; read as a composed position (any number of men),
 * the move list stays in bounds and the mate search ends. */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>

#include "chess/board.h"
#include "chess/dead.h"
#include "chess/movegen.h"
#include "chess/san.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 512)
        return 0;
    /* The first byte: Chess960 or not. */
    bool c960 = data[0] & 1;
    char *fen = fuzz_cstr(data + 1, size - 1);
    struct arb_pos pos;
    char err[256];
    if (arb_pos_from_fen(&pos, fen, c960, err, sizeof err) == 0) {
        char out[128], again[128];
        arb_pos_to_fen(&pos, out);
        struct arb_pos pos2;
        /* written as read: X-FEN when the position was read the Chess960 way */
        assert(arb_pos_from_fen(&pos2, out, pos.chess960, err, sizeof err) == 0);
        arb_pos_to_fen(&pos2, again);
        assert(strcmp(out, again) == 0);

        struct arb_movelist ml;
        arb_gen_legal(&pos, &ml);
        struct arb_legal_info li;
        arb_legal_info(&pos, &li);
        assert((ml.n > 0) == arb_has_legal_move(&pos));
        for (int i = 0; i < ml.n; i++) {
            /* arb_move_legal judges every move but castling (arb_castle_check's). */
            assert(arb_move_kind(ml.moves[i]) == ARB_MK_CASTLE || arb_move_legal(&pos, &li, ml.moves[i]));
            struct arb_movedesc d;
            arb_san_describe(&pos, ml.moves[i], &d);
            struct arb_resolve r;
            assert(arb_san_resolve(&pos, &d, &r) == ARB_RS_OK && r.move == ml.moves[i]);
            struct arb_undo u;
            arb_pos_make(&pos, ml.moves[i], &u);
            arb_pos_unmake(&pos, ml.moves[i], &u);
            arb_pos_to_fen(&pos, again);
            assert(strcmp(out, again) == 0);
        }
        (void)arb_dead_position(&pos, NULL, 0);
        (void)arb_dead_position_slow(&pos);
        int plies;
        (void)arb_can_mate(&pos, ARB_WHITE, 300, 150, &plies);
        (void)arb_can_mate(&pos, ARB_BLACK, 300, 150, &plies);
        (void)arb_perft(&pos, 1);
    }
    else {
        assert(err[0] != '\0');
    }
    /* As a composed position (arbiter position reads FENs so: any number
     * of men): the mate search and the exploration end, within bounds. */
    struct arb_pos cp;
    if (arb_pos_from_fen_composed(&cp, fen, err, sizeof err) == 0) {
        struct arb_movelist ml;
        arb_gen_legal(&cp, &ml);
        assert(ml.n <= ARB_MAX_MOVES && (ml.n > 0) == arb_has_legal_move(&cp));
        int plies;
        (void)arb_can_mate(&cp, ARB_WHITE, 300, 150, &plies);
        (void)arb_can_mate(&cp, ARB_BLACK, 300, 150, &plies);
    }
    free(fen);
    return 0;
}
