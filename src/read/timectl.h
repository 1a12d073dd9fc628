/* timectl.h — time controls and clock readings, from text.
 *
 * Part of the reading layer: turns the TimeControl tag (the PGN standard's
 * forms), the forms people write in Event tags and tournament rules, and
 * the clock comments of a record ([%clk], [%emt]) into numbers.  What the
 * numbers mean under an edition of the Laws (the mode, whether a reading
 * is possible) is the Laws layer's business (clocks.c).
 */
#ifndef ARB_TIMECTL_H
#define ARB_TIMECTL_H

#include <stdbool.h>

#define ARB_TC_MAX_PERIODS 4

enum arb_delay { ARB_DELAY_NONE, ARB_DELAY_BRONSTEIN, ARB_DELAY_SIMPLE };

struct arb_tc_period {
    int moves;                  /* moves to make in it; 0: the rest of the game */
    int seconds;                /* time added at its start; -1 unknown */
    int increment;              /* seconds added after each move (Fischer) */
    int delay;                  /* seconds of delay per move (enum arb_delay says which) */
};

struct arb_timecontrol {
    int n;                      /* periods; 0: none known */
    struct arb_tc_period p[ARB_TC_MAX_PERIODS];
    enum arb_delay delay_kind;
    bool sandclock;             /* "*N": an hourglass of N seconds */
    bool untimed;               /* "-": no time control */
};

/* Parse a TimeControl tag value in the PGN standard's forms: "?", "-",
 * "300", "300+2", "40/5400", "40/5400+30:1800+30", "*60".  0 on success,
 * -1 when the text is no such form ("?" gives n = 0 and success). */
int arb_tc_parse_pgn(const char *s, struct arb_timecontrol *tc);

/* Parse the forms people write: "90+30", "90'+30''", "5+3" (minutes and
 * seconds), "90 min/40 moves + 30 min + 30 s/move", "G/90;inc30",
 * "G/90;d5", "90 d5", "d5" (a US delay), "90 b5", "90 min + Bronstein 5 s"
 * (a Bronstein delay), "90'".  A bare "A+B" with A of 300 or more is
 * read in seconds, as the PGN standard writes it.  0 or -1.  Thread-safe
 * (the patterns are compiled once). */
int arb_tc_parse_human(const char *s, struct arb_timecontrol *tc);

/* Look for a human form inside a longer text (an Event tag): only forms
 * with units or minute/second marks count, "5+3" alone does not.  0 or -1. */
int arb_tc_find_in_text(const char *s, struct arb_timecontrol *tc);

/* Write tc in the PGN standard's form into out (at least 64 bytes), with
 * delay appended as "d5" (Bronstein) or "D5" (simple).  Returns out. */
char *arb_tc_format(const struct arb_timecontrol *tc, char *out, unsigned size);

/* Clock readings in a comment: "[%clk 1:23:45]", "[%clk 1:23:45.6]",
 * "[%clk 23:45]" (remaining time) and "[%emt 0:00:12]" (time used on the
 * move).  Times in tenths of a second; -1 when absent. */
struct arb_clock_comment {
    long clk;                   /* remaining, tenths of a second */
    long emt;                   /* elapsed on the move, tenths */
};
void arb_clock_comment_parse(const char *text, unsigned len, struct arb_clock_comment *out);
/* Besides the commands, a comment that is nothing but a time "h:mm:ss" (as
 * scoresheets note the clock) counts as a [%clk] reading; "1:23" alone does
 * not (minutes or hours?). */

/* A clock time in tenths as "h:mm:ss", with ".t" when there are tenths
 * (as [%clk] writes it).  Returns out. */
#define ARB_CLOCK_TEXT_MAX 32
char *arb_clock_format(long tenths, char out[ARB_CLOCK_TEXT_MAX]);

#endif
