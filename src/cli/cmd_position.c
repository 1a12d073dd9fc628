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

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "chess/board.h"
#include "chess/dead.h"
#include "notation/notation.h"
#include "report/json.h"
#include "base/util.h"

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

static void analyse(struct ctx *c, const char *fen, const char *where, unsigned long line_no)
{
    struct arb_buf *b = arb_out_buf();
    struct arb_pos pos;
    char err[200];
    if (arb_pos_from_fen_composed(&pos, fen, err, sizeof err) < 0) {
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
            arb_buf_adds(b, err);
            arb_buf_adds(b, "\n\n");
        }
        arb_out_record();
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

/* Each line of f a FEN (blank lines and lines starting with '#' skipped;
 * leading and trailing white space dropped). */
static void read_lines(struct ctx *c, FILE *f, const char *name)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    unsigned long no = 0;
    while ((n = getline(&line, &cap, f)) >= 0) {
        no++;
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        size_t len = strlen(s);
        while (len && (s[len - 1] == '\n' || s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
            s[--len] = 0;
        if (!len || s[0] == '#')
            continue;
        analyse(c, s, name, no);
        if (arb_out_failed())
            break;
    }
    free(line);
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
    char fen[300];
    if (!o->position_fen && fen_as_files(o, fen, sizeof fen)[0]) {
        arb_msg("'%s' is a position, not a file: give it as --fen='%s'", fen, fen);
        return ARB_EXIT_FAILURE;
    }
    struct ctx c = {.o = o, .json = o->format == &arb_format_jsonl};
    c.budget = o->budget ? (long)o->budget : o->quick ? ARB_MATE_QUICK_BUDGET : ARB_MATE_FULL_BUDGET;
    /* The exploration proves what the searches cannot (every position
     * examined): a full decision lets it keep four times the budget (some
     * locked positions have a million), a quick one half. */
    c.explore = o->quick ? c.budget / 2 : c.budget * 4;     /* (at most ARB_EXPLORE_MAX: dead.c caps it) */
    c.v = malloc(sizeof *c.v);
    if (!c.v) {
        arb_msg("out of memory");
        return ARB_EXIT_FAILURE;
    }
    int st = ARB_EXIT_OK;
    if (o->position_fen) {
        analyse(&c, o->position_fen, NULL, 0);
    } else if (o->n_files == 0) {
        arb_opts_stdin_note();
        read_lines(&c, stdin, "<stdin>");
    } else {
        for (int i = 0; i < o->n_files && !arb_out_failed(); i++) {
            const char *path = o->files[i];
            bool is_stdin = strcmp(path, "-") == 0;
            if (is_stdin)
                arb_opts_stdin_note();
            FILE *f = is_stdin ? stdin : fopen(path, "r");
            if (!f) {
                arb_msg("%s: %s", path, strerror(errno));
                st = ARB_EXIT_FAILURE;
                continue;
            }
            read_lines(&c, f, is_stdin ? "<stdin>" : path);
            if (!is_stdin)
                fclose(f);
        }
    }
    free(c.v);
    if (st == ARB_EXIT_OK && c.bad)
        st = ARB_EXIT_FINDINGS;
    return st;
}
