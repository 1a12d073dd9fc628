/* pgn_game.c — the game record the PGN reader fills (see pgn.h and
 * pgn_int.h): its tags (added with their values unescaped, looked up by
 * name, a tag given again replacing the earlier value), the line and
 * column of a place in its text, its pgn-syntax findings, and the input's
 * decode events turned into its findings (undecodable bytes, a guessed
 * code page, a byte-order mark) with the file offsets of its bytes.  The
 * walk over the tokens that calls these is pgn.c's.  Part of read/.
 */
#include "read/pgn_int.h"

#include <stdio.h>
#include <string.h>

const struct arb_tag *arb_game_find_tag(const struct arb_game *g, const char *name)
{
    /* The first letter first: most of a game's tags differ there. */
    for (int i = 0; i < g->n_tags; i++)
        if (g->tags[i].name[0] == name[0] && strcmp(g->tags[i].name, name) == 0)
            return &g->tags[i];
    return NULL;
}

const char *arb_game_tag(const struct arb_game *g, const char *name)
{
    const struct arb_tag *t = arb_game_find_tag(g, name);
    return t ? t->value : NULL;
}

void arb_game_locate(const struct arb_game *g, uint64_t off, uint32_t *line, uint32_t *col)
{
    /* Count from the game's first token, whose line and column are known,
     * or from the last place found when off lies beyond it. */
    struct arb_game *cache = (struct arb_game *)g;   /* (the cache only: the game is the caller's) */
    uint64_t from = g->start_off;
    uint32_t l = g->line, c = g->col ? g->col : 1;
    if (g->loc_off > g->start_off && g->loc_off <= off) {
        from = g->loc_off;
        l = g->loc_line;
        c = g->loc_col;
    }
    if (off > from) {
        const char *s = (g->text ? g->text : arb_input_at(g->in, g->start_off)) + (from - g->start_off);
        uint64_t n = off - from;
        for (uint64_t i = 0; i < n; i++) {
            if (s[i] == '\n') {
                l++;
                c = 1;
            } else if (((unsigned char)s[i] & 0xC0) != 0x80) {
                c++;
            }
        }
        cache->loc_off = off;
        cache->loc_line = l;
        cache->loc_col = c;
    }
    *line = l;
    *col = c;
}

void arb_node_place(const struct arb_game *g, const struct arb_node *n, uint32_t *line, uint32_t *col)
{
    arb_game_locate(g, g->start_off + n->off, line, col);
}

struct arb_finding *arb_pgn_syntax(struct arb_game *g, const struct arb_token *t, const char *fmt, ...)
{
    struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_PGN_SYNTAX);
    va_list ap;
    va_start(ap, fmt);
    f->message = arb_arena_vprintf(g->arena, fmt, ap);
    va_end(ap);
    f->line = t->line;
    f->col = t->col;
    if (t->off >= g->start_off) {
        /* The token, up to the end of its first line. */
        const char *s = arb_input_at(g->in, t->off);
        uint32_t n = 0;
        while (n < t->len && s[n] != '\n' && s[n] != '\r')
            n++;
        f->off = (uint32_t)(t->off - g->start_off);
        f->len = n;
    }
    return f;
}

void arb_pgn_add_tag(struct arb_game *g, const struct arb_token *t, int *cap)
{
    if (g->n_tags == *cap) {
        int c = *cap ? *cap * 2 : 16;
        g->tags = arb_arena_grow(g->arena, g->tags, sizeof *g->tags, (size_t)g->n_tags, (size_t)c);
        *cap = c;
    }
    struct arb_tag *tag = &g->tags[g->n_tags++];
    tag->name = arb_arena_strndup(g->arena, arb_input_at(g->in, t->name_off), t->name_len);
    const char *v = arb_input_at(g->in, t->value_off);
    if (!t->value_escaped) {
        tag->value = arb_arena_strndup(g->arena, v, t->value_len);
    } else {
        char *out = arb_arena_alloc(g->arena, t->value_len + 1);
        size_t o = 0;
        for (uint32_t i = 0; i < t->value_len; i++) {
            if (v[i] == '\\' && i + 1 < t->value_len && (v[i + 1] == '"' || v[i + 1] == '\\'))
                i++;
            out[o++] = v[i];
        }
        out[o] = 0;
        tag->value = out;
    }
    tag->line = t->line;
    tag->col = t->col;
}

static uint32_t name_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u;     /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

/* The index of g's tag named as token t's, or -1. */
int arb_pgn_tag_named(const struct arb_game *g, const struct arb_tag_index *ix, const struct arb_token *t)
{
    if (!ix->cap)
        return -1;
    const char *name = arb_input_at(g->in, t->name_off);
    for (uint32_t i = name_hash(name, t->name_len) & (ix->cap - 1);; i = (i + 1) & (ix->cap - 1)) {
        int k = ix->slot[i];
        if (k < 0)
            return -1;
        if (strlen(g->tags[k].name) == t->name_len && memcmp(g->tags[k].name, name, t->name_len) == 0)
            return k;
    }
}

/* Enter g's last tag into the index (growing it first when half full). */
void arb_pgn_index_last_tag(struct arb_game *g, struct arb_tag_index *ix)
{
    if ((uint32_t)g->n_tags * 2 > ix->cap) {
        uint32_t cap = ix->cap ? ix->cap * 2 : 32;
        ix->slot = arb_arena_alloc(g->arena, sizeof *ix->slot * cap);
        memset(ix->slot, 0xFF, sizeof *ix->slot * cap);
        ix->cap = cap;
        for (int k = 0; k < g->n_tags - 1; k++) {
            uint32_t i = name_hash(g->tags[k].name, strlen(g->tags[k].name)) & (cap - 1);
            while (ix->slot[i] >= 0)
                i = (i + 1) & (cap - 1);
            ix->slot[i] = k;
        }
    }
    int k = g->n_tags - 1;
    uint32_t i = name_hash(g->tags[k].name, strlen(g->tags[k].name)) & (ix->cap - 1);
    while (ix->slot[i] >= 0)
        i = (i + 1) & (ix->cap - 1);
    ix->slot[i] = k;
}

/* A tag given again in the same tag section: the later value counts (as
 * pgn-extract and python-chess read it), in the earlier one's place, and
 * the finding says what was replaced. */
void arb_pgn_replace_tag(struct arb_game *g, int i, const struct arb_token *t, int *cap)
{
    struct arb_tag old = g->tags[i];
    arb_pgn_add_tag(g, t, cap);           /* (appended, then moved into the earlier one's place) */
    g->tags[i].value = g->tags[g->n_tags - 1].value;
    g->n_tags--;
    struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_DUPLICATE_TAG);
    f->line = t->line;
    f->col = t->col;
    f->off = (uint32_t)(t->off - g->start_off);
    f->len = t->len;
    f->message = arb_arena_printf(g->arena, "the tag %s is given again (line %u said \"%s\"); \"%s\" is used",
                                  old.name, old.line, old.value, g->tags[i].value);
    g->tags[i].line = t->line;
    g->tags[i].col = t->col;
}

/* Bytes as hex for messages: "FC" or "00 D8". */
static void hex_bytes(char out[16], const unsigned char *b, int n)
{
    size_t used = 0;
    out[0] = 0;
    for (int k = 0; k < n && k < 4; k++)
        used += (size_t)snprintf(out + used, 16 - used, "%s%02X", k ? " " : "", b[k]);
}

/* Line and column of an absolute offset before the game's first token
 * (stray text or a comment skipped before it), counting from span sp. */
static void locate_before(const struct arb_game *g, const struct arb_pgn_span *sp, uint64_t off, uint32_t *line,
                          uint32_t *col)
{
    uint32_t l = sp->line, c = sp->col;
    const char *s = arb_input_at(g->in, sp->off);
    for (uint64_t i = 0; sp->off + i < off; i++) {
        if (s[i] == '\n') {
            l++;
            c = 1;
        } else if (((unsigned char)s[i] & 0xC0) != 0x80) {
            c++;
        }
    }
    *line = l;
    *col = c;
}

/* Turn the input's decode events up to the game's end into findings: each
 * replaced byte (the first 20, then a count), and once per game the bytes
 * read in a guessed code page (a file may mix UTF-8 games with Latin-1
 * ones: each game says whether it needed the guess).  gap: where the text
 * before the game's first token began (events there are located from it). */
void arb_pgn_decode_findings(struct arb_pgn_reader *r, struct arb_game *g, const struct arb_pgn_span *gap)
{
    struct arb_decode_event ev[16];
    size_t n;
    int reported = 0, dropped = 0, guessed = 0;
    int guess = -1;               /* the guess finding's index (the list grows: no pointer) */
    const char *guess_enc = NULL;
    /* The events before the game's start (in the text before its first
     * token), then the rest: a run of events is cut at the start. */
    for (int phase = 0; phase < 2; phase++) {
    if (phase == 1)
        g->raw_start = arb_pgn_raw_offset(r, g->start_off);
    while ((n = arb_input_take_events(r->in, phase ? g->end_off : g->start_off, ev, 16)) > 0) {
        for (size_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < ev[i].count; k++) {
            struct arb_decode_event one = ev[i];
            const struct arb_decode_event *e = &one;
            one.off += (uint64_t)k * one.dlen;
            one.raw_off += (uint64_t)k * one.nbytes;
            uint32_t rest = ev[i].count - k;   /* this one and those after it in the run */
            if ((e->kind == ARB_DEC_GUESS && guessed) || (e->kind != ARB_DEC_GUESS && e->kind != ARB_DEC_SWITCH
                                                          && reported >= 20)) {
                /* Counted, no more: the rest of the run at once. */
                r->raw_shift += ((int64_t)e->nbytes - (int64_t)e->dlen) * rest;
                if (e->kind == ARB_DEC_GUESS)
                    guessed += (int)rest;
                else
                    dropped += (int)rest;
                break;
            }
            r->raw_shift += (int64_t)e->nbytes - (int64_t)e->dlen;
            if (e->kind == ARB_DEC_MAPPED)
                continue;         /* (offsets only) */
            char hex[16];
            hex_bytes(hex, e->bytes, e->nbytes);
            uint32_t line, col;
            if (e->off < g->start_off && gap)
                locate_before(g, gap, e->off, &line, &col);
            else
                arb_game_locate(g, e->off, &line, &col);
            if (e->kind == ARB_DEC_GUESS) {
                if (guessed++ == 0) {
                    struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_ENCODING_GUESS);
                    f->line = line;
                    f->col = col;
                    f->message = arb_arena_printf(g->arena, "byte %s (file offset %llu)", hex,
                                                  (unsigned long long)e->raw_off);
                    guess = g->findings.n - 1;
                    guess_enc = e->encoding;
                }
                continue;
            }
            if (e->kind == ARB_DEC_SWITCH) {
                struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_ENCODING_GUESS);
                f->line = line;
                f->col = col;
                f->message = arb_arena_printf(g->arena,
                                              "a %s byte-order mark (bytes %s at file offset %llu): from here the "
                                              "file is read as %s",
                                              e->encoding, hex, (unsigned long long)e->raw_off, e->encoding);
                f->note = "two files joined into one? use --encoding=NAME if this is wrong";
                g->encoding_note = e->encoding;
                continue;
            }
            if (reported >= 20) {
                dropped++;
                continue;
            }
            reported++;
            struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_DECODE_ERROR);
            f->line = line;
            f->col = col;
            switch (e->kind) {
            case ARB_DEC_NUL:
                f->message = "a NUL byte in the text (shown as U+FFFD)";
                break;
            case ARB_DEC_TRUNCATED:
                f->message = arb_arena_printf(g->arena, "the file ends inside a character (byte%s %s)",
                                              e->nbytes > 1 ? "s" : "", hex);
                break;
            default:
                if (e->encoding)
                    f->message = arb_arena_printf(g->arena, "byte %s is neither UTF-8 nor %s (shown as U+FFFD)", hex,
                                                  e->encoding);
                else
                    f->message = arb_arena_printf(g->arena, "%s %s %s not valid %s (shown as U+FFFD)",
                                                  e->nbytes > 1 ? "bytes" : "byte", hex, e->nbytes > 1 ? "are" : "is",
                                                  r->in->encoding);
                break;
            }
        }
    }
    }
    g->raw_end = arb_pgn_raw_offset(r, g->end_off);
    g->raw_encoding = r->in->raw_inexact || r->in->forced ? arb_arena_strndup(g->arena, r->in->encoding, strlen(r->in->encoding))
                                         : guess_enc;
    if (guess >= 0) {
        /* One finding per game, at the first such byte, with the count. */
        struct arb_finding *f = &g->findings.v[guess];
        if (guessed == 1)
            f->message = arb_arena_printf(g->arena, "this game's text is not all UTF-8: %s is read as %s",
                                          f->message, guess_enc);
        else
            f->message = arb_arena_printf(g->arena, "this game's text is not all UTF-8: %d bytes, the first %s, "
                                                    "are read as %s", guessed, f->message, guess_enc);
        f->note = "use --encoding=NAME if the guess is wrong";
        g->encoding_note = guess_enc;
    }
    if (dropped) {
        struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_DECODE_ERROR);
        f->line = g->line;
        f->message = arb_arena_printf(g->arena, "%d more undecodable bytes in this game are not listed", dropped);
    }
}
