//! Game batches: self-play into a batch gives exactly the games of
//! `random_game`, shards with `first` are pieces of one stream, raw columns
//! are checked, and samples match the positions of the rebuilt games.

use cescacs::random::game_seed;
use cescacs::{GameResult, Position, Termination, HEX_COUNT};
use cescacs_research::dataset::{
    BatchError, BatchParts, GameBatch, Origin, SampleSpec, SamplesError, SelfPlay,
};
use cescacs_research::encode::{action_index, write_planes, PLANES};
use cescacs_research::selfplay::{random_game, RandomGames};

#[test]
fn selfplay_batch_holds_the_games_of_random_games() {
    let games = RandomGames::new(40)
        .seed(11)
        .max_plies(200)
        .threads(2)
        .run()
        .unwrap();
    for threads in [1, 2] {
        let batch = SelfPlay::new(40)
            .seed(11)
            .max_plies(200)
            .threads(threads)
            .run()
            .unwrap();
        assert_eq!(batch.len(), 40);
        assert_eq!(batch.origin(), Some(Origin { seed: 11, first: 0 }));
        assert_eq!(batch.games().collect::<Vec<_>>(), games);
        for (i, g) in games.iter().enumerate() {
            assert_eq!(batch.plies(i), g.len());
            assert_eq!(batch.results()[i], g.result());
            assert_eq!(batch.terminations()[i], g.outcome().map(|o| o.termination));
            let indices: Vec<u16> = g
                .moves()
                .map(|m| action_index(m.id()).unwrap() as u16)
                .collect();
            assert_eq!(batch.game_moves(i), &indices[..]);
        }
        assert_eq!(batch.offsets().len(), 41);
        assert_eq!(
            *batch.offsets().last().unwrap() as usize,
            batch.moves().len()
        );
    }
}

#[test]
fn game_i_is_random_game_of_its_seed() {
    let batch = SelfPlay::new(5).seed(99).max_plies(80).run().unwrap();
    for i in 0..5 {
        assert_eq!(
            batch.game(i).unwrap(),
            random_game(&Position::default(), game_seed(99, i as u64), 80)
        );
    }
    assert_eq!(batch.game(5), None);
}

#[test]
fn shards_with_first_are_pieces_of_one_stream() {
    let whole = SelfPlay::new(50).seed(5).max_plies(60).run().unwrap();
    let mut joined = GameBatch::new();
    for (first, n) in [(0u64, 17usize), (17, 16), (33, 17)] {
        let shard = SelfPlay::new(n)
            .seed(5)
            .max_plies(60)
            .first(first)
            .threads(1)
            .run()
            .unwrap();
        assert_eq!(shard.origin(), Some(Origin { seed: 5, first }));
        let indices: Vec<usize> = (first as usize..first as usize + n).collect();
        assert_eq!(shard, whole.select(&indices).unwrap());
        joined.extend(&shard);
    }
    assert_eq!(joined, whole);
}

#[test]
fn custom_start_and_terminations() {
    // Few pieces: games end by mate, stalemate or insufficient material soon.
    let start: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    let batch = SelfPlay::new(30)
        .seed(1)
        .max_plies(400)
        .start(&start)
        .run()
        .unwrap();
    let games = RandomGames::new(30)
        .seed(1)
        .max_plies(400)
        .start(&start)
        .run()
        .unwrap();
    assert_eq!(batch.games().collect::<Vec<_>>(), games);
    assert_eq!(batch.starts(), &[start]);
    assert!(batch.terminations().iter().any(|t| t.is_some()));
}

#[test]
fn held_memory_is_about_two_bytes_a_ply() {
    let batch = SelfPlay::new(200).seed(3).max_plies(300).run().unwrap();
    let plies = batch.moves().len();
    // moves (2 bytes a ply) + per game: offset 8, start 4, result and termination 2.
    // moves: 2 bytes a ply; per game an offset (8), a start index (4), a
    // result and a termination (1 each); one start position.
    assert_eq!(
        batch.heap_bytes(),
        2 * plies + 201 * 8 + 200 * 6 + std::mem::size_of::<Position>()
    );
}

#[test]
fn from_games_select_and_from_parts_round_trip() {
    let games = RandomGames::new(12).seed(8).max_plies(50).run().unwrap();
    let batch = GameBatch::from_games(&games);
    assert_eq!(batch.origin(), None);
    assert_eq!(batch.games().collect::<Vec<_>>(), games);
    let picked = batch.select(&[3, 3, 0]).unwrap();
    assert_eq!(
        picked.games().collect::<Vec<_>>(),
        vec![games[3].clone(), games[3].clone(), games[0].clone()]
    );
    assert_eq!(batch.select(&[12]), None);
    let parts = BatchParts {
        moves: batch.moves().to_vec(),
        offsets: batch.offsets().to_vec(),
        starts: batch.starts().to_vec(),
        start_of: batch.start_indices().to_vec(),
        results: batch.results().to_vec(),
        terminations: batch.terminations().to_vec(),
        origin: None,
    };
    assert_eq!(GameBatch::from_parts(parts, 0).unwrap(), batch);
}

#[test]
fn a_stated_result_survives() {
    let mut game = random_game(&Position::default(), 4, 10);
    assert_eq!(game.result(), GameResult::Unfinished);
    game.set_result(GameResult::BlackWins);
    let batch = GameBatch::from_games([&game]);
    assert_eq!(batch.results(), &[GameResult::BlackWins]);
    assert_eq!(batch.game(0).unwrap(), game);
}

fn parts_of(batch: &GameBatch) -> BatchParts {
    BatchParts {
        moves: batch.moves().to_vec(),
        offsets: batch.offsets().to_vec(),
        starts: batch.starts().to_vec(),
        start_of: batch.start_indices().to_vec(),
        results: batch.results().to_vec(),
        terminations: batch.terminations().to_vec(),
        origin: batch.origin(),
    }
}

#[test]
fn bad_parts_are_refused_with_the_place() {
    let batch = SelfPlay::new(3).seed(2).max_plies(20).run().unwrap();
    let mut p = parts_of(&batch);
    p.offsets[1] = 25;
    p.offsets[2] = 24;
    assert_eq!(
        GameBatch::from_parts(p, 1),
        Err(BatchError::BadOffsets { moves: 60 })
    );
    let mut p = parts_of(&batch);
    p.results.pop();
    assert_eq!(
        GameBatch::from_parts(p, 1),
        Err(BatchError::Length {
            what: "results",
            got: 2,
            games: 3
        })
    );
    let mut p = parts_of(&batch);
    p.start_of[2] = 1;
    assert_eq!(
        GameBatch::from_parts(p, 1),
        Err(BatchError::StartIndex {
            game: 2,
            index: 1,
            starts: 1
        })
    );
    let mut p = parts_of(&batch);
    p.moves[25] = 0; // from == to: no move has it
    assert_eq!(
        GameBatch::from_parts(p, 2),
        Err(BatchError::NotAnIndex {
            game: 1,
            ply: 5,
            index: 0
        })
    );
    let mut p = parts_of(&batch);
    p.moves[0] = p.moves[1]; // Black's move, played by White
    match GameBatch::from_parts(p, 2) {
        Err(BatchError::Illegal {
            game: 0,
            ply: 0,
            pdtl,
            ..
        }) => assert_eq!(pdtl, cescacs::INITIAL_PDTL),
        other => panic!("{other:?}"),
    }
    let mut p = parts_of(&batch);
    p.terminations[0] = Some(Termination::Checkmate);
    assert_eq!(
        GameBatch::from_parts(p, 2),
        Err(BatchError::Termination {
            game: 0,
            stated: Some(Termination::Checkmate),
            rules: None
        })
    );
}

#[test]
fn samples_are_the_positions_of_the_games() {
    let start: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    let mut batch = SelfPlay::new(10).seed(6).max_plies(30).run().unwrap();
    batch.extend(
        &SelfPlay::new(8)
            .seed(6)
            .max_plies(150)
            .start(&start)
            .run()
            .unwrap(),
    );
    // Stated results, for the mover's values of a win and a stalemate.
    let mut won = random_game(&Position::default(), 4, 12);
    won.set_result(GameResult::BlackWins);
    let mut stalemated = random_game(&start, 5, 12);
    stalemated.set_result(GameResult::WhiteStalemates);
    batch.extend(&GameBatch::from_games([&won, &stalemated]));
    let spec = SampleSpec {
        planes: true,
        legal: true,
        mask: true,
        threads: 2,
        ..SampleSpec::default()
    };
    let s = batch.samples(&spec).unwrap();
    let n = batch.moves().len();
    assert_eq!(
        (s.game.len(), s.planes.len(), s.mask.len()),
        (
            n,
            n * PLANES * HEX_COUNT,
            n * *cescacs_research::encode::ACTIONS
        )
    );
    assert_eq!(s.legal_offsets.len(), n + 1);
    let mut k = 0;
    let mut planes = vec![0u8; PLANES * HEX_COUNT];
    for (g, game) in batch.games().enumerate() {
        let result = game.result();
        for (ply, (pos, m)) in game.positions().zip(game.moves()).enumerate() {
            assert_eq!((s.game[k] as usize, s.ply[k] as usize), (g, ply));
            assert_eq!(s.played[k] as usize, action_index(m.id()).unwrap());
            write_planes(pos, &mut planes);
            assert_eq!(
                &s.planes[k * planes.len()..(k + 1) * planes.len()],
                &planes[..]
            );
            let legal: Vec<u16> = pos
                .legal_moves()
                .iter()
                .map(|m| action_index(m.id()).unwrap() as u16)
                .collect();
            assert_eq!(
                &s.legal[s.legal_offsets[k] as usize..s.legal_offsets[k + 1] as usize],
                &legal[..]
            );
            let a = *cescacs_research::encode::ACTIONS;
            assert_eq!(
                s.mask[k * a..(k + 1) * a].iter().filter(|&&b| b).count(),
                legal.len()
            );
            let expected = match (result, pos.turn()) {
                (GameResult::WhiteWins, cescacs::Color::White)
                | (GameResult::BlackWins, cescacs::Color::Black) => 1.0,
                (GameResult::WhiteWins, _) | (GameResult::BlackWins, _) => -1.0,
                (GameResult::WhiteStalemates, cescacs::Color::White)
                | (GameResult::BlackStalemates, cescacs::Color::Black) => 1.0 / 3.0,
                (GameResult::WhiteStalemates, _) | (GameResult::BlackStalemates, _) => -1.0 / 3.0,
                _ => 0.0,
            };
            assert_eq!(s.value[k], expected);
            k += 1;
        }
    }
    assert_eq!(k, n);
    let tail: Vec<f32> = s.value[n - 24..].to_vec();
    let expected: Vec<f32> = (0..24)
        .map(|k| {
            if k < 12 {
                if k % 2 == 0 {
                    -1.0
                } else {
                    1.0
                }
            } else if k % 2 == 0 {
                1.0 / 3.0
            } else {
                -1.0 / 3.0
            }
        })
        .collect();
    assert_eq!(tail, expected);
}

#[test]
fn chosen_plies_are_a_subset_of_all() {
    let batch = SelfPlay::new(30).seed(2).max_plies(50).run().unwrap();
    let all = batch
        .samples(&SampleSpec {
            planes: true,
            legal: true,
            ..SampleSpec::default()
        })
        .unwrap();
    let chosen: Vec<u64> = (0..batch.moves().len() as u64)
        .filter(|p| p % 7 == 3)
        .collect();
    let some = batch
        .samples(&SampleSpec {
            plies: Some(&chosen),
            planes: true,
            legal: true,
            threads: 1,
            ..SampleSpec::default()
        })
        .unwrap();
    let w = PLANES * HEX_COUNT;
    for (j, &p) in chosen.iter().enumerate() {
        let p = p as usize;
        assert_eq!(
            (some.game[j], some.ply[j], some.played[j], some.value[j]),
            (all.game[p], all.ply[p], all.played[p], all.value[p])
        );
        assert_eq!(
            &some.planes[j * w..(j + 1) * w],
            &all.planes[p * w..(p + 1) * w]
        );
        let (a, b) = (
            &all.legal[all.legal_offsets[p] as usize..all.legal_offsets[p + 1] as usize],
            &some.legal[some.legal_offsets[j] as usize..some.legal_offsets[j + 1] as usize],
        );
        assert_eq!(a, b);
    }
    let total = batch.moves().len() as u64;
    assert_eq!(
        batch.samples(&SampleSpec {
            plies: Some(&[4, total]),
            ..SampleSpec::default()
        }),
        Err(SamplesError::Plies {
            at: 1,
            value: total,
            total
        })
    );
    assert_eq!(
        batch.samples(&SampleSpec {
            plies: Some(&[total]),
            ..SampleSpec::default()
        }),
        Err(SamplesError::Plies {
            at: 0,
            value: total,
            total
        })
    );
}

#[test]
fn ranks_round_trip_and_are_checked() {
    let start: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    let mut batch = SelfPlay::new(25).seed(12).max_plies(120).run().unwrap();
    batch.extend(
        &SelfPlay::new(5)
            .seed(12)
            .max_plies(120)
            .start(&start)
            .run()
            .unwrap(),
    );
    let ranks = batch.ranks(2);
    assert_eq!(ranks, batch.ranks(1));
    // Rank k is the move whose rank the rules give it.
    let game = batch.game(0).unwrap();
    for (k, (pos, m)) in game.positions().zip(game.moves()).enumerate() {
        assert_eq!(usize::from(ranks[k]), pos.move_rank(&m));
    }
    let mut p = parts_of(&batch);
    p.moves = ranks.clone();
    assert_eq!(GameBatch::from_rank_parts(p.clone(), 0).unwrap(), batch);
    p.moves[130] = 400;
    let game = batch.offsets().iter().rposition(|&o| o <= 130).unwrap();
    let ply = 130 - batch.offsets()[game] as usize;
    match GameBatch::from_rank_parts(p, 0) {
        Err(BatchError::Rank {
            game: g,
            ply: k,
            rank: 400,
            ..
        }) => assert_eq!((g, k), (game, ply)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn ranks_of_the_initial_position_count_targets_piece_by_piece() {
    // White's pieces by hex index: the Wyvern F0, Queen E1, Bishop F2 and
    // Rooks C3, I3 reach no hex; the Pegasi D2 (B6, C7) and H2 (K6, I7)
    // take ranks 0-3, the Knight E3 (C7, D8, A11, C13) 4-7, the Knight G3
    // 8-11, the pawn B4 (B6, B8, B10) 12-14, ..., the Bishop F6 42-51
    // (E9 first, L21 last), and the pawn F8 (E9, G9, F10, F12) 64-67.
    let pos = Position::default();
    let rank = |text: &str| {
        pos.move_rank(
            &pos.find_move(text[..2].parse().unwrap(), text[3..].parse().unwrap(), None)
                .unwrap(),
        )
    };
    let got: Vec<usize> = [
        "D2-B6", "H2-I7", "E3-C13", "B4-B6", "F6-E9", "F6-L21", "F8-E9", "F8-F12",
    ]
    .map(rank)
    .to_vec();
    assert_eq!(got, [0, 3, 7, 12, 42, 51, 64, 67]);
    let mut all: Vec<usize> = pos.legal_moves().iter().map(|m| pos.move_rank(m)).collect();
    all.sort_unstable();
    assert_eq!(all, (0..68).collect::<Vec<_>>());
    assert_eq!(pos.move_at_rank(68), None);
}

#[test]
fn ranks_of_the_golden_games_round_trip() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/games/");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut batch = GameBatch::new();
    for f in &files {
        for g in cescacs::pgn::read_games(&std::fs::read_to_string(f).unwrap()).unwrap() {
            batch.push_game(&g);
        }
    }
    assert_eq!((files.len(), batch.len()), (5, 5));
    let ranks = batch.ranks(1);
    let mut p = parts_of(&batch);
    p.moves = ranks.clone();
    assert_eq!(GameBatch::from_rank_parts(p.clone(), 1).unwrap(), batch);
    // A rank that names no legal move: one past the initial position's 68
    // slots, the largest rank of all, and the first slot of the games whose
    // move is not legal (a hole below the position's highest rank).
    let holes = batch
        .game(0)
        .unwrap()
        .positions()
        .cloned()
        .enumerate()
        .find_map(|(ply, pos)| {
            let named: Vec<bool> = (0..300).map(|r| pos.move_at_rank(r).is_some()).collect();
            let top = named.iter().rposition(|&n| n)?;
            named[..top]
                .iter()
                .position(|&n| !n)
                .map(|r| (ply, r as u16))
        });
    let hole = holes.expect("a pseudo-legal slot that is no legal move");
    for (at, bad) in [(0, 68), (1, u16::MAX), hole] {
        let mut q = p.clone();
        q.moves[at] = bad;
        match GameBatch::from_rank_parts(q, 1) {
            Err(BatchError::Rank {
                game: 0,
                ply,
                rank,
                legal,
            }) => assert_eq!((ply, rank, legal > 0), (at, bad, true)),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn move_kinds_are_those_of_the_games() {
    let batch = SelfPlay::new(40).seed(21).max_plies(200).run().unwrap();
    let kinds = batch.move_kinds(2);
    let expected: Vec<cescacs::MoveKind> = batch
        .games()
        .flat_map(|g| g.moves().map(|m| m.kind()).collect::<Vec<_>>())
        .collect();
    assert_eq!(kinds, expected);
    assert_eq!(batch.move_kinds(1), kinds);
}

#[test]
fn many_distinct_starts() {
    let line = random_game(&Position::default(), 30, 100);
    let starts: Vec<Position> = line.positions().take(90).cloned().collect();
    let mut games: Vec<cescacs::Game> = starts
        .iter()
        .enumerate()
        .map(|(i, s)| random_game(s, i as u64, 3))
        .collect();
    // A repeat of the first start and of one beyond the searched ones.
    games.push(random_game(&starts[0], 1000, 3));
    games.push(random_game(&starts[80], 1001, 3));
    let batch = GameBatch::from_games(&games);
    assert_eq!(batch.games().collect::<Vec<_>>(), games);
    // The first 64 starts are shared; later ones are stored per game.
    assert_eq!(batch.starts().len(), 91);
    assert_eq!(batch.start_indices()[90], 0);
    assert_eq!(batch.start_indices()[91], 90);
}

#[test]
fn ranges_keep_the_origin() {
    let batch = SelfPlay::new(6)
        .seed(2)
        .max_plies(10)
        .first(3)
        .run()
        .unwrap();
    assert_eq!(
        batch.range(2..5).unwrap(),
        SelfPlay::new(3)
            .seed(2)
            .max_plies(10)
            .first(5)
            .run()
            .unwrap()
    );
    assert_eq!(
        batch.range(6..6).unwrap(),
        SelfPlay::new(0).seed(2).first(9).run().unwrap()
    );
    assert_eq!(batch.range(4..7), None);
    assert_eq!(batch.select(&[]).unwrap().origin(), None);
}

#[test]
fn contiguous_selections_share_the_moves() {
    let batch = SelfPlay::new(600)
        .seed(8)
        .max_plies(40)
        .threads(1)
        .run()
        .unwrap();
    let copied = GameBatch::from_games(&batch.games().skip(10).take(490).collect::<Vec<_>>());
    let cut = batch.range(10..500).unwrap();
    assert!(cut.shares_moves_with(&batch) && !copied.shares_moves_with(&batch));
    assert_eq!(
        cut.moves().as_ptr(),
        batch.moves()[batch.offsets()[10] as usize..].as_ptr()
    );
    assert_eq!(cut.moves(), copied.moves());
    assert_eq!(cut.offsets(), copied.offsets());
    assert_eq!(
        cut.games().collect::<Vec<_>>(),
        copied.games().collect::<Vec<_>>()
    );
    assert_eq!(cut.ranks(1), copied.ranks(1));
    assert_eq!(cut.origin(), Some(Origin { seed: 8, first: 10 }));
    // A range of a range, and an ascending run of indices or of a mask,
    // share the same buffer; other selections copy.
    let inner = cut.range(5..7).unwrap();
    assert!(inner.shares_moves_with(&batch));
    assert_eq!(inner.game(1), batch.game(16));
    let run = batch.take(&[3, 4, 5]).unwrap();
    assert!(run.shares_moves_with(&batch) && run == batch.range(3..6).unwrap());
    let mask: Vec<bool> = (0..600).map(|i| (20..30).contains(&i)).collect();
    assert!(batch.filter(&mask).unwrap().shares_moves_with(&batch));
    let picked = batch.take(&[5, 3]).unwrap();
    assert!(!picked.shares_moves_with(&batch));
    // Appending to a shared batch copies its moves first: the parent and
    // the other ranges keep theirs.
    let before = batch.moves().to_vec();
    let mut grown = batch.range(0..2).unwrap();
    grown.extend(&batch.range(598..600).unwrap());
    assert!(!grown.shares_moves_with(&batch));
    assert_eq!(batch.moves(), &before[..]);
    assert_eq!(
        grown.games().collect::<Vec<_>>(),
        [0, 1, 598, 599].map(|i| batch.game(i).unwrap())
    );
    let empty = batch.range(600..600).unwrap();
    assert!(empty.is_empty() && empty.moves().is_empty());
}
