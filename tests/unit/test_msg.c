/* test_msg.c — msg.c: text from the input shown to people (a terminal, a
 * CI log) never as control sequences, with the columns a caret needs; and
 * utf8.c, which says what a character is; and the XML escaping every XML
 * writer uses (valid XML whatever bytes a file name holds). */
#include "base/msg.h"
#include "tap.h"
#include "base/utf8.h"
#include "base/util.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char *esc(const char *s, size_t n)
{
    static struct arb_buf b;
    arb_buf_clear(&b);
    arb_buf_reserve(&b, 0);
    arb_term_escape(&b, s, n);
    return b.data;
}
#define ESC(lit) esc(lit, sizeof(lit) - 1)

static const char *xml(const char *s, size_t n)
{
    static struct arb_buf b;
    arb_buf_clear(&b);
    arb_buf_reserve(&b, 0);
    arb_xml_escape_n(&b, s, n);
    return b.data;
}
#define XML(lit) xml(lit, sizeof(lit) - 1)

/* Does the n bytes at s hold a C0 control but tab, DEL, C1, a bidi control
 * or a byte that is not UTF-8? */
static bool raw_controls(const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    for (size_t i = 0; i < n;) {
        if ((s[i] < 0x20 && s[i] != '\t') || s[i] == 0x7F)
            return true;
        size_t len = arb_utf8_valid(s + i, n - i);
        if (!len)
            return true;
        uint32_t cp = arb_utf8_decode(s + i, len);
        if ((cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069))
            return true;
        i += len;
    }
    return false;
}

static void test_escape(void)
{
    is_str(ESC("Nf3 K\xC3\xA4\xC3\xA4ri\xC3\xA4inen \xE2\x99\x94\ttab"), "Nf3 K\xC3\xA4\xC3\xA4ri\xC3\xA4inen \xE2\x99\x94\ttab",
           "printable text, UTF-8 and a tab are shown as they are");
    is_str(ESC("a\x1b[31mred\x07"), "a\\x1b[31mred\\x07", "ESC and BEL are shown escaped");
    is_str(ESC("x\ry\nz\x7f"), "x\\ry\\nz\\x7f", "CR, LF and DEL too");
    is_str(ESC("\xC2\x85" "a\xC2\x9B" "b"), "\\u0085a\\u009bb", "C1 controls (NEL, CSI) as \\u");
    is_str(ESC("\xE2\x80\xAE" "evil\xE2\x81\xA6"), "\\u202eevil\\u2066", "bidi overrides and isolates as \\u");
    is_str(ESC("name\xFF.pgn"), "name\\xff.pgn", "a byte that is not UTF-8 (a file name's) as \\x");
    is_str(ESC("\xE2\x82"), "\\xe2\\x82", "a character cut short: each byte");
    ok(arb_term_needs_escape("a\x1b", 2) && !arb_term_needs_escape("K\xC3\xA4", 3), "needs_escape says which text changes");

    /* Columns: what a caret under the escaped text counts. */
    is_int(arb_term_cols("e4", 2), 2, "two ASCII characters: two columns");
    is_int(arb_term_cols("K\xC3\xA4", 3), 2, "K and a two-byte letter: two columns");
    is_int(arb_term_cols("e\x1b" "5", 3), 6, "e, \\x1b (four columns), 5: six");
    is_int(arb_term_cols("\xE2\x80\xAE", 3), 6, "U+202E: six columns (\\u202e)");
    is_int(arb_term_cols("\xE4\xB8\xAD\xE6\x96\x87", 6), 4, "two CJK characters: four columns (wide)");
    is_int(arb_term_cols("e\xCC\x81", 3), 1, "e and a combining acute: one column");

    /* Every byte value, alone and in a string: nothing raw comes out. */
    bool clean = true;
    for (int c = 0; c < 256; c++) {
        char in[3] = {'a', (char)c, 'b'};
        const char *o = esc(in, 3);
        if (raw_controls(o, strlen(o)) || arb_term_cols(in, 3) != strlen(o))
            clean = false;
    }
    ok(clean, "every byte value: the output holds no control character and its columns are its length");
    srand(19);
    bool fuzz = true;
    for (int k = 0; k < 2000; k++) {
        char in[24];
        size_t n = 1 + (size_t)(rand() % 24);
        for (size_t i = 0; i < n; i++)
            in[i] = (char)(rand() % 256);
        const char *o = esc(in, n);
        if (raw_controls(o, strlen(o)))
            fuzz = false;
    }
    ok(fuzz, "2,000 random byte strings: no control character gets through");
}

static void test_xml(void)
{
    is_str(XML("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&apos;", "the five XML characters");
    is_str(XML("K\xC3\xA4\tx\ny"), "K\xC3\xA4\tx\ny", "UTF-8, tab and newline as they are");
    is_str(XML("a\x1b" "b"), "a\\x1bb", "a control character XML 1.0 forbids");
    is_str(XML("bad\xFFname"), "bad\\xffname", "a byte that is not UTF-8 (a file name's)");
    is_str(XML("\xEF\xBF\xBE"), "\\xef\\xbf\\xbe", "U+FFFE, no XML character");
}

static void test_utf8(void)
{
    is_int(arb_utf8_valid((const unsigned char *)"a", 1), 1, "ASCII: 1");
    is_int(arb_utf8_valid((const unsigned char *)"\xC3\xA4", 2), 2, "a 2-byte character");
    is_int(arb_utf8_valid((const unsigned char *)"\xF0\x9F\x98\x80", 4), 4, "a 4-byte character");
    is_int(arb_utf8_valid((const unsigned char *)"\xC0\xAF", 2), 0, "an overlong form is none");
    is_int(arb_utf8_valid((const unsigned char *)"\xED\xA0\x80", 3), 0, "a surrogate is none");
    is_int(arb_utf8_valid((const unsigned char *)"\xE2\x82", 2), 0, "a character cut short is none");
    is_int(arb_utf8_decode((const unsigned char *)"\xE2\x80\xAE", 3), 0x202E, "decodes U+202E");
    is_int(arb_utf8_chars("K\xC3\xA4\xE2\x99\x94", 6), 3, "three characters");
    is_int(arb_utf8_prefix("\xC3\xA4\xC3\xA4", 4, 3), 2, "a prefix is cut back to a character boundary");
}

/* Plain text is copied eight bytes a step: a byte that must be shown
 * escaped is found wherever it stands in a word (each offset of 24). */
static void test_escape_offsets(void)
{
    static const struct { const char *in, *out; } cases[] = {
        {"\x7F", "\\x7f"}, {"\x01", "\\x01"}, {"\n", "\\n"}, {"\r", "\\r"}, {"\xFF", "\\xff"},
        {"\xC2\x85", "\\u0085"}, {"\xC3\xA9", "\xC3\xA9"}, {"\t", "\t"}, {"~", "~"},
    };
    int bad = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (size_t at = 0; at < 24; at++) {
            char in[48], want[64];
            size_t l = strlen(cases[c].in);
            memset(in, 'b', sizeof in);
            memcpy(in + at, cases[c].in, l);
            snprintf(want, sizeof want, "%.*s%s%.*s", (int)at, in, cases[c].out, (int)(24 - at), "bbbbbbbbbbbbbbbbbbbbbbbb");
            if (strcmp(esc(in, 24 + l), want) != 0) {
                bad++;
                printf("#   case %zu at %zu gives %s\n", c, at, esc(in, 24 + l));
            }
        }
    is_int(bad, 0, "DEL, control bytes, a bad byte, a C1 control or a letter at each of 24 offsets shows as alone");
}

int main(void)
{
    test_escape();
    test_escape_offsets();
    test_xml();
    test_utf8();
    return tap_done();
}
