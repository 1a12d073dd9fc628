/* attacks.c — fills the attack tables of attacks.h.
 *
 * Slider tables are indexed with the magic multipliers of magics.h (found by
 * tools/genmagic.c).  Everything here runs once per process.
 */
#include "chess/attacks.h"

#include <pthread.h>

#include "chess/magics.h"

struct arb_attack_tables arb_att;

/* Rook: 102,400 entries; bishop: 5,248 entries (sum over squares of 2^bits). */
static arb_bb rook_table[102400];
static arb_bb bishop_table[5248];

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/* Squares reached from sq sliding along dirs, stopping at (and including)
 * the first occupied square.  With edges_excluded, the last square of each
 * ray is left out (it never matters for blocking): that is the magic mask. */
static arb_bb slide(int sq, arb_bb occ, const int dirs[4][2], bool edges_excluded)
{
    arb_bb out = 0;
    for (int d = 0; d < 4; d++) {
        int f = ARB_FILE(sq), r = ARB_RANK(sq);
        for (;;) {
            f += dirs[d][0];
            r += dirs[d][1];
            if (f < 0 || f > 7 || r < 0 || r > 7)
                break;
            if (edges_excluded) {
                int nf = f + dirs[d][0], nr = r + dirs[d][1];
                if (nf < 0 || nf > 7 || nr < 0 || nr > 7)
                    break;
            }
            out |= ARB_BB(ARB_SQ(f, r));
            if (occ & ARB_BB(ARB_SQ(f, r)))
                break;
        }
    }
    return out;
}

/* The four open rays from sq along dirs, and whether each runs towards
 * higher square numbers (then its first blocker is the lowest bit). */
struct rays {
    arb_bb ray[4];
    bool up[4];
};

static void rays_init(struct rays *rs, int sq, const int dirs[4][2])
{
    for (int d = 0; d < 4; d++) {
        arb_bb r = 0;
        int f = ARB_FILE(sq), k = ARB_RANK(sq);
        for (;;) {
            f += dirs[d][0];
            k += dirs[d][1];
            if (f < 0 || f > 7 || k < 0 || k > 7)
                break;
            r |= ARB_BB(ARB_SQ(f, k));
        }
        rs->ray[d] = r;
        /* Square numbers grow with the rank, then with the file. */
        rs->up[d] = dirs[d][1] > 0 || (dirs[d][1] == 0 && dirs[d][0] > 0);
    }
}

/* slide(sq, occ, dirs, false), by the first blocker of each ray. */
static arb_bb slide_rays(const struct rays *rs, arb_bb occ)
{
    arb_bb out = 0;
    for (int d = 0; d < 4; d++) {
        arb_bb r = rs->ray[d], b = r & occ;
        if (!b) {
            out |= r;
            continue;
        }
        int first = rs->up[d] ? arb_lsb(b) : 63 - __builtin_clzll(b);
        /* Up to and including the blocker: the ray minus what lies beyond it. */
        arb_bb beyond = rs->up[d] ? r & ~((ARB_BB(first) << 1) - 1) : r & ((ARB_BB(first)) - 1);
        out |= r & ~beyond;
    }
    return out;
}

static void init_magic(struct arb_magic *m, int sq, const int dirs[4][2], uint64_t magic,
                       arb_bb *table)
{
    struct rays rs;
    rays_init(&rs, sq, dirs);
    m->mask = slide(sq, 0, dirs, true);
    m->magic = magic;
    m->shift = 64 - (unsigned)arb_popcount(m->mask);
    m->table = table;
    /* Enumerate every subset of the mask (Carry-Rippler). */
    arb_bb sub = 0;
    do {
        table[(sub * magic) >> m->shift] = slide_rays(&rs, sub);
        sub = (sub - m->mask) & m->mask;
    } while (sub);
}

static arb_bb leaper(int sq, const int (*steps)[2], int n)
{
    arb_bb out = 0;
    for (int i = 0; i < n; i++) {
        int f = ARB_FILE(sq) + steps[i][0], r = ARB_RANK(sq) + steps[i][1];
        if (f >= 0 && f <= 7 && r >= 0 && r <= 7)
            out |= ARB_BB(ARB_SQ(f, r));
    }
    return out;
}

static void init_once(void)
{
    static const int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                           {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king_steps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                         {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int wpawn_steps[2][2] = {{-1, 1}, {1, 1}};
    static const int bpawn_steps[2][2] = {{-1, -1}, {1, -1}};

    arb_bb *rt = rook_table, *bt = bishop_table;
    for (int sq = 0; sq < 64; sq++) {
        arb_att.knight[sq] = leaper(sq, knight_steps, 8);
        arb_att.king[sq] = leaper(sq, king_steps, 8);
        arb_att.pawn[ARB_WHITE][sq] = leaper(sq, wpawn_steps, 2);
        arb_att.pawn[ARB_BLACK][sq] = leaper(sq, bpawn_steps, 2);
        init_magic(&arb_att.rook[sq], sq, rook_dirs, arb_rook_magics[sq], rt);
        rt += (size_t)1 << (64 - arb_att.rook[sq].shift);
        init_magic(&arb_att.bishop[sq], sq, bishop_dirs, arb_bishop_magics[sq], bt);
        bt += (size_t)1 << (64 - arb_att.bishop[sq].shift);
    }
    for (int a = 0; a < 64; a++) {
        arb_att.rook_empty[a] = arb_rook_attacks(a, 0);
        arb_att.bishop_empty[a] = arb_bishop_attacks(a, 0);
        for (int b = 0; b < 64; b++) {
            arb_att.between[a][b] = arb_att.line[a][b] = 0;
            if (a == b)
                continue;
            if (arb_rook_attacks(a, 0) & ARB_BB(b)) {
                arb_att.between[a][b] = arb_rook_attacks(a, ARB_BB(b)) & arb_rook_attacks(b, ARB_BB(a));
                arb_att.line[a][b] = (arb_rook_attacks(a, 0) & arb_rook_attacks(b, 0)) | ARB_BB(a) | ARB_BB(b);
            } else if (arb_bishop_attacks(a, 0) & ARB_BB(b)) {
                arb_att.between[a][b] = arb_bishop_attacks(a, ARB_BB(b)) & arb_bishop_attacks(b, ARB_BB(a));
                arb_att.line[a][b] = (arb_bishop_attacks(a, 0) & arb_bishop_attacks(b, 0)) | ARB_BB(a) | ARB_BB(b);
            }
        }
    }
}

void arb_attacks_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_once);
}
