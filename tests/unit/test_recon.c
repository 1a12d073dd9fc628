/* test_recon.c — reconstructing games from flawed scoresheets: the token
 * costs of the slips players make, and the search on sheets with slips,
 * rows left out, unreadable moves, two sheets and a final position. */
#include "tap.h"
#include "recon/recon.h"
#include "notation/slips.h"
#include "chess/san.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

/* The legal move written san (English) in pos. */
static arb_move move_of(const struct arb_pos *pos, const char *san)
{
    struct arb_movedesc d;
    struct arb_parse_info info;
    struct arb_resolve r;
    if (arb_notation_parse(arb_lang_find("en"), san, strlen(san), &d, &info) != ARB_NP_MOVE)
        return 0;
    return arb_san_resolve(pos, &d, &r) == ARB_RS_OK ? r.move : 0;
}

/* Play the English moves of `line` (space-separated) from the start. */
static int play(const char *line, struct arb_pos *pos, arb_move *moves)
{
    arb_pos_startpos(pos);
    char buf[2048];
    snprintf(buf, sizeof buf, "%s", line);
    int n = 0;
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        arb_move m = move_of(pos, t);
        if (!m)
            return -1;
        moves[n++] = m;
        struct arb_undo u;
        arb_pos_make(pos, m, &u);
    }
    return n;
}

static double cost_of(const char *lang, const char *tok, const char *before, const char *san, char *why)
{
    struct arb_pos pos;
    arb_move moves[64];
    if (play(before, &pos, moves) < 0)
        return -1;
    arb_move m = move_of(&pos, san);
    return m ? arb_slip_token_cost(arb_lang_find(lang), tok, &pos, m, why, 96) : -1;
}

/* Split a sheet into tokens (and the row numbers "12." give). */
struct sheet_buf {
    char text[2048];
    const char *tok[256];
    int num[256];
    signed char black[256];
    int n;
};

static void sheet_of(struct sheet_buf *b, const char *text, struct arb_sheet *sh, const char *lang)
{
    snprintf(b->text, sizeof b->text, "%s", text);
    b->n = 0;
    int num = 0, side = -1;
    for (char *t = strtok(b->text, " "); t; t = strtok(NULL, " ")) {
        size_t l = strlen(t);
        if (l > 1 && t[l - 1] == '.' && t[0] >= '0' && t[0] <= '9') {
            num = atoi(t);
            side = strstr(t, "...") ? 1 : 0;
            continue;
        }
        if (!strcmp(t, "...")) {
            side = 1;   /* "3. ... a6": White's cell blank */
            continue;
        }
        b->tok[b->n] = t;
        b->num[b->n] = side >= 0 ? num : 0;
        b->black[b->n] = (signed char)side;
        b->n++;
        side = side == 0 ? 1 : -1;
    }
    sh->lang = arb_lang_find(lang);
    sh->tok = b->tok;
    sh->n = b->n;
    sh->num = b->num;
    sh->black = b->black;
    sh->result = ARB_RESULT_NONE;
}

/* Does some game of the best cost (the best, or a tie) end with the move
 * `uci`? */
static bool a_best_ends_with(const struct arb_recon_result *r, const char *uci)
{
    struct arb_pos pos;
    arb_pos_startpos(&pos);
    for (int a = -1; r->found && a < r->n_alt; a++) {
        const struct arb_recon_game *g = a < 0 ? &r->best : &r->alt[a];
        if (g->cost > r->best.cost + 1e-6 || !g->n_moves)
            continue;
        struct arb_pos p = pos;
        for (int i = 0; i + 1 < g->n_moves; i++) {
            struct arb_undo u;
            arb_pos_make(&p, g->moves[i], &u);
        }
        char got[6];
        arb_notation_uci(&p, g->moves[g->n_moves - 1], got);
        if (!strcmp(got, uci))
            return true;
    }
    return false;
}

static bool moves_are(const struct arb_recon_game *g, const char *line)
{
    struct arb_pos pos;
    arb_move m[256];
    int n = play(line, &pos, m);
    return n == g->n_moves && memcmp(m, g->moves, (size_t)n * sizeof *m) == 0;
}

/* How many of the best game's corrections are of kind k (0: no game). */
static int count_kind(const struct arb_recon_result *r, enum arb_recon_kind k)
{
    int n = 0;
    for (int i = 0; r->found && i < r->best.n_corr; i++)
        n += r->best.corr[i].kind == k;
    return n;
}

static const char *GAME = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7";

int main(void)
{
    char why[96];
    /* Token costs: as written is free; each slip costs by its kind. */
    ok(cost_of("en", "Nf3", "e4 e5", "Nf3", why) == 0, "Nf3 for Nf3 costs nothing");
    ok(cost_of("en", "Ngf3", "e4 e5", "Nf3", why) < 0.1, "over-specified Ngf3 costs next to nothing");
    ok(cost_of("en", "Ng1-f3", "e4 e5", "Nf3", why) < 0.1, "the long form Ng1-f3 costs next to nothing");
    ok(cost_of("en", "e2e4", "", "e4", why) < 0.1, "the long form e2e4 costs next to nothing");
    double c = cost_of("en", "Nf5", "e4 e5", "Nf3", why);
    ok(c == 0.5 && strcmp(why, "'5' for '3'") == 0, "Nf5 for Nf3: 3 and 5 confused, 0.5 (%.2f, %s)", c, why);
    c = cost_of("en", "Nc3", "e4 e5", "Nf3", why);
    ok(c >= 1.0 && c < 2.0, "Nc3 for Nf3: a file no one confuses with f costs a whole slip (%.2f, %s)", c, why);
    ok(cost_of("fi", "Rf3", "e4 e5", "Nf3", why) == 0, "Finnish Rf3 (ratsu) is Nf3 as written");
    c = cost_of("fi", "Nf3", "e4 e5", "Nf3", why);
    ok(c > 0 && c < 0.5, "an English N on a Finnish sheet for the knight: another language's letter, %.2f", c);
    c = cost_of("et", "Of5", "e4 e5 Nf3 Nc6", "Bb5", why);
    ok(c >= 1.0, "Estonian Of5 for Bb5 (O is the bishop; b and f not alike): %.2f (%s)", c, why);
    c = cost_of("en", "exd5", "e4 d5", "exd5", why);
    ok(c == 0, "exd5 as written");
    c = cost_of("en", "ed5", "e4 d5", "exd5", why);
    ok(c > 0 && c < 0.3, "ed5 for exd5: the capture mark missing, %.2f (%s)", c, why);
    c = cost_of("en", "Nxf3", "e4 e5", "Nf3", why);
    ok(c > 0.2 && c < 0.5 && strstr(why, "capture mark"), "Nxf3 for Nf3: a capture mark on no capture, %.2f", c);
    c = cost_of("en", "fN3", "e4 e5", "Nf3", why);
    ok(c > 0.5 && c <= 1.0, "fN3 for Nf3: two neighbours swapped, one slip (%.2f, %s)", c, why);
    ok(cost_of("en", "0-0", "e4 e5 Nf3 Nc6 Bc4 Bc5", "O-O", why) == 0, "0-0 for O-O as written");
    ok(cost_of("en", "?", "e4 e5", "Nf3", why) == 1.0 && strcmp(why, "unreadable") == 0, "'?' costs 1 for any move");
    ok(cost_of("en", "Kxa7+", "e4 e5", "Nf3", why) == ARB_SLIP_GARBAGE, "Kxa7+ for Nf3: nothing like it, the cap");

    /* The search: a clean sheet is the game, no correction, proved. */
    struct sheet_buf b1, b2;
    struct arb_sheet sh[2];
    struct arb_recon_result r;
    struct arb_recon_opts o = {0};
    sheet_of(&b1, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 "
                  "10. d4 Nbd7", &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    ok(r.found && moves_are(&r.best, GAME) && r.best.n_corr == 0 && r.best.cost == 0 && r.proved && !r.limit,
       "a clean sheet is its own game: no correction, cost 0, proved");
    arb_recon_free(&r);

    /* Slips: each corrected, with what was written and why. */
    sheet_of(&b1, "1. e4 e5 2. Nf5 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. 0-0 Be7 6. Rel b5 7. Bb3 d6 8. c3 0-0 9. h3 Nb8 "
                  "10. d4 Nbd1", &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    ok(r.found && moves_are(&r.best, GAME), "three slips (Nf5, Rel, Nbd1) corrected to the game");
    int seen = 0;
    for (int i = 0; r.found && i < r.best.n_corr; i++) {
        const struct arb_recon_corr *k = &r.best.corr[i];
        seen += k->ply == 3 && k->kind == ARB_RC_READ && !strcmp(sh[0].tok[k->tok], "Nf5");
        seen += k->ply == 11 && !strcmp(sh[0].tok[k->tok], "Rel");
        seen += k->ply == 20 && !strcmp(sh[0].tok[k->tok], "Nbd1") && !strcmp(k->reason, "'1' for '7'");
    }
    ok(seen == 3 && r.best.n_corr == 3, "each slip is one correction at its ply with its reason (%d of 3)", seen);
    arb_recon_free(&r);

    /* Nd7 when both knights can go there: the sheet does not say which. */
    sheet_of(&b1, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 "
                  "10. d4 Nd7", &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    ok(r.found && r.ties && r.n_ties == 1 && !r.ties_more && r.best.n_corr == 1
           && strstr(r.best.corr[0].reason, "C.10"),
       "Nd7 with two knights able: exactly one other game ties (Nbd7 and Nfd7), never a certainty");
    arb_recon_free(&r);

    /* The sheet: 3. Bb5 not written ("3. ... a6"), the final
     * position known.  One correction: the blank cell is Bb5. */
    struct arb_pos final, far;
    arb_move m[64];
    char e[100];
    play("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O", &final, m);
    arb_pos_from_fen(&final, "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N2/PP1P1PPP/RNBQR1K1 w - - 1 9", false, e,
                     sizeof e);
    o.final = &final;
    o.final_counters = true;
    const char *bb5 = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O";
    sheet_of(&b1, "1. e4 e5 2. Nf3 Nc6 3. ... a6 4. Ba4 Nf6 5. 0-0 Be7 6. Re1 b5 7. Bb3 d6 8. c3 0-0", &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    ok(r.found && moves_are(&r.best, bb5) && r.best.n_corr == 1 && r.best.corr[0].kind == ARB_RC_BLANK
           && r.best.corr[0].ply == 5 && r.proved,
       "a blank White cell (3. ... a6): 3. Bb5, one correction, proved");
    arb_recon_free(&r);
    /* The same with 3. Bb5 simply left out: every later cell one off. */
    sheet_of(&b1, "1. e4 e5 2. Nf3 Nc6 3. a6 Ba4 4. Nf6 0-0 5. Be7 Re1 6. b5 Bb3 7. d6 c3 8. 0-0", &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    int omits = count_kind(&r, ARB_RC_NOT_RECORDED);
    ok(r.found && moves_are(&r.best, bb5) && omits == 1 && r.best.n_corr == 1,
       "3. Bb5 left out, the later moves one cell off: found, the shift paid once (%d corrections)",
       r.found ? r.best.n_corr : -1);
    arb_recon_free(&r);
    /* 5. O-O and 6. Re1 written in each other's places. */
    sheet_of(&b1, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. Re1 Be7 6. 0-0 b5 7. Bb3 d6 8. c3 0-0", &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    int swapped = count_kind(&r, ARB_RC_SWAPPED);
    ok(r.found && moves_are(&r.best, bb5) && swapped == 2,
       "5. O-O and 6. Re1 in each other's cells: read as swapped (%d cells)", swapped);
    arb_recon_free(&r);
    /* 3. Bb5 and 5. O-O in each other's cells, two rows apart (White
     * cannot castle on move 3, nor play Ba4 at once). */
    sheet_of(&b1, "1. e4 e5 2. Nf3 Nc6 3. 0-0 a6 4. Ba4 Nf6 5. Bb5 Be7 6. Re1 b5 7. Bb3 d6 8. c3 0-0", &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    swapped = count_kind(&r, ARB_RC_SWAPPED);
    int two_rows = 0;
    for (int i = 0; r.found && i < r.best.n_corr; i++)
        two_rows += r.best.corr[i].kind == ARB_RC_SWAPPED && strstr(r.best.corr[i].reason, "two rows") != NULL;
    ok(r.found && moves_are(&r.best, bb5) && swapped == 2 && two_rows == 2 && r.best.n_corr == 2 && r.proved,
       "3. Bb5 and 5. O-O in each other's cells two rows apart: one swap, two cells (%d swapped, %d corrections)",
       swapped, r.found ? r.best.n_corr : -1);
    arb_recon_free(&r);
    /* Recording stopped after 6... b5: the last four half-moves from the
     * final position alone (with its move counter and clock). */
    sheet_of(&b1, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. 0-0 Be7 6. Re1 b5", &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    int after = count_kind(&r, ARB_RC_AFTER_END);
    bool listed = r.found && moves_are(&r.best, bb5);
    for (int a = 0; r.found && a < r.n_alt && !listed; a++)
        listed = r.ties && moves_are(&r.alt[a], bb5) && r.alt[a].cost <= r.best.cost + 1e-6;
    ok(r.found && after == 4 && r.best.n_moves == 16 && listed,
       "recording stopped four half-moves before the end: the rest from the final position (the game printed or "
       "listed among the equal ones)");
    arb_recon_free(&r);
    o.final = NULL;
    o.final_counters = false;

    /* A row left out: the numbers show it; without the final position the
     * missing moves are anyone's guess (ties); with it, the game. */
    sheet_of(&b1, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 10. d4 Nbd7",
             &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    ok(r.found && r.best.n_moves == 20 && r.ties, "a row left out: 20 moves, and the sheet does not say which (ties)");
    arb_recon_free(&r);

    play(GAME, &final, m);
    o.final = &final;
    arb_reconstruct(sh, 1, &o, &r);
    ok(r.found && moves_are(&r.best, GAME), "with the final position, the row left out is found: h3 Nb8");
    int nr = count_kind(&r, ARB_RC_BLANK);
    ok(nr == 2, "both moves of the row are marked as not recorded (%d)", nr);
    arb_recon_free(&r);
    o.final = NULL;

    /* Four unreadable knight moves out and back: 5 ways each, 625 games
     * tie.  Every one built is listed (not the first 64), each at the
     * best's cost and each another game. */
    sheet_of(&b1, "1. e4 e5 2. Nf3 Nc6 3. ? a6 4. Nf3 Nf6 5. ? Bc5 6. Nf3 d6 7. ? O-O 8. Nf3 h6 9. ? Bd7 "
                  "10. Nf3 Be6", &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    int equal = 0, same = 0;
    for (int a = 0; r.found && a < r.n_alt; a++) {
        equal += r.alt[a].cost <= r.best.cost + 1e-6 && r.alt[a].cost >= r.best.cost - 1e-6;
        same += r.alt[a].n_moves == r.best.n_moves
                && !memcmp(r.alt[a].moves, r.best.moves, (size_t)r.best.n_moves * sizeof *r.best.moves);
        for (int b = 0; b < a; b++)
            same += r.alt[a].n_moves == r.alt[b].n_moves
                    && !memcmp(r.alt[a].moves, r.alt[b].moves, (size_t)r.alt[a].n_moves * sizeof *r.alt[a].moves);
    }
    ok(r.found && r.ties && r.n_ties > 64 && r.n_ties <= 624 && equal == r.n_alt && r.n_alt == r.n_ties && same == 0,
       "625 games tie: %d others listed (more than 64, at most 624), all at the best's cost, no two the same",
       r.n_alt);
    arb_recon_free(&r);

    /* Six unreadable moves: millions of games tie, far more than the
     * search builds.  The output never says "exactly N": the games listed
     * are some, and it says there are more (it said exactly 337 when the
     * search paused with a game found and was not taken on). */
    sheet_of(&b1, "1. ? ? 2. ? ? 3. ? ?", &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    ok(r.found && r.ties && r.n_ties > 0 && r.ties_more,
       "six unreadable moves: %d other games listed, and more said to tie", r.n_ties);
    arb_recon_free(&r);

    /* The result written is evidence of how the game ended: "1. f3 e5 2.
     * g4 ?" fits 2... Qh4# as well as any other move, but not under 1-0
     * (Black mated White); a final position of checkmate under a result
     * that says otherwise is kept, with the result marked wrong. */
    sheet_of(&b1, "1. f3 e5 2. g4 ?", &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    ok(r.found && r.ties && a_best_ends_with(&r, "d8h4") && r.best.result != ARB_RESULT_WHITE,
       "no result written: 2... Qh4# is among the games of the best cost");
    arb_recon_free(&r);
    sh[0].result = ARB_RESULT_WHITE;
    arb_reconstruct(sh, 1, &o, &r);
    ok(r.found && !a_best_ends_with(&r, "d8h4") && count_kind(&r, ARB_RC_RESULT) == 0,
       "1-0 written: no game of the best cost ends in Black's mate");
    arb_recon_free(&r);
    struct arb_pos mated;
    arb_move mm[8];
    play("f3 e5 g4 Qh4", &mated, mm);
    o.final = &mated;
    arb_reconstruct(sh, 1, &o, &r);
    ok(r.found && moves_are(&r.best, "f3 e5 g4 Qh4") && count_kind(&r, ARB_RC_RESULT) == 1
           && r.best.result == ARB_RESULT_BLACK,
       "the final position is Black's mate under 1-0: the game, the result marked wrong, 0-1 (cost %.2f)",
       r.best.cost);
    double wrong = r.found ? r.best.cost : 0;
    arb_recon_free(&r);
    sh[0].result = ARB_RESULT_BLACK;
    arb_reconstruct(sh, 1, &o, &r);
    ok(r.found && count_kind(&r, ARB_RC_RESULT) == 0 && r.best.result == ARB_RESULT_BLACK && r.best.cost < wrong - 2.0,
       "... under 0-1 nothing is wrong with the result (cost %.2f, %.2f under 1-0)", r.best.cost, wrong);
    arb_recon_free(&r);
    o.final = NULL;
    sh[0].result = ARB_RESULT_NONE;

    /* Two sheets with independent slips and an unreadable move. */
    sheet_of(&b1, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 ? 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 0-0 9. h3 Nb8 "
                  "10. d4 Nbd7", &sh[0], "en");
    sheet_of(&b2, "1. e4 e5 2. Rf3 Rc6 3. Lb5 a6 4. La4 Rf6 5. 0-0 Le7 6. Te1 b5 7. Lb3 d6 8. c3 0-0 9. h3 Rb8 "
                  "10. d4 Rbd7", &sh[1], "fi");
    arb_reconstruct(sh, 2, &o, &r);
    ok(r.found && moves_are(&r.best, GAME) && r.best.n_corr == 1 && r.best.corr[0].kind == ARB_RC_UNREADABLE
           && r.best.corr[0].sheet == 0,
       "two sheets (English and Finnish): the unreadable move is read from the other sheet");
    arb_recon_free(&r);

    /* A token that was no move: a row written twice. */
    sheet_of(&b1, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5", &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    int extra = count_kind(&r, ARB_RC_EXTRA);
    ok(r.found && r.best.n_moves == 12 && extra == 2, "a row written twice: two tokens that were no move (%d)", extra);
    arb_recon_free(&r);

    /* A sheet that never writes a capture mark: none is missing. */
    sheet_of(&b1, "1. e4 d5 2. ed5 Qd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Nf6 6. Bc4 Bf5", &sh[0], "en");
    arb_reconstruct(sh, 1, &o, &r);
    ok(r.found && r.best.n_corr == 0 && r.best.cost < 0.1, "a writer who never marks captures: ed5 and Qd5 as written");
    arb_recon_free(&r);

    /* No legal game reaches a final position of bare kings after three
     * moves: the search ends by itself and says there is none. */
    sheet_of(&b1, "1. e4 e5 2. Nf3", &sh[0], "en");
    arb_pos_from_fen(&far, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, e, sizeof e);
    o.final = &far;
    arb_reconstruct(sh, 1, &o, &r);
    ok(!r.found && r.limit == ARB_RL_NONE, "a final position with bare kings cannot follow three moves: no game");
    arb_recon_free(&r);

    /* The budget counts steps: a tiny one stops the search, says so, and
     * the same input gives the same answer every time. */
    sheet_of(&b1, "1. e4 e5 2. Nf5 Nc6 3. Bb5 a6 4. Ba4 ? 5. 0-0 Be7 6. Rel b5 7. Bb3 d6 8. c3 ? 9. h3 Nb8 10. d4 Nd1",
             &sh[0], "en");
    o.final = NULL;
    o.budget = 500;
    struct arb_recon_result r2;
    arb_reconstruct(sh, 1, &o, &r);
    arb_reconstruct(sh, 1, &o, &r2);
    ok(r.limit == ARB_RL_BUDGET && !r.proved && r.steps >= 500,
       "a budget of 500 steps: the search says the budget stopped it (%ld steps)", r.steps);
    ok(r.found == r2.found && r.steps == r2.steps && r.states == r2.states
           && (!r.found || (r.best.n_moves == r2.best.n_moves
                            && !memcmp(r.best.moves, r2.best.moves, (size_t)r.best.n_moves * sizeof *r.best.moves))),
       "the same sheet and budget: the same steps, states and game, twice");
    arb_recon_free(&r);
    arb_recon_free(&r2);
    o.budget = 0;

    /* The language of a sheet. */
    ok(arb_recon_guess_lang(b2.tok, b2.n, NULL) == arb_lang_find("fi"), "the Finnish sheet reads as Finnish");
    return tap_done();
}
