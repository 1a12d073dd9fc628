/* laws.c — the edition profiles.
 *
 * Article numbers are those of each edition's own text (RULES.md §0–§10):
 * 2009 (Estonian seed, English 2009 numbering "5.1a"), 2014 (Finnish seed,
 * "5.1.a"), 2017/2018 (Finnish seeds, hierarchical "5.1.1"), 2023 (public
 * sources, RULES.md §11: numbering as 2018).
 */
#include "laws/laws.h"

#include "read/timectl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HIER_ARTICLES                                                                   \
    [ARB_ART_CHECKMATE] = "5.1.1", [ARB_ART_STALEMATE] = "5.2.1",                      \
    [ARB_ART_ILLEGAL_MOVE] = "3.10.2",                                                  \
    [ARB_ART_OCCUPIED] = "3.1.1", [ARB_ART_BISHOP] = "3.2", [ARB_ART_ROOK] = "3.3",    \
    [ARB_ART_QUEEN] = "3.4", [ARB_ART_KNIGHT] = "3.6", [ARB_ART_PAWN] = "3.7",         \
    [ARB_ART_EN_PASSANT] = "3.7.4", [ARB_ART_PROMOTION] = "3.7.5",                     \
    [ARB_ART_KING] = "3.8.1", [ARB_ART_CASTLING] = "3.8.2",                            \
    [ARB_ART_CASTLING_LOST] = "3.8.2.1", [ARB_ART_CASTLING_PREVENTED] = "3.8.2.2",     \
    [ARB_ART_KING_IN_CHECK] = "3.9.2",                                                  \
    [ARB_ART_NOTATION] = "C.1", [ARB_ART_NOTATION_LETTERS] = "C.2",                    \
    [ARB_ART_NOTATION_MOVE] = "C.8", [ARB_ART_NOTATION_CAPTURE] = "C.9",               \
    [ARB_ART_NOTATION_AMBIGUITY] = "C.10", [ARB_ART_NOTATION_PROMOTION] = "C.11",      \
    [ARB_ART_NOTATION_DRAW_OFFER] = "C.12", [ARB_ART_NOTATION_MARKS] = "C.13",         \
    [ARB_ART_RECORDING] = "8.1.1", [ARB_ART_RESULT] = "8.7",                         \
    [ARB_ART_SEVENTYFIVE] = "9.6.2",                                                    \
    [ARB_ART_AGREEMENT] = "5.2.3", [ARB_ART_RESIGNATION] = "5.1.2", [ARB_ART_TIME_CONTROL] = "6.3.1", \
    [ARB_ART_NOTATION_PAWN_AMBIGUITY] = "C.9.3", [ARB_ART_CASTLING_960] = "II.3",                            \
    [ARB_ART_CASTLING_960_PATH] = "II.3.2.7.4", [ARB_ART_START_960] = "II.2"
/* Where the Finnish team sets name their own rule instead (FI_TEAM_ARTICLES). */
#define HIER_FIDE_ONLY [ARB_ART_DEAD_POSITION] = "5.2.2", [ARB_ART_FIVEFOLD] = "9.6.1", [ARB_ART_KING_CAPTURE] = "1.4.1", \
    [ARB_ART_PROMOTION_INCOMPLETE] = "7.5.2", [ARB_ART_TIMEOUT_DRAW] = "6.9"
/* The claims as the FIDE Laws number them (national sets differ). */
/* (9.2.1 holds both ways of the threefold claim, 9.2.1.1 and 9.2.1.2; the
 * fifty-move claim's two ways are 9.3.1 and 9.3.2 of 9.3.) */
#define HIER_CLAIMS [ARB_ART_THREEFOLD] = "9.2.1", [ARB_ART_FIFTY] = "9.3", [ARB_ART_FIFTY_WRITTEN] = "9.3.1", \
    [ARB_ART_ARBITER_FIFTY] = "-"

/* Who acts on a flag fall, in words (RULES.md §5.2). */
#define FLAG_SEEN "the flag counts when the arbiter sees it or a player validly claims it"
#define FLAG_CLAIM_ONLY "the flag counts only on the opponent's valid claim; the arbiter does not call it unless " \
                        "both flags are down"
#define FLAG_CLAIM_UP "the flag counts on the opponent's valid claim (his own flag still up)"
#define FLAG_MAY "the flag counts on the opponent's claim, and the arbiter may call it"
#define FLAG_SHALL "the arbiter shall call the flag fall"
#define FLAG_TEAM_RULES {[ARB_MODE_STANDARD] = {"team rule 2", FLAG_TEAM, "team rule 14", BOTH_DRAW, false}, \
                         [ARB_MODE_RAPID] = {"team rule 2", FLAG_TEAM, "team rule 14", BOTH_DRAW, false},    \
                         [ARB_MODE_BLITZ] = {"team rule 2", FLAG_TEAM, "team rule 14", BOTH_DRAW, false}}
#define FLAG_TEAM "the arbiter must not point out a flag fall: it counts on the opponent's claim"
/* Both flags down, the order unknown (RULES.md §5.2, §10). */
#define BOTH_6_11 "the game goes on if it was not the last period; in the last period it is drawn"
#define BOTH_DRAW "the game is drawn"
#define BOTH_III "in the last period (all remaining moves) the game is drawn"
/* 2009 A.4c: only the opponent's claim counts, but the arbiter intervenes
 * himself where he can when both kings are in check or a promotion was not
 * completed. */
#define A4C_EXCEPTION "the arbiter intervenes himself where he can (A.4c)"

static const struct arb_profile fide_2009 = {
    .name = "fide-2009",
    .title = "FIDE Laws of Chess in force from 1 July 2009 (Dresden 2008)",
    .edition = ARB_ED_2009,
    .in_force = "2009-07-01",
    .article = {
        [ARB_ART_CHECKMATE] = "5.1a", [ARB_ART_STALEMATE] = "5.2a",
        [ARB_ART_DEAD_POSITION] = "5.2b", [ARB_ART_ILLEGAL_MOVE] = "7.4a",
        [ARB_ART_OCCUPIED] = "3.1", [ARB_ART_BISHOP] = "3.2", [ARB_ART_ROOK] = "3.3",
        [ARB_ART_QUEEN] = "3.4", [ARB_ART_KNIGHT] = "3.6", [ARB_ART_PAWN] = "3.7",
        [ARB_ART_EN_PASSANT] = "3.7d", [ARB_ART_PROMOTION] = "3.7e",
        /* 3.8 a: the king moves (i) to a square next to it, or (ii) by
         * castling, whose right is (1) lost or (2) prevented for now (the
         * seed numbers them "1)", "2)" twice; there is no 3.8 b). */
        [ARB_ART_KING] = "3.8a(i)", [ARB_ART_CASTLING] = "3.8a(ii)",
        [ARB_ART_CASTLING_LOST] = "3.8a(ii)(1)", [ARB_ART_CASTLING_PREVENTED] = "3.8a(ii)(2)",
        [ARB_ART_KING_IN_CHECK] = "3.9", [ARB_ART_PROMOTION_INCOMPLETE] = "7.4a",
        [ARB_ART_NOTATION] = "C.1", [ARB_ART_NOTATION_LETTERS] = "C.2",
        [ARB_ART_NOTATION_MOVE] = "C.8", [ARB_ART_NOTATION_CAPTURE] = "C.9",
        [ARB_ART_NOTATION_AMBIGUITY] = "C.10", [ARB_ART_NOTATION_PROMOTION] = "C.12",
        [ARB_ART_NOTATION_DRAW_OFFER] = "C.13", [ARB_ART_NOTATION_MARKS] = "C.13",
        [ARB_ART_RECORDING] = "8.1", [ARB_ART_RESULT] = "8.7",
        [ARB_ART_THREEFOLD] = "9.2", [ARB_ART_FIFTY] = "9.3",
        [ARB_ART_FIVEFOLD] = "-", [ARB_ART_SEVENTYFIVE] = "-", [ARB_ART_AGREEMENT] = "5.2c", [ARB_ART_TIMEOUT_DRAW] = "6.9", [ARB_ART_RESIGNATION] = "5.1b", [ARB_ART_TIME_CONTROL] = "6.2a", [ARB_ART_ARBITER_FIFTY] = "-",
        [ARB_ART_NOTATION_PAWN_AMBIGUITY] = "C.11", [ARB_ART_CASTLING_960] = "F.3",
        [ARB_ART_CASTLING_960_PATH] = "F.3 (note 4)", [ARB_ART_START_960] = "F.2", [ARB_ART_KING_CAPTURE] = "1.2, 7.4a",
        [ARB_ART_CLOCK_NO_MOVE] = "-", [ARB_ART_FIFTY_WRITTEN] = "9.3",
    },
    .rules = ARB_PR_EP_MARK_REQUIRED,
    .mode = -1,
    .illegal = {[ARB_MODE_STANDARD] = {3, 2, false, false, NULL, "7.4b", NULL},
                [ARB_MODE_RAPID] = {3, 2, true, false, A4C_EXCEPTION, "A.4c, 7.4b", NULL},
                [ARB_MODE_BLITZ] = {1, 0, true, false, NULL, "B.3c", NULL}},
    .blitz_max_s = 899,
    .flag = {[ARB_MODE_STANDARD] = {"6.8, 6.9", FLAG_SEEN, "6.11", BOTH_6_11, false},
              [ARB_MODE_RAPID] = {"A.4d", FLAG_CLAIM_ONLY, "A.4d(3)", BOTH_DRAW, false},
              [ARB_MODE_BLITZ] = {"B.3, A.4d", FLAG_CLAIM_ONLY, "B.3, A.4d(3)", BOTH_DRAW, false}},
};

static const struct arb_profile fide_2014 = {
    .name = "fide-2014",
    .title = "FIDE Laws of Chess in force from 1 July 2014 (Tallinn 2013)",
    .edition = ARB_ED_2014,
    .in_force = "2014-07-01",
    .article = {
        [ARB_ART_CHECKMATE] = "5.1.a", [ARB_ART_STALEMATE] = "5.2.a",
        [ARB_ART_DEAD_POSITION] = "5.2.b", [ARB_ART_ILLEGAL_MOVE] = "3.10.b",
        [ARB_ART_OCCUPIED] = "3.1", [ARB_ART_BISHOP] = "3.2", [ARB_ART_ROOK] = "3.3",
        [ARB_ART_QUEEN] = "3.4", [ARB_ART_KNIGHT] = "3.6", [ARB_ART_PAWN] = "3.7",
        [ARB_ART_EN_PASSANT] = "3.7.d", [ARB_ART_PROMOTION] = "3.7.e",
        [ARB_ART_KING] = "3.8.a", [ARB_ART_CASTLING] = "3.8.b",
        [ARB_ART_CASTLING_LOST] = "3.8.b(1)", [ARB_ART_CASTLING_PREVENTED] = "3.8.b(2)",
        [ARB_ART_KING_IN_CHECK] = "3.9", [ARB_ART_PROMOTION_INCOMPLETE] = "7.5.a",
        [ARB_ART_NOTATION] = "C.1", [ARB_ART_NOTATION_LETTERS] = "C.2",
        [ARB_ART_NOTATION_MOVE] = "C.8", [ARB_ART_NOTATION_CAPTURE] = "C.9",
        [ARB_ART_NOTATION_AMBIGUITY] = "C.10", [ARB_ART_NOTATION_PROMOTION] = "C.11",
        [ARB_ART_NOTATION_DRAW_OFFER] = "C.12", [ARB_ART_NOTATION_MARKS] = "C.13",
        [ARB_ART_RECORDING] = "8.1.a", [ARB_ART_RESULT] = "8.7",
        [ARB_ART_THREEFOLD] = "9.2", [ARB_ART_FIFTY] = "9.3",
        [ARB_ART_FIVEFOLD] = "9.6.a", [ARB_ART_SEVENTYFIVE] = "9.6.b", [ARB_ART_AGREEMENT] = "5.2.c", [ARB_ART_TIMEOUT_DRAW] = "6.9", [ARB_ART_RESIGNATION] = "5.1.b", [ARB_ART_TIME_CONTROL] = "6.3.a", [ARB_ART_ARBITER_FIFTY] = "-",
        [ARB_ART_NOTATION_PAWN_AMBIGUITY] = "C.9", [ARB_ART_CASTLING_960] = "F.3",
        [ARB_ART_CASTLING_960_PATH] = "F.3 (note 4)", [ARB_ART_START_960] = "F.2", [ARB_ART_KING_CAPTURE] = "1.2",
        [ARB_ART_CLOCK_NO_MOVE] = "-", [ARB_ART_FIFTY_WRITTEN] = "9.3",
    },
    .rules = ARB_PR_AUTO_DRAWS | ARB_PR_FIVEFOLD_CONSECUTIVE | ARB_PR_PROMO_QUEEN,
    .mode = -1,
    .illegal = {[ARB_MODE_STANDARD] = {2, 2, false, false, NULL, "7.5.b", NULL},
                [ARB_MODE_RAPID] = {1, 0, true, true, NULL, "A.4.b", "A.4.d"},
                [ARB_MODE_BLITZ] = {1, 0, true, true, NULL, "B.4, A.4.b", "B.4, A.4.d"}},
    .blitz_max_s = 600,
    .flag = {[ARB_MODE_STANDARD] = {"6.8, 6.9", FLAG_SEEN, "6.11", BOTH_6_11, false},
              [ARB_MODE_RAPID] = {"A.4.c", FLAG_CLAIM_UP, "6.11", BOTH_6_11, false},
              [ARB_MODE_BLITZ] = {"B.4, A.4.c", FLAG_CLAIM_UP, "6.11", BOTH_6_11, false}},
};

static const struct arb_profile fide_2017 = {
    .name = "fide-2017",
    .title = "FIDE Laws of Chess in force from 1 July 2017 (Baku 2016)",
    .edition = ARB_ED_2017,
    .in_force = "2017-07-01",
    .article = {HIER_ARTICLES, HIER_FIDE_ONLY, HIER_CLAIMS, [ARB_ART_CLOCK_NO_MOVE] = "7.8.1"},
    .rules = ARB_PR_LONG_FORM | ARB_PR_AUTO_DRAWS | ARB_PR_AGREE_AFTER_MOVES | ARB_PR_PROMO_QUEEN,
    .mode = -1,
    .illegal = {[ARB_MODE_STANDARD] = {2, 2, false, false, NULL, "7.5.3", NULL},
                [ARB_MODE_RAPID] = {1, 0, true, true, NULL, "A.4.2", "A.4.4"},
                [ARB_MODE_BLITZ] = {1, 0, true, true, NULL, "B.4, A.4.2", "B.4, A.4.4"}},
    .blitz_max_s = 600,
    .flag = {[ARB_MODE_STANDARD] = {"6.8, 6.9", FLAG_SEEN, "Guidelines III.3.1", BOTH_III, true},
              [ARB_MODE_RAPID] = {"A.4.3, A.4.5", FLAG_MAY, "Guidelines III.3.1", BOTH_III, true},
              [ARB_MODE_BLITZ] = {"B.4, A.4.3, A.4.5", FLAG_MAY, NULL, NULL, false}},
};

static const struct arb_profile fide_2018 = {
    .name = "fide-2018",
    .title = "FIDE Laws of Chess in force from 1 January 2018 (Antalya 2017)",
    .edition = ARB_ED_2018,
    .in_force = "2018-01-01",
    .article = {HIER_ARTICLES, HIER_FIDE_ONLY, HIER_CLAIMS, [ARB_ART_CLOCK_NO_MOVE] = "7.5.3"},
    .rules = ARB_PR_PASS_ILLEGAL | ARB_PR_LONG_FORM | ARB_PR_AUTO_DRAWS | ARB_PR_AGREE_AFTER_MOVES | ARB_PR_PROMO_QUEEN,
    .mode = -1,
    .illegal = {[ARB_MODE_STANDARD] = {2, 2, false, false, NULL, "7.5.5", NULL},
                [ARB_MODE_RAPID] = {2, 2, true, true, NULL, "A.4.2, 7.5.5", "A.4.4"},
                [ARB_MODE_BLITZ] = {2, 1, true, true, NULL, "B.4, A.4.2, 7.5.5", "B.4, A.4.4"}},
    .blitz_max_s = 600,
    .flag = {[ARB_MODE_STANDARD] = {"6.8, 6.9", FLAG_SEEN, "Guidelines III.3.1", BOTH_III, true},
              [ARB_MODE_RAPID] = {"A.4.3, A.4.5", FLAG_SHALL, "Guidelines III.3.1", BOTH_III, true},
              [ARB_MODE_BLITZ] = {"B.4, A.4.5", FLAG_SHALL, NULL, NULL, false}},
};

static const struct arb_profile fide_2023 = {
    .name = "fide-2023",
    .title = "FIDE Laws of Chess in force from 1 January 2023 (Chennai 2022)",
    .edition = ARB_ED_2023,
    .in_force = "2023-01-01",
    .article = {HIER_ARTICLES, HIER_FIDE_ONLY, HIER_CLAIMS, [ARB_ART_CLOCK_NO_MOVE] = "7.5.3"},
    .rules = ARB_PR_PASS_ILLEGAL | ARB_PR_LONG_FORM | ARB_PR_AUTO_DRAWS | ARB_PR_AGREE_AFTER_MOVES | ARB_PR_PROMO_QUEEN | ARB_PR_RESIGN_DRAW,
    .mode = -1,
    .illegal = {[ARB_MODE_STANDARD] = {2, 2, false, false, NULL, "7.5.5", NULL},
                [ARB_MODE_RAPID] = {2, 1, true, true, NULL, "A.5.2, 7.5.5, A.3", "A.5.4"},
                [ARB_MODE_BLITZ] = {2, 1, true, true, NULL, "B.3, A.5.2, 7.5.5", "B.3, A.5.4"}},
    .blitz_max_s = 600,
    .flag = {[ARB_MODE_STANDARD] = {"6.8, 6.9", FLAG_SEEN, "Guidelines III.3.1", BOTH_III, true},
              [ARB_MODE_RAPID] = {"A.5.3, A.5.5", FLAG_SHALL, "Guidelines III.3.1", BOTH_III, true},
              [ARB_MODE_BLITZ] = {"B.3, A.5.5", FLAG_SHALL, NULL, NULL, false}},
};

/* Finnish blitz rules 2024 ("Suomen pikashakkisäännöstö 2024", RULES.md
 * §4.5): the FIDE blitz rules in the 2023 numbering, and two team
 * championship sets (increment / fixed time) whose rule 10 takes away the
 * 9.2/9.3 claims (fivefold and dead position still draw, rule 10a) and, with
 * increment, lets the arbiter declare the 50-move draw (rule 10c). */
#define FI_TEAM_ARTICLES HIER_ARTICLES, [ARB_ART_THREEFOLD] = "team rule 10", [ARB_ART_FIFTY] = "team rule 10", \
    [ARB_ART_FIFTY_WRITTEN] = "team rule 10", \
    [ARB_ART_ARBITER_FIFTY] = "team rule 10c", [ARB_ART_FIVEFOLD] = "9.6.1, team rule 10a",                          \
    [ARB_ART_DEAD_POSITION] = "5.2.2, team rule 10a", [ARB_ART_KING_CAPTURE] = "team rule 4",                        \
    [ARB_ART_PROMOTION_INCOMPLETE] = "team rule 7", [ARB_ART_TIMEOUT_DRAW] = "team rule 12", [ARB_ART_CLOCK_NO_MOVE] = "-"

static const struct arb_profile fi_blitz_2024 = {
    .name = "fi-blitz-2024",
    .title = "Finnish blitz rules 2024: the FIDE blitz rules (2023 numbering) as Finland applies them",
    .edition = ARB_ED_2023,
    .in_force = "2024-01-01",
    .article = {HIER_ARTICLES, HIER_FIDE_ONLY, HIER_CLAIMS, [ARB_ART_CLOCK_NO_MOVE] = "7.5.3"},
    .rules = ARB_PR_PASS_ILLEGAL | ARB_PR_LONG_FORM | ARB_PR_AUTO_DRAWS | ARB_PR_AGREE_AFTER_MOVES | ARB_PR_PROMO_QUEEN | ARB_PR_RESIGN_DRAW,
    .national = true,
    .mode = ARB_MODE_BLITZ,
    .illegal = {[ARB_MODE_STANDARD] = {2, 2, false, false, NULL, "7.5.5", NULL},
                [ARB_MODE_RAPID] = {2, 1, true, true, NULL, "A.5.2, 7.5.5, A.3", "A.5.4"},
                [ARB_MODE_BLITZ] = {2, 1, true, true, NULL, "A.5.2, 7.5.5", "A.5.4"}},
    .blitz_max_s = 600,
    .flag = {[ARB_MODE_STANDARD] = {"6.8, 6.9", FLAG_SEEN, "Guidelines III.3.1", BOTH_III, true},
              [ARB_MODE_RAPID] = {"A.5.3, A.5.5", FLAG_SHALL, "Guidelines III.3.1", BOTH_III, true},
              [ARB_MODE_BLITZ] = {"A.5.5", FLAG_SHALL, NULL, NULL, false}},
};

static const struct arb_profile fi_team_blitz_increment = {
    .name = "fi-team-blitz-2024-increment",
    .title = "Finnish team blitz championship 2024, with increment: no 9.2/9.3 claims, arbiter's 50-move draw",
    .edition = ARB_ED_2023,
    .in_force = "2024-01-01",
    .article = {FI_TEAM_ARTICLES},
    .rules = ARB_PR_LONG_FORM | ARB_PR_AUTO_DRAWS | ARB_PR_AGREE_AFTER_MOVES | ARB_PR_PROMO_QUEEN | ARB_PR_NO_CLAIMS
             | ARB_PR_ARBITER_FIFTY | ARB_PR_RESIGN_DRAW,
    .national = true,
    .mode = ARB_MODE_BLITZ,
    .illegal = {[ARB_MODE_STANDARD] = {1, 0, true, false, NULL, "team rule 11", NULL},
                [ARB_MODE_RAPID] = {1, 0, true, false, NULL, "team rule 11", NULL},
                [ARB_MODE_BLITZ] = {1, 0, true, false, NULL, "team rule 11", NULL}},
    .blitz_max_s = 600,
    .flag = FLAG_TEAM_RULES,
};

static const struct arb_profile fi_team_blitz_fixed = {
    .name = "fi-team-blitz-2024-fixed",
    .title = "Finnish team blitz championship 2024, fixed time: no 9.2/9.3 claims",
    .edition = ARB_ED_2023,
    .in_force = "2024-01-01",
    .article = {FI_TEAM_ARTICLES},
    .rules = ARB_PR_LONG_FORM | ARB_PR_AUTO_DRAWS | ARB_PR_AGREE_AFTER_MOVES | ARB_PR_PROMO_QUEEN | ARB_PR_NO_CLAIMS | ARB_PR_RESIGN_DRAW
             | ARB_PR_FORCED_MATE_MATERIAL,
    .national = true,
    .mode = ARB_MODE_BLITZ,
    .illegal = {[ARB_MODE_STANDARD] = {1, 0, true, false, NULL, "team rule 11", NULL},
                [ARB_MODE_RAPID] = {1, 0, true, false, NULL, "team rule 11", NULL},
                [ARB_MODE_BLITZ] = {1, 0, true, false, NULL, "team rule 11", NULL}},
    .blitz_max_s = 600,
    .flag = FLAG_TEAM_RULES,
};

const struct arb_profile *const arb_profiles[] = {
    &fide_2023, &fide_2018, &fide_2017, &fide_2014, &fide_2009,
    &fi_blitz_2024, &fi_team_blitz_increment, &fi_team_blitz_fixed, NULL,
};

const struct arb_profile *arb_profile_find(const char *name)
{
    for (int i = 0; arb_profiles[i]; i++)
        if (strcmp(arb_profiles[i]->name, name) == 0)
            return arb_profiles[i];
    return NULL;
}

const struct arb_profile *arb_profile_default(void)
{
    return &fide_2023;
}

/* The FIDE editions before the oldest arbiter has, by the day they came
 * into force: 1 July 1997, 2001 and 2005, as the list of past versions on
 * chessvariants.com's page of the FIDE Laws gives them (mirrored at
 * https://www.scribd.com/document/501424834/chessvariants-fidelaws); the
 * 2001 Laws "adopted at the 71st FIDE Congress at Istanbul (Turkey)
 * November 2000, coming into force on 1 July 2001"
 * (https://chess-class.com/fide/preface.html); the 2005 changes to them
 * (https://www.scribd.com/presentation/318171475/Fide-Law-of-Chess).
 * Named only, to say which Laws were in force: no full text of them is in
 * the sources (RULES.md starts at 2009), so there is no fide-2005 profile. */
static const struct {
    const char *in_force, *name;
} older[] = {
    {"2005-07-01", "the FIDE Laws of 1 July 2005"},
    {"2001-07-01", "the FIDE Laws of 1 July 2001 (Istanbul 2000)"},
    {"1997-07-01", "the FIDE Laws of 1 July 1997"},
};

/* The profile in force on day iso (YYYY-MM-DD): the first, newest first,
 * whose day has come; else NULL (before the oldest). */
static const struct arb_profile *in_force_on(const char *iso)
{
    for (int i = 0; arb_profiles[i]; i++)
        if (!arb_profiles[i]->national && strcmp(iso, arb_profiles[i]->in_force) >= 0)
            return arb_profiles[i];
    return NULL;
}

/* "the FIDE Laws of ..." in force on day iso, for a day before the oldest profile. */
static const char *older_laws(const char *iso)
{
    for (size_t i = 0; i < sizeof older / sizeof older[0]; i++)
        if (strcmp(iso, older[i].in_force) >= 0)
            return older[i].name;
    return "FIDE Laws older than those of 1 July 1997";
}

/* "1 July 2017" for YYYY-MM-DD. */
static void day_words(const char *iso, char *out, size_t cap)
{
    static const char *const months[] = {"January", "February", "March", "April", "May", "June", "July",
                                         "August", "September", "October", "November", "December"};
    int y = 0, m = 1, d = 1;
    sscanf(iso, "%d-%d-%d", &y, &m, &d);
    snprintf(out, cap, "%d %s %d", d, months[(m - 1) % 12], y);
}

/* The int sscanf's "%Nd" reads at s (N = width: leading white space
 * skipped, a sign and at most N - 1 digits after it, else N digits); false
 * when there is no digit.  Without sscanf: this runs once a game. */
static bool scan_int(const char *s, int width, int *out)
{
    while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
        s++;
    bool neg = false;
    if (*s == '+' || *s == '-') {
        neg = *s == '-';
        s++;
        width--;
    }
    int v = 0, n = 0;
    while (n < width && *s >= '0' && *s <= '9') {
        v = v * 10 + (*s++ - '0');
        n++;
    }
    if (!n)
        return false;
    *out = neg ? -v : v;
    return true;
}

/* "YYYY-MM-DD" (y 1000-9999, m 1-12, d 1-31) into out[11]. */
static void iso_day(char out[11], int y, int m, int d)
{
    out[0] = (char)('0' + y / 1000);
    out[1] = (char)('0' + y / 100 % 10);
    out[2] = (char)('0' + y / 10 % 10);
    out[3] = (char)('0' + y % 10);
    out[4] = '-';
    out[5] = (char)('0' + m / 10);
    out[6] = (char)('0' + m % 10);
    out[7] = '-';
    out[8] = (char)('0' + d / 10);
    out[9] = (char)('0' + d % 10);
    out[10] = 0;
}

static const struct arb_profile *profile_for_date_why(const char *date, char *why, size_t cap);

/* The last date asked in this thread and its answer: a file's games share
 * their dates mostly, and the sentence costs two snprintf a game. */
static _Thread_local struct {
    char date[16];
    char why[400];
    const struct arb_profile *p;
    bool set;
} date_memo;

const struct arb_profile *arb_profile_for_date_why(const char *date, char *why, size_t cap)
{
    size_t n = date ? strnlen(date, sizeof date_memo.date) : sizeof date_memo.date;
    if (!why || !cap || n >= sizeof date_memo.date)
        return profile_for_date_why(date, why, cap);
    if (!date_memo.set || strcmp(date_memo.date, date) != 0) {
        date_memo.p = profile_for_date_why(date, date_memo.why, sizeof date_memo.why);
        memcpy(date_memo.date, date, n + 1);
        date_memo.set = true;
    }
    size_t l = strlen(date_memo.why);
    if (l >= cap)
        l = cap - 1;
    memcpy(why, date_memo.why, l);
    why[l] = 0;
    return date_memo.p;
}

static const struct arb_profile *profile_for_date_why(const char *date, char *why, size_t cap)
{
    if (why && cap)
        why[0] = 0;
    int y, m = 0, d = 0;
    if (!date || !scan_int(date, 4, &y) || y < 1000)
        return NULL;
    size_t len = strnlen(date, 10);
    if (len >= 7 && !scan_int(date + 5, 2, &m))
        m = 0;
    if (len >= 10 && !scan_int(date + 8, 2, &d))
        d = 0;
    if (m < 0 || m > 12)
        m = 0;
    if (d < 0 || d > 31)
        d = 0;
    /* The first and the last day the date can mean: a missing month or
     * day counts as the first (the edition in force when that year or
     * month began). */
    char first[11], last[11];
    iso_day(first, y, m ? m : 1, d ? d : 1);
    iso_day(last, y, m ? m : 12, d ? d : 31);
    const struct arb_profile *p = in_force_on(first), *q = in_force_on(last);
    const struct arb_profile *oldest = arb_profile_find("fide-2009");
    if (!why || !cap || (p && p == q))
        return p ? p : oldest;
    /* The date does not settle it: say what was in force and what applies. */
    const char *unknown = !m ? "its month and day unknown" : !d ? "its day unknown" : "";
    char since[40];
    if (!p && !q) {
        const char *a = older_laws(first), *b = older_laws(last);
        char both[200];
        if (a == b) {
            snprintf(both, sizeof both, "%s", a);
        } else {
            /* (a partial date across one of the older editions' first days) */
            const char *from = "";
            for (size_t i = 0; i < sizeof older / sizeof older[0]; i++)
                if (older[i].name == b)
                    from = older[i].in_force;
            char day[40];
            day_words(from, day, sizeof day);
            snprintf(both, sizeof both, "%s or, from %s, %s", a, day, b);
        }
        snprintf(why, cap, "the game is dated %s, when %s were in force; arbiter does not have them, and checks it "
                           "by %s, the oldest edition it knows (--rules= chooses another)",
                 date, both, oldest->name);
        return oldest;
    }
    day_words(q->in_force, since, sizeof since);
    if (!p)
        snprintf(why, cap, "the game is dated %s, %s: %s were in force until %s came into force on %s; arbiter does "
                           "not have the older Laws, and checks it by %s (--rules= chooses another)",
                 date, unknown, older_laws(first), q->name, since, q->name);
    else
        snprintf(why, cap, "the game is dated %s, %s: %s was in force until %s came into force on %s; arbiter chose "
                           "%s, the edition in force on the first day the date can mean (--rules= chooses another)",
                 date, unknown, p->name, q->name, since, p->name);
    return p ? p : q;
}

const struct arb_profile *arb_profile_for_date(const char *date)
{
    return arb_profile_for_date_why(date, NULL, 0);
}

enum arb_mode arb_mode_of(const struct arb_profile *p, const struct arb_timecontrol *tc, bool *known)
{
    *known = false;
    if (!tc->n || tc->untimed || tc->p[0].seconds < 0)
        return ARB_MODE_STANDARD;
    *known = true;
    long t = tc->p[0].seconds + 60L * (tc->p[0].increment + tc->p[0].delay);
    if (t <= p->blitz_max_s)
        return ARB_MODE_BLITZ;
    return t < 3600 ? ARB_MODE_RAPID : ARB_MODE_STANDARD;
}

const char *arb_mode_name(enum arb_mode m)
{
    switch (m) {
    case ARB_MODE_RAPID: return "rapid";
    case ARB_MODE_BLITZ: return "blitz";
    default: return "standard";
    }
}
