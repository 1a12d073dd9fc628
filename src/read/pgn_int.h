/* pgn_int.h — what the two files of the PGN reader share, and no one else:
 * the reader's walk over the tokens (pgn.c) and the game record it fills
 * (pgn_game.c: the tags, syntax findings, the input's decode events as
 * findings).  Part of read/, under everything that reads games.
 */
#ifndef ARB_PGN_INT_H
#define ARB_PGN_INT_H

#include <stdint.h>

#include "base/finding.h"
#include "base/util.h"
#include "read/lex.h"
#include "read/pgn.h"

/* The game's tags by name, for repeated names: an open-addressing table
 * of tag indexes (-1 empty), kept at most half full, so that a game of
 * 200,000 tags is read in linear time. */
struct arb_tag_index {
    int *slot;
    uint32_t cap;                 /* a power of two, or 0 */
};

/* A pgn-syntax finding of game g at token t (the caret under the token's
 * first line when it is inside the game's text), its message from fmt. */
struct arb_finding *arb_pgn_syntax(struct arb_game *g, const struct arb_token *t, const char *fmt, ...)
    ARB_PRINTF(3, 4);

/* Add tag token t to g's tags (*cap: the room they have; grown in g's
 * arena), its value unescaped. */
void arb_pgn_add_tag(struct arb_game *g, const struct arb_token *t, int *cap);
/* The index of g's tag named as token t's, or -1. */
int arb_pgn_tag_named(const struct arb_game *g, const struct arb_tag_index *ix, const struct arb_token *t);
/* Enter g's last tag into the index (growing it first when half full). */
void arb_pgn_index_last_tag(struct arb_game *g, struct arb_tag_index *ix);
/* Tag token t gives g's tag i again: the later value counts, in the
 * earlier one's place, and a duplicate-tag finding says what was replaced. */
void arb_pgn_replace_tag(struct arb_game *g, int i, const struct arb_token *t, int *cap);

/* The byte offset in the file of decoded offset off, the events before it
 * taken; UINT64_MAX when iconv decodes (no offset maps back). */
static inline uint64_t arb_pgn_raw_offset(const struct arb_pgn_reader *r, uint64_t off)
{
    if (r->in->raw_inexact)
        return UINT64_MAX;
    return (uint64_t)((int64_t)(off + r->in->raw_skip) + r->raw_shift);
}

/* Turn the input's decode events up to the game's end into findings of g
 * (the replaced bytes, a code page guessed, a byte-order mark that
 * switches the encoding) and set g's raw offsets and encoding.  gap: where
 * the text before the game's first token began (NULL: none). */
void arb_pgn_decode_findings(struct arb_pgn_reader *r, struct arb_game *g, const struct arb_pgn_span *gap);

#endif
