/* filter.c — see filter.h. */
#include "report/filter.h"

#include "base/name.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <ctype.h>
#include <limits.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A pattern that backtracks without end stops here (and does not match). */
#define MATCH_LIMIT 1000000

/* Compile a --where pattern (PCRE2, UTF-8, JIT, a match limit).  NULL and
 * a message in msg when it is no valid pattern. */
static void *where_compile(const char *pattern, char *msg, size_t msglen)
{
    int err;
    PCRE2_SIZE off;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_UCP, &err, &off, NULL);
    if (!code) {
        PCRE2_UCHAR text[120];
        pcre2_get_error_message(err, text, sizeof text);
        snprintf(msg, msglen, "bad regular expression '%s' at offset %zu: %s", pattern, (size_t)off, (char *)text);
        return NULL;
    }
    pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);
    return code;
}

static void where_free(void *code)
{
    pcre2_code_free(code);
}

/* Whether every condition holds for the game (a missing tag is ""). */
static bool where_match(const struct arb_where *w, int n, const struct arb_game *g)
{
    for (int i = 0; i < n; i++) {
        const char *value = arb_game_tag(g, w[i].tag);
        if (!value)
            value = "";
        pcre2_code *code = w[i].code;
        pcre2_match_data *md = pcre2_match_data_create_from_pattern(code, NULL);
        pcre2_match_context *mc = pcre2_match_context_create(NULL);
        if (!md || !mc) {
            pcre2_match_data_free(md);
            pcre2_match_context_free(mc);
            return false;
        }
        pcre2_set_match_limit(mc, MATCH_LIMIT);
        /* Tag values were decoded to UTF-8 by the reader; an invalid
         * sequence simply does not match. */
        int rc = pcre2_match(code, (PCRE2_SPTR)value, strlen(value), 0, 0, md, mc);
        pcre2_match_data_free(md);
        pcre2_match_context_free(mc);
        if (rc < 0)
            return false;
    }
    return true;
}

static int findings_filter(struct arb_findings *f, const bool *select, const bool *ignore, int min_severity)
{
    int k = 0;
    for (int i = 0; i < f->n; i++)
        if (select[f->v[i].code] && !ignore[f->v[i].code] && (int)f->v[i].severity >= min_severity)
            f->v[k++] = f->v[i];
    int left_out = f->n - k;
    f->n = k;
    return left_out;
}

void arb_filter_init(struct arb_filter *f)
{
    memset(f, 0, sizeof *f);
    for (int i = 0; i < ARB_F_COUNT; i++)
        f->select[i] = true;
    f->min_severity = ARB_SEV_INFO;
}

void arb_filter_fini(struct arb_filter *f)
{
    for (int i = 0; i < f->n_where; i++) {
        free(f->where[i].tag);
        where_free(f->where[i].code);
    }
    free(f->where);
    f->where = NULL;
    f->n_where = 0;
    for (int i = 0; i < f->n_players; i++)
        free(f->players[i]);
    free(f->players);
    f->players = NULL;
    f->n_players = 0;
}

bool arb_filter_add_where(struct arb_filter *f, const char *tag, size_t tag_len, const char *pattern, char *msg,
                          size_t msglen)
{
    void *code = where_compile(pattern, msg, msglen);
    if (!code)
        return false;
    struct arb_where *w = realloc(f->where, (size_t)(f->n_where + 1) * sizeof *w);
    char *t = strndup(tag, tag_len);
    if (!w || !t) {
        free(t);
        if (w)
            f->where = w;
        where_free(code);
        snprintf(msg, msglen, "out of memory");
        return false;
    }
    f->where = w;
    w[f->n_where].tag = t;
    w[f->n_where].code = code;
    f->n_where++;
    return true;
}

static bool in_range(const struct arb_range *r, long v)
{
    return v >= r->min && v <= r->max;
}

/* A date "YYYY.MM.DD" (or with '-' or '/'), parts unknown as "??" or
 * left out: the first and the last day it can mean (yyyymmdd); false when
 * not even the year is known. */
static bool date_span(const char *s, bool strict, long *lo, long *hi)
{
    int part[3] = {-1, -1, -1}, n = 0;
    const char *p = s;
    while (n < 3 && *p) {
        if (isdigit((unsigned char)*p)) {
            long v = 0;
            int digits = 0;
            while (isdigit((unsigned char)*p) && digits < 5) {
                v = v * 10 + (*p++ - '0');
                digits++;
            }
            if (isdigit((unsigned char)*p))
                return false;
            part[n] = (int)v;
        } else if (*p == '?') {
            while (*p == '?')
                p++;
        } else {
            return false;
        }
        n++;
        if (*p == '.' || *p == '-' || *p == '/')
            p++;
        else if (*p)
            return false;
    }
    if (part[0] < 1 || part[0] > 9999)
        return false;
    /* A month or day that cannot be ("2011.19.11": day and month swapped)
     * is as unknown as "??" in a game (strict: a date the user gave). */
    if (strict && ((part[1] >= 0 && (part[1] < 1 || part[1] > 12)) || (part[2] >= 0 && (part[2] < 1 || part[2] > 31))
                   || (part[1] < 0 && part[2] >= 0)))
        return false;
    if (part[1] < 1 || part[1] > 12)
        part[1] = part[2] = -1;
    if (part[2] < 1 || part[2] > 31)
        part[2] = -1;
    *lo = part[0] * 10000L + (part[1] > 0 ? part[1] : 1) * 100 + (part[2] > 0 ? part[2] : 1);
    *hi = part[0] * 10000L + (part[1] > 0 ? part[1] : 12) * 100 + (part[2] > 0 ? part[2] : 31);
    return true;
}

/* "B20" (a code of A00..E99, what follows ignored: "B20a") as 100 * (letter
 * - 'A') + number; -1 if it is none. */
static int eco_code(const char *s)
{
    if (!s || s[0] < 'A' || s[0] > 'E' || !isdigit((unsigned char)s[1]) || !isdigit((unsigned char)s[2]))
        return -1;
    return (s[0] - 'A') * 100 + (s[1] - '0') * 10 + (s[2] - '0');
}

static bool tag_int(const struct arb_game *g, const char *name, long *v)
{
    const char *s = arb_game_tag(g, name);
    if (!s || !isdigit((unsigned char)*s))
        return false;
    char *end;
    *v = strtol(s, &end, 10);
    return *end == 0;
}

static bool selected(const struct arb_filter *f, const struct arb_game *g)
{
    for (int i = 0; i < f->n_players; i++) {
        const char *w = arb_game_tag(g, "White"), *b = arb_game_tag(g, "Black");
        if (!(w && arb_name_match(f->players[i], w)) && !(b && arb_name_match(f->players[i], b)))
            return false;
    }
    if (f->date.on) {
        const char *d = arb_game_tag(g, "Date");
        long lo, hi;
        if (!(d && date_span(d, false, &lo, &hi)) && !(arb_game_tag(g, "EventDate")
                                                      && date_span(arb_game_tag(g, "EventDate"), false, &lo, &hi)))
            return false;
        if (lo < f->date.min || hi > f->date.max)
            return false;
    }
    if (f->elo.on) {
        long w, b;
        if (!tag_int(g, "WhiteElo", &w) || !tag_int(g, "BlackElo", &b) || !in_range(&f->elo, w)
            || !in_range(&f->elo, b))
            return false;
    }
    if (f->eco.on) {
        int e = eco_code(arb_game_tag(g, "ECO"));
        if (e < 0 || !in_range(&f->eco, e))
            return false;
    }
    return true;
}

bool arb_filter_game(const struct arb_filter *f, const struct arb_game *g)
{
    return (!f->n_where || where_match(f->where, f->n_where, g)) && selected(f, g);
}

bool arb_filter_selects(const struct arb_filter *f)
{
    return f->n_where || f->n_players || f->date.on || f->elo.on || f->plies.on || f->eco.on || f->position;
}

bool arb_filter_outcome(const struct arb_filter *f, const struct arb_outcome *oc)
{
    if (f->plies.on && !in_range(&f->plies, oc->followed_plies))
        return false;
    return !f->position || oc->reached > 0;
}

/* "A..B", "A..", "..B" or "A": each end read by one(); open ends INT_MIN
 * and INT_MAX; one(text, len, is_max, &v). */
static bool range(const char *arg, struct arb_range *r, bool (*one)(const char *, size_t, bool, int *))
{
    const char *dots = strstr(arg, "..");
    size_t n1 = dots ? (size_t)(dots - arg) : strlen(arg);
    const char *b = dots ? dots + 2 : arg;
    size_t n2 = strlen(b);
    r->min = INT_MIN;
    r->max = INT_MAX;
    if (dots && !n1 && !n2)
        return false;
    if (n1 && !one(arg, n1, false, &r->min))
        return false;
    if (n2 && !one(b, n2, true, &r->max))
        return false;
    r->on = true;
    return r->min <= r->max;
}

static bool one_int(const char *s, size_t n, bool is_max, int *v)
{
    (void)is_max;
    char buf[16];
    if (n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = 0;
    char *end;
    long x = strtol(buf, &end, 10);
    if (!isdigit((unsigned char)buf[0]) || *end || x > 1000000)
        return false;
    *v = (int)x;
    return true;
}

static bool one_date(const char *s, size_t n, bool is_max, int *v)
{
    char buf[16];
    if (n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = 0;
    long lo, hi;
    if (!date_span(buf, true, &lo, &hi))
        return false;
    *v = (int)(is_max ? hi : lo);
    return true;
}

static bool one_eco(const char *s, size_t n, bool is_max, int *v)
{
    if (n == 1 && s[0] >= 'A' && s[0] <= 'E') {
        *v = (s[0] - 'A') * 100 + (is_max ? 99 : 0);   /* a whole volume */
        return true;
    }
    char buf[4];
    if (n != 3)
        return false;
    memcpy(buf, s, 3);
    buf[3] = 0;
    return (*v = eco_code(buf)) >= 0;
}

bool arb_filter_set_player(struct arb_filter *f, const char *name, char *msg, size_t msglen)
{
    char folded[256];
    arb_name_fold(name, folded, sizeof folded);
    if (!folded[0]) {
        snprintf(msg, msglen, "'%s' is no name", name);
        return false;
    }
    char **v = realloc(f->players, (size_t)(f->n_players + 1) * sizeof *v);
    char *copy = strdup(name);
    if (!v || !copy) {
        free(copy);
        if (v)
            f->players = v;
        snprintf(msg, msglen, "out of memory");
        return false;
    }
    f->players = v;
    v[f->n_players++] = copy;
    return true;
}

/* A range option's value into r; else a message: what is wanted, and
 * examples of it. */
static bool set_range(struct arb_range *r, const char *arg, bool (*one)(const char *, size_t, bool, int *),
                      const char *what, const char *examples, char *msg, size_t msglen)
{
    if (range(arg, r, one))
        return true;
    snprintf(msg, msglen, "cannot read the %s '%s' (%s)", what, arg, examples);
    return false;
}

bool arb_filter_set_date(struct arb_filter *f, const char *arg, char *msg, size_t msglen)
{
    return set_range(&f->date, arg, one_date, "dates", "FROM..TO, e.g. 2023.06..2024, 2020.01.15.., ..1999", msg,
                     msglen);
}

bool arb_filter_set_elo(struct arb_filter *f, const char *arg, char *msg, size_t msglen)
{
    return set_range(&f->elo, arg, one_int, "ratings", "MIN..MAX, e.g. 2500.., 2000..2199", msg, msglen);
}

bool arb_filter_set_plies(struct arb_filter *f, const char *arg, char *msg, size_t msglen)
{
    return set_range(&f->plies, arg, one_int, "half-moves", "MIN..MAX, e.g. 40.., ..20", msg, msglen);
}

bool arb_filter_set_eco(struct arb_filter *f, const char *arg, char *msg, size_t msglen)
{
    return set_range(&f->eco, arg, one_eco, "ECO codes", "A00..E99, e.g. B20..B99, C, E60..", msg, msglen);
}

bool arb_filter_set_position(struct arb_filter *f, const char *fen, char *msg, size_t msglen)
{
    /* A whole FEN, or its placement alone (either side to move). */
    char err[200] = "";
    if (arb_pos_from_fen(&f->reach, fen, false, err, sizeof err) == 0) {
        f->position = true;
        return true;
    }
    if (!strchr(fen, ' ') && strlen(fen) < 100) {
        for (int side = 0; side < 2; side++) {
            char full[128];
            snprintf(full, sizeof full, "%s %c - - 0 1", fen, side ? 'b' : 'w');
            if (arb_pos_from_fen(&f->reach, full, false, NULL, 0) == 0) {
                f->position = true;
                return true;
            }
        }
    }
    snprintf(msg, msglen, "'%s' is no position: %s", fen, err[0] ? err : "cannot read it");
    return false;
}

int arb_filter_findings(const struct arb_filter *f, struct arb_findings *fs)
{
    if (!f || (!f->any_select && !f->ignore_any && f->min_severity <= ARB_SEV_INFO))
        return 0;
    return findings_filter(fs, f->select, f->ignore, f->min_severity);
}
