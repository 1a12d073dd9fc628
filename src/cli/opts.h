/* opts.h — command-line options of every subcommand.
 *
 * Options are parsed once with getopt_long into struct arb_opts, which then
 * travels as a const pointer.  Parsing never exits: it returns a status
 * that main.c turns into an exit code.
 */
#ifndef ARB_OPTS_H
#define ARB_OPTS_H

#include <stdbool.h>
#include <stdint.h>

#include "laws/laws.h"
#include "read/timectl.h"
#include "base/finding.h"
#include "notation/notation.h"
#include "report/report.h"

#include "base/version.h"

/* Exit statuses (INTERFACE.md). */
enum arb_exit { ARB_EXIT_OK = 0, ARB_EXIT_FINDINGS = 1, ARB_EXIT_FAILURE = 2 };

enum arb_cmd { ARB_CMD_NONE, ARB_CMD_CHECK, ARB_CMD_REPLAY, ARB_CMD_CONVERT, ARB_CMD_RECONSTRUCT, ARB_CMD_WATCH, ARB_CMD_POSITION };

enum arb_color { ARB_COLOR_AUTO, ARB_COLOR_NEVER, ARB_COLOR_ALWAYS };

/* One --where condition: the tag's value (empty when the game lacks it)
 * must match the pattern (PCRE2, UTF-8, compiled once with JIT). */
struct arb_where {
    char *tag;
    void *code;                          /* pcre2_code */
};

struct arb_opts {
    enum arb_cmd cmd;
    const char *cmd_name;
    const struct arb_format *format;
    const struct arb_profile *profile;   /* NULL: --rules=auto */
    int mode;                            /* enum arb_mode, -1 auto */
    struct arb_timecontrol time_control; /* --time-control= (when have_time_control) */
    const char *origin;                  /* --origin: the file name records give for standard input */
    uint64_t game_base;                  /* --game-base: added to every game number */
    bool summary_jsonl;                  /* --summary=jsonl: a last record with the counters */
    int fail_on;                         /* --fail-on: exit 1 from this severity up; 3 never */
    bool select[ARB_F_COUNT];            /* --select (all true when not given) */
    bool any_select;
    bool ignore[ARB_F_COUNT];            /* --ignore */
    bool ignore_any;
    struct arb_where *where;             /* --where=TAG~REGEX, all must match; NULL none */
    int n_where;
    bool have_time_control;
    const struct arb_lang *lang;         /* NULL: auto */
    const struct arb_lang *lang_hint;    /* --lang-hint, or NULL */
    const struct arb_lang *to;           /* convert --to */
    const char *encoding;                /* NULL: detect */
    uint64_t max_game_bytes;
    enum arb_color color;
    bool quiet;                          /* -qq: only the summary line */
    int min_severity;                    /* --min-severity (-q: error); ARB_SEV_INFO: all */
    const char *output;                  /* -o, --output=FILE (NULL: standard output) */
    const char *write_clean;             /* check --write-clean=FILE */
    const char *write_flagged;           /* check --write-flagged=FILE */
    const char *write_repaired;          /* check --write-repaired=FILE (with --repair) */
    bool duplicates;                     /* check --duplicates */
    const char *trf;                     /* check --trf=FILE: the tournament report, or NULL */
    int trf_round;                       /* check --round=N (with --trf); 0 none */
    bool no_progress;                    /* --no-progress */
    bool repair;                         /* check --repair */
    int jobs;                            /* --jobs=N; 0: the processors online */
    const char *final_fen;               /* reconstruct --final-fen */
    uint64_t recon_moves;                /* reconstruct --moves */
    uint64_t no_duty_from;               /* reconstruct --no-duty-from */
    double time_limit;                   /* reconstruct --time-limit (seconds; 0: none) */
    const char *engine;                  /* reconstruct --engine=PATH: a UCI engine orders ties (NULL: off) */
    bool fen;                            /* replay --fen */
    const char *position_fen;            /* position --fen=FEN (NULL: read lines) */
    uint64_t budget;                     /* position, reconstruct --budget=N (0: the default) */
    bool quick;                          /* position --quick */
    uint64_t game;                       /* replay --game=N (1-based) */
    int ply;                             /* replay --ply=N; -1 none */
    int move_no, move_side;              /* replay --move=23b: move number (0 none) and side */
    bool flip;                           /* replay --flip */
    const char *svg_dir;                 /* replay --svg=DIR, or NULL */
    bool at_findings, at_given;          /* replay --at=findings */
    bool ascii;                          /* replay --ascii */
    bool no_interactive;                 /* replay --no-interactive */
    double poll_s;                       /* watch --poll[=SECONDS]: poll instead of inotify (0: inotify) */
    bool once;                           /* watch --once: read every file once and end */
    char **files;
    int n_files;
};

enum arb_parse_result { ARB_OPTS_RUN, ARB_OPTS_DONE, ARB_OPTS_USAGE };

/* The test arb_pgn_open() applies to a file of games: a move in any
 * language (arb_notation_is_move_any), or none (NULL) when --lang names a
 * spoken notation, whose moves are phrases. */
typedef bool (*arb_sniffer)(const char *s, size_t n);
arb_sniffer arb_opts_sniffer(const struct arb_opts *o);

/* A move as --move and the replay's "go to move" take it: "23", "23w",
 * "23." for White's 23rd move; "23b", "23...", "23…" for Black's.  False
 * if s is none of these. */
bool arb_opts_move_ref(const char *s, int *move_no, int *side);

/* --color=auto|always|never: auto is on for a terminal on standard output,
 * unless NO_COLOR is set or TERM is "dumb". */
bool arb_opts_want_color(const struct arb_opts *o);
/* What the replay takes from the options (every command builds it here:
 * rules, language, mode, time control, --repair). */
struct arb_check_opts arb_opts_check(const struct arb_opts *o);
/* Open path (the reader names it `name`) with the options' encoding and
 * game-size limit, is_move telling a bare move list, every byte read
 * copied to tee_fd (-1: none); -1 and the message in err if it cannot be
 * read. */
int arb_opts_open(const struct arb_opts *o, const char *path, const char *name, arb_sniffer is_move, int tee_fd,
                  struct arb_input *in, struct arb_pgn_reader *rd, char *err, size_t cap);

/* Before anything is opened: register the run's inputs (its files, or
 * standard input when it reads that; --trf; --engine; the files watch
 * reads) and check every file it writes (-o, or standard output where that
 * is a regular file; --write-clean, --write-flagged, --write-repaired)
 * against them and each other (base/outfile.h).  False after a message. */
bool arb_opts_check_outputs(const struct arb_opts *o);
/* On standard error, where standard input is a terminal: "reading
 * standard input (Ctrl-D ends)" (a command given no file waits there). */
void arb_opts_stdin_note(void);
/* Is name a PGN file's (*.pgn, any case; not a hidden file)? */
bool arb_opts_pgn_name(const char *name);
/* The *.pgn files of directory dir ("dir/name", sorted; malloc'd, each
 * and the array), *n of them; NULL with *n 0 when it cannot be read. */
char **arb_opts_dir_pgns(const char *dir, int *n);

/* Parse argv.  ARB_OPTS_RUN: run the command; ARB_OPTS_DONE: help, version
 * or a list was printed (exit 0); ARB_OPTS_USAGE: a usage error was printed
 * on stderr (exit 2). */
enum arb_parse_result arb_opts_parse(struct arb_opts *o, int argc, char **argv);

/* Release what parsing allocated (--where patterns). */
void arb_opts_free(struct arb_opts *o);

#endif
