// cescacs-front: a small text front end for C'escacs, in C++17 over the C API
// of libcescacs (include/cescacs.h), built against the installed package.
//
// It reads commands from standard input, one per line (type `help`): it shows
// the board (the last move framed, coordinates on every side), the moves of a
// piece (`pick G1`), plays by hexes (`move G1 H6`, asking which move when
// several share the two hexes) or in CTL-AN in either case (`play k4-k10`),
// shows threats, takes moves back with their clock times, and lets the computer
// play either side (`computer black level 15`), answering every move, on the
// game's clocks when there are some (`clock 5+3`: shown in the prompt; a flag
// that falls ends the game, even while nobody types). A game ends by the rules,
// by `resign`, on time, or by a draw `claim` the core allows; `save` writes the
// record with its date, players, time control and result. With a terminal it
// shows a prompt; otherwise (a script) it echoes each command, so its output
// reads as a transcript. `--manual-clock` makes time pass only by `wait`, so
// that a scripted game on the clock is the same every run.
//
// The rules stay in the library: legality, the moves' text, the outcome, the
// repetition count and whether a draw may be claimed all come from it.

#include <unistd.h>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <cescacs.h>

#include "board.hpp"
#include "cescacs.hpp"
#include "clock.hpp"
#include "ending.hpp"
#include "input.hpp"
#include "notation.hpp"

namespace {

using cescacs::Game;
using cescacs::MoveList;

const char *const HELP =
    "Commands (hexes as F14 or f14; moves in CTL-AN in either case):\n"
    "  show                 the board (the last move's hexes framed [ ])\n"
    "  pick HEX             the legal moves of the piece on HEX, marked on the board (* or x)\n"
    "  move FROM TO         play the move from FROM to TO; when several moves share the\n"
    "                       two hexes (a King's Leap and castlings, promotions), a numbered\n"
    "                       list is shown and the next line is the choice\n"
    "  play MOVE            play a move written in CTL-AN (E7-E13, kg1-h4, KRK-II, ...)\n"
    "  moves                every legal move\n"
    "  threats              the hexes the other side attacks, checks and pins\n"
    "  undo                 take back the last move, and the clocks with it; against the\n"
    "                       computer, its reply and your move, so that you move again\n"
    "  resign               resign the game (yours, against the computer)\n"
    "  claim [MOVE]         claim a draw: threefold repetition or the fifty-move rule\n"
    "                       (RULES.md 6); with a move (CTL-AN, or FROM TO), claim for the\n"
    "                       position it leads to, and play it if the claim holds\n"
    "  history              the moves so far (by ply), with their comments and variations\n"
    "  comment TEXT         a comment on the last move\n"
    "  tag NAME VALUE       set a tag of the record (Event, White, Black, Result, ...)\n"
    "  tags                 the record's tags, as save writes them\n"
    "  load FILE            read a CTL-PGN record (the game continues from its end)\n"
    "  save FILE            write the game as CTL-PGN, with its Date, players (the\n"
    "                       computer with its level), TimeControl and result\n"
    "  svg FILE             draw the board as an SVG picture (from the hexes' plane geometry)\n"
    "  computer SIDE [MS]   the computer plays SIDE (white, black, both or off), MS\n"
    "                       milliseconds a move (default 1000); `computer SIDE depth N`\n"
    "                       searches N plies instead (the same move every time; on the\n"
    "                       clock, at most N plies); `computer SIDE level L` plays at\n"
    "                       Skill Level L (0 weakest .. 20 full, as the UCI option);\n"
    "                       `computer SIDE elo E` at the strongest level of at most E\n"
    "  levels               the Skill Levels with their Elo on the measured ladder\n"
    "  clock MIN+SEC        both sides' clocks (`clock 5+3`: 5 minutes, 3 s a move), shown\n"
    "                       in the prompt and with the board; the computer spends its own;\n"
    "                       a flag that falls loses the game; `clock` (or Enter at the\n"
    "                       prompt) shows them again; `clock off`\n"
    "  wait SEC             with --manual-clock: SEC seconds pass on the running clock\n"
    "  go                   the computer plays the side to move now\n"
    "  new [PDTL]           a new game, from the initial position or a PDTL position\n"
    "  pdtl                 the current position as PDTL\n"
    "  help                 this text\n"
    "  quit                 leave (so does the end of the input)\n";

const char *color_name(cescacs_color c) { return c == CESCACS_COLOR_WHITE ? "White" : "Black"; }

cescacs_color other(cescacs_color c) { return c == CESCACS_COLOR_WHITE ? CESCACS_COLOR_BLACK : CESCACS_COLOR_WHITE; }

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

bool is_number(const std::string &s) {
    if (s.empty() || s.size() > 9) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

// Today's date as a record's Date tag (YYYY-MM-DD, NOTATION.md §6.2), local time.
std::string today() {
    std::time_t t = std::time(nullptr);
    std::tm local{};
    char b[16] = "?";
    if (localtime_r(&t, &local) != nullptr) std::strftime(b, sizeof b, "%Y-%m-%d", &local);
    return b;
}

class Front {
public:
    Front(bool manual_clock) : interactive_(isatty(STDIN_FILENO) != 0) {
        if (manual_clock) clock_.manual_time();
    }

    int run() {
        std::cout << "cescacs-front " << cescacs_version() << " - type help for the commands\n";
        show_board();
        std::string line;
        for (;;) {
            LineReader::Got got = read_line(prompt(), line);
            if (got == LineReader::Got::End) break;
            if (got == LineReader::Got::Timeout || line.empty() || line[0] == '#') continue;
            std::istringstream words(line);
            std::string command;
            words >> command;
            std::string rest;
            std::getline(words, rest);
            rest = trim(rest);
            if (lower(command) == "quit" || lower(command) == "exit") break;
            try {
                execute(lower(command), rest);
            } catch (const std::exception &e) {
                std::cout << "error: " << e.what() << "\n";
            }
        }
        std::cout << "bye\n";
        return 0;
    }

private:
    // One input line (trimmed), or the flag's fall while waiting for it
    // (`Timeout`, told as the game's end), or the end of the input. With a
    // terminal the prompt is shown first; from a script the line is echoed.
    // A line typed after the flag fell comes too late: the game ends first.
    LineReader::Got read_line(const std::string &prompt, std::string &line) {
        if (interactive_) std::cout << prompt;
        std::cout << std::flush;  // all that was said, before waiting (a program may be reading)
        LineReader::Got got = reader_.next(line, deadline_ms());
        // A wait that ends a little early (the deadline is in whole milliseconds) goes on.
        while (got == LineReader::Got::Timeout && !clock_.flag_fell(game_.turn(), game_.turn()))
            got = reader_.next(line, deadline_ms());
        if (got == LineReader::Got::End) {
            if (interactive_) std::cout << "\n";
            return got;
        }
        if (got == LineReader::Got::Timeout) {
            if (interactive_) std::cout << "\n";
            flag_check();
            return got;
        }
        line = trim(line);
        if (!interactive_) std::cout << prompt << line << "\n";
        flag_check();
        return got;
    }

    // How long the wait for a line may last: until the flag of a player (not
    // the computer) on the move falls; -1 (no limit) otherwise, and with the
    // manual clock, whose time does not pass while waiting.
    long deadline_ms() const {
        if (!clock_.running() || clock_.manual() || over()) return -1;
        cescacs_color turn = game_.turn();
        if (computer_plays(turn)) return -1;
        return static_cast<long>(clock_.left_ms(turn, turn)) + 1;
    }

    // Ends the game on time if the side to move's flag has fallen; true then.
    bool flag_check() {
        if (!clock_.running() || over()) return false;
        cescacs_color turn = game_.turn();
        if (!clock_.flag_fell(turn, turn)) return false;
        end_game(Ending{Ending::Kind::Time, turn, ""});
        return true;
    }

    // The game ends (resignation, flag, claim): the clocks stop; `tell` says so.
    void end_game(const Ending &ending, bool tell = true) {
        clock_.halt(game_.turn());
        ending_ = ending;
        if (tell) std::cout << "game over: " << ending_.text() << "\n";
    }

    // Over by the rules (the core's outcome) or by an ending of the front end.
    bool over() const { return ending_.over() || game_.outcome().termination != CESCACS_TERMINATION_NONE; }

    std::string result() const { return ending_.over() ? ending_.result() : game_.result(); }

    std::string prompt() const {
        try {
            cescacs_color turn = game_.turn();
            return (clock_.on() ? clock_.prompt(turn) : "") + color_name(turn) + "> ";
        } catch (const cescacs::Error &) {
            return "> ";
        }
    }

    void execute(const std::string &command, const std::string &rest) {
        if (command == "help" || command == "?") {
            std::cout << HELP;
        } else if (command == "show" || command == "board") {
            show_board();
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
            if (refuse_if_over()) return;
            cescacs_color mover = game_.turn();
            game_.play_ctl(ctl_case(rest));
            after_move(mover);
        } else if (command == "moves") {
            MoveList list = game_.legal_moves();
            std::cout << list.size() << " legal moves:";
            for (size_t i = 0; i < list.size(); i++) std::cout << " " << list.ctl(i);
            std::cout << "\n";
        } else if (command == "threats") {
            threats();
        } else if (command == "undo") {
            undo();
        } else if (command == "resign") {
            resign(rest);
        } else if (command == "claim") {
            claim(rest);
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
        } else if (command == "wait") {
            wait(rest);
        } else if (command == "computer") {
            computer(rest);
        } else if (command == "levels") {
            for (uint32_t level = 0; level <= CESCACS_SKILL_MAX; level++)
                std::cout << "level " << level << ": Elo " << cescacs::skill_elo(level) << "\n";
        } else if (command == "go") {
            if (over()) {
                std::cout << "the game is over: the computer has no move to play\n";
                return;
            }
            if (computer_move()) answer();
        } else if (command == "new") {
            game_ = rest.empty() ? Game() : Game::from_pdtl(rest);
            start_game(true);
            engine_.new_game();
            std::cout << "new game\n";
            if (!over() && computer_plays(game_.turn()))
                answer();  // the computer's first move, then the board
            else
                show_board();
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

    // A game begins (`new`, a loaded record): no ending, the clocks back to
    // the start, the players those the computer settings say. A game begun
    // here (`fresh`) gets its date, players and time control when saved; a
    // loaded record keeps its own tags.
    void start_game(bool fresh) {
        ending_ = Ending{};
        clock_.reset(game_.plies());
        fresh_ = fresh;
        date_ = today();
        for (cescacs_color c : {CESCACS_COLOR_WHITE, CESCACS_COLOR_BLACK})
            name_[c] = computer_plays(c) ? computer_name() : "";
        if (over()) clock_.halt(game_.turn());
    }

    bool refuse_if_over() const {
        if (!over()) return false;
        std::cout << "the game is over: no move may follow (undo takes the last move back)\n";
        return true;
    }

    // The board, the last move's hexes framed, then the clocks and whose move it is.
    void show_board(const std::vector<cescacs_hex> &targets = {}, const std::vector<cescacs_hex> &plus = {}) const {
        BoardMarks marks{targets, plus, {}};
        size_t plies = game_.plies();
        if (plies > 0) {
            cescacs_move m = game_.move_at(plies - 1);
            marks.framed.push_back(m.from);
            if (!cescacs::same(m.from, m.to)) marks.framed.push_back(m.to);
        }
        std::cout << board_text(game_.pieces(), marks);
        if (plies > 0)
            std::cout << "last move: " << game_.move_ctl(plies - 1) << " (" << color_name(other(game_.turn())) << ")\n";
        status();
    }

    void status() const {
        if (clock_.on()) std::cout << clock_.show(game_.turn()) << "\n";
        cescacs_outcome o = game_.outcome();
        if (ending_.over()) {
            std::cout << "game over: " << ending_.text() << "\n";
        } else if (o.termination != CESCACS_TERMINATION_NONE) {
            static const char *const how[] = {"", "checkmate", "stalemate", "fivefold repetition",
                                               "the 75-move rule", "insufficient material"};
            std::cout << "game over: " << how[o.termination];
            if (o.winner != CESCACS_WINNER_NONE) std::cout << ", " << (o.winner == CESCACS_WINNER_WHITE ? "White" : "Black") << " wins";
            std::cout << " (" << game_.result() << ")\n";
        } else {
            std::cout << color_name(game_.turn()) << " to move" << (game_.in_check() ? ", in check" : "");
            if (game_.can_claim_draw()) std::cout << " (may claim a draw: " << rule(game_) << ")";
            std::cout << "\n";
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
        if (refuse_if_over()) return;
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
            if (read_line("which one (1-" + std::to_string(n) + ", anything else cancels)? ", answer) !=
                    LineReader::Got::Line ||
                over())
                return;
            char *end = nullptr;
            unsigned long k = std::strtoul(answer.c_str(), &end, 10);
            if (answer.empty() || *end != '\0' || k < 1 || k > n) {
                std::cout << "cancelled\n";
                return;
            }
            choice = k - 1;
        }
        cescacs_color mover = game_.turn();
        game_.play(choices, choice);
        after_move(mover);
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

    // Every move made at the board (`move`, a choice from its list, `play`,
    // `claim` with a move) comes here: the clock, then the computer's answer
    // and one board.
    void after_move(cescacs_color mover) {
        clock_.moved(mover, game_.plies());
        std::cout << "played " << game_.move_ctl(game_.plies() - 1) << "\n";
        answer();
    }

    // The computer plays while it is on the move (both sides: to the end),
    // then the board is shown once: after each move when the computer plays
    // both sides, else once the human is to move again (or the game is over).
    void answer() {
        settle();
        bool both = computer_white_ && computer_black_;
        while (!over() && computer_plays(game_.turn())) {
            if (!computer_move()) break;
            if (both && !over()) show_board();
        }
        show_board();
    }

    // The clocks stop when the rules end the game.
    void settle() {
        if (game_.outcome().termination != CESCACS_TERMINATION_NONE) clock_.halt(game_.turn());
    }

    bool computer_plays(cescacs_color c) const {
        return c == CESCACS_COLOR_WHITE ? computer_white_ : computer_black_;
    }

    // The computer as a player of the record: `cescacs (Skill Level 15, depth 4)`.
    std::string computer_name() const {
        std::string parts;
        auto add = [&](const std::string &p) { parts += (parts.empty() ? "" : ", ") + p; };
        if (level_ < CESCACS_SKILL_MAX) add("Skill Level " + std::to_string(level_));
        if (limits_.depth)
            add("depth " + std::to_string(limits_.depth));
        else if (!clock_.on())
            add(std::to_string(limits_.time_ms) + " ms a move");
        return parts.empty() ? "cescacs" : "cescacs (" + parts + ")";
    }

    // `computer white|black|both|off [MS]`, `computer SIDE depth N`,
    // `computer SIDE level L` or `computer SIDE elo E`.
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
        } else if (ok && lower(a) == "elo") {
            ok = is_number(b) && extra.empty() && b.size() <= 5 && std::stoul(b) >= CESCACS_ELO_MIN &&
                 std::stoul(b) <= CESCACS_ELO_MAX;
            if (ok) engine_.set_elo(static_cast<uint32_t>(std::stoul(b)));
            if (ok) level_ = engine_.skill();
        } else if (ok && lower(a) == "depth") {
            ok = is_number(b) && extra.empty() && std::stoul(b) >= 1 && std::stoul(b) <= 64;
            if (ok) limits = cescacs_search_limits{static_cast<uint32_t>(std::stoul(b)), 0, 0};
        } else if (ok && !a.empty()) {
            ok = is_number(a) && b.empty() && std::stoul(a) >= 1 && std::stoul(a) <= 3600000;
            if (ok) limits = cescacs_search_limits{0, 0, static_cast<uint64_t>(std::stoul(a))};
        }
        if (!ok) {
            std::cout << "usage: computer white|black|both|off [MS] (or computer SIDE depth N, N 1..64, computer SIDE "
                         "level L, L 0.."
                      << CESCACS_SKILL_MAX << ", or computer SIDE elo E, E " << CESCACS_ELO_MIN << ".." << CESCACS_ELO_MAX
                      << ")\n";
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
        for (cescacs_color c : {CESCACS_COLOR_WHITE, CESCACS_COLOR_BLACK})
            if (computer_plays(c)) name_[c] = computer_name();
        std::cout << "the computer plays " << (side == "both" ? "both sides" : side) << ", " << pace() << ", level "
                  << level_ << " (Elo " << cescacs::skill_elo(level_) << ")\n";
        if (!over() && computer_plays(game_.turn())) answer();
    }

    // How the computer's time is set: the clock (a depth caps it), a depth or a time a move.
    std::string pace() const {
        std::string depth = std::to_string(limits_.depth) + (limits_.depth == 1 ? " ply deep" : " plies deep");
        if (clock_.on()) return "on the clock " + clock_.spec() + (limits_.depth ? " and at most " + depth : "");
        return limits_.depth ? depth : std::to_string(limits_.time_ms) + " ms a move";
    }

    // `clock MIN+SEC` (minutes, seconds a move), `clock off`, or `clock` (show them).
    void clock(const std::string &rest) {
        if (rest.empty()) {
            std::cout << (clock_.on() ? clock_.show(game_.turn()) : "no clock") << "\n";
            return;
        }
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
        clock_.start(static_cast<uint64_t>(std::llround(minutes * 60000)), static_cast<uint64_t>(std::llround(seconds * 1000)),
                     game_.plies());
        if (over()) clock_.halt(game_.turn());
        std::cout << clock_.show(game_.turn()) << "\n";
    }

    // `wait SEC` (--manual-clock): time passes on the running clock.
    void wait(const std::string &rest) {
        if (!clock_.manual()) {
            std::cout << "wait works with --manual-clock only (the clock runs by itself)\n";
            return;
        }
        char *end = nullptr;
        double seconds = std::strtod(rest.c_str(), &end);
        if (rest.empty() || *end != '\0' || !(seconds >= 0 && seconds <= 36000)) {
            std::cout << "usage: wait SEC (e.g. wait 2.5)\n";
            return;
        }
        clock_.advance(static_cast<uint64_t>(std::llround(seconds * 1000)));
        std::cout << (clock_.on() ? clock_.show(game_.turn()) : "no clock") << "\n";
        flag_check();
    }

    // The computer plays the side to move; false if it did not (the game is
    // over, or its flag fell while it thought: the move then comes too late).
    bool computer_move() {
        if (over() || flag_check()) return false;
        cescacs_color mover = game_.turn();
        cescacs_search_result r{};
        if (clock_.running()) {
            cescacs_search_limits depth_only{limits_.depth, 0, 0};
            r = engine_.search_clock(game_, depth_only, clock_.limits(mover));
        } else {
            r = engine_.search(game_, limits_);
        }
        if (!r.has_move || flag_check()) return false;
        std::string score = r.score_kind == CESCACS_SCORE_KIND_MATE ? "mate " + std::to_string(r.score)
                                                                    : "cp " + std::to_string(r.score);
        std::cout << "computer (" << color_name(mover) << ", depth " << r.depth << ", score " << score << ") plays "
                  << r.best_ctl << "  pv " << engine_.pv() << "\n";
        MoveList list = game_.legal_moves();
        game_.play(list, r.best_index);
        clock_.moved(mover, game_.plies());
        name_[mover] = computer_name();
        settle();
        return true;
    }

    // Takes back the last move, or against the computer (one side) its
    // reply and the move before it, so that the human is to move; the clocks
    // go back to what they were then, and an ending (resignation, time,
    // claim) is undone with the moves.
    void undo() {
        size_t plies = game_.plies();
        size_t k = 1;
        if (plies > 0 && computer_plays(other(game_.turn())) && !(computer_white_ && computer_black_)) k = 2;
        if (plies < k) {
            if (ending_.over()) {
                ending_ = Ending{};
                clock_.back_to(plies);
                std::cout << "the game goes on\n";
                show_board();
                return;
            }
            std::cout << (plies == 0 ? "nothing to take back\n"
                                     : "nothing to take back (the computer's first move stays; new starts again)\n");
            return;
        }
        std::string taken;
        for (size_t i = 0; i < k; i++) {
            taken += (i ? " and " : "") + game_.move_ctl(game_.plies() - 1);
            game_.undo();
        }
        ending_ = Ending{};
        clock_.back_to(game_.plies());
        settle();
        std::cout << "took back " << taken << "\n";
        show_board();
    }

    // The human resigns: the side the computer does not play, or the side to
    // move when the computer plays none or both.
    void resign(const std::string &rest) {
        if (!rest.empty()) {
            std::cout << "usage: resign\n";
            return;
        }
        if (over()) {
            std::cout << "the game is over already (" << result() << ")\n";
            return;
        }
        cescacs_color side = game_.turn();
        if (computer_white_ != computer_black_) side = computer_white_ ? CESCACS_COLOR_BLACK : CESCACS_COLOR_WHITE;
        end_game(Ending{Ending::Kind::Resigned, side, ""});
    }

    // `claim`: a draw for the side to move, if the core says it may claim
    // one now. `claim MOVE`: for the position MOVE leads to (as a player
    // writes the move and claims before playing it); the move is played
    // only when the claim holds.
    void claim(const std::string &rest) {
        if (over()) {
            std::cout << "the game is over already (" << result() << ")\n";
            return;
        }
        cescacs_color claimant = game_.turn();
        if (rest.empty()) {
            if (!game_.can_claim_draw()) {
                std::cout << "no draw to claim: " << claim_state(game_) << "\n";
                return;
            }
            end_game(Ending{Ending::Kind::Claimed, claimant, rule(game_)});
            return;
        }
        cescacs_move mv{};
        std::istringstream words(rest);
        std::string first, second, extra;
        words >> first >> second >> extra;
        if (!extra.empty()) {
            std::cout << "usage: claim [MOVE] (CTL-AN, or FROM TO)\n";
            return;
        }
        if (second.empty()) {
            cescacs::check(cescacs_game_parse_ctl(game_.get(), ctl_case(first).c_str(), &mv));
        } else {
            MoveList choices = game_.find_moves(cescacs::parse_hex(first), cescacs::parse_hex(second));
            if (choices.size() != 1) {
                std::cout << (choices.size() == 0 ? "no legal move from " : "several moves go from ") << ctl_case(first)
                          << " to " << ctl_case(second) << (choices.size() == 0 ? "\n" : ": claim with the move in CTL-AN\n");
                return;
            }
            mv = choices[0];
        }
        Game trial = game_.clone();
        cescacs::check(cescacs_game_play_move(trial.get(), &mv));
        std::string text = trial.move_ctl(trial.plies() - 1);
        if (!trial.can_claim_draw()) {
            std::cout << "no draw to claim after " << text << ": " << claim_state(trial) << "; the move is not played\n";
            return;
        }
        cescacs::check(cescacs_game_play_move(game_.get(), &mv));
        clock_.moved(claimant, game_.plies());
        std::cout << "played " << text << "\n";
        end_game(Ending{Ending::Kind::Claimed, claimant, rule(game_)}, false);
        show_board();
    }

    // Which rule a claim the core allows rests on: the repetition when the
    // position has occurred three times, else the fifty-move rule.
    static std::string rule(const Game &g) {
        return g.repetitions() >= 3 ? "threefold repetition" : "the fifty-move rule";
    }

    // `the position has occurred 2 times (3 needed), 14 halfmoves without a
    // capture or a pawn move (100 needed)`; the halfmove clock is PDTL's field 5.
    static std::string claim_state(const Game &g) {
        std::istringstream fields(g.pdtl());
        std::string field, halfmoves = "?";
        for (int i = 0; i < 5 && fields >> field; i++)
            if (i == 4) halfmoves = field;
        size_t n = g.repetitions();
        return "the position has occurred " + std::to_string(n) + (n == 1 ? " time" : " times") + " (3 needed), " +
               halfmoves + " halfmoves without a capture or a pawn move (100 needed)";
    }

    // The record as `save` writes it: for a game begun here, the Date it began,
    // the players (the computer named with its level and pace, `?` for a
    // person, unless a tag names them), WhiteType/BlackType and the
    // TimeControl (`-` without a clock); for any game, an ending of the front
    // end's as the Result, a final comment and, on time, a Termination tag.
    Game record() const {
        Game r = game_.clone();
        if (fresh_) {
            std::string date = r.tag("Date");
            if (date.find_first_not_of("?-.") == std::string::npos) r.set_tag("Date", date_);  // no digit known
            for (cescacs_color c : {CESCACS_COLOR_WHITE, CESCACS_COLOR_BLACK}) {
                std::string player = color_name(c);
                std::string value = r.tag(player);
                if ((value.empty() || value == "?") && !name_[c].empty()) r.set_tag(player, name_[c]);
                if (r.tag(player + "Type").empty()) r.set_tag(player + "Type", name_[c].empty() ? "human" : "program");
            }
            if (r.tag("TimeControl").empty()) r.set_tag("TimeControl", clock_.on() ? clock_.pgn() : "-");
        }
        if (ending_.over()) {
            r.set_tag("Result", ending_.result());
            if (ending_.kind == Ending::Kind::Time) r.set_tag("Termination", "time forfeit");
            r.add_final_comment(ending_.text());
        }
        return r;
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
        std::cout << "result: " << result() << "\n";
        cescacs::check(cescacs_game_final_comment_count(game_.get(), &n));
        for (size_t i = 0; i < n; i++)
            std::cout << "  { " << cescacs::text([&](char *b, size_t len, size_t *out) {
                return cescacs_game_final_comment(game_.get(), i, b, len, out);
            }) << " }\n";
    }

    void tags() const {
        Game r = record();
        size_t n = 0;
        cescacs::check(cescacs_game_tag_count(r.get(), &n));
        if (n == 0) std::cout << "no tags\n";
        for (size_t i = 0; i < n; i++) {
            std::string name = cescacs::text([&](char *b, size_t len, size_t *out) {
                return cescacs_game_tag_name_at(r.get(), i, b, len, out);
            });
            std::string value = cescacs::text([&](char *b, size_t len, size_t *out) {
                return cescacs_game_tag_value_at(r.get(), i, b, len, out);
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
        start_game(false);
        std::cout << "loaded " << path << ": " << game_.plies() << " plies, result " << game_.result() << "\n";
        show_board();
    }

    void save(const std::string &path) const {
        if (path.empty()) {
            std::cout << "usage: save FILE\n";
            return;
        }
        std::string pgn = record().pgn();
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
    LineReader reader_;
    cescacs::Engine engine_;
    bool computer_white_ = false;
    bool computer_black_ = false;
    cescacs_search_limits limits_{0, 0, 1000};
    uint32_t level_ = CESCACS_SKILL_MAX;
    GameClock clock_;
    // How the game ended, when not by the rules.
    Ending ending_;
    // Begun here (not loaded): save adds its date, players and time control.
    bool fresh_ = true;
    std::string date_ = today();
    // Each side's player: the computer's name, or "" for a person.
    std::string name_[2];
};

}  // namespace

int main(int argc, char **argv) {
    bool manual_clock = false;
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--manual-clock") == 0) {
            manual_clock = true;
        } else {
            std::cerr << "usage: cescacs-front [--manual-clock]   (commands on standard input; type help)\n";
            return 2;
        }
    }
    try {
        Front front(manual_clock);
        return front.run();
    } catch (const std::exception &e) {
        std::cerr << "cescacs-front: " << e.what() << "\n";
        return 1;
    }
}
