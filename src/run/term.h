/* term.h — the terminal of a full-screen view that keys drive (`arbiter
 * replay`'s interactive board): the controlling terminal opened, put in
 * raw mode on the alternate screen and given back (also when a signal
 * ends the program), one key read (a byte, or an escape sequence for the
 * arrows, Home, End, Page Up and Down), the window's size and whether it
 * changed, the locale's character set, and text laid out in lines that fit
 * the window (columns counted as the terminal shows them).
 *
 * Machinery in src/run/, under the commands (cli/): what a key means and
 * what the screen shows are the command's.  One terminal per process (the
 * state is static: a signal handler must reach it).
 */
#ifndef ARB_RUN_TERM_H
#define ARB_RUN_TERM_H

#include <stdbool.h>
#include <stddef.h>

#include "base/util.h"

/* What arb_term_read_key() read. */
enum arb_key {
    ARB_KEY_NONE,         /* nothing: the read was interrupted (the window changed size), or an
                             escape sequence no key here sends */
    ARB_KEY_EOF,          /* the terminal is gone (end of input, a read error) */
    ARB_KEY_BYTE,         /* a byte: *ch */
    ARB_KEY_ESC,          /* Escape alone */
    ARB_KEY_RIGHT, ARB_KEY_LEFT, ARB_KEY_UP, ARB_KEY_DOWN,
    ARB_KEY_HOME, ARB_KEY_END, ARB_KEY_PAGE_UP, ARB_KEY_PAGE_DOWN
};

/* Open the controlling terminal (/dev/tty) for reading keys and asking its
 * size; false when there is none. */
bool arb_term_open(void);
/* Close it (arb_term_restore first if it is raw). */
void arb_term_close(void);

/* Put the open terminal in raw mode (no echo, no line editing, Ctrl-C a
 * key) and switch to the alternate screen (written through base/out.h).
 * From then on SIGINT, SIGQUIT, SIGTERM and SIGHUP give the terminal back
 * before they end the program, and SIGWINCH marks the window resized (and
 * interrupts a key being read).  False when the terminal's modes cannot
 * be read or set (nothing is shown then). */
bool arb_term_raw(void);
/* Leave raw mode: the normal screen, the cursor shown, the modes as they
 * were.  Nothing when the terminal is not raw. */
void arb_term_restore(void);

/* Has the window changed size since the last call? */
bool arb_term_resized(void);
/* Is a key waiting to be read (or does the terminal say something else:
 * an error, its end)?  False only when nothing waits.  Does not block. */
bool arb_term_key_waiting(void);
/* Read one key (blocks): a byte into *ch, or an escape sequence (*ch is
 * then ESC) as the key it stands for. */
enum arb_key arb_term_read_key(char *ch);
/* The window's size (80 x 24 when the terminal does not say). */
void arb_term_size(int *cols, int *rows);

/* Does the locale (LC_ALL, LC_CTYPE, LANG: the first set) use UTF-8? */
bool arb_term_utf8_locale(void);

/* The columns text s (n bytes) takes on the terminal: wide characters two,
 * an escape sequence (ESC [ ... final byte) none, a byte that is no UTF-8
 * one. */
int arb_term_text_cols(const char *s, size_t n);

/* Lines of the screen: each ends in a newline; none wider than the
 * columns they were wrapped to.  Zero it to start; free b and cont. */
struct arb_term_lines {
    struct arb_buf b;
    int n;
    struct arb_buf cont;          /* per line: 1 if it continues the line before (wrapped) */
};

/* Add the text's lines (newline-separated) to L, each wrapped at spaces
 * to at most cols columns; a continuation indented by indent.  A word
 * wider than the window is broken where the window ends. */
void arb_term_wrap(struct arb_term_lines *L, const struct arb_buf *text, int cols, int indent);

#endif
