/* codepage.c — bytes that may not be UTF-8: the longest valid UTF-8
 * prefix, which single-byte code page the rest looks like, and that code
 * page's table to UTF-8 (built once with iconv).  Used by read/input.c's
 * decoder; see codepage.h. */
#include "read/codepage.h"

#include <errno.h>
#include <string.h>

#include "base/utf8.h"

/* Length of the longest prefix of s[0,n) that is valid UTF-8 without NUL.
 * *incomplete: the stop is a character cut off by the end of the buffer. */
size_t arb_cp_utf8_scan(const unsigned char *s, size_t n, bool *incomplete)
{
    size_t i = 0;
    *incomplete = false;
    while (i < n) {
        if (i + 8 <= n) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            if (!arb_cp_ascii_word_not(w)) {
                i += 8;
                continue;
            }
        }
        unsigned char c = s[i];
        if (c && c < 0x80) {
            i++;
            continue;
        }
        if (!c)
            return i;                 /* NUL */
        bool cut;
        size_t len = arb_utf8_char(s + i, n - i, &cut);
        if (!len) {
            *incomplete = cut;
            return i;                 /* stray continuation, invalid lead, overlong, surrogate; or cut */
        }
        i += len;
    }
    return n;
}

/* Pick a single-byte code page for bytes that are not UTF-8 (s: from the
 * first such byte on; before: the byte before it, 0 if none). */
const char *arb_cp_guess(const unsigned char *s, size_t n, unsigned char before)
{
    size_t high = 0, letters = 0, dos_letters = 0, runs = 0, run = 0;
    for (size_t i = 0; i < n; i++) {
        if (i == 0 || s[i - 1] == '\n') {
            /* A line that is all UTF-8 is a mixed file's other games: not
             * the code page's. */
            const unsigned char *nl = memchr(s + i, '\n', n - i);
            size_t e = nl ? (size_t)(nl - s) : n;
            bool cut;
            if (i && arb_cp_utf8_scan(s + i, e - i, &cut) == e - i) {
                i = e;
                run = 0;
                continue;
            }
        }
        if (s[i] >= 0x80) {
            high++;
            if (s[i] >= 0xC0 || s[i] == 0xA8 || s[i] == 0xB8)   /* (Windows-1251: Ё, ё) */
                letters++;
            if (s[i] <= 0xAF || (s[i] >= 0xE0 && s[i] <= 0xF1))  /* (CP866: А-п, р-я, Ё, ё) */
                dos_letters++;
            if (++run == 3)
                runs++;
        } else {
            run = 0;
        }
    }
    /* Cyrillic text in Windows-1251 is long runs of bytes 0xC0-0xFF; in the
     * DOS code page 866, long runs of bytes 0x80-0xAF (А-п) and 0xE0-0xEF
     * (р-я), where Windows-1251 has few letters. */
    bool words = high >= 6 && runs * 4 >= 1 + high / 8;
    if (words && letters * 10 >= high * 8)
        return "WINDOWS-1251";
    if (words && dos_letters * 10 >= high * 9)
        return "CP866";
    /* DOS code pages (437/850) put the accented letters at 0x80-0xA5, where
     * Windows-1252 has punctuation and symbols: "Andr\x82" is André.  Such
     * bytes glued to a letter, and no Windows letters (0xC0-0xFF), read as
     * CP850. */
    size_t dos = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char p = i ? s[i - 1] : before;
        bool after_letter = (p >= 'A' && p <= 'Z') || (p >= 'a' && p <= 'z');
        if (s[i] >= 0x80 && s[i] <= 0xA5 && after_letter)
            dos++;
    }
    if (dos && !letters)
        return "CP850";
    return "WINDOWS-1252";
}

/* A single-byte code page (Windows-1252, ISO-8859-x, KOI8-R, ...) is
 * decoded through a 256-entry table that iconv fills once: the same answers,
 * at the speed of a table lookup.  Returns false for any other encoding
 * (a byte that starts a longer sequence, a stateful encoding), which then
 * goes through iconv.  len[b] is 0 where byte b is not in the code page. */
bool arb_cp_table(iconv_t cd, unsigned char tab[256][4], unsigned char len[256])
{
    for (int b = 0; b < 256; b++) {
        char inb = (char)b, outb[8];
        char *ip = &inb, *op = outb;
        size_t il = 1, ol = sizeof outb;
        iconv(cd, NULL, NULL, NULL, NULL);
        size_t r = iconv(cd, &ip, &il, &op, &ol);
        len[b] = 0;
        if (r == (size_t)-1) {
            if (errno == EILSEQ)
                continue;        /* not in the code page */
            return false;        /* EINVAL: a multi-byte encoding */
        }
        size_t k = sizeof outb - ol;
        if (k == 0 || k > 4)
            return false;        /* a stateful encoding */
        memcpy(tab[b], outb, k);
        len[b] = (unsigned char)k;
    }
    iconv(cd, NULL, NULL, NULL, NULL);
    /* ASCII must map to itself for the fast copy below. */
    for (int b = 1; b < 0x80; b++)
        if (len[b] != 1 || tab[b][0] != b)
            return false;
    return true;
}
