/* commands.h — the subcommands.  Each returns an exit status (opts.h). */
#ifndef ARB_COMMANDS_H
#define ARB_COMMANDS_H

#include "cli/opts.h"

int arb_cmd_check(const struct arb_opts *o);
int arb_cmd_replay(const struct arb_opts *o);
int arb_cmd_convert(const struct arb_opts *o);
int arb_cmd_reconstruct(const struct arb_opts *o);
int arb_cmd_watch(const struct arb_opts *o);
int arb_cmd_position(const struct arb_opts *o);

#endif
