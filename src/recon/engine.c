/* engine.c — order equally good reconstructions by a UCI engine (see
 * engine.h): the engine started as a child process and spoken to over
 * pipes, each tied game's differing moves scored.  Part of recon/, beside
 * the search whose result it reorders; the reconstruct command calls it
 * after arb_reconstruct().
 */
#include "recon/engine.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "notation/notation.h"

#define REPLY_MS 20000     /* the longest an engine may take over one answer */
#define WINDOW 12          /* plies scored from the first where the tied games differ */
#define MATE 100000

struct engine {
    pid_t pid;
    int in, out;           /* its standard input (we write), its standard output (we read) */
    char buf[8192];
    size_t len;
    uint64_t *seen_key;    /* the scores asked for already, by position and move (0: empty) */
    long *seen_score;
    size_t n_seen, cap_seen;   /* (cap_seen a power of two) */
};

/* The key of a question: the position (its Zobrist key) and the move searched, if any. */
static uint64_t question_key(const struct arb_pos *pos, const char *m)
{
    uint64_t h = pos->key ^ 0x9E3779B97F4A7C15ull;
    for (const char *c = m ? m : ""; *c; c++)
        h = (h ^ (unsigned char)*c) * 0x100000001B3ull;
    h ^= h >> 29;
    return h | 1;
}

/* The slot of key k: its own, or the empty one where it goes. */
static size_t seen_slot(const struct engine *e, uint64_t k)
{
    size_t at = (size_t)k & (e->cap_seen - 1);
    while (e->seen_key[at] && e->seen_key[at] != k)
        at = (at + 1) & (e->cap_seen - 1);
    return at;
}

static void seen_add(struct engine *e, uint64_t k, long v)
{
    if (2 * (e->n_seen + 1) > e->cap_seen) {
        struct engine old = *e;
        e->cap_seen = e->cap_seen ? 2 * e->cap_seen : 1024;
        e->seen_key = arb_xcalloc(e->cap_seen, sizeof *e->seen_key);
        e->seen_score = arb_xmalloc(e->cap_seen * sizeof *e->seen_score);
        for (size_t q = 0; q < old.cap_seen; q++)
            if (old.seen_key[q]) {
                size_t at = seen_slot(e, old.seen_key[q]);
                e->seen_key[at] = old.seen_key[q];
                e->seen_score[at] = old.seen_score[q];
            }
        free(old.seen_key);
        free(old.seen_score);
    }
    size_t at = seen_slot(e, k);
    if (!e->seen_key[at])
        e->n_seen++;
    e->seen_key[at] = k;
    e->seen_score[at] = v;
}

static int send_line(struct engine *e, const char *s)
{
    size_t n = strlen(s);
    while (n) {
        ssize_t w = write(e->in, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

/* The next line the engine writes (without its newline), waiting at most
 * REPLY_MS; NULL at its end, on an error or when it takes too long. */
static const char *read_line(struct engine *e, char *line, size_t cap)
{
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            size_t n = (size_t)(nl - e->buf);
            size_t k = n < cap - 1 ? n : cap - 1;
            memcpy(line, e->buf, k);
            line[k] = 0;
            if (k && line[k - 1] == '\r')
                line[k - 1] = 0;
            memmove(e->buf, nl + 1, e->len - n - 1);
            e->len -= n + 1;
            return line;
        }
        if (e->len == sizeof e->buf)
            e->len = 0;    /* a line longer than any UCI line: dropped */
        struct pollfd p = {.fd = e->out, .events = POLLIN};
        int r = poll(&p, 1, REPLY_MS);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return NULL;
        ssize_t n = read(e->out, e->buf + e->len, sizeof e->buf - e->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return NULL;
        e->len += (size_t)n;
    }
}

/* Wait for a line starting with word. */
static int expect(struct engine *e, const char *word)
{
    char line[1024];
    size_t n = strlen(word);
    while (read_line(e, line, sizeof line))
        if (!strncmp(line, word, n) && (line[n] == 0 || line[n] == ' '))
            return 0;
    return -1;
}

static int engine_start(struct engine *e, const char *path, char *err, size_t errlen)
{
    int to[2], from[2];
    if (pipe(to) < 0 || pipe(from) < 0) {
        snprintf(err, errlen, "--engine: cannot make a pipe: %s", strerror(errno));
        return -1;
    }
    e->pid = fork();
    if (e->pid < 0) {
        snprintf(err, errlen, "--engine: cannot start %s: %s", path, strerror(errno));
        return -1;
    }
    if (e->pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, 2);
        close(to[0]);
        close(to[1]);
        close(from[0]);
        close(from[1]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    e->in = to[1];
    e->out = from[0];
    e->len = 0;
    if (send_line(e, "uci\n") < 0 || expect(e, "uciok") < 0) {
        snprintf(err, errlen, "--engine: %s does not speak UCI (no 'uciok')", path);
        return -1;
    }
    if (send_line(e, "isready\n") < 0 || expect(e, "readyok") < 0) {
        snprintf(err, errlen, "--engine: %s did not say 'readyok'", path);
        return -1;
    }
    return 0;
}

static void stop(struct engine *e)
{
    if (e->pid <= 0)
        return;
    send_line(e, "quit\n");
    close(e->in);
    close(e->out);
    /* A second to go, then it is ended. */
    for (int i = 0; i < 100; i++) {
        if (waitpid(e->pid, NULL, WNOHANG) == e->pid)
            return;
        struct timespec t = {0, 10 * 1000 * 1000};
        nanosleep(&t, NULL);
    }
    kill(e->pid, SIGKILL);
    waitpid(e->pid, NULL, 0);
}

/* The engine's score of pos for the side to move (centipawns; a mate is
 * worth MATE less its distance), searching only move m when m is given. */
static int score(struct engine *e, const struct arb_pos *pos, const char *m, long *out)
{
    /* The tied games share most of their positions: each asked once. */
    uint64_t k = question_key(pos, m);
    if (e->cap_seen) {
        size_t at = seen_slot(e, k);
        if (e->seen_key[at]) {
            *out = e->seen_score[at];
            return 0;
        }
    }
    char fen[128], cmd[256], line[1024];
    arb_pos_to_fen(pos, fen);
    snprintf(cmd, sizeof cmd, "position fen %s\ngo depth %d%s%s\n", fen, ARB_ENGINE_DEPTH, m ? " searchmoves " : "",
             m ? m : "");
    if (send_line(e, cmd) < 0)
        return -1;
    bool have = false;
    long s = 0;
    while (read_line(e, line, sizeof line)) {
        if (!strncmp(line, "bestmove", 8))
            break;
        const char *p = strstr(line, " score ");
        if (strncmp(line, "info", 4) || !p)
            continue;
        long v;
        if (sscanf(p, " score cp %ld", &v) == 1) {
            s = v;
            have = true;
        } else if (sscanf(p, " score mate %ld", &v) == 1) {
            s = v > 0 ? MATE - v : -MATE - v;
            have = true;
        }
    }
    if (!have)
        return -1;
    seen_add(e, k, s);
    *out = s;
    return 0;
}

/* What game g's moves of plies [from, from + WINDOW) lose against the
 * engine's best, summed (the mover's view). */
static int loss_of(struct engine *e, const struct arb_pos *start, const struct arb_recon_game *g, int from,
                   long *out)
{
    struct arb_pos pos = *start;
    long total = 0;
    for (int p = 0; p < g->n_moves && p < from + WINDOW; p++) {
        if (p >= from) {
            char uci[6];
            arb_notation_uci(&pos, g->moves[p], uci);
            long best, played;
            if (score(e, &pos, NULL, &best) < 0 || score(e, &pos, uci, &played) < 0)
                return -1;
            total += best > played ? best - played : 0;
        }
        struct arb_undo u;
        arb_pos_make(&pos, g->moves[p], &u);
    }
    *out = total;
    return 0;
}

int arb_engine_order_ties(const char *path, const struct arb_pos *start, struct arb_recon_result *r, int *n_scored,
                          char *err, size_t errlen)
{
    *n_scored = 0;
    if (!r->found)
        return 0;
    /* The tied games: the best, and the alternatives at its cost. */
    struct arb_recon_game **tied = arb_xmalloc((size_t)(1 + r->n_alt) * sizeof *tied);
    int nt = 0;
    tied[nt++] = &r->best;
    for (int a = 0; a < r->n_alt; a++)
        if (r->alt[a].cost <= r->best.cost + 1e-6)
            tied[nt++] = &r->alt[a];
    if (nt < 2) {
        free(tied);
        return 0;
    }
    int from = r->best.n_moves;
    for (int t = 1; t < nt; t++) {
        int d = 0;
        while (d < tied[t]->n_moves && d < r->best.n_moves && tied[t]->moves[d] == r->best.moves[d])
            d++;
        if (d < from)
            from = d;
    }
    struct sigaction ign = {.sa_handler = SIG_IGN}, old;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &old);   /* an engine that dies is an error, not our end */
    struct engine e = {0};
    int rc = engine_start(&e, path, err, errlen);
    long *loss = arb_xmalloc((size_t)nt * sizeof *loss);
    for (int t = 0; t < nt && rc == 0; t++)
        if (loss_of(&e, start, tied[t], from, &loss[t]) < 0) {
            snprintf(err, errlen, "--engine: %s gave no score (no 'info ... score' before 'bestmove')", path);
            rc = -1;
        }
    stop(&e);
    free(e.seen_key);
    free(e.seen_score);
    sigaction(SIGPIPE, &old, NULL);
    if (rc < 0) {
        free(loss);
        free(tied);
        return -1;
    }
    /* Least loss first; equal losses keep the search's order. */
    struct arb_recon_game *copy = arb_xmalloc((size_t)nt * sizeof *copy);
    int *order = arb_xmalloc((size_t)nt * sizeof *order);
    for (int t = 0; t < nt; t++) {
        copy[t] = *tied[t];
        order[t] = t;
    }
    for (int a = 1; a < nt; a++)
        for (int b = a; b > 0 && loss[order[b]] < loss[order[b - 1]]; b--) {
            int x = order[b];
            order[b] = order[b - 1];
            order[b - 1] = x;
        }
    for (int t = 0; t < nt; t++)
        *tied[t] = copy[order[t]];
    *n_scored = nt;
    free(order);
    free(copy);
    free(loss);
    free(tied);
    return 0;
}
