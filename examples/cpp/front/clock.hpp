// The game's clocks (`clock 5+3`): each side's time left, the side to move's
// running from the last move (wall time), and the increment added to a side's
// clock after each of its moves. The engine reads them as go-style limits
// (cescacs_clock).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

#include <cescacs.h>

class GameClock {
public:
    bool on() const { return on_; }

    // Both clocks at `base_ms`, `inc_ms` a move; the side to move's runs.
    void start(uint64_t base_ms, uint64_t inc_ms) {
        on_ = true;
        base_ = base_ms;
        inc_ = inc_ms;
        left_[0] = left_[1] = base_ms;
        since_ = now();
    }

    void stop() { on_ = false; }

    // Both clocks back to the start (a new game).
    void reset() {
        if (on_) start(base_, inc_);
    }

    // The time since the last move is charged to `mover`, who then gets the
    // increment (not once its time is up).
    void moved(cescacs_color mover) {
        if (!on_) return;
        uint64_t &left = left_[index(mover)];
        uint64_t used = elapsed();
        left = used >= left ? 0 : left - used + inc_;
        since_ = now();
    }

    // The side to move's time starts again (after an undo).
    void restart_turn() { since_ = now(); }

    // `side`'s time left, its running time taken off when it is to move.
    uint64_t left_ms(cescacs_color side, cescacs_color turn) const {
        uint64_t left = left_[index(side)];
        if (side != turn) return left;
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
            return std::string(name) + (c == turn ? "* " : " ") + mmss(left_ms(c, turn));
        };
        return "clock " + spec() + ": " + side(CESCACS_COLOR_WHITE, "White") + ", " + side(CESCACS_COLOR_BLACK, "Black");
    }

    // `5+3` (minutes + seconds), as `clock` reads it.
    std::string spec() const {
        char b[64];
        std::snprintf(b, sizeof b, "%g+%g", static_cast<double>(base_) / 60000.0, static_cast<double>(inc_) / 1000.0);
        return b;
    }

private:
    using Clock = std::chrono::steady_clock;

    static Clock::time_point now() { return Clock::now(); }
    static int index(cescacs_color c) { return c == CESCACS_COLOR_WHITE ? 0 : 1; }

    uint64_t elapsed() const {
        return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(now() - since_).count());
    }

    static std::string mmss(uint64_t ms) {
        char b[32];
        std::snprintf(b, sizeof b, "%llu:%02llu.%llu", static_cast<unsigned long long>(ms / 60000),
                      static_cast<unsigned long long>(ms / 1000 % 60), static_cast<unsigned long long>(ms / 100 % 10));
        return b;
    }

    bool on_ = false;
    uint64_t base_ = 0, inc_ = 0;
    uint64_t left_[2] = {0, 0};
    Clock::time_point since_ = now();
};
