/* report_jsonl.c — one JSON object per game, one per line (INTERFACE.md).
 *
 * Keys in the order of INTERFACE.md, then arbiter's additions.
 */
#include "report/report.h"

#include <stdlib.h>

#include <string.h>

#include "report/json.h"

/* "clock": the time control as understood and what the readings show;
 * null when the record says nothing about time. */
static void write_clock(struct arb_buf *b, const struct arb_outcome *oc)
{
    const struct arb_clocks *c = &oc->clocks;
    if (oc->tc_source == ARB_TC_NONE && !c->readings) {
        arb_buf_adds(b, "null");
        return;
    }
    static const char *const sources[] = {"none", "TimeControl", "Event", "option"};
    char tcs[64];
    arb_buf_addc(b, '{');
    arb_json_key(b, "time_control", true);
    arb_json_cstr(b, oc->tc_source == ARB_TC_NONE ? NULL : arb_tc_format(&oc->tc, tcs, sizeof tcs));
    arb_json_key(b, "source", false);
    arb_json_cstr(b, sources[oc->tc_source]);
    arb_json_key(b, "readings", false);
    arb_json_int(b, c->readings);
    static const char *const sides[] = {"white", "black"};
    arb_json_key(b, "used_s", false);
    arb_buf_addc(b, '{');
    for (int side = 0; side < 2; side++) {
        arb_json_key(b, sides[side], side == 0);
        arb_buf_addc(b, '[');
        for (int p = 0; p <= c->period[side] && p < ARB_TC_MAX_PERIODS; p++) {
            if (p)
                arb_buf_addc(b, ',');
            arb_json_int(b, c->used[side][p] / 10);
        }
        arb_buf_addc(b, ']');
    }
    arb_buf_addc(b, '}');
    arb_json_key(b, "no_duty_plies", false);
    arb_buf_addc(b, '{');
    for (int side = 0; side < 2; side++) {
        arb_json_key(b, sides[side], side == 0);
        arb_buf_addc(b, '[');
        for (int k = 0; k < c->n_no_duty[side]; k++) {
            arb_buf_adds(b, k ? ",[" : "[");
            arb_json_int(b, c->no_duty[side][k][0]);
            arb_buf_addc(b, ',');
            arb_json_int(b, c->no_duty[side][k][1] ? c->no_duty[side][k][1] : oc->plies);
            arb_buf_addc(b, ']');
        }
        arb_buf_addc(b, ']');
    }
    arb_buf_adds(b, "}}");
}

void arb_jsonl_finding(struct arb_buf *b, const struct arb_finding *f)
{
    arb_buf_addc(b, '{');
    arb_json_key(b, "code", true);
    arb_json_cstr(b, arb_codes[f->code].name);
    arb_json_key(b, "severity", false);
    arb_json_cstr(b, arb_severity_name(f->severity));
    arb_json_key(b, "ply", false);
    arb_json_int(b, f->ply);
    arb_json_key(b, "move", false);
    arb_json_cstr(b, f->move);
    arb_json_key(b, "line", false);
    if (f->line)
        arb_json_int(b, f->line);
    else
        arb_buf_adds(b, "null");
    arb_json_key(b, "col", false);
    if (f->line && f->col)
        arb_json_int(b, f->col);
    else
        arb_buf_adds(b, "null");
    arb_json_key(b, "article", false);
    arb_json_cstr(b, f->article);
    arb_json_key(b, "message", false);
    arb_json_cstr(b, f->message);
    arb_json_key(b, "variation", false);
    arb_json_int(b, f->variation);
    if (f->pos) {
        char fen[128];
        arb_json_key(b, "fen", false);
        arb_json_cstr(b, arb_pos_to_fen(f->pos, fen));
    }
    if (f->note) {
        /* A further sentence (--repair's suggestion, an encoding hint). */
        arb_json_key(b, "note", false);
        arb_json_cstr(b, f->note);
    }
    arb_buf_addc(b, '}');
}

static void jsonl_game(struct arb_buf *b, const struct arb_game *g, const struct arb_outcome *oc,
                       const struct arb_report_opts *o)
{
    (void)o;
    arb_buf_addc(b, '{');
    arb_json_key(b, "file", true);
    arb_json_cstr(b, g->file);
    arb_json_key(b, "game", false);
    arb_json_int(b, g->index);
    arb_json_key(b, "line", false);
    arb_json_int(b, g->line);
    arb_json_key(b, "tags", false);
    arb_buf_addc(b, '{');
    for (int i = 0; i < g->n_tags; i++) {
        /* (The reader keeps one tag per name: JSON keys are unique.) */
        if (b->data[b->len - 1] != '{')
            arb_buf_addc(b, ',');
        arb_json_cstr(b, g->tags[i].name);
        arb_buf_addc(b, ':');
        arb_json_cstr(b, g->tags[i].value);
    }
    arb_buf_addc(b, '}');
    arb_json_key(b, "lang", false);
    arb_json_cstr(b, oc->lang ? oc->lang->code : NULL);
    arb_json_key(b, "rules", false);
    /* No profile: a record of no game (check --trf's report records). */
    arb_json_cstr(b, oc->profile ? oc->profile->name : NULL);
    arb_json_key(b, "mode", false);
    arb_json_cstr(b, oc->profile ? arb_mode_name(oc->mode) : NULL);
    arb_json_key(b, "clock", false);
    write_clock(b, oc);
    arb_json_key(b, "plies", false);
    arb_json_int(b, oc->plies);
    arb_json_key(b, "followed_plies", false);
    arb_json_int(b, oc->followed_plies);
    arb_json_key(b, "end_ply", false);
    if (oc->end_reason != ARB_END_NONE)
        arb_json_int(b, oc->end_ply);
    else
        arb_buf_adds(b, "null");
    arb_json_key(b, "end_reason", false);
    arb_json_cstr(b, arb_end_reason_name(oc->end_reason));
    arb_json_key(b, "fen", false);
    char fen[128];
    arb_json_cstr(b, oc->have_fen ? arb_pos_to_fen(&oc->legal_final, fen) : NULL);
    arb_json_key(b, "followed_fen", false);
    arb_json_cstr(b, oc->have_fen ? arb_pos_to_fen(&oc->final, fen) : NULL);
    arb_json_key(b, "result_tag", false);
    arb_json_cstr(b, oc->result_tag);
    arb_json_key(b, "result_rules", false);
    arb_json_cstr(b, arb_result_name(oc->result_rules));
    arb_json_key(b, "findings", false);
    arb_buf_addc(b, '[');
    for (int i = 0; i < g->findings.n; i++) {
        if (i)
            arb_buf_addc(b, ',');
        arb_jsonl_finding(b, &g->findings.v[i]);
    }
    arb_buf_addc(b, ']');
    arb_buf_adds(b, "}\n");
}

/* An unreadable file has no games, so no record: the driver says so on
 * standard error and the exit status is 2. */
const struct arb_format arb_format_jsonl = {
    .name = "jsonl",
    .any_thread = true,
    .game = jsonl_game,
    /* no file_error: an unreadable file is said on standard error */
};

/* ---- --format=json: one document, the same records and the summary ------ */

/* Games written so far (the separator before the next). */
struct json_state {
    uint64_t games;
};

static void json_begin(struct arb_buf *out, struct arb_report_opts *o)
{
    o->state = arb_xcalloc(1, sizeof(struct json_state));
    arb_buf_adds(out, "{\"games\":[\n");
}

static void json_game(struct arb_buf *b, const struct arb_game *g, const struct arb_outcome *oc,
                      const struct arb_report_opts *o)
{
    struct json_state *st = o->state;
    if (st->games++)
        arb_buf_adds(b, ",\n");
    size_t at = b->len;
    jsonl_game(b, g, oc, o);
    if (b->len > at && b->data[b->len - 1] == '\n')
        b->len--;   /* the record's own newline: the separator above takes its place */
    b->data[b->len] = 0;
}

static void json_end(struct arb_buf *out, const struct arb_summary *s, const struct arb_report_opts *o)
{
    struct json_state *st = o->state;
    arb_buf_adds(out, st->games ? "\n]," : "],");
    free(st);
    /* arb_summary_json writes {"summary":{...}}\n: keep the inner object. */
    struct arb_buf sum = {0};
    arb_summary_json(&sum, s);
    arb_buf_printf(out, "%.*s}\n", (int)(sum.len - 2) - 1, sum.data + 1);
    arb_buf_free(&sum);
}

const struct arb_format arb_format_json = {
    .name = "json",
    .begin = json_begin,
    .game = json_game,
    /* no file_error: an unreadable file is said on standard error */
    .end = json_end,
};
