/* main.c — arbiter's entry point: parse the options, run the command, exit.
 *
 * The only place that decides the exit status (INTERFACE.md): 0 no error
 * found, 1 findings of severity error, 2 usage errors, unreadable input or a
 * failure of the program, a failed write to standard output among them
 * (arb_out_finish() reports it).  The files the run wrote are put in place
 * here, when it succeeded, and only then (base/outfile.h).
 */
#include <stdlib.h>
#include <unistd.h>

#include "chess/board.h"
#include "cli/opts.h"
#include "base/out.h"
#include "base/outfile.h"
#include "base/util.h"

static int run(int argc, char **argv)
{
    struct arb_opts o;
    arb_board_init();
    int st = ARB_EXIT_FAILURE;
    switch (arb_opts_parse(&o, argc, argv)) {
    case ARB_OPTS_DONE:
        st = ARB_EXIT_OK;
        break;
    case ARB_OPTS_USAGE:
        break;
    case ARB_OPTS_RUN:
        /* No output may be an input, or another output: decided before any
         * file is opened. */
        if (!o.cmd->io(&o))
            break;
        if (o.output) {
            /* -o FILE: standard output goes to FILE (its temporary file until
             * the run ends well; so a terminal test such as --color=auto sees a
             * file). */
            int h = arb_outfile_open_text(o.output, "--output");
            if (h < 0 || dup2(arb_outfile_fd(h), 1) < 0)
                break;
        }
        st = o.cmd->run(&o);
        break;
    }
    arb_opts_free(&o);
    return st;
}

int main(int argc, char **argv)
{
    int st = run(argc, argv);
    if (!arb_out_finish())
        st = ARB_EXIT_FAILURE;
    /* The files written replace their names only when the run succeeded
     * (status 0 or 1); else they stay as they were. */
    if (st == ARB_EXIT_FAILURE)
        arb_outfile_abandon();
    else if (!arb_outfile_commit())
        st = ARB_EXIT_FAILURE;
    return st;
}
