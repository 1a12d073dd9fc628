/* unpack.h — compressed input and archives, decompressed on a thread of
 * their own.
 *
 * Under input.h, before any decoding: a file (or standard input) whose
 * first bytes say it is compressed (gzip, zstd, xz, bzip2, lz4, lzip,
 * compress) or an archive (zip, tar, 7-Zip, RAR) is read through
 * libarchive on a thread that writes the decompressed bytes into a pipe;
 * the input reads the pipe as it reads any other (arb_input_open does this
 * by itself).  So the reader sees text and keeps its offsets in it, and a
 * second core decompresses while the first checks.
 *
 * An archive's members are files of their own, named as the GNU tools name
 * archive members: "games.zip(round1.pgn)".  Such a name opens the member;
 * the archive's name alone opens its only member (or says which to name).
 * A compressed stream with no archive inside is one text under the file's
 * own name.
 *
 * Bad data is no crash and no silence: what was decompressed before the
 * fault is read, and then arb_input says what went wrong and how far it
 * read ("the gzip data is truncated or corrupt after 1234 of its bytes
 * (56789 bytes of text): ...").
 */
#ifndef ARB_UNPACK_H
#define ARB_UNPACK_H

#include <stdbool.h>
#include <stddef.h>

#include "read/magic.h"

struct arb_unpack;

/* Is this format read through arb_unpack (a compressed stream or an
 * archive libarchive reads)? */
bool arb_unpack_reads(const struct arb_magic_format *m);

/* Start decompressing the source fd: its npre bytes already read (at pre)
 * come first, then the rest of fd.  The source is closed at the end when
 * close_fd.  member: the archive member wanted, or NULL (a plain stream;
 * an archive's only member).  m: what the first bytes say the file is.  Returns the read end of the pipe the text comes through (the
 * caller closes it before arb_unpack_free), or -1 with a message in err. */
int arb_unpack_start(int fd, bool close_fd, const unsigned char *pre, size_t npre, const char *member,
                     const struct arb_magic_format *m, struct arb_unpack **out, char *err, size_t errlen);

/* After the pipe has ended: NULL if every byte came through, else what
 * went wrong, with how far it was read.  Waits for the thread.  The text
 * lives until arb_unpack_free. */
const char *arb_unpack_finish(struct arb_unpack *u);

/* Bytes of the compressed source read so far (any thread). */
unsigned long long arb_unpack_src_bytes(struct arb_unpack *u);

/* Stop (a reader that ends early closes the pipe first: the thread sees
 * it and ends), wait for the thread, free. */
void arb_unpack_free(struct arb_unpack *u);

/* Is path read through unpack (an archive's member, or a regular file
 * that is compressed or an archive)?  Its bytes are then no text: what
 * must copy games from it copies the text read (check's write-outs). */
bool arb_unpack_path_packed(const char *path);

/* The format's name for messages: "the gzip data", "the zip archive". */
void arb_unpack_what(const struct arb_magic_format *m, char *out, size_t cap);

/* "A.zip(M)" where A is a file and the name as a whole is none: the
 * archive's path (malloc'd) and *member pointing at M in a copy (freed
 * with the path: one block).  NULL otherwise. */
char *arb_unpack_member_path(const char *path, const char **member);

/* The members (regular files) of the archive at path, in the archive's
 * order, as "path(member)" names, malloc'd (the array and each name).
 * Only *.pgn members when some end so, else every one.  Returns NULL with
 * *n = 0 when path is no archive (a plain or compressed file: read it
 * whole), NULL with *n = -1 and a message in err when it is an archive
 * that cannot be listed. */
char **arb_unpack_list(const char *path, int *n, char *err, size_t errlen);

#endif
