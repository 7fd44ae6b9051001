//! Move ordering: the hash move first, then captures and promotions by
//! MVV-LVA (most valuable victim, least valuable attacker), then the two
//! killer moves of the ply, the countermove (the quiet move that last cut
//! after the opponent's move), then quiet moves by their history score,
//! and last the captures that lose material in the exchange (`see.rs`).
//!
//! Good ordering is what makes alpha-beta cut: moves are scored once and
//! picked best-first ([`Picker`]), so a node that cuts on its first move
//! never sorts the rest.

use arrayvec::ArrayVec;
use cescacs::{Color, Move, MoveList, Position, HEX_COUNT};

use crate::score::MAX_PLY;
use crate::see::{may_lose, see};
use crate::tt::move_code;

/// Rough piece values for MVV-LVA only (ordering, not evaluation).
const ORDER_VALUE: [i32; 9] = [1, 2, 3, 4, 8, 10, 15, 16, 100];

const HASH_MOVE: i32 = 1 << 30;
const TACTICAL: i32 = 1 << 28;
const KILLER_1: i32 = 1 << 27;
const KILLER_2: i32 = KILLER_1 - 1;
const COUNTER: i32 = KILLER_2 - 1;
/// Below every quiet move: a capture that loses material in the exchange
/// (plus its SEE, negative, so the least losing comes first).
const LOSING: i32 = -(1 << 20);
/// History scores stay within ± this (far below the killers): each update
/// moves a score by its bonus less the part that would overshoot.
const HISTORY_MAX: i32 = 1 << 14;
/// The largest history bonus (a cut deep in the tree).
const BONUS_MAX: i32 = 1200;

/// Whether `m` changes material: a capture or a promotion.
pub(crate) fn is_tactical(m: &Move) -> bool {
    m.is_capture() || m.promotion().is_some()
}

/// Killer moves (quiet moves that cut at the same ply elsewhere), the
/// countermoves (by the origin and destination of the opponent's last
/// move) and the
/// history table (whether a quiet from-to move cut, weighted by depth²:
/// raised when it cut, lowered when it was tried before another quiet move
/// that cut).
pub(crate) struct Heuristics {
    killers: [[u32; 2]; MAX_PLY + 1],
    counters: Box<[u32]>,
    history: Box<[i32]>,
}

/// The bonus of a cut with `depth` plies left.
fn bonus(depth: i32) -> i32 {
    (depth * depth * 4).min(BONUS_MAX)
}

/// `h` moved by `delta` toward ±[`HISTORY_MAX`], never past it.
fn nudge(h: &mut i32, delta: i32) {
    *h += delta - *h * delta.abs() / HISTORY_MAX;
}

impl Heuristics {
    pub fn new() -> Heuristics {
        Heuristics {
            killers: [[0; 2]; MAX_PLY + 1],
            counters: vec![0; 2 * HEX_COUNT * HEX_COUNT].into_boxed_slice(),
            history: vec![0; 2 * HEX_COUNT * HEX_COUNT].into_boxed_slice(),
        }
    }

    /// Forgets the killers, which belong to the plies of one search; the
    /// history and the countermoves, which describe moves, stay for the
    /// next search of the game.
    pub fn new_search(&mut self) {
        self.killers = [[0; 2]; MAX_PLY + 1];
    }

    /// The slot of the answer to the opponent's move `prev` (a move code, 0: none).
    fn counter_index(color: Color, prev: u32) -> usize {
        let (from, to) = ((prev & 0xFF) as usize, ((prev >> 8) & 0xFF) as usize);
        (color.index() * HEX_COUNT + from) * HEX_COUNT + to
    }

    fn history_index(color: Color, m: &Move) -> usize {
        (color.index() * HEX_COUNT + m.from().index()) * HEX_COUNT + m.to().index()
    }

    /// A quiet move cut at `ply` with `depth` left, after the opponent's
    /// move `prev` (its code, 0: none) and the quiet moves `tried` before it.
    pub fn record_cut(
        &mut self,
        color: Color,
        m: &Move,
        prev: u32,
        tried: &[Move],
        ply: usize,
        depth: i32,
    ) {
        let code = move_code(m);
        let k = &mut self.killers[ply];
        if k[0] != code {
            k[1] = k[0];
            k[0] = code;
        }
        if prev != 0 {
            self.counters[Self::counter_index(color, prev)] = code;
        }
        let b = bonus(depth);
        nudge(&mut self.history[Self::history_index(color, m)], b);
        for t in tried {
            nudge(&mut self.history[Self::history_index(color, t)], -b);
        }
    }

    /// The ordering score of `m` at `ply`, after the opponent's move `prev`;
    /// with `exchanges`, a capture that may lose material is checked by its
    /// SEE in `pos` with the evaluation's `values`.
    fn score(&self, order: &Order, m: &Move, hash_move: u32) -> i32 {
        let Order {
            pos,
            color,
            ply,
            prev,
            exchanges,
        } = *order;
        let code = move_code(m);
        if code == hash_move {
            return HASH_MOVE;
        }
        if is_tactical(m) {
            if let Some(values) = exchanges.filter(|v| may_lose(m, v)) {
                let gain = see(pos, m, values);
                if gain < 0 {
                    return LOSING + gain;
                }
            }
            let victim = m.captured().map_or(0, |r| ORDER_VALUE[r.index()]);
            let promo = m.promotion().map_or(0, |r| ORDER_VALUE[r.index()]);
            return TACTICAL + (victim + promo) * 64 - ORDER_VALUE[m.role().index()];
        }
        let k = &self.killers[ply];
        if code == k[0] {
            KILLER_1
        } else if code == k[1] {
            KILLER_2
        } else if prev != 0 && code == self.counters[Self::counter_index(color, prev)] {
            COUNTER
        } else {
            self.history[Self::history_index(color, m)]
        }
    }
}

/// What the picker orders a node's moves by, besides the heuristics.
#[derive(Clone, Copy)]
pub(crate) struct Order<'p> {
    /// The node's position.
    pub pos: &'p Position,
    /// Its side to move.
    pub color: Color,
    /// Its distance from the root.
    pub ply: usize,
    /// The code of the opponent's move into it (0: none).
    pub prev: u32,
    /// The evaluation's piece values, to put the captures that lose
    /// material last (`None`: keep them among the captures).
    pub exchanges: Option<&'p [i32; 9]>,
}

/// Hands out the moves of a list best-first (selection sort, one step per
/// move taken), borrowing the list: no copy of it per node.
pub(crate) struct Picker<'a> {
    moves: &'a mut MoveList,
    scores: ArrayVec<i32, { cescacs::MAX_MOVES }>,
    next: usize,
}

impl<'a> Picker<'a> {
    /// The moves of a node described by `order`, the table's move `hash_move` first.
    pub fn new(
        moves: &'a mut MoveList,
        h: &Heuristics,
        order: &Order,
        hash_move: u32,
    ) -> Picker<'a> {
        let scores = moves.iter().map(|m| h.score(order, m, hash_move)).collect();
        Picker {
            moves,
            scores,
            next: 0,
        }
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
