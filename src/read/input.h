/* input.h — bytes in, UTF-8 text out, one window at a time.
 *
 * First step of the data flow.  A file (or standard input) is read in
 * chunks and decoded to UTF-8 into a sliding window; the reader above asks
 * for more with arb_input_fill() and releases what it has finished with
 * arb_input_consume(), so memory is bounded by the longest game, not the
 * file.
 *
 * Encodings: a BOM decides (UTF-8, UTF-16LE/BE); otherwise the text is read
 * as UTF-8, strictly (overlongs, surrogates and NUL bytes are invalid).  A
 * byte that is not UTF-8 is read in a single-byte code page (Windows-1252,
 * Windows-1251 when the bytes look Cyrillic, DOS 850 when they look like
 * it), guessed once per file from the first such bytes, each such byte
 * recorded: a file that mixes UTF-8 games with Latin-1 games reads both
 * right, and the reader says which games needed the guess.  A UTF-16 BOM
 * after UTF-8 text (`cat a.pgn b.pgn`) switches to UTF-16 from there.
 * NUL bytes and bytes the code page lacks become U+FFFD.  --encoding=NAME
 * forces any iconv encoding (then nothing is guessed).  Every replacement
 * and every guess is a decode event with its offsets, so that the reader
 * can turn them into findings: nothing is damaged silently.
 *
 * Line ends: LF and CR LF as they are; a CR without LF becomes LF (one kind
 * of line end for every layer above, offsets unchanged).
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

#include "read/magic.h"

enum arb_decode_kind {
    ARB_DEC_INVALID,        /* bytes not valid in the encoding; U+FFFD inserted */
    ARB_DEC_NUL,            /* a NUL byte; U+FFFD inserted */
    ARB_DEC_TRUNCATED,      /* the file ends inside a multi-byte character */
    ARB_DEC_GUESS,          /* a byte that is not UTF-8, read in the guessed code page (.encoding) */
    ARB_DEC_SWITCH,         /* a UTF-16 byte-order mark: from here on the text is UTF-16 (.encoding) */
    ARB_DEC_MAPPED          /* a byte of --encoding's single-byte code page that takes more than one byte in
                               UTF-8: no finding, only where the file's offsets are (raw_shift) */
};

struct arb_decode_event {
    uint64_t off;                 /* decoded offset of the replacement / the switch */
    uint64_t raw_off;             /* byte offset in the file */
    enum arb_decode_kind kind;
    unsigned char bytes[4];       /* the offending bytes (up to 4) */
    unsigned char nbytes;
    unsigned char dlen;           /* bytes of decoded text it stands for (U+FFFD: 3; a guessed byte: its
                                     character's) */
    const char *encoding;         /* ARB_DEC_GUESS, ARB_DEC_SWITCH: the encoding used (ARB_DEC_INVALID:
                                     the code page that lacks the byte, or NULL) */
    uint32_t count;               /* a run of this many such events, one after the other (the k-th at off
                                     + k * dlen, raw_off + k * nbytes): a file of NUL bytes is one event,
                                     not one a byte */
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
    struct arb_input_block *blk;  /* buf as a block games were handed over in (arb_input_hold), or NULL */
    uint64_t base;                /* absolute offset of buf[0] */

    unsigned char cp[256][4];     /* single-byte code page: UTF-8 of each byte (built with iconv) */
    unsigned char cp_len[256];    /* its length; 0 where the byte is not in the code page */
    const char *cp_name;          /* auto mode: the code page guessed for bytes that are not UTF-8 */
    bool cp_ready;                /* ... guessed (cp_name empty: none available) */
    unsigned held_cr;             /* carriage returns at the end of the window not yet decided (CR LF
                                     or a lone CR, which becomes a line end) */

    unsigned char *raw;           /* bytes read but not yet decoded */
    size_t raw_len, raw_cap;
    uint64_t raw_total;           /* bytes read from the file so far */
    uint64_t raw_decoded;         /* bytes of the file decoded so far */
    unsigned char head[ARB_MAGIC_BYTES]; /* the file's first bytes as read (for arb_magic_of) */
    size_t head_len;

    int mode;                     /* internal: UTF-8 or iconv */
    bool started;                 /* BOM checked */
    bool forced;                  /* --encoding given */
    bool mixed;                   /* auto mode: a byte that is not UTF-8 was seen (decode_utf8 goes
                                     line by line) */
    uint64_t utf8_until;          /* ... file offset up to which a line was read as UTF-8 with stray bytes */
    uint64_t cp_lines, stray_lines; /* ... lines decided: code page, UTF-8 with stray bytes */
    iconv_t cd;
    int unit;                     /* bytes to skip on an invalid sequence (1, or 2 for UTF-16) */
    char encoding[48];            /* encoding in use, for reports */

    /* Byte offsets in the file from decoded offsets (for copying a game
     * byte for byte): the decoded text is the file's bytes but for a BOM
     * (raw_skip bytes) and the decode events, while the input is decoded
     * byte by byte (UTF-8, with guessed code-page bytes); once iconv
     * decodes (UTF-16, --encoding) no offset maps back (raw_inexact). */
    uint64_t raw_skip;
    bool raw_inexact;

    /* A copy of every byte read, for what must have them again but cannot
     * read them at an offset (check's write-outs from a pipe): written to
     * tee_fd as they come (-1: none); tee_err, the first error. */
    int tee_fd;
    int tee_err;

    /* Compressed input and archives (unpack.h): the text comes through a
     * pipe (fd) from the thread that decompresses. */
    bool pack_checked;            /* the first bytes were looked at */
    struct arb_unpack *unpack;    /* the decompressing thread, or NULL */
    char unpack_err[512];         /* what went wrong in it, with how far it read ("" if nothing) */
    bool cut_short;               /* the decompressed text ended at a fault (unpack_err): read to there */

    struct arb_decode_event *ev;  /* events; ev[ev_head, n_ev) not yet taken */
    size_t n_ev, cap_ev;
    size_t ev_head;               /* ev[0, ev_head) are taken already */
    bool merged;                  /* internal: the last event added grew the run before it */
};

/* Open path ("-" = standard input) for reading; encoding NULL or "auto"
 * detects, else names an iconv encoding.  Returns 0, or -1 with a message
 * in err. */
int arb_input_open(struct arb_input *in, const char *path, const char *encoding, char *err, size_t errlen);
/* (A compressed file is decompressed on the way, an archive's member
 * "A.zip(M)" or an archive of one file read: see unpack.h.) */

/* Copy every byte read from now on to fd (before the first fill: all of
 * them); the caller owns fd. */
void arb_input_tee(struct arb_input *in, int fd);

/* Set up reading from an open descriptor (not closed by arb_input_close). */
int arb_input_open_fd(struct arb_input *in, int fd, const char *name, const char *encoding,
                      char *err, size_t errlen);

void arb_input_close(struct arb_input *in);

/* Bytes of the file read so far: of the compressed file where it is one
 * (raw_total counts the text), for a progress line's share of its size. */
uint64_t arb_input_file_bytes(const struct arb_input *in);

/* The decompressed text ended at a fault: its end is no end of the file
 * (the reader of games says so once the games before it are out). */
bool arb_input_cut_short(const struct arb_input *in);

/* Why the input failed: a read error's strerror, or what went wrong
 * decompressing it, with how far it was read. */
const char *arb_input_strerror(const struct arb_input *in);

/* Read and decode more text into the window.  Returns the number of new
 * decoded bytes (> 0), 0 at the end of the input, -1 on a read error. */
long arb_input_fill(struct arb_input *in);

/* Release the text before absolute offset off (it must not be needed
 * again).  Pointers into the window stay valid until the next fill. */
void arb_input_consume(struct arb_input *in, uint64_t off);

/* A game handed over without a copy.  The window's text is one block of
 * memory; arb_input_hold() takes a reference to it for text that must
 * outlive the window (check's batches keep each game's text where it was
 * decoded, for worker threads and the write-outs), and NUL-terminates what
 * was decoded.  While a block is held the reader writes nothing more into
 * it: the next fill moves the unread rest to a new block (as a slide of the
 * window would), and the held one stays until its last arb_input_release(),
 * after arb_input_close() too.  Holding and releasing happen in one thread. */
struct arb_input_block;
struct arb_input_block *arb_input_hold(struct arb_input *in);
void arb_input_release(struct arb_input_block *b);

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
 * before `before` (a run that `before` cuts is cut there: its first part
 * returned, the rest kept).  Returns how many. */
size_t arb_input_take_events(struct arb_input *in, uint64_t before, struct arb_decode_event *out, size_t max);

#endif
