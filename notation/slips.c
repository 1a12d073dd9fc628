/* slips.c — how far a written move token is from a legal move (see slips.h).
 *
 * Both the recorded token and the move are reduced to their letters and
 * digits (capture, check and promotion marks, hyphens and annotations are
 * noted apart), the move in each form a player may legitimately write it
 * in the token's language (SAN as the Laws' appendix gives it,
 * over-specified by file or rank, the long form; without the
 * disambiguation C.10 asks for, and a capture with both pieces' letters,
 * at small costs).  The cost is the least weighted edit distance to one of
 * those forms (a substitution of letters or digits that handwriting
 * confuses — 3/5, 1/7, 6/8, c/e, b/h, l/1 — costs less than any other; a
 * piece letter of another language for the same piece less still; two
 * neighbours swapped cost as one slip), plus small costs for marks that
 * disagree with the move, capped at ARB_SLIP_GARBAGE.
 */
#include "notation/slips.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static void init_letters(void);


void arb_slip_read(const char *tok, struct arb_slip_token *o)
{
    init_letters();   /* the tables every cost needs: a token is read first */
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
    /* A '?' inside a token, or at its end where what stands before it is
     * no move, is a character no one can read (a wildcard); after a move
     * it is an annotation. */
    size_t body = len;
    while (body > 0 && tok[body - 1] == '?')
        body--;
    bool trailing_wild = body < len && !arb_notation_is_move_any(tok, body);
    for (size_t i = 0; i < len && o->n < (int)sizeof o->s - 1; i++) {
        unsigned char c = (unsigned char)tok[i];
        if (c == '?' && (i < body || trailing_wild)) {
            o->s[o->n++] = '?';
            continue;
        }
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
    if (a == '?' || b == '?')
        return 0.3;          /* a character no one can read */
    for (int i = 0; confusable[i]; i++)
        if ((confusable[i][0] == a && confusable[i][1] == b) || (confusable[i][0] == b && confusable[i][1] == a))
            return 0.5;
    if ((unsigned char)a < 128 && (unsigned char)b < 128 && (a ^ 0x20) == b)
        return 0.3;          /* the same letter in the other case */
    if (((a >= 'a' && a <= 'h' && b >= 'a' && b <= 'h') || (a >= '1' && a <= '8' && b >= '1' && b <= '8'))
        && (a - b == 1 || b - a == 1))
        return 0.7;          /* a neighbouring file or rank: the square next to it */
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
static double sub_at(const struct arb_slip_token *t, const struct arb_slip_token *f, int i, int j, int ptype)
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

static double edit(const struct arb_slip_token *t, const struct arb_slip_token *f, char *ops, size_t cap, int ptype)
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
static void put_str(struct arb_slip_token *f, const char *s)
{
    for (; s && *s && f->n < (int)sizeof f->s - 1; s++)
        if (*s != '=' && *s != '-' && *s != '(' && *s != ')' && *s != '/')
            f->s[f->n++] = *s;
}

static void put_sq(struct arb_slip_token *f, int file, int rank)
{
    if (file >= 0 && f->n < (int)sizeof f->s - 1)
        f->s[f->n++] = (char)('a' + file);
    if (rank >= 0 && f->n < (int)sizeof f->s - 1)
        f->s[f->n++] = (char)('1' + rank);
}

/* Token costs already worked out in a search: the edit part depends only
 * on the token and the move's written forms (piece, squares, promotion,
 * disambiguation, capture), not on the rest of the position. */

static double token_cost(const struct arb_lang *lang, const struct arb_slip_token *t, const struct arb_pos *pos,
                         const struct arb_movelist *ml, arb_move m, char *reason, size_t cap)
{
    return arb_slip_cost(lang, t, pos, ml, m, reason, cap, NULL, 0, -1);
}

/* What C.10 needs to tell each legal move from the others of its kind to
 * the same square: bit 0 the file, bit 1 the rank. */
void arb_slip_disambiguation(const struct arb_pos *pos, const struct arb_movelist *ml, uint8_t *need)
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

static double slip_cost(const struct arb_lang *lang, const struct arb_slip_token *t, const struct arb_pos *pos,
                        const struct arb_movelist *ml, arb_move m, char *reason, size_t cap,
                        struct arb_slip_cache *cc, uint32_t tok_id, int need, struct arb_slip_parts *parts);

double arb_slip_cost(const struct arb_lang *lang, const struct arb_slip_token *t, const struct arb_pos *pos,
                     const struct arb_movelist *ml, arb_move m, char *reason, size_t cap,
                     struct arb_slip_cache *cc, uint32_t tok_id, int need)
{
    return slip_cost(lang, t, pos, ml, m, reason, cap, cc, tok_id, need, NULL);
}

double arb_slip_cost_parts(const struct arb_lang *lang, const struct arb_slip_token *t, const struct arb_pos *pos,
                           const struct arb_movelist *ml, arb_move m, struct arb_slip_cache *cache, uint32_t tok_id,
                           int need, struct arb_slip_parts *out)
{
    return slip_cost(lang, t, pos, ml, m, NULL, 0, cache, tok_id, need, out);
}

static double slip_cost(const struct arb_lang *lang, const struct arb_slip_token *t, const struct arb_pos *pos,
                        const struct arb_movelist *ml, arb_move m, char *reason, size_t cap,
                        struct arb_slip_cache *cc, uint32_t tok_id, int need, struct arb_slip_parts *parts)
{
    if (reason && cap)
        reason[0] = 0;
    if (parts)
        memset(parts, 0, sizeof *parts);
    if (t->unreadable) {
        if (parts)
            parts->edit = ARB_SLIP_UNREADABLE;
        if (reason)
            snprintf(reason, cap, "unreadable");
        return ARB_SLIP_UNREADABLE;
    }
    int from = arb_move_from(m), to = arb_move_to(m), kind = arb_move_kind(m);
    int type = arb_piece_type(pos->board[from]);
    bool capture = kind == ARB_MK_EP || (kind != ARB_MK_CASTLE && pos->board[to] != ARB_EMPTY);
    struct arb_slip_token forms[6];
    double extra[6];
    int nf = 0, bi = 0;
    int ptype = -1;   /* the forms begin with this piece's letter */
    int both_letters = -1;   /* the form that names both pieces of a capture (BxN) */
    double best;
    if (kind == ARB_MK_CASTLE) {
        struct arb_slip_token *f = &forms[nf++];
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
            slot = (size_t)(h >> (64 - cc->bits));
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
            struct arb_slip_token *f = &forms[nf++];
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
            struct arb_slip_token *f = &forms[nf++];
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
    if (reason && best > 0.06 && best < ARB_SLIP_GARBAGE)
        edit(t, &forms[bi], ops, sizeof ops, kind == ARB_MK_CASTLE ? -1 : ptype);
    if (reason && bi == both_letters)
        snprintf(ops + strlen(ops), sizeof ops - strlen(ops), "%sa capture written with both pieces' letters",
                 ops[0] ? "; " : "");
    else if (reason && extra[bi] > 0.3)
        snprintf(ops + strlen(ops), sizeof ops - strlen(ops), "%sthe piece that moved not told apart (C.10)",
                 ops[0] ? "; " : "");
    double marks = 0;
    const char *mark_note = "", *check_note = "";
    if (parts)
        parts->edit = best < ARB_SLIP_GARBAGE ? best : ARB_SLIP_GARBAGE;
    if (t->capture && !capture) {
        marks += 0.3;
        mark_note = "capture mark on a move that takes nothing";
        if (parts)
            parts->capture_extra = true;
    } else if (!t->capture && capture && kind != ARB_MK_CASTLE) {
        marks += 0.15;
        mark_note = "capture mark missing";
        if (parts)
            parts->capture_missing = true;
    }
    if ((t->check || t->mate) && (best + marks < ARB_SLIP_GARBAGE || parts)) {
        /* A check mark on a move that gives no check. */
        struct arb_pos p = *pos;
        struct arb_undo u;
        arb_pos_make(&p, m, &u);
        if (!p.checkers) {
            marks += 0.3;
            check_note = "check mark on a move that gives no check";
            if (parts)
                parts->check_extra = true;
        }
    }
    double c = best + marks;
    if (c >= ARB_SLIP_GARBAGE) {
        if (reason)
            snprintf(reason, cap, "nothing like the move");
        return ARB_SLIP_GARBAGE;
    }
    if (reason)
        snprintf(reason, cap, "%s%s%s%s%s", ops, ops[0] && mark_note[0] ? "; " : "", mark_note,
                 (ops[0] || mark_note[0]) && check_note[0] ? "; " : "", check_note);
    return c;
}

double arb_slip_token_cost(const struct arb_lang *lang, const char *tok, const struct arb_pos *pos, arb_move m,
                            char *reason, size_t cap)
{
    init_letters();
    struct arb_slip_token t;
    arb_slip_read(tok, &t);
    struct arb_movelist ml;
    arb_gen_legal(pos, &ml);
    return token_cost(lang, &t, pos, &ml, m, reason, cap);
}
