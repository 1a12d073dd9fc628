/* arena.h — a per-game bump allocator.
 *
 * Everything that belongs to one game (tags, movetext nodes, findings and
 * their messages) is allocated here and released at once with
 * arb_arena_reset() after the game has been reported, so memory does not
 * grow with the number of games.  The first block is kept across resets.
 */
#ifndef ARB_ARENA_H
#define ARB_ARENA_H

#include <stdarg.h>
#include <stddef.h>

#include "base/util.h"

struct arb_arena_block;

struct arb_arena {
    struct arb_arena_block *head;   /* current block; older blocks follow */
    size_t used;                    /* bytes used in head */
    size_t total;                   /* bytes allocated since the last reset */
    struct arb_arena_block *spare;  /* standard blocks kept by reset for reuse */
    int n_spare;
};

void arb_arena_init(struct arb_arena *a);
void arb_arena_fini(struct arb_arena *a);
/* Free everything allocated since the last reset (keeps up to 1 MB of
 * standard blocks for the next use; larger blocks are freed). */
void arb_arena_reset(struct arb_arena *a);
/* n bytes aligned for any object; never NULL (out of memory exits). */
void *arb_arena_alloc(struct arb_arena *a, size_t n);
/* Copy n bytes of s and add a NUL. */
char *arb_arena_strndup(struct arb_arena *a, const char *s, size_t n);
char *arb_arena_printf(struct arb_arena *a, const char *fmt, ...) ARB_PRINTF(2, 3);
char *arb_arena_vprintf(struct arb_arena *a, const char *fmt, va_list ap) ARB_PRINTF(2, 0);
/* Grow an array allocated in the arena: returns a copy with room for
 * new_cap elements (old contents copied); the old array is abandoned. */
void *arb_arena_grow(struct arb_arena *a, void *old, size_t elem, size_t old_n, size_t new_cap);

#endif
