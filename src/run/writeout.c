/* writeout.c — see writeout.h. */
#include "run/writeout.h"

#include <errno.h>
#include <iconv.h>
#include <strings.h>
#include <string.h>
#include <unistd.h>

#include "base/msg.h"
#include "base/outfile.h"

static int open_one(struct arb_writeout *w, const char *path, const char *option)
{
    memset(w, 0, sizeof *w);
    w->h = w->fd = -1;
    w->option = option;
    w->path = path;
    if (!path)
        return 0;
    w->h = arb_outfile_open(path, option);
    if (w->h < 0)
        return -1;
    w->fd = arb_outfile_fd(w->h);
    return 0;
}

int arb_writeouts_open(struct arb_writeouts *ws, const char *clean, const char *flagged, const char *repaired)
{
    memset(ws, 0, sizeof *ws);
    ws->src = -1;
    ws->raw = true;
    ws->clean.fd = ws->flagged.fd = ws->repaired.fd = -1;
    ws->any = clean || flagged || repaired;
    if (open_one(&ws->clean, clean, "--write-clean") < 0
        || open_one(&ws->flagged, flagged, "--write-flagged") < 0
        || open_one(&ws->repaired, repaired, "--write-repaired") < 0)
        return -1;
    return 0;
}

static void put(struct arb_writeout *w, const void *p, size_t n)
{
    if (w->failed || !n)
        return;
    if (!arb_outfile_write(w->h, p, n)) {
        w->failed = true;
        return;
    }
    w->bytes += n;
    /* The last four bytes written. */
    const unsigned char *e = p;
    for (size_t i = n > 4 ? n - 4 : 0; i < n; i++) {
        memmove(w->tail, w->tail + 1, 3);
        w->tail[3] = e[i];
    }
}

/* Before a game that does not follow the bytes written last: an empty line
 * after them, where they did not end with one. */
static void separate(struct arb_writeout *w)
{
    if (!w->bytes)
        return;
    const unsigned char *t = w->tail;
    const char *eol = w->crlf ? "\r\n" : "\n";
    size_t n = w->crlf ? 2 : 1;
    bool one = t[3] == '\n', two = one && (t[2] == '\n' || (t[2] == '\r' && t[1] == '\n'));
    if (!one)
        put(w, eol, n);
    if (!two)
        put(w, eol, n);
}

/* Do the n bytes at s end their lines in CR LF?  (Their first line end
 * says; -1: they hold none.) */
static int crlf_in(const char *s, size_t n)
{
    const char *nl = memchr(s, '\n', n);
    return !nl ? -1 : nl > s && nl[-1] == '\r';
}

/* Copy bytes [from, to) of the current file into w (a write-out asked
 * for), after an empty line where they do not follow what w took last. */
static void copy(struct arb_writeouts *ws, struct arb_writeout *w, uint64_t from, uint64_t to)
{
    if (w->fd < 0 || w->failed || from >= to)
        return;
    if (!(w->file == ws->file && w->src_end == from))
        separate(w);
    char buf[65536];
    uint64_t at = from;
    int crlf = -1;
    while (at < to && !w->failed) {
        size_t want = to - at < sizeof buf ? (size_t)(to - at) : sizeof buf;
        ssize_t k = pread(ws->src, buf, want, (off_t)at);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        if (crlf < 0)
            crlf = crlf_in(buf, (size_t)k);
        put(w, buf, (size_t)k);
        at += (uint64_t)k;
    }
    if (at < to && !w->failed) {
        arb_msg("%s %s: the input changed while it was read: its bytes from offset %llu are not there", w->option,
                w->path, (unsigned long long)at);
        w->failed = true;
    }
    if (crlf >= 0)
        w->crlf = crlf;
    w->file = ws->file;
    w->src_end = to;
    w->src_eof = false;
}

/* The game before's bytes up to `end` (its blank lines, the rest of a game
 * cut short) to where it went. */
static void tail(struct arb_writeouts *ws, uint64_t end)
{
    if (end > ws->done) {
        copy(ws, ws->last[0], ws->done, end);
        copy(ws, ws->last[1], ws->done, end);
        ws->done = end;
    }
}

/* The decoded text back in a single-byte code page (the one the reader
 * guessed for the game, or --encoding's): the bytes it was read from, for
 * every character the code page has (a U+FFFD the reader put for a byte it
 * lacks becomes '?').  False when iconv does not know the encoding or it is
 * not a code page of single bytes (then the text stays UTF-8). */
static bool write_in_codepage(struct arb_writeout *w, const char *text, size_t len, const char *encoding)
{
    if (!encoding || !strncasecmp(encoding, "UTF", 3) || !strncasecmp(encoding, "UCS", 3))
        return false;
    iconv_t cd = iconv_open(encoding, "UTF-8");
    if (cd == (iconv_t)-1)
        return false;
    char out[4096];
    char *in = (char *)text;
    size_t left = len;
    while (left && !w->failed) {
        char *o = out;
        size_t room = sizeof out;
        size_t r = iconv(cd, &in, &left, &o, &room);
        put(w, out, (size_t)(o - out));
        if (r == (size_t)-1 && errno != E2BIG) {
            /* A character the code page lacks (or a cut one): '?' for it. */
            put(w, "?", 1);
            size_t skip = 1;
            while (skip < left && ((unsigned char)in[skip] & 0xC0) == 0x80)
                skip++;
            in += skip;
            left -= skip;
        }
    }
    iconv_close(cd);
    return true;
}

/* Text for w: after an empty line, in the game's code page where it has
 * one (else UTF-8). */
static void text(struct arb_writeout *w, const char *s, size_t len, const char *encoding, bool separated)
{
    if (w->fd < 0)
        return;
    if (!separated)
        separate(w);
    if (!write_in_codepage(w, s, len, encoding))
        put(w, s, len);
    int crlf = crlf_in(s, len);
    if (crlf >= 0)
        w->crlf = crlf;
    w->file = 0;
    w->src_eof = false;
}

void arb_writeouts_file(struct arb_writeouts *ws, int src)
{
    ws->file++;
    ws->src = src;
    ws->done = 0;
    ws->raw = src >= 0;
    ws->last[0] = ws->last[1] = NULL;
}

void arb_writeouts_game(struct arb_writeouts *ws, const struct arb_game *g, bool flagged, const struct arb_buf *repaired,
                        uint64_t cut)
{
    if (!ws->any)
        return;
    struct arb_writeout *dest = flagged ? &ws->flagged : &ws->clean;
    if (ws->raw && (g->raw_from == UINT64_MAX || g->raw_start == UINT64_MAX || g->raw_end == UINT64_MAX
                    || g->raw_from < ws->done || g->raw_from > g->raw_start || g->raw_start > g->raw_end))
        ws->raw = false;          /* (iconv decodes from here: UTF-16 after UTF-8) */
    size_t len = (size_t)(g->end_off - g->start_off);
    if (!ws->raw) {
        text(dest, g->text, len, g->raw_encoding, false);
        if (repaired)
            text(&ws->repaired, repaired->data, repaired->len, g->raw_encoding, false);
        else
            text(&ws->repaired, g->text, len, g->raw_encoding, false);
        dest->games++;
        ws->repaired.games++;
        ws->last[0] = ws->last[1] = NULL;
        return;
    }
    if (ws->last[0])
        tail(ws, cut < g->raw_from ? cut : g->raw_from);
    copy(ws, dest, g->raw_from, g->raw_end);
    if (repaired && ws->repaired.fd >= 0) {
        /* What stands before the game as it was, the game repaired. */
        struct arb_writeout *w = &ws->repaired;
        bool follows = w->file == ws->file && w->src_end == g->raw_from;
        copy(ws, w, g->raw_from, g->raw_start);
        text(w, repaired->data, repaired->len, g->raw_encoding, follows || g->raw_start > g->raw_from);
        w->file = ws->file;       /* the tail follows it as it stands */
        w->src_end = g->raw_end;
    } else {
        copy(ws, &ws->repaired, g->raw_from, g->raw_end);
    }
    dest->games++;
    ws->repaired.games++;
    ws->done = g->raw_end;
    ws->last[0] = dest;
    ws->last[1] = &ws->repaired;
}

void arb_writeouts_file_end(struct arb_writeouts *ws, uint64_t size, uint64_t cut, bool games)
{
    if (ws->any && ws->raw) {
        uint64_t end = cut < size ? cut : size;
        if (ws->last[0]) {
            tail(ws, end);
            for (int i = 0; i < 2; i++)
                if (ws->last[i]->file == ws->file && ws->last[i]->src_end == size)
                    ws->last[i]->src_eof = true;
        } else if (!games && size) {
            /* No game in it at all: clean, as it is. */
            copy(ws, &ws->clean, 0, size);
            copy(ws, &ws->repaired, 0, size);
            ws->clean.src_eof = ws->clean.fd >= 0;
            ws->repaired.src_eof = ws->repaired.fd >= 0;
        }
    }
    ws->src = -1;
    ws->done = 0;
    ws->last[0] = ws->last[1] = NULL;
}

/* Finish one: it ends with a line end, unless its last bytes are the end
 * of their file as it was. */
static bool finish(struct arb_writeout *w)
{
    if (w->fd < 0)
        return true;
    if (w->bytes && w->tail[3] != '\n' && !w->src_eof)
        put(w, w->crlf ? "\r\n" : "\n", w->crlf ? 2u : 1u);
    w->fd = -1;
    return !w->failed;
}

bool arb_writeouts_close(struct arb_writeouts *ws)
{
    bool ok = finish(&ws->clean);
    ok &= finish(&ws->flagged);
    ok &= finish(&ws->repaired);
    return ok;
}
