/* clocks.h — both players' clocks through a game, from its readings.
 *
 * Part of the Laws layer.  Given the time control (timectl.h) and the
 * readings a record carries after each move ([%clk]: the time left once
 * the move is made), it follows each clock: a reading may fall by any
 * amount and rise by at most the increment (not at all under a delay),
 * plus the next period's time at the move that ends a period (6.3.1),
 * plus one second for display rounding.  It notes a clock at zero (a flag
 * fall, 6.1), a period's moves not made in its time, the time each side
 * used per period, and from which ply a side had under five minutes
 * without an increment of 30 seconds (8.4: no duty to record).  What to
 * report is the replay's business.
 */
#ifndef ARB_CLOCKS_H
#define ARB_CLOCKS_H

#include <stdbool.h>

#include "read/timectl.h"

struct arb_clocks {
    struct arb_timecontrol tc;
    bool timed;                 /* tc gives times to check against */
    int readings;               /* readings seen, both sides */
    long last[2];               /* last reading, tenths of a second; -1 none */
    int period[2];              /* the period each side is in */
    int period_end[2];          /* own move number that ends it; 0 never */
    long used[2][ARB_TC_MAX_PERIODS]; /* tenths used per period (from readings) */
    /* 8.4 (under five minutes, increment under 30 s: no duty to record),
     * per side: stretches of plies [from, to]; to 0 while it lasts. */
    int no_duty[2][ARB_TC_MAX_PERIODS][2];
    int n_no_duty[2];
    int flag_ply[2];            /* ply after which the clock showed zero (or the period's
                                   moves were not made in time); 0 none */
    long credit[2];             /* tenths a lawful time penalty added to each clock since its
                                   last reading (arb_clocks_add_penalty), and the ply that cost it */
    int credit_ply[2];
};

struct arb_clock_check {
    bool inconsistent;          /* the reading rose more than the time control allows */
    long before, reading, most; /* tenths: the last reading, this one, the most it could be */
    bool flag;                  /* the clock shows zero after this move */
    bool period_missed;         /* the move ended a period, and its time had run out */
    long credit;                /* tenths of a time penalty allowed in `most` (0: none) ... */
    int credit_ply;             /* ... for the illegal move at this ply */
};

void arb_clocks_init(struct arb_clocks *c, const struct arb_timecontrol *tc);

/* The reading (tenths) of `side`'s clock after its own move number `move`
 * (the record's move number), made at `ply`. */
void arb_clocks_reading(struct arb_clocks *c, int side, int move, int ply, long tenths, struct arb_clock_check *out);

/* A time penalty: tenths added to `side`'s clock for the opponent's illegal
 * move at ply (7.4b, 7.5.5, A.3, B.2: +2 or +1 minutes).  Its next reading
 * may show them: they count in what it may rise by, once. */
void arb_clocks_add_penalty(struct arb_clocks *c, int side, long tenths, int ply);

/* The reading an [%emt] (tenths used on the move) implies for `side`'s
 * clock after its move number `move`: the clock before, plus the
 * increment (and the next period's time at a period's end), less the time
 * used; -1 when the time control or the clock before is unknown. */
long arb_clocks_from_elapsed(const struct arb_clocks *c, int side, int move, long emt);

#endif
