/* cite.c — making a finding: its place in the file, its article, its words
 * (the squares, moves and clock readings it quotes).
 */
#include "laws/state.h"

/* A finding keeps its move as a plain integer (base/ knows no chess). */
_Static_assert(sizeof(arb_move) == sizeof(((struct arb_finding *)0)->last), "finding.last holds an arb_move");

void arb_cite_square(int sq, char out[3]) { arb_square_name(sq, out); }

const char *arb_cite_quoted(struct arb_rs *s, const struct arb_node *n);
static const char *token_copy(struct arb_rs *s, const struct arb_node *n)
{
    if (n->len > ARB_TOKEN_SHOWN)
        return arb_cite_quoted(s, n);
    return arb_arena_strndup(s->g->arena, arb_node_text(s->g, n), n->len);
}

/* A clock time in tenths as h:mm:ss (with tenths when there are any), kept in the game's arena. */
const char *arb_cite_clock_text(struct arb_rs *s, long tenths)
{
    char buf[ARB_CLOCK_TEXT_MAX];
    return arb_arena_printf(s->g->arena, "%s", arb_clock_format(tenths, buf));
}

/* A finding of the game at node n (NULL: none; the caller may place it),
 * citing art of the profile applied (-1: no article), with the position,
 * ply and clocks the replay stands at. */
struct arb_finding *arb_cite_finding(struct arb_rs *s, enum arb_code code, const struct arb_node *n, enum arb_article art,
                               const char *fmt, ...)
{
    struct arb_finding *f = arb_findings_add(&s->g->findings, s->g->arena, code);
    va_list ap;
    va_start(ap, fmt);
    char *msg = arb_arena_vprintf(s->g->arena, fmt, ap);
    va_end(ap);
    f->message = s->depth ? arb_arena_printf(s->g->arena, "in a variation: %s", msg) : msg;
    const struct arb_clocks *c = &s->out->clocks;
    if (c->readings && !s->depth)
        f->clocks = arb_arena_printf(s->g->arena, "White %s, Black %s", c->last[0] < 0 ? "?" : arb_cite_clock_text(s, c->last[0]),
                                     c->last[1] < 0 ? "?" : arb_cite_clock_text(s, c->last[1]));
    f->variation = (uint16_t)s->depth;
    f->ply = s->cur.ply + 1;
    if (n) {
        arb_node_place(s->g, n, &f->line, &f->col);
        f->off = n->off;
        f->len = n->len;
        if (n->kind == ARB_N_MOVE)
            f->move = token_copy(s, n);
    }
    f->article = (int)art >= 0 ? arb_article(s->prof, art) : NULL;
    struct arb_pos *pos = arb_arena_alloc(s->g->arena, sizeof *pos);
    *pos = s->cur.pos;
    f->pos = pos;
    f->pos_ply = s->cur.ply;
    f->last = s->cur.have_last ? s->cur.last : ARB_MOVE_NONE;
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
void arb_cite_write_move(struct arb_rs *s, arb_move m, char *buf, size_t cap)
{
    struct arb_movedesc d;
    arb_san_describe(&s->cur.pos, m, &d);
    arb_notation_write(s->lang, &d, false, buf, cap);
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
enum arb_article arb_cite_castling_article(const struct arb_rs *s, enum arb_article standard, bool path)
{
    if (!s->cur.pos.chess960)
        return standard;
    return path ? ARB_ART_CASTLING_960_PATH : ARB_ART_CASTLING_960;
}

/* A token as messages quote it: whole up to 40 bytes, else its start (cut
 * at a character boundary) and its length, so that a runaway word does not
 * make a runaway message. */
const char *arb_cite_quoted(struct arb_rs *s, const struct arb_node *n)
{
    const char *t = arb_node_text(s->g, n);
    if (n->len <= 40)
        return arb_arena_printf(s->g->arena, "%.*s", (int)n->len, t);
    return arb_arena_printf(s->g->arena, "%.*s... (%u bytes)", (int)arb_utf8_prefix(t, n->len, 32), t,
                            (unsigned)n->len);
}
