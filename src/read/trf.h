/* trf.h — read a tournament report file (FIDE TRF-16) into a table of
 * players and their rounds.
 *
 * A text reader beside the PGN reader: pairing programs (Swiss-Manager,
 * Vega, JaVaFo, bbpPairings) write the tournament as fixed columns, one
 * record a line, its kind in columns 1-3.  What is read:
 *   001  a player: start rank (5-8), name (15-47), rating (49-52),
 *        federation (54-56), FIDE id (58-68), points (81-84), and from
 *        column 92 one block of 10 columns per round: opponent's start
 *        rank (4 digits, 0000 or blanks: none), colour (w, b, -, blank),
 *        result (1 0 = played; + - forfeit; W D L unrated but played;
 *        H F U Z byes; blank: not paired, or not played yet);
 *   012  the tournament's name; 042/052 its first and last day;
 *   132  the rounds' dates, one per 10 columns from 92 (YY/MM/DD);
 *   162 and bbpPairings' BBW BBD BBL BBZ BBF BBU: points for a result
 *        other than the default 1, 1/2, 0 (so a player's points add up);
 *   anything else (XXR XXC XXA DAT 013 022 ... and ### comments) is let be.
 * Tolerated: a BOM, CRLF or CR line ends, missing trailing blanks, points with a comma,
 * letter codes in either case.
 *
 * A line that cannot be read is an error (line, column, message) kept in
 * the table, and the rest of the file is still read: a player line with a
 * bad round block keeps its other rounds.  After the last line, each
 * pairing is checked from both players' lines (an opponent who is no
 * player, two halves that disagree on opponent, colour or result): an
 * error at the second half's block.  Nothing here prints.
 */
#ifndef ARB_TRF_H
#define ARB_TRF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct arb_trf_round {
    int opp;                      /* start rank of the opponent, 0: none */
    char colour;                  /* 'w', 'b', '-' (none given) */
    char result;                  /* upper case: 1 0 = + - W D L H F U Z, ' ' none */
    uint32_t col;                 /* column of the block's opponent field */
    bool bad;                     /* the block could not be read (an error says why) */
};

struct arb_trf_player {
    int rank;                     /* start rank, 1-9999 */
    const char *name;             /* as written, blanks trimmed */
    int rating;                   /* 0: none */
    char fed[4];
    uint64_t fide_id;             /* 0: none */
    bool have_points;
    int points10;                 /* the points field in tenths */
    uint32_t line, points_col;
    struct arb_trf_round *rounds;
    int n_rounds;
};

struct arb_trf_error {
    uint32_t line, col;
    const char *message;
};

/* Points of each result, in tenths (the file's 162 or BB? records, else
 * FIDE's defaults). */
struct arb_trf_scoring {
    int win, draw, loss, zero_bye, forfeit_loss, pab, full_bye, half_bye;
};

struct arb_trf {
    char *text;                   /* the file's text, each line NUL-terminated in place */
    uint32_t *line_off;           /* where line n (1-based) starts: text + line_off[n - 1] */
    uint32_t n_lines;
    const char *name;             /* 012, or NULL */
    const char *start, *end;      /* 042, 052, or NULL */
    const char **round_dates;     /* 132: [r - 1], or NULL for a round without one */
    int n_round_dates;
    struct arb_trf_player *players;   /* in the order of their lines */
    int n_players;
    int *by_rank;                 /* [rank]: index in players, -1 none (10000 entries) */
    int n_rounds;                 /* the most round blocks of any player */
    struct arb_trf_scoring scoring;
    struct arb_trf_error *errors; /* in line order */
    int n_errors, cap_errors;
    char **owned;                 /* the strings above, freed with the table */
    int n_owned;
};

/* Read the TRF at path.  Returns 0 (errors in the file are in t->errors),
 * or -1 with why in err when the file cannot be read or holds no player
 * line at all (nothing to check against); then t holds nothing. */
int arb_trf_read(struct arb_trf *t, const char *path, char *err, size_t errlen);
/* The same for text in memory (len bytes; need not end in a newline). */
int arb_trf_parse(struct arb_trf *t, const char *data, size_t len, char *err, size_t errlen);
void arb_trf_free(struct arb_trf *t);

/* Line n of the file (1-based; "" outside it). */
const char *arb_trf_line(const struct arb_trf *t, uint32_t n);
/* The player of that start rank, or NULL. */
const struct arb_trf_player *arb_trf_player(const struct arb_trf *t, int rank);
/* Player p's round r (1-based), or NULL when the line has no such block. */
const struct arb_trf_round *arb_trf_round_of(const struct arb_trf_player *p, int r);

/* Is the result a game played at the board (1 0 = W D L)? */
bool arb_trf_played(char result);

/* A player's points (tenths) from rounds 1 to r by the report's codes. */
int arb_trf_points_upto(const struct arb_trf *t, const struct arb_trf_player *p, int r);

/* A result code in words: "1-0", "0-1 by forfeit", "half-point bye";
 * blank: "*" for a pairing (has_opp), "not paired" for a player alone. */
const char *arb_trf_result_words(char result, bool has_opp);

/* One board of a round: the two players' start ranks (black 0: a player
 * without an opponent, white then that player) and white's result code. */
struct arb_trf_pairing {
    int white, black;
    char result;
    int points10;                 /* the higher of the two players' points before the round */
};

/* The pairings of round r in board order, as pairing programs number the
 * boards: the higher score of the two before the round first, then the
 * better start rank (the lower number); the players without an opponent
 * (byes, forfeits without one, absences) after them.  malloc'd; how many
 * in *n. */
struct arb_trf_pairing *arb_trf_pairings(const struct arb_trf *t, int r, int *n);
/* Points of a result in tenths, under the file's scoring. */
int arb_trf_points10(const struct arb_trf *t, char result);

#endif
