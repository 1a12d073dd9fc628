/* cells.c — a scoresheet as the search sees it: cells in reading order
 * (row 1 White, row 1 Black, row 2 White, ...), each a token, an
 * unreadable move, a blank cell or a cell of a row the numbers skip.
 *
 * The tokens come with the row number written before them and the side
 * ("12." White's move follows, "12. ..." Black's).  A row with only
 * White's move leaves Black's cell blank; "12. ... Kg7" leaves White's
 * blank; a jump of the row numbers by 2 to 4 rows leaves the skipped rows'
 * cells empty (gaps).  A number that goes back, or jumps further, is not
 * believed: the token takes the next cell (a row written twice, a number
 * miswritten).  A list without numbers is read cell after cell.
 *
 * Each cell also gets what the search's lower bound needs: the least it
 * costs in any game (read as some move, or passed over).
 */
#include "recon/recon_int.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* Does the token read as a move of lang just as written (so that some
 * position may take it at no cost)? */
static bool parses(const struct arb_lang *lang, const char *t)
{
    struct arb_movedesc d;
    struct arb_parse_info info;
    return arb_notation_parse(lang, t, strlen(t), &d, &info) == ARB_NP_MOVE;
}

static void add(struct rc_sheet *s, int *cap, int tok, int kind)
{
    if (s->n == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        s->cell = arb_xrealloc(s->cell, (size_t)*cap * sizeof *s->cell);
    }
    struct rc_cell *c = &s->cell[s->n++];
    memset(c, 0, sizeof *c);
    c->tok = tok;
    c->kind = (uint8_t)kind;
}

void rc_sheet_build(struct rc_sheet *s, const struct arb_sheet *sh, const struct rc_costs *k)
{
    memset(s, 0, sizeof *s);
    s->sh = sh;
    int cap = 0;
    int row = 1, col = 0;         /* the cell the next token takes, as far as the numbers go */
    int last_row = 0;             /* the row of the token before */
    for (int t = 0; t < sh->n; t++) {
        int num = sh->num ? sh->num[t] : 0;
        int side = sh->black ? sh->black[t] : -1;
        if (num > 0 && side >= 0) {
            int ahead = 2 * (num - row) + (side - col);
            /* A blank cell of a numbered row, or rows the numbers skip. */
            if (ahead > 0 && ahead <= 8)
                for (int b = 0; b < ahead; b++) {
                    int r = row + (col + b) / 2;
                    add(s, &cap, -1, r > last_row && r < num ? RC_GAP : RC_BLANK);
                }
            if (ahead > 0 && ahead <= 8) {
                row = num;
                col = side;
            }
        }
        bool unreadable = sh->tok[t][0] == '?' && sh->tok[t][1] == 0;
        add(s, &cap, t, unreadable ? RC_UNREADABLE : RC_TOKEN);
        last_row = row;
        col ^= 1;
        row += col == 0;
    }
    /* The writer's habit: a sheet with no capture mark at all writes none. */
    int marks = 0;
    for (int t = 0; t < sh->n; t++)
        marks += strpbrk(sh->tok[t], "x:") != NULL || (strchr(sh->tok[t], 'X') && sh->tok[t][strlen(sh->tok[t]) - 1] != 'X');
    s->capture_missing = marks == 0 && sh->n >= 10 ? 0 : k->capture_missing;
    s->suf = arb_xmalloc((size_t)(s->n + 1) * sizeof *s->suf);
    s->suf_lbm = arb_xmalloc((size_t)(s->n + 1) * sizeof *s->suf_lbm);
    s->cls = arb_xmalloc((size_t)(s->n + 1) * sizeof *s->cls);
    s->cls_count = arb_xcalloc((size_t)(s->n + 1) * RC_CLASSES, sizeof *s->cls_count);
    for (int i = 0; i < s->n; i++) {
        struct rc_cell *c = &s->cell[i];
        switch (c->kind) {
        case RC_UNREADABLE:
            c->lbm = (float)k->unreadable;
            c->extra = (float)k->extra_unreadable;
            break;
        case RC_BLANK:
        case RC_GAP:
            c->lbm = (float)(c->kind == RC_GAP ? k->gap : k->blank);
            c->extra = (float)(k->realign < k->extra_blank ? k->realign : k->extra_blank);
            break;
        default: {
            const char *t = sh->tok[c->tok];
            arb_slip_read(t, &c->tn);
            /* A token that is no move as written costs at least one slip. */
            c->lbm = parses(sh->lang, t) ? 0.0f : (float)rc_slip_scale(k, 0.1);
            c->extra = (float)k->extra;
            for (int back = 1; back <= 2 && i - back >= 0; back++) {
                /* The same letters and digits (marks aside) as a cell just before. */
                const struct rc_cell *b = &s->cell[i - back];
                if (b->kind == RC_TOKEN && b->tn.n == c->tn.n && !memcmp(b->tn.s, c->tn.s, (size_t)c->tn.n)) {
                    c->again = (uint8_t)back;
                    c->extra = (float)k->twice;
                    break;
                }
            }
            break;
        }
        }
        c->lb = c->lbm < c->extra ? c->lbm : c->extra;
        /* Its class: what passing it over costs beyond reading it. */
        float d = c->extra - c->lbm;
        int at = 0;
        while (at < s->n_class && s->class_delta[at] < d - 1e-6)
            at++;
        if (at < s->n_class && s->class_delta[at] <= d + 1e-6) {
            /* (known) */
        } else if (s->n_class < RC_CLASSES) {
            memmove(&s->class_delta[at + 1], &s->class_delta[at], (size_t)(s->n_class - at) * sizeof(double));
            s->class_delta[at] = d;
            s->n_class++;
            for (int q = 0; q < i; q++)
                s->cls[q] += s->cls[q] >= at;
        } else {
            at = at > 0 ? at - 1 : 0;   /* (too many: a smaller delta, still a lower bound) */
        }
        s->cls[i] = (uint8_t)at;
    }
    s->suf[s->n] = 0;
    s->suf_lbm[s->n] = 0;
    for (int i = s->n - 1; i >= 0; i--) {
        s->suf[i] = s->suf[i + 1] + s->cell[i].lb;
        s->suf_lbm[i] = s->suf_lbm[i + 1] + s->cell[i].lbm;
        memcpy(&s->cls_count[(size_t)i * RC_CLASSES], &s->cls_count[(size_t)(i + 1) * RC_CLASSES],
               RC_CLASSES * sizeof *s->cls_count);
        s->cls_count[(size_t)i * RC_CLASSES + s->cls[i]]++;
    }
}

void rc_sheet_free(struct rc_sheet *s)
{
    free(s->cell);
    free(s->suf);
    free(s->suf_lbm);
    free(s->cls);
    free(s->cls_count);
    memset(s, 0, sizeof *s);
}

const struct arb_lang *arb_recon_guess_lang(const char *const *tok, int n, const struct arb_lang *hint)
{
    int best = -1, best_score = -1;
    int hint_i = hint ? arb_lang_index(hint) : -1;
    for (int l = 0; arb_langs[l]; l++) {
        if (arb_langs[l]->spoken)
            continue;
        int score = 0;
        for (int i = 0; i < n; i++) {
            struct arb_movedesc d;
            struct arb_parse_info info;
            const char *t = tok[i];
            if (!((t[0] >= 'A' && t[0] <= 'Z') || (unsigned char)t[0] >= 0x80))
                continue;   /* pawn moves and castling tell nothing */
            if (arb_notation_parse(arb_langs[l], t, strlen(t), &d, &info) == ARB_NP_MOVE && !d.castle)
                score++;
        }
        if (score > best_score || (score == best_score && l == hint_i)) {
            best = l;
            best_score = score;
        }
    }
    return best >= 0 ? arb_langs[best] : arb_langs[0];
}

struct arb_slip_cache *rc_cache_new(int cells)
{
    unsigned bits = 12;
    while (bits < ARB_SLIP_CACHE_BITS && (1u << bits) < 1024u * (unsigned)(cells > 0 ? cells : 1))
        bits++;
    struct arb_slip_cache *c = arb_xmalloc(sizeof *c);
    c->bits = bits;
    c->key = arb_xcalloc((size_t)1 << bits, sizeof *c->key);
    c->cost = arb_xcalloc((size_t)1 << bits, sizeof *c->cost);
    return c;
}

void rc_cache_free(struct arb_slip_cache *c)
{
    if (!c)
        return;
    free(c->key);
    free(c->cost);
    free(c);
}
