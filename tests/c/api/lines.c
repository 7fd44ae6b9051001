/* Line handles: a record's main line and its variations at any depth, read
   by index; a line keeps the record it was made from. */
#include "api.h"

static cescacs_line *mainline_of(const cescacs_game *game) {
    cescacs_line *line = NULL;
    CHECK_OK(cescacs_game_mainline(game, &line));
    return line;
}

static cescacs_line *variation_of(const cescacs_line *line, size_t index, size_t rank) {
    cescacs_line *v = NULL;
    CHECK_OK(cescacs_line_variation(line, index, rank, &v));
    return v;
}

static size_t value_of(cescacs_result (*fn)(const cescacs_line *, size_t *), const cescacs_line *line) {
    size_t n = SIZE_MAX;
    CHECK_OK(fn(line, &n));
    return n;
}

static size_t count_at(cescacs_result (*fn)(const cescacs_line *, size_t, size_t *), const cescacs_line *line,
                       size_t index) {
    size_t n = SIZE_MAX;
    CHECK_OK(fn(line, index, &n));
    return n;
}

static const char *text_at(cescacs_result (*fn)(const cescacs_line *, size_t, char *, size_t, size_t *),
                           const cescacs_line *line, size_t index) {
    static char buf[1024];
    size_t n = 0;
    strcpy(buf, "<error>");
    CHECK_OK(fn(line, index, buf, sizeof buf, &n));
    CHECK(n == strlen(buf));
    return buf;
}

static const char *comment_of(const cescacs_line *line, size_t index, size_t comment) {
    static char buf[512];
    strcpy(buf, "<error>");
    CHECK_OK(cescacs_line_comment(line, index, comment, buf, sizeof buf, NULL));
    return buf;
}

static const char *label_of(const cescacs_line *line) {
    static char buf[64];
    strcpy(buf, "<error>");
    CHECK_OK(cescacs_line_label(line, buf, sizeof buf, NULL));
    return buf;
}

static unsigned nag_of(const cescacs_line *line, size_t index) {
    uint8_t nag = 99;
    CHECK_OK(cescacs_line_assessment(line, index, &nag));
    return nag;
}

void test_lines_of_a_record(void) {
    cescacs_game *game = game_from_pgn(FOOLS_MATE_V);
    cescacs_line *main = mainline_of(game);
    CHECK(value_of(cescacs_line_depth, main) == 0);
    CHECK(value_of(cescacs_line_start_ply, main) == 0);
    CHECK(value_of(cescacs_line_ply_count, main) == 12);
    CHECK_STR(label_of(main), "");
    CHECK(value_of(cescacs_line_opening_comment_count, main) == 1);
    CHECK_STR(text_at(cescacs_line_opening_comment, main, 0), "Rules site example,\n  with its variations");
    for (size_t i = 0; i < 12; i++) {
        CHECK_STR(text_at(cescacs_line_move_ctl_at, main, i), ctl_at(game, i));
        CHECK_STR(text_at(cescacs_line_pdtl_at, main, i), pdtl_at(game, i));
        CHECK(count_at(cescacs_line_comment_count, main, i) == (i == 6 ? 1u : 0u));
        CHECK(count_at(cescacs_line_variation_count, main, i) == (i == 6 || i == 8 ? 1u : 0u));
    }
    CHECK_STR(text_at(cescacs_line_pdtl_at, main, 12), pdtl_of(game));
    CHECK_STR(comment_of(main, 6, 0), "Removing ~EH4 leaves ~K unattended");
    CHECK(nag_of(main, 0) == 6 && nag_of(main, 6) == 4 && nag_of(main, 7) == 0);
    cescacs_move m, g;
    CHECK_OK(cescacs_line_move_at(main, 11, &m));
    CHECK_OK(cescacs_game_move_at(game, 11, &g));
    CHECK(move_eq(m, g));

    /* 5. I5-I9 (ply 8) has the labelled variation, from the position before it. */
    cescacs_line *v = variation_of(main, 8, 0);
    CHECK(value_of(cescacs_line_depth, v) == 1);
    CHECK(value_of(cescacs_line_start_ply, v) == 8);
    CHECK(value_of(cescacs_line_ply_count, v) == 5);
    CHECK_STR(label_of(v), "2");
    CHECK(value_of(cescacs_line_opening_comment_count, v) == 0);
    char before[1024];
    strcpy(before, pdtl_at(game, 8));
    CHECK_STR(text_at(cescacs_line_pdtl_at, v, 0), before);
    const char *moves[] = {"K4-K10", "GL5-H6+^", "KG1-H4", "GH6\xc3\x97RI3", "KH4\xc3\x97GI3"};
    for (size_t i = 0; i < 5; i++) CHECK_STR(text_at(cescacs_line_move_ctl_at, v, i), moves[i]);
    CHECK(nag_of(v, 0) == 4 && nag_of(v, 1) == 0);
    CHECK(count_at(cescacs_line_comment_count, v, 0) == 1);
    CHECK_STR(comment_of(v, 0, 0), "Displacing P threatens ~gL5 with ~RI3");
    CHECK(count_at(cescacs_line_variation_count, v, 3) == 1);

    /* The nested one: 6. ..., GH6-K12 ! replaces GH6xRI3 (ply 8 + 3). */
    cescacs_line *nested = variation_of(v, 3, 0);
    CHECK(value_of(cescacs_line_depth, nested) == 2);
    CHECK(value_of(cescacs_line_start_ply, nested) == 11);
    CHECK(value_of(cescacs_line_ply_count, nested) == 1);
    CHECK_STR(text_at(cescacs_line_move_ctl_at, nested, 0), "GH6-K12");
    CHECK(nag_of(nested, 0) == 1);
    CHECK(count_at(cescacs_line_variation_count, nested, 0) == 0);
    strcpy(before, text_at(cescacs_line_pdtl_at, v, 3));
    CHECK_STR(text_at(cescacs_line_pdtl_at, nested, 0), before);

    /* A line as a game: as cescacs_game_variation makes it, to play on from. */
    cescacs_game *from_line = NULL, *from_game = NULL;
    CHECK_OK(cescacs_line_game(v, &from_line));
    CHECK_OK(cescacs_game_variation(game, 8, 0, &from_game));
    char *a = pgn_of(from_line), *b = pgn_of(from_game);
    CHECK_STR(a, b);
    free(a);
    free(b);
    CHECK(plies_of(from_line) == 5);
    CHECK_OK(cescacs_game_undo(from_line));
    CHECK(plies_of(from_line) == 4 && value_of(cescacs_line_ply_count, v) == 5);
    cescacs_game_free(from_line);
    cescacs_game_free(from_game);
    CHECK_OK(cescacs_line_game(nested, &from_line));
    a = pgn_of(from_line);
    CHECK(strstr(a, "GH6-K12 !\n") != NULL);
    free(a);
    cescacs_game_free(from_line);
    /* The main line as a game: its moves and annotations, a new game's
       tags (Variant and the Seven Tag Roster). */
    CHECK_OK(cescacs_line_game(main, &from_line));
    CHECK(plies_of(from_line) == 12);
    size_t n = 0;
    CHECK_OK(cescacs_game_tag_count(from_line, &n));
    CHECK(n == 8);
    cescacs_game_free(from_line);

    /* Freed in any order. */
    cescacs_line_free(main);
    cescacs_game_free(game);
    CHECK_STR(text_at(cescacs_line_move_ctl_at, nested, 0), "GH6-K12");
    cescacs_line_free(v);
    cescacs_line_free(nested);
}

void test_line_keeps_its_record(void) {
    cescacs_game *game = game_from_pgn(FOOLS_MATE_V);
    cescacs_line *before = mainline_of(game);
    CHECK_OK(cescacs_game_undo(game));
    CHECK_OK(cescacs_game_add_comment(game, 0, "later"));
    cescacs_line *after = mainline_of(game);
    CHECK(value_of(cescacs_line_ply_count, before) == 12);
    CHECK(value_of(cescacs_line_ply_count, after) == 11);
    CHECK(count_at(cescacs_line_comment_count, before, 0) == 0);
    CHECK(count_at(cescacs_line_comment_count, after, 0) == 1);
    CHECK_STR(comment_of(after, 0, 0), "later");
    cescacs_game_free(game);
    CHECK(count_at(cescacs_line_variation_count, before, 8) == 1);
    cescacs_line_free(before);
    cescacs_line_free(after);

    /* A new game: an empty main line. */
    CHECK_OK(cescacs_game_new(&game));
    cescacs_line *empty = mainline_of(game);
    CHECK(value_of(cescacs_line_ply_count, empty) == 0);
    CHECK_STR(text_at(cescacs_line_pdtl_at, empty, 0), INITIAL_PDTL);
    cescacs_line_free(empty);
    cescacs_game_free(game);
}

void test_line_errors(void) {
    cescacs_game *game = game_from_pgn(FOOLS_MATE_V);
    cescacs_line *main = mainline_of(game);
    cescacs_line *untouched = (cescacs_line *)&game, *out = untouched;
    CHECK_RC(cescacs_game_mainline(NULL, &out), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_mainline(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_line_variation(main, 12, 0, &out), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_line_variation(main, 8, 1, &out), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_line_variation(main, 7, 0, &out), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_line_variation(NULL, 8, 0, &out), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "line is NULL");
    CHECK_RC(cescacs_line_variation(main, 8, 0, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK(out == untouched);
    size_t n = 77;
    CHECK_RC(cescacs_line_ply_count(NULL, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_line_depth(main, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_line_comment_count(main, 12, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_line_variation_count(main, 12, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK(n == 77);
    char buf[8] = "keep";
    CHECK_RC(cescacs_line_comment(main, 6, 1, buf, sizeof buf, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_line_opening_comment(main, 1, buf, sizeof buf, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_line_pdtl_at(main, 13, buf, sizeof buf, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_line_move_ctl_at(main, 12, buf, sizeof buf, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_RC(cescacs_line_move_ctl_at(main, 0, NULL, 5, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK(n == 77);
    CHECK_RC(cescacs_line_pdtl_at(main, 0, buf, sizeof buf, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == strlen(INITIAL_PDTL));
    CHECK_STR(buf, "keep");
    cescacs_move m = {0};
    CHECK_RC(cescacs_line_move_at(main, 12, &m), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK(m.kind == 0 && m.from.column == 0 && m.to.line == 0);
    uint8_t nag = 9;
    CHECK_RC(cescacs_line_assessment(main, 12, &nag), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK(nag == 9);
    cescacs_game *g = (cescacs_game *)&n;
    CHECK_RC(cescacs_line_game(NULL, &g), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_line_game(main, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK(g == (cescacs_game *)&n);
    cescacs_line_free(NULL);
    cescacs_line_free(main);
    cescacs_game_free(game);
}
