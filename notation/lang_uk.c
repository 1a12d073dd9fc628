/* lang_uk.c — Ukrainian notation.
 *
 * Source: FIDE Laws, Appendix C.3: a player may use the initial letters
 * usual in his own country.  The letters are those of Ukrainian chess
 * terminology; the marks are FIDE's (C.9, C.11, C.13): castling with
 * zeros, promotion letter right after the square, "#" for mate, "e.p.".
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_uk = {
    .code = "uk",
    .name = "Ukrainian",
    .source = "FIDE Laws Appendix C.3 (letters usual in the player's country); Ukrainian chess terminology (король, ферзь, тура, слон, кінь)",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "К",
        [ARB_BISHOP] = "С",
        [ARB_ROOK] = "Т",
        [ARB_QUEEN] = "Ф",
        [ARB_KING] = "Кр",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Кінь", "кінь"},
        [ARB_BISHOP] = {"Слон", "слон"},
        [ARB_ROOK] = {"Тура", "тура"},
        [ARB_QUEEN] = {"Ферзь", "ферзь"},
        [ARB_KING] = {"Король", "король"},
    },
    .pawn_letter = NULL,
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "C.3",
};
