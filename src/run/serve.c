/* serve.c — the boards on a page, through GNU libmicrohttpd (see serve.h).
 *
 * libmicrohttpd runs a thread per connection; the events' stream is a
 * response whose reader waits on the boards' condition (and sends a
 * comment every KEEPALIVE_S, which also finds a browser that has gone).
 * The listening socket is made here, so that a port in use is said as
 * such.
 */
#define _GNU_SOURCE
#include "run/serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "report/json.h"
#include "report/livepage.h"

/* libmicrohttpd is opened when a page is served, not linked: its
 * dependencies (GnuTLS and its own) cost every other run of arbiter at
 * start (DESIGN.md).  The calls below go through these. */
static struct {
    struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                       MHD_AccessHandlerCallback, void *, ...);
    void (*stop_daemon)(struct MHD_Daemon *);
    struct MHD_Response *(*create_response_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);
    struct MHD_Response *(*create_response_from_callback)(uint64_t, size_t, MHD_ContentReaderCallback, void *,
                                                         MHD_ContentReaderFreeCallback);
    enum MHD_Result (*add_response_header)(struct MHD_Response *, const char *, const char *);
    enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
    void (*destroy_response)(struct MHD_Response *);
} api;
static char api_error[300];
static pthread_once_t api_once = PTHREAD_ONCE_INIT;

static void api_load(void)
{
    const struct arb_dl_sym want[] = {
        {(void **)&api.start_daemon, "MHD_start_daemon"},
        {(void **)&api.stop_daemon, "MHD_stop_daemon"},
        {(void **)&api.create_response_from_buffer, "MHD_create_response_from_buffer"},
        {(void **)&api.create_response_from_callback, "MHD_create_response_from_callback"},
        {(void **)&api.add_response_header, "MHD_add_response_header"},
        {(void **)&api.queue_response, "MHD_queue_response"},
        {(void **)&api.destroy_response, "MHD_destroy_response"}};
    arb_dl_open("libmicrohttpd.so.12", "--serve needs GNU libmicrohttpd (Debian: libmicrohttpd12)", want,
                sizeof want / sizeof want[0], api_error, sizeof api_error);
}

#define MHD_start_daemon api.start_daemon
#define MHD_stop_daemon api.stop_daemon
#define MHD_create_response_from_buffer api.create_response_from_buffer
#define MHD_create_response_from_callback api.create_response_from_callback
#define MHD_add_response_header api.add_response_header
#define MHD_queue_response api.queue_response
#define MHD_destroy_response api.destroy_response

#define KEEPALIVE_S 15

struct board {
    char *file;
    uint64_t game;
    char *json;
    uint64_t ver;                 /* the version that last changed it */
    long long changed_ms;         /* when (ms since the epoch) */
    bool seen;                    /* put in the reading under way */
};

struct source {
    char *file, *msg;
};

struct arb_serve {
    struct MHD_Daemon *d;
    int lfd;
    char url[300];
    struct arb_buf page;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    uint64_t ver;                 /* changes so far */
    bool stopping;
    struct board *v;
    int n, cap;
    struct source *src;
    int n_src, cap_src;
    char *pairings;               /* the round's pairings as a JSON array (--trf), or NULL */
};

/* ---- the boards (under mu) ---- */

static struct board *find(struct arb_serve *s, const char *file, uint64_t game)
{
    for (int i = 0; i < s->n; i++)
        if (s->v[i].game == game && strcmp(s->v[i].file, file) == 0)
            return &s->v[i];
    return NULL;
}

void arb_serve_put(struct arb_serve *s, const char *file, uint64_t game, const char *json)
{
    pthread_mutex_lock(&s->mu);
    struct board *b = find(s, file, game);
    if (!b) {
        if (s->n == s->cap) {
            s->cap = s->cap ? 2 * s->cap : 32;
            s->v = arb_xrealloc(s->v, (size_t)s->cap * sizeof *s->v);
        }
        b = &s->v[s->n++];
        *b = (struct board){.file = arb_xstrdup(file), .game = game};
    }
    b->seen = true;
    if (!b->json || strcmp(b->json, json) != 0) {
        free(b->json);
        b->json = arb_xstrdup(json);
        b->ver = ++s->ver;
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        b->changed_ms = (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
        pthread_cond_broadcast(&s->cv);
    }
    pthread_mutex_unlock(&s->mu);
}

void arb_serve_begin(struct arb_serve *s, const char *file)
{
    pthread_mutex_lock(&s->mu);
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i].file, file) == 0)
            s->v[i].seen = false;
    pthread_mutex_unlock(&s->mu);
}

void arb_serve_end(struct arb_serve *s, const char *file, uint64_t upto)
{
    pthread_mutex_lock(&s->mu);
    bool gone = false;
    for (int i = 0; i < s->n;) {
        struct board *b = &s->v[i];
        if (!b->seen && b->game < upto && strcmp(b->file, file) == 0) {
            free(b->file);
            free(b->json);
            *b = s->v[--s->n];
            gone = true;
            continue;
        }
        i++;
    }
    if (gone) {
        s->ver++;
        pthread_cond_broadcast(&s->cv);
    }
    pthread_mutex_unlock(&s->mu);
}

void arb_serve_source(struct arb_serve *s, const char *file, const char *msg)
{
    pthread_mutex_lock(&s->mu);
    int i = 0;
    while (i < s->n_src && strcmp(s->src[i].file, file) != 0)
        i++;
    bool changed = false;
    if (msg && *msg) {
        if (i == s->n_src) {
            if (s->n_src == s->cap_src) {
                s->cap_src = s->cap_src ? 2 * s->cap_src : 8;
                s->src = arb_xrealloc(s->src, (size_t)s->cap_src * sizeof *s->src);
            }
            s->src[s->n_src++] = (struct source){.file = arb_xstrdup(file), .msg = NULL};
        }
        if (!s->src[i].msg || strcmp(s->src[i].msg, msg) != 0) {
            free(s->src[i].msg);
            s->src[i].msg = arb_xstrdup(msg);
            changed = true;
        }
    } else if (i < s->n_src) {
        free(s->src[i].file);
        free(s->src[i].msg);
        s->src[i] = s->src[--s->n_src];
        changed = true;
    }
    if (changed) {
        s->ver++;
        pthread_cond_broadcast(&s->cv);
    }
    pthread_mutex_unlock(&s->mu);
}

/* An event: the boards changed after version since (all: since 0), the
 * ids of all boards and the sources' messages.  Under mu. */
static void event(struct arb_serve *s, struct arb_buf *b, bool reset, uint64_t since)
{
    arb_buf_adds(b, reset ? "event: reset\ndata: {\"boards\":[" : "event: update\ndata: {\"boards\":[");
    bool first = true;
    for (int i = 0; i < s->n; i++)
        if (reset || s->v[i].ver > since) {
            if (!first)
                arb_buf_addc(b, ',');
            /* The object, its "changed" added: when it last changed. */
            size_t len = strlen(s->v[i].json);
            arb_buf_add(b, s->v[i].json, len - 1);
            arb_buf_printf(b, ",\"changed\":%lld}", s->v[i].changed_ms);
            first = false;
        }
    arb_buf_adds(b, "],\"ids\":[");
    for (int i = 0; i < s->n; i++) {
        if (i)
            arb_buf_addc(b, ',');
        arb_livepage_board_id(b, s->v[i].file, s->v[i].game);
    }
    arb_buf_adds(b, "],\"sources\":[");
    for (int i = 0; i < s->n_src; i++) {
        if (i)
            arb_buf_addc(b, ',');
        arb_json_cstr(b, s->src[i].msg);
    }
    arb_buf_adds(b, "]");
    if (reset && s->pairings) {
        arb_buf_adds(b, ",\"pairings\":");
        arb_buf_adds(b, s->pairings);
    }
    arb_buf_adds(b, "}\n\n");
}

void arb_serve_pairings(struct arb_serve *s, const char *json)
{
    pthread_mutex_lock(&s->mu);
    free(s->pairings);
    s->pairings = json ? arb_xstrdup(json) : NULL;
    pthread_mutex_unlock(&s->mu);
}

/* ---- the events' stream ---- */

struct stream {
    struct arb_serve *s;
    bool reset_sent;
    uint64_t sent;                /* the version the browser has */
    struct arb_buf out;
    size_t at;
};

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    struct stream *st = cls;
    struct arb_serve *s = st->s;
    if (st->at == st->out.len) {
        st->out.len = st->at = 0;
        pthread_mutex_lock(&s->mu);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += KEEPALIVE_S;
        int rc = 0;
        while (!s->stopping && st->reset_sent && s->ver == st->sent && rc != ETIMEDOUT)
            rc = pthread_cond_timedwait(&s->cv, &s->mu, &until);
        if (s->stopping) {
            pthread_mutex_unlock(&s->mu);
            return MHD_CONTENT_READER_END_OF_STREAM;
        }
        if (!st->reset_sent || s->ver != st->sent) {
            event(s, &st->out, !st->reset_sent, st->sent);
            st->reset_sent = true;
            st->sent = s->ver;
        } else {
            arb_buf_adds(&st->out, ": keepalive\n\n");
        }
        pthread_mutex_unlock(&s->mu);
    }
    size_t k = st->out.len - st->at;
    if (k > max)
        k = max;
    memcpy(buf, st->out.data + st->at, k);
    st->at += k;
    return (ssize_t)k;
}

static void stream_free(void *cls)
{
    struct stream *st = cls;
    arb_buf_free(&st->out);
    free(st);
}

/* ---- requests ---- */

static enum MHD_Result reply(struct MHD_Connection *c, unsigned code, const char *type, const char *body,
                             size_t len, bool copy)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *)body,
                                                             copy ? MHD_RESPMEM_MUST_COPY : MHD_RESPMEM_PERSISTENT);
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    /* Nothing from elsewhere: no network, no frame, no form. */
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
                            "connect-src 'self'; img-src data:; frame-ancestors 'none'; base-uri 'none'; "
                            "form-action 'none'");
    enum MHD_Result ok = MHD_queue_response(c, code, r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *data, size_t *data_size, void **con_cls)
{
    (void)version;
    (void)data;
    (void)data_size;
    struct arb_serve *s = cls;
    if (!*con_cls) {              /* the headers only: the next call answers */
        *con_cls = s;
        return MHD_YES;
    }
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
        static const char msg[] = "only GET\n";
        return reply(c, MHD_HTTP_METHOD_NOT_ALLOWED, "text/plain; charset=utf-8", msg, sizeof msg - 1, false);
    }
    if (strcmp(url, "/") == 0)
        return reply(c, MHD_HTTP_OK, "text/html; charset=utf-8", s->page.data, s->page.len, false);
    if (strcmp(url, "/events") == 0) {
        struct stream *st = arb_xcalloc(1, sizeof *st);
        st->s = s;
        struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 64 * 1024, stream_read, st,
                                                                   stream_free);
        if (!r) {
            stream_free(st);
            return MHD_NO;
        }
        MHD_add_response_header(r, "Content-Type", "text/event-stream; charset=utf-8");
        MHD_add_response_header(r, "Cache-Control", "no-store");
        enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_OK, r);
        MHD_destroy_response(r);
        return ok;
    }
    if (strcmp(url, "/boards.json") == 0) {
        struct arb_buf b = {0};
        pthread_mutex_lock(&s->mu);
        event(s, &b, true, 0);
        pthread_mutex_unlock(&s->mu);
        /* "event: reset\ndata: " ... "\n\n": the object alone. */
        size_t skip = strlen("event: reset\ndata: ");
        enum MHD_Result ok = reply(c, MHD_HTTP_OK, "application/json", b.data + skip, b.len - skip - 1, true);
        arb_buf_free(&b);
        return ok;
    }
    static const char nf[] = "not found\n";
    return reply(c, MHD_HTTP_NOT_FOUND, "text/plain; charset=utf-8", nf, sizeof nf - 1, false);
}

/* ---- starting and stopping ---- */

/* "HOST:PORT", "[V6]:PORT", ":PORT" or "PORT" into host (default the
 * loopback) and port. */
static bool split_addr(const char *addr, char *host, size_t hcap, char *port, size_t pcap)
{
    const char *colon;
    if (addr[0] == '[') {
        const char *close = strchr(addr, ']');
        if (!close || close[1] != ':')
            return false;
        snprintf(host, hcap, "%.*s", (int)(close - addr - 1), addr + 1);
        colon = close + 1;
    } else {
        colon = strrchr(addr, ':');
        if (colon)
            snprintf(host, hcap, "%.*s", (int)(colon - addr), addr);
        else
            host[0] = 0;
    }
    const char *p = colon ? colon + 1 : addr;
    if (!*p || strspn(p, "0123456789") != strlen(p) || strlen(p) > 5 || atoi(p) > 65535)
        return false;
    snprintf(port, pcap, "%s", p);
    if (!host[0])
        snprintf(host, hcap, "127.0.0.1");
    return true;
}

struct arb_serve *arb_serve_start(const char *addr, int silent_s, char *err, size_t errlen)
{
    pthread_once(&api_once, api_load);
    if (api_error[0]) {
        snprintf(err, errlen, "%s", api_error);
        return NULL;
    }
    char host[256], port[8];
    if (!split_addr(addr, host, sizeof host, port, sizeof port)) {
        snprintf(err, errlen, "--serve wants ADDRESS:PORT (127.0.0.1:8080, [::1]:8080, :8080), not '%s'", addr);
        return NULL;
    }
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_PASSIVE | AI_NUMERICSERV}, *ai = NULL;
    int rc = getaddrinfo(host, port, &hints, &ai);
    if (rc) {
        snprintf(err, errlen, "--serve=%s: %s", addr, gai_strerror(rc));
        return NULL;
    }
    int fd = -1, why = 0;
    for (struct addrinfo *a = ai; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) {
            why = errno;
            continue;
        }
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, a->ai_addr, a->ai_addrlen) < 0 || listen(fd, 64) < 0) {
            why = errno;
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(ai);
    if (fd < 0) {
        snprintf(err, errlen, "--serve=%s: %s%s", addr, strerror(why),
                 why == EADDRINUSE ? " (another program listens there: choose another port, or 0 for any)"
                 : why == EADDRNOTAVAIL ? " (not an address of this machine)" : "");
        return NULL;
    }
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    char shown[INET6_ADDRSTRLEN] = "?";
    int bound = 0;
    if (getsockname(fd, (struct sockaddr *)&ss, &sl) == 0) {
        if (ss.ss_family == AF_INET6) {
            struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&ss;
            inet_ntop(AF_INET6, &a6->sin6_addr, shown, sizeof shown);
            bound = ntohs(a6->sin6_port);
        } else {
            struct sockaddr_in *a4 = (struct sockaddr_in *)&ss;
            inet_ntop(AF_INET, &a4->sin_addr, shown, sizeof shown);
            bound = ntohs(a4->sin_port);
        }
    }
    struct arb_serve *s = arb_xcalloc(1, sizeof *s);
    s->lfd = fd;
    snprintf(s->url, sizeof s->url, ss.ss_family == AF_INET6 ? "http://[%s]:%d/" : "http://%s:%d/", shown, bound);
    pthread_mutex_init(&s->mu, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_cond_init(&s->cv, &ca);
    pthread_condattr_destroy(&ca);
    arb_livepage_html(&s->page, silent_s);
    /* The server's threads take no signal (they inherit this mask):
     * SIGINT and SIGTERM are the watch's, and wake its wait. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    s->d = MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD, 0, NULL, NULL,
                            on_request, s, MHD_OPTION_LISTEN_SOCKET, fd, MHD_OPTION_CONNECTION_LIMIT,
                            (unsigned)256, MHD_OPTION_END);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!s->d) {
        snprintf(err, errlen, "--serve=%s: the HTTP server could not start", addr);
        close(fd);
        arb_buf_free(&s->page);
        pthread_mutex_destroy(&s->mu);
        pthread_cond_destroy(&s->cv);
        free(s);
        return NULL;
    }
    return s;
}

const char *arb_serve_url(const struct arb_serve *s)
{
    return s->url;
}

void arb_serve_stop(struct arb_serve *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->mu);
    s->stopping = true;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    MHD_stop_daemon(s->d);        /* joins the connections' threads, closes the socket */
    for (int i = 0; i < s->n; i++) {
        free(s->v[i].file);
        free(s->v[i].json);
    }
    free(s->v);
    for (int i = 0; i < s->n_src; i++) {
        free(s->src[i].file);
        free(s->src[i].msg);
    }
    free(s->src);
    free(s->pairings);
    arb_buf_free(&s->page);
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv);
    free(s);
}
