/* sheet.h — the round's sheet (`check --trf=FILE --round=N --sheet`): what
 * an arbiter signs after a round, on one page.
 *
 * Formatting only: run/trfcheck.c matches the games to the round's
 * pairings and fills struct arb_sheet; this writes it as text (columns for
 * a terminal or a printer), JSON Lines (a record a line, "sheet" saying
 * which) or one self-contained HTML page (every string escaped).
 */
#ifndef ARB_SHEET_H
#define ARB_SHEET_H

#include <stdbool.h>
#include <stdint.h>

#include "base/util.h"

/* One board of the round: a pairing of the report and the game the input
 * has of it (game_result NULL: none), or a player without an opponent. */
struct arb_sheet_board {
    int board;                    /* 1.. (0: a player without an opponent: a bye, not paired) */
    const char *white, *black;    /* the report's names (black NULL: no opponent) */
    int wrank, brank;
    const char *report;           /* the report's result in words ("1-0", "full-point bye") */
    const char *expect;           /* the game's Result the report implies, NULL: no game is expected */
    const char *game_result;      /* the game's Result tag ("" none); NULL: no game in the input */
    const char *file;             /* where the game is */
    uint64_t game;
    uint32_t line;
    bool swapped;                 /* the game has the report's colours reversed */
    bool agree;                   /* the game's result is the report's */
    int errors, warnings, infos;  /* the game's findings */
    const char *codes;            /* the errors' and warnings' codes, comma-separated ("" none) */
};

/* A game of the round that matches no pairing of it. */
struct arb_sheet_extra {
    const char *file;
    uint64_t game;
    uint32_t line;
    const char *white, *black, *result;
    int errors, warnings, infos;
    const char *codes;
    int paired_round;             /* the round the report pairs the two in, 0: none */
};

/* A player's points after the round (tenths): the report's, and the
 * report's with the round's result taken from the game where there is one. */
struct arb_sheet_standing {
    int rank;
    const char *name;
    int report10, games10;
};

struct arb_sheet {
    const char *trf;              /* the report's path */
    const char *event;            /* its tournament name (012), or NULL */
    int round;
    struct arb_sheet_board *boards;
    int n_boards;
    struct arb_sheet_extra *extras;
    int n_extras;
    struct arb_sheet_standing *standings;   /* by the report's points after the round, then start rank */
    int n_standings;
};

enum arb_sheet_format { ARB_SHEET_TEXT, ARB_SHEET_JSONL, ARB_SHEET_HTML };

void arb_sheet_write(struct arb_buf *b, const struct arb_sheet *s, enum arb_sheet_format f);

#endif
