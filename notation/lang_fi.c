/* lang_fi.c — Finnish notation.
 *
 * Source: FIDE Laws of Chess 2014, 2017 and 2018, Finnish text, Appendix C
 * (RULES.md §1): C.2 letters K D T L R (kuningas, daami/kuningatar, torni,
 * lähetti, ratsu); C.9 en passant "o.l." (ohestalyönti) or "e.p.";
 * C.11 promotion d8D; C.13 castling 0-0 / 0-0-0, mate "++" or a capital X
 * (ARB_LANG_X_MATE).  Pawns carry no letter; the text warns against the
 * pawn letter s (sotilas): "e5, not se5".
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_fi = {
    .code = "fi",
    .name = "Finnish",
    .source = "FIDE Laws of Chess 2014/2017/2018 (Finnish text), Appendix C.2, C.9, C.13",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "R",
        [ARB_BISHOP] = "L",
        [ARB_ROOK] = "T",
        [ARB_QUEEN] = "D",
        [ARB_KING] = "K",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Ratsu", "ratsu"},
        [ARB_BISHOP] = {"Lähetti", "Lahetti", "lähetti", "lahetti"},
        [ARB_ROOK] = {"Torni", "torni"},
        [ARB_QUEEN] = {"Daami", "Kuningatar", "daami", "kuningatar"},
        [ARB_KING] = {"Kuningas", "kuningas"},
    },
    .pawn_letter = "s",
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "++",
    .ep_marks = {"o.l.", "e.p."},
    .flags = ARB_LANG_X_MATE,
    .article_letters = "C.2",
};
