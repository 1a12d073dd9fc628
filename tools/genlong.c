/* genlong.c — the long and hostile games `make bench` times for linearity
 * (tools/bench.sh): each is written to standard output at the size asked,
 * so that the bench can time it at N and 2N.
 *
 *   genlong walk N      a random walk of N plies from a position with knights
 *                       and blocked pawns: quiet moves only (no capture, no
 *                       pawn move), so the repetition window never closes and
 *                       holds thousands of distinct positions (seeded: the
 *                       same game every run)
 *   genlong shuffle N   N plies of Nf3 Nf6 Ng1 Ng8 (a repetition every 4 plies)
 *   genlong tags N      one game with N tag pairs
 *   genlong nest N      one game with N nested variations
 */
#include "chess/board.h"
#include "chess/movegen.h"
#include "chess/san.h"
#include "notation/notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char walk_fen[] = "4k3/pppppppp/8/2n2n2/2N2N2/8/PPPPPPPP/4K3 w - - 0 1";

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* The quiet moves of the side to move: no capture, no pawn move. */
static int quiet_moves(const struct arb_pos *pos, arb_move *out)
{
    struct arb_movelist l;
    arb_gen_legal(pos, &l);
    int n = 0;
    for (int i = 0; i < l.n; i++) {
        arb_move m = l.moves[i];
        if (arb_pos_type_at(pos, arb_move_from(m)) == ARB_PAWN || (pos->occ & ARB_BB(arb_move_to(m)))
            || arb_move_kind(m) != ARB_MK_NORMAL)
            continue;
        out[n++] = m;
    }
    return n;
}

static int walk(long plies)
{
    struct arb_pos pos;
    char err[200];
    arb_board_init();
    if (arb_pos_from_fen(&pos, walk_fen, false, err, sizeof err) < 0) {
        fprintf(stderr, "genlong: %s\n", err);
        return 1;
    }
    printf("[Event \"random walk\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n[Result \"*\"]\n\n", walk_fen);
    const struct arb_lang *en = arb_lang_find("en");
    for (long p = 0; p < plies; p++) {
        arb_move ms[ARB_MAX_MOVES], reply[ARB_MAX_MOVES];
        int n = quiet_moves(&pos, ms);
        arb_move m = 0;
        bool found = false;
        /* A move after which the other side has a quiet move too. */
        for (int tries = 0; tries < n && !found; tries++) {
            int k = (int)(next_random() % (uint64_t)(n - tries));
            m = ms[k];
            ms[k] = ms[n - tries - 1];
            struct arb_pos after = pos;
            struct arb_undo u;
            arb_pos_make(&after, m, &u);
            found = quiet_moves(&after, reply) > 0;
        }
        if (!found) {
            fprintf(stderr, "genlong: the walk is stuck at ply %ld\n", p);
            return 1;
        }
        struct arb_movedesc d;
        char text[ARB_MOVE_TEXT_MAX];
        arb_san_describe(&pos, m, &d);
        arb_notation_write(en, &d, true, text, sizeof text);
        if (pos.side == ARB_WHITE)
            printf("%u. ", (unsigned)pos.fullmove);
        printf("%s%s", text, p % 10 == 9 ? "\n" : " ");
        struct arb_undo u;
        arb_pos_make(&pos, m, &u);
    }
    printf("*\n");
    return 0;
}

int main(int argc, char **argv)
{
    long n = argc == 3 ? strtol(argv[2], NULL, 10) : -1;
    if (n < 0) {
        fprintf(stderr, "usage: genlong walk|shuffle|tags|nest N\n");
        return 2;
    }
    if (!strcmp(argv[1], "walk"))
        return walk(n);
    if (!strcmp(argv[1], "shuffle")) {
        static const char *const mv[4] = {"Nf3", "Nf6", "Ng1", "Ng8"};
        printf("[Event \"knight shuffle\"]\n[Result \"*\"]\n\n");
        for (long p = 0; p < n; p++) {
            if (p % 2 == 0)
                printf("%ld. ", p / 2 + 1);
            printf("%s%s", mv[p % 4], p % 16 == 15 ? "\n" : " ");
        }
        printf("*\n");
    } else if (!strcmp(argv[1], "tags")) {
        for (long i = 0; i < n; i++)
            printf("[Tag%ld \"value %ld\"]\n", i, i);
        printf("\n1. e4 e5 *\n");
    } else if (!strcmp(argv[1], "nest")) {
        printf("[Event \"nested\"]\n[Result \"*\"]\n\n1. e4 ");
        for (long i = 0; i < n; i++)
            printf("(1. d4 ");
        for (long i = 0; i < n; i++)
            putchar(')');
        printf(" e5 *\n");
    } else {
        fprintf(stderr, "genlong: no such input '%s'\n", argv[1]);
        return 2;
    }
    return 0;
}
