/*
 * The engine from C: a search within limits, its best move (played back by
 * index), score and principal variation, determinism at a fixed depth, the
 * node limit, MultiPV's lines, strength levels, the evaluations (hand-written, network, a
 * network file refused), a stop from another thread, a game on the
 * clock and a table that cannot be allocated. Run by scripts/test-c.sh plainly, under
 * valgrind and with -fsanitize=address,undefined.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

/* A real game (examples/cpp/front/tests/session.txt) before Black's mate GL5-H6#. */
static const char *const BEFORE_MATE[] = {"H6-H12", "I23-I19", "JF6-C15", "GH26-Z11", "L5-L7",  "NG25-L17",
                                          "EH4-H8", "GZ11-L5", "I5-I9",   "NL17-G9",  "K4-K10"};
#define BEFORE_MATE_LEN (sizeof BEFORE_MATE / sizeof BEFORE_MATE[0])

static cescacs_game *game_before_mate(void) {
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    for (size_t i = 0; i < BEFORE_MATE_LEN; i++) CHECK_OK(cescacs_game_play_ctl(game, BEFORE_MATE[i]));
    return game;
}

static void test_bad_arguments(void) {
    cescacs_engine *engine = NULL;
    CHECK_RC(cescacs_engine_new(0, 1, &engine), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_ERROR_STARTS("hash_mb must be 1..65536, not 0");
    CHECK_RC(cescacs_engine_new(1, 0, &engine), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_engine_new(1, 1, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK(engine == NULL);
    CHECK_OK(cescacs_engine_new(1, 1, &engine));
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    cescacs_search_limits limits = {2, 0, 0};
    cescacs_search_result result;
    CHECK_RC(cescacs_engine_search(engine, game, NULL, &result), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_engine_search(engine, NULL, &limits, &result), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_engine_search(NULL, game, &limits, &result), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_engine_search(engine, game, &limits, NULL), CESCACS_RESULT_NULL_POINTER);
    size_t n = 99;
    CHECK_RC(cescacs_engine_pv(engine, NULL, 0, &n), CESCACS_RESULT_NOT_FOUND);
    CHECK_ERROR_STARTS("the engine has not searched yet");
    CHECK_RC(cescacs_engine_stop(NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_OK(cescacs_engine_stop(engine)); /* no search running: nothing happens */
    cescacs_game_free(game);
    cescacs_engine_free(engine);
    cescacs_engine_free(NULL);
}

static void test_mate_in_one_is_found_and_played_by_index(void) {
    cescacs_engine *engine = NULL;
    CHECK_OK(cescacs_engine_new(4, 1, &engine));
    cescacs_game *game = game_before_mate();
    cescacs_search_limits limits = {2, 0, 0};
    cescacs_search_result r;
    CHECK_OK(cescacs_engine_search(engine, game, &limits, &r));
    CHECK(r.has_move);
    CHECK(r.score_kind == CESCACS_SCORE_KIND_MATE);
    CHECK(r.score == 1);
    CHECK(r.depth == 2);
    CHECK(r.pv_len == 1);
    CHECK(strlen(r.best_ctl) > 0 && r.best_ctl[strlen(r.best_ctl) - 1] == '#');
    char pv[256];
    size_t pv_len = 0;
    CHECK_OK(cescacs_engine_pv_text(engine, pv, sizeof pv, &pv_len));
    CHECK_STR(pv, r.best_ctl);
    cescacs_move moves[4];
    size_t count = 0;
    CHECK_RC(cescacs_engine_pv(engine, NULL, 0, &count), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 1);
    CHECK_OK(cescacs_engine_pv(engine, moves, 4, &count));
    CHECK(count == 1);
    CHECK(moves[0].kind == r.best_move.kind && moves[0].role == r.best_move.role);
    CHECK(moves[0].from.column == r.best_move.from.column && moves[0].from.line == r.best_move.from.line);
    CHECK(moves[0].to.column == r.best_move.to.column && moves[0].to.line == r.best_move.to.line);

    cescacs_move_list *list = NULL;
    CHECK_OK(cescacs_game_legal_moves(game, &list));
    CHECK_OK(cescacs_game_play(game, list, r.best_index));
    cescacs_move_list_free(list);
    cescacs_outcome outcome;
    CHECK_OK(cescacs_game_outcome(game, &outcome));
    CHECK(outcome.termination == CESCACS_TERMINATION_CHECKMATE);
    CHECK(outcome.black_points == 3);

    /* The mated side has no move. */
    CHECK_OK(cescacs_engine_search(engine, game, &limits, &r));
    CHECK(!r.has_move);
    CHECK(r.score_kind == CESCACS_SCORE_KIND_MATE && r.score == 0);
    CHECK(r.pv_len == 0);
    CHECK_STR(r.best_ctl, "");
    cescacs_game_free(game);
    cescacs_engine_free(engine);
}

static void test_fixed_depth_is_deterministic_and_node_limit_exact(void) {
    cescacs_engine *engine = NULL;
    CHECK_OK(cescacs_engine_new(8, 1, &engine));
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    CHECK_OK(cescacs_game_play_ctl(game, "E7-E13"));
    cescacs_search_limits limits = {3, 0, 0};
    cescacs_search_result a, b;
    CHECK_OK(cescacs_engine_search(engine, game, &limits, &a));
    CHECK_OK(cescacs_engine_new_game(engine));
    CHECK_OK(cescacs_engine_search(engine, game, &limits, &b));
    CHECK(a.has_move && a.depth == 3);
    CHECK(a.best_index == b.best_index && a.score == b.score && a.nodes == b.nodes && a.pv_len == b.pv_len);
    CHECK_STR(a.best_ctl, b.best_ctl);

    cescacs_search_limits nodes = {0, 777, 0};
    CHECK_OK(cescacs_engine_search(engine, game, &nodes, &a));
    CHECK(a.nodes == 777);
    CHECK(a.has_move);
    cescacs_game_free(game);
    cescacs_engine_free(engine);
}

/* A score as a number that orders as the engine orders scores. */
static long rank(const cescacs_pv_line *l) {
    if (l->score_kind == CESCACS_SCORE_KIND_CP) return l->score;
    return l->score > 0 ? 1000000L - l->score : -1000000L - l->score;
}

static void test_multipv_lines(void) {
    cescacs_engine *engine = NULL;
    CHECK_OK(cescacs_engine_new(4, 1, &engine));
    CHECK_RC(cescacs_engine_set_multipv(engine, 0), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_ERROR_STARTS("multipv must be 1..500, not 0");
    CHECK_RC(cescacs_engine_set_multipv(engine, CESCACS_MULTIPV_MAX + 1), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_engine_set_multipv(NULL, 3), CESCACS_RESULT_NULL_POINTER);
    size_t count = 99;
    CHECK_RC(cescacs_engine_lines(engine, NULL, 0, &count), CESCACS_RESULT_NOT_FOUND);
    CHECK_OK(cescacs_engine_set_multipv(engine, 3));
    cescacs_game *game = game_before_mate();
    cescacs_search_limits limits = {3, 0, 0};
    cescacs_search_result r;
    CHECK_OK(cescacs_engine_search(engine, game, &limits, &r));
    CHECK_RC(cescacs_engine_lines(engine, NULL, 0, &count), CESCACS_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 3);
    cescacs_pv_line lines[3];
    CHECK_OK(cescacs_engine_lines(engine, lines, 3, &count));
    /* The first line is the search's answer: the mate in one. */
    CHECK(lines[0].score_kind == CESCACS_SCORE_KIND_MATE && lines[0].score == 1);
    CHECK(lines[0].first_index == r.best_index && lines[0].pv_len == r.pv_len);
    CHECK_STR(lines[0].first_ctl, r.best_ctl);
    /* Distinct root moves, best first. */
    CHECK(lines[0].first_index != lines[1].first_index && lines[1].first_index != lines[2].first_index &&
          lines[0].first_index != lines[2].first_index);
    CHECK(rank(&lines[0]) >= rank(&lines[1]) && rank(&lines[1]) >= rank(&lines[2]));
    for (size_t i = 0; i < 3; i++) {
        char text[512];
        size_t n = 0;
        CHECK_OK(cescacs_engine_line_pv_text(engine, i, text, sizeof text, &n));
        CHECK(strncmp(text, lines[i].first_ctl, strlen(lines[i].first_ctl)) == 0);
        cescacs_move moves[64];
        CHECK_OK(cescacs_engine_line_pv(engine, i, moves, 64, &n));
        CHECK(n == lines[i].pv_len && n >= 1);
    }
    char text[8];
    CHECK_RC(cescacs_engine_line_pv_text(engine, 3, text, sizeof text, NULL), CESCACS_RESULT_NOT_FOUND);
    CHECK_ERROR_STARTS("the last search has 3 lines, not a line 3");
    /* The line the search played is played back by its index. */
    cescacs_move_list *list = NULL;
    CHECK_OK(cescacs_game_legal_moves(game, &list));
    CHECK_OK(cescacs_game_play(game, list, lines[0].first_index));
    cescacs_move_list_free(list);
    cescacs_outcome outcome;
    CHECK_OK(cescacs_game_outcome(game, &outcome));
    CHECK(outcome.termination == CESCACS_TERMINATION_CHECKMATE);
    cescacs_game_free(game);
    cescacs_engine_free(engine);
}

typedef struct {
    const cescacs_engine *engine;
    cescacs_result rc;
} stopper;

/* Levels: checked bounds; level 0 plays legal, varied first moves (one per
 * seed) within its node budget; level 20 is the plain search; an Elo picks a
 * level, and each level's Elo is the ladder's, climbing from CESCACS_ELO_MIN
 * to CESCACS_ELO_MAX. */
static void test_skill_levels(void) {
    cescacs_engine *engine = NULL;
    CHECK_OK(cescacs_engine_new(1, 1, &engine));
    uint32_t level = 99;
    CHECK_OK(cescacs_engine_skill(engine, &level));
    CHECK(level == CESCACS_SKILL_MAX);
    CHECK_RC(cescacs_engine_set_skill(engine, CESCACS_SKILL_MAX + 1, 0), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_ERROR_STARTS("Skill Level must be 0..20, not 21");
    CHECK_RC(cescacs_engine_set_elo(engine, CESCACS_ELO_MIN - 1, 0), CESCACS_RESULT_BAD_ARGUMENT);
    char elo_error[64];
    snprintf(elo_error, sizeof elo_error, "UCI_Elo must be %u..%u, not %u", (unsigned)CESCACS_ELO_MIN,
             (unsigned)CESCACS_ELO_MAX, (unsigned)CESCACS_ELO_MIN - 1);
    CHECK_ERROR_STARTS(elo_error);
    CHECK_RC(cescacs_engine_set_skill(NULL, 3, 0), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_engine_skill(engine, NULL), CESCACS_RESULT_NULL_POINTER);
    uint32_t elo = 0, below = 0;
    for (uint32_t l = 0; l <= CESCACS_SKILL_MAX; l++) {
        CHECK_OK(cescacs_skill_elo(l, &elo));
        CHECK(l == 0 ? elo == CESCACS_ELO_MIN : elo > below);
        below = elo;
    }
    CHECK(elo == CESCACS_ELO_MAX);
    CHECK_RC(cescacs_skill_elo(CESCACS_SKILL_MAX + 1, &elo), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_ERROR_STARTS("Skill Level must be 0..20, not 21");
    CHECK(elo == CESCACS_ELO_MAX);
    CHECK_RC(cescacs_skill_elo(3, NULL), CESCACS_RESULT_NULL_POINTER);
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    cescacs_search_limits limits = {6, 0, 0};
    cescacs_search_result r;
    size_t seen[64];
    size_t distinct = 0;
    for (uint64_t seed = 0; seed < 24; seed++) {
        CHECK_OK(cescacs_engine_set_skill(engine, 0, seed));
        CHECK_OK(cescacs_engine_new_game(engine));
        CHECK_OK(cescacs_engine_search(engine, game, &limits, &r));
        CHECK(r.has_move && r.nodes <= 7937);
        size_t k = 0;
        while (k < distinct && seen[k] != r.best_index) k++;
        if (k == distinct) seen[distinct++] = r.best_index;
    }
    CHECK(distinct >= 3); /* level 0 chooses among four lines */
    /* Level 20: the plain search, node for node. */
    cescacs_search_result plain;
    CHECK_OK(cescacs_engine_set_skill(engine, CESCACS_SKILL_MAX, 0));
    CHECK_OK(cescacs_engine_new_game(engine));
    cescacs_search_limits three = {3, 0, 0};
    CHECK_OK(cescacs_engine_search(engine, game, &three, &r));
    cescacs_engine *fresh = NULL;
    CHECK_OK(cescacs_engine_new(1, 1, &fresh));
    CHECK_OK(cescacs_engine_search(fresh, game, &three, &plain));
    CHECK(r.nodes == plain.nodes && r.best_index == plain.best_index && r.score == plain.score);
    CHECK_OK(cescacs_engine_set_elo(engine, CESCACS_ELO_MIN, 0));
    CHECK_OK(cescacs_engine_skill(engine, &level));
    CHECK(level == 0);
    CHECK_OK(cescacs_engine_set_elo(engine, CESCACS_ELO_MAX, 0));
    CHECK_OK(cescacs_engine_skill(engine, &level));
    CHECK(level == CESCACS_SKILL_MAX);
    cescacs_engine_free(fresh);
    cescacs_game_free(game);
    cescacs_engine_free(engine);
}

/* Evaluations: the network built in (an engine's default) and the
 * hand-written one; a network file that cannot be read is refused and the
 * engine keeps its network; NULL restores the built-in one. */
static void test_evaluations(void) {
    cescacs_engine *engine = NULL;
    CHECK_OK(cescacs_engine_new(1, 1, &engine));
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    int32_t hand = 1, net = 0, again = 1;
    CHECK_OK(cescacs_engine_static_eval(engine, game, &net));
    CHECK(net > -200 && net < 200);
    CHECK_OK(cescacs_engine_set_use_nnue(engine, false));
    CHECK_OK(cescacs_engine_static_eval(engine, game, &hand));
    CHECK(hand == 0); /* the initial position is symmetric */
    CHECK_OK(cescacs_engine_set_use_nnue(engine, true));
    CHECK_OK(cescacs_engine_static_eval(engine, game, &again));
    CHECK(again == net);
    CHECK_RC(cescacs_engine_load_network(engine, "/nonexistent/net.nnue"), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_ERROR_STARTS("/nonexistent/net.nnue: cannot read network file");
    char path[] = "/tmp/cescacs-test-net-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    CHECK(write(fd, "CESNNUE", 8) == 8);
    close(fd);
    CHECK_RC(cescacs_engine_load_network(engine, path), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK(strstr(cescacs_last_error(), "truncated network file") != NULL);
    unlink(path);
    CHECK_OK(cescacs_engine_static_eval(engine, game, &again));
    CHECK(again == net);
    CHECK_OK(cescacs_engine_load_network(engine, NULL));
    cescacs_search_limits two = {2, 0, 0};
    cescacs_search_result r;
    CHECK_OK(cescacs_engine_search(engine, game, &two, &r));
    CHECK(r.has_move && r.depth == 2);
    CHECK_RC(cescacs_engine_set_use_nnue(NULL, true), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_engine_static_eval(engine, NULL, &net), CESCACS_RESULT_NULL_POINTER);
    CHECK_RC(cescacs_engine_static_eval(engine, game, NULL), CESCACS_RESULT_NULL_POINTER);
    cescacs_game_free(game);
    cescacs_engine_free(engine);
}

static void *stop_later(void *arg) {
    stopper *s = arg;
    struct timespec t = {0, 200 * 1000 * 1000};
    nanosleep(&t, NULL);
    s->rc = cescacs_engine_stop(s->engine);
    return NULL;
}

static void test_stop_from_another_thread(void) {
    cescacs_engine *engine = NULL;
    CHECK_OK(cescacs_engine_new(8, 1, &engine));
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    stopper s = {engine, CESCACS_RESULT_PANIC};
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, stop_later, &s) == 0);
    cescacs_search_limits forever = {0, 0, 0};
    cescacs_search_result r;
    CHECK_OK(cescacs_engine_search(engine, game, &forever, &r));
    pthread_join(thread, NULL);
    CHECK(s.rc == CESCACS_RESULT_OK);
    CHECK(r.has_move);
    CHECK(r.depth >= 1 && r.depth < 127);
    CHECK(r.time_ms >= 150);
    cescacs_game_free(game);
    cescacs_engine_free(engine);
}

static uint64_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

/* Twenty plies of self-play at 3 s + 10 ms a move, each search charged its
 * wall time: no clock runs out. */
static void test_a_game_on_the_clock(void) {
    cescacs_engine *engine = NULL;
    CHECK_OK(cescacs_engine_new(8, 1, &engine));
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_new(&game));
    cescacs_search_limits none = {0, 0, 0};
    cescacs_search_result r;
    CHECK_RC(cescacs_engine_search_clock(engine, game, &none, NULL, &r), CESCACS_RESULT_NULL_POINTER);
    int64_t left[2] = {3000, 3000};
    for (int ply = 0; ply < 20; ply++) {
        cescacs_clock clock = {(uint64_t)left[0], (uint64_t)left[1], 10, 10, 0};
        uint64_t start = now_ms();
        CHECK_OK(cescacs_engine_search_clock(engine, game, &none, &clock, &r));
        int side = ply % 2;
        left[side] -= (int64_t)(now_ms() - start);
        CHECK(left[side] > 0);
        left[side] += 10;
        CHECK(r.has_move && r.pv_len >= 1);
        CHECK_OK(cescacs_game_play_ctl(game, r.best_ctl));
    }
    /* A side with no time left still gets a searched move (the best root
     * move of depth 1 searched before the clock's hard limit). */
    cescacs_clock empty = {0, 0, 0, 0, 0};
    CHECK_OK(cescacs_engine_search_clock(engine, game, &none, &empty, &r));
    CHECK(r.has_move && r.pv_len >= 1);
    cescacs_game_free(game);
    cescacs_engine_free(engine);
}

/* In a child process with a 1 GiB address space, a 64 GiB table is
 * OUT_OF_MEMORY, never an abort, and an engine keeps its table. */
static void test_a_table_that_cannot_be_allocated(void) {
    cescacs_engine *engine = NULL;
    CHECK_OK(cescacs_engine_new(1, 1, &engine));
    CHECK_RC(cescacs_engine_set_hash(engine, 0), CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_RC(cescacs_engine_set_hash(NULL, 1), CESCACS_RESULT_NULL_POINTER);
    CHECK_OK(cescacs_engine_set_hash(engine, 2));
    cescacs_engine_free(engine);
#if defined(__SANITIZE_ADDRESS__)
    /* AddressSanitizer reserves terabytes of address space: no limit fits. */
    return;
#else
    fflush(NULL);
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
        struct rlimit limit = {1ul << 30, 1ul << 30};
        if (setrlimit(RLIMIT_AS, &limit) != 0) _exit(2);
        cescacs_engine *e = NULL;
        if (cescacs_engine_new(65536, 1, &e) != CESCACS_RESULT_OUT_OF_MEMORY || e != NULL) _exit(3);
        if (strncmp(cescacs_last_error(), "cannot allocate a transposition table of 65536 MiB", 50) != 0) _exit(4);
        if (cescacs_engine_new(4, 1, &e) != CESCACS_RESULT_OK) _exit(5);
        if (cescacs_engine_set_hash(e, 65536) != CESCACS_RESULT_OUT_OF_MEMORY) _exit(6);
        cescacs_game *g = NULL;
        cescacs_search_limits depth2 = {2, 0, 0};
        cescacs_search_result r;
        if (cescacs_game_new(&g) != CESCACS_RESULT_OK || cescacs_engine_search(e, g, &depth2, &r) != CESCACS_RESULT_OK || !r.has_move) _exit(7);
        cescacs_game_free(g);
        cescacs_engine_free(e);
        _exit(0);
    }
    int status = 0;
    CHECK(waitpid(pid, &status, 0) == pid);
    if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0)) fprintf(stderr, "child status %d\n", status);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
#endif
}

int main(void) {
    RUN(test_bad_arguments);
    RUN(test_mate_in_one_is_found_and_played_by_index);
    RUN(test_fixed_depth_is_deterministic_and_node_limit_exact);
    RUN(test_multipv_lines);
    RUN(test_skill_levels);
    RUN(test_evaluations);
    RUN(test_stop_from_another_thread);
    RUN(test_a_game_on_the_clock);
    RUN(test_a_table_that_cannot_be_allocated);
    return check_summary();
}
