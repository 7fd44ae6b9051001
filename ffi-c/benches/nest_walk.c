/*
 * Walks a CTL-PGN record nested DEPTH levels deep ("1. H6-H12 (1. H6-H12
 * (... )))") from its main line down to the innermost variation through the
 * C API, and prints the seconds spent reading the text and walking.
 *
 *   nest_walk lines DEPTH   with line handles (cescacs_line_variation)
 *   nest_walk games DEPTH   with a game per level (cescacs_game_variation,
 *                           which copies the nest below each level)
 *
 * Run by scripts/bench-c-nest.sh, which also measures the peak RSS.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cescacs.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static char *nested(size_t levels) {
    const char *head = "1. H6-H12", *open = " (1. H6-H12";
    size_t len = strlen(head) + levels * (strlen(open) + 1) + 4;
    char *text = malloc(len), *p = text;
    if (text == NULL) return NULL;
    memcpy(p, head, strlen(head));
    p += strlen(head);
    for (size_t i = 0; i < levels; i++, p += strlen(open)) memcpy(p, open, strlen(open));
    memset(p, ')', levels);
    memcpy(p + levels, "\n*\n", 4);
    return text;
}

static int fail(const char *what) {
    fprintf(stderr, "nest_walk: %s: %s\n", what, cescacs_last_error());
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 3 || (strcmp(argv[1], "lines") != 0 && strcmp(argv[1], "games") != 0)) {
        fprintf(stderr, "usage: nest_walk lines|games DEPTH\n");
        return 2;
    }
    int lines = strcmp(argv[1], "lines") == 0;
    size_t depth = (size_t)strtoull(argv[2], NULL, 10), levels = 0, count = 0;
    char *text = nested(depth);
    if (text == NULL) return 1;
    double t0 = now();
    cescacs_game *game = NULL;
    if (cescacs_game_from_pgn(text, &game) != CESCACS_RESULT_OK) return fail("read");
    free(text);
    double t1 = now();
    if (lines) {
        cescacs_line *line = NULL;
        if (cescacs_game_mainline(game, &line) != CESCACS_RESULT_OK) return fail("mainline");
        while (cescacs_line_variation_count(line, 0, &count) == CESCACS_RESULT_OK && count == 1) {
            cescacs_line *next = NULL;
            if (cescacs_line_variation(line, 0, 0, &next) != CESCACS_RESULT_OK) return fail("variation");
            cescacs_line_free(line);
            line = next;
            levels++;
        }
        cescacs_line_free(line);
        cescacs_game_free(game);
    } else {
        while (cescacs_game_variation_count(game, 0, &count) == CESCACS_RESULT_OK && count == 1) {
            cescacs_game *next = NULL;
            if (cescacs_game_variation(game, 0, 0, &next) != CESCACS_RESULT_OK) return fail("variation");
            cescacs_game_free(game);
            game = next;
            levels++;
        }
        cescacs_game_free(game);
    }
    double t2 = now();
    if (levels != depth) {
        fprintf(stderr, "nest_walk: walked %zu levels of %zu\n", levels, depth);
        return 1;
    }
    printf("%s depth %zu: read %.3f s, walk %.3f s\n", argv[1], depth, t1 - t0, t2 - t1);
    return 0;
}
