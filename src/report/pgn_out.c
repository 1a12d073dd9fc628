/* pgn_out.c — the one PGN writer (see pgn_out.h). */
#include "report/pgn_out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "base/util.h"
#include "read/nag.h"
#include "chess/san.h"
#include "laws/openings.h"

static void put_tag(struct arb_buf *b, const char *name, const char *value)
{
    arb_buf_printf(b, "[%s \"", name);
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            arb_buf_addc(b, '\\');
        arb_buf_addc(b, *p);
    }
    arb_buf_adds(b, "\"]\n");
}

static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
static const char *const roster_default[] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

void arb_pgn_out_tags(struct arb_buf *b, const struct arb_game *g, const char *result)
{
    for (int r = 0; r < 7; r++) {
        const char *v = arb_game_tag(g, roster[r]);
        if (r == 6)
            v = result;
        put_tag(b, roster[r], v ? v : roster_default[r]);
    }
    /* (The reader keeps one tag per name: a repeated one replaces the
     * earlier value, duplicate-tag.) */
    for (int i = 0; i < g->n_tags; i++) {
        bool in_roster = false;
        for (int r = 0; r < 7; r++)
            in_roster |= strcmp(g->tags[i].name, roster[r]) == 0;
        if (!in_roster)
            put_tag(b, g->tags[i].name, g->tags[i].value);
    }
    arb_buf_addc(b, '\n');
}

void arb_pgn_out_start(struct arb_pgn_out *w, struct arb_buf *b)
{
    w->b = b;
    w->line_start = b->len;
    w->counted = b->len;
    w->col = 0;
    w->glue = false;
}

/* The current line's length in characters (Cyrillic letters and figurines
 * take two or three bytes each), counting only what was added since the
 * last call: a line that never breaks (400,000 glued brackets) costs
 * linear time, not quadratic. */
static size_t column(struct arb_pgn_out *o)
{
    if (o->counted < o->line_start || o->counted > o->b->len) {
        o->counted = o->line_start;
        o->col = 0;
    }
    o->col += arb_utf8_chars(o->b->data + o->counted, o->b->len - o->counted);
    o->counted = o->b->len;
    return o->col;
}

void arb_pgn_out_word(struct arb_pgn_out *o, const char *s, size_t n)
{
    size_t col = column(o);
    size_t w = arb_utf8_chars(s, n);
    if (o->glue) {
        o->glue = false;
    } else if (col > 0 && col + 1 + w > 80) {
        arb_buf_addc(o->b, '\n');
        o->line_start = o->b->len;
    } else if (col > 0) {
        arb_buf_addc(o->b, ' ');
    }
    arb_buf_add(o->b, s, n);
}

void arb_pgn_out_comment(struct arb_pgn_out *o, const char *s, size_t n)
{
    if (memchr(s, '}', n)) {
        /* A '}' would end a brace comment (a rest-of-line comment may hold
         * one): the text as a rest-of-line comment, whole, on one line. */
        struct arb_buf w = {0};
        arb_buf_addc(&w, ';');
        for (size_t i = 0; i < n; i++)
            arb_buf_addc(&w, s[i] == '\n' || s[i] == '\r' ? ' ' : s[i]);
        arb_pgn_out_word(o, w.data, w.len);
        arb_pgn_out_newline(o);
        arb_buf_free(&w);
        return;
    }
    struct arb_buf w = {0};
    size_t i = 0;
    bool first = true;
    for (;;) {
        while (i < n && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t'))
            i++;
        size_t j = i;
        while (j < n && s[j] != ' ' && s[j] != '\n' && s[j] != '\r' && s[j] != '\t')
            j++;
        size_t k = j;
        while (k < n && (s[k] == ' ' || s[k] == '\n' || s[k] == '\r' || s[k] == '\t'))
            k++;
        bool last = k >= n;
        arb_buf_clear(&w);
        if (first)
            arb_buf_addc(&w, '{');
        arb_buf_add(&w, s + i, j - i);
        if (last)
            arb_buf_addc(&w, '}');
        arb_pgn_out_word(o, w.data, w.len);
        first = false;
        i = k;
        if (last)
            break;
    }
    arb_buf_free(&w);
}

void arb_pgn_out_newline(struct arb_pgn_out *w)
{
    if (w->b->len > w->line_start) {
        arb_buf_addc(w->b, '\n');
        w->line_start = w->b->len;
    }
    w->glue = false;
}

void arb_pgn_out_line(struct arb_pgn_out *w, const char *s, size_t n)
{
    arb_pgn_out_newline(w);
    arb_buf_add(w->b, s, n);
}

void arb_pgn_out_open(struct arb_pgn_out *w)
{
    arb_pgn_out_word(w, "(", 1);
    w->glue = true;
}

void arb_pgn_out_close(struct arb_pgn_out *w)
{
    arb_buf_addc(w->b, ')');
}

void arb_pgn_out_end(struct arb_pgn_out *w, const char *result)
{
    arb_pgn_out_word(w, result, strlen(result));
    arb_buf_adds(w->b, "\n\n");
}

void arb_pgn_out_movetext(struct arb_buf *b, const struct arb_game *g, char *const *move_text,
                          const struct arb_outcome *oc, const char *result)
{
    struct arb_pgn_out o;
    arb_pgn_out_start(&o, b);
    /* Per variation depth: ply of the next move (counted from the start
     * position), and the ply before the last move (a variation replaces it). */
    int cap = 64, depth = 0;
    int *ply = arb_arena_alloc(g->arena, sizeof(int) * (size_t)cap);
    int *prev = arb_arena_alloc(g->arena, sizeof(int) * (size_t)cap);
    ply[0] = 0;
    prev[0] = 0;
    bool need_number = true;
    int base = (int)(oc->start_fullmove - 1) * 2 + (oc->start_side == ARB_BLACK);
    char num[32];
    for (int i = 0; i < g->n_nodes; i++) {
        const struct arb_node *n = &g->nodes[i];
        const char *t = arb_node_text(g, n);
        switch (n->kind) {
        case ARB_N_MOVE: {
            if (!move_text[i])
                break;   /* a mark as its own word, or an unplayed variation move */
            int p = base + ply[depth];
            char unit[96];   /* a number stays on the line of its move */
            if (p % 2 == 0 || need_number)
                snprintf(unit, sizeof unit, "%s %s", arb_move_number(1, p, num), move_text[i]);
            else
                snprintf(unit, sizeof unit, "%s", move_text[i]);
            arb_pgn_out_word(&o, unit, strlen(unit));
            prev[depth] = ply[depth];
            ply[depth]++;
            need_number = false;
            /* Glued annotations (e4!?, Nf3\xC2\xB1) become NAGs, in the order written. */
            int nags[4], nn = 0, nag;
            size_t end = n->len, gl;
            while (nn < 4 && (gl = arb_nag_glued(t, end, &nag)) > 0 && nag) {
                nags[nn++] = nag;
                end -= gl;
            }
            while (nn > 0) {
                snprintf(num, sizeof num, "$%d", nags[--nn]);
                arb_pgn_out_word(&o, num, strlen(num));
            }
            break;
        }
        case ARB_N_NAG:
            /* "$12", or a glyph standing alone ("\xC2\xB1", "+-"): as PGN writes it. */
            snprintf(num, sizeof num, "$%d", n->num);
            arb_pgn_out_word(&o, num, strlen(num));
            break;
        case ARB_N_COMMENT:
            if (t[0] == ';') {
                arb_pgn_out_comment(&o, t + 1, n->len - 1);   /* a rest-of-line comment becomes a brace comment
                                                                 (but one that holds a '}') */
            } else {
                size_t len = n->len - 1;           /* without the braces (the last may be missing) */
                if (len && t[n->len - 1] == '}')
                    len--;
                arb_pgn_out_comment(&o, t + 1, len);
            }
            need_number = true;
            break;
        case ARB_N_VAR_OPEN:
            if (depth + 1 >= cap) {
                int nc = cap * 2;
                ply = arb_arena_grow(g->arena, ply, sizeof(int), (size_t)cap, (size_t)nc);
                prev = arb_arena_grow(g->arena, prev, sizeof(int), (size_t)cap, (size_t)nc);
                cap = nc;
            }
            arb_pgn_out_open(&o);
            ply[depth + 1] = prev[depth];
            prev[depth + 1] = prev[depth];
            depth++;
            need_number = true;
            break;
        case ARB_N_VAR_CLOSE:
            if (depth) {
                arb_pgn_out_close(&o);
                depth--;
                need_number = true;
            }
            break;
        case ARB_N_DRAW_OFFER:
            arb_pgn_out_word(&o, "{(=)}", 5);
            break;
        default:
            break;
        }
    }
    arb_pgn_out_end(&o, result);
}

/* Comment text: a '}' would end the comment. */
static void comment_text(struct arb_buf *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        arb_buf_addc(b, s[i] == '}' ? ')' : s[i]);
}

/* One change to a game's text: [from, to) becomes `text` (NULL: stays),
 * after the comments `why` (at a game's end), or followed by the comment
 * on a repaired move `r`. */
struct edit {
    size_t from, to;
    const char *text;
    const char *why[5];
    const struct arb_repair *r;
    bool lines;                   /* tag lines added: written as they are */
};

static int edit_cmp(const void *a, const void *b)
{
    const struct edit *x = a, *y = b;
    return x->from < y->from ? -1 : x->from > y->from;
}

/* The value of tag `name` in the tag section text[0, end): its span
 * between the quotes (escapes included). */
static bool tag_value_span(const char *text, size_t end, const char *name, size_t *from, size_t *to)
{
    size_t n = strlen(name);
    for (size_t i = 0; i + n + 2 < end; i++) {
        if (text[i] != '[' || memcmp(text + i + 1, name, n) != 0)
            continue;
        size_t k = i + 1 + n;
        if (text[k] != ' ' && text[k] != '\t')
            continue;
        while (k < end && (text[k] == ' ' || text[k] == '\t'))
            k++;
        if (k >= end || text[k] != '"')
            continue;
        size_t v = ++k;
        while (k < end && text[k] != '"' && text[k] != '\n')
            k += text[k] == '\\' && k + 1 < end ? 2 : 1;
        if (k >= end || text[k] != '"')
            return false;
        *from = v;
        *to = k;
        return true;
    }
    return false;
}

/* A tag pair's line, its value escaped (PGN standard 8.1.1). */
static void tag_line(struct arb_buf *b, const char *name, const char *value)
{
    arb_buf_adds(b, "[");
    arb_buf_adds(b, name);
    arb_buf_adds(b, " \"");
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            arb_buf_addc(b, '\\');
        arb_buf_addc(b, *p);
    }
    arb_buf_adds(b, "\"]\n");
}

void arb_pgn_out_repaired(struct arb_buf *b, const struct arb_game *g, const struct arb_outcome *oc)
{
    size_t len = (size_t)(g->end_off - g->start_off), at = 0;
    const struct arb_result_fix *x = &oc->fix;
    int n = 0;
    struct edit *e = arb_xcalloc((size_t)oc->repaired + 6, sizeof *e);
    for (int i = 0; i < oc->repaired; i++) {
        const struct arb_repair *r = &oc->repairs[i];
        const struct arb_node *first = &g->nodes[r->node], *last = &g->nodes[r->node + r->used - 1];
        e[n++] = (struct edit){.from = first->off, .to = last->off + last->len, .text = r->move, .r = r};
    }
    /* The tags (their comments stand at the game's end: no comment may
     * stand among tags), then the marker: replaced, or written after the
     * last token. */
    size_t tags_end = g->n_nodes ? g->nodes[0].off : len;
    size_t from, to;
    char count[24];
    const char *word = arb_result_name(x->result);
    if (x->tag_why && tag_value_span(g->text, tags_end, "Result", &from, &to))
        e[n++] = (struct edit){.from = from, .to = to, .text = word};
    if (x->plycount_why && tag_value_span(g->text, tags_end, "PlyCount", &from, &to)) {
        snprintf(count, sizeof count, "%d", x->plycount);
        e[n++] = (struct edit){.from = from, .to = to, .text = count};
    }
    char code[4], name[200];
    if (x->eco_why && tag_value_span(g->text, tags_end, "ECO", &from, &to))
        e[n++] = (struct edit){.from = from, .to = to, .text = arb_opening_eco(x->eco_idx - 1, code)};
    if (x->opening_why && tag_value_span(g->text, tags_end, "Opening", &from, &to))
        e[n++] = (struct edit){.from = from, .to = to, .text = arb_opening_name(x->opening_idx - 1, name, sizeof name)};
    /* --add-tags: the tags the game lacks, after its last tag line. */
    struct arb_buf added = {0};
    if (x->add) {
        if ((x->add & ARB_ADD_ECO) && !tag_value_span(g->text, tags_end, "ECO", &from, &to))
            tag_line(&added, "ECO", arb_opening_eco(x->eco_idx - 1, code));
        if ((x->add & ARB_ADD_OPENING) && !tag_value_span(g->text, tags_end, "Opening", &from, &to))
            tag_line(&added, "Opening", arb_opening_name(x->opening_idx - 1, name, sizeof name));
        if ((x->add & ARB_ADD_PLYCOUNT) && !tag_value_span(g->text, tags_end, "PlyCount", &from, &to)) {
            snprintf(count, sizeof count, "%d", x->plycount);
            tag_line(&added, "PlyCount", count);
        }
    }
    if (added.len) {
        size_t at_line = tags_end;
        while (at_line > 0 && g->text[at_line - 1] != ']')
            at_line--;
        if (at_line > 0) {        /* after the last tag's line */
            while (at_line < tags_end && g->text[at_line] != '\n')
                at_line++;
            at_line += at_line < tags_end;
        }
        arb_buf_addc(&added, 0);
        e[n++] = (struct edit){.from = at_line, .to = at_line, .text = added.data, .lines = true};
    }
    if (x->any && g->n_nodes) {
        const struct arb_node *marker = NULL, *last = &g->nodes[g->n_nodes - 1];
        for (int i = g->n_nodes - 1; i >= 0 && g->marker != ARB_RESULT_NONE; i--)
            if (g->nodes[i].kind == ARB_N_RESULT) {
                marker = &g->nodes[i];
                break;
            }
        struct edit m = {.from = marker ? marker->off : last->off + last->len,
                         .text = x->marker_why ? word : NULL,
                         .why = {x->tag_why, x->marker_why, x->plycount_why, x->eco_why, x->opening_why}};
        m.to = marker ? marker->off + marker->len : m.from;
        e[n++] = m;
    }
    qsort(e, (size_t)n, sizeof *e, edit_cmp);
    for (int i = 0; i < n; i++) {
        if (e[i].from < at || e[i].to > len)
            continue;
        arb_buf_add(b, g->text + at, e[i].from - at);
        if (e[i].from == e[i].to && e[i].from > 0 && g->text[e[i].from - 1] != ' ' && !e[i].lines)
            arb_buf_addc(b, ' ');     /* written after the last token */
        for (int k = 0; k < 5; k++)
            if (e[i].why[k] && *e[i].why[k]) {
                arb_buf_adds(b, "{arbiter --repair: ");
                comment_text(b, e[i].why[k], strlen(e[i].why[k]));
                arb_buf_adds(b, "} ");
            }
        if (e[i].text)
            arb_buf_adds(b, e[i].text);
        else
            arb_buf_add(b, g->text + e[i].from, e[i].to - e[i].from);
        if (e[i].r) {
            /* A repaired move: what was written, and why. */
            arb_buf_adds(b, " {arbiter --repair: written '");
            comment_text(b, g->text + e[i].from, e[i].to - e[i].from);
            arb_buf_adds(b, "', ");
            comment_text(b, e[i].r->why, strlen(e[i].r->why));
            arb_buf_adds(b, "}");
        }
        at = e[i].to;
    }
    arb_buf_add(b, g->text + at, len - at);
    free(e);
    free(added.data);
}
