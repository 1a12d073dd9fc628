/* fuzz.h — what the fuzz targets share: bytes into a file the reader opens.
 *
 * Every target defines LLVMFuzzerTestOneInput (libFuzzer's entry point).
 * Built with clang -fsanitize=fuzzer it is fuzzed (make fuzz); linked with
 * tests/fuzz/replay.c it runs saved inputs as regression tests (make check).
 */
#ifndef ARB_FUZZ_H
#define ARB_FUZZ_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE                 /* memfd_create */
#endif

#include <stddef.h>
#include <stdint.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/out.h"
#include "chess/board.h"
#include "cli/opts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#ifndef FUZZ_REPLAY_MAIN
/* Every target: the chess core's tables, as main.c makes them. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    arb_board_init();
    return 0;
}
#endif

/* Run a command as main.c would, on argv (which must parse), its standard
 * output thrown away (stderr stays: the sanitizers report there).  Returns
 * the exit status. */
static inline int fuzz_command(int argc, char **argv, int (*run)(const struct arb_opts *o))
{
    fflush(stdout);
    int saved_out = dup(1);
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    close(null);
    struct arb_opts o;
    if (arb_opts_parse(&o, argc, argv) != ARB_OPTS_RUN)
        abort();
    int st = run(&o);
    arb_opts_free(&o);
    fflush(stdout);
    dup2(saved_out, 1);
    close(saved_out);
    return st;
}

/* The same with standard output into the descriptor out (a memory file:
 * the target reads back what the command wrote). */
static inline int fuzz_command_to(int out, int argc, char **argv, int (*run)(const struct arb_opts *o))
{
    fflush(stdout);
    int saved_out = dup(1);
    dup2(out, 1);
    struct arb_opts o;
    if (arb_opts_parse(&o, argc, argv) != ARB_OPTS_RUN)
        abort();
    int st = run(&o);
    arb_opts_free(&o);
    arb_out_flush();
    fflush(stdout);
    dup2(saved_out, 1);
    close(saved_out);
    return st;
}

/* What a memory file holds (malloc'd, NUL-terminated; *n its length). */
static inline char *fuzz_memfd_read(int fd, size_t *n)
{
    off_t end = lseek(fd, 0, SEEK_END);
    char *s = malloc((size_t)(end > 0 ? end : 0) + 1);
    if (!s)
        abort();
    size_t got = 0;
    while (end > 0 && got < (size_t)end) {
        ssize_t r = pread(fd, s + got, (size_t)end - got, (off_t)got);
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    s[got] = 0;
    *n = got;
    return s;
}

/* A memory file holding the n bytes: its descriptor, positioned at 0. */
static inline int fuzz_memfd(const uint8_t *data, size_t n)
{
    int fd = memfd_create("fuzz", 0);
    if (fd < 0) {
        perror("memfd_create");
        abort();
    }
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(fd, data + done, n - done);
        if (w <= 0) {
            perror("write");
            abort();
        }
        done += (size_t)w;
    }
    lseek(fd, 0, SEEK_SET);
    return fd;
}

/* The same memory file, and a path that opens it (path: 32 bytes or more),
 * for the targets that run a command on a file name. */
static inline int fuzz_memfd_path(const uint8_t *data, size_t n, char *path, size_t cap)
{
    int fd = fuzz_memfd(data, n);
    snprintf(path, cap, "/proc/self/fd/%d", fd);
    return fd;
}

/* The bytes as a NUL-terminated string (malloc'd). */
static inline char *fuzz_cstr(const uint8_t *data, size_t n)
{
    char *s = malloc(n + 1);
    if (!s)
        abort();
    memcpy(s, data, n);
    s[n] = '\0';
    return s;
}

#endif
