/* test_san.c — the SAN resolver and describer on the contexts of
 * NOTATION-CASES.md (English tokens; other languages in test_notation). */
#include "chess/board.h"
#include "chess/movegen.h"
#include "notation/notation.h"
#include "chess/san.h"
#include "tap.h"

#define S0 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define S3b "rnbqkb1r/pppp1ppp/5n2/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3"
#define S5 "rnbqkb1r/pppp1ppp/8/4P3/3pn3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 5"
#define S6 "rnbqkb1r/ppp2ppp/8/3pP3/3Qn3/5N2/PPP2PPP/RNB1KB1R w KQkq d6 0 6"
#define S8_CHECK "r1bqkb1r/ppp2ppp/2nn4/6B1/3Q4/5N2/PPP2PPP/RN2KB1R w KQkq - 2 8"
#define S9 "r1bqk2r/ppp1bppp/2nn4/6B1/8/4QN2/PPP2PPP/RN2KB1R w KQkq - 4 9"
#define FM "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"
#define BB "4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1"
#define RN "4k3/8/8/8/8/8/8/4KRN1 w - - 0 1"
#define D1 "4k3/8/8/8/8/8/8/4N1NK w - - 0 1"
#define D2 "4k3/8/8/6N1/8/8/8/6NK w - - 0 1"
#define D3 "4k3/8/8/8/3N4/8/7N/7K w - - 0 1"
#define D6 "4k3/8/8/b7/8/8/3N3N/4K3 w - - 0 1"
#define P2 "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1"
#define PR1 "8/3P3k/8/8/8/8/8/4K3 w - - 0 1"
#define PR2 "5r2/4P2k/8/8/8/8/8/4K3 w - - 0 1"
#define C1 "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
#define C2 "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1"
#define X1 "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1"
#define X2 "r4kr1/pppppppp/8/8/8/8/PPPPPPPP/R4KR1 w GAga - 0 1"
#define X3 "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1"
#define X4 "r1k4r/pppppppp/8/8/8/8/PPPPPPPP/R1K4R w HAha - 0 1"
#define X5 "rkb4r/pppppppp/8/8/8/8/PPPPPPPP/RKB4R w HAha - 0 1"

/* Resolve an English token in a FEN; return the status and the UCI move. */
static enum arb_resolve_status run(const char *fen, const char *tok, char uci[8], struct arb_resolve *r)
{
    struct arb_pos pos;
    char err[200];
    struct arb_movedesc d;
    struct arb_parse_info info;
    uci[0] = 0;
    if (arb_pos_from_fen(&pos, fen, false, err, sizeof err) < 0) {
        printf("# bad FEN %s: %s\n", fen, err);
        return -1;
    }
    if (arb_notation_parse(arb_lang_find("en"), tok, strlen(tok), &d, &info) != ARB_NP_MOVE) {
        printf("# parse failed: %s\n", info.error);
        return -2;
    }
    arb_san_resolve(&pos, &d, r);
    if (r->status == ARB_RS_OK || r->status == ARB_RS_PROMO_MISSING)
        arb_notation_uci(&pos, r->move, uci);
    return r->status;
}

static void yes(const char *fen, const char *tok, const char *want)
{
    char uci[8];
    struct arb_resolve r;
    int st = run(fen, tok, uci, &r);
    ok(st == ARB_RS_OK && strcmp(uci, want) == 0, "%s in %s is %s (got status %d, %s)", tok, fen, want, st, uci);
}

static void no(const char *fen, const char *tok, enum arb_resolve_status want)
{
    char uci[8];
    struct arb_resolve r;
    int st = run(fen, tok, uci, &r);
    ok(st == (int)want, "%s in %s fails with status %d (got %d)", tok, fen, want, st);
}

static void describe(const char *fen, const char *uci_want, const char *san_want)
{
    struct arb_pos pos;
    char err[200], buf[32], uci[8];
    arb_pos_from_fen(&pos, fen, strchr(fen, 'H') != NULL, err, sizeof err);
    struct arb_movelist list;
    arb_gen_legal(&pos, &list);
    for (int i = 0; i < list.n; i++) {
        arb_notation_uci(&pos, list.moves[i], uci);
        if (strcmp(uci, uci_want) == 0) {
            struct arb_movedesc d;
            arb_san_describe(&pos, list.moves[i], &d);
            arb_notation_write(arb_lang_find("en"), &d, true, buf, sizeof buf);
            is_str(buf, san_want, "SAN of %s in %s", uci_want, fen);
            return;
        }
    }
    ok(0, "move %s not found in %s", uci_want, fen);
}

/* After an illegal move that stood (the mover's king left in check), the
 * other side may not take the king: the resolver says so and the move
 * generator leaves it out. */
static void test_king_never_taken(void)
{
    struct arb_pos pos;
    char err[200];
    /* 1. e4 d5 2. Bb5+ and Black answers with Nf6, ignoring the check. */
    arb_pos_from_fen(&pos, "rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2", false, err, sizeof err);
    struct arb_movelist list;
    arb_gen_legal(&pos, &list);
    arb_move nf6 = 0;
    char uci[8];
    for (int i = 0; i < list.n && !nf6; i++) {
        arb_notation_uci(&pos, list.moves[i], uci);
        if (strcmp(uci, "g8f6") == 0)
            nf6 = list.moves[i];
    }
    ok(!nf6, "Nf6 ignoring the check is not generated");
    struct arb_undo u;
    arb_pos_make(&pos, arb_move_make(ARB_SQ(6, 7), ARB_SQ(5, 5), ARB_MK_NORMAL, 0), &u);
    struct arb_movedesc d;
    struct arb_parse_info info;
    struct arb_resolve r;
    arb_notation_parse(arb_lang_find("en"), "Bxe8", 4, &d, &info);
    arb_san_resolve(&pos, &d, &r);
    is_int(r.status, ARB_RS_CAPTURES_KING, "Bxe8 taking the king is refused");
    arb_gen_legal(&pos, &list);
    int takes = 0;
    for (int i = 0; i < list.n; i++)
        takes += arb_move_to(list.moves[i]) == pos.king_sq[ARB_BLACK];
    is_int(takes, 0, "no generated move takes the king (of %d)", list.n);
    arb_notation_parse(arb_lang_find("en"), "d3", 2, &d, &info);
    arb_san_resolve(&pos, &d, &r);
    is_int(r.status, ARB_RS_OK, "but an ordinary move (d3) is read, and the record can go on");
}

int main(void)
{
    arb_board_init();
    /* A. basic moves */
    yes(S0, "e4", "e2e4");
    yes(S0, "Nf3", "g1f3");
    no(S0, "Rf3", ARB_RS_CANNOT_REACH);           /* case 4 */
    no(S0, "e5", ARB_RS_CANNOT_REACH);            /* case 14 */
    yes(S0, "Pe4", "e2e4");                       /* case 8, lenient */
    yes(S0, "e2e4", "e2e4");
    yes(S0, "Ng1f3", "g1f3");
    yes(S0, "g1f3", "g1f3");
    yes(S0, "e2-e4", "e2e4");
    /* B. */
    yes(S5, "Qxd4", "d1d4");
    yes(S5, "Qd4", "d1d4");                       /* capture without x */
    yes(S5, "Nxd4", "f3d4");
    no(S5, "Rxd4", ARB_RS_CANNOT_REACH);          /* case 24 */
    yes(RN, "Rf3", "f1f3");                       /* case 36 */
    /* C. b-pawn vs bishop */
    yes(BB, "bxc3", "b2c3");
    yes(BB, "Bxc3", "d2c3");
    yes(BB, "bc3", "b2c3");
    yes(BB, "Bc3", "d2c3");
    /* D. pawn captures and en passant */
    yes(S3b, "exd4", "e5d4");
    yes(S3b, "ed4", "e5d4");
    yes(S3b, "ed", "e5d4");
    yes(S3b, "e5d4", "e5d4");
    no(S3b, "e4", ARB_RS_CANNOT_REACH);
    yes(S6, "exd6", "e5d6");
    yes(S6, "ed6", "e5d6");
    yes(S6, "exd6e.p.", "e5d6");
    yes(P2, "cxd5", "c4d5");
    yes(P2, "exd5", "e4d5");
    no(P2, "xd5", ARB_RS_AMBIGUOUS);              /* case 65 */
    /* E. disambiguation */
    yes(D1, "Ngf3", "g1f3");
    yes(D1, "Nef3", "e1f3");
    no(D1, "Nf3", ARB_RS_AMBIGUOUS);              /* case 69 */
    no(D1, "N1f3", ARB_RS_AMBIGUOUS);             /* case 70 */
    yes(D2, "N5f3", "g5f3");
    yes(D2, "N1f3", "g1f3");
    no(D2, "Ngf3", ARB_RS_AMBIGUOUS);             /* case 72 */
    yes(D3, "Nhf3", "h2f3");
    yes(D3, "Ndf3", "d4f3");
    yes(D3, "N2f3", "h2f3");                      /* case 74 */
    yes(D6, "Nf3", "h2f3");                       /* case 78: Nd2 pinned */
    no(D6, "Ndf3", ARB_RS_KING_EXPOSED);          /* case 79 */
    yes(S9, "Nbd2", "b1d2");
    no(S9, "Nd2", ARB_RS_AMBIGUOUS);              /* case 81 */
    /* F. promotion */
    yes(PR1, "d8Q", "d7d8q");
    yes(PR1, "d8=Q", "d7d8q");
    yes(PR1, "d8=N", "d7d8n");
    yes(PR1, "d7d8q", "d7d8q");
    no(PR1, "d8", ARB_RS_PROMO_MISSING);          /* case 88 */
    no(PR1, "d8=K", ARB_RS_PROMO_BAD_PIECE);
    yes(PR2, "exf8N+", "e7f8n");
    yes(PR2, "exf8R", "e7f8r");
    no(S0, "e4=Q", ARB_RS_PROMO_NOT_LAST);
    /* G. mate */
    yes(FM, "Qh4#", "d8h4");
    /* H. castling */
    yes(C1, "O-O", "e1g1");
    yes(C1, "0-0-0", "e1c1");
    yes(C1, "o-o", "e1g1");
    yes(C1, "e1g1", "e1g1");                      /* UCI castling */
    yes(C1, "Kg1", "e1g1");                       /* case 116, lenient, noted */
    no(C2, "O-O", ARB_RS_CASTLE_ATTACKED);        /* case 117 */
    yes(C2, "O-O-O", "e1c1");                     /* case 118 */
    no("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "O-O-O", ARB_RS_CASTLE_BLOCKED);
    no("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "O-O", ARB_RS_CASTLE_NO_RIGHT);
    no("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "O-O", ARB_RS_CASTLE_IN_CHECK);
    /* I. Chess960 castling (X-FEN contexts) */
    {
        static const struct { const char *fen, *tok, *uci; int st; } c960[] = {
            {X1, "O-O-O", "b1a1", 0}, {X1, "O-O", "b1h1", 0}, {X2, "O-O", "f1g1", 0},
            {X3, "O-O", "g1h1", 0},   {X4, "O-O-O", "c1a1", 0},
            {X5, "O-O-O", "", ARB_RS_CASTLE_BLOCKED},
            {X2, "Kg1", "", ARB_RS_OWN_PIECE},
        };
        for (size_t i = 0; i < sizeof c960 / sizeof *c960; i++) {
            struct arb_pos pos;
            char err[200], uci[8] = "";
            struct arb_movedesc d;
            struct arb_parse_info info;
            struct arb_resolve r;
            arb_pos_from_fen(&pos, c960[i].fen, true, err, sizeof err);
            arb_notation_parse(arb_lang_find("en"), c960[i].tok, strlen(c960[i].tok), &d, &info);
            arb_san_resolve(&pos, &d, &r);
            if (r.status == ARB_RS_OK)
                arb_notation_uci(&pos, r.move, uci);
            ok((int)r.status == c960[i].st && strcmp(uci, c960[i].uci) == 0,
               "960: %s in %s -> %s status %d (got %s, %d)", c960[i].tok, c960[i].fen, c960[i].uci, c960[i].st,
               uci, r.status);
        }
    }
    /* Describe: minimal disambiguation, check and mate marks. */
    describe(D1, "g1f3", "Ngf3");
    describe(D2, "g5f3", "N5f3");
    describe(D3, "h2f3", "Nhf3");
    describe(D6, "h2f3", "Nf3");
    describe("4k3/8/8/8/8/N7/8/N3K1N1 w - - 0 1", "a1b3", "Nb3");
    describe("4k3/8/1N6/8/8/8/1N1N4/4K3 w - - 0 1", "b2c4", "Nb2c4");
    describe("4k3/8/1N6/8/8/8/1N1N4/4K3 w - - 0 1", "d2c4", "Ndc4");
    describe("4k3/8/1N6/8/8/8/1N1N4/4K3 w - - 0 1", "b6c4", "N6c4");
    describe(FM, "d8h4", "Qh4#");
    describe(S8_CHECK, "d4e3", "Qe3+");
    describe(C1, "e1g1", "O-O");
    describe(C1, "e1c1", "O-O-O");
    describe(S6, "e5d6", "exd6");
    describe(PR2, "e7f8n", "exf8=N+");
    describe(X1, "b1a1", "O-O-O");
    test_king_never_taken();
    return tap_done();
}
