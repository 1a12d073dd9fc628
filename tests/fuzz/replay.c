/* replay.c — run a fuzz target on saved inputs, as a TAP test.
 *
 *   fuzz-replay-TARGET [FILE|DIR...]   (default: tests/fuzz/regress/TARGET)
 *
 * Each file (each file of a directory) is one input, run in a process of
 * its own: "ok N - path" when the target returns, "not ok" when it crashed,
 * failed an assertion or a sanitizer reported (the status says which).  make check runs
 * every target over tests/fuzz/regress/TARGET/ (the inputs the fuzzers
 * found crashing, now fixed) and tests/fuzz/seeds/TARGET/ (where there are
 * seeds: the target's own assertions on them), whichever there is. */
#define FUZZ_REPLAY_MAIN      /* the target defines LLVMFuzzerInitialize */
#include "fuzz.h"

#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int n_tests;

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("not ok %d - %s: cannot open\n", ++n_tests, path);
        return 1;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            cap *= 2;
            uint8_t *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                buf = NULL;
            }
            buf = nb;
        }
    }
    fclose(f);
    if (!buf)
        abort();
    /* libFuzzer hands over a copy of exactly n bytes: so do we.  Each
     * input in a process of its own, as the first input of a fuzzer's run
     * (what an earlier input left allocated hides nothing: a null buffer
     * plus zero, say). */
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        uint8_t *copy = malloc(n ? n : 1);
        memcpy(copy, buf, n);
        free(buf);
        LLVMFuzzerTestOneInput(copy, n);
        free(copy);
        exit(0);
    }
    free(buf);
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        printf("not ok %d - %s: the target failed (%s %d)\n", ++n_tests, path,
               pid > 0 && WIFSIGNALED(status) ? "signal" : "status",
               pid > 0 && WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
        fflush(stdout);
        return 1;
    }
    printf("ok %d - %s\n", ++n_tests, path);
    fflush(stdout);
    return 0;
}

static int compare(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    LLVMFuzzerInitialize(&argc, &argv);
    /* No arguments: the saved inputs of the target this program was built
     * for, tests/fuzz/regress/TARGET (from the name fuzz-replay-TARGET). */
    char def[256], seeds[256];
    char *def_argv[] = {argv[0], def, seeds, NULL};
    if (argc < 2) {
        const char *name = strrchr(argv[0], '/');
        name = name ? name + 1 : argv[0];
        const char *t = strncmp(name, "fuzz-replay-", 12) == 0 ? name + 12 : name;
        snprintf(def, sizeof def, "tests/fuzz/regress/%s", t);
        snprintf(seeds, sizeof seeds, "tests/fuzz/seeds/%s", t);
        struct stat st;
        bool have_regress = stat(def, &st) == 0, have_seeds = stat(seeds, &st) == 0;
        argc = 1;
        if (have_regress || !have_seeds)
            def_argv[argc++] = def;   /* (neither: "not found") */
        if (have_seeds)
            def_argv[argc++] = seeds;
        def_argv[argc] = NULL;
        argv = def_argv;
    }
    int fails = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            printf("not ok %d - %s: not found\n", ++n_tests, argv[i]);
            fails++;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            fails += run_file(argv[i]);
            continue;
        }
        DIR *d = opendir(argv[i]);
        if (!d)
            continue;
        char **names = NULL;
        size_t nn = 0;
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            names = realloc(names, (nn + 1) * sizeof *names);
            size_t len = strlen(argv[i]) + strlen(e->d_name) + 2;
            names[nn] = malloc(len);
            snprintf(names[nn++], len, "%s/%s", argv[i], e->d_name);
        }
        closedir(d);
        qsort(names, nn, sizeof *names, compare);
        for (size_t k = 0; k < nn; k++) {
            fails += run_file(names[k]);
            free(names[k]);
        }
        free(names);
    }
    printf("1..%d\n", n_tests);
    return fails ? 1 : 0;
}
