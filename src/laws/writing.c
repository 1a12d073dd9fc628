/* writing.c — how the moves are written (Appendix C): forms outside the
 * standard, check and mate marks, move numbers that do not fit (8.1).
 * Owns struct arb_rs_writing (what was reported); reads the view.
 */
#include "laws/state.h"

/* A form outside the language's standard but with one sure reading: say
 * so (Appendix C), at the severity the edition's wording earns. */
static void form(struct arb_rs_writing *wr, const struct arb_rs_view *v, const struct arb_node *n,
                 enum arb_severity sev, enum arb_article art, const char *fmt, ...) ARB_PRINTF(6, 7);
static void form(struct arb_rs_writing *wr, const struct arb_rs_view *v, const struct arb_node *n,
                 enum arb_severity sev, enum arb_article art, const char *fmt, ...)
{
    /* Each form is reported at its first move; later ones are counted
     * there ("... and in N more moves"), not repeated. */
    for (int i = 0; i < wr->n_forms; i++)
        if (wr->forms[i].fmt == fmt) {
            wr->forms[i].more++;
            return;
        }
    va_list ap;
    va_start(ap, fmt);
    char *msg = arb_arena_vprintf(v->g->arena, fmt, ap);
    va_end(ap);
    struct arb_finding *f = arb_cite_finding(v, ARB_F_NOTATION_FORM, n, art, "%s", msg);
    f->severity = sev;
    if (wr->n_forms < (int)(sizeof wr->forms / sizeof wr->forms[0])) {
        wr->forms[wr->n_forms].fmt = fmt;
        wr->forms[wr->n_forms].index = v->g->findings.n - 1;
        wr->forms[wr->n_forms++].more = 0;
    }
}

/* After the replay: "and in N more moves" on forms that came back. */
void arb_writing_count_forms(const struct arb_rs_writing *wr, const struct arb_rs_view *v)
{
    for (int i = 0; i < wr->n_forms; i++)
        if (wr->forms[i].more) {
            struct arb_finding *f = &v->g->findings.v[wr->forms[i].index];
            f->message = arb_arena_printf(v->g->arena, "%s (and in %d more move%s)", f->message, wr->forms[i].more,
                                          wr->forms[i].more == 1 ? "" : "s");
        }
}

/* Before the move of node n (description d, parse info, resolution r) is
 * played: the forms it was written in and the marks it bears. */
void arb_writing_judge(struct arb_rs_writing *wr, const struct arb_rs_view *v, const struct arb_node *n,
                       const struct arb_movedesc *d, const struct arb_parse_info *info, const struct arb_resolve *r)
{
    int moved_type = arb_pos_type_at(&v->cur.pos, arb_move_from(r->move));
    const struct arb_lang *L = v->lang;
    unsigned f = info->forms;
    bool pgn = (L->flags & ARB_LANG_PGN) != 0;
    bool long_ok = (v->prof->rules & ARB_PR_LONG_FORM) != 0;
    const char *ed = v->prof->name;

    if (f) {
        if ((f & ARB_NF_CASTLE_LETTER_O) && !pgn)
            form(wr, v, n, ARB_SEV_INFO, ARB_ART_NOTATION_MARKS,
                 "castling is written with zeros (0-0, 0-0-0), not the letter O");
        if (f & ARB_NF_CASTLE_LOWER)
            form(wr, v, n, ARB_SEV_INFO, ARB_ART_NOTATION_MARKS,
                 "castling is written 0-0 or 0-0-0, not in lower-case letters");
        if (f & ARB_NF_CASTLE_NO_DASH)
            form(wr, v, n, ARB_SEV_INFO, ARB_ART_NOTATION_MARKS, "castling is written with a hyphen (0-0, 0-0-0)");
        if ((f & ARB_NF_PROMO_EQUALS) && !pgn)
            form(wr, v, n, ARB_SEV_INFO, ARB_ART_NOTATION_PROMOTION,
                 "'=' before the new piece is PGN style; the Laws write the letter right after the square (d8%s)",
                 L->piece[ARB_QUEEN]);
        if (f & ARB_NF_PROMO_PAREN)
            form(wr, v, n, ARB_SEV_INFO, ARB_ART_NOTATION_PROMOTION,
                 "the new piece is written right after the square, without brackets or a slash");
        if (f & ARB_NF_LOWER_PIECE)
            form(wr, v, n, ARB_SEV_WARNING, ARB_ART_NOTATION_LETTERS, "piece letters are capitals");
        if (f & ARB_NF_PAWN_LETTER)
            form(wr, v, n, ARB_SEV_WARNING, ARB_ART_NOTATION_LETTERS, "a pawn move carries no letter (e4, not %s...)",
                 L->pawn_letter ? L->pawn_letter : "P");
        if ((f & ARB_NF_COORDS) && moved_type != ARB_PAWN) {
            char to[3];
            arb_cite_square(arb_move_to(r->move), to);
            form(wr, v, n, ARB_SEV_WARNING, ARB_ART_NOTATION_MOVE,
                 "a move written as coordinates only (UCI style); the Laws write the piece letter (%s%s)",
                 moved_type == ARB_KING && arb_move_kind(r->move) == ARB_MK_CASTLE ? "0-0" : L->piece[moved_type],
                 moved_type == ARB_KING && arb_move_kind(r->move) == ARB_MK_CASTLE ? "" : to);
        }
        else if ((f & (ARB_NF_LONG | ARB_NF_COORDS)) && !long_ok)
            form(wr, v, n, ARB_SEV_INFO, ARB_ART_NOTATION_MOVE,
                 "the long form (departure and arrival square) is not described by the %s Laws", ed);
        if ((f & ARB_NF_HYPHEN))
            form(wr, v, n, long_ok ? ARB_SEV_INFO : ARB_SEV_WARNING, ARB_ART_NOTATION_MOVE,
                 long_ok ? "a hyphen between the squares is not needed" : "no hyphen is used between the squares (%s)", ed);
        if (f & ARB_NF_EP_GLUED)
            form(wr, v, n, ARB_SEV_INFO, ARB_ART_NOTATION_MARKS, "a space belongs before the en-passant mark");
        if (f & ARB_NF_COLON_CAPTURE)
            form(wr, v, n, ARB_SEV_INFO, ARB_ART_NOTATION_CAPTURE, "a capture is marked with x, not ':'");
        if ((f & ARB_NF_X_MATE) && !(L->flags & ARB_LANG_X_MATE))
            form(wr, v, n, ARB_SEV_WARNING, ARB_ART_NOTATION_MARKS, "X as the mate sign is Finnish; in %s it is %s",
                 L->name, L->mate_mark);
        if (f & ARB_NF_LOWER_PROMO)
            form(wr, v, n, ARB_SEV_WARNING, ARB_ART_NOTATION_PROMOTION,
                 "the new piece's letter is written as a capital (d8Q, not d8q)");
        if (f & ARB_NF_FOREIGN_EP_MARK)
            form(wr, v, n, ARB_SEV_WARNING, ARB_ART_NOTATION_MARKS, "this en-passant mark is not %s (%s)", L->name,
                 L->ep_marks[0] ? L->ep_marks[0] : "e.p.");
        if (f & ARB_NF_CAPITAL_X)
            form(wr, v, n, ARB_SEV_WARNING, ARB_ART_NOTATION_CAPTURE,
                 (r->notes & ARB_RN_CAPTURE_MARK_EMPTY)
                     ? "a capital X where the capture mark stands, but the move captures nothing: read as the move "
                       "without it (X is the Finnish mate sign, written after the square)"
                     : "a capital X where the capture mark stands; the capture mark is a lower-case x");
        if (f & ARB_NF_TRAILING_X)
            form(wr, v, n, ARB_SEV_WARNING, ARB_ART_NOTATION_MARKS,
                 "a lower-case x after the square is no mark of the Laws (capture is x before the square; mate is %s)",
                 L->mate_mark);
    }
    if (pgn && d->promo != ARB_NO_PIECE && !(f & (ARB_NF_PROMO_EQUALS | ARB_NF_COORDS)))
        form(wr, v, n, ARB_SEV_INFO, ARB_ART_NOTATION_PROMOTION, "PGN writes a promotion with '=' (e8=Q)");
    if (r->notes) {
        if ((r->notes & ARB_RN_CAPTURE_MARK_EMPTY) && !(f & ARB_NF_CAPITAL_X))
            arb_cite_finding(v, ARB_F_WRONG_MARK, n, ARB_ART_NOTATION_CAPTURE,
                             "a capture mark, but the move captures nothing");
        if (r->notes & ARB_RN_EP_MARK_NOT_EP)
            arb_cite_finding(v, ARB_F_WRONG_MARK, n, ARB_ART_NOTATION_CAPTURE,
                             "an en-passant mark on a move that is no en-passant capture");
        if (r->notes & ARB_RN_PAWN_CAPTURE_NOFILE)
            form(wr, v, n, ARB_SEV_WARNING, ARB_ART_NOTATION_CAPTURE,
                 "a pawn capture is written with the pawn's file (exd5)");
        if (r->notes & ARB_RN_KING_STEP_CASTLE)
            form(wr, v, n, ARB_SEV_WARNING, ARB_ART_NOTATION_MARKS,
                 "castling is written 0-0 or 0-0-0, not as a king move");
    }
}

/* After the move of node n was played (check and mate known): a check or
 * mate mark the move does not bear out.  The finding belongs to the move:
 * its ply and the position before it. */
void arb_writing_judge_marks(const struct arb_rs_view *v, const struct arb_node *n, int written, bool check, bool mate)
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
    /* The view as it stood before the move (a copy: the view is the
     * walker's to move on). */
    struct arb_rs_view before = *v;
    struct level *L = &before.cur;
    arb_pos_unmake(&L->pos, L->last, &L->last_undo);
    L->ply--;
    struct arb_finding *f = arb_cite_finding(&before, code, n, ARB_ART_NOTATION_MARKS, "%s", msg);
    f->last = ARB_MOVE_NONE;   /* the move before is not kept */
    arb_cite_mark_move(f, L->last);
}

/* A move number of the main line (node n) that does not agree with the
 * position: said once per game (Laws 8.1, the recording of the moves). */
void arb_writing_check_number(struct arb_rs_writing *wr, const struct arb_rs_view *v, const struct arb_node *n)
{
    if (v->depth || wr->numbering_reported || n->num < 0)
        return;
    /* Only a number that a move follows (not trailing junk). */
    const struct arb_pos *pos = &v->cur.pos;
    bool black_dots = n->dots >= 2;
    if ((unsigned)n->num == pos->fullmove && (!black_dots || pos->side == ARB_BLACK))
        return;
    char next[24];
    arb_cite_move_number(pos, next, sizeof next);
    wr->numbering_reported = true;
    arb_cite_finding(v, ARB_F_MOVE_NUMBER, n, ARB_ART_RECORDING,
                     "the record says %s but %s's move %s is next; a move may be missing or written twice",
                     arb_cite_quoted(v, n), side_names[pos->side], next);
}
