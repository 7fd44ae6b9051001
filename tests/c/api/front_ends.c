/*
 * C API tests: Front ends: hex geometry, pieces and board text, tags, comments,
 * variations and assessments.
 */

#include "api.h"

#define SQRT3 1.7320508075688772
#define NEAR(a, b) (fabs((a) - (b)) < 1e-12)

static cescacs_point center_of(const char *name) {
    cescacs_point p = {99.0, 99.0};
    CHECK_OK(cescacs_hex_center(hex(name), &p));
    return p;
}

void test_hex_geometry(void) {
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

void test_pieces_and_board_text(void) {
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

void test_tags(void) {
    cescacs_game *game = game_from_pgn(FOOLS_MATE_V);
    size_t n = 0;
    CHECK_OK(cescacs_game_tag_count(game, &n));
    /* Variant and the Seven Tag Roster (NOTATION.md §6.2), then the record's own. */
    CHECK(n == 11);
    CHECK_STR(text_of(cescacs_game_tag_name_at, game, 0), "Variant");
    CHECK_STR(text_of(cescacs_game_tag_value_at, game, 0), "C'escacs");
    CHECK_STR(text_of(cescacs_game_tag_name_at, game, 1), "Event");
    CHECK_STR(text_of(cescacs_game_tag_value_at, game, 1), "?");
    CHECK_STR(text_of(cescacs_game_tag_name_at, game, 7), "Result");
    CHECK_STR(text_of(cescacs_game_tag_value_at, game, 7), "0-3");
    CHECK_STR(text_of(cescacs_game_tag_name_at, game, 10), "Title");
    CHECK_STR(text_of(cescacs_game_tag_value_at, game, 10), "Fool's mate");
    char small[4] = "abc";
    size_t need = 0;
    CHECK_RC(cescacs_game_tag_value_at(game, 10, small, sizeof small, &need), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(need == strlen("Fool's mate"));
    CHECK_STR(small, "abc");
    CHECK_RC(cescacs_game_tag_name_at(game, 11, small, sizeof small, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_game_tag_value_at(game, 11, small, sizeof small, NULL), CESCACS_RESULT_INDEX_OUT_OF_RANGE);

    /* Set: replace the first of the name, or append. */
    CHECK_OK(cescacs_game_set_tag(game, "Title", "Fool's mate, again"));
    CHECK_OK(cescacs_game_set_tag(game, "Event", "C tests"));
    CHECK_OK(cescacs_game_tag_count(game, &n));
    CHECK(n == 11);
    CHECK_STR(tag_of(game, "Title"), "Fool's mate, again");
    CHECK_STR(text_of(cescacs_game_tag_value_at, game, 1), "C tests");
    CHECK_OK(cescacs_game_set_tag(game, "Annotator", "a \"quoted\" name"));
    CHECK_OK(cescacs_game_tag_count(game, &n));
    CHECK(n == 12);
    CHECK_STR(text_of(cescacs_game_tag_name_at, game, 11), "Annotator");
    char *text = pgn_of(game);
    CHECK(strstr(text, "[Variant \"C'escacs\"]\n[Event \"C tests\"]\n[Site \"?\"]\n") == text);
    CHECK(strstr(text, "[Title \"Fool's mate, again\"]\n[Annotator \"a \\\"quoted\\\" name\"]\n") != NULL);
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
    CHECK(n == 12);
    CHECK_STR(tag_of(game, "Event"), "C tests");
    CHECK_RC(cescacs_game_tag_count(NULL, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_tag_count(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_tag_name_at(NULL, 0, small, sizeof small, NULL), CESCACS_RESULT_NULL_POINTER);
    cescacs_game_free(game);

    /* The Result tag states the result: a resignation. */
    CHECK_OK(cescacs_game_new(&game));
    CHECK_OK(cescacs_game_tag_count(game, &n));
    CHECK(n == 8);
    CHECK_OK(cescacs_game_play_ctl(game, "E7-E13"));
    CHECK_OK(cescacs_game_set_tag(game, "Result", "3-0"));
    CHECK_STR(result_of(game), "3-0");
    CHECK_STR(tag_of(game, "Result"), "3-0");
    text = pgn_of(game);
    CHECK_STR(text, DEFAULT_TAGS("3-0") "1. E7-E13\n3-0\n");
    free(text);
    CHECK_OK(cescacs_game_undo(game)); /* the moves change: the rules' result again */
    CHECK_STR(result_of(game), "*");
    CHECK_STR(tag_of(game, "Result"), "*");
    cescacs_game_free(game);
}

void test_comments_and_variations(void) {
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
    CHECK(n == 8); /* a new game's tags: Variant and the roster */
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
    CHECK_STR(text, DEFAULT_TAGS("*") "1. E7-E13, E21-E15\n{ @W: the usual start }\n{ @B: answered }\n{ @B: a brace ) in it }\n*\n");
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

void test_annotations(void) {
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
    CHECK_STR(text, DEFAULT_TAGS("*") "{ Club final, round 1 }\n1. E7-E13 !?, E21-E15 ??\n*\n{ Adjourned }\n");
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
