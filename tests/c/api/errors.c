/*
 * C API tests: Error paths: NULL pointers, bad UTF-8, bad PDTL, illegal and unreadable
 * moves, indices, stale lists, buffers, bad hexes, the last error.
 */

#include "api.h"

void test_null_pointers(void) {
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

void test_invalid_utf8(void) {
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

void test_bad_pdtl(void) {
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

void test_illegal_and_unreadable_moves(void) {
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

void test_index_out_of_range(void) {
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

void test_stale_move_list(void) {
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

void test_buffers(void) {
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

void test_bad_hexes(void) {
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

void test_free_null_and_last_error(void) {
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
