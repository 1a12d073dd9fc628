/* exit.h — the exit statuses (INTERFACE.md).  Only main.c exits; the
 * layers below return these up to it. */
#ifndef ARB_EXIT_H
#define ARB_EXIT_H

enum arb_exit { ARB_EXIT_OK = 0, ARB_EXIT_FINDINGS = 1, ARB_EXIT_FAILURE = 2 };

#endif
