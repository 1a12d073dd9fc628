/* test_json.c — JSON string and number output (RFC 8259): what reports
 * write for every tag value and message, whatever bytes the input held. */
#include "json.h"
#include "tap.h"
#include "util.h"

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
    return tap_done();
}
