/* fuzz_convert.c — `arbiter convert`'s writer (report/pgn_out.c through
 * cmd_convert) on any file, and a round trip.
 *
 * The first byte picks the language written (--to), the language read
 * (--lang, or auto) and a small --max-game-bytes; the rest is the file.
 * Asserts: an exit status of INTERFACE.md (0, 1 or 2), no crash, leak or
 * hang; and when every move was read (status 0), the games written in
 * that language and read back in it give what the file gives written in
 * English: the writer loses nothing it read (moves, variations, comments,
 * NAGs, tags, the result). */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>
#include <stdio.h>

#include "cli/commands.h"

static const char *const to[] = {"fi", "de", "fr", "ru", "fig", "et", "nl", "en"};
static const char *const lang[] = {"--lang=auto", "--lang=en", "--lang=fi", "--lang=auto"};

static int convert(const char *path, const char *to_lang, const char *from, bool small, int out)
{
    char to_opt[32], from_opt[32];
    snprintf(to_opt, sizeof to_opt, "--to=%s", to_lang);
    snprintf(from_opt, sizeof from_opt, "%s", from);
    char *argv[8];
    int argc = 0;
    argv[argc++] = (char *)"arbiter";
    argv[argc++] = (char *)"convert";
    argv[argc++] = to_opt;
    argv[argc++] = from_opt;
    if (small)
        argv[argc++] = (char *)"--max-game-bytes=2048";
    argv[argc++] = (char *)path;
    argv[argc] = NULL;
    return fuzz_command_to(out, argc, argv, arb_cmd_convert);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1 << 16)
        return 0;
    unsigned pick = data[0];
    const char *t = to[pick & 7];
    bool small = pick & 0x80;
    char path[64];
    int in = fuzz_memfd_path(data + 1, size - 1, path, sizeof path);
    int out = fuzz_memfd(NULL, 0);
    int st = convert(path, t, lang[(pick >> 3) & 3], small, out);
    assert(st == 0 || st == 1 || st == 2);
    if (st == 0 && !small) {
        /* Back from that language: the same as the file in English. */
        int en = fuzz_memfd(NULL, 0), back = fuzz_memfd(NULL, 0);
        char out_path[64];
        snprintf(out_path, sizeof out_path, "/proc/self/fd/%d", out);
        char from[32];
        snprintf(from, sizeof from, "--lang=%s", t);
        int st1 = convert(path, "en", lang[(pick >> 3) & 3], false, en);
        int st2 = convert(out_path, "en", from, false, back);
        size_t n1, n2;
        char *a = fuzz_memfd_read(en, &n1), *b = fuzz_memfd_read(back, &n2);
        if (st1 == 0 && (st2 != 0 || n1 != n2 || memcmp(a, b, n1) != 0)) {
            size_t n0;
            char *w = fuzz_memfd_read(out, &n0);
            fprintf(stderr, "--to=%s then back (status %d) differs from --to=en:\n--- en\n%s\n--- %s\n%s\n--- back\n%s\n",
                    t, st2, a, t, w, b);
            free(w);
            abort();
        }
        free(a);
        free(b);
        close(en);
        close(back);
    }
    close(out);
    close(in);
    return 0;
}
