/* replay.h — replay a game record and judge it under a profile of the Laws
 * (the Laws layer's interface; src/laws/walk.c and the files beside it).
 *
 * Fourth step of the data flow: a struct arb_game (pgn.h) is replayed move
 * by move: each token is read by the notation layer in the game's
 * language, resolved by the chess core, played, and the Laws layer's
 * profile decides what the record shows (game ends, results).  Variations
 * are replayed from the position where they branch, with an explicit stack
 * (no recursion: nesting depth costs memory in the game's arena only).
 *
 * The outcome and the findings go into struct arb_outcome; nothing here
 * prints.
 */
#ifndef ARB_REPLAY_H
#define ARB_REPLAY_H

#include "chess/board.h"
#include "laws/laws.h"
#include "laws/clocks.h"
#include "read/timectl.h"
#include "notation/notation.h"
#include "read/pgn.h"

enum arb_end_reason {
    ARB_END_NONE = 0, ARB_END_CHECKMATE, ARB_END_STALEMATE, ARB_END_DEAD,
    ARB_END_FIVEFOLD, ARB_END_SEVENTYFIVE
};

const char *arb_end_reason_name(enum arb_end_reason r);
/* "1-0", "0-1", "1/2-1/2", "*", or NULL for ARB_RESULT_NONE. */
const char *arb_result_name(enum arb_result r);

/* What the user chose; NULL / -1 members mean "decide per game". */
struct arb_check_opts {
    const struct arb_profile *profile;    /* NULL: by the game's date (--rules=auto) */
    const struct arb_lang *lang;          /* NULL: detect per game */
    const struct arb_lang *lang_hint;     /* detection prefers it when languages tie (--lang-hint) */
    /* NULL, or the votes of the file's earlier games: per language
     * (arb_langs[] order) how many were read in it; ties between languages
     * go to the majority.  Asked only when a game's own moves do not
     * decide, and it may wait for the earlier games to be checked
     * (arbiter check --jobs).  The caller counts outcome.lang_vote. */
    const unsigned *(*lang_votes)(void *votes_ctx);
    void *votes_ctx;
    int mode;                             /* enum arb_mode, or -1 for auto */
    const struct arb_timecontrol *time_control; /* NULL: the game's own (--time-control=) */
    const struct arb_pos *reach;          /* --position: note the first ply of the main line whose
                                             placement is this one's (outcome.reached); NULL: none */
    bool repair;                          /* --repair: at an unreadable or illegal move, the nearest
                                             legal move (a note), and go on from it if the rest replays */
    unsigned add_tags;                    /* --add-tags (with repair): ARB_ADD_* tags a game lacks, added */
    bool play_as_written;                 /* for people (arbiter replay): at an illegal move of the main
                                             line that neither stood nor --repair replaces, the move as
                                             written where it can be made on the board (one piece from one
                                             square to another, its king left in check; castling in or
                                             through check), and on from there (ARB_STEP_AS_WRITTEN) */
};

enum arb_tc_source { ARB_TC_NONE, ARB_TC_TAG, ARB_TC_EVENT, ARB_TC_OPTION };

/* The tags --add-tags adds where a game has none (pgn-extract's
 * --addplycount and -e): the plies of the record, and the opening the
 * moves are (laws/openings.h). */
enum { ARB_ADD_PLYCOUNT = 1, ARB_ADD_ECO = 2, ARB_ADD_OPENING = 4 };

/* A move --repair replaced: the record's nodes [node, node + used) (the
 * token as written), the legal move played instead (in the game's
 * notation language) and why it is the nearest (e.g. "'5' for '3'"). */
struct arb_repair {
    int node, used;
    int ply;
    const char *move;
    const char *why;
};

/* What --repair writes of a game's result (arb_result_repair): the
 * Result tag and the termination marker where the Laws decide the result
 * and the record says otherwise, a missing marker filled in, a PlyCount
 * tag that miscounts the moves.  Each change has its words for the
 * comment that says it (NULL: no change). */
struct arb_result_fix {
    bool any;
    enum arb_result result;               /* the result to write */
    const char *tag_why;                  /* the Result tag becomes `result` */
    const char *marker_why;               /* the marker becomes (or, missing, is) `result` ("": the
                                             tag's words say it too) */
    int plycount;                         /* the PlyCount tag's value to write, -1: as it is */
    const char *plycount_why;
    unsigned add;                         /* ARB_ADD_* tags the game lacks that are written (added, not
                                             replaced; their *_why say so) */
    int eco_idx, opening_idx;             /* the ECO / Opening tag contradicts the moves: 1 + the
                                             table line (laws/openings.h) that classifies them, else 0 */
    const char *eco_why, *opening_why;    /* --repair: those tags are written so */
    const char *decided;                  /* (arb_result_judge: how the Laws decided where no end of
                                             the game on the board did: 6.9, 5.1.2) */
};

struct arb_outcome {
    const struct arb_lang *lang;          /* language the moves were read in; NULL if none told */
    int lang_vote;                        /* arb_langs[] index detection chose, -1 if it did not run */
    const struct arb_profile *profile;
    enum arb_mode mode;
    struct arb_timecontrol tc;            /* the time control as understood (tc.n 0: none) */
    enum arb_tc_source tc_source;
    struct arb_clocks clocks;             /* the clocks as the readings show them */
    int plies;                            /* main-line plies replayed as legal moves, up to the first
                                             illegal one the replay followed (INTERFACE.md) */
    int followed_plies;                   /* main-line plies the replay followed, an illegal move that
                                             stood (illegal-move-stood, a promotion without a piece, a
                                             null move) and what came after it included */
    int end_ply;                          /* ply at which the Laws ended the game, 0 if none */
    enum arb_end_reason end_reason;
    bool have_fen;                        /* final holds the position (the setup could be read) */
    struct arb_pos final;                 /* position after the last followed ply (FEN: arb_pos_to_fen) */
    struct arb_pos legal_final;           /* position after `plies` (the jsonl `fen`) */
    const char *result_tag;               /* Result tag, else the termination marker, else NULL */
    enum arb_result result_rules;         /* what the Laws give, ARB_RESULT_NONE if the record does not decide */
    bool replay_stopped;                  /* a fatal error stopped the main line */
    unsigned start_fullmove;              /* move number and side of the start position */
    int start_side;
    int repaired;                         /* --repair: moves replaced by the nearest legal move ... */
    struct arb_repair *repairs;           /* ... which (repaired of them, in the game's arena) */
    struct arb_result_fix fix;            /* --repair: the result and PlyCount as they are to be written */
    int reached;                          /* check_opts.reach: 1 + the first main-line ply with its
                                             placement (1: the start position), 0: never */
    uint64_t moves_hash;                  /* the start position and the main line's moves as followed,
                                             folded into 64 bits: the same game however it was written
                                             (check --duplicates) */
};

/* The result an electronic board signals by its kings (DGT e-boards and
 * LiveChess; see failure.c): both kings on the centre squares d4, d5, e4,
 * e5, on two different ones; both on light squares (d5, e4) 1-0, both on
 * dark squares (d4, e5) 0-1, one of each 1/2-1/2.  ARB_RESULT_NONE when
 * the squares (0..63, a1 = 0) make no signal. */
enum arb_result arb_kings_signal(int sq_a, int sq_b);

/* lang_votes for a caller that checks one game at a time: votes_ctx is
 * the unsigned[32] array of counts itself. */
const unsigned *arb_lang_votes_plain(void *votes);

/* One position of the main line, as on_position hands it on. */
enum arb_step_status { ARB_STEP_TO_MOVE, ARB_STEP_CHECK, ARB_STEP_CHECKMATE, ARB_STEP_STALEMATE };
/* How the move that led to a position was played. */
enum arb_step_how {
    ARB_STEP_LEGAL,               /* a legal move, as written (ply 0: the start) */
    ARB_STEP_FOLLOWED,            /* an illegal move the Laws follow: one that stood (illegal-move-stood),
                                     a promotion without a piece (a queen), a null move (the turn passes) */
    ARB_STEP_REPAIRED,            /* not the move written: the nearest legal move --repair found */
    ARB_STEP_AS_WRITTEN           /* an illegal move played as written (play_as_written) */
};
struct arb_replay_step {
    int ply;                      /* 0: the start position */
    const struct arb_pos *pos;    /* the position after the move */
    enum arb_step_status status;  /* the side to move in it: to move, in check, checkmated, stalemated */
    enum arb_step_how how;        /* how the move was played; the findings at its node say why */
    arb_move move;                /* the move played (ARB_MOVE_NONE at ply 0) */
    int node;                     /* its node in g->nodes (-1 at ply 0) */
    const char *token;            /* the move as recorded (NULL at ply 0) */
    size_t len;
    long clk[2];                  /* each clock's last reading after the move's comments, tenths
                                     ([%clk], [%emt] or a bare time, as `check` reads them); -1 none */
    int clk_ply[2];               /* ... and the ply after which it was read */
};

/* What a caller sees of the replay as it goes.  Every member may be NULL. */
struct arb_replay_hooks {
    void *ctx;
    /* Every move of the record (main line and variations) that was
     * played: its node, the position before it and the legal move
     * (arbiter convert writes the moves again from these). */
    void (*on_move)(void *ctx, int node, const struct arb_pos *before, arb_move m);
    /* Each position of the main line (ply 0: the start position) once the
     * comments after its move are read (the clocks), up to the first move
     * that cannot be played (nor repaired, nor played as written, as the
     * options say); none when the start position cannot be set up (arbiter
     * replay shows these). */
    void (*on_position)(void *ctx, const struct arb_replay_step *step);
};

/* The one entry: replay game g and judge it under the Laws.  Findings are
 * appended to g->findings (sorted by ply), the outcome goes to *out, and
 * hooks (NULL: none) see the moves and positions on the way. */
void arb_replay(struct arb_game *g, const struct arb_check_opts *o, const struct arb_replay_hooks *hooks,
                struct arb_outcome *out);

#endif
