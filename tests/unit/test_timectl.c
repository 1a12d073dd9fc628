/* test_timectl.c — every time-control form of the clocks issue, and the
 * clock comments, read into numbers. */
#include "tap.h"
#include "read/timectl.h"

#include <string.h>

static const char *fmt(const struct arb_timecontrol *tc)
{
    static char buf[64];
    return arb_tc_format(tc, buf, sizeof buf);
}

int main(void)
{
    struct arb_timecontrol tc;
    /* The PGN standard's forms (TimeControl tag). */
    static const struct { const char *in, *out; } pgn[] = {
        {"40/5400:1800", "40/5400:1800"},
        {"40/5400+30:1800+30", "40/5400+30:1800+30"},
        {"300+2", "300+2"},
        {"5400", "5400"},
        {"*60", "*60"},
        {"-", "-"},
        {"?", "?"},
        {"40/7200:20/3600:900+30", "40/7200:20/3600:900+30"},
        {"10+0.05", "10"},
        {"60+0.6", "60+1"},
    };
    for (size_t i = 0; i < sizeof pgn / sizeof pgn[0]; i++) {
        int rc = arb_tc_parse_pgn(pgn[i].in, &tc);
        ok(rc == 0 && strcmp(fmt(&tc), pgn[i].out) == 0, "PGN TimeControl \"%s\" reads as %s (got %s)", pgn[i].in,
           pgn[i].out, rc == 0 ? fmt(&tc) : "an error");
    }
    static const char *bad[] = {"40/", "+30", "abc", "300+", "5400:1800", "*0", "0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ok(arb_tc_parse_pgn(bad[i], &tc) < 0, "\"%s\" is no PGN time control", bad[i]);
    ok(arb_tc_parse_pgn("300+2", &tc) == 0 && tc.p[0].seconds == 300 && tc.p[0].increment == 2 && tc.n == 1,
       "300+2: 300 s and 2 s a move");
    ok(arb_tc_parse_pgn("40/5400+30:1800+30", &tc) == 0 && tc.n == 2 && tc.p[0].moves == 40 && tc.p[1].moves == 0
           && tc.p[1].seconds == 1800,
       "two periods: 40 moves, then the rest");

    /* The forms people write. */
    static const struct { const char *in, *out; } human[] = {
        {"90+30", "5400+30"},
        {"90'+30''", "5400+30"},
        {"90\xE2\x80\xB2+30\xE2\x80\xB3", "5400+30"},
        {"5+3", "300+3"},
        {"5400+30", "5400+30"},
        {"90 min/40 moves + 30 min + 30 s/move", "40/5400+30:1800+30"},
        {"90 min / 40 moves + 30 min", "40/5400:1800"},
        {"G/90;inc30", "5400+30"},
        {"G/90;d5", "5400D5"},
        {"G/25", "1500"},
        {"90 d5", "5400D5"},
        {"d5", "?D5"},
        {"90'", "5400"},
        {"90 b5", "5400d5"},
        {"90 min + Bronstein 5 s", "5400d5"},
        {"15 min + 10 sec", "900+10"},
        {"15 min. + 10 s. per move", "900+10"},
        {"15 minutes + 10 seconds increment per move, starting from move 1", "900+10"},
    };
    for (size_t i = 0; i < sizeof human / sizeof human[0]; i++) {
        int rc = arb_tc_parse_human(human[i].in, &tc);
        ok(rc == 0 && strcmp(fmt(&tc), human[i].out) == 0, "\"%s\" reads as %s (got %s)", human[i].in, human[i].out,
           rc == 0 ? fmt(&tc) : "an error");
    }
    ok(arb_tc_parse_human("round 5", &tc) < 0, "no time control in \"round 5\"");
    ok(arb_tc_parse_human("0'", &tc) < 0 && arb_tc_parse_human("0+0", &tc) < 0, "no time at all is no time control");
    ok(arb_tc_find_in_text("Helsinki Open 2024, 90'+30''", &tc) == 0 && strcmp(fmt(&tc), "5400+30") == 0,
       "found in an Event tag: 90'+30''");
    ok(arb_tc_find_in_text("Club blitz G/5;inc3 final", &tc) == 0 && strcmp(fmt(&tc), "300+3") == 0,
       "found in an Event tag: G/5;inc3");
    ok(arb_tc_find_in_text("Round 5+1 of the cup", &tc) < 0, "a bare 5+1 inside a text is not taken for one");

    /* Clock comments. */
    struct arb_clock_comment cc;
    const char *c1 = "[%clk 1:23:45]";
    arb_clock_comment_parse(c1, (unsigned)strlen(c1), &cc);
    is_int((int)cc.clk, (1 * 3600 + 23 * 60 + 45) * 10, "[%%clk 1:23:45]");
    const char *c2 = "good move [%emt 0:00:12] [%clk 0:04:59.4]";
    arb_clock_comment_parse(c2, (unsigned)strlen(c2), &cc);
    ok(cc.clk == (4 * 60 + 59) * 10 + 4 && cc.emt == 120, "[%%clk h:mm:ss.s] and [%%emt] in one comment");
    const char *c3 = "[%clk 23:45]";
    arb_clock_comment_parse(c3, (unsigned)strlen(c3), &cc);
    is_int((int)cc.clk, (23 * 60 + 45) * 10, "[%%clk mm:ss]");
    const char *c4 = "[%clk 1:77:00] [%eval 0.3]";
    arb_clock_comment_parse(c4, (unsigned)strlen(c4), &cc);
    ok(cc.clk == -1 && cc.emt == -1, "an impossible reading and other commands are not clocks");
    const char *c5 = "[%clk 0:01:0";
    arb_clock_comment_parse(c5, (unsigned)strlen(c5), &cc);
    is_int((int)cc.clk, -1, "an unclosed command is no reading");
    const char *c6 = "{ 1:05:30 }";
    arb_clock_comment_parse(c6, (unsigned)strlen(c6), &cc);
    is_int((int)cc.clk, (3600 + 5 * 60 + 30) * 10, "a scoresheet's bare h:mm:ss is a reading");
    const char *c7 = "1:23";
    arb_clock_comment_parse(c7, (unsigned)strlen(c7), &cc);
    is_int((int)cc.clk, -1, "a bare 1:23 is not (minutes or hours?)");
    const char *c8 = "after 1:05:30 of thought";
    arb_clock_comment_parse(c8, (unsigned)strlen(c8), &cc);
    is_int((int)cc.clk, -1, "a time inside words is not a reading");
    return tap_done();
}
