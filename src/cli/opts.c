/* opts.c — the command line's shared part (see opts.h): the command
 * chosen, the shared options parsed, a command's own options handed to it,
 * help and version, usage errors with a "did you mean", and the check that
 * no output is an input.  Each command's own options live in its file
 * (cli/cmd_*.c). */
#include "cli/opts.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/msg.h"
#include "base/out.h"
#include "base/outfile.h"
#include "base/version.h"
#include "cli/commands.h"
#include "laws/laws.h"
#include "notation/notation.h"

const struct arb_command *const arb_commands[] = {&arb_command_check, &arb_command_replay, &arb_command_convert,
                                                  &arb_command_reconstruct, &arb_command_watch,
                                                  &arb_command_position, NULL};

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

void arb_opts_help_codes(FILE *f)
{
    print_codes(f);
}

static const char usage_selection[] =
    "\nWhich games (all must hold; the others are left out, counted as skipped):\n"
    "      --where=TAG~REGEX   the tag matches the regular expression (PCRE2,\n"
    "                          UTF-8; a missing tag is empty; repeatable)\n"
    "      --player=NAME       NAME plays White or Black (as --trf matches names:\n"
    "                          case, accents, \"Last, First\", initials); twice:\n"
    "                          the games between the two\n"
    "      --date=FROM..TO     the Date tag (else EventDate) wholly inside: 2023,\n"
    "                          2023.06..2024, 2020.01.15.., ..1999\n"
    "      --elo=MIN..MAX      both WhiteElo and BlackElo inside: 2500.., ..1800\n"
    "      --plies=MIN..MAX    the half-moves recorded (the main line): 40.., ..20\n"
    "      --eco=FROM..TO      the ECO tag inside: B20..B99, C (C00..C99), E60..\n"
    "      --position=FEN      the main line reaches the FEN's placement (its first\n"
    "                          field; the rest is not compared)\n";

static void help(const struct arb_command *cmd)
{
    if (!cmd) {
        fputs(usage_main, stdout);
    } else {
        fputs(cmd->usage, stdout);
        if (cmd->shared_help)
            fputs(usage_common, stdout);
        if (cmd->selection)
            fputs(usage_selection, stdout);
        if (cmd->help_tail)
            cmd->help_tail(stdout);
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

enum arb_parse_result arb_opts_usage(const struct arb_opts *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    arb_vmsg(fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try 'arbiter %s%s--help' for more information.\n", o->cmd_name ? o->cmd_name : "",
            o->cmd_name ? " " : "");
    return ARB_OPTS_USAGE;
}

bool arb_opts_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-' || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

bool arb_opts_number(const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= lo && v <= hi))
        return false;
    *out = v;
    return true;
}

enum arb_parse_result arb_opts_trf(const struct arb_opts *o, bool is_round, const char *arg, const char **trf,
                                   int *round)
{
    if (!is_round) {
        if (!*arg)
            return arb_opts_usage(o, "--trf needs a file name");
        *trf = arg;
        return ARB_OPTS_RUN;
    }
    uint64_t n;
    if (!arb_opts_u64(arg, 1, 999, &n))
        return arb_opts_usage(o, "--round needs a round number from 1 to 999, not '%s'", arg);
    *round = (int)n;
    return ARB_OPTS_RUN;
}

enum arb_parse_result arb_opts_lang(const struct arb_opts *o, const char *arg, const struct arb_lang **out)
{
    *out = arb_lang_find(arg);
    if (!*out)
        return arb_opts_usage(o, "unknown notation language '%s'%s (see --lang=list)", arg, lang_suggestion(arg));
    return ARB_OPTS_RUN;
}

/* Does cmd's table take the option with this id (and which entry)? */
static const struct option *takes(const struct arb_command *cmd, int id)
{
    for (const struct option *e = cmd->options; e->name; e++)
        if (e->val == id)
            return e;
    return NULL;
}

static const struct option *named(const struct arb_command *cmd, const char *name)
{
    for (const struct option *e = cmd->options; e->name; e++)
        if (strcmp(e->name, name) == 0)
            return e;
    return NULL;
}

/* An option getopt_long did not take: misspelt (did you mean), a prefix
 * of several (getopt_long takes a prefix of one), or another command's. */
static enum arb_parse_result unknown_option(const struct arb_opts *o, const char *arg)
{
    const struct arb_command *cmd = o->cmd;
    if (strncmp(arg, "--", 2) != 0 || !arg[2])
        return arb_opts_usage(o, "unknown option '%s'", arg);
    char word[64];
    size_t len = strcspn(arg + 2, "=");
    if (len >= sizeof word)
        return arb_opts_usage(o, "unknown option '%s'", arg);
    memcpy(word, arg + 2, len);
    word[len] = 0;
    const struct option *own = named(cmd, word);
    if (own && arg[2 + len] == '=' && own->has_arg == no_argument)
        return arb_opts_usage(o, "option '--%s' takes no value", word);
    const char *names[80], *prefixed[80];
    int n = 0, np = 0;
    for (const struct option *e = cmd->options; e->name && n < 80; e++) {
        if (strcmp(e->name, "colour") == 0)
            continue;
        names[n++] = e->name;
        if (strncmp(e->name, word, len) == 0)
            prefixed[np++] = e->name;
    }
    if (np >= 1) {
        char list[256];
        size_t at = 0;
        for (int i = 0; i < np && at < sizeof list; i++)
            at += (size_t)snprintf(list + at, sizeof list - at, "%s--%s", i ? ", " : "", prefixed[i]);
        return arb_opts_usage(o, "option '--%s' is ambiguous (%s)", word, list);
    }
    for (int k = 0; arb_commands[k]; k++)
        if (named(arb_commands[k], word))
            return arb_opts_usage(o, "option '--%s' does not apply to this command", word);
    return arb_opts_usage(o, "unknown option '--%s'%s", word, did_you_mean(word, names, n, "--"));
}

static enum arb_parse_result severity(const struct arb_opts *o, const char *arg, bool never, const char *opt, int *out)
{
    if (strcmp(arg, "error") == 0)
        *out = ARB_SEV_ERROR;
    else if (strcmp(arg, "warning") == 0)
        *out = ARB_SEV_WARNING;
    else if (strcmp(arg, "info") == 0)
        *out = ARB_SEV_INFO;
    else if (never && strcmp(arg, "never") == 0)
        *out = 3;
    else
        return arb_opts_usage(o, "unknown severity '%s' for %s (error, warning, info%s)", arg, opt,
                              never ? ", never" : "");
    return ARB_OPTS_RUN;
}

/* A shared option; *quiet counts -q. */
static enum arb_parse_result shared_option(struct arb_opts *o, int c, const char *arg, int *quiet)
{
    switch (c) {
    case ARB_OPT_HELP:
        help(o->cmd);
        return ARB_OPTS_DONE;
    case ARB_OPT_VERSION:
        printf("arbiter %s\n", ARB_VERSION);
        return ARB_OPTS_DONE;
    case ARB_OPT_FORMAT:
        o->format = arb_format_find(arg);
        if (!o->format)
            return arb_opts_usage(o, "unknown format '%s'%s (formats: %s)", arg, format_suggestion(arg),
                                  arb_format_names());
        return ARB_OPTS_RUN;
    case ARB_OPT_RULES:
        if (strcmp(arg, "list") == 0) {
            for (int i = 0; arb_profiles[i]; i++)
                printf("%-29s %s\n", arb_profiles[i]->name, arb_profiles[i]->title);
            printf("%-29s %s\n", "auto", "the FIDE edition in force on the game's EventDate (or Date)");
            return ARB_OPTS_DONE;
        }
        if (strcmp(arg, "auto") == 0) {
            o->check.profile = NULL;
            return ARB_OPTS_RUN;
        }
        o->check.profile = arb_profile_find(arg);
        if (!o->check.profile)
            return arb_opts_usage(o, "unknown rules profile '%s'%s (see --rules=list)", arg,
                                  profile_suggestion(arg));
        return ARB_OPTS_RUN;
    case ARB_OPT_MODE:
        if (strcmp(arg, "standard") == 0)
            o->check.mode = ARB_MODE_STANDARD;
        else if (strcmp(arg, "rapid") == 0)
            o->check.mode = ARB_MODE_RAPID;
        else if (strcmp(arg, "blitz") == 0)
            o->check.mode = ARB_MODE_BLITZ;
        else if (strcmp(arg, "auto") == 0)
            o->check.mode = -1;
        else
            return arb_opts_usage(o, "unknown mode '%s' (auto, standard, rapid, blitz)", arg);
        return ARB_OPTS_RUN;
    case ARB_OPT_FAIL_ON:
        return severity(o, arg, true, "--fail-on", &o->fail_on);
    case ARB_OPT_SELECT:
    case ARB_OPT_IGNORE: {
        struct arb_filter *f = &o->filter;
        bool *set = c == ARB_OPT_SELECT ? f->select : f->ignore;
        if (c == ARB_OPT_IGNORE)
            f->ignore_any = true;
        if (c == ARB_OPT_SELECT && !f->any_select) {
            memset(f->select, 0, sizeof f->select);
            f->any_select = true;
        }
        const char *p = arg;
        while (*p) {
            size_t len = strcspn(p, ",");
            char name[64];
            if (len && len < sizeof name) {
                memcpy(name, p, len);
                name[len] = 0;
                int code = arb_code_find(name);
                if (code < 0)
                    return arb_opts_usage(o, "unknown finding code '%s'%s (arbiter check --help lists them)", name,
                                          code_suggestion(name));
                set[code] = true;
            } else if (len) {
                return arb_opts_usage(o, "unknown finding code '%.*s'", (int)len, p);
            }
            p += len + (p[len] == ',');
        }
        return ARB_OPTS_RUN;
    }
    case ARB_OPT_WHERE: {
        const char *tilde = strchr(arg, '~');
        if (!tilde || tilde == arg)
            return arb_opts_usage(o, "--where wants TAG~REGEX, e.g. --where='Event~^Helsinki'");
        char msg[160];
        if (!arb_filter_add_where(&o->filter, arg, (size_t)(tilde - arg), tilde + 1, msg, sizeof msg))
            return arb_opts_usage(o, "--where: %s", msg);
        return ARB_OPTS_RUN;
    }
    case ARB_OPT_PLAYER:
    case ARB_OPT_DATE:
    case ARB_OPT_ELO:
    case ARB_OPT_PLIES:
    case ARB_OPT_ECO:
    case ARB_OPT_POSITION: {
        static const char *const names[] = {"--player", "--date", "--elo", "--plies", "--eco", "--position"};
        bool (*const set[])(struct arb_filter *, const char *, char *, size_t) = {
            arb_filter_set_player, arb_filter_set_date, arb_filter_set_elo,
            arb_filter_set_plies, arb_filter_set_eco, arb_filter_set_position};
        int k = c - ARB_OPT_PLAYER;
        char msg[300];
        if (!set[k](&o->filter, arg, msg, sizeof msg))
            return arb_opts_usage(o, "%s: %s", names[k], msg);
        if (c == ARB_OPT_POSITION)
            o->check.reach = &o->filter.reach;
        return ARB_OPTS_RUN;
    }
    case ARB_OPT_TIME_CONTROL:
        if (arb_tc_parse_human(arg, &o->time_control) < 0)
            return arb_opts_usage(o, "cannot read the time control '%s' (e.g. 40/5400+30:1800+30, 300+2, 90+30, "
                                     "G/90;inc30)", arg);
        o->check.time_control = &o->time_control;
        return ARB_OPTS_RUN;
    case ARB_OPT_LANG:
        if (strcmp(arg, "list") == 0) {
            for (int i = 0; arb_langs[i]; i++)
                printf("%-4s %-12s %s\n", arb_langs[i]->code, arb_langs[i]->name, arb_langs[i]->source);
            return ARB_OPTS_DONE;
        }
        if (strcmp(arg, "auto") == 0) {
            o->check.lang = NULL;
            return ARB_OPTS_RUN;
        }
        return arb_opts_lang(o, arg, &o->check.lang);
    case ARB_OPT_LANG_HINT:
        return arb_opts_lang(o, arg, &o->check.lang_hint);
    case ARB_OPT_ENCODING:
        o->encoding = arg;
        return ARB_OPTS_RUN;
    case ARB_OPT_MAX_GAME_BYTES:
        if (!arb_opts_u64(arg, 64, UINT64_C(1) << 31, &o->max_game_bytes))
            return arb_opts_usage(o, "--max-game-bytes needs a number from 64 to 2147483648, not '%s'", arg);
        return ARB_OPTS_RUN;
    case ARB_OPT_COLOR:
        if (strcmp(arg, "auto") == 0)
            o->color = ARB_COLOR_AUTO;
        else if (strcmp(arg, "always") == 0)
            o->color = ARB_COLOR_ALWAYS;
        else if (strcmp(arg, "never") == 0)
            o->color = ARB_COLOR_NEVER;
        else
            return arb_opts_usage(o, "--color takes auto, always or never, not '%s'", arg);
        return ARB_OPTS_RUN;
    case ARB_OPT_QUIET:
        if (++*quiet == 1)
            o->filter.min_severity = ARB_SEV_ERROR;
        else
            o->quiet = true;   /* -qq: only the summary line */
        return ARB_OPTS_RUN;
    case ARB_OPT_MIN_SEVERITY:
        return severity(o, arg, false, "--min-severity", &o->filter.min_severity);
    case ARB_OPT_OUTPUT:
        if (!*arg)
            return arb_opts_usage(o, "--output needs a file name");
        o->output = arg;
        return ARB_OPTS_RUN;
    case ARB_OPT_JOBS: {
        uint64_t n;
        if (!arb_opts_u64(arg, 1, 256, &n))
            return arb_opts_usage(o, "--jobs needs a number of threads from 1 to 256, not '%s'", arg);
        o->jobs = (int)n;
        return ARB_OPTS_RUN;
    }
    }
    return ARB_OPTS_RUN;
}

enum arb_parse_result arb_opts_parse(struct arb_opts *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    o->format = &arb_format_text;
    o->check.profile = NULL;            /* --rules=auto */
    o->check.mode = -1;                 /* auto: the profile's kind of game, else the TimeControl (standard when unknown) */
    o->fail_on = ARB_SEV_ERROR;
    arb_filter_init(&o->filter);
    o->max_game_bytes = 16u << 20;

    if (argc < 2) {
        fputs(usage_main, stderr);
        return ARB_OPTS_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        help(NULL);
        return ARB_OPTS_DONE;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("arbiter %s\n", ARB_VERSION);
        return ARB_OPTS_DONE;
    }
    const char *command_names[8];
    int n_commands = 0;
    for (int k = 0; arb_commands[k]; k++) {
        command_names[n_commands++] = arb_commands[k]->name;
        if (strcmp(cmd, arb_commands[k]->name) == 0)
            o->cmd = arb_commands[k];
    }
    if (!o->cmd)
        return arb_opts_usage(o, "unknown command '%s'%s (commands: check, replay, convert, reconstruct, watch, "
                              "position)", cmd, did_you_mean(cmd, command_names, n_commands, ""));
    o->cmd_name = cmd;
    o->own = arb_xcalloc(1, o->cmd->own_size ? o->cmd->own_size : 1);
    if (o->cmd->own_init)
        o->cmd->own_init(o->own);

    /* getopt_long over the arguments after the command, from a clean start
     * (optind 0: glibc forgets a parse cut short in the middle of "-qZj",
     * whose next letter it would read on). */
    const struct option *table = o->cmd->options;
    int ac = argc - 1;
    char **av = argv + 1;
    int c, idx;
    char opt_text[64];
    optind = 0;
    opterr = 0;
    int quiet = 0;
    while ((idx = -1, c = getopt_long(ac, av, ":hVj:qo:f:", table, &idx)) != -1) {
        /* The option as written, for a message: a short one is a letter of
         * its cluster ("-qZ": optind is still on the cluster's word), a long
         * one its name (its value may be the next word). */
        int ch = c == '?' || c == ':' ? optopt : c;
        if (ch > 0 && ch < 128 && strchr("hVjqof", ch))
            snprintf(opt_text, sizeof opt_text, "-%c", ch);
        else if (idx >= 0)
            snprintf(opt_text, sizeof opt_text, "--%s", table[idx].name);
        else if (ch > 0 && ch < 128 && ch != '?' && ch != ':')
            snprintf(opt_text, sizeof opt_text, "-%c", ch);
        else
            snprintf(opt_text, sizeof opt_text, "%.60s", av[optind - 1]);
        switch (c) {
        case 'h': c = ARB_OPT_HELP; break;
        case 'V': c = ARB_OPT_VERSION; break;
        case 'j': c = ARB_OPT_JOBS; break;
        case 'q': c = ARB_OPT_QUIET; break;
        case 'o': c = ARB_OPT_OUTPUT; break;
        case 'f': c = ARB_OPT_FORMAT; break;
        }
        if (c == '?')
            return unknown_option(o, opt_text[1] == '-' ? av[optind - 1] : opt_text);
        if (c == ':')
            return arb_opts_usage(o, "option '%s' needs a value", opt_text);
        if (!takes(o->cmd, c))
            return arb_opts_usage(o, "option '%s' does not apply to this command", opt_text);
        enum arb_parse_result r = c >= ARB_OPT_OWN ? o->cmd->option(o, c, optarg, opt_text)
                                                   : shared_option(o, c, optarg, &quiet);
        if (r != ARB_OPTS_RUN)
            return r;
    }
    o->files = av + optind;
    o->n_files = ac - optind;
    return o->cmd->finish ? o->cmd->finish(o) : ARB_OPTS_RUN;
}

void arb_opts_free(struct arb_opts *o)
{
    arb_filter_fini(&o->filter);
    free(o->own);
    o->own = NULL;
}

struct arb_games_opts arb_opts_games(const struct arb_opts *o)
{
    return (struct arb_games_opts){.check = o->check, .encoding = o->encoding, .max_game_bytes = o->max_game_bytes,
                                   .filter = &o->filter};
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

void arb_opts_inputs(const struct arb_opts *o, bool stdin_default)
{
    for (int i = 0; i < o->n_files; i++) {
        struct stat st;
        if (stat(o->files[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            /* check DIR reads the directory's *.pgn files */
            int n;
            char **v = arb_games_dir(o->files[i], &n);
            for (int j = 0; j < n; j++) {
                arb_outfile_input(v[j], "the input file");
                free(v[j]);
            }
            free(v);
        } else {
            arb_outfile_input(o->files[i], "the input file");
        }
    }
    if (stdin_default && o->n_files == 0)
        arb_outfile_input("-", "the input file");
}

bool arb_opts_outputs(const struct arb_opts *o, const char *const outs[][2], int n)
{
    if (!o->output && !arb_outfile_check("-", "standard output"))
        return false;
    if (o->output && !arb_outfile_check(o->output, "--output"))
        return false;
    for (int i = 0; i < n; i++)
        if (outs[i][0] && !arb_outfile_check(outs[i][0], outs[i][1]))
            return false;
    return true;
}
