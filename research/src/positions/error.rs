//! Why a positions file cannot be read: each error says where (the record
//! and its byte offset), so a broken shard can be cut at its last good
//! record.

use crate::packed::UnpackError;

use super::RECORD_LEN;

/// Why a positions file, or a part of it, cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum PositionsError {
    /// The underlying reader or writer failed.
    #[error("at byte {offset}: {source}")]
    Io {
        /// The byte offset reached when it failed.
        offset: u64,
        /// What the system said.
        source: std::io::Error,
    },
    /// The input does not start with `CESPOS`.
    #[error("not a positions file: it starts with {found:?}, not \"CESPOS\"")]
    WrongMagic {
        /// Its first bytes (at most eight).
        found: Vec<u8>,
    },
    /// The input ends inside the eight-byte header.
    #[error("truncated header: {got} of its 8 bytes")]
    ShortHeader {
        /// The bytes there are.
        got: usize,
    },
    /// A header of a version this reader does not know.
    #[error("positions file version {found:?}: this reader reads version 1 (\"CESPOS1\\0\")")]
    UnsupportedVersion {
        /// The header's last two bytes (the version digit and its zero byte).
        found: [u8; 2],
    },
    /// The input ends inside a record.
    #[error("truncated at byte {offset}: record {record} has {got} of its {RECORD_LEN} bytes")]
    Truncated {
        /// The partial record's index (0 is the first).
        record: u64,
        /// Its byte offset.
        offset: u64,
        /// The bytes of it there are.
        got: usize,
    },
    /// A whole record whose content is not a record's.
    #[error("record {record} at byte {offset}: {reason}")]
    BadRecord {
        /// The record's index (0 is the first).
        record: u64,
        /// Its byte offset.
        offset: u64,
        /// What is wrong with it.
        reason: RecordError,
    },
}

/// What is wrong with a record's 64 bytes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A result byte other than White's points 0–3 or 255 (unfinished).
    #[error("result byte {0}: White's points are 0 to 3, or 255 for an unfinished game")]
    Result(u8),
    /// The byte after the result is not zero.
    #[error("byte 61 is {0}, not zero")]
    Padding(u8),
    /// The packed position cannot be unpacked.
    #[error("{0}")]
    Position(#[from] UnpackError),
}
