/* fuzz_check.c — the whole `arbiter check` path on any file: reading,
 * notation, replay under the Laws, clocks, reports.
 *
 * The first byte picks the options (report format, rules profile, --repair,
 * the notation language, a small --max-game-bytes); the rest is the file.
 * Asserts: check returns an exit status of INTERFACE.md (0, 1 or 2), never
 * crashes, leaks or hangs (the fuzzer's own limits). */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>

#include "chess/board.h"
#include "cli/commands.h"
#include "cli/opts.h"

static const char *const formats[] = {"--format=jsonl", "--format=text", "--format=json", "--format=sarif",
                                      "--format=github", "--format=junit", "--format=html", "--format=text"};
static const char *const rules[] = {"--rules=auto", "--rules=fide-2023", "--rules=fide-2009", "--rules=fide-2018"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1 << 16)
        return 0;
    unsigned pick = data[0];
    char path[64];
    int fd = fuzz_memfd_path(data + 1, size - 1, path, sizeof path);

    char *argv[16];
    int argc = 0;
    argv[argc++] = (char *)"arbiter";
    argv[argc++] = (char *)"check";
    argv[argc++] = (char *)"--jobs=1";
    argv[argc++] = (char *)"--no-progress";
    argv[argc++] = (char *)"--summary=jsonl";
    argv[argc++] = (char *)formats[pick & 7];
    argv[argc++] = (char *)rules[(pick >> 3) & 3];
    if (pick & 0x20)
        argv[argc++] = (char *)"--repair";
    if (pick & 0x40)
        argv[argc++] = (char *)"--lang=fi";
    if (pick & 0x80)
        argv[argc++] = (char *)"--max-game-bytes=4096";
    argv[argc++] = path;
    argv[argc] = NULL;

    int st = fuzz_command(argc, argv, arb_cmd_check);
    close(fd);
    assert(st == 0 || st == 1 || st == 2);
    return 0;
}
