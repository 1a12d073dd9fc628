/* spoken.c — moves of spoken notation, as phrases of words.
 *
 * The Laws' appendix for blind and visually impaired players (2009 E.2.1,
 * 2014/2017/2018 D.2.1) has moves announced in words: the piece's name,
 * names for the files (Anna, Bella, Cesar, David, Eva, Felix, Gustav,
 * Hector) and German numbers for the ranks; "Kurze Rochade", "Lange
 * Rochade"; a promoting player names the new piece.  A record written so is
 * a list of words; a move is a phrase:
 *
 *   phrase := castling | [piece] squares [capture] square [piece] [check]
 *   squares:= (file | rank)*        (departure: file, rank, or both)
 *
 * The piece word after a pawn's move to the last rank is the promotion;
 * anywhere else it begins the next move.
 */
#include "notation/notation.h"

#include <string.h>

static bool eq(const char *w, size_t n, const char *word)
{
    return word && strlen(word) == n && memcmp(w, word, n) == 0;
}

static int find8(const char *const *list, const char *w, size_t n)
{
    for (int i = 0; i < 8; i++)
        if (eq(w, n, list[i]))
            return i;
    return -1;
}

static int piece_word(const struct arb_lang *lang, const char *w, size_t n)
{
    for (int t = ARB_KNIGHT; t <= ARB_KING; t++)
        for (int i = 0; i < ARB_LANG_MAX_ALT && lang->piece_alt[t][i]; i++)
            if (eq(w, n, lang->piece_alt[t][i]))
                return t;
    if (eq(w, n, lang->pawn_letter))
        return ARB_PAWN;
    return -1;
}

static bool in3(const char *const *list, const char *w, size_t n)
{
    for (int i = 0; i < 3 && list[i]; i++)
        if (eq(w, n, list[i]))
            return true;
    return false;
}

int arb_notation_parse_spoken(const struct arb_lang *lang, const char *const *w, const size_t *len, int n,
                              struct arb_movedesc *d, struct arb_parse_info *info)
{
    const struct arb_spoken *sp = lang->spoken;
    memset(d, 0, sizeof *d);
    memset(info, 0, sizeof *info);
    d->piece = ARB_NO_PIECE;
    d->from_file = d->from_rank = d->to_file = d->to_rank = -1;
    d->promo = ARB_NO_PIECE;
    if (!sp || n <= 0) {
        info->error = "not a spoken move";
        return 0;
    }
    /* Castling: the phrase's words in order. */
    for (int a = 0; a < 2; a++) {
        const char *const *c = a ? sp->castle_a : sp->castle_h;
        int k = 0;
        while (k < 3 && c[k] && k < n && eq(w[k], len[k], c[k]))
            k++;
        if (k && (k == 3 || !c[k])) {
            d->castle = a ? ARB_DESC_CASTLE_A : ARB_DESC_CASTLE_H;
            if (k < n && eq(w[k], len[k], sp->check))
                d->check = ARB_DESC_CHECK, k++;
            else if (k < n && eq(w[k], len[k], sp->mate))
                d->check = ARB_DESC_MATE, k++;
            return k;
        }
    }
    int i = 0;
    int t = piece_word(lang, w[0], len[0]);
    if (t >= 0) {
        d->piece = (int8_t)t;
        i = 1;
    }
    /* Files, ranks and capture words, as far as they go. */
    int kind[6], val[6], nk = 0, x_at = -1;
    while (i < n && nk < 6) {
        int f = find8(sp->file, w[i], len[i]);
        int r = f < 0 ? find8(sp->rank, w[i], len[i]) : -1;
        if (f >= 0) {
            kind[nk] = 0;
            val[nk++] = f;
        } else if (r >= 0) {
            kind[nk] = 1;
            val[nk++] = r;
        } else if (in3(sp->capture, w[i], len[i]) && x_at < 0) {
            x_at = nk;
            d->capture = 1;
        } else {
            break;
        }
        i++;
        /* A file and a rank make the arrival square: the move ends there
         * (the next pawn move's square is not a departure square). */
        if (nk >= 2 && kind[nk - 2] == 0 && kind[nk - 1] == 1)
            break;
    }
    /* The arrival square is the last file + rank. */
    if (nk < 2 || kind[nk - 2] != 0 || kind[nk - 1] != 1) {
        info->error = nk ? "no arrival square (a file and a rank)" : "not a move in spoken notation";
        return 0;
    }
    d->to_file = (int8_t)val[nk - 2];
    d->to_rank = (int8_t)val[nk - 1];
    for (int k = 0; k < nk - 2; k++) {
        if (kind[k] == 0 && d->from_file < 0)
            d->from_file = (int8_t)val[k];
        else if (kind[k] == 1 && d->from_rank < 0)
            d->from_rank = (int8_t)val[k];
        else {
            info->error = "too many squares";
            return 0;
        }
    }
    if (d->piece == ARB_NO_PIECE)
        d->piece = ARB_PAWN;
    /* The new piece, named after a pawn's move to the last rank. */
    if (d->piece == ARB_PAWN && (d->to_rank == 0 || d->to_rank == 7) && i < n) {
        int p = piece_word(lang, w[i], len[i]);
        if (p >= ARB_KNIGHT && p <= ARB_QUEEN) {
            d->promo = (int8_t)p;
            i++;
        }
    }
    if (i < n && eq(w[i], len[i], sp->check))
        d->check = ARB_DESC_CHECK, i++;
    else if (i < n && eq(w[i], len[i], sp->mate))
        d->check = ARB_DESC_MATE, i++;
    return i;
}
