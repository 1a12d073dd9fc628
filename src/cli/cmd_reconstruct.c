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
#include "base/outfile.h"

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

/* reconstruct's own options (o->own). */
struct recon_opts {
    const char *final_fen;               /* --final-fen */
    uint64_t moves;                      /* --moves */
    uint64_t no_duty_from;               /* --no-duty-from */
    uint64_t budget;                     /* --budget=N (0: the default) */
    double time_limit;                   /* --time-limit (seconds; 0: none) */
    const char *engine;                  /* --engine=PATH: a UCI engine orders ties (NULL: off) */
};

enum { OPT_FINAL_FEN = ARB_OPT_OWN, OPT_MOVES, OPT_NO_DUTY_FROM, OPT_BEAM, OPT_ENGINE, OPT_BUDGET, OPT_TIME_LIMIT };

static const struct option options[] = {
    ARB_OPTIONS_COMMON,
    {"final-fen", required_argument, NULL, OPT_FINAL_FEN},
    {"moves", required_argument, NULL, OPT_MOVES},
    {"no-duty-from", required_argument, NULL, OPT_NO_DUTY_FROM},
    {"beam", required_argument, NULL, OPT_BEAM},
    {"engine", required_argument, NULL, OPT_ENGINE},
    {"budget", required_argument, NULL, OPT_BUDGET},
    {"time-limit", required_argument, NULL, OPT_TIME_LIMIT},
    ARB_OPTIONS_END,
};

static const char usage[] =
    "Usage: arbiter reconstruct [OPTION]... SHEET [SHEET2]\n"
    "Find the legal game that best explains one scoresheet, or both players' sheets\n"
    "of one game (Laws 8.5.3), and write it as PGN with every correction in a\n"
    "comment: a misread token (what was written, what was played, why), a move not\n"
    "recorded, a token that was no move, an unreadable move (written '?').  The\n"
    "games that fit nearly as well follow; when one fits equally well, it says so.\n"
    "Each sheet is PGN or a bare move list in any notation language arbiter reads.\n"
    "\n"
    "Options:\n"
    "      --format=FORMAT     text (PGN, default) or jsonl (one JSON object: uci,\n"
    "                          san, corrections, cost, ties, alternatives, fen)\n"
    "      --final-fen=FEN     the position on the board at the end (must be reached)\n"
    "      --moves=N           the move counter: N moves were made\n"
    "      --no-duty-from=N    from move N neither player had to record (Art. 8.4):\n"
    "                          moves left out there are no slips\n"
    "      --budget=N          search steps at most (default 25000000; a step is\n"
    "                          a move looked at, a state made 8): the search stops\n"
    "                          there with the best game found so far and says so;\n"
    "                          the answer never depends on the machine\n"
    "      --time-limit=S      a safety net: stop after S seconds of wall clock\n"
    "                          (off by default; then the answer may depend on\n"
    "                          the machine's speed)\n"
    "      --engine=PATH       a UCI engine (e.g. /usr/games/stockfish) orders the\n"
    "                          games that fit equally well, the most natural chess\n"
    "                          first; it never changes which games tie (off by\n"
    "                          default)\n";

static enum arb_parse_result option(struct arb_opts *o, int id, const char *arg, const char *opt_text)
{
    struct recon_opts *c = o->own;
    (void)opt_text;
    switch (id) {
    case OPT_FINAL_FEN: {
        struct arb_pos tmp;
        char e[200];
        if (arb_pos_from_fen(&tmp, arg, false, e, sizeof e) < 0)
            return arb_opts_usage(o, "--final-fen: %s", e);
        c->final_fen = arg;
        break;
    }
    case OPT_MOVES:
        if (!arb_opts_u64(arg, 1, 2000, &c->moves))
            return arb_opts_usage(o, "--moves needs the number of moves made, 1 to 2000, not '%s'", arg);
        break;
    case OPT_ENGINE:
        c->engine = arg;
        break;
    case OPT_BEAM:
        return arb_opts_usage(o, "--beam is gone: the search is best-first now, and --budget=N bounds its steps");
    case OPT_TIME_LIMIT: {
        char *end;
        double t = strtod(arg, &end);
        if (end == arg || *end || !(t > 0) || t > 86400)
            return arb_opts_usage(o, "--time-limit needs seconds, more than 0, not '%s'", arg);
        c->time_limit = t;
        break;
    }
    case OPT_NO_DUTY_FROM:
        if (!arb_opts_u64(arg, 1, 2000, &c->no_duty_from))
            return arb_opts_usage(o, "--no-duty-from needs a move number, not '%s'", arg);
        break;
    case OPT_BUDGET:
        if (!arb_opts_u64(arg, 1, 1000000000, &c->budget))
            return arb_opts_usage(o, "--budget needs a number of %s from 1 to 1000000000, not '%s'", "search steps",
                                  arg);
        break;
    }
    return ARB_OPTS_RUN;
}

static enum arb_parse_result finish(struct arb_opts *o)
{
    if (o->n_files < 1 || o->n_files > 2)
        return arb_opts_usage(o, "reconstruct reads one scoresheet or two (the players' sheets of one game), not %d",
                              o->n_files);
    if (o->format != &arb_format_text && o->format != &arb_format_jsonl)
        return arb_opts_usage(o, "reconstruct writes PGN (the default) or --format=jsonl");
    return ARB_OPTS_RUN;
}

static bool io(const struct arb_opts *o)
{
    const struct recon_opts *c = o->own;
    arb_opts_inputs(o, false);
    if (c->engine)
        arb_outfile_input(c->engine, "the --engine program");
    return arb_opts_outputs(o, NULL, 0);
}

const struct arb_command arb_command_reconstruct = {
    .name = "reconstruct", .usage = usage, .shared_help = true, .options = options,
    .own_size = sizeof(struct recon_opts), .option = option, .finish = finish, .io = io, .run = arb_cmd_reconstruct,
};

int arb_cmd_reconstruct(const struct arb_opts *o)
{
    const struct recon_opts *c = o->own;
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
                                     .any_word = !arb_games_sniffer(&o->check),
                                     .time_control = o->check.time_control};
    for (int k = 0; k < ns; k++) {
        char err[400];
        if (strcmp(o->files[k], "-") == 0)
            arb_games_stdin_note();
        if (arb_sheet_file_read(&files[k], o->files[k], &so, err, sizeof err) < 0) {
            arb_msg("%s", err);
            for (int j = 0; j <= k; j++)
                arb_sheet_file_free(&files[j]);
            return ARB_EXIT_FAILURE;
        }
        sheets[k] = arb_sheet_of(&files[k], o->check.lang ? o->check.lang
                                                    : arb_recon_guess_lang(files[k].tok, files[k].n, o->check.lang_hint));
    }
    struct arb_pos start, final;
    struct arb_recon_opts ro = {.moves = (int)c->moves, .no_duty_from = (int)c->no_duty_from,
                                .budget = (long)c->budget, .wall_limit = c->time_limit};
    char fen_err[200];
    if (arb_sheet_complete_opts(&ro, files, ns, c->final_fen, &start, &final, fen_err, sizeof fen_err) < 0) {
        arb_msg("--final-fen: %s", fen_err);
        for (int k = 0; k < ns; k++)
            arb_sheet_file_free(&files[k]);
        return ARB_EXIT_FAILURE;
    }
    struct arb_recon_result r;
    arb_reconstruct(sheets, ns, &ro, &r);
    const char *engine_used = NULL;
    if (c->engine && r.found && r.ties) {
        /* Chess plausibility orders the ties; a failing engine costs only that. */
        char e[300];
        int scored;
        if (arb_engine_order_ties(c->engine, &start, &r, &scored, e, sizeof e) < 0)
            arb_msg("%s; the equally good games keep the search's order", e);
        else if (scored)
            engine_used = c->engine;
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
                c->final_fen ? " and reaches the final position" : "", how);
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
                : c->final_fen    ? "; no game reaching the final position was found: the moves as far as the sheets could be followed"
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
