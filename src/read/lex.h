/* lex.h — PGN tokens from the decoded text.
 *
 * Second step of the data flow: input.c gives UTF-8 text; the lexer cuts it
 * into tokens that are spans of that text (absolute offsets, no copies),
 * each with its line and column (columns count characters, from 1).  The
 * text of a token stays in the input window until the reader consumes it.
 *
 * Tokens (PGN Standard §8):
 *   TAG        [Name "value"]   at the start of a line (or after a tag on it)
 *   MOVENUM    12.  12...  12  ...   (a number and dots; "12.e4" gives 12. and e4)
 *   WORD       anything else up to a delimiter: a move, a mark, junk
 *   COMMENT    {...} and ; to end of line
 *   NAG        $12, or an annotation glyph as its own word: !? ± +- = (nag.h)
 *   VAR_OPEN   (      VAR_CLOSE   )      DRAW_OFFER   (=)
 *   RESULT     1-0  0-1  1/2-1/2  *  (and ½-½, 1–0, 1:0, +--: arb_result_parse)
 *   ERROR      text that no token can start with; .error says why
 * Lines starting with % are skipped (§6).  Whitespace includes NBSP.
 */
#ifndef ARB_LEX_H
#define ARB_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "read/input.h"

enum arb_tok {
    ARB_TK_EOF, ARB_TK_TAG, ARB_TK_MOVENUM, ARB_TK_WORD, ARB_TK_COMMENT, ARB_TK_NAG,
    ARB_TK_VAR_OPEN, ARB_TK_VAR_CLOSE, ARB_TK_DRAW_OFFER, ARB_TK_RESULT, ARB_TK_ERROR
};

/* A move number's value stops growing here (the token keeps its text). */
#define ARB_MOVENUM_MAX 99999999

enum arb_result { ARB_RESULT_NONE = 0, ARB_RESULT_WHITE, ARB_RESULT_BLACK, ARB_RESULT_DRAW, ARB_RESULT_UNKNOWN };

struct arb_token {
    enum arb_tok kind;
    uint64_t off;                 /* first byte */
    uint32_t len;                 /* bytes */
    uint32_t line, col;
    bool after_blank;             /* an empty line stands between this token and the previous one */
    bool first_on_line;
    /* TAG */
    uint64_t name_off, value_off;
    uint32_t name_len, value_len; /* value: the raw text between the quotes */
    bool value_escaped;           /* the value holds \" or \\ escapes */
    /* MOVENUM: number (-1 if only dots) and dots; NAG: value; RESULT: enum arb_result */
    int number, dots;
    bool unterminated;            /* COMMENT: no closing brace (ended at EOF or a tag line) */
    bool markup;                  /* ERROR: "[pgn]", "[/pgn]": markup around a game, no tag pair */
    const char *error;            /* ERROR: what is wrong, one phrase */
};

struct arb_lexer {
    struct arb_input *in;
    uint64_t pos;                 /* next byte to read */
    uint32_t line;
    uint64_t line_start;          /* offset from which columns are counted on this line */
    uint32_t col_base;            /* characters on this line before line_start */
    bool line_ascii;              /* no multi-byte character between line_start and pos */
    bool tok_on_line;             /* a token started on the current line */
    bool tag_on_line;             /* the last token on this line was a tag */
    bool blank;                   /* an empty line since the last token */
    bool discard;                 /* consume the text while scanning (skipping a game) */
    bool in_escape;               /* inside a %-escape line that runs past the window */
    uint64_t limit;               /* no input is read for a byte at or past it (UINT64_MAX: none): a scan
                                     that gets there stops as at the end, and at_limit says so; the reader
                                     sets it (--max-game-bytes), so that no token, run of white space or
                                     line keeps the window growing */
    bool at_limit;
    bool io_error;
    bool have_peek;
    struct arb_token peek;
};

void arb_lexer_init(struct arb_lexer *lx, struct arb_input *in);

/* The result n bytes at w write (a termination marker or a Result tag):
 * 1-0, 0-1, 1/2-1/2, *, and the forms real files use (½-½, a dash or minus
 * sign for the hyphen, 1:0, the forfeits +-- and --+); ARB_RESULT_NONE
 * for anything else. */
enum arb_result arb_result_parse(const char *w, size_t n);

/* The next token.  Returns its kind (ARB_TK_EOF at the end of the input or
 * on a read error, see lx->io_error). */
enum arb_tok arb_lex_next(struct arb_lexer *lx, struct arb_token *t);

/* A move or move number read by arb_lex_movetext(), laid out as pgn.h's
 * struct arb_node (pgn.c asserts it), so that a run of them is copied into
 * the game at once. */
enum { ARB_WORD_MOVE, ARB_WORD_MOVENUM };
struct arb_word {
    uint8_t kind;                 /* ARB_WORD_MOVE or ARB_WORD_MOVENUM */
    uint8_t dots;                 /* MOVENUM */
    uint8_t after_blank;
    int32_t number;               /* MOVENUM: the number */
    uint32_t off;                 /* first byte, from base_off */
    uint32_t len;
};

/* The movetext's common run, read in one go: plain ASCII words (moves) and
 * move numbers ("12." "12..." "12.e4" split), up to max of them, none
 * ending beyond offset limit.  Stops before anything else (a comment, a
 * bracket, a result, a tag, a number after an empty line, non-ASCII text,
 * the window's end), which arb_lex_next() then reads.  Returns how many
 * were read into out[] (*moves of them moves); they are what arb_lex_next()
 * would have returned. */
int arb_lex_movetext(struct arb_lexer *lx, uint64_t limit, uint64_t base_off, struct arb_word *out, int max,
                     int *moves);

/* Push a token back; the next arb_lex_next() returns it again.  One only. */
void arb_lex_unget(struct arb_lexer *lx, const struct arb_token *t);

/* Release the text before off (it will not be read again), keeping column
 * counting exact for the current line. */
void arb_lexer_consume(struct arb_lexer *lx, uint64_t off);

#endif
