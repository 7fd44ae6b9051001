// cescacs-front: a small text front end for C'escacs, in C++17 over the C API
// of libcescacs (include/cescacs.h), built against the installed package.
//
// It reads commands from standard input, one per line (type `help`): it shows
// the board, the moves of a piece (`pick G1`), plays by hexes (`move G1 H6`,
// asking which move when several share the two hexes), shows threats, takes
// moves back, loads and saves CTL-PGN records, and lets the computer play
// either side (`computer black 2000`: two seconds a move; `computer black level 5`:
// a weaker player), answering every move however it is made, on the game's
// clocks when there are some (`clock 5+3`). With a terminal it shows a
// prompt; otherwise (a script) it echoes each command, so its output reads
// as a transcript.
//
// Every C handle lives in an RAII wrapper (Game, MoveList, Engine); every failing
// call becomes a cescacs::Error carrying the library's message, caught per
// command, so a bad command never ends the session.

#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <cescacs.h>

#include "clock.hpp"

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

namespace {

using cescacs::Game;
using cescacs::MoveList;

const char *const HELP =
    "Commands (hexes as F14, g1, ...):\n"
    "  show                 the board\n"
    "  pick HEX             the legal moves of the piece on HEX, marked on the board (* or x)\n"
    "  move FROM TO         play the move from FROM to TO; when several moves share the\n"
    "                       two hexes (a King's Leap and castlings, promotions), a numbered\n"
    "                       list is shown and the next line is the choice\n"
    "  play MOVE            play a move written in CTL-AN (E7-E13, KRK-II, ...)\n"
    "  moves                every legal move\n"
    "  threats              the hexes the other side attacks, checks and pins\n"
    "  undo                 take back the last move\n"
    "  history              the moves so far (by ply), with their comments and variations\n"
    "  comment TEXT         a comment on the last move\n"
    "  tag NAME VALUE       set a tag of the record (Event, White, Black, Result, ...)\n"
    "  tags                 the record's tags\n"
    "  load FILE            read a CTL-PGN record (the game continues from its end)\n"
    "  save FILE            write the game as CTL-PGN\n"
    "  svg FILE             draw the board as an SVG picture (from the hexes' plane geometry)\n"
    "  computer SIDE [MS]   the computer plays SIDE (white, black, both or off), MS\n"
    "                       milliseconds a move (default 1000); `computer SIDE depth N`\n"
    "                       searches N plies instead (the same move every time);\n"
    "                       `computer SIDE level L` plays at level L (0 weakest .. 20 full)\n"
    "  clock MIN+SEC        both sides' clocks (`clock 5+3`: 5 minutes, 3 s a move), shown\n"
    "                       with the board; the computer spends its own; `clock off`\n"
    "  go                   the computer plays the side to move now\n"
    "  new [PDTL]           a new game, from the initial position or a PDTL position\n"
    "  pdtl                 the current position as PDTL\n"
    "  help                 this text\n"
    "  quit                 leave (so does the end of the input)\n";

char role_letter(cescacs_role role) {
    switch (role) {
        case CESCACS_ROLE_PAWN: return 'P';
        case CESCACS_ROLE_ELEPHANT: return 'E';
        case CESCACS_ROLE_BISHOP: return 'J';
        case CESCACS_ROLE_KNIGHT: return 'N';
        case CESCACS_ROLE_PEGASUS: return 'G';
        case CESCACS_ROLE_ROOK: return 'R';
        case CESCACS_ROLE_WYVERN: return 'V';
        case CESCACS_ROLE_QUEEN: return 'D';
        case CESCACS_ROLE_KING: return 'K';
        default: return '?';
    }
}

const char *color_name(cescacs_color c) { return c == CESCACS_COLOR_WHITE ? "White" : "Black"; }

std::string trim(const std::string &s) {
    size_t a = s.find_first_not_of(" \t\r\n");
    if (a == std::string::npos) return "";
    size_t b = s.find_last_not_of(" \t\r\n");
    return s.substr(a, b - a + 1);
}

std::string lower(std::string s) {
    for (char &c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string join_hexes(const std::vector<cescacs_hex> &hexes) {
    std::string s;
    for (const cescacs_hex &h : hexes) s += (s.empty() ? "" : " ") + cescacs::hex_name(h);
    return s.empty() ? "none" : s;
}

class Front {
public:
    Front() : interactive_(isatty(STDIN_FILENO) != 0) {}

    int run() {
        std::cout << "cescacs-front " << cescacs_version() << " - type help for the commands\n";
        show_board({}, {});
        std::string line;
        while (read_line(prompt(), line)) {
            if (line.empty() || line[0] == '#') continue;
            std::istringstream words(line);
            std::string command;
            words >> command;
            std::string rest;
            std::getline(words, rest);
            rest = trim(rest);
            if (lower(command) == "quit" || lower(command) == "exit") break;
            try {
                execute(lower(command), rest);
            } catch (const cescacs::Error &e) {
                std::cout << "error: " << e.what() << "\n";
            } catch (const std::exception &e) {
                std::cout << "error: " << e.what() << "\n";
            }
        }
        std::cout << "bye\n";
        return 0;
    }

private:
    // One input line (trimmed); false at the end of the input. With a
    // terminal the prompt is shown first; from a script the line is echoed.
    bool read_line(const std::string &prompt, std::string &line) {
        if (interactive_) std::cout << prompt << std::flush;
        if (!std::getline(std::cin, line)) {
            if (interactive_) std::cout << "\n";
            return false;
        }
        line = trim(line);
        if (!interactive_) std::cout << prompt << line << "\n";
        return true;
    }

    std::string prompt() const {
        try {
            return std::string(color_name(game_.turn())) + "> ";
        } catch (const cescacs::Error &) {
            return "> ";
        }
    }

    void execute(const std::string &command, const std::string &rest) {
        if (command == "help" || command == "?") {
            std::cout << HELP;
        } else if (command == "show" || command == "board") {
            show_board({}, {});
        } else if (command == "pick") {
            pick(one_word(rest, "pick HEX"));
        } else if (command == "move" || command == "m") {
            std::istringstream words(rest);
            std::string from, to, extra;
            if (!(words >> from >> to) || (words >> extra)) {
                std::cout << "usage: move FROM TO (e.g. move E7 E13)\n";
                return;
            }
            move(from, to);
        } else if (command == "play") {
            if (rest.empty()) {
                std::cout << "usage: play MOVE (CTL-AN, e.g. play E7-E13)\n";
                return;
            }
            game_.play_ctl(rest);
            after_move();
        } else if (command == "moves") {
            MoveList list = game_.legal_moves();
            std::cout << list.size() << " legal moves:";
            for (size_t i = 0; i < list.size(); i++) std::cout << " " << list.ctl(i);
            std::cout << "\n";
        } else if (command == "threats") {
            threats();
        } else if (command == "undo") {
            size_t plies = game_.plies();
            if (plies == 0) {
                std::cout << "nothing to take back\n";
                return;
            }
            std::string last = game_.move_ctl(plies - 1);
            game_.undo();
            clock_.restart_turn();
            std::cout << "took back " << last << "\n";
            show_board({}, {});
        } else if (command == "history") {
            history();
        } else if (command == "comment") {
            if (rest.empty() || game_.plies() == 0) {
                std::cout << (rest.empty() ? "usage: comment TEXT\n" : "no move to comment on yet\n");
                return;
            }
            game_.add_comment(game_.plies() - 1, rest);
            std::cout << "comment added to " << game_.move_ctl(game_.plies() - 1) << "\n";
        } else if (command == "tag") {
            std::istringstream words(rest);
            std::string name, value;
            words >> name;
            std::getline(words, value);
            if (name.empty()) {
                std::cout << "usage: tag NAME VALUE\n";
                return;
            }
            game_.set_tag(name, trim(value));
            std::cout << "[" << name << " \"" << trim(value) << "\"]\n";
        } else if (command == "tags") {
            tags();
        } else if (command == "load") {
            load(rest);
        } else if (command == "save") {
            save(rest);
        } else if (command == "svg") {
            svg(rest);
        } else if (command == "clock") {
            clock(rest);
        } else if (command == "computer") {
            computer(rest);
        } else if (command == "go") {
            if (!computer_move()) std::cout << "the game is over: the computer has no move to play\n";
        } else if (command == "new") {
            game_ = rest.empty() ? Game() : Game::from_pdtl(rest);
            clock_.reset();
            engine_.new_game();
            std::cout << "new game\n";
            show_board({}, {});
        } else if (command == "pdtl") {
            std::cout << game_.pdtl() << "\n";
        } else {
            std::cout << "unknown command '" << command << "' (type help for the commands)\n";
        }
    }

    static std::string one_word(const std::string &rest, const char *usage) {
        if (rest.empty() || rest.find(' ') != std::string::npos)
            throw std::invalid_argument(std::string("usage: ") + usage);
        return rest;
    }

    // The board from the bulk piece read: one row per line (28 at the top),
    // each column in a two-character slot, so the rows interleave into the
    // hexagonal outline. `targets` are marked `*` (empty) or `x` (a piece
    // to take) and `marks` `+` (on empty hexes).
    void show_board(const std::vector<cescacs_hex> &targets, const std::vector<cescacs_hex> &marks) const {
        char cells[29][15];
        for (int line = 0; line < 29; line++)
            for (int column = 0; column < 15; column++) {
                cescacs_hex h{static_cast<uint8_t>(column), static_cast<uint8_t>(line)};
                cells[line][column] = cescacs_hex_is_valid(h) ? '.' : ' ';
            }
        for (const cescacs_placed_piece &p : game_.pieces()) {
            char c = role_letter(p.role);
            cells[p.hex.line][p.hex.column] = p.color == CESCACS_COLOR_WHITE ? c : static_cast<char>(std::tolower(c));
        }
        for (const cescacs_hex &h : marks)
            if (cells[h.line][h.column] == '.') cells[h.line][h.column] = '+';
        for (const cescacs_hex &h : targets) {
            char &c = cells[h.line][h.column];
            c = c == '.' || c == '+' ? '*' : 'x';
        }
        for (int line = 28; line >= 0; line--) {
            std::string row = (line < 10 ? " " : "") + std::to_string(line) + " ";
            for (int column = 0; column < 15; column++) {
                row += cells[line][column];
                row += ' ';
            }
            std::cout << row.substr(0, row.find_last_not_of(' ') + 1) << "\n";
        }
        std::cout << "   P T A B C D E F G H I K L X Z\n";
        status();
    }

    void status() const {
        if (clock_.on()) std::cout << clock_.show(game_.turn()) << "\n";
        cescacs_outcome o = game_.outcome();
        if (o.termination != CESCACS_TERMINATION_NONE) {
            static const char *const how[] = {"", "checkmate", "stalemate", "fivefold repetition",
                                               "the 75-move rule", "insufficient material"};
            std::cout << "game over: " << how[o.termination];
            if (o.winner != CESCACS_WINNER_NONE) std::cout << ", " << (o.winner == CESCACS_WINNER_WHITE ? "White" : "Black") << " wins";
            std::cout << " (" << game_.result() << ")\n";
        } else {
            std::cout << color_name(game_.turn()) << " to move" << (game_.in_check() ? ", in check" : "") << "\n";
        }
    }

    void pick(const std::string &name) {
        cescacs_hex from = cescacs::parse_hex(name);
        cescacs_role role = CESCACS_ROLE_NONE;
        cescacs_color color = CESCACS_COLOR_WHITE;
        cescacs::check(cescacs_game_piece_at(game_.get(), from, &role, &color));
        if (role == CESCACS_ROLE_NONE) {
            std::cout << cescacs::hex_name(from) << " is empty\n";
            return;
        }
        MoveList list = game_.legal_moves();
        std::vector<cescacs_hex> targets;
        std::string texts;
        size_t n = 0;
        for (size_t i = 0; i < list.size(); i++) {
            cescacs_move m = list[i];
            if (!cescacs::same(m.from, from)) continue;
            n++;
            texts += " " + list.ctl(i);
            bool seen = false;
            for (const cescacs_hex &t : targets) seen = seen || cescacs::same(t, m.to);
            if (!seen) targets.push_back(m.to);
        }
        if (color != game_.turn()) {
            std::cout << cescacs::hex_name(from) << " holds a " << color_name(color) << " piece; " << color_name(game_.turn())
                      << " is to move\n";
            return;
        }
        if (n == 0) {
            std::cout << cescacs::hex_name(from) << ": no legal move\n";
            return;
        }
        std::cout << cescacs::hex_name(from) << ": " << n << (n == 1 ? " move:" : " moves:") << texts << "\n";
        show_board(targets, {});
    }

    void move(const std::string &from_name, const std::string &to_name) {
        cescacs_hex from = cescacs::parse_hex(from_name), to = cescacs::parse_hex(to_name);
        if (game_.outcome().termination != CESCACS_TERMINATION_NONE) {
            std::cout << "the game is over: no move may follow (undo takes the last move back)\n";
            return;
        }
        MoveList choices = game_.find_moves(from, to);
        size_t n = choices.size();
        if (n == 0) {
            std::cout << "no legal move from " << cescacs::hex_name(from) << " to " << cescacs::hex_name(to)
                      << " (pick " << cescacs::hex_name(from) << " shows the moves of that piece)\n";
            return;
        }
        size_t choice = 0;
        if (n > 1) {
            std::cout << n << " moves go from " << cescacs::hex_name(from) << " to " << cescacs::hex_name(to) << ":\n";
            for (size_t i = 0; i < n; i++) std::cout << "  " << i + 1 << ". " << choices.ctl(i) << describe(choices[i]) << "\n";
            std::string answer;
            if (!read_line("which one (1-" + std::to_string(n) + ", anything else cancels)? ", answer)) return;
            char *end = nullptr;
            unsigned long k = std::strtoul(answer.c_str(), &end, 10);
            if (answer.empty() || *end != '\0' || k < 1 || k > n) {
                std::cout << "cancelled\n";
                return;
            }
            choice = k - 1;
        }
        game_.play(choices, choice);
        after_move();
    }

    // A few words on a move that shares its hexes with others.
    static std::string describe(const cescacs_move &m) {
        switch (m.kind) {
            case CESCACS_MOVE_KIND_KING_LEAP: return "  (King's Leap)";
            case CESCACS_MOVE_KIND_SIMPLE_CASTLING:
            case CESCACS_MOVE_KIND_DOUBLE_CASTLING: {
                std::string s = "  (castling: King " + cescacs::hex_name(m.from) + "-" + cescacs::hex_name(m.to);
                for (uint8_t i = 0; i < m.rook_move_count && i < 2; i++)
                    s += ", Rook " + cescacs::hex_name(m.rook_moves[i].from) + "-" + cescacs::hex_name(m.rook_moves[i].to);
                return s + ")";
            }
            case CESCACS_MOVE_KIND_PROMOTION: return std::string("  (promotes to ") + role_letter(m.promotion) + ")";
            default: return "";
        }
    }

    // Every move made at the board (`move`, a choice from its list, `play`)
    // comes here: the clock, the board, then the computer's answer.
    void after_move() {
        clock_.moved(other(game_.turn()));
        std::cout << "played " << game_.move_ctl(game_.plies() - 1) << "\n";
        show_board({}, {});
        // The computer answers (and, playing both sides, goes on to the end).
        while (computer_plays(game_.turn()) && computer_move()) {
        }
    }

    bool computer_plays(cescacs_color c) const {
        return c == CESCACS_COLOR_WHITE ? computer_white_ : computer_black_;
    }

    static cescacs_color other(cescacs_color c) { return c == CESCACS_COLOR_WHITE ? CESCACS_COLOR_BLACK : CESCACS_COLOR_WHITE; }

    // `computer white|black|both|off [MS]`, `computer SIDE depth N` or
    // `computer SIDE level L`.
    void computer(const std::string &rest) {
        std::istringstream words(rest);
        std::string side, a, b, extra;
        words >> side >> a >> b >> extra;
        side = lower(side);
        cescacs_search_limits limits = limits_;
        bool ok = side == "white" || side == "black" || side == "both" || side == "off";
        if (ok && lower(a) == "level") {
            ok = is_number(b) && extra.empty() && std::stoul(b) <= CESCACS_SKILL_MAX;
            if (ok) engine_.set_skill(static_cast<uint32_t>(std::stoul(b)));
            if (ok) level_ = static_cast<uint32_t>(std::stoul(b));
        } else if (ok && lower(a) == "depth") {
            ok = is_number(b) && extra.empty() && std::stoul(b) >= 1 && std::stoul(b) <= 64;
            if (ok) limits = cescacs_search_limits{static_cast<uint32_t>(std::stoul(b)), 0, 0};
        } else if (ok && !a.empty()) {
            ok = is_number(a) && b.empty() && std::stoul(a) >= 1 && std::stoul(a) <= 3600000;
            if (ok) limits = cescacs_search_limits{0, 0, static_cast<uint64_t>(std::stoul(a))};
        }
        if (!ok) {
            std::cout << "usage: computer white|black|both|off [MS] (or computer SIDE depth N, N 1..64, or computer SIDE "
                         "level L, L 0..20)\n";
            return;
        }
        computer_white_ = side == "white" || side == "both";
        computer_black_ = side == "black" || side == "both";
        if (side == "off") {
            // The limits stay, for `go`.
            std::cout << "the computer plays no side\n";
            return;
        }
        limits_ = limits;
        std::cout << "the computer plays " << (side == "both" ? "both sides" : side) << ", " << pace() << ", level "
                  << level_ << "\n";
        while (computer_plays(game_.turn()) && computer_move()) {
        }
    }

    // How the computer's time is set: the clock, a depth or a time a move.
    std::string pace() const {
        if (clock_.on()) return "on the clock " + clock_.spec();
        return limits_.depth ? std::to_string(limits_.depth) + " plies deep" : std::to_string(limits_.time_ms) + " ms a move";
    }

    // `clock MIN+SEC` (minutes, seconds a move) or `clock off`.
    void clock(const std::string &rest) {
        if (lower(rest) == "off") {
            clock_.stop();
            std::cout << "no clock\n";
            return;
        }
        double minutes = 0, seconds = 0;
        char plus = 0, tail = 0;
        if (std::sscanf(rest.c_str(), "%lf %c %lf %c", &minutes, &plus, &seconds, &tail) != 3 || plus != '+' ||
            !(minutes > 0 && minutes <= 600) || !(seconds >= 0 && seconds <= 600)) {
            std::cout << "usage: clock MIN+SEC (e.g. clock 5+3: 5 minutes each, 3 seconds added a move) or clock off\n";
            return;
        }
        clock_.start(static_cast<uint64_t>(minutes * 60000), static_cast<uint64_t>(seconds * 1000));
        std::cout << clock_.show(game_.turn()) << "\n";
    }

    static bool is_number(const std::string &s) {
        if (s.empty() || s.size() > 9) return false;
        for (char c : s)
            if (!std::isdigit(static_cast<unsigned char>(c))) return false;
        return true;
    }

    // The computer plays the side to move; false if the game is over.
    bool computer_move() {
        if (game_.outcome().termination != CESCACS_TERMINATION_NONE) return false;
        cescacs_color mover = game_.turn();
        if (clock_.flag_fell(mover, mover)) {
            std::cout << color_name(mover) << "'s time is up: the computer does not play on\n";
            return false;
        }
        cescacs_search_limits none{0, 0, 0};
        cescacs_search_result r = clock_.on() ? engine_.search_clock(game_, none, clock_.limits(mover)) : engine_.search(game_, limits_);
        if (!r.has_move) return false;
        std::string score = r.score_kind == CESCACS_SCORE_KIND_MATE ? "mate " + std::to_string(r.score)
                                                                    : "cp " + std::to_string(r.score);
        std::cout << "computer (" << color_name(game_.turn()) << ", depth " << r.depth << ", score " << score
                  << ") plays " << r.best_ctl << "  pv " << engine_.pv() << "\n";
        MoveList list = game_.legal_moves();
        game_.play(list, r.best_index);
        clock_.moved(mover);
        show_board({}, {});
        return game_.outcome().termination == CESCACS_TERMINATION_NONE;
    }

    void threats() {
        cescacs_color mover = game_.turn();
        uint32_t other = mover == CESCACS_COLOR_WHITE ? CESCACS_COLOR_BLACK : CESCACS_COLOR_WHITE;
        std::vector<cescacs_hex> attacked = game_.hexes([&](const cescacs_game *g, cescacs_hex *b, size_t n, size_t *c) {
            return cescacs_game_attacked_hexes(g, other, b, n, c);
        });
        std::vector<cescacs_hex> checkers = game_.hexes(cescacs_game_checkers);
        std::vector<cescacs_hex> threatened, pinned;
        for (const cescacs_placed_piece &p : game_.pieces()) {
            if (p.color != mover) continue;
            for (const cescacs_hex &h : attacked)
                if (cescacs::same(h, p.hex)) threatened.push_back(p.hex);
            bool is_pinned = false;
            cescacs::check(cescacs_game_is_pinned(game_.get(), static_cast<uint32_t>(mover), p.hex, &is_pinned));
            if (is_pinned) pinned.push_back(p.hex);
        }
        std::cout << color_name(static_cast<cescacs_color>(other)) << " attacks " << attacked.size() << " hexes (+)\n";
        std::cout << "attacked " << color_name(mover) << " pieces: " << join_hexes(threatened) << "\n";
        std::cout << "checking pieces: " << join_hexes(checkers) << "\n";
        std::cout << "pinned " << color_name(mover) << " pieces: " << join_hexes(pinned) << "\n";
        show_board({}, attacked);
    }

    void history() const {
        size_t plies = game_.plies(), n = 0;
        cescacs::check(cescacs_game_opening_comment_count(game_.get(), &n));
        for (size_t i = 0; i < n; i++)
            std::cout << "  { " << cescacs::text([&](char *b, size_t len, size_t *out) {
                return cescacs_game_opening_comment(game_.get(), i, b, len, out);
            }) << " }\n";
        if (plies == 0) std::cout << "no moves yet\n";
        for (size_t ply = 0; ply < plies; ply++) {
            std::cout << "  ply " << ply + 1 << ": " << game_.move_ctl(ply);
            size_t comments = game_.count(cescacs_game_comment_count, ply);
            size_t variations = game_.count(cescacs_game_variation_count, ply);
            for (size_t i = 0; i < comments; i++)
                std::cout << "  { " << cescacs::text([&](char *b, size_t n, size_t *out) {
                    return cescacs_game_comment(game_.get(), ply, i, b, n, out);
                }) << " }";
            for (size_t i = 0; i < variations; i++)
                std::cout << "  (" << cescacs::text([&](char *b, size_t n, size_t *out) {
                    return cescacs_game_variation_ctl(game_.get(), ply, i, b, n, out);
                }) << ")";
            std::cout << "\n";
        }
        std::cout << "result: " << game_.result() << "\n";
        cescacs::check(cescacs_game_final_comment_count(game_.get(), &n));
        for (size_t i = 0; i < n; i++)
            std::cout << "  { " << cescacs::text([&](char *b, size_t len, size_t *out) {
                return cescacs_game_final_comment(game_.get(), i, b, len, out);
            }) << " }\n";
    }

    void tags() const {
        size_t n = 0;
        cescacs::check(cescacs_game_tag_count(game_.get(), &n));
        if (n == 0) std::cout << "no tags\n";
        for (size_t i = 0; i < n; i++) {
            std::string name = cescacs::text([&](char *b, size_t len, size_t *out) {
                return cescacs_game_tag_name_at(game_.get(), i, b, len, out);
            });
            std::string value = cescacs::text([&](char *b, size_t len, size_t *out) {
                return cescacs_game_tag_value_at(game_.get(), i, b, len, out);
            });
            std::cout << "[" << name << " \"" << value << "\"]\n";
        }
    }

    void load(const std::string &path) {
        if (path.empty()) {
            std::cout << "usage: load FILE\n";
            return;
        }
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            std::cout << "error: cannot read " << path << "\n";
            return;
        }
        std::ostringstream all;
        all << in.rdbuf();
        std::string content = all.str();
        if (content.find('\0') != std::string::npos) {
            std::cout << "error: " << path << " is not a text file\n";
            return;
        }
        game_ = Game::from_pgn(content);  // on error the current game stays
        std::cout << "loaded " << path << ": " << game_.plies() << " plies, result " << game_.result() << "\n";
        show_board({}, {});
    }

    void save(const std::string &path) const {
        if (path.empty()) {
            std::cout << "usage: save FILE\n";
            return;
        }
        std::string pgn = game_.pgn();
        std::ofstream out(path, std::ios::binary);
        if (!out || !(out << pgn) || !(out.flush())) {
            std::cout << "error: cannot write " << path << "\n";
            return;
        }
        std::cout << "saved " << game_.plies() << " plies to " << path << "\n";
    }

    // The board drawn from the library's geometry: each hex's polygon from
    // its six corners, each piece at its hex's centre. The plane has y up and
    // circumradius 1; the picture scales it by 20 and turns y down.
    void svg(const std::string &path) const {
        if (path.empty()) {
            std::cout << "usage: svg FILE\n";
            return;
        }
        const double scale = 20.0, half_width = 11.5 * scale, half_height = 13.0 * scale + 2.0;
        std::ostringstream out;
        out << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"" << -half_width << " " << -half_height << " "
            << 2 * half_width << " " << 2 * half_height << "\">\n";
        static const char *const fills[3] = {"#8b6a4e", "#f3ead7", "#d9a066"};  // line % 3: black, white, coloured
        for (uint8_t line = 0; line <= 28; line++)
            for (uint8_t column = 0; column <= 14; column++) {
                cescacs_hex h{column, line};
                if (!cescacs_hex_is_valid(h)) continue;
                cescacs_point corners[CESCACS_HEX_CORNERS];
                cescacs::check(cescacs_hex_corners(h, corners));
                out << "<polygon fill=\"" << fills[line % 3] << "\" stroke=\"#5a4632\" points=\"";
                for (size_t k = 0; k < CESCACS_HEX_CORNERS; k++)
                    out << (k ? " " : "") << corners[k].x * scale << "," << -corners[k].y * scale;
                out << "\"/>\n";
            }
        for (const cescacs_placed_piece &p : game_.pieces()) {
            cescacs_point c{};
            cescacs::check(cescacs_hex_center(p.hex, &c));
            bool white = p.color == CESCACS_COLOR_WHITE;
            out << "<circle cx=\"" << c.x * scale << "\" cy=\"" << -c.y * scale << "\" r=\"" << 0.64 * scale
                << "\" fill=\"" << (white ? "#fff" : "#222") << "\" stroke=\"#222\"/>"
                << "<text x=\"" << c.x * scale << "\" y=\"" << -c.y * scale + 0.3 * scale
                << "\" text-anchor=\"middle\" font-size=\"" << 0.8 * scale << "\" fill=\"" << (white ? "#222" : "#fff")
                << "\">" << role_letter(p.role) << "</text>\n";
        }
        out << "</svg>\n";
        std::ofstream file(path, std::ios::binary);
        if (!file || !(file << out.str()) || !file.flush()) {
            std::cout << "error: cannot write " << path << "\n";
            return;
        }
        std::cout << "drew the board to " << path << "\n";
    }

    Game game_;
    bool interactive_;
    cescacs::Engine engine_;
    bool computer_white_ = false;
    bool computer_black_ = false;
    cescacs_search_limits limits_{0, 0, 1000};
    uint32_t level_ = CESCACS_SKILL_MAX;
    GameClock clock_;
};

}  // namespace

int main() {
    try {
        Front front;
        return front.run();
    } catch (const std::exception &e) {
        std::cerr << "cescacs-front: " << e.what() << "\n";
        return 1;
    }
}
