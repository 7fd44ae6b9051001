//! The training-position file (`CESPOS`): what the generator
//! (`src/bin/gen_positions.rs`) writes and the trainer, the Python package
//! and the Ray pipeline read. This module is its one reader and writer.
//!
//! | bytes | content |
//! |---|---|
//! | 0 – 7 | the header: `CESPOS`, the format's version as one ASCII digit, a zero byte (`CESPOS1\0`: [`VERSION`] 1) |
//! | then, 64 each | the records ([`Record`]), to the end of the file |
//!
//! A record is the position packed ([`crate::packed`]) and zero-padded to
//! [`MAX_PACKED`](crate::packed::MAX_PACKED) bytes, the search's score
//! (`i16` little-endian, centipawns for the side to move, a mate as
//! ±20,000), the game's result (`u8`: White's points 0–3, 255 for a game
//! stopped unfinished), a zero byte, and the ply (`u16` little-endian).
//!
//! The version sits in the header's seventh byte so that the files written
//! before it had a name stay readable as they are: they are version 1. A
//! change of the record's layout takes the next digit; a reader refuses a
//! version it does not know ([`PositionsError::UnsupportedVersion`]).
//! The records have no count in the header, so shards concatenate: `cat`
//! of their records after one header is one file.
//!
//! ```
//! use cescacs::Position;
//! use cescacs_research::positions::{Reader, Record, Writer};
//!
//! let mut w = Writer::new(Vec::new()).unwrap();
//! w.write(&Record::new(&Position::default(), 35, 2, 0)).unwrap();
//! let bytes = w.finish().unwrap();
//! assert_eq!(&bytes[..8], b"CESPOS1\0");
//! let records: Vec<Record> = Reader::new(&bytes[..]).unwrap().map(Result::unwrap).collect();
//! assert_eq!(records[0].score, 35);
//! assert_eq!(records[0].position().unwrap().legal_moves().len(), 68); // the initial position
//! ```

mod dedup;
mod error;
mod read;
mod record;
mod write;

pub use dedup::{Dedup, DedupSummary};
pub use error::{PositionsError, RecordError};
pub use read::Reader;
pub use record::Record;
pub use write::Writer;

/// The format's version this module reads and writes.
pub const VERSION: u8 = 1;
/// The bytes that start every positions file, whatever its version.
pub const MAGIC: [u8; 6] = *b"CESPOS";
/// The header of a version-1 file.
pub const HEADER: [u8; HEADER_LEN] = *b"CESPOS1\0";
/// Bytes of the header.
pub const HEADER_LEN: usize = 8;
/// Bytes of a record.
pub const RECORD_LEN: usize = 64;
/// The result byte of a game stopped unfinished (at the generator's ply cap).
pub const UNFINISHED: u8 = 255;

/// The byte offset of record `index` (0 is the first) in a file.
pub const fn record_offset(index: u64) -> u64 {
    HEADER_LEN as u64 + index * RECORD_LEN as u64
}
