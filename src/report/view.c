/* view.c — a replayed game as people look at it (see view.h): the
 * positions arb_replay() gives kept compact, the findings grouped by the
 * step they are shown at (a counting sort: a long game with many findings
 * stays linear), and the text of a position for the terminal.  Part of
 * report/, used by `arbiter replay` (cli/cmd_replay.c).
 */
#include "report/view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/msg.h"
#include "base/utf8.h"
#include "read/timectl.h"
#include "report/report.h"
#include "report/line.h"

void arb_view_collect(void *vctx, const struct arb_replay_step *st)
{
    struct arb_view *v = vctx;
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 128;
        struct arb_view_step *s = realloc(v->steps, (size_t)cap * sizeof *s);
        if (!s)
            arb_out_of_memory();
        v->steps = s;
        v->cap = cap;
    }
    if (!v->n)
        v->start = *st->pos;
    struct arb_view_step *s = &v->steps[v->n++];
    memset(s, 0, sizeof *s);
    /* (A record's positions fit: its FEN is read strictly, 32 men at most.) */
    if (!arb_pos_compact(st->pos, &s->pk))
        abort();
    s->fullmove = st->pos->fullmove;
    s->status = st->status;
    s->how = st->how;
    s->move = st->move;
    s->node = st->node;
    s->token = st->token;
    s->len = st->len;
    memcpy(s->clk, st->clk, sizeof s->clk);
    memcpy(s->clk_ply, st->clk_ply, sizeof s->clk_ply);
    if (st->clk[0] >= 0 || st->clk[1] >= 0)
        v->clocks = true;
}

/* The position of step k, into *pos. */
const struct arb_pos *arb_view_step_pos(const struct arb_view *v, int k, struct arb_pos *pos)
{
    arb_pos_expand(&v->steps[k].pk, &v->start, pos);
    pos->fullmove = v->steps[k].fullmove;
    return pos;
}

/* The step a finding is shown at, or -1 (a variation's). */
static int step_of(const struct arb_view *v, const struct arb_finding *f)
{
    if (f->variation)
        return -1;
    int at = f->pos ? f->pos_ply : f->ply;
    if (f->ply == 0 || at >= v->n || at < 0)
        return v->n - 1;
    return at;
}

void arb_view_place_findings(struct arb_view *v)
{
    const struct arb_findings *fs = &v->g->findings;
    v->order = malloc((size_t)(fs->n ? fs->n : 1) * sizeof *v->order);
    if (!v->order)
        arb_out_of_memory();
    /* Grouped by step in one pass over each (a counting sort, in finding
     * order within a step): a long game with many findings stays linear. */
    for (int k = 0; k < v->n; k++)
        v->steps[k].n = 0;
    for (int i = 0; i < fs->n; i++) {
        int k = step_of(v, &fs->v[i]);
        if (k >= 0)
            v->steps[k].n++;
    }
    int used = 0;
    for (int k = 0; k < v->n; k++) {
        v->steps[k].first = used;
        used += v->steps[k].n;
        v->steps[k].n = 0;
    }
    for (int i = 0; i < fs->n; i++) {
        int k = step_of(v, &fs->v[i]);
        if (k >= 0)
            v->order[v->steps[k].first + v->steps[k].n++] = i;
    }
}

/* Has step k something to show: a finding, or a move not played as written? */
bool arb_view_noted(const struct arb_view *v, int k)
{
    return v->steps[k].n > 0 || v->steps[k].how != ARB_STEP_LEGAL;
}

const struct arb_finding *arb_view_finding_at(const struct arb_view *v, const struct arb_view_step *s, int j)
{
    return &v->g->findings.v[v->order[s->first + j]];
}

/* The move as written at step k (a runaway token cut to max bytes and "..."). */
void arb_view_written(struct arb_buf *b, const struct arb_view_step *s, size_t max)
{
    size_t cut = s->len > max + 8 ? arb_utf8_prefix(s->token, s->len, max) : s->len;
    arb_term_escape(b, s->token, cut);   /* the file's text: escaped (msg.h) */
    arb_buf_adds(b, cut < s->len ? "..." : "");
}

/* The repair --repair made at step k (ARB_STEP_REPAIRED): the move played
 * instead of the one written, and why it is the nearest. */
static const struct arb_repair *repair_of(const struct arb_view *v, int k)
{
    for (int i = 0; i < v->oc.repaired; i++)
        if (v->oc.repairs[i].node == v->steps[k].node)
            return &v->oc.repairs[i];
    return NULL;
}

/* "12... Nf6", or "Start position"; a move not played as written says so. */
void arb_view_step_label(struct arb_buf *b, const struct arb_view *v, int k)
{
    const struct arb_view_step *s = &v->steps[k];
    if (k == 0) {
        arb_buf_adds(b, "Start position");
        return;
    }
    char label[24];
    arb_ply_label(&v->oc, k, label, sizeof label);
    arb_buf_adds(b, label);
    const struct arb_repair *r = s->how == ARB_STEP_REPAIRED ? repair_of(v, k) : NULL;
    if (r) {
        arb_term_escapes(b, r->move);
        arb_buf_adds(b, " (repaired; written ");
        arb_view_written(b, s, 32);
        arb_buf_addc(b, ')');
        return;
    }
    arb_view_written(b, s, 32);
    if (s->how == ARB_STEP_AS_WRITTEN)
        arb_buf_adds(b, " (illegal; played as written)");
    else if (s->how == ARB_STEP_FOLLOWED)
        arb_buf_adds(b, " (illegal; the record goes on from it)");
}

/* "White to move", "Black to move, in check", "checkmate", ... and the clocks. */
void arb_view_status_line(struct arb_buf *b, const struct arb_view *v, int k)
{
    const char *side = v->steps[k].pk.side == ARB_WHITE ? "White" : "Black";
    const struct arb_view_step *s = &v->steps[k];
    if (s->status == ARB_STEP_CHECKMATE || s->status == ARB_STEP_STALEMATE)
        arb_buf_printf(b, "%s is %s", side, s->status == ARB_STEP_CHECKMATE ? "checkmated" : "stalemated");
    else
        arb_buf_printf(b, "%s to move%s", side, s->status == ARB_STEP_CHECK ? ", in check" : "");
    if (v->clocks && (s->clk[0] >= 0 || s->clk[1] >= 0)) {
        arb_buf_adds(b, "    clocks:");
        for (int c = 0; c < 2; c++) {
            char t[ARB_CLOCK_TEXT_MAX];
            arb_buf_adds(b, c ? ", Black " : " White ");
            arb_buf_adds(b, s->clk[c] >= 0 ? arb_clock_format(s->clk[c], t) : "?");
            /* A reading older than the side's last move says when it was taken. */
            int own_last = s->pk.side == c ? k - 1 : k;
            if (s->clk[c] >= 0 && s->clk_ply[c] < own_last) {
                char label[24];
                arb_ply_label(&v->oc, s->clk_ply[c], label, sizeof label);
                label[strcspn(label, " ")] = 0;
                arb_buf_printf(b, " (after %s)", label);
            }
        }
    }
    arb_buf_addc(b, '\n');
}

/* One finding, as every text output writes it (report/line.h), without
 * the location (the screen's title names the file; the errors go to
 * standard error with theirs): "error: 9. Qh6: the white queen ...
 * (Art. 3.4) [illegal-move]", and its note (--repair's) on a line of its
 * own. */
void arb_view_finding_line(struct arb_buf *b, const struct arb_view *v, const struct arb_finding *f)
{
    arb_line_finding(b, f, &v->oc,
                     &(struct arb_line_opts){.article = true, .color = (v->flags & ARB_DIAGRAM_COLOR) != 0});
    arb_buf_addc(b, '\n');
    if (f->note) {
        arb_buf_adds(b, "  ");
        arb_term_escapes(b, f->note);
        arb_buf_addc(b, '\n');
    }
}

/* Does finding f concern the move written at step k's node? */
static bool about_move(const struct arb_view *v, int k, const struct arb_finding *f)
{
    const struct arb_view_step *s = &v->steps[k];
    return !f->variation && f->len && s->node >= 0 && f->off == v->g->nodes[s->node].off;
}

/* A move not played as written: what the replay played, and the errors
 * and warnings about the move written (shown at the position before it
 * too). */
void arb_view_played_lines(struct arb_buf *b, const struct arb_view *v, int k)
{
    const struct arb_view_step *s = &v->steps[k];
    if (k == 0 || s->how == ARB_STEP_LEGAL)
        return;
    char label[24];
    arb_ply_label(&v->oc, k, label, sizeof label);
    arb_buf_adds(b, (v->flags & ARB_DIAGRAM_COLOR) ? "\033[1;31m!\033[0m " : "! ");
    const struct arb_repair *r = s->how == ARB_STEP_REPAIRED ? repair_of(v, k) : NULL;
    if (r) {
        arb_buf_printf(b, "Not the move written: %s", label);
        arb_view_written(b, s, 32);
        arb_buf_adds(b, " cannot be played; the replay plays ");
        arb_term_escapes(b, r->move);
        arb_buf_adds(b, " (");
        arb_term_escapes(b, r->why);
        arb_buf_adds(b, "), the nearest legal move from which the rest of the game replays (as check --repair "
                        "finds it).\n");
    } else if (s->how == ARB_STEP_AS_WRITTEN) {
        arb_buf_printf(b, "Illegal, played as written: %s", label);
        arb_view_written(b, s, 32);
        arb_buf_adds(b, " can be made on the board but is no legal move, and no legal move stands in its "
                        "place; the replay plays it to go on.\n");
    } else {
        arb_buf_printf(b, "Illegal, followed: %s", label);
        arb_view_written(b, s, 32);
        arb_buf_adds(b, " is no legal move, but the record goes on from the position it left.\n");
    }
    const struct arb_findings *fs = &v->g->findings;
    for (int i = 0; i < fs->n; i++)
        if (fs->v[i].severity >= ARB_SEV_WARNING && about_move(v, k, &fs->v[i]))
            arb_view_finding_line(b, v, &fs->v[i]);
}

/* The findings shown at step k; at the last step of a replay that could
 * not go on, that it ends there. */
void arb_view_finding_lines(struct arb_buf *b, const struct arb_view *v, int k)
{
    const struct arb_view_step *s = &v->steps[k];
    if (k == v->n - 1 && v->oc.replay_stopped)
        arb_buf_adds(b, "The replay ends here: the next move cannot be played, and no move can stand in its "
                        "place (the error below says why).\n");
    for (int j = 0; j < s->n; j++)
        arb_view_finding_line(b, v, arb_view_finding_at(v, s, j));
}

/* The diagram of step k: its last move, and the moves its findings concern. */
void arb_view_diagram(const struct arb_view *v, int k, struct arb_diagram *d, struct arb_pos *pos)
{
    const struct arb_view_step *s = &v->steps[k];
    arb_diagram_init(d, arb_view_step_pos(v, k, pos));
    d->flip = v->flip;
    arb_diagram_set_last(d, s->move);
    if (s->how != ARB_STEP_LEGAL && s->move != ARB_MOVE_NONE)   /* not a legal move as written: marked too */
        arb_diagram_add_arrow(d, arb_move_from(s->move), arb_move_dest(s->move));
    for (int j = 0; j < s->n; j++)
        arb_diagram_add_finding(d, arb_view_finding_at(v, s, j));
}

void arb_view_board(struct arb_buf *b, const struct arb_view *v, int k)
{
    struct arb_diagram d;
    struct arb_pos dpos;
    arb_view_diagram(v, k, &d, &dpos);
    arb_diagram_text(b, &d, v->flags);
}

/* One position as the printed replay shows it. */
void arb_view_show_step(struct arb_buf *b, const struct arb_view *v, int k)
{
    arb_view_step_label(b, v, k);
    arb_buf_addc(b, '\n');
    arb_view_board(b, v, k);
    arb_view_status_line(b, v, k);
    arb_view_played_lines(b, v, k);
    arb_view_finding_lines(b, v, k);
}

/* "Game 2 of 3 in round5.pgn: Aho, A - Berg, B, round 5, board 3, Club ch,
 * 2026.11.20, 1-0": the game's number (of how many, when total is known),
 * the file, the players and the round (as check names a game:
 * arb_game_who), the event, the date and the result. */
void arb_view_heading(struct arb_buf *b, const struct arb_view *v, uint64_t total)
{
    const struct arb_tag *ev = arb_game_find_tag(v->g, "Event"), *dt = arb_game_find_tag(v->g, "Date");
    /* The file's name and its tags: escaped (msg.h). */
    struct arb_buf t = {0};
    const char *file = strcmp(v->g->file, "-") == 0 ? "standard input" : v->g->file;
    if (total)
        arb_buf_printf(&t, "Game %llu of %llu in %s", (unsigned long long)v->g->index, (unsigned long long)total,
                       file);
    else
        arb_buf_printf(&t, "Game %llu of %s", (unsigned long long)v->g->index, file);
    size_t bare = t.len;
    arb_buf_adds(&t, ": ");
    arb_game_who(&t, v->g);
    if (t.len == bare + 2)
        t.len = bare, t.data[bare] = 0;
    const char *part[3] = {ev && strcmp(ev->value, "?") != 0 ? ev->value : NULL,
                           dt && strcmp(dt->value, "????.??.??") != 0 ? dt->value : NULL, v->oc.result_tag};
    for (int i = 0; i < 3; i++)
        if (part[i])
            arb_buf_printf(&t, "%s%s", t.len == bare ? ": " : ", ", part[i]);
    arb_term_escape(b, t.data, t.len);
    arb_buf_free(&t);
    arb_buf_addc(b, '\n');
}


void arb_view_free(struct arb_view *v)
{
    free(v->steps);
    free(v->order);
}
