/* lang_nl.c — Dutch notation.
 *
 * Source: FIDE Laws, Appendix C.3: a player may use the initial letters
 * usual in his own country.  The letters are those of Dutch chess
 * terminology; the marks are FIDE's (C.9, C.11, C.13): castling with
 * zeros, promotion letter right after the square, "#" for mate, "e.p.".
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_nl = {
    .code = "nl",
    .name = "Dutch",
    .source = "FIDE Laws Appendix C.3 (letters usual in the player's country); Dutch chess terminology (koning, dame, toren, loper, paard)",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "P",
        [ARB_BISHOP] = "L",
        [ARB_ROOK] = "T",
        [ARB_QUEEN] = "D",
        [ARB_KING] = "K",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Paard", "paard"},
        [ARB_BISHOP] = {"Loper", "loper"},
        [ARB_ROOK] = {"Toren", "toren"},
        [ARB_QUEEN] = {"Dame", "dame"},
        [ARB_KING] = {"Koning", "koning"},
    },
    .pawn_letter = NULL,
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "C.3",
};
