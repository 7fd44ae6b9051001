//! One record per position across many positions files: the generator's
//! shards overlap where games share their openings, and a position met in
//! many games would weigh that much more in training.
//!
//! The first record of each position is kept, in the order of the inputs
//! and their records, so the output is a function of the inputs alone. A
//! position is its packed bytes; the set remembers each as a 128-bit hash
//! of them (16 bytes a distinct position, about 1 GB for 50 M), where two
//! distinct positions collide with a probability under 10^-20 for 50 M.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{Read, Write};

use super::{PositionsError, Reader, Record, Writer};

/// What [`Dedup`] has seen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DedupSummary {
    /// Records read.
    pub read: u64,
    /// Records written (one per distinct position).
    pub kept: u64,
}

impl DedupSummary {
    /// Records dropped as a repeat of a position already written.
    pub fn duplicates(&self) -> u64 {
        self.read - self.kept
    }
}

/// Writes the first record of each position it is given.
pub struct Dedup<W: Write> {
    writer: Writer<W>,
    seen: HashSet<u128>,
    summary: DedupSummary,
}

impl<W: Write> Dedup<W> {
    /// A deduplicator writing to `out` (the header is written now).
    pub fn new(out: W) -> Result<Dedup<W>, PositionsError> {
        Ok(Dedup {
            writer: Writer::new(out)?,
            seen: HashSet::new(),
            summary: DedupSummary::default(),
        })
    }

    /// Writes `record` unless its position was written before; `true` if written.
    pub fn push(&mut self, record: &Record) -> Result<bool, PositionsError> {
        self.summary.read += 1;
        if !self.seen.insert(key(record)) {
            return Ok(false);
        }
        self.writer.write(record)?;
        self.summary.kept += 1;
        Ok(true)
    }

    /// Pushes every record of `reader`, stopping at its first error.
    pub fn push_all<R: Read>(&mut self, reader: Reader<R>) -> Result<(), PositionsError> {
        for record in reader {
            self.push(&record?)?;
        }
        Ok(())
    }

    /// The counts so far.
    pub fn summary(&self) -> DedupSummary {
        self.summary
    }

    /// Flushes the output and returns it with the counts.
    pub fn finish(self) -> Result<(W, DedupSummary), PositionsError> {
        Ok((self.writer.finish()?, self.summary))
    }
}

/// The position's key: two independent 64-bit hashes of its packed bytes.
fn key(record: &Record) -> u128 {
    let half = |salt: u8| {
        let mut h = DefaultHasher::new();
        salt.hash(&mut h);
        record.packed.hash(&mut h);
        h.finish()
    };
    (u128::from(half(0)) << 64) | u128::from(half(1))
}

#[cfg(test)]
mod tests {
    use cescacs::Position;

    use super::*;

    fn positions_after(plies: &[&str]) -> Position {
        let mut pos = Position::default();
        for text in plies {
            let mv = pos.parse_long(text).unwrap();
            pos.play(mv).unwrap();
        }
        pos
    }

    #[test]
    fn keeps_the_first_record_of_each_position() {
        let start = Position::default();
        let after = positions_after(&["E7-E13"]);
        let records = [
            Record::new(&start, 10, 2, 0),
            Record::new(&after, -5, 1, 1),
            Record::new(&start, 99, 0, 0),
            Record::new(&after, 7, 3, 1),
            Record::new(&start, 11, 2, 4),
        ];
        let mut d = Dedup::new(Vec::new()).unwrap();
        let written: Vec<bool> = records.iter().map(|r| d.push(r).unwrap()).collect();
        assert_eq!(written, [true, true, false, false, false]);
        let (bytes, summary) = d.finish().unwrap();
        assert_eq!(summary, DedupSummary { read: 5, kept: 2 });
        assert_eq!(summary.duplicates(), 3);
        let back: Vec<Record> = Reader::new(&bytes[..])
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(back, [records[0], records[1]]);
    }

    #[test]
    fn a_broken_input_stops_with_its_error() {
        let mut w = Writer::new(Vec::new()).unwrap();
        w.write(&Record::new(&Position::default(), 1, 2, 0))
            .unwrap();
        let mut bytes = w.finish().unwrap();
        bytes.extend_from_slice(&[0; 10]);
        let mut d = Dedup::new(Vec::new()).unwrap();
        let err = d.push_all(Reader::new(&bytes[..]).unwrap()).unwrap_err();
        assert!(
            matches!(
                err,
                PositionsError::Truncated {
                    record: 1,
                    got: 10,
                    ..
                }
            ),
            "{err}"
        );
        assert_eq!(d.summary(), DedupSummary { read: 1, kept: 1 });
    }
}
