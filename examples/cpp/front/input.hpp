// Lines from standard input, read with a deadline: while a player thinks on
// the clock, the wait for the next line ends when the flag falls, so the game
// ends on time although nothing was typed. The reader keeps its own buffer
// (read(2) on descriptor 0; poll(2) only when no whole line is buffered), so
// lines already read are never hidden from the deadline's poll.
#pragma once

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <string>

class LineReader {
public:
    enum class Got { Line, Timeout, End };

    // The next line (without its '\n') in `line`; `Timeout` if `timeout_ms`
    // (>= 0) passes first; `End` at the end of the input. A last line without
    // a '\n' is still a line.
    Got next(std::string &line, long timeout_ms) {
        for (;;) {
            size_t nl = buf_.find('\n');
            if (nl != std::string::npos) {
                line = buf_.substr(0, nl);
                buf_.erase(0, nl + 1);
                return Got::Line;
            }
            if (end_) {
                if (buf_.empty()) return Got::End;
                line.swap(buf_);
                buf_.clear();
                return Got::Line;
            }
            if (timeout_ms >= 0) {
                pollfd p{STDIN_FILENO, POLLIN, 0};
                int ready = poll(&p, 1, timeout_ms > 2000000000L ? 2000000000 : static_cast<int>(timeout_ms));
                if (ready == 0) return Got::Timeout;
                if (ready < 0 && errno == EINTR) continue;
            }
            char chunk[4096];
            ssize_t n = read(STDIN_FILENO, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                end_ = true;
                continue;
            }
            buf_.append(chunk, static_cast<size_t>(n));
        }
    }

private:
    std::string buf_;
    bool end_ = false;
};
