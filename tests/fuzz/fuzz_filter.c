/* fuzz_filter.c — --where, --select, --ignore and --min-severity
 * (cli/filter.c) on any patterns and any games.
 *
 * The input: a --where condition (TAG=REGEX, TAG!=REGEX, ...), a NUL, a
 * --select list, a NUL, an --ignore list, a NUL, then the games; the first
 * byte picks --min-severity and the format.  A command line that does not
 * parse (a pattern PCRE2 refuses, a code that is none) is a usage error,
 * and that is all.  Asserts: an exit status of INTERFACE.md; with jsonl,
 * every finding reported is of a code --select lets through and --ignore
 * does not name, and of the severity asked or worse; no crash, leak or
 * hang (PCRE2's match limit). */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>
#include <stdio.h>

#include "base/finding.h"
#include "cli/commands.h"

static const char *const sev[] = {"--min-severity=info", "--min-severity=warning", "--min-severity=error", "-q"};

/* The field s ends at the next NUL (or the end); *at past it. */
static char *field(const uint8_t *data, size_t size, size_t *at)
{
    size_t i = *at;
    while (i < size && data[i])
        i++;
    char *s = malloc(i - *at + 1);
    memcpy(s, data + *at, i - *at);
    s[i - *at] = 0;
    *at = i < size ? i + 1 : i;
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1 << 16)
        return 0;
    unsigned pick = data[0];
    size_t at = 1;
    char *where = field(data, size, &at), *select = field(data, size, &at), *ignore = field(data, size, &at);
    char path[64];
    int fd = fuzz_memfd_path(data + at, size - at, path, sizeof path);
    char *w = malloc(strlen(where) + 16), *s = malloc(strlen(select) + 16), *g = malloc(strlen(ignore) + 16);
    sprintf(w, "--where=%s", where);
    sprintf(s, "--select=%s", select);
    sprintf(g, "--ignore=%s", ignore);
    char *argv[12];
    int argc = 0;
    argv[argc++] = (char *)"arbiter";
    argv[argc++] = (char *)"check";
    argv[argc++] = (char *)"--jobs=1";
    argv[argc++] = (char *)"--no-progress";
    argv[argc++] = (char *)"--format=jsonl";
    argv[argc++] = (char *)sev[pick & 3];
    if (where[0] || (pick & 4))
        argv[argc++] = w;
    if (select[0])
        argv[argc++] = s;
    if (ignore[0])
        argv[argc++] = g;
    argv[argc++] = path;
    argv[argc] = NULL;

    fflush(stderr);
    int saved_err = dup(2), null = open("/dev/null", O_WRONLY);
    dup2(null, 2);   /* (usage errors, the summary) */
    struct arb_opts o;
    enum arb_parse_result r = arb_opts_parse(&o, argc, argv);
    if (r == ARB_OPTS_RUN) {
        int out = fuzz_memfd(NULL, 0);
        fflush(stdout);
        int saved_out = dup(1);
        dup2(out, 1);
        int st = arb_cmd_check(&o);
        arb_out_flush();
        fflush(stdout);
        dup2(saved_out, 1);
        close(saved_out);
        dup2(saved_err, 2);
        assert(st == 0 || st == 1 || st == 2);
        size_t n;
        char *text = fuzz_memfd_read(out, &n);
        /* Each finding's code and severity, as the jsonl writes them. */
        int floor = (pick & 3) == 0 ? ARB_SEV_INFO : (pick & 3) == 1 ? ARB_SEV_WARNING : ARB_SEV_ERROR;
        for (const char *p = strstr(text, "{\"code\":\""); p; p = strstr(p + 1, "{\"code\":\"")) {
            const char *c = p + 9, *e = strchr(c, '"');
            int code = -1;
            for (int k = 0; k < ARB_F_COUNT; k++)
                if (strlen(arb_codes[k].name) == (size_t)(e - c) && !strncmp(arb_codes[k].name, c, (size_t)(e - c)))
                    code = k;
            assert(code >= 0);
            assert(o.filter.select[code] && !o.filter.ignore[code]);
            const char *sv = strstr(e, "\"severity\":\"");
            assert(sv);
            sv += 12;
            int s_found = !strncmp(sv, "error", 5) ? ARB_SEV_ERROR : !strncmp(sv, "warning", 7) ? ARB_SEV_WARNING
                                                                                               : ARB_SEV_INFO;
            assert(s_found >= floor);
        }
        free(text);
        close(out);
    }
    dup2(saved_err, 2);
    close(saved_err);
    close(null);
    arb_opts_free(&o);
    close(fd);
    free(where);
    free(select);
    free(ignore);
    free(w);
    free(s);
    free(g);
    return 0;
}
