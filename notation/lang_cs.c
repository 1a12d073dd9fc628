/* lang_cs.c — Czech notation.
 *
 * Source: FIDE Laws, Appendix C.3: a player may use the initial letters
 * usual in his own country.  The letters are those of Czech chess
 * terminology; the marks are FIDE's (C.9, C.11, C.13): castling with
 * zeros, promotion letter right after the square, "#" for mate, "e.p.".
 * Pawn letter P (pěšec) is read but is not FIDE notation (C.4).
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_cs = {
    .code = "cs",
    .name = "Czech",
    .source = "FIDE Laws Appendix C.3 (letters usual in the player's country); Czech chess terminology (král, dáma, věž, střelec, jezdec; pěšec)",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "J",
        [ARB_BISHOP] = "S",
        [ARB_ROOK] = "V",
        [ARB_QUEEN] = "D",
        [ARB_KING] = "K",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Jezdec", "jezdec"},
        [ARB_BISHOP] = {"Střelec", "Strelec", "střelec", "strelec"},
        [ARB_ROOK] = {"Věž", "Vez", "věž", "vez"},
        [ARB_QUEEN] = {"Dáma", "Dama", "dáma", "dama"},
        [ARB_KING] = {"Král", "Kral", "král", "kral"},
    },
    .pawn_letter = "P",
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "C.3",
};
