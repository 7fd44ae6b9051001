//! Rust-side tests of the exported functions (the C tests in tests/c/ cover
//! the same ground from C, under valgrind and the sanitizers), one module a
//! subject; this file holds the helpers they share.

use std::ffi::{c_char, CStr, CString};
use std::ptr;

use super::*;

mod batch;
mod boundary;
mod front_ends;
mod games;
mod lines;
mod moves;
mod pgn;
mod threats;

fn last_error() -> String {
    // SAFETY: the library returns a NUL-terminated string that outlives this read.
    unsafe { CStr::from_ptr(cescacs_last_error()) }
        .to_str()
        .unwrap()
        .to_string()
}

fn game_from(pdtl: &str) -> *mut cescacs_game {
    let c = CString::new(pdtl).unwrap();
    let mut g = ptr::null_mut();
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_from_pdtl(c.as_ptr(), &mut g) },
        cescacs_result::Ok,
        "{}",
        last_error()
    );
    g
}

fn pdtl(g: *const cescacs_game) -> String {
    let mut buf = [0 as c_char; 1024];
    let mut n = 0;
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_pdtl(g, buf.as_mut_ptr(), buf.len(), &mut n) },
        cescacs_result::Ok
    );
    // SAFETY: the call above returned OK, so `buf` holds a NUL-terminated text.
    let s = unsafe { CStr::from_ptr(buf.as_ptr()) }
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(s.len(), n);
    s
}

fn list(g: *const cescacs_game) -> *mut cescacs_move_list {
    let mut l = ptr::null_mut();
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_legal_moves(g, &mut l) },
        cescacs_result::Ok
    );
    l
}

fn len(l: *const cescacs_move_list) -> usize {
    let mut n = usize::MAX;
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_move_list_len(l, &mut n) },
        cescacs_result::Ok
    );
    n
}

type TextFn = unsafe extern "C" fn(
    *const cescacs_move_list,
    usize,
    *mut c_char,
    usize,
    *mut usize,
) -> cescacs_result;

fn text(f: TextFn, l: *const cescacs_move_list, i: usize) -> String {
    let mut buf = [0 as c_char; CESCACS_MOVE_TEXT_MAX];
    let mut n = 0;
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { f(l, i, buf.as_mut_ptr(), buf.len(), &mut n) },
        cescacs_result::Ok
    );
    // SAFETY: the call above returned OK, so `buf` holds a NUL-terminated text.
    let s = unsafe { CStr::from_ptr(buf.as_ptr()) }
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(s.len(), n);
    s
}

/// Under Miri (about a thousand times slower) each data file gives its
/// first three records and, for each tag (move kinds, check, mate…), the
/// first record that has it; each test replays the first real game only.
/// Enough to run every unsafe path, which is what Miri checks.
fn records(file: &str) -> Vec<serde_json::Value> {
    use std::io::BufRead;
    let path = format!("{}/../tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let lines = std::io::BufReader::new(std::fs::File::open(path).unwrap())
        .lines()
        .map(Result::unwrap);
    if !cfg!(miri) {
        return lines.map(|l| serde_json::from_str(&l).unwrap()).collect();
    }
    // Under Miri: the first three records, and the first record with each
    // tag (all among the first 80 lines of every data file), the tags
    // picked out of the text. Reading or parsing whole files took Miri
    // longer than the tests.
    let mut tags = std::collections::HashSet::new();
    lines
        .take(80)
        .enumerate()
        .filter(|(i, line)| {
            let list = line
                .split_once("\"tags\":[")
                .map_or("", |(_, rest)| rest.split(']').next().unwrap_or(""));
            let mut new_tag = false;
            for t in list.split(',').filter(|t| !t.is_empty()) {
                new_tag |= tags.insert(t.to_string());
            }
            *i < 3 || new_tag
        })
        .map(|(_, l)| serde_json::from_str(&l).unwrap())
        .collect()
}

/// A text written by `f(buf, len, out_len)`: asks for the length, then fills
/// a buffer of exactly that size plus the NUL.
fn out_text(f: impl Fn(*mut c_char, usize, *mut usize) -> cescacs_result) -> String {
    let mut needed = usize::MAX;
    assert_eq!(
        f(ptr::null_mut(), 0, &mut needed),
        cescacs_result::BufferTooSmall
    );
    let mut buf = vec![b'x' as c_char; needed + 1];
    let mut n = 0;
    assert_eq!(
        f(buf.as_mut_ptr(), buf.len(), &mut n),
        cescacs_result::Ok,
        "{}",
        last_error()
    );
    assert_eq!(n, needed);
    // SAFETY: the call above returned OK, so `buf` holds a NUL-terminated text.
    unsafe { CStr::from_ptr(buf.as_ptr()) }
        .to_str()
        .unwrap()
        .to_string()
}

fn game_file(name: &str) -> String {
    let path = format!("{}/../tests/data/games/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

fn from_pgn(text: &str) -> *mut cescacs_game {
    let c = CString::new(text).unwrap();
    let mut g = ptr::null_mut();
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_from_pgn(c.as_ptr(), &mut g) },
        cescacs_result::Ok,
        "{}",
        last_error()
    );
    g
}

fn write_pgn(g: *const cescacs_game) -> String {
    // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
    out_text(|b, l, n| unsafe { cescacs_game_write_pgn(g, b, l, n) })
}

fn ply_count(g: *const cescacs_game) -> usize {
    let mut n = usize::MAX;
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_ply_count(g, &mut n) },
        cescacs_result::Ok
    );
    n
}

fn outcome(g: *const cescacs_game) -> cescacs_outcome {
    let mut o = cescacs_outcome::from(None);
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_outcome(g, &mut o) },
        cescacs_result::Ok
    );
    o
}

fn hash(g: *const cescacs_game) -> u64 {
    let mut h = 0;
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_zobrist_hash(g, &mut h) },
        cescacs_result::Ok
    );
    h
}

fn play(g: *mut cescacs_game, ctl: &str) {
    let c = CString::new(ctl).unwrap();
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_play_ctl(g, c.as_ptr()) },
        cescacs_result::Ok,
        "{ctl}: {}",
        last_error()
    );
}

fn hex_of(name: &str) -> cescacs_hex {
    name.parse::<rules::Hex>().unwrap().into()
}

fn core_pos(pdtl: &str) -> rules::Position {
    rules::Position::from_pdtl(pdtl).unwrap()
}

fn find(g: *const cescacs_game, from: cescacs_hex, to: cescacs_hex) -> *mut cescacs_move_list {
    let mut l = ptr::null_mut();
    // SAFETY: a live game of this test and a local out-pointer.
    let rc = unsafe { cescacs_game_find_moves(g, from, to, &mut l) };
    assert_eq!(rc, cescacs_result::Ok, "{}", last_error());
    l
}
