/* cmd_convert.c — `arbiter convert --to=LANG`: write the games again as
 * PGN, every move in the standard algebraic notation of LANG (the work:
 * run/convert.c).  Tags come first in the PGN order (the seven-tag roster,
 * then the rest as they stood); comments, NAGs, variations and the result
 * stay; lines are wrapped at 80 columns.  A game whose moves cannot all be
 * read is copied as it stood, after a comment that says why, and the exit
 * status is 1.
 */
#include "cli/commands.h"

#include <stdio.h>
#include <string.h>

#include "base/arena.h"
#include "base/msg.h"
#include "base/out.h"
#include "notation/notation.h"
#include "run/convert.h"

/* convert's own options (o->own). */
struct convert_opts {
    const struct arb_lang *to;           /* --to (default en) */
};

enum { OPT_TO = ARB_OPT_OWN };

static const struct option options[] = {
    ARB_OPTIONS_COMMON,
    ARB_OPTIONS_SELECTION,
    {"to", required_argument, NULL, OPT_TO},
    ARB_OPTIONS_END,
};

static const char usage[] =
    "Usage: arbiter convert [--to=LANG] [OPTION]... [FILE]...\n"
    "Write the games as PGN with every move in the standard algebraic notation of\n"
    "LANG (en: PGN-standard SAN; fi: K D T L R; et: K L V O R; ...; --lang=list).\n"
    "Tags come in the PGN order, moves are wrapped at 80 columns, and comments,\n"
    "NAGs, variations and the result are kept.  A game whose moves cannot all be\n"
    "read is copied as written after a comment that says why (exit status 1).\n"
    "\n"
    "Options:\n"
    "      --to=LANG           the language to write (default en)\n"
    "      --format=text       the only format of convert (PGN; accepted for the\n"
    "                          interface)\n";

static enum arb_parse_result option(struct arb_opts *o, int id, const char *arg, const char *opt_text)
{
    struct convert_opts *c = o->own;
    (void)opt_text;
    return id == OPT_TO ? arb_opts_lang(o, arg, &c->to) : ARB_OPTS_RUN;
}

static enum arb_parse_result finish(struct arb_opts *o)
{
    struct convert_opts *c = o->own;
    if (o->format != &arb_format_text)
        return arb_opts_usage(o, "%s writes text only (--format=text, the default)", o->cmd_name);
    if (!c->to)
        c->to = arb_lang_find("en");
    return ARB_OPTS_RUN;
}

static bool io(const struct arb_opts *o)
{
    arb_opts_inputs(o, true);
    return arb_opts_outputs(o, NULL, 0);
}

const struct arb_command arb_command_convert = {
    .name = "convert", .usage = usage, .shared_help = true, .selection = true, .options = options,
    .own_size = sizeof(struct convert_opts), .option = option, .finish = finish, .io = io, .run = arb_cmd_convert,
};

int arb_cmd_convert(const struct arb_opts *o)
{
    static char *stdin_only[] = {(char *)"-"};
    char **files = o->n_files ? o->files : stdin_only;
    int n = o->n_files ? o->n_files : 1;
    struct arb_arena arena;
    arb_arena_init(&arena);
    struct arb_buf out = {0};
    int status = ARB_EXIT_OK, games = 0, copied = 0;
    const struct convert_opts *c = o->own;
    struct arb_games_opts go = arb_opts_games(o);

    for (int i = 0; i < n; i++) {
        int st = arb_convert_file(&go, c->to, files[i], &out, &arena, &games, &copied);
        if (st > status)
            status = st;
    }
    if (!arb_out_write(out.data, out.len))
        status = ARB_EXIT_FAILURE;
    if (copied && !arb_out_failed())
        arb_msg("%d of %d game%s copied unconverted (moves that cannot be read)", copied, games,
                games == 1 ? "" : "s");
    arb_buf_free(&out);
    arb_arena_fini(&arena);
    return status;
}
