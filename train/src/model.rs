//! The float network the trainer fits, the engine's shape
//! (`cescacs_engine::nnue`): per side an accumulator of N (bias plus the
//! active features' weights), both clipped to 0..1 (side to move first) →
//! H units clipped to 0..1 → one output, read as `sigmoid(output)`, the
//! side to move's expected share of the points. One sample's forward and
//! backward pass are here; batches and the optimiser are in
//! [`crate::trainer`].
//!
//! Training adds one factor row per piece kind and colour slot (18 rows),
//! shared by that piece's 169 hexes: a feature's weight is its own row
//! plus its piece's. What a piece is worth anywhere is then learnt from
//! every position, not hex by hex, which few positions would teach; the
//! factor rows are folded into the hex rows when the network is quantized,
//! so the engine's network has the same shape and cost.
//!
//! With King buckets (`Shape::buckets` B > 1, the engine's input kind 2)
//! each bucket has its own hex rows, and training adds one shared hex row
//! per feature (3,042 rows, as the rows of a network without buckets): a
//! feature's weight is its bucket's hex row plus its shared hex row plus
//! its piece's factor row, so what a piece on a hex is worth whatever the
//! King's region is learnt from every position, and each bucket's rows
//! learn only what differs there. Both are folded into the bucket rows
//! when quantized.
//!
//! Quantization-aware training ([`Params::fake_quantized`]): each step can
//! run the forward and backward pass on the parameters rounded to the
//! engine's grids, the hidden units floored as the engine's shift floors
//! them, and apply the gradient to the float parameters (the
//! straight-through estimator), so the network learns the values the
//! engine will compute.

use cescacs::random::SplitMix64;
use cescacs::{Color, Hex, Piece, Position, Role, HEX_COUNT};
use cescacs_engine::nnue::features::{feature, king_bucket, INPUTS};
use cescacs_engine::nnue::{FormatError, Network, QA, QB};

/// The largest accumulator weight, so that 54 features and the bias stay
/// within the engine's `i16` accumulator (250 × 54 < 32,767).
pub const MAX_FT_WEIGHT: f32 = 250.0 / QA as f32;
/// The largest weight of the two small layers (`i8` at scale 64).
pub const MAX_LAYER_WEIGHT: f32 = 127.0 / QB as f32;

/// The sizes of a network.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Accumulator size N per side.
    pub acc: usize,
    /// Hidden units H.
    pub hidden: usize,
    /// King buckets B: 1 (no buckets, the engine's input kind 1) to
    /// `cescacs_engine::nnue::features::MAX_BUCKETS`.
    pub buckets: usize,
}

impl Shape {
    fn ft_w(&self) -> usize {
        0
    }
    fn ft_b(&self) -> usize {
        self.buckets * INPUTS * self.acc
    }
    /// The shared hex rows, present with buckets only.
    fn shared(&self) -> usize {
        self.ft_b() + self.acc
    }
    fn shared_rows(&self) -> usize {
        if self.buckets > 1 {
            INPUTS
        } else {
            0
        }
    }
    fn factors(&self) -> usize {
        self.shared() + self.shared_rows() * self.acc
    }
    fn l1_w(&self) -> usize {
        self.factors() + FACTORS * self.acc
    }
    fn l1_b(&self) -> usize {
        self.l1_w() + 2 * self.acc * self.hidden
    }
    fn l2_w(&self) -> usize {
        self.l1_b() + self.hidden
    }
    fn l2_b(&self) -> usize {
        self.l2_w() + self.hidden
    }
    /// The number of parameters.
    pub fn parameters(&self) -> usize {
        self.l2_b() + 1
    }
}

/// Factor rows: one per colour slot and piece kind.
pub const FACTORS: usize = INPUTS / HEX_COUNT;

/// The White-frame feature → Black-frame feature permutation: a piece seen
/// from the other side (colours swapped, board mirrored).
pub fn black_frame() -> Vec<u16> {
    let mut map = vec![0u16; INPUTS];
    for h in Hex::all() {
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                map[feature(Color::White, piece, h)] = feature(Color::Black, piece, h) as u16;
            }
        }
    }
    map
}

/// All parameters in one vector (the optimiser sees one slice):
/// accumulator weights `[B × INPUTS][N]`, biases `[N]`, with buckets the
/// shared hex rows `[INPUTS][N]` (zero at first), factor rows
/// `[FACTORS][N]` (zero at first), hidden weights `[H][2N]`, biases `[H]`,
/// output weights `[H]`, bias.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// The sizes.
    pub shape: Shape,
    /// The values, in the layout above.
    pub v: Vec<f32>,
    /// The values lie on the engine's grids ([`Params::fake_quantized`]):
    /// the forward pass floors each hidden unit to a multiple of 1/127, as
    /// the engine's `>> 6` does.
    pub quantized: bool,
}

/// A sample's inputs: its active features in the side to move's frame
/// and in the opponent's, and its material balance.
pub struct Inputs<'a> {
    /// The material balance for the side to move, in output units
    /// (centipawns / scale): added to the output, so the layers learn a
    /// correction to it.
    pub material: f32,
    /// White-frame features.
    pub white: &'a [u16],
    /// Whether Black is to move.
    pub black_to_move: bool,
    /// [`black_frame`].
    pub flip: &'a [u16],
    /// The King buckets of White's frame and Black's ([`king_buckets`];
    /// 0 and 0 without buckets).
    pub buckets: [usize; 2],
}

impl Inputs<'_> {
    /// Calls `f(side, feature)`, side 0 the side to move's frame and 1 the
    /// opponent's, `feature` the row of the frame's King bucket
    /// (`bucket × INPUTS + ` the feature without buckets).
    #[inline]
    fn each(&self, mut f: impl FnMut(usize, usize)) {
        let (w, b) = if self.black_to_move { (1, 0) } else { (0, 1) };
        let (ow, ob) = (self.buckets[0] * INPUTS, self.buckets[1] * INPUTS);
        for &x in self.white {
            f(w, ow + x as usize);
            f(b, ob + self.flip[x as usize] as usize);
        }
    }
}

/// The King buckets of `pos` in a network of `buckets` buckets, White's
/// frame then Black's: the engine's (`cescacs_engine::nnue::Network::bucket`).
pub fn king_buckets(pos: &Position, buckets: usize) -> [usize; 2] {
    Color::ALL.map(|side| king_bucket(side, pos.king(side), buckets))
}

/// Per-thread buffers of one sample's pass.
pub struct Scratch {
    a: Vec<f32>,
    z: Vec<f32>,
    /// The hidden units' activations (`z` clipped, and floored when quantized).
    h: Vec<f32>,
    dz: Vec<f32>,
    dx: Vec<f32>,
}

impl Scratch {
    /// Buffers for `shape`.
    pub fn new(shape: Shape) -> Scratch {
        Scratch {
            a: vec![0.0; 2 * shape.acc],
            z: vec![0.0; shape.hidden],
            h: vec![0.0; shape.hidden],
            dz: vec![0.0; shape.hidden],
            dx: vec![0.0; 2 * shape.acc],
        }
    }
}

/// A normal draw (Box–Muller) from `rng`.
fn normal(rng: &mut SplitMix64) -> f32 {
    let u = ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
    let v = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    ((-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()) as f32
}

impl Params {
    /// Initial parameters drawn from `seed`: accumulator weights N(0, 0.1)
    /// and biases 0.1, the small layers scaled by their fan-in.
    pub fn init(shape: Shape, seed: u64) -> Params {
        let mut rng = SplitMix64::new(seed);
        let mut v = vec![0.0f32; shape.parameters()];
        for w in &mut v[shape.ft_w()..shape.ft_b()] {
            *w = 0.1 * normal(&mut rng);
        }
        v[shape.ft_b()..shape.shared()].fill(0.1);
        let s1 = 1.0 / ((2 * shape.acc) as f32).sqrt();
        for w in &mut v[shape.l1_w()..shape.l1_b()] {
            *w = s1 * normal(&mut rng);
        }
        let s2 = 1.0 / (shape.hidden as f32).sqrt();
        for w in &mut v[shape.l2_w()..shape.l2_b()] {
            *w = s2 * normal(&mut rng);
        }
        Params {
            shape,
            v,
            quantized: false,
        }
    }

    /// These parameters as the engine's file holds them, back in float
    /// units: the factor rows folded into the hex rows and every value
    /// rounded to its grid ([`Params::quantize`]). Its forward pass gives
    /// the engine's evaluation to within the last centipawn's truncation.
    pub fn fake_quantized(&self) -> Params {
        let s = self.shape;
        let (qa, qb) = (QA as f32, QB as f32);
        let on_grid = |xs: &mut [f32], q: f32, limit: f32| {
            for x in xs {
                *x = (*x * q).round().clamp(-limit, limit) / q;
            }
        };
        let mut v = self.v.clone();
        v[s.ft_w()..s.ft_b()].copy_from_slice(&self.folded());
        v[s.shared()..s.factors()].fill(0.0);
        v[s.factors()..s.l1_w()].fill(0.0);
        on_grid(&mut v[s.ft_w()..s.factors()], qa, f32::INFINITY);
        on_grid(&mut v[s.l1_w()..s.l1_b()], qb, 127.0);
        on_grid(&mut v[s.l2_w()..s.l2_b()], qb, 127.0);
        on_grid(&mut v[s.l1_b()..s.l2_w()], qa * qb, f32::INFINITY);
        on_grid(&mut v[s.l2_b()..], qa * qb, f32::INFINITY);
        Params {
            shape: s,
            v,
            quantized: true,
        }
    }

    /// Multiplies the hex rows, the buckets' and the shared ones (not the
    /// factor rows), by `1 − amount`.
    pub fn decay_hex_rows(&mut self, amount: f32) {
        if amount > 0.0 {
            let s = self.shape;
            for range in [s.ft_w()..s.ft_b(), s.shared()..s.factors()] {
                for w in &mut self.v[range] {
                    *w *= 1.0 - amount;
                }
            }
        }
    }

    /// Clamps the weights to what the quantized file can hold.
    pub fn clamp(&mut self) {
        let s = self.shape;
        // A hex row plus its factor row (plus, with buckets, its shared
        // hex row) is what the file holds.
        let parts = if s.shared_rows() > 0 { 3.0 } else { 2.0 };
        let limit = MAX_FT_WEIGHT / parts;
        for range in [s.ft_w()..s.ft_b(), s.shared()..s.l1_w()] {
            for w in &mut self.v[range] {
                *w = w.clamp(-limit, limit);
            }
        }
        for range in [s.l1_w()..s.l1_b(), s.l2_w()..s.l2_b()] {
            for w in &mut self.v[range] {
                *w = w.clamp(-MAX_LAYER_WEIGHT, MAX_LAYER_WEIGHT);
            }
        }
    }

    /// The output (before the sigmoid) for `inputs`; `scratch` keeps the
    /// activations for [`Params::backward`].
    pub fn forward(&self, inputs: &Inputs<'_>, scratch: &mut Scratch) -> f32 {
        let s = self.shape;
        let n = s.acc;
        let bias = &self.v[s.ft_b()..s.shared()];
        scratch.a[..n].copy_from_slice(bias);
        scratch.a[n..].copy_from_slice(bias);
        let weights = &self.v[s.ft_w()..s.ft_b()];
        let shared = &self.v[s.shared()..s.factors()];
        let factors = &self.v[s.factors()..s.l1_w()];
        inputs.each(|side, f| {
            let a = &mut scratch.a[side * n..(side + 1) * n];
            let plain = f % INPUTS;
            let k = plain / HEX_COUNT;
            for ((a, w), c) in a
                .iter_mut()
                .zip(&weights[f * n..(f + 1) * n])
                .zip(&factors[k * n..(k + 1) * n])
            {
                *a += w + c;
            }
            if !shared.is_empty() {
                for (a, w) in a.iter_mut().zip(&shared[plain * n..(plain + 1) * n]) {
                    *a += w;
                }
            }
        });
        let l1 = &self.v[s.l1_w()..s.l1_b()];
        let mut out = self.v[s.l2_b()] + inputs.material;
        for j in 0..s.hidden {
            let row = &l1[j * 2 * n..(j + 1) * 2 * n];
            let mut z = self.v[s.l1_b() + j];
            for (w, a) in row.iter().zip(&scratch.a) {
                z += w * a.clamp(0.0, 1.0);
            }
            scratch.z[j] = z;
            let h = if self.quantized {
                // The engine's `(b + Σ x·w) >> 6` on the integers z × 127 × 64.
                ((z * (QA * QB) as f32).round() / QB as f32).floor() / QA as f32
            } else {
                z
            };
            scratch.h[j] = h.clamp(0.0, 1.0);
            out += self.v[s.l2_w() + j] * scratch.h[j];
        }
        out
    }

    /// Adds to `grad` the gradient of the sample's loss through the
    /// activations [`Params::forward`] left in `scratch`, where `d_out` is
    /// the loss's derivative by the output.
    pub fn backward(
        &self,
        inputs: &Inputs<'_>,
        scratch: &mut Scratch,
        d_out: f32,
        grad: &mut [f32],
    ) {
        let s = self.shape;
        let n = s.acc;
        grad[s.l2_b()] += d_out;
        let l1 = &self.v[s.l1_w()..s.l1_b()];
        scratch.dx.fill(0.0);
        for j in 0..s.hidden {
            let z = scratch.z[j];
            grad[s.l2_w() + j] += d_out * scratch.h[j];
            let dz = if z > 0.0 && z < 1.0 {
                d_out * self.v[s.l2_w() + j]
            } else {
                0.0
            };
            scratch.dz[j] = dz;
            if dz == 0.0 {
                continue;
            }
            grad[s.l1_b() + j] += dz;
            let row = &l1[j * 2 * n..(j + 1) * 2 * n];
            let g = &mut grad[s.l1_w() + j * 2 * n..s.l1_w() + (j + 1) * 2 * n];
            for ((g, a), (dx, w)) in g
                .iter_mut()
                .zip(&scratch.a)
                .zip(scratch.dx.iter_mut().zip(row))
            {
                *g += dz * a.clamp(0.0, 1.0);
                *dx += dz * w;
            }
        }
        for (dx, a) in scratch.dx.iter_mut().zip(&scratch.a) {
            if !(*a > 0.0 && *a < 1.0) {
                *dx = 0.0;
            }
        }
        let (own, other) = scratch.dx.split_at(n);
        for (k, g) in grad[s.ft_b()..s.shared()].iter_mut().enumerate() {
            *g += own[k] + other[k];
        }
        let dx = &scratch.dx;
        let (fac, shared) = (s.factors(), s.shared_rows() > 0);
        inputs.each(|side, f| {
            let d = &dx[side * n..(side + 1) * n];
            for (g, d) in grad[f * n..(f + 1) * n].iter_mut().zip(d) {
                *g += d;
            }
            let plain = f % INPUTS;
            let k = fac + (plain / HEX_COUNT) * n;
            for (g, d) in grad[k..k + n].iter_mut().zip(d) {
                *g += d;
            }
            if shared {
                let r = s.shared() + plain * n;
                for (g, d) in grad[r..r + n].iter_mut().zip(d) {
                    *g += d;
                }
            }
        });
    }

    /// The accumulator weights with the factor rows (and with buckets
    /// the shared hex rows) folded in, `[B × INPUTS][N]`.
    pub fn folded(&self) -> Vec<f32> {
        let s = self.shape;
        let n = s.acc;
        let shared = &self.v[s.shared()..s.factors()];
        let factors = &self.v[s.factors()..s.l1_w()];
        let mut w = self.v[s.ft_w()..s.ft_b()].to_vec();
        for (f, row) in w.chunks_mut(n).enumerate() {
            let plain = f % INPUTS;
            let k = plain / HEX_COUNT;
            for (w, c) in row.iter_mut().zip(&factors[k * n..(k + 1) * n]) {
                *w += c;
            }
            if !shared.is_empty() {
                for (w, c) in row.iter_mut().zip(&shared[plain * n..(plain + 1) * n]) {
                    *w += c;
                }
            }
        }
        w
    }

    /// The engine's quantized network (`scale`: centipawns of an output
    /// of 1.0): accumulator values at 127, the small layers' weights at
    /// 64, their biases at 127 × 64.
    pub fn quantize(&self, scale: u32, material: [i32; 9]) -> Result<Network, FormatError> {
        let s = self.shape;
        let q16 = |x: &f32| (x * QA as f32).round() as i16;
        let q8 = |x: &f32| (x * QB as f32).round().clamp(-127.0, 127.0) as i8;
        let qb = |x: &f32| (x * (QA * QB) as f32).round() as i32;
        Network::from_parameters(
            scale,
            material,
            self.v[s.ft_b()..s.shared()].iter().map(q16).collect(),
            self.folded().iter().map(q16).collect(),
            self.v[s.l1_b()..s.l2_w()].iter().map(qb).collect(),
            self.v[s.l1_w()..s.l1_b()].iter().map(q8).collect(),
            qb(&self.v[s.l2_b()]),
            self.v[s.l2_w()..s.l2_b()].iter().map(q8).collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cescacs::Position;
    use cescacs_engine::nnue::features::for_each_feature;

    fn inputs_of(pos: &Position) -> Vec<u16> {
        let mut v = Vec::new();
        for_each_feature(pos, Color::White, |f| v.push(f as u16));
        v
    }

    /// `pos` evaluated by the float network `p` (centipawns at scale 400) and
    /// by the engine's network `net`, both from the side to move.
    fn both_evaluations(p: &Params, net: &Network, pos: &Position) -> (f32, f32) {
        let white = inputs_of(pos);
        let flip = black_frame();
        let inputs = Inputs {
            white: &white,
            black_to_move: pos.turn() == Color::Black,
            flip: &flip,
            buckets: king_buckets(pos, p.shape.buckets),
            material: net.material_balance(pos) as f32 / 400.0,
        };
        let float_cp = p.forward(&inputs, &mut Scratch::new(p.shape)) * 400.0;
        (float_cp, net.evaluate(pos) as f32)
    }

    /// Asserts that `grad` (the backward pass's, for an output derivative of
    /// 1) matches central differences of the forward pass at each probe.
    fn assert_gradient(p: &mut Params, inputs: &Inputs<'_>, grad: &[f32], probes: &[usize]) {
        let mut scratch = Scratch::new(p.shape);
        for &i in probes {
            let keep = p.v[i];
            p.v[i] = keep + 1e-3;
            let up = p.forward(inputs, &mut scratch);
            p.v[i] = keep - 1e-3;
            let down = p.forward(inputs, &mut scratch);
            p.v[i] = keep;
            let numeric = (up - down) / 2e-3;
            assert!(
                (numeric - grad[i]).abs() < 2e-2,
                "parameter {i}: {numeric} vs {}",
                grad[i]
            );
        }
    }

    #[test]
    fn the_black_frame_is_the_engines() {
        let flip = black_frame();
        let pos = Position::default().after(Position::default().legal_moves()[3]);
        let mut black = Vec::new();
        for_each_feature(&pos, Color::Black, |f| black.push(f as u16));
        let mut mapped: Vec<u16> = inputs_of(&pos).iter().map(|&f| flip[f as usize]).collect();
        mapped.sort_unstable();
        black.sort_unstable();
        assert_eq!(mapped, black);
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let shape = Shape {
            acc: 4,
            hidden: 3,
            buckets: 1,
        };
        let mut p = Params::init(shape, 5);
        let pos = Position::default();
        let white = inputs_of(&pos);
        let flip = black_frame();
        let inputs = Inputs {
            white: &white,
            black_to_move: false,
            flip: &flip,
            buckets: [0, 0],
            material: 0.25,
        };
        let mut scratch = Scratch::new(shape);
        let mut grad = vec![0.0; shape.parameters()];
        p.forward(&inputs, &mut scratch);
        p.backward(&inputs, &mut scratch, 1.0, &mut grad);
        // Output derivative 1: the gradient is d(output)/d(parameter).
        let f0 = white[0] as usize;
        let probes = [
            f0 * 4,
            f0 * 4 + 3,
            shape.ft_b() + 1,
            shape.factors() + (f0 / HEX_COUNT) * 4 + 2,
            shape.l1_w() + 5,
            shape.l1_b() + 2,
            shape.l2_w() + 1,
            shape.l2_b(),
        ];
        assert_gradient(&mut p, &inputs, &grad, &probes);
    }

    #[test]
    fn the_fake_quantized_forward_pass_is_the_engines_evaluation() {
        let shape = Shape {
            acc: 16,
            hidden: 8,
            buckets: 1,
        };
        let mut p = Params::init(shape, 9);
        // Factor rows and biases away from zero, so folding and rounding are exercised.
        for (i, w) in p.v[shape.factors()..].iter_mut().enumerate() {
            *w += 0.01 * (i % 7) as f32;
        }
        let material = [100, 200, 300, 400, 800, 1000, 1500, 1600, 0];
        let net = p.quantize(400, material).unwrap();
        let q = p.fake_quantized();
        let mut pos = Position::default();
        for k in 0..12 {
            let (float_cp, cp) = both_evaluations(&q, &net, &pos);
            // The engine truncates the last division; nothing else differs.
            assert!(
                (float_cp - cp).abs() < 1.01,
                "ply {k}: fake-quantized {float_cp}, engine {cp}"
            );
            pos = pos.after(pos.legal_moves()[k * 7 % pos.legal_moves().len()]);
        }
    }

    #[test]
    fn fake_quantizing_twice_changes_nothing() {
        let shape = Shape {
            acc: 8,
            hidden: 4,
            buckets: 1,
        };
        let q = Params::init(shape, 3).fake_quantized();
        assert_eq!(q.fake_quantized(), q);
    }

    #[test]
    fn the_quantized_network_follows_the_float_one() {
        let shape = Shape {
            acc: 16,
            hidden: 8,
            buckets: 1,
        };
        let p = Params::init(shape, 9);
        let net = p
            .quantize(400, [100, 200, 300, 400, 800, 1000, 1500, 1600, 0])
            .unwrap();
        let mut pos = Position::default();
        for k in 0..6 {
            let (float_cp, cp) = both_evaluations(&p, &net, &pos);
            assert!(
                (float_cp - cp).abs() < 20.0 + 0.05 * float_cp.abs(),
                "ply {k}: float {float_cp}, quantized {cp}"
            );
            pos = pos.after(pos.legal_moves()[k * 7 % pos.legal_moves().len()]);
        }
    }

    /// Positions of `tests/data/random-dev.jsonl`: Kings all over the board.
    fn dev_positions(count: usize) -> Vec<Position> {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/random-dev.jsonl");
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .take(count)
            .map(|l| {
                let start = l.find("\"pdtl\":\"").unwrap() + 8;
                let end = start + l[start..].find('"').unwrap();
                l[start..end].parse().unwrap()
            })
            .collect()
    }

    #[test]
    fn the_bucketed_gradient_matches_finite_differences() {
        let shape = Shape {
            acc: 4,
            hidden: 3,
            buckets: 3,
        };
        let mut p = Params::init(shape, 5);
        // Shared and factor rows away from zero, so every path is tried.
        for (i, w) in p.v[shape.shared()..shape.l1_w()].iter_mut().enumerate() {
            *w = 0.02 * ((i % 11) as f32 - 5.0);
        }
        let flip = black_frame();
        let mut scratch = Scratch::new(shape);
        let mut probed = 0;
        for pos in dev_positions(40) {
            let buckets = king_buckets(&pos, 3);
            if buckets == [0, 0] {
                continue;
            }
            let white = inputs_of(&pos);
            let inputs = Inputs {
                white: &white,
                black_to_move: pos.turn() == Color::Black,
                flip: &flip,
                material: -0.1,
                buckets,
            };
            let mut grad = vec![0.0; shape.parameters()];
            p.forward(&inputs, &mut scratch);
            p.backward(&inputs, &mut scratch, 1.0, &mut grad);
            // White's frame: its bucket's row, the shared row, the factor row;
            // Black's frame: its bucket's row of the same piece.
            let f0 = white[0] as usize;
            let fb = flip[f0] as usize;
            let probes = [
                (buckets[0] * INPUTS + f0) * 4,
                (buckets[0] * INPUTS + f0) * 4 + 3,
                (buckets[1] * INPUTS + fb) * 4 + 1,
                shape.shared() + f0 * 4 + 2,
                shape.shared() + fb * 4,
                shape.factors() + (f0 / HEX_COUNT) * 4 + 1,
                shape.ft_b() + 1,
                shape.l1_w() + 5,
                shape.l2_b(),
            ];
            assert_gradient(&mut p, &inputs, &grad, &probes);
            // A row of a bucket neither King is in gets no gradient.
            let idle = (0..3).find(|b| !buckets.contains(b)).unwrap();
            assert_eq!(grad[(idle * INPUTS + f0) * 4], 0.0);
            probed += 1;
        }
        assert_eq!(probed, 10);
    }

    #[test]
    fn the_fake_quantized_bucketed_forward_pass_is_the_engines_evaluation() {
        let shape = Shape {
            acc: 16,
            hidden: 8,
            buckets: 6,
        };
        let mut p = Params::init(shape, 9);
        for (i, w) in p.v[shape.shared()..].iter_mut().enumerate() {
            *w += 0.01 * (i % 7) as f32;
        }
        let material = [100, 200, 300, 400, 800, 1000, 1500, 1600, 0];
        let net = p.quantize(400, material).unwrap();
        assert_eq!(net.buckets(), 6);
        let q = p.fake_quantized();
        assert_eq!(q.fake_quantized(), q);
        let mut seen = std::collections::BTreeSet::new();
        for (k, pos) in dev_positions(60).iter().enumerate() {
            let buckets = king_buckets(pos, 6);
            for side in Color::ALL {
                assert_eq!(buckets[side.index()], net.bucket(pos, side));
            }
            seen.extend(buckets);
            let (float_cp, cp) = both_evaluations(&q, &net, pos);
            assert!(
                (float_cp - cp).abs() < 1.01,
                "position {k}: fake-quantized {float_cp}, engine {cp}"
            );
        }
        assert_eq!(seen, (0..5).collect());
    }

    #[test]
    fn one_bucket_keeps_the_layout_without_shared_rows() {
        let plain = Shape {
            acc: 8,
            hidden: 4,
            buckets: 1,
        };
        let bucketed = Shape {
            buckets: 2,
            ..plain
        };
        assert_eq!(
            plain.parameters(),
            INPUTS * 8 + 8 + FACTORS * 8 + 64 + 4 + 4 + 1
        );
        assert_eq!(bucketed.parameters(), plain.parameters() + 2 * INPUTS * 8);
    }
}
