/* test_laws.c — rule profiles: names, the edition in force on a date, and
 * the articles each edition cites (RULES.md §10: the numbering of 2009 and
 * 2014 differs from 2017+). */
#include "laws/laws.h"
#include "laws/openings.h"
#include "read/timectl.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

static const char *in_force(const char *date)
{
    const struct arb_profile *p = arb_profile_for_date(date);
    return p ? p->name : "(none)";
}

/* The date's year, month and day as the C library reads them (sscanf, as
 * arb_profile_for_date_why did before it read them by hand): the oracle of
 * the cross-check below.  False when the year does not count. */
static bool read_date_as_libc(const char *date, int *y, int *m, int *d)
{
    *m = *d = 0;
    if (sscanf(date, "%4d", y) != 1 || *y < 1000)
        return false;
    if (strlen(date) >= 7 && sscanf(date + 5, "%2d", m) != 1)
        *m = 0;
    if (strlen(date) >= 10 && sscanf(date + 8, "%2d", d) != 1)
        *d = 0;
    if (*m < 0 || *m > 12)
        *m = 0;
    if (*d < 0 || *d > 31)
        *d = 0;
    return true;
}

int main(void)
{
    is_str(arb_profile_default()->name, "fide-2023", "the default is the newest FIDE edition");
    const char *names[] = {"fide-2009", "fide-2014", "fide-2017", "fide-2018", "fide-2023"};
    for (int i = 0; i < 5; i++) {
        const struct arb_profile *p = arb_profile_find(names[i]);
        ok(p && strcmp(p->name, names[i]) == 0, "profile %s is found by name", names[i]);
        int missing = 0;
        for (int a = 0; p && a < ARB_ART_COUNT; a++)
            missing += p->article[a] == NULL || !p->article[a][0];
        is_int(missing, 0, "%s names an article for every rule", names[i]);
    }
    ok(arb_profile_find("fide-2016") == NULL, "no profile for an edition that does not exist");

    /* The edition in force on a date (first day included). */
    is_str(in_force("1992.05.10"), "fide-2009", "older games: the oldest edition arbiter knows");
    is_str(in_force("2009.06.30"), "fide-2009", "30 June 2009: also the oldest edition");
    is_str(in_force("2009.07.01"), "fide-2009", "1 July 2009: the 2009 Laws");
    is_str(in_force("2014.06.30"), "fide-2009", "30 June 2014: still 2009");
    is_str(in_force("2014.07.01"), "fide-2014", "1 July 2014: the 2014 Laws");
    is_str(in_force("2017.07.01"), "fide-2017", "1 July 2017: the 2017 Laws");
    is_str(in_force("2018.01.01"), "fide-2018", "1 January 2018: the 2018 Laws");
    is_str(in_force("2022.12.31"), "fide-2018", "the last day of 2022: 2018");
    is_str(in_force("2023.01.01"), "fide-2023", "1 January 2023: the 2023 Laws");
    is_str(in_force("2026.11.23"), "fide-2023", "today: 2023");
    is_str(in_force("2017.??.??"), "fide-2014", "a year without a month: the edition in force on 1 January");
    is_str(in_force("2015.??.??"), "fide-2014", "a year inside one edition decides");
    is_str(in_force("????.??.??"), "(none)", "an unknown date does not decide");
    is_str(in_force("garbage"), "(none)", "a malformed date does not decide");

    /* Where the date does not settle the edition, a sentence says so. */
    char why[400];
    const struct arb_profile *pw = arb_profile_for_date_why("1998.05.10", why, sizeof why);
    ok(pw && strcmp(pw->name, "fide-2009") == 0 && strstr(why, "1 July 1997") && strstr(why, "fide-2009"),
       "1998: the 1997 Laws were in force, fide-2009 applies: %s", why);
    pw = arb_profile_for_date_why("2017.??.??", why, sizeof why);
    ok(pw && strcmp(pw->name, "fide-2014") == 0 && strstr(why, "fide-2017") && strstr(why, "1 July 2017")
       && strstr(why, "first day"), "2017.??.??: fide-2014 chosen, and why: %s", why);
    pw = arb_profile_for_date_why("2009.??.??", why, sizeof why);
    ok(pw && strcmp(pw->name, "fide-2009") == 0 && strstr(why, "1 July 2005"), "2009.??.??: the 2005 Laws, then fide-2009: %s", why);
    pw = arb_profile_for_date_why("2020.??.??", why, sizeof why);
    ok(pw && strcmp(pw->name, "fide-2018") == 0 && !why[0], "2020.??.??: inside fide-2018, nothing to say");
    pw = arb_profile_for_date_why("2014.07.??", why, sizeof why);
    ok(pw && strcmp(pw->name, "fide-2014") == 0 && !why[0], "2014.07.??: inside fide-2014, nothing to say");
    pw = arb_profile_for_date_why("1990.??.??", why, sizeof why);
    ok(pw && strstr(why, "older than those of 1 July 1997"), "1990: older Laws than 1997: %s", why);


    /* The date is read by hand (no sscanf a game): for every form below,
     * the edition and whether it needs a sentence are those of the date
     * as the C library reads it, written plainly. */
    {
        static const char *const years[] = {"1990", "1997", "2005", "2008", "2009", "2013", "2014", "2016", "2017",
                                            "2018", "2022", "2023", "2026", "0999", "+2017", "-2017", " 2017",
                                            "201", "20170", "????", "abcd", ""};
        static const char *const rest[] = {"", ".??.??", ".01.01", ".06.30", ".07.01", ".07.??", ".12.31", ".1.1",
                                           ".7.1", ".07.1", ". 7. 1", ".+7.+1", ".-1.-1", ".13.32", ".00.00",
                                           "-07-01", ".07.01x", ".071.01", ".?7.01", ".07", ".07.", ".12.3"};
        int agree = 0, total = 0;
        char date[40], plain[40], why1[400], why2[400];
        for (size_t i = 0; i < sizeof years / sizeof years[0]; i++)
            for (size_t j = 0; j < sizeof rest / sizeof rest[0]; j++) {
                snprintf(date, sizeof date, "%s%s", years[i], rest[j]);
                int y, m, d;
                const struct arb_profile *want = NULL, *got = arb_profile_for_date_why(date, why1, sizeof why1);
                bool want_why = false;
                if (read_date_as_libc(date, &y, &m, &d)) {
                    char ms[4] = "??", ds[4] = "??";
                    if (m)
                        snprintf(ms, sizeof ms, "%02d", m);
                    if (d)
                        snprintf(ds, sizeof ds, "%02d", d);
                    snprintf(plain, sizeof plain, "%04d.%s.%s", y, ms, ds);
                    want = arb_profile_for_date_why(plain, why2, sizeof why2);
                    want_why = why2[0] != 0;
                }
                total++;
                if (got == want && (got == NULL || (why1[0] != 0) == want_why))
                    agree++;
                else
                    printf("# '%s': %s, the C library's reading %s\n", date, got ? got->name : "(none)",
                           want ? want->name : "(none)");
            }
        is_int(agree, total, "the date read by hand agrees with sscanf's reading on %d forms", total);
    }

    /* Articles that moved between editions (RULES.md §10). */
    const struct arb_profile *p09 = arb_profile_find("fide-2009"), *p18 = arb_profile_find("fide-2018");
    is_str(arb_article(p18, ARB_ART_CHECKMATE), "5.1.1", "2018: checkmate is 5.1.1");
    is_str(arb_article(p18, ARB_ART_NOTATION_AMBIGUITY), "C.10", "2018: ambiguity is C.10");
    ok(strcmp(arb_article(p09, ARB_ART_CHECKMATE), arb_article(p18, ARB_ART_CHECKMATE)) != 0,
       "2009 numbers checkmate its own way (%s)", arb_article(p09, ARB_ART_CHECKMATE));
    is_str(arb_mode_name(ARB_MODE_BLITZ), "blitz", "mode names");
    /* The Laws audit: each edition's own numbering (RULES.md §2, §3, the seeds). */
    is_str(arb_article(p09, ARB_ART_CASTLING), "3.8a(ii)", "2009: castling is 3.8 a (ii)");
    is_str(arb_article(p09, ARB_ART_KING), "3.8a(i)", "2009: the king's step is 3.8 a (i)");
    is_str(arb_article(p09, ARB_ART_CASTLING_LOST), "3.8a(ii)(1)", "2009: the right to castle lost, (1) under it");
    is_str(arb_article(p09, ARB_ART_CASTLING_PREVENTED), "3.8a(ii)(2)", "2009: castling prevented, (2) under it");
    const struct arb_profile *p14 = arb_profile_find("fide-2014");
    is_str(arb_article(p14, ARB_ART_CASTLING), "3.8.b", "2014: castling is 3.8.b");
    is_str(arb_article(p14, ARB_ART_CASTLING_LOST), "3.8.b(1)", "2014: the right lost is 3.8.b(1)");
    is_str(arb_article(p18, ARB_ART_FIFTY), "9.3", "2018: the fifty-move claim is 9.3 (9.3.1 and 9.3.2 its two ways)");
    is_str(arb_article(p18, ARB_ART_THREEFOLD), "9.2.1", "2018: the threefold claim is 9.2.1");
    is_str(arb_article(p18, ARB_ART_CLOCK_NO_MOVE), "7.5.3", "2018: the clock pressed without a move is 7.5.3");
    is_str(arb_article(arb_profile_find("fide-2017"), ARB_ART_CLOCK_NO_MOVE), "7.8.1", "2017: ... is 7.8.1");
    is_str(arb_article(p09, ARB_ART_KING_CAPTURE), "1.2, 7.4a", "2009: the king taken, 1.2 and 7.4a");
    is_str(arb_article(arb_profile_find("fi-team-blitz-2024-fixed"), ARB_ART_KING_CAPTURE), "team rule 4",
           "Finnish team blitz: the king taken, rule 4");

    /* The Finnish national sets (RULES.md §4.5). */
    const char *fi[] = {"fi-blitz-2024", "fi-team-blitz-2024-increment", "fi-team-blitz-2024-fixed"};
    for (int i = 0; i < 3; i++) {
        const struct arb_profile *p = arb_profile_find(fi[i]);
        ok(p && p->national && p->mode == ARB_MODE_BLITZ, "%s: a national blitz profile", fi[i]);
    }
    ok(!(arb_profile_find("fi-blitz-2024")->rules & ARB_PR_NO_CLAIMS), "fi-blitz-2024 keeps the FIDE claims");
    ok(arb_profile_find("fi-team-blitz-2024-fixed")->rules & ARB_PR_NO_CLAIMS, "team blitz: no 9.2/9.3 claims (rule 10)");
    ok((arb_profile_find("fi-team-blitz-2024-increment")->rules & ARB_PR_ARBITER_FIFTY)
           && !(arb_profile_find("fi-team-blitz-2024-fixed")->rules & ARB_PR_ARBITER_FIFTY),
       "only the increment variant has the arbiter's 50-move draw (rule 10c)");
    is_str(in_force("2024.06.01"), "fide-2023", "a national set is never chosen by date");

    /* The edition matrix (RULES.md §10, §11), row by row, as profile data. */
    static const struct {
        const char *name;
        int loses[3], penalty[3], on_claim[3], both_in_check[3];
        unsigned rules;
    } matrix[] = {
        /*              standard/rapid/blitz: nth loses, minutes, on claim only, A.4.4 waiting rule */
        {"fide-2009", {3, 3, 1}, {2, 2, 0}, {0, 1, 1}, {0, 0, 0}, ARB_PR_EP_MARK_REQUIRED},
        {"fide-2014", {2, 1, 1}, {2, 0, 0}, {0, 1, 1}, {0, 1, 1},
         ARB_PR_AUTO_DRAWS | ARB_PR_FIVEFOLD_CONSECUTIVE | ARB_PR_PROMO_QUEEN},
        {"fide-2017", {2, 1, 1}, {2, 0, 0}, {0, 1, 1}, {0, 1, 1},
         ARB_PR_LONG_FORM | ARB_PR_AUTO_DRAWS | ARB_PR_AGREE_AFTER_MOVES | ARB_PR_PROMO_QUEEN},
        {"fide-2018", {2, 2, 2}, {2, 2, 1}, {0, 1, 1}, {0, 1, 1},
         ARB_PR_PASS_ILLEGAL | ARB_PR_LONG_FORM | ARB_PR_AUTO_DRAWS | ARB_PR_AGREE_AFTER_MOVES | ARB_PR_PROMO_QUEEN},
        {"fide-2023", {2, 2, 2}, {2, 1, 1}, {0, 1, 1}, {0, 1, 1},
         ARB_PR_PASS_ILLEGAL | ARB_PR_LONG_FORM | ARB_PR_AUTO_DRAWS | ARB_PR_AGREE_AFTER_MOVES | ARB_PR_PROMO_QUEEN | ARB_PR_RESIGN_DRAW},
        {"fi-team-blitz-2024-fixed", {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, {0, 0, 0},
         ARB_PR_LONG_FORM | ARB_PR_AUTO_DRAWS | ARB_PR_AGREE_AFTER_MOVES | ARB_PR_PROMO_QUEEN | ARB_PR_NO_CLAIMS
             | ARB_PR_RESIGN_DRAW | ARB_PR_FORCED_MATE_MATERIAL},
    };
    static const char *const modes[] = {"standard", "rapid", "blitz"};
    for (size_t i = 0; i < sizeof matrix / sizeof matrix[0]; i++) {
        const struct arb_profile *p = arb_profile_find(matrix[i].name);
        is_int((int)p->rules, (int)matrix[i].rules, "%s: the rules that differ by edition", matrix[i].name);
        for (int m = 0; m < 3; m++) {
            const struct arb_illegal_rule *ir = &p->illegal[m];
            ok(ir->loses_at == matrix[i].loses[m] && ir->penalty_min == matrix[i].penalty[m]
                   && ir->on_claim == matrix[i].on_claim[m] && (ir->both_in_check != NULL) == matrix[i].both_in_check[m]
                   && ir->article && ir->article[0],
               "%s %s: illegal move %d loses, +%d min before, %s, both kings in check %s", matrix[i].name, modes[m],
               matrix[i].loses[m], matrix[i].penalty[m], matrix[i].on_claim[m] ? "on claim" : "always",
               matrix[i].both_in_check[m] ? "wait, then draw" : "no rule");
        }
    }
    /* The kind of game from the time control (RULES.md §5.1 and its edge cases). */
    static const struct { const char *tc, *m2009, *m2014; } modes_by_tc[] = {
        {"600", "blitz", "blitz"},            {"720", "blitz", "rapid"},  {"900", "rapid", "rapid"},
        {"600+5", "rapid", "rapid"},          {"180+2", "blitz", "blitz"}, {"3000+10", "standard", "standard"},
        {"2700+15", "standard", "standard"},  {"3540", "rapid", "rapid"},  {"3600", "standard", "standard"},
        {"40/5400+30:1800+30", "standard", "standard"}, {"*60", "blitz", "blitz"}, {"300+2", "blitz", "blitz"},
    };
    for (size_t i = 0; i < sizeof modes_by_tc / sizeof modes_by_tc[0]; i++) {
        struct arb_timecontrol tc;
        bool known09, known14;
        arb_tc_parse_pgn(modes_by_tc[i].tc, &tc);
        const char *m09 = arb_mode_name(arb_mode_of(arb_profile_find("fide-2009"), &tc, &known09));
        const char *m14 = arb_mode_name(arb_mode_of(arb_profile_find("fide-2014"), &tc, &known14));
        ok(known09 && known14 && strcmp(m09, modes_by_tc[i].m2009) == 0 && strcmp(m14, modes_by_tc[i].m2014) == 0,
           "%s: %s under 2009, %s under 2014+ (got %s, %s)", modes_by_tc[i].tc, modes_by_tc[i].m2009,
           modes_by_tc[i].m2014, m09, m14);
    }
    {
        struct arb_timecontrol tc;
        bool known;
        arb_tc_parse_pgn("?", &tc);
        ok(arb_mode_of(arb_profile_find("fide-2023"), &tc, &known) == ARB_MODE_STANDARD && !known,
           "an unknown time control: standard, and not known");
    }
    is_str(arb_article(arb_profile_find("fide-2009"), ARB_ART_RESIGNATION), "5.1b", "2009: resignation 5.1b");
    is_str(arb_article(arb_profile_find("fide-2023"), ARB_ART_RESIGNATION), "5.1.2", "2023: resignation 5.1.2");
    /* The openings table (lichess chess-openings): every line's moves
     * read and played, and its first line named as the data set names it. */
    is_int(arb_opening_lines_read(), arb_openings_n, "every one of the %d lines of the openings table is read",
           arb_openings_n);
    ok(arb_openings_n > 3000, "the table has its 3,807 lines (%d)", arb_openings_n);
    ok(arb_opening_max_ply() >= 20 && arb_opening_max_ply() < 60, "its longest line: %d plies", arb_opening_max_ply());
    char eco[4], name[160];
    ok(strcmp(arb_opening_eco(0, eco), "A00") == 0 && strcmp(arb_opening_name(0, name, sizeof name), "Amar Opening") == 0,
       "line 1: A00 Amar Opening");
    return tap_done();
}
