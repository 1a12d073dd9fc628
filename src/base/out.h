/* out.h — standard output: the one writer every command writes through.
 *
 * Output is gathered in one buffer and written with write(2) in whole
 * records: a command appends a record (a game's report, a converted game,
 * a board) and says where it ends.  Into a pipe, which other processes may
 * share (xargs -P), the records go in writes of at most PIPE_BUF bytes,
 * which the kernel never interleaves; a longer record goes in a write of
 * its own.
 *
 * Errors: the first write error is kept; main.c ends every run with
 * arb_out_finish(), the one place it is reported ("arbiter: error writing
 * the output: REASON", exit status 2).  A closed pipe (EPIPE, when SIGPIPE
 * is ignored) ends quietly, as SIGPIPE would.
 */
#ifndef ARB_OUT_H
#define ARB_OUT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/util.h"

/* What is written when it is flushed: append to it. */
struct arb_buf *arb_out_buf(void);
/* A record ends at offset `end` of the buffer (arb_out_record: at its end
 * now). */
void arb_out_record_at(size_t end);
void arb_out_record(void);
/* Write what the buffer holds.  False once writing has failed. */
bool arb_out_flush(void);
/* Append one record of n bytes; the buffer is written once it holds
 * ARB_OUT_FLUSH_AT bytes.  False once writing has failed. */
#define ARB_OUT_FLUSH_AT 65536
bool arb_out_write(const void *p, size_t n);

/* Record an error met elsewhere (errno, or 0 for EIO); has one been met? */
void arb_out_error(int err_no);
bool arb_out_failed(void);
/* Flush (the buffer, and stdio's stdout for the help texts) and report
 * an error; false if there was one. */
bool arb_out_finish(void);

#endif
