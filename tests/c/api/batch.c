/*
 * C API tests: game batches. Self-play batches (the moves and offsets lent
 * by the batch, each game rebuilt and replayed, shards of one seed's
 * stream), batches read from CTL-PGN, and their errors.
 */

#include "api.h"

/* On this thread (threads = 1): a run on worker threads started from the
 * program's main thread leaves the Rust runtime's handle of that thread (48
 * bytes), which valgrind counts as possibly lost. test_threads.c runs
 * self-play on worker threads from pthreads. */
static cescacs_game_batch *selfplay(size_t n, size_t max_plies, uint64_t seed, uint64_t first) {
    cescacs_game_batch *batch = NULL;
    CHECK_OK(cescacs_selfplay(n, max_plies, seed, first, 1, NULL, &batch));
    return batch;
}

static size_t batch_len(const cescacs_game_batch *batch) {
    size_t n = SIZE_MAX;
    CHECK_OK(cescacs_game_batch_len(batch, &n));
    return n;
}

static cescacs_batch_game info(const cescacs_game_batch *batch, size_t i) {
    cescacs_batch_game g;
    memset(&g, 0xAB, sizeof g);
    CHECK_OK(cescacs_game_batch_info(batch, i, &g));
    return g;
}

/* The game `i` of a batch as a new handle. */
static cescacs_game *batch_game(const cescacs_game_batch *batch, size_t i) {
    cescacs_game *game = NULL;
    CHECK_OK(cescacs_game_batch_game(batch, i, &game));
    return game;
}

void test_selfplay_batch(void) {
    cescacs_game_batch *batch = selfplay(20, 120, 5, 0);
    CHECK(batch_len(batch) == 20);
    const uint16_t *moves = NULL;
    const uint64_t *offsets = NULL;
    size_t n_moves = 0, n_offsets = 0;
    CHECK_OK(cescacs_game_batch_moves(batch, &moves, &n_moves));
    CHECK_OK(cescacs_game_batch_offsets(batch, &offsets, &n_offsets));
    CHECK(n_offsets == 21);
    CHECK(offsets[0] == 0);
    CHECK(offsets[20] == n_moves);
    uint64_t plies = 0;
    for (size_t i = 0; i < 20; i++) {
        cescacs_batch_game g = info(batch, i);
        CHECK(g.first_move == offsets[i]);
        CHECK(g.plies == offsets[i + 1] - offsets[i]);
        CHECK(g.plies <= 120);
        plies += g.plies;

        /* The rebuilt game has the batch's plies, result and termination,
         * and replaying its moves in a new game reaches the same position. */
        cescacs_game *game = batch_game(batch, i);
        CHECK(plies_of(game) == g.plies);
        cescacs_outcome o;
        CHECK_OK(cescacs_game_outcome(game, &o));
        CHECK(o.termination == g.termination);
        CHECK(o.white_points == g.white_points && o.black_points == g.black_points);
        if (g.termination == CESCACS_TERMINATION_NONE) {
            CHECK(g.plies == 120);
            CHECK_STR(result_of(game), "*");
        }
        cescacs_game *replay = game_from(INITIAL_PDTL);
        for (size_t ply = 0; ply < g.plies; ply++) CHECK_OK(cescacs_game_play_ctl(replay, ctl_at(game, ply)));
        char final[1024];
        snprintf(final, sizeof final, "%s", pdtl_of(game));
        CHECK_STR(pdtl_of(replay), final);
        cescacs_game_free(replay);
        cescacs_game_free(game);
    }
    CHECK(plies == n_moves);

    /* A shard from game 10 of the same stream holds the same games. */
    cescacs_game_batch *shard = selfplay(5, 120, 5, 10);
    const uint16_t *shard_moves = NULL;
    const uint64_t *shard_offsets = NULL;
    size_t n_shard = 0, n_shard_offsets = 0;
    CHECK_OK(cescacs_game_batch_moves(shard, &shard_moves, &n_shard));
    CHECK_OK(cescacs_game_batch_offsets(shard, &shard_offsets, &n_shard_offsets));
    CHECK(n_shard_offsets == 6);
    CHECK(n_shard == offsets[15] - offsets[10]);
    CHECK(n_shard > 0 && memcmp(shard_moves, moves + offsets[10], n_shard * sizeof *moves) == 0);
    uint64_t seed = 0, first = 0;
    CHECK_OK(cescacs_game_batch_origin(shard, &seed, &first));
    CHECK(seed == 5 && first == 10);
    cescacs_game_batch_free(shard);
    cescacs_game_batch_free(batch);
}

void test_selfplay_batch_of_seed_1(void) {
    /* 50 games of seed 1, at most 300 plies: 14,977 plies (as the Rust
     * tests and the research crate's examples/selfplay.rs count them). */
    cescacs_game_batch *batch = NULL;
    CHECK_OK(cescacs_selfplay(50, 300, 1, 0, 1, NULL, &batch));
    const uint64_t *offsets = NULL;
    size_t n = 0;
    CHECK_OK(cescacs_game_batch_offsets(batch, &offsets, &n));
    CHECK(n == 51);
    CHECK(offsets[50] == 14977);
    cescacs_game_batch_free(batch);
}

void test_batch_from_pgn(void) {
    cescacs_pgn_reader *reader = NULL;
    CHECK_OK(cescacs_pgn_reader_from_text(
        "1. E7-E13, E21-E15\n*\n\n[Result \"1-1\"]\n1. H6-H12\n1-1\n\n1. L5-L7\n*\n", &reader));
    cescacs_game_batch *two = NULL, *rest = NULL, *none = NULL;
    CHECK_OK(cescacs_game_batch_read_pgn(reader, 2, &two));
    CHECK_OK(cescacs_game_batch_read_pgn(reader, SIZE_MAX, &rest));
    CHECK_OK(cescacs_game_batch_read_pgn(reader, SIZE_MAX, &none));
    CHECK(batch_len(two) == 2 && batch_len(rest) == 1 && batch_len(none) == 0);
    cescacs_batch_game g = info(two, 1);
    CHECK(g.first_move == 2 && g.plies == 1);
    CHECK(g.termination == CESCACS_TERMINATION_NONE);
    CHECK(g.white_points == 1 && g.black_points == 1);
    cescacs_game *game = batch_game(two, 0);
    CHECK_STR(ctl_at(game, 1), "E21-E15");
    CHECK_STR(result_of(game), "*");
    cescacs_game_free(game);
    game = batch_game(rest, 0);
    CHECK_STR(ctl_at(game, 0), "L5-L7");
    cescacs_game_free(game);
    uint64_t seed = 7, first = 7;
    CHECK_RC(cescacs_game_batch_origin(two, &seed, &first), CESCACS_RESULT_NOT_FOUND);
    CHECK(seed == 7 && first == 7);
    cescacs_game_batch_free(two);
    cescacs_game_batch_free(rest);
    cescacs_game_batch_free(none);
    cescacs_pgn_reader_free(reader);

    /* A bad game: BAD_PGN with its place; the reader goes on after it. */
    CHECK_OK(cescacs_pgn_reader_from_text("1. E7-E13\n*\n\n1. E7-E14\n*\n\n1. H6-H12\n*\n", &reader));
    cescacs_game_batch *batch = NULL;
    CHECK_RC(cescacs_game_batch_read_pgn(reader, SIZE_MAX, &batch), CESCACS_RESULT_BAD_PGN);
    CHECK(batch == NULL);
    size_t line = 0, column = 0;
    CHECK(cescacs_last_error_location(&line, &column));
    CHECK(line == 4 && column == 4);
    CHECK_OK(cescacs_game_batch_read_pgn(reader, SIZE_MAX, &batch));
    CHECK(batch_len(batch) == 1);
    cescacs_game_batch_free(batch);
    cescacs_pgn_reader_free(reader);
}

void test_batch_errors(void) {
    cescacs_game_batch *batch = selfplay(20, 4, 0, 0);
    cescacs_game *game = NULL;
    CHECK_RC(cescacs_game_batch_game(batch, 20, &game), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK_STR(cescacs_last_error(), "game 20 is out of range: the batch has 20 games");
    CHECK(game == NULL);
    cescacs_batch_game g = info(batch, 19), same = g;
    CHECK_RC(cescacs_game_batch_info(batch, SIZE_MAX, &g), CESCACS_RESULT_INDEX_OUT_OF_RANGE);
    CHECK(memcmp(&g, &same, sizeof g) == 0);
    CHECK_RC(cescacs_game_batch_info(NULL, 0, &g), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "batch is NULL");
    const uint16_t *moves = NULL;
    CHECK_RC(cescacs_game_batch_moves(batch, &moves, NULL), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "len_out is NULL");
    CHECK(moves == NULL);
    cescacs_game_batch *other = NULL;
    CHECK_RC(cescacs_selfplay(1, 1, 0, 0, CESCACS_SELFPLAY_MAX_THREADS + 1, NULL, &other),
             CESCACS_RESULT_BAD_ARGUMENT);
    CHECK_STR(cescacs_last_error(), "threads must be 0 (all cores) to 256, not 257");
    CHECK_RC(cescacs_selfplay(1, 1, 0, 0, 1, "/0:K/ w", &other), CESCACS_RESULT_BAD_PDTL);
    CHECK_RC(cescacs_selfplay(1, 1, 0, 0, 1, "\xff", &other), CESCACS_RESULT_INVALID_UTF8);
    CHECK(other == NULL);
    CHECK_RC(cescacs_game_batch_read_pgn(NULL, 1, &other), CESCACS_RESULT_NULL_POINTER);
    CHECK_STR(cescacs_last_error(), "reader is NULL");
    cescacs_game_batch_free(NULL);
    cescacs_game_batch_free(batch);
}
