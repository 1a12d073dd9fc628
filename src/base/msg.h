/* msg.h — what arbiter says to people: its messages on standard error, and
 * text from the input shown on a terminal.
 *
 * A PGN file, or a file's name, must not reach the user's terminal as
 * control sequences: every printer of input-derived text for people (the
 * text report, replay's boards and lists, every `arbiter: ...` line) shows
 * it through arb_term_escape().  The convention, one for all:
 *   C0 controls but tab, DEL     \x1b  \x07  \r  \n  (\a \b \f \v \t as \xNN)
 *   C1 controls (U+0080-U+009F)  \u0085
 *   bidi controls (U+202A-U+202E, U+2066-U+2069)   \u202e
 *   bytes that are not UTF-8      \xff
 * Everything else is copied.  Columns: arb_term_cols() counts what the
 * escaped text takes (wide characters two, combining marks none:
 * arb_utf8_cols), so that a caret stays under its token.
 */
#ifndef ARB_MSG_H
#define ARB_MSG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/util.h"

/* Append the n bytes at s to b, escaped for a terminal (see above). */
void arb_term_escape(struct arb_buf *b, const char *s, size_t n);
/* The same for a NUL-terminated string (NULL: nothing). */
void arb_term_escapes(struct arb_buf *b, const char *s);
/* The columns the n bytes at s take once escaped (one per character that
 * stays as it is, the escape's length for one that does not). */
size_t arb_term_cols(const char *s, size_t n);
/* Does the n bytes at s hold anything arb_term_escape changes? */
bool arb_term_needs_escape(const char *s, size_t n);

/* Print "arbiter: " and the formatted message, escaped, and a newline on
 * standard error: the one way arbiter speaks there. */
void arb_msg(const char *fmt, ...) ARB_PRINTF(1, 2);
void arb_vmsg(const char *fmt, va_list ap) ARB_PRINTF(1, 0);

#endif
