/* timing.c — clock readings in comments against the time control (6.x, the
 * time penalty of 7.5), and flags down.  Owns struct arb_rs_flags; reads
 * the view, and follows the clocks in the outcome (clocks.c).
 */
#include "laws/state.h"

/* A comment after a main-line move: its clock reading, checked against the
 * time control (clocks.c). */
void arb_timing_read_comment(struct arb_rs_flags *fl, const struct arb_rs_view *v, const struct arb_node *n)
{
    struct arb_clock_comment cc;
    arb_clock_comment_parse(arb_node_text(v->g, n), n->len, &cc);
    const struct arb_pos *pos = &v->cur.pos;
    int mover = pos->side ^ 1;
    int move = mover == ARB_WHITE ? (int)pos->fullmove : (int)pos->fullmove - 1;
    /* Only the time used on the move: the reading it implies. */
    if (cc.clk < 0 && cc.emt >= 0)
        cc.clk = arb_clocks_from_elapsed(&v->out->clocks, mover, move, cc.emt);
    if (cc.clk < 0)
        return;
    struct arb_clock_check ck;
    arb_clocks_reading(&v->out->clocks, mover, move, v->cur.ply, cc.clk, &ck);
    if (ck.inconsistent) {
        char tcs[64];
        const struct arb_tc_period *p = &v->out->tc.p[0];
        const char *rise = v->out->tc.delay_kind != ARB_DELAY_NONE ? "not rise at all (a delay, no increment)"
                           : p->increment ? arb_arena_printf(v->g->arena, "rise by at most the increment of %d s",
                                                             p->increment)
                                          : "not rise (no increment)";
        const char *credit = ck.credit ? arb_arena_printf(v->g->arena, ", and by the %ld minute%s %s got for the "
                                                                         "illegal move at ply %d",
                                                          ck.credit / 600, ck.credit == 600 ? "" : "s",
                                                          side_names[mover], ck.credit_ply)
                                       : "";
        struct arb_finding *f = arb_cite_finding(v, ARB_F_CLOCK_INCONSISTENT, n, ARB_ART_TIME_CONTROL,
                                        "%s's clock reads %s after move %d, up from %s: under %s it may %s%s%s, so at "
                                        "most %s (one second allowed for display rounding)",
                                        side_names[mover], arb_cite_clock_text(v, ck.reading), move, arb_cite_clock_text(v, ck.before),
                                        arb_tc_format(&v->out->tc, tcs, sizeof tcs), rise,
                                        v->out->tc.n > 1 ? " (and the next period's time at the move that ends a period)"
                                                         : "",
                                        credit, arb_cite_clock_text(v, ck.most));
        f->ply = v->cur.ply;
    }
    if ((ck.flag || ck.period_missed) && !fl->node[mover]) {
        fl->node[mover] = n;
        fl->reading[mover] = ck.reading;
        fl->period[mover] = ck.period_missed && !ck.flag;
    }
}

/* After the record: a flag that fell where play went on (6.1, 6.8, the
 * rapid and blitz rules on who acts). */
void arb_timing_report_flags(const struct arb_rs_flags *fl, const struct arb_rs_view *v)
{
    struct arb_clocks *c = &v->out->clocks;
    bool both = c->flag_ply[0] && c->flag_ply[1];
    for (int side = 0; side < 2; side++) {
        int at = c->flag_ply[side];
        if (!at || !fl->node[side] || v->cur.ply <= at)
            continue;
        const struct arb_flag_rule *fr = &v->prof->flag[v->out->mode];
        const char *what = fl->period[side]
                               ? arb_arena_printf(v->g->arena, "the moves of the period were not made in its time (the "
                                                               "clock reads %s with the next period's time added)",
                                                  arb_cite_clock_text(v, fl->reading[side]))
                               : arb_arena_printf(v->g->arena, "the clock reads %s",
                                                  arb_cite_clock_text(v, fl->reading[side]));
        /* Both down, the order unknown: what the edition says (2009/2014
         * 6.11, 2009 A.4d(3), Guidelines III.3.1 only without increment,
         * team rule 14), or that it names no rule for this kind of game. */
        const char *both_text = "";
        if (both) {
            bool incr = v->out->tc.n > 0 && (v->out->tc.p[0].increment > 0 || v->out->tc.delay_kind != ARB_DELAY_NONE);
            if (fr->both_article && !(fr->both_no_increment && incr))
                both_text = arb_arena_printf(v->g->arena, "; both flags have fallen: if the order cannot be told, %s "
                                                          "(%s)", fr->both, fr->both_article);
            else
                both_text = "; both flags have fallen (no rule of this edition decides an unknown order in this "
                            "kind of game)";
        }
        struct arb_finding *f = arb_cite_finding(v, ARB_F_FLAG_FALL, fl->node[side], -1,
                                        "%s's flag fell at ply %d: %s, and play went on for %d more half-move%s; under "
                                        "%s (%s) %s%s",
                                        side_names[side], at, what, v->cur.ply - at, v->cur.ply - at == 1 ? "" : "s",
                                        v->prof->name, arb_mode_name(v->out->mode), fr->duty, both_text);
        f->ply = at;
        f->article = fr->article;
    }
}
