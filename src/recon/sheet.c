/* sheet.c — a scoresheet file read for reconstruct (see sheet.h).
 *
 * The file is read as check reads one (PGN or a bare move list, any
 * encoding); its game's main-line move tokens are the sheet.  "12." says
 * White's move of row 12 follows, "12..." or "12. ..." Black's (White's
 * cell left blank); a lone "?" is a move that cannot be read.  A clock
 * comment under five minutes marks the start of the 8.4 window.  The
 * search's options are completed from the files (the start, the 8.4
 * window) and the final position's FEN (its counters believed or not).
 */
#include "recon/sheet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"

/* A word that tells a scoresheet: a move in any language, or '?', the
 * mark of a move that cannot be read. */
static bool sheet_word(const char *s, size_t n)
{
    return (n == 1 && s[0] == '?') || arb_notation_is_move_any(s, n);
}

int arb_sheet_file_read(struct arb_sheet_file *f, const char *path, const struct arb_sheet_read_opts *o, char *err,
                        size_t cap)
{
    memset(f, 0, sizeof *f);
    f->path = path;
    bool (*sniff)(const char *, size_t) = o->any_word ? NULL : sheet_word;
    if (arb_pgn_open(&f->in, path, o->encoding, sniff, -1, err, cap) < 0)
        return -1;
    arb_pgn_init(&f->rd, &f->in, path, o->max_game_bytes);
    f->rd.is_move = sniff;
    f->open = true;
    arb_arena_init(&f->arena);
    int r = arb_pgn_next(&f->rd, &f->g, &f->arena);
    if (r <= 0) {
        snprintf(err, cap, "%s: %s", path, r < 0 ? "read error" : "no moves in the file");
        return -1;
    }
    f->tok = arb_arena_alloc(&f->arena, sizeof *f->tok * (size_t)(f->g.n_nodes + 1));
    f->num = arb_arena_alloc(&f->arena, sizeof *f->num * (size_t)(f->g.n_nodes + 1));
    f->black = arb_arena_alloc(&f->arena, sizeof *f->black * (size_t)(f->g.n_nodes + 1));
    int depth = 0, cur_num = 0, next_side = -1, junk = 0;
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
            /* A clock reading under five minutes (Art. 8.4; the increment
             * is looked at below). */
            struct arb_clock_comment cc;
            arb_clock_comment_parse(t, n->len, &cc);
            if (cc.clk >= 0 && cc.clk < 3000 && cur_num > 0)
                f->no_duty_from = cur_num;
            continue;
        }
        if (n->kind == ARB_N_MOVENUM) {
            /* "12." : White's move of row 12 follows; "12..." or "12. ..."
             * Black's (White's cell blank). */
            if (n->num <= 0 && n->dots >= 3 && cur_num > 0 && next_side == 0) {
                next_side = 1;
                continue;
            }
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
        if (!sheet_word(t, n->len) && !(n->len > 1 && memchr(t, '?', n->len)))
            junk++;   /* (a token with a '?' in it is a move half read) */
        f->num[f->n] = next_side >= 0 ? cur_num : 0;
        f->black[f->n] = (signed char)next_side;
        f->tok[f->n++] = tok;
        /* White's move is followed by Black's of the same row; after it
         * the sheet says nothing until the next number. */
        next_side = next_side == 0 ? 1 : -1;
    }
    if (f->n && (!strcmp(f->tok[f->n - 1], "1/2") || !strcmp(f->tok[f->n - 1], "\xC2\xBD"))) {
        f->n--;   /* a draw written as players do: the result, not a move */
        f->half_written = true;
    }
    if (!f->n) {
        snprintf(err, cap, "%s: no moves in the file", path);
        return -1;
    }
    /* No scoresheet: mostly words that are no moves (a dataset's labels, a
     * log), or more games than one (a database). */
    if (!o->any_word && junk >= 10 && 3 * junk >= f->n) {
        snprintf(err, cap,
                 "%s: not a scoresheet: %d of its %d words are no moves in any notation arbiter reads "
                 "(a scoresheet is one game's moves, as PGN or a bare move list)",
                 path, junk, f->n);
        return -1;
    }
    struct arb_game next;
    struct arb_arena scratch;
    arb_arena_init(&scratch);
    int more = arb_pgn_next(&f->rd, &next, &scratch);
    if (more > 0)
        arb_pgn_release(&f->rd, &next);
    arb_arena_fini(&scratch);
    if (more > 0) {
        snprintf(err, cap,
                 "%s: not a scoresheet: it holds more than one game (a PGN database?); reconstruct reads one "
                 "game's sheet, or the two players' sheets of one game",
                 path);
        return -1;
    }
    /* 8.4 does not apply with an increment of 30 seconds or more. */
    struct arb_timecontrol tc = {0};
    const char *tct = arb_game_tag(&f->g, "TimeControl");
    if (o->time_control)
        tc = *o->time_control;
    else if (tct)
        arb_tc_parse_pgn(tct, &tc);
    for (int p = 0; p < tc.n; p++)
        if (tc.p[p].increment >= 30)
            f->no_duty_from = 0;
    const char *fen = arb_game_tag(&f->g, "FEN");
    if (fen) {
        char e[200];
        if (arb_pos_from_fen(&f->start, fen, false, e, sizeof e) < 0) {
            snprintf(err, cap, "%s: the FEN tag cannot be read: %s", path, e);
            return -1;
        }
        f->have_start = true;
    }
    return 0;
}

void arb_sheet_file_free(struct arb_sheet_file *f)
{
    if (!f->open)
        return;
    arb_arena_fini(&f->arena);
    arb_input_close(&f->in);
    f->open = false;
}

struct arb_sheet arb_sheet_of(const struct arb_sheet_file *f, const struct arb_lang *lang)
{
    /* The result after the moves, else a bare "1/2", else the Result tag
     * of a sheet typed as PGN ("*" says nothing). */
    enum arb_result w = f->g.marker;
    if ((w == ARB_RESULT_NONE || w == ARB_RESULT_UNKNOWN) && f->half_written)
        w = ARB_RESULT_DRAW;
    const char *t = arb_game_tag(&f->g, "Result");
    if ((w == ARB_RESULT_NONE || w == ARB_RESULT_UNKNOWN) && t)
        w = arb_result_parse(t, strlen(t));
    if (w == ARB_RESULT_UNKNOWN)
        w = ARB_RESULT_NONE;
    return (struct arb_sheet){.lang = lang, .tok = f->tok, .n = f->n, .num = f->num, .black = f->black, .result = w};
}

/* Does the FEN give its counters (six fields, and not the "0 1" of a
 * position typed without them)? */
static bool fen_has_counters(const char *fen)
{
    int fields = 0;
    const char *last[2] = {NULL, NULL};
    for (const char *p = fen; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        last[0] = last[1];
        last[1] = p;
        fields++;
        while (*p && *p != ' ')
            p++;
    }
    if (fields < 6)
        return false;
    return !(atoi(last[0]) == 0 && atoi(last[1]) == 1);
}

int arb_sheet_complete_opts(struct arb_recon_opts *o, const struct arb_sheet_file *files, int n,
                            const char *final_fen, struct arb_pos *start, struct arb_pos *final, char *err,
                            size_t cap)
{
    if (n > 0 && files[0].have_start)
        *start = files[0].start;
    else
        arb_pos_startpos(start);
    o->start = start;
    /* Without a window given, the sheets' clock readings tell where 8.4 began. */
    if (!o->no_duty_from)
        for (int k = 0; k < n; k++)
            if (files[k].no_duty_from && (!o->no_duty_from || files[k].no_duty_from < o->no_duty_from))
                o->no_duty_from = files[k].no_duty_from;
    if (final_fen) {
        if (arb_pos_from_fen(final, final_fen, false, err, cap) < 0)
            return -1;
        o->final = final;
        o->final_counters = fen_has_counters(final_fen);
    }
    return 0;
}
