/* attacks.h — attack sets of every piece type on an empty or occupied board.
 *
 * Part of the chess core.  Leapers (knight, king, pawn) use fixed tables;
 * sliders (bishop, rook, queen) use magic bitboards.  The tables are filled
 * once by arb_attacks_init() (idempotent, thread-safe) and are read-only
 * afterwards: every other function here may be called from any thread.
 */
#ifndef ARB_ATTACKS_H
#define ARB_ATTACKS_H

#include "chess/bitboard.h"

struct arb_magic {
    arb_bb mask;
    arb_bb magic;
    const arb_bb *table;
    unsigned shift;
};

struct arb_attack_tables {
    arb_bb knight[64];
    arb_bb king[64];
    arb_bb pawn[2][64];          /* squares a pawn of that colour attacks */
    arb_bb between[64][64];      /* squares strictly between two aligned squares */
    arb_bb line[64][64];         /* the whole line through two aligned squares */
    arb_bb rook_empty[64];       /* rook moves on an empty board */
    arb_bb bishop_empty[64];     /* bishop moves on an empty board */
    struct arb_magic rook[64];
    struct arb_magic bishop[64];
};

extern struct arb_attack_tables arb_att;

/* Fill the tables.  Safe to call more than once and from several threads. */
void arb_attacks_init(void);

static inline arb_bb arb_rook_attacks(int sq, arb_bb occ)
{
    const struct arb_magic *m = &arb_att.rook[sq];
    return m->table[((occ & m->mask) * m->magic) >> m->shift];
}

static inline arb_bb arb_bishop_attacks(int sq, arb_bb occ)
{
    const struct arb_magic *m = &arb_att.bishop[sq];
    return m->table[((occ & m->mask) * m->magic) >> m->shift];
}

static inline arb_bb arb_queen_attacks(int sq, arb_bb occ)
{
    return arb_rook_attacks(sq, occ) | arb_bishop_attacks(sq, occ);
}

/* One step from every square of b at once: diagonally, straight (a king's
 * steps are both), as a knight. */
static inline arb_bb arb_diagonal_step(arb_bb b)
{
    arb_bb not_a = ~ARB_FILE_A, not_h = ~ARB_FILE_BB(7);
    return ((b << 9) & not_a) | ((b << 7) & not_h) | ((b >> 7) & not_a) | ((b >> 9) & not_h);
}

static inline arb_bb arb_straight_step(arb_bb b)
{
    return ((b << 1) & ~ARB_FILE_A) | ((b >> 1) & ~ARB_FILE_BB(7)) | (b << 8) | (b >> 8);
}

static inline arb_bb arb_knight_step(arb_bb b)
{
    arb_bb not_a = ~ARB_FILE_A, not_ab = ~(ARB_FILE_A | ARB_FILE_BB(1));
    arb_bb not_h = ~ARB_FILE_BB(7), not_gh = ~(ARB_FILE_BB(6) | ARB_FILE_BB(7));
    arb_bb one = ((b << 1) & not_a) | ((b >> 1) & not_h);
    arb_bb two = ((b << 2) & not_ab) | ((b >> 2) & not_gh);
    return (one << 16) | (one >> 16) | (two << 8) | (two >> 8);
}

/* Attacks of a piece type (not a pawn) from sq given the occupancy. */
static inline arb_bb arb_piece_attacks(int type, int sq, arb_bb occ)
{
    switch (type) {
    case ARB_KNIGHT: return arb_att.knight[sq];
    case ARB_BISHOP: return arb_bishop_attacks(sq, occ);
    case ARB_ROOK:   return arb_rook_attacks(sq, occ);
    case ARB_QUEEN:  return arb_queen_attacks(sq, occ);
    case ARB_KING:   return arb_att.king[sq];
    default:         return 0;
    }
}

#endif
