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
#include "cli/commands.h"
#include "cli/opts.h"
#include "base/out.h"
#include "base/outfile.h"
#include "base/util.h"

static int run(int argc, char **argv)
{
    struct arb_opts o;
    arb_board_init();
    switch (arb_opts_parse(&o, argc, argv)) {
    case ARB_OPTS_DONE:
        return ARB_EXIT_OK;
    case ARB_OPTS_USAGE:
        return ARB_EXIT_FAILURE;
    case ARB_OPTS_RUN:
        break;
    }
    /* No output may be an input, or another output: decided before any
     * file is opened. */
    if (!arb_opts_check_outputs(&o)) {
        arb_opts_free(&o);
        return ARB_EXIT_FAILURE;
    }
    if (o.output) {
        /* -o FILE: standard output goes to FILE (its temporary file until
         * the run ends well; so a terminal test such as --color=auto sees a
         * file). */
        int h = arb_outfile_open(o.output, "--output");
        if (h < 0 || dup2(arb_outfile_fd(h), 1) < 0) {
            arb_opts_free(&o);
            return ARB_EXIT_FAILURE;
        }
    }
    switch (o.cmd) {
    case ARB_CMD_CHECK:
        {
            int st = arb_cmd_check(&o);
            arb_opts_free(&o);
            return st;
        }
    case ARB_CMD_REPLAY:
        return arb_cmd_replay(&o);
    case ARB_CMD_CONVERT:
        return arb_cmd_convert(&o);
    case ARB_CMD_RECONSTRUCT:
        return arb_cmd_reconstruct(&o);
    case ARB_CMD_WATCH:
        {
            int st = arb_cmd_watch(&o);
            arb_opts_free(&o);
            return st;
        }
    case ARB_CMD_POSITION:
        return arb_cmd_position(&o);
    default:
        return ARB_EXIT_FAILURE;
    }
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
