//! The static evaluation one search thread calls: the network through
//! accumulators kept along the search's line when the engine has one
//! (`nnue`), else the hand-written terms (`eval.rs`).
//!
//! The accumulator stack follows the recursion: the search pushes a
//! child's position before searching it and pops it after, so the top is
//! always the node being searched, and a node's evaluation costs the
//! network's small layers only.

use cescacs::Position;

use crate::eval::{evaluate, EvalConfig};
use crate::nnue::{Accumulator, Network};

/// A search thread's evaluation.
pub(crate) struct Evaluator<'a> {
    cfg: EvalConfig,
    net: Option<(&'a Network, Accumulator)>,
}

impl<'a> Evaluator<'a> {
    /// The hand-written evaluation `cfg`, or `net` when given, for a
    /// search from `root`.
    pub fn new(cfg: EvalConfig, net: Option<&'a Network>, root: &Position) -> Evaluator<'a> {
        Evaluator {
            cfg,
            net: net.map(|n| (n, Accumulator::new(n, root))),
        }
    }

    /// Whether the score takes the mobility term (the hand-written
    /// evaluation with mobility on): only then does it need a move count.
    pub fn needs_mobility(&self) -> bool {
        self.net.is_none() && self.cfg.mobility != 0
    }

    /// The static score of `pos`, the position on top of the stack, for
    /// its side to move; `mobility` is its legal move count less the
    /// opponent's a ply before (used by the hand-written terms only).
    #[inline]
    pub fn evaluate(&self, pos: &Position, mobility: i32) -> i32 {
        match &self.net {
            Some((net, acc)) => {
                let v = net.evaluate_accumulator(acc, pos);
                debug_assert_eq!(
                    v,
                    net.evaluate(pos),
                    "the accumulator has drifted from the position"
                );
                v
            }
            None => evaluate(pos, &self.cfg, mobility),
        }
    }

    /// Enters `child`, a position one move (or a null move) from `parent`,
    /// the top.
    #[inline]
    pub fn push(&mut self, parent: &Position, child: &Position) {
        if let Some((net, acc)) = &mut self.net {
            acc.push(net, parent, child);
        }
    }

    /// Leaves the top position (undoes a [`Evaluator::push`]).
    #[inline]
    pub fn pop(&mut self) {
        if let Some((_, acc)) = &mut self.net {
            acc.pop();
        }
    }
}
