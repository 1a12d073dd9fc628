/* clocks.c — see clocks.h. */
#include "laws/clocks.h"

#include <string.h>

/* 8.4: under five minutes left and no increment of 30 seconds or more. */
#define NO_DUTY_BELOW 3000L     /* tenths */
#define NO_DUTY_INC 30

void arb_clocks_init(struct arb_clocks *c, const struct arb_timecontrol *tc)
{
    memset(c, 0, sizeof *c);
    c->tc = *tc;
    c->timed = tc->n > 0 && !tc->untimed && tc->p[0].seconds >= 0;
    for (int side = 0; side < 2; side++) {
        c->last[side] = -1;
        c->period_end[side] = c->timed ? tc->p[0].moves : 0;
    }
}

/* Period per of tc, or its last (with no period known, the first entry,
 * all zero: only read when c->timed says there is a time control). */
static const struct arb_tc_period *period_at(const struct arb_timecontrol *tc, int per)
{
    return &tc->p[per < tc->n ? per : tc->n > 0 ? tc->n - 1 : 0];
}

/* What `side`'s clock may show after its own move number `move`, before
 * the time the move used: the clock before it (the last reading, or the
 * period's time at a first move; -1 unknown), plus *rise (the increment,
 * none under a delay) and *bonus (the next period's time when the move
 * ends a period). */
static long before_move(const struct arb_clocks *c, int side, int move, long *rise, long *bonus, bool *ends_period)
{
    const struct arb_timecontrol *tc = &c->tc;
    int per = c->period[side];
    const struct arb_tc_period *p = period_at(tc, per);
    long before = c->last[side];
    if (before < 0 && c->timed && move == 1 && !tc->sandclock)
        before = 10L * tc->p[0].seconds;
    *ends_period = c->timed && c->period_end[side] && move == c->period_end[side] && per + 1 < tc->n;
    *bonus = *ends_period ? 10L * tc->p[per + 1].seconds : 0;
    *rise = tc->delay_kind != ARB_DELAY_NONE || tc->sandclock ? 0 : 10L * p->increment;
    return c->timed ? before : -1;
}

void arb_clocks_reading(struct arb_clocks *c, int side, int move, int ply, long tenths, struct arb_clock_check *out)
{
    memset(out, 0, sizeof *out);
    c->readings++;
    out->reading = tenths;
    const struct arb_timecontrol *tc = &c->tc;
    int per = c->period[side];
    const struct arb_tc_period *p = period_at(tc, per);
    long rise, bonus;
    bool ends_period;
    long before = before_move(c, side, move, &rise, &bonus, &ends_period);
    if (before >= 0) {
        long credit = c->credit[side];
        out->before = before;
        out->most = before + rise + bonus + credit + 10;
        out->inconsistent = tenths > out->most;
        if (credit) {
            out->credit = credit;
            out->credit_ply = c->credit_ply[side];
        }
        long used = before + rise + bonus + credit - tenths;
        if (used > 0)
            c->used[side][per] += used;
    }
    c->credit[side] = 0;   /* a penalty counts at the reading after it, once */
    if (ends_period && tenths - bonus <= 0)
        out->period_missed = true;
    if (tenths <= 0)
        out->flag = true;
    if ((out->flag || out->period_missed) && !c->flag_ply[side])
        c->flag_ply[side] = ply;
    int inc = c->timed ? p->increment : 0;
    int k = c->n_no_duty[side];
    bool open = k && !c->no_duty[side][k - 1][1];
    if (tenths < NO_DUTY_BELOW && inc < NO_DUTY_INC && !open && k < ARB_TC_MAX_PERIODS) {
        c->no_duty[side][k][0] = ply;
        c->no_duty[side][k][1] = 0;
        c->n_no_duty[side] = k + 1;
        open = true;
    }
    if (ends_period) {
        c->period[side] = per + 1;
        c->period_end[side] = tc->p[per + 1].moves ? move + tc->p[per + 1].moves : 0;
        if (open && (tenths >= NO_DUTY_BELOW || tc->p[per + 1].increment >= NO_DUTY_INC))
            c->no_duty[side][c->n_no_duty[side] - 1][1] = ply;   /* a new period: the duty returns */
    }
    c->last[side] = tenths;
}

void arb_clocks_add_penalty(struct arb_clocks *c, int side, long tenths, int ply)
{
    c->credit[side] += tenths;
    c->credit_ply[side] = ply;
}

long arb_clocks_from_elapsed(const struct arb_clocks *c, int side, int move, long emt)
{
    long rise, bonus;
    bool ends_period;
    long before = before_move(c, side, move, &rise, &bonus, &ends_period);
    if (before < 0 || c->tc.sandclock)
        return -1;
    if (c->tc.delay_kind != ARB_DELAY_NONE) {
        /* The delay is spent first. */
        const struct arb_tc_period *p = period_at(&c->tc, c->period[side]);
        emt = emt > 10L * p->delay ? emt - 10L * p->delay : 0;
    }
    long r = before + rise + bonus + c->credit[side] - emt;
    return r < 0 ? 0 : r;
}
