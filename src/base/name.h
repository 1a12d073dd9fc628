/* name.h — players' names compared: case, accents, word order, initials. */
#ifndef ARB_NAME_H
#define ARB_NAME_H

#include <stdbool.h>
#include <stddef.h>

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

#endif
