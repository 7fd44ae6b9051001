/*
 * moves: prints the legal moves of PDTL positions, the C twin of
 * `cescacs moves --long --batch`.
 *
 * Reads one PDTL position per line from standard input and prints one line
 * per position: its legal moves in long form (H6-H12, F2-F0=D, A23=N,
 * G1-H6+C3-H8+I3-I7), sorted by byte order and separated by single spaces
 * (an empty line after mate or stalemate), or `error: <reason>` for a line
 * that is not a valid PDTL.
 *
 * Build:  cc -std=c11 moves.c $(pkg-config --cflags --libs cescacs) -o moves
 * Run:    ./moves < positions.txt
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cescacs.h"

static int by_bytes(const void *a, const void *b) {
    return strcmp((const char *)a, (const char *)b);
}

/* Prints the moves of one position; returns 0, or 1 on an unexpected error. */
static int print_moves(const char *pdtl) {
    cescacs_game *game = NULL;
    if (cescacs_game_from_pdtl(pdtl, &game) != CESCACS_RESULT_OK) {
        printf("error: %s\n", cescacs_last_error());
        return 0;
    }
    cescacs_move_list *list = NULL;
    size_t n = 0;
    char(*texts)[CESCACS_MOVE_TEXT_MAX] = NULL;
    int status = 1;
    if (cescacs_game_legal_moves(game, &list) != CESCACS_RESULT_OK ||
        cescacs_move_list_len(list, &n) != CESCACS_RESULT_OK) {
        goto done;
    }
    texts = malloc((n ? n : 1) * sizeof *texts);
    if (texts == NULL) goto done;
    for (size_t i = 0; i < n; i++) {
        if (cescacs_move_list_long(list, i, texts[i], sizeof texts[i], NULL) != CESCACS_RESULT_OK) goto done;
    }
    qsort(texts, n, sizeof *texts, by_bytes);
    for (size_t i = 0; i < n; i++) {
        if (i > 0) putchar(' ');
        fputs(texts[i], stdout);
    }
    putchar('\n');
    status = 0;
done:
    if (status != 0) fprintf(stderr, "moves: %s\n", cescacs_last_error());
    free(texts);
    cescacs_move_list_free(list);
    cescacs_game_free(game);
    return status;
}

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int status = 0;
    while ((len = getline(&line, &cap, stdin)) != -1) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
        if (strlen(line) != (size_t)len) {
            printf("error: the line contains a NUL byte\n");
            continue;
        }
        if (print_moves(line) != 0) {
            status = 1;
            break;
        }
    }
    free(line);
    return status;
}
