//! FFI overhead: legal-move generation through the C API against the core
//! called directly (`cargo bench -p cescacs-ffi`).
//!
//! The C API's functions are compiled into this benchmark from the crate's
//! own sources (the crate builds only a cdylib and a staticlib, which a Rust
//! benchmark cannot link) and called through function pointers hidden from
//! the optimiser, so nothing is inlined across the boundary: each call costs
//! what a call from C into `libcescacs` costs, minus the PLT indirection.
//!
//! Two paths are compared for each position:
//!
//! * `create`: `Position::legal_moves()` vs `cescacs_game_legal_moves` +
//!   `cescacs_move_list_len` + `cescacs_move_list_free`;
//! * `reuse`: `Position::legal_moves()` vs `cescacs_game_legal_moves_into`
//!   refilling one list made once by `cescacs_move_list_new`, +
//!   `cescacs_move_list_len` (no allocation per call);
//! * `copy-all`: the same reads with one `cescacs_move_list_copy` per list;
//! * `read-all`: `create` plus reading every move's kind, hexes and pieces
//!   (`cescacs_move_list_get` for each index vs the `Move` accessors);
//! * `array-all`: the same reads from the array `cescacs_move_list_array`
//!   exposes (one call per list, no copy).
//!
//! The overhead target is ≤ 5 %. Before the criterion groups,
//! the benchmark prints a noise-resistant summary: both sides of each
//! comparison timed in alternating batches, the fastest batch of each kept
//! (other processes only ever slow a batch down), and the overhead in %.
//!
//! With `FFI_OVERHEAD_CALLGRIND=N` set, it instead runs each path N times
//! on each position and exits, for instruction counts that load does not
//! disturb: `valgrind --tool=callgrind` on the bench binary, then
//! `callgrind_annotate --inclusive=yes` lists the `run_*` functions.

#![allow(dead_code)]

#[path = "../src/lib.rs"]
mod ffi;

use std::hint::black_box;
use std::ptr;

use criterion::{criterion_group, criterion_main, Criterion};

use ffi::{cescacs_game, cescacs_move, cescacs_move_list, cescacs_result};
use rules::Position;

type LegalMovesFn =
    unsafe extern "C" fn(*const cescacs_game, *mut *mut cescacs_move_list) -> cescacs_result;
type IntoFn = unsafe extern "C" fn(*const cescacs_game, *mut cescacs_move_list) -> cescacs_result;
type LenFn = unsafe extern "C" fn(*const cescacs_move_list, *mut usize) -> cescacs_result;
type GetFn =
    unsafe extern "C" fn(*const cescacs_move_list, usize, *mut cescacs_move) -> cescacs_result;
type FreeFn = unsafe extern "C" fn(*mut cescacs_move_list);
type CopyFn = unsafe extern "C" fn(
    *const cescacs_move_list,
    *mut cescacs_move,
    usize,
    *mut usize,
) -> cescacs_result;
type ArrayFn = unsafe extern "C" fn(
    *const cescacs_move_list,
    *mut *const cescacs_move,
    *mut usize,
) -> cescacs_result;

struct Api {
    legal_moves: LegalMovesFn,
    into: IntoFn,
    len: LenFn,
    get: GetFn,
    copy: CopyFn,
    array: ArrayFn,
    free: FreeFn,
}

fn api() -> Api {
    Api {
        legal_moves: black_box(ffi::cescacs_game_legal_moves as LegalMovesFn),
        into: black_box(ffi::cescacs_game_legal_moves_into as IntoFn),
        len: black_box(ffi::cescacs_move_list_len as LenFn),
        get: black_box(ffi::cescacs_move_list_get as GetFn),
        copy: black_box(ffi::cescacs_move_list_copy as CopyFn),
        array: black_box(ffi::cescacs_move_list_array as ArrayFn),
        free: black_box(ffi::cescacs_move_list_free as FreeFn),
    }
}

fn positions() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/perft.json"
    ))
    .expect("tests/data/perft.json");
    let data: serde_json::Value = serde_json::from_str(&text).expect("perft.json is JSON");
    ["initial", "rules8:middle-game", "full-w"]
        .iter()
        .map(|name| {
            let p = data["positions"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["name"] == *name)
                .unwrap_or_else(|| panic!("{name} in perft.json"));
            (
                name.replace("rules8:", ""),
                p["pdtl"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// A checksum of the fields a caller reads from a move.
fn sum_c(m: &cescacs_move) -> usize {
    m.kind as usize
        + m.from.line as usize
        + m.to.line as usize
        + m.captured as usize
        + m.promotion as usize
}

/// A game handle for one position, freed on drop.
struct Game(*mut cescacs_game);

impl Game {
    fn new(pdtl: &str) -> Game {
        let text = std::ffi::CString::new(pdtl).unwrap();
        let mut game = ptr::null_mut();
        // SAFETY: a NUL-terminated text and a local out-variable.
        let rc = unsafe { ffi::cescacs_game_from_pdtl(text.as_ptr(), &mut game) };
        assert_eq!(rc, cescacs_result::Ok);
        Game(game)
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        // SAFETY: made by `cescacs_game_from_pdtl`, freed only here.
        unsafe { ffi::cescacs_game_free(self.0) };
    }
}

/// An empty move list, freed on drop.
struct List(*mut cescacs_move_list);

impl List {
    fn new() -> List {
        let mut list = ptr::null_mut();
        // SAFETY: a local out-variable.
        let rc = unsafe { ffi::cescacs_move_list_new(&mut list) };
        assert_eq!(rc, cescacs_result::Ok);
        List(list)
    }
}

impl Drop for List {
    fn drop(&mut self) {
        // SAFETY: made by `cescacs_move_list_new`, freed only here.
        unsafe { ffi::cescacs_move_list_free(self.0) };
    }
}

/// Makes the game's move list through the C API, lets `read` read it
/// (it gets the list and its length) and frees it.
#[inline(always)]
fn c_with_list(
    api: &Api,
    game: &Game,
    read: impl FnOnce(*const cescacs_move_list, usize) -> usize,
) -> usize {
    let mut list = ptr::null_mut();
    // SAFETY: a live game and a local out-variable.
    let rc = unsafe { (api.legal_moves)(black_box(game.0), &mut list) };
    assert_eq!(rc, cescacs_result::Ok);
    let mut n = 0;
    // SAFETY: the list just made and a local out-variable.
    let rc = unsafe { (api.len)(list, &mut n) };
    assert_eq!(rc, cescacs_result::Ok);
    let result = read(list, n);
    // SAFETY: the list made above, not used after this.
    unsafe { (api.free)(list) };
    result
}

/// Creates, measures and frees a move list through the C API; returns its length.
#[inline(never)]
fn run_c_create(api: &Api, game: &Game) -> usize {
    c_with_list(api, game, |_, n| n)
}

/// Refills `list` through the C API; returns its length.
#[inline(never)]
fn run_c_reuse(api: &Api, game: &Game, list: &List) -> usize {
    // SAFETY: a live game and a live list.
    let rc = unsafe { (api.into)(black_box(game.0), list.0) };
    assert_eq!(rc, cescacs_result::Ok);
    let mut n = 0;
    // SAFETY: a live list and a local out-variable.
    let rc = unsafe { (api.len)(list.0, &mut n) };
    assert_eq!(rc, cescacs_result::Ok);
    n
}

/// As `run_c_create`, reading every move with `cescacs_move_list_get`;
/// returns a checksum of the moves.
#[inline(never)]
fn run_c_read_all(api: &Api, game: &Game) -> usize {
    c_with_list(api, game, |list, n| {
        let mut sum = 0;
        let mut m = std::mem::MaybeUninit::<cescacs_move>::uninit();
        for i in 0..n {
            // SAFETY: a live list and a local out-variable.
            let rc = unsafe { (api.get)(list, i, m.as_mut_ptr()) };
            assert_eq!(rc, cescacs_result::Ok);
            // SAFETY: the call returned OK, so it wrote the move.
            sum += sum_c(unsafe { m.assume_init_ref() });
        }
        sum
    })
}

/// As `run_c_read_all`, reading the moves with one `cescacs_move_list_copy`.
#[inline(never)]
fn run_c_copy_all(api: &Api, game: &Game, buf: &mut [cescacs_move]) -> usize {
    c_with_list(api, game, |list, _| {
        let mut n = 0;
        // SAFETY: a live list, an array of `buf.len()` moves, a local out-variable.
        let rc = unsafe { (api.copy)(list, buf.as_mut_ptr(), buf.len(), &mut n) };
        assert_eq!(rc, cescacs_result::Ok);
        buf[..n].iter().map(sum_c).sum()
    })
}

/// As `run_c_read_all`, reading the moves in place through
/// `cescacs_move_list_array`.
#[inline(never)]
fn run_c_array_all(api: &Api, game: &Game) -> usize {
    c_with_list(api, game, |list, _| {
        let mut moves = ptr::null();
        let mut n = 0;
        // SAFETY: a live list and local out-variables.
        let rc = unsafe { (api.array)(list, &mut moves, &mut n) };
        assert_eq!(rc, cescacs_result::Ok);
        // SAFETY: on success `moves` points to `n` moves that stay valid
        // until the list is freed, after this slice's last use.
        let moves = unsafe { std::slice::from_raw_parts(moves, n) };
        moves.iter().map(sum_c).sum()
    })
}

#[inline(never)]
fn run_core_create(pos: &Position) -> usize {
    black_box(pos).legal_moves().len()
}

#[inline(never)]
fn run_core_read_all(pos: &Position) -> usize {
    let moves = black_box(pos).legal_moves();
    let mut sum = 0;
    for m in &moves {
        sum += ffi::kind_of(m) as usize
            + m.from().line() as usize
            + m.to().line() as usize
            + ffi::cescacs_role::from(m.captured()) as usize
            + ffi::cescacs_role::from(m.promotion()) as usize;
    }
    sum
}

/// Nanoseconds per call of `f`: the fastest of `rounds` batches of `batch` calls.
fn fastest(
    rounds: usize,
    batch: usize,
    mut f: impl FnMut() -> usize,
    mut g: impl FnMut() -> usize,
) -> (f64, f64) {
    let mut best = (f64::MAX, f64::MAX);
    for _ in 0..rounds {
        let t = std::time::Instant::now();
        for _ in 0..batch {
            black_box(f());
        }
        best.0 = best.0.min(t.elapsed().as_nanos() as f64 / batch as f64);
        let t = std::time::Instant::now();
        for _ in 0..batch {
            black_box(g());
        }
        best.1 = best.1.min(t.elapsed().as_nanos() as f64 / batch as f64);
    }
    best
}

fn summary() {
    let api = api();
    println!("FFI overhead (fastest of 300 alternating batches of 200 calls):");
    println!(
        "{:<14} {:<9} {:>10} {:>10} {:>9}",
        "position", "path", "core ns", "c-api ns", "overhead"
    );
    for (name, pdtl) in positions() {
        let pos = Position::from_pdtl(&pdtl).unwrap();
        let game = Game::new(&pdtl);
        let list = List::new();
        let mut buf = vec![ffi::cescacs_move::default(); ffi::CESCACS_MAX_MOVES];
        let rows = [
            (
                "create",
                fastest(
                    300,
                    200,
                    || run_core_create(&pos),
                    || run_c_create(&api, &game),
                ),
            ),
            (
                "reuse",
                fastest(
                    300,
                    200,
                    || run_core_create(&pos),
                    || run_c_reuse(&api, &game, &list),
                ),
            ),
            (
                "read-all",
                fastest(
                    300,
                    200,
                    || run_core_read_all(&pos),
                    || run_c_read_all(&api, &game),
                ),
            ),
            (
                "copy-all",
                fastest(
                    300,
                    200,
                    || run_core_read_all(&pos),
                    || run_c_copy_all(&api, &game, &mut buf),
                ),
            ),
            (
                "array-all",
                fastest(
                    300,
                    200,
                    || run_core_read_all(&pos),
                    || run_c_array_all(&api, &game),
                ),
            ),
        ];
        for (path, (core, c)) in rows {
            println!(
                "{name:<14} {path:<9} {core:>10.1} {c:>10.1} {:>8.1}%",
                (c / core - 1.0) * 100.0
            );
        }
    }
}

/// `FFI_OVERHEAD_CALLGRIND=N`: each path N times per position, then exit.
fn callgrind_runs(n: usize) {
    let api = api();
    let mut buf = vec![ffi::cescacs_move::default(); ffi::CESCACS_MAX_MOVES];
    for (_, pdtl) in positions() {
        let pos = Position::from_pdtl(&pdtl).unwrap();
        let game = Game::new(&pdtl);
        let list = List::new();
        for _ in 0..n {
            black_box(run_core_create(&pos));
            black_box(run_c_create(&api, &game));
            black_box(run_c_reuse(&api, &game, &list));
            black_box(run_core_read_all(&pos));
            black_box(run_c_read_all(&api, &game));
            black_box(run_c_copy_all(&api, &game, &mut buf));
            black_box(run_c_array_all(&api, &game));
        }
    }
}

fn overhead(c: &mut Criterion) {
    if let Some(n) = std::env::var("FFI_OVERHEAD_CALLGRIND")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        callgrind_runs(n);
        std::process::exit(0);
    }
    summary();
    let api = api();
    let mut buf = vec![ffi::cescacs_move::default(); ffi::CESCACS_MAX_MOVES];
    for (name, pdtl) in positions() {
        let pos = Position::from_pdtl(&pdtl).unwrap();
        let game = Game::new(&pdtl);
        let list = List::new();
        let n = pos.legal_moves().len();
        assert_eq!(run_c_create(&api, &game), n);
        assert_eq!(run_c_reuse(&api, &game, &list), n);
        let sum = run_core_read_all(&pos);
        assert_eq!(run_c_read_all(&api, &game), sum);
        assert_eq!(run_c_copy_all(&api, &game, &mut buf), sum);
        assert_eq!(run_c_array_all(&api, &game), sum);

        let mut g = c.benchmark_group(format!("ffi/{name}"));
        g.bench_function("create/core", |b| b.iter(|| run_core_create(&pos)));
        g.bench_function("create/c-api", |b| b.iter(|| run_c_create(&api, &game)));
        g.bench_function("reuse/c-api", |b| {
            b.iter(|| run_c_reuse(&api, &game, &list))
        });
        g.bench_function("read-all/core", |b| b.iter(|| run_core_read_all(&pos)));
        g.bench_function("read-all/c-api", |b| b.iter(|| run_c_read_all(&api, &game)));
        g.bench_function("copy-all/c-api", |b| {
            b.iter(|| run_c_copy_all(&api, &game, &mut buf))
        });
        g.bench_function("array-all/c-api", |b| {
            b.iter(|| run_c_array_all(&api, &game))
        });
        g.finish();
    }
}

criterion_group!(benches, overhead);
criterion_main!(benches);
