#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo-fuzz / libFuzzer) of every target in fuzz/:
#   pdtl, move_text, pgn, pgn_structured (CTL-PGN built from grammar pieces: deep nests,
#   comments, tags), play (the rules), c_api (the C API, with leak detection) and batch (raw
#   GameBatch columns: move indices or ranks, offsets, starts, results, terminations) and nnue
#   (network files: engine/src/nnue/format.rs). The PGN
#   and C API targets take inputs up to 1 MiB and the token dictionary fuzz/pgn.dict.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]    # default: 60 s for each target, two at a time
#   FUZZ_RUNS=10000000 scripts/fuzz.sh 1800 pdtl   # stop at 10M executions or 30 min
#
# Each target runs under `nice -n 19` for SECONDS (FUZZ_JOBS targets at once, 2 by default)
# with its working corpus fuzz/corpus/TARGET (not committed, grows) and the committed seeds
# fuzz/seeds/TARGET (read only), and prints libFuzzer's final stats. scripts/test-all.sh runs
# every target for 20 s.
#
# A crash (panic, sanitizer report, leak, timeout, out of memory) fails the script; its input,
# which libFuzzer leaves in fuzz/artifacts/TARGET/, is copied to fuzz/regressions/TARGET/,
# where `cargo test` replays it on stable (core/, research/, engine/tests/fuzz_regressions.rs,
# ffi-c/tests/fuzz_c_api_replay.rs), and printed in base64 (up to 64 KiB) so that a CI log
# alone gives it back. Minimise it with
#   cargo +nightly fuzz tmin TARGET fuzz/regressions/TARGET/crash-...
# name it for what it shows, and commit it with the fix.
#
# Needs the nightly toolchain (or RUSTC_BOOTSTRAP=1 on stable, used when rustup lists no
# nightly) and cargo-fuzz (installed here from crates.io if missing). Exits non-zero if any
# target found a crash. The last line is "fuzz: N targets, M crashed".
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    targets=(pdtl move_text pgn pgn_structured play c_api batch nnue)
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "== fuzz: cargo install cargo-fuzz =="
    cargo install --locked cargo-fuzz --version 0.13.2
fi
if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    fuzz=(cargo +nightly fuzz)
else
    export RUSTC_BOOTSTRAP=1
    fuzz=(cargo fuzz)
fi

# Longest input per target: long enough for the grammar, short enough to stay fast.
max_len() {
    case "$1" in
        pdtl) echo 512 ;;
        move_text) echo 64 ;;
        pgn | pgn_structured) echo 1048576 ;;
        play) echo 256 ;;
        c_api) echo 1048576 ;;
        nnue) echo 16384 ;;
        *) echo 4096 ;;
    esac
}

# Token dictionaries: the PGN targets get CTL-PGN's tokens, so mutations splice whole tags,
# brackets, results and moves instead of bytes.
dict() {
    case "$1" in
        pgn | c_api) echo "-dict=fuzz/pgn.dict" ;;
        *) echo "" ;;
    esac
}

# The rules targets are safe Rust: they run without a sanitizer (about twice as fast), in a
# target directory of their own so the two builds do not invalidate each other. The C API
# target keeps AddressSanitizer (and its leak detection).
flags() {
    case "$1" in
        c_api) echo "--sanitizer address" ;;
        *) echo "--sanitizer none --target-dir fuzz/target/nosan" ;;
    esac
}

# Builds first (two: without and with the sanitizer), then the targets FUZZ_JOBS at a time
# (2 by default: each libFuzzer process is one thread), each writing its own log.
for t in "${targets[@]}"; do
    echo "== fuzz: build $t =="
    # shellcheck disable=SC2046
    nice -n 19 "${fuzz[@]}" build $(flags "$t") "$t"
done

# Fuzzes one target; its summary line goes to stdout, and to fuzz/artifacts/TARGET.status
# when a crash was found.
fuzz_one() {
    local t=$1 log="fuzz/artifacts/$1.log" stamp="fuzz/artifacts/$1.start" status execs corpus took
    mkdir -p "fuzz/corpus/$t" "fuzz/seeds/$t" fuzz/artifacts
    rm -f "fuzz/artifacts/$t.status"
    echo "== fuzz: $t for ${seconds}s =="
    # Artifacts older than this run are not this run's findings.
    touch "$stamp"
    # shellcheck disable=SC2046
    if nice -n 19 "${fuzz[@]}" run $(flags "$t") "$t" "fuzz/corpus/$t" "fuzz/seeds/$t" -- \
        -max_total_time="$seconds" -max_len="$(max_len "$t")" $(dict "$t") -print_final_stats=1 \
        -detect_leaks=1 -timeout=10 -rss_limit_mb=2048 ${FUZZ_RUNS:+-runs="$FUZZ_RUNS"} >"$log" 2>&1; then
        status=ok
    else
        status=CRASH
        echo CRASH >"fuzz/artifacts/$t.status"
        grep -E "panicked|ERROR:|SUMMARY|Test unit written" "$log" | head -n 20 || true
        mkdir -p "fuzz/regressions/$t"
        while IFS= read -r input; do
            kept="fuzz/regressions/$t/$(basename "$input")"
            cp "$input" "$kept"
            echo "$t: the input is kept as $kept ($(wc -c <"$kept") bytes); cargo test replays it"
            if [[ $(wc -c <"$kept") -le 65536 ]]; then
                echo "$t: base64 of $kept:"
                base64 "$kept"
            fi
        done < <(find "fuzz/artifacts/$t" -type f -newer "$stamp" 2>/dev/null | sort)
    fi
    rm -f "$stamp"
    execs="$(awk '/stat::number_of_executed_units/ { print $2 }' "$log" | tail -n 1)"
    corpus="$(find "fuzz/corpus/$t" -type f | wc -l)"
    took="$(awk '/^Done [0-9]+ runs in/ { print $5 }' "$log" | tail -n 1)"
    echo "$t: $status, ${execs:-?} executions in ${took:-$seconds}s, corpus $corpus inputs (log $log)"
}

jobs_max="${FUZZ_JOBS:-2}"
for t in "${targets[@]}"; do
    while [[ $(jobs -rp | wc -l) -ge $jobs_max ]]; do wait -n || true; done
    fuzz_one "$t" &
done
wait
crashed=0
for t in "${targets[@]}"; do
    if [[ -f "fuzz/artifacts/$t.status" ]]; then crashed=$((crashed + 1)); fi
done
echo "fuzz: ${#targets[@]} targets, $crashed crashed"
[[ $crashed -eq 0 ]]
