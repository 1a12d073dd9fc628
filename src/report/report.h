/* report.h — formatting findings for people and pipelines.
 *
 * Last step of the data flow.  A reporter formats; it decides nothing.
 * Each format is a set of functions that append text to a buffer: the
 * game record (one call per game), the start and end of a run, and a file
 * that could not be read.  The caller writes the buffers in input order,
 * one write per record.
 */
#ifndef ARB_REPORT_H
#define ARB_REPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "base/finding.h"
#include "read/pgn.h"
#include "laws/replay.h"
#include "base/util.h"

/* Counters over a run (they add up across shards). */
struct arb_summary {
    uint64_t files, unreadable, games;
    uint64_t lines;               /* line breaks read (a shard's lines: merging shards continues the count) */
    uint64_t bytes;               /* bytes read (a shard's: merging shards continues the file offsets) */
    uint64_t skipped;             /* games --where left out (no record) */
    uint64_t by_severity[3];
    uint64_t by_code[ARB_F_COUNT];
    uint64_t games_with_errors;
    uint64_t hidden;              /* findings left out by --min-severity, --select, --ignore */
    uint64_t by_lang[32];         /* games read in each language (arb_langs[] order) */
    uint64_t by_profile[16];      /* games judged under each profile (arb_profiles[] order) */
    bool show_profiles;           /* --rules=auto: the summary says which editions applied */
};

void arb_summary_add_game(struct arb_summary *s, const struct arb_game *g, const struct arb_outcome *oc);
/* Count a record's findings but no game (check --trf's records of the
 * tournament report). */
void arb_summary_add_findings(struct arb_summary *s, const struct arb_game *g);

struct arb_report_opts {
    bool color;                   /* ANSI colours in the text format */
    void *state;                  /* the format's own, what it keeps between games: its begin()
                                     makes it, its end() frees it (NULL to the caller) */
};

struct arb_format {
    const char *name;
    /* game() keeps nothing from one game to the next (no state): it
     * may format games in any thread.  Otherwise it is called in input
     * order from one thread. */
    bool any_thread;
    /* Text before the first game (NULL: none). */
    void (*begin)(struct arb_buf *out, struct arb_report_opts *o);
    /* One game: everything the report says about it. */
    void (*game)(struct arb_buf *out, const struct arb_game *g, const struct arb_outcome *oc,
                 const struct arb_report_opts *o);
    /* A file that could not be read (NULL: said on standard error only). */
    void (*file_error)(struct arb_buf *out, const char *file, const char *message,
                       const struct arb_report_opts *o);
    /* Text after the last game (for formats that close a document; NULL: none). */
    void (*end)(struct arb_buf *out, const struct arb_summary *s, const struct arb_report_opts *o);
    /* For a format that keeps text back until the end (html: the warnings
     * and infos, which come after every error), or NULL: called after
     * end() until it returns false, each call appending the next piece of
     * at most about 64 kB, which the caller writes before the next call
     * (so that memory holds one piece, not all of it).  Its last call
     * frees the state. */
    bool (*more)(struct arb_buf *out, const struct arb_report_opts *o);
};

/* The format with that name, or NULL. */
const struct arb_format *arb_format_find(const char *name);
/* Names of the formats, comma-separated, for messages. */
const char *arb_format_names(void);

extern const struct arb_format arb_format_text;
extern const struct arb_format arb_format_jsonl;
extern const struct arb_format arb_format_json;
extern const struct arb_format arb_format_github;
extern const struct arb_format arb_format_junit;
extern const struct arb_format arb_format_sarif;
extern const struct arb_format arb_format_html;

/* "23...Nxe4"-style label of the ply of a finding, in the game's counting
 * (start_fullmove/start_side from the outcome).  Empty for ply 0. */
void arb_ply_label(const struct arb_outcome *oc, int ply, char *buf, size_t cap);

/* Is f->pos the position after the finding's move (a finding on what the
 * move made: a repetition, a count, a dead position) rather than before
 * it?  As the replay set f->pos_ply; false for the game as a whole. */
bool arb_finding_pos_after(const struct arb_finding *f);

/* The article as reports cite it: "Art. 3.6" for the FIDE Laws (numbers,
 * appendix items such as "C.10"); a national rule names itself ("team
 * rule 10c"). */
void arb_article_ref(struct arb_buf *out, const char *article);

/* A Round tag's value as people say it: "round 5, board 3" for "5.3",
 * "round 5" for "5", "round " and the value as written for any other;
 * nothing for an unknown round ("?", "-" or empty).  Not escaped. */
void arb_round_phrase(struct arb_buf *out, const char *round);

/* "23...Nxe4": the finding's move as recorded, after its label (a runaway
 * token cut to 32 bytes and "..."; jsonl keeps it whole).  Nothing when
 * the finding has no move. */
void arb_move_ref(struct arb_buf *out, const struct arb_outcome *oc, const struct arb_finding *f);

/* Which game a report means, for people: "game 3, Kamsky - Karpov, round 5,
 * board 3".  The game's number in its file; White and Black where the tags
 * name them ("?" for one missing); the Round tag, "5.3" read as round 5,
 * board 3 (the usual form for a board of a team or Swiss round), left out
 * when unknown ("?", "-", empty).  The tags' text as is (callers escape). */
void arb_game_label(struct arb_buf *out, const struct arb_game *g);
/* The same without the number: "Kamsky - Karpov, round 5, board 3"; nothing
 * when the tags name neither (arbiter replay's heading). */
void arb_game_who(struct arb_buf *out, const struct arb_game *g);

/* One finding as the jsonl format writes it in a game's "findings" (an
 * object: code, severity, ply, move, line, col, article, message, variation,
 * and fen, note where it has them); arbiter watch's events hold it. */
void arb_jsonl_finding(struct arb_buf *b, const struct arb_finding *f);

/* The summary as one JSON Lines record ({"summary":{...}}, newline
 * included): every counter is a sum, so the records of shards add up. */
void arb_summary_json(struct arb_buf *out, const struct arb_summary *s);

/* The one-line summary: "3 games, 2 errors, 1 warning, 0 infos ...". */
void arb_summary_line(struct arb_buf *out, const struct arb_summary *s);

#endif
