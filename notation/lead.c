/* lead.c — which languages could have written a move token's piece letter.
 *
 * Language detection (src/laws/detect.c) first narrows the candidates by the
 * letters a game uses, then lets legality decide.  This is the first half:
 * the leading character of a token (a capital letter, a Cyrillic letter, a
 * figurine) maps to the set of languages with a piece spelling that starts
 * with it.  Tokens that start with a file letter, a digit or a castling
 * O/0 say nothing about the language.
 */
#include "notation/notation.h"

#include "base/utf8.h"

#include <pthread.h>
#include <string.h>

/* The first character of s as a code point (0 if none or invalid). */
static uint32_t first_cp(const char *s, size_t n, size_t *len)
{
    const unsigned char *u = (const unsigned char *)s;
    *len = 1;
    size_t k = n ? arb_utf8_valid(u, n) : 0;
    if (!k)
        return 0;
    *len = k;
    return arb_utf8_decode(u, k);
}

/* Code point -> mask, for the few dozen characters piece spellings start with. */
#define LEAD_MAX 256
static struct {
    uint32_t cp[LEAD_MAX];
    uint32_t mask[LEAD_MAX];
    int n;
} leads;

static void add_lead(const char *spelling, int lang)
{
    size_t len;
    uint32_t cp = first_cp(spelling, strlen(spelling), &len);
    if (!cp || (cp >= 'a' && cp <= 'h'))
        return;
    for (int i = 0; i < leads.n; i++)
        if (leads.cp[i] == cp) {
            leads.mask[i] |= 1u << lang;
            return;
        }
    if (leads.n < LEAD_MAX) {
        leads.cp[leads.n] = cp;
        leads.mask[leads.n++] = 1u << lang;
    }
}

static uint32_t ascii_mask[128];   /* the same for one-byte characters */

static uint32_t lookup(uint32_t cp);

static void leads_init(void)
{
    for (int l = 0; arb_langs[l] && l < 32; l++) {
        const struct arb_lang *lang = arb_langs[l];
        for (int t = ARB_KNIGHT; t <= ARB_KING; t++) {
            if (lang->piece[t])
                add_lead(lang->piece[t], l);
            for (int i = 0; i < ARB_LANG_MAX_ALT && lang->piece_alt[t][i]; i++)
                add_lead(lang->piece_alt[t][i], l);
        }
        if (lang->pawn_letter)
            add_lead(lang->pawn_letter, l);
        const struct arb_spoken *sp = lang->spoken;
        if (sp) {
            /* Spoken notation: every word a move may begin with. */
            for (int i = 0; i < 8; i++)
                add_lead(sp->file[i], l), add_lead(sp->rank[i], l);
            add_lead(sp->castle_h[0], l);
            add_lead(sp->castle_a[0], l);
        }
    }
    for (uint32_t c = 0; c < 128; c++)
        ascii_mask[c] = lookup(c);
}

uint32_t arb_lang_all(void)
{
    int n = 0;
    while (arb_langs[n] && n < 32)
        n++;
    return n >= 32 ? ~0u : (1u << n) - 1;
}

uint32_t arb_lang_lead_mask(const char *tok, size_t n)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, leads_init);
    if (n && (unsigned char)tok[0] < 0x80)
        return ascii_mask[(unsigned char)tok[0]];
    size_t len;
    return lookup(first_cp(tok, n, &len));
}

static uint32_t lookup(uint32_t cp)
{
    /* Files, digits, castling and marks: no letter to tell by. */
    if (!cp || (cp >= 'a' && cp <= 'h') || (cp >= '0' && cp <= '9') || cp == 'O' || cp == 'o'
        || cp == '-' || cp == '+' || cp == '#' || cp == 'x' || cp == ':')
        return arb_lang_all();
    uint32_t mask = 0;
    for (int i = 0; i < leads.n; i++)
        if (leads.cp[i] == cp)
            mask |= leads.mask[i];
    /* A lower-case piece letter (nf3) counts for the languages with that
     * capital too. */
    if (cp >= 'i' && cp <= 'z') {
        uint32_t up = cp - 'a' + 'A';
        for (int i = 0; i < leads.n; i++)
            if (leads.cp[i] == up)
                mask |= leads.mask[i];
    }
    return mask;
}
