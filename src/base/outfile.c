/* outfile.c — the files a run writes (see outfile.h).
 *
 * The registry is a list the signal handler walks: a node is filled in
 * before it is published (an atomic store of the list's head) and is freed
 * only after the handlers are gone, so the handler never sees a half-made
 * node.  The handles the rest of the program uses index an array the
 * handler never touches.
 */
#define _GNU_SOURCE   /* syncfs */
#include "base/outfile.h"

#include <archive.h>
#include <archive_entry.h>
#include <strings.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/msg.h"
#include "base/util.h"

struct ofile {
    struct ofile *next;           /* the registry, newest first */
    atomic_int live;              /* the temporary is there (the handler removes it) */
    int dirfd;                    /* the directory it goes in (-1: written directly) */
    int dir;                      /* the outdir it belongs to (it owns dirfd), or -1 (the file owns it) */
    int fd;                       /* -1 once closed */
    bool existed;                 /* a file stood at its name */
    bool failed;                  /* a message was given: it is not committed */
    bool dead;                    /* it could not be opened (kept only to be freed) */
    const char *label;
    char *path;                   /* for messages */
    const char *name;             /* its name in dirfd (points into path) */
    char tmp[NAME_MAX + 1];
    struct archive *z;            /* a name ending .gz, .zst, .xz, .bz2: written compressed through this */
};

struct outdir {
    const char *path, *label;
    int fd;
    bool any;                     /* a file was opened in it */
};

struct named {
    struct arb_fileid id;
    const char *path, *what;
};

static struct {
    _Atomic(struct ofile *) head;
    struct ofile **files;         /* by handle */
    int n_files, cap_files;
    struct outdir *dirs;
    int n_dirs;
    struct named *inputs, *outputs;  /* (their paths are copies) */
    int n_inputs, n_outputs;
    bool handlers, at_exit;
    unsigned long seq;
} reg;

/* ---- identities ---- */

static void id_of_stat(struct arb_fileid *id, const struct stat *st)
{
    id->exists = true;
    id->regular = S_ISREG(st->st_mode);
    id->dev = st->st_dev;
    id->ino = st->st_ino;
}

void arb_fileid_of(const char *path, struct arb_fileid *id)
{
    memset(id, 0, sizeof *id);
    struct stat st;
    if (strcmp(path, "-") == 0) {
        if (fstat(0, &st) == 0)
            id_of_stat(id, &st);
        return;
    }
    if (stat(path, &st) == 0)
        id_of_stat(id, &st);
    const char *slash = strrchr(path, '/');
    id->name = slash ? slash + 1 : path;
    if (!*id->name)
        return;
    char dir[PATH_MAX];
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else if ((size_t)(slash - path) < sizeof dir)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    else
        return;
    if (stat(dir, &st) == 0) {
        id->have_dir = true;
        id->dir_dev = st.st_dev;
        id->dir_ino = st.st_ino;
    }
}

bool arb_fileid_same(const struct arb_fileid *a, const struct arb_fileid *b)
{
    if (a->exists && b->exists && a->dev == b->dev && a->ino == b->ino)
        return true;
    return a->have_dir && b->have_dir && a->dir_dev == b->dir_dev && a->dir_ino == b->dir_ino
           && strcmp(a->name, b->name) == 0;
}

/* Keep (a copy of) path with its identity id (its name pointed into the
 * copy). */
static void add_named(struct named **v, int *n, const struct arb_fileid *id, const char *path, const char *what)
{
    *v = arb_xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
    struct named *e = &(*v)[(*n)++];
    e->id = *id;
    e->path = arb_xstrdup(path);
    e->what = what;
    if (id->name)
        e->id.name = e->path + (id->name - path);
}

void arb_outfile_input(const char *path, const char *what)
{
    struct arb_fileid id;
    arb_fileid_of(path, &id);
    add_named(&reg.inputs, &reg.n_inputs, &id, path, what);
}

/* The output id (label, path) against the inputs and the outputs checked:
 * false after a message. */
static bool allowed(const struct arb_fileid *id, const char *label, const char *path)
{
    if (id->exists && !id->regular)
        return true;              /* a device, a FIFO: written directly, nothing is replaced */
    bool is_stdout = strcmp(label, "standard output") == 0;
    for (int i = 0; i < reg.n_inputs; i++) {
        const struct named *in = &reg.inputs[i];
        if (!arb_fileid_same(id, &in->id))
            continue;
        const char *shown = strcmp(in->path, "-") == 0 ? "on standard input" : in->path;
        if (is_stdout)
            arb_msg("standard output is %s %s; arbiter does not write over its inputs", in->what, shown);
        else
            arb_msg("%s %s: that is %s %s; arbiter does not write over its inputs", label, path, in->what, shown);
        return false;
    }
    for (int i = 0; i < reg.n_outputs; i++) {
        const struct named *out = &reg.outputs[i];
        if (!arb_fileid_same(id, &out->id))
            continue;
        if (strcmp(out->what, "standard output") == 0)
            arb_msg("%s %s: standard output goes to that file already", label, path);
        else
            arb_msg("%s %s: %s writes that file already (%s)", label, path, out->what, out->path);
        return false;
    }
    return true;
}

bool arb_outfile_check(const char *path, const char *label)
{
    struct arb_fileid id;
    if (strcmp(label, "standard output") == 0) {
        struct stat st;
        memset(&id, 0, sizeof id);
        if (fstat(1, &st) < 0 || !S_ISREG(st.st_mode))
            return true;          /* a terminal, a pipe: nothing to compare */
        id_of_stat(&id, &st);
    } else {
        if (strcmp(path, "-") == 0)
            path = "./-";         /* (an output named "-" is a file of that name, as open(2) makes it) */
        arb_fileid_of(path, &id);
    }
    if (!allowed(&id, label, path))
        return false;
    add_named(&reg.outputs, &reg.n_outputs, &id, path, label);
    return true;
}

bool arb_outfile_is_output(dev_t dir_dev, ino_t dir_ino, const char *name)
{
    for (int i = 0; i < reg.n_outputs; i++) {
        const struct arb_fileid *id = &reg.outputs[i].id;
        if (id->have_dir && id->dir_dev == dir_dev && id->dir_ino == dir_ino && strcmp(id->name, name) == 0)
            return true;
    }
    return false;
}

/* ---- the temporaries, and the signals that remove them ---- */

/* Remove every temporary still there (async-signal-safe). */
static void scrub(void)
{
    for (struct ofile *f = atomic_load(&reg.head); f; f = f->next)
        if (atomic_exchange(&f->live, 0))
            unlinkat(f->dirfd, f->tmp, 0);
}

static const int fatal_signals[] = {SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2,
                                    SIGXCPU, SIGXFSZ};
static bool ours[ARB_ARRAY_LEN(fatal_signals)];

static void on_signal(int sig)
{
    int e = errno;
    scrub();
    errno = e;
    /* SA_RESETHAND made the action the default again: the signal, blocked
     * while this runs, ends the process when it returns. */
    raise(sig);
}

/* A signal whose default action ends the process removes the temporaries
 * first (a signal the program ignores or handles is left alone). */
static void handlers_on(void)
{
    if (reg.handlers)
        return;
    reg.handlers = true;
    for (size_t i = 0; i < ARB_ARRAY_LEN(fatal_signals); i++) {
        struct sigaction old, sa = {.sa_handler = on_signal, .sa_flags = SA_RESETHAND};
        sigfillset(&sa.sa_mask);
        if (sigaction(fatal_signals[i], NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO)
            && old.sa_handler == SIG_DFL)
            ours[i] = sigaction(fatal_signals[i], &sa, NULL) == 0;
    }
    if (!reg.at_exit) {
        reg.at_exit = true;
        atexit(scrub);
        arb_on_fatal(scrub);
    }
}

static void handlers_off(void)
{
    if (!reg.handlers)
        return;
    reg.handlers = false;
    for (size_t i = 0; i < ARB_ARRAY_LEN(fatal_signals); i++) {
        struct sigaction cur, dfl = {.sa_handler = SIG_DFL};
        sigemptyset(&dfl.sa_mask);
        if (ours[i] && sigaction(fatal_signals[i], NULL, &cur) == 0 && cur.sa_handler == on_signal)
            sigaction(fatal_signals[i], &dfl, NULL);
        ours[i] = false;
    }
}

/* A temporary name beside `name`: ".NAME.arbiter-XXXXXXXX" (NAME cut to fit). */
static void temp_name(char *out, const char *name)
{
    static const char abc[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    unsigned char r[8];
    if (getrandom(r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
        unsigned long x = (unsigned long)getpid() * 2654435761u ^ (unsigned long)time(NULL) ^ ++reg.seq * 40503u;
        for (size_t i = 0; i < sizeof r; i++, x >>= 5)
            r[i] = (unsigned char)(x ^ (x >> 13));
    }
    char rnd[sizeof r + 1];
    for (size_t i = 0; i < sizeof r; i++)
        rnd[i] = abc[r[i] % (sizeof abc - 1)];
    rnd[sizeof r] = 0;
    int room = NAME_MAX - (int)strlen(".") - (int)strlen(".arbiter-") - (int)sizeof r;
    snprintf(out, NAME_MAX + 1, ".%.*s.arbiter-%s", room, name, rnd);
}

/* Publish a node: the handler sees it from now on (it removes its
 * temporary once `live` is set). */
static int publish(struct ofile *f)
{
    if (reg.n_files == reg.cap_files) {
        reg.cap_files = reg.cap_files ? 2 * reg.cap_files : 8;
        reg.files = arb_xrealloc(reg.files, (size_t)reg.cap_files * sizeof *reg.files);
    }
    f->next = atomic_load(&reg.head);
    atomic_store(&reg.head, f);
    reg.files[reg.n_files] = f;
    return reg.n_files++;
}

static struct ofile *node_new(const char *label, const char *path, const char *name_in_path)
{
    struct ofile *f = arb_xcalloc(1, sizeof *f);
    f->label = label;
    f->path = arb_xstrdup(path);
    f->name = f->path + (name_in_path - path);
    f->fd = f->dirfd = f->dir = -1;
    atomic_init(&f->live, 0);
    return f;
}

static void node_free(struct ofile *f)
{
    free(f->path);
    free(f);
}

/* Say why output h cannot be written; what was made of it goes (the node
 * stays, dead, for release()).  -1. */
static int open_failed(int h, int e)
{
    struct ofile *f = reg.files[h];
    arb_msg("%s %s: %s", f->label, f->path, strerror(e));
    if (atomic_exchange(&f->live, 0))
        unlinkat(f->dirfd, f->tmp, 0);
    if (f->fd >= 0)
        close(f->fd);
    f->fd = -1;
    f->dead = true;
    return -1;
}

/* Make output h's temporary in its directory (old: the file it replaces,
 * whose permissions it takes; NULL for a new file): h, or -1 after a
 * message.  The signals that end the process wait while the file is made
 * and marked live, so that none leaves it behind unmarked. */
static int make_temp(int h, const struct stat *old)
{
    struct ofile *f = reg.files[h];
    handlers_on();
    sigset_t block, was;
    sigemptyset(&block);
    for (size_t i = 0; i < ARB_ARRAY_LEN(fatal_signals); i++)
        sigaddset(&block, fatal_signals[i]);
    pthread_sigmask(SIG_BLOCK, &block, &was);
    int fd = -1, e = EEXIST;
    for (int tries = 0; tries < 100 && fd < 0 && e == EEXIST; tries++) {
        temp_name(f->tmp, f->name);
        fd = openat(f->dirfd, f->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        e = fd < 0 ? errno : 0;
    }
    if (fd >= 0) {
        f->fd = fd;
        atomic_store(&f->live, 1);
    }
    pthread_sigmask(SIG_SETMASK, &was, NULL);
    if (fd < 0)
        return open_failed(h, e);
    if (old) {
        /* The file it replaces keeps its permissions and, where we may give
         * them, its owner and group. */
        if (old->st_uid != geteuid() || old->st_gid != getegid()) {
            int r = fchown(fd, old->st_uid, old->st_gid);
            (void)r;
        }
        if (fchmod(fd, old->st_mode & 07777) < 0)
            return open_failed(h, errno);
    }
    return h;
}

/* A message for an output that is not opened at all. */
static int refuse(const char *label, const char *path, int e)
{
    arb_msg("%s %s: %s", label, path, strerror(e));
    return -1;
}

static int open_plain(const char *path, const char *label);

/* The compression a name asks for (its ending), as a libarchive filter;
 * ARCHIVE_FILTER_NONE for none. */
static int filter_of(const char *path)
{
    static const struct {
        const char *end;
        int filter;
    } ends[] = {{".gz", ARCHIVE_FILTER_GZIP}, {".zst", ARCHIVE_FILTER_ZSTD}, {".xz", ARCHIVE_FILTER_XZ},
                {".bz2", ARCHIVE_FILTER_BZIP2}};
    size_t n = strlen(path);
    for (size_t i = 0; i < ARB_ARRAY_LEN(ends); i++) {
        size_t k = strlen(ends[i].end);
        if (n > k && strcasecmp(path + n - k, ends[i].end) == 0)
            return ends[i].filter;
    }
    return ARCHIVE_FILTER_NONE;
}

/* An output whose name ends .gz, .zst, .xz or .bz2: what is written goes
 * through the compressor (libarchive's raw format: one stream, no archive,
 * no padding), finished by arb_outfile_close.  h as given, or -1. */
static int compressed(int h)
{
    if (h < 0)
        return h;
    struct ofile *f = reg.files[h];
    int filter = filter_of(f->path);
    if (filter == ARCHIVE_FILTER_NONE)
        return h;
    struct archive *z = archive_write_new();
    struct archive_entry *e = archive_entry_new();
    bool ok = z && e && archive_write_add_filter(z, filter) == ARCHIVE_OK && archive_write_set_format_raw(z) == ARCHIVE_OK
              && archive_write_set_bytes_in_last_block(z, 1) == ARCHIVE_OK && archive_write_open_fd(z, f->fd) == ARCHIVE_OK;
    if (ok) {
        archive_entry_set_pathname(e, "data");
        archive_entry_set_filetype(e, AE_IFREG);
        ok = archive_write_header(z, e) == ARCHIVE_OK;
    }
    if (e)
        archive_entry_free(e);
    if (!ok) {
        arb_msg("%s %s: cannot compress: %s", f->label, f->path, z && archive_error_string(z) ? archive_error_string(z)
                                                                                           : "out of memory");
        if (z)
            archive_write_free(z);
        f->failed = true;
        return h;
    }
    f->z = z;
    return h;
}

int arb_outfile_open(const char *path, const char *label)
{
    return compressed(open_plain(path, label));
}

int arb_outfile_open_text(const char *path, const char *label)
{
    if (filter_of(path) != ARCHIVE_FILTER_NONE) {
        arb_msg("%s %s: standard output is written as text, and a name ending .gz, .zst, .xz or .bz2 would say "
                "otherwise (pipe it through the compressor)", label, path);
        return -1;
    }
    return open_plain(path, label);
}

static int open_plain(const char *path, const char *label)
{
    struct stat lst, st;
    bool there = lstat(path, &lst) == 0;
    bool target = there && stat(path, &st) == 0;
    if (target && S_ISDIR(st.st_mode))
        return refuse(label, path, EISDIR);
    if (target && !S_ISREG(st.st_mode)) {
        /* A device, a FIFO, a socket: written as it is. */
        int fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
        if (fd < 0)
            return refuse(label, path, errno);
        struct ofile *f = node_new(label, path, path);
        f->fd = fd;
        return publish(f);
    }
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    if (!*name)
        return refuse(label, path, EISDIR);
    bool keep = there && S_ISREG(lst.st_mode);
    if (keep && faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) < 0)
        return refuse(label, path, errno);
    char dir[PATH_MAX];
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else if ((size_t)(slash - path) < sizeof dir)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    else
        return refuse(label, path, ENAMETOOLONG);
    int dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirfd < 0)
        return refuse(label, path, errno);
    struct ofile *f = node_new(label, path, name);
    f->existed = there;
    f->dirfd = dirfd;
    return make_temp(publish(f), keep ? &lst : NULL);
}

int arb_outfile_dir(const char *path, const char *label)
{
    struct stat st;
    if (mkdir(path, 0777) < 0 && (errno != EEXIST || stat(path, &st) < 0 || !S_ISDIR(st.st_mode))) {
        arb_msg("cannot make the directory %s: %s", path,
                errno == EEXIST ? "a file of that name is in the way" : strerror(errno));
        return -1;
    }
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        arb_msg("%s %s: %s", label, path, strerror(errno));
        return -1;
    }
    reg.dirs = arb_xrealloc(reg.dirs, (size_t)(reg.n_dirs + 1) * sizeof *reg.dirs);
    reg.dirs[reg.n_dirs] = (struct outdir){path, label, fd, false};
    return reg.n_dirs++;
}

/* The path of `name` in outdir d, for messages. */
static void path_in(struct arb_buf *path, const struct outdir *d, const char *name)
{
    arb_buf_printf(path, "%s%s%s", d->path, d->path[strlen(d->path) - 1] == '/' ? "" : "/", name);
}

bool arb_outfile_check_in(int dir, const char *name)
{
    const struct outdir *d = &reg.dirs[dir];
    struct arb_fileid id = {0};
    struct stat st, dst;
    if (fstatat(d->fd, name, &st, 0) == 0) {
        id_of_stat(&id, &st);
        id.regular = true;        /* replaced by rename whatever it is: compared */
    }
    if (fstat(d->fd, &dst) == 0) {
        id.have_dir = true;
        id.dir_dev = dst.st_dev;
        id.dir_ino = dst.st_ino;
        id.name = name;
    }
    struct arb_buf path = {0};
    path_in(&path, d, name);
    bool ok = allowed(&id, d->label, path.data);
    arb_buf_free(&path);
    return ok;
}

int arb_outfile_open_in(int dir, const char *name)
{
    struct outdir *d = &reg.dirs[dir];
    struct arb_buf path = {0};
    path_in(&path, d, name);
    struct stat lst;
    bool there = fstatat(d->fd, name, &lst, AT_SYMLINK_NOFOLLOW) == 0;
    if (there && S_ISDIR(lst.st_mode)) {
        refuse(d->label, path.data, EISDIR);
        arb_buf_free(&path);
        return -1;
    }
    struct ofile *f = node_new(d->label, path.data, path.data + path.len - strlen(name));
    arb_buf_free(&path);
    f->existed = there;
    f->dir = dir;
    f->dirfd = d->fd;
    d->any = true;
    return make_temp(publish(f), there && S_ISREG(lst.st_mode) ? &lst : NULL);
}

int arb_outfile_fd(int h)
{
    return reg.files[h]->fd;
}

bool arb_outfile_write(int h, const void *p, size_t n)
{
    struct ofile *f = reg.files[h];
    const char *s = p;
    if (f->z && !f->failed) {
        if (n && archive_write_data(f->z, p, n) < 0) {
            arb_msg("%s %s: %s", f->label, f->path, archive_error_string(f->z));
            f->failed = true;
        }
        return !f->failed;
    }
    while (n && !f->failed) {
        ssize_t k = write(f->fd, s, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            arb_msg("%s %s: %s", f->label, f->path, strerror(k < 0 ? errno : EIO));
            f->failed = true;
            break;
        }
        s += k;
        n -= (size_t)k;
    }
    return !f->failed;
}

/* A compressed output: the stream's end, written to fd before it closes
 * (and syncs). */
static void finish_z(struct ofile *f)
{
    if (!f->z)
        return;
    if (archive_write_close(f->z) != ARCHIVE_OK && !f->failed) {
        arb_msg("%s %s: %s", f->label, f->path, archive_error_string(f->z));
        f->failed = true;
    }
    archive_write_free(f->z);
    f->z = NULL;
}

bool arb_outfile_close(int h)
{
    struct ofile *f = reg.files[h];
    finish_z(f);
    if (f->fd < 0)
        return !f->failed;
    if (close(f->fd) < 0 && !f->failed) {
        arb_msg("%s %s: %s", f->label, f->path, strerror(errno));
        f->failed = true;
    }
    f->fd = -1;
    return !f->failed;
}

/* ---- the end ---- */

/* Release everything (the temporaries are dealt with). */
static void release(void)
{
    handlers_off();
    atomic_store(&reg.head, NULL);
    for (int i = 0; i < reg.n_files; i++) {
        struct ofile *f = reg.files[i];
        if (f->z)
            archive_write_free(f->z);   /* (abandoned: what it writes goes with the temporary) */
        if (f->fd >= 0)
            close(f->fd);
        if (f->dir < 0 && f->dirfd >= 0)
            close(f->dirfd);
        node_free(f);
    }
    for (int i = 0; i < reg.n_dirs; i++)
        close(reg.dirs[i].fd);
    free(reg.files);
    free(reg.dirs);
    for (int i = 0; i < reg.n_inputs; i++)
        free((char *)reg.inputs[i].path);
    for (int i = 0; i < reg.n_outputs; i++)
        free((char *)reg.outputs[i].path);
    free(reg.inputs);
    free(reg.outputs);
    bool at_exit = reg.at_exit;
    memset(&reg, 0, sizeof reg);
    reg.at_exit = at_exit;
}

/* Say which outputs stay as they were (files in a directory: once for it). */
static void say_left(void)
{
    for (int i = 0; i < reg.n_files; i++) {
        const struct ofile *f = reg.files[i];
        if (f->dirfd < 0 || f->dir >= 0 || f->dead)
            continue;
        arb_msg("%s %s: %s (the run failed)", f->label, f->path,
                f->existed ? "left as it was" : "not written");
    }
    for (int i = 0; i < reg.n_dirs; i++)
        if (reg.dirs[i].any)
            arb_msg("%s %s: no file written in it (the run failed)", reg.dirs[i].label, reg.dirs[i].path);
}

void arb_outfile_abandon(void)
{
    scrub();
    say_left();
    release();
}

bool arb_outfile_commit(void)
{
    bool ok = true;
    for (int i = 0; i < reg.n_files; i++) {
        struct ofile *f = reg.files[i];
        if (f->fd >= 0) {
            finish_z(f);
            /* A file that goes in by rename is on the disk first. */
            if (f->dirfd >= 0 && fsync(f->fd) < 0 && errno != EINVAL && errno != EROFS && !f->failed) {
                arb_msg("%s %s: %s", f->label, f->path, strerror(errno));
                f->failed = true;
            }
            arb_outfile_close(i);
        }
        ok &= !f->failed;
    }
    for (int i = 0; i < reg.n_dirs && ok; i++)
        if (reg.dirs[i].any && syncfs(reg.dirs[i].fd) < 0) {
            arb_msg("%s %s: %s", reg.dirs[i].label, reg.dirs[i].path, strerror(errno));
            ok = false;
        }
    if (!ok) {
        arb_outfile_abandon();
        return false;
    }
    for (int i = 0; i < reg.n_files; i++) {
        struct ofile *f = reg.files[i];
        if (f->dirfd < 0 || !atomic_load(&f->live))
            continue;
        if (renameat(f->dirfd, f->tmp, f->dirfd, f->name) < 0) {
            arb_msg("%s %s: cannot put the file in place: %s", f->label, f->path, strerror(errno));
            ok = false;
            if (atomic_exchange(&f->live, 0))
                unlinkat(f->dirfd, f->tmp, 0);
            continue;
        }
        atomic_store(&f->live, 0);
        if (f->dir < 0)
            fsync(f->dirfd);      /* the rename itself, on the disk */
    }
    for (int i = 0; i < reg.n_dirs; i++)
        if (reg.dirs[i].any)
            fsync(reg.dirs[i].fd);
    release();
    return ok;
}
