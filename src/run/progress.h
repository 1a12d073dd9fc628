/* progress.h — the progress line of `arbiter check` (standard error on a
 * terminal only): files, games, megabytes a second, findings; about two
 * updates a second.
 */
#ifndef ARB_PROGRESS_H
#define ARB_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "report/report.h"

struct arb_progress {
    bool on;
    bool shown;                   /* a line is on the terminal now */
    struct timespec start, last;
};

/* On when wanted and standard error is a terminal that can clear a line. */
void arb_progress_start(struct arb_progress *pr, bool wanted);
/* Show the counters (force: even if the last update was under 0.5 s ago). */
void arb_progress_show(struct arb_progress *pr, bool force, const struct arb_summary *sum, uint64_t bytes);
/* Take the line off the terminal. */
void arb_progress_clear(struct arb_progress *pr);

#endif
