/*
 * Tests of the C API (include/cescacs.h, libcescacs), compiled with
 * cc -std=c11 -Wall -Wextra -Werror and run plain, under valgrind and with
 * -fsanitize=address,undefined by scripts/test-c.sh.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define INITIAL_PDTL                                                                              \
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/" \
    "5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1"
#define AFTER_E7_E13                                                                              \
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/13:3P4/8:3P3/7:4P3/" \
    "6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr E13@9-11 0 1"
/* castling.jsonl, first record: Kings and Rooks, 5 leaps + 24 castlings. */
#define KINGS_AND_ROOKS "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1"
#define FULL_B "/27:1k/25:r2r/3:R3/1:1K/ b RKrkr - 0 1"
#define MIDDLE_GAME                                                                                \
    "/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/" \
    "6:2P1Pd1/5:PPG2g/4:PE1EP/3:R3/2:2R/1:DK/0:V/ b RKrkr - 2 20"
#define EP_ANSWERS_CHECK "/27:1k/17:4p3/16:4P2/14:3K3/ w -- G17@19 0 2"
#define SCORNFUL                                                                                    \
    "/28:v/27:dk/26:gjg/25:rnnr/24:1ejep/23:2ee2/22:1pp4/21:1p2p3/20:3p3/14:1P1pppP/13:3P4/11:2P5/" \
    "8:5P1/7:1j2P3/6:1PPJ3/5:2Ep2/4:1EJE1/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr F14 0 23"
#define PROMOTION_MANDATORY "/27:1k/21:1P6/1:1K/ w -- - 0 1"
#define AWAIT_PROMOTION                                                                              \
    "/28:v/27:dk/26:Pj1/25:1nnr/24:rejep/23:3e2/21:7G/20:1p4J/19:6J1/18:3p3/16:2p4/15:1P6/13:2RP4/" \
    "8:3N3/6:3J3/5:p1E3/4:jE1Eg/3:2NR/2:G1K/1:D1/0:V/ b -kr - 0 50"
#define MATE                                                                                      \
    "/28:v/25:kDnr/24:p1jep/23:4pp/22:1N2p2/21:2e1p3/20:2pd3/13:2j5/9:4J3/8:5j1/7:2N2P2/6:2P1P2/" \
    "5:PPR3/4:PE1EP/3:R3/2:K2/ b -- - 2 35"
#define STALEMATE "/28:k/24:2K2/ b -- - 0 1"

/* ----- helpers ------------------------------------------------------------ */

static cescacs_game *game_from(const char *pdtl) {
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_from_pdtl(pdtl, &game));
    return game;
}

/* The game's PDTL in a static buffer (overwritten by the next call). */
static const char *pdtl_of(const cescacs_game *game) {
    static char buf[1024];
    size_t n = 0;
    buf[0] = '\0';
    CHECK_OK(cescacs_game_pdtl(game, buf, sizeof buf, &n));
    CHECK(n == strlen(buf));
    return buf;
}

static cescacs_move_list *legal(const cescacs_game *game) {
    cescacs_move_list *list = NULL;
    CHECK_OK(cescacs_game_legal_moves(game, &list));
    return list;
}

static size_t len_of(const cescacs_move_list *list) {
    size_t n = SIZE_MAX;
    CHECK_OK(cescacs_move_list_len(list, &n));
    return n;
}

static const char *long_of(const cescacs_move_list *list, size_t i) {
    static char buf[CESCACS_MOVE_TEXT_MAX];
    buf[0] = '\0';
    CHECK_OK(cescacs_move_list_long(list, i, buf, sizeof buf, NULL));
    return buf;
}

static const char *ctl_of(const cescacs_move_list *list, size_t i) {
    static char buf[CESCACS_MOVE_TEXT_MAX];
    buf[0] = '\0';
    CHECK_OK(cescacs_move_list_ctl(list, i, buf, sizeof buf, NULL));
    return buf;
}

/* Index of the move with this long form, or SIZE_MAX. */
static size_t find_long(const cescacs_move_list *list, const char *text) {
    size_t n = len_of(list);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(long_of(list, i), text) == 0) return i;
    }
    return SIZE_MAX;
}

static cescacs_move get_move(const cescacs_move_list *list, size_t i) {
    cescacs_move m;
    memset(&m, 0xAB, sizeof m);
    CHECK_OK(cescacs_move_list_get(list, i, &m));
    return m;
}

static cescacs_hex hex(const char *text) {
    cescacs_hex h = {255, 255};
    CHECK_OK(cescacs_hex_parse(text, &h));
    return h;
}

static int hex_eq(cescacs_hex a, const char *text) {
    cescacs_hex b = hex(text);
    return a.column == b.column && a.line == b.line;
}

/* The move with long form `text` in the list; fails the case if absent. */
static cescacs_move move_named(const cescacs_move_list *list, const char *text, const char *ctl) {
    size_t i = find_long(list, text);
    CHECK(i != SIZE_MAX);
    if (i == SIZE_MAX) {
        fprintf(stderr, "  move %s not found\n", text);
        cescacs_move none;
        memset(&none, 0, sizeof none);
        return none;
    }
    CHECK_STR(ctl_of(list, i), ctl);
    return get_move(list, i);
}

/* ----- positions and queries ---------------------------------------------- */

static void test_version_and_result_names(void) {
    CHECK_STR(cescacs_version(), "0.1.0");
    /* The header's version macros are the library's version. */
    char version[32];
    snprintf(version, sizeof version, "%d.%d.%d", CESCACS_VERSION_MAJOR, CESCACS_VERSION_MINOR,
             CESCACS_VERSION_PATCH);
    CHECK_STR(cescacs_version(), version);
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_OK), "CESCACS_RESULT_OK");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_NULL_POINTER), "CESCACS_RESULT_NULL_POINTER");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_INVALID_UTF8), "CESCACS_RESULT_INVALID_UTF8");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_BAD_PDTL), "CESCACS_RESULT_BAD_PDTL");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_BAD_MOVE_TEXT), "CESCACS_RESULT_BAD_MOVE_TEXT");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_ILLEGAL_MOVE), "CESCACS_RESULT_ILLEGAL_MOVE");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_STALE_MOVE_LIST), "CESCACS_RESULT_STALE_MOVE_LIST");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_INDEX_OUT_OF_RANGE), "CESCACS_RESULT_INDEX_OUT_OF_RANGE");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_BAD_HEX), "CESCACS_RESULT_BAD_HEX");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_NOTHING_TO_UNDO), "CESCACS_RESULT_NOTHING_TO_UNDO");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_BUFFER_TOO_SMALL), "CESCACS_RESULT_BUFFER_TOO_SMALL");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_PANIC), "CESCACS_RESULT_PANIC");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_BAD_PGN), "CESCACS_RESULT_BAD_PGN");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_NOT_FOUND), "CESCACS_RESULT_NOT_FOUND");
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_GAME_OVER), "CESCACS_RESULT_GAME_OVER");
    CHECK(CESCACS_RESULT_BAD_PGN == 12 && CESCACS_RESULT_NOT_FOUND == 13 && CESCACS_RESULT_GAME_OVER == 14);
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_BAD_ARGUMENT), "CESCACS_RESULT_BAD_ARGUMENT");
    CHECK(CESCACS_RESULT_BAD_ARGUMENT == 15);
    CHECK_STR(cescacs_result_name(16), "CESCACS_RESULT_UNKNOWN");
    CHECK_STR(cescacs_result_name(0xFFFFFFFFu), "CESCACS_RESULT_UNKNOWN");
}

static void test_initial_position(void) {
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    CHECK_STR(pdtl_of(game), INITIAL_PDTL);
    cescacs_move_list *list = legal(game);
    CHECK(len_of(list) == 68);
    cescacs_color turn = CESCACS_COLOR_BLACK;
    CHECK_OK(cescacs_game_turn(game, &turn));
    CHECK(turn == CESCACS_COLOR_WHITE);
    bool check = true;
    CHECK_OK(cescacs_game_is_check(game, &check));
    CHECK(!check);
    cescacs_outcome outcome;
    memset(&outcome, 0xAB, sizeof outcome);
    CHECK_OK(cescacs_game_outcome(game, &outcome));
    CHECK(outcome.termination == CESCACS_TERMINATION_NONE);
    CHECK(outcome.winner == CESCACS_WINNER_NONE);
    CHECK(outcome.white_points == 0 && outcome.black_points == 0);
    size_t history = 99;
    CHECK_OK(cescacs_game_history_len(game, &history));
    CHECK(history == 0);
    cescacs_move_list *leaps = NULL, *castlings = NULL;
    CHECK_OK(cescacs_game_king_leaps(game, &leaps));
    CHECK_OK(cescacs_game_castlings(game, &castlings));
    CHECK(len_of(leaps) == 0);
    CHECK(len_of(castlings) == 0);
    const uint64_t expected[] = {1, 68, 4612, 340385};
    for (uint32_t depth = 0; depth < 4; depth++) {
        uint64_t nodes = 0;
        CHECK_OK(cescacs_game_perft(game, depth, &nodes));
        CHECK(nodes == expected[depth]);
    }
    /* The same position read from its PDTL gives the same list. */
    cescacs_game *again = game_from(INITIAL_PDTL);
    cescacs_move_list *list2 = legal(again);
    CHECK(len_of(list2) == 68);
    for (size_t i = 0; i < 68; i++) {
        char a[CESCACS_MOVE_TEXT_MAX];
        strcpy(a, ctl_of(list, i));
        CHECK_STR(ctl_of(list2, i), a);
    }
    cescacs_move_list_free(list2);
    cescacs_game_free(again);
    cescacs_move_list_free(leaps);
    cescacs_move_list_free(castlings);
    cescacs_move_list_free(list);
    cescacs_game_free(game);
}

static void test_pdtl_defaults_and_round_trip(void) {
    /* Missing fields get their defaults (NOTATION.md 5.5-5.6: halfmove 0,
       unknown move number "?"). */
    cescacs_game *game = game_from("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk");
    CHECK_STR(pdtl_of(game), "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 ?");
    cescacs_game_free(game);
    game = game_from("/27:1k/25:r3/3:R2R/1:1K/ w");
    CHECK_STR(pdtl_of(game), "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 ?");
    cescacs_game_free(game);
    const char *canonical[] = {INITIAL_PDTL, AFTER_E7_E13, MIDDLE_GAME, EP_ANSWERS_CHECK, SCORNFUL, AWAIT_PROMOTION, MATE, STALEMATE};
    for (size_t i = 0; i < sizeof canonical / sizeof *canonical; i++) {
        game = game_from(canonical[i]);
        CHECK_STR(pdtl_of(game), canonical[i]);
        cescacs_game_free(game);
    }
}

struct castling_case {
    const char *long_form;
    const char *ctl;
};

/* All 24 castlings of castling.jsonl's first record (White to move). */
static const struct castling_case CASTLINGS[24] = {
    {"G1-I5+I3-I7", "KRK-II"},
    {"G1-I5+I3-K4", "KRK-IK"},
    {"G1-I5+I3-H4", "KRK-IH"},
    {"G1-H6+I3-I5", "KRK-HIO"},
    {"G1-H6+I3-I7", "KRK-HIOO"},
    {"G1-H6+I3-H4", "KRK-HH"},
    {"G1-H6+I3-G5", "KRK-HG+\xe2\x88\x9e"},
    {"G1-F6+I3-G5", "KRK-FG+\xe2\x88\x9e"},
    {"G1-F6+I3-E7", "KRK-FE"},
    {"G1-E5+I3-F6", "KRK-EF"},
    {"G1-E5+I3-E7", "KRK-EE"},
    {"G1-D2+C3-D4", "KRD-DD"},
    {"G1-D2+C3-E1", "KRD-DE"},
    {"G1-H6+C3-H8", "KRD-HH"},
    {"G1-H6+C3-G7", "KRD-HG+\xe2\x88\x9e"},
    {"G1-F6+C3-G7", "KRD-FG+\xe2\x88\x9e"},
    {"G1-F6+C3-E5", "KRD-FE"},
    {"G1-E5+C3-F6", "KRD-EF"},
    {"G1-E5+C3-D4", "KRD-ED"},
    {"G1-H6+C3-H8+I3-I7", "KRR-HIH"},
    {"G1-H6+C3-G7+I3-G5", "KRR-HGG+\xe2\x88\x9e"},
    {"G1-F6+C3-G7+I3-G5", "KRR-FGG+\xe2\x88\x9e"},
    {"G1-F6+C3-E5+I3-E7", "KRR-FEE"},
    {"G1-E5+C3-F6+I3-E7", "KRR-EEF"},
};

/* Checks a castling's fields against its long form "K-K+R-R[+R-R]". */
static void check_castling_fields(cescacs_move m, const char *long_form) {
    char parts[3][4][4];
    int count = 0;
    char copy[CESCACS_MOVE_TEXT_MAX];
    strcpy(copy, long_form);
    for (char *part = strtok(copy, "+"); part != NULL && count < 3; part = strtok(NULL, "+"), count++) {
        char *dash = strchr(part, '-');
        *dash = '\0';
        strcpy(parts[count][0], part);
        strcpy(parts[count][1], dash + 1);
    }
    CHECK(count == 2 || count == 3);
    CHECK(m.kind == (count == 3 ? CESCACS_MOVE_KIND_DOUBLE_CASTLING : CESCACS_MOVE_KIND_SIMPLE_CASTLING));
    CHECK(hex_eq(m.from, parts[0][0]));
    CHECK(hex_eq(m.to, parts[0][1]));
    CHECK(m.role == CESCACS_ROLE_KING);
    CHECK(m.captured == CESCACS_ROLE_NONE && !m.is_capture);
    CHECK(m.promotion == CESCACS_ROLE_NONE);
    CHECK(m.rook_move_count == count - 1);
    /* Rook moves come queen's rook first, which is also the long form's
       (sorted) order for both colours. */
    for (int r = 0; r < count - 1; r++) {
        CHECK(hex_eq(m.rook_moves[r].from, parts[r + 1][0]));
        CHECK(hex_eq(m.rook_moves[r].to, parts[r + 1][1]));
    }
    if (count == 2) {
        CHECK(m.rook_moves[1].from.column == 0 && m.rook_moves[1].from.line == 0);
        CHECK(m.rook_moves[1].to.column == 0 && m.rook_moves[1].to.line == 0);
    }
}

static int hex_eq_hex(cescacs_hex a, cescacs_hex b) { return a.column == b.column && a.line == b.line; }

/* Field by field (padding bytes are not part of a move's value). */
static int moves_equal(const cescacs_move *a, const cescacs_move *b) {
    if (a->kind != b->kind || !hex_eq_hex(a->from, b->from) || !hex_eq_hex(a->to, b->to) ||
        a->role != b->role || a->captured != b->captured || a->promotion != b->promotion ||
        a->is_capture != b->is_capture || a->rook_move_count != b->rook_move_count)
        return 0;
    for (int r = 0; r < a->rook_move_count; r++)
        if (!hex_eq_hex(a->rook_moves[r].from, b->rook_moves[r].from) ||
            !hex_eq_hex(a->rook_moves[r].to, b->rook_moves[r].to))
            return 0;
    return 1;
}

/* cescacs_move_list_copy: every move in one call, equal to _get one by one;
 * each error path leaves the array untouched. */
static void test_move_list_copy(void) {
    cescacs_game *game = game_from(KINGS_AND_ROOKS);
    cescacs_move_list *list = NULL;
    CHECK_OK(cescacs_game_legal_moves(game, &list));

    static cescacs_move all[CESCACS_MAX_MOVES];
    size_t n = 0;
    CHECK_OK(cescacs_move_list_copy(list, all, CESCACS_MAX_MOVES, &n));
    CHECK(n == 90);
    for (size_t i = 0; i < n; i++) {
        cescacs_move m;
        CHECK_OK(cescacs_move_list_get(list, i, &m));
        CHECK(moves_equal(&m, &all[i]));
    }

    /* Too small: nothing written, the needed count reported. */
    cescacs_move few[3];
    memset(few, 0xAB, sizeof few);
    unsigned char untouched[sizeof few];
    memcpy(untouched, few, sizeof few);
    size_t needed = 0;
    CHECK_RC(cescacs_move_list_copy(list, few, 3, &needed), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(needed == 90);
    CHECK(memcmp(few, untouched, sizeof few) == 0);
    CHECK_ERROR_STARTS("the list has 90 moves");

    /* Asking for the count only. */
    needed = 0;
    CHECK_RC(cescacs_move_list_copy(list, NULL, 0, &needed), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(needed == 90);

    /* NULL pointers. */
    CHECK_RC(cescacs_move_list_copy(NULL, all, CESCACS_MAX_MOVES, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_move_list_copy(list, all, CESCACS_MAX_MOVES, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_move_list_copy(list, NULL, 5, &n), CESCACS_RESULT_NULL_POINTER);

    /* An empty list (stalemate) copies nothing, even into no array. */
    cescacs_game *stale = game_from("/28:k/24:2K2/ b -- - 0 1");
    cescacs_move_list *none = NULL;
    CHECK_OK(cescacs_game_legal_moves(stale, &none));
    n = 7;
    CHECK_OK(cescacs_move_list_copy(none, NULL, 0, &n));
    CHECK(n == 0);

    cescacs_move_list_free(none);
    cescacs_game_free(stale);
    cescacs_move_list_free(list);
    cescacs_game_free(game);
}

/* cescacs_move_list_array: the list's own array, equal to _get and _copy,
 * stable until a refill, which replaces it; error paths write nothing. */
static void test_move_list_array(void) {
    cescacs_game *game = game_from(KINGS_AND_ROOKS);
    cescacs_move_list *list = NULL;
    CHECK_OK(cescacs_game_legal_moves(game, &list));

    const cescacs_move *moves = NULL;
    size_t n = 0;
    CHECK_OK(cescacs_move_list_array(list, &moves, &n));
    CHECK(moves != NULL);
    CHECK(n == 90);
    size_t castlings = 0;
    for (size_t i = 0; i < n; i++) {
        cescacs_move m;
        CHECK_OK(cescacs_move_list_get(list, i, &m));
        CHECK(moves_equal(&m, &moves[i]));
        castlings += moves[i].rook_move_count > 0;
    }
    CHECK(castlings == 24);
    static cescacs_move all[CESCACS_MAX_MOVES];
    size_t copied = 0;
    CHECK_OK(cescacs_move_list_copy(list, all, CESCACS_MAX_MOVES, &copied));
    CHECK(copied == n);
    for (size_t i = 0; i < copied; i++) CHECK(moves_equal(&all[i], &moves[i]));

    /* Asking again gives the same array. */
    const cescacs_move *again = NULL;
    size_t n_again = 0;
    CHECK_OK(cescacs_move_list_array(list, &again, &n_again));
    CHECK(again == moves && n_again == n);

    /* NULL pointers: an error, and neither output is written. */
    const cescacs_move *sentinel = (const cescacs_move *)&n_again;
    const cescacs_move *out = sentinel;
    size_t len = 7;
    CHECK_RC(cescacs_move_list_array(NULL, &out, &len), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "list is NULL");
    CHECK_RC(cescacs_move_list_array(list, NULL, &len), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "moves_out is NULL");
    CHECK_RC(cescacs_move_list_array(list, &out, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "len_out is NULL");
    CHECK(out == sentinel && len == 7);

    /* A refill (here to the initial position's 68 moves) replaces the
       contents; the array is read again after it. */
    cescacs_game *initial = game_from(INITIAL_PDTL);
    CHECK_OK(cescacs_game_legal_moves_into(initial, list));
    CHECK_OK(cescacs_move_list_array(list, &moves, &n));
    CHECK(n == 68);
    for (size_t i = 0; i < n; i++) {
        cescacs_move m;
        CHECK_OK(cescacs_move_list_get(list, i, &m));
        CHECK(moves_equal(&m, &moves[i]));
        CHECK(moves[i].rook_move_count == 0);
    }

    /* A new list and a stalemated position: no moves, a non-NULL pointer. */
    cescacs_move_list *fresh = NULL;
    CHECK_OK(cescacs_move_list_new(&fresh));
    moves = NULL;
    n = 7;
    CHECK_OK(cescacs_move_list_array(fresh, &moves, &n));
    CHECK(moves != NULL && n == 0);
    cescacs_game *stale = game_from("/28:k/24:2K2/ b -- - 0 1");
    CHECK_OK(cescacs_game_legal_moves_into(stale, fresh));
    moves = NULL;
    n = 7;
    CHECK_OK(cescacs_move_list_array(fresh, &moves, &n));
    CHECK(moves != NULL && n == 0);

    cescacs_move_list_free(fresh);
    cescacs_game_free(stale);
    cescacs_game_free(initial);
    cescacs_move_list_free(list);
    cescacs_game_free(game);
}

static void test_kings_and_rooks_leaps_and_castlings(void) {
    cescacs_game *game = game_from(KINGS_AND_ROOKS);
    cescacs_move_list *leaps = NULL, *castlings = NULL;
    CHECK_OK(cescacs_game_king_leaps(game, &leaps));
    CHECK_OK(cescacs_game_castlings(game, &castlings));

    const char *leap_long[5] = {"G1-I5", "G1-H6", "G1-F6", "G1-E5", "G1-D2"};
    const char *leap_ctl[5] = {"KG1-I5", "KG1-H6", "KG1-F6", "KG1-E5", "KG1-D2"};
    CHECK(len_of(leaps) == 5);
    for (int i = 0; i < 5; i++) {
        cescacs_move m = move_named(leaps, leap_long[i], leap_ctl[i]);
        CHECK(m.kind == CESCACS_MOVE_KIND_KING_LEAP);
        CHECK(m.role == CESCACS_ROLE_KING);
        CHECK(hex_eq(m.from, "G1"));
        CHECK(hex_eq(m.to, leap_long[i] + 3));
        CHECK(!m.is_capture && m.captured == CESCACS_ROLE_NONE);
        CHECK(m.rook_move_count == 0);
    }

    CHECK(len_of(castlings) == 24);
    for (int i = 0; i < 24; i++) {
        cescacs_move m = move_named(castlings, CASTLINGS[i].long_form, CASTLINGS[i].ctl);
        check_castling_fields(m, CASTLINGS[i].long_form);
    }

    /* The full list holds them all, with the same kinds. */
    cescacs_move_list *all = legal(game);
    CHECK(len_of(all) == 90);
    int kinds[9] = {0};
    for (size_t i = 0; i < len_of(all); i++) {
        cescacs_move m = get_move(all, i);
        CHECK(m.kind <= CESCACS_MOVE_KIND_DOUBLE_CASTLING);
        if (m.kind <= CESCACS_MOVE_KIND_DOUBLE_CASTLING) kinds[m.kind]++;
    }
    CHECK(kinds[CESCACS_MOVE_KIND_KING_LEAP] == 5);
    CHECK(kinds[CESCACS_MOVE_KIND_SIMPLE_CASTLING] == 19);
    CHECK(kinds[CESCACS_MOVE_KIND_DOUBLE_CASTLING] == 5);
    CHECK(kinds[CESCACS_MOVE_KIND_CAPTURE] == 1); /* RC3xRC25 */
    CHECK(kinds[CESCACS_MOVE_KIND_ORDINARY] == 90 - 5 - 24 - 1);
    for (int i = 0; i < 24; i++) CHECK(find_long(all, CASTLINGS[i].long_form) != SIZE_MAX);

    /* Every castling plays and takes back through the castlings list. */
    for (size_t i = 0; i < 24; i++) {
        CHECK_OK(cescacs_game_play(game, castlings, i));
        cescacs_color turn = CESCACS_COLOR_WHITE;
        CHECK_OK(cescacs_game_turn(game, &turn));
        CHECK(turn == CESCACS_COLOR_BLACK);
        CHECK_OK(cescacs_game_undo(game));
        CHECK_STR(pdtl_of(game), KINGS_AND_ROOKS);
    }
    /* Castling by name. */
    CHECK_OK(cescacs_game_play_ctl(game, "KRR-HIH"));
    CHECK_STR(pdtl_of(game), "/27:1k/25:r3/8:4R2/7:5R2/6:4K2/ b -rk - 1 1");
    CHECK_OK(cescacs_game_undo(game));

    cescacs_move_list_free(all);
    cescacs_move_list_free(leaps);
    cescacs_move_list_free(castlings);
    cescacs_game_free(game);
}

static void test_black_double_castling(void) {
    cescacs_game *game = game_from(FULL_B);
    cescacs_move_list *castlings = NULL;
    CHECK_OK(cescacs_game_castlings(game, &castlings));
    cescacs_move m = move_named(castlings, "G27-H22+C25-H20+I25-I21", "KRR-HIH");
    check_castling_fields(m, "G27-H22+C25-H20+I25-I21");
    /* The longest move text fits in CESCACS_MOVE_TEXT_MAX. */
    size_t n = 0;
    CHECK_RC(cescacs_move_list_long(castlings, find_long(castlings, "G27-H22+C25-H20+I25-I21"), NULL, 0, &n),
             CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == 23 && n < CESCACS_MOVE_TEXT_MAX);
    cescacs_move_list_free(castlings);
    cescacs_game_free(game);
}

static void test_move_fields_of_every_kind(void) {
    cescacs_game *game = game_from(INITIAL_PDTL);
    cescacs_move_list *list = legal(game);
    cescacs_move m = move_named(list, "E7-E13", "E7-E13");
    CHECK(m.kind == CESCACS_MOVE_KIND_ORDINARY && m.role == CESCACS_ROLE_PAWN);
    CHECK(hex_eq(m.from, "E7") && hex_eq(m.to, "E13"));
    m = move_named(list, "G3-I7", "NG3-I7");
    CHECK(m.kind == CESCACS_MOVE_KIND_ORDINARY && m.role == CESCACS_ROLE_KNIGHT);
    cescacs_move_list_free(list);
    cescacs_game_free(game);

    game = game_from(EP_ANSWERS_CHECK);
    list = legal(game);
    CHECK(len_of(list) == 12);
    m = move_named(list, "H16-G19", "H16@G19");
    CHECK(m.kind == CESCACS_MOVE_KIND_EN_PASSANT && m.is_capture);
    CHECK(m.role == CESCACS_ROLE_PAWN && m.captured == CESCACS_ROLE_PAWN);
    CHECK(hex_eq(m.from, "H16") && hex_eq(m.to, "G19"));
    m = move_named(list, "F14-G17", "KF14\xc3\x97G17");
    CHECK(m.kind == CESCACS_MOVE_KIND_CAPTURE && m.is_capture);
    CHECK(m.role == CESCACS_ROLE_KING && m.captured == CESCACS_ROLE_PAWN);
    bool check = false;
    CHECK_OK(cescacs_game_is_check(game, &check));
    CHECK(check);
    cescacs_move_list_free(list);
    cescacs_game_free(game);

    game = game_from(SCORNFUL);
    list = legal(game);
    CHECK(len_of(list) == 113);
    m = move_named(list, "E13-F14", "E13@F14");
    CHECK(m.kind == CESCACS_MOVE_KIND_SCORNFUL_CAPTURE && m.is_capture);
    CHECK(m.role == CESCACS_ROLE_PAWN && m.captured == CESCACS_ROLE_PAWN);
    cescacs_move_list_free(list);
    cescacs_game_free(game);

    game = game_from(PROMOTION_MANDATORY);
    list = legal(game);
    CHECK(len_of(list) == 20);
    m = move_named(list, "A21-A23=D", "A21-A23=D");
    CHECK(m.kind == CESCACS_MOVE_KIND_PROMOTION && !m.is_capture);
    CHECK(m.role == CESCACS_ROLE_PAWN && m.promotion == CESCACS_ROLE_QUEEN);
    m = move_named(list, "A21-T22=J", "A21-T22=J");
    CHECK(m.kind == CESCACS_MOVE_KIND_PROMOTION && m.promotion == CESCACS_ROLE_BISHOP);
    m = move_named(list, "A21-B22", "A21-B22");
    CHECK(m.kind == CESCACS_MOVE_KIND_ORDINARY && m.promotion == CESCACS_ROLE_NONE);
    CHECK_OK(cescacs_game_play_ctl(game, "A21-A23=V"));
    cescacs_role role = CESCACS_ROLE_NONE;
    cescacs_color color = CESCACS_COLOR_BLACK;
    CHECK_OK(cescacs_game_piece_at(game, hex("A23"), &role, &color));
    CHECK(role == CESCACS_ROLE_WYVERN && color == CESCACS_COLOR_WHITE);
    cescacs_move_list_free(list);
    cescacs_game_free(game);

    game = game_from(AWAIT_PROMOTION);
    list = legal(game);
    CHECK(len_of(list) == 1);
    m = move_named(list, "A5=G", "A5=G");
    CHECK(m.kind == CESCACS_MOVE_KIND_FORCED_PROMOTION);
    CHECK(m.role == CESCACS_ROLE_PAWN && m.promotion == CESCACS_ROLE_PEGASUS);
    CHECK(hex_eq(m.from, "A5") && hex_eq(m.to, "A5"));
    CHECK(!m.is_capture && m.rook_move_count == 0);
    CHECK_OK(cescacs_game_play(game, list, 0));
    CHECK_OK(cescacs_game_piece_at(game, hex("A5"), &role, &color));
    CHECK(role == CESCACS_ROLE_PEGASUS && color == CESCACS_COLOR_BLACK);
    cescacs_move_list_free(list);
    cescacs_game_free(game);
}

static void test_apply_undo_round_trip(void) {
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    cescacs_move_list *list = legal(game);
    size_t n = len_of(list);
    for (size_t i = 0; i < n; i++) {
        CHECK_OK(cescacs_game_play(game, list, i));
        size_t history = 0;
        CHECK_OK(cescacs_game_history_len(game, &history));
        CHECK(history == 1);
        CHECK(strcmp(pdtl_of(game), INITIAL_PDTL) != 0);
        CHECK_OK(cescacs_game_undo(game));
        CHECK_STR(pdtl_of(game), INITIAL_PDTL);
    }
    CHECK_OK(cescacs_game_play_ctl(game, "E7-E13"));
    CHECK_STR(pdtl_of(game), AFTER_E7_E13);
    CHECK_OK(cescacs_game_play_ctl(game, "E21-E17"));
    CHECK_OK(cescacs_game_play_long(game, "G3-I7"));
    size_t history = 0;
    CHECK_OK(cescacs_game_history_len(game, &history));
    CHECK(history == 3);
    CHECK_OK(cescacs_game_undo(game));
    CHECK_OK(cescacs_game_undo(game));
    CHECK_STR(pdtl_of(game), AFTER_E7_E13);
    CHECK_OK(cescacs_game_undo(game));
    CHECK_STR(pdtl_of(game), INITIAL_PDTL);
    CHECK_RC(cescacs_game_undo(game), CESCACS_RESULT_NOTHING_TO_UNDO);
    CHECK_STR(pdtl_of(game), INITIAL_PDTL);
    cescacs_move_list_free(list);
    cescacs_game_free(game);

    /* Every move of a middle game, played and taken back. */
    game = game_from(MIDDLE_GAME);
    list = legal(game);
    CHECK(len_of(list) == 145);
    for (size_t i = 0; i < len_of(list); i++) {
        char text[CESCACS_MOVE_TEXT_MAX];
        strcpy(text, ctl_of(list, i));
        CHECK_OK(cescacs_game_play_ctl(game, text));
        CHECK_OK(cescacs_game_undo(game));
        strcpy(text, long_of(list, i));
        CHECK_OK(cescacs_game_play_long(game, text));
        CHECK_OK(cescacs_game_undo(game));
        CHECK_STR(pdtl_of(game), MIDDLE_GAME);
    }
    uint64_t nodes = 0;
    CHECK_OK(cescacs_game_perft(game, 2, &nodes));
    CHECK(nodes == 19698);
    cescacs_move_list_free(list);
    cescacs_game_free(game);
}

static void test_clone_is_independent(void) {
    cescacs_game *game = NULL, *copy = NULL;
    CHECK_OK(cescacs_game_new(&game));
    CHECK_OK(cescacs_game_play_ctl(game, "E7-E13"));
    CHECK_OK(cescacs_game_clone(game, &copy));
    CHECK_STR(pdtl_of(copy), AFTER_E7_E13);
    CHECK_OK(cescacs_game_play_ctl(copy, "E21-E17"));
    CHECK_STR(pdtl_of(game), AFTER_E7_E13);
    CHECK_OK(cescacs_game_undo(copy));
    CHECK_OK(cescacs_game_undo(copy)); /* the clone keeps the history */
    CHECK_STR(pdtl_of(copy), INITIAL_PDTL);
    CHECK_STR(pdtl_of(game), AFTER_E7_E13);
    cescacs_game_free(copy);
    cescacs_game_free(game);
}

static void test_list_outlives_its_game(void) {
    cescacs_game *game = game_from(KINGS_AND_ROOKS);
    cescacs_move_list *list = legal(game);
    cescacs_game_free(game);
    CHECK(len_of(list) == 90);
    size_t i = find_long(list, "C3-C25");
    CHECK(i != SIZE_MAX);
    CHECK_STR(ctl_of(list, i), "RC3\xc3\x97RC25");
    cescacs_move m = get_move(list, i);
    CHECK(m.kind == CESCACS_MOVE_KIND_CAPTURE && m.captured == CESCACS_ROLE_ROOK && m.role == CESCACS_ROLE_ROOK);
    cescacs_move_list_free(list);
}

static void test_reused_move_list(void) {
    cescacs_move_list *list = NULL;
    CHECK_OK(cescacs_move_list_new(&list));
    CHECK(len_of(list) == 0);
    cescacs_move m;
    memset(&m, 0xAB, sizeof m);
    char buf[CESCACS_MOVE_TEXT_MAX] = "untouched";
    CHECK_RC(cescacs_move_list_get(list, 0, &m), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_move_list_ctl(list, 0, buf, sizeof buf, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_move_list_long(list, 0, buf, sizeof buf, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_STR(buf, "untouched");
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    /* A never filled list belongs to no position. */
    CHECK_RC(cescacs_game_play(game, list, 0), CESCACS_RESULT_STALE_MOVE_LIST);
    CHECK_OK(cescacs_game_legal_moves_into(game, list));
    CHECK(len_of(list) == 68);
    size_t i = find_long(list, "E7-E13");
    CHECK(i != SIZE_MAX);
    CHECK_OK(cescacs_game_play(game, list, i));
    CHECK_STR(pdtl_of(game), AFTER_E7_E13);
    /* Refill for the new position: Black's 68 replies. */
    CHECK_OK(cescacs_game_legal_moves_into(game, list));
    CHECK(len_of(list) == 68);
    CHECK(find_long(list, "E21-E17") != SIZE_MAX);
    CHECK(find_long(list, "E7-E13") == SIZE_MAX);
    /* A list from cescacs_game_legal_moves can be refilled too, across games. */
    cescacs_game *kr = game_from(KINGS_AND_ROOKS);
    CHECK_OK(cescacs_game_legal_moves_into(kr, list));
    CHECK(len_of(list) == 90);
    CHECK_RC(cescacs_game_play(game, list, 0), CESCACS_RESULT_STALE_MOVE_LIST);
    /* Errors leave the list alone. */
    CHECK_RC(cescacs_game_legal_moves_into(NULL, list), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_legal_moves_into(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_move_list_new(NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK(len_of(list) == 90);
    cescacs_game_free(kr);
    cescacs_game_free(game);
    cescacs_move_list_free(list);
}

static void test_outcomes(void) {
    cescacs_outcome o;
    bool check = false;
    cescacs_game *game = game_from(MATE);
    cescacs_move_list *list = legal(game);
    CHECK(len_of(list) == 0);
    CHECK_OK(cescacs_game_is_check(game, &check));
    CHECK(check);
    CHECK_OK(cescacs_game_outcome(game, &o));
    CHECK(o.termination == CESCACS_TERMINATION_CHECKMATE && o.winner == CESCACS_WINNER_WHITE);
    CHECK(o.white_points == 3 && o.black_points == 0);
    cescacs_move_list_free(list);
    cescacs_game_free(game);

    game = game_from(STALEMATE);
    CHECK_OK(cescacs_game_is_check(game, &check));
    CHECK(!check);
    CHECK_OK(cescacs_game_outcome(game, &o));
    CHECK(o.termination == CESCACS_TERMINATION_STALEMATE && o.winner == CESCACS_WINNER_WHITE);
    CHECK(o.white_points == 2 && o.black_points == 1);
    cescacs_game_free(game);

    game = game_from("/27:1k/3:R2R/1:1K/ w -- - 150 90");
    CHECK_OK(cescacs_game_outcome(game, &o));
    CHECK(o.termination == CESCACS_TERMINATION_SEVENTY_FIVE_MOVES && o.winner == CESCACS_WINNER_NONE);
    CHECK(o.white_points == 1 && o.black_points == 1);
    cescacs_game_free(game);

    game = game_from("/27:1k/3:R2R/1:1K/ w -- - 149 90");
    CHECK_OK(cescacs_game_outcome(game, &o));
    CHECK(o.termination == CESCACS_TERMINATION_NONE);
    cescacs_game_free(game);

    game = game_from("/27:1k/1:1K/ w -- - 0 1");
    CHECK_OK(cescacs_game_outcome(game, &o));
    CHECK(o.termination == CESCACS_TERMINATION_INSUFFICIENT_MATERIAL && o.winner == CESCACS_WINNER_NONE);
    CHECK(o.white_points == 1 && o.black_points == 1);
    cescacs_game_free(game);
}

static void test_piece_at(void) {
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    cescacs_role role = CESCACS_ROLE_NONE;
    cescacs_color color = CESCACS_COLOR_BLACK;
    CHECK_OK(cescacs_game_piece_at(game, hex("G1"), &role, &color));
    CHECK(role == CESCACS_ROLE_KING && color == CESCACS_COLOR_WHITE);
    CHECK_OK(cescacs_game_piece_at(game, hex("F28"), &role, &color));
    CHECK(role == CESCACS_ROLE_WYVERN && color == CESCACS_COLOR_BLACK);
    CHECK_OK(cescacs_game_piece_at(game, hex("E1"), &role, &color));
    CHECK(role == CESCACS_ROLE_QUEEN && color == CESCACS_COLOR_WHITE);
    color = CESCACS_COLOR_WHITE;
    CHECK_OK(cescacs_game_piece_at(game, hex("F14"), &role, &color));
    CHECK(role == CESCACS_ROLE_NONE && color == CESCACS_COLOR_WHITE);
    int pieces = 0;
    for (uint8_t c = 0; c < 15; c++) {
        for (uint8_t l = 0; l < 29; l++) {
            cescacs_hex h = {c, l};
            if (!cescacs_hex_is_valid(h)) continue;
            CHECK_OK(cescacs_game_piece_at(game, h, &role, &color));
            if (role != CESCACS_ROLE_NONE) pieces++;
        }
    }
    CHECK(pieces == 2 * 27); /* 11 P, 4 E, 3 J, 2 N, 2 G, 2 R, V, D, K a side */
    cescacs_game_free(game);
}

static void test_hex_conversions(void) {
    int valid = 0;
    for (uint8_t c = 0; c < 16; c++) {
        for (uint8_t l = 0; l < 30; l++) {
            cescacs_hex h = {c, l};
            char buf[CESCACS_HEX_TEXT_MAX];
            size_t n = 0;
            if (!cescacs_hex_is_valid(h)) {
                memcpy(buf, "zzz", 4);
                CHECK_RC(cescacs_hex_write(h, buf, sizeof buf, &n), CESCACS_RESULT_BAD_HEX);
                CHECK_STR(buf, "zzz");
                continue;
            }
            valid++;
            CHECK_OK(cescacs_hex_write(h, buf, sizeof buf, &n));
            CHECK(n == strlen(buf) && (n == 2 || n == 3));
            cescacs_hex back = {99, 99};
            CHECK_OK(cescacs_hex_parse(buf, &back));
            CHECK(back.column == c && back.line == l);
        }
    }
    CHECK(valid == 169);
    cescacs_hex h = hex("F14");
    CHECK(h.column == 7 && h.line == 14);
    h = hex("f14");
    CHECK(h.column == 7 && h.line == 14);
    h = hex("P7");
    CHECK(h.column == 0 && h.line == 7);
    h = hex("Z21");
    CHECK(h.column == 14 && h.line == 21);
    const char *bad[] = {"F15", "J3", "F014", "", "F", "F29", "Z100", "F14x", " F14", "Q1"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cescacs_hex out = {42, 42};
        CHECK_RC(cescacs_hex_parse(bad[i], &out), CESCACS_RESULT_BAD_HEX);
        CHECK(out.column == 42 && out.line == 42);
        CHECK_ERROR_STARTS("invalid hex");
    }
}

/* ----- error paths --------------------------------------------------------- */

static void test_null_pointers(void) {
    cescacs_game *game = game_from(KINGS_AND_ROOKS);
    cescacs_move_list *list = legal(game);
    cescacs_game *game_out = (cescacs_game *)(uintptr_t)0x1234;
    cescacs_move_list *list_out = (cescacs_move_list *)(uintptr_t)0x1234;
    char buf[64] = "untouched";
    size_t n = 77;
    cescacs_color color = CESCACS_COLOR_BLACK;
    cescacs_role role = CESCACS_ROLE_KING;
    bool flag = true;
    uint64_t nodes = 77;
    cescacs_outcome outcome;
    memset(&outcome, 0xAB, sizeof outcome);
    cescacs_move m;
    memset(&m, 0xAB, sizeof m);
    cescacs_hex h = {42, 42};

    CHECK_RC(cescacs_game_new(NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_ERROR_STARTS("game_out is NULL");
    CHECK_RC(cescacs_game_from_pdtl(NULL, &game_out), CESCACS_RESULT_NULL_POINTER);
    CHECK_ERROR_STARTS("pdtl is NULL");
    CHECK_RC(cescacs_game_from_pdtl(INITIAL_PDTL, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_clone(NULL, &game_out), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_clone(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK(game_out == (cescacs_game *)(uintptr_t)0x1234);

    CHECK_RC(cescacs_game_pdtl(NULL, buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_pdtl(game, NULL, 10, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_ERROR_STARTS("buf (with a non-zero length) is NULL");
    CHECK_RC(cescacs_game_turn(NULL, &color), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_turn(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_is_check(NULL, &flag), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_is_check(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_outcome(NULL, &outcome), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_outcome(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_piece_at(NULL, hex("G1"), &role, &color), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_piece_at(game, hex("G1"), NULL, &color), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_piece_at(game, hex("G1"), &role, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_legal_moves(NULL, &list_out), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_legal_moves(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_king_leaps(NULL, &list_out), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_king_leaps(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_castlings(NULL, &list_out), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_castlings(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK(list_out == (cescacs_move_list *)(uintptr_t)0x1234);
    CHECK_RC(cescacs_game_play(NULL, list, 0), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_play(game, NULL, 0), CESCACS_RESULT_NULL_POINTER);
    CHECK_ERROR_STARTS("list is NULL");
    CHECK_RC(cescacs_game_play_ctl(NULL, "KRK-HIO"), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_play_ctl(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_play_long(NULL, "G1-H6+I3-I5"), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_play_long(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_undo(NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_history_len(NULL, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_history_len(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_perft(NULL, 1, &nodes), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_perft(game, 1, NULL), CESCACS_RESULT_NULL_POINTER);

    CHECK_RC(cescacs_move_list_len(NULL, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_move_list_len(list, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_move_list_get(NULL, 0, &m), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_move_list_get(list, 0, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_move_list_ctl(NULL, 0, buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_move_list_ctl(list, 0, NULL, 8, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_move_list_long(NULL, 0, buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_move_list_long(list, 0, NULL, 8, &n), CESCACS_RESULT_NULL_POINTER);

    CHECK_RC(cescacs_hex_parse(NULL, &h), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_hex_parse("F14", NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_hex_write(hex("F14"), NULL, 4, &n), CESCACS_RESULT_NULL_POINTER);

    /* Nothing was written, nothing changed. */
    CHECK_STR(buf, "untouched");
    CHECK(n == 77 && nodes == 77 && flag && role == CESCACS_ROLE_KING && color == CESCACS_COLOR_BLACK);
    CHECK(h.column == 42 && h.line == 42);
    CHECK(outcome.white_points == 0xAB && m.rook_move_count == 0xAB);
    CHECK_STR(pdtl_of(game), KINGS_AND_ROOKS);
    size_t history = 9;
    CHECK_OK(cescacs_game_history_len(game, &history));
    CHECK(history == 0);
    cescacs_move_list_free(list);
    cescacs_game_free(game);
}

static void test_invalid_utf8(void) {
    cescacs_game *game = game_from(INITIAL_PDTL);
    cescacs_game *out = NULL;
    cescacs_hex h = {42, 42};
    const char bad_pdtl[] = "/28:v\xff/ w";
    const char bad_move[] = "E7-E13\xc3";
    const char bad_hex[] = "F\xe2\x88";
    CHECK_RC(cescacs_game_from_pdtl(bad_pdtl, &out), CESCACS_RESULT_INVALID_UTF8);
    CHECK_ERROR_STARTS("pdtl is not valid UTF-8 (invalid byte at offset 5)");
    CHECK(out == NULL);
    CHECK_RC(cescacs_game_play_ctl(game, bad_move), CESCACS_RESULT_INVALID_UTF8);
    CHECK_ERROR_STARTS("text is not valid UTF-8");
    CHECK_RC(cescacs_game_play_long(game, bad_move), CESCACS_RESULT_INVALID_UTF8);
    CHECK_RC(cescacs_hex_parse(bad_hex, &h), CESCACS_RESULT_INVALID_UTF8);
    CHECK(h.column == 42 && h.line == 42);
    CHECK_STR(pdtl_of(game), INITIAL_PDTL);
    cescacs_game_free(game);
}

static void test_bad_pdtl(void) {
    const char *bad[] = {
        "",                                             /* empty */
        "   ",                                          /* empty */
        "x",                                            /* one field */
        "/27:1k/1:1K/ w RKRrkr - 0 1 extra",            /* seven fields */
        "27:1k/1:1K/ w",                                /* placement slashes */
        "/27:1k/ w",                                    /* no white king */
        "/27:1k/1:1K/ x",                               /* turn */
        "/27:1k/1:1Q/ w",                               /* unknown letter */
        "/27:1k/1:1K/ w RKRrkr - x",                    /* halfmove */
        "/27:1k/1:1K/ w RKRrkr - 0 0",                  /* move number */
        "/27:1k/25:1R2/1:1K/ w -- - 0 1",               /* side not to move in check */
        "/27:1k/27:1k/1:1K/ w",                         /* a line twice */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cescacs_game *out = (cescacs_game *)(uintptr_t)0x1234;
        CHECK_RC(cescacs_game_from_pdtl(bad[i], &out), CESCACS_RESULT_BAD_PDTL);
        CHECK(out == (cescacs_game *)(uintptr_t)0x1234);
        CHECK(strlen(cescacs_last_error()) > 0);
    }
    cescacs_game *out = NULL;
    CHECK_RC(cescacs_game_from_pdtl("/27:1k/1:1K/ x", &out), CESCACS_RESULT_BAD_PDTL);
    CHECK_STR(cescacs_last_error(), "turn field \"x\": expected 'w' or 'b'");
    CHECK_RC(cescacs_game_from_pdtl("", &out), CESCACS_RESULT_BAD_PDTL);
    CHECK_STR(cescacs_last_error(), "empty PDTL");
}

static void test_illegal_and_unreadable_moves(void) {
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    CHECK_OK(cescacs_game_play_ctl(game, "E7-E13"));
    struct {
        const char *text;
        cescacs_result ctl;
        cescacs_result lng;
    } cases[] = {
        {"", CESCACS_RESULT_BAD_MOVE_TEXT, CESCACS_RESULT_BAD_MOVE_TEXT},
        {"   ", CESCACS_RESULT_BAD_MOVE_TEXT, CESCACS_RESULT_BAD_MOVE_TEXT},
        {"Q9-Q9", CESCACS_RESULT_BAD_MOVE_TEXT, CESCACS_RESULT_BAD_MOVE_TEXT},
        {"E21", CESCACS_RESULT_BAD_MOVE_TEXT, CESCACS_RESULT_BAD_MOVE_TEXT},
        {"E21-E30", CESCACS_RESULT_BAD_MOVE_TEXT, CESCACS_RESULT_BAD_MOVE_TEXT},
        {"KRK-XYZ", CESCACS_RESULT_BAD_MOVE_TEXT, CESCACS_RESULT_BAD_MOVE_TEXT},
        {"E21-E13", CESCACS_RESULT_ILLEGAL_MOVE, CESCACS_RESULT_ILLEGAL_MOVE}, /* too far */
        {"E7-E9", CESCACS_RESULT_ILLEGAL_MOVE, CESCACS_RESULT_ILLEGAL_MOVE},   /* White's pawn, Black to move */
        {"KRK-HIO", CESCACS_RESULT_ILLEGAL_MOVE, CESCACS_RESULT_BAD_MOVE_TEXT},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        CHECK_RC(cescacs_game_play_ctl(game, cases[i].text), cases[i].ctl);
        CHECK(strlen(cescacs_last_error()) > 0);
        CHECK_RC(cescacs_game_play_long(game, cases[i].text), cases[i].lng);
        CHECK(strlen(cescacs_last_error()) > 0);
        CHECK_STR(pdtl_of(game), AFTER_E7_E13);
    }
    CHECK_RC(cescacs_game_play_ctl(game, ""), CESCACS_RESULT_BAD_MOVE_TEXT);
    CHECK_STR(cescacs_last_error(), "empty move text");
    CHECK_RC(cescacs_game_play_ctl(game, "E21-E13"), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_STR(cescacs_last_error(), "move \"E21-E13\" is not legal in position " AFTER_E7_E13);
    CHECK_RC(cescacs_game_play_ctl(game, "KRK-XYZ"), CESCACS_RESULT_BAD_MOVE_TEXT);
    CHECK_ERROR_STARTS("move \"KRK-XYZ\": unknown castling");
    /* A piece letter that does not match, a wrong capture mark. */
    CHECK_RC(cescacs_game_play_ctl(game, "NE21-E17"), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_RC(cescacs_game_play_ctl(game, "E21\xc3\x97" "E17"), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_STR(pdtl_of(game), AFTER_E7_E13);
    size_t history = 0;
    CHECK_OK(cescacs_game_history_len(game, &history));
    CHECK(history == 1);
    cescacs_game_free(game);

    /* A promotion needs its piece. */
    game = game_from(PROMOTION_MANDATORY);
    CHECK_RC(cescacs_game_play_long(game, "A21-A23"), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_ERROR_STARTS("move \"A21-A23\": a promotion piece");
    CHECK_RC(cescacs_game_play_ctl(game, "A21-A23"), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_RC(cescacs_game_play_long(game, "A21-A23=K"), CESCACS_RESULT_BAD_MOVE_TEXT);
    CHECK_STR(pdtl_of(game), PROMOTION_MANDATORY);
    cescacs_game_free(game);
}

static void test_index_out_of_range(void) {
    cescacs_game *game = game_from(PROMOTION_MANDATORY);
    cescacs_move_list *list = legal(game);
    cescacs_move_list *leaps = NULL;
    CHECK_OK(cescacs_game_king_leaps(game, &leaps));
    CHECK(len_of(leaps) == 0);
    size_t bad[] = {20, 21, SIZE_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cescacs_move m;
        memset(&m, 0xAB, sizeof m);
        char buf[CESCACS_MOVE_TEXT_MAX] = "untouched";
        size_t n = 77;
        CHECK_RC(cescacs_move_list_get(list, bad[i], &m), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
        CHECK_RC(cescacs_move_list_ctl(list, bad[i], buf, sizeof buf, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
        CHECK_RC(cescacs_move_list_long(list, bad[i], buf, sizeof buf, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
        CHECK_RC(cescacs_game_play(game, list, bad[i]), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
        CHECK(m.rook_move_count == 0xAB && n == 77);
        CHECK_STR(buf, "untouched");
    }
    CHECK_RC(cescacs_move_list_get(list, 20, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_play(game, leaps, 0), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_STR(cescacs_last_error(), "index 0 is out of range: the list has 0 moves");
    CHECK_STR(pdtl_of(game), PROMOTION_MANDATORY);
    cescacs_move_list_free(leaps);
    cescacs_move_list_free(list);
    cescacs_game_free(game);
}

static void test_stale_move_list(void) {
    cescacs_game *game = NULL, *other = NULL;
    CHECK_OK(cescacs_game_new(&game));
    cescacs_move_list *list = legal(game);
    CHECK_OK(cescacs_game_play(game, list, 0));
    char after[1024];
    strcpy(after, pdtl_of(game));
    CHECK_RC(cescacs_game_play(game, list, 1), CESCACS_RESULT_STALE_MOVE_LIST);
    CHECK_ERROR_STARTS("the move list was generated for another position");
    CHECK_STR(pdtl_of(game), after);
    /* After undo the list is current again. */
    CHECK_OK(cescacs_game_undo(game));
    CHECK_OK(cescacs_game_play(game, list, 1));
    /* Another game's list. */
    other = game_from(KINGS_AND_ROOKS);
    cescacs_move_list *others = legal(other);
    CHECK_OK(cescacs_game_undo(game));
    CHECK_RC(cescacs_game_play(game, others, 0), CESCACS_RESULT_STALE_MOVE_LIST);
    CHECK_STR(pdtl_of(game), INITIAL_PDTL);
    /* A game at the same position accepts it. */
    cescacs_game *same = game_from(INITIAL_PDTL);
    CHECK_OK(cescacs_game_play(same, list, 2));
    cescacs_game_free(same);
    cescacs_move_list_free(others);
    cescacs_game_free(other);
    cescacs_move_list_free(list);
    cescacs_game_free(game);
}

static void test_buffers(void) {
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    size_t need = 0;
    /* Asking for the length. */
    CHECK_RC(cescacs_game_pdtl(game, NULL, 0, &need), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(need == strlen(INITIAL_PDTL));
    CHECK_ERROR_STARTS("the text needs ");
    /* One byte short: untouched. */
    char *buf = malloc(need + 1);
    CHECK(buf != NULL);
    memset(buf, 'x', need + 1);
    size_t n = 0;
    CHECK_RC(cescacs_game_pdtl(game, buf, need, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == need);
    for (size_t i = 0; i < need + 1; i++) CHECK(buf[i] == 'x');
    /* Exactly enough. */
    n = 0;
    CHECK_OK(cescacs_game_pdtl(game, buf, need + 1, &n));
    CHECK(n == need);
    CHECK_STR(buf, INITIAL_PDTL);
    /* The length pointer is optional. */
    CHECK_OK(cescacs_game_pdtl(game, buf, need + 1, NULL));
    CHECK_RC(cescacs_game_pdtl(game, buf, 3, NULL), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK_STR(buf, INITIAL_PDTL);
    free(buf);

    /* Move texts: a UTF-8 CTL-AN with its check mark. */
    cescacs_game *kr = game_from(KINGS_AND_ROOKS);
    cescacs_move_list *list = legal(kr);
    size_t i = find_long(list, "C3-C23");
    CHECK(i != SIZE_MAX);
    char small[12];
    memset(small, 'x', sizeof small);
    CHECK_RC(cescacs_move_list_ctl(list, i, small, 11, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == 11); /* "RC3-C23+∞" is 11 bytes */
    for (size_t k = 0; k < sizeof small; k++) CHECK(small[k] == 'x');
    CHECK_OK(cescacs_move_list_ctl(list, i, small, 12, &n));
    CHECK_STR(small, "RC3-C23+\xe2\x88\x9e");
    CHECK_RC(cescacs_move_list_long(list, i, small, 6, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == 6);
    CHECK_RC(cescacs_move_list_long(list, i, NULL, 0, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK_OK(cescacs_move_list_long(list, i, small, 7, &n));
    CHECK_STR(small, "C3-C23");

    /* Hex texts. */
    char hbuf[CESCACS_HEX_TEXT_MAX] = "ab";
    CHECK_RC(cescacs_hex_write(hex("F14"), hbuf, 3, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == 3);
    CHECK_STR(hbuf, "ab");
    CHECK_RC(cescacs_hex_write(hex("F14"), NULL, 0, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK_OK(cescacs_hex_write(hex("F14"), hbuf, 4, &n));
    CHECK_STR(hbuf, "F14");
    CHECK_OK(cescacs_hex_write(hex("E1"), hbuf, 3, NULL));
    CHECK_STR(hbuf, "E1");

    cescacs_move_list_free(list);
    cescacs_game_free(kr);
    cescacs_game_free(game);
}

static void test_bad_hexes(void) {
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    cescacs_role role = CESCACS_ROLE_KING;
    cescacs_color color = CESCACS_COLOR_BLACK;
    cescacs_hex off[] = {{7, 15}, {15, 14}, {0, 0}, {255, 255}, {7, 29}};
    for (size_t i = 0; i < sizeof off / sizeof *off; i++) {
        CHECK(!cescacs_hex_is_valid(off[i]));
        CHECK_RC(cescacs_game_piece_at(game, off[i], &role, &color), CESCACS_RESULT_BAD_HEX);
        CHECK_ERROR_STARTS("(column ");
        char buf[CESCACS_HEX_TEXT_MAX] = "ab";
        CHECK_RC(cescacs_hex_write(off[i], buf, sizeof buf, NULL), CESCACS_RESULT_BAD_HEX);
        CHECK_STR(buf, "ab");
    }
    CHECK(role == CESCACS_ROLE_KING && color == CESCACS_COLOR_BLACK);
    cescacs_game_free(game);
}

static void test_free_null_and_last_error(void) {
    cescacs_game_free(NULL);
    cescacs_move_list_free(NULL);
    cescacs_game *game = NULL;
    CHECK_RC(cescacs_game_undo(NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "game is NULL");
    /* Successful calls leave the message alone. */
    CHECK_OK(cescacs_game_new(&game));
    CHECK_STR(cescacs_last_error(), "game is NULL");
    CHECK_RC(cescacs_game_undo(game), CESCACS_RESULT_NOTHING_TO_UNDO);
    CHECK_STR(cescacs_last_error(), "no move to take back");
    cescacs_game_free(game);
}

/* ----- game records (CTL-PGN) --------------------------------------------- */

#define GAMES_DIR "tests/data/games/"
/* tests/data/games.jsonl, the last position of 2022-08-14.1 (ply 100). */
#define FINAL_2022_08_14_1                                                                        \
    "/25:2nN/24:3ep/23:p2ekp/22:2r1p2/21:4p3/20:3p3/19:5p2/18:1j5/17:jn6/16:2e4/14:1NPE3/13:2p5/" \
    "11:2P5/8:3P3/7:4P3/6:2G1P2/5:2vEPP/4:3EP/2:1V1/1:1K/ w -- - 3 51"
/* The mate of 2020-07-20 and 2022-08-14.2 (ply 69) is MATE. */
#define FOOLS_MATE                                                                                \
    "[Variant \"C'escacs\"]\n[Title \"Fool's mate\"]\n1. H6-H12 ?!, I23-I19 ?!\n"                  \
    "2. JF6-C15 ?!, GH26-Z11 ?!\n3. L5-L7, NG25-L17 ?!\n4. EH4-H8 ??, GZ11-L5\n"                    \
    "5. I5-I9 ??, NL17-G9\n6. K4-K10 ??, GL5-H6#\n0-3\n"

/* The whole file, NUL-terminated, in a malloc'd buffer (NULL on failure). */
static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "  cannot open %s (run from the repository root)\n", path);
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *text = malloc(cap);
    while (text != NULL) {
        n += fread(text + n, 1, cap - n - 1, f);
        if (n < cap - 1) break;
        char *bigger = realloc(text, cap * 2);
        if (bigger == NULL) {
            free(text);
            text = NULL;
        } else {
            text = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (text != NULL) text[n] = '\0';
    return text;
}

static cescacs_game *game_from_pgn(const char *text) {
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_from_pgn(text, &game));
    return game;
}

static cescacs_game *game_from_file(const char *name) {
    char path[256];
    snprintf(path, sizeof path, GAMES_DIR "%s", name);
    char *text = read_file(path);
    CHECK(text != NULL);
    if (text == NULL) return NULL;
    cescacs_game *game = game_from_pgn(text);
    free(text);
    return game;
}

/* The game's CTL-PGN in a malloc'd buffer of exactly the needed size. */
static char *pgn_of(const cescacs_game *game) {
    size_t need = 0;
    CHECK_RC(cescacs_game_write_pgn(game, NULL, 0, &need), CESCACS_RESULT_BUFFER_TOO_SMALL);
    char *buf = malloc(need + 1);
    CHECK(buf != NULL);
    if (buf == NULL) return NULL;
    size_t n = 0;
    buf[0] = '\0';
    CHECK_OK(cescacs_game_write_pgn(game, buf, need + 1, &n));
    CHECK(n == need && strlen(buf) == need);
    return buf;
}

static size_t plies_of(const cescacs_game *game) {
    size_t n = SIZE_MAX;
    CHECK_OK(cescacs_game_ply_count(game, &n));
    return n;
}

static const char *pdtl_at(const cescacs_game *game, size_t ply) {
    static char buf[1024];
    buf[0] = '\0';
    CHECK_OK(cescacs_game_pdtl_at(game, ply, buf, sizeof buf, NULL));
    return buf;
}

static const char *ctl_at(const cescacs_game *game, size_t ply) {
    static char buf[CESCACS_MOVE_TEXT_MAX];
    buf[0] = '\0';
    CHECK_OK(cescacs_game_move_ctl_at(game, ply, buf, sizeof buf, NULL));
    return buf;
}

static const char *result_of(const cescacs_game *game) {
    static char buf[4];
    buf[0] = '\0';
    CHECK_OK(cescacs_game_result(game, buf, sizeof buf, NULL));
    return buf;
}

static const char *tag_of(const cescacs_game *game, const char *name) {
    static char buf[256];
    buf[0] = '\0';
    CHECK_OK(cescacs_game_tag(game, name, buf, sizeof buf, NULL));
    return buf;
}

static cescacs_outcome outcome_of(const cescacs_game *game) {
    cescacs_outcome o;
    memset(&o, 0xAB, sizeof o);
    CHECK_OK(cescacs_game_outcome(game, &o));
    return o;
}

static uint64_t hash_of(const cescacs_game *game) {
    uint64_t h = 0;
    CHECK_OK(cescacs_game_zobrist_hash(game, &h));
    return h;
}

static bool repetition(const cescacs_game *game, uint32_t count) {
    bool b = false;
    CHECK_OK(cescacs_game_is_repetition(game, count, &b));
    return b;
}

static bool claimable(const cescacs_game *game) {
    bool b = true;
    CHECK_OK(cescacs_game_can_claim_draw(game, &b));
    return b;
}

static size_t repetition_count(const cescacs_game *game) {
    size_t n = 0;
    CHECK_OK(cescacs_game_repetition_count(game, &n));
    return n;
}

static int hex_same(cescacs_hex a, cescacs_hex b) { return a.column == b.column && a.line == b.line; }

/* Field by field: the struct has padding, which memcmp would compare. */
static int move_eq(cescacs_move a, cescacs_move b) {
    int eq = a.kind == b.kind && hex_same(a.from, b.from) && hex_same(a.to, b.to) && a.role == b.role &&
             a.captured == b.captured && a.promotion == b.promotion && a.is_capture == b.is_capture &&
             a.rook_move_count == b.rook_move_count;
    for (int i = 0; i < 2; i++) {
        eq = eq && hex_same(a.rook_moves[i].from, b.rook_moves[i].from) && hex_same(a.rook_moves[i].to, b.rook_moves[i].to);
    }
    return eq;
}

static void play_all(cescacs_game *game, const char *const *moves, size_t n) {
    for (size_t i = 0; i < n; i++) CHECK_OK(cescacs_game_play_ctl(game, moves[i]));
}

struct game_file {
    const char *name;
    size_t plies;
    cescacs_winner winner;
    const char *stated; /* the result the file states */
    const char *last;   /* the last move in canonical CTL-AN */
};

static const struct game_file GAME_FILES[5] = {
    {"2020-07-20.ctl-pgn", 69, CESCACS_WINNER_WHITE, "0-3", "DC19-E25#"},
    {"2022-08-14.1.ctl-pgn", 100, CESCACS_WINNER_BLACK, "0-3", "VD10-E5#"},
    {"2022-08-14.2.ctl-pgn", 69, CESCACS_WINNER_WHITE, "3-0", "DC19-E25#"},
    {"2023-09-11.ctl-pgn", 113, CESCACS_WINNER_WHITE, "3-0", "VD26-G27#"},
    {"2023-09-18.ctl-pgn", 133, CESCACS_WINNER_WHITE, "3-0", "VF28-F22#"},
};

static void test_pgn_real_games_replay_to_mate(void) {
    for (size_t i = 0; i < 5; i++) {
        const struct game_file *f = &GAME_FILES[i];
        cescacs_game *game = game_from_file(f->name);
        if (game == NULL) continue;
        CHECK(plies_of(game) == f->plies);
        /* The record's outcome: mate (2020-07-20 states 0-3, but White mates). */
        cescacs_outcome o = outcome_of(game);
        CHECK(o.termination == CESCACS_TERMINATION_CHECKMATE && o.winner == f->winner);
        CHECK(o.white_points == (f->winner == CESCACS_WINNER_WHITE ? 3 : 0));
        CHECK(o.black_points == (f->winner == CESCACS_WINNER_BLACK ? 3 : 0));
        CHECK_STR(result_of(game), f->stated);
        CHECK_STR(pdtl_at(game, 0), INITIAL_PDTL);
        CHECK_STR(pdtl_at(game, 1), AFTER_E7_E13);
        CHECK_STR(ctl_at(game, 0), "E7-E13");
        CHECK_STR(ctl_at(game, f->plies - 1), f->last);
        char final_pdtl[1024];
        strcpy(final_pdtl, pdtl_of(game));
        CHECK_STR(pdtl_at(game, f->plies), final_pdtl);
        cescacs_move_list *list = legal(game);
        CHECK(len_of(list) == 0);
        cescacs_move_list_free(list);
        /* Every move read can be taken back (checked on a clone, down to
           the start position). */
        size_t history = 99;
        CHECK_OK(cescacs_game_history_len(game, &history));
        CHECK(history == f->plies);
        {
            cescacs_game *back = NULL;
            CHECK_OK(cescacs_game_clone(game, &back));
            for (size_t ply = f->plies; ply > 0; ply--) {
                CHECK_OK(cescacs_game_undo(back));
                CHECK_STR(pdtl_of(back), pdtl_at(game, ply - 1));
            }
            CHECK_RC(cescacs_game_undo(back), CESCACS_RESULT_NOTHING_TO_UNDO);
            CHECK_STR(pdtl_of(back), INITIAL_PDTL);
            CHECK_STR(result_of(back), "*");
            cescacs_game_free(back);
        }
        CHECK(plies_of(game) == f->plies);
        /* The game is over: no move may follow. */
        CHECK_RC(cescacs_game_play_ctl(game, "E7-E9"), CESCACS_RESULT_GAME_OVER);
        CHECK(plies_of(game) == f->plies);

        /* Replaying the moves one by one in a new game visits every position
           and reaches the same mate; its result is the rules' one. */
        cescacs_game *replay = NULL;
        CHECK_OK(cescacs_game_new(&replay));
        for (size_t ply = 0; ply < f->plies; ply++) {
            char before[1024];
            strcpy(before, pdtl_at(game, ply));
            CHECK_STR(pdtl_of(replay), before);
            cescacs_move m, r;
            memset(&m, 0xAB, sizeof m);
            memset(&r, 0xCD, sizeof r);
            CHECK_OK(cescacs_game_move_at(game, ply, &m));
            CHECK_OK(cescacs_game_play_ctl(replay, ctl_at(game, ply)));
            CHECK_OK(cescacs_game_move_at(replay, ply, &r));
            CHECK(move_eq(m, r));
        }
        CHECK_STR(pdtl_of(replay), final_pdtl);
        CHECK(plies_of(replay) == f->plies);
        history = 0;
        CHECK_OK(cescacs_game_history_len(replay, &history));
        CHECK(history == f->plies);
        cescacs_outcome ro = outcome_of(replay);
        CHECK(ro.termination == o.termination && ro.winner == o.winner);
        CHECK(ro.white_points == o.white_points && ro.black_points == o.black_points);
        CHECK_STR(result_of(replay), f->winner == CESCACS_WINNER_WHITE ? "3-0" : "0-3");
        CHECK(hash_of(replay) == hash_of(game));
        cescacs_game_free(replay);
        cescacs_game_free(game);
    }

    /* Two final positions from tests/data/games.jsonl. */
    cescacs_game *game = game_from_file("2020-07-20.ctl-pgn");
    CHECK_STR(pdtl_at(game, 69), MATE);
    CHECK_STR(pdtl_at(game, 2), "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:4p3/20:3p3/15:3p4/"
                                "13:3P4/8:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr "
                                "E15@17-19 0 2");
    CHECK_STR(tag_of(game, "Event"), "CG");
    CHECK_STR(tag_of(game, "Date"), "2020-07-20");
    CHECK_STR(tag_of(game, "Result"), "0-3");
    cescacs_game_free(game);
    game = game_from_file("2022-08-14.1.ctl-pgn");
    CHECK_STR(pdtl_at(game, 100), FINAL_2022_08_14_1);
    CHECK_STR(pdtl_of(game), FINAL_2022_08_14_1);
    CHECK_STR(tag_of(game, "White"), "Ros, Xus");
    CHECK_STR(tag_of(game, "Annotator"), "Cescacs"); /* the first of three */
    cescacs_game_free(game);
}

static void test_pgn_write_read_write(void) {
    for (size_t i = 0; i < 5; i++) {
        cescacs_game *game = game_from_file(GAME_FILES[i].name);
        if (game == NULL) continue;
        char *text = pgn_of(game);
        cescacs_game *again = game_from_pgn(text);
        char *text2 = pgn_of(again);
        CHECK_STR(text2, text);
        CHECK(plies_of(again) == GAME_FILES[i].plies);
        CHECK_STR(result_of(again), GAME_FILES[i].stated);
        free(text2);
        free(text);
        cescacs_game_free(again);
        cescacs_game_free(game);
    }
    /* A canonical text is written back byte for byte: tags, assessments, mate. */
    cescacs_game *game = game_from_pgn(FOOLS_MATE);
    char *text = pgn_of(game);
    CHECK_STR(text, FOOLS_MATE);
    free(text);
    CHECK(plies_of(game) == 12);
    CHECK_STR(tag_of(game, "Title"), "Fool's mate");
    CHECK_STR(ctl_at(game, 11), "GL5-H6#");
    cescacs_outcome o = outcome_of(game);
    CHECK(o.termination == CESCACS_TERMINATION_CHECKMATE && o.winner == CESCACS_WINNER_BLACK);
    cescacs_game_free(game);

    /* Games made from a position: a PDTL tag and the rules' result. */
    game = game_from(MATE);
    text = pgn_of(game);
    CHECK_STR(text, "[PDTL \"" MATE "\"]\n3-0\n");
    cescacs_game *again = game_from_pgn(text);
    CHECK_STR(pdtl_of(again), MATE);
    CHECK(plies_of(again) == 0);
    free(text);
    cescacs_game_free(again);
    cescacs_game_free(game);
    CHECK_OK(cescacs_game_new(&game));
    text = pgn_of(game);
    CHECK_STR(text, "*\n");
    free(text);
    CHECK_RC(cescacs_game_tag(game, "Event", NULL, 0, NULL), CESCACS_RESULT_NOT_FOUND);
    cescacs_game_free(game);
}

static void test_pgn_moves_played_through_the_handle(void) {
    const char *record = "[Event \"t\"]\n[Result \"1-1\"]\n1. E7-E13, E21-E15\n{ @B: offers a draw }\n1-1\n{ agreed }\n";
    cescacs_game *game = game_from_pgn(record);
    char *text = pgn_of(game);
    CHECK_STR(text, record);
    free(text);
    CHECK_STR(result_of(game), "1-1");
    cescacs_outcome o = outcome_of(game);
    CHECK(o.termination == CESCACS_TERMINATION_NONE);
    /* Play on: the move joins the record, the stated draw no longer holds. */
    CHECK_OK(cescacs_game_play_long(game, "F8-F12"));
    CHECK(plies_of(game) == 3);
    size_t history = 0;
    CHECK_OK(cescacs_game_history_len(game, &history));
    CHECK(history == 3);
    CHECK_STR(ctl_at(game, 2), "F8-F12");
    CHECK_STR(pdtl_at(game, 3), pdtl_of(game));
    CHECK_STR(result_of(game), "*");
    text = pgn_of(game);
    CHECK_STR(text, "[Event \"t\"]\n[Result \"*\"]\n1. E7-E13, E21-E15\n{ @B: offers a draw }\n2. F8-F12\n*\n{ agreed }\n");
    free(text);
    /* A clone has the same record. */
    cescacs_game *copy = NULL;
    CHECK_OK(cescacs_game_clone(game, &copy));
    CHECK_OK(cescacs_game_play_ctl(copy, "F20-F16"));
    text = pgn_of(copy);
    CHECK_STR(text, "[Event \"t\"]\n[Result \"*\"]\n1. E7-E13, E21-E15\n{ @B: offers a draw }\n2. F8-F12, F20-F16\n*\n"
                    "{ agreed }\n");
    free(text);
    CHECK(plies_of(game) == 3 && plies_of(copy) == 4);
    cescacs_game_free(copy);
    /* Undo goes on into the moves read, to the start; a stated result
       applied to the moves as read only (the core's policy), so it stays
       the rules' one. */
    CHECK_OK(cescacs_game_undo(game));
    CHECK(plies_of(game) == 2);
    CHECK_STR(result_of(game), "*");
    text = pgn_of(game);
    CHECK_STR(text, "[Event \"t\"]\n[Result \"*\"]\n1. E7-E13, E21-E15\n{ @B: offers a draw }\n*\n{ agreed }\n");
    free(text);
    CHECK_OK(cescacs_game_undo(game));
    CHECK_OK(cescacs_game_undo(game));
    CHECK_RC(cescacs_game_undo(game), CESCACS_RESULT_NOTHING_TO_UNDO);
    CHECK(plies_of(game) == 0);
    CHECK_STR(pdtl_of(game), INITIAL_PDTL);
    cescacs_game_free(game);

    /* A record with a PDTL start and Black to move: moves played are numbered on. */
    game = game_from_pgn("[PDTL \"" FULL_B "\"]\n*\n");
    CHECK_OK(cescacs_game_play_ctl(game, "KRR-HIH"));
    text = pgn_of(game);
    CHECK_STR(text, "[PDTL \"" FULL_B "\"]\n1. \xe2\x80\xa6, KRR-HIH\n*\n");
    free(text);
    cescacs_move m;
    CHECK_OK(cescacs_game_move_at(game, 0, &m));
    CHECK(m.kind == CESCACS_MOVE_KIND_DOUBLE_CASTLING && m.rook_move_count == 2);
    CHECK_STR(pdtl_at(game, 0), FULL_B);
    cescacs_game_free(game);
}

static void test_zobrist_hash_transpositions(void) {
    static const char *const order_a[] = {"NG3-I7", "NG25-I21", "NE3-C7", "NE25-C21"};
    static const char *const order_b[] = {"NE3-C7", "NG25-I21", "NG3-I7", "NE25-C21"};
    static const char *const there_and_back[] = {"NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"};
    cescacs_game *a = game_from(INITIAL_PDTL), *b = game_from(INITIAL_PDTL), *c = NULL;
    CHECK_OK(cescacs_game_new(&c));
    uint64_t initial = hash_of(c);
    CHECK(hash_of(a) == initial);
    play_all(a, order_a, 4);
    play_all(b, order_b, 4);
    CHECK(hash_of(a) == hash_of(b));
    CHECK_STR(pdtl_of(a), pdtl_of(b));
    CHECK(hash_of(a) != initial);
    /* Knights out and back: the initial position again (the clocks differ,
       the repetition identity does not). */
    play_all(c, there_and_back, 4);
    CHECK(hash_of(c) == initial);
    CHECK(strcmp(pdtl_of(c), INITIAL_PDTL) != 0);
    CHECK(repetition_count(c) == 2);
    /* Different positions on the way. */
    uint64_t seen[5];
    cescacs_game *d = NULL;
    CHECK_OK(cescacs_game_new(&d));
    seen[0] = hash_of(d);
    for (size_t i = 0; i < 4; i++) {
        CHECK_OK(cescacs_game_play_ctl(d, order_a[i]));
        seen[i + 1] = hash_of(d);
        for (size_t k = 0; k <= i; k++) CHECK(seen[k] != seen[i + 1]);
    }
    CHECK(seen[4] == hash_of(a));
    /* The side to move is part of it; undo gives the hash back. */
    CHECK_OK(cescacs_game_undo(b));
    CHECK(hash_of(b) != hash_of(a) && hash_of(b) == seen[3]);
    /* The two records that end in the same mate. */
    cescacs_game *x = game_from_file("2020-07-20.ctl-pgn");
    cescacs_game *y = game_from_file("2022-08-14.2.ctl-pgn");
    cescacs_game *z = game_from_file("2022-08-14.1.ctl-pgn");
    cescacs_game *mate = game_from(MATE);
    CHECK(hash_of(x) == hash_of(y) && hash_of(x) == hash_of(mate));
    CHECK(hash_of(x) != hash_of(z));
    cescacs_game_free(mate);
    cescacs_game_free(z);
    cescacs_game_free(y);
    cescacs_game_free(x);
    cescacs_game_free(d);
    cescacs_game_free(c);
    cescacs_game_free(b);
    cescacs_game_free(a);
}

static void test_fivefold_repetition(void) {
    static const char *const shuffle[] = {"NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"};
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    CHECK(repetition_count(game) == 1);
    CHECK(repetition(game, 1) && !repetition(game, 2));
    CHECK(!claimable(game));
    for (size_t round = 1; round <= 4; round++) {
        /* Mid-round: a new position for the first time. */
        CHECK_OK(cescacs_game_play_ctl(game, shuffle[0]));
        CHECK(repetition_count(game) == round); /* NG3-I7 itself recurs too */
        CHECK_OK(cescacs_game_play_ctl(game, shuffle[1]));
        CHECK_OK(cescacs_game_play_ctl(game, shuffle[2]));
        CHECK_OK(cescacs_game_play_ctl(game, shuffle[3]));
        size_t count = round + 1;
        CHECK(repetition_count(game) == count);
        CHECK(repetition(game, 3) == (count >= 3));
        CHECK(repetition(game, 5) == (count >= 5));
        CHECK(repetition(game, 0) && repetition(game, 1));
        /* Threefold and fourfold may be claimed; the fifth time ends the game. */
        CHECK(claimable(game) == (count == 3 || count == 4));
        cescacs_outcome o = outcome_of(game);
        if (count < 5) {
            CHECK(o.termination == CESCACS_TERMINATION_NONE && o.winner == CESCACS_WINNER_NONE);
            CHECK(o.white_points == 0 && o.black_points == 0);
            CHECK_STR(result_of(game), "*");
        } else {
            CHECK(o.termination == CESCACS_TERMINATION_FIVEFOLD_REPETITION);
            CHECK(o.winner == CESCACS_WINNER_NONE && o.white_points == 1 && o.black_points == 1);
            CHECK_STR(result_of(game), "1-1");
        }
    }
    CHECK(plies_of(game) == 16);
    char *text = pgn_of(game);
    CHECK_STR(text, "1. NG3-I7, NG25-I21\n2. NI7-G3, NI21-G25\n3. NG3-I7, NG25-I21\n4. NI7-G3, NI21-G25\n"
                    "5. NG3-I7, NG25-I21\n6. NI7-G3, NI21-G25\n7. NG3-I7, NG25-I21\n8. NI7-G3, NI21-G25\n1-1\n");
    /* The written record reads back as a fivefold repetition. */
    cescacs_game *again = game_from_pgn(text);
    free(text);
    cescacs_outcome o = outcome_of(again);
    CHECK(o.termination == CESCACS_TERMINATION_FIVEFOLD_REPETITION);
    CHECK(repetition_count(again) == 5 && !claimable(again));
    cescacs_game_free(again);
    /* The game is over: a further move is refused and changes nothing. */
    CHECK_RC(cescacs_game_play_ctl(game, "NG3-I7"), CESCACS_RESULT_GAME_OVER);
    CHECK(strstr(cescacs_last_error(), "the game is over") != NULL);
    CHECK(plies_of(game) == 16);
    o = outcome_of(game);
    CHECK(o.termination == CESCACS_TERMINATION_FIVEFOLD_REPETITION);
    CHECK(!claimable(game));
    /* Undo goes back before the fifth time. */
    CHECK_OK(cescacs_game_undo(game));
    o = outcome_of(game);
    CHECK(o.termination == CESCACS_TERMINATION_NONE);
    CHECK(repetition_count(game) == 4 && claimable(game));
    CHECK_OK(cescacs_game_play_ctl(game, "NI21-G25"));
    o = outcome_of(game);
    CHECK(o.termination == CESCACS_TERMINATION_FIVEFOLD_REPETITION);
    cescacs_game_free(game);

    /* The fifty-move claim: halfmove clock 100 in a position of no repetition. */
    game = game_from("/27:1k/3:R2R/1:1K/ w -- - 100 90");
    CHECK(claimable(game) && !repetition(game, 2));
    cescacs_game_free(game);
}

/* Every game of a multi-game text: counted, then read into an array of
   handles, each equal to the game read alone; errors name their line. */
static void test_games_from_pgn(void) {
    const char *text = "[Event \"a\"]\n1. E7-E13, E21-E15\n*\n"
                       "1. H6-H12\n"
                       "[Event \"c\"]\n1. E7-E13\n3-0\n"
                       "1. I5-I9\n*\n";
    size_t count = 0;
    /* The size query, as for every buffer of the API: BUFFER_TOO_SMALL and the count. */
    CHECK_RC(cescacs_games_from_pgn(text, NULL, 0, &count), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 4);
    cescacs_game *games[4] = {NULL, NULL, NULL, NULL};
    size_t needed = 0;
    CHECK_RC(cescacs_games_from_pgn(text, games, 2, &needed), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(needed == 4 && games[0] == NULL && games[1] == NULL);
    CHECK_OK(cescacs_games_from_pgn(text, games, 4, &count));
    CHECK(count == 4);
    const size_t plies[4] = {2, 1, 1, 1};
    for (size_t i = 0; i < 4; i++) {
        CHECK(games[i] != NULL && plies_of(games[i]) == plies[i]);
    }
    CHECK_STR(tag_of(games[2], "Event"), "c");
    CHECK_STR(result_of(games[2]), "3-0");
    /* Each handle is a whole game: taken back to its start, on its own. */
    CHECK_OK(cescacs_game_undo(games[0]));
    CHECK_OK(cescacs_game_undo(games[0]));
    CHECK_RC(cescacs_game_undo(games[0]), CESCACS_RESULT_NOTHING_TO_UNDO);
    CHECK(plies_of(games[1]) == 1);
    for (size_t i = 0; i < 4; i++) cescacs_game_free(games[i]);
    /* An error in the third game: BAD_PGN at its line, nothing written. */
    cescacs_game *none[4] = {NULL, NULL, NULL, NULL};
    CHECK_RC(cescacs_games_from_pgn("1. E7-E13\n*\n1. H6-H12\n*\n1. E7-E15\n*\n", none, 4, &count),
             CESCACS_RESULT_BAD_PGN);
    size_t line = 0, column = 0;
    CHECK(cescacs_last_error_location(&line, &column));
    CHECK(line == 5 && column == 4);
    CHECK(none[0] == NULL);
    CHECK_RC(cescacs_games_from_pgn(text, NULL, 1, &count), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_games_from_pgn(text, games, 4, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_games_from_pgn(NULL, games, 4, &count), CESCACS_RESULT_NULL_POINTER);
    CHECK_OK(cescacs_games_from_pgn("", NULL, 0, &count));
    CHECK(count == 0);
}

static void test_bad_pgn(void) {
    char *text = read_file(GAMES_DIR "2022-08-14.1.ctl-pgn");
    CHECK(text != NULL);
    if (text == NULL) return;
    /* Line 15, "3. D6-D12, E15xD12": Black's capture made a plain move. */
    char *at = strstr(text, "E15\xc3\x97" "D12");
    CHECK(at != NULL);
    if (at != NULL) at[7] = '4';
    cescacs_game *out = (cescacs_game *)(uintptr_t)0x1234;
    CHECK_RC(cescacs_game_from_pgn(text, &out), CESCACS_RESULT_BAD_PGN);
    CHECK(out == (cescacs_game *)(uintptr_t)0x1234);
    CHECK_STR(cescacs_last_error(), "line 15, column 12: move 3 of Black: move \"E15\xc3\x97" "D14\": the separator "
                                    "says a capture, but the move is a move without capture");
    size_t line = 0, column = 0;
    CHECK(cescacs_last_error_location(&line, &column));
    CHECK(line == 15 && column == 12);
    CHECK(cescacs_last_error_location(NULL, NULL));
    free(text);

    struct {
        const char *text;
        size_t line, column;
        const char *message;
    } cases[] = {
        /* Columns count characters: the x of E13xF16 is two bytes. */
        {"1. E7-E13, E21-E15\n2. F8-F12, F20-F16\n3. E13\xc3\x97" "F16, E15\xc3\x97" "F13\n", 3, 13,
         "line 3, column 13: move 3 of Black: move \"E15\xc3\x97" "F13\": invalid hex \"F13\": not a hex of the board"},
        {"[Event \"x\"]\n1. E7-E13, E21-E15\n2. F8-F12 {open\n", 3, 11,
         "line 3, column 11: comment opened here is never closed (missing '}')"},
        {"[Event \"x\"\n1. E7-E13\n", 1, 11, "line 1, column 11: bad tag: expected ']' after the tag value"},
        {"", 1, 1, "line 1, column 1: the text holds no game"},
        {"1. E7-E13\n*\n[Event \"two\"]\n1. E7-E13\n*\n", 3, 1,
         "line 3, column 1: a second game starts here; expected a single game"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        out = (cescacs_game *)(uintptr_t)0x1234;
        CHECK_RC(cescacs_game_from_pgn(cases[i].text, &out), CESCACS_RESULT_BAD_PGN);
        CHECK(out == (cescacs_game *)(uintptr_t)0x1234);
        CHECK_STR(cescacs_last_error(), cases[i].message);
        line = column = 0;
        CHECK(cescacs_last_error_location(&line, &column));
        CHECK(line == cases[i].line && column == cases[i].column);
    }
    /* Errors without a place in a text: no location, nothing written. */
    line = column = 77;
    CHECK_RC(cescacs_game_from_pgn("1. E7-E13\xff\n", &out), CESCACS_RESULT_INVALID_UTF8);
    CHECK_ERROR_STARTS("pgn is not valid UTF-8 (invalid byte at offset 9)");
    CHECK(!cescacs_last_error_location(&line, &column));
    CHECK(line == 77 && column == 77);
    CHECK_RC(cescacs_game_from_pgn("1. E7-E13\n*\n[Event", &out), CESCACS_RESULT_BAD_PGN);
    CHECK_ERROR_STARTS("line 3, column 7: bad tag: the tag value must be in double quotes");
    CHECK(cescacs_last_error_location(NULL, &column) && column == 7);
    CHECK_RC(cescacs_game_from_pdtl("x", &out), CESCACS_RESULT_BAD_PDTL);
    CHECK(!cescacs_last_error_location(&line, &column));
    CHECK(line == 77 && column == 7);
    CHECK(out == (cescacs_game *)(uintptr_t)0x1234);
}

static void test_game_record_error_paths(void) {
    cescacs_game *game = game_from_pgn(FOOLS_MATE);
    cescacs_game *game_out = (cescacs_game *)(uintptr_t)0x1234;
    char buf[64] = "untouched";
    size_t n = 77;
    bool flag = true;
    uint64_t h = 77;
    cescacs_move m;
    memset(&m, 0xAB, sizeof m);

    /* NULL pointers. */
    CHECK_RC(cescacs_game_from_pgn(NULL, &game_out), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "pgn is NULL");
    CHECK_RC(cescacs_game_from_pgn(FOOLS_MATE, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "game_out is NULL");
    CHECK(game_out == (cescacs_game *)(uintptr_t)0x1234);
    CHECK_RC(cescacs_game_write_pgn(NULL, buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "game is NULL");
    CHECK_RC(cescacs_game_write_pgn(game, NULL, 10, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "buf (with a non-zero length) is NULL");
    CHECK_RC(cescacs_game_result(NULL, buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_result(game, NULL, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_tag(NULL, "Title", buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_tag(game, NULL, buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "name is NULL");
    CHECK_RC(cescacs_game_tag(game, "Title", NULL, 10, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_ply_count(NULL, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_ply_count(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "count_out is NULL");
    CHECK_RC(cescacs_game_move_at(NULL, 0, &m), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_move_at(game, 0, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "move_out is NULL");
    CHECK_RC(cescacs_game_move_ctl_at(NULL, 0, buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_move_ctl_at(game, 0, NULL, 8, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_pdtl_at(NULL, 0, buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_pdtl_at(game, 0, NULL, 8, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_zobrist_hash(NULL, &h), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_zobrist_hash(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "hash_out is NULL");
    CHECK_RC(cescacs_game_repetition_count(NULL, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_repetition_count(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_is_repetition(NULL, 3, &flag), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_is_repetition(game, 3, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "repetition_out is NULL");
    CHECK_RC(cescacs_game_can_claim_draw(NULL, &flag), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_can_claim_draw(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "claim_out is NULL");
    CHECK(!cescacs_last_error_location(&n, NULL));

    /* Plies out of range: moves 0..11, positions 0..12. */
    size_t bad_moves[] = {12, 13, SIZE_MAX};
    for (size_t i = 0; i < sizeof bad_moves / sizeof *bad_moves; i++) {
        CHECK_RC(cescacs_game_move_at(game, bad_moves[i], &m), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
        CHECK_RC(cescacs_game_move_ctl_at(game, bad_moves[i], buf, sizeof buf, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
        if (bad_moves[i] != 12) {
            CHECK_RC(cescacs_game_pdtl_at(game, bad_moves[i], buf, sizeof buf, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
        }
    }
    CHECK_RC(cescacs_game_pdtl_at(game, 13, buf, sizeof buf, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_STR(cescacs_last_error(), "ply 13 is out of range: the game has positions 0 to 12");
    CHECK_RC(cescacs_game_move_at(game, 12, &m), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_STR(cescacs_last_error(), "ply 12 is out of range: the game has 12 moves");
    /* No such tag; a tag name that is not UTF-8. */
    CHECK_RC(cescacs_game_tag(game, "Event", buf, sizeof buf, &n), CESCACS_RESULT_NOT_FOUND);
    CHECK_STR(cescacs_last_error(), "the game has no tag \"Event\"");
    CHECK_RC(cescacs_game_tag(game, "PDTL", buf, sizeof buf, &n), CESCACS_RESULT_NOT_FOUND);
    CHECK_RC(cescacs_game_tag(game, "title", buf, sizeof buf, &n), CESCACS_RESULT_NOT_FOUND);
    CHECK_RC(cescacs_game_tag(game, "Titl\xc3", buf, sizeof buf, &n), CESCACS_RESULT_INVALID_UTF8);
    CHECK_ERROR_STARTS("name is not valid UTF-8");

    /* Nothing was written. */
    CHECK_STR(buf, "untouched");
    CHECK(n == 77 && flag && h == 77 && m.rook_move_count == 0xAB);

    /* Buffers too small: untouched, the needed length reported. */
    char *text = pgn_of(game);
    size_t need = strlen(text);
    char *small = malloc(need + 1);
    CHECK(small != NULL);
    if (small != NULL) {
        memset(small, 'x', need + 1);
        CHECK_RC(cescacs_game_write_pgn(game, small, need, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
        CHECK(n == need);
        for (size_t i = 0; i < need + 1; i++) CHECK(small[i] == 'x');
        CHECK_OK(cescacs_game_write_pgn(game, small, need + 1, NULL));
        CHECK_STR(small, text);
        free(small);
    }
    free(text);
    char rbuf[4] = "ab";
    CHECK_RC(cescacs_game_result(game, rbuf, 3, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == 3);
    CHECK_STR(rbuf, "ab");
    CHECK_RC(cescacs_game_result(game, NULL, 0, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK_OK(cescacs_game_result(game, rbuf, 4, &n));
    CHECK_STR(rbuf, "0-3");
    CHECK(n == 3);
    char tbuf[12] = "ab";
    CHECK_RC(cescacs_game_tag(game, "Title", tbuf, 11, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == 11); /* "Fool's mate" */
    CHECK_STR(tbuf, "ab");
    CHECK_RC(cescacs_game_tag(game, "Title", NULL, 0, NULL), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK_OK(cescacs_game_tag(game, "Title", tbuf, 12, &n));
    CHECK_STR(tbuf, "Fool's mate");
    char mbuf[CESCACS_MOVE_TEXT_MAX] = "ab";
    CHECK_RC(cescacs_game_move_ctl_at(game, 11, mbuf, 7, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == 7); /* "GL5-H6#" */
    CHECK_STR(mbuf, "ab");
    CHECK_OK(cescacs_game_move_ctl_at(game, 11, mbuf, 8, &n));
    CHECK_STR(mbuf, "GL5-H6#");
    CHECK_RC(cescacs_game_pdtl_at(game, 0, mbuf, sizeof mbuf, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == strlen(INITIAL_PDTL));
    CHECK_STR(mbuf, "GL5-H6#");
    CHECK_RC(cescacs_game_pdtl_at(game, 12, NULL, 0, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == strlen(pdtl_of(game)));

    /* The game is unchanged. */
    CHECK(plies_of(game) == 12);
    CHECK_STR(result_of(game), "0-3");
    cescacs_game_free(game);
}

/* ----- moves by hexes, moves as values, threats ---------------------------- */

static cescacs_move_list *found(const cescacs_game *game, const char *from, const char *to) {
    cescacs_move_list *list = NULL;
    CHECK_OK(cescacs_game_find_moves(game, hex(from), hex(to), &list));
    return list;
}

static void test_find_moves(void) {
    /* G1-H6 with every castling right: the King's Leap and eight castlings. */
    cescacs_game *game = game_from(KINGS_AND_ROOKS);
    cescacs_move_list *list = found(game, "G1", "H6");
    CHECK(len_of(list) == 9);
    int leaps = 0, castlings = 0;
    for (size_t i = 0; i < len_of(list); i++) {
        cescacs_move m = get_move(list, i);
        CHECK(hex_eq(m.from, "G1") && hex_eq(m.to, "H6"));
        CHECK(strncmp(long_of(list, i), "G1-H6", 5) == 0);
        if (m.kind == CESCACS_MOVE_KIND_KING_LEAP) leaps++;
        if (m.kind == CESCACS_MOVE_KIND_SIMPLE_CASTLING || m.kind == CESCACS_MOVE_KIND_DOUBLE_CASTLING) castlings++;
        /* Each one plays from the list, by index. */
        CHECK_OK(cescacs_game_play(game, list, i));
        CHECK_OK(cescacs_game_undo(game));
    }
    CHECK(leaps == 1 && castlings == 8);
    CHECK(find_long(list, "G1-H6") != SIZE_MAX);
    CHECK(find_long(list, "G1-H6+C3-H8+I3-I7") != SIZE_MAX);
    cescacs_move_list_free(list);
    /* Every (from, to) of the legal moves: the lists add up to the legal moves. */
    cescacs_move_list *all = legal(game);
    size_t total = 0;
    for (size_t i = 0; i < len_of(all); i++) {
        cescacs_move m = get_move(all, i);
        int first = 1; /* count each pair once: at its first move */
        for (size_t j = 0; j < i; j++) {
            cescacs_move e = get_move(all, j);
            if (e.from.column == m.from.column && e.from.line == m.from.line && e.to.column == m.to.column &&
                e.to.line == m.to.line)
                first = 0;
        }
        if (!first) continue;
        cescacs_move_list *some = NULL;
        CHECK_OK(cescacs_game_find_moves(game, m.from, m.to, &some));
        total += len_of(some);
        cescacs_move_list_free(some);
    }
    CHECK(total == len_of(all));
    cescacs_move_list_free(all);
    cescacs_game_free(game);

    /* Promotions share their hexes: one move per piece the pawn may become. */
    game = game_from(PROMOTION_MANDATORY);
    list = found(game, "A21", "A23");
    all = legal(game);
    size_t promotions = 0;
    for (size_t i = 0; i < len_of(all); i++) {
        cescacs_move m = get_move(all, i);
        if (hex_eq(m.from, "A21") && hex_eq(m.to, "A23")) promotions++;
    }
    CHECK(promotions > 1 && len_of(list) == promotions);
    for (size_t i = 0; i < len_of(list); i++) {
        cescacs_move m = get_move(list, i);
        CHECK(m.kind == CESCACS_MOVE_KIND_PROMOTION && m.promotion != CESCACS_ROLE_NONE);
    }
    cescacs_move_list_free(all);
    cescacs_move_list_free(list);
    cescacs_game_free(game);

    /* One move, and none (an empty hex, a move that is not legal). */
    game = game_from(INITIAL_PDTL);
    list = found(game, "E7", "E13");
    CHECK(len_of(list) == 1);
    CHECK_STR(ctl_of(list, 0), "E7-E13");
    cescacs_move_list_free(list);
    list = found(game, "F14", "F16");
    CHECK(len_of(list) == 0);
    cescacs_move_list_free(list);
    list = found(game, "E7", "E15");
    CHECK(len_of(list) == 0);
    cescacs_move_list_free(list);

    /* Errors: nothing written. */
    cescacs_move_list *untouched = (cescacs_move_list *)&list;
    cescacs_hex bad = {0, 0}, off = {7, 29};
    list = untouched;
    CHECK_RC(cescacs_game_find_moves(game, bad, hex("E13"), &list), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_find_moves(game, hex("E7"), off, &list), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_find_moves(NULL, hex("E7"), hex("E13"), &list), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "game is NULL");
    CHECK_RC(cescacs_game_find_moves(game, hex("E7"), hex("E13"), NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "list_out is NULL");
    CHECK(list == untouched);
    cescacs_game_free(game);
}

static void test_play_move_and_parse(void) {
    cescacs_game *game = game_from(INITIAL_PDTL);
    cescacs_move m, l;
    memset(&m, 0xAB, sizeof m);
    memset(&l, 0xCD, sizeof l);
    CHECK_OK(cescacs_game_parse_ctl(game, "E7-E13", &m));
    CHECK_OK(cescacs_game_parse_long(game, "E7-E13", &l));
    CHECK(move_eq(m, l));
    CHECK(m.kind == CESCACS_MOVE_KIND_ORDINARY && m.role == CESCACS_ROLE_PAWN);
    CHECK(hex_eq(m.from, "E7") && hex_eq(m.to, "E13") && !m.is_capture && m.rook_move_count == 0);
    CHECK_STR(pdtl_of(game), INITIAL_PDTL); /* reading plays nothing */
    /* The listed move is the same value. */
    cescacs_move_list *list = legal(game);
    cescacs_move listed = get_move(list, find_long(list, "E7-E13"));
    CHECK(move_eq(m, listed));
    cescacs_move_list_free(list);

    CHECK_OK(cescacs_game_play_move(game, &m));
    CHECK_STR(pdtl_of(game), AFTER_E7_E13);
    CHECK_OK(cescacs_game_undo(game));

    /* Any field different: not a legal move, the game unchanged. */
    cescacs_move bad = m;
    bad.is_capture = true;
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_ERROR_STARTS("the move E7-E13 (kind 0) is not a legal move in ");
    bad = m;
    bad.kind = 99;
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    bad = m;
    bad.to = hex("E15");
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    bad = m;
    bad.rook_moves[0].to = hex("E9");
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    /* Any bytes at all (an out-of-range kind, a flag byte that is not 0 or
       1, hexes off the board) are read safely and refused. */
    memset(&bad, 0xAB, sizeof bad);
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    bad = m;
    memset(&bad.is_capture, 7, 1);
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_STR(pdtl_of(game), INITIAL_PDTL);

    /* Parse errors, as play_ctl / play_long: nothing written. */
    cescacs_move out;
    memset(&out, 0x5A, sizeof out);
    unsigned char pattern[sizeof out];
    memcpy(pattern, &out, sizeof out);
    CHECK_RC(cescacs_game_parse_ctl(game, "E7-", &out), CESCACS_RESULT_BAD_MOVE_TEXT);
    CHECK_RC(cescacs_game_parse_ctl(game, "E7-E15", &out), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_RC(cescacs_game_parse_long(game, "Q1-E13", &out), CESCACS_RESULT_BAD_MOVE_TEXT);
    CHECK_RC(cescacs_game_parse_long(game, "E7-E15", &out), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_RC(cescacs_game_parse_ctl(game, "E7-E1\xff", &out), CESCACS_RESULT_INVALID_UTF8);
    CHECK_RC(cescacs_game_parse_ctl(game, NULL, &out), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_parse_long(NULL, "E7-E13", &out), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_parse_long(game, "E7-E13", NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "move_out is NULL");
    CHECK(memcmp(pattern, &out, sizeof out) == 0);
    CHECK_RC(cescacs_game_play_move(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "mv is NULL");
    CHECK_RC(cescacs_game_play_move(NULL, &m), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(pdtl_of(game), INITIAL_PDTL);
    cescacs_game_free(game);

    /* A double castling by name, played as a value. */
    game = game_from(KINGS_AND_ROOKS);
    CHECK_OK(cescacs_game_parse_ctl(game, "KRR-HIH", &m));
    CHECK(m.kind == CESCACS_MOVE_KIND_DOUBLE_CASTLING && m.rook_move_count == 2);
    CHECK_OK(cescacs_game_parse_long(game, "G1-H6+C3-H8+I3-I7", &l));
    CHECK(move_eq(m, l)); /* the same castling, by its hexes */
    bad = m;
    bad.rook_move_count = 1; /* the same King move, one rook fewer */
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_OK(cescacs_game_play_move(game, &m));
    CHECK_STR(pdtl_of(game), "/27:1k/25:r3/8:4R2/7:5R2/6:4K2/ b -rk - 1 1");
    cescacs_game_free(game);

    /* After the end: GAME_OVER before anything else; reading still reads
       the position (mate: no legal move to name). */
    game = game_from(MATE);
    memset(&m, 0, sizeof m);
    CHECK_RC(cescacs_game_play_move(game, &m), CESCACS_RESULT_GAME_OVER);
    CHECK_RC(cescacs_game_parse_long(game, "G25-G23", &out), CESCACS_RESULT_ILLEGAL_MOVE);
    cescacs_game_free(game);
}

/* The hexes of an answer as names separated by spaces (static buffer). */
static const char *names_of(const cescacs_hex *hexes, size_t n) {
    static char text[CESCACS_HEX_COUNT * CESCACS_HEX_TEXT_MAX];
    size_t at = 0;
    text[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char name[CESCACS_HEX_TEXT_MAX];
        CHECK_OK(cescacs_hex_write(hexes[i], name, sizeof name, NULL));
        at += (size_t)snprintf(text + at, sizeof text - at, "%s%s", i ? " " : "", name);
    }
    return text;
}

typedef cescacs_result (*hexes_fn)(const cescacs_game *, uint32_t, cescacs_hex, cescacs_hex *, size_t, size_t *);

static cescacs_result attacks_fn(const cescacs_game *g, uint32_t c, cescacs_hex h, cescacs_hex *b, size_t l,
                                 size_t *n) {
    (void)c;
    return cescacs_game_attacks(g, h, b, l, n);
}
static cescacs_result attacked_fn(const cescacs_game *g, uint32_t c, cescacs_hex h, cescacs_hex *b, size_t l,
                                  size_t *n) {
    (void)h;
    return cescacs_game_attacked_hexes(g, c, b, l, n);
}
static cescacs_result checkers_fn(const cescacs_game *g, uint32_t c, cescacs_hex h, cescacs_hex *b, size_t l,
                                  size_t *n) {
    (void)c;
    (void)h;
    return cescacs_game_checkers(g, b, l, n);
}

/* Calls `f` the documented ways (size query, a buffer one short, an exact
   buffer, a full one) and returns the names of its hexes. */
static const char *hex_set(hexes_fn f, const cescacs_game *game, uint32_t color, const char *at) {
    cescacs_hex h = at ? hex(at) : hex("F14");
    size_t n = SIZE_MAX;
    cescacs_result rc = f(game, color, h, NULL, 0, &n);
    CHECK(n <= CESCACS_HEX_COUNT);
    if (n > CESCACS_HEX_COUNT) return "";
    CHECK(rc == (n == 0 ? CESCACS_RESULT_OK : CESCACS_RESULT_BUFFER_TOO_SMALL));
    cescacs_hex full[CESCACS_HEX_COUNT + 1];
    memset(full, 0xEE, sizeof full);
    size_t count = SIZE_MAX;
    CHECK_OK(f(game, color, h, full, CESCACS_HEX_COUNT, &count));
    CHECK(count == n);
    CHECK(full[n].column == 0xEE && full[n].line == 0xEE); /* nothing beyond */
    if (n > 0) {
        cescacs_hex small[CESCACS_HEX_COUNT];
        memset(small, 0xEE, sizeof small);
        count = SIZE_MAX;
        CHECK_RC(f(game, color, h, small, n - 1, &count), CESCACS_RESULT_BUFFER_TOO_SMALL);
        CHECK(count == n);
        CHECK(small[0].column == 0xEE); /* untouched */
        cescacs_hex exact[CESCACS_HEX_COUNT];
        CHECK_OK(f(game, color, h, exact, n, &count));
        CHECK(memcmp(exact, full, n * sizeof *exact) == 0);
    }
    return names_of(full, n);
}

static bool attacked(const cescacs_game *game, uint32_t by, const char *at) {
    bool out = false;
    CHECK_OK(cescacs_game_is_attacked(game, by, hex(at), &out));
    return out;
}

static bool pinned(const cescacs_game *game, uint32_t color, const char *at) {
    bool out = false;
    CHECK_OK(cescacs_game_is_pinned(game, color, hex(at), &out));
    return out;
}

static void test_threats(void) {
    const uint32_t W = CESCACS_COLOR_WHITE, B = CESCACS_COLOR_BLACK;
    CHECK(CESCACS_HEX_COUNT == 169);

    /* An Elephant attacks two steps forward only through an empty hex
       (core/tests/attacks.rs). */
    cescacs_game *game = game_from("/27:1k/14:3E3/1:1K/ w -- - 0 1");
    CHECK_STR(hex_set(attacks_fn, game, W, "F14"), "E11 G11 F16 E17 G17 F18");
    CHECK_STR(hex_set(attacks_fn, game, W, "F20"), ""); /* an empty hex */
    CHECK(attacked(game, W, "F18") && !attacked(game, B, "F18"));
    cescacs_game_free(game);
    game = game_from("/27:1k/16:3p3/14:3E3/1:1K/ w -- - 0 1");
    CHECK_STR(hex_set(attacks_fn, game, W, "F14"), "E11 G11 F16 E17 G17");
    CHECK_STR(hex_set(attacks_fn, game, W, "F16"), "E13 G13"); /* a Black pawn attacks down */
    cescacs_game_free(game);

    /* A King's Leap is not an attack. */
    game = game_from("/27:1k/1:1K/ w -k - 0 1");
    CHECK(!attacked(game, B, "E23") && !attacked(game, B, "F22") && !attacked(game, B, "H22"));
    CHECK(attacked(game, B, "G25") && !attacked(game, W, "G25"));
    cescacs_game_free(game);

    /* A Black Elephant on G5 attacks G1 through G3: the Knight is pinned. */
    game = game_from("/27:1k/5:3e2/3:2N1/1:1K/ w -- - 0 1");
    CHECK_STR(hex_set(cescacs_game_pin, game, W, "G3"), "G3 G5");
    CHECK(pinned(game, W, "G3"));
    CHECK_STR(hex_set(cescacs_game_pin, game, B, "G5"), ""); /* the pinner */
    CHECK(!pinned(game, B, "G5") && !pinned(game, W, "G1") && !pinned(game, W, "F14"));
    CHECK_STR(hex_set(attacks_fn, game, W, "G5"), "F2 H2 G3 F8 H8");
    CHECK_STR(hex_set(cescacs_game_attackers, game, B, "G3"), "G5");
    CHECK_STR(hex_set(cescacs_game_attackers, game, B, "G1"), "");
    CHECK_STR(hex_set(checkers_fn, game, W, NULL), "");
    cescacs_game_free(game);

    /* A Rook pin along the G column: the ray from G3 up to the Rook on G25. */
    game = game_from("/25:k1r1/3:2R1/1:1K/ w -- - 0 1");
    CHECK_STR(hex_set(cescacs_game_pin, game, W, "G3"), "G3 G5 G7 G9 G11 G13 G15 G17 G19 G21 G23 G25");
    cescacs_game_free(game);

    /* A double check by a Knight and a Rook. */
    game = game_from("/27:1k/13:4r3/6:3n3/1:1K/ w -- - 0 1");
    CHECK_STR(hex_set(checkers_fn, game, W, NULL), "F6 G13");
    CHECK_STR(hex_set(cescacs_game_attackers, game, B, "G1"), "F6 G13");
    bool check = false;
    CHECK_OK(cescacs_game_is_check(game, &check));
    CHECK(check && attacked(game, B, "G1"));
    cescacs_game_free(game);

    /* The initial position: the two sides' maps are mirror images, and
       is_attacked agrees with the maps on every hex. */
    game = game_from(INITIAL_PDTL);
    CHECK_STR(hex_set(checkers_fn, game, W, NULL), "");
    cescacs_hex white[CESCACS_HEX_COUNT], black[CESCACS_HEX_COUNT];
    size_t nw = 0, nb = 0;
    CHECK_OK(cescacs_game_attacked_hexes(game, W, white, CESCACS_HEX_COUNT, &nw));
    CHECK_OK(cescacs_game_attacked_hexes(game, B, black, CESCACS_HEX_COUNT, &nb));
    CHECK(nw == nb && nw > 40 && nw < CESCACS_HEX_COUNT);
    (void)hex_set(attacked_fn, game, W, NULL);
    size_t seen_w = 0, seen_b = 0;
    for (uint8_t c = 0; c < 15; c++) {
        for (uint8_t line = 0; line < 29; line++) {
            cescacs_hex h = {c, line}, m = {c, (uint8_t)(28 - line)};
            if (!cescacs_hex_is_valid(h)) continue;
            bool by_w = false, by_b = false, mirror = false;
            CHECK_OK(cescacs_game_is_attacked(game, W, h, &by_w));
            CHECK_OK(cescacs_game_is_attacked(game, B, h, &by_b));
            CHECK_OK(cescacs_game_is_attacked(game, B, m, &mirror));
            CHECK(by_w == mirror);
            int in_w = 0, in_b = 0;
            for (size_t i = 0; i < nw; i++) in_w |= white[i].column == c && white[i].line == line;
            for (size_t i = 0; i < nb; i++) in_b |= black[i].column == c && black[i].line == line;
            CHECK(in_w == by_w && in_b == by_b);
            seen_w += by_w;
            seen_b += by_b;
        }
    }
    CHECK(seen_w == nw && seen_b == nb);
    /* Board order: by line, then by column. */
    for (size_t i = 1; i < nw; i++) {
        CHECK(white[i - 1].line < white[i].line ||
              (white[i - 1].line == white[i].line && white[i - 1].column < white[i].column));
    }

    /* Errors: nothing written (the count only with BUFFER_TOO_SMALL). */
    cescacs_hex buf[4];
    memset(buf, 0xEE, sizeof buf);
    size_t n = 12345;
    bool flag = true;
    cescacs_hex bad = {7, 13}, far = {200, 3};
    CHECK_RC(cescacs_game_is_attacked(game, 2, hex("F14"), &flag), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_STR(cescacs_last_error(), "by is 2, not a cescacs_color (CESCACS_COLOR_WHITE 0 or CESCACS_COLOR_BLACK 1)");
    CHECK_RC(cescacs_game_is_attacked(game, W, bad, &flag), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_is_attacked(NULL, W, hex("F14"), &flag), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_is_attacked(game, W, hex("F14"), NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_is_pinned(game, 0xFFFFFFFFu, hex("F14"), &flag), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_STR(cescacs_last_error(),
              "color is 4294967295, not a cescacs_color (CESCACS_COLOR_WHITE 0 or CESCACS_COLOR_BLACK 1)");
    CHECK_RC(cescacs_game_is_pinned(game, W, far, &flag), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_is_pinned(NULL, W, hex("F14"), &flag), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_is_pinned(game, W, hex("F14"), NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK(flag);
    CHECK_RC(cescacs_game_attackers(game, 2, hex("F14"), buf, 4, &n), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_attackers(game, W, bad, buf, 4, &n), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_attackers(NULL, W, hex("F14"), buf, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_attackers(game, W, hex("F14"), NULL, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "buf (with a non-zero length) is NULL");
    CHECK_RC(cescacs_game_attackers(game, W, hex("F14"), buf, 4, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "count_out is NULL");
    CHECK_RC(cescacs_game_attacks(game, far, buf, 4, &n), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_attacks(NULL, hex("E7"), buf, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_attacks(game, hex("E7"), buf, 4, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_attacked_hexes(game, 7, buf, 4, &n), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_attacked_hexes(NULL, W, buf, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_attacked_hexes(game, W, NULL, 1, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_checkers(NULL, buf, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_checkers(game, buf, 4, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_checkers(game, NULL, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_pin(game, 2, hex("E7"), buf, 4, &n), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_pin(game, W, bad, buf, 4, &n), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_pin(NULL, W, hex("E7"), buf, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_pin(game, W, hex("E7"), buf, 4, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK(n == 12345);
    for (int i = 0; i < 4; i++) CHECK(buf[i].column == 0xEE && buf[i].line == 0xEE);
    /* Too small: only the count. */
    CHECK_RC(cescacs_game_attacked_hexes(game, W, buf, 4, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == nw);
    for (int i = 0; i < 4; i++) CHECK(buf[i].column == 0xEE && buf[i].line == 0xEE);
    /* An empty answer fits any buffer, even none. */
    n = 12345;
    CHECK_OK(cescacs_game_checkers(game, NULL, 0, &n));
    CHECK(n == 0);
    cescacs_game_free(game);
}


/* ----- front ends: geometry, pieces, records ------------------------------ */

#define SQRT3 1.7320508075688772
#define NEAR(a, b) (fabs((a) - (b)) < 1e-12)

static cescacs_point center_of(const char *name) {
    cescacs_point p = {99.0, 99.0};
    CHECK_OK(cescacs_hex_center(hex(name), &p));
    return p;
}

static void test_hex_geometry(void) {
    /* F14 at the origin, exactly; White at the bottom, y up, circumradius 1. */
    cescacs_point p = center_of("F14");
    CHECK(p.x == 0.0 && p.y == 0.0);
    p = center_of("F16"); /* straight above: an orthogonal neighbour */
    CHECK(p.x == 0.0 && NEAR(p.y, SQRT3));
    p = center_of("G15");
    CHECK(p.x == 1.5 && NEAR(p.y, SQRT3 / 2));
    p = center_of("G1"); /* White's King: right of the centre, at the bottom */
    CHECK(p.x == 1.5 && NEAR(p.y, -13 * SQRT3 / 2));
    p = center_of("P13");
    CHECK(p.x == -10.5 && NEAR(p.y, -SQRT3 / 2));
    p = center_of("F28");
    CHECK(p.x == 0.0 && NEAR(p.y, 14 * SQRT3 / 2));

    cescacs_point c[CESCACS_HEX_CORNERS];
    CHECK(CESCACS_HEX_CORNERS == 6);
    CHECK_OK(cescacs_hex_corners(hex("F14"), c));
    CHECK(c[0].x == 1.0 && c[0].y == 0.0);
    CHECK(c[1].x == 0.5 && NEAR(c[1].y, SQRT3 / 2));
    CHECK(c[2].x == -0.5 && NEAR(c[2].y, SQRT3 / 2));
    CHECK(c[3].x == -1.0 && c[3].y == 0.0);
    CHECK(c[4].x == -0.5 && NEAR(c[4].y, -SQRT3 / 2));
    CHECK(c[5].x == 0.5 && NEAR(c[5].y, -SQRT3 / 2));

    /* Every hex: corners at distance 1, centres at least sqrt(3) apart (exactly
       sqrt(3) for the six orthogonal neighbours), the centre and points near
       each corner map back to the hex. */
    size_t hexes = 0, closest_pairs = 0;
    double min_distance = 1e9;
    for (uint8_t line = 0; line <= 28; line++) {
        for (uint8_t column = 0; column <= 14; column++) {
            cescacs_hex h = {column, line};
            if (!cescacs_hex_is_valid(h)) {
                CHECK_RC(cescacs_hex_center(h, &p), CESCACS_RESULT_BAD_HEX);
                continue;
            }
            hexes++;
            CHECK_OK(cescacs_hex_center(h, &p));
            CHECK_OK(cescacs_hex_corners(h, c));
            for (int k = 0; k < 6; k++) {
                CHECK(NEAR(hypot(c[k].x - p.x, c[k].y - p.y), 1.0));
                cescacs_hex back = {0, 0};
                CHECK_OK(cescacs_hex_at_point(p.x + 0.95 * (c[k].x - p.x), p.y + 0.95 * (c[k].y - p.y), &back));
                CHECK(back.column == column && back.line == line);
            }
            cescacs_hex back = {0, 0};
            CHECK_OK(cescacs_hex_at_point(p.x, p.y, &back));
            CHECK(back.column == column && back.line == line);
            for (uint8_t line2 = 0; line2 <= 28; line2++) {
                for (uint8_t column2 = 0; column2 <= 14; column2++) {
                    cescacs_hex h2 = {column2, line2};
                    cescacs_point q;
                    if (!cescacs_hex_is_valid(h2) || (column2 == column && line2 == line)) continue;
                    CHECK_OK(cescacs_hex_center(h2, &q));
                    double d = hypot(q.x - p.x, q.y - p.y);
                    if (d < min_distance - 1e-9) min_distance = d;
                    if (NEAR(d, SQRT3)) closest_pairs++;
                }
            }
        }
    }
    CHECK(hexes == CESCACS_HEX_COUNT);
    CHECK(NEAR(min_distance, SQRT3));
    /* Each orthogonally adjacent pair is counted from both ends. */
    CHECK(closest_pairs % 2 == 0 && closest_pairs > 2 * CESCACS_HEX_COUNT);

    /* Off the board, not a number, bad arguments: nothing written. */
    cescacs_hex out = {42, 42};
    CHECK_RC(cescacs_hex_at_point(0.0, 20.0, &out), CESCACS_RESULT_NOT_FOUND);
    CHECK_RC(cescacs_hex_at_point(11.6, SQRT3 / 2, &out), CESCACS_RESULT_NOT_FOUND);
    CHECK_RC(cescacs_hex_at_point(NAN, 0.0, &out), CESCACS_RESULT_NOT_FOUND);
    CHECK_RC(cescacs_hex_at_point(0.0, INFINITY, &out), CESCACS_RESULT_NOT_FOUND);
    CHECK(out.column == 42 && out.line == 42);
    CHECK_OK(cescacs_hex_at_point(11.4, SQRT3 / 2, &out)); /* inside Z15, near its right corner */
    CHECK(out.column == 14 && out.line == 15);
    CHECK_RC(cescacs_hex_at_point(0.0, 0.0, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_hex_center(hex("F14"), NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_hex_corners(hex("F14"), NULL), CESCACS_RESULT_NULL_POINTER);
    cescacs_hex bad = {7, 15};
    p.x = 5.0;
    CHECK_RC(cescacs_hex_center(bad, &p), CESCACS_RESULT_BAD_HEX);
    c[0].x = 5.0;
    CHECK_RC(cescacs_hex_corners(bad, c), CESCACS_RESULT_BAD_HEX);
    CHECK(p.x == 5.0 && c[0].x == 5.0);
}

static void test_pieces_and_board_text(void) {
    cescacs_game *game = game_from(INITIAL_PDTL);
    size_t n = 0;
    CHECK_RC(cescacs_game_pieces(game, NULL, 0, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    size_t occupied = 0;
    for (uint8_t line = 0; line <= 28; line++) {
        for (uint8_t column = 0; column <= 14; column++) {
            cescacs_hex h = {column, line};
            cescacs_role role = CESCACS_ROLE_NONE;
            cescacs_color color = CESCACS_COLOR_WHITE;
            if (cescacs_hex_is_valid(h) && cescacs_game_piece_at(game, h, &role, &color) == CESCACS_RESULT_OK &&
                role != CESCACS_ROLE_NONE)
                occupied++;
        }
    }
    CHECK(n == occupied && n == 54);
    cescacs_placed_piece pieces[CESCACS_HEX_COUNT];
    size_t m = 0;
    CHECK_OK(cescacs_game_pieces(game, pieces, CESCACS_HEX_COUNT, &m));
    CHECK(m == n);
    /* Board order: F0 (the White Wyvern) first, F28 (the Black Wyvern) last. */
    CHECK(hex_same(pieces[0].hex, hex("F0")) && pieces[0].role == CESCACS_ROLE_WYVERN &&
          pieces[0].color == CESCACS_COLOR_WHITE);
    CHECK(hex_same(pieces[1].hex, hex("E1")) && pieces[1].role == CESCACS_ROLE_QUEEN);
    CHECK(hex_same(pieces[m - 1].hex, hex("F28")) && pieces[m - 1].role == CESCACS_ROLE_WYVERN &&
          pieces[m - 1].color == CESCACS_COLOR_BLACK);
    for (size_t i = 0; i < m; i++) {
        cescacs_role role = CESCACS_ROLE_NONE;
        cescacs_color color = CESCACS_COLOR_WHITE;
        CHECK_OK(cescacs_game_piece_at(game, pieces[i].hex, &role, &color));
        CHECK(role == pieces[i].role && color == pieces[i].color && role != CESCACS_ROLE_NONE);
        if (i > 0)
            CHECK(pieces[i - 1].hex.line < pieces[i].hex.line ||
                  (pieces[i - 1].hex.line == pieces[i].hex.line && pieces[i - 1].hex.column < pieces[i].hex.column));
    }
    /* Too small: untouched, the count still written. */
    pieces[0].role = CESCACS_ROLE_NONE;
    m = 0;
    CHECK_RC(cescacs_game_pieces(game, pieces, n - 1, &m), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(m == n && pieces[0].role == CESCACS_ROLE_NONE);
    CHECK_RC(cescacs_game_pieces(NULL, pieces, CESCACS_HEX_COUNT, &m), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_pieces(game, pieces, CESCACS_HEX_COUNT, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_pieces(game, NULL, 5, &m), CESCACS_RESULT_NULL_POINTER);
    cescacs_game_free(game);
    game = game_from(KINGS_AND_ROOKS);
    CHECK_OK(cescacs_game_pieces(game, pieces, CESCACS_HEX_COUNT, &m));
    CHECK(m == 5);

    /* The text picture: as the core draws it. */
    size_t need = 0;
    CHECK_RC(cescacs_game_board_text(game, false, NULL, 0, &need), CESCACS_RESULT_BUFFER_TOO_SMALL);
    char *text = malloc(need + 1);
    size_t got = 0;
    CHECK_OK(cescacs_game_board_text(game, false, text, need + 1, &got));
    CHECK(got == need && strlen(text) == need);
    const char *top = "28               .\n27             .   k\n";
    CHECK(strncmp(text, top, strlen(top)) == 0);
    CHECK(strstr(text, "\n   P T A B C D E F G H I K L X Z\n") != NULL);
    size_t rows = 0;
    for (const char *c = text; *c; c++) rows += *c == '\n';
    CHECK(rows == 30);
    free(text);
    char small[8] = "keep";
    CHECK_RC(cescacs_game_board_text(game, true, small, sizeof small, &got), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK_STR(small, "keep");
    CHECK(got > need); /* figurines and middle dots take more bytes */
    CHECK_RC(cescacs_game_board_text(NULL, false, small, sizeof small, NULL), CESCACS_RESULT_NULL_POINTER);
    cescacs_game_free(game);
}

/* The rules site's example with comments and (nested, labelled) variations,
   in canonical form (core/tests/pgn.rs). */
#define FOOLS_MATE_V                                                                      \
    "[Variant \"C'escacs\"]\n[Id \"Cescacs-X01-V-en\"]\n[Lang \"en\"]\n[Title \"Fool's mate\"]\n" \
    "{ Rules site example,\n  with its variations }\n"                                     \
    "1. H6-H12 ?!, I23-I19 ?!\n2. JF6-C15 ?!, GH26-Z11 ?!\n3. L5-L7, NG25-L17 ?!\n"         \
    "4. EH4-H8 ??, GZ11-L5\n{ @W: Removing ~EH4 leaves ~K unattended }\n"                   \
    "(4. GD2-F6\n.{ @W: @W would avoid ~gL5-H6+^ }\n)\n"                                    \
    "5. I5-I9 ??, NL17-G9\n($[2] 5. K4-K10 ??, GL5-H6+^\n"                                   \
    ".{ @W: Displacing P threatens ~gL5 with ~RI3 }\n.6. KG1-H4, GH6\xc3\x97RI3\n"           \
    ".(6. \xe2\x80\xa6, GH6-K12 !)\n.7. KH4\xc3\x97GI3)\n6. K4-K10 ??, GL5-H6#\n0-3\n{ final comment }\n"

static const char *text_of(cescacs_result (*fn)(const cescacs_game *, size_t, char *, size_t, size_t *),
                           const cescacs_game *game, size_t index) {
    static char buf[512];
    size_t n = 0;
    strcpy(buf, "<error>");
    CHECK_OK(fn(game, index, buf, sizeof buf, &n));
    CHECK(n == strlen(buf));
    return buf;
}

static size_t count_at(cescacs_result (*fn)(const cescacs_game *, size_t, size_t *), const cescacs_game *game,
                       size_t ply) {
    size_t n = SIZE_MAX;
    CHECK_OK(fn(game, ply, &n));
    return n;
}

static const char *comment_at(const cescacs_game *game, size_t ply, size_t index) {
    static char buf[512];
    strcpy(buf, "<error>");
    CHECK_OK(cescacs_game_comment(game, ply, index, buf, sizeof buf, NULL));
    return buf;
}

static const char *variation_at(const cescacs_game *game, size_t ply, size_t index) {
    static char buf[512];
    strcpy(buf, "<error>");
    CHECK_OK(cescacs_game_variation_ctl(game, ply, index, buf, sizeof buf, NULL));
    return buf;
}

static void test_tags(void) {
    cescacs_game *game = game_from_pgn(FOOLS_MATE_V);
    size_t n = 0;
    CHECK_OK(cescacs_game_tag_count(game, &n));
    CHECK(n == 4);
    CHECK_STR(text_of(cescacs_game_tag_name_at, game, 0), "Variant");
    CHECK_STR(text_of(cescacs_game_tag_value_at, game, 0), "C'escacs");
    CHECK_STR(text_of(cescacs_game_tag_name_at, game, 3), "Title");
    CHECK_STR(text_of(cescacs_game_tag_value_at, game, 3), "Fool's mate");
    char small[4] = "abc";
    size_t need = 0;
    CHECK_RC(cescacs_game_tag_value_at(game, 3, small, sizeof small, &need), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(need == strlen("Fool's mate"));
    CHECK_STR(small, "abc");
    CHECK_RC(cescacs_game_tag_name_at(game, 4, small, sizeof small, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_tag_value_at(game, 4, small, sizeof small, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);

    /* Set: replace the first of the name, or append. */
    CHECK_OK(cescacs_game_set_tag(game, "Title", "Fool's mate, again"));
    CHECK_OK(cescacs_game_set_tag(game, "Event", "C tests"));
    CHECK_OK(cescacs_game_tag_count(game, &n));
    CHECK(n == 5);
    CHECK_STR(tag_of(game, "Title"), "Fool's mate, again");
    CHECK_STR(text_of(cescacs_game_tag_name_at, game, 4), "Event");
    CHECK_OK(cescacs_game_set_tag(game, "Annotator", "a \"quoted\" name"));
    char *text = pgn_of(game);
    CHECK(strstr(text, "[Title \"Fool's mate, again\"]\n") != NULL);
    CHECK(strstr(text, "[Event \"C tests\"]\n[Annotator \"a \\\"quoted\\\" name\"]\n") != NULL);
    cescacs_game *again = game_from_pgn(text);
    CHECK_STR(tag_of(again, "Annotator"), "a \"quoted\" name");
    cescacs_game_free(again);
    free(text);

    /* Refused, the game unchanged. */
    CHECK_RC(cescacs_game_set_tag(game, "PDTL", INITIAL_PDTL), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_set_tag(game, "DPTL", INITIAL_PDTL), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_set_tag(game, "Redefine", "x"), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_set_tag(game, "Two words", "x"), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_set_tag(game, "", "x"), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_set_tag(game, "Bad]", "x"), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_set_tag(game, "Result", "3-1"), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_set_tag(game, "Event", "\xff"), CESCACS_RESULT_INVALID_UTF8);
    CHECK_RC(cescacs_game_set_tag(NULL, "Event", "x"), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_set_tag(game, NULL, "x"), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_set_tag(game, "Event", NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_OK(cescacs_game_tag_count(game, &n));
    CHECK(n == 6);
    CHECK_STR(tag_of(game, "Event"), "C tests");
    CHECK_RC(cescacs_game_tag_count(NULL, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_tag_count(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_tag_name_at(NULL, 0, small, sizeof small, NULL), CESCACS_RESULT_NULL_POINTER);
    cescacs_game_free(game);

    /* The Result tag states the result: a resignation. */
    CHECK_OK(cescacs_game_new(&game));
    CHECK_OK(cescacs_game_tag_count(game, &n));
    CHECK(n == 0);
    CHECK_OK(cescacs_game_play_ctl(game, "E7-E13"));
    CHECK_OK(cescacs_game_set_tag(game, "Result", "3-0"));
    CHECK_STR(result_of(game), "3-0");
    CHECK_STR(tag_of(game, "Result"), "3-0");
    text = pgn_of(game);
    CHECK_STR(text, "[Result \"3-0\"]\n1. E7-E13\n3-0\n");
    free(text);
    CHECK_OK(cescacs_game_undo(game)); /* the moves change: the rules' result again */
    CHECK_STR(result_of(game), "*");
    CHECK_STR(tag_of(game, "Result"), "*");
    cescacs_game_free(game);
}

static void test_comments_and_variations(void) {
    cescacs_game *game = game_from_pgn(FOOLS_MATE_V);
    CHECK(plies_of(game) == 12);
    size_t n = 0;
    CHECK_OK(cescacs_game_opening_comment_count(game, &n));
    CHECK(n == 1);
    CHECK_STR(text_of(cescacs_game_opening_comment, game, 0), "Rules site example,\n  with its variations");
    CHECK_OK(cescacs_game_final_comment_count(game, &n));
    CHECK(n == 1);
    CHECK_STR(text_of(cescacs_game_final_comment, game, 0), "final comment");
    CHECK_RC(cescacs_game_final_comment(game, 1, NULL, 0, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_opening_comment(game, 1, NULL, 0, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);

    /* Per ply: 4. EH4-H8 (ply 6) has a comment and a variation, 5. I5-I9 (ply 8)
       the labelled one; the others none. */
    for (size_t ply = 0; ply < 12; ply++) {
        CHECK(count_at(cescacs_game_comment_count, game, ply) == (ply == 6 ? 1u : 0u));
        CHECK(count_at(cescacs_game_variation_count, game, ply) == (ply == 6 || ply == 8 ? 1u : 0u));
    }
    CHECK_STR(comment_at(game, 6, 0), "Removing ~EH4 leaves ~K unattended");
    CHECK_STR(variation_at(game, 6, 0), "GD2-F6");
    CHECK_STR(variation_at(game, 8, 0), "K4-K10 GL5-H6+^ KG1-H4 GH6\xc3\x97RI3 KH4\xc3\x97GI3");
    char buf[8] = "keep";
    size_t need = 0;
    CHECK_RC(cescacs_game_variation_ctl(game, 8, 0, buf, sizeof buf, &need), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(need == strlen("K4-K10 GL5-H6+^ KG1-H4 GH6\xc3\x97RI3 KH4\xc3\x97GI3"));
    CHECK_STR(buf, "keep");
    CHECK_RC(cescacs_game_comment(game, 6, 0, buf, sizeof buf, &need), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK_STR(buf, "keep");

    /* Out of range and NULL pointers: nothing written. */
    n = 77;
    CHECK_RC(cescacs_game_comment_count(game, 12, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_variation_count(game, 12, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK(n == 77);
    CHECK_RC(cescacs_game_comment(game, 6, 1, buf, sizeof buf, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_comment(game, 12, 0, buf, sizeof buf, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_variation_ctl(game, 8, 1, buf, sizeof buf, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_variation_ctl(game, 7, 0, buf, sizeof buf, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_STR(buf, "keep");
    CHECK_RC(cescacs_game_comment_count(NULL, 0, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_comment_count(game, 0, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_opening_comment_count(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_final_comment_count(NULL, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_variation_count(game, 6, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_comment(game, 6, 0, NULL, 5, NULL), CESCACS_RESULT_NULL_POINTER);

    /* A variation as a game of its own: from the position before the move it
       replaces, with its comments and its nested variation. */
    cescacs_game *v = NULL;
    CHECK_OK(cescacs_game_variation(game, 8, 0, &v));
    CHECK(plies_of(v) == 5);
    char before[1024];
    strcpy(before, pdtl_at(game, 8));
    CHECK_STR(pdtl_at(v, 0), before);
    CHECK_STR(ctl_at(v, 4), "KH4\xc3\x97GI3");
    CHECK(count_at(cescacs_game_comment_count, v, 0) == 1);
    CHECK_STR(comment_at(v, 0, 0), "Displacing P threatens ~gL5 with ~RI3");
    CHECK(count_at(cescacs_game_variation_count, v, 3) == 1);
    CHECK_STR(variation_at(v, 3, 0), "GH6-K12");
    CHECK_OK(cescacs_game_tag_count(v, &n));
    CHECK(n == 0);
    CHECK_STR(result_of(v), "*");
    cescacs_game *nested = NULL;
    CHECK_OK(cescacs_game_variation(v, 3, 0, &nested));
    CHECK(plies_of(nested) == 1);
    cescacs_move_list *next = legal(v); /* independent: play on from it */
    CHECK(len_of(next) > 0);
    CHECK_OK(cescacs_game_play(v, next, 0));
    cescacs_move_list_free(next);
    CHECK(plies_of(v) == 6);
    CHECK(plies_of(game) == 12);
    cescacs_game_free(nested);
    cescacs_game_free(v);
    cescacs_game *untouched = (cescacs_game *)&n;
    cescacs_game *w = untouched;
    CHECK_RC(cescacs_game_variation(game, 8, 1, &w), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_variation(game, 12, 0, &w), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_variation(NULL, 8, 0, &w), CESCACS_RESULT_NULL_POINTER);
    CHECK(w == untouched);
    CHECK_RC(cescacs_game_variation(game, 8, 0, NULL), CESCACS_RESULT_NULL_POINTER);

    /* Written back byte for byte, and read again to the same record. */
    char *text = pgn_of(game);
    CHECK_STR(text, FOOLS_MATE_V);
    cescacs_game *again = game_from_pgn(text);
    char *text2 = pgn_of(again);
    CHECK_STR(text2, text);
    CHECK_STR(variation_at(again, 8, 0), "K4-K10 GL5-H6+^ KG1-H4 GH6\xc3\x97RI3 KH4\xc3\x97GI3");
    CHECK_STR(comment_at(again, 6, 0), "Removing ~EH4 leaves ~K unattended");
    free(text2);
    free(text);
    cescacs_game_free(again);
    cescacs_game_free(game);

    /* Comments added to moves: written with the mover's prefix, read back,
       taken back with their move. */
    CHECK_OK(cescacs_game_new(&game));
    CHECK_RC(cescacs_game_add_comment(game, 0, "no move yet"), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_OK(cescacs_game_play_ctl(game, "E7-E13"));
    CHECK_OK(cescacs_game_play_ctl(game, "E21-E15"));
    CHECK_OK(cescacs_game_add_comment(game, 0, "the usual start"));
    CHECK_OK(cescacs_game_add_comment(game, 1, "answered"));
    CHECK_OK(cescacs_game_add_comment(game, 1, "a brace } in it"));
    CHECK_RC(cescacs_game_add_comment(game, 2, "x"), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_add_comment(game, 0, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_add_comment(NULL, 0, "x"), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_add_comment(game, 0, "\xc3"), CESCACS_RESULT_INVALID_UTF8);
    CHECK(count_at(cescacs_game_comment_count, game, 0) == 1);
    CHECK(count_at(cescacs_game_comment_count, game, 1) == 2);
    text = pgn_of(game);
    CHECK_STR(text, "1. E7-E13, E21-E15\n{ @W: the usual start }\n{ @B: answered }\n{ @B: a brace ) in it }\n*\n");
    again = game_from_pgn(text);
    CHECK_STR(comment_at(again, 1, 1), "a brace ) in it");
    text2 = pgn_of(again);
    CHECK_STR(text2, text);
    free(text2);
    free(text);
    cescacs_game_free(again);
    CHECK_OK(cescacs_game_undo(game));
    CHECK_OK(cescacs_game_play_ctl(game, "E21-E15"));
    CHECK(count_at(cescacs_game_comment_count, game, 1) == 0);
    cescacs_game_free(game);
}

static void test_annotations(void) {
    /* Assessments read as glyphs: ?! = 6, ?? = 4, none = 0. */
    cescacs_game *game = game_from_pgn(FOOLS_MATE_V);
    static const uint8_t want[12] = {6, 6, 6, 6, 0, 6, 4, 0, 4, 0, 4, 0};
    for (size_t ply = 0; ply < 12; ply++) {
        uint8_t nag = 99;
        CHECK_OK(cescacs_game_assessment(game, ply, &nag));
        CHECK(nag == want[ply]);
    }
    uint8_t nag = 99;
    CHECK_RC(cescacs_game_assessment(game, 12, &nag), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_assessment(NULL, 0, &nag), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_assessment(game, 0, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK(nag == 99);

    /* Variation labels: "2" for ($[2] ...), empty when unlabelled. */
    char buf[8] = "keep";
    size_t n = 77;
    CHECK_OK(cescacs_game_variation_label(game, 8, 0, buf, sizeof buf, &n));
    CHECK_STR(buf, "2");
    CHECK(n == 1);
    CHECK_OK(cescacs_game_variation_label(game, 6, 0, buf, sizeof buf, &n));
    CHECK_STR(buf, "");
    CHECK(n == 0);
    strcpy(buf, "keep");
    CHECK_RC(cescacs_game_variation_label(game, 8, 0, buf, 1, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == 1);
    CHECK_STR(buf, "keep");
    CHECK_RC(cescacs_game_variation_label(game, 8, 1, buf, sizeof buf, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_variation_label(game, 12, 0, buf, sizeof buf, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_variation_label(NULL, 8, 0, buf, sizeof buf, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(buf, "keep");
    cescacs_game_free(game);

    /* Annotating a new game: opening and final comments, assessments set,
       changed and cleared; written as CTL-PGN and read back the same. */
    CHECK_OK(cescacs_game_new(&game));
    CHECK_RC(cescacs_game_set_assessment(game, 0, 1), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_OK(cescacs_game_play_ctl(game, "E7-E13"));
    CHECK_OK(cescacs_game_play_ctl(game, "E21-E15"));
    CHECK_OK(cescacs_game_add_opening_comment(game, "Club final, round 1"));
    CHECK_OK(cescacs_game_add_final_comment(game, "Adjourned"));
    CHECK_OK(cescacs_game_set_assessment(game, 0, 5));
    CHECK_OK(cescacs_game_set_assessment(game, 1, 2));
    CHECK_OK(cescacs_game_set_assessment(game, 1, 4));
    CHECK_RC(cescacs_game_set_assessment(game, 1, 8), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_set_assessment(game, 2, 1), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_set_assessment(NULL, 0, 1), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_add_opening_comment(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_add_final_comment(NULL, "x"), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_add_final_comment(game, "\xc3"), CESCACS_RESULT_INVALID_UTF8);
    CHECK_OK(cescacs_game_assessment(game, 1, &nag));
    CHECK(nag == 4);
    char *text = pgn_of(game);
    CHECK_STR(text, "{ Club final, round 1 }\n1. E7-E13 !?, E21-E15 ??\n*\n{ Adjourned }\n");
    cescacs_game *again = game_from_pgn(text);
    char *text2 = pgn_of(again);
    CHECK_STR(text2, text);
    CHECK_OK(cescacs_game_assessment(again, 0, &nag));
    CHECK(nag == 5);
    free(text2);
    free(text);
    cescacs_game_free(again);
    CHECK_OK(cescacs_game_set_assessment(game, 0, 0));
    CHECK_OK(cescacs_game_assessment(game, 0, &nag));
    CHECK(nag == 0);
    cescacs_game_free(game);
}

int main(void) {
    RUN(test_version_and_result_names);
    RUN(test_initial_position);
    RUN(test_pdtl_defaults_and_round_trip);
    RUN(test_kings_and_rooks_leaps_and_castlings);
    RUN(test_move_list_copy);
    RUN(test_move_list_array);
    RUN(test_games_from_pgn);
    RUN(test_black_double_castling);
    RUN(test_move_fields_of_every_kind);
    RUN(test_apply_undo_round_trip);
    RUN(test_clone_is_independent);
    RUN(test_list_outlives_its_game);
    RUN(test_reused_move_list);
    RUN(test_outcomes);
    RUN(test_piece_at);
    RUN(test_hex_conversions);
    RUN(test_null_pointers);
    RUN(test_invalid_utf8);
    RUN(test_bad_pdtl);
    RUN(test_illegal_and_unreadable_moves);
    RUN(test_index_out_of_range);
    RUN(test_stale_move_list);
    RUN(test_buffers);
    RUN(test_bad_hexes);
    RUN(test_free_null_and_last_error);
    RUN(test_pgn_real_games_replay_to_mate);
    RUN(test_pgn_write_read_write);
    RUN(test_pgn_moves_played_through_the_handle);
    RUN(test_zobrist_hash_transpositions);
    RUN(test_fivefold_repetition);
    RUN(test_bad_pgn);
    RUN(test_game_record_error_paths);
    RUN(test_find_moves);
    RUN(test_play_move_and_parse);
    RUN(test_threats);
    RUN(test_hex_geometry);
    RUN(test_pieces_and_board_text);
    RUN(test_tags);
    RUN(test_comments_and_variations);
    RUN(test_annotations);
    return check_summary();
}
