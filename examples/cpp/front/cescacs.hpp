// RAII wrappers of the C API's handles (Game, MoveList, Engine): every failing
// call becomes a cescacs::Error carrying the library's message, so the front
// end catches it per command and a bad command never ends the session.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <cescacs.h>

namespace cescacs {

// A failed call: the result code and the library's message.
class Error : public std::runtime_error {
public:
    Error(cescacs_result code, const std::string &message) : std::runtime_error(message), code_(code) {}
    cescacs_result code() const { return code_; }

private:
    cescacs_result code_;
};

inline void check(cescacs_result r) {
    if (r != CESCACS_RESULT_OK) throw Error(r, cescacs_last_error());
}

// The Elo of Skill Level `level` (0..20) on the measured ladder.
inline uint32_t skill_elo(uint32_t level) {
    uint32_t elo = 0;
    check(cescacs_skill_elo(level, &elo));
    return elo;
}

// A text answered into a caller buffer: ask for its length, then write it.
template <class Write>
std::string text(Write write) {
    size_t need = 0;
    cescacs_result r = write(nullptr, 0, &need);
    if (r != CESCACS_RESULT_BUFFER_TOO_SMALL) check(r);
    std::string s(need + 1, '\0');
    check(write(&s[0], s.size(), nullptr));
    s.resize(need);
    return s;
}

inline cescacs_hex parse_hex(const std::string &name) {
    cescacs_hex h{};
    check(cescacs_hex_parse(name.c_str(), &h));
    return h;
}

inline std::string hex_name(cescacs_hex h) {
    char buf[CESCACS_HEX_TEXT_MAX];
    check(cescacs_hex_write(h, buf, sizeof buf, nullptr));
    return buf;
}

inline bool same(cescacs_hex a, cescacs_hex b) { return a.column == b.column && a.line == b.line; }

// A list of moves (cescacs_move_list), owned.
class MoveList {
public:
    explicit MoveList(cescacs_move_list *list) : list_(list) {}
    size_t size() const {
        size_t n = 0;
        check(cescacs_move_list_len(list_.get(), &n));
        return n;
    }
    cescacs_move operator[](size_t i) const {
        cescacs_move m{};
        check(cescacs_move_list_get(list_.get(), i, &m));
        return m;
    }
    std::string ctl(size_t i) const {
        return text([&](char *b, size_t n, size_t *out) { return cescacs_move_list_ctl(list_.get(), i, b, n, out); });
    }
    const cescacs_move_list *get() const { return list_.get(); }

private:
    struct Free {
        void operator()(cescacs_move_list *l) const { cescacs_move_list_free(l); }
    };
    std::unique_ptr<cescacs_move_list, Free> list_;
};

// A game record and its current position (cescacs_game), owned.
class Game {
public:
    Game() {
        cescacs_game *g = nullptr;
        check(cescacs_game_new(&g));
        game_.reset(g);
    }
    static Game from_pdtl(const std::string &pdtl) {
        cescacs_game *g = nullptr;
        check(cescacs_game_from_pdtl(pdtl.c_str(), &g));
        return Game(g);
    }
    static Game from_pgn(const std::string &pgn) {
        cescacs_game *g = nullptr;
        check(cescacs_game_from_pgn(pgn.c_str(), &g));
        return Game(g);
    }

    std::string pdtl() const {
        return text([&](char *b, size_t n, size_t *out) { return cescacs_game_pdtl(get(), b, n, out); });
    }
    std::string pgn() const {
        return text([&](char *b, size_t n, size_t *out) { return cescacs_game_write_pgn(get(), b, n, out); });
    }
    std::string result() const {
        return text([&](char *b, size_t n, size_t *out) { return cescacs_game_result(get(), b, n, out); });
    }
    std::string move_ctl(size_t ply) const {
        return text([&](char *b, size_t n, size_t *out) { return cescacs_game_move_ctl_at(get(), ply, b, n, out); });
    }
    cescacs_color turn() const {
        cescacs_color c{};
        check(cescacs_game_turn(get(), &c));
        return c;
    }
    bool in_check() const {
        bool b = false;
        check(cescacs_game_is_check(get(), &b));
        return b;
    }
    cescacs_outcome outcome() const {
        cescacs_outcome o{};
        check(cescacs_game_outcome(get(), &o));
        return o;
    }
    size_t plies() const {
        size_t n = 0;
        check(cescacs_game_ply_count(get(), &n));
        return n;
    }
    std::vector<cescacs_placed_piece> pieces() const {
        std::vector<cescacs_placed_piece> v(CESCACS_HEX_COUNT);
        size_t n = 0;
        check(cescacs_game_pieces(get(), v.data(), v.size(), &n));
        v.resize(n);
        return v;
    }
    MoveList legal_moves() const {
        cescacs_move_list *l = nullptr;
        check(cescacs_game_legal_moves(get(), &l));
        return MoveList(l);
    }
    MoveList find_moves(cescacs_hex from, cescacs_hex to) const {
        cescacs_move_list *l = nullptr;
        check(cescacs_game_find_moves(get(), from, to, &l));
        return MoveList(l);
    }
    // A set of hexes from one of the threat functions.
    template <class Fn>
    std::vector<cescacs_hex> hexes(Fn fn) const {
        std::vector<cescacs_hex> v(CESCACS_HEX_COUNT);
        size_t n = 0;
        check(fn(get(), v.data(), v.size(), &n));
        v.resize(n);
        return v;
    }
    size_t count(cescacs_result (*fn)(const cescacs_game *, size_t, size_t *), size_t ply) const {
        size_t n = 0;
        check(fn(get(), ply, &n));
        return n;
    }

    void play(const MoveList &list, size_t i) { check(cescacs_game_play(get(), list.get(), i)); }
    void play_ctl(const std::string &move) { check(cescacs_game_play_ctl(get(), move.c_str())); }
    void undo() { check(cescacs_game_undo(get())); }
    void set_tag(const std::string &name, const std::string &value) {
        check(cescacs_game_set_tag(get(), name.c_str(), value.c_str()));
    }
    void add_comment(size_t ply, const std::string &comment) {
        check(cescacs_game_add_comment(get(), ply, comment.c_str()));
    }

    // A copy of the whole record (moves, tags, comments), to change freely.
    Game clone() const {
        cescacs_game *g = nullptr;
        check(cescacs_game_clone(get(), &g));
        return Game(g);
    }
    cescacs_move move_at(size_t ply) const {
        cescacs_move m{};
        check(cescacs_game_move_at(get(), ply, &m));
        return m;
    }
    // The value of tag `name`, or "" when the record has no such tag.
    std::string tag(const std::string &name) const {
        size_t need = 0;
        cescacs_result r = cescacs_game_tag(get(), name.c_str(), nullptr, 0, &need);
        if (r == CESCACS_RESULT_NOT_FOUND) return "";
        return text([&](char *b, size_t n, size_t *out) { return cescacs_game_tag(get(), name.c_str(), b, n, out); });
    }
    size_t repetitions() const {
        size_t n = 0;
        check(cescacs_game_repetition_count(get(), &n));
        return n;
    }
    // Whether the side to move may claim a draw now (RULES.md §6: threefold
    // repetition or the fifty-move rule, in a game not over): the core decides.
    bool can_claim_draw() const {
        bool b = false;
        check(cescacs_game_can_claim_draw(get(), &b));
        return b;
    }
    void add_final_comment(const std::string &comment) { check(cescacs_game_add_final_comment(get(), comment.c_str())); }

    cescacs_game *get() const { return game_.get(); }

private:
    explicit Game(cescacs_game *g) : game_(g) {}
    struct Free {
        void operator()(cescacs_game *g) const { cescacs_game_free(g); }
    };
    std::unique_ptr<cescacs_game, Free> game_;
};

// The engine (cescacs_engine), owned: searches a game's current position.
class Engine {
public:
    Engine() {
        cescacs_engine *e = nullptr;
        check(cescacs_engine_new(16, 1, &e));
        engine_.reset(e);
    }
    cescacs_search_result search(const Game &game, const cescacs_search_limits &limits) const {
        cescacs_search_result r{};
        check(cescacs_engine_search(engine_.get(), game.get(), &limits, &r));
        return r;
    }
    cescacs_search_result search_clock(const Game &game, const cescacs_search_limits &limits, const cescacs_clock &clock) const {
        cescacs_search_result r{};
        check(cescacs_engine_search_clock(engine_.get(), game.get(), &limits, &clock, &r));
        return r;
    }
    void set_skill(uint32_t level) const { check(cescacs_engine_set_skill(engine_.get(), level, 0)); }
    void set_elo(uint32_t elo) const { check(cescacs_engine_set_elo(engine_.get(), elo, 0)); }
    uint32_t skill() const {
        uint32_t level = 0;
        check(cescacs_engine_skill(engine_.get(), &level));
        return level;
    }
    void new_game() const { check(cescacs_engine_new_game(engine_.get())); }
    std::string pv() const {
        return text([&](char *b, size_t n, size_t *out) { return cescacs_engine_pv_text(engine_.get(), b, n, out); });
    }

private:
    struct Free {
        void operator()(cescacs_engine *e) const { cescacs_engine_free(e); }
    };
    std::unique_ptr<cescacs_engine, Free> engine_;
};

}  // namespace cescacs
