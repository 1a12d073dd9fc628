/* sheetgen.c — noisy handwritten scoresheets of real games, to measure
 * `arbiter reconstruct` (tests/recon/GENERATOR.md tells the model).
 *
 *   sheetgen [--seed=S] [--cases=N] [--sheets=1|2|mix]
 *            [--kind=timetrouble|classic|clean] [--only=KIND] [--out=DIR]
 *            [CORPUS.pgn]
 *
 * Reads the corpus (default build/data/corpus/pgnmentor-14-players.pgn,
 * which `make data` writes) with the project's PGN reader, keeps the games
 * of 40-150 plies from the standard start that replay legally, picks N of
 * them spread over the whole file, and writes for each one player's sheet
 * (DIR/NNN-a.txt) and, for two-sheet cases, the opponent's (DIR/NNN-b.txt)
 * with its own habits and slips, plus DIR/expected.jsonl (one line a
 * case: the truth and the slips applied) and DIR/README.md (the command),
 * in the layout of tests/data/scoresheets/timetrouble-dev.
 *
 * A sheet is made the way a player writes one: move by move, in cells of
 * rows (`23. Rd1 Kg7`), in Finnish, Estonian or English letters with the
 * player's habits (check marks or not, `x`, `:` or nothing for captures,
 * 0-0 or O-O, =Q or Q, glued or spaced move numbers, a result at the end).
 * The slips are planned first (which kind, on which half-move) and then
 * happen while the cells are written: a move left out puts every later
 * move one cell early, a move written twice one cell late, a blank cell
 * keeps them in place.  Nothing here knows how reconstruct searches: the
 * model is what handwriting under time pressure does to a sheet, made
 * harsher than the outside sample.
 *
 * Deterministic: the same seed, options and corpus give the same files
 * (xorshift64*; separate streams for the picks of games, each case's
 * number of sheets, each sheet's habits and each sheet's slips, so that
 * --only keeps the games, languages and habits of the plain run).
 */
#include "base/arena.h"
#include "base/util.h"
#include "chess/board.h"
#include "chess/movegen.h"
#include "chess/san.h"
#include "notation/notation.h"
#include "read/input.h"
#include "read/pgn.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MIN_PLIES 40
#define MAX_PLIES 150
#define MAX_SLIPS 16
#define TOK_MAX 48
#define TOK_SLIPS 2

/* ------------------------------------------------------------------ */
/* Random numbers: xorshift64* seeded through splitmix64.              */

struct rng {
    uint64_t s;
};

/* One splitmix64 step of *x (a good spread of any seed). */
static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The generator for stream `stream` of seed `seed`: streams are
 * independent, so one sheet's draws never move another's. */
static void rng_seed(struct rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ (stream * 0xD1B54A32D192ED03ULL);
    splitmix(&x);
    r->s = splitmix(&x);
    if (!r->s)
        r->s = 1;
}

/* The next 64 random bits. */
static uint64_t rng_next(struct rng *r)
{
    uint64_t x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* A whole number in [lo, hi] (lo <= hi). */
static int rng_int(struct rng *r, int lo, int hi)
{
    return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

/* True with probability p. */
static bool rng_chance(struct rng *r, double p)
{
    return (double)(rng_next(r) >> 11) / 9007199254740992.0 < p;
}

/* An index into weights[0..n) drawn in proportion to the weights (at
 * least one positive). */
static int rng_weighted(struct rng *r, const int *weights, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += weights[i];
    int x = rng_int(r, 0, total - 1);
    for (int i = 0; i < n; i++) {
        if (x < weights[i])
            return i;
        x -= weights[i];
    }
    return n - 1;
}

/* ------------------------------------------------------------------ */
/* The corpus: the games that can be used.                              */

struct game {
    uint64_t index;           /* 1-based number of the game in the corpus */
    int plies;
    arb_move moves[MAX_PLIES];
    char *white, *black, *date, *event, *result;
};

struct corpus {
    struct game *g;
    int n, cap;
};

/* The tag's value copied (malloc), "" when the game lacks it. */
static char *tag_copy(const struct arb_game *g, const char *name)
{
    const char *v = arb_game_tag(g, name);
    return arb_xstrdup(v ? v : "");
}

/* Replay the main line of g from the standard start into *out: false when
 * the game is not wanted (a set-up position, a move that is not legal or
 * cannot be read, fewer than MIN_PLIES or more than MAX_PLIES plies). */
static bool replay_game(const struct arb_game *g, const struct arb_lang *en, struct game *out)
{
    if (g->fatal_syntax || g->truncated)
        return false;
    const char *fen = arb_game_tag(g, "FEN");
    const char *setup = arb_game_tag(g, "SetUp");
    const char *variant = arb_game_tag(g, "Variant");
    if (fen || (setup && strcmp(setup, "1") == 0) || (variant && strcmp(variant, "Standard") != 0))
        return false;
    struct arb_pos pos;
    arb_pos_startpos(&pos);
    int depth = 0, n = 0;
    for (int i = 0; i < g->n_nodes; i++) {
        const struct arb_node *nd = &g->nodes[i];
        if (nd->kind == ARB_N_VAR_OPEN)
            depth++;
        else if (nd->kind == ARB_N_VAR_CLOSE)
            depth--;
        else if (nd->kind == ARB_N_ERROR && depth == 0)
            return false;
        if (nd->kind != ARB_N_MOVE || depth != 0)
            continue;
        struct arb_movedesc d;
        struct arb_parse_info info;
        enum arb_np_status st = arb_notation_parse(en, arb_node_text(g, nd), nd->len, &d, &info);
        if (st == ARB_NP_EP_MARK || st == ARB_NP_CHECK_MARK)
            continue;
        if (st != ARB_NP_MOVE || n >= MAX_PLIES)
            return false;
        struct arb_resolve res;
        if (arb_san_resolve(&pos, &d, &res) != ARB_RS_OK)
            return false;
        struct arb_undo u;
        arb_pos_make(&pos, res.move, &u);
        out->moves[n++] = res.move;
    }
    if (n < MIN_PLIES)
        return false;
    out->plies = n;
    return true;
}

/* Read every usable game of the PGN file at path into *c.  Returns 0, or
 * -1 with a message in err. */
static int corpus_read(const char *path, struct corpus *c, char *err, size_t errlen)
{
    struct arb_input in;
    if (arb_pgn_open(&in, path, NULL, arb_notation_is_move_any, -1, err, errlen) < 0)
        return -1;
    struct arb_pgn_reader rd;
    arb_pgn_init(&rd, &in, path, 16u << 20);
    rd.is_move = arb_notation_is_move_any;
    struct arb_arena a;
    arb_arena_init(&a);
    const struct arb_lang *en = arb_lang_find("en");
    struct arb_game g;
    struct game cur;
    int rc;
    while ((rc = arb_pgn_next(&rd, &g, &a)) > 0) {
        if (replay_game(&g, en, &cur)) {
            cur.index = g.index;
            cur.white = tag_copy(&g, "White");
            cur.black = tag_copy(&g, "Black");
            cur.date = tag_copy(&g, "Date");
            cur.event = tag_copy(&g, "Event");
            cur.result = tag_copy(&g, "Result");
            if (c->n == c->cap) {
                c->cap = c->cap ? c->cap * 2 : 1024;
                c->g = arb_xrealloc(c->g, (size_t)c->cap * sizeof *c->g);
            }
            c->g[c->n++] = cur;
        }
        arb_pgn_release(&rd, &g);
        arb_arena_reset(&a);
    }
    arb_arena_fini(&a);
    arb_input_close(&in);
    if (rc < 0) {
        snprintf(err, errlen, "%s: read error", path);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* The slips.                                                           */

enum slip_kind {
    SK_STOP,            /* recording stopped 2-8 half-moves before the end */
    SK_BLANK_ONE,       /* one cell left blank */
    SK_BLANK_RUN,       /* 2-4 blank cells of one side on consecutive rows */
    SK_OMIT_SHIFT,      /* a move left out: later moves one cell early (maybe set right by a blank) */
    SK_ROW_DROP,        /* a whole row left out (numbers consecutive, or with a gap) */
    SK_TWICE,           /* a move written twice: later moves one cell late */
    SK_SWAP_PAIR,       /* two moves of one side swapped across rows */
    SK_TRANSPOSE,       /* White's and Black's moves of a row swapped */
    SK_FOREIGN_LETTER,  /* another language's piece letter */
    SK_CHECK_MARK,      /* a check mark missing, or written on a move that gives none */
    SK_CAPTURE_NO_X,    /* a capture written without its mark */
    SK_X_NO_CAPTURE,    /* a capture mark on a move that takes nothing */
    SK_ILLEGIBLE_CHAR,  /* a character (sometimes two) unreadable: '?' */
    SK_ILLEGIBLE_TOKEN, /* the whole move unreadable: '?' */
    SK_HANDWRITING,     /* a look-alike character (6/b, 1/7, c/e, ...) */
    SK_WRONG_SQUARE,    /* the destination one file or rank off */
    SK_WRONG_PIECE,     /* another piece letter (or none, or one on a pawn move) */
    SK_DISAMB_DROP,     /* the disambiguation left out (Rd1 for Rfd1) */
    SK_DISAMB_WRONG,    /* a wrong disambiguation (Nbd2 for Nfd2; Rad1 where none was needed) */
    SK_ROW_NUMBER,      /* a row number written wrong (sometimes carried on) */
    SK_CASTLE_SIDE,     /* 0-0 for 0-0-0 or the other way */
    SK_PROMO,           /* the promotion piece left out or wrong */
    SK_ORIGIN_SQUARE,   /* the square the piece came from written for where it went */
    SK_N
};

enum slip_class { CL_STOP, CL_STRUCT, CL_TOKEN, CL_ROWNUM };

struct slip_info {
    const char *name;
    enum slip_class cls;
    int w_timetrouble;      /* weight among a time-trouble sheet's slips */
    int w_classic;          /* weight among a classic sheet's slips */
};

/* The kinds, their names (as in expected.jsonl and --only) and weights.
 * The stop is drawn apart (a share of the sheets), not by weight. */
static const struct slip_info slip_info[SK_N] = {
    [SK_STOP] = {"stop", CL_STOP, 0, 0},
    [SK_BLANK_ONE] = {"blank-one", CL_STRUCT, 14, 2},
    [SK_BLANK_RUN] = {"blank-run", CL_STRUCT, 8, 0},
    [SK_OMIT_SHIFT] = {"omit-shift", CL_STRUCT, 15, 1},
    [SK_ROW_DROP] = {"row-drop", CL_STRUCT, 4, 5},
    [SK_TWICE] = {"twice", CL_STRUCT, 8, 0},
    [SK_SWAP_PAIR] = {"swap-pair", CL_STRUCT, 8, 0},
    [SK_TRANSPOSE] = {"transpose", CL_STRUCT, 9, 1},
    [SK_FOREIGN_LETTER] = {"foreign-letter", CL_TOKEN, 13, 4},
    [SK_CHECK_MARK] = {"check-mark", CL_TOKEN, 6, 3},
    [SK_CAPTURE_NO_X] = {"capture-no-x", CL_TOKEN, 8, 3},
    [SK_X_NO_CAPTURE] = {"x-no-capture", CL_TOKEN, 3, 1},
    [SK_ILLEGIBLE_CHAR] = {"illegible-char", CL_TOKEN, 8, 6},
    [SK_ILLEGIBLE_TOKEN] = {"illegible-token", CL_TOKEN, 8, 5},
    [SK_HANDWRITING] = {"handwriting", CL_TOKEN, 9, 10},
    [SK_WRONG_SQUARE] = {"wrong-square", CL_TOKEN, 8, 8},
    [SK_WRONG_PIECE] = {"wrong-piece", CL_TOKEN, 6, 6},
    [SK_DISAMB_DROP] = {"disamb-drop", CL_TOKEN, 6, 2},
    [SK_DISAMB_WRONG] = {"disamb-wrong", CL_TOKEN, 3, 1},
    [SK_ROW_NUMBER] = {"row-number", CL_ROWNUM, 3, 2},
    [SK_CASTLE_SIDE] = {"castle-side", CL_TOKEN, 1, 1},
    [SK_PROMO] = {"promo", CL_TOKEN, 1, 1},
    [SK_ORIGIN_SQUARE] = {"origin-square", CL_TOKEN, 2, 1},
};

/* The kind named name, or -1. */
static int slip_find(const char *name)
{
    for (int k = 0; k < SK_N; k++)
        if (strcmp(slip_info[k].name, name) == 0)
            return k;
    return -1;
}

enum gen_kind { GK_TIMETROUBLE, GK_CLASSIC, GK_CLEAN };

/* How each cell's move is written (in order of the half-moves). */
enum cell_state { ST_NONE, ST_OMIT, ST_BLANK, ST_TWICE, ST_DROP };

enum cap_style { CAP_X, CAP_NONE, CAP_COLON, CAP_PAWN_BARE };
enum num_style { NUM_SPACE, NUM_GLUED, NUM_NODOT };

/* One half-move of the true game. */
struct ply {
    struct arb_pos pos;        /* the position before it */
    arb_move m;
    struct arb_movedesc d;     /* its canonical description (arb_san_describe) */
};

/* One player's sheet: habits, the planned slips, and the written tokens. */
struct sheet {
    const struct arb_lang *lang;
    bool checks;               /* writes check and mate marks */
    enum cap_style captures;
    bool castle_o;             /* O-O (letter) rather than 0-0 */
    bool promo_eq;             /* e8=Q rather than e8Q */
    bool mate_hash;            /* '#' rather than the language's own mate mark */
    enum num_style numfmt;
    int result;                /* 0 none, 1 on a line of its own, 2 after the last move */
    bool nasty;

    int plies, written;        /* the game's plies; those recorded (less after a stop) */
    uint8_t st[MAX_PLIES];     /* enum cell_state of each half-move */
    int16_t src[MAX_PLIES];    /* the half-move whose token stands in this one's cell (swaps) */
    uint8_t restore[MAX_PLIES];/* a blank cell written before this half-move's (a shift set right) */
    uint8_t gap[MAX_PLIES];    /* the row numbers jump by one from the next cell on (a row dropped) */
    uint8_t rownum[MAX_PLIES]; /* row-number slip on this half-move's row: mode 1-5, +16 carried on */
    uint8_t ntok[MAX_PLIES];
    uint8_t tok[MAX_PLIES][TOK_SLIPS]; /* token slips of each half-move */

    int nslip;
    uint8_t slip_kind[MAX_SLIPS];
    int16_t slip_ply[MAX_SLIPS];

    char text[MAX_PLIES][TOK_MAX];
};

/* Whether half-move p's cell is untouched by any slip of the cell
 * structure (so one can be put there). */
static bool struct_free(const struct sheet *sh, int p)
{
    return p >= 0 && p < sh->written && sh->st[p] == ST_NONE && sh->src[p] == p && !sh->restore[p];
}

/* Whether half-move p's token is written (not left out or blank). */
static bool token_written(const struct sheet *sh, int p)
{
    return p >= 0 && p < sh->written && (sh->st[p] == ST_NONE || sh->st[p] == ST_TWICE);
}

/* Whether token slip k may go on half-move p. */
static bool token_slip_ok(const struct sheet *sh, const struct ply *pl, int p, int k)
{
    if (!token_written(sh, p) || sh->ntok[p] >= TOK_SLIPS)
        return false;
    for (int i = 0; i < sh->ntok[p]; i++)
        if (sh->tok[p][i] == k || sh->tok[p][i] == SK_ILLEGIBLE_TOKEN)
            return false;
    if (k == SK_ILLEGIBLE_TOKEN && sh->ntok[p])
        return false;
    const struct arb_movedesc *d = &pl[p].d;
    bool castle = d->castle != ARB_DESC_CASTLE_NONE;
    bool piece = !castle && d->piece != ARB_PAWN;
    switch (k) {
    case SK_FOREIGN_LETTER: return piece;
    case SK_CHECK_MARK: return !d->check || sh->checks;
    case SK_CAPTURE_NO_X:
        return d->capture && (sh->captures == CAP_X || sh->captures == CAP_COLON
                              || (sh->captures == CAP_PAWN_BARE && d->piece != ARB_PAWN));
    case SK_X_NO_CAPTURE: return piece && !d->capture;
    case SK_WRONG_SQUARE: return !castle;
    case SK_WRONG_PIECE: return !castle;
    case SK_DISAMB_DROP: return piece && (d->from_file >= 0 || d->from_rank >= 0);
    case SK_DISAMB_WRONG: return piece && d->piece != ARB_KING;
    case SK_CASTLE_SIDE: return castle;
    case SK_PROMO: return d->promo != ARB_NO_PIECE;
    case SK_ORIGIN_SQUARE: return !castle;
    default: return true;
    }
}

/* Record slip k on half-move p in the sheet's list. */
static void note_slip(struct sheet *sh, int k, int p)
{
    if (sh->nslip < MAX_SLIPS) {
        sh->slip_kind[sh->nslip] = (uint8_t)k;
        sh->slip_ply[sh->nslip] = (int16_t)p;
        sh->nslip++;
    }
}

/* Put slip k on half-move p if it fits there (and what it needs after p
 * is free).  Returns true when it was put. */
static bool place_slip(struct sheet *sh, const struct ply *pl, int p, int k, enum gen_kind kind, struct rng *r)
{
    switch (slip_info[k].cls) {
    case CL_TOKEN:
        if (!token_slip_ok(sh, pl, p, k))
            return false;
        sh->tok[p][sh->ntok[p]++] = (uint8_t)k;
        note_slip(sh, k, p);
        return true;
    case CL_ROWNUM:
        if (p >= sh->written || sh->rownum[p] || sh->rownum[p ^ 1] || sh->st[p] == ST_OMIT || sh->st[p] == ST_DROP)
            return false;
        sh->rownum[p] = (uint8_t)(rng_int(r, 1, 5) | (rng_chance(r, 0.3) ? 16 : 0));
        note_slip(sh, k, p);
        return true;
    case CL_STOP:
        return false;
    case CL_STRUCT:
        break;
    }
    if (!struct_free(sh, p) || sh->ntok[p])
        return false;
    switch (k) {
    case SK_BLANK_ONE:
        sh->st[p] = ST_BLANK;
        break;
    case SK_BLANK_RUN: {
        int len = rng_int(r, 2, 4);
        while (len > 1) {
            bool ok = true;
            for (int i = 1; i < len; i++)
                if (!struct_free(sh, p + 2 * i) || sh->ntok[p + 2 * i])
                    ok = false;
            if (ok)
                break;
            len--;
        }
        if (len < 2)
            return false;
        for (int i = 0; i < len; i++)
            sh->st[p + 2 * i] = ST_BLANK;
        break;
    }
    case SK_OMIT_SHIFT: {
        if (p == 0)
            return false;
        sh->st[p] = ST_OMIT;
        /* Set right by a blank a few rows later: sometimes. */
        double p_restore = kind == GK_CLASSIC ? 0.6 : 0.35;
        if (rng_chance(r, p_restore)) {
            int q0 = p + rng_int(r, 2, 12);
            for (int q = q0; q < q0 + 6 && q < sh->written; q++)
                if (struct_free(sh, q)) {
                    sh->restore[q] = 1;
                    break;
                }
        }
        break;
    }
    case SK_ROW_DROP: {
        int w = p & ~1;
        if (!struct_free(sh, w) || !struct_free(sh, w + 1) || sh->ntok[w] || sh->ntok[w + 1] || w == 0)
            return false;
        sh->st[w] = sh->st[w + 1] = ST_DROP;
        if (rng_chance(r, 0.5))
            sh->gap[w] = 1;
        p = w;
        break;
    }
    case SK_TWICE:
        sh->st[p] = ST_TWICE;
        break;
    case SK_SWAP_PAIR: {
        int dist = rng_chance(r, 0.8) ? 2 : 4;
        if (!struct_free(sh, p + dist) || strcmp(sh->text[p], sh->text[p + dist]) == 0)
            return false;
        sh->src[p] = (int16_t)(p + dist);
        sh->src[p + dist] = (int16_t)p;
        break;
    }
    case SK_TRANSPOSE: {
        int w = p & ~1;
        if (!struct_free(sh, w) || !struct_free(sh, w + 1))
            return false;
        sh->src[w] = (int16_t)(w + 1);
        sh->src[w + 1] = (int16_t)w;
        p = w;
        break;
    }
    default:
        return false;
    }
    note_slip(sh, k, p);
    return true;
}

/* A half-move to aim a slip at: for a time-trouble sheet mostly in the
 * last 40% of the game (some anywhere, some beside the slip before), for
 * a classic one mostly in the first 70%. */
static int slip_anchor(const struct sheet *sh, enum gen_kind kind, int last, struct rng *r)
{
    int hi = sh->written - 1, a;
    if (kind == GK_TIMETROUBLE) {
        int late = sh->plies * 6 / 10;
        if (late > hi)
            late = hi;
        if (last >= 0 && rng_chance(r, 0.3))
            a = last + rng_int(r, -4, 4);
        else if (rng_chance(r, 0.7))
            a = rng_int(r, late, hi);
        else
            a = rng_int(r, 1, hi);
    } else {
        int early = sh->plies * 7 / 10;
        if (early > hi)
            early = hi;
        a = rng_chance(r, 0.8) ? rng_int(r, 1, early) : rng_int(r, 1, hi);
    }
    return a < 0 ? 0 : a > hi ? hi : a;
}

/* Put slip k as near to half-move a as it fits, looking outward from a in
 * both directions.  Returns the half-move it went on, or -1. */
static int place_near(struct sheet *sh, const struct ply *pl, int a, int k, enum gen_kind kind, struct rng *r)
{
    int dir = rng_chance(r, 0.5) ? 1 : -1;
    for (int dist = 0; dist < sh->written; dist++) {
        for (int s = 0; s < 2; s++) {
            int p = a + (s ? -dir : dir) * dist;
            if (dist == 0 && s)
                continue;
            if (p < 0 || p >= sh->written)
                continue;
            if (place_slip(sh, pl, p, k, kind, r))
                return sh->slip_ply[sh->nslip - 1];
        }
    }
    return -1;
}

/* How many slips a sheet gets. */
static int slip_count(enum gen_kind kind, bool only, bool *nasty, struct rng *r)
{
    static const int tt_weights[] = {10, 20, 25, 25, 20};     /* 2..6 */
    static const int classic_weights[] = {15, 25, 25, 20, 15}; /* 1..5 */
    *nasty = false;
    if (kind == GK_CLEAN)
        return 0;
    if (only)
        return rng_int(r, 1, 3);
    if (kind == GK_TIMETROUBLE) {
        if (rng_chance(r, 0.15)) {
            *nasty = true;
            return rng_int(r, 6, 9);
        }
        return 2 + rng_weighted(r, tt_weights, 5);
    }
    return 1 + rng_weighted(r, classic_weights, 5);
}

/* Plan the slips of one sheet: the stop, then each slip's kind and
 * half-move.  only: the one kind wanted (-1: all, by their weights). */
static void plan_sheet(struct sheet *sh, const struct ply *pl, enum gen_kind kind, int only, struct rng *r)
{
    bool nasty;
    int n = slip_count(kind, only >= 0, &nasty, r);
    sh->nasty = nasty;
    bool stop = false;
    if (only == SK_STOP)
        stop = true;
    else if (only < 0 && kind == GK_TIMETROUBLE)
        stop = rng_chance(r, 0.35);
    if (stop) {
        /* 2-8 half-moves, the longer stops likelier (mean 5.7). */
        static const int stop_weights[] = {1, 1, 2, 2, 3, 3, 3};
        int k = 2 + rng_weighted(r, stop_weights, 7);
        sh->written = sh->plies - k;
        note_slip(sh, SK_STOP, sh->written);
        n--;
        if (only == SK_STOP)
            n = 0;
    }
    int weights[SK_N];
    for (int k = 0; k < SK_N; k++)
        weights[k] = only >= 0 ? (k == only) : kind == GK_CLASSIC ? slip_info[k].w_classic : slip_info[k].w_timetrouble;
    int last = -1;
    for (int i = 0; i < n; i++) {
        int k;
        if (nasty && i == 0)
            k = SK_OMIT_SHIFT;
        else if (nasty && i == 1)
            k = rng_chance(r, 0.6) ? SK_OMIT_SHIFT : SK_TWICE;
        else
            k = rng_weighted(r, weights, SK_N);
        int p = -1;
        for (int tries = 0; tries < 20 && p < 0; tries++) {
            p = place_near(sh, pl, slip_anchor(sh, kind, last, r), k, kind, r);
            if (p < 0 && only < 0 && !(nasty && i < 2))
                k = rng_weighted(r, weights, SK_N);
        }
        if (p >= 0)
            last = p;
    }
}

/* ------------------------------------------------------------------ */
/* Writing a move the way this player writes it, slips included.        */

/* Look-alike characters of handwriting: each pair is read either way. */
static const char *const lookalike[][2] = {
    {"6", "b"}, {"9", "g"}, {"1", "7"}, {"a", "d"}, {"c", "e"}, {"h", "b"}, {"3", "5"}, {"4", "9"},
    {"2", "z"}, {"l", "1"}, {"0", "o"}, {"0", "O"}, {"5", "s"}, {"8", "B"}, {"3", "8"}, {"6", "G"},
    {"7", "T"}, {"D", "O"}, {"D", "0"}, {"R", "K"}, {"R", "B"}, {"f", "t"}, {"g", "q"}, {"h", "k"},
    {"h", "n"}, {"a", "o"}, {"e", "l"}, {"N", "H"}, {"Q", "O"}, {"5", "S"}, {"2", "Z"}, {"6", "8"},
    {"x", "+"}, {"1", "I"}, {"4", "A"}, {"d", "cl"}, {"h", "li"}, {"V", "U"}, {"L", "C"}, {"T", "F"},
};
#define N_LOOKALIKE (sizeof lookalike / sizeof lookalike[0])

/* Replace the n bytes at s[at] by rep in the NUL-terminated s (cap bytes). */
static void splice(char *s, size_t cap, size_t at, size_t n, const char *rep)
{
    size_t len = strlen(s), rl = strlen(rep);
    if (len - n + rl + 1 > cap)
        return;
    memmove(s + at + rl, s + at + n, len - at - n + 1);
    memcpy(s + at, rep, rl);
}

/* One look-alike substitution somewhere in s; false when no character of
 * s has a look-alike. */
static bool apply_lookalike(char *s, size_t cap, struct rng *r)
{
    size_t len = strlen(s);
    int cand_at[64], cand_pair[64], cand_side[64], nc = 0;
    for (size_t i = 0; i < len && nc < 64; i++)
        for (size_t j = 0; j < N_LOOKALIKE && nc < 64; j++)
            for (int side = 0; side < 2; side++) {
                const char *from = lookalike[j][side];
                size_t fl = strlen(from);
                if (i + fl <= len && memcmp(s + i, from, fl) == 0 && nc < 64) {
                    cand_at[nc] = (int)i;
                    cand_pair[nc] = (int)j;
                    cand_side[nc] = side;
                    nc++;
                }
            }
    if (!nc)
        return false;
    int c = rng_int(r, 0, nc - 1);
    splice(s, cap, (size_t)cand_at[c], strlen(lookalike[cand_pair[c]][cand_side[c]]),
           lookalike[cand_pair[c]][1 - cand_side[c]]);
    return true;
}

/* A piece letter of another language for piece type t, not `own`
 * (written into out, UTF-8): English letters most often, then German,
 * Russian (Cyrillic, or the Latin letter a Russian player writes for it),
 * then any other language of the notation tables. */
static void foreign_letter(int t, const char *own, struct rng *r, char out[16])
{
    static const char *const translit[6] = {NULL, "K", "C", "L", "F", "Kp"};
    for (int tries = 0; tries < 50; tries++) {
        const char *cand = NULL;
        int which = rng_int(r, 0, 99);
        if (which < 35)
            cand = arb_lang_find("en")->piece[t];
        else if (which < 55)
            cand = arb_lang_find("de")->piece[t];
        else if (which < 63)
            cand = arb_lang_find("ru")->piece[t];
        else if (which < 70)
            cand = translit[t];
        else {
            int nl = 0;
            while (arb_langs[nl])
                nl++;
            const struct arb_lang *l = arb_langs[rng_int(r, 0, nl - 1)];
            if (l->spoken || (l->flags & ARB_LANG_FIGURINE))
                continue;
            cand = l->piece[t];
        }
        if (cand && strcmp(cand, own) != 0) {
            snprintf(out, 16, "%s", cand);
            return;
        }
    }
    snprintf(out, 16, "%s", arb_lang_find("en")->piece[t]);
}

/* The token of half-move p on this sheet: the description changed by the
 * half-move's description slips, spelled in the sheet's language and
 * habits, then changed by its written-form slips (into out, cap bytes). */
static void spell(const struct sheet *sh, const struct ply *pl, int p, struct rng *r, char *out, size_t cap)
{
    struct arb_movedesc d = pl[p].d;
    const struct arb_lang *lang = sh->lang;
    bool force_x = false, force_check = false;
    for (int i = 0; i < sh->ntok[p]; i++) {
        switch (sh->tok[p][i]) {
        case SK_WRONG_SQUARE: {
            int df = 0, dr = 0;
            int how = rng_int(r, 0, 99);
            if (how < 45)
                df = rng_chance(r, 0.5) ? 1 : -1;
            else if (how < 85)
                dr = rng_chance(r, 0.5) ? 1 : -1;
            else {
                df = rng_chance(r, 0.5) ? 1 : -1;
                dr = rng_chance(r, 0.5) ? 1 : -1;
            }
            if (d.to_file + df < 0 || d.to_file + df > 7)
                df = -df;
            if (d.to_rank + dr < 0 || d.to_rank + dr > 7)
                dr = -dr;
            if (d.piece == ARB_PAWN && d.capture && d.to_file + df == d.from_file)
                df = -df;
            if (d.to_file + df >= 0 && d.to_file + df <= 7)
                d.to_file = (int8_t)(d.to_file + df);
            if (d.to_rank + dr >= 0 && d.to_rank + dr <= 7)
                d.to_rank = (int8_t)(d.to_rank + dr);
            break;
        }
        case SK_WRONG_PIECE:
            if (d.piece == ARB_PAWN) {
                d.piece = (int8_t)rng_int(r, ARB_KNIGHT, ARB_KING);
                if (d.capture)
                    d.from_file = -1;
            } else if (rng_chance(r, 0.2)) {
                d.piece = ARB_PAWN; /* the letter left out */
                d.from_rank = -1;
                if (!d.capture)
                    d.from_file = -1;
            } else {
                int t;
                do
                    t = rng_int(r, ARB_KNIGHT, ARB_KING);
                while (t == d.piece);
                d.piece = (int8_t)t;
            }
            break;
        case SK_DISAMB_DROP:
            if (d.from_file >= 0 && d.from_rank >= 0) {
                if (rng_chance(r, 0.5))
                    d.from_file = -1;
                else
                    d.from_rank = -1;
            } else {
                d.from_file = d.from_rank = -1;
            }
            break;
        case SK_DISAMB_WRONG: {
            /* Another piece of the kind names it (Nbd2 for Nfd2), else a
             * file no such piece stands on. */
            const struct arb_pos *pos = &pl[p].pos;
            int from = arb_move_from(pl[p].m);
            arb_bb mine = pos->by_type[d.piece] & pos->by_color[pos->side] & ~ARB_BB(from);
            if (mine && rng_chance(r, 0.8)) {
                int other = arb_pop_lsb(&mine);
                if (ARB_FILE(other) != ARB_FILE(from)) {
                    d.from_file = (int8_t)ARB_FILE(other);
                    d.from_rank = -1;
                } else {
                    d.from_file = -1;
                    d.from_rank = (int8_t)ARB_RANK(other);
                }
            } else {
                int f;
                do
                    f = rng_int(r, 0, 7);
                while (f == ARB_FILE(from));
                d.from_file = (int8_t)f;
                d.from_rank = -1;
            }
            break;
        }
        case SK_CAPTURE_NO_X:
            d.capture = 0;
            break;
        case SK_X_NO_CAPTURE:
            d.capture = 1;
            force_x = true;
            break;
        case SK_CHECK_MARK:
            if (!d.check) {
                d.check = rng_chance(r, 0.85) ? ARB_DESC_CHECK : ARB_DESC_MATE;
                force_check = true;
            } else if (rng_chance(r, 0.7)) {
                d.check = ARB_DESC_CHECK_NONE;
            } else {
                d.check = d.check == ARB_DESC_CHECK ? ARB_DESC_MATE : ARB_DESC_CHECK;
            }
            break;
        case SK_CASTLE_SIDE:
            d.castle = d.castle == ARB_DESC_CASTLE_H ? ARB_DESC_CASTLE_A : ARB_DESC_CASTLE_H;
            break;
        case SK_PROMO:
            if (rng_chance(r, 0.6)) {
                d.promo = ARB_NO_PIECE;
            } else {
                int t;
                do
                    t = rng_int(r, ARB_KNIGHT, ARB_QUEEN);
                while (t == d.promo);
                d.promo = (int8_t)t;
            }
            break;
        case SK_ORIGIN_SQUARE: {
            int from = arb_move_from(pl[p].m);
            d.to_file = (int8_t)ARB_FILE(from);
            d.to_rank = (int8_t)ARB_RANK(from);
            d.from_file = d.from_rank = -1;
            if (d.piece == ARB_PAWN)
                d.capture = 0;
            break;
        }
        default:
            break;
        }
    }
    /* The habits. */
    if (!force_x && (sh->captures == CAP_NONE || (sh->captures == CAP_PAWN_BARE && d.piece == ARB_PAWN)))
        d.capture = 0;
    int promo = d.promo;
    int check = d.check;
    d.promo = ARB_NO_PIECE;
    char buf[TOK_MAX];
    arb_notation_write(lang, &d, false, buf, sizeof buf);
    if (d.castle) {
        for (char *c = buf; *c; c++)
            if (*c == '0' || *c == 'O')
                *c = sh->castle_o ? 'O' : '0';
    }
    if (sh->captures == CAP_COLON)
        for (char *c = buf; *c; c++)
            if (*c == 'x')
                *c = ':';
    if (promo != ARB_NO_PIECE) {
        size_t len = strlen(buf);
        snprintf(buf + len, sizeof buf - len, "%s%s", sh->promo_eq ? "=" : "", lang->piece[promo]);
    }
    if (check && (sh->checks || force_check)) {
        size_t len = strlen(buf);
        const char *mark = check == ARB_DESC_MATE ? (sh->mate_hash ? "#" : lang->mate_mark) : "+";
        snprintf(buf + len, sizeof buf - len, "%s", mark);
    }
    /* The slips of the written form. */
    for (int i = 0; i < sh->ntok[p]; i++) {
        switch (sh->tok[p][i]) {
        case SK_FOREIGN_LETTER: {
            const char *own = lang->piece[d.piece];
            char fl[16];
            if (d.piece == ARB_PAWN || d.castle || strncmp(buf, own, strlen(own)) != 0)
                break;
            foreign_letter(d.piece, own, r, fl);
            splice(buf, sizeof buf, 0, strlen(own), fl);
            break;
        }
        case SK_HANDWRITING:
            apply_lookalike(buf, sizeof buf, r);
            if (rng_chance(r, 0.15))
                apply_lookalike(buf, sizeof buf, r);
            break;
        case SK_ILLEGIBLE_CHAR: {
            int times = rng_chance(r, 0.2) ? 2 : 1;
            for (int t = 0; t < times; t++) {
                size_t len = strlen(buf), at;
                int tries = 0;
                do
                    at = (size_t)rng_int(r, 0, (int)len - 1);
                while (((unsigned char)buf[at] >= 0x80 || buf[at] == '?') && ++tries < 20);
                if (tries < 20)
                    buf[at] = '?';
            }
            break;
        }
        case SK_ILLEGIBLE_TOKEN:
            snprintf(buf, sizeof buf, "?");
            break;
        default:
            break;
        }
    }
    snprintf(out, cap, "%s", buf);
}

/* ------------------------------------------------------------------ */
/* Laying the cells out in rows.                                        */

struct cell {
    const char *text;          /* NULL: blank */
    int ply;                   /* the half-move whose cell it is; -1 for a blank set in */
    bool gap;                  /* the row numbers jump by one from this cell's row on */
};

/* A wrong row number for row number n (mode 1-5). */
static int wrong_number(int n, int mode, struct rng *r)
{
    int w = n;
    switch (mode) {
    case 1: /* one off */
        w = n + (rng_chance(r, 0.5) ? 1 : -1);
        break;
    case 2: /* the number of the row before, again */
        w = n - 1;
        break;
    case 3: /* digits swapped, or ten off */
        w = n >= 10 && n % 10 != n / 10 % 10 ? (n % 10) * 10 + n / 10 % 10 : n + 10;
        break;
    case 4: { /* a look-alike digit */
        static const char swap_to[10] = {'6', '7', '7', '5', '9', '3', '8', '1', '6', '4'};
        char s[16];
        snprintf(s, sizeof s, "%d", n);
        size_t at = (size_t)rng_int(r, 0, (int)strlen(s) - 1);
        s[at] = swap_to[s[at] - '0'];
        w = atoi(s);
        break;
    }
    default: /* two off */
        w = n + (rng_chance(r, 0.5) ? 2 : -2);
        break;
    }
    if (w < 1 || w == n)
        w = n + 1;
    return w;
}

/* Write the sheet's rows to f: the cells in order of writing (blanks, a
 * move twice, swaps, left-out moves), two to a row, numbered as the
 * player numbers them, then the result if the player writes it. */
static void write_rows(const struct sheet *sh, const char *result, struct rng *r, FILE *f)
{
    struct cell cells[2 * MAX_PLIES + 8];
    int n = 0;
    bool pending_gap = false;
    for (int p = 0; p < sh->written; p++) {
        if (sh->restore[p])
            cells[n++] = (struct cell){NULL, -1, false};
        if (sh->gap[p])
            pending_gap = true;
        if (sh->st[p] == ST_OMIT || sh->st[p] == ST_DROP)
            continue;
        const char *t = sh->st[p] == ST_BLANK ? NULL : sh->text[sh->src[p]];
        cells[n++] = (struct cell){t, p, pending_gap};
        pending_gap = false;
        if (sh->st[p] == ST_TWICE)
            cells[n++] = (struct cell){t, p, false};
    }
    /* A blank at the very end is never seen: the sheet just ends. */
    while (n && !cells[n - 1].text)
        n--;
    int offset = 0;
    bool numbered[MAX_PLIES] = {false};
    const char *sp = sh->numfmt == NUM_GLUED ? "" : " ";
    const char *dot = sh->numfmt == NUM_NODOT ? "" : ".";
    int rows = (n + 1) / 2;
    for (int k = 0; k < rows; k++) {
        const struct cell *w = &cells[2 * k];
        const struct cell *b = 2 * k + 1 < n ? &cells[2 * k + 1] : NULL;
        if (w->gap || (k > 0 && cells[2 * k - 1].gap))
            offset++;
        int num = k + 1 + offset;
        /* A row-number slip is on the row of its half-move's first cell. */
        int rn = 0;
        for (int c = 2 * k; c < 2 * k + 2 && c < n && !rn; c++) {
            int p = cells[c].ply;
            if (p >= 0 && sh->rownum[p] && !numbered[p]) {
                rn = sh->rownum[p];
                numbered[p] = true;
            }
        }
        if (rn) {
            int wrong = wrong_number(num, rn & 15, r);
            if (rn & 16)
                offset += wrong - num;
            num = wrong;
        }
        fprintf(f, "%d%s", num, dot);
        if (w->text && b && b->text)
            fprintf(f, "%s%s %s", sp, w->text, b->text);
        else if (w->text)
            fprintf(f, "%s%s", sp, w->text);
        else if (b && b->text)
            fprintf(f, " ... %s", b->text);
        if (k == rows - 1 && sh->result == 2 && result)
            fprintf(f, " %s", result);
        fputc('\n', f);
    }
    if (sh->result == 1 && result)
        fprintf(f, "%s\n", result);
}

/* ------------------------------------------------------------------ */
/* Cases.                                                               */

/* Write s as a JSON string to f. */
static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(f, "\\%c", *c);
        else if (*c < 0x20)
            fprintf(f, "\\u%04x", *c);
        else
            fputc(*c, f);
    }
    fputc('"', f);
}

static const char *const lang_codes[3] = {"fi", "et", "en"};

/* Draw a sheet's language and habits: the first sheet of a case in any of
 * the three languages, the second (other_lang set) mostly in the first's. */
static void draw_habits(struct sheet *sh, const struct arb_lang *other_lang, struct rng *r)
{
    if (other_lang && rng_chance(r, 0.6))
        sh->lang = other_lang;
    else
        sh->lang = arb_lang_find(lang_codes[rng_int(r, 0, 2)]);
    sh->checks = rng_chance(r, 0.65);
    int c = rng_int(r, 0, 99);
    sh->captures = c < 60 ? CAP_X : c < 80 ? CAP_NONE : c < 90 ? CAP_COLON : CAP_PAWN_BARE;
    bool en = strcmp(sh->lang->code, "en") == 0;
    sh->castle_o = rng_chance(r, en ? 0.5 : 0.3);
    sh->promo_eq = rng_chance(r, en ? 0.6 : 0.3);
    sh->mate_hash = rng_chance(r, 0.7);
    c = rng_int(r, 0, 99);
    sh->numfmt = c < 80 ? NUM_SPACE : c < 95 ? NUM_GLUED : NUM_NODOT;
    c = rng_int(r, 0, 99);
    sh->result = c < 15 ? 1 : c < 25 ? 2 : 0;
}

/* The result as this player writes it at the end of the sheet, or NULL
 * (an unfinished game's "*" is not written). */
static const char *written_result(const struct game *g, struct rng *r)
{
    if (strcmp(g->result, "1-0") == 0 || strcmp(g->result, "0-1") == 0)
        return g->result;
    if (strcmp(g->result, "1/2-1/2") == 0)
        return rng_chance(r, 0.5) ? "1/2-1/2" : "\xC2\xBD-\xC2\xBD";
    return NULL;
}

struct options {
    uint64_t seed;
    int cases;
    int sheets;                /* 1, 2, or 0 for a mix */
    enum gen_kind kind;
    int only;                  /* a slip kind, or -1 */
    const char *out;
    const char *corpus;
};

/* Make case number ci from game g: its sheets in o->out and its line of
 * expected.jsonl in jf.  Returns the number of sheets written (1 or 2),
 * or -1 when a file cannot be written. */
static int make_case(const struct options *o, int ci, const struct game *g, struct ply *pl, FILE *jf)
{
    /* The true game, half-move by half-move. */
    struct arb_pos pos;
    arb_pos_startpos(&pos);
    char uci[MAX_PLIES][6];
    for (int p = 0; p < g->plies; p++) {
        pl[p].pos = pos;
        pl[p].m = g->moves[p];
        arb_san_describe(&pos, g->moves[p], &pl[p].d);
        arb_notation_uci(&pos, g->moves[p], uci[p]);
        struct arb_undo u;
        arb_pos_make(&pos, g->moves[p], &u);
    }
    char fen[128];
    arb_pos_to_fen(&pos, fen);

    struct rng pick;
    rng_seed(&pick, o->seed, 1000003ULL * (uint64_t)(ci + 1));
    int nsheets = o->sheets ? o->sheets : rng_chance(&pick, 0.4) ? 2 : 1;
    struct sheet *sheets = arb_xcalloc(2, sizeof *sheets);
    char names[2][32];
    for (int s = 0; s < nsheets; s++) {
        struct sheet *sh = &sheets[s];
        memset(sh, 0, sizeof *sh);
        struct rng r;
        rng_seed(&r, o->seed, 1000003ULL * (uint64_t)(ci + 1) + 1 + (uint64_t)s);
        draw_habits(sh, s ? sheets[0].lang : NULL, &r);
        /* The slips draw from their own stream: --only keeps the habits. */
        struct rng rs;
        rng_seed(&rs, o->seed ^ 0x5A5A5A5A5A5A5A5AULL, 1000003ULL * (uint64_t)(ci + 1) + 1 + (uint64_t)s);
        sh->plies = sh->written = g->plies;
        for (int p = 0; p < g->plies; p++)
            sh->src[p] = (int16_t)p;
        /* Plain tokens first (a swap must not swap two equal ones). */
        for (int p = 0; p < g->plies; p++)
            spell(sh, pl, p, &rs, sh->text[p], TOK_MAX);
        plan_sheet(sh, pl, o->kind, o->only, &rs);
        for (int p = 0; p < sh->written; p++)
            if (sh->ntok[p])
                spell(sh, pl, p, &rs, sh->text[p], TOK_MAX);
        snprintf(names[s], sizeof names[s], "%03d-%c.txt", ci, 'a' + s);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", o->out, names[s]);
        FILE *f = fopen(path, "w");
        if (!f) {
            fprintf(stderr, "sheetgen: %s: %s\n", path, strerror(errno));
            free(sheets);
            return -1;
        }
        write_rows(sh, sh->result ? written_result(g, &rs) : NULL, &rs, f);
        if (fclose(f) != 0) {
            fprintf(stderr, "sheetgen: %s: %s\n", path, strerror(errno));
            free(sheets);
            return -1;
        }
        /* The slips in order of the half-moves, for the record. */
        for (int i = 1; i < sh->nslip; i++)
            for (int j = i; j > 0 && sh->slip_ply[j - 1] > sh->slip_ply[j]; j--) {
                int16_t tp = sh->slip_ply[j];
                sh->slip_ply[j] = sh->slip_ply[j - 1];
                sh->slip_ply[j - 1] = tp;
                uint8_t tk = sh->slip_kind[j];
                sh->slip_kind[j] = sh->slip_kind[j - 1];
                sh->slip_kind[j - 1] = tk;
            }
    }

    static const char *const kind_names[] = {"timetrouble", "classic", "clean"};
    static const char *const cap_names[] = {"x", "none", "colon", "pawn-bare"};
    static const char *const num_names[] = {"space", "glued", "nodot"};
    static const char *const result_names[] = {"none", "line", "after"};
    fprintf(jf, "{\"case\":\"%03d\",\"sheets\":[", ci);
    for (int s = 0; s < nsheets; s++)
        fprintf(jf, "%s\"%s\"", s ? "," : "", names[s]);
    fprintf(jf, "],\"langs\":[");
    for (int s = 0; s < nsheets; s++)
        fprintf(jf, "%s\"%s\"", s ? "," : "", sheets[s].lang->code);
    fprintf(jf, "],\"lang\":\"%s\",\"slips\":[", sheets[0].lang->code);
    for (int s = 0; s < nsheets; s++) {
        fprintf(jf, "%s[", s ? "," : "");
        for (int i = 0; i < sheets[s].nslip; i++)
            fprintf(jf, "%s\"%s\"", i ? "," : "", slip_info[sheets[s].slip_kind[i]].name);
        fputc(']', jf);
    }
    fprintf(jf, "],\"slip_plies\":[");
    for (int s = 0; s < nsheets; s++) {
        fprintf(jf, "%s[", s ? "," : "");
        for (int i = 0; i < sheets[s].nslip; i++)
            fprintf(jf, "%s%d", i ? "," : "", sheets[s].slip_ply[i]);
        fputc(']', jf);
    }
    fprintf(jf, "],\"nasty\":[");
    for (int s = 0; s < nsheets; s++)
        fprintf(jf, "%s%s", s ? "," : "", sheets[s].nasty ? "true" : "false");
    fprintf(jf, "],\"habits\":[");
    for (int s = 0; s < nsheets; s++) {
        const struct sheet *sh = &sheets[s];
        fprintf(jf, "%s{\"checks\":%s,\"captures\":\"%s\",\"castle\":\"%s\",\"promo\":\"%s\",\"mate\":\"%s\","
                    "\"numbers\":\"%s\",\"result\":\"%s\"}",
                s ? "," : "", sh->checks ? "true" : "false", cap_names[sh->captures], sh->castle_o ? "O-O" : "0-0",
                sh->promo_eq ? "=Q" : "Q", sh->mate_hash ? "#" : sh->lang->mate_mark, num_names[sh->numfmt],
                result_names[sh->result]);
    }
    fprintf(jf, "],\"final_fen\":\"%s\",\"plies\":%d,\"uci\":[", fen, g->plies);
    for (int p = 0; p < g->plies; p++)
        fprintf(jf, "%s\"%s\"", p ? "," : "", uci[p]);
    fprintf(jf, "],\"kind\":\"%s\",\"seed\":%llu", kind_names[o->kind], (unsigned long long)o->seed);
    if (o->only >= 0)
        fprintf(jf, ",\"only\":\"%s\"", slip_info[o->only].name);
    fprintf(jf, ",\"source\":{\"index\":%llu,\"White\":", (unsigned long long)g->index);
    json_str(jf, g->white);
    fprintf(jf, ",\"Black\":");
    json_str(jf, g->black);
    fprintf(jf, ",\"Date\":");
    json_str(jf, g->date);
    fprintf(jf, ",\"Event\":");
    json_str(jf, g->event);
    fprintf(jf, ",\"Result\":");
    json_str(jf, g->result);
    fprintf(jf, "}}\n");
    free(sheets);
    return nsheets;
}

/* Write DIR/README.md: what the set is and the command that makes it
 * again.  Returns 0, or -1 when it cannot be written. */
static int write_readme(const struct options *o, int sheets_written)
{
    static const char *const kind_names[] = {"timetrouble", "classic", "clean"};
    char path[4096];
    snprintf(path, sizeof path, "%s/README.md", o->out);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "sheetgen: %s: %s\n", path, strerror(errno));
        return -1;
    }
    fprintf(f, "# %d %s scoresheet cases (%d sheet files), generated\n\n", o->cases, kind_names[o->kind],
            sheets_written);
    fprintf(f, "Made by `tests/recon/sheetgen.c` (the model and its calibration: `tests/recon/GENERATOR.md`):\n\n"
               "    build/sheetgen --seed=%llu --cases=%d --sheets=%s --kind=%s%s%s --out=DIR %s\n\n",
            (unsigned long long)o->seed, o->cases, o->sheets == 1 ? "1" : o->sheets == 2 ? "2" : "mix",
            kind_names[o->kind], o->only >= 0 ? " --only=" : "", o->only >= 0 ? slip_info[o->only].name : "",
            o->corpus);
    fprintf(f, "Real games of the corpus, each written as one player's sheet (`NNN-a.txt`) and for two-sheet\n"
               "cases the opponent's too (`NNN-b.txt`), one row per line, in Finnish, Estonian or English\n"
               "letters with the player's habits; `expected.jsonl` has a line a case: `case`, `sheets`,\n"
               "`langs`, `slips` and `slip_plies` (per sheet, the slips and the 0-based half-move each is on),\n"
               "`nasty`, `habits`, `final_fen`, `plies`, `uci` (the game as played), `kind`, `seed`,\n"
               "`source` (the game's number in the corpus and its tags).\n\n"
               "Run `tests/recon/eval.sh DIR` to measure `arbiter reconstruct` on it.\n");
    if (fclose(f) != 0) {
        fprintf(stderr, "sheetgen: %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* Print the usage to f. */
static void usage(FILE *f)
{
    fprintf(f, "usage: sheetgen [--seed=S] [--cases=N] [--sheets=1|2|mix] [--kind=timetrouble|classic|clean]\n"
               "                [--only=KIND] [--out=DIR] [CORPUS.pgn]\n"
               "slip kinds for --only:");
    for (int k = 0; k < SK_N; k++)
        fprintf(f, " %s", slip_info[k].name);
    fputc('\n', f);
}

/* The value of option `name` ("--seed=") in arg, or NULL when arg is not it. */
static const char *opt_value(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 ? arg + n : NULL;
}

/* Read the command line into *o.  Returns 0, 1 for --help, -1 on a usage error. */
static int parse_args(int argc, char **argv, struct options *o)
{
    *o = (struct options){1, 60, 0, GK_TIMETROUBLE, -1, "build/sheets", "build/data/corpus/pgnmentor-14-players.pgn"};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        char *end;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
            return 1;
        if ((v = opt_value(a, "--seed="))) {
            errno = 0;
            o->seed = strtoull(v, &end, 10);
            if (errno || end == v || *end)
                return -1;
        } else if ((v = opt_value(a, "--cases="))) {
            long n = strtol(v, &end, 10);
            if (end == v || *end || n < 1 || n > 9999)
                return -1;
            o->cases = (int)n;
        } else if ((v = opt_value(a, "--sheets="))) {
            if (strcmp(v, "1") == 0)
                o->sheets = 1;
            else if (strcmp(v, "2") == 0)
                o->sheets = 2;
            else if (strcmp(v, "mix") == 0)
                o->sheets = 0;
            else
                return -1;
        } else if ((v = opt_value(a, "--kind="))) {
            if (strcmp(v, "timetrouble") == 0)
                o->kind = GK_TIMETROUBLE;
            else if (strcmp(v, "classic") == 0)
                o->kind = GK_CLASSIC;
            else if (strcmp(v, "clean") == 0)
                o->kind = GK_CLEAN;
            else
                return -1;
        } else if ((v = opt_value(a, "--only="))) {
            o->only = slip_find(v);
            if (o->only < 0)
                return -1;
        } else if ((v = opt_value(a, "--out="))) {
            o->out = v;
        } else if (a[0] == '-' && a[1]) {
            return -1;
        } else {
            o->corpus = a;
        }
    }
    if (o->kind == GK_CLEAN && o->only >= 0)
        return -1;
    return 0;
}

/* Read the corpus, pick the games and write the cases (see the top of the
 * file).  Exit status 0, 1 when the corpus or an output file fails, 2 on
 * a usage error. */
int main(int argc, char **argv)
{
    struct options o;
    int pr = parse_args(argc, argv, &o);
    if (pr != 0) {
        usage(pr > 0 ? stdout : stderr);
        return pr > 0 ? 0 : 2;
    }
    arb_board_init();
    struct corpus c = {0};
    char err[512];
    if (corpus_read(o.corpus, &c, err, sizeof err) < 0) {
        fprintf(stderr, "sheetgen: %s\n", err);
        return 1;
    }
    if (c.n < o.cases) {
        fprintf(stderr, "sheetgen: %s: only %d usable games for %d cases\n", o.corpus, c.n, o.cases);
        return 1;
    }
    /* N games drawn over the whole file (a partial shuffle), in file order. */
    int *idx = arb_xmalloc((size_t)c.n * sizeof *idx);
    for (int i = 0; i < c.n; i++)
        idx[i] = i;
    struct rng pick;
    rng_seed(&pick, o.seed, 0);
    for (int i = 0; i < o.cases; i++) {
        int j = rng_int(&pick, i, c.n - 1);
        int t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
    }
    for (int i = 1; i < o.cases; i++)
        for (int j = i; j > 0 && idx[j - 1] > idx[j]; j--) {
            int t = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = t;
        }
    if (mkdir(o.out, 0777) < 0 && errno != EEXIST) {
        fprintf(stderr, "sheetgen: %s: %s\n", o.out, strerror(errno));
        return 1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/expected.jsonl", o.out);
    FILE *jf = fopen(path, "w");
    if (!jf) {
        fprintf(stderr, "sheetgen: %s: %s\n", path, strerror(errno));
        return 1;
    }
    struct ply *pl = arb_xcalloc(MAX_PLIES, sizeof *pl);
    int rc = 0, sheets_written = 0;
    for (int i = 0; i < o.cases && rc >= 0; i++) {
        rc = make_case(&o, i, &c.g[idx[i]], pl, jf);
        sheets_written += rc > 0 ? rc : 0;
    }
    if (rc >= 0)
        rc = write_readme(&o, sheets_written);
    if (fclose(jf) != 0) {
        fprintf(stderr, "sheetgen: %s: %s\n", path, strerror(errno));
        rc = -1;
    }
    if (rc >= 0)
        fprintf(stderr, "sheetgen: %d cases (%d sheets) from %d usable games of %s in %s\n", o.cases, sheets_written,
                c.n, o.corpus, o.out);
    for (int i = 0; i < c.n; i++) {
        free(c.g[i].white);
        free(c.g[i].black);
        free(c.g[i].date);
        free(c.g[i].event);
        free(c.g[i].result);
    }
    free(c.g);
    free(idx);
    free(pl);
    return rc < 0 ? 1 : 0;
}
