//! The accumulators of both sides along a line of play: a stack with one
//! entry per position, updated incrementally for each move and popped on
//! undo. With King buckets, a side whose King moves to another bucket
//! has its accumulator summed from scratch instead (all its features
//! change), the other side's still updated incrementally.

use cescacs::{Color, Position};

use super::features::{feature, for_each_change, INPUTS};
use super::network::{Base, Network};

/// Both sides' accumulators (each side's in its own frame) for every
/// position of a line: [`Accumulator::push`] a move's position,
/// [`Accumulator::pop`] to undo it. The stack keeps its memory, so a search
/// that pushes and pops allocates only when it goes deeper than before.
#[derive(Clone, Debug)]
pub struct Accumulator {
    /// The accumulator size N.
    n: usize,
    /// Entries of 2N values (White's frame, then Black's), one per position.
    stack: Vec<i16>,
    /// White's material balance by the network's values, one per entry:
    /// kept beside the accumulators, as it changes with the same pieces.
    material: Vec<i32>,
    /// The number of entries in use (at least 1).
    len: usize,
}

impl Accumulator {
    /// The accumulator of `pos`, summed from scratch.
    pub fn new(net: &Network, pos: &Position) -> Accumulator {
        let n = net.accumulator_size();
        let mut acc = Accumulator {
            n,
            stack: vec![0; 2 * n],
            material: vec![0],
            len: 1,
        };
        acc.refresh(net, pos);
        acc
    }

    /// Drops every entry and sums `pos`'s accumulator from scratch.
    pub fn refresh(&mut self, net: &Network, pos: &Position) {
        self.len = 1;
        for side in Color::ALL {
            let a = &mut self.stack[side.index() * self.n..(side.index() + 1) * self.n];
            a.copy_from_slice(&net.ft_bias);
            net.add_features(pos, side, a);
        }
        self.material[0] = net.material_balance_for(pos, Color::White);
    }

    /// Pushes the accumulator of `after`, a position one move (or any
    /// number of moves) from `before`, the position on top: the top's
    /// values plus the features `after` gained, minus those it lost; or,
    /// for a side whose King changed bucket, `after`'s features summed
    /// from scratch.
    pub fn push(&mut self, net: &Network, before: &Position, after: &Position) {
        let w = 2 * self.n;
        if self.stack.len() < (self.len + 1) * w {
            self.stack.resize((self.len + 1) * w, 0);
            self.material.resize(self.len + 1, 0);
        }
        let mut material = self.material[self.len - 1];
        let (done, next) = self.stack.split_at_mut(self.len * w);
        let next = &mut next[..w];
        next.copy_from_slice(&done[(self.len - 1) * w..]);
        let (white, black) = next.split_at_mut(self.n);
        let bucket = |side| net.bucket(after, side);
        let (bw, bb) = (bucket(Color::White), bucket(Color::Black));
        let moved = |side, b| b != net.bucket(before, side);
        let (refresh_white, refresh_black) = (moved(Color::White, bw), moved(Color::Black, bb));
        let (ow, ob) = (bw * INPUTS, bb * INPUTS);
        for_each_change(before, after, |p, h, added| {
            let (fw, fb) = (
                ow + feature(Color::White, p, h),
                ob + feature(Color::Black, p, h),
            );
            let value = net.material[p.role.index()];
            material += if (p.color == Color::White) == added {
                value
            } else {
                -value
            };
            if added {
                if !refresh_white {
                    net.add_feature(fw, white);
                }
                if !refresh_black {
                    net.add_feature(fb, black);
                }
            } else {
                if !refresh_white {
                    net.sub_feature(fw, white);
                }
                if !refresh_black {
                    net.sub_feature(fb, black);
                }
            }
        });
        for (refresh, side, a) in [
            (refresh_white, Color::White, white),
            (refresh_black, Color::Black, black),
        ] {
            if refresh {
                a.copy_from_slice(&net.ft_bias);
                net.add_features(after, side, a);
            }
        }
        self.material[self.len] = material;
        self.len += 1;
    }

    /// Drops the top entry (undoes a [`Accumulator::push`]); the first
    /// entry stays.
    pub fn pop(&mut self) {
        if self.len > 1 {
            self.len -= 1;
        }
    }

    /// The number of positions on the stack.
    pub fn depth(&self) -> usize {
        self.len
    }

    /// The top position's accumulator in `side`'s frame.
    pub fn side(&self, side: Color) -> &[i16] {
        let top = (self.len - 1) * 2 * self.n;
        &self.stack[top + side.index() * self.n..top + (side.index() + 1) * self.n]
    }
}

impl Network {
    /// The evaluation of `pos`, the position `acc` holds: the layers
    /// after the accumulator and their base ([`Network::base_eval`]).
    pub fn evaluate_accumulator(&self, acc: &Accumulator, pos: &Position) -> i32 {
        let turn = pos.turn();
        let base = match self.base {
            Base::Material => {
                let white = acc.material[acc.len - 1];
                if turn == Color::White {
                    white
                } else {
                    -white
                }
            }
            Base::HandWritten => self.base_eval(pos),
        };
        self.propagate(acc.side(turn), acc.side(!turn), base)
    }
}
