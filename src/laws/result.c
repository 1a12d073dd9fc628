/* result.c — the result the record states against what the Laws give
 * (5.x, 6.9, 9.x), and the names of results and game ends.  Runs after
 * the walk, from the game, the outcome and the profile alone.
 */
#include "laws/state.h"

#include <stdlib.h>

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

/* The end of a game the Laws decide, as a message says it. */
static const char *end_words(enum arb_end_reason r)
{
    return r == ARB_END_CHECKMATE ? "checkmate"
           : r == ARB_END_STALEMATE ? "stalemate"
           : r == ARB_END_FIVEFOLD ? "a fivefold repetition"
           : r == ARB_END_SEVENTYFIVE ? "75 moves without pawn move or capture"
                                      : "a dead position";
}

static enum arb_result result_from_string(const char *s)
{
    return s ? arb_result_parse(s, strlen(s)) : ARB_RESULT_NONE;
}

/* The PlyCount tag (PGN standard 9.2.1: the plies of the game) if it
 * miscounts the half-moves recorded, where the whole record replayed;
 * else NULL. */
static const struct arb_tag *plycount_wrong(const struct arb_game *g, const struct arb_outcome *out)
{
    const struct arb_tag *pc = arb_game_find_tag(g, "PlyCount");
    if (!pc || !out->have_fen || out->replay_stopped || g->truncated)
        return NULL;
    char *end;
    long n = strtol(pc->value, &end, 10);
    return end == pc->value || *end || n != out->followed_plies ? pc : NULL;
}

void arb_result_judge(struct arb_game *g, struct arb_outcome *out, const struct arb_profile *prof)
{
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
        if (marker_node) {
            arb_node_place(g, marker_node, &f->line, &f->col);
        } else {
            f->line = tag->line;
            f->col = tag->col;
        }
        f->message = arb_arena_printf(g->arena, "the Result tag says %s but the movetext ends with %s", tag->value,
                                      marker);
        f->article = arb_article(prof, ARB_ART_RESULT);
    }
    bool has_moves = false;
    for (int i = 0; i < g->n_nodes && !has_moves; i++)
        has_moves = g->nodes[i].kind == ARB_N_MOVE;
    if (!marker && g->n_tags && !g->truncated) {
        /* (Without a move either: tags alone, or a file cut short after them.) */
        struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_MISSING_RESULT);
        if (g->n_nodes) {
            const struct arb_node *last = &g->nodes[g->n_nodes - 1];
            arb_node_place(g, last, &f->line, &f->col);
        } else {
            f->line = g->tags[g->n_tags - 1].line;
            f->col = g->tags[g->n_tags - 1].col;
        }
        f->message = has_moves ? "the movetext ends without a game termination marker (1-0, 0-1, 1/2-1/2 or *)"
                               : "the game has no moves and no game termination marker (1-0, 0-1, 1/2-1/2 "
                                 "or *): its movetext is missing";
    }

    const struct arb_tag *pc = plycount_wrong(g, out);
    if (pc) {
        struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_PLYCOUNT_MISMATCH);
        f->line = pc->line;
        f->col = pc->col;
        f->message = arb_arena_printf(g->arena, "the PlyCount tag says %s, but the record has %d half-move%s",
                                      pc->value, out->followed_plies, out->followed_plies == 1 ? "" : "s");
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
        f->article = arb_article(prof, ARB_ART_RESULT);
    }
    /* Lost on time: the Termination tag says so, or the loser's last clock
     * reading is at zero. */
    int on_time_winner = -1;
    const char *why_time = NULL;
    if (out->have_fen && out->end_reason == ARB_END_NONE && (recorded == ARB_RESULT_WHITE || recorded == ARB_RESULT_BLACK)) {
        int winner = recorded == ARB_RESULT_WHITE ? ARB_WHITE : ARB_BLACK;
        const struct arb_clocks *c = &out->clocks;
        if (termination && arb_setup_contains_nocase(termination, "time"))
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
        bool forced_rule = (prof->rules & ARB_PR_FORCED_MATE_MATERIAL)
                           && !arb_material_forces_mate(&out->final, winner);
        if (forced_rule || arb_can_mate(&out->final, winner, MATE_BUDGET, MATE_EXPLORE_BUDGET, NULL) == ARB_DEAD_NO) {
            const char *because = forced_rule ? "has no material that can force mate against a lone king (team rule 12)"
                                              : "could not checkmate by any series of legal moves";
            struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_TIMEOUT_VS_INSUFFICIENT);
            f->line = tag ? tag->line : g->line;
            f->col = tag ? tag->col : g->col;
            f->message = arb_arena_printf(g->arena, "the game is scored %s on time (%s), but %s %s: the game is drawn",
                                          out->result_tag, why_time, side_names[winner], because);
            f->article = forced_rule ? "team rule 12" : arb_article(prof, ARB_ART_TIMEOUT_DRAW);
            struct arb_finding *m = arb_findings_add(&g->findings, g->arena, ARB_F_RESULT_MISMATCH);
            m->line = f->line;
            m->col = f->col;
            m->message = arb_arena_printf(g->arena, "the result is recorded as %s, but the Laws make it a draw "
                                                    "(1/2-1/2): a loss on time where the opponent cannot win",
                                          out->result_tag);
            m->article = f->article;
            out->result_rules = ARB_RESULT_DRAW;
            out->fix.decided = "a loss on time where the opponent cannot win is a draw";
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
    if ((prof->rules & ARB_PR_RESIGN_DRAW) && out->have_fen && out->end_reason == ARB_END_NONE
        && (recorded == ARB_RESULT_WHITE || recorded == ARB_RESULT_BLACK)
        && (!termination || strcasecmp(termination, "normal") == 0 || arb_setup_contains_nocase(termination, "resign"))) {
        int winner = recorded == ARB_RESULT_WHITE ? ARB_WHITE : ARB_BLACK;
        if (arb_cannot_mate_quick(&out->final, winner)) {
            struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_RESULT_MISMATCH);
            f->line = tag ? tag->line : g->line;
            f->col = tag ? tag->col : g->col;
            f->message = arb_arena_printf(g->arena, "the game is scored %s, but %s could not checkmate by any series "
                                                    "of legal moves: under %s a player who resigns in such a position "
                                                    "draws (1/2-1/2)",
                                          out->result_tag, side_names[winner], prof->name);
            f->article = arb_article(prof, ARB_ART_RESIGNATION);
            out->result_rules = ARB_RESULT_DRAW;
            out->fix.decided = "a resignation where the opponent cannot win is a draw";
            return;
        }
    }
    /* 5.2.3 (2017+): a draw agreed before both players have moved is no
     * draw.  Only where the record shows nothing else that drew the game
     * (a Termination other than an agreement, a position the Laws end). */
    const char *term = arb_game_tag(g, "Termination");
    bool agreed = !term || strcasecmp(term, "normal") == 0 || arb_setup_contains_nocase(term, "agree");
    /* (A record with a movetext: a header-only game shows no moves at all,
     * and a termination marker that says otherwise makes it a contradiction,
     * reported above, not an agreement.) */
    if ((prof->rules & ARB_PR_AGREE_AFTER_MOVES) && recorded == ARB_RESULT_DRAW && out->end_reason == ARB_END_NONE
        && agreed && !out->replay_stopped && out->have_fen && out->plies < 2 && g->n_nodes > 0
        && (g->marker == ARB_RESULT_NONE || g->marker == ARB_RESULT_DRAW)) {
        struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_EARLY_DRAW);
        if (tag) {
            f->line = tag->line;
            f->col = tag->col;
        } else if (marker_node) {
            arb_node_place(g, marker_node, &f->line, &f->col);
        } else {
            f->line = g->line;
            f->col = g->col;
        }
        f->message = arb_arena_printf(g->arena, "the game is scored as a draw after %s; under the %s Laws a draw "
                                                "may be agreed only after both players have made at least one move",
                                      out->plies ? "one half-move" : "no move", prof->name);
        f->article = arb_article(prof, ARB_ART_AGREEMENT);
    }
    if (out->result_rules == ARB_RESULT_NONE || recorded == ARB_RESULT_NONE || recorded == ARB_RESULT_UNKNOWN
        || recorded == out->result_rules)
        return;
    struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_RESULT_MISMATCH);
    if (tag) {
        f->line = tag->line;
        f->col = tag->col;
    } else if (marker_node) {
        arb_node_place(g, marker_node, &f->line, &f->col);
    }
    const char *how = end_words(out->end_reason);
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
    f->article = arb_article(prof, out->end_reason == ARB_END_CHECKMATE   ? ARB_ART_CHECKMATE
                                      : out->end_reason == ARB_END_STALEMATE ? ARB_ART_STALEMATE
                                      : out->end_reason == ARB_END_FIVEFOLD  ? ARB_ART_FIVEFOLD
                                      : out->end_reason == ARB_END_SEVENTYFIVE ? ARB_ART_SEVENTYFIVE
                                                                              : ARB_ART_DEAD_POSITION);
}

/* How the Laws decided the result, in a few words for --repair's comment. */
static const char *decided_how(struct arb_game *g, const struct arb_outcome *out)
{
    if (out->fix.decided)
        return out->fix.decided;
    const char *how = end_words(out->end_reason);
    if (out->end_ply == 0)
        return arb_arena_printf(g->arena, "the starting position is %s", how);
    return arb_arena_printf(g->arena, "the game ended in %s at ply %d", how, out->end_ply);
}

/* The note --repair adds to the last finding of `code`. */
static void note_on(struct arb_game *g, enum arb_code code, const char *note)
{
    for (int i = g->findings.n - 1; i >= 0; i--)
        if (g->findings.v[i].code == code) {
            struct arb_finding *f = &g->findings.v[i];
            f->note = f->note ? arb_arena_printf(g->arena, "%s; %s", f->note, note) : note;
            return;
        }
}

void arb_result_repair(struct arb_game *g, struct arb_outcome *out)
{
    struct arb_result_fix *x = &out->fix;
    x->plycount = -1;
    bool want_plycount = x->add & ARB_ADD_PLYCOUNT;
    const struct arb_tag *tag = arb_game_find_tag(g, "Result");
    enum arb_result written = tag ? result_from_string(tag->value) : ARB_RESULT_NONE;
    enum arb_result decided = out->result_rules;
    if (decided != ARB_RESULT_NONE) {
        /* The Laws decide: the tag and the marker say so. */
        x->result = decided;
        const char *how = decided_how(g, out);
        if (tag && written != decided)
            x->tag_why = arb_arena_printf(g->arena, "the Result tag said %s; %s: %s", tag->value, how,
                                          arb_result_name(decided));
        if (g->marker != ARB_RESULT_NONE && g->marker != decided) {
            if (x->tag_why && written == g->marker)   /* one comment for both ("" below: said) */
                x->tag_why = arb_arena_printf(g->arena, "the Result tag and the termination marker said %s; %s: %s",
                                              tag->value, how, arb_result_name(decided));
            x->marker_why = x->tag_why && written == g->marker
                                ? ""
                                : arb_arena_printf(g->arena, "the termination marker was %s; %s: %s",
                                                   arb_result_name(g->marker), how, arb_result_name(decided));
        }
    } else if (g->marker == ARB_RESULT_NONE) {
        /* No decision: a missing marker is the Result tag's, else "*". */
        x->result = written != ARB_RESULT_NONE ? written : ARB_RESULT_UNKNOWN;
    }
    if (g->marker == ARB_RESULT_NONE && !g->truncated && g->n_nodes > 0)
        x->marker_why = arb_arena_printf(g->arena, "the termination marker was missing; %s",
                                         decided != ARB_RESULT_NONE ? decided_how(g, out)
                                         : written != ARB_RESULT_NONE ? "the Result tag's"
                                                                      : "no result is known: *");
    const struct arb_tag *pc = plycount_wrong(g, out);
    if (pc) {
        x->plycount = out->followed_plies;
        x->plycount_why = arb_arena_printf(g->arena, "PlyCount was %s; the record has %d half-moves", pc->value,
                                           out->followed_plies);
    }
    /* --add-tags=PlyCount: a record read whole that has no PlyCount tag
     * (or an empty one) gets one. */
    x->add &= ~(unsigned)ARB_ADD_PLYCOUNT;
    pc = arb_game_find_tag(g, "PlyCount");
    if (!x->plycount_why && !g->truncated && (!pc || !pc->value[0] || strcmp(pc->value, "?") == 0)
        && want_plycount) {
        x->add |= ARB_ADD_PLYCOUNT;
        x->plycount = out->followed_plies;
        x->plycount_why = arb_arena_printf(g->arena, "PlyCount added: the record has %d half-moves",
                                           out->followed_plies);
    }
    /* The opening tags the moves contradict (openings.c), or --add-tags
     * fills: the classification's code and name. */
    char code[4], name[160];
    if (x->eco_idx && (x->add & ARB_ADD_ECO))
        x->eco_why = arb_arena_printf(g->arena, "ECO added: the moves are %s, %s", arb_opening_eco(x->eco_idx - 1, code),
                                      arb_opening_name(x->eco_idx - 1, name, sizeof name));
    else if (x->eco_idx)
        x->eco_why = arb_arena_printf(g->arena, "ECO was %s; the moves are %s, %s", arb_game_tag(g, "ECO"),
                                      arb_opening_eco(x->eco_idx - 1, code),
                                      arb_opening_name(x->eco_idx - 1, name, sizeof name));
    if (x->opening_idx && (x->add & ARB_ADD_OPENING))
        x->opening_why = arb_arena_printf(g->arena, "Opening added: the moves are %s, %s",
                                          arb_opening_eco(x->opening_idx - 1, code),
                                          arb_opening_name(x->opening_idx - 1, name, sizeof name));
    else if (x->opening_idx)
        x->opening_why = arb_arena_printf(g->arena, "Opening was \"%s\"; the moves are %s, %s",
                                          arb_game_tag(g, "Opening"), arb_opening_eco(x->opening_idx - 1, code),
                                          arb_opening_name(x->opening_idx - 1, name, sizeof name));
    x->any = x->tag_why || x->marker_why || x->plycount_why || x->eco_why || x->opening_why;
    bool eco_fix = x->eco_why && !(x->add & ARB_ADD_ECO), op_fix = x->opening_why && !(x->add & ARB_ADD_OPENING);
    if (eco_fix || op_fix)
        note_on(g, ARB_F_OPENING_MISMATCH, arb_arena_printf(g->arena, "--repair: %s the moves' (%s)",
                                                            eco_fix && op_fix ? "the ECO and Opening tags become"
                                                            : eco_fix ? "the ECO tag becomes" : "the Opening tag becomes",
                                                            arb_opening_eco((eco_fix ? x->eco_idx : x->opening_idx) - 1,
                                                                            code)));
    const char *r = arb_result_name(x->result);
    if (x->tag_why || (x->marker_why && g->marker != ARB_RESULT_NONE))
        note_on(g, ARB_F_RESULT_MISMATCH,
                arb_arena_printf(g->arena, "--repair: %s %s", x->tag_why && x->marker_why ? "the Result tag and the "
                                 "termination marker become" : x->tag_why ? "the Result tag becomes"
                                 : "the termination marker becomes", r));
    if (x->marker_why && g->marker == ARB_RESULT_NONE)
        note_on(g, ARB_F_MISSING_RESULT, arb_arena_printf(g->arena, "--repair: the marker %s is written", r));
    if (x->plycount_why && !(x->add & ARB_ADD_PLYCOUNT))
        note_on(g, ARB_F_PLYCOUNT_MISMATCH, arb_arena_printf(g->arena, "--repair: PlyCount becomes %d",
                                                              out->followed_plies));
}
