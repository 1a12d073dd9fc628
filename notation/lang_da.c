/* lang_da.c — Danish notation.
 *
 * Source: FIDE Laws, Appendix C.3: a player may use the initial letters
 * usual in his own country.  The letters are those of Danish chess
 * terminology; the marks are FIDE's (C.9, C.11, C.13): castling with
 * zeros, promotion letter right after the square, "#" for mate, "e.p.".
 * Pawn letter B (bonde) is read but is not FIDE notation (C.4).
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_da = {
    .code = "da",
    .name = "Danish",
    .source = "FIDE Laws Appendix C.3 (letters usual in the player's country); Danish chess terminology (konge, dronning, tårn, løber, springer; bonde)",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "S",
        [ARB_BISHOP] = "L",
        [ARB_ROOK] = "T",
        [ARB_QUEEN] = "D",
        [ARB_KING] = "K",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Springer", "springer"},
        [ARB_BISHOP] = {"Løber", "Lober", "Loeber", "løber", "lober", "loeber"},
        [ARB_ROOK] = {"Tårn", "Tarn", "Taarn", "tårn", "tarn", "taarn"},
        [ARB_QUEEN] = {"Dronning", "dronning"},
        [ARB_KING] = {"Konge", "konge"},
    },
    .pawn_letter = "B",
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "C.3",
};
