/* report_text.c — findings as a compiler prints diagnostics:
 *
 *   file:line: In game 3, Kamsky - Karpov, round 5, board 3:
 *   file:line:col: severity: 23...Nxe4: message [code]
 *      12 | 22. Rd1 Nxe4 23. Qe2 Nxe4 24. Rxd8
 *         |                      ^~~~
 *   note: Art. 3.6; the position before 23...Nxe4: FEN
 *
 * The source line and caret where the finding has a token, the note where
 * it has an article or a position.  The game's label comes once before its
 * findings (arb_game_label).  A game without findings prints nothing.
 */
#include "report/report.h"
#include "base/msg.h"
#include "report/line.h"

#include <string.h>

#include "chess/board.h"
#include "read/input.h"

/* Where a finding that names no token stands in the game's text, from its
 * line and column; NULL when that is outside the text. */
static const char *place(const struct arb_game *g, const struct arb_finding *f)
{
    const char *p = g->text, *end = g->text + (g->end_off - g->start_off);
    uint32_t line = g->line, col = g->col ? g->col : 1;
    if (f->line < line || (f->line == line && f->col < col))
        return NULL;
    while (line < f->line) {
        while (p < end && *p != '\n')
            p++;
        if (p >= end)
            return NULL;
        p++;
        line++;
        col = 1;
    }
    while (col < f->col && *p && *p != '\n' && *p != '\r') {
        do
            p++;
        while (((unsigned char)*p & 0xC0) == 0x80);
        col++;
    }
    return col == f->col ? p : NULL;
}

/* The line of the file holding the finding's token (len bytes at tok; 0:
 * a place, not a token), with a caret under it (a long line is shown
 * around the token). */
static void source_line(struct arb_buf *out, const struct arb_game *g, const struct arb_finding *f,
                        const char *tok, uint32_t len, const struct arb_report_opts *o)
{
    const char *base = g->text;
    const char *start = tok, *end = tok + len;
    while (start > base && start[-1] != '\n')
        start--;
    while (*end && *end != '\n' && *end != '\r')
        end++;
    /* A window of the line: some 60 bytes before the token, 100 after. */
    const char *from = start, *to = end;
    bool cut_left = false, cut_right = false;
    if (tok - start > 60) {
        from = tok - 60;
        /* Start at a word where one begins soon after. */
        for (const char *w = from; w < from + 20 && w < tok; w++)
            if (w[-1] == ' ') {
                from = w;
                break;
            }
        while (from < tok && ((unsigned char)*from & 0xC0) == 0x80)
            from++;
        cut_left = true;
    }
    if (end - (tok + len) > 100 || len > 100) {
        to = tok + (len > 100 ? 40 : len + 100);
        while (to > tok && ((unsigned char)*to & 0xC0) == 0x80)
            to--;
        cut_right = true;
    }
    /* The text is the file's: shown escaped (msg.h), and the caret counts
     * the columns the escaped text takes. */
    arb_buf_addu(out, f->line, 6);
    arb_buf_adds(out, cut_left ? " | ... " : " | ");
    arb_term_escape(out, from, (size_t)(to - from));
    arb_buf_adds(out, cut_right ? "...\n" : "\n");
    arb_buf_adds(out, cut_left ? "       |     " : "       | ");
    for (const char *p = from; p < tok;) {
        if (*p == '\t') {
            arb_buf_addc(out, '\t');
            p++;
            continue;
        }
        const char *q = p + 1;
        while (q < tok && ((unsigned char)*q & 0xC0) == 0x80)
            q++;
        for (size_t k = arb_term_cols(p, (size_t)(q - p)); k > 0; k--)
            arb_buf_addc(out, ' ');
        p = q;
    }
    if (o->color)
        arb_buf_adds(out, "\033[1;32m");
    arb_buf_addc(out, '^');
    const char *tend = tok + len < to ? tok + len : to;
    size_t cols = tend > tok ? arb_term_cols(tok, (size_t)(tend - tok)) : 0;
    for (size_t i = 1; i < cols; i++)
        arb_buf_addc(out, '~');
    if (o->color)
        arb_buf_adds(out, "\033[0m");
    arb_buf_addc(out, '\n');
}

/* The note: the article of the edition applied, and the position before
 * the move (or after it, for what the move made) as FEN where the finding
 * concerns one. */
static void note(struct arb_buf *out, const struct arb_outcome *oc, const struct arb_finding *f,
                 const struct arb_report_opts *o)
{
    if (!f->article && !f->pos)
        return;
    arb_buf_adds(out, o->color ? "\033[1;36mnote:\033[0m " : "note: ");
    if (f->article)
        arb_article_ref(out, f->article);
    if (f->pos) {
        char fen[128];
        arb_pos_to_fen(f->pos, fen);
        if (f->move) {
            arb_buf_printf(out, "%sthe position %s ", f->article ? "; " : "",
                           arb_finding_pos_after(f) ? "after" : "before");
            arb_line_move(out, oc, f);
            arb_buf_printf(out, ": %s", fen);
        } else {
            arb_buf_printf(out, "%sthe position: %s", f->article ? "; " : "", fen);
        }
    }
    arb_buf_addc(out, '\n');
}

static void text_game(struct arb_buf *out, const struct arb_game *g, const struct arb_outcome *oc,
                      const struct arb_report_opts *o)
{
    if (g->findings.n) {
        /* Which game, once before its findings (as a compiler names the
         * function): "games.pgn:120: In game 3, Kamsky - Karpov, round 5, board 3:". */
        struct arb_buf label = {0};
        arb_game_label(&label, g);
        if (o->color)
            arb_buf_adds(out, "\033[1m");
        arb_term_escapes(out, g->file);
        if (g->line) {
            arb_buf_addc(out, ':');
            arb_buf_addu(out, g->line, 0);
        }
        if (o->color)
            arb_buf_adds(out, "\033[0m");
        arb_buf_adds(out, ": In ");
        arb_term_escape(out, label.data, label.len);
        arb_buf_adds(out, ":\n");
        arb_buf_free(&label);
    }
    for (int i = 0; i < g->findings.n; i++) {
        const struct arb_finding *f = &g->findings.v[i];
        arb_line_finding(out, f, oc, &(struct arb_line_opts){.file = g->file, .color = o->color});
        arb_buf_addc(out, '\n');
        if (f->len && f->line)
            source_line(out, g, f, g->text + f->off, f->len, o);
        else if (f->line && g->text) {
            const char *at = place(g, f);
            if (at)
                source_line(out, g, f, at, 0, o);
        }
        note(out, oc, f, o);
        if (f->note) {
            arb_buf_printf(out, "%s ", o->color ? "\033[1;36mnote:\033[0m" : "note:");
            arb_term_escapes(out, f->note);
            arb_buf_addc(out, '\n');
        }
        if (f->clocks)
            arb_buf_printf(out, "    clocks: %s\n", f->clocks);
    }
}

const struct arb_format arb_format_text = {
    .name = "text",
    .any_thread = true,
    .game = text_game,
    /* no file_error: unreadable files are said on standard error */
};
