/* bitboard.h — squares, pieces and 64-bit board sets for the chess core.
 *
 * The chess core (bitboard, attacks, board, movegen, san) knows nothing of
 * text, files or editions of the Laws: it is plain chess on 64 squares.
 * Square numbering: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
 */
#ifndef ARB_BITBOARD_H
#define ARB_BITBOARD_H

#include <stdint.h>
#include <stdbool.h>

typedef uint64_t arb_bb;

enum { ARB_WHITE = 0, ARB_BLACK = 1 };

/* Piece types, in the order used for arrays and promotion codes. */
enum arb_piece_type {
    ARB_PAWN = 0, ARB_KNIGHT, ARB_BISHOP, ARB_ROOK, ARB_QUEEN, ARB_KING,
    ARB_NO_PIECE = 6
};

/* A piece on the board: 0 = empty, else (type + 1) | (colour << 3). */
#define ARB_EMPTY 0
static inline int arb_piece_make(int color, int type) { return (type + 1) | (color << 3); }
static inline int arb_piece_type(int piece) { return (piece & 7) - 1; }
static inline int arb_piece_color(int piece) { return piece >> 3; }

#define ARB_SQ(file, rank) ((rank) * 8 + (file))
#define ARB_FILE(sq) ((sq) & 7)
#define ARB_RANK(sq) ((sq) >> 3)
#define ARB_NO_SQ 64

#define ARB_BB(sq) ((arb_bb)1 << (sq))
#define ARB_FILE_A 0x0101010101010101ULL
#define ARB_RANK_1 0x00000000000000FFULL
#define ARB_RANK_BB(r) (ARB_RANK_1 << (8 * (r)))
#define ARB_FILE_BB(f) (ARB_FILE_A << (f))
#define ARB_DARK_SQUARES 0xAA55AA55AA55AA55ULL

static inline int arb_popcount(arb_bb b) { return __builtin_popcountll(b); }
/* Lowest set square; b must not be 0. */
static inline int arb_lsb(arb_bb b) { return __builtin_ctzll(b); }
/* Remove and return the lowest set square; *b must not be 0. */
static inline int arb_pop_lsb(arb_bb *b) { int s = __builtin_ctzll(*b); *b &= *b - 1; return s; }
static inline bool arb_more_than_one(arb_bb b) { return (b & (b - 1)) != 0; }

#endif
