/* report_text.c — findings as a compiler prints diagnostics:
 *
 *   file:line:col: severity: 23...Nxe4: message (Art. 3.6) [code]
 *
 * A game without findings prints nothing.
 */
#include "report.h"

#include <string.h>

static void text_begin(struct arb_buf *out, const struct arb_report_opts *o)
{
    (void)out;
    (void)o;
}

static const char *sev_color(enum arb_severity s)
{
    switch (s) {
    case ARB_SEV_ERROR: return "\033[1;31m";
    case ARB_SEV_WARNING: return "\033[1;35m";
    default: return "\033[1;36m";
    }
}

static void text_game(struct arb_buf *out, const struct arb_game *g, const struct arb_outcome *oc,
                      const struct arb_report_opts *o)
{
    for (int i = 0; i < g->findings.n; i++) {
        const struct arb_finding *f = &g->findings.v[i];
        if (o->color)
            arb_buf_adds(out, "\033[1m");
        arb_buf_adds(out, g->file);
        if (f->line) {
            arb_buf_printf(out, ":%u", f->line);
            if (f->col)
                arb_buf_printf(out, ":%u", f->col);
        }
        arb_buf_adds(out, ": ");
        if (o->color)
            arb_buf_adds(out, "\033[0m");
        if (o->color)
            arb_buf_adds(out, sev_color(f->severity));
        arb_buf_adds(out, arb_severity_name(f->severity));
        if (o->color)
            arb_buf_adds(out, "\033[0m");
        arb_buf_adds(out, ": ");
        if (f->move) {
            char label[24];
            arb_ply_label(oc, f->ply, label, sizeof label);
            /* A runaway token is cut (jsonl keeps it whole). */
            size_t len = strlen(f->move), cut = len > 40 ? arb_utf8_prefix(f->move, len, 32) : len;
            arb_buf_printf(out, "%s%.*s%s: ", label, (int)cut, f->move, cut < len ? "..." : "");
        }
        arb_buf_adds(out, f->message ? f->message : "");
        if (f->article) {
            /* FIDE articles are numbers or appendix items ("3.6", "C.10");
             * a national rule names itself ("team rule 10c"). */
            bool fide = (f->article[0] >= '0' && f->article[0] <= '9') || f->article[1] == '.';
            arb_buf_printf(out, fide ? " (Art. %s)" : " (%s)", f->article);
        }
        arb_buf_printf(out, " [%s]\n", arb_codes[f->code].name);
        if (f->clocks)
            arb_buf_printf(out, "    clocks: %s\n", f->clocks);
    }
}

/* Unreadable files are reported on standard error by the driver. */
static void text_file_error(struct arb_buf *out, const char *file, const char *message,
                            const struct arb_report_opts *o)
{
    (void)out;
    (void)file;
    (void)message;
    (void)o;
}

static void text_end(struct arb_buf *out, const struct arb_summary *s, const struct arb_report_opts *o)
{
    (void)out;
    (void)s;
    (void)o;
}

const struct arb_format arb_format_text = {
    .name = "text",
    .begin = text_begin,
    .game = text_game,
    .file_error = text_file_error,
    .end = text_end,
};
