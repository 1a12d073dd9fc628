/* events.c — watch's events as text lines or JSON objects (see events.h). */
#include "report/events.h"

#include "report/json.h"

static void text_event(struct arb_buf *b, const struct arb_event *e)
{
    arb_buf_printf(b, "%s: %s: %s%s\n", e->loc, e->withdrawn ? "withdrawn" : arb_severity_name(e->severity),
                   !e->withdrawn ? "" : e->gone ? "the game is no longer in the file: " : "no longer in the record: ",
                   e->text);
}

static void jsonl_event(struct arb_buf *b, const struct arb_event *e)
{
    arb_buf_addc(b, '{');
    arb_json_key(b, "event", true);
    arb_json_cstr(b, e->withdrawn ? "withdrawn" : "finding");
    arb_json_key(b, "file", false);
    arb_json_cstr(b, e->file);
    arb_json_key(b, "game", false);
    arb_json_int(b, (long long)e->game);
    arb_json_key(b, "line", false);
    arb_json_int(b, e->line);
    arb_json_key(b, "tags", false);
    arb_buf_addc(b, '{');
    arb_json_key(b, "White", true);
    arb_json_cstr(b, e->white);
    arb_json_key(b, "Black", false);
    arb_json_cstr(b, e->black);
    arb_json_key(b, "Round", false);
    arb_json_cstr(b, e->round);
    arb_buf_addc(b, '}');
    arb_json_key(b, "finding", false);
    arb_buf_adds(b, e->json);
    if (e->intervene && !e->withdrawn) {
        arb_json_key(b, "intervene", false);
        arb_buf_adds(b, "true");
    }
    if (e->withdrawn) {
        arb_json_key(b, "withdrawn", false);
        arb_buf_adds(b, "true");
    }
    if (e->withdrawn && e->gone) {
        arb_json_key(b, "gone", false);
        arb_buf_adds(b, "true");
    }
    arb_buf_adds(b, "}\n");
}

const struct arb_event_format arb_events_text = {.name = "text", .event = text_event};
const struct arb_event_format arb_events_jsonl = {.name = "jsonl", .event = jsonl_event};

const struct arb_event_format *arb_events_of(const struct arb_format *f)
{
    return f == &arb_format_jsonl ? &arb_events_jsonl : &arb_events_text;
}
