//! Writing a positions file: the header, then records in order.

use std::io::Write;

use super::{record_offset, PositionsError, Record, HEADER};

/// Writes a positions file of the current version to `W` (buffer it: a
/// record is one 64-byte write).
#[derive(Debug)]
pub struct Writer<W: Write> {
    inner: W,
    records: u64,
}

impl<W: Write> Writer<W> {
    /// Writes the header.
    pub fn new(mut inner: W) -> Result<Writer<W>, PositionsError> {
        inner
            .write_all(&HEADER)
            .map_err(|source| PositionsError::Io { offset: 0, source })?;
        Ok(Writer { inner, records: 0 })
    }

    /// Appends one record.
    pub fn write(&mut self, record: &Record) -> Result<(), PositionsError> {
        self.inner
            .write_all(&record.to_bytes())
            .map_err(|source| PositionsError::Io {
                offset: record_offset(self.records),
                source,
            })?;
        self.records += 1;
        Ok(())
    }

    /// The records written so far.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// Flushes and gives the destination back.
    pub fn finish(mut self) -> Result<W, PositionsError> {
        self.inner.flush().map_err(|source| PositionsError::Io {
            offset: record_offset(self.records),
            source,
        })?;
        Ok(self.inner)
    }
}
