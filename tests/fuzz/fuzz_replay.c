/* fuzz_replay.c — `arbiter replay` on any file: the positions, the findings
 * placed at them, the boards (text, colour, flipped) and the FEN lines.
 *
 * The first byte picks the options (letters or symbols with colour,
 * --flip, --at=findings, --fen, a --ply, the game); the rest is the file.
 * Standard output is not a terminal here, so the boards are printed.
 * Asserts: an exit status of INTERFACE.md (0, 1 or 2), no crash, leak or
 * hang. */
#include "fuzz.h"   /* first: it defines _GNU_SOURCE */

#include <assert.h>
#include <stdio.h>

#include "cli/commands.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1 << 16)
        return 0;
    unsigned pick = data[0];
    char path[64], ply[32], game[32];
    int fd = fuzz_memfd_path(data + 1, size - 1, path, sizeof path);

    char *argv[16];
    int argc = 0;
    argv[argc++] = (char *)"arbiter";
    argv[argc++] = (char *)"replay";
    argv[argc++] = (char *)"--no-interactive";
    argv[argc++] = (char *)(pick & 1 ? "--ascii" : "--color=always");
    if (pick & 2)
        argv[argc++] = (char *)"--flip";
    if ((pick & 0x0c) == 0x04)
        argv[argc++] = (char *)"--at=findings";
    else if ((pick & 0x0c) == 0x08) {
        snprintf(ply, sizeof ply, "--ply=%u", (pick >> 4) * 3);
        argv[argc++] = ply;
    } else if ((pick & 0x0c) == 0x0c)
        argv[argc++] = (char *)"--fen";
    snprintf(game, sizeof game, "--game=%u", 1 + ((pick >> 6) & 1));
    argv[argc++] = game;
    argv[argc++] = path;
    argv[argc] = NULL;

    int st = fuzz_command(argc, argv, arb_cmd_replay);
    close(fd);
    assert(st == 0 || st == 1 || st == 2);
    return 0;
}
