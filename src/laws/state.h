/* state.h — the replay's state, shared by the files of the Laws layer
 * (src/laws/): one struct passed by pointer, nothing global.  Not part of
 * the layer's interface (laws/replay.h); only src/laws/ includes it.
 */
#ifndef ARB_LAWS_STATE_H
#define ARB_LAWS_STATE_H

#include "laws/replay.h"

#include "notation/slips.h"

#include "laws/clocks.h"
#include "chess/dead.h"
#include "chess/movegen.h"
#include "chess/san.h"
#include "base/util.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>
/* Positions the search for a mate may visit when a finding depends on
 * whether a side can still mate (6.9, the illegal-move loss): asked once
 * per such game.  A question left open costs the whole budget: 36,000
 * positions of the helpmate search and 6,000 of the exhaustive exploration
 * (each some thirty times dearer) keep the worst of the 30,000 lichess
 * timeouts near 11 ms of CPU and leave 14 of them open (tests/dead/unwin
 * --timeouts; the figures in CHANGELOG). */
enum { MATE_BUDGET = 36000, MATE_EXPLORE_BUDGET = 6000 };

static const char *const piece_names[6] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
static const char *const colour_names[2] = {"white", "black"};
static const char *const side_names[2] = {"White", "Black"};

/* Which right was lost when, for castling messages. */
struct right_loss {
    int ply;                 /* 0: never had it in this line */
    int node;                /* the move's node */
    int why;                 /* 0 king moved, 1 rook moved, 2 rook captured */
};

/* How deep variations are followed (each level keeps a position). */
#define ARB_MAX_VARIATION_DEPTH 1000

struct level {
    struct arb_pos pos;
    int ply;                 /* plies played to reach pos */
    arb_move last;           /* last move played at this level */
    struct arb_undo last_undo;
    bool have_last;
    bool last_null;          /* the last move at this level was a null move (undone with last_undo) */
    bool dead;               /* a move failed: skip the rest of this line */
    struct right_loss loss[4];
};

/* The positions of a long repetition window and their counts
 * (repetition.c): open addressing, grown at three quarters full; the
 * slots are malloc'd (a grown table frees the smaller), freed at the end
 * of the replay. */
struct rep_slot {
    uint64_t key;
    uint32_t gen, count;
};
struct rep_table {
    struct rep_slot *slot;
    uint32_t cap;            /* a power of two */
    uint32_t gen, used;      /* slots of another generation are empty */
};

#define TWICE_MAX 8
#define HIST_RING 64
#define HIST(s, p) ((s)->hist[(unsigned)(p) % HIST_RING])
#define REP_HASH_FROM 24     /* a window this long is hashed (and hist[] keeps more) */
struct rs {
    struct arb_game *g;
    struct arb_outcome *out;
    const struct arb_profile *prof;
    const struct arb_lang *lang;
    struct level cur;
    struct level *stack;
    int depth, cap;
    bool lang_told;          /* a move with a piece letter was read */
    bool numbering_reported; /* one move-number finding per game */
    bool stop;               /* the main line stopped */
    const struct arb_lang *other_lang; /* detection: another language read the game as far, differently */
    const struct arb_check_opts *opts;
    const struct arb_replay_hooks *hooks;  /* never NULL (none: all members NULL) */
    struct arb_replay_step step;           /* on_position: the main line's position the replay stands at */
    struct arb_pos step_pos;               /* ... its position */
    /* Main line: the repetition key of the position after each of the last
     * HIST_RING plies (ply p at hist[p % HIST_RING]; 0: the start).  A
     * window longer than REP_HASH_FROM plies is counted in rep, so nothing
     * looks further back than that: memory does not grow with the game. */
    uint64_t hist[64];
    bool threefold_told, fifty_told, after_end_told, fivefold_2014_told;
    /* Positions of the current window that stood twice, by side to move (a
     * third occurrence may come): listed in twice_key[], unless there were
     * more than TWICE_MAX (twice_over: then counted in hist[]). */
    uint8_t n_twice[2];
    bool twice_over[2];
    uint64_t twice_key[2][TWICE_MAX];
    bool unplayed_told;
    const struct arb_node *flag_node[2]; /* the comment whose reading showed a flag down */
    long flag_reading[2];               /* ... its reading (tenths) */
    bool flag_period[2];                /* ... a period's moves not made in its time */
    int illegal_moves[2];    /* completed illegal moves by each side on the main line (7.5.5 counts them) */
    struct rep_table *rep;   /* NULL until a window is long enough to hash */
    bool rep_hashed;         /* the window is counted in rep (else by scanning hist[]) */
    struct {                 /* notation forms reported in this game: once each, then counted */
        const char *fmt;
        int index, more;
    } forms[24];
    int n_forms;
    int skip;                /* open variations beyond ARB_MAX_VARIATION_DEPTH */
    bool too_deep_reported;
    int rep_floor;           /* main line: positions before this ply cannot repeat (a null move passed) */
    int first_illegal;       /* main line: ply of the first illegal move the replay followed, 0 none */
    struct arb_pos legal_end; /* ... and the position before it */
    enum arb_step_how how;   /* main line: how the move do_move() just played was played */
    char rules_why[400];     /* rs_choose_profile's sentence, for a rules-edition finding (or empty) */
    bool mode_mismatch;      /* the profile's own kind of game is not the time control's */
    enum arb_mode mode_by_tc;/* ... the kind the time control makes */
};

/* Has the Laws ended the game on the main line (at any ply, 0 included)? */
static inline bool game_ended(const struct rs *s)
{
    return s->out->end_reason != ARB_END_NONE;
}

/* A finding's `move`: the token as recorded; one longer than any move
 * could be (over ARB_TOKEN_SHOWN bytes) as rs_quoted() shows it, so that a
 * runaway word does not make a runaway record. */
#define ARB_TOKEN_SHOWN 256

/* Read the move at node idx: one token, or a phrase of words in a spoken
 * language (*used: how many nodes it took). */
static inline __attribute__((always_inline)) enum arb_np_status read_move(const struct arb_game *g, const struct arb_lang *lang, int idx,
                                    struct arb_movedesc *d, struct arb_parse_info *info, int *used)
{
    const struct arb_node *n = &g->nodes[idx];
    *used = 1;
    if (!lang->spoken)
        return arb_notation_parse(lang, arb_node_text(g, n), n->len, d, info);
    const char *w[8];
    size_t len[8] = {0};
    int k = 0;
    while (k < 8 && idx + k < g->n_nodes && g->nodes[idx + k].kind == ARB_N_MOVE) {
        w[k] = arb_node_text(g, &g->nodes[idx + k]);
        len[k] = g->nodes[idx + k].len;
        k++;
    }
    int took = arb_notation_parse_spoken(lang, (const char *const *)w, len, k, d, info);
    if (!took)
        return ARB_NP_ERROR;
    *used = took;
    return ARB_NP_MOVE;
}

/* cite.c */
void rs_square(int sq, char out[3]);
const char *rs_quoted(struct rs *s, const struct arb_node *n);
const char *rs_clock_text(struct rs *s, long tenths);
struct arb_finding *rs_finding(struct rs *s, enum arb_code code, const struct arb_node *n, enum arb_article art,
                               const char *fmt, ...) ARB_PRINTF(5, 6);
void rs_mark_move(struct arb_finding *f, arb_move m);
enum arb_article rs_piece_article(int type);
void rs_write_move(struct rs *s, arb_move m, char *buf, size_t cap);
void rs_move_number(const struct arb_pos *pos, char *buf, size_t cap);
const char *rs_castle_name(int aside);
enum arb_article rs_castling_article(const struct rs *s, enum arb_article standard, bool path);

/* walk.c */
void rs_play(struct rs *s, arb_move m, int node);
void rs_after_move(struct rs *s, const struct arb_node *n, bool *check_out, bool *mate_out);

/* setup.c */
bool rs_contains_nocase(const char *s, const char *word);
bool rs_setup(struct rs *s);
/* The profile a game is checked by (--rules=, else its date); why: where
 * the date does not settle the edition, the sentence that says so (else
 * empty). */
const struct arb_profile *rs_choose_profile(const struct arb_game *g, const struct arb_check_opts *o, char *why,
                                            size_t cap);

/* detect.c */
/* Main-line plies that lang replays from start (from node first) before a
 * move fails; the final key in *key; *complete: the record's end was
 * reached; *bad_marks (when not NULL): how many check and mate marks the
 * moves so read do not bear out.  as_played: the record as played, its
 * illegal moves that are physically clear followed too (rs_playable_at),
 * and a king taken (rs_king_taken_clearly) the end of what can be
 * followed (*complete). */
int rs_trial_replay_from(const struct arb_game *g, const struct arb_lang *lang, const struct arb_pos *start,
                         int first, uint64_t *key, bool *complete, int *bad_marks, bool as_played);
const struct arb_lang *rs_detect_lang(struct rs *s, const struct arb_check_opts *o);

/* failure.c */
void rs_report_failure(struct rs *s, const struct arb_node *n, const struct arb_movedesc *d,
                       const struct arb_resolve *r);
bool rs_board_signal(struct rs *s, const struct arb_node *n, int next, const struct arb_movedesc *d);
struct arb_finding *rs_report_after_end(struct rs *s, const struct arb_node *n);
bool rs_playable_as_written(const struct rs *s, const struct arb_movedesc *d, const struct arb_resolve *r,
                            arb_move *m);
/* The same from position pos. */
bool rs_playable_at(const struct arb_pos *pos, const struct arb_movedesc *d, const struct arb_resolve *r,
                    arb_move *m);
bool rs_illegal_move_stood(struct rs *s, int next, const struct arb_movedesc *d, const struct arb_resolve *r,
                           arb_move *m);
/* Does the movedesc d take the other king, one piece of the mover fitting
 * it attacking that king (after an illegal move left it in check)? */
bool rs_king_taken_clearly(const struct arb_pos *pos, const struct arb_movedesc *d);
/* Does the record's main line end before any move from node next on? */
bool rs_record_ends_at(const struct rs *s, int next);
void rs_count_last_illegal(struct rs *s, struct arb_finding *f, bool king_taken, bool record_ends);
const char *rs_illegal_consequence(struct rs *s, const char **article, bool arbiter_case);
void rs_both_kings_in_check(struct rs *s, struct arb_finding *f);

/* repair.c */
bool rs_repair(struct rs *s, int idx, int used, struct arb_finding *f);
int rs_resync(struct rs *s, int from);

/* repetition.c */
void rs_count_repetitions(struct rs *s, const struct arb_node *n, bool mate);
void rs_check_unplayed_claims(struct rs *s, const struct arb_node *n, arb_move played);
void rs_repetition_free(struct rs *s);

/* writing.c */
void rs_forms_counted(struct rs *s);
void rs_judge_writing(struct rs *s, const struct arb_node *n, const struct arb_movedesc *d,
                      const struct arb_parse_info *info, const struct arb_resolve *r);
void rs_judge_marks(struct rs *s, const struct arb_node *n, int written, bool check, bool mate);

/* timing.c */
void rs_clock_comment(struct rs *s, const struct arb_node *n);
void rs_report_flags(struct rs *s);

/* result.c */
void rs_judge_result(struct rs *s);

#endif
