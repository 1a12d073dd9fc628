/* failure.c — why a written move cannot be played, in words (3.x, 4.x, C.x),
 * and what follows an illegal move that stood (7.5) or a move after the end.
 * Owns struct arb_rs_illegal (the main line's illegal moves, counted for
 * 7.5.5); the reports read only the view.
 */
#include "laws/state.h"

static void report_castle_no_right(const struct arb_rs_view *v, const struct arb_node *n, int aside)
{
    int us = v->cur.pos.side;
    int idx = ARB_CASTLE_IDX(us, aside);
    const struct right_loss *l = &v->cur.loss[idx];
    if (l->ply > 0) {
        const struct arb_node *m = &v->g->nodes[l->node];
        static const char *const why[3] = {"the king moved", "that rook moved", "that rook was captured"};
        uint32_t line, col;
        arb_node_place(v->g, m, &line, &col);
        arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, arb_cite_castling_article(v, ARB_ART_CASTLING_LOST, false),
                "%s cannot castle %s: %s earlier (%.*s, line %u)", side_names[us], arb_cite_castle_name(aside), why[l->why],
                (int)m->len, arb_node_text(v->g, m), line);
    } else {
        arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, arb_cite_castling_article(v, ARB_ART_CASTLING_LOST, false),
                "%s cannot castle %s: the king or that rook has moved (the starting position gives no such right)",
                side_names[us], arb_cite_castle_name(aside));
    }
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
void arb_fail_report(const struct arb_rs_view *v, const struct arb_node *n, const struct arb_movedesc *d,
                     const struct arb_resolve *r)
{
    const struct arb_pos *pos = &v->cur.pos;
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
        arb_cite_square(r->square, sq);
    else if (d->to_file >= 0 && d->to_rank >= 0)
        arb_cite_square(ARB_SQ(d->to_file, d->to_rank), sq);
    else
        snprintf(sq, sizeof sq, "%c", d->to_file >= 0 ? 'a' + d->to_file : '?');

    switch (r->status) {
    case ARB_RS_NO_SUCH_PIECE:
        if (d->from_file >= 0 && d->from_rank >= 0) {
            arb_cite_square(ARB_SQ(d->from_file, d->from_rank), sq2);
            arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, arb_cite_piece_article(type), "no %s %s stands on %s",
                    colour_names[us], d->coords ? "piece" : pname, sq2);
        } else if (d->from_file >= 0) {
            arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, arb_cite_piece_article(type), "no %s %s stands on the %c-file",
                    colour_names[us], pname, 'a' + d->from_file);
        } else if (d->from_rank >= 0) {
            arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, arb_cite_piece_article(type), "no %s %s stands on rank %d",
                    colour_names[us], pname, d->from_rank + 1);
        } else {
            arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, arb_cite_piece_article(type), "%s has no %s", side_names[us],
                             pname);
        }
        break;
    case ARB_RS_CANNOT_REACH:
        if (type == ARB_PAWN) {
            bool capture = (d->from_file >= 0 && d->from_file != d->to_file) || d->capture;
            if (capture && r->square >= 0 && !(pos->occ & ARB_BB(r->square)))
                arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_PAWN,
                        "no %s pawn can capture on %s: there is nothing to capture there", colour_names[us], sq);
            else if (!capture && r->square >= 0 && (pos->occ & ARB_BB(r->square)))
                arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_PAWN,
                        "no %s pawn can move to %s: the square is occupied", colour_names[us], sq);
            else
                arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_PAWN, "no %s pawn can %s %s", colour_names[us],
                        capture ? "capture on" : "move to", sq);
        } else if (type == ARB_KING && castling_by_king_move(pos, d) >= 0) {
            /* "Kg1" from e1: castling written as the king's move, without
             * the right (with it, the resolver reads it as castling). */
            report_castle_no_right(v, n, castling_by_king_move(pos, d));
        } else {
            int only = only_piece(pos, us, type, d);
            if (only >= 0) {
                arb_cite_square(only, sq2);
                arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, arb_cite_piece_article(type),
                        "the %s %s on %s cannot reach %s", colour_names[us], pname, sq2, sq);
            } else {
                arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, arb_cite_piece_article(type), "no %s %s can reach %s",
                        colour_names[us], pname, sq);
            }
        }
        break;
    case ARB_RS_OWN_PIECE: {
        int p = pos->board[r->square];
        arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_OCCUPIED, "%s is occupied by %s's own %s", sq,
                side_names[us], piece_names[arb_piece_type(p)]);
        break;
    }
    case ARB_RS_KING_EXPOSED: {
        arb_move m = r->cand[0];
        char from[3];
        arb_cite_square(arb_move_from(m), from);
        int fsq = arb_move_from(m), tsq = arb_move_to(m);
        arb_bb by = fsq == pos->king_sq[us]
                        ? arb_pos_attackers(pos, tsq, us ^ 1, pos->occ ^ ARB_BB(fsq))
                        : 0;
        if (by) {
            /* A king move onto an attacked square: name the attacker. */
            int a = arb_lsb(by);
            char asq[3];
            arb_cite_square(a, asq);
            arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_KING_IN_CHECK,
                    "the %s king on %s cannot move to %s: the %s %s on %s attacks that square", colour_names[us],
                    from, sq, colour_names[us ^ 1], piece_names[arb_piece_type(pos->board[a])], asq);
        } else if (arb_pos_checkers(pos))
            arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_KING_IN_CHECK,
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
                arb_cite_square(a, asq);
                arb_cite_square(pos->king_sq[us], ksq);
                arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_KING_IN_CHECK,
                        "the %s on %s cannot move to %s%s: the %s %s on %s would then attack the %s king on %s",
                        pname, from, sq, arb_move_kind(m) == ARB_MK_EP ? " (en passant)" : "", colour_names[us ^ 1],
                        piece_names[arb_piece_type(pos->board[a])], asq, colour_names[us], ksq);
            } else {
                arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_KING_IN_CHECK,
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
            arb_cite_write_move(v, r->cand[i], buf, sizeof buf);
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? (i + 1 == r->n_cand ? " or " : ", ") : "", buf);
        }
        /* Two pawns that can take the same unit: the departure file
         * (2009 C.11; later editions' pawn-capture rule). */
        struct arb_finding *amb = arb_cite_finding(v, ARB_F_AMBIGUOUS_MOVE, n,
                type == ARB_PAWN ? ARB_ART_NOTATION_PAWN_AMBIGUITY : ARB_ART_NOTATION_AMBIGUITY,
                "%d %s %ss can move to %s: write %s", r->n_cand, colour_names[us], pname, sq, list);
        /* For diagrams: every piece the move could mean. */
        for (int i = 0; i < r->n_cand; i++)
            amb->mark_pieces |= ARB_BB(arb_move_from(r->cand[i]));
        break;
    }
    case ARB_RS_PROMO_BAD_PIECE:
        arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_PROMOTION, "a pawn cannot promote to a %s",
                         piece_names[d->promo]);
        break;
    case ARB_RS_PROMO_NOT_LAST:
        arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_PROMOTION, "only a pawn reaching the last rank promotes");
        break;
    case ARB_RS_CASTLE_NO_RIGHT:
        report_castle_no_right(v, n, d->castle == ARB_DESC_CASTLE_A || (d->castle == 0 && d->to_file == 2));
        break;
    case ARB_RS_CASTLE_IN_CHECK:
        arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, arb_cite_castling_article(v, ARB_ART_CASTLING_PREVENTED, false),
                "%s cannot castle while in check", side_names[us]);
        break;
    case ARB_RS_CASTLE_BLOCKED:
        arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, arb_cite_castling_article(v, ARB_ART_CASTLING_PREVENTED, true),
                "%s cannot castle %s: a piece stands on %s between king and rook", side_names[us],
                arb_cite_castle_name(d->castle == ARB_DESC_CASTLE_A), sq);
        break;
    case ARB_RS_CASTLE_ATTACKED:
        arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, arb_cite_castling_article(v, ARB_ART_CASTLING_PREVENTED, false),
                "%s cannot castle %s: the king would cross or land on %s, which %s attacks", side_names[us],
                arb_cite_castle_name(d->castle == ARB_DESC_CASTLE_A), sq, side_names[us ^ 1]);
        break;
    case ARB_RS_NULL_MOVE:
        arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_ILLEGAL_MOVE,
                "'%s' is a null move (passing the turn), which is not a move of chess", arb_cite_quoted(v, n));
        break;
    case ARB_RS_CAPTURES_KING:
        arb_cite_finding(v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_KING_CAPTURE,
                "the %s king stands on %s: taking the king is no move of chess (the illegal move before left it "
                "in check)", colour_names[us ^ 1], sq);
        break;
    case ARB_RS_INCOMPLETE:
    default:
        arb_cite_finding(v, ARB_F_UNKNOWN_MOVE, n, ARB_ART_NOTATION_MOVE, "the move is incomplete: no target square");
        break;
    }
    /* For diagrams: the target square, and the mover where one piece is meant. */
    struct arb_finding *f = &v->g->findings.v[v->g->findings.n - 1];
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

struct arb_finding *arb_fail_report_after_end(const struct arb_rs_view *v, const struct arb_node *n)
{
    enum arb_end_reason why = v->out->end_reason;
    if (why == ARB_END_NONE)   /* found lazily: no legal move here */
        why = arb_pos_checkers(&v->cur.pos) ? ARB_END_CHECKMATE : ARB_END_STALEMATE;
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
    int at = game_ended(v) ? v->out->end_ply : v->cur.ply;
    if (why == ARB_END_CHECKMATE || why == ARB_END_STALEMATE)
        return arb_cite_finding(v, ARB_F_MOVE_AFTER_END, n, art[why],
                          "the game had already ended in %s at ply %d; no move can follow", what[why], at);
    /* A draw the Laws made without a claim (a dead position, fivefold, 75
     * moves): the players may not have seen it, and the board allowed the
     * moves.  The game stays drawn; the moves after it do not count. */
    struct arb_finding *f = arb_cite_finding(v, ARB_F_MOVE_AFTER_END, n, art[why],
                                       "the game had already ended in %s at ply %d; play went on unnoticed, "
                                       "and the moves after it do not count", what[why], at);
    f->severity = ARB_SEV_WARNING;
    return f;
}

/* Is the illegal move described by d (resolved as r in pos) physically
 * clear, one that could be made on the board: one piece from one square
 * to another (the only candidate, exposing its king), or castling in or
 * through check?  *m: the move. */
bool arb_fail_playable_at(const struct arb_pos *pos, const struct arb_movedesc *d, const struct arb_resolve *r,
                          arb_move *m)
{
    if (r->status == ARB_RS_KING_EXPOSED && r->n_cand == 1) {
        *m = r->cand[0];
        return true;
    }
    if (r->status == ARB_RS_CASTLE_IN_CHECK || r->status == ARB_RS_CASTLE_ATTACKED) {
        int us = pos->side, k = pos->king_sq[us];
        int aside = d->castle ? d->castle == ARB_DESC_CASTLE_A : d->to_file >= 0 && d->to_file < ARB_FILE(k);
        *m = arb_move_make(k, pos->castle_rook[ARB_CASTLE_IDX(us, aside)], ARB_MK_CASTLE, 0);
        return true;
    }
    return false;
}

bool arb_fail_playable_as_written(const struct arb_rs_view *v, const struct arb_movedesc *d,
                                  const struct arb_resolve *r, arb_move *m)
{
    return arb_fail_playable_at(&v->cur.pos, d, r, m);
}

bool arb_fail_king_taken_clearly(const struct arb_pos *pos, const struct arb_movedesc *d)
{
    int us = pos->side, ksq = pos->king_sq[us ^ 1];
    if (d->castle || d->null_move || d->to_file < 0 || d->to_rank < 0 || ARB_SQ(d->to_file, d->to_rank) != ksq)
        return false;
    arb_bb takers = arb_pos_attackers(pos, ksq, us, pos->occ) & pos->by_color[us];
    int n = 0;
    for (arb_bb b = takers; b; b &= b - 1) {
        int from = __builtin_ctzll(b);
        if (!d->coords && (arb_pos_type_at(pos, from) != d->piece || (d->piece == ARB_PAWN && d->from_file < 0)))
            continue;   /* (a pawn takes with its file written: "exd5") */
        if ((d->from_file >= 0 && ARB_FILE(from) != d->from_file) || (d->from_rank >= 0 && ARB_RANK(from) != d->from_rank))
            continue;
        n++;
    }
    return n == 1;
}

/* An illegal move on the main line that the record shows was played: the
 * rest of the record replays only from the position it left (later
 * illegal moves that are physically clear, and a king taken at the end,
 * included: each is reported when the replay reaches it).  Only a move
 * that is physically clear can have stood (arb_fail_playable_as_written).  It
 * stood when the moves after it replay from there to the end (at least
 * one), or for STOOD_PLIES half-moves.  *m: the move. */
#define STOOD_PLIES 8
bool arb_fail_illegal_stood(const struct arb_rs_view *v, int next, const struct arb_movedesc *d,
                            const struct arb_resolve *r, arb_move *m)
{
    if (v->depth || game_ended(v) || !arb_fail_playable_as_written(v, d, r, m))
        return false;
    struct arb_pos after = v->cur.pos;
    struct arb_undo u;
    arb_pos_make(&after, *m, &u);
    bool complete;
    uint64_t key;
    int plies = arb_detect_trial_replay(v->g, v->lang, &after, next, &key, &complete, NULL, true);
    return plies >= STOOD_PLIES || (complete && plies >= 1);
}

bool arb_fail_record_ends_at(const struct arb_game *g, int next)
{
    for (int i = next, depth = 0; i < g->n_nodes; i++) {
        const struct arb_node *n = &g->nodes[i];
        if (n->kind == ARB_N_VAR_OPEN)
            depth++;
        else if (n->kind == ARB_N_VAR_CLOSE && depth)
            depth--;
        else if (!depth && (n->kind == ARB_N_RESULT || n->kind == ARB_N_ERROR))
            break;
        else if (!depth && n->kind == ARB_N_MOVE)
            return false;
    }
    return true;
}

/* The main line follows an illegal move (one that stood, a promotion
 * without a piece, a null move): `plies` and `fen` stay at the legal
 * part (INTERFACE: half-moves replayed as legal moves), followed_plies
 * goes on. */
void arb_fail_followed(struct arb_rs_illegal *il, const struct arb_rs_view *v)
{
    if (v->depth || il->first)
        return;
    il->first = v->cur.ply + 1;
    il->legal_end = v->cur.pos;
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
const char *arb_fail_illegal_consequence(struct arb_rs_illegal *il, const struct arb_rs_view *v,
                                         const char **article, bool arbiter_case)
{
    const struct arb_pos *pos = &v->cur.pos;
    int off = pos->side, opp = off ^ 1;
    int k = ++il->moves[off];
    enum arb_mode mode = v->out->mode;
    const struct arb_illegal_rule *ir = &v->prof->illegal[mode];
    const char *opp_next = opp == ARB_WHITE ? "White's" : "Black's";
    struct arb_buf b = {0};
    arb_buf_printf(&b, "it is %s's %s illegal move: under %s (%s) ", side_names[off], ordinal(k), v->prof->name,
                   arb_mode_name(mode));
    if (ir->loses_at && k > ir->loses_at) {
        arb_buf_printf(&b, "the %s already lost the game%s", ordinal(ir->loses_at),
                       ir->on_claim ? " had it been claimed" : "");
    } else if (ir->loses_at && k >= ir->loses_at) {
        enum arb_dead cm = arb_can_mate(pos, opp, MATE_BUDGET, MATE_EXPLORE_BUDGET, NULL);
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
        if (v->depth == 0)
            arb_clocks_add_penalty(&v->out->clocks, opp, 600L * ir->penalty_min, v->cur.ply + 1);
    } else {
        arb_buf_adds(&b, "it carries no penalty by count");
    }
    if (ir->on_claim && !ir->arbiter_acts && arbiter_case && ir->arbiter_exception)
        arb_buf_printf(&b, "; here %s", ir->arbiter_exception);
    const char *text = arb_arena_printf(v->g->arena, "%s", b.data);
    arb_buf_free(&b);
    *article = ir->article;
    return text;
}

/* The illegal move at node n (its finding f) is the last of the main
 * line, or takes the king: the record ends on it, so it stood as far as
 * anything could follow it.  It counts as its player's illegal move: f
 * says what the edition prescribes, and that the record ends there (a
 * king taken: that nothing can follow it). */
void arb_fail_count_last_illegal(struct arb_rs_illegal *il, const struct arb_rs_view *v, struct arb_finding *f,
                                 bool king_taken, bool record_ends)
{
    int off = v->cur.pos.side;
    const char *article;
    const char *what = arb_fail_illegal_consequence(il, v, &article, false);
    const struct arb_illegal_rule *ir = &v->prof->illegal[v->out->mode];
    bool loses = ir->loses_at && il->moves[off] >= ir->loses_at;
    const char *end = "";
    if (record_ends && loses) {
        /* The record ends on the move that loses: as it does when the
         * game was declared lost for it (or claimed). */
        const char *rt = arb_game_tag(v->g, "Result");
        enum arb_result rec = rt ? arb_result_parse(rt, strlen(rt)) : v->g->marker;
        enum arb_result win = off == ARB_WHITE ? ARB_RESULT_BLACK : ARB_RESULT_WHITE;
        const char *said = "";
        if (rec == win)
            said = arb_arena_printf(v->g->arena, " (the result, %s, agrees)", arb_result_name(rec));
        else if (rec == ARB_RESULT_WHITE || rec == ARB_RESULT_BLACK || rec == ARB_RESULT_DRAW)
            said = arb_arena_printf(v->g->arena, " (the result is recorded as %s)", arb_result_name(rec));
        end = arb_arena_printf(v->g->arena, "; the record ends on this move, the one that loses%s", said);
    } else if (record_ends) {
        end = "; the record ends on this move";
    } else if (king_taken) {
        end = "; no game goes on without a king: the replay stops here";
    }
    f->message = arb_arena_printf(v->g->arena, "%s; the move counts as an illegal move: %s (%s)%s", f->message, what,
                                  article, end);
}

/* Rapid and blitz (2014 A.4.d, 2017/2018 A.4.4, 2023 A.5.4): an arbiter
 * who sees both kings in check waits until the next move is completed;
 * if an illegal position is still on the board then, the game is drawn.
 * Called after a followed illegal move (f its finding) when the side to
 * move is in check.  The draw itself a record cannot show here: the next
 * move would have to be a second illegal one, and the replay follows an
 * illegal move only when the rest replays legally from it. */
void arb_fail_both_kings_in_check(const struct arb_rs_view *v, struct arb_finding *f)
{
    const struct arb_pos *pos = &v->cur.pos;
    const char *article = v->prof->illegal[v->out->mode].both_in_check;
    int mover = pos->side ^ 1;
    if (article && arb_pos_attackers(pos, pos->king_sq[mover], pos->side, pos->occ))
        f->message = arb_arena_printf(v->g->arena,
                                      "%s; both kings are now in check: the arbiter waits for the next move, and if an "
                                      "illegal position is still on the board then, the game is drawn (%s)",
                                      f->message, article);
}

/* The centre squares d4, e4, d5, e5. */
static bool centre_square(int sq)
{
    return sq >= 0 && sq < 64 && (ARB_FILE(sq) == 3 || ARB_FILE(sq) == 4) && (ARB_RANK(sq) == 3 || ARB_RANK(sq) == 4);
}

/* DGT's convention for its e-boards (digitalgametechnology.com, "End of
 * game: indicate result"; LiveChess reads it the same way): after the
 * game the players put both kings on two of the centre squares: both on
 * light squares (d5, e4) White won, both on dark squares (d4, e5) Black
 * won, one on each colour a draw.  Kings on two centre squares stand next
 * to each other, so no game can reach that position: the signal is always
 * an illegal move in the record. */
enum arb_result arb_kings_signal(int sq_a, int sq_b)
{
    if (!centre_square(sq_a) || !centre_square(sq_b) || sq_a == sq_b)
        return ARB_RESULT_NONE;
    bool light_a = (ARB_FILE(sq_a) + ARB_RANK(sq_a)) % 2 == 1, light_b = (ARB_FILE(sq_b) + ARB_RANK(sq_b)) % 2 == 1;
    return light_a && light_b ? ARB_RESULT_WHITE : !light_a && !light_b ? ARB_RESULT_BLACK : ARB_RESULT_DRAW;
}

/* The king move d the side to move cannot make: is it a board's result
 * signal (arb_kings_signal)?  The king it moves goes to a centre square
 * and the other king stands on another one, or the next move of the main
 * line (from node next) puts it there.  Then the finding says so
 * (board-result-signal: info; a warning when the Result recorded is
 * another one) instead of an illegal move, and returns true. */
bool arb_fail_board_signal(const struct arb_rs_view *v, const struct arb_node *n, int next,
                           const struct arb_movedesc *d)
{
    const struct arb_pos *pos = &v->cur.pos;
    int us = pos->side, from = pos->king_sq[us];
    if (d->castle || d->null_move || d->to_file < 0 || d->to_rank < 0)
        return false;
    bool king = d->piece == ARB_KING;
    if (d->coords && d->from_file >= 0 && d->from_rank >= 0)
        king = ARB_SQ(d->from_file, d->from_rank) == from;
    int a = ARB_SQ(d->to_file, d->to_rank), b = pos->king_sq[us ^ 1];
    if (!king || a == from || !centre_square(a))
        return false;
    if (arb_kings_signal(a, b) == ARB_RESULT_NONE) {
        /* The other king follows as the next move of this line (past the
         * variations that stand before it). */
        b = -1;
        for (int i = next, depth = 0; i < v->g->n_nodes; i++) {
            const struct arb_node *m = &v->g->nodes[i];
            if (m->kind == ARB_N_VAR_OPEN || (m->kind == ARB_N_VAR_CLOSE && depth > 0)) {
                depth += m->kind == ARB_N_VAR_OPEN ? 1 : -1;
                continue;
            }
            if (depth || m->kind == ARB_N_MOVENUM || m->kind == ARB_N_COMMENT || m->kind == ARB_N_NAG)
                continue;
            struct arb_movedesc d2;
            struct arb_parse_info info;
            int used;
            if (m->kind == ARB_N_MOVE && read_move(v->g, v->lang, v->letters, i, &d2, &info, &used) == ARB_NP_MOVE
                && d2.piece == ARB_KING && !d2.castle && d2.to_file >= 0 && d2.to_rank >= 0)
                b = ARB_SQ(d2.to_file, d2.to_rank);
            break;
        }
    }
    enum arb_result sig = arb_kings_signal(a, b);
    if (sig == ARB_RESULT_NONE)
        return false;
    char sa[3], sb[3];
    arb_cite_square(a, sa);
    arb_cite_square(b, sb);
    static const char *const colours[] = {
        [ARB_RESULT_WHITE] = "both on light squares", [ARB_RESULT_BLACK] = "both on dark squares",
        [ARB_RESULT_DRAW] = "one on each colour"};
    struct arb_finding *f = arb_cite_finding(v, ARB_F_BOARD_RESULT_SIGNAL, n, -1,
                                       "the kings were placed on %s and %s (%s): an electronic board's signal for %s, "
                                       "not a move", sa, sb, colours[sig], arb_result_name(sig));
    const char *rt = arb_game_tag(v->g, "Result");
    enum arb_result rec = rt ? arb_result_parse(rt, strlen(rt)) : v->g->marker;
    if (rec == ARB_RESULT_WHITE || rec == ARB_RESULT_BLACK || rec == ARB_RESULT_DRAW) {
        if (rec != sig) {
            f->severity = ARB_SEV_WARNING;
            f->message = arb_arena_printf(v->g->arena, "%s; but the result is recorded as %s", f->message,
                                          arb_result_name(rec));
        }
    }
    f->mark_to = (int8_t)a;
    f->mark_from = (int8_t)from;
    return true;
}
