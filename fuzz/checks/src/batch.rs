//! The property of the `batch` fuzz target, shared with the stable replay
//! test (`research/tests/fuzz_regressions.rs`): raw columns, as a Parquet file
//! or a pickle could hold them, become a `GameBatch` only when every game
//! replays legally, and a batch so made rebuilds its games exactly.
//!
//! Input layout: byte 0 the number of games (mod 16); byte 1 flags (bit 0:
//! the moves are ranks; bit 1: a second start position; bit 2: a seed
//! origin); then four bytes a game (plies mod 128, result code, termination
//! code, start index); the rest are the moves, `u16` little-endian.

use cescacs::{GameResult, Position, Termination};
use cescacs_research::dataset::{BatchParts, GameBatch, Origin, SampleSpec};

const RESULTS: [GameResult; 6] = [
    GameResult::WhiteWins,
    GameResult::BlackWins,
    GameResult::WhiteStalemates,
    GameResult::BlackStalemates,
    GameResult::Draw,
    GameResult::Unfinished,
];
const TERMINATIONS: [Option<Termination>; 6] = [
    None,
    Some(Termination::Checkmate),
    Some(Termination::Stalemate),
    Some(Termination::FivefoldRepetition),
    Some(Termination::SeventyFiveMoves),
    Some(Termination::InsufficientMaterial),
];
/// The second start: few pieces, so games end by the rules early.
const SMALL: &str = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1";

/// Decodes the input; `None` if it is too short for its header.
pub fn batch_parts(data: &[u8]) -> Option<(BatchParts, bool)> {
    let (&n, rest) = data.split_first()?;
    let (&flags, rest) = rest.split_first()?;
    let n = usize::from(n % 16);
    let header = rest.get(..4 * n)?;
    let mut starts = vec![Position::default()];
    if flags & 2 != 0 {
        starts.push(SMALL.parse().expect("a valid PDTL"));
    }
    let mut parts = BatchParts {
        starts,
        offsets: vec![0],
        ..BatchParts::default()
    };
    for g in header.chunks(4) {
        let end = parts.offsets.last().copied().unwrap_or(0) + u64::from(g[0] % 128);
        parts.offsets.push(end);
        parts.results.push(RESULTS[usize::from(g[1]) % 6]);
        parts.terminations.push(TERMINATIONS[usize::from(g[2]) % 6]);
        parts.start_of.push(u32::from(g[3] % 3));
    }
    parts.moves = rest[4 * n..]
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    if flags & 4 != 0 {
        parts.origin = Some(Origin {
            seed: u64::from(flags),
            first: n as u64,
        });
    }
    Some((parts, flags & 1 != 0))
}

/// Whether the input makes a batch.
pub fn accepts(data: &[u8]) -> bool {
    batch_parts(data).is_some_and(|(parts, ranks)| {
        if ranks {
            GameBatch::from_rank_parts(parts, 1).is_ok()
        } else {
            GameBatch::from_parts(parts, 1).is_ok()
        }
    })
}

/// Panics if the property fails (see the module docs).
pub fn check_batch(data: &[u8]) {
    let Some((parts, ranks)) = batch_parts(data) else {
        return;
    };
    let input = parts.clone();
    let made = if ranks {
        GameBatch::from_rank_parts(parts, 2)
    } else {
        GameBatch::from_parts(parts, 2)
    };
    let Ok(batch) = made else { return };
    assert_eq!(batch.len(), input.start_of.len());
    assert_eq!(batch.offsets(), &input.offsets[..]);
    if ranks {
        assert_eq!(batch.ranks(1), input.moves);
    } else {
        assert_eq!(batch.moves(), &input.moves[..]);
        let mut again = input.clone();
        again.moves = batch.ranks(2);
        assert_eq!(GameBatch::from_rank_parts(again, 1).as_ref(), Ok(&batch));
    }
    for (i, game) in batch.games().enumerate() {
        assert_eq!(game.len(), batch.plies(i));
        assert_eq!(game.start(), batch.start(i));
        assert_eq!(game.result(), batch.results()[i]);
        assert_eq!(
            game.outcome().map(|o| o.termination),
            batch.terminations()[i]
        );
        assert_eq!(
            GameBatch::from_games([&game]).game_moves(0),
            batch.game_moves(i)
        );
    }
    let kinds = batch.move_kinds(2);
    assert_eq!(kinds.len(), batch.moves().len());
    let s = batch
        .samples(&SampleSpec {
            legal: true,
            threads: 2,
            ..SampleSpec::default()
        })
        .expect("every ply");
    assert_eq!(s.played, batch.moves());
    assert_eq!(s.legal_offsets.len(), batch.moves().len() + 1);
}
