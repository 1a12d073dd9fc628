/* commands.h — the six commands (cli/cmd_*.c).  Each owns its option
 * table, usage text and own options (struct arb_command, cli/opts.h). */
#ifndef ARB_COMMANDS_H
#define ARB_COMMANDS_H

#include "cli/opts.h"

extern const struct arb_command arb_command_check;
extern const struct arb_command arb_command_replay;
extern const struct arb_command arb_command_convert;
extern const struct arb_command arb_command_reconstruct;
extern const struct arb_command arb_command_watch;
extern const struct arb_command arb_command_position;

/* The commands' runs (cmd->run), named for the fuzz targets. */
int arb_cmd_check(const struct arb_opts *o);
int arb_cmd_replay(const struct arb_opts *o);
int arb_cmd_convert(const struct arb_opts *o);
int arb_cmd_reconstruct(const struct arb_opts *o);
int arb_cmd_watch(const struct arb_opts *o);
int arb_cmd_position(const struct arb_opts *o);

#endif
