/* lang_hu.c — Hungarian notation.
 *
 * Source: FIDE Laws, Appendix C.3: a player may use the initial letters
 * usual in his own country.  The letters are those of Hungarian chess
 * terminology; the marks are FIDE's (C.9, C.11, C.13): castling with
 * zeros, promotion letter right after the square, "#" for mate, "e.p.".
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_hu = {
    .code = "hu",
    .name = "Hungarian",
    .source = "FIDE Laws Appendix C.3 (letters usual in the player's country); Hungarian chess terminology (király, vezér, bástya, futó, huszár)",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "H",
        [ARB_BISHOP] = "F",
        [ARB_ROOK] = "B",
        [ARB_QUEEN] = "V",
        [ARB_KING] = "K",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Huszár", "Huszar", "huszár", "huszar"},
        [ARB_BISHOP] = {"Futó", "Futo", "futó", "futo"},
        [ARB_ROOK] = {"Bástya", "Bastya", "bástya", "bastya"},
        [ARB_QUEEN] = {"Vezér", "Vezer", "vezér", "vezer"},
        [ARB_KING] = {"Király", "Kiraly", "király", "kiraly"},
    },
    .pawn_letter = NULL,
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "C.3",
};
