//! Threats: attacked hexes, attackers, checkers and pins against the core.

use super::*;

/// The hexes a set-answering function writes, checked against its size
/// query and a buffer one entry too small.
fn hex_set(f: impl Fn(*mut cescacs_hex, usize, *mut usize) -> cescacs_result) -> Vec<rules::Hex> {
    let mut n = usize::MAX;
    let rc = f(ptr::null_mut(), 0, &mut n);
    let mut buf = vec![
        cescacs_hex {
            column: 99,
            line: 99
        };
        CESCACS_HEX_COUNT
    ];
    let mut count = usize::MAX;
    assert_eq!(
        f(buf.as_mut_ptr(), buf.len(), &mut count),
        cescacs_result::Ok,
        "{}",
        last_error()
    );
    assert_eq!(count, n);
    if n == 0 {
        assert_eq!(rc, cescacs_result::Ok);
    } else {
        assert_eq!(rc, cescacs_result::BufferTooSmall);
        let mut small = vec![
            cescacs_hex {
                column: 99,
                line: 99
            };
            n - 1
        ];
        let mut m = 0;
        assert_eq!(
            f(small.as_mut_ptr(), small.len(), &mut m),
            cescacs_result::BufferTooSmall
        );
        assert_eq!(m, n);
        assert!(small.iter().all(|h| h.column == 99), "untouched");
    }
    assert!(
        buf[n..].iter().all(|h| h.column == 99),
        "nothing beyond the count"
    );
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
    let colors = [
        (Color::White, cescacs_color::White as u32),
        (Color::Black, cescacs_color::Black as u32),
    ];
    for r in records("random-dev.jsonl")
        .iter()
        .step_by(4)
        .chain(&records("probes.jsonl"))
    {
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
            assert!(
                map.windows(2).all(|w| w[0].index() < w[1].index()),
                "board order"
            );
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
    let mut buf = [cescacs_hex {
        column: 99,
        line: 99,
    }; 4];
    let bad = cescacs_hex {
        column: 7,
        line: 13,
    };
    // SAFETY: live handles of this test and locals, or the NULL a case tests.
    unsafe {
        assert_eq!(
            cescacs_game_is_attacked(g, 2, hex_of("F14"), &mut flag),
            cescacs_result::BadArgument
        );
        assert_eq!(
            last_error(),
            "by is 2, not a cescacs_color (CESCACS_COLOR_WHITE 0 or CESCACS_COLOR_BLACK 1)"
        );
        assert_eq!(
            cescacs_game_is_attacked(g, white, bad, &mut flag),
            cescacs_result::BadHex
        );
        assert_eq!(
            cescacs_game_is_attacked(ptr::null(), white, bad, &mut flag),
            cescacs_result::NullPointer
        );
        assert_eq!(
            cescacs_game_is_attacked(g, white, hex_of("F14"), ptr::null_mut()),
            cescacs_result::NullPointer
        );
        assert_eq!(
            cescacs_game_is_pinned(g, u32::MAX, hex_of("F14"), &mut flag),
            cescacs_result::BadArgument
        );
        assert_eq!(
            cescacs_game_is_pinned(g, white, bad, &mut flag),
            cescacs_result::BadHex
        );
        assert!(flag, "untouched");
        assert_eq!(
            cescacs_game_attackers(g, 5, hex_of("F14"), buf.as_mut_ptr(), 4, &mut n),
            cescacs_result::BadArgument
        );
        assert_eq!(
            cescacs_game_attackers(g, white, bad, buf.as_mut_ptr(), 4, &mut n),
            cescacs_result::BadHex
        );
        assert_eq!(
            cescacs_game_attacks(g, bad, buf.as_mut_ptr(), 4, &mut n),
            cescacs_result::BadHex
        );
        assert_eq!(
            cescacs_game_attacked_hexes(g, 2, buf.as_mut_ptr(), 4, &mut n),
            cescacs_result::BadArgument
        );
        assert_eq!(
            cescacs_game_pin(g, 2, hex_of("F14"), buf.as_mut_ptr(), 4, &mut n),
            cescacs_result::BadArgument
        );
        assert_eq!(
            cescacs_game_pin(g, white, bad, buf.as_mut_ptr(), 4, &mut n),
            cescacs_result::BadHex
        );
        assert_eq!(
            cescacs_game_checkers(ptr::null(), buf.as_mut_ptr(), 4, &mut n),
            cescacs_result::NullPointer
        );
        assert_eq!(
            cescacs_game_checkers(g, buf.as_mut_ptr(), 4, ptr::null_mut()),
            cescacs_result::NullPointer
        );
        assert_eq!(last_error(), "count_out is NULL");
        assert_eq!(
            cescacs_game_attacked_hexes(g, white, ptr::null_mut(), 4, &mut n),
            cescacs_result::NullPointer
        );
        assert_eq!(last_error(), "buf (with a non-zero length) is NULL");
        assert_eq!(n, 7);
        assert!(buf.iter().all(|h| h.column == 99));
        // Too small: the count, nothing else.
        assert_eq!(
            cescacs_game_attacked_hexes(g, white, buf.as_mut_ptr(), 4, &mut n),
            cescacs_result::BufferTooSmall
        );
        assert!(n > 4 && n <= CESCACS_HEX_COUNT);
        assert!(buf.iter().all(|h| h.column == 99));
        cescacs_game_free(g);
    }
}
