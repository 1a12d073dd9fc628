/* codepage.h — bytes that may not be UTF-8 (see codepage.c). */
#ifndef ARB_CODEPAGE_H
#define ARB_CODEPAGE_H

#include <iconv.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Does the 8-byte word hold a NUL or a byte >= 0x80 (not plain ASCII)? */
static inline bool arb_cp_ascii_word_not(uint64_t w)
{
    return ((w - 0x0101010101010101ULL) & ~w & 0x8080808080808080ULL) || (w & 0x8080808080808080ULL);
}

/* Length of the longest prefix of s[0,n) that is valid UTF-8 without NUL.
 * *incomplete: the stop is a character cut off by the end of the buffer. */
size_t arb_cp_utf8_scan(const unsigned char *s, size_t n, bool *incomplete);

/* Pick a single-byte code page for bytes that are not UTF-8 (s: from the
 * first such byte on; before: the byte before it, 0 if none): an iconv
 * name (WINDOWS-1252, WINDOWS-1251, CP866, CP850). */
const char *arb_cp_guess(const unsigned char *s, size_t n, unsigned char before);

/* Fill tab/len, the UTF-8 of each byte of the single-byte code page cd
 * converts from (len[b] 0: not in it).  False for an encoding that is no
 * single-byte code page with ASCII as itself. */
bool arb_cp_table(iconv_t cd, unsigned char tab[256][4], unsigned char len[256]);

#endif
