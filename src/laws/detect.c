/* detect.c — --lang=auto: the language the moves are written in, by trial
 * replays of the main line.  Reads the game and the start position only.
 */
#include "laws/state.h"

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

int arb_detect_trial_replay(const struct arb_game *g, const struct arb_lang *lang, const struct arb_pos *start,
                            int first, uint64_t *key, bool *complete, int *bad_marks, bool as_played)
{
    struct arb_pos pos = *start;
    const struct arb_letters *letters = arb_notation_letters(lang);
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
            enum arb_np_status st = read_move(g, lang, letters, i, &d, &info, &used);
            i += used - 1;
            if (st == ARB_NP_EP_MARK || st == ARB_NP_CHECK_MARK)
                continue;
            if (st != ARB_NP_MOVE || d.null_move) {
                *key = pos.key;
                return plies;
            }
            struct arb_resolve r;
            arb_san_resolve(&pos, &d, &r);
            arb_move m = r.move;
            if (as_played && r.status == ARB_RS_CAPTURES_KING && arb_fail_king_taken_clearly(&pos, &d)) {
                /* No position follows a king taken: what can be
                 * followed ends here, whatever the record writes after. */
                *key = pos.key;
                *complete = true;
                return plies + 1;
            }
            if (r.status != ARB_RS_OK && r.status != ARB_RS_PROMO_MISSING
                && !(as_played && arb_fail_playable_at(&pos, &d, &r, &m))) {
                *key = pos.key;
                return plies;
            }
            struct arb_undo u;
            arb_pos_make(&pos, m, &u);
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
    int plies = arb_detect_trial_replay(g, lang, start, 0, key, &complete, bad_marks, false);
    return complete ? plies + 1 : plies;
}

const struct arb_lang *arb_detect_lang(const struct arb_game *g, const struct arb_pos *start,
                                       const struct arb_check_opts *o, const struct arb_lang **other)
{
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
        scores[k] = trial_replay(g, arb_langs[order[k]], start, &keys[k], &bad[k]);
        if (scores[k] > best_score || (scores[k] == best_score && bad[k] < best_bad)) {
            best_score = scores[k];
            best_bad = bad[k];
            best = k;
        }
    }
    /* Another reading that replays as far, as well, to a different position? */
    for (int k = 0; k < n_order; k++)
        if (k != best && scores[k] == best_score && bad[k] == best_bad && keys[k] != keys[best]) {
            *other = arb_langs[order[k]];
            break;
        }
    return arb_langs[order[best]];
}
