/* lang_ru.c — Russian notation.
 *
 * Source: FIDE Laws, Appendix C.3: a player may use the initial letters
 * usual in his own country.  The letters are those of Russian chess
 * terminology; the marks are FIDE's (C.9, C.11, C.13): castling with
 * zeros, promotion letter right after the square, "#" for mate, "e.p.".
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_ru = {
    .code = "ru",
    .name = "Russian",
    .source = "FIDE Laws Appendix C.3 (letters usual in the player's country); Russian chess terminology (король, ферзь, ладья, слон, конь)",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "К",
        [ARB_BISHOP] = "С",
        [ARB_ROOK] = "Л",
        [ARB_QUEEN] = "Ф",
        [ARB_KING] = "Кр",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Конь", "конь"},
        [ARB_BISHOP] = {"Слон", "слон"},
        [ARB_ROOK] = {"Ладья", "ладья"},
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
