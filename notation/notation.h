/* notation.h — the notation layer: move tokens in a language <-> descriptions.
 *
 * Each language is one table (struct arb_lang, in notation/lang_*.c) that
 * names its source.  The parser reads a token written in one language into
 * a language-free struct arb_movedesc (src/chess/san.h); the writer does the
 * reverse.  A game is read in one language throughout: nothing here guesses
 * a language letter by letter.
 */
#ifndef ARB_NOTATION_H
#define ARB_NOTATION_H

#include <stddef.h>
#include <stdint.h>

#include "chess/san.h"

#define ARB_LANG_MAX_ALT 6

struct arb_lang {
    const char *code;                 /* "en", "fi", ... */
    const char *name;                 /* "English" */
    const char *source;               /* where the letters and marks come from */
    const char *piece[6];             /* letter written for each piece type; [ARB_PAWN] NULL */
    /* Other spellings read for each piece type (words a scoresheet may use). */
    const char *piece_alt[6][ARB_LANG_MAX_ALT];
    const char *pawn_letter;          /* a pawn letter some players write (not FIDE), or NULL */
    const char *castle_h;             /* written form of 0-0 */
    const char *castle_a;             /* written form of 0-0-0 */
    const char *promo_sep;            /* between square and promotion letter: "=" (PGN) or "" (FIDE C.11) */
    const char *mate_mark;            /* "#" or "++" */
    const char *ep_marks[3];          /* en-passant marks of the language ("e.p.", "o.l.") */
    unsigned flags;                   /* ARB_LANG_* */
    const char *article_letters;      /* Appendix C article naming the letters, e.g. "C.2" */
    const struct arb_spoken *spoken;  /* spoken notation (moves are phrases of words), or NULL */
};

/* Spoken notation (Laws App. D.2.1; 2009 App. E.2.1): words for the files,
 * the ranks, castling, captures and checks.  Pieces are the table's
 * piece_alt words; the pawn word is pawn_letter. */
struct arb_spoken {
    const char *file[8];              /* "Anna" ... "Hector" */
    const char *rank[8];              /* "eins" ... "acht" */
    const char *castle_h[3];          /* words of the short castling ("Kurze", "Rochade") */
    const char *castle_a[3];
    const char *capture[3];           /* "schlägt", "nimmt" */
    const char *check;                /* "Schach" */
    const char *mate;                 /* "Matt" */
};


enum {
    ARB_LANG_X_MATE = 1 << 0,         /* a capital X after the move is the mate sign (Finnish C.13) */
    ARB_LANG_PGN = 1 << 1,            /* the PGN export language: O-O with letter O is standard */
    ARB_LANG_FIGURINE = 1 << 2        /* pieces are Unicode figurines */
};

/* The languages, in a fixed order; NULL-terminated. */
extern const struct arb_lang *const arb_langs[];
/* The language with that code, or NULL. */
const struct arb_lang *arb_lang_find(const char *code);
/* Index of lang in arb_langs[] (its bit in language masks), -1 if none. */
int arb_lang_index(const struct arb_lang *lang);

/* Language masks: bit i stands for arb_langs[i] (at most 32 languages). */
uint32_t arb_lang_all(void);
/* The languages that have a piece spelling starting with the token's first
 * character; every language for a token that starts with a file, a digit,
 * castling or a mark (it tells nothing); 0 when no language has it. */
uint32_t arb_lang_lead_mask(const char *tok, size_t n);

/* How a token departs from its language's standard form (for findings). */
enum {
    ARB_NF_CASTLE_LETTER_O = 1 << 0,  /* castling written with letter O (O-O) */
    ARB_NF_CASTLE_LOWER    = 1 << 1,  /* castling written o-o */
    ARB_NF_PROMO_EQUALS    = 1 << 2,  /* promotion written d8=Q */
    ARB_NF_PROMO_PAREN     = 1 << 3,  /* promotion written d8(Q) or d8/Q */
    ARB_NF_LOWER_PIECE     = 1 << 4,  /* piece letter in lower case (nf3) */
    ARB_NF_PAWN_LETTER     = 1 << 5,  /* a pawn letter written (Pe4) */
    ARB_NF_LONG            = 1 << 6,  /* long form with departure square (Ng1f3, e2e4) */
    ARB_NF_HYPHEN          = 1 << 7,  /* hyphen between squares (e2-e4) */
    ARB_NF_EP_GLUED        = 1 << 8,  /* en-passant mark without a space (exd6e.p.) */
    ARB_NF_COORDS          = 1 << 9,  /* pure coordinates (g1f3, e7e8q) */
    ARB_NF_COLON_CAPTURE   = 1 << 10, /* capture written with ':' */
    ARB_NF_DOUBLE_PLUS     = 1 << 11, /* mate written ++ */
    ARB_NF_X_MATE          = 1 << 12, /* mate written with capital X */
    ARB_NF_LOWER_PROMO     = 1 << 13, /* promotion letter in lower case (d8d) */
    ARB_NF_CASTLE_NO_DASH  = 1 << 14, /* castling written OO or 00 */
    ARB_NF_FOREIGN_EP_MARK = 1 << 15, /* en-passant mark of another language */
    ARB_NF_CAPITAL_X       = 1 << 16, /* a capital X as the capture mark (DXh4) */
    ARB_NF_TRAILING_X      = 1 << 17  /* a lower-case x after the square (Dh4x), ignored */
};

/* Result of reading one token. */
enum arb_np_status {
    ARB_NP_MOVE = 0,      /* *d describes a move */
    ARB_NP_EP_MARK,       /* the token is an en-passant mark written as its own word */
    ARB_NP_CHECK_MARK,    /* the token is a check or mate mark on its own ("+", "#") */
    ARB_NP_ERROR          /* not a move in this language: see info->error */
};

struct arb_parse_info {
    int nag;              /* annotation glued to the move (!, ?, !!, ??, !?, ?!) as a NAG; 0 if none */
    unsigned forms;       /* ARB_NF_* */
    const char *error;    /* ARB_NP_ERROR: why, one phrase ("unknown piece letter 'S'") */
    size_t error_at;      /* byte offset in the token the error refers to */
    char bad[8];          /* the offending character(s), UTF-8, NUL-terminated */
};

/* Read a move phrase of a spoken language from the words w[0..n) (each
 * w[i] with length len[i]).  Returns how many words the move took (> 0),
 * with *d filled, or 0 when the words do not begin a move (info->error). */
int arb_notation_parse_spoken(const struct arb_lang *lang, const char *const *w, const size_t *len, int n,
                              struct arb_movedesc *d, struct arb_parse_info *info);

/* Read the n bytes at s (one whitespace-free token, UTF-8) as a move in
 * lang.  Fills *d and *info.  Never reads beyond s + n. */
enum arb_np_status arb_notation_parse(const struct arb_lang *lang, const char *s, size_t n,
                                      struct arb_movedesc *d, struct arb_parse_info *info);

/* The table of lang's piece letters that arb_notation_parse's fast path
 * for plain SAN reads by (built once for all languages, shared by every
 * thread, never changed); NULL for a language outside arb_langs[]. */
struct arb_letters;
const struct arb_letters *arb_notation_letters(const struct arb_lang *lang);

/* arb_notation_parse with lang's letters looked up once by the caller
 * (arb_notation_letters(lang); NULL: no fast path), for one who reads
 * many tokens in one language: the same reading. */
enum arb_np_status arb_notation_parse_with(const struct arb_lang *lang, const struct arb_letters *letters,
                                           const char *s, size_t n, struct arb_movedesc *d,
                                           struct arb_parse_info *info);

/* Whether the n bytes at s read as a move (not a lone mark) in any
 * language arbiter knows (arb_pgn_sniff's test of a word). */
bool arb_notation_is_move_any(const char *s, size_t n);

/* The same reading without the fast path for plain SAN: tests compare the
 * two token by token; callers use arb_notation_parse. */
enum arb_np_status arb_notation_parse_full(const struct arb_lang *lang, const char *s, size_t n,
                                           struct arb_movedesc *d, struct arb_parse_info *info);

/* The longest move arb_notation_write() writes, with its NUL: a spoken
 * phrase ("Springer Gustav sieben schlägt Hector acht Matt") runs past 32. */
#define ARB_MOVE_TEXT_MAX 96

/* Write the move described by d in lang's notation into out (NUL-terminated,
 * at most cap bytes; ARB_MOVE_TEXT_MAX suffice, for the
 * spoken phrases too).  With_check adds the check/mate mark.
 * Returns the length written. */
size_t arb_notation_write(const struct arb_lang *lang, const struct arb_movedesc *d, bool with_check,
                          char *out, size_t cap);

/* Write the legal move m of pos in UCI coordinates ("e2e4", "e7e8q"; castling
 * as the king's two-square step, or king-takes-rook in Chess960) into out[6].
 * Returns the length. */
size_t arb_notation_uci(const struct arb_pos *pos, arb_move m, char out[6]);

/* The move number of a ply as PGN writes it: "12." before White's move,
 * "12..." before Black's.  k counts the plies since White's move of move
 * `first` (first 12, k 0: "12."; k 3: "13...").  Returns out (16 bytes). */
char *arb_move_number(unsigned first, int k, char out[16]);

/* Write a square ("e4") into out[3]. */
void arb_square_name(int sq, char out[3]);

#endif
