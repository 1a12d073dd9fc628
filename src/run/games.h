/* games.h — the judged games of a file: the one loop every command that
 * reads games goes through (check's pipeline, watch, convert, replay).
 *
 *   open the file (read/input.c: encoding, a PGN file or a bare move list)
 *   -> read each game (read/pgn.c) -> keep those --where lets through
 *   -> replay and judge it under the Laws (laws/replay.h)
 *   -> leave out the findings --select, --ignore, --min-severity hide
 *      (report/filter.h)
 *
 * Reading and judging are two steps because check's pipeline reads in one
 * thread and judges in others; arb_games_next() does both for the commands
 * that take one game at a time.
 */
#ifndef ARB_GAMES_H
#define ARB_GAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "read/input.h"
#include "read/pgn.h"
#include "laws/replay.h"
#include "report/filter.h"

/* The test arb_pgn_open() applies to a file of games: a move in any
 * language (arb_notation_is_move_any), or none (NULL) when the language is
 * a spoken notation, whose moves are phrases. */
typedef bool (*arb_sniffer)(const char *s, size_t n);
arb_sniffer arb_games_sniffer(const struct arb_check_opts *co);

/* How a run reads and judges games (filled by the command line; the
 * pointers live as long as the run). */
struct arb_games_opts {
    struct arb_check_opts check;         /* rules, language, mode, time control, --repair */
    const char *encoding;                /* NULL: detect */
    uint64_t max_game_bytes;
    const struct arb_filter *filter;     /* NULL: every game, every finding */
    uint64_t game_base;                  /* added to every game number (--game-base) */
};

/* One file's games.  Caller storage. */
struct arb_games {
    const struct arb_games_opts *o;
    struct arb_input in;
    struct arb_pgn_reader rd;
    struct arb_check_opts co;            /* o->check, with the file's language votes */
    unsigned votes[32];                  /* languages of its games judged so far */
    uint64_t skipped;                    /* games --where left out */
};

/* Open path ("-": standard input, with a note when that is a terminal);
 * records name it `name`; every byte read is copied to tee_fd (-1: none).
 * 0, or -1 and "FILE: why" in err. */
int arb_games_open(struct arb_games *gs, const struct arb_games_opts *o, const char *path, const char *name,
                   int tee_fd, char *err, size_t cap);
/* The same for an input the caller opened into gs->in (and found to hold
 * games: arb_pgn_sniff). */
void arb_games_start(struct arb_games *gs, const struct arb_games_opts *o, const char *name);
void arb_games_close(struct arb_games *gs);

/* Read the next game into g, what it allocates in arena: 1 a game (*kept:
 * whether --where lets it through; a game left out is counted in skipped
 * and the caller releases it), 0 at the end, -1 a read error (in.err_no). */
int arb_games_read(struct arb_games *gs, struct arb_game *g, struct arb_arena *arena, bool *kept);

/* Replay and judge g with co and hooks (NULL: none), outcome in *oc; then
 * leave out the findings the filter hides (NULL: none; report/filter.h).  How many it left
 * out. */
int arb_games_judge(const struct arb_check_opts *co, const struct arb_filter *f, struct arb_game *g,
                    const struct arb_replay_hooks *hooks, struct arb_outcome *oc);

/* The next game --where lets through, read into g and judged (its language
 * counted for the file's later games): 1, 0 at the end, -1 a read error.
 * A game left out is released and arena reset before the next is read;
 * the caller releases g (arb_pgn_release(&gs->rd, g)) and resets arena. */
int arb_games_next(struct arb_games *gs, struct arb_game *g, struct arb_arena *arena,
                   const struct arb_replay_hooks *hooks, struct arb_outcome *oc);

/* On standard error, where standard input is a terminal: "reading
 * standard input (Ctrl-D ends)" (a command given no file waits there). */
void arb_games_stdin_note(void);

/* Is name a PGN file's (*.pgn, any case; not a hidden file)? */
bool arb_games_pgn_name(const char *name);
/* The *.pgn files of directory dir ("dir/name", sorted; malloc'd, each
 * and the array), *n of them; NULL with *n 0 when it cannot be read. */
char **arb_games_dir(const char *dir, int *n);

#endif
