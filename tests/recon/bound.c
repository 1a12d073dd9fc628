/* bound.c — the search's bound never exceeds what the rest of the game
 * costs (TAP).
 *
 *   build/recon-bound [--sheets=1|2] < CASES
 *
 * CASES: one case a line, tab-separated: name, final FEN, the true game
 * in UCI (space-separated), and its sheet files (comma-separated), as
 * tests/recon/run.sh writes them from a set's expected.jsonl.  For each
 * case the search scores the true game alone (opts.force): the cheapest
 * alignment of the sheets with it.  Then, at every state on that path,
 * the bound (rc_bound, after the literal replays it counts) must be at
 * most what the path still pays from there.  A bound above that would let
 * the best-first search prune the truth and call a dearer game proved.
 * One TAP line a case. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/movegen.h"
#include "notation/notation.h"
#include "recon/recon_int.h"
#include "recon/sheet.h"
#include "base/util.h"

#define MAX_GAME 1024

/* The UCI moves of s played from the start: how many, -1 when one is not legal. */
static int uci_game(const char *s, arb_move *mv)
{
    struct arb_pos p;
    arb_pos_startpos(&p);
    int n = 0;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        char want[8];
        size_t k = strcspn(s, " ");
        if (k >= sizeof want || n >= MAX_GAME)
            return -1;
        memcpy(want, s, k);
        want[k] = 0;
        s += k;
        struct arb_movelist ml;
        arb_gen_legal(&p, &ml);
        arb_move m = 0;
        for (int j = 0; j < ml.n && !m; j++) {
            char u[8];
            arb_notation_uci(&p, ml.moves[j], u);
            if (!strcmp(u, want))
                m = ml.moves[j];
        }
        if (!m)
            return -1;
        mv[n++] = m;
        struct arb_undo un;
        arb_pos_make(&p, m, &un);
    }
    return n;
}

/* One case: 0 when the bound holds on every state of the truth's path
 * (*states: how many), else 1 with why in msg. */
static int check_case(char *fen, char *uci, char *paths, int want_sheets, int *states, char *msg, size_t cap)
{
    char *path[ARB_RECON_MAX_SHEETS];
    int np = 0;
    for (char *p = strtok(paths, ","); p && np < ARB_RECON_MAX_SHEETS; p = strtok(NULL, ","))
        path[np++] = p;
    int ns = want_sheets < np ? want_sheets : np;
    struct arb_sheet_file sf[ARB_RECON_MAX_SHEETS];
    struct arb_sheet sh[ARB_RECON_MAX_SHEETS];
    struct arb_sheet_read_opts so = {0};
    char err[300];
    int rc = 1;
    int nread = 0;
    for (int k = 0; k < ns; k++) {
        nread++;                  /* (freed whether it reads or not) */
        if (arb_sheet_file_read(&sf[k], path[k], &so, err, sizeof err) != 0) {
            snprintf(msg, cap, "%s: %s", path[k], err);
            goto out;
        }
        sh[k] = arb_sheet_of(&sf[k], arb_recon_guess_lang((const char *const *)sf[k].tok, sf[k].n, NULL));
    }
    struct arb_pos fin;
    if (arb_pos_from_fen(&fin, fen, false, err, sizeof err) != 0) {
        snprintf(msg, cap, "final FEN: %s", err);
        goto out;
    }
    static arb_move mv[MAX_GAME];
    int n = uci_game(uci, mv);
    if (n < 0) {
        snprintf(msg, cap, "the true game does not replay");
        goto out;
    }
    struct arb_recon_opts o = {0};
    o.final = &fin;
    o.final_counters = true;
    o.force = mv;
    o.n_force = n;
    struct rc_search s;
    memset(&s, 0, sizeof s);
    s.o = &o;
    s.k = &rc_costs_default;
    s.ns = ns;
    arb_pos_startpos(&s.start);
    s.final = &fin;
    s.target = s.target_lo = 2 * ((int)fin.fullmove - 1) + (fin.side == ARB_BLACK);
    s.final_halfmove = (int)fin.halfmove;
    for (int k = 0; k < ns; k++)
        rc_sheet_build(&s.sh[k], &sh[k], s.k);
    int cells = 0;
    for (int k = 0; k < ns; k++)
        cells += s.sh[k].n;
    s.cache = rc_cache_new(cells);
    s.budget = 4000000;
    s.max_nodes = 1000000;
    s.max_ply = MAX_GAME;
    rc_search_run(&s);
    if (!s.n_goal) {
        snprintf(msg, cap, "the true game scored alone gives no alignment (limit %d)", (int)s.limit);
    } else {
        double total = s.node[s.goal[0]].g;
        rc = 0;
        *states = 0;
        for (int32_t x = s.goal[0]; x >= 0; x = s.node[x].parent) {
            /* The bound as the search uses it: with the literal replays. */
            for (int k = 0; k < ns; k++)
                s.node[x].loud[k] = RC_LOUD_UNKNOWN;
            s.node[x].flags &= (uint8_t)~RC_NF_SHARP;
            rc_sharpen(&s, x);
            struct rc_node nd = s.node[x];
            struct arb_pos pos;
            rc_node_pos(&s, &nd, &pos);
            double h = rc_bound(&s, &nd, &pos);
            ++*states;
            if (h > total - nd.g + 1e-3) {
                snprintf(msg, cap, "ply %d (cell %d of sheet 1): bound %.2f > %.2f still paid", nd.ply, nd.i[0], h,
                         total - nd.g);
                rc = 1;
                break;
            }
        }
        if (!rc)
            snprintf(msg, cap, "cost %.2f", total);
    }
    for (int k = 0; k < ns; k++)
        rc_sheet_free(&s.sh[k]);
    rc_cache_free(s.cache);
    free(s.node);
    free(s.key);
    free(s.table);
    free(s.heap);
    free(s.tie);
    free(s.col);
    free(s.cand);
out:
    for (int k = 0; k < nread; k++)
        arb_sheet_file_free(&sf[k]);
    return rc;
}

int main(int argc, char **argv)
{
    int want = ARB_RECON_MAX_SHEETS;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--sheets=1"))
            want = 1;
        else if (!strcmp(argv[a], "--sheets=2"))
            want = 2;
        else {
            fprintf(stderr, "usage: recon-bound [--sheets=1|2] < CASES\n");
            return 2;
        }
    }
    arb_board_init();
    static char line[1 << 16];
    int n = 0, failed = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        char *name = strtok(line, "\t"), *fen = strtok(NULL, "\t"), *uci = strtok(NULL, "\t"),
             *paths = strtok(NULL, "\t");
        if (!name || !fen || !uci || !paths) {
            printf("not ok %d - a line with fewer than 4 fields\n", ++n);
            failed++;
            continue;
        }
        char msg[400];
        int states = 0;
        char label[64];
        snprintf(label, sizeof label, "%s", name);
        if (check_case(fen, uci, paths, want, &states, msg, sizeof msg)) {
            printf("not ok %d - %s: %s\n", ++n, label, msg);
            failed++;
        } else {
            printf("ok %d - %s: the bound holds on the %d states of the true game's path (%s)\n", ++n, label,
                   states, msg);
        }
    }
    printf("1..%d\n", n);
    return failed ? 1 : 0;
}
