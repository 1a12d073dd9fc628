/* lang_de_spoken.c — spoken notation as the Laws give it for blind and
 * visually impaired players.
 *
 * Source: FIDE Laws of Chess 2009 App. E.2.1, 2014/2017/2018 App. D.2.1
 * (RULES.md §1.9): files Anna Bella Cesar David Eva Felix Gustav Hector,
 * ranks eins ... acht, "Kurze Rochade" / "Lange Rochade", pieces König Dame
 * Turm Läufer Springer Bauer; the promoting player names the new piece.
 */
#include "notation/notation.h"

static const struct arb_spoken de_spoken_words = {
    .file = {"Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector"},
    .rank = {"eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"},
    .castle_h = {"Kurze", "Rochade"},
    .castle_a = {"Lange", "Rochade"},
    .capture = {"schlägt", "nimmt"},
    .check = "Schach",
    .mate = "Matt",
};

const struct arb_lang arb_lang_de_spoken = {
    .code = "de-spoken",
    .name = "German spoken",
    .source = "FIDE Laws of Chess 2009 App. E.2.1, 2014/2017/2018 App. D.2.1 (announcing moves to blind players)",
    .piece = {[ARB_KNIGHT] = "S", [ARB_BISHOP] = "L", [ARB_ROOK] = "T", [ARB_QUEEN] = "D", [ARB_KING] = "K"},
    .piece_alt = {[ARB_KNIGHT] = {"Springer"}, [ARB_BISHOP] = {"Läufer"}, [ARB_ROOK] = {"Turm"},
                  [ARB_QUEEN] = {"Dame"}, [ARB_KING] = {"König"}},
    .pawn_letter = "Bauer",
    .castle_h = "Kurze Rochade",
    .castle_a = "Lange Rochade",
    .promo_sep = "",
    .mate_mark = "#",
    .ep_marks = {"e.p."},
    .article_letters = "D.2.1",
    .spoken = &de_spoken_words,
};
