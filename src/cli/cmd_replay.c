/* cmd_replay.c — `arbiter replay`: the positions of one game, for people.
 *
 * The game is replayed once, by arb_replay(): its findings (as `arbiter
 * check` makes them), and through the on_position hook the position after
 * each ply of the main line, with the clocks it read and whether the side
 * to move is mated, kept in memory (one game).
 * Then the positions chosen (all, those with findings, or one: --ply,
 * --move) go out as FEN lines (--fen), SVG files (--svg), boards one after
 * another, or an interactive board on a terminal.
 *
 * A finding is shown at the position it concerns: the position before an
 * illegal move (its pos_ply), the position a move made for a repetition.
 * Findings of variations are left to `arbiter check`; findings of the game
 * as a whole (ply 0) are shown at the last position.
 *
 * A move that cannot be played ends the positions; the main line's errors
 * also go to standard error and make the exit status 1.
 */
#include "cli/commands.h"

#include "base/msg.h"
#include "base/out.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "base/arena.h"
#include "report/diagram.h"
#include "read/input.h"
#include "read/pgn.h"
#include "laws/replay.h"
#include "report/report.h"
#include "read/timectl.h"

struct step {
    struct arb_packed pk;         /* the position, packed (a third of its size: a long game's steps add up) */
    uint32_t fullmove;
    enum arb_step_status status;  /* to move, in check, checkmated, stalemated (the replay says) */
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
    struct arb_pos start;         /* the first step's position: what packing leaves out */
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
    arb_pos_pack(st->pos, &s->pk);
    s->fullmove = st->pos->fullmove;
    s->status = st->status;
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
    arb_pos_unpack(&v->steps[k].pk, &v->start, pos);
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

static const struct arb_finding *finding_at(const struct view *v, const struct step *s, int j)
{
    return &v->g->findings.v[v->order[s->first + j]];
}

/* "12... Nf6", or "Start position". */
static void step_label(struct arb_buf *b, const struct view *v, int k)
{
    const struct step *s = &v->steps[k];
    if (k == 0) {
        arb_buf_adds(b, "Start position");
        return;
    }
    char label[24];
    arb_ply_label(&v->oc, k, label, sizeof label);
    size_t cut = s->len > 40 ? arb_utf8_prefix(s->token, s->len, 32) : s->len;
    arb_buf_adds(b, label);
    arb_term_escape(b, s->token, cut);   /* the file's text: escaped (msg.h) */
    arb_buf_adds(b, cut < s->len ? "..." : "");
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

static void finding_lines(struct arb_buf *b, const struct view *v, int k)
{
    const struct step *s = &v->steps[k];
    bool color = v->flags & ARB_DIAGRAM_COLOR;
    static const char *const sev_color[3] = {"\033[1;36m", "\033[1;35m", "\033[1;31m"};
    for (int j = 0; j < s->n; j++) {
        const struct arb_finding *f = finding_at(v, s, j);
        if (color)
            arb_buf_adds(b, sev_color[f->severity]);
        arb_buf_printf(b, "%s:", arb_severity_name(f->severity));
        if (color)
            arb_buf_adds(b, "\033[0m");
        arb_buf_addc(b, ' ');
        if (f->move) {
            struct arb_buf t = {0};
            arb_move_ref(&t, &v->oc, f);
            arb_term_escape(b, t.data ? t.data : "", t.len);
            arb_buf_free(&t);
            arb_buf_adds(b, ": ");
        }
        arb_term_escapes(b, f->message);
        arb_buf_printf(b, " [%s]", arb_codes[f->code].name);
        if (f->article) {
            arb_buf_adds(b, " (");
            arb_article_ref(b, f->article);
            arb_buf_addc(b, ')');
        }
        if (f->line)
            arb_buf_printf(b, " line %u", f->line);
        arb_buf_addc(b, '\n');
    }
}

/* The diagram of step k: its last move, and the moves its findings concern. */
static void diagram_of(const struct view *v, int k, struct arb_diagram *d, struct arb_pos *pos)
{
    const struct step *s = &v->steps[k];
    arb_diagram_init(d, step_pos(v, k, pos));
    d->flip = v->flip;
    arb_diagram_set_last(d, s->move);
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
    finding_lines(b, v, k);
}

static void game_heading(struct arb_buf *b, const struct view *v)
{
    const struct arb_tag *w = arb_game_find_tag(v->g, "White"), *bl = arb_game_find_tag(v->g, "Black");
    const struct arb_tag *ev = arb_game_find_tag(v->g, "Event"), *dt = arb_game_find_tag(v->g, "Date");
    /* The file's name and its tags: escaped (msg.h). */
    struct arb_buf t = {0};
    arb_buf_printf(&t, "Game %llu of %s", (unsigned long long)v->g->index, v->g->file);
    if (w || bl)
        arb_buf_printf(&t, ": %s - %s", w ? w->value : "?", bl ? bl->value : "?");
    if (ev && strcmp(ev->value, "?") != 0)
        arb_buf_printf(&t, ", %s", ev->value);
    if (dt && strcmp(dt->value, "????.??.??") != 0)
        arb_buf_printf(&t, ", %s", dt->value);
    if (v->oc.result_tag)
        arb_buf_printf(&t, ", %s", v->oc.result_tag);
    arb_term_escape(b, t.data, t.len);
    arb_buf_free(&t);
    arb_buf_addc(b, '\n');
}

/* ---- the interactive board ---- */

static struct termios saved_tio;
static int tty_fd = -1;
static volatile sig_atomic_t raw_on;

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
    (void)sig;   /* only to interrupt read(): the screen is drawn again */
}

static void on_signal(int sig)
{
    tty_restore();
    signal(sig, SIG_DFL);
    raise(sig);
}

enum { K_NONE, K_NEXT, K_PREV, K_FIRST, K_LAST, K_FIND_NEXT, K_FIND_PREV, K_GOTO, K_FLIP, K_QUIT,
       K_ENTER, K_BACKSPACE, K_ESC, K_CHAR };

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
    case ' ': case 'n': case 'l': case 'j': return K_NEXT;
    case 'p': case 'h': case 'k': return K_PREV;
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

static const char keys_line[] =
    "\u2190 \u2192 or p n: previous/next   Home End: first/last   f F: next/previous finding\n"
    ":  go to a move (23, 23b)   x: flip the board   q: quit\n";
static const char keys_line_ascii[] =
    "<- -> or p n: previous/next   Home End: first/last   f F: next/previous finding\n"
    ":  go to a move (23, 23b)   x: flip the board   q: quit\n";

/* The moves around ply k as recorded, k itself in brackets (or reversed
 * in colour): "Moves: ... 7. Nf3 Nf6 8. O-O [Nxe4] 9. Qh6". */
static void moves_around(struct arb_buf *b, const struct view *v, int k)
{
    if (v->n < 2)
        return;
    int from = k - 6 < 1 ? 1 : k - 6, to = from + 12 < v->n ? from + 12 : v->n - 1;
    bool color = v->flags & ARB_DIAGRAM_COLOR;
    arb_buf_adds(b, from > 1 ? "Moves: ... " : "Moves: ");
    for (int i = from; i <= to; i++) {
        const struct step *s = &v->steps[i];
        if (i == from || v->steps[i - 1].pk.side == ARB_WHITE) {
            char label[24];
            arb_ply_label(&v->oc, i, label, sizeof label);
            arb_buf_adds(b, label);
        }
        size_t cut = s->len > 16 ? arb_utf8_prefix(s->token, s->len, 12) : s->len;
        if (i == k)
            arb_buf_adds(b, color ? "\033[7m" : "[");
        arb_term_escape(b, s->token, cut);
        arb_buf_adds(b, cut < s->len ? "..." : "");
        if (i == k)
            arb_buf_adds(b, color ? "\033[0m" : "]");
        arb_buf_addc(b, i < to ? ' ' : '\n');
    }
    if (to < v->n - 1)
        b->data[b->len - 1] = ' ', arb_buf_adds(b, "...\n");
}

static void draw(const struct view *v, int k, const char *prompt, const char *message)
{
    struct arb_buf b = {0};
    arb_buf_adds(&b, "\033[H\033[2J");
    game_heading(&b, v);
    arb_buf_printf(&b, "Ply %d of %d: ", k, v->n - 1);
    step_label(&b, v, k);
    arb_buf_adds(&b, "\n\n");
    board(&b, v, k);
    arb_buf_addc(&b, '\n');
    status_line(&b, v, k);
    moves_around(&b, v, k);
    finding_lines(&b, v, k);
    arb_buf_addc(&b, '\n');
    arb_buf_adds(&b, (v->flags & ARB_DIAGRAM_UNICODE) ? keys_line : keys_line_ascii);
    if (message)
        arb_buf_printf(&b, "%s\n", message);
    if (prompt)
        arb_buf_printf(&b, "Go to move: %s\033[?25h", prompt);
    else
        arb_buf_adds(&b, "\033[?25l");
    arb_out_write(b.data, b.len);
    arb_out_flush();                  /* a screen: now */
    arb_buf_free(&b);
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

static void interactive(struct view *v)
{
    if (tcgetattr(tty_fd, &saved_tio) < 0)
        return;
    struct termios raw = saved_tio;
    raw.c_lflag &= (tcflag_t)~(ICANON | ECHO | ISIG | IEXTEN);
    raw.c_iflag &= (tcflag_t)~(IXON | ICRNL);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    struct sigaction sa = {.sa_handler = on_winch};   /* no SA_RESTART: read() returns */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGWINCH, &sa, NULL);
    if (tcsetattr(tty_fd, TCSAFLUSH, &raw) < 0)
        return;
    raw_on = 1;
    arb_out_write("\033[?1049h", 8);
    int k = 0;
    char input[16] = "";
    bool prompting = false;
    const char *message = NULL;
    for (;;) {
        draw(v, k, prompting ? input : NULL, message);
        message = NULL;
        char ch = 0;
        int key = read_key(tty_fd, &ch);
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
        case K_LAST: k = v->n - 1; break;
        case K_FIND_NEXT: case K_FIND_PREV: {
            int d = key == K_FIND_NEXT ? 1 : -1, j = k + d;
            while (j >= 0 && j < v->n && !v->steps[j].n)
                j += d;
            if (j >= 0 && j < v->n)
                k = j;
            else
                message = key == K_FIND_NEXT ? "No finding after this position." : "No finding before this position.";
            break;
        }
        case K_GOTO: prompting = true; input[0] = 0; break;
        case K_FLIP: v->flip = !v->flip; break;
        case K_QUIT: case K_ESC: tty_restore(); return;
        default: break;
        }
    }
}

/* ---- output ---- */

static bool chosen(const struct view *v, int k)
{
    return !v->o->at_findings || v->steps[k].n > 0;
}

static int write_svgs(const struct view *v, int only)
{
    const char *dir = v->o->svg_dir;
    struct stat sb;
    if (mkdir(dir, 0777) < 0 && (errno != EEXIST || stat(dir, &sb) < 0 || !S_ISDIR(sb.st_mode))) {
        arb_msg("cannot make the directory %s: %s", dir,
                errno == EEXIST ? "a file of that name is in the way" : strerror(errno));
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
        arb_buf_clear(&line);
        arb_buf_printf(&line, "%s/ply%04d.svg", dir, k);
        FILE *fp = fopen(line.data, "w");
        if (!fp || fwrite(b.data, 1, b.len, fp) != b.len || fclose(fp) != 0) {
            arb_msg("cannot write %s: %s", line.data, strerror(errno));
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

static int show(struct view *v)
{
    const struct arb_opts *o = v->o;
    int only = -1;
    if (o->ply >= 0 || o->move_no) {
        only = o->ply >= 0 ? (o->ply < v->n ? o->ply : -1) : step_of_move(v, o->move_no, o->move_side);
        if (only < 0) {
            if (o->ply >= 0)
                arb_msg("%s: there is no ply %d: the replay has plies 0 to %d", v->g->file,
                        o->ply, v->n - 1);
            else
                arb_msg("%s: there is no move %d%s: the replay ends after ply %d", v->g->file,
                        o->move_no, o->move_side == ARB_BLACK ? "b" : "w", v->n - 1);
            return -1;
        }
    }
    if (o->svg_dir)
        return write_svgs(v, only);
    struct arb_buf b = {0};
    if (o->fen) {
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
    v->flags = (o->ascii || !utf8_locale() ? 0 : ARB_DIAGRAM_UNICODE) | (arb_opts_want_color(o) ? ARB_DIAGRAM_COLOR : 0);
    if (only < 0 && !o->at_findings && !o->no_interactive && isatty(1)) {
        tty_fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
        if (tty_fd >= 0) {
            interactive(v);
            close(tty_fd);
            tty_fd = -1;
            return 0;
        }
    }
    arb_buf_clear(&b);
    game_heading(&b, v);
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

int arb_cmd_replay(const struct arb_opts *o)
{
    const char *path = o->n_files ? o->files[0] : "-";
    struct arb_input in;
    struct arb_pgn_reader rd;
    char err[300];
    if (arb_opts_open(o, path, path, arb_opts_sniffer(o), &in, &rd, err, sizeof err) < 0) {
        arb_msg("%s", err);
        return ARB_EXIT_FAILURE;
    }
    struct arb_arena arena;
    arb_arena_init(&arena);
    struct arb_check_opts co = arb_opts_check(o);
    int status = ARB_EXIT_FAILURE;
    struct arb_game g;
    int r;
    uint64_t k = 0;
    while ((r = arb_pgn_next(&rd, &g, &arena)) > 0) {
        if (++k == o->game)
            break;
        arb_pgn_release(&rd, &g);
        arb_arena_reset(&arena);
    }
    if (r < 0) {
        arb_msg("%s: read error", path);
    } else if (r == 0) {
        arb_msg("%s: there is no game %llu (the file holds %llu)", path,
                (unsigned long long)o->game, (unsigned long long)k);
    } else {
        struct view v = {.o = o, .g = &g, .flip = o->flip};
        /* One replay: the positions of the main line, and the findings as
         * `arbiter check` makes them, in ply order. */
        struct arb_replay_hooks hooks = {.ctx = &v, .on_position = collect};
        arb_replay(&g, &co, &hooks, &v.oc);
        status = ARB_EXIT_OK;
        if (v.n > 0) {
            place_findings(&v);
            if (show(&v) < 0)
                status = ARB_EXIT_FAILURE;
        }
        for (int i = 0; i < g.findings.n && status != ARB_EXIT_FAILURE; i++) {
            const struct arb_finding *f = &g.findings.v[i];
            if (f->severity != ARB_SEV_ERROR || f->variation)
                continue;
            struct arb_buf line = {0}, esc = {0};
            arb_buf_printf(&line, "%s:%u:%u: error: %s [%s]", path, f->line, f->col, f->message,
                           arb_codes[f->code].name);
            arb_term_escape(&esc, line.data, line.len);   /* the file's name and text: escaped */
            fprintf(stderr, "%s\n", esc.data);
            arb_buf_free(&line);
            arb_buf_free(&esc);
            status = ARB_EXIT_FINDINGS;
        }
        free(v.steps);
        free(v.order);
        if (arb_out_failed())
            status = ARB_EXIT_FAILURE;     /* main.c reports it */
    }
    arb_arena_fini(&arena);
    arb_input_close(&in);
    return status;
}
