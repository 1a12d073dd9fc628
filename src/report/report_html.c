/* report_html.c — --format=html: one self-contained HTML page for people.
 *
 * The page: skip links and the keys, then a section per game with
 * findings (its tags, the moves as recorded with each flagged move marked
 * and linked to its finding, then each finding with its place, article,
 * note, clocks and a diagram of its position), a section per file that
 * could not be read, and the summary.  Nothing comes from outside the
 * page: the style, a short script and the pieces' SVG symbols are in it,
 * and its Content-Security-Policy lets the browser load nothing and run
 * no script but that one (its hash), whatever a tag value might hold.
 * Every text from the input goes through arb_xml_escape().
 *
 * The page streams: each game's section is written as the game comes and
 * forgotten.  The summary needs the totals, known only at the end, so it
 * is written last: its rows (one per file, one short row per game with
 * findings) wait in the state, with the players' names cut short and the
 * optional end tags left out, about 150 bytes a game with findings
 * against the 10 kB or more its section takes.  Writing the summary first
 * would mean keeping every game until the end, or reading the input twice
 * (standard input cannot be).  The summary is still seen first: the
 * report is a column flex box in which the summary has order -1, so a
 * browser shows and prints it first without the script, and the script
 * moves it to the front of the document too, so that Tab and screen
 * readers also meet it first.
 *
 * Keys: j or n, k or p go to the next and the previous finding (the
 * script); everything else is links (Tab), and each finding can take the
 * focus (tabindex -1) as the links and those keys lead to it.
 */
#include "report/report.h"
#include "base/version.h"

#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "report/diagram.h"

struct html_state {
    struct arb_buf files;         /* the summary's rows: a file each */
    struct arb_buf games;         /* ... and a game with findings each, by file */
    const char *file;             /* the file whose games come now (its row is open) */
    uint64_t file_games, file_flagged, file_sev[3];
    const char *games_file;       /* the file of the games table's open <tbody> */
    uint64_t sections;            /* games with findings written (their ids: g1, g2, ...) */
    uint64_t findings;            /* findings written (ids f1, f2, ...) */
    uint64_t unreadable;          /* files that could not be read (ids u1, ...) */
    uint64_t first_of_code[ARB_F_COUNT]; /* the first finding of each code, 0 none */
    uint64_t file_rows, game_rows;       /* rows in the summary's tables so far */
    uint64_t files_left, games_left;     /* rows past HTML_SUMMARY_ROWS, counted only */
};

/* The summary lists at most this many files and games with findings (the
 * sections of all of them follow it): the rows wait in memory until the
 * end, so a run over millions of flagged games must not keep them all.
 * 10,000 rows are about 1.5 MB. */
#define HTML_SUMMARY_ROWS 10000

/* The severities' marks: a symbol beside the colour, so that the page
 * reads in black and white too (with the underline's and the border's
 * style: wavy or solid, dashed, dotted). */
static const char *const sev_symbol[3] = {"\u2139", "\u25B2", "\u2716"};

/* The script: the summary to the front of the document, then the keys.
 * The page's Content-Security-Policy names its SHA-256 (tests/html.sh
 * checks that the two agree; after changing the script, put there the
 * hash that test prints). */
static const char script[] =
    "(function () {\n"
    "  var body = document.body;\n"
    "  try {\n"
    "    var report = document.getElementById('report'), summary = document.getElementById('summary');\n"
    "    if (report && summary) report.insertBefore(summary, report.firstChild);\n"
    "    var fs = Array.prototype.slice.call(document.querySelectorAll('.finding'));\n"
    "    /* The finding that holds the focus (i), else where the window is (i - 0.5). */\n"
    "    var at = function () {\n"
    "      for (var i = 0; i < fs.length; i++) if (fs[i].contains(document.activeElement)) return i;\n"
    "      for (i = 0; i < fs.length; i++) if (fs[i].getBoundingClientRect().top > 1) return i - 0.5;\n"
    "      return fs.length - 0.5;\n"
    "    };\n"
    "    document.addEventListener('keydown', function (e) {\n"
    "      var t = e.target, d = { j: 1, n: 1, k: -1, p: -1 }[e.key];\n"
    "      if (!d || !fs.length || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;\n"
    "      if (/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || t.isContentEditable) return;\n"
    "      var i = at(), j = d > 0 ? Math.floor(i) + 1 : Math.ceil(i) - 1;\n"
    "      if (j < 0 || j >= fs.length) return;\n"
    "      e.preventDefault();\n"
    "      fs[j].focus({ preventScroll: true });\n"
    "      fs[j].scrollIntoView({ block: 'start' });\n"
    "    });\n"
    "    body.setAttribute('data-arb-ready', String(fs.length));\n"
    "  } catch (x) {\n"
    "    body.setAttribute('data-arb-error', String(x));\n"
    "  }\n"
    "})();\n";
#define SCRIPT_SHA256 "sha256-x7lQYEMz+8hSdKwzxC966Mq8rNko63ec5aHu9pCVlbA="

static const char style[] =
    ":root{--error:#b00020;--warning:#8a4b00;--info:#1d5aa0;--rule:#c8c8c8;--focus:#1a66d6}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0;font:15px/1.45 system-ui,\"DejaVu Sans\",sans-serif;color:#111;background:#fff}\n"
    "header,main{max-width:75rem;margin:0 auto;padding:0 1rem}\n"
    "main{display:flex;flex-direction:column}\n"
    "#summary{order:-1}\n"
    /* A long page: the browser lays out only the games in view. */
    ".game{content-visibility:auto;contain-intrinsic-size:auto 800px}\n"
    "h1{font-size:1.5rem;margin:1rem 0 .25rem}\n"
    "h2{font-size:1.2rem;margin:2rem 0 .5rem;padding-bottom:.2rem;border-bottom:1px solid var(--rule)}\n"
    "h3{font-size:1rem;margin:.5rem 0 .25rem}\n"
    "a{color:#0645ad}\n"
    ":focus-visible,.finding:focus{outline:3px solid var(--focus);outline-offset:3px}\n"
    ".skip{position:absolute;left:-100vw;top:.5rem;padding:.4rem .6rem;background:#fff;border:2px solid var(--focus);z-index:1}\n"
    ".skip:focus{left:.5rem}\n"
    ".vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}\n"
    "svg.defs{position:absolute;width:0;height:0;overflow:hidden}\n"
    "kbd{border:1px solid #888;border-radius:3px;padding:0 .3em;font-size:.85em}\n"
    "code{font-family:\"DejaVu Sans Mono\",monospace;font-size:.9em}\n"
    "table{border-collapse:collapse;margin:.5rem 0}\n"
    "th,td{border:1px solid var(--rule);padding:.15rem .5rem;text-align:left;vertical-align:top}\n"
    "thead th{background:#f2f2f2}\n"
    "caption{text-align:left;font-weight:bold;padding:.25rem 0}\n"
    ".num td,.num th{font-variant-numeric:tabular-nums}\n"
    ".tables{display:flex;flex-wrap:wrap;gap:0 2rem;align-items:flex-start}\n"
    ".record{display:flex;flex-wrap:wrap;gap:0 2rem;align-items:flex-start}\n"
    ".tags{font-size:.9em}\n"
    ".movelist{flex:1 1 30rem;min-width:0}\n"
    ".meta{color:#444;margin:.2rem 0}\n"
    ".moves{line-height:2;margin:.25rem 0}\n"
    ".moves .var{font-size:.85em;color:#555}\n"
    ".error{--c:var(--error)}.warning{--c:var(--warning)}.info{--c:var(--info)}\n"
    ".mv{color:var(--c);font-weight:bold;text-decoration:underline wavy;text-underline-offset:4px}\n"
    ".mv.warning{text-decoration-style:dashed}.mv.info{text-decoration-style:dotted}\n"
    ".sev{color:var(--c);font-weight:bold}\n"
    ".sym{font-size:.8em;padding-right:.15em}\n"
    ".finding{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:1rem 0;padding:.25rem 0 .5rem .8rem;scroll-margin-top:1rem;"
    "border-left:5px solid var(--c);break-inside:avoid}\n"
    ".finding.warning{border-left-style:dashed}.finding.info{border-left-style:dotted}\n"
    ".finding:target{background:#fff8e1}\n"
    ".finding .text{flex:1 1 22rem;max-width:45rem;min-width:0}\n"
    ".msg{margin:.25rem 0;font-size:1.05em}\n"
    "dl{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .8rem;margin:.4rem 0}\n"
    "dt{font-weight:bold}dd{margin:0;overflow-wrap:anywhere}\n"
    "figure{margin:0}\n"
    "svg.arb-board{display:block;width:300px;max-width:100%;height:auto}\n"
    "figcaption{font-size:.85em;max-width:300px;overflow-wrap:anywhere}\n"
    ".unreadable{border-left:5px solid var(--error);padding-left:.8rem}\n"
    "@media print{\n"
    ":root{--error:#000;--warning:#000;--info:#000;--rule:#888}\n"
    ".game{content-visibility:visible}\n"
    "body{font-size:10pt;color:#000}\n"
    "header,main{max-width:none;padding:0}\n"
    ".skip,.keys,.back{display:none}\n"
    "a{color:inherit;text-decoration:none}\n"
    "a.mv{text-decoration:underline wavy}\n"
    "h2,h3,caption{break-after:avoid}\n"
    "tr,.game>.meta{break-inside:avoid}\n"
    "svg.arb-board{width:230px}\n"
    "}\n";

/* s escaped, cut to at most max bytes (at a character) with an ellipsis;
 * max 0: whole.  n bytes at s, which need not end in a NUL. */
static void esc_n(struct arb_buf *out, const char *s, size_t n, size_t max)
{
    size_t keep = max && n > max ? arb_utf8_prefix(s, n, max) : n;
    arb_xml_escape_n(out, s, keep);
    if (keep < n)
        arb_buf_adds(out, "\u2026");
}

static void esc(struct arb_buf *out, const char *s, size_t max)
{
    esc_n(out, s, strlen(s), max);
}

static void html_begin(struct arb_buf *out, struct arb_report_opts *o)
{
    o->state = arb_xcalloc(1, sizeof(struct html_state));
    arb_buf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                      "style-src 'unsafe-inline'; script-src '" SCRIPT_SHA256 "'; base-uri 'none'; "
                      "form-action 'none'\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                      "<meta name=\"color-scheme\" content=\"light\">\n"
                      "<meta name=\"generator\" content=\"arbiter " ARB_VERSION "\">\n"
                      "<title>arbiter check report</title>\n<style>\n");
    arb_buf_adds(out, style);
    arb_buf_adds(out, "</style>\n</head>\n<body>\n"
                      "<a class=\"skip\" href=\"#summary\">Skip to the summary</a>\n"
                      "<a class=\"skip\" href=\"#f1\">Skip to the first finding</a>\n"
                      "<svg class=\"defs\" aria-hidden=\"true\" focusable=\"false\" width=\"0\" height=\"0\">");
    arb_diagram_svg_defs(out);
    arb_buf_adds(out, "</svg>\n<header>\n<h1>arbiter check report</h1>\n"
                      "<p class=\"keys\">Keys: <kbd>j</kbd> or <kbd>n</kbd> the next finding, <kbd>k</kbd> or "
                      "<kbd>p</kbd> the previous one; Tab goes from link to link. "
                      "<a href=\"#summary\">Summary</a></p>\n</header>\n<main id=\"report\">\n");
}

/* Counts: per severity, as in the summary's tables. */
static void counts(struct arb_buf *b, const uint64_t sev[3])
{
    for (int s = ARB_SEV_ERROR; s >= ARB_SEV_INFO; s--)
        arb_buf_printf(b, "<td>%llu", (unsigned long long)sev[s]);
}

/* The files table's row of the file whose games were coming, if any. */
static void file_row(struct html_state *st)
{
    if (!st->file)
        return;
    if (st->file_rows++ >= HTML_SUMMARY_ROWS) {
        st->files_left++;
        st->file = NULL;
        st->file_games = st->file_flagged = 0;
        memset(st->file_sev, 0, sizeof st->file_sev);
        return;
    }
    arb_buf_adds(&st->files, "<tr><th scope=\"row\">");
    esc(&st->files, st->file, 0);
    arb_buf_printf(&st->files, "</th><td>%llu<td>%llu", (unsigned long long)st->file_games,
                   (unsigned long long)st->file_flagged);
    counts(&st->files, st->file_sev);
    arb_buf_adds(&st->files, "\n");
    st->file = NULL;
    st->file_games = st->file_flagged = 0;
    memset(st->file_sev, 0, sizeof st->file_sev);
}

/* "FILE:LINE:COL" of a finding (its game's first line when it has none). */
static void place(struct arb_buf *out, const struct arb_game *g, const struct arb_finding *f)
{
    esc(out, g->file, 0);
    if (f->line) {
        arb_buf_printf(out, ":%u", f->line);
        if (f->col)
            arb_buf_printf(out, ":%u", f->col);
    } else {
        arb_buf_printf(out, ":%u (the game as a whole)", g->line);
    }
}

/* The heading's and the summary's "White – Black" (cut to max bytes a
 * name); nothing when neither tag is there. */
static void players(struct arb_buf *out, const struct arb_game *g, size_t max)
{
    const char *white = arb_game_tag(g, "White"), *black = arb_game_tag(g, "Black");
    if (!white && !black)
        return;
    esc(out, white ? white : "?", max);
    arb_buf_adds(out, " \u2013 ");
    esc(out, black ? black : "?", max);
}

/* Where the section marks a finding: the number of the mark (0: nowhere)
 * and whether the mark is a tag's or a move's. */
struct mark {
    uint64_t id;
    bool tag;
};

/* The findings that have a place (line and column), in the order of their
 * places (then their own), and the next one a walk through the game's
 * text in order (tags, then moves) has not passed. */
struct places {
    struct placed {
        uint32_t line, col;
        int i;
    } *v;
    int n, k;
};

static int by_place(const void *a, const void *b)
{
    const struct placed *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    if (x->col != y->col)
        return x->col < y->col ? -1 : 1;
    return x->i - y->i;
}

static void places_init(struct places *p, const struct arb_game *g)
{
    p->v = arb_xmalloc((size_t)g->findings.n * sizeof *p->v);
    p->n = p->k = 0;
    for (int i = 0; i < g->findings.n; i++)
        if (g->findings.v[i].line)
            p->v[p->n++] = (struct placed){g->findings.v[i].line, g->findings.v[i].col, i};
    qsort(p->v, (size_t)p->n, sizeof *p->v, by_place);
}

/* Write text (n bytes; a runaway token cut short) standing at line:col.
 * When findings stand there (a tag whose value a finding disputes, a
 * move), it is a link to the first of them, marked with the worst
 * severity among them, and their marks[] are set. */
static void marked(struct arb_buf *out, const struct arb_game *g, struct places *p,
                   uint32_t line, uint32_t col, const char *text, size_t n, uint64_t first, struct mark *marks,
                   bool tag)
{
    while (p->k < p->n && (p->v[p->k].line < line || (p->v[p->k].line == line && p->v[p->k].col < col)))
        p->k++;
    int at = p->k, worst = -1;
    for (; p->k < p->n && p->v[p->k].line == line && p->v[p->k].col == col; p->k++) {
        const struct arb_finding *f = &g->findings.v[p->v[p->k].i];
        worst = (int)f->severity > worst ? (int)f->severity : worst;
        marks[p->v[p->k].i] = (struct mark){first + (uint64_t)p->v[at].i, tag};
    }
    if (worst < 0 || !line) {
        esc_n(out, text, n, 40);
        return;
    }
    const struct arb_finding *f = &g->findings.v[p->v[at].i];
    const char *sev = arb_severity_name((enum arb_severity)worst);
    uint64_t id = first + (uint64_t)p->v[at].i;
    arb_buf_printf(out,
                   "<a class=\"mv %s\" id=\"t%llu\" href=\"#f%llu\"><span class=\"sym\" aria-hidden=\"true\">%s</span>",
                   sev, (unsigned long long)id, (unsigned long long)id, sev_symbol[worst]);
    esc_n(out, text, n, 40);
    /* What the mark says, for those who do not see it. */
    arb_buf_printf(out, "<span class=\"vh\"> (%s: %s", sev, arb_codes[f->code].name);
    if (p->k - at > 1)
        arb_buf_printf(out, " and %d more", p->k - at - 1);
    arb_buf_adds(out, ")</span></a>");
}

/* The tags, as they stand. */
static void tags(struct arb_buf *out, const struct arb_game *g, struct places *p, uint64_t first, struct mark *marks)
{
    arb_buf_adds(out, "<table class=\"tags\">\n<caption>Tags</caption>\n<tbody>\n");
    for (int t = 0; t < g->n_tags; t++) {
        const struct arb_tag *tag = &g->tags[t];
        arb_buf_adds(out, "<tr><th scope=\"row\">");
        marked(out, g, p, tag->line, tag->col, tag->name, strlen(tag->name), first, marks, true);
        arb_buf_adds(out, "</th><td>");
        esc(out, tag->value, 0);
        arb_buf_adds(out, "</td></tr>\n");
    }
    arb_buf_adds(out, "</tbody>\n</table>\n");
}

/* The moves as recorded: move numbers, moves, draw offers, the result and
 * unreadable text of the main line, and the variations small in brackets
 * (comments and NAGs left out). */
static void moves(struct arb_buf *out, const struct arb_game *g, struct places *p, uint64_t first, struct mark *marks)
{
    arb_buf_adds(out, "<div class=\"movelist\">\n<h3>Moves</h3>\n<p class=\"moves\">");
    int depth = 0;
    bool space = false;
    for (int i = 0; i < g->n_nodes; i++) {
        const struct arb_node *nd = &g->nodes[i];
        switch (nd->kind) {
        case ARB_N_VAR_OPEN:
            arb_buf_adds(out, depth++ ? " (" : " <span class=\"var\">(");
            space = false;
            continue;
        case ARB_N_VAR_CLOSE:
            if (depth > 0)
                arb_buf_adds(out, --depth ? ")" : ")</span>");
            space = true;
            continue;
        case ARB_N_MOVENUM: case ARB_N_MOVE: case ARB_N_DRAW_OFFER: case ARB_N_RESULT: case ARB_N_ERROR:
            break;
        default:
            continue;
        }
        if (space)
            arb_buf_addc(out, ' ');
        space = true;
        uint32_t line, col;
        arb_node_place(g, nd, &line, &col);   /* (in order: the game's text is counted through once) */
        marked(out, g, p, line, col, arb_node_text(g, nd), nd->len, first, marks, false);
    }
    while (depth-- > 0)
        arb_buf_adds(out, depth ? ")" : ")</span>");
    arb_buf_adds(out, "</p>\n</div>\n");
}

/* One finding: what, where, which article, and the position. */
static void finding(struct arb_buf *out, const struct arb_game *g,
                    const struct arb_outcome *oc, const struct arb_finding *f, uint64_t id, struct mark mark)
{
    const char *sev = arb_severity_name(f->severity);
    struct arb_buf ref = {0};
    arb_move_ref(&ref, oc, f);
    arb_buf_printf(out, "<article class=\"finding %s\" id=\"f%llu\" tabindex=\"-1\" aria-labelledby=\"f%llu-h\">\n"
                        "<div class=\"text\">\n<h3 id=\"f%llu-h\"><span class=\"sev\"><span class=\"sym\" "
                        "aria-hidden=\"true\">%s</span>%s</span> ",
                   sev, (unsigned long long)id, (unsigned long long)id, (unsigned long long)id,
                   sev_symbol[f->severity], sev);
    if (ref.len) {
        esc(out, ref.data, 0);
        arb_buf_addc(out, ' ');
    }
    arb_buf_printf(out, "<code>%s</code></h3>\n<p class=\"msg\">", arb_codes[f->code].name);
    esc(out, f->message ? f->message : "", 0);
    arb_buf_adds(out, "</p>\n<dl>\n<dt>Place</dt><dd>");
    place(out, g, f);
    if (mark.id)
        arb_buf_printf(out, " <a class=\"back\" href=\"#t%llu\">(marked in the %s)</a>", (unsigned long long)mark.id,
                       mark.tag ? "tags" : "moves");
    arb_buf_adds(out, "</dd>\n");
    if (f->variation)
        arb_buf_printf(out, "<dt>Line</dt><dd>a variation (depth %u)</dd>\n", (unsigned)f->variation);
    if (f->article) {
        struct arb_buf art = {0};
        arb_article_ref(&art, f->article);
        arb_buf_adds(out, "<dt>Article</dt><dd>");
        esc(out, art.data, 0);
        arb_buf_adds(out, "</dd>\n");
        arb_buf_free(&art);
    }
    if (f->note) {
        arb_buf_adds(out, "<dt>Note</dt><dd>");
        esc(out, f->note, 0);
        arb_buf_adds(out, "</dd>\n");
    }
    if (f->clocks) {
        arb_buf_adds(out, "<dt>Clocks</dt><dd>");
        esc(out, f->clocks, 0);
        arb_buf_adds(out, "</dd>\n");
    }
    arb_buf_adds(out, "</dl>\n</div>\n");
    if (f->pos) {
        /* The position, its last move, and the offending move's squares. */
        struct arb_buf title = {0};
        if (ref.len) {
            arb_buf_printf(&title, "Position %s %s", arb_finding_pos_after(f) ? "after" : "before", ref.data);
        } else {
            arb_buf_printf(&title, "Position at %s:%u", g->file, f->line ? f->line : g->line);
            if (f->line && f->col)
                arb_buf_printf(&title, ":%u", f->col);
        }
        struct arb_diagram d;
        arb_diagram_init(&d, f->pos);
        arb_diagram_set_last(&d, f->last);
        arb_diagram_add_finding(&d, f);
        char fen[128];
        arb_buf_adds(out, "<figure>\n");
        arb_diagram_svg(out, &d, false, title.data);
        arb_buf_adds(out, "<figcaption>");
        esc(out, title.data, 0);
        arb_buf_printf(out, ":<br><code class=\"fen\">%s</code></figcaption>\n</figure>\n",
                       arb_pos_to_fen(f->pos, fen));
        arb_buf_free(&title);
    }
    arb_buf_adds(out, "</article>\n");
    arb_buf_free(&ref);
}

/* The line under the heading: the tags people look for, then what the
 * replay found (all from the record and the outcome). */
static void meta(struct arb_buf *out, const struct arb_game *g, const struct arb_outcome *oc)
{
    static const char *const shown[] = {"Event", "Site", "Date", "Round"};
    bool any = false;
    arb_buf_adds(out, "<p class=\"meta\">");
    for (size_t i = 0; i < ARB_ARRAY_LEN(shown); i++) {
        const char *v = arb_game_tag(g, shown[i]);
        if (!v || !*v)
            continue;
        arb_buf_printf(out, "%s%s ", any ? " \u00B7 " : "", shown[i]);
        esc(out, v, 0);
        any = true;
    }
    arb_buf_printf(out, "%sResult <b>", any ? " \u00B7 " : "");
    esc(out, oc->result_tag ? oc->result_tag : "none", 0);
    arb_buf_adds(out, "</b></p>\n<p class=\"meta\">");
    if (oc->profile)
        arb_buf_printf(out, "Rules %s (%s) \u00B7 ", oc->profile->name, arb_mode_name(oc->mode));
    if (oc->lang)
        arb_buf_printf(out, "notation %s \u00B7 ", oc->lang->code);
    arb_buf_printf(out, "%d %s replayed", oc->plies, oc->plies == 1 ? "ply" : "plies");
    const char *by_rules = arb_result_name(oc->result_rules), *end = arb_end_reason_name(oc->end_reason);
    if (by_rules || end) {
        arb_buf_adds(out, " \u00B7 by the Laws:");
        if (by_rules)
            arb_buf_printf(out, " %s", by_rules);
        if (end)
            arb_buf_printf(out, " (%s at ply %d)", end, oc->end_ply);
    }
    arb_buf_adds(out, "</p>\n");
}

static void html_game(struct arb_buf *out, const struct arb_game *g, const struct arb_outcome *oc,
                      const struct arb_report_opts *o)
{
    struct html_state *st = o->state;
    if (!st->file || strcmp(st->file, g->file) != 0) {
        file_row(st);
        st->file = g->file;
    }
    st->file_games++;
    int n = g->findings.n;
    if (!n)
        return;
    uint64_t id = ++st->sections, first = st->findings + 1, sev[3] = {0};
    st->findings += (uint64_t)n;
    st->file_flagged++;
    for (int i = 0; i < n; i++) {
        const struct arb_finding *f = &g->findings.v[i];
        sev[f->severity]++;
        st->file_sev[f->severity]++;
        if (!st->first_of_code[f->code])
            st->first_of_code[f->code] = first + (uint64_t)i;
    }

    /* The summary's row, in the table's <tbody> of the game's file (the
     * optional end tags left out: the rows wait in memory). */
    bool listed = st->game_rows < HTML_SUMMARY_ROWS;
    if (listed)
        st->game_rows++;
    else
        st->games_left++;
    if (listed && (!st->games_file || strcmp(st->games_file, g->file) != 0)) {
        if (st->games_file)
            arb_buf_adds(&st->games, "</tbody>\n");
        arb_buf_adds(&st->games, "<tbody><tr><th scope=\"rowgroup\" colspan=\"7\">");
        esc(&st->games, g->file, 0);
        arb_buf_adds(&st->games, "</th></tr>\n");
        st->games_file = g->file;
    }
    if (listed) {
        arb_buf_printf(&st->games, "<tr><td><a href=\"#g%llu\">%llu</a><td>", (unsigned long long)id,
                       (unsigned long long)g->index);
        players(&st->games, g, 40);
        arb_buf_adds(&st->games, "<td>");
        esc(&st->games, oc->result_tag ? oc->result_tag : "", 16);
        counts(&st->games, sev);
        arb_buf_printf(&st->games, "<td><a href=\"#f%llu\">%s</a>\n", (unsigned long long)first,
                       arb_codes[g->findings.v[0].code].name);
    }

    /* The section. */
    arb_buf_printf(out, "<section class=\"game\" id=\"g%llu\" aria-labelledby=\"g%llu-h\">\n<h2 id=\"g%llu-h\">",
                   (unsigned long long)id, (unsigned long long)id, (unsigned long long)id);
    esc(out, g->file, 0);
    arb_buf_printf(out, ", game %llu", (unsigned long long)g->index);
    if (arb_game_tag(g, "White") || arb_game_tag(g, "Black")) {
        arb_buf_adds(out, ": ");
        players(out, g, 0);
    }
    arb_buf_adds(out, "</h2>\n");
    meta(out, g, oc);
    /* The tags and the moves, then the findings (with links to their
     * marks there). */
    struct mark *marks = arb_xcalloc((size_t)n, sizeof *marks);
    struct places p;
    places_init(&p, g);
    arb_buf_adds(out, "<div class=\"record\">\n");
    if (g->n_tags)
        tags(out, g, &p, first, marks);
    if (g->text && g->n_nodes)
        moves(out, g, &p, first, marks);
    arb_buf_adds(out, "</div>\n");
    for (int i = 0; i < n; i++)
        finding(out, g, oc, &g->findings.v[i], first + (uint64_t)i, marks[i]);
    free(p.v);
    free(marks);
    arb_buf_adds(out, "</section>\n");
}

static void html_file_error(struct arb_buf *out, const char *file, const char *message,
                            const struct arb_report_opts *o)
{
    struct html_state *st = o->state;
    file_row(st);
    uint64_t id = ++st->unreadable;
    arb_buf_printf(out, "<section class=\"unreadable\" id=\"u%llu\" aria-labelledby=\"u%llu-h\">\n<h2 id=\"u%llu-h\">",
                   (unsigned long long)id, (unsigned long long)id, (unsigned long long)id);
    esc(out, file, 0);
    arb_buf_adds(out, ": not read</h2>\n<p>");
    esc(out, message, 0);
    arb_buf_adds(out, "</p>\n</section>\n");
    arb_buf_adds(&st->files, "<tr><th scope=\"row\">");
    esc(&st->files, file, 0);
    arb_buf_printf(&st->files, "</th><td colspan=\"5\"><a href=\"#u%llu\">not read</a>\n", (unsigned long long)id);
}

static void total(struct arb_buf *out, const char *what, uint64_t n)
{
    arb_buf_printf(out, "<tr><th scope=\"row\">%s</th><td>%llu</td></tr>\n", what, (unsigned long long)n);
}

static void html_end(struct arb_buf *out, const struct arb_summary *s, const struct arb_report_opts *o)
{
    struct html_state *st = o->state;
    file_row(st);
    arb_buf_adds(out, "<section id=\"summary\" aria-labelledby=\"summary-h\">\n<h2 id=\"summary-h\">Summary</h2>\n"
                      "<p class=\"line\">");
    struct arb_buf line = {0};
    arb_summary_line(&line, s);
    esc(out, line.data, 0);
    arb_buf_free(&line);
    arb_buf_adds(out, "</p>\n");
    if (!st->findings)
        arb_buf_adds(out, "<p id=\"f1\">No finding is listed on this page.</p>\n");
    arb_buf_adds(out, "<div class=\"tables\">\n<table class=\"totals num\">\n<caption>Totals</caption>\n<tbody>\n");
    total(out, "Files", s->files);
    if (s->unreadable)
        total(out, "Files not read", s->unreadable);
    total(out, "Games", s->games);
    if (s->skipped)
        total(out, "Games left out (--where)", s->skipped);
    total(out, "Games with errors", s->games_with_errors);
    for (int sev = ARB_SEV_ERROR; sev >= ARB_SEV_INFO; sev--)
        arb_buf_printf(out, "<tr><th scope=\"row\" class=\"sev %s\"><span class=\"sym\" aria-hidden=\"true\">%s</span>%ss</th><td>%llu</td></tr>\n",
                       arb_severity_name((enum arb_severity)sev), sev_symbol[sev],
                       arb_severity_name((enum arb_severity)sev), (unsigned long long)s->by_severity[sev]);
    arb_buf_adds(out, "</tbody>\n</table>\n");

    /* By code: the errors' first, then the warnings', the infos'. */
    bool any = false;
    for (int sev = ARB_SEV_ERROR; sev >= ARB_SEV_INFO; sev--)
        for (int c = 0; c < ARB_F_COUNT; c++) {
            if (!s->by_code[c] || (int)arb_codes[c].severity != sev)
                continue;
            if (!any)
                arb_buf_adds(out, "<table class=\"codes num\">\n<caption>Findings by code</caption>\n<thead><tr>"
                                  "<th scope=\"col\">Code</th><th scope=\"col\">Severity</th><th scope=\"col\">Count</th>"
                                  "<th scope=\"col\">What it means</th></tr></thead>\n<tbody>\n");
            any = true;
            arb_buf_adds(out, "<tr><th scope=\"row\">");
            if (st->first_of_code[c])
                arb_buf_printf(out, "<a href=\"#f%llu\"><code>%s</code></a>", (unsigned long long)st->first_of_code[c],
                               arb_codes[c].name);
            else
                arb_buf_printf(out, "<code>%s</code>", arb_codes[c].name);
            arb_buf_printf(out, "</th><td>%s</td><td>%llu</td><td>", arb_severity_name(arb_codes[c].severity),
                           (unsigned long long)s->by_code[c]);
            esc(out, arb_codes[c].summary, 0);
            arb_buf_adds(out, "</td></tr>\n");
        }
    if (any)
        arb_buf_adds(out, "</tbody>\n</table>\n");
    if (st->files.len) {
        arb_buf_adds(out, "<table class=\"files num\">\n<caption>Files</caption>\n<thead><tr><th scope=\"col\">File</th>"
                          "<th scope=\"col\">Games</th><th scope=\"col\">With findings</th><th scope=\"col\">Errors</th>"
                          "<th scope=\"col\">Warnings</th><th scope=\"col\">Infos</th></tr></thead>\n<tbody>\n");
        arb_buf_add(out, st->files.data, st->files.len);
        if (st->files_left)
            arb_buf_printf(out, "<tr><td colspan=\"6\">and %llu more files (the first %d are listed)\n",
                           (unsigned long long)st->files_left, HTML_SUMMARY_ROWS);
        arb_buf_adds(out, "</tbody>\n</table>\n");
    }
    arb_buf_adds(out, "</div>\n");
    if (st->games.len) {
        arb_buf_printf(out, "<table class=\"games num\">\n<caption>Games with findings (%llu)</caption>\n<thead><tr>"
                            "<th scope=\"col\">Game</th><th scope=\"col\">Players</th><th scope=\"col\">Result</th>"
                            "<th scope=\"col\">Errors</th><th scope=\"col\">Warnings</th><th scope=\"col\">Infos</th>"
                            "<th scope=\"col\">First finding</th></tr></thead>\n",
                       (unsigned long long)st->sections);
        arb_buf_add(out, st->games.data, st->games.len);
        if (st->games_left)
            arb_buf_printf(out, "<tr><td colspan=\"7\">and %llu more games with findings: the first %d are "
                                "listed here, the sections of all follow\n",
                           (unsigned long long)st->games_left, HTML_SUMMARY_ROWS);
        arb_buf_adds(out, "</tbody>\n</table>\n");
    }
    arb_buf_adds(out, "</section>\n</main>\n<script>\n");
    arb_buf_adds(out, script);
    arb_buf_adds(out, "</script>\n</body>\n</html>\n");
    arb_buf_free(&st->files);
    arb_buf_free(&st->games);
    free(st);
}

const struct arb_format arb_format_html = {
    .name = "html",
    .begin = html_begin,
    .game = html_game,
    .file_error = html_file_error,
    .end = html_end,
};
