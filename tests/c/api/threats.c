/*
 * C API tests: Moves by hexes, moves as values, and threats (attacks, checkers, pins).
 */

#include "api.h"

static cescacs_move_list *found(const cescacs_game *game, const char *from, const char *to) {
    cescacs_move_list *list = NULL;
    CHECK_OK(cescacs_game_find_moves(game, hex(from), hex(to), &list));
    return list;
}

void test_find_moves(void) {
    /* G1-H6 with every castling right: the King's Leap and eight castlings. */
    cescacs_game *game = game_from(KINGS_AND_ROOKS);
    cescacs_move_list *list = found(game, "G1", "H6");
    CHECK(len_of(list) == 9);
    int leaps = 0, castlings = 0;
    for (size_t i = 0; i < len_of(list); i++) {
        cescacs_move m = get_move(list, i);
        CHECK(hex_eq(m.from, "G1") && hex_eq(m.to, "H6"));
        CHECK(strncmp(long_of(list, i), "G1-H6", 5) == 0);
        if (m.kind == CESCACS_MOVE_KIND_KING_LEAP) leaps++;
        if (m.kind == CESCACS_MOVE_KIND_SIMPLE_CASTLING || m.kind == CESCACS_MOVE_KIND_DOUBLE_CASTLING) castlings++;
        /* Each one plays from the list, by index. */
        CHECK_OK(cescacs_game_play(game, list, i));
        CHECK_OK(cescacs_game_undo(game));
    }
    CHECK(leaps == 1 && castlings == 8);
    CHECK(find_long(list, "G1-H6") != SIZE_MAX);
    CHECK(find_long(list, "G1-H6+C3-H8+I3-I7") != SIZE_MAX);
    cescacs_move_list_free(list);
    /* Every (from, to) of the legal moves: the lists add up to the legal moves. */
    cescacs_move_list *all = legal(game);
    size_t total = 0;
    for (size_t i = 0; i < len_of(all); i++) {
        cescacs_move m = get_move(all, i);
        int first = 1; /* count each pair once: at its first move */
        for (size_t j = 0; j < i; j++) {
            cescacs_move e = get_move(all, j);
            if (e.from.column == m.from.column && e.from.line == m.from.line && e.to.column == m.to.column &&
                e.to.line == m.to.line)
                first = 0;
        }
        if (!first) continue;
        cescacs_move_list *some = NULL;
        CHECK_OK(cescacs_game_find_moves(game, m.from, m.to, &some));
        total += len_of(some);
        cescacs_move_list_free(some);
    }
    CHECK(total == len_of(all));
    cescacs_move_list_free(all);
    cescacs_game_free(game);

    /* Promotions share their hexes: one move per piece the pawn may become. */
    game = game_from(PROMOTION_MANDATORY);
    list = found(game, "A21", "A23");
    all = legal(game);
    size_t promotions = 0;
    for (size_t i = 0; i < len_of(all); i++) {
        cescacs_move m = get_move(all, i);
        if (hex_eq(m.from, "A21") && hex_eq(m.to, "A23")) promotions++;
    }
    CHECK(promotions > 1 && len_of(list) == promotions);
    for (size_t i = 0; i < len_of(list); i++) {
        cescacs_move m = get_move(list, i);
        CHECK(m.kind == CESCACS_MOVE_KIND_PROMOTION && m.promotion != CESCACS_ROLE_NONE);
    }
    cescacs_move_list_free(all);
    cescacs_move_list_free(list);
    cescacs_game_free(game);

    /* One move, and none (an empty hex, a move that is not legal). */
    game = game_from(INITIAL_PDTL);
    list = found(game, "E7", "E13");
    CHECK(len_of(list) == 1);
    CHECK_STR(ctl_of(list, 0), "E7-E13");
    cescacs_move_list_free(list);
    list = found(game, "F14", "F16");
    CHECK(len_of(list) == 0);
    cescacs_move_list_free(list);
    list = found(game, "E7", "E15");
    CHECK(len_of(list) == 0);
    cescacs_move_list_free(list);

    /* Errors: nothing written. */
    cescacs_move_list *untouched = (cescacs_move_list *)&list;
    cescacs_hex bad = {0, 0}, off = {7, 29};
    list = untouched;
    CHECK_RC(cescacs_game_find_moves(game, bad, hex("E13"), &list), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_find_moves(game, hex("E7"), off, &list), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_find_moves(NULL, hex("E7"), hex("E13"), &list), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "game is NULL");
    CHECK_RC(cescacs_game_find_moves(game, hex("E7"), hex("E13"), NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "list_out is NULL");
    CHECK(list == untouched);
    cescacs_game_free(game);
}

void test_play_move_and_parse(void) {
    cescacs_game *game = game_from(INITIAL_PDTL);
    cescacs_move m, l;
    memset(&m, 0xAB, sizeof m);
    memset(&l, 0xCD, sizeof l);
    CHECK_OK(cescacs_game_parse_ctl(game, "E7-E13", &m));
    CHECK_OK(cescacs_game_parse_long(game, "E7-E13", &l));
    CHECK(move_eq(m, l));
    CHECK(m.kind == CESCACS_MOVE_KIND_ORDINARY && m.role == CESCACS_ROLE_PAWN);
    CHECK(hex_eq(m.from, "E7") && hex_eq(m.to, "E13") && !m.is_capture && m.rook_move_count == 0);
    CHECK_STR(pdtl_of(game), INITIAL_PDTL); /* reading plays nothing */
    /* The listed move is the same value. */
    cescacs_move_list *list = legal(game);
    cescacs_move listed = get_move(list, find_long(list, "E7-E13"));
    CHECK(move_eq(m, listed));
    cescacs_move_list_free(list);

    CHECK_OK(cescacs_game_play_move(game, &m));
    CHECK_STR(pdtl_of(game), AFTER_E7_E13);
    CHECK_OK(cescacs_game_undo(game));

    /* Any field different: not a legal move, the game unchanged. */
    cescacs_move bad = m;
    bad.is_capture = true;
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_ERROR_STARTS("the move E7-E13 (kind 0) is not a legal move in ");
    bad = m;
    bad.kind = 99;
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    bad = m;
    bad.to = hex("E15");
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    bad = m;
    bad.rook_moves[0].to = hex("E9");
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    /* Any bytes at all (an out-of-range kind, a flag byte that is not 0 or
       1, hexes off the board) are read safely and refused. */
    memset(&bad, 0xAB, sizeof bad);
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    bad = m;
    memset(&bad.is_capture, 7, 1);
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_STR(pdtl_of(game), INITIAL_PDTL);

    /* Parse errors, as play_ctl / play_long: nothing written. */
    cescacs_move out;
    memset(&out, 0x5A, sizeof out);
    unsigned char pattern[sizeof out];
    memcpy(pattern, &out, sizeof out);
    CHECK_RC(cescacs_game_parse_ctl(game, "E7-", &out), CESCACS_RESULT_BAD_MOVE_TEXT);
    CHECK_RC(cescacs_game_parse_ctl(game, "E7-E15", &out), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_RC(cescacs_game_parse_long(game, "Q1-E13", &out), CESCACS_RESULT_BAD_MOVE_TEXT);
    CHECK_RC(cescacs_game_parse_long(game, "E7-E15", &out), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_RC(cescacs_game_parse_ctl(game, "E7-E1\xff", &out), CESCACS_RESULT_INVALID_UTF8);
    CHECK_RC(cescacs_game_parse_ctl(game, NULL, &out), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_parse_long(NULL, "E7-E13", &out), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_parse_long(game, "E7-E13", NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "move_out is NULL");
    CHECK(memcmp(pattern, &out, sizeof out) == 0);
    CHECK_RC(cescacs_game_play_move(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "mv is NULL");
    CHECK_RC(cescacs_game_play_move(NULL, &m), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(pdtl_of(game), INITIAL_PDTL);
    cescacs_game_free(game);

    /* A double castling by name, played as a value. */
    game = game_from(KINGS_AND_ROOKS);
    CHECK_OK(cescacs_game_parse_ctl(game, "KRR-HIH", &m));
    CHECK(m.kind == CESCACS_MOVE_KIND_DOUBLE_CASTLING && m.rook_move_count == 2);
    CHECK_OK(cescacs_game_parse_long(game, "G1-H6+C3-H8+I3-I7", &l));
    CHECK(move_eq(m, l)); /* the same castling, by its hexes */
    bad = m;
    bad.rook_move_count = 1; /* the same King move, one rook fewer */
    CHECK_RC(cescacs_game_play_move(game, &bad), CESCACS_RESULT_ILLEGAL_MOVE);
    CHECK_OK(cescacs_game_play_move(game, &m));
    CHECK_STR(pdtl_of(game), "/27:1k/25:r3/8:4R2/7:5R2/6:4K2/ b -rk - 1 1");
    cescacs_game_free(game);

    /* After the end: GAME_OVER before anything else; reading still reads
       the position (mate: no legal move to name). */
    game = game_from(MATE);
    memset(&m, 0, sizeof m);
    CHECK_RC(cescacs_game_play_move(game, &m), CESCACS_RESULT_GAME_OVER);
    CHECK_RC(cescacs_game_parse_long(game, "G25-G23", &out), CESCACS_RESULT_ILLEGAL_MOVE);
    cescacs_game_free(game);
}

/* The hexes of an answer as names separated by spaces (static buffer). */
static const char *names_of(const cescacs_hex *hexes, size_t n) {
    static char text[CESCACS_HEX_COUNT * CESCACS_HEX_TEXT_MAX];
    size_t at = 0;
    text[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char name[CESCACS_HEX_TEXT_MAX];
        CHECK_OK(cescacs_hex_write(hexes[i], name, sizeof name, NULL));
        at += (size_t)snprintf(text + at, sizeof text - at, "%s%s", i ? " " : "", name);
    }
    return text;
}

typedef cescacs_result (*hexes_fn)(const cescacs_game *, uint32_t, cescacs_hex, cescacs_hex *, size_t, size_t *);

static cescacs_result attacks_fn(const cescacs_game *g, uint32_t c, cescacs_hex h, cescacs_hex *b, size_t l,
                                 size_t *n) {
    (void)c;
    return cescacs_game_attacks(g, h, b, l, n);
}
static cescacs_result attacked_fn(const cescacs_game *g, uint32_t c, cescacs_hex h, cescacs_hex *b, size_t l,
                                  size_t *n) {
    (void)h;
    return cescacs_game_attacked_hexes(g, c, b, l, n);
}
static cescacs_result checkers_fn(const cescacs_game *g, uint32_t c, cescacs_hex h, cescacs_hex *b, size_t l,
                                  size_t *n) {
    (void)c;
    (void)h;
    return cescacs_game_checkers(g, b, l, n);
}

/* Calls `f` the documented ways (size query, a buffer one short, an exact
   buffer, a full one) and returns the names of its hexes. */
static const char *hex_set(hexes_fn f, const cescacs_game *game, uint32_t color, const char *at) {
    cescacs_hex h = at ? hex(at) : hex("F14");
    size_t n = SIZE_MAX;
    cescacs_result rc = f(game, color, h, NULL, 0, &n);
    CHECK(n <= CESCACS_HEX_COUNT);
    if (n > CESCACS_HEX_COUNT) return "";
    CHECK(rc == (n == 0 ? CESCACS_RESULT_OK : CESCACS_RESULT_BUFFER_TOO_SMALL));
    cescacs_hex full[CESCACS_HEX_COUNT + 1];
    memset(full, 0xEE, sizeof full);
    size_t count = SIZE_MAX;
    CHECK_OK(f(game, color, h, full, CESCACS_HEX_COUNT, &count));
    CHECK(count == n);
    CHECK(full[n].column == 0xEE && full[n].line == 0xEE); /* nothing beyond */
    if (n > 0) {
        cescacs_hex small[CESCACS_HEX_COUNT];
        memset(small, 0xEE, sizeof small);
        count = SIZE_MAX;
        CHECK_RC(f(game, color, h, small, n - 1, &count), CESCACS_RESULT_BUFFER_TOO_SMALL);
        CHECK(count == n);
        CHECK(small[0].column == 0xEE); /* untouched */
        cescacs_hex exact[CESCACS_HEX_COUNT];
        CHECK_OK(f(game, color, h, exact, n, &count));
        CHECK(memcmp(exact, full, n * sizeof *exact) == 0);
    }
    return names_of(full, n);
}

static bool attacked(const cescacs_game *game, uint32_t by, const char *at) {
    bool out = false;
    CHECK_OK(cescacs_game_is_attacked(game, by, hex(at), &out));
    return out;
}

static bool pinned(const cescacs_game *game, uint32_t color, const char *at) {
    bool out = false;
    CHECK_OK(cescacs_game_is_pinned(game, color, hex(at), &out));
    return out;
}

void test_threats(void) {
    const uint32_t W = CESCACS_COLOR_WHITE, B = CESCACS_COLOR_BLACK;
    CHECK(CESCACS_HEX_COUNT == 169);

    /* An Elephant attacks two steps forward only through an empty hex
       (core/tests/attacks.rs). */
    cescacs_game *game = game_from("/27:1k/14:3E3/1:1K/ w -- - 0 1");
    CHECK_STR(hex_set(attacks_fn, game, W, "F14"), "E11 G11 F16 E17 G17 F18");
    CHECK_STR(hex_set(attacks_fn, game, W, "F20"), ""); /* an empty hex */
    CHECK(attacked(game, W, "F18") && !attacked(game, B, "F18"));
    cescacs_game_free(game);
    game = game_from("/27:1k/16:3p3/14:3E3/1:1K/ w -- - 0 1");
    CHECK_STR(hex_set(attacks_fn, game, W, "F14"), "E11 G11 F16 E17 G17");
    CHECK_STR(hex_set(attacks_fn, game, W, "F16"), "E13 G13"); /* a Black pawn attacks down */
    cescacs_game_free(game);

    /* A King's Leap is not an attack. */
    game = game_from("/27:1k/1:1K/ w -k - 0 1");
    CHECK(!attacked(game, B, "E23") && !attacked(game, B, "F22") && !attacked(game, B, "H22"));
    CHECK(attacked(game, B, "G25") && !attacked(game, W, "G25"));
    cescacs_game_free(game);

    /* A Black Elephant on G5 attacks G1 through G3: the Knight is pinned. */
    game = game_from("/27:1k/5:3e2/3:2N1/1:1K/ w -- - 0 1");
    CHECK_STR(hex_set(cescacs_game_pin, game, W, "G3"), "G3 G5");
    CHECK(pinned(game, W, "G3"));
    CHECK_STR(hex_set(cescacs_game_pin, game, B, "G5"), ""); /* the pinner */
    CHECK(!pinned(game, B, "G5") && !pinned(game, W, "G1") && !pinned(game, W, "F14"));
    CHECK_STR(hex_set(attacks_fn, game, W, "G5"), "F2 H2 G3 F8 H8");
    CHECK_STR(hex_set(cescacs_game_attackers, game, B, "G3"), "G5");
    CHECK_STR(hex_set(cescacs_game_attackers, game, B, "G1"), "");
    CHECK_STR(hex_set(checkers_fn, game, W, NULL), "");
    cescacs_game_free(game);

    /* A Rook pin along the G column: the ray from G3 up to the Rook on G25. */
    game = game_from("/25:k1r1/3:2R1/1:1K/ w -- - 0 1");
    CHECK_STR(hex_set(cescacs_game_pin, game, W, "G3"), "G3 G5 G7 G9 G11 G13 G15 G17 G19 G21 G23 G25");
    cescacs_game_free(game);

    /* A double check by a Knight and a Rook. */
    game = game_from("/27:1k/13:4r3/6:3n3/1:1K/ w -- - 0 1");
    CHECK_STR(hex_set(checkers_fn, game, W, NULL), "F6 G13");
    CHECK_STR(hex_set(cescacs_game_attackers, game, B, "G1"), "F6 G13");
    bool check = false;
    CHECK_OK(cescacs_game_is_check(game, &check));
    CHECK(check && attacked(game, B, "G1"));
    cescacs_game_free(game);

    /* The initial position: the two sides' maps are mirror images, and
       is_attacked agrees with the maps on every hex. */
    game = game_from(INITIAL_PDTL);
    CHECK_STR(hex_set(checkers_fn, game, W, NULL), "");
    cescacs_hex white[CESCACS_HEX_COUNT], black[CESCACS_HEX_COUNT];
    size_t nw = 0, nb = 0;
    CHECK_OK(cescacs_game_attacked_hexes(game, W, white, CESCACS_HEX_COUNT, &nw));
    CHECK_OK(cescacs_game_attacked_hexes(game, B, black, CESCACS_HEX_COUNT, &nb));
    CHECK(nw == nb && nw > 40 && nw < CESCACS_HEX_COUNT);
    (void)hex_set(attacked_fn, game, W, NULL);
    size_t seen_w = 0, seen_b = 0;
    for (uint8_t c = 0; c < 15; c++) {
        for (uint8_t line = 0; line < 29; line++) {
            cescacs_hex h = {c, line}, m = {c, (uint8_t)(28 - line)};
            if (!cescacs_hex_is_valid(h)) continue;
            bool by_w = false, by_b = false, mirror = false;
            CHECK_OK(cescacs_game_is_attacked(game, W, h, &by_w));
            CHECK_OK(cescacs_game_is_attacked(game, B, h, &by_b));
            CHECK_OK(cescacs_game_is_attacked(game, B, m, &mirror));
            CHECK(by_w == mirror);
            int in_w = 0, in_b = 0;
            for (size_t i = 0; i < nw; i++) in_w |= white[i].column == c && white[i].line == line;
            for (size_t i = 0; i < nb; i++) in_b |= black[i].column == c && black[i].line == line;
            CHECK(in_w == by_w && in_b == by_b);
            seen_w += by_w;
            seen_b += by_b;
        }
    }
    CHECK(seen_w == nw && seen_b == nb);
    /* Board order: by line, then by column. */
    for (size_t i = 1; i < nw; i++) {
        CHECK(white[i - 1].line < white[i].line ||
              (white[i - 1].line == white[i].line && white[i - 1].column < white[i].column));
    }

    /* Errors: nothing written (the count only with BUFFER_TOO_SMALL). */
    cescacs_hex buf[4];
    memset(buf, 0xEE, sizeof buf);
    size_t n = 12345;
    bool flag = true;
    cescacs_hex bad = {7, 13}, far = {200, 3};
    CHECK_RC(cescacs_game_is_attacked(game, 2, hex("F14"), &flag), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_STR(cescacs_last_error(), "by is 2, not a cescacs_color (CESCACS_COLOR_WHITE 0 or CESCACS_COLOR_BLACK 1)");
    CHECK_RC(cescacs_game_is_attacked(game, W, bad, &flag), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_is_attacked(NULL, W, hex("F14"), &flag), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_is_attacked(game, W, hex("F14"), NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_is_pinned(game, 0xFFFFFFFFu, hex("F14"), &flag), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_STR(cescacs_last_error(),
              "color is 4294967295, not a cescacs_color (CESCACS_COLOR_WHITE 0 or CESCACS_COLOR_BLACK 1)");
    CHECK_RC(cescacs_game_is_pinned(game, W, far, &flag), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_is_pinned(NULL, W, hex("F14"), &flag), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_is_pinned(game, W, hex("F14"), NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK(flag);
    CHECK_RC(cescacs_game_attackers(game, 2, hex("F14"), buf, 4, &n), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_attackers(game, W, bad, buf, 4, &n), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_attackers(NULL, W, hex("F14"), buf, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_attackers(game, W, hex("F14"), NULL, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "buf (with a non-zero length) is NULL");
    CHECK_RC(cescacs_game_attackers(game, W, hex("F14"), buf, 4, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "count_out is NULL");
    CHECK_RC(cescacs_game_attacks(game, far, buf, 4, &n), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_attacks(NULL, hex("E7"), buf, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_attacks(game, hex("E7"), buf, 4, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_attacked_hexes(game, 7, buf, 4, &n), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_attacked_hexes(NULL, W, buf, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_attacked_hexes(game, W, NULL, 1, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_checkers(NULL, buf, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_checkers(game, buf, 4, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_checkers(game, NULL, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_pin(game, 2, hex("E7"), buf, 4, &n), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_game_pin(game, W, bad, buf, 4, &n), CESCACS_RESULT_BAD_HEX);
    CHECK_RC(cescacs_game_pin(NULL, W, hex("E7"), buf, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_pin(game, W, hex("E7"), buf, 4, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK(n == 12345);
    for (int i = 0; i < 4; i++) CHECK(buf[i].column == 0xEE && buf[i].line == 0xEE);
    /* Too small: only the count. */
    CHECK_RC(cescacs_game_attacked_hexes(game, W, buf, 4, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == nw);
    for (int i = 0; i < 4; i++) CHECK(buf[i].column == 0xEE && buf[i].line == 0xEE);
    /* An empty answer fits any buffer, even none. */
    n = 12345;
    CHECK_OK(cescacs_game_checkers(game, NULL, 0, &n));
    CHECK(n == 0);
    cescacs_game_free(game);
}
