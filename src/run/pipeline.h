/* pipeline.h — `arbiter check`'s pipeline: the games of every file read in
 * order, replayed and judged by a pool of threads (--jobs), and their
 * records written in input order through base/out.h, with the progress
 * line on a terminal.  The output is the same for any number of threads.
 */
#ifndef ARB_PIPELINE_H
#define ARB_PIPELINE_H

#include <stdbool.h>

#include "base/exit.h"
#include "report/report.h"
#include "run/games.h"

/* What `check` asks of the pipeline (cli/cmd_check.c fills it). */
struct arb_pipeline_opts {
    struct arb_games_opts games;         /* how games are read, judged and filtered */
    const struct arb_format *format;
    bool quiet;                          /* -qq: no records, only the counters */
    const char *origin;                  /* --origin: the name records give standard input */
    int jobs;                            /* --jobs (0: the processors online) */
    bool no_progress;                    /* --no-progress */
    bool duplicates;                     /* --duplicates */
    const char *trf;                     /* --trf=FILE, or NULL */
    int trf_round;                       /* --round=N (0: none) */
    int sheet;                           /* --sheet: 1 + enum arb_sheet_format, the round's sheet in place of
                                            the records; 0: none */
    const char *write_clean, *write_flagged, *write_repaired;   /* --write-*=FILE, or NULL */
};

struct arb_pipeline;

/* Start the threads; ro is the report's options for every record. */
/* NULL when a file --write-clean, --write-flagged or --write-repaired names
 * cannot be created (the message was given). */
struct arb_pipeline *arb_pipeline_new(const struct arb_pipeline_opts *o, const struct arb_report_opts *ro);
/* One input as the command line names it: a file (arb_pipeline_check_file),
 * a directory (its *.pgn files, in name order), or an archive (each member
 * a file, "games.zip(round1.pgn)"); a directory without one, or an archive
 * that cannot be listed, is unreadable.  The exit status so far. */
int arb_pipeline_check_input(struct arb_pipeline *p, const char *path);
/* The inputs the run will read (files[0..n), "-" standard input): their
 * sizes together, when every one is known (files, directories' *.pgn,
 * archives as they are on disk; not a pipe nor a named member), give the
 * progress line its share read and time left. */
void arb_pipeline_expect(struct arb_pipeline *p, const char *const *files, int n);
/* Read one file (path "-": standard input) and hand its games on; an
 * unreadable file gets its record and a message.  The exit status so far. */
int arb_pipeline_check_file(struct arb_pipeline *p, const char *path);
/* A file that cannot be read (message: "FILE: why"): said on standard
 * error, counted, and handed to the format in input order.  path must
 * live as long as the pipeline.  Returns the exit status for it. */
int arb_pipeline_unreadable(struct arb_pipeline *p, const char *path, const char *message);
/* The run's counters (complete after arb_pipeline_wait). */
struct arb_summary *arb_pipeline_summary(struct arb_pipeline *p);
/* Update the progress line (at most about twice a second). */
void arb_pipeline_progress(struct arb_pipeline *p);
/* Write every game still in flight and stop the threads. */
void arb_pipeline_wait(struct arb_pipeline *p);
/* Write the output (the progress line taken off a terminal first). */
void arb_pipeline_flush(struct arb_pipeline *p);
/* Close the files --write-clean, --write-flagged, --write-repaired write;
 * false if a write failed (it was reported). */
bool arb_pipeline_close_writes(struct arb_pipeline *p);
/* Take the progress line off the terminal and free everything. */
void arb_pipeline_free(struct arb_pipeline *p);

#endif
