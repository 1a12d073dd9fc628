/* lang_is.c — Icelandic notation.
 *
 * Source: FIDE Laws, Appendix C.3: a player may use the initial letters
 * usual in his own country.  The letters are those of Icelandic chess
 * terminology; the marks are FIDE's (C.9, C.11, C.13): castling with
 * zeros, promotion letter right after the square, "#" for mate, "e.p.".
 * Pawn letter P (peð) is read but is not FIDE notation (C.4).
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_is = {
    .code = "is",
    .name = "Icelandic",
    .source = "FIDE Laws Appendix C.3 (letters usual in the player's country); Icelandic chess terminology (kóngur, drottning, hrókur, biskup, riddari; peð)",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "R",
        [ARB_BISHOP] = "B",
        [ARB_ROOK] = "H",
        [ARB_QUEEN] = "D",
        [ARB_KING] = "K",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Riddari", "riddari"},
        [ARB_BISHOP] = {"Biskup", "biskup"},
        [ARB_ROOK] = {"Hrókur", "Hrokur", "hrókur", "hrokur"},
        [ARB_QUEEN] = {"Drottning", "drottning"},
        [ARB_KING] = {"Kóngur", "Kongur", "kóngur", "kongur"},
    },
    .pawn_letter = "P",
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "C.3",
};
