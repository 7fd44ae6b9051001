//! The transposition table: what earlier searches learnt about a position,
//! keyed by the core's Zobrist hash ([`cescacs::Position::zobrist_hash`]).
//!
//! Threads share one table without locks: an entry is two atomic words,
//! the key stored XOR the data, so a torn write (one word from each of two
//! writers) reads as a miss rather than as another position's data.
//!
//! A position may sit in either entry of its bucket of two. A new position
//! replaces the entry worth less: the shallower, counting each search since
//! an entry was written as [`AGE_WEIGHT`] plies less (so that entries of
//! moves long played give way).

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

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
    /// The entry and the search `generation` that writes it, as one word.
    fn pack(self, generation: u8) -> u64 {
        let bound = self.bound as u64;
        u64::from(self.mv)
            | u64::from(self.score as i16 as u16) << 25
            | u64::from(self.depth.clamp(0, 255) as u8) << 41
            | bound << 49
            | u64::from(generation) << 51
    }

    /// The search generation of a packed entry.
    fn generation(data: u64) -> u8 {
        (data >> 51) as u8
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

/// How many plies of depth one search of age costs an entry when a new
/// position looks for a place in its bucket.
const AGE_WEIGHT: i32 = 4;

/// Entries in a bucket.
const WAYS: usize = 2;

/// A fixed-size table of buckets of [`WAYS`] entries (16 bytes each).
pub(crate) struct Table {
    buckets: Box<[[[AtomicU64; 2]; WAYS]]>,
    /// The current search's generation (it wraps).
    generation: AtomicU8,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one entry), or an error
    /// when the memory cannot be had (never an abort).
    pub fn try_new(megabytes: usize) -> Result<Table, TableAllocError> {
        let fail = TableAllocError { megabytes };
        let bytes = megabytes.checked_mul(1 << 20).ok_or(fail.clone())?;
        let n = (bytes / (16 * WAYS)).max(1);
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(n).map_err(|_| fail)?;
        buckets.extend(
            (0..n).map(|_| std::array::from_fn(|_| [AtomicU64::new(0), AtomicU64::new(0)])),
        );
        Ok(Table {
            buckets: buckets.into_boxed_slice(),
            generation: AtomicU8::new(0),
        })
    }

    fn bucket(&self, key: u64) -> &[[AtomicU64; 2]; WAYS] {
        // Multiply-shift: a uniform index for any table size.
        &self.buckets[((u128::from(key) * self.buckets.len() as u128) >> 64) as usize]
    }

    /// The packed data of `key`'s entry in `slot`, if it is that key's.
    fn data_of(slot: &[AtomicU64; 2], key: u64) -> Option<u64> {
        let data = slot[1].load(Ordering::Relaxed);
        (slot[0].load(Ordering::Relaxed) ^ data == key).then_some(data)
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key)
            .iter()
            .find_map(|slot| Self::data_of(slot, key))
            .and_then(Entry::unpack)
    }

    /// A new search begins: entries written before it age by one.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Stores `e`: in the entry of the same position, unless that one is
    /// deeper and `e` neither exact nor with a move the old one lacks;
    /// else in the entry of its bucket worth least (depth less age).
    pub fn store(&self, key: u64, mut e: Entry) {
        let bucket = self.bucket(key);
        let generation = self.generation.load(Ordering::Relaxed);
        let slot = match bucket
            .iter()
            .find_map(|slot| Some((slot, Self::data_of(slot, key)?)))
        {
            Some((slot, data)) => {
                if let Some(old) = Entry::unpack(data) {
                    if e.mv == 0 {
                        e.mv = old.mv;
                    }
                    if old.depth > e.depth + 2 && e.bound != Bound::Exact {
                        return;
                    }
                }
                slot
            }
            None => bucket
                .iter()
                .min_by_key(|slot| {
                    let data = slot[1].load(Ordering::Relaxed);
                    let age = i32::from(generation.wrapping_sub(Entry::generation(data)));
                    Entry::unpack(data).map_or(i32::MIN, |old| old.depth - AGE_WEIGHT * age)
                })
                .expect("a bucket has entries"),
        };
        let data = e.pack(generation);
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }

    /// How full the table is: per mille of its first entries (up to 1000)
    /// written in the current search (UCI `hashfull`, as Stockfish samples it).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.buckets.iter().flatten().take(1000);
        let (mut seen, mut full) = (0u32, 0u32);
        for slot in sample {
            let data = slot[1].load(Ordering::Relaxed);
            seen += 1;
            if Entry::unpack(data).is_some() && Entry::generation(data) == generation {
                full += 1;
            }
        }
        full * 1000 / seen.max(1)
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for slot in self.buckets.iter().flatten() {
            slot[0].store(0, Ordering::Relaxed);
            slot[1].store(0, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_other_keys_miss() {
        let t = Table::try_new(1).unwrap();
        let e = Entry {
            mv: 0x1AB_CDEF & ((1 << 25) - 1),
            score: -30_990,
            depth: 17,
            bound: Bound::Lower,
        };
        t.store(42, e);
        assert_eq!(t.probe(42), Some(e));
        assert_eq!(t.probe(43), None);
        // One entry of a 1 MiB table's first thousand.
        assert_eq!(t.hashfull(), 1);
        t.clear();
        assert_eq!((t.probe(42), t.hashfull()), (None, 0));
    }

    #[test]
    fn a_bucket_keeps_the_deeper_entry_and_gives_way_with_age() {
        // One bucket: every key lands in it.
        let t = Table {
            buckets: vec![std::array::from_fn(|_| {
                [AtomicU64::new(0), AtomicU64::new(0)]
            })]
            .into_boxed_slice(),
            generation: AtomicU8::new(0),
        };
        let at = |depth| Entry {
            mv: 7,
            score: 10,
            depth,
            bound: Bound::Lower,
        };
        t.store(1, at(9));
        t.store(2, at(3));
        // A third position replaces the shallower of the two.
        t.store(3, at(1));
        assert_eq!(
            (t.probe(1), t.probe(2), t.probe(3)),
            (Some(at(9)), None, Some(at(1)))
        );
        // Two searches later the deep entry is worth 9 - 8 = 1 < 5.
        t.new_search();
        t.new_search();
        t.store(3, at(5));
        t.store(4, at(2));
        assert_eq!(
            (t.probe(1), t.probe(3), t.probe(4)),
            (None, Some(at(5)), Some(at(2)))
        );
    }

    #[test]
    fn a_table_beyond_the_address_space_is_an_error() {
        for mb in [usize::MAX, usize::MAX >> 20, usize::MAX >> 21] {
            assert_eq!(
                Table::try_new(mb).err(),
                Some(TableAllocError { megabytes: mb })
            );
        }
    }
}
