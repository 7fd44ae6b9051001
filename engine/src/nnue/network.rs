//! The quantized network: a feature transformer into an `i16` accumulator
//! per side, then two small `i8` layers with clipped ReLU.
//!
//! With N the accumulator size and H the hidden size:
//!
//! 1. Accumulator (per side, in its frame): `acc = bias + Σ weights[f]` over
//!    the active features `f` ([`super::features`]; with King buckets, those
//!    of the bucket of the side's own King), `i16` (wrapping: a
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
use cescacs::{Color, Piece, Position, Role};

use super::features::{for_each_feature, king_bucket, INPUTS};
use crate::eval::EvalConfig;

/// The activation scale: an accumulator value of 127 is 1.0.
pub const QA: i32 = 127;
/// The weight scale of the two small layers: an `i8` weight of 64 is 1.0.
pub const QB: i32 = 64;

/// What a network's layers correct: their output is added to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Base {
    /// The material balance by the network's own values.
    #[default]
    Material,
    /// The hand-written evaluation with its default settings
    /// ([`EvalConfig::default`]): the network learns what it misses, and
    /// keeps what it knows (passed pawns, the King's neighbours). The
    /// network's material values are not used.
    HandWritten,
}

/// A quantized evaluation network (file format: [`super::format`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub(super) scale: u32,
    pub(super) base: Base,
    /// Centipawns per piece kind, added to the layers' output.
    pub(super) material: [i32; 9],
    /// King buckets B: 1 for input kind 1, 2 to
    /// [`super::features::MAX_BUCKETS`] for input kind 2, whose
    /// accumulator weights are `[B × 3042][N]`.
    pub(super) buckets: usize,
    pub(super) ft_bias: Vec<i16>,
    pub(super) ft_weights: Vec<i16>,
    pub(super) l1_bias: Vec<i32>,
    /// The hidden weights: `i8` values in the file, held as `i16`, the
    /// width the dot products read.
    pub(super) l1_weights: Vec<i16>,
    pub(super) l2_bias: i32,
    pub(super) l2_weights: Vec<i8>,
}

impl Network {
    /// A network of the given sizes with small pseudo-random weights drawn
    /// from `seed` (an untrained network, for tests, benchmarks and the
    /// format's fuzz seeds). Sizes are clamped to 1..=1024 and 1..=256.
    pub fn seeded(accumulator: usize, hidden: usize, seed: u64) -> Network {
        Network::seeded_bucketed(accumulator, hidden, 1, seed)
    }

    /// [`Network::seeded`] with `buckets` King buckets (input kind 2 from
    /// 2 on, clamped to 1..=[`super::features::MAX_BUCKETS`]); one bucket
    /// is [`Network::seeded`]'s network.
    pub fn seeded_bucketed(
        accumulator: usize,
        hidden: usize,
        buckets: usize,
        seed: u64,
    ) -> Network {
        let (n, h, b) = (
            accumulator.clamp(1, super::MAX_ACCUMULATOR),
            hidden.clamp(1, super::MAX_HIDDEN),
            buckets.clamp(1, super::features::MAX_BUCKETS),
        );
        let mut rng = SplitMix64::new(seed);
        let mut draw = |span: u64| (rng.next_u64() % (2 * span + 1)) as i64 - span as i64;
        let ft_bias = (0..n).map(|_| draw(32) as i16).collect();
        let ft_weights = (0..b * INPUTS * n).map(|_| draw(24) as i16).collect();
        let l1_bias = (0..h).map(|_| draw(2000) as i32).collect();
        let l1_weights = (0..2 * n * h).map(|_| draw(40) as i16).collect();
        let l2_bias = draw(2000) as i32;
        let l2_weights = (0..h).map(|_| draw(60) as i8).collect();
        let material = std::array::from_fn(|_| draw(500) as i32);
        Network {
            scale: 400,
            base: Base::Material,
            material,
            buckets: b,
            ft_bias,
            ft_weights,
            l1_bias,
            l1_weights,
            l2_bias,
            l2_weights,
        }
    }

    /// A network from its quantized parameters, in the file's layout
    /// ([`super::format`]): accumulator biases `[N]`, weights `[B × 3042][N]`
    /// feature-major, hidden biases `[H]`, hidden weights `[H][2N]`, the
    /// output bias and weights `[H]`. What a trainer writes; the sizes and
    /// the scale are checked as a file's are. The number of King buckets B
    /// is the accumulator weights' length over 3042 N: 1 (input kind 1) to
    /// [`super::features::MAX_BUCKETS`].
    #[allow(clippy::too_many_arguments)]
    pub fn from_parameters(
        scale: u32,
        material: [i32; 9],
        ft_bias: Vec<i16>,
        ft_weights: Vec<i16>,
        l1_bias: Vec<i32>,
        l1_weights: Vec<i8>,
        l2_bias: i32,
        l2_weights: Vec<i8>,
    ) -> Result<Network, super::FormatError> {
        let (n, h) = (ft_bias.len(), l1_bias.len());
        let buckets = ft_weights.len() / (INPUTS * n).max(1);
        let sizes_ok = (1..=super::MAX_ACCUMULATOR).contains(&n)
            && (1..=super::MAX_HIDDEN).contains(&h)
            && (1..=super::features::MAX_BUCKETS).contains(&buckets)
            && ft_weights.len() == buckets * INPUTS * n
            && l1_weights.len() == 2 * n * h
            && l2_weights.len() == h;
        if !sizes_ok {
            return Err(super::FormatError::WrongSizes {
                inputs: (ft_weights.len() / n.max(1)) as u32,
                accumulator: n as u32,
                hidden: h as u32,
            });
        }
        if scale == 0 || scale > super::format::MAX_SCALE {
            return Err(super::FormatError::WrongScale(scale));
        }
        for (kind, &value) in material.iter().enumerate() {
            super::format::check_material(kind, value)?;
        }
        let l1_weights = l1_weights.into_iter().map(i16::from).collect();
        Ok(Network {
            scale,
            base: Base::Material,
            material,
            buckets,
            ft_bias,
            ft_weights,
            l1_bias,
            l1_weights,
            l2_bias,
            l2_weights,
        })
    }

    /// The network with its layers' output added to `base`.
    pub fn with_base(self, base: Base) -> Network {
        Network { base, ..self }
    }

    /// What the layers' output is added to.
    pub fn base(&self) -> Base {
        self.base
    }

    /// The part of `pos`'s evaluation the layers correct, centipawns for
    /// its side to move: the material balance or the hand-written
    /// evaluation ([`Network::base`]).
    pub fn base_eval(&self, pos: &Position) -> i32 {
        match self.base {
            Base::Material => self.material_balance(pos),
            Base::HandWritten => EvalConfig::default().evaluate(pos),
        }
    }

    /// The number of King buckets: 1 for a network without them (input
    /// kind 1), else 2 to [`super::features::MAX_BUCKETS`].
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// The King bucket of `side`'s accumulator in `pos`: 0 without
    /// buckets, else that of `side`'s King ([`king_bucket`]).
    #[inline]
    pub fn bucket(&self, pos: &Position, side: Color) -> usize {
        if self.buckets == 1 {
            0
        } else {
            king_bucket(side, pos.king(side), self.buckets)
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

    /// The material values, centipawns per piece kind ([`cescacs::Role::index`]).
    pub fn material(&self) -> &[i32; 9] {
        &self.material
    }

    /// The material balance of `pos` for its side to move, by the
    /// network's values: the part of the evaluation the layers correct.
    pub fn material_balance(&self, pos: &Position) -> i32 {
        self.material_balance_for(pos, pos.turn())
    }

    /// The material balance of `pos` for `us`.
    pub(super) fn material_balance_for(&self, pos: &Position, us: Color) -> i32 {
        Role::ALL
            .iter()
            .map(|&r| {
                let own = pos.pieces(Piece::new(us, r)).count() as i32;
                let their = pos.pieces(Piece::new(!us, r)).count() as i32;
                self.material[r.index()] * (own - their)
            })
            .sum()
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
        self.propagate(
            &acc[pos.turn().index()],
            &acc[(!pos.turn()).index()],
            self.base_eval(pos),
        )
    }

    /// Adds the weights of `pos`'s features in `side`'s frame to `acc`
    /// (those of the bucket of `side`'s King).
    pub(super) fn add_features(&self, pos: &Position, side: Color, acc: &mut [i16]) {
        let offset = self.bucket(pos, side) * INPUTS;
        for_each_feature(pos, side, |f| self.add_feature(offset + f, acc));
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
    /// accumulator is `own`. Each hidden unit is two dot products of the
    /// clipped accumulators with its `i16`-widened weights, which the
    /// compiler turns into vector multiply-adds.
    pub(super) fn propagate(&self, own: &[i16], other: &[i16], material: i32) -> i32 {
        let n = own.len();
        // The clipped input, once (on the stack for the usual sizes).
        let mut small = [0i16; 2 * SMALL_ACCUMULATOR];
        let mut large = Vec::new();
        let x: &mut [i16] = if n <= SMALL_ACCUMULATOR {
            &mut small[..2 * n]
        } else {
            large.resize(2 * n, 0);
            &mut large
        };
        let (x_own, x_other) = x.split_at_mut(n);
        clip(own, x_own);
        clip(other, x_other);
        let mut out = i64::from(self.l2_bias);
        for (j, (&b, &w2)) in self.l1_bias.iter().zip(&self.l2_weights).enumerate() {
            let row = &self.l1_weights[j * 2 * n..(j + 1) * 2 * n];
            let h = ((i64::from(b) + i64::from(dot(x, row))) >> 6).clamp(0, i64::from(QA));
            out += h * i64::from(w2);
        }
        let cp = out * i64::from(self.scale) / i64::from(QA * QB) + i64::from(material);
        cp.clamp(-20_000, 20_000) as i32
    }
}

/// `Σ x_k · w_k` for inputs in 0..=127: at most 127 × 127 × 2,048 in
/// size, so an `i32` holds it. Sixteen lanes a step: the compiler sums
/// them with the vector multiply-add of pairs (`pmaddwd`).
#[inline]
fn dot(x: &[i16], w: &[i16]) -> i32 {
    let mut lanes = [0i32; 16];
    let (xs, ws) = (x.chunks_exact(16), w.chunks_exact(16));
    let tail: i32 = xs
        .remainder()
        .iter()
        .zip(ws.remainder())
        .map(|(&a, &b)| i32::from(a) * i32::from(b))
        .sum();
    for (xc, wc) in xs.zip(ws) {
        for k in 0..16 {
            lanes[k] += i32::from(xc[k]) * i32::from(wc[k]);
        }
    }
    lanes.iter().sum::<i32>() + tail
}

/// `out = clip(acc, 0, 127)`.
#[inline]
fn clip(acc: &[i16], out: &mut [i16]) {
    for (d, &v) in out.iter_mut().zip(acc) {
        *d = v.clamp(0, QA as i16);
    }
}

/// Accumulators up to this size clip their input into a stack buffer.
const SMALL_ACCUMULATOR: usize = 256;
