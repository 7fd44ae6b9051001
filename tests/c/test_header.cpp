// Proves that include/cescacs.h is C++-clean (g++ -std=c++17 -Wall -Wextra
// -Werror -pedantic) and usable with RAII wrappers.
#include "cescacs.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "check.h"

static_assert(std::is_trivially_copyable<cescacs_move>::value, "cescacs_move is a plain value");
static_assert(std::is_standard_layout<cescacs_move>::value, "cescacs_move has C layout");
static_assert(sizeof(cescacs_hex) == 2, "cescacs_hex is two bytes");
static_assert(sizeof(cescacs_result) == 4, "result codes are 32-bit");
static_assert(CESCACS_MOVE_TEXT_MAX >= 24, "room for the longest move text");
static_assert(CESCACS_HEX_COUNT == 169, "the board's hexes");
static_assert(CESCACS_VERSION_MAJOR >= 0 && CESCACS_VERSION_MINOR >= 0 && CESCACS_VERSION_PATCH >= 0,
              "version macros are integer constants");

namespace {

struct GameFree {
    void operator()(cescacs_game *g) const { cescacs_game_free(g); }
};
struct ListFree {
    void operator()(cescacs_move_list *l) const { cescacs_move_list_free(l); }
};
using Game = std::unique_ptr<cescacs_game, GameFree>;
using MoveList = std::unique_ptr<cescacs_move_list, ListFree>;

Game make_game(const char *pdtl) {
    cescacs_game *g = nullptr;
    CHECK_OK(cescacs_game_from_pdtl(pdtl, &g));
    return Game(g);
}

MoveList legal_moves(const Game &g) {
    cescacs_move_list *l = nullptr;
    CHECK_OK(cescacs_game_legal_moves(g.get(), &l));
    return MoveList(l);
}

std::vector<std::string> long_forms(const MoveList &list) {
    size_t n = 0;
    CHECK_OK(cescacs_move_list_len(list.get(), &n));
    std::vector<std::string> out;
    for (size_t i = 0; i < n; i++) {
        char buf[CESCACS_MOVE_TEXT_MAX];
        CHECK_OK(cescacs_move_list_long(list.get(), i, buf, sizeof buf, nullptr));
        out.emplace_back(buf);
    }
    std::sort(out.begin(), out.end());
    return out;
}

void test_cpp_initial_position() {
    cescacs_game *raw = nullptr;
    CHECK_OK(cescacs_game_new(&raw));
    Game game(raw);
    MoveList list = legal_moves(game);
    std::vector<std::string> moves = long_forms(list);
    CHECK(moves.size() == 68);
    CHECK(std::find(moves.begin(), moves.end(), "E7-E13") != moves.end());
    cescacs_color turn = CESCACS_COLOR_BLACK;
    CHECK_OK(cescacs_game_turn(game.get(), &turn));
    CHECK(turn == CESCACS_COLOR_WHITE);
}

void test_cpp_castlings_and_errors() {
    Game game = make_game("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1");
    cescacs_move_list *raw = nullptr;
    CHECK_OK(cescacs_game_castlings(game.get(), &raw));
    MoveList castlings(raw);
    size_t n = 0;
    CHECK_OK(cescacs_move_list_len(castlings.get(), &n));
    CHECK(n == 24);
    int doubles = 0;
    for (size_t i = 0; i < n; i++) {
        cescacs_move m{};
        CHECK_OK(cescacs_move_list_get(castlings.get(), i, &m));
        if (m.kind == CESCACS_MOVE_KIND_DOUBLE_CASTLING) {
            doubles++;
            CHECK(m.rook_move_count == 2);
        }
    }
    CHECK(doubles == 5);
    CHECK_RC(cescacs_game_play_ctl(game.get(), "KRK-NOPE"), CESCACS_RESULT_BAD_MOVE_TEXT);
    CHECK(std::string(cescacs_last_error()).find("unknown castling") != std::string::npos);
    cescacs_game *bad = nullptr;
    CHECK_RC(cescacs_game_from_pdtl("nonsense", &bad), CESCACS_RESULT_BAD_PDTL);
    CHECK(bad == nullptr);
}

void test_cpp_pgn_round_trip() {
    const std::string record =
        "[Variant \"C'escacs\"]\n[Event \"C++\"]\n[Site \"?\"]\n[Date \"\?\?\?\?-\?\?-\?\?\"]\n[Round \"?\"]\n"
        "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n1. NG3-I7, NG25-I21\n2. NI7-G3, NI21-G25\n*\n";
    cescacs_game *raw = nullptr;
    CHECK_OK(cescacs_game_from_pgn(record.c_str(), &raw));
    Game game(raw);
    size_t need = 0;
    CHECK_RC(cescacs_game_write_pgn(game.get(), nullptr, 0, &need), CESCACS_RESULT_BUFFER_TOO_SMALL);
    std::vector<char> text(need + 1, 'x');
    CHECK_OK(cescacs_game_write_pgn(game.get(), text.data(), text.size(), nullptr));
    CHECK(std::string(text.data()) == record);
    size_t count = 0;
    CHECK_OK(cescacs_game_repetition_count(game.get(), &count));
    CHECK(count == 2);
    cescacs_game *bad = nullptr;
    CHECK_RC(cescacs_game_from_pgn("1. E7-E14\n", &bad), CESCACS_RESULT_BAD_PGN);
    size_t line = 0, column = 0;
    CHECK(cescacs_last_error_location(&line, &column));
    CHECK(line == 1 && column == 4);
    CHECK(bad == nullptr);
}

// Threats into std::vector (size query, then fill), moves by hexes and as
// values; the colour constants pass as the uint32_t the functions take.
void test_cpp_threats_and_moves_by_hexes() {
    Game game = make_game("/27:1k/13:4r3/6:3n3/1:1K/ w -- - 0 1");
    size_t n = 0;
    CHECK_RC(cescacs_game_checkers(game.get(), nullptr, 0, &n), CESCACS_RESULT_BUFFER_TOO_SMALL);
    std::vector<cescacs_hex> checkers(n);
    CHECK_OK(cescacs_game_checkers(game.get(), checkers.data(), checkers.size(), &n));
    CHECK(n == 2 && checkers[0].line == 6 && checkers[1].line == 13);
    bool attacked = false;
    CHECK_OK(cescacs_game_is_attacked(game.get(), CESCACS_COLOR_BLACK, checkers[0], &attacked));
    CHECK(!attacked);
    std::vector<cescacs_hex> map(CESCACS_HEX_COUNT);
    CHECK_OK(cescacs_game_attacked_hexes(game.get(), CESCACS_COLOR_WHITE, map.data(), map.size(), &n));
    CHECK(n > 0 && n < CESCACS_HEX_COUNT);
    CHECK_RC(cescacs_game_pin(game.get(), 2, checkers[0], map.data(), map.size(), &n), CESCACS_RESULT_BAD_ARGUMENT);

    Game kings = make_game("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1");
    cescacs_hex g1{}, h6{};
    CHECK_OK(cescacs_hex_parse("G1", &g1));
    CHECK_OK(cescacs_hex_parse("H6", &h6));
    cescacs_move_list *raw = nullptr;
    CHECK_OK(cescacs_game_find_moves(kings.get(), g1, h6, &raw));
    MoveList shared(raw);
    CHECK(long_forms(shared).size() == 9);
    cescacs_move m{};
    CHECK_OK(cescacs_game_parse_ctl(kings.get(), "KRR-HIH", &m));
    CHECK_OK(cescacs_game_play_move(kings.get(), &m));
    CHECK_RC(cescacs_game_play_move(kings.get(), &m), CESCACS_RESULT_ILLEGAL_MOVE);
}

}  // namespace

int main() {
    RUN(test_cpp_initial_position);
    RUN(test_cpp_castlings_and_errors);
    RUN(test_cpp_pgn_round_trip);
    RUN(test_cpp_threats_and_moves_by_hexes);
    return check_summary();
}
