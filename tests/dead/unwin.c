/* unwin.c — the dead-position analysis against labelled positions.
 *
 *   unwin [--budget=N] [--explore=N] [--max=N] [--tap] [--flagged]
 *         [--timeouts] [--walks=N] FILE...
 *
 * FILE lines: "WB FEN", "W- FEN", "-B FEN" or "-- FEN" (chasolver and
 * D3-Chess test vectors: which sides can still checkmate); with --flagged,
 * also "FEN game-id" lines of timeouts the opponent could not have won
 * (D3-Chess's list of lichess games scored wrongly): only the side not to
 * move is tested, and it cannot mate; with --timeouts, the same lines
 * without the claim (lichess timeouts: the side not to move is asked, its
 * answers counted, none an error).  For each
 * position and side, arb_can_mate() answers yes (a helpmate found), no
 * (proved impossible) or unknown (budget spent), with
 * --budget positions for the helpmate search and --explore (default half
 * of it) for the exhaustive exploration.  The slowest side is named.  A yes or no that
 * contradicts the label is an error of the analysis; unknown is no error.
 * With --walks=N, each position the locked-pawn proof holds for is also
 * played on N times at random for 200 plies: the fixed pawns must stay and
 * the side must never mate.  Prints agreement, answers by kind and positions per second; with --tap,
 * one TAP line per file (ok when nothing contradicts the labels).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/util.h"
#include "chess/board.h"
#include "chess/dead.h"
#include "chess/locked.h"
#include "chess/movegen.h"

/* Random games from a position the locked-pawn proof says `side` cannot
 * win: `side` must never mate, and while the game goes on every fixed pawn
 * and frozen piece must stay on its square, whatever is played (a move that
 * ends the game in stalemate may take one: a caged king's).  Returns the
 * number of walks that broke it. */
static long walk(const struct arb_pos *start, int side, int walks, int plies, uint64_t *rng)
{
    arb_bb frozen;
    arb_bb fixed = arb_locked_pawns(start, &frozen);
    arb_bb fixed_w = fixed & start->by_color[ARB_WHITE];
    long broken = 0;
    for (int w = 0; w < walks; w++) {
        struct arb_pos pos = *start;
        for (int ply = 0; ply < plies; ply++) {
            struct arb_movelist list;
            arb_gen_legal(&pos, &list);
            if (list.n == 0)
                break;          /* (the start: over already) */
            *rng ^= *rng << 13;
            *rng ^= *rng >> 7;
            *rng ^= *rng << 17;
            struct arb_undo u;
            arb_pos_make(&pos, list.moves[*rng % (uint64_t)list.n], &u);
            if (!arb_has_legal_move(&pos)) {
                if (pos.checkers && pos.side != side)
                    broken++;   /* the side that cannot mate has mated */
                break;
            }
            arb_bb pw = pos.by_type[ARB_PAWN] & pos.by_color[ARB_WHITE];
            arb_bb pb = pos.by_type[ARB_PAWN] & pos.by_color[ARB_BLACK];
            if ((fixed_w & ~pw) || ((fixed & ~fixed_w) & ~pb)) {
                broken++;   /* a fixed pawn moved or was taken */
                break;
            }
            bool moved = false;
            for (arb_bb f = frozen; f && !moved;) {
                int sq = arb_pop_lsb(&f);
                int color = (start->by_color[ARB_WHITE] >> sq) & 1 ? ARB_WHITE : ARB_BLACK;
                moved = arb_pos_type_at(&pos, sq) != arb_pos_type_at(start, sq)
                        || !((pos.by_color[color] >> sq) & 1);
            }
            if (moved) {
                broken++;   /* a frozen piece moved or was taken */
                break;
            }
        }
    }
    return broken;
}

static double now(void)
{
    return arb_now_ms() / 1e3;
}

int main(int argc, char **argv)
{
    long budget = 20000, explore_budget = 0, max = 0, walks = 0;
    uint64_t rng = 0x2545F4914F6CDD1DULL;
    bool tap = false, flagged = false, timeouts = false;
    int files = 0, failed_files = 0, tests = 0;
    arb_board_init();
    for (int a = 1; a < argc; a++) {
        if (strncmp(argv[a], "--budget=", 9) == 0) {
            budget = atol(argv[a] + 9);
            continue;
        }
        if (strncmp(argv[a], "--explore=", 10) == 0) {
            explore_budget = atol(argv[a] + 10);
            continue;
        }
        if (strncmp(argv[a], "--max=", 6) == 0) {
            max = atol(argv[a] + 6);
            continue;
        }
        if (strncmp(argv[a], "--walks=", 8) == 0) {
            walks = atol(argv[a] + 8);
            continue;
        }
        if (strcmp(argv[a], "--flagged") == 0) {
            flagged = true;
            continue;
        }
        if (strcmp(argv[a], "--timeouts") == 0) {
            flagged = timeouts = true;
            continue;
        }
        if (strcmp(argv[a], "--tap") == 0) {
            tap = true;
            continue;
        }
        FILE *f = fopen(argv[a], "r");
        if (!f) {
            perror(argv[a]);
            return 2;
        }
        files++;
        char line[512];
        long walked = 0, walk_broken = 0;
        double worst = 0;
        char worst_fen[600] = "";
        long positions = 0, yes_ok = 0, no_ok = 0, unknown = 0, unknown_can = 0, wrong = 0, bad_fen = 0, sides = 0;
        double t0 = now();
        while (fgets(line, sizeof line, f) && (!max || positions < max)) {
            if (line[0] == '#' || strlen(line) < 4)
                continue;
            /* A label "WB", "W-", "-B" or "--" and the FEN; or, in a file of
             * timeouts scored wrongly (--flagged), the FEN and a game id:
             * the side not to move (the flagger's opponent) cannot mate. */
            char label[2] = {'?', '?'}, *fen = line;
            if (line[2] == ' ' && strchr("W-", line[0]) && strchr("B-", line[1])) {
                label[0] = line[0];
                label[1] = line[1];
                fen = line + 3;
            }
            else if (!flagged)
                continue;
            fen[strcspn(fen, "\n")] = 0;
            if (label[0] == '?') {
                /* Drop the game id after the six FEN fields. */
                char *p = fen;
                for (int fields = 0; *p && fields < 6; fields++) {
                    p += strcspn(p, " ");
                    if (fields < 5)
                        p += *p == ' ';
                }
                *p = 0;
            }
            struct arb_pos pos;
            char err[200];
            if (arb_pos_from_fen_composed(&pos, fen, err, sizeof err) < 0) {
                bad_fen++;
                continue;
            }
            positions++;
            if (label[0] == '?')
                label[pos.side ^ 1] = timeouts ? 'u' : '-';
            for (int side = 0; side < 2; side++) {
                if (label[side] == '?')
                    continue;
                bool can = label[side] != '-' && label[side] != 'u';
                double t_side = now();
                enum arb_dead r = arb_can_mate(&pos, side, budget, explore_budget ? explore_budget : budget / 2, NULL);
                t_side = now() - t_side;
                if (t_side > worst) {
                    worst = t_side;
                    snprintf(worst_fen, sizeof worst_fen, "%s (%s)", fen, side ? "black" : "white");
                }
                sides++;
                if (walks && arb_locked_unwinnable(&pos, side, NULL)) {
                    long b = walk(&pos, side, (int)walks, 200, &rng);
                    walked++;
                    if (b && walk_broken < 5)
                        printf("# random play breaks the locked-pawn proof: %s (%s cannot mate)\n", fen,
                               side ? "Black" : "White");
                    walk_broken += b;
                }
                if (r == ARB_DEAD_UNKNOWN) {
                    unknown++;
                    unknown_can += can;
                    if (getenv("UNWIN_SHOW") && (getenv("UNWIN_SHOW")[0] == 'a' || (getenv("UNWIN_SHOW")[0] == 'c') == can))
                        printf("? %c%c %s %s\n", label[0], label[1], fen, side ? "black" : "white");
                }
                else if (label[side] == 'u')
                    r == ARB_DEAD_YES ? yes_ok++ : no_ok++;   /* no label: counted, never wrong */
                else if ((r == ARB_DEAD_YES) == can && r == ARB_DEAD_YES)
                    yes_ok++;
                else if ((r == ARB_DEAD_YES) == can)
                    no_ok++;
                else {
                    wrong++;
                    if (wrong <= 5)
                        printf("# contradicts the label: %c%c %s: %s says %s\n", label[0], label[1], fen,
                               side ? "Black" : "White", r == ARB_DEAD_YES ? "can mate" : "cannot mate");
                }
            }
        }
        double secs = now() - t0;
        fclose(f);
        printf("# %s: %ld positions (%ld FENs refused), budget %ld nodes: %ld sides decided as labelled "
               "(%ld can mate, %ld cannot), %ld undetermined (%ld of them labelled can mate), %ld contradicting; "
               "%.0f positions/s\n",
               argv[a], positions, bad_fen, budget, yes_ok + no_ok, yes_ok, no_ok, unknown, unknown_can, wrong,
               secs > 0 ? positions / secs : 0.0);
        printf("# %s: the slowest side took %.1f ms: %s\n", argv[a], worst * 1e3, worst_fen);
        if (tap) {
            tests++;
            printf("%sok %d - %s: no answer contradicts the labels (%ld of %ld sides decided)\n", wrong ? "not " : "",
                   tests, argv[a], yes_ok + no_ok, sides);
        }
        failed_files += wrong > 0;
        if (walks) {
            printf("# %s: %ld locked-pawn proofs, %ld random games of 200 plies each, %ld broke one\n", argv[a], walked,
                   walked * walks, walk_broken);
            if (tap) {
                tests++;
                printf("%sok %d - %s: random play keeps every fixed pawn and never mates against a locked-pawn proof\n",
                       walk_broken ? "not " : "", tests, argv[a]);
            }
            failed_files += walk_broken > 0;
        }
    }
    if (tap) {
        printf("1..%d\n# %d passed, %d failed\n", tests, tests - failed_files, failed_files);
    }
    return failed_files ? 1 : 0;
}
