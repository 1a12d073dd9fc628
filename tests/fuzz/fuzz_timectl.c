/* fuzz_timectl.c — the TimeControl tag, the forms people write, a time
 * control inside an event name, and clock readings in comments, on any
 * text.  Asserts: whatever parses has periods in range and formats into
 * the PGN form, and that form parses again to the same form. */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>

#include "laws/clocks.h"
#include "read/timectl.h"

static void formats_back(const struct arb_timecontrol *tc)
{
    assert(tc->n >= 0 && tc->n <= ARB_TC_MAX_PERIODS);
    char out[256], again[256];
    arb_tc_format(tc, out, sizeof out);
    assert(strlen(out) < sizeof out);
    struct arb_timecontrol tc2;
    if (arb_tc_parse_pgn(out, &tc2) == 0) {
        arb_tc_format(&tc2, again, sizeof again);
        assert(strcmp(out, again) == 0);
    }
    /* The clocks of the control, fed some readings. */
    struct arb_clocks c;
    arb_clocks_init(&c, tc);
    struct arb_clock_check chk;
    for (int ply = 0; ply < 6; ply++)
        arb_clocks_reading(&c, ply & 1, ply / 2 + 1, ply, 36000 - 100L * ply, &chk);
    (void)arb_clocks_from_elapsed(&c, 0, 3, 123);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *s = fuzz_cstr(data, size);
    struct arb_timecontrol tc;
    memset(&tc, 0, sizeof tc);
    if (arb_tc_parse_pgn(s, &tc) == 0)
        formats_back(&tc);
    memset(&tc, 0, sizeof tc);
    if (arb_tc_parse_human(s, &tc) == 0)
        formats_back(&tc);
    memset(&tc, 0, sizeof tc);
    if (arb_tc_find_in_text(s, &tc) == 0)
        formats_back(&tc);
    struct arb_clock_comment cc;
    arb_clock_comment_parse(s, (unsigned)size, &cc);
    assert(cc.clk >= -1 && cc.emt >= -1);
    free(s);
    return 0;
}
