/* unwin.c — the dead-position analysis against labelled positions.
 *
 *   unwin [--budget=N] [--max=N] [--tap] FILE...
 *
 * FILE lines: "WB FEN", "W- FEN", "-B FEN" or "-- FEN" (chasolver and
 * D3-Chess test vectors: which sides can still checkmate).  For each
 * position and side, arb_can_mate() answers yes (a helpmate found), no
 * (proved impossible) or unknown (budget spent).  A yes or no that
 * contradicts the label is an error of the analysis; unknown is no error.
 * Prints agreement, answers by kind and positions per second; with --tap,
 * one TAP line per file (ok when nothing contradicts the labels).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "dead.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    long budget = 20000, max = 0;
    bool tap = false;
    int files = 0, failed_files = 0, tests = 0;
    arb_board_init();
    for (int a = 1; a < argc; a++) {
        if (strncmp(argv[a], "--budget=", 9) == 0) {
            budget = atol(argv[a] + 9);
            continue;
        }
        if (strncmp(argv[a], "--max=", 6) == 0) {
            max = atol(argv[a] + 6);
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
        long positions = 0, yes_ok = 0, no_ok = 0, unknown = 0, unknown_can = 0, wrong = 0, bad_fen = 0, sides = 0;
        double t0 = now();
        while (fgets(line, sizeof line, f) && (!max || positions < max)) {
            if (line[0] == '#' || strlen(line) < 4 || line[2] != ' ')
                continue;
            char *fen = line + 3;
            fen[strcspn(fen, "\n")] = 0;
            struct arb_pos pos;
            char err[200];
            if (arb_pos_from_fen(&pos, fen, false, err, sizeof err) < 0) {
                bad_fen++;
                continue;
            }
            positions++;
            for (int side = 0; side < 2; side++) {
                bool can = line[side] != '-';
                enum arb_dead r = arb_can_mate(&pos, side, budget, NULL);
                sides++;
                if (r == ARB_DEAD_UNKNOWN) {
                    unknown++;
                    unknown_can += can;
                }
                else if ((r == ARB_DEAD_YES) == can && r == ARB_DEAD_YES)
                    yes_ok++;
                else if ((r == ARB_DEAD_YES) == can)
                    no_ok++;
                else {
                    wrong++;
                    if (wrong <= 5)
                        printf("# contradicts the label: %c%c %s: %s says %s\n", line[0], line[1], fen,
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
        if (tap) {
            tests++;
            printf("%sok %d - %s: no answer contradicts the labels (%ld of %ld sides decided)\n", wrong ? "not " : "",
                   tests, argv[a], yes_ok + no_ok, sides);
        }
        failed_files += wrong > 0;
    }
    if (tap) {
        printf("1..%d\n# %d passed, %d failed\n", tests, tests - failed_files, failed_files);
    }
    return failed_files ? 1 : 0;
}
