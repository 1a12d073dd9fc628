/* magic.h — what a file is, told by its first bytes (its "magic number").
 *
 * A compressed file, an archive, a document or an image read as text is
 * thousands of errors, or worse a few dozen "games": it must be refused
 * before it is read, and said for what it is ("a gzip file").  The file's
 * first bytes decide, never a count of odd characters (compressed data
 * read in a code page is mostly letters).
 *
 * One table, one function: the readers refuse what it names (pgn.c's
 * sniff, position's FEN lines, --trf), and a reader of compressed input
 * can ask it which decompressor a file needs (.compressed, .kind).
 */
#ifndef ARB_MAGIC_H
#define ARB_MAGIC_H

#include <stdbool.h>
#include <stddef.h>

enum arb_magic_kind {
    ARB_MAGIC_GZIP = 1, ARB_MAGIC_BZIP2, ARB_MAGIC_XZ, ARB_MAGIC_ZSTD, ARB_MAGIC_LZ4, ARB_MAGIC_LZIP,
    ARB_MAGIC_COMPRESS, ARB_MAGIC_ZIP, ARB_MAGIC_7Z, ARB_MAGIC_RAR, ARB_MAGIC_TAR,
    ARB_MAGIC_PDF, ARB_MAGIC_PNG, ARB_MAGIC_JPEG, ARB_MAGIC_GIF, ARB_MAGIC_ELF, ARB_MAGIC_SQLITE,
    ARB_MAGIC_OLE2
};

struct arb_magic_format {
    enum arb_magic_kind kind;
    const char *name;             /* "a gzip file", "a PDF document": for "FILE: not a PGN file: NAME" */
    bool compressed;              /* one stream a decompressor gives back (gzip, bzip2, xz, zstd, ...) */
    const char *hint;             /* how to get the text out ("gzip -dc"), or NULL */
};

/* Bytes arb_magic_of() may look at: pass up to this many of the file's
 * first bytes (fewer when the file is shorter). */
#define ARB_MAGIC_BYTES 512

/* What the file whose first n bytes are at p is, or NULL: no format this
 * knows (text, or anything else). */
const struct arb_magic_format *arb_magic_of(const unsigned char *p, size_t n);

/* arb_magic_of() on the first bytes of the regular file open at fd (read
 * with pread: its offset stays); NULL for anything else, and for a file
 * that is no regular one (nothing can be read again from a pipe). */
const struct arb_magic_format *arb_magic_of_fd(int fd);

#endif
