//! The transposition table: what earlier searches learnt about a position,
//! keyed by the core's Zobrist hash ([`cescacs::Position::zobrist_hash`]).
//!
//! Threads share one table without locks: an entry is two atomic words,
//! the key stored XOR the data, so a torn write (one word from each of two
//! writers) reads as a miss rather than as another position's data.

use std::sync::atomic::{AtomicU64, Ordering};

use cescacs::Move;

/// How a stored score bounds the true one.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The score is exact (a PV node).
    Exact = 1,
    /// The true score is at least this (a cut: beta was reached).
    Lower = 2,
    /// The true score is at most this (no move reached alpha).
    Upper = 3,
}

/// What the table holds for a position.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct Entry {
    /// The best move's [`move_code`] (0: none).
    pub mv: u32,
    /// In the table's convention ([`crate::score::to_tt`]).
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// A move as 25 bits: origin, destination, promotion (+1) and castling
/// (+1). Equal codes are equal moves in one position.
pub(crate) fn move_code(m: &Move) -> u32 {
    let promo = m.promotion().map_or(0, |r| r.index() as u32 + 1);
    let castle = m.castling().map_or(0, |c| c.index() as u32 + 1);
    m.from().index() as u32 | (m.to().index() as u32) << 8 | promo << 16 | castle << 20
}

impl Entry {
    fn pack(self) -> u64 {
        let bound = self.bound as u64;
        u64::from(self.mv)
            | u64::from(self.score as i16 as u16) << 25
            | u64::from(self.depth.clamp(0, 255) as u8) << 41
            | bound << 49
    }

    fn unpack(data: u64) -> Option<Entry> {
        let bound = match (data >> 49) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            mv: (data & ((1 << 25) - 1)) as u32,
            score: i32::from((data >> 25) as u16 as i16),
            depth: i32::from((data >> 41) as u8),
            bound,
        })
    }
}

/// A transposition table that could not be allocated: the memory is not
/// there (or the size is beyond what an address space holds).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a transposition table of {megabytes} MiB: out of memory")]
pub struct TableAllocError {
    /// The size asked for, in MiB.
    pub megabytes: usize,
}

/// A fixed-size table of entries (16 bytes each).
pub(crate) struct Table {
    slots: Box<[[AtomicU64; 2]]>,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one entry), or an error
    /// when the memory cannot be had (never an abort).
    pub fn try_new(megabytes: usize) -> Result<Table, TableAllocError> {
        let fail = TableAllocError { megabytes };
        let bytes = megabytes.checked_mul(1 << 20).ok_or(fail.clone())?;
        let n = (bytes / 16).max(1);
        let mut slots = Vec::new();
        slots.try_reserve_exact(n).map_err(|_| fail)?;
        slots.extend((0..n).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]));
        Ok(Table { slots: slots.into_boxed_slice() })
    }

    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        // Multiply-shift: a uniform index for any table size.
        &self.slots[((u128::from(key) * self.slots.len() as u128) >> 64) as usize]
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let s = self.slot(key);
        let data = s[1].load(Ordering::Relaxed);
        if s[0].load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        Entry::unpack(data)
    }

    /// Stores `e`, keeping a deeper entry of the same position unless `e`
    /// is exact or has a move the old one lacks.
    pub fn store(&self, key: u64, mut e: Entry) {
        let s = self.slot(key);
        let old_data = s[1].load(Ordering::Relaxed);
        if s[0].load(Ordering::Relaxed) ^ old_data == key {
            if let Some(old) = Entry::unpack(old_data) {
                if e.mv == 0 {
                    e.mv = old.mv;
                }
                if old.depth > e.depth + 2 && e.bound != Bound::Exact {
                    return;
                }
            }
        }
        let data = e.pack();
        s[0].store(key ^ data, Ordering::Relaxed);
        s[1].store(data, Ordering::Relaxed);
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for s in self.slots.iter() {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_other_keys_miss() {
        let t = Table::try_new(1).unwrap();
        let e = Entry { mv: 0x1AB_CDEF & ((1 << 25) - 1), score: -30_990, depth: 17, bound: Bound::Lower };
        t.store(42, e);
        assert_eq!(t.probe(42), Some(e));
        assert_eq!(t.probe(43), None);
        t.clear();
        assert_eq!(t.probe(42), None);
    }

    #[test]
    fn a_table_beyond_the_address_space_is_an_error() {
        for mb in [usize::MAX, usize::MAX >> 20, usize::MAX >> 21] {
            assert_eq!(Table::try_new(mb).err(), Some(TableAllocError { megabytes: mb }));
        }
    }
}
