/* convert.c — `arbiter convert`'s work on one file: each game read and
 * replayed as `check` does (run/games.h), every move that was played
 * written again in the target language from the position and the legal
 * move (arb_san_describe: minimal disambiguation, capture, check and mate),
 * so the output is canonical whatever the input's spelling; a game whose
 * moves cannot all be read is copied as it stood, after a comment that says
 * why (report/pgn_out.c writes the PGN).
 */
#include "run/convert.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/exit.h"
#include "base/msg.h"
#include "base/out.h"
#include "chess/san.h"
#include "report/pgn_out.h"

struct conv {
    const struct arb_lang *to;
    struct arb_game *g;
    char **text;               /* per node of the game: the move written in `to`, or NULL; NULL
                                  until asked for (slots) */
    uint64_t text_game;        /* the game (index) text is for: a game --plies or --position left
                                  out after its replay had its slots too */
};

/* The game's slots, a slot per node (NULL: as written), made at the first
 * call for the game. */
static char **slots(struct conv *c)
{
    if (!c->text || c->text_game != (uint64_t)c->g->index) {
        c->text_game = (uint64_t)c->g->index;
        c->text = arb_arena_alloc(c->g->arena, sizeof(char *) * (size_t)(c->g->n_nodes + 1));
        memset(c->text, 0, sizeof(char *) * (size_t)(c->g->n_nodes + 1));
    }
    return c->text;
}

static void on_move(void *ctx, int node, const struct arb_pos *before, arb_move m)
{
    struct conv *c = ctx;
    struct arb_movedesc d;
    arb_san_describe(before, m, &d);
    char buf[ARB_MOVE_TEXT_MAX];
    size_t n = arb_notation_write(c->to, &d, true, buf, sizeof buf);
    slots(c)[node] = arb_arena_strndup(c->g->arena, buf, n);
}

int arb_convert_file(const struct arb_games_opts *o, const struct arb_lang *to, const char *path,
                     struct arb_buf *out, struct arb_arena *arena, int *games, int *copied)
{
    struct arb_games gs;
    char err[300];
    if (arb_games_open(&gs, o, path, path, -1, err, sizeof err) < 0) {
        arb_msg("%s", err);
        return ARB_EXIT_FAILURE;
    }
    struct arb_game g;
    struct conv c = {.to = to, .g = &g};
    struct arb_replay_hooks hooks = {.ctx = &c, .on_move = on_move};
    int status = ARB_EXIT_OK;
    for (;;) {
        struct arb_outcome oc;
        int r = arb_games_next(&gs, &g, arena, &hooks, &oc);
        if (r < 0) {
            arb_msg("%s: read error: %s", path, arb_input_strerror(&gs.in));
            status = ARB_EXIT_FAILURE;
            break;
        }
        if (r == 0)
            break;
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
            arb_pgn_out_movetext(out, &g, slots(&c), &oc, result);
        }
        arb_pgn_release(&gs.rd, &g);
        arb_arena_reset(arena);
        c.text = NULL;
        if (out->len >= 1 << 16) {
            bool ok = arb_out_write(out->data, out->len);
            arb_buf_clear(out);
            if (!ok) {
                status = ARB_EXIT_FAILURE;    /* no reader: stop (main.c reports it) */
                break;
            }
        }
    }
    arb_games_close(&gs);
    return status;
}

