/* games.c — the judged games of a file (see games.h). */
#include "run/games.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "base/msg.h"
#include "notation/notation.h"

arb_sniffer arb_games_sniffer(const struct arb_check_opts *co)
{
    return co->lang && co->lang->spoken ? NULL : arb_notation_is_move_any;
}

void arb_games_stdin_note(void)
{
    if (isatty(0))
        arb_msg("reading standard input (Ctrl-D ends)");
}

int arb_games_open(struct arb_games *gs, const struct arb_games_opts *o, const char *path, const char *name,
                   int tee_fd, char *err, size_t cap)
{
    memset(gs, 0, sizeof *gs);
    if (strcmp(path, "-") == 0)
        arb_games_stdin_note();
    if (arb_pgn_open(&gs->in, path, o->encoding, arb_games_sniffer(&o->check), tee_fd, err, cap) < 0)
        return -1;
    arb_games_start(gs, o, name);
    return 0;
}

void arb_games_start(struct arb_games *gs, const struct arb_games_opts *o, const char *name)
{
    gs->o = o;
    gs->skipped = 0;
    memset(gs->votes, 0, sizeof gs->votes);
    arb_pgn_init(&gs->rd, &gs->in, name, o->max_game_bytes);
    gs->rd.is_move = arb_games_sniffer(&o->check);
    gs->rd.game_base = o->game_base;
    gs->co = o->check;
    gs->co.lang_votes = arb_lang_votes_plain;
    gs->co.votes_ctx = gs->votes;
}

void arb_games_close(struct arb_games *gs)
{
    arb_input_close(&gs->in);
}

int arb_games_read(struct arb_games *gs, struct arb_game *g, struct arb_arena *arena, bool *kept)
{
    int r = arb_pgn_next(&gs->rd, g, arena);
    if (r == 0 && arb_input_cut_short(&gs->in))
        return -1;                /* every game up to the fault had its record, the cut one too */
    if (r <= 0)
        return r;
    *kept = !gs->o->filter || arb_filter_game(gs->o->filter, g);
    if (!*kept)
        gs->skipped++;
    return 1;
}

int arb_games_judge(const struct arb_check_opts *co, const struct arb_filter *f, struct arb_game *g,
                    const struct arb_replay_hooks *hooks, struct arb_outcome *oc)
{
    arb_replay(g, co, hooks, oc);
    return arb_filter_findings(f, &g->findings);
}

int arb_games_next(struct arb_games *gs, struct arb_game *g, struct arb_arena *arena,
                   const struct arb_replay_hooks *hooks, struct arb_outcome *oc)
{
    for (;;) {
        bool kept;
        int r = arb_games_read(gs, g, arena, &kept);
        if (r <= 0)
            return r;
        if (kept) {
            arb_games_judge(&gs->co, gs->o->filter, g, hooks, oc);
            if (oc->lang_vote >= 0 && oc->lang_vote < 32)
                gs->votes[oc->lang_vote]++;
            if (!gs->o->filter || arb_filter_outcome(gs->o->filter, oc))
                return 1;
            gs->skipped++;   /* --plies, --position: told by the replay */
        }
        arb_pgn_release(&gs->rd, g);
        arb_arena_reset(arena);
    }
}

bool arb_games_pgn_name(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && name[0] != '.' && strcasecmp(name + n - 4, ".pgn") == 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **arb_games_dir(const char *dir, int *n)
{
    *n = 0;
    DIR *dp = opendir(dir);
    if (!dp)
        return NULL;
    char **v = NULL;
    int cap = 0;
    size_t dl = strlen(dir);
    bool slash = dl && dir[dl - 1] == '/';
    struct dirent *e;
    while ((e = readdir(dp))) {
        if (!arb_games_pgn_name(e->d_name))
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 16;
            v = arb_xrealloc(v, (size_t)cap * sizeof *v);
        }
        size_t len = dl + 1 + strlen(e->d_name) + 1;
        v[*n] = arb_xmalloc(len);
        snprintf(v[(*n)++], len, "%s%s%s", dir, slash ? "" : "/", e->d_name);
    }
    closedir(dp);
    if (*n > 1)
        qsort(v, (size_t)*n, sizeof *v, cmp_str);
    return v;
}
