/* tap.h — a tiny TAP emitter for the unit tests.
 *
 * Each test program calls ok()/is_int()/is_str() and ends with
 * `return tap_done();`, which prints the plan, a "# N passed, N failed"
 * line, and returns the exit status (1 if anything failed).  prove(1)
 * reads the output.
 */
#ifndef ARB_TAP_H
#define ARB_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

__attribute__((format(printf, 4, 5), unused))
static int tap_ok(int cond, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    tap_n++;
    printf("%sok %d - ", cond ? "" : "not ", tap_n);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    if (!cond) {
        tap_failed++;
        printf(" # at %s:%d", file, line);
    }
    printf("\n");
    return cond;
}

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

#define is_int(got, want, ...)                                                       \
    do {                                                                             \
        long long g_ = (long long)(got), w_ = (long long)(want);                     \
        if (!tap_ok(g_ == w_, __FILE__, __LINE__, __VA_ARGS__))                      \
            printf("#   got %lld, want %lld\n", g_, w_);                             \
    } while (0)

#define is_str(got, want, ...)                                                       \
    do {                                                                             \
        const char *g_ = (got), *w_ = (want);                                        \
        int eq_ = (g_ && w_) ? strcmp(g_, w_) == 0 : g_ == w_;                       \
        if (!tap_ok(eq_, __FILE__, __LINE__, __VA_ARGS__))                           \
            printf("#   got  '%s'\n#   want '%s'\n", g_ ? g_ : "(null)", w_ ? w_ : "(null)"); \
    } while (0)

__attribute__((unused))
static int tap_done(void)
{
    printf("1..%d\n", tap_n);
    printf("# %d passed, %d failed\n", tap_n - tap_failed, tap_failed);
    return tap_failed ? 1 : 0;
}

#endif
