/* pgn.h — read one game record at a time from a PGN stream.
 *
 * Third step of the data flow: tokens (lex.h) become struct arb_game, the
 * record of one game: its tags and its movetext as a flat list of nodes
 * (moves, move numbers, comments, NAGs, variation brackets, draw offers,
 * the termination marker).  Nothing here knows the rules of chess.
 *
 * Where one game ends and the next begins (PGN §8, and what real files do;
 * the table in pgn.c says it token by token):
 *  - a termination marker at the top level ends the game; what follows it
 *    up to the next game's first tag, move number or move is the game's
 *    too: a comment, or stray text (a second result, a word that is no
 *    move, a bracket) reported as `stray-text`, never a game of its own;
 *  - a tag after movetext starts a new game (the old one lacked a marker),
 *    also on the line of the marker ("1-0 [Event ...");
 *  - in a tag section, a tag repeating a name of the game starts a new game
 *    when a blank line stands before it or it repeats the game's first tag
 *    (or Event): a game of tags only, the next game's tags right after it.
 *    Another repeated tag is `duplicate-tag` (the later value counts, as
 *    pgn-extract and python-chess read it).  Blank lines between a game's
 *    tags and its movetext do not split it;
 *  - in a bare move list without markers, "1." after a blank line starts a
 *    new game;
 *  - an unterminated comment ends at a blank line followed by a tag pair;
 *  - comments before a game's first tag belong to no game (a comment before
 *    a bare move list is its movetext); stray text before a game's first
 *    tag is reported with that game.
 * Every game read gets exactly one struct arb_game, however broken, and
 * nothing that is not a game gets one.
 *
 * Memory: tags, nodes and findings live in the caller's arena; the game's
 * text (g->text, node spans are offsets into it) points into the input
 * window and stays valid until arb_pgn_release(), or as long as the caller
 * keeps a copy it points g->text to.
 */
#ifndef ARB_PGN_H
#define ARB_PGN_H

#include <stdbool.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/finding.h"
#include "read/input.h"
#include "read/lex.h"
#include "base/util.h"

struct arb_tag {
    const char *name;
    const char *value;            /* unescaped, UTF-8, NUL-terminated */
    uint32_t line, col;
};

enum arb_node_kind {
    ARB_N_MOVE, ARB_N_MOVENUM, ARB_N_COMMENT, ARB_N_NAG, ARB_N_VAR_OPEN, ARB_N_VAR_CLOSE,
    ARB_N_DRAW_OFFER, ARB_N_RESULT, ARB_N_ERROR
};

struct arb_node {                 /* 16 bytes: a game holds one per token */
    uint8_t kind;                 /* enum arb_node_kind */
    uint8_t dots;                 /* MOVENUM */
    uint8_t after_blank;          /* an empty line before it */
    int32_t num;                  /* MOVENUM number (-1: dots only), NAG value, RESULT enum */
    uint32_t off;                 /* the token's text: offset from the game's start_off ... */
    uint32_t len;                 /* ... and length (a game is at most --max-game-bytes) */
};

struct arb_game {
    const char *file;             /* name for reports */
    uint64_t index;               /* 1-based number of the game in its file */
    uint32_t line, col;           /* place of the first tag or move */
    uint64_t start_off, end_off;  /* its text: from the first tag or move to the end of what trails its
                                     marker (end_off: the next game's first byte, or less) */
    uint64_t raw_start, raw_end;  /* the same as byte offsets in the file; UINT64_MAX when they are not
                                     known (a file decoded through iconv: UTF-16, a multi-byte --encoding) */
    uint64_t raw_from;            /* where the bytes the game takes into a write-out begin (UINT64_MAX
                                     likewise): the file's first byte for its first game; else the first
                                     line after the game before's last line and the blank lines after it
                                     (a `%` line, a comment, the game's first tag), or the game's first
                                     token where that stands on the game before's last line.  The bytes
                                     up to the next game's raw_from (or the file's end) are the game's */
    const char *raw_encoding;     /* what the text was decoded from, to encode it back where the bytes
                                     cannot be copied: --encoding's or iconv's, or the code page guessed for
                                     its bytes; NULL: UTF-8 */
    struct arb_tag *tags;
    int n_tags;
    struct arb_node *nodes;
    int n_nodes, cap_nodes;
    enum arb_result marker;       /* termination marker at the top level (NONE if absent) */
    bool truncated;               /* cut at --max-game-bytes */
    bool fatal_syntax;            /* the movetext structure is broken: do not replay */
    const char *encoding_note;    /* set when this game's text was read in a guessed encoding */
    const char *text;             /* the game's text from start_off (NUL after its last line) */
    struct arb_findings findings;
    struct arb_arena *arena;
    const struct arb_input *in;   /* the reader's input, while the game is read (NULL after check hands it on) */
    /* The last place arb_game_locate() found (a cache: places are asked
     * for mostly in order, so a long game is counted through once). */
    uint64_t loc_off;
    uint32_t loc_line, loc_col;
};

/* A span of text the reader keeps track of (stray text, skipped comments). */
struct arb_pgn_span {
    uint64_t off, end;            /* absolute offsets in the decoded text */
    uint32_t line, col;
};

struct arb_pgn_reader {
    struct arb_input *in;
    struct arb_lexer lx;
    const char *file;
    uint64_t game_base;           /* index of the first game minus one (--game-base) */
    uint64_t games;
    uint64_t max_game_bytes;
    bool skipping;                /* the previous game was cut short: skip its rest */
    uint64_t after;               /* where the previous game ended (its rest skipped too) */
    bool skip_in_tags;
    int64_t raw_shift;            /* file offset minus decoded offset after the decode events taken so far
                                     (BOM not counted: input.raw_skip) */
    /* Does a word begin a bare move list (a move in some language)?  NULL:
     * every word does.  Set after arb_pgn_init (the commands pass the
     * notation layer's arb_notation_is_move_any). */
    bool (*is_move)(const char *s, size_t n);
};

void arb_pgn_init(struct arb_pgn_reader *r, struct arb_input *in, const char *file, uint64_t max_game_bytes);

/* Read the next game into *g (allocating from a).  Returns 1 for a game, 0
 * at the end of the input, -1 on a read error (in->err_no). */
int arb_pgn_next(struct arb_pgn_reader *r, struct arb_game *g, struct arb_arena *a);

/* Release the game's text from the input window (after it is reported). */
void arb_pgn_release(struct arb_pgn_reader *r, const struct arb_game *g);

/* The text of a node (valid as long as g->text). */
static inline const char *arb_node_text(const struct arb_game *g, const struct arb_node *n)
{
    return g->text + n->off;
}

/* The tag `name` (the first of that name), or NULL; arb_game_tag: its value. */
const struct arb_tag *arb_game_find_tag(const struct arb_game *g, const char *name);
const char *arb_game_tag(const struct arb_game *g, const char *name);


/* Does the input hold game records at all?  First its first bytes: a
 * compressed file, an archive, a document or an image (read/magic.h) is
 * not, whatever is_move says.  Then, unless is_move is NULL (any text may
 * be moves: the spoken notation), its first ARB_SNIFF_BYTES of text
 * (filling the window; the reader then reads the same text): a tag pair at
 * the start of a line or a word is_move accepts (after a move number glued
 * to it, "1.e4") says yes, and so does an input of nothing but white space
 * (it holds no game).  Else no, with why (cap bytes) saying what the input
 * is: "a gzip file (...)", binary data, or text without any of them.  A
 * read error says yes (the reader reports it). */
#define ARB_SNIFF_BYTES 65536
bool arb_pgn_sniff(struct arb_input *in, bool (*is_move)(const char *s, size_t n), char *why, size_t cap);

/* Open a file of games: arb_input_open() (every byte read copied to
 * tee_fd, unless it is -1: arb_input_tee), then arb_pgn_sniff() unless
 * is_move is NULL.  Returns 0, or -1 with the message in err ("PATH: not a
 * PGN file: binary data, ...") and nothing left open. */
int arb_pgn_open(struct arb_input *in, const char *path, const char *encoding,
                 bool (*is_move)(const char *s, size_t n), int tee_fd, char *err, size_t errlen);

/* Line and column of the absolute offset off inside the game's text. */
void arb_game_locate(const struct arb_game *g, uint64_t off, uint32_t *line, uint32_t *col);
/* Line and column of node n (counted when asked: a node does not keep them). */
void arb_node_place(const struct arb_game *g, const struct arb_node *n, uint32_t *line, uint32_t *col);

#endif
