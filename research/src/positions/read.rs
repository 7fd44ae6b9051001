//! Reading a positions file as a stream: one record in memory at a time,
//! each checked, every failure a [`PositionsError`] with its offset.

use std::io::{BufReader, ErrorKind, Read};
use std::path::Path;

use super::{record_offset, PositionsError, Record, HEADER, HEADER_LEN, MAGIC, RECORD_LEN};

/// Reads the records of a positions file in order; as an iterator it ends
/// after the last record or after its first error.
#[derive(Debug)]
pub struct Reader<R: Read> {
    inner: R,
    /// The index of the next record.
    next: u64,
    /// An error or the end was met: the iterator yields nothing more.
    done: bool,
}

impl Reader<BufReader<std::fs::File>> {
    /// Opens the file at `path` and reads its header.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, PositionsError> {
        let file =
            std::fs::File::open(path).map_err(|source| PositionsError::Io { offset: 0, source })?;
        Reader::new(BufReader::with_capacity(1 << 16, file))
    }
}

impl<R: Read> Reader<R> {
    /// Reads the header from `inner` (buffer it: records are read 64 bytes
    /// at a time) and checks its magic and version.
    pub fn new(mut inner: R) -> Result<Reader<R>, PositionsError> {
        let mut header = [0u8; HEADER_LEN];
        let got = read_full(&mut inner, &mut header, 0)?;
        let known = got.min(MAGIC.len());
        if header[..known] != MAGIC[..known] {
            return Err(PositionsError::WrongMagic {
                found: header[..got].to_vec(),
            });
        }
        if got < HEADER_LEN {
            return Err(PositionsError::ShortHeader { got });
        }
        if header != HEADER {
            return Err(PositionsError::UnsupportedVersion {
                found: [header[6], header[7]],
            });
        }
        Ok(Reader {
            inner,
            next: 0,
            done: false,
        })
    }

    /// The next record, `None` at the end of the input.
    pub fn read_record(&mut self) -> Result<Option<Record>, PositionsError> {
        let mut bytes = [0u8; RECORD_LEN];
        let (record, offset) = (self.next, record_offset(self.next));
        match read_full(&mut self.inner, &mut bytes, offset)? {
            0 => Ok(None),
            RECORD_LEN => {
                let r = Record::from_bytes(&bytes).map_err(|reason| PositionsError::BadRecord {
                    record,
                    offset,
                    reason,
                })?;
                self.next += 1;
                Ok(Some(r))
            }
            got => Err(PositionsError::Truncated {
                record,
                offset,
                got,
            }),
        }
    }

    /// Passes over up to `n` records without checking them: the number
    /// passed (fewer at the end of the input).
    pub fn skip_records(&mut self, n: u64) -> Result<u64, PositionsError> {
        let mut bytes = [0u8; RECORD_LEN];
        for k in 0..n {
            let offset = record_offset(self.next);
            match read_full(&mut self.inner, &mut bytes, offset)? {
                0 => return Ok(k),
                RECORD_LEN => self.next += 1,
                got => {
                    return Err(PositionsError::Truncated {
                        record: self.next,
                        offset,
                        got,
                    })
                }
            }
        }
        Ok(n)
    }

    /// The index of the next record (the records read or passed so far).
    pub fn records_read(&self) -> u64 {
        self.next
    }

    /// The [`PositionsError::BadRecord`] of the record just read when its
    /// packed position turns out not to unpack ([`Record::position`]).
    pub fn bad_position(&self, source: crate::packed::UnpackError) -> PositionsError {
        let record = self.next.saturating_sub(1);
        PositionsError::BadRecord {
            record,
            offset: record_offset(record),
            reason: source.into(),
        }
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<Record, PositionsError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = self.read_record().transpose();
        self.done = !matches!(item, Some(Ok(_)));
        item
    }
}

/// Reads until `buf` is full or the input ends: the bytes read.
fn read_full(r: &mut impl Read, buf: &mut [u8], offset: u64) -> Result<usize, PositionsError> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(source) => {
                return Err(PositionsError::Io {
                    offset: offset + got as u64,
                    source,
                })
            }
        }
    }
    Ok(got)
}
