/* cmd_check.c — `arbiter check`: read, replay, judge and report every game.
 *
 * The main thread reads the games in order (pgn.c) into batches: a batch
 * holds up to BATCH_GAMES games of one file, their own copy of the games'
 * text and one arena for everything the games allocate.  With --jobs=N,
 * N - 1 worker threads take the batches in order and replay and judge their
 * games (replay.c); the main thread writes the batches in input order
 * (report_*.c) into the output buffer, which is flushed only between
 * records, one write(2) per flush, and whenever it would wait it checks the
 * next batch itself (with --jobs=1, every batch).  So N threads run, never
 * more.  Every thread touches a batch only while it holds it: the main
 * thread while it is FREE (filling it) or DONE (writing it), the thread
 * that took it while it is TAKEN.
 *
 * The output is the same for any number of threads.  The one thing a game's
 * check takes from the games before it is the language tally of its file
 * (a game whose own moves do not tell its notation language goes with the
 * file's majority): a worker that needs it waits until every earlier batch
 * has been written and counted (lang_votes_wait).  Few games need it.
 */
#include "cli/commands.h"
#include "base/msg.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/arena.h"
#include "read/input.h"
#include "read/pgn.h"
#include "laws/replay.h"
#include "report/report.h"
#include "cli/filter.h"

#define FLUSH_AT 65536
#define BATCH_GAMES 64
#define BATCH_BYTES 262144   /* a batch is handed on once its text is this long */
#define MAX_JOBS 256

/* Standard output.  Records are written whole: the buffer is written only
 * between records.  Into a pipe, which other processes may share (xargs
 * -P), the writes go record by record in pieces of at most PIPE_BUF bytes,
 * which the kernel writes without interleaving; a longer record goes in a
 * write of its own. */
struct sink {
    struct arb_buf buf;
    bool failed;
    int err_no;
    bool pipe;                    /* standard output is a pipe: mark the records' ends */
    size_t *ends;                 /* offsets in buf where records end */
    size_t n_ends, cap_ends;
};

/* A record ends here. */
static void sink_mark(struct sink *s, size_t end)
{
    if (!s->pipe)
        return;
    if (s->n_ends == s->cap_ends) {
        s->cap_ends = s->cap_ends ? 2 * s->cap_ends : 256;
        s->ends = arb_xrealloc(s->ends, s->cap_ends * sizeof *s->ends);
    }
    s->ends[s->n_ends++] = end;
}

static void write_all(struct sink *s, const char *p, size_t n)
{
    size_t off = 0;
    while (off < n && !s->failed) {
        ssize_t w = write(1, p + off, n - off);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            s->failed = true;
            s->err_no = errno;
            break;
        }
        off += (size_t)w;
    }
}

static void sink_flush(struct sink *s)
{
    if (!s->buf.len)
        return;
    if (!s->pipe) {
        write_all(s, s->buf.data, s->buf.len);
    } else {
        size_t start = 0, k = 0;
        while (start < s->buf.len && !s->failed) {
            /* The most whole records that fit in PIPE_BUF bytes, at least one. */
            size_t end = k < s->n_ends ? s->ends[k++] : s->buf.len;
            while (k < s->n_ends && s->ends[k] - start <= PIPE_BUF)
                end = s->ends[k++];
            write_all(s, s->buf.data + start, end - start);
            start = end;
        }
        s->n_ends = 0;
    }
    arb_buf_clear(&s->buf);
}

/* One input file while games of it are in flight.  Freed once it has been
 * read to the end and its last batch has been written (its games point at
 * its name and at the encoding names kept in `in`). */
struct file_ctx {
    struct arb_input in;
    bool open, reading;
    int pending;                  /* batches of it not yet written */
    unsigned votes[32];           /* languages of its games written so far */
    struct arb_check_opts co;
};

/* The progress line (standard error on a terminal only): files, games,
 * megabytes a second, findings; about two updates a second. */
struct progress {
    bool on;
    bool shown;                   /* a line is on the terminal now */
    struct timespec start, last;
};

enum batch_state { B_FREE, B_READY, B_TAKEN, B_DONE };

struct pipeline;

struct batch {
    enum batch_state state;
    uint64_t seq;                 /* number of the batch in the run */
    struct pipeline *p;
    struct file_ctx *file;        /* NULL for a file that could not be read */
    char *error;                  /* that file's message (malloc'd) */
    const char *error_path;
    struct arb_arena arena;
    struct arb_buf text;          /* the games' text, each followed by a NUL */
    struct arb_buf out;           /* their records, when the format may run in any thread */
    size_t rec_end[BATCH_GAMES];  /* where each game's record ends in out */
    size_t text_off[BATCH_GAMES];
    struct arb_game games[BATCH_GAMES];
    struct arb_outcome oc[BATCH_GAMES];
    int n;
    int cur;                      /* the game being replayed */
    unsigned votes[32];           /* what lang_votes_wait gives the current game */
};

struct pipeline {
    const struct arb_opts *o;
    pthread_mutex_t mu;
    pthread_cond_t work;          /* to workers: a batch is ready, or stop */
    pthread_cond_t progress;      /* a batch is done (to the main thread), or written (to workers) */
    struct batch *ring;
    int cap;
    uint64_t next_fill, next_take, next_write;
    bool stop;
    int workers;
    pthread_t threads[MAX_JOBS];
    pthread_t main;               /* the thread that reads and writes */

    /* Main thread only. */
    struct sink out;
    struct progress pr;
    struct arb_summary sum;
    const struct arb_report_opts *ro;
    uint64_t bytes_read;          /* input bytes of the files done so far */
    const struct arb_input *reading; /* the file being read now (for the progress line) */
};

static double since(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

static void progress_show(struct pipeline *p, bool force)
{
    struct progress *pr = &p->pr;
    if (!pr->on)
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (!force && since(&pr->last, &now) < 0.5)
        return;
    pr->last = now;
    double secs = since(&pr->start, &now);
    uint64_t bytes = p->bytes_read + (p->reading ? p->reading->raw_total : 0);
    uint64_t findings = p->sum.by_severity[0] + p->sum.by_severity[1] + p->sum.by_severity[2];
    fprintf(stderr, "\rarbiter: %llu file%s, %llu games, %.1f MB/s, %llu finding%s\033[K",
            (unsigned long long)p->sum.files, p->sum.files == 1 ? "" : "s", (unsigned long long)p->sum.games,
            secs > 0 ? (double)bytes / 1e6 / secs : 0.0, (unsigned long long)findings, findings == 1 ? "" : "s");
    pr->shown = true;
}

/* Take the progress line off the terminal. */
static void progress_clear(struct pipeline *p)
{
    if (p->pr.shown) {
        fputs("\r\033[K", stderr);
        p->pr.shown = false;
    }
}

/* Write the output buffer; a report to the terminal the progress line is
 * on starts on a clean line. */
static void out_flush(struct pipeline *p)
{
    if (p->out.buf.len && p->pr.shown && isatty(1))
        progress_clear(p);
    sink_flush(&p->out);
}

static void drain(struct pipeline *p, bool wait);

/* lang_votes for a game in a batch: the file's tally before the game.  The
 * tally of the earlier batches is final once they are written. */
static const unsigned *lang_votes_wait(void *ctx)
{
    struct batch *b = ctx;
    struct pipeline *p = b->p;
    pthread_mutex_lock(&p->mu);
    while (p->next_write < b->seq) {
        if (pthread_equal(pthread_self(), p->main)) {
            /* The main thread checks this batch: it writes the earlier
             * ones itself as they are done. */
            pthread_mutex_unlock(&p->mu);
            drain(p, false);
            pthread_mutex_lock(&p->mu);
            if (p->next_write >= b->seq || p->ring[p->next_write % (uint64_t)p->cap].state == B_DONE)
                continue;
        }
        pthread_cond_wait(&p->progress, &p->mu);
    }
    memcpy(b->votes, b->file->votes, sizeof b->votes);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < b->cur; i++)
        if (b->oc[i].lang_vote >= 0)
            b->votes[b->oc[i].lang_vote]++;
    return b->votes;
}

/* Replay and judge the games of a batch (in a worker, or the main thread). */
static void batch_check(struct batch *b)
{
    const struct arb_opts *o = b->p->o;
    if (!b->file)
        return;
    struct arb_check_opts co = b->file->co;
    co.lang_votes = lang_votes_wait;
    co.votes_ctx = b;
    bool format = o->format->any_thread && !o->quiet;
    for (int i = 0; i < b->n; i++) {
        b->cur = i;
        arb_replay(&b->games[i], &co, NULL, &b->oc[i]);
        if (o->any_select || o->ignore_any)
            arb_findings_filter(&b->games[i].findings, o->select, o->ignore);
        if (format) {
            o->format->game(&b->out, &b->games[i], &b->oc[i], b->p->ro);
            b->rec_end[i] = b->out.len;
        }
    }
}

/* The oldest batch no thread has taken, now taken; NULL if none (the
 * caller holds p->mu). */
static struct batch *take(struct pipeline *p)
{
    if (p->next_take == p->next_fill)
        return NULL;
    struct batch *b = &p->ring[p->next_take++ % (uint64_t)p->cap];
    b->state = B_TAKEN;
    return b;
}

/* Check a batch the caller has taken, and hand it to the writer. */
static void check_taken(struct pipeline *p, struct batch *b)
{
    batch_check(b);
    pthread_mutex_lock(&p->mu);
    b->state = B_DONE;
    pthread_cond_broadcast(&p->progress);
    pthread_mutex_unlock(&p->mu);
}

static void *worker(void *arg)
{
    struct pipeline *p = arg;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        struct batch *b;
        while (!(b = take(p)) && !p->stop)
            pthread_cond_wait(&p->work, &p->mu);
        if (!b)
            break;   /* stopped, nothing left */
        pthread_mutex_unlock(&p->mu);
        check_taken(p, b);
        pthread_mutex_lock(&p->mu);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

/* The main thread checks a batch no worker has taken yet (instead of
 * waiting).  Returns false if there was none. */
static bool help(struct pipeline *p)
{
    pthread_mutex_lock(&p->mu);
    struct batch *b = take(p);
    pthread_mutex_unlock(&p->mu);
    if (!b)
        return false;
    check_taken(p, b);
    return true;
}

/* A file read to its end and all of it written: count its bytes, free it. */
static void file_done(struct pipeline *p, struct file_ctx *f)
{
    p->bytes_read += f->in.raw_total;
    if (f->open)
        arb_input_close(&f->in);
    free(f);
}

/* Format the games of the oldest batch, count them and free the batch. */
static void batch_write(struct pipeline *p, struct batch *b)
{
    const struct arb_opts *o = p->o;
    if (b->error) {
        o->format->file_error(&p->out.buf, b->error_path, b->error, p->ro);
        sink_mark(&p->out, p->out.buf.len);
        free(b->error);
        b->error = NULL;
    }
    if (b->out.len) {
        /* Formatted by the thread that checked them. */
        size_t base = p->out.buf.len;
        arb_buf_add(&p->out.buf, b->out.data, b->out.len);
        arb_buf_clear(&b->out);
        for (int i = 0; i < b->n; i++)
            sink_mark(&p->out, base + b->rec_end[i]);
    }
    for (int i = 0; i < b->n; i++) {
        if (!o->quiet && !o->format->any_thread) {
            o->format->game(&p->out.buf, &b->games[i], &b->oc[i], p->ro);
            sink_mark(&p->out, p->out.buf.len);
        }
        arb_summary_add_game(&p->sum, &b->games[i], &b->oc[i]);
        if (b->oc[i].lang_vote >= 0)
            b->file->votes[b->oc[i].lang_vote]++;
        if (p->out.buf.len >= FLUSH_AT)
            out_flush(p);
    }
    struct file_ctx *f = b->file;
    if (f && --f->pending == 0 && !f->reading)
        file_done(p, f);
    b->file = NULL;
    b->n = 0;
    arb_arena_reset(&b->arena);
    arb_buf_clear(&b->text);
    pthread_mutex_lock(&p->mu);
    b->state = B_FREE;
    p->next_write++;
    pthread_cond_broadcast(&p->progress);
    pthread_mutex_unlock(&p->mu);
}

/* Write the batches that are done, in order; with `wait`, wait for the
 * oldest one first. */
static void drain(struct pipeline *p, bool wait)
{
    for (;;) {
        pthread_mutex_lock(&p->mu);
        if (p->next_write == p->next_fill) {
            pthread_mutex_unlock(&p->mu);
            return;
        }
        struct batch *b = &p->ring[p->next_write % (uint64_t)p->cap];
        while (wait && b->state != B_DONE)
            pthread_cond_wait(&p->progress, &p->mu);
        bool done = b->state == B_DONE;
        pthread_mutex_unlock(&p->mu);
        if (!done)
            return;
        batch_write(p, b);
        wait = false;
    }
}

/* The batch the main thread fills next (waiting for a free one). */
static struct batch *batch_open(struct pipeline *p, struct file_ctx *f)
{
    while (p->next_fill - p->next_write >= (uint64_t)p->cap)
        drain(p, !help(p));
    struct batch *b = &p->ring[p->next_fill % (uint64_t)p->cap];
    b->seq = p->next_fill;
    b->file = f;
    b->n = 0;
    if (f)
        f->pending++;
    return b;
}

/* Hand a filled batch on: to the workers, or check it here. */
static void batch_submit(struct pipeline *p, struct batch *b)
{
    for (int i = 0; i < b->n; i++)
        b->games[i].text = b->text.data + b->text_off[i];
    if (p->workers == 0) {
        batch_check(b);
        b->state = B_DONE;
        p->next_fill++;
        drain(p, false);
        return;
    }
    pthread_mutex_lock(&p->mu);
    b->state = B_READY;
    p->next_fill++;
    pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->mu);
    drain(p, false);
}

static int check_file(struct pipeline *p, const char *path)
{
    const struct arb_opts *o = p->o;
    struct file_ctx *f = arb_xcalloc(1, sizeof *f);
    char err[300];
    if (arb_pgn_open(&f->in, path, o->encoding, arb_opts_sniffer(o), err, sizeof err) < 0) {
        arb_msg("%s", err);
        p->sum.unreadable++;
        free(f);
        struct batch *b = batch_open(p, NULL);
        b->error = arb_xstrdup(err);
        b->error_path = path;
        batch_submit(p, b);
        return ARB_EXIT_FAILURE;
    }
    f->open = f->reading = true;
    p->sum.files++;
    p->reading = &f->in;
    struct arb_pgn_reader rd;
    arb_pgn_init(&rd, &f->in, o->origin && strcmp(path, "-") == 0 ? o->origin : path, o->max_game_bytes);
    rd.is_move = arb_opts_sniffer(o);
    rd.game_base = o->game_base;
    f->co = (struct arb_check_opts){.profile = o->profile, .lang = o->lang, .lang_hint = o->lang_hint,
                                    .mode = o->mode, .repair = o->repair,
                                    .time_control = o->have_time_control ? &o->time_control : NULL};
    int status = ARB_EXIT_OK;
    struct batch *b = NULL;
    unsigned since_progress = 0;
    for (;;) {
        if (!b)
            b = batch_open(p, f);
        struct arb_game *g = &b->games[b->n];
        int r = arb_pgn_next(&rd, g, &b->arena);
        if (r < 0) {
            arb_msg("%s: read error: %s", path, strerror(f->in.err_no));
            status = ARB_EXIT_FAILURE;
            break;
        }
        if (r == 0)
            break;
        if (o->n_where && !arb_where_match(o->where, o->n_where, g)) {
            p->sum.skipped++;
            arb_pgn_release(&rd, g);
            /* What it allocated stays in the arena until the batch is
             * written: an empty batch starts afresh, a long run of left-out
             * games hands the batch on. */
            if (b->n == 0)
                arb_arena_reset(&b->arena);
            else if (b->arena.total >= 4 * BATCH_BYTES) {
                batch_submit(p, b);
                b = NULL;
            }
            continue;
        }
        /* The game's own copy of its text, to the end of its last line
         * (the text report shows that line). */
        const char *t = g->text, *w_end = arb_input_at(&f->in, arb_input_end(&f->in));
        size_t len = (size_t)(g->end_off - g->start_off);
        while (t + len < w_end && t[len] != '\n' && t[len] != '\0')
            len++;
        b->text_off[b->n] = b->text.len;
        arb_buf_add(&b->text, t, len);
        arb_buf_addc(&b->text, '\0');
        g->text = NULL;
        g->in = NULL;
        arb_pgn_release(&rd, g);
        b->n++;
        if (b->n == BATCH_GAMES || b->text.len >= BATCH_BYTES) {
            batch_submit(p, b);
            b = NULL;
        }
        if (++since_progress == 64) {
            since_progress = 0;
            progress_show(p, false);
        }
        if (p->out.failed)
            break;
    }
    p->sum.lines += rd.lx.line - 1;
    arb_input_close(&f->in);
    f->open = false;
    p->reading = NULL;
    if (b && b->n)
        batch_submit(p, b);
    else if (b) {
        /* An empty batch: give it back. */
        f->pending--;
        b->file = NULL;
        arb_arena_reset(&b->arena);
    }
    f->reading = false;   /* from here the last batch written frees it */
    if (f->pending == 0)
        file_done(p, f);
    return status;
}

/* --jobs default: the processors online. */
static int default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_JOBS ? MAX_JOBS : (int)n;
}

int arb_cmd_check(const struct arb_opts *o)
{
    static char *stdin_only[] = {(char *)"-"};
    char **files = o->n_files ? o->files : stdin_only;
    int n = o->n_files ? o->n_files : 1;
    struct arb_report_state state = {0};
    struct arb_report_opts ro = {.color = o->format == &arb_format_text && arb_opts_want_color(o), .state = &state};
    int status = ARB_EXIT_OK;

    struct pipeline *p = arb_xcalloc(1, sizeof *p);
    p->o = o;
    p->ro = &ro;
    /* N jobs: N - 1 workers, and the main thread reads, writes, and checks
     * a batch itself whenever it would otherwise wait. */
    int jobs = o->jobs > 0 ? o->jobs : default_jobs();
    p->workers = jobs - 1;
    p->cap = p->workers ? 2 * jobs + 2 : 1;
    p->main = pthread_self();
    p->ring = arb_xcalloc((size_t)p->cap, sizeof *p->ring);
    for (int i = 0; i < p->cap; i++) {
        arb_arena_init(&p->ring[i].arena);
        p->ring[i].p = p;
    }
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->progress, NULL);
    for (int i = 0; i < p->workers; i++)
        if (pthread_create(&p->threads[i], NULL, worker, p) != 0) {
            p->workers = i;   /* run with the threads there are (none: the main thread checks) */
            break;
        }

    /* The progress line: on a terminal that can clear a line. */
    const char *term = getenv("TERM");
    p->pr.on = !o->no_progress && isatty(2) && !(term && strcmp(term, "dumb") == 0);
    clock_gettime(CLOCK_MONOTONIC, &p->pr.start);
    p->pr.last = p->pr.start;

    memset(&p->sum, 0, sizeof p->sum);
    p->sum.show_profiles = o->profile == NULL;   /* --rules=auto */
    struct stat out_st;
    p->out.pipe = fstat(1, &out_st) == 0 && S_ISFIFO(out_st.st_mode);
    o->format->begin(&p->out.buf, &ro);
    sink_mark(&p->out, p->out.buf.len);
    for (int i = 0; i < n && !p->out.failed; i++) {
        int st = check_file(p, files[i]);
        if (st > status)
            status = st;
        progress_show(p, false);
    }
    while (p->next_write < p->next_fill)
        drain(p, !help(p));

    pthread_mutex_lock(&p->mu);
    p->stop = true;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->workers; i++)
        pthread_join(p->threads[i], NULL);

    o->format->end(&p->out.buf, &p->sum, &ro);
    sink_mark(&p->out, p->out.buf.len);
    if (o->summary_jsonl)
        arb_summary_json(&p->out.buf, &p->sum);
    out_flush(p);
    progress_clear(p);

    struct arb_summary sum = p->sum;
    bool failed = p->out.failed;
    int err_no = p->out.err_no;
    for (int i = 0; i < p->cap; i++) {
        arb_arena_fini(&p->ring[i].arena);
        arb_buf_free(&p->ring[i].text);
        arb_buf_free(&p->ring[i].out);
    }
    arb_buf_free(&p->out.buf);
    free(p->out.ends);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->progress);
    free(p->ring);
    free(p);

    if (failed) {
        arb_out_error(err_no);    /* main.c reports it */
        return ARB_EXIT_FAILURE;
    }
    struct arb_buf line = {0};
    arb_buf_adds(&line, "arbiter: ");
    arb_summary_line(&line, &sum);
    fprintf(stderr, "%s\n", line.data);
    arb_buf_free(&line);

    /* --fail-on: a finding of that severity or worse makes the status 1. */
    for (int sev = o->fail_on; sev <= ARB_SEV_ERROR && status == ARB_EXIT_OK; sev++)
        if (sum.by_severity[sev])
            status = ARB_EXIT_FINDINGS;
    return status;
}
