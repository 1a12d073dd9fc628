/* watch.h — following PGN files that live boards rewrite, and saying each
 * new finding once (`arbiter watch`; see watch.c). */
#ifndef ARB_WATCH_H
#define ARB_WATCH_H

#include <stdbool.h>

#include "report/report.h"
#include "run/games.h"

/* What watch is asked (cli/cmd_watch.c fills it). */
struct arb_watch_opts {
    struct arb_games_opts games;         /* how games are read, judged and filtered */
    const struct arb_format *format;     /* text or jsonl */
    int fail_on;                         /* exit 1 once a finding of this severity or worse was said (3: never) */
    bool quiet;                          /* -qq: say nothing, the exit status only */
    double poll_s;                       /* --poll: look every poll_s seconds instead of inotify (0: inotify) */
    bool once;                           /* --once: read every file once and end */
    const char *serve;                   /* --serve=ADDRESS:PORT: the boards on a page there, or NULL */
    int silent_s;                        /* --silent: a board unchanged this long is marked (seconds) */
    const char *trf;                     /* --trf=FILE (with --serve): the round's pairings, or NULL */
    int trf_round;                       /* --round=N */
    double url_poll_s;                   /* --url-poll: a URL is asked at most this often (seconds) */
    char **files;                        /* the FILE and DIR arguments */
    int n_files;
};

/* Follow the files until SIGINT or SIGTERM (or, with once, read them
 * once).  An exit status. */
int arb_watch_run(const struct arb_watch_opts *o);

/* The files watch would read now (FILE arguments, and the *.pgn files of
 * DIR arguments), registered as inputs (base/outfile.h). */
void arb_watch_inputs(char *const *files, int n_files);

#endif
