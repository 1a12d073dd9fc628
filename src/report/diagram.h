/* diagram.h — a position drawn for people: a board for the terminal and an
 * SVG diagram.
 *
 * Formatting only, like the reports: a diagram is a position plus what to
 * mark on it (the move that led to it, the offending move), and these
 * functions append its text to a buffer.  Nothing here decides which
 * position or which move; `arbiter replay` and the HTML report do.
 */
#ifndef ARB_DIAGRAM_H
#define ARB_DIAGRAM_H

#include <stdbool.h>

#include "chess/board.h"
#include "base/finding.h"
#include "base/util.h"

#define ARB_DIAGRAM_MAX_ARROWS 4

struct arb_diagram {
    const struct arb_pos *pos;
    bool flip;                    /* Black's view: rank 1 at the top, the h-file on the left */
    int last_from, last_to;       /* the move that led to pos (highlighted, thin arrow); -1 none */
    int n_arrows;                 /* the offending move(s), drawn as red arrows */
    struct {
        int from, to;             /* from -1: only the target square is known (ringed) */
    } arrows[ARB_DIAGRAM_MAX_ARROWS];
    uint64_t framed;              /* squares framed in the SVG: the pieces a move could mean (an
                                     ambiguous move's candidates); bit n for square n, a1 = 0 */
};

/* A diagram of pos with nothing marked. */
void arb_diagram_init(struct arb_diagram *d, const struct arb_pos *pos);
/* Mark m as the move that led to the position (castling: the king's move).
 * m is a move of the position before, so its kind is taken from m itself. */
void arb_diagram_set_last(struct arb_diagram *d, arb_move m);
/* Mark an offending move (from -1: the target square alone).  Squares out
 * of range and arrows past ARB_DIAGRAM_MAX_ARROWS are ignored. */
void arb_diagram_add_arrow(struct arb_diagram *d, int from, int to);

enum {
    ARB_DIAGRAM_UNICODE = 1,      /* chess symbols (U+2654..U+265F); else letters, White upper case */
    ARB_DIAGRAM_COLOR = 2         /* ANSI 256-colour squares and highlights; else brackets mark squares */
};

/* Mark on it the move the finding f concerns (f->mark_from, f->mark_to),
 * if it names one, and frame the pieces it could mean (f->mark_pieces). */
void arb_diagram_add_finding(struct arb_diagram *d, const struct arb_finding *f);

/* The board as text, eight ranks and a line of file letters, each line
 * ending in a newline.  Without colour the last move's squares are
 * written [x] and the offending move's (x). */
void arb_diagram_text(struct arb_buf *b, const struct arb_diagram *d, unsigned flags);

/* The pieces' drawings as SVG <symbol>s (ids arb-wK ... arb-bP), once per
 * document that holds several diagrams inline (arb_diagram_svg with
 * standalone false refers to them). */
void arb_diagram_svg_defs(struct arb_buf *b);

/* The diagram as SVG (the framed squares too: the terminal board does not
 * show them): standalone, a whole document (XML declaration and
 * its own piece symbols); else an <svg> element for an HTML page that has
 * written arb_diagram_svg_defs() once.  title (may be NULL) becomes the
 * <title> and the accessible name; it is escaped here. */
void arb_diagram_svg(struct arb_buf *b, const struct arb_diagram *d, bool standalone, const char *title);

#endif
