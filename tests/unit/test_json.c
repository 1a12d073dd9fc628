/* test_json.c — JSON string and number output (RFC 8259): what reports
 * write for every tag value and message, whatever bytes the input held.
 * Besides fixed cases, every ASCII byte is escaped and decoded back by a
 * small JSON string reader below, and the output is checked to hold no raw
 * control character and only valid UTF-8. */
#include "report/json.h"
#include "tap.h"
#include "base/util.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *str(const char *s, size_t n)
{
    static struct arb_buf b;
    arb_buf_clear(&b);
    arb_json_str(&b, s, n);
    return b.data;
}

static const char *num(long long v)
{
    static struct arb_buf b;
    arb_buf_clear(&b);
    arb_json_int(&b, v);
    return b.data;
}

/* Read back a JSON string at s (quotes included) into out; returns the
 * number of bytes of s used, or 0 if it is not a valid JSON string. */
static size_t json_read(const char *s, struct arb_buf *out)
{
    arb_buf_clear(out);
    arb_buf_reserve(out, 0);
    if (*s != '"')
        return 0;
    size_t i = 1;
    for (;;) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0 || c < 0x20)
            return 0;            /* unterminated, or a raw control character */
        if (c == '"')
            return i + 1;
        if (c != '\\') {
            arb_buf_addc(out, (char)c);
            i++;
            continue;
        }
        char e = s[i + 1];
        const char *simple = strchr("\"\\/bfnrt", e);
        if (e && simple) {
            static const char val[] = "\"\\/\b\f\n\r\t";
            arb_buf_addc(out, val[simple - "\"\\/bfnrt"]);
            i += 2;
        } else if (e == 'u') {
            unsigned v = 0;
            for (int k = 2; k < 6; k++) {
                char h = s[i + k];
                int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
                if (d < 0)
                    return 0;
                v = v * 16 + (unsigned)d;
            }
            if (v >= 0x80)
                return 0;        /* not needed here: non-ASCII passes through */
            arb_buf_addc(out, (char)v);
            i += 6;
        } else {
            return 0;
        }
    }
}

/* Is s[0, n) valid UTF-8 (no overlongs, surrogates or values past U+10FFFF)? */
static bool utf8_valid(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned char c = s[i];
        size_t need;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c < 0x80) {
            i++;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            need = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            lo = c == 0xE0 ? 0xA0 : 0x80;
            hi = c == 0xED ? 0x9F : 0xBF;
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            lo = c == 0xF0 ? 0x90 : 0x80;
            hi = c == 0xF4 ? 0x8F : 0xBF;
        } else {
            return false;
        }
        if (i + need >= n)
            return false;
        for (size_t k = 1; k <= need; k++) {
            unsigned char b = s[i + k];
            if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF))
                return false;
        }
        i += need + 1;
    }
    return true;
}

/* The plain runs are copied eight bytes a step: a byte that needs care is
 * found wherever it stands in a word (every offset of a 24-byte text). */
static void test_at_every_offset(void)
{
    static const struct { const char *in, *out; } cases[] = {
        {"\"", "\\\""}, {"\\", "\\\\"}, {"\x01", "\\u0001"}, {"\x1f", "\\u001f"},
        {"\n", "\\n"}, {"\x80", "\xEF\xBF\xBD"}, {"\xC3\xA9", "\xC3\xA9"}, {"\x7F", "\x7F"},
    };
    int bad = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (size_t at = 0; at < 24; at++) {
            char in[40], want[64];
            size_t l = strlen(cases[c].in);
            memset(in, 'a', sizeof in);
            memcpy(in + at, cases[c].in, l);
            snprintf(want, sizeof want, "\"%.*s%s%.*s\"", (int)at, in, cases[c].out, (int)(24 - at), "aaaaaaaaaaaaaaaaaaaaaaaa");
            if (strcmp(str(in, at + l + 24 - at), want) != 0) {
                bad++;
                printf("#   case %zu at %zu gives %s\n", c, at, str(in, 24 + l));
            }
        }
    is_int(bad, 0, "a quote, backslash, control byte, bad byte or UTF-8 letter at each of 24 offsets escapes as alone");
}

static void test_more_strings(void)
{
    /* Each control character, by name where JSON has a short form. */
    int bad = 0;
    for (int c = 0; c < 0x20; c++) {
        char in = (char)c, want[8];
        if (c == '\n')
            snprintf(want, sizeof want, "\\n");
        else if (c == '\r')
            snprintf(want, sizeof want, "\\r");
        else if (c == '\t')
            snprintf(want, sizeof want, "\\t");
        else
            snprintf(want, sizeof want, "\\u%04x", c);
        char quoted[16];
        snprintf(quoted, sizeof quoted, "\"%s\"", want);
        if (strcmp(str(&in, 1), quoted) != 0) {
            bad++;
            printf("#   byte %02X gives %s\n", c, str(&in, 1));
        }
    }
    is_int(bad, 0, "all 32 control characters are escaped (\\n \\r \\t, the rest as \\u00xx)");
    is_str(str("a/b\x7F~", 5), "\"a/b\x7F~\"", "'/' and DEL need no escape and are kept");
    is_str(str("\xE2\x80\xA8\xEF\xBB\xBF", 6), "\"\xE2\x80\xA8\xEF\xBB\xBF\"", "U+2028 and U+FEFF pass through");

    /* Every ASCII byte reads back as itself. */
    char all[128];
    for (int c = 0; c < 128; c++)
        all[c] = (char)c;
    struct arb_buf back = {0};
    const char *out = str(all, 128);
    size_t used = json_read(out, &back);
    ok(used == strlen(out) && back.len == 128 && memcmp(back.data, all, 128) == 0,
       "the 128 ASCII bytes, escaped, read back as themselves (and nothing follows the closing quote)");

    /* Invalid UTF-8, byte by byte. */
    is_str(str("\xC0\x80", 2), "\"\xEF\xBF\xBD\xEF\xBF\xBD\"", "an overlong NUL (C0 80) is two U+FFFD");
    is_str(str("\xF4\x90\x80\x80", 4), "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"", "a value past U+10FFFF is invalid");
    is_str(str("x\xF0\x9F\x98", 4), "\"x\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"", "a 4-byte character cut at the end of the span");
    is_str(str("\xF0\x9F\x98\x80", 3), "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"",
           "n bounds the span: a character cut by n is invalid, the byte after n is not read");
    is_str(str("\xE2\x82x", 3), "\"\xEF\xBF\xBD\xEF\xBF\xBDx\"", "a cut 3-byte character before ASCII");

    /* Pseudo-random bytes: the output is always valid UTF-8 with no raw control character. */
    unsigned long x = 2463534242UL;
    int invalid = 0;
    char bytes[64];
    for (int round = 0; round < 2000; round++) {
        for (size_t i = 0; i < sizeof bytes; i++) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            bytes[i] = (char)(x & 0xFF);
        }
        const char *o = str(bytes, sizeof bytes);
        size_t n = strlen(o);
        bool ctl = false;
        for (size_t i = 0; i < n; i++)
            ctl |= (unsigned char)o[i] < 0x20;
        if (ctl || !utf8_valid((const unsigned char *)o, n) || o[0] != '"' || o[n - 1] != '"')
            invalid++;
    }
    is_int(invalid, 0, "2000 strings of random bytes: always quoted, valid UTF-8, no raw control characters");

    /* A long string: the buffer grows. */
    size_t n = 100000;
    char *big = malloc(n);
    for (size_t i = 0; i < n; i++)
        big[i] = i % 2 ? '"' : '\\';
    out = str(big, n);
    ok(strlen(out) == 2 * n + 2 && json_read(out, &back) == 2 * n + 2 && back.len == n && memcmp(back.data, big, n) == 0,
       "100000 quotes and backslashes: escaped, and read back");
    free(big);
    arb_buf_free(&back);
}

static void test_append_and_keys(void)
{
    struct arb_buf b = {0};
    arb_buf_addc(&b, '{');
    arb_json_key(&b, "move", true);
    arb_json_cstr(&b, "Nf3");
    arb_json_key(&b, "ply", false);
    arb_json_int(&b, 12);
    arb_json_key(&b, "fen", false);
    arb_json_cstr(&b, NULL);
    arb_json_key(&b, "neg", false);
    arb_json_int(&b, -3);
    arb_buf_addc(&b, '}');
    is_str(b.data, "{\"move\":\"Nf3\",\"ply\":12,\"fen\":null,\"neg\":-3}",
           "keys, strings, numbers and null build an object; values append to what the buffer holds");
    arb_buf_clear(&b);
    arb_json_cstr(&b, "");
    arb_json_cstr(&b, "K\xC3\xA4");
    is_str(b.data, "\"\"\"K\xC3\xA4\"", "arb_json_cstr: the empty string and a UTF-8 string");
    arb_buf_clear(&b);
    arb_json_str(&b, "e4 e5", 2);
    is_str(b.data, "\"e4\"", "arb_json_str writes n bytes, not up to the NUL");
    arb_buf_free(&b);

    is_str(num(LLONG_MAX), "9223372036854775807", "LLONG_MAX");
    is_str(num(LLONG_MIN), "-9223372036854775808", "LLONG_MIN");
    is_str(num(10), "10", "10 (a zero digit at the end)");
    is_str(num(-1000000), "-1000000", "-1000000");
}

int main(void)
{
    is_str(str("Nf3", 3), "\"Nf3\"", "plain text is quoted");
    is_str(str("a\"b\\c", 5), "\"a\\\"b\\\\c\"", "quote and backslash are escaped");
    is_str(str("\n\t\r\b\f", 5), "\"\\n\\t\\r\\u0008\\u000c\"", "newline, tab, return short; the rest as \\u00XX");
    is_str(str("\x01\x1f", 2), "\"\\u0001\\u001f\"", "other control characters as \\u00XX");
    is_str(str("\0x", 2), "\"\\u0000x\"", "a NUL inside the span is escaped, not an end");
    is_str(str("K\xC3\xA4\xC3\xA4ri\xC3\xA4inen \xE2\x99\x94 \xF0\x9F\x98\x80", 22),
           "\"K\xC3\xA4\xC3\xA4ri\xC3\xA4inen \xE2\x99\x94 \xF0\x9F\x98\x80\"", "valid UTF-8 passes through");
    is_str(str("a\xFF" "b", 3), "\"a\xEF\xBF\xBD" "b\"", "an invalid byte becomes U+FFFD (as UTF-8)");
    is_str(str("\xC3", 1), "\"\xEF\xBF\xBD\"", "a truncated sequence becomes U+FFFD");
    is_str(str("\xED\xA0\x80", 3), "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"", "an encoded surrogate is not valid UTF-8");
    is_str(str("", 0), "\"\"", "the empty string");
    struct arb_buf b = {0};
    arb_json_cstr(&b, NULL);
    is_str(b.data, "null", "a NULL string is null");
    arb_buf_free(&b);
    is_str(num(0), "0", "zero");
    is_str(num(28058), "28058", "a positive number");
    is_str(num(-17), "-17", "a negative number");
    is_str(num(-9223372036854775807LL - 1), "-9223372036854775808", "the smallest long long");
    is_str(num(18446744073709551615ULL > 0 ? 9223372036854775807LL : 0), "9223372036854775807", "the largest");
    test_more_strings();
    test_at_every_offset();
    test_append_and_keys();
    return tap_done();
}
