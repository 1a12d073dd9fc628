/* spool.c — bytes kept for later in a temporary file (see spool.h). */
#define _GNU_SOURCE   /* fallocate */
#include "base/spool.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int arb_spool_file(void)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    struct arb_buf name = {0};
    arb_buf_printf(&name, "%s/arbiter-spool-XXXXXX", dir);
    int fd = mkstemp(name.data);
    if (fd >= 0) {
        unlink(name.data);
        fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    arb_buf_free(&name);
    return fd;
}

void arb_spool_file_drop(int fd, uint64_t upto)
{
    upto &= ~(uint64_t)(ARB_SPOOL_CHUNK - 1);
    if (upto && fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, (off_t)upto) < 0)
        return;                   /* (a file system without holes: the bytes stay) */
}

/* Make the file. */
static void spool_open(struct arb_spool *s)
{
    s->fd = arb_spool_file();
    s->tried = true;
}

static bool writable(const struct arb_spool *s)
{
    return !s->tried || (s->fd >= 0 && !s->full);
}

/* Move what memory holds to the file; what cannot be written stays in
 * memory, and so does everything after it. */
static void spool_write(struct arb_spool *s)
{
    if (!s->tried)
        spool_open(s);
    size_t done = 0;
    while (writable(s) && done < s->mem.len) {
        ssize_t w = write(s->fd, s->mem.data + done, s->mem.len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            s->full = true;
        else
            done += (size_t)w;
    }
    s->in_file += done;
    memmove(s->mem.data, s->mem.data + done, s->mem.len - done);
    s->mem.len -= done;
    s->mem.data[s->mem.len] = 0;
}

void arb_spool_add(struct arb_spool *s, const void *p, size_t n)
{
    arb_buf_add(&s->mem, p, n);
    s->total += n;
    if (s->mem.len >= ARB_SPOOL_CHUNK && writable(s))
        spool_write(s);
}

bool arb_spool_take(struct arb_spool *s, struct arb_buf *out, size_t max)
{
    if (!max)
        max = 1;
    if (s->taken < s->in_file) {
        uint64_t left = s->in_file - s->taken;
        size_t n = left < max ? (size_t)left : max;
        arb_buf_reserve(out, n);
        ssize_t r;
        do
            r = pread(s->fd, out->data + out->len, n, (off_t)s->taken);
        while (r < 0 && errno == EINTR);
        if (r > 0) {
            out->len += (size_t)r;
            out->data[out->len] = 0;
            s->taken += (uint64_t)r;
            return true;
        }
        s->taken = s->in_file;    /* unreadable: what the file held is lost, memory's part still comes */
    }
    if (s->mem_taken < s->mem.len) {
        size_t n = s->mem.len - s->mem_taken < max ? s->mem.len - s->mem_taken : max;
        arb_buf_add(out, s->mem.data + s->mem_taken, n);
        s->mem_taken += n;
        return true;
    }
    return false;
}

void arb_spool_free(struct arb_spool *s)
{
    if (s->tried && s->fd >= 0)
        close(s->fd);
    arb_buf_free(&s->mem);
    memset(s, 0, sizeof *s);
}
