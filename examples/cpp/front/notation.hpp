// Typed moves in either case. CTL-AN is written in uppercase (NOTATION.md §1,
// §2: piece and column letters alike), so a lowercase letter in a typed move
// can only be the same letter in uppercase, but for one: `x` (or `X`) right
// after a hex's digits is the capture separator `x` the core's reader accepts
// (a column letter never follows a digit in a move). The core then reads the
// result.
#pragma once

#include <cctype>
#include <string>

// `k4-k10` → `K4-K10`, `kg1-h4` → `KG1-H4`, `e13Xf16` → `E13xF16`; other
// characters (`×`, `∞` in UTF-8, `-`, `=`, `@`, `+`, `#`) stay as typed.
inline std::string ctl_case(const std::string &typed) {
    std::string s = typed;
    for (size_t i = 0; i < s.size(); i++) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80 || !std::isalpha(c)) continue;
        bool after_digit = i > 0 && std::isdigit(static_cast<unsigned char>(s[i - 1]));
        s[i] = static_cast<char>((c == 'x' || c == 'X') && after_digit ? 'x' : std::toupper(c));
    }
    return s;
}
