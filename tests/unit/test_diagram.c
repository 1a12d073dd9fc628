/* test_diagram.c — diagram.c: the terminal board and the SVG diagram.
 *
 * The text board square by square (letters and symbols, flipped, the last
 * move in brackets, an offending move in parentheses, colour escapes), the
 * castling move marked where the king lands, and the SVG: one piece per
 * occupied square at its place, coordinates, arrows and rings, the title
 * escaped, and the standalone document carrying its own piece symbols. */
#include "chess/board.h"
#include "report/diagram.h"
#include "tap.h"
#include "base/util.h"

#include <stdio.h>
#include <string.h>

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static void set(struct arb_pos *p, const char *fen)
{
    char err[200];
    if (arb_pos_from_fen(p, fen, false, err, sizeof err) < 0)
        printf("# bad FEN %s: %s\n", fen, err);
}

int main(void)
{
    arb_board_init();
    struct arb_pos p;
    struct arb_diagram d;
    struct arb_buf b = {0};

    /* 1. e4: letters, the last move's squares in brackets. */
    set(&p, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    arb_diagram_init(&d, &p);
    arb_diagram_set_last(&d, arb_move_make(ARB_SQ(4, 1), ARB_SQ(4, 3), ARB_MK_NORMAL, 0));
    arb_diagram_text(&b, &d, 0);
    is_str(b.data,
           " 8  r  n  b  q  k  b  n  r \n"
           " 7  p  p  p  p  p  p  p  p \n"
           " 6  .  .  .  .  .  .  .  . \n"
           " 5  .  .  .  .  .  .  .  . \n"
           " 4  .  .  .  . [P] .  .  . \n"
           " 3  .  .  .  .  .  .  .  . \n"
           " 2  P  P  P  P [.] P  P  P \n"
           " 1  R  N  B  Q  K  B  N  R \n"
           "    a  b  c  d  e  f  g  h \n",
           "letters: White upper case, the last move's squares in brackets");

    /* Flipped: rank 1 at the top, the h-file on the left. */
    arb_buf_clear(&b);
    d.flip = true;
    arb_diagram_text(&b, &d, 0);
    ok(strncmp(b.data, " 1  R  N  B  K  Q  B  N  R \n", 28) == 0, "flipped: rank 1 first, read from h to a");
    ok(strstr(b.data, "    h  g  f  e  d  c  b  a \n") != NULL, "flipped: files from h to a");
    d.flip = false;

    /* An offending move in parentheses, its target alone too. */
    arb_buf_clear(&b);
    arb_diagram_add_arrow(&d, ARB_SQ(6, 7), ARB_SQ(4, 6));
    arb_diagram_add_arrow(&d, -1, ARB_SQ(0, 2));
    arb_diagram_text(&b, &d, 0);
    ok(strstr(b.data, " 8  r  n  b  q  k  b (n) r \n") != NULL, "the offending move's from-square in parentheses");
    ok(strstr(b.data, " 7  p  p  p  p (p) p  p  p \n") != NULL, "... and its target square");
    ok(strstr(b.data, " 3 (.) .  .") != NULL, "a target square alone (no mover named)");

    /* Symbols: White's outlined, Black's solid, dots for empty squares. */
    arb_buf_clear(&b);
    arb_diagram_text(&b, &d, ARB_DIAGRAM_UNICODE);
    ok(strstr(b.data, " 1  \u2656  \u2658  \u2657  \u2655  \u2654  \u2657  \u2658  \u2656 \n") != NULL,
       "Unicode: White's pieces outlined");
    ok(strstr(b.data, " 8  \u265C  \u265E  \u265D  \u265B  \u265A  \u265D (\u265E) \u265C \n") != NULL,
       "Unicode: Black's pieces solid");
    ok(strstr(b.data, " 6  \u00B7  \u00B7") != NULL, "Unicode: middle dots on empty squares");

    /* Colour: 256-colour backgrounds, no brackets; every cell reset. */
    arb_buf_clear(&b);
    arb_diagram_text(&b, &d, ARB_DIAGRAM_COLOR | ARB_DIAGRAM_UNICODE);
    is_int(count(b.data, "["), count(b.data, "\033["), "colour: no brackets but the escapes'");
    ok(!strchr(b.data, '(') && !strchr(b.data, ']'), "colour: no parentheses");
    is_int(count(b.data, "\033[0m"), 64, "colour: each of the 64 squares resets its colours");
    is_int(count(b.data, "\033[48;5;143m") + count(b.data, "\033[48;5;187m"), 2,
           "colour: the last move's two squares shaded");
    is_int(count(b.data, "\033[48;5;167m") + count(b.data, "\033[48;5;217m"), 3,
           "colour: the offending move's squares in red (2 + 1 ring)");

    /* Castling (king takes own rook) is drawn as the king's move. */
    set(&p, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    arb_diagram_init(&d, &p);
    arb_diagram_set_last(&d, arb_move_make(ARB_SQ(4, 0), ARB_SQ(7, 0), ARB_MK_CASTLE, 0));
    is_int(d.last_from, ARB_SQ(4, 0), "0-0: from e1");
    is_int(d.last_to, ARB_SQ(6, 0), "0-0: to g1, where the king lands");
    arb_diagram_set_last(&d, arb_move_make(ARB_SQ(4, 7), ARB_SQ(0, 7), ARB_MK_CASTLE, 0));
    is_int(d.last_to, ARB_SQ(2, 7), "0-0-0 of Black: to c8");
    arb_diagram_init(&d, &p);
    arb_diagram_set_last(&d, ARB_MOVE_NONE);
    is_int(d.last_from, -1, "no last move: nothing marked");
    for (int i = 0; i < 6; i++)
        arb_diagram_add_arrow(&d, 0, 9);
    arb_diagram_add_arrow(&d, 0, 64);
    is_int(d.n_arrows, ARB_DIAGRAM_MAX_ARROWS, "arrows past the limit and off the board are ignored");

    /* SVG inline: no XML declaration or symbols of its own. */
    set(&p, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    arb_diagram_init(&d, &p);
    arb_buf_clear(&b);
    arb_diagram_svg(&b, &d, false, "Ply 3 <&> \"x\"");
    ok(strncmp(b.data, "<svg ", 5) == 0, "inline SVG starts with <svg");
    ok(!strstr(b.data, "<symbol"), "inline SVG refers to the page's symbols");
    is_int(count(b.data, "<use "), 3, "one <use> per piece");
    ok(strstr(b.data, "href=\"#arb-wK\" xlink:href=\"#arb-wK\" x=\"196\" y=\"315\"") != NULL,
       "the white king on e1: column 4 (16 + 4*45), row 7");
    ok(strstr(b.data, "href=\"#arb-bK\" xlink:href=\"#arb-bK\" x=\"196\" y=\"0\"") != NULL, "the black king on e8");
    ok(strstr(b.data, "<title>Ply 3 &lt;&amp;&gt; &quot;x&quot;</title>") != NULL, "the title escaped");
    ok(strstr(b.data, "aria-label=\"Ply 3 &lt;&amp;&gt; &quot;x&quot;\"") != NULL, "the accessible name escaped");
    is_int(count(b.data, "<text "), 16, "coordinates: eight ranks and eight files");
    ok(strstr(b.data, ">a</text>") && strstr(b.data, ">8</text>"), "coordinates a and 8");
    is_int(count(b.data, "<rect "), 3, "background, the 64 squares in one rect, frame");
    ok(strstr(b.data, "<rect x=\"16\" y=\"0\" width=\"360\" height=\"360\" fill=\"url(#arb-squares)\"/>") != NULL,
       "the squares: the defs' pattern over the board");
    ok(!strstr(b.data, "<line") && !strstr(b.data, "<circle class"), "nothing marked: no arrow, no ring");

    /* Flipped SVG: the white king at the top. */
    d.flip = true;
    arb_buf_clear(&b);
    arb_diagram_svg(&b, &d, false, NULL);
    ok(strstr(b.data, "href=\"#arb-wK\" xlink:href=\"#arb-wK\" x=\"151\" y=\"0\"") != NULL,
       "flipped: the white king on e1 at the top, column 3");
    ok(!strstr(b.data, "<title>"), "no title when none is given");

    /* Arrows: the last move blue, the offending move red, a ring. */
    d.flip = false;
    arb_diagram_set_last(&d, arb_move_make(ARB_SQ(4, 6), ARB_SQ(4, 7), ARB_MK_NORMAL, 0));
    arb_diagram_add_arrow(&d, ARB_SQ(4, 0), ARB_SQ(4, 2));
    arb_diagram_add_arrow(&d, -1, ARB_SQ(3, 3));
    arb_buf_clear(&b);
    arb_diagram_svg(&b, &d, false, NULL);
    is_int(count(b.data, "<line class=\"last\""), 1, "one arrow for the last move");
    is_int(count(b.data, "<line class=\"bad\""), 1, "one red arrow for the offending move");
    is_int(count(b.data, "<circle class=\"bad\""), 1, "one red ring for a target square alone");
    ok(strstr(b.data, "marker-end=\"url(#arb-head-bad)\"") != NULL, "the red arrow has its head");
    is_int(count(b.data, "fill=\"#cdd26a\"") + count(b.data, "fill=\"#aaa23a\""), 2, "the last move's squares shaded");

    /* Standalone: a whole document with the twelve piece symbols. */
    arb_buf_clear(&b);
    arb_diagram_svg(&b, &d, true, "t");
    ok(strncmp(b.data, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 44) == 0, "standalone: XML declaration");
    is_int(count(b.data, "<symbol id=\"arb-"), 12, "standalone: twelve piece symbols");
    ok(strstr(b.data, "<pattern id=\"arb-squares\" width=\"90\" height=\"90\" patternUnits=\"userSpaceOnUse\" x=\"16\" "
                      "y=\"0\"><rect width=\"90\" height=\"90\" fill=\"#f0d9b5\"/><rect x=\"45\" width=\"45\" height=\"45\" "
                      "fill=\"#b58863\"/><rect y=\"45\" width=\"45\" height=\"45\" fill=\"#b58863\"/></pattern>") != NULL,
       "standalone: the squares' pattern, light at the top left (a8), dark beside and below it");
    ok(strstr(b.data, "</svg>\n") == b.data + b.len - 7, "standalone: ends with </svg>");

    /* An ambiguous move's candidates (a finding's mark_pieces): a frame on
     * each of their squares, drawn where the pieces stand (3. Nd2 with
     * knights on b1 and f3), flipped too; the text board shows none. */
    set(&p, "rnbqkbnr/ppp2ppp/4p3/3p4/8/3P1N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3");
    arb_diagram_init(&d, &p);
    struct arb_finding f = {.mark_from = -1, .mark_to = ARB_SQ(3, 1),
                            .mark_pieces = ARB_BB(ARB_SQ(1, 0)) | ARB_BB(ARB_SQ(5, 2))};
    arb_diagram_add_finding(&d, &f);
    arb_buf_clear(&b);
    arb_diagram_svg(&b, &d, false, NULL);
    is_int(count(b.data, "<rect class=\"cand\""), 2, "two candidates: two frames");
    ok(strstr(b.data, "<rect class=\"cand\" x=\"63\" y=\"317\" width=\"41\" height=\"41\"") != NULL,
       "a frame on b1: column 1 (16 + 45 + 2), row 7 (315 + 2)");
    ok(strstr(b.data, "<rect class=\"cand\" x=\"243\" y=\"227\" width=\"41\" height=\"41\"") != NULL,
       "a frame on f3: column 5 (16 + 225 + 2), row 5 (225 + 2)");
    is_int(count(b.data, "<circle class=\"bad\""), 1, "and the target d2 ringed");
    d.flip = true;
    arb_buf_clear(&b);
    arb_diagram_svg(&b, &d, false, NULL);
    ok(strstr(b.data, "<rect class=\"cand\" x=\"288\" y=\"2\"") != NULL, "flipped: b1's frame at the top right");
    d.flip = false;
    arb_buf_clear(&b);
    arb_diagram_text(&b, &d, 0);
    ok(strstr(b.data, " 1  R  N  B  Q  K  B  .  R \n") != NULL, "the text board frames nothing");
    arb_diagram_init(&d, &p);
    arb_buf_clear(&b);
    arb_diagram_svg(&b, &d, false, NULL);
    ok(!strstr(b.data, "class=\"cand\""), "no candidates: no frame");

    arb_buf_free(&b);
    return tap_done();
}
