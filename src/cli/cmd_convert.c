/* cmd_convert.c — `arbiter convert --to=LANG`: write the games again as
 * PGN, every move in the standard algebraic notation of LANG.
 *
 * Each game is read and replayed as `check` does (language detected per
 * game); every move that was played is written again from the position and
 * the legal move (arb_san_describe: minimal disambiguation, capture, check
 * and mate), so the output is canonical whatever the input's spelling.
 * Tags come first in the PGN order (the seven-tag roster, then the rest as
 * they stood); comments, NAGs, variations and the result stay.  Lines are
 * wrapped at 80 columns.  A game whose moves cannot all be read is copied as
 * it stood, after a comment that says why, and the exit status is 1.
 */
#include "cli/commands.h"
#include "base/msg.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/arena.h"
#include "read/input.h"
#include "read/nag.h"
#include "read/pgn.h"
#include "laws/replay.h"
#include "chess/san.h"
#include "base/util.h"

struct conv {
    const struct arb_lang *to;
    struct arb_game *g;
    char **text;               /* per node: the move written in `to`, or NULL */
};

static void on_move(void *ctx, int node, const struct arb_pos *before, arb_move m)
{
    struct conv *c = ctx;
    struct arb_movedesc d;
    arb_san_describe(before, m, &d);
    char buf[ARB_MOVE_TEXT_MAX];
    size_t n = arb_notation_write(c->to, &d, true, buf, sizeof buf);
    c->text[node] = arb_arena_strndup(c->g->arena, buf, n);
}

/* Output with wrapping at 80 columns. */
struct out {
    struct arb_buf *b;
    size_t line_start;
    bool glue;                 /* the next word follows without a space ("(" before it) */
};

static void word(struct out *o, const char *s, size_t n)
{
    /* Columns are characters (Cyrillic letters and figurines take two or
     * three bytes each). */
    size_t col = arb_utf8_chars(o->b->data + o->line_start, o->b->len - o->line_start);
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

/* A comment's words (s: the text between the braces), wrapped like moves. */
static void comment(struct out *o, const char *s, size_t n)
{
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
        word(o, w.data, w.len);
        first = false;
        i = k;
        if (last)
            break;
    }
    arb_buf_free(&w);
}

/* The movetext again: numbers as PGN export writes them ("12." before
 * White's move, "12..." before Black's after an interruption). */
static void write_moves(struct arb_buf *b, const struct arb_game *g, struct conv *c, const struct arb_outcome *oc,
                        const char *result)
{
    struct out o = {b, b->len, false};
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
            if (!c->text[i])
                break;   /* a mark as its own word, or an unplayed variation move */
            int p = base + ply[depth];
            char unit[96];   /* a number stays on the line of its move */
            if (p % 2 == 0 || need_number)
                snprintf(unit, sizeof unit, "%s %s", arb_move_number(1, p, num), c->text[i]);
            else
                snprintf(unit, sizeof unit, "%s", c->text[i]);
            word(&o, unit, strlen(unit));
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
                word(&o, num, strlen(num));
            }
            break;
        }
        case ARB_N_NAG:
            /* "$12", or a glyph standing alone ("\xC2\xB1", "+-"): as PGN writes it. */
            snprintf(num, sizeof num, "$%d", n->num);
            word(&o, num, strlen(num));
            break;
        case ARB_N_COMMENT:
            if (t[0] == ';') {
                comment(&o, t + 1, n->len - 1);   /* a rest-of-line comment becomes a brace comment */
            } else {
                size_t len = n->len - 1;           /* without the braces (the last may be missing) */
                if (len && t[n->len - 1] == '}')
                    len--;
                comment(&o, t + 1, len);
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
            word(&o, "(", 1);
            o.glue = true;
            ply[depth + 1] = prev[depth];
            prev[depth + 1] = prev[depth];
            depth++;
            need_number = true;
            break;
        case ARB_N_VAR_CLOSE:
            if (depth) {
                arb_buf_addc(b, ')');
                depth--;
                need_number = true;
            }
            break;
        case ARB_N_DRAW_OFFER:
            word(&o, "{(=)}", 5);
            break;
        default:
            break;
        }
    }
    word(&o, result, strlen(result));
    arb_buf_adds(b, "\n\n");
}

static int convert_file(const struct arb_opts *o, const char *path, struct arb_buf *out, struct arb_arena *arena,
                        int *games, int *copied)
{
    struct arb_input in;
    char err[300];
    if (arb_pgn_open(&in, path, o->encoding, arb_opts_sniffer(o), err, sizeof err) < 0) {
        arb_msg("%s", err);
        return ARB_EXIT_FAILURE;
    }
    struct arb_pgn_reader rd;
    arb_pgn_init(&rd, &in, path, o->max_game_bytes);
    rd.is_move = arb_opts_sniffer(o);
    unsigned votes[32] = {0};
    struct conv c = {.to = o->to};
    struct arb_check_opts co = {.profile = o->profile, .lang = o->lang, .lang_hint = o->lang_hint,
                                .lang_votes = arb_lang_votes_plain, .votes_ctx = votes, .mode = o->mode,
                                .time_control = o->have_time_control ? &o->time_control : NULL};
    struct arb_replay_hooks hooks = {.ctx = &c, .on_move = on_move};
    int status = ARB_EXIT_OK;
    for (;;) {
        struct arb_game g;
        int r = arb_pgn_next(&rd, &g, arena);
        if (r < 0) {
            arb_msg("%s: read error: %s", path, strerror(in.err_no));
            status = ARB_EXIT_FAILURE;
            break;
        }
        if (r == 0)
            break;
        c.g = &g;
        c.text = arb_arena_alloc(arena, sizeof(char *) * (size_t)(g.n_nodes + 1));
        memset(c.text, 0, sizeof(char *) * (size_t)(g.n_nodes + 1));
        struct arb_outcome oc;
        arb_replay(&g, &co, &hooks, &oc);
        if (oc.lang_vote >= 0)
            votes[oc.lang_vote]++;
        (*games)++;
        /* Copied as written: a game with a move that could not be read or
         * played (the Laws' findings about played moves do not stop it). */
        const struct arb_finding *bad = NULL;
        for (int i = 0; i < g.findings.n && !bad; i++) {
            enum arb_code k = g.findings.v[i].code;
            if (k == ARB_F_PGN_SYNTAX || k == ARB_F_UNKNOWN_MOVE || k == ARB_F_ILLEGAL_MOVE || k == ARB_F_AMBIGUOUS_MOVE
                || k == ARB_F_INVALID_FEN || k == ARB_F_GAME_TOO_LARGE || k == ARB_F_UNSUPPORTED_VARIANT
                || (k == ARB_F_MOVE_AFTER_END && oc.replay_stopped))
                bad = &g.findings.v[i];
        }
        const char *result = oc.result_tag ? oc.result_tag : "*";
        if (strcmp(result, "1-0") && strcmp(result, "0-1") && strcmp(result, "1/2-1/2") && strcmp(result, "*"))
            result = "*";
        if (bad) {
            /* Copied as it stood, with the reason first. */
            (*copied)++;
            status = ARB_EXIT_FINDINGS;
            /* The tags, then the reason as the movetext's first comment. */
            const char *text = g.text;
            size_t len = (size_t)(g.end_off - g.start_off);
            size_t tags = g.n_nodes ? g.nodes[0].off : len;
            arb_buf_add(out, text, tags);
            if (g.n_tags && (!out->len || out->data[out->len - 1] != '\n'))
                arb_buf_addc(out, '\n');
            arb_buf_printf(out, "{arbiter: %s:%u:%u: %s [%s]; this game is copied as it was written}\n", path,
                           bad->line, bad->col, bad->message, arb_codes[bad->code].name);
            arb_buf_add(out, text + tags, len - tags);
            arb_buf_adds(out, "\n\n");
        } else {
            arb_pgn_write_tags(out, &g, result);
            write_moves(out, &g, &c, &oc, result);
        }
        arb_pgn_release(&rd, &g);
        arb_arena_reset(arena);
        if (out->len >= 1 << 16) {
            bool ok = arb_out_write(out->data, out->len);
            arb_buf_clear(out);
            if (!ok) {
                status = ARB_EXIT_FAILURE;    /* no reader: stop (main.c reports it) */
                break;
            }
        }
    }
    arb_input_close(&in);
    return status;
}

int arb_cmd_convert(const struct arb_opts *o)
{
    static char *stdin_only[] = {(char *)"-"};
    char **files = o->n_files ? o->files : stdin_only;
    int n = o->n_files ? o->n_files : 1;
    struct arb_arena arena;
    arb_arena_init(&arena);
    struct arb_buf out = {0};
    int status = ARB_EXIT_OK, games = 0, copied = 0;
    for (int i = 0; i < n; i++) {
        int st = convert_file(o, files[i], &out, &arena, &games, &copied);
        if (st > status)
            status = st;
    }
    if (!arb_out_write(out.data, out.len))
        status = ARB_EXIT_FAILURE;
    if (copied && !arb_out_failed())
        arb_msg("%d of %d game%s copied unconverted (moves that cannot be read)", copied, games,
                games == 1 ? "" : "s");
    arb_buf_free(&out);
    arb_arena_fini(&arena);
    return status;
}
