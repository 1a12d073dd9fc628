/* cmd_check.c — `arbiter check`: read, replay, judge and report every game.
 *
 * One game at a time: read it (pgn.c), replay and judge it (replay.c),
 * format its record (report_*.c) into the output buffer, release its text
 * and its arena.  Records are written whole: the output buffer is flushed
 * only between records, one write(2) per flush.
 */
#include "commands.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"
#include "input.h"
#include "pgn.h"
#include "replay.h"
#include "report.h"
#include "filter.h"

#define FLUSH_AT 65536

struct sink {
    struct arb_buf buf;
    bool failed;
    int err_no;
};

/* Write the whole buffer with as few write(2) calls as the kernel allows. */
static void sink_flush(struct sink *s)
{
    size_t off = 0;
    while (off < s->buf.len && !s->failed) {
        ssize_t w = write(1, s->buf.data + off, s->buf.len - off);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            s->failed = true;
            s->err_no = errno;
            break;
        }
        off += (size_t)w;
    }
    arb_buf_clear(&s->buf);
}

static bool want_color(enum arb_color c)
{
    if (c == ARB_COLOR_ALWAYS)
        return true;
    if (c == ARB_COLOR_NEVER)
        return false;
    const char *nc = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    if (nc && *nc)
        return false;
    if (term && strcmp(term, "dumb") == 0)
        return false;
    return isatty(1) != 0;
}

static int check_file(const struct arb_opts *o, const char *path, struct sink *out, struct arb_summary *sum,
                      struct arb_arena *arena, const struct arb_report_opts *ro)
{
    struct arb_input in;
    char err[300];
    if (arb_input_open(&in, path, o->encoding, err, sizeof err) < 0) {
        fprintf(stderr, "arbiter: %s\n", err);
        sum->unreadable++;
        o->format->file_error(&out->buf, path, err, ro);
        return ARB_EXIT_FAILURE;
    }
    sum->files++;
    struct arb_pgn_reader rd;
    arb_pgn_init(&rd, &in, o->origin && strcmp(path, "-") == 0 ? o->origin : path, o->max_game_bytes);
    rd.game_base = o->game_base;
    unsigned votes[32] = {0};   /* languages of this file's games so far */
    struct arb_check_opts co = {.profile = o->profile, .lang = o->lang, .lang_hint = o->lang_hint,
                                .lang_votes = votes, .mode = o->mode,
                                .time_control = o->have_time_control ? &o->time_control : NULL};
    int status = ARB_EXIT_OK;
    for (;;) {
        struct arb_game g;
        int r = arb_pgn_next(&rd, &g, arena);
        if (r < 0) {
            fprintf(stderr, "arbiter: %s: read error: %s\n", path, strerror(in.err_no));
            status = ARB_EXIT_FAILURE;
            break;
        }
        if (r == 0)
            break;
        if (o->n_where && !arb_where_match(o->where, o->n_where, &g)) {
            sum->skipped++;
            arb_pgn_release(&rd, &g);
            arb_arena_reset(arena);
            continue;
        }
        struct arb_outcome oc;
        arb_replay_game(&g, &co, &oc);
        if (o->any_select || o->ignore_any)
            arb_findings_filter(&g.findings, o->select, o->ignore);
        if (!o->quiet)
            o->format->game(&out->buf, &g, &oc, ro);
        arb_summary_add_game(sum, &g, &oc);
        arb_pgn_release(&rd, &g);
        arb_arena_reset(arena);
        if (out->buf.len >= FLUSH_AT)
            sink_flush(out);
        if (out->failed)
            break;
    }
    arb_input_close(&in);
    return status;
}

int arb_cmd_check(const struct arb_opts *o)
{
    static char *stdin_only[] = {(char *)"-"};
    char **files = o->n_files ? o->files : stdin_only;
    int n = o->n_files ? o->n_files : 1;
    struct arb_report_state state = {0};
    struct arb_report_opts ro = {.color = o->format == &arb_format_text && want_color(o->color), .state = &state};
    struct arb_summary sum;
    struct sink out = {{0}, false, 0};
    struct arb_arena arena;
    int status = ARB_EXIT_OK;

    memset(&sum, 0, sizeof sum);
    sum.show_profiles = o->profile == NULL;   /* --rules=auto */
    arb_arena_init(&arena);
    o->format->begin(&out.buf, &ro);
    for (int i = 0; i < n && !out.failed; i++) {
        int st = check_file(o, files[i], &out, &sum, &arena, &ro);
        if (st > status)
            status = st;
    }
    o->format->end(&out.buf, &sum, &ro);
    if (o->summary_jsonl)
        arb_summary_json(&out.buf, &sum);
    sink_flush(&out);
    arb_arena_fini(&arena);
    arb_buf_free(&out.buf);

    if (out.failed) {
        fprintf(stderr, "arbiter: error writing the report: %s\n", strerror(out.err_no));
        return ARB_EXIT_FAILURE;
    }
    struct arb_buf line = {0};
    arb_buf_adds(&line, "arbiter: ");
    arb_summary_line(&line, &sum);
    fprintf(stderr, "%s\n", line.data);
    arb_buf_free(&line);

    /* --fail-on: a finding of that severity or worse makes the status 1. */
    for (int sev = o->fail_on; sev <= ARB_SEV_ERROR && status == ARB_EXIT_OK; sev++)
        if (sum.by_severity[sev])
            status = ARB_EXIT_FINDINGS;
    return status;
}
