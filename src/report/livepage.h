/* livepage.h — the page `arbiter watch --serve` serves: every board of the
 * watched files on one screen, updated as the files change.
 *
 * Formatting only: a board is what the watch knows of one game (struct
 * arb_live_board, filled by run/watch.c), written here as one JSON object
 * for the page's script; the page itself is one self-contained document
 * (its style, its script and the pieces' drawings inline: no network).
 * Everything that comes from a PGN file goes into the JSON as a string
 * and into the page as text (the script sets textContent, never markup);
 * the one piece of markup in a board, its diagram, is made here from the
 * position, its title escaped (report/diagram.h).
 */
#ifndef ARB_LIVEPAGE_H
#define ARB_LIVEPAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/finding.h"
#include "base/util.h"
#include "chess/board.h"

/* Why a board needs the arbiter now (bits; the page sorts by the first;
 * run/live.c decides them). */
enum {
    ARB_NEED_INTERVENE = 1,       /* the game is over by the Laws and goes on (9.6, 5.1/5.2, 9.6.2) */
    ARB_NEED_ILLEGAL = 2,         /* an illegal move (or one that cannot be read) */
    ARB_NEED_FLAG = 4,            /* a flag fell */
    ARB_NEED_CLAIM = 8            /* a draw can be claimed (9.2, 9.3) */
};
/* (A board silent for long is told by the page from when it last changed,
 * which the server adds as "changed", ms since the epoch.) */

struct arb_live_board {
    const char *file;             /* the file as named */
    uint64_t game;                /* its number in the file */
    const char *white, *black, *round, *event, *result;   /* tags ("" when missing) */
    bool complete;                /* the record has its termination marker ... */
    bool over;                    /* ... and it is a result (1-0, 0-1, 1/2-1/2; not *) */
    int plies;                    /* main-line half-moves played */
    const struct arb_pos *pos;    /* the position now (NULL: none could be set up) */
    arb_move last;                /* the move that led to it (ARB_MOVE_NONE: none) */
    const char *last_token;       /* that move as written, and its length */
    size_t last_len;
    long clk[2];                  /* each clock's last reading, tenths; -1 none */
    int n_findings;                       /* the game's findings as reported ... */
    const char *const *finding_json;      /* ... each as a JSON object (check's keys) */
    unsigned needs;               /* ARB_NEED_* */
    int board;                    /* its board in the round's pairings (--trf), 0: none */
};

/* A board's id, "FILE#GAME", as a JSON string (the page's key). */
void arb_livepage_board_id(struct arb_buf *b, const char *file, uint64_t game);


/* The board as a JSON object (one line, ending in '}'): its id
 * ("FILE#GAME"), tags, position (FEN and the diagram as SVG), last move,
 * clocks, findings, needs. */
void arb_livepage_board_json(struct arb_buf *b, const struct arb_live_board *v);

/* One pairing of the round (--trf) as a JSON object: its board, the
 * players' names and start ranks, the report's result in words. */
void arb_livepage_pairing_json(struct arb_buf *b, int board, const char *white, int wrank, const char *black,
                               int brank, char result);

/* The page; silent_s: a board unchanged this long while its game goes on
 * is marked silent. */
void arb_livepage_html(struct arb_buf *b, int silent_s);

#endif
