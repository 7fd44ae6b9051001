//! What array libraries ask of a batch: rows picked by indices (negative,
//! repeated, in any order), boolean masks and ranges; samples of plies in
//! any order; the moves as CTL-AN text and back; ranks read back in one
//! replay that checks the game; the result and termination labels.

use cescacs::{GameResult, Position, Termination};
use cescacs_research::dataset::{
    result_code, termination_code, termination_from_name, BatchError, BatchParts, CtlMoves,
    GameBatch, Origin, SampleSpec, SelfPlay, TakeError, RESULTS, TERMINATIONS,
};

const KINGS_AND_ROOKS: &str = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1";

fn parts_of(batch: &GameBatch, moves: Vec<u16>) -> BatchParts {
    BatchParts {
        moves,
        offsets: batch.offsets().to_vec(),
        starts: batch.starts().to_vec(),
        start_of: batch.start_indices().to_vec(),
        results: batch.results().to_vec(),
        terminations: batch.terminations().to_vec(),
        origin: batch.origin(),
    }
}

/// Ten self-play games from the initial position, then four from a
/// position of Kings and Rooks (which end by the rules), seed 4.
fn mixed() -> GameBatch {
    let start: Position = KINGS_AND_ROOKS.parse().unwrap();
    let mut batch = SelfPlay::new(10).seed(4).max_plies(40).run().unwrap();
    batch.extend(
        &SelfPlay::new(4)
            .seed(4)
            .max_plies(400)
            .start(&start)
            .run()
            .unwrap(),
    );
    batch
}

#[test]
fn take_picks_games_like_numpy() {
    let batch = mixed();
    let picked = batch.take(&[-1, 3, 3, 0, -14]).unwrap();
    let expected: Vec<_> = [13, 3, 3, 0, 0]
        .iter()
        .map(|&i| batch.game(i).unwrap())
        .collect();
    assert!(picked.games().eq(expected));
    assert_eq!(picked.starts().len(), 2);
    assert_eq!(picked.start_indices(), &[0, 1, 1, 1, 1]);
    assert_eq!(picked.origin(), None);
    assert_eq!(
        batch.take(&[14]),
        Err(TakeError::Index { index: 14, len: 14 })
    );
    assert_eq!(
        batch.take(&[-15]),
        Err(TakeError::Index {
            index: -15,
            len: 14
        })
    );
    assert_eq!(
        batch.take(&[i64::MIN]),
        Err(TakeError::Index {
            index: i64::MIN,
            len: 14
        })
    );
    assert_eq!(batch.take(&[]).unwrap(), GameBatch::new());
    // Consecutive ascending indices are a range: the seed stays.
    let run = SelfPlay::new(10).seed(4).max_plies(40).run().unwrap();
    assert_eq!(
        run.take(&[-3, -2]).unwrap().origin(),
        Some(Origin { seed: 4, first: 7 })
    );
    assert_eq!(
        run.take(&[-3, -2]).unwrap(),
        SelfPlay::new(2)
            .seed(4)
            .max_plies(40)
            .first(7)
            .run()
            .unwrap()
    );
}

#[test]
fn masks_keep_the_flagged_games() {
    let batch = mixed();
    let mask: Vec<bool> = (0..14).map(|i| i % 3 == 1 || i == 12).collect();
    let kept = batch.filter(&mask).unwrap();
    assert!(kept
        .games()
        .eq([1, 4, 7, 10, 12, 13].map(|i| batch.game(i).unwrap())));
    assert_eq!(kept.offsets().len(), 7);
    assert_eq!(
        batch.filter(&[true; 13]),
        Err(TakeError::MaskLength { got: 13, len: 14 })
    );
    assert_eq!(
        TakeError::MaskLength { got: 13, len: 14 }.to_string(),
        "the mask has 13 entries for 14 games (give one bool per game)"
    );
    assert_eq!(batch.filter(&[false; 14]).unwrap().len(), 0);
    assert_eq!(batch.filter(&[true; 14]).unwrap(), batch);
}

#[test]
fn ranges_copy_the_columns_in_one_piece() {
    let batch = mixed();
    let r = batch.range(8..12).unwrap();
    assert!(r.games().eq((8..12).map(|i| batch.game(i).unwrap())));
    assert_eq!(r.offsets()[0], 0);
    assert_eq!(
        r.moves(),
        &batch.moves()[batch.offsets()[8] as usize..batch.offsets()[12] as usize]
    );
    assert_eq!(
        (r.starts().len(), r.start_indices()),
        (2, &[0, 0, 1, 1][..])
    );
    assert_eq!(
        batch.range(10..14).unwrap().starts(),
        &[KINGS_AND_ROOKS.parse::<Position>().unwrap()]
    );
}

#[test]
fn samples_come_in_the_order_asked() {
    let batch = SelfPlay::new(6).seed(3).max_plies(20).run().unwrap();
    let spec = SampleSpec {
        planes: true,
        legal: true,
        mask: true,
        threads: 2,
        ..SampleSpec::default()
    };
    let all = batch.samples(&spec).unwrap();
    let plies = [17u64, 3, 17, 0, 119, 3];
    let some = batch
        .samples(&SampleSpec {
            plies: Some(&plies),
            ..spec
        })
        .unwrap();
    let w = all.planes.len() / all.game.len();
    let a = all.mask.len() / all.game.len();
    for (j, &p) in plies.iter().enumerate() {
        let p = p as usize;
        assert_eq!(
            (some.game[j], some.ply[j], some.played[j], some.value[j]),
            (all.game[p], all.ply[p], all.played[p], all.value[p])
        );
        assert_eq!(
            &some.planes[j * w..(j + 1) * w],
            &all.planes[p * w..(p + 1) * w]
        );
        assert_eq!(
            &some.mask[j * a..(j + 1) * a],
            &all.mask[p * a..(p + 1) * a]
        );
        let legal = |s: &cescacs_research::dataset::Samples, k: usize| {
            s.legal[s.legal_offsets[k] as usize..s.legal_offsets[k + 1] as usize].to_vec()
        };
        assert_eq!(legal(&some, j), legal(&all, p));
    }
    assert_eq!(some.game, [0, 0, 0, 0, 5, 0]);
    assert_eq!(some.ply, [17, 3, 17, 0, 19, 3]);
    assert_eq!(some.legal_offsets.len(), 7);
}

#[test]
fn ctl_moves_are_the_games_ctl_and_read_back() {
    let batch = mixed();
    let ctl = batch.ctl_moves(2);
    assert_eq!(ctl, batch.ctl_moves(1));
    let expected: Vec<String> = batch.games().flat_map(|g| g.ctl_moves()).collect();
    assert_eq!(
        (0..ctl.len())
            .map(|k| ctl.get(k).unwrap().to_string())
            .collect::<Vec<_>>(),
        expected
    );
    assert_eq!(
        (
            ctl.offsets.len(),
            ctl.offsets[0],
            *ctl.offsets.last().unwrap()
        ),
        (batch.moves().len() + 1, 0, ctl.text.len() as u64)
    );
    assert_eq!(
        GameBatch::from_ctl_parts(parts_of(&batch, Vec::new()), &ctl, 2).unwrap(),
        batch
    );
    // A slice of a larger column: offsets that do not start at 0.
    let (a, b) = (batch.offsets()[3] as usize, batch.offsets()[5] as usize);
    let tail = CtlMoves {
        text: ctl.text.clone(),
        offsets: ctl.offsets[a..=b].to_vec(),
    };
    assert_eq!(
        GameBatch::from_ctl_parts(parts_of(&batch.range(3..5).unwrap(), Vec::new()), &tail, 1)
            .unwrap(),
        batch.range(3..5).unwrap()
    );
}

#[test]
fn bad_ctl_is_refused_with_the_place() {
    let batch = SelfPlay::new(3).seed(2).max_plies(10).run().unwrap();
    let ctl = batch.ctl_moves(1);
    let mut texts: Vec<String> = (0..ctl.len())
        .map(|k| ctl.get(k).unwrap().to_string())
        .collect();
    texts[13] = "E7-E19".into();
    let mut bad = CtlMoves::default();
    bad.offsets.push(0);
    for t in &texts {
        bad.text.extend_from_slice(t.as_bytes());
        bad.offsets.push(bad.text.len() as u64);
    }
    match GameBatch::from_ctl_parts(parts_of(&batch, Vec::new()), &bad, 2) {
        Err(BatchError::Ctl {
            game: 1,
            ply: 3,
            text,
            ..
        }) => assert_eq!(text, "E7-E19"),
        other => panic!("{other:?}"),
    }
    let short = CtlMoves {
        text: ctl.text.clone(),
        offsets: ctl.offsets[..20].to_vec(),
    };
    assert_eq!(
        GameBatch::from_ctl_parts(parts_of(&batch, Vec::new()), &short, 1),
        Err(BatchError::CtlOffsets {
            moves: 19,
            plies: 30
        })
    );
    let mut parts = parts_of(&batch, Vec::new());
    parts.terminations[2] = Some(Termination::Stalemate);
    assert_eq!(
        GameBatch::from_ctl_parts(parts, &ctl, 1),
        Err(BatchError::Termination {
            game: 2,
            stated: Some(Termination::Stalemate),
            rules: None
        })
    );
}

#[test]
fn ranks_check_the_stated_termination() {
    let batch = mixed();
    assert!(batch.terminations().iter().any(|t| t.is_some()));
    let ranks = batch.ranks(2);
    assert_eq!(
        GameBatch::from_rank_parts(parts_of(&batch, ranks.clone()), 2).unwrap(),
        batch
    );
    let mut parts = parts_of(&batch, ranks);
    let ended = parts.terminations.iter().position(|t| t.is_some()).unwrap();
    let rules = parts.terminations[ended];
    parts.terminations[ended] = None;
    assert_eq!(
        GameBatch::from_rank_parts(parts, 1),
        Err(BatchError::Termination {
            game: ended,
            stated: None,
            rules
        })
    );
}

#[test]
fn labels_are_codes_and_readable_names() {
    assert_eq!(
        RESULTS.map(|r| r.as_str()),
        ["3-0", "0-3", "2-1", "1-2", "1-1", "*"]
    );
    assert_eq!(RESULTS.map(result_code), [0, 1, 2, 3, 4, 5]);
    assert_eq!(TERMINATIONS.map(termination_code), [0, 1, 2, 3, 4, 5]);
    let names: Vec<Option<&str>> = TERMINATIONS.iter().map(|t| t.map(|t| t.name())).collect();
    assert_eq!(
        names,
        [
            None,
            Some("checkmate"),
            Some("stalemate"),
            Some("fivefold repetition"),
            Some("75-move rule"),
            Some("insufficient material")
        ]
    );
    for t in TERMINATIONS.iter().flatten() {
        assert_eq!(termination_from_name(t.name()), Some(*t));
    }
    assert_eq!(termination_from_name("Checkmate"), None);
    assert_eq!(result_code(GameResult::Draw), 4);
}
