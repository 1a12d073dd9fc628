/* recon_int.h — what the files of src/recon/ share, and no one else: the
 * sheets as cells (cells.c), the cost model (model.c), the search's states
 * (states.c), its lower bound (bound.c), a sheet's ways to take a move
 * (ways.c), the best-first search (search.c), the beam (beam.c) and the
 * games built from them (result.c).
 */
#ifndef ARB_RECON_INT_H
#define ARB_RECON_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "chess/board.h"
#include "chess/movegen.h"
#include "notation/slips.h"
#include "recon/recon.h"

/* ---- the sheets as cells (cells.c) ---------------------------------- */

enum rc_cell_kind {
    RC_TOKEN,             /* a written token */
    RC_UNREADABLE,        /* "?": a move no one can read */
    RC_BLANK,             /* a cell of a numbered row left blank */
    RC_GAP                /* a cell of a row the numbers skip */
};

struct rc_cell {
    int tok;                      /* index in the sheet's tokens; -1 for a blank or a gap */
    uint8_t kind;                 /* enum rc_cell_kind */
    uint8_t again;                /* the token repeats the one 1 or 2 cells before (0: no) */
    float lbm;                    /* reading it as any move costs at least this */
    float extra;                  /* passing over it as no move costs this */
    float lb;                     /* the least it costs in any game: min(lbm, extra) */
    struct arb_slip_token tn;
};

/* Cells fall into a few classes by what passing one over costs more than
 * reading it (extra - lbm: a blank's is below 0). */
#define RC_CLASSES 8

struct rc_sheet {
    const struct arb_sheet *sh;
    struct rc_cell *cell;
    int n;
    double *suf;                  /* suf[i]: the sum of lb over cells i..n-1 (n+1 entries) */
    double *suf_lbm;              /* suf_lbm[i]: the sum of lbm over cells i..n-1 */
    int n_class;
    double class_delta[RC_CLASSES];   /* ascending */
    uint16_t *cls_count;          /* [i * RC_CLASSES + c]: cells of class c among i..n-1 */
    uint8_t *cls;                 /* each cell's class */
    double capture_missing;       /* the writer's habit: what a capture written without its mark
                                     costs (nothing on a sheet that never writes one) */
};

struct rc_costs;
struct rc_search;

/* The cells of sheet sh (with its costs of passing over a cell). */
void rc_sheet_build(struct rc_sheet *s, const struct arb_sheet *sh, const struct rc_costs *c);
void rc_sheet_free(struct rc_sheet *s);

/* ---- the cost model (model.c) --------------------------------------- */

/* What each operation of the alignment costs (about bits: -log2 of how
 * often players do it in time trouble). */
struct rc_costs {
    double slip_base;     /* a token that is not the move as written: once ... */
    double slip_mul;      /* ... plus this times its distance (notation/slips.h, 0..3) */
    double garbage;       /* the most a token read as a move costs */
    double unreadable;    /* "?" read as a move */
    double blank;         /* a blank cell read as the move not written there */
    double gap;           /* a cell of a row the numbers skip */
    double omit;          /* a move with no cell: every later cell sits one off */
    double omit_pair;     /* ... Black's move of the same row left out with it */
    double extra;         /* a cell that was no move of the game */
    double twice;         /* ... repeating the cell before (or the row before) */
    double extra_blank;   /* a blank cell that was no move */
    double realign;       /* ... that set the columns right after a move left out; or a move
                             left out that set them right after a cell passed over */
    double extra_unreadable; /* "?" that was no move */
    double swap;          /* two neighbouring cells hold each other's moves */
    double swap2;         /* one side's moves on neighbouring rows in each other's cells */
    double swap4;         /* ... on rows two apart */
    double stop;          /* recording stopped before the end (once) */
    double tail;          /* ... each move after the last cell */
    double no_duty;       /* a move not recorded where no one had to (8.4) */
    double mark_wrong;    /* a capture mark on no capture, a check mark on no check */
    double capture_missing; /* no capture mark on a capture, on a sheet that writes them */
    double result_wrong;  /* the result written contradicts how the game ends (1-0 under a mate by Black) */
};

extern const struct rc_costs rc_costs_default;

/* A slip cache sized to the sheets (cells in all): small sheets do not
 * pay for the largest one (3 MB, zeroed at every call). */
struct arb_slip_cache *rc_cache_new(int cells);
void rc_cache_free(struct arb_slip_cache *c);

/* The cost of reading cell c of sheet sh as move ml->moves[j]
 * of pos (need: arb_slip_disambiguation's entry).  cache and id as
 * arb_slip_cost's. */
double rc_match_cost(const struct rc_costs *k, const struct rc_sheet *sh, const struct rc_cell *c,
                     const struct arb_pos *pos, const struct arb_movelist *ml, int j, int need,
                     struct arb_slip_cache *cache, uint32_t id);

/* A raw slip distance (0..ARB_SLIP_GARBAGE) as the model's cost. */
double rc_slip_scale(const struct rc_costs *k, double raw);

/* How a game ending in pos ended by the Laws alone: a checkmate's winner,
 * a draw for stalemate or a dead position (*how, when not NULL: which, in
 * words), or ARB_RESULT_NONE when the position ends nothing (a resignation,
 * an agreement or a flag may have). */
enum arb_result rc_end_verdict(const struct arb_pos *pos, const char **how);
/* What a game ending with that verdict costs sheet k for the result written
 * on it: result_wrong when they contradict, else 0. */
double rc_result_cost(const struct rc_search *s, int k, enum arb_result verdict);
/* The same summed over the sheets, for a game ending in pos. */
double rc_end_cost(const struct rc_search *s, const struct arb_pos *pos);

/* Can pos still become final in `plies` more half-moves (-1: any number,
 * up to at_most when that is not -1)?
 * Material, pawns that cannot come back, and the moves each side needs
 * to put its pieces on their final squares.  *needed gets the least
 * number of half-moves that needs. */
bool rc_can_reach(const struct arb_pos *pos, const struct arb_pos *final, int plies, int at_most, int *needed);

/* ---- the search's states (states.c) --------------------------------- */

#define RC_INF 1e30               /* no bound: the state cannot finish */
#define RC_EPS 1e-4f              /* costs this close are equal */
#define RC_MAX_TAIL 24            /* moves after every sheet's last cell, without a move counter */

/* Per sheet, what is pending between half-moves. */
enum rc_pending {
    RC_ST_NONE,
    RC_ST_SWAP1,          /* cell i+1 was read as the last move: cell i is the next */
    RC_ST_SWAP2A,         /* cell i+2 was read: then i+1, then i */
    RC_ST_SWAP2B,         /* cells i+2 and i+1 were read: then i */
    RC_ST_OMIT_W,         /* White's move of a row was left out (Black's may follow it cheaply) */
    RC_ST_TAIL,           /* recording stopped: the cells are done, moves follow */
    RC_ST_SWAP4A,         /* cell i+4 was read (one side's moves two rows apart): then i+1, */
    RC_ST_SWAP4B,         /* ... i+2, */
    RC_ST_SWAP4C,         /* ... i+3, */
    RC_ST_SWAP4D          /* ... then i */
};

/* The operation a sheet took at a step. */
enum rc_op {
    RC_OP_NONE,           /* the sheet was not involved (another sheet's cell passed over) */
    RC_OP_MATCH,          /* cell i read as the move */
    RC_OP_BLANK,          /* blank (or gap) cell i stands for the move */
    RC_OP_UNREADABLE,     /* "?" cell i stands for the move */
    RC_OP_OMIT,           /* the move has no cell */
    RC_OP_SWAP1A,         /* cell i+1 read as the move (cell i follows) */
    RC_OP_SWAP1B,         /* ... and now cell i */
    RC_OP_SWAP2A,         /* cell i+2 read as the move */
    RC_OP_SWAP2B,         /* ... then cell i+1 */
    RC_OP_SWAP2C,         /* ... then cell i */
    RC_OP_TAIL,           /* a move after the sheet's last cell */
    RC_OP_EXTRA,          /* cell i passed over: no move of the game */
    RC_OP_SWAP4A,         /* cell i+4 read as the move */
    RC_OP_SWAP4B,         /* ... then cell i+1 */
    RC_OP_SWAP4C,         /* ... then cell i+2 */
    RC_OP_SWAP4D,         /* ... then cell i+3 */
    RC_OP_SWAP4E          /* ... then cell i */
};

#define RC_MAX_WAYS 5             /* ways a sheet takes one move at most (rc_ways) */

struct rc_node {
    struct arb_compact pos;       /* the position (arb_pos_expand with the start) */
    int32_t parent;               /* -1: the root */
    int32_t tie;                  /* the first other way here at the same cost (index in ties), -1 */
    float g;                      /* the cost so far */
    float done;                   /* children up to this f were made (partial expansion) */
    uint16_t ply;                 /* half-moves played */
    uint16_t i[ARB_RECON_MAX_SHEETS];   /* each sheet's next cell */
    uint8_t st[ARB_RECON_MAX_SHEETS];   /* enum rc_pending */
    uint8_t op[ARB_RECON_MAX_SHEETS];   /* enum rc_op: how each sheet took the step here */
    uint16_t loud[ARB_RECON_MAX_SHEETS];  /* the first cell the sheet as written cannot take from
                                             here (its literal replay stops there) */
    uint8_t loud_read[ARB_RECON_MAX_SHEETS]; /* ... the least that cell costs read as any move there,
                                                in tenths, rounded down (255: unknown) */
    arb_move move;                /* the step's move; 0: a cell passed over */
    uint8_t flags;                /* RC_NF_* */
};

#define RC_NF_CLOSED 1            /* expanded (at least once) */
#define RC_NF_GOAL 2              /* a whole game: every sheet done, the final position reached */
#define RC_LOUD_UNKNOWN 0xffff    /* loud[]: not looked at yet */
#define RC_LOUD_FAR 0xfffe        /* loud[]: none in the cells the replay looks at */
#define RC_NF_SHARP 4             /* its bound counts the literal replays (loud[] is set) */

/* Another way to a node at the same cost: the step from parent. */
struct rc_tie {
    int32_t parent;
    int32_t next;                 /* the next tie of the same node, -1 */
    arb_move move;
    uint8_t op[ARB_RECON_MAX_SHEETS];
};

struct rc_open {
    float f, g;
    int32_t node;
};

/* A state the beam may make (beam.c). */
struct rc_cand {
    uint64_t key;
    struct arb_compact pos;
    int32_t parent;
    float g, f;
    uint16_t ply;
    uint16_t i[ARB_RECON_MAX_SHEETS];
    uint8_t st[ARB_RECON_MAX_SHEETS], op[ARB_RECON_MAX_SHEETS];
    uint16_t loud[ARB_RECON_MAX_SHEETS];
    uint8_t loud_read[ARB_RECON_MAX_SHEETS];
    arb_move move;
};

struct rc_search {
    const struct arb_recon_opts *o;
    const struct rc_costs *k;
    struct rc_sheet sh[ARB_RECON_MAX_SHEETS];
    int ns;
    struct arb_pos start;
    const struct arb_pos *final;
    int target;                   /* the game's length in half-moves (final's counter, --moves), -1 unknown */
    int target_lo;                /* ... at least (--moves without the final position: one less) */
    int final_halfmove;           /* the final halfmove clock to match, -1 unknown */
    int longest;                  /* the most cells a sheet has */
    struct arb_slip_cache *cache;

    struct rc_node *node;
    int32_t n_node, cap_node;
    struct rc_tie *tie;
    int32_t n_tie, cap_tie;
    int32_t *table;               /* node index by state key (open addressing), -1 empty */
    uint64_t *key;                /* each node's state key */
    uint32_t table_mask;
    struct rc_open *heap;
    int32_t n_heap, cap_heap;

    long steps, budget;           /* steps: moves looked at (with each sheet's reading), states made */
    long expanded;                /* states expanded */
    int32_t max_nodes;
    enum arb_recon_limit limit;
    double wall_end;              /* (0: none) */

    int32_t goal[64];             /* goals found, cheapest first */
    int n_goal;
    double best;                  /* the best goal's cost (1e30: none yet) */
    int32_t deepest;              /* the node furthest into the sheets (a partial game) */
    bool proved;                  /* the best was taken from the queue before any limit */
    bool started;                 /* the root was made */
    long after_best;              /* steps allowed once the best is found (the ties) */
    double incumbent;             /* the cost of a game known (the beam's): dearer states are dropped */
    bool beam;                    /* states made are collected (col), not queued */
    bool literal_far;             /* far from a cell the sheets cannot take as written, only the
                                     moves as written are tried */
    float *sync_g;                /* per ply: the least cost of a state at that ply or later that
                                     the sheets as written follow (NULL: no such pruning) */
    int max_ply;
    long sync_after;              /* ... states far dearer are dropped after this many steps */
    double sync_margin;           /* ... by this much */
    bool sync_pruned;             /* some were */
    int window;                   /* ... farther than this many cells (of LOUD_MAX looked at) */
    struct rc_open *col;
    int32_t n_col, cap_col;
    struct rc_cand *cand;         /* the beam's candidates for the next ply */
    int32_t n_cand, cap_cand;
    int beam_ply;                 /* the ply the beam is at (states past it are candidates) */
    bool ties_cut;                /* states of the best game's cost were left unexpanded */
    bool ties_full;               /* a way of equal cost was not remembered (MAX_TIES reached) */
};

/* A swap: cells i and i+span hold each other's moves (span 1: a row's two
 * cells or neighbouring ones; 2: one side's moves on neighbouring rows; 4:
 * on rows two apart).  Its cells are read in the order i+span, i+1, ...,
 * i+span-1, i: step `read` reads cell i+span (0), i+read (between), or i
 * (read == span).  The pending states and the operations of each step
 * (enum rc_pending, enum rc_op) are mapped here, in one place. */
struct rc_swap {
    uint8_t span;                 /* 0: none */
    uint8_t read;                 /* pending state: cells read so far; operation: its step */
};

#define RC_SWAP_SPANS 3
extern const uint8_t rc_swap_spans[RC_SWAP_SPANS];   /* 1, 2, 4 */

/* The swap pending in state st ({0, 0}: none). */
struct rc_swap rc_swap_of(uint8_t st);
/* The pending state after `read` cells of a swap of span. */
uint8_t rc_swap_state(int span, int read);
/* The operation of step `read` of a swap of span, and back. */
uint8_t rc_swap_op(int span, int read);
struct rc_swap rc_swap_of_op(uint8_t op);
/* What a swap of span costs (struct rc_costs). */
double rc_swap_cost(const struct rc_costs *k, int span);

/* The sheet's offset against the game: half-moves played minus cells
 * taken (a move left out makes it 1, a cell passed over -1; the cells a
 * pending swap has read count as taken). */
static inline int rc_offset(int ply, int i, uint8_t st)
{
    return ply - i - rc_swap_of(st).read;
}

/* The node's position. */
void rc_node_pos(const struct rc_search *s, const struct rc_node *n, struct arb_pos *pos);
/* Queue node `node` at f (its cost so far g): least f first, then the
 * deeper, then the older state. */
void rc_heap_push(struct rc_search *s, float f, float g, int32_t node);
/* Take the first of the queue (s->n_heap > 0). */
struct rc_open rc_heap_pop(struct rc_search *s);
/* A child of state `parent`: the state after `move` (0: a cell passed
 * over) with the sheets' operations op[], next cells ii[], pending st[],
 * literal replays loud[] and read[], at ply half-moves, position pos, cost
 * g, bound h.  Merged with the state if it is known (a cheaper way kept, one
 * of the same cost remembered as a tie); queued (the beam: collected, or a
 * candidate past its ply).  Sets s->limit when the states are at their cap. */
void rc_make_child(struct rc_search *s, int32_t parent, arb_move move, const uint8_t *op, const uint16_t *ii,
                   const uint8_t *st, const uint16_t *loud, const uint8_t *read, int ply, const struct arb_pos *pos,
                   double g, double h);
/* Make the root state (and queue it; the beam: collect it), resetting the
 * best, the incumbent and the states; false when no game can start. */
bool rc_make_root(struct rc_search *s);

/* ---- the lower bound (bound.c) -------------------------------------- */

/* The lower bound of a node's remaining cost (infinity: it cannot finish). */
double rc_bound(const struct rc_search *s, const struct rc_node *n, const struct arb_pos *pos);
/* The bound without the position but for the literal replays (loud NULL
 * or RC_LOUD_UNKNOWN: not counted), at ply with cells ii[] and pending st[]. */
double rc_bound_cells(const struct rc_search *s, int ply, const uint16_t *ii, const uint8_t *st,
                      const uint16_t *loud, const uint8_t *read);
/* The bound without the literal replays of the states an expansion makes:
 * they share a ply, and per sheet a few (cell, pending) pairs.  Zero it
 * before the expansion's first call. */
struct rc_memo {
    int n[ARB_RECON_MAX_SHEETS];
    uint32_t key[ARB_RECON_MAX_SHEETS][16];
    double val[ARB_RECON_MAX_SHEETS][16];
};
/* rc_bound_cells(s, ply, ii, st, NULL, NULL), remembered in m. */
double rc_bound_memo(const struct rc_search *s, struct rc_memo *m, int ply, const uint16_t *ii, const uint8_t *st);
/* The move cell j of sheet k is as written in pos (cost under 0.1), or 0. */
arb_move rc_literal_move(const struct rc_search *s, int k, int j, const struct arb_pos *pos);
/* The first cell from i that sheet k's literal replay from pos cannot
 * take as written (*read: the least that cell costs read as any move, in
 * tenths; 255 unknown): the sheet's n when it ends first, RC_LOUD_FAR when
 * the cells the replay looks at can all be. */
uint16_t rc_literal_end(struct rc_search *s, int k, int i, const struct arb_pos *pos, uint8_t *read);
/* Work out node n's literal replays (loud[]), once. */
void rc_sharpen(struct rc_search *s, int32_t n);

/* ---- a sheet's ways to take a move (ways.c) ------------------------- */

/* One way: the operation, the pending state and next cell after it, its cost. */
struct rc_way {
    uint8_t op, st;
    uint16_t i;
    float c;
};
/* The ways sheet k, in state (i, st) after ply half-moves, takes move j
 * of pos (ml its legal moves, need their disambiguation): up to 4 into w[];
 * their number.  other_goes_on: another sheet still has cells (so moves
 * after this one's last are possible). */
int rc_ways(struct rc_search *s, int k, int i, uint8_t st, int ply, const struct arb_pos *pos,
            const struct arb_movelist *ml, int j, const uint8_t *need, bool other_goes_on, struct rc_way *w);
/* What passing over cell i of sheet k costs (ply half-moves played). */
double rc_pass_cost(const struct rc_search *s, int k, int i, uint8_t st, int ply);
/* May sheet k pass over its cell i (no move)? */
bool rc_can_pass(const struct rc_search *s, int k, int i, uint8_t st);
/* What operation op of sheet k, in state (i, st) after ply half-moves, before pos's move `move`,
 * cost (as the search counted it). */
double rc_op_cost(struct rc_search *s, int k, int i, uint8_t st, int ply, const struct arb_pos *pos, arb_move move,
                  uint8_t op);

/* ---- the searches (search.c, beam.c) -------------------------------- */

/* Make node ni's children with f in (its done, limit]; the least f of
 * those beyond the limit is returned (RC_INF: none). */
double rc_expand(struct rc_search *s, int32_t ni, double limit);
/* Run the search (s set up by arb_reconstruct) to its end or budget. */
void rc_search_run(struct rc_search *s);
/* The same in parts: start, then go on until `until` steps (false: paused
 * there; true: ended, or a limit). */
void rc_search_start(struct rc_search *s);
bool rc_search_go(struct rc_search *s, long until);
/* A beam search instead (s set up likewise, a search of its own): the best
 * `width` states of each half-move go on. */
void rc_beam_run(struct rc_search *s, int width);

/* ---- games (result.c) ------------------------------------------------ */

/* The result from the goals of a search. */
void rc_result_build(const struct rc_search *s, struct arb_recon_result *r);
/* No game found: the way to the state furthest into the sheets, as a
 * partial game (r->partial); nothing when that is the start. */
void rc_result_partial(const struct rc_search *s, struct arb_recon_result *r);

#endif
