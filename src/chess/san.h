/* san.h — language-free move descriptions: resolving and describing moves.
 *
 * Part of the chess core.  The notation layer (notation/) turns a written
 * token in some language into a struct arb_movedesc; arb_san_resolve()
 * finds the one legal move it describes, or says precisely why none or
 * several fit.  arb_san_describe() goes the other way: the canonical
 * description of a legal move (minimal disambiguation, capture, check or
 * mate), which the notation layer writes in any language.
 */
#ifndef ARB_SAN_H
#define ARB_SAN_H

#include <stdint.h>

#include "chess/board.h"
#include "chess/movegen.h"

enum { ARB_DESC_CASTLE_NONE = 0, ARB_DESC_CASTLE_H = 1, ARB_DESC_CASTLE_A = 2 };
enum { ARB_DESC_CHECK_NONE = 0, ARB_DESC_CHECK = 1, ARB_DESC_MATE = 2 };

struct arb_movedesc {
    int8_t piece;        /* ARB_PAWN..ARB_KING; ARB_NO_PIECE for castling and null moves */
    int8_t from_file;    /* 0..7, or -1 when not written */
    int8_t from_rank;
    int8_t to_file;      /* -1 when not written (a pawn capture written "ed") */
    int8_t to_rank;
    int8_t promo;        /* ARB_KNIGHT..ARB_QUEEN (or ARB_PAWN/ARB_KING if so written); ARB_NO_PIECE if none */
    uint8_t castle;      /* ARB_DESC_CASTLE_* */
    uint8_t capture;     /* a capture mark was written */
    uint8_t check;       /* ARB_DESC_CHECK_* as written */
    uint8_t ep;          /* an en-passant mark was written */
    uint8_t null_move;   /* a null move ("--"): not a move of chess */
    uint8_t coords;      /* written as coordinates only (e2e4, g1f3): the king's
                            two-square step or king-takes-rook means castling */
};

enum arb_resolve_status {
    ARB_RS_OK = 0,
    ARB_RS_NO_SUCH_PIECE,   /* the side has no piece of that kind (on that file/rank) */
    ARB_RS_CANNOT_REACH,    /* no such piece moves to that square by its rules */
    ARB_RS_OWN_PIECE,       /* the square holds a piece of the mover's own colour */
    ARB_RS_KING_EXPOSED,    /* such moves exist but each leaves the own king in check */
    ARB_RS_AMBIGUOUS,       /* several legal moves fit (C.10) */
    ARB_RS_PROMO_MISSING,   /* a pawn reaches the last rank, no piece chosen: move = queen */
    ARB_RS_PROMO_BAD_PIECE, /* promotion to a king or pawn */
    ARB_RS_PROMO_NOT_LAST,  /* a promotion piece written for a move that does not promote */
    ARB_RS_CASTLE_NO_RIGHT, /* the king or that rook has moved (no right to castle) */
    ARB_RS_CASTLE_IN_CHECK,
    ARB_RS_CASTLE_BLOCKED,  /* .square: a piece in the way */
    ARB_RS_CASTLE_ATTACKED, /* .square: the king crosses or lands on it and it is attacked */
    ARB_RS_NULL_MOVE,       /* "--": no move of chess */
    ARB_RS_INCOMPLETE,      /* the description lacks a target square */
    ARB_RS_CAPTURES_KING    /* the target square holds the other king (only after an illegal
                               move that stood): taking the king is no move */
};

/* Remarks on a resolved move: the writing and the move do not quite agree. */
enum {
    ARB_RN_CAPTURE_MARK_EMPTY = 1 << 0,   /* capture mark but nothing is taken */
    ARB_RN_EP_MARK_NOT_EP     = 1 << 1,   /* en-passant mark on another move */
    ARB_RN_KING_STEP_CASTLE   = 1 << 2,   /* castling written as a two-square king move (Kg1) */
    ARB_RN_PAWN_CAPTURE_NOFILE= 1 << 3,   /* pawn capture written without its file (xd5) */
    ARB_RN_OVERSPECIFIED      = 1 << 4    /* more disambiguation than needed (accepted) */
};

#define ARB_RESOLVE_MAX_CAND 16

struct arb_resolve {
    enum arb_resolve_status status;
    arb_move move;                       /* the move (ARB_RS_OK, ARB_RS_PROMO_MISSING) */
    unsigned notes;                      /* ARB_RN_* bits */
    int square;                          /* castling: the offending square; else the target */
    int n_cand;                          /* ambiguous / king exposed: the moves that fit */
    arb_move cand[ARB_RESOLVE_MAX_CAND];
};

/* Find the legal move the description d denotes in pos.  Returns r->status. */
enum arb_resolve_status arb_san_resolve(const struct arb_pos *pos, const struct arb_movedesc *d,
                                        struct arb_resolve *r);

/* The canonical description of the legal move m in pos: piece, the least
 * disambiguation C.10 needs (file first, then rank, then both), capture,
 * promotion, castling, and check or mate after the move. */
void arb_san_describe(const struct arb_pos *pos, arb_move m, struct arb_movedesc *d);

#endif
