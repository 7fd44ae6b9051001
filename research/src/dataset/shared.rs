//! A batch's moves column: a buffer behind an [`Arc`] and the range of it
//! the batch holds, so that a contiguous selection of games
//! ([`GameBatch::range`](super::GameBatch::range)) shares its parent's
//! moves instead of copying them. Appending to a shared or cut buffer
//! first copies the batch's range into a buffer of its own, so a batch
//! never changes the moves another batch sees.

use std::ops::{Deref, Range};
use std::sync::Arc;

/// Moves shared between batches (see the module docs).
#[derive(Clone, Default)]
pub(super) struct SharedMoves {
    buf: Arc<Vec<u16>>,
    range: Range<usize>,
}

impl SharedMoves {
    /// The moves of `moves`, held alone.
    pub(super) fn new(moves: Vec<u16>) -> SharedMoves {
        let range = 0..moves.len();
        SharedMoves {
            buf: Arc::new(moves),
            range,
        }
    }

    /// The moves `range` (relative to these), sharing this buffer.
    pub(super) fn share(&self, range: Range<usize>) -> SharedMoves {
        let range = self.range.start + range.start..self.range.start + range.end;
        assert!(range.end <= self.range.end, "a range within the moves");
        SharedMoves {
            buf: Arc::clone(&self.buf),
            range,
        }
    }

    /// Runs `edit` on the moves as a vector of their own: copied first if
    /// the buffer is shared or holds more than these moves.
    pub(super) fn edit<R>(&mut self, edit: impl FnOnce(&mut Vec<u16>) -> R) -> R {
        if self.range != (0..self.buf.len()) || Arc::get_mut(&mut self.buf).is_none() {
            *self = SharedMoves::new(self.to_vec());
        }
        let moves = Arc::get_mut(&mut self.buf).expect("a buffer of its own");
        let out = edit(moves);
        self.range = 0..moves.len();
        out
    }

    /// Bytes of the whole buffer (shared or not).
    pub(super) fn buffer_bytes(&self) -> usize {
        self.buf.capacity() * std::mem::size_of::<u16>()
    }

    /// Whether `other` holds moves of the same buffer.
    pub(super) fn same_buffer(&self, other: &SharedMoves) -> bool {
        Arc::ptr_eq(&self.buf, &other.buf)
    }
}

impl Deref for SharedMoves {
    type Target = [u16];

    fn deref(&self) -> &[u16] {
        &self.buf[self.range.clone()]
    }
}

impl std::fmt::Debug for SharedMoves {
    /// The moves the batch holds (not the whole shared buffer).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
