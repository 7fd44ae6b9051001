//! The training loop: shuffled mini-batches split across threads, the
//! mean squared error between `sigmoid(output)` and the target, Adam, a
//! learning rate that decays each epoch, and the loss of the held-out
//! positions after every epoch.
//!
//! Deterministic: the shuffle is drawn from the seed, each thread takes a
//! fixed slice of a batch into its own gradient, and the slices are summed
//! in order, so a run gives the same network whatever the machine's load.

use cescacs::random::SplitMix64;
use cescacs_engine::nnue::Base;

use crate::data::Dataset;
use crate::model::{black_frame, Inputs, Params, Scratch, Shape};

/// A training run's settings.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The network's sizes.
    pub shape: Shape,
    /// Seed of the initial weights and of the shuffles.
    pub seed: u64,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's learning rate in the first epoch.
    pub lr: f32,
    /// The learning rate's factor after each epoch.
    pub lr_decay: f32,
    /// Decoupled weight decay (AdamW) of the hex rows: each step shrinks
    /// them by `lr × hex_decay`, so what the factor rows (a piece's worth
    /// anywhere) explain is not learnt hex by hex.
    pub hex_decay: f32,
    /// Weight of the search score in the target (the rest is the result).
    pub lambda: f32,
    /// Centipawns of an output of 1.0: the target is `sigmoid(cp / scale)`.
    pub scale: f32,
    /// Threads that share each batch.
    pub threads: usize,
    /// Centipawns per piece kind of the material balance the layers
    /// correct (all zero: the layers are the whole evaluation), when
    /// `base` is [`Base::Material`].
    pub material: [i32; 9],
    /// What the layers correct: the material balance, or the
    /// hand-written evaluation.
    pub base: Base,
    /// Quantization-aware training: each batch's passes run on the
    /// parameters rounded to the engine's grids
    /// ([`Params::fake_quantized`]), their gradient applied to the float
    /// parameters; the validation loss is then the quantized network's.
    pub qat: bool,
}

/// One epoch's mean losses.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EpochLoss {
    /// The epoch (1 is the first).
    pub epoch: usize,
    /// Mean loss over the epoch's training batches.
    pub train: f64,
    /// Mean loss over the held-out positions after the epoch.
    pub validation: f64,
}

/// Adam's moments.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    const B1: f32 = 0.9;
    const B2: f32 = 0.999;
    const EPS: f32 = 1e-8;

    fn new(len: usize) -> Adam {
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
            t: 0,
        }
    }

    fn step(&mut self, params: &mut [f32], grad: &[f32], lr: f32) {
        self.t += 1;
        let (c1, c2) = (1.0 - Self::B1.powi(self.t), 1.0 - Self::B2.powi(self.t));
        for (((p, &g), m), v) in params
            .iter_mut()
            .zip(grad)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            *m = Self::B1 * *m + (1.0 - Self::B1) * g;
            *v = Self::B2 * *v + (1.0 - Self::B2) * g * g;
            *p -= lr * (*m / c1) / ((*v / c2).sqrt() + Self::EPS);
        }
    }
}

/// Positions `idx` of `data` through the network: the summed loss, and
/// the summed gradient added to `grad` when it is given.
fn pass(
    p: &Params,
    data: &Dataset,
    idx: &[u32],
    settings: &Settings,
    flip: &[u16],
    mut grad: Option<&mut [f32]>,
) -> f64 {
    let mut scratch = Scratch::new(p.shape);
    let mut loss = 0.0f64;
    for &i in idx {
        let i = i as usize;
        let base = match settings.base {
            Base::Material => data.material(i, &settings.material),
            Base::HandWritten => data.hand(i),
        };
        let material = base as f32 / settings.scale;
        let inputs = Inputs {
            white: data.features(i),
            black_to_move: data.black_to_move(i),
            flip,
            material,
            buckets: data.king_buckets(i, p.shape.buckets),
        };
        let out = p.forward(&inputs, &mut scratch);
        let s = 1.0 / (1.0 + (-out).exp());
        let err = s - data.target(i, settings.lambda, settings.scale);
        loss += f64::from(err * err);
        if let Some(g) = grad.as_deref_mut() {
            p.backward(&inputs, &mut scratch, 2.0 * err * s * (1.0 - s), g);
        }
    }
    loss
}

/// The mean loss of positions `idx`, on `threads` threads.
pub fn mean_loss(p: &Params, data: &Dataset, idx: &[u32], settings: &Settings) -> f64 {
    let flip = black_frame();
    let chunk = idx.len().div_ceil(settings.threads.max(1)).max(1);
    let total: f64 = std::thread::scope(|s| {
        let handles: Vec<_> = idx
            .chunks(chunk)
            .map(|c| {
                let flip = &flip;
                s.spawn(move || pass(p, data, c, settings, flip, None))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a loss thread"))
            .sum()
    });
    total / idx.len().max(1) as f64
}

/// Trains from `Params::init(settings.shape, settings.seed)` on positions
/// `train` of `data`, reporting each epoch's losses (validation on
/// `held_out`) to `report` as it ends.
pub fn train(
    data: &Dataset,
    train: &[u32],
    held_out: &[u32],
    settings: &Settings,
    mut report: impl FnMut(&EpochLoss, &Params),
) -> (Params, Vec<EpochLoss>) {
    let mut p = Params::init(settings.shape, settings.seed);
    let mut adam = Adam::new(p.v.len());
    let mut rng = SplitMix64::new(settings.seed ^ 0x5EED);
    let flip = black_frame();
    let threads = settings.threads.max(1);
    let mut grads = vec![vec![0.0f32; p.v.len()]; threads];
    let mut order = train.to_vec();
    let mut curve = Vec::new();
    let mut lr = settings.lr;
    for epoch in 1..=settings.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let mut epoch_loss = 0.0;
        for batch in order.chunks(settings.batch.max(1)) {
            let quantized = settings.qat.then(|| p.fake_quantized());
            let net = quantized.as_ref().unwrap_or(&p);
            let chunk = batch.len().div_ceil(threads);
            let losses: Vec<f64> = std::thread::scope(|s| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(batch.chunks(chunk))
                    .map(|(g, c)| {
                        let (p, flip) = (net, &flip);
                        s.spawn(move || {
                            g.fill(0.0);
                            pass(p, data, c, settings, flip, Some(g))
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a training thread"))
                    .collect()
            });
            epoch_loss += losses.iter().sum::<f64>();
            let used = batch.chunks(chunk).count();
            let (first, rest) = grads.split_at_mut(1);
            for g in &rest[..used - 1] {
                for (a, b) in first[0].iter_mut().zip(g) {
                    *a += b;
                }
            }
            let scale = 1.0 / batch.len() as f32;
            for g in first[0].iter_mut() {
                *g *= scale;
            }
            adam.step(&mut p.v, &first[0], lr);
            p.decay_hex_rows(lr * settings.hex_decay);
            p.clamp();
        }
        lr *= settings.lr_decay;
        let e = EpochLoss {
            epoch,
            train: epoch_loss / order.len().max(1) as f64,
            validation: if settings.qat {
                mean_loss(&p.fake_quantized(), data, held_out, settings)
            } else {
                mean_loss(&p, data, held_out, settings)
            },
        };
        report(&e, &p);
        curve.push(e);
    }
    (p, curve)
}
