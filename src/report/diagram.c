/* diagram.c — a position as a terminal board or an SVG diagram.
 *
 * The SVG pieces are drawn here from simple shapes (no font, no external
 * file), in a 45-unit box per square.  Squares use the usual wooden
 * colours; the last move is shaded and drawn as a thin blue arrow, an
 * offending move as a red arrow (or a red ring on its target square when
 * no piece could be named as its mover), and the pieces an ambiguous move
 * could mean each in a purple frame.
 */
#include "report/diagram.h"

#include <string.h>

void arb_diagram_init(struct arb_diagram *d, const struct arb_pos *pos)
{
    memset(d, 0, sizeof *d);
    d->pos = pos;
    d->last_from = d->last_to = -1;
}

void arb_diagram_set_last(struct arb_diagram *d, arb_move m)
{
    if (m == ARB_MOVE_NONE)
        return;
    d->last_from = arb_move_from(m);
    d->last_to = arb_move_dest(m);
}

void arb_diagram_add_arrow(struct arb_diagram *d, int from, int to)
{
    if (d->n_arrows >= ARB_DIAGRAM_MAX_ARROWS || to < 0 || to > 63 || from < -1 || from > 63)
        return;
    d->arrows[d->n_arrows].from = from;
    d->arrows[d->n_arrows].to = to;
    d->n_arrows++;
}

void arb_diagram_add_finding(struct arb_diagram *d, const struct arb_finding *f)
{
    if (f->mark_to >= 0)
        arb_diagram_add_arrow(d, f->mark_from, f->mark_to);
    d->framed |= f->mark_pieces;
}

static bool marked(const struct arb_diagram *d, int sq)
{
    for (int i = 0; i < d->n_arrows; i++)
        if (d->arrows[i].from == sq || d->arrows[i].to == sq)
            return true;
    return false;
}

/* The square drawn at column x, row y (0, 0 = top left) of the board. */
static int square_at(const struct arb_diagram *d, int x, int y)
{
    return d->flip ? ARB_SQ(7 - x, y) : ARB_SQ(x, 7 - y);
}

/* ---- text ---- */

static const char *const glyph_white[6] = {"\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"};
static const char *const glyph_black[6] = {"\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"};

void arb_diagram_text(struct arb_buf *b, const struct arb_diagram *d, unsigned flags)
{
    bool uni = flags & ARB_DIAGRAM_UNICODE, color = flags & ARB_DIAGRAM_COLOR;
    for (int y = 0; y < 8; y++) {
        int sq0 = square_at(d, 0, y);
        arb_buf_printf(b, " %d ", ARB_RANK(sq0) + 1);
        for (int x = 0; x < 8; x++) {
            int sq = square_at(d, x, y);
            int p = d->pos->board[sq];
            bool light = (ARB_FILE(sq) + ARB_RANK(sq)) & 1;
            bool last = sq == d->last_from || sq == d->last_to;
            bool bad = marked(d, sq);
            const char *g;
            char letter[2] = {0, 0};
            if (!p) {
                g = uni ? "\u00B7" : ".";
                if (color)
                    g = " ";
            } else if (uni) {
                int t = arb_piece_type(p);
                g = arb_piece_color(p) == ARB_WHITE ? glyph_white[t] : glyph_black[t];
            } else {
                letter[0] = "PNBRQK"[arb_piece_type(p)];
                if (arb_piece_color(p) == ARB_BLACK)
                    letter[0] = (char)(letter[0] - 'A' + 'a');
                g = letter;
            }
            if (color) {
                /* 256-colour backgrounds: wood, green for the last move, red
                 * for the offence.  Both sides' pieces in black ink, told
                 * apart by shape (outlined or solid symbols, upper or lower
                 * case), as in print and in the SVG diagrams: white ink
                 * would read at 1.35:1 on the light squares, and no square
                 * colour gives both inks 4.5:1 but a middle grey of
                 * luminance 0.18 on every square.  Black ink reads at
                 * 5.7:1 (the offence's dark square) to 15.6:1 (a light
                 * square): tests/replay.sh measures it. */
                int bg = bad ? (light ? 217 : 167) : last ? (light ? 187 : 143) : light ? 223 : 137;
                arb_buf_printf(b, "\033[48;5;%dm\033[38;5;16m%s %s \033[0m", bg, p ? "\033[1m" : "", g);
            } else {
                arb_buf_addc(b, bad ? '(' : last ? '[' : ' ');
                arb_buf_adds(b, g);
                arb_buf_addc(b, bad ? ')' : last ? ']' : ' ');
            }
        }
        arb_buf_addc(b, '\n');
    }
    arb_buf_adds(b, "   ");
    for (int x = 0; x < 8; x++)
        arb_buf_printf(b, " %c ", 'a' + ARB_FILE(square_at(d, x, 0)));
    arb_buf_addc(b, '\n');
}

/* ---- SVG ---- */

/* Each piece in a 45 x 45 box: the outline takes the side's fill, the
 * details (class "d") the other colour. */
static const char *const piece_shape[6] = {
    /* pawn: head, body, foot */
    "<circle cx=\"22.5\" cy=\"14\" r=\"5.5\"/>"
    "<path d=\"M17 35 20 21h5l3 14z\"/>"
    "<rect x=\"12\" y=\"34\" width=\"21\" height=\"5\" rx=\"1.5\"/>",
    /* knight: a head facing left, with an eye */
    "<path d=\"M13 38h19c2-8 2-18-5-24l-1-5-4 4-4-2-1 4c-4 3-8 9-7 12 1 2 4 2 6 0l4-2c-2 5-6 7-7 13z\"/>"
    "<circle class=\"d\" cx=\"19\" cy=\"18\" r=\"1.4\"/>",
    /* bishop: mitre, slit, ball, foot */
    "<circle cx=\"22.5\" cy=\"10\" r=\"2.8\"/>"
    "<ellipse cx=\"22.5\" cy=\"23\" rx=\"7\" ry=\"10\"/>"
    "<rect x=\"12\" y=\"34\" width=\"21\" height=\"5\" rx=\"1.5\"/>"
    "<path class=\"d\" d=\"M20 19l5 5\" fill=\"none\" stroke-width=\"2\"/>",
    /* rook: battlements, tower, foot */
    "<path d=\"M11 9h5v3h4V9h5v3h4V9h5v8H11z\"/>"
    "<rect x=\"14\" y=\"17\" width=\"17\" height=\"17\"/>"
    "<rect x=\"11\" y=\"34\" width=\"23\" height=\"5\" rx=\"1\"/>",
    /* queen: a crown of five points */
    "<path d=\"M12 34 9 15l7 10-.5-14 5 13 2-15 2 15 5-13-.5 14 7-10-3 19z\"/>"
    "<circle cx=\"9\" cy=\"14\" r=\"2\"/><circle cx=\"15.5\" cy=\"10.5\" r=\"2\"/>"
    "<circle cx=\"22.5\" cy=\"8.5\" r=\"2\"/><circle cx=\"29.5\" cy=\"10.5\" r=\"2\"/>"
    "<circle cx=\"36\" cy=\"14\" r=\"2\"/>"
    "<rect x=\"11\" y=\"34\" width=\"23\" height=\"5\" rx=\"1\"/>",
    /* king: cross over a rounded crown */
    "<path d=\"M21.5 5h2v4h4v2h-4v7h-2v-7h-4V9h4z\"/>"
    "<path d=\"M12 34c-4-10 2-16 10.5-10C31 18 37 24 33 34z\"/>"
    "<rect x=\"11\" y=\"34\" width=\"23\" height=\"5\" rx=\"1\"/>",
};

void arb_diagram_svg_defs(struct arb_buf *b)
{
    static const char types[] = "PNBRQK";
    arb_buf_adds(b, "<defs>");
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 6; t++)
            arb_buf_printf(b,
                           "<symbol id=\"arb-%c%c\" viewBox=\"0 0 45 45\">"
                           "<g fill=\"%s\" stroke=\"#000\" stroke-width=\"1.5\" stroke-linejoin=\"round\">%s</g>"
                           "</symbol>\n",
                           c ? 'b' : 'w', types[t], c ? "#000" : "#fff", piece_shape[t]);
    arb_buf_adds(b,
                 /* The squares in tiles of four laid from the board's top left
                  * corner (16, 0), whose square is light (a8, or h1 turned
                  * round): one rect draws a board's 64. */
                 "<pattern id=\"arb-squares\" width=\"90\" height=\"90\" patternUnits=\"userSpaceOnUse\" x=\"16\" "
                 "y=\"0\"><rect width=\"90\" height=\"90\" fill=\"#f0d9b5\"/><rect x=\"45\" width=\"45\" height=\"45\" "
                 "fill=\"#b58863\"/><rect y=\"45\" width=\"45\" height=\"45\" fill=\"#b58863\"/></pattern>\n"
                 "<marker id=\"arb-head-last\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"3\" "
                 "markerHeight=\"3\" orient=\"auto\"><path d=\"M0 0 10 5 0 10z\" fill=\"#2a5db0\"/></marker>\n"
                 "<marker id=\"arb-head-bad\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"3\" "
                 "markerHeight=\"3\" orient=\"auto\"><path d=\"M0 0 10 5 0 10z\" fill=\"#c8102e\"/></marker>\n"
                 "<style>.d{fill:#fff;stroke:#fff}symbol[id^=arb-w] .d{fill:#000;stroke:#000}</style>"
                 "</defs>\n");
}

/* The board is drawn at 45 units a square, with a margin of 16 for the
 * coordinates on the left and below. */
#define SQ 45
#define MARGIN 16

static void centre(const struct arb_diagram *d, int sq, int *x, int *y)
{
    int col = d->flip ? 7 - ARB_FILE(sq) : ARB_FILE(sq);
    int row = d->flip ? ARB_RANK(sq) : 7 - ARB_RANK(sq);
    *x = MARGIN + col * SQ + SQ / 2;
    *y = row * SQ + SQ / 2;
}

static int isqrt(int n)
{
    int r = 0;
    while ((r + 1) * (r + 1) <= n)
        r++;
    return r;
}

/* An arrow from square to square, stopping a third of a square short of
 * the target's centre: the head (drawn past the line's end) points at it. */
static void arrow(struct arb_buf *b, const struct arb_diagram *d, int from, int to, const char *cls,
                  const char *colour, int width)
{
    int x1, y1, x2, y2;
    centre(d, from, &x1, &y1);
    centre(d, to, &x2, &y2);
    int len = isqrt((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1));
    int keep = len > SQ / 3 ? len - SQ / 3 : len / 2;
    arb_buf_printf(b,
                   "<line class=\"%s\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"%d\" "
                   "stroke-linecap=\"round\" opacity=\"0.8\" marker-end=\"url(#arb-head-%s)\"/>\n",
                   cls, x1, y1, x1 + (x2 - x1) * keep / len, y1 + (y2 - y1) * keep / len, colour, width,
                   strcmp(cls, "last") == 0 ? "last" : "bad");
}

void arb_diagram_svg(struct arb_buf *b, const struct arb_diagram *d, bool standalone, const char *title)
{
    static const char types[] = "PNBRQK";
    int w = MARGIN + 8 * SQ, h = 8 * SQ + MARGIN;
    if (standalone)
        arb_buf_adds(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    arb_buf_printf(b,
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                   "class=\"arb-board\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\"",
                   w, h, w, h);
    if (title) {
        arb_buf_adds(b, " aria-label=\"");
        arb_xml_escape(b, title);
        arb_buf_adds(b, "\"");
    }
    arb_buf_adds(b, ">\n");
    if (title) {
        arb_buf_adds(b, "<title>");
        arb_xml_escape(b, title);
        arb_buf_adds(b, "</title>\n");
    }
    if (standalone)
        arb_diagram_svg_defs(b);
    arb_buf_printf(b, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", w, h);
    /* The 64 squares in one rect (the pattern of the defs: a page of many
     * diagrams loads twice as fast as with a rect a square), then the last
     * move's two squares shaded over it. */
    arb_buf_printf(b, "<rect x=\"%d\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"url(#arb-squares)\"/>\n", MARGIN,
                   8 * SQ, 8 * SQ);
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) {
            int sq = square_at(d, x, y);
            if (sq != d->last_from && sq != d->last_to)
                continue;
            bool light = (ARB_FILE(sq) + ARB_RANK(sq)) & 1;
            arb_buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", MARGIN + x * SQ,
                           y * SQ, SQ, SQ, light ? "#cdd26a" : "#aaa23a");
        }
    arb_buf_printf(b, "<rect x=\"%d\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>\n", MARGIN,
                   8 * SQ, 8 * SQ);
    /* Coordinates: ranks on the left, files below. */
    arb_buf_adds(b, "<g font-family=\"sans-serif\" font-size=\"12\" fill=\"#333\" text-anchor=\"middle\">\n");
    for (int i = 0; i < 8; i++) {
        int sq = square_at(d, 0, i);
        arb_buf_printf(b, "<text x=\"%d\" y=\"%d\">%d</text>", MARGIN / 2, i * SQ + SQ / 2 + 4, ARB_RANK(sq) + 1);
        sq = square_at(d, i, 7);
        arb_buf_printf(b, "<text x=\"%d\" y=\"%d\">%c</text>\n", MARGIN + i * SQ + SQ / 2, 8 * SQ + MARGIN - 4,
                       'a' + ARB_FILE(sq));
    }
    arb_buf_adds(b, "</g>\n");
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) {
            int sq = square_at(d, x, y);
            int p = d->pos->board[sq];
            if (!p)
                continue;
            arb_buf_printf(b, "<use href=\"#arb-%c%c\" xlink:href=\"#arb-%c%c\" x=\"%d\" y=\"%d\" width=\"%d\" "
                              "height=\"%d\"/>\n",
                           arb_piece_color(p) ? 'b' : 'w', types[arb_piece_type(p)], arb_piece_color(p) ? 'b' : 'w',
                           types[arb_piece_type(p)], MARGIN + x * SQ, y * SQ, SQ, SQ);
        }
    /* The pieces a move could mean: a frame inside each one's square. */
    for (int sq = 0; sq < 64; sq++)
        if (d->framed >> sq & 1) {
            int cx, cy;
            centre(d, sq, &cx, &cy);
            arb_buf_printf(b,
                           "<rect class=\"cand\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                           "stroke=\"#7b1fa2\" stroke-width=\"4\"/>\n",
                           cx - SQ / 2 + 2, cy - SQ / 2 + 2, SQ - 4, SQ - 4);
        }
    if (d->last_from >= 0 && d->last_to >= 0 && d->last_from != d->last_to)
        arrow(b, d, d->last_from, d->last_to, "last", "#2a5db0", 5);
    for (int i = 0; i < d->n_arrows; i++) {
        if (d->arrows[i].from >= 0 && d->arrows[i].from != d->arrows[i].to) {
            arrow(b, d, d->arrows[i].from, d->arrows[i].to, "bad", "#c8102e", 7);
        } else {
            int cx, cy;
            centre(d, d->arrows[i].to, &cx, &cy);
            arb_buf_printf(b,
                           "<circle class=\"bad\" cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" stroke=\"#c8102e\" "
                           "stroke-width=\"4\" opacity=\"0.85\"/>\n",
                           cx, cy, SQ / 2 - 3);
        }
    }
    arb_buf_adds(b, "</svg>\n");
}
