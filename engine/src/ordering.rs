//! Move ordering: the hash move first, then captures and promotions by
//! MVV-LVA (most valuable victim, least valuable attacker), then the two
//! killer moves of the ply, then quiet moves by their history score.
//!
//! Good ordering is what makes alpha-beta cut: moves are scored once and
//! picked best-first ([`Picker`]), so a node that cuts on its first move
//! never sorts the rest.

use arrayvec::ArrayVec;
use cescacs::{Color, Move, MoveList, HEX_COUNT};

use crate::score::MAX_PLY;
use crate::tt::move_code;

/// Rough piece values for MVV-LVA only (ordering, not evaluation).
const ORDER_VALUE: [i32; 9] = [1, 2, 3, 4, 8, 10, 15, 16, 100];

const HASH_MOVE: i32 = 1 << 30;
const TACTICAL: i32 = 1 << 28;
const KILLER_1: i32 = 1 << 27;
const KILLER_2: i32 = KILLER_1 - 1;
/// History scores stay below the killers.
const HISTORY_MAX: i32 = 1 << 26;

/// Whether `m` changes material: a capture or a promotion.
pub(crate) fn is_tactical(m: &Move) -> bool {
    m.is_capture() || m.promotion().is_some()
}

/// Killer moves (quiet moves that cut at the same ply elsewhere) and the
/// history table (how often a quiet from-to move cut, weighted by depth²).
pub(crate) struct Heuristics {
    killers: [[u32; 2]; MAX_PLY + 1],
    history: Box<[i32]>,
}

impl Heuristics {
    pub fn new() -> Heuristics {
        Heuristics { killers: [[0; 2]; MAX_PLY + 1], history: vec![0; 2 * HEX_COUNT * HEX_COUNT].into_boxed_slice() }
    }

    fn history_index(color: Color, m: &Move) -> usize {
        (color.index() * HEX_COUNT + m.from().index()) * HEX_COUNT + m.to().index()
    }

    /// A quiet move cut at `ply` with `depth` left.
    pub fn record_cut(&mut self, color: Color, m: &Move, ply: usize, depth: i32) {
        let code = move_code(m);
        let k = &mut self.killers[ply];
        if k[0] != code {
            k[1] = k[0];
            k[0] = code;
        }
        let h = &mut self.history[Self::history_index(color, m)];
        *h += depth * depth;
        if *h >= HISTORY_MAX {
            for v in self.history.iter_mut() {
                *v /= 2;
            }
        }
    }

    /// The ordering score of `m` at `ply`.
    fn score(&self, color: Color, m: &Move, hash_move: u32, ply: usize) -> i32 {
        let code = move_code(m);
        if code == hash_move {
            return HASH_MOVE;
        }
        if is_tactical(m) {
            let victim = m.captured().map_or(0, |r| ORDER_VALUE[r.index()]);
            let promo = m.promotion().map_or(0, |r| ORDER_VALUE[r.index()]);
            return TACTICAL + (victim + promo) * 64 - ORDER_VALUE[m.role().index()];
        }
        let k = &self.killers[ply];
        if code == k[0] {
            KILLER_1
        } else if code == k[1] {
            KILLER_2
        } else {
            self.history[Self::history_index(color, m)]
        }
    }
}

/// Hands out the moves of a list best-first (selection sort, one step per
/// move taken), borrowing the list: no copy of it per node.
pub(crate) struct Picker<'a> {
    moves: &'a mut MoveList,
    scores: ArrayVec<i32, { cescacs::MAX_MOVES }>,
    next: usize,
}

impl<'a> Picker<'a> {
    pub fn new(moves: &'a mut MoveList, h: &Heuristics, color: Color, hash_move: u32, ply: usize) -> Picker<'a> {
        let scores = moves.iter().map(|m| h.score(color, m, hash_move, ply)).collect();
        Picker { moves, scores, next: 0 }
    }
}

impl Iterator for Picker<'_> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1])
    }
}
