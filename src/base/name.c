/* name.c — players' names: folded for comparison, and matched the ways
 * the same person is written in different files.
 *
 * Part of base: the tournament report's pairings (cli/trfcheck) and
 * --duplicates (cli/dupes) compare players by these rules, and nothing
 * else does.
 */
#include "base/name.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/utf8.h"
#include "base/util.h"

/* U+00C0-U+00FF to lower-case ASCII ('.': a separator, '*': two letters). */
static const char latin1_sup[65] =
    "aaaaaa*ceeeeiiii" "dnooooo.ouuuuy**"
    "aaaaaa*ceeeeiiii" "dnooooo.ouuuuy*y";
/* U+0100-U+017F (Latin Extended-A) likewise. */
static const char ext_a[129] =
    "aaaaaaccccccccdd" "ddeeeeeeeeeegggg"
    "gggghhhhiiiiiiii" "ii**jjkkklllllll"
    "lllnnnnnnnnnoooo" "oo**rrrrrrssssss"
    "ssttttttuuuuuuuu" "uuuuwwyyyzzzzzzs";

/* The ASCII for code point c: letters folded, "" for a mark to drop, " "
 * for a separator; NULL to keep the character as it is. */
static const char *fold_cp(uint32_t c, char tmp[3])
{
    tmp[1] = tmp[2] = 0;
    if (c >= 0x300 && c <= 0x36F)
        return "";   /* combining marks (decomposed accents) */
    const char *tab = NULL;
    uint32_t base = 0;
    if (c >= 0xC0 && c <= 0xFF)
        tab = latin1_sup, base = 0xC0;
    else if (c >= 0x100 && c <= 0x17F)
        tab = ext_a, base = 0x100;
    else if (c == 0x218 || c == 0x219)
        return "s";
    else if (c == 0x21A || c == 0x21B)
        return "t";
    if (!tab)
        return NULL;
    char x = tab[c - base];
    if (x == '.')
        return " ";
    if (x != '*') {
        tmp[0] = x;
        return tmp;
    }
    switch (c) {
    case 0xC6: case 0xE6: return "ae";
    case 0xDE: case 0xFE: return "th";
    case 0xDF: return "ss";
    case 0x132: case 0x133: return "ij";
    default: return "oe";   /* U+0152, U+0153 */
    }
}

void arb_name_fold(const char *s, char *out, size_t cap)
{
    size_t o = 0, n = strlen(s);
    bool sep = true;   /* at a word's start */
    char tmp[3];
    if (!cap)
        return;
    for (size_t i = 0; i < n && o + 4 < cap;) {
        unsigned char ch = (unsigned char)s[i];
        const char *rep;
        size_t w = 1;
        char one[2] = {0};
        if (ch < 0x80) {
            if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9'))
                one[0] = (char)ch, rep = one;
            else if (ch >= 'A' && ch <= 'Z')
                one[0] = (char)(ch - 'A' + 'a'), rep = one;
            else if (ch == '\'' || ch == '`')
                rep = "";   /* O'Neil: one word */
            else
                rep = " ";   /* blanks, commas, dots, hyphens */
        } else {
            bool cut;
            w = arb_utf8_char((const unsigned char *)s + i, n - i, &cut);
            if (!w)
                w = 1;
            rep = fold_cp(arb_utf8_decode((const unsigned char *)s + i, w), tmp);
            if (!rep) {
                /* Another script: kept as it is, as part of the word. */
                if (sep && o)
                    out[o++] = ' ';
                sep = false;
                for (size_t k = 0; k < w && o + 1 < cap; k++)
                    out[o++] = s[i + k];
                i += w;
                continue;
            }
        }
        i += w;
        if (rep[0] == ' ') {
            sep = true;
            continue;
        }
        if (!rep[0])
            continue;
        if (sep && o)
            out[o++] = ' ';
        sep = false;
        for (const char *p = rep; *p && o + 1 < cap; p++)
            out[o++] = *p;
    }
    out[o] = 0;
}

#define NAME_WORDS ARB_NAME_WORDS

static const char *word(const struct arb_name *nm, int i)
{
    return nm->buf + nm->w[i];
}

void arb_name_prepare(struct arb_name *nm, const char *s)
{
    /* The family name: before a comma, when there is one. */
    const char *comma = strchr(s, ',');
    char fam[256] = "";
    if (comma) {
        size_t k = (size_t)(comma - s);
        char tmp[256];
        if (k >= sizeof tmp)
            k = sizeof tmp - 1;
        memcpy(tmp, s, k);
        tmp[k] = 0;
        arb_name_fold(tmp, fam, sizeof fam);
    }
    int fam_words = 0;
    for (char *p = fam; *p; p++)
        fam_words += (p == fam || p[-1] == ' ');
    arb_name_fold(s, nm->buf, sizeof nm->buf);
    nm->n = 0;
    for (char *p = nm->buf; *p && nm->n < NAME_WORDS;) {
        char *e = strchr(p, ' ');
        nm->family[nm->n] = nm->n < fam_words;
        nm->w[nm->n++] = (unsigned char)(p - nm->buf);
        if (!e)
            break;
        *e = 0;
        p = e + 1;
    }
}

/* Two words the same, "ue" for "ü" too (Huebner = Hübner, folded hubner). */
static bool word_eq(const char *a, const char *b)
{
    if (strcmp(a, b) == 0)
        return true;
    for (;;) {
        if (*a == *b) {
            if (!*a)
                return true;
            bool vowel = strchr("aou", *a) != NULL;
            a++, b++;
            if (vowel && *a == 'e' && *b != 'e')
                a++;
            else if (vowel && *b == 'e' && *a != 'e')
                b++;
            continue;
        }
        return false;
    }
}

bool arb_name_same(const struct arb_name *x, const struct arb_name *y)
{
    if (!x->n || !y->n)
        return false;
    const struct arb_name *s = x->n <= y->n ? x : y, *l = s == x ? y : x;
    bool used[NAME_WORDS] = {false};
    int full = 0;
    /* Whole words first, then initials. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < s->n; i++) {
            const char *sw = word(s, i);
            bool initial = sw[1] == 0;
            if (initial != (pass == 1))
                continue;
            int j;
            for (j = 0; j < l->n; j++) {
                if (used[j])
                    continue;
                if (!initial && word_eq(sw, word(l, j)))
                    break;
                if (initial && sw[0] == word(l, j)[0] && !l->family[j] && !s->family[i])
                    break;
            }
            if (j == l->n) {
                /* An initial on the longer side ("M. Carlsen" against
                 * "Carlsen Magnus" when the short one is whole)? */
                if (!initial) {
                    for (j = 0; j < l->n; j++)
                        if (!used[j] && word(l, j)[1] == 0 && word(l, j)[0] == sw[0] && !l->family[j]
                            && !s->family[i])
                            break;
                    if (j < l->n) {
                        used[j] = true;
                        continue;
                    }
                }
                return false;
            }
            used[j] = true;
            full += !initial && sw[1] != 0;
        }
    return full > 0;
}

/* A name as "family given" (folded: "Carlsen, Magnus" and "Magnus
 * Carlsen" both "carlsen magnus"), where its family name ends (*fam
 * bytes), and the initial of its given name (0 for none). */
static void family_first(const char *name, char *out, size_t cap, size_t *fam, char *initial)
{
    char f[128], g[128], raw[128];
    const char *comma = strchr(name, ',');
    if (comma) {
        size_t k = (size_t)(comma - name) < sizeof raw - 1 ? (size_t)(comma - name) : sizeof raw - 1;
        memcpy(raw, name, k);
        raw[k] = 0;
        arb_name_fold(raw, f, sizeof f);
        arb_name_fold(comma + 1, g, sizeof g);
    } else {
        arb_name_fold(name, g, sizeof g);
        char *sp = strrchr(g, ' ');
        snprintf(f, sizeof f, "%s", sp ? sp + 1 : g);
        if (sp)
            *sp = 0;
        else
            g[0] = 0;
    }
    *fam = strlen(f);
    *initial = g[0];
    snprintf(out, cap, "%s%s%s", f, g[0] ? " " : "", g);
}

int arb_name_nearest(const char *name, const char *const *names, int n)
{
    char a[256], b[256], ia, ib;
    size_t fa, fb;
    family_first(name, a, sizeof a, &fa, &ia);
    size_t la = strlen(a);
    if (!la)
        return -1;
    int best = -1;
    size_t best_d = SIZE_MAX, best_len = 1;
    for (int k = 0; k < n; k++) {
        family_first(names[k], b, sizeof b, &fb, &ib);
        size_t d = arb_edit_distance(a, la, b, strlen(b)), len = la;
        if (!ia || !ib || ia == ib) {
            /* The family names alone (one side may give only an initial). */
            size_t df = arb_edit_distance(a, fa, b, fb);
            if (df != SIZE_MAX && (d == SIZE_MAX || df * len < d * fa)) {
                d = df;
                len = fa;
            }
        }
        size_t limit = len / 3 ? len / 3 : 1;
        /* The nearest by the share of the letters that differ. */
        if (d <= limit && (best < 0 || d * best_len < best_d * len)) {
            best = k;
            best_d = d;
            best_len = len;
        }
    }
    return best;
}

bool arb_name_match(const char *a, const char *b)
{
    struct arb_name x, y;
    arb_name_prepare(&x, a);
    arb_name_prepare(&y, b);
    return arb_name_same(&x, &y);
}

uint64_t arb_name_word_key(const struct arb_name *nm, int i)
{
    /* FNV-1a over the word as word_eq() sees it: an 'e' after a, o or u
     * left out (both sides of a match lose it or keep it alike). */
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (const char *p = word(nm, i); *p; p++) {
        h = (h ^ (unsigned char)*p) * UINT64_C(0x100000001b3);
        if ((*p == 'a' || *p == 'o' || *p == 'u') && p[1] == 'e')
            p++;
    }
    return h;
}

bool arb_name_initial(const struct arb_name *nm, int i)
{
    return word(nm, i)[1] == 0;
}
