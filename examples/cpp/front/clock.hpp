// The game's clocks (`clock 5+3`): each side's time left, the side to move's
// running from the last move, the increment added to a side's clock after each
// of its moves, and the clocks as they stood when each position of the game was
// reached, so that taking moves back puts the clocks back too. The engine reads
// them as go-style limits (cescacs_clock).
//
// Time is the wall clock (steady_clock), or with `manual_time()` a counter that
// only `advance` moves: a scripted session then sees the same clocks every run.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>

#include <cescacs.h>

class GameClock {
public:
    bool on() const { return on_; }
    // Whether the side to move's clock is running (on, and the game not over).
    bool running() const { return on_ && running_; }

    // From now on time passes only by `advance` (scripted sessions, tests).
    void manual_time() { manual_ = true; }
    bool manual() const { return manual_; }
    void advance(uint64_t ms) { manual_now_ += ms; }

    // Both clocks at `base_ms`, `inc_ms` a move, from position `ply` on; the
    // side to move's runs.
    void start(uint64_t base_ms, uint64_t inc_ms, size_t ply) {
        on_ = true;
        base_ = base_ms;
        inc_ = inc_ms;
        left_[0] = left_[1] = base_ms;
        reached_.clear();
        reached_[ply] = {base_ms, base_ms};
        resume();
    }

    void stop() { on_ = false; }

    // Both clocks back to the start for a game whose current position is
    // `ply` (a new or loaded game).
    void reset(size_t ply) {
        if (on_) start(base_, inc_, ply);
    }

    // The time since the last move is charged to `mover`, who then gets the
    // increment; the clocks as they stand are those of position `ply` (the
    // one just reached).
    void moved(cescacs_color mover, size_t ply) {
        if (!on_) return;
        uint64_t &left = left_[index(mover)];
        uint64_t used = running_ ? elapsed() : 0;
        left = used >= left ? 0 : left - used + inc_;
        reached_[ply] = {left_[0], left_[1]};
        since_ = now();
    }

    // The game is over: the side to move's time stops (charged up to now).
    void halt(cescacs_color turn) {
        if (!running()) return;
        uint64_t &left = left_[index(turn)];
        uint64_t used = elapsed();
        left = used >= left ? 0 : left - used;
        running_ = false;
    }

    // The side to move's time runs again from now.
    void resume() {
        running_ = true;
        since_ = now();
    }

    // Moves were taken back to position `ply`: both clocks as they stood when
    // it was reached (as they are, if it was reached before the clock was
    // set), and the side to move's running from now.
    void back_to(size_t ply) {
        if (!on_) return;
        auto at = reached_.find(ply);
        if (at != reached_.end()) {
            left_[0] = at->second.white;
            left_[1] = at->second.black;
        }
        reached_.erase(reached_.upper_bound(ply), reached_.end());
        resume();
    }

    // `side`'s time left, its running time taken off when it is to move.
    uint64_t left_ms(cescacs_color side, cescacs_color turn) const {
        uint64_t left = left_[index(side)];
        if (side != turn || !running_) return left;
        uint64_t used = elapsed();
        return used >= left ? 0 : left - used;
    }

    bool flag_fell(cescacs_color side, cescacs_color turn) const { return on_ && left_ms(side, turn) == 0; }

    // The clocks as the engine reads them (`go wtime … btime … winc … binc …`).
    cescacs_clock limits(cescacs_color turn) const {
        return cescacs_clock{left_ms(CESCACS_COLOR_WHITE, turn), left_ms(CESCACS_COLOR_BLACK, turn), inc_, inc_, 0};
    }

    // `clock 5+3: White 4:58.1, Black* 5:00.0` (`*`: the side whose clock runs).
    std::string show(cescacs_color turn) const {
        auto side = [&](cescacs_color c, const char *name) {
            return std::string(name) + (c == turn && running_ ? "* " : " ") + mmss(left_ms(c, turn));
        };
        return "clock " + spec() + ": " + side(CESCACS_COLOR_WHITE, "White") + ", " + side(CESCACS_COLOR_BLACK, "Black");
    }

    // `[White 4:58.1 | Black 5:00.0] ` before the prompt.
    std::string prompt(cescacs_color turn) const {
        return "[White " + mmss(left_ms(CESCACS_COLOR_WHITE, turn)) + " | Black " + mmss(left_ms(CESCACS_COLOR_BLACK, turn)) +
               "] ";
    }

    // `5+3` (minutes + seconds), as `clock` reads it.
    std::string spec() const {
        char b[64];
        std::snprintf(b, sizeof b, "%g+%g", static_cast<double>(base_) / 60000.0, static_cast<double>(inc_) / 1000.0);
        return b;
    }

    // The PGN TimeControl, seconds + seconds (`300+3`; `30+0.5`).
    std::string pgn() const {
        char b[64];
        std::snprintf(b, sizeof b, "%g+%g", static_cast<double>(base_) / 1000.0, static_cast<double>(inc_) / 1000.0);
        return b;
    }

    // `m:ss.t`, rounded up to the tenth: a clock reads 0:00.0 only once its flag
    // has fallen, and a clock just set reads its full time however long the
    // machine took to print it.
    static std::string mmss(uint64_t ms) {
        unsigned long long tenths = (ms + 99) / 100;
        char b[32];
        std::snprintf(b, sizeof b, "%llu:%02llu.%llu", tenths / 600, tenths / 10 % 60, tenths % 10);
        return b;
    }

private:
    struct Left {
        uint64_t white, black;
    };

    static int index(cescacs_color c) { return c == CESCACS_COLOR_WHITE ? 0 : 1; }

    uint64_t now() const {
        if (manual_) return manual_now_;
        return static_cast<uint64_t>(
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
                .count());
    }

    uint64_t elapsed() const {
        uint64_t t = now();
        return t >= since_ ? t - since_ : 0;
    }

    bool on_ = false;
    bool running_ = true;
    bool manual_ = false;
    uint64_t manual_now_ = 0;
    uint64_t base_ = 0, inc_ = 0;
    uint64_t left_[2] = {0, 0};
    std::map<size_t, Left> reached_;
    uint64_t since_ = 0;
};
