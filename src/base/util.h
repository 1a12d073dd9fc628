/* util.h — allocation that cannot fail, and a growable byte buffer.
 *
 * Out of memory is the one condition that ends the program outside main.c:
 * arb_xmalloc() and friends print "arbiter: out of memory" and exit with
 * status 2 (INTERFACE.md), as jq's jv_mem_alloc does.  Everything else is
 * reported up the call chain.
 */
#ifndef ARB_UTIL_H
#define ARB_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <stdint.h>

#define ARB_UNUSED(x) ((void)(x))
#define ARB_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define ARB_PRINTF(f, a) __attribute__((format(printf, f, a)))

/* A monotonic clock in milliseconds (for timing and deadlines). */
double arb_now_ms(void);

/* The optimal string alignment distance between a (la bytes) and b (lb
 * bytes): an edit, an insertion, a deletion or two neighbours swapped
 * count one each; ASCII letters compared without case.  Strings longer
 * than ARB_EDIT_MAX give SIZE_MAX.  (What "did you mean" measures.) */
#define ARB_EDIT_MAX 64
size_t arb_edit_distance(const char *a, size_t la, const char *b, size_t lb);

void *arb_xmalloc(size_t n) __attribute__((malloc));
void *arb_xcalloc(size_t count, size_t size) __attribute__((malloc));
/* Resize p; on return the old pointer is invalid. */
void *arb_xrealloc(void *p, size_t n) __attribute__((warn_unused_result));
char *arb_xstrdup(const char *s) __attribute__((malloc));
/* Print the out-of-memory message and exit with status 2. */
_Noreturn void arb_out_of_memory(void);
/* A function arb_out_of_memory() runs first (async-signal-safe: it may run
 * anywhere; base/outfile removes the outputs' temporary files). */
void arb_on_fatal(void (*fn)(void));

/* The length of the run of bytes at s (n at most) that lie in 0x20..0x7F
 * and are none of the up to two bytes x and y: the part of a text that an
 * escaper copies as it is, eight bytes a step. */
static inline size_t arb_plain_run(const char *s, size_t n, unsigned char x, unsigned char y)
{
    const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
    size_t i = 0;
    while (i + 8 <= n) {
        uint64_t w, a, b;
        memcpy(&w, s + i, 8);
        a = w ^ (ones * x);
        b = w ^ (ones * y);
        if ((w & high) || ((w - ones * 0x20) & ~w & high) || ((a - ones) & ~a & high) || ((b - ones) & ~b & high))
            break;
        i += 8;
    }
    return i;
}

/* Write v in decimal at o (no NUL); returns the end.  (The reports and
 * the FEN writer: printf costs a hundred times more.) */
static inline char *arb_utoa(char *o, unsigned long v)
{
    char d[24];
    int n = 0;
    do {
        d[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        *o++ = d[--n];
    return o;
}

/* A growable byte buffer; data is always NUL-terminated after len bytes.
 * Initialise with {0}; free with arb_buf_free(). */
struct arb_buf {
    char *data;
    size_t len;
    size_t cap;
};

void arb_buf_grow(struct arb_buf *b, size_t extra);
/* Make room for extra more bytes (and the terminating NUL). */
static inline void arb_buf_reserve(struct arb_buf *b, size_t extra)
{
    if (b->len + extra + 1 > b->cap)
        arb_buf_grow(b, extra);
}
static inline void arb_buf_add(struct arb_buf *b, const void *p, size_t n)
{
    arb_buf_reserve(b, n);
    if (n)
        memcpy(b->data + b->len, p, n);
    b->len += n;
    b->data[b->len] = 0;
}
static inline void arb_buf_addc(struct arb_buf *b, char c)
{
    arb_buf_reserve(b, 1);
    b->data[b->len++] = c;
    b->data[b->len] = 0;
}
static inline void arb_buf_adds(struct arb_buf *b, const char *s) { arb_buf_add(b, s, strlen(s)); }
/* Append v in decimal, right-aligned in width columns (as "%*u"): the
 * reports' line and column numbers, without printf's cost. */
void arb_buf_addu(struct arb_buf *b, unsigned long v, int width);
void arb_buf_printf(struct arb_buf *b, const char *fmt, ...) ARB_PRINTF(2, 3);
void arb_buf_vprintf(struct arb_buf *b, const char *fmt, va_list ap) ARB_PRINTF(2, 0);
static inline void arb_buf_clear(struct arb_buf *b) { b->len = 0; if (b->data) b->data[0] = 0; }
/* Cut b back to its first len bytes. */
static inline void arb_buf_clear_to(struct arb_buf *b, size_t len) { b->len = len; if (b->data) b->data[len] = 0; }
void arb_buf_free(struct arb_buf *b);

/* A library opened when it is needed (dlopen), not linked: its functions
 * named in want[0..n) into the pointers there.  False with why in err
 * ("need" says what needs it and which Debian package has it). */
struct arb_dl_sym {
    void **fn;
    const char *name;
};
bool arb_dl_open(const char *soname, const char *need, const struct arb_dl_sym *want, size_t n, char *err,
                 size_t errlen);
/* Append s to b with &, <, >, " and ' escaped for XML and HTML; what XML
 * 1.0 has no place for (control characters but tab and line breaks, U+FFFE,
 * U+FFFF) and bytes that are not UTF-8 (a file name's) written as \xNN. */
void arb_xml_escape(struct arb_buf *b, const char *s);
/* The same for n bytes at s (no NUL needed). */
void arb_xml_escape_n(struct arb_buf *b, const char *s, size_t n);

#include "base/utf8.h"   /* (the UTF-8 helpers moved there) */

#endif
