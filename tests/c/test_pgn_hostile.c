/*
 * Hostile CTL-PGN through the C API, run by scripts/test-c.sh with a 1 MiB
 * stack (ulimit -s 1024): a record nested a million levels deep reads,
 * writes back and is walked to the bottom without recursion, an unclosed
 * nest and random bytes give CESCACS_RESULT_BAD_PGN with a location, never
 * a crash of the caller.
 *
 *   test_pgn_hostile [DEPTH]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static size_t depth = 1000000;

/* "1. H6-H12 (1. H6-H12 (… )))\n*\n", `closed` or with every ')' left out. */
static char *nested(size_t levels, int closed) {
    const char *head = "1. H6-H12";
    const char *open = " (1. H6-H12";
    size_t len = strlen(head) + levels * strlen(open) + (closed ? levels : 0) + 4;
    char *text = malloc(len);
    char *p = text;
    memcpy(p, head, strlen(head));
    p += strlen(head);
    for (size_t i = 0; i < levels; i++) {
        memcpy(p, open, strlen(open));
        p += strlen(open);
    }
    if (closed) {
        memset(p, ')', levels);
        p += levels;
    }
    memcpy(p, "\n*\n", 4);
    return text;
}

static void deep_nest_reads_and_writes_back(void) {
    char *text = nested(depth, 1);
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_from_pgn(text, &game));
    if (game != NULL) {
        size_t count = 0;
        CHECK_OK(cescacs_game_variation_count(game, 0, &count));
        CHECK(count == 1);
        size_t need = 0;
        CHECK_RC(cescacs_game_write_pgn(game, NULL, 0, &need), CESCACS_RESULT_BUFFER_TOO_SMALL);
        char *out = malloc(need + 1);
        CHECK_OK(cescacs_game_write_pgn(game, out, need + 1, &need));
        size_t opens = 0, closes = 0;
        for (size_t i = 0; i < need; i++) {
            opens += out[i] == '(';
            closes += out[i] == ')';
        }
        CHECK(opens == depth && closes == depth);
        cescacs_game *again = NULL;
        CHECK_OK(cescacs_game_from_pgn(out, &again));
        cescacs_game_free(again);
        free(out);
        cescacs_game_free(game);
    }
    free(text);
}

/* Down the nest with line handles, one level a step, to the bottom: each
   step costs the line entered (one move), so the walk is linear in the depth. */
static void deep_nest_walked_to_the_bottom(void) {
    char *text = nested(depth, 1);
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_from_pgn(text, &game));
    free(text);
    if (game == NULL) return;
    cescacs_line *line = NULL;
    CHECK_OK(cescacs_game_mainline(game, &line));
    /* The line reads the record it was made from: the game may go. */
    cescacs_game_free(game);
    size_t levels = 0, count = 0;
    while (line != NULL && cescacs_line_variation_count(line, 0, &count) == CESCACS_RESULT_OK && count == 1) {
        cescacs_line *next = NULL;
        CHECK_OK(cescacs_line_variation(line, 0, 0, &next));
        cescacs_line_free(line);
        line = next;
        levels++;
    }
    CHECK(levels == depth && count == 0);
    size_t at = 0;
    CHECK_OK(cescacs_line_depth(line, &at));
    CHECK(at == depth);
    CHECK_OK(cescacs_line_start_ply(line, &at));
    CHECK(at == 0);
    CHECK_OK(cescacs_line_ply_count(line, &at));
    CHECK(at == 1);
    char buf[CESCACS_MOVE_TEXT_MAX];
    CHECK_OK(cescacs_line_move_ctl_at(line, 0, buf, sizeof buf, NULL));
    CHECK_STR(buf, "H6-H12");
    cescacs_game *bottom = NULL;
    CHECK_OK(cescacs_line_game(line, &bottom));
    size_t plies = 0;
    CHECK_OK(cescacs_game_ply_count(bottom, &plies));
    CHECK(plies == 1);
    cescacs_game_free(bottom);
    cescacs_line_free(line); /* the last share of the record: all of it freed */
}

static void unclosed_nest_is_bad_pgn_at_the_innermost_paren(void) {
    char *text = nested(depth, 0);
    cescacs_game *game = NULL;
    CHECK_RC(cescacs_game_from_pgn(text, &game), CESCACS_RESULT_BAD_PGN);
    CHECK(game == NULL);
    size_t line = 0, column = 0;
    CHECK(cescacs_last_error_location(&line, &column));
    CHECK(line == 1 && column == 11 * depth);
    free(text);
}

static void random_bytes_never_crash(void) {
    unsigned state = 12345;
    char buf[4097];
    for (int round = 0; round < 200; round++) {
        for (size_t i = 0; i < sizeof buf - 1; i++) {
            state = state * 1103515245u + 12345u;
            /* Brackets, braces and move text often, any byte from 160 up too. */
            unsigned r = (state >> 16) & 0xff;
            const char *pick = "()(){}[]\"$.,*1-H6 \n";
            buf[i] = r < 160 ? pick[r % strlen(pick)] : (char)r;
        }
        buf[sizeof buf - 1] = '\0';
        cescacs_game *game = NULL;
        cescacs_result rc = cescacs_game_from_pgn(buf, &game);
        /* A game, or a typed refusal with its reason: BAD_PGN, or
         * INVALID_UTF8 for bytes that are not UTF-8. */
        CHECK(rc == CESCACS_RESULT_OK || rc == CESCACS_RESULT_BAD_PGN || rc == CESCACS_RESULT_INVALID_UTF8);
        CHECK(rc == CESCACS_RESULT_OK || cescacs_last_error()[0] != '\0');
        if (check_case_failed) {
            fprintf(stderr, "round %d: %s (%s)\n", round, cescacs_result_name(rc), cescacs_last_error());
            cescacs_game_free(game);
            return;
        }
        cescacs_game_free(game);
    }
}

static void reader_walks_a_collection_once_past_a_bad_game(void) {
    const char *text =
        "[Event \"a\"]\n1. H6-H12\n*\n"
        "[Event \"b\"]\n1. H6-H13\n*\n"
        "[Event \"c\"]\n1. E7-E13, E21-E15\n*\n";
    cescacs_pgn_reader *reader = NULL;
    CHECK_OK(cescacs_pgn_reader_from_text(text, &reader));
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_pgn_reader_next(reader, &game));
    size_t n = 0;
    CHECK_OK(cescacs_game_ply_count(game, &n));
    CHECK(n == 1);
    cescacs_game_free(game);
    game = NULL;
    CHECK_RC(cescacs_pgn_reader_next(reader, &game), CESCACS_RESULT_BAD_PGN);
    CHECK(game == NULL);
    size_t line = 0, column = 0;
    CHECK(cescacs_last_error_location(&line, &column));
    CHECK(line == 5 && column == 4);
    CHECK_OK(cescacs_pgn_reader_next(reader, &game));
    CHECK_OK(cescacs_game_ply_count(game, &n));
    CHECK(n == 2);
    cescacs_game_free(game);
    game = NULL;
    CHECK_RC(cescacs_pgn_reader_next(reader, &game), CESCACS_RESULT_NOT_FOUND);
    CHECK_RC(cescacs_pgn_reader_next(NULL, &game), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_pgn_reader_next(reader, NULL), CESCACS_RESULT_NULL_POINTER);
    cescacs_pgn_reader_free(reader);
    cescacs_pgn_reader_free(NULL);
}

static void reader_opens_a_file_of_many_games(void) {
    char path[] = "/tmp/cescacs-pgn-reader-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    FILE *f = fdopen(fd, "w");
    for (int i = 0; i < 5000; i++) {
        fprintf(f, "[Event \"%d\"]\n1. H6-H12, I23-I19\n2. E7-E13\n*\n\n", i);
    }
    fclose(f);
    cescacs_pgn_reader *reader = NULL;
    CHECK_OK(cescacs_pgn_reader_open(path, &reader));
    cescacs_game *game = NULL;
    int games = 0;
    size_t plies = 0;
    while (cescacs_pgn_reader_next(reader, &game) == CESCACS_RESULT_OK) {
        size_t n = 0;
        CHECK_OK(cescacs_game_ply_count(game, &n));
        plies += n;
        games++;
        cescacs_game_free(game);
    }
    CHECK(games == 5000 && plies == 15000);
    cescacs_pgn_reader_free(reader);
    remove(path);
    reader = NULL;
    CHECK_RC(cescacs_pgn_reader_open("/nonexistent/cescacs.ctl-pgn", &reader), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK(reader == NULL);
}

int main(int argc, char **argv) {
    if (argc > 1) depth = (size_t)strtoull(argv[1], NULL, 10);
    RUN(deep_nest_reads_and_writes_back);
    RUN(deep_nest_walked_to_the_bottom);
    RUN(unclosed_nest_is_bad_pgn_at_the_innermost_paren);
    RUN(random_bytes_never_crash);
    RUN(reader_walks_a_collection_once_past_a_bad_game);
    RUN(reader_opens_a_file_of_many_games);
    return check_summary();
}
