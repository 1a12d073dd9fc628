/* pgn_out.h — the one PGN writer: tags in export order and movetext
 * wrapped at 80 columns.  `arbiter convert` writes every game again through
 * it, `arbiter reconstruct` the game it found.
 */
#ifndef ARB_PGN_OUT_H
#define ARB_PGN_OUT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/util.h"
#include "read/pgn.h"
#include "laws/replay.h"

/* The tag section: the seven-tag roster first (in its order, "?" and the
 * like where the game has none, Result as given), then the game's other
 * tags as they stood (a repeated name once), and the blank line. */
void arb_pgn_out_tags(struct arb_buf *b, const struct arb_game *g, const char *result);

/* Movetext being written into b: words are separated by a space, or by a
 * line break where the line would pass 80 columns (counted in characters:
 * Cyrillic letters and figurines take more than one byte each). */
struct arb_pgn_out {
    struct arb_buf *b;
    size_t line_start;            /* where the current line starts in b */
    size_t counted, col;          /* col: the characters of b from line_start to counted */
    bool glue;                    /* the next word follows without a space ("(" before it) */
};

void arb_pgn_out_start(struct arb_pgn_out *w, struct arb_buf *b);
/* One unit kept on one line (a move with its number: "12. e4"). */
void arb_pgn_out_word(struct arb_pgn_out *w, const char *s, size_t n);
/* A comment, s the text between the braces: its words wrapped like moves;
 * a text that holds '}' (a rest-of-line comment's) is written as a
 * rest-of-line comment, on one line, and the line ended. */
void arb_pgn_out_comment(struct arb_pgn_out *w, const char *s, size_t n);
/* Text kept whole on a line of its own (a long verdict comment); the next
 * word follows on the same line. */
void arb_pgn_out_line(struct arb_pgn_out *w, const char *s, size_t n);
/* End the current line, if anything stands on it. */
void arb_pgn_out_newline(struct arb_pgn_out *w);
/* "(" and ")" of a variation. */
void arb_pgn_out_open(struct arb_pgn_out *w);
void arb_pgn_out_close(struct arb_pgn_out *w);
/* The termination marker, and the blank line after the game. */
void arb_pgn_out_end(struct arb_pgn_out *w, const char *result);

/* The movetext of a replayed game again (arbiter convert): move_text[i]
 * is node i's move as it is to be written (NULL: a node that is not
 * written: a check mark standing alone, a move that was not played);
 * numbers as PGN export writes them ("12." before White's move, "12..."
 * before Black's after an interruption), comments as brace comments,
 * annotation glyphs as NAGs, variations and the draw offers kept. */
void arb_pgn_out_movetext(struct arb_buf *b, const struct arb_game *g, char *const *move_text,
                          const struct arb_outcome *oc, const char *result);

/* The game's text as read with the moves --repair replaced (outcome.repairs)
 * written over, each followed by a comment that says what was written and
 * why the repair fits: "Nf3 {arbiter --repair: written 'Nf5', '5' for '3'}";
 * and the result as outcome.fix has it: the Result and PlyCount tags'
 * values, the termination marker replaced or written, the comments that
 * say so before the marker ("{arbiter --repair: the Result tag said 1-0;
 * the game ended in checkmate at ply 60: 0-1} 0-1").  Everything else is
 * the text as read (decoded, UTF-8). */
void arb_pgn_out_repaired(struct arb_buf *b, const struct arb_game *g, const struct arb_outcome *oc);

#endif
