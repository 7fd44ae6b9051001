/*
 * attacks: prints the hexes each side attacks in PDTL positions.
 *
 * Reads one PDTL position per line from standard input and prints one line
 * per position: the hexes attacked by White, ` | `, the hexes attacked by
 * Black, each list in board order (line 0 first, then by column) with
 * names separated by single spaces — or `error: <reason>` for a line that
 * is not a valid PDTL. "Attacked" is the sense of check detection
 * (RULES.md §5.1): hexes of a side's own pieces count (they are defended),
 * pins do not matter, and the King's Leaps never attack.
 *
 * Build:  cc -std=c11 attacks.c $(pkg-config --cflags --libs cescacs) -o attacks
 * Run:    ./attacks < positions.txt
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cescacs.h"

/* Prints the hexes `by` attacks; returns 0, or 1 on an unexpected error. */
static int print_attacked(const cescacs_game *game, cescacs_color by) {
    cescacs_hex hexes[CESCACS_HEX_COUNT];
    size_t n = 0;
    if (cescacs_game_attacked_hexes(game, by, hexes, CESCACS_HEX_COUNT, &n) != CESCACS_RESULT_OK) return 1;
    for (size_t i = 0; i < n; i++) {
        char name[CESCACS_HEX_TEXT_MAX];
        if (cescacs_hex_write(hexes[i], name, sizeof name, NULL) != CESCACS_RESULT_OK) return 1;
        if (i > 0) putchar(' ');
        fputs(name, stdout);
    }
    return 0;
}

/* Prints the line of one position; returns 0, or 1 on an unexpected error. */
static int print_position(const char *pdtl) {
    cescacs_game *game = NULL;
    if (cescacs_game_from_pdtl(pdtl, &game) != CESCACS_RESULT_OK) {
        printf("error: %s\n", cescacs_last_error());
        return 0;
    }
    int status = print_attacked(game, CESCACS_COLOR_WHITE);
    if (status == 0) {
        fputs(" | ", stdout);
        status = print_attacked(game, CESCACS_COLOR_BLACK);
    }
    putchar('\n');
    if (status != 0) fprintf(stderr, "attacks: %s\n", cescacs_last_error());
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
        if (print_position(line) != 0) {
            status = 1;
            break;
        }
    }
    free(line);
    return status;
}
