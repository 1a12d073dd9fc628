/* fuzz_reconstruct.c — `arbiter reconstruct` on any scoresheet: reading the
 * sheet, the slip measure of every token, the search, the PGN or jsonl out.
 *
 * The first byte picks the options (jsonl or PGN, one sheet or the same
 * sheet twice as both players', --moves, --no-duty-from, a budget of 2,000 or
 * 20,000 steps: the default takes seconds a sheet under the sanitizers; so
 * about 180 runs a second from small seeds); the rest (at
 * most 4 KiB: a sheet, not a database) is the sheet.  Asserts: an exit
 * status of INTERFACE.md (0, 1 or 2); no crash, leak or hang (the
 * fuzzer's own limits). */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>

#include "chess/board.h"
#include "cli/commands.h"
#include "cli/opts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    unsigned pick = data[0];
    char path[64];
    int fd = fuzz_memfd_path(data + 1, size - 1, path, sizeof path);

    char *argv[12];
    int argc = 0;
    argv[argc++] = (char *)"arbiter";
    argv[argc++] = (char *)"reconstruct";
    argv[argc++] = (char *)(pick & 1 ? "--format=jsonl" : "--format=text");
    argv[argc++] = (char *)(pick & 16 ? "--budget=20000" : "--budget=2000");   /* the search, smaller: fast enough to fuzz */
    if (pick & 2)
        argv[argc++] = (char *)"--moves=20";
    if (pick & 4)
        argv[argc++] = (char *)"--no-duty-from=30";
    argv[argc++] = path;
    if (pick & 8)
        argv[argc++] = path;       /* both players' sheets: the same text */
    argv[argc] = NULL;

    int st = fuzz_command(argc, argv, arb_cmd_reconstruct);
    close(fd);
    assert(st == 0 || st == 1 || st == 2);
    return 0;
}
