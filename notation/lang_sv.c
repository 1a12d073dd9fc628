/* lang_sv.c — Swedish notation.
 *
 * Source: FIDE Laws, Appendix C.3: a player may use the initial letters
 * usual in his own country.  The letters are those of Swedish chess
 * terminology; the marks are FIDE's (C.9, C.11, C.13): castling with
 * zeros, promotion letter right after the square, "#" for mate, "e.p.".
 * Pawn letter B (bonde) is read but is not FIDE notation (C.4).
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_sv = {
    .code = "sv",
    .name = "Swedish",
    .source = "FIDE Laws Appendix C.3 (letters usual in the player's country); Swedish chess terminology (kung, dam, torn, löpare, springare; bonde)",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "S",
        [ARB_BISHOP] = "L",
        [ARB_ROOK] = "T",
        [ARB_QUEEN] = "D",
        [ARB_KING] = "K",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Springare", "springare"},
        [ARB_BISHOP] = {"Löpare", "Lopare", "löpare", "lopare"},
        [ARB_ROOK] = {"Torn", "torn"},
        [ARB_QUEEN] = {"Dam", "Drottning", "dam", "drottning"},
        [ARB_KING] = {"Kung", "kung"},
    },
    .pawn_letter = "B",
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "C.3",
};
