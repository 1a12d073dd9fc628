/* lang_fig.c — figurine algebraic notation.
 *
 * Source: FIDE Laws, Appendix C.3 (figurines are recommended in printed
 * periodicals).  Pieces are the Unicode chess symbols U+2654-U+2658 (white);
 * the black ones U+265A-U+265E are read as well.  Marks as in FIDE C.9,
 * C.11, C.13: 0-0, d8♕, "#", "e.p.".
 */
#include "notation/notation.h"

const struct arb_lang arb_lang_fig = {
    .code = "fig",
    .name = "figurine",
    .source = "FIDE Laws Appendix C.3 (figurines recommended for printed periodicals); Unicode chess symbols U+2654-U+265F",
    .piece = {
        [ARB_PAWN] = NULL,
        [ARB_KNIGHT] = "♘",
        [ARB_BISHOP] = "♗",
        [ARB_ROOK] = "♖",
        [ARB_QUEEN] = "♕",
        [ARB_KING] = "♔",
    },
    .piece_alt = {
        [ARB_KNIGHT] = {"♞"},
        [ARB_BISHOP] = {"♝"},
        [ARB_ROOK] = {"♜"},
        [ARB_QUEEN] = {"♛"},
        [ARB_KING] = {"♚"},
    },
    .pawn_letter = NULL,
    .castle_h = "0-0",
    .castle_a = "0-0-0",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .flags = ARB_LANG_FIGURINE,
    .article_letters = "C.3",
};
