/* test_notation.c — the notation parser: the fast path for plain SAN must
 * read every token exactly as the full parser does (same status, same
 * description, same forms, same error), over a generated set of tokens that
 * covers the fast path's own shapes and their near misses. */
#include "notation/notation.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

static const char *const pieces[] = {"", "N", "B", "R", "Q", "K", "P", "Kt", "n", "S", "D"};
static const char *const disamb[] = {"", "a", "e", "h", "1", "8", "e2", "x", "9", "i"};
static const char *const caps[] = {"", "x", ":", "-"};
static const char *const targets[] = {"e4", "a1", "h8", "e8", "d1", "b", "e", "i4", "e9", "4"};
static const char *const promos[] = {"", "=Q", "=N", "=K", "=P", "=", "Q", "(Q)", "=q", "=X"};
static const char *const marks[] = {"", "+", "#", "++", "+#", "!", "?!", "e.p.", "X"};

static int same(const struct arb_movedesc *a, const struct arb_movedesc *b)
{
    return a->piece == b->piece && a->from_file == b->from_file && a->from_rank == b->from_rank
           && a->to_file == b->to_file && a->to_rank == b->to_rank && a->promo == b->promo
           && a->castle == b->castle && a->capture == b->capture && a->check == b->check && a->ep == b->ep
           && a->null_move == b->null_move && a->coords == b->coords;
}

int main(void)
{
    const struct arb_lang *en = arb_lang_find("en");
    ok(en != NULL, "English table is registered");
    long tried = 0, differ = 0;
    char tok[64], first_bad[64] = "";
    for (size_t a = 0; a < sizeof pieces / sizeof *pieces; a++)
        for (size_t b = 0; b < sizeof disamb / sizeof *disamb; b++)
            for (size_t c = 0; c < sizeof caps / sizeof *caps; c++)
                for (size_t t = 0; t < sizeof targets / sizeof *targets; t++)
                    for (size_t p = 0; p < sizeof promos / sizeof *promos; p++)
                        for (size_t m = 0; m < sizeof marks / sizeof *marks; m++) {
                            snprintf(tok, sizeof tok, "%s%s%s%s%s%s", pieces[a], disamb[b], caps[c],
                                     targets[t], promos[p], marks[m]);
                            struct arb_movedesc d1, d2;
                            struct arb_parse_info i1, i2;
                            size_t n = strlen(tok);
                            enum arb_np_status s1 = arb_notation_parse(en, tok, n, &d1, &i1);
                            enum arb_np_status s2 = arb_notation_parse_full(en, tok, n, &d2, &i2);
                            tried++;
                            int eq = s1 == s2 && i1.forms == i2.forms && i1.nag == i2.nag
                                     && (s1 == ARB_NP_ERROR ? i1.error == i2.error : same(&d1, &d2));
                            if (!eq && !differ++)
                                snprintf(first_bad, sizeof first_bad, "%s", tok);
                        }
    static const char *const castles[] = {"O-O", "O-O-O", "0-0", "0-0-0", "o-o", "OO", "O-0", "O-O-O-O", "O-",
                                           "O-O+", "O-O-O#", "0-0++", "O-O!", "O-Ox", "0-0-0+", "Oe4", NULL};
    for (int i = 0; castles[i]; i++) {
        struct arb_movedesc d1, d2;
        struct arb_parse_info i1, i2;
        size_t n = strlen(castles[i]);
        enum arb_np_status s1 = arb_notation_parse(en, castles[i], n, &d1, &i1);
        enum arb_np_status s2 = arb_notation_parse_full(en, castles[i], n, &d2, &i2);
        tried++;
        int eq = s1 == s2 && i1.forms == i2.forms && (s1 == ARB_NP_ERROR ? i1.error == i2.error : same(&d1, &d2));
        if (!eq && !differ++)
            snprintf(first_bad, sizeof first_bad, "%s", castles[i]);
    }
    ok(differ == 0, "fast and full parsers agree on %ld generated tokens", tried);
    if (differ)
        printf("#   %ld tokens differ, first: %s\n", differ, first_bad);

    /* The fast path's own answers, spelled out. */
    struct arb_movedesc d;
    struct arb_parse_info info;
    is_int(arb_notation_parse(en, "Nbxd7+", 6, &d, &info), ARB_NP_MOVE, "Nbxd7+ is a move");
    ok(d.piece == ARB_KNIGHT && d.from_file == 1 && d.from_rank == -1 && d.to_file == 3 && d.to_rank == 6
           && d.capture && d.check == ARB_DESC_CHECK,
       "Nbxd7+: knight from the b-file captures on d7 with check");
    is_int(arb_notation_parse(en, "exd8=Q#", 7, &d, &info), ARB_NP_MOVE, "exd8=Q# is a move");
    ok(d.piece == ARB_PAWN && d.from_file == 4 && d.to_file == 3 && d.to_rank == 7 && d.promo == ARB_QUEEN
           && d.check == ARB_DESC_MATE && (info.forms & ARB_NF_PROMO_EQUALS),
       "exd8=Q#: pawn capture promoting to a queen, mate");
    is_int(arb_notation_parse(en, "Ktf3", 4, &d, &info), ARB_NP_MOVE, "Ktf3 (old English knight) is read");
    is_int(d.piece, ARB_KNIGHT, "Kt is a knight, not a king");
    is_int(arb_notation_parse(en, "Sf3", 3, &d, &info), ARB_NP_ERROR, "Sf3 is no English move");
    is_str(info.error, "unknown piece letter", "Sf3: the reason names the piece letter");
    return tap_done();
}
