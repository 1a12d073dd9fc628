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

/* The files `watch` would read now (its FILE arguments, and the *.pgn files
 * of its DIR arguments), registered as inputs (base/outfile.h). */
void arb_watch_inputs(const struct arb_opts *o);

#endif
