/* name.h — players' names compared: case, accents, word order, initials. */
#ifndef ARB_NAME_H
#define ARB_NAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Do two names of a player mean the same person?  Case and accents folded
 * (Latin letters to ASCII: á to a, ß to ss, ø to o, ł to l), punctuation
 * dropped, "Last, First" as "First Last", and a given name may be an
 * initial: "Carlsen, M" = "Carlsen, Magnus" = "Magnus Carlsen" =
 * "M. Carlsen".  The family name must be whole. */
bool arb_name_match(const char *a, const char *b);
/* The name folded as above, words separated by one blank (cap bytes). */
void arb_name_fold(const char *s, char *out, size_t cap);
/* "Did you mean": the index of the name in names[0..n) nearest to name,
 * when it is near enough to be the same name misspelt (folded as above;
 * the whole names, or the family names alone where the given names'
 * initials agree, within a third of the letters, at least one); else -1. */
int arb_name_nearest(const char *name, const char *const *names, int n);

/* A name folded and cut into words once, to be compared many times (a
 * tournament report's players against every game: --trf). */
#define ARB_NAME_WORDS 12
struct arb_name {
    char buf[256];                /* the folded words, each NUL-terminated */
    unsigned char w[ARB_NAME_WORDS]; /* where each word starts in buf */
    bool family[ARB_NAME_WORDS];  /* a word before the comma of "Last, First" */
    int n;
};
void arb_name_prepare(struct arb_name *nm, const char *s);
/* arb_name_match() on prepared names. */
bool arb_name_same(const struct arb_name *a, const struct arb_name *b);
/* Word i as a key: two words arb_name_same() takes as the same word
 * ("huebner" and "hubner", "ae" and the initial "a") have the same key, so
 * that an index of words finds every name that can match (and some that
 * do not: arb_name_same decides).  Is the word an initial (one letter)? */
uint64_t arb_name_word_key(const struct arb_name *nm, int i);
bool arb_name_initial(const struct arb_name *nm, int i);

#endif
