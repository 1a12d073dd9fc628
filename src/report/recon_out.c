/* recon_out.c — the reconstructed game as PGN or JSON (see recon_out.h). */
#include "report/recon_out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/san.h"
#include "laws/replay.h"
#include "report/json.h"
#include "report/pgn_out.h"

#define TEXT_TIES 64              /* equal-cost games the text lists (JSON Lines: every one found) */

/* SAN (English, PGN export) of each move of the game, from start. */
static void san_list(const struct arb_pos *start, const arb_move *m, int n, char (*out)[16])
{
    struct arb_pos pos = *start;
    const struct arb_lang *en = arb_lang_find("en");
    for (int i = 0; i < n; i++) {
        struct arb_movedesc d;
        arb_san_describe(&pos, m[i], &d);
        arb_notation_write(en, &d, true, out[i], 16);
        struct arb_undo u;
        arb_pos_make(&pos, m[i], &u);
    }
}

static void uci_list(struct arb_buf *b, const struct arb_pos *start, const arb_move *m, int n)
{
    struct arb_pos pos = *start;
    arb_buf_addc(b, '[');
    for (int i = 0; i < n; i++) {
        char u[6];
        arb_notation_uci(&pos, m[i], u);
        if (i)
            arb_buf_addc(b, ',');
        arb_json_cstr(b, u);
        struct arb_undo ud;
        arb_pos_make(&pos, m[i], &ud);
    }
    arb_buf_addc(b, ']');
}

static const char *kind_name(enum arb_recon_kind k)
{
    switch (k) {
    case ARB_RC_READ: return "misread";
    case ARB_RC_UNREADABLE: return "unreadable";
    case ARB_RC_NOT_RECORDED: return "not-recorded";
    case ARB_RC_BLANK: return "blank";
    case ARB_RC_SWAPPED: return "swapped";
    case ARB_RC_AFTER_END: return "after-end";
    case ARB_RC_RESULT: return "result";
    default: return "extra";
    }
}

/* The move label of a ply ("23." or "23..."). */
static void ply_label(const struct arb_pos *start, int ply, char *buf, size_t cap)
{
    char num[16];
    snprintf(buf, cap, "%s", arb_move_number(start->fullmove, ply - 1 + (start->side == ARB_BLACK), num));
}

const char *arb_recon_limit_name(enum arb_recon_limit l)
{
    switch (l) {
    case ARB_RL_BUDGET: return "budget";
    case ARB_RL_MEMORY: return "memory";
    case ARB_RL_WALL: return "time";
    default: return "none";
    }
}

/* What stopped the search, in words (NULL: nothing). */
const char *arb_recon_limit_words(enum arb_recon_limit l)
{
    switch (l) {
    case ARB_RL_BUDGET: return "the step budget (--budget) was spent";
    case ARB_RL_MEMORY: return "the states kept reached the memory limit";
    case ARB_RL_WALL: return "the time limit (--time-limit) was reached";
    default: return NULL;
    }
}

/* "another game fits", "4 other games fit", "at least 9 other games fit":
 * how many games fit as well as the best (r->ties set). */
const char *arb_recon_ties_phrase(const struct arb_recon_result *r, char *buf, size_t cap)
{
    if (r->n_ties <= 1)
        snprintf(buf, cap, "%s", r->ties_more ? "at least one other game fits" : "another game fits");
    else
        snprintf(buf, cap, "%s%d other games fit", r->ties_more ? "at least " : "", r->n_ties);
    return buf;
}

void arb_recon_write_json(struct arb_buf *b, const struct arb_recon_report *rep)
{
    const struct arb_recon_result *r = rep->r;
    const struct arb_pos *start = rep->start;
    const struct arb_sheet *sheets = rep->sheets;
    int ns = rep->n_sheets;
    if (!r->found) {
        /* No game: what stopped the search, and how far it went (with no
         * limit, it is proved that no game fits). */
        arb_buf_adds(b, "{\"uci\":null,\"corrections\":[],\"cost\":null,\"alternatives\":[],\"fen\":null,"
                        "\"proved\":");
        arb_buf_adds(b, r->limit == ARB_RL_NONE ? "true,\"limit\":" : "false,\"limit\":");
        if (r->limit == ARB_RL_NONE)
            arb_buf_adds(b, "null");
        else
            arb_json_cstr(b, arb_recon_limit_name(r->limit));
        arb_buf_printf(b, ",\"steps\":%ld}\n", r->steps);
        return;
    }
    const struct arb_recon_game *g = &r->best;
    char (*san)[16] = arb_xmalloc((size_t)(g->n_moves + 1) * sizeof *san);
    san_list(start, g->moves, g->n_moves, san);
    arb_buf_addc(b, '{');
    arb_json_key(b, "sheets", true);
    arb_buf_addc(b, '[');
    for (int k = 0; k < ns; k++) {
        if (k)
            arb_buf_addc(b, ',');
        arb_buf_addc(b, '{');
        arb_json_key(b, "file", true);
        arb_json_cstr(b, rep->paths[k]);
        arb_json_key(b, "lang", false);
        arb_json_cstr(b, sheets[k].lang->code);
        arb_json_key(b, "tokens", false);
        arb_json_int(b, sheets[k].n);
        arb_buf_addc(b, '}');
    }
    arb_buf_addc(b, ']');
    arb_json_key(b, "uci", false);
    uci_list(b, start, g->moves, g->n_moves);
    arb_json_key(b, "san", false);
    arb_buf_addc(b, '[');
    for (int i = 0; i < g->n_moves; i++) {
        if (i)
            arb_buf_addc(b, ',');
        arb_json_cstr(b, san[i]);
    }
    arb_buf_addc(b, ']');
    arb_json_key(b, "corrections", false);
    arb_buf_addc(b, '[');
    for (int c = 0; c < g->n_corr; c++) {
        const struct arb_recon_corr *k = &g->corr[c];
        if (c)
            arb_buf_addc(b, ',');
        arb_buf_addc(b, '{');
        arb_json_key(b, "ply", true);
        arb_json_int(b, k->ply);
        arb_json_key(b, "sheet", false);
        arb_json_int(b, k->sheet + 1);
        arb_json_key(b, "recorded", false);
        arb_json_cstr(b, k->tok >= 0 ? sheets[k->sheet].tok[k->tok] : NULL);
        arb_json_key(b, "move", false);
        arb_json_cstr(b, k->move && k->ply >= 1 ? san[k->ply - 1] : NULL);
        arb_json_key(b, "kind", false);
        arb_json_cstr(b, kind_name(k->kind));
        arb_json_key(b, "reason", false);
        arb_json_cstr(b, k->reason);
        arb_json_key(b, "cost", false);
        arb_buf_printf(b, "%.2f", k->cost);
        arb_buf_addc(b, '}');
    }
    arb_buf_addc(b, ']');
    arb_json_key(b, "cost", false);
    arb_buf_printf(b, "%.2f", g->cost);
    arb_json_key(b, "ties", false);
    arb_buf_adds(b, r->ties ? "true" : "false");
    arb_json_key(b, "tied_games", false);
    arb_buf_printf(b, "%d", r->n_ties);
    arb_json_key(b, "tied_games_more", false);
    arb_buf_adds(b, r->ties_more ? "true" : "false");
    arb_json_key(b, "alternatives", false);
    arb_buf_addc(b, '[');
    for (int a = 0; a < r->n_alt; a++) {
        if (a)
            arb_buf_addc(b, ',');
        arb_buf_addc(b, '{');
        arb_json_key(b, "uci", true);
        uci_list(b, start, r->alt[a].moves, r->alt[a].n_moves);
        arb_json_key(b, "cost", false);
        arb_buf_printf(b, "%.2f", r->alt[a].cost);
        arb_buf_addc(b, '}');
    }
    arb_buf_addc(b, ']');
    char fen[128];
    arb_pos_to_fen(&g->final, fen);
    arb_json_key(b, "fen", false);
    arb_json_cstr(b, fen);
    arb_json_key(b, "result", false);
    arb_json_cstr(b, arb_result_name(g->result));
    arb_json_key(b, "complete", false);
    arb_buf_adds(b, r->proved ? "true" : "false");
    arb_json_key(b, "proved", false);
    arb_buf_adds(b, r->proved ? "true" : "false");
    arb_json_key(b, "partial", false);
    arb_buf_adds(b, r->partial ? "true" : "false");
    arb_json_key(b, "engine_ordered", false);
    arb_buf_adds(b, rep->engine ? "true" : "false");
    arb_json_key(b, "limit", false);
    if (r->limit == ARB_RL_NONE)
        arb_buf_adds(b, "null");
    else
        arb_json_cstr(b, arb_recon_limit_name(r->limit));
    arb_json_key(b, "timed_out", false);
    arb_buf_adds(b, r->limit == ARB_RL_WALL ? "true" : "false");
    arb_json_key(b, "steps", false);
    arb_buf_printf(b, "%ld", r->steps);
    arb_json_key(b, "counter_ignored", false);
    arb_buf_adds(b, r->counter_ignored ? "true" : "false");
    arb_buf_adds(b, "}\n");
    free(san);
}

/* Where the alternative first departs from the best game. */
static int first_difference(const struct arb_recon_game *a, const struct arb_recon_game *b)
{
    int i = 0;
    while (i < a->n_moves && i < b->n_moves && a->moves[i] == b->moves[i])
        i++;
    return i + 1;
}

void arb_recon_write_pgn(struct arb_buf *b, const struct arb_recon_report *rep)
{
    const struct arb_recon_result *r = rep->r;
    const struct arb_pos *start = rep->start;
    const struct arb_sheet *sheets = rep->sheets;
    int ns = rep->n_sheets, no_duty_from = rep->no_duty_from;
    const struct arb_recon_game *g = &r->best;
    const struct arb_game *tg = rep->tags;
    /* (how the game ended by the Laws, else the result written: recon's) */
    const char *res = g->result != ARB_RESULT_NONE ? arb_result_name(g->result) : "*";
    arb_pgn_out_tags(b, tg, res);   /* the first sheet's, with its FEN if it has one */
    /* The verdict first, on a line of its own. */
    arb_buf_printf(b, "{arbiter reconstruct: %d move%s from %d sheet%s (", g->n_moves, g->n_moves == 1 ? "" : "s",
                   ns, ns == 1 ? "" : "s");
    for (int k = 0; k < ns; k++)
        arb_buf_printf(b, "%s%s read as %s", k ? ", " : "", rep->paths[k], sheets[k].lang->name);
    arb_buf_printf(b, "); %d correction%s, cost %.2f", g->n_corr, g->n_corr == 1 ? "" : "s", g->cost);
    if (no_duty_from)
        arb_buf_printf(b, "; no duty to record from move %d (Art. 8.4)", no_duty_from);
    if (r->ties) {
        int shown = 0, listed = 0;
        for (int a = 0; a < r->n_alt; a++)
            listed += r->alt[a].cost <= g->cost + 1e-6;
        shown = listed < TEXT_TIES ? listed : TEXT_TIES;
        char fit[64];
        arb_recon_ties_phrase(r, fit, sizeof fit);
        arb_buf_printf(b, "; %s the sheets equally well", fit);
        if (shown < listed)
            arb_buf_printf(b, " (the first %d below; --format=jsonl lists %d)", shown, listed);
        else if (shown < r->n_ties || r->ties_more)
            arb_buf_printf(b, " (the first %d below)", shown);
        arb_buf_adds(b, ": the evidence does not decide");
        if (rep->engine)
            arb_buf_printf(b, " (the equally good games are in the order of %s: the least loss against its best "
                              "moves first; that is chess, not evidence)", rep->engine);
    } else if (r->n_alt)
        arb_buf_printf(b, "; %d other game%s fit%s nearly as well", r->n_alt, r->n_alt == 1 ? "" : "s",
                       r->n_alt == 1 ? "s" : "");
    else if (r->ties_more)
        arb_buf_adds(b, "; the search stopped before it could tell whether others fit equally well");
    if (arb_recon_limit_words(r->limit) && !r->proved)
        arb_buf_printf(b, "; %s before the search was complete: this is the best game found, a cheaper one may "
                          "exist", arb_recon_limit_words(r->limit));
    else if (arb_recon_limit_words(r->limit))
        arb_buf_printf(b, "; %s after the best game was proved (other games of its cost may not all be listed)",
                       arb_recon_limit_words(r->limit));
    if (r->counter_ignored)
        arb_buf_adds(b, "; no game of the length the final position's move counter gives fits: searched without it");
    if (r->partial)
        arb_buf_adds(b, "; no legal game was found for the whole sheet: this is the game as far as it could be "
                        "followed, and the tokens after it are not fitted");
    arb_buf_adds(b, "}\n");
    struct arb_pgn_out w;
    arb_pgn_out_start(&w, b);
    char (*san)[16] = arb_xmalloc((size_t)(g->n_moves + 1) * sizeof *san);
    san_list(start, g->moves, g->n_moves, san);
    bool need_number = true;   /* at the start and after a comment */
    for (int ply = 1; ply <= g->n_moves; ply++) {
        char label[16];
        ply_label(start, ply, label, sizeof label);
        bool white_move = ((ply - 1 + (start->side == ARB_BLACK)) % 2) == 0;
        struct arb_buf item = {0};
        if (white_move || need_number)
            arb_buf_printf(&item, "%s ", label);
        need_number = false;
        arb_buf_adds(&item, san[ply - 1]);
        /* The corrections at this ply. */
        for (int c = 0; c < g->n_corr; c++) {
            const struct arb_recon_corr *k = &g->corr[c];
            if (k->ply != ply || k->kind == ARB_RC_EXTRA)
                continue;
            arb_buf_printf(&item, " {sheet %d: ", k->sheet + 1);
            if (k->tok < 0)
                arb_buf_adds(&item, k->reason);
            else
                arb_buf_printf(&item, "'%s' (%s)", sheets[k->sheet].tok[k->tok], k->reason[0] ? k->reason : "as written");
            arb_buf_adds(&item, "}");
            need_number = true;
        }
        for (int c = 0; c < g->n_corr; c++) {
            const struct arb_recon_corr *k = &g->corr[c];
            if (k->ply == ply && k->kind == ARB_RC_EXTRA) {
                if (k->tok >= 0)
                    arb_buf_printf(&item, " {sheet %d: '%s': %s}", k->sheet + 1, sheets[k->sheet].tok[k->tok],
                                   k->reason);
                else
                    arb_buf_printf(&item, " {sheet %d: %s}", k->sheet + 1, k->reason);
                need_number = true;
            }
        }
        arb_pgn_out_word(&w, item.data, item.len);
        arb_buf_free(&item);
    }
    int tied_shown = 0;
    for (int a = 0; a < r->n_alt; a++) {
        if (r->alt[a].cost <= g->cost + 1e-6 && ++tied_shown > TEXT_TIES)
            continue;              /* (JSON Lines lists them all) */
        int d = first_difference(&r->alt[a], g);
        char label[16];
        ply_label(start, d, label, sizeof label);
        struct arb_buf alt = {0};
        arb_buf_printf(&alt, "{alternative %d, cost %.2f: from %s on ", a + 1, r->alt[a].cost, label);
        char (*as)[16] = arb_xmalloc((size_t)(r->alt[a].n_moves + 1) * sizeof *as);
        san_list(start, r->alt[a].moves, r->alt[a].n_moves, as);
        for (int i = d - 1; i < r->alt[a].n_moves && i < d + 5; i++)
            arb_buf_printf(&alt, "%s%s", i == d - 1 ? "" : " ", as[i]);
        if (r->alt[a].n_moves > d + 5)
            arb_buf_adds(&alt, " ...");
        arb_buf_adds(&alt, "}");
        arb_pgn_out_line(&w, alt.data, alt.len);
        arb_buf_free(&alt);
        free(as);
    }
    arb_pgn_out_end(&w, res);
    free(san);
}
