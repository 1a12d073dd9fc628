/* cmd_reconstruct.c — `arbiter reconstruct`: the game that best explains
 * one or two scoresheets (Laws 8.5.3).
 *
 * Each SHEET is read as check reads a file (PGN or a bare move list, any
 * encoding); its first game's move tokens, in order, are the sheet ("?" for
 * a move that cannot be read).  The notation language is --lang, else the
 * one that reads most of the sheet's piece moves.  recon.c searches;
 * report/recon_out.c writes the game as PGN (English SAN, a comment at
 * every correction, the alternatives and whether they tie) or as one JSON
 * object.
 */
#include "cli/commands.h"
#include "base/msg.h"
#include "base/out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "read/input.h"
#include "read/pgn.h"
#include "recon/recon.h"
#include "cli/engine.h"
#include "report/recon_out.h"
#include "chess/san.h"
#include "read/timectl.h"
#include "base/util.h"

struct sheet_file {
    const char *path;
    struct arb_input in;
    struct arb_pgn_reader rd;
    struct arb_arena arena;
    struct arb_game g;
    bool have_game;
    bool open;                    /* in and arena are set up (sheet_free undoes them) */
    const char **tok;
    int *num;                     /* the move number written for each token's row, 0 none */
    signed char *black;           /* 1 Black's move, 0 White's, -1 unknown */
    int n;
    struct arb_pos start;
    bool have_start;
    int no_duty_from;             /* 8.4 by the sheet's clock readings: the move from which a
                                     clock showed under five minutes (0: none) */
};

/* A word that tells a scoresheet: a move in any language, or '?', the
 * mark of a move that cannot be read. */
static bool sheet_word(const char *s, size_t n)
{
    return (n == 1 && s[0] == '?') || arb_notation_is_move_any(s, n);
}

/* Read the first game of path and its move tokens. */
static int read_sheet(const struct arb_opts *o, struct sheet_file *f)
{
    char err[300];
    if (arb_opts_open(o, f->path, f->path, arb_opts_sniffer(o) ? sheet_word : NULL, -1, &f->in, &f->rd, err,
                      sizeof err) < 0) {
        arb_msg("%s", err);
        return -1;
    }
    f->open = true;
    arb_arena_init(&f->arena);
    int r = arb_pgn_next(&f->rd, &f->g, &f->arena);
    if (r <= 0) {
        arb_msg("%s: %s", f->path, r < 0 ? "read error" : "no moves in the file");
        return -1;
    }
    f->have_game = true;
    f->tok = arb_arena_alloc(&f->arena, sizeof *f->tok * (size_t)(f->g.n_nodes + 1));
    f->num = arb_arena_alloc(&f->arena, sizeof *f->num * (size_t)(f->g.n_nodes + 1));
    f->black = arb_arena_alloc(&f->arena, sizeof *f->black * (size_t)(f->g.n_nodes + 1));
    int depth = 0, cur_num = 0, next_side = -1;
    for (int i = 0; i < f->g.n_nodes; i++) {
        const struct arb_node *n = &f->g.nodes[i];
        if (n->kind == ARB_N_VAR_OPEN)
            depth++;
        else if (n->kind == ARB_N_VAR_CLOSE)
            depth--;
        if (depth)
            continue;
        const char *t = arb_node_text(&f->g, n);
        if (n->kind == ARB_N_COMMENT && !f->no_duty_from) {
            /* A clock reading under five minutes (Art. 8.4; the increment is
             * looked at below). */
            struct arb_clock_comment cc;
            arb_clock_comment_parse(t, n->len, &cc);
            if (cc.clk >= 0 && cc.clk < 3000 && cur_num > 0)
                f->no_duty_from = cur_num;
            continue;
        }
        if (n->kind == ARB_N_MOVENUM) {
            /* "12." : White's move of row 12 follows; "12..." Black's. */
            cur_num = n->num > 0 ? n->num : 0;
            next_side = n->num > 0 ? (n->dots >= 3) : -1;
            continue;
        }
        const char *tok = NULL;
        if (n->kind == ARB_N_MOVE || n->kind == ARB_N_ERROR)
            tok = arb_arena_strndup(&f->arena, t, n->len);
        else if (n->kind == ARB_N_NAG && n->len >= 1 && n->len <= 3 && strspn(t, "?") >= n->len)
            tok = "?";   /* a question mark on its own: a move that cannot be read */
        if (!tok)
            continue;
        f->num[f->n] = next_side >= 0 ? cur_num : 0;
        f->black[f->n] = (signed char)next_side;
        f->tok[f->n++] = tok;
        /* White's move is followed by Black's of the same row; after it
         * the sheet says nothing until the next number. */
        next_side = next_side == 0 ? 1 : -1;
    }
    /* 8.4 does not apply with an increment of 30 seconds or more. */
    struct arb_timecontrol tc = {0};
    const char *tct = arb_game_tag(&f->g, "TimeControl");
    if (o->have_time_control)
        tc = o->time_control;
    else if (tct)
        arb_tc_parse_pgn(tct, &tc);
    for (int p = 0; p < tc.n; p++)
        if (tc.p[p].increment >= 30)
            f->no_duty_from = 0;
    const char *fen = arb_game_tag(&f->g, "FEN");
    if (fen) {
        char e[200];
        if (arb_pos_from_fen(&f->start, fen, false, e, sizeof e) < 0) {
            arb_msg("%s: the FEN tag cannot be read: %s", f->path, e);
            return -1;
        }
        f->have_start = true;
    }
    if (!f->n) {
        arb_msg("%s: no moves in the file", f->path);
        return -1;
    }
    return 0;
}

static void sheet_free(struct sheet_file *f)
{
    if (!f->open)
        return;              /* (a sheet that did not open, or not read yet) */
    arb_arena_fini(&f->arena);
    arb_input_close(&f->in);
    f->open = false;
}

int arb_cmd_reconstruct(const struct arb_opts *o)
{
    if (o->n_files < 1 || o->n_files > 2) {
        arb_msg("reconstruct reads one scoresheet or two (the players' sheets of one game)");
        return ARB_EXIT_FAILURE;
    }
    struct sheet_file files[2];
    memset(files, 0, sizeof files);
    struct arb_sheet sheets[2];
    int status = ARB_EXIT_OK;
    int ns = o->n_files;
    for (int k = 0; k < ns; k++) {
        files[k].path = o->files[k];
        if (read_sheet(o, &files[k]) < 0) {
            for (int j = 0; j <= k; j++)
                sheet_free(&files[j]);
            return ARB_EXIT_FAILURE;
        }
        sheets[k].tok = files[k].tok;
        sheets[k].n = files[k].n;
        sheets[k].num = files[k].num;
        sheets[k].black = files[k].black;
        sheets[k].lang = o->lang ? o->lang : arb_recon_guess_lang(files[k].tok, files[k].n, o->lang_hint);
    }
    struct arb_pos start, final;
    if (files[0].have_start)
        start = files[0].start;
    else
        arb_pos_startpos(&start);
    struct arb_recon_opts ro = {.start = &start, .moves = (int)o->recon_moves, .no_duty_from = (int)o->no_duty_from,
                                .beam = (int)o->recon_beam};
    /* Without --no-duty-from, the sheets' clock readings tell where 8.4 began. */
    for (int k = 0; k < ns && !o->no_duty_from; k++)
        if (files[k].no_duty_from && (!ro.no_duty_from || files[k].no_duty_from < ro.no_duty_from))
            ro.no_duty_from = files[k].no_duty_from;
    if (o->final_fen) {
        char e[200];
        if (arb_pos_from_fen(&final, o->final_fen, false, e, sizeof e) < 0) {
            arb_msg("--final-fen: %s", e);
            for (int k = 0; k < ns; k++)
                sheet_free(&files[k]);
            return ARB_EXIT_FAILURE;
        }
        ro.final = &final;
    }
    struct arb_recon_result r;
    arb_reconstruct(sheets, ns, &ro, &r);
    const char *engine_used = NULL;
    if (o->engine && r.found && r.ties) {
        /* Chess plausibility orders the ties; a failing engine costs only that. */
        char e[300];
        int scored;
        if (arb_engine_order_ties(o->engine, &start, &r, &scored, e, sizeof e) < 0)
            arb_msg("%s; the equally good games keep the search's order", e);
        else if (scored)
            engine_used = o->engine;
    }
    struct arb_buf out = {0};
    const char *paths[2] = {files[0].path, ns > 1 ? files[1].path : NULL};
    struct arb_recon_report rep = {.r = &r, .start = &start, .sheets = sheets, .paths = paths, .n_sheets = ns,
                                   .tags = &files[0].g, .no_duty_from = ro.no_duty_from, .engine = engine_used};
    if (!r.found) {
        /* (A search cannot prove that none exists: it says how far it went.) */
        char how[64] = "";
        if (r.timed_out)
            snprintf(how, sizeof how, " before the time limit");
        else if (r.widened > 1)
            snprintf(how, sizeof how, ", with a search up to %d times as wide", r.widened);
        arb_msg("no legal game that fits the sheet%s%s was found%s", ns == 1 ? "" : "s",
                o->final_fen ? " and reaches the final position" : "", how);
        if (o->format == &arb_format_jsonl)
            arb_recon_write_json(&out, &rep);
        status = ARB_EXIT_FINDINGS;
    } else if (o->format == &arb_format_jsonl) {
        arb_recon_write_json(&out, &rep);
    } else {
        arb_recon_write_pgn(&out, &rep);
    }
    if (!arb_out_write(out.data, out.len))
        status = ARB_EXIT_FAILURE;
    char ties[96] = "", fit[64];
    if (r.ties)
        snprintf(ties, sizeof ties, "; %s equally well", arb_recon_ties_phrase(&r, fit, sizeof fit));
    else if (r.n_alt)
        snprintf(ties, sizeof ties, "; others fit nearly as well");
    if (r.found && !arb_out_failed())
        arb_msg("%d moves, %d correction%s, cost %.2f%s%s%s", r.best.n_moves, r.best.n_corr,
                r.best.n_corr == 1 ? "" : "s", r.best.cost, ties,
                r.partial ? "; only part of the sheet could be followed" : "",
                r.timed_out ? "; stopped by the time limit" : "");
    if (r.found && r.partial)
        status = ARB_EXIT_FINDINGS;
    arb_buf_free(&out);
    arb_recon_free(&r);
    for (int k = 0; k < ns; k++)
        sheet_free(&files[k]);
    return status;
}
