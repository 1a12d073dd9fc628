/* cmd_watch.c — `arbiter watch FILE|DIR...`: its options; the following
 * itself is run/watch.c.
 */
#include "cli/commands.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "run/watch.h"

/* watch's own options (o->own). */
struct watch_opts {
    double poll_s;                       /* --poll[=SECONDS] (0: inotify) */
    bool once;                           /* --once */
    const char *serve;                   /* --serve[=ADDRESS:PORT] */
    int silent_s;                        /* --silent=MINUTES, in seconds */
    double url_poll_s;                   /* --url-poll=SECONDS (0: the default) */
    const char *trf;                     /* --trf=FILE */
    int trf_round;                       /* --round=N */
};

enum { OPT_POLL = ARB_OPT_OWN, OPT_ONCE, OPT_SERVE, OPT_SILENT, OPT_URL_POLL, OPT_TRF, OPT_ROUND };

static const struct option options[] = {
    ARB_OPTIONS_COMMON,
    ARB_OPTIONS_REPORTING,
    ARB_OPTIONS_SELECTION,
    {"poll", optional_argument, NULL, OPT_POLL},
    {"once", no_argument, NULL, OPT_ONCE},
    {"serve", optional_argument, NULL, OPT_SERVE},
    {"silent", required_argument, NULL, OPT_SILENT},
    {"url-poll", required_argument, NULL, OPT_URL_POLL},
    {"trf", required_argument, NULL, OPT_TRF},
    {"round", required_argument, NULL, OPT_ROUND},
    ARB_OPTIONS_END,
};

static const char usage[] =
    "Usage: arbiter watch [OPTION]... FILE|DIR|URL...\n"
    "Follow PGN files that are rewritten as the games go on (electronic boards:\n"
    "DGT LiveChess, broadcasts) and say each new finding once, as it happens:\n"
    "  file:line:col: severity: game N, White - Black, round R: move: message [code]\n"
    "A DIR: every *.pgn file in it, new ones too.  A URL (http://, https://): its\n"
    "PGN, asked again every few seconds (conditionally: ETag, Last-Modified), less\n"
    "often while it fails.  Only files that changed are read\n"
    "again; a game checks as `arbiter check` checks it.  Fivefold repetition and\n"
    "75 moves (9.6) say the arbiter must intervene.  A file caught in the middle\n"
    "of a write is read again, not reported; the last game of a file without its\n"
    "termination marker is judged short of its last moves until the marker follows.\n"
    "A finding a corrected record no longer shows is said to be withdrawn.\n"
    "Ctrl-C (SIGINT) or SIGTERM ends it.\n"
    "\n"
    "Options:\n"
    "  -f, --format=FORMAT     text (default: one line per event) or jsonl (one\n"
    "                          JSON object per event, flushed at once)\n"
    "      --poll[=SECONDS]    look at the files every SECONDS (default 0.5)\n"
    "                          instead of inotify (used when inotify is missing)\n"
    "      --once              read every file once, say what it holds, and end\n"
    "      --serve[=ADDR:PORT]  also show every board on a page a browser keeps\n"
    "                          open, updated as the files change, the boards that\n"
    "                          need the arbiter first (default 127.0.0.1:8080;\n"
    "                          port 0: any free one; the URL is said at start)\n"
    "      --trf=FILE --round=N  with --serve: the boards in the order of round N's\n"
    "                          pairings in a tournament report (FIDE TRF-16), the\n"
    "                          players' names, and a card for each game missing\n"
    "      --url-poll=SECONDS  ask a URL at most every SECONDS (default 2; 1 or more)\n"
    "      --silent=MINUTES    with --serve: mark a game in progress whose board has\n"
    "                          not changed for MINUTES (default 10)\n"
    "      --min-severity=SEV  say only findings of this severity or worse\n"
    "  -q, --quiet             errors only (--min-severity=error)\n"
    "      --fail-on=SEVERITY  exit status 1 when a finding of this severity or\n"
    "                          worse was said: error (default), warning, info, never\n"
    "      --select=CODES      say only these finding codes (comma-separated)\n"
    "      --ignore=CODES      do not say these codes (repeatable)\n";

static void help_tail(FILE *f)
{
    fputs("\nExit status: 0 when it ends (Ctrl-C, SIGTERM, --once) and no error was\n"
          "said, 1 a finding of severity error (or what --fail-on selects), 2 usage\n"
          "error, failure of the program, or with --once a file that cannot be read.\n", f);
}

static enum arb_parse_result option(struct arb_opts *o, int id, const char *arg, const char *opt_text)
{
    struct watch_opts *c = o->own;
    (void)opt_text;
    switch (id) {
    case OPT_POLL:
        c->poll_s = 0.5;
        if (arg && !arb_opts_number(arg, 0.01, 3600, &c->poll_s))
            return arb_opts_usage(o, "--poll wants an interval in seconds from 0.01 to 3600, not '%s'", arg);
        break;
    case OPT_ONCE:
        c->once = true;
        break;
    case OPT_SERVE:
        c->serve = arg ? arg : "127.0.0.1:8080";
        if (!*c->serve)
            return arb_opts_usage(o, "--serve wants ADDRESS:PORT (127.0.0.1:8080), or nothing for that");
        break;
    case OPT_TRF:
    case OPT_ROUND:
        return arb_opts_trf(o, id == OPT_ROUND, arg, &c->trf, &c->trf_round);
    case OPT_URL_POLL:
        if (!arb_opts_number(arg, 1, 3600, &c->url_poll_s))
            return arb_opts_usage(o, "--url-poll wants seconds from 1 to 3600, not '%s' (a server is asked politely)", arg);
        break;
    case OPT_SILENT: {
        double v;
        if (!arb_opts_number(arg, 0.01, 1440, &v))
            return arb_opts_usage(o, "--silent wants minutes from 0.01 to 1440, not '%s'", arg);
        c->silent_s = (int)(v * 60 + 0.5);
        break;
    }
    }
    return ARB_OPTS_RUN;
}

static enum arb_parse_result finish(struct arb_opts *o)
{
    const struct watch_opts *c = o->own;
    if (c->serve && c->once)
        return arb_opts_usage(o, "--serve shows the boards while it watches: not with --once");
    if ((c->trf || c->trf_round) && !(c->trf && c->trf_round && c->serve))
        return arb_opts_usage(o, "--trf=FILE and --round=N go together, with --serve: the page's boards in the round's order");
    if (c->silent_s && !c->serve)
        return arb_opts_usage(o, "--silent marks boards on the page: give --serve too");
    if (o->format != &arb_format_text && o->format != &arb_format_jsonl)
        return arb_opts_usage(o, "watch writes text (the default) or --format=jsonl");
    return ARB_OPTS_RUN;
}

static bool io(const struct arb_opts *o)
{
    arb_watch_inputs(o->files, o->n_files);
    return arb_opts_outputs(o, NULL, 0);
}

const struct arb_command arb_command_watch = {
    .name = "watch", .usage = usage, .shared_help = true, .selection = true, .help_tail = help_tail, .options = options,
    .own_size = sizeof(struct watch_opts), .option = option, .finish = finish, .io = io, .run = arb_cmd_watch,
};

int arb_cmd_watch(const struct arb_opts *o)
{
    const struct watch_opts *c = o->own;
    struct arb_watch_opts wo = {.games = arb_opts_games(o), .format = o->format, .fail_on = o->fail_on,
                                .quiet = o->quiet, .poll_s = c->poll_s, .once = c->once, .files = o->files,
                                .n_files = o->n_files, .serve = c->serve, .silent_s = c->silent_s ? c->silent_s : 600,
                                .url_poll_s = c->url_poll_s ? c->url_poll_s : 2, .trf = c->trf,
                                .trf_round = c->trf_round};
    return arb_watch_run(&wo);
}
