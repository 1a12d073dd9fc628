/* cmd_replay.c — `arbiter replay`: the positions of one game.
 *
 * With --fen: one FEN per line, the start position and the position after
 * each replayed half-move.  Without: a board per position, as text.
 * A move that cannot be played ends the output; the finding is printed on
 * standard error and the exit status is 1.
 */
#include "commands.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "input.h"
#include "pgn.h"
#include "replay.h"
#include "report.h"

struct ctx {
    bool fen;
    struct arb_buf b;             /* one position's text, written with arb_out_write() */
};

static void show(void *vctx, int ply, const struct arb_pos *pos, const char *token, size_t len)
{
    struct ctx *c = vctx;
    char fen[128];
    struct arb_buf *b = &c->b;
    arb_buf_clear(b);
    if (c->fen) {
        arb_buf_printf(b, "%s\n", arb_pos_to_fen(pos, fen));
    } else {
        if (ply == 0)
            arb_buf_adds(b, "Start position\n");
        else
            arb_buf_printf(b, "Ply %d: %.*s\n", ply, (int)len, token);
        static const char letters[] = ".PNBRQK";
        for (int rank = 7; rank >= 0; rank--) {
            arb_buf_printf(b, "  %d ", rank + 1);
            for (int file = 0; file < 8; file++) {
                int p = pos->board[ARB_SQ(file, rank)];
                char ch = letters[p ? arb_piece_type(p) + 1 : 0];
                if (p && arb_piece_color(p) == ARB_BLACK)
                    ch = (char)(ch - 'A' + 'a');
                arb_buf_addc(b, ' ');
                arb_buf_addc(b, ch);
            }
            arb_buf_addc(b, '\n');
        }
        arb_buf_printf(b, "     a b c d e f g h\n  %s to move\n\n", pos->side == ARB_WHITE ? "White" : "Black");
    }
    arb_out_write(b->data, b->len);
}

int arb_cmd_replay(const struct arb_opts *o)
{
    const char *path = o->n_files ? o->files[0] : "-";
    struct arb_input in;
    char err[300];
    if (arb_pgn_open(&in, path, o->encoding, arb_opts_sniffer(o), err, sizeof err) < 0) {
        fprintf(stderr, "arbiter: %s\n", err);
        return ARB_EXIT_FAILURE;
    }
    struct arb_pgn_reader rd;
    struct arb_arena arena;
    arb_pgn_init(&rd, &in, path, o->max_game_bytes);
    arb_arena_init(&arena);
    struct arb_check_opts co = {.profile = o->profile, .lang = o->lang, .lang_hint = o->lang_hint, .mode = o->mode,
                                .time_control = o->have_time_control ? &o->time_control : NULL};
    int status = ARB_EXIT_FAILURE;
    struct arb_game g;
    int r;
    uint64_t k = 0;
    while ((r = arb_pgn_next(&rd, &g, &arena)) > 0) {
        if (++k == o->game)
            break;
        arb_pgn_release(&rd, &g);
        arb_arena_reset(&arena);
    }
    if (r < 0) {
        fprintf(stderr, "arbiter: %s: read error\n", path);
    } else if (r == 0) {
        fprintf(stderr, "arbiter: %s: there is no game %llu (the file holds %llu)\n", path,
                (unsigned long long)o->game, (unsigned long long)k);
    } else {
        struct ctx c = {o->fen, {0}};
        int plies = arb_replay_positions(&g, &co, show, &c);
        /* Report why the replay stopped, if it did. */
        struct arb_outcome oc;
        g.findings.n = 0;
        arb_replay_game(&g, &co, &oc);
        status = ARB_EXIT_OK;
        for (int i = 0; i < g.findings.n; i++) {
            const struct arb_finding *f = &g.findings.v[i];
            if (f->severity != ARB_SEV_ERROR || f->variation)
                continue;
            fprintf(stderr, "%s:%u:%u: error: %s [%s]\n", path, f->line, f->col, f->message, arb_codes[f->code].name);
            status = ARB_EXIT_FINDINGS;
        }
        (void)plies;
        arb_buf_free(&c.b);
        if (arb_out_failed())
            status = ARB_EXIT_FAILURE;     /* main.c reports it */
    }
    arb_arena_fini(&arena);
    arb_input_close(&in);
    return status;
}
