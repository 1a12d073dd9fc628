/* setup.c — the position a game starts from (SetUp/FEN, Chess960, variants)
 * and the profile of the Laws that applies to it.  Writes the start
 * position into the view (before the walk: the one family that writes it).
 */
#include "laws/state.h"

/* Does s contain word, ignoring ASCII case? */
bool arb_setup_contains_nocase(const char *s, const char *word)
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
    return strstr(variant, "960") || arb_setup_contains_nocase(variant, "fischer") || arb_setup_contains_nocase(variant, "frc")
           || arb_setup_contains_nocase(variant, "freestyle");
}

static bool is_standard(const char *variant)
{
    return !variant || !*variant || strcasecmp(variant, "standard") == 0 || strcasecmp(variant, "chess") == 0
           || strcasecmp(variant, "normal") == 0 || strcasecmp(variant, "from position") == 0
           || strcasecmp(variant, "fromposition") == 0;
}

/* A start position (a FEN tag) that the Laws have already ended: mate,
 * stalemate (5.1.1, 5.2.1) or a dead position (5.2.2) ends the game at
 * ply 0, in every edition; a move recorded after it is move-after-end. */
static void judge_start(struct arb_rs_view *v, const struct arb_tag *fen)
{
    if (!arb_has_legal_move(&v->cur.pos)) {
        v->out->end_ply = 0;
        v->out->end_reason = arb_pos_checkers(&v->cur.pos) ? ARB_END_CHECKMATE : ARB_END_STALEMATE;
        return;
    }
    char why[420];
    if (arb_dead_position(&v->cur.pos, why, sizeof why) != ARB_DEAD_YES)
        return;
    struct arb_finding *f = arb_cite_finding(v, ARB_F_DEAD_POSITION, NULL, ARB_ART_DEAD_POSITION,
                                    "the game starts in a dead position (%s): no sequence of legal moves can lead to "
                                    "checkmate, and the game is drawn", why);
    f->ply = 0;
    f->line = fen->line;
    f->col = fen->col;
    v->out->end_ply = 0;
    v->out->end_reason = ARB_END_DEAD;
}

/* Set up the start position; false if the game cannot be replayed. */
bool arb_setup_position(struct arb_rs_view *v)
{
    struct arb_game *g = v->g;
    const struct arb_tag *variant = arb_game_find_tag(g, "Variant");
    const char *vname = variant ? variant->value : NULL;
    bool c960 = is_chess960(vname);
    if (!c960 && !is_standard(vname)) {
        struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_UNSUPPORTED_VARIANT);
        f->line = variant->line;
        f->col = variant->col;
        f->message = arb_arena_printf(g->arena, "the game is %s, not chess under the FIDE Laws; its moves are not checked", vname);
        return false;
    }
    const struct arb_tag *fen = arb_game_find_tag(g, "FEN");
    if (fen) {
        char err[200], dropped[300];
        int rc = arb_pos_from_fen_repair(&v->cur.pos, fen->value, c960, dropped, sizeof dropped, err, sizeof err);
        if (rc < 0) {
            struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_INVALID_FEN);
            f->line = fen->line;
            f->col = fen->col;
            if (rc == -2) {
                f->message = arb_arena_printf(g->arena, "the FEN tag is no Chess960 starting position: %s", err);
                f->article = arb_article(v->prof, ARB_ART_START_960);
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
        arb_pos_startpos(&v->cur.pos);
        v->cur.pos.chess960 = c960;
    }
    if (fen)
        judge_start(v, fen);
    return true;
}

const struct arb_profile *arb_setup_choose_profile(const struct arb_game *g, const struct arb_check_opts *o,
                                                   char *why, size_t cap)
{
    why[0] = 0;
    if (o->profile)
        return o->profile;
    const struct arb_profile *p = arb_profile_for_date_why(arb_game_tag(g, "EventDate"), why, cap);
    if (!p)
        p = arb_profile_for_date_why(arb_game_tag(g, "Date"), why, cap);
    return p ? p : arb_profile_default();
}
