/* cite.c — making a finding: its place in the file, its article, its words
 * (the squares, moves and clock readings it quotes).  Reads the view
 * (struct arb_rs_view); owns no state.
 */
#include "laws/state.h"

/* A finding keeps its move as a plain integer (base/ knows no chess). */
_Static_assert(sizeof(arb_move) == sizeof(((struct arb_finding *)0)->last), "finding.last holds an arb_move");

void arb_cite_square(int sq, char out[3]) { arb_square_name(sq, out); }

const char *arb_cite_quoted(const struct arb_rs_view *v, const struct arb_node *n);
static const char *token_copy(const struct arb_rs_view *v, const struct arb_node *n)
{
    if (n->len > ARB_TOKEN_SHOWN)
        return arb_cite_quoted(v, n);
    return arb_arena_strndup(v->g->arena, arb_node_text(v->g, n), n->len);
}

/* A clock time in tenths as h:mm:ss (with tenths when there are any), kept in the game's arena. */
const char *arb_cite_clock_text(const struct arb_rs_view *v, long tenths)
{
    char buf[ARB_CLOCK_TEXT_MAX];
    return arb_arena_printf(v->g->arena, "%s", arb_clock_format(tenths, buf));
}

/* A finding of the game at node n (NULL: none; the caller may place it),
 * citing art of the profile applied (-1: no article), with the position,
 * ply and clocks the replay stands at. */
struct arb_finding *arb_cite_finding(const struct arb_rs_view *v, enum arb_code code, const struct arb_node *n,
                                     enum arb_article art, const char *fmt, ...)
{
    struct arb_finding *f = arb_findings_add(&v->g->findings, v->g->arena, code);
    va_list ap;
    va_start(ap, fmt);
    char *msg = arb_arena_vprintf(v->g->arena, fmt, ap);
    va_end(ap);
    f->message = v->depth ? arb_arena_printf(v->g->arena, "in a variation: %s", msg) : msg;
    const struct arb_clocks *c = &v->out->clocks;
    if (c->readings && !v->depth)
        f->clocks = arb_arena_printf(v->g->arena, "White %s, Black %s",
                                     c->last[0] < 0 ? "?" : arb_cite_clock_text(v, c->last[0]),
                                     c->last[1] < 0 ? "?" : arb_cite_clock_text(v, c->last[1]));
    f->variation = (uint16_t)v->depth;
    f->ply = v->cur.ply + 1;
    if (n) {
        arb_node_place(v->g, n, &f->line, &f->col);
        f->off = n->off;
        f->len = n->len;
        if (n->kind == ARB_N_MOVE)
            f->move = token_copy(v, n);
    }
    f->article = (int)art >= 0 ? arb_article(v->prof, art) : NULL;
    struct arb_pos *pos = arb_arena_alloc(v->g->arena, sizeof *pos);
    *pos = v->cur.pos;
    f->pos = pos;
    f->pos_ply = v->cur.ply;
    f->last = v->cur.have_last ? v->cur.last : ARB_MOVE_NONE;
    return f;
}

/* Mark the legal move m on the finding's diagram (castling: the king's move). */
void arb_cite_mark_move(struct arb_finding *f, arb_move m)
{
    f->mark_from = (int8_t)arb_move_from(m);
    f->mark_to = (int8_t)arb_move_dest(m);
}

enum arb_article arb_cite_piece_article(int type)
{
    static const enum arb_article a[6] = {ARB_ART_PAWN, ARB_ART_KNIGHT, ARB_ART_BISHOP, ARB_ART_ROOK,
                                          ARB_ART_QUEEN, ARB_ART_KING};
    return type >= 0 && type < 6 ? a[type] : ARB_ART_ILLEGAL_MOVE;
}

/* "Nbd2" for a candidate move, written in the game's language. */
void arb_cite_write_move(const struct arb_rs_view *v, arb_move m, char *buf, size_t cap)
{
    struct arb_movedesc d;
    arb_san_describe(&v->cur.pos, m, &d);
    arb_notation_write(v->lang, &d, false, buf, cap);
}

/* Move number and dots for a ply of this line: "12." or "12...". */
void arb_cite_move_number(const struct arb_pos *pos, char *buf, size_t cap)
{
    char num[16];
    snprintf(buf, cap, "%s", arb_move_number(pos->fullmove, pos->side == ARB_BLACK, num));
}

const char *arb_cite_castle_name(int aside) { return aside ? "0-0-0" : "0-0"; }

/* The article a castling finding cites: the edition's castling rule, or
 * in Chess960 its appendix / guidelines (F.3, II.3; the squares between:
 * F.3 note 4, II.3.2.7.4). */
enum arb_article arb_cite_castling_article(const struct arb_rs_view *v, enum arb_article standard, bool path)
{
    if (!v->cur.pos.chess960)
        return standard;
    return path ? ARB_ART_CASTLING_960_PATH : ARB_ART_CASTLING_960;
}

/* A token as messages quote it: whole up to 40 bytes, else its start (cut
 * at a character boundary) and its length, so that a runaway word does not
 * make a runaway message. */
const char *arb_cite_quoted(const struct arb_rs_view *v, const struct arb_node *n)
{
    const char *t = arb_node_text(v->g, n);
    if (n->len <= 40)
        return arb_arena_printf(v->g->arena, "%.*s", (int)n->len, t);
    return arb_arena_printf(v->g->arena, "%.*s... (%u bytes)", (int)arb_utf8_prefix(t, n->len, 32), t,
                            (unsigned)n->len);
}
