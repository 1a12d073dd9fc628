/* nag.c — annotation glyphs (see nag.h). */
#include "read/nag.h"

#include <stdbool.h>
#include <string.h>

/* Glyph, NAG, and whether it may be glued to a move.  Sources: PGN
 * standard §10 (the numbers), lichess/scalachess Glyph.scala and
 * python-chess (which number they read), the Informator symbols. */
static const struct {
    const char *glyph;
    int nag;
    bool glued;
} glyphs[] = {
    {"!", 1, true},            {"?", 2, true},            {"!!", 3, true},
    {"??", 4, true},           {"!?", 5, true},           {"?!", 6, true},
    {"\xE2\x96\xA1", 7, true},                   /* □ only move */
    {"=", 10, false},                            /* drawish, equal */
    {"\xE2\x88\x9E", 13, true},                  /* ∞ unclear */
    {"+=", 14, false},         {"+/=", 14, false},
    {"\xE2\xA9\xB2", 14, true},                  /* ⩲ White slightly better */
    {"=+", 15, false},         {"=/+", 15, false},
    {"\xE2\xA9\xB1", 15, true},                  /* ⩱ Black slightly better */
    {"\xC2\xB1", 16, true},    {"+/-", 16, false}, /* ± White better */
    {"\xE2\x88\x93", 17, true}, {"-/+", 17, false}, /* ∓ Black better */
    {"+-", 18, false},
    {"+\xE2\x88\x92", 18, true},                 /* +− White winning (U+2212 minus) */
    {"-+", 19, false},
    {"\xE2\x88\x92+", 19, true},                 /* −+ Black winning */
    /* ChessBase and Fritz print the long minus of their evaluation
     * glyphs as an en dash ("+–", "–+", "+/–", "–/+"); text taken from
     * them writes the dash as two hyphens, as typewritten text does:
     * "+--" White winning, "--+" Black winning, "+/--", "--/+". */
    {"+--", 18, false},        {"--+", 19, false},
    {"+/--", 16, false},       {"--/+", 17, false},
    {"+\xE2\x80\x93", 18, true},                 /* +– (U+2013 en dash) */
    {"\xE2\x80\x93+", 19, true},                 /* –+ */
    {"+/\xE2\x80\x93", 16, true},                /* +/– */
    {"\xE2\x80\x93/+", 17, true},                /* –/+ */
    {"+/\xE2\x88\x92", 16, true},                /* +/− (U+2212 minus) */
    {"\xE2\x88\x92/+", 17, true},                /* −/+ */
    {"\xE2\xA8\x80", 22, true},                  /* ⨀ zugzwang */
    {"\xE2\x8A\x99", 22, true},                  /* ⊙ zugzwang (another font's) */
    {"\xE2\x86\x91\xE2\x86\x91", 32, true},      /* ↑↑ development */
    {"\xE2\x9F\xB3", 32, true},                  /* ⟳ development */
    {"\xE2\x86\x91", 36, true},                  /* ↑ initiative */
    {"\xE2\x86\x92", 40, true},                  /* → attack */
    {"=\xE2\x88\x9E", 44, true},                 /* =∞ compensation */
    {"\xE2\x88\x9E=", 44, true},
    {"\xE2\x87\x86", 132, true},                 /* ⇆ counterplay */
    {"\xE2\x8A\x95", 138, true},                 /* ⊕ time trouble */
    {"\xE2\x88\x86", 140, true},                 /* ∆ with the idea */
    {"\xCE\x94", 140, true},                     /* Δ (Greek capital delta) */
    {"\xE2\x88\x87", 141, true},                 /* ∇ aimed against */
    {"\xE2\x8C\x93", 142, true},                 /* ⌓ better is */
    {"\xE2\x89\xA4", 143, true},                 /* ≤ worse is */
};

int arb_nag_of_glyph(const char *s, size_t n)
{
    for (size_t i = 0; i < sizeof glyphs / sizeof glyphs[0]; i++)
        if (strlen(glyphs[i].glyph) == n && memcmp(s, glyphs[i].glyph, n) == 0)
            return glyphs[i].nag;
    return 0;
}

size_t arb_nag_glued(const char *s, size_t n, int *nag)
{
    *nag = 0;
    size_t k = n;
    while (k > 0 && (s[k - 1] == '!' || s[k - 1] == '?'))
        k--;
    if (k < n) {
        if (k == 0)
            return 0;
        *nag = arb_nag_of_glyph(s + k, n - k);
        return n - k;
    }
    size_t best = 0;
    for (size_t i = 0; i < sizeof glyphs / sizeof glyphs[0]; i++) {
        size_t g = strlen(glyphs[i].glyph);
        if (glyphs[i].glued && g < n && g > best && memcmp(s + n - g, glyphs[i].glyph, g) == 0) {
            best = g;
            *nag = glyphs[i].nag;
        }
    }
    return best;
}

const char *arb_nag_glyph(int nag)
{
    for (size_t i = 0; i < sizeof glyphs / sizeof glyphs[0]; i++)
        if (glyphs[i].nag == nag)
            return glyphs[i].glyph;
    return NULL;
}
