/*
 * C API tests: Game records (CTL-PGN): the real games, writing and reading back,
 * hashes, repetition, several games in one text, errors with their place.
 */

#include "api.h"

#define GAMES_DIR "tests/data/games/"
/* tests/data/games.jsonl, the last position of 2022-08-14.1 (ply 100). */
#define FINAL_2022_08_14_1                                                                        \
    "/25:2nN/24:3ep/23:p2ekp/22:2r1p2/21:4p3/20:3p3/19:5p2/18:1j5/17:jn6/16:2e4/14:1NPE3/13:2p5/" \
    "11:2P5/8:3P3/7:4P3/6:2G1P2/5:2vEPP/4:3EP/2:1V1/1:1K/ w -- - 3 51"
/* The mate of 2020-07-20 and 2022-08-14.2 (ply 69) is MATE. */
#define FOOLS_MATE                                                                                \
    DEFAULT_TAGS("0-3") "[Title \"Fool's mate\"]\n1. H6-H12 ?!, I23-I19 ?!\n"                       \
    "2. JF6-C15 ?!, GH26-Z11 ?!\n3. L5-L7, NG25-L17 ?!\n4. EH4-H8 ??, GZ11-L5\n"                    \
    "5. I5-I9 ??, NL17-G9\n6. K4-K10 ??, GL5-H6#\n0-3\n"

/* The whole file, NUL-terminated, in a malloc'd buffer (NULL on failure). */
static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "  cannot open %s (run from the repository root)\n", path);
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *text = malloc(cap);
    while (text != NULL) {
        n += fread(text + n, 1, cap - n - 1, f);
        if (n < cap - 1) break;
        char *bigger = realloc(text, cap * 2);
        if (bigger == NULL) {
            free(text);
            text = NULL;
        } else {
            text = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (text != NULL) text[n] = '\0';
    return text;
}

static cescacs_game *game_from_file(const char *name) {
    char path[256];
    snprintf(path, sizeof path, GAMES_DIR "%s", name);
    char *text = read_file(path);
    CHECK(text != NULL);
    if (text == NULL) return NULL;
    cescacs_game *game = game_from_pgn(text);
    free(text);
    return game;
}

static cescacs_outcome outcome_of(const cescacs_game *game) {
    cescacs_outcome o;
    memset(&o, 0xAB, sizeof o);
    CHECK_OK(cescacs_game_outcome(game, &o));
    return o;
}

static uint64_t hash_of(const cescacs_game *game) {
    uint64_t h = 0;
    CHECK_OK(cescacs_game_zobrist_hash(game, &h));
    return h;
}

static bool repetition(const cescacs_game *game, uint32_t count) {
    bool b = false;
    CHECK_OK(cescacs_game_is_repetition(game, count, &b));
    return b;
}

static bool claimable(const cescacs_game *game) {
    bool b = true;
    CHECK_OK(cescacs_game_can_claim_draw(game, &b));
    return b;
}

static size_t repetition_count(const cescacs_game *game) {
    size_t n = 0;
    CHECK_OK(cescacs_game_repetition_count(game, &n));
    return n;
}

static void play_all(cescacs_game *game, const char *const *moves, size_t n) {
    for (size_t i = 0; i < n; i++) CHECK_OK(cescacs_game_play_ctl(game, moves[i]));
}

struct game_file {
    const char *name;
    size_t plies;
    cescacs_winner winner;
    const char *stated; /* the result the file states */
    const char *last;   /* the last move in canonical CTL-AN */
};

static const struct game_file GAME_FILES[5] = {
    {"2020-07-20.ctl-pgn", 69, CESCACS_WINNER_WHITE, "0-3", "DC19-E25#"},
    {"2022-08-14.1.ctl-pgn", 100, CESCACS_WINNER_BLACK, "0-3", "VD10-E5#"},
    {"2022-08-14.2.ctl-pgn", 69, CESCACS_WINNER_WHITE, "3-0", "DC19-E25#"},
    {"2023-09-11.ctl-pgn", 113, CESCACS_WINNER_WHITE, "3-0", "VD26-G27#"},
    {"2023-09-18.ctl-pgn", 133, CESCACS_WINNER_WHITE, "3-0", "VF28-F22#"},
};

void test_pgn_real_games_replay_to_mate(void) {
    for (size_t i = 0; i < 5; i++) {
        const struct game_file *f = &GAME_FILES[i];
        cescacs_game *game = game_from_file(f->name);
        if (game == NULL) continue;
        CHECK(plies_of(game) == f->plies);
        /* The record's outcome: mate (2020-07-20 states 0-3, but White mates). */
        cescacs_outcome o = outcome_of(game);
        CHECK(o.termination == CESCACS_TERMINATION_CHECKMATE && o.winner == f->winner);
        CHECK(o.white_points == (f->winner == CESCACS_WINNER_WHITE ? 3 : 0));
        CHECK(o.black_points == (f->winner == CESCACS_WINNER_BLACK ? 3 : 0));
        CHECK_STR(result_of(game), f->stated);
        CHECK_STR(pdtl_at(game, 0), INITIAL_PDTL);
        CHECK_STR(pdtl_at(game, 1), AFTER_E7_E13);
        CHECK_STR(ctl_at(game, 0), "E7-E13");
        CHECK_STR(ctl_at(game, f->plies - 1), f->last);
        char final_pdtl[1024];
        strcpy(final_pdtl, pdtl_of(game));
        CHECK_STR(pdtl_at(game, f->plies), final_pdtl);
        cescacs_move_list *list = legal(game);
        CHECK(len_of(list) == 0);
        cescacs_move_list_free(list);
        /* Every move read can be taken back (checked on a clone, down to
           the start position). */
        size_t history = 99;
        CHECK_OK(cescacs_game_history_len(game, &history));
        CHECK(history == f->plies);
        {
            cescacs_game *back = NULL;
            CHECK_OK(cescacs_game_clone(game, &back));
            for (size_t ply = f->plies; ply > 0; ply--) {
                CHECK_OK(cescacs_game_undo(back));
                CHECK_STR(pdtl_of(back), pdtl_at(game, ply - 1));
            }
            CHECK_RC(cescacs_game_undo(back), CESCACS_RESULT_NOTHING_TO_UNDO);
            CHECK_STR(pdtl_of(back), INITIAL_PDTL);
            CHECK_STR(result_of(back), "*");
            cescacs_game_free(back);
        }
        CHECK(plies_of(game) == f->plies);
        /* The game is over: no move may follow. */
        CHECK_RC(cescacs_game_play_ctl(game, "E7-E9"), CESCACS_RESULT_GAME_OVER);
        CHECK(plies_of(game) == f->plies);

        /* Replaying the moves one by one in a new game visits every position
           and reaches the same mate; its result is the rules' one. */
        cescacs_game *replay = NULL;
        CHECK_OK(cescacs_game_new(&replay));
        for (size_t ply = 0; ply < f->plies; ply++) {
            char before[1024];
            strcpy(before, pdtl_at(game, ply));
            CHECK_STR(pdtl_of(replay), before);
            cescacs_move m, r;
            memset(&m, 0xAB, sizeof m);
            memset(&r, 0xCD, sizeof r);
            CHECK_OK(cescacs_game_move_at(game, ply, &m));
            CHECK_OK(cescacs_game_play_ctl(replay, ctl_at(game, ply)));
            CHECK_OK(cescacs_game_move_at(replay, ply, &r));
            CHECK(move_eq(m, r));
        }
        CHECK_STR(pdtl_of(replay), final_pdtl);
        CHECK(plies_of(replay) == f->plies);
        history = 0;
        CHECK_OK(cescacs_game_history_len(replay, &history));
        CHECK(history == f->plies);
        cescacs_outcome ro = outcome_of(replay);
        CHECK(ro.termination == o.termination && ro.winner == o.winner);
        CHECK(ro.white_points == o.white_points && ro.black_points == o.black_points);
        CHECK_STR(result_of(replay), f->winner == CESCACS_WINNER_WHITE ? "3-0" : "0-3");
        CHECK(hash_of(replay) == hash_of(game));
        cescacs_game_free(replay);
        cescacs_game_free(game);
    }

    /* Two final positions from tests/data/games.jsonl. */
    cescacs_game *game = game_from_file("2020-07-20.ctl-pgn");
    CHECK_STR(pdtl_at(game, 69), MATE);
    CHECK_STR(pdtl_at(game, 2), "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:4p3/20:3p3/15:3p4/"
                                "13:3P4/8:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr "
                                "E15@17-19 0 2");
    CHECK_STR(tag_of(game, "Event"), "CG");
    CHECK_STR(tag_of(game, "Date"), "2020-07-20");
    CHECK_STR(tag_of(game, "Result"), "0-3");
    cescacs_game_free(game);
    game = game_from_file("2022-08-14.1.ctl-pgn");
    CHECK_STR(pdtl_at(game, 100), FINAL_2022_08_14_1);
    CHECK_STR(pdtl_of(game), FINAL_2022_08_14_1);
    CHECK_STR(tag_of(game, "White"), "Ros, Xus");
    CHECK_STR(tag_of(game, "Annotator"), "Cescacs"); /* the first of three */
    cescacs_game_free(game);
}

void test_pgn_write_read_write(void) {
    for (size_t i = 0; i < 5; i++) {
        cescacs_game *game = game_from_file(GAME_FILES[i].name);
        if (game == NULL) continue;
        char *text = pgn_of(game);
        cescacs_game *again = game_from_pgn(text);
        char *text2 = pgn_of(again);
        CHECK_STR(text2, text);
        CHECK(plies_of(again) == GAME_FILES[i].plies);
        CHECK_STR(result_of(again), GAME_FILES[i].stated);
        free(text2);
        free(text);
        cescacs_game_free(again);
        cescacs_game_free(game);
    }
    /* A canonical text is written back byte for byte: tags, assessments, mate. */
    cescacs_game *game = game_from_pgn(FOOLS_MATE);
    char *text = pgn_of(game);
    CHECK_STR(text, FOOLS_MATE);
    free(text);
    CHECK(plies_of(game) == 12);
    CHECK_STR(tag_of(game, "Title"), "Fool's mate");
    CHECK_STR(ctl_at(game, 11), "GL5-H6#");
    cescacs_outcome o = outcome_of(game);
    CHECK(o.termination == CESCACS_TERMINATION_CHECKMATE && o.winner == CESCACS_WINNER_BLACK);
    cescacs_game_free(game);

    /* Games made from a position: a PDTL tag and the rules' result. */
    game = game_from(MATE);
    text = pgn_of(game);
    CHECK_STR(text, DEFAULT_TAGS("3-0") "[PDTL \"" MATE "\"]\n3-0\n");
    cescacs_game *again = game_from_pgn(text);
    CHECK_STR(pdtl_of(again), MATE);
    CHECK(plies_of(again) == 0);
    free(text);
    cescacs_game_free(again);
    cescacs_game_free(game);
    CHECK_OK(cescacs_game_new(&game));
    text = pgn_of(game);
    CHECK_STR(text, DEFAULT_TAGS("*") "*\n");
    free(text);
    /* A new game has the roster at its defaults. */
    CHECK_STR(tag_of(game, "Event"), "?");
    CHECK_RC(cescacs_game_tag(game, "Annotator", NULL, 0, NULL), CESCACS_RESULT_NOT_FOUND);
    cescacs_game_free(game);
}

/* The name of tag line `k` (0-based) of a written record, in `name` (room for 32); "" past the tags. */
static const char *tag_line_name(const char *text, size_t k, char name[32]) {
    name[0] = '\0';
    const char *line = text;
    for (size_t i = 0; i < k && line != NULL; i++) {
        line = strchr(line, '\n');
        if (line != NULL) line++;
    }
    if (line == NULL || line[0] != '[') return name;
    size_t n = strcspn(line + 1, " ");
    if (n > 31) n = 31;
    memcpy(name, line + 1, n);
    name[n] = '\0';
    return name;
}

/* What a minimal reader relies on (NOTATION.md §6.7, §6.2): the Variant tag first, the Seven
   Tag Roster in order, a Result tag equal to the result line, PDTL last; a record with another
   Variant is refused as bad PGN at the tag; one without tags is read. */
void test_pgn_written_tags_follow_the_spec(void) {
    static const char *const roster[8] = {"Variant", "Event", "Site", "Date", "Round", "White", "Black", "Result"};
    char name[32];
    cescacs_game *game = game_from_pgn("[Annotator \"me\"]\n[White \"A\"]\n1. E7-E13\n3-0\n");
    char *text = pgn_of(game);
    CHECK(strncmp(text, "[Variant \"C'escacs\"]\n", strlen("[Variant \"C'escacs\"]\n")) == 0);
    for (size_t k = 0; k < 8; k++) CHECK_STR(tag_line_name(text, k, name), roster[k]);
    CHECK_STR(tag_line_name(text, 8, name), "Annotator");
    CHECK_STR(tag_line_name(text, 9, name), "");
    CHECK(strstr(text, "\n[White \"A\"]\n") != NULL);
    CHECK(strstr(text, "\n[Result \"3-0\"]\n") != NULL);
    CHECK(strlen(text) > 5 && strcmp(text + strlen(text) - 5, "\n3-0\n") == 0);
    free(text);
    cescacs_game_free(game);

    /* A game from a position: PDTL is the last tag. */
    game = game_from(KINGS_AND_ROOKS);
    CHECK_OK(cescacs_game_set_tag(game, "Annotator", "me"));
    CHECK_OK(cescacs_game_play_ctl(game, "RC3-C5"));
    text = pgn_of(game);
    for (size_t k = 0; k < 8; k++) CHECK_STR(tag_line_name(text, k, name), roster[k]);
    CHECK_STR(tag_line_name(text, 8, name), "Annotator");
    CHECK_STR(tag_line_name(text, 9, name), "PDTL");
    CHECK_STR(tag_line_name(text, 10, name), "");
    cescacs_game *again = game_from_pgn(text);
    char *text2 = pgn_of(again);
    CHECK_STR(text2, text);
    free(text2);
    free(text);
    cescacs_game_free(again);
    cescacs_game_free(game);

    /* Another variant is refused where its tag is; no Variant tag reads as C'escacs. */
    game = NULL;
    CHECK_RC(cescacs_game_from_pgn("[Event \"x\"]\n[Variant \"Chess\"]\n1. E7-E13\n*\n", &game), CESCACS_RESULT_BAD_PGN);
    CHECK(game == NULL);
    CHECK_STR(cescacs_last_error(), "line 2, column 1: unsupported variant \"Chess\" (this reader handles \"C'escacs\")");
    size_t line = 0, column = 0;
    CHECK(cescacs_last_error_location(&line, &column) && line == 2 && column == 1);
    game = game_from_pgn("1. E7-E13\n*\n");
    CHECK_STR(tag_of(game, "Variant"), "C'escacs");
    cescacs_game_free(game);
}

void test_pgn_moves_played_through_the_handle(void) {
#define TAGS_T(result)                                                                            \
    "[Variant \"C'escacs\"]\n[Event \"t\"]\n[Site \"?\"]\n[Date \"\?\?\?\?-\?\?-\?\?\"]\n[Round \"?\"]\n"      \
    "[White \"?\"]\n[Black \"?\"]\n[Result \"" result "\"]\n"
    const char *record = TAGS_T("1-1") "1. E7-E13, E21-E15\n{ @B: offers a draw }\n1-1\n{ agreed }\n";
    cescacs_game *game = game_from_pgn(record);
    char *text = pgn_of(game);
    CHECK_STR(text, record);
    free(text);
    CHECK_STR(result_of(game), "1-1");
    cescacs_outcome o = outcome_of(game);
    CHECK(o.termination == CESCACS_TERMINATION_NONE);
    /* Play on: the move joins the record, the stated draw no longer holds. */
    CHECK_OK(cescacs_game_play_long(game, "F8-F12"));
    CHECK(plies_of(game) == 3);
    size_t history = 0;
    CHECK_OK(cescacs_game_history_len(game, &history));
    CHECK(history == 3);
    CHECK_STR(ctl_at(game, 2), "F8-F12");
    CHECK_STR(pdtl_at(game, 3), pdtl_of(game));
    CHECK_STR(result_of(game), "*");
    text = pgn_of(game);
    CHECK_STR(text, TAGS_T("*") "1. E7-E13, E21-E15\n{ @B: offers a draw }\n2. F8-F12\n*\n{ agreed }\n");
    free(text);
    /* A clone has the same record. */
    cescacs_game *copy = NULL;
    CHECK_OK(cescacs_game_clone(game, &copy));
    CHECK_OK(cescacs_game_play_ctl(copy, "F20-F16"));
    text = pgn_of(copy);
    CHECK_STR(text, TAGS_T("*") "1. E7-E13, E21-E15\n{ @B: offers a draw }\n2. F8-F12, F20-F16\n*\n"
                    "{ agreed }\n");
    free(text);
    CHECK(plies_of(game) == 3 && plies_of(copy) == 4);
    cescacs_game_free(copy);
    /* Undo goes on into the moves read, to the start; a stated result
       applied to the moves as read only (the core's policy), so it stays
       the rules' one. */
    CHECK_OK(cescacs_game_undo(game));
    CHECK(plies_of(game) == 2);
    CHECK_STR(result_of(game), "*");
    text = pgn_of(game);
    CHECK_STR(text, TAGS_T("*") "1. E7-E13, E21-E15\n{ @B: offers a draw }\n*\n{ agreed }\n");
#undef TAGS_T
    free(text);
    CHECK_OK(cescacs_game_undo(game));
    CHECK_OK(cescacs_game_undo(game));
    CHECK_RC(cescacs_game_undo(game), CESCACS_RESULT_NOTHING_TO_UNDO);
    CHECK(plies_of(game) == 0);
    CHECK_STR(pdtl_of(game), INITIAL_PDTL);
    cescacs_game_free(game);

    /* A record with a PDTL start and Black to move: moves played are numbered on. */
    game = game_from_pgn("[PDTL \"" FULL_B "\"]\n*\n");
    CHECK_OK(cescacs_game_play_ctl(game, "KRR-HIH"));
    text = pgn_of(game);
    CHECK_STR(text, DEFAULT_TAGS("*") "[PDTL \"" FULL_B "\"]\n1. \xe2\x80\xa6, KRR-HIH\n*\n");
    free(text);
    cescacs_move m;
    CHECK_OK(cescacs_game_move_at(game, 0, &m));
    CHECK(m.kind == CESCACS_MOVE_KIND_DOUBLE_CASTLING && m.rook_move_count == 2);
    CHECK_STR(pdtl_at(game, 0), FULL_B);
    cescacs_game_free(game);
}

void test_zobrist_hash_transpositions(void) {
    static const char *const order_a[] = {"NG3-I7", "NG25-I21", "NE3-C7", "NE25-C21"};
    static const char *const order_b[] = {"NE3-C7", "NG25-I21", "NG3-I7", "NE25-C21"};
    static const char *const there_and_back[] = {"NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"};
    cescacs_game *a = game_from(INITIAL_PDTL), *b = game_from(INITIAL_PDTL), *c = NULL;
    CHECK_OK(cescacs_game_new(&c));
    uint64_t initial = hash_of(c);
    CHECK(hash_of(a) == initial);
    play_all(a, order_a, 4);
    play_all(b, order_b, 4);
    CHECK(hash_of(a) == hash_of(b));
    CHECK_STR(pdtl_of(a), pdtl_of(b));
    CHECK(hash_of(a) != initial);
    /* Knights out and back: the initial position again (the clocks differ,
       the repetition identity does not). */
    play_all(c, there_and_back, 4);
    CHECK(hash_of(c) == initial);
    CHECK(strcmp(pdtl_of(c), INITIAL_PDTL) != 0);
    CHECK(repetition_count(c) == 2);
    /* Different positions on the way. */
    uint64_t seen[5];
    cescacs_game *d = NULL;
    CHECK_OK(cescacs_game_new(&d));
    seen[0] = hash_of(d);
    for (size_t i = 0; i < 4; i++) {
        CHECK_OK(cescacs_game_play_ctl(d, order_a[i]));
        seen[i + 1] = hash_of(d);
        for (size_t k = 0; k <= i; k++) CHECK(seen[k] != seen[i + 1]);
    }
    CHECK(seen[4] == hash_of(a));
    /* The side to move is part of it; undo gives the hash back. */
    CHECK_OK(cescacs_game_undo(b));
    CHECK(hash_of(b) != hash_of(a) && hash_of(b) == seen[3]);
    /* The two records that end in the same mate. */
    cescacs_game *x = game_from_file("2020-07-20.ctl-pgn");
    cescacs_game *y = game_from_file("2022-08-14.2.ctl-pgn");
    cescacs_game *z = game_from_file("2022-08-14.1.ctl-pgn");
    cescacs_game *mate = game_from(MATE);
    CHECK(hash_of(x) == hash_of(y) && hash_of(x) == hash_of(mate));
    CHECK(hash_of(x) != hash_of(z));
    cescacs_game_free(mate);
    cescacs_game_free(z);
    cescacs_game_free(y);
    cescacs_game_free(x);
    cescacs_game_free(d);
    cescacs_game_free(c);
    cescacs_game_free(b);
    cescacs_game_free(a);
}

void test_fivefold_repetition(void) {
    static const char *const shuffle[] = {"NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"};
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    CHECK(repetition_count(game) == 1);
    CHECK(repetition(game, 1) && !repetition(game, 2));
    CHECK(!claimable(game));
    for (size_t round = 1; round <= 4; round++) {
        /* Mid-round: a new position for the first time. */
        CHECK_OK(cescacs_game_play_ctl(game, shuffle[0]));
        CHECK(repetition_count(game) == round); /* NG3-I7 itself recurs too */
        CHECK_OK(cescacs_game_play_ctl(game, shuffle[1]));
        CHECK_OK(cescacs_game_play_ctl(game, shuffle[2]));
        CHECK_OK(cescacs_game_play_ctl(game, shuffle[3]));
        size_t count = round + 1;
        CHECK(repetition_count(game) == count);
        CHECK(repetition(game, 3) == (count >= 3));
        CHECK(repetition(game, 5) == (count >= 5));
        CHECK(repetition(game, 0) && repetition(game, 1));
        /* Threefold and fourfold may be claimed; the fifth time ends the game. */
        CHECK(claimable(game) == (count == 3 || count == 4));
        cescacs_outcome o = outcome_of(game);
        if (count < 5) {
            CHECK(o.termination == CESCACS_TERMINATION_NONE && o.winner == CESCACS_WINNER_NONE);
            CHECK(o.white_points == 0 && o.black_points == 0);
            CHECK_STR(result_of(game), "*");
        } else {
            CHECK(o.termination == CESCACS_TERMINATION_FIVEFOLD_REPETITION);
            CHECK(o.winner == CESCACS_WINNER_NONE && o.white_points == 1 && o.black_points == 1);
            CHECK_STR(result_of(game), "1-1");
        }
    }
    CHECK(plies_of(game) == 16);
    char *text = pgn_of(game);
    CHECK_STR(text, DEFAULT_TAGS("1-1") "1. NG3-I7, NG25-I21\n2. NI7-G3, NI21-G25\n3. NG3-I7, NG25-I21\n4. NI7-G3, NI21-G25\n"
                    "5. NG3-I7, NG25-I21\n6. NI7-G3, NI21-G25\n7. NG3-I7, NG25-I21\n8. NI7-G3, NI21-G25\n1-1\n");
    /* The written record reads back as a fivefold repetition. */
    cescacs_game *again = game_from_pgn(text);
    free(text);
    cescacs_outcome o = outcome_of(again);
    CHECK(o.termination == CESCACS_TERMINATION_FIVEFOLD_REPETITION);
    CHECK(repetition_count(again) == 5 && !claimable(again));
    cescacs_game_free(again);
    /* The game is over: a further move is refused and changes nothing. */
    CHECK_RC(cescacs_game_play_ctl(game, "NG3-I7"), CESCACS_RESULT_GAME_OVER);
    CHECK(strstr(cescacs_last_error(), "the game is over") != NULL);
    CHECK(plies_of(game) == 16);
    o = outcome_of(game);
    CHECK(o.termination == CESCACS_TERMINATION_FIVEFOLD_REPETITION);
    CHECK(!claimable(game));
    /* Undo goes back before the fifth time. */
    CHECK_OK(cescacs_game_undo(game));
    o = outcome_of(game);
    CHECK(o.termination == CESCACS_TERMINATION_NONE);
    CHECK(repetition_count(game) == 4 && claimable(game));
    CHECK_OK(cescacs_game_play_ctl(game, "NI21-G25"));
    o = outcome_of(game);
    CHECK(o.termination == CESCACS_TERMINATION_FIVEFOLD_REPETITION);
    cescacs_game_free(game);

    /* The fifty-move claim: halfmove clock 100 in a position of no repetition. */
    game = game_from("/27:1k/3:R2R/1:1K/ w -- - 100 90");
    CHECK(claimable(game) && !repetition(game, 2));
    cescacs_game_free(game);
}

/* Every game of a multi-game text: counted, then read into an array of
   handles, each equal to the game read alone; errors name their line. */
void test_games_from_pgn(void) {
    const char *text = "[Event \"a\"]\n1. E7-E13, E21-E15\n*\n"
                       "1. H6-H12\n"
                       "[Event \"c\"]\n1. E7-E13\n3-0\n"
                       "1. I5-I9\n*\n";
    size_t count = 0;
    /* The size query, as for every buffer of the API: BUFFER_TOO_SMALL and the count. */
    CHECK_RC(cescacs_games_from_pgn(text, NULL, 0, &count), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 4);
    cescacs_game *games[4] = {NULL, NULL, NULL, NULL};
    size_t needed = 0;
    CHECK_RC(cescacs_games_from_pgn(text, games, 2, &needed), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(needed == 4 && games[0] == NULL && games[1] == NULL);
    CHECK_OK(cescacs_games_from_pgn(text, games, 4, &count));
    CHECK(count == 4);
    const size_t plies[4] = {2, 1, 1, 1};
    for (size_t i = 0; i < 4; i++) {
        CHECK(games[i] != NULL && plies_of(games[i]) == plies[i]);
    }
    CHECK_STR(tag_of(games[2], "Event"), "c");
    CHECK_STR(result_of(games[2]), "3-0");
    /* Each handle is a whole game: taken back to its start, on its own. */
    CHECK_OK(cescacs_game_undo(games[0]));
    CHECK_OK(cescacs_game_undo(games[0]));
    CHECK_RC(cescacs_game_undo(games[0]), CESCACS_RESULT_NOTHING_TO_UNDO);
    CHECK(plies_of(games[1]) == 1);
    for (size_t i = 0; i < 4; i++) cescacs_game_free(games[i]);
    /* An error in the third game: BAD_PGN at its line, nothing written. */
    cescacs_game *none[4] = {NULL, NULL, NULL, NULL};
    CHECK_RC(cescacs_games_from_pgn("1. E7-E13\n*\n1. H6-H12\n*\n1. E7-E15\n*\n", none, 4, &count),
             CESCACS_RESULT_BAD_PGN);
    size_t line = 0, column = 0;
    CHECK(cescacs_last_error_location(&line, &column));
    CHECK(line == 5 && column == 4);
    CHECK(none[0] == NULL);
    CHECK_RC(cescacs_games_from_pgn(text, NULL, 1, &count), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_games_from_pgn(text, games, 4, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_games_from_pgn(NULL, games, 4, &count), CESCACS_RESULT_NULL_POINTER);
    CHECK_OK(cescacs_games_from_pgn("", NULL, 0, &count));
    CHECK(count == 0);
}

void test_bad_pgn(void) {
    char *text = read_file(GAMES_DIR "2022-08-14.1.ctl-pgn");
    CHECK(text != NULL);
    if (text == NULL) return;
    /* Line 15, "3. D6-D12, E15xD12": Black's capture made a plain move. */
    char *at = strstr(text, "E15\xc3\x97" "D12");
    CHECK(at != NULL);
    if (at != NULL) at[7] = '4';
    cescacs_game *out = (cescacs_game *)(uintptr_t)0x1234;
    CHECK_RC(cescacs_game_from_pgn(text, &out), CESCACS_RESULT_BAD_PGN);
    CHECK(out == (cescacs_game *)(uintptr_t)0x1234);
    CHECK_STR(cescacs_last_error(), "line 15, column 12: move 3 of Black: move \"E15\xc3\x97" "D14\": the separator "
                                    "says a capture, but the move is a move without capture");
    size_t line = 0, column = 0;
    CHECK(cescacs_last_error_location(&line, &column));
    CHECK(line == 15 && column == 12);
    CHECK(cescacs_last_error_location(NULL, NULL));
    free(text);

    struct {
        const char *text;
        size_t line, column;
        const char *message;
    } cases[] = {
        /* Columns count characters: the x of E13xF16 is two bytes. */
        {"1. E7-E13, E21-E15\n2. F8-F12, F20-F16\n3. E13\xc3\x97" "F16, E15\xc3\x97" "F13\n", 3, 13,
         "line 3, column 13: move 3 of Black: move \"E15\xc3\x97" "F13\": invalid hex \"F13\": not a hex of the board"},
        {"[Event \"x\"]\n1. E7-E13, E21-E15\n2. F8-F12 {open\n", 3, 11,
         "line 3, column 11: comment opened here is never closed (missing '}')"},
        {"[Event \"x\"\n1. E7-E13\n", 1, 11, "line 1, column 11: bad tag: expected ']' after the tag value"},
        {"", 1, 1, "line 1, column 1: the text holds no game"},
        {"1. E7-E13\n*\n[Event \"two\"]\n1. E7-E13\n*\n", 3, 1,
         "line 3, column 1: a second game starts here; expected a single game"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        out = (cescacs_game *)(uintptr_t)0x1234;
        CHECK_RC(cescacs_game_from_pgn(cases[i].text, &out), CESCACS_RESULT_BAD_PGN);
        CHECK(out == (cescacs_game *)(uintptr_t)0x1234);
        CHECK_STR(cescacs_last_error(), cases[i].message);
        line = column = 0;
        CHECK(cescacs_last_error_location(&line, &column));
        CHECK(line == cases[i].line && column == cases[i].column);
    }
    /* Errors without a place in a text: no location, nothing written. */
    line = column = 77;
    CHECK_RC(cescacs_game_from_pgn("1. E7-E13\xff\n", &out), CESCACS_RESULT_INVALID_UTF8);
    CHECK_ERROR_STARTS("pgn is not valid UTF-8 (invalid byte at offset 9)");
    CHECK(!cescacs_last_error_location(&line, &column));
    CHECK(line == 77 && column == 77);
    CHECK_RC(cescacs_game_from_pgn("1. E7-E13\n*\n[Event", &out), CESCACS_RESULT_BAD_PGN);
    CHECK_ERROR_STARTS("line 3, column 7: bad tag: the tag value must be in double quotes");
    CHECK(cescacs_last_error_location(NULL, &column) && column == 7);
    CHECK_RC(cescacs_game_from_pdtl("x", &out), CESCACS_RESULT_BAD_PDTL);
    CHECK(!cescacs_last_error_location(&line, &column));
    CHECK(line == 77 && column == 7);
    CHECK(out == (cescacs_game *)(uintptr_t)0x1234);
}

void test_game_record_error_paths(void) {
    cescacs_game *game = game_from_pgn(FOOLS_MATE);
    cescacs_game *game_out = (cescacs_game *)(uintptr_t)0x1234;
    char buf[64] = "untouched";
    size_t n = 77;
    bool flag = true;
    uint64_t h = 77;
    cescacs_move m;
    memset(&m, 0xAB, sizeof m);

    /* NULL pointers. */
    CHECK_RC(cescacs_game_from_pgn(NULL, &game_out), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "pgn is NULL");
    CHECK_RC(cescacs_game_from_pgn(FOOLS_MATE, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "game_out is NULL");
    CHECK(game_out == (cescacs_game *)(uintptr_t)0x1234);
    CHECK_RC(cescacs_game_write_pgn(NULL, buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "game is NULL");
    CHECK_RC(cescacs_game_write_pgn(game, NULL, 10, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "buf (with a non-zero length) is NULL");
    CHECK_RC(cescacs_game_result(NULL, buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_result(game, NULL, 4, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_tag(NULL, "Title", buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_tag(game, NULL, buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "name is NULL");
    CHECK_RC(cescacs_game_tag(game, "Title", NULL, 10, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_ply_count(NULL, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_ply_count(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "count_out is NULL");
    CHECK_RC(cescacs_game_move_at(NULL, 0, &m), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_move_at(game, 0, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "move_out is NULL");
    CHECK_RC(cescacs_game_move_ctl_at(NULL, 0, buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_move_ctl_at(game, 0, NULL, 8, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_pdtl_at(NULL, 0, buf, sizeof buf, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_pdtl_at(game, 0, NULL, 8, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_zobrist_hash(NULL, &h), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_zobrist_hash(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "hash_out is NULL");
    CHECK_RC(cescacs_game_repetition_count(NULL, &n), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_repetition_count(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_is_repetition(NULL, 3, &flag), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_is_repetition(game, 3, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "repetition_out is NULL");
    CHECK_RC(cescacs_game_can_claim_draw(NULL, &flag), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_game_can_claim_draw(game, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "claim_out is NULL");
    CHECK(!cescacs_last_error_location(&n, NULL));

    /* Plies out of range: moves 0..11, positions 0..12. */
    size_t bad_moves[] = {12, 13, SIZE_MAX};
    for (size_t i = 0; i < sizeof bad_moves / sizeof *bad_moves; i++) {
        CHECK_RC(cescacs_game_move_at(game, bad_moves[i], &m), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
        CHECK_RC(cescacs_game_move_ctl_at(game, bad_moves[i], buf, sizeof buf, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
        if (bad_moves[i] != 12) {
            CHECK_RC(cescacs_game_pdtl_at(game, bad_moves[i], buf, sizeof buf, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
        }
    }
    CHECK_RC(cescacs_game_pdtl_at(game, 13, buf, sizeof buf, &n), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_STR(cescacs_last_error(), "ply 13 is out of range: the game has positions 0 to 12");
    CHECK_RC(cescacs_game_move_at(game, 12, &m), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_STR(cescacs_last_error(), "ply 12 is out of range: the game has 12 moves");
    /* No such tag; a tag name that is not UTF-8. */
    CHECK_RC(cescacs_game_tag(game, "Annotator", buf, sizeof buf, &n), CESCACS_RESULT_NOT_FOUND);
    CHECK_STR(cescacs_last_error(), "the game has no tag \"Annotator\"");
    CHECK_RC(cescacs_game_tag(game, "PDTL", buf, sizeof buf, &n), CESCACS_RESULT_NOT_FOUND);
    CHECK_RC(cescacs_game_tag(game, "title", buf, sizeof buf, &n), CESCACS_RESULT_NOT_FOUND);
    CHECK_RC(cescacs_game_tag(game, "Titl\xc3", buf, sizeof buf, &n), CESCACS_RESULT_INVALID_UTF8);
    CHECK_ERROR_STARTS("name is not valid UTF-8");

    /* Nothing was written. */
    CHECK_STR(buf, "untouched");
    CHECK(n == 77 && flag && h == 77 && m.rook_move_count == 0xAB);

    /* Buffers too small: untouched, the needed length reported. */
    char *text = pgn_of(game);
    size_t need = strlen(text);
    char *small = malloc(need + 1);
    CHECK(small != NULL);
    if (small != NULL) {
        memset(small, 'x', need + 1);
        CHECK_RC(cescacs_game_write_pgn(game, small, need, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
        CHECK(n == need);
        for (size_t i = 0; i < need + 1; i++) CHECK(small[i] == 'x');
        CHECK_OK(cescacs_game_write_pgn(game, small, need + 1, NULL));
        CHECK_STR(small, text);
        free(small);
    }
    free(text);
    char rbuf[4] = "ab";
    CHECK_RC(cescacs_game_result(game, rbuf, 3, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == 3);
    CHECK_STR(rbuf, "ab");
    CHECK_RC(cescacs_game_result(game, NULL, 0, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK_OK(cescacs_game_result(game, rbuf, 4, &n));
    CHECK_STR(rbuf, "0-3");
    CHECK(n == 3);
    char tbuf[12] = "ab";
    CHECK_RC(cescacs_game_tag(game, "Title", tbuf, 11, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == 11); /* "Fool's mate" */
    CHECK_STR(tbuf, "ab");
    CHECK_RC(cescacs_game_tag(game, "Title", NULL, 0, NULL), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK_OK(cescacs_game_tag(game, "Title", tbuf, 12, &n));
    CHECK_STR(tbuf, "Fool's mate");
    char mbuf[CESCACS_MOVE_TEXT_MAX] = "ab";
    CHECK_RC(cescacs_game_move_ctl_at(game, 11, mbuf, 7, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == 7); /* "GL5-H6#" */
    CHECK_STR(mbuf, "ab");
    CHECK_OK(cescacs_game_move_ctl_at(game, 11, mbuf, 8, &n));
    CHECK_STR(mbuf, "GL5-H6#");
    CHECK_RC(cescacs_game_pdtl_at(game, 0, mbuf, sizeof mbuf, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == strlen(INITIAL_PDTL));
    CHECK_STR(mbuf, "GL5-H6#");
    CHECK_RC(cescacs_game_pdtl_at(game, 12, NULL, 0, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(n == strlen(pdtl_of(game)));

    /* The game is unchanged. */
    CHECK(plies_of(game) == 12);
    CHECK_STR(result_of(game), "0-3");
    cescacs_game_free(game);
}
