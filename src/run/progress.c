/* progress.c — the progress line (see progress.h). */
#include "run/progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static double since(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

void arb_progress_start(struct arb_progress *pr, bool wanted)
{
    const char *term = getenv("TERM");
    memset(pr, 0, sizeof *pr);
    pr->on = wanted && isatty(2) && !(term && strcmp(term, "dumb") == 0);
    clock_gettime(CLOCK_MONOTONIC, &pr->start);
    pr->last = pr->start;
}

void arb_progress_show(struct arb_progress *pr, bool force, const struct arb_summary *sum, uint64_t bytes,
                       uint64_t file_bytes)
{
    if (!pr->on)
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (!force && since(&pr->last, &now) < 0.5)
        return;
    pr->last = now;
    double secs = since(&pr->start, &now);
    uint64_t findings = sum->by_severity[0] + sum->by_severity[1] + sum->by_severity[2];
    char share[64] = "";
    if (pr->total && file_bytes && secs > 0) {
        /* (A zip's members each read their part of the one archive: the
         * sum may pass its size by some headers.) */
        double f = (double)file_bytes / (double)pr->total;
        if (f > 0.99)
            f = 0.99;
        double left = secs * (1 - f) / f;
        unsigned long l = (unsigned long)(left + 0.5);
        if (l >= 3600)
            snprintf(share, sizeof share, ", %.0f%%, %lu:%02lu:%02lu left", 100 * f, l / 3600, l / 60 % 60, l % 60);
        else
            snprintf(share, sizeof share, ", %.0f%%, %lu:%02lu left", 100 * f, l / 60, l % 60);
    }
    fprintf(stderr, "\rarbiter: %llu file%s, %llu games, %.1f MB/s, %llu finding%s%s\033[K",
            (unsigned long long)sum->files, sum->files == 1 ? "" : "s", (unsigned long long)sum->games,
            secs > 0 ? (double)bytes / 1e6 / secs : 0.0, (unsigned long long)findings, findings == 1 ? "" : "s",
            share);
    pr->shown = true;
}

void arb_progress_clear(struct arb_progress *pr)
{
    if (pr->shown) {
        fputs("\r\033[K", stderr);
        pr->shown = false;
    }
}
