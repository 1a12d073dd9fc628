/* lang_de.c — German notation.
 *
 * Source: FIDE Laws, Appendix C.3: a player may use the initial letters
 * usual in his own country.  The letters are those of German chess
 * terminology; the marks are FIDE's (C.9, C.11, C.13): castling with
 * zeros, promotion letter right after the square, "#" for mate, "e.p.".
 * Pawn letter B (Bauer) is read but is not FIDE notation (C.4).
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_de = {
    .code = "de",
    .name = "German",
    .source = "FIDE Laws Appendix C.3 (letters usual in the player's country); German chess terminology (König, Dame, Turm, Läufer, Springer; Bauer)",
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
        [ARB_BISHOP] = {"Läufer", "Laufer", "Laeufer", "läufer", "laufer", "laeufer"},
        [ARB_ROOK] = {"Turm", "turm"},
        [ARB_QUEEN] = {"Dame", "dame"},
        [ARB_KING] = {"König", "Konig", "Koenig", "könig", "konig", "koenig"},
    },
    .pawn_letter = "B",
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "C.3",
};
