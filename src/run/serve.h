/* serve.h — `arbiter watch --serve`: the boards the watch follows, on a
 * page a browser keeps open, through GNU libmicrohttpd.
 *
 * The watch puts each game as it reads it (a JSON object made by
 * report/livepage.c) and ends each reading of a file (the games no longer
 * in it leave the page); the server sends the page at /, and at /events a
 * stream of Server-Sent Events: "reset" with every board when a browser
 * connects (again: EventSource reconnects by itself, after a restart of
 * the server too), then "update" with the boards changed since and the
 * ids of all.  The boards are shared between the watch's thread and the
 * server's (a thread per connection) under one mutex; a version number
 * counts the changes, and a condition wakes the streams.
 */
#ifndef ARB_SERVE_H
#define ARB_SERVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct arb_serve;

/* Listen on addr ("127.0.0.1:8080", "[::1]:8080", ":8080" for loopback,
 * port 0 for any free one) and serve; the page marks a board silent after
 * silent_s seconds.  NULL with why in err (a port in use, an address that
 * is not this machine's). */
struct arb_serve *arb_serve_start(const char *addr, int silent_s, char *err, size_t errlen);

/* The URL it serves ("http://127.0.0.1:8080/"). */
const char *arb_serve_url(const struct arb_serve *s);

/* Game number game of file as it is now (json: its object, one line,
 * report/livepage.h); a change only when json differs from what it was. */
void arb_serve_put(struct arb_serve *s, const char *file, uint64_t game, const char *json);

/* A reading of file begins / ends: at the end, the boards of file not put
 * since the beginning leave (all of them when upto is UINT64_MAX; else
 * those numbered below upto: a file still being written). */
void arb_serve_begin(struct arb_serve *s, const char *file);
void arb_serve_end(struct arb_serve *s, const char *file, uint64_t upto);

/* What a source says (a file that cannot be read), shown on the page;
 * NULL or "" takes it back. */
void arb_serve_source(struct arb_serve *s, const char *file, const char *msg);

/* The round's pairings (a JSON array of report/livepage.h's objects),
 * sent to each browser as it connects: boards in their order, the games
 * missing shown.  Set before the first browser comes. */
void arb_serve_pairings(struct arb_serve *s, const char *json);

/* Stop: the streams end, the connections close, everything is freed. */
void arb_serve_stop(struct arb_serve *s);

#endif
