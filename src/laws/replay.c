/* replay.c — replaying a game record under the Laws (see replay.h).
 *
 * The nodes of the record are walked once, in order.  A stack of "levels"
 * holds the main line (level 0) and the open variations: opening a
 * variation saves the current level and takes back its last move, closing
 * it restores the saved level.  A move that cannot be played ends the main
 * line's replay (the game is reported as far as it went), or only the rest
 * of the variation it stands in.
 */
#include "laws/replay.h"

#include "notation/slips.h"

#include "laws/clocks.h"
#include "chess/dead.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "chess/movegen.h"
#include "chess/san.h"
#include "base/util.h"

/* Positions the search for a mate may visit when a finding depends on
 * whether a side can still mate (6.9, the illegal-move loss): asked once
 * per such game, so a generous budget (at most some tens of milliseconds). */
enum { MATE_BUDGET = 200000 };

const char *arb_end_reason_name(enum arb_end_reason r)
{
    switch (r) {
    case ARB_END_CHECKMATE: return "checkmate";
    case ARB_END_STALEMATE: return "stalemate";
    case ARB_END_DEAD: return "dead-position";
    case ARB_END_FIVEFOLD: return "fivefold-repetition";
    case ARB_END_SEVENTYFIVE: return "seventyfive-moves";
    default: return NULL;
    }
}

const char *arb_result_name(enum arb_result r)
{
    switch (r) {
    case ARB_RESULT_WHITE: return "1-0";
    case ARB_RESULT_BLACK: return "0-1";
    case ARB_RESULT_DRAW: return "1/2-1/2";
    case ARB_RESULT_UNKNOWN: return "*";
    default: return NULL;
    }
}

static enum arb_result result_from_string(const char *s)
{
    return s ? arb_result_parse(s, strlen(s)) : ARB_RESULT_NONE;
}

static const char *const piece_names[6] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
static const char *const colour_names[2] = {"white", "black"};
static const char *const side_names[2] = {"White", "Black"};

/* Which right was lost when, for castling messages. */
struct right_loss {
    int ply;                 /* 0: never had it in this line */
    int node;                /* the move's node */
    int why;                 /* 0 king moved, 1 rook moved, 2 rook captured */
};

/* How deep variations are followed (each level keeps a position). */
#define ARB_MAX_VARIATION_DEPTH 1000

struct level {
    struct arb_pos pos;
    int ply;                 /* plies played to reach pos */
    arb_move last;           /* last move played at this level */
    struct arb_undo last_undo;
    bool have_last;
    bool last_null;          /* the last move at this level was a null move (undone with last_undo) */
    bool dead;               /* a move failed: skip the rest of this line */
    struct right_loss loss[4];
};

#define TWICE_MAX 8
struct rs {
    struct arb_game *g;
    struct arb_outcome *out;
    const struct arb_profile *prof;
    const struct arb_lang *lang;
    struct level cur;
    struct level *stack;
    int depth, cap;
    bool lang_told;          /* a move with a piece letter was read */
    bool numbering_reported; /* one move-number finding per game */
    bool stop;               /* the main line stopped */
    const struct arb_lang *other_lang; /* detection: another language read the game as far, differently */
    const struct arb_check_opts *opts;
    uint64_t *hist;          /* main line: repetition key of the position after each ply (0: the start) */
    int hist_cap;
    bool threefold_told, fifty_told, after_end_told, fivefold_2014_told;
    /* Positions of the current window that stood twice, by side to move (a
     * third occurrence may come): listed in twice_key[], unless there were
     * more than TWICE_MAX (twice_over: then counted in hist[]). */
    uint8_t n_twice[2];
    bool twice_over[2];
    uint64_t twice_key[2][TWICE_MAX];
    bool unplayed_told;
    const struct arb_node *flag_node[2]; /* the comment whose reading showed a flag down */
    long flag_reading[2];               /* ... its reading (tenths) */
    bool flag_period[2];                /* ... a period's moves not made in its time */
    int illegal_moves[2];    /* completed illegal moves by each side on the main line (7.5.5 counts them) */
    bool rep_hashed;         /* the window is counted in rep_table (else by scanning hist[]) */
    bool rep_full;           /* the window outgrew rep_table: scan hist[] until it closes */
    struct {                 /* notation forms reported in this game: once each, then counted */
        const char *fmt;
        int index, more;
    } forms[24];
    int n_forms;
    int skip;                /* open variations beyond ARB_MAX_VARIATION_DEPTH */
    bool too_deep_reported;
    int rep_floor;           /* main line: positions before this ply cannot repeat (a null move passed) */
    int first_illegal;       /* main line: ply of the first illegal move the replay followed, 0 none */
    struct arb_pos legal_end; /* ... and the position before it */
};

/* Has the Laws ended the game on the main line (at any ply, 0 included)? */
static inline bool game_ended(const struct rs *s)
{
    return s->out->end_reason != ARB_END_NONE;
}

/* The main line follows an illegal move (one that stood, a promotion
 * without a piece, a null move): `plies` and `fen` stay at the legal
 * part (INTERFACE: half-moves replayed as legal moves), followed_plies
 * goes on. */
static void followed_illegal(struct rs *s)
{
    if (s->depth || s->first_illegal)
        return;
    s->first_illegal = s->cur.ply + 1;
    s->legal_end = s->cur.pos;
}

static void square(int sq, char out[3]) { arb_square_name(sq, out); }

static const char *quoted(struct rs *s, const struct arb_node *n);

/* A finding's `move`: the token as recorded; one longer than any move
 * could be (over ARB_TOKEN_SHOWN bytes) as quoted() shows it, so that a
 * runaway word does not make a runaway record. */
#define ARB_TOKEN_SHOWN 256
static const char *token_copy(struct rs *s, const struct arb_node *n)
{
    if (n->len > ARB_TOKEN_SHOWN)
        return quoted(s, n);
    return arb_arena_strndup(s->g->arena, arb_node_text(s->g, n), n->len);
}

/* A clock time in tenths as h:mm:ss (with tenths when there are any), kept in the game's arena. */
static const char *clock_text(struct rs *s, long tenths)
{
    char buf[ARB_CLOCK_TEXT_MAX];
    return arb_arena_printf(s->g->arena, "%s", arb_clock_format(tenths, buf));
}

static struct arb_finding *finding(struct rs *s, enum arb_code code, const struct arb_node *n, enum arb_article art,
                                   const char *fmt, ...) ARB_PRINTF(5, 6);

static struct arb_finding *finding(struct rs *s, enum arb_code code, const struct arb_node *n, enum arb_article art,
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
        f->clocks = arb_arena_printf(s->g->arena, "White %s, Black %s", c->last[0] < 0 ? "?" : clock_text(s, c->last[0]),
                                     c->last[1] < 0 ? "?" : clock_text(s, c->last[1]));
    f->variation = (uint16_t)s->depth;
    f->ply = s->cur.ply + 1;
    if (n) {
        f->line = n->line;
        f->col = n->col;
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
static void mark_move(struct arb_finding *f, arb_move m)
{
    f->mark_from = (int8_t)arb_move_from(m);
    f->mark_to = (int8_t)arb_move_dest(m);
}

static enum arb_article piece_article(int type)
{
    static const enum arb_article a[6] = {ARB_ART_PAWN, ARB_ART_KNIGHT, ARB_ART_BISHOP, ARB_ART_ROOK,
                                          ARB_ART_QUEEN, ARB_ART_KING};
    return type >= 0 && type < 6 ? a[type] : ARB_ART_ILLEGAL_MOVE;
}

/* "Nbd2" for a candidate move, written in the game's language. */
static void write_move(struct rs *s, arb_move m, char *buf, size_t cap)
{
    struct arb_movedesc d;
    arb_san_describe(&s->cur.pos, m, &d);
    arb_notation_write(s->lang, &d, false, buf, cap);
}

/* Move number and dots for a ply of this line: "12." or "12...". */
static void move_number(const struct arb_pos *pos, char *buf, size_t cap)
{
    char num[16];
    snprintf(buf, cap, "%s", arb_move_number(pos->fullmove, pos->side == ARB_BLACK, num));
}

static const char *castle_name(int aside) { return aside ? "0-0-0" : "0-0"; }

/* The article a castling finding cites: the edition's castling rule, or
 * in Chess960 its appendix / guidelines (F.3, II.3; the squares between:
 * F.3 note 4, II.3.2.7.4). */
static enum arb_article castling_article(const struct rs *s, enum arb_article standard, bool path)
{
    if (!s->cur.pos.chess960)
        return standard;
    return path ? ARB_ART_CASTLING_960_PATH : ARB_ART_CASTLING_960;
}

static void report_castle_no_right(struct rs *s, const struct arb_node *n, int aside)
{
    int us = s->cur.pos.side;
    int idx = ARB_CASTLE_IDX(us, aside);
    const struct right_loss *l = &s->cur.loss[idx];
    if (l->ply > 0) {
        const struct arb_node *m = &s->g->nodes[l->node];
        static const char *const why[3] = {"the king moved", "that rook moved", "that rook was captured"};
        finding(s, ARB_F_ILLEGAL_MOVE, n, castling_article(s, ARB_ART_CASTLING_LOST, false),
                "%s cannot castle %s: %s earlier (%.*s, line %u)", side_names[us], castle_name(aside), why[l->why],
                (int)m->len, arb_node_text(s->g, m), m->line);
    } else {
        finding(s, ARB_F_ILLEGAL_MOVE, n, castling_article(s, ARB_ART_CASTLING_LOST, false),
                "%s cannot castle %s: the king or that rook has moved (the starting position gives no such right)",
                side_names[us], castle_name(aside));
    }
}

/* A token as messages quote it: whole up to 40 bytes, else its start (cut
 * at a character boundary) and its length, so that a runaway word does not
 * make a runaway message. */
static const char *quoted(struct rs *s, const struct arb_node *n)
{
    const char *t = arb_node_text(s->g, n);
    if (n->len <= 40)
        return arb_arena_printf(s->g->arena, "%.*s", (int)n->len, t);
    return arb_arena_printf(s->g->arena, "%.*s... (%u bytes)", (int)arb_utf8_prefix(t, n->len, 32), t,
                            (unsigned)n->len);
}

/* The square of the one piece of `type` of side `us` that the description
 * d can mean (its file or rank, where written), or -1 if none or several. */
static int only_piece(const struct arb_pos *pos, int us, int type, const struct arb_movedesc *d)
{
    arb_bb mine = arb_pos_pieces(pos, us, type);
    if (d->from_file >= 0)
        mine &= ARB_FILE_BB(d->from_file);
    if (d->from_rank >= 0)
        mine &= ARB_RANK_BB(d->from_rank);
    return arb_popcount(mine) == 1 ? arb_lsb(mine) : -1;
}

/* Is d a king move two files along the back rank from the king's square in
 * classical chess (e1-g1, e8-c8), castling written as a king move?  The
 * side (1: queenside, 0: kingside), or -1.  (In Chess960 a king move is
 * never castling: II.3, and the king may start anywhere.) */
static int castling_by_king_move(const struct arb_pos *pos, const struct arb_movedesc *d)
{
    int us = pos->side, k = pos->king_sq[us];
    if (pos->chess960 || k != ARB_SQ(4, us == ARB_WHITE ? 0 : 7) || d->to_rank != ARB_RANK(k)
        || (d->to_file != 2 && d->to_file != 6))
        return -1;
    return d->to_file == 2;
}

/* Report why the description d found no single legal move. */
static void report_failure(struct rs *s, const struct arb_node *n, const struct arb_movedesc *d,
                           const struct arb_resolve *r)
{
    const struct arb_pos *pos = &s->cur.pos;
    int us = pos->side;
    char sq[3], sq2[3], buf[ARB_MOVE_TEXT_MAX];
    int type = d->piece;
    if (d->coords && d->from_file >= 0 && d->from_rank >= 0) {
        int p = pos->board[ARB_SQ(d->from_file, d->from_rank)];
        if (p && arb_piece_color(p) == us)
            type = arb_piece_type(p);
    }
    const char *pname = type >= 0 && type < 6 ? piece_names[type] : "piece";
    if (r->square >= 0)
        square(r->square, sq);
    else if (d->to_file >= 0 && d->to_rank >= 0)
        square(ARB_SQ(d->to_file, d->to_rank), sq);
    else
        snprintf(sq, sizeof sq, "%c", d->to_file >= 0 ? 'a' + d->to_file : '?');

    switch (r->status) {
    case ARB_RS_NO_SUCH_PIECE:
        if (d->from_file >= 0 && d->from_rank >= 0) {
            square(ARB_SQ(d->from_file, d->from_rank), sq2);
            finding(s, ARB_F_ILLEGAL_MOVE, n, piece_article(type), "no %s %s stands on %s", colour_names[us],
                    d->coords ? "piece" : pname, sq2);
        } else if (d->from_file >= 0) {
            finding(s, ARB_F_ILLEGAL_MOVE, n, piece_article(type), "no %s %s stands on the %c-file", colour_names[us],
                    pname, 'a' + d->from_file);
        } else if (d->from_rank >= 0) {
            finding(s, ARB_F_ILLEGAL_MOVE, n, piece_article(type), "no %s %s stands on rank %d", colour_names[us],
                    pname, d->from_rank + 1);
        } else {
            finding(s, ARB_F_ILLEGAL_MOVE, n, piece_article(type), "%s has no %s", side_names[us], pname);
        }
        break;
    case ARB_RS_CANNOT_REACH:
        if (type == ARB_PAWN) {
            bool capture = (d->from_file >= 0 && d->from_file != d->to_file) || d->capture;
            if (capture && r->square >= 0 && !(pos->occ & ARB_BB(r->square)))
                finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_PAWN,
                        "no %s pawn can capture on %s: there is nothing to capture there", colour_names[us], sq);
            else if (!capture && r->square >= 0 && (pos->occ & ARB_BB(r->square)))
                finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_PAWN, "no %s pawn can move to %s: the square is occupied",
                        colour_names[us], sq);
            else
                finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_PAWN, "no %s pawn can %s %s", colour_names[us],
                        capture ? "capture on" : "move to", sq);
        } else if (type == ARB_KING && castling_by_king_move(pos, d) >= 0) {
            /* "Kg1" from e1: castling written as the king's move, without
             * the right (with it, the resolver reads it as castling). */
            report_castle_no_right(s, n, castling_by_king_move(pos, d));
        } else {
            int only = only_piece(pos, us, type, d);
            if (only >= 0) {
                square(only, sq2);
                finding(s, ARB_F_ILLEGAL_MOVE, n, piece_article(type), "the %s %s on %s cannot reach %s",
                        colour_names[us], pname, sq2, sq);
            } else {
                finding(s, ARB_F_ILLEGAL_MOVE, n, piece_article(type), "no %s %s can reach %s", colour_names[us],
                        pname, sq);
            }
        }
        break;
    case ARB_RS_OWN_PIECE: {
        int p = pos->board[r->square];
        finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_OCCUPIED, "%s is occupied by %s's own %s", sq, side_names[us],
                piece_names[arb_piece_type(p)]);
        break;
    }
    case ARB_RS_KING_EXPOSED: {
        arb_move m = r->cand[0];
        char from[3];
        square(arb_move_from(m), from);
        int fsq = arb_move_from(m), tsq = arb_move_to(m);
        arb_bb by = fsq == pos->king_sq[us]
                        ? arb_pos_attackers(pos, tsq, us ^ 1, pos->occ ^ ARB_BB(fsq))
                        : 0;
        if (by) {
            /* A king move onto an attacked square: name the attacker. */
            int a = arb_lsb(by);
            char asq[3];
            square(a, asq);
            finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_KING_IN_CHECK,
                    "the %s king on %s cannot move to %s: the %s %s on %s attacks that square", colour_names[us],
                    from, sq, colour_names[us ^ 1], piece_names[arb_piece_type(pos->board[a])], asq);
        } else if (arb_pos_checkers(pos))
            finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_KING_IN_CHECK,
                    "the %s king is in check and the %s on %s to %s does not answer the check", colour_names[us],
                    pname, from, sq);
        else {
            /* A pinned piece (an en-passant capture that opens a line
             * too): name the piece that would then attack the king. */
            struct arb_pos after = *pos;
            struct arb_undo u;
            arb_pos_make(&after, m, &u);
            arb_bb att = arb_pos_attackers(&after, after.king_sq[us], us ^ 1, after.occ);
            if (att) {
                int a = arb_lsb(att);
                char asq[3], ksq[3];
                square(a, asq);
                square(pos->king_sq[us], ksq);
                finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_KING_IN_CHECK,
                        "the %s on %s cannot move to %s%s: the %s %s on %s would then attack the %s king on %s",
                        pname, from, sq, arb_move_kind(m) == ARB_MK_EP ? " (en passant)" : "", colour_names[us ^ 1],
                        piece_names[arb_piece_type(pos->board[a])], asq, colour_names[us], ksq);
            } else {
                finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_KING_IN_CHECK,
                        "the %s on %s cannot move to %s: that would expose the %s king to check", pname, from, sq,
                        colour_names[us]);
            }
        }
        break;
    }
    case ARB_RS_AMBIGUOUS: {
        char list[160] = "";
        size_t used = 0;
        for (int i = 0; i < r->n_cand && used + 16 < sizeof list; i++) {
            write_move(s, r->cand[i], buf, sizeof buf);
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? (i + 1 == r->n_cand ? " or " : ", ") : "", buf);
        }
        /* Two pawns that can take the same unit: the departure file
         * (2009 C.11; later editions' pawn-capture rule). */
        finding(s, ARB_F_AMBIGUOUS_MOVE, n,
                type == ARB_PAWN ? ARB_ART_NOTATION_PAWN_AMBIGUITY : ARB_ART_NOTATION_AMBIGUITY,
                "%d %s %ss can move to %s: write %s", r->n_cand, colour_names[us], pname, sq, list);
        break;
    }
    case ARB_RS_PROMO_BAD_PIECE:
        finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_PROMOTION, "a pawn cannot promote to a %s", piece_names[d->promo]);
        break;
    case ARB_RS_PROMO_NOT_LAST:
        finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_PROMOTION, "only a pawn reaching the last rank promotes");
        break;
    case ARB_RS_CASTLE_NO_RIGHT:
        report_castle_no_right(s, n, d->castle == ARB_DESC_CASTLE_A || (d->castle == 0 && d->to_file == 2));
        break;
    case ARB_RS_CASTLE_IN_CHECK:
        finding(s, ARB_F_ILLEGAL_MOVE, n, castling_article(s, ARB_ART_CASTLING_PREVENTED, false),
                "%s cannot castle while in check", side_names[us]);
        break;
    case ARB_RS_CASTLE_BLOCKED:
        finding(s, ARB_F_ILLEGAL_MOVE, n, castling_article(s, ARB_ART_CASTLING_PREVENTED, true),
                "%s cannot castle %s: a piece stands on %s between king and rook", side_names[us],
                castle_name(d->castle == ARB_DESC_CASTLE_A), sq);
        break;
    case ARB_RS_CASTLE_ATTACKED:
        finding(s, ARB_F_ILLEGAL_MOVE, n, castling_article(s, ARB_ART_CASTLING_PREVENTED, false),
                "%s cannot castle %s: the king would cross or land on %s, which %s attacks", side_names[us],
                castle_name(d->castle == ARB_DESC_CASTLE_A), sq, side_names[us ^ 1]);
        break;
    case ARB_RS_NULL_MOVE:
        finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_ILLEGAL_MOVE, "'%s' is a null move (passing the turn), which is not a move of chess",
                quoted(s, n));
        break;
    case ARB_RS_CAPTURES_KING:
        finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_KING_CAPTURE,
                "the %s king stands on %s: taking the king is no move of chess (the illegal move before left it "
                "in check)", colour_names[us ^ 1], sq);
        break;
    case ARB_RS_INCOMPLETE:
    default:
        finding(s, ARB_F_UNKNOWN_MOVE, n, ARB_ART_NOTATION_MOVE, "the move is incomplete: no target square");
        break;
    }
    /* For diagrams: the target square, and the mover where one piece is meant. */
    struct arb_finding *f = &s->g->findings.v[s->g->findings.n - 1];
    int to = r->status == ARB_RS_KING_EXPOSED ? arb_move_to(r->cand[0])
             : r->square >= 0 && r->square < 64 ? r->square
             : d->to_file >= 0 && d->to_rank >= 0 ? ARB_SQ(d->to_file, d->to_rank) : -1;
    int from = -1;
    if (r->status == ARB_RS_KING_EXPOSED)
        from = arb_move_from(r->cand[0]);
    else if (d->from_file >= 0 && d->from_rank >= 0)
        from = ARB_SQ(d->from_file, d->from_rank);
    else if (r->status == ARB_RS_CANNOT_REACH && type != ARB_PAWN && type >= 0 && type < 6)
        from = only_piece(pos, us, type, d);
    if (r->status == ARB_RS_CASTLE_BLOCKED || r->status == ARB_RS_CASTLE_ATTACKED)
        from = -1;            /* the square in the way, or the attacked one */
    else if (r->status == ARB_RS_CASTLE_NO_RIGHT || r->status == ARB_RS_CASTLE_IN_CHECK
             || r->status == ARB_RS_NULL_MOVE)
        from = -1, to = -1;
    if (to >= 0) {
        f->mark_to = (int8_t)to;
        f->mark_from = (int8_t)from;
    }
}

/* Play m at the current level, remembering castling-right losses. */
static void play(struct rs *s, arb_move m, int node)
{
    struct level *L = &s->cur;
    uint8_t before = L->pos.castle;
    int from = arb_move_from(m);
    bool king = arb_pos_type_at(&L->pos, from) == ARB_KING;
    arb_pos_make(&L->pos, m, &L->last_undo);
    L->last = m;
    L->have_last = true;
    L->last_null = false;
    L->ply++;
    uint8_t lost = before & (uint8_t)~L->pos.castle;
    for (int i = 0; i < 4 && lost; i++)
        if (lost & (1 << i)) {
            L->loss[i].ply = L->ply;
            L->loss[i].node = node;
            L->loss[i].why = king || arb_move_kind(m) == ARB_MK_CASTLE ? 0
                             : from == L->pos.castle_rook[i] ? 1 : 2;
        }
}

/* The main line or this variation cannot go on. */
static void fail(struct rs *s)
{
    if (s->depth == 0) {
        s->stop = true;
        s->out->replay_stopped = true;
    } else {
        s->cur.dead = true;
    }
}

/* Has the position no legal move (mate or stalemate)?  Sets the end of the
 * game on the main line. */
static bool position_ended(struct rs *s)
{
    if (arb_has_legal_move(&s->cur.pos))
        return false;
    if (s->depth == 0 && !game_ended(s)) {
        s->out->end_ply = s->cur.ply;
        s->out->end_reason = arb_pos_checkers(&s->cur.pos) ? ARB_END_CHECKMATE : ARB_END_STALEMATE;
    }
    return true;
}

/* Why arb_dead_position() said yes, in words for the finding. */
static const char *dead_why(const struct arb_pos *pos)
{
    if (pos->by_type[ARB_PAWN])
        return "the pawns are locked, and no piece of either side can ever get through to mate";
    if (!pos->by_type[ARB_KNIGHT] && !pos->by_type[ARB_BISHOP])
        return "only the kings are left";
    if (pos->by_type[ARB_KNIGHT])
        return "a king and a knight against a king";
    return "besides the kings only bishops, all on squares of one colour";
}

static struct arb_finding *report_after_end(struct rs *s, const struct arb_node *n)
{
    enum arb_end_reason why = s->out->end_reason;
    if (why == ARB_END_NONE)   /* found lazily: no legal move here */
        why = arb_pos_checkers(&s->cur.pos) ? ARB_END_CHECKMATE : ARB_END_STALEMATE;
    static const enum arb_article art[] = {
        [ARB_END_CHECKMATE] = ARB_ART_CHECKMATE, [ARB_END_STALEMATE] = ARB_ART_STALEMATE,
        [ARB_END_DEAD] = ARB_ART_DEAD_POSITION, [ARB_END_FIVEFOLD] = ARB_ART_FIVEFOLD,
        [ARB_END_SEVENTYFIVE] = ARB_ART_SEVENTYFIVE,
    };
    static const char *const what[] = {
        [ARB_END_CHECKMATE] = "checkmate", [ARB_END_STALEMATE] = "stalemate",
        [ARB_END_DEAD] = "a dead position", [ARB_END_FIVEFOLD] = "a draw by fivefold repetition",
        [ARB_END_SEVENTYFIVE] = "a draw by the 75-move rule",
    };
    return finding(s, ARB_F_MOVE_AFTER_END, n, art[why], "the game had already ended in %s at ply %d; no move can follow",
            what[why], game_ended(s) ? s->out->end_ply : s->cur.ply);
}

/* Positions of the current window (since the last capture or pawn move)
 * and how often each stood.  A short window (most are: a pawn moves or a
 * piece is taken every few moves) is counted by scanning hist[], a few
 * compares; from REP_HASH_FROM plies on, a small hash table takes over,
 * reused game after game (a generation number empties it; thread-local
 * for worker threads).  A window that outgrows the table (possible only
 * under 2009, without the 75-move rule) falls back to scanning. */
#define REP_SLOTS 1024
#define REP_MAX 700
#define REP_HASH_FROM 24
struct rep_slot {
    uint64_t key;
    uint32_t gen, count;
};
static _Thread_local struct rep_slot rep_table[REP_SLOTS];
static _Thread_local uint32_t rep_gen, rep_used;

static void rep_reset(void)
{
    if (++rep_gen == 0) {
        memset(rep_table, 0, sizeof rep_table);
        rep_gen = 1;
    }
    rep_used = 0;
}

/* The slot of key (made, with count 0, when new). */
static struct rep_slot *rep_slot(uint64_t key)
{
    for (uint32_t i = (uint32_t)(key >> 40) & (REP_SLOTS - 1);; i = (i + 1) & (REP_SLOTS - 1)) {
        struct rep_slot *e = &rep_table[i];
        if (e->gen != rep_gen) {
            e->gen = rep_gen;
            e->key = key;
            e->count = 0;
            rep_used++;
            return e;
        }
        if (e->key == key)
            return e;
    }
}

/* The main line after each ply: repetitions and the move counts (9.2, 9.3,
 * 9.6).  hist[p] is the repetition key (9.2.2: side to move, castling
 * rights, en passant only where a capture is legal) after ply p. */
static void count_repetitions(struct rs *s, const struct arb_node *n, bool mate)
{
    const struct arb_pos *pos = &s->cur.pos;
    int p = s->cur.ply;
    if (p >= s->hist_cap) {
        int cap = s->hist_cap ? s->hist_cap * 2 : 256;
        while (cap <= p)
            cap *= 2;
        s->hist = arb_arena_grow(s->g->arena, s->hist, sizeof *s->hist, (size_t)s->hist_cap, (size_t)cap);
        s->hist_cap = cap;
    }
    uint64_t key = pos->ep == ARB_NO_SQ ? pos->key : arb_pos_repetition_key(pos);
    s->hist[p] = key;
    if (pos->halfmove == 0) {
        /* Nothing before a capture or pawn move can come back. */
        s->n_twice[0] = s->n_twice[1] = 0;
        s->twice_over[0] = s->twice_over[1] = false;
        s->rep_hashed = s->rep_full = false;
    }
    int lowest = p - (int)pos->halfmove;
    if (lowest < s->rep_floor)
        lowest = s->rep_floor;
    if (p - lowest >= REP_HASH_FROM && !s->rep_hashed && !s->rep_full) {
        rep_reset();
        for (int q = lowest; q < p; q++)
            rep_slot(s->hist[q])->count++;
        s->rep_hashed = true;
    }
    if (s->rep_hashed && rep_used >= REP_MAX) {
        s->rep_hashed = false;
        s->rep_full = true;
    }
    int occ;
    if (s->rep_hashed) {
        occ = (int)++rep_slot(key)->count;
    } else {
        occ = 1;
        for (int q = p - 2; q >= lowest; q -= 2)
            occ += s->hist[q] == key;
    }
    if (occ < 2 && pos->halfmove < 100)
        return;   /* the usual case: nothing has come back, no count is due */
    /* 2014 counts only five occurrences in consecutive alternate moves. */
    int consecutive = 1;
    while (p - 4 * consecutive >= lowest && s->hist[p - 4 * consecutive] == key)
        consecutive++;
    if (occ == 2) {
        if (s->n_twice[pos->side] < TWICE_MAX)
            s->twice_key[pos->side][s->n_twice[pos->side]++] = key;
        else
            s->twice_over[pos->side] = true;
    }
    const struct arb_profile *prof = s->prof;
    struct arb_finding *f;
    bool claims = !(prof->rules & ARB_PR_NO_CLAIMS);
    if (occ >= 3 && !s->threefold_told && claims) {
        s->threefold_told = true;
        f = finding(s, ARB_F_THREEFOLD_CLAIMABLE, n, ARB_ART_THREEFOLD,
                    "this move makes the position occur the third time: a draw claim is correct from here "
                    "(by %s, to move; or by %s, writing this move first)",
                    side_names[pos->side], side_names[pos->side ^ 1]);
        f->ply = p;
    }
    if (pos->halfmove >= 100 && !s->fifty_told && claims) {
        s->fifty_told = true;
        f = finding(s, ARB_F_FIFTY_CLAIMABLE, n, ARB_ART_FIFTY,
                    "this move completes 50 moves by each side without a pawn move or a capture: a draw claim "
                    "is correct from here");
        f->ply = p;
    } else if (pos->halfmove >= 100 && !s->fifty_told && (prof->rules & ARB_PR_ARBITER_FIFTY)) {
        s->fifty_told = true;
        f = finding(s, ARB_F_ARBITER_FIFTY, n, ARB_ART_ARBITER_FIFTY,
                    "50 moves by each side without a pawn move or a capture: the players cannot claim, but from "
                    "here the arbiter may declare the game drawn");
        f->ply = p;
    }
    if (!(prof->rules & ARB_PR_AUTO_DRAWS) || game_ended(s) || mate)
        return;   /* 2009: no automatic draws; a mate on the move takes precedence */
    if (occ >= 5) {
        bool strict = (prof->rules & ARB_PR_FIVEFOLD_CONSECUTIVE) != 0;
        if (!strict || consecutive >= 5) {
            f = finding(s, ARB_F_FIVEFOLD, n, ARB_ART_FIVEFOLD,
                        "this move makes the position occur the fifth time%s: the game is drawn",
                        strict ? " in consecutive alternate moves" : "");
            f->ply = p;
            s->out->end_ply = p;
            s->out->end_reason = ARB_END_FIVEFOLD;
            return;
        }
        if (occ == 5 && !s->fivefold_2014_told) {
            s->fivefold_2014_told = true;
            f = finding(s, ARB_F_NOTATION_FORM, n, ARB_ART_FIVEFOLD,
                        "the position occurs the fifth time, but not in five consecutive alternate moves: "
                        "under the %s Laws that is no automatic draw (from 2017 it would be)", prof->name);
            f->code = ARB_F_FIVEFOLD;
            f->severity = ARB_SEV_INFO;
            f->ply = p;
        }
    }
    if (pos->halfmove >= 150) {
        f = finding(s, ARB_F_SEVENTYFIVE, n, ARB_ART_SEVENTYFIVE,
                    "this move completes 75 moves by each side without a pawn move or a capture: the game is drawn");
        f->ply = p;
        s->out->end_ply = p;
        s->out->end_reason = ARB_END_SEVENTYFIVE;
    }
}

/* A form outside the language's standard but with one sure reading: say
 * so (Appendix C), at the severity the edition's wording earns. */
static void form(struct rs *s, const struct arb_node *n, enum arb_severity sev, enum arb_article art,
                 const char *fmt, ...) ARB_PRINTF(5, 6);
static void form(struct rs *s, const struct arb_node *n, enum arb_severity sev, enum arb_article art,
                 const char *fmt, ...)
{
    /* Each form is reported at its first move; later ones are counted
     * there ("... and in N more moves"), not repeated. */
    for (int i = 0; i < s->n_forms; i++)
        if (s->forms[i].fmt == fmt) {
            s->forms[i].more++;
            return;
        }
    va_list ap;
    va_start(ap, fmt);
    char *msg = arb_arena_vprintf(s->g->arena, fmt, ap);
    va_end(ap);
    struct arb_finding *f = finding(s, ARB_F_NOTATION_FORM, n, art, "%s", msg);
    f->severity = sev;
    if (s->n_forms < (int)(sizeof s->forms / sizeof s->forms[0])) {
        s->forms[s->n_forms].fmt = fmt;
        s->forms[s->n_forms].index = s->g->findings.n - 1;
        s->forms[s->n_forms++].more = 0;
    }
}

/* After the replay: "and in N more moves" on forms that came back. */
static void forms_counted(struct rs *s)
{
    for (int i = 0; i < s->n_forms; i++)
        if (s->forms[i].more) {
            struct arb_finding *f = &s->g->findings.v[s->forms[i].index];
            f->message = arb_arena_printf(s->g->arena, "%s (and in %d more move%s)", f->message, s->forms[i].more,
                                          s->forms[i].more == 1 ? "" : "s");
        }
}

/* Before the move of node n (description d, parse info, resolution r) is
 * played: the forms it was written in and the marks it bears. */
static void judge_writing(struct rs *s, const struct arb_node *n, const struct arb_movedesc *d,
                          const struct arb_parse_info *info, const struct arb_resolve *r)
{
    int moved_type = arb_pos_type_at(&s->cur.pos, arb_move_from(r->move));
    const struct arb_lang *L = s->lang;
    unsigned f = info->forms;
    bool pgn = (L->flags & ARB_LANG_PGN) != 0;
    bool long_ok = (s->prof->rules & ARB_PR_LONG_FORM) != 0;
    const char *ed = s->prof->name;

    if (f) {
        if ((f & ARB_NF_CASTLE_LETTER_O) && !pgn)
            form(s, n, ARB_SEV_INFO, ARB_ART_NOTATION_MARKS, "castling is written with zeros (0-0, 0-0-0), not the letter O");
        if (f & ARB_NF_CASTLE_LOWER)
            form(s, n, ARB_SEV_INFO, ARB_ART_NOTATION_MARKS, "castling is written 0-0 or 0-0-0, not in lower-case letters");
        if (f & ARB_NF_CASTLE_NO_DASH)
            form(s, n, ARB_SEV_INFO, ARB_ART_NOTATION_MARKS, "castling is written with a hyphen (0-0, 0-0-0)");
        if ((f & ARB_NF_PROMO_EQUALS) && !pgn)
            form(s, n, ARB_SEV_INFO, ARB_ART_NOTATION_PROMOTION,
                 "'=' before the new piece is PGN style; the Laws write the letter right after the square (d8%s)",
                 L->piece[ARB_QUEEN]);
        if (f & ARB_NF_PROMO_PAREN)
            form(s, n, ARB_SEV_INFO, ARB_ART_NOTATION_PROMOTION,
                 "the new piece is written right after the square, without brackets or a slash");
        if (f & ARB_NF_LOWER_PIECE)
            form(s, n, ARB_SEV_WARNING, ARB_ART_NOTATION_LETTERS, "piece letters are capitals");
        if (f & ARB_NF_PAWN_LETTER)
            form(s, n, ARB_SEV_WARNING, ARB_ART_NOTATION_LETTERS, "a pawn move carries no letter (e4, not %s...)",
                 L->pawn_letter ? L->pawn_letter : "P");
        if ((f & ARB_NF_COORDS) && moved_type != ARB_PAWN) {
            char to[3];
            square(arb_move_to(r->move), to);
            form(s, n, ARB_SEV_WARNING, ARB_ART_NOTATION_MOVE,
                 "a move written as coordinates only (UCI style); the Laws write the piece letter (%s%s)",
                 moved_type == ARB_KING && arb_move_kind(r->move) == ARB_MK_CASTLE ? "0-0" : L->piece[moved_type],
                 moved_type == ARB_KING && arb_move_kind(r->move) == ARB_MK_CASTLE ? "" : to);
        }
        else if ((f & (ARB_NF_LONG | ARB_NF_COORDS)) && !long_ok)
            form(s, n, ARB_SEV_INFO, ARB_ART_NOTATION_MOVE,
                 "the long form (departure and arrival square) is not described by the %s Laws", ed);
        if ((f & ARB_NF_HYPHEN))
            form(s, n, long_ok ? ARB_SEV_INFO : ARB_SEV_WARNING, ARB_ART_NOTATION_MOVE,
                 long_ok ? "a hyphen between the squares is not needed" : "no hyphen is used between the squares (%s)", ed);
        if (f & ARB_NF_EP_GLUED)
            form(s, n, ARB_SEV_INFO, ARB_ART_NOTATION_MARKS, "a space belongs before the en-passant mark");
        if (f & ARB_NF_COLON_CAPTURE)
            form(s, n, ARB_SEV_INFO, ARB_ART_NOTATION_CAPTURE, "a capture is marked with x, not ':'");
        if ((f & ARB_NF_X_MATE) && !(L->flags & ARB_LANG_X_MATE))
            form(s, n, ARB_SEV_WARNING, ARB_ART_NOTATION_MARKS, "X as the mate sign is Finnish; in %s it is %s",
                 L->name, L->mate_mark);
        if (f & ARB_NF_LOWER_PROMO)
            form(s, n, ARB_SEV_WARNING, ARB_ART_NOTATION_PROMOTION, "the new piece's letter is written as a capital (d8Q, not d8q)");
        if (f & ARB_NF_FOREIGN_EP_MARK)
            form(s, n, ARB_SEV_WARNING, ARB_ART_NOTATION_MARKS, "this en-passant mark is not %s (%s)", L->name,
                 L->ep_marks[0] ? L->ep_marks[0] : "e.p.");
        if (f & ARB_NF_CAPITAL_X)
            form(s, n, ARB_SEV_WARNING, ARB_ART_NOTATION_CAPTURE,
                 (r->notes & ARB_RN_CAPTURE_MARK_EMPTY)
                     ? "a capital X where the capture mark stands, but the move captures nothing: read as the move "
                       "without it (X is the Finnish mate sign, written after the square)"
                     : "a capital X where the capture mark stands; the capture mark is a lower-case x");
        if (f & ARB_NF_TRAILING_X)
            form(s, n, ARB_SEV_WARNING, ARB_ART_NOTATION_MARKS,
                 "a lower-case x after the square is no mark of the Laws (capture is x before the square; mate is %s)",
                 L->mate_mark);
    }
    if (pgn && d->promo != ARB_NO_PIECE && !(f & (ARB_NF_PROMO_EQUALS | ARB_NF_COORDS)))
        form(s, n, ARB_SEV_INFO, ARB_ART_NOTATION_PROMOTION, "PGN writes a promotion with '=' (e8=Q)");
    if (r->notes) {
        if ((r->notes & ARB_RN_CAPTURE_MARK_EMPTY) && !(f & ARB_NF_CAPITAL_X))
            finding(s, ARB_F_WRONG_MARK, n, ARB_ART_NOTATION_CAPTURE, "a capture mark, but the move captures nothing");
        if (r->notes & ARB_RN_EP_MARK_NOT_EP)
            finding(s, ARB_F_WRONG_MARK, n, ARB_ART_NOTATION_CAPTURE, "an en-passant mark on a move that is no en-passant capture");
        if (r->notes & ARB_RN_PAWN_CAPTURE_NOFILE)
            form(s, n, ARB_SEV_WARNING, ARB_ART_NOTATION_CAPTURE, "a pawn capture is written with the pawn's file (exd5)");
        if (r->notes & ARB_RN_KING_STEP_CASTLE)
            form(s, n, ARB_SEV_WARNING, ARB_ART_NOTATION_MARKS, "castling is written 0-0 or 0-0-0, not as a king move");
    }
}

/* After the move of node n was played (check and mate known): a check or
 * mate mark the move does not bear out.  The finding belongs to the move:
 * its ply and the position before it. */
static void judge_marks(struct rs *s, const struct arb_node *n, int written, bool check, bool mate)
{
    const char *msg = NULL;
    enum arb_code code = ARB_F_WRONG_MARK;
    if (written == ARB_DESC_CHECK && !check)
        msg = "a check mark, but the move gives no check";
    else if (written == ARB_DESC_MATE && !check)
        msg = "a mate mark, but the move gives no check";
    else if (written == ARB_DESC_MATE && !mate)
        msg = "a mate mark, but the move only gives check";
    else if (written == ARB_DESC_CHECK && mate)
        msg = "marked as check, but the move mates", code = ARB_F_NOTATION_FORM;
    if (!msg)
        return;
    struct level *L = &s->cur;
    arb_pos_unmake(&L->pos, L->last, &L->last_undo);
    L->ply--;
    struct arb_finding *f = finding(s, code, n, ARB_ART_NOTATION_MARKS, "%s", msg);
    f->last = ARB_MOVE_NONE;   /* the move before is not kept */
    mark_move(f, L->last);
    L->ply++;
    arb_pos_make(&L->pos, L->last, &L->last_undo);
}

/* Read the move at node idx: one token, or a phrase of words in a spoken
 * language (*used: how many nodes it took). */
static inline __attribute__((always_inline)) enum arb_np_status read_move(const struct arb_game *g, const struct arb_lang *lang, int idx,
                                    struct arb_movedesc *d, struct arb_parse_info *info, int *used)
{
    const struct arb_node *n = &g->nodes[idx];
    *used = 1;
    if (!lang->spoken)
        return arb_notation_parse(lang, arb_node_text(g, n), n->len, d, info);
    const char *w[8];
    size_t len[8] = {0};
    int k = 0;
    while (k < 8 && idx + k < g->n_nodes && g->nodes[idx + k].kind == ARB_N_MOVE) {
        w[k] = arb_node_text(g, &g->nodes[idx + k]);
        len[k] = g->nodes[idx + k].len;
        k++;
    }
    int took = arb_notation_parse_spoken(lang, (const char *const *)w, len, k, d, info);
    if (!took)
        return ARB_NP_ERROR;
    *used = took;
    return ARB_NP_MOVE;
}

/* Before the main-line move `played`: could the player to move have
 * claimed a draw by writing another move first (9.2.1.1 / 9.3.1), one the
 * record shows he did not play?  Said once per game, and only before a
 * claim was open anyway. */
static void check_unplayed_claims(struct rs *s, const struct arb_node *n, arb_move played)
{
    const struct arb_pos *pos = &s->cur.pos;
    if (s->unplayed_told || s->threefold_told || s->fifty_told || (s->prof->rules & ARB_PR_NO_CLAIMS))
        return;
    bool fifty = pos->halfmove == 99;
    int them = pos->side ^ 1;   /* positions after this move have the other side to move */
    bool twice = s->n_twice[them] > 0, over = s->twice_over[them];
    if (!twice && !fifty)
        return;
    int p = s->cur.ply + 1, lowest = p - (int)pos->halfmove - 1;
    if (lowest < s->rep_floor)
        lowest = s->rep_floor;
    bool played_resets = arb_pos_type_at(pos, arb_move_from(played)) == ARB_PAWN
                         || (pos->occ & ARB_BB(arb_move_to(played))) || arb_move_kind(played) == ARB_MK_EP;
    /* Only a quiet piece move keeps the window open (a capture or a pawn
     * move makes a position that never stood before): try those, by
     * movement, and test legality only for a move that would do. */
    struct arb_legal_info li;
    arb_legal_info(pos, &li);
    arb_bb pieces = pos->by_color[pos->side] & ~pos->by_type[ARB_PAWN];
    arb_move m = 0;
    const char *why = NULL;
    while (pieces && !why) {
        int from = arb_pop_lsb(&pieces);
        arb_bb to_set = arb_piece_attacks(arb_pos_type_at(pos, from), from, pos->occ) & ~pos->occ;
        while (to_set && !why) {
            m = arb_move_make(from, arb_pop_lsb(&to_set), ARB_MK_NORMAL, 0);
            if (m == played)
                continue;
            bool repeats = false;
            if (twice) {
                uint64_t key = arb_pos_key_after_quiet(pos, m);
                int occ = 1;
                if (!over) {
                    for (int i = 0; i < s->n_twice[them]; i++)
                        occ += 2 * (s->twice_key[them][i] == key);
                } else {
                    for (int q = p - 2; q >= lowest && q >= 0; q -= 2)
                        occ += s->hist[q] == key;
                }
                repeats = occ >= 3;
            }
            if (!repeats && !(fifty && played_resets))
                continue;
            if (!arb_move_legal(pos, &li, m))
                continue;
            why = repeats ? "it would have made the position occur the third time"
                          : "it would have completed 50 moves by each side without a pawn move or a capture";
        }
    }
    if (why) {
        char mv[ARB_MOVE_TEXT_MAX], num[16];
        write_move(s, m, mv, sizeof mv);
        move_number(pos, num, sizeof num);
        struct arb_finding *f = finding(s, ARB_F_CLAIM_UNPLAYED, n, fifty && !twice ? ARB_ART_FIFTY : ARB_ART_THREEFOLD,
                                        "%s could have claimed a draw by writing %s %s first (%s); the record shows "
                                        "another move", side_names[pos->side], num, mv, why);
        (void)f;
        s->unplayed_told = true;
    }
}

static int trial_replay_from(const struct arb_game *g, const struct arb_lang *lang, const struct arb_pos *start,
                             int first, uint64_t *key, bool *complete, int *bad_marks);

/* An illegal move on the main line that the record shows was played: the
 * rest of the record replays only from the position it left.  Only a move
 * that is physically clear can have stood: one piece from one square to
 * another (the only candidate, exposing its king), or castling in or
 * through check.  It stood when the moves after it replay from there to
 * the end (at least one), or for STOOD_PLIES half-moves.  *m: the move. */
#define STOOD_PLIES 8
static bool illegal_move_stood(struct rs *s, int next, const struct arb_movedesc *d, const struct arb_resolve *r,
                               arb_move *m)
{
    const struct arb_pos *pos = &s->cur.pos;
    if (s->depth || game_ended(s))
        return false;
    if (r->status == ARB_RS_KING_EXPOSED && r->n_cand == 1) {
        *m = r->cand[0];
    } else if (r->status == ARB_RS_CASTLE_IN_CHECK || r->status == ARB_RS_CASTLE_ATTACKED) {
        int us = pos->side, k = pos->king_sq[us];
        int aside = d->castle ? d->castle == ARB_DESC_CASTLE_A : d->to_file >= 0 && d->to_file < ARB_FILE(k);
        *m = arb_move_make(k, pos->castle_rook[ARB_CASTLE_IDX(us, aside)], ARB_MK_CASTLE, 0);
    } else {
        return false;
    }
    struct arb_pos after = *pos;
    struct arb_undo u;
    arb_pos_make(&after, *m, &u);
    uint64_t key;
    bool complete;
    int plies = trial_replay_from(s->g, s->lang, &after, next, &key, &complete, NULL);
    return plies >= STOOD_PLIES || (complete && plies >= 1);
}

static const char *ordinal(int k)
{
    static const char *const names[] = {"first", "second", "third", "fourth", "fifth"};
    return k >= 1 && k <= 5 ? names[k - 1] : "further";
}

/* The illegal move about to be played (by the side to move, from the
 * position before it) counts: what the edition prescribes for it in this
 * kind of game, as a clause ("it is White's second illegal move: under
 * ..."); *article: the rule applied.  arbiter_case: the kind the arbiter
 * acts on himself even where he otherwise waits for a claim (2009 A.4c: a
 * promotion not completed, both kings in check).  The minutes it adds to
 * the opponent's clock, if any, are credited to that clock (a reading
 * that shows them is lawful, 6.3.1). */
static const char *illegal_consequence(struct rs *s, const char **article, bool arbiter_case)
{
    const struct arb_pos *pos = &s->cur.pos;
    int off = pos->side, opp = off ^ 1;
    int k = ++s->illegal_moves[off];
    enum arb_mode mode = s->out->mode;
    const struct arb_illegal_rule *ir = &s->prof->illegal[mode];
    const char *opp_next = opp == ARB_WHITE ? "White's" : "Black's";
    struct arb_buf b = {0};
    arb_buf_printf(&b, "it is %s's %s illegal move: under %s (%s) ", side_names[off], ordinal(k), s->prof->name,
                   arb_mode_name(mode));
    if (ir->loses_at && k >= ir->loses_at) {
        enum arb_dead cm = arb_can_mate(pos, opp, MATE_BUDGET, NULL);
        arb_buf_adds(&b, ir->on_claim ? "it may lose the game" : "it loses the game");
        if (cm == ARB_DEAD_NO)
            arb_buf_printf(&b, ", but %s cannot checkmate %s by any series of legal moves: then it is a draw",
                           side_names[opp], side_names[off]);
        else if (cm == ARB_DEAD_UNKNOWN)
            arb_buf_printf(&b, " (a draw if %s cannot checkmate %s by any series of legal moves; not decided here)",
                           side_names[opp], side_names[off]);
        if (ir->on_claim)
            arb_buf_printf(&b, ", when %s claims%s before %s next move; unclaimed it stands", side_names[opp],
                           ir->arbiter_acts ? " (or the arbiter acts)" : "", opp_next);
    } else if (ir->penalty_min) {
        arb_buf_printf(&b, "%s gets %d more minute%s on the clock", side_names[opp], ir->penalty_min,
                       ir->penalty_min == 1 ? "" : "s");
        if (ir->on_claim)
            arb_buf_printf(&b, " if it is claimed%s before %s next move", ir->arbiter_acts ? " (or the arbiter acts)" : "",
                           opp_next);
        if (ir->loses_at)
            arb_buf_printf(&b, "; the %s loses", ordinal(ir->loses_at));
        if (s->depth == 0)
            arb_clocks_add_penalty(&s->out->clocks, opp, 600L * ir->penalty_min, s->cur.ply + 1);
    } else {
        arb_buf_adds(&b, "it carries no penalty by count");
    }
    if (ir->on_claim && !ir->arbiter_acts && arbiter_case && ir->arbiter_exception)
        arb_buf_printf(&b, "; here %s", ir->arbiter_exception);
    const char *text = arb_arena_printf(s->g->arena, "%s", b.data);
    arb_buf_free(&b);
    *article = ir->article;
    return text;
}

/* Rapid and blitz (2014 A.4.d, 2017/2018 A.4.4, 2023 A.5.4): an arbiter
 * who sees both kings in check waits until the next move is completed;
 * if an illegal position is still on the board then, the game is drawn.
 * Called after a followed illegal move (f its finding) when the side to
 * move is in check.  The draw itself a record cannot show here: the next
 * move would have to be a second illegal one, and the replay follows an
 * illegal move only when the rest replays legally from it. */
static void both_kings_in_check(struct rs *s, struct arb_finding *f)
{
    const struct arb_pos *pos = &s->cur.pos;
    const char *article = s->prof->illegal[s->out->mode].both_in_check;
    int mover = pos->side ^ 1;
    if (article && arb_pos_attackers(pos, pos->king_sq[mover], pos->side, pos->occ))
        f->message = arb_arena_printf(s->g->arena,
                                      "%s; both kings are now in check: the arbiter waits for the next move, and if an "
                                      "illegal position is still on the board then, the game is drawn (%s)",
                                      f->message, article);
}

static int trial_replay_from(const struct arb_game *g, const struct arb_lang *lang, const struct arb_pos *start,
                             int first, uint64_t *key, bool *complete, int *bad_marks);

/* --repair: at an unreadable or illegal move of the main line, the legal
 * moves nearest to what was written (reconstruct's token cost), tried with
 * the rest of the main line.  The note under finding f names the nearest
 * one from which the rest replays; the replay goes on from it (returns
 * true) unless another fits as well. */
static void after_move(struct rs *s, const struct arb_node *n, bool *check_out, bool *mate_out);

static bool repair(struct rs *s, int idx, int used, struct arb_finding *f)
{
    if (!s->opts->repair || s->depth || !f)
        return false;
    const struct arb_node *n = &s->g->nodes[idx];
    char *tok = arb_arena_strndup(s->g->arena, arb_node_text(s->g, n), n->len);
    struct arb_movelist ml;
    arb_gen_legal(&s->cur.pos, &ml);
    struct cand { arb_move m; double cost; } cand[ARB_MAX_MOVES];
    int nc = 0;
    for (int j = 0; j < ml.n; j++) {
        double c = arb_slip_token_cost(s->lang, tok, &s->cur.pos, ml.moves[j], NULL, 0);
        if (c < ARB_SLIP_GARBAGE)
            cand[nc++] = (struct cand){ml.moves[j], c};
    }
    for (int a = 1; a < nc; a++)   /* cheapest first (few: insertion sort) */
        for (int b = a; b > 0 && cand[b].cost < cand[b - 1].cost; b--) {
            struct cand t = cand[b];
            cand[b] = cand[b - 1];
            cand[b - 1] = t;
        }
    int best = -1, second = -1, most = -1, most_plies = -1;
    for (int a = 0; a < nc && a < 8; a++) {
        struct arb_pos p = s->cur.pos;
        struct arb_undo u;
        arb_pos_make(&p, cand[a].m, &u);
        uint64_t key;
        bool complete;
        int plies = trial_replay_from(s->g, s->lang, &p, idx + used, &key, &complete, NULL);
        if (complete) {
            if (best < 0)
                best = a;
            else if (second < 0)
                second = a;
        }
        if (plies > most_plies) {
            most_plies = plies;
            most = a;
        }
    }
    char san[3][ARB_MOVE_TEXT_MAX], why[96];
    struct arb_movedesc d;
    const struct arb_lang *en = arb_lang_find("en");
    int show[3] = {best, second, most};
    for (int k = 0; k < 3; k++)
        if (show[k] >= 0) {
            arb_san_describe(&s->cur.pos, cand[show[k]].m, &d);
            arb_notation_write(s->lang ? s->lang : en, &d, true, san[k], sizeof san[k]);
        }
    if (best >= 0 && second >= 0 && cand[second].cost <= cand[best].cost + 1e-9) {
        f->note = arb_arena_printf(s->g->arena,
                                   "--repair: '%s' may be %s or %s: the rest of the game replays from either, and "
                                   "the record does not say which",
                                   tok, san[0], san[1]);
        return false;
    }
    if (best >= 0) {
        arb_slip_token_cost(s->lang, tok, &s->cur.pos, cand[best].m, why, sizeof why);
        f->note = arb_arena_printf(s->g->arena,
                                   "--repair: '%s' is most likely %s (%s): the rest of the game replays from it, "
                                   "and the replay goes on from there",
                                   tok, san[0], why[0] ? why : "as written");
        s->out->repaired++;
        if (s->opts->on_move)
            s->opts->on_move(s->opts->ctx, idx, &s->cur.pos, cand[best].m);
        play(s, cand[best].m, idx);
        bool check, mate;
        after_move(s, n, &check, &mate);
        return true;
    }
    if (most >= 0) {
        arb_slip_token_cost(s->lang, tok, &s->cur.pos, cand[most].m, why, sizeof why);
        f->note = arb_arena_printf(s->g->arena,
                                   "--repair: the nearest legal move is %s (%s), but the game does not replay to its "
                                   "end from it either",
                                   san[2], why[0] ? why : "as written");
    }
    return false;
}

/* After a token of the main line that is no move (pasted "<br>", a
 * stray word): where the replay can go on.  The next move number, with
 * only comments, NAGs and more such tokens before it, resynchronises when
 * it agrees with the position (the junk took no move's place: "e5 <br>
 * 2. Nf3"); its node index, or -1 when the replay cannot go on safely. */
static int resync(struct rs *s, int from)
{
    if (s->depth)
        return -1;
    const struct arb_game *g = s->g;
    for (int i = from; i < g->n_nodes; i++) {
        const struct arb_node *n = &g->nodes[i];
        switch (n->kind) {
        case ARB_N_COMMENT:
        case ARB_N_NAG:
            continue;
        case ARB_N_MOVE: {
            struct arb_movedesc d;
            struct arb_parse_info info;
            int used;
            if (read_move(g, s->lang, i, &d, &info, &used) != ARB_NP_ERROR)
                return -1;   /* a move: it may stand in the junk's place */
            continue;
        }
        case ARB_N_MOVENUM: {
            const struct arb_pos *pos = &s->cur.pos;
            bool black = n->dots >= 2;
            return n->num == (int32_t)pos->fullmove && black == (pos->side == ARB_BLACK) ? i : -1;
        }
        default:
            return -1;
        }
    }
    return -1;
}

static int do_move(struct rs *s, int idx)
{
    const struct arb_node *n = &s->g->nodes[idx];
    struct arb_movedesc d;
    struct arb_parse_info info;
    int used = 1;

    /* After checkmate or stalemate nothing can follow on the main line
     * (no move is legal).  After an
     * automatic draw the record's further moves are void but legal: the
     * first is reported, and the replay goes on (INTERFACE: plies counts
     * them, fen is where the record ends). */
    if (s->depth == 0 && (s->out->end_reason == ARB_END_CHECKMATE || s->out->end_reason == ARB_END_STALEMATE)) {
        report_after_end(s, n);
        fail(s);
        return used;
    }
    /* (Findings are kept by index: the list grows, and moves, as the move
     * is judged.) */
    int after_end = -1;
    if (s->depth == 0 && s->out->end_reason != ARB_END_NONE && !s->after_end_told) {
        s->after_end_told = true;
        report_after_end(s, n);
        after_end = s->g->findings.n - 1;
    }
    enum arb_np_status st = read_move(s->g, s->lang, idx, &d, &info, &used);
    if (st == ARB_NP_EP_MARK) {
        /* "exd6 e.p.": the mark belongs to the move before. */
        if (s->cur.have_last) {
            struct arb_finding *f = NULL;
            if (arb_move_kind(s->cur.last) != ARB_MK_EP)
                f = finding(s, ARB_F_WRONG_MARK, n, ARB_ART_NOTATION_CAPTURE,
                            "an en-passant mark after a move that is no en-passant capture");
            else if (info.forms & ARB_NF_FOREIGN_EP_MARK)
                f = finding(s, ARB_F_NOTATION_FORM, n, ARB_ART_NOTATION_MARKS, "'%s' is not a %s en-passant mark (%s)",
                            quoted(s, n), s->lang->name, s->lang->ep_marks[0] ? s->lang->ep_marks[0] : "e.p.");
            if (f) {
                f->severity = ARB_SEV_WARNING;
                f->ply = s->cur.ply;
            }
        }
        return used;
    }
    if (st == ARB_NP_CHECK_MARK)
        return used;   /* a mark written as its own word belongs to the move before */
    if (st == ARB_NP_ERROR) {
        struct arb_finding *f;
        if (strcmp(info.error, "not a move") == 0)
            f = finding(s, ARB_F_UNKNOWN_MOVE, n, ARB_ART_NOTATION_MOVE, "'%s' is not a move in %s notation",
                        quoted(s, n), s->lang->name);
        else if (info.bad[0])
            f = finding(s, ARB_F_UNKNOWN_MOVE, n, ARB_ART_NOTATION_MOVE, "'%s' is not a move in %s notation: %s '%s'",
                        quoted(s, n), s->lang->name, info.error, info.bad);
        else
            f = finding(s, ARB_F_UNKNOWN_MOVE, n, ARB_ART_NOTATION_MOVE, "'%s' is not a move in %s notation: %s",
                        quoted(s, n), s->lang->name, info.error);
        if (repair(s, idx, used, f))
            return used;
        int resume = resync(s, idx + used);
        if (resume < 0) {
            fail(s);
            return used;
        }
        const struct arb_node *at = &s->g->nodes[resume];
        f->message = arb_arena_printf(s->g->arena, "%s; the replay skips it and resumes at %.*s (line %u)", f->message,
                                      (int)at->len, arb_node_text(s->g, at), at->line);
        return resume - idx;
    }
    if (!s->lang_told
        && ((d.piece >= ARB_KNIGHT && d.piece <= ARB_KING && !d.coords) || (d.promo >= ARB_KNIGHT && d.promo <= ARB_QUEEN)))
        s->lang_told = true;
    if (d.null_move) {
        /* A null move passes the turn: in analysis (a variation) it shows a
         * threat; in the game itself it is no move of chess, but the record
         * goes on as if the turn had passed, and so does the replay.  Not
         * when the side to move is in check (passing leaves the king in it). */
        if (arb_pos_checkers(&s->cur.pos)) {
            finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_KING_IN_CHECK,
                    "a null move ('%s') cannot answer a check", quoted(s, n));
            fail(s);
            return used;
        }
        if (s->depth > 0) {
            finding(s, ARB_F_NULL_MOVE, n, -1, "a null move ('%s') passes the turn", quoted(s, n));
        } else {
            finding(s, ARB_F_ILLEGAL_MOVE, n, ARB_ART_ILLEGAL_MOVE,
                    "'%s' is a null move (passing the turn), which is not a move of chess; the replay passes the turn "
                    "to %s and goes on", quoted(s, n), side_names[s->cur.pos.side ^ 1]);
            followed_illegal(s);
        }
        arb_pos_make_null(&s->cur.pos, &s->cur.last_undo);
        s->cur.ply++;
        s->cur.have_last = false;
        s->cur.last_null = true;   /* a variation after it replaces it */
        if (s->depth == 0) {
            /* No position before the pass can come back after it. */
            s->rep_floor = s->cur.ply;
            s->n_twice[0] = s->n_twice[1] = 0;
            s->twice_over[0] = s->twice_over[1] = false;
            s->rep_hashed = s->rep_full = false;
            count_repetitions(s, n, false);
        }
        return used;
    }

    struct arb_resolve r;
    arb_san_resolve(&s->cur.pos, &d, &r);
    bool stood = false;
    int stood_f = -1;
    if (r.status != ARB_RS_OK && r.status != ARB_RS_PROMO_MISSING) {
        arb_move m;
        bool ended = position_ended(s);
        if (ended) {
            report_after_end(s, n);
        } else {
            report_failure(s, n, &d, &r);
            stood = illegal_move_stood(s, idx + used, &d, &r, &m);
        }
        if (!stood) {
            struct arb_finding *f = s->g->findings.n ? &s->g->findings.v[s->g->findings.n - 1] : NULL;
            if (f && f->code != ARB_F_ILLEGAL_MOVE && f->code != ARB_F_AMBIGUOUS_MOVE)
                f = NULL;
            if (ended || !repair(s, idx, used, f))
                fail(s);
            return used;
        }
        const char *article;
        const char *what = illegal_consequence(s, &article, false);
        struct arb_finding *f = finding(s, ARB_F_ILLEGAL_MOVE_STOOD, n, -1,
                                        "the record goes on from the position this move left, as if it stood (the "
                                        "moves after it replay only from there), and the replay follows it; %s",
                                        what);
        f->article = article;
        stood_f = s->g->findings.n - 1;
        r.move = m;
        followed_illegal(s);
    }
    if (r.status == ARB_RS_PROMO_MISSING) {
        char to[3];
        square(arb_move_to(r.move), to);
        /* An illegal move that counts on the main line (2009 7.4a; 2014+ 7.5.2). */
        const char *counts = "";
        followed_illegal(s);
        if (s->depth == 0) {
            const char *article;
            const char *what = illegal_consequence(s, &article, true);
            counts = arb_arena_printf(s->g->arena, ", and the move counts as an illegal move: %s (%s)", what, article);
        }
        finding(s, ARB_F_PROMOTION_MISSING, n, ARB_ART_PROMOTION_INCOMPLETE,
                "the pawn reaches %s but no piece is chosen; it %s%s", to,
                (s->prof->rules & ARB_PR_PROMO_QUEEN) ? "is replaced by a queen"
                                                      : "is read as a queen (this edition names no piece for it)",
                counts);
    }
    if (!stood && (info.forms | r.notes | (d.promo != ARB_NO_PIECE)))
        judge_writing(s, n, &d, &info, &r);
    if (!stood && (s->n_twice[s->cur.pos.side ^ 1] || s->cur.pos.halfmove == 99) && s->depth == 0
        && !game_ended(s) && !s->unplayed_told)
        check_unplayed_claims(s, n, r.move);
    if (after_end >= 0)
        mark_move(&s->g->findings.v[after_end], r.move);
    if (s->opts->on_move)
        s->opts->on_move(s->opts->ctx, idx, &s->cur.pos, r.move);
    play(s, r.move, idx);
    bool check, mate;
    after_move(s, n, &check, &mate);
    if (stood_f >= 0 && check)
        both_kings_in_check(s, &s->g->findings.v[stood_f]);
    if (d.check || check)
        judge_marks(s, n, d.check, check, mate);
    return used;
}

/* After a move of the record is played (as written, or as --repair read
 * it): checkmate, the repetitions and move counts, a dead position.
 * *check, *mate: what the move gave. */
static void after_move(struct rs *s, const struct arb_node *n, bool *check_out, bool *mate_out)
{
    bool check = arb_pos_checkers(&s->cur.pos) != 0;
    bool mate = check && !arb_has_legal_move(&s->cur.pos);
    *check_out = check;
    *mate_out = mate;
    if (mate && s->depth == 0 && !game_ended(s)) {
        s->out->end_ply = s->cur.ply;
        s->out->end_reason = ARB_END_CHECKMATE;
    }
    if (s->depth == 0) {
        count_repetitions(s, n, mate);
        /* 5.2.2: a dead position ends the game at once (the move that made
         * it being legal); mate and the automatic draws came first.  Only
         * captures and pawn moves change the material and the pawns the
         * proofs rest on: asked after those, and after the first move. */
        if (!mate && !game_ended(s) && (s->cur.pos.halfmove == 0 || s->cur.ply == 1)
            && arb_dead_position(&s->cur.pos) == ARB_DEAD_YES) {
            struct arb_finding *f = finding(s, ARB_F_DEAD_POSITION, n, ARB_ART_DEAD_POSITION,
                                            "no sequence of legal moves can lead to checkmate (%s): the game is drawn",
                                            dead_why(&s->cur.pos));
            f->ply = s->cur.ply;
            s->out->end_ply = s->cur.ply;
            s->out->end_reason = ARB_END_DEAD;
        }
    }
}

static void check_number(struct rs *s, const struct arb_node *n)
{
    if (s->depth || s->numbering_reported || n->num < 0)
        return;
    /* Only a number that a move follows (not trailing junk). */
    const struct arb_pos *pos = &s->cur.pos;
    bool black_dots = n->dots >= 2;
    if ((unsigned)n->num == pos->fullmove && (!black_dots || pos->side == ARB_BLACK))
        return;
    char next[24];
    move_number(pos, next, sizeof next);
    s->numbering_reported = true;
    finding(s, ARB_F_MOVE_NUMBER, n, ARB_ART_RECORDING,
            "the record says %s but %s's move %s is next; a move may be missing or written twice", quoted(s, n),
            side_names[pos->side], next);
}

static void open_variation(struct rs *s, const struct arb_node *n)
{
    if (s->skip || s->depth >= ARB_MAX_VARIATION_DEPTH) {
        /* Deeper than we follow: read on, check nothing until it closes.
         * (Each level keeps a position: the limit bounds the memory.) */
        if (!s->skip++ && !s->too_deep_reported) {
            s->too_deep_reported = true;
            struct arb_finding *f = finding(s, ARB_F_VARIATION_TOO_DEEP, n, -1,
                                            "variations are nested more than %d deep here; the deeper ones are not checked",
                                            ARB_MAX_VARIATION_DEPTH);
            f->ply = s->cur.ply;
        }
        return;
    }
    if (s->depth == s->cap) {
        int cap = s->cap ? s->cap * 2 : 8;
        s->stack = arb_arena_grow(s->g->arena, s->stack, sizeof *s->stack, (size_t)s->depth, (size_t)cap);
        s->cap = cap;
    }
    s->stack[s->depth++] = s->cur;
    if (s->cur.dead)
        return;
    if (s->cur.have_last) {
        arb_pos_unmake(&s->cur.pos, s->cur.last, &s->cur.last_undo);
        s->cur.ply--;
        s->cur.have_last = false;
    } else if (s->cur.last_null) {
        arb_pos_unmake_null(&s->cur.pos, &s->cur.last_undo);
        s->cur.ply--;
        s->cur.last_null = false;
    }
}

static void close_variation(struct rs *s)
{
    s->cur = s->stack[--s->depth];
}

/* Does s contain word, ignoring ASCII case? */
static bool contains_nocase(const char *s, const char *word)
{
    size_t n = strlen(word);
    for (; *s; s++)
        if (strncasecmp(s, word, n) == 0)
            return true;
    return false;
}

static bool is_chess960(const char *variant)
{
    if (!variant)
        return false;
    return strstr(variant, "960") || contains_nocase(variant, "fischer") || contains_nocase(variant, "frc")
           || contains_nocase(variant, "freestyle");
}

static bool is_standard(const char *variant)
{
    return !variant || !*variant || strcasecmp(variant, "standard") == 0 || strcasecmp(variant, "chess") == 0
           || strcasecmp(variant, "normal") == 0 || strcasecmp(variant, "from position") == 0
           || strcasecmp(variant, "fromposition") == 0;
}

/* ---- Language detection (--lang=auto) ------------------------------------
 *
 * A game is read in one language throughout.  The letters its moves begin
 * with narrow the candidates (notation/lead.c); when several remain, each
 * replays the main line and the one that gets furthest wins.  Languages
 * that read the game to the same position (de and sv share every letter;
 * a game without knight moves reads alike in fi and de) are the same
 * reading: the hint, then the file's majority, then table order decide,
 * silently.  Two readings that differ but both replay the whole game are
 * reported (lang-ambiguous).
 */

/* Main-line plies that lang replays from start before a move fails; the
 * final key in *key; *bad_marks (when not NULL): how many check and mate
 * marks the moves so read do not bear out. */
static int trial_replay_from(const struct arb_game *g, const struct arb_lang *lang, const struct arb_pos *start,
                             int first, uint64_t *key, bool *complete, int *bad_marks)
{
    struct arb_pos pos = *start;
    int depth = 0, plies = 0;
    *complete = false;
    if (bad_marks)
        *bad_marks = 0;
    for (int i = first; i < g->n_nodes; i++) {
        const struct arb_node *n = &g->nodes[i];
        if (n->kind == ARB_N_VAR_OPEN) {
            depth++;
        } else if (n->kind == ARB_N_VAR_CLOSE) {
            if (depth)
                depth--;
        } else if (n->kind == ARB_N_ERROR && !depth) {
            break;
        } else if (n->kind == ARB_N_MOVE && !depth) {
            struct arb_movedesc d;
            struct arb_parse_info info;
            int used;
            enum arb_np_status st = read_move(g, lang, i, &d, &info, &used);
            i += used - 1;
            if (st == ARB_NP_EP_MARK || st == ARB_NP_CHECK_MARK)
                continue;
            if (st != ARB_NP_MOVE || d.null_move) {
                *key = pos.key;
                return plies;
            }
            struct arb_resolve r;
            arb_san_resolve(&pos, &d, &r);
            if (r.status != ARB_RS_OK && r.status != ARB_RS_PROMO_MISSING) {
                *key = pos.key;
                return plies;
            }
            struct arb_undo u;
            arb_pos_make(&pos, r.move, &u);
            plies++;
            if (bad_marks && d.check) {
                /* A mark written is a claim about the move: "+" a check, "#" a mate. */
                bool check = arb_pos_checkers(&pos) != 0;
                *bad_marks += d.check == ARB_DESC_MATE ? !(check && !arb_has_legal_move(&pos)) : !check;
            }
        }
    }
    *key = pos.key;
    *complete = true;
    return plies;
}

/* The main line read in lang from start: how many of its moves replay (one
 * more when all do, so that a whole game outscores a broken one), and in
 * *bad_marks how many check and mate marks those moves do not bear out. */
static int trial_replay(const struct arb_game *g, const struct arb_lang *lang, const struct arb_pos *start,
                        uint64_t *key, int *bad_marks)
{
    bool complete;
    int plies = trial_replay_from(g, lang, start, 0, key, &complete, bad_marks);
    return complete ? plies + 1 : plies;
}

static const struct arb_lang *detect_lang(struct rs *s, const struct arb_check_opts *o)
{
    const struct arb_game *g = s->g;
    const uint32_t all = arb_lang_all();
    uint32_t mask = all, told = 0;
    for (int i = 0; i < g->n_nodes; i++) {
        const struct arb_node *n = &g->nodes[i];
        if (n->kind != ARB_N_MOVE)
            continue;
        const char *tok = arb_node_text(g, n);
        if ((tok[0] >= 'a' && tok[0] <= 'h') || (tok[0] >= '0' && tok[0] <= '9'))
            continue;   /* pawn moves and castling tell nothing */
        uint32_t m = arb_lang_lead_mask(tok, n->len);
        if (m != all && m && (unsigned char)tok[0] >= 'i' && (unsigned char)tok[0] <= 'z') {
            /* A lower-case lead ("nf3") tells only if some language reads
             * the token as a move at all (not "which" in a comment gone astray). */
            uint32_t reads = 0;
            for (int l = 0; l < 32 && arb_langs[l]; l++) {
                struct arb_movedesc d;
                struct arb_parse_info info;
                if ((m & (1u << l)) && arb_notation_parse(arb_langs[l], tok, n->len, &d, &info) == ARB_NP_MOVE)
                    reads |= 1u << l;
            }
            m = reads ? reads : all;
        }
        if (m != all) {
            told = 1;
            if (mask & m)
                mask &= m;   /* a letter no language knows is an error later, not a vote */
            if (!(mask & (mask - 1)))
                break;       /* one language left */
        }
    }
    int hint = o->lang_hint ? arb_lang_index(o->lang_hint) : -1;
    if (!told || !(mask & (mask - 1))) {
        /* Nothing to tell by, or one language left: no trial replays. */
        if (mask && !(mask & (mask - 1)))
            return arb_langs[__builtin_ctz(mask)];
        if (hint >= 0)
            return o->lang_hint;
        const unsigned *votes = o->lang_votes ? o->lang_votes(o->votes_ctx) : NULL;
        int best = 0;
        for (int l = 1; votes && l < 32 && arb_langs[l]; l++)
            if (votes[l] > votes[best])
                best = l;
        return arb_langs[best];
    }
    /* Preference among equals: the hint, the file's majority, table order. */
    const unsigned *votes = o->lang_votes ? o->lang_votes(o->votes_ctx) : NULL;
    int order[32], n_order = 0;
    if (hint >= 0 && (mask & (1u << hint)))
        order[n_order++] = hint;
    for (;;) {
        int best = -1;
        for (int l = 0; arb_langs[l] && l < 32; l++) {
            bool used = false;
            for (int k = 0; k < n_order; k++)
                used |= order[k] == l;
            if (used || !(mask & (1u << l)))
                continue;
            unsigned v = votes ? votes[l] : 0;
            if (best < 0 || v > (votes ? votes[best] : 0))
                best = l;
        }
        if (best < 0)
            break;
        order[n_order++] = best;
    }
    if (n_order == 0)
        return hint >= 0 ? o->lang_hint : arb_langs[0];
    if (n_order == 1 || !told)
        return arb_langs[order[0]];

    /* The reading that replays furthest wins; among those, the one whose
     * check and mate marks the moves bear out ("a8L+" where only the
     * Estonian queen gives check is Estonian); then the order above. */
    int best = -1, best_score = -1, best_bad = 0;
    uint64_t keys[32];
    int scores[32], bad[32];
    for (int k = 0; k < n_order; k++) {
        scores[k] = trial_replay(g, arb_langs[order[k]], &s->cur.pos, &keys[k], &bad[k]);
        if (scores[k] > best_score || (scores[k] == best_score && bad[k] < best_bad)) {
            best_score = scores[k];
            best_bad = bad[k];
            best = k;
        }
    }
    /* Another reading that replays as far, as well, to a different position? */
    for (int k = 0; k < n_order; k++)
        if (k != best && scores[k] == best_score && bad[k] == best_bad && keys[k] != keys[best]) {
            s->other_lang = arb_langs[order[k]];
            break;
        }
    return arb_langs[order[best]];
}

/* A start position (a FEN tag) that the Laws have already ended: mate,
 * stalemate (5.1.1, 5.2.1) or a dead position (5.2.2) ends the game at
 * ply 0, in every edition; a move recorded after it is move-after-end. */
static void judge_start(struct rs *s, const struct arb_tag *fen)
{
    if (!arb_has_legal_move(&s->cur.pos)) {
        s->out->end_ply = 0;
        s->out->end_reason = arb_pos_checkers(&s->cur.pos) ? ARB_END_CHECKMATE : ARB_END_STALEMATE;
        return;
    }
    if (arb_dead_position(&s->cur.pos) != ARB_DEAD_YES)
        return;
    struct arb_finding *f = finding(s, ARB_F_DEAD_POSITION, NULL, ARB_ART_DEAD_POSITION,
                                    "the game starts in a dead position (%s): no sequence of legal moves can lead to "
                                    "checkmate, and the game is drawn", dead_why(&s->cur.pos));
    f->ply = 0;
    f->line = fen->line;
    f->col = fen->col;
    s->out->end_ply = 0;
    s->out->end_reason = ARB_END_DEAD;
}

/* Set up the start position; false if the game cannot be replayed. */
static bool setup(struct rs *s)
{
    struct arb_game *g = s->g;
    const struct arb_tag *variant = arb_game_find_tag(g, "Variant");
    const char *v = variant ? variant->value : NULL;
    bool c960 = is_chess960(v);
    if (!c960 && !is_standard(v)) {
        struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_UNSUPPORTED_VARIANT);
        f->line = variant->line;
        f->col = variant->col;
        f->message = arb_arena_printf(g->arena, "the game is %s, not chess under the FIDE Laws; its moves are not checked", v);
        return false;
    }
    const struct arb_tag *fen = arb_game_find_tag(g, "FEN");
    if (fen) {
        char err[200], dropped[300];
        int rc = arb_pos_from_fen_repair(&s->cur.pos, fen->value, c960, dropped, sizeof dropped, err, sizeof err);
        if (rc < 0) {
            struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_INVALID_FEN);
            f->line = fen->line;
            f->col = fen->col;
            if (rc == -2) {
                f->message = arb_arena_printf(g->arena, "the FEN tag is no Chess960 starting position: %s", err);
                f->article = arb_article(s->prof, ARB_ART_START_960);
            } else {
                f->message = arb_arena_printf(g->arena, "the FEN tag cannot be replayed: %s", err);
            }
            return false;
        }
        if (dropped[0]) {
            /* What python-chess drops too: the game is replayed without it. */
            struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_INVALID_FEN);
            f->severity = ARB_SEV_WARNING;
            f->line = fen->line;
            f->col = fen->col;
            f->message = arb_arena_printf(g->arena, "the FEN tag holds what its position cannot have, and the game is "
                                                    "replayed without it (as python-chess reads it): %s", dropped);
        }
    } else {
        arb_pos_startpos(&s->cur.pos);
        s->cur.pos.chess960 = c960;
    }
    if (fen)
        judge_start(s, fen);
    return true;
}

static void judge_result(struct rs *s)
{
    struct arb_game *g = s->g;
    struct arb_outcome *out = s->out;
    const struct arb_tag *tag = arb_game_find_tag(g, "Result");
    const char *marker = arb_result_name(g->marker);
    out->result_tag = tag ? tag->value : marker;

    const struct arb_node *marker_node = NULL;
    for (int i = g->n_nodes - 1; i >= 0 && g->marker; i--)
        if (g->nodes[i].kind == ARB_N_RESULT) {
            marker_node = &g->nodes[i];
            break;
        }
    if (tag && marker && result_from_string(tag->value) != g->marker) {
        struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_RESULT_INCONSISTENT);
        f->line = marker_node ? marker_node->line : tag->line;
        f->col = marker_node ? marker_node->col : tag->col;
        f->message = arb_arena_printf(g->arena, "the Result tag says %s but the movetext ends with %s", tag->value,
                                      marker);
        f->article = arb_article(s->prof, ARB_ART_RESULT);
    }
    bool has_moves = false;
    for (int i = 0; i < g->n_nodes && !has_moves; i++)
        has_moves = g->nodes[i].kind == ARB_N_MOVE;
    if (!marker && g->n_tags && !g->truncated) {
        /* (Without a move either: tags alone, or a file cut short after them.) */
        struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_MISSING_RESULT);
        if (g->n_nodes) {
            const struct arb_node *last = &g->nodes[g->n_nodes - 1];
            f->line = last->line;
            f->col = last->col;
        } else {
            f->line = g->tags[g->n_tags - 1].line;
            f->col = g->tags[g->n_tags - 1].col;
        }
        f->message = has_moves ? "the movetext ends without a game termination marker (1-0, 0-1, 1/2-1/2 or *)"
                               : "the game has no moves and no game termination marker (1-0, 0-1, 1/2-1/2 "
                                 "or *): its movetext is missing";
    }

    enum arb_result recorded = result_from_string(out->result_tag);
    /* 6.9: a game lost on time (the Termination tag says so) where the
     * winner could not checkmate by any series of legal moves is a draw.
     * Only a proof counts (arb_can_mate says no); an open question stays
     * unreported. */
    const char *termination = arb_game_tag(g, "Termination");
    /* The PGN standard's (and lichess's) "unterminated": no result yet. */
    if (termination && strcasecmp(termination, "unterminated") == 0 && recorded != ARB_RESULT_UNKNOWN
        && recorded != ARB_RESULT_NONE) {
        struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_RESULT_INCONSISTENT);
        f->line = tag ? tag->line : g->line;
        f->col = tag ? tag->col : g->col;
        f->message = arb_arena_printf(g->arena, "the Termination tag says the game is unterminated, but the result is "
                                                "recorded as %s (an unfinished game is \"*\")",
                                      out->result_tag);
        f->article = arb_article(s->prof, ARB_ART_RESULT);
    }
    /* Lost on time: the Termination tag says so, or the loser's last clock
     * reading is at zero. */
    int on_time_winner = -1;
    const char *why_time = NULL;
    if (out->have_fen && out->end_reason == ARB_END_NONE && (recorded == ARB_RESULT_WHITE || recorded == ARB_RESULT_BLACK)) {
        int winner = recorded == ARB_RESULT_WHITE ? ARB_WHITE : ARB_BLACK;
        const struct arb_clocks *c = &out->clocks;
        if (termination && contains_nocase(termination, "time"))
            why_time = arb_arena_printf(g->arena, "Termination \"%s\"", termination);
        else if (c->flag_ply[winner ^ 1] && c->last[winner ^ 1] == 0)
            why_time = arb_arena_printf(g->arena, "%s's clock reads 0:00:00", side_names[winner ^ 1]);
        if (why_time)
            on_time_winner = winner;
    }
    if (on_time_winner >= 0) {
        int winner = on_time_winner;
        /* Finnish team blitz, fixed time (rule 12): only material that can
         * force mate against a lone king wins on time. */
        bool forced_rule = (s->prof->rules & ARB_PR_FORCED_MATE_MATERIAL) && !arb_material_forces_mate(&out->final, winner);
        if (forced_rule || arb_can_mate(&out->final, winner, MATE_BUDGET, NULL) == ARB_DEAD_NO) {
            const char *because = forced_rule ? "has no material that can force mate against a lone king (team rule 12)"
                                              : "could not checkmate by any series of legal moves";
            struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_TIMEOUT_VS_INSUFFICIENT);
            f->line = tag ? tag->line : g->line;
            f->col = tag ? tag->col : g->col;
            f->message = arb_arena_printf(g->arena, "the game is scored %s on time (%s), but %s %s: the game is drawn",
                                          out->result_tag, why_time, side_names[winner], because);
            f->article = forced_rule ? "team rule 12" : arb_article(s->prof, ARB_ART_TIMEOUT_DRAW);
            struct arb_finding *m = arb_findings_add(&g->findings, g->arena, ARB_F_RESULT_MISMATCH);
            m->line = f->line;
            m->col = f->col;
            m->message = arb_arena_printf(g->arena, "the result is recorded as %s, but the Laws make it a draw "
                                                    "(1/2-1/2): a loss on time where the opponent cannot win",
                                          out->result_tag);
            m->article = f->article;
            out->result_rules = ARB_RESULT_DRAW;
            return;
        }
    }
    /* 5.1.2 (2023): a player who resigns loses, unless the opponent cannot
     * checkmate him by any series of legal moves — then it is a draw.  A
     * decisive result the position did not decide and the Termination does
     * not put down to time (or to something else than the board: an
     * abandoned game, a rules infraction, an adjudication) is read as a
     * resignation.  Only the proofs without search count here (they cost
     * microseconds, and every such game asks). */
    if ((s->prof->rules & ARB_PR_RESIGN_DRAW) && out->have_fen && out->end_reason == ARB_END_NONE
        && (recorded == ARB_RESULT_WHITE || recorded == ARB_RESULT_BLACK)
        && (!termination || strcasecmp(termination, "normal") == 0 || contains_nocase(termination, "resign"))) {
        int winner = recorded == ARB_RESULT_WHITE ? ARB_WHITE : ARB_BLACK;
        if (arb_cannot_mate_quick(&out->final, winner)) {
            struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_RESULT_MISMATCH);
            f->line = tag ? tag->line : g->line;
            f->col = tag ? tag->col : g->col;
            f->message = arb_arena_printf(g->arena, "the game is scored %s, but %s could not checkmate by any series "
                                                    "of legal moves: under %s a player who resigns in such a position "
                                                    "draws (1/2-1/2)",
                                          out->result_tag, side_names[winner], s->prof->name);
            f->article = arb_article(s->prof, ARB_ART_RESIGNATION);
            out->result_rules = ARB_RESULT_DRAW;
            return;
        }
    }
    /* 5.2.3 (2017+): a draw agreed before both players have moved is no
     * draw.  Only where the record shows nothing else that drew the game
     * (a Termination other than an agreement, a position the Laws end). */
    const char *term = arb_game_tag(g, "Termination");
    bool agreed = !term || strcasecmp(term, "normal") == 0 || contains_nocase(term, "agree");
    /* (A record with a movetext: a header-only game shows no moves at all,
     * and a termination marker that says otherwise makes it a contradiction,
     * reported above, not an agreement.) */
    if ((s->prof->rules & ARB_PR_AGREE_AFTER_MOVES) && recorded == ARB_RESULT_DRAW && out->end_reason == ARB_END_NONE
        && agreed && !out->replay_stopped && out->have_fen && out->plies < 2 && g->n_nodes > 0
        && (g->marker == ARB_RESULT_NONE || g->marker == ARB_RESULT_DRAW)) {
        struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_EARLY_DRAW);
        f->line = tag ? tag->line : marker_node ? marker_node->line : g->line;
        f->col = tag ? tag->col : marker_node ? marker_node->col : g->col;
        f->message = arb_arena_printf(g->arena, "the game is scored as a draw after %s; under the %s Laws a draw "
                                                "may be agreed only after both players have made at least one move",
                                      out->plies ? "one half-move" : "no move", s->prof->name);
        f->article = arb_article(s->prof, ARB_ART_AGREEMENT);
    }
    if (out->result_rules == ARB_RESULT_NONE || recorded == ARB_RESULT_NONE || recorded == ARB_RESULT_UNKNOWN
        || recorded == out->result_rules)
        return;
    struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_RESULT_MISMATCH);
    if (tag) {
        f->line = tag->line;
        f->col = tag->col;
    } else if (marker_node) {
        f->line = marker_node->line;
        f->col = marker_node->col;
    }
    const char *how = out->end_reason == ARB_END_CHECKMATE ? "checkmate"
                      : out->end_reason == ARB_END_STALEMATE ? "stalemate"
                      : out->end_reason == ARB_END_FIVEFOLD ? "a fivefold repetition"
                      : out->end_reason == ARB_END_SEVENTYFIVE ? "75 moves without pawn move or capture"
                                                               : "a dead position";
    const char *gives = out->result_rules == ARB_RESULT_DRAW ? "a draw"
                        : out->result_rules == ARB_RESULT_WHITE ? "a win for White" : "a win for Black";
    if (out->end_ply == 0)
        f->message = arb_arena_printf(g->arena, "the game's starting position (its FEN tag) is already %s, which is "
                                                "%s (%s), but the result is recorded as %s",
                                      how, gives, arb_result_name(out->result_rules), out->result_tag);
    else
        f->message = arb_arena_printf(g->arena, "the game ended in %s at ply %d, which is %s (%s), but the result is "
                                                "recorded as %s",
                                      how, out->end_ply, gives, arb_result_name(out->result_rules), out->result_tag);
    f->article = arb_article(s->prof, out->end_reason == ARB_END_CHECKMATE   ? ARB_ART_CHECKMATE
                                      : out->end_reason == ARB_END_STALEMATE ? ARB_ART_STALEMATE
                                      : out->end_reason == ARB_END_FIVEFOLD  ? ARB_ART_FIVEFOLD
                                      : out->end_reason == ARB_END_SEVENTYFIVE ? ARB_ART_SEVENTYFIVE
                                                                              : ARB_ART_DEAD_POSITION);
}

static const struct arb_profile *choose_profile(const struct arb_game *g, const struct arb_check_opts *o)
{
    if (o->profile)
        return o->profile;
    const struct arb_profile *p = arb_profile_for_date(arb_game_tag(g, "EventDate"));
    if (!p)
        p = arb_profile_for_date(arb_game_tag(g, "Date"));
    return p ? p : arb_profile_default();
}

/* A comment after a main-line move: its clock reading, checked against the
 * time control (clocks.c). */
static void clock_comment(struct rs *s, const struct arb_node *n)
{
    struct arb_clock_comment cc;
    arb_clock_comment_parse(arb_node_text(s->g, n), n->len, &cc);
    const struct arb_pos *pos = &s->cur.pos;
    int mover = pos->side ^ 1;
    int move = mover == ARB_WHITE ? (int)pos->fullmove : (int)pos->fullmove - 1;
    /* Only the time used on the move: the reading it implies. */
    if (cc.clk < 0 && cc.emt >= 0)
        cc.clk = arb_clocks_from_elapsed(&s->out->clocks, mover, move, cc.emt);
    if (cc.clk < 0)
        return;
    struct arb_clock_check ck;
    arb_clocks_reading(&s->out->clocks, mover, move, s->cur.ply, cc.clk, &ck);
    if (ck.inconsistent) {
        char tcs[64];
        const struct arb_tc_period *p = &s->out->tc.p[0];
        const char *rise = s->out->tc.delay_kind != ARB_DELAY_NONE ? "not rise at all (a delay, no increment)"
                           : p->increment ? arb_arena_printf(s->g->arena, "rise by at most the increment of %d s",
                                                             p->increment)
                                          : "not rise (no increment)";
        const char *credit = ck.credit ? arb_arena_printf(s->g->arena, ", and by the %ld minute%s %s got for the "
                                                                         "illegal move at ply %d",
                                                          ck.credit / 600, ck.credit == 600 ? "" : "s",
                                                          side_names[mover], ck.credit_ply)
                                       : "";
        struct arb_finding *f = finding(s, ARB_F_CLOCK_INCONSISTENT, n, ARB_ART_TIME_CONTROL,
                                        "%s's clock reads %s after move %d, up from %s: under %s it may %s%s%s, so at "
                                        "most %s (one second allowed for display rounding)",
                                        side_names[mover], clock_text(s, ck.reading), move, clock_text(s, ck.before),
                                        arb_tc_format(&s->out->tc, tcs, sizeof tcs), rise,
                                        s->out->tc.n > 1 ? " (and the next period's time at the move that ends a period)"
                                                         : "",
                                        credit, clock_text(s, ck.most));
        f->ply = s->cur.ply;
    }
    if ((ck.flag || ck.period_missed) && !s->flag_node[mover]) {
        s->flag_node[mover] = n;
        s->flag_reading[mover] = ck.reading;
        s->flag_period[mover] = ck.period_missed && !ck.flag;
    }
}

/* After the record: a flag that fell where play went on (6.1, 6.8, the
 * rapid and blitz rules on who acts). */
static void report_flags(struct rs *s)
{
    struct arb_clocks *c = &s->out->clocks;
    bool both = c->flag_ply[0] && c->flag_ply[1];
    for (int side = 0; side < 2; side++) {
        int at = c->flag_ply[side];
        if (!at || !s->flag_node[side] || s->cur.ply <= at)
            continue;
        const struct arb_flag_rule *fr = &s->prof->flag[s->out->mode];
        const char *what = s->flag_period[side]
                               ? arb_arena_printf(s->g->arena, "the moves of the period were not made in its time (the "
                                                               "clock reads %s with the next period's time added)",
                                                  clock_text(s, s->flag_reading[side]))
                               : arb_arena_printf(s->g->arena, "the clock reads %s", clock_text(s, s->flag_reading[side]));
        /* Both down, the order unknown: what the edition says (2009/2014
         * 6.11, 2009 A.4d(3), Guidelines III.3.1 only without increment,
         * team rule 14), or that it names no rule for this kind of game. */
        const char *both_text = "";
        if (both) {
            bool incr = s->out->tc.n > 0 && (s->out->tc.p[0].increment > 0 || s->out->tc.delay_kind != ARB_DELAY_NONE);
            if (fr->both_article && !(fr->both_no_increment && incr))
                both_text = arb_arena_printf(s->g->arena, "; both flags have fallen: if the order cannot be told, %s "
                                                          "(%s)", fr->both, fr->both_article);
            else
                both_text = "; both flags have fallen (no rule of this edition decides an unknown order in this "
                            "kind of game)";
        }
        struct arb_finding *f = finding(s, ARB_F_FLAG_FALL, s->flag_node[side], -1,
                                        "%s's flag fell at ply %d: %s, and play went on for %d more half-move%s; under "
                                        "%s (%s) %s%s",
                                        side_names[side], at, what, s->cur.ply - at, s->cur.ply - at == 1 ? "" : "s",
                                        s->prof->name, arb_mode_name(s->out->mode), fr->duty, both_text);
        f->ply = at;
        f->article = fr->article;
    }
}

/* Walk the nodes: the heart of the replay. */
static void walk(struct rs *s)
{
    struct arb_game *g = s->g;
    for (int i = 0; i < g->n_nodes && !s->stop; i++) {
        const struct arb_node *n = &g->nodes[i];
        if (s->skip && n->kind != ARB_N_VAR_OPEN && n->kind != ARB_N_VAR_CLOSE)
            continue;
        switch (n->kind) {
        case ARB_N_MOVE:
            if (!s->cur.dead)
                i += do_move(s, i) - 1;
            break;
        case ARB_N_MOVENUM:
            if (!s->cur.dead)
                check_number(s, n);
            break;
        case ARB_N_VAR_OPEN:
            open_variation(s, n);
            break;
        case ARB_N_VAR_CLOSE:
            if (s->skip)
                s->skip--;
            else if (s->depth)
                close_variation(s);
            break;
        case ARB_N_COMMENT:
            if (!s->depth && !s->cur.dead && s->cur.ply > 0 && s->cur.have_last)
                clock_comment(s, n);
            break;
        case ARB_N_DRAW_OFFER:
            if (!s->depth && !s->cur.dead) {
                int mover = s->cur.pos.side ^ 1;
                struct arb_finding *f = finding(s, ARB_F_DRAW_OFFER, n, ARB_ART_NOTATION_DRAW_OFFER,
                                                "%s offered a draw", side_names[mover]);
                f->ply = s->cur.ply;
                const struct arb_node *p = i ? &g->nodes[i - 1] : NULL;
                if (p && p->kind == ARB_N_MOVE && p->line == n->line
                    && p->col + arb_utf8_chars(arb_node_text(g, p), p->len) == n->col) {
                    f = finding(s, ARB_F_NOTATION_FORM, n, ARB_ART_NOTATION_DRAW_OFFER,
                                "a space belongs between the move and the draw offer (=)");
                    f->ply = s->cur.ply;
                }
            }
            break;
        case ARB_N_ERROR:
            /* The PGN reader has reported it; the record cannot be followed. */
            if (!s->cur.dead)
                fail(s);
            break;
        case ARB_N_NAG:
            /* "Kb1 =": read as the glyph $10 (an equal position), but on a
             * scoresheet a bare '=' is no sign of the Laws (NOTATION-CASES 132). */
            if (!s->cur.dead && n->len == 1 && arb_node_text(g, n)[0] == '=') {
                struct arb_finding *f = finding(s, ARB_F_NOTATION_FORM, n, ARB_ART_NOTATION_DRAW_OFFER,
                                                "a bare '=' is read as the annotation $10 (an equal position); it is "
                                                "no sign of the Laws, and a draw offer is written (=)");
                f->severity = ARB_SEV_WARNING;
                f->ply = s->cur.ply;
            }
            break;
        case ARB_N_RESULT:
            /* The termination marker: what trails it (comments) is no move. */
            if (!s->depth && !s->skip)
                goto done;
            break;
        default:
            break;
        }
    }
done:
    /* Unclosed variations: back to the main line. */
    s->skip = 0;
    while (s->depth)
        close_variation(s);
    report_flags(s);
}

static void outcome_init(struct arb_outcome *out)
{
    memset(out, 0, sizeof *out);
    out->mode = ARB_MODE_STANDARD;
    out->lang_vote = -1;
}

static void state_init(struct rs *s, struct arb_game *g, const struct arb_check_opts *o, struct arb_outcome *out)
{
    memset(s, 0, sizeof *s);
    s->g = g;
    s->out = out;
    s->opts = o;
    s->prof = choose_profile(g, o);
    s->lang = o->lang ? o->lang : arb_langs[0];
    out->profile = s->prof;
    /* The time control: --time-control=, else the TimeControl tag (the PGN
     * standard's forms, else a human one), else a form with units in the
     * Event tag. */
    const char *tag;
    if (o->time_control) {
        out->tc = *o->time_control;
        out->tc_source = ARB_TC_OPTION;
    } else if ((tag = arb_game_tag(g, "TimeControl"))
               && (arb_tc_parse_pgn(tag, &out->tc) == 0 || arb_tc_parse_human(tag, &out->tc) == 0)) {
        out->tc_source = out->tc.n || out->tc.untimed ? ARB_TC_TAG : ARB_TC_NONE;
    } else if ((tag = arb_game_tag(g, "Event")) && arb_tc_find_in_text(tag, &out->tc) == 0) {
        out->tc_source = ARB_TC_EVENT;
    } else {
        memset(&out->tc, 0, sizeof out->tc);
    }
    /* The kind of game: --mode=, else the profile's own, else by the
     * edition's definition from the time control (standard when unknown). */
    bool known;
    enum arb_mode by_tc = arb_mode_of(s->prof, &out->tc, &known);
    out->mode = o->mode >= 0 ? (enum arb_mode)o->mode
                : s->prof->mode >= 0 ? (enum arb_mode)s->prof->mode : by_tc;
    arb_clocks_init(&out->clocks, &out->tc);
}

const unsigned *arb_lang_votes_plain(void *votes)
{
    return votes;
}

/* The repetition history (count_repetitions) starts with the position
 * the game starts from. */
static void hist_start(struct rs *s)
{
    s->hist_cap = 256;
    s->hist = arb_arena_alloc(s->g->arena, sizeof *s->hist * (size_t)s->hist_cap);
    s->hist[0] = arb_pos_repetition_key(&s->cur.pos);
}

/* Everything before the walk, the same for every caller: the start
 * position (and whether the Laws ended the game there), the language
 * (--lang=auto: detect_lang), the repetition history.  False when the
 * game cannot be replayed (its findings say why). */
static bool begin(struct rs *s, const struct arb_check_opts *o)
{
    struct arb_game *g = s->g;
    struct arb_outcome *out = s->out;
    if (!setup(s))
        return false;
    out->start_fullmove = s->cur.pos.fullmove;
    out->start_side = s->cur.pos.side;
    if (!o->lang) {
        s->lang = detect_lang(s, o);
        out->lang_vote = arb_lang_index(s->lang);
        if (s->other_lang) {
            struct arb_finding *f = finding(s, ARB_F_LANG_AMBIGUOUS, NULL, ARB_ART_NOTATION_LETTERS,
                                            "the moves read as a whole game in %s and in %s, with different moves; "
                                            "read as %s (--lang= or --lang-hint= decides)",
                                            s->lang->name, s->other_lang->name, s->lang->name);
            f->ply = 0;
            f->line = g->line;
            f->col = g->col;
            f->pos = NULL;
        }
    }
    hist_start(s);
    return true;
}

void arb_replay_game(struct arb_game *g, const struct arb_check_opts *o, struct arb_outcome *out)
{
    struct rs s;
    outcome_init(out);
    state_init(&s, g, o, out);
    if (begin(&s, o)) {
        walk(&s);
        out->followed_plies = s.cur.ply;
        out->plies = s.first_illegal ? s.first_illegal - 1 : s.cur.ply;
        /* A legal replay that stops in a position without moves ended there. */
        if (!game_ended(&s) && !out->replay_stopped)
            position_ended(&s);
        if (out->end_reason == ARB_END_CHECKMATE)
            out->result_rules = s.cur.pos.side == ARB_WHITE ? ARB_RESULT_BLACK : ARB_RESULT_WHITE;
        else if (out->end_reason != ARB_END_NONE)
            out->result_rules = ARB_RESULT_DRAW;
        out->have_fen = true;
        out->final = s.cur.pos;
        out->legal_final = s.first_illegal ? s.legal_end : s.cur.pos;
        out->lang = s.lang_told ? s.lang : NULL;
    }
    forms_counted(&s);
    judge_result(&s);
    arb_findings_sort(&g->findings);
}

int arb_replay_positions(struct arb_game *g, const struct arb_check_opts *o,
                         void (*fn)(void *ctx, const struct arb_replay_step *step), void *ctx)
{
    struct rs s;
    struct arb_outcome out;
    outcome_init(&out);
    state_init(&s, g, o, &out);
    if (!begin(&s, o))
        return -1;
    /* A step goes out once the next move of the main line is played (or at
     * the end), its clock comments read: it keeps its own position. */
    struct arb_pos at = s.cur.pos;
    struct arb_replay_step st = {.ply = 0, .pos = &at, .move = ARB_MOVE_NONE, .node = -1, .clk = {-1, -1}};
    int depth = 0;
    for (int i = 0; i < g->n_nodes && !s.stop; i++) {
        const struct arb_node *n = &g->nodes[i];
        if (n->kind == ARB_N_VAR_OPEN) {
            depth++;
        } else if (n->kind == ARB_N_VAR_CLOSE && depth) {
            depth--;
        } else if (depth) {
            continue;
        } else if (n->kind == ARB_N_ERROR || n->kind == ARB_N_RESULT) {
            break;
        } else if (n->kind == ARB_N_COMMENT) {
            int readings = out.clocks.readings;
            if (!s.cur.dead && s.cur.ply > 0 && s.cur.have_last)
                clock_comment(&s, n);
            if (out.clocks.readings > readings) {
                int mover = s.cur.pos.side ^ 1;
                st.clk[mover] = out.clocks.last[mover];
                st.clk_ply[mover] = s.cur.ply;
            }
        } else if (n->kind == ARB_N_MOVE) {
            int before = s.cur.ply;
            int used = do_move(&s, i);
            if (s.cur.ply > before) {
                fn(ctx, &st);
                at = s.cur.pos;
                st.ply = s.cur.ply;
                st.move = s.cur.have_last ? s.cur.last : ARB_MOVE_NONE;
                st.node = i;
                st.token = arb_node_text(g, n);
                st.len = n->len;
            }
            i += used - 1;
        }
    }
    fn(ctx, &st);
    return s.cur.ply;
}
