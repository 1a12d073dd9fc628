/* test_board.c — FEN in/out, refusal of impossible positions, make/unmake,
 * incremental keys. */
#include "chess/board.h"
#include "chess/movegen.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

/* The perft positions (tests/data/perft), read from the top of the tree. */
#ifndef PERFT_DIR
#define PERFT_DIR "tests/data/perft"
#endif

static void roundtrip(const char *fen, bool c960, const char *want)
{
    struct arb_pos pos;
    char err[200], out[128];
    int rc = arb_pos_from_fen(&pos, fen, c960, err, sizeof err);
    ok(rc == 0, "FEN accepted: %s%s%s", fen, rc ? " -- " : "", rc ? err : "");
    if (rc == 0)
        is_str(arb_pos_to_fen(&pos, out), want ? want : fen, "FEN written back: %s", fen);
}

static void refused(const char *fen, const char *why_contains)
{
    struct arb_pos pos;
    char err[200] = "";
    int rc = arb_pos_from_fen(&pos, fen, false, err, sizeof err);
    ok(rc < 0 && strstr(err, why_contains) != NULL, "refused %s: '%s' mentions '%s'", fen, err, why_contains);
}

/* Every legal move made and unmade restores the position, and the
 * incremental key equals the key computed from scratch. */
static void check_make_unmake(const char *fen, bool c960)
{
    struct arb_pos pos, copy, fresh;
    char err[200], buf[128];
    arb_pos_from_fen(&pos, fen, c960, err, sizeof err);
    struct arb_movelist list;
    arb_gen_legal(&pos, &list);
    int bad_restore = 0, bad_key = 0;
    for (int i = 0; i < list.n; i++) {
        struct arb_undo u;
        copy = pos;
        arb_pos_make(&pos, list.moves[i], &u);
        arb_pos_to_fen(&pos, buf);
        if (arb_pos_from_fen(&fresh, buf, c960, err, sizeof err) == 0
            && arb_pos_repetition_key(&fresh) != arb_pos_repetition_key(&pos))
            bad_key++;
        arb_pos_unmake(&pos, list.moves[i], &u);
        if (memcmp(&pos, &copy, sizeof pos) != 0)
            bad_restore++;
    }
    is_int(bad_restore, 0, "make/unmake restores every position: %s", fen);
    is_int(bad_key, 0, "incremental key equals recomputed key after every move: %s", fen);
}

/* The checkers kept by make must equal those computed from the board. */
static void ok_checkers_quiet(const struct arb_pos *pos, int *bad)
{
    if (arb_pos_checkers(pos) != arb_pos_compute_checkers(pos))
        (*bad)++;
}

/* arb_move_legal (the resolver's one-move test) must agree with the legal
 * move generator on every move a piece could make by its movement, over a
 * walk of random legal moves from each of the perft positions. */
static unsigned long rng = 88172645463325252UL;
static unsigned long next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int legal_agrees(const struct arb_pos *pos, long *tested)
{
    struct arb_movelist list;
    arb_gen_legal(pos, &list);
    struct arb_legal_info info;
    arb_legal_info(pos, &info);
    int us = pos->side;
    arb_bb own = pos->by_color[us];
    for (int from = 0; from < 64; from++) {
        if (!(own & ARB_BB(from)))
            continue;
        int type = arb_pos_type_at(pos, from);
        arb_bb targets;
        if (type == ARB_PAWN) {
            int fwd = us == ARB_WHITE ? 8 : -8, one = from + fwd;
            targets = arb_att.pawn[us][from] & pos->by_color[us ^ 1];
            if (one >= 0 && one < 64 && !(pos->occ & ARB_BB(one)) && ARB_RANK(one) != 0 && ARB_RANK(one) != 7)
                targets |= ARB_BB(one);
            targets &= ~(ARB_RANK_BB(0) | ARB_RANK_BB(7));
        } else {
            targets = arb_piece_attacks(type, from, pos->occ) & ~own;
        }
        while (targets) {
            int to = arb_pop_lsb(&targets);
            arb_move m = arb_move_make(from, to, ARB_MK_NORMAL, 0);
            bool gen = false;
            for (int i = 0; i < list.n; i++)
                gen |= list.moves[i] == m;
            (*tested)++;
            if (gen != arb_move_legal(pos, &info, m))
                return 0;
        }
    }
    return 1;
}

static void check_move_legal(const char *path)
{
    FILE *f = fopen(path, "r");
    ok(f != NULL, "open %s", path);
    if (!f)
        return;
    char line[512];
    long tested = 0;
    int positions = 0, bad = 0;
    char first_bad[128] = "";
    while (fgets(line, sizeof line, f)) {
        char *semi = strchr(line, ';');
        if (semi)
            *semi = 0;
        struct arb_pos pos;
        char err[200];
        if (arb_pos_from_fen(&pos, line, strstr(path, "960") != NULL, err, sizeof err) < 0)
            continue;
        for (int ply = 0; ply < 40; ply++) {
            positions++;
            if (!legal_agrees(&pos, &tested) && !bad++)
                arb_pos_to_fen(&pos, first_bad);
            struct arb_movelist list;
            arb_gen_legal(&pos, &list);
            if (!list.n)
                break;
            for (int i = 0; i < list.n; i++) {
                arb_move q = list.moves[i];
                if (arb_move_kind(q) != ARB_MK_NORMAL || (pos.occ & ARB_BB(arb_move_to(q)))
                    || arb_pos_type_at(&pos, arb_move_from(q)) == ARB_PAWN)
                    continue;
                struct arb_pos a = pos;
                struct arb_undo qu;
                arb_pos_make(&a, q, &qu);
                if (arb_pos_key_after_quiet(&pos, q) != arb_pos_repetition_key(&a))
                    bad++;
            }
            struct arb_undo u;
            arb_pos_make(&pos, list.moves[next_rand() % (unsigned long)list.n], &u);
            ok_checkers_quiet(&pos, &bad);
        }
    }
    fclose(f);
    ok(bad == 0, "arb_move_legal agrees with the generator, kept checkers and keys of quiet moves with the board, on %ld moves in %d positions from %s", tested,
       positions, path);
    if (bad)
        printf("#   %d positions differ, first: %s\n", bad, first_bad);
}

int main(void)
{
    arb_board_init();

    roundtrip("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, NULL);
    roundtrip("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, NULL);
    /* EPD form (4 fields) gets default counters. */
    roundtrip("8/8/8/8/8/8/8/K6k w - -", false, "8/8/8/8/8/8/8/K6k w - - 0 1");
    /* En-passant square without a capturing pawn is not written back. */
    roundtrip("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false,
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /* ... but is when a capture is legal. */
    roundtrip("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", false, NULL);
    /* Chess960: Shredder-FEN is read, written as X-FEN where outermost. */
    roundtrip("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", true,
              "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1");
    roundtrip("1r2k1r1/8/8/8/8/8/8/RR2K1R1 w GBg - 0 1", true, "1r2k1r1/8/8/8/8/8/8/RR2K1R1 w KBk - 0 1");
    roundtrip("1r2k1r1/8/8/8/8/8/8/RR2K1R1 w BGg - 0 1", true, "1r2k1r1/8/8/8/8/8/8/RR2K1R1 w KBk - 0 1");

    refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "White has 0 kings");
    refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1", "White has 2 kings");
    refused("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "in check although it is White's move");
    refused("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "a pawn stands on a1");
    refused("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn stands on h8");
    refused("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right 'K'");
    refused("4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "castling right 'K'");
    refused("4k3/8/8/8/8/8/8/R2K4 w Q - 0 1", "not on the e-file");
    refused("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "must be on rank 6");
    refused("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "not a pawn's double step");
    refused("rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6 0 1", "in check from f2");
    refused("4k3/8/8/8/8/8/PPPPPPPP/QQQQK3 w - - 0 1", "pieces beyond the initial set");
    refused("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move");
    refused("4k3/8/8/8/8/8/8/4K3 w", "at least four fields");
    refused("4k3/8/8/9/8/8/8/4K3 w - - 0 1", "not a piece letter");
    refused("4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", "more than 8 ranks");

    /* ... and accepts ordinary positions (a validator that refuses too much
     * is as wrong as one that refuses too little). */
    {
        struct arb_pos pos;
        char err[200];
        ok(arb_pos_from_fen(&pos, "4k3/8/8/8/8/8/8/4K2R b - - 0 1", false, err, sizeof err) == 0,
           "a quiet position with Black to move is accepted");
        ok(arb_pos_from_fen(&pos, "4k3/pppppppp/8/8/8/8/8/4K3 b - - 0 1", false, err, sizeof err) == 0,
           "eight pawns are accepted");
        ok(arb_pos_from_fen(&pos, "3nk3/8/8/8/8/8/8/N1N1K3 w - - 0 1", false, err, sizeof err) == 0,
           "two knights are accepted");
        ok(arb_pos_from_fen(&pos, "4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1", false, err, sizeof err) == 0,
           "a second queen with one pawn missing is accepted");
        ok(arb_pos_from_fen(&pos, "4k3/8/8/8/8/8/PPPPPPPP/BB2K3 w - - 0 1", false, err, sizeof err) == 0,
           "bishops on a1 (dark) and b1 (light) need no promotion");
        ok(arb_pos_from_fen(&pos, "4k3/8/8/8/8/8/PPPPPPPP/B1B1K3 w - - 0 1", false, err, sizeof err) != 0,
           "two dark-squared bishops with eight pawns are refused (one must be promoted)");
    }

    check_make_unmake("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false);
    check_make_unmake("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", false);
    check_make_unmake("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false);
    check_make_unmake("8/2P3k1/8/8/8/8/5p2/K7 w - - 0 1", false);
    check_make_unmake("8/2P3k1/8/8/8/8/5p2/K7 b - - 0 1", false);
    check_make_unmake("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", true);
    check_make_unmake("r4kr1/pppppppp/8/8/8/8/PPPPPPPP/R4KR1 w GAga - 0 1", true);
    check_make_unmake("r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1", true);

    /* Repetition key: a double step with no pawn able to take en passant
     * makes the same position as without the en-passant square (9.2.2). */
    {
        struct arb_pos a, b;
        char err[200];
        arb_pos_from_fen(&a, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", false, err, sizeof err);
        arb_pos_from_fen(&b, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", false, err, sizeof err);
        ok(arb_pos_repetition_key(&a) == arb_pos_repetition_key(&b), "ep square without a taker: same position");
        /* A black pawn on d4 that could take but is pinned: still the same. */
        arb_pos_from_fen(&a, "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", false, err, sizeof err);
        arb_pos_from_fen(&b, "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1", false, err, sizeof err);
        ok(arb_pos_repetition_key(&a) == arb_pos_repetition_key(&b),
           "ep capture illegal (rank pin through both pawns): same position");
        arb_pos_from_fen(&a, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", false, err, sizeof err);
        arb_pos_from_fen(&b, "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1", false, err, sizeof err);
        ok(arb_pos_repetition_key(&a) != arb_pos_repetition_key(&b), "legal ep capture: a different position");
    }
    check_move_legal(PERFT_DIR "/standard.epd");
    check_move_legal(PERFT_DIR "/chess960.epd");
    /* Compact positions (the dead-position exploration and replay keep
     * them) come back whole, after moves too: FEN, key, board and what
     * make keeps. */
    {
        const char *fens[] = {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                              "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
                              "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"};
        for (int i = 0; i < 3; i++) {
            struct arb_pos pos, back;
            char err[200], a[100], b[100];
            arb_pos_from_fen(&pos, fens[i], i == 2, err, sizeof err);
            struct arb_movelist list;
            arb_gen_legal(&pos, &list);
            struct arb_undo u;
            arb_pos_make(&pos, list.moves[list.n / 2], &u);
            struct arb_compact pk;
            arb_pos_compact(&pos, &pk);
            arb_pos_expand(&pk, &pos, &back);
            arb_pos_to_fen(&pos, a);
            arb_pos_to_fen(&back, b);
            ok(strcmp(a, b) == 0 && pos.key == back.key && memcmp(pos.board, back.board, 64) == 0
                   && pos.occ == back.occ && pos.checkers == back.checkers && pos.halfmove == back.halfmove,
               "compact and expand keep the position: %s", a);
            /* Compact (the exploration's form): the same, every move on. */
            struct arb_movelist next;
            arb_gen_legal(&pos, &next);
            int same = 0;
            for (int j = 0; j < next.n; j++) {
                struct arb_pos p = pos, q;
                arb_pos_make(&p, next.moves[j], &u);
                struct arb_compact c;
                arb_pos_compact(&p, &c);
                arb_pos_expand(&c, &pos, &q);
                same += p.key == q.key && memcmp(p.board, q.board, 64) == 0 && p.occ == q.occ
                        && memcmp(p.by_type, q.by_type, sizeof p.by_type) == 0
                        && memcmp(p.by_color, q.by_color, sizeof p.by_color) == 0 && p.checkers == q.checkers
                        && p.king_sq[0] == q.king_sq[0] && p.king_sq[1] == q.king_sq[1] && p.side == q.side
                        && p.castle == q.castle && p.ep == q.ep && p.halfmove == q.halfmove;
            }
            ok(next.n > 0 && same == next.n, "compact and expand keep every position a move on: %d of %d (%s)", same,
               next.n, a);
        }
        /* Two move orders, one position: the same compared bytes. */
        struct arb_pos x, y;
        char err[200];
        arb_pos_startpos(&x);
        arb_pos_startpos(&y);
        const int ox[3][2] = {{6, 21}, {62, 45}, {1, 18}}, oy[3][2] = {{1, 18}, {62, 45}, {6, 21}};
        for (int i = 0; i < 3; i++) {
            struct arb_undo u;
            arb_pos_make(&x, arb_move_make(ox[i][0], ox[i][1], ARB_MK_NORMAL, 0), &u);
            arb_pos_make(&y, arb_move_make(oy[i][0], oy[i][1], ARB_MK_NORMAL, 0), &u);
        }
        struct arb_compact cx, cy;
        arb_pos_compact(&x, &cx);
        arb_pos_compact(&y, &cy);
        ok(memcmp(&cx, &cy, ARB_COMPACT_SAME) == 0, "compact: one position by two move orders compares equal");
        /* More than 32 men do not fit. */
        ok(arb_pos_from_fen_composed(&x, "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQ1/8/8/K5k1 b - - 0 1", err,
                                     sizeof err) == 0
               && !arb_pos_compact(&x, &cx),
           "compact: 35 men refused (%s)", err);
    }
    /* A composed position with more legal moves than a list holds: the
     * list is full and says so (it wrote past its end before). */
    {
        struct arb_pos pos;
        char err[200];
        struct arb_movelist list;
        int r = arb_pos_from_fen_composed(&pos, "QQQQRQnk/Q4Qnn/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1", err, sizeof err);
        arb_gen_legal(&pos, &list);
        ok(r == 0 && list.full && list.n == ARB_MAX_MOVES, "260 legal moves: the list is full (%d, full %d)", list.n,
           list.full);
        arb_pos_startpos(&pos);
        arb_gen_legal(&pos, &list);
        ok(!list.full && list.n == 20, "the initial position: 20 moves, not full");
    }
    /* The set-wise steps (the locked-pawn proof floods with them) are the
     * union of each square's: a king's and a knight's attacks, a slider's
     * first square on each line. */
    {
        uint64_t r = 0x2545F4914F6CDD1DULL;
        int same = 0, n = 20000;
        for (int i = 0; i < n; i++) {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            arb_bb b = i % 3 == 0 ? r : i % 3 == 1 ? r & (r >> 17) & (r << 5) : ARB_BB(r % 64);
            arb_bb k = 0, n2 = 0, d = 0, s2 = 0;
            for (arb_bb x = b; x;) {
                int sq = arb_pop_lsb(&x);
                k |= arb_att.king[sq];
                n2 |= arb_att.knight[sq];
                d |= arb_bishop_attacks(sq, ~(arb_bb)0);
                s2 |= arb_rook_attacks(sq, ~(arb_bb)0);
            }
            same += k == (arb_diagonal_step(b) | arb_straight_step(b)) && n2 == arb_knight_step(b)
                    && d == arb_diagonal_step(b) && s2 == arb_straight_step(b);
        }
        ok(same == n, "set-wise steps equal the squares' attacks: %d of %d sets", same, n);
    }
    return tap_done();
}
