//! Game records read from and written as CTL-PGN: the real games, hashes,
//! repetition, errors with their place.

use super::*;

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
    for (file, plies, winner, stated) in
        GAME_FILES
            .into_iter()
            .take(if cfg!(miri) { 1 } else { GAME_FILES.len() })
    {
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
            assert_eq!(
                // SAFETY: a live handle of this test.
                unsafe { cescacs_game_undo(g) },
                cescacs_result::Ok,
                "{file} ply {ply}"
            );
            assert_eq!(pdtl(g), positions[ply], "{file} ply {ply}");
        }
        assert_eq!(
            // SAFETY: a live handle of this test.
            unsafe { cescacs_game_undo(g) },
            cescacs_result::NothingToUndo,
            "{file}"
        );
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
    assert_eq!(
        // SAFETY: a live handle of this test and a NUL-terminated string.
        unsafe { cescacs_game_play_ctl(g, c.as_ptr()) },
        cescacs_result::GameOver
    );
    assert!(
        last_error().contains("the game is over"),
        "{}",
        last_error()
    );
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
