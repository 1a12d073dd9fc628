/* watch.c — `arbiter watch FILE|DIR...` at work: follow PGN files that are
 * rewritten while the games go on (electronic boards: DGT LiveChess, a
 * broadcast's files) and say each new finding once, as it happens.
 *
 * Watching: one inotify watch per directory (a FILE is followed through
 * its directory, so that a file replaced by rename, the way LiveChess and
 * many tools write, is seen like one rewritten in place); a DIR's *.pgn
 * files, those that appear later too.  Without inotify, or with --poll,
 * the files are stat(2)ed every interval (size, mtime to the nanosecond,
 * inode).  Only a file that changed is read again, DEBOUNCE_MS after its
 * last event (at most SETTLE_MAX_MS after the first of a burst).
 *
 * Checking: every game of the file read goes through the Laws as `check`
 * replays it (run/games.h), the same options and filters; live.c keeps what
 * was said and gives what is new.  A file caught while it is written is
 * not reported from the cut: the file is read through one descriptor and
 * fstat(2)ed before and after, and read again when it changed meanwhile;
 * and the last game of a file without its termination marker (a write
 * cut short, or a writer not done) holds back what its last two half-moves
 * and the game as a whole would say until the marker, or another game,
 * follows (tail_finding).
 *
 * Only regular files are read: a FIFO, a device or a socket named *.pgn
 * (or given by name) is said once and left alone; nothing is opened that
 * could block (a FIFO is opened by no writer: open(2) would wait for one).
 *
 * Ending: SIGINT and SIGTERM set a flag (base/stop.h) that the loop looks
 * at around its wait (blocked but during ppoll, so that none is missed)
 * and the reading between games; a write blocked on a full pipe returns
 * EINTR and is given up.  Everything is freed.  Exit status 0, or 1 when a
 * finding of --fail-on's severity (error) was said.  --once keeps the
 * signals' default: they end it at once.
 */
#define _GNU_SOURCE   /* ppoll */
#include "run/watch.h"
#include "base/exit.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/arena.h"
#include "base/msg.h"
#include "base/out.h"
#include "base/outfile.h"
#include "base/stop.h"
#include "report/filter.h"
#include "run/live.h"
#include "read/input.h"
#include "read/pgn.h"
#include "report/events.h"
#include "report/json.h"
#include "report/line.h"
#include "report/livepage.h"
#include "report/report.h"
#include "base/name.h"
#include "read/trf.h"
#include "run/fetch.h"
#include "run/serve.h"

#define DEBOUNCE_MS 40      /* read a file this long after its last event ... */
#define SETTLE_MAX_MS 150   /* ... but no later than this after the first of a burst */
#define RETRY_MS 20         /* a file that changed while it was read: again after this */

struct wdir {
    char *path;
    int wd;                 /* inotify watch, -1 none */
    bool all_pgn;           /* a DIR argument: every *.pgn in it */
    bool have_id;           /* its device and inode (an output in it is not read) */
    dev_t dev;
    ino_t ino;
};

struct wfile {
    char *path;
    const char *name;       /* its last component */
    int dir;                /* index in the watch's dirs; -1: a URL (url: its index in the fetcher) */
    int url;
    bool have_stat;
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;  /* of the reading reported last */
    bool dirty;
    double first, due;      /* first event of the burst, when to read it */
    char *error;            /* the last message said about it (said once) */
    struct arb_live_file live;
};

struct watch {
    const struct arb_watch_opts *o;
    struct wdir *dirs;
    int n_dirs;
    struct wfile *files;
    int n_files, cap_files;
    int ifd;
    bool polling;
    double poll_ms, next_poll;
    bool failed;            /* a finding of --fail-on's severity was said */
    struct arb_serve *serve; /* --serve: the page's boards, or NULL */
    struct arb_fetch *fetch; /* the URL arguments' fetcher, or NULL */
    int fetch_wake;          /* its pipe (-1 none) */
    int n_urls;
    struct arb_trf trf;      /* --trf: the report, and its round's pairings */
    bool have_trf;
    struct arb_trf_pairing *pairs;
    int n_pairs;
    const struct wfile *cur; /* the file being reported (for emit) */
};

static bool is_pgn_name(const char *name)
{
    return arb_games_pgn_name(name);
}

/* Is the entry `name` of a DIR argument one it reads?  Its *.pgn files,
 * but the one arbiter writes (-o d/report.pgn, refused when it is there
 * when watch starts: watch does not read its own report). */
static bool dir_reads(const struct wdir *d, const char *name)
{
    return is_pgn_name(name) && !(d->have_id && arb_outfile_is_output(d->dev, d->ino, name));
}

void arb_watch_inputs(char *const *files, int n_files)
{
    struct arb_buf path = {0};
    for (int i = 0; i < n_files; i++) {
        const char *a = files[i];
        struct stat st;
        if (arb_fetch_is_url(a))
            continue;   /* (no file) */
        if (stat(a, &st) < 0 || !S_ISDIR(st.st_mode)) {
            arb_outfile_input(a, "the watched file");
            continue;
        }
        /* A DIR: its *.pgn files now (an -o file that is there among them
         * is one it reads; one that is not is left out when it comes). */
        DIR *dp = opendir(a);
        struct dirent *e;
        while (dp && (e = readdir(dp))) {
            if (!is_pgn_name(e->d_name))
                continue;
            arb_buf_clear(&path);
            arb_buf_printf(&path, "%s%s%s", a, a[strlen(a) - 1] == '/' ? "" : "/", e->d_name);
            arb_outfile_input(path.data, "the watched file");
        }
        if (dp)
            closedir(dp);
    }
    arb_buf_free(&path);
}

static struct wfile *file_find(struct watch *w, int dir, const char *name)
{
    for (int i = 0; i < w->n_files; i++)
        if (w->files[i].dir == dir && strcmp(w->files[i].name, name) == 0)
            return &w->files[i];
    return NULL;
}

static struct wfile *file_add(struct watch *w, int dir, const char *name)
{
    struct wfile *f = file_find(w, dir, name);
    if (f)
        return f;
    if (w->n_files == w->cap_files) {
        w->cap_files = w->cap_files ? 2 * w->cap_files : 16;
        w->files = arb_xrealloc(w->files, (size_t)w->cap_files * sizeof *w->files);
    }
    f = &w->files[w->n_files++];
    memset(f, 0, sizeof *f);
    const char *d = w->dirs[dir].path;
    size_t n = strlen(d) + strlen(name) + 2;
    f->path = arb_xmalloc(n);
    if (strcmp(d, ".") == 0 && !w->dirs[dir].all_pgn)
        snprintf(f->path, n, "%s", name);
    else
        snprintf(f->path, n, "%s%s%s", d, d[strlen(d) - 1] == '/' ? "" : "/", name);
    f->name = f->path + strlen(f->path) - strlen(name);
    f->dir = dir;
    f->dirty = true;
    f->first = f->due = arb_now_ms();
    return f;
}

static int dir_add(struct watch *w, const char *path, bool all_pgn)
{
    for (int i = 0; i < w->n_dirs; i++)
        if (strcmp(w->dirs[i].path, path) == 0) {
            w->dirs[i].all_pgn |= all_pgn;
            return i;
        }
    w->dirs = arb_xrealloc(w->dirs, (size_t)(w->n_dirs + 1) * sizeof *w->dirs);
    struct wdir *d = &w->dirs[w->n_dirs];
    d->path = arb_xstrdup(path);
    d->all_pgn = all_pgn;
    d->wd = -1;
    struct stat st;
    d->have_id = stat(path, &st) == 0;
    d->dev = d->have_id ? st.st_dev : 0;
    d->ino = d->have_id ? st.st_ino : 0;
    if (w->ifd >= 0) {
        uint32_t mask = IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM
                        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF;
        d->wd = inotify_add_watch(w->ifd, path, mask);
        if (d->wd < 0)
            arb_msg("%s: cannot watch (%s); polling it", path, strerror(errno));
    }
    return w->n_dirs++;
}

/* A DIR's *.pgn files not followed yet. */
static void dir_scan(struct watch *w, int dir)
{
    DIR *dp = opendir(w->dirs[dir].path);
    if (!dp)
        return;
    struct dirent *e;
    while ((e = readdir(dp)))
        if (dir_reads(&w->dirs[dir], e->d_name) && !file_find(w, dir, e->d_name))
            file_add(w, dir, e->d_name);
    closedir(dp);
}

/* The file has changed (an event, or a poll saw it): read it soon. */
static void touch(struct wfile *f, double now)
{
    if (!f->dirty) {
        f->dirty = true;
        f->first = now;
    }
    f->due = now + DEBOUNCE_MS;
    if (f->due > f->first + SETTLE_MAX_MS)
        f->due = f->first + SETTLE_MAX_MS;
}

/* Say something about a file once (again only when it changes). */
static void file_message(struct watch *w, struct wfile *f, const char *msg)
{
    if (f->error && strcmp(f->error, msg) == 0)
        return;
    free(f->error);
    f->error = arb_xstrdup(msg);
    arb_msg("%s", msg);
    if (w->serve)
        arb_serve_source(w->serve, f->path, msg);
}

/* ---- events ---- */

static void emit(void *ctx, const struct arb_live_game *lg, const struct arb_live_finding *f, bool withdrawn)
{
    struct watch *w = ctx;
    if (!withdrawn && (int)f->severity >= w->o->fail_on)
        w->failed = true;
    if (w->o->quiet)
        return;   /* -qq: the exit status only */
    struct arb_event e = {.file = w->cur->path, .game = lg->index, .line = lg->line, .white = lg->white,
                          .black = lg->black, .round = lg->round, .severity = f->severity, .loc = f->loc,
                          .text = f->text, .json = f->json, .intervene = f->intervene, .withdrawn = withdrawn,
                          .gone = lg->gone};
    arb_events_of(w->o->format)->event(arb_out_buf(), &e);
    arb_out_record();
    arb_out_flush();   /* a dashboard reads a pipe: each event as it comes */
}

/* ---- reading a file ---- */

struct cur_game;
static void put_board(struct watch *w, const struct wfile *f, const struct cur_game *c);

/* The replay's last main-line position (--serve). */
struct last_step {
    bool have;
    struct arb_pos pos;
    arb_move move;
    const char *token;
    size_t len;
    long clk[2];
    int ply;
};

/* A game of the reading: its identity and its findings as the watch says
 * them (tail: those a cut write could have made; said only when the game
 * is not the file's unterminated last one). */
struct cur_game {
    uint64_t index;
    uint32_t line;
    char *white, *black, *round;
    struct arb_live_finding *v;
    bool *tail;
    int n;
    bool complete;
    bool over;                    /* the marker is a result (not *) */
    /* --serve: the board (the position after the last move played) */
    unsigned *need;               /* per finding (ARB_NEED_*) */
    char *event, *result;
    struct last_step ls;          /* (its token copied into last_token, the game's text gone) */
    char *last_token;             /* the last move as written, or NULL */
};


static void on_position(void *ctx, const struct arb_replay_step *st)
{
    struct last_step *l = ctx;
    l->have = true;
    l->pos = *st->pos;
    l->move = st->move;
    l->token = st->token;
    l->len = st->len;
    l->clk[0] = st->clk[0];
    l->clk[1] = st->clk[1];
    l->ply = st->ply;
}

static void cur_free(struct cur_game *c, int n)
{
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < c[i].n; k++)
            arb_live_finding_fini(&c[i].v[k]);
        free(c[i].v);
        free(c[i].tail);
        free(c[i].white);
        free(c[i].black);
        free(c[i].round);
        free(c[i].need);
        free(c[i].event);
        free(c[i].result);
        free(c[i].last_token);
    }
    free(c);
}

/* A finding as the watch says it: its place, the game, the move, the
 * message, the article; fivefold repetition and 75 moves (9.6: the game is
 * over by itself) tell the arbiter to intervene. */
static void make_finding(struct arb_live_finding *lf, const struct arb_game *g, const struct arb_outcome *oc,
                         const struct arb_finding *f, const char *label)
{
    struct arb_buf b = {0};
    lf->id = arb_live_finding_id(f);
    lf->severity = f->severity;
    lf->intervene = (f->code == ARB_F_FIVEFOLD || f->code == ARB_F_SEVENTYFIVE) && f->severity >= ARB_SEV_WARNING;
    struct arb_line_opts lo = {.file = g->file, .game_line = g->line, .col_always = true, .label = label,
                               .extra = lf->intervene ? "; the arbiter must intervene now: the game is over" : NULL,
                               .article = true};
    arb_line_loc(&b, f, &lo);
    lf->loc = arb_xstrdup(b.data);
    arb_buf_clear(&b);
    arb_line_text(&b, f, oc, &lo);
    lf->text = arb_xstrdup(b.data);
    arb_buf_clear(&b);
    arb_jsonl_finding(&b, f);
    lf->json = arb_xstrdup(b.data);
    arb_buf_free(&b);
}

/* Where a write cut short could have changed a game: the ply of its last
 * move as recorded (the half-moves of the main line; a cut move token is
 * still a token), and whether it ends inside a variation. */
struct tail {
    int last_ply;
    bool in_variation;
};

static struct tail game_tail(const struct arb_game *g)
{
    struct tail t = {0, false};
    int depth = 0;
    for (int i = 0; i < g->n_nodes; i++) {
        const struct arb_node *nd = &g->nodes[i];
        if (nd->kind == ARB_N_VAR_OPEN)
            depth++;
        else if (nd->kind == ARB_N_VAR_CLOSE && depth > 0)
            depth--;
        else if (nd->kind == ARB_N_MOVE && depth == 0)
            t.last_ply++;
    }
    t.in_variation = depth > 0;
    return t;
}

/* Would a write cut short have made this finding of the file's last game?
 * What its last move says (it may be cut: "Nf" for "Nf3", "O-O" for
 * "O-O-O"), the comments after it (a clock reading cut), and the move
 * before it, which the Laws may judge by the move that follows (the other
 * king put in the centre: the board's result signal, not an illegal move);
 * a variation left open; what the game as a whole says (no ply: the
 * result, the tags). */
static bool tail_finding(const struct arb_finding *f, struct tail t)
{
    return f->ply == 0 || f->ply >= t.last_ply - 1 || (f->variation > 0 && t.in_variation);
}

enum read_status { READ_DONE, READ_AGAIN, READ_STOPPED };

static bool same_stat(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size
           && a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* What a file that is not a regular one is, for its message. */
static const char *file_type(mode_t m)
{
    return S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
           : S_ISSOCK(m) ? "a socket" : S_ISDIR(m) ? "a directory" : "not a regular file";
}

/* Say that the file is no regular file (once); the games it held are no
 * longer there. */
static void not_regular(struct watch *w, struct wfile *f, mode_t m)
{
    char msg[PATH_MAX + 80];
    snprintf(msg, sizeof msg, "%s: %s, not a regular file: not read", f->path, file_type(m));
    file_message(w, f, msg);
    w->cur = f;
    arb_live_begin(&f->live);
    if (w->serve)
        arb_serve_begin(w->serve, f->path);
    arb_live_end(&f->live, UINT64_MAX, emit, w);
    w->cur = NULL;
    f->have_stat = false;
}

/* Read the file, check its games and say what is new.  READ_AGAIN when it
 * changed while it was read, READ_STOPPED when a stop was asked meanwhile
 * (nothing said either way). */
static enum read_status read_fd(struct watch *w, struct wfile *f, int fd, const struct stat *st1p);

static enum read_status read_file(struct watch *w, struct wfile *f)
{
    const struct arb_watch_opts *o = w->o;
    /* Only a regular file is opened (a FIFO's open would wait for a
     * writer), and without waiting (O_NONBLOCK) should it be replaced by
     * one meanwhile: what was opened is looked at again. */
    struct stat st0;
    if (stat(f->path, &st0) == 0 && !S_ISREG(st0.st_mode)) {
        not_regular(w, f, st0.st_mode);
        return READ_DONE;
    }
    int fd = open(f->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        if (errno != ENOENT || o->once) {   /* gone while watched: between a writer's steps, or removed; say nothing */
            char msg[PATH_MAX + 64];
            snprintf(msg, sizeof msg, "%s: %s", f->path, strerror(errno));
            file_message(w, f, msg);
        }
        return READ_DONE;
    }
    struct stat st1;
    if (fstat(fd, &st1) < 0) {
        close(fd);
        return READ_DONE;
    }
    if (!S_ISREG(st1.st_mode)) {
        close(fd);
        not_regular(w, f, st1.st_mode);
        return READ_DONE;
    }
    if (f->have_stat && f->dev == st1.st_dev && f->ino == st1.st_ino && f->size == st1.st_size
        && f->mtime.tv_sec == st1.st_mtim.tv_sec && f->mtime.tv_nsec == st1.st_mtim.tv_nsec) {
        close(fd);
        return READ_DONE;   /* as read last time */
    }
    return read_fd(w, f, fd, &st1);
}

/* Read the games of f open at fd (stat st1) and say what is new. */
static enum read_status read_fd(struct watch *w, struct wfile *f, int fd, const struct stat *st1p)
{
    const struct arb_watch_opts *o = w->o;
    struct stat st1 = *st1p, st2;
    struct arb_games gs;
    char err[PATH_MAX + 200];
    if (arb_input_open_fd(&gs.in, fd, f->path, o->games.encoding, err, sizeof err) < 0) {
        close(fd);
        file_message(w, f, err);
        return READ_DONE;
    }
    char why[160];
    if (!arb_pgn_sniff(&gs.in, arb_games_sniffer(&o->games.check), why, sizeof why)) {
        arb_input_close(&gs.in);
        bool changed = fstat(fd, &st2) < 0 || !same_stat(&st1, &st2);
        close(fd);
        if (changed)
            return READ_AGAIN;
        snprintf(err, sizeof err, "%s: not a PGN file: %s", f->path, why);
        file_message(w, f, err);
        return READ_DONE;
    }
    arb_games_start(&gs, &o->games, f->path);
    struct arb_arena arena;
    arb_arena_init(&arena);
    struct cur_game *cur = NULL;
    int n = 0, cap = 0;
    bool read_error = false;
    bool stopped = false;
    for (;;) {
        if (arb_stop_signal) {
            stopped = true;   /* SIGINT or SIGTERM: no more games */
            break;
        }
        struct arb_game g;
        memset(&g, 0, sizeof g);
        struct arb_outcome oc;
        struct last_step ls = {.clk = {-1, -1}};
        struct arb_replay_hooks hooks = {.ctx = &ls, .on_position = on_position};
        int r = arb_games_next(&gs, &g, &arena, w->serve ? &hooks : NULL, &oc);
        if (r <= 0) {
            read_error = r < 0;
            break;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 8;
            cur = arb_xrealloc(cur, (size_t)cap * sizeof *cur);
        }
        struct cur_game *c = &cur[n++];
        memset(c, 0, sizeof *c);
        c->index = g.index;
        c->line = g.line;
        c->white = arb_xstrdup(arb_game_tag(&g, "White") ? arb_game_tag(&g, "White") : "");
        c->black = arb_xstrdup(arb_game_tag(&g, "Black") ? arb_game_tag(&g, "Black") : "");
        c->round = arb_xstrdup(arb_game_tag(&g, "Round") ? arb_game_tag(&g, "Round") : "");
        c->complete = g.marker != ARB_RESULT_NONE && !g.truncated;
        c->over = c->complete && g.marker != ARB_RESULT_UNKNOWN;
        if (w->serve) {
            c->event = arb_xstrdup(arb_game_tag(&g, "Event") ? arb_game_tag(&g, "Event") : "");
            c->result = arb_xstrdup(arb_game_tag(&g, "Result") ? arb_game_tag(&g, "Result") : "");
            c->ls = ls;
            c->ls.token = NULL;
            if (ls.token) {
                c->last_token = arb_xcalloc(ls.len + 1, 1);
                memcpy(c->last_token, ls.token, ls.len);
            }
            if (g.findings.n)
                c->need = arb_xcalloc((size_t)g.findings.n, sizeof *c->need);
        }
        struct arb_buf label = {0};
        arb_game_label(&label, &g);
        if (g.findings.n) {
            c->v = arb_xcalloc((size_t)g.findings.n, sizeof *c->v);
            c->tail = arb_xcalloc((size_t)g.findings.n, sizeof *c->tail);
        }
        struct tail t = game_tail(&g);
        for (int i = 0; i < g.findings.n; i++) {
            make_finding(&c->v[i], &g, &oc, &g.findings.v[i], label.data ? label.data : "");
            c->tail[i] = tail_finding(&g.findings.v[i], t);
            if (c->need)
                c->need[i] = arb_live_need(&g.findings.v[i], c->v[i].intervene);
        }
        c->n = g.findings.n;
        arb_buf_free(&label);
        arb_pgn_release(&gs.rd, &g);
        arb_arena_reset(&arena);
    }
    arb_arena_fini(&arena);
    char read_why[600];
    snprintf(read_why, sizeof read_why, "%s", arb_input_strerror(&gs.in));
    arb_games_close(&gs);
    bool changed = fstat(fd, &st2) < 0 || !same_stat(&st1, &st2);
    close(fd);
    if (changed || stopped) {
        cur_free(cur, n);
        return stopped ? READ_STOPPED : READ_AGAIN;
    }
    if (read_error) {
        snprintf(err, sizeof err, "%s: read error: %s", f->path, read_why);
        file_message(w, f, err);
    } else {
        if (f->error && w->serve)
            arb_serve_source(w->serve, f->path, NULL);
        free(f->error);
        f->error = NULL;
    }
    /* Say what is new, game by game; then what was said of a game no
     * longer in the file is withdrawn (but of a game after the last one
     * read when that one is still being written, and of any while the
     * file is empty: a writer that truncates it before it writes). */
    w->cur = f;
    arb_live_begin(&f->live);
    for (int i = 0; i < n; i++) {
        struct cur_game *c = &cur[i];
        bool last_open = i == n - 1 && !c->complete;
        int k = 0;
        for (int j = 0; j < c->n; j++) {
            if (last_open && c->tail[j]) {
                arb_live_finding_fini(&c->v[j]);
                continue;
            }
            if (c->need)
                c->need[k] = c->need[j];
            c->v[k++] = c->v[j];
        }
        c->n = k;
        if (w->serve)
            put_board(w, f, c);
        /* (A game is remembered once it has said something: a cut in the
         * tags makes no lasting game of its own.) */
        struct arb_live_game *lg = c->n ? arb_live_game_get(&f->live, c->index, c->white, c->black, c->round)
                                        : arb_live_game_find(&f->live, c->index, c->white, c->black, c->round);
        if (!lg)
            continue;
        lg->line = c->line;
        arb_live_update(lg, c->v, c->n, c->complete, emit, w);
    }
    if (st1.st_size > 0) {
        uint64_t upto = n && !cur[n - 1].complete ? cur[n - 1].index : UINT64_MAX;
        arb_live_end(&f->live, upto, emit, w);
        if (w->serve)
            arb_serve_end(w->serve, f->path, upto);
    }
    w->cur = NULL;
    cur_free(cur, n);
    f->have_stat = true;
    f->dev = st1.st_dev;
    f->ino = st1.st_ino;
    f->size = st1.st_size;
    f->mtime = st1.st_mtim;
    return READ_DONE;
}

/* What the fetcher has of the URLs: a failure said once (and on the
 * page), a new answer read as a file is. */
static void url_news(struct watch *w)
{
    if (!w->fetch)
        return;
    arb_fetch_drain(w->fetch);
    for (int i = 0; i < w->n_files && !arb_stop_signal; i++) {
        struct wfile *f = &w->files[i];
        if (f->dir >= 0)
            continue;
        int fd;
        char *msg;
        bool again;
        if (!arb_fetch_take(w->fetch, f->url, &fd, &msg, &again))
            continue;
        if (msg && again) {
            if (f->error) {
                arb_msg("%s", msg);
                free(f->error);
                f->error = NULL;
                if (w->serve)
                    arb_serve_source(w->serve, f->path, NULL);
            }
        } else if (msg) {
            file_message(w, f, msg);
        }
        free(msg);
        if (fd >= 0) {
            struct stat st;
            if (fstat(fd, &st) < 0) {
                close(fd);
                continue;
            }
            f->have_stat = false;   /* (each answer is read: the fetcher sends only new ones) */
            read_fd(w, f, fd, &st);
        }
    }
}

/* The game as a board of the page (--serve). */
static void put_board(struct watch *w, const struct wfile *f, const struct cur_game *c)
{
    const char **json = arb_xcalloc((size_t)c->n + 1, sizeof *json);
    unsigned needs = 0;
    for (int i = 0; i < c->n; i++) {
        json[i] = c->v[i].json;
        needs |= c->need ? c->need[i] : 0;
    }
    /* --trf: its board, by the players' names (either colour). */
    int board = 0;
    for (int k = 0; k < w->n_pairs && !board; k++) {
        const struct arb_trf_player *pw = arb_trf_player(&w->trf, w->pairs[k].white),
                                    *pb = arb_trf_player(&w->trf, w->pairs[k].black);
        if (pw && pb && ((arb_name_match(c->white, pw->name) && arb_name_match(c->black, pb->name))
                         || (arb_name_match(c->white, pb->name) && arb_name_match(c->black, pw->name))))
            board = k + 1;
    }
    struct arb_live_board v = {.board = board, .file = f->path, .game = c->index, .white = c->white, .black = c->black,
                               .round = c->round, .event = c->event, .result = c->result, .complete = c->complete, .over = c->over,
                               .plies = c->ls.ply, .pos = c->ls.have ? &c->ls.pos : NULL, .last = c->ls.move,
                               .last_token = c->last_token, .last_len = c->last_token ? strlen(c->last_token) : 0,
                               .clk = {c->ls.clk[0], c->ls.clk[1]}, .n_findings = c->n, .finding_json = json,
                               .needs = needs};
    struct arb_buf b = {0};
    arb_livepage_board_json(&b, &v);
    arb_buf_addc(&b, 0);
    arb_serve_put(w->serve, f->path, c->index, b.data);
    arb_buf_free(&b);
    free(json);
}

/* ---- the loop ---- */

static void inotify_events(struct watch *w, double now)
{
    char buf[8192] __attribute__((aligned(__alignof__(struct inotify_event))));
    /* A bounded number of reads: a file written without pause beside the
     * ones followed (a log) must not keep the loop from the signals and
     * the reading. */
    for (int reads = 0; reads < 16; reads++) {
        ssize_t len = read(w->ifd, buf, sizeof buf);
        if (len <= 0)
            return;
        for (char *p = buf; p < buf + len;) {
            const struct inotify_event *ev = (const struct inotify_event *)p;
            p += sizeof *ev + ev->len;
            int dir = -1;
            for (int i = 0; i < w->n_dirs; i++)
                if (w->dirs[i].wd == ev->wd)
                    dir = i;
            if (ev->mask & IN_Q_OVERFLOW) {
                /* Events were lost: every file may have changed. */
                for (int d = 0; d < w->n_dirs; d++)
                    if (w->dirs[d].all_pgn)
                        dir_scan(w, d);
                for (int i = 0; i < w->n_files; i++)
                    touch(&w->files[i], now);
                continue;
            }
            if (dir < 0)
                continue;
            if (ev->mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)) {
                /* The directory itself went: follow it by polling. */
                if (w->dirs[dir].wd >= 0 && !(ev->mask & IN_IGNORED))
                    inotify_rm_watch(w->ifd, w->dirs[dir].wd);
                w->dirs[dir].wd = -1;
                if (!w->polling) {
                    w->polling = true;
                    w->next_poll = now + w->poll_ms;
                }
                continue;
            }
            if (!ev->len)
                continue;
            struct wfile *f = file_find(w, dir, ev->name);
            if (!f && w->dirs[dir].all_pgn && dir_reads(&w->dirs[dir], ev->name) && (ev->mask & (IN_CREATE | IN_MOVED_TO)))
                f = file_add(w, dir, ev->name);
            if (f)
                touch(f, now);
        }
    }
}

static void poll_files(struct watch *w, double now)
{
    for (int d = 0; d < w->n_dirs; d++)
        if (w->dirs[d].all_pgn && (w->ifd < 0 || w->dirs[d].wd < 0 || w->o->poll_s > 0))
            dir_scan(w, d);
    for (int i = 0; i < w->n_files; i++) {
        struct wfile *f = &w->files[i];
        if (f->dir < 0 || (w->ifd >= 0 && w->dirs[f->dir].wd >= 0 && !(w->o->poll_s > 0)))
            continue;
        struct stat st;
        if (stat(f->path, &st) < 0)
            continue;
        if (!f->have_stat || st.st_dev != f->dev || st.st_ino != f->ino || st.st_size != f->size
            || st.st_mtim.tv_sec != f->mtime.tv_sec || st.st_mtim.tv_nsec != f->mtime.tv_nsec)
            touch(f, now);
    }
}

/* Read every file that is due; the next time one is (or -1: none). */
static double read_due(struct watch *w, double now)
{
    double next = -1;
    for (int i = 0; i < w->n_files; i++) {
        struct wfile *f = &w->files[i];
        if (!f->dirty)
            continue;
        if (arb_stop_signal)
            return -1;
        if (f->due <= now) {
            f->dirty = false;
            enum read_status st = read_file(w, f);
            if (st == READ_STOPPED) {
                f->dirty = true;
                return -1;
            }
            if (st == READ_AGAIN) {
                f->dirty = true;
                f->first = now;
                f->due = arb_now_ms() + RETRY_MS;
            }
        }
        if (f->dirty && (next < 0 || f->due < next))
            next = f->due;
    }
    return next;
}

/* --trf: the round's pairings on the page (boards in their order, the
 * games missing shown).  False after a message. */
static bool set_pairings(struct watch *w)
{
    const struct arb_watch_opts *o = w->o;
    char err[600];
    if (arb_trf_read(&w->trf, o->trf, err, sizeof err) < 0) {
        arb_msg("%s", err);
        return false;
    }
    w->have_trf = true;
    w->pairs = arb_trf_pairings(&w->trf, o->trf_round, &w->n_pairs);
    if (!w->n_pairs) {
        arb_msg("%s: no pairing in round %d", o->trf, o->trf_round);
        return false;
    }
    struct arb_buf b = {0};
    arb_buf_addc(&b, '[');
    for (int k = 0; k < w->n_pairs; k++) {
        const struct arb_trf_player *pw = arb_trf_player(&w->trf, w->pairs[k].white),
                                    *pb = arb_trf_player(&w->trf, w->pairs[k].black);
        if (k)
            arb_buf_addc(&b, ',');
        arb_livepage_pairing_json(&b, k + 1, pw ? pw->name : "?", w->pairs[k].white, pb ? pb->name : NULL,
                                  w->pairs[k].black, w->pairs[k].result);
    }
    arb_buf_adds(&b, "]");
    arb_buf_addc(&b, 0);
    arb_serve_pairings(w->serve, b.data);
    arb_buf_free(&b);
    return true;
}

static void watch_free(struct watch *w)
{
    if (w->have_trf)
        arb_trf_free(&w->trf);
    free(w->pairs);
    for (int i = 0; i < w->n_files; i++) {
        arb_live_file_fini(&w->files[i].live);
        free(w->files[i].path);
        free(w->files[i].error);
    }
    free(w->files);
    for (int i = 0; i < w->n_dirs; i++)
        free(w->dirs[i].path);
    free(w->dirs);
    if (w->ifd >= 0)
        close(w->ifd);
}

/* The arguments: a directory (its *.pgn files), or a file (followed
 * through its directory).  False after a message if one cannot be. */
static bool add_args(struct watch *w)
{
    const struct arb_watch_opts *o = w->o;
    for (int i = 0; i < o->n_files; i++) {
        const char *a = o->files[i];
        struct stat st;
        if (strcmp(a, "-") == 0) {
            arb_msg("watch follows files, not standard input");
            return false;
        }
        if (arb_fetch_is_url(a)) {   /* asked by the fetcher (fetch.h) */
            if (w->n_files == w->cap_files) {
                w->cap_files = w->cap_files ? 2 * w->cap_files : 16;
                w->files = arb_xrealloc(w->files, (size_t)w->cap_files * sizeof *w->files);
            }
            struct wfile *f = &w->files[w->n_files++];
            memset(f, 0, sizeof *f);
            f->path = arb_xstrdup(a);
            f->name = f->path;
            f->dir = -1;
            f->url = w->n_urls++;
            continue;
        }
        if (stat(a, &st) == 0 && S_ISDIR(st.st_mode)) {
            dir_scan(w, dir_add(w, a, true));
            continue;
        }
        if (stat(a, &st) == 0 && !S_ISREG(st.st_mode)) {
            arb_msg("%s: not a regular file or a directory", a);
            return false;
        }
        /* A file, there or not yet: its directory and its name. */
        const char *slash = strrchr(a, '/');
        char dir[PATH_MAX];
        const char *name = slash ? slash + 1 : a;
        if (!*name) {
            arb_msg("%s: no such directory", a);
            return false;
        }
        if (!slash)
            snprintf(dir, sizeof dir, ".");
        else if (slash == a)
            snprintf(dir, sizeof dir, "/");
        else
            snprintf(dir, sizeof dir, "%.*s", (int)(slash - a), a);
        struct stat ds;
        if (stat(dir, &ds) < 0 || !S_ISDIR(ds.st_mode)) {
            arb_msg("%s: no such directory", dir);
            return false;
        }
        if (stat(a, &st) < 0 && !o->once)   /* as tail -F: say it, then wait for it */
            arb_msg("%s: %s; waiting for it to appear", a, strerror(errno));
        int d = dir_add(w, dir, false);
        struct wfile *f = file_add(w, d, name);
        free(f->path);
        f->path = arb_xstrdup(a);   /* as given */
        f->name = f->path + (name - a);
    }
    return true;
}

int arb_watch_run(const struct arb_watch_opts *o)
{
    if (o->n_files == 0) {
        arb_msg("watch needs a FILE or a DIR to follow (arbiter watch --help)");
        return ARB_EXIT_FAILURE;
    }
    struct watch w = {.o = o, .ifd = -1, .fetch_wake = -1};
    w.poll_ms = o->poll_s > 0 ? o->poll_s * 1000.0 : 500.0;
    if (!(o->poll_s > 0) && !o->once) {
        w.ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        if (w.ifd < 0)
            arb_msg("inotify is not available (%s): polling every %.1f s", strerror(errno), w.poll_ms / 1000);
    }
    w.polling = w.ifd < 0;
    if (!add_args(&w)) {
        watch_free(&w);
        return ARB_EXIT_FAILURE;
    }
    if (w.n_urls) {
        char **urls = arb_xcalloc((size_t)w.n_urls, sizeof *urls);
        for (int i = 0; i < w.n_files; i++)
            if (w.files[i].dir < 0)
                urls[w.files[i].url] = w.files[i].path;
        char err[300];
        w.fetch = o->once ? arb_fetch_once(urls, w.n_urls, err, sizeof err)
                          : arb_fetch_start(urls, w.n_urls, o->url_poll_s, &w.fetch_wake, err, sizeof err);
        free(urls);
        if (!w.fetch) {
            arb_msg("%s", err);
            watch_free(&w);
            return ARB_EXIT_FAILURE;
        }
    }
    if (o->serve && !o->once) {
        char err[600];
        w.serve = arb_serve_start(o->serve, o->silent_s, err, sizeof err);
        if (!w.serve) {
            arb_msg("%s", err);
            watch_free(&w);
            return ARB_EXIT_FAILURE;
        }
        if (o->trf && !set_pairings(&w)) {
            watch_free(&w);
            return ARB_EXIT_FAILURE;
        }
        if (!o->quiet)
            arb_msg("the boards are at %s (Ctrl-C ends)", arb_serve_url(w.serve));
    }
    for (int d = 0; d < w.n_dirs; d++)
        if (w.dirs[d].wd < 0)
            w.polling = true;
    /* While it watches, SIGINT and SIGTERM ask it to stop (base/stop.h):
     * blocked but while it waits in ppoll, so that one that comes between
     * a look at the flag and the wait is not missed. */
    sigset_t sigs, old;
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGINT);
    sigaddset(&sigs, SIGTERM);
    if (!o->once)
        arb_stop_catch();
    /* First every file as it is now, then what changes. */
    double now = arb_now_ms();
    for (int i = 0; i < w.n_files; i++)
        w.files[i].due = now;
    double next = read_due(&w, now);
    if (o->once)
        url_news(&w);
    for (int tries = 0; o->once && next >= 0; tries++) {
        /* --once: a file that changed while it was read, once more (for
         * some two seconds at most). */
        if (tries == 100) {
            for (int i = 0; i < w.n_files; i++)
                if (w.files[i].dirty)
                    arb_msg("%s: it kept changing while it was read; not reported", w.files[i].path);
            break;
        }
        double wait = next - arb_now_ms();
        if (wait > 0)
            poll(NULL, 0, (int)wait + 1);
        next = read_due(&w, arb_now_ms());
    }
    w.next_poll = now + w.poll_ms;
    while (!o->once && !arb_out_failed() && !arb_stop_signal) {
        while (next >= 0 && next <= arb_now_ms() && !arb_stop_signal)
            next = read_due(&w, arb_now_ms());
        now = arb_now_ms();
        double until = next;
        if (w.polling && (until < 0 || w.next_poll < until))
            until = w.next_poll;
        double ms = until < 0 ? -1 : until <= now ? 0 : until - now + 1;
        struct timespec ts = {(time_t)(ms / 1000), (long)((long long)ms % 1000) * 1000000L};
        struct pollfd pf[2] = {{.fd = w.ifd, .events = POLLIN}, {.fd = w.fetch_wake, .events = POLLIN}};
        sigprocmask(SIG_BLOCK, &sigs, &old);
        int r = 0;
        if (!arb_stop_signal)
            r = ppoll(pf, 2, ms < 0 ? NULL : &ts, &old);   /* (fd -1: not asked) */
        sigprocmask(SIG_SETMASK, &old, NULL);
        if (arb_stop_signal || (r < 0 && errno != EINTR))
            break;
        now = arb_now_ms();
        if (w.ifd >= 0 && r > 0 && (pf[0].revents & POLLIN))
            inotify_events(&w, now);
        if (w.fetch_wake >= 0 && r > 0 && (pf[1].revents & POLLIN))
            url_news(&w);
        if (w.polling && now >= w.next_poll) {
            poll_files(&w, now);
            w.next_poll = now + w.poll_ms;
        }
        next = read_due(&w, now);
    }
    arb_out_flush();
    arb_fetch_stop(w.fetch);
    arb_serve_stop(w.serve);
    arb_stop_release();
    bool failed = w.failed, unread = false;
    for (int i = 0; o->once && i < w.n_files; i++)
        unread |= w.files[i].error != NULL || w.files[i].dirty;
    watch_free(&w);
    /* --once: like check, a file that could not be read is status 2 (while
     * it watches, such a file may be in the middle of a write: said once,
     * and read again when it changes). */
    return unread ? ARB_EXIT_FAILURE : failed ? ARB_EXIT_FINDINGS : ARB_EXIT_OK;
}
