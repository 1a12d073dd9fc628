/* state.h — the replay's state and the rule families that share it, in
 * the files of the Laws layer (src/laws/): nothing global.  Not part of
 * the layer's interface (laws/replay.h); only src/laws/ includes it.
 *
 * The walker (walk.c) owns the whole state, struct arb_rs, and hands each
 * rule family only its part:
 *
 *   struct arb_rs_view     the game, its outcome, the profile, the language,
 *                          the options, and the line the replay stands in
 *                          (position, ply, last move, depth).  The walker
 *                          moves it on; every family reads it (const) and
 *                          makes its findings through it (cite.c).
 *   struct arb_rs_rep      repetition.c: the repetition window (hist[], the
 *                          positions seen twice, the hash table, the floor a
 *                          null move sets) and the claims already said.
 *   struct arb_rs_flags    timing.c: the clock readings that showed a flag
 *                          down (the clocks themselves are the outcome's).
 *   struct arb_rs_writing  writing.c: the notation forms reported (once each,
 *                          then counted) and the one move-number finding.
 *   struct arb_rs_illegal  failure.c: the illegal moves each side made on
 *                          the main line, and the first one followed.
 *
 * The rest of struct arb_rs is the walker's own: the stack of variations,
 * the hooks and the step they are handed, what was already said about the
 * game as a whole.  Families that need no state of their own take only
 * what they read: repair.c and the failure reports the view; detect.c the
 * game and a start position; result.c the game, the outcome and the
 * profile; setup.c writes the start position into the view, the one
 * family that does (before the walk starts).
 */
#ifndef ARB_LAWS_STATE_H
#define ARB_LAWS_STATE_H

#include "laws/replay.h"
#include "laws/openings.h"

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
#define HIST(w, p) ((w)->hist[(unsigned)(p) % HIST_RING])
#define REP_HASH_FROM 24     /* a window this long is hashed (and hist[] keeps more) */

/* What every rule family reads: the game, the edition applied, and where
 * the replay stands.  The walker owns it and moves it on; the families
 * get it const.  (The findings they make go to g's list and arena, and
 * what they conclude to out: both reached through its pointers.) */
struct arb_rs_view {
    struct arb_game *g;                 /* the record: its nodes, findings and arena */
    struct arb_outcome *out;            /* what the replay concludes: the end, the clocks, the repairs */
    const struct arb_profile *prof;     /* the edition of the Laws applied */
    const struct arb_lang *lang;        /* the language the moves are read in */
    const struct arb_letters *letters;  /* ... its letters, for the parser (arb_notation_letters) */
    const struct arb_check_opts *opts;
    struct level cur;                   /* the line the replay stands in: its position, ply, last move */
    int depth;                          /* 0: the main line; else how deep the variation is */
};

/* repetition.c: the main line's repetition window (9.2, 9.3, 9.6) and the
 * draw claims already said. */
struct arb_rs_rep {
    /* The repetition key of the position after each of the last HIST_RING
     * plies (ply p at hist[p % HIST_RING]; 0: the start).  A window longer
     * than REP_HASH_FROM plies is counted in table, so nothing looks
     * further back than that: memory does not grow with the game. */
    uint64_t hist[HIST_RING];
    /* Positions of the current window that stood twice, by side to move (a
     * third occurrence may come): listed in twice_key[], unless there were
     * more than TWICE_MAX (twice_over: then counted in hist[]). */
    uint8_t n_twice[2];
    bool twice_over[2];
    uint64_t twice_key[2][TWICE_MAX];
    struct rep_table *table; /* NULL until a window is long enough to hash */
    bool hashed;             /* the window is counted in table (else by scanning hist[]) */
    int floor;               /* positions before this ply cannot repeat (a null move passed) */
    bool threefold_told, fifty_told, fivefold_2014_told, unplayed_told;
};

/* timing.c: the first clock reading of each side that showed its flag down. */
struct arb_rs_flags {
    const struct arb_node *node[2];     /* the comment whose reading showed a flag down */
    long reading[2];                    /* ... its reading (tenths) */
    bool period[2];                     /* ... a period's moves not made in its time */
};

/* writing.c: the notation forms and move numbers reported in this game. */
struct arb_rs_writing {
    struct {                 /* forms reported: once each, then counted */
        const char *fmt;
        int index, more;
    } forms[24];
    int n_forms;
    bool numbering_reported; /* one move-number finding per game */
};

/* failure.c: the illegal moves of the main line. */
struct arb_rs_illegal {
    int moves[2];            /* completed illegal moves by each side (7.5.5 counts them) */
    int first;               /* ply of the first illegal move the replay followed, 0 none */
    struct arb_pos legal_end; /* ... and the position before it */
};

/* The replay's whole state, owned by the walker (walk.c), which hands
 * each family its part with the view. */
struct arb_rs {
    struct arb_rs_view v;
    struct arb_rs_rep rep;
    struct arb_rs_flags flags;
    struct arb_rs_writing writing;
    struct arb_opening_path opening;      /* named openings the main line passed (ECO/Opening tags) */
    int opening_plies;                    /* ... asked up to this ply (0: the game has neither tag) */
    struct arb_rs_illegal illegal;
    /* The walker's own. */
    const struct arb_replay_hooks *hooks;  /* never NULL (none: all members NULL) */
    struct level *stack;     /* the levels below cur (v.depth of them) */
    int cap;
    int skip;                /* open variations beyond ARB_MAX_VARIATION_DEPTH */
    bool too_deep_reported;
    bool stop;               /* the main line stopped */
    bool lang_told;          /* a move with a piece letter was read */
    bool after_end_told;     /* the first move after the game's end was reported */
    enum arb_step_how how;   /* main line: how the move do_move() just played was played */
    struct arb_replay_step step;           /* on_position: the main line's position the replay stands at */
    struct arb_pos step_pos;               /* ... its position */
    const struct arb_lang *other_lang; /* detection: another language read the game as far, differently */
    char rules_why[400];     /* arb_setup_choose_profile's sentence, for a rules-edition finding (or empty) */
    bool mode_mismatch;      /* the profile's own kind of game is not the time control's */
    enum arb_mode mode_by_tc;/* ... the kind the time control makes */
};

/* Has the Laws ended the game on the main line (at any ply, 0 included)? */
static inline bool game_ended(const struct arb_rs_view *v)
{
    return v->out->end_reason != ARB_END_NONE;
}

/* A finding's `move`: the token as recorded; one longer than any move
 * could be (over ARB_TOKEN_SHOWN bytes) as arb_cite_quoted() shows it, so that a
 * runaway word does not make a runaway record. */
#define ARB_TOKEN_SHOWN 256

/* Read the move at node idx: one token, or a phrase of words in a spoken
 * language (*used: how many nodes it took).  letters: lang's
 * (arb_notation_letters), looked up once per game or trial replay. */
static inline __attribute__((always_inline)) enum arb_np_status
read_move(const struct arb_game *g, const struct arb_lang *lang, const struct arb_letters *letters, int idx,
          struct arb_movedesc *d, struct arb_parse_info *info, int *used)
{
    const struct arb_node *n = &g->nodes[idx];
    *used = 1;
    if (!lang->spoken)
        return arb_notation_parse_with(lang, letters, arb_node_text(g, n), n->len, d, info);
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

/* cite.c: making a finding (needs only the view). */
void arb_cite_square(int sq, char out[3]);
const char *arb_cite_quoted(const struct arb_rs_view *v, const struct arb_node *n);
const char *arb_cite_clock_text(const struct arb_rs_view *v, long tenths);
struct arb_finding *arb_cite_finding(const struct arb_rs_view *v, enum arb_code code, const struct arb_node *n,
                                     enum arb_article art, const char *fmt, ...) ARB_PRINTF(5, 6);
void arb_cite_mark_move(struct arb_finding *f, arb_move m);
enum arb_article arb_cite_piece_article(int type);
void arb_cite_write_move(const struct arb_rs_view *v, arb_move m, char *buf, size_t cap);
void arb_cite_move_number(const struct arb_pos *pos, char *buf, size_t cap);
const char *arb_cite_castle_name(int aside);
enum arb_article arb_cite_castling_article(const struct arb_rs_view *v, enum arb_article standard, bool path);

/* setup.c */
bool arb_setup_contains_nocase(const char *s, const char *word);
/* Set up the start position in v->cur.pos (and, when the Laws have ended
 * the game there, the end in v->out); false if the game cannot be
 * replayed.  The one family that writes the view: it makes the position
 * the walk starts from, before the walk. */
bool arb_setup_position(struct arb_rs_view *v);
/* The profile a game is checked by (--rules=, else its date); why: where
 * the date does not settle the edition, the sentence that says so (else
 * empty). */
const struct arb_profile *arb_setup_choose_profile(const struct arb_game *g, const struct arb_check_opts *o,
                                                   char *why, size_t cap);

/* detect.c */
/* Main-line plies that lang replays from start (from node first) before a
 * move fails; the final key in *key; *complete: the record's end was
 * reached; *bad_marks (when not NULL): how many check and mate marks the
 * moves so read do not bear out.  as_played: the record as played, its
 * illegal moves that are physically clear followed too
 * (arb_fail_playable_at), and a king taken (arb_fail_king_taken_clearly)
 * the end of what can be followed (*complete). */
int arb_detect_trial_replay(const struct arb_game *g, const struct arb_lang *lang, const struct arb_pos *start,
                            int first, uint64_t *key, bool *complete, int *bad_marks, bool as_played);
/* --lang=auto: the language g's moves are written in, replayed from
 * start; *other: another language that reads the whole game as far but
 * differently (else left as it is). */
const struct arb_lang *arb_detect_lang(const struct arb_game *g, const struct arb_pos *start,
                                       const struct arb_check_opts *o, const struct arb_lang **other);

/* failure.c: why a move cannot be played (the view); the main line's
 * illegal moves counted in struct arb_rs_illegal. */
void arb_fail_report(const struct arb_rs_view *v, const struct arb_node *n, const struct arb_movedesc *d,
                     const struct arb_resolve *r);
bool arb_fail_board_signal(const struct arb_rs_view *v, const struct arb_node *n, int next,
                           const struct arb_movedesc *d);
struct arb_finding *arb_fail_report_after_end(const struct arb_rs_view *v, const struct arb_node *n);
bool arb_fail_playable_as_written(const struct arb_rs_view *v, const struct arb_movedesc *d,
                                  const struct arb_resolve *r, arb_move *m);
/* The same from position pos. */
bool arb_fail_playable_at(const struct arb_pos *pos, const struct arb_movedesc *d, const struct arb_resolve *r,
                          arb_move *m);
bool arb_fail_illegal_stood(const struct arb_rs_view *v, int next, const struct arb_movedesc *d,
                            const struct arb_resolve *r, arb_move *m);
/* Does the movedesc d take the other king, one piece of the mover fitting
 * it attacking that king (after an illegal move left it in check)? */
bool arb_fail_king_taken_clearly(const struct arb_pos *pos, const struct arb_movedesc *d);
/* Does the record's main line end before any move from node next on? */
bool arb_fail_record_ends_at(const struct arb_game *g, int next);
/* The main line follows an illegal move (one that stood, a promotion
 * without a piece, a null move): the first such is remembered, with the
 * position before it. */
void arb_fail_followed(struct arb_rs_illegal *il, const struct arb_rs_view *v);
void arb_fail_count_last_illegal(struct arb_rs_illegal *il, const struct arb_rs_view *v, struct arb_finding *f,
                                 bool king_taken, bool record_ends);
const char *arb_fail_illegal_consequence(struct arb_rs_illegal *il, const struct arb_rs_view *v,
                                         const char **article, bool arbiter_case);
void arb_fail_both_kings_in_check(const struct arb_rs_view *v, struct arb_finding *f);

/* repair.c: the view only; it chooses, the walker plays. */
bool arb_repair_move(const struct arb_rs_view *v, int idx, int used, struct arb_finding *f, arb_move *m);
int arb_repair_resync(const struct arb_rs_view *v, int from);

/* repetition.c: the window in struct arb_rs_rep. */
/* The window starts with the position the game starts from. */
void arb_rep_start(struct arb_rs_rep *w, const struct arb_pos *start);
/* A null move passed the turn on the main line (ply v->cur.ply, node n):
 * no position before it can come back; the window starts again there. */
void arb_rep_pass(struct arb_rs_rep *w, const struct arb_rs_view *v, const struct arb_node *n);
void arb_rep_count(struct arb_rs_rep *w, const struct arb_rs_view *v, const struct arb_node *n, bool mate);
void arb_rep_check_unplayed_claims(struct arb_rs_rep *w, const struct arb_rs_view *v, const struct arb_node *n,
                                   arb_move played);
void arb_rep_free(struct arb_rs_rep *w);
/* Before a main-line move from pos: may the player to move have had a
 * claim by writing another move (arb_rep_check_unplayed_claims)? */
static inline bool arb_rep_unplayed_due(const struct arb_rs_rep *w, const struct arb_pos *pos)
{
    return (w->n_twice[pos->side ^ 1] || pos->halfmove == 99) && !w->unplayed_told;
}

/* writing.c: the forms reported, in struct arb_rs_writing. */
void arb_writing_count_forms(const struct arb_rs_writing *wr, const struct arb_rs_view *v);
void arb_writing_judge(struct arb_rs_writing *wr, const struct arb_rs_view *v, const struct arb_node *n,
                       const struct arb_movedesc *d, const struct arb_parse_info *info, const struct arb_resolve *r);
void arb_writing_judge_marks(const struct arb_rs_view *v, const struct arb_node *n, int written, bool check,
                             bool mate);
void arb_writing_check_number(struct arb_rs_writing *wr, const struct arb_rs_view *v, const struct arb_node *n);

/* timing.c: the flags down, in struct arb_rs_flags. */
void arb_timing_read_comment(struct arb_rs_flags *fl, const struct arb_rs_view *v, const struct arb_node *n);
void arb_timing_report_flags(const struct arb_rs_flags *fl, const struct arb_rs_view *v);

/* result.c: after the replay, from the outcome alone. */
void arb_result_judge(struct arb_game *g, struct arb_outcome *out, const struct arb_profile *prof);
/* --repair, after arb_result_judge: what to write of the result and the
 * PlyCount (out->fix), and a note on the findings it answers. */
void arb_result_repair(struct arb_game *g, struct arb_outcome *out);
/* After the walk: the ECO and Opening tags against the named openings
 * the main line passed (opening-mismatch, info; openings.c). */
void arb_opening_judge(struct arb_game *g, struct arb_outcome *out, const struct arb_opening_path *p);

#endif
