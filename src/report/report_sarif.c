/* report_sarif.c — --format=sarif: SARIF 2.1.0 for GitHub code scanning.
 *
 * One log with one run, written as it goes: begin writes the tool with one
 * rule per finding code (the code table is static, so the rules come
 * first and the results stream game by game), each game appends a result
 * per finding, and end closes the results and writes the invocation,
 * whose notifications name the files that could not be read.
 *
 *   {"$schema":"...","version":"2.1.0","runs":[{"tool":{"driver":{...,"rules":[
 *   {"id":"pgn-syntax","shortDescription":{...},...},
 *   ...
 *   ]}},"columnKind":"unicodeCodePoints",...,"results":[
 *   {"ruleId":"illegal-move","ruleIndex":2,"level":"error","message":{...},...},
 *   ...
 *   ],"invocations":[{"executionSuccessful":true}]}]}
 *
 * Columns count the characters of the decoded text (lex.c, pgn.c), which
 * SARIF calls unicodeCodePoints (its default is UTF-16 code units).
 */
#include "report/report.h"
#include "base/version.h"

#include <stdlib.h>

#include <stdio.h>
#include <string.h>

#include "read/input.h"
#include "report/json.h"

#define SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

/* SARIF's three levels for arbiter's three severities. */
static const char *level(enum arb_severity sev)
{
    return sev == ARB_SEV_ERROR ? "error" : sev == ARB_SEV_WARNING ? "warning" : "note";
}

/* The rule of a code: its place among the codes that are not reserved
 * (those have no rule), or -1. */
static int rule_index(enum arb_code code)
{
    if (arb_codes[code].reserved)
        return -1;
    int k = 0;
    for (int c = 0; c < (int)code; c++)
        k += !arb_codes[c].reserved;
    return k;
}

/* The file name as a URI reference (RFC 3986), JSON-quoted: every byte but
 * the unreserved characters and '/' percent-encoded.  An absolute path
 * becomes a file: URI; a relative one (standard input's "-" and an
 * --origin name too) stays relative, its leading "./" dropped, and is
 * given the base %SRCROOT% (the directory arbiter ran in).  Returns
 * whether the name is relative. */
static bool file_uri(struct arb_buf *out, const char *file)
{
    static const char hex[] = "0123456789ABCDEF";
    bool relative = file[0] != '/';
    while (relative && file[0] == '.' && file[1] == '/') {
        file += 2;
        while (*file == '/')
            file++;
    }
    arb_buf_addc(out, '"');
    if (!relative)
        arb_buf_adds(out, "file://");
    for (const unsigned char *p = (const unsigned char *)file; *p; p++) {
        unsigned char c = *p;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
            c == '_' || c == '~' || c == '/') {
            arb_buf_addc(out, (char)c);
        } else {
            char enc[3] = {'%', hex[c >> 4], hex[c & 15]};
            arb_buf_add(out, enc, 3);
        }
    }
    arb_buf_addc(out, '"');
    return relative;
}

/* "artifactLocation":{"uri":...,"uriBaseId":"%SRCROOT%"} */
static void artifact_location(struct arb_buf *out, const char *file)
{
    arb_buf_adds(out, "\"artifactLocation\":{\"uri\":");
    if (file_uri(out, file))
        arb_buf_adds(out, ",\"uriBaseId\":\"%SRCROOT%\"");
    arb_buf_addc(out, '}');
}

static void text_object(struct arb_buf *out, const char *key, const char *text, bool first)
{
    arb_json_key(out, key, first);
    arb_buf_adds(out, "{\"text\":");
    arb_json_cstr(out, text);
    arb_buf_addc(out, '}');
}

/* Results written so far, and the notifications of the files that could
 * not be read (written in the invocation at the end). */
struct sarif_state {
    uint64_t results;
    struct arb_buf notifications;
};

static void sarif_begin(struct arb_buf *out, struct arb_report_opts *o)
{
    o->state = arb_xcalloc(1, sizeof(struct sarif_state));
    arb_buf_adds(out, "{\"$schema\":\"" SCHEMA "\",\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{"
                      "\"name\":\"arbiter\",\"version\":\"" ARB_VERSION "\",\"rules\":[");
    bool first = true;
    for (int c = 0; c < ARB_F_COUNT; c++) {
        const struct arb_code_info *ci = &arb_codes[c];
        if (ci->reserved)
            continue;
        arb_buf_adds(out, first ? "\n{" : ",\n{");
        first = false;
        arb_json_key(out, "id", true);
        arb_json_cstr(out, ci->name);
        text_object(out, "shortDescription", ci->summary, false);
        arb_buf_adds(out, ",\"defaultConfiguration\":{\"level\":\"");
        arb_buf_adds(out, level(ci->severity));
        arb_buf_adds(out, "\"}");
        /* The articles depend on the edition applied: each result's
         * message names the one of its game. */
        struct arb_buf help = {0};
        arb_buf_printf(&help, "arbiter check reports %s as %s: %s. Where a Law applies, the message names its "
                              "article in the edition applied (--rules). --ignore=%s leaves it out of the report; "
                              "--select=%s reports it alone.",
                       ci->name, arb_severity_name(ci->severity), ci->summary, ci->name, ci->name);
        text_object(out, "help", help.data, false);
        arb_buf_free(&help);
        arb_buf_addc(out, '}');
    }
    arb_buf_adds(out, "\n]}},\"columnKind\":\"unicodeCodePoints\",\"originalUriBaseIds\":{\"%SRCROOT%\":"
                      "{\"description\":{\"text\":\"the directory arbiter check ran in\"}}},\"results\":[");
}

static void fnv1a(uint64_t *h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        *h ^= p[i];
        *h *= 0x100000001b3ULL;
    }
}

static void fnv1a_str(uint64_t *h, const char *s)
{
    fnv1a(h, s, strlen(s) + 1);   /* the NUL keeps "ab"+"c" apart from "a"+"bc" */
}

/* A tag value that says nothing: "?", "????.??.??", empty (PGN's marks
 * for an unknown value). */
static bool unknown(const char *v)
{
    for (; *v; v++)
        if (*v != '?' && *v != '.' && *v != '-' && *v != ' ')
            return false;
    return true;
}

/* The key GitHub matches results by across runs ("arbiterFinding/v1"):
 * FNV-1a 64 of the file's URI, the game, the finding's ply, variation
 * depth and code, and how many findings of the game before it share
 * those three.  The game is named by its Event, Site, Date, Round, White
 * and Black tags that say something, and then also by its FEN (which
 * tells the positions of one collection apart), not by its number or
 * line, so the key stays when games are added above it or lines move; a
 * game with none of those six is named by its number (a FEN alone names
 * no game: studies of one position share it).  The same game stored
 * twice in a file gives its findings the same keys both times. */
static uint64_t fingerprint(const struct arb_buf *uri, const struct arb_game *g, int i)
{
    static const char *const names[] = {"Event", "Site", "Date", "Round", "White", "Black", "FEN"};
    const struct arb_finding *f = &g->findings.v[i];
    uint64_t h = 0xcbf29ce484222325ULL;
    char num[64];
    fnv1a_str(&h, uri->data);
    bool named = false;
    for (size_t k = 0; k < ARB_ARRAY_LEN(names); k++) {
        const char *v = arb_game_tag(g, names[k]);
        if (v && !unknown(v) && (named || k < 6)) {
            fnv1a_str(&h, names[k]);
            fnv1a_str(&h, v);
            named = true;
        }
    }
    if (!named) {
        snprintf(num, sizeof num, "game %llu", (unsigned long long)g->index);
        fnv1a_str(&h, num);
    }
    int same = 0;
    for (int j = 0; j < i; j++) {
        const struct arb_finding *e = &g->findings.v[j];
        same += e->code == f->code && e->ply == f->ply && e->variation == f->variation;
    }
    snprintf(num, sizeof num, "%d/%u/%d", (int)f->ply, (unsigned)f->variation, same);
    fnv1a_str(&h, num);
    fnv1a_str(&h, arb_codes[f->code].name);
    return h;
}

/* Characters of the finding's token, 0 when it has none or it runs over a
 * line end. */
static uint32_t token_chars(const struct arb_game *g, const struct arb_finding *f)
{
    if (!f->len)
        return 0;
    const char *tok = g->text + f->off;
    if (memchr(tok, '\n', f->len) || memchr(tok, '\r', f->len))
        return 0;
    return (uint32_t)arb_utf8_chars(tok, f->len);
}

static void sarif_game(struct arb_buf *out, const struct arb_game *g, const struct arb_outcome *oc,
                       const struct arb_report_opts *o)
{
    if (!g->findings.n)
        return;
    struct arb_buf uri = {0}, msg = {0};
    file_uri(&uri, g->file);
    for (int i = 0; i < g->findings.n; i++) {
        const struct arb_finding *f = &g->findings.v[i];
        arb_buf_adds(out, ((struct sarif_state *)o->state)->results++ ? ",\n{" : "\n{");
        arb_json_key(out, "ruleId", true);
        arb_json_cstr(out, arb_codes[f->code].name);
        int r = rule_index(f->code);
        if (r >= 0) {
            arb_json_key(out, "ruleIndex", false);
            arb_json_int(out, r);
        }
        arb_buf_printf(out, ",\"level\":\"%s\"", level(f->severity));
        arb_buf_clear(&msg);
        if (f->move) {
            arb_move_ref(&msg, oc, f);
            arb_buf_adds(&msg, ": ");
        }
        arb_buf_adds(&msg, f->message ? f->message : "");
        if (f->article)
            arb_buf_printf(&msg, " (%s)", f->article);
        text_object(out, "message", msg.data, false);
        /* GitHub places every result at a line: a finding about the game
         * as a whole (no place of its own) points at the game's start. */
        uint32_t line = f->line ? f->line : g->line, col = f->line ? f->col : g->col;
        arb_buf_adds(out, ",\"locations\":[{\"physicalLocation\":{");
        artifact_location(out, g->file);
        if (line) {
            arb_buf_printf(out, ",\"region\":{\"startLine\":%u", line);
            if (col) {
                arb_buf_printf(out, ",\"startColumn\":%u", col);
                uint32_t chars = f->line ? token_chars(g, f) : 0;
                if (chars)
                    arb_buf_printf(out, ",\"endColumn\":%u", col + chars);
            }
            arb_buf_addc(out, '}');
        }
        arb_buf_printf(out, "}}],\"partialFingerprints\":{\"arbiterFinding/v1\":\"%016llx\"}",
                       (unsigned long long)fingerprint(&uri, g, i));
        arb_buf_printf(out, ",\"properties\":{\"game\":%llu,\"ply\":%d}}", (unsigned long long)g->index,
                       (int)f->ply);
    }
    arb_buf_free(&uri);
    arb_buf_free(&msg);
}

/* A file that could not be read is no result: the invocation says so. */
static void sarif_file_error(struct arb_buf *out, const char *file, const char *message,
                             const struct arb_report_opts *o)
{
    (void)out;
    struct arb_buf *n = &((struct sarif_state *)o->state)->notifications;
    arb_buf_adds(n, n->len ? ",\n{" : "\n{");
    arb_buf_adds(n, "\"level\":\"error\"");
    text_object(n, "message", message, false);
    arb_buf_adds(n, ",\"locations\":[{\"physicalLocation\":{");
    artifact_location(n, file);
    arb_buf_adds(n, "}}]}");
}

static void sarif_end(struct arb_buf *out, const struct arb_summary *s, const struct arb_report_opts *o)
{
    struct sarif_state *st = o->state;
    arb_buf_adds(out, st->results ? "\n]" : "]");
    arb_buf_printf(out, ",\"invocations\":[{\"executionSuccessful\":%s", s->unreadable ? "false" : "true");
    if (st->notifications.len) {
        arb_buf_adds(out, ",\"toolExecutionNotifications\":[");
        arb_buf_add(out, st->notifications.data, st->notifications.len);
        arb_buf_adds(out, "\n]");
    }
    arb_buf_adds(out, "}]}]}\n");
    arb_buf_free(&st->notifications);
    free(st);
}

const struct arb_format arb_format_sarif = {
    .name = "sarif",
    .begin = sarif_begin,
    .game = sarif_game,
    .file_error = sarif_file_error,
    .end = sarif_end,
};
