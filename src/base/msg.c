/* msg.c — messages and text for people (see msg.h). */
#include "base/msg.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/utf8.h"

/* How the character of len bytes at s (valid UTF-8, or len 0 for a byte
 * that is not) is shown: its escape into out (returns its length), or 0
 * when it is shown as it is. */
static size_t escape_of(const unsigned char *s, size_t len, char out[12])
{
    if (len == 0)
        return (size_t)snprintf(out, 12, "\\x%02x", s[0]);
    if (len == 1) {
        unsigned char c = s[0];
        if (c == '\t' || (c >= 0x20 && c != 0x7F))
            return 0;
        if (c == '\n')
            return (size_t)snprintf(out, 12, "\\n");
        if (c == '\r')
            return (size_t)snprintf(out, 12, "\\r");
        return (size_t)snprintf(out, 12, "\\x%02x", c);
    }
    uint32_t cp = arb_utf8_decode(s, len);
    if ((cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069))
        return (size_t)snprintf(out, 12, "\\u%04x", (unsigned)cp);
    return 0;
}

void arb_term_escape(struct arb_buf *b, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t run = 0;
    for (size_t i = 0; i < n;) {
        i += arb_plain_run(str + i, n - i, 0x7F, 0x7F);
        if (i >= n)
            break;
        unsigned char c = s[i];
        if (c >= 0x20 && c < 0x7F) {
            i++;
            continue;
        }
        size_t len = arb_utf8_valid(s + i, n - i);
        char esc[12];
        size_t k = escape_of(s + i, len, esc);
        if (!k) {
            i += len;
            continue;
        }
        arb_buf_add(b, s + run, i - run);
        arb_buf_add(b, esc, k);
        i += len ? len : 1;
        run = i;
    }
    arb_buf_add(b, s + run, n - run);
}

void arb_term_escapes(struct arb_buf *b, const char *s)
{
    if (s)
        arb_term_escape(b, s, strlen(s));
}

size_t arb_term_cols(const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t cols = 0;
    for (size_t i = 0; i < n;) {
        if (s[i] >= 0x20 && s[i] < 0x7F) {
            cols++;
            i++;
            continue;
        }
        size_t len = arb_utf8_valid(s + i, n - i);
        char esc[12];
        size_t k = escape_of(s + i, len, esc);
        cols += k ? k : len ? (size_t)arb_utf8_cols(arb_utf8_decode(s + i, len)) : 1;
        i += len ? len : 1;
    }
    return cols;
}

bool arb_term_needs_escape(const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    for (size_t i = 0; i < n;) {
        if (s[i] >= 0x20 && s[i] < 0x7F) {
            i++;
            continue;
        }
        size_t len = arb_utf8_valid(s + i, n - i);
        char esc[12];
        if (escape_of(s + i, len, esc))
            return true;
        i += len ? len : 1;
    }
    return false;
}

void arb_vmsg(const char *fmt, va_list ap)
{
    struct arb_buf raw = {0}, out = {0};
    arb_buf_vprintf(&raw, fmt, ap);
    arb_buf_adds(&out, "arbiter: ");
    arb_term_escape(&out, raw.data ? raw.data : "", raw.len);
    arb_buf_addc(&out, '\n');
    fwrite(out.data, 1, out.len, stderr);
    arb_buf_free(&raw);
    arb_buf_free(&out);
}

void arb_msg(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    arb_vmsg(fmt, ap);
    va_end(ap);
}
