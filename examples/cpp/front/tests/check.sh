#!/usr/bin/env bash
# The transcript tests of the C++ front end (examples/cpp/front), run by
# scripts/test-c.sh once the front end is built against an install:
#
#   examples/cpp/front/tests/check.sh FRONT_EXE LIB_DIR WORK_DIR
#
# Each session file here is fed on standard input (so every command is echoed
# and the output reads as a transcript) in WORK_DIR, and checked:
#   session.txt            a tour of the commands (plain and under valgrind);
#   engine-session.txt     the computer player at a fixed depth;
#   levels-clock-session.txt  levels, and the computer on the wall clock;
#   endings-session.txt    resignation, draw claims, moves in either case, undo
#                          with the clocks, a flag fall: the whole transcript
#                          and the saved records compared exactly (plain and
#                          under valgrind);
#   computer-session.txt   undo against the computer, the record's players and
#                          time control (--manual-clock, depth limits; valgrind);
#   and a flag that falls on the wall clock while nothing is typed.
# Prints "ok NAME" or "FAIL NAME: WHY" per check, then "N passed, M failed".
set -uo pipefail
if [[ $# -ne 3 ]]; then
    echo "usage: $0 FRONT_EXE LIB_DIR WORK_DIR" >&2
    exit 2
fi
front="$(realpath "$1")"
export LD_LIBRARY_PATH="$(realpath "$2")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$3"
work="$(realpath "$3")"
tests="$(cd "$(dirname "$0")" && pwd)"
cd "$work" || exit 1

passed=0
failed=0
# Counts a check: "ok NAME" or "FAIL NAME: WHY".
check() {
    local name="$1" ok="$2" why="${3:-}"
    if [[ "$ok" == yes ]]; then
        echo "ok $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name: $why"
        failed=$((failed + 1))
    fi
}
# `session FILE OUT [ARGS]`: runs the front end on tests/FILE, its output to OUT; yes if it exits 0.
session() {
    local file="$1" out="$2"
    shift 2
    "$front" "$@" <"$tests/$file" >"$out" 2>&1 && echo yes || echo no
}
# `valgrind_session FILE OUT [ARGS]`: the same under valgrind (no invalid access, no leak).
valgrind_session() {
    local file="$1" out="$2"
    shift 2
    valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible \
        --show-leak-kinds=definite,indirect,possible --log-file="$out.valgrind.log" \
        "$front" "$@" <"$tests/$file" >"$out" 2>&1 && echo yes || echo no
}
# `in_order FILE`: each line of standard input is an extended regular expression that
# must match a whole line of FILE, in this order; prints the first one missing.
in_order() {
    awk 'BEGIN { i = 0; n = 0 } NR == FNR { want[n++] = $0; next }
         i < n && $0 ~ ("^(" want[i] ")$") { i++ }
         END { if (i < n) { print "missing: " want[i]; exit 1 } }' - "$1"
}
# The date a game begun during the run was given (today, before or after midnight).
date_before="$(date +%F)"
dated() {
    local expected="$1" actual="$2" d
    for d in "$date_before" "$(date +%F)"; do
        sed "s/@DATE@/$d/" "$expected" | cmp -s - "$actual" && return 0
    done
    return 1
}

# --- session.txt: the tour of the commands ---------------------------------
t="$work/transcript.txt"
cp "$tests/fools-mate-variations.ctl-pgn" "$work/"
r="$(session session.txt "$t")"
check "front end: the session runs to its end (exit status 0)" "$r" "$(tail -n 3 "$t")"
has() { grep -qxF -- "$1" "$t"; }
has "9 moves go from G1 to H6:" && has "  8. KRR-HIH  (castling: King G1-H6, Rook C3-H8, Rook I3-I7)" &&
    has "which one (1-9, anything else cancels)? 3" && has "played KRK-HIOO" &&
    has "which one (1-9, anything else cancels)? 8" && has "played KRR-HIH" && r=yes || r=no
check "front end: G1 to H6 lists the Leap and eight castlings; the castlings chosen by number are played" "$r" "see $t"
has "took back KRK-HIOO" && has "nothing to take back" && has "took back E7-E13" && r=yes || r=no
check "front end: undo" "$r" "see $t"
has "White attacks 57 hexes (+)" && has "attacked Black pieces: C25" && r=yes || r=no
check "front end: threats" "$r" "see $t"
has "played GL5-H6#" && has "game over: checkmate, Black wins (0-3)" &&
    has "the game is over: no move may follow (undo takes the last move back)" && r=yes || r=no
check "front end: a whole game played by hexes, to mate" "$r" "see $t"
has "unknown command 'bogus' (type help for the commands)" && has "usage: move FROM TO (e.g. move E7 E13)" &&
    has 'error: invalid hex "Q1": unknown column letter' && has "error: cannot read no-such-file.ctl-pgn" &&
    has "F14 is empty" && has "wait works with --manual-clock only (the clock runs by itself)" &&
    [[ "$(tail -n 1 "$t")" == bye ]] && r=yes || r=no
check "front end: bad commands are answered and the session goes on" "$r" "see $t"
# A board: the column letters above and below, each line's number on both sides.
board_top='    P T A B C D E F G H I K L X Z'
[[ "$(sed -n 2p "$t")" == "$board_top" && "$(sed -n 3p "$t")" == "28                v                28" &&
    "$(sed -n 23p "$t")" == " 8    .   .   .   P   .   .   .    8" && "$(sed -n 31p "$t")" == " 0                V                0" &&
    "$(sed -n 32p "$t")" == "$board_top" ]] && r=yes || r=no
check "front end: the board has its coordinates on every side" "$r" "$(sed -n 1,32p "$t")"
# The game to mate: after L5-H6 the board frames L5 (now empty) and H6 (the Pegasus).
awk '$0 == "played GL5-H6#" { f = 1 } f' "$t" | grep -qxF " 6    .   .   P   .  [g]  .   .    6" &&
    awk '$0 == "played GL5-H6#" { f = 1 } f' "$t" | grep -qxF " 5      P   P   E   E   .  [.]     5" && r=yes || r=no
check "front end: the last move's hexes are framed on the board" "$r" "see $t"
cat >"$work/castled.expected" <<'EOF'
[Variant "C'escacs"]
[Event "cescacs-front test"]
[Site "?"]
[Date "@DATE@"]
[Round "?"]
[White "Script"]
[Black "?"]
[Result "*"]
[WhiteType "human"]
[BlackType "human"]
[TimeControl "-"]
[PDTL "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1"]
1. KRR-HIH, RC25-C21
{ @W: castled on both wings }
2. RI7-I9
*
EOF
dated "$work/castled.expected" castled.ctl-pgn && r=yes || r=no
check "front end: the saved game (castling by hexes, tags, today's date, the players, a comment)" "$r" \
    "$(diff "$work/castled.expected" castled.ctl-pgn)"
cmp -s castled.ctl-pgn castled-again.ctl-pgn && has "loaded castled.ctl-pgn: 3 plies, result *" &&
    has "  ply 1: KRR-HIH  { castled on both wings }" && r=yes || r=no
check "front end: the saved game loaded back and saved again is the same text" "$r" "$(diff castled.ctl-pgn castled-again.ctl-pgn)"
cmp -s variations.ctl-pgn "$tests/fools-mate-variations.ctl-pgn" &&
    has "  ply 9: I5-I9  (K4-K10 GL5-H6+^ KG1-H4 GH6×RI3 KH4×GI3)" && r=yes || r=no
check "front end: a record with comments and variations is shown and saved as read" "$r" "see $t"
cat >"$work/mate.expected" <<'EOF'
[Variant "C'escacs"]
[Event "?"]
[Site "?"]
[Date "@DATE@"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "0-3"]
[WhiteType "human"]
[BlackType "human"]
[TimeControl "-"]
1. H6-H12, I23-I19
2. JF6-C15, GH26-Z11
3. L5-L7, NG25-L17
4. EH4-H8, GZ11-L5
5. I5-I9, NL17-G9
6. K4-K10, GL5-H6#
0-3
EOF
dated "$work/mate.expected" mate.ctl-pgn && r=yes || r=no
check "front end: the game to mate saved" "$r" "$(diff "$work/mate.expected" mate.ctl-pgn)"
[[ "$(grep -c '<polygon' board.svg)" == 169 && "$(grep -c '<circle' board.svg)" == 54 ]] && r=yes || r=no
check "front end: svg draws 169 hexes and the 54 pieces" "$r" "$(grep -c '<polygon' board.svg) polygons"
r="$(valgrind_session session.txt "$work/transcript.valgrind.txt")"
[[ $r == yes ]] && cmp -s "$t" "$work/transcript.valgrind.txt" || r=no
grep "ERROR SUMMARY" "$work/transcript.valgrind.txt.valgrind.log" || true
check "front end: the session under valgrind (same transcript, no error, no leak)" "$r" \
    "$(tail -n 20 "$work/transcript.valgrind.txt.valgrind.log")"

# --- engine-session.txt: the computer player ---------------------------------
# Bad settings refused, a mate in one found at depth 2 and played, and at
# depth 1 a move for White on `computer white` and on `go`.
et="$work/engine-transcript.txt"
r="$(session engine-session.txt "$et")"
usage="$(printf 'usage: computer white|black|both|off [MS] (or computer SIDE depth N, N 1..64, computer SIDE level L, L 0..20, or computer SIDE elo E, E %s..%s)' \
    "$(sed -n 's/^#define CESCACS_ELO_MIN \([0-9]*\)$/\1/p' "$tests/../../../../include/cescacs.h")" \
    "$(sed -n 's/^#define CESCACS_ELO_MAX \([0-9]*\)$/\1/p' "$tests/../../../../include/cescacs.h")")"
[[ $r == yes && "$(grep -cxF -- "$usage" "$et")" == 2 ]] &&
    grep -qE '^computer \(Black, depth 2, score mate 1\) plays [^ ]+#  pv [^ ]+#$' "$et" &&
    grep -qxF "game over: checkmate, Black wins (0-3)" "$et" &&
    grep -qxF "the game is over: the computer has no move to play" "$et" &&
    [[ "$(grep -cE '^computer \(White, depth 1, score cp -?[0-9]+\) plays ' "$et")" == 2 ]] && r=yes || r=no
check "front end: the computer player (refuses bad settings, mates in one, answers at depth 1)" "$r" "see $et"

# --- levels-clock-session.txt: levels, and the computer on the wall clock ----
# The computer answers a move by hexes, one in CTL-AN and one chosen from a
# list; a level is set (21, x and an Elo below the ladder refused), the levels
# listed with their Elo and one picked by Elo; the clocks run, are shown, and
# bound its search (a depth set for it caps it too).
lt="$work/levels-clock-transcript.txt"
r="$(session levels-clock-session.txt "$lt")"
# `answers LINE`: the computer (Black) plays after LINE, before the next prompt.
answers() {
    awk -v m="$1" '$0 == m { f = 1; next } f && /^(\[.*\] )?(White|Black)> / { exit }
        f && /^computer \(Black, depth [0-9]+, score (cp|mate) -?[0-9]+\) plays / { print "y"; exit }' "$lt" | grep -q y
}
[[ $r == yes && "$(grep -cxF -- "$usage" "$lt")" == 3 ]] &&
    [[ "$(grep -cE '^level ([0-9]|1[0-9]|20): Elo [0-9]+$' "$lt")" == 21 ]] &&
    grep -qE '^the computer plays black, 1000 ms a move, level [0-9]+ \(Elo (1[0-4][0-9]{2}|1500)\)$' "$lt" &&
    grep -qE '^the computer plays black, 1000 ms a move, level 3 \(Elo [0-9]+\)$' "$lt" &&
    answers "played E7-E13" && answers "played H6-H12" && answers "played KRR-HIH" &&
    [[ "$(grep -cE '^computer \(Black, depth [12], ' "$lt")" == 4 ]] && r=yes || r=no
check "front end: the computer at level 3 answers move, play and a choice from a list" "$r" "see $lt"
[[ -s "$lt" ]] &&
    grep -qxF "clock 1+2: White* 1:00.0, Black 1:00.0" "$lt" &&
    grep -qE '^the computer plays black, on the clock 1\+2 and at most 2 plies deep, level 20 \(Elo [0-9]+\)$' "$lt" &&
    grep -qE '^\[White (1:00\.0|0:5[0-9]\.[0-9]) \| Black 1:00\.0\] White> move E7 E13$' "$lt" &&
    grep -qE '^clock 1\+2: White\* 1:0[0-2]\.[0-9], Black (0:[0-9]{2}|1:0[0-2])\.[0-9]$' "$lt" &&
    grep -qxF "no clock" "$lt" && r=yes || r=no
check "front end: clock 1+2 shown in the prompt and with the board, the computer on its clock" "$r" "see $lt"

# --- endings-session.txt: how a game between people ends (exact) ------------
nt="$work/endings-transcript.txt"
r="$(session endings-session.txt "$nt" --manual-clock)"
[[ $r == yes ]] && grep -qE '^cescacs-front [0-9.]+ - type help for the commands$' <(head -n 1 "$nt") &&
    tail -n +2 "$nt" | cmp -s - "$tests/endings-session.expected" && r=yes || r=no
check "front end: endings transcript (resign, claims, moves in either case, undo with the clocks, a flag fall) as expected" \
    "$r" "$(tail -n +2 "$nt" | diff "$tests/endings-session.expected" - | head -n 20)"
for f in threefold resigned time; do
    dated "$tests/endings-$f.expected.ctl-pgn" "$f.ctl-pgn" && r=yes || r=no
    check "front end: the record of the $f ending (date, players, time control, result, final comment)" "$r" \
        "$(diff "$tests/endings-$f.expected.ctl-pgn" "$f.ctl-pgn")"
done
r="$(valgrind_session endings-session.txt "$work/endings-transcript.valgrind.txt" --manual-clock)"
[[ $r == yes ]] && cmp -s "$nt" "$work/endings-transcript.valgrind.txt" || r=no
check "front end: the endings session under valgrind (same transcript, no error, no leak)" "$r" \
    "$(tail -n 20 "$work/endings-transcript.valgrind.txt.valgrind.log")"

# --- computer-session.txt: undo against the computer, the record -------------
ct="$work/computer-transcript.txt"
r="$(session computer-session.txt "$ct" --manual-clock)"
plays='computer \((Black|White), depth [12], score (cp|mate) -?[0-9]+\) plays [^ ]+  pv .*'
# The computer's moves, in order.
mapfile -t reply < <(sed -nE 's/^computer \((Black|White), depth [0-9]+, score (cp|mate) -?[0-9]+\) plays ([^ ]+)  pv .*/\3/p' "$ct")
why="$(in_order "$ct" <<EOF
the computer plays black, on the clock 5\+3, level 15 \(Elo [0-9]+\)
the computer plays black, on the clock 5\+3 and at most 2 plies deep, level 15 \(Elo [0-9]+\)
\[White 4:47\.7 \| Black 5:00\.0\] White> move e7 e13
played E7-E13
$plays
last move: ${reply[0]} \(Black\)
clock 5\+3: White\* 4:50\.7, Black 5:03\.0
White to move
\[White 4:50\.7 \| Black 5:03\.0\] White> undo
took back ${reply[0]} and E7-E13
clock 5\+3: White\* 5:00\.0, Black 5:00\.0
White to move
\[White 5:00\.0 \| Black 5:00\.0\] White> play h6-h12
played H6-H12
$plays
\[White 5:03\.0 \| Black 5:03\.0\] White> play i5-i9
played I5-I9
$plays
\[White 5:06\.0 \| Black 5:06\.0\] White> resign
game over: White resigned, Black wins \(0-3\)
\[White 5:06\.0 \| Black 5:06\.0\] White> undo
took back ${reply[2]} and I5-I9
clock 5\+3: White\* 5:03\.0, Black 5:03\.0
White to move
\[White 5:00\.0 \| Black 5:00\.0\] White> computer white depth 1
the computer plays white, on the clock 5\+3 and at most 1 ply deep, level 15 \(Elo [0-9]+\)
$plays
Black to move
\[White 5:03\.0 \| Black 5:00\.0\] Black> undo
nothing to take back \(the computer's first move stays; new starts again\)
\[White 5:03\.0 \| Black 5:00\.0\] Black> move i23 i19
played I23-I19
$plays
clock 5\+3: White 5:06\.0, Black\* 5:03\.0
\[White 5:06\.0 \| Black 5:03\.0\] Black> undo
took back ${reply[4]} and I23-I19
last move: ${reply[3]} \(White\)
clock 5\+3: White 5:03\.0, Black\* 5:00\.0
Black to move
bye
EOF
)" && r=yes || r=no
[[ $r == yes && ${#reply[@]} == 5 ]] || r=no
check "front end: against the computer, undo takes back its reply and the move before, clocks and all" "$r" \
    "$why; replies: ${reply[*]}; see $ct"
# One board for a move and its answer: two rows of column letters between the
# move and the next prompt.
boards="$(awk '$0 == "played E7-E13" { f = 1; next } f && / White> / { exit } f && /^    P T A/ { n++ } END { print n + 0 }' "$ct")"
[[ $boards == 2 ]] && r=yes || r=no
check "front end: one board for a move and the computer's answer" "$r" "$boards rows of column letters"
cat >"$work/computer.expected" <<EOF
[Variant "C'escacs"]
[Event "?"]
[Site "?"]
[Date "@DATE@"]
[Round "?"]
[White "?"]
[Black "cescacs (Skill Level 15, depth 2)"]
[Result "0-3"]
[WhiteType "human"]
[BlackType "program"]
[TimeControl "300+3"]
1. H6-H12, ${reply[1]:-?}
2. I5-I9, ${reply[2]:-?}
0-3
{ White resigned, Black wins (0-3) }
EOF
dated "$work/computer.expected" computer.ctl-pgn && r=yes || r=no
check "front end: the record names the computer with its level, the date and the time control" "$r" \
    "$(diff "$work/computer.expected" computer.ctl-pgn)"
r="$(valgrind_session computer-session.txt "$work/computer-transcript.valgrind.txt" --manual-clock)"
[[ $r == yes ]] && cmp -s "$ct" "$work/computer-transcript.valgrind.txt" || r=no
check "front end: the computer session under valgrind (same transcript, no error, no leak)" "$r" \
    "$(tail -n 20 "$work/computer-transcript.valgrind.txt.valgrind.log")"

# --- the wall clock: the flag falls while nothing is typed -------------------
# 0.6 s on the clock, the next line 2 s later: the wait for it ends at the flag.
# The clock is set once the program waits for its first command (a slow start
# must not let both lines arrive together).
ft="$work/flag-transcript.txt"
rm -f "$work/flag.fifo"
mkfifo "$work/flag.fifo"
"$front" <"$work/flag.fifo" >"$ft" 2>&1 &
pid=$!
exec 3>"$work/flag.fifo"
for _ in $(seq 300); do
    grep -qxF "White to move" "$ft" && break
    sleep 0.1
done
printf 'clock 0.01+0\n' >&3
sleep 2
printf 'move e7 e13\n' >&3
exec 3>&-
wait "$pid"
why="$(in_order "$ft" <<'EOF'
White> clock 0\.01\+0
clock 0\.01\+0: White\* 0:00\.6, Black 0:00\.6
game over: White's time is up, Black wins on time \(0-3\)
\[White 0:00\.0 \| Black 0:00\.6\] White> move e7 e13
the game is over: no move may follow \(undo takes the last move back\)
EOF
)" && r=yes || r=no
[[ $r == yes && "$(grep -c 'game over' "$ft")" == 1 ]] || r=no
check "front end: on the wall clock the flag falls while the player thinks, and ends the game" "$r" \
    "$why; $(grep -v '^ *[0-9]' "$ft")"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
