/* trf.c — the TRF-16 reader (see trf.h).
 *
 * The file is read whole (a tournament's report is small), split into
 * lines in place; a line that is not UTF-8 is taken as Latin-1 (the code
 * page of older exports) and converted, so that columns count characters
 * and names compare as text.  Fields are cut by character columns, as the
 * specification numbers them.
 */
#include "read/trf.h"
#include "read/magic.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "base/util.h"

#define TRF_MAX_BYTES (64u << 20)   /* a larger file is no tournament report */
#define TRF_MAX_RANK 9999
#define TRF_MAX_ROUNDS 999

/* One line while it is read: its text and where each character starts. */
struct line {
    const char *s;
    size_t len;
    uint32_t *at;                 /* at[i]: byte offset of character i; at[n] = len */
    uint32_t n;                   /* characters */
    uint32_t no;                  /* line number */
};

static void add_error(struct arb_trf *t, uint32_t line, uint32_t col, const char *fmt, ...) ARB_PRINTF(4, 5);
static void add_error(struct arb_trf *t, uint32_t line, uint32_t col, const char *fmt, ...)
{
    if (t->n_errors == t->cap_errors) {
        t->cap_errors = t->cap_errors ? 2 * t->cap_errors : 16;
        t->errors = arb_xrealloc(t->errors, (size_t)t->cap_errors * sizeof *t->errors);
    }
    struct arb_buf b = {0};
    va_list ap;
    va_start(ap, fmt);
    arb_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    t->errors[t->n_errors++] = (struct arb_trf_error){.line = line, .col = col, .message = b.data};
}

/* Characters c1..c2 (1-based, inclusive) of the line, blanks trimmed; the
 * part the line holds (empty past its end).  *col: the column of the first
 * character kept (c1 when nothing is). */
static const char *field(const struct line *l, uint32_t c1, uint32_t c2, size_t *n, uint32_t *col)
{
    if (col)
        *col = c1;
    if (c1 > l->n) {
        *n = 0;
        return l->s + l->len;
    }
    if (c2 > l->n)
        c2 = l->n;
    while (c1 <= c2 && l->s[l->at[c1 - 1]] == ' ')
        c1++;
    while (c2 >= c1 && l->s[l->at[c2 - 1]] == ' ')
        c2--;
    if (col && c1 <= c2)
        *col = c1;
    if (c1 > c2) {
        *n = 0;
        return l->s + l->len;
    }
    *n = l->at[c2] - l->at[c1 - 1];
    return l->s + l->at[c1 - 1];
}

/* The character at column c (a byte; ' ' past the line's end, 0x80 for a
 * character that is not ASCII). */
static char char_at(const struct line *l, uint32_t c)
{
    if (c < 1 || c > l->n)
        return ' ';
    unsigned char ch = (unsigned char)l->s[l->at[c - 1]];
    return ch < 0x80 ? (char)ch : (char)0x80;
}

static bool all_digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return n > 0;
}

static long to_long(const char *s, size_t n)
{
    long v = 0;
    for (size_t i = 0; i < n && v < 100000000000000L; i++)
        v = v * 10 + (s[i] - '0');
    return v;
}

/* "11.5", "2,0", "3": tenths; -1 if it is no number of points. */
static int points10(const char *s, size_t n)
{
    size_t i = 0;
    int v = 0;
    bool digits = false;
    while (i < n && s[i] >= '0' && s[i] <= '9' && v < 100000) {
        v = v * 10 + (s[i++] - '0');
        digits = true;
    }
    v *= 10;
    if (i < n && (s[i] == '.' || s[i] == ',')) {
        i++;
        if (i < n && s[i] >= '0' && s[i] <= '9') {
            v += s[i++] - '0';
            digits = true;
        }
        while (i < n && s[i] == '0')
            i++;
    }
    return digits && i == n ? v : -1;
}

static char *dup_field(const char *s, size_t n)
{
    char *d = arb_xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

/* The strings the table owns beside its text: freed with it. */
struct owned {
    char **v;
    int n, cap;
};

static const char *keep(struct owned *o, char *s)
{
    if (o->n == o->cap) {
        o->cap = o->cap ? 2 * o->cap : 64;
        o->v = arb_xrealloc(o->v, (size_t)o->cap * sizeof *o->v);
    }
    return o->v[o->n++] = s;
}

static bool result_code(char c, char *out)
{
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    if (!strchr("10=+-WDLHFUZ ", c) || c == 0)
        return false;
    *out = c;
    return true;
}

/* A player line whose columns from `from` on stand `by` columns off their
 * place (one character too many or too few before them): read as if in
 * place.  {0, 0}: none. */
struct shift {
    uint32_t from;
    int by;
};

/* Where column c of the specification stands in a line shifted so. */
static uint32_t at(const struct shift *sh, uint32_t c)
{
    return sh->by && c >= sh->from ? (uint32_t)((int)c + sh->by) : c;
}

/* The field of columns c1..c2 of the specification (see field()). */
static const char *field_at(const struct line *l, const struct shift *sh, uint32_t c1, uint32_t c2, size_t *n,
                            uint32_t *col)
{
    return field(l, at(sh, c1), at(sh, c2 + 1) - 1, n, col);
}

/* One round block of a player line: columns s .. s+9 (s = 90 + 10(r-1)):
 * two blanks, opponent (4), blank, colour, blank, result.  False with an
 * error when it cannot be read. */
static bool read_block(struct arb_trf *t, const struct line *l, uint32_t s, int r, struct arb_trf_round *out)
{
    memset(out, 0, sizeof *out);
    out->col = s + 2;
    out->colour = '-';
    out->result = ' ';
    for (uint32_t c = s; c < s + 2; c++)
        if (char_at(l, c) != ' ') {
            add_error(t, l->no, c, "round %d: the block does not fit its columns (%u-%u): '%c' where a blank "
                      "belongs", r, s, s + 9, char_at(l, c) == (char)0x80 ? '?' : char_at(l, c));
            return false;
        }
    size_t n;
    uint32_t col;
    const char *opp = field(l, s + 2, s + 5, &n, &col);
    if (n && !all_digits(opp, n)) {
        add_error(t, l->no, col, "round %d: the opponent's start rank is not a number: '%.*s'", r, (int)n, opp);
        return false;
    }
    out->opp = n ? (int)to_long(opp, n) : 0;
    if (char_at(l, s + 6) != ' ' || char_at(l, s + 8) != ' ') {
        uint32_t c = char_at(l, s + 6) != ' ' ? s + 6 : s + 8;
        add_error(t, l->no, c, "round %d: the block does not fit its columns (%u-%u): a blank belongs at column %u",
                  r, s, s + 9, c);
        return false;
    }
    char colour = char_at(l, s + 7);
    if (colour == 'W' || colour == 'B')
        colour = (char)(colour - 'A' + 'a');
    if (colour == ' ')
        colour = '-';
    if (colour != 'w' && colour != 'b' && colour != '-') {
        add_error(t, l->no, s + 7, "round %d: unknown colour '%c' (w, b or -)", r,
                  colour == (char)0x80 ? '?' : colour);
        return false;
    }
    out->colour = colour;
    char res;
    if (!result_code(char_at(l, s + 9), &res)) {
        char c = char_at(l, s + 9);
        add_error(t, l->no, s + 9, "round %d: unknown result code '%c' (1 0 = + - W D L H F U Z)", r,
                  c == (char)0x80 ? '?' : c);
        return false;
    }
    out->result = res;
    if (arb_trf_played(res) && (out->opp == 0 || colour == '-')) {
        add_error(t, l->no, out->opp == 0 ? s + 2 : s + 7, "round %d: result '%c' is a game played, but the "
                  "block names %s", r, res, out->opp == 0 ? "no opponent" : "no colour");
        return false;
    }
    if (out->opp && strchr("HFUZ", res)) {
        add_error(t, l->no, s + 9, "round %d: result '%c' is a bye, but the block names opponent %d", r, res, out->opp);
        return false;
    }
    return true;
}

/* Read a player line as shifted by sh into *p (its name and rounds
 * malloc'd); errors go to t (the caller may take them back). */
static void parse_player(struct arb_trf *t, const struct line *l, const struct shift *sh, struct arb_trf_player *p)
{
    size_t n;
    uint32_t col;
    memset(p, 0, sizeof *p);
    const char *s = field_at(l, sh, 5, 8, &n, &col);
    if (!all_digits(s, n) || to_long(s, n) < 1 || to_long(s, n) > TRF_MAX_RANK) {
        add_error(t, l->no, col, "the start rank (columns 5-8) is not a number from 1 to 9999: '%.*s'",
                  (int)(n > 40 ? 40 : n), s);
        return;
    }
    int rank = (int)to_long(s, n);
    if (t->by_rank[rank] >= 0) {
        add_error(t, l->no, col, "start rank %d is given twice (line %u too)", rank,
                  t->players[t->by_rank[rank]].line);
        return;
    }
    p->rank = rank;
    p->line = l->no;
    s = field_at(l, sh, 15, 47, &n, NULL);
    p->name = dup_field(s, n);
    s = field_at(l, sh, 49, 52, &n, NULL);
    if (all_digits(s, n))
        p->rating = (int)to_long(s, n);
    s = field_at(l, sh, 54, 56, &n, NULL);
    if (n <= 3) {
        memcpy(p->fed, s, n);
        p->fed[n] = 0;
    }
    s = field_at(l, sh, 58, 68, &n, &col);
    if (n && !all_digits(s, n)) {
        add_error(t, l->no, col, "the FIDE id (columns 58-68) is not a number: '%.*s'", (int)n, s);
    } else if (n) {
        p->fide_id = (uint64_t)to_long(s, n);
    }
    s = field_at(l, sh, 81, 84, &n, &col);
    p->points_col = col;
    if (n) {
        int v = points10(s, n);
        if (v < 0)
            add_error(t, l->no, col, "the points (columns 81-84) are not a number: '%.*s'", (int)n, s);
        else {
            p->have_points = true;
            p->points10 = v;
        }
    }
    /* The round blocks, from column 90 (two blanks, then the opponent at 92). */
    int cap = 0;
    for (int r = 1; r <= TRF_MAX_ROUNDS; r++) {
        uint32_t b = at(sh, 90 + 10u * (uint32_t)(r - 1));
        size_t rest;
        field(l, b, l->n, &rest, NULL);
        if (b > l->n || rest == 0)
            break;
        if (p->n_rounds == cap) {
            cap = cap ? 2 * cap : 16;
            p->rounds = arb_xrealloc(p->rounds, (size_t)cap * sizeof *p->rounds);
        }
        struct arb_trf_round *rd = &p->rounds[p->n_rounds++];
        if (!read_block(t, l, b, r, rd))
            rd->bad = true;
    }
}

/* Take back the errors since the first n. */
static void drop_errors(struct arb_trf *t, int n)
{
    while (t->n_errors > n)
        free((char *)t->errors[--t->n_errors].message);
}

/* Does the shifted reading put the name where a name begins (a blank
 * before it, none at its first column) and the start rank's last digit at
 * its last column (numbers stand right-aligned)? */
static bool shift_fits(const struct line *l, const struct shift *sh)
{
    if (char_at(l, at(sh, 15)) == ' ' || (at(sh, 15) > 1 && char_at(l, at(sh, 15) - 1) != ' ')
        || char_at(l, at(sh, 8)) < '0' || char_at(l, at(sh, 8)) > '9')
        return false;
    /* A name longer than its field runs into the column after it; a shift
     * elsewhere is a blank too many. */
    if (sh->by > 0 && (sh->from == 48) != (char_at(l, 48) != ' '))
        return false;
    /* The rating and the points stand right-aligned in their fields, a
     * blank after them. */
    static const uint32_t last[] = {52, 84};
    for (size_t i = 0; i < 2; i++) {
        size_t n;
        field_at(l, sh, last[i] - 3, last[i], &n, NULL);
        if (n && (char_at(l, at(sh, last[i])) == ' ' || char_at(l, at(sh, last[i]) + 1) != ' '))
            return false;
    }
    return true;
}

static void read_player(struct arb_trf *t, struct owned *own, const struct line *l)
{
    static const struct shift none = {0, 0};
    /* A line that does not read in place may be shifted: one character
     * too many or too few from the start (after "001"), after the name
     * (a name longer than its field), or before the round blocks.  Where
     * such a reading has no error at all, it is one error, said once. */
    static const struct shift tries[] = {{4, 1}, {4, -1}, {48, 1}, {48, -1}, {89, 1}, {89, -1},
                                         {4, 2}, {48, 2},  {89, 2}, {4, -2}, {48, -2}, {89, -2}};
    int before = t->n_errors;
    struct arb_trf_player p;
    parse_player(t, l, &none, &p);
    if (t->n_errors > before) {
        for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++) {
            int first = t->n_errors;
            struct arb_trf_player q;
            parse_player(t, l, &tries[i], &q);
            if (t->n_errors == first && q.rank && shift_fits(l, &tries[i])) {
                drop_errors(t, before);
                free((char *)p.name);
                free(p.rounds);
                p = q;
                int by = tries[i].by;
                add_error(t, l->no, tries[i].from,
                          "the line is shifted %d column%s %s from column %u (%s): read as if in place",
                          by > 0 ? by : -by, by == 1 || by == -1 ? "" : "s", by > 0 ? "right" : "left",
                          tries[i].from,
                          tries[i].from == 4 ? "everything after '001'" : tries[i].from == 48
                                                   ? "everything after the name: a name longer than its field?"
                                                   : "the round blocks");
                break;
            }
            drop_errors(t, first);
            free((char *)q.name);
            free(q.rounds);
        }
    }
    if (!p.rank) {
        free((char *)p.name);
        free(p.rounds);
        return;
    }
    keep(own, (char *)p.name);
    if (p.n_rounds > t->n_rounds)
        t->n_rounds = p.n_rounds;
    if (p.rounds)
        keep(own, (char *)p.rounds);
    t->players = arb_xrealloc(t->players, (size_t)(t->n_players + 1) * sizeof *t->players);
    t->by_rank[p.rank] = t->n_players;
    t->players[t->n_players++] = p;
}

/* 132: a date per round, 8 characters from column 92 + 10(r-1). */
static void read_round_dates(struct arb_trf *t, struct owned *own, const struct line *l)
{
    for (int r = 1; r <= TRF_MAX_ROUNDS; r++) {
        uint32_t b = 92 + 10u * (uint32_t)(r - 1);
        if (b > l->n)
            break;
        size_t n;
        const char *s = field(l, b, b + 7, &n, NULL);
        t->round_dates = arb_xrealloc(t->round_dates, (size_t)r * sizeof *t->round_dates);
        t->round_dates[r - 1] = n ? keep(own, dup_field(s, n)) : NULL;
        t->n_round_dates = r;
    }
}

/* 162 (positions 6, 7-10, then every 9) and bbpPairings' BBx lines. */
static void read_scoring(struct arb_trf *t, const struct line *l, const char *tag)
{
    size_t n;
    uint32_t col;
    if (strcmp(tag, "162") == 0) {
        for (uint32_t c = 6; c <= l->n; c += 9) {
            char code = char_at(l, c);
            const char *s = field(l, c + 1, c + 4, &n, &col);
            int v = points10(s, n);
            if (code == ' ' && n == 0)
                continue;
            if (v < 0 || !strchr("WDLAPX", code) || code == 0) {
                add_error(t, l->no, v < 0 ? col : c, "scoring (162): expected a code (W D L A P X) and points");
                return;
            }
            switch (code) {
            case 'W': t->scoring.win = t->scoring.full_bye = v; break;
            case 'D': t->scoring.draw = t->scoring.half_bye = v; break;
            case 'L': t->scoring.loss = v; break;
            case 'A': t->scoring.zero_bye = t->scoring.forfeit_loss = v; break;
            case 'P': t->scoring.pab = v; break;
            default: break;
            }
        }
        return;
    }
    const char *s = field(l, 5, l->n, &n, &col);
    int v = points10(s, n);
    if (v < 0) {
        add_error(t, l->no, col, "%s: the points are not a number: '%.*s'", tag, (int)(n > 40 ? 40 : n), s);
        return;
    }
    switch (tag[2]) {
    case 'W': t->scoring.win = v; break;
    case 'D': t->scoring.draw = v; break;
    case 'L': t->scoring.loss = v; break;
    case 'Z': t->scoring.zero_bye = v; break;
    case 'F': t->scoring.forfeit_loss = v; break;
    case 'U': t->scoring.pab = v; break;
    default: break;
    }
}

/* Each pairing from both sides: the opponent is a player, and his block
 * of that round names this player back, with the other colour and the
 * other half of the result.  Reported once, at the later line's block. */
static void check_pairings(struct arb_trf *t)
{
    for (int i = 0; i < t->n_players; i++) {
        const struct arb_trf_player *p = &t->players[i];
        for (int r = 1; r <= p->n_rounds; r++) {
            const struct arb_trf_round *a = &p->rounds[r - 1];
            if (a->bad || a->opp == 0)
                continue;
            const struct arb_trf_player *q = arb_trf_player(t, a->opp);
            if (!q) {
                add_error(t, p->line, a->col, "round %d: opponent %d is no player of the file", r, a->opp);
                continue;
            }
            if (q == p) {
                add_error(t, p->line, a->col, "round %d: the player is paired with himself", r);
                continue;
            }
            const struct arb_trf_round *b = arb_trf_round_of(q, r);
            if (b && b->bad)
                continue;   /* its own error said it */
            if (!b || b->opp != p->rank) {
                add_error(t, p->line, a->col, "round %d: paired with %d, whose line (%u) %s", r, q->rank, q->line,
                          !b ? "has no block for that round"
                          : b->opp ? "names another opponent" : "names no opponent");
                continue;
            }
            if (p->line < q->line)
                continue;   /* the pair is checked from the later line */
            if (a->colour != '-' && b->colour != '-' && a->colour == b->colour) {
                add_error(t, p->line, a->col + 5, "round %d: both %d (line %u) and %d have colour '%c'", r, q->rank,
                          q->line, p->rank, a->colour);
                continue;
            }
            char x = a->result, y = b->result;
            bool ok;
            if (x == ' ' || y == ' ')
                ok = x == y;
            else if (strchr("+-", x) || strchr("+-", y))
                ok = (x == '+' && y == '-') || (x == '-' && y == '+') || (x == '-' && y == '-');
            else
                ok = (x == '1' && y == '0') || (x == '0' && y == '1') || (x == '=' && y == '=')
                     || (x == 'W' && y == 'L') || (x == 'L' && y == 'W') || (x == 'D' && y == 'D');
            if (!ok)
                add_error(t, p->line, a->col + 7, "round %d: result '%c' against %d, who has '%c' against this player "
                          "(line %u): the two do not add up", r, x, q->rank, y, q->line);
        }
    }
}

static int cmp_error(const void *a, const void *b)
{
    const struct arb_trf_error *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    return x->col < y->col ? -1 : x->col > y->col;
}

/* Are the n bytes at s UTF-8 throughout, without a NUL? */
static bool all_utf8(const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t w = arb_utf8_valid((const unsigned char *)s + i, n - i);
        if (!w || !s[i])
            return false;
        i += w;
    }
    return true;
}

/* Latin-1 to UTF-8 (a line that is not UTF-8). */
static char *latin1(const char *s, size_t n, size_t *out_n)
{
    char *d = arb_xmalloc(2 * n + 1), *p = d;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80)
            *p++ = (char)c;
        else {
            *p++ = (char)(0xC0 | (c >> 6));
            *p++ = (char)(0x80 | (c & 0x3F));
        }
    }
    *p = 0;
    *out_n = (size_t)(p - d);
    return d;
}

int arb_trf_parse(struct arb_trf *t, const char *data, size_t len, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->scoring = (struct arb_trf_scoring){10, 5, 0, 0, 0, 10, 10, 5};
    t->by_rank = arb_xmalloc((TRF_MAX_RANK + 1) * sizeof *t->by_rank);
    for (int i = 0; i <= TRF_MAX_RANK; i++)
        t->by_rank[i] = -1;
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0) {
        data += 3;
        len -= 3;
    }
    /* The text, each line made UTF-8 and NUL-terminated. */
    struct arb_buf text = {0};
    size_t cap_lines = 0;
    struct owned own = {0};
    for (size_t i = 0; i < len;) {
        /* A line ends at LF, CR LF or a lone CR (older Mac exports). */
        size_t n = 0;
        while (i + n < len && data[i + n] != '\n' && data[i + n] != '\r')
            n++;
        size_t next = i + n;
        if (next < len && data[next] == '\r')
            next++;
        if (next < len && data[next] == '\n' && (next == i + n || data[next - 1] == '\r'))
            next++;
        if (t->n_lines == cap_lines) {
            cap_lines = cap_lines ? 2 * cap_lines : 256;
            t->line_off = arb_xrealloc(t->line_off, cap_lines * sizeof *t->line_off);
        }
        if (text.len > UINT32_MAX - 2 * n - 1) {
            snprintf(err, errlen, "too large for a tournament report");
            arb_buf_free(&text);
            free(own.v);
            arb_trf_free(t);
            return -1;
        }
        t->line_off[t->n_lines++] = (uint32_t)text.len;
        const char *s = data + i;
        if (all_utf8(s, n)) {
            arb_buf_add(&text, s, n);
        } else {
            size_t m;
            char *u = latin1(s, n, &m);
            for (size_t k = 0; k < m; k++)
                if (!u[k])
                    u[k] = ' ';   /* a NUL byte is junk, not the line's end */
            arb_buf_add(&text, u, m);
            free(u);
        }
        arb_buf_addc(&text, '\0');
        i = next;
    }
    t->text = text.data ? text.data : arb_xstrdup("");
    uint32_t *at = NULL;
    size_t cap_at = 0;
    bool any_player = false;
    for (uint32_t k = 0; k < t->n_lines; k++) {
        struct line l = {.s = t->text + t->line_off[k], .no = k + 1};
        l.len = strlen(l.s);
        if (cap_at < l.len + 1) {
            cap_at = l.len + 1;
            at = arb_xrealloc(at, cap_at * sizeof *at);
        }
        for (size_t b = 0; b < l.len;) {
            at[l.n++] = (uint32_t)b;
            bool cut;
            size_t w = arb_utf8_char((const unsigned char *)l.s + b, l.len - b, &cut);
            b += w ? w : 1;
        }
        at[l.n] = (uint32_t)l.len;
        l.at = at;
        size_t n;
        field(&l, 1, l.n, &n, NULL);
        if (n == 0 || (l.len >= 3 && memcmp(l.s, "###", 3) == 0))
            continue;   /* blank, or a comment */
        char tag[4] = {0};
        for (uint32_t c = 1; c <= 3; c++)
            tag[c - 1] = char_at(&l, c);
        bool tag_ok = (unsigned char)tag[0] < 0x80 && (unsigned char)tag[1] < 0x80 && (unsigned char)tag[2] < 0x80;
        for (int c = 0; c < 3 && tag_ok; c++)
            tag_ok = (tag[c] >= '0' && tag[c] <= '9') || (tag[c] >= 'A' && tag[c] <= 'Z')
                     || (tag[c] >= 'a' && tag[c] <= 'z');
        if (!tag_ok || (l.n > 3 && char_at(&l, 4) != ' ')) {
            add_error(t, l.no, 1, "not a TRF record: a line starts with its three-character code and a blank");
            continue;
        }
        if (strcmp(tag, "001") == 0) {
            any_player = true;
            read_player(t, &own, &l);
        } else if (strcmp(tag, "012") == 0) {
            const char *s = field(&l, 5, l.n, &n, NULL);
            t->name = keep(&own, dup_field(s, n));
        } else if (strcmp(tag, "042") == 0 || strcmp(tag, "052") == 0) {
            const char *s = field(&l, 5, l.n, &n, NULL);
            *(tag[1] == '4' ? &t->start : &t->end) = keep(&own, dup_field(s, n));
        } else if (strcmp(tag, "132") == 0) {
            read_round_dates(t, &own, &l);
        } else if (strcmp(tag, "162") == 0 || (tag[0] == 'B' && tag[1] == 'B' && strchr("WDLZFU", tag[2]))) {
            read_scoring(t, &l, tag);
        }
    }
    free(at);
    /* What the table owns, freed by arb_trf_free: the strings kept. */
    t->owned = own.v;
    t->n_owned = own.n;
    if (!any_player) {
        snprintf(err, errlen, "not a TRF file: no player (001) line");
        arb_trf_free(t);
        return -1;
    }
    check_pairings(t);
    if (t->n_errors)
        qsort(t->errors, (size_t)t->n_errors, sizeof *t->errors, cmp_error);
    return 0;
}

int arb_trf_read(struct arb_trf *t, const char *path, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct arb_buf b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        arb_buf_add(&b, chunk, n);
        if (b.len > TRF_MAX_BYTES)
            break;
    }
    bool bad = ferror(f);
    int e = errno;
    fclose(f);
    if (bad || b.len > TRF_MAX_BYTES) {
        snprintf(err, errlen, "%s: %s", path, bad ? strerror(e) : "larger than 64 MB: not a tournament report");
        arb_buf_free(&b);
        return -1;
    }
    char why[200];
    const struct arb_magic_format *m = arb_magic_of((const unsigned char *)b.data, b.len);
    if (m) {
        snprintf(err, errlen, "%s: not a tournament report: %s", path, m->name);
        arb_buf_free(&b);
        return -1;
    }
    int r = arb_trf_parse(t, b.data ? b.data : "", b.len, why, sizeof why);
    if (r < 0)
        snprintf(err, errlen, "%s: %s", path, why);
    arb_buf_free(&b);
    return r;
}

void arb_trf_free(struct arb_trf *t)
{
    for (int i = 0; i < t->n_errors; i++)
        free((char *)t->errors[i].message);
    free(t->errors);
    for (int i = 0; i < t->n_owned; i++)
        free(t->owned[i]);
    free(t->owned);
    free(t->players);
    free(t->by_rank);
    free(t->round_dates);
    free(t->line_off);
    free(t->text);
    memset(t, 0, sizeof *t);
}

const char *arb_trf_line(const struct arb_trf *t, uint32_t n)
{
    return n >= 1 && n <= t->n_lines ? t->text + t->line_off[n - 1] : "";
}

const struct arb_trf_player *arb_trf_player(const struct arb_trf *t, int rank)
{
    if (rank < 1 || rank > TRF_MAX_RANK || t->by_rank[rank] < 0)
        return NULL;
    return &t->players[t->by_rank[rank]];
}

const struct arb_trf_round *arb_trf_round_of(const struct arb_trf_player *p, int r)
{
    return r >= 1 && r <= p->n_rounds ? &p->rounds[r - 1] : NULL;
}

int arb_trf_points_upto(const struct arb_trf *t, const struct arb_trf_player *p, int r)
{
    int sum = 0;
    for (int k = 1; k <= r; k++) {
        const struct arb_trf_round *b = arb_trf_round_of(p, k);
        if (b)
            sum += arb_trf_points10(t, b->result);
    }
    return sum;
}

static int pairing_cmp(const void *a, const void *b)
{
    const struct arb_trf_pairing *x = a, *y = b;
    bool xb = x->black == 0, yb = y->black == 0;
    if (xb != yb)
        return xb ? 1 : -1;
    if (x->points10 != y->points10)
        return x->points10 > y->points10 ? -1 : 1;
    int xr = x->black && x->black < x->white ? x->black : x->white;
    int yr = y->black && y->black < y->white ? y->black : y->white;
    return (xr > yr) - (xr < yr);
}

struct arb_trf_pairing *arb_trf_pairings(const struct arb_trf *t, int r, int *n)
{
    struct arb_trf_pairing *v = calloc((size_t)t->n_players + 1, sizeof *v);
    *n = 0;
    if (!v)
        return NULL;
    for (int i = 0; i < t->n_players; i++) {
        const struct arb_trf_player *p = &t->players[i];
        const struct arb_trf_round *b = arb_trf_round_of(p, r);
        if (!b || b->bad)
            continue;
        const struct arb_trf_player *o = b->opp ? arb_trf_player(t, b->opp) : NULL;
        if (o && b->colour != 'w' && !(b->colour == '-' && p->rank < o->rank))
            continue;             /* (the pairing is the white player's, or the lower rank's) */
        int pts = arb_trf_points_upto(t, p, r - 1), opts = o ? arb_trf_points_upto(t, o, r - 1) : 0;
        v[(*n)++] = (struct arb_trf_pairing){.white = p->rank, .black = o ? o->rank : 0, .result = b->result,
                                             .points10 = pts > opts ? pts : opts};
    }
    qsort(v, (size_t)*n, sizeof *v, pairing_cmp);
    return v;
}

const char *arb_trf_result_words(char result, bool has_opp)
{
    switch (result) {
    case '1': case 'W': return "1-0";
    case '0': case 'L': return "0-1";
    case '=': case 'D': return "1/2-1/2";
    case '+': return "1-0 by forfeit";
    case '-': return "0-1 by forfeit";
    case 'H': return "half-point bye";
    case 'F': return "full-point bye";
    case 'U': return "pairing-allocated bye";
    case 'Z': return "zero-point bye";
    default: return has_opp ? "*" : "not paired";
    }
}

bool arb_trf_played(char result)
{
    return result && strchr("10=WDL", result);
}

int arb_trf_points10(const struct arb_trf *t, char result)
{
    const struct arb_trf_scoring *s = &t->scoring;
    switch (result) {
    case '1': case 'W': case '+': return s->win;
    case 'F': return s->full_bye;
    case 'U': return s->pab;
    case '=': case 'D': return s->draw;
    case 'H': return s->half_bye;
    case '0': case 'L': return s->loss;
    case '-': return s->forfeit_loss;
    case 'Z': return s->zero_bye;
    default: return 0;
    }
}
