/* progress.h — the progress line of `arbiter check` (standard error on a
 * terminal only): files, games, megabytes a second, findings, and where
 * the inputs' sizes are known (files, compressed or not: not a pipe) the
 * share read and the time left; about two updates a second.
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
    uint64_t total;               /* the inputs' bytes, when every size is known; 0: unknown */
};

/* On when wanted and standard error is a terminal that can clear a line. */
void arb_progress_start(struct arb_progress *pr, bool wanted);
/* Show the counters (force: even if the last update was under 0.5 s ago):
 * bytes of text read (MB/s), and file_bytes of the inputs' total read
 * (their share and the time left, when pr->total is known). */
void arb_progress_show(struct arb_progress *pr, bool force, const struct arb_summary *sum, uint64_t bytes,
                       uint64_t file_bytes);
/* Take the line off the terminal. */
void arb_progress_clear(struct arb_progress *pr);

#endif
