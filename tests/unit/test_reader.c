/* test_reader.c — the reading half of the data flow: input (encodings,
 * decode events, the streaming window), lex (tokens with line and column)
 * and pgn (game boundaries, tags, resynchronisation, limits). */
#include "base/arena.h"
#include "read/input.h"
#include "read/lex.h"
#include "read/pgn.h"
#include "tap.h"
#include "testfile.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Decode the whole input; returns malloc'd UTF-8 text and the events. */
struct decoded {
    char *text;
    size_t len;
    struct arb_decode_event ev[64];
    size_t n_ev;
    size_t all_ev;                /* every event, kept in ev[] or not */
    size_t runs;                  /* the events as the input keeps them (a run of alike ones is one) */
    char encoding[64];
};

/* Take the events before `before`: the first 64 into d->ev (a run as its
 * events, one by one), all counted. */
static void take_all(struct arb_input *in, uint64_t before, struct decoded *d)
{
    struct arb_decode_event scratch[64];
    size_t n;
    while ((n = arb_input_take_events(in, before, scratch, 64)) > 0) {
        for (size_t i = 0; i < n; i++) {
            for (uint32_t k = 0; k < scratch[i].count && d->n_ev < 64; k++) {
                struct arb_decode_event e = scratch[i];
                e.off += (uint64_t)k * e.dlen;
                e.raw_off += (uint64_t)k * e.nbytes;
                e.count = 1;
                d->ev[d->n_ev++] = e;
            }
            d->all_ev += scratch[i].count;
        }
        d->runs += n;
    }
}

static void decode(const char *data, size_t n, const char *encoding, struct decoded *d)
{
    memset(d, 0, sizeof *d);
    const char *path = tmpfile_with(data, n);
    struct arb_input in;
    char err[200];
    if (arb_input_open(&in, path, encoding, err, sizeof err) < 0) {
        printf("# open: %s\n", err);
        d->text = arb_xstrdup("");
        unlink(path);
        return;
    }
    struct arb_buf b = {0};
    for (;;) {
        uint64_t from = arb_input_begin(&in), to = arb_input_end(&in);
        arb_buf_add(&b, arb_input_at(&in, from), (size_t)(to - from));
        take_all(&in, to, d);
        arb_input_consume(&in, to);
        if (arb_input_fill(&in) <= 0)
            break;
    }
    uint64_t to = arb_input_end(&in);
    arb_buf_add(&b, arb_input_at(&in, arb_input_begin(&in)), (size_t)(to - arb_input_begin(&in)));
    take_all(&in, UINT64_MAX, d);
    snprintf(d->encoding, sizeof d->encoding, "%s", in.encoding);
    arb_input_close(&in);
    unlink(path);
    arb_buf_reserve(&b, 0);
    d->text = b.data;
    d->len = b.len;
}

static void test_input(void)
{
    struct decoded d;
    decode("1. e4 *\n", sizeof("1. e4 *\n") - 1, NULL, &d);
    is_str(d.text, "1. e4 *\n", "plain ASCII is read as it is");
    is_int(d.n_ev, 0, "and without decode events");
    free(d.text);

    decode("\xEF\xBB\xBF[Event \"K\xC3\xA4\xC3\xA4rij\xC3\xA4\"]\n", sizeof("\xEF\xBB\xBF[Event \"K\xC3\xA4\xC3\xA4rij\xC3\xA4\"]\n") - 1, NULL, &d);
    is_str(d.text, "[Event \"K\xC3\xA4\xC3\xA4rij\xC3\xA4\"]\n", "a UTF-8 BOM is dropped, UTF-8 kept");
    is_int(d.n_ev, 0, "UTF-8 text has no events");
    free(d.text);

    /* UTF-16LE with BOM: "e4 ä\n" */
    const char le[] = "\xFF\xFE" "e\0" "4\0" " \0" "\xE4\0" "\n\0";
    decode(le, sizeof le - 1, NULL, &d);
    is_str(d.text, "e4 \xC3\xA4\n", "UTF-16LE with a BOM is decoded to UTF-8");
    free(d.text);
    const char be[] = "\xFE\xFF" "\0e" "\0" "4" "\0 " "\0\xE4" "\0\n";
    decode(be, sizeof be - 1, NULL, &d);
    is_str(d.text, "e4 \xC3\xA4\n", "UTF-16BE with a BOM is decoded to UTF-8");
    free(d.text);

    /* Windows-1252: é is 0xE9. */
    decode("[White \"Ren\xE9\"]\n", sizeof("[White \"Ren\xE9\"]\n") - 1, NULL, &d);
    is_str(d.text, "[White \"Ren\xC3\xA9\"]\n", "a Windows-1252 byte is decoded (é)");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_GUESS && strcmp(d.ev[0].encoding, "WINDOWS-1252") == 0,
       "with one encoding-guess event naming WINDOWS-1252");
    is_int(d.n_ev ? d.ev[0].off : 0, 11, "at the offset of the first non-UTF-8 byte in the decoded text");
    free(d.text);

    /* DOS code page: "André" written by a DOS program (0x82). */
    decode("[White \"Andr\x82\"]\n", sizeof("[White \"Andr\x82\"]\n") - 1, NULL, &d);
    is_str(d.text, "[White \"Andr\xC3\xA9\"]\n", "0x82 after a letter reads as CP850 é");
    free(d.text);

    /* Forced encoding: ISO-8859-15 has € at 0xA4. */
    decode("\xA4", sizeof("\xA4") - 1, "ISO-8859-15", &d);
    is_str(d.text, "\xE2\x82\xAC", "--encoding=ISO-8859-15 reads 0xA4 as €");
    free(d.text);

    /* A byte that is not UTF-8 after valid multi-byte text: read in the
     * code page, reported; one the code page lacks: replaced, reported. */
    decode("\xC3\xA4 \xFF x\n", sizeof("\xC3\xA4 \xFF x\n") - 1, NULL, &d);
    is_str(d.text, "\xC3\xA4 \xC3\xBF x\n", "a Latin-1 byte in a UTF-8 file is read in Windows-1252");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_GUESS && d.ev[0].bytes[0] == 0xFF && d.ev[0].off == 3,
       "and is reported with its byte and offset");
    free(d.text);
    decode("\xC3\xA4 \x81 x\n", sizeof("\xC3\xA4 \x81 x\n") - 1, NULL, &d);
    is_str(d.text, "\xC3\xA4 \xEF\xBF\xBD x\n", "a byte of no code page becomes U+FFFD");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_INVALID && d.ev[0].bytes[0] == 0x81 && d.ev[0].off == 3,
       "and is reported with its byte and offset");
    free(d.text);

    /* NUL bytes. */
    decode("a\0b", sizeof("a\0b") - 1, NULL, &d);
    is_str(d.text, "a\xEF\xBF\xBD" "b", "a NUL byte becomes U+FFFD");
    ok(d.n_ev == 1 && d.ev[0].kind == ARB_DEC_NUL, "and is reported as NUL");
    free(d.text);

    /* A truncated multi-byte character at the end. */
    decode("e4 \xC3", sizeof("e4 \xC3") - 1, NULL, &d);
    ok(d.n_ev >= 1 && (d.ev[0].kind == ARB_DEC_TRUNCATED || d.ev[0].kind == ARB_DEC_INVALID
                       || d.ev[0].kind == ARB_DEC_GUESS),
       "a file that ends inside a character is reported");
    free(d.text);

    decode("", sizeof("") - 1, NULL, &d);
    is_int(d.len, 0, "an empty file decodes to nothing");
    free(d.text);

    /* Across the window: 3 MB of "ä" pairs, larger than any read chunk. */
    size_t big = 3u << 20;
    char *data = malloc(big);
    for (size_t i = 0; i < big; i += 2)
        memcpy(data + i, "\xC3\xA4", 2);
    decode(data, big, NULL, &d);
    ok(d.len == big && memcmp(d.text, data, big) == 0 && d.n_ev == 0,
       "3 MB of two-byte characters cross read boundaries intact");
    free(d.text);
    /* The same in Windows-1252 (one byte each) after a first non-UTF-8 byte. */
    memset(data, 0xE4, big / 2);
    decode(data, big / 2, NULL, &d);
    ok(d.len == big && d.all_ev == big / 2,
       "1.5 MB of Windows-1252 bytes decode to 3 MB of UTF-8 with a guess event each (%zu)", d.all_ev);
    ok(d.runs <= 8, "... kept as a run of alike events, cut only where they are taken (%zu runs, not 786,432 events)",
       d.runs);
    free(d.text);
    /* NUL bytes (/dev/zero), and alike bytes with others between them. */
    memset(data, 0, big / 2);
    decode(data, big / 2, NULL, &d);
    ok(d.all_ev == big / 2 && d.runs <= 8, "1.5 MB of NUL bytes: as many events, a run (%zu runs)", d.runs);
    free(d.text);
    for (size_t i = 0; i < big / 2; i++)
        data[i] = i % 2 ? 'a' : '\x81';
    decode(data, big / 2, NULL, &d);
    ok(d.all_ev == big / 4 && d.n_ev == 64 && d.ev[1].off == d.ev[0].off + d.ev[0].dlen + 1,
       "alike bytes with others between them: an event each, at their places");
    free(d.text);
    free(data);
}

/* Lex a string; print one line per token into out: kind line:col text. */
static const char *const kinds[] = {"EOF", "TAG", "NUM", "WORD", "COMMENT", "NAG", "(", ")", "(=)", "RESULT", "ERROR"};

static void lex_string(const char *s, struct arb_buf *out)
{
    const char *path = tmpfile_with(s, strlen(s));
    struct arb_input in;
    char err[200];
    arb_input_open(&in, path, NULL, err, sizeof err);
    struct arb_lexer lx;
    arb_lexer_init(&lx, &in);
    struct arb_token t;
    arb_buf_clear(out);
    while (arb_lex_next(&lx, &t) != ARB_TK_EOF) {
        arb_buf_printf(out, "%s %u:%u", kinds[t.kind], t.line, t.col);
        if (t.kind == ARB_TK_TAG)
            arb_buf_printf(out, " %.*s=%.*s", (int)t.name_len, arb_input_at(&in, t.name_off), (int)t.value_len,
                           arb_input_at(&in, t.value_off));
        else
            arb_buf_printf(out, " %.*s", (int)t.len, arb_input_at(&in, t.off));
        if (t.kind == ARB_TK_MOVENUM)
            arb_buf_printf(out, " #%d/%d", t.number, t.dots);
        if (t.kind == ARB_TK_NAG || t.kind == ARB_TK_RESULT)
            arb_buf_printf(out, " #%d", t.number);
        arb_buf_addc(out, '|');
    }
    arb_input_close(&in);
    unlink(path);
}

static void test_lex(void)
{
    struct arb_buf b = {0};
    lex_string("[Event \"A \\\"quoted\\\" \\\\ name\"]\n\n1. e4 e5 2.Nf3 {comment\nover lines} Nc6 ; rest of line\n"
               "3... a6 $14 Bb5!? (3. d4) (=) 1/2-1/2\n",
               &b);
    is_str(b.data,
           "TAG 1:1 Event=A \\\"quoted\\\" \\\\ name|NUM 3:1 1. #1/1|WORD 3:4 e4|WORD 3:7 e5|NUM 3:10 2. #2/1|"
           "WORD 3:12 Nf3|COMMENT 3:16 {comment\nover lines}|WORD 4:13 Nc6|COMMENT 4:17 ; rest of line|"
           "NUM 5:1 3... #3/3|WORD 5:6 a6|NAG 5:9 $14 #14|WORD 5:13 Bb5!?|( 5:19 (|NUM 5:20 3. #3/1|WORD 5:23 d4|"
           ") 5:25 )|(=) 5:27 (=)|RESULT 5:31 1/2-1/2 #3|",
           "tags with escapes, move numbers, comments, NAGs, variations, draw offer, result: kinds and places");

    lex_string("1-0 0-1 * \xC2\xBD-\xC2\xBD", &b);
    is_str(b.data, "RESULT 1:1 1-0 #1|RESULT 1:5 0-1 #2|RESULT 1:9 * #4|RESULT 1:11 \xC2\xBD-\xC2\xBD #3|",
           "the four results and the ½-½ spelling");

    /* Columns count characters, not bytes. */
    lex_string("{\xC3\xA4\xC3\xA4} Kä e4\n", &b);
    is_str(b.data, "COMMENT 1:1 {\xC3\xA4\xC3\xA4}|WORD 1:6 K\xC3\xA4|WORD 1:9 e4|",
           "columns are counted in characters of the decoded text");

    /* % escape lines are skipped; only at column 1. */
    lex_string("% an escape line\ne4 %x\n", &b);
    is_str(b.data, "WORD 2:1 e4|WORD 2:4 %x|", "a %% line at column 1 is skipped");

    /* CRLF line ends. */
    lex_string("e4\r\ne5\r\n", &b);
    is_str(b.data, "WORD 1:1 e4|WORD 2:1 e5|", "CRLF ends lines");

    /* An unterminated comment ends at a blank line followed by a tag. */
    lex_string("e4 {never closed\n\n[Event \"x\"]\n", &b);
    is_str(b.data, "WORD 1:1 e4|COMMENT 1:4 {never closed\n\n|TAG 3:1 Event=x|",
           "an unclosed comment stops at a blank line and a tag pair");

    lex_string("12...Nf6 1\xE2\x80\xA6 c5", &b);
    is_str(b.data, "NUM 1:1 12... #12/3|WORD 1:6 Nf6|NUM 1:10 1\xE2\x80\xA6 #1/3|WORD 1:13 c5|",
           "'12...Nf6' splits; an ellipsis counts as three dots");

    lex_string("} ] [ in moves", &b);
    ok(strncmp(b.data, "ERROR 1:1 }|ERROR 1:3 ]|ERROR 1:5 [ in moves|", 40) == 0, "stray } ] [ are errors");
    arb_buf_free(&b);
}

/* Read every game of a string: one line per game. */
static void games_of(const char *s, uint64_t max_bytes, struct arb_buf *out)
{
    const char *path = tmpfile_with(s, strlen(s));
    struct arb_input in;
    char err[200];
    arb_input_open(&in, path, NULL, err, sizeof err);
    struct arb_pgn_reader r;
    arb_pgn_init(&r, &in, "t.pgn", max_bytes);
    struct arb_arena a;
    arb_arena_init(&a);
    struct arb_game g;
    arb_buf_clear(out);
    while (arb_pgn_next(&r, &g, &a) > 0) {
        int moves = 0;
        for (int i = 0; i < g.n_nodes; i++)
            moves += g.nodes[i].kind == ARB_N_MOVE;
        const char *ev = arb_game_tag(&g, "Event");
        arb_buf_printf(out, "%llu@%u tags=%d moves=%d marker=%d%s%s", (unsigned long long)g.index, g.line, g.n_tags,
                       moves, g.marker, ev ? " " : "", ev ? ev : "");
        for (int i = 0; i < g.findings.n; i++)
            arb_buf_printf(out, " [%s %u:%u]", arb_codes[g.findings.v[i].code].name, g.findings.v[i].line,
                           g.findings.v[i].col);
        arb_buf_addc(out, '|');
        arb_pgn_release(&r, &g);
        arb_arena_reset(&a);
    }
    arb_arena_fini(&a);
    arb_input_close(&in);
    unlink(path);
}

static void test_pgn(void)
{
    struct arb_buf b = {0};
    games_of("[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Event \"B\"]\n\n1. d4 *\n", 0, &b);
    is_str(b.data, "1@1 tags=2 moves=2 marker=1 A|2@6 tags=1 moves=1 marker=4 B|", "two games, tags and moves");

    games_of("[Event \"Gap\"]\n\n\n\n1. e4 *\n", 0, &b);
    is_str(b.data, "1@1 tags=1 moves=1 marker=4 Gap|", "blank lines between tags and moves do not split a game");

    games_of("1. e4 e5 2. Nf3\n\n1. d4 d5\n", 0, &b);
    is_str(b.data, "1@1 tags=0 moves=3 marker=0|2@3 tags=0 moves=2 marker=0|",
           "bare move lists: '1.' after a blank line starts a new game");

    games_of("[Event \"No marker\"]\n\n1. e4\n\n[Event \"Next\"]\n\n1. c4 *\n", 0, &b);
    is_str(b.data, "1@1 tags=1 moves=1 marker=0 No marker|2@5 tags=1 moves=1 marker=4 Next|",
           "a tag section after moves starts a new game (no marker needed)");

    games_of("[Event \"Open\"]\n\n1. e4 {never closed\n\n[Event \"After\"]\n\n1. d4 *\n", 0, &b);
    is_str(b.data, "1@1 tags=1 moves=1 marker=0 Open [pgn-syntax 3:7]|2@5 tags=1 moves=1 marker=4 After|",
           "an unclosed comment is reported and the next game is found");

    games_of("[Round \"1.1\"]\n[White \"A\"]\n\n[Round \"1.2\"]\n[White \"B\"]\n", 0, &b);
    is_str(b.data, "1@1 tags=2 moves=0 marker=0|2@4 tags=2 moves=0 marker=0|",
           "header-only games: a repeated tag after a blank line starts a new game");

    games_of("[Event \"Big\"]\n\n1. e4 {a long comment, longer than the limit allows} e5 *\n[Event \"Small\"]\n\n1. d4 *\n",
             64, &b);
    is_str(b.data, "1@1 tags=1 moves=1 marker=0 Big [game-too-large 3:7]|2@4 tags=1 moves=1 marker=4 Small|",
           "--max-game-bytes cuts a game, reports it, and reads the next");

    games_of("[Event \"Esc\\\\aped \\\"x\\\"\"]\n*\n", 0, &b);
    is_str(b.data, "1@1 tags=1 moves=0 marker=4 Esc\\aped \"x\"|", "tag values are unescaped");

    games_of("", 0, &b);
    is_str(b.data ? b.data : "", "", "an empty file has no game");
    games_of("\n\n   \n", 0, &b);
    is_str(b.data, "", "a file of blank lines has no game");
    arb_buf_free(&b);
}


/* Line and column (in characters) of byte off of text: what a word of the
 * movetext run no longer carries, counted as arb_game_locate counts. */
static void place_of(const char *text, uint32_t off, unsigned *line, unsigned *col)
{
    *line = 1;
    *col = 1;
    for (uint32_t i = 0; i < off; i++) {
        if (text[i] == '\n') {
            ++*line;
            *col = 1;
        } else if (((unsigned char)text[i] & 0xC0) != 0x80) {
            ++*col;
        }
    }
}

/* arb_lex_movetext must return exactly what arb_lex_next would: tokens read
 * both ways, over texts that mix its run with everything it leaves alone
 * (a word's place counted from its offset must be the lexer's). */
static void lex_both(const char *text, struct arb_buf *a, struct arb_buf *b)
{
    for (int mode = 0; mode < 2; mode++) {
        struct arb_buf *out = mode ? b : a;
        arb_buf_clear(out);
        const char *path = tmpfile_with(text, strlen(text));
        struct arb_input in;
        char err[200];
        arb_input_open(&in, path, NULL, err, sizeof err);
        struct arb_lexer lx;
        arb_lexer_init(&lx, &in);
        for (;;) {
            struct arb_word w[7];
            int moves = 0, n = mode ? arb_lex_movetext(&lx, UINT64_MAX, 0, w, 7, &moves) : 0;
            for (int i = 0; i < n; i++) {
                unsigned line, col;
                place_of(text, w[i].off, &line, &col);
                arb_buf_printf(out, "%s %u:%u %.*s #%d/%d %d|", kinds[w[i].kind == ARB_WORD_MOVE ? ARB_TK_WORD : ARB_TK_MOVENUM],
                               line, col, (int)w[i].len, arb_input_at(&in, w[i].off), w[i].number, w[i].dots,
                               w[i].after_blank);
                moves -= w[i].kind == ARB_WORD_MOVE;
            }
            if (moves)
                arb_buf_adds(out, "MOVE COUNT WRONG|");
            if (n)
                continue;
            struct arb_token t;
            if (arb_lex_next(&lx, &t) == ARB_TK_EOF)
                break;
            int num = t.kind == ARB_TK_MOVENUM ? t.number : 0, dots = t.kind == ARB_TK_MOVENUM ? t.dots : 0;
            if (t.kind == ARB_TK_WORD || t.kind == ARB_TK_MOVENUM)
                arb_buf_printf(out, "%s %u:%u %.*s #%d/%d %d|", kinds[t.kind], t.line, t.col, (int)t.len,
                               arb_input_at(&in, t.off), num, dots, t.after_blank);
            else
                arb_buf_printf(out, "%s %u:%u|", kinds[t.kind], t.line, t.col);
        }
        arb_input_close(&in);
        unlink(path);
    }
}

static void test_movetext_run(void)
{
    struct arb_buf a = {0}, b = {0};
    /* Long enough for the run to work (it leaves the window's last bytes
     * to the general reader). */
    struct arb_buf text = {0};
    for (int i = 0; i < 40; i++)
        arb_buf_adds(&text, "1.e4 e5 2. Nf3 Nc6 3...a6 {c} 4.Ba4 (4. Bxc6 dxc6) $1 5.O-O! Be7\r\n"
                            "\n6. Re1 b5 7.Bb3 d6 ; rest\n% escape\n8.c3 O-O 9. h3 1-0 *\n\n"
                            "1. d4 d5 10\xC3\xA4 K\xC3\xA4 -- ... 1/2-1/2 12345678. x\n");
    lex_both(text.data, &a, &b);
    ok(a.len > 1000 && strcmp(a.data, b.data) == 0, "the movetext run reads as the general reader does (%zu bytes of tokens)",
       a.len);
    if (strcmp(a.data, b.data) != 0) {
        size_t i = 0;
        while (a.data[i] && a.data[i] == b.data[i])
            i++;
        printf("#   differ at %zu: '%.60s' vs '%.60s'\n", i, a.data + i, b.data + i);
    }
    arb_buf_free(&a);
    arb_buf_free(&b);
    arb_buf_free(&text);
}

int main(void)
{
    test_input();
    test_lex();
    test_movetext_run();
    test_pgn();
    return tap_done();
}
