/* cmd_position.c — `arbiter position`: can each side still checkmate?
 *
 * For each FEN (--fen=FEN, else one a line from the files or standard
 * input), in input order, and for White and Black: winnable with the
 * mating line found (both sides cooperating), unwinnable with the proof's
 * reason, or undetermined with the search spent (never a guess).  The
 * verdict is the chess core's (arb_mate_verdict, chess/dead.h); this file
 * only reads the lines and formats the answers.  A FEN is read as a
 * composed position (arb_pos_from_fen_composed): promoted pieces are not
 * counted against missing pawns, since the question is one of moves.
 *
 * Exit status: 0 when every FEN was read (whatever the verdicts), 1 when
 * some line was no valid FEN (each is reported and the others analysed),
 * 2 for a usage error or an unreadable file.
 */
#include "cli/commands.h"
#include "base/msg.h"
#include "base/out.h"
#include "base/outfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "chess/board.h"
#include "chess/dead.h"
#include "notation/notation.h"
#include "read/magic.h"
#include "report/json.h"
#include "base/utf8.h"
#include "base/util.h"

/* position's own options (o->own). */
struct position_opts {
    const char *fen;                     /* --fen=FEN (NULL: read lines) */
    uint64_t budget;                     /* --budget=N (0: the default) */
    bool quick;                          /* --quick */
};

enum { OPT_FEN = ARB_OPT_OWN, OPT_BUDGET, OPT_QUICK };

static const struct option options[] = {
    ARB_OPTIONS_COMMON,
    {"fen", optional_argument, NULL, OPT_FEN},
    {"budget", required_argument, NULL, OPT_BUDGET},
    {"quick", no_argument, NULL, OPT_QUICK},
    ARB_OPTIONS_END,
};

static const char usage[] =
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

static enum arb_parse_result option(struct arb_opts *o, int id, const char *arg, const char *opt_text)
{
    struct position_opts *c = o->own;
    (void)opt_text;
    switch (id) {
    case OPT_FEN:
        if (!arg || !*arg)
            return arb_opts_usage(o, "--fen needs a position: --fen='FEN'");
        c->fen = arg;
        break;
    case OPT_BUDGET:
        if (!arb_opts_u64(arg, 1, 1000000000, &c->budget))
            return arb_opts_usage(o, "--budget needs a number of %s from 1 to 1000000000, not '%s'", "positions", arg);
        break;
    case OPT_QUICK:
        c->quick = true;
        break;
    }
    return ARB_OPTS_RUN;
}

static enum arb_parse_result finish(struct arb_opts *o)
{
    const struct position_opts *c = o->own;
    if (o->format != &arb_format_text && o->format != &arb_format_jsonl)
        return arb_opts_usage(o, "position writes text (the default) or --format=jsonl");
    if (c->fen && o->n_files)
        return arb_opts_usage(o, "position reads --fen=FEN or files of FENs, not both");
    if (c->quick && c->budget)
        return arb_opts_usage(o, "--quick is a budget: give --quick or --budget=N, not both");
    return ARB_OPTS_RUN;
}

static bool io(const struct arb_opts *o)
{
    const struct position_opts *c = o->own;
    arb_opts_inputs(o, !c->fen);
    return arb_opts_outputs(o, NULL, 0);
}

const struct arb_command arb_command_position = {
    .name = "position", .usage = usage, .shared_help = false, .options = options,
    .own_size = sizeof(struct position_opts), .option = option, .finish = finish, .io = io, .run = arb_cmd_position,
};

static const char *verdict_name(enum arb_dead v)
{
    return v == ARB_DEAD_YES ? "winnable" : v == ARB_DEAD_NO ? "unwinnable" : "undetermined";
}

/* The line as UCI moves, space-separated (text) or a JSON array. */
static void put_line(struct arb_buf *b, const struct arb_pos *start, const struct arb_mate_verdict *v, bool json)
{
    struct arb_pos pos = *start;
    if (json)
        arb_buf_addc(b, '[');
    for (int i = 0; i < v->plies; i++) {
        char u[6];
        arb_notation_uci(&pos, v->line[i], u);
        if (json) {
            if (i)
                arb_buf_adds(b, ", ");
            arb_json_cstr(b, u);
        } else {
            if (i)
                arb_buf_addc(b, ' ');
            arb_buf_adds(b, u);
        }
        struct arb_undo un;
        arb_pos_make(&pos, v->line[i], &un);
    }
    if (json)
        arb_buf_addc(b, ']');
}

struct ctx {
    const struct arb_opts *o;
    bool json;
    long budget;
    long explore;                 /* positions the exhaustive exploration may keep */
    struct arb_mate_verdict *v;
    int bad;                      /* lines that were no FEN */
};

/* A line that is no FEN: its record (the text, escaped for a terminal:
 * the error may quote a byte of it). */
static void bad_line(struct ctx *c, const char *fen, const char *where, unsigned long line_no, const char *err)
{
    struct arb_buf *b = arb_out_buf();
    c->bad++;
    if (c->json) {
        arb_buf_adds(b, "{\"fen\": ");
        arb_json_cstr(b, fen);
        arb_buf_adds(b, ", \"error\": ");
        arb_json_cstr(b, err);
        arb_buf_adds(b, "}\n");
    } else {
        arb_buf_adds(b, "FEN ");
        arb_term_escapes(b, fen);
        arb_buf_adds(b, "\n  error: ");
        if (where) {
            arb_term_escapes(b, where);
            arb_buf_printf(b, ":%lu: ", line_no);
        }
        arb_term_escapes(b, err);
        arb_buf_adds(b, "\n\n");
    }
    arb_out_record();
}

static void analyse(struct ctx *c, const char *fen, const char *where, unsigned long line_no)
{
    struct arb_buf *b = arb_out_buf();
    struct arb_pos pos;
    char err[200];
    if (arb_pos_from_fen_composed(&pos, fen, err, sizeof err) < 0) {
        bad_line(c, fen, where, line_no, err);
        return;
    }
    if (c->json) {
        arb_buf_adds(b, "{\"fen\": ");
        arb_json_cstr(b, fen);
    } else {
        arb_buf_adds(b, "FEN ");
        arb_term_escapes(b, fen);
        arb_buf_addc(b, '\n');
    }
    for (int side = ARB_WHITE; side <= ARB_BLACK; side++) {
        const char *name = side == ARB_WHITE ? "white" : "black";
        struct arb_mate_verdict *v = c->v;
        arb_mate_verdict(&pos, side, c->budget, c->explore, v);
        if (c->json) {
            arb_buf_printf(b, ", \"%s\": {\"verdict\": \"%s\", \"line\": ", name, verdict_name(v->verdict));
            if (v->verdict == ARB_DEAD_YES)
                put_line(b, &pos, v, true);
            else
                arb_buf_adds(b, "null");
            arb_buf_adds(b, ", \"reason\": ");
            if (v->verdict == ARB_DEAD_YES) {
                char r[80];
                snprintf(r, sizeof r, "a helpmate in %d plies", v->plies);
                arb_json_cstr(b, r);
            } else if (v->verdict == ARB_DEAD_NO) {
                arb_json_cstr(b, v->reason);
            } else {
                char r[400];
                snprintf(r, sizeof r, "%s; --budget=N raises the limit (now %ld)", v->reason, c->budget);
                arb_json_cstr(b, r);
            }
            arb_buf_addc(b, '}');
        } else {
            arb_buf_printf(b, "  %s: %s", name, verdict_name(v->verdict));
            if (v->verdict == ARB_DEAD_YES) {
                arb_buf_printf(b, " (a helpmate in %d plies): ", v->plies);
                put_line(b, &pos, v, false);
            } else if (v->verdict == ARB_DEAD_NO) {
                arb_buf_printf(b, ": %s", v->reason);
            } else {
                arb_buf_printf(b, ": %s (--budget=N raises the limit, now %ld)", v->reason, c->budget);
            }
            arb_buf_addc(b, '\n');
        }
    }
    arb_buf_adds(b, c->json ? "}\n" : "\n");
    arb_out_record();
}

/* A FEN line is short: a longer one is no FEN, said as such with its
 * first characters, and skipped to its end without being kept (a file of
 * one endless line, /dev/zero, must not fill the memory). */
#define FEN_LINE_MAX 4096

/* One line of the file (s, n bytes, NUL-terminated): a FEN, blank, or a
 * '#' comment. */
static void line(struct ctx *c, char *s, size_t n, const char *name, unsigned long no)
{
    while (*s == ' ' || *s == '\t')
        s++, n--;
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = 0;
    if (n && s[0] != '#')
        analyse(c, s, name, no);
}

/* Each line of f a FEN (blank lines and lines starting with '#' skipped;
 * leading and trailing white space dropped).  False, said, when the file
 * is not a file of FEN lines at all: a compressed file, an archive, an
 * image (read/magic.h), or binary data (a NUL byte). */
static bool read_lines(struct ctx *c, FILE *f, const char *name)
{
    char chunk[65536], buf[FEN_LINE_MAX + 1];
    size_t len = 0, got;
    bool first = true, too_long = false;
    unsigned long no = 1;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (first) {
            first = false;
            const struct arb_magic_format *m = arb_magic_of((const unsigned char *)chunk, got);
            if (m) {
                arb_msg("%s: not a file of FEN lines: %s", name, m->name);
                return false;
            }
        }
        for (size_t i = 0; i < got; i++) {
            char ch = chunk[i];
            if (ch == 0) {
                arb_msg("%s:%lu: not a file of FEN lines: a NUL byte (binary data)", name, no);
                return false;
            }
            if (ch != '\n') {
                if (len < FEN_LINE_MAX)
                    buf[len++] = ch;
                else
                    too_long = true;
                continue;
            }
            buf[len] = 0;
            if (too_long) {
                char err[80];
                snprintf(err, sizeof err, "a line of more than %d bytes is no FEN", FEN_LINE_MAX);
                buf[arb_utf8_prefix(buf, len, 60)] = 0;
                bad_line(c, buf, name, no, err);
            } else {
                line(c, buf, len, name, no);
            }
            if (arb_out_failed())
                return true;
            len = 0;
            too_long = false;
            no++;
        }
    }
    if (len || too_long) {
        buf[len] = 0;
        if (too_long) {
            char err[80];
            snprintf(err, sizeof err, "a line of more than %d bytes is no FEN", FEN_LINE_MAX);
            buf[arb_utf8_prefix(buf, len, 60)] = 0;
            bad_line(c, buf, name, no, err);
        } else {
            line(c, buf, len, name, no);
        }
    }
    if (ferror(f)) {
        arb_msg("%s: read error: %s", name, strerror(errno));
        return false;
    }
    return true;
}

/* Does s begin with a FEN's piece placement (eight ranks, seven '/',
 * piece letters and 1-8 only) up to a blank or its end? */
static bool fen_placement(const char *s)
{
    int slashes = 0;
    size_t i = 0;
    for (; s[i] && s[i] != ' '; i++) {
        if (s[i] == '/')
            slashes++;
        else if (!strchr("pnbrqkPNBRQK12345678", s[i]))
            return false;
    }
    return i > 0 && slashes == 7;
}

/* A FEN given as file names (position FEN, without --fen=): "" when no
 * argument is one, else the FEN they write (the placement and the fields
 * after it when they were given as arguments of their own). */
static const char *fen_as_files(const struct arb_opts *o, char *buf, size_t cap)
{
    for (int i = 0; i < o->n_files; i++) {
        struct stat st;
        if (!fen_placement(o->files[i]) || stat(o->files[i], &st) == 0)
            continue;
        size_t at = (size_t)snprintf(buf, cap, "%s", o->files[i]);
        /* "w KQkq - 0 1" as five more arguments (the FEN not quoted). */
        for (int k = i + 1; k < o->n_files && k <= i + 5 && !strchr(o->files[i], ' ') && at < cap; k++) {
            const char *f = o->files[k];
            if (strlen(f) > 8 || strspn(f, "wbKQkqabcdefgh0123456789-") != strlen(f))
                break;
            at += (size_t)snprintf(buf + at, cap - at, " %s", f);
        }
        return buf;
    }
    return "";
}

int arb_cmd_position(const struct arb_opts *o)
{
    const struct position_opts *po = o->own;
    char fen[300];
    if (!po->fen && fen_as_files(o, fen, sizeof fen)[0]) {
        arb_msg("'%s' is a position, not a file: give it as --fen='%s'", fen, fen);
        return ARB_EXIT_FAILURE;
    }
    struct ctx c = {.o = o, .json = o->format == &arb_format_jsonl};
    c.budget = po->budget ? (long)po->budget : po->quick ? ARB_MATE_QUICK_BUDGET : ARB_MATE_FULL_BUDGET;
    /* The exploration proves what the searches cannot (every position
     * examined): a full decision lets it keep four times the budget (some
     * locked positions have a million), a quick one half. */
    c.explore = po->quick ? c.budget / 2 : c.budget * 4;     /* (at most ARB_EXPLORE_MAX: dead.c caps it) */
    c.v = malloc(sizeof *c.v);
    if (!c.v) {
        arb_msg("out of memory");
        return ARB_EXIT_FAILURE;
    }
    int st = ARB_EXIT_OK;
    if (po->fen) {
        analyse(&c, po->fen, NULL, 0);
    } else if (o->n_files == 0) {
        arb_games_stdin_note();
        if (!read_lines(&c, stdin, "<stdin>"))
            st = ARB_EXIT_FAILURE;
    } else {
        for (int i = 0; i < o->n_files && !arb_out_failed(); i++) {
            const char *path = o->files[i];
            bool is_stdin = strcmp(path, "-") == 0;
            if (is_stdin)
                arb_games_stdin_note();
            FILE *f = is_stdin ? stdin : fopen(path, "r");
            if (!f) {
                arb_msg("%s: %s", path, strerror(errno));
                st = ARB_EXIT_FAILURE;
                continue;
            }
            if (!read_lines(&c, f, is_stdin ? "<stdin>" : path))
                st = ARB_EXIT_FAILURE;
            if (!is_stdin)
                fclose(f);
        }
    }
    free(c.v);
    if (st == ARB_EXIT_OK && c.bad)
        st = ARB_EXIT_FINDINGS;
    return st;
}
