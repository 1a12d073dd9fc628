/* walk.c — the replay's walk over the record, and its one entry, arb_replay().
 *
 * The nodes of the record are walked once, in order.  A stack of "levels"
 * holds the main line (level 0) and the open variations: opening a
 * variation saves the current level and takes back its last move, closing
 * it restores the saved level.  A move that cannot be played ends the main
 * line's replay (the game is reported as far as it went), or only the rest
 * of the variation it stands in; unless it stood (the record goes on from
 * it), --repair finds the move it stands for, or (for people) it can be
 * played as written.
 *
 * The walker owns the replay's whole state (struct arb_rs, state.h) and
 * hands each rule family its part with the read-only view: the repetition
 * window to repetition.c, the flags down to timing.c, the forms reported
 * to writing.c, the illegal-move count to failure.c.
 *
 * The walker calls repair.c, and repair.c does not call back: it returns
 * the move it chose, and the walker plays it (play_repaired).
 */
#include "laws/state.h"

/* The main line's moves into outcome.moves_hash (a null move: 0xFFFF,
 * no move's code). */
static void fold_move(uint64_t *h, uint64_t m)
{
    *h = (*h ^ m) * UINT64_C(0x100000001B3) + UINT64_C(0x9E3779B97F4A7C15);
}

/* Play m at the current level, remembering castling-right losses. */
static void play(struct arb_rs *s, arb_move m, int node)
{
    struct level *L = &s->v.cur;
    uint8_t before = L->pos.castle;
    int from = arb_move_from(m);
    bool king = arb_pos_type_at(&L->pos, from) == ARB_KING;
    arb_pos_make(&L->pos, m, &L->last_undo);
    if (s->v.depth == 0)
        fold_move(&s->v.out->moves_hash, m);
    L->last = m;
    L->have_last = true;
    L->last_null = false;
    L->ply++;
    if (s->v.opts->reach && s->v.depth == 0 && !s->v.out->reached
        && arb_pos_same_placement(&L->pos, s->v.opts->reach))
        s->v.out->reached = L->ply + 1;
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
static void fail(struct arb_rs *s)
{
    if (s->v.depth == 0) {
        s->stop = true;
        s->v.out->replay_stopped = true;
    } else {
        s->v.cur.dead = true;
    }
}

/* Has the position no legal move (mate or stalemate)?  Sets the end of the
 * game on the main line. */
static bool position_ended(struct arb_rs *s)
{
    if (arb_has_legal_move(&s->v.cur.pos))
        return false;
    if (s->v.depth == 0 && !game_ended(&s->v)) {
        s->v.out->end_ply = s->v.cur.ply;
        s->v.out->end_reason = arb_pos_checkers(&s->v.cur.pos) ? ARB_END_CHECKMATE : ARB_END_STALEMATE;
    }
    return true;
}

static void after_move(struct arb_rs *s, const struct arb_node *n, bool *check_out, bool *mate_out);

/* --repair chose m for the move at node idx (repair.c): play it in the
 * written one's place, and judge what it gave. */
static void play_repaired(struct arb_rs *s, int idx, arb_move m)
{
    if (s->hooks->on_move)
        s->hooks->on_move(s->hooks->ctx, idx, &s->v.cur.pos, m);
    play(s, m, idx);
    bool check, mate;
    after_move(s, &s->v.g->nodes[idx], &check, &mate);
    s->how = ARB_STEP_REPAIRED;
}

static int do_move(struct arb_rs *s, int idx)
{
    const struct arb_node *n = &s->v.g->nodes[idx];
    struct arb_movedesc d;
    struct arb_parse_info info;
    int used = 1;
    s->how = ARB_STEP_LEGAL;

    /* After checkmate or stalemate nothing can follow on the main line
     * (no move is legal).  After an
     * automatic draw the record's further moves are void but legal: the
     * first is reported, and the replay goes on (INTERFACE: plies counts
     * them, fen is where the record ends). */
    if (s->v.depth == 0 && (s->v.out->end_reason == ARB_END_CHECKMATE || s->v.out->end_reason == ARB_END_STALEMATE)) {
        /* The kings put in the centre after the end: the board's result
         * signal, no move after the end. */
        struct arb_movedesc sd;
        struct arb_parse_info si;
        if (read_move(s->v.g, s->v.lang, s->v.letters, idx, &sd, &si, &used) != ARB_NP_MOVE
            || !arb_fail_board_signal(&s->v, n, idx + used, &sd))
            arb_fail_report_after_end(&s->v, n);
        fail(s);
        return used;
    }
    /* (Findings are kept by index: the list grows, and moves, as the move
     * is judged.) */
    int after_end = -1;
    if (s->v.depth == 0 && s->v.out->end_reason != ARB_END_NONE && !s->after_end_told) {
        s->after_end_told = true;
        arb_fail_report_after_end(&s->v, n);
        after_end = s->v.g->findings.n - 1;
    }
    enum arb_np_status st = read_move(s->v.g, s->v.lang, s->v.letters, idx, &d, &info, &used);
    if (st == ARB_NP_EP_MARK) {
        /* "exd6 e.p.": the mark belongs to the move before. */
        if (s->v.cur.have_last) {
            struct arb_finding *f = NULL;
            if (arb_move_kind(s->v.cur.last) != ARB_MK_EP)
                f = arb_cite_finding(&s->v, ARB_F_WRONG_MARK, n, ARB_ART_NOTATION_CAPTURE,
                            "an en-passant mark after a move that is no en-passant capture");
            else if (info.forms & ARB_NF_FOREIGN_EP_MARK)
                f = arb_cite_finding(&s->v, ARB_F_NOTATION_FORM, n, ARB_ART_NOTATION_MARKS,
                            "'%s' is not a %s en-passant mark (%s)", arb_cite_quoted(&s->v, n),
                            s->v.lang->name, s->v.lang->ep_marks[0] ? s->v.lang->ep_marks[0] : "e.p.");
            if (f) {
                f->severity = ARB_SEV_WARNING;
                f->ply = s->v.cur.ply;
            }
        }
        return used;
    }
    if (st == ARB_NP_CHECK_MARK)
        return used;   /* a mark written as its own word belongs to the move before */
    if (st == ARB_NP_ERROR) {
        struct arb_finding *f;
        if (strcmp(info.error, "not a move") == 0)
            f = arb_cite_finding(&s->v, ARB_F_UNKNOWN_MOVE, n, ARB_ART_NOTATION_MOVE,
                        "'%s' is not a move in %s notation", arb_cite_quoted(&s->v, n), s->v.lang->name);
        else if (info.bad[0])
            f = arb_cite_finding(&s->v, ARB_F_UNKNOWN_MOVE, n, ARB_ART_NOTATION_MOVE,
                        "'%s' is not a move in %s notation: %s '%s'", arb_cite_quoted(&s->v, n),
                        s->v.lang->name, info.error, info.bad);
        else
            f = arb_cite_finding(&s->v, ARB_F_UNKNOWN_MOVE, n, ARB_ART_NOTATION_MOVE,
                        "'%s' is not a move in %s notation: %s", arb_cite_quoted(&s->v, n),
                        s->v.lang->name, info.error);
        arb_move m;
        if (arb_repair_move(&s->v, idx, used, f, &m)) {
            play_repaired(s, idx, m);
            return used;
        }
        int resume = arb_repair_resync(&s->v, idx + used);
        if (resume < 0) {
            fail(s);
            return used;
        }
        const struct arb_node *at = &s->v.g->nodes[resume];
        uint32_t line, col;
        arb_node_place(s->v.g, at, &line, &col);
        f->message = arb_arena_printf(s->v.g->arena, "%s; the replay skips it and resumes at %.*s (line %u)",
                                      f->message, (int)at->len, arb_node_text(s->v.g, at), line);
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
        if (arb_pos_checkers(&s->v.cur.pos)) {
            arb_cite_finding(&s->v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_KING_IN_CHECK,
                    "a null move ('%s') cannot answer a check", arb_cite_quoted(&s->v, n));
            fail(s);
            return used;
        }
        if (s->v.depth > 0) {
            arb_cite_finding(&s->v, ARB_F_NULL_MOVE, n, -1, "a null move ('%s') passes the turn",
                             arb_cite_quoted(&s->v, n));
        } else {
            struct arb_finding *f = arb_cite_finding(&s->v, ARB_F_ILLEGAL_MOVE, n, ARB_ART_ILLEGAL_MOVE,
                    "'%s' is a null move (passing the turn), which is not a move of chess; the replay passes the turn "
                    "to %s and goes on", arb_cite_quoted(&s->v, n), side_names[s->v.cur.pos.side ^ 1]);
            if (s->v.prof->rules & ARB_PR_PASS_ILLEGAL) {
                /* Pressing the clock without a move is an illegal move
                 * (7.5.3), counted with the others (7.5.5). */
                const char *article;
                const char *what = arb_fail_illegal_consequence(&s->illegal, &s->v, &article, false);
                f->message = arb_arena_printf(s->v.g->arena, "%s; pressing the clock without a move counts as an illegal "
                                              "move (%s): %s (%s)", f->message,
                                              arb_article(s->v.prof, ARB_ART_CLOCK_NO_MOVE), what, article);
            }
            arb_fail_followed(&s->illegal, &s->v);
            s->how = ARB_STEP_FOLLOWED;
        }
        arb_pos_make_null(&s->v.cur.pos, &s->v.cur.last_undo);
        if (s->v.depth == 0)
            fold_move(&s->v.out->moves_hash, 0xFFFF);
        s->v.cur.ply++;
        s->v.cur.have_last = false;
        s->v.cur.last_null = true;   /* a variation after it replaces it */
        if (s->v.depth == 0)
            arb_rep_pass(&s->rep, &s->v, n);   /* no position before the pass can come back after it */
        return used;
    }

    struct arb_resolve r;
    arb_san_resolve(&s->v.cur.pos, &d, &r);
    bool stood = false;
    int stood_f = -1;
    if (r.status != ARB_RS_OK && r.status != ARB_RS_PROMO_MISSING) {
        arb_move m;
        bool ended = position_ended(s);
        if (ended) {
            arb_fail_report_after_end(&s->v, n);
        } else if (s->v.depth == 0 && arb_fail_board_signal(&s->v, n, idx + used, &d)) {
            fail(s);   /* the game's end on the board: nothing after it is a move */
            return used;
        } else {
            arb_fail_report(&s->v, n, &d, &r);
            stood = arb_fail_illegal_stood(&s->v, idx + used, &d, &r, &m);
        }
        if (!stood) {
            struct arb_finding *f = s->v.g->findings.n ? &s->v.g->findings.v[s->v.g->findings.n - 1] : NULL;
            if (f && f->code != ARB_F_ILLEGAL_MOVE && f->code != ARB_F_AMBIGUOUS_MOVE)
                f = NULL;
            if (!ended && arb_repair_move(&s->v, idx, used, f, &m)) {
                play_repaired(s, idx, m);
                return used;
            }
            /* The record ends on a move the board allowed, or takes the
             * king: it counts, as far as anything could follow it. */
            if (f && !ended && s->v.depth == 0 && !game_ended(&s->v)) {
                bool ends = arb_fail_record_ends_at(s->v.g, idx + used);
                bool king = r.status == ARB_RS_CAPTURES_KING && arb_fail_king_taken_clearly(&s->v.cur.pos, &d);
                if (king || (ends && arb_fail_playable_as_written(&s->v, &d, &r, &m)))
                    arb_fail_count_last_illegal(&s->illegal, &s->v, f, king, ends);
            }
            /* For people: the move as written, where the board allows it
             * (no finding of its own: the illegal move's says what it is). */
            if (ended || s->v.depth || !s->v.opts->play_as_written
                || !arb_fail_playable_as_written(&s->v, &d, &r, &m)) {
                fail(s);
                return used;
            }
            s->how = ARB_STEP_AS_WRITTEN;
            stood = true;   /* judged as the illegal move it is: not its writing, nor claims */
        } else {
            const char *article;
            const char *what = arb_fail_illegal_consequence(&s->illegal, &s->v, &article, false);
            struct arb_finding *f = arb_cite_finding(&s->v, ARB_F_ILLEGAL_MOVE_STOOD, n, -1,
                                            "the record goes on from the position this move left, as if it stood "
                                            "(the moves after it replay only from there), and the replay follows "
                                            "it; %s",
                                            what);
            f->article = article;
            stood_f = s->v.g->findings.n - 1;
            s->how = ARB_STEP_FOLLOWED;
        }
        r.move = m;
        arb_fail_followed(&s->illegal, &s->v);
    }
    if (r.status == ARB_RS_PROMO_MISSING) {
        char to[3];
        arb_cite_square(arb_move_to(r.move), to);
        /* An illegal move that counts on the main line (2009 7.4a; 2014+ 7.5.2). */
        const char *counts = "";
        arb_fail_followed(&s->illegal, &s->v);
        s->how = ARB_STEP_FOLLOWED;
        if (s->v.depth == 0) {
            const char *article;
            const char *what = arb_fail_illegal_consequence(&s->illegal, &s->v, &article, true);
            counts = arb_arena_printf(s->v.g->arena, ", and the move counts as an illegal move: %s (%s)", what,
                                      article);
        }
        arb_cite_finding(&s->v, ARB_F_PROMOTION_MISSING, n, ARB_ART_PROMOTION_INCOMPLETE,
                "the pawn reaches %s but no piece is chosen; it %s%s", to,
                (s->v.prof->rules & ARB_PR_PROMO_QUEEN) ? "is replaced by a queen"
                                                      : "is read as a queen (this edition names no piece for it)",
                counts);
    }
    if (!stood && (info.forms | r.notes | (d.promo != ARB_NO_PIECE)))
        arb_writing_judge(&s->writing, &s->v, n, &d, &info, &r);
    if (!stood && arb_rep_unplayed_due(&s->rep, &s->v.cur.pos) && s->v.depth == 0 && !game_ended(&s->v))
        arb_rep_check_unplayed_claims(&s->rep, &s->v, n, r.move);
    if (after_end >= 0)
        arb_cite_mark_move(&s->v.g->findings.v[after_end], r.move);
    if (s->hooks->on_move)
        s->hooks->on_move(s->hooks->ctx, idx, &s->v.cur.pos, r.move);
    play(s, r.move, idx);
    bool check, mate;
    after_move(s, n, &check, &mate);
    if (stood_f >= 0 && check)
        arb_fail_both_kings_in_check(&s->v, &s->v.g->findings.v[stood_f]);
    if (d.check || check)
        arb_writing_judge_marks(&s->v, n, d.check, check, mate);
    return used;
}

/* After a move of the record is played (as written, or as --repair read
 * it): checkmate, the repetitions and move counts, a dead position.
 * *check, *mate: what the move gave. */
static void after_move(struct arb_rs *s, const struct arb_node *n, bool *check_out, bool *mate_out)
{
    bool check = arb_pos_checkers(&s->v.cur.pos) != 0;
    bool mate = check && !arb_has_legal_move(&s->v.cur.pos);
    *check_out = check;
    *mate_out = mate;
    if (mate && s->v.depth == 0 && !game_ended(&s->v)) {
        s->v.out->end_ply = s->v.cur.ply;
        s->v.out->end_reason = ARB_END_CHECKMATE;
    }
    if (s->v.depth == 0) {
        arb_rep_count(&s->rep, &s->v, n, mate);
        if (s->v.cur.ply <= s->opening_plies
            && !arb_opening_see(&s->opening, arb_pos_rep_key(&s->v.cur.pos))
            && ++s->opening.misses >= ARB_OPENING_MISSES)
            s->opening_plies = 0;   /* the game has left the table's lines */
        /* 5.2.2: a dead position ends the game at once (the move that made
         * it being legal); mate and the automatic draws came first.  Only
         * captures and pawn moves change the material and the pawns the
         * proofs rest on: asked after those, and after the first move. */
        char why[420];
        if (!mate && !game_ended(&s->v) && (s->v.cur.pos.halfmove == 0 || s->v.cur.ply == 1)
            && arb_dead_position(&s->v.cur.pos, why, sizeof why) == ARB_DEAD_YES) {
            struct arb_finding *f = arb_cite_finding(&s->v, ARB_F_DEAD_POSITION, n, ARB_ART_DEAD_POSITION,
                                            "no sequence of legal moves can lead to checkmate (%s): the game is drawn",
                                            why);
            f->ply = s->v.cur.ply;
            s->v.out->end_ply = s->v.cur.ply;
            s->v.out->end_reason = ARB_END_DEAD;
        }
    }
}

static void open_variation(struct arb_rs *s, const struct arb_node *n)
{
    if (s->skip || s->v.depth >= ARB_MAX_VARIATION_DEPTH) {
        /* Deeper than we follow: read on, check nothing until it closes.
         * (Each level keeps a position: the limit bounds the memory.) */
        if (!s->skip++ && !s->too_deep_reported) {
            s->too_deep_reported = true;
            struct arb_finding *f = arb_cite_finding(&s->v, ARB_F_VARIATION_TOO_DEEP, n, -1,
                                            "variations are nested more than %d deep here; the deeper ones are not checked",
                                            ARB_MAX_VARIATION_DEPTH);
            f->ply = s->v.cur.ply;
        }
        return;
    }
    if (s->v.depth == s->cap) {
        int cap = s->cap ? s->cap * 2 : 8;
        s->stack = arb_arena_grow(s->v.g->arena, s->stack, sizeof *s->stack, (size_t)s->v.depth, (size_t)cap);
        s->cap = cap;
    }
    s->stack[s->v.depth++] = s->v.cur;
    if (s->v.cur.dead)
        return;
    if (s->v.cur.have_last) {
        arb_pos_unmake(&s->v.cur.pos, s->v.cur.last, &s->v.cur.last_undo);
        s->v.cur.ply--;
        s->v.cur.have_last = false;
    } else if (s->v.cur.last_null) {
        arb_pos_unmake_null(&s->v.cur.pos, &s->v.cur.last_undo);
        s->v.cur.ply--;
        s->v.cur.last_null = false;
    }
}

static void close_variation(struct arb_rs *s)
{
    s->v.cur = s->stack[--s->v.depth];
}

/* The step of the main line's position the replay stands at: handed on
 * once the next move is played (its clock comments read), or at the end. */
static void step_status(struct arb_rs *s)
{
    const struct arb_pos *p = &s->step_pos;
    bool check = arb_pos_checkers(p) != 0;
    s->step.status = arb_has_legal_move(p) ? (check ? ARB_STEP_CHECK : ARB_STEP_TO_MOVE)
                     : check ? ARB_STEP_CHECKMATE : ARB_STEP_STALEMATE;
}

static void first_step(struct arb_rs *s)
{
    s->step_pos = s->v.cur.pos;
    s->step = (struct arb_replay_step){.ply = 0, .pos = &s->step_pos, .move = ARB_MOVE_NONE, .node = -1,
                                       .clk = {-1, -1}};
    step_status(s);
}

/* The main line's move at node i was played: hand on the step before it,
 * and stand at the position it made. */
static void next_step(struct arb_rs *s, int i)
{
    s->hooks->on_position(s->hooks->ctx, &s->step);
    const struct arb_node *n = &s->v.g->nodes[i];
    s->step_pos = s->v.cur.pos;
    s->step.ply = s->v.cur.ply;
    s->step.move = s->v.cur.have_last ? s->v.cur.last : ARB_MOVE_NONE;
    s->step.node = i;
    s->step.how = s->how;
    s->step.token = arb_node_text(s->v.g, n);
    s->step.len = n->len;
    step_status(s);
}

/* A comment of the main line: the clocks it shows, for the step too. */
static void step_clocks(struct arb_rs *s, const struct arb_node *n)
{
    struct arb_clocks *c = &s->v.out->clocks;
    int readings = c->readings;
    arb_timing_read_comment(&s->flags, &s->v, n);
    if (c->readings > readings) {
        int mover = s->v.cur.pos.side ^ 1;
        s->step.clk[mover] = c->last[mover];
        s->step.clk_ply[mover] = s->v.cur.ply;
    }
}

/* Walk the nodes: the heart of the replay. */
static void walk(struct arb_rs *s)
{
    struct arb_game *g = s->v.g;
    for (int i = 0; i < g->n_nodes && !s->stop; i++) {
        const struct arb_node *n = &g->nodes[i];
        if (s->skip && n->kind != ARB_N_VAR_OPEN && n->kind != ARB_N_VAR_CLOSE)
            continue;
        switch (n->kind) {
        case ARB_N_MOVE:
            if (!s->v.cur.dead) {
                int before = s->v.cur.ply, at = i;
                i += do_move(s, i) - 1;
                if (!s->v.depth && s->v.cur.ply > before && s->hooks->on_position)
                    next_step(s, at);
            }
            break;
        case ARB_N_MOVENUM:
            if (!s->v.cur.dead)
                arb_writing_check_number(&s->writing, &s->v, n);
            break;
        case ARB_N_VAR_OPEN:
            open_variation(s, n);
            break;
        case ARB_N_VAR_CLOSE:
            if (s->skip)
                s->skip--;
            else if (s->v.depth)
                close_variation(s);
            break;
        case ARB_N_COMMENT:
            if (!s->v.depth && !s->v.cur.dead && s->v.cur.ply > 0 && s->v.cur.have_last)
                step_clocks(s, n);
            break;
        case ARB_N_DRAW_OFFER:
            if (!s->v.depth && !s->v.cur.dead) {
                int mover = s->v.cur.pos.side ^ 1;
                struct arb_finding *f = arb_cite_finding(&s->v, ARB_F_DRAW_OFFER, n, ARB_ART_NOTATION_DRAW_OFFER,
                                                "%s offered a draw", side_names[mover]);
                f->ply = s->v.cur.ply;
                const struct arb_node *p = i ? &g->nodes[i - 1] : NULL;
                /* (Glued: nothing between the move's text and the offer's.) */
                if (p && p->kind == ARB_N_MOVE && p->off + p->len == n->off) {
                    f = arb_cite_finding(&s->v, ARB_F_NOTATION_FORM, n, ARB_ART_NOTATION_DRAW_OFFER,
                                "a space belongs between the move and the draw offer (=)");
                    f->ply = s->v.cur.ply;
                }
            }
            break;
        case ARB_N_ERROR:
            /* The PGN reader has reported it; the record cannot be followed. */
            if (!s->v.cur.dead)
                fail(s);
            break;
        case ARB_N_NAG:
            /* "Kb1 =": read as the glyph $10 (an equal position), but on a
             * scoresheet a bare '=' is no sign of the Laws (NOTATION-CASES 132). */
            if (!s->v.cur.dead && n->len == 1 && arb_node_text(g, n)[0] == '=') {
                struct arb_finding *f = arb_cite_finding(&s->v, ARB_F_NOTATION_FORM, n, ARB_ART_NOTATION_DRAW_OFFER,
                                                "a bare '=' is read as the annotation $10 (an equal position); it is "
                                                "no sign of the Laws, and a draw offer is written (=)");
                f->severity = ARB_SEV_WARNING;
                f->ply = s->v.cur.ply;
            }
            break;
        case ARB_N_RESULT:
            /* The termination marker: what trails it (comments) is no move. */
            if (!s->v.depth && !s->skip)
                goto done;
            break;
        default:
            break;
        }
    }
done:
    if (s->hooks->on_position)
        s->hooks->on_position(s->hooks->ctx, &s->step);
    /* Unclosed variations: back to the main line. */
    s->skip = 0;
    while (s->v.depth)
        close_variation(s);
    arb_timing_report_flags(&s->flags, &s->v);
}

static void outcome_init(struct arb_outcome *out)
{
    memset(out, 0, sizeof *out);
    out->mode = ARB_MODE_STANDARD;
    out->lang_vote = -1;
}

static void state_init(struct arb_rs *s, struct arb_game *g, const struct arb_check_opts *o, struct arb_outcome *out)
{
    memset(s, 0, sizeof *s);
    s->v.g = g;
    s->v.out = out;
    s->v.opts = o;
    s->v.prof = arb_setup_choose_profile(g, o, s->rules_why, sizeof s->rules_why);
    s->v.lang = o->lang ? o->lang : arb_langs[0];
    s->v.letters = arb_notation_letters(s->v.lang);
    out->profile = s->v.prof;
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
    enum arb_mode by_tc = arb_mode_of(s->v.prof, &out->tc, &known);
    out->mode = o->mode >= 0 ? (enum arb_mode)o->mode
                : s->v.prof->mode >= 0 ? (enum arb_mode)s->v.prof->mode : by_tc;
    /* A profile made for one kind of game (the Finnish blitz sets) on a
     * game whose time control makes it another: said (begin()). */
    s->mode_by_tc = by_tc;
    s->mode_mismatch = o->mode < 0 && s->v.prof->mode >= 0 && known && by_tc != (enum arb_mode)s->v.prof->mode;
    arb_clocks_init(&out->clocks, &out->tc);
    /* The named openings, where a tag names one (and the game starts
     * from the start position, as the table's lines do). */
    bool eco = false, fen = false;
    for (int i = 0; i < g->n_tags; i++) {
        const char *t = g->tags[i].name;
        eco |= (t[0] == 'E' && strcmp(t, "ECO") == 0) || (t[0] == 'O' && strcmp(t, "Opening") == 0);
        fen |= t[0] == 'F' && strcmp(t, "FEN") == 0;
    }
    if ((eco || (o->repair && (o->add_tags & (ARB_ADD_ECO | ARB_ADD_OPENING)))) && !fen) {
        s->opening_plies = arb_opening_max_ply();
        s->opening.asked = true;
    }
}

const unsigned *arb_lang_votes_plain(void *votes)
{
    return votes;
}

/* A finding about the game as a whole, at its first line (ply 0, no
 * position). */
static struct arb_finding *game_finding(struct arb_rs *s, enum arb_code code, const char *fmt, ...) ARB_PRINTF(3, 4);
static struct arb_finding *game_finding(struct arb_rs *s, enum arb_code code, const char *fmt, ...)
{
    struct arb_finding *f = arb_findings_add(&s->v.g->findings, s->v.g->arena, code);
    va_list ap;
    va_start(ap, fmt);
    f->message = arb_arena_vprintf(s->v.g->arena, fmt, ap);
    va_end(ap);
    f->ply = 0;
    f->line = s->v.g->line;
    f->col = s->v.g->col;
    return f;
}

/* ... placed at the value of tag t (if there is one). */
static void at_tag(struct arb_finding *f, const struct arb_tag *t)
{
    if (t && t->line) {
        f->line = t->line;
        f->col = t->col + (uint32_t)strlen(t->name) + 3;   /* [Name "value */
    }
}

/* Everything before the walk, the same for every caller: the start
 * position (and whether the Laws ended the game there), the language
 * (--lang=auto: detect_lang), the repetition history.  False when the
 * game cannot be replayed (its findings say why). */
static bool begin(struct arb_rs *s, const struct arb_check_opts *o)
{
    struct arb_game *g = s->v.g;
    struct arb_outcome *out = s->v.out;
    if (!arb_setup_position(&s->v))
        return false;
    out->start_fullmove = s->v.cur.pos.fullmove;
    out->moves_hash = s->v.cur.pos.key;
    out->start_side = s->v.cur.pos.side;
    if (!o->lang) {
        s->v.lang = arb_detect_lang(g, &s->v.cur.pos, o, &s->other_lang);
        s->v.letters = arb_notation_letters(s->v.lang);
        out->lang_vote = arb_lang_index(s->v.lang);
        if (s->other_lang) {
            struct arb_finding *f = arb_cite_finding(&s->v, ARB_F_LANG_AMBIGUOUS, NULL, ARB_ART_NOTATION_LETTERS,
                                            "the moves read as a whole game in %s and in %s, with different moves; "
                                            "read as %s (--lang= or --lang-hint= decides)",
                                            s->v.lang->name, s->other_lang->name, s->v.lang->name);
            f->ply = 0;
            f->line = g->line;
            f->col = g->col;
            f->pos = NULL;
        }
    }
    if (s->rules_why[0]) {
        /* At the date that decided it. */
        const struct arb_tag *t = arb_game_find_tag(g, "EventDate");
        if (!t || !arb_profile_for_date(t->value))
            t = arb_game_find_tag(g, "Date");
        at_tag(game_finding(s, ARB_F_RULES_EDITION, "%s", s->rules_why), t);
    }
    if (s->mode_mismatch) {
        static const char *const from[] = {[ARB_TC_NONE] = "", [ARB_TC_TAG] = "the TimeControl tag's",
                                           [ARB_TC_EVENT] = "the Event tag's", [ARB_TC_OPTION] = "--time-control's"};
        char tc[96];
        arb_tc_format(&out->tc, tc, sizeof tc);
        const struct arb_tc_period *p0 = &out->tc.p[0];
        long minutes = (p0->seconds + 60L * (p0->increment + p0->delay) + 59) / 60;
        struct arb_finding *f = game_finding(s, ARB_F_RULES_MISMATCH,
                     "%s is made for %s games, but %s %s makes this a %s game (base + 60 x increment: %ld minutes); "
                     "it is checked as %s, as the profile prescribes (--rules= chooses another profile, --mode= the "
                     "kind of game)",
                     s->v.prof->name, arb_mode_name((enum arb_mode)s->v.prof->mode), from[out->tc_source], tc,
                     arb_mode_name(s->mode_by_tc), minutes, arb_mode_name((enum arb_mode)s->v.prof->mode));
        at_tag(f, out->tc_source == ARB_TC_TAG     ? arb_game_find_tag(g, "TimeControl")
                  : out->tc_source == ARB_TC_EVENT ? arb_game_find_tag(g, "Event")
                                                   : NULL);
    }
    arb_rep_start(&s->rep, &s->v.cur.pos);
    return true;
}

void arb_replay(struct arb_game *g, const struct arb_check_opts *o, const struct arb_replay_hooks *hooks,
                struct arb_outcome *out)
{
    static const struct arb_replay_hooks none;
    struct arb_rs s;
    outcome_init(out);
    state_init(&s, g, o, out);
    s.hooks = hooks ? hooks : &none;
    if (begin(&s, o)) {
        if (o->reach && arb_pos_same_placement(&s.v.cur.pos, o->reach))
            out->reached = 1;
        if (s.hooks->on_position)
            first_step(&s);
        walk(&s);
        out->followed_plies = s.v.cur.ply;
        out->plies = s.illegal.first ? s.illegal.first - 1 : s.v.cur.ply;
        /* A legal replay that stops in a position without moves ended there. */
        if (!game_ended(&s.v) && !out->replay_stopped)
            position_ended(&s);
        if (out->end_reason == ARB_END_CHECKMATE)
            out->result_rules = s.v.cur.pos.side == ARB_WHITE ? ARB_RESULT_BLACK : ARB_RESULT_WHITE;
        else if (out->end_reason != ARB_END_NONE)
            out->result_rules = ARB_RESULT_DRAW;
        out->have_fen = true;
        out->final = s.v.cur.pos;
        out->legal_final = s.illegal.first ? s.illegal.legal_end : s.v.cur.pos;
        out->lang = s.lang_told ? s.v.lang : NULL;
    }
    arb_rep_free(&s.rep);
    arb_writing_count_forms(&s.writing, &s.v);
    arb_result_judge(g, out, s.v.prof);
    out->fix.add = o->repair ? o->add_tags : 0;   /* wanted; what is added is said by the two below */
    if (s.opening.asked)
        arb_opening_judge(g, out, &s.opening);
    else
        out->fix.add &= ~(unsigned)(ARB_ADD_ECO | ARB_ADD_OPENING);
    if (o->repair)
        arb_result_repair(g, out);
    arb_findings_sort(&g->findings);
}
