/* events.h — watch's events as a report format: a finding said for the
 * first time, or withdrawn because a corrected record no longer shows it;
 * one text line (report/line.h's finding line) or one JSON object each.
 */
#ifndef ARB_EVENTS_H
#define ARB_EVENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/finding.h"
#include "base/util.h"
#include "report/report.h"

/* One event.  The strings are the finding's as made when it was read
 * (loc and text by report/line.h, json by arb_jsonl_finding). */
struct arb_event {
    const char *file;                    /* the file's name as given */
    uint64_t game;                       /* the game's number in it */
    unsigned line;                       /* where the game starts */
    const char *white, *black, *round;   /* its tags ("" when missing) */
    enum arb_severity severity;
    const char *loc;                     /* "FILE:LINE:COL" (escaped) */
    const char *text;                    /* the line after the severity (escaped) */
    const char *json;                    /* the finding as a JSON object */
    bool intervene;                      /* the arbiter must act now (9.6) */
    bool withdrawn;                      /* no longer in the record */
    bool gone;                           /* ... because the game left the file */
};

struct arb_event_format {
    const char *name;
    /* The event, with its line end. */
    void (*event)(struct arb_buf *out, const struct arb_event *e);
};

extern const struct arb_event_format arb_events_text;
extern const struct arb_event_format arb_events_jsonl;

/* The event format of a report format (jsonl: jsonl; else text). */
const struct arb_event_format *arb_events_of(const struct arb_format *f);

#endif
