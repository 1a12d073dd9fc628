/* stop.h — SIGINT and SIGTERM as a request to stop, for a command that
 * ends cleanly rather than dies where it stands.
 *
 * `watch` runs until it is told to stop, and then frees what it holds,
 * flushes what it has said and exits 0 (or 1): it catches the two signals
 * (arb_stop_catch) and looks at arb_stop_signal between games and around
 * its wait.  The handler only sets the flag, and is installed without
 * SA_RESTART: a read or a write blocked at that moment (a full pipe to a
 * reader that does not read) returns EINTR, and out.c gives up writing
 * once a stop was asked (quietly, as for a closed pipe).  Every other
 * command keeps the default disposition: the signal ends it at once.
 */
#ifndef ARB_STOP_H
#define ARB_STOP_H

#include <signal.h>

/* The signal that asked to stop (SIGINT, SIGTERM), 0 none. */
extern volatile sig_atomic_t arb_stop_signal;

/* From now on SIGINT and SIGTERM set arb_stop_signal (arb_stop_release:
 * the dispositions they had before again). */
void arb_stop_catch(void);
void arb_stop_release(void);

#endif
