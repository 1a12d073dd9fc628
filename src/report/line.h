/* line.h — one finding as a line of text, the same in every text output:
 * check's text report, replay and watch.
 *
 *   [FILE:LINE:COL: ]SEVERITY: [LABEL: ][MOVE: ]MESSAGE[EXTRA][ (ARTICLE)] [code]
 *
 * Everything that comes from the record (the file's name, the label, the
 * move, the message) is escaped for a terminal (base/msg.h).
 */
#ifndef ARB_LINE_H
#define ARB_LINE_H

#include <stdbool.h>

#include "base/finding.h"
#include "base/util.h"
#include "laws/replay.h"

/* How a finding's line is written. */
struct arb_line_opts {
    const char *file;        /* the location's file (NULL: no location) */
    unsigned game_line;      /* the location's line when the finding has none (0: the file alone) */
    bool col_always;         /* a finding without a column shows column 1 */
    const char *label;       /* the game, for a line read apart from it ("game 3, A - B"); NULL none */
    const char *extra;       /* said after the message (NULL: nothing) */
    bool article;            /* the article in the line (check's report gives it in its note) */
    bool color;              /* ANSI colours: the location bold, the severity in its colour */
};

/* The move a finding concerns ("21. Bc5"; nothing when it names none),
 * escaped: it is the file's text. */
void arb_line_move(struct arb_buf *b, const struct arb_outcome *oc, const struct arb_finding *f);

/* FILE:LINE:COL (or FILE:GAMELINE, or FILE), escaped, without the ": ". */
void arb_line_loc(struct arb_buf *b, const struct arb_finding *f, const struct arb_line_opts *o);

/* The line after "SEVERITY: ": [LABEL: ][MOVE: ]MESSAGE[EXTRA][ (ARTICLE)] [code]. */
void arb_line_text(struct arb_buf *b, const struct arb_finding *f, const struct arb_outcome *oc,
                   const struct arb_line_opts *o);

/* The whole line, no line end. */
void arb_line_finding(struct arb_buf *b, const struct arb_finding *f, const struct arb_outcome *oc,
                      const struct arb_line_opts *o);

#endif
