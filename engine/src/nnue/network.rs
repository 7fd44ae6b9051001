//! The quantized network: a feature transformer into an `i16` accumulator
//! per side, then two small `i8` layers with clipped ReLU.
//!
//! With N the accumulator size and H the hidden size:
//!
//! 1. Accumulator (per side, in its frame): `acc = bias + Σ weights[f]` over
//!    the active features `f` ([`super::features`]), `i16` (wrapping: a
//!    trainer keeps the sums in range; wrapping keeps the incremental and
//!    the from-scratch sums equal whatever the weights).
//! 2. Input: the side to move's accumulator then the opponent's (2N values),
//!    each clipped to 0..=127 ([`QA`]: 127 stands for 1.0).
//! 3. Hidden: `h_j = (b_j + Σ_k w_jk x_k) >> 6` clipped to 0..=127, weights
//!    `i8` at scale [`QB`] = 64, biases `i32` at scale 127 × 64.
//! 4. Output: `o = b + Σ_j w_j h_j` (`i8` weights at scale 64, `i32` bias at
//!    scale 127 × 64); the evaluation is `o × scale / (127 × 64)`
//!    centipawns for the side to move, where the file's output scale says
//!    how many centipawns a float output of 1.0 is.

use cescacs::random::SplitMix64;
use cescacs::{Color, Position};

use super::features::{for_each_feature, INPUTS};

/// The activation scale: an accumulator value of 127 is 1.0.
pub const QA: i32 = 127;
/// The weight scale of the two small layers: an `i8` weight of 64 is 1.0.
pub const QB: i32 = 64;

/// A quantized evaluation network (file format: [`super::format`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub(super) scale: u32,
    pub(super) ft_bias: Vec<i16>,
    pub(super) ft_weights: Vec<i16>,
    pub(super) l1_bias: Vec<i32>,
    pub(super) l1_weights: Vec<i8>,
    pub(super) l2_bias: i32,
    pub(super) l2_weights: Vec<i8>,
}

impl Network {
    /// A network of the given sizes with small pseudo-random weights drawn
    /// from `seed` (an untrained network, for tests, benchmarks and the
    /// format's fuzz seeds). Sizes are clamped to 1..=1024 and 1..=256.
    pub fn seeded(accumulator: usize, hidden: usize, seed: u64) -> Network {
        let (n, h) = (accumulator.clamp(1, super::MAX_ACCUMULATOR), hidden.clamp(1, super::MAX_HIDDEN));
        let mut rng = SplitMix64::new(seed);
        let mut draw = |span: u64| (rng.next_u64() % (2 * span + 1)) as i64 - span as i64;
        Network {
            scale: 400,
            ft_bias: (0..n).map(|_| draw(32) as i16).collect(),
            ft_weights: (0..INPUTS * n).map(|_| draw(24) as i16).collect(),
            l1_bias: (0..h).map(|_| draw(2000) as i32).collect(),
            l1_weights: (0..2 * n * h).map(|_| draw(40) as i8).collect(),
            l2_bias: draw(2000) as i32,
            l2_weights: (0..h).map(|_| draw(60) as i8).collect(),
        }
    }

    /// The accumulator size N (per side).
    pub fn accumulator_size(&self) -> usize {
        self.ft_bias.len()
    }

    /// The hidden layer's size H.
    pub fn hidden_size(&self) -> usize {
        self.l1_bias.len()
    }

    /// The centipawns of a float output of 1.0.
    pub fn output_scale(&self) -> u32 {
        self.scale
    }

    /// The static evaluation of `pos` in centipawns for the side to move
    /// (positive: good for it), from scratch: both accumulators are summed
    /// over the position's pieces. The same value as
    /// [`Network::evaluate_accumulator`] on an accumulator kept along the
    /// moves that led to `pos`.
    ///
    /// ```
    /// use cescacs::Position;
    /// use cescacs_engine::nnue::Network;
    ///
    /// let net = Network::seeded(32, 8, 1);
    /// let cp = net.evaluate(&Position::default());
    /// assert_eq!(cp, net.evaluate(&Position::default()));
    /// ```
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut acc = [self.ft_bias.clone(), self.ft_bias.clone()];
        for side in Color::ALL {
            self.add_features(pos, side, &mut acc[side.index()]);
        }
        self.propagate(&acc[pos.turn().index()], &acc[(!pos.turn()).index()])
    }

    /// Adds the weights of `pos`'s features in `side`'s frame to `acc`.
    pub(super) fn add_features(&self, pos: &Position, side: Color, acc: &mut [i16]) {
        for_each_feature(pos, side, |f| self.add_feature(f, acc));
    }

    /// Adds feature `f`'s weights to `acc`.
    #[inline]
    pub(super) fn add_feature(&self, f: usize, acc: &mut [i16]) {
        let n = acc.len();
        for (a, &w) in acc.iter_mut().zip(&self.ft_weights[f * n..(f + 1) * n]) {
            *a = a.wrapping_add(w);
        }
    }

    /// Subtracts feature `f`'s weights from `acc`.
    #[inline]
    pub(super) fn sub_feature(&self, f: usize, acc: &mut [i16]) {
        let n = acc.len();
        for (a, &w) in acc.iter_mut().zip(&self.ft_weights[f * n..(f + 1) * n]) {
            *a = a.wrapping_sub(w);
        }
    }

    /// The layers after the accumulator: centipawns for the side whose
    /// accumulator is `own`.
    pub(super) fn propagate(&self, own: &[i16], other: &[i16]) -> i32 {
        let clip = |v: i16| i32::from(v).clamp(0, QA);
        let n = own.len();
        let mut out = i64::from(self.l2_bias);
        for (j, (&b, &w2)) in self.l1_bias.iter().zip(&self.l2_weights).enumerate() {
            let row = &self.l1_weights[j * 2 * n..(j + 1) * 2 * n];
            let mut sum = i64::from(b);
            for (&x, &w) in own.iter().chain(other).zip(row) {
                sum += i64::from(clip(x)) * i64::from(w);
            }
            let h = (sum >> 6).clamp(0, i64::from(QA));
            out += h * i64::from(w2);
        }
        let cp = out * i64::from(self.scale) / i64::from(QA * QB);
        cp.clamp(-20_000, 20_000) as i32
    }
}
