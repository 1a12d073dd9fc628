/* filter.h — which games and findings a run reports (--where, --select,
 * --ignore, --min-severity).  Part of the report side: it never changes
 * what the Laws decide, only what is shown and counted.  The command line
 * fills a struct arb_filter (cli/opts.c); check's pipeline, watch and the
 * games loop of run/games.c apply it. */
#ifndef ARB_FILTER_H
#define ARB_FILTER_H

#include <stdbool.h>
#include <stddef.h>

#include "base/finding.h"
#include "chess/board.h"
#include "laws/replay.h"
#include "read/pgn.h"

/* One --where condition: the tag's value (empty when the game lacks it)
 * must match the pattern (PCRE2, UTF-8, compiled once with JIT). */
struct arb_where {
    char *tag;
    void *code;                          /* pcre2_code */
};

/* What a run reports.  Caller storage: arb_filter_init() before use,
 * arb_filter_fini() frees the --where patterns it holds. */
/* A range MIN..MAX of numbers (open ends INT_MIN, INT_MAX); on = given. */
struct arb_range {
    bool on;
    int min, max;
};

struct arb_filter {
    struct arb_where *where;             /* --where=TAG~REGEX, all must match; NULL none */
    int n_where;
    /* Selection, all must hold (check, convert, replay, watch): */
    char **players;                      /* --player=NAME: each one is White or Black */
    int n_players;
    struct arb_range date;               /* --date=FROM..TO: yyyymmdd, the game's date wholly inside */
    struct arb_range elo;                /* --elo=MIN..MAX: both players' ratings inside */
    struct arb_range plies;              /* --plies=MIN..MAX: the half-moves recorded (after the replay) */
    struct arb_range eco;                /* --eco=A00..B99: A00 = 0 ... E99 = 499 */
    bool position;                       /* --position=FEN: the main line reaches ... */
    struct arb_pos reach;                /* ... this placement (after the replay) */
    bool select[ARB_F_COUNT];            /* --select (all true when not given) */
    bool any_select;
    bool ignore[ARB_F_COUNT];            /* --ignore */
    bool ignore_any;
    int min_severity;                    /* --min-severity (-q: error); ARB_SEV_INFO: all */
};

/* Every game, every finding. */
void arb_filter_init(struct arb_filter *f);
void arb_filter_fini(struct arb_filter *f);

/* Add a --where condition: tag ~ pattern.  False, and a message in msg,
 * when the pattern is no valid regular expression. */
bool arb_filter_add_where(struct arb_filter *f, const char *tag, size_t tag_len, const char *pattern, char *msg,
                          size_t msglen);

/* Does the game pass every --where condition (a missing tag is "") and
 * the selection its tags decide (--player, --date, --elo, --eco)? */
bool arb_filter_game(const struct arb_filter *f, const struct arb_game *g);

/* Is any selection given (--where, --player, ..., --position)? */
bool arb_filter_selects(const struct arb_filter *f);

/* After the replay: the selection the moves decide (--plies, --position:
 * outcome.reached).  True when neither is given. */
bool arb_filter_outcome(const struct arb_filter *f, const struct arb_outcome *oc);

/* The selection options' values, read into f; false and a message in msg
 * (for "--OPTION: ...") when the value cannot be read. */
bool arb_filter_set_player(struct arb_filter *f, const char *name, char *msg, size_t msglen);
bool arb_filter_set_date(struct arb_filter *f, const char *arg, char *msg, size_t msglen);
bool arb_filter_set_elo(struct arb_filter *f, const char *arg, char *msg, size_t msglen);
bool arb_filter_set_plies(struct arb_filter *f, const char *arg, char *msg, size_t msglen);
bool arb_filter_set_eco(struct arb_filter *f, const char *arg, char *msg, size_t msglen);
bool arb_filter_set_position(struct arb_filter *f, const char *fen, char *msg, size_t msglen);

/* Keep only the game's findings the filter shows (f NULL: all); how many
 * it left out (0 at once when it shows every finding). */
int arb_filter_findings(const struct arb_filter *f, struct arb_findings *fs);

#endif
