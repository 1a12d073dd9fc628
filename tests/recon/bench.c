/* bench.c — the quality of `arbiter reconstruct` on noisy copies of real games.
 *
 *   reconbench [--games=N] [--seed=S] [--plies=N] [--cases=ABCD] [--jobs=N] [--tap]
 *              [--floor1=P] [--floor2=P] [--examples=N] [--verbose] [--dump=GAME] [PGN]
 *
 * The first N games of PGN (default ../shared/corpus/pgnmentor-14-players.pgn)
 * that start from the standard position, resolve move for move and have at
 * least 10 plies are cut to their first --plies (120) plies and written as
 * scoresheets, the languages cycling fi, et, en (a second sheet in the next
 * language of the cycle: the opponent's), with the row numbers written.  A
 * seeded slip model (see apply_slips()) puts 1 to 4 slips on each sheet,
 * some of them on one token, and may leave a row out (with the later rows
 * renumbered or not), write one twice, or make one unreadable.
 * Then arb_reconstruct() runs in four cases:
 *   A  one sheet                B  one sheet, the final position known
 *   C  two sheets               D  two sheets, the final position known
 * A game is recovered when the best game is the true one move for move.
 * Prints per case: games, exact %, median / 90th percentile / maximum time
 * per call, games where the result tied or the beam was full; whether the
 * targets hold (B >= 95%, D >= 99%, median < 100 ms, max < 5 s); and the
 * first failures of each case (what was written at the first wrong ply,
 * what was played, what was chosen).  Each game missed is counted as a
 * tie (the true game costs what the chosen one does: the sheets do not
 * decide), a model miss (the true game costs more: the costs prefer a
 * wrong game) or a search miss (the true game costs less, or no game was
 * found: the beam lost it); the true game's cost is estimated (see
 * truth_cost(): the search scoring the true game alone).  With --tap, a TAP line per case run
 * (B at least --floor1 %, D at least --floor2 %, no call over 5 s).
 */
#include <stdbool.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/arena.h"
#include "base/util.h"
#include "chess/board.h"
#include "read/input.h"
#include "chess/movegen.h"
#include "notation/notation.h"
#include "read/pgn.h"
#include "recon/recon.h"
#include "chess/san.h"

#define MAX_PLIES 300
#define TOKLEN 24

/* ---- random numbers (xorshift64*, seeded) ------------------------------ */

static uint64_t rng_state;

static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * UINT64_C(2685821657736338717);
}

/* 0 .. n-1 */
static int rndn(int n)
{
    return n > 0 ? (int)(rnd() % (uint64_t)n) : 0;
}

static bool chance(double p)
{
    return (double)(rnd() >> 11) / 9007199254740992.0 < p;
}

/* ---- the games --------------------------------------------------------- */

struct game {
    long index;                   /* the game's number in the file (1-based) */
    arb_move mv[MAX_PLIES];
    int n;
    struct arb_pos final;
};

/* Read up to max games that resolve from the standard position; cut each
 * at plies.  Returns how many (and the games skipped in *skipped). */
static int read_games(const char *path, int max, int plies, struct game *out, long *skipped)
{
    struct arb_input in;
    char err[300];
    if (arb_input_open(&in, path, NULL, err, sizeof err) < 0) {
        fprintf(stderr, "reconbench: %s\n", err);
        return -1;
    }
    struct arb_arena arena;
    arb_arena_init(&arena);
    struct arb_pgn_reader rd;
    arb_pgn_init(&rd, &in, path, 16u << 20);
    const struct arb_lang *en = arb_lang_find("en");
    int n = 0;
    long index = 0;
    *skipped = 0;
    while (n < max) {
        struct arb_game g;
        int r = arb_pgn_next(&rd, &g, &arena);
        if (r <= 0)
            break;
        index++;
        struct game *gm = &out[n];
        gm->index = index;
        gm->n = 0;
        bool ok = !arb_game_tag(&g, "FEN") && !g.fatal_syntax;
        struct arb_pos pos;
        arb_pos_startpos(&pos);
        int depth = 0;
        for (int i = 0; ok && i < g.n_nodes && gm->n < plies; i++) {
            const struct arb_node *nd = &g.nodes[i];
            if (nd->kind == ARB_N_VAR_OPEN)
                depth++;
            else if (nd->kind == ARB_N_VAR_CLOSE)
                depth--;
            if (depth)
                continue;
            if (nd->kind == ARB_N_ERROR) {
                ok = false;
                break;
            }
            if (nd->kind != ARB_N_MOVE)
                continue;
            struct arb_movedesc d;
            struct arb_parse_info info;
            if (arb_notation_parse(en, arb_node_text(&g, nd), nd->len, &d, &info) != ARB_NP_MOVE) {
                ok = false;
                break;
            }
            struct arb_resolve res;
            if (arb_san_resolve(&pos, &d, &res) != ARB_RS_OK) {
                ok = false;
                break;
            }
            gm->mv[gm->n++] = res.move;
            struct arb_undo u;
            arb_pos_make(&pos, res.move, &u);
        }
        if (ok && gm->n >= 10) {
            gm->final = pos;
            n++;
        } else {
            (*skipped)++;
        }
        arb_pgn_release(&rd, &g);
        arb_arena_reset(&arena);
    }
    arb_arena_fini(&arena);
    arb_input_close(&in);
    return n;
}

/* ---- scoresheets and slips --------------------------------------------- */

struct sheet {
    const struct arb_lang *lang;
    char tok[MAX_PLIES + 2][TOKLEN];
    const char *tp[MAX_PLIES + 2];
    int num[MAX_PLIES + 2];
    signed char black[MAX_PLIES + 2];
    int n;
    int ply_tok[MAX_PLIES];       /* the token recorded for each ply (-1: the row was left out) */
    int dropped_row;              /* the row left out (1-based move number), 0: none */
    char slips[256];              /* what the slip model did, in words */
};

static void note(struct sheet *s, const char *old, const char *now, const char *what, int ply)
{
    size_t l = strlen(s->slips);
    snprintf(s->slips + l, sizeof s->slips - l, "%s%d%s '%s' -> '%s' (%s)", l ? "; " : "", ply / 2 + 1,
             ply % 2 ? "..." : ".", old, now, what);
}

/* Write game g in lang, every move as SAN of the language with its marks. */
static void write_sheet(struct sheet *s, const struct game *g, const struct arb_lang *lang)
{
    memset(s, 0, sizeof *s);
    s->lang = lang;
    struct arb_pos pos;
    arb_pos_startpos(&pos);
    for (int i = 0; i < g->n; i++) {
        struct arb_movedesc d;
        arb_san_describe(&pos, g->mv[i], &d);
        arb_notation_write(lang, &d, true, s->tok[i], TOKLEN);
        s->num[i] = i / 2 + 1;
        s->black[i] = (signed char)(i % 2);
        s->ply_tok[i] = i;
        struct arb_undo u;
        arb_pos_make(&pos, g->mv[i], &u);
    }
    s->n = g->n;
}

static const char *const digit_pairs[] = {"35", "17", "68", "56", "49", "27"};
static const char *const file_pairs[] = {"ce", "ad", "bh", "fh"};

static bool is_file(char c) { return c >= 'a' && c <= 'h'; }
static bool is_rank(char c) { return c >= '1' && c <= '8'; }

/* Replace a character by its partner in one of pairs (a random place that
 * has one).  Returns false when the token has none. */
static bool confuse(char *t, const char *const *pairs, int np, char *from, char *to)
{
    int cand[TOKLEN], nc = 0;
    for (int i = 0; t[i]; i++)
        for (int p = 0; p < np; p++)
            if (t[i] == pairs[p][0] || t[i] == pairs[p][1]) {
                cand[nc++] = i;
                break;
            }
    if (!nc)
        return false;
    int i = cand[rndn(nc)];
    int opts[8], no = 0;
    for (int p = 0; p < np; p++) {
        if (t[i] == pairs[p][0])
            opts[no++] = pairs[p][1];
        else if (t[i] == pairs[p][1])
            opts[no++] = pairs[p][0];
    }
    *from = t[i];
    t[i] = (char)opts[rndn(no)];
    *to = t[i];
    return true;
}

/* The piece type a token's first letter stands for in lang (0: none). */
static int piece_of(const struct arb_lang *lang, char c)
{
    for (int t = ARB_KNIGHT; t <= ARB_KING; t++)
        if (lang->piece[t] && lang->piece[t][0] == c)
            return t;
    return 0;
}

/* Where the destination square starts: the last file letter followed by a rank. */
static int dest_at(const char *t)
{
    int at = -1;
    for (int i = 0; t[i] && t[i + 1]; i++)
        if (is_file(t[i]) && is_rank(t[i + 1]))
            at = i;
    return at;
}

static void insert_at(char *t, int at, char c)
{
    size_t l = strlen(t);
    if (l + 2 > TOKLEN)
        return;
    memmove(t + at + 1, t + at, l - (size_t)at + 1);
    t[at] = c;
}

static void delete_at(char *t, int at, int n)
{
    memmove(t + at, t + at + n, strlen(t + at + n) + 1);
}

/* A slip of the kind on token i (ply i of the game).  Returns false if the
 * kind does not apply to the token (the caller tries another token). */
#define SLIP_KINDS 8
static const char *const slip_name[SLIP_KINDS] = {"digit", "file", "piece letter", "capture mark",
                                                  "check mark", "disambiguation", "swap", "unreadable"};
static long slip_count[SLIP_KINDS];

static bool slip(struct sheet *s, int i, const struct game *g, int kind)
{
    char *t = s->tok[i];
    char old[TOKLEN];
    memcpy(old, t, TOKLEN);
    char a, b;
    switch (kind) {
    case 0:   /* a confusable digit */
        if (!confuse(t, digit_pairs, 6, &a, &b))
            return false;
        note(s, old, t, "digit", i);
        return true;
    case 1: { /* a confusable file letter (not the 'e' of a mark) */
        if (!confuse(t, file_pairs, 4, &a, &b))
            return false;
        note(s, old, t, "file", i);
        return true;
    }
    case 2: { /* the wrong piece letter */
        int type = piece_of(s->lang, t[0]);
        if (!type)
            return false;
        if (chance(0.5)) {
            /* Another piece of the same language. */
            int o;
            do
                o = ARB_KNIGHT + rndn(5);
            while (o == type);
            t[0] = s->lang->piece[o][0];
            note(s, old, t, "other piece", i);
        } else {
            /* The same piece in another language. */
            char cand[32];
            int nc = 0;
            for (int l = 0; arb_langs[l] && nc < 32; l++) {
                const char *p = arb_langs[l]->piece[type];
                if (p && p[0] >= 'A' && p[0] <= 'Z' && p[0] != t[0] && !memchr(cand, p[0], (size_t)nc))
                    cand[nc++] = p[0];
            }
            if (!nc)
                return false;
            t[0] = cand[rndn(nc)];
            note(s, old, t, "piece letter of another language", i);
        }
        return true;
    }
    case 3: { /* a capture mark dropped or added */
        char *x = strchr(t, 'x');
        if (x) {
            delete_at(t, (int)(x - t), 1);
            note(s, old, t, "capture mark dropped", i);
            return true;
        }
        int at = dest_at(t);
        if (at < 0)
            return false;
        insert_at(t, at, 'x');
        note(s, old, t, "capture mark added", i);
        return true;
    }
    case 4: { /* a check mark dropped or added */
        size_t l = strlen(t);
        size_t marks = 0;
        while (marks < l && (t[l - 1 - marks] == '+' || t[l - 1 - marks] == '#'))
            marks++;
        if (marks) {
            t[l - marks] = 0;
            note(s, old, t, "check mark dropped", i);
        } else {
            if (l + 2 > TOKLEN)
                return false;
            t[l] = '+';
            t[l + 1] = 0;
            note(s, old, t, "check mark added", i);
        }
        return true;
    }
    case 5: { /* disambiguation dropped or added (piece moves) */
        if (!piece_of(s->lang, t[0]))
            return false;
        int at = dest_at(t);
        if (at < 1)
            return false;
        int d = 1, n = 0;
        while (d + n < at && t[d + n] != 'x')
            n++;
        if (n) {
            delete_at(t, d, n);
            note(s, old, t, "disambiguation dropped", i);
        } else {
            int from = arb_move_from(g->mv[i]);
            insert_at(t, 1, chance(0.75) ? (char)('a' + (from & 7)) : (char)('1' + (from >> 3)));
            note(s, old, t, "disambiguation added", i);
        }
        return true;
    }
    case 6: { /* two neighbouring characters swapped */
        int l = (int)strlen(t);
        int cand[TOKLEN], nc = 0;
        for (int k = 0; k + 1 < l; k++)
            if (t[k] != t[k + 1] && t[k] != '+' && t[k + 1] != '+' && t[k + 1] != '#')
                cand[nc++] = k;
        if (!nc)
            return false;
        int k = cand[rndn(nc)];
        char c = t[k];
        t[k] = t[k + 1];
        t[k + 1] = c;
        note(s, old, t, "neighbours swapped", i);
        return true;
    }
    default:  /* unreadable */
        snprintf(t, TOKLEN, "?");
        note(s, old, t, "unreadable", i);
        return true;
    }
}

/* The slip model, made harsher than real sheets (issue 22: a model kinder
 * than life measured 90% where real time-trouble sheets gave 63%).  Per
 * sheet, independently:
 *   - 1 to 4 slips on moves (kind first, then a move it applies to); one in
 *     five of them lands on a move that has a slip already (several slips in
 *     one token);
 *   - at most one row event (never rows 1 and 2, nor the last row):
 *       24%  a row left out, and the moves after it written on the rows the
 *            player was at: every later row number one less than the game's;
 *       10%  a row left out, the later rows numbered as played (a gap);
 *        8%  a row written twice (the second copy on the next row), every
 *            later row number one more than the game's;
 *        6%  a row unreadable: both moves '?'.
 * On two sheets the events fall independently: the sheets may disagree on
 * the numbering from some row on. */
enum { ROW_NONE, ROW_DROP_SHIFT, ROW_DROP_GAP, ROW_TWICE, ROW_UNREADABLE };
static long row_events[5];
static const char *const row_event_name[5] = {"none", "left out, later rows renumbered", "left out, a gap",
                                              "written twice", "unreadable"};

static void apply_slips(struct sheet *s, const struct game *g, int avoid_row)
{
    int rows = (g->n + 1) / 2;
    int full_rows = g->n / 2;
    int event = ROW_NONE, row = 0;
    double u = (double)(rnd() >> 11) / 9007199254740992.0;
    event = u < 0.24 ? ROW_DROP_SHIFT : u < 0.34 ? ROW_DROP_GAP : u < 0.42 ? ROW_TWICE : u < 0.48 ? ROW_UNREADABLE
                                                                                          : ROW_NONE;
    if (event != ROW_NONE && full_rows > 4) {
        int tries = 0;
        do
            row = 3 + rndn(full_rows - 3);
        while (row == avoid_row && ++tries < 10);
        if (row == avoid_row || row > full_rows || row >= rows)
            event = ROW_NONE, row = 0;
    } else {
        event = ROW_NONE;
    }
    row_events[event]++;
    s->dropped_row = event == ROW_DROP_SHIFT || event == ROW_DROP_GAP ? row : 0;
    bool hit[MAX_PLIES] = {false};
    int want = 1 + rndn(4);
    for (int k = 0; k < want; k++) {
        int kind = rndn(SLIP_KINDS);
        bool again = k > 0 && chance(0.2);
        for (int tries = 0; tries < 400; tries++) {
            int i = rndn(g->n);
            if ((hit[i] && !again) || (!hit[i] && again) || (row && i / 2 + 1 == row))
                continue;
            if (hit[i] && !strcmp(s->tok[i], "?"))
                continue;   /* nothing more to do to an unreadable token */
            if (slip(s, i, g, kind)) {
                hit[i] = true;
                slip_count[kind]++;
                break;
            }
        }
    }
    if (event == ROW_UNREADABLE)
        for (int i = 2 * (row - 1); i < 2 * row && i < g->n; i++) {
            note(s, s->tok[i], "?", "row unreadable", i);
            snprintf(s->tok[i], TOKLEN, "?");
        }
    /* Write the rows out: tokens, numbers and sides as the player wrote them. */
    static _Thread_local char tok[MAX_PLIES + 2][TOKLEN];
    int num[MAX_PLIES + 2];
    signed char black[MAX_PLIES + 2];
    int n = 0, shift = 0;
    for (int i = 0; i < g->n; i++) {
        int r = i / 2 + 1;
        if ((event == ROW_DROP_SHIFT || event == ROW_DROP_GAP) && r == row) {
            s->ply_tok[i] = -1;
            if (event == ROW_DROP_SHIFT && i % 2 == 1)
                shift = -1;
            continue;
        }
        memcpy(tok[n], s->tok[i], TOKLEN);
        num[n] = r + shift;
        black[n] = (signed char)(i % 2);
        s->ply_tok[i] = n;
        n++;
        if (event == ROW_TWICE && r == row && i % 2 == 1) {
            /* The row again, on the next row of the sheet. */
            for (int k = 0; k < 2; k++) {
                memcpy(tok[n], s->tok[i - 1 + k], TOKLEN);
                num[n] = r + 1;
                black[n] = (signed char)k;
                n++;
            }
            shift = 1;
        }
    }
    for (int i = 0; i < n; i++) {
        memcpy(s->tok[i], tok[i], TOKLEN);
        s->num[i] = num[i];
        s->black[i] = black[i];
        s->tp[i] = s->tok[i];
    }
    s->n = n;
    if (event != ROW_NONE) {
        size_t l = strlen(s->slips);
        snprintf(s->slips + l, sizeof s->slips - l, "%srow %d %s", l ? "; " : "", row, row_event_name[event]);
    }
}

/* ---- the cases --------------------------------------------------------- */

/* What one call of arb_reconstruct gave (one game, one case). */
struct outcome {
    double ms;
    bool exact, found, ties, pruned;
    bool tied_in;                 /* not printed first, but among the equal-best alternatives printed,
                                     and the tool said that others fit equally well */
    int ply;                      /* not exact: the first wrong ply (1-based) */
    int n_chosen;
    double cost;                  /* of the game chosen */
    char chosen[16];              /* its move at that ply (English SAN) */
};

struct casedef {
    char id;
    const char *name;
    int sheets;
    bool final;
};

static const struct casedef casedefs[4] = {
    {'A', "1 sheet, no final position", 1, false},
    {'B', "1 sheet, final position", 1, true},
    {'C', "2 sheets, no final position", 2, false},
    {'D', "2 sheets, final position", 2, true},
};

/* The English SAN of ply (1-based) of the moves mv[0..n). */
static void san_at(const arb_move *mv, int n, int ply, char *out, size_t cap)
{
    if (ply > n) {
        snprintf(out, cap, "(game ends)");
        return;
    }
    struct arb_pos pos;
    arb_pos_startpos(&pos);
    for (int i = 0; i < ply - 1; i++) {
        struct arb_undo u;
        arb_pos_make(&pos, mv[i], &u);
    }
    struct arb_movedesc d;
    arb_san_describe(&pos, mv[ply - 1], &d);
    arb_notation_write(arb_lang_find("en"), &d, true, out, cap);
}

static int g_beam;   /* --beam=N (0: recon.c's default) */

static void run_case(const struct casedef *cd, const struct game *g, const struct sheet *sh, struct outcome *oc)
{
    struct arb_pos start;
    arb_pos_startpos(&start);
    struct arb_sheet as[2];
    for (int k = 0; k < cd->sheets; k++)
        as[k] = (struct arb_sheet){sh[k].lang, sh[k].tp, sh[k].n, sh[k].num, sh[k].black};
    struct arb_recon_opts o = {.start = &start, .final = cd->final ? &g->final : NULL, .beam = g_beam};
    struct arb_recon_result r;
    double t0 = arb_now_ms();
    arb_reconstruct(as, cd->sheets, &o, &r);
    oc->ms = arb_now_ms() - t0;
    oc->found = r.found;
    oc->exact = r.found && r.best.n_moves == g->n
                && memcmp(r.best.moves, g->mv, (size_t)g->n * sizeof *g->mv) == 0;
    oc->ties = r.ties;
    oc->pruned = r.pruned;
    oc->tied_in = false;
    for (int a = 0; !oc->exact && r.found && r.ties && a < r.n_alt; a++)
        oc->tied_in |= r.alt[a].cost <= r.best.cost + 1e-6 && r.alt[a].n_moves == g->n
                       && memcmp(r.alt[a].moves, g->mv, (size_t)g->n * sizeof *g->mv) == 0;
    oc->n_chosen = r.found ? r.best.n_moves : -1;
    oc->cost = r.found ? r.best.cost : -1;
    if (!oc->exact) {
        int p = 0;
        if (r.found)
            while (p < g->n && p < r.best.n_moves && r.best.moves[p] == g->mv[p])
                p++;
        oc->ply = p + 1;
        if (r.found)
            san_at(r.best.moves, r.best.n_moves, p + 1, oc->chosen, sizeof oc->chosen);
        else
            snprintf(oc->chosen, sizeof oc->chosen, "(no game)");
    }
    arb_recon_free(&r);
}

/* What the true game costs under the search's own model: the search run
 * with only the true moves allowed (opts.force), so that a miss can be
 * told apart: the truth dearer than the choice (the model prefers another
 * game), as dear (a tie the evidence does not decide), or cheaper (the
 * beam lost it).  -1 if the model cannot explain the truth at all. */
static double truth_cost(const struct game *g, const struct sheet *sh, int ns, bool final)
{
    struct arb_pos start;
    arb_pos_startpos(&start);
    struct arb_sheet as[2];
    for (int k = 0; k < ns; k++)
        as[k] = (struct arb_sheet){sh[k].lang, sh[k].tp, sh[k].n, sh[k].num, sh[k].black};
    struct arb_recon_opts o = {.start = &start, .final = final ? &g->final : NULL, .force = g->mv, .n_force = g->n};
    struct arb_recon_result r;
    arb_reconstruct(as, ns, &o, &r);
    double c = -1;
    if (r.found && r.best.n_moves == g->n && !memcmp(r.best.moves, g->mv, (size_t)g->n * sizeof *g->mv))
        c = r.best.cost;
    arb_recon_free(&r);
    return c;
}

/* ---- the run ----------------------------------------------------------- */

struct job {
    const struct game *games;
    struct sheet (*sheets)[2];
    int ng;
    bool run[4];
    struct outcome (*out)[4];
    int first, step;
};

static void *worker(void *arg)
{
    struct job *j = arg;
    for (int gi = j->first; gi < j->ng; gi += j->step)
        for (int c = 0; c < 4; c++)
            if (j->run[c])
                run_case(&casedefs[c], &j->games[gi], j->sheets[gi], &j->out[gi][c]);
    return NULL;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double quantile(const double *sorted, int n, double q)
{
    if (!n)
        return 0;
    return sorted[(int)(q * (n - 1) + 0.5)];
}

static void usage(void)
{
    fprintf(stderr, "usage: reconbench [--games=N] [--seed=S] [--plies=N] [--cases=ABCD] [--jobs=N] [--tap] "
                    "[--floor1=P] [--floor2=P] [--examples=N] [--verbose] [--dump=GAME] [PGN]\n");
}

int main(int argc, char **argv)
{
    const char *shared = getenv("SHARED") ? getenv("SHARED") : "../shared";
    char path_buf[1024];
    snprintf(path_buf, sizeof path_buf, "%s/corpus/pgnmentor-14-players.pgn", shared);
    const char *path = path_buf;
    int max_games = 300, plies = 120, examples = 3, jobs = 1;
    unsigned long long seed = 20240601;
    const char *cases = "ABCD";
    bool tap = false, verbose = false;
    long dump = 0;
    double floor1 = 80, floor2 = 90;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "--beam=", 7))
            g_beam = atoi(a + 7);
        else if (!strncmp(a, "--games=", 8))
            max_games = atoi(a + 8);
        else if (!strncmp(a, "--seed=", 7))
            seed = strtoull(a + 7, NULL, 10);
        else if (!strncmp(a, "--plies=", 8))
            plies = atoi(a + 8);
        else if (!strncmp(a, "--cases=", 8))
            cases = a + 8;
        else if (!strncmp(a, "--jobs=", 7))
            jobs = atoi(a + 7);
        else if (!strncmp(a, "--floor1=", 9))
            floor1 = atof(a + 9);
        else if (!strncmp(a, "--floor2=", 9))
            floor2 = atof(a + 9);
        else if (!strncmp(a, "--examples=", 11))
            examples = atoi(a + 11);
        else if (!strncmp(a, "--dump=", 7))
            dump = atol(a + 7);
        else if (!strcmp(a, "--tap"))
            tap = true;
        else if (!strcmp(a, "--verbose"))
            verbose = true;
        else if (a[0] != '-')
            path = a;
        else {
            usage();
            return 2;
        }
    }
    if (max_games < 1 || plies < 10 || plies > MAX_PLIES || examples < 0 || jobs < 1 || jobs > 64) {
        usage();
        return 2;
    }
    arb_board_init();
    rng_state = seed ? seed : 1;

    struct game *games = malloc((size_t)max_games * sizeof *games);
    if (!games)
        return 2;
    long skipped = 0;
    int ng = read_games(path, max_games, plies, games, &skipped);
    if (ng <= 0) {
        if (tap)
            printf("1..0 # Skipped: no games read from %s\n", path);
        else
            fprintf(stderr, "reconbench: no games read from %s\n", path);
        free(games);
        return tap ? 0 : 2;
    }

    /* The sheets, drawn in game order (the same whatever cases and jobs). */
    static const char *const cycle[] = {"fi", "et", "en"};
    struct sheet (*sheets)[2] = malloc((size_t)ng * sizeof *sheets);
    struct outcome (*out)[4] = calloc((size_t)ng, sizeof *out);
    if (!sheets || !out)
        return 2;
    long dropped = 0;
    for (int gi = 0; gi < ng; gi++) {
        const struct game *g = &games[gi];
        struct sheet *sh = sheets[gi];
        write_sheet(&sh[0], g, arb_lang_find(cycle[gi % 3]));
        apply_slips(&sh[0], g, 0);
        write_sheet(&sh[1], g, arb_lang_find(cycle[(gi + 1) % 3]));
        apply_slips(&sh[1], g, sh[0].dropped_row);
        dropped += (sh[0].dropped_row != 0) + (sh[1].dropped_row != 0);
        if (dump == g->index) {
            /* --dump=N: game N's first sheet as reconstruct reads it, and its final position. */
            char fen[128];
            fprintf(stderr, "final position: %s\n", arb_pos_to_fen(&g->final, fen));
            for (int i = 0; i < sh[0].n; i++) {
                if (!sh[0].black[i] || i == 0)
                    fprintf(stderr, "%d.%s ", sh[0].num[i], sh[0].black[i] ? ".." : "");
                fprintf(stderr, "%s ", sh[0].tok[i]);
            }
            fprintf(stderr, "\n");
        }
        if (verbose)
            fprintf(stderr, "game %ld (%d plies): sheet 1 %s: %s | sheet 2 %s: %s\n", g->index, g->n,
                    sh[0].lang->code, sh[0].slips, sh[1].lang->code, sh[1].slips);
    }

    struct job jb[64];
    pthread_t th[64];
    double wall0 = arb_now_ms();
    for (int t = 0; t < jobs; t++) {
        jb[t] = (struct job){games, sheets, ng, {false, false, false, false}, out, t, jobs};
        for (int c = 0; c < 4; c++)
            jb[t].run[c] = strchr(cases, casedefs[c].id) != NULL;
        if (jobs > 1 && pthread_create(&th[t], NULL, worker, &jb[t]) != 0) {
            fprintf(stderr, "reconbench: cannot start a thread\n");
            return 2;
        }
    }
    if (jobs == 1)
        worker(&jb[0]);
    else
        for (int t = 0; t < jobs; t++)
            pthread_join(th[t], NULL);
    double wall = arb_now_ms() - wall0;

    if (!tap) {
        long slips_total = 0;
        for (int k = 0; k < SLIP_KINDS; k++)
            slips_total += slip_count[k];
        printf("reconbench: %d games of %s (the first that start from the standard position, resolve and have "
               "10 plies or more; %ld skipped), each cut to its first %d plies; seed %llu; %d thread%s, %.1f s\n",
               ng, path, skipped, plies, seed, jobs, jobs == 1 ? "" : "s", wall / 1e3);
        printf("  sheets in fi/et/en (sheet 2 in the next language of the cycle); %ld slips on %d sheets (", slips_total,
               2 * ng);
        for (int k = 0; k < SLIP_KINDS; k++)
            printf("%s%s %ld", k ? ", " : "", slip_name[k], slip_count[k]);
        printf("), %ld rows left out\n", dropped);
        printf("  row events per sheet:");
        for (int e = 1; e < 5; e++)
            printf("%s %s %ld", e > 1 ? "," : "", row_event_name[e], row_events[e]);
        printf("\n");
        printf("  %-29s %6s %7s %9s %10s %10s %10s %5s %7s %8s   %s\n", "case", "games", "first", "recovered",
               "median", "p90", "max", "ties", "pruned", "no game", "missed: tie/model/search");
    }
    bool targets = true;
    int tn = 0;
    double *ms = malloc((size_t)ng * sizeof *ms);
    for (int c = 0; c < 4; c++) {
        if (!jb[0].run[c])
            continue;
        const struct casedef *cd = &casedefs[c];
        int exact = 0, tied_in = 0, ties = 0, pruned = 0, notfound = 0, f_tie = 0, f_search = 0, f_model = 0;
        for (int gi = 0; gi < ng; gi++) {
            const struct outcome *oc = &out[gi][c];
            if (!oc->exact) {
                double tc = truth_cost(&games[gi], sheets[gi], cd->sheets, cd->final);
                if (tc < 0)
                    f_model++;   /* the model cannot explain the true game */
                else if (!oc->found || tc < oc->cost - 0.01)
                    f_search++;
                else if (tc > oc->cost + 0.01)
                    f_model++;
                else
                    f_tie++;
            }
            ms[gi] = oc->ms;
            exact += oc->exact;
            tied_in += oc->tied_in;
            ties += oc->ties;
            pruned += oc->pruned;
            notfound += !oc->found;
        }
        qsort(ms, (size_t)ng, sizeof *ms, cmp_double);
        double med = quantile(ms, ng, 0.5), p90 = quantile(ms, ng, 0.9), mx = ms[ng - 1];
        double ex = 100.0 * exact / ng, rec = 100.0 * (exact + tied_in) / ng;
        if (tap) {
            double fl = c == 1 ? floor1 : c == 3 ? floor2 : 0;
            bool ok = rec >= fl && mx < 5000;
            printf("%s %d - reconstruct %c (%s): %d/%d recovered (%.1f%%, floor %.0f%%; %d printed first), median "
                   "%.1f ms, max %.1f ms (< 5 s)\n",
                   ok ? "ok" : "not ok", ++tn, cd->id, cd->name, exact + tied_in, ng, rec, fl, exact, med, mx);
        } else {
            printf("  %c %-27s %6d %6.1f%% %8.1f%% %7.1f ms %7.1f ms %7.1f ms %5d %7d %8d   %d/%d/%d\n", cd->id,
                   cd->name, ng, ex, rec, med, p90, mx, ties, pruned, notfound, f_tie, f_model, f_search);
        }
        if ((c == 1 && (rec < 95 || ex < 90)) || (c == 3 && rec < 99) || med >= 100 || mx >= 5000)
            targets = false;
    }
    free(ms);
    if (tap) {
        printf("1..%d\n", tn);
    } else {
        printf("  first: the true game printed first; recovered: first, or among the alternatives printed at the "
               "same cost with the tool saying others fit equally well\n");
        printf("  targets (B >= 95%% recovered and >= 90%% first, D >= 99%% recovered, median < 100 ms, max < 5 s, in "
               "every case run): %s\n",
               targets ? "hold" : "NOT MET");
        for (int c = 0; c < 4 && examples; c++) {
            if (!jb[0].run[c])
                continue;
            const struct casedef *cd = &casedefs[c];
            int shown = 0;
            for (int gi = 0; gi < ng && shown < examples; gi++) {
                const struct outcome *oc = &out[gi][c];
                if (oc->exact)
                    continue;
                if (!shown++)
                    printf("  first failures of %c (%s):\n", cd->id, cd->name);
                const struct game *g = &games[gi];
                const struct sheet *sh = sheets[gi];
                char truth[16];
                san_at(g->mv, g->n, oc->ply, truth, sizeof truth);
                printf("    game %ld, ply %d (%d%s): written", g->index, oc->ply, (oc->ply - 1) / 2 + 1,
                       (oc->ply - 1) % 2 ? "..." : ".");
                for (int k = 0; k < cd->sheets; k++) {
                    int ti = oc->ply <= g->n ? sh[k].ply_tok[oc->ply - 1] : -2;
                    printf("%s%s%s%s", k ? " / " : " ", ti >= 0 ? "'" : "",
                           ti >= 0 ? sh[k].tok[ti] : ti == -1 ? "(row left out)" : "(after the end)",
                           ti >= 0 ? "'" : "");
                }
                printf("; true %s, chosen %s\n", truth, oc->chosen);
                printf("      chosen: %d plies, cost %.2f; the true game: %d plies, cost %.2f", oc->n_chosen, oc->cost,
                       g->n, truth_cost(g, sh, cd->sheets, cd->final));
                printf("\n");
                for (int k = 0; k < cd->sheets; k++)
                    printf("      sheet %d (%s): %s\n", k + 1, sh[k].lang->code, sh[k].slips);
            }
        }
    }
    free(out);
    free(sheets);
    free(games);
    return 0;
}
