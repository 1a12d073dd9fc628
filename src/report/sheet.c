/* sheet.c — the round's sheet as text, JSON Lines or HTML (see sheet.h). */
#include "report/sheet.h"

#include <stdio.h>
#include <string.h>

#include "base/utf8.h"
#include "report/json.h"

/* Tenths of a point as people write them: 2, 2.5. */
static void points(struct arb_buf *b, int t)
{
    if (t % 10)
        arb_buf_printf(b, "%d.%d", t / 10, t % 10 < 0 ? -(t % 10) : t % 10);
    else
        arb_buf_printf(b, "%d", t / 10);
}

static int paired(const struct arb_sheet *s)
{
    int n = 0;
    for (int i = 0; i < s->n_boards; i++)
        n += s->boards[i].black != NULL;
    return n;
}

static int missing(const struct arb_sheet *s)
{
    int n = 0;
    for (int i = 0; i < s->n_boards; i++)
        n += s->boards[i].expect && !s->boards[i].game_result;
    return n;
}

static int disagreements(const struct arb_sheet *s, int *standings)
{
    int n = 0;
    for (int i = 0; i < s->n_boards; i++)
        n += s->boards[i].game_result && !s->boards[i].agree;
    *standings = 0;
    for (int i = 0; i < s->n_standings; i++)
        *standings += s->standings[i].report10 != s->standings[i].games10;
    return n;
}

/* ---- text ---- */

/* s padded (or cut, with an ellipsis) to width terminal columns. */
static void cell(struct arb_buf *b, const char *s, int width)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = strlen(s), at = 0, fit = 0;
    int cols = 0, fit_cols = 0;
    while (at < n) {
        size_t k = arb_utf8_valid(u + at, n - at);
        int c = k ? arb_utf8_cols(arb_utf8_decode(u + at, k)) : 1;
        if (!k)
            k = 1;
        if (cols + c <= width - 1) {
            fit = at + k;
            fit_cols = cols + c;
        }
        cols += c;
        at += k;
    }
    if (cols > width) {
        arb_buf_add(b, s, fit);
        arb_buf_adds(b, "\u2026");
        cols = fit_cols + 1;
    } else {
        arb_buf_adds(b, s);
    }
    for (; cols < width; cols++)
        arb_buf_addc(b, ' ');
}

static void found(struct arb_buf *b, int e, int w, int i, const char *codes)
{
    if (!e && !w) {
        arb_buf_adds(b, i ? "infos only" : "nothing");
        return;
    }
    if (e)
        arb_buf_printf(b, "%d error%s", e, e == 1 ? "" : "s");
    if (w)
        arb_buf_printf(b, "%s%d warning%s", e ? ", " : "", w, w == 1 ? "" : "s");
    if (codes && *codes)
        arb_buf_printf(b, " (%s)", codes);
}

static void text(struct arb_buf *b, const struct arb_sheet *s)
{
    int dis_st, dis = disagreements(s, &dis_st);
    arb_buf_printf(b, "Round %d%s%s (%s): %d boards, %d game%s missing, %d result%s disagreeing, %d standing%s "
                      "disagreeing\n\n",
                   s->round, s->event ? " of " : "", s->event ? s->event : "", s->trf, paired(s), missing(s),
                   missing(s) == 1 ? "" : "s", dis, dis == 1 ? "" : "s", dis_st, dis_st == 1 ? "" : "s");
    arb_buf_adds(b, "Bd  White                        Black                        Report          Game     Findings\n");
    char nm[200];
    for (int i = 0; i < s->n_boards; i++) {
        const struct arb_sheet_board *x = &s->boards[i];
        if (x->board)
            arb_buf_printf(b, "%2d  ", x->board);
        else
            arb_buf_adds(b, "    ");
        snprintf(nm, sizeof nm, "%s (%d)", x->white, x->wrank);
        cell(b, nm, 28);
        arb_buf_adds(b, " ");
        if (x->black)
            snprintf(nm, sizeof nm, "%s (%d)", x->black, x->brank);
        else
            snprintf(nm, sizeof nm, "-");
        cell(b, nm, 28);
        arb_buf_adds(b, " ");
        cell(b, x->report, 15);
        arb_buf_adds(b, " ");
        if (!x->expect && !x->game_result) {
            arb_buf_adds(b, "(no game)\n");
            continue;
        }
        if (!x->game_result) {
            arb_buf_adds(b, "MISSING  no game of this pairing in the input\n");
            continue;
        }
        cell(b, *x->game_result ? x->game_result : "none", 8);
        arb_buf_adds(b, " ");
        if (!x->agree)
            arb_buf_adds(b, "RESULT DIFFERS; ");
        if (x->swapped)
            arb_buf_adds(b, "colours reversed; ");
        found(b, x->errors, x->warnings, x->infos, x->codes);
        arb_buf_printf(b, "  [%s:%u]\n", x->file, x->line);
    }
    if (s->n_extras) {
        arb_buf_printf(b, "\nGames of round %d that match no pairing of it:\n", s->round);
        for (int i = 0; i < s->n_extras; i++) {
            const struct arb_sheet_extra *x = &s->extras[i];
            arb_buf_printf(b, "  %s:%u: game %llu, %s - %s, %s", x->file, x->line, (unsigned long long)x->game,
                           x->white, x->black, *x->result ? x->result : "no result");
            if (x->paired_round)
                arb_buf_printf(b, " (the report pairs them in round %d)", x->paired_round);
            else
                arb_buf_adds(b, " (the report pairs them in no round)");
            arb_buf_adds(b, ": ");
            found(b, x->errors, x->warnings, x->infos, x->codes);
            arb_buf_addc(b, '\n');
        }
    }
    arb_buf_printf(b, "\nStandings after round %d  (the report's points; with the round's results from the games)\n",
                   s->round);
    arb_buf_adds(b, "SNo  Name                           Report  Games\n");
    for (int i = 0; i < s->n_standings; i++) {
        const struct arb_sheet_standing *x = &s->standings[i];
        arb_buf_printf(b, "%3d  ", x->rank);
        cell(b, x->name, 30);
        arb_buf_adds(b, " ");
        struct arb_buf p = {0};
        points(&p, x->report10);
        arb_buf_addc(&p, 0);
        cell(b, p.data, 7);
        p.len = 0;
        points(&p, x->games10);
        arb_buf_addc(&p, 0);
        arb_buf_adds(b, " ");
        cell(b, p.data, 6);
        arb_buf_free(&p);
        arb_buf_adds(b, x->report10 != x->games10 ? " DIFFERS\n" : "\n");
    }
}

/* ---- JSON Lines ---- */

static void jnum(struct arb_buf *b, int t)
{
    points(b, t);
}

/* A game's place and what was found in it. */
static void jgame(struct arb_buf *b, const char *file, uint64_t game, uint32_t line, int e, int w, int i,
                  const char *codes)
{
    arb_json_key(b, "file", false);
    arb_json_cstr(b, file);
    arb_json_key(b, "game", false);
    arb_json_int(b, (long long)game);
    arb_json_key(b, "line", false);
    arb_json_int(b, line);
    arb_buf_printf(b, ",\"findings\":{\"error\":%d,\"warning\":%d,\"info\":%d}", e, w, i);
    arb_json_key(b, "codes", false);
    arb_json_cstr(b, codes);
}

static void jsonl(struct arb_buf *b, const struct arb_sheet *s)
{
    for (int i = 0; i < s->n_boards; i++) {
        const struct arb_sheet_board *x = &s->boards[i];
        arb_buf_adds(b, "{\"sheet\":\"board\",\"round\":");
        arb_json_int(b, s->round);
        arb_json_key(b, "board", false);
        if (x->board)
            arb_json_int(b, x->board);
        else
            arb_buf_adds(b, "null");
        arb_buf_adds(b, ",\"white\":{\"name\":");
        arb_json_cstr(b, x->white);
        arb_buf_adds(b, ",\"rank\":");
        arb_json_int(b, x->wrank);
        arb_buf_adds(b, "},\"black\":");
        if (x->black) {
            arb_buf_adds(b, "{\"name\":");
            arb_json_cstr(b, x->black);
            arb_buf_adds(b, ",\"rank\":");
            arb_json_int(b, x->brank);
            arb_buf_addc(b, '}');
        } else {
            arb_buf_adds(b, "null");
        }
        arb_json_key(b, "report", false);
        arb_json_cstr(b, x->report);
        arb_json_key(b, "expect", false);
        arb_json_cstr(b, x->expect);
        arb_json_key(b, "result", false);
        arb_json_cstr(b, x->game_result);
        arb_buf_adds(b, x->expect && !x->game_result ? ",\"missing\":true" : ",\"missing\":false");
        arb_buf_adds(b, x->game_result && !x->agree ? ",\"agree\":false" : ",\"agree\":true");
        if (x->game_result) {
            arb_buf_adds(b, x->swapped ? ",\"colours_reversed\":true" : ",\"colours_reversed\":false");
            jgame(b, x->file, x->game, x->line, x->errors, x->warnings, x->infos, x->codes);
        }
        arb_buf_adds(b, "}\n");
    }
    for (int i = 0; i < s->n_extras; i++) {
        const struct arb_sheet_extra *x = &s->extras[i];
        arb_buf_adds(b, "{\"sheet\":\"unpaired\",\"round\":");
        arb_json_int(b, s->round);
        arb_json_key(b, "white", false);
        arb_json_cstr(b, x->white);
        arb_json_key(b, "black", false);
        arb_json_cstr(b, x->black);
        arb_json_key(b, "result", false);
        arb_json_cstr(b, x->result);
        arb_json_key(b, "paired_round", false);
        if (x->paired_round)
            arb_json_int(b, x->paired_round);
        else
            arb_buf_adds(b, "null");
        jgame(b, x->file, x->game, x->line, x->errors, x->warnings, x->infos, x->codes);
        arb_buf_adds(b, "}\n");
    }
    for (int i = 0; i < s->n_standings; i++) {
        const struct arb_sheet_standing *x = &s->standings[i];
        arb_buf_adds(b, "{\"sheet\":\"standing\",\"round\":");
        arb_json_int(b, s->round);
        arb_json_key(b, "rank", false);
        arb_json_int(b, x->rank);
        arb_json_key(b, "name", false);
        arb_json_cstr(b, x->name);
        arb_buf_adds(b, ",\"report\":");
        jnum(b, x->report10);
        arb_buf_adds(b, ",\"games\":");
        jnum(b, x->games10);
        arb_buf_adds(b, x->report10 == x->games10 ? ",\"agree\":true}\n" : ",\"agree\":false}\n");
    }
    int dis_st, dis = disagreements(s, &dis_st);
    arb_buf_adds(b, "{\"sheet\":\"summary\",\"round\":");
    arb_json_int(b, s->round);
    arb_json_key(b, "trf", false);
    arb_json_cstr(b, s->trf);
    arb_json_key(b, "event", false);
    arb_json_cstr(b, s->event);
    arb_buf_printf(b, ",\"boards\":%d,\"without_opponent\":%d,\"missing\":%d,\"results_disagreeing\":%d,"
                      "\"unpaired\":%d,\"standings_disagreeing\":%d}\n",
                   paired(s), s->n_boards - paired(s), missing(s), dis, s->n_extras, dis_st);
}

/* ---- HTML ---- */

static void h(struct arb_buf *b, const char *s)
{
    arb_xml_escape(b, s ? s : "");
}

static void html(struct arb_buf *b, const struct arb_sheet *s)
{
    int dis_st, dis = disagreements(s, &dis_st);
    arb_buf_adds(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                    "style-src 'unsafe-inline'\">\n<title>Round ");
    arb_buf_printf(b, "%d", s->round);
    if (s->event) {
        arb_buf_adds(b, " of ");
        h(b, s->event);
    }
    arb_buf_adds(b, "</title>\n<style>\n"
                    "body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#111}\n"
                    "table{border-collapse:collapse;margin:0.5em 0 1.5em}\n"
                    "th,td{border:1px solid #bbb;padding:2px 8px;text-align:left;vertical-align:top}\n"
                    "th{background:#eee}\n"
                    "td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
                    "tr.bad td{background:#fde8e8}\n"
                    "tr.missing td{background:#fff4d6}\n"
                    ".sign{margin-top:3em}\n"
                    "@media print{body{margin:0}}\n"
                    "</style>\n</head>\n<body>\n<h1>Round ");
    arb_buf_printf(b, "%d", s->round);
    if (s->event) {
        arb_buf_adds(b, " of ");
        h(b, s->event);
    }
    arb_buf_adds(b, "</h1>\n<p>");
    h(b, s->trf);
    arb_buf_printf(b, ": %d boards, %d game%s missing, %d result%s disagreeing, %d standing%s disagreeing.</p>\n",
                   paired(s), missing(s), missing(s) == 1 ? "" : "s", dis, dis == 1 ? "" : "s", dis_st,
                   dis_st == 1 ? "" : "s");
    arb_buf_adds(b, "<table id=\"boards\">\n<tr><th>Bd</th><th>White</th><th>Black</th><th>Report</th><th>Game</th>"
                    "<th>Errors</th><th>Warnings</th><th>Infos</th><th>Codes</th><th>Where</th></tr>\n");
    for (int i = 0; i < s->n_boards; i++) {
        const struct arb_sheet_board *x = &s->boards[i];
        bool miss = x->expect && !x->game_result, bad = x->game_result && !x->agree;
        arb_buf_adds(b, miss ? "<tr class=\"missing\">" : bad ? "<tr class=\"bad\">" : "<tr>");
        if (x->board)
            arb_buf_printf(b, "<td class=\"n\">%d</td>", x->board);
        else
            arb_buf_adds(b, "<td></td>");
        arb_buf_adds(b, "<td>");
        h(b, x->white);
        arb_buf_printf(b, " (%d)</td><td>", x->wrank);
        if (x->black) {
            h(b, x->black);
            arb_buf_printf(b, " (%d)", x->brank);
        } else {
            arb_buf_adds(b, "&ndash;");
        }
        arb_buf_adds(b, "</td><td>");
        h(b, x->report);
        arb_buf_adds(b, "</td>");
        if (!x->game_result) {
            arb_buf_adds(b, x->expect ? "<td colspan=\"6\"><strong>missing</strong>: no game of this pairing in the "
                                        "input</td></tr>\n"
                                      : "<td colspan=\"6\">(no game)</td></tr>\n");
            continue;
        }
        arb_buf_adds(b, "<td>");
        h(b, *x->game_result ? x->game_result : "none");
        if (bad)
            arb_buf_adds(b, " <strong>differs</strong>");
        if (x->swapped)
            arb_buf_adds(b, " (colours reversed)");
        arb_buf_printf(b, "</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td>", x->errors,
                       x->warnings, x->infos);
        h(b, x->codes);
        arb_buf_adds(b, "</td><td>");
        h(b, x->file);
        arb_buf_printf(b, ":%u</td></tr>\n", x->line);
    }
    arb_buf_adds(b, "</table>\n");
    if (s->n_extras) {
        arb_buf_printf(b, "<h2>Games of round %d that match no pairing of it</h2>\n<table id=\"unpaired\">\n"
                          "<tr><th>Where</th><th>White</th><th>Black</th><th>Result</th><th>Paired in round</th>"
                          "<th>Errors</th><th>Warnings</th><th>Codes</th></tr>\n", s->round);
        for (int i = 0; i < s->n_extras; i++) {
            const struct arb_sheet_extra *x = &s->extras[i];
            arb_buf_adds(b, "<tr><td>");
            h(b, x->file);
            arb_buf_printf(b, ":%u</td><td>", x->line);
            h(b, x->white);
            arb_buf_adds(b, "</td><td>");
            h(b, x->black);
            arb_buf_adds(b, "</td><td>");
            h(b, x->result);
            if (x->paired_round)
                arb_buf_printf(b, "</td><td class=\"n\">%d", x->paired_round);
            else
                arb_buf_adds(b, "</td><td>none");
            arb_buf_printf(b, "</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td>", x->errors, x->warnings);
            h(b, x->codes);
            arb_buf_adds(b, "</td></tr>\n");
        }
        arb_buf_adds(b, "</table>\n");
    }
    arb_buf_printf(b, "<h2>Standings after round %d</h2>\n<table id=\"standings\">\n<tr><th>SNo</th><th>Name</th>"
                      "<th>Report</th><th>With the games</th></tr>\n", s->round);
    for (int i = 0; i < s->n_standings; i++) {
        const struct arb_sheet_standing *x = &s->standings[i];
        arb_buf_adds(b, x->report10 != x->games10 ? "<tr class=\"bad\">" : "<tr>");
        arb_buf_printf(b, "<td class=\"n\">%d</td><td>", x->rank);
        h(b, x->name);
        arb_buf_adds(b, "</td><td class=\"n\">");
        points(b, x->report10);
        arb_buf_adds(b, "</td><td class=\"n\">");
        points(b, x->games10);
        arb_buf_adds(b, "</td></tr>\n");
    }
    arb_buf_adds(b, "</table>\n<p class=\"sign\">Chief arbiter: ______________________ &nbsp; Date: ____________</p>\n"
                    "</body>\n</html>\n");
}

void arb_sheet_write(struct arb_buf *b, const struct arb_sheet *s, enum arb_sheet_format f)
{
    if (f == ARB_SHEET_JSONL)
        jsonl(b, s);
    else if (f == ARB_SHEET_HTML)
        html(b, s);
    else
        text(b, s);
}
