/* opts.c — option parsing, help and version (see opts.h). */
#include "cli/opts.h"
#include "base/msg.h"

#include <dirent.h>
#include <strings.h>
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/out.h"
#include "base/outfile.h"
#include "cli/commands.h"
#include "cli/filter.h"

enum {
    OPT_FORMAT = 256, OPT_RULES, OPT_MODE, OPT_LANG, OPT_ENCODING, OPT_MAX_GAME_BYTES, OPT_COLOR,
    OPT_FEN, OPT_GAME, OPT_HELP, OPT_VERSION, OPT_QUIET, OPT_LANG_HINT, OPT_TO, OPT_TIME_CONTROL, OPT_FAIL_ON, OPT_SELECT, OPT_IGNORE, OPT_WHERE, OPT_SUMMARY, OPT_ORIGIN, OPT_GAME_BASE,
    OPT_JOBS, OPT_NO_PROGRESS, OPT_FINAL_FEN, OPT_MOVES, OPT_NO_DUTY_FROM, OPT_REPAIR, OPT_BEAM, OPT_ENGINE,
    OPT_PLY, OPT_MOVE, OPT_FLIP, OPT_SVG, OPT_AT, OPT_ASCII, OPT_NO_INTERACTIVE,
    OPT_MIN_SEVERITY, OPT_OUTPUT, OPT_WRITE_CLEAN, OPT_WRITE_FLAGGED, OPT_WRITE_REPAIRED, OPT_DUPLICATES,
    OPT_TRF, OPT_ROUND, OPT_POLL, OPT_ONCE, OPT_BUDGET, OPT_QUICK, OPT_TIME_LIMIT
};

static const struct option long_opts[] = {
    {"format", required_argument, NULL, OPT_FORMAT},
    {"rules", required_argument, NULL, OPT_RULES},
    {"mode", required_argument, NULL, OPT_MODE},
    {"time-control", required_argument, NULL, OPT_TIME_CONTROL},
    {"fail-on", required_argument, NULL, OPT_FAIL_ON},
    {"select", required_argument, NULL, OPT_SELECT},
    {"ignore", required_argument, NULL, OPT_IGNORE},
    {"where", required_argument, NULL, OPT_WHERE},
    {"summary", required_argument, NULL, OPT_SUMMARY},
    {"origin", required_argument, NULL, OPT_ORIGIN},
    {"game-base", required_argument, NULL, OPT_GAME_BASE},
    {"lang", required_argument, NULL, OPT_LANG},
    {"lang-hint", required_argument, NULL, OPT_LANG_HINT},
    {"to", required_argument, NULL, OPT_TO},
    {"encoding", required_argument, NULL, OPT_ENCODING},
    {"max-game-bytes", required_argument, NULL, OPT_MAX_GAME_BYTES},
    {"color", required_argument, NULL, OPT_COLOR},
    {"colour", required_argument, NULL, OPT_COLOR},
    {"quiet", no_argument, NULL, OPT_QUIET},
    {"min-severity", required_argument, NULL, OPT_MIN_SEVERITY},
    {"output", required_argument, NULL, OPT_OUTPUT},
    {"write-clean", required_argument, NULL, OPT_WRITE_CLEAN},
    {"write-flagged", required_argument, NULL, OPT_WRITE_FLAGGED},
    {"write-repaired", required_argument, NULL, OPT_WRITE_REPAIRED},
    {"duplicates", no_argument, NULL, OPT_DUPLICATES},
    {"trf", required_argument, NULL, OPT_TRF},
    {"round", required_argument, NULL, OPT_ROUND},
    {"poll", optional_argument, NULL, OPT_POLL},
    {"once", no_argument, NULL, OPT_ONCE},
    {"jobs", required_argument, NULL, OPT_JOBS},
    {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
    {"final-fen", required_argument, NULL, OPT_FINAL_FEN},
    {"repair", no_argument, NULL, OPT_REPAIR},
    {"moves", required_argument, NULL, OPT_MOVES},
    {"no-duty-from", required_argument, NULL, OPT_NO_DUTY_FROM},
    {"beam", required_argument, NULL, OPT_BEAM},
    {"engine", required_argument, NULL, OPT_ENGINE},
    {"fen", optional_argument, NULL, OPT_FEN},
    {"budget", required_argument, NULL, OPT_BUDGET},
    {"time-limit", required_argument, NULL, OPT_TIME_LIMIT},
    {"quick", no_argument, NULL, OPT_QUICK},
    {"game", required_argument, NULL, OPT_GAME},
    {"ply", required_argument, NULL, OPT_PLY},
    {"move", required_argument, NULL, OPT_MOVE},
    {"flip", no_argument, NULL, OPT_FLIP},
    {"svg", required_argument, NULL, OPT_SVG},
    {"at", required_argument, NULL, OPT_AT},
    {"ascii", no_argument, NULL, OPT_ASCII},
    {"no-interactive", no_argument, NULL, OPT_NO_INTERACTIVE},
    {"help", no_argument, NULL, OPT_HELP},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* Which options each command takes. */
static bool allowed(enum arb_cmd cmd, int opt)
{
    switch (opt) {
    case OPT_HELP: case OPT_VERSION: case OPT_RULES: case OPT_MODE: case OPT_LANG: case OPT_LANG_HINT: case OPT_ENCODING:
    case OPT_MAX_GAME_BYTES: case OPT_TIME_CONTROL: case OPT_JOBS: case OPT_OUTPUT:
        return true;
    case OPT_FORMAT:
        return true;   /* INTERFACE: shared by the commands that read games (replay and convert: text) */
    case OPT_FINAL_FEN: case OPT_MOVES: case OPT_NO_DUTY_FROM: case OPT_BEAM: case OPT_ENGINE:
        return cmd == ARB_CMD_RECONSTRUCT;
    case OPT_COLOR:
        return cmd == ARB_CMD_CHECK || cmd == ARB_CMD_REPLAY;
    case OPT_QUIET: case OPT_FAIL_ON: case OPT_SELECT: case OPT_IGNORE: case OPT_WHERE: case OPT_MIN_SEVERITY:
        return cmd == ARB_CMD_CHECK || cmd == ARB_CMD_WATCH;
    case OPT_POLL: case OPT_ONCE:
        return cmd == ARB_CMD_WATCH;
    case OPT_SUMMARY: case OPT_ORIGIN: case OPT_GAME_BASE: case OPT_NO_PROGRESS: case OPT_REPAIR:
    case OPT_WRITE_CLEAN: case OPT_WRITE_FLAGGED: case OPT_WRITE_REPAIRED:
    case OPT_DUPLICATES: case OPT_TRF: case OPT_ROUND:
        return cmd == ARB_CMD_CHECK;
    case OPT_FEN:
        return cmd == ARB_CMD_REPLAY || cmd == ARB_CMD_POSITION;
    case OPT_QUICK:
        return cmd == ARB_CMD_POSITION;
    case OPT_BUDGET:
        return cmd == ARB_CMD_POSITION || cmd == ARB_CMD_RECONSTRUCT;
    case OPT_TIME_LIMIT:
        return cmd == ARB_CMD_RECONSTRUCT;
    case OPT_GAME: case OPT_PLY: case OPT_MOVE: case OPT_FLIP: case OPT_SVG: case OPT_AT:
    case OPT_ASCII: case OPT_NO_INTERACTIVE:
        return cmd == ARB_CMD_REPLAY;
    case OPT_TO:
        return cmd == ARB_CMD_CONVERT;
    default:
        return false;
    }
}

static const char usage_main[] =
    "Usage: arbiter COMMAND [OPTION]... [FILE]...\n"
    "Check chess game records (PGN or scoresheet move lists) against the FIDE Laws of Chess.\n"
    "\n"
    "Commands:\n"
    "  check     replay every game and report what the record and the Laws disagree on\n"
    "  replay    show the positions of a game (--fen: one FEN per ply)\n"
    "  convert   write the games as PGN in the notation of another language (--to=LANG)\n"
    "  reconstruct  the legal game that best explains one or two flawed scoresheets\n"
    "  watch     follow PGN files as live boards rewrite them; say each new finding\n"
    "  position  can White, can Black still checkmate (dead positions, 6.9)?\n"
    "\n"
    "  arbiter COMMAND --help   options of a command\n"
    "  arbiter -V, --version    version\n"
    "\n"
    "FILE '-' or no FILE reads standard input (check: a DIR, its *.pgn files).\n"
    "Exit status: 0 no error found, 1 a finding of severity error, 2 usage error,\n"
    "unreadable input or failure of the program.\n"
    "\n"
    "Every option, format, finding code and the articles each cites: man arbiter\n";

static const char usage_common[] =
    "      --rules=PROFILE     Laws to apply: auto (default: the FIDE edition in\n"
    "                          force on the game's EventDate or Date, the newest\n"
    "                          when the date is unknown), fide-2023, fide-2018,\n"
    "                          fide-2017, fide-2014, fide-2009, or a national set\n"
    "                          (fi-blitz-2024, ...); --rules=list lists them\n"
    "      --mode=MODE         standard, rapid, blitz or auto (default: the rules\n"
    "                          profile's own kind, else by the edition's definition\n"
    "                          from the time control, else standard)\n"
    "      --time-control=TC   the time control of every game, over its TimeControl\n"
    "                          tag: PGN forms (40/5400+30:1800+30, 300+2, *60) or\n"
    "                          written ones (90+30, 90'+30'', G/90;inc30, 90 d5)\n"
    "      --lang=LANG         notation of the moves: auto (default: decided per game\n"
    "                          from the letters used and which reading is legal)\n"
    "                          or a language code; --lang=list lists them\n"
    "      --lang-hint=LANG    when two languages read a game equally, prefer LANG\n"
    "                          (else the language of the file's other games)\n"
    "      --encoding=NAME     character encoding of the input (default: detect;\n"
    "                          UTF-8, UTF-16 with BOM, else guessed among\n"
    "                          Windows-1252, Windows-1251 and CP850);\n"
    "                          any name iconv -l knows\n"
    "  -j, --jobs=N            threads that check games (default: the processors\n"
    "                          online); the output is in input order and the same\n"
    "                          whatever N is (replay and convert use one)\n"
    "      --max-game-bytes=N  skip the rest of a game longer than N bytes\n"
    "                          (default 16777216)\n"
    "  -o, --output=FILE       write to FILE instead of standard output\n"
    "  -h, --help              this help\n"
    "  -V, --version           the version\n";

static const char usage_check[] =
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
    "                          on from it when the rest of the game then replays\n"
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
    "      --game-base=N       add N to every game number (the games before a shard)\n"
    "      --where=TAG~REGEX   check only the games whose tag matches the regular\n"
    "                          expression (PCRE2, UTF-8; a missing tag is empty;\n"
    "                          repeatable: all must match)\n";

static const char usage_replay[] =
    "Usage: arbiter replay [OPTION]... [FILE]\n"
    "Show the positions of one game of FILE as boards: the last move marked,\n"
    "the clocks, and the findings of `arbiter check` at the position they concern.\n"
    "On a terminal the replay is interactive (the keys are shown on screen; n and\n"
    "p go to the next and previous game); otherwise the boards are printed one\n"
    "after another.  Past a move that cannot be played the replay goes on with\n"
    "the move `check --repair` finds in its place, else with an illegal move as\n"
    "written where the board allows it, and says so.  Errors of the record also\n"
    "go to standard error, and make the exit status 1.\n"
    "\n"
    "Which positions:\n"
    "      --game=N            the N-th game of the file (default 1)\n"
    "      --ply=N             only the position after half-move N (0: the start)\n"
    "      --move=M            only the position after move M: 23 or 23w for\n"
    "                          White's, 23b or 23... for Black's\n"
    "      --at=WHICH          all (default) or findings: only the positions where\n"
    "                          a finding is shown\n"
    "How:\n"
    "      --fen               one FEN per line instead of boards: the start\n"
    "                          position, then the position after each replayed\n"
    "                          half-move\n"
    "      --svg=DIR           write one SVG diagram per position into DIR (made if\n"
    "                          missing) as plyNNNN.svg, and print the names written\n"
    "      --flip              Black's view (rank 1 at the top)\n"
    "      --ascii             letters (White upper case) instead of chess symbols;\n"
    "                          the default when the locale is not UTF-8\n"
    "      --color=WHEN        coloured squares: auto (default: on a terminal),\n"
    "                          always or never (NO_COLOR is honoured; --colour too)\n"
    "      --no-interactive    print the boards even on a terminal\n"
    "      --format=text       the only format of replay (accepted for the interface)\n";

static const char usage_convert[] =
    "Usage: arbiter convert [--to=LANG] [OPTION]... [FILE]...\n"
    "Write the games as PGN with every move in the standard algebraic notation of\n"
    "LANG (en: PGN-standard SAN; fi: K D T L R; et: K L V O R; ...; --lang=list).\n"
    "Tags come in the PGN order, moves are wrapped at 80 columns, and comments,\n"
    "NAGs, variations and the result are kept.  A game whose moves cannot all be\n"
    "read is copied as written after a comment that says why (exit status 1).\n"
    "\n"
    "Options:\n"
    "      --to=LANG           the language to write (default en)\n"
    "      --format=text       the only format of convert (PGN; accepted for the\n"
    "                          interface)\n";

static const char usage_reconstruct[] =
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
    "      --budget=N          search steps at most (default 30000000; a step is\n"
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

static const char usage_watch[] =
    "Usage: arbiter watch [OPTION]... FILE|DIR...\n"
    "Follow PGN files that are rewritten as the games go on (electronic boards:\n"
    "DGT LiveChess, broadcasts) and say each new finding once, as it happens:\n"
    "  file:line:col: severity: game N, White - Black, round R: move: message [code]\n"
    "A DIR: every *.pgn file in it, new ones too.  Only files that changed are read\n"
    "again; a game checks as `arbiter check` checks it.  Fivefold repetition and\n"
    "75 moves (9.6) say the arbiter must intervene.  A file caught in the middle\n"
    "of a write is read again, not reported; the last game of a file without its\n"
    "termination marker is judged short of its last moves until the marker follows.\n"
    "A finding a corrected record no longer shows is said to be withdrawn.\n"
    "Ctrl-C (SIGINT) or SIGTERM ends it.\n"
    "\n"
    "Options:\n"
    "  -f, --format=FORMAT     text (default: one line per event) or jsonl (one\n"
    "                          JSON object per event, flushed at once)\n"
    "      --poll[=SECONDS]    look at the files every SECONDS (default 0.5)\n"
    "                          instead of inotify (used when inotify is missing)\n"
    "      --once              read every file once, say what it holds, and end\n"
    "      --min-severity=SEV  say only findings of this severity or worse\n"
    "  -q, --quiet             errors only (--min-severity=error)\n"
    "      --fail-on=SEVERITY  exit status 1 when a finding of this severity or\n"
    "                          worse was said: error (default), warning, info, never\n"
    "      --select=CODES      say only these finding codes (comma-separated)\n"
    "      --ignore=CODES      do not say these codes (repeatable)\n"
    "      --where=TAG~REGEX   follow only the games whose tag matches\n";
static const char usage_position[] =
    "Usage: arbiter position [OPTION]... [--fen=FEN | FILE...]\n"
    "For each position (--fen=FEN, else one FEN a line from the files or standard\n"
    "input, in order), and for each side: winnable, with a mating line both sides\n"
    "could play (UCI); unwinnable, with the proof (no sequence of legal moves ends\n"
    "in that side's checkmate: Laws 5.2.2, 6.9); or undetermined, when the search\n"
    "ran out of its budget before finding either (never a guess).\n"
    "\n"
    "Options:\n"
    "      --fen=FEN           the one position to analyse\n"
    "      --format=FORMAT     text (default) or jsonl (one object a FEN: fen,\n"
    "                          white and black, each {verdict, line, reason};\n"
    "                          a FEN that cannot be read: {fen, error})\n"
    "      --budget=N          positions the search may visit a side (default\n"
    "                          400000; the exhaustive exploration four times as\n"
    "                          many): more decides more, slower\n"
    "      --quick             a small budget (4000): fast, decides most\n"
    "\n"
    "Exit status: 0 every FEN read, 1 some line was no valid FEN (said so, the\n"
    "rest analysed), 2 usage error or unreadable file.\n";

static const char codes_text[] =
    "\n"
    "Finding codes (severity):\n";

static void print_codes(FILE *f)
{
    fputs(codes_text, f);
    for (int i = 0; i < ARB_F_COUNT; i++)
        if (!arb_codes[i].reserved)
            fprintf(f, "  %-26s %-7s %s\n", arb_codes[i].name, arb_severity_name(arb_codes[i].severity),
                    arb_codes[i].summary);
    int reserved = 0;
    for (int i = 0; i < ARB_F_COUNT; i++)
        reserved += arb_codes[i].reserved;
    if (!reserved)
        return;
    fputs("Reserved by the interface, not yet checked by this version:\n ", f);
    int col = 1;
    for (int i = 0; i < ARB_F_COUNT; i++)
        if (arb_codes[i].reserved) {
            size_t w = strlen(arb_codes[i].name) + 1;
            if (col + w > 78) {
                fputs("\n ", f);
                col = 1;
            }
            fprintf(f, " %s", arb_codes[i].name);
            col += (int)w;
        }
    fputs("\n", f);
}

static void help(enum arb_cmd cmd)
{
    if (cmd == ARB_CMD_CHECK) {
        fputs(usage_check, stdout);
        fputs(usage_common, stdout);
        print_codes(stdout);
        fputs("\nExit status: 0 no error found, 1 a finding of severity error (or what\n"
              "--fail-on selects), 2 usage error, unreadable input or failure of the program.\n", stdout);
    } else if (cmd == ARB_CMD_REPLAY) {
        fputs(usage_replay, stdout);
        fputs(usage_common, stdout);
    } else if (cmd == ARB_CMD_CONVERT) {
        fputs(usage_convert, stdout);
        fputs(usage_common, stdout);
    } else if (cmd == ARB_CMD_RECONSTRUCT) {
        fputs(usage_reconstruct, stdout);
        fputs(usage_common, stdout);
    } else if (cmd == ARB_CMD_WATCH) {
        fputs(usage_watch, stdout);
        fputs(usage_common, stdout);
        fputs("\nExit status: 0 when it ends (Ctrl-C, SIGTERM, --once) and no error was\n"
              "said, 1 a finding of severity error (or what --fail-on selects), 2 usage\n"
              "error, failure of the program, or with --once a file that cannot be read.\n", stdout);
    } else if (cmd == ARB_CMD_POSITION) {
        fputs(usage_position, stdout);
    } else {
        fputs(usage_main, stdout);
    }
    /* A help longer than stdio's buffer meets a write error while it is
     * written: keep its errno (ENOSPC) for the message at exit. */
    if (ferror(stdout))
        arb_out_error(errno);
}

/* Did you mean: the name in names[0..n) nearest to word (optimal string
 * alignment distance: an edit, an insertion, a deletion or two letters
 * swapped count one each), if it is near enough to be the one meant (at
 * most a third of the word's letters, at least one); else NULL. */
static const char *nearest(const char *word, const char *const *names, int n)
{
    size_t lw = strlen(word);
    if (lw == 0 || lw > 40)
        return NULL;
    const char *best = NULL;
    size_t best_d = lw / 3 > 0 ? lw / 3 : 1;
    best_d++;
    for (int k = 0; k < n; k++) {
        size_t d = arb_edit_distance(word, lw, names[k], strlen(names[k]));
        if (d < best_d) {
            best_d = d;
            best = names[k];
        }
    }
    return best;
}

/* " (did you mean 'X'?)" for a misspelt name, else "". */
static const char *did_you_mean(const char *word, const char *const *names, int n, const char *prefix)
{
    static char buf[96];
    const char *m = nearest(word, names, n);
    if (!m)
        return "";
    snprintf(buf, sizeof buf, " (did you mean '%s%s'?)", prefix, m);
    return buf;
}

static const char *const command_names[] = {"check", "replay", "convert", "reconstruct", "watch", "position"};

static const char *profile_suggestion(const char *word)
{
    const char *names[24];
    int n = 0;
    for (int i = 0; arb_profiles[i] && n < 23; i++)
        names[n++] = arb_profiles[i]->name;
    names[n++] = "auto";
    return did_you_mean(word, names, n, "");
}

static const char *lang_suggestion(const char *word)
{
    const char *names[64];
    int n = 0;
    for (int i = 0; arb_langs[i] && n < 64; i++)
        names[n++] = arb_langs[i]->code;
    return did_you_mean(word, names, n, "");
}

static const char *format_suggestion(const char *word)
{
    static char list[128];
    const char *names[16];
    int n = 0;
    snprintf(list, sizeof list, "%s", arb_format_names());
    for (char *t = strtok(list, ", "); t && n < 16; t = strtok(NULL, ", "))
        names[n++] = t;
    return did_you_mean(word, names, n, "");
}

static const char *code_suggestion(const char *word)
{
    const char *names[ARB_F_COUNT];
    int n = 0;
    for (int i = 0; i < ARB_F_COUNT; i++)
        if (!arb_codes[i].reserved)
            names[n++] = arb_codes[i].name;
    return did_you_mean(word, names, n, "");
}

static enum arb_parse_result usage_error(const struct arb_opts *o, const char *fmt, ...) ARB_PRINTF(2, 3);

static enum arb_parse_result usage_error(const struct arb_opts *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    arb_vmsg(fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try 'arbiter %s%s--help' for more information.\n", o->cmd_name ? o->cmd_name : "",
            o->cmd_name ? " " : "");
    return ARB_OPTS_USAGE;
}

static bool parse_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-')
        return false;
    *out = v;
    return true;
}

/* An option getopt_long did not take: misspelt (did you mean), or a
 * prefix of several (getopt_long takes a prefix of one). */
static enum arb_parse_result unknown_option(const struct arb_opts *o, const char *arg)
{
    if (strncmp(arg, "--", 2) != 0 || !arg[2])
        return usage_error(o, "unknown option '%s'", arg);
    char word[64];
    size_t len = strcspn(arg + 2, "=");
    if (len >= sizeof word)
        return usage_error(o, "unknown option '%s'", arg);
    memcpy(word, arg + 2, len);
    word[len] = 0;
    for (int i = 0; long_opts[i].name; i++)
        if (strcmp(long_opts[i].name, word) == 0 && allowed(o->cmd, long_opts[i].val) && arg[2 + len] == '='
            && long_opts[i].has_arg == no_argument)
            return usage_error(o, "option '--%s' takes no value", word);
    const char *names[64], *prefixed[64];
    int n = 0, np = 0;
    for (int i = 0; long_opts[i].name && n < 64; i++) {
        if (!allowed(o->cmd, long_opts[i].val) || strcmp(long_opts[i].name, "colour") == 0)
            continue;
        names[n++] = long_opts[i].name;
        if (strncmp(long_opts[i].name, word, len) == 0)
            prefixed[np++] = long_opts[i].name;
    }
    if (np >= 1) {
        char list[256];
        size_t at = 0;
        for (int i = 0; i < np && at < sizeof list; i++)
            at += (size_t)snprintf(list + at, sizeof list - at, "%s--%s", i ? ", " : "", prefixed[i]);
        return usage_error(o, "option '--%s' is ambiguous (%s)", word, list);
    }
    for (int i = 0; long_opts[i].name; i++)
        if (strcmp(long_opts[i].name, word) == 0 && !allowed(o->cmd, long_opts[i].val))
            return usage_error(o, "option '--%s' does not apply to this command", word);
    return usage_error(o, "unknown option '--%s'%s", word, did_you_mean(word, names, n, "--"));
}

enum arb_parse_result arb_opts_parse(struct arb_opts *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    o->format = &arb_format_text;
    o->profile = NULL;            /* --rules=auto */
    o->mode = -1;
    o->fail_on = ARB_SEV_ERROR;
    for (int i = 0; i < ARB_F_COUNT; i++)
        o->select[i] = true;   /* auto: the profile's kind of game, else the TimeControl (standard when unknown) */
    o->max_game_bytes = 16u << 20;
    o->game = 1;
    o->ply = -1;

    if (argc < 2) {
        fputs(usage_main, stderr);
        return ARB_OPTS_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        help(ARB_CMD_NONE);
        return ARB_OPTS_DONE;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("arbiter %s\n", ARB_VERSION);
        return ARB_OPTS_DONE;
    }
    if (strcmp(cmd, "check") == 0)
        o->cmd = ARB_CMD_CHECK;
    else if (strcmp(cmd, "replay") == 0)
        o->cmd = ARB_CMD_REPLAY;
    else if (strcmp(cmd, "convert") == 0)
        o->cmd = ARB_CMD_CONVERT;
    else if (strcmp(cmd, "reconstruct") == 0)
        o->cmd = ARB_CMD_RECONSTRUCT;
    else if (strcmp(cmd, "watch") == 0)
        o->cmd = ARB_CMD_WATCH;
    else if (strcmp(cmd, "position") == 0)
        o->cmd = ARB_CMD_POSITION;
    else
        return usage_error(o, "unknown command '%s'%s (commands: check, replay, convert, reconstruct, watch, "
                           "position)", cmd, did_you_mean(cmd, command_names, 6, ""));
    o->cmd_name = cmd;

    /* getopt_long over the arguments after the command, from a clean start
     * (optind 0: glibc forgets a parse cut short in the middle of "-qZj",
     * whose next letter it would read on). */
    int ac = argc - 1;
    char **av = argv + 1;
    int c, idx;
    char opt_text[64];
    optind = 0;
    opterr = 0;
    int quiet = 0;
    while ((idx = -1, c = getopt_long(ac, av, ":hVj:qo:f:", long_opts, &idx)) != -1) {
        /* The option as written, for a message: a short one is a letter of
         * its cluster ("-qZ": optind is still on the cluster's word), a long
         * one its name (its value may be the next word). */
        int ch = c == '?' || c == ':' ? optopt : c;
        if (ch > 0 && ch < 128 && strchr("hVjqof", ch))
            snprintf(opt_text, sizeof opt_text, "-%c", ch);
        else if (idx >= 0)
            snprintf(opt_text, sizeof opt_text, "--%s", long_opts[idx].name);
        else if (ch > 0 && ch < 128 && ch != '?' && ch != ':')
            snprintf(opt_text, sizeof opt_text, "-%c", ch);
        else
            snprintf(opt_text, sizeof opt_text, "%.60s", av[optind - 1]);
        switch (c) {
        case 'h': c = OPT_HELP; break;
        case 'V': c = OPT_VERSION; break;
        case 'j': c = OPT_JOBS; break;
        case 'q': c = OPT_QUIET; break;
        case 'o': c = OPT_OUTPUT; break;
        case 'f': c = OPT_FORMAT; break;
        }
        if (c == '?')
            return unknown_option(o, opt_text[1] == '-' ? av[optind - 1] : opt_text);
        if (c == ':')
            return usage_error(o, "option '%s' needs a value", opt_text);
        if (!allowed(o->cmd, c))
            return usage_error(o, "option '%s' does not apply to this command", opt_text);
        switch (c) {
        case OPT_HELP:
            help(o->cmd);
            return ARB_OPTS_DONE;
        case OPT_VERSION:
            printf("arbiter %s\n", ARB_VERSION);
            return ARB_OPTS_DONE;
        case OPT_FORMAT:
            o->format = arb_format_find(optarg);
            if (!o->format)
                return usage_error(o, "unknown format '%s'%s (formats: %s)", optarg, format_suggestion(optarg),
                                   arb_format_names());
            break;
        case OPT_RULES:
            if (strcmp(optarg, "list") == 0) {
                for (int i = 0; arb_profiles[i]; i++)
                    printf("%-29s %s\n", arb_profiles[i]->name, arb_profiles[i]->title);
                printf("%-29s %s\n", "auto", "the FIDE edition in force on the game's EventDate (or Date)");
                return ARB_OPTS_DONE;
            }
            if (strcmp(optarg, "auto") == 0) {
                o->profile = NULL;
                break;
            }
            o->profile = arb_profile_find(optarg);
            if (!o->profile)
                return usage_error(o, "unknown rules profile '%s'%s (see --rules=list)", optarg,
                                   profile_suggestion(optarg));
            break;
        case OPT_MODE:
            if (strcmp(optarg, "standard") == 0)
                o->mode = ARB_MODE_STANDARD;
            else if (strcmp(optarg, "rapid") == 0)
                o->mode = ARB_MODE_RAPID;
            else if (strcmp(optarg, "blitz") == 0)
                o->mode = ARB_MODE_BLITZ;
            else if (strcmp(optarg, "auto") == 0)
                o->mode = -1;
            else
                return usage_error(o, "unknown mode '%s' (auto, standard, rapid, blitz)", optarg);
            break;
        case OPT_ORIGIN:
            o->origin = optarg;
            break;
        case OPT_GAME_BASE: {
            char *end;
            errno = 0;
            unsigned long long v = strtoull(optarg, &end, 10);
            if (errno || *end || end == optarg || optarg[0] == '-')
                return usage_error(o, "--game-base wants a number of games, not '%s'", optarg);
            o->game_base = v;
            break;
        }
        case OPT_SUMMARY:
            if (strcmp(optarg, "jsonl") == 0)
                o->summary_jsonl = true;
            else if (strcmp(optarg, "none") == 0)
                o->summary_jsonl = false;
            else
                return usage_error(o, "unknown summary format '%s' (jsonl, none)", optarg);
            break;
        case OPT_FAIL_ON:
            if (strcmp(optarg, "error") == 0)
                o->fail_on = ARB_SEV_ERROR;
            else if (strcmp(optarg, "warning") == 0)
                o->fail_on = ARB_SEV_WARNING;
            else if (strcmp(optarg, "info") == 0)
                o->fail_on = ARB_SEV_INFO;
            else if (strcmp(optarg, "never") == 0)
                o->fail_on = 3;
            else
                return usage_error(o, "unknown severity '%s' for --fail-on (error, warning, info, never)", optarg);
            break;
        case OPT_SELECT:
        case OPT_IGNORE: {
            bool *set = c == OPT_SELECT ? o->select : o->ignore;
            if (c == OPT_IGNORE)
                o->ignore_any = true;
            if (c == OPT_SELECT && !o->any_select) {
                memset(o->select, 0, sizeof o->select);
                o->any_select = true;
            }
            const char *p = optarg;
            while (*p) {
                size_t len = strcspn(p, ",");
                char name[64];
                if (len && len < sizeof name) {
                    memcpy(name, p, len);
                    name[len] = 0;
                    int code = arb_code_find(name);
                    if (code < 0)
                        return usage_error(o, "unknown finding code '%s'%s (arbiter check --help lists them)", name,
                                           code_suggestion(name));
                    set[code] = true;
                } else if (len) {
                    return usage_error(o, "unknown finding code '%.*s'", (int)len, p);
                }
                p += len + (p[len] == ',');
            }
            break;
        }
        case OPT_WHERE: {
            const char *tilde = strchr(optarg, '~');
            if (!tilde || tilde == optarg)
                return usage_error(o, "--where wants TAG~REGEX, e.g. --where='Event~^Helsinki'");
            char msg[160];
            void *code = arb_where_compile(tilde + 1, msg, sizeof msg);
            if (!code)
                return usage_error(o, "--where: %s", msg);
            struct arb_where *w = realloc(o->where, (size_t)(o->n_where + 1) * sizeof *w);
            if (!w)
                return usage_error(o, "out of memory");
            o->where = w;
            w[o->n_where].tag = strndup(optarg, (size_t)(tilde - optarg));
            w[o->n_where].code = code;
            o->n_where++;
            break;
        }
        case OPT_TIME_CONTROL:
            if (arb_tc_parse_human(optarg, &o->time_control) < 0)
                return usage_error(o, "cannot read the time control '%s' (e.g. 40/5400+30:1800+30, 300+2, 90+30, "
                                      "G/90;inc30)", optarg);
            o->have_time_control = true;
            break;
        case OPT_LANG:
            if (strcmp(optarg, "list") == 0) {
                for (int i = 0; arb_langs[i]; i++)
                    printf("%-4s %-12s %s\n", arb_langs[i]->code, arb_langs[i]->name, arb_langs[i]->source);
                return ARB_OPTS_DONE;
            }
            if (strcmp(optarg, "auto") == 0) {
                o->lang = NULL;
                break;
            }
            o->lang = arb_lang_find(optarg);
            if (!o->lang)
                return usage_error(o, "unknown notation language '%s'%s (see --lang=list)", optarg,
                                   lang_suggestion(optarg));
            break;
        case OPT_LANG_HINT:
            o->lang_hint = arb_lang_find(optarg);
            if (!o->lang_hint)
                return usage_error(o, "unknown notation language '%s'%s (see --lang=list)", optarg,
                                   lang_suggestion(optarg));
            break;
        case OPT_ENCODING:
            o->encoding = optarg;
            break;
        case OPT_MAX_GAME_BYTES:
            if (!parse_u64(optarg, &o->max_game_bytes) || o->max_game_bytes < 64
                || o->max_game_bytes > (UINT64_C(1) << 31))
                return usage_error(o, "--max-game-bytes needs a number from 64 to 2147483648, not '%s'", optarg);
            break;
        case OPT_COLOR:
            if (strcmp(optarg, "auto") == 0)
                o->color = ARB_COLOR_AUTO;
            else if (strcmp(optarg, "always") == 0)
                o->color = ARB_COLOR_ALWAYS;
            else if (strcmp(optarg, "never") == 0)
                o->color = ARB_COLOR_NEVER;
            else
                return usage_error(o, "--color takes auto, always or never, not '%s'", optarg);
            break;
        case OPT_QUIET:
            if (++quiet == 1)
                o->min_severity = ARB_SEV_ERROR;
            else
                o->quiet = true;   /* -qq: only the summary line */
            break;
        case OPT_MIN_SEVERITY:
            if (strcmp(optarg, "error") == 0)
                o->min_severity = ARB_SEV_ERROR;
            else if (strcmp(optarg, "warning") == 0)
                o->min_severity = ARB_SEV_WARNING;
            else if (strcmp(optarg, "info") == 0)
                o->min_severity = ARB_SEV_INFO;
            else
                return usage_error(o, "unknown severity '%s' for --min-severity (error, warning, info)", optarg);
            break;
        case OPT_OUTPUT:
            if (!*optarg)
                return usage_error(o, "--output needs a file name");
            o->output = optarg;
            break;
        case OPT_WRITE_CLEAN:
        case OPT_WRITE_FLAGGED:
        case OPT_WRITE_REPAIRED:
            if (!*optarg)
                return usage_error(o, "%s needs a file name", opt_text);
            *(c == OPT_WRITE_CLEAN ? &o->write_clean : c == OPT_WRITE_FLAGGED ? &o->write_flagged
                                                                               : &o->write_repaired) = optarg;
            break;
        case OPT_DUPLICATES:
            o->duplicates = true;
            break;
        case OPT_TRF:
            if (!*optarg)
                return usage_error(o, "--trf needs a file name");
            o->trf = optarg;
            break;
        case OPT_ROUND: {
            uint64_t n;
            if (!parse_u64(optarg, &n) || n < 1 || n > 999)
                return usage_error(o, "--round needs a round number from 1 to 999, not '%s'", optarg);
            o->trf_round = (int)n;
            break;
        }
        case OPT_POLL: {
            o->poll_s = 0.5;
            if (optarg) {
                char *end;
                errno = 0;
                double v = strtod(optarg, &end);
                if (errno || end == optarg || *end || !(v >= 0.01 && v <= 3600))
                    return usage_error(o, "--poll wants an interval in seconds from 0.01 to 3600, not '%s'", optarg);
                o->poll_s = v;
            }
            break;
        }
        case OPT_ONCE:
            o->once = true;
            break;
        case OPT_NO_PROGRESS:
            o->no_progress = true;
            break;
        case OPT_REPAIR:
            o->repair = true;
            break;
        case OPT_FINAL_FEN: {
            struct arb_pos tmp;
            char e[200];
            if (arb_pos_from_fen(&tmp, optarg, false, e, sizeof e) < 0)
                return usage_error(o, "--final-fen: %s", e);
            o->final_fen = optarg;
            break;
        }
        case OPT_MOVES:
            if (!parse_u64(optarg, &o->recon_moves) || o->recon_moves < 1 || o->recon_moves > 2000)
                return usage_error(o, "--moves needs the number of moves made, 1 to 2000, not '%s'", optarg);
            break;
        case OPT_ENGINE:
            o->engine = optarg;
            break;
        case OPT_BEAM:
            return usage_error(o, "--beam is gone: the search is best-first now, and --budget=N bounds its steps");
        case OPT_TIME_LIMIT: {
            char *end;
            double t = strtod(optarg, &end);
            if (end == optarg || *end || !(t > 0) || t > 86400)
                return usage_error(o, "--time-limit needs seconds, more than 0, not '%s'", optarg);
            o->time_limit = t;
            break;
        }
        case OPT_NO_DUTY_FROM:
            if (!parse_u64(optarg, &o->no_duty_from) || o->no_duty_from < 1 || o->no_duty_from > 2000)
                return usage_error(o, "--no-duty-from needs a move number, not '%s'", optarg);
            break;
        case OPT_JOBS: {
            uint64_t n;
            if (!parse_u64(optarg, &n) || n < 1 || n > 256)
                return usage_error(o, "--jobs needs a number of threads from 1 to 256, not '%s'", optarg);
            o->jobs = (int)n;
            break;
        }
        case OPT_TO:
            o->to = arb_lang_find(optarg);
            if (!o->to)
                return usage_error(o, "unknown notation language '%s'%s (see --lang=list)", optarg,
                                   lang_suggestion(optarg));
            break;
        case OPT_FEN:
            if (o->cmd == ARB_CMD_POSITION) {
                if (!optarg || !*optarg)
                    return usage_error(o, "--fen needs a position: --fen='FEN'");
                o->position_fen = optarg;
            } else if (optarg) {
                return usage_error(o, "replay --fen takes no value (it writes one FEN per ply)");
            } else {
                o->fen = true;
            }
            break;
        case OPT_BUDGET:
            if (!parse_u64(optarg, &o->budget) || o->budget < 1 || o->budget > 1000000000)
                return usage_error(o, "--budget needs a number of %s from 1 to 1000000000, not '%s'",
                                   o->cmd == ARB_CMD_RECONSTRUCT ? "search steps" : "positions", optarg);
            break;
        case OPT_QUICK:
            o->quick = true;
            break;
        case OPT_GAME:
            if (!parse_u64(optarg, &o->game) || o->game < 1)
                return usage_error(o, "--game needs a game number from 1, not '%s'", optarg);
            break;
        case OPT_PLY: {
            uint64_t n;
            if (!parse_u64(optarg, &n) || n > 100000)
                return usage_error(o, "--ply needs a half-move number from 0, not '%s'", optarg);
            o->ply = (int)n;
            o->move_no = 0;
            break;
        }
        case OPT_MOVE:
            if (!arb_opts_move_ref(optarg, &o->move_no, &o->move_side))
                return usage_error(o, "--move needs a move number and side, e.g. 23 or 23w (White), 23b or "
                                      "23... (Black), not '%s'", optarg);
            o->ply = -1;
            break;
        case OPT_FLIP:
            o->flip = true;
            break;
        case OPT_SVG:
            if (!*optarg)
                return usage_error(o, "--svg needs a directory");
            o->svg_dir = optarg;
            break;
        case OPT_AT:
            if (strcmp(optarg, "findings") == 0)
                o->at_findings = true;
            else if (strcmp(optarg, "all") == 0)
                o->at_findings = false;
            else
                return usage_error(o, "--at takes all or findings, not '%s'", optarg);
            o->at_given = true;
            break;
        case OPT_ASCII:
            o->ascii = true;
            break;
        case OPT_NO_INTERACTIVE:
            o->no_interactive = true;
            break;
        }
    }
    o->files = av + optind;
    o->n_files = ac - optind;
    if (o->cmd == ARB_CMD_REPLAY && o->n_files > 1)
        return usage_error(o, "replay reads one file, not %d", o->n_files);
    if (o->cmd == ARB_CMD_REPLAY && o->fen && o->svg_dir)
        return usage_error(o, "replay writes FEN (--fen) or SVG (--svg), not both");
    if (o->cmd == ARB_CMD_REPLAY && o->at_given && (o->ply >= 0 || o->move_no))
        return usage_error(o, "--at chooses among all positions; --ply and --move name one");
    if (o->cmd == ARB_CMD_RECONSTRUCT && (o->n_files < 1 || o->n_files > 2))
        return usage_error(o, "reconstruct reads one scoresheet or two (the players' sheets of one game), not %d",
                           o->n_files);
    if (o->cmd == ARB_CMD_RECONSTRUCT && o->format != &arb_format_text && o->format != &arb_format_jsonl)
        return usage_error(o, "reconstruct writes PGN (the default) or --format=jsonl");
    if (o->cmd == ARB_CMD_POSITION && o->format != &arb_format_text && o->format != &arb_format_jsonl)
        return usage_error(o, "position writes text (the default) or --format=jsonl");
    if (o->cmd == ARB_CMD_POSITION && o->position_fen && o->n_files)
        return usage_error(o, "position reads --fen=FEN or files of FENs, not both");
    if (o->cmd == ARB_CMD_POSITION && o->quick && o->budget)
        return usage_error(o, "--quick is a budget: give --quick or --budget=N, not both");
    if ((o->cmd == ARB_CMD_REPLAY || o->cmd == ARB_CMD_CONVERT) && o->format != &arb_format_text)
        return usage_error(o, "%s writes text only (--format=text, the default)", o->cmd_name);
    if (o->cmd == ARB_CMD_WATCH && o->format != &arb_format_text && o->format != &arb_format_jsonl)
        return usage_error(o, "watch writes text (the default) or --format=jsonl");
    if (o->cmd == ARB_CMD_CONVERT && !o->to)
        o->to = arb_lang_find("en");
    if (o->trf_round && !o->trf)
        return usage_error(o, "--round names a round of the tournament report: give --trf=FILE too");
    if (o->write_repaired && !o->repair)
        return usage_error(o, "--write-repaired writes the games --repair mends: give --repair too");
    return ARB_OPTS_RUN;
}

bool arb_opts_move_ref(const char *s, int *move_no, int *side)
{
    char *end;
    errno = 0;
    unsigned long n = strtoul(s, &end, 10);
    int sd = -1;
    if (strcmp(end, "") == 0 || strcmp(end, "w") == 0 || strcmp(end, ".") == 0)
        sd = ARB_WHITE;
    else if (strcmp(end, "b") == 0 || strcmp(end, "...") == 0 || strcmp(end, "\u2026") == 0)
        sd = ARB_BLACK;
    if (errno || end == s || !isdigit((unsigned char)s[0]) || n < 1 || n > 50000 || sd < 0)
        return false;
    *move_no = (int)n;
    *side = sd;
    return true;
}

bool arb_opts_want_color(const struct arb_opts *o)
{
    if (o->color == ARB_COLOR_ALWAYS)
        return true;
    if (o->color == ARB_COLOR_NEVER)
        return false;
    const char *nc = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    if (nc && *nc)
        return false;
    if (term && strcmp(term, "dumb") == 0)
        return false;
    return isatty(1) != 0;
}

arb_sniffer arb_opts_sniffer(const struct arb_opts *o)
{
    return o->lang && o->lang->spoken ? NULL : arb_notation_is_move_any;
}

struct arb_check_opts arb_opts_check(const struct arb_opts *o)
{
    return (struct arb_check_opts){.profile = o->profile, .lang = o->lang, .lang_hint = o->lang_hint,
                                   .mode = o->mode, .repair = o->repair,
                                   .time_control = o->have_time_control ? &o->time_control : NULL};
}

void arb_opts_stdin_note(void)
{
    if (isatty(0))
        arb_msg("reading standard input (Ctrl-D ends)");
}

bool arb_opts_pgn_name(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && name[0] != '.' && strcasecmp(name + n - 4, ".pgn") == 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **arb_opts_dir_pgns(const char *dir, int *n)
{
    *n = 0;
    DIR *dp = opendir(dir);
    if (!dp)
        return NULL;
    char **v = NULL;
    int cap = 0;
    size_t dl = strlen(dir);
    bool slash = dl && dir[dl - 1] == '/';
    struct dirent *e;
    while ((e = readdir(dp))) {
        if (!arb_opts_pgn_name(e->d_name))
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 16;
            v = arb_xrealloc(v, (size_t)cap * sizeof *v);
        }
        size_t len = dl + 1 + strlen(e->d_name) + 1;
        v[*n] = arb_xmalloc(len);
        snprintf(v[(*n)++], len, "%s%s%s", dir, slash ? "" : "/", e->d_name);
    }
    closedir(dp);
    if (*n > 1)
        qsort(v, (size_t)*n, sizeof *v, cmp_str);
    return v;
}

int arb_opts_open(const struct arb_opts *o, const char *path, const char *name, arb_sniffer is_move, int tee_fd,
                  struct arb_input *in, struct arb_pgn_reader *rd, char *err, size_t cap)
{
    if (strcmp(path, "-") == 0)
        arb_opts_stdin_note();
    if (arb_pgn_open(in, path, o->encoding, is_move, tee_fd, err, cap) < 0)
        return -1;
    arb_pgn_init(rd, in, name, o->max_game_bytes);
    rd->is_move = is_move;
    return 0;
}

void arb_opts_free(struct arb_opts *o)
{
    for (int i = 0; i < o->n_where; i++) {
        free(o->where[i].tag);
        arb_where_free(o->where[i].code);
    }
    free(o->where);
    o->where = NULL;
    o->n_where = 0;
}

bool arb_opts_check_outputs(const struct arb_opts *o)
{
    bool from_stdin = o->n_files == 0;
    if (o->cmd == ARB_CMD_WATCH) {
        arb_watch_inputs(o);
        from_stdin = false;
    } else if (o->cmd == ARB_CMD_POSITION && o->position_fen) {
        from_stdin = false;
    } else {
        for (int i = 0; i < o->n_files; i++) {
            struct stat st;
            if (stat(o->files[i], &st) == 0 && S_ISDIR(st.st_mode)) {
                /* check DIR reads the directory's *.pgn files */
                int n;
                char **v = arb_opts_dir_pgns(o->files[i], &n);
                for (int j = 0; j < n; j++) {
                    arb_outfile_input(v[j], "the input file");
                    free(v[j]);
                }
                free(v);
            } else {
                arb_outfile_input(o->files[i], "the input file");
            }
        }
    }
    if (from_stdin && o->cmd != ARB_CMD_RECONSTRUCT)
        arb_outfile_input("-", "the input file");
    if (o->trf)
        arb_outfile_input(o->trf, "the --trf file");
    if (o->engine)
        arb_outfile_input(o->engine, "the --engine program");
    if (!o->output && !arb_outfile_check("-", "standard output"))
        return false;
    const struct {
        const char *path, *label;
    } outs[] = {{o->output, "--output"},
                {o->write_clean, "--write-clean"},
                {o->write_flagged, "--write-flagged"},
                {o->write_repaired, "--write-repaired"}};
    for (size_t i = 0; i < ARB_ARRAY_LEN(outs); i++)
        if (outs[i].path && !arb_outfile_check(outs[i].path, outs[i].label))
            return false;
    return true;
}
