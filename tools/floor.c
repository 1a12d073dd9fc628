/* floor.c — the least a check of every move can cost with this chess core:
 * `make bench` times it beside arbiter and pgn-extract (tools/bench.sh).
 *
 *   floor FILE.pgn
 *
 * One pass over the bytes, as a one-pass reader would make it: tag lines
 * are skipped, not kept; movetext words are split on white space; move
 * numbers, results, comments, variations and glyphs are passed over; each
 * move written in English SAN is read by a parser that knows nothing else,
 * matched to its legal move (arb_san_resolve) and played (arb_pos_make).
 * A word it cannot read or a move that is not legal ends that game's moves.
 * At the end of each game it asks whether the side to move has a move.
 *
 * It applies no rule of the Laws (no repetition, move count, dead position,
 * check mark, result or clock), keeps no tag, no finding and no line or
 * column, and writes one line of counts: it is no checker.  What arbiter
 * costs beyond it is the price of the checks, the report and a reader that
 * keeps everything a finding may need.
 */
#include "chess/board.h"
#include "chess/movegen.h"
#include "chess/san.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int piece_letter(char c)
{
    switch (c) {
    case 'N': return ARB_KNIGHT;
    case 'B': return ARB_BISHOP;
    case 'R': return ARB_ROOK;
    case 'Q': return ARB_QUEEN;
    case 'K': return ARB_KING;
    default:  return -1;
    }
}

/* An English SAN word ("Nbxd2+", "e8=Q", "O-O-O") into d; -1 if it is none. */
static int parse_san(const char *t, size_t n, struct arb_movedesc *d)
{
    memset(d, 0, sizeof *d);
    d->from_file = d->from_rank = d->to_file = d->to_rank = -1;
    d->promo = ARB_NO_PIECE;
    while (n && (t[n - 1] == '+' || t[n - 1] == '#' || t[n - 1] == '!' || t[n - 1] == '?')) {
        if (t[n - 1] == '+' || t[n - 1] == '#')
            d->check = t[n - 1] == '#' ? ARB_DESC_MATE : ARB_DESC_CHECK;
        n--;
    }
    if (n >= 3 && (t[0] == 'O' || t[0] == '0')) {
        d->piece = ARB_NO_PIECE;
        d->castle = n >= 5 ? ARB_DESC_CASTLE_A : ARB_DESC_CASTLE_H;
        return 0;
    }
    if (n >= 2 && t[n - 2] == '=') {
        d->promo = (int8_t)piece_letter(t[n - 1]);
        if (d->promo < 0)
            return -1;
        n -= 2;
    }
    if (n < 2 || t[n - 2] < 'a' || t[n - 2] > 'h' || t[n - 1] < '1' || t[n - 1] > '8')
        return -1;
    d->to_file = (int8_t)(t[n - 2] - 'a');
    d->to_rank = (int8_t)(t[n - 1] - '1');
    n -= 2;
    size_t i = 0;
    int p = piece_letter(t[0]);
    d->piece = (int8_t)(p >= 0 ? p : ARB_PAWN);
    if (p >= 0)
        i = 1;
    for (; i < n; i++) {
        if (t[i] >= 'a' && t[i] <= 'h')
            d->from_file = (int8_t)(t[i] - 'a');
        else if (t[i] >= '1' && t[i] <= '8')
            d->from_rank = (int8_t)(t[i] - '1');
        else if (t[i] == 'x')
            d->capture = 1;
        else
            return -1;
    }
    return 0;
}

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: floor FILE.pgn\n");
        return 2;
    }
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "floor: %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    size_t cap = 1 << 20, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (len == cap)
            buf = realloc(buf, cap *= 2);
        if (!buf)
            return 2;
        ssize_t r = read(fd, buf + len, cap - len);
        if (r < 0) {
            fprintf(stderr, "floor: %s: %s\n", argv[1], strerror(errno));
            return 2;
        }
        if (r == 0)
            break;
        len += (size_t)r;
    }
    close(fd);
    arb_board_init();

    const char *p = buf, *e = buf + len;
    long games = 0, plies = 0, stopped = 0, no_move = 0;
    struct arb_pos pos;
    bool in_game = false, dead = false;
    int depth = 0;
    while (p < e) {
        bool line_start = p == buf || p[-1] == '\n';
        if (line_start && *p == '[' && !depth) {
            if (in_game) {
                no_move += !arb_has_legal_move(&pos);
                in_game = false;
            }
            const char *nl = memchr(p, '\n', (size_t)(e - p));
            p = nl ? nl + 1 : e;
            continue;
        }
        if (blank(*p)) {
            p++;
            continue;
        }
        if (!in_game) {
            in_game = true;
            dead = false;
            depth = 0;
            games++;
            arb_pos_startpos(&pos);
        }
        if (*p == '{') {
            const char *c = memchr(p, '}', (size_t)(e - p));
            p = c ? c + 1 : e;
            continue;
        }
        if (*p == '(' || *p == ')') {
            depth += *p == '(' ? 1 : depth ? -1 : 0;
            p++;
            continue;
        }
        const char *w = p;
        while (p < e && !blank(*p) && *p != '{' && *p != '(' && *p != ')')
            p++;
        size_t n = (size_t)(p - w);
        if (depth || dead || *w == '$' || *w == '*')
            continue;
        bool result = n >= 3 && ((w[0] == '1' && (w[1] == '-' || w[1] == '/')) || (w[0] == '0' && w[1] == '-' && w[2] == '1'));
        if (result)
            continue;
        if (*w >= '1' && *w <= '9') {
            /* "12." or "12...": a number, perhaps glued to its move */
            size_t k = 0;
            while (k < n && w[k] >= '0' && w[k] <= '9')
                k++;
            while (k < n && w[k] == '.')
                k++;
            w += k;
            n -= k;
            if (!n)
                continue;
        }
        struct arb_movedesc d;
        struct arb_resolve r;
        if (parse_san(w, n, &d) || arb_san_resolve(&pos, &d, &r) != ARB_RS_OK) {
            dead = true;
            stopped++;
            continue;
        }
        struct arb_undo u;
        arb_pos_make(&pos, r.move, &u);
        plies++;
    }
    if (in_game)
        no_move += !arb_has_legal_move(&pos);
    printf("floor: %ld games, %ld plies played, %ld games stopped at a word, %ld ending without a move\n", games,
           plies, stopped, no_move);
    free(buf);
    return 0;
}
