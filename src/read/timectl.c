/* timectl.c — see timectl.h. */
#include "read/timectl.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <ctype.h>
#include <pcre2.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The PGN standard's forms ------------------------------------------- */

/* A number of at most 7 digits at *s, with a fraction rounded to whole
 * seconds (engine matches write "10+0.05"); advances *s.  -1 if none. */
static long number(const char **s)
{
    if (!isdigit((unsigned char)**s))
        return -1;
    long v = 0;
    int digits = 0;
    while (isdigit((unsigned char)**s)) {
        if (++digits > 7)
            return -1;
        v = v * 10 + (**s - '0');
        (*s)++;
    }
    if (**s == '.' && isdigit((unsigned char)(*s)[1])) {
        (*s)++;
        if (**s >= '5')
            v++;
        while (isdigit((unsigned char)**s))
            (*s)++;
    }
    return v;
}

int arb_tc_parse_pgn(const char *s, struct arb_timecontrol *tc)
{
    memset(tc, 0, sizeof *tc);
    while (*s == ' ')
        s++;
    if (strcmp(s, "?") == 0 || !*s)
        return 0;
    if (strcmp(s, "-") == 0) {
        tc->untimed = true;
        return 0;
    }
    if (*s == '*') {
        s++;
        long secs = number(&s);
        if (secs <= 0 || *s)
            return -1;
        tc->sandclock = true;
        tc->n = 1;
        tc->p[0] = (struct arb_tc_period){.moves = 0, .seconds = (int)secs};
        return 0;
    }
    for (;;) {
        if (tc->n == ARB_TC_MAX_PERIODS)
            return -1;
        struct arb_tc_period *p = &tc->p[tc->n];
        long a = number(&s);
        if (a < 0)
            return -1;
        if (*s == '/') {
            s++;
            long secs = number(&s);
            if (a == 0 || secs < 0)
                return -1;
            p->moves = (int)a;
            p->seconds = (int)secs;
        } else {
            p->seconds = (int)a;
        }
        if (*s == '+') {
            s++;
            long inc = number(&s);
            if (inc < 0)
                return -1;
            p->increment = (int)inc;
        }
        tc->n++;
        if (!*s)
            break;
        if (*s != ':' || !p->moves)
            return -1;   /* only a period with a move count can be followed */
        s++;
    }
    return tc->p[0].seconds > 0 || tc->p[0].increment > 0 ? 0 : -1;
}

/* ---- The forms people write (PCRE2) -------------------------------------- */

/* Each pattern and how its groups fill a time control.  Digits are ASCII
 * [0-9]: under PCRE2_UCP \d would take any script's digits (a fuzzed "٩"
 * made a negative number of minutes). */
enum shape { BASE_INC, TWO_PERIODS, GAME_IN, BASE_DELAY, DELAY_ONLY, BASE_ONLY, BASE_BRONSTEIN };

static const struct {
    enum shape shape;
    const char *pattern;
} patterns[] = {
    /* 90+30, 90'+30'', 5 min + 3 s, 90 + 30 s/move, 90 min inc 30 */
    {BASE_INC, "^\\s*([0-9]{1,4})\\s*(?:'|\\x{2032}|\\x{2019}|min(?:utes?)?\\.?|m)?\\s*(?:\\+|inc(?:rement)?)\\s*([0-9]{1,3})\\s*"
               "(?:''|\"|\\x{2033}|\\x{201D}|s(?:ec(?:onds?)?)?\\.?)?\\s*(?:increment\\s*)?(?:(?:/|per)\\s*(?:move|mv))?"
               "(?:\\s*,?\\s*(?:starting\\s+)?from\\s+move\\s+1)?\\s*$"},
    /* 90 min/40 moves + 30 min + 30 s/move */
    {TWO_PERIODS, "^\\s*([0-9]{1,4})\\s*(?:'|min(?:utes?)?)\\s*(?:/|for|in)\\s*([0-9]{1,3})\\s*moves?\\s*,?\\s*\\+\\s*"
                  "([0-9]{1,4})\\s*(?:'|min(?:utes?)?)\\s*(?:\\+\\s*([0-9]{1,3})\\s*(?:''|\"|s(?:ec(?:onds?)?)?)\\s*"
                  "(?:/\\s*move|per\\s+move)(?:\\s*from\\s+move\\s+1)?)?\\s*$"},
    /* G/90;inc30, G/90;+30, G/90;d5, G90 */
    {GAME_IN, "^\\s*G\\s*/?\\s*([0-9]{1,4})\\s*(?:;?\\s*(?:inc\\s*|\\+\\s*)([0-9]{1,3})|;?\\s*d\\s*([0-9]{1,3}))?\\s*$"},
    /* 90 d5 */
    {BASE_DELAY, "^\\s*([0-9]{1,4})\\s*(?:'|min(?:utes?)?)?\\s*d\\s*([0-9]{1,3})\\s*$"},
    /* d5 */
    {DELAY_ONLY, "^\\s*d\\s*([0-9]{1,3})\\s*$"},
    /* 90 b5, 90 min + Bronstein 5 s */
    {BASE_BRONSTEIN, "^\\s*([0-9]{1,4})\\s*(?:'|min(?:utes?)?)?\\s*\\+?\\s*(?:b|bronstein)\\s*([0-9]{1,3})\\s*(?:s(?:ec(?:onds?)?)?)?\\s*$"},
    /* 90', 90 min */
    {BASE_ONLY, "^\\s*([0-9]{1,4})\\s*(?:'|\\x{2032}|min(?:utes?)?)\\s*$"},
};
#define N_PATTERNS (sizeof patterns / sizeof patterns[0])

static pcre2_code *compiled[N_PATTERNS];
static pthread_once_t compile_once = PTHREAD_ONCE_INIT;

static void compile_all(void)
{
    for (size_t i = 0; i < N_PATTERNS; i++) {
        int err;
        PCRE2_SIZE off;
        compiled[i] = pcre2_compile((PCRE2_SPTR)patterns[i].pattern, PCRE2_ZERO_TERMINATED,
                                    PCRE2_CASELESS | PCRE2_UTF | PCRE2_UCP, &err, &off, NULL);
        if (compiled[i])
            pcre2_jit_compile(compiled[i], PCRE2_JIT_COMPLETE);
    }
}

static long group(pcre2_match_data *md, const char *s, int g)
{
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    if ((int)pcre2_get_ovector_count(md) <= g || ov[2 * g] == PCRE2_UNSET)
        return -1;
    long v = 0;
    for (PCRE2_SIZE i = ov[2 * g]; i < ov[2 * g + 1]; i++) {
        if (s[i] < '0' || s[i] > '9' || v > 100000)
            return -1;              /* (the patterns take ASCII digits, a few of them) */
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

static void fill(enum shape shape, pcre2_match_data *md, const char *s, struct arb_timecontrol *tc)
{
    memset(tc, 0, sizeof *tc);
    tc->n = 1;
    struct arb_tc_period *p = &tc->p[0];
    switch (shape) {
    case BASE_INC: {
        long a = group(md, s, 1), b = group(md, s, 2);
        /* "5400+30" is the PGN standard's seconds; nobody plays 300 minutes. */
        p->seconds = (int)(a >= 300 ? a : a * 60);
        p->increment = (int)b;
        break;
    }
    case TWO_PERIODS: {
        long inc = group(md, s, 4);
        tc->n = 2;
        p->seconds = (int)group(md, s, 1) * 60;
        p->moves = (int)group(md, s, 2);
        tc->p[1].seconds = (int)group(md, s, 3) * 60;
        if (inc > 0)
            p->increment = tc->p[1].increment = (int)inc;
        break;
    }
    case GAME_IN: {
        long inc = group(md, s, 2), delay = group(md, s, 3);
        p->seconds = (int)group(md, s, 1) * 60;
        if (inc > 0)
            p->increment = (int)inc;
        if (delay > 0) {
            p->delay = (int)delay;
            tc->delay_kind = ARB_DELAY_SIMPLE;
        }
        break;
    }
    case BASE_DELAY:
        p->seconds = (int)group(md, s, 1) * 60;
        p->delay = (int)group(md, s, 2);
        tc->delay_kind = ARB_DELAY_SIMPLE;
        break;
    case DELAY_ONLY:
        p->seconds = -1;
        p->delay = (int)group(md, s, 1);
        tc->delay_kind = ARB_DELAY_SIMPLE;
        break;
    case BASE_ONLY:
        p->seconds = (int)group(md, s, 1) * 60;
        break;
    case BASE_BRONSTEIN:
        p->seconds = (int)group(md, s, 1) * 60;
        p->delay = (int)group(md, s, 2);
        tc->delay_kind = ARB_DELAY_BRONSTEIN;
        break;
    }
}

/* The patterns' runs of optional \s* backtrack polynomially over a long
 * run of white space (a fuzzed 373-byte tag took seconds): they see the
 * text with each run of ASCII white space made one space, and a match
 * limit stops any other pathological case (no match, then). */
#define TC_MATCH_LIMIT 100000

static int match_patterns(const char *text, size_t text_len, size_t first, size_t last, struct arb_timecontrol *tc)
{
    pthread_once(&compile_once, compile_all);
    if (text_len > 200)
        return -1;
    char s[201];
    size_t len = 0;
    for (size_t i = 0; i < text_len; i++) {
        bool space = text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n' || text[i] == '\f'
                     || text[i] == '\v';
        if (!space)
            s[len++] = text[i];
        else if (len == 0 || s[len - 1] != ' ')
            s[len++] = ' ';
    }
    s[len] = '\0';
    pcre2_match_context *mc = pcre2_match_context_create(NULL);
    if (!mc)
        return -1;
    pcre2_set_match_limit(mc, TC_MATCH_LIMIT);
    for (size_t i = first; i <= last && i < N_PATTERNS; i++) {
        if (!compiled[i])
            continue;
        pcre2_match_data *md = pcre2_match_data_create_from_pattern(compiled[i], NULL);
        if (!md)
            break;
        int rc = pcre2_match(compiled[i], (PCRE2_SPTR)s, len, 0, 0, md, mc);
        if (rc > 0) {
            fill(patterns[i].shape, md, s, tc);
            pcre2_match_data_free(md);
            pcre2_match_context_free(mc);
            /* No time at all is no time control. */
            return tc->p[0].seconds > 0 || tc->p[0].increment > 0 || tc->p[0].delay > 0 ? 0 : -1;
        }
        pcre2_match_data_free(md);
    }
    pcre2_match_context_free(mc);
    return -1;
}

int arb_tc_parse_human(const char *s, struct arb_timecontrol *tc)
{
    if (match_patterns(s, strlen(s), 0, N_PATTERNS - 1, tc) == 0)
        return 0;
    return arb_tc_parse_pgn(s, tc) == 0 && tc->n ? 0 : -1;
}

int arb_tc_find_in_text(const char *s, struct arb_timecontrol *tc)
{
    /* Candidate stretches: from a digit (or "G/") to the end of the run of
     * time-control characters; a stretch must carry a unit or a mark. */
    size_t len = strlen(s);
    for (size_t i = 0; i < len; i++) {
        bool start = isdigit((unsigned char)s[i]) && (i == 0 || !isalnum((unsigned char)s[i - 1]));
        start |= (s[i] == 'G' || s[i] == 'g') && s[i + 1] == '/' && (i == 0 || !isalnum((unsigned char)s[i - 1]));
        if (!start)
            continue;
        size_t j = i;
        while (j < len && (isalnum((unsigned char)s[j]) || strchr(" '\"+/;.", s[j]) || (unsigned char)s[j] >= 0x80))
            j++;
        /* Try the longest stretch first, then shorter ones word by word. */
        for (size_t end = j; end > i; end--) {
            if (end < len && end != j && s[end] != ' ')
                continue;
            char buf[201];
            size_t n = end - i;
            if (n > 200)
                continue;
            memcpy(buf, s + i, n);
            buf[n] = 0;
            bool marked = strpbrk(buf, "'\"") || strstr(buf, "min") || strstr(buf, "G/") || strstr(buf, "g/")
                          || strstr(buf, "sec") || strstr(buf, "\xE2\x80");
            if (marked && match_patterns(buf, n, 0, N_PATTERNS - 1, tc) == 0)
                return 0;
        }
        i = j;
    }
    return -1;
}

char *arb_tc_format(const struct arb_timecontrol *tc, char *out, unsigned size)
{
    if (tc->untimed) {
        snprintf(out, size, "-");
        return out;
    }
    if (!tc->n) {
        snprintf(out, size, "?");
        return out;
    }
    size_t at = 0;
    out[0] = 0;
    for (int i = 0; i < tc->n && at < size; i++) {
        const struct arb_tc_period *p = &tc->p[i];
        int w;
        if (tc->sandclock)
            w = snprintf(out + at, size - at, "*%d", p->seconds);
        else if (p->seconds < 0)
            w = snprintf(out + at, size - at, "?");
        else if (p->moves)
            w = snprintf(out + at, size - at, "%s%d/%d", i ? ":" : "", p->moves, p->seconds);
        else
            w = snprintf(out + at, size - at, "%s%d", i ? ":" : "", p->seconds);
        if (w < 0)
            break;
        at += (size_t)w;
        if (p->increment && at < size)
            at += (size_t)snprintf(out + at, size - at, "+%d", p->increment);
        if (p->delay && at < size)
            at += (size_t)snprintf(out + at, size - at, "%c%d", tc->delay_kind == ARB_DELAY_BRONSTEIN ? 'd' : 'D',
                                   p->delay);
    }
    return out;
}

/* ---- Clock comments ------------------------------------------------------ */

/* "h:mm:ss", "h:mm:ss.s", "mm:ss" at s (within end): tenths, or -1. */
static long clock_time(const char *s, const char *end)
{
    long parts[3];
    int n = 0;
    long tenths = 0;
    while (s < end && *s == ' ')
        s++;
    while (n < 3 && s < end && isdigit((unsigned char)*s)) {
        long v = 0;
        int digits = 0;
        while (s < end && isdigit((unsigned char)*s) && digits < 6) {
            v = v * 10 + (*s++ - '0');
            digits++;
        }
        parts[n++] = v;
        if (s < end && *s == ':')
            s++;
        else
            break;
    }
    if (n < 2)
        return -1;
    if (s < end && *s == '.') {
        s++;
        if (s < end && isdigit((unsigned char)*s))
            tenths = *s++ - '0';
        while (s < end && isdigit((unsigned char)*s))
            s++;
    }
    while (s < end && *s == ' ')
        s++;
    if (s < end && *s != ']')
        return -1;
    long secs = n == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : parts[0] * 60 + parts[1];
    if ((n == 3 && (parts[1] > 59 || parts[2] > 59)) || (n == 2 && parts[1] > 59))
        return -1;
    return secs * 10 + tenths;
}

char *arb_clock_format(long tenths, char out[ARB_CLOCK_TEXT_MAX])
{
    long secs = tenths / 10;
    if (tenths % 10)
        snprintf(out, ARB_CLOCK_TEXT_MAX, "%ld:%02ld:%02ld.%ld", secs / 3600, secs / 60 % 60, secs % 60, tenths % 10);
    else
        snprintf(out, ARB_CLOCK_TEXT_MAX, "%ld:%02ld:%02ld", secs / 3600, secs / 60 % 60, secs % 60);
    return out;
}

void arb_clock_comment_parse(const char *text, unsigned len, struct arb_clock_comment *out)
{
    out->clk = out->emt = -1;
    const char *end = text + len;
    /* A bare "h:mm:ss" (the comment's braces may be part of the text). */
    const char *a = text, *z = end;
    while (a < z && (*a == '{' || *a == ' '))
        a++;
    while (z > a && (z[-1] == '}' || z[-1] == ' '))
        z--;
    if (z - a >= 7 && z - a <= 10 && memchr(a, ':', (size_t)(z - a)) && a[z - a - 3] == ':') {
        int colons = 0;
        bool only = true;
        for (const char *q = a; q < z; q++) {
            colons += *q == ':';
            only &= isdigit((unsigned char)*q) || *q == ':' || *q == '.';
        }
        if (only && colons == 2) {
            char buf[16];
            memcpy(buf, a, (size_t)(z - a));
            buf[z - a] = ']';
            out->clk = clock_time(buf, buf + (z - a) + 1);
            return;
        }
    }
    for (const char *p = text; p + 5 < end; p++) {
        if (p[0] != '[' || p[1] != '%')
            continue;
        const char *close = memchr(p, ']', (size_t)(end - p));
        if (!close)
            return;
        if (strncmp(p + 2, "clk ", 4) == 0)
            out->clk = clock_time(p + 6, close + 1);
        else if (strncmp(p + 2, "emt ", 4) == 0)
            out->emt = clock_time(p + 6, close + 1);
        p = close;
    }
}
