/* writeout.c — see writeout.h. */
#include "cli/writeout.h"

#include <errno.h>
#include <iconv.h>
#include <strings.h>
#include <string.h>
#include <unistd.h>

#include "base/msg.h"
#include "base/outfile.h"

int arb_writeout_open(struct arb_writeout *w, const struct arb_opts *o, const char *path, const char *option)
{
    memset(w, 0, sizeof *w);
    w->fd = -1;
    w->option = option;
    w->path = path;
    if (!path)
        return 0;
    (void)o;
    w->h = arb_outfile_open(path, option);
    if (w->h < 0)
        return -1;
    w->fd = arb_outfile_fd(w->h);
    return 0;
}

static void put(struct arb_writeout *w, const void *p, size_t n)
{
    const char *s = p;
    if (w->failed || !n)
        return;
    if (!arb_outfile_write(w->h, p, n)) {
        w->failed = true;
        return;
    }
    s += n;
    w->bytes += n;
    /* The last four bytes written. */
    const unsigned char *e = p;
    size_t len = (size_t)(s - (const char *)p);
    for (size_t i = len > 4 ? len - 4 : 0; i < len; i++) {
        memmove(w->tail, w->tail + 1, 3);
        w->tail[3] = e[i];
    }
}

/* Before a game: an empty line after the one before, where its bytes did
 * not end with one (a game's own bytes are never changed). */
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

/* Does the game's text end its lines in CR LF? (Its first line end says.) */
static bool crlf_of(const char *text, size_t len)
{
    const char *nl = memchr(text, '\n', len);
    return nl && nl > text && nl[-1] == '\r';
}

void arb_writeout_text(struct arb_writeout *w, const char *text, size_t len)
{
    if (w->fd < 0)
        return;
    separate(w);
    put(w, text, len);
    w->crlf = crlf_of(text, len);
    w->games++;
}

/* The game's decoded text back in a single-byte code page (the one the
 * reader guessed for it, or --encoding's): the bytes it was read from, for
 * every character the code page has (a U+FFFD the reader put for a byte
 * it lacks becomes '?').  False when iconv does not know the encoding or
 * it is not a code page of single bytes (then the text stays UTF-8). */
static bool write_in_codepage(struct arb_writeout *w, const char *text, size_t len, const char *encoding)
{
    if (!encoding || !strncasecmp(encoding, "UTF", 3) || !strncasecmp(encoding, "UCS", 3))
        return false;
    iconv_t cd = iconv_open(encoding, "UTF-8");
    if (cd == (iconv_t)-1)
        return false;
    separate(w);
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
    w->crlf = crlf_of(text, len);
    w->games++;
    return true;
}

void arb_writeout_game(struct arb_writeout *w, const struct arb_game *g, int src_fd)
{
    if (w->fd < 0)
        return;
    if (src_fd >= 0 && g->raw_start != UINT64_MAX && g->raw_end != UINT64_MAX && g->raw_end >= g->raw_start) {
        separate(w);
        w->crlf = crlf_of(g->text, (size_t)(g->end_off - g->start_off));
        char buf[65536];
        uint64_t at = g->raw_start;
        while (at < g->raw_end && !w->failed) {
            size_t want = g->raw_end - at < sizeof buf ? (size_t)(g->raw_end - at) : sizeof buf;
            ssize_t k = pread(src_fd, buf, want, (off_t)at);
            if (k < 0 && errno == EINTR)
                continue;
            if (k <= 0)
                break;   /* the file changed under us: what is left comes from the text */
            put(w, buf, (size_t)k);
            at += (uint64_t)k;
        }
        if (at < g->raw_end && !w->failed) {
            arb_msg("%s %s: %s changed while it was read: game %llu is cut short", w->option, w->path, g->file,
                    (unsigned long long)g->index);
            w->failed = true;
        }
        w->games++;
        return;
    }
    if (!write_in_codepage(w, g->text, (size_t)(g->end_off - g->start_off), g->raw_encoding))
        arb_writeout_text(w, g->text, (size_t)(g->end_off - g->start_off));
}

bool arb_writeout_close(struct arb_writeout *w)
{
    if (w->fd < 0)
        return true;
    if (w->bytes && w->tail[3] != '\n')
        put(w, w->crlf ? "\r\n" : "\n", w->crlf ? 2u : 1u);   /* the file ends with a line end */
    w->fd = -1;                   /* (closed and put in place at the end: base/outfile.h) */
    return !w->failed;
}
