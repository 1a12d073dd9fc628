/* report_github.c — --format=github: GitHub Actions workflow commands.
 *
 *   ::error file=games.pgn,line=12,col=5,title=illegal-move in game 3%2C Kamsky - Karpov::23...Nxe4: ...
 *
 * One annotation per finding (error, warning; info as notice), escaped as
 * the Actions toolkit escapes them (data: % CR LF; properties also : and ,).
 * GitHub shows only ten annotations of a kind per step: after ten of a
 * severity the rest are counted, and one annotation at the end says how
 * many were not shown.
 */
#include "report/report.h"

#include <stdlib.h>
#include "base/msg.h"

#include <string.h>

#define SHOWN_PER_SEVERITY 10

static void escape(struct arb_buf *out, const char *s, bool property)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '%': arb_buf_adds(out, "%25"); break;
        case '\r': arb_buf_adds(out, "%0D"); break;
        case '\n': arb_buf_adds(out, "%0A"); break;
        case ':':
            if (property) {
                arb_buf_adds(out, "%3A");
                break;
            }
            arb_buf_addc(out, *s);
            break;
        case ',':
            if (property) {
                arb_buf_adds(out, "%2C");
                break;
            }
            arb_buf_addc(out, *s);
            break;
        default: arb_buf_addc(out, *s);
        }
    }
}

/* Text from outside (a file's name, a message that quotes one) as a
 * property or the data: escaped for a terminal first (msg.h: a CI log is
 * shown in one, and a name may hold ESC or BEL), then as the toolkit
 * escapes. */
static void escape_safe(struct arb_buf *out, const char *s, bool property)
{
    struct arb_buf safe = {0};
    arb_term_escapes(&safe, s);
    escape(out, safe.data, property);
    arb_buf_free(&safe);
}

static const char *command(enum arb_severity sev)
{
    return sev == ARB_SEV_ERROR ? "error" : sev == ARB_SEV_WARNING ? "warning" : "notice";
}

/* Annotations written and held back, per severity. */
struct github_state {
    uint64_t annotations[3], held_back[3];
};

static void github_begin(struct arb_buf *out, struct arb_report_opts *o)
{
    (void)out;
    o->state = arb_xcalloc(1, sizeof(struct github_state));
}

static void github_game(struct arb_buf *out, const struct arb_game *g, const struct arb_outcome *oc,
                        const struct arb_report_opts *o)
{
    struct github_state *st = o->state;
    for (int i = 0; i < g->findings.n; i++) {
        const struct arb_finding *f = &g->findings.v[i];
        if (st->annotations[f->severity] >= SHOWN_PER_SEVERITY) {
            st->held_back[f->severity]++;
            continue;
        }
        st->annotations[f->severity]++;
        arb_buf_printf(out, "::%s file=", command(f->severity));
        escape_safe(out, g->file, true);
        if (f->line)
            arb_buf_printf(out, ",line=%u,col=%u", f->line, f->col ? f->col : 1);
        arb_buf_adds(out, ",title=");
        struct arb_buf title = {0}, safe_title = {0};
        arb_buf_printf(&title, "%s in ", arb_codes[f->code].name);
        arb_game_label(&title, g);
        arb_term_escape(&safe_title, title.data, title.len);
        escape(out, safe_title.data, true);
        arb_buf_free(&title);
        arb_buf_free(&safe_title);
        arb_buf_adds(out, "::");
        struct arb_buf msg = {0};
        if (f->move) {
            arb_move_ref(&msg, oc, f);
            arb_buf_adds(&msg, ": ");
        }
        arb_buf_printf(&msg, "%s", f->message ? f->message : "");
        if (f->article)
            arb_buf_printf(&msg, " (%s)", f->article);
        arb_buf_printf(&msg, " [%s, game %llu]", arb_codes[f->code].name, (unsigned long long)g->index);
        /* The file's text in a message must not reach the log as control
         * sequences: escaped (msg.h), then as the Actions toolkit escapes. */
        struct arb_buf safe = {0};
        arb_term_escape(&safe, msg.data, msg.len);
        escape(out, safe.data, false);
        arb_buf_free(&safe);
        arb_buf_free(&msg);
        arb_buf_addc(out, '\n');
    }
}

static void github_file_error(struct arb_buf *out, const char *file, const char *message,
                              const struct arb_report_opts *o)
{
    (void)o;
    arb_buf_adds(out, "::error file=");
    escape_safe(out, file, true);
    arb_buf_adds(out, ",title=unreadable::");
    escape_safe(out, message, false);
    arb_buf_addc(out, '\n');
}

static void github_end(struct arb_buf *out, const struct arb_summary *s, const struct arb_report_opts *o)
{
    (void)s;
    struct github_state *st = o->state;
    for (int sev = ARB_SEV_ERROR; sev >= ARB_SEV_INFO; sev--)
        if (st->held_back[sev])
            arb_buf_printf(out, "::%s title=arbiter::%llu more finding%s of this severity not shown here (GitHub shows "
                                "%d); run arbiter check for the full report\n",
                           command((enum arb_severity)sev), (unsigned long long)st->held_back[sev],
                           st->held_back[sev] == 1 ? "" : "s", SHOWN_PER_SEVERITY);
    free(st);
}

const struct arb_format arb_format_github = {
    .name = "github",
    .begin = github_begin,
    .game = github_game,
    .file_error = github_file_error,
    .end = github_end,
};
