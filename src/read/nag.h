/* nag.h — annotation glyphs and their Numeric Annotation Glyphs.
 *
 * PGN writes annotations as NAGs ($1 ... $255, PGN standard §10); editors
 * and printed sources write the same as symbols: "!", "?!", "±", "+−",
 * "∞", "□", "⨀" (the Informator and ChessBase glyphs, with lichess's and
 * python-chess's numbering).  One table maps both ways, used by the lexer
 * (a glyph standing as its own word is a NAG token) and by the notation
 * layer (a glyph glued to a move, "e4!?", "Nf3±").
 */
#ifndef ARB_NAG_H
#define ARB_NAG_H

#include <stddef.h>

/* The NAG a glyph of n bytes at s stands for (the whole n bytes), or 0. */
int arb_nag_of_glyph(const char *s, size_t n);

/* The annotation glued to the end of a move ("e4!?", "Nf3±"): the length
 * of the glyph the n bytes at s end with (*nag its number), or 0.  Only
 * glyphs no move can end with: a run of '!' and '?' (one that is no glyph,
 * "e4!!!", returns its length with *nag 0), or a Unicode symbol; not "=",
 * "+-" or "-+", which read as a promotion or a check mark.  Never the
 * whole n bytes. */
size_t arb_nag_glued(const char *s, size_t n, int *nag);

/* The glyph that writes NAG nag ("!?", "±"), or NULL if it has none. */
const char *arb_nag_glyph(int nag);

#endif
