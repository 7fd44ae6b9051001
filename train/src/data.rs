//! Training positions: the positions files of the generator
//! (`research/src/bin/gen_positions.rs`, format in
//! `cescacs_research::positions`) read as each position's active features,
//! its search score and its game's result. They are read record by record,
//! so only the decoded features are held (about 80 bytes a position).

use std::path::{Path, PathBuf};

use cescacs::{Color, GameResult};
use cescacs_engine::nnue::features::{for_each_feature, king_bucket, MAX_BUCKETS};
use cescacs_engine::EvalConfig;
use cescacs_research::positions::{record_offset, PositionsError, Reader, Record};

/// Records decoded together, split among the threads: 64 K records (4 MB).
const CHUNK: usize = 1 << 16;

/// Why a positions file cannot be used for training.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file cannot be opened, or is not a well-formed positions file.
    #[error("{path}: {source}")]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        source: PositionsError,
    },
    /// A file with no records.
    #[error("{path}: no positions")]
    Empty {
        /// The file.
        path: PathBuf,
    },
}

/// Positions as features in White's frame (the other frame is a fixed
/// permutation, [`crate::model::black_frame`]), with their labels.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dataset {
    /// `features[offsets[i]..offsets[i + 1]]` are position i's.
    offsets: Vec<u32>,
    features: Vec<u16>,
    black_to_move: Vec<bool>,
    score: Vec<i16>,
    result: Vec<u8>,
    /// Each position's record in the file (0 is the first).
    record: Vec<u32>,
    /// Each position's piece count difference (White's minus Black's) by kind.
    balance: Vec<[i8; 9]>,
    /// Each position's hand-written evaluation (default settings), for
    /// its side to move.
    hand: Vec<i16>,
    /// Each position's King regions, White's then Black's
    /// (`cescacs_engine::nnue::features::king_region` in each side's frame).
    kings: Vec<[u8; 2]>,
}

impl Dataset {
    /// Reads a positions file, at most `limit` records of it; with
    /// `skip_captures`, leaves out each position whose move in the game
    /// was a capture (its search score counts the piece won, which a
    /// static evaluation cannot see: the next record, one ply later, has
    /// fewer pieces). The records are read in order and decoded by
    /// `threads` threads, a chunk at a time, each its share of the chunk;
    /// the shares are joined in order, so the result does not depend on
    /// `threads`.
    pub fn read(
        path: &Path,
        limit: usize,
        skip_captures: bool,
        threads: usize,
    ) -> Result<Dataset, DataError> {
        let fail = |source| DataError::File {
            path: path.to_owned(),
            source,
        };
        let mut file = Reader::open(path).map_err(fail)?;
        let mut data = Dataset {
            offsets: vec![0],
            ..Dataset::default()
        };
        let mut chunk: Vec<(u64, Record)> = Vec::with_capacity(CHUNK);
        let mut next = file.read_record().map_err(fail)?;
        let mut kept = 0;
        while kept < limit {
            let Some(record) = next else { break };
            let index = file.records_read() - 1;
            next = file.read_record().map_err(fail)?;
            if skip_captures && next.is_some_and(|n| is_capture(&record, &n)) {
                continue;
            }
            chunk.push((index, record));
            kept += 1;
            if chunk.len() == CHUNK {
                data.decode(&chunk, threads).map_err(fail)?;
                chunk.clear();
            }
        }
        data.decode(&chunk, threads).map_err(fail)?;
        if data.is_empty() {
            return Err(DataError::Empty {
                path: path.to_owned(),
            });
        }
        Ok(data)
    }

    /// Appends the positions of `records` (each with its index in the
    /// file), decoded by up to `threads` threads; the first bad record's
    /// error if any.
    fn decode(&mut self, records: &[(u64, Record)], threads: usize) -> Result<(), PositionsError> {
        if records.is_empty() {
            return Ok(());
        }
        let share = records.len().div_ceil(threads.max(1));
        let parts: Vec<Result<Dataset, PositionsError>> = std::thread::scope(|s| {
            let handles: Vec<_> = records
                .chunks(share)
                .map(|part| s.spawn(move || Dataset::decode_part(part)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a decoding thread panicked"))
                .collect()
        });
        for part in parts {
            self.append(part?);
        }
        Ok(())
    }

    /// The positions of `records` on this thread.
    fn decode_part(records: &[(u64, Record)]) -> Result<Dataset, PositionsError> {
        let mut data = Dataset {
            offsets: vec![0],
            ..Dataset::default()
        };
        let eval = EvalConfig::default();
        for &(index, ref record) in records {
            let pos = record
                .position()
                .map_err(|source| PositionsError::BadRecord {
                    record: index,
                    offset: record_offset(index),
                    reason: source.into(),
                })?;
            for_each_feature(&pos, Color::White, |f| data.features.push(f as u16));
            data.offsets.push(data.features.len() as u32);
            data.black_to_move.push(pos.turn() == Color::Black);
            data.score.push(record.score);
            data.result.push(record.result);
            data.record.push(index as u32);
            data.balance.push(balance(&pos));
            data.hand
                .push(eval.evaluate(&pos).clamp(-20_000, 20_000) as i16);
            data.kings
                .push(Color::ALL.map(|side| king_bucket(side, pos.king(side), MAX_BUCKETS) as u8));
        }
        Ok(data)
    }

    /// Appends the positions of `other` after this one's.
    fn append(&mut self, other: Dataset) {
        let base = self.features.len() as u32;
        self.offsets
            .extend(other.offsets[1..].iter().map(|o| base + o));
        self.features.extend(other.features);
        self.black_to_move.extend(other.black_to_move);
        self.score.extend(other.score);
        self.result.extend(other.result);
        self.record.extend(other.record);
        self.balance.extend(other.balance);
        self.hand.extend(other.hand);
        self.kings.extend(other.kings);
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.black_to_move.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Position `i`'s active features in White's frame.
    pub fn features(&self, i: usize) -> &[u16] {
        &self.features[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// Whether Black is to move in position `i`.
    pub fn black_to_move(&self, i: usize) -> bool {
        self.black_to_move[i]
    }

    /// Position `i`'s search score, centipawns for the side to move.
    pub fn score(&self, i: usize) -> i16 {
        self.score[i]
    }

    /// The training target of position `i`: `lambda · sigmoid(score /
    /// scale) + (1 − lambda) ·` the side to move's share of its game's
    /// result (an unfinished game counts as a draw).
    pub fn target(&self, i: usize, lambda: f32, scale: f32) -> f32 {
        target(
            self.score[i],
            self.result[i],
            self.black_to_move[i],
            lambda,
            scale,
        )
    }

    /// Position `i`'s material balance by `values` (centipawns a piece by
    /// kind) for its side to move.
    pub fn material(&self, i: usize, values: &[i32; 9]) -> i32 {
        let white: i32 = self.balance[i]
            .iter()
            .zip(values)
            .map(|(&d, &v)| i32::from(d) * v)
            .sum();
        if self.black_to_move[i] {
            -white
        } else {
            white
        }
    }

    /// Position `i`'s hand-written evaluation (default settings) for its
    /// side to move.
    pub fn hand(&self, i: usize) -> i32 {
        i32::from(self.hand[i])
    }

    /// Position `i`'s King buckets in a network of `buckets` buckets,
    /// White's frame then Black's (the engine's `Network::bucket`).
    pub fn king_buckets(&self, i: usize, buckets: usize) -> [usize; 2] {
        self.kings[i].map(|region| usize::from(region).min(buckets.max(1) - 1))
    }

    /// Position `i`'s record in the file.
    pub fn record(&self, i: usize) -> usize {
        self.record[i] as usize
    }
}

/// The training target of a position with search score `score`
/// (centipawns for the side to move) from a game with `result` (White's
/// points, above 3 for unfinished): `lambda · sigmoid(score / scale) +
/// (1 − lambda) ·` the side to move's share of the game's points.
pub fn target(score: i16, result: u8, black_to_move: bool, lambda: f32, scale: f32) -> f32 {
    let from_score = 1.0 / (1.0 + (-f32::from(score) / scale).exp());
    let white_share = white_share(result);
    let share = if black_to_move {
        1.0 - white_share
    } else {
        white_share
    };
    lambda * from_score + (1.0 - lambda) * share
}

/// White's share of a game's points (`GameResult::white_share`, RULES.md
/// §6) from White's points in it, all a record keeps. White's 1 is a draw
/// (`1-1`, a half) or a stalemate lost (`1-2`, a third), which the record
/// cannot tell apart: it counts as the draw it nearly always is. An
/// unfinished game counts as a draw.
pub fn white_share(result: u8) -> f32 {
    let game = match result {
        0 => GameResult::BlackWins,
        1 => GameResult::Draw,
        2 => GameResult::WhiteStalemates,
        3 => GameResult::WhiteWins,
        _ => GameResult::Unfinished,
    };
    game.white_share().unwrap_or(0.5) as f32
}

/// White's piece count minus Black's, by kind.
fn balance(pos: &cescacs::Position) -> [i8; 9] {
    std::array::from_fn(|k| {
        let role = cescacs::Role::ALL[k];
        let count = |c| pos.pieces(cescacs::Piece::new(c, role)).count() as i8;
        count(Color::White) - count(Color::Black)
    })
}

/// Whether `record`'s move in its game was a capture: `next` is one ply
/// later in the same game and has fewer pieces.
fn is_capture(record: &Record, next: &Record) -> bool {
    record.ply.checked_add(1) == Some(next.ply) && next.piece_count() < record.piece_count()
}

/// The positions of records `first..first + count` of a positions file
/// (fewer at its end), with their search scores and results: for
/// comparing evaluations on whole positions.
pub fn read_positions(
    path: &Path,
    first: usize,
    count: usize,
) -> Result<Vec<(cescacs::Position, i16, u8)>, DataError> {
    let fail = |source| DataError::File {
        path: path.to_owned(),
        source,
    };
    let mut file = Reader::open(path).map_err(fail)?;
    if file.skip_records(first as u64).map_err(fail)? < first as u64 {
        return Ok(Vec::new());
    }
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let Some(record) = file.read_record().map_err(fail)? else {
            break;
        };
        let pos = record
            .position()
            .map_err(|source| fail(file.bad_position(source)))?;
        out.push((pos, record.score, record.result));
    }
    Ok(out)
}
