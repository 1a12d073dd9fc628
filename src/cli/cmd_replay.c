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
 * fit the window.  The positions kept and their text (label, status,
 * findings, board) are report/view.c's; the terminal itself (raw mode,
 * keys, the window's size, giving it back on a signal, text wrapped to its
 * columns) is run/term.c's.
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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/arena.h"
#include "report/diagram.h"
#include "read/input.h"
#include "read/pgn.h"
#include "laws/replay.h"
#include "report/report.h"
#include "report/view.h"
#include "run/term.h"
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
    ARB_OPTIONS_SELECTION,
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
        if (!arb_opts_u64(arg, 1, UINT64_MAX, &c->game))
            return arb_opts_usage(o, "--game needs a game number from 1, not '%s'", arg);
        break;
    case OPT_PLY: {
        uint64_t n;
        if (!arb_opts_u64(arg, 0, 100000, &n))
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
    .name = "replay", .usage = usage, .shared_help = true, .selection = true, .options = options,
    .own_size = sizeof(struct replay_opts), .own_init = own_init, .option = option, .finish = finish, .io = io,
    .run = arb_cmd_replay,
};

/* ---- the file: one game in memory at a time ---- */

/* A game read and replayed, with its own arena and its own copy of its
 * text: the reader can go on to another game while it is shown. */
struct slot {
    struct arb_arena arena;
    struct arb_game g;
    struct arb_view v;
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
    if (sl->used)
        arb_view_free(&sl->v);
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

/* Is g one of the games the selection keeps (--where, --player, ...; with
 * --plies or --position a replay tells, its findings left as they were)? */
static bool selected_game(const struct source *src, struct arb_game *g)
{
    const struct arb_filter *f = &src->o->filter;
    if (!arb_filter_game(f, g))
        return false;
    if (!f->plies.on && !f->position)
        return true;
    int n0 = g->findings.n;
    struct arb_finding *keep = NULL;
    if (n0) {
        keep = arb_arena_alloc(g->arena, (size_t)n0 * sizeof *keep);
        memcpy(keep, g->findings.v, (size_t)n0 * sizeof *keep);
    }
    struct arb_outcome oc;
    arb_replay(g, &src->co, NULL, &oc);
    if (n0)
        memcpy(g->findings.v, keep, (size_t)n0 * sizeof *keep);
    g->findings.n = n0;
    return arb_filter_outcome(f, &oc);
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
    /* (n and src->read count the games the selection keeps.) */
    while ((r = arb_pgn_next(&src->gs.rd, src->read + 1 == n ? &sl->g : &g,
                             src->read + 1 == n ? &sl->arena : &src->skip)) > 0) {
        struct arb_game *got = src->read + 1 == n ? &sl->g : &g;
        if (!selected_game(src, got)) {
            arb_pgn_release(&src->gs.rd, got);
            arb_arena_reset(got == &g ? &src->skip : &sl->arena);
            continue;
        }
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
    sl->v = (struct arb_view){.g = gp, .flip = OWN(src->o)->flip};
    struct arb_replay_hooks hooks = {.ctx = &sl->v, .on_position = arb_view_collect};
    arb_games_judge(&src->co, NULL, gp, &hooks, &sl->v.oc);
    if (sl->v.n > 0)
        arb_view_place_findings(&sl->v);
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
        src->counted += selected_game(src, &g);
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

enum { K_NONE, K_NEXT, K_PREV, K_FIRST, K_LAST, K_FIND_NEXT, K_FIND_PREV, K_GOTO, K_FLIP, K_QUIT,
       K_NEXT_GAME, K_PREV_GAME, K_ENTER, K_BACKSPACE, K_ESC, K_CHAR };

/* Read one key (run/term.h) as what it asks of the board: the arrows,
 * Page Up and Down, Home and End, and letters as below. */
static int read_key(char *ch)
{
    switch (arb_term_read_key(ch)) {
    case ARB_KEY_NONE: return K_NONE;   /* the window changed size: draw again */
    case ARB_KEY_EOF: return K_QUIT;
    case ARB_KEY_ESC: return K_ESC;
    case ARB_KEY_RIGHT: case ARB_KEY_DOWN: case ARB_KEY_PAGE_DOWN: return K_NEXT;
    case ARB_KEY_LEFT: case ARB_KEY_UP: case ARB_KEY_PAGE_UP: return K_PREV;
    case ARB_KEY_HOME: return K_FIRST;
    case ARB_KEY_END: return K_LAST;
    case ARB_KEY_BYTE: break;
    }
    switch ((unsigned char)*ch) {
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

/* ---- the screen: lines that fit the window (run/term.h) ---- */

/* The moves around ply k as written, k itself in brackets (or reversed
 * in colour), in one line of at most cols columns: up to six moves before
 * and after it, fewer in a narrow window.
 * "Moves: ... 7. Nf3 Nf6 8. O-O [Nxe4] 9. Qh6". */
static void moves_around(struct arb_buf *out, const struct arb_view *v, int k, int cols)
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
            const struct arb_view_step *s = &v->steps[i];
            if (i == from || v->steps[i - 1].pk.side == ARB_WHITE) {
                char label[24];
                arb_ply_label(&v->oc, i, label, sizeof label);
                arb_buf_adds(&b, label);
            }
            if (i == k)
                arb_buf_adds(&b, color ? "\033[7m" : "[");
            arb_view_written(&b, s, 12);
            if (i == k)
                arb_buf_adds(&b, color ? "\033[0m" : "]");
            if (i < to)
                arb_buf_addc(&b, ' ');
        }
        if (to < v->n - 1)
            arb_buf_adds(&b, " ...");
        if (from == to || arb_term_text_cols(b.data, b.len) <= cols)
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

#define BOARD_COLS 27             /* " 8 " and eight squares of three columns */

/* One screen: the game, the position, the board, what is known about the
 * position, the keys.  It fits the window: text is wrapped at spaces, and
 * when lines are short the blank lines go first, then the move list and
 * the clocks, then the findings that do not fit (a line says how many);
 * the game, the board and the keys always stay. */
static void draw(const struct source *src, const struct arb_view *v, int k, const char *prompt, const char *message)
{
    int cols, rows;
    arb_term_size(&cols, &rows);
    struct arb_buf t = {0};
    struct arb_term_lines head = {0}, board_l = {0}, status = {0}, moves = {0}, notes = {0}, keys = {0}, bottom = {0};
    arb_view_heading(&t, v, src->total);
    if (v->n > 0) {
        arb_buf_printf(&t, "Ply %d of %d: ", k, v->n - 1);
        arb_view_step_label(&t, v, k);
        arb_buf_addc(&t, '\n');
    }
    arb_term_wrap(&head, &t, cols, 2);
    if (v->n > 0) {
        arb_buf_clear(&t);
        arb_view_board(&t, v, k);
        arb_term_wrap(&board_l, &t, cols, 0);
        arb_buf_clear(&t);
        arb_view_status_line(&t, v, k);
        arb_term_wrap(&status, &t, cols, 2);
        arb_buf_clear(&t);
        moves_around(&t, v, k, cols);
        arb_term_wrap(&moves, &t, cols, 2);
        arb_buf_clear(&t);
        arb_view_played_lines(&t, v, k);
        arb_view_finding_lines(&t, v, k);
    } else {
        arb_buf_clear(&t);
        arb_buf_adds(&t, "This game has no position to show: its start cannot be set up.\n");
        for (int i = 0; i < v->g->findings.n; i++)
            if (!v->g->findings.v[i].variation)
                arb_view_finding_line(&t, v, &v->g->findings.v[i]);
    }
    arb_term_wrap(&notes, &t, cols, 2);
    arb_buf_clear(&t);
    const char *const *kh = (v->flags & ARB_DIAGRAM_UNICODE) ? keys_help : keys_help_ascii;
    int used = 0;
    for (size_t i = 0; i < sizeof keys_help / sizeof *keys_help; i++) {
        if (!kh[i]) {
            arb_buf_addc(&t, '\n');
            used = 0;
            continue;
        }
        int w = arb_term_text_cols(kh[i], strlen(kh[i]));
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
    arb_term_wrap(&keys, &t, cols, 2);
    arb_buf_clear(&t);
    if (message)
        arb_buf_printf(&t, "%s\n", message);
    if (prompt)
        arb_buf_printf(&t, "Go to move: %s\n", prompt);
    arb_term_wrap(&bottom, &t, cols, 2);

    struct arb_buf b = {0};
    arb_buf_adds(&b, "\033[H\033[2J");
    int room = rows - head.n - board_l.n - keys.n - bottom.n;
    if (cols < BOARD_COLS || room < 0) {
        arb_buf_clear(&t);
        arb_buf_printf(&t, "The window (%d x %d) is too small for the board; q quits.\n", cols, rows);
        struct arb_term_lines small = {0};
        arb_term_wrap(&small, &t, cols, 0);
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
        struct arb_term_lines more = {0};
        int more_n = 0;
        if (notes.n > 0) {
            /* (Its width measured with the most it can say.) */
            arb_buf_clear(&t);
            arb_buf_printf(&t, "(%d more lines: a taller window shows them)\n", notes.n);
            arb_term_wrap(&more, &t, cols, 2);
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
                arb_term_wrap(&more, &t, cols, 2);
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
    struct arb_term_lines *all[] = {&head, &board_l, &status, &moves, &notes, &keys, &bottom};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
        arb_buf_free(&all[i]->b);
        arb_buf_free(&all[i]->cont);
    }
}

/* The step after move M of side (0 if before the start, -1 if past the end). */
static int step_of_move(const struct arb_view *v, int move_no, int side)
{
    long start = v->oc.start_fullmove ? v->oc.start_fullmove : 1;
    long ply = (move_no - start) * 2 + (side == ARB_WHITE ? 1 : 2) - v->oc.start_side;
    if (ply < 0 || ply >= v->n)
        return -1;
    return (int)ply;
}

/* The step a move typed at "go to move" names, -1 if none. */
static int parse_move(const struct arb_view *v, const char *s)
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
    if (!arb_term_raw())
        return;
    source_count_start(src);
    int k = 0;
    char input[16] = "";
    bool prompting = false, dirty = true;
    const char *message = NULL;
    for (;;) {
        struct arb_view *v = &slot[*cur].v;
        if (arb_term_resized())
            dirty = true;
        if (dirty) {
            draw(src, v, k, prompting ? input : NULL, message);
            dirty = false;
        }
        /* While no key waits, the file's games are counted ("of M"). */
        if (src->counting) {
            if (!arb_term_key_waiting()) {
                if (source_count(src))
                    dirty = true;
                continue;
            }
        }
        char ch = 0;
        int key = read_key(&ch);
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
            while (j >= 0 && j < v->n && !arb_view_noted(v, j))
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
        case K_QUIT: case K_ESC: arb_term_restore(); return;
        default: break;
        }
    }
}

/* ---- output ---- */


static bool chosen(const struct arb_opts *o, const struct arb_view *v, int k)
{
    return !OWN(o)->at_findings || arb_view_noted(v, k);
}

/* --svg=DIR: a file a ply, DIR/plyNNNN.svg, each made beside its name and
 * put in place when the run ends well (base/outfile.h: nothing planted in
 * DIR is followed or written through). */
static int write_svgs(const struct arb_opts *o, const struct arb_view *v, int only)
{
    const char *dir = OWN(o)->svg_dir;
    int dh = arb_outfile_dir(dir, "--svg");
    if (dh < 0)
        return -1;
    /* Every name against the inputs first, before any file is made. */
    char name[32];
    for (int k = 0; k < v->n; k++) {
        if (only >= 0 ? k != only : !chosen(o, v, k))
            continue;
        snprintf(name, sizeof name, "ply%04d.svg", k);
        if (!arb_outfile_check_in(dh, name))
            return -1;
    }
    struct arb_buf b = {0}, title = {0}, line = {0};
    int rc = 0;
    for (int k = 0; k < v->n && rc == 0; k++) {
        if (only >= 0 ? k != only : !chosen(o, v, k))
            continue;
        const struct arb_view_step *s = &v->steps[k];
        struct arb_diagram d;
        struct arb_pos dpos;
        arb_view_diagram(v, k, &d, &dpos);
        arb_buf_clear(&title);
        arb_buf_printf(&title, "Game %llu, ply %d: ", (unsigned long long)v->g->index, k);
        arb_view_step_label(&title, v, k);
        arb_buf_adds(&title, "; ");
        arb_view_status_line(&title, v, k);
        title.data[--title.len] = 0;   /* no newline in a title */
        for (int j = 0; j < s->n; j++)
            arb_buf_printf(&title, "; %s: %s", arb_codes[arb_view_finding_at(v, s, j)->code].name,
                           arb_view_finding_at(v, s, j)->message);
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

static int show(struct source *src, struct slot *slot, int *cur)
{
    struct arb_view *v = &slot[*cur].v;
    const struct arb_opts *o = src->o;
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
        return write_svgs(o, v, only);
    struct arb_buf b = {0};
    if (OWN(o)->fen) {
        char fen[128];
        struct arb_pos fpos;
        for (int k = 0; k < v->n; k++)
            if (only >= 0 ? k == only : chosen(o, v, k)) {
                arb_buf_clear(&b);
                arb_buf_printf(&b, "%s\n", arb_pos_to_fen(arb_view_step_pos(v, k, &fpos), fen));
                arb_out_write(b.data, b.len);
            }
        arb_buf_free(&b);
        return 0;
    }
    v->flags = (OWN(o)->ascii || !arb_term_utf8_locale() ? 0 : ARB_DIAGRAM_UNICODE) | (arb_opts_want_color(o) ? ARB_DIAGRAM_COLOR : 0);
    if (only < 0 && !OWN(o)->at_findings && !OWN(o)->no_interactive && isatty(1)) {
        if (arb_term_open()) {
            interactive(src, slot, cur);
            arb_term_close();
            return 0;
        }
    }
    arb_buf_clear(&b);
    arb_view_heading(&b, v, 0);
    arb_buf_addc(&b, '\n');
    arb_out_write(b.data, b.len);
    for (int k = 0; k < v->n; k++) {
        if (only >= 0 ? k != only : !chosen(o, v, k))
            continue;
        arb_buf_clear(&b);
        arb_view_show_step(&b, v, k);
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
        arb_msg("%s: there is no game %llu (the file holds %llu%s)", src.path,
                (unsigned long long)OWN(o)->game, (unsigned long long)src.total,
                arb_filter_selects(&o->filter) ? " that the selection keeps" : "");
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
