/* lang_et.c — Estonian notation.
 *
 * Source: FIDE Laws of Chess 2009, Estonian text, Appendix C (RULES.md §1):
 * C.2 letters K L V O R (kuningas, lipp, vanker, oda, ratsu); C.9 en
 * passant "e.p."; C.12 promotion d8L; C.13 castling 0-0 / 0-0-0, mate
 * "++" or "#".  L is the queen here (the bishop in fi, de, nl).
 * The bishop's word "Oda" is no alternative spelling: Oda4 is a bishop
 * move (O, from file d, to a4) that the longer spelling would swallow.
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_et = {
    .code = "et",
    .name = "Estonian",
    .source = "FIDE Laws of Chess 2009 (Estonian text), Appendix C.2, C.9, C.13",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "R",
        [ARB_BISHOP] = "O",
        [ARB_ROOK] = "V",
        [ARB_QUEEN] = "L",
        [ARB_KING] = "K",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"Ratsu", "ratsu"},
        [ARB_ROOK] = {"Vanker", "vanker"},
        [ARB_QUEEN] = {"Lipp", "lipp"},
        [ARB_KING] = {"Kuningas", "kuningas"},
    },
    .pawn_letter = NULL,
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "C.2",
};
