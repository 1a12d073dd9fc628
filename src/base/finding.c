/* finding.c — the table of finding codes and the findings list. */
#include "base/finding.h"

#include <string.h>

const struct arb_code_info arb_codes[ARB_F_COUNT] = {
    [ARB_F_PGN_SYNTAX] = {"pgn-syntax", ARB_SEV_ERROR,
                          "the text cannot be read as a game record at that place", false},
    [ARB_F_UNKNOWN_MOVE] = {"unknown-move", ARB_SEV_ERROR,
                            "a token that is no move in the game's notation language", false},
    [ARB_F_ILLEGAL_MOVE] = {"illegal-move", ARB_SEV_ERROR,
                            "a move no piece can legally make in that position", false},
    [ARB_F_AMBIGUOUS_MOVE] = {"ambiguous-move", ARB_SEV_ERROR,
                              "two or more pieces fit the recorded move (C.10)", false},
    [ARB_F_PROMOTION_MISSING] = {"promotion-missing", ARB_SEV_ERROR,
                                 "a pawn reached the last rank without a chosen piece", false},
    [ARB_F_MOVE_AFTER_END] = {"move-after-end", ARB_SEV_ERROR,
                              "the first recorded move after the Laws had ended the game (a warning after a draw "
                              "no one had to claim)", false},
    [ARB_F_RESULT_MISMATCH] = {"result-mismatch", ARB_SEV_ERROR,
                               "the Result contradicts what the Laws decide from the record", false},
    [ARB_F_FIVEFOLD] = {"fivefold-repetition", ARB_SEV_WARNING,
                        "a position occurred the fifth time: the game was drawn (9.6.1)", false},
    [ARB_F_SEVENTYFIVE] = {"seventyfive-moves", ARB_SEV_WARNING,
                           "75 moves each without pawn move or capture: the game was drawn (9.6.2)", false},
    [ARB_F_DEAD_POSITION] = {"dead-position", ARB_SEV_WARNING,
                             "no sequence of legal moves can lead to checkmate (5.2.2): by material, locked pawns or a search", false},
    [ARB_F_THREEFOLD_CLAIMABLE] = {"threefold-claimable", ARB_SEV_INFO,
                                   "from this move a draw claim by threefold repetition was correct (9.2)", false},
    [ARB_F_FIFTY_CLAIMABLE] = {"fifty-move-claimable", ARB_SEV_INFO,
                               "from this move a draw claim under the fifty-move rule was correct (9.3)", false},
    [ARB_F_TIMEOUT_VS_INSUFFICIENT] = {"timeout-vs-insufficient", ARB_SEV_ERROR,
                                       "lost on time (Termination tag or a clock at zero), but the opponent could not checkmate: a draw (6.9)", false},
    [ARB_F_FLAG_FALL] = {"flag-fall", ARB_SEV_WARNING,
                         "a clock reached zero before the time control was met and play went on", false},
    [ARB_F_CLOCK_INCONSISTENT] = {"clock-inconsistent", ARB_SEV_WARNING,
                                  "a clock reading is impossible under the time control", false},
    [ARB_F_DRAW_OFFER] = {"draw-offer", ARB_SEV_INFO, "a draw offer (=) was recorded", false},
    [ARB_F_INVALID_FEN] = {"invalid-fen", ARB_SEV_ERROR,
                           "the FEN tag is malformed or describes a position that cannot arise", false},
    [ARB_F_DECODE_ERROR] = {"decode-error", ARB_SEV_WARNING,
                            "bytes that are not valid text in the file's encoding (shown as U+FFFD)", false},
    [ARB_F_ENCODING_GUESS] = {"encoding-guess", ARB_SEV_INFO,
                              "the file is not UTF-8; its encoding was guessed (--encoding= chooses)", false},
    [ARB_F_MOVE_NUMBER] = {"move-number", ARB_SEV_WARNING,
                           "a move number disagrees with the moves recorded before it", false},
    [ARB_F_RESULT_INCONSISTENT] = {"result-inconsistent", ARB_SEV_WARNING,
                                   "the Result tag and the game termination marker disagree", false},
    [ARB_F_MISSING_RESULT] = {"missing-result", ARB_SEV_INFO,
                              "the movetext has no game termination marker", false},
    [ARB_F_NULL_MOVE] = {"null-move", ARB_SEV_INFO, "a null move (--) in a variation passes the turn", false},
    [ARB_F_GAME_TOO_LARGE] = {"game-too-large", ARB_SEV_ERROR,
                              "the game's text exceeds --max-game-bytes; the rest of it was skipped", false},
    [ARB_F_UNSUPPORTED_VARIANT] = {"unsupported-variant", ARB_SEV_WARNING,
                                   "the game is a chess variant arbiter does not check (its moves are not replayed)", false},
    [ARB_F_NOTATION_FORM] = {"notation-form", ARB_SEV_INFO,
                             "(info or warning) a move in a form outside the standard notation, with one sure reading", false},
    [ARB_F_WRONG_MARK] = {"wrong-mark", ARB_SEV_WARNING,
                          "a check, mate, capture or en-passant mark that the move does not bear out", false},
    [ARB_F_EARLY_DRAW] = {"early-draw", ARB_SEV_WARNING,
                          "a draw by agreement before both players had moved (5.2.3, 2017 on)", false},
    [ARB_F_CLAIM_UNPLAYED] = {"claimable-by-unplayed-move", ARB_SEV_INFO,
                              "a draw claim (9.2, 9.3) that only writing a move the record does not show allowed", false},
    [ARB_F_ARBITER_FIFTY] = {"arbiter-fifty-moves", ARB_SEV_INFO,
                             "50 moves each without pawn move or capture where only the arbiter may declare the draw "
                             "(Finnish team blitz rule 10c)", false},
    [ARB_F_ILLEGAL_MOVE_STOOD] = {"illegal-move-stood", ARB_SEV_WARNING,
                                  "the record goes on from the position an illegal move left: what the edition "
                                  "prescribes for it (penalty, loss, draw) in that kind of game", false},
    [ARB_F_LANG_AMBIGUOUS] = {"lang-ambiguous", ARB_SEV_INFO,
                              "two notation languages read the whole game, as different moves (--lang-hint= decides)", false},
    [ARB_F_DUPLICATE_TAG] = {"duplicate-tag", ARB_SEV_WARNING,
                             "a tag pair given twice in one game's tags (the later value is used)", false},
    [ARB_F_STRAY_TEXT] = {"stray-text", ARB_SEV_WARNING,
                          "text between games that belongs to no game (after a termination marker, or before a "
                          "game's first tag)", false},
    [ARB_F_DUPLICATE_GAME] = {"duplicate-game", ARB_SEV_INFO,
                              "the game's moves and players repeat an earlier game's (check --duplicates; the "
                              "message names the first copy)", false},
    [ARB_F_TRF_RESULT_MISMATCH] = {"trf-result-mismatch", ARB_SEV_ERROR,
                                   "the game's Result differs from its pairing's result in the tournament report "
                                   "(check --trf), or the report scores a forfeit where a game was played", false},
    [ARB_F_TRF_COLOUR_MISMATCH] = {"trf-colour-mismatch", ARB_SEV_ERROR,
                                   "the game's White had Black in its pairing in the tournament report (check --trf)",
                                   false},
    [ARB_F_TRF_MISSING_GAME] = {"trf-missing-game", ARB_SEV_WARNING,
                                "a game played in a checked round of the tournament report has no game in the input "
                                "(check --trf; forfeits and byes need none)", false},
    [ARB_F_TRF_UNPAIRED_GAME] = {"trf-unpaired-game", ARB_SEV_WARNING,
                                 "no pairing of the tournament report explains the game (check --trf)", false},
    [ARB_F_TRF_ROUND_MISMATCH] = {"trf-round-mismatch", ARB_SEV_WARNING,
                                  "the game's pairing is in another round of the tournament report than its Round tag "
                                  "(or --round) says (check --trf)", false},
    [ARB_F_TRF_POINTS_MISMATCH] = {"trf-points-mismatch", ARB_SEV_WARNING,
                                   "a player's points in the tournament report differ from the sum of his round "
                                   "results (check --trf)", false},
    [ARB_F_TRF_SYNTAX] = {"trf-syntax", ARB_SEV_ERROR,
                          "a line of the tournament report cannot be read, or its two halves of a pairing disagree "
                          "(check --trf)", false},
    [ARB_F_BOARD_RESULT_SIGNAL] = {"board-result-signal", ARB_SEV_INFO,
                                   "(info or warning) both kings put on the centre squares: an electronic board's "
                                   "signal of the result (light 1-0, dark 0-1, one each 1/2-1/2), not a move", false},
    [ARB_F_RULES_EDITION] = {"rules-edition", ARB_SEV_INFO,
                             "the game's date does not settle the edition of the Laws (before the oldest edition "
                             "arbiter knows, or a month or day unknown across an edition's first day): which Laws "
                             "were in force and which edition is applied, and why (--rules=auto)", false},
    [ARB_F_RULES_MISMATCH] = {"rules-mismatch", ARB_SEV_WARNING,
                              "the rules profile is made for another kind of game than the game's time control makes "
                              "(a blitz set on a standard game)", false},
    [ARB_F_PLYCOUNT_MISMATCH] = {"plycount-mismatch", ARB_SEV_WARNING,
                                 "the PlyCount tag disagrees with the number of half-moves recorded", false},
    [ARB_F_OPENING_MISMATCH] = {"opening-mismatch", ARB_SEV_INFO,
                                "the ECO or Opening tag names an opening the moves never reach (lichess's openings)",
                                false},
    [ARB_F_VARIATION_TOO_DEEP] = {"variation-too-deep", ARB_SEV_WARNING,
                                  "variations nested deeper than arbiter follows (1,000 levels); the deeper ones are not checked", false},
};

const char *arb_severity_name(enum arb_severity s)
{
    switch (s) {
    case ARB_SEV_ERROR: return "error";
    case ARB_SEV_WARNING: return "warning";
    default: return "info";
    }
}

int arb_code_find(const char *name)
{
    for (int i = 0; i < ARB_F_COUNT; i++)
        if (strcmp(arb_codes[i].name, name) == 0)
            return i;
    return -1;
}

struct arb_finding *arb_findings_add(struct arb_findings *f, struct arb_arena *a, enum arb_code code)
{
    if (f->n == f->cap) {
        int cap = f->cap ? f->cap * 2 : 8;
        f->v = arb_arena_grow(a, f->v, sizeof *f->v, (size_t)f->n, (size_t)cap);
        f->cap = cap;
    }
    struct arb_finding *x = &f->v[f->n++];
    memset(x, 0, sizeof *x);
    x->code = code;
    x->severity = arb_codes[code].severity;
    x->mark_from = x->mark_to = -1;
    return x;
}

void arb_findings_sort(struct arb_findings *f)
{
    /* Insertion sort: lists are short and mostly in order already. */
    for (int i = 1; i < f->n; i++) {
        struct arb_finding x = f->v[i];
        int j = i - 1;
        while (j >= 0 && f->v[j].ply > x.ply) {
            f->v[j + 1] = f->v[j];
            j--;
        }
        f->v[j + 1] = x;
    }
}
