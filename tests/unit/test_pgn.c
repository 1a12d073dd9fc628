/* test_pgn.c — pgn.c: where one game ends and the next begins.
 *
 * The boundaries of pgn.h (several games, bare move lists, blank lines
 * inside a game, a missing termination marker, repeated tag sections, an
 * unclosed comment that resynchronises at the next game), --max-game-bytes,
 * the place of each game and node, decode events turned into findings, the
 * sliding window over many games, read errors, and what arb_pgn_sniff
 * takes for game records. */
#include "base/arena.h"
#include "base/finding.h"
#include "read/input.h"
#include "read/lex.h"
#include "notation/notation.h"
#include "read/pgn.h"
#include "tap.h"
#include "testfile.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One line per game:
 *   index@line:col tags=N moves=N marker=M [Event] [code line:col]...
 * with " trunc" and " fatal" when set. */
static void describe_game(struct arb_buf *out, const struct arb_game *g)
{
    int moves = 0;
    for (int i = 0; i < g->n_nodes; i++)
        moves += g->nodes[i].kind == ARB_N_MOVE;
    const char *ev = arb_game_tag(g, "Event");
    arb_buf_printf(out, "%llu@%u:%u tags=%d moves=%d marker=%d", (unsigned long long)g->index, g->line, g->col, g->n_tags,
                   moves, (int)g->marker);
    if (ev)
        arb_buf_printf(out, " %s", ev);
    if (g->truncated)
        arb_buf_adds(out, " trunc");
    if (g->fatal_syntax)
        arb_buf_adds(out, " fatal");
    for (int i = 0; i < g->findings.n; i++)
        arb_buf_printf(out, " [%s %u:%u]", arb_codes[g->findings.v[i].code].name, g->findings.v[i].line,
                       g->findings.v[i].col);
    arb_buf_addc(out, '|');
}

/* Every game of n bytes of s, described; returns a static buffer. */
static const char *games_n(const char *s, size_t n, uint64_t max_bytes)
{
    static struct arb_buf out;
    arb_buf_clear(&out);
    arb_buf_reserve(&out, 0);
    const char *path = tmpfile_with(s, n);
    struct arb_input in;
    char err[200];
    arb_input_open(&in, path, NULL, err, sizeof err);
    struct arb_pgn_reader r;
    arb_pgn_init(&r, &in, "t.pgn", max_bytes);
    r.is_move = arb_notation_is_move_any;   /* as the commands read */
    struct arb_arena a;
    arb_arena_init(&a);
    struct arb_game g;
    int rc;
    while ((rc = arb_pgn_next(&r, &g, &a)) > 0) {
        describe_game(&out, &g);
        arb_pgn_release(&r, &g);
        arb_arena_reset(&a);
    }
    if (rc < 0)
        arb_buf_adds(&out, "READ ERROR|");
    arb_arena_fini(&a);
    arb_input_close(&in);
    unlink(path);
    return out.data;
}
#define GAMES(lit, max) games_n(lit, sizeof(lit) - 1, max)

static void test_boundaries(void)
{
    is_str(GAMES("[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
                 "[Event \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
                 "[Event \"C\"]\n\n1. d4 d5 1/2-1/2\n",
                 0),
           "1@1:1 tags=2 moves=7 marker=1 A|2@6:1 tags=2 moves=4 marker=2 B|3@11:1 tags=1 moves=2 marker=3 C|",
           "three games in a file: indexes, lines, tags, moves, markers");

    is_str(GAMES("1. e4 e5 2. Nf3 *\n", 0), "1@1:1 tags=0 moves=3 marker=4|", "a game without tags (a bare move list)");
    is_str(GAMES("\n\n   1. e4 *", 0), "1@3:4 tags=0 moves=1 marker=4|", "the game's place is its first token");
    is_str(GAMES("*\n", 0), "1@1:1 tags=0 moves=0 marker=4|", "a lone termination marker is a game");
    is_str(GAMES("[Event \"H\"]\n[Result \"*\"]\n\n*\n\n[Event \"I\"]\n\n*\n", 0),
           "1@1:1 tags=2 moves=0 marker=4 H|2@6:1 tags=1 moves=0 marker=4 I|", "games with no moves, only a marker");

    is_str(GAMES("[Event \"Gap\"]\n[Site \"x\"]\n\n\n  \n\t\n\n1. e4 e5 *\n", 0), "1@1:1 tags=2 moves=2 marker=4 Gap|",
           "several blank (and whitespace-only) lines between tags and moves do not split the game");
    is_str(GAMES("[Event \"Gap\"]\r\n\r\n\r\n\r\n1. e4 e5 *\r\n\r\n[Event \"Next\"]\r\n\r\n1. d4 *\r\n", 0),
           "1@1:1 tags=1 moves=2 marker=4 Gap|2@7:1 tags=1 moves=1 marker=4 Next|", "the same with CRLF line ends");
    is_str(GAMES("[Event \"Split\"]\n\n[Site \"x\"]\n\n1. e4 *\n", 0), "1@1:1 tags=2 moves=1 marker=4 Split|",
           "a tag section, blank line, more tags with new names: still one game");
    is_str(GAMES("[Round \"1.1\"]\n[White \"A\"]\n\n[Round \"1.2\"]\n[White \"B\"]\n\n1. e4 *\n", 0),
           "1@1:1 tags=2 moves=0 marker=0|2@4:1 tags=2 moves=1 marker=4|",
           "a blank line then a tag section repeating a name: a new game");
    is_str(GAMES("% exported by X\n% another note\n\n[Event \"E\"]\n\n1. e4 *\n", 0), "1@4:1 tags=1 moves=1 marker=4 E|",
           "escape lines before the first game are not part of it");

    /* Missing termination markers. */
    is_str(GAMES("[Event \"No marker\"]\n\n1. e4 e5\n\n[Event \"Next\"]\n\n1. c4 *\n", 0),
           "1@1:1 tags=1 moves=2 marker=0 No marker|2@5:1 tags=1 moves=1 marker=4 Next|",
           "no marker, a blank line and a tag section: a new game");
    is_str(GAMES("[Event \"A\"]\n1. e4 e5\n[Event \"B\"]\n1. c4 *\n", 0),
           "1@1:1 tags=1 moves=2 marker=0 A|2@3:1 tags=1 moves=1 marker=4 B|",
           "no marker and no blank line before the next tag: still a new game");
    is_str(GAMES("1. e4 e5 2. Nf3\n\n1. d4 d5\n\n1. c4 *\n", 0),
           "1@1:1 tags=0 moves=3 marker=0|2@3:1 tags=0 moves=2 marker=0|3@5:1 tags=0 moves=1 marker=4|",
           "bare move lists without markers: '1.' after a blank line starts a new game");
    is_str(GAMES("1. e4 e5\n\n2. Nf3 Nc6 *\n", 0), "1@1:1 tags=0 moves=4 marker=4|",
           "a blank line before '2.' does not split a game");
    is_str(GAMES("1. e4 e5 (1... c5\n\n1. d4) 2. Nf3 *\n", 0), "1@1:1 tags=0 moves=5 marker=4|",
           "nor does '1.' after a blank line inside a variation");

    /* A marker inside a variation does not end the game. */
    is_str(GAMES("1. e4 (1. d4 1-0) e5 0-1\n", 0), "1@1:1 tags=0 moves=3 marker=2|",
           "a result inside a variation is not the game's marker");
    is_str(GAMES("1. e4 (1. d4 e5\n\n[Event \"B\"]\n*\n", 0),
           "1@1:1 tags=0 moves=3 marker=0 fatal [pgn-syntax 1:7]|2@3:1 tags=1 moves=0 marker=4 B|",
           "a variation never closed is reported at its '(' and the next game is read");
    is_str(GAMES("1. e4 ) e5 *\n", 0), "1@1:1 tags=0 moves=2 marker=4 fatal [pgn-syntax 1:7]|",
           "')' without '(' is a syntax finding at its place");

    is_str(GAMES("", 0), "", "an empty file has no game");
    is_str(GAMES("\n\n  \r\n% only an escape line\n", 0), "", "a file of blank and escape lines has no game");
}

static void test_resync(void)
{
    is_str(GAMES("[Event \"Open\"]\n\n1. e4 {never closed 2. Nf3\n\n[Event \"After\"]\n[Site \"s\"]\n\n1. d4 d5 *\n", 0),
           "1@1:1 tags=1 moves=1 marker=0 Open fatal [pgn-syntax 3:7]|2@5:1 tags=2 moves=2 marker=4 After|",
           "an unclosed comment is reported at its '{' and the next game is read whole");
    is_str(GAMES("[Event \"Open\"]\n\n1. e4 {never closed\n[Event \"x\"]\n1. d4\n\n[Event \"After\"]\n\n*\n", 0),
           "1@1:1 tags=1 moves=1 marker=0 Open fatal [pgn-syntax 3:7]|2@7:1 tags=1 moves=0 marker=4 After|",
           "a tag line right after the open comment (no blank line) is comment text; the blank line decides");
    is_str(GAMES("1. e4 {open at the end\n", 0), "1@1:1 tags=0 moves=1 marker=0 fatal [pgn-syntax 1:7]|",
           "a comment open at the end of the file");
}

/* What real files hold between and around games (issue 19): every game
 * exactly one record, nothing that is not a game a record, nothing lost. */
static void test_real_records(void)
{
    /* A game of tags only, the next game's tags right after it. */
    is_str(GAMES("[Event \"A\"]\n[White \"x\"]\n[Event \"B\"]\n[White \"y\"]\n\n1. e4 e5 1-0\n", 0),
           "1@1:1 tags=2 moves=0 marker=0 A|2@3:1 tags=2 moves=2 marker=1 B|",
           "tags repeating Event with no blank line: a new game, the first one of tags only");
    is_str(GAMES("[Site \"s\"]\n[White \"x\"]\n[Site \"t\"]\n\n1. e4 *\n", 0),
           "1@1:1 tags=2 moves=0 marker=0|2@3:1 tags=1 moves=1 marker=4|",
           "a tag repeating the game's first tag begins a new game too");
    is_str(GAMES("[Event \"A\"]\n[White \"x\"]\n[White \"y\"]\n\n1. e4 *\n", 0),
           "1@1:1 tags=2 moves=1 marker=4 A [duplicate-tag 3:1]|",
           "another repeated tag is a duplicate-tag finding, not silence");

    /* Byte-order marks: at the start and in the middle (cat a.pgn b.pgn). */
    is_str(GAMES("\xEF\xBB\xBF[Event \"A\"]\n\n1. e4 *\n\n\xEF\xBB\xBF[Event \"B\"]\n\n1. d4 *\n", 0),
           "1@1:1 tags=1 moves=1 marker=4 A|2@5:2 tags=1 moves=1 marker=4 B|",
           "two files with a BOM each, joined: two games, the second BOM only a space");

    /* Comments before the first game and after the last: no games. */
    is_str(GAMES("; exported by X\n{ a note }\n\n[Event \"A\"]\n\n1. e4 *\n\n{ trailing }\n; end\n", 0),
           "1@4:1 tags=1 moves=1 marker=4 A|", "comments before the first and after the last game make no game");
    is_str(GAMES("{ Game 1 } 1. e4 e5 *\n", 0), "1@1:1 tags=0 moves=2 marker=4|",
           "a comment before a bare move list is its movetext");
    is_str(GAMES("{ only a comment }\n", 0), "", "a file of comments holds no game");

    /* Stray text after a marker belongs to no game. */
    is_str(GAMES("1. e4 e5 1-0 0-1 *\n", 0), "1@1:1 tags=0 moves=2 marker=1 [stray-text 1:14]|",
           "'1. e4 e5 1-0 0-1 *': one game, the other results are stray text");
    is_str(GAMES("[Event \"A\"]\n\n1. e4 e5 1-0 [Event \"B\"]\n[White \"w\"]\n\n1. d4 d5 0-1\n", 0),
           "1@1:1 tags=1 moves=2 marker=1 A|2@3:14 tags=2 moves=2 marker=2 B|",
           "a result followed by [Event on the same line: the next game begins there, whole");
    is_str(GAMES("1. e4 e5 1-0 <br> 1. d4 d5 0-1\n", 0),
           "1@1:1 tags=0 moves=2 marker=1 [stray-text 1:14]|2@1:19 tags=0 moves=2 marker=2|",
           "a word that is no move after a marker is stray; a move number begins the next game");
    is_str(GAMES("1. e4 *\n(1. d4 d5)\n[Event \"B\"]\n*\n", 0),
           "1@1:1 tags=0 moves=1 marker=4 [stray-text 2:1]|2@3:1 tags=1 moves=0 marker=4 B|",
           "a bracket after a marker is stray text with all it holds");
    is_str(GAMES("<br>\n[Event \"A\"]\n\n1. e4 *\n", 0), "1@2:1 tags=1 moves=1 marker=4 A [stray-text 1:1]|",
           "stray text before the first game is reported with it");
    is_str(GAMES("[Event \"A\"]\n\n1. e4 *\n} ]\n", 0), "1@1:1 tags=1 moves=1 marker=4 A [stray-text 4:1]|",
           "stray brackets after the last game are its stray text");

    /* Markup among the tags (a game pasted from a web page). */
    is_str(GAMES("[Event \"A\"]<br />[White \"x\"]<br />[Black \"y\"]<br /><br />1. e4 e5 1-0\n", 0),
           "1@1:1 tags=3 moves=2 marker=1 A [stray-text 1:12]|",
           "'<br />' between tags on one line: one game with its three tags, the markup stray text, said once");
    is_str(GAMES("[Result \"+--\"]\n\n+--\n", 0), "1@1:1 tags=1 moves=0 marker=1|",
           "a forfeit '+--' is a termination marker");
    is_str(GAMES("1.e4 e5 2.Nf3 Nc6 +-- 3.Bb5 a6 1-0\n", 0), "1@1:1 tags=0 moves=6 marker=1|",
           "'+--' among the moves is an evaluation glyph ($18), not a result: one game");
    is_str(GAMES("[Event \"A\"]\n\n1.e4 e5 --+\n[Event \"B\"]\n\n1.d4 d5 *\n", 0),
           "1@1:1 tags=1 moves=2 marker=2 A|2@4:1 tags=1 moves=2 marker=4 B|",
           "'--+' that the next game's tags follow ends the game, as a forfeit's marker");
    is_str(GAMES("\n[pgn]\n[White \"Him\"]\n\n1. e4 e5 2. Nf3 *\n[/pgn]\n", 0),
           "1@3:1 tags=1 moves=3 marker=4 [stray-text 2:1] [stray-text 6:1]|",
           "'[pgn]' ... '[/pgn]' (a forum's markup) around a game: stray text, one game");
    is_str(GAMES("[pgn] 1. e4 e5 2. Nf3 Nc6 [/pgn]\n", 0), "1@1:7 tags=0 moves=4 marker=0 [stray-text 1:1] [stray-text 1:27]|",
           "the same on one line: the moves between are the game's");
    is_str(GAMES("[Event Moscow]\n[Site \"x\"]\n\n1. e4 *\n", 0), "1@1:1 tags=1 moves=1 marker=4 [pgn-syntax 1:1]|",
           "a tag value without quotes is still a malformed tag, not markup");

    /* Line ends. */
    is_str(GAMES("[Event \"A\"]\r\r1. e4 e5 1-0\r\r[Event \"B\"]\r\r1. d4 d5 0-1\r", 0),
           "1@1:1 tags=1 moves=2 marker=1 A|2@5:1 tags=1 moves=2 marker=2 B|", "CR-only line ends: both games");
    is_str(GAMES("[Event \"A\"]\r\n\r\n1. e4 ; a comment\r\ne5 1-0\n\n[Event \"B\"]\r\r1. d4 0-1\r", 0),
           "1@1:1 tags=1 moves=2 marker=1 A|2@6:1 tags=1 moves=1 marker=2 B|", "CRLF, LF and CR mixed in one file");
}

static void test_tags_and_places(void)
{
    static const char s[] = "[Event \"Esc\\\\aped \\\"x\\\"\"]\n[White \"K\xC3\xA4\xC3\xA4ri\xC3\xA4inen\"] [Black \"B\"]\n\n"
                            "1. e4 {\xC3\xA4\xC3\xA4\n\xC3\xB6} e5 $1 (1... c5 (=)) 2. Nf3 *\n";
    const char *path = tmpfile_with(s, sizeof s - 1);
    struct arb_input in;
    char err[200];
    arb_input_open(&in, path, NULL, err, sizeof err);
    struct arb_pgn_reader r;
    arb_pgn_init(&r, &in, "named.pgn", 0);
    r.game_base = 41;
    struct arb_arena a;
    arb_arena_init(&a);
    struct arb_game g;
    is_int(arb_pgn_next(&r, &g, &a), 1, "a game is read");
    is_int(g.index, 42, "--game-base offsets the index (41 + 1)");
    is_str(g.file, "named.pgn", "the game carries the file name given");
    is_int(g.n_tags, 3, "three tags");
    is_str(arb_game_tag(&g, "Event"), "Esc\\aped \"x\"", "tag values are unescaped");
    is_str(arb_game_tag(&g, "White"), "K\xC3\xA4\xC3\xA4ri\xC3\xA4inen", "UTF-8 values are kept");
    ok(arb_game_tag(&g, "Site") == NULL, "a missing tag is NULL");
    ok(g.n_tags == 3 && g.tags[2].line == 2 && g.tags[2].col == 22, "the second tag on a line: 2:22 (got %u:%u)",
       g.n_tags == 3 ? g.tags[2].line : 0, g.n_tags == 3 ? g.tags[2].col : 0);

    static const struct {
        int kind;
        const char *text;
        unsigned line, col;
    } want[] = {
        {ARB_N_MOVENUM, "1.", 4, 1},  {ARB_N_MOVE, "e4", 4, 4},        {ARB_N_COMMENT, "{\xC3\xA4\xC3\xA4\n\xC3\xB6}", 4, 7},
        {ARB_N_MOVE, "e5", 5, 4},     {ARB_N_NAG, "$1", 5, 7},         {ARB_N_VAR_OPEN, "(", 5, 10},
        {ARB_N_MOVENUM, "1...", 5, 11}, {ARB_N_MOVE, "c5", 5, 16},     {ARB_N_DRAW_OFFER, "(=)", 5, 19},
        {ARB_N_VAR_CLOSE, ")", 5, 22}, {ARB_N_MOVENUM, "2.", 5, 24},   {ARB_N_MOVE, "Nf3", 5, 27},
        {ARB_N_RESULT, "*", 5, 31},
    };
    is_int(g.n_nodes, ARB_ARRAY_LEN(want), "the movetext has %zu nodes", ARB_ARRAY_LEN(want));
    int bad_kind = 0, bad_text = 0, bad_place = 0, bad_locate = 0;
    for (int i = 0; i < g.n_nodes && i < (int)ARB_ARRAY_LEN(want); i++) {
        const struct arb_node *n = &g.nodes[i];
        bad_kind += n->kind != want[i].kind;
        bad_text += n->len != strlen(want[i].text) || memcmp(arb_node_text(&g, n), want[i].text, n->len) != 0;
        uint32_t l, c;
        arb_node_place(&g, n, &l, &c);
        if (l != want[i].line || c != want[i].col) {
            bad_place++;
            printf("#   node %d at %u:%u, want %u:%u\n", i, l, c, want[i].line, want[i].col);
        }
    }
    /* Asked backwards (each place before the last one found): the same. */
    for (int i = g.n_nodes - 1; i >= 0; i--) {
        if (i >= (int)ARB_ARRAY_LEN(want))
            continue;
        uint32_t l, c;
        arb_game_locate(&g, g.start_off + g.nodes[i].off, &l, &c);
        if (l != want[i].line || c != want[i].col) {
            bad_locate++;
            printf("#   locate node %d backwards: %u:%u, want %u:%u\n", i, l, c, want[i].line, want[i].col);
        }
    }
    is_int(bad_kind, 0, "node kinds");
    is_int(bad_text, 0, "node texts (arb_node_text)");
    is_int(bad_place, 0, "node lines and columns (in characters), counted when asked");
    is_int(bad_locate, 0, "arb_game_locate agrees, asked in reverse order (before the last place found)");
    ok(g.nodes[6].num == 1 && g.nodes[6].dots == 3 && g.nodes[4].num == 1 && g.nodes[12].num == ARB_RESULT_UNKNOWN,
       "move number, NAG value and result are kept in num/dots");
    ok(g.marker == ARB_RESULT_UNKNOWN && !g.fatal_syntax && g.findings.n == 0, "marker '*', no findings");
    ok(g.start_off == 0 && g.end_off == sizeof s - 2, "the game spans from its first tag to its marker");
    arb_pgn_release(&r, &g);
    arb_arena_reset(&a);
    is_int(arb_pgn_next(&r, &g, &a), 0, "then the end of the file");
    arb_arena_fini(&a);
    arb_input_close(&in);
    unlink(path);
}

static void test_max_bytes(void)
{
    static const char one[] = "1. e4 *";   /* 7 bytes */
    is_str(games_n(one, 7, 7), "1@1:1 tags=0 moves=1 marker=4|", "a game of exactly --max-game-bytes is whole");
    is_str(games_n(one, 7, 6), "1@1:1 tags=0 moves=1 marker=0 trunc [game-too-large 1:7]|",
           "one byte less: cut at the token that crosses the limit");

    is_str(GAMES("[Event \"Big\"]\n\n1. e4 {a long comment, longer than the limit allows} e5 2. Nf3 *\n"
                 "[Event \"Small\"]\n\n1. d4 *\n",
                 64),
           "1@1:1 tags=1 moves=1 marker=0 Big trunc [game-too-large 3:7]|2@4:1 tags=1 moves=1 marker=4 Small|",
           "a game cut in its movetext: reported; its rest skipped up to its marker; the next game read");
    is_str(GAMES("[Event \"Tags\"]\n[Site \"a site with a very long name indeed\"]\n[Round \"1\"]\n\n1. e4 *\n\n"
                 "[Event \"Next\"]\n\n1. d4 *\n",
                 30),
           "1@1:1 tags=1 moves=0 marker=0 Tags trunc [game-too-large 2:1]|2@7:1 tags=1 moves=1 marker=4 Next|",
           "a game cut in its tags: its other tags and moves are skipped, not read as a game");
    is_str(GAMES("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n\n[Event \"Next\"]\n*\n", 16),
           "1@1:1 tags=0 moves=3 marker=0 trunc [game-too-large 1:17]|2@3:1 tags=1 moves=0 marker=4 Next|",
           "a cut game without a marker: skipping stops at the next tag section");
    is_str(GAMES("1. e4 e5 *\n1. d4 d5 *\n1. c4 c5 *\n", 10),
           "1@1:1 tags=0 moves=2 marker=4|2@2:1 tags=0 moves=2 marker=4|3@3:1 tags=0 moves=2 marker=4|",
           "the limit counts from each game's start");

    /* A long run of moves (read by the lexer's movetext run) cut at the limit. */
    struct arb_buf b = {0};
    arb_buf_adds(&b, "1. ");
    for (int i = 0; i < 300; i++)
        arb_buf_adds(&b, "Nf3 ");
    arb_buf_adds(&b, "*\n[Event \"N\"]\n*\n");
    is_str(games_n(b.data, b.len, 500), "1@1:1 tags=0 moves=124 marker=0 trunc [game-too-large 1:500]|2@2:1 tags=1 moves=0 marker=4 N|",
           "a run of 300 moves cut at 500 bytes: the 124 moves that end within the limit are kept");
    arb_buf_free(&b);

    /* What never ends (white space, a word, stray text), longer than the
     * window the input reads at once (256 KiB): the lexer reads no more
     * than the limit, and the reader resumes at the next game. */
    struct arb_buf big = {0};
    arb_buf_adds(&big, "[Event \"A\"]\n\n1. e4 ");
    for (int i = 0; i < 600000; i++)
        arb_buf_addc(&big, ' ');
    arb_buf_adds(&big, "e5 *\n[Event \"B\"]\n*\n");
    is_str(games_n(big.data, big.len, 1000), "1@1:1 tags=1 moves=1 marker=0 A trunc [game-too-large 3:988]|"
           "2@4:1 tags=1 moves=0 marker=4 B|", "600,000 blanks in a movetext: the game cut at the limit (byte 1000), the next one read");
    arb_buf_clear(&big);
    arb_buf_adds(&big, "[Event \"A\"]\n\n1. e4 ");
    for (int i = 0; i < 600000; i++)
        arb_buf_addc(&big, 'x');
    arb_buf_adds(&big, " e5 *\n[Event \"B\"]\n*\n");
    is_str(games_n(big.data, big.len, 1000), "1@1:1 tags=1 moves=1 marker=0 A trunc [game-too-large 3:7]|"
           "2@4:1 tags=1 moves=0 marker=4 B|", "a word of 600,000 bytes: cut where it crosses the limit; the next game read");
    arb_buf_clear(&big);
    for (int i = 0; i < 600000; i++)
        arb_buf_addc(&big, i % 80 == 79 ? '\n' : ' ');
    arb_buf_adds(&big, "[Event \"B\"]\n*\n");
    is_str(games_n(big.data, big.len, 1000), "1@7501:1 tags=1 moves=0 marker=4 B|",
           "600,000 blanks before a game: nothing to report, the game read whole");
    arb_buf_clear(&big);
    arb_buf_adds(&big, "[Event \"A\"]\n\n1. e4 e5 *\n");
    for (int i = 0; i < 100000; i++)
        arb_buf_adds(&big, "junk ");
    arb_buf_adds(&big, "\n[Event \"B\"]\n*\n");
    is_str(games_n(big.data, big.len, 1000), "1@1:1 tags=1 moves=2 marker=4 A [stray-text 4:1]|"
           "2@4:976 tags=0 moves=0 marker=0 trunc [stray-text 4:976] [game-too-large 4:1976]|3@5:1 tags=1 moves=0 marker=4 B|",
           "500,000 bytes of stray text after a game: its first 1000 bytes the game's (whole), the rest a record of its own, "
           "cut 1000 bytes on; the next game read");
    arb_buf_free(&big);

    /* An undecodable byte in the skipped part belongs to the cut game (or
     * to nobody): the next game, whose text is clean, must not report it. */
    is_str(GAMES("[Event \"\xC3\xA4\"]\n\n1. e4 {long comment here \xFF and more} e5 *\n\n[Event \"B\"]\n\n1. d4 *\n", 40),
           "1@1:1 tags=1 moves=1 marker=0 \xC3\xA4 trunc [game-too-large 3:7]|2@5:1 tags=1 moves=1 marker=4 B|",
           "a decode error in the skipped rest of a cut game is not reported on the next game");
    /* ... and a byte of the next game's first tag, read while skipping, is
     * its own: its file offsets (the write-outs copy by them) stay true
     * (fuzz_writeout found them 31 bytes early). */
    {
        static const char two[] = "[Event \"A\"]\n\n1. e4 {long comment here \xFF and more} e5\n\n"
                                  "[Event \"B\xDB\xDB\xDB\"]\n\n1. d4 *\n";
        const char *path = tmpfile_with(two, sizeof two - 1);
        struct arb_input in;
        char err[200];
        arb_input_open(&in, path, NULL, err, sizeof err);
        struct arb_pgn_reader r;
        arb_pgn_init(&r, &in, "t.pgn", 40);
        r.is_move = arb_notation_is_move_any;
        struct arb_arena a;
        arb_arena_init(&a);
        struct arb_game g;
        uint64_t raw_start = 0, raw_end = 0;
        while (arb_pgn_next(&r, &g, &a) > 0) {
            raw_start = g.raw_start;
            raw_end = g.raw_end;
            arb_pgn_release(&r, &g);
            arb_arena_reset(&a);
        }
        const char *bstart = strstr(two, "[Event \"B");
        ok(raw_start == (uint64_t)(bstart - two) && raw_end == sizeof two - 2,
           "after a cut game, the next game's bytes are [%llu, %llu) (want [%zu, %zu))",
           (unsigned long long)raw_start, (unsigned long long)raw_end, (size_t)(bstart - two), sizeof two - 2);
        arb_arena_fini(&a);
        arb_input_close(&in);
        unlink(path);
    }
}

static void test_decode_findings(void)
{
    const char *path;
    struct arb_input in;
    char err[200];
    struct arb_pgn_reader r;
    struct arb_arena a;
    struct arb_game g;

    is_str(GAMES("[Event \"\xC3\xA4\"]\n\n1. e4 {bad \x81} *\n", 0), "1@1:1 tags=1 moves=1 marker=4 \xC3\xA4 [decode-error 3:12]|",
           "an invalid byte in a UTF-8 game is a decode-error finding at its line and column");
    is_str(GAMES("[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 {\xE9\xE9} *\n", 0),
           "1@1:1 tags=1 moves=1 marker=4 A|2@5:1 tags=1 moves=1 marker=4 B [encoding-guess 7:8]|",
           "a guess is a finding of the game whose bytes needed it, once, at its first byte");
    is_str(GAMES("e4 *\n\xFF\xFE" "[\0E\0v\0e\0n\0t\0 \0\"\0X\0\"\0]\0\n\0*\0\n\0", 0),
           "1@1:1 tags=0 moves=1 marker=4|2@2:1 tags=1 moves=0 marker=4 X [encoding-guess 2:1]|",
           "a UTF-16 file after a UTF-8 one: the BOM is said once, on the game it begins");

    static const char cp[] = "[Event \"A\"]\n\n1. e4 {caf\xE9} *\n\n[Event \"B\"]\n[White \"Ren\xE9\"]\n\n1. d4 *\n";
    path = tmpfile_with(cp, sizeof cp - 1);
    arb_input_open(&in, path, NULL, err, sizeof err);
    arb_pgn_init(&r, &in, "cp.pgn", 0);
    arb_arena_init(&a);
    arb_pgn_next(&r, &g, &a);
    ok(g.findings.n == 1 && g.findings.v[0].code == ARB_F_ENCODING_GUESS && g.findings.v[0].line == 3
           && g.findings.v[0].col == 11,
       "the encoding guess is a finding of the game where it happened, at 3:11");
    ok(g.findings.n == 1 && g.findings.v[0].message && strstr(g.findings.v[0].message, "WINDOWS-1252")
           && strstr(g.findings.v[0].message, "E9") && strstr(g.findings.v[0].message, "offset 23"),
       "its message names the encoding, the byte and its file offset: '%s'",
       g.findings.n ? g.findings.v[0].message : "");
    is_str(g.encoding_note, "WINDOWS-1252", "the game read in the guessed encoding has its encoding_note");
    arb_pgn_release(&r, &g);
    arb_arena_reset(&a);
    arb_pgn_next(&r, &g, &a);
    is_str(arb_game_tag(&g, "White"), "Ren\xC3\xA9", "the next game is decoded in the guessed encoding too");
    ok(g.findings.n == 1 && g.findings.v[0].code == ARB_F_ENCODING_GUESS && g.findings.v[0].line == 6,
       "with its own guess finding (each game says whether it needed the guess)");
    is_str(g.encoding_note, "WINDOWS-1252", "its text too was read in the guessed encoding: encoding_note is set");
    arb_pgn_release(&r, &g);
    arb_arena_fini(&a);
    arb_input_close(&in);
    unlink(path);

    /* More than 20 bad bytes: 20 listed, then one finding for the rest. */
    struct arb_buf b = {0};
    arb_buf_adds(&b, "[Event \"\xC3\xA4\"]\n\n1. e4 {");
    for (int i = 0; i < 25; i++)
        arb_buf_adds(&b, "\x81 ");
    arb_buf_adds(&b, "} *\n");
    path = tmpfile_with(b.data, b.len);
    arb_input_open(&in, path, NULL, err, sizeof err);
    arb_pgn_init(&r, &in, "many.pgn", 0);
    arb_arena_init(&a);
    arb_pgn_next(&r, &g, &a);
    ok(g.findings.n == 21 && g.findings.v[20].message && strstr(g.findings.v[20].message, "5 more"),
       "25 bad bytes: 20 findings and one saying 5 more (%d findings)", g.findings.n);
    arb_arena_fini(&a);
    arb_input_close(&in);
    unlink(path);
    arb_buf_free(&b);
}

/* Many games through the sliding window, released as they are read. */
static uint32_t node_col(const struct arb_game *g, int i)
{
    uint32_t l, c;
    arb_node_place(g, &g->nodes[i], &l, &c);
    return c;
}

static void test_many_games(void)
{
    struct arb_buf b = {0};
    int n = 20000;
    for (int i = 1; i <= n; i++)
        arb_buf_printf(&b, "[Event \"G%d\"]\n[Result \"*\"]\n\n1. e4 {%s} e5 2. Nf3 Nc6 *\n\n", i, i % 2 ? "c" : "\xC3\xA4");
    const char *path = tmpfile_with(b.data, b.len);
    struct arb_input in;
    char err[200];
    arb_input_open(&in, path, NULL, err, sizeof err);
    struct arb_pgn_reader r;
    arb_pgn_init(&r, &in, "many.pgn", 0);
    struct arb_arena a;
    arb_arena_init(&a);
    struct arb_game g;
    int games = 0, bad = 0;
    size_t max_cap = 0;
    char want[32];
    while (arb_pgn_next(&r, &g, &a) > 0) {
        games++;
        snprintf(want, sizeof want, "G%d", games);
        const char *ev = arb_game_tag(&g, "Event");
        int moves = 0;
        for (int i = 0; i < g.n_nodes; i++)
            moves += g.nodes[i].kind == ARB_N_MOVE;
        if (!ev || strcmp(ev, want) != 0 || g.line != (uint32_t)(5 * games - 4) || moves != 4 || g.findings.n
            || g.index != (uint64_t)games || node_col(&g, 3) != 11) {
            if (!bad++)
                printf("#   game %d: Event %s line %u moves %d findings %d\n", games, ev ? ev : "-", g.line, moves,
                       g.findings.n);
        }
        arb_pgn_release(&r, &g);
        arb_arena_reset(&a);
        if (in.cap > max_cap)
            max_cap = in.cap;
    }
    is_int(games, n, "%d games in %zu bytes are all read", n, b.len);
    is_int(bad, 0, "each with its Event, line, moves and places");
    ok(max_cap <= (2u << 20), "the window stays small when games are released (%zu bytes)", max_cap);
    arb_arena_fini(&a);
    arb_input_close(&in);
    unlink(path);
    arb_buf_free(&b);
}

/* A word that runs past the read window (the movetext run once read on
 * past the end of the buffer: ASan caught it): read as one move token. */
static void test_huge_word(void)
{
    struct arb_buf b = {0};
    arb_buf_adds(&b, "[Event \"Long\"]\n\n1. e4 e5 2. ");
    for (int i = 0; i < 3000000; i++)
        arb_buf_addc(&b, 'N');
    arb_buf_adds(&b, " *\n\n[Event \"Next\"]\n\n1. d4 *\n");
    is_str(games_n(b.data, b.len, 0), "1@1:1 tags=1 moves=3 marker=4 Long|2@5:1 tags=1 moves=1 marker=4 Next|",
           "a 3,000,000-byte word is one move, and the next game is read");
    arb_buf_free(&b);
}

static void test_read_error(void)
{
    struct arb_input in;
    char err[200];
    if (arb_input_open(&in, "/tmp", NULL, err, sizeof err) < 0) {
        ok(0, "open a directory: %s", err);
        return;
    }
    struct arb_pgn_reader r;
    arb_pgn_init(&r, &in, "/tmp", 0);
    struct arb_arena a;
    arb_arena_init(&a);
    struct arb_game g;
    is_int(arb_pgn_next(&r, &g, &a), -1, "a read error is returned as -1, not as the end of the file");
    arb_arena_fini(&a);
    arb_input_close(&in);
}

/* arb_pgn_sniff: game records or not, from the start of the text; the
 * reader then reads the same text. */
static void test_sniff(void)
{
    static const struct {
        const char *text;
        size_t len;                 /* 0: strlen */
        bool pgn;
        const char *why;            /* the start of the reason when not */
    } cases[] = {
        {"[Event \"x\"]\n\n1. e4 e5 *\n", 0, true, NULL},
        {"1. e4 e5 2. Nf3 Nc6\n", 0, true, NULL},
        {"e4 e5 Nf3 Nc6\n", 0, true, NULL},                      /* no numbers, no tags */
        {"1.e4 c5 2.Nf3\n", 0, true, NULL},                      /* glued to the number */
        {"1. Rc3 Ra6 2. Df3\n", 0, true, NULL},                  /* Finnish letters */
        {"", 0, true, NULL},                                    /* empty: no game, not refused */
        {"  \n\t\r\n", 0, true, NULL},
        {"junk first\n\n[Event \"x\"]\n", 0, true, NULL},       /* a tag pair further on */
        {"/* board.c, rank 1. and file a. */\nint main(void) { return 0; }\n", 0, false, "no tag pair and no move"},
        {"Dear arbiter, the game of round 1. was won.\n", 0, false, "no tag pair and no move"},
        {"\177ELF\002\001\001\000\000\000\000\000\000\000\000\000\003\000>\000\001\000\000\000", 24, false,
         "an ELF executable"},
        {"\001\002\003\000\377\376\020\021\001\002\003\000\377\376\020\021", 16, false, "binary data"},
        /* Compressed data: its signature, whatever the bytes after it, is
         * read as what it says (unpack.h), and broken here: said. */
        {"\037\213\010\000[Event \"x\"]\n1. e4 *\n", 24, false, "cannot read the gzip data"},
        {"\375" "7zXZ\000[Event \"x\"]\n", 18, false, "cannot read the xz data"},
        {"PK\003\004[Event \"x\"]\n1. e4 *\n", 0, false, "the zip archive"},
        /* A signature's first letters are no signature. */
        {"BZh9 [Event \"x\"]\n1. e4 *\n", 0, true, NULL},
        {"PK 1. e4 e5\n", 0, true, NULL},
    };
    for (size_t i = 0; i < ARB_ARRAY_LEN(cases); i++) {
        size_t len = cases[i].len ? cases[i].len : strlen(cases[i].text);
        const char *path = tmpfile_with(cases[i].text, len);
        struct arb_input in;
        char err[200], why[160] = "";
        if (arb_input_open(&in, path, NULL, err, sizeof err) < 0) {
            /* (A compressed file's data are read at the open: broken, said there.) */
            ok(!cases[i].pgn && strstr(err, cases[i].why), "sniff case %zu: not opened: %s", i, err);
            unlink(path);
            continue;
        }
        bool got = arb_pgn_sniff(&in, arb_notation_is_move_any, why, sizeof why);
        ok(got == cases[i].pgn && (got || strncmp(why, cases[i].why, strlen(cases[i].why)) == 0),
           "sniff case %zu: %s%s%s", i, cases[i].pgn ? "game records" : "not PGN", got ? "" : ": ", got ? "" : why);
        if (got && len) {
            /* The reader reads what the sniff looked at. */
            struct arb_pgn_reader r;
            arb_pgn_init(&r, &in, path, 0);
            struct arb_arena a;
            arb_arena_init(&a);
            struct arb_game g;
            int n = 0;
            while (arb_pgn_next(&r, &g, &a) > 0) {
                n++;
                arb_pgn_release(&r, &g);
                arb_arena_reset(&a);
            }
            ok(n >= 1 || strspn(cases[i].text, " \t\r\n") == len, "sniff case %zu: then %d game(s) read", i, n);
            arb_arena_fini(&a);
        }
        arb_input_close(&in);
        unlink(path);
    }
    /* Without a move test (the spoken notation: any text may be moves),
     * only the first bytes' signature refuses. */
    static const struct {
        const char *text;
        size_t len;
        bool pgn;
    } bare[] = {
        {"e kaks e neli\n", 14, true},
        {"Dear arbiter\n", 13, true},
        {"\050\265\057\375e two e four\n", 17, false},
    };
    for (size_t i = 0; i < ARB_ARRAY_LEN(bare); i++) {
        const char *path = tmpfile_with(bare[i].text, bare[i].len);
        struct arb_input in;
        char err[200], why[160] = "";
        if (arb_input_open(&in, path, NULL, err, sizeof err) == 0) {
            bool got = arb_pgn_sniff(&in, NULL, why, sizeof why);
            ok(got == bare[i].pgn, "no move test, case %zu: %s %s", i, got ? "read" : "refused:", why);
            arb_input_close(&in);
        } else {
            /* The zstd signature: read as zstd, broken, said at the open. */
            ok(!bare[i].pgn && strstr(err, "the zstd data"), "no move test, case %zu: not opened: %s", i, err);
        }
        unlink(path);
    }
}

int main(void)
{
    test_boundaries();
    test_resync();
    test_real_records();
    test_tags_and_places();
    test_max_bytes();
    test_decode_findings();
    test_many_games();
    test_huge_word();
    test_read_error();
    test_sniff();
    return tap_done();
}
