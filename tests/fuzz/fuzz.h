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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
