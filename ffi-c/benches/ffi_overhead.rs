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
//!   (`cescacs_move_list_get` for each index vs the `Move` accessors).
//!
//! The overhead target of issue 3 is ≤ 5 %. Before the criterion groups,
//! the benchmark prints a noise-resistant summary: both sides of each
//! comparison timed in alternating batches, the fastest batch of each kept
//! (other processes only ever slow a batch down), and the overhead in %.

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
type CopyFn =
    unsafe extern "C" fn(*const cescacs_move_list, *mut cescacs_move, usize, *mut usize) -> cescacs_result;

struct Api {
    legal_moves: LegalMovesFn,
    into: IntoFn,
    len: LenFn,
    get: GetFn,
    copy: CopyFn,
    free: FreeFn,
}

fn api() -> Api {
    Api {
        legal_moves: black_box(ffi::cescacs_game_legal_moves as LegalMovesFn),
        into: black_box(ffi::cescacs_game_legal_moves_into as IntoFn),
        len: black_box(ffi::cescacs_move_list_len as LenFn),
        get: black_box(ffi::cescacs_move_list_get as GetFn),
        copy: black_box(ffi::cescacs_move_list_copy as CopyFn),
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

/// Creates, measures and frees a move list through the C API; returns its length.
unsafe fn c_create(api: &Api, game: *const cescacs_game) -> usize {
    let mut list = ptr::null_mut();
    assert_eq!(
        unsafe { (api.legal_moves)(game, &mut list) },
        cescacs_result::Ok
    );
    let mut n = 0;
    assert_eq!(unsafe { (api.len)(list, &mut n) }, cescacs_result::Ok);
    unsafe { (api.free)(list) };
    n
}

/// Refills `list` through the C API; returns its length.
unsafe fn c_reuse(api: &Api, game: *const cescacs_game, list: *mut cescacs_move_list) -> usize {
    assert_eq!(unsafe { (api.into)(game, list) }, cescacs_result::Ok);
    let mut n = 0;
    assert_eq!(unsafe { (api.len)(list, &mut n) }, cescacs_result::Ok);
    n
}

/// As `c_create`, reading every move; returns a checksum of the moves.
unsafe fn c_read_all(api: &Api, game: *const cescacs_game) -> usize {
    let mut list = ptr::null_mut();
    assert_eq!(
        unsafe { (api.legal_moves)(game, &mut list) },
        cescacs_result::Ok
    );
    let mut n = 0;
    assert_eq!(unsafe { (api.len)(list, &mut n) }, cescacs_result::Ok);
    let mut sum = 0;
    let mut m = std::mem::MaybeUninit::<cescacs_move>::uninit();
    for i in 0..n {
        assert_eq!(
            unsafe { (api.get)(list, i, m.as_mut_ptr()) },
            cescacs_result::Ok
        );
        let m = unsafe { m.assume_init_ref() };
        sum += m.kind as usize
            + m.from.line as usize
            + m.to.line as usize
            + m.captured as usize
            + m.promotion as usize;
    }
    unsafe { (api.free)(list) };
    sum
}

/// As `c_read_all`, reading the moves with one `cescacs_move_list_copy`.
unsafe fn c_copy_all(api: &Api, game: *const cescacs_game, buf: &mut [cescacs_move]) -> usize {
    let mut list = ptr::null_mut();
    assert_eq!(
        unsafe { (api.legal_moves)(game, &mut list) },
        cescacs_result::Ok
    );
    let mut n = 0;
    assert_eq!(
        unsafe { (api.copy)(list, buf.as_mut_ptr(), buf.len(), &mut n) },
        cescacs_result::Ok
    );
    let mut sum = 0;
    for m in &buf[..n] {
        sum += m.kind as usize
            + m.from.line as usize
            + m.to.line as usize
            + m.captured as usize
            + m.promotion as usize;
    }
    unsafe { (api.free)(list) };
    sum
}

fn core_read_all(pos: &Position) -> usize {
    let moves = pos.legal_moves();
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
        let cpdtl = std::ffi::CString::new(pdtl.clone()).unwrap();
        let mut game = ptr::null_mut();
        assert_eq!(
            unsafe { ffi::cescacs_game_from_pdtl(cpdtl.as_ptr(), &mut game) },
            cescacs_result::Ok
        );
        let mut list = ptr::null_mut();
        assert_eq!(
            unsafe { ffi::cescacs_move_list_new(&mut list) },
            cescacs_result::Ok
        );
        let mut buf = vec![unsafe { std::mem::zeroed::<cescacs_move>() }; ffi::CESCACS_MAX_MOVES];
        let rows = [
            (
                "create",
                fastest(
                    300,
                    200,
                    || black_box(&pos).legal_moves().len(),
                    || unsafe { c_create(&api, black_box(game)) },
                ),
            ),
            (
                "reuse",
                fastest(
                    300,
                    200,
                    || black_box(&pos).legal_moves().len(),
                    || unsafe { c_reuse(&api, black_box(game), list) },
                ),
            ),
            (
                "read-all",
                fastest(
                    300,
                    200,
                    || core_read_all(black_box(&pos)),
                    || unsafe { c_read_all(&api, black_box(game)) },
                ),
            ),
            (
                "copy-all",
                fastest(
                    300,
                    200,
                    || core_read_all(black_box(&pos)),
                    || unsafe { c_copy_all(&api, black_box(game), &mut buf) },
                ),
            ),
        ];
        for (path, (core, c)) in rows {
            println!(
                "{name:<14} {path:<9} {core:>10.1} {c:>10.1} {:>8.1}%",
                (c / core - 1.0) * 100.0
            );
        }
        unsafe { ffi::cescacs_move_list_free(list) };
        unsafe { ffi::cescacs_game_free(game) };
    }
}

fn overhead(c: &mut Criterion) {
    summary();
    let api = api();
    for (name, pdtl) in positions() {
        let pos = Position::from_pdtl(&pdtl).unwrap();
        let cpdtl = std::ffi::CString::new(pdtl.clone()).unwrap();
        let mut game = ptr::null_mut();
        assert_eq!(
            unsafe { ffi::cescacs_game_from_pdtl(cpdtl.as_ptr(), &mut game) },
            cescacs_result::Ok
        );
        assert_eq!(unsafe { c_create(&api, game) }, pos.legal_moves().len());
        assert_eq!(unsafe { c_read_all(&api, game) }, core_read_all(&pos));
        let mut list = ptr::null_mut();
        assert_eq!(
            unsafe { ffi::cescacs_move_list_new(&mut list) },
            cescacs_result::Ok
        );
        assert_eq!(
            unsafe { c_reuse(&api, game, list) },
            pos.legal_moves().len()
        );

        let mut g = c.benchmark_group(format!("ffi/{name}"));
        g.bench_function("create/core", |b| {
            b.iter(|| black_box(&pos).legal_moves().len())
        });
        g.bench_function("create/c-api", |b| {
            b.iter(|| unsafe { c_create(&api, black_box(game)) })
        });
        g.bench_function("reuse/core", |b| {
            b.iter(|| black_box(&pos).legal_moves().len())
        });
        g.bench_function("reuse/c-api", |b| {
            b.iter(|| unsafe { c_reuse(&api, black_box(game), black_box(list)) })
        });
        g.bench_function("read-all/core", |b| {
            b.iter(|| core_read_all(black_box(&pos)))
        });
        g.bench_function("read-all/c-api", |b| {
            b.iter(|| unsafe { c_read_all(&api, black_box(game)) })
        });
        g.finish();
        unsafe { ffi::cescacs_move_list_free(list) };
        unsafe { ffi::cescacs_game_free(game) };
    }
}

criterion_group!(benches, overhead);
criterion_main!(benches);
