/* test_spool.c — spool.c: bytes kept in a temporary file come back whole
 * and in order: in memory while few, through the file past a chunk, in
 * memory alone when no file can be made, and split between the two when
 * the file stops taking bytes (a file size limit stands in for a full
 * disk). */
#include "base/spool.h"
#include "tap.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* Add n bytes of a pattern in pieces of odd sizes; take them back in
 * pieces of at most max; do they come back the same? */
static bool round_trip(struct arb_spool *s, size_t n, size_t max)
{
    char *want = malloc(n);
    for (size_t i = 0; i < n; i++)
        want[i] = (char)('a' + (i * 7 + i / 1000) % 26);
    for (size_t at = 0, piece = 1; at < n; at += piece, piece = piece % 5000 + 37) {
        if (piece > n - at)
            piece = n - at;
        arb_spool_add(s, want + at, piece);
    }
    struct arb_buf got = {0};
    size_t pieces = 0;
    bool small = true;
    for (size_t before = 0; arb_spool_take(s, &got, max); before = got.len) {
        pieces++;
        small &= got.len - before <= max;
    }
    bool same = got.len == n && memcmp(got.data, want, n) == 0 && small && pieces >= n / max;
    if (!same)
        printf("# got %zu bytes in %zu pieces, want %zu\n", got.len, pieces, n);
    arb_buf_free(&got);
    free(want);
    return same;
}

int main(void)
{
    struct arb_spool s = {0};
    arb_spool_add(&s, "<p>x</p>", 8);
    ok(!s.tried && s.mem.len == 8, "a few bytes stay in memory: no file made");
    arb_spool_free(&s);

    ok(round_trip(&s, 3000000, 65536), "3 MB come back whole and in order, 64 kB at a time");
    ok(s.tried && s.fd >= 0 && s.in_file >= 3000000 - ARB_SPOOL_CHUNK, "... through the file (%llu bytes)",
       (unsigned long long)s.in_file);
    ok(s.mem.len < ARB_SPOOL_CHUNK, "... memory held less than a chunk (%zu bytes)", s.mem.len);
    struct arb_buf more = {0};
    ok(!arb_spool_take(&s, &more, 10) && more.len == 0, "nothing more once all is taken");
    arb_buf_free(&more);
    arb_spool_free(&s);

    setenv("TMPDIR", "/nonexistent/arbiter-test", 1);
    ok(round_trip(&s, 300000, 1000), "no file can be made: all of it from memory");
    ok(s.tried && s.fd < 0 && s.in_file == 0, "... nothing in a file");
    arb_spool_free(&s);
    unsetenv("TMPDIR");

    /* Writes past 200,000 bytes fail (EFBIG, SIGXFSZ ignored). */
    struct rlimit old, lim;
    getrlimit(RLIMIT_FSIZE, &old);
    lim = old;
    lim.rlim_cur = 200000;
    signal(SIGXFSZ, SIG_IGN);
    if (setrlimit(RLIMIT_FSIZE, &lim) == 0) {
        bool same = round_trip(&s, 1000000, 4096);
        setrlimit(RLIMIT_FSIZE, &old);
        ok(same, "the file full after 200,000 bytes: 1 MB still comes back whole and in order");
        ok(s.full && s.in_file == 200000, "... 200,000 bytes from the file (%llu), the rest from memory",
           (unsigned long long)s.in_file);
    } else {
        ok(1, "# SKIP no file size limit");
        ok(1, "# SKIP no file size limit");
    }
    arb_spool_free(&s);
    return tap_done();
}
