/* trfcheck.h — check --trf: the games against the pairings and results of
 * a tournament report (read/trf.h).
 *
 * A tournament concern, neither Laws of Chess nor report.  Each game is
 * matched to a pairing in the writing thread, in input order (as
 * cli/dupes.c), so the output is the same for any --jobs:
 *   - the players: by the WhiteFideId and BlackFideId tags when both are
 *     there, else by name (arb_name_match);
 *   - the round: --round=N, else the Round tag's number ("5.3": round 5);
 *     the players' pairing in that round, else in any round (a round
 *     mismatch then);
 *   - then the pairing's colours and result against the game's.
 * After the last game, the report's own records: every line that could
 * not be read, every game played (1 0 = W D L) in a checked round (--round,
 * else each round some game of the input was matched to or names) that no
 * game matched, every player whose points differ from his results' sum.
 */
#ifndef ARB_TRFCHECK_H
#define ARB_TRFCHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "base/arena.h"
#include "laws/replay.h"
#include "read/pgn.h"
#include "report/sheet.h"

struct arb_trfcheck;

/* Read the report at path (round: --round, 0 none).  NULL with why in
 * err when it cannot be read or is no TRF.  The lines that cannot be read
 * are said on standard error (FILE:LINE:COL: error: ...). */
struct arb_trfcheck *arb_trfcheck_new(const char *path, int round, char *err, size_t errlen);
void arb_trfcheck_free(struct arb_trfcheck *c);

/* Match the game to its pairing and add the findings (ply 0, in g's
 * arena); true when it added any. */
bool arb_trfcheck_game(struct arb_trfcheck *c, struct arb_game *g, const struct arb_outcome *oc);

/* --sheet: keep what the round's sheet needs of each game (before the
 * first game); after the last record, the sheet of the round (--round)
 * in the format asked. */
void arb_trfcheck_keep_sheet(struct arb_trfcheck *c);
void arb_trfcheck_sheet(struct arb_trfcheck *c, struct arb_buf *out, enum arb_sheet_format fmt);

/* The report's next record after the games (see above) into *g, every
 * string in arena a; false when there is none left.  The first call ends
 * the matching: no game may follow. */
bool arb_trfcheck_record(struct arb_trfcheck *c, struct arb_game *g, struct arb_arena *a);

#endif
