//! Games played and taken back through the API, and how they end.

// (Unused where benches/ffi_overhead.rs compiles the crate with cfg(test)
// but no test harness, so without the #[test] functions.)
#[allow(unused_imports)]
use super::*;

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
