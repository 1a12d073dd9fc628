/* cmd_reconstruct.c — `arbiter reconstruct`: the game that best explains
 * one or two scoresheets (Laws 8.5.3).
 *
 * Each SHEET is read as check reads a file (PGN or a bare move list, any
 * encoding); its first game's move tokens, in order, are the sheet ("?" for
 * a move that cannot be read).  The notation language is --lang, else the
 * one that reads most of the sheet's piece moves.  recon.c searches; this
 * file writes the game as PGN (English SAN, a comment at every correction,
 * the alternatives and whether they tie) or as one JSON object.
 */
#include "cli/commands.h"
#include "base/msg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "read/input.h"
#include "report/json.h"
#include "read/pgn.h"
#include "recon/recon.h"
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
    if (arb_pgn_open(&f->in, f->path, o->encoding, arb_opts_sniffer(o) ? sheet_word : NULL, err, sizeof err) < 0) {
        arb_msg("%s", err);
        return -1;
    }
    f->open = true;
    arb_arena_init(&f->arena);
    arb_pgn_init(&f->rd, &f->in, f->path, o->max_game_bytes);
    f->rd.is_move = arb_opts_sniffer(o) ? sheet_word : NULL;
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

/* SAN (English, PGN export) of each move of the game, from start. */
static void san_list(const struct arb_pos *start, const arb_move *m, int n, char (*out)[16])
{
    struct arb_pos pos = *start;
    const struct arb_lang *en = arb_lang_find("en");
    for (int i = 0; i < n; i++) {
        struct arb_movedesc d;
        arb_san_describe(&pos, m[i], &d);
        arb_notation_write(en, &d, true, out[i], 16);
        struct arb_undo u;
        arb_pos_make(&pos, m[i], &u);
    }
}

static void uci_list(struct arb_buf *b, const struct arb_pos *start, const arb_move *m, int n)
{
    struct arb_pos pos = *start;
    arb_buf_addc(b, '[');
    for (int i = 0; i < n; i++) {
        char u[6];
        arb_notation_uci(&pos, m[i], u);
        if (i)
            arb_buf_addc(b, ',');
        arb_json_cstr(b, u);
        struct arb_undo ud;
        arb_pos_make(&pos, m[i], &ud);
    }
    arb_buf_addc(b, ']');
}

static const char *kind_name(enum arb_recon_kind k)
{
    switch (k) {
    case ARB_RC_READ: return "misread";
    case ARB_RC_UNREADABLE: return "unreadable";
    case ARB_RC_NOT_RECORDED: return "not-recorded";
    default: return "extra";
    }
}

/* The move label of a ply ("23." or "23..."). */
static void ply_label(const struct arb_pos *start, int ply, char *buf, size_t cap)
{
    char num[16];
    snprintf(buf, cap, "%s", arb_move_number(start->fullmove, ply - 1 + (start->side == ARB_BLACK), num));
}

static void write_json(struct arb_buf *b, const struct arb_recon_result *r, const struct arb_pos *start,
                       struct sheet_file *files, int ns, const struct arb_sheet *sheets)
{
    const struct arb_recon_game *g = &r->best;
    char (*san)[16] = arb_xmalloc((size_t)(g->n_moves + 1) * sizeof *san);
    san_list(start, g->moves, g->n_moves, san);
    arb_buf_addc(b, '{');
    arb_json_key(b, "sheets", true);
    arb_buf_addc(b, '[');
    for (int k = 0; k < ns; k++) {
        if (k)
            arb_buf_addc(b, ',');
        arb_buf_addc(b, '{');
        arb_json_key(b, "file", true);
        arb_json_cstr(b, files[k].path);
        arb_json_key(b, "lang", false);
        arb_json_cstr(b, sheets[k].lang->code);
        arb_json_key(b, "tokens", false);
        arb_json_int(b, sheets[k].n);
        arb_buf_addc(b, '}');
    }
    arb_buf_addc(b, ']');
    arb_json_key(b, "uci", false);
    uci_list(b, start, g->moves, g->n_moves);
    arb_json_key(b, "san", false);
    arb_buf_addc(b, '[');
    for (int i = 0; i < g->n_moves; i++) {
        if (i)
            arb_buf_addc(b, ',');
        arb_json_cstr(b, san[i]);
    }
    arb_buf_addc(b, ']');
    arb_json_key(b, "corrections", false);
    arb_buf_addc(b, '[');
    for (int c = 0; c < g->n_corr; c++) {
        const struct arb_recon_corr *k = &g->corr[c];
        if (c)
            arb_buf_addc(b, ',');
        arb_buf_addc(b, '{');
        arb_json_key(b, "ply", true);
        arb_json_int(b, k->ply);
        arb_json_key(b, "sheet", false);
        arb_json_int(b, k->sheet + 1);
        arb_json_key(b, "recorded", false);
        arb_json_cstr(b, k->tok >= 0 ? sheets[k->sheet].tok[k->tok] : NULL);
        arb_json_key(b, "move", false);
        arb_json_cstr(b, k->move && k->ply >= 1 ? san[k->ply - 1] : NULL);
        arb_json_key(b, "kind", false);
        arb_json_cstr(b, kind_name(k->kind));
        arb_json_key(b, "reason", false);
        arb_json_cstr(b, k->reason);
        arb_json_key(b, "cost", false);
        arb_buf_printf(b, "%.2f", k->cost);
        arb_buf_addc(b, '}');
    }
    arb_buf_addc(b, ']');
    arb_json_key(b, "cost", false);
    arb_buf_printf(b, "%.2f", g->cost);
    arb_json_key(b, "ties", false);
    arb_buf_adds(b, r->ties ? "true" : "false");
    arb_json_key(b, "alternatives", false);
    arb_buf_addc(b, '[');
    for (int a = 0; a < r->n_alt; a++) {
        if (a)
            arb_buf_addc(b, ',');
        arb_buf_addc(b, '{');
        arb_json_key(b, "uci", true);
        uci_list(b, start, r->alt[a].moves, r->alt[a].n_moves);
        arb_json_key(b, "cost", false);
        arb_buf_printf(b, "%.2f", r->alt[a].cost);
        arb_buf_addc(b, '}');
    }
    arb_buf_addc(b, ']');
    char fen[128];
    arb_pos_to_fen(&g->final, fen);
    arb_json_key(b, "fen", false);
    arb_json_cstr(b, fen);
    arb_json_key(b, "complete", false);
    arb_buf_adds(b, r->pruned ? "false" : "true");
    arb_json_key(b, "partial", false);
    arb_buf_adds(b, r->partial ? "true" : "false");
    arb_buf_adds(b, "}\n");
    free(san);
}

/* Where the alternative first departs from the best game. */
static int first_difference(const struct arb_recon_game *a, const struct arb_recon_game *b)
{
    int i = 0;
    while (i < a->n_moves && i < b->n_moves && a->moves[i] == b->moves[i])
        i++;
    return i + 1;
}

static void write_pgn(struct arb_buf *b, const struct arb_recon_result *r, const struct arb_pos *start,
                      struct sheet_file *files, int ns, const struct arb_sheet *sheets, int no_duty_from)
{
    const struct arb_recon_game *g = &r->best;
    const struct arb_game *tg = &files[0].g;
    const char *res = arb_game_tag(tg, "Result");
    if (!res || (strcmp(res, "1-0") && strcmp(res, "0-1") && strcmp(res, "1/2-1/2")))
        res = "*";
    arb_pgn_write_tags(b, tg, res);   /* the first sheet's, with its FEN if it has one */
    /* The verdict first. */
    arb_buf_printf(b, "{arbiter reconstruct: %d move%s from %d sheet%s (", g->n_moves, g->n_moves == 1 ? "" : "s",
                   ns, ns == 1 ? "" : "s");
    for (int k = 0; k < ns; k++)
        arb_buf_printf(b, "%s%s read as %s", k ? ", " : "", files[k].path, sheets[k].lang->name);
    arb_buf_printf(b, "); %d correction%s, cost %.2f", g->n_corr, g->n_corr == 1 ? "" : "s", g->cost);
    if (no_duty_from)
        arb_buf_printf(b, "; no duty to record from move %d (Art. 8.4)", no_duty_from);
    if (r->ties)
        arb_buf_adds(b, "; another game fits the sheets equally well: the evidence does not decide");
    else if (r->n_alt)
        arb_buf_printf(b, "; %d other game%s fit%s nearly as well", r->n_alt, r->n_alt == 1 ? "" : "s",
                       r->n_alt == 1 ? "s" : "");
    if (r->partial)
        arb_buf_adds(b, "; no legal game fits the whole sheet: this is the game as far as it could be followed, "
                        "and the tokens after it are not fitted");
    if (r->pruned)
        arb_buf_adds(b, "; the search was cut short, a better game may exist");
    arb_buf_adds(b, "}\n");
    char (*san)[16] = arb_xmalloc((size_t)(g->n_moves + 1) * sizeof *san);
    san_list(start, g->moves, g->n_moves, san);
    int col = 0;
    bool need_number = true;   /* at the start and after a comment */
    for (int ply = 1; ply <= g->n_moves; ply++) {
        char label[16];
        ply_label(start, ply, label, sizeof label);
        bool white_move = ((ply - 1 + (start->side == ARB_BLACK)) % 2) == 0;
        struct arb_buf item = {0};
        if (white_move || need_number)
            arb_buf_printf(&item, "%s ", label);
        need_number = false;
        arb_buf_adds(&item, san[ply - 1]);
        /* The corrections at this ply. */
        for (int c = 0; c < g->n_corr; c++) {
            const struct arb_recon_corr *k = &g->corr[c];
            if (k->ply != ply || k->kind == ARB_RC_EXTRA)
                continue;
            arb_buf_printf(&item, " {sheet %d: ", k->sheet + 1);
            if (k->kind == ARB_RC_NOT_RECORDED)
                arb_buf_adds(&item, k->reason);
            else
                arb_buf_printf(&item, "'%s' (%s)", sheets[k->sheet].tok[k->tok], k->reason[0] ? k->reason : "as written");
            arb_buf_adds(&item, "}");
            need_number = true;
        }
        for (int c = 0; c < g->n_corr; c++) {
            const struct arb_recon_corr *k = &g->corr[c];
            if (k->ply == ply && k->kind == ARB_RC_EXTRA) {
                arb_buf_printf(&item, " {sheet %d: '%s' recorded, but no move of the game}", k->sheet + 1,
                               sheets[k->sheet].tok[k->tok]);
                need_number = true;
            }
        }
        if (col && col + 1 + item.len > 80) {
            arb_buf_addc(b, '\n');
            col = 0;
        } else if (col) {
            arb_buf_addc(b, ' ');
            col++;
        }
        arb_buf_add(b, item.data, item.len);
        col += (int)item.len;
        arb_buf_free(&item);
    }
    for (int a = 0; a < r->n_alt; a++) {
        int d = first_difference(&r->alt[a], g);
        char label[16];
        ply_label(start, d, label, sizeof label);
        arb_buf_printf(b, "%s{alternative %d, cost %.2f: from %s on ", col ? "\n" : "", a + 1, r->alt[a].cost, label);
        char (*as)[16] = arb_xmalloc((size_t)(r->alt[a].n_moves + 1) * sizeof *as);
        san_list(start, r->alt[a].moves, r->alt[a].n_moves, as);
        for (int i = d - 1; i < r->alt[a].n_moves && i < d + 5; i++)
            arb_buf_printf(b, "%s%s", i == d - 1 ? "" : " ", as[i]);
        if (r->alt[a].n_moves > d + 5)
            arb_buf_adds(b, " ...");
        arb_buf_adds(b, "}");
        free(as);
        col = 1;
    }
    arb_buf_printf(b, "%s%s\n\n", col ? " " : "", res);
    free(san);
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
    struct arb_buf out = {0};
    if (!r.found) {
        arb_msg("no legal game fits the sheet%s%s", ns == 1 ? "" : "s",
                o->final_fen ? " and the final position" : "");
        if (o->format == &arb_format_jsonl)
            arb_buf_adds(&out, "{\"uci\":null,\"corrections\":[],\"cost\":null,\"alternatives\":[],\"fen\":null}\n");
        status = ARB_EXIT_FINDINGS;
    } else if (o->format == &arb_format_jsonl) {
        write_json(&out, &r, &start, files, ns, sheets);
    } else {
        write_pgn(&out, &r, &start, files, ns, sheets, ro.no_duty_from);
    }
    if (!arb_out_write(out.data, out.len))
        status = ARB_EXIT_FAILURE;
    if (r.found && !arb_out_failed())
        arb_msg("%d moves, %d correction%s, cost %.2f%s%s", r.best.n_moves, r.best.n_corr,
                r.best.n_corr == 1 ? "" : "s", r.best.cost,
                r.ties ? "; another game fits equally well" : r.n_alt ? "; others fit nearly as well" : "",
                r.partial ? "; only part of the sheet could be followed" : "");
    if (r.found && r.partial)
        status = ARB_EXIT_FINDINGS;
    arb_buf_free(&out);
    arb_recon_free(&r);
    for (int k = 0; k < ns; k++)
        sheet_free(&files[k]);
    return status;
}
