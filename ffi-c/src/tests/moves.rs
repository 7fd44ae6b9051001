//! Move lists, move values and move texts: the golden move sets, the
//! classification of every kind of move, arrays, moves by hexes, parsed moves.

use super::*;

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
        assert!(
            by_kind.iter().all(|&n| n > 0),
            "every kind is checked: {by_kind:?}"
        );
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
            assert_eq!(
                cescacs_move_list_array(l, &mut moves, &mut n),
                cescacs_result::Ok
            );
            (moves, n)
        };
        // SAFETY: on success the array holds `n` moves, valid until the
        // list is refilled, after this slice's last use.
        let moves = unsafe { std::slice::from_raw_parts(moves, n) };
        let expected: Vec<cescacs_move> = pos
            .legal_moves()
            .iter()
            .map(|m| expected_c_move(&pos, m))
            .collect();
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

#[test]
fn find_moves_partitions_the_legal_moves() {
    for r in records("random-dev.jsonl")
        .iter()
        .chain(&records("castling.jsonl"))
    {
        let g = game_from(r["pdtl"].as_str().unwrap());
        let over = outcome(g).termination != cescacs_termination::None;
        let all = list(g);
        let moves = array(all).to_vec();
        let mut pairs: Vec<(u8, u8, u8, u8)> = moves
            .iter()
            .map(|m| (m.from.column, m.from.line, m.to.column, m.to.line))
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        let mut found = 0;
        for &(fc, fl, tc, tl) in &pairs {
            let from = cescacs_hex {
                column: fc,
                line: fl,
            };
            let to = cescacs_hex {
                column: tc,
                line: tl,
            };
            let l = find(g, from, to);
            let some = array(l).to_vec();
            let expected: Vec<cescacs_move> = moves
                .iter()
                .copied()
                .filter(|m| m.from == from && m.to == to)
                .collect();
            assert_eq!(some, expected);
            found += some.len();
            // A list of the game's position: playable by index (unless
            // the game is over, e.g. by insufficient material).
            let mut copy = ptr::null_mut();
            assert_eq!(
                // SAFETY: a live game of this test and a local out-pointer.
                unsafe { cescacs_game_clone(g, &mut copy) },
                cescacs_result::Ok
            );
            // SAFETY: live handles of this test.
            let rc = unsafe { cescacs_game_play(copy, l, 0) };
            assert_eq!(
                rc,
                if over {
                    cescacs_result::GameOver
                } else {
                    cescacs_result::Ok
                }
            );
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
    let mut texts: Vec<String> = (0..len(l))
        .map(|i| text(cescacs_move_list_long, l, i))
        .collect();
    texts.sort();
    assert_eq!(texts.len(), 9, "{texts:?}");
    assert_eq!(
        texts.iter().filter(|t| !t.contains('+')).count(),
        1,
        "one leap: {texts:?}"
    );
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
    assert_eq!(
        (rc, last_error().as_str()),
        (cescacs_result::NullPointer, "game is NULL")
    );
    assert_eq!(l, ptr::dangling_mut());
    // SAFETY: NULL is what this case tests.
    let rc = unsafe { cescacs_game_find_moves(g, hex_of("G1"), hex_of("H6"), ptr::null_mut()) };
    assert_eq!(rc, cescacs_result::NullPointer);
    // SAFETY: made above by this test and not used after this.
    unsafe { cescacs_game_free(g) };
}

fn parse(
    f: unsafe extern "C" fn(
        *const cescacs_game,
        *const c_char,
        *mut cescacs_move,
    ) -> cescacs_result,
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
    for r in records("random-dev.jsonl")
        .iter()
        .step_by(5)
        .chain(&records("castling.jsonl"))
    {
        let start = r["pdtl"].as_str().unwrap();
        let g = game_from(start);
        let over = outcome(g).termination != cescacs_termination::None;
        let l = list(g);
        // Under Miri the first moves of each position are enough.
        let moves = array(l).to_vec();
        for (i, m) in moves
            .into_iter()
            .enumerate()
            .take(if cfg!(miri) { 6 } else { usize::MAX })
        {
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
                let expected = if over {
                    cescacs_result::GameOver
                } else {
                    cescacs_result::Ok
                };
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
            unsafe {
                std::ptr::addr_of_mut!(raw_kind.kind)
                    .cast::<u32>()
                    .write(99)
            };
            let mut rook = m;
            rook.rook_moves[1].to.line ^= 2;
            for bad in [&changed, &raw_kind, &rook] {
                let before = pdtl(b);
                // SAFETY: a live game of this test and a local move.
                let rc = unsafe { cescacs_game_play_move(b, bad) };
                let expected = if over {
                    cescacs_result::GameOver
                } else {
                    cescacs_result::IllegalMove
                };
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
    assert_eq!(
        parse(cescacs_game_parse_ctl, g, "E7-E15"),
        Err(cescacs_result::IllegalMove)
    );
    assert_eq!(
        parse(cescacs_game_parse_ctl, g, "E7-"),
        Err(cescacs_result::BadMoveText)
    );
    assert_eq!(
        parse(cescacs_game_parse_long, g, "Q1-E13"),
        Err(cescacs_result::BadMoveText)
    );
    assert_eq!(
        parse(cescacs_game_parse_long, g, "E7-E15"),
        Err(cescacs_result::IllegalMove)
    );
    // SAFETY: NULL is what these cases test.
    unsafe {
        let mut m = cescacs_move::default();
        assert_eq!(
            cescacs_game_parse_ctl(g, ptr::null(), &mut m),
            cescacs_result::NullPointer
        );
        assert_eq!(
            cescacs_game_parse_ctl(g, c"E7-E13".as_ptr(), ptr::null_mut()),
            cescacs_result::NullPointer
        );
        assert_eq!(
            cescacs_game_parse_long(ptr::null(), c"E7-E13".as_ptr(), &mut m),
            cescacs_result::NullPointer
        );
        assert_eq!(
            cescacs_game_play_move(g, ptr::null()),
            cescacs_result::NullPointer
        );
        assert_eq!(
            cescacs_game_play_move(ptr::null_mut(), &m),
            cescacs_result::NullPointer
        );
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
