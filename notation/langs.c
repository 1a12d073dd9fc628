/* langs.c — the list of notation languages.  Adding a language is adding
 * its table file and one line here. */
#include "notation/notation.h"

#include <string.h>

extern const struct arb_lang arb_lang_en;
extern const struct arb_lang arb_lang_fi;
extern const struct arb_lang arb_lang_et;
extern const struct arb_lang arb_lang_de;
extern const struct arb_lang arb_lang_nl;
extern const struct arb_lang arb_lang_sv;
extern const struct arb_lang arb_lang_no;
extern const struct arb_lang arb_lang_da;
extern const struct arb_lang arb_lang_fr;
extern const struct arb_lang arb_lang_es;
extern const struct arb_lang arb_lang_it;
extern const struct arb_lang arb_lang_pt;
extern const struct arb_lang arb_lang_pl;
extern const struct arb_lang arb_lang_cs;
extern const struct arb_lang arb_lang_hu;
extern const struct arb_lang arb_lang_is;
extern const struct arb_lang arb_lang_ru;
extern const struct arb_lang arb_lang_uk;
extern const struct arb_lang arb_lang_fig;
extern const struct arb_lang arb_lang_de_spoken;

const struct arb_lang *const arb_langs[] = {
    &arb_lang_en,
    &arb_lang_fi,
    &arb_lang_et,
    &arb_lang_de,
    &arb_lang_nl,
    &arb_lang_sv,
    &arb_lang_no,
    &arb_lang_da,
    &arb_lang_fr,
    &arb_lang_es,
    &arb_lang_it,
    &arb_lang_pt,
    &arb_lang_pl,
    &arb_lang_cs,
    &arb_lang_hu,
    &arb_lang_is,
    &arb_lang_ru,
    &arb_lang_uk,
    &arb_lang_fig,
    &arb_lang_de_spoken,
    NULL,
};

const struct arb_lang *arb_lang_find(const char *code)
{
    for (int i = 0; arb_langs[i]; i++)
        if (strcmp(arb_langs[i]->code, code) == 0)
            return arb_langs[i];
    return NULL;
}

int arb_lang_index(const struct arb_lang *lang)
{
    for (int i = 0; arb_langs[i]; i++)
        if (arb_langs[i] == lang)
            return i;
    return -1;
}
