/* cmd_check.c — `arbiter check`: its options, then the games of every
 * file read, replayed, judged and reported through the pipeline
 * (run/pipeline.c); the report's start and end, the summary line and the
 * exit status.
 */
#include "cli/commands.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/msg.h"
#include "base/out.h"
#include "base/outfile.h"
#include "base/util.h"
#include "run/pipeline.h"
#include "report/report.h"
#include "report/sheet.h"

/* check's own options (o->own). */
struct check_opts {
    bool summary_jsonl;                  /* --summary=jsonl: a last record with the counters */
    const char *origin;                  /* --origin: the file name records give for standard input */
    uint64_t game_base;                  /* --game-base: added to every game number */
    const char *write_clean;             /* --write-clean=FILE */
    const char *write_flagged;           /* --write-flagged=FILE */
    const char *write_repaired;          /* --write-repaired=FILE (with --repair) */
    bool duplicates;                     /* --duplicates */
    const char *trf;                     /* --trf=FILE: the tournament report, or NULL */
    int trf_round;                       /* --round=N (with --trf); 0 none */
    bool no_progress;                    /* --no-progress */
    bool sheet;                          /* --sheet (with --trf and --round) */
};

enum {
    OPT_SUMMARY = ARB_OPT_OWN, OPT_ORIGIN, OPT_GAME_BASE, OPT_WRITE_CLEAN, OPT_WRITE_FLAGGED, OPT_WRITE_REPAIRED,
    OPT_DUPLICATES, OPT_TRF, OPT_ROUND, OPT_NO_PROGRESS, OPT_REPAIR, OPT_ADD_TAGS, OPT_SHEET
};

static const struct option options[] = {
    ARB_OPTIONS_COMMON,
    ARB_OPTIONS_COLOR,
    ARB_OPTIONS_REPORTING,
    ARB_OPTIONS_SELECTION,
    {"summary", required_argument, NULL, OPT_SUMMARY},
    {"origin", required_argument, NULL, OPT_ORIGIN},
    {"game-base", required_argument, NULL, OPT_GAME_BASE},
    {"write-clean", required_argument, NULL, OPT_WRITE_CLEAN},
    {"write-flagged", required_argument, NULL, OPT_WRITE_FLAGGED},
    {"write-repaired", required_argument, NULL, OPT_WRITE_REPAIRED},
    {"duplicates", no_argument, NULL, OPT_DUPLICATES},
    {"trf", required_argument, NULL, OPT_TRF},
    {"round", required_argument, NULL, OPT_ROUND},
    {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
    {"repair", no_argument, NULL, OPT_REPAIR},
    {"add-tags", required_argument, NULL, OPT_ADD_TAGS},
    {"sheet", no_argument, NULL, OPT_SHEET},
    ARB_OPTIONS_END,
};

static const char usage[] =
    "Usage: arbiter check [OPTION]... [FILE]...\n"
    "Replay every game (main line and variations) and report each finding as\n"
    "  file:line:col: severity: move: message [code]\n"
    "then the line of the file with a caret under the move and a note with the\n"
    "article (Art. N) and the position; a summary line ends standard error.\n"
    "\n"
    "Options:\n"
    "  -f, --format=FORMAT     text (default, like a compiler's diagnostics), jsonl\n"
    "                          (one JSON object per game), json (one document),\n"
    "                          github (GitHub Actions annotations), junit (JUnit\n"
    "                          XML), sarif (SARIF 2.1.0, for GitHub code scanning),\n"
    "                          html (one self-contained page: summary, moves,\n"
    "                          diagrams)\n"
    "      --color=WHEN        auto (default), always or never (NO_COLOR is honoured;\n"
    "                          --colour too)\n"
    "      --min-severity=SEV  report only findings of this severity or worse:\n"
    "                          info (default), warning, error\n"
    "  -q, --quiet             errors only (--min-severity=error); twice (-qq): only\n"
    "                          the summary line\n"
    "      --repair            at an unreadable or illegal move, suggest the nearest\n"
    "                          legal move (a note; reconstruct's slip costs) and go\n"
    "                          on from it when the rest of the game then replays;\n"
    "                          mend a result the Laws decide otherwise, a missing\n"
    "                          termination marker and a wrong PlyCount tag\n"
    "      --add-tags=TAGS     with --repair: add the tags among PlyCount, ECO and\n"
    "                          Opening (comma-separated) that a game lacks: its\n"
    "                          plies, the opening its moves are (lichess's table)\n"
    "      --write-clean=FILE  write the games without a reported finding to FILE,\n"
    "                          byte for byte as read (their encoding kept)\n"
    "      --write-flagged=FILE  the games with a reported finding, likewise\n"
    "      --write-repaired=FILE  with --repair: every game, the repairs applied and\n"
    "                          each change marked in a comment\n"
    "      --duplicates        report a game whose moves and players repeat an\n"
    "                          earlier game's (duplicate-game, naming the first copy)\n"
    "      --trf=FILE          check the games against the pairings, colours and\n"
    "                          results of a tournament report (FIDE TRF-16)\n"
    "      --round=N           with --trf: the games are of round N; check it alone\n"
    "      --sheet             with --trf and --round: the round's sheet in place of\n"
    "                          the report: each board's players, the report's and\n"
    "                          the game's result, what was found, the games missing,\n"
    "                          the standings after the round (text, jsonl or html)\n"
    "      --no-progress       no progress line (otherwise shown on standard error\n"
    "                          when it is a terminal: files, games, MB/s, findings)\n"
    "      --fail-on=SEVERITY  exit status 1 when a finding of this severity or worse\n"
    "                          is reported: error (default), warning, info, never\n"
    "      --select=CODES      report only these finding codes (comma-separated;\n"
    "                          repeatable)\n"
    "      --ignore=CODES      do not report these codes (repeatable)\n"
    "      --summary=WHAT      jsonl: end standard output with one record of counters\n"
    "                          ({\"summary\":{...}}) that add up across shards;\n"
    "                          none (default)\n"
    "      --origin=NAME       the file name records give for standard input (a\n"
    "                          shard of NAME)\n"
    "      --game-base=N       add N to every game number (the games before a shard)\n";

static void help_tail(FILE *f)
{
    arb_opts_help_codes(f);
    fputs("\nExit status: 0 no error found, 1 a finding of severity error (or what\n"
          "--fail-on selects), 2 usage error, unreadable input or failure of the program.\n", f);
}

static enum arb_parse_result option(struct arb_opts *o, int id, const char *arg, const char *opt_text)
{
    struct check_opts *c = o->own;
    switch (id) {
    case OPT_ORIGIN:
        c->origin = arg;
        break;
    case OPT_GAME_BASE: {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(arg, &end, 10);
        if (errno || *end || end == arg || arg[0] == '-')
            return arb_opts_usage(o, "--game-base wants a number of games, not '%s'", arg);
        c->game_base = v;
        break;
    }
    case OPT_SUMMARY:
        if (strcmp(arg, "jsonl") == 0)
            c->summary_jsonl = true;
        else if (strcmp(arg, "none") == 0)
            c->summary_jsonl = false;
        else
            return arb_opts_usage(o, "unknown summary format '%s' (jsonl, none)", arg);
        break;
    case OPT_WRITE_CLEAN:
    case OPT_WRITE_FLAGGED:
    case OPT_WRITE_REPAIRED:
        if (!*arg)
            return arb_opts_usage(o, "%s needs a file name", opt_text);
        *(id == OPT_WRITE_CLEAN ? &c->write_clean : id == OPT_WRITE_FLAGGED ? &c->write_flagged
                                                                            : &c->write_repaired) = arg;
        break;
    case OPT_DUPLICATES:
        c->duplicates = true;
        break;
    case OPT_TRF:
    case OPT_ROUND:
        return arb_opts_trf(o, id == OPT_ROUND, arg, &c->trf, &c->trf_round);
    case OPT_NO_PROGRESS:
        c->no_progress = true;
        break;
    case OPT_SHEET:
        c->sheet = true;
        break;
    case OPT_REPAIR:
        o->check.repair = true;
        break;
    case OPT_ADD_TAGS: {
        static const struct { const char *name; unsigned bit; } tags[] = {
            {"PlyCount", ARB_ADD_PLYCOUNT}, {"ECO", ARB_ADD_ECO}, {"Opening", ARB_ADD_OPENING}};
        for (const char *p = arg;;) {
            size_t len = strcspn(p, ",");
            unsigned bit = 0;
            for (size_t i = 0; i < sizeof tags / sizeof tags[0] && !bit; i++)
                if (strlen(tags[i].name) == len && strncasecmp(p, tags[i].name, len) == 0)
                    bit = tags[i].bit;
            if (!bit)
                return arb_opts_usage(o, "--add-tags adds PlyCount, ECO and Opening, not '%.*s'", (int)len, p);
            o->check.add_tags |= bit;
            if (!p[len])
                break;
            p += len + 1;
        }
        break;
    }
    }
    return ARB_OPTS_RUN;
}

static enum arb_parse_result finish(struct arb_opts *o)
{
    const struct check_opts *c = o->own;
    if (c->sheet && !(c->trf && c->trf_round))
        return arb_opts_usage(o, "--sheet is the sheet of a round: give --trf=FILE and --round=N too");
    if (c->sheet && o->format != &arb_format_text && o->format != &arb_format_jsonl && o->format != &arb_format_html)
        return arb_opts_usage(o, "--sheet is written as text, jsonl or html");
    if (c->trf_round && !c->trf)
        return arb_opts_usage(o, "--round names a round of the tournament report: give --trf=FILE too");
    if (o->check.add_tags && !o->check.repair)
        return arb_opts_usage(o, "--add-tags adds tags where --repair mends the games: give --repair too");
    if (c->write_repaired && !o->check.repair)
        return arb_opts_usage(o, "--write-repaired writes the games --repair mends: give --repair too");
    return ARB_OPTS_RUN;
}

static bool io(const struct arb_opts *o)
{
    const struct check_opts *c = o->own;
    arb_opts_inputs(o, true);
    if (c->trf)
        arb_outfile_input(c->trf, "the --trf file");
    const char *const outs[][2] = {{c->write_clean, "--write-clean"},
                                   {c->write_flagged, "--write-flagged"},
                                   {c->write_repaired, "--write-repaired"}};
    return arb_opts_outputs(o, outs, 3);
}

const struct arb_command arb_command_check = {
    .name = "check", .usage = usage, .shared_help = true, .selection = true, .help_tail = help_tail, .options = options,
    .own_size = sizeof(struct check_opts), .option = option, .finish = finish, .io = io, .run = arb_cmd_check,
};

int arb_cmd_check(const struct arb_opts *o)
{
    static char *stdin_only[] = {(char *)"-"};
    char **files = o->n_files ? o->files : stdin_only;
    int n = o->n_files ? o->n_files : 1;
    const struct check_opts *c = o->own;
    struct arb_report_opts ro = {.color = o->format == &arb_format_text && arb_opts_want_color(o)};
    int status = ARB_EXIT_OK;

    struct arb_pipeline_opts po = {.games = arb_opts_games(o), .format = o->format, .quiet = o->quiet,
                                   .origin = c->origin, .jobs = o->jobs, .no_progress = c->no_progress,
                                   .duplicates = c->duplicates, .trf = c->trf, .trf_round = c->trf_round,
                                   .write_clean = c->write_clean, .write_flagged = c->write_flagged,
                                   .write_repaired = c->write_repaired,
                                   .sheet = !c->sheet ? 0
                                            : 1 + (o->format == &arb_format_jsonl ? ARB_SHEET_JSONL
                                                   : o->format == &arb_format_html ? ARB_SHEET_HTML : ARB_SHEET_TEXT)};
    po.games.game_base = c->game_base;
    struct arb_pipeline *p = arb_pipeline_new(&po, &ro);
    if (!p)
        return ARB_EXIT_FAILURE;
    struct arb_summary *sum = arb_pipeline_summary(p);
    if (o->format->begin && !c->sheet)
        o->format->begin(arb_out_buf(), &ro);
    arb_out_record();
    arb_pipeline_expect(p, (const char *const *)files, n);
    for (int i = 0; i < n && !arb_out_failed(); i++) {
        int st = arb_pipeline_check_input(p, files[i]);
        if (st > status)
            status = st;
        arb_pipeline_progress(p);
    }
    arb_pipeline_wait(p);
    if (o->format->end && !c->sheet)
        o->format->end(arb_out_buf(), sum, &ro);
    arb_out_record();
    /* What the format kept back, a piece at a time (after a write error
     * too: its last call frees what it holds). */
    for (bool more = o->format->more != NULL && !c->sheet; more;) {
        more = o->format->more(arb_out_buf(), &ro);
        arb_out_record();
        if (arb_out_buf()->len >= ARB_OUT_FLUSH_AT)
            arb_pipeline_flush(p);
    }
    if (c->summary_jsonl)
        arb_summary_json(arb_out_buf(), sum);
    arb_pipeline_flush(p);
    if (!arb_pipeline_close_writes(p))
        status = ARB_EXIT_FAILURE;
    struct arb_summary total = *sum;
    arb_pipeline_free(p);

    if (arb_out_failed())
        return ARB_EXIT_FAILURE;  /* main.c reports it */
    struct arb_buf line = {0};
    arb_summary_line(&line, &total);
    arb_msg("%s", line.data);
    arb_buf_free(&line);

    /* --fail-on: a finding of that severity or worse makes the status 1. */
    for (int sev = o->fail_on; sev <= ARB_SEV_ERROR && status == ARB_EXIT_OK; sev++)
        if (total.by_severity[sev])
            status = ARB_EXIT_FINDINGS;
    return status;
}
