/*
 * The C API from several threads at once: each thread drives its own game
 * handles (the documented rule: a handle is used by one thread at a time,
 * separate handles need no locking) through deterministic playouts, and
 * provokes errors whose message it reads back (the last error is per
 * thread). Every thread's record must equal the one computed on the main
 * thread alone. Self-play batches made on worker threads from each pthread
 * must equal the single-threaded one. Run by scripts/test-c.sh under valgrind (few threads, short
 * playouts) and with -fsanitize=address,undefined (more of both).
 *
 *   test_threads [THREADS] [PLIES] [SELFPLAY_WORKERS]
 *
 * SELFPLAY_WORKERS (default 2) is the worker threads of each self-play
 * run; helgrind runs it with 1, since it does not know Rust's atomics and
 * reports the runtime's own thread bookkeeping as races.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define MAX_THREADS 64
#define MAX_PLIES 400

/* Start positions: the initial one, a castling study, en passant, a
 * scornful step, a pawn awaiting promotion. */
static const char *const STARTS[] = {
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/"
    "5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1",
    "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1",
    "/27:1k/17:4p3/16:4P2/14:3K3/ w -- G17@19 0 2",
    "/28:v/27:dk/26:gjg/25:rnnr/24:1ejep/23:2ee2/22:1pp4/21:1p2p3/20:3p3/14:1P1pppP/13:3P4/11:2P5/"
    "8:5P1/7:1j2P3/6:1PPJ3/5:2Ep2/4:1EJE1/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr F14 0 23",
    "/28:v/27:dk/26:Pj1/25:1nnr/24:rejep/23:3e2/21:7G/20:1p4J/19:6J1/18:3p3/16:2p4/15:1P6/13:2RP4/"
    "8:3N3/6:3J3/5:p1E3/4:jE1Eg/3:2NR/2:G1K/1:D1/0:V/ b -kr - 0 50",
};
#define STARTS_LEN (sizeof STARTS / sizeof STARTS[0])

/* What one playout saw, ply by ply; equal records mean equal runs. */
typedef struct {
    int ok;                       /* every call returned what it should */
    size_t plies;                 /* moves played */
    size_t moves[MAX_PLIES + 1];  /* legal moves before each ply */
    uint64_t hash[MAX_PLIES + 1]; /* Zobrist hash before each ply */
    uint64_t text_sum;            /* FNV-1a over every PDTL and move text */
    uint64_t perft2;              /* perft 2 of the start position */
    char final_pdtl[1024];
} record;

typedef struct {
    size_t start; /* index into STARTS */
    size_t plies; /* playout length */
    record rec;
} job;

static uint64_t fnv(uint64_t h, const char *s) {
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* One deterministic playout from STARTS[j->start]: move i of each list is
 * chosen from the ply and the list length; every position's texts are
 * hashed; an error is provoked and its message checked on this thread;
 * all moves are then undone through a clone. */
static void playout(job *j) {
    record *r = &j->rec;
    memset(r, 0, sizeof *r);
    r->ok = 1;
    r->text_sum = 1469598103934665603u;
    cescacs_game *game = NULL;
    cescacs_move_list *list = NULL;
    char buf[1024];
    char move_text[CESCACS_MOVE_TEXT_MAX];
    size_t n = 0;
#define EXPECT(call, rc)                      \
    do {                                      \
        if ((call) != (rc)) r->ok = 0;        \
    } while (0)
    EXPECT(cescacs_game_from_pdtl(STARTS[j->start], &game), CESCACS_RESULT_OK);
    if (!game) return;
    EXPECT(cescacs_game_perft(game, 2, &r->perft2), CESCACS_RESULT_OK);
    EXPECT(cescacs_move_list_new(&list), CESCACS_RESULT_OK);
    size_t ply = 0;
    for (; ply < j->plies; ply++) {
        EXPECT(cescacs_game_legal_moves_into(game, list), CESCACS_RESULT_OK);
        EXPECT(cescacs_move_list_len(list, &r->moves[ply]), CESCACS_RESULT_OK);
        EXPECT(cescacs_game_zobrist_hash(game, &r->hash[ply]), CESCACS_RESULT_OK);
        EXPECT(cescacs_game_pdtl(game, buf, sizeof buf, &n), CESCACS_RESULT_OK);
        r->text_sum = fnv(r->text_sum, buf);
        /* A finished game takes no further move (GAME_OVER): stop there. */
        cescacs_outcome outcome;
        EXPECT(cescacs_game_outcome(game, &outcome), CESCACS_RESULT_OK);
        if (outcome.termination != CESCACS_TERMINATION_NONE) break;
        /* An error of this thread's own: its message must be this one. */
        EXPECT(cescacs_game_play_ctl(game, "Z99-Z98"), CESCACS_RESULT_BAD_MOVE_TEXT);
        if (strstr(cescacs_last_error(), "Z99") == NULL) r->ok = 0;
        size_t i = (ply * 7 + 3) % r->moves[ply];
        EXPECT(cescacs_move_list_ctl(list, i, move_text, sizeof move_text, NULL), CESCACS_RESULT_OK);
        r->text_sum = fnv(r->text_sum, move_text);
        /* Alternate between playing from the list and from the text. */
        if (ply % 2 == 0) {
            EXPECT(cescacs_game_play(game, list, i), CESCACS_RESULT_OK);
        } else {
            EXPECT(cescacs_game_play_ctl(game, move_text), CESCACS_RESULT_OK);
        }
        /* The list now belongs to the previous position. */
        EXPECT(cescacs_game_play(game, list, i), CESCACS_RESULT_STALE_MOVE_LIST);
    }
    r->plies = ply;
    EXPECT(cescacs_game_pdtl(game, r->final_pdtl, sizeof r->final_pdtl, &n), CESCACS_RESULT_OK);
    /* Undo everything on a clone: back to the start. */
    cescacs_game *copy = NULL;
    EXPECT(cescacs_game_clone(game, &copy), CESCACS_RESULT_OK);
    for (size_t k = 0; k < r->plies; k++) EXPECT(cescacs_game_undo(copy), CESCACS_RESULT_OK);
    EXPECT(cescacs_game_undo(copy), CESCACS_RESULT_NOTHING_TO_UNDO);
    EXPECT(cescacs_game_pdtl(copy, buf, sizeof buf, &n), CESCACS_RESULT_OK);
    cescacs_game *start = NULL;
    char start_pdtl[1024];
    EXPECT(cescacs_game_from_pdtl(STARTS[j->start], &start), CESCACS_RESULT_OK);
    EXPECT(cescacs_game_pdtl(start, start_pdtl, sizeof start_pdtl, &n), CESCACS_RESULT_OK);
    if (strcmp(buf, start_pdtl) != 0) r->ok = 0;
    cescacs_game_free(start);
    cescacs_game_free(copy);
    cescacs_move_list_free(list);
    cescacs_game_free(game);
#undef EXPECT
}

static void *worker(void *arg) {
    playout((job *)arg);
    return NULL;
}

static int records_equal(const record *a, const record *b) {
    if (a->ok != b->ok || a->plies != b->plies || a->text_sum != b->text_sum || a->perft2 != b->perft2) return 0;
    if (strcmp(a->final_pdtl, b->final_pdtl) != 0) return 0;
    for (size_t i = 0; i < a->plies; i++) {
        if (a->moves[i] != b->moves[i] || a->hash[i] != b->hash[i]) return 0;
    }
    return 1;
}

static size_t threads = 4;
static size_t plies = 60;
static size_t selfplay_workers = 2;
static job single[STARTS_LEN];

/* The reference: every start position's playout on the main thread. */
static void test_single_thread_reference(void) {
    for (size_t s = 0; s < STARTS_LEN; s++) {
        single[s].start = s;
        single[s].plies = plies;
        playout(&single[s]);
        CHECK(single[s].rec.ok);
        CHECK(single[s].rec.plies > 0);
    }
    /* The initial position: 68 moves, perft 2 = 4612. */
    CHECK(single[0].rec.moves[0] == 68);
    CHECK(single[0].rec.perft2 == 4612);
}

/* The same playouts on `threads` threads at once (each start position on
 * several threads), each equal to the reference. */
static void test_threads_agree_with_single_thread(void) {
    static job jobs[MAX_THREADS];
    pthread_t tids[MAX_THREADS];
    for (size_t t = 0; t < threads; t++) {
        jobs[t].start = t % STARTS_LEN;
        jobs[t].plies = plies;
        CHECK(pthread_create(&tids[t], NULL, worker, &jobs[t]) == 0);
    }
    for (size_t t = 0; t < threads; t++) CHECK(pthread_join(tids[t], NULL) == 0);
    for (size_t t = 0; t < threads; t++) {
        CHECK(jobs[t].rec.ok);
        if (!records_equal(&jobs[t].rec, &single[jobs[t].start].rec)) {
            fprintf(stderr, "thread %zu (start %zu) differs from the single-threaded run\n", t, jobs[t].start);
            check_case_failed = 1;
        }
    }
}

/* The main thread's last error is its own: the workers' errors did not
 * overwrite it. */
static void test_last_error_is_per_thread(void) {
    cescacs_game *game = NULL;
    CHECK_RC(cescacs_game_from_pdtl("not a position", &game), CESCACS_RESULT_BAD_PDTL);
    char mine[512];
    snprintf(mine, sizeof mine, "%s", cescacs_last_error());
    static job jobs[MAX_THREADS];
    pthread_t tids[MAX_THREADS];
    for (size_t t = 0; t < threads; t++) {
        jobs[t].start = t % STARTS_LEN;
        jobs[t].plies = plies < 8 ? plies : 8;
        CHECK(pthread_create(&tids[t], NULL, worker, &jobs[t]) == 0);
    }
    for (size_t t = 0; t < threads; t++) CHECK(pthread_join(tids[t], NULL) == 0);
    CHECK_STR(cescacs_last_error(), mine);
}

/* Self-play on worker threads, started from several pthreads at once (and
 * reading one shared batch, which never changes): every batch holds the
 * games of the single-threaded run. */
#define SELFPLAY_GAMES 8
static cescacs_game_batch *reference;

static int same_batch(const cescacs_game_batch *a, const cescacs_game_batch *b) {
    const uint16_t *ma = NULL, *mb = NULL;
    const uint64_t *oa = NULL, *ob = NULL;
    size_t na = 0, nb = 0, noa = 0, nob = 0;
    if (cescacs_game_batch_moves(a, &ma, &na) != CESCACS_RESULT_OK) return 0;
    if (cescacs_game_batch_moves(b, &mb, &nb) != CESCACS_RESULT_OK) return 0;
    if (cescacs_game_batch_offsets(a, &oa, &noa) != CESCACS_RESULT_OK) return 0;
    if (cescacs_game_batch_offsets(b, &ob, &nob) != CESCACS_RESULT_OK) return 0;
    return na == nb && noa == nob && memcmp(ma, mb, na * sizeof *ma) == 0 && memcmp(oa, ob, noa * sizeof *oa) == 0;
}

static void *selfplay_worker(void *arg) {
    int *ok = arg;
    cescacs_game_batch *batch = NULL;
    *ok = cescacs_selfplay(SELFPLAY_GAMES, plies, 11, 0, selfplay_workers, NULL, &batch) == CESCACS_RESULT_OK && same_batch(batch, reference);
    cescacs_batch_game info;
    if (cescacs_game_batch_info(reference, SELFPLAY_GAMES - 1, &info) != CESCACS_RESULT_OK) *ok = 0;
    cescacs_game_batch_free(batch);
    return NULL;
}

static void test_selfplay_on_threads_agrees(void) {
    CHECK_OK(cescacs_selfplay(SELFPLAY_GAMES, plies, 11, 0, 1, NULL, &reference));
    static int ok[MAX_THREADS];
    pthread_t tids[MAX_THREADS];
    for (size_t t = 0; t < threads; t++) CHECK(pthread_create(&tids[t], NULL, selfplay_worker, &ok[t]) == 0);
    for (size_t t = 0; t < threads; t++) CHECK(pthread_join(tids[t], NULL) == 0);
    for (size_t t = 0; t < threads; t++) CHECK(ok[t]);
    cescacs_game_batch_free(reference);
}

int main(int argc, char **argv) {
    if (argc > 1) threads = strtoul(argv[1], NULL, 10);
    if (argc > 2) plies = strtoul(argv[2], NULL, 10);
    if (argc > 3) selfplay_workers = strtoul(argv[3], NULL, 10);
    if (threads < 1 || threads > MAX_THREADS || plies < 1 || plies > MAX_PLIES) {
        fprintf(stderr, "usage: test_threads [THREADS 1..%d] [PLIES 1..%d]\n", MAX_THREADS, MAX_PLIES);
        return 2;
    }
    printf("%zu threads, %zu plies, self-play on %zu worker threads\n", threads, plies, selfplay_workers);
    RUN(test_single_thread_reference);
    RUN(test_threads_agree_with_single_thread);
    RUN(test_last_error_is_per_thread);
    RUN(test_selfplay_on_threads_agrees);
    return check_summary();
}
