/* unpack.c — compressed input and archives through libarchive, on a
 * thread of their own (see unpack.h).
 *
 * The thread reads the source (first the bytes the input had read already
 * to see what the file is, then the descriptor), lets libarchive undo the
 * compression and find the member, and writes the text into a pipe, whose
 * other end the input reads.  The pipe is the only thing the two threads
 * share until the thread has ended; its message is read after the join.
 */
#define _GNU_SOURCE
#include "read/unpack.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "base/util.h"

enum { READ_CHUNK = 1 << 17, WRITE_CHUNK = 1 << 16 };

struct arb_unpack {
    pthread_t thread;
    int src;                      /* the compressed bytes */
    bool close_src;
    bool seekable;                /* src is a regular file: libarchive may seek (7-Zip, zip's directory) */
    unsigned char *pre;           /* bytes read from src before the thread began (not seekable only) */
    size_t npre, pre_at;
    char *member;                 /* the member wanted, or NULL */
    char what[40];                /* "gzip data", "the zip archive" */
    int out;                      /* the pipe's write end (the thread's; closed when it ends) */
    unsigned long long text;      /* bytes of text written */
    _Atomic unsigned long long src_read;   /* bytes of the source read (the progress line's) */
    char msg[512];                /* what went wrong ("" if nothing) */
    /* gzip is inflated here, with zlib, not by libarchive: libarchive
     * does not check a gzip member's CRC and length, and a file damaged
     * in the middle would be read as text. */
    bool gz;
    bool gz_open;                 /* zs is set up */
    bool gz_ended;                /* the last member ended (with its check) and no byte followed yet */
    z_stream zs;
    unsigned long long gz_in;     /* compressed bytes inflated */
    unsigned char zin[READ_CHUNK];
    unsigned char rbuf[READ_CHUNK];
    unsigned char wbuf[WRITE_CHUNK];
};

bool arb_unpack_reads(const struct arb_magic_format *m)
{
    if (!m)
        return false;
    if (m->compressed)
        return true;
    return m->kind == ARB_MAGIC_ZIP || m->kind == ARB_MAGIC_TAR || m->kind == ARB_MAGIC_7Z
           || m->kind == ARB_MAGIC_RAR;
}

/* The source's next bytes as they are: the ones read before, then fd. */
static ssize_t raw_read(struct arb_unpack *u, unsigned char *buf, size_t cap)
{
    if (u->pre_at < u->npre) {
        size_t n = u->npre - u->pre_at;
        if (n > cap)
            n = cap;
        memcpy(buf, u->pre + u->pre_at, n);
        u->pre_at += n;
        return (ssize_t)n;
    }
    for (;;) {
        ssize_t r = read(u->src, buf, cap);
        if (r > 0)
            atomic_fetch_add_explicit(&u->src_read, (unsigned long long)r, memory_order_relaxed);
        if (r >= 0 || errno != EINTR)
            return r;
    }
}

unsigned long long arb_unpack_src_bytes(struct arb_unpack *u)
{
    return atomic_load_explicit(&u->src_read, memory_order_relaxed);
}

/* gzip: the next inflated bytes; members one after another (gzip -c a b). */
static la_ssize_t gz_read(struct archive *a, struct arb_unpack *u, const void **out)
{
    z_stream *z = &u->zs;
    z->next_out = u->rbuf;
    z->avail_out = sizeof u->rbuf;
    while (z->avail_out == sizeof u->rbuf) {
        if (!z->avail_in) {
            ssize_t r = raw_read(u, u->zin, sizeof u->zin);
            if (r < 0) {
                archive_set_error(a, errno, "%s", strerror(errno));
                return -1;
            }
            if (r == 0) {
                if (u->gz_ended)
                    break;
                archive_set_error(a, EIO, "the gzip data ends before its end");
                return -1;
            }
            z->next_in = u->zin;
            z->avail_in = (uInt)r;
        }
        if (u->gz_ended) {
            /* Bytes after a member: another member (zeros, which some
             * writers pad with, are skipped). */
            while (z->avail_in && *z->next_in == 0) {
                z->next_in++;
                z->avail_in--;
                u->gz_in++;
            }
            if (!z->avail_in)
                continue;
            inflateReset(z);
            u->gz_ended = false;
        }
        uInt before = z->avail_in;
        int rc = inflate(z, Z_NO_FLUSH);
        u->gz_in += before - z->avail_in;
        if (rc == Z_STREAM_END) {
            u->gz_ended = true;
        } else if (rc != Z_OK && !(rc == Z_BUF_ERROR && !z->avail_in)) {
            archive_set_error(a, EIO, "gzip: %s", z->msg ? z->msg : "invalid data");
            return -1;
        }
    }
    *out = u->rbuf;
    return (la_ssize_t)(sizeof u->rbuf - z->avail_out);
}

static la_ssize_t src_read(struct archive *a, void *ctx, const void **out)
{
    struct arb_unpack *u = ctx;
    if (u->gz)
        return gz_read(a, u, out);
    ssize_t r = raw_read(u, u->rbuf, sizeof u->rbuf);
    if (r < 0) {
        archive_set_error(a, errno, "%s", strerror(errno));
        return -1;
    }
    *out = u->rbuf;
    return r;
}

/* Set up reading the source as format m. */
static bool src_init(struct arb_unpack *u, const struct arb_magic_format *m)
{
    arb_unpack_what(m, u->what, sizeof u->what);
    u->gz = m && m->kind == ARB_MAGIC_GZIP;
    if (u->gz) {
        u->seekable = false;      /* offsets are the inflated text's */
        if (inflateInit2(&u->zs, 16 + MAX_WBITS) != Z_OK)
            return false;
        u->gz_open = true;
    }
    return true;
}

static void src_fini(struct arb_unpack *u)
{
    if (u->gz_open)
        inflateEnd(&u->zs);
    u->gz_open = false;
}

/* Compressed bytes read so far. */
static long long src_bytes(struct arb_unpack *u, struct archive *a)
{
    return u->gz ? (long long)u->gz_in : (long long)archive_filter_bytes(a, -1);
}

static la_int64_t src_seek(struct archive *a, void *ctx, la_int64_t off, int whence)
{
    struct arb_unpack *u = ctx;
    off_t r = lseek(u->src, (off_t)off, whence);
    if (r < 0) {
        archive_set_error(a, errno, "%s", strerror(errno));
        return ARCHIVE_FATAL;
    }
    return r;
}

static la_int64_t src_skip(struct archive *a, void *ctx, la_int64_t n)
{
    struct arb_unpack *u = ctx;
    (void)a;
    if (!u->seekable || u->pre_at < u->npre)
        return 0;                 /* libarchive reads past instead */
    off_t at = lseek(u->src, 0, SEEK_CUR);
    if (at < 0 || lseek(u->src, (off_t)n, SEEK_CUR) < 0)
        return 0;
    atomic_fetch_add_explicit(&u->src_read, (unsigned long long)n, memory_order_relaxed);
    return n;
}

/* A reader of src: every filter, and the archive formats (with `raw`, a
 * compressed stream that holds no archive). */
static struct archive *open_src(struct arb_unpack *u, bool raw)
{
    struct archive *a = archive_read_new();
    if (!a)
        return NULL;
    archive_read_support_filter_all(a);
    archive_read_support_format_zip(a);
    archive_read_support_format_tar(a);
    archive_read_support_format_7zip(a);
    archive_read_support_format_rar(a);
    archive_read_support_format_rar5(a);
    if (raw)
        archive_read_support_format_raw(a);
    archive_read_set_callback_data(a, u);
    archive_read_set_read_callback(a, src_read);
    if (u->seekable) {
        archive_read_set_seek_callback(a, src_seek);
        archive_read_set_skip_callback(a, src_skip);
    }
    if (archive_read_open1(a) != ARCHIVE_OK) {
        snprintf(u->msg, sizeof u->msg, "cannot read %s: %s", u->what,
                 archive_error_string(a) ? archive_error_string(a) : "unknown format");
        archive_read_free(a);
        return NULL;
    }
    return a;
}

/* Write all n bytes to the pipe; false when the reader has gone. */
static bool put(struct arb_unpack *u, const unsigned char *p, size_t n)
{
    while (n) {
        ssize_t w = write(u->out, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        p += w;
        n -= (size_t)w;
        u->text += (unsigned long long)w;
    }
    return true;
}

static void fault(struct arb_unpack *u, struct archive *a)
{
    const char *why = archive_error_string(a);
    /* gzip checks its data at a member's end only: what came before may
     * be damaged text (read, and reported, as what it is). */
    bool at_end = u->gz && why && (strstr(why, "incorrect data check") || strstr(why, "incorrect length check"));
    snprintf(u->msg, sizeof u->msg, "%s is truncated or corrupt after %lld of its bytes (%llu bytes of text): %s%s",
             u->what, src_bytes(u, a), u->text, why && *why ? why : "read error",
             at_end ? " (gzip checks its data only at its end: the text read before may be damaged)" : "");
}

/* Copy the current entry's data into the pipe. */
static void copy_entry(struct arb_unpack *u, struct archive *a)
{
    for (;;) {
        la_ssize_t n = archive_read_data(a, u->wbuf, sizeof u->wbuf);
        if (n == 0)
            return;
        if (n < 0) {
            if (n == ARCHIVE_WARN)
                continue;
            fault(u, a);
            return;
        }
        if (!put(u, u->wbuf, (size_t)n))
            return;               /* the reader stopped: nothing is wrong */
    }
}

static void *run(void *arg)
{
    struct arb_unpack *u = arg;
    /* A reader that stops early closes the pipe: EPIPE, not the signal. */
    sigset_t pipe_sig;
    sigemptyset(&pipe_sig);
    sigaddset(&pipe_sig, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_sig, NULL);

    struct archive *a = open_src(u, true);
    if (a) {
        struct archive_entry *e;
        bool found = false;
        for (;;) {
            int r = archive_read_next_header(a, &e);
            if (r == ARCHIVE_EOF)
                break;
            if (r < ARCHIVE_WARN) {
                fault(u, a);
                break;
            }
            if (archive_format(a) == ARCHIVE_FORMAT_RAW) {
                copy_entry(u, a);
                found = true;
                break;
            }
            if (archive_entry_filetype(e) != AE_IFREG)
                continue;
            const char *name = archive_entry_pathname(e);
            if (u->member) {
                if (name && strcmp(name, u->member) == 0) {
                    copy_entry(u, a);
                    found = true;
                    break;
                }
                continue;
            }
            if (found) {
                snprintf(u->msg, sizeof u->msg,
                         "%s holds more than one file: only its first was read (name one as ARCHIVE(MEMBER))",
                         u->what);
                break;
            }
            copy_entry(u, a);
            found = true;
            if (u->msg[0])
                break;
        }
        if (!found && !u->msg[0]) {
            if (u->member)
                snprintf(u->msg, sizeof u->msg, "%s has no file named '%s'", u->what, u->member);
            else
                snprintf(u->msg, sizeof u->msg, "%s holds no file", u->what);
        }
        archive_read_free(a);
    }
    src_fini(u);
    close(u->out);
    u->out = -1;
    if (u->close_src)
        close(u->src);
    return NULL;
}

int arb_unpack_start(int fd, bool close_fd, const unsigned char *pre, size_t npre, const char *member,
                     const struct arb_magic_format *m, struct arb_unpack **out, char *err, size_t errlen)
{
    *out = NULL;
    struct arb_unpack *u = calloc(1, sizeof *u);
    if (!u) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    u->src = fd;
    u->close_src = close_fd;
    struct stat st;
    /* A regular file is read again from its start: libarchive may seek. */
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && lseek(fd, 0, SEEK_SET) == 0) {
        u->seekable = true;
    } else if (npre) {
        u->pre = malloc(npre);
        if (!u->pre) {
            free(u);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        memcpy(u->pre, pre, npre);
        u->npre = npre;
    }
    if (!src_init(u, m)) {
        free(u->pre);
        free(u);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (member && !(u->member = strdup(member))) {
        src_fini(u);
        free(u->pre);
        free(u);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int p[2];
    if (pipe2(p, O_CLOEXEC) < 0) {
        snprintf(err, errlen, "cannot make a pipe: %s", strerror(errno));
        src_fini(u);
        free(u->member);
        free(u->pre);
        free(u);
        return -1;
    }
    fcntl(p[1], F_SETPIPE_SZ, 1 << 20);   /* fewer switches between the threads (a hint) */
    u->out = p[1];
    int rc = pthread_create(&u->thread, NULL, run, u);
    if (rc) {
        snprintf(err, errlen, "cannot start a thread: %s", strerror(rc));
        close(p[0]);
        close(p[1]);
        src_fini(u);
        free(u->member);
        free(u->pre);
        free(u);
        return -1;
    }
    *out = u;
    return p[0];
}

const char *arb_unpack_finish(struct arb_unpack *u)
{
    if (u->thread) {
        pthread_join(u->thread, NULL);
        u->thread = 0;
    }
    return u->msg[0] ? u->msg : NULL;
}

void arb_unpack_free(struct arb_unpack *u)
{
    if (!u)
        return;
    arb_unpack_finish(u);
    free(u->member);
    free(u->pre);
    free(u);
}

char *arb_unpack_member_path(const char *path, const char **member)
{
    size_t n = strlen(path);
    if (n < 4 || path[n - 1] != ')')
        return NULL;
    struct stat st;
    if (stat(path, &st) == 0)
        return NULL;              /* a file of that name: itself */
    /* The last '(' whose left part is a file. */
    for (size_t i = n - 2; i > 0; i--) {
        if (path[i] != '(')
            continue;
        char *copy = malloc(n + 1);
        if (!copy)
            return NULL;
        memcpy(copy, path, n + 1);
        copy[i] = 0;
        copy[n - 1] = 0;
        if (i + 1 < n - 1 && stat(copy, &st) == 0 && S_ISREG(st.st_mode)) {
            *member = copy + i + 1;
            return copy;
        }
        free(copy);
    }
    return NULL;
}

bool arb_unpack_path_packed(const char *path)
{
    const char *member;
    char *archive = arb_unpack_member_path(path, &member);
    if (archive) {
        free(archive);
        return true;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0)
        return false;
    bool packed = arb_unpack_reads(arb_magic_of_fd(fd));
    close(fd);
    return packed;
}

void arb_unpack_what(const struct arb_magic_format *m, char *out, size_t cap)
{
    const char *n = m ? m->name : "an archive";
    if (strncmp(n, "a ", 2) == 0)
        n += 2;
    else if (strncmp(n, "an ", 3) == 0)
        n += 3;
    size_t len = strlen(n);
    if (m && m->compressed && len > 5 && strcmp(n + len - 5, " file") == 0)
        snprintf(out, cap, "the %.*s data", (int)(len - 5), n);
    else
        snprintf(out, cap, "the %s", n);
}

static bool pgn_name(const char *s)
{
    size_t n = strlen(s);
    return n > 4 && strcasecmp(s + n - 4, ".pgn") == 0;
}

char **arb_unpack_list(const char *path, int *n, char *err, size_t errlen)
{
    *n = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    const struct arb_magic_format *m = arb_magic_of_fd(fd);
    if (!arb_unpack_reads(m)) {
        close(fd);
        return NULL;
    }
    struct arb_unpack *u = calloc(1, sizeof *u);
    if (!u) {
        close(fd);
        return NULL;
    }
    u->src = fd;
    u->seekable = true;
    struct archive *a = src_init(u, m) ? open_src(u, true) : NULL;
    char **v = NULL;
    int cap = 0, count = 0, pgn = 0;
    bool failed = !a;
    while (a) {
        struct archive_entry *e;
        int r = archive_read_next_header(a, &e);
        if (r == ARCHIVE_EOF)
            break;
        if (r < ARCHIVE_WARN) {
            fault(u, a);
            failed = true;
            break;
        }
        if (archive_format(a) == ARCHIVE_FORMAT_RAW)
            break;                /* a compressed stream: no members */
        if (archive_entry_filetype(e) != AE_IFREG || !archive_entry_pathname(e))
            continue;
        if (count == cap) {
            cap = cap ? 2 * cap : 8;
            v = arb_xrealloc(v, (size_t)cap * sizeof *v);
        }
        const char *name = archive_entry_pathname(e);
        size_t len = strlen(path) + strlen(name) + 3;
        v[count] = arb_xmalloc(len);
        snprintf(v[count], len, "%s(%s)", path, name);
        pgn += pgn_name(name);
        count++;
    }
    if (a)
        archive_read_free(a);
    src_fini(u);
    close(fd);
    if (failed) {
        snprintf(err, errlen, "%s: %s", path, u->msg);
        for (int i = 0; i < count; i++)
            free(v[i]);
        free(v);
        free(u);
        *n = -1;
        return NULL;
    }
    free(u);
    if (pgn && pgn < count) {
        /* Only the PGN files (a TWIC zip's read-me stays out). */
        int k = 0;
        for (int i = 0; i < count; i++) {
            size_t l = strlen(v[i]);
            char *name = v[i] + strlen(path) + 1;
            name[l - strlen(path) - 2] = 0;
            bool keep = pgn_name(name);
            name[l - strlen(path) - 2] = ')';
            if (keep)
                v[k++] = v[i];
            else
                free(v[i]);
        }
        count = k;
    }
    *n = count;
    if (!count) {
        free(v);
        if (m->compressed)
            return NULL;          /* a compressed stream, read whole */
        snprintf(err, errlen, "%s: %s with no file in it", path, m->name);
        *n = -1;
        return NULL;
    }
    return v;
}
