/* fetch.c — PGN over HTTP(S) with libcurl, on a thread (see fetch.h). */
#define _GNU_SOURCE   /* memfd_create */
#include "run/fetch.h"

#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"

/* libcurl is opened when a URL is watched, not linked: its dependencies
 * (OpenSSL, nghttp2, LDAP, SSH, ...) cost every other run of arbiter some
 * 17 ms at start (DESIGN.md).  The calls below go through these. */
static struct {
    CURLcode (*global_init)(long);
    void (*global_cleanup)(void);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} api;
static char api_error[300];
static pthread_once_t api_once = PTHREAD_ONCE_INIT;

static void api_load(void)
{
    const struct arb_dl_sym want[] = {
        {(void **)&api.global_init, "curl_global_init"},   {(void **)&api.global_cleanup, "curl_global_cleanup"},
        {(void **)&api.easy_init, "curl_easy_init"},       {(void **)&api.easy_setopt, "curl_easy_setopt"},
        {(void **)&api.easy_perform, "curl_easy_perform"}, {(void **)&api.easy_getinfo, "curl_easy_getinfo"},
        {(void **)&api.easy_cleanup, "curl_easy_cleanup"}, {(void **)&api.easy_strerror, "curl_easy_strerror"},
        {(void **)&api.slist_append, "curl_slist_append"}, {(void **)&api.slist_free_all, "curl_slist_free_all"}};
    arb_dl_open("libcurl.so.4", "watching a URL needs libcurl (Debian: libcurl4)", want, sizeof want / sizeof want[0],
                api_error, sizeof api_error);
}

#undef curl_easy_setopt
#undef curl_easy_getinfo
#define curl_global_init api.global_init
#define curl_global_cleanup api.global_cleanup
#define curl_easy_init api.easy_init
#define curl_easy_setopt api.easy_setopt
#define curl_easy_perform api.easy_perform
#define curl_easy_getinfo api.easy_getinfo
#define curl_easy_cleanup api.easy_cleanup
#define curl_easy_strerror api.easy_strerror
#define curl_slist_append api.slist_append
#define curl_slist_free_all api.slist_free_all

#define BACKOFF_MAX_S 60.0
#define BODY_MAX (256LL << 20)   /* a round's PGN is kilobytes; more is refused */
#define TIMEOUT_S 30L

struct source {
    const char *url;
    CURL *h;
    char *etag, *modified;        /* what the server said of the last body */
    uint64_t hash;                /* of the last body handed on (FNV-1a) */
    bool have_hash;
    double due;                   /* when to ask next (ms, monotonic) */
    double backoff_s;             /* 0: none */
    char *said;                   /* the failure said last (NULL: none) */
    /* the news for the watch (under mu) */
    int fd;                       /* a new body, -1 none */
    char *msg;
    bool again;                   /* msg says it answers again */
    /* the transfer under way (the thread's) */
    int body_fd;
    long long body_len;
    uint64_t body_hash;
    char *new_etag, *new_modified;
    bool too_big;
};

struct arb_fetch {
    struct source *v;
    int n;
    double interval_s;
    pthread_t thread;
    bool threaded;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool stopping;
    atomic_bool abort;            /* a transfer under way gives up */
    int wake[2];
};

bool arb_fetch_is_url(const char *arg)
{
    return strncasecmp(arg, "http://", 7) == 0 || strncasecmp(arg, "https://", 8) == 0;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

static size_t on_body(char *p, size_t size, size_t nmemb, void *ctx)
{
    struct source *s = ctx;
    size_t n = size * nmemb;
    if (s->body_len + (long long)n > BODY_MAX) {
        s->too_big = true;
        return 0;                 /* libcurl ends the transfer */
    }
    for (size_t i = 0; i < n; i++) {
        s->body_hash ^= (unsigned char)p[i];
        s->body_hash *= 1099511628211ULL;
    }
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(s->body_fd, p + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return 0;
        done += (size_t)w;
    }
    s->body_len += (long long)n;
    return n;
}

/* A header's value ("ETag: \"x\"\r\n" -> "\"x\""), malloc'd; NULL when
 * the line is another header. */
static char *header_value(const char *line, size_t n, const char *name)
{
    size_t k = strlen(name);
    if (n <= k + 1 || strncasecmp(line, name, k) != 0 || line[k] != ':')
        return NULL;
    const char *v = line + k + 1, *end = line + n;
    while (v < end && (*v == ' ' || *v == '\t'))
        v++;
    while (end > v && (end[-1] == '\r' || end[-1] == '\n' || end[-1] == ' '))
        end--;
    char *out = arb_xcalloc((size_t)(end - v) + 1, 1);
    memcpy(out, v, (size_t)(end - v));
    return out;
}

static size_t on_header(char *p, size_t size, size_t nmemb, void *ctx)
{
    struct source *s = ctx;
    size_t n = size * nmemb;
    char *v;
    if ((v = header_value(p, n, "ETag"))) {
        free(s->new_etag);
        s->new_etag = v;
    } else if ((v = header_value(p, n, "Last-Modified"))) {
        free(s->new_modified);
        s->new_modified = v;
    }
    return n;
}

static int on_progress(void *ctx, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d)
{
    (void)a;
    (void)b;
    (void)c;
    (void)d;
    struct arb_fetch *f = ctx;
    return atomic_load(&f->abort) ? 1 : 0;
}

/* Say msg of source s (once until it changes; NULL: it answers again). */
static void news_msg(struct arb_fetch *f, struct source *s, const char *msg)
{
    if ((!msg && !s->said) || (msg && s->said && strcmp(msg, s->said) == 0))
        return;
    pthread_mutex_lock(&f->mu);
    free(s->msg);
    s->again = !msg;
    if (msg) {
        s->msg = arb_xstrdup(msg);
    } else {
        size_t cap = strlen(s->url) + 40;
        s->msg = arb_xcalloc(cap, 1);
        snprintf(s->msg, cap, "%s: answers again", s->url);
    }
    pthread_mutex_unlock(&f->mu);
    free(s->said);
    s->said = msg ? arb_xstrdup(msg) : NULL;
    if (f->wake[1] >= 0 && write(f->wake[1], "m", 1) < 0) {
        /* (a full pipe has news to read already) */
    }
}

/* Ask source s once: a new body handed on, a failure said. */
static void ask(struct arb_fetch *f, struct source *s)
{
    s->body_fd = memfd_create("arbiter-url", MFD_CLOEXEC);
    if (s->body_fd < 0) {
        char m[600];
        snprintf(m, sizeof m, "%s: cannot keep the answer: %s", s->url, strerror(errno));
        news_msg(f, s, m);
        return;
    }
    s->body_len = 0;
    s->body_hash = 14695981039346656037ULL;
    s->too_big = false;
    free(s->new_etag);
    free(s->new_modified);
    s->new_etag = s->new_modified = NULL;
    struct curl_slist *hdr = NULL;
    char line[600];
    if (s->etag) {
        snprintf(line, sizeof line, "If-None-Match: %s", s->etag);
        hdr = curl_slist_append(hdr, line);
    }
    if (s->modified) {
        snprintf(line, sizeof line, "If-Modified-Since: %s", s->modified);
        hdr = curl_slist_append(hdr, line);
    }
    curl_easy_setopt(s->h, CURLOPT_HTTPHEADER, hdr);
    CURLcode rc = curl_easy_perform(s->h);
    curl_easy_setopt(s->h, CURLOPT_HTTPHEADER, NULL);
    curl_slist_free_all(hdr);
    long code = 0;
    curl_easy_getinfo(s->h, CURLINFO_RESPONSE_CODE, &code);
    char msg[900] = "";
    if (atomic_load(&f->abort)) {
        close(s->body_fd);
        return;
    }
    if (rc != CURLE_OK)
        snprintf(msg, sizeof msg, "%s: %s", s->url,
                 s->too_big ? "the answer is over 256 MB: not a round's PGN" : curl_easy_strerror(rc));
    else if (code == 304)
        ;                         /* not modified */
    else if (code < 200 || code >= 300)
        snprintf(msg, sizeof msg, "%s: the server answers HTTP %ld", s->url, code);
    if (msg[0]) {
        close(s->body_fd);
        s->backoff_s = s->backoff_s ? s->backoff_s * 2 : f->interval_s * 2;
        if (s->backoff_s > BACKOFF_MAX_S)
            s->backoff_s = BACKOFF_MAX_S;
        char with[1000];
        snprintf(with, sizeof with, "%s; asked again less and less often (at most every %.0f s) until it answers", msg,
                 BACKOFF_MAX_S);
        news_msg(f, s, with);
        return;
    }
    s->backoff_s = 0;
    news_msg(f, s, NULL);
    if (code == 304 || (s->have_hash && s->body_hash == s->hash)) {
        close(s->body_fd);        /* the same round as before */
    } else {
        s->hash = s->body_hash;
        s->have_hash = true;
        lseek(s->body_fd, 0, SEEK_SET);
        pthread_mutex_lock(&f->mu);
        if (s->fd >= 0)
            close(s->fd);         /* (one the watch did not take yet: this one is newer) */
        s->fd = s->body_fd;
        pthread_mutex_unlock(&f->mu);
        if (f->wake[1] >= 0 && write(f->wake[1], "b", 1) < 0) {
            /* (news to read already) */
        }
    }
    if (code != 304) {
        free(s->etag);
        free(s->modified);
        s->etag = s->new_etag;
        s->modified = s->new_modified;
        s->new_etag = s->new_modified = NULL;
    }
}

static void *run(void *arg)
{
    struct arb_fetch *f = arg;
    pthread_mutex_lock(&f->mu);
    while (!f->stopping) {
        double now = now_ms(), next = -1;
        for (int i = 0; i < f->n && !f->stopping; i++) {
            struct source *s = &f->v[i];
            if (s->due <= now) {
                pthread_mutex_unlock(&f->mu);
                ask(f, s);
                pthread_mutex_lock(&f->mu);
                now = now_ms();
                s->due = now + 1000.0 * (s->backoff_s ? s->backoff_s : f->interval_s);
            }
            if (next < 0 || s->due < next)
                next = s->due;
        }
        if (f->stopping)
            break;
        double wait = next - now_ms();
        if (wait > 0) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            long long ns = (long long)until.tv_nsec + (long long)(wait * 1e6);
            until.tv_sec += (time_t)(ns / 1000000000LL);
            until.tv_nsec = (long)(ns % 1000000000LL);
            pthread_cond_timedwait(&f->cv, &f->mu, &until);
        }
    }
    pthread_mutex_unlock(&f->mu);
    return NULL;
}

static struct arb_fetch *make(char *const *urls, int n, double interval_s, char *err, size_t errlen)
{
    pthread_once(&api_once, api_load);
    if (api_error[0]) {
        snprintf(err, errlen, "%s", api_error);
        return NULL;
    }
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(err, errlen, "libcurl could not start");
        return NULL;
    }
    struct arb_fetch *f = arb_xcalloc(1, sizeof *f);
    f->n = n;
    f->interval_s = interval_s;
    f->wake[0] = f->wake[1] = -1;
    pthread_mutex_init(&f->mu, NULL);
    pthread_cond_init(&f->cv, NULL);
    f->v = arb_xcalloc((size_t)n, sizeof *f->v);
    for (int i = 0; i < n; i++) {
        struct source *s = &f->v[i];
        s->url = urls[i];
        s->fd = -1;
        s->h = curl_easy_init();
        if (!s->h) {
            snprintf(err, errlen, "libcurl could not start");
            arb_fetch_stop(f);
            return NULL;
        }
        curl_easy_setopt(s->h, CURLOPT_URL, s->url);
        curl_easy_setopt(s->h, CURLOPT_FOLLOWLOCATION, 1L);
        curl_easy_setopt(s->h, CURLOPT_MAXREDIRS, 5L);
        curl_easy_setopt(s->h, CURLOPT_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(s->h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(s->h, CURLOPT_CONNECTTIMEOUT, 10L);
        curl_easy_setopt(s->h, CURLOPT_TIMEOUT, TIMEOUT_S);
        curl_easy_setopt(s->h, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(s->h, CURLOPT_ACCEPT_ENCODING, "");   /* gzip, deflate, what libcurl has */
        curl_easy_setopt(s->h, CURLOPT_USERAGENT, "arbiter-watch (+https://github.com/; polite polling)");
        curl_easy_setopt(s->h, CURLOPT_WRITEFUNCTION, on_body);
        curl_easy_setopt(s->h, CURLOPT_WRITEDATA, s);
        curl_easy_setopt(s->h, CURLOPT_HEADERFUNCTION, on_header);
        curl_easy_setopt(s->h, CURLOPT_HEADERDATA, s);
        curl_easy_setopt(s->h, CURLOPT_NOPROGRESS, 0L);
        curl_easy_setopt(s->h, CURLOPT_XFERINFOFUNCTION, on_progress);
        curl_easy_setopt(s->h, CURLOPT_XFERINFODATA, f);
    }
    return f;
}

struct arb_fetch *arb_fetch_start(char *const *urls, int n, double interval_s, int *wake, char *err,
                                  size_t errlen)
{
    struct arb_fetch *f = make(urls, n, interval_s, err, errlen);
    if (!f)
        return NULL;
    if (pipe2(f->wake, O_CLOEXEC | O_NONBLOCK) < 0) {
        snprintf(err, errlen, "cannot make a pipe: %s", strerror(errno));
        f->wake[0] = f->wake[1] = -1;
        arb_fetch_stop(f);
        return NULL;
    }
    /* The thread takes no signal: SIGINT and SIGTERM are the watch's. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = pthread_create(&f->thread, NULL, run, f);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc) {
        snprintf(err, errlen, "cannot start a thread: %s", strerror(rc));
        arb_fetch_stop(f);
        return NULL;
    }
    f->threaded = true;
    *wake = f->wake[0];
    return f;
}

struct arb_fetch *arb_fetch_once(char *const *urls, int n, char *err, size_t errlen)
{
    struct arb_fetch *f = make(urls, n, 1, err, errlen);
    if (!f)
        return NULL;
    for (int i = 0; i < n; i++)
        ask(f, &f->v[i]);
    return f;
}

bool arb_fetch_take(struct arb_fetch *f, int i, int *fd, char **msg, bool *again)
{
    struct source *s = &f->v[i];
    pthread_mutex_lock(&f->mu);
    *fd = s->fd;
    *msg = s->msg;
    *again = s->again;
    s->fd = -1;
    s->msg = NULL;
    pthread_mutex_unlock(&f->mu);
    return *fd >= 0 || *msg;
}

void arb_fetch_drain(struct arb_fetch *f)
{
    char buf[256];
    while (f->wake[0] >= 0 && read(f->wake[0], buf, sizeof buf) > 0)
        ;
}

void arb_fetch_stop(struct arb_fetch *f)
{
    if (!f)
        return;
    atomic_store(&f->abort, true);
    pthread_mutex_lock(&f->mu);
    f->stopping = true;
    pthread_cond_broadcast(&f->cv);
    pthread_mutex_unlock(&f->mu);
    if (f->threaded)
        pthread_join(f->thread, NULL);
    for (int i = 0; i < f->n; i++) {
        struct source *s = &f->v[i];
        if (s->h)
            curl_easy_cleanup(s->h);
        if (s->fd >= 0)
            close(s->fd);
        free(s->etag);
        free(s->modified);
        free(s->new_etag);
        free(s->new_modified);
        free(s->said);
        free(s->msg);
    }
    free(f->v);
    for (int k = 0; k < 2; k++)
        if (f->wake[k] >= 0)
            close(f->wake[k]);
    pthread_mutex_destroy(&f->mu);
    pthread_cond_destroy(&f->cv);
    free(f);
    curl_global_cleanup();
}
