/* util.c — see util.h. */
#include "base/util.h"

#include <ctype.h>
#include <dlfcn.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void (*on_fatal)(void);

void arb_on_fatal(void (*fn)(void))
{
    on_fatal = fn;
}

_Noreturn void arb_out_of_memory(void)
{
    static const char msg[] = "arbiter: out of memory\n";
    if (on_fatal)
        on_fatal();
    ssize_t r = write(2, msg, sizeof msg - 1);
    (void)r;
    _exit(2);
}

size_t arb_edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
    if (la > ARB_EDIT_MAX || lb > ARB_EDIT_MAX)
        return SIZE_MAX;
    size_t d[ARB_EDIT_MAX + 1][ARB_EDIT_MAX + 1];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            size_t v = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < v)
                v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v)
                v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[la][lb];
}

double arb_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

void *arb_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        arb_out_of_memory();
    return p;
}

void *arb_xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        arb_out_of_memory();
    return p;
}

void *arb_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        arb_out_of_memory();
    return q;
}

char *arb_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = arb_xmalloc(n);
    memcpy(p, s, n);
    return p;
}

void arb_buf_grow(struct arb_buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->data = arb_xrealloc(b->data, cap);
    b->cap = cap;
}

void arb_buf_vprintf(struct arb_buf *b, const char *fmt, va_list ap)
{
    /* Print into the free room at once; only a longer text prints twice. */
    arb_buf_reserve(b, 128);
    size_t room = b->cap - b->len;
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(b->data + b->len, room, fmt, aq);
    va_end(aq);
    if (n < 0) {
        b->data[b->len] = 0;
        return;
    }
    if ((size_t)n >= room) {
        arb_buf_reserve(b, (size_t)n);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    }
    b->len += (size_t)n;
}

void arb_buf_addu(struct arb_buf *b, unsigned long v, int width)
{
    char d[24];
    int n = (int)(arb_utoa(d, v) - d);
    arb_buf_reserve(b, (size_t)(width > n ? width : n));
    for (int i = n; i < width; i++)
        b->data[b->len++] = ' ';
    arb_buf_add(b, d, (size_t)n);
}

void arb_buf_printf(struct arb_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    arb_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

void arb_buf_free(struct arb_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

void arb_xml_escape(struct arb_buf *out, const char *s)
{
    if (s)
        arb_xml_escape_n(out, s, strlen(s));
}

void arb_xml_escape_n(struct arb_buf *out, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    for (size_t i = 0; i < n;) {
        unsigned char c = s[i];
        switch (c) {
        case '&': arb_buf_adds(out, "&amp;"); i++; continue;
        case '<': arb_buf_adds(out, "&lt;"); i++; continue;
        case '>': arb_buf_adds(out, "&gt;"); i++; continue;
        case '"': arb_buf_adds(out, "&quot;"); i++; continue;
        case '\'': arb_buf_adds(out, "&apos;"); i++; continue;
        default: break;
        }
        if (c < 0x80) {
            /* XML 1.0 has no place for other control characters. */
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
                arb_buf_printf(out, "\\x%02x", c);
            else
                arb_buf_addc(out, (char)c);
            i++;
            continue;
        }
        size_t len = arb_utf8_valid(s + i, n - i);
        uint32_t cp = len ? arb_utf8_decode(s + i, len) : 0;
        if (!len || cp == 0xFFFE || cp == 0xFFFF) {
            arb_buf_printf(out, "\\x%02x", c);   /* not UTF-8 (a file name), or no XML character */
            i++;
            continue;
        }
        arb_buf_add(out, s + i, len);
        i += len;
    }
}

bool arb_dl_open(const char *soname, const char *need, const struct arb_dl_sym *want, size_t n, char *err,
                 size_t errlen)
{
    void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(err, errlen, "%s: %s", need, dlerror());
        return false;
    }
    for (size_t i = 0; i < n; i++)
        if (!(*want[i].fn = dlsym(h, want[i].name))) {
            snprintf(err, errlen, "%s has no %s", soname, want[i].name);
            return false;
        }
    return true;
}
