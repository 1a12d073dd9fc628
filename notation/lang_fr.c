/* lang_fr.c — French notation.
 *
 * Source: FIDE Laws, Appendix C.3: a player may use the initial letters
 * usual in his own country.  The letters are those of French chess
 * terminology; the marks are FIDE's (C.9, C.11, C.13): castling with
 * zeros, promotion letter right after the square, "#" for mate, "e.p.".
 * Pawn letter P (pion) is read but is not FIDE notation (C.4).
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_fr = {
    .code = "fr",
    .name = "French",
    .source = "FIDE Laws Appendix C.3 (letters usual in the player's country); French chess terminology (roi, dame, tour, fou, cavalier; pion)",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "C",
        [ARB_BISHOP] = "F",
        [ARB_ROOK] = "T",
        [ARB_QUEEN] = "D",
        [ARB_KING] = "R",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Cavalier", "cavalier"},
        [ARB_BISHOP] = {"Fou", "fou"},
        [ARB_ROOK] = {"Tour", "tour"},
        [ARB_QUEEN] = {"Dame", "dame"},
        [ARB_KING] = {"Roi", "roi"},
    },
    .pawn_letter = "P",
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "C.3",
};
