//! One record of a positions file: a position packed, with its labels.

use cescacs::Position;

use crate::packed::{pack_into, unpack, UnpackError, MAX_PACKED};

use super::{RecordError, RECORD_LEN, UNFINISHED};

/// One searched position and its labels, as a file holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// The position packed ([`crate::packed`]), zero-padded.
    pub packed: [u8; MAX_PACKED],
    /// The search's score, centipawns for the side to move (a mate as ±20,000).
    pub score: i16,
    /// White's points in the game, 0–3, or [`UNFINISHED`].
    pub result: u8,
    /// The position's ply in its game (0 is the initial position).
    pub ply: u16,
}

impl Record {
    /// The record of `pos` with its score, its game's result and its ply.
    pub fn new(pos: &Position, score: i16, result: u8, ply: u16) -> Record {
        let mut bytes = Vec::with_capacity(MAX_PACKED);
        pack_into(pos, &mut bytes);
        let mut packed = [0; MAX_PACKED];
        packed[..bytes.len()].copy_from_slice(&bytes);
        Record {
            packed,
            score,
            result,
            ply,
        }
    }

    /// The 64 bytes of the record in a file.
    pub fn to_bytes(&self) -> [u8; RECORD_LEN] {
        let mut out = [0; RECORD_LEN];
        out[..MAX_PACKED].copy_from_slice(&self.packed);
        out[MAX_PACKED..MAX_PACKED + 2].copy_from_slice(&self.score.to_le_bytes());
        out[MAX_PACKED + 2] = self.result;
        out[MAX_PACKED + 4..].copy_from_slice(&self.ply.to_le_bytes());
        out
    }

    /// The record of 64 bytes of a file, its result and padding checked
    /// (the packed position is unpacked by [`Record::position`] only).
    pub fn from_bytes(bytes: &[u8; RECORD_LEN]) -> Result<Record, RecordError> {
        let result = bytes[MAX_PACKED + 2];
        if result > 3 && result != UNFINISHED {
            return Err(RecordError::Result(result));
        }
        if bytes[MAX_PACKED + 3] != 0 {
            return Err(RecordError::Padding(bytes[MAX_PACKED + 3]));
        }
        let mut packed = [0; MAX_PACKED];
        packed.copy_from_slice(&bytes[..MAX_PACKED]);
        Ok(Record {
            packed,
            score: i16::from_le_bytes([bytes[MAX_PACKED], bytes[MAX_PACKED + 1]]),
            result,
            ply: u16::from_le_bytes([bytes[MAX_PACKED + 4], bytes[MAX_PACKED + 5]]),
        })
    }

    /// The position (no special capture, move number unknown).
    pub fn position(&self) -> Result<Position, UnpackError> {
        unpack(&self.packed)
    }

    /// White's points in the game, `None` for a game stopped unfinished.
    pub fn white_points(&self) -> Option<u8> {
        (self.result != UNFINISHED).then_some(self.result)
    }

    /// The number of pieces on the board (the occupancy's bits), without
    /// unpacking.
    pub fn piece_count(&self) -> u32 {
        self.packed[2..24].iter().map(|b| b.count_ones()).sum()
    }
}
