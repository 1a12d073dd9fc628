/* lang_pl.c — Polish notation.
 *
 * Source: FIDE Laws, Appendix C.3: a player may use the initial letters
 * usual in his own country.  The letters are those of Polish chess
 * terminology; the marks are FIDE's (C.9, C.11, C.13): castling with
 * zeros, promotion letter right after the square, "#" for mate, "e.p.".
 * Pawn letter P (pion) is read but is not FIDE notation (C.4).
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_pl = {
    .code = "pl",
    .name = "Polish",
    .source = "FIDE Laws Appendix C.3 (letters usual in the player's country); Polish chess terminology (król, hetman, wieża, goniec, skoczek; pion)",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "S",
        [ARB_BISHOP] = "G",
        [ARB_ROOK] = "W",
        [ARB_QUEEN] = "H",
        [ARB_KING] = "K",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Skoczek", "skoczek"},
        [ARB_BISHOP] = {"Goniec", "goniec"},
        [ARB_ROOK] = {"Wieża", "Wieza", "wieża", "wieza"},
        [ARB_QUEEN] = {"Hetman", "hetman"},
        [ARB_KING] = {"Król", "Krol", "król", "krol"},
    },
    .pawn_letter = "P",
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "C.3",
};
