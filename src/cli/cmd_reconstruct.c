/* cmd_reconstruct.c — `arbiter reconstruct`: the game that best explains
 * one or two scoresheets (Laws 8.5.3).
 *
 * Each SHEET is read by recon/sheet.c (a file that is no scoresheet is
 * refused there).  The notation language is --lang, else the one that
 * reads most of the sheet's piece moves.  recon/ searches;
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
#include "recon/sheet.h"
#include "recon/engine.h"
#include "report/recon_out.h"
#include "chess/san.h"
#include "read/timectl.h"
#include "base/util.h"

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

int arb_cmd_reconstruct(const struct arb_opts *o)
{
    if (o->n_files < 1 || o->n_files > 2) {
        arb_msg("reconstruct reads one scoresheet or two (the players' sheets of one game)");
        return ARB_EXIT_FAILURE;
    }
    struct arb_sheet_file files[2];
    memset(files, 0, sizeof files);
    struct arb_sheet sheets[2];
    int status = ARB_EXIT_OK;
    int ns = o->n_files;
    struct arb_sheet_read_opts so = {.encoding = o->encoding, .max_game_bytes = o->max_game_bytes,
                                     .any_word = !arb_opts_sniffer(o),
                                     .time_control = o->have_time_control ? &o->time_control : NULL};
    for (int k = 0; k < ns; k++) {
        char err[400];
        if (strcmp(o->files[k], "-") == 0)
            arb_opts_stdin_note();
        if (arb_sheet_file_read(&files[k], o->files[k], &so, err, sizeof err) < 0) {
            arb_msg("%s", err);
            for (int j = 0; j <= k; j++)
                arb_sheet_file_free(&files[j]);
            return ARB_EXIT_FAILURE;
        }
        sheets[k] = arb_sheet_of(&files[k], o->lang ? o->lang
                                                    : arb_recon_guess_lang(files[k].tok, files[k].n, o->lang_hint));
    }
    struct arb_pos start, final;
    if (files[0].have_start)
        start = files[0].start;
    else
        arb_pos_startpos(&start);
    struct arb_recon_opts ro = {.start = &start, .moves = (int)o->recon_moves, .no_duty_from = (int)o->no_duty_from,
                                .budget = (long)o->budget, .wall_limit = o->time_limit};
    /* Without --no-duty-from, the sheets' clock readings tell where 8.4 began. */
    for (int k = 0; k < ns && !o->no_duty_from; k++)
        if (files[k].no_duty_from && (!ro.no_duty_from || files[k].no_duty_from < ro.no_duty_from))
            ro.no_duty_from = files[k].no_duty_from;
    if (o->final_fen) {
        char e[200];
        if (arb_pos_from_fen(&final, o->final_fen, false, e, sizeof e) < 0) {
            arb_msg("--final-fen: %s", e);
            for (int k = 0; k < ns; k++)
                arb_sheet_file_free(&files[k]);
            return ARB_EXIT_FAILURE;
        }
        ro.final = &final;
        ro.final_counters = fen_has_counters(o->final_fen);
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
        /* A search that ended by itself proves that none exists; one a limit
         * stopped says which. */
        char how[128] = "";
        const char *words = arb_recon_limit_words(r.limit);
        if (words)
            snprintf(how, sizeof how, " before %s (%ld steps)", words, r.steps);
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
        arb_msg("%d move%s, %d correction%s, cost %.2f%s%s%s", r.best.n_moves, r.best.n_moves == 1 ? "" : "s", r.best.n_corr,
                r.best.n_corr == 1 ? "" : "s", r.best.cost, ties,
                !r.partial        ? ""
                : o->final_fen    ? "; no game reaching the final position was found: the moves as far as the sheets could be followed"
                                  : "; only part of the sheet could be followed",
                r.limit == ARB_RL_NONE ? ""
                : r.proved             ? "; a limit stopped the listing of equal games"
                                       : "; a limit stopped the search: the best game found, not proved the cheapest");
    if (r.found && r.partial)
        status = ARB_EXIT_FINDINGS;
    arb_buf_free(&out);
    arb_recon_free(&r);
    for (int k = 0; k < ns; k++)
        arb_sheet_file_free(&files[k]);
    return status;
}
