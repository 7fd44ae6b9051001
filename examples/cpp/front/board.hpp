// The board as text: one row per line (28 at the top), each column in a
// two-character slot, so the rows interleave into the hexagonal outline; the
// line numbers on both sides and the column letters above and below. A hex's
// neighbours on its row are two slots away, so the spaces either side of it
// are free to frame it: the last move's hexes are shown `[.]` and `[P]`.
#pragma once

#include <cctype>
#include <string>
#include <vector>

#include "cescacs.hpp"

struct BoardMarks {
    // Legal destinations: `*` on an empty hex, `x` on a piece to take.
    std::vector<cescacs_hex> targets;
    // `+` on empty hexes (the attacked ones).
    std::vector<cescacs_hex> plus;
    // The last move's hexes, framed in brackets.
    std::vector<cescacs_hex> framed;
};

inline char role_letter(cescacs_role role) {
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

inline std::string board_text(const std::vector<cescacs_placed_piece> &pieces, const BoardMarks &m) {
    const int first = 4;                  // the slot of column P
    const int width = first + 2 * 14 + 2; // column Z's slot and its frame
    static const char *const letters = "P T A B C D E F G H I K L X Z";
    std::vector<std::string> rows(29, std::string(static_cast<size_t>(width), ' '));
    auto at = [&](const cescacs_hex &h, int offset) -> char & {
        return rows[h.line][static_cast<size_t>(first + 2 * h.column + offset)];
    };
    for (uint8_t line = 0; line < 29; line++)
        for (uint8_t column = 0; column < 15; column++) {
            cescacs_hex h{column, line};
            if (cescacs_hex_is_valid(h)) at(h, 0) = '.';
        }
    for (const cescacs_placed_piece &p : pieces) {
        char c = role_letter(p.role);
        at(p.hex, 0) = p.color == CESCACS_COLOR_WHITE ? c : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    for (const cescacs_hex &h : m.plus)
        if (at(h, 0) == '.') at(h, 0) = '+';
    for (const cescacs_hex &h : m.targets) {
        char &c = at(h, 0);
        c = c == '.' || c == '+' ? '*' : 'x';
    }
    for (const cescacs_hex &h : m.framed) {
        at(h, -1) = '[';
        at(h, 1) = ']';
    }
    std::string header = std::string(static_cast<size_t>(first), ' ') + letters + "\n";
    std::string out = header;
    for (int line = 28; line >= 0; line--) {
        std::string number = std::to_string(line);
        out += std::string(number.size() < 2 ? 1 : 0, ' ') + number + rows[static_cast<size_t>(line)].substr(2) + " " +
               number + "\n";
    }
    return out + header;
}
