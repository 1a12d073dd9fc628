/* line.c — one finding as a line of text (see line.h). */
#include "report/line.h"

#include "base/msg.h"
#include "report/report.h"

static const char *const sev_color[3] = {"\033[1;36m", "\033[1;35m", "\033[1;31m"};

void arb_line_loc(struct arb_buf *b, const struct arb_finding *f, const struct arb_line_opts *o)
{
    arb_term_escapes(b, o->file);
    if (f->line) {
        arb_buf_addc(b, ':');
        arb_buf_addu(b, f->line, 0);
        if (f->col || o->col_always) {
            arb_buf_addc(b, ':');
            arb_buf_addu(b, f->col ? f->col : 1, 0);
        }
    } else if (o->game_line) {
        arb_buf_addc(b, ':');
        arb_buf_addu(b, o->game_line, 0);
    }
}

void arb_line_move(struct arb_buf *b, const struct arb_outcome *oc, const struct arb_finding *f)
{
    struct arb_buf t = {0};
    arb_move_ref(&t, oc, f);
    arb_term_escape(b, t.data ? t.data : "", t.len);
    arb_buf_free(&t);
}

void arb_line_text(struct arb_buf *b, const struct arb_finding *f, const struct arb_outcome *oc,
                   const struct arb_line_opts *o)
{
    if (o->label) {
        arb_term_escapes(b, o->label);
        arb_buf_adds(b, ": ");
    }
    if (f->move) {
        arb_line_move(b, oc, f);
        arb_buf_adds(b, ": ");
    }
    arb_term_escapes(b, f->message);
    if (o->extra)
        arb_buf_adds(b, o->extra);
    if (o->article && f->article) {
        struct arb_buf art = {0};
        arb_article_ref(&art, f->article);
        arb_buf_adds(b, " (");
        arb_term_escape(b, art.data, art.len);
        arb_buf_addc(b, ')');
        arb_buf_free(&art);
    }
    arb_buf_adds(b, " [");
    arb_buf_adds(b, arb_codes[f->code].name);
    arb_buf_addc(b, ']');
}

void arb_line_finding(struct arb_buf *b, const struct arb_finding *f, const struct arb_outcome *oc,
                      const struct arb_line_opts *o)
{
    if (o->file) {
        if (o->color)
            arb_buf_adds(b, "\033[1m");
        arb_line_loc(b, f, o);
        arb_buf_adds(b, ": ");
        if (o->color)
            arb_buf_adds(b, "\033[0m");
    }
    if (o->color)
        arb_buf_adds(b, sev_color[f->severity]);
    arb_buf_adds(b, arb_severity_name(f->severity));
    if (o->color)
        arb_buf_adds(b, "\033[0m");
    arb_buf_adds(b, ": ");
    arb_line_text(b, f, oc, o);
}
