/* arena.c — see arena.h. */
#include "base/arena.h"

#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_BLOCK 65536
#define ARENA_KEEP 16        /* standard blocks a reset keeps (1 MB) */

struct arb_arena_block {
    struct arb_arena_block *next;
    size_t size;
    alignas(max_align_t) unsigned char data[];
};

static struct arb_arena_block *new_block(size_t size)
{
    struct arb_arena_block *b = arb_xmalloc(sizeof *b + size);
    b->next = NULL;
    b->size = size;
    return b;
}

/* A standard block: a spare one, else a new one. */
static struct arb_arena_block *standard_block(struct arb_arena *a)
{
    struct arb_arena_block *b = a->spare;
    if (!b)
        return new_block(ARENA_BLOCK);
    a->spare = b->next;
    a->n_spare--;
    b->next = NULL;
    return b;
}

void arb_arena_init(struct arb_arena *a)
{
    a->spare = NULL;
    a->n_spare = 0;
    a->head = new_block(ARENA_BLOCK);
    a->used = 0;
    a->total = 0;
}

static void free_list(struct arb_arena_block *b)
{
    while (b) {
        struct arb_arena_block *n = b->next;
        free(b);
        b = n;
    }
}

void arb_arena_fini(struct arb_arena *a)
{
    free_list(a->head);
    free_list(a->spare);
    a->head = a->spare = NULL;
    a->n_spare = 0;
}

void arb_arena_reset(struct arb_arena *a)
{
    /* Standard blocks go to the spares (up to ARENA_KEEP), others are freed;
     * a spare becomes the head. */
    struct arb_arena_block *b = a->head;
    while (b) {
        struct arb_arena_block *n = b->next;
        if (b->size == ARENA_BLOCK && a->n_spare < ARENA_KEEP) {
            b->next = a->spare;
            a->spare = b;
            a->n_spare++;
        } else {
            free(b);
        }
        b = n;
    }
    a->head = standard_block(a);
    a->used = 0;
    a->total = 0;
}

void *arb_arena_alloc(struct arb_arena *a, size_t n)
{
    const size_t align = alignof(max_align_t);
    size_t off = (a->used + align - 1) & ~(align - 1);
    if (off + n > a->head->size) {
        struct arb_arena_block *b = n > ARENA_BLOCK / 4 ? new_block(n) : standard_block(a);
        b->next = a->head;
        a->head = b;
        off = 0;
    }
    a->used = off + n;
    a->total += n;
    return a->head->data + off;
}

char *arb_arena_strndup(struct arb_arena *a, const char *s, size_t n)
{
    char *p = arb_arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *arb_arena_vprintf(struct arb_arena *a, const char *fmt, va_list ap)
{
    if (fmt[0] == '%' && fmt[1] == 's' && !fmt[2]) {
        /* A text as it is (a finding's message made elsewhere): copied. */
        va_list aq;
        va_copy(aq, ap);
        const char *s = va_arg(aq, const char *);
        va_end(aq);
        return arb_arena_strndup(a, s, strlen(s));
    }
    /* Print into the rest of the current block at once; only a text that
     * does not fit there prints twice. */
    const size_t align = alignof(max_align_t);
    size_t off = (a->used + align - 1) & ~(align - 1);
    size_t room = off < a->head->size ? a->head->size - off : 0;
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(room ? (char *)a->head->data + off : NULL, room, fmt, aq);
    va_end(aq);
    if (n < 0)
        n = 0;
    if ((size_t)n < room) {
        char *p = (char *)a->head->data + off;
        p[n] = 0;
        a->used = off + (size_t)n + 1;
        a->total += (size_t)n + 1;
        return p;
    }
    char *p = arb_arena_alloc(a, (size_t)n + 1);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    return p;
}

char *arb_arena_printf(struct arb_arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *p = arb_arena_vprintf(a, fmt, ap);
    va_end(ap);
    return p;
}

void *arb_arena_grow(struct arb_arena *a, void *old, size_t elem, size_t old_n, size_t new_cap)
{
    /* An array big enough to have a block of its own grows in place
     * (realloc), so a long game does not leave every smaller copy behind. */
    struct arb_arena_block **link = &a->head;
    for (int i = 0; old && *link && i < 4; i++, link = &(*link)->next) {
        struct arb_arena_block *b = *link;
        if ((void *)b->data != old || b->size == ARENA_BLOCK || b->size < elem * old_n)
            continue;
        struct arb_arena_block *nb = arb_xrealloc(b, sizeof *nb + elem * new_cap);
        nb->size = elem * new_cap;
        *link = nb;
        if (link == &a->head)
            a->used = nb->size;
        a->total += elem * new_cap - elem * old_n;
        return nb->data;
    }
    void *p = arb_arena_alloc(a, elem * new_cap);
    if (old_n)
        memcpy(p, old, elem * old_n);
    return p;
}
