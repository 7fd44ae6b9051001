//! Front ends: drawing the board, and the record's tags, comments and
//! variations.

// (Unused where benches/ffi_overhead.rs compiles the crate with cfg(test)
// but no test harness, so without the #[test] functions.)
#[allow(unused_imports)]
use super::*;

#[test]
fn pieces_board_text_and_geometry_are_the_cores() {
    for r in records("random-dev.jsonl")
        .iter()
        .step_by(8)
        .chain(&records("probes.jsonl"))
    {
        let text = r["pdtl"].as_str().unwrap();
        let p = core_pos(text);
        let g = game_from(text);
        let mut buf = vec![
            cescacs_placed_piece {
                hex: cescacs_hex::default(),
                role: cescacs_role::None,
                color: cescacs_color::White
            };
            CESCACS_HEX_COUNT
        ];
        let mut n = 0;
        // SAFETY: live handles of this test and locals.
        let rc = unsafe { cescacs_game_pieces(g, buf.as_mut_ptr(), buf.len(), &mut n) };
        assert_eq!(rc, cescacs_result::Ok);
        let want: Vec<cescacs_placed_piece> = rules::Hex::all()
            .filter_map(|h| {
                p.piece_at(h).map(|pc| cescacs_placed_piece {
                    hex: h.into(),
                    role: pc.role.into(),
                    color: pc.color.into(),
                })
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
            assert_eq!(
                cescacs_hex_corners(h.into(), corners.as_mut_ptr()),
                cescacs_result::Ok
            );
            assert_eq!(
                cescacs_hex_at_point(c.x, c.y, &mut back),
                cescacs_result::Ok
            );
        }
        assert_eq!((c.x, c.y), h.center());
        assert_eq!(corners.map(|p| (p.x, p.y)), h.corners());
        assert_eq!(back, h.into());
    }
}

#[test]
fn tags_comments_and_variations_are_the_cores() {
    let path = format!(
        "{}/../examples/cpp/front/tests/fools-mate-variations.ctl-pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let texts = [
        std::fs::read_to_string(path).unwrap(),
        game_file("2020-07-20.ctl-pgn"),
        game_file("2023-09-18.ctl-pgn"),
    ];
    for text in &texts {
        let core = rules::pgn::read_game(text).unwrap();
        let g = from_pgn(text);
        let mut n = usize::MAX;
        assert_eq!(
            // SAFETY: live handles of this test and locals.
            unsafe { cescacs_game_tag_count(g, &mut n) },
            cescacs_result::Ok
        );
        assert_eq!(n, core.tags.len());
        for (i, (name, value)) in core.tags.iter().enumerate() {
            assert_eq!(
                // SAFETY: live handles of this test and locals.
                &out_text(|b, l, o| unsafe { cescacs_game_tag_name_at(g, i, b, l, o) }),
                name
            );
            assert_eq!(
                // SAFETY: live handles of this test and locals.
                &out_text(|b, l, o| unsafe { cescacs_game_tag_value_at(g, i, b, l, o) }),
                value
            );
        }
        for (i, c) in core.mainline().comments.iter().enumerate() {
            assert_eq!(
                // SAFETY: live handles of this test and locals.
                &out_text(|b, l, o| unsafe { cescacs_game_opening_comment(g, i, b, l, o) }),
                c
            );
        }
        for (i, c) in core.final_comments.iter().enumerate() {
            assert_eq!(
                // SAFETY: live handles of this test and locals.
                &out_text(|b, l, o| unsafe { cescacs_game_final_comment(g, i, b, l, o) }),
                c
            );
        }
        for (ply, am) in core.mainline().moves.iter().enumerate() {
            let (mut comments, mut variations) = (usize::MAX, usize::MAX);
            // SAFETY: live handles of this test and locals.
            unsafe {
                assert_eq!(
                    cescacs_game_comment_count(g, ply, &mut comments),
                    cescacs_result::Ok
                );
                assert_eq!(
                    cescacs_game_variation_count(g, ply, &mut variations),
                    cescacs_result::Ok
                );
            }
            assert_eq!(
                (comments, variations),
                (am.comments.len(), am.variations.len())
            );
            for (i, c) in am.comments.iter().enumerate() {
                assert_eq!(
                    // SAFETY: live handles of this test and locals.
                    &out_text(|b, l, o| unsafe { cescacs_game_comment(g, ply, i, b, l, o) }),
                    c
                );
            }
            for i in 0..variations {
                let v = core.variation(ply, i).unwrap();
                // SAFETY: live handles of this test and locals.
                let ctl =
                    out_text(|b, l, o| unsafe { cescacs_game_variation_ctl(g, ply, i, b, l, o) });
                assert_eq!(ctl, v.ctl_moves().join(" "));
                let mut vg = ptr::null_mut();
                assert_eq!(
                    // SAFETY: live handles of this test and locals.
                    unsafe { cescacs_game_variation(g, ply, i, &mut vg) },
                    cescacs_result::Ok
                );
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
