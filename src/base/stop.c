/* stop.c — SIGINT and SIGTERM as a request to stop (see stop.h). */
#include "base/stop.h"

#include <stddef.h>

volatile sig_atomic_t arb_stop_signal;

static struct sigaction saved_int, saved_term;
static int caught;

static void on_stop(int sig)
{
    arb_stop_signal = sig;
}

void arb_stop_catch(void)
{
    struct sigaction sa = {.sa_handler = on_stop};   /* no SA_RESTART: a blocked call returns EINTR */
    sigemptyset(&sa.sa_mask);
    arb_stop_signal = 0;
    sigaction(SIGINT, &sa, &saved_int);
    sigaction(SIGTERM, &sa, &saved_term);
    caught = 1;
}

void arb_stop_release(void)
{
    if (!caught)
        return;
    sigaction(SIGINT, &saved_int, NULL);
    sigaction(SIGTERM, &saved_term, NULL);
    caught = 0;
}
