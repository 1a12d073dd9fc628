/* utf8.h — UTF-8 text: what is a character, how many, where to cut.
 *
 * The decoder (input.c) makes every game's text valid UTF-8; file names
 * and command-line arguments come as raw bytes.  Writers that must emit
 * valid text (JSON, XML, a terminal) ask here.
 */
#ifndef ARB_UTF8_H
#define ARB_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Length of the valid UTF-8 character at s (n bytes left: 1 to 4), or 0
 * when the bytes there are not one (a stray continuation byte, an overlong
 * form, a surrogate, a character cut short; *cut, when not NULL, says
 * whether it is a valid beginning cut short by the end of the n bytes).
 * NUL is a character here; callers that refuse it test for it. */
size_t arb_utf8_char(const unsigned char *s, size_t n, bool *cut);

/* The same without telling a cut character from an invalid one. */
static inline size_t arb_utf8_valid(const unsigned char *s, size_t n)
{
    return arb_utf8_char(s, n, NULL);
}

/* The code point of the valid character of len bytes at s. */
uint32_t arb_utf8_decode(const unsigned char *s, size_t len);

/* Columns the character c takes on a terminal: two for the wide ones of
 * East Asian scripts and emoji, none for combining marks and joiners, else
 * one. */
int arb_utf8_cols(uint32_t c);

/* Number of characters (UTF-8 code points) in the n bytes at s. */
size_t arb_utf8_chars(const char *s, size_t n);

/* How many of the n bytes at s to show when at most max fit: n, or max cut
 * back to a character boundary. */
size_t arb_utf8_prefix(const char *s, size_t n, size_t max);

#endif
