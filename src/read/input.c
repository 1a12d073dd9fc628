/* input.c — reading and decoding (see input.h). */
#include "read/input.h"
#include "read/codepage.h"
#include "read/unpack.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "base/utf8.h"
#include "base/util.h"

#define CHUNK (256 * 1024)

enum { MODE_UTF8, MODE_ICONV, MODE_TABLE };

static const char replacement[3] = {(char)0xEF, (char)0xBF, (char)0xBD};  /* U+FFFD */

/* Record a decode event at the current end of the decoded text. */
static void add_event_at(struct arb_input *in, uint64_t off, enum arb_decode_kind kind,
                         const unsigned char *bytes, size_t n, const char *encoding)
{
    if (n > sizeof in->ev[0].bytes)
        n = sizeof in->ev[0].bytes;
    if (in->n_ev > in->ev_head && bytes) {
        /* The same bytes again right after a run of them: one more of the
         * run (a byte decodes alike each time: its dlen is the run's). */
        struct arb_decode_event *e = &in->ev[in->n_ev - 1];
        if (e->kind == kind && e->nbytes == n && memcmp(e->bytes, bytes, n) == 0 && e->encoding == encoding
            && e->count < UINT32_MAX && e->off + (uint64_t)e->count * e->dlen == off
            && e->raw_off + (uint64_t)e->count * e->nbytes == in->raw_decoded) {
            e->count++;
            in->merged = true;
            return;
        }
    }
    in->merged = false;
    if (in->n_ev == in->cap_ev && in->ev_head) {
        /* Drop the events taken already. */
        memmove(in->ev, in->ev + in->ev_head, (in->n_ev - in->ev_head) * sizeof *in->ev);
        in->n_ev -= in->ev_head;
        in->ev_head = 0;
    }
    if (in->n_ev == in->cap_ev) {
        in->cap_ev = in->cap_ev ? in->cap_ev * 2 : 16;
        in->ev = arb_xrealloc(in->ev, in->cap_ev * sizeof *in->ev);
    }
    struct arb_decode_event *e = &in->ev[in->n_ev++];
    memset(e, 0, sizeof *e);
    e->off = off;
    e->raw_off = in->raw_decoded;
    e->kind = kind;
    if (bytes)
        memcpy(e->bytes, bytes, n);
    e->nbytes = (unsigned char)n;
    e->dlen = 3;
    e->encoding = encoding;
    e->count = 1;
}

static void add_event(struct arb_input *in, enum arb_decode_kind kind, const unsigned char *bytes, size_t n,
                      const char *encoding)
{
    add_event_at(in, in->base + in->len, kind, bytes, n, encoding);
}

size_t arb_input_take_events(struct arb_input *in, uint64_t before, struct arb_decode_event *out, size_t max)
{
    /* (From ev_head on: taking is no memmove, so a window of many
     * events, a file in a code page, is taken in linear time.) */
    size_t avail = in->n_ev - in->ev_head, n = 0;
    if (avail == 0)
        return 0;                     /* (and in->ev may be NULL) */
    struct arb_decode_event *ev = in->ev + in->ev_head;
    while (n < avail && n < max && ev[n].off < before)
        n++;                          /* the rest stay for the next call */
    if (n == 0)
        return 0;
    memcpy(out, ev, n * sizeof *out);
    struct arb_decode_event *last = &ev[n - 1];
    uint64_t k = last->dlen ? (before - last->off + last->dlen - 1) / last->dlen : last->count;
    if (k < last->count) {
        /* A run that goes on past `before`: its first k are taken. */
        out[n - 1].count = (uint32_t)k;
        last->off += k * last->dlen;
        last->raw_off += k * last->nbytes;
        last->count -= (uint32_t)k;
        in->ev_head += n - 1;
        in->merged = false;
        return n;
    }
    in->ev_head += n;
    if (in->ev_head == in->n_ev)
        in->ev_head = in->n_ev = 0;
    return n;
}

struct arb_input_block {
    char *data;
    int refs;
    bool retired;                 /* the input no longer writes or owns it: freed at refs 0 */
};

struct arb_input_block *arb_input_hold(struct arb_input *in)
{
    if (!in->blk) {
        in->blk = arb_xcalloc(1, sizeof *in->blk);
        in->blk->data = in->buf;
    }
    if (in->buf && in->len < in->cap)
        in->buf[in->len] = '\0';   /* (reserve keeps a byte free there) */
    in->blk->refs++;
    return in->blk;
}

static void block_free(struct arb_input_block *b)
{
    free(b->data);
    free(b);
}

void arb_input_release(struct arb_input_block *b)
{
    if (b && --b->refs == 0 && b->retired)
        block_free(b);
}

/* Make room for at least `need` more decoded bytes, sliding the window
 * first when much of it is consumed. */
static void reserve(struct arb_input *in, size_t need)
{
    if (in->blk && in->blk->refs > 0) {
        /* Held: nothing more is written into it.  The unread rest goes to a
         * new block, as a slide would move it (base moves on the same). */
        size_t rest = in->len - in->start, cap = CHUNK * 2;
        while (cap - rest < need + 1)
            cap *= 2;
        char *nb = arb_xmalloc(cap);
        memcpy(nb, in->buf + in->start, rest);
        in->blk->retired = true;
        in->blk = NULL;
        in->buf = nb;
        in->base += in->start;
        in->len = rest;
        in->start = 0;
        in->cap = cap;
        return;
    }
    if (in->blk) {
        /* Held before, released since: the window's own again. */
        free(in->blk);
        in->blk = NULL;
    }
    if (in->start && (in->start >= in->len / 2 || in->cap - in->len < need)) {
        memmove(in->buf, in->buf + in->start, in->len - in->start);
        in->base += in->start;
        in->len -= in->start;
        in->start = 0;
    }
    if (in->cap - in->len < need + 1) {
        size_t cap = in->cap ? in->cap : CHUNK * 2;
        while (cap - in->len < need + 1)
            cap *= 2;
        in->buf = arb_xrealloc(in->buf, cap);
        in->cap = cap;
    }
}

static void append(struct arb_input *in, const void *p, size_t n)
{
    reserve(in, n);
    memcpy(in->buf + in->len, p, n);
    in->len += n;
}

static int start_iconv(struct arb_input *in, const char *from)
{
    in->cd = iconv_open("UTF-8", from);
    if (in->cd == (iconv_t)-1)
        return -1;
    in->mode = MODE_ICONV;
    in->raw_inexact = true;
    in->unit = strncasecmp(from, "UTF-16", 6) == 0 || strncasecmp(from, "UCS-2", 5) == 0 ? 2 : 1;
    snprintf(in->encoding, sizeof in->encoding, "%s", from);
    if (in->unit == 1 && arb_cp_table(in->cd, in->cp, in->cp_len)) {
        in->mode = MODE_TABLE;
        in->raw_inexact = false;   /* a byte a character: offsets map back through the events */
    }
    return 0;
}

static void decode_table(struct arb_input *in)
{
    reserve(in, in->raw_len * 4 + 16);
    const unsigned char *s = in->raw;
    size_t n = in->raw_len;
    uint64_t done = in->raw_decoded;
    char *o = in->buf + in->len;
    for (size_t i = 0; i < n; i++) {
        /* Runs of ASCII (most of any PGN) eight bytes at a time. */
        while (i + 8 <= n) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            if (arb_cp_ascii_word_not(w))
                break;
            memcpy(o, &w, 8);
            o += 8;
            i += 8;
        }
        if (i >= n)
            break;
        unsigned c = s[i];
        if (c && c < 0x80) {
            *o++ = (char)c;
            continue;
        }
        if (c && in->cp_len[c]) {
            if (in->cp_len[c] != 1) {
                /* Where the file's offsets are (raw_shift): its one byte
                 * is cp_len[c] bytes of text. */
                in->len = (size_t)(o - in->buf);
                in->raw_decoded = done + i;
                add_event(in, ARB_DEC_MAPPED, s + i, 1, NULL);
                in->ev[in->n_ev - 1].dlen = in->cp_len[c];
            }
            memcpy(o, in->cp[c], 4);
            o += in->cp_len[c];
            continue;
        }
        in->len = (size_t)(o - in->buf);
        in->raw_decoded = done + i;
        add_event(in, c ? ARB_DEC_INVALID : ARB_DEC_NUL, s + i, 1, NULL);
        memcpy(o, replacement, 3);
        o += 3;
    }
    in->len = (size_t)(o - in->buf);
    in->raw_decoded = done + n;
    in->raw_len = 0;
}

/* Replace NUL characters that iconv produced in out[from, len). */
static void scrub_nuls(struct arb_input *in, size_t from)
{
    char *z;
    while ((z = memchr(in->buf + from, 0, in->len - from)) != NULL) {
        /* (Absolute offsets: reserve may slide the window.) */
        uint64_t abs = in->base + (uint64_t)(z - in->buf);
        reserve(in, 2);
        size_t at = (size_t)(abs - in->base), tail = in->len - at - 1;
        z = in->buf + at;
        memmove(z + 3, z + 1, tail);
        memcpy(z, replacement, 3);
        in->len += 2;
        add_event_at(in, abs, ARB_DEC_NUL, (const unsigned char *)"", 1, NULL);
        from = at + 3;
    }
}

/* Offset in raw[0..n) of the first NUL code unit (unit-aligned), or n. */
static size_t nul_unit(const unsigned char *raw, size_t n, int unit)
{
    if (unit == 2) {
        for (size_t i = 0; i + 1 < n; i += 2)
            if (!raw[i] && !raw[i + 1])
                return i;
        return n;
    }
    const unsigned char *z = memchr(raw, 0, n);
    return z ? (size_t)(z - raw) : n;
}

/* In UTF-16 text (auto-detected), the offset in raw[0..n) of a UTF-8
 * byte-order mark followed by text without NUL bytes (a UTF-8 file joined
 * after a UTF-16 one), or n. */
static size_t utf8_bom_at(const unsigned char *r, size_t n)
{
    for (size_t i = 0; i + 6 <= n; i++) {
        const unsigned char *p = memchr(r + i, 0xEF, n - i - 5);
        if (!p)
            return n;
        i = (size_t)(p - r);
        if (p[1] == 0xBB && p[2] == 0xBF && p[3] && p[4] && p[5])
            return i;
    }
    return n;
}

static void decode_utf8(struct arb_input *in);

static void decode_iconv(struct arb_input *in)
{
    while (in->raw_len) {
        reserve(in, in->raw_len * 4 + 16);
        /* A UTF-8 file after a UTF-16 one: its BOM switches back. */
        size_t bom = in->unit == 2 && !in->forced ? utf8_bom_at(in->raw, in->raw_len) : in->raw_len;
        if (bom == in->raw_len && in->unit == 2 && !in->forced && !in->eof) {
            /* An EF in the last bytes may begin a BOM the next read completes. */
            for (size_t i = in->raw_len > 5 ? in->raw_len - 5 : 0; i < in->raw_len; i++)
                if (in->raw[i] == 0xEF) {
                    bom = i;
                    break;
                }
            if (bom == 0)
                return;
        }
        if (bom == 0 && in->raw_len >= 3 && in->raw[1] == 0xBB) {
            add_event(in, ARB_DEC_SWITCH, in->raw, 3, "UTF-8");
            memmove(in->raw, in->raw + 3, in->raw_len - 3);
            in->raw_len -= 3;
            in->raw_decoded += 3;
            iconv_close(in->cd);
            in->cd = (iconv_t)-1;
            in->mode = MODE_UTF8;
            in->unit = 1;
            snprintf(in->encoding, sizeof in->encoding, "UTF-8");
            decode_utf8(in);
            return;
        }
        /* Convert up to the next NUL unit, which becomes U+FFFD with an
         * event at its own offset in the file. */
        size_t upto = nul_unit(in->raw, bom, in->unit);
        if (upto == 0) {
            size_t k = (size_t)in->unit <= in->raw_len ? (size_t)in->unit : in->raw_len;
            add_event(in, ARB_DEC_NUL, in->raw, k, NULL);
            append(in, replacement, 3);
            memmove(in->raw, in->raw + k, in->raw_len - k);
            in->raw_len -= k;
            in->raw_decoded += k;
            continue;
        }
        char *ip = (char *)in->raw, *op = in->buf + in->len;
        size_t il = upto, ol = in->cap - in->len - 1, before = in->len;
        size_t r = iconv(in->cd, &ip, &il, &op, &ol);
        size_t used = upto - il;
        in->len = (size_t)(op - in->buf);
        in->raw_decoded += used;
        memmove(in->raw, in->raw + used, in->raw_len - used);
        in->raw_len -= used;
        scrub_nuls(in, before);   /* (a stateful encoding's NUL; the units are found above) */
        if (r != (size_t)-1)
            continue;
        if (errno == E2BIG)
            continue;
        if (errno == EINVAL) {
            size_t left = upto - used;   /* the bytes of the incomplete character */
            if (upto == in->raw_len + used && !in->eof)
                return;         /* cut by the read: wait for more bytes */
            /* Cut by the end of the file, or by a NUL unit or a UTF-8 BOM
             * after it: a character cut short. */
            add_event(in, ARB_DEC_TRUNCATED, in->raw, left, NULL);
            append(in, replacement, 3);
            memmove(in->raw, in->raw + left, in->raw_len - left);
            in->raw_len -= left;
            in->raw_decoded += left;
            continue;
        }
        /* EILSEQ: one unit is not valid in the encoding. */
        size_t skip = (size_t)in->unit <= in->raw_len ? (size_t)in->unit : in->raw_len;
        add_event(in, ARB_DEC_INVALID, in->raw, skip, NULL);
        append(in, replacement, 3);
        memmove(in->raw, in->raw + skip, in->raw_len - skip);
        in->raw_len -= skip;
        in->raw_decoded += skip;
    }
}

static void decode_raw(struct arb_input *in);

/* Does raw[0..n) begin with a UTF-16 byte-order mark followed by text
 * that looks like UTF-16 (an ASCII character in every other byte)?
 * Returns "UTF-16LE", "UTF-16BE" or NULL.  (A file of UTF-8 games with a
 * UTF-16 one appended: `cat a.pgn b.pgn`.) */
static const char *utf16_bom(const unsigned char *r, size_t n)
{
    if (n < 6)
        return NULL;
    if (r[0] == 0xFF && r[1] == 0xFE && r[2] && r[2] < 0x80 && !r[3] && !r[5])
        return "UTF-16LE";
    if (r[0] == 0xFE && r[1] == 0xFF && !r[2] && r[3] && r[3] < 0x80 && !r[4])
        return "UTF-16BE";
    return NULL;
}

/* The code page for bytes that are not UTF-8 (auto-detection): guessed
 * once per file from the first such bytes on (before: the byte before
 * them), then kept.  NULL if iconv
 * has none of the candidates. */
static bool codepage_ready(struct arb_input *in, const unsigned char *s, size_t n, unsigned char before)
{
    if (in->cp_ready)
        return in->cp_name != NULL;
    in->cp_ready = true;
    const char *cp = arb_cp_guess(s, n, before);
    iconv_t cd = iconv_open("UTF-8", cp);
    if (cd == (iconv_t)-1)
        return false;
    bool ok = arb_cp_table(cd, in->cp, in->cp_len);
    iconv_close(cd);
    if (ok)
        in->cp_name = cp;
    return ok;
}

/* The last byte of the decoded text, 0 if none. */
static unsigned char last_byte(const struct arb_input *in)
{
    return in->len ? (unsigned char)in->buf[in->len - 1] : 0;
}

/* One byte that is not UTF-8 (r[0], with n bytes from it on): NUL is
 * replaced; in auto mode a byte of the file's code page is read in it
 * (ARB_DEC_GUESS, one event per byte: the reader says so once per game);
 * with --encoding=UTF-8, or for a byte the code page lacks, it becomes
 * U+FFFD (ARB_DEC_INVALID). */
static void decode_byte(struct arb_input *in, const unsigned char *r, size_t n)
{
    unsigned char c = r[0];
    if (c == 0) {
        add_event(in, ARB_DEC_NUL, r, 1, NULL);
        append(in, replacement, 3);
    } else if (!in->forced && codepage_ready(in, r, n, last_byte(in)) && in->cp_len[c]) {
        add_event(in, ARB_DEC_GUESS, r, 1, in->cp_name);
        if (!in->merged)
            in->ev[in->n_ev - 1].dlen = in->cp_len[c];
        append(in, in->cp[c], in->cp_len[c]);
    } else {
        add_event(in, ARB_DEC_INVALID, r, 1, in->forced ? NULL : in->cp_name);
        append(in, replacement, 3);
    }
    in->raw_decoded++;
}

/* Pass r[0,n) through as it is (valid UTF-8). */
static void pass(struct arb_input *in, const unsigned char *r, size_t n)
{
    append(in, r, n);
    in->raw_decoded += n;
}

/* Is the line r[0,n) code-page text rather than
 * UTF-8 with a stray byte?  In code-page text a valid UTF-8 sequence is
 * chance (Windows-1251 "Пётр" is CF B8 F2 F0: CF B8 is U+03F8, F2 and F0
 * are no UTF-8), in UTF-8 text a byte that is not UTF-8 is the accident,
 * and two of them are two accidents.  So: more than twice as many bad
 * bytes as multi-byte characters read as the code page, fewer than as
 * many as UTF-8; between, a bad byte the code page lacks means UTF-8, and
 * else two bad bytes or more mean the code page.  That leaves one bad
 * byte and one character ("Пён"; "Müll" with a character cut off): the
 * line goes the way of most of the file's lines decided so far, the first
 * one to UTF-8. */
static bool line_is_codepage(struct arb_input *in, const unsigned char *r, size_t n)
{
    size_t bad = 0, mb = 0, i = 0;
    bool lacks = false;               /* a bad byte the code page has not */
    while (i < n) {
        if (r[i] < 0x80) {
            i++;
            continue;
        }
        size_t len = arb_utf8_char(r + i, n - i, NULL);
        if (len) {
            mb++;
            i += len;
        } else {
            bad++;
            lacks |= !in->cp_len[r[i]];
            i++;
        }
    }
    bool cp;
    if (bad > 2 * mb || bad < mb)
        cp = bad > mb;
    else if (lacks)
        cp = false;
    else if (bad > mb || bad >= 2)
        cp = true;
    else
        cp = in->cp_lines > in->stray_lines;
    if (cp)
        in->cp_lines++;
    else
        in->stray_lines++;
    return cp;
}

/* A line held back whole until it ends, so that it is decided whole; a
 * longer one is decided on what has come. */
#define LINE_HOLD_MAX (64 * 1024)

/* Where the line holding r[at] begins, looking back no further than r[from]. */
static size_t line_begin(const unsigned char *r, size_t from, size_t at)
{
    while (at > from && r[at - 1] != '\n')
        at--;
    return at;
}

/* UTF-8, checked strictly.  In auto mode the first byte that is not UTF-8
 * makes the file "mixed" (a file of UTF-8 games and Latin-1 games, or one
 * in a code page): from then on each line holding such bytes is decided
 * whole (line_is_codepage), read in the file's code page (guessed once,
 * codepage_ready) or as UTF-8 with stray bytes read one by one
 * (decode_byte); a line is held back until its end has come.  A UTF-16
 * byte-order mark switches to UTF-16 for the rest of the file. */
static void decode_utf8(struct arb_input *in)
{
    size_t i = 0, n = in->raw_len;
    const unsigned char *r = in->raw;
    while (i < n) {
        bool incomplete;
        size_t k = arb_cp_utf8_scan(r + i, n - i, &incomplete);
        size_t stop = i + k;
        if (stop == n || (incomplete && !in->eof)) {
            /* Valid to the end, or a character cut by the read.  In a mixed
             * file a last line with letters waits for its end. */
            size_t hold = stop;
            if (in->mixed && !in->eof) {
                size_t ls = line_begin(r, i, n);
                bool high = false;
                for (size_t j = ls; j < n && !high; j++)
                    high = r[j] >= 0x80;
                if (high && n - ls < LINE_HOLD_MAX && ls < hold)
                    hold = ls;
            }
            pass(in, r + i, hold - i);
            i = hold;
            break;
        }
        const char *to16;
        if (r[stop] == 0 || in->forced) {
            pass(in, r + i, k);
            decode_byte(in, r + stop, n - stop);
            i = stop + 1;
        } else if (incomplete && n - stop >= 2) {
            /* Cut off by the end of the file.  (A lone lead byte at the end
             * is more likely a code page's letter, "Ren\xE9": read below.) */
            pass(in, r + i, k);
            add_event(in, ARB_DEC_TRUNCATED, r + stop, n - stop, NULL);
            append(in, replacement, 3);
            in->raw_decoded += n - stop;
            i = n;
        } else if ((to16 = utf16_bom(r + stop, n - stop)) != NULL) {
            /* The rest is UTF-16: hand it to iconv. */
            pass(in, r + i, k);
            add_event(in, ARB_DEC_SWITCH, r + stop, 2, to16);
            in->raw_decoded += 2;
            i = stop + 2;
            memmove(in->raw, in->raw + i, n - i);
            in->raw_len = n - i;
            if (start_iconv(in, to16) == 0) {
                decode_raw(in);
                return;
            }
            n = in->raw_len;          /* (iconv lacks UTF-16: go on byte by byte) */
            i = 0;
        } else if (in->raw_decoded + k < in->utf8_until) {
            /* A further stray byte of a line read as UTF-8. */
            pass(in, r + i, k);
            decode_byte(in, r + stop, n - stop);
            i = stop + 1;
        } else {
            in->mixed = true;
            size_t ls = line_begin(r, i, stop);
            const unsigned char *nl = memchr(r + stop, '\n', n - stop);
            size_t le = nl ? (size_t)(nl - r) + 1 : n;
            if (!nl && !in->eof && n - ls < LINE_HOLD_MAX) {
                pass(in, r + i, ls - i);  /* the line waits for its end */
                i = ls;
                break;
            }
            pass(in, r + i, ls - i);
            if (codepage_ready(in, r + stop, n - stop, stop ? r[stop - 1] : last_byte(in))
                && line_is_codepage(in, r + ls, le - ls)) {
                for (size_t j = ls; j < le; j++) {
                    size_t a = j;
                    while (j < le && r[j] && r[j] < 0x80)
                        j++;
                    pass(in, r + a, j - a);   /* ASCII as it is, */
                    if (j < le)
                        decode_byte(in, r + j, le - j);   /* the byte after it in the code page */
                }
                i = le;
            } else {
                pass(in, r + ls, stop - ls);
                in->utf8_until = in->raw_decoded + (le - stop);
                decode_byte(in, r + stop, n - stop);
                i = stop + 1;
            }
        }
    }
    memmove(in->raw, in->raw + i, n - i);
    in->raw_len = n - i;
}

static void decode_raw(struct arb_input *in)
{
    if (in->mode == MODE_TABLE)
        decode_table(in);
    else if (in->mode == MODE_ICONV)
        decode_iconv(in);
    else
        decode_utf8(in);
}

/* Look at the first bytes: a BOM, or UTF-16 without one. */
static void detect_start(struct arb_input *in)
{
    const unsigned char *r = in->raw;
    size_t n = in->raw_len;
    in->started = true;
    if (in->forced) {
        /* A byte-order mark of the forced encoding is no text. */
        const char *e = in->encoding;
        bool utf8 = !strncasecmp(e, "UTF-8", 5) || !strncasecmp(e, "UTF8", 4);
        size_t bom = 0;
        if (utf8 && n >= 3 && r[0] == 0xEF && r[1] == 0xBB && r[2] == 0xBF)
            bom = 3;
        else if (!strcasecmp(e, "UTF-16LE") && n >= 2 && r[0] == 0xFF && r[1] == 0xFE)
            bom = 2;
        else if (!strcasecmp(e, "UTF-16BE") && n >= 2 && r[0] == 0xFE && r[1] == 0xFF)
            bom = 2;
        if (bom) {
            memmove(in->raw, in->raw + bom, n - bom);
            in->raw_len -= bom;
            in->raw_decoded += bom;
            in->raw_skip = bom;
        }
        return;
    }
    if (n >= 3 && r[0] == 0xEF && r[1] == 0xBB && r[2] == 0xBF) {
        snprintf(in->encoding, sizeof in->encoding, "UTF-8 with BOM");
        memmove(in->raw, in->raw + 3, n - 3);
        in->raw_len -= 3;
        in->raw_decoded += 3;
        in->raw_skip = 3;
    } else if (n >= 2 && ((r[0] == 0xFF && r[1] == 0xFE) || (r[0] == 0xFE && r[1] == 0xFF))) {
        bool le = r[0] == 0xFF;
        memmove(in->raw, in->raw + 2, n - 2);
        in->raw_len -= 2;
        in->raw_decoded += 2;
        start_iconv(in, le ? "UTF-16LE" : "UTF-16BE");
    } else if (n >= 4 && r[0] && !r[1] && r[2] && !r[3] && r[0] < 0x80 && r[2] < 0x80) {
        start_iconv(in, "UTF-16LE");
    } else if (n >= 4 && !r[0] && r[1] && !r[2] && r[3] && r[1] < 0x80 && r[3] < 0x80) {
        start_iconv(in, "UTF-16BE");
    }
}

/* The bytes just read, to the tee (the first error kept, then no more). */
static void tee(struct arb_input *in, const char *p, size_t n)
{
    while (n && !in->tee_err) {
        ssize_t w = write(in->tee_fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            in->tee_err = w < 0 ? errno : EIO;
            break;
        }
        p += w;
        n -= (size_t)w;
    }
}

void arb_input_tee(struct arb_input *in, int fd)
{
    in->tee_fd = fd;
}

/* The first bytes of a descriptor: compressed, or an archive?  Then the
 * text comes from a thread that decompresses (unpack.h), through a pipe
 * that becomes in->fd.  Returns the bytes to use (0 when unpacking
 * began: read again), -1 on an error. */
static long sniff_packed(struct arb_input *in, const unsigned char *dst, size_t got)
{
    in->pack_checked = true;
    /* What the first read gave decides: reading on for more could wait on
     * a terminal or a pipe that has said all it has for now (a compressed
     * stream comes in blocks; its signature is at most 10 bytes). */
    const struct arb_magic_format *m = arb_magic_of(dst, got);
    if (!arb_unpack_reads(m))
        return (long)got;
    char err[200];
    int fd = arb_unpack_start(in->fd, in->close_fd, dst, got, NULL, m, &in->unpack, err, sizeof err);
    if (fd < 0) {
        snprintf(in->unpack_err, sizeof in->unpack_err, "%s", err);
        in->error = true;
        in->err_no = EIO;
        return -1;
    }
    in->fd = fd;
    in->close_fd = true;
    return 0;
}

/* The end of a decompressed text: did all of it come through? */
static bool unpacked_whole(struct arb_input *in)
{
    const char *msg = arb_unpack_finish(in->unpack);
    if (!msg)
        return true;
    snprintf(in->unpack_err, sizeof in->unpack_err, "%s", msg);
    in->error = true;
    in->err_no = EIO;
    return false;
}

static long read_more(struct arb_input *in, void *dst, size_t n)
{
    for (;;) {
        ssize_t r = read(in->fd, dst, n);
        if (r > 0 && !in->pack_checked) {
            long k = sniff_packed(in, dst, (size_t)r);
            if (k < 0)
                return -1;
            if (k == 0)
                continue;
            r = k;
        }
        if (r >= 0) {
            if (r == 0 && in->unpack && !unpacked_whole(in)) {
                /* The text ends here: what was read is read to its end (the
                 * game it cuts gets its record, cut short), then the reader
                 * says why (arb_input_cut_short). */
                in->error = false;
                in->cut_short = true;
            }
            if (r == 0)
                in->eof = true;
            if (in->head_len < sizeof in->head) {
                size_t k = sizeof in->head - in->head_len;
                if (k > (size_t)r)
                    k = (size_t)r;
                memcpy(in->head + in->head_len, dst, k);
                in->head_len += k;
            }
            in->raw_total += (uint64_t)r;
            if (in->tee_fd >= 0)
                tee(in, dst, (size_t)r);
            return (long)r;
        }
        if (errno == EINTR)
            continue;
        in->error = true;
        in->err_no = errno;
        return -1;
    }
}

/* Line ends: CR LF and LF stay as they are; a CR that no LF follows (old
 * Mac files, or a file cut into pieces by an editor) becomes LF, so that
 * every layer above sees one kind of line end (the lexer's lines, the
 * columns of findings, the reports' source lines).  A run of CRs followed
 * by LF is one line end; a run without is as many.  Length-preserving, so
 * offsets stay true.  A run at the end of the window waits for the next
 * byte (held_cr), up to CR_HOLD_MAX of them. */
#define CR_HOLD_MAX 4096
static void fix_cr(struct arb_input *in, uint64_t from)
{
    char *b = in->buf;
    size_t i = (size_t)(from - in->base), n = in->len;
    bool final = in->eof && !in->raw_len;
    while (i < n) {
        char *p = memchr(b + i, '\r', n - i);
        if (!p)
            break;
        size_t a = (size_t)(p - b), j = a;
        while (j < n && b[j] == '\r')
            j++;
        if (j == n && !final && j - a <= CR_HOLD_MAX) {
            in->held_cr = (unsigned)(j - a);
            in->len = a;
            return;
        }
        if (j == n || b[j] != '\n')
            memset(b + a, '\n', j - a);
        i = j;
    }
}

long arb_input_fill(struct arb_input *in)
{
    uint64_t end_before = in->base + in->len;
    while (!in->error) {
        if (in->eof && !in->raw_len)
            break;
        uint64_t from = in->base + in->len;
        if (in->held_cr && in->started) {
            /* The CRs held back last time are decided with what follows. */
            reserve(in, in->held_cr);
            memset(in->buf + in->len, '\r', in->held_cr);
            in->len += in->held_cr;
            in->held_cr = 0;
        }
        if (in->started && in->mode == MODE_UTF8 && !in->raw_len && !in->eof && !in->mixed) {
            /* Fast path: read straight into the window and validate in place. */
            reserve(in, CHUNK);
            long n = read_more(in, in->buf + in->len, CHUNK);
            if (n < 0)
                return -1;
            bool incomplete;
            size_t k = arb_cp_utf8_scan((unsigned char *)in->buf + in->len, (size_t)n, &incomplete);
            if (k < (size_t)n) {
                /* The line holding the first byte that is not UTF-8 goes
                 * to decode_utf8 whole, to be decided whole. */
                k = line_begin((unsigned char *)in->buf + in->len, 0, k);
                in->raw_decoded += k;
                size_t rest = (size_t)n - k;
                if (in->raw_cap < rest + CHUNK) {
                    in->raw_cap = rest + CHUNK;
                    in->raw = arb_xrealloc(in->raw, in->raw_cap);
                }
                memcpy(in->raw, in->buf + in->len + k, rest);
                in->raw_len = rest;
                in->len += k;
                decode_raw(in);
            } else {
                in->raw_decoded += k;
                in->len += k;
            }
        } else {
            if (!in->eof) {
                if (in->raw_cap < in->raw_len + CHUNK) {
                    in->raw_cap = in->raw_len + CHUNK;
                    in->raw = arb_xrealloc(in->raw, in->raw_cap);
                }
                long n = read_more(in, in->raw + in->raw_len, CHUNK);
                if (n < 0)
                    return -1;
                in->raw_len += (size_t)n;
                if (!in->started && (in->raw_len >= 4 || in->eof))
                    detect_start(in);
                if (!in->started)
                    continue;
            } else if (!in->started) {
                detect_start(in);
            }
            decode_raw(in);
        }
        fix_cr(in, from);
        /* The window may have slid: count new bytes from the absolute end. */
        uint64_t grown = (in->base + in->len) - end_before;
        if (grown)
            return (long)grown;
    }
    if (in->error)
        return -1;
    if (in->mode == MODE_ICONV && in->cd != (iconv_t)-1) {
        /* Flush any shift state. */
        reserve(in, 16);
        char *op = in->buf + in->len;
        size_t ol = in->cap - in->len - 1;
        iconv(in->cd, NULL, NULL, &op, &ol);
        in->len = (size_t)(op - in->buf);
    }
    if (in->held_cr) {
        /* CRs at the very end: line ends. */
        reserve(in, in->held_cr);
        memset(in->buf + in->len, '\n', in->held_cr);
        in->len += in->held_cr;
        in->held_cr = 0;
    }
    uint64_t grown = (in->base + in->len) - end_before;
    return (long)grown;
}

void arb_input_consume(struct arb_input *in, uint64_t off)
{
    if (off <= in->base + in->start)
        return;
    if (off > in->base + in->len)
        off = in->base + in->len;
    in->start = (size_t)(off - in->base);
}

static int setup(struct arb_input *in, const char *encoding, char *err, size_t errlen)
{
    in->cd = (iconv_t)-1;
    in->mode = MODE_UTF8;
    in->unit = 1;
    snprintf(in->encoding, sizeof in->encoding, "UTF-8");
    if (encoding && strcasecmp(encoding, "auto") != 0) {
        in->forced = true;
        if (strcasecmp(encoding, "UTF-8") != 0 && strcasecmp(encoding, "UTF8") != 0) {
            if (start_iconv(in, encoding) < 0) {
                snprintf(err, errlen, "unknown encoding '%s' (see iconv -l)", encoding);
                return -1;
            }
        }
    }
    return 0;
}

int arb_input_open_fd(struct arb_input *in, int fd, const char *name, const char *encoding,
                      char *err, size_t errlen)
{
    memset(in, 0, sizeof *in);
    in->fd = fd;
    in->name = name;
    in->tee_fd = -1;
    return setup(in, encoding, err, errlen);
}

/* An archive's member (path "A(M)", or an archive of one file named
 * alone): read through unpack.h from the start.  Returns 1 if done (0 or
 * -1 in *rc), 0 when path is no archive member. */
static int open_member(struct arb_input *in, const char *path, int fd, const char *encoding, char *err,
                       size_t errlen, int *rc)
{
    const char *member = NULL;
    char *archive = NULL;
    char **listed = NULL;
    int n = 0;
    if (fd < 0) {
        archive = arb_unpack_member_path(path, &member);
        if (!archive)
            return 0;
        fd = open(archive, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            snprintf(err, errlen, "%s: %s", archive, strerror(errno));
            free(archive);
            *rc = -1;
            return 1;
        }
    } else {
        const struct arb_magic_format *m = arb_magic_of_fd(fd);
        if (!arb_unpack_reads(m))
            return 0;
        char lerr[300] = "";
        listed = arb_unpack_list(path, &n, lerr, sizeof lerr);
        if (n < 0 || n > 1) {
            if (n < 0)
                snprintf(err, errlen, "%s", lerr);
            else
                snprintf(err, errlen, "%s: %s of %d files: name one as %s, or check them all with arbiter check",
                         path, m->name, n, listed[0]);
            for (int i = 0; i < n; i++)
                free(listed[i]);
            free(listed);
            close(fd);
            *rc = -1;
            return 1;
        }
        if (n == 1)
            archive = arb_unpack_member_path(listed[0], &member);
        if (listed)
            free(listed[0]);
        free(listed);
        if (!archive)
            return 0;             /* a compressed stream: read_more finds it */
    }
    const struct arb_magic_format *m = arb_magic_of_fd(fd);
    struct arb_unpack *u;
    int pfd = arb_unpack_start(fd, true, NULL, 0, member, m, &u, err, errlen);
    free(archive);
    if (pfd < 0) {
        close(fd);
        *rc = -1;
        return 1;
    }
    if (arb_input_open_fd(in, pfd, path, encoding, err, errlen) < 0) {
        close(pfd);
        arb_unpack_free(u);
        *rc = -1;
        return 1;
    }
    in->close_fd = true;
    in->unpack = u;
    in->pack_checked = true;
    *rc = 0;
    return 1;
}

int arb_input_open(struct arb_input *in, const char *path, const char *encoding, char *err, size_t errlen)
{
    if (strcmp(path, "-") == 0)
        return arb_input_open_fd(in, 0, path, encoding, err, errlen);
    int rc;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        if (e == ENOENT && open_member(in, path, -1, encoding, err, errlen, &rc))
            return rc;
        snprintf(err, errlen, "%s: %s", path, strerror(e));
        return -1;
    }
    if (open_member(in, path, fd, encoding, err, errlen, &rc))
        return rc;
    if (arb_input_open_fd(in, fd, path, encoding, err, errlen) < 0) {
        close(fd);
        return -1;
    }
    in->close_fd = true;
    return 0;
}

uint64_t arb_input_file_bytes(const struct arb_input *in)
{
    return in->unpack ? arb_unpack_src_bytes(in->unpack) : in->raw_total;
}

bool arb_input_cut_short(const struct arb_input *in)
{
    return in->cut_short;
}

const char *arb_input_strerror(const struct arb_input *in)
{
    return in->unpack_err[0] ? in->unpack_err : strerror(in->err_no);
}

void arb_input_close(struct arb_input *in)
{
    if (in->close_fd)
        close(in->fd);
    arb_unpack_free(in->unpack);   /* (after the pipe is closed: the thread ends) */
    if (in->cd != (iconv_t)-1 && in->cd != (iconv_t)0)
        iconv_close(in->cd);
    if (in->blk) {
        /* Games still hold it: theirs to free. */
        in->blk->retired = true;
        if (in->blk->refs == 0)
            block_free(in->blk);
        in->blk = NULL;
        in->buf = NULL;
    }
    free(in->buf);
    free(in->raw);
    free(in->ev);
    memset(in, 0, sizeof *in);
    in->fd = -1;
    in->tee_fd = -1;
}
