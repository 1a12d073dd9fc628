/* recon.h — reconstruct a game from flawed scoresheets (Laws 8.5.3).
 *
 * Above the chess core and the notation layer.  A scoresheet is a noisy
 * copy of the game: its cells (row, column, token) are aligned with the
 * game's half-moves, each operation at a cost learned from how people
 * write (recon/model.c):
 *
 *  - a cell read as a legal move: the token's distance to the move
 *    written in the sheet's language (notation/slips.h), scaled;
 *  - a cell left blank, or a half-move with no cell at all (a move left
 *    out: every later cell sits one column off; the shift is paid once);
 *  - a cell that is no move of the game (written twice, or noise); two
 *    half-moves written in each other's cells (a row's White and Black
 *    moves, or one side's moves on neighbouring rows or rows two apart);
 *  - the half-moves after the last cell (recording stopped, Art. 8.4):
 *    the final position and its move counter say how many there are, and
 *    the search is drawn towards that position.
 *
 * The search (recon/search.c) is best-first (A*) over (position, half-move,
 * each sheet's cursor and pending swap), with a lower bound that never
 * overestimates, so the first game it completes is the cheapest; it goes
 * on to every game of equal cost.  Its budget is counted in search steps,
 * never in time, so the same input gives the same answer on any machine;
 * a wall-clock limit exists only as a safety net the caller sets.
 *
 * Nothing here prints or decides what a report says: the reconstruct
 * command and report/recon_out.c use the result.
 */
#ifndef ARB_RECON_H
#define ARB_RECON_H

#include <stdbool.h>
#include <stddef.h>

#include "chess/board.h"
#include "notation/notation.h"
#include "read/lex.h"

#define ARB_RECON_MAX_SHEETS 2
#define ARB_RECON_MAX_ALT 1024

/* The search's budget when none is given, in steps: a step is one legal
 * move looked at from one state with one reading of each sheet, and a state
 * made counts 8 (about 4 seconds of one core here at most). */
#define ARB_RECON_BUDGET_DEFAULT 25000000L

struct rc_costs;

struct arb_sheet {
    const struct arb_lang *lang;   /* the notation the sheet is written in */
    const char *const *tok;        /* the recorded move tokens in order; "?" for an unreadable one */
    int n;
    const int *num;                /* NULL, or per token the move number written for its row (0: none) */
    const signed char *black;      /* NULL, or per token 1 if written as Black's move, 0 White's, -1 unknown */
    enum arb_result result;        /* the result written on it (NONE: none, or "*"): evidence of how the
                                      game ended */
};

struct arb_recon_opts {
    const struct arb_pos *start;   /* NULL: the standard starting position */
    const struct arb_pos *final;   /* NULL: unknown; else the position on the board (pieces and
                                      side to move must match) */
    bool final_counters;           /* final's move number and halfmove clock are to be believed
                                      (a FEN that gives them; "0 1" gives none) */
    int moves;                     /* the move counter: moves made (White's N-th move made, Black's
                                      perhaps), 0: unknown */
    int no_duty_from;              /* 8.4: from this move number on neither player had to record
                                      (a move left out there costs little); 0: none */
    long budget;                   /* search steps at most; 0: ARB_RECON_BUDGET_DEFAULT */
    double wall_limit;             /* seconds of wall clock at most (a safety net; 0: none) */
    const arb_move *force;         /* NULL, or the game to score: only its moves are tried (its
                                      cost under the model, for measuring the search) */
    int n_force;
    double margin;                 /* dearer alternatives within this much of the best; 0: 2.0 */
    const struct rc_costs *costs;  /* NULL: the model's own costs (recon/recon_int.h; for tuning) */
};

enum arb_recon_kind {
    ARB_RC_READ,          /* the token was read as the move (with the slips its reason says) */
    ARB_RC_UNREADABLE,    /* "?": any move */
    ARB_RC_NOT_RECORDED,  /* no cell holds the move: left out (every later cell one off) */
    ARB_RC_EXTRA,         /* a cell that was no move of the game (written twice, noise, a blank
                             that set the columns right) */
    ARB_RC_BLANK,         /* a blank cell: the move was not written there */
    ARB_RC_SWAPPED,       /* the token stood in another move's cell (two moves written in each
                             other's places); read as this move */
    ARB_RC_AFTER_END,     /* a move after the sheet's last (recording stopped) */
    ARB_RC_RESULT         /* the result written contradicts how the game ends (checkmate,
                             stalemate, a dead position): no token, no move, at the last ply */
};

/* One difference between a sheet and the game. */
struct arb_recon_corr {
    int ply;              /* 1-based ply of the game (EXTRA: the ply after which the cell stood) */
    int sheet;            /* 0 or 1 */
    int tok;              /* index of the token in its sheet, -1 for no token (blank, left out, after the end) */
    arb_move move;        /* the move played (0 for EXTRA) */
    enum arb_recon_kind kind;
    double cost;
    char reason[96];      /* why, in words ("'5' written for '3'; capture mark missing") */
};

struct arb_recon_game {
    arb_move *moves;      /* the game's moves from the start position (malloc'd) */
    int n_moves;
    struct arb_recon_corr *corr;  /* every cell that is not the move as written, and every
                                     move with no token (malloc'd) */
    int n_corr;
    double cost;
    struct arb_pos final;
    enum arb_result result;  /* how it ended by the Laws (checkmate, stalemate, a dead
                                position), else the result the first sheet with one wrote
                                (NONE: neither) */
};

enum arb_recon_limit {
    ARB_RL_NONE,          /* the search ended by itself */
    ARB_RL_BUDGET,        /* the step budget (--budget) was spent */
    ARB_RL_MEMORY,        /* the states kept reached the memory limit */
    ARB_RL_WALL           /* the wall-clock safety net (--time-limit) */
};

struct arb_recon_result {
    bool found;                    /* some game fits the evidence */
    bool proved;                   /* found, and no other game costs less (the search completed
                                      every cheaper possibility); false after a limit */
    struct arb_recon_game best;
    struct arb_recon_game *alt;    /* other games (malloc'd, at most ARB_RECON_MAX_ALT): the
                                      equal ones first, then the dearer within the margin */
    int n_alt, cap_alt;
    bool ties;                     /* another game costs as much as the best */
    int n_ties;                    /* the other games found at the best's cost */
    bool ties_more;                /* ... and there may be more than n_ties (not all were built) */
    long steps;                    /* steps (states expanded) */
    long states;                   /* states made */
    enum arb_recon_limit limit;    /* what stopped the search, if anything */
    bool partial;                  /* no game fits the whole sheet (without a final position): best
                                      is the game as far as the sheets could be followed; the cells
                                      after it are EXTRA */
    bool counter_ignored;          /* the final position's move counter fits no game: searched
                                      without it */
};

/* Find the legal games that best explain the sheets.  Returns 0, or -1 if
 * the arguments are unusable (no sheet).  Free with arb_recon_free(). */
int arb_reconstruct(const struct arb_sheet *sheets, int n_sheets, const struct arb_recon_opts *o,
                    struct arb_recon_result *r);
void arb_recon_free(struct arb_recon_result *r);

/* The language a sheet's tokens are most likely written in (the one that
 * reads most of them as moves; ties: hint, then the table's order). */
const struct arb_lang *arb_recon_guess_lang(const char *const *tok, int n, const struct arb_lang *hint);

#endif
