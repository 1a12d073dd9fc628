/* finding.h — findings: what a check says about a game.
 *
 * Findings are data, not errors: every layer that reads or judges a game
 * (the PGN reader, the replay, the Laws) appends them to the game's list;
 * reports format them; nothing here prints.  The codes are the outside
 * contract of INTERFACE.md: add codes, never rename one.
 */
#ifndef ARB_FINDING_H
#define ARB_FINDING_H

#include <stdbool.h>
#include <stdint.h>

#include "base/arena.h"

struct arb_pos;                   /* chess/board.h: findings keep a position, never look into it */

enum arb_severity { ARB_SEV_INFO = 0, ARB_SEV_WARNING = 1, ARB_SEV_ERROR = 2 };

enum arb_code {
    /* INTERFACE.md */
    ARB_F_PGN_SYNTAX,
    ARB_F_UNKNOWN_MOVE,
    ARB_F_ILLEGAL_MOVE,
    ARB_F_AMBIGUOUS_MOVE,
    ARB_F_PROMOTION_MISSING,
    ARB_F_MOVE_AFTER_END,
    ARB_F_RESULT_MISMATCH,
    ARB_F_FIVEFOLD,
    ARB_F_SEVENTYFIVE,
    ARB_F_DEAD_POSITION,
    ARB_F_THREEFOLD_CLAIMABLE,
    ARB_F_FIFTY_CLAIMABLE,
    ARB_F_TIMEOUT_VS_INSUFFICIENT,
    ARB_F_FLAG_FALL,
    ARB_F_CLOCK_INCONSISTENT,
    ARB_F_DRAW_OFFER,
    /* added by arbiter */
    ARB_F_INVALID_FEN,
    ARB_F_DECODE_ERROR,
    ARB_F_ENCODING_GUESS,
    ARB_F_MOVE_NUMBER,
    ARB_F_RESULT_INCONSISTENT,
    ARB_F_MISSING_RESULT,
    ARB_F_NULL_MOVE,
    ARB_F_GAME_TOO_LARGE,
    ARB_F_UNSUPPORTED_VARIANT,
    ARB_F_VARIATION_TOO_DEEP,
    ARB_F_LANG_AMBIGUOUS,
    ARB_F_NOTATION_FORM,
    ARB_F_WRONG_MARK,
    ARB_F_EARLY_DRAW,
    ARB_F_CLAIM_UNPLAYED,
    ARB_F_ARBITER_FIFTY,
    ARB_F_ILLEGAL_MOVE_STOOD,
    ARB_F_DUPLICATE_TAG,
    ARB_F_STRAY_TEXT,
    ARB_F_DUPLICATE_GAME,
    ARB_F_TRF_RESULT_MISMATCH,
    ARB_F_TRF_COLOUR_MISMATCH,
    ARB_F_TRF_MISSING_GAME,
    ARB_F_TRF_UNPAIRED_GAME,
    ARB_F_TRF_ROUND_MISMATCH,
    ARB_F_TRF_POINTS_MISMATCH,
    ARB_F_TRF_SYNTAX,
    ARB_F_BOARD_RESULT_SIGNAL,
    ARB_F_RULES_EDITION,
    ARB_F_RULES_MISMATCH,
    ARB_F_PLYCOUNT_MISMATCH,
    ARB_F_OPENING_MISMATCH,
    ARB_F_COUNT
};

struct arb_code_info {
    const char *name;             /* the code as reports print it */
    enum arb_severity severity;   /* its usual severity */
    const char *summary;          /* one line for --help, man page, SARIF rules */
    bool reserved;                /* named by the interface, not yet checked by this version */
};

extern const struct arb_code_info arb_codes[ARB_F_COUNT];

const char *arb_severity_name(enum arb_severity s);
/* The code with that name, or -1. */
int arb_code_find(const char *name);

struct arb_finding {
    enum arb_code code;
    enum arb_severity severity;
    int32_t ply;                  /* 0 = the game as a whole */
    uint32_t line, col;           /* 1-based; 0 = no place in the file */
    uint16_t variation;           /* 0 = main line; else nesting depth of the variation */
    const char *move;             /* the token as recorded, or NULL */
    const char *article;          /* article of the applied edition, or NULL */
    const char *message;          /* one English sentence */
    const char *note;             /* a further sentence for people (text report), or NULL */
    const char *clocks;           /* both clocks' last readings at the finding (text report), or NULL */
    uint32_t off, len;            /* the token's bytes, from the game's start (len 0: none known) */
    const struct arb_pos *pos;    /* position before the move, or after it for what the move made
                                     (repetitions, counts, a dead position); or NULL (its FEN:
                                     arb_pos_to_fen; kept as a position, formatted only by reports
                                     that print it) */
    int32_t pos_ply;              /* the ply pos stands after: ply - 1 for the position before the
                                     move, ply for the position the move made */
    uint16_t last;                /* the arb_move (chess/board.h) that led to pos, for diagrams
                                     (ARB_MOVE_NONE: none known) */
    int8_t mark_from, mark_to;    /* the offending move's squares for diagrams: -1 unknown (only
                                     mark_to known: the target square; both -1: nothing to mark) */
    uint64_t mark_pieces;         /* for diagrams: the squares of the pieces the recorded move could
                                     mean when several fit it (an ambiguous move's candidates; bit n
                                     for square n, a1 = 0, h8 = 63); 0: none */
};

struct arb_findings {
    struct arb_finding *v;
    int n, cap;
};

/* Append a finding (zeroed but for code and severity, which come from the
 * code table) and return it for the caller to fill. */
struct arb_finding *arb_findings_add(struct arb_findings *f, struct arb_arena *a, enum arb_code code);
/* Sort findings by ply, stably (reports list them in ply order). */
void arb_findings_sort(struct arb_findings *f);

#endif
