/* opts.h — the command line: what every command shares, and the frame in
 * which each command (cli/cmd_*.c) declares its own options.
 *
 * As git's builtins do, each command owns its option table (a getopt_long
 * `struct option` list: the shared options it takes, then its own), its
 * usage text and a struct of its own options; struct arb_command ties them
 * together.  arb_opts_parse() parses the shared options into struct
 * arb_opts and hands the command's own to its option().  Parsing never
 * exits: it returns a status that main.c turns into an exit code.
 */
#ifndef ARB_OPTS_H
#define ARB_OPTS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/exit.h"
#include "base/util.h"
#include "laws/replay.h"
#include "read/timectl.h"
#include "report/filter.h"
#include "report/report.h"
#include "run/games.h"

enum arb_color { ARB_COLOR_AUTO, ARB_COLOR_NEVER, ARB_COLOR_ALWAYS };

enum arb_parse_result { ARB_OPTS_RUN, ARB_OPTS_DONE, ARB_OPTS_USAGE };

/* The shared options' ids (getopt_long values).  A command's own options
 * take ids from ARB_OPT_OWN up. */
enum {
    ARB_OPT_FORMAT = 256, ARB_OPT_RULES, ARB_OPT_MODE, ARB_OPT_TIME_CONTROL, ARB_OPT_LANG, ARB_OPT_LANG_HINT,
    ARB_OPT_ENCODING, ARB_OPT_MAX_GAME_BYTES, ARB_OPT_JOBS, ARB_OPT_OUTPUT, ARB_OPT_HELP, ARB_OPT_VERSION,
    ARB_OPT_COLOR, ARB_OPT_QUIET, ARB_OPT_MIN_SEVERITY, ARB_OPT_FAIL_ON, ARB_OPT_SELECT, ARB_OPT_IGNORE,
    ARB_OPT_WHERE, ARB_OPT_PLAYER, ARB_OPT_DATE, ARB_OPT_ELO, ARB_OPT_PLIES, ARB_OPT_ECO, ARB_OPT_POSITION,
    ARB_OPT_OWN = 512
};

/* The shared options, as entries of a command's table. */
#define ARB_OPTIONS_COMMON                                                                                      \
    {"format", required_argument, NULL, ARB_OPT_FORMAT}, {"rules", required_argument, NULL, ARB_OPT_RULES},  \
        {"mode", required_argument, NULL, ARB_OPT_MODE},                                                     \
        {"time-control", required_argument, NULL, ARB_OPT_TIME_CONTROL},                                     \
        {"lang", required_argument, NULL, ARB_OPT_LANG}, {"lang-hint", required_argument, NULL, ARB_OPT_LANG_HINT}, \
        {"encoding", required_argument, NULL, ARB_OPT_ENCODING},                                             \
        {"max-game-bytes", required_argument, NULL, ARB_OPT_MAX_GAME_BYTES},                                 \
        {"jobs", required_argument, NULL, ARB_OPT_JOBS}, {"output", required_argument, NULL, ARB_OPT_OUTPUT}, \
        {"help", no_argument, NULL, ARB_OPT_HELP}, {"version", no_argument, NULL, ARB_OPT_VERSION}
/* --color (and --colour). */
#define ARB_OPTIONS_COLOR \
    {"color", required_argument, NULL, ARB_OPT_COLOR}, {"colour", required_argument, NULL, ARB_OPT_COLOR}
/* What a run reports and when it fails (check, watch). */
#define ARB_OPTIONS_REPORTING                                                                                   \
    {"quiet", no_argument, NULL, ARB_OPT_QUIET}, {"min-severity", required_argument, NULL, ARB_OPT_MIN_SEVERITY}, \
        {"fail-on", required_argument, NULL, ARB_OPT_FAIL_ON}, {"select", required_argument, NULL, ARB_OPT_SELECT}, \
        {"ignore", required_argument, NULL, ARB_OPT_IGNORE}
/* Which games (check, convert, replay, watch): report/filter.h. */
#define ARB_OPTIONS_SELECTION                                                                                   \
    {"where", required_argument, NULL, ARB_OPT_WHERE}, {"player", required_argument, NULL, ARB_OPT_PLAYER},     \
        {"date", required_argument, NULL, ARB_OPT_DATE}, {"elo", required_argument, NULL, ARB_OPT_ELO},          \
        {"plies", required_argument, NULL, ARB_OPT_PLIES}, {"eco", required_argument, NULL, ARB_OPT_ECO},        \
        {"position", required_argument, NULL, ARB_OPT_POSITION}
#define ARB_OPTIONS_END {NULL, 0, NULL, 0}

struct arb_opts;

/* A command: its name, help, option table and own options, and its run. */
struct arb_command {
    const char *name;
    const char *usage;                   /* the help's first part: what it does, its own options */
    bool shared_help;                    /* the shared options' help follows */
    bool selection;                      /* ... and the selection's (ARB_OPTIONS_SELECTION) */
    void (*help_tail)(FILE *f);          /* printed last (NULL: none) */
    const struct option *options;        /* ends with ARB_OPTIONS_END */
    size_t own_size;                     /* its own options' struct (o->own) */
    void (*own_init)(void *own);         /* their defaults (NULL: all zero) */
    /* One of its own options, as written (opt_text) with its value (NULL:
     * none): ARB_OPTS_RUN to go on, else what arb_opts_usage() returned. */
    enum arb_parse_result (*option)(struct arb_opts *o, int id, const char *arg, const char *opt_text);
    /* After the options and files: what they must agree on (NULL: nothing). */
    enum arb_parse_result (*finish)(struct arb_opts *o);
    /* Before anything is opened: register its inputs and check every file
     * it writes against them (base/outfile.h, arb_opts_outputs).  False
     * after a message. */
    bool (*io)(const struct arb_opts *o);
    int (*run)(const struct arb_opts *o);   /* an exit status */
};

/* Every command, in the order the help lists them; NULL ends it. */
extern const struct arb_command *const arb_commands[];

/* The options every command shares.  The command's own are in *own. */
struct arb_opts {
    const struct arb_command *cmd;
    const char *cmd_name;
    void *own;                           /* the command's own options (cmd->own_size bytes) */
    const struct arb_format *format;
    struct arb_check_opts check;         /* --rules (profile NULL: auto), --lang, --lang-hint, --mode, --time-control */
    struct arb_timecontrol time_control; /* (check.time_control points here when given) */
    const char *encoding;                /* NULL: detect */
    uint64_t max_game_bytes;
    int jobs;                            /* --jobs=N; 0: the processors online */
    const char *output;                  /* -o, --output=FILE (NULL: standard output) */
    enum arb_color color;                /* --color */
    struct arb_filter filter;            /* --where, --select, --ignore, --min-severity, -q */
    bool quiet;                          /* -qq: only the summary line */
    int fail_on;                         /* --fail-on: exit 1 from this severity up; 3 never */
    char **files;
    int n_files;
};

/* Parse argv ("arbiter COMMAND [OPTION]... [FILE]...").  ARB_OPTS_RUN:
 * run o->cmd; ARB_OPTS_DONE: help, version or a list was printed (exit 0);
 * ARB_OPTS_USAGE: a usage error was printed on stderr (exit 2).  Release
 * with arb_opts_free() whatever it returned. */
enum arb_parse_result arb_opts_parse(struct arb_opts *o, int argc, char **argv);
void arb_opts_free(struct arb_opts *o);

/* A usage error: the message and "Try 'arbiter CMD --help'" on standard
 * error; returns ARB_OPTS_USAGE. */
enum arb_parse_result arb_opts_usage(const struct arb_opts *o, const char *fmt, ...) ARB_PRINTF(2, 3);

/* The finding codes with their severities and summaries (check --help). */
void arb_opts_help_codes(FILE *f);

/* Option values shared by several commands' own options. */
/* A decimal number from lo to hi into *out; false (out unchanged) if s is
 * none. */
bool arb_opts_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
/* A number (decimals allowed) from lo to hi into *out; false (out
 * unchanged) if s is none. */
bool arb_opts_number(const char *s, double lo, double hi, double *out);
/* --trf=FILE and --round=N (check, watch): into *trf or *round, else a
 * usage error. */
enum arb_parse_result arb_opts_trf(const struct arb_opts *o, bool is_round, const char *arg, const char **trf,
                                   int *round);
/* The notation language code arg names into *out, else a usage error
 * with a "did you mean". */
enum arb_parse_result arb_opts_lang(const struct arb_opts *o, const char *arg, const struct arb_lang **out);

/* How the games are read and judged (run/games.h), from the shared
 * options; the pointers point into o. */
struct arb_games_opts arb_opts_games(const struct arb_opts *o);

/* A move as --move and the replay's "go to move" take it: "23", "23w",
 * "23." for White's 23rd move; "23b", "23...", "23…" for Black's.  False
 * if s is none of these. */
bool arb_opts_move_ref(const char *s, int *move_no, int *side);

/* --color=auto|always|never: auto is on for a terminal on standard output,
 * unless NO_COLOR is set or TERM is "dumb". */
bool arb_opts_want_color(const struct arb_opts *o);

/* The inputs a command that reads FILEs (or standard input) registers:
 * each file (a directory: its *.pgn files), standard input when there is
 * no file and stdin_default (base/outfile.h). */
void arb_opts_inputs(const struct arb_opts *o, bool stdin_default);
/* Check standard output (unless -o), -o and the files of outs[0..n)
 * (each {path or NULL, option}) against the inputs and each other.  False
 * after a message. */
bool arb_opts_outputs(const struct arb_opts *o, const char *const outs[][2], int n);

#endif
