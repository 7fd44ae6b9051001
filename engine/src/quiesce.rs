//! Quiescence: the search past the horizon, until the position is quiet.
//!
//! It is bounded so that a search to depth 1 takes milliseconds on any
//! position:
//! - captures that can matter only: a capture that cannot lift the score
//!   to alpha even by winning the piece (delta pruning), and a capture that
//!   loses material in the exchange on its hex (its SEE, `see.rs`, below
//!   zero), are skipped;
//! - a side in check answers with every legal move only in the first
//!   [`CHECK_PLIES`] plies of quiescence; deeper, it may stand on the
//!   static score and answer with captures (a mate is still seen: no legal
//!   move is checkmate at any ply);
//! - after [`MAX_QUIESCENCE_PLIES`] plies the static score is returned.

use cescacs::{Move, MoveList, Position};

use crate::ordering::{is_tactical, Order, Picker};
use crate::score::{INFINITY, MAX_PLY};
use crate::search::Searcher;
use crate::see::{may_lose, see};

/// Plies of quiescence in which a side in check searches every evasion.
pub(crate) const CHECK_PLIES: usize = 1;
/// The deepest quiescence, in plies past the horizon.
pub(crate) const MAX_QUIESCENCE_PLIES: usize = 8;
/// Margin of delta pruning, centipawns: what the static score may miss.
const DELTA_MARGIN: i32 = 150;

impl Searcher<'_> {
    /// Quiescence of `pos` within (`alpha`, `beta`), `ply` plies from the
    /// root and `qply` past the horizon; `parent_moves` is the legal move
    /// count of the position before it (the mobility term).
    pub(crate) fn quiesce(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
        parent_moves: i32,
    ) -> i32 {
        if !self.enter() {
            return 0;
        }
        self.pv_len[ply] = 0;
        self.seldepth = self.seldepth.max(ply);
        if pos.is_seventyfive_moves() || pos.is_insufficient_material() {
            return 0;
        }
        let last = ply >= MAX_PLY || qply >= MAX_QUIESCENCE_PLIES;
        let in_check = pos.is_check();
        let evasions = in_check && qply < CHECK_PLIES && !last;
        // Without the mobility term the static score needs no move list, so
        // a stand-pat cut skips the generator (most of a node's cost), and
        // out of check only the captures and promotions are generated. A
        // stalemate with nothing to capture is then seen by the main search
        // only, as a mate is one ply later.
        let mut early = None;
        let mut moves = MoveList::new();
        if !in_check && !self.eval.needs_mobility() {
            let stand = self.eval.evaluate(pos, 0);
            if stand >= beta || last {
                return stand;
            }
            early = Some(stand);
            pos.tactical_moves_into(&mut moves);
        } else {
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() {
                return Self::no_moves(pos, ply);
            }
        }
        let our_moves = moves.len() as i32;
        let mut best = -INFINITY;
        if !evasions {
            best = early.unwrap_or_else(|| self.eval.evaluate(pos, our_moves - parent_moves));
            if best >= beta || last {
                return best;
            }
            alpha = alpha.max(best);
            let stand = best;
            let values = &self.shared.cfg.values;
            moves.retain(|m| {
                is_tactical(m)
                    && !Self::futile(m, stand, alpha, values)
                    && !(may_lose(m, values) && see(pos, m, values) < 0)
            });
        }
        // The captures left lose nothing in the exchange: the picker need not look again.
        let order = Order {
            pos,
            color: pos.turn(),
            ply,
            prev: 0,
            exchanges: None,
        };
        let picker = Picker::new(&mut moves, &self.heur, &order, 0);
        for m in picker {
            let child = pos.after(m);
            self.eval.push(pos, &child);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1, our_moves);
            self.eval.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, &m);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Whether winning the piece `m` takes (and its promotion) leaves the
    /// static score `stand` short of `alpha` by more than the margin.
    fn futile(m: &Move, stand: i32, alpha: i32, values: &[i32; 9]) -> bool {
        let gain = m.captured().map_or(0, |r| values[r.index()])
            + m.promotion().map_or(0, |r| values[r.index()] - values[0]);
        stand + gain + DELTA_MARGIN <= alpha
    }
}
