/* filter.h — which games and findings a run reports (--where, --select,
 * --ignore).  Part of the report side: it never changes what the Laws
 * decide, only what is shown and counted. */
#ifndef ARB_FILTER_H
#define ARB_FILTER_H

#include <stdbool.h>
#include <stddef.h>

#include "base/finding.h"
#include "read/pgn.h"

struct arb_where;

/* Compile a --where pattern (PCRE2, UTF-8, JIT, a match limit).  NULL and
 * a message in msg when it is no valid pattern. */
void *arb_where_compile(const char *pattern, char *msg, size_t msglen);

void arb_where_free(void *code);

/* Whether every condition holds for the game (a missing tag is ""). */
bool arb_where_match(const struct arb_where *w, int n, const struct arb_game *g);

/* Keep only the findings whose code is selected and not ignored, of
 * min_severity or worse (--min-severity, -q).  Returns how many it left out. */
int arb_findings_filter(struct arb_findings *f, const bool *select, const bool *ignore, int min_severity);

#endif
