/* cmd_check.c — `arbiter check`: read, replay, judge and report every game
 * (the work goes through the pipeline, cli/pipeline.c); the report's start
 * and end, the summary line and the exit status.
 */
#include "cli/commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/msg.h"
#include "base/out.h"
#include "base/util.h"
#include "cli/pipeline.h"
#include "report/report.h"

int arb_cmd_check(const struct arb_opts *o)
{
    static char *stdin_only[] = {(char *)"-"};
    char **files = o->n_files ? o->files : stdin_only;
    int n = o->n_files ? o->n_files : 1;
    struct arb_report_opts ro = {.color = o->format == &arb_format_text && arb_opts_want_color(o)};
    int status = ARB_EXIT_OK;

    struct arb_pipeline *p = arb_pipeline_new(o, &ro);
    if (!p)
        return ARB_EXIT_FAILURE;
    struct arb_summary *sum = arb_pipeline_summary(p);
    o->format->begin(arb_out_buf(), &ro);
    arb_out_record();
    /* A directory: its *.pgn files, in name order, as watch takes them
     * (the names live until the end: the records point at them). */
    char ***listed = arb_xcalloc((size_t)n, sizeof *listed);
    int *n_listed = arb_xcalloc((size_t)n, sizeof *n_listed);
    for (int i = 0; i < n && !arb_out_failed(); i++) {
        struct stat st_dir;
        int st;
        if (strcmp(files[i], "-") != 0 && stat(files[i], &st_dir) == 0 && S_ISDIR(st_dir.st_mode)) {
            listed[i] = arb_opts_dir_pgns(files[i], &n_listed[i]);
            if (!listed[i] && !n_listed[i]) {
                char msg[600];
                snprintf(msg, sizeof msg, "%s: a directory without a *.pgn file (or one that cannot be read)",
                         files[i]);
                st = arb_pipeline_unreadable(p, files[i], msg);
            } else {
                st = ARB_EXIT_OK;
            }
            for (int k = 0; k < n_listed[i] && !arb_out_failed(); k++) {
                int s = arb_pipeline_check_file(p, listed[i][k]);
                if (s > st)
                    st = s;
                arb_pipeline_progress(p);
            }
        } else {
            st = arb_pipeline_check_file(p, files[i]);
        }
        if (st > status)
            status = st;
        arb_pipeline_progress(p);
    }
    arb_pipeline_wait(p);
    o->format->end(arb_out_buf(), sum, &ro);
    arb_out_record();
    /* What the format kept back, a piece at a time (after a write error
     * too: its last call frees what it holds). */
    for (bool more = o->format->more != NULL; more;) {
        more = o->format->more(arb_out_buf(), &ro);
        arb_out_record();
        if (arb_out_buf()->len >= ARB_OUT_FLUSH_AT)
            arb_pipeline_flush(p);
    }
    if (o->summary_jsonl)
        arb_summary_json(arb_out_buf(), sum);
    arb_pipeline_flush(p);
    if (!arb_pipeline_close_writes(p))
        status = ARB_EXIT_FAILURE;
    struct arb_summary total = *sum;
    arb_pipeline_free(p);
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < n_listed[i]; k++)
            free(listed[i][k]);
        free(listed[i]);
    }
    free(listed);
    free(n_listed);

    if (arb_out_failed())
        return ARB_EXIT_FAILURE;  /* main.c reports it */
    struct arb_buf line = {0};
    arb_summary_line(&line, &total);
    arb_msg("%s", line.data);
    arb_buf_free(&line);

    /* --fail-on: a finding of that severity or worse makes the status 1. */
    for (int sev = o->fail_on; sev <= ARB_SEV_ERROR && status == ARB_EXIT_OK; sev++)
        if (total.by_severity[sev])
            status = ARB_EXIT_FINDINGS;
    return status;
}
