/* spool.h — bytes kept for later, in a temporary file rather than memory.
 *
 * A writer that must put some of what it makes after the rest (the HTML
 * report: the warnings and infos after every error) adds those bytes to a
 * spool as they come, and takes them back at the end, a piece at a time,
 * in the order they were added.  Memory holds at most ARB_SPOOL_CHUNK
 * bytes of it: the rest waits in an unlinked file in $TMPDIR (else /tmp),
 * which goes away with the process whatever happens.  When no such file
 * can be made or written (no space, a read-only directory), the bytes stay
 * in memory from then on: nothing is lost, only the memory is not bounded.
 *
 * Use: arb_spool_add() any number of times, then arb_spool_take() until it
 * returns false, then arb_spool_free().  Initialise with {0}.
 */
#ifndef ARB_SPOOL_H
#define ARB_SPOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/util.h"

#define ARB_SPOOL_CHUNK 65536

struct arb_spool {
    struct arb_buf mem;           /* bytes not (yet) in the file, after those that are */
    bool tried;                   /* the file was made, or could not be */
    int fd;                       /* the file (once tried), -1 none */
    bool full;                    /* a write failed: the file takes no more, memory keeps the rest */
    uint64_t in_file;             /* bytes written to the file */
    uint64_t taken;               /* bytes taken back from the file */
    size_t mem_taken;             /* ... and from memory */
    uint64_t total;               /* bytes added */
};

/* A temporary file for bytes kept for later: made in $TMPDIR (else /tmp)
 * and unlinked at once (it goes away with the process whatever happens);
 * its descriptor, or -1 with errno set. */
int arb_spool_file(void);
/* The bytes of such a file before offset upto are not needed again: give
 * their space back (where the file system can; the offsets stay). */
void arb_spool_file_drop(int fd, uint64_t upto);

/* Keep n bytes at p after those kept before. */
void arb_spool_add(struct arb_spool *s, const void *p, size_t n);
/* Append to out the next bytes kept, at most max (at least 1), in the
 * order they were added; false (nothing appended) once all were taken. */
bool arb_spool_take(struct arb_spool *s, struct arb_buf *out, size_t max);
/* Close the file and free the memory (the spool is {0} again). */
void arb_spool_free(struct arb_spool *s);

#endif
