/* pgn.c — game records from tokens (see pgn.h): opening and sniffing a
 * file, and the reader's walk over the lexer's tokens (the states below:
 * where a game begins and ends, resynchronising after stray text, a game
 * cut at --max-game-bytes skipped), building each game's movetext nodes
 * and tag section.  The game record's own parts (tags by name, places,
 * syntax and decode findings) are pgn_game.c's, shared through
 * pgn_int.h.  Part of read/, under everything that reads games.
 */
#include "read/pgn.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "read/magic.h"
#include "read/pgn_int.h"

void arb_pgn_init(struct arb_pgn_reader *r, struct arb_input *in, const char *file, uint64_t max_game_bytes)
{
    memset(r, 0, sizeof *r);
    r->in = in;
    r->file = file;
    r->max_game_bytes = max_game_bytes;
    arb_lexer_init(&r->lx, in);
}

bool arb_pgn_sniff(struct arb_input *in, bool (*is_move)(const char *s, size_t n), char *why, size_t cap)
{
    /* Without is_move, the first read only (any text may be game records);
     * with it, ARB_SNIFF_BYTES of text. */
    size_t want = is_move ? ARB_SNIFF_BYTES : 1;
    while (in->len - in->start < want && !in->eof && !in->error)
        if (arb_input_fill(in) < 0)
            return true;
    const struct arb_magic_format *m = arb_magic_of(in->head, in->head_len);
    if (m) {
        if (m->hint)
            snprintf(why, cap, "%s (%s it first, e.g. %s)", m->name, m->compressed ? "compressed: decompress" : "unpack",
                     m->hint);
        else
            snprintf(why, cap, "%s, not text", m->name);
        return false;
    }
    if (!is_move || in->error || in->len == in->start)
        return true;                 /* (an empty input has no window at all) */
    const char *s = in->buf + in->start;
    size_t n = in->len - in->start;
    if (n > ARB_SNIFF_BYTES)
        n = ARB_SNIFF_BYTES;
    size_t odd = 0, words = 0;       /* control characters and U+FFFD; words tried */
    bool blank = true, line_start = true;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n') {
            line_start = true;
            i++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            i++;
            continue;
        }
        blank = false;
        if (line_start && c == '[' && i + 1 < n && ((s[i + 1] | 0x20) >= 'a' && (s[i + 1] | 0x20) <= 'z'))
            return true;                                       /* [Event ... */
        line_start = false;
        /* A word: up to white space or a bracket. */
        size_t j = i;
        while (j < n && !strchr(" \t\r\n\f\v{}()[]", s[j]) && s[j] != '\0')
            j++;
        if (j == i) {
            j = i + 1;
        } else {
            /* A move, perhaps glued to its number ("1.e4"). */
            size_t k = i;
            while (k < j && s[k] >= '0' && s[k] <= '9')
                k++;
            if (k > i && k < j && s[k] == '.')
                while (k < j && s[k] == '.')
                    k++;
            else
                k = i;
            if (is_move && k < j && words < 5000) {
                words++;
                if (is_move(s + k, j - k))
                    return true;
            }
        }
        for (size_t k = i; k < j; k++) {
            unsigned char b = (unsigned char)s[k];
            if (b < 0x20 || b == 0x7f)
                odd++;
            else if (b == 0xEF && k + 2 < j && (unsigned char)s[k + 1] == 0xBF && (unsigned char)s[k + 2] == 0xBD)
                odd++;                                         /* U+FFFD: a NUL or a byte of no encoding */
        }
        i = j;
    }
    if (blank)
        return true;
    if (odd * 20 > n)
        snprintf(why, cap, "binary data, not text (%zu control or undecodable characters in its first %zu bytes)",
                 odd, n);
    else
        snprintf(why, cap, "no tag pair and no move in its first %zu bytes", n);
    return false;
}

int arb_pgn_open(struct arb_input *in, const char *path, const char *encoding,
                 bool (*is_move)(const char *s, size_t n), int tee_fd, char *err, size_t errlen)
{
    if (arb_input_open(in, path, encoding, err, errlen) < 0)
        return -1;
    if (tee_fd >= 0)
        arb_input_tee(in, tee_fd);
    char why[160];
    if (!arb_pgn_sniff(in, is_move, why, sizeof why)) {
        snprintf(err, errlen, "%s: not a PGN file: %s", path, why);
        arb_input_close(in);
        return -1;
    }
    return 0;
}

/* The movetext run's words are nodes already (one copy for the lot). */
_Static_assert(sizeof(struct arb_word) == sizeof(struct arb_node) && offsetof(struct arb_word, kind) == offsetof(struct arb_node, kind)
                   && offsetof(struct arb_word, dots) == offsetof(struct arb_node, dots)
                   && offsetof(struct arb_word, after_blank) == offsetof(struct arb_node, after_blank)
                   && offsetof(struct arb_word, number) == offsetof(struct arb_node, num)
                   && offsetof(struct arb_word, off) == offsetof(struct arb_node, off)
                   && offsetof(struct arb_word, len) == offsetof(struct arb_node, len)
                   && (int)ARB_WORD_MOVE == (int)ARB_N_MOVE && (int)ARB_WORD_MOVENUM == (int)ARB_N_MOVENUM,
               "struct arb_word is laid out as struct arb_node");

/* Room for n more nodes. */
static inline void reserve_nodes(struct arb_game *g, int n)
{
    if (g->cap_nodes - g->n_nodes < n) {
        int cap = g->cap_nodes ? g->cap_nodes * 2 : 128;
        while (cap - g->n_nodes < n)
            cap *= 2;
        g->nodes = arb_arena_grow(g->arena, g->nodes, sizeof *g->nodes, (size_t)g->n_nodes, (size_t)cap);
        g->cap_nodes = cap;
    }
}

static inline __attribute__((always_inline)) struct arb_node *add_node(struct arb_game *g, const struct arb_token *t, enum arb_node_kind kind)
{
    reserve_nodes(g, 1);
    struct arb_node *n = &g->nodes[g->n_nodes++];
    n->kind = (uint8_t)kind;
    n->dots = (uint8_t)(t->dots > 255 ? 255 : t->dots);
    n->after_blank = t->after_blank;
    n->num = t->number;
    n->off = (uint32_t)(t->off - g->start_off);
    n->len = t->len;
    return n;
}

static bool is_named(const struct arb_token *t, const struct arb_input *in, const char *name)
{
    return strlen(name) == t->name_len && memcmp(arb_input_at(in, t->name_off), name, t->name_len) == 0;
}

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Where a game's bytes for the write-outs begin (pgn.h, raw_from), as a
 * decoded offset: from is where the game before ended, first the first
 * token after it.  Between them stand only white space and `%` lines. */
static uint64_t lead_start(const struct arb_pgn_reader *r, uint64_t from, uint64_t first)
{
    uint64_t begin = arb_input_begin(r->in);
    if (from < begin)
        from = begin;             /* (white space consumed while a cut game was skipped) */
    if (first <= from)
        return first;
    const char *s = arb_input_at(r->in, from);
    size_t n = (size_t)(first - from), i = 0;
    /* The rest of the line the game before ended on goes with it ... */
    while (i < n && blank(s[i]))
        i++;
    if (i == n || s[i] != '\n')
        return first;
    size_t b = ++i;
    /* ... and so do the blank lines after it. */
    for (;;) {
        size_t j = i;
        while (j < n && blank(s[j]))
            j++;
        if (j == n || s[j] != '\n')
            break;
        i = b = j + 1;
    }
    return from + b;
}

/* Take the decode events before offset until (the text there is skipped:
 * no game's), keeping the file offsets true. */
static void drop_events(struct arb_pgn_reader *r, uint64_t until)
{
    struct arb_decode_event ev[16];
    size_t n;
    while ((n = arb_input_take_events(r->in, until, ev, 16)) > 0)
        for (size_t i = 0; i < n; i++)
            r->raw_shift += ((int64_t)ev[i].nbytes - (int64_t)ev[i].dlen) * ev[i].count;
}

/* Bytes of one token read while skipping: a longer one (a run of junk
 * without a space) is read in pieces, so that the window stays small. */
#define SKIP_TOKEN_MAX (1u << 16)

/* Skip the rest of a game cut at --max-game-bytes without keeping it. */
static void skip_rest(struct arb_pgn_reader *r)
{
    struct arb_token t;
    int depth = 0;
    r->lx.discard = true;
    for (;;) {
        r->lx.limit = (r->lx.have_peek ? r->lx.peek.off : r->lx.pos) + SKIP_TOKEN_MAX;
        r->lx.at_limit = false;
        enum arb_tok k = arb_lex_next(&r->lx, &t);
        /* (Up to the token: it may be the next game's first, whose bytes
         * are its own.) */
        drop_events(r, k == ARB_TK_EOF ? r->lx.pos : t.off);
        if (k == ARB_TK_EOF && r->lx.at_limit)
            continue;   /* white space, a comment or an escape line: on */
        if (k == ARB_TK_EOF)
            break;
        if (r->lx.at_limit) {
            drop_events(r, r->lx.pos);   /* (its bytes are no game's) */
            continue;   /* a piece of a token: no tag, no result */
        }
        if (k == ARB_TK_TAG && (t.after_blank || !r->skip_in_tags)) {
            arb_lex_unget(&r->lx, &t);
            break;
        }
        if (k != ARB_TK_TAG)
            r->skip_in_tags = false;
        if (k == ARB_TK_VAR_OPEN)
            depth++;
        else if (k == ARB_TK_VAR_CLOSE && depth)
            depth--;
        else if (k == ARB_TK_RESULT && !depth)
            break;
    }
    r->lx.discard = false;
    r->lx.limit = UINT64_MAX;
    r->lx.at_limit = false;
    r->skipping = false;
    r->after = r->lx.have_peek ? r->lx.peek.off : r->lx.pos;
    /* Undecodable bytes in the skipped text belong to the cut game, whose
     * record is out (it says the rest was skipped): not to the next one. */
    drop_events(r, r->lx.have_peek ? r->lx.peek.off : r->lx.pos);
}

/* The text of tokens [off, end) for a message: its first line, at most 40
 * bytes (cut at a character), quoted. */
static const char *span_text(struct arb_game *g, uint64_t off, uint64_t end)
{
    const char *s = arb_input_at(g->in, off);
    size_t n = (size_t)(end - off), k = 0;
    while (k < n && s[k] != '\n' && s[k] != '\r')
        k++;
    if (k > 40)
        return arb_arena_printf(g->arena, "'%.*s...'", (int)arb_utf8_prefix(s, k, 36), s);
    return arb_arena_printf(g->arena, "'%.*s'%s", (int)k, s, k < n ? " ..." : "");
}

/* Add token t to the span sp (begun by it when *open is false). */
static void span_extend(struct arb_pgn_span *sp, bool *open, const struct arb_token *t)
{
    if (!*open)
        *sp = (struct arb_pgn_span){t->off, t->off + t->len, t->line, t->col};
    else
        sp->end = t->off + t->len;
    *open = true;
}

/* Where stray text stands, for its finding's words. */
enum stray_place { BEFORE_GAME, AMONG_TAGS, IN_MOVETEXT, AFTER_MARKER };

/* A stray-text finding for the tokens of span sp (inside the game's text
 * but before it: the caret goes under them). */
static void stray_finding(struct arb_game *g, const struct arb_pgn_span *sp, enum stray_place where)
{
    /* Only U+FFFD (bytes that could not be decoded, at the end of a file):
     * the decode-error finding says it all. */
    const unsigned char *s0 = (const unsigned char *)arb_input_at(g->in, sp->off);
    size_t n0 = (size_t)(sp->end - sp->off), i0 = 0;
    while (i0 < n0 && (s0[i0] == ' ' || s0[i0] == '\t' || s0[i0] == '\n'
                       || (i0 + 3 <= n0 && s0[i0] == 0xEF && s0[i0 + 1] == 0xBF && s0[i0 + 2] == 0xBD)))
        i0 += s0[i0] == 0xEF ? 3 : 1;
    if (i0 >= n0)
        return;
    struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_STRAY_TEXT);
    f->line = sp->line;
    f->col = sp->col;
    const char *text = span_text(g, sp->off, sp->end);
    static const char *const says[] = {
        [BEFORE_GAME] = "before the game's first tag or move belongs to no game",
        [AMONG_TAGS] = "among the game's tags is no tag pair (markup around the game?)",
        [IN_MOVETEXT] = "in the movetext is markup around the game, no move",
        [AFTER_MARKER] = "after the game's termination marker belongs to no game",
    };
    f->message = arb_arena_printf(g->arena, "%s %s", text, says[where]);
    if (where != BEFORE_GAME) {
        f->off = (uint32_t)(sp->off - g->start_off);
        const char *s = arb_input_at(g->in, sp->off);
        uint32_t k = 0;
        while (sp->off + k < sp->end && s[k] != '\n' && s[k] != '\r')
            k++;
        f->len = k;
    }
}

/* How the reader walks the tokens (a game is everything from its first
 * tag or move up to the next game's first one):
 *
 *   state    token                               what happens
 *   BETWEEN  tag, or '[' starting a line         a game begins: TAGS
 *            move number, a move (is_move),      a game begins (a bare move list): MOVES
 *              '(', a result
 *            an unclosed comment                 a game begins: MOVES (its finding is there)
 *            comment                             kept aside: the movetext's if movetext
 *                                                follows, no game's if a tag does
 *            anything else (a word that is no    stray text, reported with the next game
 *              move, ')', '}', ']', a NAG)
 *   TAGS     tag of a name the game has, after   the game ends before it
 *              a blank line or repeating the
 *              game's first tag (or Event)
 *            tag of a name the game has          duplicate-tag; the later value counts
 *            other tag, '[' starting a line      added (malformed: pgn-syntax)
 *            anything else                       as in MOVES
 *   MOVES    tag, '[' starting a line            the game ends before it
 *            "1." after a blank line (2+ moves,  the game ends before it (a new bare list)
 *              no marker)
 *            result outside variations           the termination marker: ENDED
 *            anything else                       movetext
 *   ENDED    tag, '[' starting a line, move      the game ends before it
 *              number, a move (is_move)
 *            comment                             the game's (after its marker)
 *            anything else (a second result,     stray text of the game; a '(' takes its
 *              a word that is no move, ...)      whole bracket
 *   any      end of input                        the game ends
 */
enum rstate { BETWEEN, TAGS, MOVES, ENDED };

/* Does a token that is no move start with a character no move or move
 * number starts with ('<', '/', '&': markup pasted from a web page)? */
static bool markup(const char *s)
{
    unsigned char c = (unsigned char)*s;
    return !(c >= 0x80 || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '?' || c == '!'
             || c == '+' || c == '#' || c == '=' || c == '-' || c == '.' || c == '$' || c == '*' || c == '(' || c == ')'
             || c == '{' || c == '}' || c == '[' || c == ']' || c == ';' || c == '%' || c == '@');
}

/* Does word (or glyph) t begin a bare move list?  A word does when it is a
 * move (r->is_move; every word without one); a glyph only when is_move
 * takes it ("?" on a scoresheet is an unreadable move). */
static bool begins_moves(const struct arb_pgn_reader *r, const struct arb_token *t)
{
    if (t->kind == ARB_TK_WORD)
        return !r->is_move || r->is_move(arb_input_at(r->in, t->off), t->len);
    return t->kind == ARB_TK_NAG && r->is_move && r->is_move(arb_input_at(r->in, t->off), t->len);
}

/* "+--" and "--+" are evaluation glyphs (nag.c); a club database's
 * forfeit writes the same as the game's only termination marker.  Read as
 * the marker where nothing but the end of the game follows (the input's
 * end, or the next game's tag): t becomes a RESULT token. */
static void forfeit_marker(struct arb_pgn_reader *r, struct arb_token *t)
{
    const char *w = arb_input_at(r->in, t->off);
    if (t->len != 3 || (memcmp(w, "+--", 3) != 0 && memcmp(w, "--+", 3) != 0))
        return;
    struct arb_token nx;
    enum arb_tok k = arb_lex_next(&r->lx, &nx);
    arb_lex_unget(&r->lx, &nx);
    bool tag = k == ARB_TK_TAG || (k == ARB_TK_ERROR && nx.first_on_line && !nx.markup
                                   && *arb_input_at(r->in, nx.off) == '[');
    if (k != ARB_TK_EOF && !tag)
        return;
    t->kind = ARB_TK_RESULT;
    t->number = arb_result_parse(w, 3);
}

#define HELD_COMMENTS 64

/* The lexer reads this far past a game's limit: a token that ends at the
 * limit is seen to end there (the byte after it read), one that goes on
 * is seen to cross it. */
#define LIMIT_SLACK 4096

static uint64_t lex_limit(uint64_t from, uint64_t max)
{
    return max ? from + max + LIMIT_SLACK : UINT64_MAX;
}

int arb_pgn_next(struct arb_pgn_reader *r, struct arb_game *g, struct arb_arena *a)
{
    if (r->skipping)
        skip_rest(r);

    memset(g, 0, sizeof *g);
    g->file = r->file;
    g->arena = a;
    g->in = r->in;

    struct arb_token t;
    enum rstate state = BETWEEN;
    int depth = 0, moves = 0, tag_cap = 0, stray_depth = 0, tag_strays = 0, tag_stray = -1;
    struct arb_tag_index tix = {NULL, 0};
    uint64_t limit = UINT64_MAX;   /* end of the bytes a game may take (--max-game-bytes) */
    bool ended = false;
    /* BETWEEN: comments kept aside, stray text, and where this gap began. */
    struct arb_token held[HELD_COMMENTS];
    int n_held = 0;
    struct arb_pgn_span stray = {0}, gap = {0};
    bool have_stray = false, have_gap = false, stray_reported = false;
    /* ENDED: the current run of stray tokens. */
    struct arb_pgn_span run = {0};
    bool in_run = false;
    /* What lies before the game (white space, comments, stray text) may
     * take --max-game-bytes too: the lexer reads no further. */
    uint64_t between_from = r->lx.have_peek ? r->lx.peek.off : r->lx.pos;
    r->lx.limit = lex_limit(between_from, r->max_game_bytes);
    r->lx.at_limit = false;

    for (;;) {
        if (state == MOVES) {
            /* The common run of moves and numbers, in one go. */
            struct arb_word w[64];
            int words;
            int nw = arb_lex_movetext(&r->lx, limit, g->start_off, w, 64, &words);
            if (nw) {
                reserve_nodes(g, nw);
                memcpy(&g->nodes[g->n_nodes], w, sizeof *w * (size_t)nw);
                g->n_nodes += nw;
                moves += words;
                continue;
            }
        }
        enum arb_tok k = arb_lex_next(&r->lx, &t);
        if (r->lx.at_limit) {
            /* A token, white space or a line that runs to the limit. */
            r->lx.at_limit = false;
            if (state == ENDED) {
                /* After the marker: the game is whole; what follows is read
                 * afresh (a cut token from where it was cut). */
                if (k != ARB_TK_EOF)
                    arb_lex_unget(&r->lx, &t);
                break;
            }
            if (state == BETWEEN && k != ARB_TK_EOF) {
                if (!have_gap) {
                    gap = (struct arb_pgn_span){t.off, t.off, t.line, t.col};
                    have_gap = true;
                }
                bool tag = k == ARB_TK_TAG
                           || (k == ARB_TK_ERROR && t.first_on_line && !t.markup && *arb_input_at(r->in, t.off) == '[');
                if (tag || k == ARB_TK_MOVENUM || k == ARB_TK_VAR_OPEN || k == ARB_TK_RESULT
                    || (k == ARB_TK_COMMENT && t.unterminated) || begins_moves(r, &t)) {
                    /* The token that crosses the limit begins a game: the
                     * game, cut there (as below). */
                    const struct arb_token *first = !tag && n_held ? &held[0] : &t;
                    g->start_off = first->off;
                    g->line = first->line;
                    g->col = first->col;
                    limit = g->start_off + r->max_game_bytes;
                    if (have_stray)
                        stray_finding(g, &stray, BEFORE_GAME);
                    state = tag ? TAGS : MOVES;
                } else {
                    span_extend(&stray, &have_stray, &t);
                }
            }
            if (state == BETWEEN && !have_gap) {
                /* Only white space so far: nothing to keep; on. */
                arb_lexer_consume(&r->lx, r->lx.pos);
                between_from = r->lx.pos;
                r->lx.limit = lex_limit(between_from, r->max_game_bytes);
                continue;
            }
            struct arb_finding *f;
            if (state == BETWEEN) {
                /* Stray text or comments and no game within the limit: a
                 * record of their own, cut there; the skip ends at the next
                 * game's first tag or move number. */
                g->start_off = gap.off;
                g->line = gap.line;
                g->col = gap.col;
                if (have_stray)
                    stray_finding(g, &stray, BEFORE_GAME);
                g->end_off = k == ARB_TK_EOF ? r->lx.pos : t.off + t.len;
                f = arb_findings_add(&g->findings, a, ARB_F_GAME_TOO_LARGE);
                f->message = arb_arena_printf(a, "the text between games exceeds %llu bytes (--max-game-bytes) and no "
                                                 "game begins in it; the rest up to the next game is skipped",
                                              (unsigned long long)r->max_game_bytes);
                r->skip_in_tags = false;
                state = TAGS;   /* (a record, as a cut game is) */
            } else {
                f = arb_findings_add(&g->findings, a, ARB_F_GAME_TOO_LARGE);
                f->message = arb_arena_printf(a, "the game's text exceeds %llu bytes (--max-game-bytes); the rest of "
                                                 "the game is skipped", (unsigned long long)r->max_game_bytes);
                r->skip_in_tags = state == TAGS;
                if (k != ARB_TK_EOF) {
                    arb_lex_unget(&r->lx, &t);
                    g->end_off = t.off;
                } else {
                    g->end_off = r->lx.pos;
                }
            }
            if (k == ARB_TK_EOF) {
                /* (White space, a comment or a line: where the limit is.) */
                uint64_t at = limit != UINT64_MAX ? limit : between_from + r->max_game_bytes;
                arb_game_locate(g, at < r->lx.pos ? at : r->lx.pos, &f->line, &f->col);
            } else {
                f->line = t.line;
                f->col = t.col;
            }
            g->truncated = true;
            r->skipping = true;
            break;
        }
        if (k == ARB_TK_EOF) {
            if (r->lx.io_error)
                return -1;
            break;
        }
        if (k == ARB_TK_NAG && (t.number == 18 || t.number == 19) && !depth) {
            forfeit_marker(r, &t);
            k = t.kind;
        }
        if (state == MOVES && t.off + t.len <= limit) {
            /* The common cases, in short (the general code below agrees). */
            if (k == ARB_TK_WORD) {
                add_node(g, &t, ARB_N_MOVE);
                moves++;
                continue;
            }
            if (k == ARB_TK_MOVENUM && !t.after_blank) {
                add_node(g, &t, ARB_N_MOVENUM);
                continue;
            }
        }
        bool is_tag = k == ARB_TK_TAG
                      || (k == ARB_TK_ERROR && t.first_on_line && !t.markup && *arb_input_at(r->in, t.off) == '[');

        if (state == ENDED) {
            bool begins = is_tag || (!stray_depth && (k == ARB_TK_MOVENUM || begins_moves(r, &t)));
            if (begins || t.off + t.len > limit) {
                arb_lex_unget(&r->lx, &t);
                break;
            }
            g->end_off = t.off + t.len;
            if (k == ARB_TK_COMMENT && !stray_depth) {
                if (in_run) {
                    stray_finding(g, &run, AFTER_MARKER);
                    in_run = false;
                }
                add_node(g, &t, ARB_N_COMMENT);
                continue;
            }
            if (k == ARB_TK_VAR_OPEN)
                stray_depth++;
            else if (k == ARB_TK_VAR_CLOSE && stray_depth)
                stray_depth--;
            span_extend(&run, &in_run, &t);
            continue;
        }

        if (state == BETWEEN) {
            if (!have_gap) {
                gap = (struct arb_pgn_span){t.off, t.off, t.line, t.col};
                have_gap = true;
            }
            bool begins = is_tag || k == ARB_TK_MOVENUM || k == ARB_TK_VAR_OPEN || k == ARB_TK_RESULT
                          || (k == ARB_TK_COMMENT && t.unterminated)
                          || begins_moves(r, &t);
            if (k == ARB_TK_COMMENT && !begins) {
                if (n_held < HELD_COMMENTS)
                    held[n_held++] = t;
                continue;
            }
            if (!begins) {
                span_extend(&stray, &have_stray, &t);
                continue;
            }
            /* The game begins: at its first tag, or at the comments kept
             * aside when movetext follows them. */
            bool movetext = !is_tag;
            const struct arb_token *first = movetext && n_held ? &held[0] : &t;
            g->start_off = first->off;
            g->line = first->line;
            g->col = first->col;
            limit = r->max_game_bytes ? g->start_off + r->max_game_bytes : UINT64_MAX;
            r->lx.limit = lex_limit(g->start_off, r->max_game_bytes);
            if (movetext) {
                for (int i = 0; i < n_held; i++)
                    add_node(g, &held[i], ARB_N_COMMENT);
                state = MOVES;
            }
            if (have_stray && !stray_reported) {
                stray_finding(g, &stray, BEFORE_GAME);
                stray_reported = true;
            }
        }

        if (state == TAGS && !is_tag
            && (t.markup || ((k == ARB_TK_WORD || k == ARB_TK_NAG || k == ARB_TK_ERROR) && !begins_moves(r, &t)
                             && markup(arb_input_at(r->in, t.off))))) {
            /* Markup among the tags ("[Event \"x\"]<br />"): stray text of
             * the game, which stays in its tag section.  Said once, at the
             * first piece, with the count of the others. */
            if (!tag_strays++) {
                struct arb_pgn_span sp = {t.off, t.off + t.len, t.line, t.col};
                int before = g->findings.n;
                stray_finding(g, &sp, AMONG_TAGS);
                tag_stray = g->findings.n > before ? g->findings.n - 1 : -1;
            }
            continue;
        }

        if (t.off + t.len > limit && state != BETWEEN) {
            struct arb_finding *f = arb_findings_add(&g->findings, a, ARB_F_GAME_TOO_LARGE);
            f->line = t.line;
            f->col = t.col;
            f->message = arb_arena_printf(a, "the game's text exceeds %llu bytes (--max-game-bytes); the rest of the game is skipped",
                                          (unsigned long long)r->max_game_bytes);
            g->truncated = true;
            r->skipping = true;
            r->skip_in_tags = state == TAGS;
            arb_lex_unget(&r->lx, &t);
            g->end_off = t.off;
            break;
        }
        if (is_tag) {
            if (state == MOVES) {
                arb_lex_unget(&r->lx, &t);
                g->end_off = t.off;
                ended = true;
                break;
            }
            if (state == TAGS && k == ARB_TK_TAG) {
                int dup = arb_pgn_tag_named(g, &tix, &t);
                if (dup >= 0 && (t.after_blank || dup == 0 || is_named(&t, r->in, "Event"))) {
                    /* The next game's tags. */
                    arb_lex_unget(&r->lx, &t);
                    g->end_off = t.off;
                    ended = true;
                    break;
                }
                if (dup >= 0) {
                    arb_pgn_replace_tag(g, dup, &t, &tag_cap);
                    continue;
                }
            }
            state = TAGS;
            if (k == ARB_TK_TAG) {
                arb_pgn_add_tag(g, &t, &tag_cap);
                arb_pgn_index_last_tag(g, &tix);
            } else
                arb_pgn_syntax(g, &t, "malformed tag pair: %s", t.error);
            continue;
        }
        /* Movetext. */
        if (state != MOVES && k == ARB_TK_RESULT) {
            /* A termination marker with no moves: the game is just that. */
            add_node(g, &t, ARB_N_RESULT);
            g->marker = (enum arb_result)t.number;
            g->end_off = t.off + t.len;
            state = ENDED;
            continue;
        }
        if (state == MOVES && k == ARB_TK_MOVENUM && t.number == 1 && t.dots == 1 && t.after_blank && !depth
            && moves >= 2 && g->marker == ARB_RESULT_NONE) {
            /* A new bare move list after a blank line. */
            arb_lex_unget(&r->lx, &t);
            g->end_off = t.off;
            ended = true;
            break;
        }
        state = MOVES;
        switch (k) {
        case ARB_TK_WORD:
            add_node(g, &t, ARB_N_MOVE);
            moves++;
            break;
        case ARB_TK_MOVENUM:
            add_node(g, &t, ARB_N_MOVENUM);
            break;
        case ARB_TK_COMMENT:
            add_node(g, &t, ARB_N_COMMENT);
            if (t.unterminated) {
                arb_pgn_syntax(g, &t, "this comment is never closed with '}'");
                g->fatal_syntax = true;
            }
            break;
        case ARB_TK_NAG:
            add_node(g, &t, ARB_N_NAG);
            break;
        case ARB_TK_DRAW_OFFER:
            add_node(g, &t, ARB_N_DRAW_OFFER);
            break;
        case ARB_TK_VAR_OPEN:
            add_node(g, &t, ARB_N_VAR_OPEN);
            depth++;
            break;
        case ARB_TK_VAR_CLOSE:
            if (!depth) {
                arb_pgn_syntax(g, &t, "')' without an opening '('");
                g->fatal_syntax = true;
                add_node(g, &t, ARB_N_ERROR);
            } else {
                add_node(g, &t, ARB_N_VAR_CLOSE);
                depth--;
            }
            break;
        case ARB_TK_RESULT:
            add_node(g, &t, ARB_N_RESULT);
            if (!depth) {
                g->marker = (enum arb_result)t.number;
                g->end_off = t.off + t.len;
                state = ENDED;
            }
            break;
        case ARB_TK_ERROR:
            if (t.markup) {
                /* "[/pgn]" after the moves: markup, no game's text. */
                struct arb_pgn_span sp = {t.off, t.off + t.len, t.line, t.col};
                stray_finding(g, &sp, IN_MOVETEXT);
                break;
            }
            add_node(g, &t, ARB_N_ERROR);
            arb_pgn_syntax(g, &t, "%s", t.error);
            g->fatal_syntax = true;
            break;
        default:
            break;
        }
    }
    if (in_run)
        stray_finding(g, &run, AFTER_MARKER);
    if (tag_strays > 1 && tag_stray >= 0) {
        struct arb_finding *f = &g->findings.v[tag_stray];
        f->message = arb_arena_printf(a, "%s (and %d more such piece%s of text among the tags)", f->message,
                                      tag_strays - 1, tag_strays > 2 ? "s" : "");
    }
    if (state == BETWEEN) {
        if (!have_stray)
            return 0;   /* nothing but white space and comments: no game */
        /* Stray text and then the end: no game follows to report it with,
         * so it is a record of its own (nothing is dropped silently). */
        g->start_off = stray.off;
        g->line = stray.line;
        g->col = stray.col;
        g->end_off = stray.end;
        stray_finding(g, &stray, BEFORE_GAME);
    }
    (void)ended;
    if (!g->end_off)
        g->end_off = r->lx.have_peek ? r->lx.peek.off : r->lx.pos;
    if (depth > 0 && !g->truncated) {
        for (int i = g->n_nodes - 1; i >= 0; i--)
            if (g->nodes[i].kind == ARB_N_VAR_OPEN) {
                struct arb_token at = {0};
                arb_node_place(g, &g->nodes[i], &at.line, &at.col);
                arb_pgn_syntax(g, &at, "%d variation%s opened with '(' never closed", depth, depth > 1 ? "s" : "");
                break;
            }
        g->fatal_syntax = true;
    }
    /* Its bytes for the write-outs: a file's first game from the file's
     * first byte (its byte-order mark too), a later one from lead_start()
     * (the events before it are taken: raw_shift holds them). */
    if (r->in->raw_inexact)
        g->raw_from = UINT64_MAX;
    else if (r->games == 0)
        g->raw_from = 0;
    else
        g->raw_from = arb_pgn_raw_offset(r, lead_start(r, r->after, have_gap ? gap.off : g->start_off));
    r->games++;
    g->index = r->game_base + r->games;
    arb_pgn_decode_findings(r, g, have_gap ? &gap : NULL);
    g->text = arb_input_at(r->in, g->start_off);
    r->after = g->end_off;
    return 1;
}

void arb_pgn_release(struct arb_pgn_reader *r, const struct arb_game *g)
{
    arb_lexer_consume(&r->lx, g->end_off);
}
