/* view.h — a replayed game as people look at it (`arbiter replay`): the
 * positions of its main line kept as the replay gives them (with the
 * clocks it read and how each move was played), each finding placed at
 * the position it concerns, and the text of a position: its label
 * ("12... Nf6", a move not played as written says so), the side to move
 * and the clocks, the findings, what the replay played instead of a move
 * that cannot be played, the board (report/diagram.h), the game's heading.
 *
 * Formatting only, like the reports: which positions are shown, and how
 * they fit a screen, is the command's (cli/cmd_replay.c).  The file's
 * text in it is escaped for the terminal (base/msg.h).
 */
#ifndef ARB_REPORT_VIEW_H
#define ARB_REPORT_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/finding.h"
#include "base/util.h"
#include "chess/board.h"
#include "laws/replay.h"
#include "read/pgn.h"
#include "report/diagram.h"

/* One position of the main line, as the replay gave it. */
struct arb_view_step {
    struct arb_compact pk;        /* the position in 32 bytes (a long game's steps add up) */
    uint32_t fullmove;
    enum arb_step_status status;  /* to move, in check, checkmated, stalemated (the replay says) */
    enum arb_step_how how;        /* the move as written, repaired, or illegal and followed */
    arb_move move;
    int node;
    const char *token;
    size_t len;
    long clk[2];                  /* the clocks' last readings in tenths, -1 none (as the replay read them) */
    int clk_ply[2];               /* the ply each reading was taken after */
    int first, n;                 /* its findings: order[first .. first + n) */
};

/* A replayed game's positions, its outcome, and its findings grouped by
 * the step they are shown at. */
struct arb_view {
    struct arb_game *g;
    struct arb_outcome oc;
    struct arb_view_step *steps;
    int n, cap;
    struct arb_pos start;         /* the first step's position: what compacting leaves out */
    int *order;                   /* finding indexes grouped by step */
    bool clocks;                  /* the record holds clock readings */
    bool flip;
    unsigned flags;               /* ARB_DIAGRAM_UNICODE, ARB_DIAGRAM_COLOR */
};

/* arb_replay's on_position hook (ctx: a struct arb_view, zeroed but for g,
 * flip and flags): keep the position of the step.  Aborts on a position
 * that does not compact (a record's never: its FEN is read strictly). */
void arb_view_collect(void *vctx, const struct arb_replay_step *st);
/* Place the game's findings at the steps they are shown at (v->n > 0): the
 * position before an illegal move, the position a move made for a
 * repetition; the game's own (ply 0) at the last; a variation's nowhere. */
void arb_view_place_findings(struct arb_view *v);
/* Free what the view holds (not its game). */
void arb_view_free(struct arb_view *v);

/* The position of step k, into *pos (returned). */
const struct arb_pos *arb_view_step_pos(const struct arb_view *v, int k, struct arb_pos *pos);
/* Has step k something to show: a finding, or a move not played as written? */
bool arb_view_noted(const struct arb_view *v, int k);
/* Finding j of those placed at step s. */
const struct arb_finding *arb_view_finding_at(const struct arb_view *v, const struct arb_view_step *s, int j);

/* The move as written at step s (a runaway token cut to max bytes and "..."). */
void arb_view_written(struct arb_buf *b, const struct arb_view_step *s, size_t max);
/* "12... Nf6", or "Start position"; a move not played as written says so. */
void arb_view_step_label(struct arb_buf *b, const struct arb_view *v, int k);
/* "White to move", "Black to move, in check", "checkmate", ... and the
 * clocks; a newline ends it. */
void arb_view_status_line(struct arb_buf *b, const struct arb_view *v, int k);
/* One finding: "error: 9. Qh6: the white queen ... [illegal-move] (Art. 3.4)",
 * and its note (--repair's) on a line of its own. */
void arb_view_finding_line(struct arb_buf *b, const struct arb_view *v, const struct arb_finding *f);
/* A move not played as written at step k: what the replay played, and the
 * errors and warnings about the move written.  Nothing for a legal move. */
void arb_view_played_lines(struct arb_buf *b, const struct arb_view *v, int k);
/* The findings placed at step k; at the last step of a replay that could
 * not go on, that it ends there. */
void arb_view_finding_lines(struct arb_buf *b, const struct arb_view *v, int k);
/* The diagram of step k (its position into *pos): its last move, and the
 * moves its findings concern. */
void arb_view_diagram(const struct arb_view *v, int k, struct arb_diagram *d, struct arb_pos *pos);
/* The board of step k as text (v->flags, v->flip). */
void arb_view_board(struct arb_buf *b, const struct arb_view *v, int k);
/* One position as the printed replay shows it: label, board, status,
 * what was played instead, findings. */
void arb_view_show_step(struct arb_buf *b, const struct arb_view *v, int k);
/* "Game 2 of 3 in round5.pgn: Aho, A - Berg, B, round 5, board 3, Club ch,
 * 2026.11.20, 1-0" and a newline: the game's number (of how many, when
 * total is not 0), the file, the players and the round, the event, the
 * date and the result. */
void arb_view_heading(struct arb_buf *b, const struct arb_view *v, uint64_t total);

#endif
