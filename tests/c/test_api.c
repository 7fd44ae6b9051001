/*
 * Tests of the C API (include/cescacs.h, libcescacs), compiled with
 * cc -std=c11 -Wall -Wextra -Werror and run plain, under valgrind and with
 * -fsanitize=address,undefined by scripts/test-c.sh.
 *
 * The cases are in api/, one file a subject (api/api.h lists them); this
 * file runs them in order.
 */

#define CHECK_MAIN
#include "api/api.h"

int main(void) {
    RUN(test_version_and_result_names);
    RUN(test_initial_position);
    RUN(test_pdtl_defaults_and_round_trip);
    RUN(test_kings_and_rooks_leaps_and_castlings);
    RUN(test_move_list_copy);
    RUN(test_move_list_array);
    RUN(test_games_from_pgn);
    RUN(test_black_double_castling);
    RUN(test_move_fields_of_every_kind);
    RUN(test_apply_undo_round_trip);
    RUN(test_clone_is_independent);
    RUN(test_list_outlives_its_game);
    RUN(test_reused_move_list);
    RUN(test_outcomes);
    RUN(test_piece_at);
    RUN(test_hex_conversions);
    RUN(test_null_pointers);
    RUN(test_invalid_utf8);
    RUN(test_bad_pdtl);
    RUN(test_illegal_and_unreadable_moves);
    RUN(test_index_out_of_range);
    RUN(test_stale_move_list);
    RUN(test_buffers);
    RUN(test_bad_hexes);
    RUN(test_free_null_and_last_error);
    RUN(test_pgn_real_games_replay_to_mate);
    RUN(test_pgn_write_read_write);
    RUN(test_pgn_written_tags_follow_the_spec);
    RUN(test_pgn_moves_played_through_the_handle);
    RUN(test_zobrist_hash_transpositions);
    RUN(test_fivefold_repetition);
    RUN(test_bad_pgn);
    RUN(test_game_record_error_paths);
    RUN(test_find_moves);
    RUN(test_play_move_and_parse);
    RUN(test_threats);
    RUN(test_hex_geometry);
    RUN(test_pieces_and_board_text);
    RUN(test_tags);
    RUN(test_comments_and_variations);
    RUN(test_annotations);
    RUN(test_selfplay_batch);
    RUN(test_selfplay_batch_of_seed_1);
    RUN(test_batch_from_pgn);
    RUN(test_batch_errors);
    RUN(test_lines_of_a_record);
    RUN(test_line_keeps_its_record);
    RUN(test_line_errors);
    return check_summary();
}
