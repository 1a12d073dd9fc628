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
struct arb_rs {
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
    char rules_why[400];     /* arb_setup_choose_profile's sentence, for a rules-edition finding (or empty) */
    bool mode_mismatch;      /* the profile's own kind of game is not the time control's */
    enum arb_mode mode_by_tc;/* ... the kind the time control makes */
};

/* Has the Laws ended the game on the main line (at any ply, 0 included)? */
static inline bool game_ended(const struct arb_rs *s)
{
    return s->out->end_reason != ARB_END_NONE;
}

/* A finding's `move`: the token as recorded; one longer than any move
 * could be (over ARB_TOKEN_SHOWN bytes) as arb_cite_quoted() shows it, so that a
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
void arb_cite_square(int sq, char out[3]);
const char *arb_cite_quoted(struct arb_rs *s, const struct arb_node *n);
const char *arb_cite_clock_text(struct arb_rs *s, long tenths);
struct arb_finding *arb_cite_finding(struct arb_rs *s, enum arb_code code, const struct arb_node *n, enum arb_article art,
                               const char *fmt, ...) ARB_PRINTF(5, 6);
void arb_cite_mark_move(struct arb_finding *f, arb_move m);
enum arb_article arb_cite_piece_article(int type);
void arb_cite_write_move(struct arb_rs *s, arb_move m, char *buf, size_t cap);
void arb_cite_move_number(const struct arb_pos *pos, char *buf, size_t cap);
const char *arb_cite_castle_name(int aside);
enum arb_article arb_cite_castling_article(const struct arb_rs *s, enum arb_article standard, bool path);

/* setup.c */
bool arb_setup_contains_nocase(const char *s, const char *word);
bool arb_setup_position(struct arb_rs *s);
/* The profile a game is checked by (--rules=, else its date); why: where
 * the date does not settle the edition, the sentence that says so (else
 * empty). */
const struct arb_profile *arb_setup_choose_profile(const struct arb_game *g, const struct arb_check_opts *o, char *why,
                                            size_t cap);

/* detect.c */
/* Main-line plies that lang replays from start (from node first) before a
 * move fails; the final key in *key; *complete: the record's end was
 * reached; *bad_marks (when not NULL): how many check and mate marks the
 * moves so read do not bear out.  as_played: the record as played, its
 * illegal moves that are physically clear followed too (arb_fail_playable_at),
 * and a king taken (arb_fail_king_taken_clearly) the end of what can be
 * followed (*complete). */
int arb_detect_trial_replay(const struct arb_game *g, const struct arb_lang *lang, const struct arb_pos *start,
                         int first, uint64_t *key, bool *complete, int *bad_marks, bool as_played);
const struct arb_lang *arb_detect_lang(struct arb_rs *s, const struct arb_check_opts *o);

/* failure.c */
void arb_fail_report(struct arb_rs *s, const struct arb_node *n, const struct arb_movedesc *d,
                       const struct arb_resolve *r);
bool arb_fail_board_signal(struct arb_rs *s, const struct arb_node *n, int next, const struct arb_movedesc *d);
struct arb_finding *arb_fail_report_after_end(struct arb_rs *s, const struct arb_node *n);
bool arb_fail_playable_as_written(const struct arb_rs *s, const struct arb_movedesc *d, const struct arb_resolve *r,
                            arb_move *m);
/* The same from position pos. */
bool arb_fail_playable_at(const struct arb_pos *pos, const struct arb_movedesc *d, const struct arb_resolve *r,
                    arb_move *m);
bool arb_fail_illegal_stood(struct arb_rs *s, int next, const struct arb_movedesc *d, const struct arb_resolve *r,
                           arb_move *m);
/* Does the movedesc d take the other king, one piece of the mover fitting
 * it attacking that king (after an illegal move left it in check)? */
bool arb_fail_king_taken_clearly(const struct arb_pos *pos, const struct arb_movedesc *d);
/* Does the record's main line end before any move from node next on? */
bool arb_fail_record_ends_at(const struct arb_rs *s, int next);
void arb_fail_count_last_illegal(struct arb_rs *s, struct arb_finding *f, bool king_taken, bool record_ends);
const char *arb_fail_illegal_consequence(struct arb_rs *s, const char **article, bool arbiter_case);
void arb_fail_both_kings_in_check(struct arb_rs *s, struct arb_finding *f);

/* repair.c */
bool arb_repair_move(struct arb_rs *s, int idx, int used, struct arb_finding *f, arb_move *m);
int arb_repair_resync(struct arb_rs *s, int from);

/* repetition.c */
void arb_rep_count(struct arb_rs *s, const struct arb_node *n, bool mate);
void arb_rep_check_unplayed_claims(struct arb_rs *s, const struct arb_node *n, arb_move played);
void arb_rep_free(struct arb_rs *s);

/* writing.c */
void arb_writing_count_forms(struct arb_rs *s);
void arb_writing_judge(struct arb_rs *s, const struct arb_node *n, const struct arb_movedesc *d,
                      const struct arb_parse_info *info, const struct arb_resolve *r);
void arb_writing_judge_marks(struct arb_rs *s, const struct arb_node *n, int written, bool check, bool mate);

/* timing.c */
void arb_timing_read_comment(struct arb_rs *s, const struct arb_node *n);
void arb_timing_report_flags(struct arb_rs *s);

/* result.c */
void arb_result_judge(struct arb_rs *s);

#endif
