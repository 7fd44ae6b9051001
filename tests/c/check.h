/* A minimal test harness shared by the C and C++ tests of the C API. */
#ifndef CESCACS_TEST_CHECK_H
#define CESCACS_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

#include "cescacs.h"

/* The counters. A test program of one file keeps them static. One of
 * several files defines CHECK_SHARED in each file, and CHECK_MAIN too in
 * the file that holds them (that of main), so that a CHECK in any file
 * fails the case that RUN runs. */
#if defined(CHECK_SHARED) && !defined(CHECK_MAIN)
extern int check_case_failed;
extern int check_passed;
extern int check_failed;
#elif defined(CHECK_SHARED)
int check_case_failed;
int check_passed;
int check_failed;
#else
static int check_case_failed;
static int check_passed;
static int check_failed;
#endif

#define CHECK(cond)                                                               \
    do {                                                                          \
        if (!(cond)) {                                                            \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
            check_case_failed = 1;                                                \
        }                                                                         \
    } while (0)

/* Checks that `call` returns `expected` (a CESCACS_RESULT_* constant). */
#define CHECK_RC(call, expected)                                                     \
    do {                                                                             \
        cescacs_result check_rc_ = (call);                                           \
        if (check_rc_ != (expected)) {                                               \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s (last error: %s)\n", \
                    __FILE__, __LINE__, #call, cescacs_result_name(check_rc_),       \
                    cescacs_result_name(expected), cescacs_last_error());            \
            check_case_failed = 1;                                                   \
        }                                                                            \
    } while (0)

#define CHECK_OK(call) CHECK_RC(call, CESCACS_RESULT_OK)

#define CHECK_STR(actual, expected)                                                      \
    do {                                                                                 \
        const char *check_a_ = (actual);                                                 \
        const char *check_e_ = (expected);                                               \
        if (strcmp(check_a_, check_e_) != 0) {                                           \
            fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, \
                    #actual, check_a_, check_e_);                                        \
            check_case_failed = 1;                                                       \
        }                                                                                \
    } while (0)

/* Checks that the last error message starts with `prefix`. */
#define CHECK_ERROR_STARTS(prefix)                                                     \
    do {                                                                               \
        const char *check_m_ = cescacs_last_error();                                   \
        if (strncmp(check_m_, (prefix), strlen(prefix)) != 0) {                        \
            fprintf(stderr, "%s:%d: last error \"%s\" does not start with \"%s\"\n",   \
                    __FILE__, __LINE__, check_m_, (prefix));                           \
            check_case_failed = 1;                                                     \
        }                                                                              \
    } while (0)

#define RUN(test)                                                 \
    do {                                                          \
        check_case_failed = 0;                                    \
        test();                                                   \
        if (check_case_failed) {                                  \
            check_failed++;                                       \
            printf("FAIL %s\n", #test);                           \
        } else {                                                  \
            check_passed++;                                       \
            printf("ok   %s\n", #test);                           \
        }                                                         \
    } while (0)

/* Prints the summary line and gives the exit status. */
static inline int check_summary(void) {
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed == 0 ? 0 : 1;
}

#endif
