/* report_html.c — --format=html: one self-contained HTML page for people.
 *
 * The page: skip links and the keys; the summary and the contents; then
 * the findings in three parts, the errors first, then the warnings, then
 * the infos (in each, in the order of the files, the games and the
 * plies).  In a part, a section per game with findings of that severity:
 * in the first part the game comes in, its tags and its moves as recorded
 * with each flagged move marked and linked to its finding (the later
 * parts link back to them), then each finding of that severity with its
 * place, article, note, clocks and a diagram of its position (the pieces
 * an ambiguous move could mean framed).  A file that could not be read
 * has a section among the errors.  Nothing comes from outside the page:
 * the style, a short script and the pieces' SVG symbols are in it, and
 * its Content-Security-Policy lets the browser load nothing and run no
 * script but that one (its hash), whatever a tag value might hold.  Every
 * text from the input goes through arb_xml_escape().
 *
 * The page streams: the errors' sections are written as the games come
 * and forgotten; the warnings' and the infos' wait in a temporary file
 * each (base/spool: memory keeps at most 64 kB of them) and follow the
 * errors at the end, a piece at a time (html_more).  The summary and the
 * contents need the totals, known only at the end, so they are written
 * after the errors: their rows (one per file, one short row per game with
 * findings, and one a game in each severity's contents) wait in the
 * state, with the players' names cut short and the optional end tags left
 * out, about 150 bytes each against the 10 kB or more a section takes.
 * Writing them first would mean keeping every game until the end, or
 * reading the input twice (standard input cannot be).  They are still
 * seen first: the report is a column flex box in which they have order
 * -1, so a browser shows and prints them first without the script, and
 * the script moves them to the front of the document too, so that Tab and
 * screen readers also meet them first.
 *
 * Ids: the findings of each severity are numbered in page order, e1, e2,
 * ... for the errors, w1, ... for the warnings, i1, ... for the infos; a
 * game's sections are g1-e, g1-w, g1-i (its number among the games with
 * findings, then the part), a mark in the moves t and its finding's id,
 * an unreadable file u1, ...
 *
 * Keys: j or n, k or p go to the next and the previous finding (the
 * script); everything else is links (Tab), and each finding can take the
 * focus (tabindex -1) as the links and those keys lead to it.
 */
#include "report/report.h"
#include "base/version.h"

#include <stdlib.h>
#include <string.h>

#include "base/spool.h"
#include "chess/board.h"
#include "report/diagram.h"

/* The contents' entries of one severity: its games, grouped by file. */
struct toc {
    struct arb_buf rows;
    const char *file;             /* the file of the open group, NULL none */
    uint64_t n_rows, left;        /* entries written, and past HTML_SUMMARY_ROWS (counted only) */
};

struct html_state {
    struct arb_buf files;         /* the summary's rows: a file each */
    struct arb_buf games;         /* ... and a game with findings each, by file */
    const char *file;             /* the file whose games come now (its row is open) */
    uint64_t file_games, file_flagged, file_sev[3];
    const char *games_file;       /* the file of the games table's open <tbody> */
    uint64_t sections;            /* games with findings (their sections: g1-e, g1-w, ...) */
    uint64_t found[3];            /* findings of each severity (ids e1, ..., w1, ..., i1, ...) */
    uint64_t games_of[3];         /* games with findings of each severity */
    uint64_t unreadable;          /* files that could not be read (ids u1, ...) */
    uint64_t first_of_code[ARB_F_COUNT][3]; /* the first finding of each code in each part, 0 none */
    uint64_t code_sev[ARB_F_COUNT][3]; /* findings of each code at each severity reported (move-after-end
                                          may be a warning, board-result-signal too, notation-form ...) */
    uint64_t file_rows, game_rows;       /* rows in the summary's tables so far */
    uint64_t files_left, games_left;     /* rows past HTML_SUMMARY_ROWS, counted only */
    struct toc toc[3];            /* the contents, by severity */
    bool errors_open;             /* the errors' part is open */
    struct arb_spool later[2];    /* the warnings' part [ARB_SEV_WARNING] and the infos' [ARB_SEV_INFO] */
    struct arb_buf section;       /* a section on its way to a spool */
    int tail;                     /* html_more: the part it writes (1 warnings, 0 infos, -1 the end) */
    bool tail_open;               /* ... and whether that part's <section> is open */
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
/* Each severity's letter in the findings' ids, its part's id and heading. */
static const char sev_letter[3] = {'i', 'w', 'e'};
static const char *const part_id[3] = {"infos", "warnings", "errors"};
static const char *const part_name[3] = {"Infos", "Warnings", "Errors"};

/* The script: the summary to the front of the document, then the keys.
 * The page's Content-Security-Policy names its SHA-256 (tests/html.sh
 * checks that the two agree; after changing the script, put there the
 * hash that test prints). */
static const char script[] =
    "(function () {\n"
    "  var body = document.body;\n"
    "  try {\n"
    "    var report = document.getElementById('report');\n"
    "    ['games', 'toc', 'summary'].forEach(function (id) {\n"
    "      var e = document.getElementById(id);\n"
    "      if (report && e) report.insertBefore(e, report.firstChild);\n"
    "    });\n"
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
#define SCRIPT_SHA256 "sha256-dVMUpt+8fb+tCu5emFoXXxRdHAUR6GIrlARMo6BKt8M="

static const char style[] =
    ":root{--error:#b00020;--warning:#8a4b00;--info:#1d5aa0;--rule:#c8c8c8;--focus:#1a66d6}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0;font:15px/1.45 system-ui,\"DejaVu Sans\",sans-serif;color:#111;background:#fff}\n"
    "header,main{max-width:75rem;margin:0 auto;padding:0 1rem}\n"
    "main{display:flex;flex-direction:column}\n"
    "#summary,#toc,#games{order:-1}\n"
    /* A long page: the browser lays out only the games in view. */
    ".game{content-visibility:auto;contain-intrinsic-size:auto 800px}\n"
    "h1{font-size:1.5rem;margin:1rem 0 .25rem}\n"
    "h2{font-size:1.2rem;margin:2rem 0 .5rem;padding-bottom:.2rem;border-bottom:1px solid var(--rule)}\n"
    "h3{font-size:1.1rem;margin:1.5rem 0 .25rem}\n"
    "h4{font-size:1rem;margin:.5rem 0 .25rem}\n"
    ".part>h2{color:var(--c)}\n"
    "#toc ul{margin:.2rem 0;padding-left:1.5rem}\n"
    "#toc>ul{padding-left:0;list-style:none}\n"
    "#toc>ul>li{margin:.4rem 0}\n"
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
    "h2,h3,h4,caption{break-after:avoid}\n"
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
                      "<a class=\"skip\" href=\"#toc\">Skip to the contents</a>\n"
                      "<svg class=\"defs\" aria-hidden=\"true\" focusable=\"false\" width=\"0\" height=\"0\">");
    arb_diagram_svg_defs(out);
    arb_buf_adds(out, "</svg>\n<header>\n<h1>arbiter check report</h1>\n"
                      "<p class=\"keys\">Keys: <kbd>j</kbd> or <kbd>n</kbd> the next finding, <kbd>k</kbd> or "
                      "<kbd>p</kbd> the previous one; Tab goes from link to link. "
                      "<a href=\"#summary\">Summary</a> \u00B7 <a href=\"#toc\">Contents</a></p>\n</header>\n"
                      "<main id=\"report\">\n");
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

/* ", round 5, board 3" from the Round tag (nothing when it is unknown). */
static void round_of(struct arb_buf *out, const struct arb_game *g)
{
    struct arb_buf r = {0};
    arb_round_phrase(&r, arb_game_tag(g, "Round"));
    if (r.len) {
        arb_buf_adds(out, ", ");
        esc(out, r.data, 40);
    }
    arb_buf_free(&r);
}

/* A finding's id: its severity's letter and its number among them. */
struct fid {
    char c;
    uint64_t n;
};

/* One game on its way into the page. */
struct game_ctx {
    const struct arb_game *g;
    const struct arb_outcome *oc;
    uint64_t section;             /* its number among the games with findings */
    int worst;                    /* the severity of its first part (where its record is) */
    struct fid *id;               /* each finding's id */
    struct mark {
        int to;                   /* the finding the mark links to (-1: not marked) */
        bool tag;                 /* a tag's mark, not a move's */
    } *marks;                     /* where the record marks each finding */
};

#define FID(x) (x).c, (unsigned long long)(x).n

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
 * move), it is a link to the first of the worst of them, marked with its
 * severity, and their marks are set. */
static void marked(struct arb_buf *out, struct game_ctx *c, struct places *p, uint32_t line, uint32_t col,
                   const char *text, size_t n, bool tag)
{
    const struct arb_game *g = c->g;
    while (p->k < p->n && (p->v[p->k].line < line || (p->v[p->k].line == line && p->v[p->k].col < col)))
        p->k++;
    int at = p->k, to = -1;
    for (; p->k < p->n && p->v[p->k].line == line && p->v[p->k].col == col; p->k++) {
        int i = p->v[p->k].i;
        if (to < 0 || g->findings.v[i].severity > g->findings.v[to].severity)
            to = i;
    }
    if (to < 0 || !line) {
        esc_n(out, text, n, 40);
        return;
    }
    for (int k = at; k < p->k; k++)
        c->marks[p->v[k].i] = (struct mark){to, tag};
    const struct arb_finding *f = &g->findings.v[to];
    const char *sev = arb_severity_name(f->severity);
    arb_buf_printf(out,
                   "<a class=\"mv %s\" id=\"t%c%llu\" href=\"#%c%llu\"><span class=\"sym\" aria-hidden=\"true\">%s</span>",
                   sev, FID(c->id[to]), FID(c->id[to]), sev_symbol[f->severity]);
    esc_n(out, text, n, 40);
    /* What the mark says, for those who do not see it. */
    arb_buf_printf(out, "<span class=\"vh\"> (%s: %s", sev, arb_codes[f->code].name);
    if (p->k - at > 1)
        arb_buf_printf(out, " and %d more", p->k - at - 1);
    arb_buf_adds(out, ")</span></a>");
}

/* The tags, as they stand. */
static void tags(struct arb_buf *out, struct game_ctx *c, struct places *p)
{
    const struct arb_game *g = c->g;
    arb_buf_adds(out, "<table class=\"tags\">\n<caption>Tags</caption>\n<tbody>\n");
    for (int t = 0; t < g->n_tags; t++) {
        const struct arb_tag *tag = &g->tags[t];
        arb_buf_adds(out, "<tr><th scope=\"row\">");
        marked(out, c, p, tag->line, tag->col, tag->name, strlen(tag->name), true);
        arb_buf_adds(out, "</th><td>");
        esc(out, tag->value, 0);
        arb_buf_adds(out, "</td></tr>\n");
    }
    arb_buf_adds(out, "</tbody>\n</table>\n");
}

/* The moves as recorded: move numbers, moves, draw offers, the result and
 * unreadable text of the main line, and the variations small in brackets
 * (comments and NAGs left out). */
static void moves(struct arb_buf *out, struct game_ctx *c, struct places *p)
{
    const struct arb_game *g = c->g;
    arb_buf_adds(out, "<div class=\"movelist\">\n<h4>Moves</h4>\n<p class=\"moves\">");
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
        marked(out, c, p, line, col, arb_node_text(g, nd), nd->len, false);
    }
    while (depth-- > 0)
        arb_buf_adds(out, depth ? ")" : ")</span>");
    arb_buf_adds(out, "</p>\n</div>\n");
}

/* The legend of a diagram whose pieces are framed: which pieces, where. */
static void framed_legend(struct arb_buf *out, uint64_t squares)
{
    int n = 0, k = 0;
    for (uint64_t b = squares; b; b &= b - 1)
        n++;
    arb_buf_printf(out, "framed: the %d pieces that fit the move, on ", n);
    for (int sq = 0; sq < 64; sq++)
        if (squares >> sq & 1) {
            k++;
            arb_buf_printf(out, "%s%c%c", k == 1 ? "" : k == n ? " and " : ", ", 'a' + ARB_FILE(sq),
                           '1' + ARB_RANK(sq));
        }
}

/* One finding: what, where, which article, and the position. */
static void finding(struct arb_buf *out, const struct game_ctx *c, int i)
{
    const struct arb_game *g = c->g;
    const struct arb_finding *f = &g->findings.v[i];
    struct fid id = c->id[i];
    struct mark mark = c->marks[i];
    const char *sev = arb_severity_name(f->severity);
    struct arb_buf ref = {0};
    arb_move_ref(&ref, c->oc, f);
    arb_buf_printf(out, "<article class=\"finding %s\" id=\"%c%llu\" tabindex=\"-1\" aria-labelledby=\"%c%llu-h\">\n"
                        "<div class=\"text\">\n<h4 id=\"%c%llu-h\"><span class=\"sev\"><span class=\"sym\" "
                        "aria-hidden=\"true\">%s</span>%s</span> ",
                   sev, FID(id), FID(id), FID(id), sev_symbol[f->severity], sev);
    if (ref.len) {
        esc(out, ref.data, 0);
        arb_buf_addc(out, ' ');
    }
    arb_buf_printf(out, "<code>%s</code></h4>\n<p class=\"msg\">", arb_codes[f->code].name);
    esc(out, f->message ? f->message : "", 0);
    arb_buf_adds(out, "</p>\n<dl>\n<dt>Place</dt><dd>");
    place(out, g, f);
    if (mark.to >= 0)
        arb_buf_printf(out, " <a class=\"back\" href=\"#t%c%llu\">(marked in the %s)</a>", FID(c->id[mark.to]),
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
        /* The position, its last move, the offending move's squares, and
         * the pieces an ambiguous move could mean (the legend says so). */
        struct arb_buf title = {0};
        if (ref.len) {
            arb_buf_printf(&title, "Position %s %s", arb_finding_pos_after(f) ? "after" : "before", ref.data);
        } else {
            arb_buf_printf(&title, "Position at %s:%u", g->file, f->line ? f->line : g->line);
            if (f->line && f->col)
                arb_buf_printf(&title, ":%u", f->col);
        }
        if (f->mark_pieces) {
            arb_buf_adds(&title, "; ");
            framed_legend(&title, f->mark_pieces);
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
    if (!oc->profile) {
        /* A record of no game (check --trf's of the tournament report):
         * nothing was replayed. */
        const char *r = arb_game_tag(g, "Round");
        if (r) {
            arb_buf_adds(out, "<p class=\"meta\">Tournament report \u00B7 Round ");
            esc(out, r, 0);
            arb_buf_adds(out, "</p>\n");
        } else
            arb_buf_adds(out, "<p class=\"meta\">Tournament report</p>\n");
        return;
    }
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

/* "1 error", "2 infos". */
static void how_many(struct arb_buf *out, uint64_t n, int sev)
{
    arb_buf_printf(out, "%llu %s%s", (unsigned long long)n, arb_severity_name((enum arb_severity)sev),
                   n == 1 ? "" : "s");
}

/* The opening of a severity's part. */
static void part_open(struct arb_buf *out, int sev)
{
    arb_buf_printf(out, "<section class=\"part %s\" id=\"%s\" aria-labelledby=\"%s-h\">\n<h2 id=\"%s-h\"><span "
                        "class=\"sym\" aria-hidden=\"true\">%s</span>%s</h2>\n",
                   arb_severity_name((enum arb_severity)sev), part_id[sev], part_id[sev], part_id[sev],
                   sev_symbol[sev], part_name[sev]);
}

/* The errors' part, open from its first section on. */
static void errors_open(struct arb_buf *out, struct html_state *st)
{
    if (!st->errors_open)
        part_open(out, ARB_SEV_ERROR);
    st->errors_open = true;
}

/* The contents' list of a severity: a group for file (its entries follow
 * in a list of their own); false when the list is full. */
static bool toc_group(struct toc *t, const char *file)
{
    if (t->n_rows >= HTML_SUMMARY_ROWS) {
        t->left++;
        return false;
    }
    t->n_rows++;
    if (t->file && strcmp(t->file, file) == 0)
        return true;
    if (t->file)
        arb_buf_adds(&t->rows, "</ul>\n");
    arb_buf_adds(&t->rows, "<li>");
    esc(&t->rows, file, 0);
    arb_buf_adds(&t->rows, "<ul>\n");
    t->file = file;
    return true;
}

/* The game's section in the part of severity sev: its heading, the tags
 * and moves in its first part (a link to them in the others), and its
 * findings of that severity. */
static void section(struct arb_buf *out, struct game_ctx *c, int sev, const uint64_t count[3])
{
    const struct arb_game *g = c->g;
    char l = sev_letter[sev];
    unsigned long long id = (unsigned long long)c->section;
    arb_buf_printf(out, "<section class=\"game\" id=\"g%llu-%c\" aria-labelledby=\"g%llu-%c-h\">\n<h3 id=\"g%llu-%c-h\">",
                   id, l, id, l, id, l);
    esc(out, g->file, 0);
    arb_buf_printf(out, ", game %llu", (unsigned long long)g->index);
    if (arb_game_tag(g, "White") || arb_game_tag(g, "Black")) {
        arb_buf_adds(out, ": ");
        players(out, g, 0);
    }
    round_of(out, g);
    arb_buf_adds(out, "</h3>\n");
    meta(out, g, c->oc);
    if (sev == c->worst) {
        /* The tags and the moves, with all the game's findings marked. */
        struct places p;
        places_init(&p, g);
        arb_buf_adds(out, "<div class=\"record\">\n");
        if (g->n_tags)
            tags(out, c, &p);
        if (g->text && g->n_nodes)
            moves(out, c, &p);
        arb_buf_adds(out, "</div>\n");
        free(p.v);
    } else {
        arb_buf_printf(out, "<p class=\"meta\">Its tags and moves, with every finding marked, are with its <a "
                            "href=\"#g%llu-%c\">%s</a>.</p>\n",
                       id, sev_letter[c->worst], part_id[c->worst]);
    }
    arb_buf_adds(out, "<p class=\"meta\">");
    how_many(out, count[sev], sev);
    arb_buf_adds(out, " in this game</p>\n");
    for (int i = 0; i < g->findings.n; i++)
        if ((int)g->findings.v[i].severity == sev)
            finding(out, c, i);
    arb_buf_adds(out, "</section>\n");
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
    struct game_ctx c = {.g = g, .oc = oc, .section = ++st->sections, .worst = ARB_SEV_INFO};
    c.id = arb_xmalloc((size_t)n * sizeof *c.id);
    c.marks = arb_xmalloc((size_t)n * sizeof *c.marks);
    uint64_t count[3] = {0}, first[3];
    for (int s = 0; s < 3; s++)
        first[s] = st->found[s] + 1;
    st->file_flagged++;
    for (int i = 0; i < n; i++) {
        const struct arb_finding *f = &g->findings.v[i];
        int s = (int)f->severity;
        c.id[i] = (struct fid){sev_letter[s], ++st->found[s]};
        c.marks[i] = (struct mark){-1, false};
        c.worst = s > c.worst ? s : c.worst;
        count[s]++;
        st->file_sev[s]++;
        if (!st->first_of_code[f->code][s])
            st->first_of_code[f->code][s] = c.id[i].n;
        st->code_sev[f->code][s]++;
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
        int i = 0;
        while ((int)g->findings.v[i].severity != c.worst)
            i++;
        arb_buf_printf(&st->games, "<tr><td><a href=\"#g%llu-%c\">%llu</a><td>", (unsigned long long)c.section,
                       sev_letter[c.worst], (unsigned long long)g->index);
        players(&st->games, g, 40);
        arb_buf_adds(&st->games, "<td>");
        esc(&st->games, oc->result_tag ? oc->result_tag : "", 16);
        counts(&st->games, count);
        arb_buf_printf(&st->games, "<td><a href=\"#%c%llu\">%s</a>\n", FID(c.id[i]), arb_codes[g->findings.v[i].code].name);
    }

    /* In each part it has findings for: its entry in the contents (linked
     * to its first finding there) and its section. */
    for (int s = ARB_SEV_ERROR; s >= ARB_SEV_INFO; s--) {
        if (!count[s])
            continue;
        st->games_of[s]++;
        struct toc *t = &st->toc[s];
        if (toc_group(t, g->file)) {
            arb_buf_printf(&t->rows, "<li><a href=\"#%c%llu\">game %llu", sev_letter[s], (unsigned long long)first[s],
                           (unsigned long long)g->index);
            if (arb_game_tag(g, "White") || arb_game_tag(g, "Black")) {
                arb_buf_adds(&t->rows, ": ");
                players(&t->rows, g, 40);
            }
            round_of(&t->rows, g);
            arb_buf_adds(&t->rows, "</a>: ");
            how_many(&t->rows, count[s], s);
            arb_buf_addc(&t->rows, '\n');
        }
        if (s == ARB_SEV_ERROR) {
            errors_open(out, st);
            section(out, &c, s, count);
        } else {
            arb_buf_clear(&st->section);
            section(&st->section, &c, s, count);
            arb_spool_add(&st->later[s], st->section.data, st->section.len);
        }
    }
    free(c.id);
    free(c.marks);
}

static void html_file_error(struct arb_buf *out, const char *file, const char *message,
                            const struct arb_report_opts *o)
{
    struct html_state *st = o->state;
    file_row(st);
    uint64_t id = ++st->unreadable;
    errors_open(out, st);
    arb_buf_printf(out, "<section class=\"unreadable\" id=\"u%llu\" aria-labelledby=\"u%llu-h\">\n<h3 id=\"u%llu-h\">",
                   (unsigned long long)id, (unsigned long long)id, (unsigned long long)id);
    esc(out, file, 0);
    arb_buf_adds(out, ": not read</h3>\n<p>");
    esc(out, message, 0);
    arb_buf_adds(out, "</p>\n</section>\n");
    arb_buf_adds(&st->files, "<tr><th scope=\"row\">");
    esc(&st->files, file, 0);
    arb_buf_printf(&st->files, "</th><td colspan=\"5\"><a href=\"#u%llu\">not read</a>\n", (unsigned long long)id);
    /* In the errors' contents, as a file of its own. */
    struct toc *t = &st->toc[ARB_SEV_ERROR];
    if (t->n_rows < HTML_SUMMARY_ROWS) {
        t->n_rows++;
        if (t->file)
            arb_buf_adds(&t->rows, "</ul>\n");
        t->file = NULL;
        arb_buf_printf(&t->rows, "<li><a href=\"#u%llu\">", (unsigned long long)id);
        esc(&t->rows, file, 0);
        arb_buf_adds(&t->rows, "</a>: not read\n");
    } else {
        t->left++;
    }
}

static void total(struct arb_buf *out, const char *what, uint64_t n)
{
    arb_buf_printf(out, "<tr><th scope=\"row\">%s</th><td>%llu</td></tr>\n", what, (unsigned long long)n);
}

/* The contents: for each severity its findings' count and the games that
 * have some, each linked to its first finding of that severity. */
static void contents(struct arb_buf *out, struct html_state *st)
{
    arb_buf_adds(out, "<nav id=\"toc\" aria-labelledby=\"toc-h\">\n<h2 id=\"toc-h\">Contents</h2>\n<ul>\n");
    for (int s = ARB_SEV_ERROR; s >= ARB_SEV_INFO; s--) {
        struct toc *t = &st->toc[s];
        bool any = st->found[s] || (s == ARB_SEV_ERROR && st->unreadable);
        arb_buf_printf(out, "<li class=\"%s\">", arb_severity_name((enum arb_severity)s));
        if (any)
            arb_buf_printf(out, "<a class=\"sev\" href=\"#%s\">", part_id[s]);
        else
            arb_buf_adds(out, "<span class=\"sev\">");
        arb_buf_printf(out, "<span class=\"sym\" aria-hidden=\"true\">%s</span>%s%s: %llu", sev_symbol[s],
                       part_name[s], any ? "</a>" : "</span>", (unsigned long long)st->found[s]);
        if (st->found[s])
            arb_buf_printf(out, " in %llu game%s", (unsigned long long)st->games_of[s], st->games_of[s] == 1 ? "" : "s");
        if (s == ARB_SEV_ERROR && st->unreadable)
            arb_buf_printf(out, "; %llu file%s not read", (unsigned long long)st->unreadable,
                           st->unreadable == 1 ? "" : "s");
        arb_buf_adds(out, "\n");
        if (t->rows.len) {
            arb_buf_adds(out, "<ul>\n");
            arb_buf_add(out, t->rows.data, t->rows.len);
            if (t->file)
                arb_buf_adds(out, "</ul>\n");
            if (t->left)
                arb_buf_printf(out, "<li>and %llu more (the first %d are listed here; the part has them all)\n",
                               (unsigned long long)t->left, HTML_SUMMARY_ROWS);
            arb_buf_adds(out, "</ul>\n");
        }
        arb_buf_free(&t->rows);
    }
    arb_buf_adds(out, "</ul>\n</nav>\n");
}

static void html_end(struct arb_buf *out, const struct arb_summary *s, const struct arb_report_opts *o)
{
    struct html_state *st = o->state;
    file_row(st);
    if (st->errors_open)
        arb_buf_adds(out, "</section>\n");
    arb_buf_adds(out, "<section id=\"summary\" aria-labelledby=\"summary-h\">\n<h2 id=\"summary-h\">Summary</h2>\n"
                      "<p class=\"line\">");
    struct arb_buf line = {0};
    arb_summary_line(&line, s);
    esc(out, line.data, 0);
    arb_buf_free(&line);
    arb_buf_adds(out, "</p>\n");
    if (!st->sections)
        arb_buf_adds(out, "<p>No finding is listed on this page.</p>\n");
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

    /* By code and the severity reported (a code may come at two: a
     * move after a draw the Laws made is a warning, after mate an error):
     * the errors' first, then the warnings', the infos'; each linked to
     * its first finding on the page. */
    bool any = false;
    for (int sev = ARB_SEV_ERROR; sev >= ARB_SEV_INFO; sev--)
        for (int c = 0; c < ARB_F_COUNT; c++) {
            if (!st->code_sev[c][sev])
                continue;
            if (!any)
                arb_buf_adds(out, "<table class=\"codes num\">\n<caption>Findings by code</caption>\n<thead><tr>"
                                  "<th scope=\"col\">Code</th><th scope=\"col\">Severity</th><th scope=\"col\">Count</th>"
                                  "<th scope=\"col\">What it means</th></tr></thead>\n<tbody>\n");
            any = true;
            arb_buf_adds(out, "<tr><th scope=\"row\">");
            if (st->first_of_code[c][sev])
                arb_buf_printf(out, "<a href=\"#%c%llu\"><code>%s</code></a>", sev_letter[sev],
                               (unsigned long long)st->first_of_code[c][sev], arb_codes[c].name);
            else
                arb_buf_printf(out, "<code>%s</code>", arb_codes[c].name);
            arb_buf_printf(out, "</th><td>%s</td><td>%llu</td><td>", arb_severity_name((enum arb_severity)sev),
                           (unsigned long long)st->code_sev[c][sev]);
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
    arb_buf_adds(out, "</div>\n</section>\n");
    contents(out, st);
    if (st->games.len) {
        arb_buf_printf(out, "<section id=\"games\" aria-labelledby=\"games-h\">\n<h2 id=\"games-h\">Games with findings "
                            "(%llu)</h2>\n<table class=\"games num\">\n<thead><tr>"
                            "<th scope=\"col\">Game</th><th scope=\"col\">Players</th><th scope=\"col\">Result</th>"
                            "<th scope=\"col\">Errors</th><th scope=\"col\">Warnings</th><th scope=\"col\">Infos</th>"
                            "<th scope=\"col\">First finding</th></tr></thead>\n",
                       (unsigned long long)st->sections);
        arb_buf_add(out, st->games.data, st->games.len);
        if (st->games_left)
            arb_buf_printf(out, "<tr><td colspan=\"7\">and %llu more games with findings: the first %d are "
                                "listed here, the sections of all follow\n",
                           (unsigned long long)st->games_left, HTML_SUMMARY_ROWS);
        arb_buf_adds(out, "</tbody>\n</table>\n</section>\n");
    }
    arb_buf_free(&st->files);
    arb_buf_free(&st->games);
    arb_buf_free(&st->section);
    st->tail = ARB_SEV_WARNING;
}

/* After the summary and the contents: the warnings' part, the infos', a
 * piece at a time from their spools, then the script and the end. */
static bool html_more(struct arb_buf *out, const struct arb_report_opts *o)
{
    struct html_state *st = o->state;
    while (st->tail >= ARB_SEV_INFO) {
        int s = st->tail;
        if (!st->games_of[s]) {
            st->tail--;
            continue;
        }
        if (!st->tail_open) {
            part_open(out, s);
            st->tail_open = true;
        }
        if (arb_spool_take(&st->later[s], out, ARB_SPOOL_CHUNK))
            return true;
        arb_buf_adds(out, "</section>\n");
        st->tail_open = false;
        st->tail--;
    }
    arb_buf_adds(out, "</main>\n<script>\n");
    arb_buf_adds(out, script);
    arb_buf_adds(out, "</script>\n</body>\n</html>\n");
    for (int s = ARB_SEV_INFO; s <= ARB_SEV_WARNING; s++)
        arb_spool_free(&st->later[s]);
    free(st);
    return false;
}

const struct arb_format arb_format_html = {
    .name = "html",
    .begin = html_begin,
    .game = html_game,
    .file_error = html_file_error,
    .end = html_end,
    .more = html_more,
};
