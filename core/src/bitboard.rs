//! A set of hexes as 192 bits (`[u64; 3]`), one bit per hex index.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::geometry::{Hex, HEX_COUNT};

/// A set of hexes.
#[derive(Copy, Clone, Eq, Default)]
pub struct Bitboard(pub [u64; 3]);

/// Word by word: the derived comparison of the array is a 24-byte `memcmp`,
/// which x86-64 expands inline but WebAssembly calls as a byte loop (a
/// seventh of a perft's time there).
impl PartialEq for Bitboard {
    #[inline(always)]
    fn eq(&self, o: &Bitboard) -> bool {
        (self.0[0] ^ o.0[0]) | (self.0[1] ^ o.0[1]) | (self.0[2] ^ o.0[2]) == 0
    }
}

/// The words, as the derived hash would: equal sets hash equal.
impl Hash for Bitboard {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard([0; 3]);
    /// All 169 hexes.
    pub const FULL: Bitboard = Bitboard([u64::MAX, u64::MAX, (1u64 << (HEX_COUNT - 128)) - 1]);

    /// The set holding `h` alone.
    #[inline(always)]
    pub const fn from_hex(h: Hex) -> Bitboard {
        let mut b = [0u64; 3];
        b[h.index() >> 6] = 1u64 << (h.index() & 63);
        Bitboard(b)
    }

    /// Whether `h` is in the set.
    #[inline(always)]
    pub const fn contains(self, h: Hex) -> bool {
        self.0[h.index() >> 6] >> (h.index() & 63) & 1 != 0
    }

    /// Adds `h`.
    #[inline(always)]
    pub fn insert(&mut self, h: Hex) {
        self.0[h.index() >> 6] |= 1u64 << (h.index() & 63);
    }

    /// Removes `h`.
    #[inline(always)]
    pub fn remove(&mut self, h: Hex) {
        self.0[h.index() >> 6] &= !(1u64 << (h.index() & 63));
    }

    /// Whether the set holds no hex.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    /// The number of hexes in the set.
    ///
    /// The x86-64 baseline has no `popcnt` instruction, so `count_ones` is
    /// a bit-twiddling sequence per word. Here the three words share its
    /// second half: each word is reduced to 4-bit partial counts (at most
    /// 4 each), the three are added (at most 12, still one nibble), and only
    /// then are nibbles folded into bytes and summed by one multiplication.
    #[inline(always)]
    #[cfg(not(any(target_feature = "popcnt", target_arch = "wasm32")))]
    pub const fn count(self) -> u32 {
        const M1: u64 = 0x5555_5555_5555_5555;
        const M2: u64 = 0x3333_3333_3333_3333;
        const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        const H01: u64 = 0x0101_0101_0101_0101;
        const fn nibbles(x: u64) -> u64 {
            let x = x - ((x >> 1) & M1);
            (x & M2) + ((x >> 2) & M2)
        }
        let s = nibbles(self.0[0]) + nibbles(self.0[1]) + nibbles(self.0[2]);
        let s = (s & M4) + ((s >> 4) & M4);
        (s.wrapping_mul(H01) >> 56) as u32
    }

    /// The number of hexes in the set: three `popcnt` instructions where
    /// the target has them (x86-64-v2 and later; WebAssembly's `i64.popcnt`).
    #[inline(always)]
    #[cfg(any(target_feature = "popcnt", target_arch = "wasm32"))]
    pub const fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    /// The lowest hex in the set.
    #[inline(always)]
    pub fn first(self) -> Option<Hex> {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return Some(Hex::from_u8((i as u32 * 64 + w.trailing_zeros()) as u8));
            }
        }
        None
    }
}

impl Bitboard {
    /// Index of the lowest hex; the set must not be empty.
    #[inline(always)]
    pub(crate) fn lowest_index(self) -> usize {
        if self.0[0] != 0 {
            self.0[0].trailing_zeros() as usize
        } else if self.0[1] != 0 {
            64 + self.0[1].trailing_zeros() as usize
        } else {
            128 + self.0[2].trailing_zeros() as usize
        }
    }

    /// Index of the highest hex; the set must not be empty.
    #[inline(always)]
    pub(crate) fn highest_index(self) -> usize {
        if self.0[2] != 0 {
            191 - self.0[2].leading_zeros() as usize
        } else if self.0[1] != 0 {
            127 - self.0[1].leading_zeros() as usize
        } else {
            63 - self.0[0].leading_zeros() as usize
        }
    }

    /// [`Bitboard::count`] for sets of a few hexes (a role's pieces): one
    /// step per hex instead of the full bit count.
    #[inline(always)]
    pub(crate) fn count_few(self) -> u32 {
        if cfg!(any(target_feature = "popcnt", target_arch = "wasm32")) {
            return self.count();
        }
        let mut n = 0;
        for mut w in self.0 {
            while w != 0 {
                n += 1;
                w &= w - 1;
            }
        }
        n
    }

    /// `self` without the hexes of `o` (no complement of the board needed).
    #[inline(always)]
    pub(crate) const fn without(self, o: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] & !o.0[0],
            self.0[1] & !o.0[1],
            self.0[2] & !o.0[2],
        ])
    }
}

impl Iterator for Bitboard {
    type Item = Hex;

    #[inline(always)]
    fn next(&mut self) -> Option<Hex> {
        for i in 0..3 {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return Some(Hex::from_u8((i as u32 * 64 + w.trailing_zeros()) as u8));
            }
        }
        None
    }

    /// Word by word: `for_each`, `sum` and the like skip the empty words
    /// once, where `next` tests them again for each hex.
    #[inline(always)]
    fn fold<B, F: FnMut(B, Hex) -> B>(self, init: B, mut f: F) -> B {
        let mut acc = init;
        for (i, mut w) in self.0.into_iter().enumerate() {
            while w != 0 {
                acc = f(
                    acc,
                    Hex::from_u8((i as u32 * 64 + w.trailing_zeros()) as u8),
                );
                w &= w - 1;
            }
        }
        acc
    }
}

impl FromIterator<Hex> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Hex>>(iter: I) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for h in iter {
            b.insert(h);
        }
        b
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitxor(self, o: Bitboard) -> Bitboard {
        Bitboard([self.0[0] ^ o.0[0], self.0[1] ^ o.0[1], self.0[2] ^ o.0[2]])
    }
}

impl BitXorAssign for Bitboard {
    #[inline(always)]
    fn bitxor_assign(&mut self, o: Bitboard) {
        *self = *self ^ o;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard([!self.0[0], !self.0[1], !self.0[2]]) & Bitboard::FULL
    }
}

impl BitOrAssign for Bitboard {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Bitboard) {
        *self = *self | o;
    }
}

impl BitAndAssign for Bitboard {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Bitboard) {
        *self = *self & o;
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_has_every_hex_and_iterates_in_order() {
        assert_eq!(Bitboard::FULL.count(), 169);
        let v: Vec<Hex> = Bitboard::FULL.collect();
        assert_eq!(v, Hex::all().collect::<Vec<_>>());
        let h: Hex = "F14".parse().unwrap();
        let mut b = Bitboard::from_hex(h);
        assert!(b.contains(h));
        assert_eq!((!b).count(), 168);
        b.remove(h);
        assert!(b.is_empty());
    }

    #[test]
    fn count_matches_count_ones() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            let mut w = [0u64; 3];
            for v in &mut w {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *v = x & x.rotate_left(11);
            }
            let b = Bitboard(w) & Bitboard::FULL;
            assert_eq!(b.count(), b.0.iter().map(|v| v.count_ones()).sum::<u32>());
            assert_eq!(b.count_few(), b.count());
        }
        assert_eq!(Bitboard([u64::MAX; 3]).count(), 192);
    }
}
