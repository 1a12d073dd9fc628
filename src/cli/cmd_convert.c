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
#include "base/out.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/arena.h"
#include "read/input.h"
#include "read/pgn.h"
#include "laws/replay.h"
#include "report/pgn_out.h"
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

static int convert_file(const struct arb_opts *o, const char *path, struct arb_buf *out, struct arb_arena *arena,
                        int *games, int *copied)
{
    struct arb_input in;
    struct arb_pgn_reader rd;
    char err[300];
    if (arb_opts_open(o, path, path, arb_opts_sniffer(o), -1, &in, &rd, err, sizeof err) < 0) {
        arb_msg("%s", err);
        return ARB_EXIT_FAILURE;
    }
    unsigned votes[32] = {0};
    struct conv c = {.to = o->to};
    struct arb_check_opts co = arb_opts_check(o);
    co.lang_votes = arb_lang_votes_plain;
    co.votes_ctx = votes;
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
            arb_pgn_out_tags(out, &g, result);
            arb_pgn_out_movetext(out, &g, c.text, &oc, result);
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
