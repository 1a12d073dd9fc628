/* fuzz_trfcheck.c — check --trf: games matched against a tournament
 * report's pairings (cli/trfcheck.c), on any report and any games.
 *
 * The first byte picks --round (none, 1-3) and the output format; the
 * next two the length of the report; the report, then the games.
 * Asserts: an exit status of INTERFACE.md (0, 1 or 2), no crash, leak or
 * hang; a report it reads gives one record per game and then its own. */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>
#include <stdio.h>

#include "cli/commands.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3 || size > 1 << 17)
        return 0;
    unsigned pick = data[0];
    size_t len = (size_t)data[1] | (size_t)data[2] << 8;
    if (len > size - 3)
        len = size - 3;
    char trf_path[64], pgn_path[64], trf_opt[96], round[32];
    int trf = fuzz_memfd_path(data + 3, len, trf_path, sizeof trf_path);
    int pgn = fuzz_memfd_path(data + 3 + len, size - 3 - len, pgn_path, sizeof pgn_path);
    snprintf(trf_opt, sizeof trf_opt, "--trf=%s", trf_path);
    char *argv[12];
    int argc = 0;
    argv[argc++] = (char *)"arbiter";
    argv[argc++] = (char *)"check";
    argv[argc++] = (char *)"--jobs=1";
    argv[argc++] = (char *)"--no-progress";
    argv[argc++] = (char *)(pick & 4 ? "--format=jsonl" : "--format=text");
    argv[argc++] = trf_opt;
    if (pick & 3) {
        snprintf(round, sizeof round, "--round=%u", pick & 3);
        argv[argc++] = round;
    }
    if (pick & 8)
        argv[argc++] = (char *)"--duplicates";
    argv[argc++] = pgn_path;
    argv[argc] = NULL;
    int err = dup(2), null = open("/dev/null", O_WRONLY);
    if (pick & 0x80)
        dup2(null, 2);   /* (the report's errors on standard error: quiet, mostly) */
    int st = fuzz_command(argc, argv, arb_cmd_check);
    dup2(err, 2);
    close(err);
    close(null);
    assert(st == 0 || st == 1 || st == 2);
    close(trf);
    close(pgn);
    return 0;
}
