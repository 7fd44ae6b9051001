#!/usr/bin/env bash
# The engine's measured matches (docs/ENGINE.md) and the balance study
# (docs/BALANCE.md), each a `cescacs match` run: 100 seeded random openings
# (4 to 8 plies), each played with both colours, a game cut at 300 plies
# counting as a draw. Prints each match's summary as `cescacs match` ends
# it: the score line, then fastchess's `Elo: … +/- …, nElo: …`, `LOS: …`
# and `Ptnml(0-2): […]` over the opening pairs (docs/ENGINE.md). Between
# identical settings (the first-move matches of `balance`) every pair is a
# game and its mirror, so those three lines only say so (Elo 0, all pairs
# WL+DD): White's share is the figure there.
#
#   scripts/engine-study.sh [ladder|eval|balance|balance-50ms|fit|all] [PAIRS] [THREADS]
#
# ladder:  depth d against depth d-1 for d = 2, 3, 4 (the ≥ 60 % requirement)
# eval:    the default evaluation against itself without each term, at depth 2
# balance: at depth 5, A abstaining from the King's Leaps (seed 0), from
#          castling (seed 1) and from both (seed 2) against B that uses them,
#          written to target/balance/; then scripts/balance-shares.py: A's
#          shares with error bars over the opening pairs, and White's share
#          over the three matches (the first move's advantage).
#          docs/BALANCE.md's matches are those of `balance 300` (castling's
#          first 220 pairs, both's first 200).
# balance-50ms: the same three matches with the default network at 50 ms a
#          move (`--movetime 50 --eval nnue`, 16 MB tables), written to
#          target/balance-50ms/; not part of `all` (300 pairs take about an
#          hour a match on two cores).
# fit:     the piece values fitted to 1,000 pairs of depth-2 games (site values
#          against reference values, written to target/fit/games.ctl-pgn;
#          the example `fit` of cescacs-study), then the fitted values against
#          the site's and the reference's, 200 games each at depth 2. PAIRS
#          sets the validation matches' size only.
set -euo pipefail
cd "$(dirname "$0")/.."

what="${1:-all}"
pairs="${2:-100}"
threads="${3:-0}"
cargo build --release -q -p cescacs-cli
if [[ $what == fit || $what == all ]]; then cargo build --release -q -p cescacs-study --example fit; fi
bin=target/release/cescacs
run() { echo "\$ cescacs match $*"; "$bin" match --pairs "$pairs" --threads "$threads" "$@"; }

if [[ $what == ladder || $what == all ]]; then
    for d in 2 3 4; do run --depth "$d"; done
fi
if [[ $what == eval || $what == all ]]; then
    for spec in material pawn=0 king=0 values=site values=reference; do
        run --depth 2 --vs-depth 2 --vs-eval "$spec"
    done
    run --depth 2 --vs-depth 2 --vs-eval king=0 --seed 1
    run --depth 2 --vs-depth 2 --eval mobility=4 --vs-eval mobility=0
fi
if [[ $what == balance || $what == all ]]; then
    mkdir -p target/balance
    run --depth 5 --vs-depth 5 --abstain leaps --seed 0 --pgn target/balance/leaps.ctl-pgn
    run --depth 5 --vs-depth 5 --abstain castling --seed 1 --pgn target/balance/castling.ctl-pgn
    run --depth 5 --vs-depth 5 --abstain both --seed 2 --pgn target/balance/both.ctl-pgn
    python3 scripts/balance-shares.py target/balance/leaps.ctl-pgn target/balance/castling.ctl-pgn target/balance/both.ctl-pgn
fi
if [[ $what == balance-50ms ]]; then
    out=target/balance-50ms
    mkdir -p "$out"
    net=(--movetime 50 --eval nnue --vs-eval nnue --hash 16)
    run "${net[@]}" --abstain leaps --seed 0 --pgn "$out/leaps.ctl-pgn"
    run "${net[@]}" --abstain castling --seed 1 --pgn "$out/castling.ctl-pgn"
    run "${net[@]}" --abstain both --seed 2 --pgn "$out/both.ctl-pgn"
    python3 scripts/balance-shares.py "$out/leaps.ctl-pgn" "$out/castling.ctl-pgn" "$out/both.ctl-pgn"
fi
if [[ $what == fit || $what == all ]]; then
    mkdir -p target/fit
    echo "\$ cescacs match --depth 2 --vs-depth 2 --eval values=site --vs-eval values=reference --pairs 1000 --pgn target/fit/games.ctl-pgn"
    "$bin" match --depth 2 --vs-depth 2 --eval values=site --vs-eval values=reference --pairs 1000 \
        --threads "$threads" --pgn target/fit/games.ctl-pgn
    echo "\$ fit target/fit/games.ctl-pgn"
    target/release/examples/fit target/fit/games.ctl-pgn | tee target/fit/fit.txt
    fitted=$(tail -n 1 target/fit/fit.txt)
    run --depth 2 --vs-depth 2 --eval "$fitted" --vs-eval values=site
    run --depth 2 --vs-depth 2 --eval "$fitted" --vs-eval values=reference
fi
