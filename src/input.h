/* input.h — bytes in, UTF-8 text out, one window at a time.
 *
 * First step of the data flow.  A file (or standard input) is read in
 * chunks and decoded to UTF-8 into a sliding window; the reader above asks
 * for more with arb_input_fill() and releases what it has finished with
 * arb_input_consume(), so memory is bounded by the longest game, not the
 * file.
 *
 * Encodings: a BOM decides (UTF-8, UTF-16LE/BE); otherwise the text is read
 * as UTF-8, strictly (overlongs, surrogates and NUL bytes are invalid).  If
 * an invalid byte comes before any valid multi-byte character, the file is
 * taken to be in a single-byte code page (Windows-1252, or Windows-1251 when
 * the bytes look Cyrillic) from there on, through iconv(3); later invalid
 * bytes are replaced by U+FFFD.  --encoding=NAME forces any iconv encoding.
 * Every replacement and the guess itself are recorded as decode events with
 * their offsets, so that the reader can turn them into findings: nothing is
 * damaged silently.
 *
 * Offsets are absolute positions in the decoded text (uint64_t), so that
 * they stay valid when the window slides.
 */
#ifndef ARB_INPUT_H
#define ARB_INPUT_H

#include <iconv.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum arb_decode_kind {
    ARB_DEC_INVALID,        /* bytes not valid in the encoding; U+FFFD inserted */
    ARB_DEC_NUL,            /* a NUL byte; U+FFFD inserted */
    ARB_DEC_TRUNCATED,      /* the file ends inside a multi-byte character */
    ARB_DEC_GUESS           /* from here on the text is read in a guessed encoding */
};

struct arb_decode_event {
    uint64_t off;                 /* decoded offset of the replacement / the switch */
    uint64_t raw_off;             /* byte offset in the file */
    enum arb_decode_kind kind;
    unsigned char bytes[4];       /* the offending bytes (up to 4) */
    unsigned char nbytes;
    const char *encoding;         /* ARB_DEC_GUESS: the encoding chosen */
};

struct arb_input {
    const char *name;             /* as given; "-" for standard input */
    int fd;
    bool close_fd;
    bool eof;                     /* every raw byte has been read */
    bool error;                   /* a read failed (errno kept in err_no) */
    int err_no;

    char *buf;                    /* decoded window: buf[start, len) unconsumed */
    size_t start, len, cap;
    uint64_t base;                /* absolute offset of buf[0] */

    unsigned char sb[256][4];     /* single-byte code page: UTF-8 of each byte (built with iconv) */
    unsigned char sb_len[256];    /* its length; 0 where the byte is not in the code page */

    unsigned char *raw;           /* bytes read but not yet decoded */
    size_t raw_len, raw_cap;
    uint64_t raw_total;           /* bytes read from the file so far */
    uint64_t raw_decoded;         /* bytes of the file decoded so far */

    int mode;                     /* internal: UTF-8 or iconv */
    bool started;                 /* BOM checked */
    bool forced;                  /* --encoding given */
    bool seen_multibyte;          /* a valid multi-byte UTF-8 character was seen */
    iconv_t cd;
    int unit;                     /* bytes to skip on an invalid sequence (1, or 2 for UTF-16) */
    char encoding[48];            /* encoding in use, for reports */

    struct arb_decode_event *ev;  /* events not yet taken */
    size_t n_ev, cap_ev;
};

/* Open path ("-" = standard input) for reading; encoding NULL or "auto"
 * detects, else names an iconv encoding.  Returns 0, or -1 with a message
 * in err. */
int arb_input_open(struct arb_input *in, const char *path, const char *encoding, char *err, size_t errlen);

/* Set up reading from an open descriptor (not closed by arb_input_close). */
int arb_input_open_fd(struct arb_input *in, int fd, const char *name, const char *encoding,
                      char *err, size_t errlen);

void arb_input_close(struct arb_input *in);

/* Read and decode more text into the window.  Returns the number of new
 * decoded bytes (> 0), 0 at the end of the input, -1 on a read error. */
long arb_input_fill(struct arb_input *in);

/* Release the text before absolute offset off (it must not be needed
 * again).  Pointers into the window stay valid until the next fill. */
void arb_input_consume(struct arb_input *in, uint64_t off);

/* Absolute offset one past the last decoded byte in the window. */
static inline uint64_t arb_input_end(const struct arb_input *in) { return in->base + in->len; }
/* Absolute offset of the first unconsumed byte. */
static inline uint64_t arb_input_begin(const struct arb_input *in) { return in->base + in->start; }
/* Pointer to the decoded byte at absolute offset off (begin <= off <= end). */
static inline const char *arb_input_at(const struct arb_input *in, uint64_t off)
{
    return in->buf + (off - in->base);
}

/* Remove and return in out[] (at most max) the decode events at offsets
 * before `before`.  Returns how many. */
size_t arb_input_take_events(struct arb_input *in, uint64_t before, struct arb_decode_event *out, size_t max);

#endif
