// The endings a front end decides, beside those of the rules (checkmate,
// stalemate, the automatic draws, which the core reports as the game's
// outcome): a resignation, a flag fall, and a draw claimed when the core says
// the side to move may claim one (RULES.md §6). Points as NOTATION.md §4:
// a win by resignation or on time is 3-0 / 0-3, a draw 1-1.
#pragma once

#include <string>

#include <cescacs.h>

struct Ending {
    enum class Kind { None, Resigned, Time, Claimed };

    Kind kind = Kind::None;
    // Who resigned, whose flag fell, or who claimed the draw.
    cescacs_color side = CESCACS_COLOR_WHITE;
    // For a claimed draw: "threefold repetition" or "the fifty-move rule".
    std::string rule;

    bool over() const { return kind != Kind::None; }

    // The result line and Result tag.
    std::string result() const {
        if (kind == Kind::Claimed) return "1-1";
        return side == CESCACS_COLOR_WHITE ? "0-3" : "3-0";
    }

    // `White resigned, Black wins (0-3)`.
    std::string text() const {
        const char *name = side == CESCACS_COLOR_WHITE ? "White" : "Black";
        const char *winner = side == CESCACS_COLOR_WHITE ? "Black" : "White";
        switch (kind) {
            case Kind::Resigned: return std::string(name) + " resigned, " + winner + " wins (" + result() + ")";
            case Kind::Time:
                return std::string(name) + "'s time is up, " + winner + " wins on time (" + result() + ")";
            case Kind::Claimed: return std::string("draw claimed by ") + name + ", " + rule + " (" + result() + ")";
            default: return "";
        }
    }
};
