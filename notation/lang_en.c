/* lang_en.c — English notation, as PGN export uses it.
 *
 * Source: PGN Standard 1994 §8.2.3 (SAN: K Q R B N, "x", "=Q", "+", "#",
 * O-O with capital letter O); FIDE Laws Appendix C (English text) for the
 * letters and the optional forms 0-0 and "++".
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_en = {
    .code = "en",
    .name = "English",
    .source = "PGN Standard 1994 §8.2.3; FIDE Laws of Chess, Appendix C (English text)",
    .piece = {NULL, "N", "B", "R", "Q", "K"},
    .piece_alt = {{NULL}, {"Kt", NULL}, {NULL}, {NULL}, {NULL}, {NULL}},
    .pawn_letter = "P",
    .castle_h = "O-O",
    .castle_a = "O-O-O",
    .promo_sep = "=",
    .mate_mark = "#",
    .ep_marks = {"e.p.", NULL},
    .flags = ARB_LANG_PGN,
    .article_letters = "C.2",
};
