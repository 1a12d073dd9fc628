/* slips.h — the notation layer's measure of a scoresheet slip: how far a
 * move token as written is from a legal move written in a language.
 *
 * Used by reconstruct's search (src/recon/recon.c) and by check --repair.  It
 * knows letters, digits, marks and the forms of a move; the position only
 * tells which move is which (piece, squares, capture, C.10's
 * disambiguation, check).
 */
#ifndef ARB_SLIPS_H
#define ARB_SLIPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess/movegen.h"
#include "notation/notation.h"

#define ARB_SLIP_GARBAGE 3.0     /* the most a token costs: nothing like the move */
#define ARB_SLIP_UNREADABLE 1.0  /* "?" read as any move */

/* A token reduced to its letters and digits, its marks noted apart. */
struct arb_slip_token {
    char s[32];                   /* letters and digits */
    int n;
    bool capture, check, mate, unreadable;
};

/* Read token tok (NUL-terminated) into *out. */
void arb_slip_read(const char *tok, struct arb_slip_token *out);

/* Costs worked out already, by token and written form (a search's). */
#define ARB_SLIP_CACHE_BITS 18     /* the most: 3 MB */
struct arb_slip_cache {
    unsigned bits;                 /* 1 << bits slots (at most ARB_SLIP_CACHE_BITS) */
    uint64_t *key;
    float *cost;
};

/* What C.10 needs to tell each legal move of ml from the others of its
 * kind to the same square: need[j] bit 0 the file, bit 1 the rank. */
void arb_slip_disambiguation(const struct arb_pos *pos, const struct arb_movelist *ml, uint8_t *need);

/* The cost of reading token t (written in lang) as the legal move m of pos
 * (ml: the legal moves of pos): 0 when it is the move as written, more for
 * each slip, at most ARB_SLIP_GARBAGE.  need: m's entry of
 * arb_slip_disambiguation, or -1 to work it out.  cache (may be NULL) with
 * tok_id naming the token.  reason (may be NULL; no cache then) gets the
 * slips in words. */
double arb_slip_cost(const struct arb_lang *lang, const struct arb_slip_token *t, const struct arb_pos *pos,
                     const struct arb_movelist *ml, arb_move m, char *reason, size_t cap,
                     struct arb_slip_cache *cache, uint32_t tok_id, int need);

/* The parts of what a token costs (arb_slip_cost_parts). */
struct arb_slip_parts {
    double edit;                  /* letters and digits: 0 as written, 0.05 an over-specified or long
                                     form, more for each slip (capped at ARB_SLIP_GARBAGE) */
    bool capture_missing;         /* the move takes; the token has no capture mark */
    bool capture_extra;           /* a capture mark on a move that takes nothing */
    bool check_extra;             /* a check or mate mark on a move that gives none */
};

/* arb_slip_cost (its arguments but reason) with its parts in *out; returns
 * the same cost. */
double arb_slip_cost_parts(const struct arb_lang *lang, const struct arb_slip_token *t, const struct arb_pos *pos,
                           const struct arb_movelist *ml, arb_move m, struct arb_slip_cache *cache, uint32_t tok_id,
                           int need, struct arb_slip_parts *out);

/* The same for a token as text, in pos. */
double arb_slip_token_cost(const struct arb_lang *lang, const char *tok, const struct arb_pos *pos, arb_move m,
                           char *reason, size_t cap);

#endif
