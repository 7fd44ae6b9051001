//! New batches of some of a batch's games, as array libraries pick rows:
//! a range (sharing the batch's moves), indices in any order with
//! repeats, negative indices counting from the end, and boolean masks;
//! and the games of another batch appended.

use std::collections::HashMap;

use super::{GameBatch, Origin};

/// An index or mask that does not pick games of a batch.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TakeError {
    /// An index is out of range (a negative one counts from the end).
    #[error("game index {index} is out of range for {len} games")]
    #[allow(missing_docs)]
    Index { index: i64, len: usize },
    /// A mask has not one flag per game.
    #[error("the mask has {got} entries for {len} games (give one bool per game)")]
    #[allow(missing_docs)]
    MaskLength { got: usize, len: usize },
}

impl GameBatch {
    /// A new batch of the games at `indices` (in that order, repeats
    /// allowed); `None` if one is out of range. It keeps the [`Origin`]
    /// (shifted) when the indices are consecutive and ascending (and not
    /// empty: see [`GameBatch::range`]).
    pub fn select(&self, indices: &[usize]) -> Option<GameBatch> {
        if indices.iter().any(|&i| i >= self.len()) {
            return None;
        }
        if let (Some(&first), true) = (
            indices.first(),
            indices.windows(2).all(|w| w[1] == w[0] + 1),
        ) {
            return self.range(first..first + indices.len());
        }
        let mut b = GameBatch::new();
        b.moves
            .edit(|v| v.reserve(indices.iter().map(|&i| self.plies(i)).sum()));
        b.start_of.reserve(indices.len());
        let mut remap: HashMap<u32, u32> = HashMap::new();
        for &i in indices {
            let s = *remap.entry(self.start_of[i]).or_insert_with(|| {
                b.starts
                    .push(self.starts[self.start_of[i] as usize].clone());
                b.starts.len() as u32 - 1
            });
            b.push_raw(
                self.game_moves(i).iter().copied(),
                s,
                self.results[i],
                self.terminations[i],
            );
        }
        Some(b)
    }

    /// [`GameBatch::select`] with NumPy's indices: a negative index counts
    /// from the end (`-1` is the last game).
    ///
    /// ```
    /// use cescacs_research::dataset::SelfPlay;
    ///
    /// let batch = SelfPlay::new(5).seed(1).max_plies(20).run().unwrap();
    /// let picked = batch.take(&[-1, 0, 0]).unwrap();
    /// assert_eq!(picked.game(0), batch.game(4));
    /// assert_eq!(picked.game(2), batch.game(0));
    /// assert!(batch.take(&[5]).is_err());
    /// ```
    pub fn take(&self, indices: &[i64]) -> Result<GameBatch, TakeError> {
        let len = self.len();
        let at = |index: i64| {
            let i = if index < 0 {
                index.checked_add(len as i64)
            } else {
                Some(index)
            };
            i.and_then(|i| usize::try_from(i).ok())
                .filter(|&i| i < len)
                .ok_or(TakeError::Index { index, len })
        };
        let picked = indices
            .iter()
            .map(|&i| at(i))
            .collect::<Result<Vec<usize>, TakeError>>()?;
        Ok(self.select(&picked).expect("every index is in range"))
    }

    /// The games whose flag is set, in order (one flag per game).
    ///
    /// ```
    /// use cescacs_research::dataset::SelfPlay;
    ///
    /// let batch = SelfPlay::new(3).seed(1).max_plies(20).run().unwrap();
    /// let kept = batch.filter(&[true, false, true]).unwrap();
    /// assert_eq!(kept.len(), 2);
    /// assert_eq!(kept.game(1), batch.game(2));
    /// ```
    pub fn filter(&self, mask: &[bool]) -> Result<GameBatch, TakeError> {
        if mask.len() != self.len() {
            return Err(TakeError::MaskLength {
                got: mask.len(),
                len: self.len(),
            });
        }
        let picked: Vec<usize> = mask
            .iter()
            .enumerate()
            .filter(|(_, &keep)| keep)
            .map(|(i, _)| i)
            .collect();
        Ok(self.select(&picked).expect("every index is in range"))
    }

    /// A new batch of the games `range`; `None` if it does not fit. It
    /// shares this batch's moves (no copy: see
    /// [`GameBatch::shares_moves_with`]), its other columns (a few bytes a
    /// game) are copied in one piece each, and it keeps the [`Origin`],
    /// shifted, even when empty.
    pub fn range(&self, range: std::ops::Range<usize>) -> Option<GameBatch> {
        if range.start > range.end || range.end > self.len() {
            return None;
        }
        let (a, z) = (self.offsets[range.start], self.offsets[range.end]);
        let mut b = GameBatch::new();
        b.moves = self.moves.share(a as usize..z as usize);
        b.offsets = self.offsets[range.start..=range.end]
            .iter()
            .map(|&o| o - a)
            .collect();
        b.results = self.results[range.clone()].to_vec();
        b.terminations = self.terminations[range.clone()].to_vec();
        let mut remap: Vec<Option<u32>> = vec![None; self.starts.len()];
        b.start_of = self.start_of[range.clone()]
            .iter()
            .map(|&s| {
                *remap[s as usize].get_or_insert_with(|| {
                    b.starts.push(self.starts[s as usize].clone());
                    b.starts.len() as u32 - 1
                })
            })
            .collect();
        b.origin = self.origin.map(|o| Origin {
            seed: o.seed,
            first: o.first + range.start as u64,
        });
        Some(b)
    }

    /// The games of `other` after these. The [`Origin`] stays when
    /// `other` continues this batch's stream (or this batch is empty).
    pub fn extend(&mut self, other: &GameBatch) {
        let origin = match (self.origin, other.origin) {
            _ if self.is_empty() => other.origin,
            (Some(a), Some(b)) if a.seed == b.seed && a.first + self.len() as u64 == b.first => {
                Some(a)
            }
            _ => None,
        };
        let remap: Vec<u32> = other.starts.iter().map(|s| self.start_slot(s)).collect();
        for i in 0..other.len() {
            self.push_raw(
                other.game_moves(i).iter().copied(),
                remap[other.start_of[i] as usize],
                other.results[i],
                other.terminations[i],
            );
        }
        self.origin = origin;
    }
}
