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
#include <isa-l/igzip_lib.h>
#include <zstd.h>

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
    /* gzip and zstd are undone here, not by libarchive: libarchive does
     * not check a gzip member's CRC and length (a file damaged in the
     * middle would be read as text), and ISA-L inflates gzip in less than
     * half zlib's time, libzstd without libarchive's copy (DESIGN.md). */
    enum { SRC_RAW, SRC_GZ, SRC_ZSTD } codec;
    bool gz_ended;                /* the last member/frame ended (with its check) and no byte followed yet */
    struct inflate_state is;      /* gzip (ISA-L) */
    ZSTD_DStream *zd;             /* zstd */
    unsigned char *zin_at;        /* the compressed bytes not yet undone */
    size_t zin_left;
    unsigned long long gz_in;     /* compressed bytes undone */
    size_t held;                  /* text in rbuf not yet handed on (read to see whether it is an archive) */
    char why[200];                /* the codec's error */
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

/* The next compressed bytes into zin; false at the source's end (or an
 * error, said on a). */
static bool zin_fill(struct arb_unpack *u, bool *end)
{
    *end = false;
    ssize_t r = raw_read(u, u->zin, sizeof u->zin);
    if (r < 0) {
        snprintf(u->why, sizeof u->why, "%s", strerror(errno));
        return false;
    }
    if (r == 0) {
        *end = true;
        return false;
    }
    u->zin_at = u->zin;
    u->zin_left = (size_t)r;
    return true;
}

/* Bytes after a member or a frame: another one follows (zeros, which some
 * writers pad with, are skipped).  True when one does. */
static bool next_member(struct arb_unpack *u)
{
    while (u->zin_left && *u->zin_at == 0) {
        u->zin_at++;
        u->zin_left--;
        u->gz_in++;
    }
    return u->zin_left > 0;
}

/* gzip or zstd: the next bytes of text into dst (at most cap), members
 * (gzip -c a b) and frames one after another; 0 at the end, -1 on an
 * error (said in u->why). */
static ssize_t codec_next(struct arb_unpack *u, unsigned char *dst, size_t cap)
{
    size_t got = 0;
    while (got == 0) {
        if (!u->zin_left) {
            bool end;
            if (!zin_fill(u, &end)) {
                if (!end)
                    return -1;
                if (u->gz_ended)
                    break;
                snprintf(u->why, sizeof u->why, "the %s data ends before its end",
                         u->codec == SRC_GZ ? "gzip" : "zstd");
                return -1;
            }
        }
        if (u->gz_ended) {
            if (!next_member(u))
                continue;
            if (u->codec == SRC_GZ)
                isal_inflate_reset(&u->is);
            u->gz_ended = false;
        }
        size_t used;
        if (u->codec == SRC_GZ) {
            struct inflate_state *s = &u->is;
            s->next_in = u->zin_at;
            s->avail_in = (uint32_t)u->zin_left;
            s->next_out = dst;
            s->avail_out = (uint32_t)cap;
            int rc = isal_inflate(s);
            used = u->zin_left - s->avail_in;
            got = cap - s->avail_out;
            if (rc != ISAL_DECOMP_OK && rc != ISAL_END_INPUT && rc != ISAL_OUT_OVERFLOW) {
                snprintf(u->why, sizeof u->why, "gzip: %s",
                                  rc == ISAL_INCORRECT_CHECKSUM ? "incorrect data check"
                                  : rc == ISAL_INVALID_WRAPPER ? "not a gzip header"
                                  : rc == ISAL_UNSUPPORTED_METHOD ? "unknown compression method"
                                  : "invalid compressed data");
                return -1;
            }
            if (s->block_state == ISAL_BLOCK_FINISH)
                u->gz_ended = true;
        } else {
            ZSTD_inBuffer ib = { u->zin_at, u->zin_left, 0 };
            ZSTD_outBuffer ob = { dst, cap, 0 };
            size_t rc = ZSTD_decompressStream(u->zd, &ob, &ib);
            if (ZSTD_isError(rc)) {
                snprintf(u->why, sizeof u->why, "zstd: %s", ZSTD_getErrorName(rc));
                return -1;
            }
            used = ib.pos;
            got = ob.pos;
            if (rc == 0)
                u->gz_ended = true;   /* a frame ended (its checksum checked) */
        }
        u->zin_at += used;
        u->zin_left -= used;
        u->gz_in += used;
    }
    return (ssize_t)got;
}

static la_ssize_t src_read(struct archive *a, void *ctx, const void **out)
{
    struct arb_unpack *u = ctx;
    if (u->held) {                /* the text read to see what it is */
        *out = u->rbuf;
        la_ssize_t n = (la_ssize_t)u->held;
        u->held = 0;
        return n;
    }
    if (u->codec != SRC_RAW) {
        ssize_t n = codec_next(u, u->rbuf, sizeof u->rbuf);
        if (n < 0)
            archive_set_error(a, EIO, "%s", u->why);
        *out = u->rbuf;
        return (la_ssize_t)n;
    }
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
    u->codec = !m ? SRC_RAW : m->kind == ARB_MAGIC_GZIP ? SRC_GZ : m->kind == ARB_MAGIC_ZSTD ? SRC_ZSTD : SRC_RAW;
    if (u->codec == SRC_GZ) {
        isal_inflate_init(&u->is);
        u->is.crc_flag = ISAL_GZIP;
    } else if (u->codec == SRC_ZSTD) {
        if (!(u->zd = ZSTD_createDStream()))
            return false;
        ZSTD_initDStream(u->zd);
    }
    if (u->codec != SRC_RAW)
        u->seekable = false;      /* offsets are the text's */
    return true;
}

static void src_fini(struct arb_unpack *u)
{
    if (u->zd)
        ZSTD_freeDStream(u->zd);
    u->zd = NULL;
}

/* Compressed bytes read so far. */
static long long src_bytes(struct arb_unpack *u, struct archive *a)
{
    return u->codec != SRC_RAW ? (long long)u->gz_in : (long long)archive_filter_bytes(a, -1);
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

static void fault_why(struct arb_unpack *u, const char *why, long long src)
{
    /* gzip checks its data at a member's end only: what came before may
     * be damaged text (read, and reported, as what it is). */
    bool at_end = u->codec == SRC_GZ && why && (strstr(why, "incorrect data check") || strstr(why, "incorrect length check"));
    snprintf(u->msg, sizeof u->msg, "%s is truncated or corrupt after %lld of its bytes (%llu bytes of text): %s%s",
             u->what, src, u->text, why && *why ? why : "read error",
             at_end ? " (gzip checks its data only at its end: the text read before may be damaged)" : "");
}

static void fault(struct arb_unpack *u, struct archive *a)
{
    fault_why(u, archive_error_string(a), src_bytes(u, a));
}

/* gzip or zstd holding one text (no archive, no member asked for): the
 * text straight into the pipe, without libarchive's copy.  False when
 * the text is an archive (a .tar.gz): libarchive reads it then, from the
 * bytes held. */
static bool run_direct(struct arb_unpack *u)
{
    while (u->held < ARB_MAGIC_BYTES) {
        ssize_t n = codec_next(u, u->rbuf + u->held, sizeof u->rbuf - u->held);
        if (n < 0) {
            if (!u->held)         /* nothing read: libarchive says what the data is not */
                return false;
            put(u, u->rbuf, u->held);
            fault_why(u, u->why, (long long)u->gz_in);
            return true;
        }
        if (n == 0)
            break;
        u->held += (size_t)n;
    }
    if (arb_magic_of(u->rbuf, u->held))
        return false;
    size_t n = u->held;
    u->held = 0;
    for (;;) {
        if (n && !put(u, u->rbuf, n))
            return true;          /* the reader stopped: nothing is wrong */
        ssize_t r = codec_next(u, u->rbuf, sizeof u->rbuf);
        if (r < 0) {
            fault_why(u, u->why, (long long)u->gz_in);
            return true;
        }
        if (r == 0)
            return true;
        n = (size_t)r;
    }
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

    struct archive *a = u->codec != SRC_RAW && !u->member && run_direct(u) ? NULL : open_src(u, true);
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
