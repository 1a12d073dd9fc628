/* test_lex.c — lex.c: PGN tokens with their line and column.
 *
 * Every token kind of lex.h (tags with escapes, move numbers and their
 * splits, both comment forms, NAGs, annotation suffixes, variations, the
 * draw offer, results, errors), %-escape lines, columns counted in
 * characters of the decoded text, CRLF, the flags the reader uses to find
 * game boundaries, unget, consume, and lines longer than the window. */
#include "read/input.h"
#include "read/lex.h"
#include "tap.h"
#include "testfile.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const kinds[] = {"EOF", "TAG", "NUM", "WORD", "COMMENT", "NAG", "(", ")", "(=)", "RESULT", "ERROR"};

/* A lexer over a temporary file. */
struct lexed {
    struct arb_input in;
    struct arb_lexer lx;
    char path[64];
};

static void lex_open(struct lexed *l, const char *s, size_t n)
{
    snprintf(l->path, sizeof l->path, "%s", tmpfile_with(s, n));
    char err[200];
    if (arb_input_open(&l->in, l->path, NULL, err, sizeof err) < 0) {
        printf("# open: %s\n", err);
        exit(2);
    }
    arb_lexer_init(&l->lx, &l->in);
}

static void lex_close(struct lexed *l)
{
    arb_input_close(&l->in);
    unlink(l->path);
}

/* One token as text: "KIND line:col text" plus what the kind carries. */
static void describe(struct arb_buf *out, const struct arb_input *in, const struct arb_token *t)
{
    arb_buf_printf(out, "%s %u:%u", kinds[t->kind], t->line, t->col);
    if (t->kind == ARB_TK_TAG) {
        arb_buf_printf(out, " %.*s=%.*s", (int)t->name_len, arb_input_at(in, t->name_off), (int)t->value_len,
                       arb_input_at(in, t->value_off));
        if (t->value_escaped)
            arb_buf_adds(out, " (esc)");
    } else {
        arb_buf_printf(out, " %.*s", (int)t->len, arb_input_at(in, t->off));
    }
    if (t->kind == ARB_TK_MOVENUM)
        arb_buf_printf(out, " #%d/%d", t->number, t->dots);
    if (t->kind == ARB_TK_NAG || t->kind == ARB_TK_RESULT)
        arb_buf_printf(out, " #%d", t->number);
    arb_buf_addc(out, '|');
}

static void lex_into(const char *s, size_t n, struct arb_buf *out)
{
    struct lexed l;
    lex_open(&l, s, n);
    arb_buf_clear(out);
    arb_buf_reserve(out, 0);
    struct arb_token t;
    while (arb_lex_next(&l.lx, &t) != ARB_TK_EOF)
        describe(out, &l.in, &t);
    lex_close(&l);
}

/* Texts of a few bytes are read by the general scanner; with 256 bytes or
 * more in the window the lexer takes a fast path for plain words.  Each
 * text is also read with 400 newlines after it (no more tokens), and the
 * two readings must agree: counted here, checked once at the end. */
static int fast_checked, fast_differ;

/* Every token of s, described; returns a static buffer.  pad: also read
 * it with the newlines after it (not for a text ending in an open comment,
 * which would take them in). */
static const char *lex_all_n(const char *s, size_t n, bool pad)
{
    static struct arb_buf out, padded_out, padded;
    lex_into(s, n, &out);
    if (!pad)
        return out.data;
    arb_buf_clear(&padded);
    arb_buf_add(&padded, s, n);
    for (int i = 0; i < 400; i++)
        arb_buf_addc(&padded, '\n');
    lex_into(padded.data, padded.len, &padded_out);
    fast_checked++;
    if (strcmp(out.data, padded_out.data) != 0) {
        fast_differ++;
        printf("#   fast path differs:\n#   '%s'\n#   '%s'\n", out.data, padded_out.data);
    }
    return out.data;
}
#define LEX(lit) lex_all_n(lit, sizeof(lit) - 1, true)
#define LEX_NOPAD(lit) lex_all_n(lit, sizeof(lit) - 1, false)

static void test_tags(void)
{
    is_str(LEX("[Event \"Casual game\"]\n[Site \"?\"]\n"), "TAG 1:1 Event=Casual game|TAG 2:1 Site=?|",
           "tag pairs: name, value, line and column");
    is_str(LEX("[White \"Smith, \\\"The Hammer\\\" \\\\ Jr\"]\n"),
           "TAG 1:1 White=Smith, \\\"The Hammer\\\" \\\\ Jr (esc)|",
           "escaped quote and backslash stay in the raw value, which is flagged as escaped");
    is_str(LEX("[Event \"a\\\\\"] e4"), "TAG 1:1 Event=a\\\\ (esc)|WORD 1:15 e4|",
           "a value ending in an escaped backslash ends at the next quote");
    is_str(LEX("[Event \"\"]\n"), "TAG 1:1 Event=|", "an empty value");
    is_str(LEX("[ Event   \"x\" ]\n"), "TAG 1:1 Event=x|", "spaces inside the brackets are allowed");
    is_str(LEX("[A \"1\"] [B \"\xC3\xA4\"] [C \"3\"]\n"), "TAG 1:1 A=1|TAG 1:9 B=\xC3\xA4|TAG 1:17 C=3|",
           "several tags on one line; columns count the non-ASCII value as one character");

    struct lexed l;
    struct arb_token t;
    static const char tag[] = "[Event \"x\"]  \ne4";
    lex_open(&l, tag, sizeof tag - 1);
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_TAG && t.off == 0 && t.len == 11 && t.name_off == 1 && t.name_len == 5 && t.value_off == 8
           && t.value_len == 1,
       "a tag's span is the brackets; name and value spans are inside it");
    lex_close(&l);

    is_str(LEX("[Event x]\n[Site \"y\"]\n"), "ERROR 1:1 [Event x]|TAG 2:1 Site=y|",
           "a value without quotes is an error token to the end of the line; the next line is read");
    is_str(LEX("[Event \"x]\ne4\n"), "ERROR 1:1 [Event \"x]|WORD 2:1 e4|", "a value with no closing quote is an error");
    is_str(LEX("[\"x\"]\n"), "ERROR 1:1 [\"x\"]|", "a tag without a name is an error");
    is_str(LEX("[Event \"x\"\ne4"), "ERROR 1:1 [Event \"x\"|WORD 2:1 e4|", "a tag without ']' is an error");

    /* A '[' in the movetext (not at the start of a line) is a tag only
     * when it is a well-formed tag pair (the next game's, on the line of a
     * result); anything else is an error token up to ']'. */
    lex_open(&l, "e4 [%clk 0:01:00] e5", 20);
    arb_lex_next(&l.lx, &t);
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_ERROR && t.col == 4 && t.len == 14 && t.error != NULL,
       "'[' after a move on the same line is an error token up to ']' (%s)", t.error ? t.error : "");
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_WORD && t.col == 19, "and the move after it is read");
    lex_close(&l);
    is_str(LEX("e4 1-0 [Event \"x\"] [Site \"y\"]\n"), "WORD 1:1 e4|RESULT 1:4 1-0 #1|TAG 1:8 Event=x|TAG 1:20 Site=y|",
           "a well-formed tag pair after a result on the same line is a tag");
    is_str(LEX("e4\n[Event \"x\"]\n"), "WORD 1:1 e4|TAG 2:1 Event=x|", "a tag at the start of a line after moves is a tag");
}

static void test_move_numbers(void)
{
    is_str(LEX("1. e4 1... e5 12.e4 12...Nf6 ... 7 1.e4\n"),
           "NUM 1:1 1. #1/1|WORD 1:4 e4|NUM 1:7 1... #1/3|WORD 1:12 e5|NUM 1:15 12. #12/1|WORD 1:18 e4|"
           "NUM 1:21 12... #12/3|WORD 1:26 Nf6|NUM 1:30 ... #-1/3|NUM 1:34 7 #7/0|NUM 1:36 1. #1/1|WORD 1:38 e4|",
           "1.  1...  12.e4 (split)  12...Nf6 (split)  ...  7: numbers, dots and columns");
    is_str(LEX("1. e4 ...e5 2. Nf3 \xE2\x80\xA6Nc6\n"),
           "NUM 1:1 1. #1/1|WORD 1:4 e4|NUM 1:7 ... #-1/3|WORD 1:10 e5|NUM 1:13 2. #2/1|WORD 1:16 Nf3|"
           "NUM 1:20 \xE2\x80\xA6 #-1/3|WORD 1:21 Nc6|",
           "'...e5' and '\xE2\x80\xA6Nc6': dots glued to a black move without its number are split off");
    is_str(LEX("123456. 1234567. 12345678901234567890. 5"),
           "NUM 1:1 123456. #123456/1|NUM 1:9 1234567. #1234567/1|NUM 1:18 12345678901234567890. #99999999/1|"
           "NUM 1:40 5 #5/0|",
           "a number of any length is a move number (its value stops at 99999999)");
    is_str(LEX("1.\xE2\x80\xA6 5\xE2\x80\xA6Nf3"), "NUM 1:1 1.\xE2\x80\xA6 #1/4|NUM 1:5 5\xE2\x80\xA6 #5/3|WORD 1:7 Nf3|",
           "an ellipsis counts as three dots and is split from the move (columns in characters)");
}

static void test_comments(void)
{
    is_str(LEX("e4 {a comment\nover two lines} e5 ; to the end\nNf3"),
           "WORD 1:1 e4|COMMENT 1:4 {a comment\nover two lines}|WORD 2:17 e5|COMMENT 2:20 ; to the end|WORD 3:1 Nf3|",
           "brace comment over two lines and ;-comment: places of the tokens after them");
    is_str(LEX("{a;b} ; {x\ne4"), "COMMENT 1:1 {a;b}|COMMENT 1:7 ; {x|WORD 2:1 e4|",
           "';' inside braces and '{' inside a ;-comment are comment text");
    is_str(LEX("{ {inner } e4"), "COMMENT 1:1 { {inner }|WORD 1:12 e4|", "brace comments do not nest: the first '}' ends it");
    is_str(LEX("{\xC3\xA4\xC3\xB6\n\xC3\xA5} e4 ; \xC3\xA4\n e5"),
           "COMMENT 1:1 {\xC3\xA4\xC3\xB6\n\xC3\xA5}|WORD 2:4 e4|COMMENT 2:7 ; \xC3\xA4|WORD 3:2 e5|",
           "non-ASCII comments: columns after them in characters");
    is_str(LEX_NOPAD("e4 {never closed"), "WORD 1:1 e4|COMMENT 1:4 {never closed|", "a comment open at the end of the input");

    struct lexed l;
    struct arb_token t;
    lex_open(&l, "{open\n\n[Event \"x\"]\n", 19);
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_COMMENT && t.unterminated && t.len == 7, "an unclosed comment ends before a blank line and a tag");
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_TAG && t.line == 3 && t.col == 1 && t.after_blank, "the tag after it is read, after a blank line");
    lex_close(&l);
    lex_open(&l, "{a} {b\n[Event \"x\"]\n}", 20);
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_COMMENT && !t.unterminated, "a closed comment is not unterminated");
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_COMMENT && !t.unterminated && t.len == 16,
       "without a blank line, a tag-like line inside a comment is comment text");
    lex_close(&l);
    is_str(LEX("{a\n%b} e4"), "COMMENT 1:1 {a\n%b}|WORD 2:5 e4|", "a '%%' at column 1 inside a comment is comment text");
}

static void test_small_tokens(void)
{
    is_str(LEX("e4 $1 $12 $255 e5"), "WORD 1:1 e4|NAG 1:4 $1 #1|NAG 1:7 $12 #12|NAG 1:11 $255 #255|WORD 1:16 e5|", "NAGs and their values");
    is_str(LEX("e4$14"), "WORD 1:1 e4|NAG 1:3 $14 #14|", "a NAG glued to the move is its own token");
    is_str(LEX("e4 $ e5"), "WORD 1:1 e4|ERROR 1:4 $|WORD 1:6 e5|", "'$' without a number is an error");
    is_str(LEX("e4!? Nf3+! Qxf7#?? O-O-O!! d5?!"),
           "WORD 1:1 e4!?|WORD 1:6 Nf3+!|WORD 1:12 Qxf7#??|WORD 1:20 O-O-O!!|WORD 1:28 d5?!|",
           "annotation suffixes stay on their move");
    is_str(LEX("e4 (e5 (c5)) d4"), "WORD 1:1 e4|( 1:4 (|WORD 1:5 e5|( 1:8 (|WORD 1:9 c5|) 1:11 )|) 1:12 )|WORD 1:14 d4|",
           "nested variations");
    is_str(LEX("e4 (=) e5"), "WORD 1:1 e4|(=) 1:4 (=)|WORD 1:8 e5|", "(=) is a draw offer");
    is_str(LEX("e4(=)e5"), "WORD 1:1 e4|(=) 1:3 (=)|WORD 1:6 e5|", "(=) glued to the moves");
    is_str(LEX("( =)"), "( 1:1 (|NAG 1:3 = #10|) 1:4 )|", "'( =)' is not a draw offer ('=' is the glyph $10)");
    is_str(LEX("e4 \xC2\xB1 Nf3 \xE2\x88\x93 +- -+ +/- -/+ += =+ \xE2\x88\x9E \xE2\x96\xA1 \xE2\x8C\x93 \xE2\xA8\x80 !? ?? +\xE2\x88\x92 \xE2\x88\x92+ \xE2\xA9\xB2 \xE2\xA9\xB1"),
           "WORD 1:1 e4|NAG 1:4 \xC2\xB1 #16|WORD 1:6 Nf3|NAG 1:10 \xE2\x88\x93 #17|NAG 1:12 +- #18|NAG 1:15 -+ #19|"
           "NAG 1:18 +/- #16|NAG 1:22 -/+ #17|NAG 1:26 += #14|NAG 1:29 =+ #15|NAG 1:32 \xE2\x88\x9E #13|"
           "NAG 1:34 \xE2\x96\xA1 #7|NAG 1:36 \xE2\x8C\x93 #142|NAG 1:38 \xE2\xA8\x80 #22|NAG 1:40 !? #5|NAG 1:43 ?? #4|"
           "NAG 1:46 +\xE2\x88\x92 #18|NAG 1:49 \xE2\x88\x92+ #19|NAG 1:52 \xE2\xA9\xB2 #14|NAG 1:54 \xE2\xA9\xB1 #15|",
           "annotation glyphs standing alone are NAGs with their standard numbers");
    is_str(LEX("+ # ++ -- Z0"), "WORD 1:1 +|WORD 1:3 #|WORD 1:5 ++|WORD 1:8 --|WORD 1:11 Z0|",
           "check marks and null moves on their own stay words");
    is_str(LEX("1-0 0-1 1/2-1/2 *"), "RESULT 1:1 1-0 #1|RESULT 1:5 0-1 #2|RESULT 1:9 1/2-1/2 #3|RESULT 1:17 * #4|",
           "the four results");
    is_str(LEX("1\xE2\x80\x93" "0 0\xE2\x80\x94" "1 \xC2\xBD\xE2\x80\x93\xC2\xBD 1:0 0:1 -:+ +:-"),
           "RESULT 1:1 1\xE2\x80\x93" "0 #1|RESULT 1:5 0\xE2\x80\x94" "1 #2|RESULT 1:9 \xC2\xBD\xE2\x80\x93\xC2\xBD #3|"
           "RESULT 1:13 1:0 #1|RESULT 1:17 0:1 #2|RESULT 1:21 -:+ #2|RESULT 1:25 +:- #1|",
           "results as real files write them: dashes, a colon, the forfeits of club databases");
    is_str(LEX("+-- --+ +/-- --/+ +\xE2\x80\x93 \xE2\x80\x93+ +/\xE2\x80\x93 \xE2\x80\x93/+ +/\xE2\x88\x92 \xE2\x88\x92/+"),
           "NAG 1:1 +-- #18|NAG 1:5 --+ #19|NAG 1:9 +/-- #16|NAG 1:14 --/+ #17|NAG 1:19 +\xE2\x80\x93 #18|"
           "NAG 1:22 \xE2\x80\x93+ #19|NAG 1:25 +/\xE2\x80\x93 #16|NAG 1:29 \xE2\x80\x93/+ #17|"
           "NAG 1:33 +/\xE2\x88\x92 #16|NAG 1:37 \xE2\x88\x92/+ #17|",
           "ChessBase's evaluation glyphs as text (dash doubled, en dash, minus sign) are NAGs, not results");
    is_str(LEX("(e4 1-0) 1/2 1-00 **"), "( 1:1 (|WORD 1:2 e4|RESULT 1:5 1-0 #1|) 1:8 )|WORD 1:10 1/2|WORD 1:14 1-00|WORD 1:19 **|",
           "results end at a bracket; near-results are words");
    is_str(LEX("} ]"), "ERROR 1:1 }|ERROR 1:3 ]|", "a stray '}' and ']' are errors");
}

static void test_escape_lines(void)
{
    is_str(LEX("% first line\n e4\n%e5 e6\ne7 %x\n % y\n%"), "WORD 2:2 e4|WORD 4:1 e7|WORD 4:4 %x|WORD 5:2 %|WORD 5:4 y|",
           "'%%' lines are skipped only when '%%' is at column 1 (the last one without a newline)");
    is_str(LEX("[Event \"x\"]\n% note\n\n1. e4"), "TAG 1:1 Event=x|NUM 4:1 1. #1/1|WORD 4:4 e4|", "an escape line between tags and moves");
    is_str(LEX("\xEF\xBB\xBF% escape\ne4"), "WORD 2:1 e4|", "an escape line at the very start, after a BOM");

    /* A '%' line that a read boundary (256 KiB) cuts in two: the part after
     * the boundary is still part of the escape line. */
    struct arb_buf b = {0};
    while (b.len < 262144 - 40)
        arb_buf_adds(&b, ";\n");
    while (b.len < 262144 - 10)
        arb_buf_addc(&b, '\n');
    arb_buf_adds(&b, "% escape line crossing the boundary\ne4\n");
    struct lexed l;
    lex_open(&l, b.data, b.len);
    struct arb_token t;
    struct arb_buf words = {0};
    arb_buf_reserve(&words, 0);
    while (arb_lex_next(&l.lx, &t) != ARB_TK_EOF)
        if (t.kind != ARB_TK_COMMENT)
            describe(&words, &l.in, &t);
    lex_close(&l);
    char want[64];
    snprintf(want, sizeof want, "WORD %u:1 e4|", 131052u + 30u + 2u);
    is_str(words.data, want, "a %% line cut by the 256 KiB read boundary is skipped whole");
    arb_buf_free(&words);
    arb_buf_free(&b);
}

static void test_columns(void)
{
    is_str(LEX("K\xC3\xA4 e4\tNf3"), "WORD 1:1 K\xC3\xA4|WORD 1:4 e4|WORD 1:7 Nf3|",
           "columns in characters; a tab is one column");
    is_str(LEX("e4\xC2\xA0" "e5 \xC2\xA0 Nf3"), "WORD 1:1 e4|WORD 1:4 e5|WORD 1:9 Nf3|", "a no-break space separates words and is one column");
    is_str(LEX("e4\r\ne5\r\n; c\r\n  Nf3\r"), "WORD 1:1 e4|WORD 2:1 e5|COMMENT 3:1 ; c\r|WORD 4:3 Nf3|",
           "CRLF ends lines (the ;-comment keeps its CR)");
    is_str(LEX("e4\re5"), "WORD 1:1 e4|WORD 2:1 e5|", "a lone CR is a line end (input.c makes it LF)");
    is_str(LEX("e4 \xEF\xBB\xBF" "e5\xEF\xBB\xBF Nf3\n\xEF\xBB\xBF[Event \"x\"]\n"),
           "WORD 1:1 e4|WORD 1:5 e5|WORD 1:9 Nf3|TAG 2:2 Event=x|",
           "U+FEFF (a BOM inside the text) is a space: between words, ending one, before a tag");
    is_str(LEX("\n\n\n   e4"), "WORD 4:4 e4|", "lines count from 1, columns from 1");
    /* A non-ASCII error token: what follows it is counted in characters. */
    is_str(LEX("e4 [\xC3\xA4] e5\n"), "WORD 1:1 e4|ERROR 1:4 [\xC3\xA4]|WORD 1:8 e5|",
           "after a '[...]' error token holding a non-ASCII character, columns are still characters");

    /* A line longer than the window: 300000 characters of 2 bytes. */
    size_t n = 300000;
    struct arb_buf b = {0};
    arb_buf_addc(&b, '{');
    for (size_t i = 0; i < n; i++)
        arb_buf_add(&b, "\xC3\xA4", 2);
    arb_buf_adds(&b, "} e4\n\xC3\xA4 e5");
    struct lexed l;
    lex_open(&l, b.data, b.len);
    struct arb_token t;
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_COMMENT && t.len == 2 * n + 2, "a 600 KB comment is one token");
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_WORD && t.line == 1 && t.col == n + 4, "the move after it is at 1:%zu (got %u:%u)", n + 4, t.line,
       t.col);
    arb_lex_next(&l.lx, &t);
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_WORD && t.line == 2 && t.col == 3, "and the next line counts afresh (2:3, got %u:%u)", t.line, t.col);
    lex_close(&l);
    arb_buf_free(&b);
}

/* The flags the reader uses, unget, and consume. */
static void test_flags_unget_consume(void)
{
    struct lexed l;
    struct arb_token t;
    static const char s[] = "[A \"1\"]\n\n\n1. e4 e5\n\n  {c}\n*";
    lex_open(&l, s, sizeof s - 1);
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_TAG && !t.after_blank && t.first_on_line, "the first token: not after a blank, first on its line");
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_MOVENUM && t.after_blank && t.first_on_line && t.line == 4, "'1.' after two blank lines: after_blank");
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_WORD && !t.after_blank && !t.first_on_line, "'e4': neither");
    arb_lex_unget(&l.lx, &t);
    struct arb_token again;
    arb_lex_next(&l.lx, &again);
    ok(again.kind == ARB_TK_WORD && again.off == t.off && again.col == 4, "unget: the same token comes again");
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_WORD && t.col == 7, "and then the one after it");
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_COMMENT && t.after_blank && t.first_on_line && t.col == 3,
       "a comment after a blank line, indented: after_blank, first on line");
    arb_lex_next(&l.lx, &t);
    ok(t.kind == ARB_TK_RESULT && !t.after_blank && t.line == 7, "'*' on the next line: not after a blank");
    ok(arb_lex_next(&l.lx, &t) == ARB_TK_EOF && t.line == 7, "then EOF");
    ok(arb_lex_next(&l.lx, &t) == ARB_TK_EOF && !l.lx.io_error, "and EOF again, without an I/O error");
    lex_close(&l);

    /* Consuming the text of a non-ASCII line keeps its columns right. */
    static const char u[] = "\xC3\xA4 \xC3\xB6 e4 \xC3\xA5";
    lex_open(&l, u, sizeof u - 1);
    arb_lex_next(&l.lx, &t);
    arb_lexer_consume(&l.lx, t.off + t.len);
    arb_lex_next(&l.lx, &t);
    ok(t.col == 3, "after consuming the first word, the next is still at column 3 (got %u)", t.col);
    arb_lexer_consume(&l.lx, t.off + t.len);
    arb_lex_next(&l.lx, &t);
    ok(t.col == 5, "then column 5 (got %u)", t.col);
    arb_lex_next(&l.lx, &t);
    ok(t.col == 8, "then column 8 (got %u)", t.col);
    ok(arb_input_begin(&l.in) == 5, "consume released the text before the second word's end");
    lex_close(&l);

    /* An empty input, and one of blank lines. */
    lex_open(&l, "", 0);
    ok(arb_lex_next(&l.lx, &t) == ARB_TK_EOF && t.line == 1, "an empty input is EOF at line 1");
    lex_close(&l);
    lex_open(&l, "\n \n\t\n", 5);
    ok(arb_lex_next(&l.lx, &t) == ARB_TK_EOF && t.line == 4, "blank lines only: EOF on line 4");
    lex_close(&l);
}

int main(void)
{
    test_tags();
    test_move_numbers();
    test_comments();
    test_small_tokens();
    test_escape_lines();
    test_columns();
    test_flags_unget_consume();
    ok(fast_differ == 0, "with a full window (fast path) the %d texts above give the same tokens", fast_checked);
    return tap_done();
}
