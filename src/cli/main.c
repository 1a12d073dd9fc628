/* main.c — arbiter's entry point: parse the options, run the command, exit.
 *
 * The only place that decides the exit status (INTERFACE.md): 0 no error
 * found, 1 findings of severity error, 2 usage errors, unreadable input or a
 * failure of the program, a failed write to standard output among them
 * (arb_out_finish() reports it).
 */
#include <stdlib.h>
#include <unistd.h>

#include "chess/board.h"
#include "cli/commands.h"
#include "cli/opts.h"
#include "base/out.h"
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
    if (o.output) {
        /* -o FILE: standard output goes to FILE (so a terminal test such as
         * --color=auto sees a file). */
        int fd = arb_opts_create(&o, o.output, "--output");
        if (fd < 0 || dup2(fd, 1) < 0) {
            arb_opts_free(&o);
            return ARB_EXIT_FAILURE;
        }
        close(fd);
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
    return st;
}
