/* pipeline.c — `arbiter check`'s pipeline: read, replay, judge and write
 * every game, in batches, over a pool of threads (see pipeline.h).
 *
 * The main thread reads the games in order (run/games.c) into batches: a
 * batch holds up to BATCH_GAMES games of one file, a reference to the blocks
 * of the reader's window their text stands in (read/input.h: handed over
 * without a copy) and one arena for everything the games allocate.  With --jobs=N,
 * N - 1 worker threads take the batches in order and replay and judge their
 * games (arb_replay, laws/); the main thread writes the batches in input order
 * (report/) into the output buffer (base/out.h), which is flushed only between
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
#include "run/pipeline.h"

#include "base/msg.h"
#include "base/out.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/arena.h"
#include "base/spool.h"
#include "read/input.h"
#include "read/pgn.h"
#include "read/unpack.h"
#include "laws/replay.h"
#include "report/report.h"
#include "run/dupes.h"
#include "run/trfcheck.h"
#include "report/filter.h"
#include "run/progress.h"
#include "run/writeout.h"
#include "report/pgn_out.h"

#define BATCH_GAMES 64
#define BATCH_BYTES 262144   /* a batch is handed on once its text is this long */
#define MAX_JOBS 256
#define TEE_DROP (16u << 20)  /* a pipe's copy gives back its space this many bytes at a time */

/* One input file while games of it are in flight.  Freed once it has been
 * read to the end and its last batch has been written (its games point at
 * its name and at the encoding names kept in `in`). */
struct file_ctx {
    struct arb_games gs;          /* its games (run/games.h) */
    bool open, reading;
    int pending;                  /* batches of it not yet written */
    unsigned votes[32];           /* languages of its games written so far */
    int raw_fd;                   /* the file again, for copying games byte for byte (-1: none) */
    bool tee;                     /* ... a copy of its bytes the reader made (a pipe) */
    uint64_t dropped;             /* ... whose bytes before this are given back */
    uint64_t size;                /* its bytes, once read to the end */
    uint64_t cut;                 /* raw_from of the first game --where left out after the last one kept */
    uint64_t post_cut;            /* the same for the games --plies or --position left out after their
                                     replay (the writer's, in input order) */
    bool any_game;                /* a game was read from it */
};

enum batch_state { B_FREE, B_READY, B_TAKEN, B_DONE };

struct arb_pipeline;

struct batch {
    enum batch_state state;
    uint64_t seq;                 /* number of the batch in the run */
    struct arb_pipeline *p;
    struct file_ctx *file;        /* NULL for a file that could not be read */
    char *error;                  /* that file's message (malloc'd) */
    const char *error_path;
    struct arb_arena arena;
    size_t text_bytes;            /* the games' text, together */
    struct arb_input_block *blk[BATCH_GAMES];   /* where each game's text is (read/input.h: held, no copy) */
    struct arb_buf out;           /* their records, when the format may run in any thread */
    size_t rec_end[BATCH_GAMES];  /* where each game's record ends in out */
    uint64_t cut[BATCH_GAMES];    /* (arb_writeouts_game) */
    struct arb_game games[BATCH_GAMES];
    struct arb_outcome oc[BATCH_GAMES];
    int hidden[BATCH_GAMES];      /* findings each game's filter left out */
    bool drop[BATCH_GAMES];       /* left out after its replay (--plies, --position) */
    int n;
    int cur;                      /* the game being replayed */
    unsigned votes[32];           /* what lang_votes_wait gives the current game */
};

struct arb_pipeline {
    const struct arb_pipeline_opts *o;
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
    struct arb_progress pr;
    struct arb_summary sum;
    const struct arb_report_opts *ro;
    uint64_t bytes_read;          /* input bytes of the files done so far */
    uint64_t file_bytes_read;     /* ... of the files read to their end, as the files hold them
                                     (compressed), for the share of arb_pipeline_expect's total */
    const struct arb_input *reading; /* the file being read now (for the progress line) */
    struct arb_dupes *dupes;      /* --duplicates */
    /* Records are formatted by the threads that judge the games: the
     * format can run in any thread, and no finding comes later (--duplicates
     * and --trf add theirs in input order, so then the main thread formats,
     * once). */
    bool format_in_workers;
    struct arb_trfcheck *trf;     /* --trf */
    struct arb_writeouts wo;      /* --write-clean, --write-flagged, --write-repaired */
    const struct file_ctx *wo_file; /* the file whose games they take now */
    char ***lists;                /* the files of the directories and archives given (names the records keep) */
    int *list_len, n_lists;
};

static void progress_show(struct arb_pipeline *p, bool force)
{
    uint64_t bytes = p->bytes_read + (p->reading ? p->reading->raw_total : 0);
    uint64_t file_bytes = p->file_bytes_read + (p->reading ? arb_input_file_bytes(p->reading) : 0);
    arb_progress_show(&p->pr, force, &p->sum, bytes, file_bytes);
}

/* Write the output buffer; a report to the terminal the progress line is
 * on starts on a clean line. */
static void out_flush(struct arb_pipeline *p)
{
    if (arb_out_buf()->len && p->pr.shown && isatty(1))
        arb_progress_clear(&p->pr);
    arb_out_flush();
}

static void drain(struct arb_pipeline *p, bool wait);

/* lang_votes for a game in a batch: the file's tally before the game.  The
 * tally of the earlier batches is final once they are written. */
static const unsigned *lang_votes_wait(void *ctx)
{
    struct batch *b = ctx;
    struct arb_pipeline *p = b->p;
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
    const struct arb_pipeline_opts *o = b->p->o;
    if (!b->file)
        return;
    struct arb_check_opts co = b->file->gs.co;   /* (its own language votes below) */
    co.lang_votes = lang_votes_wait;
    co.votes_ctx = b;
    bool format = b->p->format_in_workers;
    for (int i = 0; i < b->n; i++) {
        b->cur = i;
        b->hidden[i] = arb_games_judge(&co, o->games.filter, &b->games[i], NULL, &b->oc[i]);
        b->drop[i] = o->games.filter && !arb_filter_outcome(o->games.filter, &b->oc[i]);
        if (b->drop[i]) {
            b->rec_end[i] = b->out.len;
            continue;
        }
        if (format) {
            o->format->game(&b->out, &b->games[i], &b->oc[i], b->p->ro);
            b->rec_end[i] = b->out.len;
        }
    }
}

/* The oldest batch no thread has taken, now taken; NULL if none (the
 * caller holds p->mu). */
static struct batch *take(struct arb_pipeline *p)
{
    if (p->next_take == p->next_fill)
        return NULL;
    struct batch *b = &p->ring[p->next_take++ % (uint64_t)p->cap];
    b->state = B_TAKEN;
    return b;
}

/* Check a batch the caller has taken, and hand it to the writer. */
static void check_taken(struct arb_pipeline *p, struct batch *b)
{
    batch_check(b);
    pthread_mutex_lock(&p->mu);
    b->state = B_DONE;
    pthread_cond_broadcast(&p->progress);
    pthread_mutex_unlock(&p->mu);
}

static void *worker(void *arg)
{
    struct arb_pipeline *p = arg;
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
static bool help(struct arb_pipeline *p)
{
    pthread_mutex_lock(&p->mu);
    struct batch *b = take(p);
    pthread_mutex_unlock(&p->mu);
    if (!b)
        return false;
    check_taken(p, b);
    return true;
}

/* A file read to its end and all of it written: count its bytes, give the
 * write-outs its end, free it. */
static void file_done(struct arb_pipeline *p, struct file_ctx *f)
{
    if (p->wo.any) {
        if (p->wo_file != f)
            arb_writeouts_file(&p->wo, f->raw_fd);
        arb_writeouts_file_end(&p->wo, f->size, f->post_cut < f->cut ? f->post_cut : f->cut, f->any_game);
        p->wo_file = NULL;
    }
    p->bytes_read += f->size;
    if (f->open)
        arb_games_close(&f->gs);
    if (f->raw_fd >= 0)
        close(f->raw_fd);
    free(f);
}

/* --write-clean or --write-flagged (a game with a finding reported, or a
 * copy --duplicates found, whatever the filters left of its finding: -q,
 * -qq hide infos, and a clean file holds each game once), and
 * --write-repaired: the game as read, or with its repairs. */
static void write_game(struct arb_pipeline *p, struct batch *b, int i, bool copy)
{
    const struct arb_game *g = &b->games[i];
    const struct arb_outcome *oc = &b->oc[i];
    if (p->wo_file != b->file) {
        arb_writeouts_file(&p->wo, b->file->raw_fd);
        p->wo_file = b->file;
    }
    struct arb_buf t = {0};
    if ((oc->repaired || oc->fix.any) && p->wo.repaired.fd >= 0)
        arb_pgn_out_repaired(&t, g, oc);
    arb_writeouts_game(&p->wo, g, g->findings.n != 0 || copy, t.data ? &t : NULL, b->cut[i]);
    arb_buf_free(&t);
}

/* Format the games of the oldest batch, count them and free the batch. */
static void batch_write(struct arb_pipeline *p, struct batch *b)
{
    const struct arb_pipeline_opts *o = p->o;
    if (b->error) {
        if (o->format->file_error)
            o->format->file_error(arb_out_buf(), b->error_path, b->error, p->ro);
        arb_out_record();
        free(b->error);
        b->error = NULL;
    }
    size_t rec_start = 0;
    for (int i = 0; i < b->n; i++) {
        struct arb_game *g = &b->games[i];
        if (b->drop[i]) {
            /* Left out after its replay: as --where leaves a game out
             * (its language still counts for the games after it). */
            p->sum.skipped++;
            if (b->file->post_cut == UINT64_MAX)
                b->file->post_cut = b->cut[i] < g->raw_from ? b->cut[i] : g->raw_from;
            if (b->oc[i].lang_vote >= 0)
                b->file->votes[b->oc[i].lang_vote]++;
            rec_start = b->rec_end[i];
            continue;
        }
        if (b->file && b->file->post_cut != UINT64_MAX) {
            if (b->file->post_cut < b->cut[i])
                b->cut[i] = b->file->post_cut;
            b->file->post_cut = UINT64_MAX;
        }
        /* --duplicates: in input order, here; a copy's finding goes
         * through the same filter (the record is formatted after it, here:
         * format_in_workers is off). */
        bool copy = p->dupes && arb_dupes_check(p->dupes, g, &b->oc[i]), dup = copy;
        /* --trf likewise: the game against its pairing, in input order. */
        dup |= p->trf && arb_trfcheck_game(p->trf, g, &b->oc[i]);
        if (dup)
            b->hidden[i] += arb_filter_findings(o->games.filter, &g->findings);
        if (p->format_in_workers) {
            /* Formatted by the thread that checked it (a text record
             * may be empty: out.len says nothing). */
            if (b->rec_end[i] > rec_start)   /* (an empty one: out.data may be NULL) */
                arb_buf_add(arb_out_buf(), b->out.data + rec_start, b->rec_end[i] - rec_start);
            rec_start = b->rec_end[i];
            arb_out_record();
        } else if (!o->quiet && !o->sheet) {
            o->format->game(arb_out_buf(), g, &b->oc[i], p->ro);
            arb_out_record();
        }
        if (p->wo.any && b->file)
            write_game(p, b, i, copy);
        arb_summary_add_game(&p->sum, g, &b->oc[i]);
        p->sum.hidden += (uint64_t)b->hidden[i];
        if (b->oc[i].lang_vote >= 0)
            b->file->votes[b->oc[i].lang_vote]++;
        if (arb_out_buf()->len >= ARB_OUT_FLUSH_AT)
            out_flush(p);
    }
    arb_buf_clear(&b->out);
    struct file_ctx *f = b->file;
    if (f && f->tee && p->wo_file == f && p->wo.done >= f->dropped + TEE_DROP) {
        /* The copy of a pipe's bytes: what the write-outs have taken is
         * not needed again. */
        arb_spool_file_drop(f->raw_fd, p->wo.done);
        f->dropped = p->wo.done;
    }
    if (f && --f->pending == 0 && !f->reading)
        file_done(p, f);
    for (int i = 0; i < b->n; i++)
        arb_input_release(b->blk[i]);
    b->file = NULL;
    b->n = 0;
    b->text_bytes = 0;
    arb_arena_reset(&b->arena);
    pthread_mutex_lock(&p->mu);
    b->state = B_FREE;
    p->next_write++;
    pthread_cond_broadcast(&p->progress);
    pthread_mutex_unlock(&p->mu);
}

/* Write the batches that are done, in order; with `wait`, wait for the
 * oldest one first. */
static void drain(struct arb_pipeline *p, bool wait)
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
static struct batch *batch_open(struct arb_pipeline *p, struct file_ctx *f)
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
static void batch_submit(struct arb_pipeline *p, struct batch *b)
{
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

int arb_pipeline_check_input(struct arb_pipeline *p, const char *path)
{
    /* A directory: its *.pgn files, in name order, as watch takes them;
     * an archive: each member a file, "games.zip(round1.pgn)".  (The
     * names live until the pipeline is freed: the records point at them.) */
    struct stat st;
    char msg[600];
    int n = 0;
    char **v = NULL;
    if (strcmp(path, "-") == 0)
        return arb_pipeline_check_file(p, path);
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        v = arb_games_dir(path, &n);
        if (!v && !n) {
            snprintf(msg, sizeof msg, "%s: a directory without a *.pgn file (or one that cannot be read)", path);
            return arb_pipeline_unreadable(p, path, msg);
        }
    } else if (!(v = arb_unpack_list(path, &n, msg, sizeof msg))) {
        return n < 0 ? arb_pipeline_unreadable(p, path, msg) : arb_pipeline_check_file(p, path);
    }
    p->lists = arb_xrealloc(p->lists, (size_t)(p->n_lists + 1) * sizeof *p->lists);
    p->lists[p->n_lists] = v;
    p->list_len = arb_xrealloc(p->list_len, (size_t)(p->n_lists + 1) * sizeof *p->list_len);
    p->list_len[p->n_lists++] = n;
    int status = ARB_EXIT_OK;
    for (int k = 0; k < n && !arb_out_failed(); k++) {
        int s = arb_pipeline_check_file(p, v[k]);
        if (s > status)
            status = s;
        arb_pipeline_progress(p);
    }
    return status;
}

void arb_pipeline_expect(struct arb_pipeline *p, const char *const *files, int n)
{
    uint64_t size = 0;
    for (int i = 0; i < n && size != UINT64_MAX; i++) {
        struct stat st;
        bool in_stdin = strcmp(files[i], "-") == 0;
        if (!(in_stdin ? fstat(0, &st) == 0 : stat(files[i], &st) == 0))
            size = UINT64_MAX;
        else if (S_ISREG(st.st_mode))
            size += (uint64_t)st.st_size;
        else if (!S_ISDIR(st.st_mode) || in_stdin)
            size = UINT64_MAX;
        else {
            int k;
            char **v = arb_games_dir(files[i], &k);
            for (int j = 0; j < k; j++) {
                size += stat(v[j], &st) == 0 ? (uint64_t)st.st_size : 0;
                free(v[j]);
            }
            free(v);
        }
    }
    p->pr.total = size == UINT64_MAX ? 0 : size;
}

int arb_pipeline_unreadable(struct arb_pipeline *p, const char *path, const char *message)
{
    arb_msg("%s", message);
    p->sum.unreadable++;
    struct batch *b = batch_open(p, NULL);
    b->error = arb_xstrdup(message);
    b->error_path = path;
    batch_submit(p, b);
    return ARB_EXIT_FAILURE;
}

int arb_pipeline_check_file(struct arb_pipeline *p, const char *path)
{
    const struct arb_pipeline_opts *o = p->o;
    struct file_ctx *f = arb_xcalloc(1, sizeof *f);
    char err[300];
    const char *name = o->origin && strcmp(path, "-") == 0 ? o->origin : path;
    f->raw_fd = -1;
    f->cut = f->post_cut = UINT64_MAX;
    int copy_err = 0;             /* the copy of a pipe's bytes cannot be made or written */
    if (p->wo.any) {
        /* The file again, to copy games from at their offsets: a regular
         * file (standard input too when it is one); from a pipe, a copy of
         * its bytes the reader makes as it reads (base/spool.h). */
        struct stat st;
        bool in_stdin = strcmp(path, "-") == 0;
        /* Compressed, or an archive's member: no offset in the file is
         * one in the text, which is copied as it is read. */
        bool packed = !in_stdin && arb_unpack_path_packed(path);
        if (packed || (in_stdin ? fstat(0, &st) == 0 : stat(path, &st) == 0)) {
            if (!packed && S_ISREG(st.st_mode)) {
                f->raw_fd = in_stdin ? dup(0) : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
                if (in_stdin && arb_unpack_reads(arb_magic_of_fd(f->raw_fd))) {
                    close(f->raw_fd);
                    f->raw_fd = -1;
                }
            }
            if (f->raw_fd >= 0)
                ;
            else if ((f->raw_fd = arb_spool_file()) >= 0)
                f->tee = true;
            else
                copy_err = errno;
        }
    }
    if (arb_games_open(&f->gs, &o->games, path, name, f->tee ? f->raw_fd : -1, err, sizeof err) < 0) {
        if (f->raw_fd >= 0)
            close(f->raw_fd);
        free(f);
        return arb_pipeline_unreadable(p, path, err);
    }
    f->open = f->reading = true;
    if (p->wo.any && !f->tee && f->raw_fd >= 0) {
        /* The file opened again is the one read (not replaced between). */
        struct stat a, b;
        if (fstat(f->raw_fd, &a) < 0 || fstat(f->gs.in.fd, &b) < 0 || a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
            close(f->raw_fd);
            f->raw_fd = -1;
        }
    }
    p->sum.files++;
    p->reading = &f->gs.in;
    int status = ARB_EXIT_OK;
    struct batch *b = NULL;
    unsigned since_progress = 0;
    for (;;) {
        if (!b)
            b = batch_open(p, f);
        struct arb_game *g = &b->games[b->n];
        bool kept;
        int r = arb_games_read(&f->gs, g, &b->arena, &kept);
        if (r < 0) {
            arb_msg("%s: read error: %s", path, arb_input_strerror(&f->gs.in));
            status = ARB_EXIT_FAILURE;
            break;
        }
        if (r == 0)
            break;
        f->any_game = true;
        if (!kept) {
            p->sum.skipped++;
            if (f->cut == UINT64_MAX)
                f->cut = g->raw_from;
            arb_pgn_release(&f->gs.rd, g);
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
        /* The game's text, to the end of its last line (the text report
         * shows that line), stays where the reader decoded it: the batch
         * holds that block of the window until it is written (no copy). */
        const char *t = g->text, *w_end = arb_input_at(&f->gs.in, arb_input_end(&f->gs.in));
        size_t len = (size_t)(g->end_off - g->start_off);
        while (t + len < w_end && t[len] != '\n' && t[len] != '\0')
            len++;
        b->cut[b->n] = f->cut;
        f->cut = UINT64_MAX;
        b->blk[b->n] = arb_input_hold(&f->gs.in);   /* g->text stays where it was decoded */
        b->text_bytes += len;
        g->in = NULL;
        arb_pgn_release(&f->gs.rd, g);
        b->n++;
        if (b->n == BATCH_GAMES || b->text_bytes >= BATCH_BYTES) {
            batch_submit(p, b);
            b = NULL;
        }
        if (++since_progress == 64) {
            since_progress = 0;
            progress_show(p, false);
        }
        if (arb_out_failed())
            break;
    }
    p->sum.lines += f->gs.rd.lx.line - 1;
    f->size = f->gs.in.raw_total;
    p->sum.bytes += f->gs.in.raw_total;
    if (f->tee && f->gs.in.tee_err)
        copy_err = f->gs.in.tee_err;
    if (copy_err) {
        /* Its games went to the write-outs as text, without what stands
         * between them: the run fails (they are not put in place). */
        arb_msg("%s: cannot keep a copy of its bytes for the write-outs (in $TMPDIR): %s", path,
                strerror(copy_err));
        status = ARB_EXIT_FAILURE;
    }
    p->file_bytes_read += arb_input_file_bytes(&f->gs.in);
    arb_games_close(&f->gs);
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

struct arb_pipeline *arb_pipeline_new(const struct arb_pipeline_opts *o, const struct arb_report_opts *ro)
{
    struct arb_pipeline *p = arb_xcalloc(1, sizeof *p);
    p->o = o;
    p->format_in_workers = o->format->any_thread && !o->quiet && !o->duplicates && !o->trf;
    p->ro = ro;
    if (arb_writeouts_open(&p->wo, o->write_clean, o->write_flagged, o->write_repaired) < 0) {
        arb_pipeline_close_writes(p);
        free(p);
        return NULL;
    }
    if (o->trf) {
        char err[400];
        p->trf = arb_trfcheck_new(o->trf, o->trf_round, err, sizeof err);
        if (p->trf && o->sheet)
            arb_trfcheck_keep_sheet(p->trf);
        if (!p->trf) {
            arb_msg("--trf: %s", err);
            arb_pipeline_close_writes(p);
            free(p);
            return NULL;
        }
    }
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
    arb_progress_start(&p->pr, !o->no_progress);
    if (o->duplicates)
        p->dupes = arb_dupes_new();

    p->sum.show_profiles = o->games.check.profile == NULL;   /* --rules=auto */
    return p;
}

struct arb_summary *arb_pipeline_summary(struct arb_pipeline *p)
{
    return &p->sum;
}

void arb_pipeline_progress(struct arb_pipeline *p)
{
    progress_show(p, false);
}

void arb_pipeline_flush(struct arb_pipeline *p)
{
    out_flush(p);
}

/* --trf: the report's own records, after every game (main thread). */
static void trf_records(struct arb_pipeline *p)
{
    const struct arb_pipeline_opts *o = p->o;
    struct arb_arena a;
    arb_arena_init(&a);
    struct arb_outcome *oc = arb_xcalloc(1, sizeof *oc);
    oc->lang_vote = -1;
    struct arb_game g;
    while (arb_trfcheck_record(p->trf, &g, &a)) {
        p->sum.hidden += (uint64_t)arb_filter_findings(o->games.filter, &g.findings);
        if (!o->quiet && !o->sheet) {
            o->format->game(arb_out_buf(), &g, oc, p->ro);
            arb_out_record();
        }
        arb_summary_add_findings(&p->sum, &g);
        if (arb_out_buf()->len >= ARB_OUT_FLUSH_AT)
            out_flush(p);
        arb_arena_reset(&a);
    }
    free(oc);
    arb_arena_fini(&a);
}

void arb_pipeline_wait(struct arb_pipeline *p)
{
    while (p->next_write < p->next_fill)
        drain(p, !help(p));
    if (p->trf)
        trf_records(p);
    if (p->trf && p->o->sheet) {
        arb_trfcheck_sheet(p->trf, arb_out_buf(), (enum arb_sheet_format)(p->o->sheet - 1));
        arb_out_record();
    }
    pthread_mutex_lock(&p->mu);
    p->stop = true;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->workers; i++)
        pthread_join(p->threads[i], NULL);
    p->workers = 0;
}

bool arb_pipeline_close_writes(struct arb_pipeline *p)
{
    return arb_writeouts_close(&p->wo);
}

void arb_pipeline_free(struct arb_pipeline *p)
{
    for (int i = 0; i < p->n_lists; i++) {
        for (int k = 0; k < p->list_len[i]; k++)
            free(p->lists[i][k]);
        free(p->lists[i]);
    }
    free(p->lists);
    free(p->list_len);
    arb_dupes_free(p->dupes);
    arb_trfcheck_free(p->trf);
    arb_progress_clear(&p->pr);
    for (int i = 0; i < p->cap; i++) {
        arb_arena_fini(&p->ring[i].arena);
        arb_buf_free(&p->ring[i].out);
    }
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->progress);
    free(p->ring);
    free(p);
}
