/*
 * legal_moves: reads one PDTL position from standard input and prints its
 * legal moves in CTL-AN, one per line, in generation order (the King's Leaps
 * and castlings included). A bad PDTL prints `error: <reason>` on standard
 * error and exits with status 1. Built with CMake against an installed
 * package: see CMakeLists.txt.
 */
#include <stdio.h>
#include <string.h>

#include <cescacs.h>

int main(void) {
    char pdtl[1024];
    if (fgets(pdtl, sizeof pdtl, stdin) == NULL) {
        fputs("error: no PDTL on standard input\n", stderr);
        return 1;
    }
    pdtl[strcspn(pdtl, "\r\n")] = '\0';
    cescacs_game *game = NULL;
    if (cescacs_game_from_pdtl(pdtl, &game) != CESCACS_RESULT_OK) {
        fprintf(stderr, "error: %s\n", cescacs_last_error());
        return 1;
    }
    cescacs_move_list *moves = NULL;
    size_t n = 0;
    int status = 1;
    if (cescacs_game_legal_moves(game, &moves) == CESCACS_RESULT_OK && cescacs_move_list_len(moves, &n) == CESCACS_RESULT_OK) {
        status = 0;
        for (size_t i = 0; i < n && status == 0; i++) {
            char text[CESCACS_MOVE_TEXT_MAX];
            if (cescacs_move_list_ctl(moves, i, text, sizeof text, NULL) == CESCACS_RESULT_OK) {
                puts(text);
            } else {
                status = 1;
            }
        }
    }
    if (status != 0) fprintf(stderr, "error: %s\n", cescacs_last_error());
    cescacs_move_list_free(moves);
    cescacs_game_free(game);
    return status;
}
