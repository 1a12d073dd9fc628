/* openings.h — the ECO and Opening tags against the moves played.
 *
 * The table is lichess's chess-openings (src/laws/openings/, CC0): 3,807
 * named positions, each with its ECO code and the moves that reach it.
 * A game is classified as that data set says to: the last position of
 * its main line (in the first plies the table reaches) that the table
 * names.  The tags are judged leniently, for the gross defects (a tag
 * copied from another game): an ECO tag contradicts the moves when no
 * position the game passes through lies on any line of that code (a
 * database's deeper classification or a transposition passes), an Opening
 * tag when its family (the name before ':' or ',') is no named position's
 * family on the way: opening-mismatch (info), and --repair writes the
 * classification's code and name.
 *
 * Part of the Laws layer's record checks (as the result against the
 * board): the walk asks arb_opening_see() after each move of the main
 * line, and arb_opening_judge() after the walk.
 */
#ifndef ARB_OPENINGS_H
#define ARB_OPENINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The table as shipped ("ECO\tNAME\tMOVES" a line; openings_table.c). */
extern const char *const arb_openings_tsv[];
extern const int arb_openings_n;

/* The named positions a game's main line passed through (caller storage,
 * zeroed before the game). */
#define ARB_OPENING_PATH 48
struct arb_opening_path {
    int16_t idx[ARB_OPENING_PATH];    /* the named positions reached (their table lines), in order */
    int n;
    uint64_t codes[8];                /* the ECO codes of every line through a position reached
                                         (A00 = bit 0 ... E99 = bit 499) */
    int misses;                       /* positions in a row no line passes through */
    bool asked;                       /* the game's tags are to be judged (arb_opening_judge) */
};
/* After this many positions in a row off the table's lines the walk stops
 * asking: a transposition back into them later is rare, and each question
 * costs. */
#define ARB_OPENING_MISSES 8

/* Plies beyond which no line of the table goes (the walk stops asking). */
int arb_opening_max_ply(void);

/* The position whose repetition key is key was reached on the main line:
 * note it if a line of the table passes through it (true; false: none,
 * and p->misses is the caller's to count). */
bool arb_opening_see(struct arb_opening_path *p, uint64_t key);

/* How many lines of the table were read into positions (all of them:
 * tests/unit asks). */
int arb_opening_lines_read(void);

/* A table line's ECO code ("B20") and name. */
const char *arb_opening_eco(int idx, char out[4]);
const char *arb_opening_name(int idx, char *out, size_t cap);

#endif
