/* recon.h — reconstruct a game from flawed scoresheets (Laws 8.5.3).
 *
 * Above the chess core and the notation layer: the recorded tokens of one
 * or two scoresheets (each in its own notation language) are matched
 * against legal games.  Every recorded token costs its distance to the
 * move it is taken for, written in the sheet's language (arb_recon_token_
 * cost, notation/slips.h); a move no sheet recorded, a token that was no move and an
 * unreadable token ("?") cost fixed amounts; the final position, when
 * known, is a hard constraint.  A beam search over the plies, one state per
 * (position, place in each sheet), finds the games of least total cost.
 *
 * Nothing here prints or decides what a report says; cmd_reconstruct.c and
 * the replay's --repair use the result.
 */
#ifndef ARB_RECON_H
#define ARB_RECON_H

#include <stdbool.h>
#include <stddef.h>

#include "chess/board.h"
#include "notation/notation.h"

#define ARB_RECON_MAX_SHEETS 2
#define ARB_RECON_MAX_ALT 8

struct arb_sheet {
    const struct arb_lang *lang;   /* the notation the sheet is written in */
    const char *const *tok;        /* the recorded move tokens in order; "?" for an unreadable one */
    int n;
    const int *num;                /* NULL, or per token the move number written for its row (0: none) */
    const signed char *black;      /* NULL, or per token 1 if written as Black's move, 0 White's, -1 unknown */
};

struct arb_recon_opts {
    const struct arb_pos *start;   /* NULL: the standard starting position */
    const struct arb_pos *final;   /* NULL: unknown; else the position on the board (pieces and
                                      side to move must match) */
    int moves;                     /* the move counter: moves made (White's N-th move made, Black's
                                      perhaps), 0: unknown */
    int no_duty_from;              /* 8.4: from this move number on neither player had to record
                                      (a move left out there costs little); 0: none */
    int beam;                      /* states kept per ply; 0: 400 */
    const arb_move *force;         /* NULL, or the game to score: only its moves are tried (its
                                      cost under the model, for measuring the search) */
    int n_force;
    double margin;                 /* alternatives within this much of the best; 0: 3.0 */
    int time_limit_ms;             /* the search stops after this long with the best game found so far
                                      (said so: timed_out); 0: 5000 */
};

enum arb_recon_kind {
    ARB_RC_READ,          /* the token was read as the move (cost 0: as written) */
    ARB_RC_UNREADABLE,    /* "?": any move */
    ARB_RC_NOT_RECORDED,  /* the sheet has no token for the move */
    ARB_RC_EXTRA          /* a token that was no move of the game */
};

/* One difference between a sheet and the game. */
struct arb_recon_corr {
    int ply;              /* 1-based ply of the game (EXTRA: the ply after which the token stood) */
    int sheet;            /* 0 or 1 */
    int tok;              /* index of the token in its sheet, -1 for NOT_RECORDED */
    arb_move move;        /* the move played (0 for EXTRA) */
    enum arb_recon_kind kind;
    double cost;
    char reason[96];      /* why, in words ("'5' written for '3'; capture mark missing") */
};

struct arb_recon_game {
    arb_move *moves;      /* the game's moves from the start position (malloc'd) */
    int n_moves;
    struct arb_recon_corr *corr;  /* every token that is not the move as written, and every
                                     move not recorded (malloc'd) */
    int n_corr;
    double cost;
    struct arb_pos final;
};

struct arb_recon_result {
    bool found;                    /* some game fits the evidence */
    struct arb_recon_game best;
    struct arb_recon_game alt[ARB_RECON_MAX_ALT];   /* other games within the margin, best first */
    int n_alt;
    bool ties;                     /* an alternative costs as much as the best */
    int n_ties;                    /* the other games found at the best's cost (some may not be
                                      among alt[] when there are more than it holds) */
    bool ties_more;                /* ... and there are more than n_ties (not all were looked at) */
    long states;                   /* states the search expanded */
    bool pruned;                   /* the beam was full at some ply (the optimum is not proved) */
    bool partial;                  /* no game fits to the end (and no final position or move count
                                      is given, or the time ran out): best is the game as far as the
                                      sheets could be followed; the tokens after it are EXTRA */
    bool timed_out;                /* the time limit stopped the search */
    int widened;                   /* 1: the first search decided; else the factor its beam was
                                      widened by (no game was found with the first), the widest
                                      tried when none was found at all */
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
