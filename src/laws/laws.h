/* laws.h — the FIDE Laws of Chess by edition, as data.
 *
 * The Laws layer applies an edition to a replayed game.  Each edition (and
 * each national rule set) is one profile: a table of the article numbers it
 * uses for every rule arbiter checks, and the parameters where editions
 * differ.  Code asks the profile; it never tests an edition by name.
 * Sources: RULES.md of the rules folder given with the project (the seed
 * texts of 2009, 2014, 2017, 2018 and the Finnish rules of 2024; public
 * sources for 2023).
 */
#ifndef ARB_LAWS_H
#define ARB_LAWS_H

#include <stdbool.h>
#include <stddef.h>

/* Rules that findings cite.  Each profile gives its own article number. */
enum arb_article {
    ARB_ART_CHECKMATE,          /* 5.1.1 checkmate wins, ends the game */
    ARB_ART_STALEMATE,          /* 5.2.1 stalemate draws, ends the game */
    ARB_ART_DEAD_POSITION,      /* 5.2.2 */
    ARB_ART_ILLEGAL_MOVE,       /* 3.10.2 definition of an illegal move */
    ARB_ART_OCCUPIED,           /* 3.1 no move to a square of an own piece */
    ARB_ART_BISHOP, ARB_ART_ROOK, ARB_ART_QUEEN, ARB_ART_KNIGHT,
    ARB_ART_PAWN,               /* 3.7 pawn moves */
    ARB_ART_EN_PASSANT,         /* 3.7.4 */
    ARB_ART_PROMOTION,          /* 3.7.5 */
    ARB_ART_KING,               /* 3.8.1 king moves */
    ARB_ART_CASTLING,           /* 3.8.2 castling */
    ARB_ART_CASTLING_LOST,      /* 3.8.2.1 right to castle lost */
    ARB_ART_CASTLING_PREVENTED, /* 3.8.2.2 castling temporarily prevented */
    ARB_ART_KING_IN_CHECK,      /* 3.9.2 no move may expose or leave the king in check */
    ARB_ART_PROMOTION_INCOMPLETE, /* 7.5.2 promotion without a piece */
    ARB_ART_NOTATION,           /* C.1 algebraic notation */
    ARB_ART_NOTATION_LETTERS,   /* C.2 piece letters */
    ARB_ART_NOTATION_MOVE,      /* C.8 how a move is written */
    ARB_ART_NOTATION_CAPTURE,   /* C.9 captures */
    ARB_ART_NOTATION_AMBIGUITY, /* C.10 two pieces can reach the square */
    ARB_ART_NOTATION_PROMOTION, /* C.11 (2009: C.12) */
    ARB_ART_NOTATION_DRAW_OFFER,/* C.12 (2009: C.13) */
    ARB_ART_NOTATION_MARKS,     /* C.13 abbreviations */
    ARB_ART_RECORDING,          /* 8.1 recording the moves */
    ARB_ART_THREEFOLD,          /* 9.2 threefold repetition claim */
    ARB_ART_FIFTY,              /* 9.3 fifty-move claim */
    ARB_ART_FIVEFOLD,           /* 9.6.1 automatic fivefold repetition (2014: 9.6.a) */
    ARB_ART_SEVENTYFIVE,        /* 9.6.2 automatic 75-move rule (2014: 9.6.b) */
    ARB_ART_AGREEMENT,          /* 5.2.3 draw by agreement (2017+: after both players moved) */
    ARB_ART_TIMEOUT_DRAW,       /* 6.9: flag fall, but the opponent cannot mate: a draw */
    ARB_ART_RESIGNATION,        /* 5.1.2: the player who resigns loses (2023: unless ...) */
    ARB_ART_TIME_CONTROL,       /* 6.3.1: the moves of a period in its time, with any increment */
    ARB_ART_ARBITER_FIFTY,      /* national: the arbiter's power to declare the 50-move draw */
    ARB_ART_RESULT,             /* 8.7 the result on the scoresheet */
    ARB_ART_NOTATION_PAWN_AMBIGUITY, /* two pawns can take the same unit: the departure file
                                        (2009 C.11; 2014 C.9; 2017+ C.9.3) */
    ARB_ART_CASTLING_960,       /* Chess960 castling (2009/2014 F.3; 2017+ Guidelines II.3) */
    ARB_ART_CASTLING_960_PATH,  /* ... the squares between must be vacant (F.3 note 4; II.3.2.7.4) */
    ARB_ART_START_960,          /* Chess960 starting position (F.2; II.2) */
    ARB_ART_KING_CAPTURE,       /* taking the king is no move (2009 1.2, 7.4a; 2014 1.2; 2017+ 1.4.1) */
    ARB_ART_CLOCK_NO_MOVE,      /* pressing the clock without a move (2017 7.8.1; 2018+ 7.5.3) */
    ARB_ART_FIFTY_WRITTEN,      /* the fifty-move claim by a move written first (2017+ 9.3.1; 9.3 before) */
    ARB_ART_COUNT
};

enum arb_edition { ARB_ED_2009, ARB_ED_2014, ARB_ED_2017, ARB_ED_2018, ARB_ED_2023 };

enum arb_mode { ARB_MODE_STANDARD, ARB_MODE_RAPID, ARB_MODE_BLITZ };

/* What a completed illegal move costs in one kind of game (7.4b 2009,
 * 7.5 2014+, Appendices A and B), RULES.md §4.2-4.3 and §11. */
struct arb_illegal_rule {
    int loses_at;               /* the offender's n-th illegal move loses the game (a draw if
                                   the opponent cannot mate him); 0: none by count */
    int penalty_min;            /* minutes added to the opponent's clock for the ones before */
    bool on_claim;              /* acted on only when claimed (or seen) before the opponent's
                                   next move; unclaimed, the move stands */
    bool arbiter_acts;          /* with on_claim: the arbiter may act on it himself too (2014 A.4.b,
                                   2017+ A.4.2/A.5.2); false where only the opponent's claim counts
                                   (2009 A.4c, B.3c; the Finnish team sets' rule 2) */
    const char *arbiter_exception; /* where the arbiter, who otherwise waits for a claim, intervenes
                                      himself (2009 A.4c: both kings in check, a promotion not
                                      completed), or NULL */
    const char *article;
    const char *both_in_check;  /* the article by which an arbiter who sees both kings in check
                                   waits for the next move and, the illegal position still on
                                   the board, declares a draw (rapid/blitz 2014+); NULL: none */
};

/* Who acts on a flag fall, by mode (6.8; rapid and blitz appendices),
 * and what the edition says when both flags are down and the order is
 * unknown. */
struct arb_flag_rule {
    const char *article;
    const char *duty;           /* in words, for the finding */
    const char *both_article;   /* both flags down, order unknown (2009/2014 6.11, 2009 A.4d3,
                                   2017+ Guidelines III.3.1, team rule 14), or NULL: no rule */
    const char *both;           /* ... what it says, in words */
    bool both_no_increment;     /* ... only in games without increment (Guidelines III.2.2) */
};

struct arb_profile {
    const char *name;           /* --rules= name, e.g. "fide-2018" */
    const char *title;          /* one line for --rules=list */
    enum arb_edition edition;
    const char *in_force;       /* first day of events it governs, YYYY-MM-DD */
    const char *article[ARB_ART_COUNT];
    unsigned rules;             /* ARB_PR_* */
    bool national;              /* a national rule set (never chosen by --rules=auto) */
    int mode;                   /* the kind of game it is for (enum arb_mode), -1 any */
    struct arb_illegal_rule illegal[3]; /* by enum arb_mode */
    int blitz_max_s;            /* A.1/B.1: blitz when base + 60 x increment is at most this
                                   (2009: under 15 min; 2014+: 10 min or less) */
    struct arb_flag_rule flag[3]; /* by enum arb_mode */
};

/* Rules that differ between editions, as flags of a profile. */
enum {
    ARB_PR_LONG_FORM = 1 << 0,  /* C.8 describes the long form (Lb2e5, e7e5) and says a hyphen is
                                   "not needed" (2017+); earlier: "no hyphen is used" */
    ARB_PR_EP_MARK_REQUIRED = 1 << 1, /* C.9 2009: "e.p." is appended (later: may be) */
    ARB_PR_AUTO_DRAWS = 1 << 2, /* 9.6: fivefold repetition and 75 moves end the game (2014+) */
    ARB_PR_FIVEFOLD_CONSECUTIVE = 1 << 3, /* 2014 9.6.a: "five consecutive alternate moves" (the
                                             stricter reading: an uninterrupted shuttle) */
    ARB_PR_AGREE_AFTER_MOVES = 1 << 4, /* 5.2.3 (2017+): a draw by agreement only after both
                                          players have made at least one move */
    ARB_PR_NO_CLAIMS = 1 << 5,  /* Finnish team blitz rule 10: the 9.2/9.3 claims do not apply */
    ARB_PR_ARBITER_FIFTY = 1 << 6, /* Finnish team blitz (increment) rule 10c: after 50 moves each
                                      without pawn move or capture the arbiter may declare a draw */
    ARB_PR_PROMO_QUEEN = 1 << 7, /* 7.5.2 (2014 7.5.a): a pawn left unpromoted becomes a queen (2009
                                    7.4a calls it illegal but names no piece) */
    ARB_PR_FORCED_MATE_MATERIAL = 1 << 9, /* Finnish team blitz, fixed time (rule 12): a win on time
                                             only with material that can force mate against a
                                             lone king (unless a forced mate is shown) */
    ARB_PR_PASS_ILLEGAL = 1 << 10, /* 7.5.3 (2018+): pressing the clock without making a move is an
                                      illegal move, counted with the others under 7.5.5 (2017 7.8.1-2
                                      counts it apart; earlier editions: conduct, 12.9) */
    ARB_PR_RESIGN_DRAW = 1 << 8, /* 5.1.2 (2023): a player who resigns loses, unless the opponent
                                    cannot checkmate him by any series of legal moves: a draw */
};

/* The profiles, newest FIDE edition first; NULL-terminated. */
extern const struct arb_profile *const arb_profiles[];
const struct arb_profile *arb_profile_find(const char *name);
/* The default: the newest FIDE edition implemented. */
const struct arb_profile *arb_profile_default(void);
/* The FIDE edition in force on a PGN date ("YYYY.MM.DD"): a missing month
 * or day counts as the first (the edition in force when that year or month
 * began); a date before the oldest edition gives the oldest (fide-2009).
 * NULL when the year is unknown or the text is no date. */
const struct arb_profile *arb_profile_for_date(const char *date);
/* The same, and where the date does not settle the edition by itself (a
 * day before the oldest edition arbiter knows, or a month or day unknown
 * across an edition's first day) a sentence into why saying which Laws
 * were in force and which edition is applied, and why; else why[0] = 0. */
const struct arb_profile *arb_profile_for_date_why(const char *date, char *why, size_t cap);

const char *arb_mode_name(enum arb_mode m);

struct arb_timecontrol;
/* The kind of game a time control makes under the profile's edition (A.1,
 * B.1: base time + 60 x increment, in its first period; a delay counts as
 * an increment); *known false (and standard) when the time control does
 * not say. */
enum arb_mode arb_mode_of(const struct arb_profile *p, const struct arb_timecontrol *tc, bool *known);

/* The article for a rule under a profile (never NULL). */
static inline const char *arb_article(const struct arb_profile *p, enum arb_article a)
{
    return p->article[a];
}

#endif
