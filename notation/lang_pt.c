/* lang_pt.c — Portuguese notation.
 *
 * Source: FIDE Laws, Appendix C.3: a player may use the initial letters
 * usual in his own country.  The letters are those of Portuguese chess
 * terminology; the marks are FIDE's (C.9, C.11, C.13): castling with
 * zeros, promotion letter right after the square, "#" for mate, "e.p.".
 * Pawn letter P (peão) is read but is not FIDE notation (C.4).
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_pt = {
    .code = "pt",
    .name = "Portuguese",
    .source = "FIDE Laws Appendix C.3 (letters usual in the player's country); Portuguese chess terminology (rei, dama, torre, bispo, cavalo; peão)",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "C",
        [ARB_BISHOP] = "B",
        [ARB_ROOK] = "T",
        [ARB_QUEEN] = "D",
        [ARB_KING] = "R",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Cavalo", "cavalo"},
        [ARB_BISHOP] = {"Bispo", "bispo"},
        [ARB_ROOK] = {"Torre", "torre"},
        [ARB_QUEEN] = {"Dama", "dama"},
        [ARB_KING] = {"Rei", "rei"},
    },
    .pawn_letter = "P",
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "C.3",
};
