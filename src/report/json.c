/* json.c — see json.h. */
#include "report/json.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/utf8.h"

void arb_json_str(struct arb_buf *b, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    arb_buf_reserve(b, n + 2);
    arb_buf_addc(b, '"');
    size_t run = 0;   /* start of a run of bytes copied as they are */
    for (size_t i = 0; i < n;) {
        i += arb_plain_run(str + i, n - i, '"', '\\');
        if (i >= n)
            break;
        unsigned char c = s[i];
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            i++;
            continue;
        }
        if (c >= 0x80) {
            size_t k = arb_utf8_valid(s + i, n - i);
            if (k) {
                i += k;
                continue;
            }
        }
        arb_buf_add(b, s + run, i - run);
        switch (c) {
        case '"': arb_buf_adds(b, "\\\""); break;
        case '\\': arb_buf_adds(b, "\\\\"); break;
        case '\n': arb_buf_adds(b, "\\n"); break;
        case '\r': arb_buf_adds(b, "\\r"); break;
        case '\t': arb_buf_adds(b, "\\t"); break;
        default:
            if (c < 0x20)
                arb_buf_printf(b, "\\u%04x", c);
            else
                arb_buf_adds(b, "\xEF\xBF\xBD");
        }
        i++;
        run = i;
    }
    arb_buf_add(b, s + run, n - run);
    arb_buf_addc(b, '"');
}

void arb_json_cstr(struct arb_buf *b, const char *s)
{
    if (!s)
        arb_buf_adds(b, "null");
    else
        arb_json_str(b, s, strlen(s));
}

void arb_json_key(struct arb_buf *b, const char *key, bool first)
{
    if (!first)
        arb_buf_addc(b, ',');
    arb_buf_addc(b, '"');
    arb_buf_adds(b, key);
    arb_buf_adds(b, "\":");
}

void arb_json_int(struct arb_buf *b, long long v)
{
    char tmp[24];
    int n = 0;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        tmp[n++] = '-';
    arb_buf_reserve(b, (size_t)n);
    while (n)
        b->data[b->len++] = tmp[--n];
    b->data[b->len] = 0;
}
