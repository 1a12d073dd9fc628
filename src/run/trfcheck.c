/* trfcheck.c — check --trf (see trfcheck.h). */
#include "run/trfcheck.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/msg.h"
#include "base/utf8.h"
#include "base/name.h"
#include "read/trf.h"

/* A record of the report's own, made once the games are done. */
enum item_kind { ITEM_SYNTAX, ITEM_MISSING, ITEM_POINTS };

struct item {
    enum item_kind kind;
    uint32_t line, col;
    int p, q;                     /* player indexes (q: -1 none) */
    int round;
    const char *message;          /* ITEM_SYNTAX: the error's */
};

/* A word of a player's name in the index: its key (arb_name_word_key),
 * the player, whether it is an initial. */
struct word_entry {
    uint64_t key;
    int player;
    bool initial;
};

/* A FIDE id and its player. */
struct id_entry {
    uint64_t id;
    int player;
};

struct arb_trfcheck {
    struct arb_trf t;
    /* The players' names folded once, and indexed by word and by FIDE id:
     * a game's players are looked up, not compared with every player. */
    struct arb_name *names;
    struct word_entry *words;
    int n_words;
    struct id_entry *ids;
    int n_ids;
    int *stamp;                   /* [player]: the lookup that last listed it */
    int lookups;
    char *path;
    int round;                    /* --round, 0 none */
    bool *matched;                /* [player * n_rounds + r - 1]: a game matched that pairing */
    bool *seen;                   /* [r]: a game of the input is of round r */
    struct item *items;
    int n_items, next;
    bool done;                    /* the items are made */
    uint64_t index;
    /* --sheet: the games of the round as matched (arb_trfcheck_sheet) */
    bool sheet_on;
    int last_w, last_b, last_r;   /* the last game's pairing: players' indexes and round (-1: none) */
    struct sheet_game *sg;
    int n_sg, cap_sg;
};

struct sheet_game {
    int w, b;                     /* the players' indexes (-1: the game matched no pairing) */
    char *file, *white, *black, *result, *codes;
    uint64_t game;
    uint32_t line;
    int sev[3];                   /* infos, warnings, errors */
    int paired;                   /* matching no pairing of the round: the round the report pairs them in, 0 none */
};

static int cmp_word(const void *a, const void *b)
{
    const struct word_entry *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->player - y->player;
}

static int cmp_id(const void *a, const void *b)
{
    const struct id_entry *x = a, *y = b;
    if (x->id != y->id)
        return x->id < y->id ? -1 : 1;
    return x->player - y->player;
}

static void index_players(struct arb_trfcheck *c)
{
    int n = c->t.n_players;
    c->names = arb_xcalloc((size_t)n + 1, sizeof *c->names);
    c->words = arb_xcalloc((size_t)n * ARB_NAME_WORDS + 1, sizeof *c->words);
    c->ids = arb_xcalloc((size_t)n + 1, sizeof *c->ids);
    c->stamp = arb_xcalloc((size_t)n + 1, sizeof *c->stamp);
    for (int i = 0; i < n; i++) {
        const struct arb_trf_player *p = &c->t.players[i];
        arb_name_prepare(&c->names[i], p->name ? p->name : "");
        for (int k = 0; k < c->names[i].n; k++)
            c->words[c->n_words++] = (struct word_entry){arb_name_word_key(&c->names[i], k), i,
                                                         arb_name_initial(&c->names[i], k)};
        if (p->fide_id)
            c->ids[c->n_ids++] = (struct id_entry){p->fide_id, i};
    }
    qsort(c->words, (size_t)c->n_words, sizeof *c->words, cmp_word);
    qsort(c->ids, (size_t)c->n_ids, sizeof *c->ids, cmp_id);
}

struct arb_trfcheck *arb_trfcheck_new(const char *path, int round, char *err, size_t errlen)
{
    struct arb_trfcheck *c = arb_xcalloc(1, sizeof *c);
    if (arb_trf_read(&c->t, path, err, errlen) < 0) {
        free(c);
        return NULL;
    }
    c->path = arb_xstrdup(path);
    c->round = round;
    int nr = c->t.n_rounds > 0 ? c->t.n_rounds : 1;
    c->matched = arb_xcalloc((size_t)c->t.n_players * (size_t)nr + 1, sizeof *c->matched);
    c->seen = arb_xcalloc((size_t)nr + 1, sizeof *c->seen);
    index_players(c);
    for (int i = 0; i < c->t.n_errors; i++)
        arb_msg("%s:%u:%u: error: %s", path, c->t.errors[i].line, c->t.errors[i].col, c->t.errors[i].message);
    return c;
}

void arb_trfcheck_free(struct arb_trfcheck *c)
{
    if (!c)
        return;
    arb_trf_free(&c->t);
    free(c->path);
    free(c->matched);
    free(c->seen);
    free(c->items);
    free(c->names);
    free(c->words);
    free(c->ids);
    free(c->stamp);
    for (int i = 0; i < c->n_sg; i++) {
        free(c->sg[i].file);
        free(c->sg[i].white);
        free(c->sg[i].black);
        free(c->sg[i].result);
        free(c->sg[i].codes);
    }
    free(c->sg);
    free(c);
}

static int player_index(const struct arb_trfcheck *c, const struct arb_trf_player *p)
{
    return (int)(p - c->t.players);
}

/* The leading number of a Round tag ("5", "5.3"); 0 for none. */
static int round_number(const char *s)
{
    if (!s || *s < '0' || *s > '9')
        return 0;
    long v = strtol(s, NULL, 10);
    return v > 0 && v < 100000 ? (int)v : 0;
}

static uint64_t fide_id(const char *s)
{
    if (!s || !*s)
        return 0;
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > UINT64_MAX / 100)
            return 0;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    return v;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* The first index of the sorted words with that key. */
static int first_word(const struct arb_trfcheck *c, uint64_t key)
{
    int lo = 0, hi = c->n_words;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (c->words[mid].key < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The players a game's side names: by FIDE id (by_id) or by name; their
 * indexes into out (at most cap, in the report's order), their number.
 * By name: the players that share a word with it (the index), each then
 * matched whole (arb_name_same).  A match needs a whole word of one name
 * equal to a word of the other: every whole word of the game's name is
 * looked up, and an initial of it among the players' whole words ("ae" is
 * "a"'s word too). */
static int candidates(struct arb_trfcheck *c, const char *name, uint64_t id, bool by_id, int *out, int cap)
{
    int n = 0;
    if (by_id) {
        int lo = 0, hi = c->n_ids;
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (c->ids[mid].id < id)
                lo = mid + 1;
            else
                hi = mid;
        }
        for (int k = lo; k < c->n_ids && c->ids[k].id == id && n < cap; k++)
            out[n++] = c->ids[k].player;
        return n;
    }
    if (!name)
        return 0;
    struct arb_name nm;
    arb_name_prepare(&nm, name);
    int stamp = ++c->lookups;
    int *list = NULL, n_list = 0, cap_list = 0;
    for (int w = 0; w < nm.n; w++) {
        bool initial = arb_name_initial(&nm, w);
        uint64_t key = arb_name_word_key(&nm, w);
        for (int k = first_word(c, key); k < c->n_words && c->words[k].key == key; k++) {
            const struct word_entry *e = &c->words[k];
            if ((initial && e->initial) || c->stamp[e->player] == stamp)
                continue;
            c->stamp[e->player] = stamp;
            if (n_list == cap_list) {
                cap_list = cap_list ? 2 * cap_list : 64;
                list = arb_xrealloc(list, (size_t)cap_list * sizeof *list);
            }
            list[n_list++] = e->player;
        }
    }
    if (n_list > 1)
        qsort(list, (size_t)n_list, sizeof *list, cmp_int);
    for (int k = 0; k < n_list && n < cap; k++)
        if (arb_name_same(&nm, &c->names[list[k]]))
            out[n++] = list[k];
    free(list);
    return n;
}

/* The result from the first player's side as a PGN result ("1-0"), NULL
 * when the code is no game's result. */
static const char *pgn_result(char code)
{
    switch (code) {
    case '1': case 'W': case '+': return "1-0";
    case '0': case 'L': case '-': return "0-1";
    case '=': case 'D': return "1/2-1/2";
    default: return NULL;
    }
}

static struct arb_finding *add(struct arb_game *g, enum arb_code code, const char *tag)
{
    struct arb_finding *f = arb_findings_add(&g->findings, g->arena, code);
    const struct arb_tag *t = tag ? arb_game_find_tag(g, tag) : NULL;
    f->ply = 0;
    f->line = t ? t->line : g->line;
    f->col = t ? t->col : g->col;
    return f;
}

/* "2024.05.03" and "24/05/03": the same day?  (The last six digits.) */
static bool same_day(const char *pgn, const char *trf)
{
    char a[16], b[16];
    int na = 0, nb = 0;
    for (const char *s = pgn; *s && na < 15; s++)
        if (*s >= '0' && *s <= '9')
            a[na++] = *s;
    for (const char *s = trf; *s && nb < 15; s++)
        if (*s >= '0' && *s <= '9')
            b[nb++] = *s;
    return na >= 6 && nb >= 6 && memcmp(a + na - 6, b + nb - 6, 6) == 0;
}

/* " (did you mean 'X' (rank)?)" for a name no player of the report has,
 * or "". */
static const char *did_you_mean(const struct arb_trfcheck *c, struct arb_arena *a, const char *name)
{
    if (!name || !*name || !c->t.n_players)
        return "";
    const char **names = arb_xmalloc((size_t)c->t.n_players * sizeof *names);
    for (int i = 0; i < c->t.n_players; i++)
        names[i] = c->t.players[i].name;
    int k = arb_name_nearest(name, names, c->t.n_players);
    free(names);
    if (k < 0)
        return "";
    return arb_arena_printf(a, " (did you mean '%s' (%d)?)", c->t.players[k].name, c->t.players[k].rank);
}

/* What player p did in round r, by the report: "had a half-point bye
 * (H)", "played X (12)", "was not paired"... */
static const char *round_words(const struct arb_trf *t, struct arb_arena *a, const struct arb_trf_player *p, int r)
{
    const struct arb_trf_round *rd = arb_trf_round_of(p, r);
    if (!rd)
        return arb_arena_printf(a, "has no block for round %d (withdrawn, or not paired yet)", r);
    if (rd->bad)
        return "has a block that cannot be read";
    if (rd->opp) {
        const struct arb_trf_player *o = arb_trf_player(t, rd->opp);
        return arb_arena_printf(a, "played %s (%d)", o ? o->name : "?", rd->opp);
    }
    switch (rd->result) {
    case 'H': return "had a half-point bye (H)";
    case 'F': return "had a full-point bye (F)";
    case 'U': return "had the pairing-allocated bye (U)";
    case 'Z': return "had a zero-point bye (Z: absent, or withdrawn)";
    case '+': return "won by forfeit without an opponent (+)";
    case '-': return "lost by forfeit without an opponent (-)";
    default: return "was not paired (withdrawn?)";
    }
}

/* Why two players the report has did not meet: in the round the game is
 * of, what each did there; else, a player's byes and the rounds after
 * his last game (withdrawn).  "" when there is nothing to say. */
static const char *why_unpaired(const struct arb_trfcheck *c, struct arb_arena *a, const struct arb_trf_player *p,
                                const struct arb_trf_player *q, int want)
{
    const struct arb_trf *t = &c->t;
    if (want >= 1 && want <= t->n_rounds)
        return arb_arena_printf(a, "; in round %d %s %s, and %s %s", want, p->name, round_words(t, a, p, want), q->name,
                                round_words(t, a, q, want));
    const char *out = "";
    const struct arb_trf_player *pl[2] = {p, q};
    for (int k = 0; k < 2; k++) {
        int last = 0;
        for (int r = 1; r <= pl[k]->n_rounds; r++)
            if (pl[k]->rounds[r - 1].opp)
                last = r;
        if (last < t->n_rounds)
            out = arb_arena_printf(a, "%s; %s played no game after round %d of %d (%s there)", out, pl[k]->name, last,
                                   t->n_rounds, round_words(t, a, pl[k], last + 1));
    }
    return out;
}

static bool match_game(struct arb_trfcheck *c, struct arb_game *g, const struct arb_outcome *oc)
{
    const struct arb_trf *t = &c->t;
    int before = g->findings.n;
    const char *white = arb_game_tag(g, "White"), *black = arb_game_tag(g, "Black");
    uint64_t wid = fide_id(arb_game_tag(g, "WhiteFideId")), bid = fide_id(arb_game_tag(g, "BlackFideId"));
    bool by_id = wid && bid;
    int tag_round = round_number(arb_game_tag(g, "Round"));
    int want = c->round ? c->round : tag_round;
    if (want >= 1 && want <= t->n_rounds)
        c->seen[want] = true;
    int ws[64], bs[64];
    int nw = candidates(c, white, wid, by_id, ws, 64), nb = candidates(c, black, bid, by_id, bs, 64);
    if (!nw || !nb) {
        struct arb_finding *f = add(g, ARB_F_TRF_UNPAIRED_GAME, !nw ? "White" : "Black");
        const char *side = !nw ? "White" : "Black";
        if (by_id)
            f->message = arb_arena_printf(g->arena, "no player of %s has the FIDE id %llu of the game's %s", c->path,
                                          (unsigned long long)(!nw ? wid : bid), side);
        else
            f->message = arb_arena_printf(g->arena, "no player of %s is named as the game's %s, '%s'%s", c->path, side,
                                          (!nw ? white : black) ? (!nw ? white : black) : "",
                                          did_you_mean(c, g->arena, !nw ? white : black));
        return true;
    }
    /* The pairing: in the round wanted, with the colours of the game, not
     * matched yet, in that order of weight. */
    int best_score = -1, bw = -1, bb = -1, br = 0;
    for (int i = 0; i < nw; i++) {
        const struct arb_trf_player *p = &t->players[ws[i]];
        for (int r = 1; r <= p->n_rounds; r++) {
            const struct arb_trf_round *rd = &p->rounds[r - 1];
            if (rd->bad || !rd->opp)
                continue;
            for (int j = 0; j < nb; j++) {
                if (t->players[bs[j]].rank != rd->opp)
                    continue;
                int score = (r == want) * 4 + (rd->colour == 'w') * 2 + !c->matched[ws[i] * t->n_rounds + r - 1];
                if (score > best_score) {
                    best_score = score;
                    bw = ws[i];
                    bb = bs[j];
                    br = r;
                }
            }
        }
    }
    if (bw < 0) {
        struct arb_finding *f = add(g, ARB_F_TRF_UNPAIRED_GAME, "White");
        const struct arb_trf_player *p = &t->players[ws[0]], *q = &t->players[bs[0]];
        f->message = arb_arena_printf(g->arena, "%s pairs %s (%d) and %s (%d) in no round%s%s", c->path, p->name,
                                      p->rank, q->name, q->rank, nw > 1 || nb > 1 ? " (nor any other players of "
                                      "those names)" : "", why_unpaired(c, g->arena, p, q, want));
        return true;
    }
    const struct arb_trf_player *p = &t->players[bw], *q = &t->players[bb];
    const struct arb_trf_round *rd = &p->rounds[br - 1];
    c->last_w = bw;
    c->last_b = bb;
    c->last_r = br;
    c->matched[bw * t->n_rounds + br - 1] = true;
    c->matched[bb * t->n_rounds + br - 1] = true;
    c->seen[br] = true;
    if ((c->round && br != c->round) || (tag_round && tag_round != br)) {
        struct arb_finding *f = add(g, ARB_F_TRF_ROUND_MISMATCH, "Round");
        int said = c->round && br != c->round ? c->round : tag_round;
        const char *date = arb_game_tag(g, "Date");
        const char *rdate = br <= t->n_round_dates ? t->round_dates[br - 1] : NULL;
        f->message = arb_arena_printf(g->arena, "%s:%u pairs %s and %s in round %d, not round %d (%s)%s%s%s", c->path,
                                      p->line, p->name, q->name, br, said,
                                      c->round && br != c->round ? "--round" : "the Round tag",
                                      date && rdate && same_day(date, rdate) ? "; the game's Date is round " : "",
                                      date && rdate && same_day(date, rdate) ? arb_arena_printf(g->arena, "%d", br)
                                                                             : "",
                                      date && rdate && same_day(date, rdate) ? "'s date there" : "");
    }
    if (rd->colour == 'b') {
        struct arb_finding *f = add(g, ARB_F_TRF_COLOUR_MISMATCH, "White");
        f->message = arb_arena_printf(g->arena, "%s:%u:%u has %s Black against %s in round %d; the game has him White",
                                      c->path, p->line, rd->col + 5, p->name, q->name, br);
    }
    const char *res = oc->result_tag;
    if (rd->result == '+' || rd->result == '-') {
        struct arb_finding *f = add(g, ARB_F_TRF_RESULT_MISMATCH, "Result");
        f->message = arb_arena_printf(g->arena, "%s:%u:%u scores round %d as a forfeit (%s %c) where a game was "
                                      "played", c->path, p->line, rd->col + 7, br, p->name, rd->result);
    } else if (pgn_result(rd->result) && (!res || strcmp(res, pgn_result(rd->result)) != 0)) {
        struct arb_finding *f = add(g, ARB_F_TRF_RESULT_MISMATCH, "Result");
        f->message = arb_arena_printf(g->arena, "%s:%u:%u has %s for %s - %s in round %d; the game's Result is %s",
                                      c->path, p->line, rd->col + 7, pgn_result(rd->result), p->name, q->name, br,
                                      res ? res : "missing");
    }
    if (g->findings.n == before)
        return false;
    arb_findings_sort(&g->findings);
    return true;
}

/* --sheet: note a game of the round (matched to one of its pairings, or
 * to none while its Round tag names the round or nothing). */
static void sheet_note(struct arb_trfcheck *c, const struct arb_game *g, const struct arb_outcome *oc)
{
    int tag_round = round_number(arb_game_tag(g, "Round"));
    if (c->last_r != c->round && tag_round != c->round && (c->last_r || tag_round))
        return;                   /* a game of another round */
    if (c->n_sg == c->cap_sg) {
        c->cap_sg = c->cap_sg ? 2 * c->cap_sg : 32;
        c->sg = arb_xrealloc(c->sg, (size_t)c->cap_sg * sizeof *c->sg);
    }
    struct sheet_game *x = &c->sg[c->n_sg++];
    memset(x, 0, sizeof *x);
    x->w = c->last_r == c->round ? c->last_w : -1;
    x->b = c->last_r == c->round ? c->last_b : -1;
    x->paired = c->last_r != c->round ? c->last_r : 0;
    x->file = arb_xstrdup(g->file ? g->file : "");
    x->game = g->index;
    x->line = g->line;
    x->white = arb_xstrdup(arb_game_tag(g, "White") ? arb_game_tag(g, "White") : "");
    x->black = arb_xstrdup(arb_game_tag(g, "Black") ? arb_game_tag(g, "Black") : "");
    x->result = arb_xstrdup(oc->result_tag ? oc->result_tag : "");
    struct arb_buf codes = {0};
    bool said[ARB_F_COUNT] = {false};
    for (int k = 0; k < g->findings.n; k++) {
        const struct arb_finding *f = &g->findings.v[k];
        x->sev[f->severity >= ARB_SEV_ERROR ? 2 : f->severity >= ARB_SEV_WARNING ? 1 : 0]++;
        if (f->severity < ARB_SEV_WARNING || said[f->code])
            continue;
        said[f->code] = true;
        if (codes.len)
            arb_buf_adds(&codes, ", ");
        arb_buf_adds(&codes, arb_codes[f->code].name);
    }
    arb_buf_addc(&codes, 0);
    x->codes = arb_xstrdup(codes.data);
    arb_buf_free(&codes);
}

bool arb_trfcheck_game(struct arb_trfcheck *c, struct arb_game *g, const struct arb_outcome *oc)
{
    c->last_w = c->last_b = -1;
    c->last_r = 0;
    bool added = match_game(c, g, oc);
    if (c->sheet_on)
        sheet_note(c, g, oc);
    return added;
}

void arb_trfcheck_keep_sheet(struct arb_trfcheck *c)
{
    c->sheet_on = true;
}

/* Points (tenths) of player p in round r by the game's result (NULL: the
 * report's), p White in it or not. */
static int round_points(const struct arb_trf *t, const struct arb_trf_player *p, int r, const char *game, bool white)
{
    if (game) {
        if (strcmp(game, "1/2-1/2") == 0)
            return t->scoring.draw;
        if (strcmp(game, "1-0") == 0)
            return white ? t->scoring.win : t->scoring.loss;
        if (strcmp(game, "0-1") == 0)
            return white ? t->scoring.loss : t->scoring.win;
    }
    const struct arb_trf_round *rd = arb_trf_round_of(p, r);
    return rd ? arb_trf_points10(t, rd->result) : 0;
}

static int standing_cmp(const void *a, const void *b)
{
    const struct arb_sheet_standing *x = a, *y = b;
    if (x->report10 != y->report10)
        return x->report10 > y->report10 ? -1 : 1;
    return (x->rank > y->rank) - (x->rank < y->rank);
}

void arb_trfcheck_sheet(struct arb_trfcheck *c, struct arb_buf *out, enum arb_sheet_format fmt)
{
    const struct arb_trf *t = &c->t;
    int r = c->round, np = 0;
    struct arb_trf_pairing *pairs = arb_trf_pairings(t, r, &np);
    struct arb_sheet s = {.trf = c->path, .event = t->name, .round = r};
    s.boards = arb_xcalloc((size_t)np + 1, sizeof *s.boards);
    bool *used = arb_xcalloc((size_t)c->n_sg + 1, sizeof *used);
    /* the game each player's round-r result comes from (NULL: the report's) */
    const char **from_game = arb_xcalloc((size_t)t->n_players + 1, sizeof *from_game);
    bool *was_white = arb_xcalloc((size_t)t->n_players + 1, sizeof *was_white);
    int board = 0;
    for (int k = 0; k < np; k++) {
        const struct arb_trf_pairing *pp = &pairs[k];
        const struct arb_trf_player *pw = arb_trf_player(t, pp->white), *pb = pp->black ? arb_trf_player(t, pp->black)
                                                                                         : NULL;
        struct arb_sheet_board *x = &s.boards[s.n_boards++];
        x->board = pb ? ++board : 0;
        x->white = pw ? pw->name : "?";
        x->wrank = pp->white;
        x->black = pb ? pb->name : NULL;
        x->brank = pp->black;
        x->report = arb_trf_result_words(pp->result, pb != NULL);
        x->expect = pb && arb_trf_played(pp->result) ? pgn_result(pp->result) : NULL;
        for (int i = 0; i < c->n_sg && pb; i++) {
            const struct sheet_game *g = &c->sg[i];
            if (used[i] || g->w < 0)
                continue;
            int gw = t->players[g->w].rank, gb = t->players[g->b].rank;
            if (!((gw == pp->white && gb == pp->black) || (gw == pp->black && gb == pp->white)))
                continue;
            used[i] = true;
            x->game_result = g->result;
            x->file = g->file;
            x->game = g->game;
            x->line = g->line;
            x->swapped = gw != pp->white;
            /* the game's White is the report's White unless swapped */
            const char *expect_as_played = x->expect;
            if (x->swapped && x->expect)
                expect_as_played = strcmp(x->expect, "1-0") == 0 ? "0-1" : strcmp(x->expect, "0-1") == 0 ? "1-0"
                                                                                                        : x->expect;
            x->agree = x->expect && strcmp(g->result, expect_as_played) == 0;
            x->infos = g->sev[0];
            x->warnings = g->sev[1];
            x->errors = g->sev[2];
            x->codes = g->codes;
            int iw = t->by_rank[gw], ib = t->by_rank[gb];
            if (iw >= 0 && ib >= 0) {
                from_game[iw] = from_game[ib] = g->result;
                was_white[iw] = true;
            }
            break;
        }
    }
    s.extras = arb_xcalloc((size_t)c->n_sg + 1, sizeof *s.extras);
    for (int i = 0; i < c->n_sg; i++) {
        const struct sheet_game *g = &c->sg[i];
        if (used[i])
            continue;
        s.extras[s.n_extras++] = (struct arb_sheet_extra){.file = g->file, .game = g->game, .line = g->line,
                                                          .white = g->white, .black = g->black, .result = g->result,
                                                          .infos = g->sev[0], .warnings = g->sev[1],
                                                          .errors = g->sev[2], .codes = g->codes,
                                                          .paired_round = g->paired};
    }
    s.standings = arb_xcalloc((size_t)t->n_players + 1, sizeof *s.standings);
    for (int i = 0; i < t->n_players; i++) {
        const struct arb_trf_player *p = &t->players[i];
        int rep = arb_trf_points_upto(t, p, r);
        int gam = arb_trf_points_upto(t, p, r - 1) + round_points(t, p, r, from_game[i], was_white[i]);
        s.standings[s.n_standings++] = (struct arb_sheet_standing){.rank = p->rank, .name = p->name, .report10 = rep,
                                                                   .games10 = gam};
    }
    qsort(s.standings, (size_t)s.n_standings, sizeof *s.standings, standing_cmp);
    arb_sheet_write(out, &s, fmt);
    free(s.boards);
    free(s.extras);
    free(s.standings);
    free(used);
    free(from_game);
    free(was_white);
    free(pairs);
}

static int cmp_item(const void *a, const void *b)
{
    const struct item *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    if (x->col != y->col)
        return x->col < y->col ? -1 : 1;
    return (int)x->kind - (int)y->kind;
}

static void push(struct arb_trfcheck *c, struct item it)
{
    c->items = arb_xrealloc(c->items, (size_t)(c->n_items + 1) * sizeof *c->items);
    c->items[c->n_items++] = it;
}

static void make_items(struct arb_trfcheck *c)
{
    const struct arb_trf *t = &c->t;
    c->done = true;
    for (int i = 0; i < t->n_errors; i++)
        push(c, (struct item){ITEM_SYNTAX, t->errors[i].line, t->errors[i].col, -1, -1, 0, t->errors[i].message});
    for (int r = 1; r <= t->n_rounds; r++) {
        if (c->round ? r != c->round : !c->seen[r])
            continue;
        for (int i = 0; i < t->n_players; i++) {
            const struct arb_trf_player *p = &t->players[i];
            const struct arb_trf_round *rd = arb_trf_round_of(p, r);
            if (!rd || rd->bad || !arb_trf_played(rd->result) || c->matched[i * t->n_rounds + r - 1])
                continue;
            const struct arb_trf_player *q = arb_trf_player(t, rd->opp);
            const struct arb_trf_round *back = q ? arb_trf_round_of(q, r) : NULL;
            if (!q || !back || back->opp != p->rank || back->bad)
                continue;   /* a trf-syntax error says it */
            if (q->line < p->line)
                continue;   /* once per pairing: from its earlier line */
            push(c, (struct item){ITEM_MISSING, p->line, rd->col, i, player_index(c, q), r, NULL});
        }
    }
    for (int i = 0; i < t->n_players; i++) {
        const struct arb_trf_player *p = &t->players[i];
        if (!p->have_points)
            continue;
        bool bad = false;
        for (int r = 1; r <= p->n_rounds; r++)
            bad |= p->rounds[r - 1].bad;
        int sum = arb_trf_points_upto(t, p, p->n_rounds);
        if (!bad && sum != p->points10)
            push(c, (struct item){ITEM_POINTS, p->line, p->points_col, i, -1, sum, NULL});
    }
    if (c->n_items > 1)
        qsort(c->items, (size_t)c->n_items, sizeof *c->items, cmp_item);
}

static void add_tag(struct arb_game *g, struct arb_arena *a, const char *name, const char *value)
{
    struct arb_tag *tags = arb_arena_alloc(a, (size_t)(g->n_tags + 1) * sizeof *tags);
    if (g->n_tags)
        memcpy(tags, g->tags, (size_t)g->n_tags * sizeof *tags);
    tags[g->n_tags++] = (struct arb_tag){.name = name, .value = arb_arena_strndup(a, value, strlen(value))};
    g->tags = tags;
}

static const char *tenths(struct arb_arena *a, int v)
{
    return arb_arena_printf(a, "%d.%d", v / 10, v % 10);
}

bool arb_trfcheck_record(struct arb_trfcheck *c, struct arb_game *g, struct arb_arena *a)
{
    if (!c->done)
        make_items(c);
    if (c->next >= c->n_items)
        return false;
    const struct item *it = &c->items[c->next++];
    const struct arb_trf *t = &c->t;
    const char *text = arb_trf_line(t, it->line);
    memset(g, 0, sizeof *g);
    g->file = c->path;
    g->index = ++c->index;
    g->line = it->line;
    g->col = 1;
    g->start_off = 0;
    g->end_off = strlen(text);
    g->raw_start = g->raw_end = UINT64_MAX;
    g->text = arb_arena_strndup(a, text, strlen(text));
    g->arena = a;
    enum arb_code code = it->kind == ITEM_SYNTAX ? ARB_F_TRF_SYNTAX
                         : it->kind == ITEM_MISSING ? ARB_F_TRF_MISSING_GAME : ARB_F_TRF_POINTS_MISMATCH;
    struct arb_finding *f = arb_findings_add(&g->findings, a, code);
    f->ply = 0;
    f->line = it->line;
    f->col = it->col;
    if (it->kind == ITEM_SYNTAX) {
        for (int i = 0; i < t->n_players; i++)
            if (t->players[i].line == it->line) {
                add_tag(g, a, "Player", t->players[i].name);   /* the line of a player */
                break;
            }
        f->message = arb_arena_printf(a, "%s", it->message);
    } else if (it->kind == ITEM_MISSING) {
        const struct arb_trf_player *p = &t->players[it->p], *q = &t->players[it->q];
        const struct arb_trf_round *rd = arb_trf_round_of(p, it->round);
        bool p_white = rd->colour == 'w';
        const struct arb_trf_player *w = p_white ? p : q, *b = p_white ? q : p;
        char res = p_white ? rd->result : arb_trf_round_of(q, it->round)->result;
        add_tag(g, a, "White", w->name);
        add_tag(g, a, "Black", b->name);
        add_tag(g, a, "Round", arb_arena_printf(a, "%d", it->round));
        f->message = arb_arena_printf(a, "round %d: %s - %s (%s) was played, and no game of the input is it",
                                      it->round, w->name, b->name, pgn_result(res));
    } else {
        const struct arb_trf_player *p = &t->players[it->p];
        add_tag(g, a, "Player", p->name);
        f->message = arb_arena_printf(a, "%s has %s points in the report; the results of the %d round%s add up to %s",
                                      p->name, tenths(a, p->points10), p->n_rounds, p->n_rounds == 1 ? "" : "s",
                                      tenths(a, it->round));
    }
    return true;
}
