/* fuzz_opts.c — option parsing (cli/opts.c) on any command line.
 *
 * The input is the arguments after "arbiter", separated by NUL bytes (the
 * first is the command, mostly one of the six, picked by the first byte).
 * Asserts: arb_opts_parse returns one of its three results, never crashes
 * or reads freed memory (a parse cut short by an error must leave getopt
 * nothing for the next one), and what it returns to run is consistent:
 * the files are arguments, the jobs and the game bytes within their
 * ranges.  Standard output and error are thrown away (help texts, usage
 * errors). */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>

static const char *const commands[] = {"check", "replay", "convert", "reconstruct", "watch", "position", "chekc", "--help"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    /* The arguments: copies, as the kernel gives them (each its own). */
    char *argv[130];
    int argc = 0;
    argv[argc++] = strdup("arbiter");
    if (data[0] < 0xF0)
        argv[argc++] = strdup(commands[data[0] & 7]);
    size_t i = 1;
    while (i <= size && argc < 128) {
        size_t j = i;
        while (j < size && data[j] != 0)
            j++;
        if (j > i || j < size) {
            char *a = malloc(j - i + 1);
            memcpy(a, data + i, j - i);
            a[j - i] = 0;
            argv[argc++] = a;
        }
        i = j + 1;
    }
    argv[argc] = NULL;
    char *copy[130];
    memcpy(copy, argv, sizeof copy);   /* (getopt permutes argv) */

    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(1), saved_err = dup(2);
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    close(null);
    struct arb_opts o;
    enum arb_parse_result r = arb_opts_parse(&o, argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    assert(r == ARB_OPTS_RUN || r == ARB_OPTS_USAGE || r == ARB_OPTS_DONE);
    if (r == ARB_OPTS_RUN) {
        assert(o.n_files >= 0 && o.n_files <= argc - 2);
        for (int k = 0; k < o.n_files; k++) {
            bool arg = false;
            for (int m = 1; m < argc; m++)
                arg |= o.files[k] == copy[m];
            assert(arg);
        }
        assert(o.max_game_bytes >= 64 && o.max_game_bytes <= (UINT64_C(1) << 31));
        assert(o.format != NULL);
    }
    arb_opts_free(&o);
    for (int k = 0; k < argc; k++)
        free(copy[k]);
    return 0;
}
