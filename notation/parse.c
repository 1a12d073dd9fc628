/* parse.c — read one move token in a given language into a move description.
 *
 * A token is read right to left for its marks, then left to right for the
 * move:
 *
 *   token  := [piece] squares [promotion] [ep-mark] [check-mark] [annotation]
 *           | castling [check-mark] [annotation]
 *   piece  := a letter (or word) of the language's table
 *   squares:= sequence of file a-h, rank 1-8, capture mark (x : ×), hyphen (- –)
 *             read as   to | file to | rank to | file rank to | file file
 *   promotion := "=" P | "(" P ")" | "/" P | P          (P: a piece letter)
 *
 * Forms outside the language's standard but with one sure reading are read
 * and reported in info->forms (ARB_NF_*) so that the Laws layer can say so;
 * anything else is ARB_NP_ERROR with a phrase naming the offending part.
 */
#include "notation/notation.h"

#include "base/utf8.h"
#include "read/nag.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

static bool starts_with(const char *s, size_t n, const char *p)
{
    size_t k = strlen(p);
    return k <= n && memcmp(s, p, k) == 0;
}

static bool ends_with(const char *s, size_t n, const char *p)
{
    size_t k = strlen(p);
    return k <= n && memcmp(s + n - k, p, k) == 0;
}

/* Length of the UTF-8 character starting at s (1 for invalid bytes). */
static size_t u8len(const char *s, size_t n)
{
    size_t k = arb_utf8_valid((const unsigned char *)s, n);
    return k ? k : 1;
}

static void set_bad(struct arb_parse_info *info, const char *s, size_t n, size_t at)
{
    size_t k = u8len(s + at, n - at);
    if (k >= sizeof info->bad)
        k = sizeof info->bad - 1;
    memcpy(info->bad, s + at, k);
    info->bad[k] = 0;
    info->error_at = at;
}

static enum arb_np_status fail(struct arb_parse_info *info, const char *why, const char *s, size_t n, size_t at)
{
    info->error = why;
    if (at < n)
        set_bad(info, s, n, at);
    else
        info->error_at = n;
    return ARB_NP_ERROR;
}

/* The piece type whose letter (or alternative spelling) starts s, and its
 * length; -1 if none.  The longest spelling wins. */
static int match_piece(const struct arb_lang *lang, const char *s, size_t n, size_t *len)
{
    int best = -1;
    size_t best_len = 0;
    for (int t = ARB_KNIGHT; t <= ARB_KING; t++) {
        const char *p = lang->piece[t];
        if (p && strlen(p) > best_len && starts_with(s, n, p)) {
            best = t;
            best_len = strlen(p);
        }
        for (int i = 0; i < ARB_LANG_MAX_ALT && lang->piece_alt[t][i]; i++) {
            p = lang->piece_alt[t][i];
            if (strlen(p) > best_len && starts_with(s, n, p)) {
                best = t;
                best_len = strlen(p);
            }
        }
    }
    *len = best_len;
    return best;
}

/* A one-letter piece written in lower case (nf3).  Lower-case letters that
 * are also files (b in English, d in Finnish) are never read as pieces. */
static int match_lower_piece(const struct arb_lang *lang, char c)
{
    if (c >= 'a' && c <= 'h')
        return -1;
    for (int t = ARB_KNIGHT; t <= ARB_KING; t++) {
        const char *p = lang->piece[t];
        if (p && p[0] >= 'A' && p[0] <= 'Z' && !p[1] && p[0] - 'A' + 'a' == c)
            return t;
    }
    return -1;
}

static const char *const any_ep_marks[] = {"e.p.", "o.l.", "ep.", "e.p", "ep", NULL};

static bool is_lang_ep_mark(const struct arb_lang *lang, const char *s, size_t n)
{
    for (int i = 0; i < 3 && lang->ep_marks[i]; i++)
        if (strlen(lang->ep_marks[i]) == n && memcmp(s, lang->ep_marks[i], n) == 0)
            return true;
    return false;
}

/* Castling: two or three of O / 0 / o, optionally joined by hyphens. */
static bool parse_castling(const char *s, size_t n, struct arb_movedesc *d, struct arb_parse_info *info)
{
    int count = 0;
    bool letter = false, lower = false, dash = false;
    size_t i = 0;
    while (i < n) {
        char c = s[i];
        if (c == 'O' || c == '0' || c == 'o') {
            letter |= c == 'O';
            lower |= c == 'o';
            count++;
            i++;
            if (i < n) {
                if (s[i] == '-') {
                    dash = true;
                    i++;
                } else if (starts_with(s + i, n - i, "\xE2\x80\x93")) { /* en dash */
                    dash = true;
                    i += 3;
                } else if (s[i] != 'O' && s[i] != '0' && s[i] != 'o') {
                    return false;
                }
            }
        } else {
            return false;
        }
    }
    if (count != 2 && count != 3)
        return false;
    d->castle = count == 2 ? ARB_DESC_CASTLE_H : ARB_DESC_CASTLE_A;
    if (letter)
        info->forms |= ARB_NF_CASTLE_LETTER_O;
    if (lower)
        info->forms |= ARB_NF_CASTLE_LOWER;
    if (!dash)
        info->forms |= ARB_NF_CASTLE_NO_DASH;
    return true;
}

/* The piece type a single ASCII capital stands for in lang when the letter
 * can only be read one way (no longer spelling starts with it), else -1.
 * The table is derived from the language's own (const) data: built once
 * for every language of arb_langs[], the first time one is asked for, and
 * then only read.  Replays run on several threads (--jobs=N): pthread_once
 * builds it once and makes it visible to every thread, and the atomic flag
 * spares the look-ups after it even that call.  A caller that reads many
 * tokens in one language looks its table up once (arb_notation_letters)
 * and passes it to arb_notation_parse_with. */
struct arb_letters {
    int8_t piece[128];
};
enum { FAST_LANGS = 32 };             /* arb_langs[] holds at most 32 (notation.h) */
static struct arb_letters fast_table[FAST_LANGS];
static pthread_once_t fast_once = PTHREAD_ONCE_INIT;
static atomic_bool fast_ready;

static void fast_letters_init(struct arb_letters *fl, const struct arb_lang *lang)
{
    memset(fl->piece, -1, sizeof fl->piece);
    for (int t = ARB_KNIGHT; t <= ARB_KING; t++) {
        const char *p = lang->piece[t];
        if (p && p[0] >= 'A' && p[0] <= 'Z' && !p[1])
            fl->piece[(int)p[0]] = (int8_t)t;
    }
    /* A letter that also begins another spelling is left to the full parser
     * when that spelling could be read here: a one-letter spelling, or one
     * whose next character could follow a piece letter in a move (English
     * "Kt" cannot be mistaken for K followed by a square: t is no file). */
    for (int t = ARB_KNIGHT; t <= ARB_KING; t++)
        for (int i = 0; i < ARB_LANG_MAX_ALT && lang->piece_alt[t][i]; i++) {
            const unsigned char *a = (const unsigned char *)lang->piece_alt[t][i];
            if (a[0] < 128 && (!a[1] || (a[1] >= 'a' && a[1] <= 'h') || (a[1] >= '1' && a[1] <= '8') || a[1] == 'x'))
                fl->piece[a[0]] = -1;
        }
    if (lang->pawn_letter && (unsigned char)lang->pawn_letter[0] < 128)
        fl->piece[(unsigned char)lang->pawn_letter[0]] = -1;
}

static void fast_letters_build(void)
{
    for (int i = 0; i < FAST_LANGS && arb_langs[i]; i++)
        fast_letters_init(&fast_table[i], arb_langs[i]);
    atomic_store_explicit(&fast_ready, true, memory_order_release);
}

const struct arb_letters *arb_notation_letters(const struct arb_lang *lang)
{
    if (!atomic_load_explicit(&fast_ready, memory_order_acquire))
        pthread_once(&fast_once, fast_letters_build);
    for (int i = 0; i < FAST_LANGS && arb_langs[i]; i++)
        if (arb_langs[i] == lang)
            return &fast_table[i];
    return NULL;
}

/* The common case, read without table searches: plain SAN as PGN writes it,
 *   [piece] [file] [rank] [x] file rank [=piece] [+|#]
 * with single-letter pieces.  Anything else (and anything this reading would
 * not accept exactly as the full parser does) returns false and goes the
 * long way, so the two never disagree. */
static bool parse_fast(const struct arb_letters *fl, const char *s, size_t n, struct arb_movedesc *d,
                       struct arb_parse_info *info)
{
    size_t end = n;
    int check = 0;
    if (end && s[end - 1] == '#') {
        check = ARB_DESC_MATE;
        end--;
    } else if (end && s[end - 1] == '+') {
        check = ARB_DESC_CHECK;
        end--;
        if (end && (s[end - 1] == '+' || s[end - 1] == '#'))
            return false;
    }
    if (end && (s[0] == 'O' || s[0] == '0')) {
        /* Castling as PGN and FIDE write it: O-O, 0-0-0. */
        if (!((end == 3 && s[1] == '-' && s[2] == s[0])
              || (end == 5 && s[1] == '-' && s[2] == s[0] && s[3] == '-' && s[4] == s[0])))
            return false;
        *d = (struct arb_movedesc){.piece = ARB_NO_PIECE, .from_file = -1, .from_rank = -1, .to_file = -1,
                                   .to_rank = -1, .promo = ARB_NO_PIECE,
                                   .castle = end == 3 ? ARB_DESC_CASTLE_H : ARB_DESC_CASTLE_A,
                                   .check = (uint8_t)check};
        if (s[0] == 'O')
            info->forms |= ARB_NF_CASTLE_LETTER_O;
        return true;
    }
    int promo = ARB_NO_PIECE;
    if (end >= 4 && s[end - 2] == '=') {
        unsigned char c = (unsigned char)s[end - 1];
        if (c >= 128 || fl->piece[c] < 0 || fl->piece[c] == ARB_KING)
            return false;
        promo = fl->piece[c];
        end -= 2;
    }
    size_t i = 0;
    int piece = ARB_NO_PIECE;
    if (end && s[0] >= 'A' && s[0] <= 'Z') {
        if (fl->piece[(int)s[0]] < 0)
            return false;
        piece = fl->piece[(int)s[0]];
        i = 1;
    }
    /* What remains: [file][rank][x] file rank, all ASCII. */
    if (end < i + 2)
        return false;
    char tf = s[end - 2], tr = s[end - 1];
    if (tf < 'a' || tf > 'h' || tr < '1' || tr > '8')
        return false;
    size_t mid = end - 2;
    bool capture = false;
    if (mid > i && s[mid - 1] == 'x') {
        capture = true;
        mid--;
    }
    int ff = -1, fr = -1;
    if (mid > i && s[i] >= 'a' && s[i] <= 'h')
        ff = s[i++] - 'a';
    if (mid > i && s[i] >= '1' && s[i] <= '8')
        fr = s[i++] - '1';
    if (i != mid)
        return false;
    if (piece == ARB_NO_PIECE) {
        /* Pawn: "e4", "exd5", "e8=Q"; from rank or file-less captures are
         * the full parser's business (its messages are the reference). */
        if (fr >= 0 || (ff >= 0 && !capture) || (capture && ff < 0))
            return false;
        if (ff >= 0 && ff - (tf - 'a') != 1 && (tf - 'a') - ff != 1)
            return false;
        piece = ARB_PAWN;
    } else {
        if (promo != ARB_NO_PIECE)
            return false;
        if (ff >= 0 && fr >= 0)
            info->forms |= ARB_NF_LONG;
    }
    /* One whole-struct store: the caller reads the fields at once. */
    *d = (struct arb_movedesc){.piece = (int8_t)piece, .from_file = (int8_t)ff, .from_rank = (int8_t)fr,
                               .to_file = (int8_t)(tf - 'a'), .to_rank = (int8_t)(tr - '1'),
                               .promo = (int8_t)promo, .capture = capture, .check = (uint8_t)check};
    if (promo != ARB_NO_PIECE)
        info->forms |= ARB_NF_PROMO_EQUALS;
    return true;
}

enum arb_np_status arb_notation_parse_with(const struct arb_lang *lang, const struct arb_letters *letters,
                                           const char *s, size_t n, struct arb_movedesc *d,
                                           struct arb_parse_info *info)
{
    /* The fast path sets all of *d; of *info, the two a move uses (the
     * rest matters only for errors, which go the long way). */
    info->forms = 0;
    info->nag = 0;
    if (letters && parse_fast(letters, s, n, d, info))
        return ARB_NP_MOVE;
    return arb_notation_parse_full(lang, s, n, d, info);
}

enum arb_np_status arb_notation_parse(const struct arb_lang *lang, const char *s, size_t n,
                                      struct arb_movedesc *d, struct arb_parse_info *info)
{
    return arb_notation_parse_with(lang, arb_notation_letters(lang), s, n, d, info);
}

bool arb_notation_is_move_any(const char *s, size_t n)
{
    for (int i = 0; arb_langs[i]; i++) {
        struct arb_movedesc d;
        struct arb_parse_info info;
        if (!arb_langs[i]->spoken && arb_notation_parse(arb_langs[i], s, n, &d, &info) == ARB_NP_MOVE
            && !d.null_move)
            return true;
    }
    return false;
}

enum arb_np_status arb_notation_parse_full(const struct arb_lang *lang, const char *s, size_t n,
                                           struct arb_movedesc *d, struct arb_parse_info *info)
{
    memset(d, 0, sizeof *d);
    d->piece = ARB_NO_PIECE;
    d->from_file = d->from_rank = d->to_file = d->to_rank = -1;
    d->promo = ARB_NO_PIECE;
    memset(info, 0, sizeof *info);

    if (n == 0)
        return fail(info, "empty move", s, n, 0);

    /* Marks written as words of their own. */
    if (is_lang_ep_mark(lang, s, n))
        return ARB_NP_EP_MARK;
    for (int i = 0; any_ep_marks[i]; i++)
        if (strlen(any_ep_marks[i]) == n && memcmp(s, any_ep_marks[i], n) == 0) {
            info->forms |= ARB_NF_FOREIGN_EP_MARK;
            return ARB_NP_EP_MARK;
        }
    if ((n == 1 && (s[0] == '+' || s[0] == '#')) || (n == 2 && s[0] == '+' && s[1] == '+')) {
        d->check = s[0] == '#' || n == 2 ? ARB_DESC_MATE : ARB_DESC_CHECK;
        return ARB_NP_CHECK_MARK;
    }

    /* Null moves: PGN's "--" (ChessBase, python-chess), "Z0" (Scid, pgn-extract), "0000" (UCI), "@@@@"
     * (WinBoard). */
    if ((n == 2 && (memcmp(s, "--", 2) == 0 || memcmp(s, "Z0", 2) == 0))
        || (n == 4 && (memcmp(s, "0000", 4) == 0 || memcmp(s, "@@@@", 4) == 0))) {
        d->null_move = 1;
        return ARB_NP_MOVE;
    }

    /* Right to left: annotation glyphs, check/mate marks, en-passant marks. */
    size_t end = n;
    for (bool changed = true; changed && end > 0;) {
        changed = false;
        /* An annotation glued to the move ("e4!?", "Nf3\xC2\xB1"). */
        int nag;
        size_t glen = arb_nag_glued(s, end, &nag);
        if (glen) {
            if (!nag)
                return fail(info, "unknown annotation", s, n, end - glen);
            if (!info->nag)
                info->nag = nag;
            end -= glen;
            changed = true;
            continue;
        }
        if (s[end - 1] == '#') {
            d->check = ARB_DESC_MATE;
            end--;
            changed = true;
        } else if (end >= 2 && s[end - 1] == '+' && s[end - 2] == '+') {
            d->check = ARB_DESC_MATE;
            info->forms |= ARB_NF_DOUBLE_PLUS;
            end -= 2;
            changed = true;
        } else if (s[end - 1] == '+') {
            if (!d->check)
                d->check = ARB_DESC_CHECK;
            end--;
            changed = true;
        } else if (end >= 3 && s[end - 1] == 'X' && (s[end - 2] >= '1' && s[end - 2] <= '8')) {
            /* Finnish mate sign; read in any language, the Laws layer says
             * whether the language has it. */
            d->check = ARB_DESC_MATE;
            info->forms |= ARB_NF_X_MATE;
            end--;
            changed = true;
        } else if (end >= 3 && s[end - 1] == 'x' && (s[end - 2] >= '1' && s[end - 2] <= '8')) {
            /* A lower-case x after the square is no mark of the Laws (a
             * capture mark written last, or a mate sign mistaken): ignored,
             * and said so. */
            info->forms |= ARB_NF_TRAILING_X;
            end--;
            changed = true;
        } else {
            for (int i = 0; any_ep_marks[i]; i++) {
                const char *m = any_ep_marks[i];
                if (end > strlen(m) && ends_with(s, end, m)) {
                    d->ep = 1;
                    info->forms |= ARB_NF_EP_GLUED;
                    if (!is_lang_ep_mark(lang, m, strlen(m)))
                        info->forms |= ARB_NF_FOREIGN_EP_MARK;
                    end -= strlen(m);
                    changed = true;
                    break;
                }
            }
        }
    }
    if (end == 0)
        return fail(info, "no move before the marks", s, n, 0);

    if (parse_castling(s, end, d, info))
        return ARB_NP_MOVE;

    /* The piece. */
    size_t i = 0, plen;
    int piece = match_piece(lang, s, end, &plen);
    if (piece >= 0) {
        d->piece = (int8_t)piece;
        i = plen;
    } else if (lang->pawn_letter && starts_with(s, end, lang->pawn_letter)
               && end > strlen(lang->pawn_letter)) {
        d->piece = ARB_PAWN;
        info->forms |= ARB_NF_PAWN_LETTER;
        i = strlen(lang->pawn_letter);
    } else if ((piece = match_lower_piece(lang, s[0])) >= 0 && end > 1) {
        d->piece = (int8_t)piece;
        info->forms |= ARB_NF_LOWER_PIECE;
        i = 1;
    } else if (!(s[0] >= 'a' && s[0] <= 'h') && s[0] != 'x') {
        if ((unsigned char)s[0] >= 0x80 || (s[0] >= 'A' && s[0] <= 'Z'))
            return fail(info, "unknown piece letter", s, n, 0);
        return fail(info, "not a move", s, n, 0);
    }

    /* Squares, capture marks, hyphens, promotion. */
    enum { F, R, X, H };
    int kind[8], val[8], nk = 0;
    bool written_piece = d->piece != ARB_NO_PIECE;
    while (i < end) {
        char c = s[i];
        if (c >= 'a' && c <= 'h') {
            /* A lower-case letter after a rank at the very end: a promotion
             * letter (UCI e7e8q, or d8d written lower case). */
            if (nk && kind[nk - 1] == R && i + 1 == end) {
                int t = match_lower_piece(lang, c);
                if (t < 0 && c == 'b')
                    t = ARB_BISHOP;  /* UCI letters are English */
                if (t < 0) {
                    static const char uci[] = "nbrq";
                    const char *p = strchr(uci, c);
                    if (p)
                        t = ARB_KNIGHT + (int)(p - uci);
                }
                if (t < 0 && lang->piece[ARB_QUEEN] && lang->piece[ARB_QUEEN][0] - 'A' + 'a' == c)
                    t = ARB_QUEEN;
                if (t >= 0) {
                    d->promo = (int8_t)t;
                    info->forms |= ARB_NF_LOWER_PROMO;
                    i++;
                    break;
                }
            }
            if (nk == 8)
                return fail(info, "too many squares", s, n, i);
            kind[nk] = F;
            val[nk++] = c - 'a';
            i++;
        } else if (c >= '1' && c <= '8') {
            if (nk == 8)
                return fail(info, "too many squares", s, n, i);
            kind[nk] = R;
            val[nk++] = c - '1';
            i++;
        } else if (c == 'X' && written_piece && nk == 0 && i + 2 < end) {
            /* DXh4: a capital X where the capture mark stands. */
            info->forms |= ARB_NF_CAPITAL_X;
            d->capture = 1;
            kind[nk] = X;
            val[nk++] = 0;
            i++;
        } else if (c == 'x' || c == ':' || starts_with(s + i, end - i, "\xC3\x97")) {
            if (nk == 8)
                return fail(info, "too many squares", s, n, i);
            if (c == ':')
                info->forms |= ARB_NF_COLON_CAPTURE;
            d->capture = 1;
            kind[nk] = X;
            val[nk++] = 0;
            i += c == 'x' || c == ':' ? 1 : 2;
        } else if (c == '-' || starts_with(s + i, end - i, "\xE2\x80\x93")) {
            if (nk == 8)
                return fail(info, "too many squares", s, n, i);
            info->forms |= ARB_NF_HYPHEN;
            kind[nk] = H;
            val[nk++] = 0;
            i += c == '-' ? 1 : 3;
        } else if (nk && kind[nk - 1] == R) {
            /* Promotion: =P, (P), /P or P directly after the square. */
            size_t j = i;
            char close = 0;
            if (c == '=') {
                info->forms |= ARB_NF_PROMO_EQUALS;
                j++;
            } else if (c == '(' || c == '/') {
                info->forms |= ARB_NF_PROMO_PAREN;
                close = c == '(' ? ')' : 0;
                j++;
            }
            size_t len;
            int t = match_piece(lang, s + j, end - j, &len);
            if (t < 0 && lang->pawn_letter && starts_with(s + j, end - j, lang->pawn_letter)) {
                t = ARB_PAWN;
                len = strlen(lang->pawn_letter);
            }
            if (t < 0 && j < end && (t = match_lower_piece(lang, s[j])) >= 0) {
                info->forms |= ARB_NF_LOWER_PROMO;
                len = 1;
            }
            if (t < 0)
                return fail(info, j < end ? "unknown promotion piece" : "promotion piece missing after '='",
                            s, n, j < end ? j : i);
            j += len;
            if (close) {
                if (j >= end || s[j] != close)
                    return fail(info, "unclosed promotion bracket", s, n, j);
                j++;
            }
            d->promo = (int8_t)t;
            i = j;
            if (i < end)
                return fail(info, "unexpected characters after the promotion", s, n, i);
        } else {
            if ((unsigned char)c >= 0x80 || (c >= 'A' && c <= 'Z'))
                return fail(info, written_piece ? "unexpected letter" : "unknown piece letter", s, n, i);
            return fail(info, "unexpected character", s, n, i);
        }
    }

    /* Read the squares: drop marks, remember where the capture mark stood. */
    int sk[8], sv[8], ns = 0, x_before = -1;
    for (int k = 0; k < nk; k++) {
        if (kind[k] == X) {
            if (x_before >= 0)
                return fail(info, "two capture marks", s, n, 0);
            x_before = ns;
        } else if (kind[k] != H) {
            sk[ns] = kind[k];
            sv[ns++] = val[k];
        }
    }
    if (ns == 2 && sk[0] == F && sk[1] == R) {
        d->to_file = (int8_t)sv[0];
        d->to_rank = (int8_t)sv[1];
    } else if (ns == 3 && sk[0] == F && sk[1] == F && sk[2] == R) {
        d->from_file = (int8_t)sv[0];
        d->to_file = (int8_t)sv[1];
        d->to_rank = (int8_t)sv[2];
    } else if (ns == 3 && sk[0] == R && sk[1] == F && sk[2] == R) {
        d->from_rank = (int8_t)sv[0];
        d->to_file = (int8_t)sv[1];
        d->to_rank = (int8_t)sv[2];
    } else if (ns == 4 && sk[0] == F && sk[1] == R && sk[2] == F && sk[3] == R) {
        d->from_file = (int8_t)sv[0];
        d->from_rank = (int8_t)sv[1];
        d->to_file = (int8_t)sv[2];
        d->to_rank = (int8_t)sv[3];
        if (written_piece) {
            info->forms |= ARB_NF_LONG;
        } else {
            /* e2e4, g1f3: the piece is the one on the first square. */
            d->coords = 1;
            info->forms |= (info->forms & ARB_NF_HYPHEN) ? ARB_NF_LONG : ARB_NF_COORDS;
            if (d->piece == ARB_PAWN)
                d->coords = 0;
        }
    } else if (ns == 2 && sk[0] == F && sk[1] == F && !written_piece) {
        d->from_file = (int8_t)sv[0];
        d->to_file = (int8_t)sv[1];
    } else if (ns == 0) {
        return fail(info, "no square", s, n, i < n ? i : n);
    } else if (ns && sk[ns - 1] == F) {
        return fail(info, "incomplete: the target square has no rank", s, n, n);
    } else {
        return fail(info, "the squares cannot be read as departure and arrival", s, n, n);
    }
    if (x_before == 0 && ns > 2)
        return fail(info, "capture mark before the departure square", s, n, 0);
    if (x_before >= 0 && x_before == ns)
        return fail(info, "capture mark after the target square", s, n, 0);
    if (x_before >= 0 && x_before < ns && sk[x_before] != F)
        return fail(info, "the capture mark must be followed by the whole target square", s, n, 0);
    if (d->piece == ARB_NO_PIECE && !d->coords)
        d->piece = ARB_PAWN;
    if (d->piece == ARB_PAWN) {
        if (d->from_file >= 0 && d->from_file == d->to_file && d->from_rank < 0)
            return fail(info, "a pawn capture must change file", s, n, 0);
        if (d->from_file >= 0 && d->from_rank < 0 && d->from_file != d->to_file
            && d->from_file - d->to_file != 1 && d->to_file - d->from_file != 1)
            return fail(info, "a pawn captures only onto a neighbouring file", s, n, 0);
    } else if (d->to_rank < 0 && !d->coords) {
        return fail(info, "no target square", s, n, 0);
    }
    if (d->promo != ARB_NO_PIECE && d->piece != ARB_PAWN && !d->coords)
        return fail(info, "only a pawn can promote", s, n, 0);
    return ARB_NP_MOVE;
}
