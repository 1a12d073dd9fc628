/* fuzz_writeout.c — check's write-outs (cli/writeout.c) on any file: each
 * game copied by pread(2) at the offsets the reader gives, and the same
 * game from its decoded text put back into its encoding (iconv), as a game
 * read from a pipe is.
 *
 * The first byte picks --encoding (auto, a code page, UTF-16LE) and a
 * small --max-game-bytes; the rest is the file.  Asserts, per game: its
 * offsets lie inside the file, in order, one game after another; the copy
 * is the file's bytes there; and the text put back gives the same bytes
 * where it can (a UTF-8 game, or a code-page game without UTF-8 in it,
 * with no byte that could not be decoded, no lone CR, no BOM inside). */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>
#include <stdio.h>

#include "base/arena.h"
#include "base/utf8.h"
#include "cli/writeout.h"
#include "read/input.h"
#include "read/pgn.h"

static const char *const encodings[] = {NULL, "WINDOWS-1252", "UTF-16LE", "ISO-8859-5"};

/* One game through a write-out into the memory file mem (emptied first):
 * from src (pread) or, src -1, from its text.  What was written. */
static char *write_one(int mem, const struct arb_game *g, int src, size_t *n)
{
    if (ftruncate(mem, 0) < 0 || lseek(mem, 0, SEEK_SET) < 0)
        abort();
    struct arb_writeout w = {.option = "--write-clean", .path = "mem", .fd = dup(mem)};
    arb_writeout_game(&w, g, src);
    assert(arb_writeout_close(&w));
    return fuzz_memfd_read(mem, n);
}

/* Can the game's text give its bytes back (see above)? */
static bool text_gives_bytes(const struct arb_game *g, const uint8_t *raw, size_t n)
{
    const char *t = g->text;
    size_t len = (size_t)(g->end_off - g->start_off);
    for (size_t i = 0; i + 2 < len + 1 && i + 2 < len; i++)
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1 << 16)
        return 0;
    unsigned pick = data[0];
    const uint8_t *file = data + 1;
    size_t fsize = size - 1;
    int src = fuzz_memfd(file, fsize);
    int mem = fuzz_memfd(NULL, 0);
    struct arb_input in;
    char err[200];
    if (arb_input_open_fd(&in, src, "f.pgn", encodings[pick & 3], err, sizeof err) < 0)
        abort();
    struct arb_pgn_reader rd;
    arb_pgn_init(&rd, &in, "f.pgn", pick & 4 ? 256 : 0);
    rd.is_move = arb_notation_is_move_any;
    struct arb_arena arena;
    arb_arena_init(&arena);
    struct arb_game g;
    uint64_t last_end = 0;
    while (arb_pgn_next(&rd, &g, &arena) > 0) {
        if (g.raw_start != UINT64_MAX && g.raw_end != UINT64_MAX) {
            assert(g.raw_start <= g.raw_end && g.raw_end <= fsize);
            assert(g.raw_start >= last_end);
            last_end = g.raw_end;
            size_t n1, n2;
            char *copy = write_one(mem, &g, src, &n1);
            size_t len = (size_t)(g.raw_end - g.raw_start);
            assert(n1 >= len && memcmp(copy, file + g.raw_start, len) == 0);
            char *back = write_one(mem, &g, -1, &n2);
            if (text_gives_bytes(&g, file + g.raw_start, len) && (n1 != n2 || memcmp(copy, back, n1) != 0)) {
                fprintf(stderr, "game %llu (%s): the text put back differs from the file's bytes:\n--- file\n%.*s\n"
                        "--- text put back\n%.*s\n", (unsigned long long)g.index,
                        g.raw_encoding ? g.raw_encoding : "UTF-8", (int)n1, copy, (int)n2, back);
                abort();
            }
            free(copy);
            free(back);
        } else {
            size_t n;
            free(write_one(mem, &g, src, &n));   /* (the text, encoded again) */
        }
        arb_pgn_release(&rd, &g);
        arb_arena_reset(&arena);
    }
    arb_arena_fini(&arena);
    arb_input_close(&in);
    close(src);
    close(mem);
    return 0;
}
