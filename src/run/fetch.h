/* fetch.h — PGN over HTTP(S) for `arbiter watch URL`, with libcurl.
 *
 * A broadcast is a PGN behind a URL (a lichess round's export, DGT
 * LiveChess's local server, a relay).  One thread asks each URL politely:
 * not more often than every interval, conditionally (If-None-Match with
 * the ETag it gave, If-Modified-Since with its Last-Modified: an unchanged
 * round costs a 304 and no body), and after a failure less and less often
 * (the interval doubled each time, up to a minute).  A new body (not the
 * same bytes as the last) is handed to the watch as a file descriptor of
 * its own (a memfd: read as a file is read); a failure as a message, once
 * until it changes.  The watch's loop is woken through a pipe.
 */
#ifndef ARB_FETCH_H
#define ARB_FETCH_H

#include <stdbool.h>
#include <stddef.h>

struct arb_fetch;

/* Is arg a URL watch fetches (http:// or https://)? */
bool arb_fetch_is_url(const char *arg);

/* Start asking urls[0..n) every interval_s seconds.  *wake is the read end
 * of a pipe that becomes readable when there is news (arb_fetch_take).
 * NULL with why in err. */
struct arb_fetch *arb_fetch_start(char *const *urls, int n, double interval_s, int *wake, char *err,
                                  size_t errlen);

/* Ask every URL once, now, in this thread (watch --once). */
struct arb_fetch *arb_fetch_once(char *const *urls, int n, char *err, size_t errlen);

/* News of URL i: a new body (*fd, the caller's to close; -1 none), and
 * what is to be said of it (*msg, malloc'd, the caller's: a failure, or
 * with *again that it answers again; NULL none).  False when there is
 * neither. */
bool arb_fetch_take(struct arb_fetch *f, int i, int *fd, char **msg, bool *again);

/* Drain the wake pipe. */
void arb_fetch_drain(struct arb_fetch *f);

/* Stop (a transfer under way is given up) and free. */
void arb_fetch_stop(struct arb_fetch *f);

#endif
