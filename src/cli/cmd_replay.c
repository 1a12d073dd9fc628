/* cmd_replay.c — `arbiter replay`: the positions of a game, for people.
 *
 * The game is replayed once, by arb_replay(): its findings (as `arbiter
 * check --repair` makes them), and through the on_position hook the
 * position after each ply of the main line, with the clocks it read,
 * whether the side to move is mated and how the move was played, kept in
 * memory (one game: a slot with its own arena and its own copy of the
 * game's text).  Then the positions chosen (all, those with findings, or
 * one: --ply, --move) go out as FEN lines (--fen), SVG files (--svg),
 * boards one after another, or an interactive board on a terminal, where
 * n and p load the next or previous game of the file into the other slot
 * (p reads the file again from its start) and the screen is laid out to
 * fit the window.
 *
 * A finding is shown at the position it concerns: the position before an
 * illegal move (its pos_ply), the position a move made for a repetition.
 * Findings of variations are left to `arbiter check`; findings of the game
 * as a whole (ply 0) are shown at the last position.
 *
 * Past a move that cannot be played the replay goes on with --repair's
 * move, else with the move as written where the board allows it
 * (play_as_written): the position after it says so.  Where nothing can be
 * played the positions end.  The main line's errors also go to standard
 * error and make the exit status 1.
 */
#include "cli/commands.h"

#include "base/msg.h"
#include "base/out.h"
#include "base/outfile.h"
#include "report/line.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "base/arena.h"
#include "base/utf8.h"
#include "report/diagram.h"
#include "read/input.h"
#include "read/pgn.h"
#include "laws/replay.h"
#include "report/report.h"
#include "read/timectl.h"

/* replay's own options (o->own). */
struct replay_opts {
    uint64_t game;                       /* --game=N (1-based) */
    int ply;                             /* --ply=N; -1 none */
    int move_no, move_side;              /* --move=23b: move number (0 none) and side */
    bool fen;                            /* --fen */
    bool flip;                           /* --flip */
    const char *svg_dir;                 /* --svg=DIR, or NULL */
    bool at_findings, at_given;          /* --at=findings */
    bool ascii;                          /* --ascii */
    bool no_interactive;                 /* --no-interactive */
};
#define OWN(o) ((const struct replay_opts *)(o)->own)

enum { OPT_GAME = ARB_OPT_OWN, OPT_PLY, OPT_MOVE, OPT_FLIP, OPT_SVG, OPT_AT, OPT_ASCII, OPT_NO_INTERACTIVE, OPT_FEN };

static const struct option options[] = {
    ARB_OPTIONS_COMMON,
    ARB_OPTIONS_COLOR,
    {"game", required_argument, NULL, OPT_GAME},
    {"ply", required_argument, NULL, OPT_PLY},
    {"move", required_argument, NULL, OPT_MOVE},
    {"flip", no_argument, NULL, OPT_FLIP},
    {"svg", required_argument, NULL, OPT_SVG},
    {"at", required_argument, NULL, OPT_AT},
    {"ascii", no_argument, NULL, OPT_ASCII},
    {"no-interactive", no_argument, NULL, OPT_NO_INTERACTIVE},
    {"fen", optional_argument, NULL, OPT_FEN},
    ARB_OPTIONS_END,
};

static const char usage[] =
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

static void own_init(void *own)
{
    struct replay_opts *c = own;
    c->game = 1;
    c->ply = -1;
}

static enum arb_parse_result option(struct arb_opts *o, int id, const char *arg, const char *opt_text)
{
    struct replay_opts *c = o->own;
    (void)opt_text;
    switch (id) {
    case OPT_FEN:
        if (arg)
            return arb_opts_usage(o, "replay --fen takes no value (it writes one FEN per ply)");
        c->fen = true;
        break;
    case OPT_GAME:
        if (!arb_opts_u64(arg, &c->game) || c->game < 1)
            return arb_opts_usage(o, "--game needs a game number from 1, not '%s'", arg);
        break;
    case OPT_PLY: {
        uint64_t n;
        if (!arb_opts_u64(arg, &n) || n > 100000)
            return arb_opts_usage(o, "--ply needs a half-move number from 0, not '%s'", arg);
        c->ply = (int)n;
        c->move_no = 0;
        break;
    }
    case OPT_MOVE:
        if (!arb_opts_move_ref(arg, &c->move_no, &c->move_side))
            return arb_opts_usage(o, "--move needs a move number and side, e.g. 23 or 23w (White), 23b or "
                                     "23... (Black), not '%s'", arg);
        c->ply = -1;
        break;
    case OPT_FLIP:
        c->flip = true;
        break;
    case OPT_SVG:
        if (!*arg)
            return arb_opts_usage(o, "--svg needs a directory");
        c->svg_dir = arg;
        break;
    case OPT_AT:
        if (strcmp(arg, "findings") == 0)
            c->at_findings = true;
        else if (strcmp(arg, "all") == 0)
            c->at_findings = false;
        else
            return arb_opts_usage(o, "--at takes all or findings, not '%s'", arg);
        c->at_given = true;
        break;
    case OPT_ASCII:
        c->ascii = true;
        break;
    case OPT_NO_INTERACTIVE:
        c->no_interactive = true;
        break;
    }
    return ARB_OPTS_RUN;
}

static enum arb_parse_result finish(struct arb_opts *o)
{
    const struct replay_opts *c = o->own;
    if (o->n_files > 1)
        return arb_opts_usage(o, "replay reads one file, not %d", o->n_files);
    if (c->fen && c->svg_dir)
        return arb_opts_usage(o, "replay writes FEN (--fen) or SVG (--svg), not both");
    if (c->at_given && (c->ply >= 0 || c->move_no))
        return arb_opts_usage(o, "--at chooses among all positions; --ply and --move name one");
    if (o->format != &arb_format_text)
        return arb_opts_usage(o, "%s writes text only (--format=text, the default)", o->cmd_name);
    return ARB_OPTS_RUN;
}

static bool io(const struct arb_opts *o)
{
    arb_opts_inputs(o, true);
    return arb_opts_outputs(o, NULL, 0);
}

const struct arb_command arb_command_replay = {
    .name = "replay", .usage = usage, .shared_help = true, .options = options,
    .own_size = sizeof(struct replay_opts), .own_init = own_init, .option = option, .finish = finish, .io = io,
    .run = arb_cmd_replay,
};

struct step {
    struct arb_compact pk;        /* the position in 32 bytes (a long game's steps add up) */
    uint32_t fullmove;
    enum arb_step_status status;  /* to move, in check, checkmated, stalemated (the replay says) */
    enum arb_step_how how;        /* the move as written, repaired, or illegal and followed */
    arb_move move;
    int node;
    const char *token;
    size_t len;
    long clk[2];                  /* the clocks' last readings in tenths, -1 none (as the replay read them) */
    int clk_ply[2];               /* the ply each reading was taken after */
    int first, n;                 /* its findings: order[first .. first + n) */
};

struct view {
    const struct arb_opts *o;
    struct arb_game *g;
    struct arb_outcome oc;
    struct step *steps;
    int n, cap;
    struct arb_pos start;         /* the first step's position: what compacting leaves out */
    int *order;                   /* finding indexes grouped by step */
    bool clocks;                  /* the record holds clock readings */
    bool flip;
    unsigned flags;               /* ARB_DIAGRAM_UNICODE, ARB_DIAGRAM_COLOR */
};

static void collect(void *vctx, const struct arb_replay_step *st)
{
    struct view *v = vctx;
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 128;
        struct step *s = realloc(v->steps, (size_t)cap * sizeof *s);
        if (!s)
            arb_out_of_memory();
        v->steps = s;
        v->cap = cap;
    }
    if (!v->n)
        v->start = *st->pos;
    struct step *s = &v->steps[v->n++];
    memset(s, 0, sizeof *s);
    /* (A record's positions fit: its FEN is read strictly, 32 men at most.) */
    if (!arb_pos_compact(st->pos, &s->pk))
        abort();
    s->fullmove = st->pos->fullmove;
    s->status = st->status;
    s->how = st->how;
    s->move = st->move;
    s->node = st->node;
    s->token = st->token;
    s->len = st->len;
    memcpy(s->clk, st->clk, sizeof s->clk);
    memcpy(s->clk_ply, st->clk_ply, sizeof s->clk_ply);
    if (st->clk[0] >= 0 || st->clk[1] >= 0)
        v->clocks = true;
}

/* The position of step k, into *pos. */
static const struct arb_pos *step_pos(const struct view *v, int k, struct arb_pos *pos)
{
    arb_pos_expand(&v->steps[k].pk, &v->start, pos);
    pos->fullmove = v->steps[k].fullmove;
    return pos;
}

/* The step a finding is shown at, or -1 (a variation's). */
static int step_of(const struct view *v, const struct arb_finding *f)
{
    if (f->variation)
        return -1;
    int at = f->pos ? f->pos_ply : f->ply;
    if (f->ply == 0 || at >= v->n || at < 0)
        return v->n - 1;
    return at;
}

static void place_findings(struct view *v)
{
    const struct arb_findings *fs = &v->g->findings;
    v->order = malloc((size_t)(fs->n ? fs->n : 1) * sizeof *v->order);
    if (!v->order)
        arb_out_of_memory();
    /* Grouped by step in one pass over each (a counting sort, in finding
     * order within a step): a long game with many findings stays linear. */
    for (int k = 0; k < v->n; k++)
        v->steps[k].n = 0;
    for (int i = 0; i < fs->n; i++) {
        int k = step_of(v, &fs->v[i]);
        if (k >= 0)
            v->steps[k].n++;
    }
    int used = 0;
    for (int k = 0; k < v->n; k++) {
        v->steps[k].first = used;
        used += v->steps[k].n;
        v->steps[k].n = 0;
    }
    for (int i = 0; i < fs->n; i++) {
        int k = step_of(v, &fs->v[i]);
        if (k >= 0)
            v->order[v->steps[k].first + v->steps[k].n++] = i;
    }
}

/* Has step k something to show: a finding, or a move not played as written? */
static bool noted(const struct view *v, int k)
{
    return v->steps[k].n > 0 || v->steps[k].how != ARB_STEP_LEGAL;
}

static const struct arb_finding *finding_at(const struct view *v, const struct step *s, int j)
{
    return &v->g->findings.v[v->order[s->first + j]];
}

/* The move as written at step k (a runaway token cut to max bytes and "..."). */
static void written(struct arb_buf *b, const struct step *s, size_t max)
{
    size_t cut = s->len > max + 8 ? arb_utf8_prefix(s->token, s->len, max) : s->len;
    arb_term_escape(b, s->token, cut);   /* the file's text: escaped (msg.h) */
    arb_buf_adds(b, cut < s->len ? "..." : "");
}

/* The repair --repair made at step k (ARB_STEP_REPAIRED): the move played
 * instead of the one written, and why it is the nearest. */
static const struct arb_repair *repair_of(const struct view *v, int k)
{
    for (int i = 0; i < v->oc.repaired; i++)
        if (v->oc.repairs[i].node == v->steps[k].node)
            return &v->oc.repairs[i];
    return NULL;
}

/* "12... Nf6", or "Start position"; a move not played as written says so. */
static void step_label(struct arb_buf *b, const struct view *v, int k)
{
    const struct step *s = &v->steps[k];
    if (k == 0) {
        arb_buf_adds(b, "Start position");
        return;
    }
    char label[24];
    arb_ply_label(&v->oc, k, label, sizeof label);
    arb_buf_adds(b, label);
    const struct arb_repair *r = s->how == ARB_STEP_REPAIRED ? repair_of(v, k) : NULL;
    if (r) {
        arb_term_escapes(b, r->move);
        arb_buf_adds(b, " (repaired; written ");
        written(b, s, 32);
        arb_buf_addc(b, ')');
        return;
    }
    written(b, s, 32);
    if (s->how == ARB_STEP_AS_WRITTEN)
        arb_buf_adds(b, " (illegal; played as written)");
    else if (s->how == ARB_STEP_FOLLOWED)
        arb_buf_adds(b, " (illegal; the record goes on from it)");
}

/* "White to move", "Black to move, in check", "checkmate", ... and the clocks. */
static void status_line(struct arb_buf *b, const struct view *v, int k)
{
    const char *side = v->steps[k].pk.side == ARB_WHITE ? "White" : "Black";
    const struct step *s = &v->steps[k];
    if (s->status == ARB_STEP_CHECKMATE || s->status == ARB_STEP_STALEMATE)
        arb_buf_printf(b, "%s is %s", side, s->status == ARB_STEP_CHECKMATE ? "checkmated" : "stalemated");
    else
        arb_buf_printf(b, "%s to move%s", side, s->status == ARB_STEP_CHECK ? ", in check" : "");
    if (v->clocks && (s->clk[0] >= 0 || s->clk[1] >= 0)) {
        arb_buf_adds(b, "    clocks:");
        for (int c = 0; c < 2; c++) {
            char t[ARB_CLOCK_TEXT_MAX];
            arb_buf_adds(b, c ? ", Black " : " White ");
            arb_buf_adds(b, s->clk[c] >= 0 ? arb_clock_format(s->clk[c], t) : "?");
            /* A reading older than the side's last move says when it was taken. */
            int own_last = s->pk.side == c ? k - 1 : k;
            if (s->clk[c] >= 0 && s->clk_ply[c] < own_last) {
                char label[24];
                arb_ply_label(&v->oc, s->clk_ply[c], label, sizeof label);
                label[strcspn(label, " ")] = 0;
                arb_buf_printf(b, " (after %s)", label);
            }
        }
    }
    arb_buf_addc(b, '\n');
}

/* One finding, as every text output writes it (report/line.h), without
 * the location (the screen's title names the file; the errors go to
 * standard error with theirs): "error: 9. Qh6: the white queen ...
 * (Art. 3.4) [illegal-move]", and its note (--repair's) on a line of its
 * own. */
static void finding_line(struct arb_buf *b, const struct view *v, const struct arb_finding *f)
{
    arb_line_finding(b, f, &v->oc,
                     &(struct arb_line_opts){.article = true, .color = (v->flags & ARB_DIAGRAM_COLOR) != 0});
    arb_buf_addc(b, '\n');
    if (f->note) {
        arb_buf_adds(b, "  ");
        arb_term_escapes(b, f->note);
        arb_buf_addc(b, '\n');
    }
}

/* Does finding f concern the move written at step k's node? */
static bool about_move(const struct view *v, int k, const struct arb_finding *f)
{
    const struct step *s = &v->steps[k];
    return !f->variation && f->len && s->node >= 0 && f->off == v->g->nodes[s->node].off;
}

/* A move not played as written: what the replay played, and the errors
 * and warnings about the move written (shown at the position before it
 * too). */
static void played_lines(struct arb_buf *b, const struct view *v, int k)
{
    const struct step *s = &v->steps[k];
    if (k == 0 || s->how == ARB_STEP_LEGAL)
        return;
    char label[24];
    arb_ply_label(&v->oc, k, label, sizeof label);
    arb_buf_adds(b, (v->flags & ARB_DIAGRAM_COLOR) ? "\033[1;31m!\033[0m " : "! ");
    const struct arb_repair *r = s->how == ARB_STEP_REPAIRED ? repair_of(v, k) : NULL;
    if (r) {
        arb_buf_printf(b, "Not the move written: %s", label);
        written(b, s, 32);
        arb_buf_adds(b, " cannot be played; the replay plays ");
        arb_term_escapes(b, r->move);
        arb_buf_adds(b, " (");
        arb_term_escapes(b, r->why);
        arb_buf_adds(b, "), the nearest legal move from which the rest of the game replays (as check --repair "
                        "finds it).\n");
    } else if (s->how == ARB_STEP_AS_WRITTEN) {
        arb_buf_printf(b, "Illegal, played as written: %s", label);
        written(b, s, 32);
        arb_buf_adds(b, " can be made on the board but is no legal move, and no legal move stands in its "
                        "place; the replay plays it to go on.\n");
    } else {
        arb_buf_printf(b, "Illegal, followed: %s", label);
        written(b, s, 32);
        arb_buf_adds(b, " is no legal move, but the record goes on from the position it left.\n");
    }
    const struct arb_findings *fs = &v->g->findings;
    for (int i = 0; i < fs->n; i++)
        if (fs->v[i].severity >= ARB_SEV_WARNING && about_move(v, k, &fs->v[i]))
            finding_line(b, v, &fs->v[i]);
}

/* The findings shown at step k; at the last step of a replay that could
 * not go on, that it ends there. */
static void finding_lines(struct arb_buf *b, const struct view *v, int k)
{
    const struct step *s = &v->steps[k];
    if (k == v->n - 1 && v->oc.replay_stopped)
        arb_buf_adds(b, "The replay ends here: the next move cannot be played, and no move can stand in its "
                        "place (the error below says why).\n");
    for (int j = 0; j < s->n; j++)
        finding_line(b, v, finding_at(v, s, j));
}

/* The diagram of step k: its last move, and the moves its findings concern. */
static void diagram_of(const struct view *v, int k, struct arb_diagram *d, struct arb_pos *pos)
{
    const struct step *s = &v->steps[k];
    arb_diagram_init(d, step_pos(v, k, pos));
    d->flip = v->flip;
    arb_diagram_set_last(d, s->move);
    if (s->how != ARB_STEP_LEGAL && s->move != ARB_MOVE_NONE)   /* not a legal move as written: marked too */
        arb_diagram_add_arrow(d, arb_move_from(s->move), arb_move_dest(s->move));
    for (int j = 0; j < s->n; j++)
        arb_diagram_add_finding(d, finding_at(v, s, j));
}

static void board(struct arb_buf *b, const struct view *v, int k)
{
    struct arb_diagram d;
    struct arb_pos dpos;
    diagram_of(v, k, &d, &dpos);
    arb_diagram_text(b, &d, v->flags);
}

/* One position as the printed replay shows it. */
static void show_step(struct arb_buf *b, const struct view *v, int k)
{
    step_label(b, v, k);
    arb_buf_addc(b, '\n');
    board(b, v, k);
    status_line(b, v, k);
    played_lines(b, v, k);
    finding_lines(b, v, k);
}

/* "Game 2 of 3 in round5.pgn: Aho, A - Berg, B, round 5, board 3, Club ch,
 * 2026.11.20, 1-0": the game's number (of how many, when total is known),
 * the file, the players and the round (as check names a game:
 * arb_game_who), the event, the date and the result. */
static void game_heading(struct arb_buf *b, const struct view *v, uint64_t total)
{
    const struct arb_tag *ev = arb_game_find_tag(v->g, "Event"), *dt = arb_game_find_tag(v->g, "Date");
    /* The file's name and its tags: escaped (msg.h). */
    struct arb_buf t = {0};
    const char *file = strcmp(v->g->file, "-") == 0 ? "standard input" : v->g->file;
    if (total)
        arb_buf_printf(&t, "Game %llu of %llu in %s", (unsigned long long)v->g->index, (unsigned long long)total,
                       file);
    else
        arb_buf_printf(&t, "Game %llu of %s", (unsigned long long)v->g->index, file);
    size_t bare = t.len;
    arb_buf_adds(&t, ": ");
    arb_game_who(&t, v->g);
    if (t.len == bare + 2)
        t.len = bare, t.data[bare] = 0;
    const char *part[3] = {ev && strcmp(ev->value, "?") != 0 ? ev->value : NULL,
                           dt && strcmp(dt->value, "????.??.??") != 0 ? dt->value : NULL, v->oc.result_tag};
    for (int i = 0; i < 3; i++)
        if (part[i])
            arb_buf_printf(&t, "%s%s", t.len == bare ? ": " : ", ", part[i]);
    arb_term_escape(b, t.data, t.len);
    arb_buf_free(&t);
    arb_buf_addc(b, '\n');
}

/* ---- the file: one game in memory at a time ---- */

/* A game read and replayed, with its own arena and its own copy of its
 * text: the reader can go on to another game while it is shown. */
struct slot {
    struct arb_arena arena;
    struct arb_game g;
    struct view v;
    bool used;
};

struct source {
    const struct arb_opts *o;
    struct arb_games_opts go;     /* how the file is read (run/games.h) */
    struct arb_check_opts co;
    const char *path;
    struct arb_games gs;          /* the game shown and those before it */
    bool open;
    off_t stdin_start;            /* standard input: where it started (-1: it cannot be read again) */
    bool once_only;               /* a named file that is no regular one (a FIFO, <(zcat f.gz)): it
                                     cannot be read again, nor by a second reader */
    uint64_t read;                /* games the reader has read */
    uint64_t total;               /* the games of the file, 0 while not known */
    struct arb_arena skip;        /* games read on the way to another */
    /* The games counted while the keys wait (a reader of its own). */
    struct arb_games cgs;
    struct arb_arena carena;
    uint64_t counted;
    bool counting;
};

static void slot_free(struct slot *sl)
{
    if (sl->used) {
        free(sl->v.steps);
        free(sl->v.order);
    }
    arb_arena_reset(&sl->arena);   /* what a read that failed left too */
    sl->used = false;
}

static int source_open(struct source *src, char *err, size_t cap)
{
    if (arb_games_open(&src->gs, &src->go, src->path, src->path, -1, err, cap) < 0)
        return -1;
    src->open = true;
    src->read = 0;
    struct stat st;
    if (strcmp(src->path, "-") != 0 && fstat(src->gs.in.fd, &st) == 0 && !S_ISREG(st.st_mode))
        src->once_only = true;
    return 0;
}

static void source_close(struct source *src)
{
    if (src->open)
        arb_input_close(&src->gs.in);
    src->open = false;
    if (src->counting)
        arb_input_close(&src->cgs.in);
    src->counting = false;
}

/* Read game n of the file into sl, replayed.  1: done; 0: the file has
 * fewer games (src->total is known then); -1: a read error (said on
 * standard error unless quiet); -2: the game lies behind and standard
 * input cannot be read again. */
static int source_load(struct source *src, uint64_t n, struct slot *sl, bool quiet)
{
    char err[300];
    if (n <= src->read || !src->open) {
        /* Behind the reader: read the file again from its start. */
        if (strcmp(src->path, "-") == 0 && (src->stdin_start < 0 || lseek(0, src->stdin_start, SEEK_SET) < 0))
            return -2;
        if (src->once_only)
            return -2;   /* (opened again, a FIFO would be another stream, or wait for a writer) */
        if (src->open)
            arb_input_close(&src->gs.in);
        src->open = false;
        if (source_open(src, err, sizeof err) < 0) {
            if (!quiet)
                arb_msg("%s", err);
            return -1;
        }
    }
    struct arb_game g;
    int r;
    while ((r = arb_pgn_next(&src->gs.rd, src->read + 1 == n ? &sl->g : &g,
                             src->read + 1 == n ? &sl->arena : &src->skip)) > 0) {
        src->read++;
        if (src->read == n)
            break;
        arb_pgn_release(&src->gs.rd, &g);
        arb_arena_reset(&src->skip);
    }
    arb_arena_reset(&src->skip);
    if (r < 0) {
        if (!quiet)
            arb_msg("%s: read error", src->path);
        return -1;
    }
    if (r == 0) {
        src->total = src->read;
        return 0;
    }
    /* The game's own copy of its text, to the end of its last line (the
     * window moves on with the reader). */
    struct arb_game *gp = &sl->g;
    const char *t = gp->text, *w_end = arb_input_at(&src->gs.in, arb_input_end(&src->gs.in));
    size_t len = (size_t)(gp->end_off - gp->start_off);
    while (t + len < w_end && t[len] != '\n' && t[len] != '\0')
        len++;
    gp->text = arb_arena_strndup(&sl->arena, t, len);
    gp->in = NULL;
    arb_pgn_release(&src->gs.rd, gp);
    /* One replay: the positions of the main line, and the findings as
     * `arbiter check --repair` makes them, in ply order; past a move that
     * cannot be played as the options of co say. */
    sl->v = (struct view){.o = src->o, .g = gp, .flip = OWN(src->o)->flip};
    struct arb_replay_hooks hooks = {.ctx = &sl->v, .on_position = collect};
    arb_games_judge(&src->co, NULL, gp, &hooks, &sl->v.oc);
    if (sl->v.n > 0)
        place_findings(&sl->v);
    sl->used = true;
    return 1;
}

/* Count the file's games while nobody waits: up to 64 games a call.
 * True when the count is done (src->total known). */
static bool source_count(struct source *src)
{
    if (!src->counting)
        return false;
    struct arb_game g;
    int r = 1;
    for (int i = 0; i < 64 && (r = arb_pgn_next(&src->cgs.rd, &g, &src->carena)) > 0; i++) {
        src->counted++;
        arb_pgn_release(&src->cgs.rd, &g);
        arb_arena_reset(&src->carena);
    }
    if (r > 0)
        return false;
    if (r == 0 && !src->total)
        src->total = src->counted;
    arb_input_close(&src->cgs.in);
    src->counting = false;
    return r == 0;
}

static void source_count_start(struct source *src)
{
    char err[300];
    if (strcmp(src->path, "-") == 0 || src->once_only || src->total)
        return;
    if (arb_games_open(&src->cgs, &src->go, src->path, src->path, -1, err, sizeof err) == 0) {
        src->counting = true;
        src->counted = 0;
    }
}

/* ---- the interactive board ---- */

static struct termios saved_tio;
static int tty_fd = -1;
static volatile sig_atomic_t raw_on;
static volatile sig_atomic_t resized;     /* the window changed size: draw again */

static const char screen_leave[] = "\033[0m\033[?25h\033[?1049l";

static void tty_restore(void)
{
    if (!raw_on)
        return;
    raw_on = 0;
    (void)!write(1, screen_leave, sizeof screen_leave - 1);
    tcsetattr(tty_fd, TCSAFLUSH, &saved_tio);
}

static void on_winch(int sig)
{
    (void)sig;   /* and to interrupt read(): the screen is drawn again */
    resized = 1;
}

static void on_signal(int sig)
{
    tty_restore();
    signal(sig, SIG_DFL);
    raise(sig);
}

enum { K_NONE, K_NEXT, K_PREV, K_FIRST, K_LAST, K_FIND_NEXT, K_FIND_PREV, K_GOTO, K_FLIP, K_QUIT,
       K_NEXT_GAME, K_PREV_GAME, K_ENTER, K_BACKSPACE, K_ESC, K_CHAR };

/* Read one key: a byte, or an escape sequence for the arrows, Home, End. */
static int read_key(int fd, char *ch)
{
    unsigned char c;
    ssize_t r;
    r = read(fd, &c, 1);
    if (r < 0 && errno == EINTR)
        return K_NONE;   /* the window changed size: draw again */
    if (r <= 0)
        return K_QUIT;
    *ch = (char)c;
    if (c == 27) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        char seq[8];
        int n = 0;
        while (n < (int)sizeof seq - 1 && poll(&p, 1, 40) > 0 && read(fd, &seq[n], 1) == 1) {
            n++;
            if (n >= 2 && ((seq[n - 1] >= 'A' && seq[n - 1] <= 'Z') || seq[n - 1] == '~'))
                break;
        }
        seq[n] = 0;
        if (n == 0)
            return K_ESC;
        const char *s = seq + 1;            /* after '[' or 'O' */
        if (strcmp(s, "C") == 0 || strcmp(s, "B") == 0 || strcmp(s, "6~") == 0)
            return K_NEXT;
        if (strcmp(s, "D") == 0 || strcmp(s, "A") == 0 || strcmp(s, "5~") == 0)
            return K_PREV;
        if (strcmp(s, "H") == 0 || strcmp(s, "1~") == 0 || strcmp(s, "7~") == 0)
            return K_FIRST;
        if (strcmp(s, "F") == 0 || strcmp(s, "4~") == 0 || strcmp(s, "8~") == 0)
            return K_LAST;
        return K_NONE;
    }
    switch (c) {
    case ' ': case 'l': case 'j': return K_NEXT;
    case 'h': case 'k': return K_PREV;
    case 'n': return K_NEXT_GAME;
    case 'p': return K_PREV_GAME;
    case 127: case 8: return K_BACKSPACE;
    case 'g': case '0': return K_FIRST;
    case 'G': case '$': return K_LAST;
    case 'f': return K_FIND_NEXT;
    case 'F': return K_FIND_PREV;
    case ':': case 'm': return K_GOTO;
    case 'x': return K_FLIP;
    case 'q': case 'Q': case 3: case 4: return K_QUIT;
    case '\r': case '\n': return K_ENTER;
    default: return K_CHAR;
    }
}

/* The keys: two lines of groups (NULL ends a line); a narrow window puts
 * a group that does not fit on a line of its own. */
static const char *const keys_help[] = {
    "\u2190 \u2192: back/forward", "Home End: first/last", "f F: next/previous finding", NULL,
    "n p: next/previous game", ": go to a move (23, 23b)", "x: flip the board", "q: quit", NULL,
};
static const char *const keys_help_ascii[] = {
    "<- ->: back/forward", "Home End: first/last", "f F: next/previous finding", NULL,
    "n p: next/previous game", ": go to a move (23, 23b)", "x: flip the board", "q: quit", NULL,
};

/* ---- the screen: lines that fit the window ---- */

/* The character at s[i] (n bytes): its length, *cols its columns; an
 * escape sequence (ESC [ ... final byte) is one of no columns. */
static size_t char_at(const char *s, size_t n, size_t i, int *cols)
{
    if (s[i] == '\033') {
        size_t j = i + 1;
        if (j < n && s[j] == '[') {
            j++;
            while (j < n && !((unsigned char)s[j] >= 0x40 && (unsigned char)s[j] <= 0x7E))
                j++;
        }
        *cols = 0;
        return j < n ? j + 1 - i : n - i;
    }
    size_t len = arb_utf8_valid((const unsigned char *)s + i, n - i);
    if (!len) {
        *cols = 1;
        return 1;
    }
    *cols = arb_utf8_cols(arb_utf8_decode((const unsigned char *)s + i, len));
    return len;
}

static int text_cols(const char *s, size_t n)
{
    int w = 0, c;
    for (size_t i = 0; i < n;) {
        i += char_at(s, n, i, &c);
        w += c;
    }
    return w;
}

/* Lines of the screen: each ends in a newline; none wider than cols. */
struct lines {
    struct arb_buf b;
    int n;
    struct arb_buf cont;          /* per line: 1 if it continues the line before (wrapped) */
};

static void line_add(struct lines *L, const char *s, size_t n, bool cont, int indent)
{
    arb_buf_addc(&L->cont, cont);
    for (int i = 0; i < indent; i++)
        arb_buf_addc(&L->b, ' ');
    arb_buf_add(&L->b, s, n);
    arb_buf_addc(&L->b, '\n');
    L->n++;
}

/* The text's lines (newline-separated), each wrapped at spaces to at most
 * cols columns; a continuation indented by indent.  A word wider than the
 * window is broken where the window ends. */
static void wrap(struct lines *L, const struct arb_buf *text, int cols, int indent)
{
    const char *s = text->data ? text->data : "";
    size_t end = text->len;
    for (size_t at = 0; at < end;) {
        const char *nl = memchr(s + at, '\n', end - at);
        size_t n = nl ? (size_t)(nl - s) : end;   /* this line is s[at, n) */
        bool first = true;
        size_t pos = at;
        do {
            int avail = cols - (first ? 0 : indent), w = 0, c;
            if (avail < 1)
                avail = 1;
            size_t i = pos, brk = 0;
            bool have_brk = false;
            while (i < n) {
                if (s[i] == ' ' && i > pos) {
                    brk = i;
                    have_brk = true;
                }
                size_t len = char_at(s, n, i, &c);
                if (w + c > avail)
                    break;
                w += c;
                i += len;
            }
            if (i >= n) {
                line_add(L, s + pos, n - pos, !first, first ? 0 : indent);
                break;
            }
            size_t cut = have_brk ? brk : (i > pos ? i : pos + char_at(s, n, pos, &c));
            line_add(L, s + pos, cut - pos, !first, first ? 0 : indent);
            pos = cut;
            while (pos < n && s[pos] == ' ')
                pos++;
            first = false;
        } while (pos < n);
        at = n + 1;
    }
}

/* The moves around ply k as written, k itself in brackets (or reversed
 * in colour), in one line of at most cols columns: up to six moves before
 * and after it, fewer in a narrow window.
 * "Moves: ... 7. Nf3 Nf6 8. O-O [Nxe4] 9. Qh6". */
static void moves_around(struct arb_buf *out, const struct view *v, int k, int cols)
{
    if (v->n < 2)
        return;
    int from = k - 6 < 1 ? 1 : k - 6, to = from + 12 < v->n ? from + 12 : v->n - 1;
    bool color = v->flags & ARB_DIAGRAM_COLOR;
    struct arb_buf b = {0};
    for (;;) {
        arb_buf_clear(&b);
        arb_buf_adds(&b, from > 1 ? "Moves: ... " : "Moves: ");
        for (int i = from; i <= to; i++) {
            const struct step *s = &v->steps[i];
            if (i == from || v->steps[i - 1].pk.side == ARB_WHITE) {
                char label[24];
                arb_ply_label(&v->oc, i, label, sizeof label);
                arb_buf_adds(&b, label);
            }
            if (i == k)
                arb_buf_adds(&b, color ? "\033[7m" : "[");
            written(&b, s, 12);
            if (i == k)
                arb_buf_adds(&b, color ? "\033[0m" : "]");
            if (i < to)
                arb_buf_addc(&b, ' ');
        }
        if (to < v->n - 1)
            arb_buf_adds(&b, " ...");
        if (from == to || text_cols(b.data, b.len) <= cols)
            break;
        if (k - from > to - k)   /* the farther side gives way */
            from++;
        else
            to--;
    }
    arb_buf_add(out, b.data, b.len);
    arb_buf_addc(out, '\n');
    arb_buf_free(&b);
}

/* The window's size (80 x 24 when the terminal does not say). */
static void window_size(int *cols, int *rows)
{
    struct winsize ws;
    *cols = 80;
    *rows = 24;
    if (ioctl(tty_fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
        *cols = ws.ws_col;
        *rows = ws.ws_row;
    }
}

#define BOARD_COLS 27             /* " 8 " and eight squares of three columns */

/* One screen: the game, the position, the board, what is known about the
 * position, the keys.  It fits the window: text is wrapped at spaces, and
 * when lines are short the blank lines go first, then the move list and
 * the clocks, then the findings that do not fit (a line says how many);
 * the game, the board and the keys always stay. */
static void draw(const struct source *src, const struct view *v, int k, const char *prompt, const char *message)
{
    int cols, rows;
    window_size(&cols, &rows);
    struct arb_buf t = {0};
    struct lines head = {0}, board_l = {0}, status = {0}, moves = {0}, notes = {0}, keys = {0}, bottom = {0};
    game_heading(&t, v, src->total);
    if (v->n > 0) {
        arb_buf_printf(&t, "Ply %d of %d: ", k, v->n - 1);
        step_label(&t, v, k);
        arb_buf_addc(&t, '\n');
    }
    wrap(&head, &t, cols, 2);
    if (v->n > 0) {
        arb_buf_clear(&t);
        board(&t, v, k);
        wrap(&board_l, &t, cols, 0);
        arb_buf_clear(&t);
        status_line(&t, v, k);
        wrap(&status, &t, cols, 2);
        arb_buf_clear(&t);
        moves_around(&t, v, k, cols);
        wrap(&moves, &t, cols, 2);
        arb_buf_clear(&t);
        played_lines(&t, v, k);
        finding_lines(&t, v, k);
    } else {
        arb_buf_clear(&t);
        arb_buf_adds(&t, "This game has no position to show: its start cannot be set up.\n");
        for (int i = 0; i < v->g->findings.n; i++)
            if (!v->g->findings.v[i].variation)
                finding_line(&t, v, &v->g->findings.v[i]);
    }
    wrap(&notes, &t, cols, 2);
    arb_buf_clear(&t);
    const char *const *kh = (v->flags & ARB_DIAGRAM_UNICODE) ? keys_help : keys_help_ascii;
    int used = 0;
    for (size_t i = 0; i < sizeof keys_help / sizeof *keys_help; i++) {
        if (!kh[i]) {
            arb_buf_addc(&t, '\n');
            used = 0;
            continue;
        }
        int w = text_cols(kh[i], strlen(kh[i]));
        if (used && used + 3 + w > cols) {
            arb_buf_addc(&t, '\n');
            used = 0;
        }
        if (used) {
            arb_buf_adds(&t, "   ");
            used += 3;
        }
        arb_buf_adds(&t, kh[i]);
        used += w;
    }
    wrap(&keys, &t, cols, 2);
    arb_buf_clear(&t);
    if (message)
        arb_buf_printf(&t, "%s\n", message);
    if (prompt)
        arb_buf_printf(&t, "Go to move: %s\n", prompt);
    wrap(&bottom, &t, cols, 2);

    struct arb_buf b = {0};
    arb_buf_adds(&b, "\033[H\033[2J");
    int room = rows - head.n - board_l.n - keys.n - bottom.n;
    if (cols < BOARD_COLS || room < 0) {
        arb_buf_clear(&t);
        arb_buf_printf(&t, "The window (%d x %d) is too small for the board; q quits.\n", cols, rows);
        struct lines small = {0};
        wrap(&small, &t, cols, 0);
        arb_buf_add(&b, small.b.data, small.b.len);
        arb_buf_free(&small.b);
        arb_buf_free(&small.cont);
    } else {
        /* What fits, in this order: the status and the clocks, the
         * findings or at least the line that says how many lines of them
         * there are, the moves, the rest of the findings, then the blank
         * lines. */
        bool show_status = status.n <= room;
        room -= show_status ? status.n : 0;
        struct lines more = {0};
        int more_n = 0;
        if (notes.n > 0) {
            /* (Its width measured with the most it can say.) */
            arb_buf_clear(&t);
            arb_buf_printf(&t, "(%d more lines: a taller window shows them)\n", notes.n);
            wrap(&more, &t, cols, 2);
            more_n = more.n;
            arb_buf_clear(&more.b);
            arb_buf_clear(&more.cont);
            more.n = 0;
        }
        int least = notes.n < more_n ? notes.n : more_n;
        bool show_moves = moves.n <= room - least;
        room -= show_moves ? moves.n : 0;
        int show_notes = notes.n;
        if (notes.n > room) {
            /* As many lines as fit with the line that says how many more. */
            show_notes = room > more_n ? room - more_n : 0;
            while (show_notes > 0 && notes.cont.data[show_notes])   /* whole lines of text only */
                show_notes--;
            if (room >= more_n) {
                arb_buf_clear(&t);
                arb_buf_printf(&t, "(%d more line%s: a taller window shows them)\n", notes.n - show_notes,
                               notes.n - show_notes == 1 ? "" : "s");
                wrap(&more, &t, cols, 2);
            }
        }
        room -= show_notes + more.n;
        int blanks = room < 3 ? room : 3;
        arb_buf_add(&b, head.b.data, head.b.len);
        if (blanks > 0)
            arb_buf_addc(&b, '\n');
        arb_buf_add(&b, board_l.b.data, board_l.b.len);
        if (blanks > 1)
            arb_buf_addc(&b, '\n');
        if (show_status)
            arb_buf_add(&b, status.b.data, status.b.len);
        if (show_moves)
            arb_buf_add(&b, moves.b.data, moves.b.len);
        const char *p = notes.b.data;
        for (int i = 0; i < show_notes; i++) {
            const char *nl = strchr(p, '\n');
            arb_buf_add(&b, p, (size_t)(nl - p) + 1);
            p = nl + 1;
        }
        arb_buf_add(&b, more.b.data, more.b.len);
        arb_buf_free(&more.b);
        arb_buf_free(&more.cont);
        if (blanks > 2)
            arb_buf_addc(&b, '\n');
        arb_buf_add(&b, keys.b.data, keys.b.len);
        arb_buf_add(&b, bottom.b.data, bottom.b.len);
    }
    /* No newline after the last line: in the window's last row it would
     * scroll the screen. */
    if (b.len && b.data[b.len - 1] == '\n')
        b.len--;
    arb_buf_adds(&b, prompt ? "\033[?25h" : "\033[?25l");
    arb_out_write(b.data, b.len);
    arb_out_flush();                  /* a screen: now */
    arb_buf_free(&b);
    arb_buf_free(&t);
    struct lines *all[] = {&head, &board_l, &status, &moves, &notes, &keys, &bottom};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
        arb_buf_free(&all[i]->b);
        arb_buf_free(&all[i]->cont);
    }
}

/* The step after move M of side (0 if before the start, -1 if past the end). */
static int step_of_move(const struct view *v, int move_no, int side)
{
    long start = v->oc.start_fullmove ? v->oc.start_fullmove : 1;
    long ply = (move_no - start) * 2 + (side == ARB_WHITE ? 1 : 2) - v->oc.start_side;
    if (ply < 0 || ply >= v->n)
        return -1;
    return (int)ply;
}

/* The step a move typed at "go to move" names, -1 if none. */
static int parse_move(const struct view *v, const char *s)
{
    int move_no, side;
    return arb_opts_move_ref(s, &move_no, &side) ? step_of_move(v, move_no, side) : -1;
}

/* Go to the next (d 1) or previous (d -1) game of the file: into the spare
 * slot, which becomes the current one.  A message when there is none. */
static const char *other_game(struct source *src, struct slot *slot, int *cur, int d)
{
    static char last[96];
    struct slot *now = &slot[*cur], *next = &slot[!*cur];
    uint64_t index = now->g.index;
    snprintf(last, sizeof last, "No next game: game %llu is the last of the file.", (unsigned long long)index);
    if (d < 0 && index <= 1)
        return "No previous game: this is the first game of the file.";
    if (d > 0 && src->total && index >= src->total)
        return last;
    slot_free(next);
    int r = source_load(src, d > 0 ? index + 1 : index - 1, next, true);
    if (r == 0)
        return last;
    if (r == -1)
        return "The file cannot be read again (a read error).";
    if (r == -2)
        return strcmp(src->path, "-") == 0
                   ? "No previous game here: standard input cannot be read again (name the file instead)."
                   : "No previous game here: the input is a pipe and cannot be read again (save it to a file).";
    next->v.flip = now->v.flip;
    next->v.flags = now->v.flags;
    slot_free(now);
    *cur = !*cur;
    return NULL;
}

static void interactive(struct source *src, struct slot *slot, int *cur)
{
    if (tcgetattr(tty_fd, &saved_tio) < 0)
        return;
    struct termios raw = saved_tio;
    raw.c_lflag &= (tcflag_t)~(ICANON | ECHO | ISIG | IEXTEN);
    raw.c_iflag &= (tcflag_t)~(IXON | ICRNL);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    /* A signal that ends the program gives the terminal back first (with
     * ISIG off, Ctrl-C is a key; SIGINT from kill(1) still comes). */
    signal(SIGINT, on_signal);
    signal(SIGQUIT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    struct sigaction sa = {.sa_handler = on_winch};   /* no SA_RESTART: read() returns */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGWINCH, &sa, NULL);
    if (tcsetattr(tty_fd, TCSAFLUSH, &raw) < 0)
        return;
    raw_on = 1;
    arb_out_write("\033[?1049h", 8);
    source_count_start(src);
    int k = 0;
    char input[16] = "";
    bool prompting = false, dirty = true;
    const char *message = NULL;
    for (;;) {
        struct view *v = &slot[*cur].v;
        if (resized) {
            resized = 0;
            dirty = true;
        }
        if (dirty) {
            draw(src, v, k, prompting ? input : NULL, message);
            dirty = false;
        }
        /* While no key waits, the file's games are counted ("of M"). */
        if (src->counting) {
            struct pollfd p = {.fd = tty_fd, .events = POLLIN};
            if (poll(&p, 1, 0) == 0) {
                if (source_count(src))
                    dirty = true;
                continue;
            }
        }
        char ch = 0;
        int key = read_key(tty_fd, &ch);
        dirty = true;
        if (key != K_NONE)
            message = NULL;   /* a message stays until the next key */
        if (prompting) {
            size_t len = strlen(input);
            if (key == K_ENTER) {
                int to = parse_move(v, input);
                if (to >= 0)
                    k = to;
                else
                    message = "No such move in this game (write 23 for White's 23rd move, 23b for Black's).";
                prompting = false;
            } else if (key == K_ESC || key == K_QUIT) {
                prompting = false;
            } else if (key == K_BACKSPACE) {
                if (len)
                    input[len - 1] = 0;
            } else if (len + 1 < sizeof input && ch > ' ' && ch < 127) {
                input[len] = ch;
                input[len + 1] = 0;
            }
            continue;
        }
        switch (key) {
        case K_NEXT: if (k + 1 < v->n) k++; break;
        case K_PREV: case K_BACKSPACE: if (k > 0) k--; break;
        case K_FIRST: k = 0; break;
        case K_LAST: k = v->n > 0 ? v->n - 1 : 0; break;
        case K_FIND_NEXT: case K_FIND_PREV: {
            int d = key == K_FIND_NEXT ? 1 : -1, j = k + d;
            while (j >= 0 && j < v->n && !noted(v, j))
                j += d;
            if (j >= 0 && j < v->n)
                k = j;
            else
                message = key == K_FIND_NEXT ? "No finding after this position." : "No finding before this position.";
            break;
        }
        case K_NEXT_GAME: case K_PREV_GAME:
            message = other_game(src, slot, cur, key == K_NEXT_GAME ? 1 : -1);
            if (!message)
                k = 0;
            break;
        case K_GOTO: if (v->n > 0) { prompting = true; input[0] = 0; } break;
        case K_FLIP: v->flip = !v->flip; break;
        case K_QUIT: case K_ESC: tty_restore(); return;
        default: break;
        }
    }
}

/* ---- output ---- */


static bool chosen(const struct view *v, int k)
{
    return !OWN(v->o)->at_findings || noted(v, k);
}

/* --svg=DIR: a file a ply, DIR/plyNNNN.svg, each made beside its name and
 * put in place when the run ends well (base/outfile.h: nothing planted in
 * DIR is followed or written through). */
static int write_svgs(const struct view *v, int only)
{
    const char *dir = OWN(v->o)->svg_dir;
    int dh = arb_outfile_dir(dir, "--svg");
    if (dh < 0)
        return -1;
    /* Every name against the inputs first, before any file is made. */
    char name[32];
    for (int k = 0; k < v->n; k++) {
        if (only >= 0 ? k != only : !chosen(v, k))
            continue;
        snprintf(name, sizeof name, "ply%04d.svg", k);
        if (!arb_outfile_check_in(dh, name))
            return -1;
    }
    struct arb_buf b = {0}, title = {0}, line = {0};
    int rc = 0;
    for (int k = 0; k < v->n && rc == 0; k++) {
        if (only >= 0 ? k != only : !chosen(v, k))
            continue;
        const struct step *s = &v->steps[k];
        struct arb_diagram d;
        struct arb_pos dpos;
        diagram_of(v, k, &d, &dpos);
        arb_buf_clear(&title);
        arb_buf_printf(&title, "Game %llu, ply %d: ", (unsigned long long)v->g->index, k);
        step_label(&title, v, k);
        arb_buf_adds(&title, "; ");
        status_line(&title, v, k);
        title.data[--title.len] = 0;   /* no newline in a title */
        for (int j = 0; j < s->n; j++)
            arb_buf_printf(&title, "; %s: %s", arb_codes[finding_at(v, s, j)->code].name,
                           finding_at(v, s, j)->message);
        arb_buf_clear(&b);
        arb_diagram_svg(&b, &d, true, title.data);
        snprintf(name, sizeof name, "ply%04d.svg", k);
        arb_buf_clear(&line);
        arb_buf_printf(&line, "%s/%s", dir, name);
        int h = arb_outfile_open_in(dh, name);
        if (h < 0 || !arb_outfile_write(h, b.data, b.len) || !arb_outfile_close(h)) {
            rc = -1;
            break;
        }
        arb_buf_addc(&line, '\n');
        arb_out_write(line.data, line.len);
    }
    arb_buf_free(&b);
    arb_buf_free(&title);
    arb_buf_free(&line);
    return rc;
}

/* Use chess symbols where the locale's character set is UTF-8. */
static bool utf8_locale(void)
{
    const char *names[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *s = getenv(names[i]);
        if (s && *s)
            return strstr(s, "UTF-8") || strstr(s, "utf8") || strstr(s, "UTF8") || strstr(s, "utf-8");
    }
    return false;
}

static int show(struct source *src, struct slot *slot, int *cur)
{
    struct view *v = &slot[*cur].v;
    const struct arb_opts *o = v->o;
    int only = -1;
    if (OWN(o)->ply >= 0 || OWN(o)->move_no) {
        only = OWN(o)->ply >= 0 ? (OWN(o)->ply < v->n ? OWN(o)->ply : -1) : step_of_move(v, OWN(o)->move_no, OWN(o)->move_side);
        if (only < 0) {
            if (OWN(o)->ply >= 0)
                arb_msg("%s: there is no ply %d: the replay has plies 0 to %d", v->g->file,
                        OWN(o)->ply, v->n - 1);
            else
                arb_msg("%s: there is no move %d%s: the replay ends after ply %d", v->g->file,
                        OWN(o)->move_no, OWN(o)->move_side == ARB_BLACK ? "b" : "w", v->n - 1);
            return -1;
        }
    }
    if (OWN(o)->svg_dir)
        return write_svgs(v, only);
    struct arb_buf b = {0};
    if (OWN(o)->fen) {
        char fen[128];
        struct arb_pos fpos;
        for (int k = 0; k < v->n; k++)
            if (only >= 0 ? k == only : chosen(v, k)) {
                arb_buf_clear(&b);
                arb_buf_printf(&b, "%s\n", arb_pos_to_fen(step_pos(v, k, &fpos), fen));
                arb_out_write(b.data, b.len);
            }
        arb_buf_free(&b);
        return 0;
    }
    v->flags = (OWN(o)->ascii || !utf8_locale() ? 0 : ARB_DIAGRAM_UNICODE) | (arb_opts_want_color(o) ? ARB_DIAGRAM_COLOR : 0);
    if (only < 0 && !OWN(o)->at_findings && !OWN(o)->no_interactive && isatty(1)) {
        tty_fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
        if (tty_fd >= 0) {
            interactive(src, slot, cur);
            close(tty_fd);
            tty_fd = -1;
            return 0;
        }
    }
    arb_buf_clear(&b);
    game_heading(&b, v, 0);
    arb_buf_addc(&b, '\n');
    arb_out_write(b.data, b.len);
    for (int k = 0; k < v->n; k++) {
        if (only >= 0 ? k != only : !chosen(v, k))
            continue;
        arb_buf_clear(&b);
        show_step(&b, v, k);
        arb_buf_addc(&b, '\n');
        arb_out_write(b.data, b.len);
    }
    arb_buf_free(&b);
    return 0;
}

/* The errors of the game's main line on standard error, as
 * FILE:LINE:COLUMN lines; true if there were any. */
static bool tell_errors(const struct arb_game *g, const struct arb_outcome *oc, const char *path)
{
    bool any = false;
    for (int i = 0; i < g->findings.n; i++) {
        const struct arb_finding *f = &g->findings.v[i];
        if (f->severity != ARB_SEV_ERROR || f->variation)
            continue;
        struct arb_buf line = {0};
        arb_line_finding(&line, f, oc, &(struct arb_line_opts){.file = path, .game_line = g->line, .col_always = true});
        fprintf(stderr, "%s\n", line.data);
        arb_buf_free(&line);
        any = true;
    }
    return any;
}

int arb_cmd_replay(const struct arb_opts *o)
{
    struct source src = {.o = o, .go = arb_opts_games(o), .path = o->n_files ? o->files[0] : "-", .stdin_start = -1};
    src.go.filter = NULL;
    char err[300];
    if (strcmp(src.path, "-") == 0)
        src.stdin_start = lseek(0, 0, SEEK_CUR);   /* -1 for a pipe: no going back */
    if (source_open(&src, err, sizeof err) < 0) {
        arb_msg("%s", err);
        return ARB_EXIT_FAILURE;
    }
    src.co = o->check;
    src.co.repair = true;            /* for people: past an error where a move can stand in its place */
    src.co.play_as_written = true;
    arb_arena_init(&src.skip);
    arb_arena_init(&src.carena);
    struct slot slot[2] = {0};
    arb_arena_init(&slot[0].arena);
    arb_arena_init(&slot[1].arena);
    int cur = 0;
    int status = ARB_EXIT_FAILURE;
    int r = source_load(&src, OWN(o)->game, &slot[0], false);
    if (r == 0) {
        arb_msg("%s: there is no game %llu (the file holds %llu)", src.path,
                (unsigned long long)OWN(o)->game, (unsigned long long)src.total);
    } else if (r > 0) {
        status = ARB_EXIT_OK;
        if (slot[0].v.n > 0 && show(&src, slot, &cur) < 0)
            status = ARB_EXIT_FAILURE;
        /* The errors of the game shown (the last one on the screen). */
        if (status != ARB_EXIT_FAILURE && tell_errors(&slot[cur].g, &slot[cur].v.oc, src.path))
            status = ARB_EXIT_FINDINGS;
        if (arb_out_failed())
            status = ARB_EXIT_FAILURE;     /* main.c reports it */
    }
    slot_free(&slot[0]);
    slot_free(&slot[1]);
    arb_arena_fini(&slot[0].arena);
    arb_arena_fini(&slot[1].arena);
    arb_arena_fini(&src.skip);
    arb_arena_fini(&src.carena);
    source_close(&src);
    return status;
}
