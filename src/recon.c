/* recon.c — reconstruct a game from flawed scoresheets (see recon.h).
 *
 * Token cost.  Both the recorded token and the move are reduced to their
 * letters and digits (capture, check and promotion marks, hyphens and
 * annotations are noted apart), the move in each form a player may
 * legitimately write it (SAN as the Laws' appendix gives it, over-specified
 * by file or rank, the long form).  The cost is the least weighted edit
 * distance to one of those forms (a substitution of letters or digits that
 * handwriting confuses — 3/5, 1/7, 6/8, c/e, b/h — costs less than any
 * other; a piece letter of another language for the same piece less
 * still; two neighbours swapped cost as one slip), plus small costs for
 * marks that disagree with the move, capped at ARB_RECON_GARBAGE.
 *
 * Search.  A beam over the plies: every state holds a position and the
 * place reached in each sheet.  From a state, each legal move is taken
 * with, per sheet, the next token read as it (its token cost), or as not
 * recorded (a row of the sheet, White's and Black's move, left out:
 * NOT_RECORDED twice, or the moves after the sheet ends); a token that was
 * no move is skipped at a cost.  States with the same position and places
 * are merged (the cheapest two kept, so that equal-cost games stay
 * visible); the cheapest `beam` states go on.  A state with every sheet
 * read to its end (and the final position, when given) ends a candidate
 * game.
 */
#include "recon.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "san.h"
#include "util.h"

/* Costs of the search's steps (token costs are 0 .. ARB_RECON_GARBAGE). */
#define COST_UNREADABLE 1.0   /* "?" read as any move */
#define COST_NOT_RECORDED 1.5 /* per move of a row left out (a row: 3.0) */
#define COST_TRAILING 0.5     /* per move after the sheet's last (final position given) */
#define COST_EXTRA 2.0        /* a token that was no move */
#define COST_REPEAT 1.0       /* ... written again (the same as the token one or two before) */
#define COST_GAP 0.75         /* per move of a row the move numbers show empty */
#define COST_NUMBER 1.0       /* a token read at another move number (or side) than written */
#define COST_READ_MAX 2.0     /* a token is read only as moves this close (unless it fits none) */
#define CLOSE 1.0             /* states this close to the best are kept past the beam ... */
#define WIDEN 4               /* ... up to this many beams */
#define SLACK 4.0             /* states this much worse than the ply's best are dropped */

/* ---- token cost ------------------------------------------------------- */

struct norm {
    char s[32];                   /* letters and digits */
    int n;
    bool capture, check, mate, unreadable;
};


static void normalize(const char *tok, struct norm *o)
{
    memset(o, 0, sizeof *o);
    size_t len = strlen(tok);
    if (len == 1 && tok[0] == '?') {
        o->unreadable = true;
        return;
    }
    /* Castling in any of its spellings (0-0, O-O, o-o, OO, 000). */
    int oo = 0;
    bool only = len > 0;
    for (size_t i = 0; i < len; i++) {
        char c = tok[i];
        if (c == '0' || c == 'O' || c == 'o')
            oo++;
        else if (c != '-' && c != '+' && c != '#' && c != '!' && c != '?')
            only = false;
    }
    if (only && (oo == 2 || oo == 3)) {
        memcpy(o->s, oo == 2 ? "OO" : "OOO", (size_t)oo + 1);
        o->n = oo;
        o->check = strchr(tok, '+') != NULL;
        o->mate = strchr(tok, '#') != NULL;
        return;
    }
    for (size_t i = 0; i < len && o->n < (int)sizeof o->s - 1; i++) {
        unsigned char c = (unsigned char)tok[i];
        if (c == 'x' || c == ':')
            o->capture = true;
        else if (c == '+')
            o->check = true;
        else if (c == '#')
            o->mate = true;
        else if (c == 'X' && i + 1 < len)
            o->capture = true;   /* DXh4 */
        else if (c == 'X')
            o->mate = true;      /* Finnish mate mark after the move */
        else if (c == '-' || c == '=' || c == '!' || c == '?' || c == '(' || c == ')' || c == '/' || c == ' ')
            continue;
        else if (c == '.' || (c == 'e' && i + 1 < len && tok[i + 1] == '.'))
            continue;            /* e.p. marks */
        else if (c == 'p' && i > 0 && tok[i - 1] == '.')
            continue;
        else
            o->s[o->n++] = (char)c;
    }
    o->s[o->n] = 0;
}

/* Piece types each upper-case letter stands for in some language (bits). */
static unsigned letter_types[128];
static pthread_once_t letters_once = PTHREAD_ONCE_INIT;

static void fill_letters(void)
{
    for (int l = 0; arb_langs[l]; l++)
        for (int t = ARB_KNIGHT; t <= ARB_KING; t++) {
            const char *p = arb_langs[l]->piece[t];
            if (p && (unsigned char)p[0] < 128 && p[0] >= 'A' && p[0] <= 'Z')
                letter_types[(unsigned char)p[0]] |= 1u << t;
        }
}

static void fill_sub_table(void);

static void fill_tables(void)
{
    fill_letters();
    fill_sub_table();
}

static void init_letters(void)
{
    pthread_once(&letters_once, fill_tables);
}

/* Pairs handwriting confuses, each written once. */
static const char *const confusable[] = {
    "35", "45", "17", "68", "38", "56", "58", "49", "27", "12", "69", "13",
    "ce", "ae", "bh", "ad", "cg", "fh", "ef", "dg",
    "b6", "g9", "h4", "a4", "e8", "c6",
    "BR", "BD", "KR", "QO", "DO", "LB", "TF", "NH", "SB", "RP",
    "l1", "I1", "i1", "S5", "s5", "Z2", "z2", "G6", "B8", "q9", "o0", "O0",
    NULL
};

static float sub_table[128][128];

static double sub_cost_slow(char a, char b)
{
    if (a == b)
        return 0;
    for (int i = 0; confusable[i]; i++)
        if ((confusable[i][0] == a && confusable[i][1] == b) || (confusable[i][0] == b && confusable[i][1] == a))
            return 0.5;
    if ((unsigned char)a < 128 && (unsigned char)b < 128 && (a ^ 0x20) == b)
        return 0.3;          /* the same letter in the other case */
    return 1.0;
}

static void fill_sub_table(void)
{
    for (int a = 0; a < 128; a++)
        for (int b = 0; b < 128; b++)
            sub_table[a][b] = (float)sub_cost_slow((char)a, (char)b);
}

/* Substitution cost: from the table for ASCII, 0 or 1 otherwise. */
static inline double sub_cost(char a, char b)
{
    if ((unsigned char)a < 128 && (unsigned char)b < 128)
        return sub_table[(unsigned char)a][(unsigned char)b];
    return a == b ? 0 : 1.0;
}

/* Weighted edit distance with adjacent transpositions (optimal string
 * alignment); ops (may be NULL) gets the edits in words.  When the form
 * begins with the letter of piece type ptype (else -1), a letter that names
 * that piece in another language costs 0.3 there. */
static double sub_at(const struct norm *t, const struct norm *f, int i, int j, int ptype)
{
    char a = t->s[i], b = f->s[j];
    if (j == 0 && ptype >= 0 && a != b && (unsigned char)a < 128) {
        /* Another language's letter for the piece, or one written small. */
        char up = a >= 'a' && a <= 'z' ? (char)(a - 32) : a;
        if (letter_types[(unsigned char)up] & (1u << ptype))
            return 0.3;
    }
    return sub_cost(a, b);
}

static double edit(const struct norm *t, const struct norm *f, char *ops, size_t cap, int ptype)
{
    double d[33][33];
    int n = t->n, m = f->n;
    for (int i = 0; i <= n; i++)
        d[i][0] = i;
    for (int j = 0; j <= m; j++)
        d[0][j] = j;
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= m; j++) {
            double best = d[i - 1][j] + 1.0;
            if (d[i][j - 1] + 1.0 < best)
                best = d[i][j - 1] + 1.0;
            double s = d[i - 1][j - 1] + sub_at(t, f, i - 1, j - 1, ptype);
            if (s < best)
                best = s;
            if (i > 1 && j > 1 && t->s[i - 1] == f->s[j - 2] && t->s[i - 2] == f->s[j - 1] && t->s[i - 1] != t->s[i - 2]
                && d[i - 2][j - 2] + 0.7 < best)
                best = d[i - 2][j - 2] + 0.7;
            d[i][j] = best;
        }
    if (ops) {
        /* Walk back for the words. */
        char buf[160] = "";
        size_t bl = 0;
        int i = n, j = m;
        while ((i > 0 || j > 0) && bl < sizeof buf - 40) {
            char piece[48] = "";
            if (i > 1 && j > 1 && t->s[i - 1] == f->s[j - 2] && t->s[i - 2] == f->s[j - 1] && t->s[i - 1] != t->s[i - 2]
                && fabs(d[i][j] - (d[i - 2][j - 2] + 0.7)) < 1e-9) {
                snprintf(piece, sizeof piece, "'%c%c' for '%c%c'", t->s[i - 2], t->s[i - 1], f->s[j - 2], f->s[j - 1]);
                i -= 2;
                j -= 2;
            } else if (i > 0 && j > 0 && fabs(d[i][j] - (d[i - 1][j - 1] + sub_at(t, f, i - 1, j - 1, ptype))) < 1e-9) {
                if (t->s[i - 1] != f->s[j - 1])
                    snprintf(piece, sizeof piece, "'%c' for '%c'", t->s[i - 1], f->s[j - 1]);
                i--;
                j--;
            } else if (i > 0 && fabs(d[i][j] - (d[i - 1][j] + 1.0)) < 1e-9) {
                snprintf(piece, sizeof piece, "'%c' too many", t->s[i - 1]);
                i--;
            } else {
                snprintf(piece, sizeof piece, "'%c' missing", f->s[j - 1]);
                j--;
            }
            if (piece[0]) {
                /* Prepend: the walk goes backwards. */
                size_t pl = strlen(piece);
                memmove(buf + pl + (bl ? 2 : 0), buf, bl + 1);
                memcpy(buf, piece, pl);
                if (bl)
                    memcpy(buf + pl, ", ", 2);
                bl += pl + (bl ? 2 : 0);
            }
        }
        snprintf(ops, cap, "%s", buf);
    }
    return d[n][m];
}

/* The token cost (see the top of the file): the forms of move m are built
 * from the move and the position's legal moves ml (C.10's disambiguation);
 * check is looked at only when the token has a mark.  reason (may be NULL)
 * gets the slips in words. */
static void put_str(struct norm *f, const char *s)
{
    for (; s && *s && f->n < (int)sizeof f->s - 1; s++)
        if (*s != '=' && *s != '-' && *s != '(' && *s != ')' && *s != '/')
            f->s[f->n++] = *s;
}

static void put_sq(struct norm *f, int file, int rank)
{
    if (file >= 0 && f->n < (int)sizeof f->s - 1)
        f->s[f->n++] = (char)('a' + file);
    if (rank >= 0 && f->n < (int)sizeof f->s - 1)
        f->s[f->n++] = (char)('1' + rank);
}

/* Token costs already worked out in a search: the edit part depends only
 * on the token and the move's written forms (piece, squares, promotion,
 * disambiguation, capture), not on the rest of the position. */
#define CACHE_BITS 16
struct cost_cache {
    uint64_t key[1u << CACHE_BITS];
    float cost[1u << CACHE_BITS];
};

static double token_cost_cached(const struct arb_lang *lang, const struct norm *t, const struct arb_pos *pos,
                                const struct arb_movelist *ml, arb_move m, char *reason, size_t cap,
                                struct cost_cache *cc, uint32_t tok_id, int need);

static double token_cost(const struct arb_lang *lang, const struct norm *t, const struct arb_pos *pos,
                         const struct arb_movelist *ml, arb_move m, char *reason, size_t cap)
{
    return token_cost_cached(lang, t, pos, ml, m, reason, cap, NULL, 0, -1);
}

/* What C.10 needs to tell each legal move from the others of its kind to
 * the same square: bit 0 the file, bit 1 the rank. */
static void disambiguation(const struct arb_pos *pos, const struct arb_movelist *ml, uint8_t *need)
{
    int head[64], next[ARB_MAX_MOVES];
    for (int sq = 0; sq < 64; sq++)
        head[sq] = -1;
    for (int j = 0; j < ml->n; j++) {
        int to = arb_move_to(ml->moves[j]);
        next[j] = head[to];
        head[to] = j;
    }
    for (int j = 0; j < ml->n; j++) {
        arb_move m = ml->moves[j];
        int from = arb_move_from(m), type = arb_piece_type(pos->board[from]);
        need[j] = 0;
        if (type == ARB_PAWN || type == ARB_KING || arb_move_kind(m) == ARB_MK_CASTLE)
            continue;
        bool other = false, same_file = false, same_rank = false;
        for (int o = head[arb_move_to(m)]; o >= 0; o = next[o]) {
            int of = arb_move_from(ml->moves[o]);
            if (o == j || of == from || arb_move_kind(ml->moves[o]) == ARB_MK_CASTLE
                || arb_piece_type(pos->board[of]) != type)
                continue;
            other = true;
            same_file |= (of & 7) == (from & 7);
            same_rank |= (of >> 3) == (from >> 3);
        }
        if (other)
            need[j] = !same_file ? 1 : !same_rank ? 2 : 3;
    }
}

static double token_cost_cached(const struct arb_lang *lang, const struct norm *t, const struct arb_pos *pos,
                                const struct arb_movelist *ml, arb_move m, char *reason, size_t cap,
                                struct cost_cache *cc, uint32_t tok_id, int need)
{
    if (reason && cap)
        reason[0] = 0;
    if (t->unreadable) {
        if (reason)
            snprintf(reason, cap, "unreadable");
        return COST_UNREADABLE;
    }
    int from = arb_move_from(m), to = arb_move_to(m), kind = arb_move_kind(m);
    int type = arb_piece_type(pos->board[from]);
    bool capture = kind == ARB_MK_EP || (kind != ARB_MK_CASTLE && pos->board[to] != ARB_EMPTY);
    struct norm forms[6];
    double extra[6];
    int nf = 0, bi = 0;
    int ptype = -1;   /* the forms begin with this piece's letter */
    int both_letters = -1;   /* the form that names both pieces of a capture (BxN) */
    double best;
    if (kind == ARB_MK_CASTLE) {
        struct norm *f = &forms[nf++];
        memset(f, 0, sizeof *f);
        bool h = (to & 7) > (from & 7);
        memcpy(f->s, h ? "OO" : "OOO", h ? 3 : 4);
        f->n = h ? 2 : 3;
        best = edit(t, f, NULL, 0, -1);
        extra[0] = 0;
    } else {
        /* What C.10 needs to tell this move from the others of its kind. */
        bool need_file = false, need_rank = false;
        if (type == ARB_PAWN) {
            need_file = capture;
        } else if (need >= 0) {
            need_file = need & 1;
            need_rank = need & 2;
        } else {
            bool other = false, same_file = false, same_rank = false;
            for (int j = 0; j < ml->n; j++) {
                arb_move o = ml->moves[j];
                if (o == m || arb_move_to(o) != to || arb_move_kind(o) == ARB_MK_CASTLE)
                    continue;
                int of = arb_move_from(o);
                if (of == from || arb_piece_type(pos->board[of]) != type)
                    continue;
                other = true;
                same_file |= (of & 7) == (from & 7);
                same_rank |= (of >> 3) == (from >> 3);
            }
            if (other) {
                if (!same_file)
                    need_file = true;
                else if (!same_rank)
                    need_rank = true;
                else
                    need_file = need_rank = true;
            }
        }
        int promo = arb_move_promo(m);
        int taken = capture && kind != ARB_MK_EP ? arb_piece_type(pos->board[to]) : ARB_PAWN;
        uint64_t key = 0;
        size_t slot = 0;
        if (cc && !reason) {
            key = ((uint64_t)tok_id << 32) | ((uint64_t)type << 28) | ((uint64_t)from << 22) | ((uint64_t)to << 16)
                  | ((uint64_t)(promo & 7) << 12) | ((uint64_t)need_file << 11) | ((uint64_t)need_rank << 10)
                  | ((uint64_t)capture << 9) | ((uint64_t)taken << 6) | 1;
            uint64_t h = key * 0x9E3779B97F4A7C15ull;
            slot = (size_t)(h >> (64 - CACHE_BITS));
        }
        if (cc && !reason && cc->key[slot] == key) {
            best = cc->cost[slot];
            goto marks;
        }
        /* Forms: canonical first, then over-specified and long (as good,
         * nearly), then without the disambiguation C.10 asks for. */
        static const int8_t spec[5][2] = {{0, 0}, {1, 1}, {1, 0}, {0, 1}, {0, 0}};
        for (int v = 0; v < 5; v++) {
            bool ff = v == 0 ? need_file : spec[v][0], fr = v == 0 ? need_rank : spec[v][1];
            if (v > 0 && v < 4 && ff == need_file && fr == need_rank)
                continue;
            if (v == 4 && (type == ARB_PAWN || (!need_file && !need_rank)))
                continue;
            if (type == ARB_PAWN && v >= 2 && v < 4)
                continue;
            if (type == ARB_PAWN && capture && !ff)
                continue;
            extra[nf] = v == 0 ? 0 : v == 4 ? 0.4 : 0.05;
            struct norm *f = &forms[nf++];
            memset(f, 0, sizeof *f);
            if (type != ARB_PAWN) {
                put_str(f, lang->piece[type]);
                ptype = type;
            }
            put_sq(f, ff ? from & 7 : -1, fr ? from >> 3 : -1);
            put_sq(f, to & 7, to >> 3);
            if (promo != ARB_NO_PIECE)
                put_str(f, lang->piece[promo]);
            f->s[f->n] = 0;
        }
        /* A capture written with the letters of both pieces (BxN, RxB). */
        if (capture && type != ARB_PAWN && lang->piece[taken ? taken : ARB_PAWN]) {
            const char *tl = taken == ARB_PAWN ? (lang->pawn_letter ? lang->pawn_letter : "P") : lang->piece[taken];
            extra[nf] = 0.3;
            both_letters = nf;
            struct norm *f = &forms[nf++];
            memset(f, 0, sizeof *f);
            put_str(f, lang->piece[type]);
            put_str(f, tl);
            f->s[f->n] = 0;
        }
        best = 1e9;
        for (int i = 0; i < nf; i++) {
            double c = edit(t, &forms[i], NULL, 0, ptype) + extra[i];
            if (c < best - 1e-9) {
                best = c;
                bi = i;
            }
        }
        if (cc && !reason) {
            cc->key[slot] = key;
            cc->cost[slot] = (float)best;
        }
    }
marks:;
    char ops[160];
    ops[0] = 0;
    if (reason && best > 0.06 && best < ARB_RECON_GARBAGE)
        edit(t, &forms[bi], ops, sizeof ops, kind == ARB_MK_CASTLE ? -1 : ptype);
    if (reason && bi == both_letters)
        snprintf(ops + strlen(ops), sizeof ops - strlen(ops), "%sa capture written with both pieces' letters",
                 ops[0] ? "; " : "");
    else if (reason && extra[bi] > 0.3)
        snprintf(ops + strlen(ops), sizeof ops - strlen(ops), "%sthe piece that moved not told apart (C.10)",
                 ops[0] ? "; " : "");
    double marks = 0;
    const char *mark_note = "", *check_note = "";
    if (t->capture && !capture) {
        marks += 0.3;
        mark_note = "capture mark on a move that takes nothing";
    } else if (!t->capture && capture && kind != ARB_MK_CASTLE) {
        marks += 0.15;
        mark_note = "capture mark missing";
    }
    if ((t->check || t->mate) && best + marks < ARB_RECON_GARBAGE) {
        /* A check mark on a move that gives no check. */
        struct arb_pos p = *pos;
        struct arb_undo u;
        arb_pos_make(&p, m, &u);
        if (!p.checkers) {
            marks += 0.3;
            check_note = "check mark on a move that gives no check";
        }
    }
    double c = best + marks;
    if (c >= ARB_RECON_GARBAGE) {
        if (reason)
            snprintf(reason, cap, "nothing like the move");
        return ARB_RECON_GARBAGE;
    }
    if (reason)
        snprintf(reason, cap, "%s%s%s%s%s", ops, ops[0] && mark_note[0] ? "; " : "", mark_note,
                 (ops[0] || mark_note[0]) && check_note[0] ? "; " : "", check_note);
    return c;
}

double arb_recon_token_cost(const struct arb_lang *lang, const char *tok, const struct arb_pos *pos, arb_move m,
                            char *reason, size_t cap)
{
    init_letters();
    struct norm t;
    normalize(tok, &t);
    struct arb_movelist ml;
    arb_gen_legal(pos, &ml);
    return token_cost(lang, &t, pos, &ml, m, reason, cap);
}


const struct arb_lang *arb_recon_guess_lang(const char *const *tok, int n, const struct arb_lang *hint)
{
    int best = -1, best_score = -1;
    int hint_i = hint ? arb_lang_index(hint) : -1;
    for (int l = 0; arb_langs[l]; l++) {
        if (arb_langs[l]->spoken)
            continue;
        int score = 0;
        for (int i = 0; i < n; i++) {
            struct arb_movedesc d;
            struct arb_parse_info info;
            const char *t = tok[i];
            if (!((t[0] >= 'A' && t[0] <= 'Z') || (unsigned char)t[0] >= 0x80))
                continue;   /* pawn moves and castling tell nothing */
            if (arb_notation_parse(arb_langs[l], t, strlen(t), &d, &info) == ARB_NP_MOVE && !d.castle)
                score++;
        }
        if (score > best_score || (score == best_score && l == hint_i)) {
            best = l;
            best_score = score;
        }
    }
    return best >= 0 ? arb_langs[best] : arb_langs[0];
}

/* ---- search ----------------------------------------------------------- */

/* A step of some game: kept for every state that survives a ply. */
struct rnode {
    int parent;                   /* -1 at the start */
    arb_move move;                /* 0: the step skipped tokens (extra) */
    int16_t tok[ARB_RECON_MAX_SHEETS];   /* token read (or skipped) per sheet, -1 none */
    uint8_t kind[ARB_RECON_MAX_SHEETS];  /* enum arb_recon_kind per sheet; 0xff: sheet not involved */
    float tcost[ARB_RECON_MAX_SHEETS];
    uint16_t skip[ARB_RECON_MAX_SHEETS]; /* tokens before tok that were no move (a move 0 node:
                                            the tokens from tok on, after the game) */
};

struct state {
    struct arb_pos pos;
    int i[ARB_RECON_MAX_SHEETS];  /* next token per sheet */
    uint8_t owe;                  /* bit k: sheet k left out White's move of a row: Black's goes too */
    double cost;
    int node;
    int away;                     /* squares that differ from the final position */
};

/* A child before it is made: parent state, move and what each sheet did. */
struct cand {
    uint64_t key;
    double cost;
    int away;                     /* squares that differ from the final position (0 if none given) */
    int parent;                   /* index in the current ply's states */
    arb_move move;
    int i[ARB_RECON_MAX_SHEETS];
    uint8_t owe;
    uint8_t kind[ARB_RECON_MAX_SHEETS];
    int16_t tok[ARB_RECON_MAX_SHEETS];
    float tcost[ARB_RECON_MAX_SHEETS];
    uint8_t skip[ARB_RECON_MAX_SHEETS];
};

struct search {
    const struct arb_sheet *sh;
    int ns;
    struct norm *tn[ARB_RECON_MAX_SHEETS];   /* the sheets' tokens, normalized */
    struct cost_cache *cache;
    arb_move only;                /* nonzero: expand this move only (opts.force) */
    double *skipc[ARB_RECON_MAX_SHEETS];     /* skip_cost of each token */
    const struct arb_recon_opts *o;
    struct rnode *nodes;
    int n_nodes, cap_nodes;
    struct cand *cand;
    size_t n_cand, cap_cand;
    int *hash;                    /* candidate index per slot, -1 empty */
    size_t cap_hash;
    /* Games found: node of the last step and cost. */
    struct goal { int node; double cost; struct arb_pos pos; } *goals;
    int n_goals, cap_goals;
    double best_goal;
    long expanded;
    bool pruned;
};

static int add_node(struct search *s, const struct rnode *n)
{
    if (s->n_nodes == s->cap_nodes) {
        s->cap_nodes = s->cap_nodes ? 2 * s->cap_nodes : 4096;
        s->nodes = arb_xrealloc(s->nodes, (size_t)s->cap_nodes * sizeof *s->nodes);
    }
    s->nodes[s->n_nodes] = *n;
    return s->n_nodes++;
}

static void add_cand(struct search *s, const struct cand *c)
{
    if (s->n_cand == s->cap_cand) {
        s->cap_cand = s->cap_cand ? 2 * s->cap_cand : 4096;
        s->cand = arb_xrealloc(s->cand, s->cap_cand * sizeof *s->cand);
    }
    s->cand[s->n_cand++] = *c;
}

static uint64_t place_key(uint64_t key, const int *i, int ns, uint8_t owe)
{
    uint64_t h = key;
    for (int k = 0; k < ns; k++)
        h ^= (uint64_t)(i[k] + 1) * (k ? 0x9E3779B97F4A7C15ull : 0xC2B2AE3D27D4EB4Full);
    h ^= (uint64_t)owe * 0x165667B19E3779F9ull;
    return h * 0xff51afd7ed558ccdull;
}

static bool same_position(const struct arb_pos *a, const struct arb_pos *b)
{
    return a->side == b->side && memcmp(a->board, b->board, sizeof a->board) == 0;
}

/* The final position is still reachable: no side has fewer pieces, or
 * fewer pawns, than it will have at the end. */
static bool can_reach(const struct arb_pos *p, const struct arb_pos *f)
{
    for (int c = 0; c < 2; c++) {
        if (__builtin_popcountll(p->by_color[c]) < __builtin_popcountll(f->by_color[c]))
            return false;
        if (__builtin_popcountll(p->by_color[c] & p->by_type[ARB_PAWN])
            < __builtin_popcountll(f->by_color[c] & f->by_type[ARB_PAWN]))
            return false;
    }
    return true;
}

/* Cheapest first; among equals, the nearer to the final position. */
static int cmp_cost(const void *a, const void *b)
{
    const struct cand *x = a, *y = b;
    if (x->cost != y->cost)
        return x->cost < y->cost ? -1 : 1;
    return (x->away > y->away) - (x->away < y->away);
}

static int squares_away(const struct arb_pos *p, const struct arb_pos *f)
{
    int n = 0;
    for (int sq = 0; sq < 64; sq++)
        n += p->board[sq] != f->board[sq];
    return n;
}

/* The end of a game at state st: the tokens the sheets still hold were no
 * move (a step without a move passes over them; *after is their cost).
 * Returns the game's last node. */
static int end_node(struct search *s, const struct state *st, double *after)
{
    struct rnode nd = {.parent = st->node, .move = 0, .tok = {-1, -1}, .kind = {0xff, 0xff}};
    bool any = false;
    *after = 0;
    for (int k = 0; k < s->ns; k++)
        if (st->i[k] < s->sh[k].n) {
            nd.tok[k] = (int16_t)st->i[k];
            nd.skip[k] = (uint16_t)(s->sh[k].n - st->i[k]);
            nd.kind[k] = ARB_RC_EXTRA;
            for (int x = st->i[k]; x < s->sh[k].n; x++)
                *after += s->skipc[k][x];
            any = true;
        }
    return any ? add_node(s, &nd) : st->node;
}

/* Move the k cheapest of c[0..n) to the front (quickselect with Hoare's
 * partition), in no particular order but a deterministic one. */
static void select_cheapest(struct cand *c, size_t n, size_t k)
{
    long lo = 0, hi = (long)n - 1, want = (long)k - 1;   /* c[want] is the k-th cheapest */
    while (lo < hi) {
        struct cand pivot = c[lo + (hi - lo) / 2];
        long i = lo - 1, j = hi + 1;
        for (;;) {
            do
                i++;
            while (cmp_cost(&c[i], &pivot) < 0);
            do
                j--;
            while (cmp_cost(&c[j], &pivot) > 0);
            if (i >= j)
                break;
            struct cand t = c[i];
            c[i] = c[j];
            c[j] = t;
        }
        /* c[lo..j] <= pivot <= c[j+1..hi] */
        if (want <= j)
            hi = j;
        else
            lo = j + 1;
    }
}

static void add_goal(struct search *s, int node, double cost, const struct arb_pos *pos)
{
    if (s->n_goals == s->cap_goals) {
        s->cap_goals = s->cap_goals ? 2 * s->cap_goals : 64;
        s->goals = arb_xrealloc(s->goals, (size_t)s->cap_goals * sizeof *s->goals);
    }
    s->goals[s->n_goals].node = node;
    s->goals[s->n_goals].cost = cost;
    s->goals[s->n_goals].pos = *pos;
    s->n_goals++;
    if (cost < s->best_goal)
        s->best_goal = cost;
}

/* The move number (or side) written for token t of sheet sh is not that
 * of the move pos is about to make. */
static bool number_disagrees(const struct arb_sheet *sh, int t, const struct arb_pos *pos)
{
    int num = sh->num ? sh->num[t] : 0;
    int side = sh->black ? sh->black[t] : -1;
    return (num > 0 && num != (int)pos->fullmove) || (side >= 0 && side != pos->side);
}

/* What passing over token x of sheet sh as no move costs: less when it
 * repeats the token one or two before (a move or a row written twice). */
static double skip_cost(const struct arb_sheet *sh, int x)
{
    bool repeat = (x >= 1 && !strcmp(sh->tok[x], sh->tok[x - 1])) || (x >= 2 && !strcmp(sh->tok[x], sh->tok[x - 2]));
    return repeat ? COST_REPEAT : COST_EXTRA;
}

/* The moves of state st (index idx), each with every sheet's choice,
 * combined over the sheets into candidates.  Per sheet: the next token read
 * as the move (only moves it resembles, unless it resembles none: a garbled
 * token), or the move not recorded (a row of the sheet left out; only where
 * the token fits no move well or its move number says a row is missing),
 * or, after the sheet's end, moves made but not recorded. */
static void expand_state(struct search *s, const struct state *st, int idx, const struct arb_movelist *ml)
{
    const struct arb_pos *pos = &st->pos;
    bool white = pos->side == ARB_WHITE;
    /* 8.4: in the window with no duty to record, a move left out is no slip. */
    double omit = s->o->no_duty_from > 0 && (int)pos->fullmove >= s->o->no_duty_from ? COST_TRAILING
                                                                                    : COST_NOT_RECORDED;
    static _Thread_local double cost[ARB_RECON_MAX_SHEETS][3][ARB_MAX_MOVES];
    uint8_t need[ARB_MAX_MOVES];
    disambiguation(pos, ml, need);
    int n_skip[ARB_RECON_MAX_SHEETS];   /* tokens that may be passed over as no move: 0..2 */
    bool read_any[ARB_RECON_MAX_SHEETS], omit_ok[ARB_RECON_MAX_SHEETS], trailing[ARB_RECON_MAX_SHEETS];
    double numcost[ARB_RECON_MAX_SHEETS], omit_cost[ARB_RECON_MAX_SHEETS];
    for (int k = 0; k < s->ns; k++) {
        const struct arb_sheet *sh = &s->sh[k];
        int i = st->i[k];
        read_any[k] = omit_ok[k] = trailing[k] = false;
        n_skip[k] = 0;
        numcost[k] = 0;
        omit_cost[k] = omit;
        if (i < sh->n && sh->num && sh->num[i] > (int)pos->fullmove && omit_cost[k] > COST_GAP)
            omit_cost[k] = COST_GAP;   /* the numbers say a row is empty */
        if (st->owe & (1u << k))
            continue;   /* Black's move of a row left out: the only choice */
        if (i >= sh->n) {
            /* After the sheet's last token: moves made but not recorded, when
             * the final position, the move count or the other sheet says the
             * game went on. */
            bool other_goes_on = false;
            for (int q = 0; q < s->ns; q++)
                other_goes_on |= q != k && st->i[q] < s->sh[q].n;
            trailing[k] = s->o->final || s->o->moves || other_goes_on;
            if (!trailing[k])
                return;
            continue;
        }
        double min = 1e9;
        for (int j = 0; j < ml->n; j++) {
            cost[k][0][j] = token_cost_cached(sh->lang, &s->tn[k][i], pos, ml, ml->moves[j], NULL, 0, s->cache,
                                              (uint32_t)(k << 16 | i), need[j]);
            if (cost[k][0][j] < min)
                min = cost[k][0][j];
        }
        /* The move number written before the token, and its side: where
         * the sheet numbers its rows, they say whether a row is empty (a
         * gap) or a token belongs to a row already played (written twice). */
        int num = sh->num ? sh->num[i] : 0;
        int side = sh->black ? sh->black[i] : -1;
        bool numbered = num > 0;
        bool gap = num > (int)pos->fullmove;
        bool behind = numbered && (num < (int)pos->fullmove || (num == (int)pos->fullmove && side == 1 && white));
        /* A token that fits no move well may have been no move: the next
         * one or two are read in its place. */
        if (min >= 0.5 && (!numbered || behind || min >= 1.0))
            for (int sk = 1; sk <= 2 && i + sk < sh->n; sk++) {
                n_skip[k] = sk;
                for (int j = 0; j < ml->n; j++)
                    cost[k][sk][j] = token_cost_cached(sh->lang, &s->tn[k][i + sk], pos, ml, ml->moves[j], NULL, 0,
                                                       s->cache, (uint32_t)(k << 16 | (i + sk)), need[j]);
            }
        read_any[k] = min >= 2.0;
        if (number_disagrees(sh, i, pos))
            numcost[k] = COST_NUMBER;
        /* A row left out: where the numbers show it, or (no numbers) where
         * the token fits no move well. */
        omit_ok[k] = white && (gap || (!numbered && min >= 0.5));
    }
    for (int j = 0; j < ml->n; j++) {
        if (s->only && ml->moves[j] != s->only)
            continue;
        struct opt { int kind; int16_t tok; double cost; int next; uint8_t owe, skip; } opts[ARB_RECON_MAX_SHEETS][4];
        int nopt[ARB_RECON_MAX_SHEETS];
        bool none = false;
        for (int k = 0; k < s->ns && !none; k++) {
            int i = st->i[k];
            nopt[k] = 0;
            if (st->owe & (1u << k)) {
                opts[k][nopt[k]++] = (struct opt){ARB_RC_NOT_RECORDED, -1, omit_cost[k], i, 0, 0};
                continue;
            }
            if (trailing[k]) {
                opts[k][nopt[k]++] = (struct opt){ARB_RC_NOT_RECORDED, -1, COST_TRAILING, i, 0, 0};
                continue;
            }
            if (cost[k][0][j] <= COST_READ_MAX || read_any[k])
                opts[k][nopt[k]++] = (struct opt){s->tn[k][i].unreadable ? ARB_RC_UNREADABLE : ARB_RC_READ,
                                                  (int16_t)i, cost[k][0][j] + numcost[k], i + 1, 0, 0};
            for (int sk = 1; sk <= n_skip[k]; sk++) {
                const struct arb_sheet *sh = &s->sh[k];
                int t = i + sk;
                if (cost[k][sk][j] > COST_READ_MAX)
                    continue;
                double nc = number_disagrees(sh, t, pos) ? COST_NUMBER : 0;
                double skipped = 0;
                for (int x = i; x < t; x++)
                    skipped += s->skipc[k][x];
                opts[k][nopt[k]++] = (struct opt){s->tn[k][t].unreadable ? ARB_RC_UNREADABLE : ARB_RC_READ, (int16_t)t,
                                                  cost[k][sk][j] + nc + skipped, t + 1, 0, (uint8_t)sk};
            }
            if (omit_ok[k])
                opts[k][nopt[k]++] = (struct opt){ARB_RC_NOT_RECORDED, -1, omit_cost[k], i, (uint8_t)(1u << k), 0};
            none = nopt[k] == 0;
        }
        if (none)
            continue;
        int combos = 1;
        for (int k = 0; k < s->ns; k++)
            combos *= nopt[k];
        for (int c = 0; c < combos; c++) {
            struct cand cd;
            memset(&cd, 0, sizeof cd);
            cd.parent = idx;
            cd.move = ml->moves[j];
            cd.cost = st->cost;
            int rest = c;
            for (int k = 0; k < s->ns; k++) {
                const struct opt *op = &opts[k][rest % nopt[k]];
                rest /= nopt[k];
                cd.i[k] = op->next;
                cd.owe |= op->owe;
                cd.kind[k] = (uint8_t)op->kind;
                cd.tok[k] = op->tok;
                cd.tcost[k] = (float)op->cost;
                cd.skip[k] = op->skip;
                cd.cost += op->cost;
            }
            add_cand(s, &cd);
        }
    }
}

static void collect(const struct search *s, int node, struct arb_recon_game *g, double cost, const struct arb_pos *final,
                    const struct arb_pos *start)
{
    int len = 0;
    for (int n = node; n >= 0; n = s->nodes[n].parent)
        len++;
    int *path = arb_xmalloc((size_t)(len ? len : 1) * sizeof *path);
    int k = len;
    for (int n = node; n >= 0; n = s->nodes[n].parent)
        path[--k] = n;
    memset(g, 0, sizeof *g);
    g->moves = arb_xmalloc((size_t)(len + 1) * sizeof *g->moves);
    size_t need = 1;
    for (int q = 0; q < len; q++)
        for (int sh = 0; sh < s->ns; sh++)
            need += 1 + s->nodes[path[q]].skip[sh];
    g->corr = arb_xmalloc(need * sizeof *g->corr);
    g->cost = cost;
    g->final = *final;
    struct arb_pos pos = *start;
    int ply = 0;
    for (int q = 0; q < len; q++) {
        const struct rnode *n = &s->nodes[path[q]];
        if (n->parent < 0 && !n->move && n->tok[0] < 0 && (s->ns < 2 || n->tok[1] < 0))
            continue;   /* the root */
        /* Tokens that were no move: before this step's token, or (a step
         * without a move) after the game. */
        double skipped[ARB_RECON_MAX_SHEETS] = {0};
        for (int sh = 0; sh < s->ns; sh++)
            for (int x = 0; x < n->skip[sh]; x++) {
                struct arb_recon_corr *c = &g->corr[g->n_corr++];
                memset(c, 0, sizeof *c);
                c->ply = ply;
                c->sheet = sh;
                c->tok = n->move ? n->tok[sh] - n->skip[sh] + x : n->tok[sh] + x;
                c->kind = ARB_RC_EXTRA;
                c->cost = skip_cost(&s->sh[sh], c->tok);
                skipped[sh] += c->cost;
                snprintf(c->reason, sizeof c->reason, "recorded, but no move of the game");
            }
        if (!n->move)
            continue;
        ply++;
        for (int sh = 0; sh < s->ns; sh++) {
            /* An over-specified or long form (0.05) is no correction. */
            if (n->kind[sh] == ARB_RC_READ && n->tcost[sh] - skipped[sh] < 0.06f)
                continue;
            struct arb_recon_corr *c = &g->corr[g->n_corr++];
            memset(c, 0, sizeof *c);
            c->ply = ply;
            c->sheet = sh;
            c->tok = n->tok[sh];
            c->move = n->move;
            c->kind = (enum arb_recon_kind)n->kind[sh];
            c->cost = n->tcost[sh] - skipped[sh];
            if (c->kind == ARB_RC_READ) {
                arb_recon_token_cost(s->sh[sh].lang, s->sh[sh].tok[n->tok[sh]], &pos, n->move, c->reason,
                                     sizeof c->reason);
                const struct arb_sheet *sht = &s->sh[sh];
                if (number_disagrees(sht, n->tok[sh], &pos)) {
                    int num = sht->num ? sht->num[n->tok[sh]] : 0;
                    int side = sht->black ? sht->black[n->tok[sh]] : -1;
                    size_t l = strlen(c->reason);
                    snprintf(c->reason + l, sizeof c->reason - l, "%swritten as %s's move %d", l ? "; " : "",
                             side == 1 ? "Black" : "White", num);
                }
            }
            else if (c->kind == ARB_RC_UNREADABLE)
                snprintf(c->reason, sizeof c->reason, "unreadable");
            else
                snprintf(c->reason, sizeof c->reason, "%s",
                         s->o->no_duty_from > 0 && (int)pos.fullmove >= s->o->no_duty_from
                             ? "not recorded (no duty to record, Art. 8.4)" : "not recorded");
        }
        g->moves[g->n_moves++] = n->move;
        struct arb_undo u;
        arb_pos_make(&pos, n->move, &u);
    }
    free(path);
}

static bool same_moves(const struct arb_recon_game *a, const struct arb_recon_game *b)
{
    return a->n_moves == b->n_moves && memcmp(a->moves, b->moves, (size_t)a->n_moves * sizeof *a->moves) == 0;
}

static void game_free(struct arb_recon_game *g)
{
    free(g->moves);
    free(g->corr);
    memset(g, 0, sizeof *g);
}

int arb_reconstruct(const struct arb_sheet *sheets, int n_sheets, const struct arb_recon_opts *o,
                    struct arb_recon_result *r)
{
    memset(r, 0, sizeof *r);
    if (n_sheets < 1 || n_sheets > ARB_RECON_MAX_SHEETS)
        return -1;
    init_letters();
    struct search s;
    memset(&s, 0, sizeof s);
    s.sh = sheets;
    s.ns = n_sheets;
    s.o = o;
    s.best_goal = INFINITY;
    s.cache = arb_xcalloc(1, sizeof *s.cache);
    for (int k = 0; k < n_sheets; k++) {
        s.tn[k] = arb_xmalloc((size_t)(sheets[k].n + 1) * sizeof *s.tn[k]);
        for (int i = 0; i < sheets[k].n; i++)
            normalize(sheets[k].tok[i], &s.tn[k][i]);
        s.skipc[k] = arb_xmalloc((size_t)(sheets[k].n + 1) * sizeof *s.skipc[k]);
        for (int i = 0; i < sheets[k].n; i++)
            s.skipc[k][i] = skip_cost(&sheets[k], i);
    }
    int beam = o->beam > 0 ? o->beam : 400;
    double margin = o->margin > 0 ? o->margin : 3.0;
    struct arb_pos start;
    if (o->start)
        start = *o->start;
    else
        arb_pos_startpos(&start);

    int max_tok = 0;
    for (int k = 0; k < n_sheets; k++)
        if (sheets[k].n > max_tok)
            max_tok = sheets[k].n;
    /* Plies to search: every token a move, and some rows left out. */
    int max_plies = o->moves > 0 ? 2 * o->moves : max_tok + 16;
    if (o->final && !o->moves)
        max_plies = max_tok + 60;

    struct state *cur = arb_xmalloc((size_t)(WIDEN * beam) * sizeof *cur),
                 *next = arb_xmalloc((size_t)(WIDEN * beam) * sizeof *next);
    int n_cur = 1;
    struct rnode root = {.parent = -1, .move = 0, .tok = {-1, -1}, .kind = {0xff, 0xff}};
    cur[0].pos = start;
    memset(cur[0].i, 0, sizeof cur[0].i);
    cur[0].owe = 0;
    cur[0].cost = 0;
    cur[0].node = add_node(&s, &root);
    cur[0].away = o->final ? squares_away(&start, o->final) : 0;

    struct state part;            /* see below: the game as far as it can be followed */
    int part_read = -1;
    memset(&part, 0, sizeof part);
    for (int ply = 0; ply <= max_plies && n_cur > 0; ply++) {
        /* Games that end here (a token or two after the end were no move). */
        for (int q = 0; q < n_cur; q++) {
            const struct state *st = &cur[q];
            if (o->moves && ply != 2 * o->moves - 1 && ply != 2 * o->moves)
                continue;
            if (st->owe || (o->final && !same_position(&st->pos, o->final)))
                continue;
            bool few = true;
            for (int k = 0; k < n_sheets; k++)
                few &= sheets[k].n - st->i[k] <= 2;
            if (!few)
                continue;
            double after;
            int node = end_node(&s, st, &after);
            add_goal(&s, node, st->cost + after, &st->pos);
        }
        if (ply == max_plies)
            break;
        /* Every legal move of every state, with each sheet's choices. */
        s.n_cand = 0;
        for (int q = 0; q < n_cur; q++) {
            struct state *st = &cur[q];
            if (st->cost > s.best_goal + margin)
                continue;
            bool done = true;
            for (int k = 0; k < n_sheets; k++)
                done &= st->i[k] >= sheets[k].n;
            if (done && !o->final && !o->moves)
                continue;   /* nothing left to read, nothing to reach */
            struct arb_movelist ml;
            arb_gen_legal(&st->pos, &ml);
            /* Scoring a given game: its move only. */
            s.only = o->force ? (ply < o->n_force ? o->force[ply] : (arb_move)-1) : 0;
            s.expanded++;
            expand_state(&s, st, q, &ml);
        }
        if (!s.n_cand)
            break;
        /* Each candidate's position key (the move made and taken back). */
        double best = INFINITY;
        for (size_t c = 0; c < s.n_cand; c++)
            if (s.cand[c].cost < best)
                best = s.cand[c].cost;
        size_t kept = 0;
        for (size_t c = 0; c < s.n_cand; c++) {
            struct cand *cd = &s.cand[c];
            if (cd->cost > best + SLACK || cd->cost > s.best_goal + margin)
                continue;
            struct state *par = &cur[cd->parent];
            struct arb_pos *p = &par->pos;
            int from = arb_move_from(cd->move), to = arb_move_to(cd->move), mk = arb_move_kind(cd->move);
            bool taking = mk == ARB_MK_EP || mk == ARB_MK_PROMOTION || (mk != ARB_MK_CASTLE && p->board[to] != ARB_EMPTY);
            int before = 0;
            if (o->final && mk != ARB_MK_CASTLE && mk != ARB_MK_EP)
                before = (p->board[from] != o->final->board[from]) + (p->board[to] != o->final->board[to]);
            struct arb_undo u;
            arb_pos_make(p, cd->move, &u);
            cd->key = place_key(p->key, cd->i, n_sheets, cd->owe);
            /* Only a capture or a promotion changes what can still be reached. */
            bool ok = !o->final || !taking || can_reach(p, o->final);
            if (!o->final)
                cd->away = 0;
            else if (mk == ARB_MK_CASTLE || mk == ARB_MK_EP)
                cd->away = squares_away(p, o->final);
            else   /* a move changes its two squares only */
                cd->away = par->away - before + (p->board[from] != o->final->board[from])
                           + (p->board[to] != o->final->board[to]);
            arb_pos_unmake(p, cd->move, &u);
            if (ok)
                s.cand[kept++] = *cd;
        }
        s.n_cand = kept;
        /* Merge states with the same position and places: the cheapest two
         * (a hash table of the keys), then the cheapest `beam` go on. */
        size_t hcap = 1;
        while (hcap < 2 * s.n_cand + 2)
            hcap <<= 1;
        if (hcap > s.cap_hash) {
            free(s.hash);
            s.hash = arb_xmalloc(hcap * sizeof *s.hash);
            s.cap_hash = hcap;
        }
        for (size_t h = 0; h < hcap; h++)
            s.hash[h] = -1;
        kept = 0;
        for (size_t c = 0; c < s.n_cand; c++) {
            struct cand *cd = &s.cand[c];
            size_t h = (size_t)(cd->key >> 7) & (hcap - 1);
            int *slot = NULL, *first = NULL;
            while (s.hash[h] >= 0) {
                const struct cand *other = &s.cand[s.hash[h]];
                if (other->key == cd->key) {
                    if (!first)
                        first = &s.hash[h];
                    else {
                        slot = &s.hash[h];
                        break;
                    }
                }
                h = (h + 1) & (hcap - 1);
            }
            if (!first || !slot) {
                /* Fewer than two with this key: keep it. */
                s.hash[h] = (int)kept;
                s.cand[kept++] = *cd;
                continue;
            }
            /* Two kept already: replace the dearer if this is cheaper. */
            int *worse = s.cand[*first].cost >= s.cand[*slot].cost ? first : slot;
            if (cmp_cost(cd, &s.cand[*worse]) < 0)
                s.cand[*worse] = *cd;
        }
        s.n_cand = kept;
        /* The beam, widened (up to four times) to keep every state close
         * to the best: after a row left out, the moves of the row are any
         * pair at one cost, and only the tokens after it tell them apart. */
        int width = beam;
        if ((int)s.n_cand > beam) {
            double lo = INFINITY;
            for (size_t c = 0; c < s.n_cand; c++)
                if (s.cand[c].cost < lo)
                    lo = s.cand[c].cost;
            int close = 0;
            for (size_t c = 0; c < s.n_cand; c++)
                close += s.cand[c].cost <= lo + CLOSE;
            if (close > width)
                width = close < WIDEN * beam ? close : WIDEN * beam;
        }
        if ((int)s.n_cand > width) {
            s.pruned = true;
            select_cheapest(s.cand, s.n_cand, (size_t)width);
            s.n_cand = (size_t)width;
        }
        /* Make the survivors. */
        int n_next = 0;
        for (size_t c = 0; c < s.n_cand; c++) {
            const struct cand *cd = &s.cand[c];
            struct state *nx = &next[n_next++];
            nx->pos = cur[cd->parent].pos;
            struct arb_undo u;
            arb_pos_make(&nx->pos, cd->move, &u);
            memcpy(nx->i, cd->i, sizeof nx->i);
            nx->owe = cd->owe;
            nx->cost = cd->cost;
            nx->away = cd->away;
            struct rnode nd = {.parent = cur[cd->parent].node, .move = cd->move};
            for (int k = 0; k < ARB_RECON_MAX_SHEETS; k++) {
                nd.tok[k] = k < n_sheets ? cd->tok[k] : -1;
                nd.kind[k] = k < n_sheets ? cd->kind[k] : 0xff;
                nd.tcost[k] = k < n_sheets ? cd->tcost[k] : 0;
                nd.skip[k] = k < n_sheets ? cd->skip[k] : 0;
            }
            nx->node = add_node(&s, &nd);
        }
        /* The state that has read the most tokens (the cheapest such): the
         * game as far as the sheets can be followed, if none can be to the
         * end. */
        for (int q = 0; q < n_next; q++) {
            int read = 0;
            for (int k = 0; k < n_sheets; k++)
                read += next[q].i[k];
            if (read > part_read || (read == part_read && next[q].cost < part.cost)) {
                part_read = read;
                part = next[q];
            }
        }
        struct state *t = cur;
        cur = next;
        next = t;
        n_cur = n_next;
    }
    if (!s.n_goals && part_read >= 0 && !o->force && !o->final && !o->moves) {
        /* No game fits to the end: the game as far as it can be followed;
         * the tokens after it are not fitted. */
        double after;
        int node = end_node(&s, &part, &after);
        add_goal(&s, node, part.cost + after, &part.pos);
        r->partial = true;
    }
    r->states = s.expanded;
    r->pruned = s.pruned;

    /* The best game, and the others within the margin with other moves. */
    for (int a = 0; a < s.n_goals; a++)
        for (int b = a + 1; b < s.n_goals; b++)
            if (s.goals[b].cost < s.goals[a].cost) {
                struct goal t = s.goals[a];
                s.goals[a] = s.goals[b];
                s.goals[b] = t;
            }
    if (s.n_goals) {
        r->found = true;
        collect(&s, s.goals[0].node, &r->best, s.goals[0].cost, &s.goals[0].pos, &start);
        for (int a = 1; a < s.n_goals && r->n_alt < ARB_RECON_MAX_ALT; a++) {
            if (s.goals[a].cost > s.goals[0].cost + margin)
                break;
            struct arb_recon_game g;
            collect(&s, s.goals[a].node, &g, s.goals[a].cost, &s.goals[a].pos, &start);
            bool dup = same_moves(&g, &r->best);
            for (int b = 0; b < r->n_alt && !dup; b++)
                dup = same_moves(&g, &r->alt[b]);
            if (dup) {
                game_free(&g);
                continue;
            }
            r->alt[r->n_alt++] = g;
            if (g.cost <= r->best.cost + 1e-6)
                r->ties = true;
        }
    }
    free(cur);
    free(next);
    free(s.nodes);
    free(s.cand);
    free(s.hash);
    free(s.goals);
    for (int k = 0; k < n_sheets; k++) {
        free(s.tn[k]);
        free(s.skipc[k]);
    }
    free(s.cache);
    return 0;
}

void arb_recon_free(struct arb_recon_result *r)
{
    game_free(&r->best);
    for (int a = 0; a < r->n_alt; a++)
        game_free(&r->alt[a]);
    r->n_alt = 0;
}
