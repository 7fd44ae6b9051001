/*
 * Helpers shared by the C API tests: games from PDTL, move lists and
 * their texts, hexes. Texts come back in static buffers, valid until the
 * next call of the same helper.
 */

#include "api.h"

cescacs_game *game_from(const char *pdtl) {
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_from_pdtl(pdtl, &game));
    return game;
}

/* The game's PDTL in a static buffer (overwritten by the next call). */
const char *pdtl_of(const cescacs_game *game) {
    static char buf[1024];
    size_t n = 0;
    buf[0] = '\0';
    CHECK_OK(cescacs_game_pdtl(game, buf, sizeof buf, &n));
    CHECK(n == strlen(buf));
    return buf;
}

cescacs_move_list *legal(const cescacs_game *game) {
    cescacs_move_list *list = NULL;
    CHECK_OK(cescacs_game_legal_moves(game, &list));
    return list;
}

size_t len_of(const cescacs_move_list *list) {
    size_t n = SIZE_MAX;
    CHECK_OK(cescacs_move_list_len(list, &n));
    return n;
}

const char *long_of(const cescacs_move_list *list, size_t i) {
    static char buf[CESCACS_MOVE_TEXT_MAX];
    buf[0] = '\0';
    CHECK_OK(cescacs_move_list_long(list, i, buf, sizeof buf, NULL));
    return buf;
}

const char *ctl_of(const cescacs_move_list *list, size_t i) {
    static char buf[CESCACS_MOVE_TEXT_MAX];
    buf[0] = '\0';
    CHECK_OK(cescacs_move_list_ctl(list, i, buf, sizeof buf, NULL));
    return buf;
}

/* Index of the move with this long form, or SIZE_MAX. */
size_t find_long(const cescacs_move_list *list, const char *text) {
    size_t n = len_of(list);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(long_of(list, i), text) == 0) return i;
    }
    return SIZE_MAX;
}

cescacs_move get_move(const cescacs_move_list *list, size_t i) {
    cescacs_move m;
    memset(&m, 0xAB, sizeof m);
    CHECK_OK(cescacs_move_list_get(list, i, &m));
    return m;
}

cescacs_hex hex(const char *text) {
    cescacs_hex h = {255, 255};
    CHECK_OK(cescacs_hex_parse(text, &h));
    return h;
}

int hex_eq(cescacs_hex a, const char *text) {
    cescacs_hex b = hex(text);
    return a.column == b.column && a.line == b.line;
}

/* The move with long form `text` in the list; fails the case if absent. */
cescacs_move move_named(const cescacs_move_list *list, const char *text, const char *ctl) {
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

cescacs_game *game_from_pgn(const char *text) {
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_from_pgn(text, &game));
    return game;
}

/* The game's CTL-PGN in a malloc'd buffer of exactly the needed size. */
char *pgn_of(const cescacs_game *game) {
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

size_t plies_of(const cescacs_game *game) {
    size_t n = SIZE_MAX;
    CHECK_OK(cescacs_game_ply_count(game, &n));
    return n;
}

const char *pdtl_at(const cescacs_game *game, size_t ply) {
    static char buf[1024];
    buf[0] = '\0';
    CHECK_OK(cescacs_game_pdtl_at(game, ply, buf, sizeof buf, NULL));
    return buf;
}

const char *ctl_at(const cescacs_game *game, size_t ply) {
    static char buf[CESCACS_MOVE_TEXT_MAX];
    buf[0] = '\0';
    CHECK_OK(cescacs_game_move_ctl_at(game, ply, buf, sizeof buf, NULL));
    return buf;
}

const char *result_of(const cescacs_game *game) {
    static char buf[4];
    buf[0] = '\0';
    CHECK_OK(cescacs_game_result(game, buf, sizeof buf, NULL));
    return buf;
}

const char *tag_of(const cescacs_game *game, const char *name) {
    static char buf[256];
    buf[0] = '\0';
    CHECK_OK(cescacs_game_tag(game, name, buf, sizeof buf, NULL));
    return buf;
}

int hex_same(cescacs_hex a, cescacs_hex b) { return a.column == b.column && a.line == b.line; }

/* Field by field: the struct has padding, which memcmp would compare. */
int move_eq(cescacs_move a, cescacs_move b) {
    int eq = a.kind == b.kind && hex_same(a.from, b.from) && hex_same(a.to, b.to) && a.role == b.role &&
             a.captured == b.captured && a.promotion == b.promotion && a.is_capture == b.is_capture &&
             a.rook_move_count == b.rook_move_count;
    for (int i = 0; i < 2; i++) {
        eq = eq && hex_same(a.rook_moves[i].from, b.rook_moves[i].from) && hex_same(a.rook_moves[i].to, b.rook_moves[i].to);
    }
    return eq;
}
