/*
 * C API tests: Positions and their queries: the initial position, PDTL, move lists
 * and their fields, castlings, undo, clones, outcomes, hexes.
 */

#include "api.h"

void test_version_and_result_names(void) {
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
    CHECK_STR(cescacs_result_name(CESCACS_RESULT_OUT_OF_MEMORY), "CESCACS_RESULT_OUT_OF_MEMORY");
    CHECK(CESCACS_RESULT_OUT_OF_MEMORY == 16);
    CHECK_STR(cescacs_result_name(17), "CESCACS_RESULT_UNKNOWN");
    CHECK_STR(cescacs_result_name(0xFFFFFFFFu), "CESCACS_RESULT_UNKNOWN");
}

void test_initial_position(void) {
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

void test_pdtl_defaults_and_round_trip(void) {
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
void test_move_list_copy(void) {
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
void test_move_list_array(void) {
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

void test_kings_and_rooks_leaps_and_castlings(void) {
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

void test_black_double_castling(void) {
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

void test_move_fields_of_every_kind(void) {
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

void test_apply_undo_round_trip(void) {
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

void test_clone_is_independent(void) {
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

void test_list_outlives_its_game(void) {
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

void test_reused_move_list(void) {
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

void test_outcomes(void) {
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

void test_piece_at(void) {
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

void test_hex_conversions(void) {
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
