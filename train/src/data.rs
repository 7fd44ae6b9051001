//! Training positions: the files of `research/examples/gen_positions.rs`
//! read as each position's active features, its search score and its
//! game's result.
//!
//! A file is the 8 bytes `CESPOS1\0`, then 64-byte records: the packed
//! position (`cescacs_research::packed`) zero-padded to 58 bytes, the score
//! (`i16` LE, centipawns for the side to move), the result (`u8`, White's
//! points 0–3, 255 for a game unfinished at the ply cap), a zero byte and
//! the ply (`u16` LE). It is read record by record, so only the decoded
//! features are held (about 80 bytes a position).

use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

use cescacs::Color;
use cescacs_engine::nnue::features::for_each_feature;
use cescacs_engine::EvalConfig;
use cescacs_research::packed::{unpack, UnpackError, MAX_PACKED};

/// The first eight bytes of a positions file.
pub const MAGIC: [u8; 8] = *b"CESPOS1\0";
/// Bytes per record.
pub const RECORD: usize = 64;

/// Why a positions file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file could not be opened or read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file does not start with [`MAGIC`].
    #[error("{path}: not a positions file (it does not start with CESPOS1)")]
    WrongMagic {
        /// The file.
        path: PathBuf,
    },
    /// The file ends inside a record.
    #[error("{path}: truncated: {extra} bytes after record {records}, a record is {RECORD}")]
    Truncated {
        /// The file.
        path: PathBuf,
        /// Whole records read.
        records: usize,
        /// The bytes of the last, partial record.
        extra: usize,
    },
    /// A record whose packed position cannot be read.
    #[error("{path}: record {record}: {source}")]
    BadRecord {
        /// The file.
        path: PathBuf,
        /// The record's index (0 is the first).
        record: usize,
        /// Why the position could not be unpacked.
        source: UnpackError,
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
#[derive(Clone, Debug, Default)]
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
}

impl Dataset {
    /// Reads a positions file, at most `limit` records of it; with
    /// `skip_captures`, leaves out each position whose move in the game
    /// was a capture (its search score counts the piece won, which a
    /// static evaluation cannot see: the next record, one ply later, has
    /// fewer pieces).
    pub fn read(path: &Path, limit: usize, skip_captures: bool) -> Result<Dataset, DataError> {
        let io = |source| DataError::Io {
            path: path.to_owned(),
            source,
        };
        let mut file = BufReader::with_capacity(1 << 20, std::fs::File::open(path).map_err(io)?);
        let mut magic = [0u8; 8];
        if read_full(&mut file, &mut magic).map_err(io)? < 8 || magic != MAGIC {
            return Err(DataError::WrongMagic {
                path: path.to_owned(),
            });
        }
        let mut data = Dataset {
            offsets: vec![0],
            ..Dataset::default()
        };
        let mut record = [0u8; RECORD];
        let mut next = [0u8; RECORD];
        let mut have_next = read_record(&mut file, &mut next, path, 0)?;
        let mut index = 0;
        while data.len() < limit && have_next {
            record.copy_from_slice(&next);
            have_next = read_record(&mut file, &mut next, path, index + 1)?;
            index += 1;
            if skip_captures
                && have_next
                && ply(&next) == ply(&record) + 1
                && pieces(&next) < pieces(&record)
            {
                continue;
            }
            let pos = unpack(&record[..MAX_PACKED]).map_err(|source| DataError::BadRecord {
                path: path.to_owned(),
                record: index - 1,
                source,
            })?;
            for_each_feature(&pos, Color::White, |f| data.features.push(f as u16));
            data.offsets.push(data.features.len() as u32);
            data.black_to_move.push(pos.turn() == Color::Black);
            data.score.push(i16::from_le_bytes([
                record[MAX_PACKED],
                record[MAX_PACKED + 1],
            ]));
            data.result.push(record[MAX_PACKED + 2]);
            data.record.push((index - 1) as u32);
            data.balance.push(balance(&pos));
            data.hand
                .push(EvalConfig::default().evaluate(&pos).clamp(-20_000, 20_000) as i16);
        }
        if data.is_empty() {
            return Err(DataError::Empty {
                path: path.to_owned(),
            });
        }
        Ok(data)
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

    /// Position `i`'s record in the file.
    pub fn record(&self, i: usize) -> usize {
        self.record[i] as usize
    }
}

/// The training target of a position with search score `score`
/// (centipawns for the side to move) from a game with `result` (White's
/// points, above 3 for unfinished): `lambda · sigmoid(score / scale) +
/// (1 − lambda) ·` the side to move's share of the points (an unfinished
/// game counts as a draw).
pub fn target(score: i16, result: u8, black_to_move: bool, lambda: f32, scale: f32) -> f32 {
    let from_score = 1.0 / (1.0 + (-f32::from(score) / scale).exp());
    let white_share = if result > 3 {
        0.5
    } else {
        f32::from(result) / 3.0
    };
    let share = if black_to_move {
        1.0 - white_share
    } else {
        white_share
    };
    lambda * from_score + (1.0 - lambda) * share
}

/// White's piece count minus Black's, by kind.
fn balance(pos: &cescacs::Position) -> [i8; 9] {
    std::array::from_fn(|k| {
        let role = cescacs::Role::ALL[k];
        let count = |c| pos.pieces(cescacs::Piece::new(c, role)).count() as i8;
        count(Color::White) - count(Color::Black)
    })
}

/// Reads record `index` into `buf`: false at the end of the file.
fn read_record(
    file: &mut impl Read,
    buf: &mut [u8; RECORD],
    path: &Path,
    index: usize,
) -> Result<bool, DataError> {
    let got = read_full(file, buf).map_err(|source| DataError::Io {
        path: path.to_owned(),
        source,
    })?;
    if got > 0 && got < RECORD {
        return Err(DataError::Truncated {
            path: path.to_owned(),
            records: index,
            extra: got,
        });
    }
    Ok(got == RECORD)
}

/// A record's ply.
fn ply(record: &[u8; RECORD]) -> u16 {
    u16::from_le_bytes([record[RECORD - 2], record[RECORD - 1]])
}

/// A record's number of pieces (its occupancy bits).
fn pieces(record: &[u8; RECORD]) -> u32 {
    record[2..24].iter().map(|b| b.count_ones()).sum()
}

/// Reads until `buf` is full or the end of the file: the bytes read.
fn read_full(r: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// The positions of records `first..first + count` of a positions file
/// (fewer at its end), with their search scores and results: for
/// comparing evaluations on whole positions.
pub fn read_positions(
    path: &Path,
    first: usize,
    count: usize,
) -> Result<Vec<(cescacs::Position, i16, u8)>, DataError> {
    let io = |source| DataError::Io {
        path: path.to_owned(),
        source,
    };
    let mut file = BufReader::new(std::fs::File::open(path).map_err(io)?);
    let mut skip = vec![0u8; 8 + first * RECORD];
    if read_full(&mut file, &mut skip).map_err(io)? < skip.len() {
        return Ok(Vec::new());
    }
    let mut out = Vec::with_capacity(count);
    let mut record = [0u8; RECORD];
    while out.len() < count && read_full(&mut file, &mut record).map_err(io)? == RECORD {
        let pos = unpack(&record[..MAX_PACKED]).map_err(|source| DataError::BadRecord {
            path: path.to_owned(),
            record: first + out.len(),
            source,
        })?;
        out.push((
            pos,
            i16::from_le_bytes([record[MAX_PACKED], record[MAX_PACKED + 1]]),
            record[MAX_PACKED + 2],
        ));
    }
    Ok(out)
}
