/* lang_es.c — Spanish notation.
 *
 * Source: FIDE Laws, Appendix C.3: a player may use the initial letters
 * usual in his own country.  The letters are those of Spanish chess
 * terminology; the marks are FIDE's (C.9, C.11, C.13): castling with
 * zeros, promotion letter right after the square, "#" for mate, "e.p.".
 * Pawn letter P (peón) is read but is not FIDE notation (C.4).
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_es = {
    .code = "es",
    .name = "Spanish",
    .source = "FIDE Laws Appendix C.3 (letters usual in the player's country); Spanish chess terminology (rey, dama, torre, alfil, caballo; peón)",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "C",
        [ARB_BISHOP] = "A",
        [ARB_ROOK] = "T",
        [ARB_QUEEN] = "D",
        [ARB_KING] = "R",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Caballo", "caballo"},
        [ARB_BISHOP] = {"Alfil", "alfil"},
        [ARB_ROOK] = {"Torre", "torre"},
        [ARB_QUEEN] = {"Dama", "dama"},
        [ARB_KING] = {"Rey", "rey"},
    },
    .pawn_letter = "P",
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "C.3",
};
