/* recon_out.h — what `arbiter reconstruct` found, written for people (PGN:
 * English SAN, the verdict first, a comment at every correction, the
 * alternatives) or for programs (one JSON object).
 */
#ifndef ARB_RECON_OUT_H
#define ARB_RECON_OUT_H

#include "base/util.h"
#include "read/pgn.h"
#include "recon/recon.h"

struct arb_recon_report {
    const struct arb_recon_result *r;  /* the search's result (r->found false: no game fits) */
    const struct arb_pos *start;       /* the position the game starts from */
    const struct arb_sheet *sheets;    /* the sheets as searched, and their languages */
    const char *const *paths;          /* the sheets' file names */
    int n_sheets;
    const struct arb_game *tags;       /* the first sheet's game: the tags written */
    int no_duty_from;                  /* 8.4: no duty to record from this move (0: none) */
    const char *engine;                /* the engine that ordered the equally good games (NULL: none) */
};

/* One JSON object and a newline (uci and fen null when no game fits). */
/* How many games fit as well as the best, in words ("4 other games fit"),
 * for a result with ties; buf[cap] holds it. */
const char *arb_recon_ties_phrase(const struct arb_recon_result *r, char *buf, size_t cap);

/* A limit's name in JSON ("budget", "memory", "time"). */
const char *arb_recon_limit_name(enum arb_recon_limit l);
/* What stopped the search, in words ("the step budget (--budget) was
 * spent"); NULL when nothing did. */
const char *arb_recon_limit_words(enum arb_recon_limit l);

void arb_recon_write_json(struct arb_buf *b, const struct arb_recon_report *rep);
/* One PGN game (only when a game was found). */
void arb_recon_write_pgn(struct arb_buf *b, const struct arb_recon_report *rep);

#endif
