/* openings.c — the ECO and Opening tags against the moves (see
 * openings.h).
 *
 * The table's lines are read once, when first asked, into the positions
 * they reach: each line's moves are read as English SAN by the notation
 * layer and played by the core, and the position's repetition key (side,
 * castling, en passant only where a capture is legal, as the data set's
 * EPD) goes into an open-addressed table of 8,192 slots.  Where two lines
 * reach one position the first keeps it (the data set lists a name's
 * shortest line first).
 */
#include "laws/openings.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>

#include "laws/state.h"

enum { SLOTS = 65536, ECO_WORDS = 8 };   /* A00..E99: 500 codes in 8 words */

/* A position some line of the table passes through or ends in. */
struct slot {
    uint64_t key;
    int named;                    /* 1 + the line that ends here (the first such line), 0: none */
    int codes;                    /* 1 + its row in eco_sets, 0: empty slot */
};

static struct slot *slots;
static uint64_t (*eco_sets)[ECO_WORDS];   /* per position: the ECO codes of the lines through it */
static int n_sets, cap_sets, max_ply, lines_read;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static int eco_index(const char *s)
{
    return (s[0] - 'A') * 100 + (s[1] - '0') * 10 + (s[2] - '0');
}

/* The slot of key (made when `make`); NULL when it is not there or the
 * table is full. */
static struct slot *find(uint64_t key, bool make)
{
    for (unsigned h = (unsigned)(key >> 40) & (SLOTS - 1), tries = 0; tries < SLOTS; h = (h + 1) & (SLOTS - 1), tries++) {
        if (!slots[h].codes) {
            if (!make)
                return NULL;
            if (n_sets == cap_sets) {
                int cap = cap_sets ? 2 * cap_sets : 4096;
                uint64_t (*grown)[ECO_WORDS] = realloc(eco_sets, (size_t)cap * sizeof *eco_sets);
                if (!grown)
                    return NULL;
                eco_sets = grown;
                cap_sets = cap;
            }
            memset(eco_sets[n_sets], 0, sizeof eco_sets[n_sets]);
            slots[h] = (struct slot){.key = key, .codes = ++n_sets};
            return &slots[h];
        }
        if (slots[h].key == key)
            return &slots[h];
    }
    return NULL;
}

/* Line i's moves played from the start, each position after a move noted
 * with the line's ECO code; false if a move cannot be read. */
static bool play_line(int i)
{
    const struct arb_lang *en = arb_lang_find("en");
    const char *s = strchr(arb_openings_tsv[i], '\t');
    s = s ? strchr(s + 1, '\t') : NULL;
    if (!s)
        return false;
    int code = eco_index(arb_openings_tsv[i]);
    struct arb_pos pos;
    arb_pos_startpos(&pos);
    int plies = 0;
    struct slot *at = NULL;
    for (s++; *s;) {
        while (*s == ' ')
            s++;
        size_t n = strcspn(s, " ");
        if (!n)
            break;
        if (!isdigit((unsigned char)s[0])) {     /* (a move number "12." is no move) */
            struct arb_movedesc d;
            struct arb_parse_info info;
            struct arb_resolve r;
            struct arb_undo u;
            if (arb_notation_parse(en, s, n, &d, &info) != ARB_NP_MOVE || arb_san_resolve(&pos, &d, &r) != ARB_RS_OK)
                return false;
            arb_pos_make(&pos, r.move, &u);
            plies++;
            if (!(at = find(arb_pos_rep_key(&pos), true)))
                return false;
            eco_sets[at->codes - 1][code >> 6] |= UINT64_C(1) << (code & 63);
        }
        s += n;
    }
    if (!at)
        return false;
    if (!at->named)
        at->named = i + 1;        /* the first line that ends here names it */
    if (plies > max_ply)
        max_ply = plies;
    return true;
}

static void build(void)
{
    arb_board_init();
    slots = calloc(SLOTS, sizeof *slots);
    if (!slots)
        return;
    for (int i = 0; i < arb_openings_n; i++)
        lines_read += play_line(i);
}

int arb_opening_max_ply(void)
{
    pthread_once(&once, build);
    return slots ? max_ply : 0;
}

int arb_opening_lines_read(void)
{
    pthread_once(&once, build);
    return lines_read;
}

bool arb_opening_see(struct arb_opening_path *p, uint64_t key)
{
    const struct slot *sl = find(key, false);
    if (!sl)
        return false;
    p->misses = 0;
    for (int w = 0; w < ECO_WORDS; w++)
        p->codes[w] |= eco_sets[sl->codes - 1][w];
    int idx = sl->named - 1;
    if (idx >= 0 && p->n < ARB_OPENING_PATH && (!p->n || p->idx[p->n - 1] != idx))
        p->idx[p->n++] = (int16_t)idx;
    return true;
}

const char *arb_opening_eco(int idx, char out[4])
{
    memcpy(out, arb_openings_tsv[idx], 3);
    out[3] = 0;
    return out;
}

const char *arb_opening_name(int idx, char *out, size_t cap)
{
    const char *s = arb_openings_tsv[idx] + 4, *e = strchr(s, '\t');
    snprintf(out, cap, "%.*s", (int)(e ? e - s : (ptrdiff_t)strlen(s)), s);
    return out;
}

/* A name's family folded for comparing: the words before ':' or ',',
 * lower case, letters and digits only, "defence" as "defense". */
static void family(const char *name, char *out, size_t cap)
{
    size_t k = 0;
    bool space = false;
    int paren = 0;
    for (const char *p = name; *p && *p != ':' && *p != ',' && k + 1 < cap; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '(' || c == ')') {
            paren += c == '(' ? 1 : paren ? -1 : 0;
            space = true;
        } else if (paren) {
            continue;             /* "St. George (Baker) Defense" */
        } else if (isalnum(c)) {
            if (space && k)
                out[k++] = ' ';
            space = false;
            if (k + 1 < cap)
                out[k++] = (char)tolower(c);
        } else if (c == ' ' || c == '-') {
            space = true;
        }
    }
    out[k] = 0;
    char *d;
    while ((d = strstr(out, "defence")))
        d[5] = 's';
}

/* Do the families agree: one the other's first words ("sicilian" and
 * "sicilian defense")? */
static bool families_agree(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), n = la < lb ? la : lb;
    return n && strncmp(a, b, n) == 0 && (a[n] == 0 || a[n] == ' ') && (b[n] == 0 || b[n] == ' ');
}

/* The opening the moves are ("B90, Sicilian Defense: Najdorf Variation"
 * in name) and the last few named positions on the way (in seen). */
static const char *moves_opening(const struct arb_opening_path *p, char eco[4], char *name, size_t cap, char *seen,
                                 size_t seen_cap)
{
    int last = p->idx[p->n - 1];
    char nm[160];
    snprintf(name, cap, "%s, %s", arb_opening_eco(last, eco), arb_opening_name(last, nm, sizeof nm));
    size_t at = 0;
    seen[0] = 0;
    for (int i = p->n > 4 ? p->n - 4 : 0; i < p->n && at < seen_cap; i++) {
        char e[4];
        at += (size_t)snprintf(seen + at, seen_cap - at, "%s%s %s", at ? ", " : "", arb_opening_eco(p->idx[i], e),
                               arb_opening_name(p->idx[i], nm, sizeof nm));
    }
    return name;
}

/* An opening-mismatch at tag t. */
static void at_tag(struct arb_game *g, const struct arb_tag *t, const char *message)
{
    struct arb_finding *f = arb_findings_add(&g->findings, g->arena, ARB_F_OPENING_MISMATCH);
    f->line = t->line;
    f->col = t->col;
    f->message = message;
}

/* A tag --add-tags fills: none, or one with no value ("", "?"). */
static bool tag_unset(const struct arb_tag *t)
{
    return !t || !t->value[0] || strcmp(t->value, "?") == 0;
}

void arb_opening_judge(struct arb_game *g, struct arb_outcome *out, const struct arb_opening_path *p)
{
    /* --add-tags: a missing ECO or Opening tag is the classification's
     * (none when no named position was reached). */
    unsigned add = out->fix.add;
    out->fix.add &= ~(unsigned)(ARB_ADD_ECO | ARB_ADD_OPENING);
    if (!p->n)
        return;                   /* (the moves left the table at once, or no move) */
    if ((add & ARB_ADD_ECO) && tag_unset(arb_game_find_tag(g, "ECO"))) {
        out->fix.add |= ARB_ADD_ECO;
        out->fix.eco_idx = p->idx[p->n - 1] + 1;
    }
    if ((add & ARB_ADD_OPENING) && tag_unset(arb_game_find_tag(g, "Opening"))) {
        out->fix.add |= ARB_ADD_OPENING;
        out->fix.opening_idx = p->idx[p->n - 1] + 1;
    }
    int last = p->idx[p->n - 1];
    char eco[4], name[160], seen[400];
    const char *why = NULL;       /* the moves' opening in words, made when a tag contradicts them */
    /* The ECO tag is judged only where the Opening tag is one of the
     * table's names: then the tags come from a classifier like lichess's,
     * and the code must be one a named position on the way has.  Other
     * databases classify deeper and through transpositions the table does
     * not list (on the corpus' 28,010 ECO tags, set by another classifier,
     * even "no line of that volume passes the game" misjudged 113). */
    const struct arb_tag *t = arb_game_find_tag(g, "ECO"), *op = arb_game_find_tag(g, "Opening");
    bool lichess_named = false;
    for (int i = 0; op && i < arb_openings_n && !lichess_named; i++) {
        const char *nm = arb_openings_tsv[i] + 4, *e = strchr(nm, '\t');
        lichess_named = e && strlen(op->value) == (size_t)(e - nm) && strncmp(op->value, nm, (size_t)(e - nm)) == 0;
    }
    if (lichess_named && t && t->value[0] >= 'A' && t->value[0] <= 'E' && isdigit((unsigned char)t->value[1])
        && isdigit((unsigned char)t->value[2])) {
        bool met = false;
        for (int i = 0; i < p->n && !met; i++)
            met = strncmp(arb_openings_tsv[p->idx[i]], t->value, 3) == 0;
        if (!met) {
            why = why ? why : moves_opening(p, eco, name, sizeof name, seen, sizeof seen);
            at_tag(g, t, arb_arena_printf(g->arena, "the ECO tag says %s, but no named opening on the way has "
                                          "that code: the moves are %s (on the way: %s)", t->value, why, seen));
            out->fix.eco_idx = last + 1;
        }
    }
    t = arb_game_find_tag(g, "Opening");
    if (t && t->value[0] && strcmp(t->value, "?") != 0) {
        char want[160], have[160];
        family(t->value, want, sizeof want);
        bool met = !want[0];
        for (int i = 0; i < p->n && !met; i++) {
            char nm[160];
            family(arb_opening_name(p->idx[i], nm, sizeof nm), have, sizeof have);
            met = families_agree(want, have);
        }
        if (!met) {
            why = why ? why : moves_opening(p, eco, name, sizeof name, seen, sizeof seen);
            at_tag(g, t, arb_arena_printf(g->arena, "the Opening tag says \"%s\", but the moves are %s (the named "
                                          "openings on the way: %s)", t->value, why, seen));
            out->fix.opening_idx = last + 1;
        }
    }
}
