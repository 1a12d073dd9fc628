/* lex.c — the PGN scanner (see lex.h).
 *
 * Byte classes drive the scanner:
 *
 *   class  bytes                      meaning
 *   WS     space \t \r \f \v          whitespace
 *   NL     \n                         end of line (a CR before it is WS)
 *   DELIM  { } ( ) [ ] ; $            end a word and start their own token
 *   WORD   everything else            part of a word
 *
 * NBSP (C2 A0) counts as whitespace.  A word is classified after it is
 * read: result, move number, or plain word.  All scanning works on
 * absolute offsets; the window may move whenever more input is read, so
 * pointers into it are refreshed after every fill.
 */
#include "read/lex.h"

#include <string.h>

#include "read/nag.h"
#include "base/util.h"

enum { C_WORD = 0, C_WS, C_NL, C_DELIM, C_C2, C_EF };

/* Byte classes of the scanner (everything else is part of a word). */
static const unsigned char cls[256] = {
    [' '] = C_WS, ['\t'] = C_WS, ['\r'] = C_WS, ['\f'] = C_WS, ['\v'] = C_WS,
    ['\n'] = C_NL,
    ['{'] = C_DELIM, ['}'] = C_DELIM, ['('] = C_DELIM, [')'] = C_DELIM,
    ['['] = C_DELIM, [']'] = C_DELIM, [';'] = C_DELIM, ['$'] = C_DELIM,
    [0xC2] = C_C2,   /* may start a no-break space, which ends a word */
    [0xEF] = C_EF,   /* may start U+FEFF (a byte-order mark inside the text), which is a space */
};

/* U+FEFF, the byte-order mark: in the middle of a text (two files joined
 * with cat, each with its BOM) it is no character, only a space. */
static inline bool is_bom(const unsigned char *p, const unsigned char *e)
{
    return e - p >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF;
}

void arb_lexer_init(struct arb_lexer *lx, struct arb_input *in)
{
    memset(lx, 0, sizeof *lx);
    lx->in = in;
    lx->pos = arb_input_begin(in);
    lx->line = 1;
    lx->line_start = lx->pos;
    lx->line_ascii = true;
    lx->limit = UINT64_MAX;
}

/* Make sure the byte at off is in the window; false at the end of input,
 * and at the limit (lx->at_limit then). */
static bool avail_slow(struct arb_lexer *lx, uint64_t off)
{
    while (off >= arb_input_end(lx->in)) {
        if (lx->discard)
            arb_lexer_consume(lx, off);
        if (off >= lx->limit) {
            lx->at_limit = true;
            return false;
        }
        long r = arb_input_fill(lx->in);
        if (r < 0)
            lx->io_error = true;
        if (r <= 0)
            return false;
    }
    return true;
}

static inline bool avail(struct arb_lexer *lx, uint64_t off)
{
    return off < arb_input_end(lx->in) || avail_slow(lx, off);
}

static inline int byte_at(struct arb_lexer *lx, uint64_t off)
{
    if (!avail(lx, off))
        return -1;
    return (unsigned char)*arb_input_at(lx->in, off);
}

void arb_lexer_consume(struct arb_lexer *lx, uint64_t off)
{
    if (off > lx->pos)
        off = lx->pos;
    if (off > lx->line_start) {
        /* Count the characters being dropped from the current line. */
        const char *s = arb_input_at(lx->in, lx->line_start);
        size_t n = (size_t)(off - lx->line_start);
        lx->col_base += (uint32_t)(lx->line_ascii ? n : arb_utf8_chars(s, n));
        lx->line_start = off;
    }
    arb_input_consume(lx->in, off);
}

static uint32_t column(struct arb_lexer *lx, uint64_t off)
{
    size_t n = (size_t)(off - lx->line_start);
    if (lx->line_ascii)
        return lx->col_base + (uint32_t)n + 1;
    return lx->col_base + (uint32_t)arb_utf8_chars(arb_input_at(lx->in, lx->line_start), n) + 1;
}

static void newline(struct arb_lexer *lx, uint64_t next)
{
    if (!lx->tok_on_line)
        lx->blank = true;
    lx->line++;
    lx->line_start = next;
    lx->col_base = 0;
    lx->line_ascii = true;
    lx->tok_on_line = false;
    lx->tag_on_line = false;
}

/* Skip whitespace, newlines and %-escape lines.  Returns false at the end. */
static bool skip_space(struct arb_lexer *lx)
{
    for (;;) {
    again:
        if (!avail(lx, lx->pos))
            return false;
        const unsigned char *p = (const unsigned char *)arb_input_at(lx->in, lx->pos);
        const unsigned char *e = (const unsigned char *)arb_input_at(lx->in, arb_input_end(lx->in));
        const unsigned char *s = p;
        while (p < e) {
            unsigned c = *p;
            if (cls[c] == C_WS) {
                p++;
            } else if (c == '\n') {
                p++;
                newline(lx, lx->pos + (uint64_t)(p - s));
            } else if (c == 0xC2 && p + 1 < e && p[1] == 0xA0) {
                lx->line_ascii = false;
                p += 2;
            } else if (c == 0xEF && is_bom(p, e)) {
                lx->line_ascii = false;
                p += 3;
            } else if (c == 0xEF && e - p < 3 && avail(lx, lx->pos + (uint64_t)(p - s) + 2)) {
                /* A BOM cut by the window's end: look again with more. */
                lx->pos += (uint64_t)(p - s);
                goto again;
            } else if (lx->in_escape
                       || (c == '%' && lx->pos + (uint64_t)(p - s) == lx->line_start && lx->col_base == 0)) {
                /* Escape line (PGN §6): skip to the end of the line, across
                 * refills of the window if it is long. */
                const unsigned char *nl = memchr(p, '\n', (size_t)(e - p));
                if (!nl) {
                    p = e;
                    lx->in_escape = true;
                    lx->line_ascii = false;  /* we cannot tell; count exactly */
                    break;
                }
                lx->in_escape = false;
                p = nl;
            } else {
                lx->pos += (uint64_t)(p - s);
                return true;
            }
        }
        lx->pos += (uint64_t)(p - s);
    }
}

static inline __attribute__((always_inline)) void start_token(struct arb_lexer *lx, struct arb_token *t, enum arb_tok kind)
{
    /* Only the fields every kind reads; tag fields are set by lex_tag. */
    t->len = 0;
    t->value_escaped = false;
    t->number = 0;
    t->dots = 0;
    t->unterminated = false;
    t->markup = false;
    t->error = NULL;
    t->kind = kind;
    t->off = lx->pos;
    t->line = lx->line;
    t->col = column(lx, lx->pos);
    t->after_blank = lx->blank;
    t->first_on_line = !lx->tok_on_line;
    lx->blank = false;
    lx->tok_on_line = true;
    lx->tag_on_line = false;
}

static enum arb_tok finish(struct arb_lexer *lx, struct arb_token *t, uint64_t end)
{
    t->len = (uint32_t)(end - t->off);
    lx->pos = end;
    return t->kind;
}

static enum arb_tok error_token(struct arb_lexer *lx, struct arb_token *t, uint64_t end, const char *why)
{
    t->kind = ARB_TK_ERROR;
    t->error = why;
    return finish(lx, t, end);
}

/* Offset of the end of the current line (the '\n' or the end of input). */
static uint64_t line_end(struct arb_lexer *lx, uint64_t from)
{
    uint64_t p = from;
    int c;
    while ((c = byte_at(lx, p)) >= 0 && c != '\n') {
        if (c >= 0x80)
            lx->line_ascii = false;
        p++;
    }
    return p;
}

static bool is_name_char(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '+' ||
           c == '#' || c == '=' || c == ':' || c == '-';
}

/* Does a tag pair [Name "  start at off? (Used to end an unterminated comment.) */
static bool looks_like_tag(struct arb_lexer *lx, uint64_t off)
{
    if (byte_at(lx, off) != '[')
        return false;
    uint64_t p = off + 1;
    int c = byte_at(lx, p);
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')))
        return false;
    while ((c = byte_at(lx, p)) >= 0 && is_name_char(c))
        p++;
    if (c != ' ' && c != '\t')
        return false;
    while ((c = byte_at(lx, p)) == ' ' || c == '\t')
        p++;
    return c == '"';
}

/* The common tag line, [Name "value"] with the whole line in the window,
 * read with pointers.  Returns false (nothing changed) for anything else:
 * the general reader below then decides, error messages included. */
static bool lex_tag_fast(struct arb_lexer *lx, struct arb_token *t)
{
    const char *b = arb_input_at(lx->in, lx->pos);
    const char *e = arb_input_at(lx->in, arb_input_end(lx->in));
    const char *nl = memchr(b, '\n', (size_t)(e - b));
    if (!nl)
        return false;
    const char *q = b + 1;
    const char *name = q;
    while (q < nl && is_name_char((unsigned char)*q))
        q++;
    if (q == name || q >= nl || *q != ' ')
        return false;
    size_t name_len = (size_t)(q - name);
    q++;
    if (q >= nl || *q != '"')
        return false;
    const char *value = ++q;
    unsigned hi = 0;
    while (q < nl && *q != '"' && *q != '\\')
        hi |= (unsigned char)*q++;
    if (q + 1 >= nl || *q != '"' || q[1] != ']')
        return false;
    if (hi & 0x80)
        lx->line_ascii = false;
    t->name_off = lx->pos + (uint64_t)(name - b);
    t->name_len = (uint32_t)name_len;
    t->value_off = lx->pos + (uint64_t)(value - b);
    t->value_len = (uint32_t)(q - value);
    finish(lx, t, lx->pos + (uint64_t)(q + 2 - b));
    lx->tag_on_line = true;
    return true;
}

static enum arb_tok lex_tag(struct arb_lexer *lx, struct arb_token *t)
{
    if (lex_tag_fast(lx, t))
        return ARB_TK_TAG;
    uint64_t p = lx->pos + 1;
    int c;
    while ((c = byte_at(lx, p)) == ' ' || c == '\t')
        p++;
    t->name_off = p;
    while ((c = byte_at(lx, p)) >= 0 && is_name_char(c))
        p++;
    t->name_len = (uint32_t)(p - t->name_off);
    if (!t->name_len)
        return error_token(lx, t, line_end(lx, p), "a tag needs a name after '['");
    while ((c = byte_at(lx, p)) == ' ' || c == '\t')
        p++;
    if (c != '"')
        return error_token(lx, t, line_end(lx, p), "a tag value must be in double quotes");
    p++;
    t->value_off = p;
    for (;;) {
        c = byte_at(lx, p);
        if (c < 0 || c == '\n')
            return error_token(lx, t, line_end(lx, p), "the tag value has no closing quote");
        if (c >= 0x80)
            lx->line_ascii = false;
        if (c == '\\') {
            int d = byte_at(lx, p + 1);
            if (d == '"' || d == '\\') {
                t->value_escaped = true;
                p += 2;
                continue;
            }
        }
        if (c == '"')
            break;
        p++;
    }
    t->value_len = (uint32_t)(p - t->value_off);
    p++;
    while ((c = byte_at(lx, p)) == ' ' || c == '\t')
        p++;
    if (c != ']')
        return error_token(lx, t, line_end(lx, p), "a tag must end with ']'");
    finish(lx, t, p + 1);
    lx->tag_on_line = true;
    return ARB_TK_TAG;
}

static enum arb_tok lex_brace_comment(struct arb_lexer *lx, struct arb_token *t)
{
    uint64_t p = lx->pos + 1;
    bool line_empty = false;        /* the current line (inside the comment) is blank so far */
    bool prev_blank = false;        /* the previous line inside the comment was blank */
    for (;;) {
        if (!avail(lx, p)) {
            t->unterminated = true;
            return finish(lx, t, p);
        }
        const unsigned char *s = (const unsigned char *)arb_input_at(lx->in, p);
        const unsigned char *e = (const unsigned char *)arb_input_at(lx->in, arb_input_end(lx->in));
        const unsigned char *q = s;
        while (q < e) {
            unsigned c = *q;
            if (c == '}') {
                return finish(lx, t, p + (uint64_t)(q - s) + 1);
            } else if (c == '\n') {
                uint64_t next = p + (uint64_t)(q - s) + 1;
                prev_blank = line_empty;
                newline(lx, next);
                lx->tok_on_line = true;   /* the comment goes on */
                line_empty = true;
                /* A blank line followed by a tag pair: the comment was never
                 * closed and a new game begins (resynchronise here). */
                if (prev_blank && looks_like_tag(lx, next)) {
                    t->unterminated = true;
                    lx->tok_on_line = false;
                    lx->blank = true;
                    return finish(lx, t, next);
                }
                /* looks_like_tag may have read more input: refresh. */
                p = next;
                goto refresh;
            } else {
                if (c >= 0x80)
                    lx->line_ascii = false;
                if (c != ' ' && c != '\t' && c != '\r')
                    line_empty = false;
                q++;
            }
        }
        p += (uint64_t)(q - s);
    refresh:;
    }
}

static enum arb_tok classify_word(struct arb_lexer *lx, struct arb_token *t);

static enum arb_tok lex_word(struct arb_lexer *lx, struct arb_token *t)
{
    uint64_t p = lx->pos;
    for (;;) {
        if (!avail(lx, p))
            break;
        const unsigned char *s = (const unsigned char *)arb_input_at(lx->in, p);
        const unsigned char *e = (const unsigned char *)arb_input_at(lx->in, arb_input_end(lx->in));
        const unsigned char *q = s;
        unsigned hi = 0;
        for (; q < e; q++) {
            unsigned k = cls[*q];
            if (k != C_WORD && (k == C_WS || k == C_NL || k == C_DELIM || (k == C_C2 && q + 1 < e && q[1] == 0xA0)
                                || (k == C_EF && is_bom(q, e))))
                break;          /* a space, a delimiter, a no-break space or a BOM ends the word */
            hi |= *q;
        }
        if (hi & 0x80)
            lx->line_ascii = false;
        p += (uint64_t)(q - s);
        if (q < e)
            break;
    }
    finish(lx, t, p);
    return classify_word(lx, t);
}

enum arb_result arb_result_parse(const char *w, size_t n)
{
    /* The PGN markers, and how real files write them: ½, an en or em dash
     * or a minus sign for the hyphen, a colon (German), and the forfeits
     * of club databases ("+--": White wins, Black did not play). */
    static const struct {
        const char *text;
        enum arb_result r;
    } forms[] = {
        {"1-0", ARB_RESULT_WHITE}, {"0-1", ARB_RESULT_BLACK}, {"1/2-1/2", ARB_RESULT_DRAW}, {"*", ARB_RESULT_UNKNOWN},
        {"\xC2\xBD-\xC2\xBD", ARB_RESULT_DRAW},
        {"1\xE2\x80\x93" "0", ARB_RESULT_WHITE}, {"0\xE2\x80\x93" "1", ARB_RESULT_BLACK},            /* en dash */
        {"1/2\xE2\x80\x93" "1/2", ARB_RESULT_DRAW}, {"\xC2\xBD\xE2\x80\x93\xC2\xBD", ARB_RESULT_DRAW},
        {"1\xE2\x80\x94" "0", ARB_RESULT_WHITE}, {"0\xE2\x80\x94" "1", ARB_RESULT_BLACK},            /* em dash */
        {"1/2\xE2\x80\x94" "1/2", ARB_RESULT_DRAW},
        {"1\xE2\x88\x92" "0", ARB_RESULT_WHITE}, {"0\xE2\x88\x92" "1", ARB_RESULT_BLACK},            /* minus */
        {"1/2\xE2\x88\x92" "1/2", ARB_RESULT_DRAW},
        {"1:0", ARB_RESULT_WHITE}, {"0:1", ARB_RESULT_BLACK}, {"\xC2\xBD:\xC2\xBD", ARB_RESULT_DRAW},
        {"+--", ARB_RESULT_WHITE}, {"--+", ARB_RESULT_BLACK}, {"+:-", ARB_RESULT_WHITE}, {"-:+", ARB_RESULT_BLACK},
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        if (strlen(forms[i].text) == n && memcmp(w, forms[i].text, n) == 0)
            return forms[i].r;
    return ARB_RESULT_NONE;
}

/* A word has been read into t: is it a result, a move number, or a word? */
static inline __attribute__((always_inline)) enum arb_tok classify_word(struct arb_lexer *lx, struct arb_token *t)
{
    const char *w = arb_input_at(lx->in, t->off);
    size_t n = t->len;

    /* Words that begin with a letter are moves (or junk): the common case. */
    unsigned char w0 = (unsigned char)w[0];
    if (w0 >= 'A' && w0 != 0xC2 && w0 != 0xCE && w0 != 0xE2)
        return ARB_TK_WORD;

    /* An annotation glyph standing alone ("!?", "±", "+-", "=") is a NAG. */
    if (w0 < '0' || w0 > '9') {
        int nag = arb_nag_of_glyph(w, n);
        if (nag) {
            t->kind = ARB_TK_NAG;
            t->number = nag;
            return t->kind;
        }
    }

    /* The common move number, "12." or "12.e4" or "12...", in short. */
    if (w0 >= '1' && w0 <= '9') {
        size_t i = 0;
        int num = 0;
        while (i < n && i < 6 && (unsigned)(w[i] - '0') <= 9)
            num = num * 10 + (w[i++] - '0');
        if (i < n && w[i] == '.') {
            size_t j = i + 1;
            while (j < n && w[j] == '.')
                j++;
            if (j == n || (unsigned char)w[j] != 0xE2) {
                t->kind = ARB_TK_MOVENUM;
                t->number = num;
                t->dots = (int)(j - i);
                if (j < n)
                    finish(lx, t, t->off + j);
                return t->kind;
            }
        }
    }

    /* Results. */
    enum arb_result res = arb_result_parse(w, n);
    if (res != ARB_RESULT_NONE) {
        t->kind = ARB_TK_RESULT;
        t->number = res;
        return t->kind;
    }

    /* Move numbers: digits then dots (or an ellipsis); dots alone.  A
     * number of any length is one ("12345678901234567890." too); its value
     * stops growing at ARB_MOVENUM_MAX (no game is that long). */
    size_t i = 0;
    int num = 0;
    while (i < n && w[i] >= '0' && w[i] <= '9') {
        num = num * 10 + (w[i++] - '0');
        if (num > ARB_MOVENUM_MAX)
            num = ARB_MOVENUM_MAX;
    }
    size_t digits = i;
    int dots = 0;
    for (;;) {
        if (i < n && w[i] == '.') {
            dots++;
            i++;
        } else if (i + 3 <= n && memcmp(w + i, "\xE2\x80\xA6", 3) == 0) {
            dots += 3;
            i += 3;
        } else {
            break;
        }
    }
    if ((digits && (dots || i == n)) || (!digits && dots)) {
        /* "...e5": the dots of a black move glued to it, as "12...e5"
         * without its number (pgn-extract and python-chess read it so). */
        t->kind = ARB_TK_MOVENUM;
        t->number = digits ? num : -1;
        t->dots = dots;
        if (i < n)
            finish(lx, t, t->off + i);   /* "12.e4": the move is the next token */
        return t->kind;
    }
    return ARB_TK_WORD;
}

/* ASCII bytes that continue a word (cls C_WORD below 0x80). */
static const unsigned char ascii_word[256] = {
#define W16(a) a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a
    /* 0x00 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1,
    /* 0x10 */ W16(1),
    /* 0x20 ' ' ! " # $ % & ' ( ) * + , - . / */ 0, 1, 1, 1, 0, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1,
    /* 0x30 0-9 : ; < = > ? */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1,
    /* 0x40 */ W16(1),
    /* 0x50 P..Z [ \ ] ^ _ */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 1,
    /* 0x60 */ W16(1),
    /* 0x70 p..z { | } ~ DEL */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 1,
    /* 0x80-0xFF: not ASCII */
#undef W16
};

/* The common case on a pointer walk: plain spaces and line ends, then an
 * ASCII word well inside the window.  Anything else (a delimiter, a '%'
 * line, non-ASCII text, the window's end) returns false with the spaces
 * consumed, and the general scanner goes on from there. */
static bool lex_fast(struct arb_lexer *lx, struct arb_token *t)
{
    /* A window of fewer than 256 bytes (or none yet) goes the general way. */
    if (arb_input_end(lx->in) < lx->pos + 256)
        return false;
    const unsigned char *base = (const unsigned char *)arb_input_at(lx->in, lx->pos);
    const unsigned char *end = (const unsigned char *)arb_input_at(lx->in, arb_input_end(lx->in));
    end -= 128;                           /* room for the word: longer ones go the general way */
    const unsigned char *p = base;
    while (p < end) {
        unsigned c = *p;
        if (c == ' ' || c == '\t' || c == '\r') {
            p++;
        } else if (c == '\n') {
            p++;
            newline(lx, lx->pos + (uint64_t)(p - base));
        } else {
            break;
        }
    }
    lx->pos += (uint64_t)(p - base);
    if (p >= end || *p == '%' || *p >= 0x80 || cls[*p] != C_WORD)
        return false;
    const unsigned char *q = p + 1;
    const unsigned char *limit = p + 128;
    while (q < limit && ascii_word[*q])
        q++;
    if (q == limit || *q >= 0x80)
        return false;
    start_token(lx, t, ARB_TK_WORD);
    finish(lx, t, lx->pos + (uint64_t)(q - p));
    classify_word(lx, t);
    return true;
}

/* arb_lex_movetext's first look at a byte: 1 a space (' ', tab, CR), 2 a
 * line end, 3 a letter that begins a word (ascii_word, from 'A' up), 4 a
 * digit 1-9 (a move number); 0 anything else (the general way). */
enum { MT_OTHER, MT_SPACE, MT_NL, MT_LETTER, MT_DIGIT };
static const unsigned char mt_class[256] = {
    /* 0x00 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 1, 0, 0,
    /* 0x10 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* 0x20 */ 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* 0x30 */ 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0,
    /* 0x40 */ 0, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    /* 0x50 */ 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 3, 0, 3, 3,
    /* 0x60 */ 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    /* 0x70 */ 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 3, 0, 3, 3,
    /* 0x80-0xFF: 0 */
};

int arb_lex_movetext(struct arb_lexer *lx, uint64_t limit, uint64_t base_off, struct arb_word *out, int max,
                     int *moves)
{
    *moves = 0;
    if (lx->have_peek || !lx->line_ascii || lx->in_escape)
        return 0;
    const unsigned char *base = (const unsigned char *)arb_input_at(lx->in, lx->pos);
    const unsigned char *end = (const unsigned char *)arb_input_at(lx->in, arb_input_end(lx->in));
    if (end - base < 256)
        return 0;
    end -= 128;                     /* room for a word: longer ones go the general way */
    const unsigned char *p = base;
    int n = 0;
    while (n < max) {
        /* Spaces and line ends, as skip_space() counts them. */
        unsigned k = MT_OTHER;
        while (p < end) {
            k = mt_class[*p];
            if (k == MT_SPACE) {
                p++;
            } else if (k == MT_NL) {
                p++;
                newline(lx, lx->pos + (uint64_t)(p - base));
            } else {
                break;
            }
        }
        if (p >= end)
            break;
        /* Letters begin moves; digits 1-9 move numbers; anything else
         * ('%' lines, '*', '-', '.', brackets, non-ASCII) goes the general way. */
        if (k < MT_LETTER)
            break;
        const unsigned char *q = p + 1, *stop = p + 101;   /* inside the window: end is 128 short */
        while (q < stop && ascii_word[*q])
            q++;
        if (q == stop || *q >= 0x80)
            break;
        uint64_t off = lx->pos + (uint64_t)(p - base);
        struct arb_word *w = &out[n];
        if (k == MT_LETTER) {
            w->kind = ARB_WORD_MOVE;
            w->number = 0;
            w->dots = 0;
        } else {
            /* "12." "12..." "12.e4": digits, then dots, then maybe a move. */
            const unsigned char *d = p;
            int num = 0;
            while (d < q && *d >= '0' && *d <= '9' && d - p < 6)
                num = num * 10 + (*d++ - '0');
            if (d >= q || *d != '.')
                break;          /* a result, a long number, ...: the general way */
            const unsigned char *e = d;
            while (e < q && *e == '.')
                e++;
            if (lx->blank)
                break;          /* a number after an empty line may start a new game */
            w->kind = ARB_WORD_MOVENUM;
            w->number = num;
            w->dots = (uint8_t)(e - d);
            q = e;              /* the move glued to it is the next word */
        }
        if (off + (uint64_t)(q - p) > limit)
            break;
        w->off = (uint32_t)(off - base_off);
        w->len = (uint32_t)(q - p);
        *moves += w->kind == ARB_WORD_MOVE;
        w->after_blank = lx->blank;
        lx->blank = false;
        lx->tok_on_line = true;
        lx->tag_on_line = false;
        n++;
        p = q;
    }
    lx->pos += (uint64_t)(p - base);
    return n;
}

enum arb_tok arb_lex_next(struct arb_lexer *lx, struct arb_token *t)
{
    if (lx->have_peek) {
        *t = lx->peek;
        lx->have_peek = false;
        lx->pos = t->off + t->len;
        return t->kind;
    }
    if (lex_fast(lx, t))
        return t->kind;
    bool tag_ok = lx->tag_on_line;
    if (!skip_space(lx)) {
        memset(t, 0, sizeof *t);
        t->kind = ARB_TK_EOF;
        t->off = lx->pos;
        t->line = lx->line;
        t->after_blank = lx->blank;
        return ARB_TK_EOF;
    }
    tag_ok = tag_ok || !lx->tok_on_line;
    int c = byte_at(lx, lx->pos);
    uint64_t p = lx->pos;
    switch (c) {
    case '[':
        start_token(lx, t, ARB_TK_TAG);
        /* At the start of a line (or after a tag on it) a tag is read, or
         * reported as malformed; elsewhere only a well-formed one counts
         * ("1-0 [Event ..." on one line: the next game's first tag). */
        {
            /* "[pgn]", "[/pgn]", "[b]": markup of a forum or a blog around
             * a game, no tag pair.  An error token up to its ']', marked. */
            uint64_t q = p + 1;
            int d = byte_at(lx, q);
            if (d == '/')
                d = byte_at(lx, ++q);
            uint64_t name = q;
            while ((d >= 'a' && d <= 'z') || (d >= 'A' && d <= 'Z') || (d >= '0' && d <= '9'))
                d = byte_at(lx, ++q);
            if (d == ']' && q > name) {
                t->markup = true;
                return error_token(lx, t, q + 1, "markup, not a tag pair");
            }
        }
        if (tag_ok || looks_like_tag(lx, p))
            return lex_tag(lx, t);
        {
            /* '[' inside movetext: skip to ']' on this line. */
            uint64_t q = p + 1;
            int d;
            while ((d = byte_at(lx, q)) >= 0 && d != '\n' && d != ']') {
                if (d >= 0x80)
                    lx->line_ascii = false;
                q++;
            }
            return error_token(lx, t, d == ']' ? q + 1 : q, "'[' in the movetext (tags go before the moves)");
        }
    case '{':
        start_token(lx, t, ARB_TK_COMMENT);
        return lex_brace_comment(lx, t);
    case ';':
        start_token(lx, t, ARB_TK_COMMENT);
        return finish(lx, t, line_end(lx, p));
    case '(':
        if (byte_at(lx, p + 1) == '=' && byte_at(lx, p + 2) == ')') {
            start_token(lx, t, ARB_TK_DRAW_OFFER);
            return finish(lx, t, p + 3);
        }
        start_token(lx, t, ARB_TK_VAR_OPEN);
        return finish(lx, t, p + 1);
    case ')':
        start_token(lx, t, ARB_TK_VAR_CLOSE);
        return finish(lx, t, p + 1);
    case '$': {
        start_token(lx, t, ARB_TK_NAG);
        uint64_t q = p + 1;
        int d, v = 0;
        while ((d = byte_at(lx, q)) >= '0' && d <= '9' && q - p < 5) {
            v = v * 10 + (d - '0');
            q++;
        }
        if (q == p + 1)
            return error_token(lx, t, q, "'$' must be followed by a number (a NAG)");
        t->number = v;
        return finish(lx, t, q);
    }
    case '}':
        start_token(lx, t, ARB_TK_ERROR);
        return error_token(lx, t, p + 1, "'}' without an opening '{'");
    case ']':
        start_token(lx, t, ARB_TK_ERROR);
        return error_token(lx, t, p + 1, "']' without an opening '['");
    default:
        start_token(lx, t, ARB_TK_WORD);
        return lex_word(lx, t);
    }
}

void arb_lex_unget(struct arb_lexer *lx, const struct arb_token *t)
{
    lx->peek = *t;
    lx->have_peek = true;
}
