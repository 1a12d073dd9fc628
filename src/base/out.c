/* out.c — standard output (see out.h). */
#include "base/out.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/msg.h"
#include "base/stop.h"

static struct {
    struct arb_buf buf;
    int err_no;                   /* the first write error */
    int pipe;                     /* -1 not known yet, else whether standard output is a pipe */
    size_t *ends;                 /* offsets in buf where records end (pipes only) */
    size_t n_ends, cap_ends;
} out = {.pipe = -1};

static bool is_pipe(void)
{
    if (out.pipe < 0) {
        struct stat st;
        out.pipe = fstat(1, &st) == 0 && S_ISFIFO(st.st_mode);
    }
    return out.pipe;
}

struct arb_buf *arb_out_buf(void)
{
    return &out.buf;
}

void arb_out_record_at(size_t end)
{
    if (!is_pipe())
        return;
    if (out.n_ends == out.cap_ends) {
        out.cap_ends = out.cap_ends ? 2 * out.cap_ends : 256;
        out.ends = arb_xrealloc(out.ends, out.cap_ends * sizeof *out.ends);
    }
    out.ends[out.n_ends++] = end;
}

void arb_out_record(void)
{
    arb_out_record_at(out.buf.len);
}

void arb_out_error(int err_no)
{
    if (!out.err_no)
        out.err_no = err_no ? err_no : EIO;
}

bool arb_out_failed(void)
{
    return out.err_no != 0;
}

static void write_all(const char *p, size_t n)
{
    size_t off = 0;
    while (off < n && !out.err_no) {
        ssize_t w = write(1, p + off, n - off);
        if (w < 0) {
            if (errno == EINTR && !arb_stop_signal)
                continue;   /* (a stop was asked: give up, as watch ends) */
            arb_out_error(errno);
            break;
        }
        off += (size_t)w;
    }
}

bool arb_out_flush(void)
{
    if (out.buf.len) {
        if (!is_pipe()) {
            write_all(out.buf.data, out.buf.len);
        } else {
            size_t start = 0, k = 0;
            while (start < out.buf.len && !out.err_no) {
                /* The most whole records that fit in PIPE_BUF bytes, at least one. */
                size_t end = k < out.n_ends ? out.ends[k++] : out.buf.len;
                while (k < out.n_ends && out.ends[k] - start <= PIPE_BUF)
                    end = out.ends[k++];
                write_all(out.buf.data + start, end - start);
                start = end;
            }
        }
        out.n_ends = 0;
        arb_buf_clear(&out.buf);
    }
    return !out.err_no;
}

bool arb_out_write(const void *p, size_t n)
{
    if (out.err_no)
        return false;
    arb_buf_add(&out.buf, p, n);
    arb_out_record();
    return out.buf.len < ARB_OUT_FLUSH_AT || arb_out_flush();
}

bool arb_out_finish(void)
{
    arb_out_flush();
    arb_buf_free(&out.buf);
    free(out.ends);
    out.ends = NULL;
    out.n_ends = out.cap_ends = 0;
    if (fflush(stdout) != 0)
        arb_out_error(errno);
    else if (ferror(stdout))
        arb_out_error(EIO);
    if (!out.err_no)
        return true;
    if (out.err_no != EPIPE && !(out.err_no == EINTR && arb_stop_signal))
        arb_msg("error writing the output: %s", strerror(out.err_no));
    return false;
}
