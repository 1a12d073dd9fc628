/* test_input.c — input.c: bytes in, UTF-8 out, one window at a time.
 *
 * The encodings a PGN file comes in (UTF-8 with and without a BOM,
 * UTF-16LE/BE, single-byte code pages guessed or forced with --encoding),
 * the decode events that report every replaced byte with its decoded and
 * raw offsets, line ends kept as they are, the streaming window (characters
 * cut by a read, memory bounded while the reader consumes), pipes and
 * standard input, empty input and read errors. */
#include "read/input.h"
#include "tap.h"
#include "testfile.h"
#include "base/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_EV 64

/* Everything an input gave: the decoded text, the events, and how the
 * window behaved while the text was consumed as it came. */
struct decoded {
    int open_rc;
    char err[200];
    char *text;
    size_t len;
    struct arb_decode_event ev[MAX_EV];
    size_t n_ev;                  /* events kept in ev[] */
    size_t all_ev;                /* events seen in all */
    char encoding[48];
    size_t max_cap;               /* largest window allocation seen */
    int fills;                    /* calls of arb_input_fill that gave text */
    long last_fill;               /* what the last call returned */
};

static void take(struct arb_input *in, uint64_t before, struct decoded *d)
{
    struct arb_decode_event ev[16];
    size_t n;
    while ((n = arb_input_take_events(in, before, ev, 16)) > 0) {
        for (size_t i = 0; i < n; i++)
            if (d->n_ev < MAX_EV)
                d->ev[d->n_ev++] = ev[i];
        d->all_ev += n;
    }
}

/* Read an opened input to its end, consuming the text after each fill. */
static void drain(struct arb_input *in, struct decoded *d)
{
    struct arb_buf b = {0};
    arb_buf_reserve(&b, 0);
    for (;;) {
        long r = arb_input_fill(in);
        d->last_fill = r;
        if (in->cap > d->max_cap)
            d->max_cap = in->cap;
        if (r <= 0)
            break;
        d->fills++;
        uint64_t from = arb_input_begin(in), to = arb_input_end(in);
        arb_buf_add(&b, arb_input_at(in, from), (size_t)(to - from));
        take(in, to, d);
        arb_input_consume(in, to);
    }
    take(in, UINT64_MAX, d);
    snprintf(d->encoding, sizeof d->encoding, "%s", in->encoding);
    d->text = b.data;
    d->len = b.len;
}

static void decode(const void *data, size_t n, const char *encoding, struct decoded *d)
{
    memset(d, 0, sizeof *d);
    const char *path = tmpfile_with(data, n);
    struct arb_input in;
    d->open_rc = arb_input_open(&in, path, encoding, d->err, sizeof d->err);
    if (d->open_rc == 0) {
        drain(&in, d);
        arb_input_close(&in);
    } else {
        d->text = arb_xstrdup("");
    }
    unlink(path);
}

#define DECODE(lit, enc, d) decode(lit, sizeof(lit) - 1, enc, d)

static bool text_is(const struct decoded *d, const char *want, size_t n)
{
    return d->len == n && memcmp(d->text, want, n) == 0;
}
#define TEXT_IS(d, lit) text_is(d, lit, sizeof(lit) - 1)

static void test_utf8(void)
{
    struct decoded d;

    DECODE("[Event \"Tal\"]\n\n1. e4 *\n", NULL, &d);
    ok(TEXT_IS(&d, "[Event \"Tal\"]\n\n1. e4 *\n"), "ASCII is passed through unchanged");
    is_int(d.n_ev, 0, "ASCII: no decode events");
    is_str(d.encoding, "UTF-8", "ASCII: the encoding reported is UTF-8");
    is_int(d.last_fill, 0, "the fill after the last text returns 0 (end of input)");
    free(d.text);

    DECODE("[White \"K\xC3\xA4\xC3\xA4ri\xC3\xA4inen\"] \xE2\x99\x94 \xF0\x9F\x98\x80\n", NULL, &d);
    ok(TEXT_IS(&d, "[White \"K\xC3\xA4\xC3\xA4ri\xC3\xA4inen\"] \xE2\x99\x94 \xF0\x9F\x98\x80\n"),
       "UTF-8 without a BOM (2-, 3- and 4-byte characters) is kept as it is");
    is_int(d.n_ev, 0, "UTF-8 without a BOM: no decode events");
    is_str(d.encoding, "UTF-8", "UTF-8 without a BOM: reported as UTF-8");
    free(d.text);

    DECODE("\xEF\xBB\xBF[Event \"\xC3\xA4\"]\n", NULL, &d);
    ok(TEXT_IS(&d, "[Event \"\xC3\xA4\"]\n"), "a UTF-8 BOM is dropped and the text kept");
    is_str(d.encoding, "UTF-8 with BOM", "UTF-8 with a BOM is reported as such");
    is_int(d.n_ev, 0, "UTF-8 with a BOM: no decode events");
    free(d.text);

    /* Offsets are in the decoded text, which starts after the BOM. */
    DECODE("\xEF\xBB\xBF\xC3\xA4 \x81 x\n", NULL, &d);
    ok(TEXT_IS(&d, "\xC3\xA4 \xEF\xBF\xBD x\n"), "an invalid byte (81: in no guessed code page) after a BOM is replaced by U+FFFD");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_INVALID, "one invalid-byte event");
    if (d.n_ev == 1) {
        is_int(d.ev[0].off, 3, "its decoded offset counts from the first character after the BOM");
        is_int(d.ev[0].raw_off, 6, "its raw offset is the byte's place in the file (BOM included)");
        ok(d.ev[0].nbytes == 1 && d.ev[0].bytes[0] == 0x81, "the event holds the offending byte 81");
    }
    free(d.text);

    DECODE("\xEF\xBB\xBF", NULL, &d);
    is_int(d.len, 0, "a file that is only a UTF-8 BOM decodes to nothing");
    is_int(d.n_ev, 0, "and has no events");
    free(d.text);
}

static void test_invalid_utf8(void)
{
    struct decoded d;

    /* A byte that is not UTF-8 is read in the guessed code page, even
     * after valid multi-byte characters (a file that mixes UTF-8 games and
     * Latin-1 games), each such byte an event naming the code page. */
    DECODE("[White \"\xC3\xA4\"]\n1. e4 {x\xFFy} e5\n", NULL, &d);
    ok(TEXT_IS(&d, "[White \"\xC3\xA4\"]\n1. e4 {x\xC3\xBFy} e5\n"), "FF in UTF-8 text is read as Windows-1252 (\xC3\xBF)");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_GUESS, "one guess event");
    if (d.n_ev == 1) {
        is_int(d.ev[0].off, 21, "at the decoded offset of the byte");
        is_int(d.ev[0].raw_off, 21, "and at its offset in the file");
        is_str(d.ev[0].encoding, "WINDOWS-1252", "naming the code page");
        ok(d.ev[0].nbytes == 1 && d.ev[0].bytes[0] == 0xFF, "holding the byte");
    }
    is_str(d.encoding, "UTF-8", "the file's encoding stays UTF-8");
    free(d.text);

    /* Latin-1 first, UTF-8 after: each read as written. */
    DECODE("[White \"M\xFCller\"]\n[Black \"M\xC3\xBCller\"]\n", NULL, &d);
    ok(TEXT_IS(&d, "[White \"M\xC3\xBCller\"]\n[Black \"M\xC3\xBCller\"]\n"),
       "a Latin-1 line does not turn the UTF-8 line after it into mojibake");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_GUESS && d.ev[0].off == 9, "one guess event, on the Latin-1 byte");
    free(d.text);

    /* A byte the code page lacks is replaced. */
    DECODE("\xC3\xA4 \x81 \xE9", NULL, &d);
    ok(TEXT_IS(&d, "\xC3\xA4 \xEF\xBF\xBD \xC3\xA9"), "81 (not in Windows-1252) becomes U+FFFD, E9 is \xC3\xA9");
    ok(d.n_ev == 2 && d.ev[0].kind == ARB_DEC_INVALID && d.ev[0].off == 3 && d.ev[1].kind == ARB_DEC_GUESS
           && d.ev[1].off == 7,
       "an invalid event at 3, a guess at 7");
    free(d.text);

    /* An overlong encoding and an encoded surrogate are no UTF-8: their
     * bytes are read in the code page, one event each. */
    DECODE("\xC3\xA4\n\xC0\xAF!", NULL, &d);
    ok(TEXT_IS(&d, "\xC3\xA4\n\xC3\x80\xC2\xAF!"), "an overlong '/' (C0 AF) is two Windows-1252 characters");
    ok(d.n_ev == 2 && d.ev[0].off == 3 && d.ev[1].off == 5 && d.ev[0].raw_off == 3 && d.ev[1].raw_off == 4,
       "two events: decoded offsets 3 and 5, raw offsets 3 and 4");
    free(d.text);
    DECODE("\xC3\xA4\n\xED\xA0\x80", NULL, &d);
    ok(TEXT_IS(&d, "\xC3\xA4\n\xC3\xAD\xC2\xA0\xE2\x82\xAC"), "an encoded surrogate (ED A0 80) is three Windows-1252 characters");
    is_int(d.all_ev, 3, "and three events");
    free(d.text);

    /* NUL bytes are replaced and reported apart. */
    DECODE("e4\0e5", NULL, &d);
    ok(TEXT_IS(&d, "e4\xEF\xBF\xBD" "e5"), "a NUL byte becomes U+FFFD");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_NUL && d.ev[0].off == 2 && d.ev[0].raw_off == 2,
       "and is reported as NUL at offset 2");
    free(d.text);

    /* The file ends inside a character of a UTF-8 file. */
    DECODE("\xC3\xA4 \xE2\x82", NULL, &d);
    ok(TEXT_IS(&d, "\xC3\xA4 \xEF\xBF\xBD"), "a character cut by the end of the file becomes one U+FFFD");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_TRUNCATED && d.ev[0].off == 3 && d.ev[0].nbytes == 2
           && d.ev[0].bytes[0] == 0xE2 && d.ev[0].bytes[1] == 0x82,
       "reported as truncated, with both bytes, at offset 3");
    free(d.text);

    /* A UTF-16 file appended to a UTF-8 one (cat a.pgn b.pgn): its BOM
     * switches the rest to UTF-16. */
    static const char mixed[] = "e4 *\n\xFF\xFE" "d\0" "4\0 \0\xE4\0\n\0";
    decode(mixed, sizeof mixed - 1, NULL, &d);
    ok(TEXT_IS(&d, "e4 *\nd4 \xC3\xA4\n"), "UTF-8, then a UTF-16LE BOM: the rest is read as UTF-16LE");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_SWITCH && d.ev[0].off == 5 && d.ev[0].raw_off == 5
           && strcmp(d.ev[0].encoding, "UTF-16LE") == 0,
       "one switch event at the BOM, naming UTF-16LE");
    free(d.text);
    /* And the other way: a UTF-8 file (with its BOM) after a UTF-16 one,
     * also when the UTF-16 part ends in an odd byte. */
    static const char back[] = "\xFF\xFE" "e\0" "4\0\n\0" "\xEF\xBB\xBF" "d4 \xC3\xA4\n";
    decode(back, sizeof back - 1, NULL, &d);
    ok(TEXT_IS(&d, "e4\nd4 \xC3\xA4\n"), "UTF-16LE, then a UTF-8 BOM: the rest is read as UTF-8");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_SWITCH && d.ev[0].off == 3 && strcmp(d.ev[0].encoding, "UTF-8") == 0,
       "one switch event at the BOM, naming UTF-8");
    free(d.text);
    static const char back_odd[] = "\xFF\xFE" "e\0" "4\0\n\0" "x" "\xEF\xBB\xBF" "d4\n";
    decode(back_odd, sizeof back_odd - 1, NULL, &d);
    ok(TEXT_IS(&d, "e4\n\xEF\xBF\xBD" "d4\n") && d.n_ev == 2 && d.ev[0].kind == ARB_DEC_TRUNCATED
           && d.ev[1].kind == ARB_DEC_SWITCH,
       "an odd byte before it is a character cut short, and the UTF-8 after it is read whole");
    free(d.text);
    static const char mixed_be[] = "e4 *\n\xFE\xFF" "\0d\0" "4\0 \0\n";
    decode(mixed_be, sizeof mixed_be - 1, NULL, &d);
    ok(TEXT_IS(&d, "e4 *\nd4 \n") && d.n_ev == 1 && d.ev[0].kind == ARB_DEC_SWITCH, "and a UTF-16BE BOM as UTF-16BE");
    free(d.text);
}

static void test_utf16(void)
{
    struct decoded d;

    /* "[Round "1"] ä 😀\r\n" */
    static const char le[] = "\xFF\xFE" "[\0R\0o\0u\0n\0d\0 \0\"\0" "1\0\"\0]\0 \0\xE4\0 \0\x3D\xD8\x00\xDE\r\0\n\0";
    static const char be[] = "\xFE\xFF" "\0[\0R\0o\0u\0n\0d\0 \0\"\0" "1\0\"\0]\0 \0\xE4\0 \xD8\x3D\xDE\x00\0\r\0\n";
    static const char want[] = "[Round \"1\"] \xC3\xA4 \xF0\x9F\x98\x80\r\n";
    decode(le, sizeof le - 1, NULL, &d);
    ok(TEXT_IS(&d, want), "UTF-16LE with a BOM is decoded to UTF-8 (a surrogate pair too; CRLF kept)");
    is_str(d.encoding, "UTF-16LE", "reported as UTF-16LE");
    is_int(d.n_ev, 0, "UTF-16LE: no events");
    free(d.text);
    decode(be, sizeof be - 1, NULL, &d);
    ok(TEXT_IS(&d, want), "UTF-16BE with a BOM is decoded to UTF-8");
    is_str(d.encoding, "UTF-16BE", "reported as UTF-16BE");
    is_int(d.n_ev, 0, "UTF-16BE: no events");
    free(d.text);

    DECODE("e\0" "4\0 \0*\0", NULL, &d);
    ok(TEXT_IS(&d, "e4 *"), "UTF-16LE without a BOM is recognised by its zero bytes");
    free(d.text);
    DECODE("\0e\0" "4\0 \0*", NULL, &d);
    ok(TEXT_IS(&d, "e4 *"), "UTF-16BE without a BOM is recognised by its zero bytes");
    free(d.text);

    DECODE("\xFF\xFE" "a\0\x00\xDC" "b\0", NULL, &d);
    ok(TEXT_IS(&d, "a\xEF\xBF\xBD" "b"), "a lone low surrogate in UTF-16 becomes U+FFFD");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_INVALID && d.ev[0].nbytes == 2 && d.ev[0].off == 1
           && d.ev[0].raw_off == 4,
       "reported as one invalid 2-byte unit at decoded offset 1, file offset 4");
    free(d.text);

    DECODE("\xFF\xFE" "a\0b", NULL, &d);
    ok(TEXT_IS(&d, "a\xEF\xBF\xBD"), "an odd last byte in UTF-16 becomes U+FFFD");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_TRUNCATED, "reported as a truncated character");
    free(d.text);

    /* NUL in UTF-16: the raw offset is where the two zero bytes are. */
    DECODE("\xFF\xFE" "a\0\0\0b\0", NULL, &d);
    ok(TEXT_IS(&d, "a\xEF\xBF\xBD" "b"), "a NUL character in UTF-16 becomes U+FFFD");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_NUL && d.ev[0].off == 1, "reported as NUL at decoded offset 1");
    if (d.n_ev == 1)
        is_int(d.ev[0].raw_off, 4, "with the file offset of the NUL unit (after BOM and 'a')");
    free(d.text);

    DECODE("\xFF\xFE", NULL, &d);
    ok(d.len == 0 && d.n_ev == 0, "a file that is only a UTF-16 BOM decodes to nothing, quietly");
    free(d.text);
}

static void test_codepages(void)
{
    struct decoded d;

    /* Windows-1252: é is E9, € is 80. */
    DECODE("[White \"Ren\xE9\"]\n{\x80 5}\n", NULL, &d);
    ok(TEXT_IS(&d, "[White \"Ren\xC3\xA9\"]\n{\xE2\x82\xAC 5}\n"), "Windows-1252 bytes are decoded (E9 = \xC3\xA9, 80 = \xE2\x82\xAC)");
    ok(d.n_ev == 2 && d.ev[0].kind == ARB_DEC_GUESS && d.ev[1].kind == ARB_DEC_GUESS,
       "with an encoding-guess event for each of the two bytes");
    if (d.n_ev == 2) {
        is_str(d.ev[0].encoding, "WINDOWS-1252", "the guess names WINDOWS-1252");
        is_int(d.ev[0].off, 11, "at the decoded offset of the first non-UTF-8 byte");
        is_int(d.ev[0].raw_off, 11, "and its file offset");
        ok(d.ev[0].bytes[0] == 0xE9, "holding that byte (E9)");
    }
    is_str(d.encoding, "UTF-8", "the input's encoding stays UTF-8 (the guess is per byte)");
    free(d.text);

    /* After the guess, bytes the code page lacks are replaced. */
    DECODE("Ren\xE9 \x81 x", NULL, &d);
    ok(TEXT_IS(&d, "Ren\xC3\xA9 \xEF\xBF\xBD x"), "a byte undefined in Windows-1252 (81) becomes U+FFFD");
    ok(d.n_ev == 2 && d.ev[0].kind == ARB_DEC_GUESS && d.ev[1].kind == ARB_DEC_INVALID && d.ev[1].off == 6
           && d.ev[1].raw_off == 5,
       "a guess, then an invalid byte at decoded offset 6 / file offset 5");
    free(d.text);

    /* Cyrillic in Windows-1251: Карпов. */
    DECODE("[White \"\xCA\xE0\xF0\xEF\xEE\xE2\"]\n", NULL, &d);
    ok(TEXT_IS(&d, "[White \"\xD0\x9A\xD0\xB0\xD1\x80\xD0\xBF\xD0\xBE\xD0\xB2\"]\n"), "Cyrillic bytes are read as Windows-1251");
    ok(d.n_ev == 6 && d.ev[0].kind == ARB_DEC_GUESS && strcmp(d.ev[0].encoding, "WINDOWS-1251") == 0,
       "with a guess event per byte naming WINDOWS-1251");
    free(d.text);

    /* Windows-1251 bytes that happen to be valid UTF-8: "Пётр" is CF B8 F2
     * F0, and CF B8 alone would read as U+03F8.  The line is decided whole. */
    DECODE("[Black \"\xCF\xE5\xF2\xF0\xEE\xE2, \xCF\xB8\xF2\xF0\"]\n", NULL, &d);
    ok(TEXT_IS(&d, "[Black \"\xD0\x9F\xD0\xB5\xD1\x82\xD1\x80\xD0\xBE\xD0\xB2, "
                   "\xD0\x9F\xD1\x91\xD1\x82\xD1\x80\"]\n"),
       "Windows-1251 \"Петров, Пётр\": the CF B8 of \xD0\x9F\xD1\x91 is not read as UTF-8");
    ok(d.n_ev == 10 && d.ev[6].kind == ARB_DEC_GUESS && d.ev[6].off == 22 && d.ev[6].raw_off == 16
           && d.ev[7].off == 24 && d.ev[7].raw_off == 17,
       "one guess event per letter, the 7th at decoded 22 / file 16, the 8th (B8) at 24 / 17");
    free(d.text);
    /* Cyrillic in the DOS code page 866: Петров, Пётр. */
    DECODE("[White \"\x8F\xA5\xE2\xE0\xAE\xA2, \x8F\xF1\xE2\xE0\"]\n", NULL, &d);
    ok(TEXT_IS(&d, "[White \"\xD0\x9F\xD0\xB5\xD1\x82\xD1\x80\xD0\xBE\xD0\xB2, "
                   "\xD0\x9F\xD1\x91\xD1\x82\xD1\x80\"]\n"),
       "Cyrillic bytes in runs of 0x80-0xAF and 0xE0-0xF1 are read as CP866");
    ok(d.n_ev == 10 && strcmp(d.ev[0].encoding, "CP866") == 0, "with a guess event per letter naming CP866");
    free(d.text);
    /* A line as short as "Пён" (one valid pair, one bad byte) goes the way
     * of the file's lines before it. */
    DECODE("[White \"\xCA\xE0\xF0\xEF\xEE\xE2\"]\n[Black \"\xCF\xB8\xED\"]\n", NULL, &d);
    ok(TEXT_IS(&d, "[White \"\xD0\x9A\xD0\xB0\xD1\x80\xD0\xBF\xD0\xBE\xD0\xB2\"]\n[Black \"\xD0\x9F\xD1\x91\xD0\xBD\"]\n"),
       "\"\xD0\x9F\xD1\x91\xD0\xBD\" after a Windows-1251 line is Windows-1251 too");
    free(d.text);
    /* UTF-8 with one stray Latin-1 byte stays UTF-8: J\xC3\xB6rg M\xFCller \xC3\xA4. */
    DECODE("[White \"J\xC3\xB6rg M\xFCller \xC3\xA4\"]\n", NULL, &d);
    ok(TEXT_IS(&d, "[White \"J\xC3\xB6rg M\xC3\xBCller \xC3\xA4\"]\n") && d.n_ev == 1 && d.ev[0].raw_off == 15,
       "a stray FC in a UTF-8 line is the one byte read in the code page");
    free(d.text);
    /* The same tie in a file that had UTF-8 before: a name cut inside a
     * character ("M\xC3\xBCll" and C3) stays UTF-8. */
    DECODE("[White \"\xC3\xA4\"]\n[Black \"M\xC3\xBCll\xC3\"]\n", NULL, &d);
    ok(TEXT_IS(&d, "[White \"\xC3\xA4\"]\n[Black \"M\xC3\xBCll\xC3\x83\"]\n") && d.n_ev == 1,
       "after UTF-8 lines, \"M\xC3\xBCll\" with a cut character keeps its \xC3\xBC");
    free(d.text);

    /* A Windows-1251 line cut by the first read: held back and decided
     * whole when its end comes. */
    {
        size_t at = 256 * 1024 - 4;
        char *cut = malloc(at + 16);
        memset(cut, 'x', at - 1);
        cut[at - 1] = '\n';
        memcpy(cut + at, "\xCF\xB8\xF2\xF0\n\xCF\xE5\xF2\xF0\xEE\xE2\n", 12);
        decode(cut, at + 12, NULL, &d);
        ok(d.len == at + 22 && memcmp(d.text + at, "\xD0\x9F\xD1\x91\xD1\x82\xD1\x80\n", 9) == 0 && d.n_ev == 10
               && d.ev[0].raw_off == at,
           "\"\xD0\x9F\xD1\x91\xD1\x82\xD1\x80\" across the first read's end is read whole as Windows-1251");
        free(d.text);
        free(cut);
    }

    /* A long file mixing UTF-8 lines and Windows-1251 lines, with lines
     * long enough to cross reads: every line is read in its own encoding. */
    {
        struct arb_buf in_b = {0}, want_b = {0};
        arb_buf_reserve(&in_b, 0);
        arb_buf_reserve(&want_b, 0);
        for (int i = 0; i < 3000; i++) {
            char pad[4096];
            size_t np = (size_t)(i * 7919 % 4000);
            memset(pad, 'x', np);
            arb_buf_add(&in_b, pad, np);
            arb_buf_add(&want_b, pad, np);
            if (i % 2) {
                arb_buf_add(&in_b, "\xCF\xB8\xF2\xF0 \xC5\xB8\n", 8);   /* Пётр Её */
                arb_buf_add(&want_b, "\xD0\x9F\xD1\x91\xD1\x82\xD1\x80 \xD0\x95\xD1\x91\n", 14);
            } else {
                arb_buf_add(&in_b, "\xD0\x9F\xD1\x91\xD1\x82\xD1\x80 J\xC3\xB6rg\n", 15);
                arb_buf_add(&want_b, "\xD0\x9F\xD1\x91\xD1\x82\xD1\x80 J\xC3\xB6rg\n", 15);
            }
        }
        decode(in_b.data, in_b.len, NULL, &d);
        ok(d.len == want_b.len && memcmp(d.text, want_b.data, d.len) == 0,
           "3000 lines of UTF-8 and Windows-1251, %zu bytes: each line in its own encoding", in_b.len);
        is_int(d.all_ev, 1500 * 6, "6 guess events on each Windows-1251 line");
        free(d.text);
        free(in_b.data);
        free(want_b.data);
    }

    /* A file that is ASCII for longer than a read, then not UTF-8. */
    size_t pre = 300000;
    char *data = malloc(pre + 8);
    memset(data, ' ', pre);
    memcpy(data + pre, "Ren\xE9\n", 5);
    decode(data, pre + 5, NULL, &d);
    ok(d.len == pre + 6 && memcmp(d.text + pre, "Ren\xC3\xA9\n", 6) == 0,
       "a Windows-1252 byte after 300000 ASCII bytes (past the first read) is decoded");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_GUESS && d.ev[0].off == pre + 3 && d.ev[0].raw_off == pre + 3,
       "and the guess is placed at offset %zu", pre + 3);
    free(d.text);
    free(data);
}

static void test_forced(void)
{
    struct decoded d;

    DECODE("\xA4 \xBD", "ISO-8859-15", &d);
    ok(TEXT_IS(&d, "\xE2\x82\xAC \xC5\x93"), "--encoding=ISO-8859-15: A4 is \xE2\x82\xAC and BD is \xC5\x93");
    int other = 0;
    for (size_t i = 0; i < d.n_ev; i++)
        other += d.ev[i].kind != ARB_DEC_MAPPED;
    is_int(other, 0, "a forced encoding gives no guess event");
    ok(d.n_ev == 2 && d.ev[0].kind == ARB_DEC_MAPPED && d.ev[0].off == 0 && d.ev[0].dlen == 3 && d.ev[1].off == 4
           && d.ev[1].dlen == 2,
       "its bytes that take more than one byte in UTF-8 are placed (ARB_DEC_MAPPED: the file's offsets)");
    is_str(d.encoding, "ISO-8859-15", "the forced encoding is reported");
    free(d.text);

    DECODE("\xA4", "iso-8859-15", &d);
    ok(TEXT_IS(&d, "\xE2\x82\xAC"), "the encoding name is not case-sensitive");
    free(d.text);

    /* Forcing wins over text that happens to be valid UTF-8. */
    DECODE("\xC3\xA4", "WINDOWS-1252", &d);
    ok(TEXT_IS(&d, "\xC3\x83\xC2\xA4"), "--encoding=WINDOWS-1252 reads C3 A4 as two characters");
    free(d.text);

    /* Forced UTF-8: no guessing, invalid bytes replaced. */
    DECODE("Ren\xE9 x", "UTF-8", &d);
    ok(TEXT_IS(&d, "Ren\xEF\xBF\xBD x"), "--encoding=UTF-8: a non-UTF-8 byte is replaced, not guessed");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_INVALID && d.ev[0].off == 3, "and reported as invalid at offset 3");
    free(d.text);

    /* A BOM is not text: with --encoding=UTF-8 it must still be dropped,
     * or the first tag of the file is read as movetext. */
    DECODE("\xEF\xBB\xBF[Event \"x\"]\n", "UTF-8", &d);
    ok(TEXT_IS(&d, "[Event \"x\"]\n"), "--encoding=UTF-8 on a file with a UTF-8 BOM drops the BOM");
    if (!TEXT_IS(&d, "[Event \"x\"]\n"))
        printf("#   got %zu bytes starting %02X %02X %02X\n", d.len, (unsigned char)d.text[0],
               (unsigned char)d.text[1], (unsigned char)d.text[2]);
    free(d.text);

    DECODE("x", "NO-SUCH-ENCODING", &d);
    ok(d.open_rc < 0 && strstr(d.err, "NO-SUCH-ENCODING") != NULL, "an unknown encoding is refused at open: '%s'",
       d.err);
    free(d.text);
}

static void test_line_ends_and_empty(void)
{
    struct decoded d;

    DECODE("[Event \"x\"]\r\n\r\n1. e4\r*\n", NULL, &d);
    ok(TEXT_IS(&d, "[Event \"x\"]\r\n\r\n1. e4\n*\n"), "CRLF is kept; a lone CR becomes a line end (LF)");
    free(d.text);
    DECODE("a\rb\r\rc\r\r\nd\r", NULL, &d);
    ok(TEXT_IS(&d, "a\nb\n\nc\r\r\nd\n"), "CR CR is two line ends, CR CR LF one, a CR at the end one");
    free(d.text);
    /* A CR at the end of a read waits for the next byte. */
    size_t big = 256 * 1024;
    char *cr = malloc(2 * big + 4);
    memset(cr, ' ', 2 * big + 4);
    cr[big - 1] = '\r';
    cr[big] = '\n';
    cr[2 * big - 1] = '\r';
    cr[2 * big] = 'x';
    decode(cr, 2 * big + 4, NULL, &d);
    ok(d.len == 2 * big + 4 && d.text[big - 1] == '\r' && d.text[big] == '\n' && d.text[2 * big - 1] == '\n',
       "a CR LF cut by a read stays CR LF, a lone CR cut by a read becomes LF");
    free(d.text);
    free(cr);
    static const char cr16[] = "\xFF\xFE" "a\0\r\0b\0\r\0\n\0";
    decode(cr16, sizeof cr16 - 1, NULL, &d);
    ok(TEXT_IS(&d, "a\nb\r\n"), "the same in UTF-16");
    free(d.text);

    DECODE("", NULL, &d);
    ok(d.open_rc == 0 && d.len == 0 && d.n_ev == 0 && d.fills == 0, "an empty file: no text, no events");
    is_int(d.last_fill, 0, "the first fill of an empty file returns 0");
    is_str(d.encoding, "UTF-8", "an empty file is taken as UTF-8");
    free(d.text);

    /* The window's accessors on an empty input. */
    const char *path = tmpfile_with("", 0);
    struct arb_input in;
    char err[200];
    arb_input_open(&in, path, NULL, err, sizeof err);
    long r = arb_input_fill(&in);
    ok(r == 0 && in.eof && !in.error && arb_input_begin(&in) == 0 && arb_input_end(&in) == 0,
       "empty input: fill 0, eof set, begin = end = 0");
    is_int(arb_input_fill(&in), 0, "and filling again still returns 0");
    arb_input_close(&in);
    unlink(path);

    ok(arb_input_open(&in, "/nonexistent/arbiter/x.pgn", NULL, err, sizeof err) < 0
           && strstr(err, "/nonexistent/arbiter/x.pgn") != NULL,
       "a missing file is refused at open, naming the path: '%s'", err);

    /* A read error: a directory opens but cannot be read. */
    if (arb_input_open(&in, "/tmp", NULL, err, sizeof err) == 0) {
        r = arb_input_fill(&in);
        ok(r == -1 && in.error && in.err_no == EISDIR, "reading a directory: fill returns -1 with EISDIR");
        arb_input_close(&in);
    } else {
        ok(0, "opening a directory for reading: %s", err);
    }
}

/* take_events: only events before the offset; at most max; the rest stay. */
static void test_take_events(void)
{
    const char data[] = "\xC3\xA4\n\x81\x81\x81";
    const char *path = tmpfile_with(data, sizeof data - 1);
    struct arb_input in;
    char err[200];
    arb_input_open(&in, path, NULL, err, sizeof err);
    while (arb_input_fill(&in) > 0)
        ;
    struct arb_decode_event ev[8];
    is_int(arb_input_take_events(&in, 3, ev, 8), 0, "take_events before offset 3: none (the first is at 3)");
    size_t n = arb_input_take_events(&in, 6, ev, 8);
    ok(n == 1 && ev[0].off == 3 && ev[0].count == 1, "before offset 6: the one at 3 (a run of three cut there)");
    n = arb_input_take_events(&in, UINT64_MAX, ev, 8);
    ok(n == 1 && ev[0].off == 6 && ev[0].raw_off == 4 && ev[0].count == 2, "then the rest of the run: at 6 and 9");
    is_int(arb_input_take_events(&in, UINT64_MAX, ev, 8), 0, "and then none");
    arb_input_close(&in);
    unlink(path);
    /* Unlike bytes are events of their own; max counts them. */
    const char data2[] = "\xC3\xA4\n\x81\x82\x81";
    path = tmpfile_with(data2, sizeof data2 - 1);
    arb_input_open(&in, path, NULL, err, sizeof err);
    while (arb_input_fill(&in) > 0)
        ;
    n = arb_input_take_events(&in, UINT64_MAX, ev, 1);
    ok(n == 1 && ev[0].off == 3 && ev[0].count == 1, "with max 1: only the next one (at 3)");
    n = arb_input_take_events(&in, UINT64_MAX, ev, 8);
    ok(n == 2 && ev[0].off == 6 && ev[1].off == 9, "then the other two (at 6 and 9)");
    arb_input_close(&in);
    unlink(path);
}

/* Inputs bigger than a read (256 KiB) and than the first window. */
static void test_window(void)
{
    struct decoded d;
    size_t n = 3u << 20;
    char *data = malloc(n + 8);

    /* 3-byte characters: a read boundary falls inside one. */
    for (size_t i = 0; i + 3 <= n; i += 3)
        memcpy(data + i, "\xE2\x82\xAC", 3);
    decode(data, n, NULL, &d);
    ok(d.len == n && memcmp(d.text, data, n) == 0 && d.all_ev == 0,
       "3 MiB of 3-byte characters cross every read boundary intact");
    ok(d.fills > 1, "(it took %d fills)", d.fills);
    ok(d.max_cap <= (2u << 20), "consuming as it reads, the window stays small (%zu bytes for 3 MiB)", d.max_cap);
    free(d.text);

    /* 4-byte characters after one ASCII byte. */
    data[0] = 'x';
    for (size_t i = 1; i + 4 <= n; i += 4)
        memcpy(data + i, "\xF0\x9F\x98\x80", 4);
    size_t n4 = 1 + (n - 1) / 4 * 4;
    decode(data, n4, NULL, &d);
    ok(d.len == n4 && memcmp(d.text, data, n4) == 0 && d.all_ev == 0, "4-byte characters across read boundaries intact");
    free(d.text);

    /* An invalid byte far into a UTF-8 file (--encoding=UTF-8: replaced,
     * not read in a code page): its offset is absolute. */
    size_t at = 700001;
    memcpy(data, "\xC3\xA4", 2);
    memset(data + 2, 'a', n - 2);
    data[at] = (char)0x81;
    decode(data, 1000000, "UTF-8", &d);
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_INVALID && d.ev[0].off == at && d.ev[0].raw_off == at,
       "an invalid byte at %zu is reported at that absolute offset after the window slid", at);
    ok(d.len == 1000002 && memcmp(d.text + at, "\xEF\xBF\xBD", 3) == 0, "and replaced there");
    free(d.text);

    /* UTF-16LE surrogate pairs: the BOM makes reads end inside a pair. */
    size_t pairs = 200000;
    char *u16 = malloc(2 + 4 * pairs);
    memcpy(u16, "\xFF\xFE", 2);
    for (size_t i = 0; i < pairs; i++)
        memcpy(u16 + 2 + 4 * i, "\x3D\xD8\x00\xDE", 4);
    decode(u16, 2 + 4 * pairs, NULL, &d);
    bool same = d.len == 4 * pairs;
    for (size_t i = 0; same && i < pairs; i++)
        same = memcmp(d.text + 4 * i, "\xF0\x9F\x98\x80", 4) == 0;
    ok(same && d.all_ev == 0, "800 KB of UTF-16 surrogate pairs decode intact across reads");
    free(d.text);
    free(u16);

    /* Not consuming: the window grows; absolute offsets still find text. */
    const char *path = tmpfile_with(data, 1000000);
    struct arb_input in;
    char err[200];
    arb_input_open(&in, path, "UTF-8", err, sizeof err);
    while (arb_input_fill(&in) > 0)
        ;
    ok(arb_input_begin(&in) == 0 && arb_input_end(&in) == 1000002, "without consume, the whole text stays in the window");
    ok(memcmp(arb_input_at(&in, 0), "\xC3\xA4", 2) == 0 && memcmp(arb_input_at(&in, at), "\xEF\xBF\xBD", 3) == 0
           && *arb_input_at(&in, 1000001) == 'a',
       "arb_input_at finds early and late offsets");
    /* Consume half; the rest keeps its absolute offsets after more fills. */
    arb_input_consume(&in, 500000);
    is_int(arb_input_begin(&in), 500000, "consume moves the beginning to the offset given");
    arb_input_consume(&in, 10);
    is_int(arb_input_begin(&in), 500000, "consuming backwards does nothing");
    arb_input_consume(&in, UINT64_MAX);
    is_int(arb_input_begin(&in), arb_input_end(&in), "consuming past the end stops at the end");
    arb_input_close(&in);
    unlink(path);
    free(data);
}

/* A pipe: the reader sees the bytes in the pieces the writer sent. */
static void test_pipe(void)
{
    int fds[2];
    if (pipe(fds) < 0) {
        ok(0, "pipe: %s", strerror(errno));
        return;
    }
    struct arb_input in;
    char err[200];
    ok(arb_input_open_fd(&in, fds[0], "pipe", NULL, err, sizeof err) == 0, "open_fd on a pipe");
    /* A character cut between two writes, each read before the next (the
     * first write has 4 bytes: the BOM check waits for that many). */
    if (write(fds[1], "abc\xE2", 4) != 4)
        perror("write");
    long r = arb_input_fill(&in);
    ok(r == 3 && arb_input_end(&in) == 3 && memcmp(arb_input_at(&in, 0), "abc", 3) == 0,
       "a fill after 'abc E2' gives only 'abc' (the cut character waits)");
    if (write(fds[1], "\x82\xAC b", 4) != 4)
        perror("write");
    close(fds[1]);
    r = arb_input_fill(&in);
    ok(r == 5 && memcmp(arb_input_at(&in, 3), "\xE2\x82\xAC b", 5) == 0, "the next fill completes the character");
    is_int(arb_input_fill(&in), 0, "then the end of the pipe");
    is_int(in.n_ev, 0, "no events for a character split between reads");
    arb_input_close(&in);
    ok(fcntl(fds[0], F_GETFD) != -1, "arb_input_close leaves a descriptor from open_fd open");
    close(fds[0]);

    /* A BOM cut between writes: a child writes each piece once the reader
     * has taken the one before out of the pipe, so that every read gets
     * one piece, however fast or slow either side runs. */
    static const char *const pieces[] = {"\xEF\xBB", "\xBF[Ev", "ent \"\xC3", "\xA4\"]\n"};
    if (pipe(fds) < 0)
        return;
    pid_t pid = fork();
    if (pid == 0) {
        for (size_t i = 0; i < ARB_ARRAY_LEN(pieces); i++) {
            int left;
            while (ioctl(fds[0], FIONREAD, &left) == 0 && left > 0)
                usleep(1000);
            if (write(fds[1], pieces[i], strlen(pieces[i])) < 0)
                _exit(1);
        }
        _exit(0);
    }
    close(fds[1]);
    struct decoded d;
    memset(&d, 0, sizeof d);
    arb_input_open_fd(&in, fds[0], "pipe", NULL, err, sizeof err);
    drain(&in, &d);
    arb_input_close(&in);
    close(fds[0]);
    waitpid(pid, NULL, 0);
    ok(TEXT_IS(&d, "[Event \"\xC3\xA4\"]\n") && d.all_ev == 0,
       "a BOM and a character cut between writes, read one at a time: decoded as if read at once");
    is_str(d.encoding, "UTF-8 with BOM", "the BOM cut between writes is still recognised");
    free(d.text);

    /* Standard input as "-". */
    if (pipe(fds) < 0)
        return;
    int saved = dup(0);
    dup2(fds[0], 0);
    close(fds[0]);
    if (write(fds[1], "\xFF\xFE" "e\0" "4\0", 6) != 6)
        perror("write");
    close(fds[1]);
    memset(&d, 0, sizeof d);
    ok(arb_input_open(&in, "-", NULL, err, sizeof err) == 0 && strcmp(in.name, "-") == 0, "'-' opens standard input");
    drain(&in, &d);
    arb_input_close(&in);
    dup2(saved, 0);
    close(saved);
    ok(TEXT_IS(&d, "e4"), "standard input is decoded like a file (UTF-16LE here)");
    free(d.text);
}

/* The decoded text with each event's bytes put back is the file, byte
 * for byte (what --write-clean relies on), for files mixing ASCII, UTF-8,
 * Windows-1251, stray bytes, NULs and lines longer than a line is held
 * back, read with the window consumed at random places. */
static unsigned lcg(unsigned *x)
{
    *x = *x * 1103515245u + 12345u;
    return (*x >> 16) & 0x7FFF;
}

static void test_rebuild(void)
{
    static const unsigned char odd[] = {0x20, 0x41, 0x0A, 0x80, 0xC3, 0xA4, 0xCF, 0xB8, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0xFF, 0x00};
    unsigned x = 7;
    int good = 0, files = 40;
    for (int t = 0; t < files; t++) {
        struct arb_buf f = {0};
        arb_buf_reserve(&f, 0);
        arb_buf_add(&f, "x", 1);
        for (int i = 0, n = 1 + (int)(lcg(&x) % 300); i < n; i++) {
            unsigned k = lcg(&x) % 7;
            if (k == 0) {
                size_t len = lcg(&x) % 8 ? lcg(&x) % 300 : 70000 + lcg(&x) % 1000;
                for (size_t j = 0; j < len; j++)
                    arb_buf_addc(&f, 'x');
            } else if (k == 1) {
                if (lcg(&x) % 2)
                    arb_buf_add(&f, "\r\n", 2);     /* (a lone CR would become LF) */
                else
                    arb_buf_addc(&f, '\n');
            } else if (k == 2) {
                arb_buf_add(&f, "\xCF\xB8\xF2\xF0 \xC5\xE5", 7);        /* Windows-1251 */
            } else if (k == 3) {
                arb_buf_add(&f, "\xD0\x9F\xD1\x91\xD1\x82\xD1\x80 J\xC3\xB6rg", 14);
            } else {
                for (unsigned j = 0, m = 1 + lcg(&x) % 12; j < m; j++)
                    arb_buf_addc(&f, (char)odd[lcg(&x) % sizeof odd]);
            }
        }
        const char *path = tmpfile_with(f.data, f.len);
        struct arb_input in;
        char err[200];
        struct arb_buf dec = {0}, back = {0};
        arb_buf_reserve(&dec, 0);
        arb_buf_reserve(&back, 0);
        bool ok_events = true;
        size_t at = 0;                /* decoded bytes put back so far */
        if (arb_input_open(&in, path, NULL, err, sizeof err) == 0) {
            for (;;) {
                long r = arb_input_fill(&in);
                uint64_t a = arb_input_begin(&in), b = arb_input_end(&in);
                if (r > 0)
                    arb_buf_add(&dec, arb_input_at(&in, dec.len), (size_t)(b - dec.len));
                uint64_t c = r > 0 ? a + (b - a) * (lcg(&x) % 100) / 99 : UINT64_MAX;
                struct arb_decode_event ev[16];
                size_t k;
                while ((k = arb_input_take_events(&in, c, ev, 16)) > 0) {
                    for (size_t e = 0; e < k; e++)
                        for (uint32_t j = 0; j < ev[e].count && ok_events; j++) {
                            /* (a run: its j-th event) */
                            uint64_t off = ev[e].off + (uint64_t)j * ev[e].dlen;
                            ok_events &= off >= at && off + ev[e].dlen <= dec.len;
                            if (!ok_events)
                                break;
                            arb_buf_add(&back, dec.data + at, (size_t)(off - at));
                            ok_events &= back.len == ev[e].raw_off + (uint64_t)j * ev[e].nbytes
                                         && ev[e].kind != ARB_DEC_SWITCH;
                            arb_buf_add(&back, ev[e].bytes, ev[e].nbytes);
                            at = (size_t)(off + ev[e].dlen);
                        }
                }
                if (r <= 0)
                    break;
                arb_input_consume(&in, c);
            }
            arb_input_close(&in);
        }
        unlink(path);
        if (ok_events) {
            arb_buf_add(&back, dec.data + at, dec.len - at);
            if (back.len == f.len && memcmp(back.data, f.data, f.len) == 0)
                good++;
        }
        free(f.data);
        free(dec.data);
        free(back.data);
    }
    is_int(good, files, "%d random mixed files: text and events give each file back byte for byte", files);
}

int main(void)
{
    test_utf8();
    test_invalid_utf8();
    test_utf16();
    test_codepages();
    test_forced();
    test_line_ends_and_empty();
    test_take_events();
    test_window();
    test_pipe();
    test_rebuild();
    return tap_done();
}
