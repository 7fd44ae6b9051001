#!/usr/bin/env bash
# Builds the C library and runs every C-side check:
#   1. the committed include/cescacs.h equals a freshly generated one (cbindgen);
#   2. tests/c/test_api.c with its cases in tests/c/api/ (cc -std=c11 -Wall -Wextra -Werror): plain, under
#      valgrind (no leak, no invalid access), with -fsanitize=address,undefined,
#      and linked statically against libcescacs.a;
#   2b. tests/c/test_threads.c: separate game handles (and self-play batches) on several pthreads
#      at once agree with the single-threaded run (plain, valgrind memcheck with 4 threads, helgrind with 3,
#      ASan/UBSan with 32);
#   2c. tests/c/test_engine.c: the engine's search, MultiPV lines, stop from another thread, a game on the clock,
#      a table that cannot be allocated (plain, valgrind, ASan/UBSan; ASan skips the last);
#   3. tests/c/test_header.cpp (g++ -std=c++17): the header is C++-clean;
#   4. examples/c/moves.c, checked over tests/data/random-dev.jsonl; examples/c/attacks.c,
#      checked over the golden positions against tests/c/check_attacks.py's own computation
#      of the attacked hexes (from the rules text, not the library);
#   5. scripts/install-c.sh into a temporary prefix, and a program built with
#      `pkg-config --cflags --libs cescacs` (shared) and `--static`;
#   6. the C++ front end examples/cpp/front built with CMake against that install, and its
#      transcript tests (examples/cpp/front/tests/check.sh: scripted sessions, a game's endings,
#      undo against the computer, the clocks, the saved records; plain and under valgrind).
# The last line is "N passed, M failed", counting C test cases (each test_api
# case once, each C++ case, the moves and attacks checks and the pkg-config checks).
# Needs: scripts/setup-c.sh (cc, g++, valgrind, pkg-config, cbindgen).
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in cc g++ valgrind pkg-config cbindgen python3 cmake readelf strip; do
    command -v "$tool" >/dev/null || { echo "test-c: $tool is missing; run scripts/setup-c.sh" >&2; exit 1; }
done

echo "== C: cargo build --release -p cescacs-ffi =="
cargo build --release -p cescacs-ffi
target_dir="$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
# The libraries as the tests link them: the shared one is found at run time by its
# SONAME (libcescacs.so.0, ffi-c/build.rs), which cargo does not create; a copy under
# that name, with the libcescacs.so link for -lcescacs, stands in for an install.
lib_dir="$target_dir/c/lib"
mkdir -p "$lib_dir"
cp "$target_dir/release/libcescacs.so" "$lib_dir/libcescacs.so.0"
ln -sfn libcescacs.so.0 "$lib_dir/libcescacs.so"
cp "$target_dir/release/libcescacs.a" "$lib_dir/libcescacs.a"
out="$target_dir/c"
mkdir -p "$out"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

passed=0
failed=0
# Adds the "N passed, M failed" summary of a test program's output to the tally.
tally() {
    local line
    line="$(tail -n 1 "$1")"
    if [[ "$line" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
        passed=$((passed + BASH_REMATCH[1]))
        failed=$((failed + BASH_REMATCH[2]))
    else
        echo "test-c: no summary line in $1" >&2
        failed=$((failed + 1))
    fi
}
# Runs a test program that prints a summary; fails the script if it fails.
run() {
    local log="$1"
    shift
    if ! "$@" >"$log" 2>&1; then
        cat "$log"
        echo "test-c: FAILED: $*" >&2
        exit 1
    fi
}

echo "== C: header drift (cbindgen $(cbindgen --version | cut -d' ' -f2)) =="
cbindgen --quiet --config ffi-c/cbindgen.toml --output "$tmp/cescacs.h" ffi-c
if ! diff -u include/cescacs.h "$tmp/cescacs.h"; then
    echo "test-c: include/cescacs.h is out of date: run" >&2
    echo "  cbindgen --config ffi-c/cbindgen.toml --output include/cescacs.h ffi-c" >&2
    exit 1
fi
echo "include/cescacs.h is up to date"

cflags=(-std=c11 -Wall -Wextra -Werror -pedantic -Iinclude -Itests/c)
export LD_LIBRARY_PATH="$lib_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# test_api: the runner and its cases, one file a subject.
api_sources=(tests/c/test_api.c tests/c/api/*.c)
echo "== C: tests/c/test_api.c and tests/c/api/ =="
cc "${cflags[@]}" -O1 -g "${api_sources[@]}" -L"$lib_dir" -lcescacs -lm -o "$out/test_api"
run "$out/test_api.log" "$out/test_api"
cat "$out/test_api.log"
tally "$out/test_api.log"

echo "== C: test_api under valgrind =="
run "$out/test_api.valgrind.log" valgrind --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect,possible --show-leak-kinds=definite,indirect,possible \
    "$out/test_api"
grep -E "ERROR SUMMARY|passed, .* failed" "$out/test_api.valgrind.log"

echo "== C: test_api with -fsanitize=address,undefined =="
cc "${cflags[@]}" -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
    "${api_sources[@]}" -L"$lib_dir" -lcescacs -lm -o "$out/test_api_asan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    run "$out/test_api_asan.log" "$out/test_api_asan"
tail -n 1 "$out/test_api_asan.log"

echo "== C: test_api linked statically against libcescacs.a =="
cc "${cflags[@]}" -O1 "${api_sources[@]}" "$lib_dir/libcescacs.a" -lpthread -ldl -lm -o "$out/test_api_static"
run "$out/test_api_static.log" "$out/test_api_static"
tail -n 1 "$out/test_api_static.log"

echo "== C: tests/c/test_threads.c (separate game handles on several pthreads) =="
cc "${cflags[@]}" -O1 -g -pthread tests/c/test_threads.c -L"$lib_dir" -lcescacs -o "$out/test_threads"
run "$out/test_threads.log" "$out/test_threads" 4 60
cat "$out/test_threads.log"
tally "$out/test_threads.log"

echo "== C: test_threads under valgrind (4 threads, 30 plies: valgrind serialises threads) =="
run "$out/test_threads.valgrind.log" valgrind --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect,possible --show-leak-kinds=definite,indirect,possible \
    "$out/test_threads" 4 30
grep -E "ERROR SUMMARY|passed, .* failed" "$out/test_threads.valgrind.log"

echo "== C: test_threads under valgrind --tool=helgrind (data races; 3 threads, 6 plies, self-play on the calling thread) =="
run "$out/test_threads.helgrind.log" valgrind --tool=helgrind --error-exitcode=99 "$out/test_threads" 3 6 1
grep -E "ERROR SUMMARY|passed, .* failed" "$out/test_threads.helgrind.log"

echo "== C: test_threads with -fsanitize=address,undefined (32 threads, 400 plies) =="
cc "${cflags[@]}" -O1 -g -pthread -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
    tests/c/test_threads.c -L"$lib_dir" -lcescacs -o "$out/test_threads_asan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    run "$out/test_threads_asan.log" "$out/test_threads_asan" 32 400
tail -n 1 "$out/test_threads_asan.log"

echo "== C: tests/c/test_engine.c (search, best move by index, PV, node limit, stop from another thread) =="
cc "${cflags[@]}" -O1 -g -pthread tests/c/test_engine.c -L"$lib_dir" -lcescacs -o "$out/test_engine"
run "$out/test_engine.log" "$out/test_engine"
cat "$out/test_engine.log"
tally "$out/test_engine.log"

echo "== C: test_engine under valgrind =="
run "$out/test_engine.valgrind.log" valgrind --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect,possible --show-leak-kinds=definite,indirect,possible \
    "$out/test_engine"
grep -E "ERROR SUMMARY|passed, .* failed" "$out/test_engine.valgrind.log"

echo "== C: test_engine with -fsanitize=address,undefined =="
cc "${cflags[@]}" -O1 -g -pthread -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
    tests/c/test_engine.c -L"$lib_dir" -lcescacs -o "$out/test_engine_asan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    run "$out/test_engine_asan.log" "$out/test_engine_asan"
tail -n 1 "$out/test_engine_asan.log"

echo "== C: tests/c/test_pgn_hostile.c (a million nested variations read, written and walked on a 1 MiB stack) =="
cc "${cflags[@]}" -O1 -g tests/c/test_pgn_hostile.c -L"$lib_dir" -lcescacs -o "$out/test_pgn_hostile"
run "$out/test_pgn_hostile.log" bash -c 'ulimit -s 1024 && exec "$0"' "$out/test_pgn_hostile"
cat "$out/test_pgn_hostile.log"
tally "$out/test_pgn_hostile.log"

echo "== C: test_pgn_hostile under valgrind (depth 2,000) =="
run "$out/test_pgn_hostile.valgrind.log" valgrind --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect,possible --show-leak-kinds=definite,indirect,possible \
    "$out/test_pgn_hostile" 2000
grep -E "ERROR SUMMARY|passed, .* failed" "$out/test_pgn_hostile.valgrind.log"

echo "== C++: tests/c/test_header.cpp (g++ -std=c++17) =="
g++ -std=c++17 -Wall -Wextra -Werror -pedantic -Iinclude -Itests/c tests/c/test_header.cpp \
    -L"$lib_dir" -lcescacs -o "$out/test_header"
run "$out/test_header.log" "$out/test_header"
cat "$out/test_header.log"
tally "$out/test_header.log"

echo "== C: examples/c/moves.c over tests/data/random-dev.jsonl =="
cc "${cflags[@]}" -O2 examples/c/moves.c -L"$lib_dir" -lcescacs -o "$out/moves"
if python3 tests/c/check_moves.py "$out/moves" tests/data/random-dev.jsonl; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
fi

echo "== C: examples/c/attacks.c against an independent computation (tests/c/check_attacks.py) =="
cc "${cflags[@]}" -O2 examples/c/attacks.c -L"$lib_dir" -lcescacs -o "$out/attacks"
if python3 tests/c/check_attacks.py "$out/attacks" tests/data/random-dev.jsonl tests/data/probes.jsonl \
    tests/data/castling.jsonl; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
fi

echo "== C: install + pkg-config =="
scripts/install-c.sh "$tmp/prefix" >/dev/null
export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig"
echo "pkg-config --cflags --libs cescacs: $(pkg-config --cflags --libs cescacs)"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror examples/c/moves.c $(pkg-config --cflags --libs cescacs) -o "$tmp/moves-shared"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror examples/c/moves.c -static-libgcc \
    "$tmp/prefix/lib/libcescacs.a" $(pkg-config --cflags --libs-only-other --static cescacs) \
    $(pkg-config --libs-only-l --static cescacs | sed 's/-lcescacs//') -o "$tmp/moves-static"
for exe in moves-shared moves-static; do
    count="$(echo '/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1' |
        LD_LIBRARY_PATH="$tmp/prefix/lib" "$tmp/$exe" | wc -w)"
    if [[ "$count" == 68 ]]; then
        echo "ok $exe (pkg-config build): 68 moves in the initial position"
        passed=$((passed + 1))
    else
        echo "FAIL $exe (pkg-config build): $count moves in the initial position, expected 68"
        failed=$((failed + 1))
    fi
done

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

echo "== C: the installed shared library: SONAME, symlinks, stripped =="
so="$(readlink -f "$tmp/prefix/lib/libcescacs.so")"
soname="$(readelf -d "$so" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')"
[[ "$soname" == libcescacs.so.0 && "$(readlink "$tmp/prefix/lib/libcescacs.so")" == libcescacs.so.0 &&
    -e "$tmp/prefix/lib/libcescacs.so.0" ]] && r=yes || r=no
check "SONAME $soname, libcescacs.so -> libcescacs.so.0 -> $(basename "$so")" "$r" "soname '$soname'"
readelf -S "$so" | grep -q '\.symtab' && r=no || r=yes
check "libcescacs.so is stripped" "$r" "it has a .symtab"
readelf -d "$tmp/moves-shared" | grep -q 'NEEDED.*\[libcescacs.so.0\]' && r=yes || r=no
check "a program linked with -lcescacs needs libcescacs.so.0" "$r" "$(readelf -d "$tmp/moves-shared" | grep NEEDED)"

echo "== C: CMake package (examples/cmake, find_package(cescacs CONFIG)) =="
kings_and_rooks='/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1'
for kind in shared static; do
    static=OFF
    [[ $kind == static ]] && static=ON
    build="$tmp/cmake-$kind"
    if cmake -S examples/cmake -B "$build" -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCESCACS_STATIC=$static >"$build.log" 2>&1 &&
        cmake --build "$build" >>"$build.log" 2>&1; then
        lines="$(echo "$kings_and_rooks" | LD_LIBRARY_PATH="$tmp/prefix/lib" "$build/legal_moves" | wc -l)"
        [[ "$lines" == 90 ]] && r=yes || r=no
        check "CMake build ($kind): 90 legal moves of the Kings-and-Rooks study" "$r" "$lines lines"
    else
        cat "$build.log"
        check "CMake build ($kind)" no "configure or build failed"
    fi
done
# A version request the package cannot satisfy is refused.
if cmake -S examples/cmake -B "$tmp/cmake-too-new" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null 2>&1; then
    sed 's/find_package(cescacs 0.1 /find_package(cescacs 0.2 /' examples/cmake/CMakeLists.txt >"$tmp/CMakeLists.txt"
    mkdir -p "$tmp/too-new" && cp "$tmp/CMakeLists.txt" examples/cmake/legal_moves.c "$tmp/too-new/"
    cmake -S "$tmp/too-new" -B "$tmp/cmake-too-new2" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null 2>&1 && r=no || r=yes
    check "find_package(cescacs 0.2) refuses the installed 0.1.0" "$r" "it was accepted"
fi

echo "== C++: the front end (examples/cpp/front) built with CMake against the install, its transcript tests =="
front_build="$tmp/cmake-front"
if cmake -S examples/cpp/front -B "$front_build" -DCMAKE_PREFIX_PATH="$tmp/prefix" >"$front_build.log" 2>&1 &&
    cmake --build "$front_build" >>"$front_build.log" 2>&1; then
    check "front end: CMake build (C++17, -Wall -Wextra -Werror, find_package(cescacs))" yes
    # Its transcript tests (examples/cpp/front/tests/check.sh: the sessions, some under valgrind).
    examples/cpp/front/tests/check.sh "$front_build/cescacs-front" "$tmp/prefix/lib" "$tmp/front-session" \
        >"$out/front.log" 2>&1 || true
    cat "$out/front.log"
    tally "$out/front.log"
else
    cat "$front_build.log"
    check "front end: CMake build" no "configure or build failed"
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
