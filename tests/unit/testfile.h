/* testfile.h — the unit tests' one way to turn bytes into a file the
 * reader opens. */
#ifndef ARB_TESTFILE_H
#define ARB_TESTFILE_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

/* Write n bytes to a fresh temporary file; returns its path (static, valid
 * until the next call). */
static inline const char *tmpfile_with(const void *data, size_t n)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/arbiter-test-XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0 || write(fd, data, n) != (ssize_t)n) {
        perror("tmpfile");
        exit(2);
    }
    close(fd);
    return path;
}

#endif
