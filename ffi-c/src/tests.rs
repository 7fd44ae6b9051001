//! Rust-side tests of the exported functions (the C tests in tests/c/ cover
//! the same ground from C, under valgrind and the sanitizers).

use std::ffi::{c_char, CStr, CString};
use std::ptr;

use super::*;

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
    let lines = std::io::BufReader::new(std::fs::File::open(path).unwrap()).lines().map(Result::unwrap);
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
            let list = line.split_once("\"tags\":[").map_or("", |(_, rest)| rest.split(']').next().unwrap_or(""));
            let mut new_tag = false;
            for t in list.split(',').filter(|t| !t.is_empty()) {
                new_tag |= tags.insert(t.to_string());
            }
            *i < 3 || new_tag
        })
        .map(|(_, l)| serde_json::from_str(&l).unwrap())
        .collect()
}

#[test]
fn golden_moves_notation_and_pdtl_through_the_c_api() {
    let mut checked = 0;
    for file in [
        "random-dev.jsonl",
        "castling.jsonl",
        "probes.jsonl",
        "games.jsonl",
    ] {
        for r in records(file) {
            let want_pdtl = r["pdtl"].as_str().unwrap();
            let g = game_from(want_pdtl);
            assert_eq!(pdtl(g), want_pdtl);
            let l = list(g);
            let n = len(l);
            let mut longs: Vec<String> =
                (0..n).map(|i| text(cescacs_move_list_long, l, i)).collect();
            for (i, long) in longs.iter().enumerate() {
                assert_eq!(
                    text(cescacs_move_list_ctl, l, i),
                    r["notation"][long].as_str().unwrap(),
                    "{want_pdtl} {long}"
                );
            }
            longs.sort();
            let want: Vec<&str> = r["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            assert_eq!(longs, want, "{want_pdtl}");
            let tags: Vec<&str> = r["tags"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap())
                .collect();
            let mut check = false;
            assert_eq!(
                // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
                unsafe { cescacs_game_is_check(g, &mut check) },
                cescacs_result::Ok
            );
            assert_eq!(check, tags.contains(&"in_check"));
            let mut nodes = 0;
            assert_eq!(
                // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
                unsafe { cescacs_game_perft(g, 2, &mut nodes) },
                cescacs_result::Ok
            );
            assert_eq!(nodes, r["perft2"].as_u64().unwrap());
            // SAFETY: made above by this test and not used after this.
            unsafe { cescacs_move_list_free(l) };
            // SAFETY: made above by this test and not used after this.
            unsafe { cescacs_game_free(g) };
            checked += 1;
        }
    }
    if !cfg!(miri) {
        assert_eq!(checked, 1000 + 22 + 11 + 489);
    }
}

/// The C value of `m`, field by field from the documented classification
/// (`kind_of`) and the core's accessors: what `cescacs_move::of` and a
/// list's conversion, which take shortcuts, must give.
fn expected_c_move(pos: &rules::Position, m: &rules::Move) -> cescacs_move {
    let mut rook_moves = [cescacs_rook_move::default(); 2];
    let mut rook_move_count = 0;
    if let Some(c) = m.castling() {
        for (slot, (from, to)) in rook_moves.iter_mut().zip(c.rook_moves(pos.turn())) {
            *slot = cescacs_rook_move {
                from: from.into(),
                to: to.into(),
            };
            rook_move_count += 1;
        }
    }
    cescacs_move {
        kind: types::kind_of(m),
        from: m.from().into(),
        to: m.to().into(),
        role: m.role().into(),
        captured: m.captured().into(),
        promotion: m.promotion().into(),
        is_capture: m.is_capture(),
        rook_move_count,
        rook_moves,
    }
}

/// Golden positions with every kind of move: castling positions and random
/// game positions (promotions, en passant, scornful captures), alternating
/// so that a list refilled through them meets every change of kind.
fn positions_of_every_kind() -> Vec<rules::Position> {
    let castling = records("castling.jsonl");
    let random = records("random-dev.jsonl");
    let mut out = Vec::new();
    for i in 0..castling.len().max(random.len()) {
        for r in [castling.get(i), random.get(i)].into_iter().flatten() {
            out.push(rules::Position::from_pdtl(r["pdtl"].as_str().unwrap()).unwrap());
        }
    }
    out
}

#[test]
fn converted_moves_agree_with_the_classification_field_by_field() {
    let mut by_kind = [0usize; 9];
    for pos in positions_of_every_kind() {
        for m in &pos.legal_moves() {
            let c = cescacs_move::of(m);
            assert_eq!(c, expected_c_move(&pos, m), "{m:?}");
            by_kind[c.kind as usize] += 1;
        }
    }
    if !cfg!(miri) {
        assert!(by_kind.iter().all(|&n| n > 0), "every kind is checked: {by_kind:?}");
    }
}

#[test]
fn a_refilled_list_converts_over_its_earlier_moves_exactly() {
    // A list's conversion writes over the values of its last one, and
    // writes the rook fields only when they change: a slot that held a
    // castling or a promotion must come out exactly as the new move.
    let mut l = ptr::null_mut();
    // SAFETY: a local out-variable.
    assert_eq!(unsafe { cescacs_move_list_new(&mut l) }, cescacs_result::Ok);
    let mut checked = 0;
    for pos in positions_of_every_kind() {
        let g = game_from(&pos.to_pdtl());
        // SAFETY: live handles of this test, locals as out-pointers.
        let (moves, n) = unsafe {
            assert_eq!(cescacs_game_legal_moves_into(g, l), cescacs_result::Ok);
            let (mut moves, mut n) = (ptr::null(), 0);
            assert_eq!(cescacs_move_list_array(l, &mut moves, &mut n), cescacs_result::Ok);
            (moves, n)
        };
        // SAFETY: on success the array holds `n` moves, valid until the
        // list is refilled, after this slice's last use.
        let moves = unsafe { std::slice::from_raw_parts(moves, n) };
        let expected: Vec<cescacs_move> = pos.legal_moves().iter().map(|m| expected_c_move(&pos, m)).collect();
        assert_eq!(moves, expected.as_slice(), "{}", pos.to_pdtl());
        checked += n;
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_game_free(g) };
    }
    // SAFETY: made above by this test and not used after this.
    unsafe { cescacs_move_list_free(l) };
    assert!(checked > 0);
}

#[test]
fn move_kinds_match_the_golden_tags() {
    // Every kind appears, and a position has a move of a kind exactly when
    // its tags say so.
    let mut seen = [0usize; 9];
    for r in records("random-dev.jsonl")
        .iter()
        .chain(&records("castling.jsonl"))
    {
        let g = game_from(r["pdtl"].as_str().unwrap());
        let l = list(g);
        let mut kinds = [false; 9];
        for i in 0..len(l) {
            let mut m = std::mem::MaybeUninit::<cescacs_move>::uninit();
            assert_eq!(
                // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
                unsafe { cescacs_move_list_get(l, i, m.as_mut_ptr()) },
                cescacs_result::Ok
            );
            // SAFETY: the call above returned OK, so it wrote the value.
            let m = unsafe { m.assume_init() };
            kinds[m.kind as usize] = true;
            seen[m.kind as usize] += 1;
            let castling = matches!(
                m.kind,
                cescacs_move_kind::SimpleCastling | cescacs_move_kind::DoubleCastling
            );
            assert_eq!(
                m.rook_move_count as usize,
                match m.kind {
                    cescacs_move_kind::SimpleCastling => 1,
                    cescacs_move_kind::DoubleCastling => 2,
                    _ => 0,
                }
            );
            assert_eq!(m.is_capture, m.captured != cescacs_role::None);
            if !castling {
                assert_eq!(m.rook_moves, [cescacs_rook_move::default(); 2]);
            }
        }
        let tags: Vec<&str> = r["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap())
            .collect();
        // Each C kind occurs exactly where the data's tag says such a move exists.
        for (kind, tag) in [
            (cescacs_move_kind::KingLeap, "king_leap"),
            (cescacs_move_kind::SimpleCastling, "castling_simple"),
            (cescacs_move_kind::DoubleCastling, "castling_double"),
            (cescacs_move_kind::EnPassant, "en_passant"),
            (cescacs_move_kind::ScornfulCapture, "scornful_capture"),
            (cescacs_move_kind::ForcedPromotion, "await_promotion"),
            (cescacs_move_kind::Promotion, "promotion"),
        ] {
            assert_eq!(
                kinds[kind as usize],
                tags.contains(&tag),
                "{kind:?} vs tag {tag}"
            );
        }
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_move_list_free(l) };
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_game_free(g) };
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn games_replay_and_undo() {
    let recs = records("games.jsonl");
    let g = game_from(recs[0]["pdtl"].as_str().unwrap());
    let mut played = 0;
    for w in recs.windows(2) {
        let Some(mv) = w[0]["played"].as_str() else {
            continue;
        };
        if pdtl(g) != w[0]["pdtl"].as_str().unwrap() {
            // A new game starts: rewind completely and restart from its record.
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            while unsafe { cescacs_game_undo(g) } == cescacs_result::Ok {}
            assert_eq!(
                // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
                unsafe { cescacs_game_undo(g) },
                cescacs_result::NothingToUndo
            );
            let fresh = game_from(w[0]["pdtl"].as_str().unwrap());
            // SAFETY: two live games of this test, distinct handles.
            unsafe { std::ptr::swap(g, fresh) };
            // SAFETY: made above by this test and not used after this.
            unsafe { cescacs_game_free(fresh) };
        }
        let text = CString::new(w[0]["played_text"].as_str().unwrap()).unwrap();
        assert_eq!(
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            unsafe { cescacs_game_play_ctl(g, text.as_ptr()) },
            cescacs_result::Ok,
            "{}",
            last_error()
        );
        // The next record is the position after this move if it is the next
        // ply of the same game ("game:FILE#plyN").
        let ply_of = |r: &serde_json::Value| {
            let (game, ply) = r["source"].as_str().unwrap().split_once("#ply").unwrap();
            (game.to_string(), ply.parse::<usize>().unwrap())
        };
        let ((game0, ply0), (game1, ply1)) = (ply_of(&w[0]), ply_of(&w[1]));
        if game1 == game0 && ply1 == ply0 + 1 {
            assert_eq!(pdtl(g), w[1]["pdtl"].as_str().unwrap());
        }
        // The long form plays the same move.
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        assert_eq!(unsafe { cescacs_game_undo(g) }, cescacs_result::Ok);
        let long = CString::new(mv).unwrap();
        assert_eq!(
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            unsafe { cescacs_game_play_long(g, long.as_ptr()) },
            cescacs_result::Ok,
            "{}",
            last_error()
        );
        played += 1;
    }
    // Miri reads only some records (see records()).
    assert!(played > if cfg!(miri) { 1 } else { 400 });
    // SAFETY: made above by this test and not used after this.
    unsafe { cescacs_game_free(g) };
}

#[test]
fn outcome_of_mate_and_stalemate() {
    for r in records("games.jsonl")
        .iter()
        .chain(&records("probes.jsonl"))
    {
        let tags: Vec<&str> = r["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap())
            .collect();
        let g = game_from(r["pdtl"].as_str().unwrap());
        let mut o = std::mem::MaybeUninit::<cescacs_outcome>::uninit();
        assert_eq!(
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            unsafe { cescacs_game_outcome(g, o.as_mut_ptr()) },
            cescacs_result::Ok
        );
        // SAFETY: the call above returned OK, so it wrote the value.
        let o = unsafe { o.assume_init() };
        let mut turn = cescacs_color::White;
        assert_eq!(
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            unsafe { cescacs_game_turn(g, &mut turn) },
            cescacs_result::Ok
        );
        let loser_white = turn == cescacs_color::White;
        if tags.contains(&"checkmate") {
            assert_eq!(o.termination, cescacs_termination::Checkmate);
            assert_eq!(
                (o.white_points, o.black_points),
                if loser_white { (0, 3) } else { (3, 0) }
            );
            assert_eq!(
                o.winner,
                if loser_white {
                    cescacs_winner::Black
                } else {
                    cescacs_winner::White
                }
            );
        } else if tags.contains(&"stalemate") {
            assert_eq!(o.termination, cescacs_termination::Stalemate);
            assert_eq!(
                (o.white_points, o.black_points),
                if loser_white { (1, 2) } else { (2, 1) }
            );
        } else {
            assert_eq!(o.termination, cescacs_termination::None);
            assert_eq!(
                (o.winner, o.white_points, o.black_points),
                (cescacs_winner::None, 0, 0)
            );
        }
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_game_free(g) };
    }
}

#[test]
fn errors_leave_outputs_and_games_unchanged() {
    let g = game_from(rules::INITIAL_PDTL);
    let before = pdtl(g);
    let sentinel = 0xdead_beef_usize as *mut cescacs_game;
    let mut out = sentinel;
    let bad = CString::new("/28:v/ w").unwrap();
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_from_pdtl(bad.as_ptr(), &mut out) },
        cescacs_result::BadPdtl
    );
    assert_eq!(out, sentinel);
    // The message is the core's own, as `cescacs moves` prints it.
    assert_eq!(
        last_error(),
        rules::Position::from_pdtl("/28:v/ w")
            .unwrap_err()
            .to_string()
    );
    let invalid = [0x2f_u8, 0xff, 0x2f, 0];
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_from_pdtl(invalid.as_ptr().cast(), &mut out) },
        cescacs_result::InvalidUtf8
    );
    assert_eq!(
        // SAFETY: NULL is what this case tests; the other pointers are live handles or locals.
        unsafe { cescacs_game_from_pdtl(ptr::null(), &mut out) },
        cescacs_result::NullPointer
    );
    assert_eq!(out, sentinel);
    for (text, code) in [
        ("", cescacs_result::BadMoveText),
        ("Q9-Q9", cescacs_result::BadMoveText),
        ("KRK-XYZ", cescacs_result::BadMoveText),
        ("E7-E15", cescacs_result::IllegalMove),
        ("NE7-E9", cescacs_result::IllegalMove),
    ] {
        let t = CString::new(text).unwrap();
        assert_eq!(
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            unsafe { cescacs_game_play_ctl(g, t.as_ptr()) },
            code,
            "{text}: {}",
            last_error()
        );
        assert_eq!(pdtl(g), before);
    }
    let l = list(g);
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_play(g, l, 68) },
        cescacs_result::IndexOutOfRange
    );
    assert_eq!(
        last_error(),
        "index 68 is out of range: the list has 68 moves"
    );
    // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
    assert_eq!(unsafe { cescacs_game_play(g, l, 0) }, cescacs_result::Ok);
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_play(g, l, 0) },
        cescacs_result::StaleMoveList
    );
    // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
    assert_eq!(unsafe { cescacs_game_undo(g) }, cescacs_result::Ok);
    // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
    assert_eq!(unsafe { cescacs_game_play(g, l, 0) }, cescacs_result::Ok);
    // SAFETY: made above by this test and not used after this.
    unsafe { cescacs_move_list_free(l) };
    // Too small a buffer stays untouched; the needed length is reported.
    let mut buf = [b'x' as c_char; 8];
    let mut n = 0;
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_pdtl(g, buf.as_mut_ptr(), buf.len(), &mut n) },
        cescacs_result::BufferTooSmall
    );
    assert!(buf.iter().all(|&b| b == b'x' as c_char));
    assert_eq!(n, pdtl(g).len());
    // SAFETY: made above by this test and not used after this.
    unsafe { cescacs_game_free(g) };
}

#[test]
fn panics_are_caught_at_the_boundary() {
    let r = super::error::guard("test_function", || panic!("boom"));
    assert_eq!(r, cescacs_result::Panic);
    assert_eq!(
        last_error(),
        "internal error (panic) in test_function: boom"
    );
    let r = super::error::guard("test_function", || panic!("formatted {}", 42));
    assert_eq!(r, cescacs_result::Panic);
    assert_eq!(
        last_error(),
        "internal error (panic) in test_function: formatted 42"
    );
}

#[test]
fn result_names_and_version() {
    let name = |r: u32| {
        // SAFETY: the library returns a NUL-terminated string that outlives this read.
        unsafe { CStr::from_ptr(cescacs_result_name(r)) }
            .to_str()
            .unwrap()
    };
    assert_eq!(name(0), "CESCACS_RESULT_OK");
    assert_eq!(name(3), "CESCACS_RESULT_BAD_PDTL");
    assert_eq!(name(11), "CESCACS_RESULT_PANIC");
    assert_eq!(name(12), "CESCACS_RESULT_BAD_PGN");
    assert_eq!(name(13), "CESCACS_RESULT_NOT_FOUND");
    assert_eq!(name(14), "CESCACS_RESULT_GAME_OVER");
    assert_eq!(name(15), "CESCACS_RESULT_BAD_ARGUMENT");
    assert_eq!(name(16), "CESCACS_RESULT_UNKNOWN");
    for (i, r) in super::error::all_results().iter().enumerate() {
        assert_eq!(*r as usize, i);
    }
    assert_eq!(
        // SAFETY: the library returns a NUL-terminated string that outlives this read.
        unsafe { CStr::from_ptr(cescacs_version()) }
            .to_str()
            .unwrap(),
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(
        format!("{CESCACS_VERSION_MAJOR}.{CESCACS_VERSION_MINOR}.{CESCACS_VERSION_PATCH}"),
        env!("CARGO_PKG_VERSION")
    );
}

#[test]
fn hexes() {
    for h in rules::Hex::all() {
        let text = CString::new(h.to_string()).unwrap();
        let mut x = cescacs_hex::default();
        assert_eq!(
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            unsafe { cescacs_hex_parse(text.as_ptr(), &mut x) },
            cescacs_result::Ok
        );
        assert_eq!((x.column, x.line), (h.column(), h.line()));
        assert!(cescacs_hex_is_valid(x));
        let mut buf = [0 as c_char; CESCACS_HEX_TEXT_MAX];
        assert_eq!(
            // SAFETY: NULL is what this case tests; the other pointers are live handles or locals.
            unsafe { cescacs_hex_write(x, buf.as_mut_ptr(), buf.len(), ptr::null_mut()) },
            cescacs_result::Ok
        );
        // SAFETY: the call above returned OK, so `buf` holds a NUL-terminated text.
        assert_eq!(unsafe { CStr::from_ptr(buf.as_ptr()) }, text.as_c_str());
    }
    let valid = (0..15u8).flat_map(|c| (0..29u8).map(move |l| cescacs_hex { column: c, line: l }));
    assert_eq!(valid.filter(|h| cescacs_hex_is_valid(*h)).count(), 169);
}

// ----- game records (CTL-PGN) -------------------------------------------------------

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

const GAME_FILES: [(&str, usize, cescacs_winner, &str); 5] = [
    ("2020-07-20.ctl-pgn", 69, cescacs_winner::White, "0-3"),
    ("2022-08-14.1.ctl-pgn", 100, cescacs_winner::Black, "0-3"),
    ("2022-08-14.2.ctl-pgn", 69, cescacs_winner::White, "3-0"),
    ("2023-09-11.ctl-pgn", 113, cescacs_winner::White, "3-0"),
    ("2023-09-18.ctl-pgn", 133, cescacs_winner::White, "3-0"),
];

#[test]
fn real_games_load_replay_and_match_games_jsonl() {
    // games.jsonl: "game:FILE#plyN" -> PDTL of the position after N plies.
    let mut golden = std::collections::HashMap::new();
    for r in records("games.jsonl") {
        let source = r["source"].as_str().unwrap();
        let (file, ply) = source
            .strip_prefix("game:")
            .unwrap()
            .split_once("#ply")
            .unwrap();
        golden.insert(
            (file.to_string(), ply.parse::<usize>().unwrap()),
            r["pdtl"].as_str().unwrap().to_string(),
        );
    }
    let mut compared = 0;
    for (file, plies, winner, stated) in GAME_FILES.into_iter().take(if cfg!(miri) { 1 } else { GAME_FILES.len() }) {
        let g = from_pgn(&game_file(file));
        assert_eq!(ply_count(g), plies, "{file}");
        let o = outcome(g);
        assert_eq!(o.termination, cescacs_termination::Checkmate, "{file}");
        assert_eq!(o.winner, winner, "{file}");
        assert_eq!(
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            out_text(|b, l, n| unsafe { cescacs_game_result(g, b, l, n) }),
            stated,
            "{file}"
        );
        let mut history = 99;
        assert_eq!(
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            unsafe { cescacs_game_history_len(g, &mut history) },
            cescacs_result::Ok
        );
        assert_eq!(history, plies, "{file}: every move can be taken back");
        // Replaying the record's moves in a new game visits the same positions.
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        let replay = game_from(&out_text(|b, l, n| unsafe {
            cescacs_game_pdtl_at(g, 0, b, l, n)
        }));
        for ply in 0..=plies {
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            let at = out_text(|b, l, n| unsafe { cescacs_game_pdtl_at(g, ply, b, l, n) });
            assert_eq!(pdtl(replay), at, "{file} ply {ply}");
            if let Some(want) = golden.get(&(file.to_string(), ply)) {
                assert_eq!(&at, want, "{file} ply {ply}");
                compared += 1;
            }
            if ply < plies {
                // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
                let ctl = out_text(|b, l, n| unsafe { cescacs_game_move_ctl_at(g, ply, b, l, n) });
                let mut m = cescacs_move::from(rules::Position::default().legal_moves()[0]);
                assert_eq!(
                    // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
                    unsafe { cescacs_game_move_at(g, ply, &mut m) },
                    cescacs_result::Ok
                );
                play(replay, &ctl);
                let mut last = m;
                assert_eq!(
                    // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
                    unsafe { cescacs_game_move_at(replay, ply, &mut last) },
                    cescacs_result::Ok
                );
                assert_eq!(last, m, "{file} ply {ply}");
            }
        }
        assert_eq!(pdtl(g), pdtl(replay));
        assert_eq!(hash(g), hash(replay));
        assert_eq!(outcome(replay), o);
        // The replay states the rules' result (3-0 where the 2020-07-20 text says 0-3).
        let rules_result = if winner == cescacs_winner::White {
            "3-0"
        } else {
            "0-3"
        };
        assert_eq!(
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            out_text(|b, l, n| unsafe { cescacs_game_result(replay, b, l, n) }),
            rules_result
        );
        // write -> read -> write is stable, for the record and for the replay.
        for h in [g, replay] {
            let text = write_pgn(h);
            let again = from_pgn(&text);
            assert_eq!(write_pgn(again), text, "{file}");
            assert_eq!(ply_count(again), plies);
            // SAFETY: made above by this test and not used after this.
            unsafe { cescacs_game_free(again) };
        }
        // The record is taken back move by move to its start, each position
        // the one recorded at that ply; then there is nothing to undo.
        let positions: Vec<String> = (0..=plies)
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            .map(|ply| out_text(|b, l, n| unsafe { cescacs_game_pdtl_at(g, ply, b, l, n) }))
            .collect();
        for ply in (0..plies).rev() {
            // SAFETY: a live handle of this test.
            assert_eq!(unsafe { cescacs_game_undo(g) }, cescacs_result::Ok, "{file} ply {ply}");
            assert_eq!(pdtl(g), positions[ply], "{file} ply {ply}");
        }
        // SAFETY: a live handle of this test.
        assert_eq!(unsafe { cescacs_game_undo(g) }, cescacs_result::NothingToUndo, "{file}");
        assert_eq!(ply_count(g), 0);
        // A stated result no longer applies to the emptied record.
        assert_eq!(
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            out_text(|b, l, n| unsafe { cescacs_game_result(g, b, l, n) }),
            "*"
        );
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_game_free(replay) };
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_game_free(g) };
    }
    if !cfg!(miri) {
        // Miri replays the first game against the first records only.
        assert_eq!(compared, 489);
    }
}

#[test]
fn same_final_position_same_hash() {
    let a = from_pgn(&game_file("2020-07-20.ctl-pgn"));
    let b = from_pgn(&game_file("2022-08-14.2.ctl-pgn"));
    let c = from_pgn(&game_file("2022-08-14.1.ctl-pgn"));
    assert_eq!(hash(a), hash(b));
    assert_ne!(hash(a), hash(c));
    // Transposed knight moves.
    let x = game_from(rules::INITIAL_PDTL);
    let y = game_from(rules::INITIAL_PDTL);
    for m in ["NG3-I7", "NG25-I21", "NE3-C7", "NE25-C21"] {
        play(x, m);
    }
    for m in ["NE3-C7", "NG25-I21", "NG3-I7", "NE25-C21"] {
        play(y, m);
    }
    assert_eq!(hash(x), hash(y));
    assert_eq!(pdtl(x), pdtl(y));
    assert_eq!(
        hash(x),
        rules::Position::from_pdtl(&pdtl(x)).unwrap().zobrist_hash()
    );
    // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
    unsafe { cescacs_game_undo(y) };
    assert_ne!(hash(x), hash(y));
    for g in [a, b, c, x, y] {
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_game_free(g) };
    }
}

#[test]
fn fivefold_repetition_from_the_core() {
    let g = game_from(rules::INITIAL_PDTL);
    let shuffle = ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"];
    let flag = |f: &dyn Fn(*mut bool) -> cescacs_result| {
        let mut b = false;
        assert_eq!(f(&mut b), cescacs_result::Ok);
        b
    };
    for round in 1..=4 {
        for m in shuffle {
            play(g, m);
        }
        let mut count = 0;
        assert_eq!(
            // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
            unsafe { cescacs_game_repetition_count(g, &mut count) },
            cescacs_result::Ok
        );
        assert_eq!(count, round + 1);
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        let three = flag(&|b| unsafe { cescacs_game_is_repetition(g, 3, b) });
        assert_eq!(three, round >= 2);
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        let claim = flag(&|b| unsafe { cescacs_game_can_claim_draw(g, b) });
        assert_eq!(claim, (2..=3).contains(&round));
        let o = outcome(g);
        if round == 4 {
            assert_eq!(o.termination, cescacs_termination::FivefoldRepetition);
            assert_eq!(
                (o.winner, o.white_points, o.black_points),
                (cescacs_winner::None, 1, 1)
            );
        } else {
            assert_eq!(o.termination, cescacs_termination::None);
        }
    }
    assert!(write_pgn(g).ends_with("8. NI7-G3, NI21-G25\n1-1\n"));
    // The game is over: no move may follow (the core's policy), and the
    // game is unchanged.
    let c = CString::new("NG3-I7").unwrap();
    // SAFETY: a live handle of this test and a NUL-terminated string.
    assert_eq!(unsafe { cescacs_game_play_ctl(g, c.as_ptr()) }, cescacs_result::GameOver);
    assert!(last_error().contains("the game is over"), "{}", last_error());
    assert_eq!(ply_count(g), 16);
    // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
    assert_eq!(unsafe { cescacs_game_undo(g) }, cescacs_result::Ok);
    assert_eq!(outcome(g).termination, cescacs_termination::None);
    assert!(write_pgn(g).ends_with("8. NI7-G3\n*\n"));
    // SAFETY: made above by this test and not used after this.
    unsafe { cescacs_game_free(g) };
}

#[test]
fn bad_pgn_reports_line_and_column() {
    let text = game_file("2022-08-14.1.ctl-pgn").replace("E15×D12", "E15×D14");
    let c = CString::new(text).unwrap();
    let sentinel = 0x1234 as *mut cescacs_game;
    let mut g = sentinel;
    assert_eq!(
        // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
        unsafe { cescacs_game_from_pgn(c.as_ptr(), &mut g) },
        cescacs_result::BadPgn
    );
    assert_eq!(g, sentinel);
    assert_eq!(
        last_error(),
        "line 15, column 12: move 3 of Black: move \"E15×D14\": the separator says a capture, but the move is a move without capture"
    );
    let (mut line, mut column) = (0, 0);
    // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
    assert!(unsafe { cescacs_last_error_location(&mut line, &mut column) });
    assert_eq!((line, column), (15, 12));
    // Another error replaces the location.
    assert_eq!(
        // SAFETY: NULL is what this case tests; the other pointers are live handles or locals.
        unsafe { cescacs_game_undo(ptr::null_mut()) },
        cescacs_result::NullPointer
    );
    // SAFETY: live handles of this test, locals as out-pointers, CStrings as texts.
    assert!(!unsafe { cescacs_last_error_location(&mut line, &mut column) });
    assert_eq!((line, column), (15, 12));
}

/// Reads a list through `cescacs_move_list_array`.
fn array(l: *const cescacs_move_list) -> &'static [cescacs_move] {
    let mut moves = ptr::null();
    let mut n = usize::MAX;
    // SAFETY: a live list of this test and locals as out-pointers.
    let rc = unsafe { cescacs_move_list_array(l, &mut moves, &mut n) };
    assert_eq!(rc, cescacs_result::Ok);
    assert!(!moves.is_null());
    // SAFETY: on success `moves` points to `n` moves, valid until the list
    // is refilled or freed; each caller drops the slice before either.
    unsafe { std::slice::from_raw_parts(moves, n) }
}

#[test]
fn move_array_equals_get_and_copy_and_follows_refills() {
    let mut buf = vec![cescacs_move::default(); CESCACS_MAX_MOVES];
    for r in records("random-dev.jsonl")
        .iter()
        .chain(&records("castling.jsonl"))
    {
        let g = game_from(r["pdtl"].as_str().unwrap());
        let l = list(g);
        // `_get` first on some lists, the array first on others: the
        // conversion happens on whichever read comes first.
        let first_get = r["pdtl"].as_str().unwrap().len() % 2 == 0;
        let get = |i| {
            let mut m = cescacs_move::default();
            // SAFETY: a live list of this test and a local out-variable.
            let rc = unsafe { cescacs_move_list_get(l, i, &mut m) };
            assert_eq!(rc, cescacs_result::Ok);
            m
        };
        let by_get: Vec<cescacs_move> = if first_get {
            (0..len(l)).map(get).collect()
        } else {
            Vec::new()
        };
        let moves = array(l);
        assert_eq!(moves.len(), len(l));
        let by_get = if first_get {
            by_get
        } else {
            (0..len(l)).map(get).collect()
        };
        assert_eq!(moves, &by_get[..]);
        let mut n = 0;
        // SAFETY: a live list, an array of `buf.len()` moves, a local.
        let rc = unsafe { cescacs_move_list_copy(l, buf.as_mut_ptr(), buf.len(), &mut n) };
        assert_eq!(rc, cescacs_result::Ok);
        assert_eq!(&buf[..n], moves);
        // The same array again, at the same place.
        assert_eq!(array(l).as_ptr(), moves.as_ptr());
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_move_list_free(l) };
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_game_free(g) };
    }

    // A refill replaces the array's contents.
    let g = game_from(rules::INITIAL_PDTL);
    let l = list(g);
    assert_eq!(array(l).len(), 68);
    play(g, "E7-E13");
    // SAFETY: live handles of this test.
    let rc = unsafe { cescacs_game_legal_moves_into(g, l) };
    assert_eq!(rc, cescacs_result::Ok);
    let after = array(l);
    assert_eq!(after.len(), len(l));
    let mut first = cescacs_move::default();
    // SAFETY: a live list of this test and a local out-variable.
    let rc = unsafe { cescacs_move_list_get(l, 0, &mut first) };
    assert_eq!(rc, cescacs_result::Ok);
    assert_eq!(after[0], first);
    assert!(after.iter().all(|m| m.from.line >= 20), "Black's moves");

    // NULL pointers: nothing written.
    let mut moves: *const cescacs_move = ptr::dangling();
    let mut n: usize = 7;
    for (list, moves_out, len_out, what) in [
        (
            ptr::null(),
            &mut moves as *mut _,
            &mut n as *mut usize,
            "list",
        ),
        (
            l as *const _,
            ptr::null_mut(),
            &mut n as *mut usize,
            "moves_out",
        ),
        (
            l as *const _,
            &mut moves as *mut _,
            ptr::null_mut(),
            "len_out",
        ),
    ] {
        // SAFETY: NULL is what this case tests; the others are a live list and locals.
        let rc = unsafe { cescacs_move_list_array(list, moves_out, len_out) };
        assert_eq!(rc, cescacs_result::NullPointer);
        assert_eq!(last_error(), format!("{what} is NULL"));
    }
    assert_eq!((moves, n), (ptr::dangling(), 7));
    // SAFETY: made above by this test and not used after this.
    unsafe { cescacs_move_list_free(l) };
    // SAFETY: made above by this test and not used after this.
    unsafe { cescacs_game_free(g) };
}

// ----- moves by hexes, moves as values, threats -------------------------------------

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

#[test]
fn find_moves_partitions_the_legal_moves() {
    for r in records("random-dev.jsonl").iter().chain(&records("castling.jsonl")) {
        let g = game_from(r["pdtl"].as_str().unwrap());
        let over = outcome(g).termination != cescacs_termination::None;
        let all = list(g);
        let moves = array(all).to_vec();
        let mut pairs: Vec<(u8, u8, u8, u8)> =
            moves.iter().map(|m| (m.from.column, m.from.line, m.to.column, m.to.line)).collect();
        pairs.sort_unstable();
        pairs.dedup();
        let mut found = 0;
        for &(fc, fl, tc, tl) in &pairs {
            let from = cescacs_hex { column: fc, line: fl };
            let to = cescacs_hex { column: tc, line: tl };
            let l = find(g, from, to);
            let some = array(l).to_vec();
            let expected: Vec<cescacs_move> =
                moves.iter().copied().filter(|m| m.from == from && m.to == to).collect();
            assert_eq!(some, expected);
            found += some.len();
            // A list of the game's position: playable by index (unless
            // the game is over, e.g. by insufficient material).
            let mut copy = ptr::null_mut();
            // SAFETY: a live game of this test and a local out-pointer.
            assert_eq!(unsafe { cescacs_game_clone(g, &mut copy) }, cescacs_result::Ok);
            // SAFETY: live handles of this test.
            let rc = unsafe { cescacs_game_play(copy, l, 0) };
            assert_eq!(rc, if over { cescacs_result::GameOver } else { cescacs_result::Ok });
            // SAFETY: made above by this test and not used after this.
            unsafe { cescacs_game_free(copy) };
            // SAFETY: made above by this test and not used after this.
            unsafe { cescacs_move_list_free(l) };
        }
        assert_eq!(found, moves.len());
        // A pair with no move: an empty list.
        let l = find(g, hex_of("F14"), hex_of("F14"));
        assert_eq!(len(l), 0);
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_move_list_free(l) };
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_move_list_free(all) };
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_game_free(g) };
    }

    // G1→H6 with every castling right: the King's Leap and eight castlings.
    let g = game_from("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1");
    let l = find(g, hex_of("G1"), hex_of("H6"));
    let mut texts: Vec<String> =
        (0..len(l)).map(|i| text(cescacs_move_list_long, l, i)).collect();
    texts.sort();
    assert_eq!(texts.len(), 9, "{texts:?}");
    assert_eq!(texts.iter().filter(|t| !t.contains('+')).count(), 1, "one leap: {texts:?}");
    // SAFETY: made above by this test and not used after this.
    unsafe { cescacs_move_list_free(l) };

    // Errors: nothing written.
    let mut l = ptr::dangling_mut();
    let bad = cescacs_hex { column: 0, line: 0 };
    // SAFETY: a live game and a local; the hex is what this case tests.
    let rc = unsafe { cescacs_game_find_moves(g, bad, hex_of("H6"), &mut l) };
    assert_eq!(rc, cescacs_result::BadHex);
    // SAFETY: NULL is what this case tests.
    let rc = unsafe { cescacs_game_find_moves(ptr::null(), hex_of("G1"), hex_of("H6"), &mut l) };
    assert_eq!((rc, last_error().as_str()), (cescacs_result::NullPointer, "game is NULL"));
    assert_eq!(l, ptr::dangling_mut());
    // SAFETY: NULL is what this case tests.
    let rc = unsafe { cescacs_game_find_moves(g, hex_of("G1"), hex_of("H6"), ptr::null_mut()) };
    assert_eq!(rc, cescacs_result::NullPointer);
    // SAFETY: made above by this test and not used after this.
    unsafe { cescacs_game_free(g) };
}

fn parse(
    f: unsafe extern "C" fn(*const cescacs_game, *const c_char, *mut cescacs_move) -> cescacs_result,
    g: *const cescacs_game,
    text: &str,
) -> Result<cescacs_move, cescacs_result> {
    let c = CString::new(text).unwrap();
    let mut m = cescacs_move::default();
    // SAFETY: a live game of this test, a CString and a local.
    match unsafe { f(g, c.as_ptr(), &mut m) } {
        cescacs_result::Ok => Ok(m),
        rc => {
            assert_eq!(m, cescacs_move::default(), "nothing written on error");
            Err(rc)
        }
    }
}

#[test]
fn parsed_and_listed_moves_are_one_value_and_play_alike() {
    for r in records("random-dev.jsonl").iter().step_by(5).chain(&records("castling.jsonl")) {
        let start = r["pdtl"].as_str().unwrap();
        let g = game_from(start);
        let over = outcome(g).termination != cescacs_termination::None;
        let l = list(g);
        // Under Miri the first moves of each position are enough.
        let moves = array(l).to_vec();
        for (i, m) in moves.into_iter().enumerate().take(if cfg!(miri) { 6 } else { usize::MAX }) {
            let long = text(cescacs_move_list_long, l, i);
            let ctl = text(cescacs_move_list_ctl, l, i);
            assert_eq!(parse(cescacs_game_parse_long, g, &long), Ok(m), "{long}");
            assert_eq!(parse(cescacs_game_parse_ctl, g, &ctl), Ok(m), "{ctl}");
            // Playing the value equals playing the list's move.
            let (mut a, mut b) = (ptr::null_mut(), ptr::null_mut());
            // SAFETY: a live game of this test and locals as out-pointers.
            unsafe {
                assert_eq!(cescacs_game_clone(g, &mut a), cescacs_result::Ok);
                assert_eq!(cescacs_game_clone(g, &mut b), cescacs_result::Ok);
                let expected = if over { cescacs_result::GameOver } else { cescacs_result::Ok };
                assert_eq!(cescacs_game_play_move(a, &m), expected, "{}", last_error());
                assert_eq!(cescacs_game_play(b, l, i), expected);
            }
            assert_eq!(pdtl(a), pdtl(b));
            // Any field changed: not a legal move, the game unchanged.
            let mut changed = m;
            changed.is_capture = !m.is_capture;
            let mut raw_kind = m;
            // SAFETY: `kind` is a `u32` in C; this writes an out-of-range
            // value through a raw pointer without reading it as the enum.
            unsafe { std::ptr::addr_of_mut!(raw_kind.kind).cast::<u32>().write(99) };
            let mut rook = m;
            rook.rook_moves[1].to.line ^= 2;
            for bad in [&changed, &raw_kind, &rook] {
                let before = pdtl(b);
                // SAFETY: a live game of this test and a local move.
                let rc = unsafe { cescacs_game_play_move(b, bad) };
                let expected = if over { cescacs_result::GameOver } else { cescacs_result::IllegalMove };
                assert_eq!(rc, expected, "{long}");
                assert_eq!(pdtl(b), before);
            }
            // SAFETY: made above by this test and not used after this.
            unsafe {
                cescacs_game_free(a);
                cescacs_game_free(b);
            }
        }
        assert_eq!(pdtl(g), core_pos(start).to_pdtl());
        // SAFETY: made above by this test and not used after this.
        unsafe {
            cescacs_move_list_free(l);
            cescacs_game_free(g);
        }
    }

    let g = game_from(rules::INITIAL_PDTL);
    assert_eq!(parse(cescacs_game_parse_ctl, g, "E7-E15"), Err(cescacs_result::IllegalMove));
    assert_eq!(parse(cescacs_game_parse_ctl, g, "E7-"), Err(cescacs_result::BadMoveText));
    assert_eq!(parse(cescacs_game_parse_long, g, "Q1-E13"), Err(cescacs_result::BadMoveText));
    assert_eq!(parse(cescacs_game_parse_long, g, "E7-E15"), Err(cescacs_result::IllegalMove));
    // SAFETY: NULL is what these cases test.
    unsafe {
        let mut m = cescacs_move::default();
        assert_eq!(cescacs_game_parse_ctl(g, ptr::null(), &mut m), cescacs_result::NullPointer);
        assert_eq!(cescacs_game_parse_ctl(g, c"E7-E13".as_ptr(), ptr::null_mut()), cescacs_result::NullPointer);
        assert_eq!(cescacs_game_parse_long(ptr::null(), c"E7-E13".as_ptr(), &mut m), cescacs_result::NullPointer);
        assert_eq!(cescacs_game_play_move(g, ptr::null()), cescacs_result::NullPointer);
        assert_eq!(cescacs_game_play_move(ptr::null_mut(), &m), cescacs_result::NullPointer);
        assert_eq!(m, cescacs_move::default());
    }
    // SAFETY: made above by this test and not used after this.
    unsafe { cescacs_game_free(g) };

    // After the end: GAME_OVER first, even for a move that is not legal.
    let pgn = game_file("2022-08-14.1.ctl-pgn");
    let g = from_pgn(&pgn);
    assert!(outcome(g).termination != cescacs_termination::None);
    let m = cescacs_move::default();
    // SAFETY: a live game of this test and a local move.
    let rc = unsafe { cescacs_game_play_move(g, &m) };
    assert_eq!(rc, cescacs_result::GameOver, "{}", last_error());
    // SAFETY: made above by this test and not used after this.
    unsafe { cescacs_game_free(g) };
}

/// The hexes a set-answering function writes, checked against its size
/// query and a buffer one entry too small.
fn hex_set(f: impl Fn(*mut cescacs_hex, usize, *mut usize) -> cescacs_result) -> Vec<rules::Hex> {
    let mut n = usize::MAX;
    let rc = f(ptr::null_mut(), 0, &mut n);
    let mut buf = vec![cescacs_hex { column: 99, line: 99 }; CESCACS_HEX_COUNT];
    let mut count = usize::MAX;
    assert_eq!(f(buf.as_mut_ptr(), buf.len(), &mut count), cescacs_result::Ok, "{}", last_error());
    assert_eq!(count, n);
    if n == 0 {
        assert_eq!(rc, cescacs_result::Ok);
    } else {
        assert_eq!(rc, cescacs_result::BufferTooSmall);
        let mut small = vec![cescacs_hex { column: 99, line: 99 }; n - 1];
        let mut m = 0;
        assert_eq!(f(small.as_mut_ptr(), small.len(), &mut m), cescacs_result::BufferTooSmall);
        assert_eq!(m, n);
        assert!(small.iter().all(|h| h.column == 99), "untouched");
    }
    assert!(buf[n..].iter().all(|h| h.column == 99), "nothing beyond the count");
    buf[..n].iter().map(|h| h.to_core().unwrap()).collect()
}

fn core_hexes(b: rules::Bitboard) -> Vec<rules::Hex> {
    b.collect()
}

/// Every hex; under Miri every 13th (varied columns and lines), which
/// keeps the per-hex checks within Miri's time.
fn hexes_to_check() -> impl Iterator<Item = rules::Hex> {
    rules::Hex::all().step_by(if cfg!(miri) { 13 } else { 1 })
}

#[test]
fn threats_are_the_cores_on_golden_positions() {
    use rules::Color;
    let colors = [(Color::White, cescacs_color::White as u32), (Color::Black, cescacs_color::Black as u32)];
    for r in records("random-dev.jsonl").iter().step_by(4).chain(&records("probes.jsonl")) {
        let text = r["pdtl"].as_str().unwrap();
        let p = core_pos(text);
        let g = game_from(text);
        // SAFETY: live handles of this test and locals, or the NULL a case tests.
        let checkers = hex_set(|b, l, n| unsafe { cescacs_game_checkers(g, b, l, n) });
        assert_eq!(checkers, core_hexes(p.checkers()));
        for (color, c) in colors {
            // SAFETY: live handles of this test and locals, or the NULL a case tests.
            let map = hex_set(|b, l, n| unsafe { cescacs_game_attacked_hexes(g, c, b, l, n) });
            assert_eq!(map, core_hexes(p.attacked_hexes(color)));
            assert!(map.windows(2).all(|w| w[0].index() < w[1].index()), "board order");
            for h in hexes_to_check() {
                let x: cescacs_hex = h.into();
                let mut attacked = false;
                // SAFETY: live handles of this test and locals, or the NULL a case tests.
                let rc = unsafe { cescacs_game_is_attacked(g, c, x, &mut attacked) };
                assert_eq!(rc, cescacs_result::Ok);
                assert_eq!(attacked, p.is_attacked(h, color));
                // SAFETY: live handles of this test and locals, or the NULL a case tests.
                let by = hex_set(|b, l, n| unsafe { cescacs_game_attackers(g, c, x, b, l, n) });
                assert_eq!(by, core_hexes(p.attackers(h, color)));
                let mut pinned = true;
                // SAFETY: live handles of this test and locals, or the NULL a case tests.
                let rc = unsafe { cescacs_game_is_pinned(g, c, x, &mut pinned) };
                assert_eq!(rc, cescacs_result::Ok);
                assert_eq!(pinned, p.is_pinned(color, h));
                // SAFETY: live handles of this test and locals, or the NULL a case tests.
                let ray = hex_set(|b, l, n| unsafe { cescacs_game_pin(g, c, x, b, l, n) });
                assert_eq!(ray, core_hexes(p.pin(color, h).unwrap_or_default()));
                assert_eq!(pinned, !ray.is_empty());
            }
        }
        for h in hexes_to_check() {
            // SAFETY: live handles of this test and locals, or the NULL a case tests.
            let at = hex_set(|b, l, n| unsafe { cescacs_game_attacks(g, h.into(), b, l, n) });
            assert_eq!(at, core_hexes(p.attacks(h)));
        }
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_game_free(g) };
    }
}

#[test]
fn threats_exact_sets_and_errors() {
    let names = |v: Vec<rules::Hex>| v.iter().map(|h| h.to_string()).collect::<Vec<_>>();
    let white = cescacs_color::White as u32;
    let black = cescacs_color::Black as u32;
    // A Black Elephant on G5 attacks G1 through G3: the Knight is pinned.
    let g = game_from("/27:1k/5:3e2/3:2N1/1:1K/ w -- - 0 1");
    // SAFETY: live handles of this test and locals, or the NULL a case tests.
    let ray = hex_set(|b, l, n| unsafe { cescacs_game_pin(g, white, hex_of("G3"), b, l, n) });
    assert_eq!(names(ray), ["G3", "G5"]);
    // SAFETY: live handles of this test and locals, or the NULL a case tests.
    let at = hex_set(|b, l, n| unsafe { cescacs_game_attacks(g, hex_of("G5"), b, l, n) });
    // Not G1: the Knight on G3 blocks the two-step attack (which is what
    // pins the Knight).
    assert_eq!(names(at), ["F2", "H2", "G3", "F8", "H8"]);
    // SAFETY: live handles of this test and locals, or the NULL a case tests.
    let by = hex_set(|b, l, n| unsafe { cescacs_game_attackers(g, black, hex_of("G3"), b, l, n) });
    assert_eq!(names(by), ["G5"]);
    // SAFETY: live handles of this test and locals, or the NULL a case tests.
    let by = hex_set(|b, l, n| unsafe { cescacs_game_attackers(g, black, hex_of("G1"), b, l, n) });
    assert!(by.is_empty());
    // SAFETY: live handles of this test and locals, or the NULL a case tests.
    let none = hex_set(|b, l, n| unsafe { cescacs_game_pin(g, black, hex_of("G5"), b, l, n) });
    assert!(none.is_empty());
    // White to move is not in check (the Knight blocks): no checkers.
    // SAFETY: live handles of this test and locals, or the NULL a case tests.
    assert!(hex_set(|b, l, n| unsafe { cescacs_game_checkers(g, b, l, n) }).is_empty());
    // SAFETY: live handles of this test and locals, or the NULL a case tests.
    unsafe { cescacs_game_free(g) };
    // A double check by a Knight and a Rook.
    let g = game_from("/27:1k/13:4r3/6:3n3/1:1K/ w -- - 0 1");
    // SAFETY: live handles of this test and locals, or the NULL a case tests.
    let checkers = hex_set(|b, l, n| unsafe { cescacs_game_checkers(g, b, l, n) });
    assert_eq!(names(checkers), ["F6", "G13"]);
    // SAFETY: live handles of this test and locals, or the NULL a case tests.
    unsafe { cescacs_game_free(g) };

    let g = game_from(rules::INITIAL_PDTL);
    let mut flag = true;
    let mut n = 7usize;
    let mut buf = [cescacs_hex { column: 99, line: 99 }; 4];
    let bad = cescacs_hex { column: 7, line: 13 };
    // SAFETY: live handles of this test and locals, or the NULL a case tests.
    unsafe {
        assert_eq!(cescacs_game_is_attacked(g, 2, hex_of("F14"), &mut flag), cescacs_result::BadArgument);
        assert_eq!(last_error(), "by is 2, not a cescacs_color (CESCACS_COLOR_WHITE 0 or CESCACS_COLOR_BLACK 1)");
        assert_eq!(cescacs_game_is_attacked(g, white, bad, &mut flag), cescacs_result::BadHex);
        assert_eq!(cescacs_game_is_attacked(ptr::null(), white, bad, &mut flag), cescacs_result::NullPointer);
        assert_eq!(cescacs_game_is_attacked(g, white, hex_of("F14"), ptr::null_mut()), cescacs_result::NullPointer);
        assert_eq!(cescacs_game_is_pinned(g, u32::MAX, hex_of("F14"), &mut flag), cescacs_result::BadArgument);
        assert_eq!(cescacs_game_is_pinned(g, white, bad, &mut flag), cescacs_result::BadHex);
        assert!(flag, "untouched");
        assert_eq!(cescacs_game_attackers(g, 5, hex_of("F14"), buf.as_mut_ptr(), 4, &mut n), cescacs_result::BadArgument);
        assert_eq!(cescacs_game_attackers(g, white, bad, buf.as_mut_ptr(), 4, &mut n), cescacs_result::BadHex);
        assert_eq!(cescacs_game_attacks(g, bad, buf.as_mut_ptr(), 4, &mut n), cescacs_result::BadHex);
        assert_eq!(cescacs_game_attacked_hexes(g, 2, buf.as_mut_ptr(), 4, &mut n), cescacs_result::BadArgument);
        assert_eq!(cescacs_game_pin(g, 2, hex_of("F14"), buf.as_mut_ptr(), 4, &mut n), cescacs_result::BadArgument);
        assert_eq!(cescacs_game_pin(g, white, bad, buf.as_mut_ptr(), 4, &mut n), cescacs_result::BadHex);
        assert_eq!(cescacs_game_checkers(ptr::null(), buf.as_mut_ptr(), 4, &mut n), cescacs_result::NullPointer);
        assert_eq!(cescacs_game_checkers(g, buf.as_mut_ptr(), 4, ptr::null_mut()), cescacs_result::NullPointer);
        assert_eq!(last_error(), "count_out is NULL");
        assert_eq!(cescacs_game_attacked_hexes(g, white, ptr::null_mut(), 4, &mut n), cescacs_result::NullPointer);
        assert_eq!(last_error(), "buf (with a non-zero length) is NULL");
        assert_eq!(n, 7);
        assert!(buf.iter().all(|h| h.column == 99));
        // Too small: the count, nothing else.
        assert_eq!(cescacs_game_attacked_hexes(g, white, buf.as_mut_ptr(), 4, &mut n), cescacs_result::BufferTooSmall);
        assert!(n > 4 && n <= CESCACS_HEX_COUNT);
        assert!(buf.iter().all(|h| h.column == 99));
        cescacs_game_free(g);
    }
}

// ----- front ends: drawing and record annotations ------------------------------------

#[test]
fn pieces_board_text_and_geometry_are_the_cores() {
    for r in records("random-dev.jsonl").iter().step_by(8).chain(&records("probes.jsonl")) {
        let text = r["pdtl"].as_str().unwrap();
        let p = core_pos(text);
        let g = game_from(text);
        let mut buf = vec![
            cescacs_placed_piece { hex: cescacs_hex::default(), role: cescacs_role::None, color: cescacs_color::White };
            CESCACS_HEX_COUNT
        ];
        let mut n = 0;
        // SAFETY: live handles of this test and locals.
        let rc = unsafe { cescacs_game_pieces(g, buf.as_mut_ptr(), buf.len(), &mut n) };
        assert_eq!(rc, cescacs_result::Ok);
        let want: Vec<cescacs_placed_piece> = rules::Hex::all()
            .filter_map(|h| {
                p.piece_at(h).map(|pc| cescacs_placed_piece { hex: h.into(), role: pc.role.into(), color: pc.color.into() })
            })
            .collect();
        assert_eq!(&buf[..n], &want[..]);
        for unicode in [false, true] {
            // SAFETY: live handles of this test and locals.
            let board = out_text(|b, l, o| unsafe { cescacs_game_board_text(g, unicode, b, l, o) });
            assert_eq!(board, p.board_text(unicode));
        }
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_game_free(g) };
    }
    for h in rules::Hex::all() {
        let mut c = cescacs_point::default();
        let mut corners = [cescacs_point::default(); CESCACS_HEX_CORNERS];
        let mut back = cescacs_hex::default();
        // SAFETY: locals as out-pointers (six points for the corners).
        unsafe {
            assert_eq!(cescacs_hex_center(h.into(), &mut c), cescacs_result::Ok);
            assert_eq!(cescacs_hex_corners(h.into(), corners.as_mut_ptr()), cescacs_result::Ok);
            assert_eq!(cescacs_hex_at_point(c.x, c.y, &mut back), cescacs_result::Ok);
        }
        assert_eq!((c.x, c.y), h.center());
        assert_eq!(corners.map(|p| (p.x, p.y)), h.corners());
        assert_eq!(back, h.into());
    }
}

#[test]
fn tags_comments_and_variations_are_the_cores() {
    let path = format!("{}/../examples/cpp/front/tests/fools-mate-variations.ctl-pgn", env!("CARGO_MANIFEST_DIR"));
    let texts = [
        std::fs::read_to_string(path).unwrap(),
        game_file("2020-07-20.ctl-pgn"),
        game_file("2023-09-18.ctl-pgn"),
    ];
    for text in &texts {
        let core = rules::pgn::read_game(text).unwrap();
        let g = from_pgn(text);
        let mut n = usize::MAX;
        // SAFETY: live handles of this test and locals.
        assert_eq!(unsafe { cescacs_game_tag_count(g, &mut n) }, cescacs_result::Ok);
        assert_eq!(n, core.tags.len());
        for (i, (name, value)) in core.tags.iter().enumerate() {
            // SAFETY: live handles of this test and locals.
            assert_eq!(&out_text(|b, l, o| unsafe { cescacs_game_tag_name_at(g, i, b, l, o) }), name);
            // SAFETY: live handles of this test and locals.
            assert_eq!(&out_text(|b, l, o| unsafe { cescacs_game_tag_value_at(g, i, b, l, o) }), value);
        }
        for (i, c) in core.mainline().comments.iter().enumerate() {
            // SAFETY: live handles of this test and locals.
            assert_eq!(&out_text(|b, l, o| unsafe { cescacs_game_opening_comment(g, i, b, l, o) }), c);
        }
        for (i, c) in core.final_comments.iter().enumerate() {
            // SAFETY: live handles of this test and locals.
            assert_eq!(&out_text(|b, l, o| unsafe { cescacs_game_final_comment(g, i, b, l, o) }), c);
        }
        for (ply, am) in core.mainline().moves.iter().enumerate() {
            let (mut comments, mut variations) = (usize::MAX, usize::MAX);
            // SAFETY: live handles of this test and locals.
            unsafe {
                assert_eq!(cescacs_game_comment_count(g, ply, &mut comments), cescacs_result::Ok);
                assert_eq!(cescacs_game_variation_count(g, ply, &mut variations), cescacs_result::Ok);
            }
            assert_eq!((comments, variations), (am.comments.len(), am.variations.len()));
            for (i, c) in am.comments.iter().enumerate() {
                // SAFETY: live handles of this test and locals.
                assert_eq!(&out_text(|b, l, o| unsafe { cescacs_game_comment(g, ply, i, b, l, o) }), c);
            }
            for i in 0..variations {
                let v = core.variation(ply, i).unwrap();
                // SAFETY: live handles of this test and locals.
                let ctl = out_text(|b, l, o| unsafe { cescacs_game_variation_ctl(g, ply, i, b, l, o) });
                assert_eq!(ctl, v.ctl_moves().join(" "));
                let mut vg = ptr::null_mut();
                // SAFETY: live handles of this test and locals.
                assert_eq!(unsafe { cescacs_game_variation(g, ply, i, &mut vg) }, cescacs_result::Ok);
                assert_eq!(write_pgn(vg), rules::pgn::write_game(&v));
                // SAFETY: made above by this test and not used after this.
                unsafe { cescacs_game_free(vg) };
            }
        }
        assert_eq!(write_pgn(g), rules::pgn::write_game(&core));
        // SAFETY: made above by this test and not used after this.
        unsafe { cescacs_game_free(g) };
    }
}
