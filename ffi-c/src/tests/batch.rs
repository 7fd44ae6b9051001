//! Game batches: self-play equal to the core's, move for move; batches
//! read from CTL-PGN; the lent arrays; errors.

use super::*;

fn selfplay(
    n: usize,
    max_plies: usize,
    seed: u64,
    first: u64,
    threads: usize,
) -> *mut cescacs_game_batch {
    let mut b = ptr::null_mut();
    assert_eq!(
        // SAFETY: a local as the out-pointer, NULL for the initial position.
        unsafe { cescacs_selfplay(n, max_plies, seed, first, threads, ptr::null(), &mut b) },
        cescacs_result::Ok,
        "{}",
        last_error()
    );
    b
}

fn batch_len(b: *const cescacs_game_batch) -> usize {
    let mut n = usize::MAX;
    assert_eq!(
        // SAFETY: a live batch of this test, a local as the out-pointer.
        unsafe { cescacs_game_batch_len(b, &mut n) },
        cescacs_result::Ok
    );
    n
}

/// The lent moves and offsets, copied.
fn columns(b: *const cescacs_game_batch) -> (Vec<u16>, Vec<u64>) {
    let (mut moves, mut offsets) = (ptr::null(), ptr::null());
    let (mut n_moves, mut n_offsets) = (usize::MAX, usize::MAX);
    // SAFETY: a live batch of this test, locals as out-pointers; the arrays
    // are read while the batch lives, within the lengths it gave.
    unsafe {
        assert_eq!(
            cescacs_game_batch_moves(b, &mut moves, &mut n_moves),
            cescacs_result::Ok
        );
        assert_eq!(
            cescacs_game_batch_offsets(b, &mut offsets, &mut n_offsets),
            cescacs_result::Ok
        );
        (
            std::slice::from_raw_parts(moves, n_moves).to_vec(),
            std::slice::from_raw_parts(offsets, n_offsets).to_vec(),
        )
    }
}

fn info(b: *const cescacs_game_batch, i: usize) -> cescacs_batch_game {
    let mut g = cescacs_batch_game {
        first_move: 99,
        plies: 99,
        termination: cescacs_termination::Checkmate,
        white_points: 9,
        black_points: 9,
    };
    assert_eq!(
        // SAFETY: a live batch of this test, a local as the out-pointer.
        unsafe { cescacs_game_batch_info(b, i, &mut g) },
        cescacs_result::Ok,
        "{}",
        last_error()
    );
    g
}

fn batch_game(b: *const cescacs_game_batch, i: usize) -> *mut cescacs_game {
    let mut g = ptr::null_mut();
    assert_eq!(
        // SAFETY: a live batch of this test, a local as the out-pointer.
        unsafe { cescacs_game_batch_game(b, i, &mut g) },
        cescacs_result::Ok,
        "{}",
        last_error()
    );
    g
}

#[test]
fn selfplay_games_are_the_research_random_games_move_for_move() {
    // Games 3..15 of seed 7's stream, on two threads.
    let b = selfplay(12, 80, 7, 3, 2);
    let core = research::selfplay::RandomGames::new(15)
        .seed(7)
        .max_plies(80)
        .threads(1)
        .run()
        .unwrap();
    assert_eq!(batch_len(b), 12);
    let (moves, offsets) = columns(b);
    assert_eq!(offsets.len(), 13);
    assert_eq!(offsets[12], moves.len() as u64);
    let core_batch = research::dataset::SelfPlay::new(12)
        .seed(7)
        .max_plies(80)
        .first(3)
        .run()
        .unwrap();
    assert_eq!(moves, core_batch.moves());
    for i in 0..12 {
        let want = &core[3 + i];
        let g = batch_game(b, i);
        assert_eq!(ply_count(g), want.len(), "game {i}");
        for ply in 0..=want.len() {
            // SAFETY: a live game of this test; `out_text` passes a buffer and its size.
            let at = out_text(|t, l, n| unsafe { cescacs_game_pdtl_at(g, ply, t, l, n) });
            assert_eq!(
                at,
                want.position_at(ply).unwrap().to_pdtl(),
                "game {i} ply {ply}"
            );
        }
        let o = outcome(g);
        let r = info(b, i);
        assert_eq!(
            (r.first_move, r.plies),
            (offsets[i], offsets[i + 1] - offsets[i])
        );
        assert_eq!(r.plies, want.len() as u64);
        assert_eq!(r.termination, o.termination);
        assert_eq!(
            (r.white_points, r.black_points),
            (o.white_points, o.black_points)
        );
        // SAFETY: a game of this test, freed once.
        unsafe { cescacs_game_free(g) };
    }
    let (mut seed, mut first) = (0, 0);
    assert_eq!(
        // SAFETY: a live batch of this test, locals as out-pointers.
        unsafe { cescacs_game_batch_origin(b, &mut seed, &mut first) },
        cescacs_result::Ok
    );
    assert_eq!((seed, first), (7, 3));
    // SAFETY: the batch of this test, freed once.
    unsafe { cescacs_game_batch_free(b) };
}

#[test]
fn selfplay_of_seed_1_has_its_plies() {
    // The 50 games of seed 1, at most 300 plies: 14,977 plies, every game
    // but a few stopped at the limit (the research crate's examples/selfplay.rs prints
    // the same count).
    let b = selfplay(50, 300, 1, 0, 0);
    let (moves, offsets) = columns(b);
    assert_eq!(moves.len(), 14_977);
    assert_eq!(offsets[50], 14_977);
    let sum: u64 = (0..50).map(|i| info(b, i).plies).sum();
    assert_eq!(sum, 14_977);
    // SAFETY: the batch of this test, freed once.
    unsafe { cescacs_game_batch_free(b) };
}

#[test]
fn selfplay_from_a_start_position() {
    let start = CString::new("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1").unwrap();
    let mut b = ptr::null_mut();
    assert_eq!(
        // SAFETY: a CString as the text, a local as the out-pointer.
        unsafe { cescacs_selfplay(4, 10, 2, 0, 1, start.as_ptr(), &mut b) },
        cescacs_result::Ok
    );
    let g = batch_game(b, 3);
    // SAFETY: a live game of this test; `out_text` passes a buffer and its size.
    let at0 = out_text(|t, l, n| unsafe { cescacs_game_pdtl_at(g, 0, t, l, n) });
    assert_eq!(at0, "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1");
    let want = research::selfplay::random_game(
        &core_pos("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1"),
        rules::random::game_seed(2, 3),
        10,
    );
    assert_eq!(pdtl(g), want.position().to_pdtl());
    // SAFETY: handles of this test, freed once.
    unsafe {
        cescacs_game_free(g);
        cescacs_game_batch_free(b);
    }
}

const THREE_GAMES: &str =
    "1. E7-E13, E21-E15\n*\n\n[Result \"1-1\"]\n1. H6-H12\n1-1\n\n1. L5-L7\n*\n";

fn reader(text: &str) -> *mut cescacs_pgn_reader {
    let c = CString::new(text).unwrap();
    let mut r = ptr::null_mut();
    assert_eq!(
        // SAFETY: a CString as the text, a local as the out-pointer.
        unsafe { cescacs_pgn_reader_from_text(c.as_ptr(), &mut r) },
        cescacs_result::Ok
    );
    r
}

fn read(r: *mut cescacs_pgn_reader, max: usize) -> *mut cescacs_game_batch {
    let mut b = ptr::null_mut();
    assert_eq!(
        // SAFETY: a live reader of this test, a local as the out-pointer.
        unsafe { cescacs_game_batch_read_pgn(r, max, &mut b) },
        cescacs_result::Ok,
        "{}",
        last_error()
    );
    b
}

#[test]
fn a_batch_read_from_pgn_in_pieces() {
    let r = reader(THREE_GAMES);
    let first = read(r, 2);
    assert_eq!(columns(first).1, [0, 2, 3]);
    let drawn = info(first, 1);
    assert_eq!(
        (drawn.first_move, drawn.plies, drawn.termination),
        (2, 1, cescacs_termination::None)
    );
    assert_eq!(
        (drawn.white_points, drawn.black_points),
        (1, 1),
        "the stated result"
    );
    let g = batch_game(first, 0);
    let tags = "[Variant \"C'escacs\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????-??-??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n";
    assert_eq!(
        write_pgn(g),
        format!("{tags}[Result \"*\"]\n1. E7-E13, E21-E15\n*\n")
    );
    let g1 = batch_game(first, 1);
    assert_eq!(
        // SAFETY: a live game of this test; `out_text` passes a buffer and its size.
        out_text(|t, l, n| unsafe { cescacs_game_result(g1, t, l, n) }),
        "1-1"
    );
    let (mut seed, mut first_game) = (5, 5);
    assert_eq!(
        // SAFETY: a live batch of this test, locals as out-pointers.
        unsafe { cescacs_game_batch_origin(first, &mut seed, &mut first_game) },
        cescacs_result::NotFound
    );
    assert_eq!((seed, first_game), (5, 5));
    let rest = read(r, usize::MAX);
    assert_eq!(columns(rest).1, [0, 1]);
    assert_eq!(batch_len(rest), 1);
    let none = read(r, usize::MAX);
    assert_eq!(batch_len(none), 0);
    assert_eq!(columns(none), (vec![], vec![0]));
    // SAFETY: handles of this test, freed once.
    unsafe {
        cescacs_game_free(g);
        cescacs_game_free(g1);
        for b in [first, rest, none] {
            cescacs_game_batch_free(b);
        }
        cescacs_pgn_reader_free(r);
    }
}

#[test]
fn a_bad_game_stops_the_read_with_its_place() {
    let r = reader("1. E7-E13\n*\n\n1. E7-E14\n*\n\n1. H6-H12\n*\n");
    let mut b = ptr::null_mut();
    assert_eq!(
        // SAFETY: a live reader of this test, a local as the out-pointer.
        unsafe { cescacs_game_batch_read_pgn(r, usize::MAX, &mut b) },
        cescacs_result::BadPgn
    );
    assert!(b.is_null());
    let (mut line, mut column) = (0, 0);
    // SAFETY: locals as out-pointers.
    assert!(unsafe { cescacs_last_error_location(&mut line, &mut column) });
    assert_eq!((line, column), (4, 4), "{}", last_error());
    // The reader is past the bad game.
    let rest = read(r, usize::MAX);
    assert_eq!(columns(rest).1, [0, 1]);
    // SAFETY: handles of this test, freed once.
    unsafe {
        cescacs_game_batch_free(rest);
        cescacs_pgn_reader_free(r);
    }
}

#[test]
fn batch_errors_are_codes_with_messages() {
    let b = selfplay(5, 4, 0, 0, 1);
    let mut g = ptr::null_mut();
    let mut game = info(b, 4);
    // SAFETY: a live batch of this test, locals or NULL as out-pointers,
    // NULL batches, CStrings as texts.
    unsafe {
        assert_eq!(
            cescacs_game_batch_game(b, 5, &mut g),
            cescacs_result::IndexOutOfRange
        );
        assert_eq!(
            last_error(),
            "game 5 is out of range: the batch has 5 games"
        );
        assert!(g.is_null());
        assert_eq!(
            cescacs_game_batch_info(b, usize::MAX, &mut game),
            cescacs_result::IndexOutOfRange
        );
        assert_eq!(game, info(b, 4), "nothing written");
        assert_eq!(
            cescacs_game_batch_info(ptr::null(), 0, &mut game),
            cescacs_result::NullPointer
        );
        assert_eq!(last_error(), "batch is NULL");
        assert_eq!(
            cescacs_game_batch_game(b, 0, ptr::null_mut()),
            cescacs_result::NullPointer
        );
        assert_eq!(last_error(), "game_out is NULL");
        let mut p = ptr::null();
        assert_eq!(
            cescacs_game_batch_moves(b, &mut p, ptr::null_mut()),
            cescacs_result::NullPointer
        );
        assert!(p.is_null(), "nothing written");
        assert_eq!(
            cescacs_game_batch_len(ptr::null(), &mut 0),
            cescacs_result::NullPointer
        );
        let mut out = ptr::null_mut();
        assert_eq!(
            cescacs_selfplay(1, 1, 0, 0, 257, ptr::null(), &mut out),
            cescacs_result::BadArgument
        );
        assert_eq!(
            last_error(),
            "threads must be 0 (all cores) to 256, not 257"
        );
        let bad = CString::new("/0:K/ w").unwrap();
        assert_eq!(
            cescacs_selfplay(1, 1, 0, 0, 1, bad.as_ptr(), &mut out),
            cescacs_result::BadPdtl
        );
        assert!(out.is_null());
        assert_eq!(
            cescacs_selfplay(1, 1, 0, 0, 1, ptr::null(), ptr::null_mut()),
            cescacs_result::NullPointer
        );
        assert_eq!(
            cescacs_game_batch_read_pgn(ptr::null_mut(), 1, &mut out),
            cescacs_result::NullPointer
        );
        assert_eq!(last_error(), "reader is NULL");
        cescacs_game_batch_free(ptr::null_mut());
        cescacs_game_batch_free(b);
    }
}
