/* test_live.c — what arbiter watch remembers having said (cli/live.c): a
 * finding's identity, a game's identity, new findings said once, withdrawn
 * ones only from a complete record; and the kings' result signal
 * (arb_kings_signal, laws/failure.c). */
#include "run/live.h"
#include "laws/replay.h"
#include "tap.h"

#include <stdint.h>
#include <string.h>

struct log {
    int said, withdrawn, gone;
    char last[64];
};

static void emit(void *ctx, const struct arb_live_game *lg, const struct arb_live_finding *f, bool withdrawn)
{
    struct log *l = ctx;
    if (withdrawn)
        l->withdrawn++;
    if (withdrawn && lg->gone)
        l->gone++;
    else
        l->said++;
    snprintf(l->last, sizeof l->last, "%s", f->text);
}

static struct arb_live_finding lf(const struct arb_finding *f, const char *text)
{
    return (struct arb_live_finding){.id = arb_live_finding_id(f), .severity = f->severity, .text = (char *)text,
                                     .loc = (char *)"f.pgn:1:1", .json = (char *)"{}"};
}

static int sq(const char *s)
{
    return (s[0] - 'a') + 8 * (s[1] - '1');
}

int main(void)
{
    /* A finding's identity: code, ply, variation, move, article; not the
     * message (a flag fall's grows with the game) nor the place. */
    struct arb_finding a = {.code = ARB_F_FLAG_FALL, .ply = 3, .move = "Nf3", .article = "B.3",
                            .message = "play went on for 1 more half-move", .line = 8, .col = 20};
    struct arb_finding b = a;
    b.message = "play went on for 5 more half-moves";
    b.line = 9;
    ok(arb_live_finding_id(&a) == arb_live_finding_id(&b), "the same finding with a longer message and another line");
    b = a;
    b.ply = 5;
    ok(arb_live_finding_id(&a) != arb_live_finding_id(&b), "another ply: another finding");
    b = a;
    b.code = ARB_F_ILLEGAL_MOVE;
    ok(arb_live_finding_id(&a) != arb_live_finding_id(&b), "another code: another finding");
    b = a;
    b.move = "Nc3";
    ok(arb_live_finding_id(&a) != arb_live_finding_id(&b), "another move as written: another finding");
    b = a;
    b.move = NULL;
    ok(arb_live_finding_id(&a) != arb_live_finding_id(&b), "no move differs from a move");
    b = a;
    b.variation = 1;
    ok(arb_live_finding_id(&a) != arb_live_finding_id(&b), "in a variation: another finding");

    /* A game's identity: its number and White, Black, Round. */
    struct arb_live_file file = {0};
    struct arb_live_game *g1 = arb_live_game_get(&file, 1, "Carlsen", "Dubov", "1.2");
    ok(arb_live_game_get(&file, 1, "Carlsen", "Dubov", "1.2") == g1 && file.n == 1, "the same game found again");
    arb_live_game_get(&file, 1, "Carlsen", "Nepo", "1.2");
    ok(file.n == 2, "other tags at the same number: another game");
    arb_live_game_get(&file, 2, NULL, NULL, NULL);
    ok(arb_live_game_get(&file, 2, "", "", "") == &file.games[2] && file.n == 3, "a missing tag counts as empty");

    /* Said once; withdrawn only from a complete record. */
    struct log l = {0};
    struct arb_finding ill = {.code = ARB_F_ILLEGAL_MOVE, .severity = ARB_SEV_ERROR, .ply = 5, .move = "Bc6"};
    struct arb_finding three = {.code = ARB_F_THREEFOLD_CLAIMABLE, .ply = 8, .move = "Ng8", .article = "9.2.1"};
    struct arb_live_finding cur[2] = {lf(&a, "flag"), lf(&ill, "illegal")};
    g1 = &file.games[0];
    is_int(arb_live_update(g1, cur, 2, true, emit, &l), 2, "a first reading: both findings said");
    is_int(arb_live_update(g1, cur, 2, true, emit, &l), 0, "read again unchanged: nothing");
    struct arb_live_finding grown[3] = {lf(&b, "flag, longer"), lf(&ill, "illegal"), lf(&three, "three")};
    grown[0].id = cur[0].id;
    is_int(arb_live_update(g1, grown, 3, true, emit, &l), 1, "the game grew: only the new finding");
    is_str(l.last, "three", "... the threefold one");
    struct arb_live_finding fixed[2] = {lf(&a, "flag"), lf(&three, "three")};
    is_int(arb_live_update(g1, fixed, 2, false, emit, &l), 0, "an incomplete record withdraws nothing");
    is_int(arb_live_update(g1, fixed, 2, true, emit, &l), 1, "the corrected complete record: one withdrawn");
    is_int(l.withdrawn, 1, "... the illegal move");
    is_int(l.gone, 0, "... of a game still in the file");
    is_str(l.last, "illegal", "... said with its text");
    is_int(g1->n, 2, "two findings remembered");
    is_int(arb_live_update(g1, cur, 2, true, emit, &l), 2, "the illegal move back, the threefold gone: two events");
    struct arb_live_finding twice[2] = {lf(&three, "three"), lf(&three, "three")};
    l = (struct log){0};
    arb_live_update(&file.games[1], twice, 2, true, emit, &l);
    is_int(l.said, 1, "one finding twice in a reading is said once");
    arb_live_file_fini(&file);
    ok(file.n == 0 && file.games == NULL, "everything freed");

    /* A game that leaves the file: its findings withdrawn (the game
     * marked gone), the game forgotten; when it comes back, said again. */
    struct arb_live_finding one[1] = {lf(&ill, "illegal")};
    l = (struct log){0};
    arb_live_begin(&file);
    arb_live_update(arb_live_game_get(&file, 1, "A", "B", "1"), one, 1, true, emit, &l);
    arb_live_update(arb_live_game_get(&file, 2, "C", "D", "1"), one, 1, true, emit, &l);
    arb_live_update(arb_live_game_get(&file, 3, "E", "F", "1"), one, 1, true, emit, &l);
    is_int(arb_live_end(&file, UINT64_MAX, emit, &l), 0, "every game seen: nothing withdrawn");
    is_int(l.said, 3, "three games, a finding each");
    /* The file again without game 2 (the third is now the second). */
    arb_live_begin(&file);
    arb_live_update(arb_live_game_get(&file, 1, "A", "B", "1"), one, 1, true, emit, &l);
    arb_live_update(arb_live_game_get(&file, 2, "E", "F", "1"), one, 1, true, emit, &l);
    is_int(l.said, 4, "the game that moved up to number 2 is another game: said");
    is_int(arb_live_end(&file, UINT64_MAX, emit, &l), 2, "games 2 (C - D) and 3 (E - F as number 3) left: withdrawn");
    is_int(l.withdrawn, 2, "... two withdrawn events");
    is_int(l.gone, 2, "... of games gone from the file");
    is_int(file.n, 2, "... and forgotten");
    /* A game seen with no finding now (found, not made) stays. */
    arb_live_begin(&file);
    ok(arb_live_game_find(&file, 1, "A", "B", "1") != NULL, "game 1 found");
    ok(arb_live_game_find(&file, 2, "E", "F", "1") != NULL, "game 2 found");
    is_int(arb_live_end(&file, UINT64_MAX, emit, &l), 0, "found games are seen: nothing withdrawn");
    /* The last game read still being written: the games from its number
     * on may just not be there yet. */
    arb_live_begin(&file);
    arb_live_game_find(&file, 1, "A", "B", "1");
    is_int(arb_live_end(&file, 2, emit, &l), 0, "from the game being written on, nothing is withdrawn");
    is_int(file.n, 2, "... and nothing forgotten");
    arb_live_begin(&file);
    arb_live_game_find(&file, 2, "E", "F", "1");
    l = (struct log){0};
    is_int(arb_live_end(&file, 2, emit, &l), 1, "before it, a game not there is withdrawn");
    ok(file.n == 1 && file.games[0].index == 2, "... game 1 forgotten, game 2 kept");
    /* It comes back: a new game, its finding said again. */
    arb_live_begin(&file);
    is_int(arb_live_update(arb_live_game_get(&file, 1, "A", "B", "1"), one, 1, true, emit, &l), 1,
           "game 1 back in the file: its finding said again");
    arb_live_file_fini(&file);

    /* The kings' signal (DGT): light d5, e4: 1-0; dark d4, e5: 0-1; mixed: draw. */
    is_int(arb_kings_signal(sq("e4"), sq("d5")), ARB_RESULT_WHITE, "e4 and d5, both light: 1-0");
    is_int(arb_kings_signal(sq("d5"), sq("e4")), ARB_RESULT_WHITE, "in either order");
    is_int(arb_kings_signal(sq("d4"), sq("e5")), ARB_RESULT_BLACK, "d4 and e5, both dark: 0-1");
    is_int(arb_kings_signal(sq("e4"), sq("e5")), ARB_RESULT_DRAW, "e4 and e5: one of each, a draw");
    is_int(arb_kings_signal(sq("d4"), sq("d5")), ARB_RESULT_DRAW, "d4 and d5: a draw");
    is_int(arb_kings_signal(sq("d5"), sq("e5")), ARB_RESULT_DRAW, "d5 and e5: a draw");
    is_int(arb_kings_signal(sq("e4"), sq("e4")), ARB_RESULT_NONE, "one square: no signal");
    is_int(arb_kings_signal(sq("e4"), sq("f5")), ARB_RESULT_NONE, "f5 is no centre square");
    is_int(arb_kings_signal(sq("c3"), sq("d4")), ARB_RESULT_NONE, "c3 is no centre square");
    is_int(arb_kings_signal(-1, sq("d4")), ARB_RESULT_NONE, "no square");
    int signals = 0;
    for (int x = 0; x < 64; x++)
        for (int y = 0; y < 64; y++)
            signals += arb_kings_signal(x, y) != ARB_RESULT_NONE;
    is_int(signals, 12, "12 ordered pairs of centre squares signal, no other pair");
    return tap_done();
}
