/* utf8.c — UTF-8 text (see utf8.h). */
#include "base/utf8.h"

size_t arb_utf8_char(const unsigned char *s, size_t n, bool *cut)
{
    if (cut)
        *cut = false;
    if (!n)
        return 0;
    unsigned char c = s[0];
    size_t need;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        need = 1;
    else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else
        return 0;                   /* a stray continuation byte, an invalid lead */
    for (size_t k = 1; k <= need; k++) {
        if (k >= n) {
            if (cut)
                *cut = true;        /* valid so far, cut by the end */
            return 0;
        }
        unsigned char l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xBF;
        if (s[k] < l || s[k] > h)
            return 0;
    }
    return need + 1;
}

uint32_t arb_utf8_decode(const unsigned char *s, size_t len)
{
    switch (len) {
    case 1: return s[0];
    case 2: return (uint32_t)(s[0] & 0x1F) << 6 | (s[1] & 0x3F);
    case 3: return (uint32_t)(s[0] & 0x0F) << 12 | (uint32_t)(s[1] & 0x3F) << 6 | (s[2] & 0x3F);
    default: return (uint32_t)(s[0] & 0x07) << 18 | (uint32_t)(s[1] & 0x3F) << 12 | (uint32_t)(s[2] & 0x3F) << 6
                    | (s[3] & 0x3F);
    }
}

size_t arb_utf8_chars(const char *s, size_t n)
{
    size_t chars = 0;
    for (size_t i = 0; i < n; i++)
        chars += ((unsigned char)s[i] & 0xC0) != 0x80;
    return chars;
}

size_t arb_utf8_prefix(const char *s, size_t n, size_t max)
{
    if (n <= max)
        return n;
    while (max > 0 && ((unsigned char)s[max] & 0xC0) == 0x80)
        max--;
    return max;
}

int arb_utf8_cols(uint32_t c)
{
    if ((c >= 0x300 && c <= 0x36F) || (c >= 0x200B && c <= 0x200F) || c == 0xFE0F)
        return 0;
    if ((c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF && c != 0x303F)
        || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F)
        || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F)
        || (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD))
        return 2;
    return 1;
}
