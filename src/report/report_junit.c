/* report_junit.c — --format=junit: JUnit XML for CI test reports.
 *
 * One <testsuite> per input file, one <testcase> per game (named by its
 * number, players and event).  A game with a finding of severity error is
 * a <failure> whose text lists its findings; other findings go to the
 * case's <system-out>.  The document is written at the end (a suite's
 * counts come before its cases).
 */
#include "report/report.h"

#include <stdlib.h>
#include <string.h>

#include "read/pgn.h"

/* The test cases of the current file, written out with its <testsuite>
 * once the file is done; the document, written at the end. */
struct junit_state {
    struct arb_buf suite;
    const char *suite_file;
    uint64_t suite_tests, suite_failures, all_tests, all_failures;
    struct arb_buf doc;
};

static void close_suite(struct junit_state *st)
{
    if (!st->suite_file)
        return;
    arb_buf_adds(&st->doc, "  <testsuite name=\"");
    arb_xml_escape(&st->doc, st->suite_file);
    arb_buf_printf(&st->doc, "\" tests=\"%llu\" failures=\"%llu\" errors=\"0\">\n",
                   (unsigned long long)st->suite_tests, (unsigned long long)st->suite_failures);
    if (st->suite.len)
        arb_buf_add(&st->doc, st->suite.data, st->suite.len);
    arb_buf_adds(&st->doc, "  </testsuite>\n");
    arb_buf_clear(&st->suite);
    st->suite_file = NULL;
    st->suite_tests = st->suite_failures = 0;
}

static void junit_begin(struct arb_buf *out, struct arb_report_opts *o)
{
    (void)out;
    o->state = arb_xcalloc(1, sizeof(struct junit_state));
}

static void finding_line(struct arb_buf *b, const struct arb_game *g, const struct arb_outcome *oc,
                         const struct arb_finding *f)
{
    arb_buf_printf(b, "%s:%u:%u: %s: ", g->file, f->line, f->col, arb_severity_name(f->severity));
    if (f->move) {
        arb_move_ref(b, oc, f);
        arb_buf_adds(b, ": ");
    }
    arb_buf_printf(b, "%s", f->message ? f->message : "");
    if (f->article)
        arb_buf_printf(b, " (%s)", f->article);
    arb_buf_printf(b, " [%s]\n", arb_codes[f->code].name);
}

static void junit_game(struct arb_buf *out, const struct arb_game *g, const struct arb_outcome *oc,
                       const struct arb_report_opts *o)
{
    (void)out;
    struct junit_state *st = o->state;
    if (!st->suite_file || strcmp(st->suite_file, g->file) != 0) {
        close_suite(st);
        st->suite_file = g->file;
    }
    st->suite_tests++;
    st->all_tests++;
    const char *white = arb_game_tag(g, "White"), *black = arb_game_tag(g, "Black"), *event = arb_game_tag(g, "Event");
    struct arb_buf name = {0}, errors = {0}, others = {0};
    arb_buf_printf(&name, "game %llu", (unsigned long long)g->index);
    if (white || black)
        arb_buf_printf(&name, ": %s - %s", white ? white : "?", black ? black : "?");
    if (event)
        arb_buf_printf(&name, " (%s)", event);
    const char *first_code = NULL;
    for (int i = 0; i < g->findings.n; i++) {
        const struct arb_finding *f = &g->findings.v[i];
        if (f->severity == ARB_SEV_ERROR && !first_code)
            first_code = arb_codes[f->code].name;
        finding_line(f->severity == ARB_SEV_ERROR ? &errors : &others, g, oc, f);
    }
    arb_buf_adds(&st->suite, "    <testcase classname=\"");
    arb_xml_escape(&st->suite, g->file);
    arb_buf_adds(&st->suite, "\" name=\"");
    arb_xml_escape(&st->suite, name.data);
    arb_buf_adds(&st->suite, "\"");
    if (!errors.len && !others.len) {
        arb_buf_adds(&st->suite, "/>\n");
    } else {
        arb_buf_adds(&st->suite, ">\n");
        if (errors.len) {
            st->suite_failures++;
            st->all_failures++;
            arb_buf_adds(&st->suite, "      <failure type=\"");
            arb_xml_escape(&st->suite, first_code);
            arb_buf_adds(&st->suite, "\" message=\"");
            arb_xml_escape(&st->suite, first_code);
            arb_buf_adds(&st->suite, "\">");
            arb_xml_escape(&st->suite, errors.data);
            arb_buf_adds(&st->suite, "</failure>\n");
        }
        if (others.len) {
            arb_buf_adds(&st->suite, "      <system-out>");
            arb_xml_escape(&st->suite, others.data);
            arb_buf_adds(&st->suite, "</system-out>\n");
        }
        arb_buf_adds(&st->suite, "    </testcase>\n");
    }
    arb_buf_free(&name);
    arb_buf_free(&errors);
    arb_buf_free(&others);
}

static void junit_file_error(struct arb_buf *out, const char *file, const char *message,
                             const struct arb_report_opts *o)
{
    (void)out;
    struct junit_state *st = o->state;
    close_suite(st);
    arb_buf_adds(&st->doc, "  <testsuite name=\"");
    arb_xml_escape(&st->doc, file);
    arb_buf_adds(&st->doc, "\" tests=\"1\" failures=\"0\" errors=\"1\">\n    <testcase classname=\"");
    arb_xml_escape(&st->doc, file);
    arb_buf_adds(&st->doc, "\" name=\"reading the file\">\n      <error message=\"unreadable\">");
    arb_xml_escape(&st->doc, message);
    arb_buf_adds(&st->doc, "</error>\n    </testcase>\n  </testsuite>\n");
}

static void junit_end(struct arb_buf *out, const struct arb_summary *s, const struct arb_report_opts *o)
{
    struct junit_state *st = o->state;
    close_suite(st);
    arb_buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    arb_buf_printf(out, "<testsuites name=\"arbiter\" tests=\"%llu\" failures=\"%llu\" errors=\"%llu\">\n",
                   (unsigned long long)st->all_tests, (unsigned long long)st->all_failures,
                   (unsigned long long)s->unreadable);
    if (st->doc.len)
        arb_buf_add(out, st->doc.data, st->doc.len);
    arb_buf_adds(out, "</testsuites>\n");
    arb_buf_free(&st->doc);
    arb_buf_free(&st->suite);
    free(st);
}

const struct arb_format arb_format_junit = {
    .name = "junit",
    .begin = junit_begin,
    .game = junit_game,
    .file_error = junit_file_error,
    .end = junit_end,
};
