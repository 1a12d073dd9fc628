/* livepage.c — the page of `arbiter watch --serve` and its boards as JSON
 * (see livepage.h). */
#include "report/livepage.h"

#include <stdio.h>
#include <string.h>

#include "report/diagram.h"
#include "read/trf.h"
#include "report/json.h"


static void key_str(struct arb_buf *b, const char *key, const char *v, bool first)
{
    arb_json_key(b, key, first);
    arb_json_cstr(b, v ? v : "");
}

void arb_livepage_board_id(struct arb_buf *b, const char *file, uint64_t game)
{
    struct arb_buf ident = {0};
    arb_buf_adds(&ident, file);
    arb_buf_printf(&ident, "#%llu", (unsigned long long)game);
    arb_json_str(b, ident.data, ident.len);
    arb_buf_free(&ident);
}

void arb_livepage_board_json(struct arb_buf *b, const struct arb_live_board *v)
{
    arb_buf_adds(b, "{\"id\":");
    arb_livepage_board_id(b, v->file, v->game);
    key_str(b, "file", v->file, false);
    arb_json_key(b, "game", false);
    arb_json_int(b, (long long)v->game);
    key_str(b, "white", v->white, false);
    key_str(b, "black", v->black, false);
    key_str(b, "round", v->round, false);
    key_str(b, "event", v->event, false);
    key_str(b, "result", v->result, false);
    arb_buf_adds(b, v->complete ? ",\"complete\":true" : ",\"complete\":false");
    arb_buf_adds(b, v->over ? ",\"over\":true" : ",\"over\":false");
    arb_json_key(b, "plies", false);
    arb_json_int(b, v->plies);
    arb_json_key(b, "fen", false);
    if (v->pos) {
        char fen[128];
        arb_json_cstr(b, arb_pos_to_fen(v->pos, fen));
        /* The diagram: made here from the position; its title is ours. */
        struct arb_diagram d;
        arb_diagram_init(&d, v->pos);
        if (v->last != ARB_MOVE_NONE)
            arb_diagram_set_last(&d, v->last);
        struct arb_buf svg = {0};
        arb_diagram_svg(&svg, &d, false, "the position now");
        arb_json_key(b, "svg", false);
        arb_json_str(b, svg.data, svg.len);
        arb_buf_free(&svg);
    } else {
        arb_buf_adds(b, "null,\"svg\":null");
    }
    arb_json_key(b, "last", false);
    if (v->last_token)
        arb_json_str(b, v->last_token, v->last_len);
    else
        arb_buf_adds(b, "null");
    arb_buf_adds(b, ",\"clk\":[");
    for (int s = 0; s < 2; s++) {
        if (s)
            arb_buf_addc(b, ',');
        if (v->clk[s] >= 0)
            arb_json_int(b, v->clk[s]);
        else
            arb_buf_adds(b, "null");
    }
    arb_buf_adds(b, "],\"needs\":[");
    static const char *const need_names[] = {"intervene", "illegal", "flag", "claim"};
    bool first = true;
    for (int k = 0; k < 4; k++)
        if (v->needs & (1u << k)) {
            arb_buf_adds(b, first ? "\"" : ",\"");
            arb_buf_adds(b, need_names[k]);
            arb_buf_addc(b, '"');
            first = false;
        }
    arb_buf_adds(b, "],\"findings\":[");
    for (int i = 0; i < v->n_findings; i++) {
        if (i)
            arb_buf_addc(b, ',');
        arb_buf_adds(b, v->finding_json[i]);
    }
    arb_buf_adds(b, "],\"board\":");
    arb_json_int(b, v->board);
    arb_buf_addc(b, '}');
}

/* The page's style: 30 boards on a 1920x1080 screen (six columns of five). */
static const char style[] =
    "*{box-sizing:border-box}\n"
    "body{margin:0;font:13px/1.3 system-ui,sans-serif;background:#eee;color:#111}\n"
    "header{display:flex;gap:1.2em;align-items:baseline;padding:4px 10px;background:#222;color:#eee;height:30px;"
    "white-space:nowrap;overflow:hidden}\n"
    "h1{font-size:15px;margin:0}\n"
    "#status.down{color:#f88;font-weight:600}\n"
    "#sources{color:#fc8}\n"
    "#boards{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:6px;padding:6px}\n"
    ".board{display:grid;grid-template-columns:136px 1fr;grid-template-rows:20px 1fr;column-gap:6px;"
    "background:#fff;border:2px solid #ccc;border-radius:4px;padding:3px 4px;height:170px;overflow:hidden}\n"
    ".board.need{border-color:#c00;background:#fff4f4}\n"
    ".board.quiet{border-color:#777;border-style:dashed}\n"
    ".board.over{background:#f6f6f6}\n"
    ".board.missing{background:#fafafa;border-style:dashed;color:#555}\n"
    ".head{grid-column:1/3;display:flex;gap:6px;white-space:nowrap;overflow:hidden;font-weight:600}\n"
    ".head .players{overflow:hidden;text-overflow:ellipsis;flex:1}\n"
    ".head .no{color:#555}\n"
    ".dg svg{width:136px;height:136px;display:block}\n"
    ".info{overflow:hidden;min-width:0}\n"
    ".info div{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}\n"
    ".badge{display:inline-block;background:#c00;color:#fff;border-radius:3px;padding:0 4px;margin:1px 2px 1px 0;"
    "font-size:12px;font-weight:600}\n"
    ".badge.claim{background:#a50}.badge.silent{background:#555}\n"
    ".f{font-size:12px}.f.error{color:#b00}.f.warning{color:#840}.f.info{color:#555}\n"
    ".clk{font-variant-numeric:tabular-nums}\n"
    "#empty{padding:1em;color:#555}\n";

/* The page's script: the boards from the server's events (Server-Sent
 * Events: EventSource reconnects by itself), sorted with the ones that
 * need the arbiter first.  Every string of a board is set as text; the
 * diagram (made by the server from the position) is the only markup. */
static const char script[] =
    "'use strict';\n"
    "const boards = new Map();\n"
    "const silentS = +document.body.dataset.silent;\n"
    "const main = document.getElementById('boards');\n"
    "const statusEl = document.getElementById('status');\n"
    "const order = ['intervene', 'illegal', 'flag', 'claim', 'silent'];\n"
    "const words = {intervene: 'intervene now', illegal: 'illegal move', flag: 'flag fell',\n"
    "               claim: 'draw claimable', silent: 'silent'};\n"
    "let updates = 0;\n"
    "let pairings = [];\n"
    "const missing = new Map();\n"
    "function el(tag, cls, text) {\n"
    "  const e = document.createElement(tag);\n"
    "  if (cls) e.className = cls;\n"
    "  if (text != null) e.textContent = text;\n"
    "  return e;\n"
    "}\n"
    "function needs(d, now) {\n"
    "  const n = d.needs.slice();\n"
    "  if (!d.over && now - d.changed > silentS * 1000) n.push('silent');\n"
    "  return n;\n"
    "}\n"
    "function clock(t) {\n"
    "  if (t == null) return '-';\n"
    "  t = Math.floor(t / 10);\n"
    "  const h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, s = t % 60;\n"
    "  return (h ? h + ':' + String(m).padStart(2, '0') : m) + ':' + String(s).padStart(2, '0');\n"
    "}\n"
    "const sevRank = {error: 0, warning: 1, info: 2};\n"
    "function draw(b, now) {\n"
    "  const d = b.d, card = b.el, n = needs(d, now);\n"
    "  card.textContent = '';\n"
    "  card.className = 'board' + (n.some(k => k !== 'silent') ? ' need' : n.length ? ' quiet' : '') +\n"
    "                   (d.over ? ' over' : '');\n"
    "  card.dataset.id = d.id;\n"
    "  card.dataset.needs = n.join(' ');\n"
    "  const head = el('div', 'head');\n"
    "  head.append(el('span', 'no', d.board ? 'Bd ' + d.board : d.round ? 'R' + d.round : '#' + d.game),\n"
    "              el('span', 'players', d.white + ' \\u2013 ' + d.black), el('span', 'res', d.result));\n"
    "  head.title = d.file + ', game ' + d.game + (d.event ? ', ' + d.event : '');\n"
    "  const dg = el('div', 'dg');\n"
    "  if (d.svg) dg.innerHTML = d.svg;\n"
    "  const info = el('div', 'info');\n"
    "  const mv = Math.floor((d.plies + 1) / 2);\n"
    "  info.append(el('div', 'last', d.last ? mv + (d.plies % 2 ? '. ' : '... ') + d.last : 'no move yet'));\n"
    "  const c = el('div', 'clk', 'W ' + clock(d.clk[0]) + '  B ' + clock(d.clk[1]));\n"
    "  info.append(c);\n"
    "  if (n.length) {\n"
    "    const bd = el('div');\n"
    "    for (const k of n) bd.append(el('span', 'badge ' + k, words[k]));\n"
    "    info.append(bd);\n"
    "  }\n"
    "  const fs = d.findings.slice().sort((a, b) => sevRank[a.severity] - sevRank[b.severity]);\n"
    "  for (const f of fs.slice(0, 5)) {\n"
    "    const line = el('div', 'f ' + f.severity, f.code + ': ' + f.message);\n"
    "    line.title = f.severity + ' ' + f.code + ': ' + f.message + (f.article ? ' (' + f.article + ')' : '');\n"
    "    info.append(line);\n"
    "  }\n"
    "  if (fs.length > 5) info.append(el('div', 'f', '+' + (fs.length - 5) + ' more'));\n"
    "  card.append(head, dg, info);\n"
    "}\n"
    "function rank(b, now) {\n"
    "  let r = order.length;\n"
    "  for (const k of needs(b.d, now)) r = Math.min(r, order.indexOf(k));\n"
    "  return r;\n"
    "}\n"
    "function layout() {\n"
    "  const now = Date.now();\n"
    "  const all = [...boards.values()];\n"
    "  for (const b of all) if (b.dirty || (!b.d.over && now - b.d.changed > silentS * 1000) !==\n"
    "                                      b.el.dataset.needs.includes('silent')) { draw(b, now); b.dirty = false; }\n"
    "  const have = new Set(all.map(b => b.d.board).filter(x => x));\n"
    "  for (const p of pairings) {\n"
    "    let m = missing.get(p.board);\n"
    "    if (p.brank && !have.has(p.board)) {\n"
    "      if (!m) {\n"
    "        m = {el: el('section', 'board missing'), d: {board: p.board, needs: [], over: true, file: '', game: 0}};\n"
    "        m.el.dataset.id = 'pairing#' + p.board;\n"
    "        m.el.dataset.needs = '';\n"
    "        const head = el('div', 'head');\n"
    "        head.append(el('span', 'no', 'Bd ' + p.board), el('span', 'players', p.white + ' \\u2013 ' + p.black),\n"
    "                    el('span', 'res', p.result));\n"
    "        m.el.append(head, el('div', 'info', 'no game in the files watched'));\n"
    "        missing.set(p.board, m);\n"
    "      }\n"
    "      all.push(m);\n"
    "    } else if (m) { m.el.remove(); missing.delete(p.board); }\n"
    "  }\n"
    "  const bd = b => b.d.board || 1e9;\n"
    "  all.sort((a, b) => rank(a, now) - rank(b, now) || bd(a) - bd(b)\n"
    "                     || (a.d.file < b.d.file ? -1 : a.d.file > b.d.file ? 1 : 0) || a.d.game - b.d.game);\n"
    "  all.forEach((b, i) => { if (main.children[i] !== b.el) main.insertBefore(b.el, main.children[i] || null); });\n"
    "  const games = all.length - [...missing.values()].filter(m => m.el.isConnected || all.includes(m)).length;\n"
    "  document.getElementById('count').textContent = games + (games === 1 ? ' board' : ' boards') +\n"
    "    (missing.size ? ', ' + missing.size + ' missing' : '');\n"
    "  document.getElementById('empty').hidden = all.length > 0;\n"
    "  document.body.dataset.updates = updates;\n"
    "}\n"
    "function put(d) {\n"
    "  let b = boards.get(d.id);\n"
    "  if (!b) { b = {el: el('section', 'board')}; b.el.dataset.needs = ''; boards.set(d.id, b); main.append(b.el); }\n"
    "  b.d = d;\n"
    "  b.dirty = true;\n"
    "  b.el.dataset.seen = Date.now();\n"
    "}\n"
    "function sources(list) {\n"
    "  document.getElementById('sources').textContent = list.join('; ');\n"
    "}\n"
    "function connect() {\n"
    "  const es = new EventSource('events');\n"
    "  es.addEventListener('reset', e => {\n"
    "    const s = JSON.parse(e.data);\n"
    "    for (const b of boards.values()) b.el.remove();\n"
    "    boards.clear();\n"
    "    for (const d of s.boards) put(d);\n"
    "    for (const m of missing.values()) m.el.remove();\n"
    "    missing.clear();\n"
    "    pairings = s.pairings || [];\n"
    "    sources(s.sources);\n"
    "    updates++;\n"
    "    layout();\n"
    "  });\n"
    "  es.addEventListener('update', e => {\n"
    "    const s = JSON.parse(e.data);\n"
    "    for (const d of s.boards) put(d);\n"
    "    const keep = new Set(s.ids);\n"
    "    for (const [id, b] of boards) if (!keep.has(id)) { b.el.remove(); boards.delete(id); }\n"
    "    sources(s.sources);\n"
    "    updates++;\n"
    "    layout();\n"
    "  });\n"
    "  es.onopen = () => { statusEl.textContent = 'live'; statusEl.className = ''; document.body.dataset.live = '1'; };\n"
    "  es.onerror = () => {\n"
    "    statusEl.textContent = 'connection lost: reconnecting'; statusEl.className = 'down';\n"
    "    document.body.dataset.live = '0';\n"
    "  };\n"
    "}\n"
    "connect();\n"
    "setInterval(layout, 5000);\n";

void arb_livepage_pairing_json(struct arb_buf *b, int board, const char *white, int wrank, const char *black,
                               int brank, char result)
{
    const char *words = arb_trf_result_words(result, brank != 0);
    arb_buf_adds(b, "{\"board\":");
    arb_json_int(b, board);
    arb_json_key(b, "white", false);
    arb_json_cstr(b, white);
    arb_json_key(b, "wrank", false);
    arb_json_int(b, wrank);
    arb_json_key(b, "black", false);
    arb_json_cstr(b, brank ? black : NULL);
    arb_json_key(b, "brank", false);
    arb_json_int(b, brank);
    arb_json_key(b, "result", false);
    arb_json_cstr(b, words);
    arb_buf_addc(b, '}');
}

void arb_livepage_html(struct arb_buf *b, int silent_s)
{
    arb_buf_adds(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                    "<title>arbiter watch</title>\n<style>\n");
    arb_buf_adds(b, style);
    arb_buf_printf(b, "</style>\n</head>\n<body data-silent=\"%d\" data-updates=\"0\">\n", silent_s);
    arb_buf_adds(b, "<svg aria-hidden=\"true\" focusable=\"false\" width=\"0\" height=\"0\" style=\"position:absolute\">");
    arb_diagram_svg_defs(b);
    arb_buf_adds(b, "</svg>\n<header><h1>arbiter watch</h1><span id=\"status\">connecting</span>"
                    "<span id=\"count\"></span><span id=\"sources\"></span></header>\n"
                    "<main id=\"boards\"></main>\n<p id=\"empty\">No game yet in the files watched.</p>\n<script>\n");
    arb_buf_adds(b, script);
    arb_buf_adds(b, "</script>\n</body>\n</html>\n");
}
