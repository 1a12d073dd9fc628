/* filter.c — see filter.h. */
#include "report/filter.h"

#define PCRE2_CODE_UNIT_WIDTH 8
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

bool arb_filter_game(const struct arb_filter *f, const struct arb_game *g)
{
    return !f->n_where || where_match(f->where, f->n_where, g);
}

int arb_filter_findings(const struct arb_filter *f, struct arb_findings *fs)
{
    if (!f || (!f->any_select && !f->ignore_any && f->min_severity <= ARB_SEV_INFO))
        return 0;
    return findings_filter(fs, f->select, f->ignore, f->min_severity);
}
