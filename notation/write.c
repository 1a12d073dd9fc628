/* write.c — write a move description in a language's notation.
 *
 * The description comes from arb_san_describe() (minimal disambiguation,
 * capture and check already decided), so writing is spelling only.
 */
#include "notation/notation.h"

#include <stdio.h>
#include <string.h>

char *arb_move_number(unsigned first, int k, char out[16])
{
    snprintf(out, 16, "%u%s", first + (unsigned)(k / 2), k % 2 ? "..." : ".");
    return out;
}

void arb_square_name(int sq, char out[3])
{
    out[0] = (char)('a' + ARB_FILE(sq));
    out[1] = (char)('1' + ARB_RANK(sq));
    out[2] = 0;
}

struct out {
    char *p;
    size_t len, cap;
};

static void put(struct out *o, const char *s)
{
    size_t n = strlen(s);
    if (o->len + n + 1 > o->cap)
        n = o->cap > o->len + 1 ? o->cap - o->len - 1 : 0;
    memcpy(o->p + o->len, s, n);
    o->len += n;
    o->p[o->len] = 0;
}

static void putc1(struct out *o, char c)
{
    char s[2] = {c, 0};
    put(o, s);
}

size_t arb_notation_write(const struct arb_lang *lang, const struct arb_movedesc *d, bool with_check,
                          char *buf, size_t cap)
{
    struct out o = {buf, 0, cap};
    if (cap)
        buf[0] = 0;
    if (d->null_move) {
        put(&o, "--");
        return o.len;
    }
    if (lang->spoken && !d->castle) {
        /* Words: [piece] [file] [rank] [capture] file rank [new piece]. */
        const struct arb_spoken *sp = lang->spoken;
        bool first = true;
#define WORD(w) do { if (!first) putc1(&o, ' '); put(&o, (w)); first = false; } while (0)
        if (d->piece != ARB_PAWN && d->piece != ARB_NO_PIECE)
            WORD(lang->piece_alt[d->piece][0]);
        if (d->from_file >= 0)
            WORD(sp->file[d->from_file]);
        if (d->from_rank >= 0)
            WORD(sp->rank[d->from_rank]);
        if (d->capture && sp->capture[0])
            WORD(sp->capture[0]);
        if (d->to_file >= 0)
            WORD(sp->file[d->to_file]);
        if (d->to_rank >= 0)
            WORD(sp->rank[d->to_rank]);
        if (d->promo >= ARB_KNIGHT && d->promo <= ARB_QUEEN)
            WORD(lang->piece_alt[d->promo][0]);
        if (with_check && d->check)
            WORD(d->check == ARB_DESC_MATE ? sp->mate : sp->check);
#undef WORD
        return o.len;
    }
    if (d->castle) {
        put(&o, d->castle == ARB_DESC_CASTLE_H ? lang->castle_h : lang->castle_a);
    } else {
        if (d->piece != ARB_PAWN && d->piece != ARB_NO_PIECE)
            put(&o, lang->piece[d->piece]);
        if (d->from_file >= 0)
            putc1(&o, (char)('a' + d->from_file));
        if (d->from_rank >= 0)
            putc1(&o, (char)('1' + d->from_rank));
        if (d->capture)
            putc1(&o, 'x');
        if (d->to_file >= 0)
            putc1(&o, (char)('a' + d->to_file));
        if (d->to_rank >= 0)
            putc1(&o, (char)('1' + d->to_rank));
        if (d->promo >= ARB_KNIGHT && d->promo <= ARB_QUEEN) {
            put(&o, lang->promo_sep);
            put(&o, lang->piece[d->promo]);
        }
    }
    if (with_check && lang->spoken && d->check) {
        putc1(&o, ' ');
        put(&o, d->check == ARB_DESC_MATE ? lang->spoken->mate : lang->spoken->check);
    } else if (with_check) {
        if (d->check == ARB_DESC_MATE)
            put(&o, lang->mate_mark);
        else if (d->check == ARB_DESC_CHECK)
            put(&o, "+");
    }
    return o.len;
}

size_t arb_notation_uci(const struct arb_pos *pos, arb_move m, char out[6])
{
    /* UCI writes castling as the king's move; Chess960's UCI as king takes rook. */
    int from = arb_move_from(m), to = pos->chess960 ? arb_move_to(m) : arb_move_dest(m);
    arb_square_name(from, out);
    arb_square_name(to, out + 2);
    size_t n = 4;
    if (arb_move_kind(m) == ARB_MK_PROMOTION)
        out[n++] = "nbrq"[arb_move_promo(m) - ARB_KNIGHT];
    out[n] = 0;
    return n;
}
