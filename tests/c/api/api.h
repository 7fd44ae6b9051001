/*
 * What the parts of the C API tests share: the positions they use, the
 * helpers of helpers.c and the test cases, which test_api.c runs.
 */
#ifndef CESCACS_TEST_API_H
#define CESCACS_TEST_API_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One test program of several files: check.h's counters are shared. */
#define CHECK_SHARED
#include "check.h"

/* The tags written for a record without tags of its own (NOTATION.md §6.2): Variant, then the
   Seven Tag Roster at its defaults, the Result tag the game's result. */
#define ROSTER_TO_BLACK                                                                           \
    "[Variant \"C'escacs\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"\?\?\?\?-\?\?-\?\?\"]\n[Round \"?\"]\n"      \
    "[White \"?\"]\n[Black \"?\"]\n"
#define DEFAULT_TAGS(result) ROSTER_TO_BLACK "[Result \"" result "\"]\n"
#define INITIAL_PDTL                                                                              \
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/" \
    "5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1"
#define AFTER_E7_E13                                                                              \
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/13:3P4/8:3P3/7:4P3/" \
    "6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr E13@9-11 0 1"
/* castling.jsonl, first record: Kings and Rooks, 5 leaps + 24 castlings. */
#define KINGS_AND_ROOKS "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1"
#define FULL_B "/27:1k/25:r2r/3:R3/1:1K/ b RKrkr - 0 1"
#define MIDDLE_GAME                                                                                \
    "/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/" \
    "6:2P1Pd1/5:PPG2g/4:PE1EP/3:R3/2:2R/1:DK/0:V/ b RKrkr - 2 20"
#define EP_ANSWERS_CHECK "/27:1k/17:4p3/16:4P2/14:3K3/ w -- G17@19 0 2"
#define SCORNFUL                                                                                    \
    "/28:v/27:dk/26:gjg/25:rnnr/24:1ejep/23:2ee2/22:1pp4/21:1p2p3/20:3p3/14:1P1pppP/13:3P4/11:2P5/" \
    "8:5P1/7:1j2P3/6:1PPJ3/5:2Ep2/4:1EJE1/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr F14 0 23"
#define PROMOTION_MANDATORY "/27:1k/21:1P6/1:1K/ w -- - 0 1"
#define AWAIT_PROMOTION                                                                              \
    "/28:v/27:dk/26:Pj1/25:1nnr/24:rejep/23:3e2/21:7G/20:1p4J/19:6J1/18:3p3/16:2p4/15:1P6/13:2RP4/" \
    "8:3N3/6:3J3/5:p1E3/4:jE1Eg/3:2NR/2:G1K/1:D1/0:V/ b -kr - 0 50"
#define MATE                                                                                      \
    "/28:v/25:kDnr/24:p1jep/23:4pp/22:1N2p2/21:2e1p3/20:2pd3/13:2j5/9:4J3/8:5j1/7:2N2P2/6:2P1P2/" \
    "5:PPR3/4:PE1EP/3:R3/2:K2/ b -- - 2 35"
#define STALEMATE "/28:k/24:2K2/ b -- - 0 1"
/* The rules site's example with comments and (nested, labelled) variations,
   in canonical form (core/tests/pgn.rs). */
#define FOOLS_MATE_V                                                                      \
    DEFAULT_TAGS("0-3") "[Id \"Cescacs-X01-V-en\"]\n[Lang \"en\"]\n[Title \"Fool's mate\"]\n"     \
    "{ Rules site example,\n  with its variations }\n"                                     \
    "1. H6-H12 ?!, I23-I19 ?!\n2. JF6-C15 ?!, GH26-Z11 ?!\n3. L5-L7, NG25-L17 ?!\n"         \
    "4. EH4-H8 ??, GZ11-L5\n{ @W: Removing ~EH4 leaves ~K unattended }\n"                   \
    "(4. GD2-F6\n.{ @W: @W would avoid ~gL5-H6+^ }\n)\n"                                    \
    "5. I5-I9 ??, NL17-G9\n($[2] 5. K4-K10 ??, GL5-H6+^\n"                                   \
    ".{ @W: Displacing P threatens ~gL5 with ~RI3 }\n.6. KG1-H4, GH6\xc3\x97RI3\n"           \
    ".(6. \xe2\x80\xa6, GH6-K12 !)\n.7. KH4\xc3\x97GI3)\n6. K4-K10 ??, GL5-H6#\n0-3\n{ final comment }\n"

/* helpers.c */
cescacs_game *game_from(const char *pdtl);
const char *pdtl_of(const cescacs_game *game);
cescacs_move_list *legal(const cescacs_game *game);
size_t len_of(const cescacs_move_list *list);
const char *long_of(const cescacs_move_list *list, size_t i);
const char *ctl_of(const cescacs_move_list *list, size_t i);
size_t find_long(const cescacs_move_list *list, const char *text);
cescacs_move get_move(const cescacs_move_list *list, size_t i);
cescacs_hex hex(const char *text);
int hex_eq(cescacs_hex a, const char *text);
cescacs_move move_named(const cescacs_move_list *list, const char *text, const char *ctl);
cescacs_game *game_from_pgn(const char *text);
char *pgn_of(const cescacs_game *game);
size_t plies_of(const cescacs_game *game);
const char *pdtl_at(const cescacs_game *game, size_t ply);
const char *ctl_at(const cescacs_game *game, size_t ply);
const char *result_of(const cescacs_game *game);
const char *tag_of(const cescacs_game *game, const char *name);
int hex_same(cescacs_hex a, cescacs_hex b);
int move_eq(cescacs_move a, cescacs_move b);

/* positions.c */
void test_version_and_result_names(void);
void test_initial_position(void);
void test_pdtl_defaults_and_round_trip(void);
void test_move_list_copy(void);
void test_move_list_array(void);
void test_kings_and_rooks_leaps_and_castlings(void);
void test_black_double_castling(void);
void test_move_fields_of_every_kind(void);
void test_apply_undo_round_trip(void);
void test_clone_is_independent(void);
void test_list_outlives_its_game(void);
void test_reused_move_list(void);
void test_outcomes(void);
void test_piece_at(void);
void test_hex_conversions(void);

/* errors.c */
void test_null_pointers(void);
void test_invalid_utf8(void);
void test_bad_pdtl(void);
void test_illegal_and_unreadable_moves(void);
void test_index_out_of_range(void);
void test_stale_move_list(void);
void test_buffers(void);
void test_bad_hexes(void);
void test_free_null_and_last_error(void);

/* pgn.c */
void test_pgn_real_games_replay_to_mate(void);
void test_pgn_write_read_write(void);
void test_pgn_written_tags_follow_the_spec(void);
void test_pgn_moves_played_through_the_handle(void);
void test_zobrist_hash_transpositions(void);
void test_fivefold_repetition(void);
void test_games_from_pgn(void);
void test_bad_pgn(void);
void test_game_record_error_paths(void);

/* threats.c */
void test_find_moves(void);
void test_play_move_and_parse(void);
void test_threats(void);

/* front_ends.c */
void test_hex_geometry(void);
void test_pieces_and_board_text(void);
void test_tags(void);
void test_comments_and_variations(void);
void test_annotations(void);

/* batch.c */
void test_selfplay_batch(void);
void test_selfplay_batch_of_seed_1(void);
void test_batch_from_pgn(void);
void test_batch_errors(void);
/* lines.c */
void test_lines_of_a_record(void);
void test_line_keeps_its_record(void);
void test_line_errors(void);

#endif
