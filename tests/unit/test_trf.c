/* test_trf.c — read/trf.c: the TRF-16 reader (columns, codes, the
 * tolerated variations, errors with their place, the pairings checked
 * from both sides) and the name matching check --trf relies on. */
#include "base/name.h"
#include "read/trf.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A player line in TRF-16 columns; blocks: "opp colour result" triples as
 * one string each ("0004 w 1"). */
static void player(char *out, size_t cap, int rank, const char *name, const char *id, const char *points,
                   const char *const *blocks, int n)
{
    int k = snprintf(out, cap, "001 %4d m    %-33s 2500 NOR %11s 1990/01/01 %4s %4d", rank, name, id, points, rank);
    for (int i = 0; i < n; i++)
        k += snprintf(out + k, cap - (size_t)k, "  %s", blocks[i]);
    snprintf(out + k, cap - (size_t)k, "\n");
}

static void test_names(void)
{
    ok(arb_name_match("Carlsen, Magnus", "Magnus Carlsen"), "Last, First = First Last");
    ok(arb_name_match("Carlsen, M", "Carlsen, Magnus"), "an initial");
    ok(arb_name_match("M. Carlsen", "Carlsen, Magnus"), "an initial before the family name");
    ok(arb_name_match("carlsen,magnus", "CARLSEN, MAGNUS"), "case and blanks");
    ok(arb_name_match("H\xC3\xBC" "bner, Robert", "Huebner, Robert"), "u umlaut = ue");
    ok(arb_name_match("H\xC3\xBC" "bner, Robert", "Hubner, R."), "u umlaut = u, and an initial");
    ok(arb_name_match("\xC5\x81" "ukasz Kowalski", "Kowalski, Lukasz"), "L with stroke = L");
    ok(arb_name_match("Stra\xC3\x9F" "er, J\xC3\xB8rgen", "Strasser, Jorgen"), "sharp s = ss, o slash = o");
    ok(arb_name_match("Vachier-Lagrave, Maxime", "Maxime Vachier Lagrave"), "a hyphen as a blank");
    ok(arb_name_match("Jorden van Foreest", "Van Foreest, Jorden"), "a family name of two words");
    ok(arb_name_match("Cafe\xCC\x81, Ren\xC3\xA9", "Cafe, Rene"), "a combining accent is dropped");
    ok(arb_name_match("O'Neil, Sean", "ONeil, Sean"), "an apostrophe joins");
    ok(!arb_name_match("Carlsen, Magnus", "Carlsen, Henrik"), "another given name");
    ok(!arb_name_match("Carlsen, Magnus", "Caruana, Fabiano"), "another player");
    ok(!arb_name_match("C, Magnus", "Carlsen, Magnus"), "an initial is no family name");
    ok(!arb_name_match("M", "Magnus Carlsen"), "initials alone name no one");
    ok(!arb_name_match("", "Carlsen"), "an empty name names no one");
    char buf[64];
    arb_name_fold("  \xC3\x81lvarez-P\xC3\xA9rez,  Jos\xC3\xA9 ", buf, sizeof buf);
    is_str(buf, "alvarez perez jose", "folded");
    const char *const players[] = {"Carlsen, Magnus", "Caruana, Fabiano", "Nakamura, Hikaru", "Hübner, Robert"};
    is_int(arb_name_nearest("Carlsn, Magnus", players, 4), 0, "did you mean: a letter left out of the family name");
    is_int(arb_name_nearest("Fabiano Caruanna", players, 4), 1, "did you mean: First Last, a letter too many");
    is_int(arb_name_nearest("Nakamora, H", players, 4), 2, "did you mean: the family name, an initial");
    is_int(arb_name_nearest("Huebnar, Robert", players, 4), 3, "did you mean: ue for u umlaut, and a slip");
    is_int(arb_name_nearest("Kasparov, Garry", players, 4), -1, "no one near: no suggestion");
    is_int(arb_name_nearest("Carlsen, Henrik", players, 4), -1, "another given name is no slip");
    arb_name_fold("\xD0\x98\xD0\xB2\xD0\xB0\xD0\xBD", buf, sizeof buf);
    is_str(buf, "\xD0\x98\xD0\xB2\xD0\xB0\xD0\xBD", "another script is kept");
}

static void test_read(void)
{
    char l1[300], l2[300], l3[300], l4[300];
    const char *b1[] = {"0002 w 1", "0003 b =", "0000 - H"};   /* 1 and 3 both Black in round 2 */
    const char *b2[] = {"0001 b 0", "0004 w +", "0003 b 1"};
    const char *b3[] = {"0004 w 1", "0001 b =", "0002 w 0"};
    const char *b4[] = {"0003 b 0", "0002 b -", "0000 - U"};
    player(l1, sizeof l1, 1, "Carlsen, Magnus", "1503014", "2.0", b1, 3);
    player(l2, sizeof l2, 2, "Caruana, Fabiano", "2020009", "2.0", b2, 3);
    player(l3, sizeof l3, 3, "Nakamura, Hikaru", "", "1,5", b3, 3);
    player(l4, sizeof l4, 4, "So, Wesley", "", "1.0", b4, 3);
    char text[2000];
    /* A BOM, CRLF on one line, a comment, an extension line. */
    snprintf(text, sizeof text, "\xEF\xBB\xBF" "012 Test Open\r\n### comment\n%s%s%s%sXXR 3\n132 %87s24/05/01  24/05/02  24/05/03\n",
             l1, l2, l3, l4, "");
    struct arb_trf t;
    char err[200];
    is_int(arb_trf_parse(&t, text, strlen(text), err, sizeof err), 0, "reads");
    is_str(t.name, "Test Open", "012, CR dropped");
    is_int(t.n_players, 4, "four players");
    is_int(t.n_rounds, 3, "three rounds");
    const struct arb_trf_player *p = arb_trf_player(&t, 1);
    ok(p && strcmp(p->name, "Carlsen, Magnus") == 0 && p->fide_id == 1503014 && p->points10 == 20 && p->line == 3,
       "player 1: name, id, points, line");
    is_int(arb_trf_player(&t, 3)->points10, 15, "points with a comma");
    const struct arb_trf_round *r = arb_trf_round_of(p, 2);
    ok(r && r->opp == 3 && r->colour == 'b' && r->result == '=' && r->col == 102, "round 2 block and its column");
    is_int(arb_trf_round_of(p, 3)->result, 'H', "a half-point bye");
    is_int(t.n_errors, 1, "one error: the colours of round 2");
    if (t.n_errors)
        ok(t.errors[0].line == 5 && t.errors[0].col == 107 && strstr(t.errors[0].message, "colour"),
           "both White in round 2: at the later line's colour (%u:%u %s)", t.errors[0].line, t.errors[0].col,
           t.errors[0].message);
    ok(t.n_round_dates == 3 && t.round_dates[2] && strcmp(t.round_dates[2], "24/05/03") == 0, "132 dates");
    is_int(arb_trf_points10(&t, 'U'), 10, "a pairing-allocated bye scores a win");
    is_int(arb_trf_points10(&t, 'H'), 5, "a half-point bye");
    arb_trf_free(&t);

    /* Errors: unknown code, a bad rank, an opponent who is no player, a
     * result that does not add up, a block out of its columns. */
    const char *c1[] = {"0002 w X", "0009 b 1"};
    const char *c2[] = {"0001 b 0", "0003 w 1"};
    const char *c3[] = {"0000 - Z", "0002 b 1"};
    player(l1, sizeof l1, 1, "A, B", "", "1.0", c1, 2);
    player(l2, sizeof l2, 2, "C, D", "", "1.0", c2, 2);
    player(l3, sizeof l3, 3, "E, F", "", "1.0", c3, 2);
    snprintf(text, sizeof text, "%s%s%s001   x7 bad\n001    5%81s 0001 w 1\n", l1, l2, l3, "");
    is_int(arb_trf_parse(&t, text, strlen(text), err, sizeof err), 0, "reads a broken file");
    is_int(t.n_players, 4, "the players that could be read");
    for (int i = 0; i < t.n_errors; i++)
        printf("#   %u:%u %s\n", t.errors[i].line, t.errors[i].col, t.errors[i].message);
    is_int(t.n_errors, 5, "five errors");
    if (t.n_errors == 5) {
        ok(t.errors[0].line == 1 && t.errors[0].col == 99 && strstr(t.errors[0].message, "unknown result code 'X'"),
           "unknown result code at 1:99");
        ok(t.errors[1].line == 1 && t.errors[1].col == 102 && strstr(t.errors[1].message, "opponent 9"),
           "opponent 9 at 1:102");
        ok(t.errors[2].line == 3 && t.errors[2].col == 109 && strstr(t.errors[2].message, "do not add up"),
           "1 against 1 at 3:109");
        ok(t.errors[3].line == 4 && t.errors[3].col == 7, "a bad start rank at 4:7 (where the field's text starts)");
        ok(t.errors[4].line == 5 && t.errors[4].col == 91, "a block out of its columns at 5:91");
    }
    arb_trf_free(&t);

    is_int(arb_trf_parse(&t, "", 0, err, sizeof err), -1, "an empty file is no TRF");
    ok(strstr(err, "no player") != NULL, "and says why: %s", err);
    is_int(arb_trf_parse(&t, "\x7f" "ELF\x01\x02\0\0\xff\xfe\n", 10, err, sizeof err), -1, "binary junk is no TRF");
    /* A huge line, a truncated player line. */
    size_t big = 1 << 20;
    char *huge = malloc(big + 200);
    memset(huge, '1', big);
    memcpy(huge, "001    1 m    X", 15);
    memcpy(huge + big, "\n001    2\n", 11);
    is_int(arb_trf_parse(&t, huge, big + 10, err, sizeof err), 0, "a huge line");
    ok(t.n_errors >= 1 && t.n_players == 2, "is an error, and the short line a player (%d errors)", t.n_errors);
    arb_trf_free(&t);
    free(huge);
    /* A line shifted by a column: one error, the line read in place. */
    const char *bs[] = {"0002 w 1", "0000 - H"};
    const char *bt[] = {"0001 b 0", "0000 - U"};
    char ls[300], lt[300], lu[300];
    player(ls, sizeof ls, 1, "Carlsen, Magnus", "1503014", "1.5", bs, 2);
    player(lt, sizeof lt, 2, "Caruana, Fabiano", "2020009", "1.0", bt, 2);
    snprintf(lu, sizeof lu, "001  %s", lt + 4);  /* a blank too many after "001" */
    snprintf(text, sizeof text, "%s%s", ls, lu);
    is_int(arb_trf_parse(&t, text, strlen(text), err, sizeof err), 0, "reads a shifted line");
    is_int(t.n_errors, 1, "a line shifted one column: one error (%s)", t.n_errors ? t.errors[0].message : "");
    ok(t.n_errors == 1 && strstr(t.errors[0].message, "shifted 1 column right") && t.errors[0].line == 2,
       "... saying so, at its line");
    ok(t.n_players == 2 && t.players[1].rank == 2 && strcmp(t.players[1].name, "Caruana, Fabiano") == 0
           && t.players[1].points10 == 10 && t.players[1].n_rounds == 2 && arb_trf_round_of(&t.players[1], 1)->opp == 1
           && arb_trf_round_of(&t.players[1], 2)->result == 'U',
       "... and read as if in place");
    arb_trf_free(&t);
    /* Latin-1 */
    snprintf(text, sizeof text, "001    1 m    H\xFC" "bner, Robert%*s2500 GER\n", 20, "");
    is_int(arb_trf_parse(&t, text, strlen(text), err, sizeof err), 0, "a Latin-1 line");
    ok(t.n_players == 1 && strcmp(t.players[0].name, "H\xC3\xBC" "bner, Robert") == 0 && strcmp(t.players[0].fed, "GER") == 0,
       "read as UTF-8, columns by character (%s, %s)", t.n_players ? t.players[0].name : "", t.n_players ? t.players[0].fed : "");
    arb_trf_free(&t);
}

/* --trf finds a game's players by the words of their names (an index of
 * arb_name_word_key): every pair of names arb_name_match() takes as the
 * same person must share a key the lookup follows (a whole word of the
 * game's name against any word, an initial against whole words only).
 * Random names of a few syllables (a, o, u, e: "Huebner" and "Hubner"),
 * initials, "Last, First" and "First Last". */
static void test_name_keys(void)
{
    static const char *const syl[] = {"hu", "hue", "ba", "bae", "no", "noe", "e", "ka", "a", "o", "ue", "ae", "rl"};
    unsigned x = 12345;
    int matches = 0, missed = 0, differ = 0;
    char names[400][64];
    for (int i = 0; i < 400; i++) {
        char *o = names[i];
        int words = 1 + (int)((x = x * 1103515245u + 12345u) >> 16) % 3;
        bool comma = (x >> 20) & 1;
        o[0] = 0;
        for (int w = 0; w < words; w++) {
            x = x * 1103515245u + 12345u;
            if (w && ((x >> 16) % 4 == 0)) {
                char init[4] = {(char)('A' + (x >> 18) % 6), '.', 0};
                strcat(o, init);
            } else {
                int k = 1 + (int)(x >> 16) % 2;
                for (int j = 0; j < k; j++)
                    strcat(o, syl[(x >> (8 + 4 * j)) % 13]);
            }
            strcat(o, w == 0 && comma && words > 1 ? ", " : " ");
        }
    }
    for (int i = 0; i < 400; i++) {
        struct arb_name a;
        arb_name_prepare(&a, names[i]);
        for (int j = 0; j < 400; j++) {
            struct arb_name b;
            arb_name_prepare(&b, names[j]);
            bool same = arb_name_same(&a, &b);
            differ += same != arb_name_match(names[i], names[j]);
            if (!same)
                continue;
            matches++;
            bool found = false;
            for (int u = 0; u < a.n && !found; u++)
                for (int v = 0; v < b.n && !found; v++)
                    found = arb_name_word_key(&a, u) == arb_name_word_key(&b, v)
                            && !(arb_name_initial(&a, u) && arb_name_initial(&b, v));
            if (!found && missed++ < 5)
                printf("# no key leads from '%s' to '%s'\n", names[i], names[j]);
        }
    }
    is_int(differ, 0, "arb_name_same on prepared names says what arb_name_match says (160,000 pairs)");
    ok(matches > 400 && missed == 0, "%d pairs of random names that match: each found through a shared word key (%d not)",
       matches, missed);
}

int main(void)
{
    test_names();
    test_name_keys();
    test_read();
    return tap_done();
}
