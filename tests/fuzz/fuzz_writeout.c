/* fuzz_writeout.c — check's write-outs (cli/writeout.c) on any file: the
 * file's bytes copied game by game by pread(2) at the offsets the reader
 * gives, and each game's decoded text put back into its encoding (iconv),
 * as a game is written where its bytes cannot be read again.
 *
 * The first byte picks --encoding (auto, a code page, UTF-16LE), a small
 * --max-game-bytes, and how games are split between --write-clean and
 * --write-flagged; the rest is the file.  Asserts: every game's offsets
 * lie inside the file, in order, one game after another; where the
 * bytes could be copied (no game fell back to its text), the two
 * write-outs hold every byte of the file once, in order (all games clean:
 * the clean write-out is the file itself); each game's text put back gives
 * the file's bytes of that game where it can (a UTF-8 game, or a code-page
 * game without UTF-8 in it, with no byte that could not be decoded, no
 * lone CR, no BOM inside). */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>
#include <stdio.h>

#include "base/arena.h"
#include "base/outfile.h"
#include "base/utf8.h"
#include "run/writeout.h"
#include "read/input.h"
#include "read/pgn.h"

static const char *const encodings[] = {NULL, "WINDOWS-1252", "UTF-16LE", "ISO-8859-5"};

/* An output the write-outs can open by name and the target read back: a
 * pipe (written as it is, being no regular file), made large enough for
 * anything a 64 KiB input gives. */
struct sink {
    int rd, wr;
    char path[64];
};

static void sink_open(struct sink *s)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) < 0 || fcntl(p[0], F_SETPIPE_SZ, 1 << 20) < 0
        || fcntl(p[0], F_SETFL, O_NONBLOCK) < 0)
        abort();
    s->rd = p[0];
    s->wr = p[1];
    snprintf(s->path, sizeof s->path, "/proc/self/fd/%d", s->wr);
}

/* Everything written to it (malloc'd; *n its length); the pipe closed. */
static char *sink_close(struct sink *s, size_t *n)
{
    close(s->wr);
    size_t cap = 1 << 16, got = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (got == cap && !(buf = realloc(buf, cap *= 2)))
            abort();
        ssize_t r = read(s->rd, buf + got, cap - got);
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(s->rd);
    *n = got;
    return buf;
}

/* Open the write-outs asked for (clean, flagged: paths or NULL). */
static void writeouts_open(struct arb_writeouts *ws, const char *clean, const char *flagged)
{
    if (arb_writeouts_open(ws, clean, flagged, NULL) < 0)
        abort();
}

static void writeouts_close(struct arb_writeouts *ws)
{
    assert(arb_writeouts_close(ws));
    assert(arb_outfile_commit());
}

/* Game g alone, written from its text (src -1), as --write-clean does. */
static char *text_of(const struct arb_game *g, size_t *n)
{
    struct sink s;
    sink_open(&s);
    struct arb_writeouts ws;
    writeouts_open(&ws, s.path, NULL);
    arb_writeouts_file(&ws, -1);
    arb_writeouts_game(&ws, g, false, NULL, UINT64_MAX);
    arb_writeouts_file_end(&ws, 0, UINT64_MAX, true);
    writeouts_close(&ws);
    return sink_close(&s, n);
}

/* Can the game's text give its bytes back (see above)? */
static bool text_gives_bytes(const struct arb_game *g, const uint8_t *raw, size_t n)
{
    const char *t = g->text;
    size_t len = (size_t)(g->end_off - g->start_off);
    for (size_t i = 0; i + 2 < len; i++)
        if ((unsigned char)t[i] == 0xEF && (((unsigned char)t[i + 1] == 0xBF && (unsigned char)t[i + 2] == 0xBD)
                                            || ((unsigned char)t[i + 1] == 0xBB && (unsigned char)t[i + 2] == 0xBF)))
            return false;   /* U+FFFD (a byte not decoded), U+FEFF */
    for (size_t i = 0; i < n; i++) {
        if (raw[i] == '\r' && (i + 1 >= n || raw[i + 1] != '\n'))
            return false;   /* a lone CR is read as a line end */
        if (raw[i] == 0)
            return false;
        if (g->raw_encoding && raw[i] >= 0x80) {
            size_t k = arb_utf8_valid(raw + i, n - i);
            if (k > 1)
                return false;   /* UTF-8 in a code-page game */
        }
    }
    return true;
}

/* Is `part` the bytes of `whole` taken in order, with only blank lines
 * ("\n", "\r\n") put between (the separators a write-out adds)?  Each
 * whole[k] taken moves k on; *k is where it stopped. */
static bool ordered_part(const char *part, size_t n, const uint8_t *whole, size_t len, const bool *mine)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        while (k < len && !mine[k])
            k++;
        if (k < len && (unsigned char)part[i] == whole[k]) {
            k++;
            continue;
        }
        if (part[i] != '\n' && part[i] != '\r')
            return false;   /* neither the next byte of its own nor a separator */
    }
    while (k < len && !mine[k])
        k++;
    return k == len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1 << 16)
        return 0;
    unsigned pick = data[0];
    const uint8_t *file = data + 1;
    size_t fsize = size - 1;
    int src = fuzz_memfd(file, fsize);
    struct arb_input in;
    char err[200];
    if (arb_input_open_fd(&in, src, "f.pgn", encodings[pick & 3], err, sizeof err) < 0)
        abort();
    struct arb_pgn_reader rd;
    arb_pgn_init(&rd, &in, "f.pgn", pick & 4 ? 256 : 0);
    rd.is_move = arb_notation_is_move_any;
    struct arb_arena arena;
    arb_arena_init(&arena);

    /* The whole file through --write-clean and --write-flagged: games
     * flagged by the bits of pick's top nibble (all clean when it is 0). */
    struct sink clean, flagged;
    sink_open(&clean);
    sink_open(&flagged);
    struct arb_writeouts ws;
    writeouts_open(&ws, clean.path, flagged.path);
    arb_writeouts_file(&ws, src);
    bool *to_flagged = calloc(fsize + 1, 1);
    struct arb_game g;
    uint64_t last_end = 0, last_from_end = 0;
    bool any = false, raw = true;
    unsigned split = pick >> 4;
    while (arb_pgn_next(&rd, &g, &arena) > 0) {
        any = true;
        bool fl = split && ((g.index * 7 + split) >> 1 & 1);
        arb_writeouts_game(&ws, &g, fl, NULL, UINT64_MAX);
        if (g.raw_from != UINT64_MAX && g.raw_start != UINT64_MAX && g.raw_end != UINT64_MAX) {
            assert(g.raw_from <= g.raw_start && g.raw_start <= g.raw_end && g.raw_end <= fsize);
            assert(g.raw_start >= last_end && g.raw_from >= last_from_end);
            last_end = last_from_end = g.raw_end;
            /* The bytes from this game's raw_from on are its own, up to the next game's. */
            for (uint64_t k = g.raw_from; k < fsize; k++)
                to_flagged[k] = fl;
        } else {
            raw = false;
        }
        arb_pgn_release(&rd, &g);
        arb_arena_reset(&arena);
    }
    raw &= ws.raw;
    arb_writeouts_file_end(&ws, fsize, UINT64_MAX, any);
    writeouts_close(&ws);
    size_t nc, nf;
    char *c = sink_close(&clean, &nc), *f = sink_close(&flagged, &nf);
    if (raw && !split) {
        /* Every game clean: the file itself (a file ending without a line end gets none). */
        assert(nf == 0);
        assert(nc == fsize && memcmp(c, file, fsize) == 0);
    } else if (raw) {
        bool *mine = calloc(fsize + 1, 1);
        for (size_t k = 0; k < fsize; k++)
            mine[k] = !to_flagged[k];
        assert(ordered_part(c, nc, file, fsize, mine));
        for (size_t k = 0; k < fsize; k++)
            mine[k] = to_flagged[k];
        assert(ordered_part(f, nf, file, fsize, mine));
        free(mine);
    }
    free(c);
    free(f);
    free(to_flagged);
    arb_input_close(&in);

    /* Read again: each game from its text alone. */
    lseek(src, 0, SEEK_SET);
    if (arb_input_open_fd(&in, src, "f.pgn", encodings[pick & 3], err, sizeof err) < 0)
        abort();
    arb_pgn_init(&rd, &in, "f.pgn", pick & 4 ? 256 : 0);
    rd.is_move = arb_notation_is_move_any;
    while (arb_pgn_next(&rd, &g, &arena) > 0) {
        size_t n;
        char *back = text_of(&g, &n);
        if (g.raw_start != UINT64_MAX && g.raw_end != UINT64_MAX) {
            size_t len = (size_t)(g.raw_end - g.raw_start);
            if (text_gives_bytes(&g, file + g.raw_start, len)
                && (n < len || memcmp(back, file + g.raw_start, len) != 0)) {
                fprintf(stderr, "game %llu (%s): the text put back differs from the file's bytes:\n--- file\n%.*s\n"
                        "--- text put back\n%.*s\n", (unsigned long long)g.index,
                        g.raw_encoding ? g.raw_encoding : "UTF-8", (int)len, (const char *)file + g.raw_start,
                        (int)n, back);
                abort();
            }
        }
        free(back);
        arb_pgn_release(&rd, &g);
        arb_arena_reset(&arena);
    }
    arb_arena_fini(&arena);
    arb_input_close(&in);
    close(src);
    return 0;
}
