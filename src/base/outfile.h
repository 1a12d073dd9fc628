/* outfile.h — the files a run writes: never written in place, never over
 * an input.
 *
 * Every file arbiter writes (-o, --write-clean, --write-flagged,
 * --write-repaired, replay --svg's diagrams) goes through here, as `sort -o`
 * and `sed -i` keep it:
 *
 *  - Before anything is opened, the run's inputs are registered
 *    (arb_outfile_input) and each output is checked (arb_outfile_check): an
 *    output that is the same file as an input (standard input, --trf, the
 *    files watch reads; through symbolic and hard links: device and inode)
 *    or as another output (standard output among them) is refused, with a
 *    message.  A path that is not there yet is compared by its directory and
 *    its name.
 *  - An output is written to a temporary file made in its directory
 *    (".NAME.arbiter-XXXXXXXX", created with O_CREAT|O_EXCL|O_NOFOLLOW: no
 *    file, no symbolic link planted there, is opened or followed), with the
 *    permission bits of the file it replaces.
 *  - arb_outfile_commit() at the end of a run that succeeded syncs each and
 *    renames it over its name (a symbolic link standing at NAME is replaced,
 *    the file it pointed to left alone).  arb_outfile_abandon() (a failed
 *    run), a signal that ends the process (SIGINT, SIGTERM, SIGHUP, SIGPIPE,
 *    SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ: a handler removes
 *    the temporaries, then the signal takes its course) and running out of
 *    memory remove them: the old files stand as they were.
 *  - An output that exists and is no regular file (/dev/null, /dev/stdout, a
 *    FIFO, a terminal) is written directly: there is nothing to replace.
 *
 * One registry per process (the signal handler must find the temporaries);
 * every function but the handler's runs in the main thread.
 */
#ifndef ARB_OUTFILE_H
#define ARB_OUTFILE_H

#include <stdbool.h>
#include <sys/types.h>

/* What a path names, to compare files: the file itself (device and inode,
 * through symbolic links) where one is there, and the directory entry (the
 * directory's device and inode, and the last component of the path). */
struct arb_fileid {
    bool exists;                  /* stat(2) found a file */
    bool regular;                 /* ... a regular file */
    dev_t dev;
    ino_t ino;
    bool have_dir;                /* the directory is there */
    dev_t dir_dev;
    ino_t dir_ino;
    const char *name;             /* the last component (points into the path given) */
};

/* The identity of path ("-": standard input, as descriptor 0). */
void arb_fileid_of(const char *path, struct arb_fileid *id);
/* Do the two name the same file (or the same entry of a directory)? */
bool arb_fileid_same(const struct arb_fileid *a, const struct arb_fileid *b);

/* Register an input: path ("-": standard input; copied), and how a message
 * names it ("the input file", "the --trf file"; a string that outlives the
 * run). */
void arb_outfile_input(const char *path, const char *what);

/* May path be written as an output (label: the option, "--write-clean")?
 * False after a message when it is an input or an output checked before
 * (the same file; label "standard output" checks descriptor 1 where it is a
 * regular file).  path is copied; label must outlive the run. */
bool arb_outfile_check(const char *path, const char *label);

/* Is the entry `name` of the directory (dev, ino) an output checked?  (watch
 * does not read its own report.) */
bool arb_outfile_is_output(dev_t dir_dev, ino_t dir_ino, const char *name);

/* Open an output for writing (the temporary file beside it, or the file
 * itself when it is no regular file): a handle, or -1 after a message
 * ("LABEL PATH: REASON").  A name ending .gz, .zst, .xz or .bz2 is written
 * compressed: what arb_outfile_write is given goes through the compressor
 * (libarchive), so the descriptor must not be written directly. */
int arb_outfile_open(const char *path, const char *label);
/* The same for an output whose descriptor is written directly (-o: it
 * becomes standard output): refused, after a message, when the name asks
 * for compression. */
int arb_outfile_open_text(const char *path, const char *label);

/* A directory outputs go in (replay --svg=DIR), made when it is not there:
 * a handle, or -1 after a message. */
int arb_outfile_dir(const char *path, const char *label);
/* May the file `name` in that directory be written (arb_outfile_check for
 * names known only now)?  False after a message. */
bool arb_outfile_check_in(int dir, const char *name);
/* Open the output `name` in that directory (checked: arb_outfile_check_in):
 * a handle, or -1 after a message. */
int arb_outfile_open_in(int dir, const char *name);

/* The descriptor to write an output to. */
int arb_outfile_fd(int h);
/* Write n bytes at p to output h; false after a message ("LABEL PATH:
 * REASON"), and the output is not committed. */
bool arb_outfile_write(int h, const void *p, size_t n);
/* Writing it is done: close it now (a run of many files keeps few
 * descriptors).  False after a message if closing failed. */
bool arb_outfile_close(int h);

/* The run succeeded: sync every output and rename it over its name.  False
 * after a message if one of them could not be (those not yet renamed are
 * removed).  Everything is released. */
bool arb_outfile_commit(void);
/* The run failed: remove every temporary (a message names the outputs left
 * as they were).  Everything is released. */
void arb_outfile_abandon(void);

#endif
