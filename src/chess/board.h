/* board.h — a chess position: bitboards, FEN in and out, make/unmake, keys.
 *
 * Part of the chess core.  A position never allocates; moves are applied in
 * place with arb_pos_make() and taken back with arb_pos_unmake() using the
 * undo record the caller keeps.
 *
 * Castling is stored as the start squares of the castling rooks, so that
 * Chess960 is the general case and classical chess a special one: the four
 * rights are "white h-side", "white a-side", "black h-side", "black a-side"
 * (h-side = the rook on the king's h-file side, written 0-0).  A castling
 * move is encoded as "king takes own rook": from = king square, to = rook
 * square; the king and rook land on the g/c and f/d files (Art. 3.8,
 * Chess960 Guidelines II).
 */
#ifndef ARB_BOARD_H
#define ARB_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "chess/attacks.h"
#include "chess/bitboard.h"

/* A move in 16 bits: from (6), to (6), promotion piece (2), kind (2). */
typedef uint16_t arb_move;
enum arb_move_kind { ARB_MK_NORMAL = 0, ARB_MK_PROMOTION = 1, ARB_MK_EP = 2, ARB_MK_CASTLE = 3 };
#define ARB_MOVE_NONE ((arb_move)0)

static inline arb_move arb_move_make(int from, int to, int kind, int promo_type)
{
    int p = promo_type >= ARB_KNIGHT ? promo_type - ARB_KNIGHT : 0;
    return (arb_move)(from | (to << 6) | (p << 12) | (kind << 14));
}
static inline int arb_move_from(arb_move m) { return m & 63; }
static inline int arb_move_to(arb_move m) { return (m >> 6) & 63; }
static inline int arb_move_kind(arb_move m) { return m >> 14; }
/* The piece type a promotion makes (ARB_KNIGHT..ARB_QUEEN); ARB_NO_PIECE otherwise. */
static inline int arb_move_promo(arb_move m)
{
    return arb_move_kind(m) == ARB_MK_PROMOTION ? ((m >> 12) & 3) + ARB_KNIGHT : ARB_NO_PIECE;
}

/* The square the moving piece lands on: the target square, or for
 * castling (encoded as king takes own rook) the king's square on the c- or
 * g-file (Art. 3.8.2; Chess960 alike). */
static inline int arb_move_dest(arb_move m)
{
    int from = arb_move_from(m), to = arb_move_to(m);
    return arb_move_kind(m) == ARB_MK_CASTLE ? ARB_SQ(to < from ? 2 : 6, ARB_RANK(from)) : to;
}

/* Castling rights bits. */
enum { ARB_CASTLE_WH = 1, ARB_CASTLE_WA = 2, ARB_CASTLE_BH = 4, ARB_CASTLE_BA = 8 };
/* Index of a right: colour * 2 + (0 = h-side, 1 = a-side). */
#define ARB_CASTLE_IDX(color, aside) ((color) * 2 + (aside))

struct arb_pos {
    arb_bb by_type[6];
    arb_bb by_color[2];
    arb_bb occ;
    uint8_t board[64];          /* ARB_EMPTY or arb_piece_make(color, type) */
    uint8_t side;               /* ARB_WHITE or ARB_BLACK to move */
    uint8_t ep;                 /* en-passant target square, set only when an enemy
                                   pawn stands beside the double-stepped pawn; else ARB_NO_SQ */
    uint8_t castle;             /* ARB_CASTLE_* bits */
    uint8_t castle_rook[4];     /* rook start square per right (meaningful while it exists) */
    uint8_t castle_keep[64];    /* rights kept when a move starts or ends on the square */
    uint8_t king_sq[2];
    uint8_t chess960;           /* castling is written and read the Chess960 way */
    uint32_t halfmove;          /* plies since the last capture or pawn move */
    uint32_t fullmove;          /* FEN move number */
    uint64_t key;               /* Zobrist key: pieces, side, rights, en-passant file */
    arb_bb checkers;            /* pieces giving check to the side to move (kept by make/unmake) */
};

struct arb_undo {
    uint64_t key;
    uint32_t halfmove;
    uint8_t captured;           /* piece captured (ARB_EMPTY if none) */
    uint8_t ep;
    uint8_t castle;
    arb_bb checkers;
};

/* Fill the attack and key tables.  Idempotent and thread-safe. */
void arb_board_init(void);

/* Set up the initial position of classical chess. */
void arb_pos_startpos(struct arb_pos *pos);

/* Read a FEN (4 to 6 fields; X-FEN and Shredder-FEN castling fields) into
 * *pos.  chess960 selects Chess960 castling semantics for KQkq; a castling
 * field with file letters implies Chess960.  Positions that cannot arise
 * (see arb_pos_validate) are refused.  Returns 0 on success, or -1 with a
 * one-sentence reason (no trailing newline) in err[errlen]. */
int arb_pos_from_fen(struct arb_pos *pos, const char *fen, bool chess960, char *err, size_t errlen);

/* The same, repairing what python-chess repairs: a castling right the
 * position cannot have (the king or that rook not on its square) and an
 * en-passant square no double step could have made are dropped, not
 * refused, and notes[notes_cap] says what was dropped ("" when nothing).
 * Anything else that cannot arise is refused as above. */
int arb_pos_from_fen_repair(struct arb_pos *pos, const char *fen, bool chess960, char *notes, size_t notes_cap,
                            char *err, size_t errlen);

/* The same for a composed position (a study, a problem): the pieces beyond
 * the initial set are not counted against the pawns missing (nine queens
 * are allowed), nor are more than 8 pawns or a double check no move could
 * give refused, and the castling and en-passant fields may be left out
 * ("-"); everything else is checked as above.  For analysis that
 * needs only the rules of moving (dead.h), never for a game's set-up. */
int arb_pos_from_fen_composed(struct arb_pos *pos, const char *fen, char *err, size_t errlen);

/* Check that a position can be reached: one king each, the side not to move
 * not in check, no pawn on the first or last rank, no more pieces than
 * promotions allow, castling rights with king and rook in place, an
 * en-passant square that the last move could have made.  Returns 0, or -1
 * with the reason in err. */
int arb_pos_validate(const struct arb_pos *pos, int fen_ep, char *err, size_t errlen);

/* A Chess960 starting array (each side's pawns on its second rank, its
 * pieces on its first) that breaks Guidelines II.2 / Appendix F.2: the
 * usual set of pieces, the king between the rooks, the bishops on squares
 * of both colours, Black opposite White.  True with the reason in why[cap];
 * false for a valid array or a position that is no starting array. */
bool arb_pos_960_start_problem(const struct arb_pos *pos, char *why, size_t cap);

/* Write the FEN of pos into out (at least 100 bytes).  The en-passant field
 * names a square only when an en-passant capture is legal (as 9.2 counts
 * positions); castling is KQkq for classical chess and Shredder-FEN file
 * letters for Chess960.  Returns out. */
char *arb_pos_to_fen(const struct arb_pos *pos, char *out);

/* A position in 32 bytes, for what keeps many (the exploration of every
 * position that can arise, a replay's steps): the occupied squares, the
 * men on them in square order (4 bits each: at most 32 men, as in any
 * position read strictly), side to move, rights, en-passant square, and
 * apart (compare only ARB_COMPACT_SAME bytes: the position itself) the
 * halfmove counter.  What does not change in play (the castling rooks'
 * squares, Chess960, the move number) comes back from a position of the
 * same game on expanding; the key and the checkers are computed. */
struct arb_compact {
    arb_bb occ;
    uint8_t men[16];
    uint8_t side, castle, ep;
    uint8_t pad;
    uint32_t halfmove;
};
#define ARB_COMPACT_SAME 27
/* False (out untouched) when pos has more than 32 men. */
bool arb_pos_compact(const struct arb_pos *pos, struct arb_compact *out);
/* pos from *c, with the game's fixed parts from *game. */
void arb_pos_expand(const struct arb_compact *c, const struct arb_pos *game, struct arb_pos *pos);

/* Apply a legal move (from the move generator or the SAN resolver). */
void arb_pos_make(struct arb_pos *pos, arb_move m, struct arb_undo *u);
/* Take back the move m that arb_pos_make applied with undo record *u. */
void arb_pos_unmake(struct arb_pos *pos, arb_move m, const struct arb_undo *u);

/* Pass the turn (a null move, as analysis uses it): the side to move
 * changes, the en-passant square goes.  The caller makes sure the side to
 * move is not in check.  Undone by arb_pos_unmake_null(). */
void arb_pos_make_null(struct arb_pos *pos, struct arb_undo *u);
void arb_pos_unmake_null(struct arb_pos *pos, const struct arb_undo *u);

/* Squares of pieces of colour `by` that attack sq, given occupancy occ. */
static inline arb_bb arb_pos_attackers(const struct arb_pos *pos, int sq, int by, arb_bb occ)
{
    const arb_bb *t = pos->by_type;
    arb_bb them = pos->by_color[by];
    arb_bb att = ((arb_att.pawn[by ^ 1][sq] & t[ARB_PAWN]) | (arb_att.knight[sq] & t[ARB_KNIGHT])
                  | (arb_att.king[sq] & t[ARB_KING])) & them;
    /* The slider tables are large (cache misses): look only where an enemy
     * line piece stands on a line through sq at all. */
    arb_bb lines = (((t[ARB_BISHOP] | t[ARB_QUEEN]) & arb_att.bishop_empty[sq])
                    | ((t[ARB_ROOK] | t[ARB_QUEEN]) & arb_att.rook_empty[sq])) & them;
    /* Few line pieces stand on a line through sq: test each with the small
     * between-table rather than look up the large slider tables. */
    while (lines) {
        int s = arb_pop_lsb(&lines);
        if (!(arb_att.between[s][sq] & occ))
            att |= ARB_BB(s);
    }
    return att;
}

/* Pieces of the side not to move that attack the king of the side to move
 * (kept in the position: make, unmake and FEN set-up maintain it). */
static inline arb_bb arb_pos_checkers(const struct arb_pos *pos) { return pos->checkers; }
/* The same, computed from the board. */
arb_bb arb_pos_compute_checkers(const struct arb_pos *pos);
/* Do a and b have the same pieces on the same squares (FEN's first field)? */
static inline bool arb_pos_same_placement(const struct arb_pos *a, const struct arb_pos *b)
{
    return a->by_color[0] == b->by_color[0] && a->by_color[1] == b->by_color[1] && a->by_type[0] == b->by_type[0]
           && a->by_type[1] == b->by_type[1] && a->by_type[2] == b->by_type[2] && a->by_type[3] == b->by_type[3]
           && a->by_type[4] == b->by_type[4] && a->by_type[5] == b->by_type[5];
}

/* Pieces of colour `color` that are pinned against their own king. */
arb_bb arb_pos_pinned(const struct arb_pos *pos, int color);

/* Key of the position as FIDE 9.2.2 compares positions: the en-passant
 * file counts only when an en-passant capture is legal. */
uint64_t arb_pos_repetition_key(const struct arb_pos *pos);

/* The position's key as 9.2.2 counts positions (arb_pos_repetition_key),
 * without the call where no en-passant square is set. */
static inline uint64_t arb_pos_rep_key(const struct arb_pos *pos)
{
    return pos->ep == ARB_NO_SQ ? pos->key : arb_pos_repetition_key(pos);
}

/* The repetition key of the position after m, a move that captures
 * nothing, moves no pawn and does not castle, without making it (such a
 * move leaves no en-passant square, so the key is the plain one). */
uint64_t arb_pos_key_after_quiet(const struct arb_pos *pos, arb_move m);

/* The piece type on sq, or ARB_NO_PIECE. */
static inline int arb_pos_type_at(const struct arb_pos *pos, int sq)
{
    return pos->board[sq] ? arb_piece_type(pos->board[sq]) : ARB_NO_PIECE;
}
static inline arb_bb arb_pos_pieces(const struct arb_pos *pos, int color, int type)
{
    return pos->by_color[color] & pos->by_type[type];
}

#endif
