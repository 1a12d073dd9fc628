/* report.c — the list of formats and what they share. */
#include "report/report.h"

#include "report/json.h"

#include <stdio.h>
#include <string.h>

static const struct arb_format *const formats[] = {
    &arb_format_text,
    &arb_format_jsonl,
    &arb_format_json,
    &arb_format_github,
    &arb_format_junit,
    &arb_format_sarif,
    &arb_format_html,
    NULL,
};

const struct arb_format *arb_format_find(const char *name)
{
    for (int i = 0; formats[i]; i++)
        if (strcmp(formats[i]->name, name) == 0)
            return formats[i];
    return NULL;
}

const char *arb_format_names(void)
{
    static char names[128];
    if (!names[0])
        for (size_t i = 0, at = 0; formats[i] && at < sizeof names; i++)
            at += (size_t)snprintf(names + at, sizeof names - at, "%s%s", i ? ", " : "", formats[i]->name);
    return names;
}

void arb_summary_add_findings(struct arb_summary *s, const struct arb_game *g)
{
    for (int i = 0; i < g->findings.n; i++) {
        s->by_severity[g->findings.v[i].severity]++;
        s->by_code[g->findings.v[i].code]++;
    }
}

void arb_summary_add_game(struct arb_summary *s, const struct arb_game *g, const struct arb_outcome *oc)
{
    bool error = false;
    s->games++;
    int l = oc && oc->lang ? arb_lang_index(oc->lang) : -1;
    if (l >= 0 && l < 32)
        s->by_lang[l]++;
    for (int i = 0; oc && arb_profiles[i] && i < 16; i++)
        if (arb_profiles[i] == oc->profile)
            s->by_profile[i]++;
    for (int i = 0; i < g->findings.n; i++) {
        const struct arb_finding *f = &g->findings.v[i];
        s->by_severity[f->severity]++;
        s->by_code[f->code]++;
        error |= f->severity == ARB_SEV_ERROR;
    }
    s->games_with_errors += error;
}

void arb_ply_label(const struct arb_outcome *oc, int ply, char *buf, size_t cap)
{
    if (ply <= 0) {
        buf[0] = 0;
        return;
    }
    char num[16];
    arb_move_number(oc->start_fullmove ? oc->start_fullmove : 1, ply - 1 + oc->start_side, num);
    snprintf(buf, cap, "%s ", num);
}

static void plural(struct arb_buf *out, uint64_t n, const char *word)
{
    arb_buf_printf(out, "%llu %s%s", (unsigned long long)n, word, n == 1 ? "" : "s");
}

void arb_summary_line(struct arb_buf *out, const struct arb_summary *s)
{
    plural(out, s->files, "file");
    arb_buf_adds(out, ", ");
    plural(out, s->games, "game");
    if (s->skipped)
        arb_buf_printf(out, " (%llu more left out by the selection)", (unsigned long long)s->skipped);
    /* The notation languages the games were read in, most games first. */
    bool any = false;
    uint64_t done[32] = {0};
    for (;;) {
        int best = -1;
        for (int l = 0; l < 32 && arb_langs[l]; l++)
            if (s->by_lang[l] && !done[l] && (best < 0 || s->by_lang[l] > s->by_lang[best]))
                best = l;
        if (best < 0)
            break;
        done[best] = 1;
        arb_buf_printf(out, "%s%s %llu", any ? ", " : " (", arb_langs[best]->code,
                       (unsigned long long)s->by_lang[best]);
        any = true;
    }
    if (s->show_profiles) {
        /* --rules=auto: the editions that applied, newest first. */
        bool first = true;
        for (int i = 0; arb_profiles[i] && i < 16; i++)
            if (s->by_profile[i]) {
                arb_buf_printf(out, "%s%s %llu", first ? (any ? "; " : " (") : ", ", arb_profiles[i]->name,
                               (unsigned long long)s->by_profile[i]);
                first = false;
                any = true;
            }
    }
    if (any)
        arb_buf_addc(out, ')');
    arb_buf_adds(out, ": ");
    plural(out, s->by_severity[ARB_SEV_ERROR], "error");
    arb_buf_adds(out, ", ");
    plural(out, s->by_severity[ARB_SEV_WARNING], "warning");
    arb_buf_adds(out, ", ");
    plural(out, s->by_severity[ARB_SEV_INFO], "info");
    /* By code: the errors' first, then the warnings', the infos'; the most
     * frequent first within each. */
    bool first = true;
    bool done_code[ARB_F_COUNT] = {false};
    for (int sev = ARB_SEV_ERROR; sev >= ARB_SEV_INFO; sev--)
        for (;;) {
            int best = -1;
            for (int c = 0; c < ARB_F_COUNT; c++)
                if (s->by_code[c] && !done_code[c] && (int)arb_codes[c].severity == sev
                    && (best < 0 || s->by_code[c] > s->by_code[best]))
                    best = c;
            if (best < 0)
                break;
            done_code[best] = true;
            arb_buf_printf(out, "%s%s %llu", first ? " (" : ", ", arb_codes[best].name,
                           (unsigned long long)s->by_code[best]);
            first = false;
        }
    if (!first)
        arb_buf_addc(out, ')');
    if (s->hidden)
        arb_buf_printf(out, "; %llu more not shown (--min-severity, -q, --select, --ignore)",
                       (unsigned long long)s->hidden);
    if (s->unreadable) {
        arb_buf_adds(out, ", ");
        plural(out, s->unreadable, "unreadable file");
    }
}

void arb_summary_json(struct arb_buf *out, const struct arb_summary *s)
{
    arb_buf_adds(out, "{\"summary\":{");
    static const char *const keys[] = {"files", "unreadable", "lines", "bytes", "games", "skipped", "games_with_errors"};
    const uint64_t vals[] = {s->files, s->unreadable, s->lines, s->bytes, s->games, s->skipped, s->games_with_errors};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        arb_json_key(out, keys[i], i == 0);
        arb_json_int(out, (long long)vals[i]);
    }
    arb_json_key(out, "by_severity", false);
    arb_buf_addc(out, '{');
    for (int sev = ARB_SEV_ERROR; sev >= ARB_SEV_INFO; sev--) {
        arb_json_key(out, arb_severity_name((enum arb_severity)sev), sev == ARB_SEV_ERROR);
        arb_json_int(out, (long long)s->by_severity[sev]);
    }
    arb_buf_addc(out, '}');
    /* Every code, zero or not: shards' records then have the same keys. */
    arb_json_key(out, "by_code", false);
    arb_buf_addc(out, '{');
    for (int c = 0; c < ARB_F_COUNT; c++) {
        arb_json_key(out, arb_codes[c].name, c == 0);
        arb_json_int(out, (long long)s->by_code[c]);
    }
    arb_buf_addc(out, '}');
    /* Every language and every profile too, zero or not, in one order:
     * merged shards then list them as one run does. */
    arb_json_key(out, "by_lang", false);
    arb_buf_addc(out, '{');
    for (int l = 0; l < 32 && arb_langs[l]; l++) {
        arb_json_key(out, arb_langs[l]->code, l == 0);
        arb_json_int(out, (long long)s->by_lang[l]);
    }
    arb_buf_addc(out, '}');
    arb_json_key(out, "by_rules", false);
    arb_buf_addc(out, '{');
    for (int i = 0; arb_profiles[i] && i < 16; i++) {
        arb_json_key(out, arb_profiles[i]->name, i == 0);
        arb_json_int(out, (long long)s->by_profile[i]);
    }
    arb_buf_adds(out, "}}}\n");
}

bool arb_finding_pos_after(const struct arb_finding *f)
{
    return f->pos && f->ply >= 1 && f->pos_ply >= f->ply;
}

void arb_article_ref(struct arb_buf *out, const char *article)
{
    bool fide = (article[0] >= '0' && article[0] <= '9') || article[1] == '.';
    arb_buf_printf(out, fide ? "Art. %s" : "%s", article);
}

void arb_move_ref(struct arb_buf *out, const struct arb_outcome *oc, const struct arb_finding *f)
{
    if (!f->move)
        return;
    char label[24];
    arb_ply_label(oc, f->ply, label, sizeof label);
    size_t len = strlen(f->move), cut = len > 40 ? arb_utf8_prefix(f->move, len, 32) : len;
    arb_buf_printf(out, "%s%.*s%s", label, (int)cut, f->move, cut < len ? "..." : "");
}

void arb_round_phrase(struct arb_buf *out, const char *round)
{
    if (!round || !*round || strcmp(round, "?") == 0 || strcmp(round, "-") == 0)
        return;
    size_t a = strspn(round, "0123456789");
    size_t b = a && round[a] == '.' ? strspn(round + a + 1, "0123456789") : 0;
    arb_buf_adds(out, "round ");
    if (a && b && !round[a + 1 + b]) {
        arb_buf_add(out, round, a);
        arb_buf_adds(out, ", board ");
        arb_buf_adds(out, round + a + 1);
    } else {
        arb_buf_adds(out, round);
    }
}

/* A tag's value when it says something ("?", "-" and "" say nothing). */
static const char *known_tag(const struct arb_game *g, const char *name)
{
    const char *v = arb_game_tag(g, name);
    if (!v)
        return NULL;
    while (*v == ' ')
        v++;
    if (!*v || strcmp(v, "?") == 0 || strcmp(v, "-") == 0 || strspn(v, "?.") == strlen(v))
        return NULL;
    return v;
}

void arb_game_who(struct arb_buf *out, const struct arb_game *g)
{
    size_t at = out->len;
    const char *w = known_tag(g, "White"), *b = known_tag(g, "Black");
    const char *pl = known_tag(g, "Player");
    if (w || b) {
        arb_buf_adds(out, w ? w : "?");
        arb_buf_adds(out, " - ");
        arb_buf_adds(out, b ? b : "?");
    } else if (pl) {
        arb_buf_adds(out, "player ");   /* a record of check --trf */
        arb_buf_adds(out, pl);
    }
    const char *r = known_tag(g, "Round");
    if (r) {
        if (out->len > at)
            arb_buf_adds(out, ", ");
        arb_round_phrase(out, r);
    }
}

void arb_game_label(struct arb_buf *out, const struct arb_game *g)
{
    arb_buf_adds(out, "game ");
    arb_buf_addu(out, (unsigned long)g->index, 0);
    size_t at = out->len;
    arb_buf_adds(out, ", ");
    arb_game_who(out, g);
    if (out->len == at + 2)
        arb_buf_clear_to(out, at);
}
