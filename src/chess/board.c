/* board.c — positions: FEN in and out, validity, make/unmake, Zobrist keys.
 *
 * Part of the chess core (see board.h).  No allocation anywhere here.
 */
#include "chess/board.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "base/utf8.h"
#include "base/util.h"

/* Zobrist keys, filled once from a fixed-seed generator. */
static uint64_t zob_piece[16][64];
static uint64_t zob_castle[16];
static uint64_t zob_ep[8];
static uint64_t zob_side;

static void zobrist_init(void)
{
    uint64_t s = 0x2545F4914F6CDD1DULL;
    for (int p = 0; p < 16; p++)
        for (int sq = 0; sq < 64; sq++) {
            s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
            zob_piece[p][sq] = s * 2685821657736338717ULL;
        }
    /* Castling keys are the XOR of one key per right, so any subset hashes
     * consistently. */
    uint64_t right[4];
    for (int i = 0; i < 4; i++) {
        s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
        right[i] = s * 2685821657736338717ULL;
    }
    for (int c = 0; c < 16; c++) {
        zob_castle[c] = 0;
        for (int i = 0; i < 4; i++)
            if (c & (1 << i))
                zob_castle[c] ^= right[i];
    }
    for (int f = 0; f < 8; f++) {
        s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
        zob_ep[f] = s * 2685821657736338717ULL;
    }
    s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
    zob_side = s * 2685821657736338717ULL;
}

static struct arb_pos startpos;

static void init_once(void)
{
    arb_attacks_init();
    zobrist_init();
}

static void init_startpos(void)
{
    arb_pos_from_fen(&startpos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, NULL, 0);
}

void arb_board_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_once);
}

static inline void put_piece(struct arb_pos *pos, int sq, int piece)
{
    arb_bb b = ARB_BB(sq);
    pos->board[sq] = (uint8_t)piece;
    pos->by_type[arb_piece_type(piece)] |= b;
    pos->by_color[arb_piece_color(piece)] |= b;
    pos->occ |= b;
}

static inline void clear_piece(struct arb_pos *pos, int sq)
{
    arb_bb b = ~ARB_BB(sq);
    int piece = pos->board[sq];
    pos->board[sq] = ARB_EMPTY;
    pos->by_type[arb_piece_type(piece)] &= b;
    pos->by_color[arb_piece_color(piece)] &= b;
    pos->occ &= b;
}

static void set_error(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The character at p as a message quotes it: a whole UTF-8 character
 * ("'Ö' is not a piece letter", not half of one), else its one byte. */
static const char *char_at(const char *p, char out[5])
{
    size_t n = arb_utf8_valid((const unsigned char *)p, strnlen(p, 4));
    if (!n)
        n = 1;
    memcpy(out, p, n);
    out[n] = 0;
    return out;
}

static void set_error(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

static void sq_name(int sq, char out[3])
{
    out[0] = (char)('a' + ARB_FILE(sq));
    out[1] = (char)('1' + ARB_RANK(sq));
    out[2] = 0;
}

arb_bb arb_pos_compute_checkers(const struct arb_pos *pos)
{
    return arb_pos_attackers(pos, pos->king_sq[pos->side], pos->side ^ 1, pos->occ);
}

arb_bb arb_pos_pinned(const struct arb_pos *pos, int color)
{
    int k = pos->king_sq[color];
    arb_bb them = pos->by_color[color ^ 1];
    arb_bb snipers = ((arb_att.rook_empty[k] & (pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN]))
                      | (arb_att.bishop_empty[k] & (pos->by_type[ARB_BISHOP] | pos->by_type[ARB_QUEEN])))
                     & them;
    arb_bb pinned = 0;
    while (snipers) {
        int s = arb_pop_lsb(&snipers);
        arb_bb b = arb_att.between[k][s] & pos->occ;
        if (b && !arb_more_than_one(b))
            pinned |= b & pos->by_color[color];
    }
    return pinned;
}

/* Is there a legal en-passant capture in pos? */
static bool ep_capture_legal(const struct arb_pos *pos)
{
    if (pos->ep == ARB_NO_SQ)
        return false;
    int us = pos->side, ep = pos->ep;
    int cap = us == ARB_WHITE ? ep - 8 : ep + 8;
    arb_bb pawns = arb_att.pawn[us ^ 1][ep] & arb_pos_pieces(pos, us, ARB_PAWN);
    int k = pos->king_sq[us];
    while (pawns) {
        int from = arb_pop_lsb(&pawns);
        arb_bb occ = (pos->occ ^ ARB_BB(from) ^ ARB_BB(cap)) | ARB_BB(ep);
        arb_bb them = pos->by_color[us ^ 1] & ~ARB_BB(cap);
        arb_bb att = (arb_rook_attacks(k, occ) & (pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN]))
                     | (arb_bishop_attacks(k, occ) & (pos->by_type[ARB_BISHOP] | pos->by_type[ARB_QUEEN]))
                     | (arb_att.knight[k] & pos->by_type[ARB_KNIGHT])
                     | (arb_att.pawn[us][k] & pos->by_type[ARB_PAWN])
                     | (arb_att.king[k] & pos->by_type[ARB_KING]);
        if (!(att & them))
            return true;
    }
    return false;
}

uint64_t arb_pos_repetition_key(const struct arb_pos *pos)
{
    if (pos->ep != ARB_NO_SQ && !ep_capture_legal(pos))
        return pos->key ^ zob_ep[ARB_FILE(pos->ep)];
    return pos->key;
}

uint64_t arb_pos_key_after_quiet(const struct arb_pos *pos, arb_move m)
{
    int from = arb_move_from(m), to = arb_move_to(m);
    int piece = pos->board[from];
    uint64_t k = pos->key ^ zob_side ^ zob_piece[piece][from] ^ zob_piece[piece][to];
    if (pos->ep != ARB_NO_SQ)
        k ^= zob_ep[ARB_FILE(pos->ep)];
    uint8_t castle = pos->castle & pos->castle_keep[from] & pos->castle_keep[to];
    return k ^ zob_castle[pos->castle] ^ zob_castle[castle];
}

static void compute_key(struct arb_pos *pos)
{
    uint64_t k = 0;
    for (int sq = 0; sq < 64; sq++)
        if (pos->board[sq])
            k ^= zob_piece[pos->board[sq]][sq];
    if (pos->side == ARB_BLACK)
        k ^= zob_side;
    k ^= zob_castle[pos->castle];
    if (pos->ep != ARB_NO_SQ)
        k ^= zob_ep[ARB_FILE(pos->ep)];
    pos->key = k;
}

static void compute_castle_keep(struct arb_pos *pos)
{
    memset(pos->castle_keep, 0xF, sizeof pos->castle_keep);
    for (int c = 0; c < 2; c++) {
        int kbits = c == ARB_WHITE ? (ARB_CASTLE_WH | ARB_CASTLE_WA) : (ARB_CASTLE_BH | ARB_CASTLE_BA);
        if (pos->castle & kbits)
            pos->castle_keep[pos->king_sq[c]] &= (uint8_t)~kbits;
        for (int a = 0; a < 2; a++) {
            int i = ARB_CASTLE_IDX(c, a);
            if (pos->castle & (1 << i))
                pos->castle_keep[pos->castle_rook[i]] &= (uint8_t)~(1 << i);
        }
    }
}

void arb_pos_startpos(struct arb_pos *pos)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_startpos);   /* read once, then copied */
    *pos = startpos;
}

static int piece_from_char(char c)
{
    static const char letters[] = "pnbrqk";
    const char *p = strchr(letters, c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (!p || !c)
        return -1;
    return arb_piece_make(c >= 'a' ? ARB_BLACK : ARB_WHITE, (int)(p - letters));
}

/* Parse one FEN field (up to whitespace) into buf; returns the rest. */
static const char *fen_field(const char *s, char *buf, size_t n)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t i = 0;
    while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r') {
        if (i + 1 < n)
            buf[i++] = *s;
        s++;
    }
    buf[i] = 0;
    return s;
}

/* The outermost rook of colour c on its back rank on one side of the king. */
static int outer_rook(const struct arb_pos *pos, int c, int aside)
{
    int rank = c == ARB_WHITE ? 0 : 7;
    int kf = ARB_FILE(pos->king_sq[c]);
    int rook = arb_piece_make(c, ARB_ROOK);
    if (aside) {
        for (int f = 0; f < kf; f++)
            if (pos->board[ARB_SQ(f, rank)] == rook)
                return ARB_SQ(f, rank);
    } else {
        for (int f = 7; f > kf; f--)
            if (pos->board[ARB_SQ(f, rank)] == rook)
                return ARB_SQ(f, rank);
    }
    return -1;
}

/* Append a note to notes[cap] ("; " between notes). */
static void add_note(char *notes, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void add_note(char *notes, size_t cap, const char *fmt, ...)
{
    if (!notes || !cap)
        return;
    size_t used = strlen(notes);
    if (used && used + 2 < cap) {
        memcpy(notes + used, "; ", 3);
        used += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(notes + used, cap - used, fmt, ap);
    va_end(ap);
}

/* The castling field.  With notes (repair), a right the position cannot
 * have is dropped and said in notes instead of refused. */
static int parse_castling(struct arb_pos *pos, const char *field, bool *chess960,
                          char *notes, size_t notes_cap, char *err, size_t errlen)
{
    pos->castle = 0;
    memset(pos->castle_rook, ARB_NO_SQ, sizeof pos->castle_rook);
    if (strcmp(field, "-") == 0)
        return 0;
    for (const char *p = field; *p; p++) {
        char ch = *p;
        int c = (ch >= 'a' && ch <= 'z') ? ARB_BLACK : ARB_WHITE;
        char lc = (char)(c == ARB_WHITE ? ch - 'A' + 'a' : ch);
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) || !(lc == 'k' || lc == 'q' || lc <= 'h')) {
            char q[5];
            set_error(err, errlen, "'%s' is not a castling right (use KQkq, file letters or -)", char_at(p, q));
            return -1;
        }
        const char *who = c == ARB_WHITE ? "white" : "black";
        int rank = c == ARB_WHITE ? 0 : 7;
        int king = pos->king_sq[c];
        int rook_sq = -1, aside;
        if (ARB_RANK(king) != rank) {
            if (notes) {
                add_note(notes, notes_cap, "castling right '%c' is dropped: the %s king is not on its first rank", ch, who);
                continue;
            }
            set_error(err, errlen, "castling right '%c' but the %s king is not on its first rank", ch, who);
            return -1;
        }
        if (lc == 'k' || lc == 'q') {
            aside = lc == 'q';
            if (*chess960) {
                rook_sq = outer_rook(pos, c, aside);
            } else if (ARB_FILE(king) != 4) {
                if (notes) {
                    add_note(notes, notes_cap, "castling right '%c' is dropped: the %s king is not on the e-file", ch, who);
                    continue;
                }
                set_error(err, errlen, "castling right '%c' but the %s king is not on the e-file", ch, who);
                return -1;
            } else if (pos->board[ARB_SQ(aside ? 0 : 7, rank)] == arb_piece_make(c, ARB_ROOK)) {
                rook_sq = ARB_SQ(aside ? 0 : 7, rank);
            }
        } else if (lc >= 'a' && lc <= 'h') {
            /* Shredder-FEN / X-FEN file letter: the rook's file. */
            *chess960 = true;
            int sq = ARB_SQ(lc - 'a', rank);
            aside = ARB_FILE(sq) < ARB_FILE(king);
            if (ARB_FILE(sq) != ARB_FILE(king) && pos->board[sq] == arb_piece_make(c, ARB_ROOK))
                rook_sq = sq;
        }
        if (rook_sq < 0) {
            if (notes) {
                add_note(notes, notes_cap, "castling right '%c' is dropped: no %s rook stands where that castling needs it",
                         ch, who);
                continue;
            }
            set_error(err, errlen, "castling right '%c' but no %s rook stands where that castling needs it",
                      ch, who);
            return -1;
        }
        int idx = ARB_CASTLE_IDX(c, aside);
        if ((pos->castle & (1 << idx)) && notes) {
            add_note(notes, notes_cap, "castling right '%c' is given twice", ch);
            continue;
        }
        if (pos->castle & (1 << idx)) {
            set_error(err, errlen, "castling right '%c' repeats a right already given", ch);
            return -1;
        }
        pos->castle |= (uint8_t)(1 << idx);
        pos->castle_rook[idx] = (uint8_t)rook_sq;
    }
    return 0;
}

static int ep_problem(const struct arb_pos *pos, int fen_ep, char *err, size_t errlen);
static int validate(const struct arb_pos *pos, int fen_ep, bool count_promotions, char *err, size_t errlen);
static int from_fen(struct arb_pos *pos, const char *fen, bool chess960, bool composed, char *notes,
                    size_t notes_cap, char *err, size_t errlen);

int arb_pos_from_fen(struct arb_pos *pos, const char *fen, bool chess960, char *err, size_t errlen)
{
    return from_fen(pos, fen, chess960, false, NULL, 0, err, errlen);
}

int arb_pos_from_fen_composed(struct arb_pos *pos, const char *fen, char *err, size_t errlen)
{
    return from_fen(pos, fen, false, true, NULL, 0, err, errlen);
}

int arb_pos_from_fen_repair(struct arb_pos *pos, const char *fen, bool chess960, char *notes, size_t notes_cap,
                            char *err, size_t errlen)
{
    return from_fen(pos, fen, chess960, false, notes, notes_cap, err, errlen);
}

static int from_fen(struct arb_pos *pos, const char *fen, bool chess960, bool composed, char *notes,
                    size_t notes_cap, char *err, size_t errlen)
{
    if (notes && notes_cap)
        notes[0] = 0;
    char placement[128], side[8], castling[16], ep[8], half[16], full[16];
    arb_board_init();
    memset(pos, 0, sizeof *pos);
    pos->ep = ARB_NO_SQ;
    pos->king_sq[0] = pos->king_sq[1] = ARB_NO_SQ;

    const char *s = fen;
    s = fen_field(s, placement, sizeof placement);
    s = fen_field(s, side, sizeof side);
    s = fen_field(s, castling, sizeof castling);
    s = fen_field(s, ep, sizeof ep);
    s = fen_field(s, half, sizeof half);
    s = fen_field(s, full, sizeof full);
    if (composed && placement[0] && side[0] && !castling[0])
        strcpy(castling, "-");
    if (composed && placement[0] && side[0] && !ep[0])
        strcpy(ep, "-");
    if (!placement[0] || !side[0] || !castling[0] || !ep[0]) {
        set_error(err, errlen, "a FEN needs at least four fields (placement, side, castling, en passant)");
        return -1;
    }

    /* Piece placement, from rank 8 down to rank 1. */
    int rank = 7, file = 0;
    int kings[2] = {0, 0};
    for (const char *p = placement; *p; p++) {
        if (*p == '/') {
            if (file != 8) {
                set_error(err, errlen, "rank %d of the FEN has %d squares, not 8", rank + 1, file);
                return -1;
            }
            if (--rank < 0) {
                set_error(err, errlen, "the FEN placement has more than 8 ranks");
                return -1;
            }
            file = 0;
        } else if (*p >= '1' && *p <= '8') {
            file += *p - '0';
            if (file > 8) {
                set_error(err, errlen, "rank %d of the FEN has more than 8 squares", rank + 1);
                return -1;
            }
        } else {
            int piece = piece_from_char(*p);
            if (piece < 0) {
                char q[5];
                set_error(err, errlen, "'%s' in the FEN placement is not a piece letter", char_at(p, q));
                return -1;
            }
            if (file > 7) {
                set_error(err, errlen, "rank %d of the FEN has more than 8 squares", rank + 1);
                return -1;
            }
            int sq = ARB_SQ(file, rank);
            put_piece(pos, sq, piece);
            if (arb_piece_type(piece) == ARB_KING) {
                kings[arb_piece_color(piece)]++;
                pos->king_sq[arb_piece_color(piece)] = (uint8_t)sq;
            }
            file++;
        }
    }
    if (rank != 0 || file != 8) {
        set_error(err, errlen, "the FEN placement does not describe 8 ranks of 8 squares");
        return -1;
    }
    for (int c = 0; c < 2; c++)
        if (kings[c] != 1) {
            set_error(err, errlen, "%s has %d kings; a position needs exactly one of each colour",
                      c == ARB_WHITE ? "White" : "Black", kings[c]);
            return -1;
        }

    if (strcmp(side, "w") == 0)
        pos->side = ARB_WHITE;
    else if (strcmp(side, "b") == 0)
        pos->side = ARB_BLACK;
    else {
        set_error(err, errlen, "the side to move must be 'w' or 'b', not '%s'", side);
        return -1;
    }

    bool c960 = chess960;
    if (parse_castling(pos, castling, &c960, notes, notes_cap, err, errlen) < 0)
        return -1;
    pos->chess960 = c960;

    int fen_ep = ARB_NO_SQ;
    if (strcmp(ep, "-") != 0) {
        if (strlen(ep) != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] < '1' || ep[1] > '8') {
            set_error(err, errlen, "'%s' is not an en-passant square", ep);
            return -1;
        }
        fen_ep = ARB_SQ(ep[0] - 'a', ep[1] - '1');
    }

    char *end;
    if (half[0]) {
        long v = strtol(half, &end, 10);
        if (*end || v < 0 || v > 100000) {
            set_error(err, errlen, "'%s' is not a half-move clock", half);
            return -1;
        }
        pos->halfmove = (uint32_t)v;
    }
    pos->fullmove = 1;
    if (full[0]) {
        long v = strtol(full, &end, 10);
        if (*end || v < 0 || v > 100000) {
            set_error(err, errlen, "'%s' is not a move number", full);
            return -1;
        }
        pos->fullmove = v < 1 ? 1 : (uint32_t)v;
    }

    /* A Chess960 starting array that breaks II.2 / F.2: said so (before
     * the general checks, whose words would be less to the point). */
    if (pos->chess960) {
        char why[200];
        if (arb_pos_960_start_problem(pos, why, sizeof why)) {
            set_error(err, errlen, "%s", why);
            return -2;
        }
    }
    if (notes && fen_ep != ARB_NO_SQ) {
        char why[160];
        if (ep_problem(pos, fen_ep, why, sizeof why) < 0) {
            add_note(notes, notes_cap, "%s; it is dropped", why);
            fen_ep = ARB_NO_SQ;
        }
    }
    if (validate(pos, fen_ep, !composed, err, errlen) < 0)
        return -1;

    /* Keep the en-passant square only where a pawn could take (the key then
     * differs from the same placement without it). */
    if (fen_ep != ARB_NO_SQ && (arb_att.pawn[pos->side ^ 1][fen_ep] & arb_pos_pieces(pos, pos->side, ARB_PAWN)))
        pos->ep = (uint8_t)fen_ep;
    compute_castle_keep(pos);
    compute_key(pos);
    pos->checkers = arb_pos_compute_checkers(pos);
    return 0;
}

int arb_pos_validate(const struct arb_pos *pos, int fen_ep, char *err, size_t errlen)
{
    return validate(pos, fen_ep, true, err, errlen);
}

static int validate(const struct arb_pos *pos, int fen_ep, bool count_promotions, char *err, size_t errlen)
{
    char a[3];

    for (int c = 0; c < 2; c++) {
        const char *who = c == ARB_WHITE ? "White" : "Black";
        arb_bb mine = pos->by_color[c];
        if (arb_popcount(mine & pos->by_type[ARB_KING]) != 1) {
            set_error(err, errlen, "%s has %d kings; a position needs exactly one of each colour",
                      who, arb_popcount(mine & pos->by_type[ARB_KING]));
            return -1;
        }
        int pawns = arb_popcount(mine & pos->by_type[ARB_PAWN]);
        if (count_promotions && pawns > 8) {
            set_error(err, errlen, "%s has %d pawns; no side can have more than 8", who, pawns);
            return -1;
        }
        /* Every piece beyond the initial set must come from a promotion. */
        static const int initial[5] = {8, 2, 0, 2, 1};
        int promoted = 0;
        for (int t = ARB_KNIGHT; t <= ARB_QUEEN; t++) {
            if (t == ARB_BISHOP)
                continue;
            int n = arb_popcount(mine & pos->by_type[t]);
            if (n > initial[t])
                promoted += n - initial[t];
        }
        int light = arb_popcount(mine & pos->by_type[ARB_BISHOP] & ~ARB_DARK_SQUARES);
        int dark = arb_popcount(mine & pos->by_type[ARB_BISHOP] & ARB_DARK_SQUARES);
        promoted += (light > 1 ? light - 1 : 0) + (dark > 1 ? dark - 1 : 0);
        if (count_promotions && promoted > 8 - pawns) {
            set_error(err, errlen,
                      "%s has %d piece%s beyond the initial set but only %d pawn%s missing to promote from",
                      who, promoted, promoted == 1 ? "" : "s", 8 - pawns, 8 - pawns == 1 ? "" : "s");
            return -1;
        }
    }
    arb_bb back = ARB_RANK_BB(0) | ARB_RANK_BB(7);
    if (pos->by_type[ARB_PAWN] & back) {
        sq_name(arb_lsb(pos->by_type[ARB_PAWN] & back), a);
        set_error(err, errlen, "a pawn stands on %s; pawns cannot be on the first or last rank", a);
        return -1;
    }
    int them = pos->side ^ 1;
    if (arb_pos_attackers(pos, pos->king_sq[them], pos->side, pos->occ)) {
        sq_name(pos->king_sq[them], a);
        set_error(err, errlen, "the %s king on %s is in check although it is %s's move",
                  them == ARB_WHITE ? "white" : "black", a, pos->side == ARB_WHITE ? "White" : "Black");
        return -1;
    }
    arb_bb checkers = arb_pos_compute_checkers(pos);
    int nchk = arb_popcount(checkers);
    arb_bb sliders = pos->by_type[ARB_BISHOP] | pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN];
    if (count_promotions && (nchk > 2 || (nchk == 2 && !(checkers & sliders)))) {
        set_error(err, errlen, "the king of the side to move is in a check no move could have given (%d checking pieces)",
                  nchk);
        return -1;
    }
    /* Castling rights need the king and the rook on their squares. */
    for (int c = 0; c < 2; c++)
        for (int aside = 0; aside < 2; aside++) {
            int i = ARB_CASTLE_IDX(c, aside);
            if (!(pos->castle & (1 << i)))
                continue;
            int rook = pos->castle_rook[i], king = pos->king_sq[c];
            int rank = c == ARB_WHITE ? 0 : 7;
            if (ARB_RANK(king) != rank || pos->board[rook] != arb_piece_make(c, ARB_ROOK)
                || (aside ? ARB_FILE(rook) >= ARB_FILE(king) : ARB_FILE(rook) <= ARB_FILE(king))) {
                set_error(err, errlen, "a %s castling right needs the king and that rook on the first rank",
                          c == ARB_WHITE ? "white" : "black");
                return -1;
            }
        }
    if (fen_ep != ARB_NO_SQ && ep_problem(pos, fen_ep, err, errlen) < 0)
        return -1;
    return 0;
}

/* Could the last move have made en-passant square fen_ep (a pawn's double
 * step through it, giving no check it could not give)?  0, or -1 with the
 * reason in err. */
static int ep_problem(const struct arb_pos *pos, int fen_ep, char *err, size_t errlen)
{
    char a[3], b[3];
    arb_bb checkers = arb_pos_compute_checkers(pos);
    arb_bb sliders = pos->by_type[ARB_BISHOP] | pos->by_type[ARB_ROOK] | pos->by_type[ARB_QUEEN];
    int us = pos->side;
    int need_rank = us == ARB_WHITE ? 5 : 2;
    sq_name(fen_ep, a);
    if (ARB_RANK(fen_ep) != need_rank) {
        set_error(err, errlen, "en-passant square %s is impossible with %s to move (it must be on rank %d)",
                  a, us == ARB_WHITE ? "White" : "Black", need_rank + 1);
        return -1;
    }
    int pawn_sq = us == ARB_WHITE ? fen_ep - 8 : fen_ep + 8;
    int origin = us == ARB_WHITE ? fen_ep + 8 : fen_ep - 8;
    if (pos->board[pawn_sq] != arb_piece_make(us ^ 1, ARB_PAWN) || pos->board[fen_ep] || pos->board[origin]) {
        set_error(err, errlen,
                  "en-passant square %s is impossible: the last move was not a pawn's double step through it", a);
        return -1;
    }
    /* A check must be one the double step could have given: by the pawn
     * itself, or by a line piece whose line runs through the pawn's start
     * square or the square it passed.  (Strictly, a check through the
     * passed square stood before the double step too; published perft
     * positions use it, so only checks no double step can explain at all
     * are refused: by a pawn, a knight, or a line off the pawn's path.) */
    arb_bb path = ARB_BB(origin) | ARB_BB(fen_ep);
    arb_bb c = checkers;
    while (c) {
        int s = arb_pop_lsb(&c);
        if (s == pawn_sq)
            continue;
        if ((sliders & ARB_BB(s)) && (arb_att.between[pos->king_sq[us]][s] & path))
            continue;
        sq_name(s, b);
        set_error(err, errlen,
                  "en-passant square %s is impossible: the king is in check from %s, which the double step could not give",
                  a, b);
        return -1;
    }
    return 0;
}

bool arb_pos_960_start_problem(const struct arb_pos *pos, char *why, size_t cap)
{
    /* A starting array: each side's pawns all on its second rank, its
     * eight pieces on its first. */
    for (int c = 0; c < 2; c++) {
        arb_bb mine = pos->by_color[c];
        arb_bb back = ARB_RANK_BB(c == ARB_WHITE ? 0 : 7), second = ARB_RANK_BB(c == ARB_WHITE ? 1 : 6);
        if ((mine & pos->by_type[ARB_PAWN]) != second || (mine & ~pos->by_type[ARB_PAWN]) != back)
            return false;
    }
    static const char letters[] = "PNBRQK";
    char rank1[9] = "", rank8[9] = "";
    for (int f = 0; f < 8; f++) {
        rank1[f] = letters[arb_piece_type(pos->board[ARB_SQ(f, 0)])];
        rank8[f] = letters[arb_piece_type(pos->board[ARB_SQ(f, 7)])];
    }
    int count[6] = {0};
    for (int f = 0; f < 8; f++)
        count[arb_piece_type(pos->board[ARB_SQ(f, 0)])]++;
    if (count[ARB_KING] != 1 || count[ARB_QUEEN] != 1 || count[ARB_ROOK] != 2 || count[ARB_BISHOP] != 2
        || count[ARB_KNIGHT] != 2) {
        snprintf(why, cap, "White's first rank %s is not the set of pieces a game starts with (two rooks, two "
                           "knights, two bishops, a queen and a king)", rank1);
        return true;
    }
    if (strcmp(rank1, rank8) != 0) {
        snprintf(why, cap, "Black's pieces (%s) do not stand opposite White's (%s)", rank8, rank1);
        return true;
    }
    int k = ARB_FILE(pos->king_sq[ARB_WHITE]), rooks_left = 0, bishop_dark = 0;
    for (int f = 0; f < 8; f++) {
        int t = arb_piece_type(pos->board[ARB_SQ(f, 0)]);
        if (t == ARB_ROOK && f < k)
            rooks_left++;
        if (t == ARB_BISHOP && (f % 2 == 0))
            bishop_dark++;      /* the first rank's squares on the a, c, e and g files are dark */
    }
    if (rooks_left != 1) {
        snprintf(why, cap, "the king does not stand between the rooks (%s)", rank1);
        return true;
    }
    if (bishop_dark != 1) {
        snprintf(why, cap, "the bishops stand on squares of one colour (%s)", rank1);
        return true;
    }
    return false;
}

char *arb_pos_to_fen(const struct arb_pos *pos, char *out)
{
    static const char letters[] = "PNBRQK";
    char *o = out;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int p = pos->board[ARB_SQ(file, rank)];
            if (!p) {
                empty++;
                continue;
            }
            if (empty)
                *o++ = (char)('0' + empty);
            empty = 0;
            char ch = letters[arb_piece_type(p)];
            *o++ = arb_piece_color(p) == ARB_BLACK ? (char)(ch - 'A' + 'a') : ch;
        }
        if (empty)
            *o++ = (char)('0' + empty);
        if (rank)
            *o++ = '/';
    }
    *o++ = ' ';
    *o++ = pos->side == ARB_WHITE ? 'w' : 'b';
    *o++ = ' ';
    if (!pos->castle)
        *o++ = '-';
    for (int c = 0; c < 2; c++)
        for (int aside = 0; aside < 2; aside++) {
            int i = ARB_CASTLE_IDX(c, aside);
            if (!(pos->castle & (1 << i)))
                continue;
            char ch;
            /* X-FEN: K/Q when the castling rook is the outermost one. */
            if (outer_rook(pos, c, aside) == pos->castle_rook[i])
                ch = aside ? 'Q' : 'K';
            else
                ch = (char)('A' + ARB_FILE(pos->castle_rook[i]));
            *o++ = c == ARB_BLACK ? (char)(ch - 'A' + 'a') : ch;
        }
    *o++ = ' ';
    if (pos->ep != ARB_NO_SQ && ep_capture_legal(pos)) {
        *o++ = (char)('a' + ARB_FILE(pos->ep));
        *o++ = (char)('1' + ARB_RANK(pos->ep));
    } else {
        *o++ = '-';
    }
    *o++ = ' ';
    o = arb_utoa(o, pos->halfmove);
    *o++ = ' ';
    o = arb_utoa(o, pos->fullmove);
    *o = 0;
    return out;
}

/* Inlined into its callers (the replay's move loop, the searches) across
 * files by the link-time optimiser: a call per move costs more than it
 * should. */
__attribute__((always_inline)) inline void arb_pos_make(struct arb_pos *pos, arb_move m, struct arb_undo *u)
{
    int us = pos->side, them = us ^ 1;
    int from = arb_move_from(m), to = arb_move_to(m), kind = arb_move_kind(m);
    uint64_t key = pos->key ^ zob_side;

    u->key = pos->key;
    u->halfmove = pos->halfmove;
    u->ep = pos->ep;
    u->castle = pos->castle;
    u->captured = ARB_EMPTY;
    u->checkers = pos->checkers;

    if (pos->ep != ARB_NO_SQ) {
        key ^= zob_ep[ARB_FILE(pos->ep)];
        pos->ep = ARB_NO_SQ;
    }
    pos->halfmove++;

    if (kind == ARB_MK_CASTLE) {
        int aside = to < from;
        int rank = ARB_RANK(from);
        int kto = ARB_SQ(aside ? 2 : 6, rank), rto = ARB_SQ(aside ? 3 : 5, rank);
        int king = pos->board[from], rook = pos->board[to];
        clear_piece(pos, from);
        clear_piece(pos, to);
        put_piece(pos, kto, king);
        put_piece(pos, rto, rook);
        key ^= zob_piece[king][from] ^ zob_piece[king][kto] ^ zob_piece[rook][to] ^ zob_piece[rook][rto];
        pos->king_sq[us] = (uint8_t)kto;
    } else {
        int piece = pos->board[from];
        int type = arb_piece_type(piece);
        int cap_sq = kind == ARB_MK_EP ? (us == ARB_WHITE ? to - 8 : to + 8) : to;
        int captured = pos->board[cap_sq];
        if (captured) {
            clear_piece(pos, cap_sq);
            key ^= zob_piece[captured][cap_sq];
            u->captured = (uint8_t)captured;
            pos->halfmove = 0;
        }
        clear_piece(pos, from);
        key ^= zob_piece[piece][from];
        if (kind == ARB_MK_PROMOTION)
            piece = arb_piece_make(us, arb_move_promo(m));
        put_piece(pos, to, piece);
        key ^= zob_piece[piece][to];
        if (type == ARB_PAWN) {
            pos->halfmove = 0;
            if ((from ^ to) == 16) {
                int ep = (from + to) / 2;
                if (arb_att.pawn[us][ep] & arb_pos_pieces(pos, them, ARB_PAWN)) {
                    pos->ep = (uint8_t)ep;
                    key ^= zob_ep[ARB_FILE(ep)];
                }
            }
        } else if (type == ARB_KING) {
            pos->king_sq[us] = (uint8_t)to;
        }
    }

    uint8_t castle = pos->castle & pos->castle_keep[from] & pos->castle_keep[to];
    if (castle != pos->castle) {
        key ^= zob_castle[pos->castle] ^ zob_castle[castle];
        pos->castle = castle;
    }
    if (us == ARB_BLACK)
        pos->fullmove++;
    pos->side = (uint8_t)them;
    pos->key = key;
    pos->checkers = arb_pos_attackers(pos, pos->king_sq[them], us, pos->occ);
}

_Static_assert(offsetof(struct arb_compact, pad) == ARB_COMPACT_SAME && sizeof(struct arb_compact) == 32,
               "arb_compact: the compared bytes, then the rest");

bool arb_pos_compact(const struct arb_pos *pos, struct arb_compact *out)
{
    if (arb_popcount(pos->occ) > 32)
        return false;
    memset(out, 0, sizeof *out);
    out->occ = pos->occ;
    int i = 0;
    for (arb_bb b = pos->occ; b; i++) {
        int sq = arb_pop_lsb(&b);
        out->men[i >> 1] |= (uint8_t)(pos->board[sq] << ((i & 1) * 4));
    }
    out->side = pos->side;
    out->castle = pos->castle;
    out->ep = pos->ep;
    out->halfmove = pos->halfmove;
    return true;
}

void arb_pos_expand(const struct arb_compact *c, const struct arb_pos *game, struct arb_pos *pos)
{
    *pos = *game;
    memset(pos->by_type, 0, sizeof pos->by_type);
    memset(pos->by_color, 0, sizeof pos->by_color);
    memset(pos->board, ARB_EMPTY, sizeof pos->board);
    uint64_t k = (c->side == ARB_BLACK ? zob_side : 0) ^ zob_castle[c->castle]
                 ^ (c->ep != ARB_NO_SQ ? zob_ep[ARB_FILE(c->ep)] : 0);
    int i = 0;
    for (arb_bb b = c->occ; b; i++) {
        int sq = arb_pop_lsb(&b);
        int piece = (c->men[i >> 1] >> ((i & 1) * 4)) & 15;
        int type = arb_piece_type(piece), color = arb_piece_color(piece);
        pos->board[sq] = (uint8_t)piece;
        k ^= zob_piece[piece][sq];
        pos->by_type[type] |= ARB_BB(sq);
        pos->by_color[color] |= ARB_BB(sq);
        if (type == ARB_KING)
            pos->king_sq[color] = (uint8_t)sq;
    }
    pos->occ = c->occ;
    pos->side = c->side;
    pos->castle = c->castle;
    pos->ep = c->ep;
    pos->halfmove = c->halfmove;
    pos->key = k;
    pos->checkers = arb_pos_attackers(pos, pos->king_sq[pos->side], pos->side ^ 1, pos->occ);
}

void arb_pos_unmake(struct arb_pos *pos, arb_move m, const struct arb_undo *u)
{
    int them = pos->side, us = them ^ 1;
    int from = arb_move_from(m), to = arb_move_to(m), kind = arb_move_kind(m);

    pos->side = (uint8_t)us;
    if (us == ARB_BLACK)
        pos->fullmove--;
    if (kind == ARB_MK_CASTLE) {
        int aside = to < from;
        int rank = ARB_RANK(from);
        int kto = ARB_SQ(aside ? 2 : 6, rank), rto = ARB_SQ(aside ? 3 : 5, rank);
        int king = pos->board[kto], rook = pos->board[rto];
        clear_piece(pos, kto);
        clear_piece(pos, rto);
        put_piece(pos, from, king);
        put_piece(pos, to, rook);
        pos->king_sq[us] = (uint8_t)from;
    } else {
        int piece = pos->board[to];
        clear_piece(pos, to);
        if (kind == ARB_MK_PROMOTION)
            piece = arb_piece_make(us, ARB_PAWN);
        put_piece(pos, from, piece);
        if (arb_piece_type(piece) == ARB_KING)
            pos->king_sq[us] = (uint8_t)from;
        if (u->captured) {
            int cap_sq = kind == ARB_MK_EP ? (us == ARB_WHITE ? to - 8 : to + 8) : to;
            put_piece(pos, cap_sq, u->captured);
        }
    }
    pos->key = u->key;
    pos->halfmove = u->halfmove;
    pos->ep = u->ep;
    pos->castle = u->castle;
    pos->checkers = u->checkers;
}

void arb_pos_make_null(struct arb_pos *pos, struct arb_undo *u)
{
    u->key = pos->key;
    u->halfmove = pos->halfmove;
    u->ep = pos->ep;
    u->castle = pos->castle;
    u->captured = ARB_EMPTY;
    u->checkers = pos->checkers;
    pos->key ^= zob_side;
    if (pos->ep != ARB_NO_SQ) {
        pos->key ^= zob_ep[ARB_FILE(pos->ep)];
        pos->ep = ARB_NO_SQ;
    }
    pos->halfmove++;
    if (pos->side == ARB_BLACK)
        pos->fullmove++;
    pos->side ^= 1;
    pos->checkers = arb_pos_compute_checkers(pos);
}

void arb_pos_unmake_null(struct arb_pos *pos, const struct arb_undo *u)
{
    pos->side ^= 1;
    if (pos->side == ARB_BLACK)
        pos->fullmove--;
    pos->key = u->key;
    pos->halfmove = u->halfmove;
    pos->ep = u->ep;
    pos->checkers = u->checkers;
}
