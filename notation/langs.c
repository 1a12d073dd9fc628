/* langs.c — the list of notation languages.  Adding a language is adding
 * its table file and one line here. */
#include "notation.h"

#include <string.h>

extern const struct arb_lang arb_lang_en;

const struct arb_lang *const arb_langs[] = {
    &arb_lang_en,
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
