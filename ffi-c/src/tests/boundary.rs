//! The boundary: errors leave outputs and games unchanged, panics are
//! caught, result names, the version, hexes as values.

// (Unused where benches/ffi_overhead.rs compiles the crate with cfg(test)
// but no test harness, so without the #[test] functions.)
#[allow(unused_imports)]
use super::*;

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
    let r = crate::guard::guard("test_function", || panic!("boom"));
    assert_eq!(r, cescacs_result::Panic);
    assert_eq!(
        last_error(),
        "internal error (panic) in test_function: boom"
    );
    let r = crate::guard::guard("test_function", || panic!("formatted {}", 42));
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
    assert_eq!(name(16), "CESCACS_RESULT_OUT_OF_MEMORY");
    assert_eq!(name(17), "CESCACS_RESULT_UNKNOWN");
    for (i, r) in crate::error::all_results().iter().enumerate() {
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
