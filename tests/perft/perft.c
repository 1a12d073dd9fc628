/* perft.c — checks the move generator against published perft counts.
 *
 *   perft [--max-nodes=N | --full] FILE.epd...   TAP, one test per position
 *   perft --divide DEPTH FEN                     count per root move
 *
 * EPD lines are "FEN ;D1 n ;D2 n ...".  By default each position is run to
 * the deepest listed depth whose count is at most --max-nodes (2,000,000:
 * what `make check` runs); --full runs every listed depth up to 10^10 nodes.
 * Files whose name contains "960" are read with Chess960 castling.
 *
 * One position is known to be unreachable (White in check from f2 although
 * Black's last move was the double step c7-c5 that the FEN's en-passant
 * square claims): the core must refuse it, and this runner checks that it
 * does, with the reason.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/util.h"
#include "chess/board.h"
#include "chess/movegen.h"

static const char *const impossible[] = {
    "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6 0 1",
};

static int tests, failures;
static uint64_t total_nodes;
static double total_secs;

static double now(void)
{
    return arb_now_ms() / 1e3;
}

static bool is_impossible(const char *fen)
{
    for (size_t i = 0; i < sizeof impossible / sizeof *impossible; i++)
        if (strcmp(fen, impossible[i]) == 0)
            return true;
    return false;
}

static void run_line(char *line, bool c960, uint64_t max_nodes)
{
    char *semi = strchr(line, ';');
    if (!semi)
        return;
    char fen[256];
    size_t n = (size_t)(semi - line);
    while (n && line[n - 1] == ' ')
        n--;
    if (n >= sizeof fen)
        n = sizeof fen - 1;
    memcpy(fen, line, n);
    fen[n] = 0;

    uint64_t want[32] = {0};
    int maxd = 0;
    for (char *p = semi; p && *p; p = strchr(p + 1, ';')) {
        int d;
        unsigned long long cnt;
        if (sscanf(p, ";D%d %llu", &d, &cnt) == 2 && d > 0 && d < 32) {
            want[d] = cnt;
            if (d > maxd)
                maxd = d;
        }
    }
    struct arb_pos pos;
    char err[256];
    tests++;
    if (arb_pos_from_fen(&pos, fen, c960, err, sizeof err) < 0) {
        if (is_impossible(fen)) {
            printf("ok %d - refused unreachable position %s (%s)\n", tests, fen, err);
        } else {
            failures++;
            printf("not ok %d - FEN refused: %s (%s)\n", tests, fen, err);
        }
        return;
    }
    if (is_impossible(fen)) {
        failures++;
        printf("not ok %d - unreachable position accepted: %s\n", tests, fen);
        return;
    }
    int depth = 1;
    for (int d = 1; d <= maxd; d++)
        if (want[d] && want[d] <= max_nodes)
            depth = d;
    double t0 = now();
    uint64_t got = arb_perft(&pos, depth);
    total_secs += now() - t0;
    total_nodes += got;
    if (got == want[depth]) {
        printf("ok %d - %s D%d %" PRIu64 "\n", tests, fen, depth, got);
    } else {
        failures++;
        printf("not ok %d - %s D%d got %" PRIu64 " want %" PRIu64 "\n", tests, fen, depth, got, want[depth]);
    }
}

static int divide(int depth, const char *fen)
{
    struct arb_pos pos;
    char err[256];
    if (arb_pos_from_fen(&pos, fen, strchr(fen, 'H') || strchr(fen, 'A'), err, sizeof err) < 0) {
        fprintf(stderr, "perft: %s\n", err);
        return 2;
    }
    struct arb_movelist list;
    arb_gen_legal(&pos, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.n; i++) {
        struct arb_undo u;
        arb_move m = list.moves[i];
        arb_pos_make(&pos, m, &u);
        uint64_t c = depth > 1 ? arb_perft(&pos, depth - 1) : 1;
        arb_pos_unmake(&pos, m, &u);
        printf("%c%c%c%c%s %" PRIu64 "\n", 'a' + arb_move_from(m) % 8, '1' + arb_move_from(m) / 8,
               'a' + arb_move_to(m) % 8, '1' + arb_move_to(m) / 8,
               arb_move_kind(m) == ARB_MK_PROMOTION ? (const char *[]){"", "n", "b", "r", "q"}[arb_move_promo(m)] : "",
               c);
        total += c;
    }
    printf("total %" PRIu64 "\n", total);
    return 0;
}

int main(int argc, char **argv)
{
    uint64_t max_nodes = 2000000;
    int i = 1;
    arb_board_init();
    if (argc >= 4 && strcmp(argv[1], "--divide") == 0)
        return divide(atoi(argv[2]), argv[3]);
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--full") == 0)
            max_nodes = 10000000000ULL;
        else if (strncmp(argv[i], "--max-nodes=", 12) == 0)
            max_nodes = strtoull(argv[i] + 12, NULL, 10);
    }
    for (; i < argc; i++) {
        FILE *f = fopen(argv[i], "r");
        if (!f) {
            printf("not ok %d - cannot open %s\n", ++tests, argv[i]);
            failures++;
            continue;
        }
        bool c960 = strstr(argv[i], "960") != NULL;
        char line[2048];
        while (fgets(line, sizeof line, f))
            if (line[0] != '#' && line[0] != '\n')
                run_line(line, c960, max_nodes);
        fclose(f);
    }
    printf("1..%d\n", tests);
    printf("# %" PRIu64 " nodes in %.2f s (%.1f M nodes/s)\n", total_nodes, total_secs,
           total_secs > 0 ? (double)total_nodes / total_secs / 1e6 : 0.0);
    printf("# %d passed, %d failed\n", tests - failures, failures);
    return failures ? 1 : 0;
}
