/* cmd_reconstruct.c — `arbiter reconstruct`: the game that best explains
 * one or two scoresheets (Laws 8.5.3).
 *
 * Each SHEET is read by recon/sheet.c (a file that is no scoresheet is
 * refused there).  The notation language is --lang, else the one that
 * reads most of the sheet's piece moves.  recon/ completes the search's
 * options from the sheets and the final position (recon/sheet.c), searches,
 * and may have an engine order the ties (recon/engine.c);
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
    struct arb_recon_opts ro = {.moves = (int)o->recon_moves, .no_duty_from = (int)o->no_duty_from,
                                .budget = (long)o->budget, .wall_limit = o->time_limit};
    char fen_err[200];
    if (arb_sheet_complete_opts(&ro, files, ns, o->final_fen, &start, &final, fen_err, sizeof fen_err) < 0) {
        arb_msg("--final-fen: %s", fen_err);
        for (int k = 0; k < ns; k++)
            arb_sheet_file_free(&files[k]);
        return ARB_EXIT_FAILURE;
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
