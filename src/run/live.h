/* live.h — what `arbiter watch` has already said about the games of the
 * files it follows, and what is new when a file is read again.
 *
 * A game of a live file is known by its number in the file and its White,
 * Black and Round tags (boards' files keep the games in order; other tags
 * at a number make another game).  A finding of it is known by its code,
 * ply, variation, the move as written and the article (not by its
 * message, which may grow as the game goes on: "play went on for N more
 * half-moves").  Each finding is said once; one said before that a
 * complete record of the game no longer holds (the operator corrected the
 * board) is said to be withdrawn, and so is every finding of a game that
 * is no longer in the file (arb_live_end); a game that comes back is a new
 * game, its findings said again.  Nothing here reads files or prints.
 */
#ifndef ARB_CLI_LIVE_H
#define ARB_CLI_LIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/finding.h"
#include "report/livepage.h"

/* One finding as said: its identity, and its text as the watch prints it
 * (malloc'd, owned by the finding). */
struct arb_live_finding {
    uint64_t id;                  /* arb_live_finding_id */
    enum arb_severity severity;
    char *loc;                    /* "FILE:LINE:COL" (escaped for a terminal) */
    char *text;                   /* the rest of its text line after the severity: the game, the move,
                                     the message, the article, [code] (escaped) */
    char *json;                   /* the finding as a JSON object (check's jsonl keys) */
    bool intervene;               /* the arbiter must act now (9.6: the game is over) */
};

/* One game's findings said so far. */
struct arb_live_game {
    uint64_t index;               /* 1-based number in its file */
    char *white, *black, *round;  /* its tags ("" when missing) */
    uint32_t line;                /* where it starts in the file as last read (the caller's) */
    bool seen;                    /* found in the reading under way (arb_live_begin, arb_live_end) */
    bool gone;                    /* no longer in the file: its findings are being withdrawn */
    struct arb_live_finding *v;
    int n, cap;
};

/* The games of one file said so far. */
struct arb_live_file {
    struct arb_live_game *games;
    int n, cap;
};

/* A finding's identity (code, ply, variation, move, article). */
uint64_t arb_live_finding_id(const struct arb_finding *f);

/* A reading of the file begins: no game is seen in it yet. */
void arb_live_begin(struct arb_live_file *lf);

/* The game of lf with that identity, made (empty) when there is none;
 * NULL tags count as "".  It is seen in the reading.  The pointer is valid
 * until the next call. */
struct arb_live_game *arb_live_game_get(struct arb_live_file *lf, uint64_t index, const char *white,
                                        const char *black, const char *round);

/* The same without making one: NULL when there is none. */
struct arb_live_game *arb_live_game_find(struct arb_live_file *lf, uint64_t index, const char *white,
                                         const char *black, const char *round);

/* What one event is: a finding said for the first time, or withdrawn. */
typedef void (*arb_live_emit)(void *ctx, const struct arb_live_game *lg, const struct arb_live_finding *f,
                              bool withdrawn);

/* The game's findings as read now (cur[0..n), owned by the caller; the
 * ones a file cut short may not show yet left out): each one not said
 * before is emitted and remembered (copied).  With complete (the record
 * has its termination marker), each one said before and no longer there
 * is emitted as withdrawn and forgotten.  Returns how many events. */
int arb_live_update(struct arb_live_game *lg, const struct arb_live_finding *cur, int n, bool complete,
                    arb_live_emit emit, void *ctx);

/* The reading is over: every game not seen in it whose number is below
 * upto (UINT64_MAX: any; the number of the reading's last game when that
 * game is still being written, so that what follows it may not be there
 * yet) has left the file: each of its findings is emitted as withdrawn
 * (with the game's .gone set) and the game forgotten.  Returns how many
 * events. */
int arb_live_end(struct arb_live_file *lf, uint64_t upto, arb_live_emit emit, void *ctx);

/* What a finding asks of the arbiter now (ARB_NEED_* of
 * report/livepage.h; 0: nothing now): intervene (the game is over by the
 * Laws and goes on), an illegal move, a flag fall, a claimable draw. */
unsigned arb_live_need(const struct arb_finding *f, bool intervene);

/* Free one finding's strings; the file's games and everything they hold. */
void arb_live_finding_fini(struct arb_live_finding *f);
void arb_live_file_fini(struct arb_live_file *lf);

#endif
